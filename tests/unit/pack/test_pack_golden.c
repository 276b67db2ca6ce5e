/* Golden vectors of the pack codes, version 1 (tests/data/pack/golden-v1-*.tsv.xz, made once by
 * tools/pack_golden when version 1 was made; position code version 2: golden-v2-positions): every pinned game and position must encode to
 * exactly its pinned code (text and binary) and every code must decode to exactly its pinned
 * game (start with counters and Chess960 flag, moves, result) or position. A change of the
 * coder, the move order, a weight or the book fails here: a published version never changes
 * (make a new version instead; docs/formats/pack-game.md, "Versions and models"). The models'
 * tables are also pinned by digest, so the failure names its cause. */
#include "testutil.h"
#include "test_pack_util.h"

#include <stdio.h>

#include "pack/pack_internal.h"

static void test_model_digests(void **state)
{
    (void)state;
    /* model 1 (pack game version 1, and chesscodec 0.1's model 0.1b) and model 0.1a */
    assert_true(chci_pm_model_digest(&chci_pm_model1) == 0x9f0e42ad4edb6c95ull);
    assert_true(chci_pm_model_digest(&chci_pm_model_01b) == 0x9f0e42ad4edb6c95ull);
    assert_true(chci_pm_model_digest(&chci_pm_model_01a) == 0xe4f31569e4a08389ull);
    assert_int_equal(chci_pm_model1.book_n, 3277);
    assert_int_equal(chci_pm_model_01a.book_n, 0);
}

static void test_golden_games(void **state)
{
    (void)state;
    char *buf, **lines;
    size_t nl = tp_data_lines("pack/golden-v1-games.tsv.xz", &buf, &lines);
    static tp_game g;
    size_t every = tu_sanitized() ? 5 : 1;
    long games = 0, results[4] = {0}, levels[3] = {0}, c960 = 0, fen_starts = 0, longs = 0;
    long promos = 0, eps = 0, castles960 = 0, mates = 0, stalemates = 0;
    chc_game *back = chc_game_new();
    for (size_t li = 0; li < nl; li += every) {
        char *f[6];
        if (tp_fields(lines[li], f, 6) != 6) fail_msg("line %zu: not 6 fields", li + 1);
        int level = atoi(f[1]), result = tp_result(f[2]);
        if (result < 0 || tp_game_from(f[3], f[4], f[5], &g)) fail_msg("line %zu: bad game", li + 1);
        const char *code = f[0];
        size_t cl = strlen(code);
        chc_game *cg = tp_chc_game(&g, result);
        assert_non_null(cg);
        /* encode: text and binary, version 1 (also after later versions become the default) */
        char text[CHC_PACK_GAME_TEXT_MAX(2048)];
        size_t tl = 0;
        chc_diag d = CHC_DIAG_INIT;
        int rc = chci_pack_game_write_version(1, &g.start, g.moves, g.n, result, level, text, sizeof text, &tl, &d);
        if (rc) fail_msg("line %zu: write: %s", li + 1, d.message);
        if (strcmp(text, code)) fail_msg("line %zu: encodes to %s, pinned %s", li + 1, text, code);
        assert_int_equal(tl, cl);
        if (CHC_PACK_GAME_VERSION == 1) { /* the public writer writes version 1 */
            assert_int_equal(chc_pack_game_write(cg, CHC_PACK_LEVEL(level), text, sizeof text, &tl, NULL), CHC_OK);
            assert_string_equal(text, code);
        }
        static uint8_t bin[CHC_PACK_GAME_MAX(2048)], want[CHC_PACK_GAME_MAX(2048)];
        size_t bl = 0;
        assert_int_equal(chci_pack_game_encode_version(1, &g.start, g.moves, g.n, result, level, bin, sizeof bin, &bl,
                                                       NULL), CHC_OK);
        want[0] = 1;
        long wl = tp_b64_decode(code + 1, cl - 2, want + 1);
        assert_true(wl >= 0 && (size_t)wl + 1 == bl);
        assert_memory_equal(bin, want, bl);
        /* decode: text and binary */
        chc_read_info info;
        rc = chc_pack_game_read(code, cl, back, &info, &d);
        if (rc) fail_msg("line %zu: read: %s", li + 1, d.message);
        assert_int_equal(info.version, 1);
        assert_int_equal(info.flags, 0);
        assert_int_equal(info.format, CHC_FORMAT_PACK_GAME);
        if (!tp_same_game(back, &g, result)) fail_msg("line %zu: decodes to another game", li + 1);
        {
            /* exactly the pinned start: FEN (counters, castling rooks, en passant) and flag */
            char f1[CHC_FEN_MAX];
            tp_fen(chc_game_start(back), f1);
            if (strcmp(f1, f[4])) fail_msg("line %zu: start %s, pinned %s", li + 1, f1, f[4]);
        }
        static chc_move mv[2048];
        chc_position st;
        size_t n = 0;
        int res = -1;
        assert_int_equal(chc_pack_game_decode(bin, bl, &st, mv, 2048, &n, &res, &info, NULL), CHC_OK);
        assert_int_equal(n, g.n);
        assert_int_equal(res, result);
        assert_int_equal(info.version, 1);
        for (size_t i = 0; i < n; i++) assert_int_equal(mv[i] & 0x7FFF, g.moves[i] & 0x7FFF);
        /* statistics: the set must cover what it claims */
        games++;
        results[result]++;
        levels[level]++;
        char sf[CHC_FEN_MAX];
        chc_position_to_fen(&g.start, sf, sizeof sf, 0);
        c960 += g.start.chess960 != 0;
        fen_starts += strcmp(sf, CHC_STARTPOS_FEN) != 0 && !g.start.chess960;
        longs += g.n >= 200;
        chc_position pos = g.start;
        for (size_t i = 0; i < g.n; i++) {
            unsigned fl = CHC_MOVE_FLAGS(g.moves[i]);
            promos += (fl & CHC_MF_PROMOTION) != 0;
            eps += (fl & CHC_MF_EN_PASSANT) != 0;
            castles960 += (fl & CHC_MF_CASTLE) && pos.chess960;
            chc_undo u;
            chc_make_move(&pos, g.moves[i], &u);
        }
        if (!chc_count_legal_moves(&pos)) {
            mates += pos.checkers != 0;
            stalemates += pos.checkers == 0;
        }
        chc_game_free(cg);
    }
    printf("golden games: %ld (1-0 %ld, 0-1 %ld, 1/2 %ld, * %ld; level 1 %ld, level 2 %ld; Chess960 %ld, "
           "FEN starts %ld, 200+ plies %ld; %ld promotions, %ld en passant, %ld Chess960 castlings, "
           "%ld mates, %ld stalemates)\n",
           games, results[1], results[2], results[3], results[0], levels[1], levels[2], c960, fen_starts, longs,
           promos, eps, castles960, mates, stalemates);
    if (every == 1) {
        assert_true(games >= 1000);
        for (int r = 0; r < 4; r++) assert_true(results[r] >= 10);
        assert_true(levels[1] >= 100 && levels[2] >= 100);
        assert_true(c960 >= 100 && fen_starts >= 20 && longs >= 20);
        assert_true(promos >= 20 && eps >= 20 && castles960 >= 20 && mates >= 20 && stalemates >= 5);
    }
    chc_game_free(back);
    free(lines);
    free(buf);
}

