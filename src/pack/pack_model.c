/* The move predictor of the pack game code: features of each legal move. */
#include <string.h>

#include "common/once.h"
#include "core/position.h"
#include "pack/pack_model.h"


void chci_pm_init(chci_pm_state *st, const chci_pm_model *model, int level)
{
    st->book = model && model->book_n ? model->book : NULL;
    st->book_n = model ? model->book_n : 0;
    st->weights = model ? model->weights[level - 1] : NULL;
    st->fset = model && model->draft ? level + 2 : level;
    st->ply = 0;
    st->last_to[0] = st->last_to[1] = -1;
    memset(st->hist, 0, sizeof st->hist);
}

void chci_pm_played(chci_pm_state *st, const chc_position *pos, chc_move m)
{
    int us = pos->side;
    int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
    if (CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE) {
        /* the king's destination */
        int kingside = to > from;
        to = (us == CHC_WHITE ? 0 : 56) + (kingside ? 6 : 2);
    }
    st->hist[us][from] |= BB(to);
    st->last_to[us] = to;
    st->ply++;
}

/* A file and its neighbours; the ranks beyond a rank for each side (pawn structure). Shift
 * counts stay in range also in the branch not taken: compilers check both. */
#define FILE3(f) ((0x0101010101010101ull << (f)) |                                          \
                  ((f) > 0 ? 0x0101010101010101ull << ((f) > 0 ? (f) - 1 : 0) : 0) |      \
                  ((f) < 7 ? 0x0101010101010101ull << ((f) < 7 ? (f) + 1 : 0) : 0))
static const bb_t adjacent_files[8] = {FILE3(0), FILE3(1), FILE3(2), FILE3(3),
                                       FILE3(4), FILE3(5), FILE3(6), FILE3(7)};
#define ABOVE(r) ((r) < 7 ? ~0ull << (8 * ((r) < 7 ? (r) + 1 : 0)) : 0)
#define BELOW(r) ((r) > 0 ? ~0ull >> (8 * ((r) > 0 ? 8 - (r) : 0)) : 0)
static const bb_t ranks_ahead[2][8] = {
    {ABOVE(0), ABOVE(1), ABOVE(2), ABOVE(3), ABOVE(4), ABOVE(5), ABOVE(6), ABOVE(7)},
    {BELOW(0), BELOW(1), BELOW(2), BELOW(3), BELOW(4), BELOW(5), BELOW(6), BELOW(7)}};


/* ---- the draft feature sets (3, 4): the fast set and en prise after the move ------------- */
static const int see_val[7] = {0, 100, 320, 330, 500, 900, 20000};

/* Least valuable attacker of `side` in `att`; its type in *pt (0 when none). */
static inline bb_t see_lva(const chc_position *p, bb_t att, int side, int *pt)
{
    for (int t = CHC_PAWN; t <= CHC_KING; t++) {
        bb_t b = att & pos_pieces(p, side, t);
        if (b) {
            *pt = t;
            return b & (0 - b);
        }
    }
    *pt = 0;
    return 0;
}

/* The lines through sq, without sq: its rank and file (rook_rays), its two diagonals
 * (bishop_rays); computed, not looked up. */
static inline bb_t rook_rays(int sq)
{
    return (RANK_BB(sq >> 3) | FILE_BB(sq & 7)) & ~BB(sq);
}

static inline bb_t bishop_rays(int sq)
{
    int d = (sq & 7) - (sq >> 3), a = (sq & 7) + (sq >> 3) - 7;
    bb_t diag = 0x8040201008040201ull, anti = 0x0102040810204080ull;
    diag = d >= 0 ? diag >> (8 * d) : diag << (-8 * d);
    anti = a >= 0 ? anti << (8 * a) : anti >> (-8 * a);
    return (diag | anti) & ~BB(sq);
}

/* The swap loop of the static exchange on `to`: the side to move has just put a piece of type
 * `pt` there (capturing `captured_val`); `occ` is the occupancy once it left its origin and
 * `att` every attacker of `to` (both sides) in `occ`. Returns the exchange's value in
 * centipawns for the side to move. */
static int see_swap(const chc_position *p, int to, int pt, int captured_val, bb_t occ, bb_t att)
{
    int gain[32], d = 0;
    bb_t bq = p->by_type[CHC_BISHOP] | p->by_type[CHC_QUEEN];
    bb_t rq = p->by_type[CHC_ROOK] | p->by_type[CHC_QUEEN];
    int side = p->side;
    gain[0] = captured_val;
    int cur = pt;
    for (;;) {
        d++;
        side ^= 1;
        int t;
        bb_t fb = see_lva(p, att & p->by_color[side], side, &t);
        if (!fb) break;
        gain[d] = see_val[cur] - gain[d - 1];
        if (cur == CHC_KING) break;
        cur = t;
        occ &= ~fb;
        /* only a piece on a line through `to` uncovers a slider behind it: a knight never */
        if (t == CHC_PAWN || t == CHC_BISHOP) att |= chci_bishop_att(to, occ) & bq;
        else if (t == CHC_ROOK) att |= chci_rook_att(to, occ) & rq;
        else if (t != CHC_KNIGHT) att |= (chci_bishop_att(to, occ) & bq) | (chci_rook_att(to, occ) & rq);
        att &= occ;
        if (d >= 31) break;
    }
    while (--d > 0) gain[d - 1] = -(-gain[d - 1] > gain[d] ? -gain[d - 1] : gain[d]);
    return gain[0];
}

/* Static exchange of the move from -> to of a piece `pt` (after promotion) capturing
 * `captured_val`, with occupancy-aware x-rays (tools/pack_exp.c's candidate 1). */
static int see_full(const chc_position *p, int from, int to, int pt, int captured_val)
{
    bb_t occ = pos_occ(p) & ~BB(from);
    return see_swap(p, to, pt, captured_val, occ, pos_attackers(p, to, occ) & occ);
}

static inline bb_t piece_att(int t, int side, int sq, bb_t occ)
{
    switch (t) {
    case CHC_PAWN: return chci_pawn_att[side][sq];
    case CHC_KNIGHT: return chci_knight_att[sq];
    case CHC_BISHOP: return chci_bishop_att(sq, occ);
    case CHC_ROOK: return chci_rook_att(sq, occ);
    case CHC_QUEEN: return chci_queen_att(sq, occ);
    default: return chci_king_att[sq];
    }
}

/* The number of pieces of `side` (not the king) en prise in p: attacked and undefended, or
 * attacked by a cheaper piece. The general (slow) form, for castling and en passant. */
static int en_prise_slow(const chc_position *p, int side)
{
    bb_t occ = pos_occ(p);
    bb_t a[2][7];
    memset(a, 0, sizeof a);
    for (int c = 0; c < 2; c++)
        for (bb_t b = p->by_color[c]; b;) {
            int sq = bb_pop(&b);
            int t = CHC_PIECE_TYPE(p->board[sq]);
            a[c][t] |= piece_att(t, c, sq, occ);
        }
    int them = side ^ 1, n = 0;
    bb_t ea = 0, oa = 0;
    for (int t = 1; t <= 6; t++) ea |= a[them][t], oa |= a[side][t];
    bb_t lower = 0;
    for (int t = CHC_PAWN; t < CHC_KING; t++) {
        n += bb_popcount(pos_pieces(p, side, t) & ea & (~oa | lower));
        lower |= a[them][t];
    }
    return n;
}

int chci_pm_see(const chc_position *p, int from, int to, int pt, int captured_val)
{
    return see_full(p, from, to, pt, captured_val);
}

uint64_t chci_pm_piece_att(int t, int side, int sq, uint64_t occ)
{
    return piece_att(t, side, sq, occ);
}

int chci_pm_en_prise(const chc_position *p, int side)
{
    return en_prise_slow(p, side);
}

