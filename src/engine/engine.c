/* The engine object: creation, options (hash, threads, strength level), clearing, stop and
 * ponderhit requests, and the strength levels' move choice. */
#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "engine/search_internal.h"

chc_engine *chc_engine_new(size_t hash_mb)
{
    if (hash_mb == 0) hash_mb = 16;
    if (hash_mb > 65536) return NULL;
    chci_search_init();
    chc_engine *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    atomic_init(&e->stop_flag, 0);
    atomic_init(&e->ponderhit_flag, 0);
    atomic_init(&e->helpers_stop, 0);
    atomic_init(&e->nodes_pub, 0);
    e->pawn_cache = calloc(CHCI_PAWN_CACHE_SIZE, sizeof *e->pawn_cache);
    if (!e->pawn_cache || chci_tt_alloc(e, hash_mb) != CHC_OK) {
        free(e->pawn_cache);
        free(e);
        return NULL;
    }
    e->skill = CHC_SKILL_MAX;
    e->nnue = CHCI_NNUE_DEFAULT_ON ? chci_nnue_default() : NULL;
    return e;
}

static void free_helper(chc_engine *h)
{
    free(h->pawn_cache);
    free(h->keys);
    free(h);
}

void chc_engine_free(chc_engine *e)
{
    if (!e) return;
    chci_job_free(e, e->job);
    for (int i = 0; i < e->nhelpers; i++) free_helper(e->helpers[i]);
    free(e->helpers);
    free(e->tt_mem);
    free(e->keys);
    free(e->pawn_cache);
    free(e);
}

int chc_engine_set_hash(chc_engine *e, size_t hash_mb)
{
    if (hash_mb == 0 || hash_mb > 65536) return CHC_E_ARGUMENT;
    return chci_tt_alloc(e, hash_mb);
}

int chc_engine_set_threads(chc_engine *e, int threads)
{
    if (threads < 1 || threads > CHC_THREADS_MAX) return CHC_E_ARGUMENT;
    if (chc_engine_searching(e)) return CHC_E_ARGUMENT; /* its helpers are running */
    int want = threads - 1;
    if (want > e->nhelpers) {
        chc_engine **hs = realloc(e->helpers, (size_t)want * sizeof *hs);
        if (!hs) return CHC_E_NO_MEMORY;
        e->helpers = hs;
        for (int i = e->nhelpers; i < want; i++) {
            chc_engine *h = calloc(1, sizeof *h);
            if (h && !(h->pawn_cache = calloc(CHCI_PAWN_CACHE_SIZE, sizeof *h->pawn_cache))) {
                free(h);
                h = NULL;
            }
            if (!h) {
                for (int j = e->nhelpers; j < i; j++) free_helper(hs[j]);
                return CHC_E_NO_MEMORY;
            }
            h->owner = e;
            h->helper_id = i + 1;
            h->skill = CHC_SKILL_MAX;
            atomic_init(&h->stop_flag, 0);
            atomic_init(&h->ponderhit_flag, 0);
            atomic_init(&h->helpers_stop, 0);
            atomic_init(&h->nodes_pub, 0);
            hs[i] = h;
        }
    } else {
        for (int i = want; i < e->nhelpers; i++) free_helper(e->helpers[i]);
    }
    e->nhelpers = want;
    return CHC_OK;
}

int chc_engine_threads(const chc_engine *e)
{
    return e->nhelpers + 1;
}

int chc_engine_set_skill(chc_engine *e, int level, uint64_t seed)
{
    if (level < 0 || level > CHC_SKILL_MAX) return CHC_E_ARGUMENT;
    e->skill = level;
    e->skill_seed = seed;
    return CHC_OK;
}

int chc_engine_skill(const chc_engine *e)
{
    return e->skill;
}

int chc_engine_set_nnue(chc_engine *e, int on)
{
    if (chc_engine_searching(e)) return CHC_E_ARGUMENT;
    const chci_nnue_net *net = on ? chci_nnue_default() : NULL;
    if (on && !net) return CHC_E_UNSUPPORTED;
    if (net != e->nnue) {
        e->nnue = net;
        chc_engine_clear(e);
    }
    return CHC_OK;
}

int chc_engine_nnue(const chc_engine *e)
{
    return e->nnue != NULL;
}

/* The Elo of each level below the maximum, on Stockfish's UCI_Elo scale at 2 s + 0.05 s a
 * game: measured with net 11 (bench/bench_levels.sh, docs/engine-levels.md, 2026-12-06) for
 * levels 0-6, 8, 10, 12, 14 and 17, made monotone and interpolated between; wide error bars
 * (about +-100 to +-300 Elo). */
static const short level_elo[CHC_SKILL_MAX] = {850,  870,  1135, 1233, 1252, 1289, 1477,
                                               1600, 1720, 1835, 1947, 2080, 2209, 2263,
                                               2317, 2501, 2685, 2869, 2950, 3030};

int chc_skill_from_elo(int elo)
{
    int level = 0;
    for (int i = 1; i < CHC_SKILL_MAX; i++)
        if (elo >= level_elo[i]) level = i;
    return level;
}

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A weakened engine's move among the lines of its last completed iteration (best first):
 * each line draws a number in 0..margin and loses its deficit against the best line; the
 * highest total is played (the first on a tie). See chc_engine_set_skill(). */
int chci_skill_pick(const chc_engine *e, const chc_search_result *lines, int n)
{
    if (n <= 1 || lines[0].score >= MATE_MIN) return 0;
    int margin = chci_skill_margin(e->skill);
    uint64_t st = e->skill_seed ^ e->pos.key;
    int pick = 0, best_value = INT_MIN;
    for (int i = 0; i < n; i++) {
        int draw = (int)(splitmix64(&st) % (uint64_t)(margin + 1));
        int deficit = lines[0].score - lines[i].score;
        if (deficit > margin) continue;
        int value = draw - deficit;
        if (value > best_value) {
            best_value = value;
            pick = i;
        }
    }
    return pick;
}

void chc_engine_clear(chc_engine *e)
{
    memset(e->tt, 0, (e->tt_mask + 1) * sizeof(tt_bucket));
    memset(e->history, 0, sizeof e->history);
    memset(e->killers, 0, sizeof e->killers);
    memset(e->counter, 0, sizeof e->counter);
    memset(e->cap_hist, 0, sizeof e->cap_hist);
    memset(e->cont_hist, 0, sizeof e->cont_hist);
    e->gen = 0;
    for (int i = 0; i < e->nhelpers; i++) {
        chc_engine *h = e->helpers[i];
        memset(h->history, 0, sizeof h->history);
        memset(h->counter, 0, sizeof h->counter);
        memset(h->cap_hist, 0, sizeof h->cap_hist);
        memset(h->cont_hist, 0, sizeof h->cont_hist);
    }
}

void chc_engine_stop(chc_engine *e)
{
    atomic_store(&e->stop_flag, 1);
}

void chc_engine_ponderhit(chc_engine *e)
{
    atomic_store(&e->ponderhit_flag, 1);
}

void chci_engine_clear_requests(chc_engine *e)
{
    atomic_store(&e->stop_flag, 0);
    atomic_store(&e->ponderhit_flag, 0);
}

struct chci_job **chci_engine_job(chc_engine *e)
{
    return &e->job;
}
