/* pack_count: counts the domain of the pack position code exactly, in a way independent of
 * the library's ranking tables, prints the count and the bits it needs, and checks that the
 * library counts the same (exit 1 otherwise).
 *
 * The domain (docs/formats/pack-position.md): a header (side to move, two kings not adjacent,
 * castling rooks on the back rank on each side of a king standing there, an en-passant pawn
 * with the two squares behind it empty and one or two capturers beside it), then material
 * within the capture bounds, pawns on ranks 2..7 and the other pieces anywhere free.
 *
 * Usage: pack_count [-v]   (-v: also print the count of each header kind) */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "pack/pack_internal.h"
#include "pack_tools.h"

/* Header kinds: what the rest of the count needs to know about a header. */
typedef struct {
    int zone_free;  /* pawn-zone squares not taken by the header */
    int restrict_stm; /* 1 when one of them may not hold a pawn of the side to move */
    int pre_w, pre_b; /* pawns the header places */
    int cw, cb;     /* castling rooks the header places */
    int taken;      /* squares the header takes (pieces and the two empty squares) */
    int stm;
} hkind;

#define MAXK 4096
static hkind kinds[MAXK];
static uint64_t kind_count[MAXK];
static int nkinds;

static void add_kind(const hkind *h)
{
    for (int i = 0; i < nkinds; i++)
        if (!memcmp(&kinds[i], h, sizeof *h)) {
            kind_count[i]++;
            return;
        }
    kinds[nkinds] = *h;
    kind_count[nkinds++] = 1;
}

static int zone(int sq)
{
    return sq / 8 >= 1 && sq / 8 <= 6;
}

static void enumerate_headers(void)
{
    for (int stm = 0; stm < 2; stm++)
        for (int wk = 0; wk < 64; wk++)
            for (int bk = 0; bk < 64; bk++) {
                if (wk == bk) continue;
                if (abs(wk % 8 - bk % 8) <= 1 && abs(wk / 8 - bk / 8) <= 1) continue;
                /* castling rook sets: left rook file < king file < right rook file */
                int wsets[64][2], nw = 0, bsets[64][2], nb = 0;
                for (int side = 0; side < 2; side++) {
                    int k = side ? bk : wk, rank = side ? 7 : 0, other = side ? wk : bk;
                    int (*sets)[2] = side ? bsets : wsets;
                    int n = 0;
                    for (int l = -1; l < 8; l++)
                        for (int r = -1; r < 8; r++) {
                            if ((l >= 0 || r >= 0) && k / 8 != rank) continue;
                            if (l >= 0 && l >= k % 8) continue;
                            if (r >= 0 && r <= k % 8) continue;
                            int ls = l >= 0 ? rank * 8 + l : -1, rs = r >= 0 ? rank * 8 + r : -1;
                            if (ls == other || rs == other) continue;
                            sets[n][0] = ls;
                            sets[n][1] = rs;
                            n++;
                        }
                    if (side) nb = n;
                    else nw = n;
                }
                for (int i = 0; i < nw; i++)
                    for (int j = 0; j < nb; j++) {
                        int cw = (wsets[i][0] >= 0) + (wsets[i][1] >= 0);
                        int cb = (bsets[j][0] >= 0) + (bsets[j][1] >= 0);
                        hkind h;
                        memset(&h, 0, sizeof h);
                        h.stm = stm;
                        h.cw = cw;
                        h.cb = cb;
                        h.zone_free = 48 - zone(wk) - zone(bk);
                        h.taken = 2 + cw + cb;
                        add_kind(&h);
                        /* en passant: the opponent's pawn that just double-stepped */
                        for (int f = 0; f < 8; f++) {
                            int e = stm ? 24 + f : 32 + f;
                            int b1 = stm ? e - 8 : e + 8, b2 = stm ? e - 16 : e + 16;
                            if (e == wk || e == bk || b1 == wk || b1 == bk || b2 == wk || b2 == bk) continue;
                            int nbh[2] = {f > 0 ? e - 1 : -1, f < 7 ? e + 1 : -1};
                            for (int mask = 1; mask < 4; mask++) {
                                int ok = 1, ncap = 0, restricted = 0;
                                for (int s = 0; s < 2; s++) {
                                    if (mask & (1 << s)) {
                                        if (nbh[s] < 0 || nbh[s] == wk || nbh[s] == bk) ok = 0;
                                        ncap++;
                                    } else if (nbh[s] >= 0 && nbh[s] != wk && nbh[s] != bk) {
                                        restricted = 1;
                                    }
                                }
                                if (!ok) continue;
                                hkind he = h;
                                he.zone_free = h.zone_free - 3 - ncap;
                                he.restrict_stm = restricted;
                                he.pre_w = stm ? 1 : ncap;
                                he.pre_b = stm ? ncap : 1;
                                he.taken = h.taken + 3 + ncap;
                                add_kind(&he);
                            }
                        }
                    }
            }
}

