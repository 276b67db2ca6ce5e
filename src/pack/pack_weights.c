/* The predictor's weights for each level, produced by tools/pack_train.c
 * (see docs/formats/pack-game.md). */
#include "pack/pack_model.h"

#include "pack/pack_weights1.inc"
#include "pack/pack_weights2.inc"
#include "pack/pack_book.inc"
