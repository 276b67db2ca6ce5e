/* nnue_train: builds the data for and trains the engine's evaluation network
 * (src/engine/nnue.c, net src/engine/nnue_net.inc).
 *
 *   nnue_train label [--engine PATH] < positions.txt > labelled.txt
 *       Reads "FEN|result" lines (eval_tune sample's output) and appends "|cp": the reference
 *       engine's (default Debian's Stockfish 15.1) static evaluation, UCI command `eval`, line
 *       "Final evaluation", in centipawns from white's side. Positions it cannot evaluate
 *       (in check: "Final evaluation: none") are dropped. One thread writes the commands, the
 *       main thread reads the answers (one thread doing both would deadlock on the pipes).
 *   nnue_train train [--hidden H] [--epochs N] [--batch B] [--lr R] [--lambda L] [--seed S]
 *                    [--threads T] [--residual] [--buckets NB] [--screlu] -o out.net labelled.txt...
 *       Trains 768 -> H (per perspective, shared weights, clipped ReLU) -> 2H -> 1 in float
 *       (H: CHCI_NNUE_HIDDEN of the build, src/engine/nnue.h; --hidden must equal it)
 *       with Adam on the mean squared error between sigmoid(out / 400) and
 *       L x result + (1 - L) x sigmoid(cp / 400) (default L 0.25), both from the side to
 *       move's view, then quantises it (nnue.c's format) and writes the net file. With
 *       --residual the net learns a correction added to the hand-written evaluation (the
 *       engine then computes both). With --buckets NB (1 to CHCI_NNUE_BUCKETS_MAX; not with
 *       --residual) the net has NB output layers, one per range of the number of pieces
 *       (chci_nnue_bucket), and is written in format 2; without it, format 1, byte for byte
 *       what the trainer wrote before the option existed. With --screlu the activation is the
 *       squared clipped ReLU (clip to [0, 1], then squared), the output weights are kept within
 *       +-CHCI_NNUE_SCRELU_WMAX / QB, and the net is written in format 3.
 *   nnue_train selfplay [--games N] [--nodes N] [--random-plies K] [--seed S] [--hash MB]
 *       > games.pgn
 *       Plays N games (default 100) of the engine (this build's net) against itself, each
 *       from the standard start after K (default 8; K + 1 in every second game, so both
 *       sides start) uniformly random legal plies, every move searched to N nodes (default
 *       8000) with a hash of MB (default 16) cleared before each game, and writes them as
 *       PGN (tags Event "selfplay", Round = game number, Result). A start whose score is
 *       beyond +-300 cp after the random plies is drawn again. Adjudication: a side whose score
 *       stays at or above 1000 cp (or mates) for 8 plies in a row wins; a score within +-10 cp
 *       for 12 plies in a row from ply 80 on is a draw, as is ply 400; rule endings and
 *       claimable draws (threefold, fifty moves) end the game as the rules say. The same
 *       options give the same games on every machine (the search is limited by nodes only).
 *       The positions of these games are the engine's own (docs/engine.md, "Evaluation
 *       network"): `chesscodec convert --to pack-stream` keeps them in data/games/.
 *
 * The training data is not kept in the repository: docs/engine.md ("Evaluation network")
 * gives the recipe from the repository's games. */
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chesscodec.h"
#include "core/position.h"
#include "engine/engine.h"
#include "engine/nnue.h"
#include "engine_pipe.h"

static void die(const char *msg)
{
    fprintf(stderr, "nnue_train: %s\n", msg);
    exit(1);
}

/* ------------------------------------------------------------------ label */

/* the positions, read whole before the engine starts: the writer thread sends them, the main
   thread reads the answers in the same order */
static char **lines;
static size_t nlines;

static void *writer_main(void *arg)
{
    FILE *out = arg;
    for (size_t i = 0; i < nlines; i++) {
        const char *bar = strchr(lines[i], '|');
        /* "isready" after each position: its readyok closes the answer (even when the engine
           prints no "Final evaluation" line) */
        fprintf(out, "position fen %.*s\neval\nisready\n", (int)(bar - lines[i]), lines[i]);
    }
    fprintf(out, "quit\n");
    fclose(out);
    return NULL;
}