/* SEE buckets: <= -800, <= -400, <= -150, < 0, 0, < 150, >= 150 (a sum of comparisons, so
 * that the compiler needs no branch). */
static inline int see_bucket(int s)
{
    return (s > -800) + (s > -400) + (s > -150) + (s >= 0) + (s > 0) + (s >= 150);
}

/* see_bucket(see_val[ct]) for ct = none, pawn .. king (0 -> 4, 100 -> 5, 150 or more -> 6):
 * the SEE bucket of every move to a square they do not attack, looked up instead of six
 * comparisons a move (the same values, so the same scores). */
static const uint8_t see_bucket_quiet[7] = {4, 5, 6, 6, 6, 6, 6};

/* The distance feature's bucket, min(4, Chebyshev distance), of two squares: built once
 * (CHCI_ONCE) with the arithmetic each move did before, then looked up. */
static uint8_t dist_bucket[64][64];

static void build_dist_bucket(void)
{
    for (int a = 0; a < 64; a++)
        for (int b = 0; b < 64; b++) {
            int df = (a & 7) - (b & 7), dr = (a >> 3) - (b >> 3);
            df = df < 0 ? -df : df;
            dr = dr < 0 ? -dr : dr;
            int d = df > dr ? df : dr;
            dist_bucket[a][b] = (uint8_t)(d > 4 ? 4 : d);
        }
}
CHCI_ONCE(dist_bucket_ready, build_dist_bucket);

/* Mobility buckets by the number of squares attacked (27 at most): 0, 1-2, 3-4, 5-7, 8-10,
 * 11+. */
static const uint8_t mob_bucket_of[64] = {0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 5,
                                          5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
                                          5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
                                          5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5};

/* Value of the cheapest of their attackers by the lowest bit of a mask with bit t - 1 set
 * when a piece of type t attacks (bit 6 always set: 900 when only an x-ray may attack). */
static const int see_cheapest[7] = {100, 320, 330, 500, 900, 20000, 900};

/* The buckets of the exchange's bounds for a move of a piece worth mv capturing cv to a square
 * they attack, their cheapest attacker worth vl (see features_impl()): the upper bound
 * min(captured, captured - mover + vl) and the lower bound, tightened by the swap's third step
 * when a pawn (u = 100) or a knight (u = 320) of ours also attacks the square; xr: a slider of
 * theirs attacks the origin (an x-ray through it may add a bishop). */
static inline void see_bounds(int cv, int mv, int vl, int u, int xr, int *sbhi, int *sblo2)
{
    int lo = cv - mv, hi = lo + vl < cv ? lo + vl : cv;
    int v = (xr & (vl > 330)) ? 330 : vl;
    int s2 = v > u ? v - u : 0;
    int lo2 = (u && vl < see_val[CHC_KING]) ? cv - (mv > s2 ? mv - s2 : 0) : lo;
    *sbhi = see_bucket(hi);
    *sblo2 = see_bucket(lo2);
}

/* see_bounds() for every case, built once: by the piece after the move (6), the captured piece
 * (none, pawn .. queen), their cheapest attacker's index in see_cheapest[] (7 when they do not
 * attack the square: both buckets that of the captured piece, see_bucket_quiet[]), ours (none,
 * a pawn, a knight) and xr; the upper bound's bucket in the low 4 bits, the lower's above. */
static uint8_t see_tab[6][6][8][3][2];

static void build_see_tab(void)
{
    static const int uval[3] = {0, 100, 320};
    for (int p = 0; p < 6; p++)
        for (int ct = 0; ct < 6; ct++)
            for (int c = 0; c < 8; c++)
                for (int u = 0; u < 3; u++)
                    for (int xr = 0; xr < 2; xr++) {
                        int hi = see_bucket_quiet[ct], lo = hi;
                        if (c < 7) see_bounds(see_val[ct], see_val[p + 1], see_cheapest[c], uval[u], xr, &hi, &lo);
                        see_tab[p][ct][c][u][xr] = (uint8_t)(hi | lo << 4);
                    }
}
CHCI_ONCE(see_tab_ready, build_see_tab);

/* What every move of a position shares for sets 3 and 4. */
typedef struct {
    int hang0;              /* our en-prise count before the move, at most 3 */
    bb_t tp_att, tn_att;    /* their pawns' and knights' attacks */
    bb_t tk_att;            /* their king's */
    bb_t eatt[7];           /* their attacks by type, and all of them */
    bb_t eall, slunion;     /* ... and the union of their sliders' attacks */
    int nsl;                /* their sliders: square, type, attacks */
    uint8_t sl_sq[16], sl_t[16];
    bb_t sl_att[16];
} hang_ctx;

/* Our pieces en prise after the move from -> to of piece pt (npt after promotion), capturing
 * ct on `to` (0: none); not castling, not en passant. Only what the move changes is
 * recomputed: their sliders whose rays pass through `from` or `to`, the captured piece's
 * attacks; our defence is looked up only for our attacked pieces. */
static inline int en_prise_after(const chc_position *pos, const hang_ctx *h, int from, int to,
                                 int pt, int npt, int ct)
{
    int us = pos->side, them = us ^ 1;
    bb_t occ = pos_occ(pos);
    bb_t nocc = (occ & ~BB(from)) | BB(to);
    bb_t tb = BB(to), fb = BB(from), ch = tb | fb;
    /* their attacks by type after the move */
    bb_t a[7] = {0, h->tp_att, h->tn_att, 0, 0, 0, h->tk_att};
    bb_t ea;
    if (!ct && !(h->slunion & ch)) {
        /* a quiet move off and out of every ray of their sliders changes none of their attacks */
        memcpy(a, h->eatt, sizeof a);
        ea = h->eall;
        goto ours;
    }
    if (ct == CHC_PAWN) {
        bb_t tp = pos_pieces(pos, them, CHC_PAWN) & ~tb;
        a[CHC_PAWN] = them == CHC_WHITE ? ((tp & ~FILE_A_BB) << 7) | ((tp & ~FILE_H_BB) << 9)
                                        : ((tp & ~FILE_A_BB) >> 9) | ((tp & ~FILE_H_BB) >> 7);
    } else if (ct == CHC_KNIGHT) {
        bb_t tn = pos_pieces(pos, them, CHC_KNIGHT) & ~tb, x = 0;
        while (tn) x |= chci_knight_att[bb_pop(&tn)];
        a[CHC_KNIGHT] = x;
    }
    for (int i = 0; i < h->nsl; i++) {
        int sq = h->sl_sq[i], t = h->sl_t[i];
        bb_t at = h->sl_att[i];
        if (sq == to) continue; /* captured */
        if (at & ch) at = piece_att(t, them, sq, nocc);
        a[t] |= at;
    }
    ea = a[1] | a[2] | a[3] | a[4] | a[5] | a[6];
ours:;
    /* our pieces after the move (not the king) that they attack */
    bb_t ours = (pos->by_color[us] & ~fb) | tb;
    bb_t cand = ours & ~pos_pieces(pos, us, CHC_KING) & ea;
    if (pt == CHC_KING) cand &= ~tb;
    if (!cand) return 0;
    int n = 0;
    bb_t lower = 0;
    for (int t = CHC_PAWN; t < CHC_KING; t++) {
        bb_t mine = pos_pieces(pos, us, t) & ~fb;
        if (t == npt) mine |= tb;
        else mine &= ~tb;
        mine &= cand;
        if (mine) {
            n += bb_popcount(mine & lower);
            /* the others: en prise when we do not defend them */
            bb_t rest = mine & ~lower;
            if (rest) {
                bb_t ob = pos->by_color[us];
                bb_t op = (ob & pos->by_type[CHC_PAWN] & ~fb) | (npt == CHC_PAWN ? tb : 0);
                bb_t on = (ob & pos->by_type[CHC_KNIGHT] & ~fb) | (npt == CHC_KNIGHT ? tb : 0);
                bb_t obq = (ob & (pos->by_type[CHC_BISHOP] | pos->by_type[CHC_QUEEN]) & ~fb) |
                           (npt == CHC_BISHOP || npt == CHC_QUEEN ? tb : 0);
                bb_t orq = (ob & (pos->by_type[CHC_ROOK] | pos->by_type[CHC_QUEEN]) & ~fb) |
                           (npt == CHC_ROOK || npt == CHC_QUEEN ? tb : 0);
                bb_t okg = (ob & pos->by_type[CHC_KING] & ~fb) | (npt == CHC_KING ? tb : 0);
                while (rest) {
                    int sq = bb_pop(&rest);
                    int def = (chci_pawn_att[them][sq] & op) || (chci_knight_att[sq] & on) ||
                              (chci_king_att[sq] & okg) || (chci_bishop_att(sq, nocc) & obq) ||
                              (chci_rook_att(sq, nocc) & orq);
                    n += !def;
                }
            }
        }
        lower |= a[t];
    }
    return n;
}

