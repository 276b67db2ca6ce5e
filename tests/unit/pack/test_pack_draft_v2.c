/* The DRAFT version-2 framing (src/pack/draft/pack_game_v2d.c; docs/formats/pack-game.md,
 * "Toward version 2"): not a published code. Round trips at both levels of the draft model
 * (standard, Chess960 and FEN starts, every result, mate, stalemate, repetitions, the empty
 * game), without and with the second stage, the first byte's range, refusals of truncated, extended and damaged codes (an accepted
 * input always re-encodes to exactly itself), the encoder's errors, and random bytes that must
 * never crash (run it under ASan). */
#define CHC_EXPERIMENTAL 1
#include "testutil.h"
#include "test_pack_util.h"

#include <string.h>

#include "core/position.h"
#include "pack/draft/pack_draft.h"
#include "pack/pack_model.h"

/* FNV-1a of the frozen tables (second stage: tools/pack_stage2; end and result:
 * tools/pack_frame --write-tables). */
#define TABLES_DIGEST 0x134414e0309714f2ull

static tu_rng rng = TU_RNG(0x51A7E5EEDull);
static const chci_v2d_fmt fmts[2] = {{&chci_pm_model_draft2, 0}, {&chci_pm_model_draft2, 1}};
static const chci_v2d_fmt *model = &fmts[0]; /* the format under test: without, with stage 2 */

#define MAXP 600
static uint8_t code[CHCI_V2D_MAX(MAXP)], code2[CHCI_V2D_MAX(MAXP)];
static chc_move back[MAXP + 8];

static size_t encode(const chc_position *start, const chc_move *mv, size_t n, int result, int level,
                     uint8_t *dst)
{
    size_t len = 0;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chci_pack_v2d_encode(model, start, mv, n, result, level, dst, CHCI_V2D_MAX(n), &len, &d);
    if (rc) fail_msg("v2d encode: %s", d.message);
    return len;
}

/* Any input: refused, or decoded to a game that re-encodes to exactly the input. Returns the
 * decoder's code. */
static int decode_strict(const uint8_t *src, size_t len)
{
    chc_position st;
    size_t n = 0;
    int res = -2, lv = 0;
    int rc = chci_pack_v2d_decode(model, src, len, &st, back, MAXP, &n, &res, &lv, NULL);
    if (rc == CHC_OK) {
        size_t l2 = 0;
        assert_int_equal(chci_pack_v2d_encode(model, &st, back, n, res, lv, code2, sizeof code2, &l2, NULL), CHC_OK);
        assert_int_equal(l2, len);
        assert_memory_equal(code2, src, len);
    }
    return rc;
}

/* Packs, checks the first byte, unpacks, compares; then truncations, an extension and damaged
 * bytes of the code. */
