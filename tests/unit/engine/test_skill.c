/* Strength levels: chc_engine_set_skill (range, default, the strongest level is the plain
 * search, weak levels vary their move with the seed and repeat it for the same seed, the
 * depth cap, a mate is never missed, only the asked lines reach the callback),
 * chc_skill_from_elo, and the UCI and CECP options (announced, set, bad values refused).
 * Depth-limited searches only: every result is reproducible, nothing is timed. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static chc_move search_move(chc_engine *e, const chc_position *p, int depth, chc_search_result *r)
{
    chc_search_limits l = {0};
    l.depth = depth;
    chc_engine_clear(e);
    assert_int_equal(chc_engine_search(e, p, NULL, 0, &l, NULL, NULL, r), CHC_OK);
    assert_true(chc_is_legal(p, r->best));
    return r->best;
}

static void test_range_and_default(void **state)
{
    (void)state;
    chc_engine *e = chc_engine_new(1);
    assert_non_null(e);
    assert_int_equal(chc_engine_skill(e), CHC_SKILL_MAX);
    assert_int_equal(chc_engine_set_skill(e, -1, 0), CHC_E_ARGUMENT);
    assert_int_equal(chc_engine_set_skill(e, CHC_SKILL_MAX + 1, 0), CHC_E_ARGUMENT);
    assert_int_equal(chc_engine_skill(e), CHC_SKILL_MAX);
    assert_int_equal(chc_engine_set_skill(e, 7, 1), CHC_OK);
    assert_int_equal(chc_engine_skill(e), 7);
    assert_int_equal(chc_engine_set_skill(e, 99, 1), CHC_E_ARGUMENT);
    assert_int_equal(chc_engine_skill(e), 7);
    chc_engine_clear(e);
    assert_int_equal(chc_engine_skill(e), 7);
    chc_engine_free(e);

    assert_int_equal(chc_skill_from_elo(0), 0);
    assert_int_equal(chc_skill_from_elo(CHC_ELO_MIN), 0);
    assert_int_equal(chc_skill_from_elo(869), 0);
    assert_int_equal(chc_skill_from_elo(1199), 2);
    assert_int_equal(chc_skill_from_elo(1400), 5);
    assert_int_equal(chc_skill_from_elo(1600), 7);
    assert_int_equal(chc_skill_from_elo(CHC_ELO_MAX), 14);
    assert_int_equal(chc_skill_from_elo(5000), CHC_SKILL_MAX - 1);
    for (int elo = CHC_ELO_MIN; elo < CHC_ELO_MAX; elo += 50)
        assert_true(chc_skill_from_elo(elo) <= chc_skill_from_elo(elo + 50));
}

/* Level 20 (set, with any seed) searches exactly as an engine that never had a level. */
static void test_full_strength_is_the_search(void **state)
{
    (void)state;
    static const char *const fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"};
    chc_engine *a = chc_engine_new(4), *b = chc_engine_new(4);
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(chc_engine_set_skill(b, 3, 5), CHC_OK);
    assert_int_equal(chc_engine_set_skill(b, CHC_SKILL_MAX, 12345), CHC_OK);
    for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
        chc_position p;
        tu_pos(&p, fens[i]);
        chc_search_result ra, rb;
        search_move(a, &p, 6, &ra);
        search_move(b, &p, 6, &rb);
        assert_int_equal(ra.best, rb.best);
        assert_int_equal(ra.score, rb.score);
        assert_int_equal(ra.depth, 6);
        assert_int_equal(rb.depth, 6);
        assert_true(ra.nodes == rb.nodes);
    }
    chc_engine_free(a);
    chc_engine_free(b);
}

/* The number of different moves played at `level` over seeds 1..n in position p. */
static int distinct_moves(chc_engine *e, const chc_position *p, int level, int n)
{
    chc_move seen[64];
    int ns = 0;
    for (int s = 1; s <= n; s++) {
        chc_search_result r;
        assert_int_equal(chc_engine_set_skill(e, level, (uint64_t)s), CHC_OK);
        chc_move m = search_move(e, p, 20, &r);
        assert_true(r.depth <= 1 + level / 2);
        int k = 0;
        while (k < ns && seen[k] != m) k++;
        if (k == ns && ns < 64) seen[ns++] = m;
    }
    return ns;
}