/* The feature "our pieces en prise before x after the move" of move m (piece pt, npt after
 * promotion, capturing ct): en_prise_after(), or for castling and en passant (rare) the
 * general form on the position after the move. */
static inline int hang_feature(const chc_position *pos, const hang_ctx *h, chc_move m, int pt, int npt,
                               int ct)
{
    int n;
    if (CHC_MOVE_FLAGS(m) & (CHC_MF_CASTLE | CHC_MF_EN_PASSANT)) {
        chc_position q = *pos;
        chc_undo u;
        chc_make_move(&q, m, &u);
        n = en_prise_slow(&q, pos->side);
    } else {
        n = en_prise_after(pos, h, CHC_MOVE_FROM(m), CHC_MOVE_TO(m), pt, npt, ct);
    }
    return CHCI_PM_X_HANG + h->hang0 * 4 + (n > 3 ? 3 : n);
}

/* `scoring` is a constant of each instance: sum the weights, or list the features. */
#define EMIT(x)                                  \
    do {                                         \
        if (scoring) sc += w[x];                 \
        else f[k++] = (uint16_t)(x);             \
    } while (0)

/* The same for a feature present when c (0 or 1) is 1: in scoring, its weight masked by c
 * (an exact integer sum, without a branch on the data). */
#define EMIT_IF(c, x)                                          \
    do {                                                       \
        int c_ = (c);                                          \
        if (scoring) sc += (int32_t)w[x] & -(int32_t)c_;       \
        else if (c_) f[k++] = (uint16_t)(x);                   \
    } while (0)

/* The features of a move that depend only on its origin square `sq` and the piece there
 * (not for castling): piece-square of the origin, the origin's danger class, moving the piece
 * our last move moved, moving while in check, escaping the piece that just moved. */
typedef struct {
    int phase, flip, last_ours, in_check;
    bb_t eall, att1, lastatt;
    const bb_t *lower;
} origin_ctx;

static inline __attribute__((always_inline)) int origin_features(const origin_ctx *c, int sq,
                                                                 int pt, uint16_t *out)
{
    int p6 = pt - 1, k = 0;
    out[k++] = (uint16_t)(CHCI_PM_FROM + (c->phase * 6 + p6) * 64 + (sq ^ c->flip));
    if (pt != CHC_KING) {
        int cls = 0;
        if (c->eall & BB(sq)) cls = (c->lower[pt] & BB(sq)) ? 2 : ((c->att1 & BB(sq)) ? 1 : 3);
        out[k++] = (uint16_t)(CHCI_PM_ATT_FROM + p6 * 4 + cls);
    }
    if (sq == c->last_ours) out[k++] = (uint16_t)(CHCI_PM_SAME + p6);
    if (c->in_check) out[k++] = (uint16_t)(CHCI_PM_EVADE + p6);
    if (c->lastatt & BB(sq)) out[k++] = (uint16_t)(CHCI_PM_ESCAPE + p6);
    return k;
}

/* ---- set 3's scores, piece by piece ---------------------------------------------------------
 * The scores of feature sets 3 and 4 (chci_pm_scores() with a draft model's levels 1 and 2;
 * set 4 adds en prise after the move, hang_feature()) are computed by the loop below instead of
 * features_impl()'s move loop; the features, sets 1 and 2 (version 1) keep features_impl().
 * The moves of one piece follow each other in the generator's
 * list, so what they share is computed once per piece, as bitboards over the board: each move
 * then tests its destination's bit instead of redoing the feature's arithmetic, and the loop
 * is specialised by piece type (a constant in each instance). Every score is the same integer
 * sum of the same weights as features_impl()'s (the score digest of BENCH_PACK_MODEL_ONLY=1 and
 * test_pack_bitexact.sh's pins are unchanged). */

/* What every move of the position shares (filled by features_impl()). */
typedef struct {
    const chc_position *pos;
    const int16_t *w;
    const uint8_t *drow;       /* dist_bucket[their last destination], NULL before it */
    const origin_ctx *oc;      /* the origin features */
    const bb_t *eatt, *lower, *checksq;
    int phase, flip, last_their, in_book;
    unsigned b1, b2;           /* the book's moves when in_book */
    bb_t occ, ours, eall, eslid, erq, ebq, allbq, allrq, att1, att2, kzone, eq, theirpawns;
    /* for the exchange's third step and "no retake", by piece below: squares our pawns attack
     * (once, twice), our knights attack (once, twice), our king attacks, and the squares on a
     * line through one of our bishops or queens (diagonal) or rooks or queens (rank, file):
     * once, twice */
    bb_t pa1, pa2, na1, na2, kd, sl1, sl2;
    /* the index of their cheapest attacker of each square in see_cheapest[] (6: none) in
     * three bit planes: bit k of the index of square sq is bit sq of q[k] */
    bb_t q[3];
    /* what the pieces of a type share: by destination, the danger class's planes (see
     * fast3_piece; dc1p: a pawn's push), and the cheapest attacker's planes of a piece that no
     * slider of theirs attacks (they attack the same squares once it has left) */
    bb_t dc0[7], dc1c[7], dc1p, vn[3];
    const hang_ctx *hc;        /* set 4: en prise after the move (NULL at set 3) */
} fast3_ctx;

/* What the moves of the piece on `from` share. */
typedef struct {
    int from;
    int32_t base;              /* the origin features' weights */
    const int16_t *wto, *wid;  /* piece-square of the destination; identity with this origin */
    bb_t o;                    /* the occupancy once the piece has left */
    bb_t ax;                   /* squares they attack once `from` is empty */
    bb_t pd, nd;               /* squares a pawn, a knight of ours (not the mover) attacks */
    bb_t retake;               /* squares where a piece of ours (not the mover) may retake */
    bb_t hist;                 /* destinations played before from `from` by this side */
    int xr;                    /* a slider of theirs attacks `from` now */
    /* by destination, in bit planes: the index of their cheapest attacker (7 where they do
     * not attack once `from` is empty) */
    bb_t v[3];
} fast3_piece;

/* The danger class of a destination by (attacked, attacked by a cheaper piece, defended) bits:
 * see features_impl(). */
static const uint8_t danger_class[8] = {0, 0, 0, 0, 3, 1, 2, 2};

