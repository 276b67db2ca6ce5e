/* The streaming PGN reader.
 *
 * Two passes over each game, both on bytes already in memory:
 *   1. skim: a small state machine finds where the game ends (after its result token at
 *      depth 0, before the next tag section, or at the end of input), keeping only that game
 *      in the buffer (memory is bounded by the largest game, not the file);
 *   2. parse: tags, then the movetext, resolving SAN moves as they come.
 * A bad game therefore never hides the next one: the parser stops at the error and the
 * reader carries on from the game's end.
 *
 * The common case takes one pass (chc_pgn_read_game's fast path): the parser runs on the
 * buffered bytes without a skim and finds the game's end itself, at its result token. It
 * gives up (and the two passes run) whenever the skimmer might have cut the game elsewhere or
 * the game is bad: an error, no result token in the buffered bytes, a second "[Event " tag, a
 * line end in a comment where the skimmer resynchronises, a result token glued to bytes the
 * skimmer counts as part of a token. Both ways give the same games, lines and errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "common/inbuf.h"
#include "notation/game.h"
#include "notation/notation.h"

#define READ_CHUNK ((size_t)1 << 18)
#define MAX_DEPTH 64
/* Bytes the skimmer may look past a line end (resynchronising after an unterminated
 * comment). */
#define LOOKAHEAD 80

typedef struct level {
    chc_position pos;  /* position after the last move of this line */
    chc_position prev; /* position before it */
    uint32_t node;     /* last node of this line */
    uint32_t prev_node;
    int moves;         /* moves played in this line */
    uint32_t pending;  /* comment before the variation's first move (pool offset + 1) */
    long line, column; /* where the variation opened */
} level;

struct chc_pgn_reader {
    chc_read_fn fn;
    void *ctx;
    unsigned flags;
    chci_inbuf in;     /* owned buffer (in.buf NULL for a memory reader) */
    const char *data;  /* the bytes: in.buf or the caller's text; data[in.start..in.end) */
    int bom_done;
    long line;         /* line of data[start] */
    long game_no;      /* number of the last game returned */
    int truncated;     /* the last game ended at the end of input without a result token */
    int one_game;      /* the text is one game as chc_pgn_next_raw() cut it: no second skim */
    int number_raw;    /* chci_pgn_reader_number_raw() */
    int to_end;        /* an item ran to data[in.end] (chci_pgn_reader_take_to_end) */
    long game_line;    /* first line of the last game */
    char *tmp;         /* unescaped tag values, comments */
    size_t tmp_cap;
    level lv[MAX_DEPTH];
};

static chc_pgn_reader *reader_alloc(unsigned flags)
{
    chc_pgn_reader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->flags = flags;
    r->line = 1;
    return r;
}

chc_pgn_reader *chc_pgn_reader_new(chc_read_fn fn, void *ctx, unsigned flags)
{
    chc_pgn_reader *r = reader_alloc(flags);
    if (!r) return NULL;
    r->fn = fn;
    r->ctx = ctx;
    /* The buffer is allocated by the first read (READ_CHUNK bytes, doubled when a game needs
     * more): a small input never costs a large buffer. */
    r->data = "";
    return r;
}

chc_pgn_reader *chc_pgn_reader_new_mem(const char *text, size_t len, unsigned flags,
                                      long first_line, long first_game)
{
    chc_pgn_reader *r = reader_alloc(flags);
    if (!r) return NULL;
    r->data = text;
    r->in.end = len;
    r->in.eof = 1;
    r->line = first_line > 0 ? first_line : 1;
    r->game_no = first_game > 0 ? first_game - 1 : 0;
    return r;
}

void chci_pgn_reader_set_game(chc_pgn_reader *r, const char *text, size_t len, long line, long game)
{
    r->data = text;
    r->in.start = 0;
    r->in.end = len;
    r->in.consumed = 0;
    r->in.eof = 1;
    r->bom_done = 1;
    r->one_game = 1;
    r->line = line > 0 ? line : 1;
    r->game_no = game > 0 ? game - 1 : 0;
}

void chci_pgn_reader_set_block(chc_pgn_reader *r, const char *text, size_t len, long line,
                               uint64_t offset)
{
    r->data = text;
    r->in.start = 0;
    r->in.end = len;
    r->in.consumed = offset;
    r->in.eof = 1;
    r->in.err = 0;
    r->bom_done = offset > 0;
    r->one_game = 0;
    r->line = line > 0 ? line : 1;
    r->game_no = 0;
    r->truncated = 0;
    r->to_end = 0;
}

void chci_pgn_reader_resume(chc_pgn_reader *r, long line, long game_no, uint64_t offset)
{
    r->line = line > 0 ? line : 1;
    r->game_no = game_no;
    r->in.consumed = offset;
    r->bom_done = offset > 0;
}

int chci_pgn_reader_take_to_end(chc_pgn_reader *r)
{
    int t = r->to_end;
    r->to_end = 0;
    return t;
}

const char *chci_pgn_reader_pending(const chc_pgn_reader *r, size_t *len)
{
    *len = r->in.end - r->in.start;
    return r->data + r->in.start;
}

void chci_pgn_reader_number_raw(chc_pgn_reader *r) { r->number_raw = 1; }
int chci_pgn_reader_at_end(const chc_pgn_reader *r) { return r->in.eof && r->in.start >= r->in.end; }

void chc_pgn_reader_free(chc_pgn_reader *r)
{
    if (!r) return;
    free(r->in.buf);
    free(r->tmp);
    free(r);
}

