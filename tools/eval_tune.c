/* eval_tune: tunes the engine's evaluation weights (src/engine/eval_weights.h) by logistic
 * regression on labelled positions ("Texel tuning" with an analytic gradient).
 *
 *   eval_tune sample [--every N] [--min-ply P] [--seed S] [--perturb K] < games.pgn > positions.txt
 *       Samples positions from the main lines of the games (one in N plies from ply P on, not
 *       in check), follows a capture-only search of our evaluation to a quiet position, and
 *       writes "FEN|result" (result from white's side: 1, 0.5 or 0). --perturb K also writes,
 *       for each sampled position, K positions reached by one pseudo-random legal move from it
 *       (uniform over the legal moves, drawn from --seed's generator), each resolved to a quiet
 *       position the same way: the kind of position a search meets after a poor move. With
 *       K = 0 (the default) the output does not depend on it.
 *   eval_tune label [--depth D] [--engine PATH] < positions.txt > labelled.txt
 *       Appends "|score" to each line: the reference engine's (default Stockfish) search score
 *       at depth D (default 7), in centipawns from white's side (mates as +-2000).
 *   eval_tune fit [--lambda L] [--epochs N] [--rate R] [--reg G] labelled.txt... > eval_weights.h
 *       Fits every weight to target = L * result + (1 - L) * sigmoid(score) (default L 0.2),
 *       starting from the current weights, with Adam (step R cp, default 1) on the mean
 *       squared error of sigmoid(K * eval) plus G (default 2e-9) times the squared distance
 *       to the starting weights, and writes the new weights file. Progress goes to stderr.
 *
 * Tuning data is not kept in the repository: see docs/engine.md for the recipe. */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chesscodec.h"
#include "core/position.h"
#include "engine/engine.h"
#include "engine_pipe.h"

static void die(const char *msg)
{
    fprintf(stderr, "eval_tune: %s\n", msg);
    exit(1);
}

/* ------------------------------------------------------------------ sample */

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;
static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Capture-only search (stand pat on our evaluation); fills pv, returns its score. */
static int quiesce(chc_position *pos, int alpha, int beta, int ply, chc_move *pv, int *pvlen)
{
    *pvlen = 0;
    int stand = chci_evaluate(pos, NULL);
    if (stand >= beta || ply >= 12) return stand;
    if (stand > alpha) alpha = stand;
    chc_move moves[CHC_MAX_MOVES];
    int n = chc_legal_moves(pos, moves, CHC_GEN_CAPTURES);
    int order[CHC_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        int to = CHC_MOVE_TO(moves[i]);
        int victim = pos->board[to] ? CHC_PIECE_TYPE(pos->board[to]) : CHC_PAWN;
        order[i] = chci_see_value[victim] * 8 - CHC_PIECE_TYPE(pos->board[CHC_MOVE_FROM(moves[i])]);
    }
    chc_move sub[16];
    for (int i = 0; i < n; i++) {
        int b = i;
        for (int j = i + 1; j < n; j++)
            if (order[j] > order[b]) b = j;
        chc_move m = moves[b];
        moves[b] = moves[i];
        order[b] = order[i];
        moves[i] = m;
        if (chci_see(pos, m) < 0) continue;
        chc_undo u;
        chc_make_move(pos, m, &u);
        int sublen;
        int s = -quiesce(pos, -beta, -alpha, ply + 1, sub, &sublen);
        chc_unmake_move(pos, m, &u);
        if (s > alpha) {
            alpha = s;
            pv[0] = m;
            memcpy(pv + 1, sub, (size_t)sublen * sizeof *sub);
            *pvlen = sublen + 1 < 15 ? sublen + 1 : 15;
            if (s >= beta) break;
        }
    }
    return alpha;
}

static size_t read_stdin(void *ctx, char *buf, size_t cap)
{
    (void)ctx;
    size_t n = fread(buf, 1, cap, stdin);
    return n == 0 && ferror(stdin) ? (size_t)-1 : n;
}

