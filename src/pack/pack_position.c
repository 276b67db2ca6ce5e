/* The pack position code: a legal position as its rank among the positions of a domain
 * that every legal position belongs to (docs/formats/pack-position.md).
 *
 * The rank is built from the outside in:
 *   header block  (side to move, white king, black king)       -- blocks in that order
 *   header option (white castling rooks, black castling rooks, en-passant configuration)
 *   white material class (pawns, other pieces, minimum promotions)
 *   black material class
 *   inside the class pair, a mixed-radix number:
 *     white piece mix and arrangement, black piece mix and arrangement,
 *     pawns of the side to move, pawns of the other side,
 *     squares of white pieces, squares of black pieces.
 * Counts depend on the header only through a "key" (side to move, kings in the pawn zone,
 * number of castling rooks per side, en-passant type), so the tables stay small. */
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "common/diag.h"
#include "common/once.h"
#include "core/position.h"
#include "pack/pack_internal.h"
#include "pack/pack_position_internal.h"

#define NKEY (2 * 3 * 3 * 3 * 4)

uint64_t chci_pos_C[65][65];
static uint64_t CT[16][68];   /* CT[j][i] = chci_pos_C[i][j]; past i = 64, UINT64_MAX (comb_index) */
/* n = 2^div_shift[n] * odd, div_inv[n] = odd^-1 mod 2^64: x / n = (x >> div_shift[n]) *
 * div_inv[n] when n divides x (n = 1..15) */
static uint8_t div_shift[16];
static uint64_t div_inv[16];
static uint8_t select8[256][8]; /* the square (0..7) of the n-th set bit of a byte */
/* last2[r] (r < C(64, 2)): the indices of the last two elements of a combination whose rank
 * left is r (chci_pos_comb_indices), the larger in the low byte */
#define LAST2 (64 * 63 / 2)
static uint16_t last2[LAST2];
/* cu_start[j][b]: the largest i with chci_pos_C[i][j] <= the least value of bucket b (cu_bucket): r
 * alone below 2^(CU_MB + 1), else r's top CU_MB + 1 bits and their shift */
#define CU_MB 3
#define CU_BUCKETS ((65 - CU_MB) << CU_MB)
static uint8_t cu_start[16][CU_BUCKETS];
/* The mixes (knights, bishops, rooks, queens) of o pieces whose minimum number of promotions
 * is pr (0..8), in the order the arrangement index counts them (knights, then bishops, then
 * rooks ascending): mix[mix_start[o][pr] .. mix_start[o][pr + 1]). */
#define NMIX 3876 /* every mix of at most 15 pieces: C(19, 4) */
static uint8_t mix[NMIX][4];
static int mix_start[16][10];
/* mix_w[i][cr]: the arrangements of mix i with cr of its rooks castling rooks (placed by the
 * header), multinomial4(n, b, r - cr, q); 0 when the mix has fewer than cr rooks */
static uint64_t mix_w[NMIX][3];
/* The arrangements of the mixes of at most 2 knights, 2 bishops, 2 rooks (castling rooks left
 * out) and 1 queen, those of games without promotions: the sequence of piece kinds of
 * arrangement a of mix (n, b, r, q) is arr_seq[arr_start[SMALL_MIX(n, b, r, q)] + a], two bits
 * a piece, the first piece in the lowest bits (1,841 sequences in all). */
#define SMALL_MIX(n, b, r, q) ((((n) * 3 + (b)) * 3 + (r)) * 2 + (q))
#define NSMALL 1841
static uint16_t arr_seq[NSMALL];
static uint16_t arr_start[3 * 3 * 3 * 2];
/* The arrangements of a whole class without promotions (pr = 0: every mix of it is small,
 * o - cr <= 7 pieces to arrange), its mixes one after the other in the order the arrangement
 * index counts them: arrangement idx of class (o, 0) with cr castling rooks is the sequence
 * cls_seq[cls_start[o][cr] + idx] (2,454 in all), so the decoder reads it without walking
 * the mixes. */
#define NCLS_SEQ 2454
static uint16_t cls_seq[NCLS_SEQ];
static uint16_t cls_start[8][3];
int chci_pos_ncls;
int chci_pos_cls_p[CHCI_POS_MAXCLS], chci_pos_cls_o[CHCI_POS_MAXCLS], chci_pos_cls_pr[CHCI_POS_MAXCLS];
int chci_pos_cls_index[9][16][9];
uint64_t chci_pos_W[CHCI_POS_MAXCLS][3];
static uint64_t Wpre[9][16][3][10]; /* sum of W over classes (p,o,pr') with pr' < x */
static chci_u192 Nkey[NKEY];
static chci_u192 WC[NKEY][CHCI_POS_MAXCLS + 1];
/* wc_of[key]: WC[key], or the same row of the white-to-move key when black's key without an
 * en-passant option has the same counts (one row in the caches for both) */
static const chci_u192 *wc_of[NKEY];
/* the tops of each key's row (chci_pos_fill_tops()), for the decoder's search */
static uint64_t wc_top[NKEY][CHCI_POS_MAXCLS + 1];
static int wc_sh[NKEY];
static uint16_t wc_hint[NKEY][CHCI_POS_CLASS_HINTS + 1]; /* chci_pos_fill_class_hints() */
static int wc_hs[NKEY];
static chci_u192 block_off[2 * 64 * 64 + 1];
static uint64_t block_top[2 * 64 * 64 + 1]; /* their tops (chci_pos_fill_tops()) */
static int block_sh;
/* block_hint[t]: the largest block b with block_off[b] <= t * 2^HINT_SHIFT (t = 0..HINTS), so
 * that the block of a rank r lies between block_hint[r >> HINT_SHIFT] and the next hint */
#define HINT_SHIFT 144
#define HINTS (1 << (CHC_PACK_POS_BITS - HINT_SHIFT))
static uint16_t block_hint[HINTS + 1];

int chci_pack_min_promotions(int n, int b, int r, int q)
{
    return (n > 2 ? n - 2 : 0) + (b > 2 ? b - 2 : 0) + (r > 2 ? r - 2 : 0) + (q > 1 ? q - 1 : 0);
}

int chci_pack_side_ok(int p, int n, int b, int r, int q)
{
    if (p < 0 || p > 8 || n < 0 || b < 0 || r < 0 || q < 0) return 0;
    if (p + n + b + r + q > 15) return 0;
    return chci_pack_min_promotions(n, b, r, q) <= 8 - p;
}

/* Promotions need captures: a side's promotions are at most twice the other side's lost units
 * plus its own lost units (proof in the format document). */
int chci_pack_pair_ok(int wp, int wo, int wpr, int bp, int bo, int bpr)
{
    int wm = 15 - wp - wo, bm = 15 - bp - bo;
    return wpr <= 2 * bm + wm && bpr <= 2 * wm + bm;
}

/* ---------------------------------------------------------------------------------------- */
/* Keys                                                                                     */
/* ---------------------------------------------------------------------------------------- */
typedef struct {
    int stm, kz, lw, lb, ept;
    int ep, ncap, rho, zf, used;
} keyinfo;

static int key_index(int stm, int kz, int lw, int lb, int ept)
{
    return (((stm * 3 + kz) * 3 + lw) * 3 + lb) * 4 + ept;
}

/* The key of (stm, kz, lw, lb, ept), key_index()'s arguments, as its fields. */
static inline keyinfo key_fields(int stm, int kz, int lw, int lb, int ept)
{
    keyinfo k;
    k.stm = stm, k.kz = kz, k.lw = lw, k.lb = lb, k.ept = ept;
    k.ep = k.ept > 0;
    k.ncap = k.ept == 0 ? 0 : (k.ept == 3 ? 2 : 1);
    k.rho = k.ept == 2;
    k.zf = 48 - k.kz - (k.ep ? 3 + k.ncap : 0);
    k.used = 2 + k.lw + k.lb + (k.ep ? 3 + k.ncap : 0);
    return k;
}

static keyinfo key_info(int key)
{
    return key_fields(key / 108, key / 36 % 3, key / 12 % 3, key / 4 % 3, key % 4);
}

/* The factors of the placement of pawns and pieces for a key and the two sides' counts. */
typedef struct {
    uint64_t p1, p2, s1, s2;
    int as, ao, ow, ob, free;
} placement;

static int placement_of(const keyinfo *k, int wp, int wo, int bp, int bo, placement *pl)
{
    const int pawns[2] = {wp, bp}; /* indexed: the side to move changes from code to code */
    int sp = pawns[k->stm], op = pawns[k->stm ^ 1];
    pl->as = sp - k->ncap;
    pl->ao = op - k->ep;
    if (pl->as < 0 || pl->ao < 0) return 0;
    if (pl->as > k->zf - k->rho || pl->ao > k->zf - pl->as) return 0;
    pl->p1 = chci_pos_C[k->zf - k->rho][pl->as];
    pl->p2 = chci_pos_C[k->zf - pl->as][pl->ao];
    pl->free = 64 - k->used - pl->as - pl->ao;
    pl->ow = wo - k->lw;
    pl->ob = bo - k->lb;
    if (pl->ow < 0 || pl->ob < 0 || pl->ow + pl->ob > pl->free) return 0;
    pl->s1 = chci_pos_C[pl->free][pl->ow];
    pl->s2 = chci_pos_C[pl->free - pl->ow][pl->ob];
    return 1;
}

static chci_u192 placement_count(const placement *pl)
{
    chci_u192 t = chci_u192_from(pl->p1);
    chci_u192_mul64(&t, pl->p2);
    chci_u192_mul64(&t, pl->s1);
    chci_u192_mul64(&t, pl->s2);
    return t;
}

/* The factors of a placement that do not depend on black's pieces: both sides' pawns (p1, p2)
 * and white's pieces (s1); black's ob pieces then have chci_pos_C[rest][ob] placements. As
 * placement_of() for every bo (0 where it fails for every bo). */
typedef struct {
    uint64_t p1, p2, s1;
    int rest;
} pawnpart;

static inline int pawn_part(const keyinfo *k, int wp, int wo, int bp, pawnpart *pp)
{
    const int pawns[2] = {wp, bp};
    int sp = pawns[k->stm], op = pawns[k->stm ^ 1];
    int as = sp - k->ncap, ao = op - k->ep;
    if (as < 0 || ao < 0) return 0;
    if (as > k->zf - k->rho || ao > k->zf - as) return 0;
    int free = 64 - k->used - as - ao, ow = wo - k->lw;
    if (ow < 0 || ow > free) return 0;
    pp->p1 = chci_pos_C[k->zf - k->rho][as];
    pp->p2 = chci_pos_C[k->zf - as][ao];
    pp->s1 = chci_pos_C[free][ow];
    pp->rest = free - ow;
    return 1;
}

