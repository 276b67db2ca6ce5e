/* The detector: which format a text is in, and when it is in none, the nearest format's
 * error in that format's words. The order and the rules are docs/formats/detection.md. */
#include <stdio.h>
#include <string.h>

#include "common/diag.h"
#include "formats/formats.h"

/* What a text looks like, from one pass over it. */
typedef struct shape {
    const char *t;       /* the trimmed text */
    size_t n;
    int emoji;           /* emoji in it (covert list entries) */
    int newline;
    int words;
    size_t first_len;    /* first word */
    int first_slashes;
    int first_movelike;
    int all_movelike;    /* every word could be a move, a move number or a result */
    int keyword;         /* starts with a keyword of the line syntax */
    int fifth_number;    /* the fifth word is a number (FEN counters, not EPD operations) */
    size_t cn;           /* length without white space */
    int c_b64, c_url, c_hex; /* every non-space character in the alphabet */
    int bad_b64, bad_url, bad_hex; /* characters outside it */
    size_t first_space;  /* offset of the first white space inside, or 0 */
    char c0;
} shape;

static int b64url_char(int c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_';
}

static int hex_char(int c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* The length of a figurine piece of SAN at t: U+2654..U+265F (E2 99 94..9F), with an optional
 * variation selector (U+FE0F or U+FE0E), followed by a square's file or rank, or 'x' (so a
 * figurine alone among emoji stays an emoji); 0 when there is none. */
static size_t figurine_len(const char *t, size_t n)
{
    const unsigned char *u = (const unsigned char *)t;
    if (n < 4 || u[0] != 0xE2 || u[1] != 0x99 || u[2] < 0x94 || u[2] > 0x9F) return 0;
    size_t k = 3;
    if (n >= 7 && u[3] == 0xEF && u[4] == 0xB8 && (u[5] == 0x8F || u[5] == 0x8E)) k = 6;
    if (k >= n) return 0;
    char c = t[k];
    return (c >= 'a' && c <= 'h') || (c >= '1' && c <= '8') || c == 'x' ? k : 0;
}

static void shape_of(const char *t, size_t n, shape *s)
{
    memset(s, 0, sizeof *s);
    s->t = t;
    s->n = n;
    s->c_b64 = s->c_url = s->c_hex = 1;
    s->all_movelike = 1;
    s->c0 = n ? t[0] : 0;
    size_t i = 0;
    while (i < n) {
        while (i < n && chci_fmt_space((unsigned char)t[i])) {
            if (t[i] == '\n') s->newline = 1;
            if (!s->first_space) s->first_space = i;
            i++;
        }
        if (i >= n) break;
        size_t w = i;
        int slashes = 0;
        while (i < n && !chci_fmt_space((unsigned char)t[i])) {
            unsigned char c = (unsigned char)t[i];
            if (c >= 0x80) {
                size_t used = 0, fig = figurine_len(t + i, n - i);
                if (fig) {
                    /* A figurine piece of SAN, even when it is also a covert emoji (the black
                     * pawn with U+FE0F is one): the line reader reads it. */
                    s->c_b64 = s->c_url = s->c_hex = 0;
                    i += fig;
                    continue;
                }
                if (chc_covert_match(t + i, n - i, &used) >= 0) s->emoji++;
                s->c_b64 = s->c_url = s->c_hex = 0;
                i += used ? used : 1;
                continue;
            }
            if (c == '/') slashes++;
            if (!b64url_char(c)) s->c_url = 0, s->bad_url++;
            if (!b64url_char(c) && c != '+' && c != '/') s->c_b64 = 0, s->bad_b64++;
            if (!hex_char(c)) s->c_hex = 0, s->bad_hex++;
            s->cn++;
            i++;
        }
        int ml = chci_line_word_movelike(t + w, i - w);
        if (!ml) s->all_movelike = 0;
        if (s->words == 0) {
            s->first_len = i - w;
            s->first_slashes = slashes;
            s->first_movelike = ml;
        }
        if (s->words == 4) {
            size_t k = w;
            while (k < i && t[k] >= '0' && t[k] <= '9') k++;
            s->fifth_number = k == i;
        }
        s->words++;
    }
    s->keyword = chci_line_keyword_start(t, n);
}

/* The first character of a urlsafe game: a square of rank 1 to 4 (a1..h4), the only
 * from- or to-squares of a first move. */
static int urlsafe_first(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'f'); }

static int is_pgn_start(const shape *s)
{
    return s->c0 == '[' || s->c0 == '{' || s->c0 == '%' || s->c0 == ';';
}

