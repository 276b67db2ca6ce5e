/* `play`: the engine opponent, searching in its own thread so that the screen stays alive.
 * The interface polls play_engine_poll(); play_engine_cancel() stops a search at once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

#include <pthread.h>
#include <time.h>

struct play_engine {
    chc_engine *eng;
    pthread_t thread;
    pthread_mutex_t mu;
    int running;  /* a thread was started and not joined */
    int done;     /* the thread has finished its search */
    int rc;
    chc_position start;
    chc_move *moves;
    int nmoves;
    chc_search_limits lim;
    chc_search_result res;      /* final result */
    chc_search_result progress; /* the last iteration, for display */
    int have_progress;
    int root_side; /* side to move at the root: scores are shown from White's side */
};

play_engine *play_engine_new(void)
{
    play_engine *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->eng = chc_engine_new(32);
    if (!e->eng) {
        free(e);
        return NULL;
    }
    pthread_mutex_init(&e->mu, NULL);
    return e;
}

void play_engine_free(play_engine *e)
{
    if (!e) return;
    play_engine_cancel(e);
    chc_engine_free(e->eng);
    pthread_mutex_destroy(&e->mu);
    free(e->moves);
    free(e);
}

static void on_progress(const chc_search_result *info, void *user)
{
    play_engine *e = user;
    if (info->bound != 0 || info->pv_len == 0) return;
    pthread_mutex_lock(&e->mu);
    e->progress = *info;
    e->have_progress = 1;
    pthread_mutex_unlock(&e->mu);
}

static void *search_thread(void *arg)
{
    play_engine *e = arg;
    chc_search_result res;
    memset(&res, 0, sizeof res);
    int rc = chc_engine_search(e->eng, &e->start, e->moves, e->nmoves, &e->lim, on_progress, e,
                               &res);
    pthread_mutex_lock(&e->mu);
    e->res = res;
    e->rc = rc;
    e->done = 1;
    pthread_mutex_unlock(&e->mu);
    return NULL;
}

int play_engine_start(play_engine *e, const chc_game *g, const play_limits *lim)
{
    play_engine_cancel(e);
    /* the history since the last irreversible move is enough for repetitions; keep it all */
    size_t cur = chc_game_cursor(g);
    chc_move *m = realloc(e->moves, (cur + 1) * sizeof *m);
    if (!m) return CHC_E_NO_MEMORY;
    e->moves = m;
    for (size_t i = 0; i < cur; i++) m[i] = chc_game_move(g, i);
    e->nmoves = (int)cur;
    e->start = *chc_game_start(g);
    e->root_side = chc_side_to_move(chc_game_current(g));
    memset(&e->lim, 0, sizeof e->lim);
    e->lim.movetime_ms = lim->movetime_ms;
    e->lim.depth = lim->depth;
    if (!lim->movetime_ms && !lim->depth) e->lim.movetime_ms = 1000;
    e->done = 0;
    e->have_progress = 0;
    if (pthread_create(&e->thread, NULL, search_thread, e) != 0) return CHC_E_NO_MEMORY;
    e->running = 1;
    return CHC_OK;
}

int play_engine_busy(play_engine *e)
{
    return e && e->running;
}

static void describe(const chc_search_result *r, int root_side, char *info, size_t cap)
{
    if (!info || !cap) return;
    char nodes[32];
    if (r->nodes >= 10000000)
        snprintf(nodes, sizeof nodes, "%lluM", (unsigned long long)(r->nodes / 1000000));
    else if (r->nodes >= 10000)
        snprintf(nodes, sizeof nodes, "%lluk", (unsigned long long)(r->nodes / 1000));
    else
        snprintf(nodes, sizeof nodes, "%llu", (unsigned long long)r->nodes);
    int sign = root_side == CHC_WHITE ? 1 : -1;
    if (r->mate)
        snprintf(info, cap, "depth %d, %s mates in %d, %s nodes", r->depth,
                 (r->mate > 0) == (root_side == CHC_WHITE) ? "White" : "Black",
                 r->mate > 0 ? r->mate : -r->mate, nodes);
    else
        snprintf(info, cap, "depth %d, eval %+.2f, %s nodes", r->depth, sign * r->score / 100.0,
                 nodes);
}

int play_engine_poll(play_engine *e, chc_move *best, char *info, size_t infocap)
{
    if (!e || !e->running) return 0;
    pthread_mutex_lock(&e->mu);
    int done = e->done;
    chc_search_result r = done ? e->res : e->progress;
    int have = done || e->have_progress;
    int rc = e->rc;
    pthread_mutex_unlock(&e->mu);
    if (!done) {
        if (info && infocap) {
            if (have) describe(&r, e->root_side, info, infocap);
            else snprintf(info, infocap, "thinking");
        }
        return 0;
    }
    pthread_join(e->thread, NULL);
    e->running = 0;
    *best = rc == CHC_OK ? r.best : CHC_MOVE_NONE;
    describe(&r, e->root_side, info, infocap);
    return 1;
}

void play_engine_cancel(play_engine *e)
{
    if (!e || !e->running) return;
    /* a stop sent before the search has started is forgotten when it starts: repeat it */
    for (;;) {
        chc_engine_stop(e->eng);
        pthread_mutex_lock(&e->mu);
        int done = e->done;
        pthread_mutex_unlock(&e->mu);
        if (done) break;
        struct timespec ts = {0, 2 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    pthread_join(e->thread, NULL);
    e->running = 0;
}

