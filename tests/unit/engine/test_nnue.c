/* The evaluation network (src/engine/nnue.c): accumulators updated square by square equal a
 * full refresh after random move sequences (castling, en passant, promotions, Chess960
 * castling, null moves; and updates that skip a ply, as the search's lazy evaluation does),
 * the evaluation is colour-symmetric, the net file loader refuses bad files, and the engine
 * switches between the network and the hand-written evaluation. The AVX2 copy of the hot loops
 * (where the build and processor have it) computes the same accumulators and outputs as the
 * generic one. Format 3 (the squared clipped ReLU) passes the same checks, and its output layer
 * is checked against a direct computation in 64 bits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "core/bitboard.h"
#include "engine/nnue.h"
#include "engine_test_util.h"

static uint64_t rng = 12345;
static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* A net of pseudo-random weights (the embedded one may be absent in a build without a net
 * file): the test is about the arithmetic, not the values. */
/* a random net with nbuckets output buckets, each its own weights and bias */
static chci_nnue_net *random_net_buckets(int nbuckets)
{
    chci_nnue_net *net = malloc(sizeof *net);
    assert_non_null(net);
    for (int f = 0; f < CHCI_NNUE_INPUTS; f++)
        for (int i = 0; i < CHCI_NNUE_HIDDEN; i++) net->w[f][i] = (int16_t)((int)(rnd() % 201) - 100);
    for (int i = 0; i < CHCI_NNUE_HIDDEN; i++) net->b[i] = (int16_t)(rnd() % 200);
    for (int k = 0; k < nbuckets; k++) {
        for (int i = 0; i < 2 * CHCI_NNUE_HIDDEN; i++) net->out[k][i] = (int16_t)((int)(rnd() % 121) - 60);
        net->out_b[k] = 1234 + 1000 * k;
    }
    net->nbuckets = nbuckets;
    net->residual = 0;
    net->screlu = 0;
    assert_int_equal(chci_nnue_set_path(net, CHCI_NNUE_PATH_GENERIC), 0);
    return net;
}

static chci_nnue_net *random_net(void)
{
    return random_net_buckets(1);
}

/* a random format 3 net (squared clipped ReLU); output weights at the extremes too */
static chci_nnue_net *random_net_screlu(int nbuckets)
{
    chci_nnue_net *net = random_net_buckets(nbuckets);
    for (int k = 0; k < nbuckets; k++)
        for (int i = 0; i < 2 * CHCI_NNUE_HIDDEN; i++)
            net->out[k][i] = (int16_t)((int)(rnd() % (2 * CHCI_NNUE_SCRELU_WMAX + 1)) - CHCI_NNUE_SCRELU_WMAX);
    net->screlu = 1;
    return net;
}

static void check_equal(const chci_nnue_net *net, const chci_nnue_acc *acc)
{
    chci_nnue_acc full;
    memcpy(full.board, acc->board, 64);
    chci_nnue_refresh(net, &full);
    assert_memory_equal(full.v, acc->v, sizeof full.v);
}