static int cmd_label(int argc, char **argv)
{
    const char *engine = "/usr/games/stockfish";
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--engine") && i + 1 < argc) engine = argv[++i];
        else die("label: unknown option");
    }
    char buf[4096];
    size_t cap = 0;
    while (fgets(buf, sizeof buf, stdin)) {
        buf[strcspn(buf, "\r\n")] = 0;
        if (!strchr(buf, '|')) continue;
        if (nlines == cap) {
            cap = cap ? cap * 2 : 1 << 16;
            lines = realloc(lines, cap * sizeof *lines);
            if (!lines) die("out of memory");
        }
        if (!(lines[nlines++] = strdup(buf))) die("out of memory");
    }
    FILE *out, *in;
    const char *why;
    pid_t pid;
    if (engine_pipe_start(engine, 1, &out, &in, &pid, &why)) die(why);
    pthread_t th;
    if (pthread_create(&th, NULL, writer_main, out)) die("pthread_create failed");
    size_t k = 0;
    long n = 0, dropped = 0;
    double cp = 0;
    int have = 0;
    while (k < nlines && fgets(buf, sizeof buf, in)) {
        if (!strncmp(buf, "Final evaluation", 16)) {
            char *p = buf + 16;
            while (*p == ' ') p++;
            if (sscanf(p, "%lf", &cp) == 1) have = 1;
            continue;
        }
        if (strncmp(buf, "readyok", 7)) continue;
        if (have) {
            printf("%s|%d\n", lines[k], (int)lround(cp * 100));
            if (++n % 100000 == 0) fprintf(stderr, "nnue_train label: %ld\n", n);
        } else dropped++;
        k++;
        have = 0;
    }
    pthread_join(th, NULL);
    fclose(in);
    waitpid(pid, NULL, 0);
    fprintf(stderr, "nnue_train label: %ld labelled, %ld without an evaluation\n", n, dropped);
    return k == nlines ? 0 : 1;
}

/* ------------------------------------------------------------------ train */

#define MAXF 32 /* features per perspective (pieces on the board) */

typedef struct {
    uint16_t f[2][MAXF]; /* feature indices from the side to move's and the other side's view */
    uint8_t n;
    int16_t hce;  /* the hand-written evaluation (side to move), for comparison */
    float target; /* from the side to move's view */
} tsample;

static tsample *data;
static size_t ndata, data_cap;

static void load(const char *path, double lambda)
{
    FILE *f = fopen(path, "r");
    if (!f) die("cannot open a data file");
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        char *a = strchr(line, '|');
        if (!a) continue;
        *a++ = 0;
        char *b = strchr(a, '|');
        if (!b) continue;
        double result = atof(a), cp = atof(b + 1);
        chc_position pos;
        if (chc_position_from_fen(&pos, line, 0, NULL) != CHC_OK) continue;
        if (ndata == data_cap) {
            data_cap = data_cap ? data_cap * 2 : 1 << 20;
            data = realloc(data, data_cap * sizeof *data);
            if (!data) die("out of memory");
        }
        tsample *s = &data[ndata];
        int us = pos.side;
        int n = 0;
        for (int sq = 0; sq < 64 && n < MAXF; sq++) {
            int p = pos.board[sq];
            if (!p) continue;
            s->f[0][n] = (uint16_t)chci_nnue_feature(us, p, sq);
            s->f[1][n] = (uint16_t)chci_nnue_feature(us ^ 1, p, sq);
            n++;
        }
        s->n = (uint8_t)n;
        int hce = chci_evaluate(&pos, NULL);
        s->hce = (int16_t)(hce > 30000 ? 30000 : hce < -30000 ? -30000 : hce);
        if (us == CHC_BLACK) result = 1 - result, cp = -cp;
        double sig = 1.0 / (1.0 + exp(-cp / 400.0));
        s->target = (float)(lambda * result + (1 - lambda) * sig);
        ndata++;
    }
    fclose(f);
}

