/* chesscodec bench [DEPTH]: searches the engine's fixed bench positions to a fixed depth and
 * prints the total node count (a deterministic signature of the search) and the speed. */
#include <inttypes.h>
#include <stdlib.h>

#include "../cli.h"

static const cli_opt opts[] = {
    {"--no-nnue", NULL, NULL, "search with the hand-written evaluation (UCI option UseNNUE false)"},
    {NULL, NULL, NULL, NULL}};
const cli_spec bench_spec = {
    "bench", "[DEPTH]",
    "Searches the engine's built-in bench positions to DEPTH plies (default 11, 1..30) with a\n"
    "fresh 16 MB hash table and prints the total node count, which is a deterministic\n"
    "signature of the search and evaluation, then the time and nodes per second:\n"
    "  Nodes: N\n  Time: MS ms\n  NPS: N\n"
    "The evaluation network is used unless --no-nnue is given.\n",
    NULL, opts, NULL, 0, NULL};

int cmd_bench(const cli_args *a)
{
    long depth = CHC_BENCH_DEFAULT_DEPTH;
    if (a->npos > 1 || (a->npos == 1 && (cli_parse_long(a->pos[0], &depth) || depth < 1 || depth > 30))) {
        cli_error("bench", "give at most one DEPTH, a number 1..30 (see chesscodec bench --help)");
        return CLI_USAGE;
    }
    int64_t ms = 0;
    uint64_t nodes = chc_engine_bench_flags((int)depth, cli_get(a, "--no-nnue") ? CHC_BENCH_NO_NNUE : 0, &ms);
    if (nodes == 0) {
        cli_error("bench", "out of memory");
        return CLI_BAD_INPUT;
    }
    printf("Nodes: %" PRIu64 "\nTime: %" PRId64 " ms\nNPS: %" PRIu64 "\n", nodes, ms,
           ms > 0 ? nodes * 1000 / (uint64_t)ms : nodes * 1000);
    return CLI_OK;
}