/* The black classes with bp pawns and bo in [lo, hi] (every pr the filters let through) for a
 * white side with wm lost units, black's pieces having chci_pos_C[rest][bo - lb] placements:
 * Σ chci_pos_C[rest][bo - lb] · Wpre[bp][bo][lb][min(2 wm + bm, 8 - bp) + 1], bm = 15 - bp - bo. */
static chci_u192 row_sum(int bp, int lb, int lo, int hi, int rest, int wm)
{
    chci_u192 S = chci_u192_from(0);
    int cap = 9 - bp, xb = 2 * wm + 16 - bp;
    for (int bo = lo; bo <= hi; bo++) {
        int x = xb - bo < cap ? xb - bo : cap;
        chci_u192_addmul64(&S, chci_pos_C[rest][bo - lb], Wpre[bp][bo][lb][x]);
    }
    return S;
}

/* Whole rows, read instead of summed: when white's promotions need no capture of black's
 * units (bmin = 0 in the rank and the unrank, most positions) a row takes every bo from lb
 * to 15 - bp, and its sum depends only on (bp, lb, en passant, wm): the squares left for
 * black's pieces are rest = 64 - used - as - ao - ow (pawn_part()) with used = 2 + lw + lb +
 * ep (3 + ncap), as = sp - ncap, ao = op - ep, ow = wo - lw, that is 62 - lb - 2 ep - (wp +
 * wo) - bp = 47 + wm - lb - 2 ep - bp. full_row[bp][lb][ep][wm] = row_sum(bp, lb, lb,
 * min(15 - bp, rest + lb), rest, wm) for that rest, made by init_tables(); row() reads it
 * when its arguments are those (checked, not assumed), else sums. */
static chci_u192 full_row[9][3][2][16];

static int full_row_rest(int bp, int lb, int ep, int wm)
{
    return 47 + wm - lb - 2 * ep - bp;
}

/* row_sum(bp, lb, lb, hi, rest, wm): a whole row of black classes (bo from lb up to hi) */
static inline chci_u192 row(int bp, int lb, int ep, int hi, int rest, int wm)
{
    int whole = rest + lb < 15 - bp ? rest + lb : 15 - bp;
    if (hi == whole && rest == full_row_rest(bp, lb, ep, wm)) return full_row[bp][lb][ep][wm];
    return row_sum(bp, lb, lb, hi, rest, wm);
}

/* The arrangements of the black classes with bp pawns and bo other pieces that condition 3
 * lets through beside a white side with wm lost units (castling rooks lb): those of pr up to
 * *lim = min(2 wm + bm, 8 - bp), bm = 15 - bp - bo. */
static inline uint64_t black_ws(int bp, int bo, int lb, int wm, int *lim)
{
    int x = 2 * wm + 15 - bp - bo;
    *lim = x < 8 - bp ? x : 8 - bp;
    return Wpre[bp][bo][lb][*lim + 1];
}

/* ---------------------------------------------------------------------------------------- */
/* Header options                                                                           */
/* ---------------------------------------------------------------------------------------- */
void chci_pos_castle_options(int k, int rb, int other_king, castleopts *co)
{
    if (k / 8 != rb) {
        co->n = 1;
        co->nr = 1;
        co->len[0] = 0;
        co->sq[0][0] = co->sq[0][1] = CHC_NO_SQUARE;
        return;
    }
    int f = k % 8, nl = f + 1, nr = 8 - f;
    co->n = nl * nr;
    co->nr = nr;
    for (int li = 0; li < nl; li++) {
        for (int ri = 0; ri < nr; ri++) {
            int i = li * nr + ri;
            int a = li ? rb * 8 + li - 1 : CHC_NO_SQUARE;
            int b = ri ? rb * 8 + f + ri : CHC_NO_SQUARE;
            co->sq[i][0] = a;
            co->sq[i][1] = b;
            co->len[i] = (a != CHC_NO_SQUARE) + (b != CHC_NO_SQUARE);
            if (a == other_king || b == other_king) co->len[i] = -1;
        }
    }
}

epsquares chci_pos_ep_squares(int stm, int f)
{
    epsquares s;
    if (stm == CHC_BLACK) { /* a white pawn double-stepped to rank 4 */
        s.e = 24 + f;
        s.b1 = 16 + f;
        s.b2 = 8 + f;
    } else {
        s.e = 32 + f;
        s.b1 = 40 + f;
        s.b2 = 48 + f;
    }
    s.capl = f > 0 ? s.e - 1 : CHC_NO_SQUARE;
    s.capr = f < 7 ? s.e + 1 : CHC_NO_SQUARE;
    return s;
}

void chci_pos_ep_options(int stm, int wk, int bk, epopts *eo)
{
    eo->n = 1;
    eo->ept[0] = 0;
    eo->file[0] = -1;
    eo->mask[0] = 0;
    for (int f = 0; f < 8; f++) {
        epsquares s = chci_pos_ep_squares(stm, f);
        int bad = s.e == wk || s.e == bk || s.b1 == wk || s.b1 == bk || s.b2 == wk || s.b2 == bk;
        for (int mask = 1; mask <= 3; mask++) {
            if ((mask & 1) && s.capl == CHC_NO_SQUARE) continue;
            if ((mask & 2) && s.capr == CHC_NO_SQUARE) continue;
            int i = eo->n++;
            eo->file[i] = f;
            eo->mask[i] = mask;
            int v = !bad;
            if ((mask & 1) && (s.capl == wk || s.capl == bk)) v = 0;
            if ((mask & 2) && (s.capr == wk || s.capr == bk)) v = 0;
            if (!v) {
                eo->ept[i] = -1;
            } else if (mask == 3) {
                eo->ept[i] = 3;
            } else {
                int other = mask == 1 ? s.capr : s.capl;
                eo->ept[i] = (other != CHC_NO_SQUARE && other != wk && other != bk) ? 2 : 1;
            }
        }
    }
}

static int in_zone(int sq)
{
    return sq >= 8 && sq < 56;
}

int chci_pos_kings_ok(int wk, int bk)
{
    if (wk == bk) return 0;
    int df = wk % 8 - bk % 8, dr = wk / 8 - bk / 8;
    return df < -1 || df > 1 || dr < -1 || dr > 1;
}

blockcnt chci_pos_blk_cnt[2 * 64 * 64];

/* E(lw, lb) and BC(lw) (below) of a block depend only on its side to move, kz, cntB and epc:
 * computed once for each distinct combination (a few hundred) and shared by the blocks. */
typedef struct {
    uint8_t stm, kz, cntB[3], epc[4];
    chci_u192 E[3][3], BC[3];
} blocksums;
#define MAXSUMS 256 /* 96 in fact */
static blocksums blk_sums[MAXSUMS];
static int nsums;

static void block_count(int stm, int wk, int bk, blockcnt *bc)
{
    castleopts cw, cb;
    epopts eo;
    chci_pos_castle_options(wk, 0, bk, &cw);
    chci_pos_castle_options(bk, 7, wk, &cb);
    chci_pos_ep_options(stm, wk, bk, &eo);
    memset(bc, 0, sizeof *bc);
    bc->kz = (uint8_t)(in_zone(wk) + in_zone(bk));
    for (int i = 0; i < cw.n; i++)
        if (cw.len[i] >= 0) bc->cntW[cw.len[i]]++;
    for (int i = 0; i < cb.n; i++)
        if (cb.len[i] >= 0) bc->cntB[cb.len[i]]++;
    for (int i = 0; i < eo.n; i++)
        if (eo.ept[i] >= 0) bc->epc[eo.ept[i]]++;
}

/* E(lw, lb): all en-passant options of the block for those castling lengths. */
static chci_u192 block_E(const blockcnt *bc, int stm, int lw, int lb)
{
    chci_u192 s = chci_u192_from(0);
    for (int e = 0; e < 4; e++) {
        if (!bc->epc[e]) continue;
        chci_u192 t = Nkey[key_index(stm, bc->kz, lw, lb, e)];
        chci_u192_mul64(&t, bc->epc[e]);
        chci_u192_add(&s, &t);
    }
    return s;
}

/* Σ_lb cntB[lb] E(lw, lb) */
static chci_u192 block_BC(const blockcnt *bc, int stm, int lw)
{
    chci_u192 s = chci_u192_from(0);
    for (int lb = 0; lb < 3; lb++) {
        if (!bc->cntB[lb]) continue;
        chci_u192 t = block_E(bc, stm, lw, lb);
        chci_u192_mul64(&t, bc->cntB[lb]);
        chci_u192_add(&s, &t);
    }
    return s;
}

/* ---------------------------------------------------------------------------------------- */
/* Initialisation                                                                           */
/* ---------------------------------------------------------------------------------------- */
/* (a+b+c+d)! / (a! b! c! d!) as a product of binomials (no division; every factor and the
 * result fit in 64 bits for a+b+c+d <= 15). */
static uint64_t multinomial4(int a, int b, int c, int d)
{
    return chci_pos_C[a + b][b] * chci_pos_C[a + b + c][c] * chci_pos_C[a + b + c + d][d];
}