static uint64_t rng = 0x243F6A8885A308D3ULL;
static uint64_t rnd(void)
{
    uint64_t z = (rng += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static float frand(void) { return (float)((rnd() >> 11) * (1.0 / 9007199254740992.0)); }

/* the float net: W[768][H] (feature rows), B[H], O[NO][2H], ob[NO] */
static int H;
static int residual; /* --residual: the net learns a correction added to the hand-written evaluation */
static int NB;       /* --buckets: 0 (format 1, one output layer) or 1..CHCI_NNUE_BUCKETS_MAX */
static int NO = 1;   /* output layers: NB, or 1 */
static int screlu;   /* --screlu: squared clipped ReLU (format 3) */
static float *W, *B, *O, ob[CHCI_NNUE_BUCKETS_MAX];
static float *gW, *gB, *gO, gob[CHCI_NNUE_BUCKETS_MAX];
static float *mW, *vW, *mB, *vB, *mO, *vO, mob_[CHCI_NNUE_BUCKETS_MAX], vob[CHCI_NNUE_BUCKETS_MAX];

/* the output layer of a sample */
static inline int sample_bucket(const tsample *s)
{
    return NO > 1 ? chci_nnue_bucket(NO, s->n) : 0;
}

/* per-thread gradient buffers */
typedef struct {
    size_t lo, hi;
    const size_t *idx;
    float *gW, *gB, *gO;
    double gob[CHCI_NNUE_BUCKETS_MAX], loss;
    float *acc; /* 2H */
} worker;

/* the activation: clipped ReLU on [0, 1] (the integer net's [0, QA]), squared with --screlu */
static inline float act(float a)
{
    float c = a < 0 ? 0 : a > 1 ? 1 : a;
    return screlu ? c * c : c;
}

/* its derivative */
static inline float act_grad(float a)
{
    if (!(a > 0 && a < 1)) return 0;
    return screlu ? 2 * a : 1;
}

static void *work(void *arg)
{
    worker *w = arg;
    float *acc = w->acc;
    for (size_t k = w->lo; k < w->hi; k++) {
        const tsample *s = &data[w->idx[k]];
        for (int p = 0; p < 2; p++) {
            float *a = acc + p * H;
            memcpy(a, B, (size_t)H * sizeof *a);
            for (int j = 0; j < s->n; j++) {
                const float *row = W + (size_t)s->f[p][j] * H;
                for (int i = 0; i < H; i++) a[i] += row[i];
            }
        }
        int bk = sample_bucket(s);
        const float *Ob = O + (size_t)bk * 2 * H;
        float *gOb = w->gO + (size_t)bk * 2 * H;
        float out = ob[bk] + (residual ? s->hce / 400.0f : 0);
        for (int i = 0; i < 2 * H; i++) out += act(acc[i]) * Ob[i];
        /* out is in units of 400 cp (the sigmoid's scale) */
        float sig = 1.0f / (1.0f + expf(-out));
        float d = sig - s->target;
        w->loss += (double)d * d;
        float g = 2 * d * sig * (1 - sig);
        w->gob[bk] += g;
        for (int i = 0; i < 2 * H; i++) {
            gOb[i] += g * act(acc[i]);
            acc[i] = g * Ob[i] * act_grad(acc[i]); /* gradient at the accumulator */
        }
        for (int p = 0; p < 2; p++) {
            const float *ga = acc + p * H;
            for (int i = 0; i < H; i++) w->gB[i] += ga[i];
            for (int j = 0; j < s->n; j++) {
                float *row = w->gW + (size_t)s->f[p][j] * H;
                for (int i = 0; i < H; i++) row[i] += ga[i];
            }
        }
    }
    return NULL;
}

static void adam(float *x, const float *g, float *m, float *v, size_t n, float lr, float c1, float c2)
{
    for (size_t i = 0; i < n; i++) {
        m[i] = 0.9f * m[i] + 0.1f * g[i];
        v[i] = 0.999f * v[i] + 0.001f * g[i] * g[i];
        x[i] -= lr * (m[i] / c1) / (sqrtf(v[i] / c2) + 1e-8f);
    }
}

static float *fcalloc(size_t n)
{
    float *p = calloc(n, sizeof *p);
    if (!p) die("out of memory");
    return p;
}

static int cmd_train(int argc, char **argv)
{
    int epochs = 10, batch = 16384, nthreads = 2;
    double lr = 0.001, lambda = 0.25;
    const char *out_path = NULL;
    H = CHCI_NNUE_HIDDEN;
    const char *files[64];
    int nfiles = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--hidden") && i + 1 < argc) H = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--epochs") && i + 1 < argc) epochs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--batch") && i + 1 < argc) batch = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--lr") && i + 1 < argc) lr = atof(argv[++i]);
        else if (!strcmp(argv[i], "--lambda") && i + 1 < argc) lambda = atof(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) rng = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc) nthreads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-o") && i + 1 < argc) out_path = argv[++i];
        else if (!strcmp(argv[i], "--residual")) residual = 1;
        else if (!strcmp(argv[i], "--buckets") && i + 1 < argc) NB = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--screlu")) screlu = 1;
        else if (argv[i][0] == '-') die("train: unknown option");
        else if (nfiles < 64) files[nfiles++] = argv[i];
    }
    if (!out_path || !nfiles) die("train: -o out.net and data files needed");
    if (H != CHCI_NNUE_HIDDEN) die("train: --hidden must match CHCI_NNUE_HIDDEN in src/engine/nnue.h");
    if (nthreads < 1 || nthreads > 8) nthreads = 2;
    if (NB < 0 || NB > CHCI_NNUE_BUCKETS_MAX) die("train: --buckets must be 1 to CHCI_NNUE_BUCKETS_MAX");
    if (NB && residual) die("train: --buckets and --residual do not go together");
    if (screlu && residual) die("train: --screlu and --residual do not go together");
    if (screlu && !NB) NB = 1; /* format 3 has a bucket count */
    NO = NB ? NB : 1;
    size_t no = (size_t)NO * 2 * (size_t)H; /* output weights */
    for (int i = 0; i < nfiles; i++) load(files[i], lambda);
    fprintf(stderr, "nnue_train: %zu positions\n", ndata);
    if (!ndata) die("no positions");
    size_t nw = (size_t)CHCI_NNUE_INPUTS * H;
    W = fcalloc(nw), B = fcalloc((size_t)H), O = fcalloc(no);
    gW = fcalloc(nw), gB = fcalloc((size_t)H), gO = fcalloc(no);
    mW = fcalloc(nw), vW = fcalloc(nw), mB = fcalloc((size_t)H), vB = fcalloc((size_t)H);
    mO = fcalloc(no), vO = fcalloc(no);
    for (size_t i = 0; i < nw; i++) W[i] = (frand() - 0.5f) * 2 * 0.1f;
    for (int i = 0; i < H; i++) B[i] = 0.1f;
    for (int i = 0; i < 2 * H; i++) O[i] = (frand() - 0.5f) * 2 * sqrtf(1.0f / (float)H);
    /* every bucket starts as the first: no more random draws, so the held-out tenth is the
       same as without buckets and the losses compare */
    for (int k = 1; k < NO; k++) memcpy(O + (size_t)k * 2 * H, O, 2 * (size_t)H * sizeof *O);
    /* a held-out tenth measures the loss on unseen positions */
    size_t *idx = malloc(ndata * sizeof *idx);
    if (!idx) die("out of memory");
    for (size_t i = 0; i < ndata; i++) idx[i] = i;
    for (size_t i = ndata - 1; i > 0; i--) {
        size_t j = rnd() % (i + 1), t = idx[i];
        idx[i] = idx[j], idx[j] = t;
    }
    size_t nval = ndata / 10, ntrain = ndata - nval;
    double hce_loss = 0;
    for (size_t k = ntrain; k < ndata; k++) {
        const tsample *s = &data[idx[k]];
        double d = 1.0 / (1.0 + exp(-s->hce / 400.0)) - s->target;
        hce_loss += d * d;
    }
    fprintf(stderr, "hand-written evaluation: validation loss %.6f\n", hce_loss / (double)nval);
    worker ws[8];
    for (int t = 0; t < nthreads; t++) {
        ws[t].gW = t ? fcalloc(nw) : gW;
        ws[t].gB = t ? fcalloc((size_t)H) : gB;
        ws[t].gO = t ? fcalloc(no) : gO;
        ws[t].acc = fcalloc(2 * (size_t)H);
    }
    long step = 0;
    for (int ep = 1; ep <= epochs; ep++) {
        for (size_t i = ntrain - 1; i > 0; i--) {
            size_t j = rnd() % (i + 1), t = idx[i];
            idx[i] = idx[j], idx[j] = t;
        }
        double loss = 0;
        float elr = (float)(lr * (ep > epochs * 3 / 4 ? 0.1 : 1.0));
        for (size_t b0 = 0; b0 < ntrain; b0 += (size_t)batch) {
            size_t b1 = b0 + (size_t)batch < ntrain ? b0 + (size_t)batch : ntrain;
            pthread_t th[8];
            for (int t = 0; t < nthreads; t++) {
                memset(ws[t].gW, 0, nw * sizeof(float));
                memset(ws[t].gB, 0, (size_t)H * sizeof(float));
                memset(ws[t].gO, 0, no * sizeof(float));
                memset(ws[t].gob, 0, sizeof ws[t].gob);
                ws[t].loss = 0;
                ws[t].idx = idx;
                ws[t].lo = b0 + (b1 - b0) * (size_t)t / (size_t)nthreads;
                ws[t].hi = b0 + (b1 - b0) * (size_t)(t + 1) / (size_t)nthreads;
                if (t && pthread_create(&th[t], NULL, work, &ws[t])) die("pthread_create failed");
            }
            work(&ws[0]);
            for (int k = 0; k < NO; k++) gob[k] = (float)ws[0].gob[k];
            loss += ws[0].loss;
            for (int t = 1; t < nthreads; t++) {
                pthread_join(th[t], NULL);
                for (size_t i = 0; i < nw; i++) gW[i] += ws[t].gW[i];
                for (int i = 0; i < H; i++) gB[i] += ws[t].gB[i];
                for (size_t i = 0; i < no; i++) gO[i] += ws[t].gO[i];
                for (int k = 0; k < NO; k++) gob[k] += (float)ws[t].gob[k];
                loss += ws[t].loss;
            }
            float inv = 1.0f / (float)(b1 - b0);
            for (size_t i = 0; i < nw; i++) gW[i] *= inv;
            for (int i = 0; i < H; i++) gB[i] *= inv;
            for (size_t i = 0; i < no; i++) gO[i] *= inv;
            for (int k = 0; k < NO; k++) gob[k] *= inv;
            step++;
            float c1 = 1 - powf(0.9f, (float)step), c2 = 1 - powf(0.999f, (float)step);
            adam(W, gW, mW, vW, nw, elr, c1, c2);
            adam(B, gB, mB, vB, (size_t)H, elr, c1, c2);
            adam(O, gO, mO, vO, no, elr, c1, c2);
            adam(ob, gob, mob_, vob, (size_t)NO, elr, c1, c2);
            /* the quantised output weights must fit: |O| x QB <= 32767 (SCReLU: <= its WMAX) */
            float omax = screlu ? (float)CHCI_NNUE_SCRELU_WMAX / CHCI_NNUE_QB - 0.008f : 100;
            for (size_t i = 0; i < no; i++) O[i] = O[i] > omax ? omax : O[i] < -omax ? -omax : O[i];
            for (size_t i = 0; i < nw; i++) W[i] = W[i] > 1.9f ? 1.9f : W[i] < -1.9f ? -1.9f : W[i];
        }
        /* validation */
        ws[0].lo = ntrain, ws[0].hi = ndata, ws[0].loss = 0;
        work(&ws[0]);
        fprintf(stderr, "epoch %d train loss %.6f validation loss %.6f\n", ep, loss / (double)ntrain,
                ws[0].loss / (double)nval);
    }
    /* quantise: accumulator weights and biases x QA, output weights x QB, output bias x QA QB;
       the engine's score is out x 400 / (QA QB) */
    size_t nbytes = chci_nnue_file_size(NB);
    unsigned char *buf = malloc(nbytes);
    if (!buf) die("out of memory");
    unsigned char *p = buf;
    memcpy(p, screlu ? CHCI_NNUE_MAGIC3 : NB ? CHCI_NNUE_MAGIC2 : residual ? CHCI_NNUE_MAGIC_RESIDUAL : CHCI_NNUE_MAGIC, 8),
        p += 8;
    uint32_t h32 = (uint32_t)H, nb32 = (uint32_t)NB;
    for (int k = 0; k < 4; k++) *p++ = (unsigned char)(h32 >> (8 * k));
    if (NB)
        for (int k = 0; k < 4; k++) *p++ = (unsigned char)(nb32 >> (8 * k));
