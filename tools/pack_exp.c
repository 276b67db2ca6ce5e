/* pack_exp: the experiment loop for the pack game predictor (toward version 2).
 *
 * Usage: pack_exp MASK [SUB] [EPOCHS] [LEVEL] [DATA_DIR]
 *   MASK    which candidate feature groups to add to version 1's features (bits, below;
 *           0: version 1's features alone, retrained the same way, the baseline)
 *   SUB     train on every SUB-th training game of lichess-65k (default 4; 1: all of them)
 *   EPOCHS  default 2
 *   LEVEL   version 1's feature level the candidates add to (default 1)
 *   DATA_DIR default pt_data_dir(): $CHC_SHARED/data/games, else ../shared/data/games
 *
 * Trains the softmax predictor (as tools/pack_train.c: AdaGrad on the log loss, book of the
 * training games) on lichess-65k's training games (i % 10 != 0, every SUB-th of them) and
 * prints the model's cost in bits/ply (floating-point weights; no coder, no header) on:
 *   lichess  the evaluation split (i % 10 == 0, all 6,521 games)
 *   magnus   lichess-raw-magnus-10k, every game (never trained on)
 *   c960     chess960-466, every game (never trained on)
 * so that a candidate feature's gain is measured in one run of seconds to minutes. The
 * candidates are computed here, in floating-point-free integer code, so that a winner can move
 * into src/pack/pack_model.c as it is. Findings: docs/formats/pack-game.md, "Toward version 2".
 *
 * Groups (MASK bits):
 *   1   SEE: static exchange of the move on its destination (piece x 7 buckets)
 *   2   last-move distance: Chebyshev distance of the destination to the opponent's last
 *       destination (piece x 0..4+)
 *   4   move identity: piece x from x to (mover's view)
 *   8   mobility: squares the piece attacks from its destination (piece x 6 buckets)
 *   16  king zone: the piece attacks squares next to the enemy king from its destination
 *       (piece); and attacks the enemy queen (piece)
 *   32  castling rights: moving king / rook while that side may still castle (phase x 2)
 *   64  capture x phase: version 1's capture feature split by phase
 *   128 unmoved: the piece moves for the first time in the game (piece x phase) -- start
 *       squares of the game, so it holds for Chess960 too
 *   256 hanging after: our pieces left en prise by the move (count bucket x before-count
 *       bucket), computed on the position after the move
 *   512 safe check: a checking move whose destination SEE >= 0, vs < 0 (piece x 2)
 *   1024 pawn captures toward the centre / away (2) x phase
 *   4096 hang-lite: our pieces en prise before the move (0, 1, 2+) x what the move does (moves
 *        an en-prise piece, captures, other, moves a piece while none is en prise... ) --
 *        one en-prise map per position, cheap
 *   8192 archival: the engine's static evaluation after the move plus the move's SEE loss,
 *        as a gap to the best move's (phase x 8 buckets)
 *   16384 SEE x phase (as 1, by phase; use instead of 1)
 *   32768 archival: as 8192, by moved piece and 12 finer buckets (use instead of 8192)
 *   131072 adaptation within the game (evaluation only; PACK_ADAPT_ETA, PACK_ADAPT_MIN/MAX)
 *   262144 second stage: a temperature by context (phase x legal-move count), trained
 *   524288 second stage: a bias by the move's rank under the model, by the same context
 *   1048576 move identity x phase (piece x from x to x phase)
 *   2097152 SEE bucket x our pieces en prise after the move (piece x 7 x 4; with 256)
 *   4194304 start-relative squares: the destination's file relative to the file the piece
 *        started the game on, x its rank (phase x piece; not pawns) -- Chess960's own start
 *   8388608 policy net (an experiment toward a larger model): a hidden layer of H values
 *        (PACK_NN_H, default 32) over the board, h = clip(b + sum of V[f], 0, 1) for the
 *        pieces on the board (colour relative to the mover x type x square, mover's view);
 *        each move adds h . U[piece x destination] + h . U[piece x origin]. V starts at
 *        small pseudo-random values, U at 0; AdaGrad with the learning rate times
 *        PACK_NN_LRV (V, b; default 0.1) and PACK_NN_LRU (U; default 1). PACK_QUANT=1
 *        evaluates the trained weights on the integer grid of a codec (quantize())
 *   16777216 the exchange's bounds without playing it out (a cheap stand-in for SEE, bit 1):
 *        piece x the bucket of the lower bound (captured - mover when they attack the
 *        destination) x that of the upper bound (min(captured, captured - mover + their
 *        cheapest attacker)), from the attack maps of the position as it is (no x-ray through
 *        the origin, no retake by ours): per-position maps and a lookup a move
 *   2048 no piece-square tables in Chess960 games (the TO and FROM features dropped when the
 *        game started from a Chess960 position): an evaluation-only switch
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/position.h"
#include "engine/engine.h"
#include "pack/pack_model.h"
#include "pack_book.h"
#include "pack_tools.h"

typedef pt_game game;

#define KX 48
enum {
    X_SEE = CHCI_PM_NF,
    X_DIST = X_SEE + 6 * 7,
    X_ID = X_DIST + 6 * 5,
    X_MOB = X_ID + 6 * 4096,
    X_KZ = X_MOB + 6 * 6,
    X_CR = X_KZ + 12,
    X_CAPPH = X_CR + 6,
    X_UNM = X_CAPPH + 3 * 72,
    X_HANG = X_UNM + 18,
    X_SCHK = X_HANG + 16,
    X_PCAP = X_SCHK + 12,
    X_HL = X_PCAP + 6,
    X_EV = X_HL + 12,
    X_SEEPH = X_EV + 3 * 8,
    X_EVP = X_SEEPH + 3 * 6 * 7,
    X_IDPH = X_EVP + 6 * 12,
    X_SEEH = X_IDPH + 3 * 6 * 4096,
    X_REL = X_SEEH + 6 * 7 * 4,
    X_SEEB = X_REL + 3 * 6 * 15 * 8,
    X_NF = X_SEEB + 6 * 7 * 7
};

static double W[X_NF], G[X_NF];
/* Adaptation within the game (MASK bit 131072, evaluation only): per-game weight deltas D,
 * updated after each move by an online gradient step of size eta (PACK_ADAPT_ETA, default
 * 0.05) on that move's log loss, as a decoder could mirror; reset at each game. Features
 * outside [PACK_ADAPT_MIN, PACK_ADAPT_MAX) (default: all) are left alone. */
