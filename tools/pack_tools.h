/* Shared by the pack tools (tools/pack_*.c): a deterministic pseudo-random sequence, reading
 * files that may be xz-compressed, loading the games of a PGN file. */
#ifndef CHC_PACK_TOOLS_H
#define CHC_PACK_TOOLS_H
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

/* The decimal digits of v in buf (at least 59 bytes: 2^192 has 58 digits). Needs
 * pack/u192.h (through pack/pack_internal.h) included before this header. */
#ifdef CHC_PACK_U192_H
static inline void pt_u192_to_dec(chci_u192 v, char *buf)
{
    char tmp[80];
    int n = 0;
    if (chci_u192_is_zero(&v)) tmp[n++] = '0';
    while (!chci_u192_is_zero(&v)) tmp[n++] = (char)('0' + chci_u192_divmod64(&v, 10));
    for (int i = 0; i < n; i++) buf[i] = tmp[n - 1 - i];
    buf[n] = 0;
}

/* log2(v) in double precision (for printing a count's width). */
static inline double pt_u192_log2(chci_u192 v)
{
    return log2((double)v.w[2] * 18446744073709551616.0 * 18446744073709551616.0 +
                (double)v.w[1] * 18446744073709551616.0 + (double)v.w[0]);
}
#endif

/* C(n, k) in 64 bits (0 outside 0 <= k <= n; exact for the board sizes the tools use). */
static inline uint64_t pt_binom(int n, int k)
{
    if (k < 0 || n < 0 || k > n) return 0;
    uint64_t r = 1;
    for (int i = 1; i <= k; i++) r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

/* n! in 64 bits (n <= 20). */
static inline uint64_t pt_fac(int n)
{
    uint64_t r = 1;
    for (int i = 2; i <= n; i++) r *= (uint64_t)i;
    return r;
}

/* xorshift64: the next value of the sequence in *s (never 0). */
static inline uint64_t pt_rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Opens `path` for reading, through `xz -dc` when its name ends in .xz (*piped set); NULL when
 * it cannot be opened. Close with pt_close(). */
static inline FILE *pt_open(const char *path, int *piped)
{
    size_t pl = strlen(path);
    *piped = pl > 3 && !strcmp(path + pl - 3, ".xz");
    if (!*piped) return fopen(path, "rb");
    char cmd[4200];
    if (pl > 4096) return NULL;
    FILE *probe = fopen(path, "rb"); /* popen succeeds even when xz will not find the file */
    if (!probe) return NULL;
    fclose(probe);
    snprintf(cmd, sizeof cmd, "xz -dc '%.4096s'", path);
    return popen(cmd, "r");
}

/* 0, or -1 when the file or xz reported an error (a damaged .xz). */
static inline int pt_close(FILE *f, int piped)
{
    if (piped) return pclose(f) == 0 ? 0 : -1;
    return fclose(f) == 0 ? 0 : -1;
}

/* A chc_read_fn over a FILE. */
static inline size_t pt_read_cb(void *ctx, char *buf, size_t cap)
{
    FILE *f = ctx;
    size_t n = fread(buf, 1, cap, f);
    if (n == 0 && ferror(f)) return (size_t)-1;
    return n;
}

/* A game's start, main line and result. */
typedef struct {
    chc_position start;
    chc_move *moves; /* malloc'ed */
    size_t n;
    int result;
} pt_game;

/* The directory of the training and measurement games (lichess-65k.pgn.xz,
 * lichess-raw-magnus-10k.pgn.xz, chess960-466.pgn.xz): `given` when not NULL, else
 * $CHC_SHARED/data/games, else ../shared/data/games (the shared data beside the repository,
 * run from the source tree, as bench/bench_pack.sh finds it). These files are not in a user's
 * clone (data/games holds the first two as pack streams for the engine's recipes, without the
 * variant games these tools count); the returned pointer is `given`, the environment's or
 * static storage. */
static inline const char *pt_data_dir(const char *given)
{
    static char buf[4096];
    if (given) return given;
    const char *shared = getenv("CHC_SHARED");
    if (shared && *shared) {
        snprintf(buf, sizeof buf, "%s/data/games", shared);
        return buf;
    }
    return "../shared/data/games";
}

/* dir/name into out (cap bytes); 0, or -1 (out empty) when it does not fit. */
static inline int pt_join(char *out, size_t cap, const char *dir, const char *name)
{
    int n = snprintf(out, cap, "%s/%s", dir, name);
    if (n < 0 || (size_t)n >= cap) {
        if (cap) out[0] = 0;
        return -1;
    }
    return 0;
}

/* Every game of a PGN file (.xz allowed) into a malloc'ed array, *count of them, or NULL when
 * the file cannot be read. A game that does not read is kept with no moves when keep_bad
 * (games keep their number in the file), else left out. */
static inline pt_game *pt_load_pgn(const char *path, int keep_bad, size_t *count)
{
    int piped;
    FILE *f = pt_open(path, &piped);
    *count = 0;
    if (!f) return NULL;
    chc_pgn_reader *r = chc_pgn_reader_new(pt_read_cb, f, CHC_PGN_MAINLINE_ONLY | CHC_PGN_NO_COMMENTS);
    chc_game *g = chc_game_new();
    size_t cap = 1024, n = 0;
    pt_game *v = malloc(cap * sizeof *v);
    chc_diag d;
    int rc = CHC_OK;
    while (r && g && v && (rc = chc_pgn_read_game(r, g, &d)) != CHC_E_GAME_END) {
        if (rc == CHC_E_IO) break;
        if (rc != CHC_OK && !keep_bad) continue;
        if (n == cap) {
            pt_game *nv = realloc(v, (cap *= 2) * sizeof *v);
            if (!nv) break;
            v = nv;
        }
        pt_game *gm = &v[n++];
        gm->start = *chc_game_start(g);
        gm->n = rc == CHC_OK ? chc_game_ply_count(g) : 0;
        gm->moves = malloc((gm->n + 1) * sizeof *gm->moves);
        for (size_t i = 0; gm->moves && i < gm->n; i++) gm->moves[i] = chc_game_move(g, i);
        gm->result = chc_game_result(g);
    }
    int bad = !r || !g || !v || rc == CHC_E_IO;
    chc_game_free(g);
    chc_pgn_reader_free(r);
    if (pt_close(f, piped) || bad) { /* a damaged or short file: nothing rather than part */
        for (size_t i = 0; v && i < n; i++) free(v[i].moves);
        free(v);
        return NULL;
    }
    *count = n;
    return v;
}
#endif
