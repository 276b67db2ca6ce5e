/* Internal: what the engine's search files share (tt.c, timeman.c, movepick.c, search.c,
 * engine.c): the engine object, the transposition table's entry, the search's tunable
 * constants and the small functions every one of them calls in its inner loops. */
#ifndef CHC_ENGINE_SEARCH_INTERNAL_H
#define CHC_ENGINE_SEARCH_INTERNAL_H
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "engine/engine.h"
#include "engine/nnue.h"

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
#define TT_ALIGN 64 /* a bucket is one cache line */
_Static_assert(sizeof(tt_bucket) == TT_ALIGN, "a bucket fills one cache line");

struct chc_engine {
    tt_bucket *tt;  /* aligned on TT_ALIGN bytes, inside tt_mem (the allocation; NULL in a helper) */
    void *tt_mem;
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
    chci_pawn_entry *pawn_cache; /* this thread's pawn cache (CHCI_PAWN_CACHE_SIZE entries) */
    /* the evaluation network (chc_engine_set_nnue; NULL: the hand-written evaluation) and its
     * accumulators by ply: a node stores its board on entry and marks its accumulator stale;
     * the evaluation brings it up to date from the nearest ancestor's (nnue.c) */
    const chci_nnue_net *nnue;
    chci_nnue_acc acc[MAX_PLY + 2];

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

/* ---------------------------------------------------------------- search constants
 * Every pruning, reduction and window margin of the search, in one place. Depths are in
 * plies, scores in centipawns, histories on the scale of HIST_MAX. Changing one changes the
 * search's decisions (and `chesscodec bench`'s node count): keep a change only when
 * self-play shows it gains. */

/* reverse futility (static null move) pruning: a non-PV node at depth <= RFP_MAX_DEPTH whose
 * eval beats beta by (RFP_MARGIN - RFP_IMPROVING if improving) per ply returns eval; never when
 * beta is a mated score (a shorter mate found elsewhere: the eval says nothing about it) */
#define RFP_MAX_DEPTH 6
#define RFP_MARGIN 90
#define RFP_IMPROVING 20
/* null-move pruning from depth NMP_MIN_DEPTH: reduction NMP_BASE + depth / NMP_DEPTH_DIV,
 * plus one per NMP_EVAL_DIV of eval above beta (at most NMP_EVAL_MAX) */
#define NMP_MIN_DEPTH 3
#define NMP_BASE 3
#define NMP_DEPTH_DIV 4
#define NMP_EVAL_DIV 200
#define NMP_EVAL_MAX 3
/* internal iterative reduction: one ply less at depth >= IIR_MIN_DEPTH without a hash move */
#define IIR_MIN_DEPTH 5
/* late-move pruning: at depth <= LMP_MAX_DEPTH, quiet moves after (LMP_BASE + depth^2) / 2
 * (not improving) or LMP_BASE + depth^2 (improving) legal moves are skipped */
#define LMP_MAX_DEPTH 8
#define LMP_BASE 3
/* futility pruning of quiet moves: depth <= FUT_MAX_DEPTH and
 * eval + FUT_BASE + FUT_PER_DEPTH * depth <= alpha */
#define FUT_MAX_DEPTH 6
#define FUT_BASE 100
#define FUT_PER_DEPTH 90
/* history pruning: quiet non-killer moves at depth <= HP_MAX_DEPTH with a history below
 * -HP_MARGIN * depth are skipped */
#define HP_MAX_DEPTH 3
#define HP_MARGIN 6000
/* SEE pruning of losing captures at depth <= SEE_MAX_DEPTH: SEE below -SEE_MARGIN * depth */
#define SEE_MAX_DEPTH 6
#define SEE_MARGIN 90
/* late-move reductions from depth LMR_MIN_DEPTH: LMR_BASE + ln(depth) ln(move) / LMR_DIV
 * plies (the table), one less per LMR_HIST_DIV of quiet history */
#define LMR_MIN_DEPTH 3
#define LMR_BASE 0.75
#define LMR_DIV 2.25
#define LMR_HIST_DIV 12000
/* quiescence delta pruning: a capture that cannot lift stand-pat within QS_DELTA of alpha */
#define QS_DELTA 200
/* history bonus after a beta cutoff: HIST_BONUS_QUAD depth^2 + HIST_BONUS_LIN depth, at most
 * HIST_BONUS_MAX; histories saturate towards +-HIST_MAX (gravity) */
#define HIST_BONUS_QUAD 32
#define HIST_BONUS_LIN 64
#define HIST_BONUS_MAX 8000
#define HIST_MAX 16384
/* capture ordering: the capture history's weight next to MVV-LVA (divided by CAP_HIST_DIV) */
#define CAP_HIST_DIV 16
/* aspiration windows: from depth ASP_MIN_DEPTH, +-ASP_DELTA around the last score when it is
 * within +-ASP_MAX_SCORE; after a fail, delta += delta / 2 + ASP_WIDEN; past ASP_FULL the
 * window opens fully */
#define ASP_MIN_DEPTH 5
#define ASP_DELTA 20
#define ASP_MAX_SCORE 1000
#define ASP_WIDEN 10
#define ASP_FULL 600

/* move ordering scores (movepick.c): hash move, good captures, killers, countermove; quiet
 * moves by history below; losing captures and under-promotions last */
#define SC_TT (1 << 30)
#define SC_GOOD_CAP (1 << 28)
#define SC_KILLER (1 << 27)
#define SC_COUNTER (SC_KILLER - 1)
#define SC_BAD_CAP (-(1 << 26))

/* ---------------------------------------------------------------- tt.c */
int chci_tt_alloc(chc_engine *e, size_t mb);
/* The entry of key64: returns 1 and fills *t, or 0. The move is only its low 16 bits (from,
 * to, promotion: unique among a position's moves): tt_move() gives the move back. */
int chci_tt_probe(const chc_engine *e, uint64_t key64, tt_data *t);
void chci_tt_store(chc_engine *e, uint64_t key64, chc_move m, int score, int eval, int depth, int bound,
                   int ply);
/* Permille of a sample of the table used by this search's generation. */
int chci_tt_hashfull(const chc_engine *e);
/* Brings key64's bucket towards the cache (a hint: the probe comes soon after). */
static inline void chci_tt_prefetch(const chc_engine *e, uint64_t key64)
{
    __builtin_prefetch(&e->tt[key64 & e->tt_mask]);
}

/* The move among moves[0..n) whose low 16 bits are the hash move's, or CHC_MOVE_NONE. */
static inline chc_move tt_move(chc_move ttm, const chc_move *moves, int n)
{
    if (ttm == CHC_MOVE_NONE) return ttm;
    for (int i = 0; i < n; i++)
        if ((moves[i] & 0xFFFFu) == (ttm & 0xFFFFu)) return moves[i];
    return CHC_MOVE_NONE;
}

/* mate scores are stored relative to the node, not the root */
static inline int score_to_tt(int s, int ply)
{
    return s >= MATE_MIN ? s + ply : s <= -MATE_MIN ? s - ply : s;
}
static inline int score_from_tt(int s, int ply)
{
    return s >= MATE_MIN ? s - ply : s <= -MATE_MIN ? s + ply : s;
}

/* ---------------------------------------------------------------- timeman.c */
int64_t chci_now_ms(void);
/* Nodes searched by the running search: this engine's and its helpers' (as last published). */
uint64_t chci_total_nodes(const chc_engine *e);
/* Called every 1024 nodes: sets e->stopped on a stop request, the node limit or the time. */
void chci_check_limits(chc_engine *e);
/* Sets opt_ms / hard_ms from the limits for `side`. */
void chci_set_time(chc_engine *e, const chc_search_limits *l, int side);
/* After a completed iteration of a clock-timed search: rescales soft_ms by the best move's
 * stability (iterations unchanged) and the score's drop; 1 when the next iteration should
 * not be started. */
int chci_time_iteration_done(chc_engine *e, int stable, int d, int drop, int nallowed);

/* ---------------------------------------------------------------- movepick.c */
static inline int is_tactical(chc_move m)
{
    return (CHC_MOVE_FLAGS(m) & (CHC_MF_CAPTURE | CHC_MF_EN_PASSANT | CHC_MF_PROMOTION)) != 0;
}

static inline int captured_type(const chc_position *pos, chc_move m)
{
    if (CHC_MOVE_FLAGS(m) & CHC_MF_EN_PASSANT) return CHC_PAWN;
    int p = pos->board[CHC_MOVE_TO(m)];
    if (CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE) return 0;
    return p ? CHC_PIECE_TYPE(p) : 0;
}

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

/* Scores moves[0..n) for ordering (SC_* above; the hash move ttm first). */
void chci_score_moves(chc_engine *e, const chc_move *moves, int *scores, int n, chc_move ttm, int ply);

/* The index of the first of the highest scores in scores[i..n) (n > i). With SSE2 and more
 * than a few moves left: the highest score in one pass of four scores at a time, then the
 * first index holding it (the same index as the scalar loop, so the same move order); the
 * picks of a node's late moves, most of them pruned, made the scalar loop about 15% of
 * `chesscodec bench` (perf, 2026-12-06). */
static inline int best_index(const int *scores, int n, int i)
{
#if defined(__SSE2__)
    if (n - i >= 8) {
        __m128i mx = _mm_loadu_si128((const __m128i *)(scores + i));
        int j = i + 4;
        for (; j + 4 <= n; j += 4) {
            __m128i v = _mm_loadu_si128((const __m128i *)(scores + j));
            __m128i gt = _mm_cmpgt_epi32(v, mx);
            mx = _mm_or_si128(_mm_and_si128(gt, v), _mm_andnot_si128(gt, mx));
        }
        int top = _mm_cvtsi128_si32(mx);
        for (int k = 1; k < 4; k++) {
            mx = _mm_srli_si128(mx, 4);
            int x = _mm_cvtsi128_si32(mx);
            if (x > top) top = x;
        }
        for (; j < n; j++)
            if (scores[j] > top) top = scores[j];
        const __m128i want = _mm_set1_epi32(top);
        for (j = i; j + 4 <= n; j += 4) {
            int mask = _mm_movemask_ps(
                _mm_castsi128_ps(_mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(scores + j)), want)));
            if (mask) return j + __builtin_ctz((unsigned)mask);
        }
        while (scores[j] != top) j++;
        return j;
    }
