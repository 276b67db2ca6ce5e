/* pack_train: trains the weights of the pack game code's move predictor.
 *
 * Usage: pack_train [PGN(.xz)] [OUT.inc] [epochs] [level] [BOOK_OUT.inc] [MODEL]
 *   PGN    default lichess-65k.pgn.xz in pt_data_dir() ($CHC_SHARED/data/games, else
 *          ../shared/data/games: run from the source tree)
 *   OUT    default: print to stdout
 *   level  feature set: 1, 2 (version 1's levels), or the drafts toward version 2 (not a
 *          published code): 3 = set 1 + the fast set (tools/pack_exp MASK 95), 4 = set 3 + our
 *          pieces en prise after the move (MASK 351); their arrays have CHCI_PM_NF2 weights;
 *          5 = set 3 + the policy net (src/pack/draft/pack_draft.h; pack_exp MASK 95 + 8388608,
 *          H CHCI_PNET_H, PACK_NN_LRV 0.3), trained jointly: OUT then holds set 3's weights
 *          (model<MODEL>_weights5) and the net's V, b and U (model<MODEL>_net_v, _b, _u) on the
 *          integer grid of pack_draft.h, and the cost printed last is the draft codec's own
 *          integer scores (chci_pm_scores() + chci_pnet_add())
 *   MODEL  the name of the new model (default "new"): the arrays are written as
 *          model<MODEL>_weights<level>, model<MODEL>_book and MODEL<MODEL>_BOOK_N
 *
 * Published models are frozen (src/pack/models/, docs/formats/pack-game.md, "Versions and
 * models"): never write over their files. A retrained model goes into new files under a new
 * name and into src/pack/pack_models.c as a new model, used by a new game code version.
 *
 * Split (docs/formats/pack-game.md): games are numbered from 0 in file order; game i is an
 * evaluation game when i % 10 == 0 and a training game otherwise. Only training games move
 * the weights; the evaluation games' cost is printed after each epoch.
 *
 * Model: softmax over the legal moves of score = sum of the weights of the move's features
 * (src/pack/pack_model.c), trained by AdaGrad on the log loss, then rounded to integers in
 * units of 1/32 nat (CHCI_PM_SCALE). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/position.h"
#include "pack/draft/pack_draft.h"
#include "pack/pack_model.h"
#include "pack_book.h"
#include "pack_tools.h"

typedef pt_game game;

static double W[CHCI_PM_NF2], G[CHCI_PM_NF2];
static chci_pm_book_entry *book;
static size_t book_n;

/* Level 5's net in floating point while training: V and b in units of h (1 = 127 on the
 * integer grid), U in nats; AdaGrad, V and b at NET_LRV times the learning rate. */
#define NH CHCI_PNET_H
#define NET_LRV 0.3
static double *net_v, *net_u, *net_gv, *net_gu, net_b[NH], net_gb[NH];
static int16_t *qnet_v, *qnet_u, qnet_b[NH]; /* the integer grid, after training */

static void net_alloc(void)
{
    size_t nv = (size_t)CHCI_PNET_IN * NH;
    net_v = calloc(nv, sizeof *net_v);
    net_u = calloc(nv, sizeof *net_u);
    net_gv = calloc(nv, sizeof *net_gv);
    net_gu = calloc(nv, sizeof *net_gu);
    qnet_v = calloc(nv, sizeof *qnet_v);
    qnet_u = calloc(nv, sizeof *qnet_u);
    if (!net_v || !net_u || !net_gv || !net_gu || !qnet_v || !qnet_u) exit(1);
    /* V: small pseudo-random values (tools/pack_exp's sequence), U: 0, b: one half */
    uint64_t r = 0x9E3779B97F4A7C15ull;
    for (size_t i = 0; i < nv; i++) net_v[i] = ((double)(pt_rnd(&r) >> 11) / 9007199254740992.0 - 0.5) * 0.1;
    for (int j = 0; j < NH; j++) net_b[j] = 0.5;
}

static int16_t grid(double x, double unit, int lim, int *clipped)
{
    double v = floor(x * unit + 0.5);
    if (v > lim || v < -lim) (*clipped)++, v = v > 0 ? lim : -lim;
    return (int16_t)v;
}