long chc_pgn_reader_game_number(const chc_pgn_reader *r) { return r->game_no; }
int chc_pgn_reader_truncated(const chc_pgn_reader *r) { return r->truncated; }
long chci_pgn_reader_game_line(const chc_pgn_reader *r) { return r->game_line; }
long chci_pgn_reader_line(const chc_pgn_reader *r) { return r->line; }
uint64_t chc_pgn_reader_bytes(const chc_pgn_reader *r) { return r->in.consumed + r->in.start; }

/* Makes more input available after data[end]; the unconsumed bytes from `start` are kept
 * (moved to the front). Returns 1 if bytes were added, 0 at the end of input or on error. */
static int refill(chc_pgn_reader *r)
{
    if (r->in.eof || !r->fn) return 0;
    int more = chci_inbuf_fill(&r->in, READ_CHUNK, r->fn, r->ctx);
    r->data = r->in.buf;
    return more;
}

/* ---- pass 1: skim ------------------------------------------------------------------- */
static int is_result(const char *t, size_t n)
{
    return (n == 1 && t[0] == '*') || (n == 3 && (memcmp(t, "1-0", 3) == 0 || memcmp(t, "0-1", 3) == 0)) ||
           (n == 7 && memcmp(t, "1/2-1/2", 7) == 0);
}

/* Skips white space (and stray BOMs) before a game, counting lines. Returns 0 when the
 * input is exhausted. */
static int skip_space(chc_pgn_reader *r)
{
    for (;;) {
        while (r->in.start < r->in.end) {
            unsigned char c = (unsigned char)r->data[r->in.start];
            if (c == '\n') {
                r->line++;
                r->in.start++;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
                r->in.start++;
            } else if (c == 0xEF) {
                if (r->in.end - r->in.start < 3 && refill(r)) continue;
                if (r->in.end - r->in.start >= 3 && (unsigned char)r->data[r->in.start + 1] == 0xBB &&
                    (unsigned char)r->data[r->in.start + 2] == 0xBF)
                    r->in.start += 3;
                else
                    return 1;
            } else {
                return 1;
            }
        }
        if (!refill(r)) return 0;
    }
}

/* Non-zero when the text after a line end inside a comment starts a new game: a line
 * starting "[Event ", or a blank line and then a line starting '[' (within LOOKAHEAD bytes). */
static int comment_resync(const char *p, size_t n)
{
    if (n > LOOKAHEAD - 1) n = LOOKAHEAD - 1;
    if (n >= 7 && memcmp(p, "[Event ", 7) == 0) return 1;
    size_t i = 0;
    while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r')) i++;
    if (i >= n || p[i] != '\n') return 0;
    while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\n')) i++;
    return i < n && p[i] == '[';
}

/* Byte classes of the skimmer outside comments and tags. */
enum {
    SK_TOK = 0, /* part of a token (move, number, result, ...) */
    SK_SP,      /* ' ' '\t' '\r': white space that ends a token */
    SK_WS,      /* '\f' '\v': white space that does not end a token */
    SK_NL,      /* '\n' */
    SK_OPEN_TAG, SK_BRACE, SK_SEMI, SK_LPAREN, SK_RPAREN,
    SK_CLOSER,  /* '}' ']': end a token, then start one */
    SK_STAR,    /* '*' */
    SK_PERCENT  /* '%': an escape line at a line start, else a token byte */
};

static const unsigned char sk_class[256] = {
    ['\t'] = SK_SP, [' '] = SK_SP, ['\r'] = SK_SP, ['\f'] = SK_WS, ['\v'] = SK_WS,
    ['\n'] = SK_NL, ['['] = SK_OPEN_TAG, ['{'] = SK_BRACE, [';'] = SK_SEMI, ['('] = SK_LPAREN,
    [')'] = SK_RPAREN, ['}'] = SK_CLOSER, [']'] = SK_CLOSER, ['*'] = SK_STAR, ['%'] = SK_PERCENT,
};

/* Bytes that end a token: white space but '\f' '\v', brackets, braces, parentheses, ';'. */
static const unsigned char sk_end[256] = {
    ['\t'] = 1, [' '] = 1, ['\r'] = 1, ['\n'] = 1, ['['] = 1, [']'] = 1, ['{'] = 1, ['}'] = 1,
    ['('] = 1, [')'] = 1, [';'] = 1,
};

/* Finds the end of the game starting at data[start]. Sets *len and *lines (newlines in the
 * game). Returns CHC_OK, or CHC_E_LIMIT for a game too large (its bytes were dropped).
 * The game ends after its result token at depth 0 (outside comments, tags and variations),
 * before a '[' that follows movetext (or a second "[Event "), at an unterminated comment's
 * resynchronisation point (see comment_resync), or at the end of the input. */