static inline __attribute__((always_inline)) void fast3_piece_init(const fast3_ctx *c,
                                                                   fast3_piece *pc, int from,
                                                                   const int PT)
{
    const chc_position *pos = c->pos;
    const int16_t *w = c->w;
    int p6 = PT - 1, us = pos->side, them = us ^ 1;
    pc->from = from;
    /* the origin features' weights (only for the pieces that have a move): origin_features()'s
     * sum, each feature's weight masked by its condition (no list, no branch on the data) */
    const origin_ctx *oc = c->oc;
    int32_t base = w[CHCI_PM_FROM + (oc->phase * 6 + p6) * 64 + (from ^ oc->flip)];
    if (PT != CHC_KING) {
        unsigned ci = (unsigned)(oc->eall >> from & 1) << 2 | (unsigned)(oc->lower[PT] >> from & 1) << 1 |
                      (unsigned)(oc->att1 >> from & 1);
        base += w[CHCI_PM_ATT_FROM + p6 * 4 + danger_class[ci]];
    }
    base += (int32_t)w[CHCI_PM_SAME + p6] & -(int32_t)(from == oc->last_ours);
    base += (int32_t)w[CHCI_PM_EVADE + p6] & -(int32_t)(oc->in_check != 0);
    base += (int32_t)w[CHCI_PM_ESCAPE + p6] & -(int32_t)(oc->lastatt >> from & 1);
    pc->base = base;
    pc->wto = w + CHCI_PM_TO + (c->phase * 6 + p6) * 64;
    pc->wid = w + CHCI_PM_X_ID + p6 * 4096 + (from ^ c->flip);
    pc->o = c->occ & ~BB(from);
    /* Attacked once `from` is empty: what they attack now (eall), and what their sliders that
     * attack `from` now attack once it is empty. A square attacked only once `from` is empty
     * lies beyond `from` on the line of such a slider; the move loop of features_impl() finds
     * the same squares as the sliders of the line's kind attacking the destination in that
     * occupancy (a slider attacks a square exactly when the square's lines of its kind reach
     * it). */
    pc->xr = (int)(c->eslid >> from & 1);
    pc->ax = c->eall;
    if (pc->xr) {
        bb_t s = (chci_bishop_att(from, c->occ) & c->ebq) | (chci_rook_att(from, c->occ) & c->erq);
        while (s) {
            int sq = bb_pop(&s);
            pc->ax |= piece_att(CHC_PIECE_TYPE(pos->board[sq]), them, sq, pc->o);
        }
    }
    /* A square attacked by two of our pawns (knights) keeps one when the mover leaves; one
     * attacked once keeps it unless the mover was that one. */
    pc->pd = PT == CHC_PAWN ? c->pa2 | (c->pa1 & ~chci_pawn_att[us][from]) : c->pa1;
    pc->nd = PT == CHC_KNIGHT ? c->na2 | (c->na1 & ~chci_knight_att[from]) : c->na1;
    bb_t sl = c->sl1, kd = PT == CHC_KING ? 0 : c->kd;
    if (PT == CHC_BISHOP) sl = c->sl2 | (c->sl1 & ~bishop_rays(from));
    else if (PT == CHC_ROOK) sl = c->sl2 | (c->sl1 & ~rook_rays(from));
    else if (PT == CHC_QUEEN) sl = c->sl2 | (c->sl1 & ~(bishop_rays(from) | rook_rays(from)));
    pc->retake = pc->pd | pc->nd | kd | sl;
    /* where they do not attack once `from` is empty, index 7 (all three bits) */
    for (int k = 0; k < 3; k++) pc->v[k] = pc->xr ? c->q[k] | ~pc->ax : c->vn[k];
    pc->hist = 0; /* set by the caller */
}

/* The opening book's feature of move m. */
static inline int32_t fast3_book(const fast3_ctx *c, chc_move m)
{
    if (!c->in_book) return 0;
    unsigned mk = m & 0x7FFFu;
    return mk == c->b1 ? c->w[CHCI_PM_BOOK] : mk == c->b2 ? c->w[CHCI_PM_BOOK + 1] : 0;
}

/* One move's score (not castling): features_impl()'s sum in scoring, feature by feature. */
static inline __attribute__((always_inline)) int32_t fast3_move(const fast3_ctx *c,
                                                                const fast3_piece *pc,
                                                                chc_move m, const int PT,
                                                                const int HANG)
{
    const chc_position *pos = c->pos;
    const int16_t *w = c->w;
    const int p6 = PT - 1, to = CHC_MOVE_TO(m), tf = to ^ c->flip;
    unsigned fl = CHC_MOVE_FLAGS(m);
    int32_t sc = pc->base + pc->wto[tf] + pc->wid[tf << 6];
    sc += fast3_book(c, m);
    int ct = 0;
    if (PT == CHC_PAWN && (fl & CHC_MF_EN_PASSANT)) ct = CHC_PAWN;
    else if (fl & CHC_MF_CAPTURE) ct = CHC_PIECE_TYPE(pos->board[to]);
    int ax = (int)(pc->ax >> to & 1);
    if (ct) {
        sc += w[CHCI_PM_CAP + (p6 * 6 + (ct - 1)) * 2 + (int)(c->eall >> to & 1)];
        if (to == c->last_their) sc += w[CHCI_PM_RECAP + p6];
        sc += w[CHCI_PM_X_CAPPH + c->phase * 72 + p6 * 12 + (ct - 1) * 2 + ax];
    }
    int npt = PT;
    if (PT == CHC_PAWN && (fl & CHC_MF_PROMOTION)) {
        npt = CHC_MOVE_PROMO(m);
        sc += w[CHCI_PM_PROMO + npt - CHC_KNIGHT];
    }
    if (c->checksq[npt] & BB(to)) sc += w[CHCI_PM_CHECK + npt - 1];
    if (pc->hist >> to & 1) sc += w[CHCI_PM_HIST]; /* rare: a branch */
    if (PT == CHC_PAWN) {
        int passed = !(c->theirpawns & adjacent_files[to & 7] & ranks_ahead[pos->side][to >> 3]);
        sc += w[CHCI_PM_PAWNDBL + passed * 2 + (tf >> 3 >= 5)];
    }
    /* the lines of a bishop and a rook on `to` once the mover has left: looked up at once for
     * a slider (its mobility needs them), on demand for the exchange otherwise */
    const int hasb = PT == CHC_BISHOP || PT == CHC_QUEEN, hasr = PT == CHC_ROOK || PT == CHC_QUEEN;
    bb_t bl = hasb ? chci_bishop_att(to, pc->o) : 0, rl = hasr ? chci_rook_att(to, pc->o) : 0;
    /* The SEE bucket: as features_impl(), with pd, nd and "no retake" read from the piece's
     * sets (the same squares: see fast3_piece_init()). */
    int sb;
    if (!ax) {
        /* they do not attack `to`, even once `from` is empty (nor now: eall is in ax): danger
         * class 0, the captured piece's SEE bucket (see_tab's entries with index 7) */
        if (PT != CHC_KING) sc += w[CHCI_PM_ATT_TO + p6 * 4];
        sb = see_bucket_quiet[ct];
    } else {
        if (PT != CHC_KING) {
            bb_t dc1 = (PT == CHC_PAWN && !ct) ? c->dc1p : c->dc1c[PT];
            sc += w[CHCI_PM_ATT_TO + p6 * 4 + (int)(c->dc0[PT] >> to & 1) + (int)(dc1 >> to & 1) * 2];
        }
        /* the danger class (fast3_ctx) and the exchange's bounds by table (see_tab): their
         * cheapest attacker's index, ours a pawn or a knight */
        unsigned vlc = (unsigned)(pc->v[0] >> to & 1) | (unsigned)(pc->v[1] >> to & 1) << 1 |
                       (unsigned)(pc->v[2] >> to & 1) << 2;
        unsigned pd = (unsigned)(pc->pd >> to & 1), nd = (unsigned)(pc->nd >> to & 1);
        unsigned e = see_tab[npt - 1][ct][vlc][pd | (nd & ~pd) << 1][pc->xr];
        int sblo2 = (int)(e >> 4);
        sb = (int)(e & 15);
        if (sblo2 != sb) {
            /* no retake possible: the lower bound exactly; else the exchange played out */
            if (!(pc->retake >> to & 1)) sb = sblo2;
            else {
                bb_t bq = hasb ? bl : chci_bishop_att(to, pc->o), rq = hasr ? rl : chci_rook_att(to, pc->o);
                bb_t att = ((chci_pawn_att[CHC_WHITE][to] & pos_pieces(pos, CHC_BLACK, CHC_PAWN)) |
                            (chci_pawn_att[CHC_BLACK][to] & pos_pieces(pos, CHC_WHITE, CHC_PAWN)) |
                            (chci_knight_att[to] & pos->by_type[CHC_KNIGHT]) |
                            (chci_king_att[to] & pos->by_type[CHC_KING]) | (rq & c->allrq) |
                            (bq & c->allbq)) & pc->o;
                sb = see_bucket(see_swap(pos, to, npt, see_val[ct], pc->o, att));
            }
        }
    }
    sc += w[CHCI_PM_X_SEE + p6 * 7 + sb];
    if (c->drow) sc += w[CHCI_PM_X_DIST + p6 * 5 + c->drow[to]];
    bb_t xa;
    switch (npt) {
    case CHC_PAWN: xa = chci_pawn_att[pos->side][to]; break;
    case CHC_KNIGHT: xa = chci_knight_att[to]; break;
    case CHC_BISHOP: xa = hasb ? bl : chci_bishop_att(to, pc->o); break;
    case CHC_ROOK: xa = hasr ? rl : chci_rook_att(to, pc->o); break;
    case CHC_QUEEN: xa = hasb ? bl | rl : chci_queen_att(to, pc->o); break;
    default: xa = chci_king_att[to]; break;
    }
    sc += w[CHCI_PM_X_MOB + p6 * 6 + mob_bucket_of[bb_popcount(xa & ~c->ours)]];
    sc += (int32_t)w[CHCI_PM_X_KZ + p6] & -(int32_t)((xa & c->kzone) != 0);
    sc += (int32_t)w[CHCI_PM_X_KZ + 6 + p6] & -(int32_t)((xa & c->eq) != 0);
    if (HANG) sc += w[hang_feature(pos, c->hc, m, PT, npt, ct)];
    return sc;
}

