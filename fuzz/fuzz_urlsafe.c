/* Fuzz target: chess_compress_urlsafe decoding. Properties: no crash; an accepted string
 * re-encodes to exactly the same string (canonical, round trip). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096) return 0;
    chc_move *moves = malloc((size + 1) * sizeof *moves);
    char *again = malloc(CHC_URLSAFE_MAX(size) + 1);
    if (!moves || !again) abort();
    size_t n = 0, len = 0;
    chc_diag d;
    chc_position end;
    int rc = chc_urlsafe_decode((const char *)data, size, moves, size + 1, &n, &end, &d);
    if (rc == CHC_OK) {
        if (chc_urlsafe_encode(moves, n, again, CHC_URLSAFE_MAX(size) + 1, &len, NULL) != CHC_OK)
            abort();
        if (len != size || memcmp(again, data, size) != 0) abort();
    } else {
        if (d.code != rc || !d.message[0]) abort();
        if (d.offset < 0 || (size_t)d.offset > size) abort();
    }
    free(moves);
    free(again);
    return 0;
}
