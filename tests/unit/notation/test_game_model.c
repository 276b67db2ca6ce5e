/* The game model as programs showing a game use it: the cursor (undo, redo, play, truncate),
 * declared terminations, the status at the cursor (one repetition count, the same as
 * chc_game_outcome), the text board and moves as people type them. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

static void play_san(chc_game *g, const char *line)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", line);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
        chc_move m;
        chc_diag d = CHC_DIAG_INIT;
        if (chc_move_parse(chc_game_current(g), w, strlen(w), &m, &d) != CHC_OK)
            fail_msg("%s: %s", w, d.message);
        assert_int_equal(chc_game_play(g, m), CHC_OK);
    }
}

static void test_cursor(void **state)
{
    (void)state;
    chc_game *g = chc_game_new();
    assert_int_equal(chc_game_cursor(g), 0);
    play_san(g, "e4 e5 Nf3 Nc6");
    assert_int_equal(chc_game_cursor(g), 4);
    assert_int_equal(chc_game_ply_count(g), 4);
    assert_int_equal(chc_game_undo(g), 1);
    assert_int_equal(chc_game_undo(g), 1);
    assert_int_equal(chc_game_cursor(g), 2);
    chc_position p;
    chc_game_position(g, 2, &p);
    assert_true(chc_position_same(&p, chc_game_current(g)));
    /* Replaying the main line's next move only advances. */
    play_san(g, "Nf3");
    assert_int_equal(chc_game_ply_count(g), 4);
    assert_int_equal(chc_game_redo(g), 1);
    assert_int_equal(chc_game_redo(g), 0);
    /* Another move replaces the rest of the line, and a declared result goes. */
    chc_game_set_cursor(g, 2);
    assert_int_equal(chc_game_set_termination(g, CHC_TERM_RESIGNATION, CHC_RESULT_WHITE_WINS), CHC_OK);
    play_san(g, "Bc4");
    assert_int_equal(chc_game_ply_count(g), 3);
    assert_int_equal(chc_game_cursor(g), 3);
    assert_int_equal(chc_game_result(g), CHC_RESULT_UNKNOWN);
    assert_int_equal(chc_game_termination(g), CHC_TERM_NONE);
    /* Variations hanging from removed moves go too; the tree stays consistent. */
    uint32_t n1 = chc_game_mainline_node(g, 1);
    chc_position at1;
    chc_game_node_position(g, chc_game_mainline_node(g, 0), &at1);
    chc_move alt;
    assert_int_equal(chc_move_parse(&at1, "c5", 2, &alt, NULL), CHC_OK);
    uint32_t v = chc_game_add_move(g, chc_game_mainline_node(g, 0), alt);
    assert_int_not_equal(v, CHC_GAME_NO_NODE);
    assert_int_equal(chc_game_add_comment(g, v, 0, "Sicilian"), CHC_OK);
    assert_int_equal(chc_game_node_child_count(g, chc_game_mainline_node(g, 0)), 2);
    chc_game_set_result(g, CHC_RESULT_WHITE_WINS);
    assert_int_equal(chc_game_truncate(g, 1), CHC_OK);
    assert_int_equal(chc_game_result(g), CHC_RESULT_UNKNOWN); /* the line changed */
    assert_int_equal(chc_game_ply_count(g), 1);
    assert_int_equal(chc_game_node_count(g), 2);
    assert_int_equal(chc_game_cursor(g), 1);
    assert_int_equal(chc_game_truncate(g, 5), CHC_E_ARGUMENT);
    (void)n1;
    /* Undo to the start, then play: everything is replaced. */
    assert_int_equal(chc_game_set_cursor(g, 0), CHC_OK);
    assert_int_equal(chc_game_set_cursor(g, 9), CHC_E_ARGUMENT);
    play_san(g, "d4 d5");
    assert_int_equal(chc_game_ply_count(g), 2);
    char line[256];
    assert_int_equal(chc_game_write(g, CHC_FORMAT_SAN_LINE, 0, line, sizeof line, NULL, NULL), CHC_OK);
    assert_string_equal(line, "d4 d5");
    /* Push keeps the cursor at the end. */
    chc_move m;
    assert_int_equal(chc_move_parse(chc_game_current(g), "c4", 2, &m, NULL), CHC_OK);
    assert_int_equal(chc_game_push(g, m), CHC_OK);
    assert_int_equal(chc_game_cursor(g), 3);
    chc_game_reset(g, NULL);
    assert_int_equal(chc_game_cursor(g), 0);
    chc_game_free(g);
}

