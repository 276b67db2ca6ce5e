/* The DRAFT predictor model "2d" toward pack game version 2 (docs/formats/pack-game.md,
 * "Integer implementation of the fast set (draft model 2)"): feature sets 3 and 4 with model
 * 1's book. No code version uses it, and it is not part of libchesscodec: CMake builds this
 * folder into chc_pack_draft, which only the tests, the benches and the tools link (through
 * chc_internal), so the library carries none of its 110 KB of weights. */
#include "pack/pack_model.h"

#include "pack/draft/model2d_weights3.inc"
#include "pack/draft/model2d_weights4.inc"
#include "pack/models/model1_book.inc" /* a copy of model 1's book (the draft was trained with it) */

/* Trained by `pack_train PGN OUT 3 3` and `... 3 4` on lichess-65k (as model 1). */
const chci_pm_model chci_pm_model_draft2 = {"2d", {model2d_weights3, model2d_weights4}, model1_book,
                                            MODEL1_BOOK_N, 1};

/* The DRAFT model "2e" (pack_draft.h): level 1 = feature set 5, set 3's features with weights
 * trained jointly with the policy net, `pack_train PGN src/pack/draft/model2e_weights5.inc 3 5
 * BOOK 2e`; level 2 = model 2d's set 4, so that the model is whole (no net there). */
#include "pack/draft/pack_draft.h"
#include "pack/draft/model2e_weights5.inc"

const chci_pnet chci_pnet_2e = {model2e_net_v, model2e_net_b, model2e_net_u};
const chci_pm_model chci_pm_model_draft2e = {"2e", {model2e_weights5, model2d_weights4}, model1_book,
                                             MODEL1_BOOK_N, 1};
