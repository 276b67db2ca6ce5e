/* The position index (section formats): a new index counts games, bad games, games without a
 * result and duplicates; explore gives each move's results, average rating and best games in
 * order; a transposition meets; merging shards equals adding everything to one index; errors
 * (bad arguments, read-only, another ply limit, not an index) with their codes; without SQLite
 * every call is CHC_E_UNSUPPORTED; chc_explore_write's lengths and JSON. The command line and
 * GNU parallel: tests/cli/test_index.sh. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct text {
    const char *p;
    size_t left;
} text;

static size_t text_read(void *ctx, char *buf, size_t cap)
{
    text *t = ctx;
    size_t n = t->left < cap ? t->left : cap;
    memcpy(buf, t->p, n);
    t->p += n;
    t->left -= n;
    return n;
}

static const char GAMES_A[] =
    "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n[WhiteElo \"2000\"]\n[BlackElo \"1800\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 1-0\n\n"
    "[White \"c\"]\n[Black \"d\"]\n[Result \"0-1\"]\n[WhiteElo \"2400\"]\n[BlackElo \"2400\"]\n"
    "[Site \"https://lichess.org/x\"]\n\n1. e4 c5 0-1\n\n"
    "[White \"e\"]\n[Result \"*\"]\n\n1. d4 *\n\n"
    "[White \"f\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n\n";
static const char GAMES_B[] =
    "[White \"g\"]\n[Result \"1/2-1/2\"]\n\n1. Nf3 d5 2. d4 1/2-1/2\n\n"
    "[White \"h\"]\n[Result \"1-0\"]\n\n1. d4 d5 2. Nf3 1-0\n\n";

static int add(chc_index *ix, const char *games, chc_index_stats *s)
{
    text t = {games, strlen(games)};
    return chc_index_add(ix, text_read, &t, NULL, NULL, s, NULL);
}

static void tmp_path(char *buf, size_t cap, const char *name)
{
    snprintf(buf, cap, "%s/chc_test_index_%ld_%s.db", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
             (long)getpid(), name);
    remove(buf);
}

static void test_add_and_explore(void **state)
{
    (void)state;
    if (!(chc_build_features() & CHC_FEATURE_SQLITE)) {
        chc_index *ix = (chc_index *)1;
        chc_diag d = CHC_DIAG_INIT;
        assert_int_equal(chc_index_open(":memory:", CHC_INDEX_CREATE, 0, &ix, &d), CHC_E_UNSUPPORTED);
        assert_null(ix);
        assert_non_null(strstr(d.message, "SQLite"));
        return;
    }
    chc_index *ix = NULL;
    chc_index_stats s;
    assert_int_equal(chc_index_open(":memory:", CHC_INDEX_CREATE, 0, &ix, NULL), CHC_OK);
    assert_int_equal(chc_index_plies(ix), CHC_INDEX_PLIES_DEFAULT);
    assert_int_equal(add(ix, GAMES_A, &s), CHC_OK);
    assert_int_equal(s.items, 4);
    assert_int_equal(s.games, 2);
    assert_int_equal(s.bad, 1);
    assert_int_equal(s.skipped, 1);
    assert_int_equal(s.duplicates, 0);
    assert_int_equal(add(ix, GAMES_A, &s), CHC_OK); /* again: duplicates */
    assert_int_equal(s.games, 0);
    assert_int_equal(s.duplicates, 2);
    assert_int_equal(add(ix, GAMES_B, &s), CHC_OK);
    assert_int_equal(chc_index_counts(ix, &s, NULL), CHC_OK);
    assert_int_equal(s.games, 4);
    assert_int_equal(s.bad, 2);
    assert_int_equal(s.skipped, 2);
    assert_int_equal(s.duplicates, 2);

    chc_explore *e = malloc(sizeof *e);
    chc_position pos;
    chc_position_startpos(&pos);
    assert_int_equal(chc_index_explore(ix, &pos, e, NULL), CHC_OK);
    assert_int_equal(e->nmoves, 3);
    assert_string_equal(e->moves[0].uci, "e2e4"); /* most played first, then by UCI */
    assert_string_equal(e->moves[0].san, "e4");
    assert_string_equal(e->moves[1].uci, "d2d4");
    assert_string_equal(e->moves[2].uci, "g1f3");
    assert_int_equal(e->moves[0].white, 1);
    assert_int_equal(e->moves[0].black, 1);
    assert_int_equal(e->moves[0].avg_rating, 2150); /* (2000 + 1800 + 2400 + 2400) / 4 */
    assert_int_equal(e->moves[1].avg_rating, 0);
    assert_int_equal(e->white, 2);
    assert_int_equal(e->draws, 1);
    assert_int_equal(e->black, 1);
    assert_int_equal(e->ngames, 3);
    assert_string_equal(e->games[0].white, "c"); /* the best-rated game first */
    assert_int_equal(e->games[0].white_elo, 2400);
    assert_int_equal(e->games[0].result, CHC_RESULT_BLACK_WINS);
    assert_string_equal(e->games[0].site, "https://lichess.org/x");
    assert_string_equal(e->games[0].uci, "e2e4");
    /* 1. Nf3 d5 2. d4 and 1. d4 d5 2. Nf3 meet (the move counters differ not, the key ignores
     * them anyway) */
    assert_int_equal(chc_position_from_fen(&pos, "rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2", 0, NULL), CHC_OK);
    assert_int_equal(chc_index_explore(ix, &pos, e, NULL), CHC_OK);
    assert_int_equal(e->nmoves, 0); /* both games ended there */
    assert_int_equal(chc_position_from_fen(&pos, "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2", 0, NULL), CHC_OK);
    assert_int_equal(chc_index_explore(ix, &pos, e, NULL), CHC_OK);
    assert_int_equal(e->nmoves, 1);
    assert_int_equal(e->moves[0].white, 1);

    /* text and JSON: the length needed, then exactly that */
    chc_position_startpos(&pos);
    assert_int_equal(chc_index_explore(ix, &pos, e, NULL), CHC_OK);
    char small[8], big[4096];
    size_t need = 0, len = 0;
    assert_int_equal(chc_explore_write(e, 0, small, sizeof small, &need, NULL), CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(chc_explore_write(e, 0, big, need + 1, &len, NULL), CHC_OK);
    assert_int_equal(len, need);
    assert_non_null(strstr(big, "Total"));
    assert_int_equal(chc_explore_write(e, CHC_EXPLORE_JSON, big, sizeof big, &len, NULL), CHC_OK);
    assert_non_null(strstr(big, "{\"white\":2,\"draws\":1,\"black\":1,\"moves\":[{\"uci\":\"e2e4\""));
    assert_int_equal(chc_explore_write(e, 4, big, sizeof big, &len, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_explore_write(NULL, 0, big, sizeof big, &len, NULL), CHC_E_ARGUMENT);
    free(e);
    chc_index_close(ix);
}

static void test_merge_and_errors(void **state)
{
    (void)state;
    if (!(chc_build_features() & CHC_FEATURE_SQLITE)) return;
    char all[512], a[512], b[512], other[512];
    tmp_path(all, sizeof all, "all");
    tmp_path(a, sizeof a, "a");
    tmp_path(b, sizeof b, "b");
    tmp_path(other, sizeof other, "other");
    chc_index *ix = NULL, *ia = NULL, *ib = NULL, *io = NULL;
    chc_index_stats s;
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(chc_index_open(all, CHC_INDEX_CREATE, 6, &ix, NULL), CHC_OK);
    assert_int_equal(chc_index_open(a, CHC_INDEX_CREATE, 6, &ia, NULL), CHC_OK);
    assert_int_equal(chc_index_open(b, CHC_INDEX_CREATE, 0, &ib, NULL), CHC_OK);
    assert_int_equal(add(ix, GAMES_A, NULL), CHC_OK);
    assert_int_equal(add(ix, GAMES_B, NULL), CHC_OK);
    assert_int_equal(add(ia, GAMES_B, NULL), CHC_OK);
    chc_index_close(ia);
    assert_int_equal(chc_index_open(other, CHC_INDEX_CREATE, 6, &io, NULL), CHC_OK);
    assert_int_equal(add(io, GAMES_A, NULL), CHC_OK);
    assert_int_equal(chc_index_merge(io, a, &s, NULL), CHC_OK);
    assert_int_equal(s.games, 2);
    chc_explore *e1 = malloc(sizeof *e1), *e2 = malloc(sizeof *e2);
    chc_position pos;
    chc_position_startpos(&pos);
    assert_int_equal(chc_index_explore(ix, &pos, e1, NULL), CHC_OK);
    assert_int_equal(chc_index_explore(io, &pos, e2, NULL), CHC_OK);
    assert_memory_equal(e1, e2, sizeof *e1);
    assert_int_equal(chc_index_counts(io, &s, NULL), CHC_OK);
    assert_int_equal(s.games, 4);
    /* errors */
    assert_int_equal(chc_index_merge(ib, a, NULL, &d), CHC_E_ARGUMENT); /* 50 plies vs 6 */
    assert_non_null(strstr(d.message, "plies"));
    chc_index_close(ib);
    assert_int_equal(chc_index_open(b, 0, 7, &ib, &d), CHC_E_ARGUMENT);
    assert_null(ib);
    assert_int_equal(chc_index_open(b, CHC_INDEX_READ_ONLY, 0, &ib, NULL), CHC_OK);
    assert_int_equal(add(ib, GAMES_A, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_index_merge(ib, a, NULL, NULL), CHC_E_ARGUMENT);
    chc_index_close(ib);
    assert_int_equal(chc_index_open(other, CHC_INDEX_CREATE | CHC_INDEX_READ_ONLY, 0, &ib, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_index_open(NULL, 0, 0, &ib, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_index_open(all, 0, -1, &ib, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_index_open(all, 0, CHC_INDEX_PLIES_MAX + 1, &ib, NULL), CHC_E_ARGUMENT);
    char missing[512];
    tmp_path(missing, sizeof missing, "missing");
    assert_int_equal(chc_index_open(missing, CHC_INDEX_READ_ONLY, 0, &ib, &d), CHC_E_IO);
    assert_int_equal(chc_index_merge(io, missing, NULL, &d), CHC_E_IO);
    FILE *f = fopen(missing, "w");
    assert_non_null(f);
    fputs("not a database, certainly not one of ours; just text long enough\n", f);
    fclose(f);
    assert_int_equal(chc_index_open(missing, 0, 0, &ib, &d), CHC_E_INDEX);
    assert_non_null(strstr(d.message, "not a chesscodec position index"));
    assert_int_equal(chc_index_merge(io, missing, NULL, &d), CHC_E_INDEX);
    assert_int_equal(chc_index_add(NULL, text_read, NULL, NULL, NULL, &s, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_index_explore(io, NULL, e1, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_index_plies(NULL), 0);
    chc_index_close(NULL);
    free(e1);
    free(e2);
    chc_index_close(ix);
    chc_index_close(io);
    remove(all);
    remove(a);
    remove(b);
    remove(other);
    remove(missing);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_add_and_explore),
        cmocka_unit_test(test_merge_and_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
