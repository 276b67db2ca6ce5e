/* Internal: bitboards and attack tables.
 *
 * A bitboard has bit `sq` set for square sq (a1 = 0 ... h8 = 63):
 *
 *     rank 8 | 56 57 58 59 60 61 62 63
 *     ...    |
 *     rank 2 |  8  9 10 11 12 13 14 15
 *     rank 1 |  0  1  2  3  4  5  6  7
 *              a  b  c  d  e  f  g  h
 *
 * Sliding attacks use "fancy" magic bitboards: for each square, the relevant occupancy
 * (the ray squares without the board's edge) is multiplied by a magic number and shifted to
 * index a per-square slice of one shared table. The magic numbers are data produced by
 * tools/gen_magics.c (src/core/magics.inc); the tables are filled at library load and checked
 * against a slow ray walk as they are built.
 */
#ifndef CHC_CORE_BITBOARD_H
#define CHC_CORE_BITBOARD_H
#include <stdint.h>

#include "chesscodec.h"

typedef chc_bitboard bb_t;

#define BB(sq) ((bb_t)1 << (sq))
#define FILE_A_BB 0x0101010101010101ULL
#define FILE_H_BB (FILE_A_BB << 7)
#define RANK_1_BB 0xFFULL
#define RANK_8_BB (RANK_1_BB << 56)
#define RANK_BB(r) (RANK_1_BB << (8 * (r)))
#define FILE_BB(f) (FILE_A_BB << (f))

static inline int bb_popcount(bb_t b) { return __builtin_popcountll(b); }
static inline int bb_lsb(bb_t b) { return __builtin_ctzll(b); }
static inline int bb_msb(bb_t b) { return 63 - __builtin_clzll(b); }
static inline int bb_pop(bb_t *b)
{
    int s = __builtin_ctzll(*b);
    *b &= *b - 1;
    return s;
}
static inline int bb_more_than_one(bb_t b) { return (b & (b - 1)) != 0; }

struct chci_magic {
    bb_t mask;
    bb_t magic;
    const bb_t *attacks;
    unsigned shift;
};

extern bb_t chci_knight_att[64];
extern bb_t chci_king_att[64];
extern bb_t chci_pawn_att[2][64];
extern bb_t chci_between[64][64]; /* squares strictly between two aligned squares, else 0 */
extern bb_t chci_line[64][64];    /* the whole line through two aligned squares, else 0 */
extern struct chci_magic chci_rook_magic[64];
extern struct chci_magic chci_bishop_magic[64];

static inline bb_t chci_rook_att(int sq, bb_t occ)
{
    const struct chci_magic *m = &chci_rook_magic[sq];
    return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}
static inline bb_t chci_bishop_att(int sq, bb_t occ)
{
    const struct chci_magic *m = &chci_bishop_magic[sq];
    return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}
static inline bb_t chci_queen_att(int sq, bb_t occ)
{
    return chci_rook_att(sq, occ) | chci_bishop_att(sq, occ);
}

/* Slow reference: attacks of a rook (rook = 1) or bishop (rook = 0) by walking rays. */
bb_t chci_slider_slow(int sq, bb_t occ, int rook);
/* Relevant-occupancy mask of a slider on `sq` (rays without their last square). */
bb_t chci_slider_mask(int sq, int rook);

/* Makes sure the tables are built (they are built at load; this is for tools and tests). */
void chci_init(void);

static inline bb_t bb_shift_up(bb_t b, int color) { return color == CHC_WHITE ? b << 8 : b >> 8; }
#endif
