/* Fuzz the pack position decoders of version 2 (docs/formats/pack-position.md, "Version 2").
 * A 20-byte input is decoded as a version-2 binary code; any input is also tried as a text
 * code (every version is read). Properties: decoding is deterministic; every failure fills the
 * diag; a binary code that decodes re-encodes to the same 20 bytes (the top seven bits zero)
 * and its version-2 text reads back to the same position; a text that reads re-encodes, in
 * the version it names, to the same text without surrounding white space. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int same_position(const chc_position *a, const chc_position *b)
{
    return !memcmp(a->board, b->board, 64) && a->side == b->side && a->castling == b->castling &&
           a->ep == b->ep && a->chess960 == b->chess960 &&
           !memcmp(a->castle_rook, b->castle_rook, sizeof a->castle_rook);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    chc_position pos, pos2;
    chc_diag d = CHC_DIAG_INIT;
    uint8_t code[CHC_PACK_POS_BYTES];
    char text[CHC_PACK_POS_TEXT_MAX];
    if (size == CHC_PACK_POS_BYTES) {
        int rc = chc_pack_position_decode_version(data, 2, &pos, &d);
        if (rc != chc_pack_position_decode_version(data, 2, &pos2, NULL)) abort();
        if (rc != CHC_OK) {
            if (d.code != rc || !d.message[0]) abort();
        } else {
            if (!same_position(&pos, &pos2) || data[0] > 1) abort();
            if (chc_pack_position_encode_version(&pos, 2, code, NULL) != CHC_OK) abort();
            if (memcmp(code, data, CHC_PACK_POS_BYTES)) abort();
            size_t tl = 0;
            if (chc_pack_position_write(&pos, CHC_PACK_POS_V(2), text, sizeof text, &tl, NULL) != CHC_OK ||
                tl != 28 || text[0] != 'q')
                abort();
            chc_read_info info;
            if (chc_pack_position_read(text, tl, &pos2, &info, NULL) != CHC_OK || info.version != 2 ||
                !same_position(&pos, &pos2))
                abort();
            /* every legal position is in both domains */
            if (chc_pack_position_encode_version(&pos, 1, code, NULL) != CHC_OK) abort();
        }
    }
    if (size > 256) return 0;
    const char *src = (const char *)data;
    chc_read_info info;
    chc_diag_init(&d);
    int rc = chc_pack_position_read(src, size, &pos, &info, &d);
    if (rc != chc_pack_position_read(src, size, &pos2, NULL, NULL)) abort();
    if (rc != CHC_OK) {
        if (d.code != rc || !d.message[0]) abort();
        return 0;
    }
    if (!same_position(&pos, &pos2)) abort();
    size_t tl = 0, s = 0, e = size;
    int version = info.version ? info.version : 1;
    if (chc_pack_position_write(&pos, CHC_PACK_POS_V(version), text, sizeof text, &tl, NULL) != CHC_OK) abort();
    while (s < e && (src[s] == ' ' || src[s] == '\t' || src[s] == '\n' || src[s] == '\r')) s++;
    while (e > s && (src[e - 1] == ' ' || src[e - 1] == '\t' || src[e - 1] == '\n' || src[e - 1] == '\r')) e--;
    if (info.version) {
        if (e - s != tl || memcmp(src + s, text, tl)) abort();
    } else if (e - s != 26 || memcmp(src + s, text + 1, 26)) {
        abort();
    }
    return 0;
}
