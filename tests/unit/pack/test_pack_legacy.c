/* Unversioned pack codes of chesscodec 0.1, read forever (tests/data/pack/legacy-*):
 *  - games packed by the builds of the two published 0.1 models, 0.1a (commit 3f74179) and
 *    0.1b (54164be), with tools/pack_legacy_vectors.sh, and the README example aLyWNg: each
 *    decodes to its game with its model; chc_pack_game_read() gives that game (flagged
 *    CHC_READ_LEGACY) or reports CHC_E_PACK_AMBIGUOUS, never another game;
 *  - positions packed by both builds (the same codes): the 26-character text reads back, and
 *    today's ranking gives the same 156 bits;
 *  - a stream written by the 0.1b CLI's `convert --binary`. */
#define CHC_EXPERIMENTAL 1
#include "testutil.h"
#include "test_pack_util.h"

#include <stdio.h>

static void test_legacy_games(void **state)
{
    (void)state;
    char *buf, **lines;
    size_t nl = tp_data_lines("pack/legacy-games.tsv.xz", &buf, &lines);
    static tp_game g;
    long total[2] = {0, 0}, ambiguous[2] = {0, 0}, level2 = 0, sample_ambiguous[2] = {0, 0};
    chc_game *cg = chc_game_new();
    for (size_t li = 0; li < nl; li++) {
        char *f[6];
        if (tp_fields(lines[li], f, 6) < 5) fail_msg("line %zu: fields", li + 1);
        const char *model = f[0], *code = f[2];
        int m = strcmp(model, "0.1a") == 0 ? 0 : 1;
        if (tp_game_from(f[3], f[4], f[5], &g)) fail_msg("line %zu: bad game", li + 1);
        size_t cl = strlen(code);
        /* with its model: text and binary */
        chc_read_info info;
        chc_diag d = CHC_DIAG_INIT;
        int rc = chc_pack_game_read_legacy(code, cl, model, cg, &info, &d);
        if (rc) fail_msg("line %zu (%s %s): %s", li + 1, model, code, d.message);
        assert_int_equal(info.flags, CHC_READ_LEGACY);
        assert_int_equal(info.version, 0);
        if (!tp_same_game(cg, &g, CHC_RESULT_UNKNOWN)) fail_msg("line %zu: another game", li + 1);
        static uint8_t bin[CHC_PACK_GAME_MAX(2048)];
        long bl = tp_b64_decode(code, cl, bin);
        static chc_move mv[2048];
        chc_position st;
        size_t n = 0;
        int level = 0;
        assert_int_equal(chc_pack_game_decode_legacy(bin, (size_t)bl, model, &st, mv, 2048, &n, &level, NULL),
                         CHC_OK);
        assert_int_equal(n, g.n);
        assert_int_equal(level, atoi(f[1]));
        /* the reading rule: this game, or ambiguous; never another game, never version 1 */
        rc = chc_pack_game_read(code, cl, cg, &info, &d);
        if (rc == CHC_OK) {
            assert_int_equal(info.flags, CHC_READ_LEGACY);
            assert_int_equal(info.version, 0);
            if (!tp_same_game(cg, &g, CHC_RESULT_UNKNOWN))
                fail_msg("line %zu: %s reads as another game", li + 1, code);
        } else {
            if (rc != CHC_E_PACK_AMBIGUOUS) fail_msg("line %zu: %s: %s", li + 1, code, d.message);
            assert_non_null(strstr(d.message, "0.1a"));
            assert_non_null(strstr(d.message, "0.1b"));
            ambiguous[m]++;
            if (total[m] < 200) sample_ambiguous[m]++; /* the first 200: the lichess sample */
        }
        total[m]++;
        level2 += level == 2;
        if (strcmp(code, "aLyWNg") == 0) {
            assert_int_equal(rc, CHC_E_PACK_AMBIGUOUS); /* the README example of 0.1 */
            printf("aLyWNg: %s\n", d.message);
        }
    }
    printf("legacy games: 0.1a %ld (%ld ambiguous; of its 200 lichess games %ld), 0.1b %ld (%ld ambiguous; of its "
           "200 lichess games %ld); %ld at level 2\n", total[0], ambiguous[0], sample_ambiguous[0], total[1],
           ambiguous[1], sample_ambiguous[1], level2);
    /* each: 200 lichess games, then Chess960 games, FEN starts, cut and random games */
    assert_true(total[0] >= 301 && total[1] >= 300);
    chc_game_free(cg);
    free(lines);
    free(buf);
}

