/* pack_typos: how well the pack text codes catch typing errors.
 *
 * Usage: pack_typos [GAMES.uci.xz] [N] [FULL_EVERY]
 *   GAMES       one game a line "[FEN|]uci ..." (default tests/data/pack/lichess-eval.uci.xz)
 *   N           codes of each kind (default 5000): N game codes (the first N games, result "*"
 *               and the real ones alike: level 1) and N position codes (a random position of
 *               each of those games)
 *   FULL_EVERY  also pass every FULL_EVERY-th damaged game code through the whole reading rule
 *               (with the 0.1 fallback; slow), default 50; 0: never
 *
 * For every code: every single-character substitution (63 per character) and every swap of two
 * adjacent different characters; then 20 random two-character substitutions. A damaged code is
 * "detected" when the version-1 reader refuses it (check character, then strict decoding);
 * "undetected" when it reads as another valid version-1 code. Single substitutions and
 * adjacent swaps must all be detected (the check's guarantee; exit status 1 otherwise). The
 * whole reading rule may still read a damaged game text as an unversioned 0.1 code (then
 * flagged CHC_READ_LEGACY): counted separately on a sample. */
#define CHC_EXPERIMENTAL 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"
#include "pack/pack_internal.h"
#include "pack_tools.h"

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint64_t rnd(void)
{
    return pt_rnd(&rng);
}

typedef struct {
    long total, detected, undetected, legacy; /* legacy: of the sample read by the full rule */
    long sampled;
} tally;

static chc_game *scratch;

/* The version-1 reader alone (what chc_pack_game_read() tries first): version character,
 * check character, strict decoding. 1 when `t` is a valid version-1 game code. */
static int v1_game(const char *t, size_t len)
{
    static uint8_t bytes[4096];
    static chc_move mv[CHC_PACK_GAME_MAX_PLIES];
    size_t bad, n;
    chc_position st;
    if (len < 2 || len > sizeof bytes || chci_pack_version_of(CHCI_KIND_GAME, (unsigned char)t[0]) != 1 ||
        !chci_pack_check_ok(CHCI_KIND_GAME, t, len))
        return 0;
    bytes[0] = 1;
    long bl = chci_b64url_get(t + 1, len - 2, bytes + 1, &bad);
    return bl >= 0 && chc_pack_game_decode(bytes, (size_t)bl + 1, &st, mv, CHC_PACK_GAME_MAX_PLIES, &n, NULL,
                                           NULL, NULL) == CHC_OK;
}

/* Counts one damaged code t (different from orig). Positions go through the public reader
 * (a 28-character text is never a 0.1 code); games through the version-1 reader, and on a
 * sample through the whole reading rule too. */
static void try_one(const char *orig, char *t, size_t len, int game, tally *ta, long *counter, int full_every)
{
    if (!memcmp(orig, t, len)) return;
    ta->total++;
    int undetected;
    if (game) {
        undetected = v1_game(t, len);
        if (full_every > 0 && ++*counter % full_every == 0) {
            chc_read_info info;
            ta->sampled++;
            if (chc_pack_game_read(t, len, scratch, &info, NULL) == CHC_OK) {
                if (info.flags & CHC_READ_LEGACY) ta->legacy++;
                else if (!undetected) fprintf(stderr, "pack_typos: the reader and v1_game disagree\n");
            }
        }
    } else {
        chc_position pos;
        chc_read_info info;
        undetected = chc_pack_position_read(t, len, &pos, &info, NULL) == CHC_OK;
    }
    if (undetected) ta->undetected++;
    else ta->detected++;
}

