/* Fuzz the pack position decoders. Properties: a 20-byte input is a binary code and any other
 * input a text code; whatever decodes re-encodes to the same code in both forms, and decoding
 * is deterministic. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    chc_position pos, pos2;
    chc_diag d;
    uint8_t code[CHC_PACK_POS_BYTES];
    char text[CHC_PACK_POS_TEXT_MAX];
    if (size == CHC_PACK_POS_BYTES) {
        int rc = chc_unpack_position(&pos, data, &d);
        if (rc != chc_unpack_position(&pos2, data, NULL)) abort();
        if (rc != CHC_OK) {
            if (d.code != rc || !d.message[0]) abort();
            return 0;
        }
        if (chc_pack_position(&pos, code) != CHC_OK) abort();
        if (memcmp(code, data, CHC_PACK_POS_BYTES)) abort();
        if (chc_pack_position_text(&pos, text) != CHC_OK) abort();
        if (chc_unpack_position_text(&pos2, text, NULL) != CHC_OK) abort();
        if (memcmp(pos.board, pos2.board, 64) || pos.side != pos2.side || pos.castling != pos2.castling)
            abort();
        return 0;
    }
    if (size > 256) return 0;
    char buf[257];
    memcpy(buf, data, size);
    buf[size] = 0;
    int rc = chc_unpack_position_text(&pos, buf, &d);
    if (rc != CHC_OK) {
        if (d.code != rc || !d.message[0]) abort();
        return 0;
    }
    if (chc_pack_position_text(&pos, text) != CHC_OK) abort();
    /* the accepted text, without surrounding white space, is the code */
    size_t s = 0, e = strlen(buf);
    while (s < e && (buf[s] == ' ' || buf[s] == '\t' || buf[s] == '\n' || buf[s] == '\r')) s++;
    while (e > s && (buf[e - 1] == ' ' || buf[e - 1] == '\t' || buf[e - 1] == '\n' || buf[e - 1] == '\r')) e--;
    if (e - s != strlen(text) || memcmp(buf + s, text, e - s)) abort();
    return 0;
}