/* What the moves of the piece on `from` share, made once per piece. */
static inline __attribute__((always_inline)) void fast3_piece_start(const fast3_ctx *c,
                                                                    const chci_pm_state *st,
                                                                    fast3_piece *pc, int from,
                                                                    const int PT)
{
    fast3_piece_init(c, pc, from, PT);
    pc->hist = st->hist[c->pos->side][from];
}

/* The moves moves[i..) of the piece on their first move's origin (type PT), up to the next
 * piece or a castling (for pawns: up to the next piece that is not a pawn); returns the index
 * after them. */
static inline __attribute__((always_inline)) int fast3_piece_moves(const fast3_ctx *c,
                                                                  const chci_pm_state *st,
                                                                  const chc_move *moves, int i,
                                                                  int n, int32_t *score,
                                                                  const int PT, const int HANG)
{
    /* The generator lists pawn moves by kind (pushes, double pushes, captures), not by pawn:
     * every pawn's moves are taken here, without the dispatch by piece, and what a pawn's
     * moves share is made once per pawn (pawns[from]), not once per run of its moves: the
     * run's origins first, then each pawn's start, then the moves (no test a move of whether
     * its pawn was started, a branch the processor mispredicted). */
    if (PT == CHC_PAWN) {
        fast3_piece pawns[64];
        bb_t origins = 0;
        int j = i;
        for (; j < n && CHC_PIECE_TYPE(c->pos->board[CHC_MOVE_FROM(moves[j])]) == CHC_PAWN; j++)
            origins |= BB(CHC_MOVE_FROM(moves[j]));
        for (bb_t b = origins; b;) {
            int sq = bb_pop(&b);
            fast3_piece_start(c, st, &pawns[sq], sq, PT);
        }
        for (; i < j; i++) score[i] = fast3_move(c, &pawns[CHC_MOVE_FROM(moves[i])], moves[i], PT, HANG);
        return j;
    }
    fast3_piece one, *pc = &one;
    int from = CHC_MOVE_FROM(moves[i]);
    fast3_piece_start(c, st, pc, from, PT);
    for (; i < n; i++) {
        chc_move m = moves[i];
        if (CHC_MOVE_FROM(m) != from) break;
        /* (a castling is the king's: another piece's moves need not test it) */
        if (PT == CHC_KING && (CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE)) break;
        score[i] = fast3_move(c, pc, m, PT, HANG);
    }
    return i;
}

static inline __attribute__((always_inline)) void fast3_scores_impl(const fast3_ctx *c,
                                                                    const chci_pm_state *st,
                                                                    const chc_move *moves, int n,
                                                                    int32_t *score, const int HANG)
{
    const int16_t *w = c->w;
    const chc_position *pos = c->pos;
    for (int i = 0; i < n;) {
        chc_move m = moves[i];
        int from = CHC_MOVE_FROM(m);
        if (CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE) {
            /* as features_impl(): the king's destination, its origin, the side, identity */
            int to = CHC_MOVE_TO(m), kingside = to > from, p6 = CHC_KING - 1;
            int kto = (pos->side == CHC_WHITE ? 0 : 56) + (kingside ? 6 : 2);
            score[i++] = fast3_book(c, m) + w[CHCI_PM_TO + (c->phase * 6 + p6) * 64 + (kto ^ c->flip)] +
                         w[CHCI_PM_FROM + (c->phase * 6 + p6) * 64 + (from ^ c->flip)] +
                         w[CHCI_PM_CASTLE + (kingside ? 0 : 1)] +
                         w[CHCI_PM_X_ID + p6 * 4096 + ((from ^ c->flip) | (to ^ c->flip) << 6)];
            if (HANG) score[i - 1] += w[hang_feature(pos, c->hc, m, CHC_KING, CHC_KING, 0)];
            continue;
        }
        switch (CHC_PIECE_TYPE(pos->board[from])) {
        case CHC_PAWN: i = fast3_piece_moves(c, st, moves, i, n, score, CHC_PAWN, HANG); break;
        case CHC_KNIGHT: i = fast3_piece_moves(c, st, moves, i, n, score, CHC_KNIGHT, HANG); break;
        case CHC_BISHOP: i = fast3_piece_moves(c, st, moves, i, n, score, CHC_BISHOP, HANG); break;
        case CHC_ROOK: i = fast3_piece_moves(c, st, moves, i, n, score, CHC_ROOK, HANG); break;
        case CHC_QUEEN: i = fast3_piece_moves(c, st, moves, i, n, score, CHC_QUEEN, HANG); break;
        default: i = fast3_piece_moves(c, st, moves, i, n, score, CHC_KING, HANG); break;
        }
    }
}

/* Sets 3 and 4 (en prise after the move: c->hc), each its own function. */
static __attribute__((noinline)) void fast3_scores(const fast3_ctx *c, const chci_pm_state *st,
                                                   const chc_move *moves, int n, int32_t *score)
{
    fast3_scores_impl(c, st, moves, n, score, 0);
}

static __attribute__((noinline)) void fast4_scores(const fast3_ctx *c, const chci_pm_state *st,
                                                   const chc_move *moves, int n, int32_t *score)
{
    fast3_scores_impl(c, st, moves, n, score, 1);
}