/* The net's rows of move m in pos (mover's view): destination, origin. */
static void net_rows(const chc_position *pos, chc_move m, int *dst, int *org)
{
    int flip = pos->side ? 56 : 0, row = (CHC_PIECE_TYPE(pos->board[CHC_MOVE_FROM(m)]) - 1) * 64;
    *dst = row + (CHC_MOVE_TO(m) ^ flip);
    *org = 384 + row + (CHC_MOVE_FROM(m) ^ flip);
}

/* Returns the cost in bits of the played move; updates weights when lr > 0. */
static int level = 2;
static double step(const chc_position *pos, const chci_pm_state *st, chc_move played, double lr,
                   const int16_t *qw)
{
    chc_move mv[CHC_MAX_MOVES];
    uint16_t feat[CHC_MAX_MOVES][CHCI_PM_K];
    uint8_t nf[CHC_MAX_MOVES];
    double sc[CHC_MAX_MOVES];
    int n = chc_legal_moves(pos, mv, CHC_GEN_ALL);
    if (n <= 1) return 0;
    int idx = -1;
    for (int i = 0; i < n; i++)
        if (((mv[i] ^ played) & 0x7FFF) == 0) idx = i;
    if (idx < 0) return -1;
    int fl = level == 5 ? 3 : level;
    double best = -1e30;
    int in[32], na = 0, rd[CHC_MAX_MOVES], ro[CHC_MAX_MOVES];
    double acc[NH], h[NH];
    if (level == 5 && qw) {
        /* the draft codec's integer scores */
        chci_pm_state sq = *st;
        int32_t isc[CHC_MAX_MOVES];
        chci_pnet_acc a;
        const chci_pnet qn = {qnet_v, qnet_b, qnet_u};
        sq.weights = qw;
        chci_pm_scores(pos, &sq, mv, n, isc);
        chci_pnet_reset(&qn, &a, pos);
        chci_pnet_add(&qn, &a, pos, mv, n, isc);
        for (int i = 0; i < n; i++) {
            sc[i] = isc[i] / (double)CHCI_PM_SCALE;
            if (sc[i] > best) best = sc[i];
        }
    } else {
        chci_pm_features(pos, st, mv, n, feat, nf, fl);
        if (level == 5) {
            for (int j = 0; j < NH; j++) acc[j] = net_b[j];
            for (bb_t b = pos_occ(pos); b;) {
                int sq = bb_pop(&b);
                in[na] = chci_pnet_input(pos->side, sq, pos->board[sq]);
                const double *v = net_v + (size_t)in[na++] * NH;
                for (int j = 0; j < NH; j++) acc[j] += v[j];
            }
            for (int j = 0; j < NH; j++) h[j] = acc[j] < 0 ? 0 : acc[j] > 1 ? 1 : acc[j];
        }
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int k = 0; k < nf[i]; k++) s += qw ? qw[feat[i][k]] / (double)CHCI_PM_SCALE : W[feat[i][k]];
            if (level == 5) {
                net_rows(pos, mv[i], &rd[i], &ro[i]);
                const double *ud = net_u + (size_t)rd[i] * NH, *uo = net_u + (size_t)ro[i] * NH;
                for (int j = 0; j < NH; j++) s += h[j] * (ud[j] + uo[j]);
            }
            sc[i] = s;
            if (s > best) best = s;
        }
    }
    double z = 0;
    for (int i = 0; i < n; i++) {
        sc[i] = exp(sc[i] - best);
        z += sc[i];
    }
    double cost = -log2(sc[idx] / z);
    if (lr > 0) {
        for (int i = 0; i < n; i++) {
            double g = sc[i] / z - (i == idx ? 1.0 : 0.0);
            if (fabs(g) < 1e-4) continue;
            for (int k = 0; k < nf[i]; k++) {
                int f = feat[i][k];
                G[f] += g * g;
                W[f] -= lr * g / sqrt(G[f] + 1e-6);
            }
        }
    }
    if (lr > 0 && level == 5) {
        /* the net: U by h, then h's gradient back through the clamp into b and V */
        double dh[NH] = {0};
        for (int i = 0; i < n; i++) {
            double g = sc[i] / z - (i == idx ? 1.0 : 0.0);
            if (fabs(g) < 1e-4) continue;
            for (int t = 0; t < 2; t++) {
                size_t o = (size_t)(t ? ro[i] : rd[i]) * NH;
                for (int j = 0; j < NH; j++) {
                    double gu = g * h[j];
                    dh[j] += g * net_u[o + j];
                    net_gu[o + j] += gu * gu;
                    net_u[o + j] -= lr * gu / sqrt(net_gu[o + j] + 1e-6);
                }
            }
        }
        for (int j = 0; j < NH; j++) {
            if (acc[j] <= 0 || acc[j] >= 1) continue;
            double gj = dh[j], step = NET_LRV * lr * gj;
            net_gb[j] += gj * gj;
            net_b[j] -= step / sqrt(net_gb[j] + 1e-6);
            for (int a = 0; a < na; a++) {
                size_t o = (size_t)in[a] * NH + j;
                net_gv[o] += gj * gj;
                net_v[o] -= step / sqrt(net_gv[o] + 1e-6);
            }
        }
    }
    return cost;
}

