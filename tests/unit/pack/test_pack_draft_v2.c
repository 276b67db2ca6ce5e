/* The DRAFT version-2 framing (src/pack/draft/pack_game_v2d.c; docs/formats/pack-game.md,
 * "Toward version 2"): not a published code. Round trips at both levels of the draft model
 * (standard, Chess960 and FEN starts, every result, mate, stalemate, repetitions, the empty
 * game), without and with the second stage, the first byte's range, refusals of truncated, extended and damaged codes (an accepted
 * input always re-encodes to exactly itself), the encoder's errors, and random bytes that must
 * never crash (run it under ASan). Model 2e's level 1 (feature set 5: set 3 + the policy net):
 * the same round trips, the net's accumulators updated move by move against recomputed ones
 * (a pseudo-random net, so every input and row is met), its floor on negative sums, and the
 * digest of its frozen arrays. */
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
static const chci_v2d_fmt fmts[3] = {
    {&chci_pm_model_draft2, 0}, {&chci_pm_model_draft2, 1}, {&chci_pm_model_draft2e, 0}};
static const chci_v2d_fmt *model = &fmts[0]; /* the format under test: without, with stage 2; 2e */

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

/* ---- model 2e: the policy net ---- */

static void test_v2d_net_floor(void **state)
{
    (void)state;
    static const int32_t t[][2] = {{0, 0},          {1, 0},           {8127, 0},       {8128, 1},
                                   {-1, -1},        {-8127, -1},      {-8128, -1},     {-8129, -2},
                                   {-16256, -2},    {-16257, -3},     {2000000000, 246062},
                                   {-2000000000, -246063}};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) assert_int_equal(chci_pnet_floor(t[i][0]), t[i][1]);
}

/* The net's term of one move, from scratch (the accumulators summed anew). */
static int32_t net_term(const chci_pnet *net, const chc_position *p, chc_move m)
{
    int32_t acc[CHCI_PNET_H], sum = 0;
    int s = p->side, flip = s ? 56 : 0, from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
    for (int j = 0; j < CHCI_PNET_H; j++) acc[j] = net->b[j];
    for (int sq = 0; sq < 64; sq++)
        if (p->board[sq])
            for (int j = 0; j < CHCI_PNET_H; j++) acc[j] += net->v[chci_pnet_input(s, sq, p->board[sq]) * CHCI_PNET_H + j];
    int row = (CHC_PIECE_TYPE(p->board[from]) - 1) * 64;
    for (int j = 0; j < CHCI_PNET_H; j++) {
        int32_t h = acc[j] < 0 ? 0 : acc[j] > 127 ? 127 : acc[j];
        sum += h * (net->u[(row + (to ^ flip)) * CHCI_PNET_H + j] + net->u[(384 + row + (from ^ flip)) * CHCI_PNET_H + j]);
    }
    /* floor division by subtracting the non-negative remainder */
    int32_t r = ((sum % CHCI_PNET_DIV) + CHCI_PNET_DIV) % CHCI_PNET_DIV;
    return (sum - r) / CHCI_PNET_DIV;
}

static void test_v2d_net_incremental(void **state)
{
    (void)state;
    static int16_t v[CHCI_PNET_IN * CHCI_PNET_H], u[CHCI_PNET_IN * CHCI_PNET_H], b[CHCI_PNET_H];
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        v[i] = (int16_t)((int)tu_rand_below(&rng, 81) - 40);
        u[i] = (int16_t)((int)tu_rand_below(&rng, 8001) - 4000);
    }
    for (int j = 0; j < CHCI_PNET_H; j++) b[j] = (int16_t)((int)tu_rand_below(&rng, 161) - 80);
    const chci_pnet net = {v, b, u};
    static chc_move mv[MAXP];
    long moves = 0, negative = 0;
    for (int gi = 0; gi < 24; gi++) {
        chc_position p;
        if (gi % 2) assert_int_equal(chc_position_chess960(&p, (int)tu_rand_below(&rng, 960)), CHC_OK);
        else chc_position_startpos(&p);
        size_t n = random_game(&p, mv, 300);
        chci_pnet_acc a, fresh;
        chci_pnet_reset(&net, &a, &p);
        for (size_t k = 0; k <= n; k++) {
            chci_pnet_reset(&net, &fresh, &p);
            assert_memory_equal(&a, &fresh, sizeof a);
            chc_move l[CHC_MAX_MOVES];
            int32_t sc[CHC_MAX_MOVES];
            int nm = chc_legal_moves(&p, l, CHC_GEN_ALL);
            for (int i = 0; i < nm; i++) sc[i] = 7 * i;
            chci_pnet_add(&net, &a, &p, l, nm, sc);
            for (int i = 0; i < nm; i++) {
                int32_t t = net_term(&net, &p, l[i]);
                assert_int_equal(sc[i], 7 * i + t);
                negative += t < 0;
                moves++;
            }
            if (k == n) break;
            chci_pnet_change ch;
            chci_pnet_change_of(&ch, &p, mv[k]);
            chc_undo un;
            chc_make_move(&p, mv[k], &un);
            chci_pnet_update(&net, &a, &ch, &p);
        }
    }
    assert_true(negative > moves / 10); /* the floor met negative sums */
}

