/* Two calls for programs showing or converting games: chc_game_movetext (numbered SAN of a
 * range of plies, as `play` and `demo` show it) and chc_game_set_rule_result (the result the
 * rules decided, as `convert` and the server write it). */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

static chc_game *game_of(const char *text, int format)
{
    chc_game *g = chc_game_new();
    chc_diag d = CHC_DIAG_INIT;
    assert_non_null(g);
    if (chc_game_read(text, strlen(text), format, g, NULL, &d) != CHC_OK) fail_msg("%s", d.message);
    return g;
}

static void test_movetext(void **state)
{
    (void)state;
    chc_game *g = game_of("e4 e5 Nf3 Nc6 Bb5 a6", CHC_FORMAT_SAN_LINE);
    char buf[256];
    size_t len = 99;
    assert_int_equal(chc_game_movetext(g, 0, 6, 0, buf, sizeof buf, &len), CHC_OK);
    assert_string_equal(buf, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6");
    assert_int_equal(len, strlen(buf));
    assert_int_equal(chc_game_movetext(g, 0, 99, CHC_MOVETEXT_COMPACT, buf, sizeof buf, NULL),
                     CHC_OK); /* `to` is cut to the ply count */
    assert_string_equal(buf, "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6");
    /* a range that starts with Black's move is numbered "N..." */
    assert_int_equal(chc_game_movetext(g, 3, 5, 0, buf, sizeof buf, NULL), CHC_OK);
    assert_string_equal(buf, "2... Nc6 3. Bb5");
    assert_int_equal(chc_game_movetext(g, 1, 2, CHC_MOVETEXT_COMPACT, buf, sizeof buf, NULL), CHC_OK);
    assert_string_equal(buf, "1...e5");
    assert_int_equal(chc_game_movetext(g, 2, 2, 0, buf, sizeof buf, &len), CHC_OK);
    assert_string_equal(buf, "");
    assert_int_equal(len, 0);
    /* errors: a reversed range, unknown flags, a small buffer (which gets "" and the size) */
    assert_int_equal(chc_game_movetext(g, 3, 2, 0, buf, sizeof buf, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_game_movetext(g, 0, 2, 8, buf, sizeof buf, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_game_movetext(g, 0, 6, 0, buf, 10, &len), CHC_E_BUFFER_TOO_SMALL);
    assert_string_equal(buf, "");
    assert_int_equal(len, strlen("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"));
    assert_int_equal(chc_game_movetext(g, 0, 6, 0, NULL, 0, &len), CHC_E_BUFFER_TOO_SMALL);
    chc_game_free(g);
    /* move numbers from a position's full-move number */
    g = game_of("fen 8/4P3/8/8/8/8/k7/7K b - - 0 40 moves Ka1 e8=Q", CHC_FORMAT_SAN_LINE);
    assert_int_equal(chc_game_movetext(g, 0, 2, 0, buf, sizeof buf, NULL), CHC_OK);
    assert_string_equal(buf, "40... Ka1 41. e8=Q");
    chc_game_free(g);
}

static void test_rule_result(void **state)
{
    (void)state;
    /* mate: the winner; stalemate and insufficient material: a draw */
    const char *lines[][2] = {
        {"f3 e5 g4 Qh4#", "0-1"},
        {"fen 7k/8/6K1/8/8/8/5Q2/8 w - - 0 1 moves Qf7", "1/2-1/2"},
        {"fen 8/8/8/8/8/2k5/8/Kn6 w - - 0 1 moves Kxb1", "1/2-1/2"},
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        chc_game *g = game_of(lines[i][0], CHC_FORMAT_SAN_LINE);
        assert_int_equal(chc_game_result(g), CHC_RESULT_UNKNOWN);
        int r = chc_game_set_rule_result(g);
        assert_string_equal(chc_result_string(r), lines[i][1]);
        assert_int_equal(chc_game_result(g), r);
        chc_game_free(g);
    }
    /* no rule ending, or a result already there: unchanged */
    chc_game *g = game_of("e4 e5", CHC_FORMAT_SAN_LINE);
    assert_int_equal(chc_game_set_rule_result(g), CHC_RESULT_UNKNOWN);
    chc_game_free(g);
    g = game_of("f3 e5 g4 Qh4# 1-0", CHC_FORMAT_SAN_LINE); /* a (wrong) result read is kept */
    assert_int_equal(chc_game_set_rule_result(g), CHC_RESULT_WHITE_WINS);
    chc_game_free(g);
    /* a claimable draw (threefold) is not claimed */
    g = game_of("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", CHC_FORMAT_SAN_LINE);
    assert_int_equal(chc_game_outcome(g), CHC_OUTCOME_THREEFOLD);
    assert_int_equal(chc_game_set_rule_result(g), CHC_RESULT_UNKNOWN);
    chc_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_movetext),
        cmocka_unit_test(test_rule_result),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
