/* Fuzz target: SAN parsing. The input is a FEN line, then SAN text.
 * Properties: parsing never crashes; an accepted move is legal; writing it as SAN and
 * reading that back gives the same move; a SAN we write is never refused. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096) return 0;
    char *buf = malloc(size + 1);
    if (!buf) abort();
    memcpy(buf, data, size);
    buf[size] = 0;
    chc_position pos;
    char *nl = memchr(buf, '\n', size);
    const char *san = buf;
    size_t len = size;
    if (nl) {
        *nl = 0;
        if (chc_position_from_fen(&pos, buf, 0, NULL) != CHC_OK) chc_position_startpos(&pos);
        san = nl + 1;
        len = size - (size_t)(san - buf);
    } else {
        chc_position_startpos(&pos);
    }
    chc_move m;
    chc_diag d;
    int rc = chc_move_from_san_n(&pos, san, len, &m, &d);
    if (rc == CHC_OK) {
        if (m != CHC_MOVE_NULL && !chc_is_legal(&pos, m)) abort();
        char out[CHC_SAN_MAX];
        chc_move_to_san(&pos, m, out);
        chc_move back;
        if (chc_move_from_san(&pos, out, &back, NULL) != CHC_OK || back != m) abort();
    } else if (rc != CHC_E_MOVE_SYNTAX && rc != CHC_E_MOVE_ILLEGAL && rc != CHC_E_MOVE_AMBIGUOUS) {
        abort();
    } else if (d.code != rc || !d.message[0]) {
        abort();
    }
    /* Every legal move's SAN reads back. */
    chc_move moves[CHC_MAX_MOVES];
    int n = chc_legal_moves(&pos, moves, CHC_GEN_ALL);
    for (int i = 0; i < n; i++) {
        char out[CHC_SAN_MAX];
        chc_move_to_san(&pos, moves[i], out);
        chc_move back;
        if (chc_move_from_san(&pos, out, &back, NULL) != CHC_OK || back != moves[i]) abort();
    }
    free(buf);
    return 0;
}