static int skim(chc_pgn_reader *r, size_t *len, long *lines)
{
    size_t i = r->in.start;
    int in_brace = 0, in_semi = 0, in_tag = 0, in_str = 0, esc = 0;
    int line_start = 1, seen_move = 0, seen_tag = 0, depth = 0, oversize = 0;
    size_t tok = (size_t)-1;
    long nl = 0;
    const unsigned char *d = (const unsigned char *)r->data;
    /* Bytes below `lim` may be read with LOOKAHEAD bytes after them (or the input ends). */
    size_t lim = 0;
    for (;;) {
        if (i >= lim) {
            if (i >= r->in.end || (r->in.end - i < LOOKAHEAD && !r->in.eof)) {
                /* Keep token and game offsets relative to start across the refill. */
                size_t rel = i - r->in.start, trel = tok == (size_t)-1 ? (size_t)-1 : tok - r->in.start;
                if (i - r->in.start > CHC_PGN_MAX_GAME_BYTES) {
                    oversize = 1;
                    /* Drop what was skimmed, keeping the state. */
                    r->in.start = i;
                    rel = 0;
                    trel = (size_t)-1;
                }
                int more = refill(r);
                d = (const unsigned char *)r->data;
                i = r->in.start + rel;
                tok = trel == (size_t)-1 ? (size_t)-1 : r->in.start + trel;
                if (!more && i >= r->in.end) break;
            }
            lim = r->in.eof ? r->in.end : r->in.end > LOOKAHEAD ? r->in.end - LOOKAHEAD : 0;
            if (lim <= i) lim = i + 1; /* more input may come: one byte, then refill */
        }
        if (in_semi) {
            const unsigned char *q = memchr(d + i, '\n', lim - i);
            if (!q) {
                i = lim;
                continue;
            }
            i = (size_t)(q - d) + 1;
            in_semi = 0;
            line_start = 1;
            nl++;
            continue;
        }
        if (in_brace) {
            while (i < lim && d[i] != '}' && d[i] != '\n') i++;
            if (i >= lim) continue;
            if (d[i] == '}') {
                in_brace = 0;
            } else {
                nl++;
                /* An unterminated comment must not swallow the next games: it ends at a line
                 * starting "[Event " or at a blank line followed by a line starting '['. */
                if (comment_resync(r->data + i + 1, r->in.end - i - 1)) {
                    i++;
                    break;
                }
            }
            i++;
            continue;
        }
        if (in_tag) {
            while (i < lim) {
                unsigned char c = d[i];
                if (c == '\n') {
                    in_tag = in_str = 0;
                    line_start = 1;
                    nl++;
                    i++;
                    break;
                } else if (in_str) {
                    if (esc)
                        esc = 0;
                    else if (c == '\\')
                        esc = 1;
                    else if (c == '"')
                        in_str = 0;
                } else if (c == '"') {
                    in_str = 1;
                } else if (c == ']') {
                    in_tag = 0;
                    i++;
                    break;
                }
                i++;
            }
            continue;
        }
        /* Outside comments and tags: here until the state changes. */
        while (i < lim) {
            if (tok == (size_t)-1 && !line_start) {
                /* Runs of spaces and of whole tokens that start with a plain byte and are no
                 * result at depth 0 change nothing but seen_move: skipped in a tight loop. A
                 * token whose end is not yet buffered, a result, anything else: below. */
                while (i < lim) {
                    unsigned char c0 = d[i];
                    if (sk_class[c0] == SK_SP) {
                        i++;
                        continue;
                    }
                    if (sk_class[c0] != SK_TOK) break;
                    size_t j = i + 1;
                    while (j < lim && !sk_end[d[j]]) j++;
                    if (j >= lim || (depth == 0 && is_result(r->data + i, j - i))) break;
                    seen_move = 1;
                    i = j;
                }
                if (i >= lim) break;
            }
            unsigned char c = d[i];
            unsigned k = sk_class[c];
            if (tok != (size_t)-1 && sk_end[c]) {
                if (depth == 0 && is_result(r->data + tok, i - tok)) goto done;
                tok = (size_t)-1;
            }
            if (k == SK_NL) {
                nl++;
                line_start = 1;
                i++;
                continue;
            }
            if (line_start && k == SK_PERCENT) {
                in_semi = 1;
                i++;
                goto next;
            }
            line_start = 0;
            switch (k) {
            case SK_SP: case SK_WS:
                break;
            case SK_OPEN_TAG:
                if (seen_move) goto done;
                if (seen_tag && r->in.end - i >= 7 && memcmp(r->data + i, "[Event ", 7) == 0) goto done;
                in_tag = 1;
                seen_tag = 1;
                i++;
                goto next;
            case SK_BRACE:
                in_brace = 1;
                seen_move = 1;
                i++;
                goto next;
            case SK_SEMI:
                in_semi = 1;
                seen_move = 1;
                i++;
                goto next;
            case SK_LPAREN: depth++; seen_move = 1; break;
            case SK_RPAREN: if (depth) depth--; seen_move = 1; break;
            default: /* a token's byte */
                seen_move = 1;
                if (tok == (size_t)-1) {
                    tok = i;
                    if (k == SK_STAR && depth == 0) {
                        /* "*" stands alone: check the next byte. */
                        if (i + 1 >= r->in.end || d[i + 1] == 0 || sk_end[d[i + 1]]) {
                            i++;
                            goto done;
                        }
                    }
                }
                /* The rest of the token. */
                while (i + 1 < lim && !sk_end[d[i + 1]]) i++;
                break;
            }
            i++;
        }
    next:;
    }
done:
    *len = i - r->in.start;
    *lines = nl;
    return oversize ? CHC_E_LIMIT : CHC_OK;
}

/* Takes the next game's text: data[*off .. *off + *len). Returns CHC_OK, CHC_E_GAME_END,
 * CHC_E_IO, CHC_E_NO_MEMORY or CHC_E_LIMIT. The game's bytes stay valid until the next call. */
static int next_game(chc_pgn_reader *r, size_t *off, size_t *len, long *line)
{
    if (r->in.err) return r->in.err;
    if (!r->bom_done) {
        r->bom_done = 1;
        if (r->in.end - r->in.start < 3) refill(r);
        if (r->in.end - r->in.start >= 3 && memcmp(r->data + r->in.start, "\xEF\xBB\xBF", 3) == 0)
            r->in.start += 3;
    }
    if (!skip_space(r)) return r->in.err ? r->in.err : CHC_E_GAME_END;
    long lines = 0;
    int rc = CHC_OK;
    if (r->one_game) /* its end is known: all of it */
        *len = r->in.end - r->in.start;
    else
        rc = skim(r, len, &lines);
    if (r->in.err) return r->in.err;
    *off = r->in.start;
    *line = r->line;
    r->game_line = r->line;
    r->in.start += *len;
    r->line += lines;
    r->game_no++;
    if (r->in.start >= r->in.end) r->to_end = 1;
    return rc;
}

