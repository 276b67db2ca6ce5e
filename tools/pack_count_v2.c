/* pack_count_v2: counts the domain of pack position version 2 exactly
 * (docs/formats/pack-position-v2.md), prints the count and the bits it needs.
 *
 * The domain is version 1's (docs/formats/pack-position.md) with two placement conditions
 * more, both from pairing the pawns by start file:
 *   (P) promotions:   pr(W) <= m(W) + m(B) + 8 - p(B) - pr(B), and the same for Black;
 *   (O) opposition:   at least K = 2(p(W)+p(B)) + pr(W) + pr(B) + o(W) + o(B) - 38 files hold
 *                     a White pawn below a Black pawn;
 * (p pawns, o other units without the king, pr minimum promotions, m = 15 - p - o lost units).
 *
 * The pawn placements depend on the header only through the "profile" of each file: its
 * pawn-zone squares (ranks 2..7) from rank 2 up, without the squares the header takes for
 * something else (kings, the two empty squares behind an en-passant pawn), each free, free for
 * one colour only (the restricted en-passant square), or holding a pawn the header places. A
 * header's pawn signature is the sorted list of its eight file profiles; a dynamic programme
 * over the files counts, for each signature, the placements by (White pawns, Black pawns,
 * opposed files).
 *
 * Usage:
 *   pack_count_v2            the count (exit 1 when above 2^153)
 *   pack_count_v2 -v         also the count of each header kind
 *   pack_count_v2 -b         brute-force check: for sampled headers (about 330), every placement of up to
 *                            two free pawns a side, opposition read off the board, against
 *                            the programme's table (exit 1 on a difference)
 *   pack_count_v2 -c FILE... membership check: every position of every game (PGN, .uci lines
 *                            "moves" or "FEN|moves", .xz allowed) must be in the domain
 *   pack_count_v2 -r [N]     the same for N random games (default 1000), pawn moves favoured */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pack/pack_internal.h"
#include "pack_tools.h"

/* ---------------------------------------------------------------------------------------- */
/* Material                                                                                 */
/* ---------------------------------------------------------------------------------------- */
static int min_promotions(int n, int b, int r, int q)
{
    return (n > 2 ? n - 2 : 0) + (b > 2 ? b - 2 : 0) + (r > 2 ? r - 2 : 0) + (q > 1 ? q - 1 : 0);
}

/* Conditions 1-2 (as version 1). */
static int side_ok(int p, int n, int b, int r, int q)
{
    if (p > 8 || p + n + b + r + q > 15) return 0;
    return min_promotions(n, b, r, q) <= 8 - p;
}

/* Condition 3 (P): each promoted pawn's file pair was touched by a capture. */
static int promo_ok(int wp, int wo, int wpr, int bp, int bo, int bpr)
{
    int wm = 15 - wp - wo, bm = 15 - bp - bo;
    return wpr <= wm + bm + 8 - bp - bpr && bpr <= wm + bm + 8 - wp - wpr;
}

/* Condition 4 (O): the opposed files a placement needs (may be <= 0). */
static int need_opposed(int wp, int wo, int wpr, int bp, int bo, int bpr)
{
    return 2 * (wp + bp) + wpr + bpr + wo + bo - 38;
}

/* Files holding a White pawn below a Black pawn. */
static int opposed_files(uint64_t wpawns, uint64_t bpawns)
{
    int n = 0;
    for (int f = 0; f < 8; f++) {
        int low = 9;
        for (int r = 1; r <= 6; r++)
            if (wpawns >> (r * 8 + f) & 1) {
                low = r;
                break;
            }
        for (int r = low + 1; r <= 6; r++)
            if (bpawns >> (r * 8 + f) & 1) {
                n++;
                break;
            }
    }
    return n;
}

/* ---------------------------------------------------------------------------------------- */
/* Headers and their pawn signatures                                                        */
/* ---------------------------------------------------------------------------------------- */
/* Square states of a header, for the pawn zone. */
enum { SQ_FREE = 0, SQ_TAKEN, SQ_WPAWN, SQ_BPAWN, SQ_ONLY_W, SQ_ONLY_B };

typedef struct {
    int stm, wk, bk, cw, cb;
    int ep_file, ep_mask; /* -1 / 0 without en passant */
    uint8_t sq[64];       /* SQ_* for ranks 2..7 */
    int pre_w, pre_b, taken;
} header;

