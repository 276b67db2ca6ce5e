/* PGN reader fixes of the formats work, each with the input that showed it:
 *  - a bad [Variant] tag is reported at the tag's line, not where the movetext starts;
 *  - a bad [FEN] tag is quoted whole in the message;
 *  - an unterminated '{' ends at a blank line followed by '[' (the damaged game is reported,
 *    the following games are read and counted);
 *  - figurine SAN (also in chc_move_from_san) and a leading UTF-8 BOM are read;
 *  - a last game without a result token is flagged (chc_pgn_reader_truncated);
 *  - every failure fills the diag message, the end of input included. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

static int read_all(const char *text, int *codes, long *lines, char msgs[][192], int cap)
{
    chc_pgn_reader *r = chc_pgn_reader_new_mem(text, strlen(text), 0, 1, 1);
    chc_game *g = chc_game_new();
    int n = 0, rc;
    chc_diag d = CHC_DIAG_INIT;
    while ((rc = chc_pgn_read_game(r, g, &d)) != CHC_E_GAME_END && n < cap) {
        codes[n] = rc;
        lines[n] = rc ? d.line : 0;
        snprintf(msgs[n], 192, "%s", rc ? d.message : "");
        n++;
    }
    assert_true(d.message[0] != 0); /* the end of input says so too */
    chc_game_free(g);
    chc_pgn_reader_free(r);
    return n;
}

static void test_variant_line(void **state)
{
    (void)state;
    /* The bad Variant tag is on line 10 of the file; the movetext starts on line 17. */
    const char *pgn =
        "[Event \"ok\"]\n[Result \"*\"]\n\n1. e4 *\n\n"
        "[Event \"x\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n"
        "[Variant \"Atomic\"]\n"
        "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[A \"1\"]\n[B \"2\"]\n\n"
        "1. e4 e5 *\n";
    int codes[4];
    long lines[4];
    char msgs[4][192];
    int n = read_all(pgn, codes, lines, msgs, 4);
    assert_int_equal(n, 2);
    assert_int_equal(codes[0], CHC_OK);
    assert_int_equal(codes[1], CHC_E_PGN_VARIANT);
    assert_int_equal(lines[1], 10);
    assert_non_null(strstr(msgs[1], "line 10"));
    assert_non_null(strstr(msgs[1], "Atomic"));
}

static void test_fen_whole(void **state)
{
    (void)state;
    const char *fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra";
    char pgn[512];
    snprintf(pgn, sizeof pgn, "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n1. e4 *\n", fen);
    int codes[2];
    long lines[2];
    char msgs[2][192];
    assert_int_equal(read_all(pgn, codes, lines, msgs, 2), 1);
    assert_int_equal(codes[0], CHC_E_PGN_FEN);
    assert_int_equal(lines[0], 3);
    assert_non_null(strstr(msgs[0], fen));
}

static void test_unterminated_comment(void **state)
{
    (void)state;
    const char *pgn =
        "[Event \"1\"]\n\n1. e4 {broken comment 1-0\n\n"
        "[White \"2\"]\n\n1. d4 d5 *\n\n"
        "[Event \"3\"]\n\n1. c4 *\n";
    int codes[4];
    long lines[4];
    char msgs[4][192];
    int n = read_all(pgn, codes, lines, msgs, 4);
    assert_int_equal(n, 3);
    assert_int_equal(codes[0], CHC_E_PGN_SYNTAX);
    assert_int_equal(lines[0], 3);
    assert_non_null(strstr(msgs[0], "unterminated comment"));
    assert_int_equal(codes[1], CHC_OK);
    assert_int_equal(codes[2], CHC_OK);
    /* The game numbers go on: the third game is game 3. */
    chc_pgn_reader *r = chc_pgn_reader_new_mem(pgn, strlen(pgn), 0, 1, 1);
    chc_game *g = chc_game_new();
    for (int i = 0; i < 3; i++) chc_pgn_read_game(r, g, NULL);
    assert_int_equal(chc_pgn_reader_game_number(r), 3);
    assert_string_equal(chc_game_tag(g, "Event"), "3");
    chc_game_free(g);
    chc_pgn_reader_free(r);
}