static void init_tables(void)
{
    for (int n = 0; n <= 64; n++) {
        chci_pos_C[n][0] = 1;
        for (int k = 1; k <= n; k++) chci_pos_C[n][k] = chci_pos_C[n - 1][k - 1] + (k <= n - 1 ? chci_pos_C[n - 1][k] : 0);
    }

    for (int j = 0; j < 16; j++)
        for (int i = 0; i < 68; i++) CT[j][i] = i <= 64 ? chci_pos_C[i][j] : UINT64_MAX;
    for (int n = 1; n < 16; n++) {
        int sh = __builtin_ctz((unsigned)n);
        uint64_t odd = (uint64_t)(n >> sh), inv = odd; /* correct to 3 bits; each step doubles */
        for (int it = 0; it < 5; it++) inv *= 2 - odd * inv;
        div_shift[n] = (uint8_t)sh;
        div_inv[n] = inv;
    }
    for (int j = 0; j < 16; j++)
        for (int b = 0; b < CU_BUCKETS; b++) {
            int e = b < (2 << CU_MB) ? 0 : (b >> CU_MB) - 1;
            uint64_t least = (uint64_t)(b - (e << CU_MB)) << e;
            uint64_t most = least + ((1ull << e) - 1);
            int i = 0, top = 0;
            while (i < 64 && chci_pos_C[i + 1][j] <= least) i++;
            while (top < 64 && chci_pos_C[top + 1][j] <= most) top++;
            cu_start[j][b] = (uint8_t)i;
            /* comb_index takes at most three steps up from the start (r < chci_pos_C[64][j]) */
            if (j >= 2 && least < chci_pos_C[64][j] && top - i > 3) abort(); /* cannot happen */
        }
    for (int r = 0; r < LAST2; r++) {
        int i = 1;
        while (chci_pos_C[i + 1][2] <= (uint64_t)r) i++;
        last2[r] = (uint16_t)(i | (r - (int)chci_pos_C[i][2]) << 8);
    }
    for (int v = 0; v < 256; v++)
        for (int bit = 0, n = 0; bit < 8; bit++)
            if (v >> bit & 1) select8[v][n++] = (uint8_t)bit;
    int nm = 0;
    for (int o = 0; o < 16; o++)
        for (int pr = 0; pr <= 8; pr++) {
            mix_start[o][pr] = nm;
            for (int n = 0; n <= o; n++)
                for (int b = 0; n + b <= o; b++)
                    for (int r = 0; n + b + r <= o; r++) {
                        int q = o - n - b - r;
                        if (chci_pack_min_promotions(n, b, r, q) != pr) continue;
                        mix[nm][0] = (uint8_t)n;
                        mix[nm][1] = (uint8_t)b;
                        mix[nm][2] = (uint8_t)r;
                        mix[nm][3] = (uint8_t)q;
                        for (int cr = 0; cr < 3; cr++) mix_w[nm][cr] = r < cr ? 0 : multinomial4(n, b, r - cr, q);
                        nm++;
                    }
            mix_start[o][pr + 1] = nm;
        }

    /* the small mixes' arrangements: every sequence of m kinds, in the order of the
     * arrangement index (the first piece's kind most significant, knight < bishop < rook <
     * queen), kept when its counts are the mix's */
    int ns = 0;
    for (int n = 0; n < 3; n++)
        for (int b = 0; b < 3; b++)
            for (int r = 0; r < 3; r++)
                for (int q = 0; q < 2; q++) {
                    int m = n + b + r + q;
                    arr_start[SMALL_MIX(n, b, r, q)] = (uint16_t)ns;
                    for (unsigned v = 0; v < 1u << (2 * m); v++) {
                        int c[4] = {0, 0, 0, 0};
                        unsigned seq = 0;
                        for (int i = 0; i < m; i++) {
                            unsigned t = v >> (2 * (m - 1 - i)) & 3; /* piece i: a base-4 digit */
                            c[t]++;
                            seq |= t << (2 * i);
                        }
                        if (c[0] == n && c[1] == b && c[2] == r && c[3] == q) arr_seq[ns++] = (uint16_t)seq;
                    }
                    if ((uint64_t)(ns - arr_start[SMALL_MIX(n, b, r, q)]) != multinomial4(n, b, r, q))
                        abort(); /* cannot happen */
                }
    if (ns != NSMALL) abort(); /* cannot happen */
    int nc = 0;
    for (int o = 0; o < 8; o++)
        for (int cr = 0; cr < 3; cr++) {
            cls_start[o][cr] = (uint16_t)nc;
            for (int i = mix_start[o][0]; i < mix_start[o][1]; i++) { /* mixes of (o, pr = 0) */
                const uint8_t *x = mix[i];
                if (x[2] < cr) continue; /* mix_w[i][cr] = 0: no arrangement */
                int a0 = arr_start[SMALL_MIX(x[0], x[1], x[2] - cr, x[3])];
                for (uint64_t a = 0; a < mix_w[i][cr]; a++) cls_seq[nc++] = arr_seq[a0 + a];
            }
        }
    if (nc != NCLS_SEQ) abort(); /* cannot happen */

    memset(chci_pos_cls_index, -1, sizeof chci_pos_cls_index);
    chci_pos_ncls = 0;
    for (int p = 0; p <= 8; p++)
        for (int o = 0; o + p <= 15; o++)
            for (int pr = 0; pr <= 8 - p; pr++) {
                /* does any mix exist? */
                uint64_t w[3] = {0, 0, 0};
                for (int n = 0; n <= o; n++)
                    for (int b = 0; n + b <= o; b++)
                        for (int r = 0; n + b + r <= o; r++) {
                            int q = o - n - b - r;
                            if (chci_pack_min_promotions(n, b, r, q) != pr) continue;
                            for (int cr = 0; cr < 3 && cr <= r; cr++)
                                w[cr] += multinomial4(n, b, r - cr, q);
                        }
                if (!w[0]) continue;
                chci_pos_cls_index[p][o][pr] = chci_pos_ncls;
                chci_pos_cls_p[chci_pos_ncls] = p;
                chci_pos_cls_o[chci_pos_ncls] = o;
                chci_pos_cls_pr[chci_pos_ncls] = pr;
                for (int cr = 0; cr < 3; cr++) chci_pos_W[chci_pos_ncls][cr] = w[cr];
                chci_pos_ncls++;
            }
    memset(Wpre, 0, sizeof Wpre);
    for (int p = 0; p <= 8; p++)
        for (int o = 0; o < 16; o++)
            for (int cr = 0; cr < 3; cr++) {
                uint64_t s = 0;
                for (int x = 0; x < 10; x++) {
                    Wpre[p][o][cr][x] = s;
                    if (x < 9 && chci_pos_cls_index[p][o][x] >= 0) s += chci_pos_W[chci_pos_cls_index[p][o][x]][cr];
                }
            }

    for (int bp = 0; bp <= 8; bp++)
        for (int lb = 0; lb < 3; lb++)
            for (int ep = 0; ep < 2; ep++)
                for (int wm = 0; wm < 16; wm++) {
                    int rest = full_row_rest(bp, lb, ep, wm), hi = 15 - bp;
                    if (hi > rest + lb) hi = rest + lb;
                    full_row[bp][lb][ep][wm] = rest < 0 ? chci_u192_from(0) : row_sum(bp, lb, lb, hi, rest, wm);
                }

    /* Per key: cumulative count over white classes. */
    for (int key = 0; key < NKEY; key++) {
        keyinfo k = key_info(key);
        if (k.stm == 1 && k.ept == 0) { /* same as the white-to-move key */
            int k0 = key_index(0, k.kz, k.lw, k.lb, 0);
            wc_of[key] = WC[k0];
            Nkey[key] = Nkey[k0];
            continue;
        }
        chci_u192 G[1][16]; /* per (wp, wo): placements by black's lost units bm */
        wc_of[key] = WC[key];
        WC[key][0] = chci_u192_from(0);
        int c = 0;
        while (c < chci_pos_ncls) {
            int wp = chci_pos_cls_p[c], wo = chci_pos_cls_o[c];
            int wm = 15 - wp - wo;
            for (int bm = 0; bm < 16; bm++) G[0][bm] = chci_u192_from(0);
            for (int bp = 0; bp <= 8; bp++)
                for (int bo = 0; bo + bp <= 15; bo++) {
                    int bm = 15 - bp - bo;
                    int lim = 2 * wm + bm;
                    if (lim > 8 - bp) lim = 8 - bp;
                    uint64_t ws = Wpre[bp][bo][k.lb][lim + 1];
                    if (!ws) continue;
                    placement pl;
                    if (!placement_of(&k, wp, wo, bp, bo, &pl)) continue;
                    chci_u192 t = placement_count(&pl);
                    chci_u192_mul64(&t, ws);
                    chci_u192_add(&G[0][bm], &t);
                }
            /* suffix sums over bm */
            for (int bm = 14; bm >= 0; bm--) chci_u192_add(&G[0][bm], &G[0][bm + 1]);
            for (; c < chci_pos_ncls && chci_pos_cls_p[c] == wp && chci_pos_cls_o[c] == wo; c++) {
                int need = chci_pos_cls_pr[c] - wm;
                need = need <= 0 ? 0 : (need + 1) / 2;
                chci_u192 t = chci_u192_from(0);
                if (need < 16 && chci_pos_W[c][k.lw]) {
                    t = G[0][need];
                    chci_u192_mul64(&t, chci_pos_W[c][k.lw]);
                }
                WC[key][c + 1] = WC[key][c];
                chci_u192_add(&WC[key][c + 1], &t);
            }
        }
        Nkey[key] = WC[key][chci_pos_ncls];
    }

    /* Blocks. */
    block_off[0] = chci_u192_from(0);
    for (int b = 0; b < 2 * 64 * 64; b++) {
        int stm = b / 4096, wk = (b / 64) % 64, bk = b % 64;
        chci_u192 tot = chci_u192_from(0);
        if (chci_pos_kings_ok(wk, bk)) {
            blockcnt *bc = &chci_pos_blk_cnt[b];
            block_count(stm, wk, bk, bc);
            int j = 0;
            while (j < nsums && !(blk_sums[j].stm == stm && blk_sums[j].kz == bc->kz &&
                                  !memcmp(blk_sums[j].cntB, bc->cntB, 3) &&
                                  !memcmp(blk_sums[j].epc, bc->epc, 4)))
                j++;
            if (j == nsums) {
                if (nsums == MAXSUMS) abort(); /* cannot happen: the blocks have 96 */
                blocksums *bs = &blk_sums[nsums++];
                bs->stm = (uint8_t)stm;
                bs->kz = bc->kz;
                memcpy(bs->cntB, bc->cntB, 3);
                memcpy(bs->epc, bc->epc, 4);
                for (int lw = 0; lw < 3; lw++) {
                    for (int lb = 0; lb < 3; lb++) bs->E[lw][lb] = block_E(bc, stm, lw, lb);
                    bs->BC[lw] = block_BC(bc, stm, lw);
                }
            }
            bc->sums = (uint16_t)j;
            for (int lw = 0; lw < 3; lw++) {
                if (!bc->cntW[lw]) continue;
                chci_u192 t = block_BC(bc, stm, lw);
                chci_u192_mul64(&t, bc->cntW[lw]);
                chci_u192_add(&tot, &t);
            }
        }
        block_off[b + 1] = block_off[b];
        chci_u192_add(&block_off[b + 1], &tot);
    }
    chci_pos_build_hints(block_off, HINT_SHIFT, block_hint, HINTS);
    block_sh = chci_pos_fill_tops(block_off, 2 * 64 * 64 + 1, block_top);
    for (int key = 0; key < NKEY; key++) {
        wc_sh[key] = chci_pos_fill_tops(wc_of[key], chci_pos_ncls + 1, wc_top[key]);
        wc_hs[key] = chci_pos_fill_class_hints(wc_top[key], chci_pos_ncls, wc_hint[key]);
    }
}

