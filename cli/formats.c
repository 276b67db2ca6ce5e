/* The one place the command line reads, writes and detects formats: every command and the
 * server go through it, so the same text means the same thing everywhere. The names are the
 * library's (enum chc_format); when the library's formats layer (chc_position_read/write,
 * chc_game_read/write, chc_detect) is on main, this table becomes calls to it. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void fail(chc_diag *d, int code, const char *what)
{
    if (!d) return;
    d->code = code;
    snprintf(d->message, sizeof d->message, "%.191s", what);
}

/* ---- FEN -------------------------------------------------------------------------------- */
static int fen_read(const char *t, size_t n, chc_position *pos, chc_read_info *info, chc_diag *d)
{
    (void)info;
    char buf[256];
    if (n >= sizeof buf) n = sizeof buf - 1;
    memcpy(buf, t, n);
    buf[n] = 0;
    return chc_position_from_fen(pos, buf, 0, d);
}

static int fen_write(const chc_position *pos, unsigned flags, char *dst, size_t cap, size_t *len,
                     chc_diag *d)
{
    (void)d;
    size_t n = chc_position_to_fen(pos, dst, cap, flags);
    if (len) *len = n;
    return n ? CHC_OK : CHC_E_BUFFER_TOO_SMALL;
}

/* ---- one game a line: moves in SAN or UCI (move numbers and a result allowed) ----------------- */
static int is_result(const char *w, size_t n, int *result)
{
    static const char *const r[] = {"*", "1-0", "0-1", "1/2-1/2"};
    for (int i = 0; i < 4; i++)
        if (strlen(r[i]) == n && memcmp(w, r[i], n) == 0) return *result = i, 1;
    return 0;
}

static int words_read(const char *t, size_t n, const chc_position *start, chc_game *g,
                      chc_diag *d, int uci)
{
    chc_game_reset(g, start);
    chc_position pos = *chc_game_start(g);
    const char *p = t, *end = t + n;
    for (size_t ply = 0;; ply++) {
        while (p < end && isspace((unsigned char)*p)) p++;
        if (p == end) return CHC_OK;
        const char *w = p;
        while (p < end && !isspace((unsigned char)*p)) p++;
        size_t k = 0, wn = (size_t)(p - w);
        while (k < wn && isdigit((unsigned char)w[k])) k++;
        if (k && k < wn && w[k] == '.') { /* "12." "12..." (glued to the move: "1.e4") */
            while (k < wn && w[k] == '.') k++;
            w += k, wn -= k;
        }
        int result;
        if (wn == 0 || (is_result(w, wn, &result) && (chc_game_set_result(g, result), 1))) {
            ply--;
            continue;
        }
        chc_move m;
        char buf[16];
        int rc;
        if (uci) {
            if (wn >= sizeof buf) wn = sizeof buf - 1;
            memcpy(buf, w, wn);
            buf[wn] = 0;
            rc = strcmp(buf, "0000") == 0 ? (m = CHC_MOVE_NULL, CHC_OK) : chc_move_from_uci(&pos, buf, &m, d);
        } else {
            rc = chc_move_from_san_n(&pos, w, wn, &m, d);
        }
        if (rc == CHC_OK) rc = chc_game_push(g, m);
        if (rc != CHC_OK) {
            if (d) d->index = (long)ply, d->column = (long)(w - t) + 1;
            return rc;
        }
        chc_game_position(g, ply + 1, &pos);
    }
}

static int san_read(const char *t, size_t n, chc_game *g, chc_read_info *info, chc_diag *d)
{
    (void)info;
    return words_read(t, n, NULL, g, d, 0);
}

static int uci_read(const char *t, size_t n, chc_game *g, chc_read_info *info, chc_diag *d)
{
    (void)info;
    return words_read(t, n, NULL, g, d, 1);
}

static int words_write(const chc_game *g, char *dst, size_t cap, size_t *len, int uci)
{
    size_t n = chc_game_ply_count(g), o = 0;
    chc_position pos = *chc_game_start(g);
    for (size_t i = 0; i < n; i++) {
        char mv[CHC_SAN_MAX + 1];
        chc_move m = chc_game_move(g, i);
        size_t k = m == CHC_MOVE_NULL && uci ? (memcpy(mv, "0000", 5), 4)
                   : uci ? chc_move_to_uci(&pos, m, mv) : chc_move_to_san(&pos, m, mv);
        if (o + k + 2 <= cap) {
            if (i) dst[o] = ' ';
            memcpy(dst + o + (i > 0), mv, k);
        }
        o += k + (i > 0);
        chc_game_position(g, i + 1, &pos);
    }
    if (len) *len = o;
    if (o + 1 > cap) {
        if (cap) dst[0] = 0;
        return CHC_E_BUFFER_TOO_SMALL;
    }
    dst[o] = 0;
    return CHC_OK;
}

