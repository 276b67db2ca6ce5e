/* Reading and writing one position or game in a named format: FEN, Shredder-FEN, EPD,
 * "startpos", covert, MSCS, pack position; PGN, SAN and UCI lines, urlsafe, pack game, pack
 * stream. Detection (CHC_FORMAT_AUTO) and the public readers that use it are in detect.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "formats/formats.h"

static void info_set(chc_read_info *info, int format)
{
    if (!info) return;
    info->format = format;
    info->version = 0;
    info->flags = 0;
    info->offset = 0;
}

/* ---- FEN and EPD -------------------------------------------------------------------------- */
/* Non-zero when the castling field (third word) of a FEN is written with rook files only. */
static int shredder_castling(const char *fen)
{
    const char *p = fen;
    for (int k = 0; k < 2; k++) {
        p = strchr(p, ' ');
        if (!p) return 0;
        while (*p == ' ') p++;
    }
    if (*p == '-' || *p == ' ' || !*p) return 0;
    for (; *p && *p != ' '; p++)
        if (!((*p >= 'A' && *p <= 'H') || (*p >= 'a' && *p <= 'h'))) return 0;
    return 1;
}

#define FEN_TEXT_MAX 256

static int read_fen(const char *t, size_t n, int format, chc_position *pos, chc_read_info *info,
                    chc_diag *diag)
{
    if (n == 8 && memcmp(t, "startpos", 8) == 0) {
        chc_position_startpos(pos);
        info_set(info, CHC_FORMAT_FEN);
        return CHC_OK;
    }
    char fen[FEN_TEXT_MAX];
    if (n >= sizeof fen)
        return chci_fail(diag, CHC_E_FEN_SYNTAX, FEN_TEXT_MAX, 1, FEN_TEXT_MAX, -1,
                         "FEN: %zu characters, longer than any FEN", n);
    memcpy(fen, t, n);
    fen[n] = 0;
    int rc = chc_position_from_fen(pos, fen, 0, diag);
    if (rc != CHC_OK && diag && strncmp(diag->message, "FEN", 3) != 0) {
        char msg[sizeof diag->message];
        memcpy(msg, diag->message, sizeof msg);
        snprintf(diag->message, sizeof diag->message, "FEN: %.186s", msg);
    }
    if (rc == CHC_OK)
        info_set(info, format == CHC_FORMAT_FEN && shredder_castling(fen) ? CHC_FORMAT_SHREDDER_FEN
                                                                          : format);
    return rc;
}

static int epd_fail(chc_diag *diag, size_t at, long field, const char *why)
{
    return chci_fail(diag, CHC_E_FEN_SYNTAX, (long)at, 1, (long)at + 1, field, "EPD: %s (column %zu)",
                     why, at + 1);
}

/* Reads an unsigned decimal operand; returns -1 when it is not one. */
static long epd_number(const char *p, size_t n)
{
    if (n == 0 || n > 9) return -1;
    long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i] < '0' || p[i] > '9') return -1;
        v = v * 10 + (p[i] - '0');
    }
    return v;
}

static int read_epd(const char *t, size_t n, chc_position *pos, chc_read_info *info,
                    chc_diag *diag)
{
    /* Four fields. */
    size_t i = 0, fields_end = 0;
    for (int f = 0; f < 4; f++) {
        while (i < n && t[i] == ' ') i++;
        if (i >= n) return epd_fail(diag, i, f, "fewer than four fields");
        while (i < n && !chci_fmt_space((unsigned char)t[i])) i++;
        fields_end = i;
    }
    if (fields_end >= FEN_TEXT_MAX - 24) return epd_fail(diag, 0, 0, "fields too long");
    long hmvc = 0, fmvn = 1;
    /* Operations: opcode operand* ';' (the last ';' may be missing). */
    long op = 0;
    while (i < n) {
        while (i < n && chci_fmt_space((unsigned char)t[i])) i++;
        if (i >= n) break;
        size_t o0 = i;
        if (!((t[i] >= 'A' && t[i] <= 'Z') || (t[i] >= 'a' && t[i] <= 'z')))
            return epd_fail(diag, i, 4 + op, "an operation starts with a letter");
        while (i < n && ((t[i] >= 'A' && t[i] <= 'Z') || (t[i] >= 'a' && t[i] <= 'z') ||
                         (t[i] >= '0' && t[i] <= '9') || t[i] == '_'))
            i++;
        size_t olen = i - o0;
        if (olen > 15) return epd_fail(diag, o0, 4 + op, "opcode longer than 15 characters");
        int want = (olen == 4 && memcmp(t + o0, "hmvc", 4) == 0)   ? 1
                 : (olen == 4 && memcmp(t + o0, "fmvn", 4) == 0) ? 2 : 0;
        int operands = 0;
        for (;;) {
            while (i < n && chci_fmt_space((unsigned char)t[i])) i++;
            if (i >= n || t[i] == ';') break;
            size_t a = i;
            if (t[i] == '"') {
                i++;
                while (i < n && t[i] != '"') i++;
                if (i >= n) return epd_fail(diag, a, 4 + op, "unterminated string");
                i++;
            } else {
                while (i < n && !chci_fmt_space((unsigned char)t[i]) && t[i] != ';') i++;
            }
            if (want && operands == 0) {
                long v = epd_number(t + a, i - a);
                if (v < 0 || (want == 1 && v > 65535) || (want == 2 && v < 1))
                    return epd_fail(diag, a, 4 + op, want == 1 ? "bad hmvc operand"
                                                               : "bad fmvn operand");
                if (want == 1) hmvc = v; else fmvn = v;
            }
            operands++;
        }
        if (want && operands != 1)
            return epd_fail(diag, o0, 4 + op, "hmvc and fmvn take one number");
        if (i < n) i++; /* ';' */
        op++;
    }
    char fen[FEN_TEXT_MAX];
    snprintf(fen, sizeof fen, "%.*s %ld %ld", (int)fields_end, t, hmvc, fmvn);
    int rc = chc_position_from_fen(pos, fen, 0, diag);
    if (rc != CHC_OK) return rc;
    info_set(info, CHC_FORMAT_EPD);
    return CHC_OK;
}

