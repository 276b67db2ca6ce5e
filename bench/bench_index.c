/* Query latency of the position index: chc_index_explore (the SQLite lookup, the moves' SAN,
 * the top games) over the positions of the first plies of the games of a PGN file, each timed
 * alone; prints p50, p90, p99 and the maximum in microseconds, and how many positions had moves.
 * Usage: bench_index INDEX.db GAMES.pgn [MAX_QUERIES] [PLIES] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "chesscodec.h"

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static size_t file_read(void *ctx, char *buf, size_t cap)
{
    FILE *f = ctx;
    size_t n = fread(buf, 1, cap, f);
    return n == 0 && ferror(f) ? (size_t)-1 : n;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: bench_index INDEX.db GAMES.pgn [MAX_QUERIES] [PLIES]\n");
        return 2;
    }
    long max = argc > 3 ? atol(argv[3]) : 20000;
    long plies = argc > 4 ? atol(argv[4]) : 30;
    chc_index *ix = NULL;
    chc_diag d = CHC_DIAG_INIT;
    if (chc_index_open(argv[1], CHC_INDEX_READ_ONLY, 0, &ix, &d) != CHC_OK) {
        fprintf(stderr, "bench_index: %s\n", d.message);
        return 1;
    }
    FILE *f = fopen(argv[2], "rb");
    if (!f) {
        perror(argv[2]);
        return 1;
    }
    chc_reader *r = chc_reader_new(file_read, f, CHC_FORMAT_AUTO, CHC_READER_NO_COMMENTS);
    chc_game *g = chc_game_new();
    chc_explore *e = malloc(sizeof *e);
    double *lat = malloc((size_t)max * sizeof *lat);
    long n = 0, found = 0;
    while (n < max) {
        int rc = chc_reader_next_game(r, g, NULL, &d);
        if (rc == CHC_E_GAME_END || rc == CHC_E_IO) break;
        if (rc != CHC_OK) continue;
        chc_position pos = *chc_game_start(g);
        for (size_t i = 0; i < chc_game_ply_count(g) && (long)i < plies && n < max; i++) {
            double t0 = now_us();
            if (chc_index_explore(ix, &pos, e, &d) != CHC_OK) {
                fprintf(stderr, "bench_index: %s\n", d.message);
                return 1;
            }
            lat[n++] = now_us() - t0;
            found += e->nmoves > 0;
            chc_undo u;
            chc_make_move(&pos, chc_game_move(g, i), &u);
        }
    }
    qsort(lat, (size_t)n, sizeof *lat, cmp_double);
    double sum = 0;
    for (long i = 0; i < n; i++) sum += lat[i];
    if (n)
        printf("  explore: %ld queries (positions of plies 0..%ld, %ld with moves): "
               "p50 %.0f us, p90 %.0f us, p99 %.0f us, max %.0f us, mean %.0f us\n",
               n, plies - 1, found, lat[n / 2], lat[n * 9 / 10], lat[n * 99 / 100], lat[n - 1],
               sum / (double)n);
    free(lat);
    free(e);
    chc_game_free(g);
    chc_reader_free(r);
    fclose(f);
    chc_index_close(ix);
    return 0;
}
