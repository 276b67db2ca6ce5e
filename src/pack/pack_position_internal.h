/* Internal: what pack position versions 1 (pack_position.c) and 2 (pack_position_v2.c)
 * share: version 1's tables (built by chci_pos_init()), the header options, the combinations
 * and arrangements, and the decoder's board. Not part of the public API; every name chci_. */
#ifndef CHC_PACK_POSITION_INTERNAL_H
#define CHC_PACK_POSITION_INTERNAL_H
#include <stdint.h>
#include <string.h>

#include "common/diag.h"
#include "core/position.h"
#include "pack/pack_internal.h"

#define CHCI_POS_ZONE 0x00FFFFFFFFFFFF00ull /* ranks 2..7: where pawns can stand */
#define CHCI_POS_MAXCLS 400

/* Version 1's tables, built by chci_pos_init() (once, thread-safe); read them after it. */
void chci_pos_init(void);
extern uint64_t chci_pos_C[65][65]; /* binomial coefficients */
extern int chci_pos_ncls;           /* material classes (pawns, other pieces, min promotions) */
extern int chci_pos_cls_p[CHCI_POS_MAXCLS], chci_pos_cls_o[CHCI_POS_MAXCLS], chci_pos_cls_pr[CHCI_POS_MAXCLS];
extern int chci_pos_cls_index[9][16][9];   /* the class of (p, o, pr), -1 for none */
extern uint64_t chci_pos_W[CHCI_POS_MAXCLS][3]; /* arrangements of a class per castling length */

/* Castling options of a king on square k for back rank rb (0 white, 7 black): (li, ri) with
 * li = 0 none or 1 + file of the queen-side rook, ri = 0 none or the distance to the king-side
 * rook. Index li * nR + ri. */
typedef struct {
    int n;            /* number of options (valid or not) */
    int nr;           /* nR */
    int len[16 * 9];  /* rooks of each option, -1 when invalid */
    int sq[16 * 9][2];
} castleopts;

/* En-passant options: index 0 none; then for each file the capturer sets {left}, {right},
 * {left, right} (where those squares exist). */
typedef struct {
    int n;
    int ept[1 + 8 * 3];  /* -1 when invalid */
    int file[1 + 8 * 3];
    int mask[1 + 8 * 3]; /* 1 left capturer, 2 right capturer */
} epopts;

typedef struct {
    int e, b1, b2; /* the pawn that double-stepped, the square it passed, its start square */
    int capl, capr;/* squares beside it (CHC_NO_SQUARE off the board) */
} epsquares;

/* Per-block data: how many valid options of each kind (castling rooks per side, en-passant
 * type) a block has. Built once for every block (chci_pos_blk_cnt); the option lists themselves are
 * built only where a rank or an unrank needs them. */
typedef struct {
    uint8_t kz;
    uint8_t cntW[3], cntB[3], epc[4];
    uint16_t sums; /* index in blk_sums */
} blockcnt;

static const int type_of_code[4] = {CHC_KNIGHT, CHC_BISHOP, CHC_ROOK, CHC_QUEEN};

static inline int popc(uint64_t b)
{
    return __builtin_popcountll(b);
}

/* The position the decoder builds: the board and its bitboards, filled together. */
typedef struct {
    uint8_t board[64];
    uint64_t by_color[2];
    uint64_t by_type[7];
    uint64_t key; /* the pieces' part of the Polyglot key */
    int n;        /* pieces put (more than the squares taken if two ever shared one) */
} decoded;

static inline void put(decoded *d, int col, int type, int sq)
{
    uint64_t b = 1ull << sq;
    d->board[sq] = (uint8_t)CHC_PIECE(col, type);
    d->by_color[col] |= b;
    d->by_type[type] |= b;
    d->by_type[0] |= b;
    d->key ^= chci_zobrist_piece[64 * (2 * (type - 1) + (col == CHC_WHITE)) + sq];
    d->n++;
}

/* put() for every square of `set` (squares no piece holds yet): the bitboards and the count
 * at once, the board and the key square by square. */
