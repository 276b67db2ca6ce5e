/* `play`: the engine opponent, a background search of the library (chc_engine_start), so
 * that the screen stays alive while it thinks. The interfaces call play_engine_turn() (the
 * screen: every 50 ms; --line: waiting); play_engine_cancel() stops a search at once. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "play.h"

struct play_engine {
    chc_engine *eng;
    int running;                /* a search was started and not yet collected */
    pthread_mutex_t mu;         /* guards the progress (written by the search thread) */
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
    chc_engine_free(e->eng); /* stops and waits for a search */
    pthread_mutex_destroy(&e->mu);
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

static int start(play_engine *e, const chc_game *g, const play_limits *lim)
{
    /* the history since the last irreversible move is enough for repetitions; keep it all */
    size_t cur = chc_game_cursor(g);
    chc_move *m = malloc((cur + 1) * sizeof *m);
    if (!m) return CHC_E_NO_MEMORY;
    for (size_t i = 0; i < cur; i++) m[i] = chc_game_move(g, i);
    chc_search_limits l;
    memset(&l, 0, sizeof l);
    l.movetime_ms = lim->movetime_ms || lim->depth ? lim->movetime_ms : 1000;
    l.depth = lim->depth;
    chc_engine_set_skill(e->eng, lim->level, (uint64_t)time(NULL) ^ (uint64_t)cur);
    e->root_side = chc_side_to_move(chc_game_current(g));
    e->have_progress = 0;
    int rc = chc_engine_start(e->eng, chc_game_start(g), m, (int)cur, &l, on_progress, NULL, e);
    free(m);
    e->running = rc == CHC_OK;
    return rc;
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

int play_engine_turn(play_engine *e, chc_game *g, const play_options *opt, int wait,
                     char san[CHC_SAN_MAX], char *info, size_t infocap)
{
    chc_search_result r;
    if (!e || !e->running) {
        chc_game_status st;
        chc_game_status_get(g, &st);
        if (st.over || !play_engine_plays(opt, st.side)) return PLAY_TURN_NONE;
        if (!e || start(e, g, &opt->limits) != CHC_OK) return PLAY_TURN_NO_START;
        snprintf(info, infocap, "started");
        if (!wait) return PLAY_TURN_THINKING;
    }
    if (!wait && chc_engine_searching(e->eng)) {
        pthread_mutex_lock(&e->mu);
        int have = e->have_progress;
        r = e->progress;
        pthread_mutex_unlock(&e->mu);
        if (have) describe(&r, e->root_side, info, infocap);
        else snprintf(info, infocap, "thinking");
        return PLAY_TURN_THINKING;
    }
    int rc = chc_engine_wait(e->eng, &r);
    e->running = 0;
    describe(&r, e->root_side, info, infocap);
    if (rc != CHC_OK || !chc_is_legal(chc_game_current(g), r.best)) return PLAY_TURN_NO_MOVE;
    chc_move_to_san(chc_game_current(g), r.best, san);
    chc_game_play(g, r.best);
    return PLAY_TURN_MOVED;
}

void play_engine_cancel(play_engine *e)
{
    if (!e || !e->running) return;
    chc_engine_stop(e->eng);
    chc_engine_wait(e->eng, NULL);
    e->running = 0;
}
