/* Internal helpers shared by the seed codecs (covert.c, mscs.c, urlsafe.c). */
#ifndef CHC_CODECS_CODECS_H
#define CHC_CODECS_CODECS_H
#include <stddef.h>
#include <stdint.h>

#include "chesscodec.h"

/* Non-zero when every castling right of `pos` is a standard one (king on e1/e8, rook on the
 * a- or h-file corner): the only rights covert and MSCS codes can express. */
int chci_standard_castling(const chc_position *pos);

/* Squares of pieces of the side to move that can "in principle" reach `to` (urlsafe.md). */
chc_bitboard chci_urlsafe_reachers(const chc_position *pos, int to);
#endif