/* Builds the zone states of a header (kings, en-passant squares); returns 0 when the
 * en-passant option is not allowed (a king on one of its squares, a capturer off board). */
static int header_zone(header *h)
{
    memset(h->sq, SQ_FREE, sizeof h->sq);
    h->sq[h->wk] = SQ_TAKEN;
    h->sq[h->bk] = SQ_TAKEN;
    h->pre_w = h->pre_b = 0;
    h->taken = 2 + h->cw + h->cb;
    if (h->ep_file < 0) return 1;
    int f = h->ep_file, e = h->stm ? 24 + f : 32 + f;
    int b1 = h->stm ? e - 8 : e + 8, b2 = h->stm ? e - 16 : e + 16;
    int sqs[3] = {e, b1, b2};
    for (int i = 0; i < 3; i++)
        if (sqs[i] == h->wk || sqs[i] == h->bk) return 0;
    h->sq[e] = h->stm ? SQ_WPAWN : SQ_BPAWN;
    h->sq[b1] = SQ_TAKEN;
    h->sq[b2] = SQ_TAKEN;
    int nbh[2] = {f > 0 ? e - 1 : -1, f < 7 ? e + 1 : -1}, ncap = 0, rsq = -1;
    for (int s = 0; s < 2; s++) {
        if (h->ep_mask & (1 << s)) {
            if (nbh[s] < 0 || nbh[s] == h->wk || nbh[s] == h->bk) return 0;
            h->sq[nbh[s]] = h->stm ? SQ_BPAWN : SQ_WPAWN;
            ncap++;
        } else if (nbh[s] >= 0 && nbh[s] != h->wk && nbh[s] != h->bk) {
            rsq = nbh[s];
        }
    }
    if (ncap == 1 && rsq >= 0) h->sq[rsq] = h->stm ? SQ_ONLY_W : SQ_ONLY_B;
    h->pre_w = h->stm ? 1 : ncap;
    h->pre_b = h->stm ? ncap : 1;
    h->taken += 3 + ncap;
    return 1;
}

/* The signature: 8 profiles of 7 characters ("." free, "W"/"B" header pawn, "w"/"b" free for
 * that colour only; taken squares left out; padded with "-"), sorted. */
#define SIGLEN 56
static void header_signature(const header *h, char sig[SIGLEN + 1])
{
    char prof[8][8];
    for (int f = 0; f < 8; f++) {
        int n = 0;
        for (int r = 1; r <= 6; r++) {
            static const char ch[] = ".xWBwb";
            int s = h->sq[r * 8 + f];
            if (s != SQ_TAKEN) prof[f][n++] = ch[s];
        }
        while (n < 7) prof[f][n++] = '-';
        prof[f][7] = 0;
    }
    for (int i = 1; i < 8; i++)
        for (int j = i; j > 0 && strcmp(prof[j - 1], prof[j]) > 0; j--) {
            char t[8];
            memcpy(t, prof[j], 8);
            memcpy(prof[j], prof[j - 1], 8);
            memcpy(prof[j - 1], t, 8);
        }
    for (int f = 0; f < 8; f++) memcpy(sig + 7 * f, prof[f], 7);
    sig[SIGLEN] = 0;
}

/* Pawn tables: placements by (White pawns, Black pawns, opposed files), totals including the
 * header's pawns; then cumulative over opposed files >= k. */
#define MAXSIG 4096
static char sigs[MAXSIG][SIGLEN + 1];
static uint64_t ptab[MAXSIG][9][9][9]; /* [w][b][k]: placements with at least k opposed files */
static int nsigs;

static void file_table(const char *prof, uint64_t ft[7][7][2])
{
    memset(ft, 0, sizeof(uint64_t) * 7 * 7 * 2);
    int n = 0;
    while (n < 7 && prof[n] != '-') n++;
    int pw3 = 1;
    for (int i = 0; i < n; i++) pw3 *= 3;
    for (int code = 0; code < pw3; code++) {
        int c = code, w = 0, b = 0, seen_w = 0, opp = 0, ok = 1;
        for (int i = 0; i < n; i++, c /= 3) {
            int v = c % 3; /* 0 empty, 1 White, 2 Black */
            char p = prof[i];
            if ((p == 'W' && v != 1) || (p == 'B' && v != 2) || (p == 'w' && v == 2) ||
                (p == 'b' && v == 1)) {
                ok = 0;
                break;
            }
            if (v == 1) w++, seen_w = 1;
            if (v == 2) {
                b++;
                if (seen_w) opp = 1;
            }
        }
        if (ok) ft[w][b][opp]++;
    }
}

