/* Links to a position: lichess's analysis board and board editor, and chesscodec's own page
 * (what `chesscodec serve` serves: web/src/main.js reads "#fen=..." from the address). */
#include <string.h>

#include "common/diag.h"
#include "formats/formats.h"

/* Appends t[0..n) to dst when it fits; counts it in *len either way. */
static void put(char *dst, size_t cap, size_t *len, const char *t, size_t n)
{
    if (*len + n < cap) memcpy(dst + *len, t, n);
    *len += n;
}

int chc_position_link(const chc_position *pos, int kind, const char *base, char *dst,
                      size_t dst_cap, size_t *dst_len, chc_diag *diag)
{
    if (dst_cap) dst[0] = 0;
    if (kind < CHC_LINK_LICHESS_ANALYSIS || kind > CHC_LINK_PAGE)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "link: no link kind %d", kind);
    if (!base) base = kind == CHC_LINK_PAGE ? CHC_LINK_PAGE_DEFAULT : "https://lichess.org";
    char fen[CHC_FEN_MAX];
    chc_position_to_fen(pos, fen, sizeof fen, 0);
    size_t len = 0, bl = strlen(base);
    put(dst, dst_cap, &len, base, bl);
    if (kind == CHC_LINK_PAGE) {
        /* The fragment as encodeURIComponent writes it. */
        put(dst, dst_cap, &len, "#fen=", 5);
        for (const char *p = fen; *p; p++) {
            char esc[3] = {'%', "0123456789ABCDEF"[(unsigned char)*p >> 4],
                           "0123456789ABCDEF"[*p & 15]};
            if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                (*p >= '0' && *p <= '9') || *p == '-')
                put(dst, dst_cap, &len, p, 1);
            else
                put(dst, dst_cap, &len, esc, 3);
        }
    } else {
        /* lichess: /analysis/FEN and /editor/FEN with '_' for the spaces; Chess960 castling
         * is read by /analysis/chess960/FEN; the board turned to the side to move. */
        int sep = bl && base[bl - 1] == '/';
        const char *path = kind == CHC_LINK_LICHESS_EDITOR ? "editor/" :
                           pos->chess960 ? "analysis/chess960/" : "analysis/";
        put(dst, dst_cap, &len, "/", !sep);
        put(dst, dst_cap, &len, path, strlen(path));
        for (const char *p = fen; *p; p++) put(dst, dst_cap, &len, *p == ' ' ? "_" : p, 1);
        if (pos->side == CHC_BLACK) put(dst, dst_cap, &len, "?color=black", 12);
    }
    if (dst_len) *dst_len = len;
    if (len + 1 > dst_cap) {
        if (dst_cap) dst[0] = 0;
        return chci_fail(diag, CHC_E_BUFFER_TOO_SMALL, -1, 0, 0, -1,
                         "link: output buffer too small (%zu bytes needed)", len + 1);
    }
    dst[len] = 0;
    return CHC_OK;
}
