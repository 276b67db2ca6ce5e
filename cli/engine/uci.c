/* chesscodec uci: the library's UCI session (chc_uci_*) on standard input and output. The
 * session searches in its own thread and answers through write_line(), one line at a time. */
#include <stdlib.h>

#include "../cli.h"

static void write_line(void *ctx, const char *line, size_t len)
{
    fwrite(line, 1, len, stdout);
    fputc('\n', stdout);
    cli_flush();
}

static const cli_opt uci_opts[] = {{NULL, NULL, NULL, NULL}};
const cli_spec uci_spec = {
    "uci", NULL,
    "Runs the chess engine speaking the UCI protocol on standard input and output (for chess\n"
    "GUIs, match programs and adapters such as polyglot).\n"
    "Commands: uci, isready, setoption, ucinewgame, position, go (wtime btime winc binc\n"
    "movestogo depth nodes movetime mate infinite ponder searchmoves), stop, ponderhit, quit.\n"
    "Options: Hash, MultiPV, OwnBook, BookFile, UCI_Chess960, Ponder, Clear Hash.\n",
    NULL, uci_opts, NULL, 0, "no arguments expected (see chesscodec uci --help)"};

int cmd_uci(const cli_args *a)
{
    chc_uci *u = chc_uci_new(write_line, NULL);
    if (!u) {
        cli_error("uci", "out of memory");
        return CLI_BAD_INPUT;
    }
    char *line = NULL;
    size_t cap = 0;
    long n;
    while ((n = cli_getline(&line, &cap, stdin)) >= 0 &&
           chc_uci_command(u, line, (size_t)n) != CHC_SESSION_QUIT) {
    }
    /* at the end of input a search with limits may finish; an endless one is stopped */
    chc_uci_free(u);
    free(line);
    return CLI_OK;
}
