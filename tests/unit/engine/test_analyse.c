/* The analysis API: chc_engine_analyse (MultiPV lines, no legal move, bad arguments),
 * chc_game_analyse (one result per position, progress, buffer size), chc_winning_chances and
 * chc_judge_move (lichess's formula and thresholds), chc_score_to_text and
 * chc_game_annotate ([%eval] comments and NAGs on the main line). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static void test_engine_analyse(void **state)
{
    (void)state;
    chc_engine *e = chc_engine_new(16);
    assert_non_null(e);
    chc_position p;
    tu_pos(&p, "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    chc_search_limits l = {0};
    l.depth = 5;
    l.multipv = 4;
    chc_search_result lines[8];
    int n = 0;
    assert_int_equal(chc_engine_analyse(e, &p, NULL, 0, &l, lines, 8, &n), CHC_OK);
    assert_int_equal(n, 4);
    assert_int_equal(lines[0].mate, 1);
    assert_int_equal(lines[0].depth, 5);
    char uci[CHC_UCI_MAX];
    chc_move_to_uci(&p, lines[0].best, uci);
    assert_string_equal(uci, "h5f7");
    for (int i = 1; i < n; i++) {
        assert_true(lines[i].score <= lines[i - 1].score);
        assert_true(lines[i].pv_len >= 1 && lines[i].pv[0] != lines[0].best);
        assert_int_equal(lines[i].multipv, i + 1);
    }
    /* cap limits the lines */
    assert_int_equal(chc_engine_analyse(e, &p, NULL, 0, &l, lines, 2, &n), CHC_OK);
    assert_int_equal(n, 2);
    /* fewer moves than lines */
    tu_pos(&p, "k7/2K5/8/8/8/8/8/1R6 b - - 0 1");
    assert_int_equal(chc_engine_analyse(e, &p, NULL, 0, &l, lines, 8, &n), CHC_OK);
    assert_int_equal(n, 1);
    assert_int_equal(lines[0].mate, -1);
    /* no legal move */
    tu_pos(&p, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_int_equal(chc_engine_analyse(e, &p, NULL, 0, &l, lines, 8, &n), CHC_OK);
    assert_int_equal(n, 1);
    assert_int_equal(lines[0].best, CHC_MOVE_NONE);
    /* bad arguments */
    assert_int_equal(chc_engine_analyse(e, &p, NULL, 0, &l, lines, 0, &n), CHC_E_ARGUMENT);
    assert_int_equal(chc_engine_analyse(e, &p, NULL, -1, &l, lines, 8, &n), CHC_E_ARGUMENT);
    assert_int_equal(chc_engine_analyse(e, &p, NULL, 0, &l, lines, 8, NULL), CHC_E_ARGUMENT);
    l.infinite = 1;
    assert_int_equal(chc_engine_analyse(e, &p, NULL, 0, &l, lines, 8, &n), CHC_E_ARGUMENT);
    chc_engine_free(e);
}

static size_t calls, last_done, last_total;
static void progress(void *user, size_t done, size_t total)
{
    assert_ptr_equal(user, &calls);
    calls++;
    last_done = done;
    last_total = total;
}