static void status_of(const char *fen, const char *moves, chc_game_status *st)
{
    chc_game *g = chc_game_new();
    chc_position start;
    if (fen) tu_pos(&start, fen);
    chc_game_reset(g, fen ? &start : NULL);
    if (moves) play_san(g, moves);
    chc_game_status_get(g, st);
    /* One repetition count: the status agrees with chc_game_outcome at the end. */
    assert_int_equal(st->outcome, chc_game_outcome(g));
    chc_game_free(g);
}

/* chc_game_copy: an exact, independent copy (start, tags, comments, variations, result,
 * cursor), over a game that had other contents. */
static void test_copy(void **state)
{
    (void)state;
    static const char pgn[] = "[Event \"copy\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1\"]\n"
                              "\n1... e5 {open} 2. Nf3 (2. f4 {gambit} exf4) 2... Nc6 $1 1-0\n";
    chc_game *g = chc_game_new(), *c = chc_game_new();
    assert_non_null(g);
    assert_non_null(c);
    assert_int_equal(chc_game_read(pgn, strlen(pgn), CHC_FORMAT_PGN, g, NULL, NULL), CHC_OK);
    play_san(c, "d4 d5 c4"); /* replaced */
    assert_int_equal(chc_game_copy(c, g), CHC_OK);
    char a[1024], b[1024];
    size_t la, lb;
    assert_int_equal(chc_game_write(g, CHC_FORMAT_PGN, 0, a, sizeof a, &la, NULL), CHC_OK);
    assert_int_equal(chc_game_write(c, CHC_FORMAT_PGN, 0, b, sizeof b, &lb, NULL), CHC_OK);
    assert_string_equal(a, b);
    assert_non_null(strstr(b, "{gambit}"));
    assert_int_equal(chc_game_cursor(c), chc_game_cursor(g));
    /* Independent: changing the copy leaves the original as it was. */
    assert_int_equal(chc_game_truncate(c, 1), CHC_OK);
    assert_int_equal(chc_game_set_tag(c, "Event", "changed"), CHC_OK);
    assert_int_equal(chc_game_ply_count(g), 3);
    assert_string_equal(chc_game_tag(g, "Event"), "copy");
    assert_int_equal(chc_game_result(g), CHC_RESULT_WHITE_WINS);
    assert_int_equal(chc_game_copy(c, c), CHC_OK);
    assert_int_equal(chc_game_copy(NULL, g), CHC_E_ARGUMENT);
    chc_game *empty = chc_game_new();
    assert_int_equal(chc_game_copy(c, empty), CHC_OK);
    assert_int_equal(chc_game_ply_count(c), 0);
    play_san(c, "e4 e5"); /* a copy of an empty game grows */
    chc_game_free(empty);
    chc_game_free(g);
    chc_game_free(c);
}

