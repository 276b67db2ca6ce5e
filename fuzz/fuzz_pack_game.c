/* Fuzz the pack game decoder. Properties: whatever decodes is exactly what the encoder writes
 * for the decoded game at one of the levels; the text decoder agrees with the binary one. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static chc_move moves[CHC_PACK_GAME_MAX_PLIES];
static uint8_t code[CHC_PACK_GAME_MAX(CHC_PACK_GAME_MAX_PLIES)];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096) return 0;
    chc_position start;
    size_t n = 0;
    chc_diag d;
    int rc = chc_unpack_game(data, size, &start, moves, CHC_PACK_GAME_MAX_PLIES, &n, &d);
    if (rc != CHC_OK) {
        if (d.code != rc || !d.message[0]) abort();
    } else {
        int same = 0;
        for (int level = 1; level <= CHC_PACK_GAME_LEVELS && !same; level++) {
            size_t len = 0;
            if (chc_pack_game(&start, moves, n, level, code, sizeof code, &len) != CHC_OK) abort();
            same = len == size && !memcmp(code, data, size);
        }
        if (!same) abort();
    }
    /* the same bytes as text */
    char *text = malloc(size * 2 + 8);
    if (!text) return 0;
    static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    size_t o = 0;
    uint32_t acc = 0;
    int bits = 0;
    for (size_t i = 0; i < size; i++) {
        acc = (acc << 8) | data[i];
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            text[o++] = a[(acc >> bits) & 63];
        }
    }
    if (bits) text[o++] = a[(acc << (6 - bits)) & 63];
    chc_position start2;
    size_t n2 = 0;
    int rc2 = chc_unpack_game_text(text, o, &start2, moves, CHC_PACK_GAME_MAX_PLIES, &n2, NULL);
    free(text);
    if (rc2 != rc || (rc == CHC_OK && n2 != n)) abort();
    return 0;
}
