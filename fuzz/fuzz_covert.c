/* Fuzz target: covert chess decoding (chc_covert_read, chc_covert_mix_read, chc_covert_match).
 * Properties: no crash; an accepted code re-encodes to the same 25 list indices (canonical),
 * and the re-encoded text decodes to the same position (round trip, determinism). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

static void check_position(const chc_position *pos, int resigned)
{
    char code[CHC_COVERT_MAX], fen1[CHC_FEN_MAX], fen2[CHC_FEN_MAX];
    size_t len;
    chc_position again;
    chc_read_info info = {0};
    if (chc_covert_write(pos, resigned ? CHC_COVERT_RESIGNED : 0, code, sizeof code, &len, NULL) != CHC_OK) abort();
    if (chc_covert_read(code, len, &again, &info, NULL) != CHC_OK) abort();
    if (!(info.flags & CHC_READ_RESIGNED) != !resigned) abort();
    chc_position_to_fen(pos, fen1, sizeof fen1, 0);
    chc_position_to_fen(&again, fen2, sizeof fen2, 0);
    if (strcmp(fen1, fen2) != 0) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    /* Matching at every offset stays inside the input. */
    for (size_t i = 0; i < size && i < 256; i++) {
        size_t used = 0;
        int e = chc_covert_match(text + i, size - i, &used);
        if (e >= CHC_COVERT_EMOJI_COUNT || used > size - i || (e < 0) != (used == 0)) abort();
    }
    chc_position pos;
    chc_read_info info = {0};
    chc_diag d;
    int rc = chc_covert_read(text, size, &pos, &info, &d);
    int resigned = (info.flags & CHC_READ_RESIGNED) != 0;
    if (rc == CHC_OK) {
        uint16_t again[CHC_COVERT_LEN];
        chc_covert_span span;
        if (chc_covert_find(text, size, NULL, &span, NULL) != CHC_OK) abort();
        if (chc_covert_encode_indices(&pos, again, NULL) != CHC_OK) abort();
        if (memcmp(span.index, again, sizeof again) != 0) abort();
        check_position(&pos, resigned);
    } else if (d.code != rc || d.message[0] == 0) {
        abort();
    }
    rc = chc_covert_mix_read(text, size, &pos, &info, &d);
    if (rc == CHC_OK) check_position(&pos, (info.flags & CHC_READ_RESIGNED) != 0);
    /* Decoding is deterministic. */
    chc_position p2;
    int rc2 = chc_covert_read(text, size, &p2, NULL, NULL);
    if ((rc2 == CHC_OK) != (chc_covert_read(text, size, &pos, NULL, NULL) == CHC_OK)) abort();
    return 0;
}