static double D[X_NF];
static int touched[1 << 20], ntouched;
static unsigned char is_touched[X_NF];
static double adapt_eta = 0.05;
static int adapt_min = 0, adapt_max = X_NF;
/* Second stage (MASK bits 262144 and 524288): the sum of weights s_i of each move is mapped
 * to T[c] * s_i + B[c][rank_i] where c is a small context (phase x legal-move-count bucket)
 * and rank_i the move's rank by s (0 best, 7 = 7th or later): 262144 learns T (a temperature
 * by context), 524288 learns B (an adaptive map by rank). Trained with the weights. */
#define SC 15
static double T[SC] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, GT[SC];
static double B[SC][8], GB[SC][8];
static void adapt_reset(void)
{
    for (int i = 0; i < ntouched; i++) D[touched[i]] = 0, is_touched[touched[i]] = 0;
    ntouched = 0;
}
static unsigned mask;
static int level = 1;

/* The policy net (MASK bit 8388608). */
#define NN_BIT 8388608u
#define NN_HMAX 256
static int nn_h = 32;
static double nn_lrv = 0.1, nn_lru = 1.0;
static double *NV, *NGV, *NU, *NGU; /* V: 768 x H, U: 768 x H (384 destinations, 384 origins) */
static double NB[NN_HMAX], NGB[NN_HMAX];
static int nn_quant; /* PACK_QUANT=1: evaluate on the integer grid (below) */

/* The integer grid a codec would use, applied to the trained weights before evaluation:
 * linear weights in 1/32 nat (as the pack model's), V and b in 1/127 (h in 0..127 as an
 * integer), U in 1/(32 x 64) nat; the net's sum is then rounded down to 1/32 nat. Prints the
 * largest magnitudes, to check that int16 holds them. */