static int signature_id(const char *sig)
{
    for (int i = 0; i < nsigs; i++)
        if (!memcmp(sigs[i], sig, SIGLEN)) return i;
    if (nsigs == MAXSIG) {
        fprintf(stderr, "too many signatures\n");
        exit(2);
    }
    int id = nsigs++;
    memcpy(sigs[id], sig, SIGLEN + 1);
    static uint64_t cur[9][9][9], nxt[9][9][9];
    memset(cur, 0, sizeof cur);
    cur[0][0][0] = 1;
    for (int f = 0; f < 8; f++) {
        uint64_t ft[7][7][2];
        file_table(sig + 7 * f, ft);
        memset(nxt, 0, sizeof nxt);
        for (int w = 0; w <= 8; w++)
            for (int b = 0; b <= 8; b++)
                for (int o = 0; o <= f; o++) {
                    uint64_t v = cur[w][b][o];
                    if (!v) continue;
                    for (int dw = 0; dw <= 6 && w + dw <= 8; dw++)
                        for (int db = 0; db <= 6 && b + db <= 8; db++)
                            for (int d = 0; d < 2; d++)
                                if (ft[dw][db][d]) nxt[w + dw][b + db][o + d] += v * ft[dw][db][d];
                }
        memcpy(cur, nxt, sizeof cur);
    }
    for (int w = 0; w <= 8; w++)
        for (int b = 0; b <= 8; b++) {
            uint64_t acc = 0;
            for (int k = 8; k >= 0; k--) {
                acc += cur[w][b][k];
                ptab[id][w][b][k] = acc;
            }
        }
    return id;
}

/* Header kinds: what the rest of the count needs to know about a header. */
typedef struct {
    int sig, cw, cb, pre_w, pre_b, taken;
} hkind;

#define MAXK 65536
static hkind kinds[MAXK];
static uint64_t kind_count[MAXK];
static int nkinds;
static int khash[1 << 18];

static void add_kind(const hkind *h)
{
    uint32_t x = (uint32_t)(h->sig * 131 + h->cw * 17 + h->cb * 5 + h->pre_w * 3 + h->pre_b) * 2654435761u;
    uint32_t i = x >> 14;
    for (;; i = (i + 1) & ((1u << 18) - 1)) {
        int k = khash[i] - 1;
        if (k < 0) break;
        if (!memcmp(&kinds[k], h, sizeof *h)) {
            kind_count[k]++;
            return;
        }
    }
    if (nkinds == MAXK) {
        fprintf(stderr, "too many header kinds\n");
        exit(2);
    }
    kinds[nkinds] = *h;
    kind_count[nkinds] = 1;
    khash[i] = ++nkinds;
}

/* Calls fn for every header of the domain (as version 1). */
static void for_each_header(void (*fn)(header *h, void *ctx), void *ctx)
{
    for (int stm = 0; stm < 2; stm++)
        for (int wk = 0; wk < 64; wk++)
            for (int bk = 0; bk < 64; bk++) {
                if (wk == bk) continue;
                if (abs(wk % 8 - bk % 8) <= 1 && abs(wk / 8 - bk / 8) <= 1) continue;
                int ncs[2] = {0, 0}, sets[2][64];
                for (int side = 0; side < 2; side++) {
                    int k = side ? bk : wk, rank = side ? 7 : 0, other = side ? wk : bk;
                    for (int l = -1; l < 8; l++)
                        for (int r = -1; r < 8; r++) {
                            if ((l >= 0 || r >= 0) && k / 8 != rank) continue;
                            if (l >= 0 && l >= k % 8) continue;
                            if (r >= 0 && r <= k % 8) continue;
                            if ((l >= 0 && rank * 8 + l == other) || (r >= 0 && rank * 8 + r == other)) continue;
                            sets[side][ncs[side]++] = (l >= 0) + (r >= 0);
                        }
                }
                for (int i = 0; i < ncs[0]; i++)
                    for (int j = 0; j < ncs[1]; j++)
                        for (int f = -1; f < 8; f++)
                            for (int mask = f < 0 ? 0 : 1; mask < (f < 0 ? 1 : 4); mask++) {
                                header h;
                                h.stm = stm;
                                h.wk = wk;
                                h.bk = bk;
                                h.cw = sets[0][i];
                                h.cb = sets[1][j];
                                h.ep_file = f;
                                h.ep_mask = mask;
                                if (!header_zone(&h)) continue;
                                fn(&h, ctx);
                            }
            }
}