#define PUT16(v)                                                                                   \
    do {                                                                                           \
        long q_ = lroundf(v);                                                                      \
        if (q_ > 32767) q_ = 32767;                                                                \
        if (q_ < -32767) q_ = -32767;                                                              \
        uint16_t u_ = (uint16_t)(int16_t)q_;                                                       \
        *p++ = (unsigned char)(u_ & 0xFF);                                                         \
        *p++ = (unsigned char)(u_ >> 8);                                                           \
    } while (0)
    for (size_t i = 0; i < nw; i++) PUT16(W[i] * CHCI_NNUE_QA);
    for (int i = 0; i < H; i++) PUT16(B[i] * CHCI_NNUE_QA);
    for (size_t i = 0; i < no; i++) PUT16(O[i] * CHCI_NNUE_QB);
    for (int b = 0; b < NO; b++) {
        int32_t obq = (int32_t)lroundf(ob[b] * CHCI_NNUE_QA * CHCI_NNUE_QB);
        for (int k = 0; k < 4; k++) *p++ = (unsigned char)((uint32_t)obq >> (8 * k));
    }
    if ((size_t)(p - buf) != nbytes) die("internal: net size");
    /* the quantised net's validation loss (the engine's integer arithmetic) */
    {
        static chci_nnue_net qn;
        char err[128];
        if (chci_nnue_load(&qn, buf, nbytes, err, sizeof err)) die(err);
        double ql = 0, fl = 0;
        for (size_t k = ntrain; k < ndata; k++) {
            const tsample *s = &data[idx[k]];
            chci_nnue_acc a;
            for (int pp = 0; pp < 2; pp++) {
                memcpy(a.v[pp], qn.b, sizeof qn.b);
                for (int j = 0; j < s->n; j++)
                    for (int i = 0; i < H; i++) a.v[pp][i] = (int16_t)(a.v[pp][i] + qn.w[s->f[pp][j]][i]);
            }
            /* v[0] holds the side to move's perspective here: output with side 0 */
            int cp = chci_nnue_output(&qn, &a, 0, s->n) + (residual ? s->hce : 0);
            double d = 1.0 / (1.0 + exp(-cp / 400.0)) - s->target;
            ql += d * d;
            float *acc = ws[0].acc;
            for (int pp = 0; pp < 2; pp++) {
                memcpy(acc + pp * H, B, (size_t)H * sizeof *acc);
                for (int j = 0; j < s->n; j++)
                    for (int i = 0; i < H; i++) acc[pp * H + i] += W[(size_t)s->f[pp][j] * H + i];
            }
            int bk = sample_bucket(s);
            float out = ob[bk] + (residual ? s->hce / 400.0f : 0);
            for (int i = 0; i < 2 * H; i++) out += act(acc[i]) * O[(size_t)bk * 2 * H + i];
            double e2 = 1.0 / (1.0 + exp(-(double)out)) - s->target;
            fl += e2 * e2;
        }
        fprintf(stderr, "validation loss: float net %.6f, quantised net %.6f\n", fl / (double)nval, ql / (double)nval);
    }
    /* a name ending in .inc: the bytes as a C initializer (src/engine/nnue_net.inc, which
       src/engine/nnue.c includes); otherwise the binary net file */
    size_t ol = strlen(out_path);
    int as_c = ol > 4 && strcmp(out_path + ol - 4, ".inc") == 0;
    FILE *f = fopen(out_path, as_c ? "w" : "wb");
    if (!f) die("cannot write the net file");
    if (as_c) {
        fprintf(f, "/* The engine's evaluation network as bytes: the net file format of engine/nnue.h (%zu bytes).\n"
                   " * Written by `tools/nnue_train train ... -o src/engine/nnue_net.inc` (docs/engine.md,\n"
                   " * \"Evaluation network\"); included by src/engine/nnue.c. Do not edit. */\n", nbytes);
        for (size_t i = 0; i < nbytes; i++)
            fprintf(f, "0x%02x,%s", (unsigned)(unsigned char)buf[i], i % 16 == 15 || i + 1 == nbytes ? "\n" : "");
        if (ferror(f) | fclose(f)) die("cannot write the net file");
    } else if (fwrite(buf, 1, nbytes, f) != nbytes || fclose(f)) {
        die("cannot write the net file");
    }
    fprintf(stderr, "nnue_train: wrote %s (%zu bytes)\n", out_path, nbytes);
    for (int t = 0; t < nthreads; t++) {
        if (t) free(ws[t].gW), free(ws[t].gB), free(ws[t].gO);
        free(ws[t].acc);
    }
    free(idx);
    free(buf);
    return 0;
}

