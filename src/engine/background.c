/* Searching in the background: chc_engine_search() in a thread of its own, so that a program
 * (the UCI session, the terminal game) keeps reading its input while the engine thinks.
 * The stop and ponderhit requests are cleared before the thread starts, never by it, so a
 * request made after chc_engine_start() returned always reaches the search. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"

struct chci_job {
    chc_engine *engine;
    pthread_t thread;
    int live;         /* started and not joined */
    atomic_int done;  /* the search and its `done` callback have returned */
    chc_position start;
    chc_move *moves;
    int nmoves, moves_cap;
    chc_search_limits limits;
    chc_move searchmoves[CHC_MAX_MOVES];
    chc_search_callback cb;
    chc_search_done done_cb;
    void *user;
    int status;
    chc_search_result result;
};

static void *job_main(void *arg)
{
    struct chci_job *j = arg;
    memset(&j->result, 0, sizeof j->result);
    j->status = chci_engine_search(j->engine, &j->start, j->moves, j->nmoves, &j->limits, j->cb,
                                   j->user, &j->result);
    if (j->done_cb) j->done_cb(j->status, &j->result, j->user);
    atomic_store(&j->done, 1);
    return NULL;
}

int chc_engine_start(chc_engine *e, const chc_position *start, const chc_move *moves,
                     int nmoves, const chc_search_limits *limits, chc_search_callback cb,
                     chc_search_done done, void *user)
{
    struct chci_job **slot = chci_engine_job(e), *j = *slot;
    if (nmoves < 0 || (nmoves > 0 && !moves) || (j && j->live)) return CHC_E_ARGUMENT;
    if (!j && !(j = *slot = calloc(1, sizeof *j))) return CHC_E_NO_MEMORY;
    if (nmoves > j->moves_cap) {
        chc_move *m = realloc(j->moves, (size_t)nmoves * sizeof *m);
        if (!m) return CHC_E_NO_MEMORY;
        j->moves = m;
        j->moves_cap = nmoves;
    }
    if (nmoves) memcpy(j->moves, moves, (size_t)nmoves * sizeof *moves);
    j->engine = e;
    j->start = *start;
    j->nmoves = nmoves;
    j->limits = *limits;
    int n = limits->searchmoves && limits->n_searchmoves > 0 ? limits->n_searchmoves : 0;
    if (n > CHC_MAX_MOVES) n = CHC_MAX_MOVES;
    if (n) memcpy(j->searchmoves, limits->searchmoves, (size_t)n * sizeof *j->searchmoves);
    j->limits.searchmoves = n ? j->searchmoves : NULL;
    j->limits.n_searchmoves = n;
    j->cb = cb;
    j->done_cb = done;
    j->user = user;
    atomic_store(&j->done, 0);
    chci_engine_clear_requests(e);
    if (pthread_create(&j->thread, NULL, job_main, j) != 0) return CHC_E_NO_MEMORY;
    j->live = 1;
    return CHC_OK;
}

int chc_engine_searching(chc_engine *e)
{
    const struct chci_job *j = *chci_engine_job(e);
    return j && j->live && !atomic_load(&j->done);
}

int chc_engine_wait(chc_engine *e, chc_search_result *result)
{
    struct chci_job *j = *chci_engine_job(e);
    if (!j || !j->live) return CHC_E_ARGUMENT;
    pthread_join(j->thread, NULL);
    j->live = 0;
    if (result) *result = j->result;
    return j->status;
}

void chci_job_free(chc_engine *e, struct chci_job *job)
{
    if (!job) return;
    if (job->live) {
        chc_engine_stop(e);
        chc_engine_wait(e, NULL);
    }
    free(job->moves);
    free(job);
}
