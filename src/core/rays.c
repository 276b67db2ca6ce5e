/* Slow, obviously-correct slider attacks by walking rays: the reference the magic tables are
 * built from and checked against. */
#include "core/bitboard.h"

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bb_t chci_slider_slow(int sq, bb_t occ, int rook)
{
    const int (*dirs)[2] = rook ? rook_dirs : bishop_dirs;
    bb_t att = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            att |= BB(r * 8 + f);
            if (occ & BB(r * 8 + f)) break;
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return att;
}

bb_t chci_slider_mask(int sq, int rook)
{
    const int (*dirs)[2] = rook ? rook_dirs : bishop_dirs;
    bb_t mask = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
        /* Stop before the edge: the last square of a ray never blocks anything beyond it. */
        while (f + dirs[d][0] >= 0 && f + dirs[d][0] < 8 && r + dirs[d][1] >= 0 && r + dirs[d][1] < 8) {
            mask |= BB(r * 8 + f);
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return mask;
}