CHCI_ONCE(ensure_init, init_tables);

void chci_pos_build_hints(const chci_u192 *off, int shift, uint16_t *hint, int nhints)
{
    for (int t = 0, b = 0; t <= nhints; t++) {
        chci_u192 v = {{0, 0, (uint64_t)t << (shift - 128)}};
        while (b < 2 * 64 * 64 && chci_u192_cmp(&off[b + 1], &v) <= 0) b++;
        hint[t] = (uint16_t)b;
    }
}

int chci_pos_fill_class_hints(const uint64_t *top, int n, uint16_t *hint)
{
    int bits = 64 - __builtin_clzll(top[n] | 1), hs = bits > 8 ? bits - 8 : 0;
    int c = 0;
    for (int t = 0; t < CHCI_POS_CLASS_HINTS; t++) {
        uint64_t v = (uint64_t)t << hs; /* t < 256, hs <= 56: no overflow */
        while (c + 1 < n && top[c + 1] < v) c++;
        hint[t] = (uint16_t)c;
    }
    hint[CHCI_POS_CLASS_HINTS] = (uint16_t)(n - 1); /* 256 << hs may be 2^64: every class */
    return hs;
}

int chci_pos_fill_tops(const chci_u192 *tab, int n, uint64_t *top)
{
    int bits = chci_u192_bits(&tab[n - 1]), sh = bits > 64 ? bits - 64 : 0;
    for (int i = 0; i < n; i++) top[i] = chci_u192_shr64(&tab[i], sh);
    return sh;
}

void chci_pos_init(void)
{
    ensure_init();
}

void chci_pack_pos_count(chci_u192 *count)
{
    ensure_init();
    *count = block_off[2 * 64 * 64];
}

/* The castling option of rank *r as chci_pos_castle_options() lists them (king on k, back rank rb),
 * each taking tab[number of its rooks] ranks, without building the list: *r is left relative
 * to the option, sq[] gets its rooks (queen side, king side; CHC_NO_SQUARE for none) and the
 * number of rooks is returned; -1 when *r is past every option. */
int chci_pos_castle_walk(int k, int rb, int other_king, chci_u192 *r, const chci_u192 *tab, int sq[2])
{
    int f = k % 8, nl = k / 8 == rb ? f + 1 : 1, nr = k / 8 == rb ? 8 - f : 1;
    for (int li = 0; li < nl; li++) {
        int a = li ? rb * 8 + li - 1 : CHC_NO_SQUARE;
        if (a == other_king) continue;
        for (int ri = 0; ri < nr; ri++) {
            int b = ri ? rb * 8 + f + ri : CHC_NO_SQUARE;
            if (b == other_king) continue;
            int len = (a != CHC_NO_SQUARE) + (b != CHC_NO_SQUARE);
            if (chci_u192_cmp(r, &tab[len]) < 0) {
                sq[0] = a;
                sq[1] = b;
                return len;
            }
            chci_u192_sub(r, &tab[len]);
        }
    }
    return -1;
}

/* ---------------------------------------------------------------------------------------- */
/* Combinations and arrangements                                                            */
/* ---------------------------------------------------------------------------------------- */
/* Rank of the subset `set` of the squares of `list` (combinatorial number system). */
uint64_t chci_pos_comb_rank(uint64_t list, uint64_t set)
{
    uint64_t r = 0;
    int j = 0;
    while (set) {
        int sq = __builtin_ctzll(set);
        set &= set - 1;
        int i = __builtin_popcountll(list & ((1ull << sq) - 1));
        r += chci_pos_C[i][j + 1];
        j++;
    }
    return r;
}

/* The subset of k squares of `list` with rank r (r < C(|list|, k)): index i (the i-th square
 * of `list`, from 0) is taken for the j-th remaining piece at the largest i with
 * chci_pos_C[i][j] <= r. That i is found from a start read in cu_start by r's magnitude (its leading
 * bit and the CU_MB bits after it: a bucket of r), the largest i with chci_pos_C[i][j] at most the
 * bucket's least value, then at most three steps up (init_tables checks it); for j = 1 it
 * is r itself. The square is then the i-th set bit of `list` (select_bit). */
static inline unsigned cu_bucket(uint64_t r)
{
    int e = 63 - __builtin_clzll(r | 1) - CU_MB; /* r >> e has CU_MB + 1 bits (e >= 0) */
    e = e > 0 ? e : 0;
    return ((unsigned)e << CU_MB) + (unsigned)(r >> e);
}

/* The running counts of set bits of x's bytes: byte b of the result counts the set bits of
 * bytes 0..b (the bytes' counts summed by one multiplication). */
static inline uint64_t byte_runs(uint64_t x)
{
    uint64_t c = x - ((x >> 1) & 0x5555555555555555ull);
    c = (c & 0x3333333333333333ull) + ((c >> 2) & 0x3333333333333333ull);
    c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return c * 0x0101010101010101ull;
}

/* The square of the i-th set bit (from 0) of x (i < popcount(x)), run = byte_runs(x): the
 * byte that holds it is the number of bytes whose running count is at most i, compared all
 * at once in the bytes' top bits. */
static inline int select_bit(uint64_t x, uint64_t run, int i)
{
    const uint64_t ones = 0x0101010101010101ull, tops = 0x8080808080808080ull;
    uint64_t le = (((uint64_t)i * ones | tops) - run) & tops;
    int byte = __builtin_popcountll(le) * 8;
    int before = (int)(((run << 8) >> byte) & 0xFF);
    return byte + select8[(x >> byte) & 0xFF][i - before];
}

/* The index of the j-th remaining element (j >= 3; chci_pos_comb_indices), *r less its C(i, j). */
static inline int comb_index(int j, uint64_t *r)
{
    const uint64_t *col = CT[j];
    int i = cu_start[j][cu_bucket(*r)];
    /* at most three steps up from the start, counted without branches (chci_pos_C[i][j] grows
     * with i; CT is padded past i = 64) */
    i += (col[i + 1] <= *r) + (col[i + 2] <= *r) + (col[i + 3] <= *r);
    *r -= col[i];
    return i;
}

/* The indices of n (<= 4) combinations at once (then chci_pos_comb_squares() for each): idx[c]
 * gets, as bits, the indices in its list of the k[c] elements of combination rank r[c]. The
 * elements from the k-th down to the third, then the last two at once (last2): r < C(i, 2) for
 * the index i of the third last (or r < C(|list|, 2) when k = 2), so r < C(64, 2) (checked
 * all the same, for safety). Each combination is a chain of steps, each needing the r left by
 * the one before; the n chains do not depend on each other, so they are stepped side by side
 * and the processor overlaps them: the same steps as one combination at a time, so the same
 * indices. */
void chci_pos_comb_indices(int n, const int k[], const uint64_t r0[], uint64_t idx[])
{
    uint64_t r[4] = {0, 0, 0, 0}, x[4] = {0, 0, 0, 0};
    int kk[4] = {0, 0, 0, 0}, kmax = 0;
    for (int c = 0; c < n; c++) {
        r[c] = r0[c];
        kk[c] = k[c];
        kmax = k[c] > kmax ? k[c] : kmax;
    }
    for (int t = 0; kmax - t >= 3; t++)
        for (int c = 0; c < 4; c++)
            if (kk[c] - t >= 3) x[c] |= 1ull << comb_index(kk[c] - t, &r[c]);
    for (int c = 0; c < n; c++) {
        if (kk[c] >= 2 && r[c] < LAST2) x[c] |= 1ull << (last2[r[c]] & 0xFF) | 1ull << (last2[r[c]] >> 8);
        else if (kk[c] >= 1) x[c] |= 1ull << (r[c] & 63);
        idx[c] = x[c];
    }
}

uint64_t chci_pos_comb_squares(uint64_t list, int k, uint64_t idx)
{
    uint64_t run = byte_runs(list);
    if (k > (int)(run >> 56)) return 0; /* cannot happen: the placement counts see to it */
    uint64_t low = list & (0 - list);
    if (((list + low) & list) == 0) {
        /* the list is one run of squares from s = its lowest (adding its lowest bit clears
         * them all; the pawns' first list is the whole pawn zone when no king and no
         * en-passant square is in it): its i-th square is s + i */
        return idx * low; /* idx << s (no index reaches past the run: k <= its length) */
    }
    uint64_t set = 0;
    for (; idx; idx &= idx - 1) set |= 1ull << select_bit(list, run, __builtin_ctzll(idx));
    return set;
}

/* Mix and arrangement of one side's pieces (not pawns, not castling rooks) within its class.
 * types[]: 0 knight, 1 bishop, 2 rook, 3 queen for the pieces in square order. */
uint64_t chci_pos_arrangement_rank(int o, int pr, int cr, const int *types, int m, const int cnt[4])
{
    uint64_t idx = 0;
    /* earlier mixes */
    for (int i = mix_start[o][pr]; i < mix_start[o][pr + 1]; i++) {
        const uint8_t *x = mix[i];
        if (x[0] == cnt[0] && x[1] == cnt[1] && x[2] == cnt[2] + cr) break;
        idx += mix_w[i][cr];
    }
    /* The sequence's rank among the arrangements of the mix, as chci_pos_arrangement_unrank()
     * reads it: with mult the arrangements of the n pieces left, those whose first piece is of
     * a type before t number mult * (c[0] + .. + c[t - 1]) / n, and mult becomes
     * mult * c[t] / n; both divisions exact (each a sum of whole counts), by n <= 15 (a shift
     * and a multiplication by the inverse of n's odd part modulo 2^64). */
    uint64_t c[4] = {(uint64_t)cnt[0], (uint64_t)cnt[1], (uint64_t)cnt[2], (uint64_t)cnt[3]};
    uint64_t mult = multinomial4(cnt[0], cnt[1], cnt[2], cnt[3]);
    for (int i = 0; i < m; i++) {
        int n = m - i, t = types[i];
        uint64_t below = (t > 0 ? c[0] : 0) + (t > 1 ? c[1] : 0) + (t > 2 ? c[2] : 0);
        idx += ((mult * below) >> div_shift[n]) * div_inv[n];
        mult = ((mult * c[t]) >> div_shift[n]) * div_inv[n];
        c[t]--;
    }
    return idx;
}