static void collect(header *h, void *ctx)
{
    (void)ctx;
    char sig[SIGLEN + 1];
    header_signature(h, sig);
    hkind k = {signature_id(sig), h->cw, h->cb, h->pre_w, h->pre_b, h->taken};
    add_kind(&k);
}

/* ---------------------------------------------------------------------------------------- */
/* The count                                                                                */
/* ---------------------------------------------------------------------------------------- */
/* A side's piece mixes grouped by class (pawns, pieces, minimum promotions): the sum of their
 * arrangements with cr castling rooks already placed. */
static uint64_t weight[9][16][9][3];

static void side_weights(void)
{
    for (int p = 0; p <= 8; p++)
        for (int n = 0; n <= 15; n++)
            for (int b = 0; n + b <= 15; b++)
                for (int r = 0; n + b + r <= 15; r++)
                    for (int q = 0; n + b + r + q <= 15; q++) {
                        if (!side_ok(p, n, b, r, q)) continue;
                        int o = n + b + r + q, pr = min_promotions(n, b, r, q);
                        for (int cr = 0; cr <= 2 && cr <= r; cr++)
                            weight[p][o][pr][cr] += pt_fac(o - cr) / (pt_fac(n) * pt_fac(b) * pt_fac(r - cr) * pt_fac(q));
                    }
}

typedef struct {
    int p, o, pr;
} cls;
static cls classes[9 * 16 * 9];
static int nclasses;

/* v1 = 1: version 1's conditions instead of (P) and (O) (a check against the library). */
static chci_u192 kind_sum(const hkind *h, int v1)
{
    chci_u192 sum = chci_u192_from(0);
    for (int i = 0; i < nclasses; i++) {
        const cls *W = &classes[i];
        uint64_t ww = weight[W->p][W->o][W->pr][h->cw];
        if (!ww || W->p < h->pre_w) continue;
        for (int j = 0; j < nclasses; j++) {
            const cls *B = &classes[j];
            uint64_t wb = weight[B->p][B->o][B->pr][h->cb];
            if (!wb || B->p < h->pre_b) continue;
            if (v1) {
                if (!chci_pack_pair_ok(W->p, W->o, W->pr, B->p, B->o, B->pr)) continue;
            } else if (!promo_ok(W->p, W->o, W->pr, B->p, B->o, B->pr)) {
                continue;
            } else if (!chci_pack_pair_ok(W->p, W->o, W->pr, B->p, B->o, B->pr)) {
                /* condition 3 of version 1 follows from (P) */
                fprintf(stderr, "internal: (P) does not imply version 1's condition 3\n");
                exit(2);
            }
            int k = v1 ? 0 : need_opposed(W->p, W->o, W->pr, B->p, B->o, B->pr);
            if (k > 8) continue;
            uint64_t pawns = ptab[h->sig][W->p][B->p][k < 0 ? 0 : k];
            if (!pawns) continue;
            int free = 64 - h->taken - (W->p - h->pre_w) - (B->p - h->pre_b);
            int ow = W->o - h->cw, ob = B->o - h->cb;
            uint64_t s1 = pt_binom(free, ow), s2 = pt_binom(free - ow, ob);
            if (!s1 || !s2) continue;
            chci_u192 t = chci_u192_from(pawns);
            chci_u192_mul64(&t, s1);
            chci_u192_mul64(&t, s2);
            chci_u192_mul64(&t, ww);
            chci_u192_mul64(&t, wb);
            chci_u192_add(&sum, &t);
        }
    }
    return sum;
}

/* ---------------------------------------------------------------------------------------- */
/* Brute-force check of the pawn tables                                                     */
/* ---------------------------------------------------------------------------------------- */
typedef struct {
    uint64_t seq, headers, placements, errors, seen;
} bf_ctx;

/* Every set of up to `bleft` more Black pawns (squares after index `from`), tallied. */
static void bf_black(const header *h, const int *zsq, int nz, int from, int bleft, uint64_t wb,
                     uint64_t bb, int nw, int nb, uint64_t tally[3][3][9])
{
    tally[nw][nb][opposed_files(wb, bb)]++;
    if (!bleft) return;
    for (int i = from; i < nz; i++) {
        uint64_t bit = (uint64_t)1 << zsq[i];
        if ((wb & bit) || h->sq[zsq[i]] == SQ_ONLY_W) continue;
        bf_black(h, zsq, nz, i + 1, bleft - 1, wb, bb | bit, nw, nb + 1, tally);
    }
}