static inline void put_set(decoded *d, int col, int type, uint64_t set)
{
    d->by_color[col] |= set;
    d->by_type[type] |= set;
    d->by_type[0] |= set;
    d->n += popc(set);
    const uint64_t *z = chci_zobrist_piece + 64 * (2 * (type - 1) + (col == CHC_WHITE));
    uint8_t pc = (uint8_t)CHC_PIECE(col, type);
    uint64_t key = d->key;
    for (; set; set &= set - 1) {
        int sq = __builtin_ctzll(set);
        d->board[sq] = pc;
        key ^= z[sq];
    }
    d->key = key;
}

/* put() for one side's pieces (not pawns) on the squares of `set` in increasing order, the i-th
 * of kind types[i] (0 knight, 1 bishop, 2 rook, 3 queen), as many as both `set` and m allow:
 * the same board, bitboards, key and count, but the bitboards and the count are gathered in
 * locals and written once, where put() reads and writes them in *d for every piece (a byte
 * stored to the board may alias them, so the compiler keeps them in memory). */
static inline void put_pieces(decoded *d, int col, uint64_t set, const int *types, int m)
{
    uint64_t kind[4] = {0, 0, 0, 0}, key = d->key;
    const uint64_t *z = chci_zobrist_piece + 64 * (col == CHC_WHITE);
    int i = 0;
    for (; set && i < m; set &= set - 1, i++) {
        int sq = __builtin_ctzll(set), t = type_of_code[types[i]];
        kind[types[i]] |= 1ull << sq;
        d->board[sq] = (uint8_t)CHC_PIECE(col, t);
        key ^= z[128 * (t - 1) + sq]; /* put()'s index: 64 (2 (t - 1) + (col == white)) + sq */
    }
    uint64_t all = kind[0] | kind[1] | kind[2] | kind[3];
    for (int k = 0; k < 4; k++) d->by_type[type_of_code[k]] |= kind[k];
    d->by_color[col] |= all;
    d->by_type[0] |= all;
    d->key = key;
    d->n += i;
}

/* The decoder's first step: d emptied, then the kings (wk, bk) and the castling rooks
 * csq[colour][0 queen side, 1 king side] (CHC_NO_SQUARE for none) put; crook[] gets the rooks
 * in chc_position_set()'s order, *chess960 whether a king or rook is off its standard square.
 * Returns the squares taken. */
static inline uint64_t chci_pos_put_header(decoded *d, int wk, int bk, const int csq[2][2],
                                           uint8_t crook[4], int *chess960)
{
    memset(d->board, 0, sizeof d->board); /* field by field: no string instruction */
    d->by_color[0] = d->by_color[1] = 0;
    for (int t = 0; t < 7; t++) d->by_type[t] = 0;
    d->key = 0;
    d->n = 0;
    put(d, CHC_WHITE, CHC_KING, wk);
    put(d, CHC_BLACK, CHC_KING, bk);
    for (int i = 0; i < 4; i++) crook[i] = CHC_NO_SQUARE;
    uint64_t used = (1ull << wk) | (1ull << bk);
    *chess960 = 0;
    for (int col = 0; col < 2; col++) {
        int ksq = col ? bk : wk;
        for (int side = 0; side < 2; side++) {
            int s = csq[col][side];
            if (s == CHC_NO_SQUARE) continue;
            put(d, col, CHC_ROOK, s);
            used |= 1ull << s;
            crook[col * 2 + (side == 0 ? 1 : 0)] = (uint8_t)s;
            if (ksq % 8 != 4 || (s % 8 != 0 && s % 8 != 7)) *chess960 = 1;
        }
    }
    return used;
}

/* a <= b, without branches (the borrow of b - a). */
static inline int u192_le(const chci_u192 *a, const chci_u192 *b)
{
    uint64_t br0 = b->w[0] < a->w[0];
    uint64_t d1 = b->w[1] - a->w[1];
    uint64_t br1 = (uint64_t)(b->w[1] < a->w[1]) | (uint64_t)(d1 < br0);
    uint64_t d2 = b->w[2] - a->w[2];
    uint64_t br2 = (uint64_t)(b->w[2] < a->w[2]) | (uint64_t)(d2 < br1);
    return br2 == 0;
}

/* *t *= a b: one 192-bit multiplication when a b fits in 64 bits. */
static inline void mul_pair(chci_u192 *t, uint64_t a, uint64_t b)
{
    uint64_t ab;
    if (!__builtin_mul_overflow(a, b, &ab)) {
        chci_u192_mul64(t, ab);
        return;
    }
    chci_u192_mul64(t, a);
    chci_u192_mul64(t, b);
}

