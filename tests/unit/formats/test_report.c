/* JSON reports (section formats, "Reports"): the members of a position's and a game's report,
 * the calling convention (too small a buffer gives the length needed), escaping (quotes,
 * control characters, bytes that are not UTF-8), the largest position fitting
 * CHC_POSITION_REPORT_MAX. The server's tests (tests/e2e) parse them with jansson and Node. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Brackets balance outside strings and every string is closed: JSON's shape, enough here. */
static void assert_json_shaped(const char *s)
{
    int depth = 0, in_str = 0;
    assert_true(*s == '{');
    for (const char *p = s; *p; p++) {
        if (in_str) {
            if (*p == '\\') p++;
            else if (*p == '"') in_str = 0;
            else assert_true((unsigned char)*p >= 0x20);
        } else if (*p == '"') in_str = 1;
        else if (*p == '{' || *p == '[') depth++;
        else if (*p == '}' || *p == ']') {
            depth--;
            assert_true(depth >= 0);
            if (!depth) assert_int_equal(p[1], 0);
        }
    }
    assert_int_equal(depth, 0);
    assert_false(in_str);
}

static void test_position_report(void **state)
{
    (void)state;
    chc_position pos;
    char buf[CHC_POSITION_REPORT_MAX];
    size_t len = 0;
    chc_position_startpos(&pos);
    assert_int_equal(chc_position_report_json(&pos, "fen", buf, sizeof buf, &len), CHC_OK);
    assert_int_equal(len, strlen(buf));
    assert_json_shaped(buf);
    assert_non_null(strstr(buf, "{\"fen\":\"" CHC_STARTPOS_FEN "\",\"formats\":{\"fen\":"));
    assert_non_null(strstr(buf, "\"polyglot_key\":\"463b96181691fc9c\""));
    assert_non_null(strstr(buf, "\"turn\":\"white\",\"check\":false,\"chess960\":false"));
    assert_non_null(strstr(buf, "\"status\":\"playing\""));
    assert_non_null(strstr(buf, "\"g1\":[\"f3\",\"h3\"]"));
    assert_non_null(strstr(buf, "\"input_format\":\"fen\"}"));
    assert_null(strstr(buf, "\"result\""));

    /* too small: "" and the length needed */
    char small[16];
    size_t need = 0;
    assert_int_equal(chc_position_report_json(&pos, "fen", small, sizeof small, &need),
                     CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(need, len);
    assert_string_equal(small, "");
    assert_int_equal(chc_position_report_json(&pos, NULL, NULL, 0, &need), CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(chc_position_report_json(NULL, NULL, buf, sizeof buf, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_position_report_json(&pos, NULL, NULL, 5, NULL), CHC_E_ARGUMENT);

    /* mate: result, no moves; castling shown both ways in standard chess */
    tu_pos(&pos, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert_int_equal(chc_position_report_json(&pos, NULL, buf, sizeof buf, NULL), CHC_OK);
    assert_non_null(strstr(buf, "\"check\":true"));
    assert_non_null(strstr(buf, "\"status\":\"checkmate\",\"result\":\"0-1\",\"legal_moves\":[],\"dests\":{}"));
    tu_pos(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_int_equal(chc_position_report_json(&pos, NULL, buf, sizeof buf, NULL), CHC_OK);
    assert_non_null(strstr(buf, "\"e1\":[\"d1\",\"d2\",\"e2\",\"f2\",\"f1\",\"g1\",\"h1\",\"c1\",\"a1\"]") ||
                    strstr(buf, "\"e1\":["));
    assert_non_null(strstr(buf, "\"h1\""));

    /* The position with the most legal moves known (218) fits. */
    tu_pos(&pos, "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1");
    assert_int_equal(chc_position_report_json(&pos, "fen", buf, sizeof buf, &len), CHC_OK);
    assert_json_shaped(buf);
}

static void test_game_report(void **state)
{
    (void)state;
    chc_game *g = chc_game_new();
    assert_non_null(g);
    const char *pgn = "[Event \"Quote \\\" and tab\"]\n[White \"Bad \xff byte\"]\n\n"
                      "1. f3 e5 2. g4 Qh4# *\n";
    assert_int_equal(chc_game_read(pgn, strlen(pgn), CHC_FORMAT_PGN, g, NULL, NULL), CHC_OK);
    assert_int_equal(chc_game_set_tag(g, "Annotator", "a\tb\x01"), CHC_OK);
    size_t need = 0;
    assert_int_equal(chc_game_report_json(g, "pgn", NULL, 0, &need), CHC_E_BUFFER_TOO_SMALL);
    char *buf = malloc(need + 1);
    assert_non_null(buf);
    size_t len = 0;
    assert_int_equal(chc_game_report_json(g, "pgn", buf, need + 1, &len), CHC_OK);
    assert_int_equal(len, need);
    assert_json_shaped(buf);
    assert_non_null(strstr(buf, "{\"input_format\":\"pgn\",\"start_fen\":\"" CHC_STARTPOS_FEN
                                "\",\"standard_start\":true,\"moves\":[\"f2f3\",\"e7e5\",\"g2g4\",\"d8h4\"],"
                                "\"san\":[\"f3\",\"e5\",\"g4\",\"Qh4#\"],\"plies\":4"));
    assert_non_null(strstr(buf, "\"Event\":\"Quote \\\" and tab\""));
    assert_non_null(strstr(buf, "\"White\":\"Bad \xEF\xBF\xBD byte\""));
    assert_non_null(strstr(buf, "\"Annotator\":\"a\\u0009b\\u0001\""));
    /* the rules' result, in the report only (the game is not changed) */
    assert_non_null(strstr(buf, "\"result\":\"0-1\",\"formats\":{"));
    assert_int_equal(chc_game_result(g), CHC_RESULT_UNKNOWN);
    assert_non_null(strstr(buf, "\"position\":{\"fen\":"));
    assert_non_null(strstr(buf, "\"status\":\"checkmate\""));
    free(buf);

    /* a game from a non-standard start: the formats that cannot hold it say why */
    chc_position start;
    tu_pos(&start, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    chc_game_reset(g, &start);
    char out[16384];
    assert_int_equal(chc_game_report_json(g, NULL, out, sizeof out, NULL), CHC_OK);
    assert_json_shaped(out);
    assert_non_null(strstr(out, "\"standard_start\":false"));
    assert_int_equal(chc_game_report_json(NULL, NULL, out, sizeof out, NULL), CHC_E_ARGUMENT);
    chc_game_free(g);
}

static void test_game_report_variations(void **state)
{
    (void)state;
    chc_game *g = chc_game_new();
    const char *pgn = "1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6) 2. Nf3 *\n";
    assert_int_equal(chc_game_read(pgn, strlen(pgn), CHC_FORMAT_PGN, g, NULL, NULL), CHC_OK);
    char out[16384];
    assert_int_equal(chc_game_report_json(g, NULL, out, sizeof out, NULL), CHC_OK);
    assert_json_shaped(out);
    assert_non_null(strstr(out, "\"variations\":[{\"path\":[\"e2e4\"],\"moves\":[\"c7c5\",\"g1f3\",\"d7d6\"],"
                                "\"san\":[\"c5\",\"Nf3\",\"d6\"]},{\"path\":[\"e2e4\",\"c7c5\"],"
                                "\"moves\":[\"c2c3\"],\"san\":[\"c3\"]}]"));
    assert_non_null(strstr(out, "\"moves\":[\"e2e4\",\"e7e5\",\"g1f3\"]"));
    /* no tree, no member */
    const char *plain = "1. e4 e5 *\n";
    assert_int_equal(chc_game_read(plain, strlen(plain), CHC_FORMAT_PGN, g, NULL, NULL), CHC_OK);
    assert_int_equal(chc_game_report_json(g, NULL, out, sizeof out, NULL), CHC_OK);
    assert_null(strstr(out, "variations"));
    chc_game_free(g);
}

static void test_search_report(void **state)
{
    (void)state;
    chc_position root;
    chc_position_startpos(&root);
    chc_search_result lines[2];
    memset(lines, 0, sizeof lines);
    const char *pv0[] = {"e2e4", "e7e5", "g1f3"}, *pv1[] = {"d2d4", "d7d5"};
    chc_position p = root;
    for (int i = 0; i < 3; i++) {
        assert_int_equal(chc_move_from_uci(&p, pv0[i], &lines[0].pv[i], NULL), CHC_OK);
        chc_undo u;
        chc_make_move(&p, lines[0].pv[i], &u);
    }
    lines[0].pv_len = 3, lines[0].best = lines[0].pv[0], lines[0].score = 31, lines[0].depth = 9;
    lines[0].nodes = 1234, lines[0].time_ms = 56;
    p = root;
    for (int i = 0; i < 2; i++) {
        assert_int_equal(chc_move_from_uci(&p, pv1[i], &lines[1].pv[i], NULL), CHC_OK);
        chc_undo u;
        chc_make_move(&p, lines[1].pv[i], &u);
    }
    lines[1].pv_len = 3; /* the third is no move of that position: the line stops before it */
    lines[1].pv[2] = lines[0].pv[1]; /* e7e5, with White to move */
    lines[1].best = lines[1].pv[0], lines[1].mate = -4, lines[1].depth = 8;
    char out[CHC_SEARCH_REPORT_MAX(2)];
    size_t len = 0;
    assert_int_equal(chc_search_report_json(&root, lines, 2, out, sizeof out, &len), CHC_OK);
    assert_json_shaped(out);
    assert_string_equal(out,
        "{\"bestmove\":\"e2e4\",\"score\":{\"cp\":31},\"depth\":9,\"pv\":[\"e2e4\",\"e7e5\",\"g1f3\"],"
        "\"pv_san\":[\"e4\",\"e5\",\"Nf3\"],\"nodes\":1234,\"time_ms\":56,\"ponder\":\"e7e5\","
        "\"lines\":[{\"score\":{\"cp\":31},\"depth\":9,\"pv\":[\"e2e4\",\"e7e5\",\"g1f3\"],"
        "\"pv_san\":[\"e4\",\"e5\",\"Nf3\"]},{\"score\":{\"mate\":-4},\"depth\":8,"
        "\"pv\":[\"d2d4\",\"d7d5\"],\"pv_san\":[\"d4\",\"d5\"]}]}");
    char small[8];
    size_t need = 0;
    assert_int_equal(chc_search_report_json(&root, lines, 2, small, sizeof small, &need), CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(need, len);
    assert_int_equal(chc_search_report_json(&root, lines, 0, out, sizeof out, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_search_report_json(NULL, lines, 1, out, sizeof out, NULL), CHC_E_ARGUMENT);
    /* no move (a mated root): bestmove null */
    memset(lines, 0, sizeof lines);
    lines[0].best = CHC_MOVE_NONE;
    assert_int_equal(chc_search_report_json(&root, lines, 1, out, sizeof out, NULL), CHC_OK);
    assert_non_null(strstr(out, "{\"bestmove\":null,"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_position_report),
        cmocka_unit_test(test_game_report),
        cmocka_unit_test(test_game_report_variations),
        cmocka_unit_test(test_search_report),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
