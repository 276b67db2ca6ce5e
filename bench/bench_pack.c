/* bench_pack: the pack codes against other ways of storing the same games and positions.
 *
 * Usage: bench_pack EVAL.uci[.xz] TRAIN.uci[.xz] MOVETEXT_OUT [NAME=GAMES ...]
 *   EVAL   the evaluation games (tests/data/pack/lichess-eval.uci.xz: games i % 10 == 0 of
 *          lichess-65k), one game a line "[FEN|]uci uci ..."
 *   TRAIN  training games for the baseline's Huffman code (tests/data/pack/lichess-extra.uci.xz)
 *   MOVETEXT_OUT  where to write the PGN movetext of the evaluation games (bench_pack.sh
 *          compresses it with zstd -19 and xz -9)
 *   NAME=GAMES  more data sets (".uci" lines as above, or PGN when the name has ".pgn"; ".xz"
 *          compressed or not): bits per ply of each level and of the baseline on each
 * Positions: every position of the evaluation games, each code timed over all of them, the
 * median of five passes, with the ratio of each speed to FEN parsing in the same pass.
 * Prints bits per ply (games) and bits per position (positions) and speeds, with the ratio of
 * each row to our default level. Speeds are CPU time of this process, the best of three passes
 * for our game code (the machine may be shared); a pass encodes every game, then decodes every
 * code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "chesscodec.h"
#include "pack/draft/pack_draft.h"
#include "pack/pack_internal.h"
#include "pack/pack_model.h"

typedef struct {
    chc_position start;
    chc_move *moves;
    size_t n;
    int result; /* the game's result (PGN), CHC_RESULT_UNKNOWN for ".uci" lines */
} game;

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static char *read_all(const char *path)
{
    char cmd[4200];
    size_t pl = strlen(path);
    FILE *f;
    int piped = pl > 3 && !strcmp(path + pl - 3, ".xz");
    if (piped) {
        snprintf(cmd, sizeof cmd, "xz -dc '%s'", path);
        f = popen(cmd, "r");
    } else {
        f = fopen(path, "rb");
    }
    if (!f) return NULL;
    size_t cap = 1 << 20, len = 0, got;
    char *buf = malloc(cap + 1);
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    if (piped) pclose(f);
    else fclose(f);
    if (buf) buf[len] = 0;
    return buf;
}

/* PGN games (main lines; games that do not read are left out). */
static game *load_pgn(char *buf, size_t *ng)
{
    size_t cap = 1024, n = 0;
    game *g = malloc(cap * sizeof *g);
    chc_pgn_reader *r = chc_pgn_reader_new_mem(buf, strlen(buf), CHC_PGN_MAINLINE_ONLY | CHC_PGN_NO_COMMENTS, 1, 1);
    chc_game *cg = chc_game_new();
    int rc;
    while (g && r && cg && (rc = chc_pgn_read_game(r, cg, NULL)) != CHC_E_GAME_END && rc != CHC_E_IO) {
        if (rc != CHC_OK) continue;
        if (n == cap) g = realloc(g, (cap *= 2) * sizeof *g);
        game *gm = &g[n++];
        gm->start = *chc_game_start(cg);
        gm->n = chc_game_ply_count(cg);
        gm->result = chc_game_result(cg);
        gm->moves = malloc((gm->n + 1) * sizeof *gm->moves);
        for (size_t k = 0; k < gm->n; k++) gm->moves[k] = chc_game_move(cg, k);
    }
    chc_game_free(cg);
    chc_pgn_reader_free(r);
    free(buf);
    *ng = n;
    return g;
}

static game *load_games(const char *path, size_t *ng)
{
    char *buf = read_all(path);
    if (!buf) {
        fprintf(stderr, "bench_pack: cannot read %s\n", path);
        exit(1);
    }
    if (strstr(path, ".pgn")) return load_pgn(buf, ng);
    size_t cap = 1024, n = 0;
    game *g = malloc(cap * sizeof *g);
    char *p = buf;
    while (*p) {
        char *e = strchr(p, '\n');
        if (e) *e = 0;
        if (*p) {
            if (n == cap) g = realloc(g, (cap *= 2) * sizeof *g);
            game *gm = &g[n];
            gm->result = CHC_RESULT_UNKNOWN;
            char *moves = p, *bar = strchr(p, '|');
            if (bar) {
                *bar = 0;
                if (chc_position_from_fen(&gm->start, p, 0, NULL)) goto next;
                moves = bar + 1;
            } else {
                chc_position_startpos(&gm->start);
            }
            size_t mc = 16;
            gm->moves = malloc(mc * sizeof *gm->moves);
            gm->n = 0;
            chc_position pos = gm->start;
            for (char *tok = strtok(moves, " "); tok; tok = strtok(NULL, " ")) {
                chc_move m;
                if (chc_move_from_uci(&pos, tok, &m, NULL)) break;
                if (gm->n == mc) gm->moves = realloc(gm->moves, (mc *= 2) * sizeof *gm->moves);
                gm->moves[gm->n++] = m;
                chc_undo u;
                chc_make_move(&pos, m, &u);
            }
            n++;
        }
    next:
        if (!e) break;
        p = e + 1;
    }
    free(buf);
    *ng = n;
    return g;
}

