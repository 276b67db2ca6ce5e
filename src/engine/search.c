/* The engine's search: iterative deepening, aspiration windows, principal variation search
 * with a transposition table (which also keeps static evaluations), null-move pruning,
 * late-move reductions and pruning, futility pruning, move ordering by killers, countermoves
 * and butterfly, continuation (1 and 2 plies back) and capture histories, check extensions,
 * quiescence search with SEE, mate-distance scores, repetition / fifty-move / material draws,
 * time management scaled by best-move stability, and MultiPV. */
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/once.h"
#include "engine/engine.h"

#define MAX_PLY 120
#define INF 32500
#define MATE CHC_SCORE_MATE
#define MATE_MIN CHC_SCORE_MATE_MIN

enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

/* A transposition table entry is two 64-bit words, read and written with relaxed atomics so
 * that several search threads can share the table (Lazy SMP) without locks: `data` packs the
 * move, score, static evaluation, depth and generation/bound; `check` is the position key
 * XORed with `data`. A probe accepts an entry only when check ^ data gives its key back, so
 * an entry torn by two threads writing at once reads as a miss, never as another position's. */
typedef struct tt_entry {
    _Atomic uint64_t check;
    _Atomic uint64_t data;
} tt_entry;
/* An entry's data unpacked (packed: move 16 bits, score 16, eval 16, depth 8, genbound 8).
 * The move keeps only chc_move's low 16 bits (from, to, promotion), which single out a move
 * among a position's legal moves: tt_move() finds the whole move back. */
typedef struct tt_data {
    chc_move move;
    int score;
    int eval;   /* static evaluation, EVAL_NONE when in check */
    int depth;
    int genbound; /* generation << 2 | bound; 0: empty */
} tt_data;
#define EVAL_NONE INT16_MIN

#define TT_WAYS 4
typedef struct tt_bucket {
    tt_entry e[TT_WAYS];
} tt_bucket;

struct chc_engine {
    tt_bucket *tt;
    size_t tt_mask; /* number of buckets - 1 (a power of two) */
    uint8_t gen;
    atomic_int stop_flag;
    atomic_int ponderhit_flag;
    int history[2][64][64];
    chc_move killers[MAX_PLY + 2][2];
    chc_move counter[16][64];          /* reply to the previous move [piece][to] */
    int cap_hist[16][64][8];           /* capture history [piece][to][captured type] */
    int16_t cont_hist[16][64][16][64]; /* [previous piece][previous to][piece][to] */

    /* the running search */
    chc_position pos;
    uint64_t *keys;
    int nkeys, keys_cap;
    int null_idx;
    uint64_t nodes, node_limit;
    int seldepth;
    int stopped;
    int pondering;
    int64_t start_ms, soft_ms, hard_ms, opt_ms;
    int root_depth;
    const chc_move *searchmoves;
    int n_searchmoves;
    chc_move excluded[CHC_MAX_MOVES]; /* MultiPV: root moves of the lines already found */
    int n_excluded;
    chc_move root_best;
    int root_score;
    chc_move pv[MAX_PLY + 2][MAX_PLY + 2];
    int pvlen[MAX_PLY + 2];
    int ss_eval[MAX_PLY + 2];
    chc_move ss_move[MAX_PLY + 2];
    /* per ply + 2 (two sentinel plies before the root): the piece moved and its target */
    int ss_piece[MAX_PLY + 4], ss_to[MAX_PLY + 4];
    chc_search_result res;
    struct chci_job *job; /* the background search (background.c), or NULL */
    int skill;            /* strength level 0..CHC_SKILL_MAX (chc_engine_set_skill) */
    uint64_t skill_seed;

    /* Lazy SMP (chc_engine_set_threads): threads - 1 helpers, engines of their own (history,
     * killers, stack, position) that search the same root in threads of their own and share
     * this engine's transposition table; only this engine's search is reported. */
    chc_engine **helpers;
    int nhelpers;           /* allocated: threads - 1 */
    int nrunning;           /* helpers started by the running search */
    atomic_int helpers_stop; /* set when this engine's search ends: its helpers stop */
    /* a helper's own: the engine it helps (NULL for the engine itself), its number (1..),
     * its thread and its node count, published every 1024 nodes */
    chc_engine *owner;
    int helper_id;
    pthread_t thread;
    _Atomic uint64_t nodes_pub;
};

/* Late-move reductions by depth and move number, built by the first chc_engine_new. */
static int lmr_table[64][64];

static void build_lmr(void)
{
    for (int d = 0; d < 64; d++)
        for (int m = 0; m < 64; m++)
            lmr_table[d][m] = d && m ? (int)(0.75 + log((double)d) * log((double)m) / 2.25) : 0;
}
CHCI_ONCE(init_lmr, build_lmr);

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---------------------------------------------------------------- transposition table */

static int tt_alloc(chc_engine *e, size_t mb)
{
    size_t bytes = mb * 1024 * 1024, n = 1;
    while (n * 2 * sizeof(tt_bucket) <= bytes) n *= 2;
    tt_bucket *t = calloc(n, sizeof *t);
    if (!t) return CHC_E_NO_MEMORY;
    free(e->tt);
    e->tt = t;
    e->tt_mask = n - 1;
    return CHC_OK;
}

static uint64_t tt_pack(chc_move m, int score, int eval, int depth, int genbound)
{
    return (uint64_t)(m & 0xFFFFu) | (uint64_t)(uint16_t)(int16_t)score << 16 |
           (uint64_t)(uint16_t)(int16_t)eval << 32 | (uint64_t)(uint8_t)depth << 48 |
           (uint64_t)(uint8_t)genbound << 56;
}

static tt_data tt_unpack(uint64_t d)
{
    tt_data t;
    t.move = (chc_move)(d & 0xFFFF);
    t.score = (int16_t)(uint16_t)(d >> 16);
    t.eval = (int16_t)(uint16_t)(d >> 32);
    t.depth = (int8_t)(uint8_t)(d >> 48);
    t.genbound = (uint8_t)(d >> 56);
    return t;
}

/* Reads entry x: its data, and whether it holds position key64 (the check verifies the key
 * and that both words come from the same write). */
static int tt_read(tt_entry *x, uint64_t key64, uint64_t *data)
{
    uint64_t c = atomic_load_explicit(&x->check, memory_order_relaxed);
    uint64_t d = atomic_load_explicit(&x->data, memory_order_relaxed);
    *data = d;
    return (c ^ d) == key64 && (d >> 56) != 0;
}

/* The entry of key64: returns 1 and fills *t, or 0. The move is only its low 16 bits (from,
 * to, promotion: unique among a position's moves): tt_move() gives the move back. */
static int tt_probe(const chc_engine *e, uint64_t key64, tt_data *t)
{
    tt_bucket *b = &e->tt[key64 & e->tt_mask];
    for (int i = 0; i < TT_WAYS; i++) {
        uint64_t d;
        if (tt_read(&b->e[i], key64, &d)) {
            *t = tt_unpack(d);
            return 1;
        }
    }
    return 0;
}

