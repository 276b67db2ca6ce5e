/* The engine's search: iterative deepening, aspiration windows, principal variation search
 * with a transposition table (which also keeps static evaluations), null-move pruning,
 * late-move reductions and pruning, futility pruning, check extensions, quiescence search with
 * SEE, mate-distance scores, repetition / fifty-move / material draws, MultiPV and Lazy SMP
 * helpers. The table is in tt.c, the time in timeman.c, the move ordering in movepick.c, the
 * engine object in engine.c; their shared declarations and the named search constants are in
 * search_internal.h. */
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/once.h"
#include "core/position.h"
#include "engine/search_internal.h"

/* Late-move reductions by depth and move number, built by the first chc_engine_new. */
static int lmr_table[64][64];

static void build_lmr(void)
{
    for (int d = 0; d < 64; d++)
        for (int m = 0; m < 64; m++)
            lmr_table[d][m] = d && m ? (int)(LMR_BASE + log((double)d) * log((double)m) / LMR_DIV) : 0;
}
CHCI_ONCE(init_lmr, build_lmr);

void chci_search_init(void)
{
    init_lmr();
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

/* The key of the position after move m, for a prefetch of its table bucket before the move
 * is made: exact for the usual moves; castling, en passant and changes of the castling rights
 * are left out (a prefetch of another bucket costs only the prefetch). */
static inline uint64_t key_after(const chc_position *pos, chc_move m, uint64_t side_key)
{
    int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m), piece = pos->board[from];
    int placed = CHC_MOVE_PROMO(m) ? CHC_PIECE(pos->side, CHC_MOVE_PROMO(m)) : piece;
#define KP(pc, sq) chci_zobrist_piece[64 * (2 * (CHC_PIECE_TYPE(pc) - 1) + (CHC_PIECE_COLOR(pc) == CHC_WHITE)) + (sq)]
    uint64_t k = pos->key ^ side_key ^ KP(piece, from) ^ KP(placed, to);
    if (pos->board[to] && !(CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE)) k ^= KP(pos->board[to], to);
#undef KP
    return k;
}

static int has_non_pawn(const chc_position *pos, int c)
{
    return (pos->by_color[c] & ~pos->by_type[CHC_PAWN] & ~pos->by_type[CHC_KING]) != 0;
}

/* What tells quickly whether a move of the side to move gives check: the squares from which
 * each piece type attacks the enemy king, and our pieces whose leaving their line to that
 * king uncovers one of our sliders (discovered checks). */
typedef struct check_info {
    uint64_t sq[7];
    uint64_t disc;
    int ksq;
} check_info;

static void check_info_init(const chc_position *pos, check_info *ci)
{
    const int us = pos->side, ksq = pos->king_sq[us ^ 1];
    const uint64_t occ = pos_occ(pos), ours = pos->by_color[us];
    const uint64_t rq = pos->by_type[CHC_ROOK] | pos->by_type[CHC_QUEEN];
    const uint64_t bq = pos->by_type[CHC_BISHOP] | pos->by_type[CHC_QUEEN];
    ci->ksq = ksq;
    ci->sq[0] = ci->sq[CHC_KING] = 0;
    ci->sq[CHC_PAWN] = chci_pawn_att[us ^ 1][ksq];
    ci->sq[CHC_KNIGHT] = chci_knight_att[ksq];
    ci->sq[CHC_BISHOP] = chci_bishop_att(ksq, occ);
    ci->sq[CHC_ROOK] = chci_rook_att(ksq, occ);
    ci->sq[CHC_QUEEN] = ci->sq[CHC_BISHOP] | ci->sq[CHC_ROOK];
    ci->disc = 0;
    uint64_t snipers = ((chci_rook_att(ksq, 0) & rq) | (chci_bishop_att(ksq, 0) & bq)) & ours;
    while (snipers) {
        uint64_t b = chci_between[ksq][bb_pop(&snipers)] & occ;
        if (b && !bb_more_than_one(b) && (b & ours)) ci->disc |= b;
    }
}

/* chc_gives_check(pos, m) from the node's check_info: a direct check from the target square
 * or a discovered one; castling, en passant and promotions (whose checks can go through the
 * squares the move empties) take chc_gives_check's exact test. */
static inline int gives_check(const chc_position *pos, const check_info *ci, chc_move m)
{
    if (CHC_MOVE_FLAGS(m) & (CHC_MF_CASTLE | CHC_MF_EN_PASSANT | CHC_MF_PROMOTION)) return chc_gives_check(pos, m);
    const int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
    int g = (ci->sq[CHC_PIECE_TYPE(pos->board[from])] >> to & 1) ||
            ((ci->disc >> from & 1) && !(chci_line[ci->ksq][from] >> to & 1));
#ifdef CHC_DEBUG_CHECKS
    if (g != chc_gives_check(pos, m)) abort();
#endif
    return g;
}

