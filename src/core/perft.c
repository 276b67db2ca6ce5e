/* Perft: leaf-node counts of the legal move tree, bulk-counted at the last ply (the number of
 * legal moves is counted, not made). Copy-make: each child is a copy of its parent. */
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

uint64_t chc_perft(const chc_position *pos, int depth)
{
    if (depth <= 0) return 1;
    return perft_rec(pos, depth);
}

int chc_perft_divide(const chc_position *pos, int depth, chc_move *moves, uint64_t *counts)
{
    int n = chci_generate(pos, moves, CHC_GEN_ALL);
    chc_undo u;
    for (int i = 0; i < n; i++) {
        chc_position child = *pos;
        chc_make_move(&child, moves[i], &u);
        counts[i] = depth <= 1 ? 1 : perft_rec(&child, depth - 1);
    }
    return n;
}