static int fen_shape(const shape *s)
{
    if (s->n == 8 && memcmp(s->t, "startpos", 8) == 0) return 1;
    return s->first_slashes > 0 && (s->words >= 2 || s->first_slashes == 7);
}

/* The length of the valid UTF-8 sequence of two or more bytes at t[0..n), or 0. */
static size_t utf8_seq(const unsigned char *t, size_t n)
{
    size_t len = t[0] >= 0xF0 && t[0] <= 0xF4 ? 4 : t[0] >= 0xE0 ? 3 : t[0] >= 0xC2 ? 2 : 0;
    if (t[0] > 0xF4 || !len || len > n) return 0;
    for (size_t i = 1; i < len; i++)
        if ((t[i] & 0xC0) != 0x80) return 0;
    return len;
}

#define QUOTE_MAX 112 /* 24 source bytes, each at most 4 characters (\xNN), "..." and NUL */
/* The start of the text for a message: at most 24 bytes of its first line, a control byte or
 * a byte outside valid UTF-8 written as \xNN, a UTF-8 character never cut. */
static void quote(const char *text, size_t n, char out[QUOTE_MAX])
{
    const unsigned char *t = (const unsigned char *)text;
    size_t k = 0, o = 0;
    while (k < n && t[k] != '\n' && t[k] != '\r') {
        size_t u = t[k] >= 0x80 ? utf8_seq(t + k, n - k) : 0;
        size_t step = u ? u : 1;
        if (k + step > 24) break;
        if (u) {
            memcpy(out + o, t + k, u);
            o += u;
        } else if (t[k] < 0x20 || t[k] >= 0x7F) {
            static const char hex[] = "0123456789abcdef";
            out[o++] = '\\';
            out[o++] = 'x';
            out[o++] = hex[t[k] >> 4];
            out[o++] = hex[t[k] & 15];
        } else {
            out[o++] = (char)t[k];
        }
        k += step;
    }
    if (k < n) memcpy(out + o, "...", 4);
    else out[o] = 0;
}

/* A read attempt: pos or g gets the item; a failure's diag goes to `d`. */
typedef struct attempt {
    chc_position *pos;
    chc_game *g;
    chc_read_info info;
    chc_diag d;
} attempt;

static int try_format(const shape *s, int format, attempt *a)
{
    chc_diag_init(&a->d);
    memset(&a->info, 0, sizeof a->info);
    return chci_fmt_read(s->t, s->n, format, a->pos, a->g, &a->info, &a->d);
}

/* White space inside what would otherwise be a code of `format`. */
static int space_inside(const shape *s, int format, chc_diag *d)
{
    size_t k = s->first_space;
    int code = format == CHC_FORMAT_PACK_POSITION ? CHC_E_PACK_CORRUPT
             : format == CHC_FORMAT_PACK_GAME ? CHC_E_PACK_CORRUPT : CHC_E_MSCS_CHAR;
    const char *name = format == CHC_FORMAT_PACK_POSITION ? "pack position"
                     : format == CHC_FORMAT_PACK_GAME ? "pack game" : "MSCS";
    return chci_fail(d, code, (long)k, 1, (long)k + 1, (long)k,
                     "%s: character %zu is white space inside the code (%zu characters without it)",
                     name, k + 1, s->cn);
}

