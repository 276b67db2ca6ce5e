/* Fuzz the pack stream readers: the input as a pack stream (header, then records) and as a 0.1
 * `convert --binary` stream. Properties: no crash, no read out of bounds; every failure fills
 * the diag; a record read is exactly what the writer makes of its content (a game in its version
 * at one of the levels, or a position); *used never runs past the input. */
#define CHC_EXPERIMENTAL 1
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"
#include "pack/pack_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t rec[CHC_PACK_STREAM_RECORD_MAX(CHC_PACK_GAME_MAX_PLIES)];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 8192) return 0;
    static chc_game *g;
    if (!g) g = chc_game_new();
    if (!g) return 0;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_pack_stream_check_header(data, size, &d);
    if (rc != CHC_OK && (d.code != rc || !d.message[0])) abort();
    size_t off = rc == CHC_OK ? CHC_PACK_STREAM_HEADER_BYTES : 0;
    for (int k = 0; k < 64 && off <= size; k++) {
        chc_position pos;
        chc_read_info info;
        size_t used = 0;
        chc_diag_init(&d);
        rc = chc_pack_stream_read_record(data + off, size - off, &used, g, &pos, &info, &d);
        if (used > size - off) abort();
        if (rc == CHC_E_GAME_END) break;
        if (rc != CHC_OK) {
            if (d.code != rc || !d.message[0]) abort();
            if (!used) break;
        } else {
            int same = 0;
            for (int level = 1; level <= CHC_PACK_GAME_LEVELS && !same; level++) {
                size_t len = 0;
                int wrc = info.format == CHC_FORMAT_PACK_GAME
                              ? chci_pack_stream_game_record(info.version, g, level, rec, sizeof rec, &len, NULL)
                              : chc_pack_stream_write_position(&pos, rec, sizeof rec, &len, NULL);
                if (wrc != CHC_OK) abort();
                same = len == used && !memcmp(rec, data + off, used);
            }
            if (!same) abort();
        }
        off += used;
    }
    /* the same bytes as a 0.1 stream */
    off = 0;
    for (int k = 0; k < 64 && off <= size; k++) {
        size_t used = 0;
        chc_diag_init(&d);
        rc = chc_pack_stream01_read_record(data + off, size - off, NULL, &used, g, &d);
        if (used > size - off) abort();
        if (rc == CHC_E_GAME_END) break;
        if (rc != CHC_OK && (d.code != rc || !d.message[0])) abort();
        if (!used) break;
        off += used;
    }
    return 0;
}