/* ---- lichess-style baseline: published ordering, static Huffman code of the rank ---------- */
static int psqt(int type, int sq)
{
    /* a plain centralisation table (ours), pawns rewarded for advancing */
    int f = sq & 7, r = sq >> 3;
    int cf = f < 4 ? f : 7 - f, cr = r < 4 ? r : 7 - r;
    int center = cf + cr;
    switch (type) {
    case CHC_PAWN: return r * 8 + cf * 2;
    case CHC_KNIGHT: return center * 8;
    case CHC_BISHOP: return center * 5;
    case CHC_ROOK: return r == 6 ? 10 : cf;
    case CHC_QUEEN: return center * 3;
    default: return r == 0 ? (f == 6 || f == 2 ? 20 : 5) : -center * 4;
    }
}

static long move_score(const chc_position *pos, chc_move m)
{
    int us = pos->side;
    int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
    int type = CHC_PIECE_TYPE(pos->board[from]);
    unsigned fl = CHC_MOVE_FLAGS(m);
    if (fl & CHC_MF_CASTLE) to = (to > from) ? from + 2 : from - 2;
    long promotion = (fl & CHC_MF_PROMOTION) ? CHC_MOVE_PROMO(m) - 1 : 0;
    long capture = (fl & (CHC_MF_CAPTURE | CHC_MF_EN_PASSANT)) ? 1 : 0;
    /* is the destination attacked by an opposing pawn? */
    chc_bitboard theirpawns = pos->by_color[us ^ 1] & pos->by_type[CHC_PAWN];
    long pawn_defense = (chc_attacks(us, CHC_PAWN, to, 0) & theirpawns) ? 6 - type : 6;
    int vf = us == CHC_WHITE ? from : from ^ 56, vt = us == CHC_WHITE ? to : to ^ 56;
    long move_value = 512 + psqt(type, vt) - psqt(type, vf);
    return (promotion << 26) + (capture << 25) + (pawn_defense << 22) + (move_value << 12) + (to << 6) + from;
}

static int rank_of(const chc_position *pos, chc_move played)
{
    chc_move mv[CHC_MAX_MOVES];
    int n = chc_legal_moves(pos, mv, CHC_GEN_ALL);
    long ps = -1;
    for (int i = 0; i < n; i++)
        if (((mv[i] ^ played) & 0x7FFF) == 0) ps = move_score(pos, mv[i]);
    int r = 0;
    for (int i = 0; i < n; i++)
        if (move_score(pos, mv[i]) > ps) r++;
    return r;
}

/* Huffman code lengths for counts (n symbols). */
static void huffman_lengths(const double *count, int n, int *len)
{
    double w[512];
    int parent[512], alive[512], m = n;
    for (int i = 0; i < n; i++) {
        w[i] = count[i] + 1e-9; /* every rank gets a code */
        alive[i] = 1;
        parent[i] = -1;
    }
    for (int step = 0; step < n - 1; step++) {
        int a = -1, b = -1;
        for (int i = 0; i < m; i++) {
            if (!alive[i]) continue;
            if (a < 0 || w[i] < w[a]) {
                b = a;
                a = i;
            } else if (b < 0 || w[i] < w[b]) {
                b = i;
            }
        }
        w[m] = w[a] + w[b];
        alive[a] = alive[b] = 0;
        alive[m] = 1;
        parent[m] = -1;
        parent[a] = parent[b] = m;
        m++;
    }
    for (int i = 0; i < n; i++) {
        int l = 0;
        for (int j = i; parent[j] >= 0; j = parent[j]) l++;
        len[i] = l;
    }
}

static void row(const char *name, double bits, double ref, const char *speed)
{
    printf("  %-40s %8.4f %7.3fx  %s\n", name, bits, bits / ref, speed);
}

/* Bits per ply of every level and of the baseline (Huffman lengths hl) on one data set; a
 * game a level cannot code is counted in `failed` and left out of that level's figure. */