int chci_fmt_detect_read(const char *src, size_t len, unsigned kinds, chc_position *pos,
                         chc_game *g, chc_read_info *info, chc_diag *diag)
{
    size_t n = len;
    const char *t = chci_fmt_trim(src, &n);
    long lead = (long)(t - src);
    if (!kinds) kinds = CHC_KIND_POSITION | CHC_KIND_GAME;
    int games = (kinds & CHC_KIND_GAME) != 0, positions = (kinds & CHC_KIND_POSITION) != 0;
    if (info) memset(info, 0, sizeof *info);
    if (n == 0) return chci_fail(diag, CHC_E_EMPTY, 0, 1, 0, -1, "empty text");
    shape s;
    shape_of(t, n, &s);
    attempt a;
    a.pos = pos;
    a.g = g;
    /* The first failure of a candidate that fits exactly (the nearest error so far). */
    chc_diag first = CHC_DIAG_INIT;
    int first_rc = 0, first_format = CHC_FORMAT_AUTO;
    int rc;
#define TRY(fmt)                                                                              \
    do {                                                                                      \
        rc = try_format(&s, (fmt), &a);                                                       \
        if (rc == CHC_OK) goto found;                                                         \
        if (!first_rc) {                                                                      \
            first_rc = rc;                                                                    \
            first = a.d;                                                                      \
            first_format = (fmt);                                                             \
        }                                                                                     \
    } while (0)

    /* 1. Candidates in order: the first that reads wins. */
    if (games && is_pgn_start(&s)) TRY(CHC_FORMAT_PGN);
    if (positions && s.emoji) TRY(CHC_FORMAT_COVERT);
    if (games && !is_pgn_start(&s) && s.newline) TRY(CHC_FORMAT_PGN);
    if (!s.newline && !is_pgn_start(&s)) {
        if (games && s.keyword) TRY(CHCI_FORMAT_LINE);
        if (positions && fen_shape(&s))
            TRY(s.words >= 5 && !s.fifth_number ? CHC_FORMAT_EPD : CHC_FORMAT_FEN);
        if (s.words == 1 && positions) {
            if (s.n == CHC_MSCS_HEX_LEN && s.c_hex) TRY(CHC_FORMAT_MSCS_HEX);
            if (s.n == CHC_MSCS_BASE64_LEN && s.c_b64) TRY(CHC_FORMAT_MSCS);
            if (s.c_url && s.n >= 16 && s.n <= 64) {
                rc = try_format(&s, CHC_FORMAT_PACK_POSITION, &a);
                /* An unversioned 0.1 position code has no check character: when games are
                 * asked too, an urlsafe game of the same 26 characters wins (a quarter of
                 * them read as some 0.1 position). */
                if (rc == CHC_OK && games && (a.info.flags & CHC_READ_LEGACY) &&
                    urlsafe_first(s.c0)) {
                    if (try_format(&s, CHC_FORMAT_URLSAFE, &a) == CHC_OK) goto found;
                    rc = try_format(&s, CHC_FORMAT_PACK_POSITION, &a);
                }
                if (rc == CHC_OK) goto found;
            }
        }
        if (games && !s.keyword && s.first_movelike) TRY(CHCI_FORMAT_LINE);
        if (games && s.words == 1 && s.c_url && urlsafe_first(s.c0)) {
            rc = try_format(&s, CHC_FORMAT_URLSAFE, &a);
            if (rc == CHC_OK) goto found;
        }
        if (games && s.words == 1 && s.c_url && s.n >= 3) {
            rc = try_format(&s, CHC_FORMAT_PACK_GAME, &a);
            /* Unversioned 0.1 game codes are read only when named (they have no check). */
            if (rc == CHC_OK && !(a.info.flags & CHC_READ_LEGACY)) goto found;
        }
    }

    /* 2. Nothing read: the nearest format's error. */
    {
        chc_diag d = CHC_DIAG_INIT;
        int near = CHC_FORMAT_AUTO;
        char q[QUOTE_MAX];
        quote(t, n, q);
        if (first_rc && (first_format == CHC_FORMAT_PGN || first_format == CHC_FORMAT_EPD ||
                         first_format == CHC_FORMAT_FEN ||
                         (first_format == CHCI_FORMAT_LINE && s.keyword) ||
                         (first_format == CHC_FORMAT_COVERT && s.emoji >= 3) ||
                         first_format == CHC_FORMAT_MSCS || first_format == CHC_FORMAT_MSCS_HEX)) {
            rc = first_rc;
            d = first;
            near = first_format;
            if (near == CHCI_FORMAT_LINE)
                near = strncmp(d.message, "UCI", 3) == 0 ? CHC_FORMAT_UCI_LINE : CHC_FORMAT_SAN_LINE;
            goto fail;
        }
        if (!games && (is_pgn_start(&s) || s.newline || s.keyword ||
                       (s.words > 1 && s.all_movelike))) {
            rc = chci_fail(&d, CHC_E_FORMAT, 0, 1, 1, -1, "'%s' is a game (%s), not a position", q,
                           is_pgn_start(&s) || s.newline ? "PGN" : "SAN or UCI line");
            goto fail;
        }
        /* A code with one character too many or too few, or white space inside. */
        int moves_first = s.words > 1 && s.first_movelike;
        if (!moves_first && !s.emoji && positions) {
            size_t cn = s.cn;
            size_t dm = cn > 32 ? cn - 32 : 32 - cn;
            /* pack position text: the unversioned 0.1 form (26) and the current one */
            const size_t p0 = 26, p1 = CHC_PACK_POS_TEXT_MAX - 1;
            size_t d26 = cn > p0 ? cn - p0 : p0 - cn, d28 = cn > p1 ? cn - p1 : p1 - cn;
            size_t dp = d26 < d28 ? d26 : d28;
            size_t dh = cn > 48 ? cn - 48 : 48 - cn;
            /* Near: at most 3 characters too many or too few, at most 2 outside the
             * alphabet (and no non-ASCII text). */
            if (s.bad_hex <= 2 && (size_t)s.bad_hex < cn / 8 && dh <= 4) near = CHC_FORMAT_MSCS_HEX;
            else if (s.bad_b64 <= 2 && dm <= 3 && (dm < dp || (dm == dp && s.c0 != 'p' && s.c0 != 'q')))
                near = CHC_FORMAT_MSCS;
            else if (s.bad_url <= 2 && dp <= 3) near = CHC_FORMAT_PACK_POSITION;
            if (near != CHC_FORMAT_AUTO) {
                int exact = near == CHC_FORMAT_MSCS_HEX ? cn == 48
                          : near == CHC_FORMAT_MSCS ? cn == 32 : (cn == p0 || cn == p1);
                if (s.words > 1 && exact) {
                    rc = space_inside(&s, near, &d);
                } else {
                    rc = try_format(&s, near, &a);
                    d = a.d;
                }
                goto fail;
            }
        }
        /* `_` and `-`: the version characters of pack game codes 1 and 2 (no other format
         * starts with them), so a newer code is told as one. */
        if (games && !moves_first && s.words == 1 && s.c_url && (s.c0 == '_' || s.c0 == '-') &&
            s.n >= 3) {
            near = CHC_FORMAT_PACK_GAME;
            rc = try_format(&s, near, &a);
            d = a.d;
            goto fail;
        }
        if (first_rc && first_format == CHCI_FORMAT_LINE) {
            rc = first_rc;
            d = first;
            /* the line reader said which (SAN or UCI) in its message */
            near = strncmp(d.message, "UCI", 3) == 0 ? CHC_FORMAT_UCI_LINE : CHC_FORMAT_SAN_LINE;
            goto fail;
        }
        if (!games && s.first_movelike) {
            rc = chci_fail(&d, CHC_E_FORMAT, 0, 1, 1, -1,
                           "'%s' looks like a move (a game), not a position", q);
            goto fail;
        }
        if (first_rc && first_format == CHC_FORMAT_COVERT) {
            rc = first_rc;
            d = first;
            near = first_format;
            goto fail;
        }
        if (games && s.words == 1 && s.c_url && urlsafe_first(s.c0) && s.n >= 6) {
            near = CHC_FORMAT_URLSAFE;
            rc = try_format(&s, near, &a);
            d = a.d;
            goto fail;
        }
        rc = chci_fail(&d, CHC_E_FORMAT, 0, 1, 1, -1, "'%s' is not a %s in any known format (%s)", q,
                       games && positions ? "position or game" : games ? "game" : "position",
                       games && positions ? "FEN, EPD, covert, MSCS, pack, PGN, SAN, UCI, urlsafe"
                       : games ? "PGN, SAN, UCI, urlsafe, pack" : "FEN, EPD, covert, MSCS, pack");
    fail:
        if (d.offset >= 0) d.offset += lead;
        if (diag) *diag = d;
        if (diag && !diag->message[0])
            snprintf(diag->message, sizeof diag->message, "%s: %s", chci_fmt_label(near),
                     chc_strerror(rc));
        if (info) info->format = near;
        return rc;
    }
found:
    if (info) {
        *info = a.info;
        info->offset += lead;
    }
    return CHC_OK;
#undef TRY
}

