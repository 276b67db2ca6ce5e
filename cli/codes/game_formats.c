/* The table of one-line game formats used by `convert` (see game_formats.h).
 * To add a format: write its functions and add one line to game_formats[]. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_formats.h"
#include "pack_formats.h"

int gf_reserve(gf_text *t, size_t n)
{
    if (t->cap - t->len >= n) return 0;
    size_t cap = t->cap ? t->cap : 256;
    while (cap - t->len < n) cap *= 2;
    char *p = realloc(t->p, cap);
    if (!p) return -1;
    t->p = p;
    t->cap = cap;
    return 0;
}

int gf_put(gf_text *t, const char *s, size_t n)
{
    if (gf_reserve(t, n)) return -1;
    memcpy(t->p + t->len, s, n);
    t->len += n;
    return 0;
}

int gf_putc(gf_text *t, char c)
{
    if (gf_reserve(t, 1)) return -1;
    t->p[t->len++] = c;
    return 0;
}

int gf_push(gf_moves *m, chc_move mv)
{
    if (m->n == m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 256;
        chc_move *v = realloc(m->v, cap * sizeof *v);
        if (!v) return -1;
        m->v = v;
        m->cap = cap;
    }
    m->v[m->n++] = mv;
    return 0;
}

/* ---- moves separated by spaces (SAN or UCI) --------------------------------------- */
/* Move numbers ("12.", "12...") and results are not moves. */
static int skip_word(const char *w, size_t n)
{
    size_t k = 0;
    while (k < n && w[k] >= '0' && w[k] <= '9') k++;
    if (k > 0 && k < n && w[k] == '.') {
        while (k < n && w[k] == '.') k++;
        if (k == n) return 1;
    }
    return (n == 3 && (memcmp(w, "1-0", 3) == 0 || memcmp(w, "0-1", 3) == 0)) ||
           (n == 7 && memcmp(w, "1/2-1/2", 7) == 0) || (n == 1 && w[0] == '*');
}

/* Splits the line into words, resolving each with `parse` in the running position. A
 * leading FEN is not part of these formats: the start is the standard position. */
static int read_words(const char *line, chc_position *start, gf_moves *moves, chc_diag *diag,
                      int (*parse)(const chc_position *, const char *, size_t, chc_move *,
                                   chc_diag *))
{
    chc_position pos = *start;
    const char *p = line;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        const char *w = p;
        while (*p && *p != ' ' && *p != '\t') p++;
        if (skip_word(w, (size_t)(p - w))) continue;
        chc_move m;
        int rc = parse(&pos, w, (size_t)(p - w), &m, diag);
        if (rc != CHC_OK) {
            if (diag) {
                diag->index = (long)moves->n;
                diag->column = (long)(w - line) + 1;
            }
            return rc;
        }
        if (gf_push(moves, m)) return CHC_E_NO_MEMORY;
        chc_undo u;
        if (m == CHC_MOVE_NULL)
            chc_make_null(&pos, &u);
        else
            chc_make_move(&pos, m, &u);
    }
    return CHC_OK;
}

static int uci_parse_n(const chc_position *pos, const char *w, size_t n, chc_move *out,
                       chc_diag *diag)
{
    char buf[16];
    if (n >= sizeof buf) n = sizeof buf - 1;
    memcpy(buf, w, n);
    buf[n] = 0;
    return chc_move_from_uci(pos, buf, out, diag);
}

static int word_is_uci(const char *w, size_t n)
{
    if (n == 4 && memcmp(w, "0000", 4) == 0) return 1;
    if (n != 4 && n != 5) return 0;
    if (w[0] < 'a' || w[0] > 'h' || w[1] < '1' || w[1] > '8') return 0;
    if (w[2] < 'a' || w[2] > 'h' || w[3] < '1' || w[3] > '8') return 0;
    return n == 4 || strchr("qrbn", w[4]) != NULL;
}

static int uci_detect(const char *line)
{
    /* Every word looks like a UCI move. */
    const char *p = line;
    int words = 0;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        const char *w = p;
        while (*p && *p != ' ' && *p != '\t') p++;
        if (!word_is_uci(w, (size_t)(p - w))) return 0;
        words++;
    }
    return words > 0;
}

static int uci_read(const char *line, chc_position *start, gf_moves *moves, chc_diag *diag)
{
    return read_words(line, start, moves, diag, uci_parse_n);
}

static int uci_write(const chc_position *start, const chc_move *moves, size_t n, gf_text *out,
                     chc_diag *diag)
{
    (void)diag;
    /* UCI text depends only on the move and on whether the game is Chess960 (castling as
     * king-to-rook): no need to replay the game. */
    if (gf_reserve(out, n * 6 + 1)) return CHC_E_NO_MEMORY;
    char *o = out->p + out->len;
    for (size_t i = 0; i < n; i++) {
        if (i) *o++ = ' ';
        if (moves[i] == CHC_MOVE_NULL) {
            memcpy(o, "0000", 4);
            o += 4;
        } else {
            o += chc_move_to_uci(start, moves[i], o);
        }
    }
    out->len = (size_t)(o - out->p);
    return CHC_OK;
}