/* The move among moves[0..n) whose low 16 bits are the hash move's, or CHC_MOVE_NONE. */
static chc_move tt_move(chc_move ttm, const chc_move *moves, int n)
{
    if (ttm == CHC_MOVE_NONE) return ttm;
    for (int i = 0; i < n; i++)
        if ((moves[i] & 0xFFFFu) == (ttm & 0xFFFFu)) return moves[i];
    return CHC_MOVE_NONE;
}

static int score_to_tt(int s, int ply)
{
    return s >= MATE_MIN ? s + ply : s <= -MATE_MIN ? s - ply : s;
}
static int score_from_tt(int s, int ply)
{
    return s >= MATE_MIN ? s - ply : s <= -MATE_MIN ? s + ply : s;
}

static void tt_store(chc_engine *e, uint64_t key64, chc_move m, int score, int eval, int depth, int bound,
                     int ply)
{
    tt_bucket *b = &e->tt[key64 & e->tt_mask];
    tt_entry *repl = &b->e[0];
    tt_data old = {0};
    int same = 0, worst = INT32_MAX;
    for (int i = 0; i < TT_WAYS; i++) {
        tt_entry *x = &b->e[i];
        uint64_t d;
        int mine = tt_read(x, key64, &d);
        tt_data t = tt_unpack(d);
        if (mine || !t.genbound) {
            repl = x;
            old = t;
            same = mine;
            break;
        }
        int age = (uint8_t)(e->gen - (t.genbound >> 2)) & 63;
        int v = t.depth - 8 * age;
        if (v < worst) {
            worst = v;
            repl = x;
            old = t;
        }
    }
    if (same && m == CHC_MOVE_NONE) m = old.move;
    if (same && bound != BOUND_EXACT && depth + 2 < old.depth && (old.genbound >> 2) == (e->gen & 63))
        return;
    int ev = eval == EVAL_NONE ? EVAL_NONE : eval < -32000 ? -32000 : eval > 32000 ? 32000 : eval;
    uint64_t d = tt_pack(m, score_to_tt(score, ply), ev, depth < 0 ? 0 : depth > 127 ? 127 : depth,
                         ((e->gen & 63) << 2) | bound);
    atomic_store_explicit(&repl->check, key64 ^ d, memory_order_relaxed);
    atomic_store_explicit(&repl->data, d, memory_order_relaxed);
}

static int tt_hashfull(const chc_engine *e)
{
    size_t n = e->tt_mask + 1 < 250 ? e->tt_mask + 1 : 250, used = 0;
    for (size_t i = 0; i < n; i++)
        for (int j = 0; j < TT_WAYS; j++) {
            int gb = (int)(atomic_load_explicit(&e->tt[i].e[j].data, memory_order_relaxed) >> 56);
            if (gb && (gb >> 2) == (e->gen & 63)) used++;
        }
    return (int)(used * 1000 / (n * TT_WAYS));
}

/* ---------------------------------------------------------------- engine object */

chc_engine *chc_engine_new(size_t hash_mb)
{
    if (hash_mb == 0) hash_mb = 16;
    if (hash_mb > 65536) return NULL;
    init_lmr();
    chc_engine *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    atomic_init(&e->stop_flag, 0);
    atomic_init(&e->ponderhit_flag, 0);
    atomic_init(&e->helpers_stop, 0);
    atomic_init(&e->nodes_pub, 0);
    if (tt_alloc(e, hash_mb) != CHC_OK) {
        free(e);
        return NULL;
    }
    e->skill = CHC_SKILL_MAX;
    return e;
}

static void free_helper(chc_engine *h)
{
    free(h->keys);
    free(h);
}

void chc_engine_free(chc_engine *e)
{
    if (!e) return;
    chci_job_free(e, e->job);
    for (int i = 0; i < e->nhelpers; i++) free_helper(e->helpers[i]);
    free(e->helpers);
    free(e->tt);
    free(e->keys);
    free(e);
}

int chc_engine_set_hash(chc_engine *e, size_t hash_mb)
{
    if (hash_mb == 0 || hash_mb > 65536) return CHC_E_ARGUMENT;
    return tt_alloc(e, hash_mb);
}

int chc_engine_set_threads(chc_engine *e, int threads)
{
    if (threads < 1 || threads > CHC_THREADS_MAX) return CHC_E_ARGUMENT;
    if (chc_engine_searching(e)) return CHC_E_ARGUMENT; /* its helpers are running */
    int want = threads - 1;
    if (want > e->nhelpers) {
        chc_engine **hs = realloc(e->helpers, (size_t)want * sizeof *hs);
        if (!hs) return CHC_E_NO_MEMORY;
        e->helpers = hs;
        for (int i = e->nhelpers; i < want; i++) {
            chc_engine *h = calloc(1, sizeof *h);
            if (!h) {
                for (int j = e->nhelpers; j < i; j++) free_helper(hs[j]);
                return CHC_E_NO_MEMORY;
            }
            h->owner = e;
            h->helper_id = i + 1;
            h->skill = CHC_SKILL_MAX;
            atomic_init(&h->stop_flag, 0);
            atomic_init(&h->ponderhit_flag, 0);
            atomic_init(&h->helpers_stop, 0);
            atomic_init(&h->nodes_pub, 0);
            hs[i] = h;
        }
    } else {
        for (int i = want; i < e->nhelpers; i++) free_helper(e->helpers[i]);
    }
    e->nhelpers = want;
    return CHC_OK;
}

int chc_engine_threads(const chc_engine *e)
{
    return e->nhelpers + 1;
}

int chc_engine_set_skill(chc_engine *e, int level, uint64_t seed)
{
    if (level < 0 || level > CHC_SKILL_MAX) return CHC_E_ARGUMENT;
    e->skill = level;
    e->skill_seed = seed;
    return CHC_OK;
}

int chc_engine_skill(const chc_engine *e)
{
    return e->skill;
}

/* The Elo of each level below the maximum, on Stockfish's UCI_Elo scale at 2 s + 0.05 s a
 * game: measured (bench/bench_levels.sh, docs/engine-levels.md) for levels 0-4, 6, 8, 10, 14,
 * 17 and 20, made monotone and interpolated between; wide error bars (100-450 Elo). */
static const short level_elo[CHC_SKILL_MAX] = {1200, 1250, 1300, 1340, 1370, 1385, 1400,
                                               1470, 1540, 1700, 1850, 1975, 2100, 2225,
                                               2350, 2385, 2415, 2450, 2500, 2550};

