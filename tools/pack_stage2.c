/* pack_stage2: fits the DRAFT second stage of the pack game code (src/pack/draft/pack_draft.h,
 * "second stage"; pack_exp's MASK 786432 in integers): a temperature T[c] and a bias B[c][rank]
 * by context (phase x legal-move count, 15) on the draft model's integer scores.
 *
 * Usage: pack_stage2 [--write DIR] [DATA_DIR] [EPOCHS]   (default pt_data_dir(): $CHC_SHARED/data/games or ../shared/data/games; 3)
 *
 * For each level of the draft model: scores every position of lichess-65k's training games
 * (game i with i % 10 != 0) with the draft model's integer weights, fits T and B by AdaGrad on
 * the log loss of softmax(T * s + B) (scores in 1/32 nat), rounds them (T in 1/256ths, B in
 * 1/32 nat), then prints the model's cost with the codec's integer frequencies on the
 * evaluation games (i % 10 == 0) without and with the rounded second stage. --write DIR writes
 * DIR/v2d_stage2.inc (DIR is src/pack/draft): frozen data of the draft codec. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/position.h"
#include "pack/draft/pack_draft.h"
#include "pack/pack_game_parts.h"
#include "pack/pack_model.h"
#include "pack_tools.h"

#define SC CHCI_V2D_S2_CTX
#define SR CHCI_V2D_S2_RANKS

/* Every position with two or more legal moves: its context, move count, the played move,
 * then (in the move arrays) each move's gap to the best score and its rank. */
typedef struct {
    uint8_t ctx, n, idx;
    size_t at;
} ply_rec;

static ply_rec *plies;
static size_t nplies, capplies;
static uint16_t *gap;
static uint8_t *rnk;
static size_t nmv, capmv;

static void grow(void)
{
    if (nplies == capplies) {
        capplies = capplies ? capplies * 2 : 1 << 20;
        plies = realloc(plies, capplies * sizeof *plies);
    }
    if (nmv + CHC_MAX_MOVES > capmv) {
        capmv = capmv ? capmv * 2 : 1 << 24;
        gap = realloc(gap, capmv * sizeof *gap);
        rnk = realloc(rnk, capmv);
    }
    if (!plies || !gap || !rnk) {
        fprintf(stderr, "pack_stage2: out of memory\n");
        exit(1);
    }
}

/* Calls back for every position of the chosen games (train: i % 10 != 0; else i % 10 == 0)
 * with two or more legal moves, with the draft model's scores at `level`. */
typedef void (*ply_fn)(const chc_position *pos, int ply, const chc_move *mv, int n, int idx,
                       int32_t *sc, int level, void *ctx);

static void walk(pt_game *gs, size_t ng, int train, int level, ply_fn fn, void *ctx)
{
    for (size_t gi = 0; gi < ng; gi++) {
        if ((gi % 10 != 0) != train || !gs[gi].moves) continue;
        chc_position pos = gs[gi].start;
        chci_pm_state st;
        chci_pm_init(&st, &chci_pm_model_draft2, level);
        for (size_t i = 0; i < gs[gi].n; i++) {
            chc_move mv[CHC_MAX_MOVES];
            int n = chc_legal_moves(&pos, mv, CHC_GEN_ALL), idx = -1;
            for (int j = 0; j < n; j++)
                if (((mv[j] ^ gs[gi].moves[i]) & 0x7FFF) == 0) idx = j;
            if (idx < 0) break;
            if (n > 1) {
                int32_t sc[CHC_MAX_MOVES];
                chci_pm_scores(&pos, &st, mv, n, sc);
                fn(&pos, st.ply, mv, n, idx, sc, level, ctx);
            }
            chci_pm_played(&st, &pos, mv[idx]);
            chc_undo u;
            chc_make_move(&pos, mv[idx], &u);
        }
    }
}

