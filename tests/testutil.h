/* Helpers shared by the cmocka tests. */
#ifndef CHC_TESTUTIL_H
#define CHC_TESTUTIL_H
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "chesscodec.h"

/* Absolute path of a file under tests/data (static buffer, valid until the next call). */
const char *tu_data_path(const char *rel);
/* Reads a whole file (xz-compressed when the name ends in .xz) into a malloc'ed NUL-terminated
 * buffer; *len gets the size. Returns NULL if it cannot be read. */
char *tu_read_file(const char *path, size_t *len);
/* Non-zero when running under CI (CI=true): a missing oracle must then fail, not skip. */
int tu_in_ci(void);
/* Non-zero when the build is sanitized (tests may use smaller workloads). */
int tu_sanitized(void);
/* Returns the path of an external program (searching PATH and /usr/games), or NULL. */
const char *tu_find_tool(const char *name);
/* Exits the test program as skipped (77) outside CI, failed (1) in CI, printing loudly why. */
void tu_skip_or_fail(const char *why);
/* A FEN -> position helper that fails the test on error. */
void tu_pos(chc_position *pos, const char *fen);

/* The tests' one pseudo-random generator (SplitMix64): deterministic, any seed (0 included),
 * one state per user so that a test's sequence does not depend on which tests ran before.
 *     tu_rng rng = TU_RNG(12345);
 *     chc_move m = moves[tu_rand_below(&rng, (uint64_t)n)];
 * Not for the library: its code must not depend on a random source. */
typedef struct tu_rng {
    uint64_t state;
} tu_rng;
#define TU_RNG(seed) {(uint64_t)(seed)}
/* The next 64 random bits. */
uint64_t tu_rand(tu_rng *rng);
/* A number in [0, n), n > 0 (the modulo bias, below 2^-40 for the n tests use, is ignored). */
uint64_t tu_rand_below(tu_rng *rng, uint64_t n);

/* Perft suites: EPD ("FEN ;D1 n ;D2 n ...") or pychess ("epd FEN" then "perft D N" lines). */
typedef struct tu_perft_entry {
    char fen[128];
    int chess960;
    int ndepth;
    int depth[10];
    uint64_t nodes[10];
} tu_perft_entry;
/* Loads a suite (xz allowed); returns a malloc'ed array and sets *count; NULL on failure.
 * chess960: parse FENs as Chess960. */
tu_perft_entry *tu_load_perft_suite(const char *path, int chess960, int *count);
#endif