int chc_skill_from_elo(int elo)
{
    int level = 0;
    for (int i = 1; i < CHC_SKILL_MAX; i++)
        if (elo >= level_elo[i]) level = i;
    return level;
}

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A weakened engine's move among the lines of its last completed iteration (best first):
 * each line draws a number in 0..margin and loses its deficit against the best line; the
 * highest total is played (the first on a tie). See chc_engine_set_skill(). */
static int skill_pick(const chc_engine *e, const chc_search_result *lines, int n)
{
    if (n <= 1 || lines[0].score >= MATE_MIN) return 0;
    int margin = 20 + 15 * (CHC_SKILL_MAX - 1 - e->skill);
    uint64_t st = e->skill_seed ^ e->pos.key;
    int pick = 0, best_value = INT_MIN;
    for (int i = 0; i < n; i++) {
        int draw = (int)(splitmix64(&st) % (uint64_t)(margin + 1));
        int deficit = lines[0].score - lines[i].score;
        if (deficit > margin) continue;
        int value = draw - deficit;
        if (value > best_value) {
            best_value = value;
            pick = i;
        }
    }
    return pick;
}

void chc_engine_clear(chc_engine *e)
{
    memset(e->tt, 0, (e->tt_mask + 1) * sizeof(tt_bucket));
    memset(e->history, 0, sizeof e->history);
    memset(e->killers, 0, sizeof e->killers);
    memset(e->counter, 0, sizeof e->counter);
    memset(e->cap_hist, 0, sizeof e->cap_hist);
    memset(e->cont_hist, 0, sizeof e->cont_hist);
    e->gen = 0;
    for (int i = 0; i < e->nhelpers; i++) {
        chc_engine *h = e->helpers[i];
        memset(h->history, 0, sizeof h->history);
        memset(h->counter, 0, sizeof h->counter);
        memset(h->cap_hist, 0, sizeof h->cap_hist);
        memset(h->cont_hist, 0, sizeof h->cont_hist);
    }
}

void chc_engine_stop(chc_engine *e)
{
    atomic_store(&e->stop_flag, 1);
}

void chc_engine_ponderhit(chc_engine *e)
{
    atomic_store(&e->ponderhit_flag, 1);
}

void chci_engine_clear_requests(chc_engine *e)
{
    atomic_store(&e->stop_flag, 0);
    atomic_store(&e->ponderhit_flag, 0);
}

struct chci_job **chci_engine_job(chc_engine *e)
{
    return &e->job;
}

/* ---------------------------------------------------------------- search helpers */

/* Nodes searched by the running search: this engine's and its helpers' (as last published). */
static uint64_t total_nodes(const chc_engine *e)
{
    uint64_t n = e->nodes;
    for (int i = 0; i < e->nrunning; i++)
        n += atomic_load_explicit(&e->helpers[i]->nodes_pub, memory_order_relaxed);
    return n;
}

static void check_limits(chc_engine *e)
{
    if (e->owner) { /* a helper: runs until its engine's search ends */
        atomic_store_explicit(&e->nodes_pub, e->nodes, memory_order_relaxed);
        if (atomic_load_explicit(&e->owner->helpers_stop, memory_order_relaxed)) e->stopped = 1;
        return;
    }
    if (atomic_load_explicit(&e->stop_flag, memory_order_relaxed)) {
        e->stopped = 1;
        return;
    }
    if (e->node_limit && total_nodes(e) >= e->node_limit) {
        e->stopped = 1;
        return;
    }
    if (e->pondering) {
        if (!atomic_load(&e->ponderhit_flag)) return;
        e->pondering = 0;
        e->start_ms = now_ms();
    }
    if (e->hard_ms) {
        int64_t el = now_ms() - e->start_ms;
        if (el >= e->hard_ms || (e->soft_ms && el >= e->soft_ms)) e->stopped = 1;
    }
}

static inline void push_key(chc_engine *e, uint64_t k)
{
    e->keys[e->nkeys++] = k;
}

static int is_repetition(const chc_engine *e)
{
    int n = e->nkeys - 1;
    int lim = n - e->pos.halfmove;
    if (lim < e->null_idx) lim = e->null_idx;
    uint64_t k = e->keys[n];
    for (int i = n - 4; i >= lim; i -= 2)
        if (e->keys[i] == k) return 1;
    return 0;
}

static int has_non_pawn(const chc_position *pos, int c)
{
    return (pos->by_color[c] & ~pos->by_type[CHC_PAWN] & ~pos->by_type[CHC_KING]) != 0;
}

static inline int is_tactical(chc_move m)
{
    return (CHC_MOVE_FLAGS(m) & (CHC_MF_CAPTURE | CHC_MF_EN_PASSANT | CHC_MF_PROMOTION)) != 0;
}

static int captured_type(const chc_position *pos, chc_move m)
{
    if (CHC_MOVE_FLAGS(m) & CHC_MF_EN_PASSANT) return CHC_PAWN;
    int p = pos->board[CHC_MOVE_TO(m)];
    if (CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE) return 0;
    return p ? CHC_PIECE_TYPE(p) : 0;
}

#define SC_TT (1 << 30)
#define SC_GOOD_CAP (1 << 28)
#define SC_KILLER (1 << 27)
#define SC_COUNTER (SC_KILLER - 1)
#define SC_BAD_CAP (-(1 << 26))

/* continuation history tables of the moves 1 and 2 plies before `ply` */
static inline int16_t (*cont_table(chc_engine *e, int ply, int back))[64]
{
    int k = ply + 2 - back;
    return e->cont_hist[e->ss_piece[k]][e->ss_to[k]];
}

/* the history score of quiet move m moving `piece` at `ply` */
static inline int quiet_hist(chc_engine *e, chc_move m, int piece, int ply)
{
    int to = CHC_MOVE_TO(m);
    return e->history[e->pos.side][CHC_MOVE_FROM(m)][to] + cont_table(e, ply, 1)[piece][to] +
           cont_table(e, ply, 2)[piece][to];
}

static void score_moves(chc_engine *e, const chc_move *moves, int *scores, int n, chc_move ttm, int ply)
{
    const chc_position *pos = &e->pos;
    chc_move cm = e->ss_piece[ply + 1] ? e->counter[e->ss_piece[ply + 1]][e->ss_to[ply + 1]] : CHC_MOVE_NONE;
    const int16_t(*c1)[64] = cont_table(e, ply, 1), (*c2)[64] = cont_table(e, ply, 2);
    const int(*hist)[64] = e->history[pos->side];
    for (int i = 0; i < n; i++) {
        chc_move m = moves[i];
        if (m == ttm) {
            scores[i] = SC_TT;
            continue;
        }
        if (is_tactical(m)) {
            int victim = captured_type(pos, m);
            int attacker = CHC_PIECE_TYPE(pos->board[CHC_MOVE_FROM(m)]);
            int promo = CHC_MOVE_PROMO(m);
            int mvv = chci_see_value[victim] * 8 - attacker + (promo ? chci_see_value[promo] : 0);
            if (promo && promo != CHC_QUEEN) {
                scores[i] = SC_BAD_CAP + mvv - 100000;
                continue;
            }
            int good = chci_see_value[victim] >= chci_see_value[attacker] || chci_see(pos, m) >= 0;
            scores[i] = (good ? SC_GOOD_CAP : SC_BAD_CAP) + mvv +
                        e->cap_hist[pos->board[CHC_MOVE_FROM(m)]][CHC_MOVE_TO(m)][victim] / 16;
            continue;
        }
        if (m == e->killers[ply][0]) scores[i] = SC_KILLER + 1;
        else if (m == e->killers[ply][1]) scores[i] = SC_KILLER;
        else if (m == cm) scores[i] = SC_COUNTER;
        else {
            int to = CHC_MOVE_TO(m), pc = pos->board[CHC_MOVE_FROM(m)];
            scores[i] = hist[CHC_MOVE_FROM(m)][to] + c1[pc][to] + c2[pc][to];
        }
    }
}

