/* Fuzz target: pictures. The input is a list of arrows and marks for
 * chc_render_annotations_read, then (after a NUL) bytes laid over a position: the board, side
 * to move, king squares and checkers may hold any value, as in a struct a caller filled badly.
 * Properties: no crash; a list read fills the diag on failure; a picture is made or refused
 * with CHC_E_ARGUMENT, fits CHC_RENDER_SVG_MAX, is one <svg> element, and the length a small
 * buffer is told is the length written. */
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char svg[CHC_RENDER_SVG_MAX];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 1024) return 0;
    const uint8_t *nul = memchr(data, 0, size);
    size_t list_len = nul ? (size_t)(nul - data) : size;
    chc_move arrows[CHC_RENDER_MAX_ARROWS + 2];
    size_t n = 0;
    chc_bitboard marks = 0;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_render_annotations_read((const char *)data, list_len, arrows, CHC_RENDER_MAX_ARROWS + 2,
                                         &n, &marks, &d);
    if (rc != CHC_OK && (d.code != rc || !d.message[0])) abort();
    if (rc != CHC_OK) n = 0;
    if (n > CHC_RENDER_MAX_ARROWS + 2) abort();

    chc_position pos;
    chc_position_startpos(&pos);
    const uint8_t *rest = nul ? nul + 1 : data + size;
    size_t left = (size_t)(data + size - rest);
    uint8_t opts = left ? rest[0] : 0;
    if (left > 1) memcpy(pos.board, rest + 1, left - 1 < 64 ? left - 1 : 64);
    if (left > 65) pos.side = rest[65];
    if (left > 66) pos.king_sq[0] = rest[66];
    if (left > 67) pos.king_sq[1] = rest[67];
    if (left > 68) pos.checkers = rest[68];

    chc_render_options o = CHC_RENDER_OPTIONS_INIT;
    o.flip = opts & 1;
    o.coords = opts >> 1 & 1;
    o.theme = opts >> 2 & 3;             /* 2 and 3 are refused */
    o.size = (int)(opts >> 4) * 600 - 40; /* some out of range */
    o.last_move = n ? arrows[0] : CHC_MOVE_NONE;
    o.arrows = arrows;
    o.n_arrows = n;
    o.marks = marks;
    size_t len = 0, need = 0;
    d = (chc_diag)CHC_DIAG_INIT;
    rc = chc_render_svg(&pos, &o, svg, sizeof svg, &len, &d);
    if (rc != CHC_OK) {
        if (rc != CHC_E_ARGUMENT || d.code != rc || !d.message[0]) abort();
        return 0;
    }
    if (len != strlen(svg) || len + 1 > CHC_RENDER_SVG_MAX) abort();
    if (strncmp(svg, "<svg ", 5) != 0 || strcmp(svg + len - 7, "</svg>\n") != 0) abort();
    char small[64];
    if (chc_render_svg(&pos, &o, small, sizeof small, &need, NULL) != CHC_E_BUFFER_TOO_SMALL ||
        need != len || small[0])
        abort();
    return 0;
}