static int san_write(const chc_game *g, unsigned flags, char *dst, size_t cap, size_t *len,
                     chc_diag *d)
{
    (void)flags, (void)d;
    return words_write(g, dst, cap, len, 0);
}

static int uci_write(const chc_game *g, unsigned flags, char *dst, size_t cap, size_t *len,
                     chc_diag *d)
{
    (void)flags, (void)d;
    return words_write(g, dst, cap, len, 1);
}

/* ---- PGN: the first game of the text ----------------------------------------------------- */
static int pgn_read(const char *t, size_t n, chc_game *g, chc_read_info *info, chc_diag *d)
{
    (void)info;
    chc_pgn_reader *r = chc_pgn_reader_new_mem(t, n, 0, 1, 1);
    int rc = r ? chc_pgn_read_game(r, g, d) : CHC_E_NO_MEMORY;
    chc_pgn_reader_free(r);
    if (rc == CHC_E_GAME_END) fail(d, CHC_E_PGN_SYNTAX, "PGN: no game in the text");
    return rc == CHC_E_GAME_END ? CHC_E_PGN_SYNTAX : rc;
}

/* ---- detectors: is the text plausibly in this format? ------------------------------------- */
static int all_of(const char *t, size_t n, const char *set)
{
    for (size_t i = 0; i < n; i++)
        if (!t[i] || !strchr(set, t[i])) return 0;
    return n > 0;
}
#define B64URL "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
static int covert_detect(const char *t, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t used;
        if ((unsigned char)t[i] >= 0x80 && chc_covert_match(t + i, n - i, &used) >= 0) return 1;
    }
    return 0;
}
static int mscs_detect(const char *t, size_t n) { return n == 32 && all_of(t, n, B64URL "+/"); }
static int hex_detect(const char *t, size_t n) { return n == 48 && all_of(t, n, "0123456789abcdefABCDEF"); }
static int packpos_detect(const char *t, size_t n) { return n == 26 && all_of(t, n, B64URL); }
static int fen_detect(const char *t, size_t n) { return memchr(t, '/', n) != NULL; }
static int b64url_detect(const char *t, size_t n) { return all_of(t, n, B64URL); }

/* Every word a move (or a move number or result) of this notation. */
static int words_detect(const char *t, size_t n, int uci)
{
    const char *p = t, *end = t + n;
    int words = 0;
    while (p < end) {
        while (p < end && isspace((unsigned char)*p)) p++;
        const char *w = p;
        while (p < end && !isspace((unsigned char)*p)) p++;
        size_t k = (size_t)(p - w);
        if (!k) break;
        words++;
        if (uci && !((k == 4 || k == 5) && w[0] >= 'a' && w[0] <= 'h' && w[1] >= '1' &&
                     w[1] <= '8' && w[2] >= 'a' && w[2] <= 'h' && w[3] >= '1' && w[3] <= '8') &&
            !(k == 4 && memcmp(w, "0000", 4) == 0))
            return 0;
        if (!uci && (k > 12 || !strchr("NBRQKabcdefghO0-Z123456789*", *w))) return 0;
    }
    return words > 0;
}
static int uci_detect(const char *t, size_t n) { return words_detect(t, n, 1); }
static int san_detect(const char *t, size_t n) { return words_detect(t, n, 0); }

/* PGN when the text starts with a tag, a comment or a move number ("1."). */
static int pgn_detect(const char *t, size_t n)
{
    size_t i = 0;
    if (n >= 3 && memcmp(t, "\xEF\xBB\xBF", 3) == 0) i = 3;
    while (i < n && isspace((unsigned char)t[i])) i++;
    if (i < n && strchr("[{;%", t[i])) return 1;
    size_t k = i;
    while (k < n && isdigit((unsigned char)t[k])) k++;
    return k > i && k < n && t[k] == '.';
}