static void quantize(void)
{
    double mw = 0, mv = 0, mu = 0;
    for (int i = 0; i < X_NF; i++) {
        W[i] = floor(W[i] * 32 + 0.5) / 32;
        if (fabs(W[i]) > mw) mw = fabs(W[i]);
    }
    if (mask & NN_BIT) {
        for (int i = 0; i < 768 * nn_h; i++) {
            NV[i] = floor(NV[i] * 127 + 0.5) / 127;
            NU[i] = floor(NU[i] * 2048 + 0.5) / 2048;
            if (fabs(NV[i]) > mv) mv = fabs(NV[i]);
            if (fabs(NU[i]) > mu) mu = fabs(NU[i]);
        }
        for (int j = 0; j < nn_h; j++) NB[j] = floor(NB[j] * 127 + 0.5) / 127;
    }
    fprintf(stderr, "quantised: max |W| %.0f, |V| %.0f, |U| %.0f (integer units)\n", mw * 32, mv * 127,
            mu * 2048);
}

static void nn_init(void)
{
    NV = calloc((size_t)768 * nn_h, sizeof *NV);
    NGV = calloc((size_t)768 * nn_h, sizeof *NGV);
    NU = calloc((size_t)768 * nn_h, sizeof *NU);
    NGU = calloc((size_t)768 * nn_h, sizeof *NGU);
    if (!NV || !NGV || !NU || !NGU) exit(1);
    uint64_t r = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 768 * nn_h; i++) NV[i] = ((double)(pt_rnd(&r) >> 11) / 9007199254740992.0 - 0.5) * 0.1;
    for (int j = 0; j < nn_h; j++) NB[j] = 0.5;
}

/* The board's active inputs (mover's view), their count; acc and h filled. */
static int nn_forward(const chc_position *pos, int *act, double *acc, double *h)
{
    int us = pos->side, flip = us == CHC_WHITE ? 0 : 56, na = 0;
    for (bb_t b = pos_occ(pos); b;) {
        int sq = bb_pop(&b), pc = pos->board[sq];
        int rel = CHC_PIECE_COLOR(pc) == us ? 0 : 1;
        act[na++] = (rel * 6 + CHC_PIECE_TYPE(pc) - 1) * 64 + (sq ^ flip);
    }
    for (int j = 0; j < nn_h; j++) acc[j] = NB[j];
    for (int a = 0; a < na; a++) {
        const double *v = NV + (size_t)act[a] * nn_h;
        for (int j = 0; j < nn_h; j++) acc[j] += v[j];
    }
    for (int j = 0; j < nn_h; j++) h[j] = acc[j] < 0 ? 0 : acc[j] > 1 ? 1 : acc[j];
    return na;
}

/* The two U rows of a move (destination, origin; mover's view). */
static void nn_rows(const chc_position *pos, chc_move m, int *r1, int *r2)
{
    int flip = pos->side == CHC_WHITE ? 0 : 56;
    int p6 = CHC_PIECE_TYPE(pos->board[CHC_MOVE_FROM(m)]) - 1;
    *r1 = p6 * 64 + (CHC_MOVE_TO(m) ^ flip);
    *r2 = 384 + p6 * 64 + (CHC_MOVE_FROM(m) ^ flip);
}
static chci_pm_book_entry *book;
static size_t book_n;

static const int val[7] = {0, 100, 320, 330, 500, 900, 20000};

/* The same pieces as a set. */
static bb_t en_prise_set(const chc_position *p, int side)
{
    bb_t occ = pos_occ(p);
    bb_t a[2][7];
    memset(a, 0, sizeof a);
    for (int c = 0; c < 2; c++)
        for (bb_t b = p->by_color[c]; b;) {
            int sq = bb_pop(&b);
            int t = CHC_PIECE_TYPE(p->board[sq]);
            a[c][t] |= chci_pm_piece_att(t, c, sq, occ);
        }
    int them = side ^ 1;
    bb_t ea = 0, oa = 0, r = 0;
    for (int t = 1; t <= 6; t++) ea |= a[them][t], oa |= a[side][t];
    bb_t lower = 0;
    for (int t = CHC_PAWN; t < CHC_KING; t++) {
        r |= pos_pieces(p, side, t) & ea & (~oa | lower);
        lower |= a[them][t];
    }
    return r;
}