/* gives_check() at a node: its first move is tested directly (a cut node often stops there),
 * the check_info is built for the second (*state: moves tested so far, at most 2). */
static inline int node_gives_check(const chc_position *pos, check_info *ci, int *state, chc_move m)
{
    if (*state == 2) return gives_check(pos, ci, m);
    if (*state == 0) {
        *state = 1;
        return chc_gives_check(pos, m);
    }
    *state = 2;
    check_info_init(pos, ci);
    return gives_check(pos, ci, m);
}

static void update_pv(chc_engine *e, int ply, chc_move m)
{
    e->pv[ply][ply] = m;
    int len = e->pvlen[ply + 1];
    if (len > MAX_PLY) len = MAX_PLY;
    for (int j = ply + 1; j < len; j++) e->pv[ply][j] = e->pv[ply + 1][j];
    e->pvlen[ply] = len > ply + 1 ? len : ply + 1;
}

/* ---------------------------------------------------------------- evaluation */

/* On entering a node at ply: its board, its accumulator stale. */
static inline void nnue_enter(chc_engine *e, int ply)
{
    if (!e->nnue) return;
    memcpy(e->acc[ply].board, e->pos.board, 64);
    e->acc[ply].valid = 0;
}

/* The static evaluation of the node at ply (side to move's view): the network's when the
 * engine has one, its accumulator brought up to date from the nearest up-to-date ancestor's
 * (the root's refreshed in full); else the hand-written evaluation. */
static int evaluate(chc_engine *e, int ply)
{
    if (!e->nnue) return chci_evaluate(&e->pos, e->pawn_cache);
    int k = ply;
    while (k > 0 && !e->acc[k].valid) k--;
    if (!e->acc[k].valid) chci_nnue_refresh(e->nnue, &e->acc[k]); /* k = 0: the root's board */
    for (int j = k + 1; j <= ply; j++) chci_nnue_update(e->nnue, &e->acc[j], &e->acc[j - 1]);
    int v = chci_nnue_output(e->nnue, &e->acc[ply], e->pos.side,
                             bb_popcount(e->pos.by_color[0] | e->pos.by_color[1]));
    return e->nnue->residual ? v + chci_evaluate(&e->pos, e->pawn_cache) : v;
}

/* ---------------------------------------------------------------- quiescence */