int chc_pgn_next_raw(chc_pgn_reader *r, const char **text, size_t *len, long *line)
{
    size_t off;
    int rc = next_game(r, &off, len, line);
    if (rc == CHC_OK) *text = r->data + off;
    return rc;
}

/* ---- pass 2: parse ------------------------------------------------------------------ */
typedef struct parser {
    chc_pgn_reader *r;
    chc_game *g;
    chc_diag *diag;
    const char *p, *end, *base;
    const char *line_start;
    long line;
    uint64_t base_offset;
    int depth;
    int ply; /* main-line ply, for diagnostics */
    int got_result;
    int fast;       /* the fast path: ps->end is the buffer's end, the game's end is unknown */
    /* where the Variant and FEN tags are (for their errors) */
    const char *var_at, *var_ls, *fen_at, *fen_ls;
    long var_line, fen_line;
} parser;

static int perr_n(parser *ps, const char *at, int code, const char *tok, size_t toklen,
                  size_t tokmax, const char *fmt, const char *why)
{
    if (!ps->diag) return code;
    long col = (long)(at - ps->line_start) + 1;
    char what[192];
    snprintf(what, sizeof what, fmt, why);
    if (toklen > tokmax) toklen = tokmax;
    if (tok)
        chci_fail(ps->diag, code, (long)(ps->base_offset + (uint64_t)(at - ps->base)), ps->line, col,
                  ps->ply, "game %ld, line %ld, column %ld: '%.*s': %s", ps->r->game_no, ps->line,
                  col, (int)toklen, tok, what);
    else
        chci_fail(ps->diag, code, (long)(ps->base_offset + (uint64_t)(at - ps->base)), ps->line, col,
                  ps->ply, "game %ld, line %ld, column %ld: %s", ps->r->game_no, ps->line, col,
                  what);
    return code;
}

static int perr(parser *ps, const char *at, int code, const char *tok, size_t toklen,
                const char *fmt, const char *why)
{
    return perr_n(ps, at, code, tok, toklen, 40, fmt, why);
}

static int tmp_reserve(chc_pgn_reader *r, size_t n)
{
    if (n <= r->tmp_cap) return 0;
    size_t cap = r->tmp_cap ? r->tmp_cap : 256;
    while (cap < n) cap *= 2;
    char *t = realloc(r->tmp, cap);
    if (!t) return -1;
    r->tmp = t;
    r->tmp_cap = cap;
    return 0;
}

static inline void newline(parser *ps, const char *nl)
{
    ps->line++;
    ps->line_start = nl + 1;
}

/* Skips white space and % escape lines. */
static void skip_ws(parser *ps)
{
    const char *p = ps->p, *end = ps->end;
    while (p < end) {
        char c = *p;
        if (c == ' ') {
            p++;
        } else if (c == '\n') {
            ps->line++;
            ps->line_start = ++p;
        } else if (c == '%' && p == ps->line_start) {
            while (p < end && *p != '\n') p++;
        } else if (c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            p++;
        } else {
            break;
        }
    }
    ps->p = p;
}

/* Parses one tag at ps->p ('['). */
static int parse_tag(parser *ps)
{
    const char *at = ps->p;
    ps->p++;
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t')) ps->p++;
    const char *name = ps->p;
    /* Tag names: printable characters without quotes and brackets (the standard asks for letters,
     * digits and '_'; real files use a few more). */
    while (ps->p < ps->end && (unsigned char)*ps->p > ' ' && (unsigned char)*ps->p != 0x7f &&
           *ps->p != '"' && *ps->p != ']' && *ps->p != '[')
        ps->p++;
    size_t nlen = (size_t)(ps->p - name);
    if (nlen == 0) return perr(ps, at, CHC_E_PGN_SYNTAX, at, 1, "%s", "tag without a name");
    if (ps->p < ps->end && *ps->p != ' ' && *ps->p != '\t' && *ps->p != '"')
        return perr(ps, ps->p, CHC_E_PGN_SYNTAX, name, nlen, "%s", "bad character in tag name");
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t')) ps->p++;
    if (ps->p >= ps->end || *ps->p != '"')
        return perr(ps, ps->p, CHC_E_PGN_SYNTAX, name, nlen, "%s", "tag value must be quoted");
    ps->p++;
    chc_pgn_reader *r = ps->r;
    /* The value's extent first (its closing quote, or where it fails), then one copy. */
    const char *v0 = ps->p, *q = ps->p;
    while (q < ps->end && *q != '"' && *q != '\n' && *q != '\r') {
        if (*q == '\\' && q + 1 < ps->end && (q[1] == '"' || q[1] == '\\')) q++;
        q++;
    }
    if (q >= ps->end || *q != '"') {
        ps->p = q;
        return perr(ps, ps->p, CHC_E_PGN_SYNTAX, name, nlen, "%s", "unterminated tag value");
    }
    if (tmp_reserve(r, nlen + (size_t)(q - v0) + 3)) return CHC_E_NO_MEMORY;
    size_t vl = 0;
    for (const char *c = v0; c < q; c++) {
        if (*c == '\\' && (c[1] == '"' || c[1] == '\\')) c++;
        r->tmp[nlen + 1 + vl++] = *c;
    }
    ps->p = q + 1;
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t')) ps->p++;
    if (ps->p >= ps->end || *ps->p != ']')
        return perr(ps, ps->p, CHC_E_PGN_SYNTAX, name, nlen, "%s", "tag not closed by ']'");
    ps->p++;
    if (tmp_reserve(r, nlen + vl + 3)) return CHC_E_NO_MEMORY;
    memcpy(r->tmp, name, nlen);
    r->tmp[nlen] = 0;
    r->tmp[nlen + 1 + vl] = 0;
    if (nlen == 7 && memcmp(name, "Variant", 7) == 0) {
        ps->var_at = at;
        ps->var_ls = ps->line_start;
        ps->var_line = ps->line;
    } else if (nlen == 3 && memcmp(name, "FEN", 3) == 0) {
        ps->fen_at = at;
        ps->fen_ls = ps->line_start;
        ps->fen_line = ps->line;
    }
    int rc = chc_game_set_tag(ps->g, r->tmp, r->tmp + nlen + 1);
    if (rc != CHC_OK) return perr(ps, at, rc, name, nlen, "%s", chc_strerror(rc));
    return CHC_OK;
}