static void run_incremental(chci_nnue_net *net)
{
    static const char *fens[] = {
        CHC_STARTPOS_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", /* castling */
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",        /* en passant */
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",                               /* promotions */
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",    /* Chess960 */
        "1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3 w EBeb - 0 1",                  /* Chess960 */
        "rk2r3/8/8/8/8/8/8/RK2R3 w AEae - 0 1",                                  /* Chess960 */
    };
    /* the same net on the AVX2 path (when the build and processor have it): the same integers */
    chci_nnue_net *fast = malloc(sizeof *fast);
    assert_non_null(fast);
    memcpy(fast, net, sizeof *fast);
    int have_fast = chci_nnue_set_path(fast, CHCI_NNUE_PATH_AVX2) == 0;
    if (!have_fast) fprintf(stderr, "test_nnue: no AVX2 path in this build or processor: generic path only\n");
    static chci_nnue_acc acc[64], acc2[64];
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        for (int game = 0; game < 40; game++) {
            chc_position pos;
            tu_pos(&pos, fens[f]);
            memcpy(acc[0].board, pos.board, 64);
            chci_nnue_refresh(net, &acc[0]);
            acc2[0] = acc[0];
            for (int ply = 1; ply < 64; ply++) {
                chc_move moves[CHC_MAX_MOVES];
                int n = chc_legal_moves(&pos, moves, CHC_GEN_ALL);
                if (n == 0) break;
                chc_undo u;
                if (rnd() % 16 == 0 && !pos.checkers) chc_make_null(&pos, &u);
                else chc_make_move(&pos, moves[rnd() % (unsigned)n], &u);
                memcpy(acc[ply].board, pos.board, 64);
                /* from the parent, or (one time in four) from the grandparent */
                int from = ply >= 2 && rnd() % 4 == 0 ? ply - 2 : ply - 1;
                chci_nnue_update(net, &acc[ply], &acc[from]);
                check_equal(net, &acc[ply]);
                int npieces = bb_popcount(pos.by_color[0] | pos.by_color[1]);
                int out = chci_nnue_output(net, &acc[ply], pos.side, npieces);
                assert_int_equal(out, chci_nnue_evaluate(net, &pos));
                if (have_fast) {
                    memcpy(acc2[ply].board, pos.board, 64);
                    chci_nnue_update(fast, &acc2[ply], &acc2[from]);
                    assert_memory_equal(acc2[ply].v, acc[ply].v, sizeof acc[ply].v);
                    assert_int_equal(chci_nnue_output(fast, &acc2[ply], pos.side, npieces), out);
                }
            }
        }
    }
    free(fast);
    free(net);
}

static void test_incremental(void **state)
{
    (void)state;
    run_incremental(random_net());
    run_incremental(random_net_screlu(CHCI_NNUE_BUCKETS_MAX));
}

/* Format 3's output against the formula computed directly in 64 bits, on accumulators with
 * values past both clipping bounds, and the extreme case (every value at QA, every weight at
 * +-WMAX) on both paths. */
static void test_screlu_output(void **state)
{
    (void)state;
    chci_nnue_net *net = random_net_screlu(1);
    chci_nnue_net *fast = malloc(sizeof *fast);
    assert_non_null(fast);
    memcpy(fast, net, sizeof *fast);
    int have_fast = chci_nnue_set_path(fast, CHCI_NNUE_PATH_AVX2) == 0;
    static chci_nnue_acc acc;
    for (int round = 0; round < 200; round++) {
        for (int p = 0; p < 2; p++)
            for (int i = 0; i < CHCI_NNUE_HIDDEN; i++) acc.v[p][i] = (int16_t)((int)(rnd() % 400) - 60);
        if (round == 199) /* the largest sum: every value clipped to QA, every weight +WMAX */
            for (int p = 0; p < 2; p++)
                for (int i = 0; i < CHCI_NNUE_HIDDEN; i++)
                    acc.v[p][i] = 300, net->out[0][p * CHCI_NNUE_HIDDEN + i] = CHCI_NNUE_SCRELU_WMAX;
        if (round == 198) /* the smallest */
            for (int i = 0; i < 2 * CHCI_NNUE_HIDDEN; i++) net->out[0][i] = -CHCI_NNUE_SCRELU_WMAX;
        memcpy(fast->out, net->out, sizeof net->out);
        int side = round & 1;
        int64_t sum = 0;
        for (int h = 0; h < 2; h++)
            for (int i = 0; i < CHCI_NNUE_HIDDEN; i++) {
                int64_t x = acc.v[side ^ h][i];
                x = x < 0 ? 0 : x > CHCI_NNUE_QA ? CHCI_NNUE_QA : x;
                sum += x * x * net->out[0][h * CHCI_NNUE_HIDDEN + i];
            }
        int64_t num = (sum + (int64_t)net->out_b[0] * CHCI_NNUE_QA) * CHCI_NNUE_SCALE;
        int64_t den = (int64_t)CHCI_NNUE_QA * CHCI_NNUE_QA * CHCI_NNUE_QB;
        int64_t want = num / den - (num % den < 0); /* floor */
        int got = chci_nnue_output(net, &acc, side, 32);
        assert_int_equal(got, (int)want);
        if (have_fast) assert_int_equal(chci_nnue_output(fast, &acc, side, 32), got);
    }
    free(fast);
    free(net);
}