static void test_game_analyse_and_annotate(void **state)
{
    (void)state;
    chc_engine *e = chc_engine_new(16);
    chc_game *g = chc_game_new();
    assert_non_null(e);
    assert_non_null(g);
    static const char *const moves[] = {"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"};
    for (size_t i = 0; i < 7; i++) {
        chc_move m;
        assert_int_equal(chc_move_from_san(chc_game_current(g), moves[i], &m, NULL), CHC_OK);
        assert_int_equal(chc_game_push(g, m), CHC_OK);
    }
    chc_search_limits l = {0};
    l.depth = 5;
    chc_search_result ev[8];
    assert_int_equal(chc_game_analyse(e, g, &l, ev, 7, NULL, NULL), CHC_E_BUFFER_TOO_SMALL);
    calls = 0;
    assert_int_equal(chc_game_analyse(e, g, &l, ev, 8, progress, &calls), CHC_OK);
    assert_int_equal(calls, 9);
    assert_int_equal(last_done, 8);
    assert_int_equal(last_total, 8);
    assert_int_equal(ev[6].mate, 1);           /* before Qxf7#: White mates in 1 */
    assert_int_equal(ev[7].best, CHC_MOVE_NONE); /* mated */
    assert_int_equal(ev[7].score, -CHC_SCORE_MATE);
    assert_int_equal(chc_game_annotate(g, ev, 7, 0), CHC_E_ARGUMENT);
    assert_int_equal(chc_game_annotate(g, ev, 8, 1), CHC_E_ARGUMENT);
    assert_int_equal(chc_game_annotate(g, ev, 8, 0), CHC_OK);
    /* 3... Nf6?? allows the mate: "[%eval #1]" and $4 */
    uint32_t nf6 = chc_game_mainline_node(g, 5), mate = chc_game_mainline_node(g, 6);
    assert_string_equal(chc_game_node_comment(g, nf6, 0), "[%eval #1]");
    uint8_t nags[CHC_GAME_MAX_NAGS];
    assert_int_equal(chc_game_node_nags(g, nf6, nags), 1);
    assert_int_equal(nags[0], CHC_NAG_BLUNDER);
    assert_null(chc_game_node_comment(g, mate, 0)); /* no eval on the board's mate */
    assert_int_equal(chc_game_node_nags(g, mate, nags), 0);
    const char *c = chc_game_node_comment(g, chc_game_mainline_node(g, 0), 0);
    assert_non_null(c);
    assert_int_equal(strncmp(c, "[%eval ", 7), 0);
    chc_game_free(g);
    chc_engine_free(e);
}

static void test_chances_and_judgements(void **state)
{
    (void)state;
    assert_true(fabs(chc_winning_chances(0)) < 1e-12);
    assert_true(fabs(chc_winning_chances(100) - (2 / (1 + exp(-0.368208)) - 1)) < 1e-9);
    assert_true(fabs(chc_winning_chances(-100) + chc_winning_chances(100)) < 1e-12);
    assert_true(chc_winning_chances(5000) == chc_winning_chances(1000)); /* clipped */
    /* mate in 1 counts as 2000 cp, mate in 10 and beyond as 1100 */
    double m1 = chc_winning_chances(CHC_SCORE_MATE - 1);
    assert_true(fabs(m1 - (2 / (1 + exp(-0.00368208 * 2000)) - 1)) < 1e-9);
    assert_true(chc_winning_chances(CHC_SCORE_MATE - 39) == chc_winning_chances(CHC_SCORE_MATE - 19));
    assert_true(chc_winning_chances(-(CHC_SCORE_MATE - 2)) < -0.99);
    assert_int_equal(chc_judge_move(30, 20), 0);
    assert_int_equal(chc_judge_move(0, -60), CHC_NAG_DUBIOUS);  /* loss 0.110 */
    assert_int_equal(chc_judge_move(0, -50), 0);                /* loss 0.092 */
    assert_int_equal(chc_judge_move(0, -120), CHC_NAG_MISTAKE); /* loss 0.218 */
    assert_int_equal(chc_judge_move(0, -170), CHC_NAG_BLUNDER); /* loss 0.304 */
    assert_int_equal(chc_judge_move(CHC_SCORE_MATE - 3, -(CHC_SCORE_MATE - 2)), CHC_NAG_BLUNDER);
    assert_int_equal(chc_judge_move(900, 700), 0);              /* winning stays winning */
    char buf[CHC_SCORE_TEXT_MAX];
    assert_int_equal(chc_score_to_text(25, buf), 4);
    assert_string_equal(buf, "0.25");
    chc_score_to_text(-150, buf);
    assert_string_equal(buf, "-1.50");
    chc_score_to_text(-5, buf);
    assert_string_equal(buf, "-0.05");
    chc_score_to_text(CHC_SCORE_MATE - 5, buf);
    assert_string_equal(buf, "#3");
    chc_score_to_text(-(CHC_SCORE_MATE - 4), buf);
    assert_string_equal(buf, "#-2");
    chc_score_to_text(-CHC_SCORE_MATE, buf);
    assert_string_equal(buf, "#-0");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_engine_analyse),
        cmocka_unit_test(test_game_analyse_and_annotate),
        cmocka_unit_test(test_chances_and_judgements),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
