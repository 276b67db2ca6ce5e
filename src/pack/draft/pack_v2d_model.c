/* DRAFT toward pack game version 2: what the draft codec (pack_game_v2d.c) computes besides
 * the coder -- the end-of-game and result contexts, the repetition count, the second stage --
 * and its frozen tables. Integer only; apart from the position code of src/core, it needs
 * nothing of the library, so tests/unit/pack/test_pack_bitexact.sh builds it with every
 * compiler. */
#include <stdlib.h>
#include <string.h>

#include "core/position.h"
#include "pack/draft/pack_draft.h"

#include "pack/draft/v2d_end.inc"    /* chci_v2d_end_freq: pack_frame --write-tables */
#include "pack/draft/v2d_result.inc" /* chci_v2d_res_freq: pack_frame --write-tables */
#include "pack/draft/v2d_stage2.inc" /* chci_v2d_s2_temp, _bias: pack_stage2 */

/* ---- contexts ---------------------------------------------------------------------------- */
static int material(const chc_position *p, int side)
{
    static const int v[7] = {0, 1, 3, 3, 5, 9, 0};
    int m = 0;
    for (int t = CHC_PAWN; t <= CHC_QUEEN; t++) m += v[t] * bb_popcount(pos_pieces(p, side, t));
    return m;
}

/* Material balance (pawn 1, minor 3, rook 5, queen 9) of `side` against the other, 7 buckets. */
static int mat_bucket(const chc_position *p, int side)
{
    int d = material(p, side) - material(p, side ^ 1);
    return d <= -5 ? 0 : d <= -2 ? 1 : d == -1 ? 2 : d == 0 ? 3 : d == 1 ? 4 : d <= 4 ? 5 : 6;
}

static int ply_bucket(size_t i)
{
    static const size_t edge[8] = {10, 20, 30, 40, 60, 80, 100, 140};
    int b = 0;
    while (b < 8 && i >= edge[b]) b++;
    return b; /* 0..8 */
}

int chci_v2d_end_ctx(const chc_position *p, size_t ply, int rep, int lastcap, int nm)
{
    int mb3 = nm <= 3 ? 0 : nm <= 12 ? 1 : 2;
    int chk = p->checkers != 0;
    int r = rep > 2 ? 2 : rep - 1;
    return ((((ply_bucket(ply) * 7 + mat_bucket(p, p->side)) * 2 + chk) * 3 + r) * 2 + !!lastcap) * 3 + mb3;
}

int chci_v2d_res_ctx(const chc_position *p, size_t plies, int rep)
{
    int pb = plies < 20 ? 0 : plies < 80 ? 1 : 2;
    return ((pb * 7 + mat_bucket(p, p->side ^ 1)) * 2 + (p->checkers != 0)) * 2 + (rep >= 2);
}

int chci_v2d_res_sym(int result, int mover)
{
    if (result == CHC_RESULT_DRAW) return 2;
    if (result == CHC_RESULT_UNKNOWN) return 3;
    int winner = result == CHC_RESULT_WHITE_WINS ? CHC_WHITE : CHC_BLACK;
    return winner == mover ? 0 : 1;
}

/* ---- repetitions -------------------------------------------------------------------------- */
void chci_v2d_hist_init(chci_v2d_hist *h)
{
    h->keys = h->local;
    h->n = 0;
    h->cap = sizeof h->local / sizeof h->local[0];
}

void chci_v2d_hist_free(chci_v2d_hist *h)
{
    if (h->keys != h->local) free(h->keys);
    chci_v2d_hist_init(h);
}

int chci_v2d_hist_push(chci_v2d_hist *h, const chc_position *p)
{
    if (h->n == h->cap) {
        size_t cap = h->cap * 2;
        uint64_t *k = malloc(cap * sizeof *k);
        if (!k) return CHC_E_NO_MEMORY;
        memcpy(k, h->keys, h->n * sizeof *k);
        if (h->keys != h->local) free(h->keys);
        h->keys = k;
        h->cap = cap;
    }
    h->keys[h->n++] = p->key;
    return CHC_OK;
}

int chci_v2d_hist_rep(const chci_v2d_hist *h, const chc_position *p)
{
    size_t back = (size_t)p->halfmove < h->n ? (size_t)p->halfmove : h->n - 1;
    int r = 0;
    for (size_t j = h->n - 1 - back; j < h->n; j++) r += h->keys[j] == p->key;
    return r;
}

/* ---- second stage -------------------------------------------------------------------------- */
int chci_v2d_s2_ctx(const chc_position *p, int ply, int nm)
{
    int nonpawn = bb_popcount(pos_occ(p) & ~p->by_type[CHC_PAWN] & ~p->by_type[CHC_KING]);
    int ph = ply < 20 ? 0 : nonpawn >= 10 ? 1 : 2;
    int nb = nm <= 5 ? 0 : nm <= 15 ? 1 : nm <= 30 ? 2 : nm <= 45 ? 3 : 4;
    return ph * 5 + nb;
}

void chci_v2d_s2_ranks(const int32_t *sc, int n, uint8_t *rank)
{
    /* the rank is the place in the order (score descending, index ascending): one pass keeps
     * the first CHCI_V2D_S2_RANKS - 1 places sorted (a later move passes an earlier one only
     * with a higher score); every other move is CHCI_V2D_S2_RANKS - 1 */
    enum { TOP = CHCI_V2D_S2_RANKS - 1 };
    int top[TOP], k = 0;
    memset(rank, TOP, (size_t)n);
    for (int i = 0; i < n; i++) {
        if (k == TOP && sc[i] <= sc[top[TOP - 1]]) continue;
        int j = k < TOP ? k++ : TOP - 1;
        while (j > 0 && sc[i] > sc[top[j - 1]]) {
            top[j] = top[j - 1];
            j--;
        }
        top[j] = i;
    }
    for (int j = 0; j < k; j++) rank[top[j]] = (uint8_t)j;
}

void chci_v2d_stage2(int level, int ctx, int32_t *sc, int n)
{
    chci_v2d_stage2_apply(chci_v2d_s2_temp[level - 1][ctx], chci_v2d_s2_bias[level - 1][ctx], sc, n);
}

void chci_v2d_stage2_apply(int32_t t, const int16_t b[CHCI_V2D_S2_RANKS], int32_t *sc, int n)
{
    uint8_t rk[CHC_MAX_MOVES];
    chci_v2d_s2_ranks(sc, n, rk);
    int32_t best = INT32_MIN;
    for (int i = 0; i < n; i++)
        if (sc[i] > best) best = sc[i];
    for (int i = 0; i < n; i++) {
        uint64_t d = ((uint64_t)((int64_t)best - sc[i]) * (uint64_t)t + 128) >> 8; /* t >= 1 */
        sc[i] = b[rk[i]] - (int32_t)(d < 1000000 ? d : 1000000);
    }
}