static void test_status(void **state)
{
    (void)state;
    chc_game_status st;
    status_of(NULL, NULL, &st);
    assert_string_equal(st.text, "White to move");
    assert_int_equal(st.over, 0);
    status_of(NULL, "f3 e5 g4 Qh4", &st);
    assert_string_equal(st.text, "Checkmate: Black wins (0-1)");
    assert_int_equal(st.result, CHC_RESULT_BLACK_WINS);
    assert_int_equal(st.termination, CHC_TERM_CHECKMATE);
    status_of(NULL, "e4 e5 Qh5 Ke7", &st);
    assert_string_equal(st.text, "White to move");
    status_of(NULL, "e4 e5 Bc4 Nc6 Qh5 Nf6", &st);
    assert_int_equal(st.check, 0);
    status_of("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", NULL, &st);
    assert_string_equal(st.text, "Draw by stalemate (1/2-1/2)");
    status_of("7k/8/6K1/8/8/8/8/6N1 w - - 0 1", NULL, &st);
    assert_string_equal(st.text, "Draw by insufficient material (1/2-1/2)");
    status_of("7k/8/6K1/8/8/8/8/6R1 w - - 100 80", NULL, &st);
    assert_int_equal(st.can_claim, CHC_OUTCOME_FIFTY);
    assert_string_equal(st.text, "White to move; draw claimable (fifty-move rule)");
    status_of("7k/8/6K1/8/8/8/8/6R1 w - - 150 80", NULL, &st);
    assert_string_equal(st.text, "Draw by seventy-five-move rule (1/2-1/2)");
    status_of(NULL, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", &st);
    assert_int_equal(st.repetitions, 3);
    assert_int_equal(st.can_claim, CHC_OUTCOME_THREEFOLD);
    assert_int_equal(st.over, 0);
    status_of(NULL, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", &st);
    assert_int_equal(st.repetitions, 5);
    assert_string_equal(st.text, "Draw by fivefold repetition (1/2-1/2)");
    /* Declared endings, and the cursor: not over before the end. */
    chc_game *g = chc_game_new();
    play_san(g, "e4 e5");
    assert_int_equal(chc_game_set_termination(g, CHC_TERM_RESIGNATION, CHC_RESULT_DRAW), CHC_E_ARGUMENT);
    assert_int_equal(chc_game_set_termination(g, CHC_TERM_CHECKMATE, CHC_RESULT_WHITE_WINS), CHC_E_ARGUMENT);
    assert_int_equal(chc_game_set_termination(g, CHC_TERM_RESIGNATION, CHC_RESULT_BLACK_WINS), CHC_OK);
    assert_string_equal(chc_game_tag(g, "Result"), "0-1");
    assert_string_equal(chc_game_tag(g, "Termination"), "normal");
    chc_game_status_get(g, &st);
    assert_string_equal(st.text, "White resigned: Black wins (0-1)");
    chc_game_undo(g);
    chc_game_status_get(g, &st);
    assert_int_equal(st.over, 0);
    assert_string_equal(st.text, "Black to move");
    chc_game_redo(g);
    assert_int_equal(chc_game_set_termination(g, CHC_TERM_AGREEMENT, CHC_RESULT_DRAW), CHC_OK);
    chc_game_status_get(g, &st);
    assert_string_equal(st.text, "Draw by agreement (1/2-1/2)");
    assert_int_equal(chc_game_set_termination(g, CHC_TERM_TIME, CHC_RESULT_WHITE_WINS), CHC_OK);
    assert_string_equal(chc_game_tag(g, "Termination"), "time forfeit");
    chc_game_status_get(g, &st);
    assert_string_equal(st.text, "Black lost on time: White wins (1-0)");
    /* A claimed threefold needs the repetition. */
    assert_int_equal(chc_game_set_termination(g, CHC_TERM_THREEFOLD, CHC_RESULT_DRAW), CHC_E_ARGUMENT);
    chc_game_reset(g, NULL);
    play_san(g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert_int_equal(chc_game_set_termination(g, CHC_TERM_THREEFOLD, CHC_RESULT_DRAW), CHC_OK);
    chc_game_status_get(g, &st);
    assert_string_equal(st.text, "Draw by threefold repetition (claimed)");
    assert_string_equal(chc_termination_name(CHC_TERM_TIME), "time forfeit");
    assert_string_equal(chc_termination_name(99), "none");
    chc_game_free(g);
}

static void test_board(void **state)
{
    (void)state;
    chc_position pos;
    chc_position_startpos(&pos);
    chc_move m;
    assert_int_equal(chc_move_parse(&pos, "e2e4", 4, &m, NULL), CHC_OK);
    chc_undo u;
    chc_make_move(&pos, m, &u);
    char buf[CHC_BOARD_TEXT_MAX];
    size_t n;
    assert_int_equal(chc_board_write(&pos, m, CHC_BOARD_ASCII, buf, sizeof buf, &n), CHC_OK);
    assert_int_equal(strlen(buf), n);
    const char *want =
        " 8  r  n  b  q  k  b  n  r \n"
        " 7  p  p  p  p  p  p  p  p \n"
        " 6  .  .  .  .  .  .  .  . \n"
        " 5  .  .  .  .  .  .  .  . \n"
        " 4  .  .  .  . [P] .  .  . \n"
        " 3  .  .  .  .  .  .  .  . \n"
        " 2  P  P  P  P [.] P  P  P \n"
        " 1  R  N  B  Q  K  B  N  R \n"
        "    a  b  c  d  e  f  g  h \n";
    assert_string_equal(buf, want);
    assert_int_equal(chc_board_write(&pos, CHC_MOVE_NONE, CHC_BOARD_ASCII | CHC_BOARD_FLIP |
                                     CHC_BOARD_NO_COORDS, buf, sizeof buf, NULL), CHC_OK);
    assert_memory_equal(buf, " R  N  B  K  Q  B  N  R \n", 25);
    assert_int_equal(chc_board_write(&pos, m, 0, buf, sizeof buf, &n), CHC_OK);
    assert_non_null(strstr(buf, "[\u2659]"));
    assert_int_equal(chc_board_write(&pos, m, 0, buf, 10, &n), CHC_E_BUFFER_TOO_SMALL);
    assert_string_equal(buf, "");
    assert_true(n > 10 && n < CHC_BOARD_TEXT_MAX);
}

static void test_move_parse(void **state)
{
    (void)state;
    chc_position pos;
    chc_position_startpos(&pos);
    chc_move m;
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(chc_move_parse(&pos, " Nf3 ", 5, &m, NULL), CHC_OK);
    assert_int_equal(chc_move_parse(&pos, "g1f3", 4, &m, NULL), CHC_OK);
    assert_int_equal(chc_move_parse(&pos, "\u2658f3", 5, &m, NULL), CHC_OK);
    assert_int_equal(chc_move_parse(&pos, "--", 2, &m, NULL), CHC_OK);
    assert_int_equal(m, CHC_MOVE_NULL);
    assert_int_equal(chc_move_parse(&pos, "e2e5", 4, &m, &d), CHC_E_MOVE_ILLEGAL);
    assert_true(d.message[0] != 0);
    assert_int_equal(chc_move_parse(&pos, "", 0, &m, &d), CHC_E_MOVE_SYNTAX);
    assert_int_equal(chc_move_parse(&pos, "hello", 5, &m, &d), CHC_E_MOVE_SYNTAX);
    tu_pos(&pos, "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
    assert_int_equal(chc_move_parse(&pos, "e7e8", 4, &m, &d), CHC_E_MOVE_ILLEGAL);
    assert_non_null(strstr(d.message, "e7e8q"));
    assert_int_equal(chc_move_parse(&pos, "e8", 2, &m, &d), CHC_E_MOVE_ILLEGAL);
    assert_non_null(strstr(d.message, "=Q"));
    assert_int_equal(chc_move_parse(&pos, "e7e8N", 5, &m, NULL), CHC_OK);
    assert_int_equal(CHC_MOVE_PROMO(m), CHC_KNIGHT);
    tu_pos(&pos, "4k3/8/8/8/8/8/8/4K2r w - - 0 1");
    assert_int_equal(chc_move_parse(&pos, "--", 2, &m, &d), CHC_E_MOVE_ILLEGAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cursor),
        cmocka_unit_test(test_copy),
        cmocka_unit_test(test_status),
        cmocka_unit_test(test_board),
        cmocka_unit_test(test_move_parse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
