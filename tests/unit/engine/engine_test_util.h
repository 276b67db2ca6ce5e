/* Helpers shared by the engine's tests. Include after <cmocka.h>. */
#ifndef CHC_ENGINE_TEST_UTIL_H
#define CHC_ENGINE_TEST_UTIL_H
#include <stdio.h>
#include <string.h>

/* The colour-flipped FEN of fen into out (at least 100 bytes): ranks reversed, piece colours
 * swapped, the side to move swapped, castling rights swapped, the en-passant square moved to
 * the other side; missing counters read as 0 1. */
static inline void etu_mirror_fen(const char *fen, char *out)
{
    char board[100], side[4], castle[8] = "-", ep[4] = "-";
    int hm = 0, fm = 1;
    int k = sscanf(fen, "%99s %3s %7s %3s %d %d", board, side, castle, ep, &hm, &fm);
    assert_true(k >= 2);
    char *ranks[8];
    int nr = 0;
    for (char *save = NULL, *r = strtok_r(board, "/", &save); r && nr < 8; r = strtok_r(NULL, "/", &save))
        ranks[nr++] = r;
    assert_int_equal(nr, 8);
    char *o = out;
    for (int i = 7; i >= 0; i--) {
        for (char *c = ranks[i]; *c; c++) {
            char x = *c;
            if (x >= 'a' && x <= 'z') x = (char)(x - 32);
            else if (x >= 'A' && x <= 'Z') x = (char)(x + 32);
            *o++ = x;
        }
        if (i) *o++ = '/';
    }
    char cs[8] = "";
    int n = 0;
    const char *order = "kqKQ";
    for (int i = 0; i < 4; i++)
        if (strchr(castle, order[i])) cs[n++] = (char)(order[i] >= 'a' ? order[i] - 32 : order[i] + 32);
    cs[n] = 0;
    char eps[4] = "-";
    if (ep[0] != '-') {
        eps[0] = ep[0];
        eps[1] = ep[1] == '3' ? '6' : '3';
        eps[2] = 0;
    }
    sprintf(o, " %s %s %s %d %d", side[0] == 'w' ? "b" : "w", n ? cs : "-", eps, hm, fm);
}

#endif