/* Every set of up to `wleft` more White pawns, then every Black set with it. */
static void bf_white(const header *h, const int *zsq, int nz, int from, int wleft, uint64_t wb,
                     uint64_t bb, int nw, uint64_t tally[3][3][9])
{
    bf_black(h, zsq, nz, 0, 2, wb, bb, nw, 0, tally);
    if (!wleft) return;
    for (int i = from; i < nz; i++) {
        uint64_t bit = (uint64_t)1 << zsq[i];
        if (h->sq[zsq[i]] == SQ_ONLY_B) continue;
        bf_white(h, zsq, nz, i + 1, wleft - 1, wb | bit, bb, nw + 1, tally);
    }
}

static void bf_header(header *h, void *ctx)
{
    bf_ctx *c = ctx;
    c->seen++;
    /* the en-passant headers of kings e1 e8 without castling rooks, and one header in 4001 */
    int pick = (h->wk == 4 && h->bk == 60 && !h->cw && !h->cb && h->ep_file >= 0) ||
               pt_rnd(&c->seq) % 4001 == 0;
    if (!pick) return;
    c->headers++;
    int zsq[48], nz = 0;
    uint64_t wb = 0, bb = 0;
    for (int s = 8; s < 56; s++) {
        if (h->sq[s] == SQ_FREE || h->sq[s] == SQ_ONLY_W || h->sq[s] == SQ_ONLY_B) zsq[nz++] = s;
        if (h->sq[s] == SQ_WPAWN) wb |= (uint64_t)1 << s;
        if (h->sq[s] == SQ_BPAWN) bb |= (uint64_t)1 << s;
    }
    static uint64_t tally[3][3][9];
    memset(tally, 0, sizeof tally);
    bf_white(h, zsq, nz, 0, 2, wb, bb, 0, tally);
    char sig[SIGLEN + 1];
    header_signature(h, sig);
    int id = signature_id(sig);
    for (int a = 0; a <= 2; a++)
        for (int b = 0; b <= 2; b++)
            for (int k = 0; k <= 8; k++) {
                uint64_t bf = 0;
                for (int o = k; o <= 8; o++) bf += tally[a][b][o];
                if (!k) c->placements += bf;
                if (bf != ptab[id][h->pre_w + a][h->pre_b + b][k]) {
                    if (c->errors++ < 10)
                        fprintf(stderr, "MISMATCH stm=%d wk=%d bk=%d ep=%d/%d w+%d b+%d k=%d: brute %llu, table %llu\n",
                                h->stm, h->wk, h->bk, h->ep_file, h->ep_mask, a, b, k,
                                (unsigned long long)bf,
                                (unsigned long long)ptab[id][h->pre_w + a][h->pre_b + b][k]);
                }
            }
}

/* ---------------------------------------------------------------------------------------- */
/* Membership of real positions                                                             */
/* ---------------------------------------------------------------------------------------- */
typedef struct {
    uint64_t positions, outside_v1, outside_v2, min_slack_hist[10];
    uint64_t tight; /* K >= 1 and exactly K opposed files */
} mem_stats;

/* 1 when pos is in the draft domain (version 1's domain and conditions (P) and (O)). */
static int in_v2(const chc_position *pos, mem_stats *st)
{
    chci_u192 r;
    if (chci_pack_pos_rank(pos, &r) != CHC_OK) {
        st->outside_v1++;
        return 0;
    }
    int p[2], o[2], pr[2];
    for (int c = 0; c < 2; c++) {
        int n = __builtin_popcountll(chc_pieces(pos, c, CHC_KNIGHT));
        int b = __builtin_popcountll(chc_pieces(pos, c, CHC_BISHOP));
        int rk = __builtin_popcountll(chc_pieces(pos, c, CHC_ROOK));
        int q = __builtin_popcountll(chc_pieces(pos, c, CHC_QUEEN));
        p[c] = __builtin_popcountll(chc_pieces(pos, c, CHC_PAWN));
        o[c] = n + b + rk + q;
        pr[c] = min_promotions(n, b, rk, q);
    }
    int opp = opposed_files(chc_pieces(pos, CHC_WHITE, CHC_PAWN), chc_pieces(pos, CHC_BLACK, CHC_PAWN));
    int k = need_opposed(p[0], o[0], pr[0], p[1], o[1], pr[1]);
    int ok = promo_ok(p[0], o[0], pr[0], p[1], o[1], pr[1]) && opp >= k;
    int slack = opp - (k < 0 ? 0 : k);
    if (ok) st->min_slack_hist[slack > 8 ? 8 : slack]++;
    else st->outside_v2++;
    if (ok && k >= 1 && opp == k) st->tight++;
    return ok;
}