static chc_move pick_move(chc_move *moves, int *scores, int n, int i)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (scores[j] > scores[best]) best = j;
    chc_move m = moves[best];
    int s = scores[best];
    moves[best] = moves[i];
    scores[best] = scores[i];
    moves[i] = m;
    scores[i] = s;
    return m;
}

static inline void gravity(int *h, int bonus)
{
    int b = bonus < 0 ? -bonus : bonus;
    *h += bonus - *h * b / 16384;
}

static inline void gravity16(int16_t *h, int bonus)
{
    int v = *h, b = bonus < 0 ? -bonus : bonus;
    v += bonus - v * b / 16384;
    *h = (int16_t)v;
}

/* quiet move m (moving `piece`) at `ply`: butterfly and continuation histories */
static void update_quiet(chc_engine *e, chc_move m, int piece, int ply, int bonus)
{
    int to = CHC_MOVE_TO(m);
    gravity(&e->history[e->pos.side][CHC_MOVE_FROM(m)][to], bonus);
    if (e->ss_piece[ply + 1]) gravity16(&cont_table(e, ply, 1)[piece][to], bonus);
    if (e->ss_piece[ply]) gravity16(&cont_table(e, ply, 2)[piece][to], bonus);
}

static void update_capture(chc_engine *e, chc_move m, int bonus)
{
    const chc_position *pos = &e->pos;
    gravity(&e->cap_hist[pos->board[CHC_MOVE_FROM(m)]][CHC_MOVE_TO(m)][captured_type(pos, m)], bonus);
}

static void update_pv(chc_engine *e, int ply, chc_move m)
{
    e->pv[ply][ply] = m;
    int len = e->pvlen[ply + 1];
    if (len > MAX_PLY) len = MAX_PLY;
    for (int j = ply + 1; j < len; j++) e->pv[ply][j] = e->pv[ply + 1][j];
    e->pvlen[ply] = len > ply + 1 ? len : ply + 1;
}

/* ---------------------------------------------------------------- quiescence */

static int qsearch(chc_engine *e, int alpha, int beta, int ply)
{
    chc_position *pos = &e->pos;
    e->pvlen[ply] = ply;
    if ((++e->nodes & 1023) == 0) check_limits(e);
    if (e->stopped) return 0;
    if (ply > e->seldepth) e->seldepth = ply;
    if (chci_insufficient_material(pos)) return 0;
    int in_check = pos->checkers != 0;
    if (in_check && is_repetition(e)) return 0;
    if (ply >= MAX_PLY) return in_check ? 0 : chci_evaluate(pos);

    tt_data tte;
    int hit = tt_probe(e, pos->key, &tte);
    chc_move ttm = CHC_MOVE_NONE;
    int tteval = EVAL_NONE;
    if (hit) {
        int s = score_from_tt(tte.score, ply), bound = tte.genbound & 3;
        ttm = tte.move;
        tteval = tte.eval;
        if ((bound == BOUND_EXACT) || (bound == BOUND_LOWER && s >= beta) ||
            (bound == BOUND_UPPER && s <= alpha))
            return s;
    }

    chc_move moves[CHC_MAX_MOVES];
    int scores[CHC_MAX_MOVES];
    int n, best, stand = 0;
    if (in_check) {
        n = chc_legal_moves(pos, moves, CHC_GEN_ALL);
        if (n == 0) return -MATE + ply;
        best = -MATE + ply;
    } else {
        stand = tteval != EVAL_NONE ? tteval : chci_evaluate(pos);
        if (stand >= beta) return stand;
        if (stand > alpha) alpha = stand;
        best = stand;
        n = chc_legal_moves(pos, moves, CHC_GEN_CAPTURES);
    }
    ttm = tt_move(ttm, moves, n);
    score_moves(e, moves, scores, n, ttm, ply);
    chc_move bestm = CHC_MOVE_NONE;
    int old_alpha = alpha;
    for (int i = 0; i < n; i++) {
        chc_move m = pick_move(moves, scores, n, i);
        if (!in_check) {
            if (scores[i] < SC_GOOD_CAP && scores[i] != SC_TT) break; /* losing captures */
            int promo = CHC_MOVE_PROMO(m);
            if (!promo && stand + chci_see_value[captured_type(pos, m)] + 200 <= alpha) continue;
        }
        e->ss_piece[ply + 2] = pos->board[CHC_MOVE_FROM(m)];
        e->ss_to[ply + 2] = CHC_MOVE_TO(m);
        chc_undo u;
        chc_make_move(pos, m, &u);
        push_key(e, pos->key);
        int s = -qsearch(e, -beta, -alpha, ply + 1);
        e->nkeys--;
        chc_unmake_move(pos, m, &u);
        if (e->stopped) return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                alpha = s;
                bestm = m;
                update_pv(e, ply, m);
                if (s >= beta) break;
            }
        }
    }
    int bound = best >= beta ? BOUND_LOWER : best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(e, pos->key, bestm, best, in_check ? EVAL_NONE : stand, 0, bound, ply);
    return best;
}

/* ---------------------------------------------------------------- main search */

static int root_allowed(const chc_engine *e, chc_move m)
{
    for (int i = 0; i < e->n_excluded; i++)
        if (e->excluded[i] == m) return 0;
    if (!e->searchmoves) return 1;
    for (int i = 0; i < e->n_searchmoves; i++)
        if (e->searchmoves[i] == m) return 1;
    return 0;
}

