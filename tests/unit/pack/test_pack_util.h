/* Helpers for the pack tests: game lines "[FEN|]uci uci ..." (one game a line). */
#ifndef CHC_TEST_PACK_UTIL_H
#define CHC_TEST_PACK_UTIL_H
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

typedef struct {
    chc_position start;
    chc_move moves[2048];
    size_t n;
} tp_game;

/* Parses one line (NUL-terminated, no newline) into g. Returns 0 on success. */
static inline int tp_parse_line(const char *line, tp_game *g)
{
    const char *bar = strchr(line, '|');
    if (bar) {
        char fen[256];
        size_t l = (size_t)(bar - line);
        if (l >= sizeof fen) return -1;
        memcpy(fen, line, l);
        fen[l] = 0;
        if (chc_position_from_fen(&g->start, fen, 0, NULL)) return -1;
        line = bar + 1;
    } else {
        chc_position_startpos(&g->start);
    }
    chc_position pos = g->start;
    g->n = 0;
    while (*line) {
        while (*line == ' ') line++;
        if (!*line) break;
        char tok[16];
        size_t l = 0;
        while (line[l] && line[l] != ' ') l++;
        if (l >= sizeof tok || g->n >= sizeof g->moves / sizeof g->moves[0]) return -1;
        memcpy(tok, line, l);
        tok[l] = 0;
        line += l;
        chc_move m;
        if (chc_move_from_uci(&pos, tok, &m, NULL)) return -1;
        chc_undo u;
        chc_make_move(&pos, m, &u);
        g->moves[g->n++] = m;
    }
    return 0;
}

/* Splits a buffer into lines in place; returns the number of lines and sets *lines (malloc). */
static inline size_t tp_split_lines(char *buf, char ***lines)
{
    size_t n = 0, cap = 1024;
    char **v = malloc(cap * sizeof *v);
    char *p = buf;
    while (v && *p) {
        char *e = strchr(p, '\n');
        if (e) *e = 0;
        if (*p) {
            if (n == cap) {
                char **nv = realloc(v, (cap *= 2) * sizeof *v);
                if (!nv) { free(v); return 0; }
                v = nv;
            }
            v[n++] = p;
        }
        if (!e) break;
        p = e + 1;
    }
    *lines = v;
    return n;
}
#endif