static void collect(const chc_position *pos, int ply, const chc_move *mv, int n, int idx, int32_t *sc,
                    int level, void *ctx)
{
    (void)mv, (void)level, (void)ctx;
    grow();
    ply_rec *p = &plies[nplies++];
    p->ctx = (uint8_t)chci_v2d_s2_ctx(pos, ply, n);
    p->n = (uint8_t)n;
    p->idx = (uint8_t)idx;
    p->at = nmv;
    int32_t best = INT32_MIN;
    for (int i = 0; i < n; i++)
        if (sc[i] > best) best = sc[i];
    chci_v2d_s2_ranks(sc, n, rnk + nmv);
    for (int i = 0; i < n; i++) {
        int64_t d = (int64_t)best - sc[i];
        gap[nmv + i] = (uint16_t)(d > 65535 ? 65535 : d);
    }
    nmv += (size_t)n;
}

/* The codec's cost (integer frequencies) of the evaluation games: [0] without, [1] with the
 * second stage in the tables being fitted. */
static int16_t fit_t[CHCI_PM_LEVELS][SC];
static int16_t fit_b[CHCI_PM_LEVELS][SC][SR];
typedef struct {
    double bits[2], n;
} cost_acc;

static void cost(const chc_position *pos, int ply, const chc_move *mv, int n, int idx, int32_t *sc,
                 int level, void *ctx)
{
    cost_acc *a = ctx;
    int c = chci_v2d_s2_ctx(pos, ply, n);
    for (int k = 0; k < 2; k++) {
        int32_t s[CHC_MAX_MOVES], best = INT32_MIN;
        memcpy(s, sc, (size_t)n * sizeof *s);
        if (k) chci_v2d_stage2_apply(fit_t[level - 1][c], fit_b[level - 1][c], s, n);
        for (int i = 0; i < n; i++)
            if (s[i] > best) best = s[i];
        uint32_t f, cum, tot;
        chci_pack_game_interval(s, best, mv, n, idx, &f, &cum, &tot);
        a->bits[k] += -log2((double)f / (double)tot);
    }
    a->n += 1;
}

static void fit(int epochs, double *T, double B[SC][SR])
{
    double gt[SC], gb[SC][SR];
    for (int c = 0; c < SC; c++) {
        T[c] = 1.0;
        gt[c] = 1e-8;
        for (int r = 0; r < SR; r++) B[c][r] = 0, gb[c][r] = 1e-8;
    }
    const double eta_t = 0.01, eta_b = 1.0; /* B in 1/32 nat */
    for (int ep = 0; ep < epochs; ep++) {
        double loss = 0;
        for (size_t k = 0; k < nplies; k++) {
            const ply_rec *p = &plies[k];
            int c = p->ctx, n = p->n;
            const uint16_t *d = gap + p->at;
            const uint8_t *r = rnk + p->at;
            double s[CHC_MAX_MOVES] = {0}, mx = -1e300, z = 0;
            for (int i = 0; i < n; i++) {
                s[i] = (B[c][r[i]] - T[c] * d[i]) / 32.0;
                if (s[i] > mx) mx = s[i];
            }
            for (int i = 0; i < n; i++) z += s[i] = exp(s[i] - mx);
            loss += -log(s[p->idx] / z);
            double dt = 0, db[SR] = {0};
            for (int i = 0; i < n; i++) {
                double g = (s[i] / z - (i == p->idx)) / 32.0;
                dt += g * -(double)d[i];
                db[r[i]] += g;
            }
            gt[c] += dt * dt;
            T[c] -= eta_t * dt / sqrt(gt[c]);
            if (T[c] < 0.05) T[c] = 0.05;
            for (int q = 0; q < SR; q++)
                if (db[q] != 0) {
                    gb[c][q] += db[q] * db[q];
                    B[c][q] -= eta_b * db[q] / sqrt(gb[c][q]);
                }
        }
        fprintf(stderr, "  epoch %d: training cost %.4f bits/ply (floating point)\n", ep + 1,
                loss / (double)nplies / log(2.0));
    }
}