static void report(const char *what, const tally *t)
{
    printf("  %-44s %10ld %10ld %8ld  %.6f%%", what, t->total, t->detected, t->undetected,
           t->total ? 100.0 * (double)t->detected / (double)t->total : 0.0);
    if (t->sampled) printf("  (0.1 fallback: %ld of %ld sampled read as 0.1 codes)", t->legacy, t->sampled);
    printf("\n");
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "tests/data/pack/lichess-eval.uci.xz";
    long want = argc > 2 ? atol(argv[2]) : 5000;
    int full_every = argc > 3 ? atoi(argv[3]) : 50;
    int piped;
    FILE *f = pt_open(path, &piped);
    if (!f) return 2;
    scratch = chc_game_new();
    static char line[1 << 17];
    char **codes[2];
    codes[0] = calloc((size_t)want, sizeof *codes[0]);
    codes[1] = calloc((size_t)want, sizeof *codes[1]);
    long n = 0;
    while (n < want && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        chc_position start;
        char *mv = line, *bar = strchr(line, '|');
        if (bar) {
            *bar = 0;
            if (chc_position_from_fen(&start, line, 0, NULL)) continue;
            mv = bar + 1;
        } else {
            chc_position_startpos(&start);
        }
        chc_game_reset(scratch, &start);
        chc_position cur = start;
        for (char *t = strtok(mv, " "); t; t = strtok(NULL, " ")) {
            chc_move m;
            if (chc_move_from_uci(&cur, t, &m, NULL) || chc_game_push(scratch, m)) break;
            chc_undo u;
            chc_make_move(&cur, m, &u);
        }
        chc_game_set_result(scratch, (int)(n % 4));
        size_t plies = chc_game_ply_count(scratch);
        size_t cap = CHC_PACK_GAME_TEXT_MAX(plies);
        codes[1][n] = malloc(cap);
        codes[0][n] = malloc(CHC_PACK_POS_TEXT_MAX);
        chc_position pos;
        chc_game_position(scratch, plies ? rnd() % (plies + 1) : 0, &pos);
        if (chc_pack_game_write(scratch, 0, codes[1][n], cap, NULL, NULL) ||
            chc_pack_position_write(&pos, 0, codes[0][n], CHC_PACK_POS_TEXT_MAX, NULL, NULL)) {
            fprintf(stderr, "pack_typos: cannot pack game %ld\n", n + 1);
            return 2;
        }
        n++;
    }
    pt_close(f, piped);
    printf("pack_typos: %ld position codes and %ld game codes (level 1) from %s\n", n, n, path);
    printf("  %-44s %10s %10s %8s  %s\n", "damage", "codes", "detected", "missed", "detected");
    int bad = 0;
    for (int game = 0; game < 2; game++) {
        tally sub = {0, 0, 0, 0, 0}, swp = {0, 0, 0, 0, 0}, two = {0, 0, 0, 0, 0};
        long counter = 0;
        for (long i = 0; i < n; i++) {
            const char *c = codes[game][i];
            size_t len = strlen(c);
            char t[4096];
            if (len >= sizeof t) continue;
            memcpy(t, c, len + 1);
            for (size_t p = 0; p < len; p++) {
                for (int v = 0; v < 64; v++) {
                    t[p] = alphabet[v];
                    try_one(c, t, len, game, &sub, &counter, full_every);
                }
                t[p] = c[p];
            }
            for (size_t p = 0; p + 1 < len; p++) {
                if (c[p] == c[p + 1]) continue;
                t[p] = c[p + 1];
                t[p + 1] = c[p];
                try_one(c, t, len, game, &swp, &counter, full_every);
                t[p] = c[p];
                t[p + 1] = c[p + 1];
            }
            for (int k = 0; k < 20; k++) {
                size_t p = rnd() % len, q = rnd() % len;
                if (p == q) q = (p + 1) % len;
                t[p] = alphabet[rnd() % 64];
                t[q] = alphabet[rnd() % 64];
                if (t[p] != c[p] && t[q] != c[q]) try_one(c, t, len, game, &two, &counter, full_every);
                t[p] = c[p];
                t[q] = c[q];
            }
        }
        printf("%s codes:\n", game ? "game" : "position");
        report("every single-character substitution", &sub);
        report("every swap of adjacent different characters", &swp);
        report("random two-character substitutions", &two);
        bad |= sub.undetected || swp.undetected;
    }
    chc_game_free(scratch);
    return bad;
}
