/* The transposition table: a power-of-two array of buckets of TT_WAYS entries, shared by
 * the Lazy SMP threads without locks (see tt_entry in search_internal.h); replacement by
 * depth and age. */
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE (glibc) */
#include <stdint.h>
#include <stdlib.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "engine/search_internal.h"

#define TT_HUGE_PAGE ((uintptr_t)2 << 20) /* x86-64's and most arm64 kernels' huge page */

int chci_tt_alloc(chc_engine *e, size_t mb)
{
    size_t bytes = mb * 1024 * 1024, n = 1;
    while (n * 2 * sizeof(tt_bucket) <= bytes) n *= 2;
    /* Room to start the table on a cache line (a probe then reads one line, not two) or, when
       it is large enough, on a huge page (calloc, not aligned_alloc + memset: untouched pages
       stay unmapped). */
    size_t size = n * sizeof(tt_bucket);
    uintptr_t align = size >= TT_HUGE_PAGE ? TT_HUGE_PAGE : TT_ALIGN;
    void *mem = calloc(1, size + align);
    if (!mem) return CHC_E_NO_MEMORY;
    free(e->tt_mem);
    e->tt_mem = mem;
    e->tt = (tt_bucket *)(((uintptr_t)mem + align - 1) & ~(align - 1));
    e->tt_mask = n - 1;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    /* transparent huge pages: each probe is a random access to the table, and 4 KB pages
       would make most of them a TLB miss too (a hint: ignored where not available) */
    if (align == TT_HUGE_PAGE) (void)madvise(e->tt, size, MADV_HUGEPAGE);
#endif
    return CHC_OK;
}

static uint64_t tt_pack(chc_move m, int score, int eval, int depth, int genbound)
{
    return (uint64_t)(m & 0xFFFFu) | (uint64_t)(uint16_t)(int16_t)score << 16 |
           (uint64_t)(uint16_t)(int16_t)eval << 32 | (uint64_t)(uint8_t)depth << 48 |
           (uint64_t)(uint8_t)genbound << 56;
}

static tt_data tt_unpack(uint64_t d)
{
    tt_data t;
    t.move = (chc_move)(d & 0xFFFF);
    t.score = (int16_t)(uint16_t)(d >> 16);
    t.eval = (int16_t)(uint16_t)(d >> 32);
    t.depth = (int8_t)(uint8_t)(d >> 48);
    t.genbound = (uint8_t)(d >> 56);
    return t;
}

/* Reads entry x: its data, and whether it holds position key64 (the check verifies the key
 * and that both words come from the same write). */
static int tt_read(tt_entry *x, uint64_t key64, uint64_t *data)
{
    uint64_t c = atomic_load_explicit(&x->check, memory_order_relaxed);
    uint64_t d = atomic_load_explicit(&x->data, memory_order_relaxed);
    *data = d;
    return (c ^ d) == key64 && (d >> 56) != 0;
}

int chci_tt_probe(const chc_engine *e, uint64_t key64, tt_data *t)
{
    tt_bucket *b = &e->tt[key64 & e->tt_mask];
    for (int i = 0; i < TT_WAYS; i++) {
        uint64_t d;
        if (tt_read(&b->e[i], key64, &d)) {
            *t = tt_unpack(d);
            return 1;
        }
    }
    return 0;
}

void chci_tt_store(chc_engine *e, uint64_t key64, chc_move m, int score, int eval, int depth, int bound,
                   int ply)
{
    tt_bucket *b = &e->tt[key64 & e->tt_mask];
    tt_entry *repl = &b->e[0];
    tt_data old = {0};
    int same = 0, worst = INT32_MAX;
    for (int i = 0; i < TT_WAYS; i++) {
        tt_entry *x = &b->e[i];
        uint64_t d;
        int mine = tt_read(x, key64, &d);
        tt_data t = tt_unpack(d);
        if (mine || !t.genbound) {
            repl = x;
            old = t;
            same = mine;
            break;
        }
        int age = (uint8_t)(e->gen - (t.genbound >> 2)) & 63;
        int v = t.depth - 8 * age;
        if (v < worst) {
            worst = v;
            repl = x;
            old = t;
        }
    }
    if (same && m == CHC_MOVE_NONE) m = old.move;
    if (same && bound != BOUND_EXACT && depth + 2 < old.depth && (old.genbound >> 2) == (e->gen & 63))
        return;
    int ev = eval == EVAL_NONE ? EVAL_NONE : eval < -32000 ? -32000 : eval > 32000 ? 32000 : eval;
    uint64_t d = tt_pack(m, score_to_tt(score, ply), ev, depth < 0 ? 0 : depth > 127 ? 127 : depth,
                         ((e->gen & 63) << 2) | bound);
    atomic_store_explicit(&repl->check, key64 ^ d, memory_order_relaxed);
    atomic_store_explicit(&repl->data, d, memory_order_relaxed);
}

int chci_tt_hashfull(const chc_engine *e)
{
    size_t n = e->tt_mask + 1 < 250 ? e->tt_mask + 1 : 250, used = 0;
    for (size_t i = 0; i < n; i++)
        for (int j = 0; j < TT_WAYS; j++) {
            int gb = (int)(atomic_load_explicit(&e->tt[i].e[j].data, memory_order_relaxed) >> 56);
            if (gb && (gb >> 2) == (e->gen & 63)) used++;
        }
    return (int)(used * 1000 / (n * TT_WAYS));
}