static void test_golden_positions(void **state)
{
    (void)state;
    char *buf, **lines;
    size_t nl = tp_data_lines("pack/golden-v1-positions.tsv.xz", &buf, &lines);
    long n = 0, eps = 0, c960 = 0, promoted = 0;
    for (size_t li = 0; li < nl; li++) {
        char *f[3];
        if (tp_fields(lines[li], f, 3) != 3) fail_msg("line %zu: not 3 fields", li + 1);
        chc_position pos, back;
        if (chc_position_from_fen(&pos, f[1], 0, NULL)) fail_msg("line %zu: bad FEN", li + 1);
        char text[CHC_PACK_POS_TEXT_MAX], fen[CHC_FEN_MAX];
        size_t tl = 0;
        assert_int_equal(chc_pack_position_write(&pos, 0, text, sizeof text, &tl, NULL), CHC_OK);
        if (strcmp(text, f[0])) fail_msg("line %zu: %s encodes to %s, pinned %s", li + 1, f[1], text, f[0]);
        chc_read_info info;
        assert_int_equal(chc_pack_position_read(f[0], strlen(f[0]), &back, &info, NULL), CHC_OK);
        assert_int_equal(info.version, 1);
        assert_int_equal(info.flags, 0);
        tp_fen(&back, fen);
        if (strcmp(fen, f[2])) fail_msg("line %zu: decodes to %s, pinned %s", li + 1, fen, f[2]);
        /* the binary form holds the same 156 bits as the text's 26 payload characters */
        uint8_t bin[CHC_PACK_POS_BYTES];
        assert_int_equal(chc_pack_position_encode(&pos, bin, NULL), CHC_OK);
        uint8_t expect[CHC_PACK_POS_BYTES];
        /* 26 characters are 156 bits: 20 bytes right-aligned, the top 4 bits zero */
        uint32_t acc = 0;
        int bits = 0, o = CHC_PACK_POS_BYTES;
        for (int i = 26; i >= 1; i--) {
            const char *a = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
            acc |= (uint32_t)(strchr(a, f[0][i]) - a) << bits;
            bits += 6;
            while (bits >= 8 && o > 0) {
                expect[--o] = (uint8_t)acc;
                acc >>= 8;
                bits -= 8;
            }
        }
        expect[0] = (uint8_t)acc;
        assert_memory_equal(bin, expect, CHC_PACK_POS_BYTES);
        assert_int_equal(chc_pack_position_decode(bin, &back, NULL), CHC_OK);
        tp_fen(&back, fen);
        assert_string_equal(fen, f[2]);
        n++;
        {
            const char *sp = strchr(f[2], ' ');
            sp = sp ? strchr(sp + 1, ' ') : NULL;
            sp = sp ? strchr(sp + 1, ' ') : NULL; /* the ep field */
            eps += sp && sp[1] != '-';
        }
        c960 += back.chess960 != 0;
        for (int col = 0; col < 2; col++) {
            int q = __builtin_popcountll(back.by_color[col] & back.by_type[CHC_QUEEN]);
            int r = __builtin_popcountll(back.by_color[col] & back.by_type[CHC_ROOK]);
            int kn = __builtin_popcountll(back.by_color[col] & back.by_type[CHC_KNIGHT]);
            int b = __builtin_popcountll(back.by_color[col] & back.by_type[CHC_BISHOP]);
            promoted += q > 1 || r > 2 || kn > 2 || b > 2;
        }
    }
    printf("golden positions: %ld (%ld with en passant, %ld Chess960 with rights, %ld with promoted pieces)\n", n,
           eps, c960, promoted);
    assert_true(n >= 1000 && eps >= 50 && c960 >= 100 && promoted >= 20);
    free(lines);
    free(buf);
}

