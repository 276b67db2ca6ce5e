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

#include "common/diag.h"
#include "common/once.h"
#include "core/position.h"
#include "pack/pack_internal.h"

#define ZONE 0x00FFFFFFFFFFFF00ull /* ranks 2..7: where pawns can stand */
#define NKEY (2 * 3 * 3 * 3 * 4)
#define MAXCLS 400

static uint64_t C[65][65];
static uint64_t CT[16][68];   /* CT[j][i] = C[i][j]; past i = 64, UINT64_MAX (comb_unrank) */
/* n = 2^div_shift[n] * odd, div_inv[n] = odd^-1 mod 2^64: x / n = (x >> div_shift[n]) *
 * div_inv[n] when n divides x (n = 1..15) */
static uint8_t div_shift[16];
static uint64_t div_inv[16];
static uint8_t select8[256][8]; /* the square (0..7) of the n-th set bit of a byte */
/* cu_start[j][b]: the largest i with C[i][j] <= the least value of bucket b (cu_bucket): r
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
static int ncls;
static int cls_p[MAXCLS], cls_o[MAXCLS], cls_pr[MAXCLS];
static int cls_index[9][16][9];
static uint64_t W[MAXCLS][3];
static uint64_t Wpre[9][16][3][10]; /* sum of W over classes (p,o,pr') with pr' < x */
static chci_u192 Nkey[NKEY];
static chci_u192 WC[NKEY][MAXCLS + 1];
/* wc_of[key]: WC[key], or the same row of the white-to-move key when black's key without an
 * en-passant option has the same counts (one row in the caches for both) */
static const chci_u192 *wc_of[NKEY];
static chci_u192 block_off[2 * 64 * 64 + 1];
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

static keyinfo key_info(int key)
{
    keyinfo k;
    k.ept = key % 4;
    key /= 4;
    k.lb = key % 3;
    key /= 3;
    k.lw = key % 3;
    key /= 3;
    k.kz = key % 3;
    k.stm = key / 3;
    k.ep = k.ept > 0;
    k.ncap = k.ept == 0 ? 0 : (k.ept == 3 ? 2 : 1);
    k.rho = k.ept == 2;
    k.zf = 48 - k.kz - (k.ep ? 3 + k.ncap : 0);
    k.used = 2 + k.lw + k.lb + (k.ep ? 3 + k.ncap : 0);
    return k;
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
    pl->p1 = C[k->zf - k->rho][pl->as];
    pl->p2 = C[k->zf - pl->as][pl->ao];
    pl->free = 64 - k->used - pl->as - pl->ao;
    pl->ow = wo - k->lw;
    pl->ob = bo - k->lb;
    if (pl->ow < 0 || pl->ob < 0 || pl->ow + pl->ob > pl->free) return 0;
    pl->s1 = C[pl->free][pl->ow];
    pl->s2 = C[pl->free - pl->ow][pl->ob];
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
 * and white's pieces (s1); black's ob pieces then have C[rest][ob] placements. As
 * placement_of() for every bo (0 where it fails for every bo). */
typedef struct {
    uint64_t p1, p2, s1;
    int rest;
} pawnpart;

static int pawn_part(const keyinfo *k, int wp, int wo, int bp, pawnpart *pp)
{
    const int pawns[2] = {wp, bp};
    int sp = pawns[k->stm], op = pawns[k->stm ^ 1];
    int as = sp - k->ncap, ao = op - k->ep;
    if (as < 0 || ao < 0) return 0;
    if (as > k->zf - k->rho || ao > k->zf - as) return 0;
    int free = 64 - k->used - as - ao, ow = wo - k->lw;
    if (ow < 0 || ow > free) return 0;
    pp->p1 = C[k->zf - k->rho][as];
    pp->p2 = C[k->zf - as][ao];
    pp->s1 = C[free][ow];
    pp->rest = free - ow;
    return 1;
}

/* The black classes with bp pawns and bo in [lo, hi] (every pr the filters let through) for a
 * white side with wm lost units, black's pieces having C[rest][bo - lb] placements:
 * Σ C[rest][bo - lb] · Wpre[bp][bo][lb][min(2 wm + bm, 8 - bp) + 1], bm = 15 - bp - bo. */
static chci_u192 row_sum(int bp, int lb, int lo, int hi, int rest, int wm)
{
    chci_u192 S = chci_u192_from(0);
    int cap = 9 - bp, xb = 2 * wm + 16 - bp;
    for (int bo = lo; bo <= hi; bo++) {
        int x = xb - bo < cap ? xb - bo : cap;
        chci_u192_addmul64(&S, C[rest][bo - lb], Wpre[bp][bo][lb][x]);
    }
    return S;
}

/* ---------------------------------------------------------------------------------------- */
/* Header options                                                                           */
/* ---------------------------------------------------------------------------------------- */
/* Castling options of a king on square k for back rank rb (0 white, 7 black): (li, ri) with
 * li = 0 none or 1 + file of the queen-side rook, ri = 0 none or the distance to the king-side
 * rook. Index li * nR + ri. */
typedef struct {
    int n;            /* number of options (valid or not) */
    int nr;           /* nR */
    int len[16 * 9];  /* rooks of each option, -1 when invalid */
    int sq[16 * 9][2];
} castleopts;

static void castle_options(int k, int rb, int other_king, castleopts *co)
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

static epsquares ep_squares(int stm, int f)
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

static void ep_options(int stm, int wk, int bk, epopts *eo)
{
    eo->n = 1;
    eo->ept[0] = 0;
    eo->file[0] = -1;
    eo->mask[0] = 0;
    for (int f = 0; f < 8; f++) {
        epsquares s = ep_squares(stm, f);
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

static int kings_ok(int wk, int bk)
{
    if (wk == bk) return 0;
    int df = wk % 8 - bk % 8, dr = wk / 8 - bk / 8;
    return df < -1 || df > 1 || dr < -1 || dr > 1;
}

/* Per-block data: how many valid options of each kind (castling rooks per side, en-passant
 * type) a block has. Built once for every block (blk_cnt); the option lists themselves are
 * built only where a rank or an unrank needs them. */
typedef struct {
    uint8_t kz;
    uint8_t cntW[3], cntB[3], epc[4];
    uint16_t sums; /* index in blk_sums */
} blockcnt;

static blockcnt blk_cnt[2 * 64 * 64];

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
    castle_options(wk, 0, bk, &cw);
    castle_options(bk, 7, wk, &cb);
    ep_options(stm, wk, bk, &eo);
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
    return C[a + b][b] * C[a + b + c][c] * C[a + b + c + d][d];
}

static void init_tables(void)
{
    for (int n = 0; n <= 64; n++) {
        C[n][0] = 1;
        for (int k = 1; k <= n; k++) C[n][k] = C[n - 1][k - 1] + (k <= n - 1 ? C[n - 1][k] : 0);
    }

    for (int j = 0; j < 16; j++)
        for (int i = 0; i < 68; i++) CT[j][i] = i <= 64 ? C[i][j] : UINT64_MAX;
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
            while (i < 64 && C[i + 1][j] <= least) i++;
            while (top < 64 && C[top + 1][j] <= most) top++;
            cu_start[j][b] = (uint8_t)i;
            /* comb_unrank takes at most three steps up from the start (r < C[64][j]) */
            if (j >= 2 && least < C[64][j] && top - i > 3) abort(); /* cannot happen */
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
                        nm++;
                    }
            mix_start[o][pr + 1] = nm;
        }

    memset(cls_index, -1, sizeof cls_index);
    ncls = 0;
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
                cls_index[p][o][pr] = ncls;
                cls_p[ncls] = p;
                cls_o[ncls] = o;
                cls_pr[ncls] = pr;
                for (int cr = 0; cr < 3; cr++) W[ncls][cr] = w[cr];
                ncls++;
            }
    memset(Wpre, 0, sizeof Wpre);
    for (int p = 0; p <= 8; p++)
        for (int o = 0; o < 16; o++)
            for (int cr = 0; cr < 3; cr++) {
                uint64_t s = 0;
                for (int x = 0; x < 10; x++) {
                    Wpre[p][o][cr][x] = s;
                    if (x < 9 && cls_index[p][o][x] >= 0) s += W[cls_index[p][o][x]][cr];
                }
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
        while (c < ncls) {
            int wp = cls_p[c], wo = cls_o[c];
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
            for (; c < ncls && cls_p[c] == wp && cls_o[c] == wo; c++) {
                int need = cls_pr[c] - wm;
                need = need <= 0 ? 0 : (need + 1) / 2;
                chci_u192 t = chci_u192_from(0);
                if (need < 16 && W[c][k.lw]) {
                    t = G[0][need];
                    chci_u192_mul64(&t, W[c][k.lw]);
                }
                WC[key][c + 1] = WC[key][c];
                chci_u192_add(&WC[key][c + 1], &t);
            }
        }
        Nkey[key] = WC[key][ncls];
    }

    /* Blocks. */
    block_off[0] = chci_u192_from(0);
    for (int b = 0; b < 2 * 64 * 64; b++) {
        int stm = b / 4096, wk = (b / 64) % 64, bk = b % 64;
        chci_u192 tot = chci_u192_from(0);
        if (kings_ok(wk, bk)) {
            blockcnt *bc = &blk_cnt[b];
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
    for (int t = 0, b = 0; t <= HINTS; t++) {
        chci_u192 v = {{0, 0, (uint64_t)t << (HINT_SHIFT - 128)}};
        while (b < 2 * 64 * 64 && chci_u192_cmp(&block_off[b + 1], &v) <= 0) b++;
        block_hint[t] = (uint16_t)b;
    }
}

CHCI_ONCE(ensure_init, init_tables);

void chci_pack_pos_count(chci_u192 *count)
{
    ensure_init();
    *count = block_off[2 * 64 * 64];
}

/* The castling option of rank *r as castle_options() lists them (king on k, back rank rb),
 * each taking tab[number of its rooks] ranks, without building the list: *r is left relative
 * to the option, sq[] gets its rooks (queen side, king side; CHC_NO_SQUARE for none) and the
 * number of rooks is returned; -1 when *r is past every option. */
static int castle_walk(int k, int rb, int other_king, chci_u192 *r, const chci_u192 *tab, int sq[2])
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
static uint64_t comb_rank(uint64_t list, uint64_t set)
{
    uint64_t r = 0;
    int j = 0;
    while (set) {
        int sq = __builtin_ctzll(set);
        set &= set - 1;
        int i = __builtin_popcountll(list & ((1ull << sq) - 1));
        r += C[i][j + 1];
        j++;
    }
    return r;
}

/* The subset of k squares of `list` with rank r (r < C(|list|, k)): index i (the i-th square
 * of `list`, from 0) is taken for the j-th remaining piece at the largest i with
 * C[i][j] <= r. That i is found from a start read in cu_start by r's magnitude (its leading
 * bit and the CU_MB bits after it: a bucket of r), the largest i with C[i][j] at most the
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

static uint64_t comb_unrank(uint64_t list, int k, uint64_t r)
{
    uint64_t run = byte_runs(list);
    if (k > (int)(run >> 56)) return 0; /* cannot happen: the placement counts see to it */
    uint64_t set = 0;
    for (int j = k; j >= 2; j--) {
        const uint64_t *col = CT[j];
        int i = cu_start[j][cu_bucket(r)];
        /* at most three steps up from the start, counted without branches (C[i][j] grows
         * with i; CT is padded past i = 64) */
        i += (col[i + 1] <= r) + (col[i + 2] <= r) + (col[i + 3] <= r);
        r -= col[i];
        set |= 1ull << select_bit(list, run, i);
    }
    if (k >= 1) set |= 1ull << select_bit(list, run, (int)r);
    return set;
}

