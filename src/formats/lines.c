/* One-line games: SAN and UCI lines with an optional start and result
 * (docs/formats/lines.md):
 *     [position] [chess960] [startpos | fen FEN] [moves] m1 m2 ... [1-0 | 0-1 | 1/2-1/2 | *]
 * "moves" is needed after a start when moves follow; plain "e4 e5 Nf3" stays valid. */
#include <stdio.h>
#include <string.h>

#include "common/diag.h"
#include "formats/formats.h"

/* ---- small helpers shared by the layer -------------------------------------------------- */
int chci_fmt_space(int c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

const char *chci_fmt_trim(const char *src, size_t *len)
{
    size_t n = *len;
    if (n >= 3 && memcmp(src, "\xEF\xBB\xBF", 3) == 0) src += 3, n -= 3;
    while (n && chci_fmt_space((unsigned char)*src)) src++, n--;
    while (n && chci_fmt_space((unsigned char)src[n - 1])) n--;
    *len = n;
    return src;
}

void chci_out_put(chci_out *o, const char *s, size_t n)
{
    if (o->len < o->cap && n) {
        size_t room = o->cap - o->len;
        memcpy(o->dst + o->len, s, n < room ? n : room);
    }
    o->len += n;
}

void chci_out_puts(chci_out *o, const char *s) { chci_out_put(o, s, strlen(s)); }

int chci_out_end(chci_out *o, size_t *dst_len)
{
    if (dst_len) *dst_len = o->len;
    if (o->len + 1 > o->cap) {
        if (o->cap) o->dst[0] = 0;
        return CHC_E_BUFFER_TOO_SMALL;
    }
    o->dst[o->len] = 0;
    return CHC_OK;
}

/* ---- words ------------------------------------------------------------------------------ */
typedef struct word {
    const char *p;
    size_t n;
} word;

static int next_word(const char **p, const char *end, word *w)
{
    const char *s = *p;
    while (s < end && chci_fmt_space((unsigned char)*s)) s++;
    if (s >= end) return 0;
    w->p = s;
    while (s < end && !chci_fmt_space((unsigned char)*s)) s++;
    w->n = (size_t)(s - w->p);
    *p = s;
    return 1;
}

static int is_kw(const word *w, const char *kw)
{
    return w->n == strlen(kw) && memcmp(w->p, kw, w->n) == 0;
}

int chci_line_result(const char *w, size_t n)
{
    if (n == 3 && memcmp(w, "1-0", 3) == 0) return CHC_RESULT_WHITE_WINS;
    if (n == 3 && memcmp(w, "0-1", 3) == 0) return CHC_RESULT_BLACK_WINS;
    if (n == 7 && memcmp(w, "1/2-1/2", 7) == 0) return CHC_RESULT_DRAW;
    if (n == 1 && w[0] == '*') return CHC_RESULT_UNKNOWN;
    return -1;
}

int chci_line_keyword_start(const char *src, size_t len)
{
    const char *p = src;
    word w;
    if (!next_word(&p, src + len, &w)) return 0;
    return is_kw(&w, "position") || is_kw(&w, "chess960") || is_kw(&w, "startpos") ||
           is_kw(&w, "fen") || is_kw(&w, "moves");
}

static int uci_word(const char *w, size_t n)
{
    if (n == 4 && memcmp(w, "0000", 4) == 0) return 1;
    if (n != 4 && n != 5) return 0;
    if (w[0] < 'a' || w[0] > 'h' || w[1] < '1' || w[1] > '8') return 0;
    if (w[2] < 'a' || w[2] > 'h' || w[3] < '1' || w[3] > '8') return 0;
    return n == 4 || (w[4] && strchr("qrbn", w[4]) != NULL);
}

/* Non-zero for 1 to 6 decimal digits (a FEN counter). */
static int all_digits(const char *w, size_t n)
{
    if (n == 0 || n > 6) return 0;
    for (size_t i = 0; i < n; i++)
        if (w[i] < '0' || w[i] > '9') return 0;
    return 1;
}

/* Length of a leading move number ("12.", "12...") in w, or 0. */
static size_t move_number(const char *w, size_t n)
{
    size_t k = 0;
    if (n && w[0] == '0') return 0; /* "0000" is the null move, not a number */
    while (k < n && w[k] >= '0' && w[k] <= '9') k++;
    if (k == 0 || k == n || w[k] != '.') return k == n && k > 0 && k < 5 ? k : 0;
    while (k < n && w[k] == '.') k++;
    return k;
}

int chci_line_word_movelike(const char *w, size_t n)
{
    if (n == 0 || n > 10) return 0;
    if (uci_word(w, n) || move_number(w, n) || chci_line_result(w, n) >= 0) return 1;
    if ((n == 2 && (memcmp(w, "--", 2) == 0 || memcmp(w, "Z0", 2) == 0))) return 1;
    if (w[0] == 'O' || w[0] == '0') return n >= 3 && w[1] == '-';
    if ((unsigned char)w[0] == 0xE2) return 1; /* a figurine */
    if (!w[0] || !strchr("NBRQKPabcdefgh", w[0])) return 0;
    int digit = 0;
    for (size_t i = 1; i < n; i++) {
        if (w[i] >= '1' && w[i] <= '9') digit = 1;
        else if (!w[i] || !strchr("NBRQKPabcdefghx=+#!?-:()/.", w[i])) return 0;
    }
    return digit;
}

static int line_fail(chc_diag *diag, int code, const char *src, const word *w, long ply,
                     const char *label, const char *fmt, const char *why)
{
    long off = w ? (long)(w->p - src) : 0;
    char what[160];
    snprintf(what, sizeof what, fmt, why);
    if (w)
        return chci_fail(diag, code, off, 1, off + 1, ply, "%s, column %ld: '%.*s': %s", label,
                         off + 1, (int)(w->n > 24 ? 24 : w->n), w->p, what);
    return chci_fail(diag, code, off, 1, 0, ply, "%s: %s", label, what);
}

/* ---- reading ---------------------------------------------------------------------------- */
int chci_line_read(const char *src, size_t len, int format, chc_game *g, int *found,
                   chc_diag *diag)
{
    const char *end = src + len, *p = src;
    const char *label = format == CHC_FORMAT_UCI_LINE ? "UCI line"
                      : format == CHC_FORMAT_SAN_LINE ? "SAN line" : "line";
    word w;
    int have = next_word(&p, end, &w);
    chc_position start;
    chc_position_startpos(&start);
    int c960 = 0, has_start = 0;
    chc_game_reset(g, NULL);
    if (found) *found = format ? format : CHC_FORMAT_SAN_LINE;
    if (!have) return chci_fail(diag, CHC_E_EMPTY, 0, 1, 0, -1, "%s: empty", label);
    if (is_kw(&w, "position")) have = next_word(&p, end, &w);
    if (have && is_kw(&w, "chess960")) {
        c960 = 1;
        chc_position_chess960(&start, 518);
        have = next_word(&p, end, &w);
    }
    if (have && is_kw(&w, "startpos")) {
        has_start = 1;
        have = next_word(&p, end, &w);
    } else if (have && is_kw(&w, "fen")) {
        word fw = w;
        char fen[128];
        size_t fl = 0;
        int fields = 0;
        const char *q = p;
        word f;
        /* Four fields, then two counters when they are numbers. */
        while (fields < 6 && next_word(&q, end, &f)) {
            if (is_kw(&f, "moves") || (fields >= 4 && !all_digits(f.p, f.n))) break;
            if (fl + f.n + 1 >= sizeof fen)
                return line_fail(diag, CHC_E_LINE_SYNTAX, src, &f, -1, label, "%s",
                                 "start FEN too long");
            if (fl) fen[fl++] = ' ';
            memcpy(fen + fl, f.p, f.n);
            fl += f.n;
            fields++;
            p = q;
        }
        fen[fl] = 0;
        if (fields < 4)
            return line_fail(diag, CHC_E_LINE_SYNTAX, src, &fw, -1, label, "%s",
                             "'fen' needs a FEN of 4 or 6 fields");
        chc_diag fd = CHC_DIAG_INIT;
        int rc = chc_position_from_fen(&start, fen, c960 ? CHC_FEN_CHESS960 : 0, &fd);
        if (rc != CHC_OK) return line_fail(diag, rc, src, &fw, -1, label, "bad start FEN: %s",
                                           fd.message);
        has_start = 1;
        have = next_word(&p, end, &w);
    }
    if (have && is_kw(&w, "moves")) {
        have = next_word(&p, end, &w);
    } else if (has_start && have && chci_line_result(w.p, w.n) < 0) {
        return line_fail(diag, CHC_E_LINE_SYNTAX, src, &w, -1, label, "%s",
                         "'moves' must follow the start");
    }
    chc_game_reset(g, &start);
    /* Which moves: UCI when asked, or (AUTO) when every move word is UCI. */
    int uci = format == CHC_FORMAT_UCI_LINE;
    if (format == CHC_FORMAT_AUTO) {
        const char *q = w.p;
        word m;
        int any = 0;
        uci = have;
        while (uci && next_word(&q, end, &m)) {
            if (chci_line_result(m.p, m.n) >= 0 || move_number(m.p, m.n) == m.n) continue;
            if (!uci_word(m.p, m.n)) uci = 0;
            any = 1;
        }
        uci = uci && any;
        label = uci ? "UCI line" : "SAN line";
    }
    if (found) *found = uci ? CHC_FORMAT_UCI_LINE : CHC_FORMAT_SAN_LINE;
    const chc_position *pos = chc_game_current(g);
    long ply = 0;
    for (; have; have = next_word(&p, end, &w)) {
        int res = chci_line_result(w.p, w.n);
        if (res >= 0) {
            word rest;
            const char *q = p;
            if (next_word(&q, end, &rest))
                return line_fail(diag, CHC_E_LINE_SYNTAX, src, &w, ply, label, "%s",
                                 "a result must end the line");
            chc_game_set_result(g, res);
            break;
        }
        size_t k = move_number(w.p, w.n);
        if (k == w.n) continue;
        word mv = {w.p + k, w.n - k};
        chc_move m;
        chc_diag md = CHC_DIAG_INIT;
        int rc;
        if (uci) {
            char u[8];
            if (mv.n == 4 && memcmp(mv.p, "0000", 4) == 0) {
                m = CHC_MOVE_NULL; /* chc_game_push refuses it in check */
                rc = CHC_OK;
                if (pos->checkers) snprintf(md.message, sizeof md.message, "null move in check");
            } else if (mv.n > 5 || mv.n < 4) {
                rc = CHC_E_MOVE_SYNTAX;
                snprintf(md.message, sizeof md.message, "not a UCI move");
            } else {
                memcpy(u, mv.p, mv.n);
                u[mv.n] = 0;
                rc = chc_move_from_uci(pos, u, &m, &md);
            }
        } else {
            rc = chc_move_from_san_n(pos, mv.p, mv.n, &m, &md);
        }
        if (rc == CHC_OK) rc = chc_game_push(g, m);
        if (rc != CHC_OK) {
            char why[150];
            snprintf(why, sizeof why, "ply %ld: %s", ply + 1,
                     md.message[0] ? md.message : chc_strerror(rc));
            return line_fail(diag, rc, src, &mv, ply, label, "%s", why);
        }
        pos = chc_game_current(g);
        ply++;
    }
    return CHC_OK;
}

/* ---- writing ---------------------------------------------------------------------------- */
int chci_line_write(const chc_game *g, int format, char *dst, size_t dst_cap, size_t *dst_len,
                    chc_diag *diag)
{
    chci_out o = {dst, dst_cap, 0};
    const chc_position *start = chc_game_start(g);
    chc_position std;
    chc_position_startpos(&std);
    int std_board = chc_position_same(start, &std) && start->halfmove == 0 &&
                    start->fullmove == 1;
    size_t n = chc_game_ply_count(g);
    int prefix = !std_board || start->chess960;
    if (start->chess960) chci_out_puts(&o, "chess960 ");
    if (std_board && (prefix || n == 0)) {
        chci_out_puts(&o, "startpos");
    } else if (!std_board) {
        char fen[CHC_FEN_MAX];
        chc_position_to_fen(start, fen, sizeof fen, 0);
        chci_out_puts(&o, "fen ");
        chci_out_puts(&o, fen);
    }
    if (prefix && n) chci_out_puts(&o, " moves");
    chc_position pos = *start;
    for (size_t i = 0; i < n; i++) {
        chc_move m = chc_game_move(g, i);
        char buf[CHC_SAN_MAX];
        size_t k;
        if (format == CHC_FORMAT_UCI_LINE) {
            if (m == CHC_MOVE_NULL) {
                memcpy(buf, "0000", 5);
                k = 4;
            } else {
                k = chc_move_to_uci(&pos, m, buf);
            }
        } else {
            k = chc_move_to_san(&pos, m, buf);
            chc_undo u;
            if (m == CHC_MOVE_NULL)
                chc_make_null(&pos, &u);
            else
                chc_make_move(&pos, m, &u);
        }
        if (i || o.len) chci_out_put(&o, " ", 1);
        chci_out_put(&o, buf, k);
    }
    int r = chc_game_result(g);
    if (r != CHC_RESULT_UNKNOWN) {
        if (o.len) chci_out_put(&o, " ", 1);
        chci_out_puts(&o, chc_result_string(r));
    }
    int rc = chci_out_end(&o, dst_len);
    if (rc != CHC_OK)
        chci_fail(diag, rc, -1, 0, 0, -1, "%s: %zu bytes needed, %zu given",
                  format == CHC_FORMAT_UCI_LINE ? "UCI line" : "SAN line", o.len + 1, dst_cap);
    return rc;
}
