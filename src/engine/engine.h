/* Internal: the engine's evaluation, shared by the search and the tools. */
#ifndef CHC_ENGINE_ENGINE_H
#define CHC_ENGINE_ENGINE_H
#include "chesscodec.h"
#include "core/bitboard.h"

/* Material values used by move ordering and SEE (index: piece type). */
extern const int chci_see_value[7];

/* Static evaluation from the side to move's point of view (centipawns). */
int chci_evaluate(const chc_position *pos);

/* Non-zero when neither side can possibly mate (K v K, K+minor v K). */
int chci_insufficient_material(const chc_position *pos);

/* Static exchange evaluation of move `m` in `pos` (material balance for the mover). */
int chci_see(const chc_position *pos, chc_move m);

/* Bitboard of the pieces of type `t` and colour `c`. */
static inline bb_t chci_pieces(const chc_position *pos, int c, int t)
{
    return pos->by_color[c] & pos->by_type[t];
}
#endif