/* The SEE buckets: <= -800, <= -400, <= -150, < 0, 0, < 150, >= 150. */
static int see_b(int s)
{
    return s <= -800 ? 0 : s <= -400 ? 1 : s <= -150 ? 2 : s < 0 ? 3 : s == 0 ? 4 : s < 150 ? 5 : 6;
}

static int cheb(int a, int b)
{
    int df = abs((a & 7) - (b & 7)), dr = abs((a >> 3) - (b >> 3));
    return df > dr ? df : dr;
}

typedef struct {
    chci_pm_state st;
    bb_t moved;        /* squares moved from or to in this game so far */
    uint8_t home[64];  /* the start square of the piece on each square */
    int c960;
} xstate;

/* The candidates' features of the n moves, appended to feat/nf. */
static void extra(const chc_position *pos, const xstate *xs, const chc_move *mv, int n,
                  uint32_t (*feat)[KX], uint8_t *nf)
{
    int us = pos->side, them = us ^ 1;
    int flip = us == CHC_WHITE ? 0 : 56;
    bb_t occ = pos_occ(pos);
    int nonpawn = bb_popcount(occ & ~pos->by_type[CHC_PAWN] & ~pos->by_type[CHC_KING]);
    int phase = xs->st.ply < 20 ? 0 : (nonpawn >= 10 ? 1 : 2);
    int lt = xs->st.last_to[them];
    int eks = pos->king_sq[them];
    bb_t kzone = chci_king_att[eks];
    bb_t eq = pos_pieces(pos, them, CHC_QUEEN);
    int hang0 = (mask & 256) ? chci_pm_en_prise(pos, us) : 0;
    if (hang0 > 3) hang0 = 3;
    bb_t ep_set = 0;
    int hl0 = 0;
    if (mask & 4096) {
        ep_set = en_prise_set(pos, us);
        hl0 = bb_popcount(ep_set);
        if (hl0 > 2) hl0 = 2;
    }
    bb_t eatt[7] = {0};
    if (mask & 16777216)
        for (bb_t b = pos->by_color[them]; b;) {
            int sq = bb_pop(&b);
            int t = CHC_PIECE_TYPE(pos->board[sq]);
            eatt[t] |= chci_pm_piece_att(t, them, sq, occ);
        }
    static chci_pawn_entry pc[CHCI_PAWN_CACHE_SIZE];
    int ev[CHC_MAX_MOVES], evbest = -1000000;
    for (int i = 0; i < n; i++) {
        chc_move m = mv[i];
        uint32_t *f = feat[i];
        int k = nf[i];
        if ((mask & 2048) && xs->c960) {
            /* drop the piece-square features */
            int j = 0;
            for (int a = 0; a < k; a++)
                if (f[a] >= CHCI_PM_CAP) f[j++] = f[a];
            k = j;
        }
        int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
        unsigned fl = CHC_MOVE_FLAGS(m);
        int pt = CHC_PIECE_TYPE(pos->board[from]), p6 = pt - 1;
        int castle = (fl & CHC_MF_CASTLE) != 0;
        int ct = 0;
        if (fl & CHC_MF_EN_PASSANT) ct = CHC_PAWN;
        else if (fl & CHC_MF_CAPTURE) ct = CHC_PIECE_TYPE(pos->board[to]);
        int npt = (fl & CHC_MF_PROMOTION) ? CHC_MOVE_PROMO(m) : pt;
        int s = 0;
        if ((mask & (1 | 512 | 16384)) && !castle) s = chci_pm_see(pos, from, to, npt, val[ct]);
        if ((mask & 1) && !castle) {
            int b = see_b(s);
            f[k++] = (uint32_t)(X_SEE + p6 * 7 + b);
        }
        if ((mask & 16777216) && !castle) {
            int lo = val[ct], hi = val[ct];
            for (int t = CHC_PAWN; t <= CHC_KING; t++)
                if (eatt[t] >> to & 1) {
                    lo = val[ct] - val[npt];
                    hi = lo + val[t] < val[ct] ? lo + val[t] : val[ct];
                    break;
                }
            f[k++] = (uint32_t)(X_SEEB + (p6 * 7 + see_b(lo)) * 7 + see_b(hi));
        }
        if ((mask & 16384) && !castle) {
            int b = see_b(s);
            f[k++] = (uint32_t)(X_SEEPH + (phase * 6 + p6) * 7 + b);
        }
        if ((mask & 2) && lt >= 0 && !castle) {
            int d = cheb(to, lt);
            f[k++] = (uint32_t)(X_DIST + p6 * 5 + (d > 4 ? 4 : d));
        }
        if (mask & 1048576)
            f[k++] = (uint32_t)(X_IDPH + (phase * 6 + p6) * 4096 + ((from ^ flip) | (to ^ flip) << 6));
        if ((mask & 4194304) && pt != CHC_PAWN && !castle) {
            int hf = xs->home[from] & 7, tf = to & 7, tr = (to ^ flip) >> 3;
            f[k++] = (uint32_t)(X_REL + ((phase * 6 + p6) * 15 + (tf - hf + 7)) * 8 + tr);
        }
        if (mask & 4) f[k++] = (uint32_t)(X_ID + p6 * 4096 + ((from ^ flip) | (to ^ flip) << 6));
        bb_t nocc = (occ & ~BB(from)) | BB(to);
        bb_t a = castle ? 0 : chci_pm_piece_att(npt, us, to, nocc);
        if ((mask & 8) && !castle) {
            int c = bb_popcount(a & ~pos->by_color[us]);
            int b = c == 0 ? 0 : c <= 2 ? 1 : c <= 4 ? 2 : c <= 7 ? 3 : c <= 10 ? 4 : 5;
            f[k++] = (uint32_t)(X_MOB + p6 * 6 + b);
        }
        if ((mask & 16) && !castle) {
            if (a & kzone) f[k++] = (uint32_t)(X_KZ + p6);
            if (a & eq) f[k++] = (uint32_t)(X_KZ + 6 + p6);
        }
        if ((mask & 32) && !castle) {
            unsigned rights = pos->castling & (us == CHC_WHITE ? 3u : 12u);
            if (rights && (pos->castle_mask[from] & rights)) f[k++] = (uint32_t)(X_CR + phase * 2 + (pt == CHC_KING));
        }
        if ((mask & 64) && ct) {
            f[k++] = (uint32_t)(X_CAPPH + phase * 72 + p6 * 12 + (ct - 1) * 2 +
                                pos_attacked_by(pos, to, them, occ & ~BB(from)));
        }
        if ((mask & 128) && !(xs->moved & BB(from)) && pt != CHC_PAWN)
            f[k++] = (uint32_t)(X_UNM + phase * 6 + p6);
        if (mask & 256) {
            chc_position q = *pos;
            chc_undo u;
            chc_make_move(&q, m, &u);
            int h = chci_pm_en_prise(&q, us);
            f[k++] = (uint32_t)(X_HANG + hang0 * 4 + (h > 3 ? 3 : h));
            if ((mask & 2097152) && !castle) {
                int b = see_b(s);
                f[k++] = (uint32_t)(X_SEEH + (p6 * 7 + b) * 4 + (h > 3 ? 3 : h));
            }
        }
        if ((mask & 512) && !castle) {
            bb_t ek = BB(eks);
            if (a & ek) f[k++] = (uint32_t)(X_SCHK + p6 * 2 + (s >= 0));
        }
        if ((mask & 1024) && pt == CHC_PAWN && ct) {
            int ff = from & 7, tf = to & 7;
            int toward = (ff < 4) == (tf > ff);
            f[k++] = (uint32_t)(X_PCAP + phase * 2 + toward);
        }
        if (mask & 4096) {
            int kind = (ep_set & BB(from)) ? 0 : ct ? 1 : 2;
            f[k++] = (uint32_t)(X_HL + hl0 * 4 + kind);
        }
        if (mask & (8192 | 32768)) {
            chc_position q = *pos;
            chc_undo u;
            chc_make_move(&q, m, &u);
            int e = -chci_evaluate(&q, pc);
            if (!castle) {
                int sl = chci_pm_see(pos, from, to, npt, val[ct]) - val[ct];
                if (sl < 0) e += sl;
            }
            ev[i] = e;
            if (e > evbest) evbest = e;
        }
        nf[i] = (uint8_t)k;
    }
    if (mask & 8192)
        for (int i = 0; i < n; i++) {
            int d = evbest - ev[i];
            int b = d == 0 ? 0 : d < 20 ? 1 : d < 50 ? 2 : d < 100 ? 3 : d < 200 ? 4 : d < 400 ? 5 : d < 800 ? 6 : 7;
            feat[i][nf[i]++] = (uint32_t)(X_EV + phase * 8 + b);
        }
    if (mask & 32768)
        for (int i = 0; i < n; i++) {
            static const int edge[11] = {1, 10, 20, 35, 50, 75, 100, 150, 200, 300, 500};
            int d = evbest - ev[i], b = 0;
            while (b < 11 && d >= edge[b]) b++;
            int p6 = CHC_PIECE_TYPE(pos->board[CHC_MOVE_FROM(mv[i])]) - 1;
            feat[i][nf[i]++] = (uint32_t)(X_EVP + p6 * 12 + b);
        }
}