static inline __attribute__((always_inline)) void
features_impl(const chc_position *pos, const chci_pm_state *st, const chc_move *moves, int n,
              uint16_t (*feat)[CHCI_PM_K], uint8_t *nf, const int16_t *w, int32_t *score, const int fset,
              const int scoring)
{
    const int full = fset == 2, fast = fset >= 3, hang = fset == 4;
    if (fast) {
        dist_bucket_ready();
        see_tab_ready();
    }
    hang_ctx hc;
    hc.nsl = 0;
    int us = pos->side, them = us ^ 1;
    bb_t occ = pos_occ(pos);
    bb_t ours = pos->by_color[us], theirs = pos->by_color[them];
    /* attack maps: theirs by piece type, ours counted once / twice */
    bb_t eatt[7] = {0, 0, 0, 0, 0, 0, 0}, eall;
    bb_t att1 = 0, att2 = 0;
    bb_t tp = pos_pieces(pos, them, CHC_PAWN), up = pos_pieces(pos, us, CHC_PAWN);
    bb_t tl = them == CHC_WHITE ? (tp & ~FILE_A_BB) << 7 : (tp & ~FILE_A_BB) >> 9;
    bb_t tr = them == CHC_WHITE ? (tp & ~FILE_H_BB) << 9 : (tp & ~FILE_H_BB) >> 7;
    eatt[CHC_PAWN] = tl | tr;
    /* Their attacks by type and ours counted once and twice, a loop per type (a switch on
     * each piece's type was mispredicted); unions, so the order of the pieces does not matter
     * (set 4 lists their sliders by type, then square, where it went by square). */
    for (bb_t b = theirs & pos->by_type[CHC_KNIGHT]; b;) eatt[CHC_KNIGHT] |= chci_knight_att[bb_pop(&b)];
    for (int t = CHC_BISHOP; t <= CHC_QUEEN; t++)
        for (bb_t b = theirs & pos->by_type[t]; b;) {
            int sq = bb_pop(&b);
            bb_t a = t == CHC_BISHOP ? chci_bishop_att(sq, occ)
                     : t == CHC_ROOK ? chci_rook_att(sq, occ)
                                     : chci_queen_att(sq, occ);
            eatt[t] |= a;
            if (hang) {
                hc.sl_sq[hc.nsl] = (uint8_t)sq;
                hc.sl_t[hc.nsl] = (uint8_t)t;
                hc.sl_att[hc.nsl++] = a;
            }
        }
    for (bb_t b = theirs & pos->by_type[CHC_KING]; b;) eatt[CHC_KING] |= chci_king_att[bb_pop(&b)];
    eall = eatt[1] | eatt[2] | eatt[3] | eatt[4] | eatt[5] | eatt[6];
    {
        bb_t ul = us == CHC_WHITE ? (up & ~FILE_A_BB) << 7 : (up & ~FILE_A_BB) >> 9;
        bb_t ur = us == CHC_WHITE ? (up & ~FILE_H_BB) << 9 : (up & ~FILE_H_BB) >> 7;
        att1 = ul | ur;
        att2 = ul & ur;
    }
    const bb_t pawn1 = att1, pawn2 = att2; /* squares our pawns attack once, twice */
#define OUR_ATT(a)                                                                                 \
    do {                                                                                           \
        bb_t a_ = (a);                                                                             \
        att2 |= att1 & a_;                                                                         \
        att1 |= a_;                                                                                \
    } while (0)
    for (bb_t b = ours & pos->by_type[CHC_KNIGHT]; b;) OUR_ATT(chci_knight_att[bb_pop(&b)]);
    for (bb_t b = ours & pos->by_type[CHC_BISHOP]; b;) {
        int sq = bb_pop(&b);
        OUR_ATT(chci_bishop_att(sq, occ));
    }
    for (bb_t b = ours & pos->by_type[CHC_ROOK]; b;) {
        int sq = bb_pop(&b);
        OUR_ATT(chci_rook_att(sq, occ));
    }
    for (bb_t b = ours & pos->by_type[CHC_QUEEN]; b;) {
        int sq = bb_pop(&b);
        OUR_ATT(chci_queen_att(sq, occ));
    }
    for (bb_t b = ours & pos->by_type[CHC_KING]; b;) OUR_ATT(chci_king_att[bb_pop(&b)]);
#undef OUR_ATT
    int nonpawn = bb_popcount(occ & ~pos->by_type[CHC_PAWN] & ~pos->by_type[CHC_KING]);
    int phase = st->ply < 20 ? 0 : (nonpawn >= 10 ? 1 : 2);
    int flip = us == CHC_WHITE ? 0 : 56;
    int last_their = st->last_to[them], last_ours = st->last_to[us];
    int in_check = pos->checkers != 0;
    bb_t ek = pos_pieces(pos, them, CHC_KING);
    int eks = bb_lsb(ek);
    bb_t bdiag = chci_bishop_att(eks, occ), bline = chci_rook_att(eks, occ);
    bb_t checksq[7] = {0, chci_pawn_att[them][eks], chci_knight_att[eks], bdiag, bline, bdiag | bline, 0};
    bb_t eq = pos_pieces(pos, them, CHC_QUEEN), erq = eq | pos_pieces(pos, them, CHC_ROOK);
    bb_t big[7] = {0, erq | pos_pieces(pos, them, CHC_KNIGHT) | pos_pieces(pos, them, CHC_BISHOP),
                   erq, erq, eq, 0, 0};
    bb_t undefended = theirs & ~eall & ~ek;
    bb_t eslid = eatt[CHC_BISHOP] | eatt[CHC_ROOK] | eatt[CHC_QUEEN]; /* their sliders' attacks */
    bb_t ebq = eq | pos_pieces(pos, them, CHC_BISHOP);
    bb_t allbq = pos->by_type[CHC_BISHOP] | pos->by_type[CHC_QUEEN];
    bb_t ours_n = pos_pieces(pos, us, CHC_KNIGHT), ours_k = pos_pieces(pos, us, CHC_KING);
    bb_t allrq = pos->by_type[CHC_ROOK] | pos->by_type[CHC_QUEEN];
    bb_t ours_bq = ours & allbq, ours_rq = ours & allrq;
    /* the piece that just moved: squares it attacks */
    bb_t lastatt = 0;
    if (last_their >= 0 && (theirs & BB(last_their))) {
        int t = CHC_PIECE_TYPE(pos->board[last_their]);
        switch (t) {
        case CHC_PAWN: lastatt = chci_pawn_att[them][last_their]; break;
        case CHC_KNIGHT: lastatt = chci_knight_att[last_their]; break;
        case CHC_BISHOP: lastatt = chci_bishop_att(last_their, occ); break;
        case CHC_ROOK: lastatt = chci_rook_att(last_their, occ); break;
        case CHC_QUEEN: lastatt = chci_queen_att(last_their, occ); break;
        default: lastatt = chci_king_att[last_their]; break;
        }
    }
    bb_t theirpawns = pos_pieces(pos, them, CHC_PAWN);
    bb_t lower[7] = {0, 0, eatt[CHC_PAWN], eatt[CHC_PAWN], eatt[CHC_PAWN] | eatt[CHC_KNIGHT] | eatt[CHC_BISHOP],
                     eatt[CHC_PAWN] | eatt[CHC_KNIGHT] | eatt[CHC_BISHOP] | eatt[CHC_ROOK], 0};
    uint16_t dummy[CHCI_PM_K];
    unsigned b1 = 0xFFFF, b2 = 0xFFFF;
    int in_book = 0;
    if (st->ply < CHCI_PM_BOOK_PLIES && st->book_n) {
        size_t lo = 0, hi = st->book_n;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (st->book[mid].key < pos->key) lo = mid + 1;
            else hi = mid;
        }
        if (lo < st->book_n && st->book[lo].key == pos->key) {
            b1 = st->book[lo].m1;
            b2 = st->book[lo].m2 ? st->book[lo].m2 : 0xFFFF;
            in_book = 1;
        }
    }

    if (hang) {
        /* our pieces en prise before the move (cheaper attacker: every cheaper type) */
        int h0 = 0;
        bb_t low = 0;
        for (int t = CHC_PAWN; t < CHC_KING; t++) {
            h0 += bb_popcount(pos_pieces(pos, us, t) & eall & (~att1 | low));
            low |= eatt[t];
        }
        hc.hang0 = h0 > 3 ? 3 : h0;
        hc.tp_att = eatt[CHC_PAWN];
        hc.tn_att = eatt[CHC_KNIGHT];
        hc.tk_att = eatt[CHC_KING];
        memcpy(hc.eatt, eatt, sizeof hc.eatt);
        hc.eall = eall;
        hc.slunion = 0;
        for (int j = 0; j < hc.nsl; j++) hc.slunion |= hc.sl_att[j];
    }
    origin_ctx oc = {phase, flip, last_ours, in_check, eall, att1, lastatt, lower};
    bb_t kzone = chci_king_att[eks];
    if (scoring && fast) {
        /* sets 3 and 4: the scores piece by piece (fast3_scores()) */
        fast3_ctx c3 = {pos, w, last_their >= 0 ? dist_bucket[last_their] : NULL, &oc, eatt, lower,
                        checksq, phase, flip, last_their, in_book, b1, b2, occ, ours, eall, eslid,
                        erq, ebq, allbq, allrq, att1, att2, kzone, eq, theirpawns, pawn1, pawn2,
                        0, 0, chci_king_att[bb_lsb(ours_k)], 0, 0, {0, 0, 0},
                        {0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0}, 0, {0, 0, 0}, hang ? &hc : NULL};
        for (bb_t b = ours_n; b;) {
            bb_t a = chci_knight_att[bb_pop(&b)];
            c3.na2 |= c3.na1 & a;
            c3.na1 |= a;
        }
        for (bb_t b = ours_bq | ours_rq; b;) {
            int sq = bb_pop(&b);
            bb_t r = ((ours_bq >> sq & 1) ? bishop_rays(sq) : 0) | ((ours_rq >> sq & 1) ? rook_rays(sq) : 0);
            c3.sl2 |= c3.sl1 & r;
            c3.sl1 |= r;
        }
        /* their cheapest attacker by square: pawn 0, knight 1, .., king 5, none 6 */
        bb_t cp = eatt[CHC_PAWN], cn = eatt[CHC_KNIGHT] & ~cp, cb = eatt[CHC_BISHOP] & ~(cp | cn);
        bb_t cr = eatt[CHC_ROOK] & ~(cp | cn | cb), cq = eatt[CHC_QUEEN] & ~(cp | cn | cb | cr);
        bb_t ck = eatt[CHC_KING] & ~(cp | cn | cb | cr | cq);
        c3.q[0] = cn | cr | ck;
        c3.q[1] = cb | cr | ~eall;
        c3.q[2] = cq | ck | ~eall;
        /* The danger class (features_impl()'s danger_class[]): 0 not attacked, 2 attacked by a
         * cheaper piece (lower), else 1 defended, 3 not: bit 0 is attacked and not by a cheaper
         * piece, bit 1 attacked by a cheaper piece or not defended (by two of ours, or one for
         * a pawn push). */
        for (int t = CHC_PAWN; t <= CHC_KING; t++) {
            c3.dc0[t] = eall & ~lower[t];
            c3.dc1c[t] = eall & (lower[t] | ~att2);
        }
        c3.dc1p = eall & (lower[CHC_PAWN] | ~att1);
        for (int k = 0; k < 3; k++) c3.vn[k] = c3.q[k] | ~eall;
        if (hang) fast4_scores(&c3, st, moves, n, score);
        else fast3_scores(&c3, st, moves, n, score);
        return;
    }

    /* scoring: the origin features' weights summed once per piece, not once per move */
    int32_t orig[64];
    if (scoring) {
        for (bb_t b = ours; b;) {
            int sq = bb_pop(&b);
            uint16_t of[8];
            int ok = origin_features(&oc, sq, CHC_PIECE_TYPE(pos->board[sq]), of);
            int32_t v = 0;
            for (int j = 0; j < ok; j++) v += w[of[j]];
            orig[sq] = v;
        }
    }

    for (int i = 0; i < n; i++) {
        chc_move m = moves[i];
        uint16_t *f = scoring ? dummy : feat[i];
        int k = 0;
        int32_t sc = 0;
        int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
        unsigned fl = CHC_MOVE_FLAGS(m);
        int pt = CHC_PIECE_TYPE(pos->board[from]);
        int p6 = pt - 1;
        if (in_book) {
            unsigned mk = m & 0x7FFFu;
            if (mk == b1) EMIT(CHCI_PM_BOOK);
            else if (mk == b2) EMIT(CHCI_PM_BOOK + 1);
        }
        if (fl & CHC_MF_CASTLE) {
            int kingside = to > from;
            int kto = (us == CHC_WHITE ? 0 : 56) + (kingside ? 6 : 2);
            EMIT(CHCI_PM_TO + (phase * 6 + p6) * 64 + (kto ^ flip));
            EMIT(CHCI_PM_FROM + (phase * 6 + p6) * 64 + (from ^ flip));
            EMIT(CHCI_PM_CASTLE + (kingside ? 0 : 1));
            if (fast) EMIT(CHCI_PM_X_ID + p6 * 4096 + ((from ^ flip) | (to ^ flip) << 6));
            if (hang) EMIT(hang_feature(pos, &hc, m, pt, pt, 0));
            if (scoring) score[i] = sc;
            else nf[i] = (uint8_t)k;
            continue;
        }
        EMIT(CHCI_PM_TO + (phase * 6 + p6) * 64 + (to ^ flip));
        if (scoring) sc += orig[from];
        else k += origin_features(&oc, from, pt, f + k);
        int ct = 0;
        if (fl & CHC_MF_EN_PASSANT) ct = CHC_PAWN;
        else if (fl & CHC_MF_CAPTURE) ct = CHC_PIECE_TYPE(pos->board[to]);
        if (ct) {
            int tdef = (eall & BB(to)) != 0;
            EMIT(CHCI_PM_CAP + (p6 * 6 + (ct - 1)) * 2 + tdef);
            if (to == last_their) EMIT(CHCI_PM_RECAP + p6);
        }
        /* danger at the target (the origin's is among the origin features) */
        if (pt != CHC_KING) {
            /* not attacked 0; attacked by a cheaper piece 2; else defended 1 (by two of ours,
             * as the mover leaves its square, or by one for a pawn push), undefended 3: by table,
             * without branches on the data */
            bb_t def = (pt == CHC_PAWN && !ct) ? att1 : att2;
            unsigned ci = (unsigned)(eall >> to & 1) << 2 | (unsigned)(lower[pt] >> to & 1) << 1 |
                          (unsigned)(def >> to & 1);
            EMIT(CHCI_PM_ATT_TO + p6 * 4 + danger_class[ci]);
        }
        int npt = (fl & CHC_MF_PROMOTION) ? CHC_MOVE_PROMO(m) : pt;
        if (fl & CHC_MF_PROMOTION) EMIT(CHCI_PM_PROMO + CHC_MOVE_PROMO(m) - CHC_KNIGHT);
        if (checksq[npt] & BB(to)) EMIT(CHCI_PM_CHECK + npt - 1);
        if (full) {
            /* what the piece attacks from its new square */
            bb_t nocc = (occ & ~BB(from)) | BB(to);
            bb_t a;
            switch (npt) {
            case CHC_PAWN: a = chci_pawn_att[us][to]; break;
            case CHC_KNIGHT: a = chci_knight_att[to]; break;
            case CHC_BISHOP: a = chci_bishop_att(to, nocc); break;
            case CHC_ROOK: a = chci_rook_att(to, nocc); break;
            case CHC_QUEEN: a = chci_queen_att(to, nocc); break;
            default: a = 0; break;
            }
            if (a & big[npt]) EMIT(CHCI_PM_THREAT + p6 * 2);
            if (a & undefended) EMIT(CHCI_PM_THREAT + p6 * 2 + 1);
        }
        if (st->hist[us][from] & BB(to)) EMIT(CHCI_PM_HIST);
        if (pt == CHC_PAWN) {
            int passed = !(theirpawns & adjacent_files[to & 7] & ranks_ahead[us][to >> 3]);
            int far = ((to ^ flip) >> 3) >= 5;
            EMIT(CHCI_PM_PAWNDBL + passed * 2 + far);
        }
        if (fast) {
            /* The lines of a bishop and of a rook on `to` once the mover has left `from`
             * (what `to` holds does not change them): a slider mover's attacks from `to`, the
             * x-ray through `from` and the exchange's first attackers all read them, so each is
             * looked up at most once a move. */
            bb_t o = occ & ~BB(from);
            bb_t blines = 0, rlines = 0;
            int got_b = 0, got_r = 0;
#define BLINES() (got_b ? blines : (got_b = 1, blines = chci_bishop_att(to, o)))
#define RLINES() (got_r ? rlines : (got_r = 1, rlines = chci_rook_att(to, o)))
            /* is `to` attacked by them once `from` is empty? */
            int ax = (int)(eall >> to & 1);
            if ((~eall >> to) & (eslid >> from) & 1) {
                /* a new attacker of `to` can only be a slider of theirs whose ray runs
                 * through `from`, so one that attacks `from` now (eslid), of the kind of the
                 * line from `from` to `to` (the squares between them are empty) */
                int df = (to & 7) - (from & 7), dr = (to >> 3) - (from >> 3);
                if (!df || !dr) ax = (RLINES() & erq) != 0;
                else if (df == dr || df == -dr) ax = (BLINES() & ebq) != 0;
            }
            /* The SEE bucket. Not attacked: the captured piece's value. Attacked: SEE lies in
             * [captured - mover, min(captured, captured - mover + their cheapest attacker)]
             * (the swap algorithm's first two steps bound it), and when both ends share a
             * bucket (a knight to a square their pawn attacks, a capture of a piece worth 150
             * more than the mover) the exchange is not played out. Their cheapest attacker is
             * taken from the attack maps with `from` occupied: an x-ray through it can only
             * add a slider, which makes the bound looser, never wrong (900 when only an x-ray
             * attacks).
             *
             * The swap's third step gives a tighter lower bound when a pawn or a knight of
             * ours (not the mover) also attacks `to`, worth u: we can retake their first
             * capturer, worth v or more, and they gain at most u back, so SEE >= captured -
             * max(0, mover - max(0, v - u)). v is their cheapest attacker in the maps, or 330
             * when a slider of theirs (a bishop at least) may attack through `from`. Not when
             * their cheapest attacker is the king: the swap loop ignores the capture of a king
             * (it stops there). The bounds are integer arithmetic without branches. */
            int cv = see_val[ct], sb = see_bucket_quiet[ct];
            if (ax) {
                int mv = see_val[npt];
                unsigned am = (unsigned)(eatt[CHC_PAWN] >> to & 1) | (unsigned)(eatt[CHC_KNIGHT] >> to & 1) << 1 |
                              (unsigned)(eatt[CHC_BISHOP] >> to & 1) << 2 | (unsigned)(eatt[CHC_ROOK] >> to & 1) << 3 |
                              (unsigned)(eatt[CHC_QUEEN] >> to & 1) << 4 | (unsigned)(eatt[CHC_KING] >> to & 1) << 5 |
                              1u << 6;
                int vl = see_cheapest[__builtin_ctz(am)];
                int pd = (chci_pawn_att[them][to] & up & ~BB(from)) != 0;
                int nd = (chci_knight_att[to] & ours_n & ~BB(from)) != 0;
                int u = nd * 320;
                u -= pd * (u - 100); /* 100 with a pawn, else 320 with a knight, else 0 */
                int sblo2;
                see_bounds(cv, mv, vl, u, (int)(eslid >> from & 1), &sb, &sblo2);
                /* No piece of ours (but the mover) can ever retake on `to` when none attacks it
                 * by a step (pawn, knight, king) and no slider of ours stands on a line through
                 * it (a slider behind their capturer could join later): they take the mover
                 * and SEE is captured - mover, the lower bound, exactly. */
                if (sblo2 != sb && !pd && !nd &&
                    !(((chci_king_att[to] & ours_k) | (ours_bq & bishop_rays(to)) |
                       (ours_rq & rook_rays(to))) & ~BB(from)))
                    sb = sblo2;
                if (sblo2 != sb) {
                    /* every attacker of `to` in `o` (pos_attackers(), with the lines above) */
                    bb_t att = ((chci_pawn_att[CHC_WHITE][to] & pos_pieces(pos, CHC_BLACK, CHC_PAWN)) |
                                (chci_pawn_att[CHC_BLACK][to] & pos_pieces(pos, CHC_WHITE, CHC_PAWN)) |
                                (chci_knight_att[to] & pos->by_type[CHC_KNIGHT]) |
                                (chci_king_att[to] & pos->by_type[CHC_KING]) | (RLINES() & allrq) |
                                (BLINES() & allbq)) & o;
                    sb = see_bucket(see_swap(pos, to, npt, cv, o, att));
                }
            }
            EMIT(CHCI_PM_X_SEE + p6 * 7 + sb);
            if (last_their >= 0) EMIT(CHCI_PM_X_DIST + p6 * 5 + dist_bucket[to][last_their]);
            EMIT(CHCI_PM_X_ID + p6 * 4096 + ((from ^ flip) | (to ^ flip) << 6));
            bb_t xa;
            switch (npt) {
            case CHC_PAWN: xa = chci_pawn_att[us][to]; break;
            case CHC_KNIGHT: xa = chci_knight_att[to]; break;
            case CHC_BISHOP: xa = BLINES(); break;
            case CHC_ROOK: xa = RLINES(); break;
            case CHC_QUEEN: xa = BLINES() | RLINES(); break;
            default: xa = chci_king_att[to]; break;
            }
#undef BLINES
#undef RLINES
            EMIT(CHCI_PM_X_MOB + p6 * 6 + mob_bucket_of[bb_popcount(xa & ~ours)]);
            EMIT_IF((xa & kzone) != 0, CHCI_PM_X_KZ + p6);
            EMIT_IF((xa & eq) != 0, CHCI_PM_X_KZ + 6 + p6);
            if (ct) EMIT(CHCI_PM_X_CAPPH + phase * 72 + p6 * 12 + (ct - 1) * 2 + ax);
            if (hang) EMIT(hang_feature(pos, &hc, m, pt, npt, ct));
        }
        if (scoring) score[i] = sc;
        else nf[i] = (uint8_t)k;
    }
}

void chci_pm_features(const chc_position *pos, const chci_pm_state *st, const chc_move *moves,
                      int n, uint16_t (*feat)[CHCI_PM_K], uint8_t *nf, int level)
{
    switch (level) {
    case 1: features_impl(pos, st, moves, n, feat, nf, NULL, NULL, 1, 0); break;
    case 2: features_impl(pos, st, moves, n, feat, nf, NULL, NULL, 2, 0); break;
    case 3: features_impl(pos, st, moves, n, feat, nf, NULL, NULL, 3, 0); break;
    default: features_impl(pos, st, moves, n, feat, nf, NULL, NULL, 4, 0); break;
    }
}

void chci_pm_scores(const chc_position *pos, const chci_pm_state *st, const chc_move *moves, int n,
                    int32_t *score)
{
    switch (st->fset) {
    case 1: features_impl(pos, st, moves, n, NULL, NULL, st->weights, score, 1, 1); break;
    case 2: features_impl(pos, st, moves, n, NULL, NULL, st->weights, score, 2, 1); break;
    case 3: features_impl(pos, st, moves, n, NULL, NULL, st->weights, score, 3, 1); break;
    default: features_impl(pos, st, moves, n, NULL, NULL, st->weights, score, 4, 1); break;
    }
}
