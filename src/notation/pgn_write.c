/* The PGN writer (export format). */
#include <stdio.h>
#include <string.h>

#include "notation/game.h"
#include "notation/notation.h"
#include "common/diag.h"

#define WRAP 80

typedef struct writer {
    char *buf;
    size_t cap, len;
    size_t col;
    int glue; /* the next token follows without a space ("(" before it) */
    unsigned flags;
    const chc_game *g;
} writer;

static void raw(writer *w, const char *s, size_t n)
{
    if (w->len < w->cap) {
        size_t room = w->cap - w->len;
        memcpy(w->buf + w->len, s, n < room ? n : room);
    }
    w->len += n;
}

static void raw_s(writer *w, const char *s) { raw(w, s, strlen(s)); }

/* A movetext token, wrapped at WRAP columns. */
static void token(writer *w, const char *s, size_t n)
{
    if (w->col > 0 && !w->glue) {
        if (w->col + 1 + n > WRAP) {
            raw(w, "\n", 1);
            w->col = 0;
        } else {
            raw(w, " ", 1);
            w->col++;
        }
    }
    w->glue = 0;
    raw(w, s, n);
    w->col += n;
}

static void token_s(writer *w, const char *s) { token(w, s, strlen(s)); }

/* A comment as words, so that it wraps like the rest ('}' cannot appear inside: it
 * becomes ')'). White space runs become single spaces, as the reader keeps them. */
static int is_space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

static void comment(writer *w, const char *c)
{
    char word[256];
    size_t n = 0;
    word[n++] = '{';
    const char *p = c;
    for (;;) {
        while (is_space(*p)) p++;
        if (!*p) break;
        while (*p && !is_space(*p)) {
            if (n >= sizeof word - 2) {
                token(w, word, n);
                n = 0;
            }
            word[n++] = *p == '}' ? ')' : *p;
            p++;
        }
        const char *q = p;
        while (is_space(*q)) q++;
        if (!*q) break;
        token(w, word, n);
        n = 0;
    }
    word[n++] = '}';
    token(w, word, n);
}

static void number(writer *w, const chc_position *pos)
{
    char b[32];
    int n = snprintf(b, sizeof b, pos->side == CHC_WHITE ? "%lu." : "%lu...",
                     (unsigned long)pos->fullmove);
    token(w, b, (size_t)n);
}

/* The move of `node` (played from `pos`) with its number, NAGs and comments. Returns non-zero
 * when something after it means the next black move needs its number again. */
static int emit_move(writer *w, uint32_t node, const chc_position *pos, int need_number)
{
    const chc_game *g = w->g;
    const chci_node *nd = &g->nodes[node];
    int comments = !(w->flags & CHC_PGN_WRITE_NO_COMMENTS);
    if (comments && nd->comment[1]) {
        comment(w, g->pool + nd->comment[1] - 1);
        need_number = 1;
    }
    if (pos->side == CHC_WHITE || need_number) number(w, pos);
    char san[CHC_SAN_MAX];
    size_t n = chc_move_to_san(pos, nd->move, san);
    token(w, san, n);
    int after = 0;
    if (comments) {
        for (int i = 0; i < nd->nnags; i++) {
            char b[8];
            int k = snprintf(b, sizeof b, "$%u", nd->nags[i]);
            token(w, b, (size_t)k);
        }
        if (nd->comment[0]) {
            comment(w, g->pool + nd->comment[0] - 1);
            after = 1;
        }
    }
    return after;
}

/* The continuation of `parent` (position `pos`), with variations. */
static void emit_line(writer *w, uint32_t parent, chc_position pos, int need_number)
{
    const chc_game *g = w->g;
    int variations = !(w->flags & CHC_PGN_WRITE_NO_VARIATIONS);
    for (;;) {
        uint32_t main = g->nodes[parent].first_child;
        if (!main) return;
        need_number = emit_move(w, main, &pos, need_number);
        if (variations) {
            for (uint32_t v = g->nodes[main].next_sibling; v; v = g->nodes[v].next_sibling) {
                token_s(w, "(");
                w->glue = 1;
                int nn = emit_move(w, v, &pos, 1);
                chc_position vp = pos;
                chci_play(&vp, g->nodes[v].move);
                emit_line(w, v, vp, nn);
                w->glue = 1;
                token_s(w, ")");
                need_number = 1;
            }
        }
        chci_play(&pos, g->nodes[main].move);
        parent = main;
    }
}

