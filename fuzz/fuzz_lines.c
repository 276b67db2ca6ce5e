/* Fuzz target: one-line games (SAN and UCI lines with their start and result part,
 * docs/formats/lines.md) and chc_move_parse. Properties: no crash; failures fill the diag;
 * an accepted line writes back as a SAN line and a UCI line that both read back to the same
 * start (Chess960 flag and counters included), moves and result. */
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void same(const chc_game *g, const chc_game *h)
{
    const chc_position *a = chc_game_start(g), *b = chc_game_start(h);
    if (!chc_position_same(a, b) || a->chess960 != b->chess960 || a->halfmove != b->halfmove ||
        a->fullmove != b->fullmove)
        abort();
    if (chc_game_result(g) != chc_game_result(h)) abort();
    if (chc_game_ply_count(g) != chc_game_ply_count(h)) abort();
    for (size_t i = 0; i < chc_game_ply_count(g); i++)
        if (chc_game_move(g, i) != chc_game_move(h, i)) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096) return 0;
    static chc_game *g, *h;
    if (!g) g = chc_game_new();
    if (!h) h = chc_game_new();
    if (!g || !h) abort();
    const char *text = (const char *)data;
    static const int formats[] = {CHC_FORMAT_SAN_LINE, CHC_FORMAT_UCI_LINE};
    for (int k = 0; k < 2; k++) {
        chc_diag d = CHC_DIAG_INIT;
        int rc = chc_game_read(text, size, formats[k], g, NULL, &d);
        if (rc != CHC_OK) {
            if (d.code != rc || !d.message[0]) abort();
            continue;
        }
        for (int w = 0; w < 2; w++) {
            static char out[1 << 16];
            size_t n = 0;
            rc = chc_game_write(g, formats[w], 0, out, sizeof out, &n, NULL);
            if (rc == CHC_E_BUFFER_TOO_SMALL) continue;
            if (rc != CHC_OK || strlen(out) != n) abort();
            if (chc_game_read(out, n, formats[w], h, NULL, &d) != CHC_OK) abort();
            same(g, h);
        }
    }
    /* One move as people type it, in the start position. */
    chc_position pos;
    chc_position_startpos(&pos);
    chc_move m;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_move_parse(&pos, text, size < 64 ? size : 64, &m, &d);
    if (rc == CHC_OK) {
        if (m != CHC_MOVE_NULL && !chc_is_legal(&pos, m)) abort();
    } else if (d.code != rc || !d.message[0]) {
        abort();
    }
    return 0;
}
