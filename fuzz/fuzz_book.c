/* Fuzz the Polyglot book reader: any bytes either fail with CHC_E_BOOK_FORMAT or give a book
 * whose listed moves are legal, sorted by weight, and whose pick is one of them. The first
 * bytes choose a position (start, or after a few legal moves) so entries can match. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    chc_position pos;
    chc_position_startpos(&pos);
    size_t skip = size % 16; /* leading bytes pick moves; the rest (a multiple of 16) is the book */
    for (size_t i = 0; i < skip; i++) {
        chc_move moves[CHC_MAX_MOVES];
        int n = chc_legal_moves(&pos, moves, CHC_GEN_ALL);
        if (n == 0) break;
        chc_undo u;
        chc_make_move(&pos, moves[data[i] % n], &u);
    }
    chc_book *book = NULL;
    chc_diag d;
    int rc = chc_book_from_memory(&book, data + skip, size - skip, &d);
    if (rc != CHC_OK) {
        if (rc != CHC_E_BOOK_FORMAT || book) abort();
        return 0;
    }
    /* the key of the first entry is looked up too, whatever position it belongs to */
    chc_book_entry e[CHC_MAX_MOVES];
    int n = chc_book_moves(book, &pos, e, CHC_MAX_MOVES);
    if (n < 0 || n > CHC_MAX_MOVES) abort();
    for (int i = 0; i < n; i++) {
        if (!chc_is_legal(&pos, e[i].move)) abort();
        if (i && e[i - 1].weight < e[i].weight) abort();
    }
    uint64_t r = size > 24 ? ((uint64_t)data[skip + 8] << 8 | data[skip + 9]) : 0;
    chc_move m = chc_book_pick(book, &pos, r);
    if (m != CHC_MOVE_NONE) {
        int found = 0;
        for (int i = 0; i < n; i++) found |= e[i].move == m && e[i].weight > 0;
        if (!found) abort();
    }
    chc_book_free(book);
    return 0;
}