static int check_file(const char *path, mem_stats *st)
{
    size_t pl = strlen(path);
    int is_uci = (pl > 4 && !strcmp(path + pl - 4, ".uci")) || (pl > 7 && !strcmp(path + pl - 7, ".uci.xz"));
    uint64_t before = st->outside_v2, games = 0;
    if (!is_uci) {
        size_t n;
        pt_game *g = pt_load_pgn(path, 0, &n);
        if (!g) {
            fprintf(stderr, "%s: cannot read\n", path);
            return 1;
        }
        for (size_t i = 0; i < n; i++) {
            chc_position pos = g[i].start;
            st->positions++;
            in_v2(&pos, st);
            for (size_t j = 0; j < g[i].n; j++) {
                chc_undo u;
                chc_make_move(&pos, g[i].moves[j], &u);
                st->positions++;
                if (!in_v2(&pos, st) && st->outside_v2 - before <= 5) {
                    char fen[CHC_FEN_MAX];
                    chc_position_to_fen(&pos, fen, sizeof fen, 0);
                    fprintf(stderr, "%s: game %zu ply %zu outside: %s\n", path, i + 1, j + 1, fen);
                }
            }
            free(g[i].moves);
        }
        games = n;
        free(g);
    } else {
        int piped;
        FILE *f = pt_open(path, &piped);
        if (!f) {
            fprintf(stderr, "%s: cannot read\n", path);
            return 1;
        }
        static char line[1 << 16];
        while (fgets(line, sizeof line, f)) {
            chc_position pos;
            char *moves = line, *bar = strchr(line, '|');
            if (bar) {
                *bar = 0;
                if (chc_position_from_fen(&pos, line, 0, NULL) != CHC_OK) continue;
                moves = bar + 1;
            } else {
                chc_position_startpos(&pos);
            }
            games++;
            st->positions++;
            in_v2(&pos, st);
            for (char *t = strtok(moves, " \t\r\n"); t; t = strtok(NULL, " \t\r\n")) {
                chc_move m;
                if (chc_move_from_uci(&pos, t, &m, NULL) != CHC_OK) break;
                chc_undo u;
                chc_make_move(&pos, m, &u);
                st->positions++;
                in_v2(&pos, st);
            }
        }
        pt_close(f, piped);
    }
    printf("%s: %llu games, outside: %llu\n", path, (unsigned long long)games,
           (unsigned long long)(st->outside_v2 - before));
    return 0;
}

/* Random games from the standard start, half of the moves pawn moves when there are some
 * (pawns that run past each other and promote with few captures test the conditions at their
 * edge); every position must be in the domain. */
