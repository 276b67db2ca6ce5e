/* The pack position code, version 2 (docs/formats/pack-position.md, "Version 2"): version
 * 1's domain with two conditions more, ranked with version 1's header options, classes and
 * arrangements (pack_position_internal.h). */
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "common/once.h"
#include "core/position.h"
#include "pack/pack_internal.h"
#include "pack/pack_position_internal.h"

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
static chci_u192 *v2_wc[V2_MAXSIG * 9]; /* cumulative over white classes (chci_pos_ncls + 1), or NULL */
static chci_u192 v2_wcstore[400][CHCI_POS_MAXCLS + 1];
static uint64_t v2_wctop[400][CHCI_POS_MAXCLS + 1]; /* their tops (chci_pos_fill_tops()) */
static int v2_wcsh[400];
static uint16_t v2_wchint[400][CHCI_POS_CLASS_HINTS + 1]; /* chci_pos_fill_class_hints() */
static int v2_wchs[400];
static int16_t v2_wcrow[V2_MAXSIG * 9]; /* the row of v2_wcstore of each kind */
static int v2_nwc;
static uint16_t v2_epsig[2 * 64 * 64][1 + 8 * 3]; /* signature of (block, en-passant option) */
static chci_u192 v2_E[2 * 64 * 64][3][3];         /* Σ over en-passant options */
static chci_u192 v2_BC[2 * 64 * 64][3];           /* Σ_lb cntB[lb] E[lw][lb] */
static chci_u192 v2_off[2 * 64 * 64 + 1];
static uint64_t v2_offtop[2 * 64 * 64 + 1]; /* their tops (chci_pos_fill_tops()) */
static int v2_offsh;
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
        epsquares s = chci_pos_ep_squares(stm, ep_file);
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
    pl->s1 = chci_pos_C[pl->free][pl->ow];
    pl->s2 = chci_pos_C[pl->free - pl->ow][pl->ob];
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
    w->wp = chci_pos_cls_p[cw];
    w->wo = chci_pos_cls_o[cw];
    w->wpr = chci_pos_cls_pr[cw];
    w->wm = 15 - w->wp - w->wo;
    w->fw = w->wp - s->hw;
    w->ow = w->wo - lw;
    return w->fw >= 0 && w->ow >= 0;
}

/* The row of black classes with bp pawns and bo pieces, those with minimum promotions in
 * [lo, 8]: Σ chci_pos_W[c][lb] · pawns over its classes into *sum (without the row's piece squares
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
    const int *ci = chci_pos_cls_index[bp][bo];
    for (int pr = lo; pr <= hi; pr++) {
        int c = ci[pr];
        if (c < 0) continue;
        int k = base + pr;
        chci_u192_addmul64(sum, chci_pos_W[c][w->lb], S0[k > 0 ? k : 0]);
    }
    if (chci_u192_is_zero(sum)) return 0;
    *s1 = chci_pos_C[free][w->ow];
    *s2 = chci_pos_C[free - w->ow][ob];
    return 1;
}

/* Σ over the black classes from c0 on (class order: pawns, pieces, promotions) of the
 * placements with white class w, without white's weight. */