static void check_symmetry(const chci_nnue_net *net)
{
    static const char *fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b - - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1",
        "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        char m[128];
        etu_mirror_fen(fens[i], m);
        chc_position a, b;
        tu_pos(&a, fens[i]);
        tu_pos(&b, m);
        assert_int_equal(chci_nnue_evaluate(net, &a), chci_nnue_evaluate(net, &b));
    }
}

static void test_symmetry(void **state)
{
    (void)state;
    chci_nnue_net *net = random_net();
    check_symmetry(net);
    free(net);
    net = random_net_buckets(CHCI_NNUE_BUCKETS_MAX); /* a position and its mirror: one bucket */
    check_symmetry(net);
    free(net);
    net = random_net_screlu(CHCI_NNUE_BUCKETS_MAX);
    check_symmetry(net);
    free(net);
    const chci_nnue_net *def = chci_nnue_default();
    if (def) check_symmetry(def);
}

static void test_loader(void **state)
{
    (void)state;
    size_t size = chci_nnue_file_size(0);
    unsigned char *buf = calloc(1, size + 1);
    assert_non_null(buf);
    memcpy(buf, CHCI_NNUE_MAGIC, 8);
    buf[8] = CHCI_NNUE_HIDDEN & 0xFF;
    buf[9] = CHCI_NNUE_HIDDEN >> 8;
    buf[12] = 0x34, buf[13] = 0x12; /* w[0][0] = 0x1234 */
    buf[size - 4] = 0xFF, buf[size - 3] = 0xFF, buf[size - 2] = 0xFF, buf[size - 1] = 0xFF; /* out_b = -1 */
    chci_nnue_net *net = malloc(sizeof *net);
    assert_non_null(net);
    char err[128];
    assert_int_equal(chci_nnue_load(net, buf, size, err, sizeof err), 0);
    assert_int_equal(net->w[0][0], 0x1234);
    assert_int_equal(net->out_b[0], -1);
    assert_int_equal(net->nbuckets, 1);
    assert_int_equal(net->residual, 0);
    memcpy(buf, CHCI_NNUE_MAGIC_RESIDUAL, 8);
    assert_int_equal(chci_nnue_load(net, buf, size, err, sizeof err), 0);
    assert_int_equal(net->residual, 1);
    memcpy(buf, CHCI_NNUE_MAGIC, 8);
    /* truncated, one byte too many, empty */
    assert_int_equal(chci_nnue_load(net, buf, size - 1, err, sizeof err), -1);
    assert_non_null(strstr(err, "truncated"));
    assert_int_equal(chci_nnue_load(net, buf, size + 1, err, sizeof err), -1);
    assert_non_null(strstr(err, "wrong size"));
    assert_int_equal(chci_nnue_load(net, buf, 0, err, sizeof err), -1);
    assert_int_equal(chci_nnue_load(net, buf, 5, err, sizeof err), -1);
    /* another hidden size, a bad magic */
    buf[8] = 64;
    assert_int_equal(chci_nnue_load(net, buf, size, err, sizeof err), -1);
    assert_non_null(strstr(err, "hidden size"));
    buf[8] = CHCI_NNUE_HIDDEN & 0xFF;
    buf[0] = 'X';
    assert_int_equal(chci_nnue_load(net, buf, size, err, sizeof err), -1);
    assert_non_null(strstr(err, "magic"));
    free(net);
    free(buf);
}