int main(int argc, char **argv)
{
    const char *out = NULL;
    if (argc > 2 && !strcmp(argv[1], "--write")) {
        out = argv[2];
        argv += 2;
        argc -= 2;
    }
    const char *dir = pt_data_dir(argc > 1 ? argv[1] : NULL);
    int epochs = argc > 2 ? atoi(argv[2]) : 3;
    char path[4096];
    size_t ng;
    pt_game *gs = pt_join(path, sizeof path, dir, "lichess-65k.pgn.xz") ? NULL : pt_load_pgn(path, 1, &ng);
    if (!gs) {
        fprintf(stderr, "pack_stage2: cannot read %s\n", path);
        return 1;
    }
    for (int level = 1; level <= CHCI_PM_LEVELS; level++) {
        nplies = nmv = 0;
        walk(gs, ng, 1, level, collect, NULL);
        fprintf(stderr, "level %d: %zu training positions, %zu moves\n", level, nplies, nmv);
        double T[SC], B[SC][SR];
        fit(epochs, T, B);
        for (int c = 0; c < SC; c++) {
            long t = lround(T[c] * 256);
            fit_t[level - 1][c] = (int16_t)(t < 1 ? 1 : t > 4096 ? 4096 : t);
            /* the best move's bias is the reference: only differences matter */
            for (int r = 0; r < SR; r++) {
                long b = lround(B[c][r] - B[c][0]);
                fit_b[level - 1][c][r] = (int16_t)(b < -2000 ? -2000 : b > 2000 ? 2000 : b);
            }
            printf("level %d context %2d: T %.3f B", level, c, fit_t[level - 1][c] / 256.0);
            for (int r = 0; r < SR; r++) printf(" %d", fit_b[level - 1][c][r]);
            printf("\n");
        }
        cost_acc a = {{0, 0}, 0};
        walk(gs, ng, 0, level, cost, &a);
        printf("level %d: model cost on the evaluation games (integer frequencies, moves only, %.0f "
               "positions with 2+ moves): %.4f bits without, %.4f with the second stage (a ply: "
               "divide by the plies)\n",
               level, a.n, a.bits[0], a.bits[1]);
    }
    if (out) {
        snprintf(path, sizeof path, "%s/v2d_stage2.inc", out);
        FILE *f = fopen(path, "w");
        if (!f) return 1;
        fprintf(f, "/* DRAFT second stage (pack_draft.h): T[level][context] in 1/256ths, B[level][context][rank]\n"
                   " * in 1/32 nat, fitted on lichess-65k's training games (i %% 10 != 0) with the draft model's\n"
                   " * integer scores, %d epochs. Written by `tools/pack_stage2 --write`; frozen data. */\n"
                   "const int16_t chci_v2d_s2_temp[CHCI_PM_LEVELS][CHCI_V2D_S2_CTX] = {",
                epochs);
        for (int l = 0; l < CHCI_PM_LEVELS; l++) {
            fprintf(f, "%s\n    {", l ? "," : "");
            for (int c = 0; c < SC; c++) fprintf(f, "%s%d", c ? ", " : "", fit_t[l][c]);
            fprintf(f, "}");
        }
        fprintf(f, "\n};\nconst int16_t chci_v2d_s2_bias[CHCI_PM_LEVELS][CHCI_V2D_S2_CTX][CHCI_V2D_S2_RANKS] = {");
        for (int l = 0; l < CHCI_PM_LEVELS; l++) {
            fprintf(f, "%s\n    {", l ? "," : "");
            for (int c = 0; c < SC; c++) {
                fprintf(f, "%s\n        {", c ? "," : "");
                for (int r = 0; r < SR; r++) fprintf(f, "%s%d", r ? ", " : "", fit_b[l][c][r]);
                fprintf(f, "}");
            }
            fprintf(f, "}");
        }
        fprintf(f, "\n};\n");
        if (fclose(f)) return 1;
        printf("wrote %s\n", path);
    }
    return 0;
}
