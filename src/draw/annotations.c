/* chc_render_annotations_read: the squares and arrows drawn over a picture, as text. */
#include <string.h>

#include "chesscodec.h"
#include "common/diag.h"

/* The square named at s ("e4"), or -1. */
static int square_at(const char *s)
{
    return s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' ? CHC_SQUARE(s[0] - 'a', s[1] - '1')
                                                                    : -1;
}

int chc_render_annotations_read(const char *src, size_t src_len, chc_move *arrows,
                                size_t arrows_cap, size_t *n_arrows, chc_bitboard *marks,
                                chc_diag *diag)
{
    size_t n = 0, i = 0;
    long item = 0;
    chc_bitboard found = 0;
    if (!src && src_len) return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "no text");
    while (i < src_len) {
        while (i < src_len && src[i] == ' ') i++;
        size_t start = i;
        while (i < src_len && src[i] != ',' && src[i] != ' ') i++;
        size_t len = i - start;
        while (i < src_len && src[i] == ' ') i++;
        if (i < src_len && src[i] != ',')
            return chci_fail(diag, CHC_E_MOVE_SYNTAX, (long)i, 1, (long)i + 1, item,
                             "item %ld: a space inside an item (separate items with commas)", item + 1);
        int a = len == 2 || len == 4 ? square_at(src + start) : -1;
        int b = len == 4 ? square_at(src + start + 2) : a;
        if (a < 0 || b < 0 || (len == 4 && a == b))
            return chci_fail(diag, CHC_E_MOVE_SYNTAX, (long)start, 1, (long)start + 1, item,
                             "item %ld '%.*s': not a square (e4) or two distinct squares (e2e4)",
                             item + 1, (int)(len < 16 ? len : 16), src + start);
        if (len == 2) {
            found |= (chc_bitboard)1 << a;
        } else {
            if (n == arrows_cap)
                return chci_fail(diag, CHC_E_LIMIT, (long)start, 1, (long)start + 1, item,
                                 "more than %zu arrows", arrows_cap);
            arrows[n++] = CHC_MAKE_MOVE(a, b, 0, 0);
        }
        item++;
        if (i < src_len) i++; /* the comma */
        if (i == src_len && src[i - 1] == ',')
            return chci_fail(diag, CHC_E_MOVE_SYNTAX, (long)i - 1, 1, (long)i, item,
                             "the list ends with a comma");
    }
    if (n_arrows) *n_arrows = n;
    if (marks) *marks |= found;
    return CHC_OK;
}
