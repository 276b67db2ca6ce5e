/* The engine through its public API: the tactics suite (mates in 1, 2 and 3 from real games,
 * verified with Stockfish when the suite was built: tests/data/engine/mates.txt), the pinned
 * bench node signature, evaluation symmetry, search edge cases (mate, stalemate, illegal input,
 * searchmoves, stop from another thread), and the Polyglot book reader. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "testutil.h"
#include "engine/engine.h"
#include "engine_test_util.h"

/* Node signature of `chesscodec bench 7`: changes whenever the search or evaluation changes
 * (update it deliberately, with the reason in the commit). */
#define BENCH_DEPTH 7
#define BENCH_NODES 28869ULL
/* the same with the hand-written evaluation (UseNNUE false) */
#define BENCH_NODES_HCE 29381ULL

/* Every mate must be found within this many nodes. */
#define MATE_NODE_BUDGET 2000000

static void search_fen(chc_engine *e, const char *fen, const chc_search_limits *lim, chc_search_result *r)
{
    chc_position pos;
    tu_pos(&pos, fen);
    assert_int_equal(chc_engine_search(e, &pos, NULL, 0, lim, NULL, NULL, r), CHC_OK);
}

static void test_tactics(void **state)
{
    (void)state;
    size_t len;
    char *text = tu_read_file(tu_data_path("engine/mates.txt"), &len);
    assert_non_null(text);
    chc_engine *e = chc_engine_new(16);
    assert_non_null(e);
    int count = 0, solved = 0, by_n[4] = {0, 0, 0, 0}, idx = 0;
    uint64_t total_nodes = 0;
    for (char *save = NULL, *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#' || !line[0]) continue;
        /* FEN;N;solution moves */
        char *f1 = strchr(line, ';');
        assert_non_null(f1);
        *f1 = 0;
        char *f2 = strchr(f1 + 1, ';');
        assert_non_null(f2);
        *f2 = 0;
        int n = atoi(f1 + 1);
        assert_true(n >= 1 && n <= 3);
        by_n[n]++;
        if (tu_sanitized() && idx++ % 6 != 0) continue; /* a sample under the sanitizers */
        count++;
        chc_position pos;
        tu_pos(&pos, line);
        chc_engine_clear(e);
        chc_search_limits lim;
        memset(&lim, 0, sizeof lim);
        lim.nodes = MATE_NODE_BUDGET;
        lim.mate = n;
        chc_search_result r;
        assert_int_equal(chc_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &r), CHC_OK);
        char uci[CHC_UCI_MAX];
        chc_move_to_uci(&pos, r.best, uci);
        int ok = r.mate == n;
        /* the move must be one of the known solutions */
        char sols[512];
        snprintf(sols, sizeof sols, " %s ", f2 + 1);
        char pat[16];
        snprintf(pat, sizeof pat, " %s ", uci);
        if (!strstr(sols, pat)) ok = 0;
        if (n == 1) { /* check the mate with the rules core as well */
            chc_undo u;
            chc_make_move(&pos, r.best, &u);
            if (!(chc_in_check(&pos) && chc_count_legal_moves(&pos) == 0)) ok = 0;
        }
        if (!ok)
            fprintf(stderr, "not solved: %s (mate in %d): played %s mate %d after %llu nodes; solutions %s\n",
                    line, n, uci, r.mate, (unsigned long long)r.nodes, f2 + 1);
        solved += ok;
        total_nodes += r.nodes;
    }
    fprintf(stderr, "tactics: %d of %d solved (%d mate-in-1, %d mate-in-2, %d mate-in-3 in the suite), %llu nodes\n",
            solved, count, by_n[1], by_n[2], by_n[3], (unsigned long long)total_nodes);
    assert_true(by_n[1] + by_n[2] + by_n[3] >= 50);
    assert_int_equal(solved, count);
    chc_engine_free(e);
    free(text);
}

