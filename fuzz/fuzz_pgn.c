/* Fuzz target: the PGN reader and writer.
 * Properties: reading never crashes; a memory reader and a trickling stream reader return the
 * same codes and games; every game read is written, and the written text reads back as the
 * same game and writes again to the same bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct trickle {
    const char *p;
    size_t left, step;
} trickle;

static size_t trickle_read(void *ctx, char *buf, size_t cap)
{
    trickle *t = ctx;
    size_t n = t->left < t->step ? t->left : t->step;
    if (n > cap) n = cap;
    memcpy(buf, t->p, n);
    t->p += n;
    t->left -= n;
    t->step = t->step % 5 + 1;
    return n;
}

static char *write_game(const chc_game *g, size_t *len)
{
    size_t n = 0, n2 = 0;
    if (chc_pgn_write(g, 0, NULL, 0, &n, NULL) != CHC_E_BUFFER_TOO_SMALL) abort();
    char *out = malloc(n + 1);
    if (!out) abort();
    if (chc_pgn_write(g, 0, out, n + 1, &n2, NULL) != CHC_OK || n2 != n || strlen(out) != n) abort();
    *len = n;
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 1 << 16) return 0;
    const char *text = (const char *)data;
    chc_pgn_reader *a = chc_pgn_reader_new_mem(text, size, 0, 1, 1);
    trickle tr = {text, size, 1};
    chc_pgn_reader *b = chc_pgn_reader_new(trickle_read, &tr, 0);
    chc_game *g = chc_game_new(), *h = chc_game_new(), *k = chc_game_new();
    if (!a || !b || !g || !h || !k) abort();
    for (int guard = 0; guard < 10000; guard++) {
        chc_diag d, e;
        int ra = chc_pgn_read_game(a, g, &d);
        int rb = chc_pgn_read_game(b, h, &e);
        if (ra != rb) abort();
        if (ra == CHC_E_GAME_END) break;
        if (ra != CHC_OK) {
            if (strcmp(d.message, e.message) != 0 || d.line != e.line || d.column != e.column) abort();
            continue;
        }
        size_t n1, n2;
        char *w1 = write_game(g, &n1), *w2 = write_game(h, &n2);
        if (n1 != n2 || memcmp(w1, w2, n1) != 0) abort();
        /* The written game reads back and writes again identically. */
        chc_pgn_reader *c = chc_pgn_reader_new_mem(w1, n1, 0, 1, 1);
        if (!c) abort();
        if (chc_pgn_read_game(c, k, &d) != CHC_OK) abort();
        size_t n3;
        char *w3 = write_game(k, &n3);
        if (n3 != n1 || memcmp(w3, w1, n1) != 0) abort();
        if (chc_pgn_read_game(c, k, &d) != CHC_E_GAME_END) abort();
        chc_pgn_reader_free(c);
        /* Outcome and positions are computable. */
        chc_position pos;
        if (chc_game_position(g, chc_game_ply_count(g), &pos) != CHC_OK) abort();
        (void)chc_game_outcome(g);
        free(w1);
        free(w2);
        free(w3);
    }
    chc_game_free(g);
    chc_game_free(h);
    chc_game_free(k);
    chc_pgn_reader_free(a);
    chc_pgn_reader_free(b);
    return 0;
}