static int variant_960(const char *v, int *is960)
{
    char k[32];
    size_t n = 0;
    for (; *v && n < sizeof k - 1; v++) {
        char c = *v;
        if (c == ' ' || c == '-' || c == '_') continue;
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        k[n++] = c;
    }
    k[n] = 0;
    static const char *std_names[] = {"", "standard", "chess", "normal", "fromposition", "classical", "rated", "casual"};
    static const char *c960[] = {"chess960", "960", "fischerandom", "fischerrandom", "frc", "fischerrandomchess", "chess960rated"};
    for (size_t i = 0; i < sizeof std_names / sizeof *std_names; i++)
        if (strcmp(k, std_names[i]) == 0) {
            *is960 = 0;
            return 1;
        }
    for (size_t i = 0; i < sizeof c960 / sizeof *c960; i++)
        if (strcmp(k, c960[i]) == 0) {
            *is960 = 1;
            return 1;
        }
    return 0;
}

/* Sets the start position from the FEN and Variant tags. */
static int setup_start(parser *ps, const char *at)
{
    chc_game *g = ps->g;
    int is960 = 0;
    const char *variant = chc_game_tag(g, "Variant");
    if (variant && !variant_960(variant, &is960)) {
        /* Reported where the tag is. */
        if (ps->var_at) {
            at = ps->var_at;
            ps->line = ps->var_line;
            ps->line_start = ps->var_ls;
        }
        return perr(ps, at, CHC_E_PGN_VARIANT, variant, strlen(variant), "%s",
                    "unsupported variant (game skipped)");
    }
    const char *fen = chc_game_tag(g, "FEN");
    chc_position pos;
    if (fen) {
        chc_diag d;
        memset(&d, 0, sizeof d);
        int rc = chc_position_from_fen(&pos, fen, is960 ? CHC_FEN_CHESS960 : 0, &d);
        if (rc != CHC_OK) {
            if (ps->fen_at) {
                at = ps->fen_at;
                ps->line = ps->fen_line;
                ps->line_start = ps->fen_ls;
            }
            /* The whole FEN (a FEN is shorter than CHC_FEN_MAX), then why. */
            return perr_n(ps, at, CHC_E_PGN_FEN, fen, strlen(fen), CHC_FEN_MAX, "bad FEN tag: %s",
                          d.message[0] ? d.message : chc_strerror(rc));
        }
    } else if (is960) {
        chc_position_chess960(&pos, 518);
    } else {
        chc_position_startpos(&pos);
    }
    g->start = pos;
    g->tail = pos;
    g->tail_ok = 1;
    return CHC_OK;
}

static int add_comment(parser *ps, level *lv, const char *s, size_t n, int pending_before)
{
    if (ps->r->flags & CHC_PGN_NO_COMMENTS) return CHC_OK;
    while (n && (*s == ' ' || *s == '\n' || *s == '\r' || *s == '\t')) s++, n--;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == '\t')) n--;
    if (tmp_reserve(ps->r, n + 1)) return CHC_E_NO_MEMORY;
    /* Line ends inside comments become spaces (CR dropped). */
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '\n' || c == '\t' || c == '\r') c = ' ';
        if (c == ' ' && k && ps->r->tmp[k - 1] == ' ') continue;
        ps->r->tmp[k++] = c;
    }
    ps->r->tmp[k] = 0;
    if (pending_before) {
        /* At the start of a variation: kept until its first move arrives. */
        if (lv->pending) {
            size_t ol = strlen(ps->g->pool + lv->pending - 1);
            if (tmp_reserve(ps->r, ol + k + 2)) return CHC_E_NO_MEMORY;
            memmove(ps->r->tmp + ol + 1, ps->r->tmp, k + 1);
            memcpy(ps->r->tmp, ps->g->pool + lv->pending - 1, ol);
            ps->r->tmp[ol] = ' ';
            k += ol + 1;
        }
        uint32_t off = chci_game_str(ps->g, ps->r->tmp, k);
        if (!off) return CHC_E_LIMIT;
        lv->pending = off;
        return CHC_OK;
    }
    return chc_game_add_comment(ps->g, lv->node, 0, ps->r->tmp);
}

/* The fast path, at a line end inside a brace comment: non-zero when the skimmer would end
 * the game there (comment_resync), or might (too few bytes buffered to tell). */
static int fast_resync(const parser *ps, const char *nl)
{
    const chc_pgn_reader *r = ps->r;
    size_t n = (size_t)(r->data + r->in.end - nl - 1);
    if (n < LOOKAHEAD && !r->in.eof) return 1;
    return comment_resync(nl + 1, n);
}

