/* Fuzz the pack position decoders (docs/formats/pack-position.md, pack-position-v2.md). A
 * 20-byte input is also tried as a binary code of version FUZZ_PACK_POS_VERSION (1 here;
 * fuzz_pack_position_v2.c builds this file with 2); every input up to 256 bytes is tried as a
 * text code (any version, and the 26-character 0.1 text). Properties: decoding is
 * deterministic; every failure fills the diag; whatever decodes re-encodes to exactly the same
 * code: the same 20 bytes (the bits above the version's width zero), the same text without
 * surrounding white space (version 1 or 2), or the same 26 characters after the version
 * character (0.1); a version-2 position is also in version 1's domain. */
#ifndef FUZZ_PACK_POS_VERSION
#define FUZZ_PACK_POS_VERSION 1
#endif
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
        const int v = FUZZ_PACK_POS_VERSION;
        int rc = chc_pack_position_decode_version(data, v, &pos, &d);
        if (rc != chc_pack_position_decode_version(data, v, &pos2, NULL)) abort();
        if (rc != CHC_OK) {
            if (d.code != rc || !d.message[0]) abort();
        } else {
            if (!same_position(&pos, &pos2) || data[0] >> (v == 2 ? 1 : 4)) abort();
            if (chc_pack_position_encode_version(&pos, v, code, NULL) != CHC_OK) abort();
            if (memcmp(code, data, CHC_PACK_POS_BYTES)) abort();
            size_t tl = 0;
            chc_read_info info;
            if (chc_pack_position_write(&pos, CHC_PACK_POS_V(v), text, sizeof text, &tl, NULL) != CHC_OK ||
                tl != 28 || text[0] != (v == 2 ? 'q' : 'p'))
                abort();
            if (chc_pack_position_read(text, tl, &pos2, &info, NULL) != CHC_OK || info.version != v ||
                !same_position(&pos, &pos2))
                abort();
            if (v == 2 && chc_pack_position_encode_version(&pos, 1, code, NULL) != CHC_OK) abort();
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
    if (d.code != 0 || !same_position(&pos, &pos2)) abort(); /* diag untouched on success */
    size_t tl = 0;
    if (chc_pack_position_write(&pos, CHC_PACK_POS_V(info.version ? info.version : 1), text, sizeof text, &tl,
                                NULL) != CHC_OK)
        abort();
    /* the accepted text, without surrounding white space, is the code */
    size_t s = 0, e = size;
    while (s < e && (src[s] == ' ' || src[s] == '\t' || src[s] == '\n' || src[s] == '\r')) s++;
    while (e > s && (src[e - 1] == ' ' || src[e - 1] == '\t' || src[e - 1] == '\n' || src[e - 1] == '\r')) e--;
    if (info.version >= 1) {
        if (info.flags || e - s != tl || memcmp(src + s, text, tl)) abort();
    } else {
        if (info.flags != CHC_READ_LEGACY || e - s != 26 || memcmp(src + s, text + 1, 26)) abort();
    }
    if ((size_t)info.offset != s) abort();
    return 0;
}