/* Format 2: output buckets. The file's layout, its refusals, and the bucket chosen by the
 * number of pieces. */
static void test_loader_buckets(void **state)
{
    (void)state;
    const int nb = 3;
    size_t size = chci_nnue_file_size(nb);
    assert_int_equal(size, chci_nnue_file_size(0) + 4 + (nb - 1) * (4 * CHCI_NNUE_HIDDEN + 4));
    unsigned char *buf = calloc(1, size + 1);
    assert_non_null(buf);
    memcpy(buf, CHCI_NNUE_MAGIC2, 8);
    buf[8] = CHCI_NNUE_HIDDEN & 0xFF;
    buf[9] = CHCI_NNUE_HIDDEN >> 8;
    buf[12] = nb;
    buf[16] = 0x34, buf[17] = 0x12; /* w[0][0] = 0x1234 */
    size_t outw = 16 + 2 * ((size_t)CHCI_NNUE_INPUTS * CHCI_NNUE_HIDDEN + CHCI_NNUE_HIDDEN);
    buf[outw + 2 * 2 * CHCI_NNUE_HIDDEN] = 7; /* out[1][0] = 7 */
    for (int k = 0; k < nb; k++) buf[size - 4 * (size_t)(nb - k)] = (unsigned char)(10 + k); /* out_b[k] */
    chci_nnue_net *net = malloc(sizeof *net);
    assert_non_null(net);
    char err[128];
    assert_int_equal(chci_nnue_load(net, buf, size, err, sizeof err), 0);
    assert_int_equal(net->nbuckets, nb);
    assert_int_equal(net->residual, 0);
    assert_int_equal(net->w[0][0], 0x1234);
    assert_int_equal(net->out[1][0], 7);
    assert_int_equal(net->out[0][0], 0);
    for (int k = 0; k < nb; k++) assert_int_equal(net->out_b[k], 10 + k);
    /* a format 1 size, truncated, too long */
    assert_int_equal(chci_nnue_load(net, buf, chci_nnue_file_size(0), err, sizeof err), -1);
    assert_int_equal(chci_nnue_load(net, buf, size - 1, err, sizeof err), -1);
    assert_non_null(strstr(err, "truncated"));
    assert_int_equal(chci_nnue_load(net, buf, size + 1, err, sizeof err), -1);
    assert_int_equal(chci_nnue_load(net, buf, 14, err, sizeof err), -1);
    /* no bucket, too many */
    buf[12] = 0;
    assert_int_equal(chci_nnue_load(net, buf, size, err, sizeof err), -1);
    assert_non_null(strstr(err, "bucket"));
    buf[12] = CHCI_NNUE_BUCKETS_MAX + 1;
    assert_int_equal(chci_nnue_load(net, buf, size, err, sizeof err), -1);
    assert_non_null(strstr(err, "bucket"));
    buf[12] = nb;
    assert_int_equal(net->screlu, 0);
    /* format 3: the same layout, the squared clipped ReLU, output weights within +-WMAX */
    memcpy(buf, CHCI_NNUE_MAGIC3, 8);
    assert_int_equal(chci_nnue_load(net, buf, size, err, sizeof err), 0);
    assert_int_equal(net->screlu, 1);
    assert_int_equal(net->nbuckets, nb);
    assert_int_equal(net->out[1][0], 7);
    buf[outw + 2 * 2 * CHCI_NNUE_HIDDEN] = CHCI_NNUE_SCRELU_WMAX + 1; /* out[1][0] = 128 */
    assert_int_equal(chci_nnue_load(net, buf, size, err, sizeof err), -1);
    assert_non_null(strstr(err, "output weight"));
    buf[outw + 2 * 2 * CHCI_NNUE_HIDDEN] = (unsigned char)-CHCI_NNUE_SCRELU_WMAX;
    buf[outw + 2 * 2 * CHCI_NNUE_HIDDEN + 1] = 0xFF; /* out[1][0] = -127 */
    assert_int_equal(chci_nnue_load(net, buf, size, err, sizeof err), 0);
    assert_int_equal(net->out[1][0], -CHCI_NNUE_SCRELU_WMAX);
    buf[outw + 2 * 2 * CHCI_NNUE_HIDDEN] = (unsigned char)(-CHCI_NNUE_SCRELU_WMAX - 1); /* -128 */
    assert_int_equal(chci_nnue_load(net, buf, size, err, sizeof err), -1);
    free(net);
    free(buf);

    /* buckets by the number of pieces: 1..32 in equal ranges, clamped */
    assert_int_equal(chci_nnue_bucket(8, 2), 0);
    assert_int_equal(chci_nnue_bucket(8, 4), 0);
    assert_int_equal(chci_nnue_bucket(8, 5), 1);
    assert_int_equal(chci_nnue_bucket(8, 32), 7);
    assert_int_equal(chci_nnue_bucket(8, 40), 7);
    assert_int_equal(chci_nnue_bucket(8, 0), 0);
    assert_int_equal(chci_nnue_bucket(1, 32), 0);
    assert_int_equal(chci_nnue_bucket(3, 11), 0);
    assert_int_equal(chci_nnue_bucket(3, 12), 1);

    /* the output uses the bucket's weights and bias: a net whose buckets differ only in the
       bias scores a position by its bias */
    net = random_net_buckets(CHCI_NNUE_BUCKETS_MAX);
    for (int k = 1; k < CHCI_NNUE_BUCKETS_MAX; k++) memcpy(net->out[k], net->out[0], sizeof net->out[0]);
    chc_position pos;
    tu_pos(&pos, "4k3/8/8/8/8/8/8/4K2R w K - 0 1"); /* 3 pieces: bucket 0 */
    int v0 = chci_nnue_evaluate(net, &pos);
    net->out_b[0] += CHCI_NNUE_QA * CHCI_NNUE_QB; /* +400 cp in bucket 0 */
    assert_int_equal(chci_nnue_evaluate(net, &pos), v0 + CHCI_NNUE_SCALE);
    tu_pos(&pos, CHC_STARTPOS_FEN); /* 32 pieces: the last bucket, unchanged */
    int v7 = chci_nnue_evaluate(net, &pos);
    net->out_b[0] -= CHCI_NNUE_QA * CHCI_NNUE_QB;
    assert_int_equal(chci_nnue_evaluate(net, &pos), v7);
    free(net);
}

