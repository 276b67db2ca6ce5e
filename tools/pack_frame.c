/* pack_frame: the pack game code's per-game overhead, measured exactly (toward version 2).
 *
 * Usage: pack_frame [--write-tables DIR] [DATA_DIR]     (default: pt_data_dir(), $CHC_SHARED/data/games or ../shared/data/games)
 *   --write-tables DIR  counts the end and result tables on the training games and writes them
 *                       as the draft codec's frozen data (DIR/v2d_end.inc, v2d_result.inc;
 *                       DIR is src/pack/draft), then stops.
 *
 * For the lichess evaluation split (lichess-65k, game i with i % 10 == 0), every magnus game
 * and every Chess960 game, with each game's own result and at level 1:
 *
 *  1. version 1's whole code: the library's binary code (chc_pack_game_encode()) and text
 *     form lengths, and its parts as exact entropy sums of the integer frequencies the codec
 *     uses: the model (the moves), the header (start kind, level, Scharnagl number), the
 *     end-of-game flag (63/64 a ply, 1/64 at the end), the result, the version byte; the flush
 *     is what the real code takes beyond those sums.
 *  2. a candidate version-2 framing, coded with the real range coder (pack_rc.h) and the same
 *     model 1 frequencies for the moves, so that only the framing differs:
 *       - the version as the first symbol of the range coder, the interval [3, 252)/256:
 *         the first byte is then 2..251 (3, not 2: r = (2^32 - 1) / 256 falls short of
 *         2^24); v1's version byte is 01, and bytes 0xFC..0xFF give a text starting with '_',
 *         v1's version character;
 *       - start kind standard 60/64 as v1; level 1 62/64 (v1: 48/64);
 *       - the end of the game as a probability by context (ply bucket, material balance of
 *         the side to move, in check, a repeated position, the last move a capture), counted
 *         on the lichess training games (i % 10 != 0), 12-bit integer frequencies;
 *       - the result, when the game did not end in mate or stalemate, by context (material
 *         balance of the side that moved last, in check, repetition, ply bucket), counted on
 *         the training games; after mate or stalemate v1's tables;
 *       - the binary form flushed as v1 (the fewest bytes, trailing zero bytes implied);
 *         the text form flushed at 6-bit granularity (the fewest characters whose value,
 *         padded with zero bits, lies in the final interval) plus the check character.
 *
 * Prints bits a ply for each part on each set. Findings: docs/formats/pack-game.md, "Toward
 * version 2". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/position.h"
#include "pack/draft/pack_draft.h"
#include "pack/pack_model.h"
#include "pack/pack_rc.h"
#include "pack_tools.h"

typedef pt_game game;

/* ---- version 1's move frequencies (pack_game.c: exptab, canonical order) ---- */
static uint32_t exptab[512];
static void exp_init(void)
{
    uint64_t x = (uint64_t)4096 << 32;
    for (int d = 0; d < 512; d++) {
        uint64_t v = (x + (1ull << 31)) >> 32;
        exptab[d] = v ? (uint32_t)v : 1;
        x = (uint64_t)(((unsigned __int128)x * 4162825044u) >> 32);
    }
}

/* The played move's interval in canonical order. */
static void move_interval(const chc_position *pos, const chci_pm_state *st, const chc_move *mv,
                          int n, int idx, uint32_t *freq, uint32_t *cum, uint32_t *tot)
{
    int32_t sc[CHC_MAX_MOVES], best = INT32_MIN;
    chci_pm_scores(pos, st, mv, n, sc);
    for (int i = 0; i < n; i++)
        if (sc[i] > best) best = sc[i];
    uint32_t t = 0, c = 0, k = mv[idx] & 0x7FFFu;
    for (int i = 0; i < n; i++) {
        int32_t d = best - sc[i];
        uint32_t f = exptab[d < 512 ? d : 511];
        t += f;
        if ((mv[i] & 0x7FFFu) < k) c += f;
        if (i == idx) *freq = f;
    }
    *cum = c;
    *tot = t;
}