static void tag(writer *w, const char *name, const char *value)
{
    raw_s(w, "[");
    raw_s(w, name);
    raw_s(w, " \"");
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\') raw(w, "\\", 1);
        if (*p == '\n' || *p == '\r') continue;
        raw(w, p, 1);
    }
    raw_s(w, "\"]\n");
}

static int is_roster(const char *name)
{
    static const char *r[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result",
                              "FEN", "SetUp"};
    for (size_t i = 0; i < sizeof r / sizeof *r; i++)
        if (strcmp(name, r[i]) == 0) return 1;
    return 0;
}

static size_t write_pgn(const chc_game *g, char *buf, size_t cap, unsigned flags)
{
    writer w;
    memset(&w, 0, sizeof w);
    w.buf = buf;
    w.cap = cap;
    w.flags = flags;
    w.g = g;
    const char *result = chc_result_string(g->result);
    if (!(flags & CHC_PGN_WRITE_NO_TAGS)) {
        static const char *roster[] = {"Event", "Site", "Date", "Round", "White", "Black"};
        for (size_t i = 0; i < 6; i++) {
            const char *v = chc_game_tag(g, roster[i]);
            tag(&w, roster[i], v ? v : i == 2 ? "????.??.??" : "?");
        }
        tag(&w, "Result", result);
        chc_position std;
        chc_position_startpos(&std);
        int custom = g->start.chess960 || !chc_position_same(&std, &g->start) ||
                     g->start.halfmove != 0 || g->start.fullmove != 1;
        int has_variant = chc_game_tag(g, "Variant") != NULL;
        for (size_t i = 0; i < g->ntags; i++) {
            const char *name = chc_game_tag_name(g, i);
            if (is_roster(name)) continue;
            tag(&w, name, chc_game_tag_value(g, i));
        }
        if (g->start.chess960 && !has_variant) tag(&w, "Variant", "Chess960");
        if (custom) {
            char fen[CHC_FEN_MAX];
            chc_position_to_fen(&g->start, fen, sizeof fen, 0);
            tag(&w, "SetUp", "1");
            tag(&w, "FEN", fen);
        }
        raw_s(&w, "\n");
    }
    if (!(flags & CHC_PGN_WRITE_NO_COMMENTS) && g->nodes[0].comment[0])
        comment(&w, g->pool + g->nodes[0].comment[0] - 1);
    emit_line(&w, CHC_GAME_ROOT, g->start, 1);
    token_s(&w, result);
    raw_s(&w, "\n");
    if (!(flags & CHC_PGN_WRITE_NO_TAGS)) raw_s(&w, "\n");
    if (cap) buf[w.len < cap ? w.len : cap - 1] = 0;
    return w.len;
}

int chc_pgn_write(const chc_game *g, unsigned flags, char *dst, size_t dst_cap, size_t *dst_len,
                  chc_diag *diag)
{
    size_t n = write_pgn(g, dst, dst_cap, flags);
    if (dst_len) *dst_len = n;
    if (n >= dst_cap) {
        if (dst_cap) dst[0] = 0;
        return chci_fail(diag, CHC_E_BUFFER_TOO_SMALL, -1, 0, 0, -1,
                         "PGN: output buffer too small (%zu bytes needed)", n + 1);
    }
    return CHC_OK;
}

/* Deprecated 0.1 name: snprintf-like (the text is cut when it does not fit). */
size_t chc_game_to_pgn(const chc_game *g, char *buf, size_t cap, unsigned flags)
{
    return write_pgn(g, buf, cap, flags);
}