/* Resolves pos to a quiet position by the capture search and writes it as "FEN|result"; returns
 * 1 when written (not in check after the captures, and with a legal move). */
static int write_quiet(chc_position pos, const char *rs)
{
    chc_move pv[16];
    int len;
    quiesce(&pos, -30000, 30000, 0, pv, &len);
    for (int i = 0; i < len; i++) {
        chc_undo u;
        chc_make_move(&pos, pv[i], &u);
    }
    if (pos.checkers || chc_count_legal_moves(&pos) == 0) return 0;
    char fen[CHC_FEN_MAX];
    chc_position_to_fen(&pos, fen, sizeof fen, 0);
    printf("%s|%s\n", fen, rs);
    return 1;
}

static int cmd_sample(int argc, char **argv)
{
    int every = 8, min_ply = 12, perturb = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--every") && i + 1 < argc) every = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--min-ply") && i + 1 < argc) min_ply = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) rng_state = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--perturb") && i + 1 < argc) perturb = atoi(argv[++i]);
        else die("sample: unknown option");
    }
    if (every < 1) every = 1;
    chc_pgn_reader *r = chc_pgn_reader_new(read_stdin, NULL, CHC_PGN_MAINLINE_ONLY | CHC_PGN_NO_COMMENTS);
    chc_game *g = chc_game_new();
    if (!r || !g) die("out of memory");
    long games = 0, written = 0;
    for (;;) {
        chc_diag d;
        int rc = chc_pgn_read_game(r, g, &d);
        if (rc == CHC_E_GAME_END || rc == CHC_E_IO) break;
        if (rc != CHC_OK) continue;
        int res = chc_game_result(g);
        const char *rs = res == CHC_RESULT_WHITE_WINS ? "1" : res == CHC_RESULT_BLACK_WINS ? "0"
                       : res == CHC_RESULT_DRAW       ? "0.5" : NULL;
        if (!rs || chc_game_start(g)->chess960) continue;
        games++;
        size_t plies = chc_game_ply_count(g);
        for (size_t ply = (size_t)min_ply; ply < plies; ply++) {
            if (rng_next() % (uint64_t)every) continue;
            chc_position pos;
            if (chc_game_position(g, ply, &pos) != CHC_OK || pos.checkers) continue;
            written += write_quiet(pos, rs);
            for (int k = 0; k < perturb; k++) {
                chc_move moves[CHC_MAX_MOVES];
                int n = chc_legal_moves(&pos, moves, CHC_GEN_ALL);
                if (n <= 0) break;
                chc_position next = pos;
                chc_undo u;
                chc_make_move(&next, moves[rng_next() % (uint64_t)n], &u);
                if (!next.checkers) written += write_quiet(next, rs);
            }
        }
    }
    fprintf(stderr, "eval_tune sample: %ld games, %ld positions\n", games, written);
    chc_game_free(g);
    chc_pgn_reader_free(r);
    return 0;
}

/* ------------------------------------------------------------------ label */

static int cmd_label(int argc, char **argv)
{
    int depth = 7;
    const char *engine = "/usr/games/stockfish";
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--depth") && i + 1 < argc) depth = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--engine") && i + 1 < argc) engine = argv[++i];
        else die("label: unknown option");
    }
    FILE *out, *in;
    const char *why;
    pid_t pid;
    if (engine_pipe_start(engine, 16, &out, &in, &pid, &why)) die(why);
    char line[4096], buf[4096];
    long n = 0;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        char *bar = strchr(line, '|');
        if (!bar) continue;
        *bar = 0;
        int black = strstr(line, " b ") != NULL;
        fprintf(out, "position fen %s\ngo depth %d\n", line, depth);
        fflush(out);
        int score = 0, have = 0;
        while (fgets(buf, sizeof buf, in)) {
            if (!strncmp(buf, "bestmove", 8)) break;
            char *p = strstr(buf, " score ");
            if (!p || strstr(buf, "bound")) continue;
            int v;
            if (sscanf(p, " score cp %d", &v) == 1) score = v, have = 1;
            else if (sscanf(p, " score mate %d", &v) == 1) score = v > 0 ? 2000 : -2000, have = 1;
        }
        if (!have) continue;
        if (black) score = -score;
        printf("%s|%s|%d\n", line, bar + 1, score);
        if (++n % 10000 == 0) fprintf(stderr, "eval_tune label: %ld\n", n);
    }
    fprintf(out, "quit\n");
    fclose(out);
    fclose(in);
    waitpid(pid, NULL, 0);
    return 0;
}