/* *lo = r mod a, *hi = (r / a) mod b, r /= a b: as two chci_u192_divmod64() calls, but with
 * one long division by a b when that fits in 64 bits (then the 64-bit remainder splits). */
static inline void divmod_pair(chci_u192 *r, uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
    uint64_t ab;
    if (!__builtin_mul_overflow(a, b, &ab)) {
        uint64_t rem = chci_u192_divmod64(r, ab);
        *lo = rem % a;
        *hi = rem / a;
        return;
    }
    *lo = chci_u192_divmod64(r, a);
    *hi = chci_u192_divmod64(r, b);
}

/* x >> sh, 0 <= sh <= 128, for x < 2^(sh + 64): the bits of x from sh up, in one word. */
static inline uint64_t chci_u192_shr64(const chci_u192 *x, int sh)
{
    if (sh >= 128) return x->w[2] >> (sh - 128);
    if (sh >= 64) return sh == 64 ? x->w[1] : x->w[1] >> (sh - 64) | x->w[2] << (128 - sh);
    return sh == 0 ? x->w[0] : x->w[0] >> sh | x->w[1] << (64 - sh);
}

/* The "tops" of an ascending table tab[0..n) of 192-bit values: top[i] = tab[i] >> sh, with
 * sh the least shift that puts the last (largest) value in 64 bits. Returns sh. */
int chci_pos_fill_tops(const chci_u192 *tab, int n, uint64_t *top);

/* The largest i in lo..lo+n-1 with tab[i] <= *r (tab ascending, tab[lo] <= *r, *r below
 * 2^(sh + 64)); *r -= tab[i]. Searched on the tops (top[i] = tab[i] >> sh, as
 * chci_pos_fill_tops() makes them): one-word comparisons on a table a third the size, by a
 * binary search without branches (its halves' lengths depend on n only). Exact: x >> sh
 * grows with x, so the answer's top is at most *r >> sh and the search stops at the answer
 * or past it; past it are only entries above *r whose tops equal *r's (tab[i] > *r, top[i] <=
 * *r >> sh), a rare few, stepped back over with full comparisons. */
static inline int chci_pos_search_top(const chci_u192 *tab, const uint64_t *top, int sh, int lo,
                                      int n, chci_u192 *r)
{
    uint64_t key = chci_u192_shr64(r, sh);
    while (n > 1) {
        int half = n / 2;
        lo += half & -(int)(top[lo + half] <= key);
        n -= half;
    }
    while (!u192_le(&tab[lo], r)) lo--;
    chci_u192_sub(r, &tab[lo]);
    return lo;
}

/* Hints for the search of a class in a row of class offsets (tab[0..n], ascending, tab[0] = 0,
 * tops top[0..n] with shift sh by chci_pos_fill_tops()): r's top key = r >> sh, less than or
 * equal to top[n], falls in bucket t = key >> hs (0..CHCI_POS_CLASS_HINTS, hs the least shift
 * that puts top[n] there), and hint[t] is the largest c < n with top[c] < t << hs (0 when none).
 * Returns hs. */
#define CHCI_POS_CLASS_HINTS 256
int chci_pos_fill_class_hints(const uint64_t *top, int n, uint16_t *hint);

/* The class c of *r (the largest c < n with tab[c] <= *r, *r < tab[n]); *r -= tab[c].
 * Searched between the hints of r's bucket, exact: tab[hint[t]] <= *r (its top is below r's:
 * x >> sh < y >> sh only when x < y) and the answer's top is at most r's, below (t + 1) << hs,
 * so the answer is at most hint[t + 1]. A handful of classes instead of all. */
static inline int chci_pos_search_class(const chci_u192 *tab, const uint64_t *top, int sh, int hs,
                                        const uint16_t *hint, chci_u192 *r)
{
    int t = (int)(chci_u192_shr64(r, sh) >> hs);
    return chci_pos_search_top(tab, top, sh, hint[t], hint[t + 1] - hint[t] + 1, r);
}

/* Block offsets and their hints: off[b] the first rank of block b (b = 0..2*64*64, the last
 * the count), hint[t] (t = 0..nhints) the largest block b with off[b] <= t * 2^shift, so that
 * the block of a rank r lies between hint[r >> shift] and the next hint + 1. */