static void dataset_row(const char *name, const game *g, size_t ng, const int *hl)
{
    size_t plies = 0, cap = 0;
    for (size_t i = 0; i < ng; i++) {
        plies += g[i].n;
        if (CHC_PACK_GAME_MAX(g[i].n) > cap) cap = CHC_PACK_GAME_MAX(g[i].n);
    }
    uint8_t *buf = malloc(cap ? cap : 1);
    char cell[CHC_PACK_GAME_LEVELS + 1][32];
    for (int level = 1; level <= CHC_PACK_GAME_LEVELS && buf; level++) {
        size_t bytes = 0, done = 0, failed = 0;
        for (size_t i = 0; i < ng; i++) {
            size_t len;
            if (chc_pack_game_encode(&g[i].start, g[i].moves, g[i].n, CHC_RESULT_UNKNOWN,
                                     CHC_PACK_LEVEL(level), buf, cap, &len, NULL)) {
                failed++;
                continue;
            }
            bytes += len;
            done += g[i].n;
        }
        snprintf(cell[level], sizeof cell[level], failed ? "%.4f (%zu left out)" : "%.4f",
                 bytes * 8.0 / (double)(done ? done : 1), failed);
    }
    free(buf);
    double lbits = 0;
    for (size_t i = 0; i < ng; i++) {
        chc_position pos = g[i].start;
        for (size_t k = 0; k < g[i].n; k++) {
            lbits += hl[rank_of(&pos, g[i].moves[k])];
            chc_undo u;
            chc_make_move(&pos, g[i].moves[k], &u);
        }
    }
    printf("  %-34s %6zu %8zu", name, ng, plies);
    for (int level = 1; level <= CHC_PACK_GAME_LEVELS; level++) printf(" %9s", cell[level]);
    double lb = lbits / (double)(plies ? plies : 1);
    printf(" %9.4f  %.3fx\n", lb, atof(cell[CHC_PACK_GAME_LEVEL_DEFAULT]) / lb);
}


/* ---- draft, not a published code: model 2d (src/pack/draft/model2d_*) -------------------
 * Version 1's framing (version byte, header, end flags, range coder) with the predictor of
 * each of the first four codecs below; the last two are the draft version-2 framing
 * (src/pack/draft/pack_game_v2d.c: the version inside the range coder, level 62/64, end of game
 * and result by context tables) over the same draft model, then the same with the second stage
 * (rank bias and temperature by context); the last, the draft model 2e's level 1 in the draft
 * version-2 framing: feature set 5, set 3 plus the policy net (src/pack/draft/pack_net_draft.c).
 * The drafts are reachable through no
 * code version: they are called here through the library's internals. Bits per ply count the
 * whole code (with the version byte, or the version symbol). */
#define DRAFT_CODECS 9
#define DRAFT_PASSES 5
static const char *const draft_name[DRAFT_CODECS] = {
    "v1 level 1 (published default)", "v1 level 2 (published)",
    "draft 2d level 1: v1 set 1 + fast set (95)", "draft 2d level 2: fast set + en prise (351)",
    "draft v2 framing, level 1 (2d set 3)", "draft v2 framing, level 2 (2d set 4)",
    "draft v2 framing + stage 2, level 1", "draft v2 framing + stage 2, level 2",
    "draft v2 framing, 2e l1 (set 3 + net)"};
static const chci_v2d_fmt v2d_fmt[3] = {
    {&chci_pm_model_draft2, 0}, {&chci_pm_model_draft2, 1}, {&chci_pm_model_draft2e, 0}};
static const chci_v2d_fmt *draft_v2d(int c)
{
    return &v2d_fmt[c == 8 ? 2 : c >= 6];
}

static const chci_pack_game_fmt *draft_fmt(int c, int *level)
{
    static const chci_pack_game_fmt fmt_draft = {1, &chci_pm_model_draft2};
    *level = c % 2 + 1;
    return c < 2 ? chci_pack_game_fmt_of(1) : &fmt_draft;
}

/* result: the result coded (CHC_RESULT_UNKNOWN, or the game's own) */
static int draft_encode(int c, const game *gm, int result, uint8_t *dst, size_t cap, size_t *len)
{
    int level;
    const chci_pack_game_fmt *f = draft_fmt(c, &level);
    if (c >= 4)
        return chci_pack_v2d_encode(draft_v2d(c), &gm->start, gm->moves, gm->n, result, level, dst, cap, len, NULL);
    size_t l = 0;
    int rc = chci_pack_game_encode_body(f, &gm->start, gm->moves, gm->n, result, level, dst + 1, cap - 1,
                                        &l, NULL);
    dst[0] = 1;
    *len = l + 1;
    return rc;
}

static int draft_decode(int c, const uint8_t *src, size_t len, chc_move *back, size_t cap, size_t *n)
{
    int level;
    const chci_pack_game_fmt *f = draft_fmt(c, &level);
    chc_position st;
    if (c >= 4) return chci_pack_v2d_decode(draft_v2d(c), src, len, &st, back, cap, n, NULL, NULL, NULL);
    return chci_pack_game_decode_body(f, src + 1, len - 1, &st, back, cap, n, NULL, NULL, NULL);
}

static double dmedian(double *v, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            double t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return v[n / 2];
}

/* Bits per ply of each codec on one data set (whole code, as dataset_row): every game with
 * result `*`, or (own) with its own result; every 10th game only when split (the lichess
 * evaluation games of lichess-65k). */
