/* The emoji list's names, groups and subgroups (chc_covert_emoji_info, from emoji-test 12.1),
 * what an emoji means at each place of a code (chc_covert_emoji_place), `chesscodec emoji`'s
 * text (chc_covert_emoji_text) and chc_covert_emoji_lookup. */
#include "testutil.h"

#include <string.h>

static void test_info(void **state)
{
    (void)state;
    chc_emoji_info e;
    assert_int_equal(chc_covert_emoji_info(2451, &e), CHC_OK);
    assert_string_equal(e.text, "♟️");
    assert_string_equal(e.name, "chess pawn");
    assert_string_equal(e.group, "Activities");
    assert_string_equal(e.subgroup, "game");
    assert_int_equal(e.cp_count, 2);
    assert_int_equal(e.cp[0], 0x265F);
    assert_int_equal(e.cp[1], 0xFE0F);
    assert_int_equal(chc_covert_emoji_info(0, &e), CHC_OK);
    assert_string_equal(e.name, "grinning face");
    assert_string_equal(e.group, "Smileys & Emotion");
    assert_string_equal(e.subgroup, "face-smiling");
    assert_int_equal(chc_covert_emoji_info(CHC_COVERT_RESIGN_INDEX, &e), CHC_OK);
    assert_string_equal(e.name, "white flag");
    assert_int_equal(chc_covert_emoji_info(3177, &e), CHC_OK);
    assert_string_equal(e.name, "flag: Wales");
    assert_string_equal(e.group, "Flags");
    assert_int_equal(e.cp_count, 7);
    assert_int_equal(chc_covert_emoji_info(3178, &e), CHC_E_ARGUMENT);
    assert_null(e.name);
    assert_int_equal(chc_covert_emoji_info(-1, &e), CHC_E_ARGUMENT);
    assert_int_equal(chc_covert_emoji_info(0, NULL), CHC_E_ARGUMENT);
    /* Every entry has a name, a group and a subgroup, and fits CHC_COVERT_EMOJI_TEXT_MAX. */
    char text[CHC_COVERT_EMOJI_TEXT_MAX];
    for (int i = 0; i < CHC_COVERT_EMOJI_COUNT; i++) {
        assert_int_equal(chc_covert_emoji_info(i, &e), CHC_OK);
        assert_true(e.name[0] && e.group[0] && e.subgroup[0] && e.cp_count > 0);
        assert_int_equal(chc_covert_emoji_text(i, text, sizeof text, NULL), CHC_OK);
    }
}