void chci_pos_build_hints(const chci_u192 *off, int shift, uint16_t *hint, int nhints);

/* The block b of rank *r (*r below off[2*64*64]): the largest with off[b] <= *r, searched
 * between its hints on the offsets' tops (top, sh: chci_pos_fill_tops()); *r becomes
 * relative to the block. */
static inline int chci_pos_find_block(const chci_u192 *off, const uint64_t *top, int sh,
                                      const uint16_t *hint, int shift, chci_u192 *r)
{
    int t = (int)(r->w[2] >> (shift - 128));
    int lo = hint[t], hi = hint[t + 1] + 1; /* off[lo] <= r < off[hi] */
    if (hi > 2 * 64 * 64) hi = 2 * 64 * 64;
    return chci_pos_search_top(off, top, sh, lo, hi - lo, r);
}

extern blockcnt chci_pos_blk_cnt[2 * 64 * 64];

void chci_pos_castle_options(int k, int rb, int other_king, castleopts *co);
int chci_pos_castle_walk(int k, int rb, int other_king, chci_u192 *r, const chci_u192 *tab, int sq[2]);
epsquares chci_pos_ep_squares(int stm, int f);
void chci_pos_ep_options(int stm, int wk, int bk, epopts *eo);
int chci_pos_kings_ok(int wk, int bk);
uint64_t chci_pos_comb_rank(uint64_t list, uint64_t set);
/* A combination's unrank in two steps: chci_pos_comb_indices() the indices of the elements in
 * their list (of n <= 4 combinations at once: k[c] elements of rank r[c], idx[c] bit i set
 * for index i), chci_pos_comb_squares() the squares of `list` at those indices (0 when k is
 * more than the list holds, which the placement counts rule out). */
void chci_pos_comb_indices(int n, const int k[], const uint64_t r[], uint64_t idx[]);
uint64_t chci_pos_comb_squares(uint64_t list, int k, uint64_t idx);
uint64_t chci_pos_arrangement_rank(int o, int pr, int cr, const int *types, int m, const int cnt[4]);
void chci_pos_arrangement_unrank(int o, int pr, int cr, uint64_t idx, int *types, int *m);
int chci_pos_code_of_type(int t);
/* The rank of both sides' non-pawn pieces on their squares sets[colour] (castling rooks left
 * out, lens[colour] of them): White's arrangement x (Black's arrangements of class cb) +
 * Black's. */
chci_u192 chci_pos_pieces_rank(const chc_position *pos, const uint64_t sets[2], const int oo[2],
                               const int prr[2], const int lens[2], int cb);
int chci_pos_set_decoded(chc_position *pos, const decoded *d, int stm, const uint8_t crook[4], int epsq,
                         int chess960, chc_diag *diag);
/* What every version's rank checks and derives first from the kings, the castling rights and
 * the en-passant square (occ: the pieces by colour and type). */
typedef struct {
    int wk, bk;              /* the kings */
    int wq, wkr, bq, bkr;    /* castling rooks (queen side, king side), CHC_NO_SQUARE for none */
    int wc_idx, bc_idx;      /* castling option of each side (0: none) */
    uint64_t crooks[2];      /* castling rooks by colour */
    int ep_file, ep_mask;    /* en passant kept: its file and capturers (1 left, 2 right), or -1, 0 */
    epsquares eps;           /* its squares (when ep_file >= 0) */
} rankhead;

/* Fills *h; returns CHC_OK or the position's error, checked in this order: one king each, not
 * side by side; no pawn on ranks 1 and 8; the castling rooks; the en-passant square. */