#endif
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (scores[j] > scores[best]) best = j;
    return best;
}

/* The best-scored move of moves[i..n), swapped into place i (the first of equal scores). */
static inline chc_move pick_move(chc_move *moves, int *scores, int n, int i)
{
    int best = best_index(scores, n, i);
    chc_move m = moves[best];
    int s = scores[best];
    moves[best] = moves[i];
    scores[best] = scores[i];
    moves[i] = m;
    scores[i] = s;
    return m;
}

/* After a beta cutoff: quiet move m (moving `piece`) at `ply` gets bonus in the butterfly and
 * continuation histories; a capture in the capture history (a malus is a negative bonus). */
void chci_update_quiet(chc_engine *e, chc_move m, int piece, int ply, int bonus);
void chci_update_capture(chc_engine *e, chc_move m, int bonus);

/* ---------------------------------------------------------------- search.c, engine.c */
/* Builds the search's tables (once, from any thread). */
void chci_search_init(void);
/* A weakened engine's pick among its last iteration's lines (engine.c). */
int chci_skill_pick(const chc_engine *e, const chc_search_result *lines, int n);
/* A level below CHC_SKILL_MAX: the root moves it searches and plays among, and its margin in
 * centipawns (chc_engine_set_skill). The beginner levels 0..5 add 4 lines and 30 centipawns a
 * level below 6 (level 5: 11 lines, 260 centipawns; level 0: 33 lines, 485 centipawns). */
#define CHCI_SKILL_BEGINNER 6
static inline int chci_skill_lines(int level)
{
    int below = level < CHCI_SKILL_BEGINNER ? CHCI_SKILL_BEGINNER - level : 0;
    return 4 + (CHC_SKILL_MAX - level) / 4 + 4 * below;
}
static inline int chci_skill_margin(int level)
{
    int below = level < CHCI_SKILL_BEGINNER ? CHCI_SKILL_BEGINNER - level : 0;
    return 20 + 15 * (CHC_SKILL_MAX - 1 - level) + 30 * below;
}
#endif