static int search(chc_engine *e, int alpha, int beta, int depth, int ply)
{
    chc_position *pos = &e->pos;
    int pvnode = beta - alpha > 1;
    int root = ply == 0;
    int in_check = pos->checkers != 0;
    if (depth <= 0 && !in_check) return qsearch(e, alpha, beta, ply);
    if (depth < 0) depth = 0;
    e->pvlen[ply] = ply;
    if ((++e->nodes & 1023) == 0) check_limits(e);
    if (e->stopped) return 0;
    if (ply > e->seldepth) e->seldepth = ply;

    if (!root) {
        if (is_repetition(e) || chci_insufficient_material(pos)) return 0;
        if (pos->halfmove >= 100 && (!in_check || chc_count_legal_moves(pos) > 0)) return 0;
        if (ply >= MAX_PLY) return in_check ? 0 : chci_evaluate(pos);
        int a = alpha > -MATE + ply ? alpha : -MATE + ply;
        int b = beta < MATE - ply - 1 ? beta : MATE - ply - 1;
        if (a >= b) return a;
    }

    tt_data tte;
    int hit = tt_probe(e, pos->key, &tte);
    chc_move ttm = CHC_MOVE_NONE;
    int tts = 0, ttbound = BOUND_NONE, tteval = EVAL_NONE;
    if (hit) {
        ttm = tte.move;
        tteval = tte.eval;
        tts = score_from_tt(tte.score, ply);
        ttbound = tte.genbound & 3;
        if (!pvnode && tte.depth >= depth &&
            ((ttbound == BOUND_EXACT) || (ttbound == BOUND_LOWER && tts >= beta) ||
             (ttbound == BOUND_UPPER && tts <= alpha)))
            return tts;
    }
    if (root && e->root_best) ttm = e->root_best;

    int eval, static_eval = EVAL_NONE;
    if (in_check) eval = -INF;
    else {
        eval = static_eval = tteval != EVAL_NONE ? tteval : chci_evaluate(pos);
        if (hit && ((ttbound == BOUND_LOWER && tts > eval) || (ttbound == BOUND_UPPER && tts < eval)) &&
            tts > -MATE_MIN && tts < MATE_MIN)
            eval = tts;
    }
    e->ss_eval[ply] = in_check ? -INF : eval;
    int improving = !in_check && ply >= 2 && eval > e->ss_eval[ply - 2];
    e->killers[ply + 1][0] = e->killers[ply + 1][1] = CHC_MOVE_NONE;

    if (!in_check && !pvnode && !root) {
        /* reverse futility pruning */
        if (depth <= 6 && eval - (90 - 20 * improving) * depth >= beta && eval < MATE_MIN)
            return eval;
        /* null move */
        if (depth >= 3 && eval >= beta && e->ss_move[ply - 1] != CHC_MOVE_NULL &&
            has_non_pawn(pos, pos->side) && beta > -MATE_MIN) {
            int r = 3 + depth / 4 + ((eval - beta) / 200 < 3 ? (eval - beta) / 200 : 3);
            chc_undo u;
            chc_make_null(pos, &u);
            push_key(e, pos->key);
            int saved_null = e->null_idx;
            e->null_idx = e->nkeys - 1;
            e->ss_move[ply] = CHC_MOVE_NULL;
            e->ss_piece[ply + 2] = 0;
            e->ss_to[ply + 2] = 0;
            int s = -search(e, -beta, -beta + 1, depth - r - 1, ply + 1);
            e->null_idx = saved_null;
            e->nkeys--;
            chc_unmake_null(pos, &u);
            if (e->stopped) return 0;
            if (s >= beta) return s >= MATE_MIN ? beta : s;
        }
    }
    /* internal iterative reduction: no hash move at a deep node */
    if (!root && depth >= 5 && ttm == CHC_MOVE_NONE) depth--;

    chc_move moves[CHC_MAX_MOVES];
    int scores[CHC_MAX_MOVES];
    int n = chc_legal_moves(pos, moves, CHC_GEN_ALL);
    if (root && (e->searchmoves || e->n_excluded)) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (root_allowed(e, moves[i])) moves[k++] = moves[i];
        n = k;
    }
    if (n == 0) return in_check ? -MATE + ply : 0;
    ttm = tt_move(ttm, moves, n);
    score_moves(e, moves, scores, n, ttm, ply);

    int best = -INF, old_alpha = alpha, legal = 0, nquiets = 0, ncaps = 0;
    int nonpawn = has_non_pawn(pos, pos->side);
    chc_move bestm = CHC_MOVE_NONE;
    chc_move quiets[CHC_MAX_MOVES], caps[CHC_MAX_MOVES];
    int qpiece[CHC_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        chc_move m = pick_move(moves, scores, n, i);
        int tactical = is_tactical(m);
        int piece = pos->board[CHC_MOVE_FROM(m)];
        int killer = scores[i] == SC_KILLER || scores[i] == SC_KILLER + 1;
        int hs = INT32_MIN; /* quiet history, computed only when needed */
#define HS() (hs != INT32_MIN ? hs : (hs = quiet_hist(e, m, piece, ply)))
        int gives = -1; /* computed only when needed */
        if (!root && best > -MATE_MIN && nonpawn) {
            if (!tactical && !in_check) {
                int lmp = (3 + depth * depth) / (2 - improving);
                if ((depth <= 8 && legal >= lmp) || (depth <= 6 && eval + 100 + 90 * depth <= alpha) ||
                    (depth <= 3 && !killer && m != ttm && HS() < -6000 * depth)) {
                    gives = chc_gives_check(pos, m);
                    if (!gives) continue;
                }
            } else if (tactical && depth <= 6 && scores[i] < SC_GOOD_CAP && chci_see(pos, m) < -90 * depth) {
                continue;
            }
        }
        if (gives < 0) gives = chc_gives_check(pos, m);
        if (!tactical && depth >= 3) HS(); /* for the reduction, before the move is made */
        int ext = gives && ply < 2 * e->root_depth ? 1 : 0;
        chc_undo u;
        chc_make_move(pos, m, &u);
        push_key(e, pos->key);
        e->ss_move[ply] = m;
        e->ss_piece[ply + 2] = piece;
        e->ss_to[ply + 2] = CHC_MOVE_TO(m);
        legal++;
        int newdepth = depth - 1 + ext, s;
        if (legal == 1) {
            s = -search(e, -beta, -alpha, newdepth, ply + 1);
        } else {
            int r = 0;
            if (depth >= 3 && legal > 1 + 2 * pvnode && (!tactical || scores[i] < SC_GOOD_CAP)) {
                r = lmr_table[depth < 64 ? depth : 63][legal < 64 ? legal : 63];
                if (!pvnode) r++;
                if (improving) r--;
                if (killer) r--;
                if (in_check || gives) r--;
                if (!tactical) r -= HS() / 12000;
                if (r < 0) r = 0;
                if (r > newdepth - 1) r = newdepth - 1 > 0 ? newdepth - 1 : 0;
            }
            s = -search(e, -alpha - 1, -alpha, newdepth - r, ply + 1);
            if (s > alpha && r > 0) s = -search(e, -alpha - 1, -alpha, newdepth, ply + 1);
            if (s > alpha && s < beta) s = -search(e, -beta, -alpha, newdepth, ply + 1);
        }
        e->nkeys--;
        chc_unmake_move(pos, m, &u);
        if (e->stopped) return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                bestm = m;
                alpha = s;
                update_pv(e, ply, m);
                if (root) {
                    e->root_best = m;
                    e->root_score = s;
                }
                if (s >= beta) {
                    int bonus = 32 * depth * depth + 64 * depth;
                    if (bonus > 8000) bonus = 8000;
                    if (!tactical) {
                        if (e->killers[ply][0] != m) {
                            e->killers[ply][1] = e->killers[ply][0];
                            e->killers[ply][0] = m;
                        }
                        if (e->ss_piece[ply + 1]) e->counter[e->ss_piece[ply + 1]][e->ss_to[ply + 1]] = m;
                        update_quiet(e, m, piece, ply, bonus);
                        for (int q = 0; q < nquiets; q++) update_quiet(e, quiets[q], qpiece[q], ply, -bonus);
                    } else {
                        update_capture(e, m, bonus);
                    }
                    for (int q = 0; q < ncaps; q++) update_capture(e, caps[q], -bonus);
                    break;
                }
            }
        }
        if (!tactical) {
            qpiece[nquiets] = piece;
            quiets[nquiets++] = m;
        } else if (CHC_MOVE_FLAGS(m) & (CHC_MF_CAPTURE | CHC_MF_EN_PASSANT)) {
            caps[ncaps++] = m;
        }
    }
