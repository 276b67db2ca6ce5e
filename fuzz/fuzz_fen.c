/* Fuzz target: FEN parsing. Properties: no crash; whatever parses writes back to a FEN that
 * parses to the same position and writes the same text again (both castling notations);
 * move generation on the parsed position is consistent. */
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 256) return 0;
    char text[257];
    memcpy(text, data, size);
    text[size] = 0;
    for (unsigned flags = 0; flags <= CHC_FEN_CHESS960; flags += CHC_FEN_CHESS960) {
        chc_position a, b;
        chc_diag d;
        int rc = chc_position_from_fen(&a, text, flags, &d);
        if (rc != CHC_OK) {
            if (d.code != rc || !d.message[0]) abort();
            continue;
        }
        char f1[CHC_FEN_MAX], f2[CHC_FEN_MAX];
        for (unsigned out = 0; out <= CHC_FEN_SHREDDER; out += CHC_FEN_SHREDDER) {
            if (!chc_position_to_fen(&a, f1, sizeof f1, out)) abort();
            if (chc_position_from_fen(&b, f1, a.chess960 ? CHC_FEN_CHESS960 : 0, NULL) != CHC_OK) abort();
            if (!chc_position_to_fen(&b, f2, sizeof f2, out)) abort();
            if (strcmp(f1, f2) != 0) abort();
            if (memcmp(a.board, b.board, 64) != 0 || a.key != b.key || a.castling != b.castling) abort();
        }
        chc_move moves[CHC_MAX_MOVES];
        int n = chc_legal_moves(&a, moves, CHC_GEN_ALL);
        if (n != chc_count_legal_moves(&a)) abort();
        if (chc_perft(&a, 2) > 218u * 218u) abort();
    }
    return 0;
}
