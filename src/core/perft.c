/* Perft: leaf-node counts of the legal move tree, bulk-counted at the last ply (the number of
 * legal moves is counted, not made). The counting path of perft_fast.c takes the positions it
 * can (every one but Chess960 castling from other squares); the rest, and every position when
 * CHC_PERFT_PATH=movegen, go through the library's move generator here. Copy-make: each child
 * is a copy of its parent. */
#include "core/perft_fast.h"
#include "core/position.h"

static uint64_t perft_rec(const chc_position *p, int depth)
{
    if (depth == 1) return (uint64_t)chci_generate(p, NULL, CHC_GEN_ALL);
    chc_move list[CHC_MAX_MOVES];
    int n = chci_generate(p, list, CHC_GEN_ALL);
    uint64_t total = 0;
    chc_undo u;
    for (int i = 0; i < n; i++) {
        chc_position child = *p;
        chc_make_move(&child, list[i], &u);
        total += perft_rec(&child, depth - 1);
    }
    return total;
}

static uint64_t perft_path(const chc_position *p, int depth, enum chci_perft_path path)
{
    uint64_t nodes;
    if (chci_perft_fast(p, depth, path, &nodes)) return nodes;
    return perft_rec(p, depth);
}

uint64_t chc_perft(const chc_position *pos, int depth)
{
    if (depth <= 0) return 1;
    return perft_path(pos, depth, chci_perft_path());
}

int chc_perft_divide(const chc_position *pos, int depth, chc_move *moves, uint64_t *counts)
{
    const enum chci_perft_path path = chci_perft_path();
    int n = chci_generate(pos, moves, CHC_GEN_ALL);
    chc_undo u;
    for (int i = 0; i < n; i++) {
        chc_position child = *pos;
        chc_make_move(&child, moves[i], &u);
        counts[i] = depth <= 1 ? 1 : perft_path(&child, depth - 1, path);
    }
    return n;
}