static void draft_bits_row(const char *name, const game *g, size_t ng, int own, int split)
{
    size_t plies = 0, cap = 0;
    for (size_t i = 0; i < ng; i += split ? 10 : 1) {
        plies += g[i].n;
        if (CHCI_V2D_MAX(g[i].n) > cap) cap = CHCI_V2D_MAX(g[i].n);
    }
    uint8_t *buf = malloc(cap + 1);
    char label[80];
    snprintf(label, sizeof label, "%s%s", name, own ? ", own results" : "");
    printf("  %-44s %8zu", label, plies);
    for (int c = 0; c < DRAFT_CODECS && buf; c++) {
        size_t bytes = 0, done = 0, failed = 0;
        for (size_t i = 0; i < ng; i += split ? 10 : 1) {
            size_t len;
            if (draft_encode(c, &g[i], own ? g[i].result : CHC_RESULT_UNKNOWN, buf, cap + 1, &len)) {
                failed++;
                continue;
            }
            bytes += len;
            done += g[i].n;
        }
        printf(failed ? " %8.4f(%zu out)" : " %8.4f", bytes * 8.0 / (double)(done ? done : 1), failed);
    }
    printf("\n");
    free(buf);
}

/* Speeds: rounds of (each codec: encode every game, then decode every code), interleaved,
 * medians of DRAFT_PASSES rounds; every decoded game checked against the original. */
static int draft_section(const game *g, size_t ng, int argc, char **argv, int first_set)
{
    size_t plies = 0, cap = 0;
    for (size_t i = 0; i < ng; i++) {
        plies += g[i].n;
        cap += CHCI_V2D_MAX(g[i].n) + 1;
    }
    uint8_t *codes = malloc(cap);
    size_t *off = malloc((ng + 1) * sizeof *off);
    static chc_move back[20000];
    if (!codes || !off) return 1;
    /* BENCH_PACK_DRAFT_CODECS="0 8": only those codecs (numbers in the order of the table), and
     * no bits-per-ply rows (for profiles and quick A/B runs); ratios to the first one listed */
    int use[DRAFT_CODECS], nuse = 0;
    const char *only = getenv("BENCH_PACK_DRAFT_CODECS");
    for (const char *q = only; q && *q;) {
        char *end;
        long c = strtol(q, &end, 10);
        if (end == q) break;
        if (c >= 0 && c < DRAFT_CODECS && nuse < DRAFT_CODECS) use[nuse++] = (int)c;
        q = end;
    }
    if (!nuse)
        for (int c = 0; c < DRAFT_CODECS; c++) use[nuse++] = c;
    double te[DRAFT_CODECS][DRAFT_PASSES], td[DRAFT_CODECS][DRAFT_PASSES];
    for (int pass = 0; pass < DRAFT_PASSES; pass++)
        for (int u = 0; u < nuse; u++) {
            int c = use[u];
            off[0] = 0;
            double t0 = cpu_now();
            for (size_t i = 0; i < ng; i++) {
                size_t len;
                if (draft_encode(c, &g[i], CHC_RESULT_UNKNOWN, codes + off[i], cap - off[i], &len)) {
                    fprintf(stderr, "bench_pack: draft codec %d: game %zu does not pack\n", c, i);
                    return 1;
                }
                off[i + 1] = off[i] + len;
            }
            double t1 = cpu_now();
            for (size_t i = 0; i < ng; i++) {
                size_t n;
                if (draft_decode(c, codes + off[i], off[i + 1] - off[i], back, 20000, &n) ||
                    n != g[i].n || (n && memcmp(back, g[i].moves, n * sizeof *back))) {
                    fprintf(stderr, "bench_pack: draft codec %d: game %zu does not unpack\n", c, i);
                    return 1;
                }
            }
            double t2 = cpu_now();
            te[c][pass] = t1 - t0;
            td[c][pass] = t2 - t1;
        }
    printf("\n  DRAFT, NOT A PUBLISHED CODE: draft model 2d (feature sets 3 and 4) in version 1's framing\n"
           "  and in the draft version-2 framing (src/pack/draft/pack_game_v2d.c); draft model 2e's\n"
           "  level 1 (set 5: set 3 + the policy net) in the draft version-2 framing\n");
    printf("  speed on the evaluation games: plies/s of CPU time, median of %d interleaved rounds;\n"
           "  ratios to v1 level 1 in the same rounds\n", DRAFT_PASSES);
    printf("  %-46s %11s %11s %8s %8s\n", "codec", "encode", "decode", "enc/v1", "dec/v1");
    double e0 = 0, d0 = 0;
    for (int u = 0; u < nuse; u++) {
        int c = use[u];
        double e = (double)plies / dmedian(te[c], DRAFT_PASSES);
        double d = (double)plies / dmedian(td[c], DRAFT_PASSES);
        if (u == 0) e0 = e, d0 = d;
        printf("  %-46s %11.0f %11.0f %7.3fx %7.3fx\n", draft_name[c], e, d, e / e0, d / d0);
    }
    if (only && *only) {
        free(codes);
        free(off);
        return 0;
    }
    printf("\n  draft bits per ply (whole code with the version byte or symbol, real coder, integer weights)\n");
    printf("  %-44s %8s %8s %8s %8s %8s %8s %8s %8s %8s %8s\n", "data set", "plies", "v1 l1", "v1 l2", "2d l1",
           "2d l2", "v2f l1", "v2f l2", "v2f+s2 1", "v2f+s2 2", "v2f 2e 1");
    draft_bits_row("evaluation (lichess-eval)", g, ng, 0, 0);
    /* BENCH_PACK_LICHESS_PGN: lichess-65k.pgn (bench_pack.sh: the shared copy), its evaluation
     * games (i % 10 == 0) with their own results */
    const char *lp = getenv("BENCH_PACK_LICHESS_PGN");
    if (lp && *lp) {
        size_t nx;
        game *x = load_games(lp, &nx);
        draft_bits_row("lichess-65k evaluation games", x, nx, 1, 1);
        for (size_t i = 0; i < nx; i++) free(x[i].moves);
        free(x);
    }
    for (int a = first_set; a < argc; a++) {
        const char *eq = strchr(argv[a], '=');
        if (!eq) continue;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(eq - argv[a] < 63 ? eq - argv[a] : 63), argv[a]);
        size_t nx;
        game *x = load_games(eq + 1, &nx);
        draft_bits_row(name, x, nx, 0, 0);
        if (strstr(eq + 1, ".pgn")) draft_bits_row(name, x, nx, 1, 0);
        for (size_t i = 0; i < nx; i++) free(x[i].moves);
        free(x);
    }
    free(codes);
    free(off);
    return 0;
}

