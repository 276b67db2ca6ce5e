/* Fuzz the pack game decoders: the input as a binary code of any version, as an unversioned 0.1
 * binary code of each 0.1 model (experimental decoder), and as a text (the reading rule: any
 * version, then the 0.1 models). Properties: decoding is deterministic; every failure fills
 * the diag; whatever decodes is exactly what the encoder writes for the decoded game (start,
 * moves, result) in its version at one of the levels: the same bytes, or the same text without
 * surrounding white space. */
#define CHC_EXPERIMENTAL 1
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"
#include "pack/pack_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static chc_move moves[CHC_PACK_GAME_MAX_PLIES], moves2[CHC_PACK_GAME_MAX_PLIES];
static uint8_t code[CHC_PACK_GAME_MAX(CHC_PACK_GAME_MAX_PLIES)];
static char text[CHC_PACK_GAME_TEXT_MAX(CHC_PACK_GAME_MAX_PLIES)];

static void binary(const uint8_t *data, size_t size)
{
    chc_position start, start2;
    size_t n = 0, n2 = 0;
    int res = -1, res2 = -1;
    chc_diag d = CHC_DIAG_INIT;
    chc_read_info info;
    int rc = chc_pack_game_decode(data, size, &start, moves, CHC_PACK_GAME_MAX_PLIES, &n, &res, &info, &d);
    int rc2 = chc_pack_game_decode(data, size, &start2, moves2, CHC_PACK_GAME_MAX_PLIES, &n2, &res2, NULL, NULL);
    if (rc != rc2) abort();
    if (rc != CHC_OK) {
        if (d.code != rc || !d.message[0]) abort();
    } else {
        if (n != n2 || res != res2 || memcmp(moves, moves2, n * sizeof *moves)) abort();
        int same = 0;
        for (int level = 1; level <= CHC_PACK_GAME_LEVELS && !same; level++) {
            size_t len = 0;
            if (chci_pack_game_encode_version(info.version, &start, moves, n, res, level, code, sizeof code, &len,
                                              NULL))
                abort();
            same = len == size && !memcmp(code, data, size);
        }
        if (!same) abort();
    }
    /* the same bytes as a 0.1 code of each model */
    for (size_t m = 0; chc_pack_legacy_model(m); m++) {
        const char *model = chc_pack_legacy_model(m);
        int level = 0;
        chc_diag_init(&d);
        rc = chc_pack_game_decode_legacy(data, size, model, &start, moves, CHC_PACK_GAME_MAX_PLIES, &n, &level, &d);
        if (rc != CHC_OK) {
            if (d.code != rc || !d.message[0]) abort();
            continue;
        }
        size_t len = 0;
        if (chci_pack_game_encode_body(chci_pack_legacy_fmt(model), &start, moves, n, CHC_RESULT_UNKNOWN, level,
                                       code, sizeof code, &len, NULL) != CHC_OK)
            abort();
        if (len != size || memcmp(code, data, size)) abort();
    }
}

static void as_text(const char *src, size_t size)
{
    static chc_game *g, *g2;
    if (!g) g = chc_game_new();
    if (!g2) g2 = chc_game_new();
    if (!g || !g2) return;
    chc_read_info info;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_pack_game_read(src, size, g, &info, &d);
    if (rc != chc_pack_game_read(src, size, g2, NULL, NULL)) abort();
    if (rc != CHC_OK) {
        if (d.code != rc || !d.message[0]) abort();
        return;
    }
    if (d.code) abort(); /* untouched on success */
    size_t n = chc_game_ply_count(g);
    if (n != chc_game_ply_count(g2)) abort();
    for (size_t i = 0; i < n; i++)
        if (chc_game_move(g, i) != chc_game_move(g2, i)) abort();
    size_t s = 0, e = size;
    while (s < e && (src[s] == ' ' || src[s] == '\t' || src[s] == '\n' || src[s] == '\r')) s++;
    while (e > s && (src[e - 1] == ' ' || src[e - 1] == '\t' || src[e - 1] == '\n' || src[e - 1] == '\r')) e--;
    if ((size_t)info.offset != s) abort();
    int same = 0;
    if (info.version >= 1) {
        for (int level = 1; level <= CHC_PACK_GAME_LEVELS && !same; level++) {
            size_t len = 0;
            for (size_t i = 0; i < n; i++) moves[i] = chc_game_move(g, i);
            if (chci_pack_game_write_version(info.version, chc_game_start(g), moves, n, chc_game_result(g), level,
                                             text, sizeof text, &len, NULL))
                abort();
            same = len == e - s && !memcmp(text, src + s, len);
        }
    } else {
        if (info.flags != CHC_READ_LEGACY || chc_game_result(g) != CHC_RESULT_UNKNOWN) abort();
        for (size_t i = 0; i < n; i++) moves[i] = chc_game_move(g, i);
        for (size_t m = 0; m < CHCI_PACK_LEGACY_MODELS && !same; m++)
            for (int level = 1; level <= CHC_PACK_GAME_LEVELS && !same; level++) {
                size_t len = 0;
                if (chci_pack_game_encode_body(chci_pack_legacy_fmt_at(m), chc_game_start(g), moves, n,
                                               CHC_RESULT_UNKNOWN, level, code, sizeof code, &len, NULL))
                    continue;
                size_t tl = chci_b64url_put(code, len, text);
                same = tl == e - s && !memcmp(text, src + s, tl);
            }
    }
    if (!same) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096) return 0;
    binary(data, size);
    as_text((const char *)data, size);
    return 0;
}