void chci_pos_arrangement_unrank(int o, int pr, int cr, uint64_t idx, int *types, int *m)
{
    if (pr == 0) { /* a class without promotions: its sequences in one table */
        unsigned seq = cls_seq[cls_start[o][cr] + idx];
        int total = o - cr;
        for (int i = 0; i < total; i++) types[i] = (int)(seq >> (2 * i) & 3);
        *m = total;
        return;
    }
    int cnt[4] = {0, 0, 0, 0};
    for (int i = mix_start[o][pr]; i < mix_start[o][pr + 1]; i++) {
        const uint8_t *x = mix[i];
        uint64_t w = mix_w[i][cr]; /* 0 for a mix with fewer than cr rooks: never taken */
        if (idx < w) {
            cnt[0] = x[0];
            cnt[1] = x[1];
            cnt[2] = x[2] - cr;
            cnt[3] = x[3];
            break;
        }
        idx -= w;
    }
    int total = cnt[0] + cnt[1] + cnt[2] + cnt[3];
    if (cnt[0] <= 2 && cnt[1] <= 2 && cnt[2] <= 2 && cnt[3] <= 1) { /* a small mix: read */
        unsigned seq = arr_seq[arr_start[SMALL_MIX(cnt[0], cnt[1], cnt[2], cnt[3])] + idx];
        for (int i = 0; i < total; i++) types[i] = (int)(seq >> (2 * i) & 3);
        *m = total;
        return;
    }
    /* mult: the arrangements of the n pieces left; those with a piece of type t first number
     * mult * cnt[t] / n, an exact division (by n <= 15: a shift and a multiplication by the
     * inverse of its odd part modulo 2^64). The type of each piece is found without branches:
     * those that start with a type before t number mult * (cnt[0] + .. + cnt[t - 1]) / n, so
     * idx passes them when idx * n reaches mult times that sum. The counts are kept in 16-bit
     * fields of one word (type t at bit 16 t). */
    uint64_t mult = multinomial4(cnt[0], cnt[1], cnt[2], cnt[3]);
    uint64_t pk = (uint64_t)cnt[0] | (uint64_t)cnt[1] << 16 | (uint64_t)cnt[2] << 32 |
                  (uint64_t)cnt[3] << 48;
    for (int i = 0; i < total; i++) {
        int n = total - i;
        uint64_t c0 = pk & 0xFFFF, c1 = pk >> 16 & 0xFFFF, c2 = pk >> 32 & 0xFFFF;
        uint64_t x = idx * (uint64_t)n, s1 = c0, s2 = c0 + c1, s3 = s2 + c2;
        uint64_t ge1 = x >= mult * s1, ge2 = x >= mult * s2, ge3 = x >= mult * s3;
        int t = (int)(ge1 + ge2 + ge3);
        /* ge3 implies ge2 implies ge1: the counts of the types before t */
        uint64_t below = (c0 & (0 - ge1)) + (c1 & (0 - ge2)) + (c2 & (0 - ge3));
        uint64_t ct = pk >> (16 * t) & 0xFFFF;
        idx -= ((mult * below) >> div_shift[n]) * div_inv[n];
        mult = ((mult * ct) >> div_shift[n]) * div_inv[n];
        pk -= 1ull << (16 * t);
        types[i] = t;
    }
    *m = total;
}

int chci_pos_code_of_type(int t)
{
    switch (t) {
    case CHC_KNIGHT: return 0;
    case CHC_BISHOP: return 1;
    case CHC_ROOK: return 2;
    default: return 3;
    }
}

chci_u192 chci_pos_pieces_rank(const chc_position *pos, const uint64_t sets[2], const int oo[2],
                               const int prr[2], const int lens[2], int cb)
{
    uint64_t ai[2];
    for (int col = 0; col < 2; col++) {
        int types[16], m = 0, cnt[4] = {0, 0, 0, 0};
        for (uint64_t s = sets[col]; s; s &= s - 1) {
            int t = chci_pos_code_of_type(CHC_PIECE_TYPE(pos->board[__builtin_ctzll(s)]));
            types[m++] = t;
            cnt[t]++;
        }
        ai[col] = chci_pos_arrangement_rank(oo[col], prr[col], lens[col], types, m, cnt);
    }
    chci_u192 in = chci_u192_from(ai[0]);
    chci_u192_mul64(&in, chci_pos_W[cb][lens[1]]);
    chci_u192_add64(&in, ai[1]);
    return in;
}

/* The board read as bitboards: occ[colour][type] the squares of each piece (occ[.][0] empty);
 * nonzero when a square holds something that is not a piece (then occ is not filled). The
 * encoder reads the board, not the position's bitboards, so that a position whose fields
 * disagree gets the code (or the error) it always got. Branch-free: the four low bits of the
 * 64 squares as four bit planes (bit i of plane j: bit j of square i), sixteen squares at a
 * time with SSE2, else eight (a byte's bit to a bit of one byte by one multiplication); a
 * piece is colour << 3 | type, so each type is a pattern of planes 0..2 and the colour is
 * plane 3. */
static int board_bitboards(const uint8_t board[64], uint64_t occ[2][7])
{
    uint64_t pl[4] = {0, 0, 0, 0}, high = 0;
#if defined(__SSE2__)
    /* sixteen squares at a time: shifted left by 7 - j, bit j of each byte is its top bit,
     * which one movemask gathers (shifting 64-bit lanes by at most 7 keeps each byte's bit j
     * inside that byte) */
    __m128i any = _mm_setzero_si128();
    for (int q = 0; q < 4; q++) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(board + 16 * q));
        any = _mm_or_si128(any, x);
        pl[0] |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_slli_epi64(x, 7)) << (16 * q);
        pl[1] |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_slli_epi64(x, 6)) << (16 * q);
        pl[2] |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_slli_epi64(x, 5)) << (16 * q);
        pl[3] |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_slli_epi64(x, 4)) << (16 * q);
    }
    /* the bits above the colour: a byte of any with its top four bits zero is unchanged by
     * the mask of its low four */
    __m128i low4 = _mm_and_si128(any, _mm_set1_epi8(0x0F));
    high = _mm_movemask_epi8(_mm_cmpeq_epi8(low4, any)) != 0xFFFF;
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t lsb = 0x0101010101010101ull;
    for (int w = 0; w < 8; w++) {
        uint64_t eight;
        memcpy(&eight, board + 8 * w, 8); /* byte i: square 8 w + i */
        high |= eight & 0xF0F0F0F0F0F0F0F0ull;
        for (int j = 0; j < 4; j++) /* bit j of each byte, gathered into the top byte */
            pl[j] |= ((((eight >> j) & lsb) * 0x0102040810204080ull) >> 56) << (8 * w);
    }
#else
    for (int sq = 0; sq < 64; sq++) {
        high |= board[sq] & 0xF0u;
        for (int j = 0; j < 4; j++) pl[j] |= (uint64_t)(board[sq] >> j & 1) << sq;
    }
#endif
    uint64_t b0 = pl[0], b1 = pl[1], b2 = pl[2], n0 = ~b0, n1 = ~b1, n2 = ~b2;
    /* not a piece: a bit above the colour, type 7, or type 0 with the colour bit */
    if (high || (b0 & b1 & b2) || (pl[3] & n0 & n1 & n2)) return 1;
    const uint64_t type[7] = {0, b0 & n1 & n2, n0 & b1 & n2, b0 & b1 & n2,
                              n0 & n1 & b2, b0 & n1 & b2, n0 & b1 & b2};
    for (int t = 0; t < 7; t++) {
        occ[0][t] = type[t] & ~pl[3];
        occ[1][t] = type[t] & pl[3];
    }
    return 0;
}