static void test_places(void **state)
{
    (void)state;
    char t[CHC_COVERT_PLACE_MAX];
    int ok = -1;
    assert_int_equal(chc_covert_emoji_place(2451, 1, t, sizeof t, NULL, &ok), CHC_OK);
    assert_string_equal(t, "names the scheme; a8: black rook");
    assert_int_equal(ok, 1);
    assert_int_equal(chc_covert_emoji_place(0, 1, t, sizeof t, NULL, &ok), CHC_OK);
    assert_int_equal(ok, 0);
    /* Emoji 2 of the vector: b8 n, c8 b, d8 q = 169*8 + 13*9 + 11 = 1480. */
    assert_int_equal(chc_covert_emoji_place(1480, 2, t, sizeof t, NULL, &ok), CHC_OK);
    assert_string_equal(t, "b8: black knight, c8: black bishop, d8: black queen");
    /* Emoji 23: 1625 = black, K, q (docs' last example); 45 = white, no castling, e3. */
    assert_int_equal(chc_covert_emoji_place(1625, 23, t, sizeof t, NULL, &ok), CHC_OK);
    assert_string_equal(t, "black to move, castling Kq, en passant -");
    assert_int_equal(chc_covert_emoji_place(1040 + 975 + 45, 23, t, sizeof t, NULL, &ok), CHC_OK);
    assert_string_equal(t, "black to move, castling KQkq, en passant e3");
    assert_int_equal(chc_covert_emoji_place(2080, 23, t, sizeof t, NULL, &ok), CHC_OK);
    assert_int_equal(ok, 0);
    assert_int_equal(chc_covert_emoji_place(CHC_COVERT_RESIGN_INDEX, 26, t, sizeof t, NULL, &ok), CHC_OK);
    assert_int_equal(ok, 1);
    assert_int_equal(chc_covert_emoji_place(0, 26, t, sizeof t, NULL, &ok), CHC_OK);
    assert_int_equal(ok, 0);
    assert_int_equal(chc_covert_emoji_place(0, 0, t, sizeof t, NULL, &ok), CHC_E_ARGUMENT);
    assert_int_equal(chc_covert_emoji_place(0, 27, t, sizeof t, NULL, &ok), CHC_E_ARGUMENT);
    assert_int_equal(chc_covert_emoji_place(3178, 2, t, sizeof t, NULL, &ok), CHC_E_ARGUMENT);
    size_t need = 0;
    assert_int_equal(chc_covert_emoji_place(2451, 1, t, 4, &need, NULL), CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(need, strlen("names the scheme; a8: black rook"));
    /* Every board place agrees with the decoder: an allowed value decodes at that place. */
    for (int place = 2; place <= 22; place++)
        for (int i = 0; i < CHC_COVERT_EMOJI_COUNT; i += 7) {
            assert_int_equal(chc_covert_emoji_place(i, place, t, sizeof t, NULL, &ok), CHC_OK);
            int w = (i - (1111 * (place - 2)) % 3178 + 3178) % 3178;
            assert_int_equal(ok, w < 2197);
        }
}

static void test_lookup_and_text(void **state)
{
    (void)state;
    assert_int_equal(chc_covert_emoji_lookup("♟", strlen("♟")), 2451);
    assert_int_equal(chc_covert_emoji_lookup("♟️", strlen("♟️")), 2451);
    assert_int_equal(chc_covert_emoji_lookup(" ♟\xef\xb8\x8e\n", strlen(" ♟\xef\xb8\x8e\n")), 2451);
    assert_int_equal(chc_covert_emoji_lookup("👍🏽", strlen("👍🏽")), 260);
    assert_int_equal(chc_covert_emoji_lookup("2451", 4), 2451);
    assert_int_equal(chc_covert_emoji_lookup("0", 1), 0);
    assert_int_equal(chc_covert_emoji_lookup("3178", 4), -1);
    assert_int_equal(chc_covert_emoji_lookup("007", 3), -1);
    assert_int_equal(chc_covert_emoji_lookup("♟♟", strlen("♟♟")), -1);
    assert_int_equal(chc_covert_emoji_lookup("x", 1), -1);
    assert_int_equal(chc_covert_emoji_lookup("", 0), -1);
    assert_int_equal(chc_covert_emoji_lookup("\xf0\x9f", 2), -1);
    char text[CHC_COVERT_EMOJI_TEXT_MAX];
    size_t n = 0;
    assert_int_equal(chc_covert_emoji_text(2451, text, sizeof text, &n), CHC_OK);
    assert_int_equal(n, strlen(text));
    assert_true(strstr(text, "index     2451\nname      chess pawn\ngroup     Activities\n"
                             "subgroup  game\nescape    \\u265f\\ufe0f\ncodes     U+265F U+FE0F\n"
                             "place 1   names the scheme; a8: black rook\n") != NULL);
    assert_true(strstr(text, "place 26  not allowed") != NULL);
    assert_int_equal(chc_covert_emoji_text(0, text, sizeof text, NULL), CHC_OK);
    assert_true(strstr(text, "escape    \\U0001f600\n") != NULL);
    assert_int_equal(chc_covert_emoji_text(-1, text, sizeof text, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_covert_emoji_text(0, text, 10, &n), CHC_E_BUFFER_TOO_SMALL);
    assert_string_equal(text, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_info),
        cmocka_unit_test(test_places),
        cmocka_unit_test(test_lookup_and_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