/* ---- the table: detection order ------------------------------------------------------------ */
static const cli_format formats[] = {
    {"pgn", "PGN", CHC_KIND_GAME, pgn_detect, NULL, pgn_read, NULL, chc_pgn_write},
    {"covert", "Covert", CHC_KIND_POSITION, covert_detect, chc_covert_read, NULL, chc_covert_write, NULL},
    {"mscs", "MSCS", CHC_KIND_POSITION, mscs_detect, chc_mscs_read, NULL, chc_mscs_write, NULL},
    {"mscs-hex", "MSCS hex", CHC_KIND_POSITION, hex_detect, chc_mscs_read, NULL, chc_mscs_write, NULL},
    {"fen", "FEN", CHC_KIND_POSITION, fen_detect, fen_read, NULL, fen_write, NULL},
    {"uci", "UCI", CHC_KIND_GAME, uci_detect, NULL, uci_read, NULL, uci_write},
    {"san", "SAN", CHC_KIND_GAME, san_detect, NULL, san_read, NULL, san_write},
    {"urlsafe", "URL", CHC_KIND_GAME, b64url_detect, NULL, chc_urlsafe_read, NULL, chc_urlsafe_write},
    {"pack-game", "Pack game", CHC_KIND_GAME, b64url_detect, NULL, chc_pack_game_read, NULL,
     chc_pack_game_write},
    {"pack-position", "Pack pos", CHC_KIND_POSITION, packpos_detect, chc_pack_position_read, NULL,
     chc_pack_position_write, NULL},
    {NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL}};

const cli_format *cli_format_at(size_t i)
{
    return i < sizeof formats / sizeof formats[0] - 1 ? &formats[i] : NULL;
}

const cli_format *cli_format_find(const char *name, unsigned kinds)
{
    if (name && strcmp(name, "pack") == 0)
        name = kinds == CHC_KIND_POSITION ? "pack-position" : "pack-game";
    for (const cli_format *f = formats; name && f->name; f++)
        if (strcmp(f->name, name) == 0 && (f->kind & kinds)) return f;
    return NULL;
}

void cli_format_names(char *buf, size_t cap, unsigned kinds, const char *sep)
{
    size_t n = 0;
    if (cap) buf[0] = 0;
    for (const cli_format *f = formats; f->name; f++) {
        if (!(f->kind & kinds)) continue;
        int w = snprintf(buf + n, cap - n, "%s%s", n ? sep : "", f->name);
        if (w < 0 || (size_t)w >= cap - n) return;
        n += (size_t)w;
    }
}

/* ---- reading -------------------------------------------------------------------------------- */
static void trim(const char **t, size_t *n)
{
    while (*n && isspace((unsigned char)**t)) (*t)++, (*n)--;
    while (*n && isspace((unsigned char)(*t)[*n - 1])) (*n)--;
}

/* Reads with the formats of `kinds` (one named, or each plausible one in turn). */
static int read_any(const char *t, size_t n, const char *format, unsigned kinds,
                    const chc_position *start, chc_position *pos, chc_game *g,
                    const char **what, chc_diag *d)
{
    trim(&t, &n);
    const cli_format *forced = format ? cli_format_find(format, kinds) : NULL;
    if (format && !forced) {
        char names[256], msg[400];
        cli_format_names(names, sizeof names, kinds, ", ");
        snprintf(msg, sizeof msg, "unknown format '%.40s' (known: %s)", format, names);
        fail(d, CHC_E_ARGUMENT, msg);
        return CHC_E_ARGUMENT;
    }
    if (!format && n == 8 && memcmp(t, "startpos", 8) == 0) {
        chc_position_startpos(pos);
        if (g) chc_game_reset(g, pos);
        if (what) *what = "fen";
        return CHC_OK;
    }
    if (n == 0) {
        fail(d, CHC_E_EMPTY, "empty input");
        return CHC_E_EMPTY;
    }
    int first_rc = CHC_E_FORMAT;
    chc_diag first = CHC_DIAG_INIT;
    const cli_format *first_f = NULL;
    for (const cli_format *f = formats; f->name; f++) {
        if (forced ? f != forced : !(f->kind & kinds) || !f->detect(t, n)) continue;
        chc_diag fd = CHC_DIAG_INIT;
        int rc = f->read_pos ? f->read_pos(t, n, pos, NULL, &fd)
                 : start && (f->read_game == san_read || f->read_game == uci_read)
                     ? words_read(t, n, start, g, &fd, f->read_game == uci_read)
                     : f->read_game(t, n, g, NULL, &fd);
        if (rc == CHC_OK) {
            if (f->read_pos && g) chc_game_reset(g, pos);
            if (!f->read_pos && pos) chc_game_position(g, chc_game_ply_count(g), pos);
            if (what) *what = f->name;
            return CHC_OK;
        }
        if (rc == CHC_E_NO_MEMORY) return rc;
        /* the first plausible format's error; but a word of the URL-safe alphabet that is no
         * SAN move is best explained as urlsafe */
        if (!first_f || (strcmp(first_f->name, "san") == 0 && strcmp(f->name, "urlsafe") == 0)) {
            first_rc = rc;
            first = fd;
            first_f = f;
        }
    }
    if (!first_f && !memchr(t, ' ', n) && (t[0] & 0x80) == 0 && (kinds & CHC_KIND_POSITION)) {
        /* a word of no format: most likely a damaged MSCS code, whose reader says what is wrong */
        first_f = cli_format_find("mscs", kinds);
        first_rc = chc_mscs_read(t, n, pos, NULL, &first);
    } else if (!first_f) {
        fail(&first, CHC_E_FORMAT, kinds == CHC_KIND_POSITION ? "not a position in any known format"
                                                                : "not a position or game in any known format");
    }
    if (what) *what = first_f ? first_f->name : NULL;
    if (d) *d = first;
    return first_rc;
}

