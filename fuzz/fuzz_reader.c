/* Fuzz target: chc_reader over arbitrary bytes (PGN, lines, a pack stream's magic). The
 * first byte picks the flags and the format. Properties: no crash, no endless loop (every
 * call ends an item or the input), every failure fills the diag, item numbers grow by one,
 * and a callback reader fed a few bytes at a time returns the same items. */
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct drip {
    const uint8_t *p;
    size_t left, step;
} drip;

static size_t drip_read(void *ctx, char *buf, size_t cap)
{
    drip *d = ctx;
    size_t n = d->left < d->step ? d->left : d->step;
    if (n > cap) n = cap;
    memcpy(buf, d->p, n);
    d->p += n;
    d->left -= n;
    return n;
}

#define MAX_ITEMS 512

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 8192) return 0;
    static const int formats[] = {CHC_FORMAT_AUTO, CHC_FORMAT_PGN, CHC_FORMAT_SAN_LINE,
                                  CHC_FORMAT_FEN, CHC_FORMAT_AUTO, CHC_FORMAT_PACK_STREAM,
                                  CHC_FORMAT_UCI_LINE, CHC_FORMAT_AUTO};
    int format = formats[data[0] & 7];
    unsigned flags = (data[0] & 8) ? CHC_READER_POSITIONS : 0;
    if (data[0] & 16) flags |= CHC_READER_MAINLINE_ONLY;
    int positions = (data[0] & 32) != 0;
    data++, size--;
    static chc_game *g;
    if (!g) g = chc_game_new();
    if (!g) abort();
    int codes[MAX_ITEMS];
    size_t plies[MAX_ITEMS];
    int n = 0;
    for (int pass = 0; pass < 2; pass++) {
        drip src = {data, size, 1 + (size % 7)};
        chc_reader *r = pass ? chc_reader_new(drip_read, &src, format, flags)
                             : chc_reader_new_mem(data, size, format, flags);
        if (!r) abort();
        int i = 0;
        for (;; i++) {
            chc_diag d = CHC_DIAG_INIT;
            chc_position pos;
            int rc = positions ? chc_reader_next_position(r, &pos, NULL, &d)
                               : chc_reader_next_game(r, g, NULL, &d);
            if (d.code != rc && rc != CHC_OK) abort();
            if (rc != CHC_OK && !d.message[0]) abort();
            if (rc == CHC_E_GAME_END || rc == CHC_E_IO) break;
            if (i >= MAX_ITEMS) break;
            size_t p = positions ? (size_t)pos.fullmove : chc_game_ply_count(g);
            if (rc != CHC_OK) p = 0;
            if (pass == 0) {
                codes[i] = rc;
                plies[i] = p;
            } else if (i >= n || codes[i] != rc || plies[i] != p) {
                abort();
            }
            if (chc_reader_bytes(r) > size) abort();
        }
        if (pass == 0) n = i;
        else if (i != n) abort();
        chc_reader_free(r);
    }
    return 0;
}
