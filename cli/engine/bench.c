/* chesscodec bench [DEPTH]: searches the engine's fixed bench positions to a fixed depth and
 * prints the total node count (a deterministic signature of the search) and the speed. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "../cli.h"

static void help(FILE *f)
{
    fprintf(f, "usage: chesscodec bench [DEPTH]\n\n"
               "Searches the engine's built-in bench positions to DEPTH plies (default %d,\n"
               "1..30) with a fresh 16 MB hash table and prints the total node count, which\n"
               "is a deterministic signature of the search and evaluation, then the time and\n"
               "nodes per second:\n"
               "  Nodes: N\n  Time: MS ms\n  NPS: N\n",
            CHC_BENCH_DEFAULT_DEPTH);
}

int cmd_bench(int argc, char **argv)
{
    long depth = CHC_BENCH_DEFAULT_DEPTH;
    if (argc > 2) {
        cli_error("bench", "too many arguments");
        help(stderr);
        return CLI_USAGE;
    }
    if (argc == 2) {
        if (cli_is_help(argv[1])) {
            help(stdout);
            return CLI_OK;
        }
        if (cli_parse_long(argv[1], &depth) != 0 || depth < 1 || depth > 30) {
            cli_error("bench", "DEPTH must be a number 1..30, not '%s'", argv[1]);
            help(stderr);
            return CLI_USAGE;
        }
    }
    int64_t ms = 0;
    uint64_t nodes = chc_engine_bench((int)depth, &ms);
    if (nodes == 0) {
        cli_error("bench", "out of memory");
        return CLI_BAD_INPUT;
    }
    printf("Nodes: %" PRIu64 "\nTime: %" PRId64 " ms\nNPS: %" PRIu64 "\n", nodes, ms,
           ms > 0 ? nodes * 1000 / (uint64_t)ms : nodes * 1000);
    return CLI_OK;
}
