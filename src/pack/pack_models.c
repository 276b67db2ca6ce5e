/* The published predictor models of the pack game code, as frozen data (src/pack/models/).
 *
 *   model  used by                                     weights                 book
 *   "1"    pack game version 1                         model1_weights1/2.inc   model1_book.inc
 *   "0.1a" unversioned codes of chesscodec 0.1 built   model01a_weights1/2.inc none
 *          at commit 3f74179 (read only)
 *   "0.1b" unversioned codes of chesscodec 0.1 built   model 1's tables        model 1's book
 *          at 11421de..54164be (read only)
 *
 *   "2d"   DRAFT toward version 2, no code version: src/pack/draft/ (not in the library;
 *          linked into the tests, the benches and the tools only)
 *
 * A published model never changes: retraining (tools/pack_train.c) makes a new model, which a
 * new code version uses (docs/formats/pack-game.md, "Versions and models"). */
#include "pack/pack_model.h"

#include "pack/models/model1_weights1.inc"
#include "pack/models/model1_weights2.inc"
#include "pack/models/model1_book.inc"
#include "pack/models/model01a_weights1.inc"
#include "pack/models/model01a_weights2.inc"

const chci_pm_model chci_pm_model1 = {"1", {model1_weights1, model1_weights2}, model1_book,
                                      MODEL1_BOOK_N, 0};
const chci_pm_model chci_pm_model_01a = {"0.1a", {model01a_weights1, model01a_weights2}, NULL, 0, 0};
const chci_pm_model chci_pm_model_01b = {"0.1b", {model1_weights1, model1_weights2}, model1_book,
                                         MODEL1_BOOK_N, 0};

static uint64_t fnv_bytes(uint64_t h, uint64_t v, int nbytes)
{
    for (int i = 0; i < nbytes; i++) {
        h ^= (v >> (8 * i)) & 0xFF;
        h *= 0x100000001b3ull;
    }
    return h;
}

uint64_t chci_pm_model_digest(const chci_pm_model *m)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (int l = 0; l < CHCI_PM_LEVELS; l++)
        for (int i = 0; i < (m->draft ? CHCI_PM_NF2 : CHCI_PM_NF); i++) h = fnv_bytes(h, (uint16_t)m->weights[l][i], 2);
    for (size_t i = 0; i < m->book_n; i++) {
        h = fnv_bytes(h, m->book[i].key, 8);
        h = fnv_bytes(h, m->book[i].m1, 2);
        h = fnv_bytes(h, m->book[i].m2, 2);
    }
    return h;
}
