/* chesscodec perft [--fen POSITION] [--chess960] [--divide] DEPTH */
#include <inttypes.h>
#include <stdlib.h>

#include "../cli.h"

static const cli_opt opts[] = {
    {"--fen", NULL, "POSITION", "start from POSITION: FEN, startpos or any position code"},
    {"--chess960", NULL, NULL, "read a FEN as Chess960 even if it looks standard"},
    {"--divide", NULL, NULL, "one line per legal move in UCI ('e2e4: 20'), then a blank line\n"
                             "and the total ('Nodes searched: N')"},
    {NULL, NULL, NULL, NULL}};
const cli_spec perft_spec = {
    "perft", "DEPTH",
    "Counts the leaf nodes of the legal move tree to DEPTH plies (0..20) from the start\n"
    "position or POSITION.\n",
    NULL, opts, "Exit status: 0 ok, 1 bad position, 2 bad usage.\n", 0, NULL};

int cmd_perft(const cli_args *a)
{
    long depth = -1;
    if (a->npos != 1 || cli_parse_long(a->pos[0], &depth) != 0 || depth > 20) {
        cli_error("perft", a->npos == 0 ? "missing DEPTH" : "give one DEPTH, 0..20 (see chesscodec perft --help)");
        return CLI_USAGE;
    }
    chc_position pos;
    chc_diag diag = CHC_DIAG_INIT;
    const char *fen = cli_get(a, "--fen");
    int rc = cli_position_arg(fen ? fen : "startpos", cli_get(a, "--chess960") != NULL, &pos, &diag);
    if (rc != CHC_OK) {
        cli_error("perft", "%s", cli_diag_text(rc, &diag));
        return CLI_BAD_INPUT;
    }
    if (!cli_get(a, "--divide")) {
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
