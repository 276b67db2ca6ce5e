/* Time management: how long a move may take (set_time), when a running search must stop
 * (check_limits, every 1024 nodes) and how a completed iteration rescales the time. */
#include <time.h>

#include "engine/search_internal.h"

int64_t chci_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Nodes searched by the running search: this engine's and its helpers' (as last published). */
uint64_t chci_total_nodes(const chc_engine *e)
{
    uint64_t n = e->nodes;
    for (int i = 0; i < e->nrunning; i++)
        n += atomic_load_explicit(&e->helpers[i]->nodes_pub, memory_order_relaxed);
    return n;
}

void chci_check_limits(chc_engine *e)
{
    if (e->owner) { /* a helper: runs until its engine's search ends */
        atomic_store_explicit(&e->nodes_pub, e->nodes, memory_order_relaxed);
        if (atomic_load_explicit(&e->owner->helpers_stop, memory_order_relaxed)) e->stopped = 1;
        return;
    }
    if (atomic_load_explicit(&e->stop_flag, memory_order_relaxed)) {
        e->stopped = 1;
        return;
    }
    if (e->node_limit && chci_total_nodes(e) >= e->node_limit) {
        e->stopped = 1;
        return;
    }
    if (e->pondering) {
        if (!atomic_load(&e->ponderhit_flag)) return;
        e->pondering = 0;
        e->start_ms = chci_now_ms();
    }
    if (e->hard_ms) {
        int64_t el = chci_now_ms() - e->start_ms;
        if (el >= e->hard_ms || (e->soft_ms && el >= e->soft_ms)) e->stopped = 1;
    }
}

/* Time control: opt_ms is the usual time for this move; it is scaled after each iteration by
 * the stability of the best move and a falling score (soft_ms: past it the search stops, also
 * inside an iteration); hard_ms is never exceeded. movetime: exactly that long. */
void chci_set_time(chc_engine *e, const chc_search_limits *l, int side)
{
    e->soft_ms = e->hard_ms = e->opt_ms = 0;
    if (l->movetime_ms > 0) {
        e->hard_ms = l->movetime_ms > 10 ? l->movetime_ms - 5 : l->movetime_ms;
        e->opt_ms = e->hard_ms;
        return;
    }
    int64_t t = l->time_ms[side], inc = l->inc_ms[side] > 0 ? l->inc_ms[side] : 0;
    if (t <= 0) return;
    const int64_t overhead = 30;
    int64_t avail = t - overhead;
    if (avail < 5) avail = 5;
    int mtg = l->movestogo > 0 ? (l->movestogo < 30 ? l->movestogo : 30) : 25;
    int64_t opt = avail / mtg + inc * 3 / 4;
    int64_t cap = mtg == 1 ? avail * 7 / 10 : avail / 2;
    int64_t hard = opt * 5;
    if (hard > cap) hard = cap;
    if (opt > hard) opt = hard;
    if (hard < 1) hard = 1;
    if (opt < 1) opt = 1;
    e->opt_ms = opt;
    e->hard_ms = hard;
}

int chci_time_iteration_done(chc_engine *e, int stable, int d, int drop, int nallowed)
{
    static const int stab_pct[5] = {150, 125, 105, 90, 75};
    int f = stab_pct[stable < 4 ? stable : 4];
    if (d >= 4 && drop > 20) {
        if (drop > 120) drop = 120;
        f = f * (100 + drop / 2) / 100;
    }
    int64_t scaled = e->opt_ms * f / 100;
    e->soft_ms = scaled * 2 < e->hard_ms ? scaled * 2 : e->hard_ms;
    if (!e->pondering) {
        int64_t el = chci_now_ms() - e->start_ms;
        if (el >= scaled * 55 / 100) return 1;
        if (nallowed == 1) return 1;
    }
    return 0;
}