static double step(const chc_position *pos, const xstate *xs, chc_move played, double lr)
{
    chc_move mv[CHC_MAX_MOVES];
    static uint32_t feat[CHC_MAX_MOVES][KX];
    uint16_t f1[CHC_MAX_MOVES][CHCI_PM_K];
    uint8_t nf[CHC_MAX_MOVES];
    double sc[CHC_MAX_MOVES];
    int n = chc_legal_moves(pos, mv, CHC_GEN_ALL);
    if (n <= 1) return 0;
    int idx = -1;
    for (int i = 0; i < n; i++)
        if (((mv[i] ^ played) & 0x7FFF) == 0) idx = i;
    if (idx < 0) return -1;
    chci_pm_features(pos, &xs->st, mv, n, f1, nf, level);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < nf[i]; k++) feat[i][k] = f1[i][k];
    extra(pos, xs, mv, n, feat, nf);
    double best = -1e30, raw[CHC_MAX_MOVES];
    int rk[CHC_MAX_MOVES];
    int c2 = 0;
    int act[32], na = 0, r1[CHC_MAX_MOVES], r2[CHC_MAX_MOVES];
    double acc[NN_HMAX], h[NN_HMAX];
    if (mask & NN_BIT) na = nn_forward(pos, act, acc, h);
    for (int i = 0; i < n; i++) {
        double s = 0;
        for (int k = 0; k < nf[i]; k++) s += W[feat[i][k]] + D[feat[i][k]];
        if (mask & NN_BIT) {
            nn_rows(pos, mv[i], &r1[i], &r2[i]);
            const double *u1 = NU + (size_t)r1[i] * nn_h, *u2 = NU + (size_t)r2[i] * nn_h;
            double t = 0;
            for (int j = 0; j < nn_h; j++) t += h[j] * (u1[j] + u2[j]);
            /* on the integer grid every product is a multiple of 1/(127 x 2048): round that
             * sum to the nearest multiple (undoing float error), then down to 1/32 nat */
            if (nn_quant) t = floor(floor(t * 127 * 2048 + 0.5) / (127 * 64)) / 32;
            s += t;
        }
        raw[i] = sc[i] = s;
    }
    if (mask & (262144 | 524288)) {
        int nonpawn = bb_popcount(pos_occ(pos) & ~pos->by_type[CHC_PAWN] & ~pos->by_type[CHC_KING]);
        int ph = xs->st.ply < 20 ? 0 : (nonpawn >= 10 ? 1 : 2);
        int nb = n <= 5 ? 0 : n <= 15 ? 1 : n <= 30 ? 2 : n <= 45 ? 3 : 4;
        c2 = ph * 5 + nb;
        for (int i = 0; i < n; i++) {
            int r = 0;
            for (int j = 0; j < n && r < 7; j++) r += raw[j] > raw[i] || (raw[j] == raw[i] && j < i);
            rk[i] = r;
            sc[i] = ((mask & 262144) ? T[c2] : 1.0) * raw[i] + ((mask & 524288) ? B[c2][r] : 0.0);
        }
    }
    for (int i = 0; i < n; i++)
        if (sc[i] > best) best = sc[i];
    double z = 0;
    for (int i = 0; i < n; i++) {
        sc[i] = exp(sc[i] - best);
        z += sc[i];
    }
    double cost = -log2(sc[idx] / z);
    if (lr == 0 && (mask & 131072)) {
        for (int i = 0; i < n; i++) {
            double g = sc[i] / z - (i == idx ? 1.0 : 0.0);
            if (fabs(g) < 1e-4) continue;
            for (int k = 0; k < nf[i]; k++) {
                int f = feat[i][k];
                if (f < adapt_min || f >= adapt_max) continue;
                if (!is_touched[f] && ntouched < (1 << 20)) is_touched[f] = 1, touched[ntouched++] = f;
                D[f] -= adapt_eta * g;
            }
        }
    }
    if (lr > 0) {
        double tm = (mask & 262144) ? T[c2] : 1.0;
        for (int i = 0; i < n; i++) {
            double g = sc[i] / z - (i == idx ? 1.0 : 0.0);
            if (mask & 524288) {
                GB[c2][rk[i]] += g * g;
                B[c2][rk[i]] -= 0.1 * lr * g / sqrt(GB[c2][rk[i]] + 1e-6);
            }
            g *= tm;
            if (fabs(g) < 1e-4) continue;
            for (int k = 0; k < nf[i]; k++) {
                int f = feat[i][k];
                G[f] += g * g;
                W[f] -= lr * g / sqrt(G[f] + 1e-6);
            }
        }
    }
    if (lr > 0 && (mask & NN_BIT)) {
        double tm = (mask & 262144) ? T[c2] : 1.0, dh[NN_HMAX];
        for (int j = 0; j < nn_h; j++) dh[j] = 0;
        for (int i = 0; i < n; i++) {
            double g = (sc[i] / z - (i == idx ? 1.0 : 0.0)) * tm;
            if (fabs(g) < 1e-4) continue;
            int rows[2] = {r1[i], r2[i]};
            for (int t = 0; t < 2; t++) {
                double *u = NU + (size_t)rows[t] * nn_h, *gu = NGU + (size_t)rows[t] * nn_h;
                for (int j = 0; j < nn_h; j++) {
                    dh[j] += g * u[j];
                    double gj = g * h[j];
                    gu[j] += gj * gj;
                    u[j] -= nn_lru * lr * gj / sqrt(gu[j] + 1e-6);
                }
            }
        }
        for (int j = 0; j < nn_h; j++) {
            if (acc[j] <= 0 || acc[j] >= 1) continue;
            double gj = dh[j];
            NGB[j] += gj * gj;
            NB[j] -= nn_lrv * lr * gj / sqrt(NGB[j] + 1e-6);
            for (int a = 0; a < na; a++) {
                size_t o = (size_t)act[a] * nn_h + j;
                NGV[o] += gj * gj;
                NV[o] -= nn_lrv * lr * gj / sqrt(NGV[o] + 1e-6);
            }
        }
    }
    if (lr > 0 && (mask & 262144)) {
        double gt = 0;
        for (int i = 0; i < n; i++) gt += (sc[i] / z - (i == idx ? 1.0 : 0.0)) * raw[i];
        GT[c2] += gt * gt;
        T[c2] -= 0.1 * lr * gt / sqrt(GT[c2] + 1e-6);
    }
    return cost;
}