/* ---- the predictor alone (BENCH_PACK_MODEL_ONLY=1 [BENCH_PACK_MODEL_ROUNDS=R] [..._SET=S]) --
 * Each round replays every evaluation game: legal moves, the integer scores of every move with
 * model 1 (sets 1, 2) or the draft model 2d (sets 3, 4) or 2e's level 1 (set 5: set 3 + the
 * policy net, its accumulators updated move by move), the played move. A round without
 * scoring (move generation and making moves) is subtracted to give the scoring time a ply; the
 * fastest round of each set is kept. The digest folds every score: making the predictor faster
 * must not change it (the scores feed the range coder). Set S alone when S is 1..5. */
static int model_section(const game *g, size_t ng, int rounds, int only)
{
    enum { SETS = 5 };
    const chci_pm_model *model[SETS + 1] = {NULL, &chci_pm_model1, &chci_pm_model1, &chci_pm_model_draft2,
                                            &chci_pm_model_draft2, &chci_pm_model_draft2e};
    double best[SETS + 1] = {1e30, 1e30, 1e30, 1e30, 1e30, 1e30};
    uint64_t digest[SETS + 1] = {0};
    long plies = 0;
    for (int r = 0; r < rounds; r++)
        for (int s = 0; s <= SETS; s++) {
            if (only && s && s != only) continue;
            uint64_t h = 0xcbf29ce484222325ull;
            long pl = 0;
            double t0 = cpu_now();
            for (size_t i = 0; i < ng; i++) {
                chc_position pos = g[i].start;
                chci_pm_state st;
                chci_pnet_acc acc;
                int lv = s == 5 ? 1 : (s - 1) % 2 + 1;
                if (s) chci_pm_init(&st, model[s], lv);
                const chci_pnet *net = s ? chci_pnet_of(model[s], lv) : NULL;
                if (net) chci_pnet_reset(net, &acc, &pos);
                for (size_t k = 0; k < g[i].n; k++) {
                    chc_move mv[CHC_MAX_MOVES];
                    int32_t sc[CHC_MAX_MOVES];
                    int n = chc_legal_moves(&pos, mv, CHC_GEN_ALL);
                    if (s) {
                        chci_pm_scores(&pos, &st, mv, n, sc);
                        if (net) chci_pnet_add(net, &acc, &pos, mv, n, sc);
                        for (int j = 0; j < n; j++) {
                            h ^= (uint32_t)sc[j];
                            h *= 0x100000001b3ull;
                        }
                        chci_pm_played(&st, &pos, g[i].moves[k]);
                    }
                    chci_pnet_change ch;
                    if (net) chci_pnet_change_of(&ch, &pos, g[i].moves[k]);
                    chc_undo u;
                    chc_make_move(&pos, g[i].moves[k], &u);
                    if (net) chci_pnet_update(net, &acc, &ch, &pos);
                    pl++;
                }
            }
            double t = cpu_now() - t0;
            if (t < best[s]) best[s] = t;
            digest[s] = h;
            plies = pl;
        }
    printf("\n  the predictor alone (no coder): scoring time a ply, fastest of %d rounds (CPU time), %ld plies\n", rounds, plies);
    for (int s = 1; s <= SETS; s++) {
        if (only && s != only) continue;
        double net = best[s] - best[0];
        printf("  set %d: scoring %6.0f ns/ply, with move generation %5.2f M plies/s, digest %016llx\n",
               s, net / (double)plies * 1e9, (double)plies / best[s] / 1e6,
               (unsigned long long)digest[s]);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: bench_pack EVAL.uci[.xz] TRAIN.uci[.xz] MOVETEXT_OUT\n");
        return 2;
    }
    size_t ng, nt;
    game *g = load_games(argv[1], &ng);
    game *tr = load_games(argv[2], &nt);
    size_t plies = 0;
    for (size_t i = 0; i < ng; i++) plies += g[i].n;
    printf("pack bench: %zu evaluation games, %zu plies (training games for the baseline: %zu)\n", ng, plies, nt);
    /* BENCH_PACK_DRAFT_ONLY=1: the draft section alone (bench_pack.sh --draft) */
    const char *donly = getenv("BENCH_PACK_DRAFT_ONLY");
    if (donly && *donly == '1') return draft_section(g, ng, argc, argv, 4);
    const char *monly = getenv("BENCH_PACK_MODEL_ONLY"), *mr = getenv("BENCH_PACK_MODEL_ROUNDS"),
               *ms = getenv("BENCH_PACK_MODEL_SET");
    if (monly && *monly == '1') return model_section(g, ng, mr ? atoi(mr) : 3, ms ? atoi(ms) : 0);

    /* our code at each level */
    double bpp[CHC_PACK_GAME_LEVELS + 1], enc_rate[CHC_PACK_GAME_LEVELS + 1], dec_rate[CHC_PACK_GAME_LEVELS + 1];
    static chc_move back[20000];
    /* every code is kept: all games are encoded, then all codes decoded, as a converter reads a
     * file of codes (decoding a game right after encoding it would replay the encoder's exact
     * work on warm caches and branch predictors) */
    size_t cap = 0;
    for (size_t i = 0; i < ng; i++) cap += CHC_PACK_GAME_MAX(g[i].n);
    uint8_t *codes = malloc(cap);
    size_t *off = malloc((ng + 1) * sizeof *off);
    if (!codes || !off) return 1;
    /* speed: the best of three passes (the machine may be shared) */
    for (int level = 1; level <= CHC_PACK_GAME_LEVELS; level++) {
        enc_rate[level] = dec_rate[level] = 0;
        for (int pass = 0; pass < 3; pass++) {
            double te = 0, td = 0;
            off[0] = 0;
            for (size_t i = 0; i < ng; i++) {
                size_t len;
                double t0 = cpu_now();
                if (chc_pack_game_encode(&g[i].start, g[i].moves, g[i].n, CHC_RESULT_UNKNOWN,
                                         CHC_PACK_LEVEL(level), codes + off[i], cap - off[i], &len,
                                         NULL)) {
                    fprintf(stderr, "bench_pack: game %zu does not pack\n", i);
                    return 1;
                }
                te += cpu_now() - t0;
                off[i + 1] = off[i] + len;
            }
            for (size_t i = 0; i < ng; i++) {
                size_t n;
                chc_position st;
                double t1 = cpu_now();
                if (chc_pack_game_decode(codes + off[i], off[i + 1] - off[i], &st, back, 20000, &n, NULL,
                                         NULL, NULL) ||
                    n != g[i].n) {
                    fprintf(stderr, "bench_pack: game %zu does not unpack\n", i);
                    return 1;
                }
                td += cpu_now() - t1;
            }
            bpp[level] = off[ng] * 8.0 / (double)plies;
            if ((double)plies / te > enc_rate[level]) enc_rate[level] = (double)plies / te;
            if ((double)plies / td > dec_rate[level]) dec_rate[level] = (double)plies / td;
        }
    }
    free(codes);
    free(off);
    double ref = bpp[CHC_PACK_GAME_LEVEL_DEFAULT];

    /* PGN movetext */
    FILE *mt = fopen(argv[3], "wb");
    size_t mtbytes = 0;
    for (size_t i = 0; i < ng; i++) {
        chc_position pos = g[i].start;
        char line[65536];
        size_t o = 0;
        for (size_t k = 0; k < g[i].n && o < sizeof line - 64; k++) {
            if (pos.side == CHC_WHITE) o += (size_t)snprintf(line + o, sizeof line - o, "%u. ", pos.fullmove);
            else if (k == 0) o += (size_t)snprintf(line + o, sizeof line - o, "%u... ", pos.fullmove);
            char san[CHC_SAN_MAX];
            chc_move_to_san(&pos, g[i].moves[k], san);
            o += (size_t)snprintf(line + o, sizeof line - o, "%s ", san);
            chc_undo u;
            chc_make_move(&pos, g[i].moves[k], &u);
        }
        if (o) line[o - 1] = '\n';
        else line[o++] = '\n';
        if (mt) fwrite(line, 1, o, mt);
        mtbytes += o;
    }
    if (mt) fclose(mt);

    /* urlsafe (standard starts only: all of these games) */
    size_t uchars = 0, uplies = 0;
    for (size_t i = 0; i < ng; i++) {
        static char ubuf[CHC_URLSAFE_MAX(20000)];
        size_t ul;
        if (chc_urlsafe_encode(g[i].moves, g[i].n, ubuf, sizeof ubuf, &ul, NULL) == CHC_OK) {
            uchars += ul;
            uplies += g[i].n;
        }
    }

    /* lichess-style baseline */
    double counts[256];
    memset(counts, 0, sizeof counts);
    for (size_t i = 0; i < nt; i++) {
        chc_position pos = tr[i].start;
        for (size_t k = 0; k < tr[i].n; k++) {
            counts[rank_of(&pos, tr[i].moves[k])]++;
            chc_undo u;
            chc_make_move(&pos, tr[i].moves[k], &u);
        }
    }
    int hl[256];
    huffman_lengths(counts, 256, hl);
    double lbits = 0;
    double t0 = cpu_now();
    for (size_t i = 0; i < ng; i++) {
        chc_position pos = g[i].start;
        for (size_t k = 0; k < g[i].n; k++) {
            lbits += hl[rank_of(&pos, g[i].moves[k])];
            chc_undo u;
            chc_make_move(&pos, g[i].moves[k], &u);
        }
    }
    double lrate = (double)plies / (cpu_now() - t0);

    char sp[160];
    printf("\n  games (bits per ply; ratio to our default level)\n");
    printf("  %-40s %8s %8s  %s\n", "code", "bits/ply", "ratio", "speed (plies/s, CPU time)");
    for (int level = 1; level <= CHC_PACK_GAME_LEVELS; level++) {
        char name[64];
        snprintf(name, sizeof name, "pack game level %d%s", level,
                 level == CHC_PACK_GAME_LEVEL_DEFAULT ? " (default)" : "");
        snprintf(sp, sizeof sp, "encode %.0f, decode %.0f", enc_rate[level], dec_rate[level]);
        row(name, bpp[level], ref, sp);
    }
    snprintf(sp, sizeof sp, "ordering + Huffman of the rank: %.0f", lrate);
    row("lichess-style baseline (Huffman)", lbits / (double)plies, ref, sp);
    row("urlsafe (6 bits a character)", uchars * 6.0 / (double)(uplies ? uplies : 1), ref, "");
    row("PGN movetext (raw)", mtbytes * 8.0 / (double)plies, ref, "");
    printf("  MOVETEXT_BYTES %zu PLIES %zu REF %.6f\n", mtbytes, plies, ref);

    /* every data set: bits per ply of each level beside the baseline (its Huffman code from
     * the training games) */
    printf("\n  games by data set (bits per ply; last column: default level / baseline)\n");
    printf("  %-34s %6s %8s", "data set", "games", "plies");
    for (int level = 1; level <= CHC_PACK_GAME_LEVELS; level++) {
        char h[16];
        snprintf(h, sizeof h, "level %d%s", level, level == CHC_PACK_GAME_LEVEL_DEFAULT ? "*" : "");
        printf(" %9s", h);
    }
    printf(" %9s  %s\n", "lichess-H", "ratio");
    dataset_row("evaluation (lichess-eval)", g, ng, hl);
    for (int a = 4; a < argc; a++) {
        const char *eq = strchr(argv[a], '=');
        if (!eq) continue;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(eq - argv[a] < 63 ? eq - argv[a] : 63), argv[a]);
        size_t nx;
        game *x = load_games(eq + 1, &nx);
        dataset_row(name, x, nx, hl);
        for (size_t i = 0; i < nx; i++) free(x[i].moves);
        free(x);
    }

    if (draft_section(g, ng, argc, argv, 4)) return 1;

    /* positions: every position of the evaluation games, gathered first, then each code timed
     * over all of them (a clock read per call would cost more than the call), best of 3 */
    size_t npos = 0, fenchars = 0, bfbits = 0;
    for (size_t i = 0; i < ng; i++) npos += g[i].n + 1;
    chc_position *ps = malloc(npos * sizeof *ps), *dec = malloc(npos * sizeof *dec);
    uint8_t (*pcs)[CHC_PACK_POS_BYTES] = malloc(npos * sizeof *pcs);
    if (!ps || !dec || !pcs) return 1;
    npos = 0;
    for (size_t i = 0; i < ng; i++) {
        chc_position pos = g[i].start;
        for (size_t k = 0;; k++) {
            ps[npos++] = pos;
            /* BinaryFen-style: 64-bit occupancy, a nibble per piece, counters as varints when
             * not the defaults */
            int pieces = __builtin_popcountll(pos.by_type[0]);
            size_t bits = 64 + 4 * (size_t)((pieces + 1) / 2 * 2);
            unsigned ply = (pos.fullmove - 1) * 2 + pos.side;
            if (pos.halfmove || ply) {
                for (unsigned v = pos.halfmove; ; v >>= 7) { bits += 8; if (v < 128) break; }
                if (ply) for (unsigned v = ply; ; v >>= 7) { bits += 8; if (v < 128) break; }
            }
            bfbits += bits;
            if (k == g[i].n) break;
            chc_undo u;
            chc_make_move(&pos, g[i].moves[k], &u);
        }
    }
    /* FEN texts for the parsing anchor, written once */
    size_t fcap = npos * 96 + 1, fo = 0;
    char *fens = malloc(fcap);
    size_t *foff = malloc((npos + 1) * sizeof *foff);
    if (!fens || !foff) return 1;
    for (size_t k = 0; k < npos; k++) {
        foff[k] = fo;
        fo += chc_position_to_fen(&ps[k], fens + fo, fcap - fo, 0) + 1;
    }
    fenchars = fo - npos;
    enum { PASSES = 5, T_PE, T_PD, T_FW, T_FP, T_ME, T_MD, T_2E, T_2D };
    double t[T_2D + 1][PASSES];
    uint8_t (*mcs)[CHC_MSCS_BYTES] = malloc(npos * sizeof *mcs);
    if (!mcs) return 1;
    for (int pass = 0; pass < PASSES; pass++) {
        char fen[CHC_FEN_MAX];
        size_t bad = 0;
        double c0 = cpu_now();
        for (size_t k = 0; k < npos; k++) chc_pack_position_encode(&ps[k], pcs[k], NULL);
        double c1 = cpu_now();
        for (size_t k = 0; k < npos; k++) bad += chc_pack_position_decode(pcs[k], &dec[k], NULL) != CHC_OK;
        double c2 = cpu_now();
        for (size_t k = 0; k < npos; k++) chc_position_to_fen(&ps[k], fen, sizeof fen, 0);
        double c3 = cpu_now();
        for (size_t k = 0; k < npos; k++) bad += chc_position_from_fen(&dec[k], fens + foff[k], 0, NULL) != CHC_OK;
        double c4 = cpu_now();
        for (size_t k = 0; k < npos; k++) chc_mscs_encode(&ps[k], mcs[k], NULL);
        double c5 = cpu_now();
        for (size_t k = 0; k < npos; k++) bad += chc_mscs_decode(mcs[k], &dec[k], NULL) != CHC_OK;
        double c6 = cpu_now();
        for (size_t k = 0; k < npos; k++) chc_pack_position_encode_version(&ps[k], 2, pcs[k], NULL);
        double c7 = cpu_now();
        for (size_t k = 0; k < npos; k++) bad += chc_pack_position_decode_version(pcs[k], 2, &dec[k], NULL) != CHC_OK;
        double c8 = cpu_now();
        if (bad) {
            fprintf(stderr, "bench_pack: %zu positions did not decode\n", bad);
            return 1;
        }
        t[T_PE][pass] = c1 - c0;
        t[T_PD][pass] = c2 - c1;
        t[T_FW][pass] = c3 - c2;
        t[T_FP][pass] = c4 - c3;
        t[T_ME][pass] = c5 - c4;
        t[T_MD][pass] = c6 - c5;
        t[T_2E][pass] = c7 - c6;
        t[T_2D][pass] = c8 - c7;
    }
    double rate[T_2D + 1];
    for (int i = T_PE; i <= T_2D; i++) rate[i] = (double)npos / median(t[i], PASSES);
    free(ps);
    free(dec);
    free(pcs);
    free(mcs);
    free(fens);
    free(foff);
    printf("\n  positions: %zu (bits per position; speeds in M positions/s of CPU time, median of %d\n"
           "  passes, and each speed's ratio to FEN parsing in the same passes)\n", npos, PASSES);
    printf("  %-38s %8s %6s  %9s %9s  %7s %7s\n", "code", "bits", "ratio", "encode", "decode",
           "enc/FEN", "dec/FEN");
    double fp = rate[T_FP];
    printf("  %-38s %8.2f %5.3fx  %9.3f %9.3f  %6.2fx %6.2fx\n", "pack position v1 (fixed width)",
           (double)CHC_PACK_POS_BITS, 1.0, rate[T_PE] / 1e6, rate[T_PD] / 1e6, rate[T_PE] / fp,
           rate[T_PD] / fp);
    printf("  %-38s %8.2f %5.3fx  %9.3f %9.3f  %6.2fx %6.2fx\n", "pack position v2 (fixed width)",
           153.0, 153.0 / CHC_PACK_POS_BITS, rate[T_2E] / 1e6, rate[T_2D] / 1e6, rate[T_2E] / fp,
           rate[T_2D] / fp);
    printf("  %-38s %8s %6s  %8.2fx %8.2fx  (speed of version 2 / version 1)\n", "  v2 against v1", "", "",
           rate[T_2E] / rate[T_PE], rate[T_2D] / rate[T_PD]);
    printf("  %-38s %8.2f %5.3fx  %9.3f %9.3f  %6.2fx %6.2fx\n", "MSCS v1 (fixed width)",
           CHC_MSCS_BYTES * 8.0, CHC_MSCS_BYTES * 8.0 / CHC_PACK_POS_BITS, rate[T_ME] / 1e6,
           rate[T_MD] / 1e6, rate[T_ME] / fp, rate[T_MD] / fp);
    printf("  %-38s %8.2f %5.3fx  %9s %9s\n", "BinaryFen-style (occupancy + nibbles)",
           (double)bfbits / (double)npos, (double)bfbits / (double)npos / CHC_PACK_POS_BITS, "-", "-");
    printf("  %-38s %8.2f %5.3fx  %9.3f %9.3f  %6.2fx %6.2fx\n", "FEN (write / parse: the anchor)",
           fenchars * 8.0 / (double)npos, fenchars * 8.0 / (double)npos / CHC_PACK_POS_BITS,
           rate[T_FW] / 1e6, fp / 1e6, rate[T_FW] / fp, 1.0);
    return 0;
}
