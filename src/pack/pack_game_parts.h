/* Internal: parts of the pack game code's body (pack_game.c) shared with the other game codes
 * of the internals (the draft toward version 2, src/pack/draft/): the header and the moves'
 * intervals in canonical order. Nothing here changes version 1's codes. */
#ifndef CHC_PACK_GAME_PARTS_H
#define CHC_PACK_GAME_PARTS_H
#include "chesscodec.h"
#include "pack/pack_model.h"
#include "pack/pack_rc.h"

/* The encoder's arguments: CHC_E_LIMIT past CHC_PACK_GAME_MAX_PLIES plies, CHC_E_ARGUMENT for
 * a level outside 1..CHCI_PM_LEVELS (0 becomes the default, 1) or a result that is none. */
int chci_pack_game_check_args(size_t n, int *level, int result, chc_diag *diag);
/* The header at the start of e: start kind (version 1's table), level (level_freq[], of 64, the
 * code's distribution of levels 1..CHCI_PM_LEVELS) and the start position (Chess960 number or
 * position code and counters). Errors of the position code for a FEN start. */
int chci_pack_game_put_start(chci_rc_enc *e, const chc_position *start,
                             const uint32_t level_freq[CHCI_PM_LEVELS], int level, chc_diag *diag);
/* Reads what chci_pack_game_put_start() writes, refusing what it cannot write
 * (CHC_E_PACK_CORRUPT, or the position code's errors). */
int chci_pack_game_get_start(chci_rc_dec *d, const uint32_t level_freq[CHCI_PM_LEVELS],
                             chc_position *start, int *level, chc_diag *diag);

/* The moves' frequencies are exptab[min(best - sc[i], 511)] (docs/formats/pack-game.md, "Move
 * frequencies"), sc[] any integer scores and best their maximum; the intervals follow the
 * canonical order. Encoder: the interval of move idx and the total. */
void chci_pack_game_interval(const int32_t *sc, int32_t best, const chc_move *mv, int n, int idx,
                             uint32_t *freq, uint32_t *cum, uint32_t *tot);
/* Decoder: the index of the move whose interval holds d's value, or -1 for impossible data; *r,
 * *cum and *freq for chci_rc_decode_update(). bsum[64] must be zero (it is left zero). */
int chci_pack_game_find(const int32_t *sc, int32_t best, const chc_move *mv, int n,
                        const chci_rc_dec *d, uint32_t bsum[64], uint32_t *r, uint32_t *cum,
                        uint32_t *freq);
/* A symbol of the distribution freq[0..n) of total tot (its cumulative search), or -1 for
 * impossible data. */
int chci_pack_game_dec_sym(chci_rc_dec *d, const uint32_t *freq, int n, uint32_t tot);
#endif