/* ------------------------------------------------------------------ fit */

typedef struct {
    uint32_t first; /* into the term arrays */
    uint16_t nterms;
    uint8_t phase, scale;
    int16_t post;
    float target;
} sample_t;

static uint16_t *term_idx;
static int16_t *term_coef;
static size_t nterm, term_cap;
static sample_t *samples;
static size_t nsamples, samples_cap;

static size_t trace_mismatch;
static double eval_sample(const sample_t *s, const double (*w)[2]);

/* Loads "FEN|result[|score]" lines; w (the current weights) checks each trace against the
 * evaluation. */
static void load_file(const char *path, double lambda, double k_label, const double (*w)[2])
{
    FILE *f = fopen(path, "r");
    if (!f) die("cannot open a data file");
    char line[4096];
    chci_eval_trace tr;
    while (fgets(line, sizeof line, f)) {
        char *a = strchr(line, '|');
        if (!a) continue;
        *a++ = 0;
        char *b = strchr(a, '|');
        double result = atof(a), score = b ? atof(b + 1) : 0;
        chc_position pos;
        if (chc_position_from_fen(&pos, line, 0, NULL) != CHC_OK) continue;
        int ev = chci_evaluate_trace(&pos, chci_eval_weights, &tr);
        if (nsamples == samples_cap) {
            samples_cap = samples_cap ? samples_cap * 2 : 1 << 16;
            samples = realloc(samples, samples_cap * sizeof *samples);
            if (!samples) die("out of memory");
        }
        sample_t *s = &samples[nsamples++];
        s->first = (uint32_t)nterm;
        s->nterms = 0;
        s->phase = (uint8_t)tr.phase;
        s->scale = (uint8_t)tr.scale;
        s->post = (int16_t)tr.eg_post;
        double sig = b ? 1.0 / (1.0 + exp(-k_label * score)) : result;
        s->target = (float)(lambda * result + (1 - lambda) * sig);
        for (int i = 0; i < EP_COUNT; i++) {
            if (!tr.coef[i]) continue;
            if (nterm == term_cap) {
                term_cap = term_cap ? term_cap * 2 : 1 << 20;
                term_idx = realloc(term_idx, term_cap * sizeof *term_idx);
                term_coef = realloc(term_coef, term_cap * sizeof *term_coef);
                if (!term_idx || !term_coef) die("out of memory");
            }
            term_idx[nterm] = (uint16_t)i;
            term_coef[nterm++] = (int16_t)tr.coef[i];
            s->nterms++;
        }
        if (fabs(eval_sample(s, w) - ev) > 2) trace_mismatch++;
    }
    fclose(f);
}

static double eval_sample(const sample_t *s, const double (*w)[2])
{
    double mg = 0, eg = 0;
    for (uint32_t j = s->first; j < s->first + s->nterms; j++) {
        mg += w[term_idx[j]][0] * term_coef[j];
        eg += w[term_idx[j]][1] * term_coef[j];
    }
    eg = eg * s->scale / 16.0 + s->post;
    return (mg * s->phase + eg * (24 - s->phase)) / 24.0;
}

static double total_error(const double (*w)[2], double k)
{
    double err = 0;
    for (size_t i = 0; i < nsamples; i++) {
        double sig = 1.0 / (1.0 + exp(-k * eval_sample(&samples[i], w)));
        err += (sig - samples[i].target) * (sig - samples[i].target);
    }
    return err / (double)nsamples;
}