#undef HS
    if (legal == 0) return alpha; /* everything pruned (cannot happen at the root) */
    int bound = best >= beta ? BOUND_LOWER : best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(e, pos->key, bestm, best, static_eval, depth, bound, ply);
    return best;
}

/* ---------------------------------------------------------------- Lazy SMP helpers */

/* Which iterations helper k skips, so that the threads spread over depths instead of all
 * searching the same tree in step: helper k searches depth d only when
 * ((d + phase) / size) is even (size 1, 1, 2, 2, 2, 2, 3 ... by k). */
static int helper_skips(int k, int d)
{
    static const int size[20] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
    static const int phase[20] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};
    int i = (k - 1) % 20;
    return ((d + phase[i]) / size[i]) % 2 != 0;
}

/* A helper's search: iterative deepening with aspiration windows on the owner's root until
 * the owner sets helpers_stop; it only fills the shared table and its own histories. */
static void *helper_main(void *arg)
{
    chc_engine *h = arg;
    int score = 0, have = 0;
    for (int d = 1; d < MAX_PLY && !h->stopped; d++) {
        if (d > 1 && helper_skips(h->helper_id, d)) continue;
        h->root_depth = d;
        int alpha = -INF, beta = INF, delta = 20;
        if (have && d >= 5 && score > -1000 && score < 1000) {
            alpha = score - delta;
            beta = score + delta;
        }
        for (;;) {
            h->seldepth = 0;
            int s = search(h, alpha, beta, d, 0);
            if (h->stopped) break;
            if (s <= alpha) {
                beta = (alpha + beta) / 2;
                alpha = s - delta > -INF ? s - delta : -INF;
            } else if (s >= beta) {
                beta = s + delta < INF ? s + delta : INF;
            } else {
                score = s;
                have = 1;
                break;
            }
            delta += delta / 2 + 10;
            if (delta > 600) {
                alpha = -INF;
                beta = INF;
            }
        }
    }
    atomic_store_explicit(&h->nodes_pub, h->nodes, memory_order_relaxed);
    return NULL;
}

/* Starts e's helpers on e's root (e->pos and its key history); a helper whose memory or thread
 * cannot be had is left out (the search still runs, with fewer threads). */
static void start_helpers(chc_engine *e)
{
    e->nrunning = 0;
    atomic_store(&e->helpers_stop, 0);
    for (int i = 0; i < e->nhelpers; i++) {
        chc_engine *h = e->helpers[i];
        if (e->keys_cap > h->keys_cap) {
            uint64_t *k = realloc(h->keys, (size_t)e->keys_cap * sizeof *k);
            if (!k) break;
            h->keys = k;
            h->keys_cap = e->keys_cap;
        }
        memcpy(h->keys, e->keys, (size_t)e->nkeys * sizeof *h->keys);
        h->nkeys = e->nkeys;
        h->null_idx = 0;
        h->tt = e->tt;
        h->tt_mask = e->tt_mask;
        h->gen = e->gen;
        h->pos = e->pos;
        h->nodes = 0;
        atomic_store_explicit(&h->nodes_pub, 0, memory_order_relaxed);
        h->node_limit = 0;
        h->seldepth = 0;
        h->stopped = 0;
        h->pondering = 0;
        h->start_ms = e->start_ms;
        h->soft_ms = h->hard_ms = h->opt_ms = 0;
        h->searchmoves = e->searchmoves;
        h->n_searchmoves = e->n_searchmoves;
        h->n_excluded = 0;
        h->root_best = e->root_best;
        h->root_score = 0;
        memset(h->killers, 0, sizeof h->killers);
        h->ss_piece[0] = h->ss_piece[1] = h->ss_to[0] = h->ss_to[1] = 0;
        for (int c = 0; c < 2; c++)
            for (int a = 0; a < 64; a++)
                for (int b = 0; b < 64; b++) h->history[c][a][b] /= 2;
        if (pthread_create(&h->thread, NULL, helper_main, h) != 0) break;
        e->nrunning = i + 1;
    }
}

/* Stops and joins the running helpers; their node counts stay readable (total_nodes). */
static void stop_helpers(chc_engine *e)
{
    if (!e->nrunning) return;
    atomic_store(&e->helpers_stop, 1);
    for (int i = 0; i < e->nrunning; i++) pthread_join(e->helpers[i]->thread, NULL);
}

/* ---------------------------------------------------------------- driver */

static void fill_result(chc_engine *e, int score, int depth, int bound)
{
    chc_search_result *r = &e->res;
    r->score = score;
    r->mate = score >= MATE_MIN ? (MATE - score + 1) / 2 : score <= -MATE_MIN ? -((MATE + score) / 2) : 0;
    r->depth = depth;
    r->seldepth = e->seldepth;
    r->nodes = total_nodes(e);
    r->time_ms = now_ms() - e->start_ms;
    r->nps = r->time_ms > 0 ? (uint64_t)(r->nodes * 1000 / (uint64_t)r->time_ms) : r->nodes * 1000;
    r->hashfull = tt_hashfull(e);
    r->bound = bound == BOUND_LOWER ? 1 : bound == BOUND_UPPER ? 2 : 0;
    r->multipv = 1;
    int len = e->pvlen[0];
    if (len > CHC_PV_MAX) len = CHC_PV_MAX;
    /* the PV must start with the best move; check it is legal all the way */
    chc_position p = e->pos;
    int k = 0;
    for (int i = 0; i < len; i++) {
        chc_move m = e->pv[0][i];
        if (i == 0 && m != e->root_best) break;
        if (!chc_is_legal(&p, m)) break;
        chc_undo u;
        chc_make_move(&p, m, &u);
        r->pv[k++] = m;
    }
    if (k == 0 && e->root_best) r->pv[k++] = e->root_best;
    r->pv_len = k;
    r->best = e->root_best;
    r->ponder = k > 1 ? r->pv[1] : CHC_MOVE_NONE;
}

