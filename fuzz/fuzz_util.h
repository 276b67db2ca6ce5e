/* Shared by the fuzz targets of the formats layer. */
#ifndef CHC_FUZZ_UTIL_H
#define CHC_FUZZ_UTIL_H
#include <stdlib.h>

#include "chesscodec.h"

/* Aborts unless the two games have the same start board and main line; with `exact`, also
 * the same Chess960 flag, counters and result. */
static inline void fuzz_same_game(const chc_game *g, const chc_game *h, int exact)
{
    const chc_position *a = chc_game_start(g), *b = chc_game_start(h);
    if (!chc_position_same(a, b)) abort();
    if (exact && (a->chess960 != b->chess960 || a->halfmove != b->halfmove ||
                  a->fullmove != b->fullmove || chc_game_result(g) != chc_game_result(h)))
        abort();
    if (chc_game_ply_count(g) != chc_game_ply_count(h)) abort();
    for (size_t i = 0; i < chc_game_ply_count(g); i++)
        if (chc_game_move(g, i) != chc_game_move(h, i)) abort();
}
#endif
