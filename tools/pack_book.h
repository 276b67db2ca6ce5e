/* The opening book of the pack game predictor, built from the training games (game i with
 * i % 10 != 0): every position of their first CHCI_PM_BOOK_PLIES plies seen at least
 * CHCI_PM_BOOK_MIN times, with its two most played moves (ties: the smaller move number).
 * Shared by tools/pack_train.c (which writes it into a model) and tools/pack_exp.c. */
#ifndef CHC_TOOLS_PACK_BOOK_H
#define CHC_TOOLS_PACK_BOOK_H
#include <stdint.h>
#include <stdlib.h>

#include "pack/pack_model.h"
#include "pack_tools.h"

typedef struct {
    uint64_t key;
    uint16_t move;
} pt_keymove;

static inline int pt_cmp_km(const void *a, const void *b)
{
    const pt_keymove *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return (int)x->move - (int)y->move;
}

/* The book of games[0..ng) in a new array (free() it) of *n entries (at least one slot). */
static inline chci_pm_book_entry *pt_build_book(const pt_game *games, size_t ng, size_t *n_out)
{
    size_t cap = 1 << 20, n = 0;
    pt_keymove *km = malloc(cap * sizeof *km);
    for (size_t gi = 0; km && gi < ng; gi++) {
        if (gi % 10 == 0) continue; /* evaluation games stay unseen */
        chc_position pos = games[gi].start;
        for (size_t i = 0; i < games[gi].n && i < CHCI_PM_BOOK_PLIES; i++) {
            if (n == cap) {
                pt_keymove *k2 = realloc(km, (cap *= 2) * sizeof *km);
                if (!k2) free(km);
                if (!(km = k2)) break;
            }
            km[n].key = pos.key;
            km[n].move = (uint16_t)(games[gi].moves[i] & 0x7FFF);
            n++;
            chc_undo u;
            chc_make_move(&pos, games[gi].moves[i], &u);
        }
    }
    chci_pm_book_entry *book = km ? malloc((n + 1) * sizeof *book) : NULL;
    if (!book) {
        fprintf(stderr, "pack tools: out of memory building the book\n");
        exit(1);
    }
    qsort(km, n, sizeof *km, pt_cmp_km);
    size_t book_n = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && km[j].key == km[i].key) j++;
        if (j - i >= CHCI_PM_BOOK_MIN) {
            uint16_t m1 = 0, m2 = 0;
            size_t c1 = 0, c2 = 0;
            for (size_t a = i; a < j;) {
                size_t b = a;
                while (b < j && km[b].move == km[a].move) b++;
                size_t c = b - a;
                if (c > c1) {
                    m2 = m1;
                    c2 = c1;
                    m1 = km[a].move;
                    c1 = c;
                } else if (c > c2) {
                    m2 = km[a].move;
                    c2 = c;
                }
                a = b;
            }
            book[book_n].key = km[i].key;
            book[book_n].m1 = m1;
            book[book_n].m2 = m2;
            book_n++;
        }
        i = j;
    }
    free(km);
    *n_out = book_n;
    return book;
}
#endif