/* ------------------------------------------------------------------ selfplay */

/* Plays the random opening of a game into g (from the standard start); returns 0 when the
   game ended on the way (drawn again by the caller). */
static int random_opening(chc_game *g, int plies)
{
    chc_game_reset(g, NULL);
    for (int k = 0; k < plies; k++) {
        chc_move mv[CHC_MAX_MOVES];
        int n = chc_legal_moves(chc_game_current(g), mv, CHC_GEN_ALL);
        if (n <= 0) return 0;
        if (chc_game_push(g, mv[rnd() % (uint64_t)n]) != CHC_OK) die("selfplay: a random move was refused");
    }
    return chc_game_outcome(g) == CHC_OUTCOME_NONE;
}

static int cmd_selfplay(int argc, char **argv)
{
    long games = 100;
    uint64_t nodes = 8000;
    int random_plies = 8;
    size_t hash_mb = 16;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--games") && i + 1 < argc) games = atol(argv[++i]);
        else if (!strcmp(argv[i], "--nodes") && i + 1 < argc) nodes = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--random-plies") && i + 1 < argc) random_plies = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) rng = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--hash") && i + 1 < argc) hash_mb = (size_t)atol(argv[++i]);
        else die("selfplay: unknown option");
    }
    if (games < 0 || nodes < 1 || random_plies < 0 || random_plies > 40 || hash_mb < 1)
        die("selfplay: an option is out of range");
    chc_engine *e = chc_engine_new(hash_mb);
    chc_game *g = chc_game_new();
    size_t cap = 1 << 16;
    char *pgn = malloc(cap);
    chc_move *moves = malloc(sizeof *moves * 512);
    if (!e || !g || !pgn || !moves) die("out of memory");
    long plies_total = 0, decisive = 0;
    for (long gi = 0; gi < games; gi++) {
        int opening = random_plies + (int)(gi & 1);
        chc_search_limits lim = {0};
        lim.nodes = nodes;
        chc_search_result res;
        for (;;) { /* draw openings until one is playable and roughly level */
            chc_engine_clear(e);
            if (!random_opening(g, opening)) continue;
            /* the score of the position the game starts from */
            for (int k = 0; k < opening; k++) moves[k] = chc_game_move(g, (size_t)k);
            if (chc_engine_search(e, chc_game_start(g), moves, opening, &lim, NULL, NULL, &res) == CHC_OK &&
                res.score >= -300 && res.score <= 300)
                break;
        }
        int n = opening, win_run = 0, win_side = 0, draw_run = 0, result = CHC_RESULT_UNKNOWN;
        int term = CHC_TERM_ADJUDICATION;
        chc_engine_clear(e);
        for (;;) {
            int outcome = chc_game_outcome(g);
            if (outcome != CHC_OUTCOME_NONE) {
                result = chc_outcome_result(outcome, chc_game_current(g));
                term = (int)outcome; /* enum chc_termination numbers the rule endings alike */
                break;
            }
            if (n >= 400) {
                result = CHC_RESULT_DRAW;
                break;
            }
            if (chc_engine_search(e, chc_game_start(g), moves, n, &lim, NULL, NULL, &res) != CHC_OK ||
                res.best == CHC_MOVE_NONE)
                die("selfplay: the engine found no move in a live position");
            int white = chc_game_current(g)->side == CHC_WHITE;
            int s = white ? res.score : -res.score;
            if (s >= 1000 || s <= -1000) {
                int side = s > 0 ? 1 : -1;
                win_run = side == win_side ? win_run + 1 : 1;
                win_side = side;
            } else {
                win_run = 0;
            }
            draw_run = s >= -10 && s <= 10 ? draw_run + 1 : 0;
            if (win_run >= 8) {
                result = win_side > 0 ? CHC_RESULT_WHITE_WINS : CHC_RESULT_BLACK_WINS;
                break;
            }
            if (n >= 80 && draw_run >= 12) {
                result = CHC_RESULT_DRAW;
                break;
            }
            if (chc_game_push(g, res.best) != CHC_OK) die("selfplay: the engine's move was refused");
            moves[n++] = res.best;
        }
        if (chc_game_set_termination(g, term, result) != CHC_OK) die("selfplay: cannot set the result");
        char num[24];
        snprintf(num, sizeof num, "%ld", gi + 1);
        if (chc_game_set_tag(g, "Event", "selfplay") != CHC_OK || chc_game_set_tag(g, "Round", num) != CHC_OK)
            die("out of memory");
        size_t len;
        while (chc_pgn_write(g, 0, pgn, cap, &len, NULL) == CHC_E_BUFFER_TOO_SMALL) {
            cap = len + 1;
            if (!(pgn = realloc(pgn, cap))) die("out of memory");
        }
        fwrite(pgn, 1, len, stdout);
        plies_total += n;
        decisive += result != CHC_RESULT_DRAW;
        if ((gi + 1) % 100 == 0)
            fprintf(stderr, "nnue_train selfplay: %ld games, %ld plies, %ld decisive\n", gi + 1, plies_total, decisive);
    }
    if (fflush(stdout) || ferror(stdout)) die("cannot write the games");
    fprintf(stderr, "nnue_train selfplay: %ld games, %ld plies, %ld decisive\n", games, plies_total, decisive);
    free(moves);
    free(pgn);
    chc_game_free(g);
    chc_engine_free(e);
    return 0;
}

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);
    if (argc < 2) {
        fprintf(stderr, "usage: nnue_train label|train|selfplay [options] (see the comment in tools/nnue_train.c)\n");
        return 2;
    }
    if (!strcmp(argv[1], "label")) return cmd_label(argc - 2, argv + 2);
    if (!strcmp(argv[1], "train")) return cmd_train(argc - 2, argv + 2);
    if (!strcmp(argv[1], "selfplay")) return cmd_selfplay(argc - 2, argv + 2);
    fprintf(stderr, "nnue_train: unknown command '%s'\n", argv[1]);
    return 2;
}
