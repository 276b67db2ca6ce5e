/* Links to a position (chc_position_link, docs/links.md): lichess's analysis board and
 * editor, chesscodec's page; buffer sizes and bad kinds. */
#include "testutil.h"

#include <string.h>

static void test_links(void **state)
{
    (void)state;
    chc_position pos;
    char url[CHC_LINK_MAX(64)];
    size_t n = 0;
    tu_pos(&pos, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_int_equal(chc_position_link(&pos, CHC_LINK_LICHESS_ANALYSIS, NULL, url, sizeof url, &n, NULL), CHC_OK);
    assert_string_equal(url, "https://lichess.org/analysis/rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR_b_KQkq_e3_0_1?color=black");
    assert_int_equal(n, strlen(url));
    assert_int_equal(chc_position_link(&pos, CHC_LINK_LICHESS_EDITOR, "https://lichess.org/", url, sizeof url, NULL, NULL), CHC_OK);
    assert_string_equal(url, "https://lichess.org/editor/rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR_b_KQkq_e3_0_1?color=black");
    chc_position_startpos(&pos);
    assert_int_equal(chc_position_link(&pos, CHC_LINK_LICHESS_ANALYSIS, NULL, url, sizeof url, NULL, NULL), CHC_OK);
    assert_string_equal(url, "https://lichess.org/analysis/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1");
    assert_int_equal(chc_position_link(&pos, CHC_LINK_PAGE, NULL, url, sizeof url, NULL, NULL), CHC_OK);
    assert_string_equal(url, "http://127.0.0.1:8080/#fen=rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR%20w%20KQkq%20-%200%201");
    assert_int_equal(chc_position_link(&pos, CHC_LINK_PAGE, "https://example.org/chess/", url, sizeof url, NULL, NULL), CHC_OK);
    assert_true(strncmp(url, "https://example.org/chess/#fen=rnbqkbnr%2F", 42) == 0);
    /* Too small: the length needed, an empty dst. */
    char small[16];
    n = 0;
    assert_int_equal(chc_position_link(&pos, CHC_LINK_LICHESS_EDITOR, NULL, small, sizeof small, &n, NULL), CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, strlen("https://lichess.org/editor/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1"));
    assert_string_equal(small, "");
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(chc_position_link(&pos, 3, NULL, url, sizeof url, NULL, &d), CHC_E_ARGUMENT);
    assert_int_equal(chc_position_link(&pos, -1, NULL, url, sizeof url, NULL, NULL), CHC_E_ARGUMENT);
    /* Every link of a long FEN fits CHC_LINK_MAX. */
    tu_pos(&pos, "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    for (int k = 0; k <= CHC_LINK_PAGE; k++)
        assert_int_equal(chc_position_link(&pos, k, NULL, url, CHC_LINK_MAX(22), NULL, NULL), CHC_OK);
}

static void test_format_names(void **state)
{
    (void)state;
    char names[512];
    assert_int_equal(chc_format_names(CHC_KIND_POSITION, CHC_CAP_WRITE, ", ", names, sizeof names), CHC_OK);
    assert_true(strstr(names, "fen, ") == names);
    assert_true(strstr(names, "covert") != NULL);
    char small[6];
    assert_int_equal(chc_format_names(CHC_KIND_POSITION, 0, ", ", small, sizeof small), CHC_E_BUFFER_TOO_SMALL);
    assert_string_equal(small, "fen");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_links),
        cmocka_unit_test(test_format_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