/* Shredder-FEN names the castling rooks by file in every position (the FEN writer's
 * CHC_FEN_SHREDDER does so for Chess960 positions): rewrites a KQkq field in place. */
static void shredder_files(const chc_position *pos, char *fen)
{
    char *p = strchr(fen, ' ');
    if (!p || !(p = strchr(p + 1, ' '))) return;
    for (p++; *p && *p != ' '; p++) {
        const char *k = strchr("KQkq", *p);
        if (!k) continue;
        int rsq = chc_castling_rook(pos, 1u << (k - "KQkq"));
        if (rsq != CHC_NO_SQUARE) *p = (char)((*p >= 'a' ? 'a' : 'A') + CHC_FILE(rsq));
    }
}

static int write_epd(const chc_position *pos, unsigned flags, chci_out *o)
{
    char fen[CHC_FEN_MAX];
    chc_position_to_fen(pos, fen, sizeof fen, flags | CHC_FEN_NO_COUNTERS);
    chci_out_puts(o, fen);
    if (pos->halfmove != 0 || pos->fullmove != 1) {
        char ops[48];
        snprintf(ops, sizeof ops, " hmvc %u; fmvn %u;", (unsigned)pos->halfmove,
                 (unsigned)pos->fullmove);
        chci_out_puts(o, ops);
    }
    return CHC_OK;
}

/* ---- covert: a code, also in a chat message or spread among its words ------------------ */
static int read_covert(const char *t, size_t n, chc_position *pos, chc_read_info *info,
                       chc_diag *diag)
{
    chc_read_info ri;
    info_set(&ri, CHC_FORMAT_COVERT);
    int rc = chc_covert_read(t, n, pos, &ri, diag);
    ri.format = CHC_FORMAT_COVERT;
    if (info) *info = ri;
    return rc;
}

/* ---- the first game of a PGN text --------------------------------------------------------- */
static int read_pgn(const char *t, size_t n, chc_game *g, chc_read_info *info, chc_diag *diag)
{
    chc_pgn_reader *r = chc_pgn_reader_new_mem(t, n, 0, 1, 1);
    if (!r) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "PGN: out of memory");
    int rc = chc_pgn_read_game(r, g, diag);
    if (rc == CHC_E_GAME_END)
        rc = chci_fail(diag, CHC_E_EMPTY, 0, 1, 0, -1, "PGN: no game in the text");
    if (rc == CHC_OK && info && chc_pgn_reader_truncated(r)) info->flags |= CHC_READ_NO_RESULT;
    chc_pgn_reader_free(r);
    return rc;
}

/* ---- the first record of a pack stream ---------------------------------------------------- */
static int read_stream(const char *t, size_t n, chc_position *pos, chc_game *g,
                       chc_read_info *info, chc_diag *diag)
{
    const uint8_t *b = (const uint8_t *)t;
    int rc = chc_pack_stream_check_header(b, n, diag);
    if (rc != CHC_OK) return rc;
    size_t used = 0;
    chc_position p;
    chc_read_info ri;
    info_set(&ri, CHC_FORMAT_PACK_GAME);
    rc = chc_pack_stream_read_record(b + CHC_PACK_STREAM_HEADER_BYTES,
                                     n - CHC_PACK_STREAM_HEADER_BYTES, &used, g, &p, &ri, diag);
    if (rc == CHC_E_GAME_END)
        rc = chci_fail(diag, CHC_E_EMPTY, CHC_PACK_STREAM_HEADER_BYTES, 0, 0, -1,
                       "pack stream: no record after the header");
    if (rc != CHC_OK) return rc;
    if (ri.format == CHC_FORMAT_PACK_POSITION) {
        if (pos) *pos = p;
        else chc_game_reset(g, &p);
    } else if (pos) {
        chc_game_position(g, chc_game_ply_count(g), pos);
    }
    if (info) {
        *info = ri;
        info->format = CHC_FORMAT_PACK_STREAM;
    }
    return CHC_OK;
}