/* ---------------------------------------------------------------------------------------- */
/* Rank                                                                                     */
/* ---------------------------------------------------------------------------------------- */
int chci_pack_pos_rank(const chc_position *pos, chci_u192 *rank)
{
    ensure_init();
    int stm = pos->side;
    int wk = -1, bk = -1;
    uint64_t occ[2][7];
    if (board_bitboards(pos->board, occ)) return CHC_E_INTERNAL;
    rankhead h;
    int rc = chci_pos_rank_head(pos, (const uint64_t(*)[7])occ, &h);
    if (rc != CHC_OK) return rc;
    wk = h.wk, bk = h.bk;
    int wc_idx = h.wc_idx, bc_idx = h.bc_idx;
    uint64_t *crooks = h.crooks;

    /* en passant: kept only when a pawn of the side to move stands beside the pawn */
    int ep_idx = 0, ept = 0;
    uint64_t epused = 0, caps = 0, restricted = 0, epawn = 0;
    epopts eo; /* built only for an en-passant option */
    eo.n = 0;
    if (h.ep_file >= 0) {
        int f = h.ep_file, mask = h.ep_mask;
        epsquares s = h.eps;
        chci_pos_ep_options(stm, wk, bk, &eo);
        for (int i = 1; i < eo.n; i++)
            if (eo.file[i] == f && eo.mask[i] == mask) ep_idx = i;
        ept = eo.ept[ep_idx];
        if (ept < 0) return CHC_E_INTERNAL;
        epawn = 1ull << s.e;
        epused = epawn | (1ull << s.b1) | (1ull << s.b2);
        if (mask & 1) caps |= 1ull << s.capl;
        if (mask & 2) caps |= 1ull << s.capr;
        epused |= caps;
        if (ept == 2) restricted = 1ull << (mask == 1 ? s.capr : s.capl);
    }
    /* the castling option lists, only for a side with rooks (option 0 is "none", length 0) */
    castleopts cwo, cbo;
    int lw = 0, lb = 0;
    if (wc_idx > 0) {
        chci_pos_castle_options(wk, 0, bk, &cwo);
        lw = cwo.len[wc_idx];
    }
    if (bc_idx > 0) {
        chci_pos_castle_options(bk, 7, wk, &cbo);
        lb = cbo.len[bc_idx];
    }
    if (lw < 0 || lb < 0) return CHC_E_INTERNAL;

    /* material */
    int pp[2], oo[2], prr[2];
    if ((rc = chci_pos_material((const uint64_t(*)[7])occ, pp, oo, prr)) != CHC_OK) return rc;
    if (!chci_pack_pair_ok(pp[0], oo[0], prr[0], pp[1], oo[1], prr[1])) return CHC_E_POS_TOO_MANY;

    /* block and option offsets */
    int blk = stm * 4096 + wk * 64 + bk;
    const blockcnt *bn = &chci_pos_blk_cnt[blk];
    chci_u192 R = block_off[blk];
    if (wc_idx > 0 || bc_idx > 0 || ep_idx > 0) {
        uint64_t prefW[3] = {0, 0, 0}, prefB[3] = {0, 0, 0}, prefE[4] = {0, 0, 0, 0};
        for (int i = 0; i < wc_idx; i++)
            if (cwo.len[i] >= 0) prefW[cwo.len[i]]++;
        for (int i = 0; i < bc_idx; i++)
            if (cbo.len[i] >= 0) prefB[cbo.len[i]]++;
        for (int i = 0; i < ep_idx; i++)
            if (eo.ept[i] >= 0) prefE[eo.ept[i]]++;
        for (int l = 0; l < 3; l++) {
            if (!prefW[l]) continue;
            chci_u192 t = blk_sums[bn->sums].BC[l];
            chci_u192_mul64(&t, prefW[l]);
            chci_u192_add(&R, &t);
        }
        for (int l = 0; l < 3; l++) {
            if (!prefB[l]) continue;
            chci_u192 t = blk_sums[bn->sums].E[lw][l];
            chci_u192_mul64(&t, prefB[l]);
            chci_u192_add(&R, &t);
        }
        for (int e = 0; e < 4; e++) {
            if (!prefE[e]) continue;
            chci_u192 t = Nkey[key_index(stm, bn->kz, lw, lb, e)];
            chci_u192_mul64(&t, prefE[e]);
            chci_u192_add(&R, &t);
        }
    }
    int key = key_index(stm, bn->kz, lw, lb, ept);
    keyinfo k = key_fields(stm, bn->kz, lw, lb, ept);
    int cw = chci_pos_cls_index[pp[0]][oo[0]][prr[0]], cb = chci_pos_cls_index[pp[1]][oo[1]][prr[1]];
    if (cw < 0 || cb < 0) return CHC_E_INTERNAL;

    /* Black classes before cb, counted from the top: the white class's count (WC) is the sum
     * of its rows (numbers of black pawns), so the offset of cb is the white class's end less
     * the rows above black's (more pawns) and the classes after cb in its own row. A row is
     * the sum over black's other counts of chci_pos_C[rest][ob] times the class weights,
     * times the factors shared by that number of pawns; the white class weight last (one u192
     * multiplication in all). From the top because most positions of games keep most of
     * their pawns: few rows (none with eight black pawns) are above black's. */
    int wm = 15 - pp[0] - oo[0];
    int need = prr[0] - wm, bmin = need <= 0 ? 0 : (need + 1) / 2; /* 2 bm + wm >= prr[0] */
    placement pl;
    chci_u192 after = chci_u192_from(0);
    for (int bp = 8; bp >= pp[1]; bp--) {
        pawnpart pw;
        if (!pawn_part(&k, pp[0], oo[0], bp, &pw)) {
            if (bp == pp[1]) return CHC_E_INTERNAL; /* cannot happen: black's own pawns fit */
            continue;
        }
        int hi = 15 - bp - bmin;                      /* bm >= bmin */
        if (hi > pw.rest + k.lb) hi = pw.rest + k.lb; /* ob <= rest */
        chci_u192 S;
        if (bp > pp[1]) {
            S = row(bp, k.lb, k.ep, hi, pw.rest, wm); /* bo >= lb: ob >= 0 */
        } else { /* black's own row: bo above oo[1], then the classes of oo[1] from prr[1] */
            S = row_sum(bp, k.lb, oo[1] + 1 > k.lb ? oo[1] + 1 : k.lb, hi, pw.rest, wm);
            if (oo[1] >= k.lb && oo[1] <= hi) {
                int x = 2 * wm + 16 - bp - oo[1];
                if (x > 9 - bp) x = 9 - bp;
                const uint64_t *wp = Wpre[bp][oo[1]][k.lb]; /* ascending in its last index */
                chci_u192_addmul64(&S, chci_pos_C[pw.rest][oo[1] - k.lb],
                                   wp[x] - wp[prr[1] < x ? prr[1] : x]);
            }
        }
        if (chci_u192_is_zero(&S)) continue;
        mul_pair(&S, pw.p1, pw.p2);
        chci_u192_mul64(&S, pw.s1);
        chci_u192_add(&after, &S);
    }
    chci_u192_mul64(&after, chci_pos_W[cw][k.lw]);
    chci_u192_add(&R, &wc_of[key][cw + 1]);
    chci_u192_sub(&R, &after);

    /* inside the class pair */
    if (!placement_of(&k, pp[0], oo[0], pp[1], oo[1], &pl)) return CHC_E_INTERNAL;
    uint64_t kings = (1ull << wk) | (1ull << bk);
    uint64_t used = kings | crooks[0] | crooks[1] | epused;
    uint64_t spawns = occ[stm][CHC_PAWN] & ~caps;
    uint64_t opawns = occ[stm ^ 1][CHC_PAWN] & ~epawn;
    uint64_t l1 = CHCI_POS_ZONE & ~used & ~restricted;
    uint64_t l2 = CHCI_POS_ZONE & ~used & ~spawns;
    uint64_t l3 = ~used & ~spawns & ~opawns;
    uint64_t wset = (occ[0][CHC_KNIGHT] | occ[0][CHC_BISHOP] | occ[0][CHC_ROOK] | occ[0][CHC_QUEEN]) & ~crooks[0];
    uint64_t bset = (occ[1][CHC_KNIGHT] | occ[1][CHC_BISHOP] | occ[1][CHC_ROOK] | occ[1][CHC_QUEEN]) & ~crooks[1];
    if ((spawns & ~l1) || (opawns & ~l2) || (wset & ~l3) || (bset & ~(l3 & ~wset)))
        return CHC_E_INTERNAL;
    uint64_t p1 = chci_pos_comb_rank(l1, spawns), p2 = chci_pos_comb_rank(l2, opawns);
    uint64_t s1 = chci_pos_comb_rank(l3, wset), s2 = chci_pos_comb_rank(l3 & ~wset, bset);
    const uint64_t sets[2] = {wset, bset};
    const int lens[2] = {k.lw, k.lb};
    chci_u192 in = chci_pos_pieces_rank(pos, sets, oo, prr, lens, cb);
    chci_u192_mul64(&in, pl.p1);
    chci_u192_add64(&in, p1);
    chci_u192_mul64(&in, pl.p2);
    chci_u192_add64(&in, p2);
    chci_u192_mul64(&in, pl.s1);
    chci_u192_add64(&in, s1);
    chci_u192_mul64(&in, pl.s2);
    chci_u192_add64(&in, s2);
    chci_u192_add(&R, &in);
    *rank = R;
    return CHC_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* Unrank                                                                                   */
/* ---------------------------------------------------------------------------------------- */
/* chc_position_set(pos, d->board, stm, crook, epsq, 0, 1, chess960, diag) for a decoded
 * board, cheaper: the bitboards and the pieces' part of the Polyglot key were summed as the
 * pieces were put, the caches are computed once (as chci_refresh() does), and only the checks
 * a member of the domain can fail are made. A position that passes them is the very position
 * chc_position_set() gives (same fields, same caches); one that fails goes to
 * chc_position_set() itself, so the error, its message and what is left in *pos are its own
 * (tests/unit/pack/test_pack_position.c compares the two on many codes, illegal ones too).
 *
 * The checks left out hold for every board the decoders (versions 1 and 2, the only callers)
 * build from a member of their domain (both inside version 1's D), by construction:
 * - one king each (the block's two squares, distinct);
 * - at most 16 units, 8 pawns, and pieces past the initial set (knights past 2, ...) at most
 *   the missing pawns: the class's conditions 1 and 2 (p + o <= 15, pr <= 8 - p, pr being
 *   exactly that excess);
 * - no pawn on ranks 1 and 8: pawns are put only in the pawn zone;
 * - the castling rights: the header puts each castling rook on its king's back rank, on the
 *   side its right names, with the king on that rank; the chess960 flag was set by
 *   chci_pos_put_header() with the rule of chc_position_set() (king off the e-file, or a rook
 *   off the a/h-file: a queen-side rook is never on the h-file nor a king-side one on the
 *   a-file);
 * - the en-passant square: the pawn that double-stepped is put, and the square it passed
 *   (epsq, on rank 3 or 6) and its start square are taken from every list.
 * The count of squares taken against the pieces put is kept, as a guard. */
/* pos_attackers(p, sq, pos_occ(p)) & p->by_color[by], the same set: a slider's attacks are
 * looked up with the board's occupancy (a magic table's entry, seldom in the cache) only when
 * a slider of that kind of side `by` stands on one of sq's lines (its attacks on an empty
 * board, a table entry per square): a slider on no line through sq attacks it on no board. */
static inline uint64_t attackers_by(const chc_position *p, int sq, int by)
{
    uint64_t them = p->by_color[by], occ = pos_occ(p);
    uint64_t rq = (p->by_type[CHC_ROOK] | p->by_type[CHC_QUEEN]) & them;
    uint64_t bq = (p->by_type[CHC_BISHOP] | p->by_type[CHC_QUEEN]) & them;
    uint64_t a = ((chci_pawn_att[by ^ 1][sq] & p->by_type[CHC_PAWN]) | (chci_knight_att[sq] & p->by_type[CHC_KNIGHT]) |
                  (chci_king_att[sq] & p->by_type[CHC_KING])) & them;
    if (chci_rook_att(sq, 0) & rq) a |= chci_rook_att(sq, occ) & rq;
    if (chci_bishop_att(sq, 0) & bq) a |= chci_bishop_att(sq, occ) & bq;
    return a;
}

/* chci_pos_set_decoded() writes every field of the position, and there is no padding between
 * or after them: nothing is left unwritten */
_Static_assert(sizeof(chc_position) == 9 * 8 + 8 + 8 + 64 + 4 + 4 + 2 + 2 + 4 + 64,
               "chc_position: fields added, or padding: see chci_pos_set_decoded()");

int chci_pos_set_decoded(chc_position *pos, const decoded *d, int stm, const uint8_t crook[4], int epsq,
                       int chess960, chc_diag *diag)
{
    if (popc(d->by_type[0]) == d->n) {
        chc_position *p = pos;
        /* every field is written below (the structure has no padding: checked at compile
         * time), so no memset of the whole first: as chc_position_set() leaves it, byte for
         * byte, without the string instruction a memset of that size compiles to */
        memcpy(p->board, d->board, 64);
        memcpy(p->by_color, d->by_color, sizeof p->by_color);
        memcpy(p->by_type, d->by_type, sizeof p->by_type);
        p->side = (uint8_t)stm;
        p->ep = (uint8_t)epsq;
        p->castling = 0;
        p->halfmove = 0;
        p->fullmove = 1;
        p->chess960 = chess960 != 0;
        for (int i = 0; i < 4; i++) {
            p->castle_rook[i] = crook[i];
            if (crook[i] != CHC_NO_SQUARE) p->castling |= (uint8_t)(1u << i);
        }
        /* chci_refresh(), with the pieces' key already summed */
        p->king_sq[0] = (uint8_t)bb_lsb(d->by_color[0] & d->by_type[CHC_KING]);
        p->king_sq[1] = (uint8_t)bb_lsb(d->by_color[1] & d->by_type[CHC_KING]);
        memset(p->castle_mask, 15, sizeof p->castle_mask);
        for (int i = 0; i < 4; i++) {
            if (p->castle_rook[i] == CHC_NO_SQUARE) continue;
            p->castle_mask[p->castle_rook[i]] &= (uint8_t)~(1u << i);
            p->castle_mask[p->king_sq[i / 2]] &= (uint8_t)~(1u << i);
        }
        p->checkers = attackers_by(p, p->king_sq[stm], stm ^ 1);
        p->key = d->key ^ chci_key_castling(p->castling);
        if (chci_ep_in_key(p)) p->key ^= chci_key_ep_file(p->ep % 8);
        p->key ^= chci_key_side() & (0 - (uint64_t)(stm == CHC_WHITE));
        /* what the domain does not rule out: the side not to move in check, more than two
         * checkers, two checkers that no single move could uncover (two pawns or knights) */
        uint64_t ch = p->checkers;
        int ok = !attackers_by(p, p->king_sq[stm ^ 1], stm) && popc(ch) <= 2 &&
                 !(popc(ch) == 2 && bb_more_than_one(ch & (p->by_type[CHC_PAWN] | p->by_type[CHC_KNIGHT])));
        if (ok) return CHC_OK;
    }
    uint8_t board[64];
    memcpy(board, d->board, 64);
    return chc_position_set(pos, board, stm, crook, epsq, 0, 1, chess960, diag);
}

int chci_pack_pos_unrank_check(chc_position *pos, const chci_u192 *rank, int full_check, chc_diag *diag)
{
    ensure_init();
    chci_u192 r = *rank;
    if (chci_u192_cmp(&r, &block_off[2 * 64 * 64]) >= 0)
        return chci_fail(diag, CHC_E_PACK_RANGE, -1, 0, 0, -1,
                         "pack position: code is at or past the count of the domain");
    /* block: largest b with block_off[b] <= r (r < the count < 2^156: t < HINTS) */
    int blk = chci_pos_find_block(block_off, block_top, block_sh, block_hint, HINT_SHIFT, &r);
    int stm = blk / 4096, wk = (blk / 64) % 64, bk = blk % 64;
    if (!chci_pos_kings_ok(wk, bk)) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: bad block");
    const blockcnt *bn = &chci_pos_blk_cnt[blk];
    const blocksums *bs = &blk_sums[bn->sums];
    epopts eo;
    /* option 0 of each kind (no castling rook, no en-passant capture) is always valid and
     * first: past it only, the options are walked (castling ones without building their list) */
    int ep_idx = 0;
    int csq[2][2] = {{CHC_NO_SQUARE, CHC_NO_SQUARE}, {CHC_NO_SQUARE, CHC_NO_SQUARE}};
    int lw = 0, lb = 0;
    if (chci_u192_cmp(&r, &bs->BC[0]) >= 0) {
        lw = chci_pos_castle_walk(wk, 0, bk, &r, bs->BC, csq[0]);
        if (lw < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: castling option");
    }
    if (chci_u192_cmp(&r, &bs->E[lw][0]) >= 0) {
        lb = chci_pos_castle_walk(bk, 7, wk, &r, bs->E[lw], csq[1]);
        if (lb < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: castling option");
    }
    int ept = 0;
    if (chci_u192_cmp(&r, &Nkey[key_index(stm, bn->kz, lw, lb, 0)]) >= 0) {
        ep_idx = -1;
        chci_pos_ep_options(stm, wk, bk, &eo);
        for (int i = 0; i < eo.n; i++) {
            if (eo.ept[i] < 0) continue;
            const chci_u192 *t = &Nkey[key_index(stm, bn->kz, lw, lb, eo.ept[i])];
            if (chci_u192_cmp(&r, t) < 0) {
                ep_idx = i;
                break;
            }
            chci_u192_sub(&r, t);
        }
        if (ep_idx < 0)
            return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: en-passant option");
        ept = eo.ept[ep_idx];
    }
    int key = key_index(stm, bn->kz, lw, lb, ept);
    keyinfo k = key_fields(stm, bn->kz, lw, lb, ept);
    /* white class: largest c with WC[key][c] <= r (WC[key][0] = 0) */
    const chci_u192 *wc = wc_of[key];
    int cw = chci_pos_search_class(wc, wc_top[key], wc_sh[key], wc_hs[key], wc_hint[key], &r);
    int wp = chci_pos_cls_p[cw], wo = chci_pos_cls_o[cw], wpr = chci_pos_cls_pr[cw];
    int wm = 15 - wp - wo;
    int cb = -1;
    placement pl;
    uint64_t wW = chci_pos_W[cw][k.lw];
    int need = wpr - wm, bmin = need <= 0 ? 0 : (need + 1) / 2; /* 2 bm + wm >= wpr */
    /* The rows (numbers of black pawns) are searched from the top (most black pawns, where
     * most positions of games are): the white class's count (WC) is the sum of the rows, so
     * the start of a row is that count less the rows above it. */
    chci_u192 top = wc[cw + 1];
    chci_u192_sub(&top, &wc[cw]);
    for (int bp = 8; bp >= 0 && cb < 0; bp--) {
        pawnpart pw;
        if (!pawn_part(&k, wp, wo, bp, &pw)) continue;
        /* all black classes with bp pawns at once (as in the rank), then one by one */
        int bo_hi = 15 - bp - bmin;                         /* bm >= bmin */
        if (bo_hi > pw.rest + k.lb) bo_hi = pw.rest + k.lb; /* ob <= rest */
        chci_u192 T = row(bp, k.lb, k.ep, bo_hi, pw.rest, wm);
        if (chci_u192_is_zero(&T)) continue;
        mul_pair(&T, pw.p1, pw.p2);
        mul_pair(&T, pw.s1, wW);
        if (chci_u192_cmp(&top, &T) < 0)
            return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: black class rows");
        chci_u192_sub(&top, &T); /* the start of row bp */
        if (!u192_le(&top, &r)) continue;
        chci_u192_sub(&r, &top);
        chci_u192 base = chci_u192_from(wW);
        mul_pair(&base, pw.p1, pw.p2);
        chci_u192_mul64(&base, pw.s1);
        /* black's pieces bo (lb..bo_hi), each bo taking base C(rest, bo - lb) ws ranks of the
         * row (ws: the arrangements of its classes that condition 3 lets through). In rows of 7
         * or 8 black pawns (bo_hi <= 8) positions of games mostly keep all their pieces, the
         * row's last classes: those rows are searched from their end (rr: the ranks from r to
         * the end, 1..T since r is in the row), the others from their start. The classes
         * partition the row, so both ways find the same class. */
        int bo = -1, lim = 0;
        uint64_t cnt = 0;
        chci_u192 t;
        if (bo_hi <= 8) {
            chci_u192 rr = T; /* from r to the row's end: 1..T */
            chci_u192_sub(&rr, &r);
            for (int o = bo_hi; o >= k.lb && bo < 0; o--) {
                uint64_t ws = black_ws(bp, o, k.lb, wm, &lim);
                if (!ws) continue;
                cnt = chci_pos_C[pw.rest][o - k.lb];
                t = base;
                mul_pair(&t, cnt, ws);
                if (u192_le(&rr, &t)) { /* r is in this class, t - rr ranks from its start */
                    bo = o;
                    r = t;
                    chci_u192_sub(&r, &rr);
                } else {
                    chci_u192_sub(&rr, &t);
                }
            }
        } else {
            for (int o = k.lb; o <= bo_hi && bo < 0; o++) {
                uint64_t ws = black_ws(bp, o, k.lb, wm, &lim);
                if (!ws) continue;
                cnt = chci_pos_C[pw.rest][o - k.lb];
                t = base;
                mul_pair(&t, cnt, ws);
                if (u192_le(&t, &r)) chci_u192_sub(&r, &t);
                else bo = o;
            }
        }
        if (bo < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: black class");
        for (int pr = 0; pr <= lim; pr++) {
            int c = chci_pos_cls_index[bp][bo][pr];
            if (c < 0 || !chci_pos_W[c][k.lb]) continue;
            t = base;
            mul_pair(&t, cnt, chci_pos_W[c][k.lb]);
            if (!u192_le(&t, &r)) {
                cb = c;
                break;
            }
            chci_u192_sub(&r, &t);
        }
        if (cb < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: black class");
    }
    if (cb < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: black class");
    int bp = chci_pos_cls_p[cb], bo = chci_pos_cls_o[cb], bpr = chci_pos_cls_pr[cb];
    if (!placement_of(&k, wp, wo, bp, bo, &pl))
        return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: placement");
    uint64_t s2, s1, p2, p1;
    divmod_pair(&r, pl.s2, pl.s1, &s2, &s1);
    divmod_pair(&r, pl.p2, pl.p1, &p2, &p1);
    uint64_t ab = chci_u192_divmod64(&r, chci_pos_W[cb][k.lb]);
    uint64_t aw = r.w[0];

    /* header squares */
    decoded d;
    uint8_t crook[4];
    int chess960;
    uint64_t used = chci_pos_put_header(&d, wk, bk, csq, crook, &chess960);
    uint64_t restricted = 0, caps = 0;
    int epsq = CHC_NO_SQUARE;
    if (ep_idx > 0) {
        epsquares s = chci_pos_ep_squares(stm, eo.file[ep_idx]);
        int mask = eo.mask[ep_idx];
        put(&d, stm ^ 1, CHC_PAWN, s.e);
        used |= (1ull << s.e) | (1ull << s.b1) | (1ull << s.b2);
        if (mask & 1) caps |= 1ull << s.capl;
        if (mask & 2) caps |= 1ull << s.capr;
        put_set(&d, stm, CHC_PAWN, caps);
        used |= caps;
        if (k.rho) restricted = 1ull << (mask == 1 ? s.capr : s.capl);
        epsq = s.b1;
    }
    uint64_t l1 = CHCI_POS_ZONE & ~used & ~restricted;
    const int ks[4] = {pl.as, pl.ao, pl.ow, pl.ob};
    const uint64_t rs[4] = {p1, p2, s1, s2};
    uint64_t idx[4];
    chci_pos_comb_indices(4, ks, rs, idx);
    uint64_t spawns = chci_pos_comb_squares(l1, pl.as, idx[0]);
    uint64_t l2 = CHCI_POS_ZONE & ~used & ~spawns;
    uint64_t opawns = chci_pos_comb_squares(l2, pl.ao, idx[1]);
    uint64_t l3 = ~used & ~spawns & ~opawns;
    uint64_t wset = chci_pos_comb_squares(l3, pl.ow, idx[2]);
    uint64_t bset = chci_pos_comb_squares(l3 & ~wset, pl.ob, idx[3]);
    put_set(&d, stm, CHC_PAWN, spawns);
    put_set(&d, stm ^ 1, CHC_PAWN, opawns);
    uint64_t sets[2] = {wset, bset};
    uint64_t ai[2] = {aw, ab};
    int prs[2] = {wpr, bpr}, os[2] = {wo, bo};
    for (int col = 0; col < 2; col++) {
        int types[16], m = 0;
        chci_pos_arrangement_unrank(os[col], prs[col], col ? k.lb : k.lw, ai[col], types, &m);
        put_pieces(&d, col, sets[col], types, m);
    }
    if (full_check) return chc_position_set(pos, d.board, stm, crook, epsq, 0, 1, chess960, diag);
    return chci_pos_set_decoded(pos, &d, stm, crook, epsq, chess960, diag);
}

int chci_pack_pos_unrank(chc_position *pos, const chci_u192 *rank, chc_diag *diag)
{
    return chci_pack_pos_unrank_check(pos, rank, 0, diag);
}

/* ---------------------------------------------------------------------------------------- */
/* Public functions                                                                         */
/* ---------------------------------------------------------------------------------------- */
/*   binary (every version):   20 bytes, the rank big-endian (top 4 bits zero in version 1,
 *                             top 7 in version 2); the version is named by the carrier
 *   text, version 1:          'p' + 26 base64url characters of the 156 bits + check = 28
 *   text, version 2:          'q' + 26 base64url characters (153 bits) + check = 28
 *   text, 0.1 (read only):    the 26 characters alone */
#define POS_CHARS 26                       /* 156 bits, 6 a character */
#define POS_TEXT (1 + POS_CHARS + 1)       /* version 1 */

/* The rank of `pos` in the domain of `version` (1 or 2). */
static int rank_version(int version, const chc_position *pos, chci_u192 *r)
{
    return version == 2 ? chci_pack_pos_rank_v2(pos, r) : chci_pack_pos_rank(pos, r);
}

static int unrank_version(int version, chc_position *pos, const chci_u192 *r, chc_diag *diag)
{
    return version == 2 ? chci_pack_pos_unrank_v2(pos, r, diag) : chci_pack_pos_unrank(pos, r, diag);
}

static int bad_version(chc_diag *diag, int version)
{
    return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1,
                     "pack position: version %d is not one this library writes (1..%d)", version,
                     CHC_PACK_POS_VERSION_MAX);
}

int chc_pack_position_encode_version(const chc_position *pos, int version,
                                     uint8_t dst[CHC_PACK_POS_BYTES], chc_diag *diag)
{
    if (version < 1 || version > CHC_PACK_POS_VERSION_MAX) return bad_version(diag, version);
    chci_u192 r;
    int rc = rank_version(version, pos, &r);
    if (rc) return chci_fail(diag, rc, -1, 0, 0, -1, "pack position: %s", chc_strerror(rc));
    for (int i = 0; i < CHC_PACK_POS_BYTES; i++) {
        int bit = (CHC_PACK_POS_BYTES - 1 - i) * 8;
        dst[i] = (uint8_t)(r.w[bit / 64] >> (bit % 64));
    }
    return CHC_OK;
}

int chc_pack_position_encode(const chc_position *pos, uint8_t dst[CHC_PACK_POS_BYTES],
                             chc_diag *diag)
{
    return chc_pack_position_encode_version(pos, 1, dst, diag);
}

/* n (<= 8) bytes as a big-endian number */
static inline uint64_t be_bytes(const uint8_t *p, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++) v = v << 8 | p[i];
    return v;
}

int chc_pack_position_decode_version(const uint8_t src[CHC_PACK_POS_BYTES], int version,
                                     chc_position *pos, chc_diag *diag)
{
    if (version < 1 || version > CHC_PACK_POS_VERSION_MAX)
        return chci_fail(diag, CHC_E_PACK_VERSION, -1, 0, 0, -1,
                         "pack position: version %d is not one this library knows (1..%d)",
                         version, CHC_PACK_POS_VERSION_MAX);
    /* bytes 0..3: bits 128..159; 4..11: bits 64..127; 12..19: bits 0..63 */
    chci_u192 r = {{be_bytes(src + 12, 8), be_bytes(src + 4, 8), be_bytes(src, 4)}};
    return unrank_version(version, pos, &r, diag);
}

int chc_pack_position_decode(const uint8_t src[CHC_PACK_POS_BYTES], chc_position *pos,
                             chc_diag *diag)
{
    return chc_pack_position_decode_version(src, 1, pos, diag);
}

int chc_pack_position_write(const chc_position *pos, unsigned flags, char *dst, size_t dst_cap,
                            size_t *dst_len, chc_diag *diag)
{
    if (dst_len) *dst_len = 0;
    if (dst_cap) dst[0] = 0;
    int version = (int)(flags & 15u);
    if (flags & ~15u)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "pack position: unknown flags 0x%x",
                         flags);
    if (version == 0) version = CHC_PACK_POS_VERSION;
    if (version > CHC_PACK_POS_VERSION_MAX) return bad_version(diag, version);
    chci_u192 r;
    int rc = rank_version(version, pos, &r);
    if (rc) return chci_fail(diag, rc, -1, 0, 0, -1, "pack position: %s", chc_strerror(rc));
    if (dst_len) *dst_len = POS_TEXT;
    if (dst_cap < POS_TEXT + 1)
        return chci_fail(diag, CHC_E_BUFFER_TOO_SMALL, -1, 0, 0, -1,
                         "pack position: the text needs %d characters, room for %zu", POS_TEXT,
                         dst_cap ? dst_cap - 1 : 0);
    dst[0] = (char)chci_pack_version_char(CHCI_KIND_POSITION, version);
    for (int i = POS_CHARS; i >= 1; i--) dst[i] = chci_b64url[chci_u192_divmod64(&r, 64)];
    dst[POS_TEXT - 1] = chci_b64url[chci_pack_check_value(CHCI_KIND_POSITION, dst, POS_TEXT - 1)];
    dst[POS_TEXT] = 0;
    return CHC_OK;
}

/* The 26 payload characters at t as a rank (every character already checked). */
static int unrank_chars(int version, const char *t, chc_position *pos, chc_diag *diag)
{
    chci_u192 r = chci_u192_from(0);
    for (int i = 0; i < POS_CHARS; i++) {
        chci_u192_mul64(&r, 64);
        chci_u192_add64(&r, (uint64_t)chci_b64url_value((unsigned char)t[i]));
    }
    return unrank_version(version, pos, &r, diag);
}

int chc_pack_position_read(const char *src, size_t src_len, chc_position *pos,
                           chc_read_info *info, chc_diag *diag)
{
    chci_pack_info(info, CHC_FORMAT_PACK_POSITION, 0, 0);
    size_t a, b;
    chci_pack_trim(src, src_len, &a, &b);
    size_t n = b - a;
    const char *t = src + a;
    if (n == 0) return chci_fail(diag, CHC_E_EMPTY, (long)a, 1, (long)a + 1, -1, "pack position: empty text");
    if (n != POS_TEXT && n != POS_CHARS)
        return chci_fail(diag, CHC_E_PACK_CORRUPT, (long)a, 1, (long)a + 1, -1,
                         "pack position: %zu characters, expected %d (or %d for a chesscodec 0.1 "
                         "code)", n, POS_TEXT, POS_CHARS);
    for (size_t i = 0; i < n; i++)
        if (chci_b64url_value((unsigned char)t[i]) < 0)
            return chci_fail(diag, CHC_E_PACK_CORRUPT, (long)(a + i), 1, (long)(a + i) + 1, (long)i,
                             "pack position: character %zu is not base64url", i + 1);
    int rc;
    if (n == POS_CHARS) { /* unversioned (chesscodec 0.1) */
        rc = unrank_chars(1, t, pos, diag);
        if (rc == CHC_OK && info) info->flags = CHC_READ_LEGACY;
    } else {
        if (!chci_pack_check_ok(CHCI_KIND_POSITION, t, n))
            return chci_fail(diag, CHC_E_PACK_CHECK, (long)a, 1, (long)a + 1, -1,
                             "pack position: the check character does not match (a typo or a "
                             "damaged code)");
        int version = chci_pack_version_of(CHCI_KIND_POSITION, (unsigned char)t[0]);
        if (!version)
            return chci_fail(diag, CHC_E_PACK_VERSION, (long)a, 1, (long)a + 1, 0,
                             "pack position: '%c' is not a version character", t[0]);
        if (version > CHC_PACK_POS_VERSION_MAX)
            return chci_fail(diag, CHC_E_PACK_VERSION, (long)a, 1, (long)a + 1, 0,
                             "pack position: version %d (character '%c') is newer than this "
                             "library", version, t[0]);
        rc = unrank_chars(version, t + 1, pos, diag);
        if (rc == CHC_OK && info) info->version = version;
    }
    if (rc == CHC_OK && info) info->offset = (long)a;
    return rc;
}

/* ---- deprecated 0.1 names ---------------------------------------------------------------- */
int chc_pack_position(const chc_position *pos, uint8_t out[CHC_PACK_POS_BYTES])
{
    return chc_pack_position_encode(pos, out, NULL);
}

int chc_unpack_position(chc_position *pos, const uint8_t in[CHC_PACK_POS_BYTES], chc_diag *diag)
{
    return chc_pack_position_decode(in, pos, diag);
}

int chc_pack_position_text(const chc_position *pos, char out[CHC_PACK_POS_TEXT_MAX])
{
    return chc_pack_position_write(pos, 0, out, CHC_PACK_POS_TEXT_MAX, NULL, NULL);
}

int chc_unpack_position_text(chc_position *pos, const char *text, chc_diag *diag)
{
    return chc_pack_position_read(text, strlen(text), pos, NULL, diag);
}