static void test_bench_signature(void **state)
{
    (void)state;
    int64_t ms;
    uint64_t a = chc_engine_bench(BENCH_DEPTH, &ms);
    fprintf(stderr, "bench depth %d: %llu nodes\n", BENCH_DEPTH, (unsigned long long)a);
    assert_true(a > 0);
    if (BENCH_NODES) assert_int_equal(a, BENCH_NODES);
    /* deterministic: a second run gives the same count */
    assert_int_equal(chc_engine_bench(BENCH_DEPTH - 2, NULL), chc_engine_bench(BENCH_DEPTH - 2, NULL));
    /* with the hand-written evaluation; unknown flags are refused */
    assert_int_equal(chc_engine_bench_flags(BENCH_DEPTH, CHC_BENCH_NO_NNUE, NULL), BENCH_NODES_HCE);
    assert_int_equal(chc_engine_bench_flags(BENCH_DEPTH, 0, NULL), a);
    assert_int_equal(chc_engine_bench_flags(BENCH_DEPTH, 2, NULL), 0);
}

static void test_eval_symmetry(void **state)
{
    (void)state;
    static const char *fens[] = {
        CHC_STARTPOS_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1",
        "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
        "8/8/8/8/8/4k3/8/R3K3 b - - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        char m[128];
        etu_mirror_fen(fens[i], m);
        chc_position a, b;
        tu_pos(&a, fens[i]);
        tu_pos(&b, m);
        if (chc_evaluate(&a) != chc_evaluate(&b))
            fprintf(stderr, "asymmetric: %s (%d) vs %s (%d)\n", fens[i], chc_evaluate(&a), m, chc_evaluate(&b));
        assert_int_equal(chc_evaluate(&a), chc_evaluate(&b));
    }
    /* material is counted the right way round */
    chc_position p;
    tu_pos(&p, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert_true(chc_evaluate(&p) > 500);
    tu_pos(&p, "4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
    assert_true(chc_evaluate(&p) < -500);
}

/* The tuner's trace reproduces the evaluation exactly (tools/eval_tune.c relies on it), on
 * positions of a fixed pseudo-random walk. */
static int eval_from_trace(const chci_eval_trace *tr)
{
    int mg = 0, eg = 0;
    for (int i = 0; i < EP_COUNT; i++) {
        mg += tr->coef[i] * chci_eval_weights[i][0];
        eg += tr->coef[i] * chci_eval_weights[i][1];
    }
    eg = eg * tr->scale / 16 + tr->eg_post;
    return (mg * tr->phase + eg * (24 - tr->phase)) / 24;
}

static void test_eval_trace(void **state)
{
    (void)state;
    tu_rng rng = TU_RNG(12345);
    int checked = 0;
    for (int game = 0; game < 40; game++) {
        chc_position p;
        chc_position_startpos(&p);
        for (int ply = 0; ply < 160; ply++) {
            chci_eval_trace tr;
            int v = chci_evaluate_trace(&p, chci_eval_weights, &tr);
            assert_int_equal(v, eval_from_trace(&tr));
            assert_int_equal(chc_evaluate(&p), p.side == CHC_WHITE ? v : -v);
            assert_true(tr.phase >= 0 && tr.phase <= 24 && tr.scale >= 1 && tr.scale <= 16);
            checked++;
            chc_move moves[CHC_MAX_MOVES];
            int n = chc_legal_moves(&p, moves, CHC_GEN_ALL);
            if (n == 0) break;
            chc_undo u;
            chc_make_move(&p, moves[tu_rand_below(&rng, (uint64_t)n)], &u);
        }
    }
    assert_true(checked > 1000);
}

/* The pawn cache (one per engine and Lazy SMP helper, passed to the evaluation) never changes
 * a value: random games evaluated with a small shared cache, cold and warm, and without one. */
static void test_eval_pawn_cache(void **state)
{
    (void)state;
    chci_pawn_entry *cache = calloc(CHCI_PAWN_CACHE_SIZE, sizeof *cache);
    assert_non_null(cache);
    tu_rng rng = TU_RNG(777);
    int hits = 0;
    for (int game = 0; game < 60; game++) {
        chc_position p;
        chc_position_startpos(&p);
        for (int ply = 0; ply < 200; ply++) {
            int plain = chci_evaluate(&p, NULL);
            assert_int_equal(chci_evaluate(&p, cache), plain); /* filled (or found) */
            assert_int_equal(chci_evaluate(&p, cache), plain); /* found */
            assert_int_equal(chc_evaluate(&p), plain);
            hits++;
            chc_move moves[CHC_MAX_MOVES];
            int n = chc_legal_moves(&p, moves, CHC_GEN_ALL);
            if (n == 0) break;
            chc_undo u;
            chc_make_move(&p, moves[tu_rand_below(&rng, (uint64_t)n)], &u);
        }
    }
    assert_true(hits > 2000);
    free(cache);
}

/* MultiPV: each iteration reports N distinct lines, best first; the result is line 1. */
struct mpv_log {
    chc_search_result r[64];
    int n;
};

static void mpv_collect(const chc_search_result *r, void *user)
{
    struct mpv_log *l = user;
    if (r->bound == 0 && l->n < 64) l->r[l->n++] = *r;
}

static void check_lines(const struct mpv_log *l, int depth, int want, const chc_search_result *final)
{
    int k = 0;
    for (int i = 0; i < l->n; i++) {
        const chc_search_result *r = &l->r[i];
        if (r->depth != depth) continue;
        k++;
        assert_int_equal(r->multipv, k);
        assert_true(r->best != CHC_MOVE_NONE && r->pv_len >= 1 && r->pv[0] == r->best);
        if (k > 1) assert_true(r->score <= r[-1].score);
        for (int j = i - k + 1; j < i; j++) assert_true(l->r[j].best != r->best);
        if (k == 1) assert_int_equal(r->best, final->best);
    }
    assert_int_equal(k, want);
    assert_int_equal(final->multipv, 1);
}

static void test_multipv(void **state)
{
    (void)state;
    chc_engine *e = chc_engine_new(4);
    assert_non_null(e);
    chc_position p;
    chc_search_limits lim;
    chc_search_result r;
    static struct mpv_log log;

    chc_position_startpos(&p);
    memset(&lim, 0, sizeof lim);
    lim.depth = 5;
    lim.multipv = 4;
    log.n = 0;
    assert_int_equal(chc_engine_search(e, &p, NULL, 0, &lim, mpv_collect, &log, &r), CHC_OK);
    check_lines(&log, 5, 4, &r);

    /* fewer legal moves than lines (in check, one legal move) */
    tu_pos(&p, "7k/8/5K1Q/8/8/8/8/8 b - - 0 1");
    chc_move legal[CHC_MAX_MOVES];
    int nlegal = chc_legal_moves(&p, legal, CHC_GEN_ALL);
    assert_true(nlegal >= 1 && nlegal < 10);
    lim.depth = 4;
    lim.multipv = 10;
    log.n = 0;
    chc_engine_clear(e);
    assert_int_equal(chc_engine_search(e, &p, NULL, 0, &lim, mpv_collect, &log, &r), CHC_OK);
    check_lines(&log, 4, nlegal, &r);

    /* with searchmoves: only those moves */
    chc_position_startpos(&p);
    chc_move sm[2];
    assert_int_equal(chc_move_from_uci(&p, "e2e4", &sm[0], NULL), CHC_OK);
    assert_int_equal(chc_move_from_uci(&p, "g1f3", &sm[1], NULL), CHC_OK);
    lim.depth = 4;
    lim.multipv = 3;
    lim.searchmoves = sm;
    lim.n_searchmoves = 2;
    log.n = 0;
    assert_int_equal(chc_engine_search(e, &p, NULL, 0, &lim, mpv_collect, &log, &r), CHC_OK);
    check_lines(&log, 4, 2, &r);
    for (int i = 0; i < log.n; i++) assert_true(log.r[i].best == sm[0] || log.r[i].best == sm[1]);
    chc_engine_free(e);
}

static void test_search_edges(void **state)
{
    (void)state;
    chc_engine *e = chc_engine_new(1);
    assert_non_null(e);
    chc_search_limits lim;
    chc_search_result r;
    memset(&lim, 0, sizeof lim);
    lim.depth = 4;
    /* checkmated: no move, mate score */
    search_fen(e, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", &lim, &r);
    assert_int_equal(r.best, CHC_MOVE_NONE);
    assert_int_equal(r.score, -CHC_SCORE_MATE);
    /* stalemate */
    search_fen(e, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &lim, &r);
    assert_int_equal(r.best, CHC_MOVE_NONE);
    assert_int_equal(r.score, 0);
    /* a bare K v K position is a draw */
    search_fen(e, "8/8/4k3/8/8/3K4/8/8 w - - 0 1", &lim, &r);
    assert_int_equal(r.score, 0);
    assert_true(r.best != CHC_MOVE_NONE);
    /* wins a queen */
    search_fen(e, "4k3/8/8/3q4/8/8/3R4/3RK3 w - - 0 1", &lim, &r);
    assert_int_equal(CHC_MOVE_TO(r.best), 35);
    assert_true(r.score > 300);
    assert_true(r.pv_len >= 1 && r.pv[0] == r.best);
    /* searchmoves restricts the root */
    chc_position pos;
    chc_position_startpos(&pos);
    chc_move only;
    assert_int_equal(chc_move_from_uci(&pos, "a2a3", &only, NULL), CHC_OK);
    lim.searchmoves = &only;
    lim.n_searchmoves = 1;
    assert_int_equal(chc_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &r), CHC_OK);
    assert_int_equal(r.best, only);
    /* an illegal move in the history is refused */
    lim.searchmoves = NULL;
    lim.n_searchmoves = 0;
    chc_move bad = CHC_MAKE_MOVE(12, 36, 0, 0); /* e2e5 */
    assert_int_equal(chc_engine_search(e, &pos, &bad, 1, &lim, NULL, NULL, &r), CHC_E_MOVE_ILLEGAL);
    assert_int_equal(chc_engine_search(e, &pos, NULL, -1, &lim, NULL, NULL, &r), CHC_E_ARGUMENT);
    /* a fifty-move draw: the half-move clock at 99, any quiet move draws */
    memset(&lim, 0, sizeof lim);
    lim.depth = 3;
    search_fen(e, "8/8/4k3/8/8/3K4/8/6R1 w - - 99 120", &lim, &r);
    assert_int_equal(r.score, 0);
    /* a history: the engine sees repetitions through the game moves */
    chc_position_startpos(&pos);
    const char *seq[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"};
    chc_move ms[8];
    chc_position p = pos;
    for (int i = 0; i < 7; i++) {
        assert_int_equal(chc_move_from_uci(&p, seq[i], &ms[i], NULL), CHC_OK);
        chc_undo u;
        chc_make_move(&p, ms[i], &u);
    }
    lim.depth = 2;
    assert_int_equal(chc_engine_search(e, &pos, ms, 7, &lim, NULL, NULL, &r), CHC_OK);
    assert_true(chc_is_legal(&p, r.best));
    /* set_hash arguments */
    assert_int_equal(chc_engine_set_hash(e, 0), CHC_E_ARGUMENT);
    assert_int_equal(chc_engine_set_hash(e, 2), CHC_OK);
    chc_engine_free(e);
    chc_engine_free(NULL);
}

struct stopper {
    chc_engine *e;
    int delay_ms;
};
static void *stop_later(void *arg)
{
    struct stopper *s = arg;
    struct timespec ts = {s->delay_ms / 1000, (long)(s->delay_ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
    chc_engine_stop(s->e);
    return NULL;
}

static void test_stop_thread(void **state)
{
    (void)state;
    chc_engine *e = chc_engine_new(8);
    chc_position pos;
    chc_position_startpos(&pos);
    chc_search_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.infinite = 1;
    struct stopper s = {e, 200};
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, stop_later, &s), 0);
    chc_search_result r;
    assert_int_equal(chc_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &r), CHC_OK);
    pthread_join(t, NULL);
    assert_true(chc_is_legal(&pos, r.best));
    /* stopped before it starts: still a legal move */
    chc_engine_stop(e);
    memset(&lim, 0, sizeof lim);
    lim.nodes = 1;
    assert_int_equal(chc_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &r), CHC_OK);
    assert_true(chc_is_legal(&pos, r.best));
    chc_engine_free(e);
}

static void put_entry(unsigned char *p, uint64_t key, unsigned move, unsigned weight)
{
    for (int i = 0; i < 8; i++) p[i] = (unsigned char)(key >> (56 - 8 * i));
    p[8] = (unsigned char)(move >> 8);
    p[9] = (unsigned char)move;
    p[10] = (unsigned char)(weight >> 8);
    p[11] = (unsigned char)weight;
    memset(p + 12, 0, 4);
}

/* Polyglot move code: to file/rank, from file/rank, promotion. */
static unsigned pg_move(int ff, int fr, int tf, int tr, int promo)
{
    return (unsigned)(tf | (tr << 3) | (ff << 6) | (fr << 9) | (promo << 12));
}

static void test_book_memory(void **state)
{
    (void)state;
    chc_position pos;
    chc_position_startpos(&pos);
    unsigned char data[16 * 5];
    /* the start position key is the published 463b96181691fc9c */
    assert_true(pos.key == 0x463b96181691fc9cULL);
    put_entry(data + 0, 0x1ULL, pg_move(0, 1, 0, 2, 0), 5);
    put_entry(data + 16, pos.key, pg_move(3, 1, 3, 3, 0), 10);  /* d2d4 */
    put_entry(data + 32, pos.key, pg_move(4, 1, 4, 3, 0), 30);  /* e2e4 */
    put_entry(data + 48, pos.key, pg_move(4, 1, 4, 5, 0), 99);  /* e2e6: not legal, skipped */
    put_entry(data + 64, 0xFFFFFFFFFFFFFFFFULL, pg_move(0, 1, 0, 2, 0), 1);
    chc_book *b;
    chc_diag d;
    assert_int_equal(chc_book_from_memory(&b, data, sizeof data, &d), CHC_OK);
    assert_int_equal(chc_book_size(b), 5);
    chc_book_entry ent[8];
    assert_int_equal(chc_book_moves(b, &pos, ent, 8), 2);
    char u[CHC_UCI_MAX];
    chc_move_to_uci(&pos, ent[0].move, u);
    assert_string_equal(u, "e2e4");
    assert_int_equal(ent[0].weight, 30);
    chc_move_to_uci(&pos, ent[1].move, u);
    assert_string_equal(u, "d2d4");
    /* weighted pick: r % 40 < 30 gives e2e4 */
    assert_int_equal(chc_book_pick(b, &pos, 0), ent[0].move);
    assert_int_equal(chc_book_pick(b, &pos, 29), ent[0].move);
    assert_int_equal(chc_book_pick(b, &pos, 30), ent[1].move);
    assert_int_equal(chc_book_pick(b, &pos, 39), ent[1].move);
    /* a position not in the book */
    chc_position q;
    tu_pos(&q, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_int_equal(chc_book_moves(b, &q, ent, 8), 0);
    assert_int_equal(chc_book_pick(b, &q, 7), CHC_MOVE_NONE);
    chc_book_free(b);
    /* malformed: size, order */
    assert_int_equal(chc_book_from_memory(&b, data, 17, &d), CHC_E_BOOK_FORMAT);
    assert_null(b);
    assert_int_equal(d.code, CHC_E_BOOK_FORMAT);
    unsigned char bad[32];
    put_entry(bad, 5, 0, 1);
    put_entry(bad + 16, 4, 0, 1);
    assert_int_equal(chc_book_from_memory(&b, bad, 32, &d), CHC_E_BOOK_FORMAT);
    assert_int_equal(d.index, 1);
    assert_int_equal(chc_book_from_memory(&b, bad, 0, NULL), CHC_OK);
    assert_int_equal(chc_book_size(b), 0);
    chc_book_free(b);
    assert_int_equal(chc_book_open(&b, "/nonexistent/book.bin", &d), CHC_E_IO);
    /* castling in books is king-takes-rook: e1h1 */
    tu_pos(&q, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    put_entry(data, q.key, pg_move(4, 0, 7, 0, 0), 3);
    assert_int_equal(chc_book_from_memory(&b, data, 16, NULL), CHC_OK);
    assert_int_equal(chc_book_moves(b, &q, ent, 8), 1);
    assert_true(CHC_MOVE_FLAGS(ent[0].move) & CHC_MF_CASTLE);
    chc_book_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_book_memory),
        cmocka_unit_test(test_eval_symmetry),
        cmocka_unit_test(test_eval_trace),
        cmocka_unit_test(test_eval_pawn_cache),
        cmocka_unit_test(test_multipv),
        cmocka_unit_test(test_search_edges),
        cmocka_unit_test(test_stop_thread),
        cmocka_unit_test(test_bench_signature),
        cmocka_unit_test(test_tactics),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
