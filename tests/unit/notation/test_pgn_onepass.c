/* The PGN reader's one-pass read (the parser finds a game's end at its result token) gives
 * what the two passes give (the skimmer cuts the game, the parser reads it alone): the same
 * games, numbers, lines and errors, on the shapes where the skimmer cuts elsewhere than a
 * plain result token: a second "[Event " tag, an unterminated comment resynchronised at a
 * blank line, a result glued to '$', a form feed or a vertical tab, escape lines inside a
 * skipped variation, results inside variations, bad games, a game cut off at the end. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

static const char *const shapes[] = {
    "[Event \"plain\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n",
    "[Event \"two events\"]\n[Event \"second\"]\n\n1. d4 d5 *\n\n",
    "[Event \"resync\"]\n\n1. e4 { an unterminated comment\n\n[Event \"after\"]\n\n1. c4 0-1\n\n",
    "[Event \"comment lines\"]\n\n1. e4 { one\ntwo\n%three } e5 1/2-1/2\n\n",
    "[Event \"nag glued\"]\n\n1. e4 e5 $11-0 2. d4 1-0\n\n",
    "[Event \"form feed\"]\n\n1. e4 e5\f1-0 *\n\n",
    "[Event \"vtab\"]\n\n1. e4 e5 \v1-0\n\n",
    "[Event \"star glued\"]\n\n1. e4 *$1 *\n\n",
    "[Event \"variations\"]\n\n1. e4 (1. d4 d5 1-0) (1. c4\n%esc ( \n) e5 (1... c5 *) 2. Nf3 0-1\n\n",
    "[Event \"promotion in brackets\"]\n[FEN \"8/4P3/8/8/8/8/k7/7K w - - 0 1\"]\n\n1. e8(Q) Kb2 1-0\n\n",
    "[Event \"bad move\"]\n\n1. e4 e5 2. Ke3 1-0\n\n",
    "[Event \"tag in movetext\"]\n\n1. e4 [Site \"x\"] e5 *\n\n",
    "[Event \"no result\"]\n\n1. e4 e5\n\n[Event \"next\"]\n\n1. d4 *\n\n",
    "[Event \"closer\"]\n\n1. e4 }1-0 e5 *\n\n",
    "[Event \"nested\"]\n\n1. e4 (1. d4 (1. c4 1-0) d5) e5 1-0 ",
    "[Event \"escape\"]\n%1-0\n\n1. e4 *\n",
    "[Event \"cut off\"]\n\n1. e4 e5 2. Nf3",
};

/* Reads `text` both ways with `flags` and compares game by game. */
static void compare(const char *text, unsigned flags)
{
    size_t len = strlen(text);
    chc_pgn_reader *a = chc_pgn_reader_new_mem(text, len, flags, 1, 1);
    chc_pgn_reader *c = chc_pgn_reader_new_mem(text, len, flags, 1, 1);
    chc_game *ga = chc_game_new(), *gb = chc_game_new();
    static char wa[1 << 14], wb[1 << 14];
    for (;;) {
        chc_diag da = CHC_DIAG_INIT, db = CHC_DIAG_INIT;
        int ra = chc_pgn_read_game(a, ga, &da);
        const char *t;
        size_t n;
        long ln;
        int rc = chc_pgn_next_raw(c, &t, &n, &ln);
        if (rc == CHC_E_GAME_END) {
            assert_int_equal(ra, CHC_E_GAME_END);
            break;
        }
        assert_int_equal(rc, CHC_OK);
        chc_pgn_reader *b = chc_pgn_reader_new_mem(t, n, flags, ln, chc_pgn_reader_game_number(c));
        int rb = chc_pgn_read_game(b, gb, &db);
        if (ra != rb || strcmp(da.message, db.message) != 0)
            fail_msg("one pass: %d '%s'; two: %d '%s'", ra, da.message, rb, db.message);
        assert_int_equal(chc_pgn_reader_game_number(a), chc_pgn_reader_game_number(b));
        if (ra == CHC_OK) {
            size_t la = 0, lb = 0;
            assert_int_equal(chc_game_write(ga, CHC_FORMAT_PGN, 0, wa, sizeof wa, &la, NULL), CHC_OK);
            assert_int_equal(chc_game_write(gb, CHC_FORMAT_PGN, 0, wb, sizeof wb, &lb, NULL), CHC_OK);
            wa[la] = wb[lb] = 0;
            assert_string_equal(wa, wb);
            /* (a game read alone ends its input: compare at the real end only) */
            if (chc_pgn_reader_bytes(a) == len)
                assert_int_equal(chc_pgn_reader_truncated(a), chc_pgn_reader_truncated(b));
        } else {
            assert_int_equal(da.line, db.line);
            assert_int_equal(da.column, db.column);
        }
        assert_int_equal(chc_pgn_reader_bytes(a), chc_pgn_reader_bytes(c));
        chc_pgn_reader_free(b);
    }
    chc_game_free(ga);
    chc_game_free(gb);
    chc_pgn_reader_free(a);
    chc_pgn_reader_free(c);
}

static void test_onepass_shapes(void **state)
{
    (void)state;
    static char text[1 << 14];
    size_t n = sizeof shapes / sizeof *shapes;
    /* Each shape after a plain game (the first game of a reader always takes two passes),
     * then all of them in a row, in both orders. */
    for (size_t i = 0; i < n; i++) {
        snprintf(text, sizeof text, "%s%s%s", shapes[0], shapes[i], shapes[0]);
        compare(text, 0);
        compare(text, CHC_PGN_MAINLINE_ONLY);
    }
    size_t k = 0;
    for (size_t i = 0; i < n - 1; i++) k += (size_t)snprintf(text + k, sizeof text - k, "%s", shapes[i]);
    compare(text, 0);
    compare(text, CHC_PGN_MAINLINE_ONLY);
    k = 0;
    for (size_t i = n; i-- > 0;) k += (size_t)snprintf(text + k, sizeof text - k, "%s", shapes[i]);
    compare(text, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_onepass_shapes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