/* ---- contexts: the draft codec's (src/pack/draft/pack_game_v2d.c) ---- */
#define END_CTX CHCI_V2D_END_CTX
#define RES_CTX CHCI_V2D_RES_CTX
#define END_BITS CHCI_V2D_END_BITS
#define end_ctx chci_v2d_end_ctx
#define res_ctx chci_v2d_res_ctx
#define res_sym chci_v2d_res_sym

static double cnt_end[END_CTX][2];    /* [ctx][0 another move, 1 end] */
static double cnt_res[RES_CTX][4];    /* mover wins, loses, draw, unknown */
static uint32_t end_f[END_CTX];       /* frequency of "end" of 2^END_BITS */
static uint32_t res_f[RES_CTX][4];

/* Walks one game: the current position and the keys of the positions so far (repetitions). */
typedef struct {
    chc_position pos;
    chci_v2d_hist h;
} walker;

static int rep_count(const walker *w)
{
    return chci_v2d_hist_rep(&w->h, &w->pos);
}

static void train_tables(game *li, size_t nl)
{
    for (size_t gi = 0; gi < nl; gi++) {
        if (gi % 10 == 0 || li[gi].n == 0) continue;
        walker w;
        w.pos = li[gi].start;
        chci_v2d_hist_init(&w.h);
        int lastcap = 0;
        chc_move mv[CHC_MAX_MOVES];
        size_t i;
        int nm = 0;
        for (i = 0;; i++) {
            if (chci_v2d_hist_push(&w.h, &w.pos)) exit(1);
            nm = chc_legal_moves(&w.pos, mv, CHC_GEN_ALL);
            if (nm == 0) break;
            int rep = rep_count(&w);
            int c = end_ctx(&w.pos, i, rep, lastcap, nm);
            if (i == li[gi].n) {
                cnt_end[c][1] += 1;
                break;
            }
            cnt_end[c][0] += 1;
            chc_move m = li[gi].moves[i];
            lastcap = (CHC_MOVE_FLAGS(m) & CHC_MF_CAPTURE) != 0;
            chc_undo u;
            chc_make_move(&w.pos, m, &u);
        }
        if (nm) {
            int rc = res_ctx(&w.pos, i, rep_count(&w));
            cnt_res[rc][res_sym(li[gi].result, w.pos.side ^ 1)] += 1;
        }
        chci_v2d_hist_free(&w.h);
    }
    for (int c = 0; c < END_CTX; c++) {
        double p = (cnt_end[c][1] + 0.4) / (cnt_end[c][0] + cnt_end[c][1] + 0.8);
        long f = lround(p * (1 << END_BITS));
        end_f[c] = (uint32_t)(f < 1 ? 1 : f > (1 << END_BITS) - 1 ? (1 << END_BITS) - 1 : f);
    }
    for (int c = 0; c < RES_CTX; c++) {
        double s = 0;
        for (int k = 0; k < 4; k++) s += cnt_res[c][k];
        for (int k = 0; k < 4; k++) {
            long f = lround((cnt_res[c][k] + 0.3) / (s + 1.2) * 252);
            res_f[c][k] = (uint32_t)(f < 1 ? 1 : f);
        }
    }
}

/* ---- measurement ---- */
typedef struct {
    double plies, games;
    double v1_bin, v1_text;  /* bits of the real codes */
    double model, header, endflag, endlast, result, version; /* v1 entropy parts */
    double v2_bin, v2_text, v2_model, v2_end, v2_res, v2_header, v2_version;
    double v2d_bin; /* the draft codec (frozen tables) with model 1 */
    double n960_hist[960];
} acc;

static double lg(uint32_t f, uint32_t t)
{
    return -log2((double)f / (double)t);
}

static void enc(chci_rc_enc *e, double *sum, uint32_t cum, uint32_t f, uint32_t t)
{
    chci_rc_encode(e, cum, f, t);
    *sum += lg(f, t);
}

/* Flushes e at bit granularity; returns the significant bits (the value's bits up to its
 * last one bit, counted from the first written byte). */