/* Mix and arrangement of one side's pieces (not pawns, not castling rooks) within its class.
 * types[]: 0 knight, 1 bishop, 2 rook, 3 queen for the pieces in square order. */
static uint64_t arrangement_rank(int o, int pr, int cr, const int *types, int m, const int cnt[4])
{
    uint64_t idx = 0;
    /* earlier mixes */
    for (int i = mix_start[o][pr]; i < mix_start[o][pr + 1]; i++) {
        const uint8_t *x = mix[i];
        if (x[0] == cnt[0] && x[1] == cnt[1] && x[2] == cnt[2] + cr) break;
        if (x[2] < cr) continue;
        idx += multinomial4(x[0], x[1], x[2] - cr, x[3]);
    }
    int c[4] = {cnt[0], cnt[1], cnt[2], cnt[3]};
    for (int i = 0; i < m; i++) {
        for (int t = 0; t < types[i]; t++) {
            if (!c[t]) continue;
            c[t]--;
            idx += multinomial4(c[0], c[1], c[2], c[3]);
            c[t]++;
        }
        c[types[i]]--;
    }
    return idx;
}

static void arrangement_unrank(int o, int pr, int cr, uint64_t idx, int *types, int *m)
{
    int cnt[4] = {0, 0, 0, 0};
    for (int i = mix_start[o][pr]; i < mix_start[o][pr + 1]; i++) {
        const uint8_t *x = mix[i];
        if (x[2] < cr) continue;
        uint64_t w = multinomial4(x[0], x[1], x[2] - cr, x[3]);
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

static const int type_of_code[4] = {CHC_KNIGHT, CHC_BISHOP, CHC_ROOK, CHC_QUEEN};

static int code_of_type(int t)
{
    switch (t) {
    case CHC_KNIGHT: return 0;
    case CHC_BISHOP: return 1;
    case CHC_ROOK: return 2;
    default: return 3;
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Rank                                                                                     */
/* ---------------------------------------------------------------------------------------- */
static int popc(uint64_t b)
{
    return __builtin_popcountll(b);
}

int chci_pack_pos_rank(const chc_position *pos, chci_u192 *rank)
{
    ensure_init();
    int stm = pos->side;
    int wk = -1, bk = -1;
    uint64_t occ[2][7];
    memset(occ, 0, sizeof occ);
    for (int w = 0; w < 64; w += 8) { /* eight squares at a time: empty ranks cost little */
        uint64_t eight;
        memcpy(&eight, pos->board + w, 8);
        if (!eight) continue;
        /* the occupied squares of the eight, as bits, then only those visited */
        unsigned full = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        const uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
        uint64_t nz = (((eight & low7) + low7) | eight) & ~low7; /* top bit of each nonzero byte */
        full = (unsigned)(((nz >> 7) * 0x0102040810204080ull) >> 56);
#else
        for (int i = 0; i < 8; i++) full |= (unsigned)(pos->board[w + i] != 0) << i;
#endif
        for (; full; full &= full - 1) {
            int sq = w + __builtin_ctz(full);
            int pc = pos->board[sq];
            int t = CHC_PIECE_TYPE(pc), col = CHC_PIECE_COLOR(pc);
            if (t < CHC_PAWN || t > CHC_KING || col > 1) return CHC_E_INTERNAL;
            occ[col][t] |= 1ull << sq;
        }
    }
    if (popc(occ[0][CHC_KING]) != 1 || popc(occ[1][CHC_KING]) != 1) return CHC_E_POS_KINGS;
    wk = __builtin_ctzll(occ[0][CHC_KING]);
    bk = __builtin_ctzll(occ[1][CHC_KING]);
    if (!kings_ok(wk, bk)) return CHC_E_POS_OPPONENT_IN_CHECK;
    if ((occ[0][CHC_PAWN] | occ[1][CHC_PAWN]) & ~ZONE) return CHC_E_POS_PAWN_RANK;

    /* castling */
    int wq = CHC_NO_SQUARE, wkr = CHC_NO_SQUARE, bq = CHC_NO_SQUARE, bkr = CHC_NO_SQUARE;
    if (pos->castling & CHC_CASTLE_WK) wkr = pos->castle_rook[0];
    if (pos->castling & CHC_CASTLE_WQ) wq = pos->castle_rook[1];
    if (pos->castling & CHC_CASTLE_BK) bkr = pos->castle_rook[2];
    if (pos->castling & CHC_CASTLE_BQ) bq = pos->castle_rook[3];
    int wrook[2] = {wq, wkr}, brook[2] = {bq, bkr};
    for (int i = 0; i < 2; i++) {
        int r = wrook[i];
        if (r == CHC_NO_SQUARE) continue;
        if (r > 63 || wk / 8 != 0 || r / 8 != 0 || pos->board[r] != CHC_PIECE(CHC_WHITE, CHC_ROOK) ||
            (i == 0 ? r % 8 >= wk % 8 : r % 8 <= wk % 8))
            return CHC_E_POS_CASTLING;
    }
    for (int i = 0; i < 2; i++) {
        int r = brook[i];
        if (r == CHC_NO_SQUARE) continue;
        if (r > 63 || bk / 8 != 7 || r / 8 != 7 || pos->board[r] != CHC_PIECE(CHC_BLACK, CHC_ROOK) ||
            (i == 0 ? r % 8 >= bk % 8 : r % 8 <= bk % 8))
            return CHC_E_POS_CASTLING;
    }
    int li = wq == CHC_NO_SQUARE ? 0 : wq % 8 + 1;
    int ri = wkr == CHC_NO_SQUARE ? 0 : wkr % 8 - wk % 8;
    int wc_idx = wk / 8 == 0 ? li * (8 - wk % 8) + ri : 0;
    li = bq == CHC_NO_SQUARE ? 0 : bq % 8 + 1;
    ri = bkr == CHC_NO_SQUARE ? 0 : bkr % 8 - bk % 8;
    int bc_idx = bk / 8 == 7 ? li * (8 - bk % 8) + ri : 0;
    uint64_t crooks[2] = {0, 0};
    if (wq != CHC_NO_SQUARE) crooks[0] |= 1ull << wq;
    if (wkr != CHC_NO_SQUARE) crooks[0] |= 1ull << wkr;
    if (bq != CHC_NO_SQUARE) crooks[1] |= 1ull << bq;
    if (bkr != CHC_NO_SQUARE) crooks[1] |= 1ull << bkr;

    /* en passant: kept only when a pawn of the side to move stands beside the pawn */
    int ep_idx = 0, ept = 0;
    uint64_t epused = 0, caps = 0, restricted = 0, epawn = 0;
    epopts eo; /* built only for an en-passant option */
    eo.n = 0;
    if (pos->ep != CHC_NO_SQUARE) {
        int ep = pos->ep;
        if (ep > 63) return CHC_E_POS_EN_PASSANT;
        int f = ep % 8;
        if ((stm == CHC_BLACK && ep / 8 != 2) || (stm == CHC_WHITE && ep / 8 != 5))
            return CHC_E_POS_EN_PASSANT;
        epsquares s = ep_squares(stm, f);
        int them = stm ^ 1;
        if (!(occ[them][CHC_PAWN] & (1ull << s.e)) || pos->board[s.b1] || pos->board[s.b2])
            return CHC_E_POS_EN_PASSANT;
        int mask = 0;
        if (s.capl != CHC_NO_SQUARE && (occ[stm][CHC_PAWN] & (1ull << s.capl))) mask |= 1;
        if (s.capr != CHC_NO_SQUARE && (occ[stm][CHC_PAWN] & (1ull << s.capr))) mask |= 2;
        if (mask) {
            ep_options(stm, wk, bk, &eo);
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
    }
    /* the castling option lists, only for a side with rooks (option 0 is "none", length 0) */
    castleopts cwo, cbo;
    int lw = 0, lb = 0;
    if (wc_idx > 0) {
        castle_options(wk, 0, bk, &cwo);
        lw = cwo.len[wc_idx];
    }
    if (bc_idx > 0) {
        castle_options(bk, 7, wk, &cbo);
        lb = cbo.len[bc_idx];
    }
    if (lw < 0 || lb < 0) return CHC_E_INTERNAL;

    /* material */
    int pp[2], oo[2], prr[2];
    for (int col = 0; col < 2; col++) {
        int n = popc(occ[col][CHC_KNIGHT]), b = popc(occ[col][CHC_BISHOP]);
        int r = popc(occ[col][CHC_ROOK]), q = popc(occ[col][CHC_QUEEN]);
        pp[col] = popc(occ[col][CHC_PAWN]);
        if (!chci_pack_side_ok(pp[col], n, b, r, q)) return CHC_E_POS_TOO_MANY;
        oo[col] = n + b + r + q;
        prr[col] = chci_pack_min_promotions(n, b, r, q);
    }
    if (!chci_pack_pair_ok(pp[0], oo[0], prr[0], pp[1], oo[1], prr[1])) return CHC_E_POS_TOO_MANY;

    /* block and option offsets */
    int blk = stm * 4096 + wk * 64 + bk;
    const blockcnt *bn = &blk_cnt[blk];
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
    keyinfo k = key_info(key);
    int cw = cls_index[pp[0]][oo[0]][prr[0]], cb = cls_index[pp[1]][oo[1]][prr[1]];
    if (cw < 0 || cb < 0) return CHC_E_INTERNAL;
    chci_u192_add(&R, &wc_of[key][cw]);

    /* black classes before cb: for each number of black pawns, the sum over black's other
     * counts of C[rest][ob] times the class weights, times the factors shared by that number
     * of pawns; the white class weight last (one u192 multiplication per number of pawns
     * instead of two per class) */
    int wm = 15 - pp[0] - oo[0];
    int need = prr[0] - wm, bmin = need <= 0 ? 0 : (need + 1) / 2; /* 2 bm + wm >= prr[0] */
    placement pl;
    chci_u192 acc = chci_u192_from(0);
    for (int bp = 0; bp <= pp[1]; bp++) {
        pawnpart pw;
        if (!pawn_part(&k, pp[0], oo[0], bp, &pw)) continue;
        int hi = 15 - bp - bmin;                      /* bm >= bmin */
        if (hi > pw.rest + k.lb) hi = pw.rest + k.lb; /* ob <= rest */
        chci_u192 S;
        if (bp < pp[1]) {
            S = row_sum(bp, k.lb, k.lb, hi, pw.rest, wm); /* bo >= lb: ob >= 0 */
        } else { /* black's own row: bo below oo[1], then the classes of oo[1] below prr[1] */
            S = row_sum(bp, k.lb, k.lb, hi < oo[1] - 1 ? hi : oo[1] - 1, pw.rest, wm);
            if (oo[1] >= k.lb && oo[1] <= hi) {
                int x = 2 * wm + 16 - bp - oo[1];
                if (x > 9 - bp) x = 9 - bp;
                if (prr[1] < x) x = prr[1];
                chci_u192_addmul64(&S, C[pw.rest][oo[1] - k.lb], Wpre[bp][oo[1]][k.lb][x]);
            }
        }
        if (chci_u192_is_zero(&S)) continue;
        chci_u192_mul64(&S, pw.p1);
        chci_u192_mul64(&S, pw.p2);
        chci_u192_mul64(&S, pw.s1);
        chci_u192_add(&acc, &S);
    }
    chci_u192_mul64(&acc, W[cw][k.lw]);
    chci_u192_add(&R, &acc);

    /* inside the class pair */
    if (!placement_of(&k, pp[0], oo[0], pp[1], oo[1], &pl)) return CHC_E_INTERNAL;
    uint64_t kings = (1ull << wk) | (1ull << bk);
    uint64_t used = kings | crooks[0] | crooks[1] | epused;
    uint64_t spawns = occ[stm][CHC_PAWN] & ~caps;
    uint64_t opawns = occ[stm ^ 1][CHC_PAWN] & ~epawn;
    uint64_t l1 = ZONE & ~used & ~restricted;
    uint64_t l2 = ZONE & ~used & ~spawns;
    uint64_t l3 = ~used & ~spawns & ~opawns;
    uint64_t wset = (occ[0][CHC_KNIGHT] | occ[0][CHC_BISHOP] | occ[0][CHC_ROOK] | occ[0][CHC_QUEEN]) & ~crooks[0];
    uint64_t bset = (occ[1][CHC_KNIGHT] | occ[1][CHC_BISHOP] | occ[1][CHC_ROOK] | occ[1][CHC_QUEEN]) & ~crooks[1];
    if ((spawns & ~l1) || (opawns & ~l2) || (wset & ~l3) || (bset & ~(l3 & ~wset)))
        return CHC_E_INTERNAL;
    uint64_t p1 = comb_rank(l1, spawns), p2 = comb_rank(l2, opawns);
    uint64_t s1 = comb_rank(l3, wset), s2 = comb_rank(l3 & ~wset, bset);
    uint64_t ai[2];
    uint64_t sets[2] = {wset, bset};
    for (int col = 0; col < 2; col++) {
        int types[16], m = 0, cnt[4] = {0, 0, 0, 0};
        for (uint64_t s = sets[col]; s; s &= s - 1) {
            int t = code_of_type(CHC_PIECE_TYPE(pos->board[__builtin_ctzll(s)]));
            types[m++] = t;
            cnt[t]++;
        }
        ai[col] = arrangement_rank(oo[col], prr[col], col ? k.lb : k.lw, types, m, cnt);
    }
    chci_u192 in = chci_u192_from(ai[0]);
    chci_u192_mul64(&in, W[cb][k.lb]);
    chci_u192_add64(&in, ai[1]);
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

/* chc_position_set(pos, d->board, stm, crook, epsq, 0, 1, chess960, diag) for a decoded
 * board, cheaper: the bitboards and the pieces' part of the Polyglot key were summed as the
 * pieces were put, the caches are computed once (as chci_refresh() does), and the checks run
 * on the bitboards. A position that passes every check is the very position
 * chc_position_set() gives (same fields, same caches); one that fails any check goes to
 * chc_position_set() itself, so the error, its message and what is left in *pos are its own
 * (tests/unit/pack/test_pack_position.c compares the two on many codes, illegal ones too). */
static int set_decoded(chc_position *pos, const decoded *d, int stm, const uint8_t crook[4], int epsq,
                       int chess960, chc_diag *diag)
{
    static const int start[7] = {0, 8, 2, 2, 2, 1, 1};
    int ok = 1;
    for (int c = 0; c < 2 && ok; c++) {
        uint64_t mine = d->by_color[c];
        int pawns = popc(mine & d->by_type[CHC_PAWN]), extra = 0;
        for (int t = CHC_KNIGHT; t <= CHC_QUEEN; t++) {
            int cnt = popc(mine & d->by_type[t]);
            if (cnt > start[t]) extra += cnt - start[t];
        }
        ok = popc(mine & d->by_type[CHC_KING]) == 1 && popc(mine) <= 16 && pawns <= 8 &&
             extra <= 8 - pawns;
    }
    ok = ok && !(d->by_type[CHC_PAWN] & 0xFF000000000000FFull) && popc(d->by_type[0]) == d->n;
    if (ok) {
        chc_position *p = pos;
        memset(p, 0, sizeof *p);
        memcpy(p->board, d->board, 64);
        memcpy(p->by_color, d->by_color, sizeof p->by_color);
        memcpy(p->by_type, d->by_type, sizeof p->by_type);
        p->side = (uint8_t)stm;
        p->ep = (uint8_t)epsq;
        p->fullmove = 1;
        p->chess960 = chess960 != 0;
        for (int i = 0; i < 4; i++) {
            p->castle_rook[i] = crook[i];
            if (crook[i] != CHC_NO_SQUARE) p->castling |= (uint8_t)(1u << i);
        }
        /* chci_refresh(), with the pieces' key already summed */
        p->king_sq[0] = (uint8_t)__builtin_ctzll(d->by_color[0] & d->by_type[CHC_KING]);
        p->king_sq[1] = (uint8_t)__builtin_ctzll(d->by_color[1] & d->by_type[CHC_KING]);
        memset(p->castle_mask, 15, sizeof p->castle_mask);
        for (int i = 0; i < 4; i++) {
            if (p->castle_rook[i] == CHC_NO_SQUARE) continue;
            p->castle_mask[p->castle_rook[i]] &= (uint8_t)~(1u << i);
            p->castle_mask[p->king_sq[i / 2]] &= (uint8_t)~(1u << i);
        }
        p->checkers = pos_attackers(p, p->king_sq[stm], pos_occ(p)) & p->by_color[stm ^ 1];
        p->key = d->key ^ chci_key_castling(p->castling);
        if (chci_ep_in_key(p)) p->key ^= chci_key_ep_file(p->ep % 8);
        p->key ^= chci_key_side() & (0 - (uint64_t)(stm == CHC_WHITE));
        int them = stm ^ 1;
        uint64_t ch = p->checkers;
        if (pos_attackers(p, p->king_sq[them], pos_occ(p)) & p->by_color[stm]) ok = 0;
        else if (popc(ch) > 2) ok = 0;
        else if (popc(ch) == 2 && bb_more_than_one(ch & (p->by_type[CHC_PAWN] | p->by_type[CHC_KNIGHT])))
            ok = 0;
        for (int i = 0; i < 4 && ok; i++) {
            if (!(p->castling & (1u << i))) continue;
            int c = i / 2, rsq = p->castle_rook[i], ksq = p->king_sq[c], home = c ? 7 : 0;
            if (ksq / 8 != home || rsq >= 64 || rsq / 8 != home || p->board[rsq] != CHC_PIECE(c, CHC_ROOK) ||
                ((i % 2 == 0) != (rsq % 8 > ksq % 8)))
                ok = 0;
            else if (ksq != (c ? 60 : 4) || rsq % 8 != (i % 2 == 0 ? 7 : 0))
                p->chess960 = 1;
        }
        if (ok && epsq != CHC_NO_SQUARE) {
            int pawn = stm == CHC_WHITE ? epsq - 8 : epsq + 8, origin = stm == CHC_WHITE ? epsq + 8 : epsq - 8;
            ok = epsq < 64 && epsq / 8 == (stm == CHC_WHITE ? 5 : 2) && !p->board[epsq] &&
                 !p->board[origin] && p->board[pawn] == CHC_PIECE(stm ^ 1, CHC_PAWN);
        }
        if (ok) return CHC_OK;
    }
    uint8_t board[64];
    memcpy(board, d->board, 64);
    return chc_position_set(pos, board, stm, crook, epsq, 0, 1, chess960, diag);
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

int chci_pack_pos_unrank_check(chc_position *pos, const chci_u192 *rank, int full_check, chc_diag *diag)
{
    ensure_init();
    chci_u192 r = *rank;
    if (chci_u192_cmp(&r, &block_off[2 * 64 * 64]) >= 0)
        return chci_fail(diag, CHC_E_PACK_RANGE, -1, 0, 0, -1,
                         "pack position: code is at or past the count of the domain");
    /* block: largest b with block_off[b] <= r (r < the count < 2^156: t < HINTS) */
    int hint = (int)(r.w[2] >> (HINT_SHIFT - 128));
    int lo = block_hint[hint], hi = block_hint[hint + 1] + 1; /* block_off[lo] <= r < block_off[hi] */
    if (hi > 2 * 64 * 64) hi = 2 * 64 * 64;
    for (int n = hi - lo; n > 1;) { /* without branches, as for the white class below */
        int half = n / 2;
        lo += half & -u192_le(&block_off[lo + half], &r);
        n -= half;
    }
    int blk = lo;
    chci_u192_sub(&r, &block_off[blk]);
    int stm = blk / 4096, wk = (blk / 64) % 64, bk = blk % 64;
    if (!kings_ok(wk, bk)) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: bad block");
    const blockcnt *bn = &blk_cnt[blk];
    const blocksums *bs = &blk_sums[bn->sums];
    epopts eo;
    /* option 0 of each kind (no castling rook, no en-passant capture) is always valid and
     * first: past it only, the options are walked (castling ones without building their list) */
    int ep_idx = 0;
    int csq[2][2] = {{CHC_NO_SQUARE, CHC_NO_SQUARE}, {CHC_NO_SQUARE, CHC_NO_SQUARE}};
    int lw = 0, lb = 0;
    if (chci_u192_cmp(&r, &bs->BC[0]) >= 0) {
        lw = castle_walk(wk, 0, bk, &r, bs->BC, csq[0]);
        if (lw < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: castling option");
    }
    if (chci_u192_cmp(&r, &bs->E[lw][0]) >= 0) {
        lb = castle_walk(bk, 7, wk, &r, bs->E[lw], csq[1]);
        if (lb < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: castling option");
    }
    int ept = 0;
    if (chci_u192_cmp(&r, &Nkey[key_index(stm, bn->kz, lw, lb, 0)]) >= 0) {
        ep_idx = -1;
        ep_options(stm, wk, bk, &eo);
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
    keyinfo k = key_info(key);
    /* white class: largest c with WC[key][c] <= r (WC[key][0] = 0), a binary search without
     * branches (the halves' lengths depend on ncls only) */
    const chci_u192 *wc = wc_of[key];
    lo = 0;
    for (int n = ncls; n > 1;) {
        int half = n / 2;
        lo += half & -u192_le(&wc[lo + half], &r);
        n -= half;
    }
    int cw = lo;
    chci_u192_sub(&r, &wc[cw]);
    int wp = cls_p[cw], wo = cls_o[cw], wpr = cls_pr[cw];
    int wm = 15 - wp - wo;
    int cb = -1;
    placement pl;
    uint64_t wW = W[cw][k.lw];
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
        chci_u192 T = row_sum(bp, k.lb, k.lb, bo_hi, pw.rest, wm);
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
        for (int bo = k.lb; bo <= bo_hi && cb < 0; bo++) {
            int bm = 15 - bp - bo, ob = bo - k.lb;
            int lim = 2 * wm + bm;
            if (lim > 8 - bp) lim = 8 - bp;
            uint64_t ws = Wpre[bp][bo][k.lb][lim + 1];
            if (!ws) continue;
            uint64_t cnt = C[pw.rest][ob];
            chci_u192 t = base;
            mul_pair(&t, cnt, ws);
            if (u192_le(&t, &r)) {
                chci_u192_sub(&r, &t);
                continue;
            }
            for (int pr = 0; pr <= lim; pr++) {
                int c = cls_index[bp][bo][pr];
                if (c < 0 || !W[c][k.lb]) continue;
                t = base;
                mul_pair(&t, cnt, W[c][k.lb]);
                if (!u192_le(&t, &r)) {
                    cb = c;
                    break;
                }
                chci_u192_sub(&r, &t);
            }
            if (cb < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: black class");
        }
        if (cb < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: black class");
    }
    if (cb < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: black class");
    int bp = cls_p[cb], bo = cls_o[cb], bpr = cls_pr[cb];
    if (!placement_of(&k, wp, wo, bp, bo, &pl))
        return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: placement");
    uint64_t s2, s1, p2, p1;
    divmod_pair(&r, pl.s2, pl.s1, &s2, &s1);
    divmod_pair(&r, pl.p2, pl.p1, &p2, &p1);
    uint64_t ab = chci_u192_divmod64(&r, W[cb][k.lb]);
    uint64_t aw = r.w[0];

    /* header squares */
    decoded d;
    memset(&d, 0, sizeof d);
    put(&d, CHC_WHITE, CHC_KING, wk);
    put(&d, CHC_BLACK, CHC_KING, bk);
    uint8_t crook[4] = {CHC_NO_SQUARE, CHC_NO_SQUARE, CHC_NO_SQUARE, CHC_NO_SQUARE};
    uint64_t used = (1ull << wk) | (1ull << bk);
    int chess960 = 0;
    for (int col = 0; col < 2; col++) {
        int ksq = col ? bk : wk;
        for (int side = 0; side < 2; side++) {
            int s = csq[col][side];
            if (s == CHC_NO_SQUARE) continue;
            put(&d, col, CHC_ROOK, s);
            used |= 1ull << s;
            crook[col * 2 + (side == 0 ? 1 : 0)] = (uint8_t)s;
            if (ksq % 8 != 4 || (s % 8 != 0 && s % 8 != 7)) chess960 = 1;
        }
    }
    uint64_t restricted = 0, caps = 0;
    int epsq = CHC_NO_SQUARE;
    if (ep_idx > 0) {
        epsquares s = ep_squares(stm, eo.file[ep_idx]);
        int mask = eo.mask[ep_idx];
        put(&d, stm ^ 1, CHC_PAWN, s.e);
        used |= (1ull << s.e) | (1ull << s.b1) | (1ull << s.b2);
        if (mask & 1) caps |= 1ull << s.capl;
        if (mask & 2) caps |= 1ull << s.capr;
        for (uint64_t c = caps; c; c &= c - 1) put(&d, stm, CHC_PAWN, __builtin_ctzll(c));
        used |= caps;
        if (k.rho) restricted = 1ull << (mask == 1 ? s.capr : s.capl);
        epsq = s.b1;
    }
    uint64_t l1 = ZONE & ~used & ~restricted;
    uint64_t spawns = comb_unrank(l1, pl.as, p1);
    uint64_t l2 = ZONE & ~used & ~spawns;
    uint64_t opawns = comb_unrank(l2, pl.ao, p2);
    uint64_t l3 = ~used & ~spawns & ~opawns;
    uint64_t wset = comb_unrank(l3, pl.ow, s1);
    uint64_t bset = comb_unrank(l3 & ~wset, pl.ob, s2);
    for (uint64_t s = spawns; s; s &= s - 1) put(&d, stm, CHC_PAWN, __builtin_ctzll(s));
    for (uint64_t s = opawns; s; s &= s - 1) put(&d, stm ^ 1, CHC_PAWN, __builtin_ctzll(s));
    uint64_t sets[2] = {wset, bset};
    uint64_t ai[2] = {aw, ab};
    int prs[2] = {wpr, bpr}, os[2] = {wo, bo};
    for (int col = 0; col < 2; col++) {
        int types[16], m = 0;
        arrangement_unrank(os[col], prs[col], col ? k.lb : k.lw, ai[col], types, &m);
        int i = 0;
        for (uint64_t s = sets[col]; s && i < m; s &= s - 1, i++)
            put(&d, col, type_of_code[types[i]], __builtin_ctzll(s));
    }
    if (full_check) return chc_position_set(pos, d.board, stm, crook, epsq, 0, 1, chess960, diag);
    return set_decoded(pos, &d, stm, crook, epsq, chess960, diag);
}

int chci_pack_pos_unrank(chc_position *pos, const chci_u192 *rank, chc_diag *diag)
{
    return chci_pack_pos_unrank_check(pos, rank, 0, diag);
}

/* ======================================================================================== */
/* Version 2 (docs/formats/pack-position.md, "Version 2")                                   */
/* ======================================================================================== */
/* Version 2's domain is version 1's with two conditions more: (P) promotions need touched
 * files, (O) enough files with a White pawn below a Black pawn ("opposed"). The headers,
 * their order, the classes and the piece steps are version 1's; what changes is the count of
 * a header (it depends on the files' pawn "profiles", not on a key) and the pawn step: both
 * colours' free pawns as one number, file by file.
 *
 * Profile of a file for a header: its pawn-zone squares (ranks 2..7, upwards) without those
 * the header takes for something else (a king, the two empty squares behind the en-passant
 * pawn), each free, free for one colour only (the restricted square) or holding a pawn the
 * header places. The files are taken in the header's "file order": files whose profile is not
 * six free squares first (by profile id, then file), then the plain files a..h. A header's
 * signature is the list of its profiles in that order; the pawn tables depend on the header
 * only through it. */
#define V2_MAXPROF 64
#define V2_MAXSIG 256
#define V2_MAXFILL 729
#define V2_NST (9 * 9 * 9) /* [w][b][k]: free White pawns left, Black left, opposed needed */
enum { PS_FREE = 0, PS_WPAWN, PS_BPAWN, PS_ONLY_W, PS_ONLY_B };

typedef struct {
    int n;                     /* squares */
    uint8_t st[6];             /* PS_* */
    int ngrp;
    uint8_t gw[64], gb[64], go[64]; /* group: free White pawns, free Black pawns, opposed */
    uint16_t gstart[65];        /* fills of group g: fill[gstart[g] .. gstart[g + 1]) */
    uint16_t fill[V2_MAXFILL];  /* base-3 codes (0 empty, 1 White, 2 Black; square 0 least) */
    int16_t fgrp[V2_MAXFILL];   /* code -> group (-1: not a filling of the profile) */
    uint16_t fidx[V2_MAXFILL];  /* code -> index in its group */
} v2prof;

static v2prof v2p[V2_MAXPROF];
/* the profile number: Σ (PS_* + 1) 8^i over its squares i from rank 2 up */
static uint32_t v2p_code[V2_MAXPROF];
static int v2_nprof, v2_plain = -1;

typedef struct {
    uint8_t prof[8];     /* in file order */
    int m;               /* files that are not plain */
    int hw, hb, taken;   /* header pawns of each colour, zone squares the header takes + pawns */
    const uint64_t *S[9]; /* S[j]: placements of files j..7 by [w][b][k] ("at least k") */
} v2sig;

static v2sig v2s[V2_MAXSIG];
static int v2_nsig;
static uint64_t v2_plainS[9][V2_NST]; /* n plain files */
#define V2_MAXSIGS 512 /* tables of non-plain suffixes: 380 for the 124 signatures */
static uint64_t v2_sigS[V2_MAXSIGS][V2_NST];
static int v2_nsigS;

/* header kinds: (signature, white castling rooks, black castling rooks) */
#define V2_KIND(sig, lw, lb) (((sig) * 3 + (lw)) * 3 + (lb))
static chci_u192 *v2_wc[V2_MAXSIG * 9]; /* cumulative over white classes (ncls + 1), or NULL */
static chci_u192 v2_wcstore[400][MAXCLS + 1];
static int v2_nwc;
static uint16_t v2_epsig[2 * 64 * 64][1 + 8 * 3]; /* signature of (block, en-passant option) */
static chci_u192 v2_E[2 * 64 * 64][3][3];         /* Σ over en-passant options */
static chci_u192 v2_BC[2 * 64 * 64][3];           /* Σ_lb cntB[lb] E[lw][lb] */
static chci_u192 v2_off[2 * 64 * 64 + 1];
/* v2_hint[t]: the largest block b with v2_off[b] <= t * 2^V2_HINT_SHIFT (as block_hint) */
#define V2_HINT_SHIFT 141
#define V2_HINTS (1 << (153 - V2_HINT_SHIFT))
static uint16_t v2_hint[V2_HINTS + 1];
/* the profiles and file order of each block's header without en passant (v2_header()) */
static uint8_t v2_prof0[2 * 64 * 64][8], v2_order0[2 * 64 * 64][8];

#define V2_ST(w, b, k) (((w) * 9 + (b)) * 9 + (k))

static int v2_profile_id(const uint8_t *st, int n)
{
    uint32_t code = 0;
    for (int i = n - 1; i >= 0; i--) code = code * 8 + st[i] + 1u;
    for (int i = 0; i < v2_nprof; i++)
        if (v2p_code[i] == code) return i;
    if (v2_nprof == V2_MAXPROF) abort(); /* cannot happen: the headers have a few dozen */
    int id = v2_nprof++;
    v2prof *p = &v2p[id];
    v2p_code[id] = code;
    p->n = n;
    memcpy(p->st, st, (size_t)n);
    int pw3 = 1;
    for (int i = 0; i < n; i++) pw3 *= 3;
    /* the fillings by group (free White, free Black, opposed), groups in that order */
    static int fw[V2_MAXFILL], fb[V2_MAXFILL], fo[V2_MAXFILL];
    for (int c = 0; c < V2_MAXFILL; c++) p->fgrp[c] = -1;
    for (int c = 0; c < pw3; c++) {
        int x = c, w = 0, b = 0, seenw = 0, opp = 0, ok = 1;
        for (int i = 0; i < n; i++, x /= 3) {
            int v = x % 3, s = st[i];
            if ((s == PS_WPAWN && v != 1) || (s == PS_BPAWN && v != 2) || (s == PS_ONLY_W && v == 2) ||
                (s == PS_ONLY_B && v == 1)) {
                ok = 0;
                break;
            }
            if (v == 1) {
                seenw = 1;
                w += s != PS_WPAWN;
            }
            if (v == 2) {
                opp |= seenw;
                b += s != PS_BPAWN;
            }
        }
        fw[c] = ok ? w : -1;
        fb[c] = b;
        fo[c] = opp;
    }
    p->ngrp = 0;
    int nf = 0;
    for (int w = 0; w <= 6; w++)
        for (int b = 0; b <= 6; b++)
            for (int o = 0; o < 2; o++) {
                int g = p->ngrp, start = nf;
                for (int c = 0; c < pw3; c++)
                    if (fw[c] == w && fb[c] == b && fo[c] == o) {
                        p->fgrp[c] = (int16_t)g;
                        p->fidx[c] = (uint16_t)(nf - start);
                        p->fill[nf++] = (uint16_t)c;
                    }
                if (nf == start) continue;
                p->gw[g] = (uint8_t)w;
                p->gb[g] = (uint8_t)b;
                p->go[g] = (uint8_t)o;
                p->gstart[g] = (uint16_t)start;
                p->ngrp++;
                p->gstart[p->ngrp] = (uint16_t)nf;
            }
    return id;
}

/* next[] (files after this one) -> cur[] with profile p in front: "at least k" tables */
static void v2_fold(const v2prof *p, const uint64_t *next, uint64_t *cur)
{
    for (int w = 0; w <= 8; w++)
        for (int b = 0; b <= 8; b++)
            for (int k = 0; k <= 8; k++) {
                uint64_t s = 0;
                for (int g = 0; g < p->ngrp; g++) {
                    if (p->gw[g] > w || p->gb[g] > b) continue;
                    int k2 = k - p->go[g];
                    s += (uint64_t)(p->gstart[g + 1] - p->gstart[g]) *
                         next[V2_ST(w - p->gw[g], b - p->gb[g], k2 > 0 ? k2 : 0)];
                }
                cur[V2_ST(w, b, k)] = s;
            }
}

/* The profiles, file order and signature of a header. ep_file -1 without en passant;
 * mask 1 left capturer, 2 right. order[j] = file of position j; prof[f] = profile of file f. */
typedef struct {
    int sig;
    uint8_t order[8], prof[8];
} v2head;

static int v2_signature_of(const uint8_t prof[8], const uint8_t order[8], int hw, int hb, int taken);

static void v2_header(int stm, int wk, int bk, int ep_file, int mask, int find_sig, v2head *h)
{
    uint8_t sq[64];
    memset(sq, PS_FREE, sizeof sq);
    enum { TAKEN = 9 };
    sq[wk] = TAKEN;
    sq[bk] = TAKEN;
    int hw = 0, hb = 0, taken = 2;
    if (ep_file >= 0) {
        epsquares s = ep_squares(stm, ep_file);
        int them = stm ^ 1;
        sq[s.e] = them == CHC_WHITE ? PS_WPAWN : PS_BPAWN;
        sq[s.b1] = TAKEN;
        sq[s.b2] = TAKEN;
        int nc = 0;
        if (mask & 1) sq[s.capl] = stm == CHC_WHITE ? PS_WPAWN : PS_BPAWN, nc++;
        if (mask & 2) sq[s.capr] = stm == CHC_WHITE ? PS_WPAWN : PS_BPAWN, nc++;
        int other = mask == 1 ? s.capr : mask == 2 ? s.capl : CHC_NO_SQUARE;
        if (other != CHC_NO_SQUARE && other != wk && other != bk)
            sq[other] = stm == CHC_WHITE ? PS_ONLY_B : PS_ONLY_W; /* no pawn of the side to move */
        if (them == CHC_WHITE) hw = 1, hb = nc;
        else hb = 1, hw = nc;
        taken += 3 + nc;
    }
    uint8_t key[8];
    for (int f = 0; f < 8; f++) {
        uint8_t st[6];
        int n = 0;
        for (int r = 1; r <= 6; r++)
            if (sq[r * 8 + f] != TAKEN) st[n++] = sq[r * 8 + f];
        h->prof[f] = (uint8_t)v2_profile_id(st, n);
        key[f] = (uint8_t)f;
    }
    /* file order: non-plain profiles first by profile number, then file; then the plain files */
    for (int i = 1; i < 8; i++)
        for (int j = i; j > 0; j--) {
            int a = key[j - 1], b = key[j];
            uint32_t pa = h->prof[a] == v2_plain ? UINT32_MAX : v2p_code[h->prof[a]];
            uint32_t pb = h->prof[b] == v2_plain ? UINT32_MAX : v2p_code[h->prof[b]];
            if (pa < pb || (pa == pb && a < b)) break;
            key[j - 1] = (uint8_t)b;
            key[j] = (uint8_t)a;
        }
    memcpy(h->order, key, 8);
    h->sig = find_sig ? v2_signature_of(h->prof, h->order, hw, hb, taken) : -1;
}

static int v2_signature_of(const uint8_t prof[8], const uint8_t order[8], int hw, int hb, int taken)
{
    uint8_t pl[8];
    for (int j = 0; j < 8; j++) pl[j] = prof[order[j]];
    for (int i = 0; i < v2_nsig; i++)
        if (!memcmp(v2s[i].prof, pl, 8) && v2s[i].hw == hw && v2s[i].hb == hb && v2s[i].taken == taken)
            return i;
    if (v2_nsig == V2_MAXSIG) abort(); /* cannot happen: the headers have 124 */
    int id = v2_nsig++;
    v2sig *s = &v2s[id];
    memcpy(s->prof, pl, 8);
    s->hw = hw;
    s->hb = hb;
    s->taken = taken;
    s->m = 0;
    while (s->m < 8 && pl[s->m] != v2_plain) s->m++;
    for (int j = s->m; j <= 8; j++) s->S[j] = v2_plainS[8 - j];
    for (int j = s->m - 1; j >= 0; j--) {
        if (v2_nsigS == V2_MAXSIGS) abort(); /* cannot happen */
        uint64_t *t = v2_sigS[v2_nsigS++];
        v2_fold(&v2p[pl[j]], s->S[j + 1], t);
        s->S[j] = t;
    }
    return id;
}

/* Counts of the piece squares and the pawn table's index for a kind and a class pair; 0 when
 * the pair has no placement. */
typedef struct {
    uint64_t pawns, s1, s2;
    int fw, fb, k, free, ow, ob;
} v2place;

static int v2_place(const v2sig *s, int lw, int lb, int wp, int wo, int wpr, int bp, int bo, int bpr,
                    v2place *pl)
{
    int wm = 15 - wp - wo, bm = 15 - bp - bo;
    if (wpr > wm + bm + 8 - bp - bpr || bpr > wm + bm + 8 - wp - wpr) return 0; /* (P) */
    int K = 2 * (wp + bp) + wpr + bpr + wo + bo - 38;                            /* (O) */
    if (K > 8) return 0;
    pl->k = K > 0 ? K : 0;
    pl->fw = wp - s->hw;
    pl->fb = bp - s->hb;
    if (pl->fw < 0 || pl->fb < 0) return 0;
    pl->pawns = s->S[0][V2_ST(pl->fw, pl->fb, pl->k)];
    if (!pl->pawns) return 0;
    pl->free = 64 - s->taken - lw - lb - pl->fw - pl->fb;
    pl->ow = wo - lw;
    pl->ob = bo - lb;
    if (pl->ow < 0 || pl->ob < 0 || pl->ow + pl->ob > pl->free) return 0;
    pl->s1 = C[pl->free][pl->ow];
    pl->s2 = C[pl->free - pl->ow][pl->ob];
    return 1;
}

/* The white side of a class pair, for the rows of black classes. */
typedef struct {
    const v2sig *s;
    int lw, lb, wp, wo, wpr, wm, fw, ow;
} v2white;

static int v2_white(const v2sig *s, int lw, int lb, int cw, v2white *w)
{
    w->s = s;
    w->lw = lw;
    w->lb = lb;
    w->wp = cls_p[cw];
    w->wo = cls_o[cw];
    w->wpr = cls_pr[cw];
    w->wm = 15 - w->wp - w->wo;
    w->fw = w->wp - s->hw;
    w->ow = w->wo - lw;
    return w->fw >= 0 && w->ow >= 0;
}

/* The row of black classes with bp pawns and bo pieces, those with minimum promotions in
 * [lo, 8]: Σ W[c][lb] · pawns over its classes into *sum (without the row's piece squares
 * *s1 · *s2 and without white's weight); 0 when the row is empty. As v2_place() class by
 * class. */
static int v2_row(const v2white *w, int bp, int bo, int lo, chci_u192 *sum, uint64_t *s1, uint64_t *s2)
{
    const v2sig *s = w->s;
    int fb = bp - s->hb, ob = bo - w->lb;
    if (fb < 0 || ob < 0) return 0;
    int free = 64 - s->taken - w->lw - w->lb - w->fw - fb;
    if (w->ow + ob > free) return 0;
    int bm = 15 - bp - bo, base = 2 * (w->wp + bp) + w->wpr + w->wo + bo - 38;
    int hi = 8 - bp, x;
    if ((x = w->wm + bm + 8 - bp - w->wpr) < hi) hi = x; /* (P) for White */
    if ((x = w->wm + bm + 8 - w->wp - w->wpr) < hi) hi = x; /* (P) for Black */
    if ((x = 8 - base) < hi) hi = x;                       /* K <= 8 */
    *sum = chci_u192_from(0);
    const uint64_t *S0 = s->S[0] + V2_ST(w->fw, fb, 0);
    const int *ci = cls_index[bp][bo];
    for (int pr = lo; pr <= hi; pr++) {
        int c = ci[pr];
        if (c < 0) continue;
        int k = base + pr;
        chci_u192_addmul64(sum, W[c][w->lb], S0[k > 0 ? k : 0]);
    }
    if (chci_u192_is_zero(sum)) return 0;
    *s1 = C[free][w->ow];
    *s2 = C[free - w->ow][ob];
    return 1;
}

/* Σ over the black classes from c0 on (class order: pawns, pieces, promotions) of the
 * placements with white class w, without white's weight. */
static chci_u192 v2_black_from(const v2white *w, int c0)
{
    chci_u192 acc = chci_u192_from(0), t;
    uint64_t s1, s2;
    int bp0 = cls_p[c0], bo0 = cls_o[c0];
    if (v2_row(w, bp0, bo0, cls_pr[c0], &t, &s1, &s2)) {
        mul_pair(&t, s1, s2);
        chci_u192_add(&acc, &t);
    }
    for (int bp = bp0; bp <= 8; bp++)
        for (int bo = bp == bp0 ? bo0 + 1 : 0; bo + bp <= 15; bo++)
            if (v2_row(w, bp, bo, 0, &t, &s1, &s2)) {
                mul_pair(&t, s1, s2);
                chci_u192_add(&acc, &t);
            }
    return acc;
}

static const chci_u192 *v2_kind_table(int sig, int lw, int lb)
{
    return v2_wc[V2_KIND(sig, lw, lb)];
}

static void v2_make_kind(int sig, int lw, int lb)
{
    int kd = V2_KIND(sig, lw, lb);
    if (v2_wc[kd]) return;
    if (v2_nwc == (int)(sizeof v2_wcstore / sizeof v2_wcstore[0])) abort(); /* 296 */
    chci_u192 *wc = v2_wcstore[v2_nwc++];
    wc[0] = chci_u192_from(0);
    for (int c = 0; c < ncls; c++) {
        wc[c + 1] = wc[c];
        v2white wh;
        if (!W[c][lw] || !v2_white(&v2s[sig], lw, lb, c, &wh)) continue;
        chci_u192 t = v2_black_from(&wh, 0);
        chci_u192_mul64(&t, W[c][lw]);
        chci_u192_add(&wc[c + 1], &t);
    }
    v2_wc[kd] = wc;
}

static void init_v2(void)
{
    ensure_init();
    uint8_t plain[6] = {0, 0, 0, 0, 0, 0};
    v2_plain = v2_profile_id(plain, 6);
    memset(v2_plainS[0], 0, sizeof v2_plainS[0]);
    v2_plainS[0][V2_ST(0, 0, 0)] = 1;
    for (int n = 1; n <= 8; n++) v2_fold(&v2p[v2_plain], v2_plainS[n - 1], v2_plainS[n]);
    v2_off[0] = chci_u192_from(0);
    for (int b = 0; b < 2 * 64 * 64; b++) {
        int stm = b / 4096, wk = (b / 64) % 64, bk = b % 64;
        chci_u192 tot = chci_u192_from(0);
        if (kings_ok(wk, bk)) {
            const blockcnt *bc = &blk_cnt[b];
            epopts eo;
            ep_options(stm, wk, bk, &eo);
            for (int lw = 0; lw < 3; lw++)
                for (int lb = 0; lb < 3; lb++) v2_E[b][lw][lb] = chci_u192_from(0);
            for (int i = 0; i < eo.n; i++) {
                if (eo.ept[i] < 0) continue;
                v2head h;
                v2_header(stm, wk, bk, eo.file[i], eo.mask[i], 1, &h);
                v2_epsig[b][i] = (uint16_t)h.sig;
                if (i == 0) {
                    memcpy(v2_prof0[b], h.prof, 8);
                    memcpy(v2_order0[b], h.order, 8);
                }
                for (int lw = 0; lw < 3; lw++) {
                    if (!bc->cntW[lw]) continue;
                    for (int lb = 0; lb < 3; lb++) {
                        if (!bc->cntB[lb]) continue;
                        v2_make_kind(h.sig, lw, lb);
                        chci_u192_add(&v2_E[b][lw][lb], &v2_kind_table(h.sig, lw, lb)[ncls]);
                    }
                }
            }
            for (int lw = 0; lw < 3; lw++) {
                v2_BC[b][lw] = chci_u192_from(0);
                for (int lb = 0; lb < 3; lb++) {
                    if (!bc->cntB[lb]) continue;
                    chci_u192 t = v2_E[b][lw][lb];
                    chci_u192_mul64(&t, bc->cntB[lb]);
                    chci_u192_add(&v2_BC[b][lw], &t);
                }
                if (!bc->cntW[lw]) continue;
                chci_u192 t = v2_BC[b][lw];
                chci_u192_mul64(&t, bc->cntW[lw]);
                chci_u192_add(&tot, &t);
            }
        }
        v2_off[b + 1] = v2_off[b];
        chci_u192_add(&v2_off[b + 1], &tot);
    }
    for (int t = 0, b = 0; t <= V2_HINTS; t++) {
        chci_u192 v = {{0, 0, (uint64_t)t << (V2_HINT_SHIFT - 128)}};
        while (b < 2 * 64 * 64 && chci_u192_cmp(&v2_off[b + 1], &v) <= 0) b++;
        v2_hint[t] = (uint16_t)b;
    }
}

CHCI_ONCE(ensure_init_v2, init_v2);

void chci_pack_pos_count_v2(chci_u192 *count)
{
    ensure_init_v2();
    *count = v2_off[2 * 64 * 64];
}

/* The base-3 code of file f's pawns for profile squares (zone squares not in `taken`). */
static int v2_file_code(int f, uint64_t taken, uint64_t wp, uint64_t bp, uint64_t *sqs, int *n)
{
    int code = 0, mul = 1, k = 0;
    for (int r = 1; r <= 6; r++) {
        int sq = r * 8 + f;
        if (taken >> sq & 1) continue;
        sqs[k++] = (uint64_t)sq;
        code += mul * ((wp >> sq & 1) ? 1 : (bp >> sq & 1) ? 2 : 0);
        mul *= 3;
    }
    *n = k;
    return code;
}

int chci_pack_pos_rank_v2(const chc_position *pos, chci_u192 *rank)
{
    ensure_init_v2();
    int stm = pos->side;
    uint64_t occ[2][7];
    for (int col = 0; col < 2; col++)
        for (int t = CHC_PAWN; t <= CHC_KING; t++) occ[col][t] = pos->by_color[col] & pos->by_type[t];
    /* the checks of version 1's rank (D2 is inside D) */
    if (popc(occ[0][CHC_KING]) != 1 || popc(occ[1][CHC_KING]) != 1) return CHC_E_POS_KINGS;
    int wk = __builtin_ctzll(occ[0][CHC_KING]), bk = __builtin_ctzll(occ[1][CHC_KING]);
    if (!kings_ok(wk, bk)) return CHC_E_POS_OPPONENT_IN_CHECK;
    if ((occ[0][CHC_PAWN] | occ[1][CHC_PAWN]) & ~ZONE) return CHC_E_POS_PAWN_RANK;
    int wq = CHC_NO_SQUARE, wkr = CHC_NO_SQUARE, bq = CHC_NO_SQUARE, bkr = CHC_NO_SQUARE;
    if (pos->castling & CHC_CASTLE_WK) wkr = pos->castle_rook[0];
    if (pos->castling & CHC_CASTLE_WQ) wq = pos->castle_rook[1];
    if (pos->castling & CHC_CASTLE_BK) bkr = pos->castle_rook[2];
    if (pos->castling & CHC_CASTLE_BQ) bq = pos->castle_rook[3];
    int wrook[2] = {wq, wkr}, brook[2] = {bq, bkr};
    for (int i = 0; i < 2; i++) {
        int r = wrook[i];
        if (r != CHC_NO_SQUARE &&
            (r > 63 || wk / 8 != 0 || r / 8 != 0 || pos->board[r] != CHC_PIECE(CHC_WHITE, CHC_ROOK) ||
             (i == 0 ? r % 8 >= wk % 8 : r % 8 <= wk % 8)))
            return CHC_E_POS_CASTLING;
        r = brook[i];
        if (r != CHC_NO_SQUARE &&
            (r > 63 || bk / 8 != 7 || r / 8 != 7 || pos->board[r] != CHC_PIECE(CHC_BLACK, CHC_ROOK) ||
             (i == 0 ? r % 8 >= bk % 8 : r % 8 <= bk % 8)))
            return CHC_E_POS_CASTLING;
    }
    int li = wq == CHC_NO_SQUARE ? 0 : wq % 8 + 1;
    int ri = wkr == CHC_NO_SQUARE ? 0 : wkr % 8 - wk % 8;
    int wc_idx = wk / 8 == 0 ? li * (8 - wk % 8) + ri : 0;
    li = bq == CHC_NO_SQUARE ? 0 : bq % 8 + 1;
    ri = bkr == CHC_NO_SQUARE ? 0 : bkr % 8 - bk % 8;
    int bc_idx = bk / 8 == 7 ? li * (8 - bk % 8) + ri : 0;
    uint64_t crooks[2] = {0, 0};
    if (wq != CHC_NO_SQUARE) crooks[0] |= 1ull << wq;
    if (wkr != CHC_NO_SQUARE) crooks[0] |= 1ull << wkr;
    if (bq != CHC_NO_SQUARE) crooks[1] |= 1ull << bq;
    if (bkr != CHC_NO_SQUARE) crooks[1] |= 1ull << bkr;
    int ep_idx = 0, ep_file = -1, mask = 0;
    uint64_t epused = 0, hpawns = 0;
    epopts eo;
    eo.n = 1;
    eo.ept[0] = 0;
    if (pos->ep != CHC_NO_SQUARE) {
        int ep = pos->ep;
        if (ep > 63) return CHC_E_POS_EN_PASSANT;
        int f = ep % 8;
        if ((stm == CHC_BLACK && ep / 8 != 2) || (stm == CHC_WHITE && ep / 8 != 5))
            return CHC_E_POS_EN_PASSANT;
        epsquares s = ep_squares(stm, f);
        if (!(occ[stm ^ 1][CHC_PAWN] & (1ull << s.e)) || pos->board[s.b1] || pos->board[s.b2])
            return CHC_E_POS_EN_PASSANT;
        if (s.capl != CHC_NO_SQUARE && (occ[stm][CHC_PAWN] & (1ull << s.capl))) mask |= 1;
        if (s.capr != CHC_NO_SQUARE && (occ[stm][CHC_PAWN] & (1ull << s.capr))) mask |= 2;
        if (mask) {
            ep_options(stm, wk, bk, &eo);
            for (int i = 1; i < eo.n; i++)
                if (eo.file[i] == f && eo.mask[i] == mask) ep_idx = i;
            ep_file = f;
            hpawns = 1ull << s.e;
            epused = (1ull << s.b1) | (1ull << s.b2);
            if (mask & 1) hpawns |= 1ull << s.capl;
            if (mask & 2) hpawns |= 1ull << s.capr;
        }
    }
    castleopts cwo, cbo;
    int lw = popc(crooks[0]), lb = popc(crooks[1]);
    if (wc_idx > 0) castle_options(wk, 0, bk, &cwo);
    if (bc_idx > 0) castle_options(bk, 7, wk, &cbo);
    if ((wc_idx > 0 && cwo.len[wc_idx] != lw) || (bc_idx > 0 && cbo.len[bc_idx] != lb) ||
        eo.ept[ep_idx] < 0)
        return CHC_E_INTERNAL;

    int pp[2], oo[2], prr[2];
    for (int col = 0; col < 2; col++) {
        int n = popc(occ[col][CHC_KNIGHT]), b = popc(occ[col][CHC_BISHOP]);
        int r = popc(occ[col][CHC_ROOK]), q = popc(occ[col][CHC_QUEEN]);
        pp[col] = popc(occ[col][CHC_PAWN]);
        if (!chci_pack_side_ok(pp[col], n, b, r, q)) return CHC_E_POS_TOO_MANY;
        oo[col] = n + b + r + q;
        prr[col] = chci_pack_min_promotions(n, b, r, q);
    }
    int blk = stm * 4096 + wk * 64 + bk;
    int sig = v2_epsig[blk][ep_idx];
    const v2sig *sg = &v2s[sig];
    v2place pl;
    if (!v2_place(sg, lw, lb, pp[0], oo[0], prr[0], pp[1], oo[1], prr[1], &pl)) return CHC_E_POS_TOO_MANY;

    /* the pawn number (fails when the placement has too few opposed files) */
    v2head h;
    if (ep_idx > 0) {
        v2_header(stm, wk, bk, ep_file, mask, 0, &h);
    } else {
        memcpy(h.prof, v2_prof0[blk], 8);
        memcpy(h.order, v2_order0[blk], 8);
    }
    uint64_t ztaken = (1ull << wk) | (1ull << bk) | epused;
    uint64_t P = 0;
    int w = pl.fw, b = pl.fb, k = pl.k;
    for (int j = 0; j < 8; j++) {
        int f = h.order[j];
        const v2prof *p = &v2p[h.prof[f]];
        uint64_t sqs[6];
        int n;
        int code = v2_file_code(f, ztaken, occ[0][CHC_PAWN], occ[1][CHC_PAWN], sqs, &n);
        int g = p->fgrp[code];
        if (g < 0) return CHC_E_INTERNAL;
        const uint64_t *next = sg->S[j + 1];
        for (int x = 0; x < g; x++) { /* groups by White pawns ascending */
            if (p->gw[x] > w) break;
            if (p->gb[x] > b) continue;
            int k2 = k - p->go[x];
            P += (uint64_t)(p->gstart[x + 1] - p->gstart[x]) *
                 next[V2_ST(w - p->gw[x], b - p->gb[x], k2 > 0 ? k2 : 0)];
        }
        if (p->gw[g] > w || p->gb[g] > b) return CHC_E_INTERNAL;
        w -= p->gw[g];
        b -= p->gb[g];
        k -= p->go[g];
        if (k < 0) k = 0;
        P += p->fidx[code] * next[V2_ST(w, b, k)];
    }
    if (w || b) return CHC_E_INTERNAL;
    if (k) return CHC_E_POS_TOO_MANY; /* too few opposed files for the material */

    /* header offset */
    chci_u192 R = v2_off[blk];
    for (int i = 0; i < wc_idx; i++)
        if (cwo.len[i] >= 0) chci_u192_add(&R, &v2_BC[blk][cwo.len[i]]);
    for (int i = 0; i < bc_idx; i++)
        if (cbo.len[i] >= 0) chci_u192_add(&R, &v2_E[blk][lw][cbo.len[i]]);
    for (int i = 0; i < ep_idx; i++)
        if (eo.ept[i] >= 0) chci_u192_add(&R, &v2_kind_table(v2_epsig[blk][i], lw, lb)[ncls]);
    int cw = cls_index[pp[0]][oo[0]][prr[0]], cb = cls_index[pp[1]][oo[1]][prr[1]];
    if (cw < 0 || cb < 0) return CHC_E_INTERNAL;
    /* the white class's classes before (cw, cb): all its placements less those of black
     * classes from cb on (few: most positions have many black units) */
    const chci_u192 *wc = v2_kind_table(sig, lw, lb);
    v2white wh;
    if (!v2_white(sg, lw, lb, cw, &wh)) return CHC_E_INTERNAL;
    chci_u192 bs = v2_black_from(&wh, cb);
    chci_u192_mul64(&bs, W[cw][lw]);
    chci_u192_add(&R, &wc[cw + 1]);
    chci_u192_sub(&R, &bs);

    /* inside the class pair: white arrangement, black arrangement, pawns, white squares,
     * black squares */
    uint64_t kings = (1ull << wk) | (1ull << bk);
    uint64_t pawns = occ[0][CHC_PAWN] | occ[1][CHC_PAWN];
    uint64_t used = kings | crooks[0] | crooks[1] | epused | hpawns;
    uint64_t l3 = ~used & ~pawns;
    uint64_t wset = (occ[0][CHC_KNIGHT] | occ[0][CHC_BISHOP] | occ[0][CHC_ROOK] | occ[0][CHC_QUEEN]) & ~crooks[0];
    uint64_t bset = (occ[1][CHC_KNIGHT] | occ[1][CHC_BISHOP] | occ[1][CHC_ROOK] | occ[1][CHC_QUEEN]) & ~crooks[1];
    if ((wset & ~l3) || (bset & ~(l3 & ~wset)) || popc(l3) != pl.free) return CHC_E_INTERNAL;
    uint64_t s1 = comb_rank(l3, wset), s2 = comb_rank(l3 & ~wset, bset);
    uint64_t ai[2];
    uint64_t sets[2] = {wset, bset};
    for (int col = 0; col < 2; col++) {
        int types[16], m = 0, cnt[4] = {0, 0, 0, 0};
        for (uint64_t s = sets[col]; s; s &= s - 1) {
            int t = code_of_type(CHC_PIECE_TYPE(pos->board[__builtin_ctzll(s)]));
            types[m++] = t;
            cnt[t]++;
        }
        ai[col] = arrangement_rank(oo[col], prr[col], col ? lb : lw, types, m, cnt);
    }
    chci_u192 in = chci_u192_from(ai[0]);
    chci_u192_mul64(&in, W[cb][lb]);
    chci_u192_add64(&in, ai[1]);
    chci_u192_mul64(&in, pl.pawns);
    chci_u192_add64(&in, P);
    chci_u192_mul64(&in, pl.s1);
    chci_u192_add64(&in, s1);
    chci_u192_mul64(&in, pl.s2);
    chci_u192_add64(&in, s2);
    chci_u192_add(&R, &in);
    *rank = R;
    return CHC_OK;
}

int chci_pack_pos_unrank_v2(chc_position *pos, const chci_u192 *rank, chc_diag *diag)
{
    ensure_init_v2();
    chci_u192 r = *rank;
    if (chci_u192_cmp(&r, &v2_off[2 * 64 * 64]) >= 0)
        return chci_fail(diag, CHC_E_PACK_RANGE, -1, 0, 0, -1,
                         "pack position: code is at or past the count of the domain");
    /* block: largest b with v2_off[b] <= r, between the hints of r's top bits */
    int hint = (int)(r.w[2] >> (V2_HINT_SHIFT - 128));
    int lo = v2_hint[hint], hi = v2_hint[hint + 1] + 1;
    if (hi > 2 * 64 * 64) hi = 2 * 64 * 64;
    for (int n = hi - lo; n > 1;) {
        int half = n / 2;
        lo += half & -u192_le(&v2_off[lo + half], &r);
        n -= half;
    }
    int blk = lo;
    chci_u192_sub(&r, &v2_off[blk]);
    int stm = blk / 4096, wk = (blk / 64) % 64, bk = blk % 64;
    if (!kings_ok(wk, bk)) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: bad block");
    int csq[2][2] = {{CHC_NO_SQUARE, CHC_NO_SQUARE}, {CHC_NO_SQUARE, CHC_NO_SQUARE}};
    int lw = castle_walk(wk, 0, bk, &r, v2_BC[blk], csq[0]);
    if (lw < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: castling option");
    int lb = castle_walk(bk, 7, wk, &r, v2_E[blk][lw], csq[1]);
    if (lb < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: castling option");
    epopts eo;
    int ep_idx = -1;
    const chci_u192 *t0 = &v2_kind_table(v2_epsig[blk][0], lw, lb)[ncls];
    if (chci_u192_cmp(&r, t0) < 0) { /* no en passant: most positions */
        ep_idx = 0;
        eo.n = 0;
    } else {
        ep_options(stm, wk, bk, &eo);
    }
    for (int i = 0; i < eo.n; i++) {
        if (eo.ept[i] < 0) continue;
        const chci_u192 *t = &v2_kind_table(v2_epsig[blk][i], lw, lb)[ncls];
        if (chci_u192_cmp(&r, t) < 0) {
            ep_idx = i;
            break;
        }
        chci_u192_sub(&r, t);
    }
    if (ep_idx < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: en-passant option");
    int sig = v2_epsig[blk][ep_idx];
    const v2sig *sg = &v2s[sig];
    const chci_u192 *wc = v2_kind_table(sig, lw, lb);
    lo = 0;
    for (int n = ncls; n > 1;) {
        int half = n / 2;
        lo += half & -u192_le(&wc[lo + half], &r);
        n -= half;
    }
    int cw = lo;
    chci_u192_sub(&r, &wc[cw]);
    int wp = cls_p[cw], wo = cls_o[cw], wpr = cls_pr[cw];
    uint64_t wW = W[cw][lw];
    int cb = -1;
    v2place pl;
    v2white wh;
    if (!v2_white(sg, lw, lb, cw, &wh)) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: white class");
    /* the rows of black classes from the top (most black pawns and pieces first: where most
     * positions of games are), each row's start its class's total less the rows above */
    chci_u192 top = wc[cw + 1];
    chci_u192_sub(&top, &wc[cw]);
    for (int bp = 8; bp >= 0 && cb < 0; bp--)
        for (int bo = 15 - bp; bo >= 0 && cb < 0; bo--) {
            chci_u192 T;
            uint64_t s1, s2;
            if (!v2_row(&wh, bp, bo, 0, &T, &s1, &s2)) continue;
            mul_pair(&T, s1, s2);
            chci_u192_mul64(&T, wW);
            if (chci_u192_cmp(&top, &T) < 0)
                return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: black class rows");
            chci_u192_sub(&top, &T);
            if (!u192_le(&top, &r)) continue;
            chci_u192_sub(&r, &top);
            for (int pr = 0; pr <= 8 - bp && cb < 0; pr++) {
                int c = cls_index[bp][bo][pr];
                if (c < 0 || !W[c][lb]) continue;
                if (!v2_place(sg, lw, lb, wp, wo, wpr, bp, bo, pr, &pl)) continue;
                chci_u192 t = chci_u192_from(pl.pawns);
                mul_pair(&t, W[c][lb], wW);
                mul_pair(&t, pl.s1, pl.s2);
                if (!u192_le(&t, &r)) cb = c;
                else chci_u192_sub(&r, &t);
            }
            if (cb < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: black class");
        }
    if (cb < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: black class");
    int bo = cls_o[cb], bpr = cls_pr[cb];
    uint64_t s2, s1;
    divmod_pair(&r, pl.s2, pl.s1, &s2, &s1);
    uint64_t P = chci_u192_divmod64(&r, pl.pawns);
    uint64_t ab = chci_u192_divmod64(&r, W[cb][lb]);
    uint64_t aw = r.w[0];

    decoded d;
    memset(&d, 0, sizeof d);
    put(&d, CHC_WHITE, CHC_KING, wk);
    put(&d, CHC_BLACK, CHC_KING, bk);
    uint8_t crook[4] = {CHC_NO_SQUARE, CHC_NO_SQUARE, CHC_NO_SQUARE, CHC_NO_SQUARE};
    uint64_t used = (1ull << wk) | (1ull << bk);
    int chess960 = 0;
    for (int col = 0; col < 2; col++) {
        int ksq = col ? bk : wk;
        for (int side = 0; side < 2; side++) {
            int s = csq[col][side];
            if (s == CHC_NO_SQUARE) continue;
            put(&d, col, CHC_ROOK, s);
            used |= 1ull << s;
            crook[col * 2 + (side == 0 ? 1 : 0)] = (uint8_t)s;
            if (ksq % 8 != 4 || (s % 8 != 0 && s % 8 != 7)) chess960 = 1;
        }
    }
    int epsq = CHC_NO_SQUARE, ep_file = -1, mask = 0;
    uint64_t ztaken = (1ull << wk) | (1ull << bk);
    if (ep_idx > 0) {
        ep_file = eo.file[ep_idx];
        mask = eo.mask[ep_idx];
        epsquares s = ep_squares(stm, ep_file);
        ztaken |= (1ull << s.b1) | (1ull << s.b2);
        used |= (1ull << s.b1) | (1ull << s.b2);
        epsq = s.b1;
    }
    v2head h;
    if (ep_idx > 0) {
        v2_header(stm, wk, bk, ep_file, mask, 0, &h);
    } else {
        memcpy(h.prof, v2_prof0[blk], 8);
        memcpy(h.order, v2_order0[blk], 8);
    }
    int w = pl.fw, b = pl.fb, k = pl.k;
    for (int j = 0; j < 8; j++) {
        int f = h.order[j];
        const v2prof *p = &v2p[h.prof[f]];
        const uint64_t *next = sg->S[j + 1];
        int g = 0;
        uint64_t per = 0;
        for (; g < p->ngrp; g++) {
            if (p->gw[g] > w) {
                g = p->ngrp;
                break;
            }
            if (p->gb[g] > b) continue;
            int k2 = k - p->go[g];
            per = next[V2_ST(w - p->gw[g], b - p->gb[g], k2 > 0 ? k2 : 0)];
            if (!per) continue;
            uint64_t t = (uint64_t)(p->gstart[g + 1] - p->gstart[g]) * per;
            if (P < t) break;
            P -= t;
        }
        if (g == p->ngrp) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: pawn file");
        int code = p->fill[p->gstart[g] + P / per];
        P %= per;
        w -= p->gw[g];
        b -= p->gb[g];
        k -= p->go[g];
        if (k < 0) k = 0;
        for (int rr = 1; rr <= 6; rr++) {
            int sq = rr * 8 + f;
            if (ztaken >> sq & 1) continue;
            int v = code % 3;
            code /= 3;
            if (v) {
                put(&d, v == 1 ? CHC_WHITE : CHC_BLACK, CHC_PAWN, sq);
                used |= 1ull << sq;
            }
        }
    }
    uint64_t l3 = ~used;
    uint64_t wset = comb_unrank(l3, pl.ow, s1);
    uint64_t bset = comb_unrank(l3 & ~wset, pl.ob, s2);
    uint64_t sets[2] = {wset, bset};
    uint64_t ai[2] = {aw, ab};
    int prs[2] = {wpr, bpr}, os[2] = {wo, bo};
    for (int col = 0; col < 2; col++) {
        int types[16], m = 0;
        arrangement_unrank(os[col], prs[col], col ? lb : lw, ai[col], types, &m);
        int i = 0;
        for (uint64_t s = sets[col]; s && i < m; s &= s - 1, i++)
            put(&d, col, type_of_code[types[i]], __builtin_ctzll(s));
    }
    return set_decoded(pos, &d, stm, crook, epsq, chess960, diag);
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