static int san_detect(const char *line)
{
    /* Every word is short and starts like a SAN move or a move number. */
    const char *p = line;
    int words = 0;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        const char *w = p;
        while (*p && *p != ' ' && *p != '\t') p++;
        if (p - w > 12 || !strchr("NBRQKabcdefghO0-Z123456789*", *w)) return 0;
        words++;
    }
    return words > 0;
}

static int san_read(const char *line, chc_position *start, gf_moves *moves, chc_diag *diag)
{
    return read_words(line, start, moves, diag, chc_move_from_san_n);
}

static int san_write(const chc_position *start, const chc_move *moves, size_t n, gf_text *out,
                     chc_diag *diag)
{
    (void)diag;
    chc_position pos = *start;
    if (gf_reserve(out, n * (CHC_SAN_MAX + 1) + 1)) return CHC_E_NO_MEMORY;
    char *o = out->p + out->len;
    for (size_t i = 0; i < n; i++) {
        if (i) *o++ = ' ';
        o += chc_move_to_san(&pos, moves[i], o);
        chc_undo u;
        if (moves[i] == CHC_MOVE_NULL)
            chc_make_null(&pos, &u);
        else
            chc_make_move(&pos, moves[i], &u);
    }
    out->len = (size_t)(o - out->p);
    return CHC_OK;
}

/* ---- the final position as FEN (write only) ---------------------------------------- */
static int fen_write(const chc_position *start, const chc_move *moves, size_t n, gf_text *out,
                     chc_diag *diag)
{
    (void)diag;
    chc_position pos = *start;
    for (size_t i = 0; i < n; i++) {
        chc_undo u;
        if (moves[i] == CHC_MOVE_NULL)
            chc_make_null(&pos, &u);
        else
            chc_make_move(&pos, moves[i], &u);
    }
    if (gf_reserve(out, CHC_FEN_MAX)) return CHC_E_NO_MEMORY;
    out->len += chc_position_to_fen(&pos, out->p + out->len, CHC_FEN_MAX, 0);
    return CHC_OK;
}

/* ---- chess_compress_urlsafe (from the standard start only) -------------------------- */
static int urlsafe_read(const char *line, chc_position *start, gf_moves *moves, chc_diag *diag)
{
    size_t len = strlen(line), n = 0;
    chc_move *v = malloc((len ? len : 1) * sizeof *v);
    if (!v) return CHC_E_NO_MEMORY;
    chc_position_startpos(start);
    int rc = chc_urlsafe_decode(line, len, v, len, &n, NULL, diag);
    for (size_t i = 0; rc == CHC_OK && i < n; i++)
        if (gf_push(moves, v[i])) rc = CHC_E_NO_MEMORY;
    free(v);
    return rc;
}

static int urlsafe_write(const chc_position *start, const chc_move *moves, size_t n,
                         gf_text *out, chc_diag *diag)
{
    chc_position std;
    chc_position_startpos(&std);
    if (!chc_position_same(start, &std) || start->chess960) {
        if (diag) {
            diag->code = CHC_E_UNSUPPORTED;
            snprintf(diag->message, sizeof diag->message,
                     "urlsafe: only games from the standard starting position can be written");
        }
        return CHC_E_UNSUPPORTED;
    }
    if (gf_reserve(out, CHC_URLSAFE_MAX(n))) return CHC_E_NO_MEMORY;
    size_t len = 0;
    int rc = chc_urlsafe_encode(moves, n, out->p + out->len, out->cap - out->len, &len, diag);
    if (rc == CHC_OK) out->len += len;
    return rc;
}

/* Detection order matters: uci before san (a UCI line is also a plausible SAN line). */
const game_format game_formats[] = {
    {"uci", "moves in UCI (e2e4 e7e5 ...), one game per line", uci_detect, uci_read, uci_write},
    {"san", "moves in SAN (e4 e5 Nf3 ...), one game per line", san_detect, san_read, san_write},
    {"fen", "the final position of each game as FEN (output only)", NULL, NULL, fen_write},
    {"urlsafe", "chess_compress_urlsafe string (give --from urlsafe to read)", NULL,
     urlsafe_read, urlsafe_write},
    {"pack", "pack game code, base64url (give --from pack to read)", NULL, pack_game_read,
     pack_game_write},
    {NULL, NULL, NULL, NULL, NULL},
};

const game_format *game_format_find(const char *name)
{
    for (const game_format *f = game_formats; f->name; f++)
        if (strcmp(f->name, name) == 0) return f;
    return NULL;
}

const game_format *game_format_detect(const char *line)
{
    for (const game_format *f = game_formats; f->name; f++)
        if (f->detect && f->read && f->detect(line)) return f;
    return NULL;
}

void game_format_names(char *buf, size_t cap, const char *sep, int want_read)
{
    size_t len = 0;
    if (cap) buf[0] = 0;
    for (const game_format *f = game_formats; f->name; f++) {
        if (want_read ? !f->read : !f->write) continue;
        int n = snprintf(buf + len, cap - len, "%s%s", len ? sep : "", f->name);
        if (n < 0 || (size_t)n >= cap - len) break;
        len += (size_t)n;
    }
}