static double run(game *games, size_t ng, int train, double lr, const int16_t *qw, size_t *plies)
{
    double bits = 0;
    size_t np = 0;
    for (size_t gi = 0; gi < ng; gi++) {
        if ((gi % 10 != 0) != train) continue;
        chc_position pos = games[gi].start;
        chci_pm_state st;
        chci_pm_init(&st, NULL, level);
        st.book = book;
        st.book_n = book_n;
        for (size_t i = 0; i < games[gi].n; i++) {
            double c = step(&pos, &st, games[gi].moves[i], train ? lr : 0, qw);
            if (c < 0) break;
            bits += c;
            np++;
            chci_pm_played(&st, &pos, games[gi].moves[i]);
            chc_undo u;
            chc_make_move(&pos, games[gi].moves[i], &u);
        }
    }
    *plies = np;
    return bits;
}


int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : NULL;
    const char *out = argc > 2 ? argv[2] : NULL;
    const char *model = argc > 6 ? argv[6] : "new";
    char upper[64];
    size_t ul = 0;
    for (; model[ul] && ul < sizeof upper - 1; ul++)
        upper[ul] = (char)(model[ul] >= 'a' && model[ul] <= 'z' ? model[ul] - 'a' + 'A' : model[ul]);
    upper[ul] = 0;
    int epochs = argc > 3 ? atoi(argv[3]) : 3;
    level = argc > 4 ? atoi(argv[4]) : 2;
    if (level < 1 || level > CHCI_PM_FSETS + 1) {
        fprintf(stderr, "pack_train: level must be 1..%d\n", CHCI_PM_FSETS + 1);
        return 2;
    }
    static char def[4200];
    if (!path) {
        FILE *t = pt_join(def, sizeof def, pt_data_dir(NULL), "lichess-65k.pgn.xz") ? NULL : fopen(def, "rb");
        if (!t) {
            fprintf(stderr, "pack_train: no training PGN at %s (give its path, or set CHC_SHARED)\n", def);
            return 2;
        }
        fclose(t);
        path = def;
    }
    /* a bad game keeps its number (the split is by position in the file) */
    size_t ng;
    game *games = pt_load_pgn(path, 1, &ng);
    if (!games) {
        fprintf(stderr, "pack_train: cannot read %s\n", path);
        return 1;
    }
    fprintf(stderr, "pack_train: %zu games from %s\n", ng, path);
    book = pt_build_book(games, ng, &book_n);
    fprintf(stderr, "pack_train: book of %zu positions\n", book_n);
    if (argc > 5) {
        FILE *bo = fopen(argv[5], "w");
        if (!bo) {
            fprintf(stderr, "pack_train: cannot write %s\n", argv[5]);
            return 1;
        }
        fprintf(bo, "/* Generated by tools/pack_train from the training games (game index %% 10 != 0) of\n"
                    " * %zu games: positions met at least %d times in the first %d plies. Do not edit. */\n",
                ng, CHCI_PM_BOOK_MIN, CHCI_PM_BOOK_PLIES);
        fprintf(bo, "static const chci_pm_book_entry model%s_book[%zu] = {\n", model,
                book_n ? book_n : 1);
        for (size_t i = 0; i < book_n; i++)
            fprintf(bo, "    {0x%016llxull, %u, %u},\n", (unsigned long long)book[i].key, book[i].m1, book[i].m2);
        if (!book_n) fprintf(bo, "    {0, 0, 0},\n");
        fprintf(bo, "};\n#define MODEL%s_BOOK_N %zu\n", upper, book_n);
        fclose(bo);
    }
    if (level == 5) net_alloc();
    double lr = 0.05;
    for (int e = 0; e < epochs; e++) {
        size_t np, ne;
        double tb = run(games, ng, 1, lr, NULL, &np);
        double eb = run(games, ng, 0, 0, NULL, &ne);
        fprintf(stderr, "epoch %d: train %.4f bits/ply (%zu plies), eval %.4f bits/ply (%zu plies)\n", e + 1,
                tb / (double)np, np, eb / (double)ne, ne);
        lr *= 0.7;
    }
    const int nw = level >= 3 ? CHCI_PM_NF2 : CHCI_PM_NF;
    static int16_t q[CHCI_PM_NF2];
    for (int i = 0; i < nw; i++) {
        double v = floor(W[i] * CHCI_PM_SCALE + 0.5);
        if (v > 30000) v = 30000;
        if (v < -30000) v = -30000;
        q[i] = (int16_t)v;
    }
    if (level == 5) {
        int clipped = 0;
        for (size_t i = 0; i < (size_t)CHCI_PNET_IN * NH; i++) {
            qnet_v[i] = grid(net_v[i], 127, CHCI_PNET_VMAX, &clipped);
            qnet_u[i] = grid(net_u[i], 2048, CHCI_PNET_UMAX, &clipped);
        }
        for (int j = 0; j < NH; j++) qnet_b[j] = grid(net_b[j], 127, CHCI_PNET_VMAX, &clipped);
        fprintf(stderr, "net on the integer grid: %d values clipped\n", clipped);
    }
    size_t ne;
    double eb = run(games, ng, 0, 0, q, &ne);
    fprintf(stderr, "integer weights: eval %.4f bits/ply (model cost, no coder)\n", eb / (double)ne);
    FILE *o = out ? fopen(out, "w") : stdout;
    if (!o) {
        fprintf(stderr, "pack_train: cannot write %s\n", out);
        return 1;
    }
    fprintf(o, "/* Generated by tools/pack_train (level %d, %d epochs) from %zu games (training: game\n"
               " * index %% 10 != 0); evaluation games: %.4f bits/ply (model). Do not edit. */\n",
            level, epochs, ng, eb / (double)ne);
    fprintf(o, "static const int16_t model%s_weights%d[%s] = {", model, level,
            level >= 3 ? "CHCI_PM_NF2" : "CHCI_PM_NF");
    for (int i = 0; i < nw; i++) fprintf(o, "%s%d", i == 0 ? "\n    " : (i % 16 ? ", " : ",\n    "), q[i]);
    fprintf(o, "\n};\n");
    if (level == 5) {
        const char *nm[3] = {"v", "b", "u"};
        const int16_t *arr[3] = {qnet_v, qnet_b, qnet_u};
        const char *dim[3] = {"CHCI_PNET_IN * CHCI_PNET_H", "CHCI_PNET_H", "CHCI_PNET_IN * CHCI_PNET_H"};
        for (int a = 0; a < 3; a++) {
            int len = a == 1 ? NH : CHCI_PNET_IN * NH;
            fprintf(o, "static _Alignas(CHCI_PNET_ALIGN) const int16_t model%s_net_%s[%s] = {", model, nm[a], dim[a]);
            for (int i = 0; i < len; i++) fprintf(o, "%s%d", i == 0 ? "\n    " : (i % 16 ? ", " : ",\n    "), arr[a][i]);
            fprintf(o, "\n};\n");
        }
    }
    if (o != stdout) fclose(o);
    for (size_t i = 0; i < ng; i++) free(games[i].moves);
    free(games);
    return 0;
}