/* Time control: opt_ms is the usual time for this move; it is scaled after each iteration by
 * the stability of the best move and a falling score (soft_ms: past it the search stops, also
 * inside an iteration); hard_ms is never exceeded. movetime: exactly that long. */
static void set_time(chc_engine *e, const chc_search_limits *l, int side)
{
    e->soft_ms = e->hard_ms = e->opt_ms = 0;
    if (l->movetime_ms > 0) {
        e->hard_ms = l->movetime_ms > 10 ? l->movetime_ms - 5 : l->movetime_ms;
        e->opt_ms = e->hard_ms;
        return;
    }
    int64_t t = l->time_ms[side], inc = l->inc_ms[side] > 0 ? l->inc_ms[side] : 0;
    if (t <= 0) return;
    const int64_t overhead = 30;
    int64_t avail = t - overhead;
    if (avail < 5) avail = 5;
    int mtg = l->movestogo > 0 ? (l->movestogo < 30 ? l->movestogo : 30) : 25;
    int64_t opt = avail / mtg + inc * 3 / 4;
    int64_t cap = mtg == 1 ? avail * 7 / 10 : avail / 2;
    int64_t hard = opt * 5;
    if (hard > cap) hard = cap;
    if (opt > hard) opt = hard;
    if (hard < 1) hard = 1;
    if (opt < 1) opt = 1;
    e->opt_ms = opt;
    e->hard_ms = hard;
}

int chc_engine_search(chc_engine *e, const chc_position *start, const chc_move *moves, int nmoves,
                      const chc_search_limits *limits, chc_search_callback cb, void *user,
                      chc_search_result *result)
{
    chci_engine_clear_requests(e);
    return chci_engine_search(e, start, moves, nmoves, limits, cb, user, result);
}