/* Skips a variation in main-line-only mode (ps->p just after '('). */
static int skip_variation(parser *ps, const char *open)
{
    int depth = 1;
    while (ps->p < ps->end) {
        char c = *ps->p++;
        if (c == '\n') {
            newline(ps, ps->p - 1);
            /* an escape line: the skimmer ignores its parentheses */
            if (ps->fast && ps->p < ps->end && *ps->p == '%') return CHC_E_PGN_SYNTAX;
        } else if (c == '{') {
            while (ps->p < ps->end && *ps->p != '}') {
                if (*ps->p == '\n') {
                    if (ps->fast && fast_resync(ps, ps->p)) return CHC_E_PGN_SYNTAX;
                    newline(ps, ps->p);
                }
                ps->p++;
            }
            if (ps->p >= ps->end) break;
            ps->p++;
        } else if (c == ';') {
            while (ps->p < ps->end && *ps->p != '\n') ps->p++;
        } else if (c == '(') {
            depth++;
        } else if (c == ')') {
            if (--depth == 0) return CHC_OK;
        }
    }
    return perr(ps, open, CHC_E_PGN_SYNTAX, open, 1, "%s", "unterminated variation");
}

/* Bytes that end a movetext token. */
static const unsigned char token_end[256] = {
    [' '] = 1, ['\n'] = 1, ['\t'] = 1, ['\r'] = 1, ['{'] = 1, ['}'] = 1, ['('] = 1, [')'] = 1,
    [';'] = 1, ['['] = 1, [']'] = 1, ['$'] = 1, ['\f'] = 1, ['\v'] = 1,
};

static inline int is_delim(char c) { return token_end[(unsigned char)c]; }

