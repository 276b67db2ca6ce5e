/* chesscodec perft [--fen FEN] [--divide] DEPTH */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "../cli.h"

static void help(FILE *f)
{
    fprintf(f, "usage: chesscodec perft [--fen FEN] [--chess960] [--divide] DEPTH\n\n"
               "Counts the leaf nodes of the legal move tree to DEPTH plies from the start\n"
               "position or FEN. With --divide, prints one line per legal move in UCI\n"
               "('e2e4: 20'), then a blank line and the total ('Nodes searched: N').\n");
}

int cmd_perft(int argc, char **argv)
{
    const char *fen = NULL;
    int divide = 0;
    unsigned flags = 0;
    long depth = -1;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) { help(stdout); return CLI_OK; }
        if (strcmp(argv[i], "--fen") == 0 && i + 1 < argc) fen = argv[++i];
        else if (strcmp(argv[i], "--divide") == 0) divide = 1;
        else if (strcmp(argv[i], "--chess960") == 0) flags |= CHC_FEN_CHESS960;
        else if (depth < 0 && cli_parse_long(argv[i], &depth) == 0) continue;
        else {
            cli_error("perft", "unexpected argument '%s'", argv[i]);
            help(stderr);
            return CLI_USAGE;
        }
    }
    if (depth < 0 || depth > 20) {
        cli_error("perft", depth < 0 ? "missing DEPTH" : "DEPTH must be 0..20");
        help(stderr);
        return CLI_USAGE;
    }
    chc_position pos;
    chc_diag diag;
    int rc = chc_position_from_fen(&pos, fen ? fen : CHC_STARTPOS_FEN, flags, &diag);
    if (rc != CHC_OK) {
        cli_error_diag("perft", rc, &diag);
        return CLI_BAD_INPUT;
    }
    if (!divide) {
        printf("%" PRIu64 "\n", chc_perft(&pos, (int)depth));
        return CLI_OK;
    }
    chc_move moves[CHC_MAX_MOVES];
    uint64_t counts[CHC_MAX_MOVES], total = 0;
    int n = depth == 0 ? 0 : chc_perft_divide(&pos, (int)depth, moves, counts);
    for (int i = 0; i < n; i++) {
        char uci[CHC_UCI_MAX];
        chc_move_to_uci(&pos, moves[i], uci);
        printf("%s: %" PRIu64 "\n", uci, counts[i]);
        total += counts[i];
    }
    printf("\nNodes searched: %" PRIu64 "\n", depth == 0 ? 1 : total);
    return CLI_OK;
}