/* Version 2 (tests/data/pack/golden-v2-positions.tsv.xz, made once by `tools/pack_golden
 * positions-v2` when version 2 was made): the same positions as version 1's file. */
static void test_golden_positions_v2(void **state)
{
    (void)state;
    char *buf, **lines;
    size_t nl = tp_data_lines("pack/golden-v2-positions.tsv.xz", &buf, &lines);
    long n = 0;
    for (size_t li = 0; li < nl; li++) {
        char *f[3];
        if (tp_fields(lines[li], f, 3) != 3) fail_msg("line %zu: not 3 fields", li + 1);
        chc_position pos, back;
        if (chc_position_from_fen(&pos, f[1], 0, NULL)) fail_msg("line %zu: bad FEN", li + 1);
        char text[CHC_PACK_POS_TEXT_MAX], fen[CHC_FEN_MAX];
        size_t tl = 0;
        assert_int_equal(chc_pack_position_write(&pos, CHC_PACK_POS_V(2), text, sizeof text, &tl, NULL), CHC_OK);
        if (strcmp(text, f[0])) fail_msg("line %zu: %s encodes to %s, pinned %s", li + 1, f[1], text, f[0]);
        chc_read_info info;
        assert_int_equal(chc_pack_position_read(f[0], strlen(f[0]), &back, &info, NULL), CHC_OK);
        assert_int_equal(info.version, 2);
        tp_fen(&back, fen);
        if (strcmp(fen, f[2])) fail_msg("line %zu: decodes to %s, pinned %s", li + 1, fen, f[2]);
        /* the binary form: the 26 payload characters' 156 bits right-aligned in 20 bytes, of
         * which only the low 153 may be set */
        uint8_t bin[CHC_PACK_POS_BYTES], expect[CHC_PACK_POS_BYTES];
        assert_int_equal(chc_pack_position_encode_version(&pos, 2, bin, NULL), CHC_OK);
        uint32_t acc = 0;
        int bits = 0, o = CHC_PACK_POS_BYTES;
        for (int i = 26; i >= 1; i--) {
            const char *a = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
            acc |= (uint32_t)(strchr(a, f[0][i]) - a) << bits;
            bits += 6;
            while (bits >= 8 && o > 0) {
                expect[--o] = (uint8_t)acc;
                acc >>= 8;
                bits -= 8;
            }
        }
        expect[0] = (uint8_t)acc;
        assert_memory_equal(bin, expect, CHC_PACK_POS_BYTES);
        assert_true(bin[0] < 2);
        assert_int_equal(chc_pack_position_decode_version(bin, 2, &back, NULL), CHC_OK);
        tp_fen(&back, fen);
        assert_string_equal(fen, f[2]);
        n++;
    }
    printf("golden positions, version 2: %ld\n", n);
    assert_true(n >= 1000);
    free(lines);
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden_positions_v2),
        cmocka_unit_test(test_model_digests),
        cmocka_unit_test(test_golden_positions),
        cmocka_unit_test(test_golden_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