static int parse_game(parser *ps)
{
    chc_game *g = ps->g;
    chc_pgn_reader *r = ps->r;
    int rc;
    int mainline_only = (r->flags & CHC_PGN_MAINLINE_ONLY) != 0;
    /* Tags. */
    for (int ntags = 0;; ntags++) {
        skip_ws(ps);
        if (ps->p >= ps->end || *ps->p != '[') break;
        /* the skimmer starts a new game at a second "[Event " */
        if (ps->fast && ntags && ps->end - ps->p >= 7 && memcmp(ps->p, "[Event ", 7) == 0)
            return CHC_E_PGN_SYNTAX;
        rc = parse_tag(ps);
        if (rc != CHC_OK) return rc;
    }
    rc = setup_start(ps, ps->p < ps->end ? ps->p : ps->end);
    if (rc != CHC_OK) return rc;
    int d = 0;
    level *lv = &r->lv[0];
    lv->pos = g->start;
    lv->node = CHC_GAME_ROOT;
    lv->prev_node = CHC_GAME_NO_NODE;
    lv->moves = 0;
    int got_result = 0;
    for (;;) {
        skip_ws(ps);
        if (ps->p >= ps->end) break;
        const char *t = ps->p;
        char c = *t;
        if (c == '{') {
            const char *s = ++ps->p;
            long line0 = ps->line;
            const char *ls0 = ps->line_start;
            while (ps->p < ps->end && *ps->p != '}') {
                if (*ps->p == '\n') {
                    if (ps->fast && fast_resync(ps, ps->p)) return CHC_E_PGN_SYNTAX;
                    newline(ps, ps->p);
                }
                ps->p++;
            }
            if (ps->p >= ps->end) {
                ps->line = line0;
                ps->line_start = ls0;
                return perr(ps, t, CHC_E_PGN_SYNTAX, t, 1, "%s", "unterminated comment");
            }
            rc = add_comment(ps, lv, s, (size_t)(ps->p - s), d > 0 && lv->moves == 0);
            ps->p++;
            if (rc != CHC_OK) return perr(ps, t, rc, NULL, 0, "%s", chc_strerror(rc));
            continue;
        }
        if (c == ';') {
            const char *s = ++ps->p;
            while (ps->p < ps->end && *ps->p != '\n') ps->p++;
            rc = add_comment(ps, lv, s, (size_t)(ps->p - s), d > 0 && lv->moves == 0);
            if (rc != CHC_OK) return perr(ps, t, rc, NULL, 0, "%s", chc_strerror(rc));
            continue;
        }
        if (c == '(') {
            ps->p++;
            if (lv->moves == 0)
                return perr(ps, t, CHC_E_PGN_SYNTAX, t, 1, "%s", "variation before any move");
            if (mainline_only) {
                rc = skip_variation(ps, t);
                if (rc != CHC_OK) return rc;
                continue;
            }
            if (d + 1 >= MAX_DEPTH)
                return perr(ps, t, CHC_E_PGN_SYNTAX, t, 1, "%s", "variations nested too deep");
            level *nv = &r->lv[++d];
            nv->pos = lv->prev;
            nv->node = lv->prev_node;
            nv->prev_node = lv->prev_node; /* where a leading comment goes (before) */
            nv->moves = 0;
            nv->line = ps->line;
            nv->column = (long)(t - ps->line_start) + 1;
            nv->pending = 0;
            lv = nv;
            continue;
        }
        if (c == ')') {
            ps->p++;
            if (d == 0) return perr(ps, t, CHC_E_PGN_SYNTAX, t, 1, "%s", "')' without '('");
            lv = &r->lv[--d];
            continue;
        }
        if (c == '$') {
            ps->p++;
            int v = 0, nd = 0;
            while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9' && nd < 4) {
                v = v * 10 + (*ps->p++ - '0');
                nd++;
            }
            if (!nd || v > 255) {
                size_t tl = (size_t)(ps->p - t);
                if (ps->p < ps->end && !is_delim(*ps->p)) tl++;
                return perr(ps, t, CHC_E_PGN_SYNTAX, t, tl, "%s", "bad NAG");
            }
            if (lv->moves && !(r->flags & CHC_PGN_NO_COMMENTS)) chc_game_add_nag(g, lv->node, v);
            continue;
        }
        if (c == '[') {
            return perr(ps, t, CHC_E_PGN_SYNTAX, t, 1, "%s", "tag inside the movetext");
        }
        if (c == '}' || c == ']') {
            return perr(ps, t, CHC_E_PGN_SYNTAX, t, 1, "%s", "unexpected character");
        }
        /* A token. */
        {
            const char *q = ps->p, *end = ps->end;
            while (q < end && !token_end[(unsigned char)*q]) q++;
            ps->p = q;
        }
        /* "e8(Q)": a promotion written with brackets is not a variation. */
        if (ps->end - ps->p >= 3 && ps->p[0] == '(' && ps->p[2] == ')' && strchr("QRBNqrbn", ps->p[1]) &&
            ps->p[1] && ps->p > t && ps->p[-1] >= '1' && ps->p[-1] <= '8')
            ps->p += 3;
        size_t n = (size_t)(ps->p - t);
        /* Results. */
        if (is_result(t, n)) {
            if (d == 0) {
                g->result = t[0] == '*' ? CHC_RESULT_UNKNOWN
                          : t[1] == '/' ? CHC_RESULT_DRAW
                          : t[0] == '1' ? CHC_RESULT_WHITE_WINS : CHC_RESULT_BLACK_WINS;
                got_result = 1;
                if (ps->fast) {
                    /* The skimmer cuts here only if its token is the same: bytes it counts
                     * as a token's ('$', '\f', '\v') must not touch it, and more input must
                     * not be able to extend it. */
                    const char *lo = r->data + r->in.start;
                    if (t > lo && !sk_end[(unsigned char)t[-1]]) return CHC_E_PGN_SYNTAX;
                    if (ps->p < ps->end ? !sk_end[(unsigned char)*ps->p] : !r->in.eof)
                        return CHC_E_PGN_SYNTAX;
                    break;
                }
                skip_ws(ps);
                if (ps->p < ps->end) {
                    /* Only comments may follow (the skimmer cut the game here). */
                }
                break;
            }
            continue;
        }
        /* Move numbers: 12. 12... 12 ... and a move glued to its number (1.e4). */
        if (t[0] >= '1' && t[0] <= '9') {
            size_t k = 0;
            while (k < n && t[k] >= '0' && t[k] <= '9') k++;
            if (k == n) continue;
            if (t[k] == '.') {
                while (k < n && t[k] == '.') k++;
                if (k == n) continue;
                t += k;
                n -= k;
            }
        } else if (t[0] == '.') {
            size_t k = 0;
            while (k < n && t[k] == '.') k++;
            if (k == n) continue;
        }
        /* "exd6 e.p.": the en-passant mark written apart. */
        if ((n == 4 && memcmp(t, "e.p.", 4) == 0) || (n == 2 && memcmp(t, "ep", 2) == 0)) {
            if (lv->moves) continue;
        }
        /* A lone annotation (e4 !?) is a NAG of the last move. */
        if (t[0] == '!' || t[0] == '?') {
            int nag = 0;
            if (n <= 2) {
                nag = n == 1 ? (t[0] == '!' ? 1 : 2)
                    : t[0] == '!' ? (t[1] == '!' ? 3 : t[1] == '?' ? 5 : 0)
                    : (t[1] == '?' ? 4 : t[1] == '!' ? 6 : 0);
            }
            if (!nag) return perr(ps, t, CHC_E_PGN_SYNTAX, t, n, "%s", "bad annotation");
            if (lv->moves && !(r->flags & CHC_PGN_NO_COMMENTS)) chc_game_add_nag(g, lv->node, nag);
            continue;
        }
        /* A move. */
        chci_san s;
        chc_move m;
        chc_diag md;
        md.message[0] = 0;
        rc = chci_san_split(t, n, &s, &md);
        if (rc != CHC_OK) {
            /* Figurine pieces (U+2654..U+265F) as letters. */
            char fig[64];
            size_t fn = chci_san_figurines(t, n, fig, sizeof fig);
            if (fn && chci_san_split(fig, fn, &s, NULL) == CHC_OK) rc = CHC_OK;
        }
        if (rc == CHC_OK) rc = chci_san_resolve(&lv->pos, &s, t, n, &m, &md);
        if (rc != CHC_OK && n >= 4 && n <= 5) {
            /* UCI moves in place of SAN (e2e4, e1g1, e7e8q). */
            char u[6];
            memcpy(u, t, n);
            u[n] = 0;
            if (chc_move_from_uci(&lv->pos, u, &m, NULL) == CHC_OK) {
                rc = CHC_OK;
                s.nag = 0;
            }
        }
        if (rc != CHC_OK) {
            char fen[CHC_FEN_MAX];
            chc_position_to_fen(&lv->pos, fen, sizeof fen, 0);
            const char *why = rc == CHC_E_MOVE_SYNTAX ? "not a move"
                            : rc == CHC_E_MOVE_AMBIGUOUS ? "ambiguous move in %s"
                            : "illegal move in %s";
            char w[160];
            snprintf(w, sizeof w, why, fen);
            if (rc == CHC_E_MOVE_SYNTAX) {
                const char *colon = strstr(md.message, ": ");
                snprintf(w, sizeof w, "not a move (%s)", colon ? colon + 2 : "malformed");
            }
            return perr(ps, t, rc, t, n, "%s", w);
        }
        uint32_t parent = lv->node;
        uint32_t id = chci_game_add(g, parent, m);
        if (id == CHC_GAME_NO_NODE)
            return perr(ps, t, CHC_E_LIMIT, t, n, "%s", "too many moves");
        if (lv->pending) {
            g->nodes[id].comment[1] = lv->pending;
            lv->pending = 0;
        }
        if (s.nag && !(r->flags & CHC_PGN_NO_COMMENTS)) chc_game_add_nag(g, id, s.nag);
        if (!mainline_only) lv->prev = lv->pos;
        lv->prev_node = parent;
        lv->node = id;
        lv->moves++;
        if (m == CHC_MOVE_NULL) {
            chc_undo u;
            chc_make_null(&lv->pos, &u);
        } else {
            chc_undo u;
            chc_make_move(&lv->pos, m, &u);
        }
        if (d == 0) ps->ply++;
    }
    g->tail = r->lv[0].pos;
    g->tail_ok = 1;
    ps->got_result = got_result;
    if (d > 0) {
        ps->line = r->lv[1].line;
        return perr(ps, ps->line_start + r->lv[1].column - 1, CHC_E_PGN_SYNTAX, NULL, 0, "%s",
                    "unterminated variation");
    }
    if (!got_result) {
        const char *res = chc_game_tag(g, "Result");
        if (res) {
            if (strcmp(res, "1-0") == 0) g->result = CHC_RESULT_WHITE_WINS;
            else if (strcmp(res, "0-1") == 0) g->result = CHC_RESULT_BLACK_WINS;
            else if (strcmp(res, "1/2-1/2") == 0) g->result = CHC_RESULT_DRAW;
        }
    }
    return CHC_OK;
}