static void roundtrip(const chc_position *start, const chc_move *mv, size_t n, int result, int level)
{
    size_t len = encode(start, mv, n, result, level, code);
    assert_true(len >= 1);
    assert_true(code[0] >= 2 && code[0] <= 251);
    chc_position st;
    size_t m = 0;
    int res = -2, lv = 0;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chci_pack_v2d_decode(model, code, len, &st, back, MAXP, &m, &res, &lv, &d);
    if (rc) fail_msg("v2d decode: %s", d.message);
    assert_int_equal(m, n);
    assert_int_equal(res, result);
    assert_int_equal(lv, level ? level : 1);
    assert_memory_equal(back, mv, n * sizeof *mv);
    assert_memory_equal(st.board, start->board, 64);
    assert_int_equal(st.key, start->key);
    /* a buffer one ply short */
    if (n) {
        assert_int_equal(chci_pack_v2d_decode(model, code, len, &st, back, n - 1, &m, NULL, NULL, NULL),
                         CHC_E_BUFFER_TOO_SMALL);
        assert_int_equal(m, n);
    }
    /* too small an output buffer */
    size_t l2 = 0;
    assert_int_equal(chci_pack_v2d_encode(model, start, mv, n, result, level, code2, len - 1, &l2, NULL),
                     CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(l2, len);
    uint8_t keep[CHCI_V2D_MAX(MAXP)];
    memcpy(keep, code, len);
    /* truncated: refused, or (rarely) another game's exact code, never this game's (long codes:
     * the last 8 lengths and every 7th) */
    for (size_t k = 0; k < len; k++)
        if (len <= 48 || k + 8 >= len || k % 7 == 0) decode_strict(keep, k);
    /* extended by a byte: refused, or another game's exact code (a short code plus a byte can
     * be one) */
    for (int b = 0; b < 256; b += 17) {
        keep[len] = (uint8_t)b;
        decode_strict(keep, len + 1);
    }
    keep[len] = 0; /* a zero byte: the decoder reads zeros past the end anyway, so the same
                     * symbols, and one byte more than the encoder writes: refused */
    assert_int_not_equal(decode_strict(keep, len + 1), CHC_OK);
    /* damaged bytes */
    for (int t = 0; t < 8; t++) {
        size_t at = tu_rand_below(&rng, len);
        uint8_t was = keep[at];
        keep[at] ^= (uint8_t)(1 + tu_rand_below(&rng, 255));
        decode_strict(keep, len);
        keep[at] = was;
    }
}

/* A random legal game of up to maxn plies from start; returns its length. */
static size_t random_game(const chc_position *start, chc_move *mv, size_t maxn)
{
    chc_position p = *start;
    size_t n = 0;
    while (n < maxn) {
        chc_move l[CHC_MAX_MOVES];
        int k = chc_legal_moves(&p, l, CHC_GEN_ALL);
        if (!k) break;
        mv[n] = l[tu_rand_below(&rng, (uint64_t)k)];
        chc_undo u;
        chc_make_move(&p, mv[n++], &u);
    }
    return n;
}

static void uci_game(const char *fen, const char *uci, tp_game *g)
{
    if (fen) assert_int_equal(chc_position_from_fen(&g->start, fen, 0, NULL), CHC_OK);
    else chc_position_startpos(&g->start);
    assert_int_equal(tp_moves(uci, g), 0);
}

static const int results[4] = {CHC_RESULT_UNKNOWN, CHC_RESULT_WHITE_WINS, CHC_RESULT_BLACK_WINS,
                               CHC_RESULT_DRAW};

static void test_v2d_tables(void **state)
{
    (void)state;
    uint64_t h = 0xcbf29ce484222325ull;
    for (int l = 0; l < CHCI_PM_LEVELS; l++)
        for (int c = 0; c < CHCI_V2D_S2_CTX; c++) {
            assert_true(chci_v2d_s2_temp[l][c] >= 1);
            h = (h ^ (uint16_t)chci_v2d_s2_temp[l][c]) * 0x100000001b3ull;
            for (int r = 0; r < CHCI_V2D_S2_RANKS; r++) h = (h ^ (uint16_t)chci_v2d_s2_bias[l][c][r]) * 0x100000001b3ull;
        }
    for (int c = 0; c < CHCI_V2D_END_CTX; c++) {
        assert_true(chci_v2d_end_freq[c] >= 1 && chci_v2d_end_freq[c] < (1u << CHCI_V2D_END_BITS));
        h = (h ^ chci_v2d_end_freq[c]) * 0x100000001b3ull;
    }
    for (int c = 0; c < CHCI_V2D_RES_CTX; c++)
        for (int k = 0; k < 4; k++) {
            assert_true(chci_v2d_res_freq[c][k] >= 1);
            h = (h ^ chci_v2d_res_freq[c][k]) * 0x100000001b3ull;
        }
    if (h != TABLES_DIGEST) fail_msg("tables digest 0x%016llx", (unsigned long long)h);
}

static void test_v2d_fixed_games(void **state)
{
    (void)state;
    static tp_game g;
    static const struct {
        const char *fen, *uci;
    } games[] = {
        {NULL, ""},
        {NULL, "e2e4 e7e5 g1f3 b8c6 f1b5"},
        {NULL, "f2f3 e7e5 g2g4 d8h4"},                       /* mate */
        {"k7/8/8/1Q6/8/8/8/7K w - - 0 1", "b5b6"},           /* stalemate */
        {"k7/8/1Q6/8/8/8/8/7K b - - 0 1", ""},               /* starts stalemated */
        {NULL, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3"}, /* repetitions */
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "a3a4 a7a5"},
        {"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", "f7f5 e5f6"},
        {"8/P6k/8/8/8/8/8/K7 w - - 99 80", "a7a8n"},
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        uci_game(games[i].fen, games[i].uci, &g);
        for (int r = 0; r < 4; r++)
            for (int level = 0; level <= 2; level++) {
                model = &fmts[(r + level) % 2];
                roundtrip(&g.start, g.moves, g.n, results[r], level);
            }
    }
    /* the mate's result costs little, the standard empty game is short */
    uci_game(NULL, "f2f3 e7e5 g2g4 d8h4", &g);
    assert_true(encode(&g.start, g.moves, g.n, CHC_RESULT_BLACK_WINS, 1, code) <= 3);
}

static void test_v2d_random_games(void **state)
{
    (void)state;
    static chc_move mv[MAXP];
    for (int gi = 0; gi < 60; gi++) {
        chc_position start;
        if (gi % 3 == 1) assert_int_equal(chc_position_chess960(&start, (int)tu_rand_below(&rng, 960)), CHC_OK);
        else chc_position_startpos(&start);
        if (gi % 6 == 5) { /* a FEN start: a position in the middle of a random game */
            chc_move pre[40];
            size_t k = random_game(&start, pre, 20 + tu_rand_below(&rng, 20));
            for (size_t j = 0; j < k; j++) {
                chc_undo u;
                chc_make_move(&start, pre[j], &u);
            }
        }
        size_t n = random_game(&start, mv, gi % 10 == 0 ? 500 : 1 + tu_rand_below(&rng, 120));
        model = &fmts[gi / 2 % 2];
        roundtrip(&start, mv, n, results[gi % 4], 1 + gi % 2);
    }
}

static void test_v2d_refusals(void **state)
{
    (void)state;
    chc_position st, sp;
    chc_position_startpos(&sp);
    size_t n;
    /* empty input, and first bytes outside 2..251: not the draft */
    assert_int_equal(chci_pack_v2d_decode(model, code, 0, &st, back, MAXP, &n, NULL, NULL, NULL), CHC_E_PACK_VERSION);
    static const uint8_t firsts[] = {0x00, 0x01, 0xFC, 0xFD, 0xFE, 0xFF};
    for (size_t i = 0; i < sizeof firsts; i++) {
        uint8_t b[4] = {firsts[i], 0x80, 0x12, 0x34};
        for (size_t l = 1; l <= 4; l++)
            assert_int_equal(chci_pack_v2d_decode(model, b, l, &st, back, MAXP, &n, NULL, NULL, NULL),
                             CHC_E_PACK_VERSION);
    }
    /* a version-1 code is refused */
    size_t len = 0;
    chc_move m[2];
    assert_int_equal(chc_move_from_uci(&sp, "e2e4", &m[0], NULL), CHC_OK);
    assert_int_equal(chc_pack_game_encode(&sp, m, 1, CHC_RESULT_UNKNOWN, 0, code, sizeof code, &len, NULL), CHC_OK);
    assert_int_equal(chci_pack_v2d_decode(model, code, len, &st, back, MAXP, &n, NULL, NULL, NULL), CHC_E_PACK_VERSION);
    /* the encoder's errors */
    assert_int_equal(chci_pack_v2d_encode(model, &sp, m, 1, CHC_RESULT_UNKNOWN, 3, code, sizeof code, &len, NULL),
                     CHC_E_ARGUMENT);
    assert_int_equal(chci_pack_v2d_encode(model, &sp, m, 1, 77, 1, code, sizeof code, &len, NULL), CHC_E_ARGUMENT);
    m[1] = m[0]; /* e2e4 twice */
    assert_int_equal(chci_pack_v2d_encode(model, &sp, m, 2, CHC_RESULT_UNKNOWN, 1, code, sizeof code, &len, NULL),
                     CHC_E_MOVE_ILLEGAL);
    m[1] = CHC_MOVE_NULL;
    assert_int_equal(chci_pack_v2d_encode(model, &sp, m, 2, CHC_RESULT_UNKNOWN, 1, code, sizeof code, &len, NULL),
                     CHC_E_UNSUPPORTED);
    /* a move after mate */
    static tp_game g;
    uci_game(NULL, "f2f3 e7e5 g2g4 d8h4", &g);
    g.moves[4] = g.moves[0];
    assert_int_equal(chci_pack_v2d_encode(model, &g.start, g.moves, 5, CHC_RESULT_UNKNOWN, 1, code, sizeof code,
                                          &len, NULL),
                     CHC_E_MOVE_ILLEGAL);
}

/* Random bytes, and random changes of valid codes: never a crash; what reads re-encodes to
 * exactly itself. */
static void test_v2d_fuzz(void **state)
{
    (void)state;
    const int iters = getenv("CHC_SANITIZED") ? 4000 : 20000;
    model = &fmts[1];
    static uint8_t buf[256];
    static chc_move mv[MAXP];
    int ok = 0;
    for (int it = 0; it < iters; it++) {
        size_t len = tu_rand_below(&rng, 48);
        if (it % 4 == 0) {
            chc_position sp;
            chc_position_startpos(&sp);
            size_t n = random_game(&sp, mv, tu_rand_below(&rng, 60));
            len = encode(&sp, mv, n, results[it % 16 / 4], 1 + (it % 8 == 0), buf);
            int changes = 1 + (int)tu_rand_below(&rng, 3);
            for (int c = 0; c < changes && len; c++) buf[tu_rand_below(&rng, len)] ^= (uint8_t)tu_rand(&rng);
            if (tu_rand_below(&rng, 4) == 0) len = tu_rand_below(&rng, len + 3);
        } else {
            for (size_t i = 0; i < len; i++) buf[i] = (uint8_t)tu_rand(&rng);
        }
        ok += decode_strict(buf, len) == CHC_OK;
    }
    assert_true(ok < iters);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_v2d_tables),
        cmocka_unit_test(test_v2d_fixed_games),
        cmocka_unit_test(test_v2d_random_games),
        cmocka_unit_test(test_v2d_refusals),
        cmocka_unit_test(test_v2d_fuzz),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