static chci_u192 v2_black_from(const v2white *w, int c0)
{
    chci_u192 acc = chci_u192_from(0), t;
    uint64_t s1, s2;
    int bp0 = chci_pos_cls_p[c0], bo0 = chci_pos_cls_o[c0];
    if (v2_row(w, bp0, bo0, chci_pos_cls_pr[c0], &t, &s1, &s2)) {
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
    for (int c = 0; c < chci_pos_ncls; c++) {
        wc[c + 1] = wc[c];
        v2white wh;
        if (!chci_pos_W[c][lw] || !v2_white(&v2s[sig], lw, lb, c, &wh)) continue;
        chci_u192 t = v2_black_from(&wh, 0);
        chci_u192_mul64(&t, chci_pos_W[c][lw]);
        chci_u192_add(&wc[c + 1], &t);
    }
    v2_wcsh[v2_nwc - 1] = chci_pos_fill_tops(wc, chci_pos_ncls + 1, v2_wctop[v2_nwc - 1]);
    v2_wchs[v2_nwc - 1] = chci_pos_fill_class_hints(v2_wctop[v2_nwc - 1], chci_pos_ncls, v2_wchint[v2_nwc - 1]);
    v2_wcrow[kd] = (int16_t)(v2_nwc - 1);
    v2_wc[kd] = wc;
}

static void init_v2(void)
{
    chci_pos_init();
    uint8_t plain[6] = {0, 0, 0, 0, 0, 0};
    v2_plain = v2_profile_id(plain, 6);
    memset(v2_plainS[0], 0, sizeof v2_plainS[0]);
    v2_plainS[0][V2_ST(0, 0, 0)] = 1;
    for (int n = 1; n <= 8; n++) v2_fold(&v2p[v2_plain], v2_plainS[n - 1], v2_plainS[n]);
    v2_off[0] = chci_u192_from(0);
    for (int b = 0; b < 2 * 64 * 64; b++) {
        int stm = b / 4096, wk = (b / 64) % 64, bk = b % 64;
        chci_u192 tot = chci_u192_from(0);
        if (chci_pos_kings_ok(wk, bk)) {
            const blockcnt *bc = &chci_pos_blk_cnt[b];
            epopts eo;
            chci_pos_ep_options(stm, wk, bk, &eo);
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
                        chci_u192_add(&v2_E[b][lw][lb], &v2_kind_table(h.sig, lw, lb)[chci_pos_ncls]);
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
    chci_pos_build_hints(v2_off, V2_HINT_SHIFT, v2_hint, V2_HINTS);
    v2_offsh = chci_pos_fill_tops(v2_off, 2 * 64 * 64 + 1, v2_offtop);
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
    rankhead rh;
    int rc = chci_pos_rank_head(pos, (const uint64_t(*)[7])occ, &rh);
    if (rc != CHC_OK) return rc;
    int wk = rh.wk, bk = rh.bk, wc_idx = rh.wc_idx, bc_idx = rh.bc_idx;
    const uint64_t *crooks = rh.crooks;
    int ep_idx = 0, ep_file = rh.ep_file, mask = rh.ep_mask;
    uint64_t epused = 0, hpawns = 0;
    epopts eo;
    eo.n = 1;
    eo.ept[0] = 0;
    if (ep_file >= 0) {
        epsquares s = rh.eps;
        chci_pos_ep_options(stm, wk, bk, &eo);
        for (int i = 1; i < eo.n; i++)
            if (eo.file[i] == ep_file && eo.mask[i] == mask) ep_idx = i;
        hpawns = 1ull << s.e;
        epused = (1ull << s.b1) | (1ull << s.b2);
        if (mask & 1) hpawns |= 1ull << s.capl;
        if (mask & 2) hpawns |= 1ull << s.capr;
    }
    castleopts cwo, cbo;
    int lw = popc(crooks[0]), lb = popc(crooks[1]);
    if (wc_idx > 0) chci_pos_castle_options(wk, 0, bk, &cwo);
    if (bc_idx > 0) chci_pos_castle_options(bk, 7, wk, &cbo);
    if ((wc_idx > 0 && cwo.len[wc_idx] != lw) || (bc_idx > 0 && cbo.len[bc_idx] != lb) ||
        eo.ept[ep_idx] < 0)
        return CHC_E_INTERNAL;

    int pp[2], oo[2], prr[2];
    if ((rc = chci_pos_material((const uint64_t(*)[7])occ, pp, oo, prr)) != CHC_OK) return rc;
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
        if (eo.ept[i] >= 0) chci_u192_add(&R, &v2_kind_table(v2_epsig[blk][i], lw, lb)[chci_pos_ncls]);
    int cw = chci_pos_cls_index[pp[0]][oo[0]][prr[0]], cb = chci_pos_cls_index[pp[1]][oo[1]][prr[1]];
    if (cw < 0 || cb < 0) return CHC_E_INTERNAL;
    /* the white class's classes before (cw, cb): all its placements less those of black
     * classes from cb on (few: most positions have many black units) */
    const chci_u192 *wc = v2_kind_table(sig, lw, lb);
    v2white wh;
    if (!v2_white(sg, lw, lb, cw, &wh)) return CHC_E_INTERNAL;
    chci_u192 bs = v2_black_from(&wh, cb);
    chci_u192_mul64(&bs, chci_pos_W[cw][lw]);
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
    uint64_t s1 = chci_pos_comb_rank(l3, wset), s2 = chci_pos_comb_rank(l3 & ~wset, bset);
    const uint64_t sets[2] = {wset, bset};
    const int lens[2] = {lw, lb};
    chci_u192 in = chci_pos_pieces_rank(pos, sets, oo, prr, lens, cb);
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
    int blk = chci_pos_find_block(v2_off, v2_offtop, v2_offsh, v2_hint, V2_HINT_SHIFT, &r);
    int stm = blk / 4096, wk = (blk / 64) % 64, bk = blk % 64;
    if (!chci_pos_kings_ok(wk, bk)) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: bad block");
    int csq[2][2] = {{CHC_NO_SQUARE, CHC_NO_SQUARE}, {CHC_NO_SQUARE, CHC_NO_SQUARE}};
    int lw = chci_pos_castle_walk(wk, 0, bk, &r, v2_BC[blk], csq[0]);
    if (lw < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: castling option");
    int lb = chci_pos_castle_walk(bk, 7, wk, &r, v2_E[blk][lw], csq[1]);
    if (lb < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: castling option");
    epopts eo;
    int ep_idx = -1;
    const chci_u192 *t0 = &v2_kind_table(v2_epsig[blk][0], lw, lb)[chci_pos_ncls];
    if (chci_u192_cmp(&r, t0) < 0) { /* no en passant: most positions */
        ep_idx = 0;
        eo.n = 0;
    } else {
        chci_pos_ep_options(stm, wk, bk, &eo);
    }
    for (int i = 0; i < eo.n; i++) {
        if (eo.ept[i] < 0) continue;
        const chci_u192 *t = &v2_kind_table(v2_epsig[blk][i], lw, lb)[chci_pos_ncls];
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
    int row = v2_wcrow[V2_KIND(sig, lw, lb)]; /* its tops' row */
    int cw = chci_pos_search_class(wc, v2_wctop[row], v2_wcsh[row], v2_wchs[row], v2_wchint[row], &r);
    int wp = chci_pos_cls_p[cw], wo = chci_pos_cls_o[cw], wpr = chci_pos_cls_pr[cw];
    uint64_t wW = chci_pos_W[cw][lw];
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
                int c = chci_pos_cls_index[bp][bo][pr];
                if (c < 0 || !chci_pos_W[c][lb]) continue;
                if (!v2_place(sg, lw, lb, wp, wo, wpr, bp, bo, pr, &pl)) continue;
                chci_u192 t = chci_u192_from(pl.pawns);
                mul_pair(&t, chci_pos_W[c][lb], wW);
                mul_pair(&t, pl.s1, pl.s2);
                if (!u192_le(&t, &r)) cb = c;
                else chci_u192_sub(&r, &t);
            }
            if (cb < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: black class");
        }
    if (cb < 0) return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack: black class");
    int bo = chci_pos_cls_o[cb], bpr = chci_pos_cls_pr[cb];
    uint64_t s2, s1;
    divmod_pair(&r, pl.s2, pl.s1, &s2, &s1);
    uint64_t P = chci_u192_divmod64(&r, pl.pawns);
    uint64_t ab = chci_u192_divmod64(&r, chci_pos_W[cb][lb]);
    uint64_t aw = r.w[0];
    /* the pieces' indices now: their steps overlap with the pawn files' below */
    const int ks[2] = {pl.ow, pl.ob};
    const uint64_t rs[2] = {s1, s2};
    uint64_t idx[2];
    chci_pos_comb_indices(2, ks, rs, idx);

    decoded d;
    uint8_t crook[4];
    int chess960;
    uint64_t used = chci_pos_put_header(&d, wk, bk, csq, crook, &chess960);
    int epsq = CHC_NO_SQUARE, ep_file = -1, mask = 0;
    uint64_t ztaken = (1ull << wk) | (1ull << bk);
    if (ep_idx > 0) {
        ep_file = eo.file[ep_idx];
        mask = eo.mask[ep_idx];
        epsquares s = chci_pos_ep_squares(stm, ep_file);
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
    uint64_t wset = chci_pos_comb_squares(l3, pl.ow, idx[0]);
    uint64_t bset = chci_pos_comb_squares(l3 & ~wset, pl.ob, idx[1]);
    uint64_t sets[2] = {wset, bset};
    uint64_t ai[2] = {aw, ab};
    int prs[2] = {wpr, bpr}, os[2] = {wo, bo};
    for (int col = 0; col < 2; col++) {
        int types[16], m = 0;
        chci_pos_arrangement_unrank(os[col], prs[col], col ? lb : lw, ai[col], types, &m);
        put_pieces(&d, col, sets[col], types, m);
    }
    return chci_pos_set_decoded(pos, &d, stm, crook, epsq, chess960, diag);
}