static void test_figurines_and_bom(void **state)
{
    (void)state;
    chc_position pos;
    chc_position_startpos(&pos);
    chc_move m;
    assert_int_equal(chc_move_from_san(&pos, "\u2658f3", &m, NULL), CHC_OK);
    assert_int_equal(CHC_MOVE_FROM(m), CHC_SQUARE(6, 0));
    assert_int_equal(chc_move_from_san(&pos, "\u265Ef3", &m, NULL), CHC_OK); /* black glyph */
    const char *pgn = "\xEF\xBB\xBF[Event \"bom\"]\n\n1. e4 e5 2. \u2658f3 \u265Ec6 3. \u2657b5 *\n";
    chc_pgn_reader *r = chc_pgn_reader_new_mem(pgn, strlen(pgn), 0, 1, 1);
    chc_game *g = chc_game_new();
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(chc_pgn_read_game(r, g, &d), CHC_OK);
    assert_string_equal(chc_game_tag(g, "Event"), "bom");
    assert_int_equal(chc_game_ply_count(g), 5);
    chc_game_free(g);
    chc_pgn_reader_free(r);
}

static void test_truncated(void **state)
{
    (void)state;
    const char *pgn = "[Event \"1\"]\n\n1. e4 e5 1-0\n\n[Event \"2\"]\n\n1. d4 d5 2. c4\n";
    chc_pgn_reader *r = chc_pgn_reader_new_mem(pgn, strlen(pgn), 0, 1, 1);
    chc_game *g = chc_game_new();
    assert_int_equal(chc_pgn_read_game(r, g, NULL), CHC_OK);
    assert_int_equal(chc_pgn_reader_truncated(r), 0);
    assert_int_equal(chc_pgn_read_game(r, g, NULL), CHC_OK);
    assert_int_equal(chc_pgn_reader_truncated(r), 1);
    assert_int_equal(chc_game_ply_count(g), 3);
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(chc_pgn_read_game(r, g, &d), CHC_E_GAME_END);
    assert_int_equal(d.code, CHC_E_GAME_END);
    assert_true(d.message[0] != 0);
    chc_game_free(g);
    chc_pgn_reader_free(r);
    /* A game without a result followed by another game is not cut off. */
    const char *two = "[Event \"1\"]\n\n1. e4\n\n[Event \"2\"]\n\n1. d4 *\n";
    r = chc_pgn_reader_new_mem(two, strlen(two), 0, 1, 1);
    g = chc_game_new();
    assert_int_equal(chc_pgn_read_game(r, g, NULL), CHC_OK);
    assert_int_equal(chc_pgn_reader_truncated(r), 0);
    chc_game_free(g);
    chc_pgn_reader_free(r);
}

static void test_termination_tag(void **state)
{
    (void)state;
    static const struct {
        const char *tag, *result, *moves;
        int want;
    } cases[] = {
        {"Time forfeit", "0-1", "1. e4 e5", CHC_TERM_TIME},
        {"Normal", "1-0", "1. e4 e5", CHC_TERM_RESIGNATION},
        {"Normal", "1/2-1/2", "1. e4 e5", CHC_TERM_AGREEMENT},
        {"Normal", "0-1", "1. f3 e5 2. g4 Qh4#", CHC_TERM_CHECKMATE},
        {"Abandoned", "1-0", "1. e4", CHC_TERM_ABANDONED},
        {"Rules infraction", "1-0", "1. e4", CHC_TERM_OTHER},
        {"Unterminated", "*", "1. e4", CHC_TERM_NONE},
        {"insufficient material", "1/2-1/2", "1. e4", CHC_TERM_INSUFFICIENT},
    };
    chc_game *g = chc_game_new();
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char pgn[256];
        snprintf(pgn, sizeof pgn, "[Termination \"%s\"]\n[Result \"%s\"]\n\n%s %s\n", cases[i].tag,
                 cases[i].result, cases[i].moves, cases[i].result);
        assert_int_equal(chc_game_read(pgn, strlen(pgn), CHC_FORMAT_PGN, g, NULL, NULL), CHC_OK);
        if (chc_game_termination(g) != cases[i].want)
            fail_msg("%s: got %d, want %d", cases[i].tag, chc_game_termination(g), cases[i].want);
    }
    chc_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_variant_line),
        cmocka_unit_test(test_fen_whole),
        cmocka_unit_test(test_unterminated_comment),
        cmocka_unit_test(test_figurines_and_bom),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_termination_tag),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