int cli_read_position(const char *text, const char *format, chc_position *pos,
                      const char **what, chc_diag *diag)
{
    chc_game *g = NULL;
    if (format && !cli_format_find(format, CHC_KIND_POSITION) && cli_format_find(format, CHC_KIND_GAME) &&
        !(g = chc_game_new()))
        return CHC_E_NO_MEMORY;
    int rc = read_any(text, strlen(text), format, g ? CHC_KIND_GAME : CHC_KIND_POSITION, NULL, pos,
                      g, what, diag);
    chc_game_free(g);
    return rc;
}

int cli_read_game(const char *text, size_t len, const char *format, const chc_position *start,
                  chc_game *g, const char **what, chc_diag *diag)
{
    chc_position pos;
    return read_any(text, len, format, CHC_KIND_POSITION | CHC_KIND_GAME, start, &pos, g, what,
                    diag);
}

void cli_rule_result(chc_game *g)
{
    int o = chc_game_outcome(g);
    if (chc_game_result(g) != CHC_RESULT_UNKNOWN || o == CHC_OUTCOME_NONE ||
        o == CHC_OUTCOME_FIFTY || o == CHC_OUTCOME_THREEFOLD)
        return;
    chc_position end;
    chc_game_position(g, chc_game_ply_count(g), &end);
    chc_game_set_result(g, chc_outcome_result(o, &end));
}

int cli_position_arg(const char *text, int chess960, chc_position *pos, chc_diag *diag)
{
    int rc = cli_read_position(text, NULL, pos, NULL, diag);
    if (rc == CHC_OK && chess960 && !chc_is_chess960(pos)) {
        char fen[CHC_FEN_MAX];
        chc_position_to_fen(pos, fen, sizeof fen, 0);
        rc = chc_position_from_fen(pos, fen, CHC_FEN_CHESS960, diag);
    }
    return rc;
}

/* ---- writing -------------------------------------------------------------------------------- */
int cli_write_position(const chc_position *pos, const cli_format *f, unsigned flags, char *dst,
                       size_t cap, chc_diag *diag)
{
    if (f->write_pos) {
        if (strcmp(f->name, "mscs-hex") == 0) flags |= CHC_MSCS_HEX;
        return f->write_pos(pos, flags, dst, cap, NULL, diag);
    }
    chc_game *g = chc_game_new(); /* a game format: the game of no moves from pos */
    if (!g) return CHC_E_NO_MEMORY;
    chc_game_reset(g, pos);
    int rc = f->write_game(g, flags, dst, cap, NULL, diag);
    chc_game_free(g);
    return rc;
}

int cli_write_game(const chc_game *g, const cli_format *f, unsigned flags, char **text,
                   size_t *len, chc_diag *diag)
{
    size_t cap = 256, need = 0;
    int rc = CHC_E_BUFFER_TOO_SMALL;
    for (int tries = 0; rc == CHC_E_BUFFER_TOO_SMALL && tries < 2; tries++) {
        char *p = realloc(*text, cap);
        if (!p) return CHC_E_NO_MEMORY;
        *text = p;
        if (f->write_game) {
            rc = f->write_game(g, flags, *text, cap, &need, diag);
        } else { /* a position format: the position at the end of the main line */
            chc_position end;
            chc_game_position(g, chc_game_ply_count(g), &end);
            rc = cli_write_position(&end, f, flags, *text, cap, diag);
            need = rc == CHC_E_BUFFER_TOO_SMALL ? CHC_POSITION_TEXT_MAX : strlen(*text);
        }
        cap = need + 1;
    }
    if (len) *len = need;
    return rc;
}