static double flush_bits(chci_rc_enc *e)
{
    int s = 32;
    uint64_t v = e->low;
    for (; s >= 0; s--) {
        uint64_t mask = (1ull << s) - 1;
        uint64_t x = (e->low + mask) & ~mask;
        if (x - e->low < e->range) {
            v = x;
            break;
        }
    }
    e->low = v;
    for (int i = 0; i < 5; i++) chci_rc_shift_low(e);
    return 8.0 * (double)e->len - s;
}

static int chess960_num(const chc_position *p)
{
    for (int k = 0; k < 960; k++) {
        chc_position q;
        if (chc_position_chess960(&q, k) == CHC_OK && !memcmp(q.board, p->board, 64) && q.side == p->side &&
            p->halfmove == 0 && p->fullmove == 1)
            return k;
    }
    return -1;
}

static void measure(game *gs, size_t ng, int evalsplit, acc *a)
{
    memset(a, 0, sizeof *a);
    chc_position std;
    chc_position_startpos(&std);
    for (size_t gi = 0; gi < ng; gi++) {
        if (evalsplit && gi % 10 != 0) continue;
        game *g = &gs[gi];
        if (!g->moves) continue;
        /* the real version-1 code */
        size_t cap = CHC_PACK_GAME_MAX(g->n), len = 0;
        uint8_t *buf = malloc(cap);
        if (chc_pack_game_encode(&g->start, g->moves, g->n, g->result, 0, buf, cap, &len, NULL) != CHC_OK) {
            free(buf);
            continue;
        }
        free(buf);
        a->games += 1;
        a->plies += (double)g->n;
        a->v1_bin += 8.0 * (double)len;
        a->v1_text += 6.0 * (2.0 + ceil(8.0 * (double)(len - 1) / 6.0));
        a->version += 8;
        /* header */
        int kind960 = 0, n960 = -1;
        if (memcmp(g->start.board, std.board, 64) || g->start.side != std.side) {
            n960 = g->start.chess960 ? chess960_num(&g->start) : -1;
            kind960 = n960 >= 0;
        }
        double h1 = kind960 ? lg(2, 64) + log2(960.0) : lg(60, 64);
        h1 += lg(48, 64);
        a->header += h1;
        if (n960 >= 0) a->n960_hist[n960] += 1;
        chci_rc_enc e;
        chci_rc_enc_init(&e, NULL, 0);
        double v2s = 0;
        enc(&e, &a->v2_version, 3, 249, 256); /* first byte 2..251: r = (2^32 - 1) / 256 < 2^24 */
        if (kind960) {
            enc(&e, &a->v2_header, 60, 2, 64);
            enc(&e, &a->v2_header, (uint32_t)n960, 1, 960);
        } else {
            enc(&e, &a->v2_header, 0, 60, 64);
        }
        enc(&e, &a->v2_header, 0, 62, 64);
        (void)v2s;
        walker w;
        w.pos = g->start;
        chci_v2d_hist_init(&w.h);
        int lastcap = 0;
        chci_pm_state st;
        chci_pm_init(&st, &chci_pm_model1, 1);
        chc_move mv[CHC_MAX_MOVES];
        size_t i;
        int nm = 0;
        for (i = 0;; i++) {
            if (chci_v2d_hist_push(&w.h, &w.pos)) exit(1);
            nm = chc_legal_moves(&w.pos, mv, CHC_GEN_ALL);
            if (nm == 0) break;
            int c = end_ctx(&w.pos, i, rep_count(&w), lastcap, nm);
            uint32_t fe = end_f[c], T = 1u << END_BITS;
            if (i == g->n) {
                a->endlast += lg(1, 64);
                enc(&e, &a->v2_end, T - fe, fe, T);
                break;
            }
            a->endflag += lg(63, 64);
            enc(&e, &a->v2_end, 0, T - fe, T);
            chc_move m = g->moves[i];
            int idx = -1;
            for (int j = 0; j < nm; j++)
                if (((mv[j] ^ m) & 0x7FFF) == 0) idx = j;
            if (nm > 1) {
                uint32_t f = 1, cum, tot;
                move_interval(&w.pos, &st, mv, nm, idx, &f, &cum, &tot);
                a->model += lg(f, tot);
                enc(&e, &a->v2_model, cum, f, tot);
            }
            lastcap = (CHC_MOVE_FLAGS(m) & CHC_MF_CAPTURE) != 0;
            chci_pm_played(&st, &w.pos, mv[idx]);
            chc_undo u;
            chc_make_move(&w.pos, mv[idx], &u);
        }
        /* result: v1 */
        int mover = w.pos.side ^ 1;
        int s = res_sym(g->result, mover);
        static const uint32_t open[4] = {44, 6, 6, 8}, mate[4] = {61, 1, 1, 1}, stale[4] = {1, 1, 61, 1};
        const uint32_t *t1 = nm ? open : w.pos.checkers ? mate : stale;
        a->result += lg(t1[s], 64);
        /* result: v2 */
        const uint32_t *t2 = nm ? res_f[res_ctx(&w.pos, i, rep_count(&w))] : t1;
        uint32_t tot = 0, cum = 0;
        for (int k = 0; k < 4; k++) {
            if (k < s) cum += t2[k];
            tot += t2[k];
        }
        enc(&e, &a->v2_res, cum, t2[s], tot);
        double bits = flush_bits(&e);
        a->v2_bin += 8.0 * ceil(bits / 8.0);
        a->v2_text += 6.0 * (ceil(bits / 6.0) + 1.0);
        chci_v2d_hist_free(&w.h);
        /* the draft codec: its frozen tables, the same symbols (equal when the tables are) */
        uint8_t *code = malloc(CHCI_V2D_MAX(g->n));
        size_t clen = 0;
        static const chci_v2d_fmt fmt1 = {&chci_pm_model1, 0};
        if (code && chci_pack_v2d_encode(&fmt1, &g->start, g->moves, g->n, g->result, 1, code,
                                         CHCI_V2D_MAX(g->n), &clen, NULL) == CHC_OK)
            a->v2d_bin += 8.0 * (double)clen;
        free(code);
    }
}

