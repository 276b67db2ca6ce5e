/* The table of position formats used by encode, decode and move (see pos_formats.h).
 * To add a format: write its four functions and add one line to pos_formats[]. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli.h"
#include "pos_formats.h"
#include "pack_formats.h"

/* ---- FEN ---------------------------------------------------------------------------- */
static int fen_detect(const char *text)
{
    return strchr(text, '/') != NULL;
}

static int fen_decode(const char *text, chc_position *pos, chc_diag *diag)
{
    return chc_position_from_fen(pos, text, 0, diag);
}

static int fen_encode(const chc_position *pos, char *buf, size_t cap, chc_diag *diag)
{
    (void)diag;
    return chc_position_to_fen(pos, buf, cap, 0) ? CHC_OK : CHC_E_BUFFER_TOO_SMALL;
}

/* ---- covert chess ------------------------------------------------------------------- */
static int covert_detect(const char *text)
{
    /* Any emoji in the text: the decoder finds the code among surrounding words. */
    size_t len = strlen(text);
    for (size_t i = 0; i < len; i++) {
        if ((unsigned char)text[i] < 0x80) continue;
        size_t used;
        if (chc_covert_match(text + i, len - i, &used) >= 0) return 1;
    }
    return 0;
}

static int covert_decode(const char *text, chc_position *pos, chc_diag *diag)
{
    return chc_covert_read(text, strlen(text), pos, NULL, diag);
}

static int covert_encode(const chc_position *pos, char *buf, size_t cap, chc_diag *diag)
{
    return chc_covert_write(pos, 0, buf, cap, NULL, diag);
}

/* ---- MSCS v1 (base64 and hex) ------------------------------------------------------- */
static int is_b64(int c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           c == '+' || c == '/' || c == '-' || c == '_';
}

static int is_hex(int c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static int mscs_detect(const char *text)
{
    size_t n = strlen(text);
    if (n != CHC_MSCS_BASE64_LEN) return 0;
    for (size_t i = 0; i < n; i++)
        if (!is_b64((unsigned char)text[i])) return 0;
    return 1;
}

static int mscs_hex_detect(const char *text)
{
    size_t n = strlen(text);
    if (n != CHC_MSCS_HEX_LEN) return 0;
    for (size_t i = 0; i < n; i++)
        if (!is_hex((unsigned char)text[i])) return 0;
    return 1;
}

static int mscs_decode(const char *text, chc_position *pos, chc_diag *diag)
{
    return chc_mscs_read(text, strlen(text), pos, NULL, diag);
}

static int mscs_encode(const chc_position *pos, char *buf, size_t cap, chc_diag *diag)
{
    return chc_mscs_write(pos, 0, buf, cap, NULL, diag);
}

static int mscs_hex_encode(const chc_position *pos, char *buf, size_t cap, chc_diag *diag)
{
    return chc_mscs_write(pos, CHC_MSCS_HEX, buf, cap, NULL, diag);
}

/* ---- the table ---------------------------------------------------------------------- */
const pos_format pos_formats[] = {
    {"covert", "covert chess: 25 emoji", covert_detect, covert_decode, covert_encode},
    {"mscs", "MSCS v1 as 32 base64 characters", mscs_detect, mscs_decode, mscs_encode},
    {"mscs-hex", "MSCS v1 as 48 hex digits", mscs_hex_detect, mscs_decode, mscs_hex_encode},
    {"pack", "pack position code: 26 base64url characters (156 bits)", pack_pos_detect,
     pack_pos_decode, pack_pos_encode},
    {"fen", "Forsyth-Edwards Notation", fen_detect, fen_decode, fen_encode},
    {NULL, NULL, NULL, NULL, NULL}
};

const pos_format *pos_format_find(const char *name)
{
    for (const pos_format *f = pos_formats; f->name; f++)
        if (strcmp(f->name, name) == 0) return f;
    return NULL;
}

int cli_read_position(const char *text, const char *format, chc_position *pos,
                      const char **what, chc_diag *diag)
{
    const pos_format *forced = format ? pos_format_find(format) : NULL, *f = NULL;
    if (format && !forced) {
        if (diag) {
            diag->code = CHC_E_ARGUMENT;
            snprintf(diag->message, sizeof diag->message, "unknown position format '%.40s'", format);
        }
        return CHC_E_ARGUMENT;
    }
    while (*text == ' ' || *text == '\t' || *text == '\r' || *text == '\n') text++;
    size_t n = strlen(text);
    while (n && (text[n - 1] == ' ' || text[n - 1] == '\t' || text[n - 1] == '\r' ||
                 text[n - 1] == '\n'))
        n--;
    char stack[512], *t = stack;
    if (n >= sizeof stack) {
        t = malloc(n + 1);
        if (!t) return CHC_E_NO_MEMORY;
    }
    memcpy(t, text, n);
    t[n] = 0;
    for (f = pos_formats; !forced && f->name && !f->detect(t); f++) continue;
    if (forced) f = forced;
    else if (!f->name) f = NULL;
    int rc;
    if (!forced && strcmp(t, "startpos") == 0) {
        /* A convenience name for the standard starting position (as FEN). */
        f = pos_format_find("fen");
        chc_position_startpos(pos);
        rc = CHC_OK;
    } else if (!f && !strchr(t, ' ') && (t[0] & 0x80) == 0) {
        /* No format matched: a word without spaces is most likely a damaged MSCS code; let
         * its decoder say what is wrong (length, character). */
        f = pos_format_find("mscs");
        rc = f->decode(t, pos, diag);
    } else if (!f && strchr(t, ' ')) {
        f = pos_format_find("fen");
        rc = f->decode(t, pos, diag);
    } else if (!f) {
        rc = CHC_E_UNSUPPORTED;
        if (diag) {
            diag->code = rc;
            snprintf(diag->message, sizeof diag->message,
                     "not a position in any known format (FEN, covert emoji, MSCS, ...)");
        }
    } else {
        rc = f->decode(t, pos, diag);
    }
    if (t != stack) free(t);
    if (what) *what = f ? f->name : NULL;
    return rc;
}

void pos_format_names(char *buf, size_t cap, const char *sep)
{
    size_t n = 0;
    if (cap) buf[0] = 0;
    for (const pos_format *f = pos_formats; f->name; f++) {
        int w = snprintf(buf + n, cap - n, "%s%s", f == pos_formats ? "" : sep, f->name);
        if (w < 0 || (size_t)w >= cap - n) return;
        n += (size_t)w;
    }
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