/* FNV-1a of model 2e's net (V, b, U as int16) and a check of its grid's bounds; the model's
 * digest (its linear weights and book, chci_pm_model_digest()). */
#define NET_DIGEST 0x3e2ff25c3102b193ull
#define MODEL2E_DIGEST 0xd8a91e745d28b763ull

static void test_v2d_net_model(void **state)
{
    (void)state;
    const chci_pnet *net = chci_pnet_of(&chci_pm_model_draft2e, 1);
    assert_non_null(net);
    assert_null(chci_pnet_of(&chci_pm_model_draft2e, 2));
    assert_null(chci_pnet_of(&chci_pm_model_draft2, 1));
    uint64_t h = 0xcbf29ce484222325ull;
    const int16_t *arr[3] = {net->v, net->b, net->u};
    const int len[3] = {CHCI_PNET_IN * CHCI_PNET_H, CHCI_PNET_H, CHCI_PNET_IN * CHCI_PNET_H};
    const int lim[3] = {CHCI_PNET_VMAX, CHCI_PNET_VMAX, CHCI_PNET_UMAX};
    for (int a = 0; a < 3; a++)
        for (int i = 0; i < len[a]; i++) {
            assert_true(arr[a][i] >= -lim[a] && arr[a][i] <= lim[a]);
            h = (h ^ (uint16_t)arr[a][i]) * 0x100000001b3ull;
        }
    if (h != NET_DIGEST) fail_msg("net digest 0x%016llx", (unsigned long long)h);
    uint64_t md = chci_pm_model_digest(&chci_pm_model_draft2e);
    if (md != MODEL2E_DIGEST) fail_msg("model 2e digest 0x%016llx", (unsigned long long)md);
    assert_int_equal(chci_pm_model_draft2e.draft, 1);
    assert_ptr_equal(chci_pm_model_draft2e.book, chci_pm_model_draft2.book); /* model 1's, as 2d */
}

static void test_v2d_net_games(void **state)
{
    (void)state;
    static tp_game g;
    static chc_move mv[MAXP];
    model = &fmts[2];
    uci_game(NULL, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1", &g);
    for (int r = 0; r < 4; r++) roundtrip(&g.start, g.moves, g.n, results[r], 1);
    uci_game("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", "f7f5 e5f6", &g);
    roundtrip(&g.start, g.moves, g.n, CHC_RESULT_DRAW, 1);
    for (int gi = 0; gi < 30; gi++) {
        chc_position start;
        if (gi % 3 == 1) assert_int_equal(chc_position_chess960(&start, (int)tu_rand_below(&rng, 960)), CHC_OK);
        else chc_position_startpos(&start);
        size_t n = random_game(&start, mv, gi % 10 == 0 ? 500 : 1 + tu_rand_below(&rng, 150));
        roundtrip(&start, mv, n, results[gi % 4], gi % 5 == 4 ? 2 : 1);
    }
    /* model 2e with the second stage: refused at level 1 (the tables are 2d's), both ways;
     * level 2 (2d's set 4) keeps them */
    static const chci_v2d_fmt s2e = {&chci_pm_model_draft2e, 1};
    size_t l1 = encode(&g.start, g.moves, g.n, CHC_RESULT_DRAW, 1, code), n1, l2;
    chc_position st;
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(chci_pack_v2d_encode(&s2e, &g.start, g.moves, g.n, CHC_RESULT_DRAW, 1, code2, sizeof code2,
                                          &l2, &d),
                     CHC_E_UNSUPPORTED);
    assert_non_null(strstr(d.message, "second stage"));
    assert_int_equal(chci_pack_v2d_decode(&s2e, code, l1, &st, back, MAXP, &n1, NULL, NULL, NULL), CHC_E_UNSUPPORTED);
    assert_int_equal(chci_pack_v2d_encode(&s2e, &g.start, g.moves, g.n, CHC_RESULT_DRAW, 2, code2, sizeof code2,
                                          &l2, NULL),
                     CHC_OK);
    assert_int_equal(chci_pack_v2d_decode(&s2e, code2, l2, &st, back, MAXP, &n1, NULL, NULL, NULL), CHC_OK);
    assert_int_equal(n1, g.n);
    /* damaged codes of model 2e */
    static uint8_t buf[256];
    const int iters = getenv("CHC_SANITIZED") ? 1000 : 5000;
    for (int it = 0; it < iters; it++) {
        chc_position sp;
        chc_position_startpos(&sp);
        size_t n = random_game(&sp, mv, tu_rand_below(&rng, 40));
        size_t len = encode(&sp, mv, n, results[it % 4], 1, buf);
        buf[tu_rand_below(&rng, len)] ^= (uint8_t)(1 + tu_rand_below(&rng, 255));
        decode_strict(buf, len);
    }
    model = &fmts[0];
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_v2d_tables),
        cmocka_unit_test(test_v2d_fixed_games),
        cmocka_unit_test(test_v2d_random_games),
        cmocka_unit_test(test_v2d_refusals),
        cmocka_unit_test(test_v2d_fuzz),
        cmocka_unit_test(test_v2d_net_floor),
        cmocka_unit_test(test_v2d_net_incremental),
        cmocka_unit_test(test_v2d_net_model),
        cmocka_unit_test(test_v2d_net_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