/* ---- one item in a known format ---------------------------------------------------------- */
static int read_position_format(const char *t, size_t n, int format, chc_position *pos,
                                chc_read_info *info, chc_diag *diag)
{
    info_set(info, format);
    switch (format) {
    case CHC_FORMAT_FEN:
    case CHC_FORMAT_SHREDDER_FEN: return read_fen(t, n, format, pos, info, diag);
    case CHC_FORMAT_EPD: return read_epd(t, n, pos, info, diag);
    case CHC_FORMAT_COVERT: return read_covert(t, n, pos, info, diag);
    case CHC_FORMAT_MSCS:
    case CHC_FORMAT_MSCS_HEX: {
        int rc = chc_mscs_read(t, n, pos, info, diag);
        if (info) info->format = info->flags & CHC_READ_HEX ? CHC_FORMAT_MSCS_HEX : CHC_FORMAT_MSCS;
        return rc;
    }
    case CHC_FORMAT_PACK_POSITION: {
        int rc = chc_pack_position_read(t, n, pos, info, diag);
        if (info) info->format = CHC_FORMAT_PACK_POSITION;
        return rc;
    }
    default: return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "format %d is not a position format",
                              format);
    }
}

static int read_game_format(const char *t, size_t n, int format, chc_game *g,
                            chc_read_info *info, chc_diag *diag)
{
    info_set(info, format);
    int rc, found = format;
    switch (format) {
    case CHC_FORMAT_PGN: return read_pgn(t, n, g, info, diag);
    case CHCI_FORMAT_LINE:
    case CHC_FORMAT_SAN_LINE:
    case CHC_FORMAT_UCI_LINE:
        rc = chci_line_read(t, n, format == CHCI_FORMAT_LINE ? CHC_FORMAT_AUTO : format, g,
                            &found, diag);
        if (info) info->format = found;
        return rc;
    case CHC_FORMAT_URLSAFE:
        rc = chc_urlsafe_read(t, n, g, info, diag);
        if (info) info->format = CHC_FORMAT_URLSAFE;
        return rc;
    case CHC_FORMAT_PACK_GAME:
        rc = chc_pack_game_read(t, n, g, info, diag);
        if (info) info->format = CHC_FORMAT_PACK_GAME;
        return rc;
    default: return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "format %d is not a game format",
                              format);
    }
}

int chci_fmt_read(const char *src, size_t len, int format, chc_position *pos, chc_game *g,
                  chc_read_info *info, chc_diag *diag)
{
    const chc_format_info *fi =
        chc_format_get(format == CHCI_FORMAT_LINE ? CHC_FORMAT_SAN_LINE : format);
    if (!fi) {
        info_set(info, CHC_FORMAT_AUTO);
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "unknown format %d", format);
    }
    if (format == CHC_FORMAT_PACK_STREAM) {
        info_set(info, format);
        chc_game *tmp = g ? g : chc_game_new();
        if (!tmp) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "out of memory");
        int rc = read_stream(src, len, pos, tmp, info, diag);
        if (tmp != g) chc_game_free(tmp);
        return rc;
    }
    size_t n = len;
    const char *t = chci_fmt_trim(src, &n);
    if (n == 0 && format == CHC_FORMAT_URLSAFE && g) {
        /* The one format whose code of a game can be empty: the game with no moves. Only when
         * urlsafe is named (detection and batches take blank text for CHC_E_EMPTY). */
        info_set(info, format);
        chc_game_reset(g, NULL);
        if (pos) chc_position_startpos(pos);
        return CHC_OK;
    }
    if (n == 0) {
        info_set(info, format);
        return chci_fail(diag, CHC_E_EMPTY, 0, 1, 0, -1, "%s: empty text", fi->label);
    }
    int rc;
    if (fi->kind == CHC_KIND_POSITION) {
        chc_position p;
        rc = read_position_format(t, n, format, &p, info, diag);
        if (rc == CHC_OK) {
            if (pos) *pos = p;
            else chc_game_reset(g, &p);
        }
    } else {
        chc_game *tmp = g ? g : chc_game_new();
        if (!tmp) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "out of memory");
        rc = read_game_format(t, n, format, tmp, info, diag);
        if (rc == CHC_OK && pos) chc_game_position(tmp, chc_game_ply_count(tmp), pos);
        if (tmp != g) chc_game_free(tmp);
    }
    if (info) info->offset += (long)(t - src);
    if (rc != CHC_OK && diag && diag->offset >= 0) diag->offset += (long)(t - src);
    return rc;
}

