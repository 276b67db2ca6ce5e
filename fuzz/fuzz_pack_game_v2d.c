/* Fuzz the draft version-2 game decoder (src/pack/draft/, not a published code): the input as
 * a draft code with and without the second stage. Properties: decoding is deterministic; every
 * failure fills the diag with its code and a message; whatever decodes re-encodes (same format,
 * start, moves, result and level) to exactly the input bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"
#include "pack/draft/pack_draft.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAXP 1024
static chc_move moves[MAXP], moves2[MAXP];
static uint8_t code[CHCI_V2D_MAX(MAXP)];

static void one(const chci_v2d_fmt *f, const uint8_t *data, size_t size)
{
    chc_position start, start2;
    size_t n = 0, n2 = 0;
    int res = -1, res2 = -1, level = 0, level2 = 0;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chci_pack_v2d_decode(f, data, size, &start, moves, MAXP, &n, &res, &level, &d);
    int rc2 = chci_pack_v2d_decode(f, data, size, &start2, moves2, MAXP, &n2, &res2, &level2, NULL);
    if (rc != rc2) abort();
    if (rc != CHC_OK) {
        if (d.code != rc || !d.message[0]) abort();
        return;
    }
    if (n != n2 || res != res2 || level != level2 || memcmp(moves, moves2, n * sizeof *moves)) abort();
    size_t len = 0;
    if (chci_pack_v2d_encode(f, &start, moves, n, res, level, code, sizeof code, &len, NULL) != CHC_OK) abort();
    if (len != size || memcmp(code, data, size)) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const chci_v2d_fmt fmts[2] = {{&chci_pm_model_draft2, 0}, {&chci_pm_model_draft2, 1}};
    if (size > 4096) return 0;
    one(&fmts[0], data, size);
    one(&fmts[1], data, size);
    return 0;
}
