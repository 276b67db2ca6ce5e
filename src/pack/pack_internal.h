/* Internal interfaces of the pack codes (src/pack/). */
#ifndef CHC_PACK_INTERNAL_H
#define CHC_PACK_INTERNAL_H
#include "chesscodec.h"
#include "pack/u192.h"

/* The number of positions in the position code's domain (docs/formats/pack-position.md). */
void chci_pack_pos_count(chci_u192 *count);

/* The rank of `pos` in the domain (CHC_OK or a CHC_E_POS_* code when it is outside). */
int chci_pack_pos_rank(const chc_position *pos, chci_u192 *rank);
/* The position of rank `rank` (CHC_E_PACK_RANGE past the count; a CHC_E_POS_* code when the
 * domain's member is not a legal position). */
int chci_pack_pos_unrank(chc_position *pos, const chci_u192 *rank, chc_diag *diag);

/* Material classes of one side, as the counting program sees them. */
int chci_pack_side_ok(int p, int n, int b, int r, int q);
int chci_pack_pair_ok(int wp, int wo, int wpr, int bp, int bo, int bpr);
int chci_pack_min_promotions(int n, int b, int r, int q);

/* base64url alphabet (RFC 4648 section 5). */
extern const char chci_b64url[65];
/* Value of a base64url character, or -1. */
int chci_b64url_value(int c);
#endif
