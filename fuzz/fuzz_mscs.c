/* Fuzz target: MSCS v1 decoding. Properties: no crash; 24 accepted bytes re-encode to the same
 * bytes (canonical); accepted text re-encodes to text that decodes to the same state. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    chc_position pos, again;
    chc_diag d;
    uint8_t b[CHC_MSCS_BYTES], b2[CHC_MSCS_BYTES];
    /* Raw bytes: the first 24. */
    if (size >= CHC_MSCS_BYTES) {
        int rc = chc_mscs_decode(data, &pos, &d);
        if (rc == CHC_OK) {
            if (chc_mscs_encode(&pos, b, NULL) != CHC_OK) abort();
            if (memcmp(b, data, CHC_MSCS_BYTES) != 0) abort();
        } else if (d.code != rc || !d.message[0]) {
            abort();
        }
    }
    /* Text. */
    chc_read_info info = {0};
    int rc = chc_mscs_read((const char *)data, size, &pos, &info, &d);
    int is_hex = (info.flags & CHC_READ_HEX) != 0;
    if (rc == CHC_OK) {
        char text[CHC_MSCS_TEXT_MAX];
        if (chc_mscs_write(&pos, is_hex ? CHC_MSCS_HEX : 0, text, sizeof text, NULL, NULL) != CHC_OK)
            abort();
        if (chc_mscs_read(text, strlen(text), &again, NULL, NULL) != CHC_OK) abort();
        if (chc_mscs_encode(&pos, b, NULL) != CHC_OK || chc_mscs_encode(&again, b2, NULL) != CHC_OK)
            abort();
        if (memcmp(b, b2, sizeof b) != 0) abort();
        if (pos.halfmove != 0 || pos.fullmove != 1) abort();
    } else if (d.code != rc || !d.message[0]) {
        abort();
    }
    return 0;
}
