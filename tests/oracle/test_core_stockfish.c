/* ctest-labels: nosan
 * Differential test against Stockfish (Debian package `stockfish`): for 2,400 positions
 * reached by seeded random legal walks from the suite positions (standard and Chess960), our
 * perft --divide 3 must equal Stockfish's `go perft 3` move by move: the same moves (UCI)
 * and the same count for each. One Stockfish process answers every position. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

#define NPOS 2400

static tu_rng rng = TU_RNG(0x9E3779B97F4A7C15ULL);
static uint64_t next_rand(void) { return tu_rand(&rng); }

struct item {
    chc_position pos;
    char fen[CHC_FEN_MAX];
};

static int collect(struct item *items, int have, int want, const char *file, int chess960)
{
    int n;
    tu_perft_entry *e = tu_load_perft_suite(tu_data_path(file), chess960, &n);
    assert_non_null(e);
    while (have < want) {
        const tu_perft_entry *src = &e[next_rand() % (uint64_t)n];
        chc_position p;
        assert_int_equal(chc_position_from_fen(&p, src->fen, chess960 ? CHC_FEN_CHESS960 : 0, NULL), CHC_OK);
        int plies = (int)(next_rand() % 30);
        for (int i = 0; i < plies; i++) {
            chc_move list[CHC_MAX_MOVES];
            int nm = chc_legal_moves(&p, list, CHC_GEN_ALL);
            if (nm == 0) break;
            chc_undo u;
            chc_make_move(&p, list[next_rand() % (uint64_t)nm], &u);
        }
        if (chc_count_legal_moves(&p) == 0) continue;
        items[have].pos = p;
        chc_position_to_fen(&p, items[have].fen, CHC_FEN_MAX, 0);
        have++;
    }
    free(e);
    return have;
}

static void test_against_stockfish(void **s)
{
    (void)s;
    const char *sf = tu_find_tool("stockfish");
    if (!sf) tu_skip_or_fail("oracle 'stockfish' not installed (Debian package stockfish)");
    char sfpath[4096];
    snprintf(sfpath, sizeof sfpath, "%s", sf);

    static struct item items[NPOS];
    int n = 0;
    /* (not the pychess "tricky" suite: Stockfish 15.1 crashes on some of its positions) */
    n = collect(items, n, 1400, "core/standard.epd", 0);
    n = collect(items, n, NPOS, "core/fischer.epd", 1);

    char cmdfile[] = "/tmp/chc_sf_cmdXXXXXX", outfile[] = "/tmp/chc_sf_outXXXXXX";
    int fd1 = mkstemp(cmdfile), fd2 = mkstemp(outfile);
    assert_true(fd1 >= 0 && fd2 >= 0);
    close(fd2);
    FILE *cmd = fdopen(fd1, "w");
    fprintf(cmd, "uci\n");
    for (int i = 0; i < n; i++) {
        fprintf(cmd, "setoption name UCI_Chess960 value %s\n", items[i].pos.chess960 ? "true" : "false");
        fprintf(cmd, "position fen %s\ngo perft 3\n", items[i].fen);
    }
    fprintf(cmd, "quit\n");
    fclose(cmd);
    char sh[8400];
    snprintf(sh, sizeof sh, "'%s' < %s > %s 2>&1", sfpath, cmdfile, outfile);
    assert_int_equal(system(sh), 0);

    FILE *out = fopen(outfile, "r");
    assert_non_null(out);
    char line[512];
    int idx = 0, mismatches = 0;
    long moves_compared = 0;
    char sfmoves[CHC_MAX_MOVES][16];
    unsigned long long sfcounts[CHC_MAX_MOVES];
    int ns = 0;
    while (fgets(line, sizeof line, out)) {
        char mv[16];
        unsigned long long cnt;
        if (strncmp(line, "Nodes searched:", 15) == 0) {
            assert_true(idx < n);
            chc_move ours[CHC_MAX_MOVES];
            uint64_t counts[CHC_MAX_MOVES];
            int no = chc_perft_divide(&items[idx].pos, 3, ours, counts);
            int bad = no != ns;
            for (int i = 0; i < no && !bad; i++) {
                char uci[CHC_UCI_MAX];
                chc_move_to_uci(&items[idx].pos, ours[i], uci);
                int found = 0;
                for (int j = 0; j < ns; j++)
                    if (strcmp(sfmoves[j], uci) == 0) {
                        found = 1;
                        if (sfcounts[j] != counts[i]) bad = 1;
                    }
                if (!found) bad = 1;
                moves_compared++;
            }
            if (bad) {
                mismatches++;
                fprintf(stderr, "MISMATCH at %s (ours %d moves, stockfish %d)\n", items[idx].fen, no, ns);
            }
            idx++;
            ns = 0;
        } else if (sscanf(line, "%15[a-h1-8nbrq]: %llu", mv, &cnt) == 2 && ns < CHC_MAX_MOVES) {
            snprintf(sfmoves[ns], sizeof sfmoves[ns], "%s", mv);
            sfcounts[ns++] = cnt;
        }
    }
    fclose(out);
    unlink(cmdfile);
    unlink(outfile);
    printf("compared %d positions, %ld root moves with stockfish\n", idx, moves_compared);
    assert_int_equal(idx, n);
    assert_int_equal(mismatches, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_against_stockfish)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