static int random_games(long games, mem_stats *st)
{
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    for (long g = 0; g < games; g++) {
        chc_position pos;
        chc_position_startpos(&pos);
        st->positions++;
        in_v2(&pos, st);
        for (int ply = 0; ply < 400; ply++) {
            chc_move mv[CHC_MAX_MOVES], pm[CHC_MAX_MOVES];
            int n = chc_legal_moves(&pos, mv, CHC_GEN_ALL), np = 0;
            if (n <= 0) break;
            uint64_t pawns = chc_pieces(&pos, chc_side_to_move(&pos), CHC_PAWN);
            for (int i = 0; i < n; i++)
                if (pawns >> CHC_MOVE_FROM(mv[i]) & 1) pm[np++] = mv[i];
            chc_move m = np && pt_rnd(&seed) % 2 ? pm[pt_rnd(&seed) % (uint64_t)np] : mv[pt_rnd(&seed) % (uint64_t)n];
            chc_undo u;
            chc_make_move(&pos, m, &u);
            st->positions++;
            if (!in_v2(&pos, st) && st->outside_v2 <= 5) {
                char fen[CHC_FEN_MAX];
                chc_position_to_fen(&pos, fen, sizeof fen, 0);
                fprintf(stderr, "random game %ld ply %d outside: %s\n", g + 1, ply + 1, fen);
            }
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "-c") || !strcmp(argv[1], "-r"))) {
        mem_stats st;
        memset(&st, 0, sizeof st);
        int bad = 0;
        if (argv[1][1] == 'r') bad = random_games(argc > 2 ? atol(argv[2]) : 1000, &st);
        else
            for (int i = 2; i < argc; i++) bad |= check_file(argv[i], &st);
        printf("positions: %llu, outside version 1: %llu, outside the v2 draft: %llu\n",
               (unsigned long long)st.positions, (unsigned long long)st.outside_v1,
               (unsigned long long)st.outside_v2);
        printf("opposed files beyond the need:");
        for (int s = 0; s <= 8; s++) printf(" %d:%llu", s, (unsigned long long)st.min_slack_hist[s]);
        printf(" (8 = 8 or more)\n");
        printf("positions with K >= 1 and exactly K opposed files: %llu\n", (unsigned long long)st.tight);
        return bad || st.outside_v2 ? 1 : 0;
    }
    if (argc > 1 && !strcmp(argv[1], "-b")) {
        bf_ctx c = {88172645463325252ull, 0, 0, 0, 0};
        for_each_header(bf_header, &c);
        printf("brute force: %llu of %llu headers, %llu pawn placements, %llu differences\n",
               (unsigned long long)c.headers, (unsigned long long)c.seen,
               (unsigned long long)c.placements, (unsigned long long)c.errors);
        return c.errors ? 1 : 0;
    }
    int verbose = argc > 1 && !strcmp(argv[1], "-v");
    for_each_header(collect, NULL);
    side_weights();
    for (int p = 0; p <= 8; p++)
        for (int o = 0; p + o <= 15; o++)
            for (int pr = 0; pr <= 8; pr++)
                if (weight[p][o][pr][0]) classes[nclasses++] = (cls){p, o, pr};
    chci_u192 total = chci_u192_from(0), total_v1 = chci_u192_from(0);
    uint64_t headers = 0;
    for (int i = 0; i < nkinds; i++) {
        chci_u192 part1 = kind_sum(&kinds[i], 1);
        chci_u192_mul64(&part1, kind_count[i]);
        chci_u192_add(&total_v1, &part1);
        chci_u192 part = kind_sum(&kinds[i], 0);
        chci_u192_mul64(&part, kind_count[i]);
        chci_u192_add(&total, &part);
        headers += kind_count[i];
        if (verbose) {
            char d[80];
            pt_u192_to_dec(part, d);
            const hkind *h = &kinds[i];
            printf("kind %.56s cw=%d cb=%d pre=%d/%d taken=%d headers=%llu: %s\n", sigs[h->sig], h->cw,
                   h->cb, h->pre_w, h->pre_b, h->taken, (unsigned long long)kind_count[i], d);
        }
    }
    char dec[80];
    pt_u192_to_dec(total, dec);
    chci_u192 one_less = total, one = chci_u192_from(1);
    chci_u192_sub(&one_less, &one);
    int bits = chci_u192_bits(&one_less);
    printf("headers: %llu\n", (unsigned long long)headers);
    printf("pawn signatures: %d\n", nsigs);
    printf("header kinds: %d\n", nkinds);
    printf("count: %s\n", dec);
    printf("log2(count): %.4f\n", pt_u192_log2(total));
    printf("bits: %d\n", bits);
    printf("ratio to version 1: 2^%.4f\n", pt_u192_log2(total) - pt_u192_log2(total_v1));
    /* the same machinery with version 1's conditions must give the library's version-1 count */
    chci_u192 lib;
    chci_pack_pos_count(&lib);
    if (chci_u192_cmp(&lib, &total_v1) != 0) {
        pt_u192_to_dec(total_v1, dec);
        printf("MISMATCH: with version 1's conditions this counts %s, the library's version 1 more or less\n", dec);
        return 1;
    }
    printf("version 1 recount: same as the library\n");
    /* the library's version 2 (its own tables, built another way) counts the same domain */
    chci_pack_pos_count_v2(&lib);
    if (chci_u192_cmp(&lib, &total) != 0) {
        pt_u192_to_dec(lib, dec);
        printf("MISMATCH: the library's version 2 counts %s\n", dec);
        return 1;
    }
    printf("version 2: same as the library\n");
    return bits <= 153 ? 0 : 1;
}
