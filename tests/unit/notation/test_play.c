/* Playing by code (chc_position_play, chc_position_over): a move on a finished game is
 * refused with the reason; a move that ends the game reports its outcome; bad moves leave
 * the position as it was. */
#include "testutil.h"

#include <string.h>

static int play(chc_position *pos, unsigned flags, const char *san, int *outcome, chc_diag *d)
{
    *d = (chc_diag)CHC_DIAG_INIT;
    return chc_position_play(pos, flags, san, strlen(san), NULL, outcome, d);
}

static void test_game_end(void **state)
{
    (void)state;
    chc_position pos;
    chc_diag d;
    int outcome = -1;
    char why[CHC_OVER_TEXT_MAX];
    chc_position_startpos(&pos);
    assert_int_equal(chc_position_over(&pos, 0, why, sizeof why), 0);
    assert_string_equal(why, "");
    const char *fools[] = {"f3", "e5", "g4"};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(play(&pos, 0, fools[i], &outcome, &d), CHC_OK);
        assert_int_equal(outcome, CHC_OUTCOME_NONE);
    }
    chc_move m = CHC_MOVE_NONE;
    d = (chc_diag)CHC_DIAG_INIT;
    assert_int_equal(chc_position_play(&pos, 0, "Qh4#", 4, &m, &outcome, &d), CHC_OK);
    assert_true(m != CHC_MOVE_NONE);
    assert_int_equal(outcome, CHC_OUTCOME_CHECKMATE);
    assert_int_equal(chc_position_over(&pos, 0, why, sizeof why), 1);
    assert_string_equal(why, "checkmate, Black wins (0-1)");
    /* Nothing may follow, and the position stays. */
    uint64_t key = pos.key;
    assert_int_equal(play(&pos, 0, "a3", &outcome, &d), CHC_E_GAME_OVER);
    assert_string_equal(d.message, "the game is over: checkmate, Black wins (0-1)");
    assert_int_equal(pos.key, key);
    /* Stalemate, insufficient material, the seventy-five-move rule. */
    static const struct { const char *fen, *why; } over[] = {
        {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "stalemate, a draw (1/2-1/2)"},
        {"8/8/4k3/8/8/3K4/8/8 w - - 0 40", "insufficient material, a draw (1/2-1/2)"},
        {"8/8/4k3/8/8/3K4/7R/8 w - - 150 140", "seventy-five-move rule, a draw (1/2-1/2)"},
    };
    for (size_t i = 0; i < sizeof over / sizeof over[0]; i++) {
        tu_pos(&pos, over[i].fen);
        assert_int_equal(chc_position_over(&pos, 0, why, sizeof why), 1);
        assert_string_equal(why, over[i].why);
        assert_int_equal(play(&pos, 0, "Kd4", &outcome, &d), CHC_E_GAME_OVER);
    }
    /* A claimable draw does not end the game. */
    tu_pos(&pos, "8/8/4k3/8/8/3K4/7R/8 w - - 100 90");
    assert_int_equal(chc_position_over(&pos, 0, why, sizeof why), 0);
    assert_int_equal(play(&pos, 0, "Kd4", &outcome, &d), CHC_OK);
    assert_int_equal(outcome, CHC_OUTCOME_FIFTY);
    /* The white flag. */
    chc_position_startpos(&pos);
    assert_int_equal(play(&pos, CHC_PLAY_RESIGNED, "e4", &outcome, &d), CHC_E_GAME_OVER);
    assert_true(strstr(d.message, "white flag") != NULL);
    /* A cut text, dst_cap 0. */
    char tiny[8];
    tu_pos(&pos, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_int_equal(chc_position_over(&pos, 0, tiny, sizeof tiny), 1);
    assert_int_equal(strlen(tiny), sizeof tiny - 1);
    assert_int_equal(chc_position_over(&pos, 0, NULL, 0), 1);
}

static void test_bad_moves(void **state)
{
    (void)state;
    chc_position pos;
    chc_diag d;
    int outcome;
    chc_position_startpos(&pos);
    uint64_t key = pos.key;
    assert_int_equal(play(&pos, 0, "e5", &outcome, &d), CHC_E_MOVE_ILLEGAL);
    assert_int_equal(play(&pos, 0, "zz9", &outcome, &d), CHC_E_MOVE_SYNTAX);
    assert_int_equal(play(&pos, 0, "--", &outcome, &d), CHC_E_MOVE_ILLEGAL);
    assert_string_equal(d.message, "a null move is not a move of the game");
    assert_int_equal(play(&pos, 0, "", &outcome, &d) != CHC_OK, 1);
    assert_int_equal(pos.key, key);
    assert_int_equal(play(&pos, 0, "g1f3", &outcome, &d), CHC_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_end),
        cmocka_unit_test(test_bad_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