/* which: 0 train (i % 10 != 0 and (i / 10) % sub == 0), 1 lichess eval (i % 10 == 0), 2 all */
static double run(game *games, size_t ng, int which, int sub, double lr, size_t *plies)
{
    double bits = 0;
    size_t np = 0;
    for (size_t gi = 0; gi < ng; gi++) {
        if (which == 0 && (gi % 10 == 0 || (gi / 10) % (size_t)sub != 0)) continue;
        if (which == 1 && gi % 10 != 0) continue;
        chc_position pos = games[gi].start;
        xstate xs;
        chci_pm_init(&xs.st, NULL, level);
        xs.st.book = book;
        xs.st.book_n = book_n;
        xs.moved = 0;
        xs.c960 = pos.chess960;
        for (int q = 0; q < 64; q++) xs.home[q] = (uint8_t)q;
        adapt_reset();
        for (size_t i = 0; i < games[gi].n; i++) {
            chc_move m = games[gi].moves[i];
            double c = step(&pos, &xs, m, lr);
            if (c < 0) break;
            bits += c;
            np++;
            chci_pm_played(&xs.st, &pos, m);
            xs.moved |= BB(CHC_MOVE_FROM(m)) | BB(CHC_MOVE_TO(m));
            {
                int fr = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
                if (CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE) {
                    int kh = xs.home[fr], rh = xs.home[to], rank = fr & 56;
                    xs.home[rank + (to > fr ? 6 : 2)] = (uint8_t)kh;
                    xs.home[rank + (to > fr ? 5 : 3)] = (uint8_t)rh;
                } else {
                    xs.home[to] = xs.home[fr];
                }
            }
            chc_undo u;
            chc_make_move(&pos, m, &u);
        }
    }
    *plies = np;
    return bits;
}