static void test_legacy_positions(void **state)
{
    (void)state;
    char *buf, **lines;
    size_t nl = tp_data_lines("pack/legacy-positions.tsv.xz", &buf, &lines);
    long n = 0, c960 = 0, eps = 0;
    for (size_t li = 0; li < nl; li++) {
        char *f[4];
        if (tp_fields(lines[li], f, 4) != 4) fail_msg("line %zu: fields", li + 1);
        assert_string_equal(f[0], "0.1a+0.1b"); /* both builds wrote this code */
        chc_position pos, back;
        if (chc_position_from_fen(&pos, f[2], 0, NULL)) fail_msg("line %zu: bad FEN", li + 1);
        /* today's ranking is 0.1's: the version-1 text carries the same 26 characters */
        char text[CHC_PACK_POS_TEXT_MAX];
        assert_int_equal(chc_pack_position_write(&pos, 0, text, sizeof text, NULL, NULL), CHC_OK);
        if (strncmp(text + 1, f[1], 26)) fail_msg("line %zu: %s ranks as %s, 0.1 wrote %s", li + 1, f[2], text, f[1]);
        chc_read_info info;
        assert_int_equal(chc_pack_position_read(f[1], 26, &back, &info, NULL), CHC_OK);
        assert_int_equal(info.flags, CHC_READ_LEGACY);
        assert_int_equal(info.version, 0);
        char fen[CHC_FEN_MAX], want[CHC_FEN_MAX];
        chc_position_to_fen(&back, fen, sizeof fen, CHC_FEN_SHREDDER);
        if (strcmp(f[3], "=") == 0) { /* the input with counters 0 1 */
            snprintf(want, sizeof want, "%s", f[2]);
            char *sp = want;
            for (int k = 0; k < 4 && sp; k++) sp = strchr(sp + 1, ' ');
            if (!sp) fail_msg("line %zu: FEN", li + 1);
            strcpy(sp, " 0 1");
        } else {
            snprintf(want, sizeof want, "%s", f[3]);
        }
        if (strcmp(fen, want)) fail_msg("line %zu: %s decodes to %s, 0.1 gave %s", li + 1, f[1], fen, want);
        n++;
        c960 += back.chess960 && back.castling;
        eps += back.ep != CHC_NO_SQUARE;
    }
    printf("legacy positions: %ld (%ld Chess960 with rights, %ld with en passant), ranked as 0.1 did\n", n, c960,
           eps);
    assert_true(n >= 3000 && c960 >= 100 && eps >= 100);
    free(lines);
    free(buf);
}

static void test_legacy_stream(void **state)
{
    (void)state;
    size_t len;
    char *bin = tu_read_file(tu_data_path("pack/legacy-0.1b.stream"), &len), *uci, **lines;
    if (!bin) fail_msg("cannot read legacy-0.1b.stream");
    size_t nl = tp_data_lines("pack/legacy-0.1b-stream.uci", &uci, &lines);
    chc_game *cg = chc_game_new();
    static tp_game g;
    size_t off = 0, used = 0, k = 0;
    int rc;
    chc_diag d = CHC_DIAG_INIT;
    /* a 0.1 stream is no pack stream */
    assert_int_equal(chc_pack_stream_check_header((const uint8_t *)bin, len, NULL), CHC_E_STREAM_FORMAT);
    while ((rc = chc_pack_stream01_read_record((const uint8_t *)bin + off, len - off, NULL, &used, cg, &d)) ==
           CHC_OK) {
        assert_true(k < nl);
        assert_int_equal(tp_parse_line(lines[k], &g), 0);
        if (!tp_same_game(cg, &g, CHC_RESULT_UNKNOWN)) fail_msg("0.1 stream record %zu: another game", k + 1);
        off += used;
        k++;
    }
    assert_int_equal(rc, CHC_E_GAME_END);
    assert_int_equal(k, nl);
    /* cut off: the last record's framing fails */
    assert_int_equal(chc_pack_stream01_read_record((const uint8_t *)bin, 3, NULL, &used, cg, &d),
                     CHC_E_STREAM_FORMAT);
    assert_int_equal(used, 0);
    assert_int_equal(chc_pack_stream01_read_record((const uint8_t *)bin, len, "0.1c", &used, cg, NULL),
                     CHC_E_ARGUMENT);
    printf("0.1 stream: %zu games\n", k);
    chc_game_free(cg);
    free(lines);
    free(bin);
    free(uci);
}

static void test_legacy_models(void **state)
{
    (void)state;
    assert_string_equal(chc_pack_legacy_model(0), "0.1a");
    assert_string_equal(chc_pack_legacy_model(1), "0.1b");
    assert_null(chc_pack_legacy_model(2));
    chc_game *cg = chc_game_new();
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(chc_pack_game_read_legacy("aLyWNg", 6, "0.2", cg, NULL, &d), CHC_E_ARGUMENT);
    assert_int_equal(d.code, CHC_E_ARGUMENT);
    assert_int_equal(chc_pack_game_read_legacy("aLyWNg", 6, NULL, cg, NULL, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_pack_game_read_legacy("  ", 2, "0.1a", cg, NULL, NULL), CHC_E_EMPTY);
    assert_int_equal(chc_pack_game_read_legacy("aLy*Ng", 6, "0.1a", cg, NULL, &d), CHC_E_PACK_CORRUPT);
    assert_int_equal(d.index, 3);
    assert_int_equal(chc_pack_game_read_legacy("aLyWN", 5, "0.1a", cg, NULL, NULL), CHC_E_PACK_CORRUPT);
    /* the README example: 0.1a gives the game it was made from, 0.1b another one */
    chc_read_info info;
    assert_int_equal(chc_pack_game_read_legacy(" aLyWNg\n", 8, "0.1a", cg, &info, NULL), CHC_OK);
    assert_int_equal(chc_game_ply_count(cg), 8);
    assert_int_equal(info.offset, 1);
    assert_int_equal(chc_pack_game_read_legacy("aLyWNg", 6, "0.1b", cg, NULL, NULL), CHC_OK);
    assert_int_equal(chc_game_ply_count(cg), 13);
    chc_game_free(cg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_legacy_models),
        cmocka_unit_test(test_legacy_stream),
        cmocka_unit_test(test_legacy_positions),
        cmocka_unit_test(test_legacy_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