/* ---- writing ------------------------------------------------------------------------------ */
static int bad_flags(chc_diag *diag, int format, unsigned flags)
{
    return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "%s: flags 0x%x not known for it",
                     chci_fmt_label(format), flags);
}

int chc_position_write(const chc_position *pos, int format, unsigned flags, char *dst,
                       size_t dst_cap, size_t *dst_len, chc_diag *diag)
{
    const unsigned fen_flags = CHC_FEN_EP_LEGAL_ONLY | CHC_FEN_SHREDDER | CHC_FEN_NO_COUNTERS;
    chci_out o = {dst, dst_cap, 0};
    switch (format) {
    case CHC_FORMAT_FEN:
    case CHC_FORMAT_SHREDDER_FEN:
    case CHC_FORMAT_EPD: {
        if (flags & ~fen_flags) return bad_flags(diag, format, flags);
        if (format == CHC_FORMAT_SHREDDER_FEN) flags |= CHC_FEN_SHREDDER;
        if (format == CHC_FORMAT_EPD) {
            write_epd(pos, flags & ~CHC_FEN_NO_COUNTERS, &o);
        } else {
            char fen[CHC_FEN_MAX];
            chc_position_to_fen(pos, fen, sizeof fen, flags);
            if (format == CHC_FORMAT_SHREDDER_FEN) shredder_files(pos, fen);
            chci_out_puts(&o, fen);
        }
        int rc = chci_out_end(&o, dst_len);
        if (rc != CHC_OK)
            chci_fail(diag, rc, -1, 0, 0, -1, "%s: %zu bytes needed, %zu given",
                      chci_fmt_label(format), o.len + 1, dst_cap);
        return rc;
    }
    case CHC_FORMAT_COVERT:
        if (flags & ~CHC_COVERT_RESIGNED) return bad_flags(diag, format, flags);
        return chc_covert_write(pos, flags, dst, dst_cap, dst_len, diag);
    case CHC_FORMAT_MSCS:
    case CHC_FORMAT_MSCS_HEX:
        if (flags) return bad_flags(diag, format, flags);
        return chc_mscs_write(pos, format == CHC_FORMAT_MSCS_HEX ? CHC_MSCS_HEX : 0, dst, dst_cap,
                              dst_len, diag);
    case CHC_FORMAT_PACK_POSITION:
        if (flags & ~15u) return bad_flags(diag, format, flags);
        return chc_pack_position_write(pos, flags, dst, dst_cap, dst_len, diag);
    default:
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1,
                         "%s is not a position format that can be written",
                         chc_format_get(format) ? chci_fmt_label(format) : "unknown format");
    }
}

int chc_game_write(const chc_game *g, int format, unsigned flags, char *dst, size_t dst_cap,
                   size_t *dst_len, chc_diag *diag)
{
    const chc_format_info *fi = chc_format_get(format);
    if (fi && fi->kind == CHC_KIND_POSITION) {
        chc_position end;
        chc_game_position(g, chc_game_ply_count(g), &end);
        return chc_position_write(&end, format, flags, dst, dst_cap, dst_len, diag);
    }
    const unsigned pgn_flags = CHC_PGN_WRITE_NO_TAGS | CHC_PGN_WRITE_NO_COMMENTS |
                               CHC_PGN_WRITE_NO_VARIATIONS;
    switch (format) {
    case CHC_FORMAT_PGN:
        if (flags & ~pgn_flags) return bad_flags(diag, format, flags);
        return chc_pgn_write(g, flags, dst, dst_cap, dst_len, diag);
    case CHC_FORMAT_SAN_LINE:
    case CHC_FORMAT_UCI_LINE:
        if (flags) return bad_flags(diag, format, flags);
        return chci_line_write(g, format, dst, dst_cap, dst_len, diag);
    case CHC_FORMAT_URLSAFE:
        if (flags) return bad_flags(diag, format, flags);
        return chc_urlsafe_write(g, 0, dst, dst_cap, dst_len, diag);
    case CHC_FORMAT_PACK_GAME:
        if (flags & ~15u) return bad_flags(diag, format, flags);
        return chc_pack_game_write(g, flags, dst, dst_cap, dst_len, diag);
    case CHC_FORMAT_PACK_STREAM:
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1,
                         "pack stream is binary: write it with chc_pack_stream_header() and "
                         "chc_pack_stream_write_game()");
    default:
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "unknown format %d", format);
    }
}
