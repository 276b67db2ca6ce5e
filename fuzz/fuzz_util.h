/* Shared by the fuzz targets (the formats layer's readers, the UCI and XBoard sessions). */
#ifndef CHC_FUZZ_UTIL_H
#define CHC_FUZZ_UTIL_H
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

/* A chc_read_fn that hands out its text a few bytes at a time (1 to 5, varying). */
typedef struct trickle {
    const char *p;
    size_t left, step;
} trickle;

static inline size_t trickle_read(void *ctx, char *buf, size_t cap)
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

/* Two games kept across runs (made on the first). */
static inline void fuzz_two_games(chc_game **g, chc_game **h)
{
    if (!*g) *g = chc_game_new();
    if (!*h) *h = chc_game_new();
    if (!*g || !*h) abort();
}

/* Aborts unless the two games have the same start board and main line; with `exact`, also
 * the same Chess960 flag, counters and result. */
static inline void fuzz_same_game(const chc_game *g, const chc_game *h, int exact)
{
    const chc_position *a = chc_game_start(g), *b = chc_game_start(h);
    if (!chc_position_same(a, b)) abort();
    if (exact && (a->chess960 != b->chess960 || a->halfmove != b->halfmove ||
                  a->fullmove != b->fullmove || chc_game_result(g) != chc_game_result(h)))
        abort();
    if (chc_game_ply_count(g) != chc_game_ply_count(h)) abort();
    for (size_t i = 0; i < chc_game_ply_count(g); i++)
        if (chc_game_move(g, i) != chc_game_move(h, i)) abort();
}
/* The first word of a session command line s[0..n) (no '\n' in it) as the UCI and XBoard
 * sessions read it: trailing CRs dropped, then up to a NUL, a space or a tab, after spaces and
 * tabs. Returns its length; *w points at it. */
static inline size_t fuzz_first_word(const char *s, size_t n, const char **w)
{
    while (n && s[n - 1] == '\r') n--;
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    size_t j = i;
    while (j < n && s[j] && s[j] != ' ' && s[j] != '\t') j++;
    *w = s + i;
    return j - i;
}

/* 1 when the word w[0..n) is lit. */
static inline int fuzz_word_is(const char *w, size_t n, const char *lit)
{
    return n == strlen(lit) && memcmp(w, lit, n) == 0;
}

#endif
