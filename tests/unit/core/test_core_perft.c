/* Perft: every position of the suites (standard.epd, fischer.epd, the pychess suites) at
 * every depth whose count is at most 10 million nodes (release build; 20,000 under the
 * sanitizers, whose debug checks rebuild the position after every move, and there only every
 * 4th position of the 6,838 random ones). Runs on all cores.
 * `make test-slow` runs every depth (test_core_perft_all). CHC_PERFT_LIMIT=N lowers the limit to
 * N nodes; CHC_PERFT_PATH picks the library's perft path (test_core_perft_paths.sh). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

static tu_perft_entry *entries;
static int nentries, next_entry, failures;
static uint64_t limit, total_nodes;
static int stride = 1; /* every stride-th position (1 in release) */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
    (void)arg;
    for (;;) {
        pthread_mutex_lock(&lock);
        int i = next_entry;
        next_entry += stride;
        pthread_mutex_unlock(&lock);
        if (i >= nentries) return NULL;
        tu_perft_entry *e = &entries[i];
        chc_position pos;
        chc_diag d;
        int rc = chc_position_from_fen(&pos, e->fen, e->chess960 ? CHC_FEN_CHESS960 : 0, &d);
        if (rc != CHC_OK) {
            pthread_mutex_lock(&lock);
            fprintf(stderr, "FEN refused: %s: %s\n", e->fen, d.message);
            failures++;
            pthread_mutex_unlock(&lock);
            continue;
        }
        for (int k = 0; k < e->ndepth; k++) {
            if (e->nodes[k] > limit) continue;
            uint64_t got = chc_perft(&pos, e->depth[k]);
            pthread_mutex_lock(&lock);
            total_nodes += got;
            if (got != e->nodes[k]) {
                fprintf(stderr, "perft %d of %s: got %llu, expected %llu\n", e->depth[k], e->fen,
                        (unsigned long long)got, (unsigned long long)e->nodes[k]);
                failures++;
            }
            pthread_mutex_unlock(&lock);
        }
    }
}

static void run_suite(const char *file, int chess960)
{
    entries = tu_load_perft_suite(tu_data_path(file), chess960, &nentries);
    assert_non_null(entries);
    assert_true(nentries > 0);
    next_entry = 0;
    failures = 0;
    total_nodes = 0;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    int nt = ncpu > 1 ? (int)(ncpu > 8 ? 8 : ncpu) : 1;
    pthread_t th[8];
    for (int t = 0; t < nt; t++) pthread_create(&th[t], NULL, worker, NULL);
    for (int t = 0; t < nt; t++) pthread_join(th[t], NULL);
    printf("%s: %d positions, %llu nodes checked\n", file, nentries, (unsigned long long)total_nodes);
    free(entries);
    assert_int_equal(failures, 0);
}

static void test_standard(void **s) { (void)s; run_suite("core/standard.epd", 0); }
static void test_tricky(void **s) { (void)s; run_suite("core/pychess_tricky.perft", 0); }
static void test_fischer(void **s) { (void)s; run_suite("core/fischer.epd", 1); }
static void test_pychess960(void **s) { (void)s; run_suite("core/pychess_chess960.perft.xz", 1); }
static void test_random(void **s)
{
    (void)s;
    stride = tu_sanitized() ? 4 : 1; /* sanitizers + debug checks: a quarter of the 6,838 */
    run_suite("core/pychess_random.perft.xz", 0);
    stride = 1;
}

int main(void)
{
    const char *all = getenv("CHC_PERFT_ALL");
    limit = tu_sanitized() ? 20000 : 10000000;
    if (all && *all == '1') limit = UINT64_MAX;
    const char *lim = getenv("CHC_PERFT_LIMIT");
    if (lim && *lim) {
        uint64_t l = strtoull(lim, NULL, 10);
        if (l < limit) limit = l;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_standard),  cmocka_unit_test(test_tricky),
        cmocka_unit_test(test_fischer),   cmocka_unit_test(test_pychess960),
        cmocka_unit_test(test_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
