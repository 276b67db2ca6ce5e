/* Fuzz target: finding a covert code in chat text (chc_covert_find), and reading one emoji
 * (chc_covert_emoji_lookup, as `chesscodec emoji` does).
 * Properties: no crash; a found code's span lies in the input, its offsets ascend, its list
 * indices are the position's (canonical) and the span alone (when its emoji are not spread
 * among words) reads as the same position; chc_covert_read agrees; a failure fills the diag
 * with its code, a message and an emoji index within the code. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    int e = chc_covert_emoji_lookup(text, size);
    char about[CHC_COVERT_EMOJI_TEXT_MAX];
    if (e < -1 || e >= CHC_COVERT_EMOJI_COUNT) abort();
    if (e >= 0 && chc_covert_emoji_text(e, about, sizeof about, NULL) != CHC_OK) abort();
    chc_position pos, again;
    chc_covert_span span;
    chc_diag d;
    int rc = chc_covert_find(text, size, &pos, &span, &d);
    chc_read_info info;
    int rc2 = chc_covert_read(text, size, &again, &info, NULL);
    if (rc != rc2) abort();
    if (rc != CHC_OK) {
        if (d.code != rc || d.message[0] == 0 || d.index < -1 || d.index > CHC_COVERT_LEN + 1)
            abort();
        if (d.offset > (long)size) abort();
        return 0;
    }
    if (again.key != pos.key || info.flags != span.flags) abort();
    if (span.count != CHC_COVERT_LEN && span.count != CHC_COVERT_LEN + 1) abort();
    if (!(span.start < span.end && span.end <= size && span.offset[0] == span.start)) abort();
    for (size_t i = 1; i < span.count; i++)
        if (span.offset[i] <= span.offset[i - 1] || span.offset[i] >= span.end) abort();
    if ((span.count > CHC_COVERT_LEN) != !!(span.flags & CHC_READ_RESIGNED)) abort();
    uint16_t idx[CHC_COVERT_LEN];
    if (chc_covert_encode_indices(&pos, idx, NULL) != CHC_OK) abort();
    if (memcmp(idx, span.index, sizeof idx) != 0) abort();
    if (!(span.flags & CHC_READ_MIXED)) {
        chc_covert_span s2;
        if (chc_covert_find(text + span.start, span.end - span.start, &again, &s2, NULL) != CHC_OK)
            abort();
        if (again.key != pos.key || s2.count != span.count) abort();
    }
    return 0;
}
