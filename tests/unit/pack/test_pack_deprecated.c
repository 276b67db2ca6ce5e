/* The deprecated 0.1 names of the pack functions keep working for the 0.2 series, as wrappers
 * of the new ones: the writers write version-1 codes (games with result "*"), the text
 * readers read every version and the unversioned 0.1 texts. */
#define CHC_NO_DEPRECATION_WARNINGS 1
#include "testutil.h"
#include "test_pack_util.h"

static void test_positions(void **state)
{
    (void)state;
    chc_position pos, back;
    chc_position_startpos(&pos);
    char text[CHC_PACK_POS_TEXT_MAX];
    uint8_t b[CHC_PACK_POS_BYTES], b2[CHC_PACK_POS_BYTES];
    assert_int_equal(chc_pack_position_text(&pos, text), CHC_OK);
    assert_string_equal(text, "pC770uuaqarvJrHelXIlMUgn-uUM");
    assert_int_equal(chc_unpack_position_text(&back, text, NULL), CHC_OK);
    assert_int_equal(chc_unpack_position_text(&back, " C770uuaqarvJrHelXIlMUgn-uU\n", NULL), CHC_OK);
    assert_int_equal(chc_position_same(&pos, &back), 1);
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(chc_unpack_position_text(&back, "pC770uuaqarvJrHelXIlMUgn-uUN", &d), CHC_E_PACK_CHECK);
    assert_int_equal(d.code, CHC_E_PACK_CHECK);
    assert_int_equal(chc_pack_position(&pos, b), CHC_OK);
    assert_int_equal(chc_pack_position_encode(&pos, b2, NULL), CHC_OK);
    assert_memory_equal(b, b2, sizeof b);
    assert_int_equal(chc_unpack_position(&back, b, NULL), CHC_OK);
    assert_int_equal(chc_position_same(&pos, &back), 1);
}

static void test_games(void **state)
{
    (void)state;
    tp_game *g = malloc(sizeof *g);
    assert_int_equal(tp_parse_line("e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4 e7e5", g), 0);
    char text[CHC_PACK_GAME_TEXT_MAX(64)];
    size_t len = 0, n = 0;
    assert_int_equal(chc_pack_game_text(&g->start, g->moves, g->n, 0, text, sizeof text, &len), CHC_OK);
    if (CHC_PACK_GAME_VERSION == 1) assert_string_equal(text, "_dH1g0");
    chc_game *cg = tp_chc_game(g, CHC_RESULT_UNKNOWN);
    char text2[CHC_PACK_GAME_TEXT_MAX(64)];
    size_t len2 = 0;
    assert_int_equal(chc_pack_game_write(cg, 0, text2, sizeof text2, &len2, NULL), CHC_OK);
    assert_string_equal(text, text2); /* the current version, result "*" */
    assert_int_equal(len, len2);
    chc_game_free(cg);
    chc_position st;
    chc_move mv[64];
    assert_int_equal(chc_unpack_game_text(text, len, &st, mv, 64, &n, NULL), CHC_OK);
    assert_int_equal(n, g->n);
    /* the 0.1 README example is ambiguous between the two 0.1 models */
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(chc_unpack_game_text("aLyWNg", 6, &st, mv, 64, &n, &d), CHC_E_PACK_AMBIGUOUS);
    /* an unambiguous 0.1 code ("hNU", 1.e4 e5 2.Nf3 Nc6 3.Bb5 by 0.1b) */
    assert_int_equal(chc_unpack_game_text("hNU", 3, &st, mv, 64, &n, NULL), CHC_OK);
    assert_int_equal(n, 5);
    assert_int_equal(chc_unpack_game_text("hNU", 3, &st, mv, 2, &n, NULL), CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 5);
    uint8_t bin[CHC_PACK_GAME_MAX(64)], bin2[CHC_PACK_GAME_MAX(64)];
    size_t bl = 0, bl2 = 0;
    assert_int_equal(chc_pack_game(&g->start, g->moves, g->n, 2, bin, sizeof bin, &bl), CHC_OK);
    assert_int_equal(chc_pack_game_encode(&g->start, g->moves, g->n, CHC_RESULT_UNKNOWN, CHC_PACK_LEVEL(2), bin2,
                                          sizeof bin2, &bl2, NULL), CHC_OK);
    assert_int_equal(bl, bl2);
    assert_memory_equal(bin, bin2, bl);
    assert_int_equal(chc_unpack_game(bin, bl, &st, mv, 64, &n, NULL), CHC_OK);
    assert_int_equal(n, g->n);
    assert_int_equal(chc_pack_game(&g->start, g->moves, g->n, 3, bin, sizeof bin, &bl), CHC_E_ARGUMENT);
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_positions),
        cmocka_unit_test(test_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