int chc_detect(const char *src, size_t src_len, unsigned kinds, chc_read_info *info,
               chc_diag *diag)
{
    chc_position pos;
    chc_game *g = NULL;
    if (!kinds) kinds = CHC_KIND_POSITION | CHC_KIND_GAME;
    if (kinds & CHC_KIND_GAME) {
        g = chc_game_new();
        if (!g) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "out of memory");
    }
    int rc = chci_fmt_detect_read(src, src_len, kinds, g ? NULL : &pos, g, info, diag);
    chc_game_free(g);
    return rc;
}

/* ---- public reading: a named format (io.c) or detection ------------------------------- */
int chc_position_read(const char *src, size_t src_len, int format, chc_position *pos,
                      chc_read_info *info, chc_diag *diag)
{
    if (format == CHC_FORMAT_AUTO)
        return chci_fmt_detect_read(src, src_len, CHC_KIND_POSITION, pos, NULL, info, diag);
    return chci_fmt_read(src, src_len, format, pos, NULL, info, diag);
}

int chc_game_read(const char *src, size_t src_len, int format, chc_game *g,
                  chc_read_info *info, chc_diag *diag)
{
    if (format == CHC_FORMAT_AUTO)
        return chci_fmt_detect_read(src, src_len, CHC_KIND_POSITION | CHC_KIND_GAME, NULL, g,
                                    info, diag);
    return chci_fmt_read(src, src_len, format, NULL, g, info, diag);
}