static game *load(const char *dir, const char *name, size_t *ng)
{
    char path[4096];
    game *g = pt_join(path, sizeof path, dir, name) ? NULL : pt_load_pgn(path, 1, ng);
    if (!g) fprintf(stderr, "pack_exp: cannot read %s\n", path);
    return g;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: pack_exp MASK [SUB] [EPOCHS] [LEVEL] [DATA_DIR]\n");
        return 2;
    }
    mask = (unsigned)strtoul(argv[1], NULL, 0);
    int sub = argc > 2 ? atoi(argv[2]) : 4;
    int epochs = argc > 3 ? atoi(argv[3]) : 2;
    level = argc > 4 ? atoi(argv[4]) : 1;
    const char *dir = pt_data_dir(argc > 5 ? argv[5] : NULL);
    if (getenv("PACK_ADAPT_ETA")) adapt_eta = atof(getenv("PACK_ADAPT_ETA"));
    if (getenv("PACK_ADAPT_MIN")) adapt_min = atoi(getenv("PACK_ADAPT_MIN"));
    if (getenv("PACK_ADAPT_MAX")) adapt_max = atoi(getenv("PACK_ADAPT_MAX"));
    if (getenv("PACK_NN_H")) nn_h = atoi(getenv("PACK_NN_H"));
    if (getenv("PACK_NN_LRV")) nn_lrv = atof(getenv("PACK_NN_LRV"));
    if (getenv("PACK_NN_LRU")) nn_lru = atof(getenv("PACK_NN_LRU"));
    if (nn_h < 1 || nn_h > NN_HMAX) return 2;
    if (mask & NN_BIT) nn_init();
    if (sub < 1 || epochs < 1 || level < 1 || level > CHCI_PM_LEVELS) return 2;
    size_t nl, nm, nc;
    game *li = load(dir, "lichess-65k.pgn.xz", &nl);
    game *ma = load(dir, "lichess-raw-magnus-10k.pgn.xz", &nm);
    game *c9 = load(dir, "chess960-466.pgn.xz", &nc);
    if (!li || !ma || !c9) return 1;
    book = pt_build_book(li, nl, &book_n); /* as pack_train builds it */
    clock_t t0 = clock();
    double lr = 0.05;
    size_t np;
    for (int e = 0; e < epochs; e++) {
        double tb = run(li, nl, 0, sub, lr, &np);
        fprintf(stderr, "epoch %d: train %.4f bits/ply (%zu plies)\n", e + 1, tb / (double)np, np);
        lr *= 0.7;
    }
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    if (mask & (262144 | 524288))
        for (int c = 0; c < SC; c++) {
            fprintf(stderr, "stage 2 context %2d: T %.3f B", c, T[c]);
            for (int r = 0; r < 8; r++) fprintf(stderr, " %+.3f", B[c][r]);
            fprintf(stderr, "\n");
        }
    nn_quant = getenv("PACK_QUANT") && atoi(getenv("PACK_QUANT"));
    if (nn_quant) quantize();
    size_t p1, p2, p3;
    double b1 = run(li, nl, 1, 1, 0, &p1);
    double b2 = run(ma, nm, 2, 1, 0, &p2);
    double b3 = run(c9, nc, 2, 1, 0, &p3);
    printf("mask %u level %d sub %d epochs %d: lichess %.4f  magnus %.4f  c960 %.4f  (plies %zu %zu %zu; "
           "train %.0f k plies/s)\n",
           mask, level, sub, epochs, b1 / (double)p1, b2 / (double)p2, b3 / (double)p3, p1, p2, p3,
           (double)np * epochs / secs / 1000.0);
    return 0;
}