static const char *param_name(int i, char *buf, size_t cap)
{
    static const char *const pieces = "PNBRQK";
    static const char *const misc[] = {"bishop pair", "doubled", "isolated", "backward", "passed free",
                                       "passed king own", "passed king their", "passed blocked",
                                       "rook open", "rook semi", "rook seventh", "outpost N", "outpost B",
                                       "threat pawn", "threat minor", "threat rook", "hanging", "shield1",
                                       "shield2", "shield open", "shield open2", "tempo",
                                       "safe check N", "safe check B", "safe check R", "safe check Q",
                                       "bishop pawns", "king pawn dist", "minor behind pawn",
                                       "passed stop attacked"};
    if (i < EP_PST) snprintf(buf, cap, "material %c", pieces[i - EP_MATERIAL]);
    else if (i < EP_MOB_N) {
        int t = (i - EP_PST) / 64, sq = (i - EP_PST) % 64;
        snprintf(buf, cap, "pst %c %c%d", pieces[t], 'a' + (sq & 7), (sq >> 3) + 1);
    } else if (i < EP_MOB_B) snprintf(buf, cap, "mobility N %d", i - EP_MOB_N);
    else if (i < EP_MOB_R) snprintf(buf, cap, "mobility B %d", i - EP_MOB_B);
    else if (i < EP_MOB_Q) snprintf(buf, cap, "mobility R %d", i - EP_MOB_R);
    else if (i < EP_KING_ATT) snprintf(buf, cap, "mobility Q %d", i - EP_MOB_Q);
    else if (i < EP_KING_ATT_NOQ) snprintf(buf, cap, "king attack %d", i - EP_KING_ATT);
    else if (i < EP_PASSED) snprintf(buf, cap, "king attack no queen %d", i - EP_KING_ATT_NOQ);
    else if (i < EP_SUPPORTED) snprintf(buf, cap, "passed rank %d", i - EP_PASSED + 1);
    else if (i < EP_PHALANX) snprintf(buf, cap, "supported rank %d", i - EP_SUPPORTED + 1);
    else if (i < EP_BISHOP_PAIR) snprintf(buf, cap, "phalanx rank %d", i - EP_PHALANX + 1);
    else if (i < EP_STORM) snprintf(buf, cap, "%s", misc[i - EP_BISHOP_PAIR]);
    else snprintf(buf, cap, "storm rank %d", i - EP_STORM + 1);
    return buf;
}

