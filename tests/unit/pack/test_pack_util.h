/* Helpers for the pack tests: game lines "[FEN|]uci uci ..." (one game a line), the
 * tab-separated golden files of tests/data/pack/, results, base64url. */
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

/* Plays the UCI moves of `uci` (separated by spaces) from g->start into g->moves. Returns 0 on
 * success. */
/* The FEN form of the pinned vector files: KQkq castling for standard positions, rook files
 * (Shredder) for Chess960 ones. */
static inline void tp_fen(const chc_position *pos, char fen[CHC_FEN_MAX])
{
    chc_position_to_fen(pos, fen, CHC_FEN_MAX, chc_is_chess960(pos) ? CHC_FEN_SHREDDER : 0u);
}

static inline int tp_moves(const char *uci, tp_game *g)
{
    chc_position pos = g->start;
    g->n = 0;
    while (*uci) {
        while (*uci == ' ') uci++;
        if (!*uci) break;
        char tok[16];
        size_t l = 0;
        while (uci[l] && uci[l] != ' ') l++;
        if (l >= sizeof tok || g->n >= sizeof g->moves / sizeof g->moves[0]) return -1;
        memcpy(tok, uci, l);
        tok[l] = 0;
        uci += l;
        chc_move m;
        if (chc_move_from_uci(&pos, tok, &m, NULL)) return -1;
        chc_undo u;
        chc_make_move(&pos, m, &u);
        g->moves[g->n++] = m;
    }
    return 0;
}

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
    return tp_moves(line, g);
}

/* Splits a buffer into lines in place; returns the number of lines and sets *lines (malloc). */
static inline size_t tp_split_lines(char *buf, char ***lines)
{
    *lines = NULL;
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
/* Splits a line in place at tabs into at most max fields (missing ones are ""); returns how
 * many there were. */
static inline int tp_fields(char *line, char **f, int max)
{
    static char empty[1];
    for (int i = 0; i < max; i++) f[i] = empty;
    int n = 0;
    while (n < max) {
        f[n++] = line;
        char *t = strchr(line, '\t');
        if (!t) break;
        *t = 0;
        line = t + 1;
    }
    return n;
}

/* A game from a start (variant "standard" or "chess960", Shredder-FEN) and UCI moves. */
static inline int tp_game_from(const char *variant, const char *fen, const char *uci, tp_game *g)
{
    if (chc_position_from_fen(&g->start, fen, strcmp(variant, "chess960") ? 0 : CHC_FEN_CHESS960,
                              NULL))
        return -1;
    if (!!g->start.chess960 != !strcmp(variant, "chess960")) return -1;
    return tp_moves(uci, g);
}

/* The lines of tests/data/<rel> (xz allowed): *buf and *lines to free. Fails the test when the
 * file cannot be read. */
static inline size_t tp_data_lines(const char *rel, char **buf, char ***lines)
{
    size_t len;
    *lines = NULL;
    *buf = tu_read_file(tu_data_path(rel), &len);
    if (!*buf) fail_msg("cannot read %s", rel);
    return tp_split_lines(*buf, lines);
}

/* Calls fn(pos) for every position (the start and after each move) of every `every`-th game
 * line of tests/data/<rel>; returns how many. Fails the test on a bad line. */
static inline long tp_each_position(const char *rel, size_t every, void (*fn)(const chc_position *))
{
    char *buf, **lines;
    size_t n = tp_data_lines(rel, &buf, &lines);
    long count = 0;
    static tp_game g;
    for (size_t i = 0; i < n; i += every) {
        if (tp_parse_line(lines[i], &g)) fail_msg("%s line %zu: bad game", rel, i + 1);
        chc_position pos = g.start;
        fn(&pos);
        count++;
        for (size_t k = 0; k < g.n; k++) {
            chc_undo u;
            chc_make_move(&pos, g.moves[k], &u);
            fn(&pos);
            count++;
        }
    }
    free(lines);
    free(buf);
    return count;
}

/* The enum chc_result of "1-0", "0-1", "1/2-1/2" or "*", or -1. */
static inline int tp_result(const char *s)
{
    for (int r = 0; r < 4; r++)
        if (!strcmp(s, chc_result_string(r))) return r;
    return -1;
}

/* A chc_game of g (caller frees), with result r. */
static inline chc_game *tp_chc_game(const tp_game *g, int r)
{
    chc_game *cg = chc_game_new();
    if (!cg) return NULL;
    chc_game_reset(cg, &g->start);
    for (size_t i = 0; i < g->n; i++)
        if (chc_game_push(cg, g->moves[i])) {
            chc_game_free(cg);
            return NULL;
        }
    chc_game_set_result(cg, r);
    return cg;
}

/* Non-zero when cg holds g's start (the same position with the same counters and chess960 flag;
 * an en-passant square no pawn can take may differ: the position code drops it), moves and
 * result r. */
static inline int tp_same_game(const chc_game *cg, const tp_game *g, int r)
{
    const chc_position *a = chc_game_start(cg), *b = &g->start;
    if (!chc_position_same(a, b) || a->halfmove != b->halfmove || a->fullmove != b->fullmove ||
        !a->chess960 != !b->chess960)
        return 0;
    if (chc_game_ply_count(cg) != g->n || chc_game_result(cg) != r) return 0;
    for (size_t i = 0; i < g->n; i++)
        if ((chc_game_move(cg, i) ^ g->moves[i]) & 0x7FFF) return 0;
    return 1;
}

/* base64url (no padding) of text[0..len) into out; returns the byte count or -1. */
static inline long tp_b64_decode(const char *text, size_t len, uint8_t *out)
{
    static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    uint32_t acc = 0;
    int bits = 0;
    long o = 0;
    for (size_t i = 0; i < len; i++) {
        const char *p = strchr(a, text[i]);
        if (!p || !text[i]) return -1;
        acc = (acc << 6) | (uint32_t)(p - a);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[o++] = (uint8_t)(acc >> bits);
        }
    }
    return o;
}

/* A small deterministic PRNG (xorshift64). */
static inline uint64_t tp_rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}
#endif
