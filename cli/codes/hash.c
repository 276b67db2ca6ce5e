/* chesscodec hash [FEN] */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "../cli.h"

static void help(FILE *f)
{
    fprintf(f, "usage: chesscodec hash [FEN]\n\n"
               "Prints the Polyglot Zobrist key of FEN as 16 lowercase hex digits. With no FEN,\n"
               "reads FENs from standard input, one per line, and prints one key per line.\n"
               "A bad FEN is reported on stderr with its line number; the exit status is then 1.\n");
}

static int hash_one(const char *fen, long line)
{
    chc_position pos;
    chc_diag diag;
    int rc = chc_position_from_fen(&pos, fen, 0, &diag);
    if (rc != CHC_OK) {
        if (line > 0) cli_error("hash", "line %ld: %s", line, diag.message);
        else cli_error_diag("hash", rc, &diag);
        return CLI_BAD_INPUT;
    }
    printf("%016" PRIx64 "\n", chc_polyglot_key(&pos));
    return CLI_OK;
}

int cmd_hash(int argc, char **argv)
{
    if (argc > 1 && cli_is_help(argv[1])) { help(stdout); return CLI_OK; }
    if (argc > 2) { help(stderr); return CLI_USAGE; }
    if (argc == 2) return hash_one(argv[1], 0);
    char *buf = NULL;
    size_t cap = 0;
    long line = 0, len;
    int status = CLI_OK;
    while ((len = cli_getline(&buf, &cap, stdin)) >= 0) {
        line++;
        if (len == 0) continue;
        if (hash_one(buf, line) != CLI_OK) status = CLI_BAD_INPUT;
    }
    free(buf);
    return status;
}
