/* Shared by the bench programs: a monotonic clock and the median of a few rounds. */
#ifndef CHC_BENCH_UTIL_H
#define CHC_BENCH_UTIL_H
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Seconds on a monotonic clock. */
static inline double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static inline int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The median of v[0..n) (n <= 64; v is left as it is). */
static inline double median(const double *v, int n)
{
    double t[64];
    memcpy(t, v, (size_t)n * sizeof *t);
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    return t[n / 2];
}

/* Runs fn repeatedly for at least `seconds`; returns items per second, fn handling `items`
 * items a run. */
static inline double rate(void (*fn)(void), size_t items, double seconds)
{
    double t0 = now(), t;
    long reps = 0;
    do {
        fn();
        reps++;
        t = now() - t0;
    } while (t < seconds);
    return (double)items * (double)reps / t;
}
#endif