int chci_engine_search(chc_engine *e, const chc_position *start, const chc_move *moves,
                       int nmoves, const chc_search_limits *limits, chc_search_callback cb,
                       void *user, chc_search_result *result)
{
    if (nmoves < 0 || (nmoves > 0 && !moves)) return CHC_E_ARGUMENT;
    int64_t t0 = now_ms();
    int cap = nmoves + MAX_PLY + 8;
    if (cap > e->keys_cap) {
        uint64_t *k = realloc(e->keys, (size_t)cap * sizeof *k);
        if (!k) return CHC_E_NO_MEMORY;
        e->keys = k;
        e->keys_cap = cap;
    }
    e->pos = *start;
    e->nkeys = 0;
    push_key(e, e->pos.key);
    for (int i = 0; i < nmoves; i++) {
        if (!chc_is_legal(&e->pos, moves[i])) return CHC_E_MOVE_ILLEGAL;
        chc_undo u;
        chc_make_move(&e->pos, moves[i], &u);
        push_key(e, e->pos.key);
    }
    for (int i = 0; i < limits->n_searchmoves && limits->searchmoves; i++)
        if (!chc_is_legal(&e->pos, limits->searchmoves[i])) return CHC_E_ARGUMENT;

    e->null_idx = 0;
    e->nodes = 0;
    e->seldepth = 0;
    e->stopped = 0;
    e->start_ms = t0;
    e->node_limit = limits->nodes;
    e->pondering = limits->ponder != 0;
    e->searchmoves = limits->n_searchmoves > 0 ? limits->searchmoves : NULL;
    e->n_searchmoves = limits->n_searchmoves;
    e->gen = (uint8_t)((e->gen + 1) & 63);
    e->root_best = CHC_MOVE_NONE;
    e->root_score = 0;
    memset(&e->res, 0, sizeof e->res);
    memset(e->killers, 0, sizeof e->killers);
    e->ss_piece[0] = e->ss_piece[1] = e->ss_to[0] = e->ss_to[1] = 0;
    for (int s = 0; s < 2; s++)
        for (int a = 0; a < 64; a++)
            for (int b = 0; b < 64; b++) e->history[s][a][b] /= 2;
    set_time(e, limits, e->pos.side);

    int multipv = limits->multipv > 1 ? (limits->multipv < CHC_MAX_MOVES ? limits->multipv : CHC_MAX_MOVES) : 1;
    /* a strength level below the maximum: more lines searched than reported (skill_pick) */
    int weak = e->skill < CHC_SKILL_MAX, reported = multipv, nsaved = 0;
    if (weak && multipv < 4 + (CHC_SKILL_MAX - e->skill) / 4) multipv = 4 + (CHC_SKILL_MAX - e->skill) / 4;
    chc_search_result *lines = NULL, *saved = NULL;
    if (multipv > 1 && !(lines = malloc((size_t)multipv * sizeof *lines))) multipv = reported = 1;
    if (weak && lines && !(saved = malloc((size_t)multipv * sizeof *saved))) {
        free(lines);
        lines = NULL;
        multipv = reported = 1;
    }
    e->n_excluded = 0;
    int max_depth = limits->depth > 0 ? (limits->depth < MAX_PLY ? limits->depth : MAX_PLY) : MAX_PLY;
    if (weak && max_depth > 1 + e->skill / 2) max_depth = 1 + e->skill / 2;
    int timed = e->hard_ms > 0 || e->pondering;
    if (!timed && !limits->infinite && !limits->nodes && !limits->depth) {
        max_depth = limits->mate > 0 ? 4 * limits->mate + 4 : 1;
    }

    /* a legal move to return even if stopped at once */
    chc_move all[CHC_MAX_MOVES];
    int nroot = chc_legal_moves(&e->pos, all, CHC_GEN_ALL);
    int nallowed = 0;
    for (int i = 0; i < nroot; i++)
        if (root_allowed(e, all[i])) {
            if (!nallowed) e->root_best = all[i];
            nallowed++;
        }
    tt_data tte;
    if (tt_probe(e, e->pos.key, &tte)) {
        chc_move m = tt_move(tte.move, all, nroot);
        if (m != CHC_MOVE_NONE && root_allowed(e, m)) e->root_best = m;
    }

    /* the helpers (Threads > 1): not for a weakened level, whose play must stay reproducible */
    e->nrunning = 0;
    if (nallowed > 0 && !weak) start_helpers(e);
    if (nallowed == 0) {
        e->res.score = e->pos.checkers ? -MATE : 0;
        e->res.mate = 0;
        e->res.time_ms = now_ms() - t0;
    } else {
        int score = 0, prev_score = 0, stable = 0;
        chc_move prev_best = CHC_MOVE_NONE;
        for (int d = 1; d <= max_depth; d++) {
            e->root_depth = d;
            int alpha = -INF, beta = INF, delta = 20;
            if (d >= 5 && score > -1000 && score < 1000) {
                alpha = score - delta;
                beta = score + delta;
            }
            int s;
            for (;;) {
                e->seldepth = 0;
                s = search(e, alpha, beta, d, 0);
                if (e->stopped) break;
                if (s <= alpha) {
                    beta = (alpha + beta) / 2;
                    alpha = s - delta > -INF ? s - delta : -INF;
                    fill_result(e, s, d - 1 > 0 ? d - 1 : 0, BOUND_UPPER);
                } else if (s >= beta) {
                    beta = s + delta < INF ? s + delta : INF;
                    fill_result(e, s, d - 1 > 0 ? d - 1 : 0, BOUND_LOWER);
                } else {
                    break;
                }
                if (cb && now_ms() - e->start_ms > 1000) cb(&e->res, user);
                delta += delta / 2 + 10;
                if (delta > 600) {
                    alpha = -INF;
                    beta = INF;
                }
            }
            if (e->stopped) {
                if (d == 1 || e->res.best == CHC_MOVE_NONE) fill_result(e, e->root_score, d, BOUND_NONE);
                else {
                    /* keep the completed iteration's PV, but a move found better this
                       iteration replaces its best move */
                    if (e->root_best != e->res.best && e->res.pv_len) {
                        e->res.best = e->root_best;
                        e->res.pv[0] = e->root_best;
                        e->res.pv_len = 1;
                        e->res.ponder = CHC_MOVE_NONE;
                    }
                    e->res.nodes = total_nodes(e);
                    e->res.time_ms = now_ms() - e->start_ms;
                }
                break;
            }
            score = s;
            fill_result(e, s, d, BOUND_EXACT);
            if (multipv <= 1) {
                if (cb) cb(&e->res, user);
            } else {
                /* lines 2..multipv: the same depth, full window, without the moves found;
                   then all lines sorted by score (the best line can change here) and reported */
                int nl = 0;
                lines[nl++] = e->res;
                e->n_excluded = 0;
                e->excluded[e->n_excluded++] = e->root_best;
                for (int k = 2; k <= multipv && k <= nallowed; k++) {
                    e->root_best = CHC_MOVE_NONE;
                    e->seldepth = 0;
                    int sk = search(e, -INF, INF, d, 0);
                    if (e->stopped || e->root_best == CHC_MOVE_NONE) break;
                    fill_result(e, sk, d, BOUND_EXACT);
                    lines[nl++] = e->res;
                    e->excluded[e->n_excluded++] = e->root_best;
                }
                e->n_excluded = 0;
                for (int i = 1; i < nl; i++) { /* stable insertion sort, best score first */
                    chc_search_result x = lines[i];
                    int j = i;
                    for (; j > 0 && lines[j - 1].score < x.score; j--) lines[j] = lines[j - 1];
                    lines[j] = x;
                }
                for (int i = 0; i < nl; i++) {
                    lines[i].multipv = i + 1;
                    lines[i].nodes = lines[nl - 1].nodes;
                    lines[i].time_ms = lines[nl - 1].time_ms;
                    lines[i].nps = lines[nl - 1].nps;
                    if (cb && i < reported) cb(&lines[i], user);
                }
                if (saved && !e->stopped) {
                    memcpy(saved, lines, (size_t)nl * sizeof *lines);
                    nsaved = nl;
                }
                e->res = lines[0];
                e->root_best = lines[0].best;
                e->root_score = score = lines[0].score;
                if (e->stopped) break;
            }
            if (limits->mate > 0 && e->res.mate > 0 && e->res.mate <= limits->mate) break;
            /* best-move stability and score trend scale the time for this move */
            if (d >= 2) stable = e->root_best == prev_best ? stable + 1 : 0;
            prev_best = e->root_best;
            if (e->hard_ms && limits->movetime_ms <= 0) {
                static const int stab_pct[5] = {150, 125, 105, 90, 75};
                int f = stab_pct[stable < 4 ? stable : 4];
                if (d >= 4 && prev_score - score > 20) {
                    int drop = prev_score - score > 120 ? 120 : prev_score - score;
                    f = f * (100 + drop / 2) / 100;
                }
                int64_t scaled = e->opt_ms * f / 100;
                e->soft_ms = scaled * 2 < e->hard_ms ? scaled * 2 : e->hard_ms;
                if (!e->pondering) {
                    int64_t el = now_ms() - e->start_ms;
                    if (el >= scaled * 55 / 100) break;
                    if (nallowed == 1) break;
                }
            }
            prev_score = score;
            if (d >= 2 && (score >= MATE - d || score <= -MATE + d) && !limits->infinite && !e->pondering &&
                !limits->depth && !limits->nodes)
                break;
        }
    }
    stop_helpers(e);
    /* UCI: an infinite or pondering search reports only after stop (or ponderhit) */
    while ((limits->infinite || e->pondering) && !atomic_load(&e->stop_flag)) {
        if (e->pondering && atomic_load(&e->ponderhit_flag)) break;
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    if (nsaved > 0) {
        e->res = saved[skill_pick(e, saved, nsaved)];
        e->root_best = e->res.best;
    }
    if (e->res.best == CHC_MOVE_NONE) e->res.best = e->root_best;
    e->res.multipv = 1;
    free(lines);
    free(saved);
    e->res.nodes = total_nodes(e);
    e->nrunning = 0;
    e->res.time_ms = now_ms() - t0;
    e->res.nps = e->res.time_ms > 0 ? (uint64_t)(e->res.nodes * 1000 / (uint64_t)e->res.time_ms)
                                    : e->res.nodes * 1000;
    *result = e->res;
    return CHC_OK;
}

/* ---------------------------------------------------------------- bench */

static const char *const bench_fens[] = {
    CHC_STARTPOS_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
    "r1b2rk1/pp1nqppp/2pbpn2/3p4/2PP4/2NBPN2/PPQ2PPP/R1B2RK1 w - - 0 9",
};

uint64_t chc_engine_bench(int depth, int64_t *ms)
{
    if (depth <= 0) depth = CHC_BENCH_DEFAULT_DEPTH;
    chc_engine *e = chc_engine_new(16);
    if (!e) return 0;
    uint64_t total = 0;
    int64_t t0 = now_ms();
    for (size_t i = 0; i < sizeof bench_fens / sizeof bench_fens[0]; i++) {
        chc_position pos;
        if (chc_position_from_fen(&pos, bench_fens[i], 0, NULL) != CHC_OK) continue;
        chc_engine_clear(e);
        chc_search_limits lim;
        memset(&lim, 0, sizeof lim);
        lim.depth = depth;
        chc_search_result r;
        if (chc_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &r) == CHC_OK) total += r.nodes;
    }
    if (ms) *ms = now_ms() - t0;
    chc_engine_free(e);
    return total;
}