static int cmd_fit(int argc, char **argv)
{
    double lambda = 0.2, rate = 1.0, reg = 2e-9;
    int epochs = 1500;
    /* the reference engine's centipawns become an expected score on the classical
       ln(10)/400 scale (--label-k changes it) */
    double k_label = log(10.0) / 400.0;
    int nfiles = 0;
    const char *files[64];
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--lambda") && i + 1 < argc) lambda = atof(argv[++i]);
        else if (!strcmp(argv[i], "--epochs") && i + 1 < argc) epochs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--rate") && i + 1 < argc) rate = atof(argv[++i]);
        else if (!strcmp(argv[i], "--reg") && i + 1 < argc) reg = atof(argv[++i]);
        else if (!strcmp(argv[i], "--label-k") && i + 1 < argc) k_label = atof(argv[++i]);
        else if (argv[i][0] == '-') die("fit: unknown option");
        else if (nfiles < 64) files[nfiles++] = argv[i];
    }
    if (!nfiles) die("fit: no data files");
    static double w[EP_COUNT][2], m1[EP_COUNT][2], m2[EP_COUNT][2], grad[EP_COUNT][2];
    for (int i = 0; i < EP_COUNT; i++)
        for (int p = 0; p < 2; p++) w[i][p] = chci_eval_weights[i][p];
    for (int i = 0; i < nfiles; i++) load_file(files[i], lambda, k_label, (const double(*)[2])w);
    fprintf(stderr, "eval_tune fit: %zu positions, %zu terms\n", nsamples, nterm);
    if (!nsamples) die("no positions");
    if (trace_mismatch) fprintf(stderr, "warning: %zu positions where the trace differs from the evaluation\n", trace_mismatch);
    /* the K that best fits the current weights */
    double k = log(10.0) / 400.0, best = total_error((const double(*)[2])w, k);
    for (double step = k / 2; step > 1e-7; step /= 2) {
        double up = total_error((const double(*)[2])w, k + step), dn = total_error((const double(*)[2])w, k - step);
        if (up < best) best = up, k += step;
        else if (dn < best && k - step > 0) best = dn, k -= step;
    }
    fprintf(stderr, "K = %.6f (ln10/400 = %.6f), start error %.6f\n", k, log(10.0) / 400.0, best);

    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    for (int ep = 1; ep <= epochs; ep++) {
        memset(grad, 0, sizeof grad);
        double err = 0;
        for (size_t i = 0; i < nsamples; i++) {
            const sample_t *s = &samples[i];
            double e = eval_sample(s, (const double(*)[2])w);
            double sig = 1.0 / (1.0 + exp(-k * e));
            double diff = sig - s->target;
            err += diff * diff;
            double g = 2 * diff * sig * (1 - sig) * k;
            double gm = g * s->phase / 24.0, ge = g * (24 - s->phase) / 24.0 * s->scale / 16.0;
            for (uint32_t j = s->first; j < s->first + s->nterms; j++) {
                grad[term_idx[j]][0] += gm * term_coef[j];
                grad[term_idx[j]][1] += ge * term_coef[j];
            }
        }
        for (int i = 0; i < EP_COUNT; i++)
            for (int p = 0; p < 2; p++) {
                if (i == EP_MATERIAL + CHC_KING - 1) continue;
                if (p == 1 && i >= EP_KING_ATT && i < EP_PASSED) continue; /* king attack: middle game only */
                /* the pull towards the starting weights keeps rarely seen weights sensible */
                double gr = grad[i][p] / (double)nsamples + reg * (w[i][p] - chci_eval_weights[i][p]);
                m1[i][p] = b1 * m1[i][p] + (1 - b1) * gr;
                m2[i][p] = b2 * m2[i][p] + (1 - b2) * gr * gr;
                double mh = m1[i][p] / (1 - pow(b1, ep)), vh = m2[i][p] / (1 - pow(b2, ep));
                w[i][p] -= rate * mh / (sqrt(vh) + eps);
            }
        if (ep % 50 == 0 || ep == 1) fprintf(stderr, "epoch %d error %.6f\n", ep, err / (double)nsamples);
    }
    printf("/* The evaluation's weights, {middle game, end game}, in the order of the EP_ indices in\n"
           " * engine/engine.h. Written by tools/eval_tune.c (`eval_tune fit`, %zu positions,\n"
           " * lambda %.2f, %d epochs); re-tune rather than edit by hand. */\n",
           nsamples, lambda, epochs);
    printf("const int chci_eval_weights[EP_COUNT][2] = {\n");
    for (int i = 0; i < EP_COUNT; i++) {
        char name[64];
        printf("    {%d, %d}, /* %s */\n", (int)lround(w[i][0]), (int)lround(w[i][1]), param_name(i, name, sizeof name));
    }
    printf("};\n");
    return 0;
}

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);
    if (argc < 2) {
        fprintf(stderr, "usage: eval_tune sample|label|fit [options] (see the comment in tools/eval_tune.c)\n");
        return 2;
    }
    if (!strcmp(argv[1], "sample")) return cmd_sample(argc - 2, argv + 2);
    if (!strcmp(argv[1], "label")) return cmd_label(argc - 2, argv + 2);
    if (!strcmp(argv[1], "fit")) return cmd_fit(argc - 2, argv + 2);
    fprintf(stderr, "eval_tune: unknown command '%s'\n", argv[1]);
    return 2;
}