static int qsearch(chc_engine *e, int alpha, int beta, int ply)
{
    chc_position *pos = &e->pos;
    nnue_enter(e, ply);
    e->pvlen[ply] = ply;
    if ((++e->nodes & 1023) == 0) chci_check_limits(e);
    if (e->stopped) return 0;
    if (ply > e->seldepth) e->seldepth = ply;
    if (chci_insufficient_material(pos)) return 0;
    int in_check = pos->checkers != 0;
    if (in_check && is_repetition(e)) return 0;
    if (ply >= MAX_PLY) return in_check ? 0 : evaluate(e, ply);

    tt_data tte;
    int hit = chci_tt_probe(e, pos->key, &tte);
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
        stand = tteval != EVAL_NONE ? tteval : evaluate(e, ply);
        if (stand >= beta) return stand;
        if (stand > alpha) alpha = stand;
        best = stand;
        n = chc_legal_moves(pos, moves, CHC_GEN_CAPTURES);
    }
    ttm = tt_move(ttm, moves, n);
    chci_score_moves(e, moves, scores, n, ttm, ply);
    chc_move bestm = CHC_MOVE_NONE;
    const uint64_t side_key = chci_key_side();
    int old_alpha = alpha;
    for (int i = 0; i < n; i++) {
        chc_move m = pick_move(moves, scores, n, i);
        if (!in_check) {
            if (scores[i] < SC_GOOD_CAP && scores[i] != SC_TT) break; /* losing captures */
            int promo = CHC_MOVE_PROMO(m);
            if (!promo && stand + chci_see_value[captured_type(pos, m)] + QS_DELTA <= alpha) continue;
        }
        chci_tt_prefetch(e, key_after(pos, m, side_key));
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
    chci_tt_store(e, pos->key, bestm, best, in_check ? EVAL_NONE : stand, 0, bound, ply);
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
    nnue_enter(e, ply);
    e->pvlen[ply] = ply;
    if ((++e->nodes & 1023) == 0) chci_check_limits(e);
    if (e->stopped) return 0;
    if (ply > e->seldepth) e->seldepth = ply;

    if (!root) {
        if (is_repetition(e) || chci_insufficient_material(pos)) return 0;
        if (pos->halfmove >= 100 && (!in_check || chc_count_legal_moves(pos) > 0)) return 0;
        if (ply >= MAX_PLY) return in_check ? 0 : evaluate(e, ply);
        int a = alpha > -MATE + ply ? alpha : -MATE + ply;
        int b = beta < MATE - ply - 1 ? beta : MATE - ply - 1;
        if (a >= b) return a;
    }

    tt_data tte;
    int hit = chci_tt_probe(e, pos->key, &tte);
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
        eval = static_eval = tteval != EVAL_NONE ? tteval : evaluate(e, ply);
        if (hit && ((ttbound == BOUND_LOWER && tts > eval) || (ttbound == BOUND_UPPER && tts < eval)) &&
            tts > -MATE_MIN && tts < MATE_MIN)
            eval = tts;
    }
    e->ss_eval[ply] = in_check ? -INF : eval;
    int improving = !in_check && ply >= 2 && eval > e->ss_eval[ply - 2];
    e->killers[ply + 1][0] = e->killers[ply + 1][1] = CHC_MOVE_NONE;

    if (!in_check && !pvnode && !root) {
        /* reverse futility pruning */
        if (depth <= RFP_MAX_DEPTH && eval - (RFP_MARGIN - RFP_IMPROVING * improving) * depth >= beta &&
            eval < MATE_MIN && beta > -MATE_MIN)
            return eval;
        /* null move */
        if (depth >= NMP_MIN_DEPTH && eval >= beta && e->ss_move[ply - 1] != CHC_MOVE_NULL &&
            has_non_pawn(pos, pos->side) && beta > -MATE_MIN) {
            int r = NMP_BASE + depth / NMP_DEPTH_DIV +
                    ((eval - beta) / NMP_EVAL_DIV < NMP_EVAL_MAX ? (eval - beta) / NMP_EVAL_DIV : NMP_EVAL_MAX);
            chc_undo u;
            chc_make_null(pos, &u);
            chci_tt_prefetch(e, pos->key);
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
    if (!root && depth >= IIR_MIN_DEPTH && ttm == CHC_MOVE_NONE) depth--;

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
    chci_score_moves(e, moves, scores, n, ttm, ply);

    int best = -INF, old_alpha = alpha, legal = 0, nquiets = 0, ncaps = 0;
    int nonpawn = has_non_pawn(pos, pos->side);
    chc_move bestm = CHC_MOVE_NONE;
    const uint64_t side_key = chci_key_side();
    check_info ci = {{0}, 0, 0};
    int ci_state = 0;
    chc_move quiets[CHC_MAX_MOVES], caps[CHC_MAX_MOVES];
    int qpiece[CHC_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        chc_move m = pick_move(moves, scores, n, i);
        int tactical = is_tactical(m);
        int piece = pos->board[CHC_MOVE_FROM(m)];
        int killer = scores[i] == SC_KILLER || scores[i] == SC_KILLER + 1;
        int hs = INT32_MIN; /* quiet history, computed only when needed */
#define HS() (hs != INT32_MIN ? hs : (hs = quiet_hist(e, m, piece, ply)))
#define GIVES() node_gives_check(pos, &ci, &ci_state, m)
        int gives = -1; /* computed only when needed */
        if (!root && best > -MATE_MIN && nonpawn) {
            if (!tactical && !in_check) {
                int lmp = (LMP_BASE + depth * depth) / (2 - improving);
                if ((depth <= LMP_MAX_DEPTH && legal >= lmp) ||
                    (depth <= FUT_MAX_DEPTH && eval + FUT_BASE + FUT_PER_DEPTH * depth <= alpha) ||
                    (depth <= HP_MAX_DEPTH && !killer && m != ttm && HS() < -HP_MARGIN * depth)) {
                    gives = GIVES();
                    if (!gives) continue;
                }
            } else if (tactical && depth <= SEE_MAX_DEPTH && scores[i] < SC_GOOD_CAP &&
                       chci_see(pos, m) < -SEE_MARGIN * depth) {
                continue;
            }
        }
        chci_tt_prefetch(e, key_after(pos, m, side_key));
        if (gives < 0) gives = GIVES();
        if (!tactical && depth >= LMR_MIN_DEPTH) HS(); /* for the reduction, before the move is made */
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
            if (depth >= LMR_MIN_DEPTH && legal > 1 + 2 * pvnode && (!tactical || scores[i] < SC_GOOD_CAP)) {
                r = lmr_table[depth < 64 ? depth : 63][legal < 64 ? legal : 63];
                if (!pvnode) r++;
                if (improving) r--;
                if (killer) r--;
                if (in_check || gives) r--;
                if (!tactical) r -= HS() / LMR_HIST_DIV;
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
                    int bonus = HIST_BONUS_QUAD * depth * depth + HIST_BONUS_LIN * depth;
                    if (bonus > HIST_BONUS_MAX) bonus = HIST_BONUS_MAX;
                    if (!tactical) {
                        if (e->killers[ply][0] != m) {
                            e->killers[ply][1] = e->killers[ply][0];
                            e->killers[ply][0] = m;
                        }
                        if (e->ss_piece[ply + 1]) e->counter[e->ss_piece[ply + 1]][e->ss_to[ply + 1]] = m;
                        chci_update_quiet(e, m, piece, ply, bonus);
                        for (int q = 0; q < nquiets; q++) chci_update_quiet(e, quiets[q], qpiece[q], ply, -bonus);
                    } else {
                        chci_update_capture(e, m, bonus);
                    }
                    for (int q = 0; q < ncaps; q++) chci_update_capture(e, caps[q], -bonus);
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
#undef GIVES
    if (legal == 0) return alpha; /* everything pruned (cannot happen at the root) */
    int bound = best >= beta ? BOUND_LOWER : best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    chci_tt_store(e, pos->key, bestm, best, static_eval, depth, bound, ply);
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
        int alpha = -INF, beta = INF, delta = ASP_DELTA;
        if (have && d >= ASP_MIN_DEPTH && score > -ASP_MAX_SCORE && score < ASP_MAX_SCORE) {
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
            delta += delta / 2 + ASP_WIDEN;
            if (delta > ASP_FULL) {
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
        h->nnue = e->nnue;
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
    r->nodes = chci_total_nodes(e);
    r->time_ms = chci_now_ms() - e->start_ms;
    r->nps = r->time_ms > 0 ? (uint64_t)(r->nodes * 1000 / (uint64_t)r->time_ms) : r->nodes * 1000;
    r->hashfull = chci_tt_hashfull(e);
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
    int64_t t0 = chci_now_ms();
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
    chci_set_time(e, limits, e->pos.side);

    int multipv = limits->multipv > 1 ? (limits->multipv < CHC_MAX_MOVES ? limits->multipv : CHC_MAX_MOVES) : 1;
    /* a strength level below the maximum: more lines searched than reported (skill_pick) */
    int weak = e->skill < CHC_SKILL_MAX, reported = multipv, nsaved = 0;
    if (weak && multipv < chci_skill_lines(e->skill)) multipv = chci_skill_lines(e->skill);
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
    if (chci_tt_probe(e, e->pos.key, &tte)) {
        chc_move m = tt_move(tte.move, all, nroot);
        if (m != CHC_MOVE_NONE && root_allowed(e, m)) e->root_best = m;
    }

    /* the helpers (Threads > 1): not for a weakened level, whose play must stay reproducible */
    e->nrunning = 0;
    if (nallowed > 0 && !weak) start_helpers(e);
    if (nallowed == 0) {
        e->res.score = e->pos.checkers ? -MATE : 0;
        e->res.mate = 0;
        e->res.time_ms = chci_now_ms() - t0;
    } else {
        int score = 0, prev_score = 0, stable = 0;
        chc_move prev_best = CHC_MOVE_NONE;
        for (int d = 1; d <= max_depth; d++) {
            e->root_depth = d;
            int alpha = -INF, beta = INF, delta = ASP_DELTA;
            if (d >= ASP_MIN_DEPTH && score > -ASP_MAX_SCORE && score < ASP_MAX_SCORE) {
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
                if (cb && chci_now_ms() - e->start_ms > 1000) cb(&e->res, user);
                delta += delta / 2 + ASP_WIDEN;
                if (delta > ASP_FULL) {
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
                    e->res.nodes = chci_total_nodes(e);
                    e->res.time_ms = chci_now_ms() - e->start_ms;
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
            if (e->hard_ms && limits->movetime_ms <= 0 &&
                chci_time_iteration_done(e, stable, d, prev_score - score, nallowed))
                break;
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
        e->res = saved[chci_skill_pick(e, saved, nsaved)];
        e->root_best = e->res.best;
    }
    if (e->res.best == CHC_MOVE_NONE) e->res.best = e->root_best;
    e->res.multipv = 1;
    free(lines);
    free(saved);
    e->res.nodes = chci_total_nodes(e);
    e->nrunning = 0;
    e->res.time_ms = chci_now_ms() - t0;
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
    return chc_engine_bench_flags(depth, 0, ms);
}

uint64_t chc_engine_bench_flags(int depth, unsigned flags, int64_t *ms)
{
    if (flags & ~CHC_BENCH_NO_NNUE) return 0;
    if (depth <= 0) depth = CHC_BENCH_DEFAULT_DEPTH;
    chc_engine *e = chc_engine_new(16);
    if (!e) return 0;
    if (flags & CHC_BENCH_NO_NNUE) chc_engine_set_nnue(e, 0);
    uint64_t total = 0;
    int64_t t0 = chci_now_ms();
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
    if (ms) *ms = chci_now_ms() - t0;
    chc_engine_free(e);
    return total;
}