static inline int chci_pos_rank_head(const chc_position *pos, const uint64_t occ[2][7], rankhead *h)
{
    int stm = pos->side;
    if (popc(occ[0][CHC_KING]) != 1 || popc(occ[1][CHC_KING]) != 1) return CHC_E_POS_KINGS;
    int wk = h->wk = __builtin_ctzll(occ[0][CHC_KING]), bk = h->bk = __builtin_ctzll(occ[1][CHC_KING]);
    if (!chci_pos_kings_ok(wk, bk)) return CHC_E_POS_OPPONENT_IN_CHECK;
    if ((occ[0][CHC_PAWN] | occ[1][CHC_PAWN]) & ~CHCI_POS_ZONE) return CHC_E_POS_PAWN_RANK;
    int wq = CHC_NO_SQUARE, wkr = CHC_NO_SQUARE, bq = CHC_NO_SQUARE, bkr = CHC_NO_SQUARE;
    if (pos->castling & CHC_CASTLE_WK) wkr = pos->castle_rook[0];
    if (pos->castling & CHC_CASTLE_WQ) wq = pos->castle_rook[1];
    if (pos->castling & CHC_CASTLE_BK) bkr = pos->castle_rook[2];
    if (pos->castling & CHC_CASTLE_BQ) bq = pos->castle_rook[3];
    const int rook[2][2] = {{wq, wkr}, {bq, bkr}}, king[2] = {wk, bk};
    for (int col = 0; col < 2; col++)
        for (int i = 0; i < 2; i++) {
            int r = rook[col][i], k = king[col], rb = col ? 7 : 0;
            if (r != CHC_NO_SQUARE &&
                (r > 63 || k / 8 != rb || r / 8 != rb || pos->board[r] != CHC_PIECE(col, CHC_ROOK) ||
                 (i == 0 ? r % 8 >= k % 8 : r % 8 <= k % 8)))
                return CHC_E_POS_CASTLING;
        }
    h->wq = wq, h->wkr = wkr, h->bq = bq, h->bkr = bkr;
    int li = wq == CHC_NO_SQUARE ? 0 : wq % 8 + 1;
    int ri = wkr == CHC_NO_SQUARE ? 0 : wkr % 8 - wk % 8;
    h->wc_idx = wk / 8 == 0 ? li * (8 - wk % 8) + ri : 0;
    li = bq == CHC_NO_SQUARE ? 0 : bq % 8 + 1;
    ri = bkr == CHC_NO_SQUARE ? 0 : bkr % 8 - bk % 8;
    h->bc_idx = bk / 8 == 7 ? li * (8 - bk % 8) + ri : 0;
    for (int col = 0; col < 2; col++) {
        h->crooks[col] = 0;
        for (int i = 0; i < 2; i++)
            if (rook[col][i] != CHC_NO_SQUARE) h->crooks[col] |= 1ull << rook[col][i];
    }
    h->ep_file = -1, h->ep_mask = 0;
    if (pos->ep != CHC_NO_SQUARE) { /* kept only when a pawn of the side to move can take */
        int ep = pos->ep;
        if (ep > 63) return CHC_E_POS_EN_PASSANT;
        int f = ep % 8;
        if ((stm == CHC_BLACK && ep / 8 != 2) || (stm == CHC_WHITE && ep / 8 != 5))
            return CHC_E_POS_EN_PASSANT;
        epsquares s = h->eps = chci_pos_ep_squares(stm, f);
        if (!(occ[stm ^ 1][CHC_PAWN] & (1ull << s.e)) || pos->board[s.b1] || pos->board[s.b2])
            return CHC_E_POS_EN_PASSANT;
        if (s.capl != CHC_NO_SQUARE && (occ[stm][CHC_PAWN] & (1ull << s.capl))) h->ep_mask |= 1;
        if (s.capr != CHC_NO_SQUARE && (occ[stm][CHC_PAWN] & (1ull << s.capr))) h->ep_mask |= 2;
        if (h->ep_mask) h->ep_file = f;
    }
    return CHC_OK;
}

/* Each side's material: pawns pp, other pieces oo, fewest promotions prr; CHC_E_POS_TOO_MANY
 * when a side's pieces need more promotions than it has missing pawns. */
static inline int chci_pos_material(const uint64_t occ[2][7], int pp[2], int oo[2], int prr[2])
{
    for (int col = 0; col < 2; col++) {
        int n = popc(occ[col][CHC_KNIGHT]), b = popc(occ[col][CHC_BISHOP]);
        int r = popc(occ[col][CHC_ROOK]), q = popc(occ[col][CHC_QUEEN]);
        pp[col] = popc(occ[col][CHC_PAWN]);
        if (!chci_pack_side_ok(pp[col], n, b, r, q)) return CHC_E_POS_TOO_MANY;
        oo[col] = n + b + r + q;
        prr[col] = chci_pack_min_promotions(n, b, r, q);
    }
    return CHC_OK;
}
#endif
