/* Fuzz target: the evaluation network's file loader (src/engine/nnue.c). Properties: no
 * crash; a file (format 1 or 2) is accepted only at its exact size, and an accepted net evaluates a position
 * the same through a full refresh and through an update from a parent. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"
#include "engine/engine.h"
#include "engine/nnue.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static chci_nnue_net net;
    char err[128];
    int rc = chci_nnue_load(&net, data, size, err, sizeof err);
    if (rc != 0) {
        if (!err[0]) abort();
        return 0;
    }
    /* format 1, or format 2 with its bucket count */
    if (size != chci_nnue_file_size(memcmp(data, CHCI_NNUE_MAGIC2, 8) == 0 ? net.nbuckets : 0)) abort();
    chc_position pos;
    if (chc_position_from_fen(&pos, CHC_STARTPOS_FEN, 0, NULL) != CHC_OK) abort();
    chci_nnue_acc a, b;
    memcpy(a.board, pos.board, 64);
    chci_nnue_refresh(&net, &a);
    chc_move moves[CHC_MAX_MOVES];
    int n = chc_legal_moves(&pos, moves, CHC_GEN_ALL);
    chc_undo u;
    chc_make_move(&pos, moves[n - 1], &u);
    memcpy(b.board, pos.board, 64);
    chci_nnue_update(&net, &b, &a);
    if (chci_nnue_output(&net, &b, pos.side, 32 /* pieces */) != chci_nnue_evaluate(&net, &pos) - (net.residual ? chci_evaluate(&pos, NULL) : 0)) abort();
    return 0;
}