static void test_engine_switch(void **state)
{
    (void)state;
    chc_engine *e = chc_engine_new(16);
    assert_non_null(e);
    chc_position pos;
    tu_pos(&pos, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    chc_search_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = 6;
    chc_search_result r1, r2;
    assert_int_equal(chc_engine_set_nnue(e, 0), CHC_OK);
    assert_int_equal(chc_engine_nnue(e), 0);
    assert_int_equal(chc_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &r1), CHC_OK);
    int rc = chc_engine_set_nnue(e, 1);
    if (chci_nnue_default()) {
        assert_int_equal(rc, CHC_OK);
        assert_int_equal(chc_engine_nnue(e), 1);
        assert_int_equal(chc_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &r2), CHC_OK);
        assert_true(chc_is_legal(&pos, r2.best));
    } else {
        assert_int_equal(rc, CHC_E_UNSUPPORTED);
        assert_int_equal(chc_engine_nnue(e), 0);
    }
    /* back to the hand-written evaluation: the same search as before (the table was cleared) */
    assert_int_equal(chc_engine_set_nnue(e, 0), CHC_OK);
    assert_int_equal(chc_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &r2), CHC_OK);
    assert_int_equal(r1.score, r2.score);
    chc_engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_incremental),
        cmocka_unit_test(test_screlu_output),
        cmocka_unit_test(test_symmetry),
        cmocka_unit_test(test_loader),
        cmocka_unit_test(test_loader_buckets),
        cmocka_unit_test(test_engine_switch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
