/* The pack position fuzz target for version 2's binary code: fuzz_pack_position.c, built with
 * FUZZ_PACK_POS_VERSION 2 (its own corpus, fuzz/corpus/pack_position_v2/). */
#define FUZZ_PACK_POS_VERSION 2
#include "fuzz_pack_position.c"