/* The one-pass read (see the top of the file). Returns CHC_OK with the game read and the
 * reader past it, or non-zero to have the caller run the two passes from the same place. */
static int read_fast(chc_pgn_reader *r, chc_game *g)
{
    if (r->one_game || !r->bom_done || r->in.err) return 1;
    /* No read here: a game cut by the buffer's end has no visible result token, so the two
     * passes read it (once a buffer, about every 500 games on real files); reading ahead here
     * would move the buffered bytes at every game when the input comes in small pieces. */
    if (!skip_space(r)) return 1;
    chc_game_reset(g, NULL);
    parser ps;
    memset(&ps, 0, sizeof ps);
    ps.r = r;
    ps.g = g;
    ps.base = ps.p = ps.line_start = r->data + r->in.start;
    ps.end = r->data + r->in.end;
    ps.line = r->line;
    ps.base_offset = r->in.consumed + r->in.start;
    ps.fast = 1;
    r->game_no++; /* as the parser's messages would name it */
    int rc = parse_game(&ps);
    size_t len = (size_t)(ps.p - ps.base);
    if (rc != CHC_OK || !ps.got_result || len > CHC_PGN_MAX_GAME_BYTES) {
        r->game_no--;
        return 1;
    }
    r->game_line = r->line;
    r->in.start += len;
    if (r->in.start >= r->in.end) r->to_end = 1;
    r->line = ps.line;
    r->truncated = 0;
    g->termination = chc_game_tag(g, "Termination") ? CHCI_TERM_FROM_TAG : CHC_TERM_NONE;
    return CHC_OK;
}

int chc_pgn_read_game(chc_pgn_reader *r, chc_game *g, chc_diag *diag)
{
    if (read_fast(r, g) == CHC_OK) return CHC_OK;
    for (;;) {
        size_t off = 0, len = 0;
        long line = 0;
        int rc = next_game(r, &off, &len, &line);
        chc_game_reset(g, NULL);
        if (rc == CHC_E_LIMIT)
            return chci_fail(diag, CHC_E_LIMIT, -1, line, 1, -1,
                             "game %ld, line %ld: game larger than %u bytes (skipped)", r->game_no,
                             line, CHC_PGN_MAX_GAME_BYTES);
        r->truncated = 0;
        if (rc == CHC_E_GAME_END)
            return chci_fail(diag, rc, (long)chc_pgn_reader_bytes(r), r->line, 0, -1,
                             "end of input after %ld games", r->game_no);
        if (rc != CHC_OK)
            return chci_fail(diag, rc, (long)chc_pgn_reader_bytes(r), r->line, 0, -1,
                             "game %ld: %s", r->game_no + 1,
                             rc == CHC_E_IO ? "reading the input failed" : chc_strerror(rc));
        parser ps;
        ps.r = r;
        ps.g = g;
        ps.diag = diag;
        ps.base = ps.p = r->data + off;
        ps.end = ps.p + len;
        ps.line_start = ps.p;
        ps.line = line;
        ps.base_offset = r->in.consumed + off;
        ps.depth = 0;
        ps.ply = 0;
        ps.got_result = 0;
        ps.fast = 0;
        ps.var_at = ps.var_ls = ps.fen_at = ps.fen_ls = NULL;
        ps.var_line = ps.fen_line = 0;
        int saved = diag ? diag->code : 0;
        if (diag) diag->code = -1; /* to see whether the parser filled it */
        rc = parse_game(&ps);
        if (rc == CHC_OK && diag) diag->code = saved;
        if (rc != CHC_OK && diag && diag->code != rc)
            chci_fail(diag, rc, (long)(ps.base_offset + (uint64_t)(ps.p - ps.base)), ps.line, 0,
                      ps.ply, "game %ld, line %ld: %s", r->game_no, ps.line, chc_strerror(rc));
        /* Cut off: the game ran to the end of the input without a result token. */
        r->truncated = !ps.got_result && r->in.eof && r->in.start >= r->in.end && !r->in.err;
        if (rc != CHC_OK) return rc;
        g->termination = chc_game_tag(g, "Termination") ? CHCI_TERM_FROM_TAG : CHC_TERM_NONE;
        /* Text with neither tags nor moves (a comment after a result) is not a game. */
        if (g->ntags == 0 && g->nnodes == 1 && !ps.got_result) {
            if (!r->number_raw) r->game_no--;
            continue;
        }
        return CHC_OK;
    }
}