/* weight of one side's piece mixes: sum over (n, b, r, q) of arrangements of the pieces the
 * header does not place, grouped by (pawns, pieces, minimum promotions). */
static uint64_t weight[9][16][9][3];

static void side_weights(void)
{
    memset(weight, 0, sizeof weight);
    for (int p = 0; p <= 8; p++)
        for (int n = 0; n <= 15; n++)
            for (int b = 0; b <= 15; b++)
                for (int r = 0; r <= 15; r++)
                    for (int q = 0; q <= 15; q++) {
                        if (!chci_pack_side_ok(p, n, b, r, q)) continue;
                        int o = n + b + r + q, pr = chci_pack_min_promotions(n, b, r, q);
                        for (int cr = 0; cr <= 2 && cr <= r; cr++)
                            weight[p][o][pr][cr] += pt_fac(o - cr) / (pt_fac(n) * pt_fac(b) * pt_fac(r - cr) * pt_fac(q));
                    }
}

int main(int argc, char **argv)
{
    int verbose = argc > 1 && !strcmp(argv[1], "-v");
    enumerate_headers();
    side_weights();
    chci_u192 total = chci_u192_from(0);
    for (int i = 0; i < nkinds; i++) {
        const hkind *h = &kinds[i];
        chci_u192 sum = chci_u192_from(0);
        for (int wp = 0; wp <= 8; wp++)
            for (int wo = 0; wp + wo <= 15; wo++)
                for (int wpr = 0; wpr <= 8; wpr++) {
                    uint64_t ww = weight[wp][wo][wpr][h->cw];
                    if (!ww) continue;
                    for (int bp = 0; bp <= 8; bp++)
                        for (int bo = 0; bp + bo <= 15; bo++)
                            for (int bpr = 0; bpr <= 8; bpr++) {
                                uint64_t wb = weight[bp][bo][bpr][h->cb];
                                if (!wb) continue;
                                if (!chci_pack_pair_ok(wp, wo, wpr, bp, bo, bpr)) continue;
                                int fw = wp - h->pre_w, fb = bp - h->pre_b;
                                if (fw < 0 || fb < 0) continue;
                                int fs = h->stm ? fb : fw, fo = h->stm ? fw : fb;
                                uint64_t pawns = pt_binom(h->zone_free - h->restrict_stm, fs) *
                                                 pt_binom(h->zone_free - fs, fo);
                                if (!pawns) continue;
                                int free = 64 - h->taken - fw - fb;
                                int ow = wo - h->cw, ob = bo - h->cb;
                                uint64_t sq = pt_binom(free, ow), sq2 = pt_binom(free - ow, ob);
                                if (!sq || !sq2) continue;
                                chci_u192 t = chci_u192_from(pawns);
                                chci_u192_mul64(&t, sq);
                                chci_u192_mul64(&t, sq2);
                                chci_u192_mul64(&t, ww);
                                chci_u192_mul64(&t, wb);
                                chci_u192_add(&sum, &t);
                            }
                }
        chci_u192 part = sum;
        chci_u192_mul64(&part, kind_count[i]);
        chci_u192_add(&total, &part);
        if (verbose) {
            char d[80];
            pt_u192_to_dec(part, d);
            printf("kind stm=%d cw=%d cb=%d zone=%d restrict=%d pre=%d/%d taken=%d headers=%llu: %s\n",
                   h->stm, h->cw, h->cb, h->zone_free, h->restrict_stm, h->pre_w, h->pre_b, h->taken,
                   (unsigned long long)kind_count[i], d);
        }
    }
    char dec[80];
    pt_u192_to_dec(total, dec);
    int bits = chci_u192_bits(&total);
    chci_u192 one_less = total;
    chci_u192 one = chci_u192_from(1);
    chci_u192_sub(&one_less, &one);
    bits = chci_u192_bits(&one_less); /* codes 0..count-1 */
    printf("header kinds: %d\n", nkinds);
    printf("count: %s\n", dec);
    printf("log2(count): %.4f\n", pt_u192_log2(total));
    printf("bits: %d\n", bits);
    chci_u192 lib;
    chci_pack_pos_count(&lib);
    if (chci_u192_cmp(&lib, &total) != 0) {
        char d2[80];
        pt_u192_to_dec(lib, d2);
        printf("MISMATCH: the library counts %s\n", d2);
        return 1;
    }
    printf("library count: same\n");
    return 0;
}
