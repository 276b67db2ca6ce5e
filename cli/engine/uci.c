/* chesscodec uci and chesscodec xboard: the library's protocol sessions (chc_uci_*,
 * chc_cecp_*) on standard input and output. The session searches in its own thread and
 * answers through write_line(), one line at a time. `uci` becomes an XBoard session when the
 * GUI opens with "xboard" or "protover N" (chc_cecp_detect). */
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
    "GUIs, match programs and adapters such as polyglot). When the first command is\n"
    "\"xboard\" or \"protover 2\" it speaks XBoard's protocol instead (chesscodec xboard).\n"
    "Commands: uci, isready, setoption, ucinewgame, position, go (wtime btime winc binc\n"
    "movestogo depth nodes movetime mate infinite ponder searchmoves), stop, ponderhit, quit.\n"
    "Options: Hash, MultiPV, OwnBook, BookFile, UCI_Chess960, Ponder, Clear Hash.\n",
    NULL, uci_opts, NULL, 0, "no arguments expected (see chesscodec uci --help)"};
const cli_spec xboard_spec = {
    "xboard", NULL,
    "Runs the chess engine speaking XBoard's protocol (CECP version 2) on standard input and\n"
    "output, for XBoard, WinBoard, Cute Chess and other GUIs. Commands: protover, new,\n"
    "variant (normal, fischerandom), force, go, playother, usermove, level, st, sd, time,\n"
    "otim, setboard, undo, remove, hint, analyze, exit, ., result, post, nopost, ping, ?,\n"
    "memory, option, quit (docs/engine.md). Options: Clear Hash, MultiPV, OwnBook, BookFile.\n",
    NULL, uci_opts, NULL, 0, "no arguments expected (see chesscodec xboard --help)"};

static int run(int xboard)
{
    chc_uci *u = NULL;
    chc_cecp *c = NULL;
    char *line = NULL;
    size_t cap = 0;
    long n;
    int rc = CHC_OK;
    while (rc != CHC_SESSION_QUIT && (n = cli_getline(&line, &cap, stdin)) >= 0) {
        if (!u && !c) {
            if (!xboard && chc_cecp_detect(line, (size_t)n)) xboard = 1;
            if (!(xboard ? (void *)(c = chc_cecp_new(write_line, NULL))
                         : (void *)(u = chc_uci_new(write_line, NULL)))) {
                cli_error(xboard ? "xboard" : "uci", "out of memory");
                free(line);
                return CLI_BAD_INPUT;
            }
        }
        rc = c ? chc_cecp_command(c, line, (size_t)n) : chc_uci_command(u, line, (size_t)n);
    }
    /* at the end of input a search with limits may finish; an endless one is stopped */
    chc_uci_free(u);
    chc_cecp_free(c);
    free(line);
    return CLI_OK;
}

int cmd_uci(const cli_args *a)
{
    (void)a;
    return run(0);
}

int cmd_xboard(const cli_args *a)
{
    (void)a;
    return run(1);
}