static void test_levels_change_the_move(void **state)
{
    (void)state;
    chc_engine *e = chc_engine_new(4);
    assert_non_null(e);
    chc_position p;
    chc_position_startpos(&p);
    /* the same seed, the same move */
    chc_search_result r1, r2;
    assert_int_equal(chc_engine_set_skill(e, 2, 42), CHC_OK);
    chc_move m1 = search_move(e, &p, 20, &r1);
    chc_move m2 = search_move(e, &p, 20, &r2);
    assert_int_equal(m1, m2);
    assert_int_equal(r1.depth, 2); /* 1 + level / 2 */
    /* the weakest level varies its opening move with the seed, more than a strong level */
    int weak = distinct_moves(e, &p, 0, 24), strong = distinct_moves(e, &p, 19, 24);
    assert_true(weak >= 3);
    assert_true(strong <= weak);
    /* a level 0 engine still gives mate in one, and still takes a hanging queen */
    tu_pos(&p, "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    for (int s = 1; s <= 8; s++) {
        char uci[CHC_UCI_MAX];
        assert_int_equal(chc_engine_set_skill(e, 0, (uint64_t)s), CHC_OK);
        chc_move_to_uci(&p, search_move(e, &p, 20, &r1), uci);
        assert_string_equal(uci, "h5f7");
    }
    tu_pos(&p, "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1");
    for (int s = 1; s <= 8; s++) {
        char uci[CHC_UCI_MAX];
        assert_int_equal(chc_engine_set_skill(e, 0, (uint64_t)s), CHC_OK);
        chc_move_to_uci(&p, search_move(e, &p, 20, &r1), uci);
        assert_string_equal(uci, "d1d5");
    }
    /* the beginner levels (0..5) choose among more moves than the level above them: in the
     * start position level 0 plays more different moves over 24 seeds than level 6 */
    tu_pos(&p, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_true(distinct_moves(e, &p, 0, 24) > distinct_moves(e, &p, 6, 24));
    chc_engine_free(e);
}

static int max_line;
static void count_lines(const chc_search_result *r, void *user)
{
    (void)user;
    if (r->multipv > max_line) max_line = r->multipv;
}

/* A weak level searches more lines than asked: only the asked ones reach the callback. */
static void test_callback_lines(void **state)
{
    (void)state;
    chc_engine *e = chc_engine_new(4);
    assert_non_null(e);
    chc_position p;
    chc_position_startpos(&p);
    assert_int_equal(chc_engine_set_skill(e, 5, 9), CHC_OK);
    chc_search_limits l = {0};
    l.depth = 10;
    chc_search_result r;
    max_line = 0;
    assert_int_equal(chc_engine_search(e, &p, NULL, 0, &l, count_lines, NULL, &r), CHC_OK);
    assert_int_equal(max_line, 1);
    assert_int_equal(r.multipv, 1);
    assert_int_equal(r.depth, 3);
    l.multipv = 2;
    max_line = 0;
    assert_int_equal(chc_engine_search(e, &p, NULL, 0, &l, count_lines, NULL, &r), CHC_OK);
    assert_int_equal(max_line, 2);
    chc_engine_free(e);
}

/* ---- the protocol sessions: lines collected (options answer at once, no search runs) */
static char lines[8192];
static void collect(void *ctx, const char *line, size_t len)
{
    (void)ctx;
    size_t n = strlen(lines);
    if (n + len + 2 < sizeof lines) {
        memcpy(lines + n, line, len);
        lines[n + len] = '\n';
        lines[n + len + 1] = 0;
    }
}

static void send_uci(chc_uci *u, const char *line)
{
    assert_int_equal(chc_uci_command(u, line, strlen(line)), CHC_OK);
}

static void test_uci_options(void **state)
{
    (void)state;
    lines[0] = 0;
    chc_uci *u = chc_uci_new(collect, NULL);
    assert_non_null(u);
    send_uci(u, "uci");
    assert_non_null(strstr(lines, "option name UCI_LimitStrength type check default false\n"));
    assert_non_null(strstr(lines, "option name UCI_Elo type spin default 2400 min 800 max 2400\n"));
    assert_non_null(strstr(lines, "option name Skill Level type spin default 20 min 0 max 20\n"));
    lines[0] = 0;
    send_uci(u, "setoption name Skill Level value 5");
    send_uci(u, "setoption name UCI_Elo value 1500");
    send_uci(u, "setoption name UCI_LimitStrength value true");
    assert_string_equal(lines, "");
    send_uci(u, "setoption name Skill Level value 21");
    send_uci(u, "setoption name Skill Level value -1");
    send_uci(u, "setoption name UCI_Elo value 799");
    send_uci(u, "setoption name UCI_Elo value 1500x");
    send_uci(u, "setoption name UCI_LimitStrength value maybe");
    assert_string_equal(lines,
                        "info string bad value '21' for Skill Level (0..20)\n"
                        "info string bad value '-1' for Skill Level (0..20)\n"
                        "info string bad value '799' for UCI_Elo (800..2400)\n"
                        "info string bad value '1500x' for UCI_Elo (800..2400)\n"
                        "info string bad value 'maybe' for UCI_LimitStrength (true or false)\n");
    /* a weak engine still answers go with one legal bestmove, at its capped depth */
    lines[0] = 0;
    send_uci(u, "position startpos moves e2e4");
    send_uci(u, "go depth 30");
    send_uci(u, "setoption name Ponder value false"); /* waits for the search to end */
    assert_non_null(strstr(lines, "bestmove "));
    assert_null(strstr(lines, "info depth 5 ")); /* UCI_Elo 1500: level 6, depth 4 at most */
    assert_non_null(strstr(lines, "info depth 4 "));
    send_uci(u, "setoption name UCI_LimitStrength value false"); /* Skill Level 5: depth 3 */
    lines[0] = 0;
    send_uci(u, "go depth 30");
    send_uci(u, "setoption name Ponder value false");
    assert_null(strstr(lines, "info depth 4 "));
    assert_non_null(strstr(lines, "bestmove "));
    chc_uci_free(u);
}

static void send_cecp(chc_cecp *c, const char *line)
{
    assert_int_equal(chc_cecp_command(c, line, strlen(line)), CHC_OK);
}

static void test_cecp_options(void **state)
{
    (void)state;
    lines[0] = 0;
    chc_cecp *c = chc_cecp_new(collect, NULL);
    assert_non_null(c);
    send_cecp(c, "xboard");
    send_cecp(c, "protover 2");
    assert_non_null(strstr(lines, "feature option=\"UCI_LimitStrength -check 0\"\n"));
    assert_non_null(strstr(lines, "feature option=\"UCI_Elo -spin 2400 800 2400\"\n"));
    assert_non_null(strstr(lines, "feature option=\"Skill Level -spin 20 0 20\"\n"));
    lines[0] = 0;
    send_cecp(c, "option Skill Level=3");
    send_cecp(c, "option UCI_Elo=1000");
    send_cecp(c, "option UCI_LimitStrength=1");
    assert_string_equal(lines, "");
    send_cecp(c, "option Skill Level=21");
    send_cecp(c, "option UCI_Elo=abc");
    send_cecp(c, "option UCI_LimitStrength=2");
    assert_string_equal(lines, "Error (bad value): option Skill Level=21\n"
                               "Error (bad value): option UCI_Elo=abc\n"
                               "Error (bad value): option UCI_LimitStrength=2\n");
    chc_cecp_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_range_and_default),
        cmocka_unit_test(test_full_strength_is_the_search),
        cmocka_unit_test(test_levels_change_the_move),
        cmocka_unit_test(test_callback_lines),
        cmocka_unit_test(test_uci_options),
        cmocka_unit_test(test_cecp_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