static void report(const char *name, const acc *a)
{
    double P = a->plies;
    double parts = a->model + a->header + a->endflag + a->endlast + a->result + a->version;
    double flush = a->v1_bin - parts;
    printf("%-8s games %.0f plies %.0f (%.1f a game)\n", name, a->games, P, P / a->games);
    printf("  v1 binary %.4f bits/ply = model %.4f + overhead %.4f: version %.4f header %.4f "
           "end-flag %.4f (per ply %.4f, at the end %.4f) result %.4f flush %.4f\n",
           a->v1_bin / P, a->model / P, (a->v1_bin - a->model) / P, a->version / P, a->header / P,
           (a->endflag + a->endlast) / P, a->endflag / P, a->endlast / P, a->result / P, flush / P);
    printf("  v1 per game (bits): version %.2f header %.2f end-flag %.2f result %.2f flush %.2f; "
           "text form %.4f bits/ply (overhead %.4f)\n",
           a->version / a->games, a->header / a->games, (a->endflag + a->endlast) / a->games,
           a->result / a->games, flush / a->games, a->v1_text / P, (a->v1_text - a->model) / P);
    double p2 = a->v2_version + a->v2_header + a->v2_end + a->v2_res + a->v2_model;
    printf("  v2 framing binary %.4f bits/ply (overhead %.4f): version %.4f header %.4f end %.4f "
           "result %.4f flush %.4f; text %.4f (overhead %.4f)\n",
           a->v2_bin / P, (a->v2_bin - a->v2_model) / P, a->v2_version / P, a->v2_header / P,
           a->v2_end / P, a->v2_res / P, (a->v2_bin - p2) / P, a->v2_text / P,
           (a->v2_text - a->v2_model) / P);
    printf("  draft codec (src/pack/draft, frozen tables, model 1): %.4f bits/ply\n", a->v2d_bin / P);
    printf("  v2 per game (bits): version %.3f header %.2f end %.2f result %.2f flush %.2f\n",
           a->v2_version / a->games, a->v2_header / a->games, a->v2_end / a->games,
           a->v2_res / a->games, (a->v2_bin - p2) / a->games);
    int distinct = 0, maxc = 0;
    for (int k = 0; k < 960; k++) {
        distinct += a->n960_hist[k] > 0;
        if (a->n960_hist[k] > maxc) maxc = (int)a->n960_hist[k];
    }
    if (distinct) printf("  Chess960 starts: %d distinct of 960, at most %d games on one\n", distinct, maxc);
}

