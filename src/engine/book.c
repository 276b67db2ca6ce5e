/* Polyglot opening books: 16-byte big-endian entries (key, move, weight, learn) sorted by
 * key. The move packs to-file (bits 0-2), to-rank (3-5), from-file (6-8), from-rank (9-11)
 * and promotion (12-14: 0 none, 1 knight, 2 bishop, 3 rook, 4 queen); castling is written
 * king-takes-rook (e1h1), which chc_find_move() accepts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "engine/engine.h"

struct book_rec {
    uint64_t key;
    uint16_t move, weight;
    uint32_t learn;
};

struct chc_book {
    struct book_rec *rec;
    size_t n;
};

static uint64_t be(const unsigned char *p, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++) v = (v << 8) | p[i];
    return v;
}

int chc_book_from_memory(chc_book **out, const void *data, size_t len, chc_diag *diag)
{
    *out = NULL;
    if (len % 16 != 0)
        return chci_fail(diag, CHC_E_BOOK_FORMAT, (long)(len - len % 16), 0, 0, (long)(len / 16),
                         "book size %zu is not a multiple of 16 bytes", len);
    size_t n = len / 16;
    chc_book *b = calloc(1, sizeof *b);
    if (!b) return CHC_E_NO_MEMORY;
    b->rec = malloc((n ? n : 1) * sizeof *b->rec);
    if (!b->rec) {
        free(b);
        return CHC_E_NO_MEMORY;
    }
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++, p += 16) {
        b->rec[i].key = be(p, 8);
        b->rec[i].move = (uint16_t)be(p + 8, 2);
        b->rec[i].weight = (uint16_t)be(p + 10, 2);
        b->rec[i].learn = (uint32_t)be(p + 12, 4);
        if (i > 0 && b->rec[i].key < b->rec[i - 1].key) {
            free(b->rec);
            free(b);
            return chci_fail(diag, CHC_E_BOOK_FORMAT, (long)(i * 16), 0, 0, (long)i,
                             "book entry %zu is out of key order", i);
        }
    }
    b->n = n;
    *out = b;
    return CHC_OK;
}

int chc_book_open(chc_book **out, const char *path, chc_diag *diag)
{
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) return chci_fail(diag, CHC_E_IO, -1, 0, 0, -1, "cannot open book '%s'", path);
    size_t cap = 1 << 16, len = 0;
    unsigned char *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        return CHC_E_NO_MEMORY;
    }
    for (;;) {
        if (len == cap) {
            unsigned char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                fclose(f);
                return CHC_E_NO_MEMORY;
            }
            buf = nb;
            cap *= 2;
        }
        size_t r = fread(buf + len, 1, cap - len, f);
        len += r;
        if (r == 0) break;
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        free(buf);
        return chci_fail(diag, CHC_E_IO, -1, 0, 0, -1, "cannot read book '%s'", path);
    }
    int rc = chc_book_from_memory(out, buf, len, diag);
    free(buf);
    return rc;
}

void chc_book_free(chc_book *book)
{
    if (!book) return;
    free(book->rec);
    free(book);
}

size_t chc_book_size(const chc_book *book)
{
    return book->n;
}

static chc_move decode(const chc_position *pos, uint16_t pm)
{
    int to = CHC_SQUARE(pm & 7, (pm >> 3) & 7);
    int from = CHC_SQUARE((pm >> 6) & 7, (pm >> 9) & 7);
    int pr = (pm >> 12) & 7;
    if (pr > 4) return CHC_MOVE_NONE;
    int promo = pr ? pr + 1 : 0; /* 1 knight .. 4 queen -> CHC_KNIGHT .. CHC_QUEEN */
    /* castling is king-to-rook in books; a king move e1h1 may be castling */
    return chc_find_move(pos, from, to, promo);
}

/* Index of the first record with key >= k. */
static size_t lower_bound(const chc_book *b, uint64_t k)
{
    size_t lo = 0, hi = b->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (b->rec[mid].key < k) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

int chc_book_moves(const chc_book *book, const chc_position *pos, chc_book_entry *out, int cap)
{
    chc_book_entry tmp[CHC_MAX_MOVES];
    int n = 0;
    for (size_t i = lower_bound(book, pos->key); i < book->n && book->rec[i].key == pos->key; i++) {
        chc_move m = decode(pos, book->rec[i].move);
        if (m == CHC_MOVE_NONE) continue;
        int dup = 0;
        for (int j = 0; j < n; j++)
            if (tmp[j].move == m) dup = 1;
        if (dup || n >= CHC_MAX_MOVES) continue;
        tmp[n].move = m;
        tmp[n].weight = book->rec[i].weight;
        tmp[n].learn = book->rec[i].learn;
        n++;
    }
    /* stable sort by weight, heaviest first */
    for (int i = 1; i < n; i++) {
        chc_book_entry x = tmp[i];
        int j = i;
        while (j > 0 && tmp[j - 1].weight < x.weight) {
            tmp[j] = tmp[j - 1];
            j--;
        }
        tmp[j] = x;
    }
    for (int i = 0; i < n && i < cap; i++) out[i] = tmp[i];
    return n;
}

chc_move chc_book_pick(const chc_book *book, const chc_position *pos, uint64_t random)
{
    chc_book_entry e[CHC_MAX_MOVES];
    int n = chc_book_moves(book, pos, e, CHC_MAX_MOVES);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) total += e[i].weight;
    if (total == 0) return CHC_MOVE_NONE;
    uint64_t r = random % total;
    for (int i = 0; i < n; i++) {
        if (r < e[i].weight) return e[i].move;
        r -= e[i].weight;
    }
    return CHC_MOVE_NONE;
}