/* Writes the tables as the frozen data of the draft codec (DIR/v2d_end.inc, v2d_result.inc). */
static int write_tables(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/v2d_end.inc", dir);
    FILE *f = fopen(path, "w");
    if (!f) return 1;
    fprintf(f, "/* DRAFT v2 framing: frequency of \"the game ends here\" of 2^%d by end context\n"
               " * (chci_v2d_end_ctx()), counted on lichess-65k's training games (i %% 10 != 0), 0.4\n"
               " * added to each count. Written by `tools/pack_frame --write-tables`; frozen data. */\n"
               "const uint16_t chci_v2d_end_freq[CHCI_V2D_END_CTX] = {",
            END_BITS);
    for (int c = 0; c < END_CTX; c++) fprintf(f, "%s%s%u", c ? "," : "", c % 16 ? " " : "\n    ", end_f[c]);
    fprintf(f, "\n};\n");
    if (fclose(f)) return 1;
    snprintf(path, sizeof path, "%s/v2d_result.inc", dir);
    f = fopen(path, "w");
    if (!f) return 1;
    fprintf(f, "/* DRAFT v2 framing: the result's frequencies (mover wins, mover loses, draw, unknown)\n"
               " * by result context (chci_v2d_res_ctx()) of a final position with legal moves,\n"
               " * counted on lichess-65k's training games (i %% 10 != 0), 0.3 added to each count,\n"
               " * scaled to about 252. Written by `tools/pack_frame --write-tables`; frozen data. */\n"
               "const uint16_t chci_v2d_res_freq[CHCI_V2D_RES_CTX][4] = {");
    for (int c = 0; c < RES_CTX; c++)
        fprintf(f, "%s%s{%u, %u, %u, %u}", c ? "," : "", c % 4 ? " " : "\n    ", res_f[c][0], res_f[c][1], res_f[c][2],
                res_f[c][3]);
    fprintf(f, "\n};\n");
    return fclose(f) != 0;
}

int main(int argc, char **argv)
{
    const char *tables = NULL;
    if (argc > 2 && !strcmp(argv[1], "--write-tables")) {
        tables = argv[2];
        argv += 2;
        argc -= 2;
    }
    const char *dir = pt_data_dir(argc > 1 ? argv[1] : NULL);
    exp_init();
    static const char *names[3] = {"lichess-65k.pgn.xz", "lichess-raw-magnus-10k.pgn.xz", "chess960-466.pgn.xz"};
    game *gs[3];
    size_t ng[3];
    for (int k = 0; k < 3; k++) {
        char path[4096];
        gs[k] = pt_join(path, sizeof path, dir, names[k]) ? NULL : pt_load_pgn(path, 1, &ng[k]);
        if (!gs[k]) {
            fprintf(stderr, "pack_frame: cannot read %s\n", path);
            return 1;
        }
    }
    train_tables(gs[0], ng[0]);
    int same = 1;
    for (int c = 0; c < END_CTX; c++) same &= end_f[c] == chci_v2d_end_freq[c];
    for (int c = 0; c < RES_CTX; c++)
        for (int k = 0; k < 4; k++) same &= res_f[c][k] == chci_v2d_res_freq[c][k];
    printf("tables counted on the training games %s the draft codec's frozen tables\n",
           same ? "equal" : "DIFFER FROM");
    if (tables) {
        if (write_tables(tables)) {
            fprintf(stderr, "pack_frame: cannot write the tables in %s\n", tables);
            return 1;
        }
        printf("wrote %s/v2d_end.inc and %s/v2d_result.inc (rebuild, then run again to measure)\n", tables,
               tables);
        return 0;
    }
    static acc a;
    measure(gs[0], ng[0], 1, &a);
    report("lichess", &a);
    measure(gs[1], ng[1], 0, &a);
    report("magnus", &a);
    measure(gs[2], ng[2], 0, &a);
    report("c960", &a);
    return 0;
}
