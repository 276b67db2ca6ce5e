/* The pack codes for `encode`/`decode` (positions) and `convert` (games). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pack_formats.h"

static int b64url(int c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_';
}

int pack_pos_detect(const char *text)
{
    size_t n = strlen(text);
    if (n != 26) return 0;
    for (size_t i = 0; i < n; i++)
        if (!b64url((unsigned char)text[i])) return 0;
    return 1;
}

int pack_pos_decode(const char *text, chc_position *pos, chc_diag *diag)
{
    return chc_pack_position_read(text, strlen(text), pos, NULL, diag);
}

int pack_pos_encode(const chc_position *pos, char *buf, size_t cap, chc_diag *diag)
{
    return chc_pack_position_write(pos, 0, buf, cap, NULL, diag);
}

/* The text game code through a chc_game (the library's calling convention). */
static int pack_game_text(const chc_position *start, const chc_move *moves, size_t n, char *dst,
                          size_t cap, size_t *len, chc_diag *diag)
{
    chc_game *g = chc_game_new();
    int rc = g ? CHC_OK : CHC_E_NO_MEMORY;
    if (g) chc_game_reset(g, start);
    for (size_t i = 0; rc == CHC_OK && i < n; i++) rc = chc_game_push(g, moves[i]);
    if (rc == CHC_OK) rc = chc_pack_game_write(g, 0, dst, cap, len, diag);
    chc_game_free(g);
    return rc;
}

static int pack_text_decode(const char *text, size_t len, chc_position *start,
                                     chc_move *v, size_t cap, size_t *n, chc_diag *diag)
{
    chc_game *g = chc_game_new();
    int rc = g ? chc_pack_game_read(text, len, g, NULL, diag) : CHC_E_NO_MEMORY;
    if (rc == CHC_OK) {
        *start = *chc_game_start(g);
        *n = chc_game_ply_count(g);
        if (*n > cap) rc = CHC_E_BUFFER_TOO_SMALL;
        for (size_t i = 0; rc == CHC_OK && i < *n; i++) v[i] = chc_game_move(g, i);
    }
    chc_game_free(g);
    return rc;
}

int pack_game_read(const char *line, chc_position *start, gf_moves *moves, chc_diag *diag)
{
    size_t len = strlen(line);
    size_t cap = len * 6 + 1; /* a ply costs more than a bit: generous */
    chc_move *v = malloc(cap * sizeof *v);
    if (!v) return CHC_E_NO_MEMORY;
    size_t n = 0;
    int rc = pack_text_decode(line, len, start, v, cap, &n, diag);
    if (rc == CHC_E_BUFFER_TOO_SMALL && n > cap) { /* many forced moves: ask again */
        free(v);
        cap = n;
        v = malloc(cap * sizeof *v);
        if (!v) return CHC_E_NO_MEMORY;
        rc = pack_text_decode(line, len, start, v, cap, &n, diag);
    }
    for (size_t i = 0; rc == CHC_OK && i < n; i++)
        if (gf_push(moves, v[i])) rc = CHC_E_NO_MEMORY;
    free(v);
    return rc;
}

int pack_game_write(const chc_position *start, const chc_move *moves, size_t n, gf_text *out,
                    chc_diag *diag)
{
    size_t cap = CHC_PACK_GAME_TEXT_MAX(n);
    if (gf_reserve(out, cap)) return CHC_E_NO_MEMORY;
    size_t len = 0;
    int rc = pack_game_text(start, moves, n, out->p + out->len, cap, &len, diag);
    if (rc == CHC_OK) out->len += len;
    return rc;
}

int pack_game_write_binary(const chc_position *start, const chc_move *moves, size_t n,
                           gf_text *out, chc_diag *diag)
{
    size_t cap = CHC_PACK_GAME_MAX(n);
    unsigned char *buf = malloc(cap);
    if (!buf) return CHC_E_NO_MEMORY;
    size_t len = 0;
    int rc = chc_pack_game_encode(start, moves, n, CHC_RESULT_UNKNOWN, 0, buf, cap, &len, diag);
    if (rc == CHC_OK) {
        unsigned char hdr[10];
        size_t h = 0;
        size_t v = len;
        while (v >= 0x80) {
            hdr[h++] = (unsigned char)(v | 0x80);
            v >>= 7;
        }
        hdr[h++] = (unsigned char)v;
        if (gf_put(out, (const char *)hdr, h) || gf_put(out, (const char *)buf, len)) rc = CHC_E_NO_MEMORY;
    }
    free(buf);
    return rc;
}

int pack_game_read_binary(const unsigned char *in, size_t len, size_t *used, chc_position *start,
                          gf_moves *moves, chc_diag *diag)
{
    *used = 0;
    if (len == 0) return CHC_E_GAME_END;
    size_t p = 0, v = 0;
    int shift = 0;
    for (;;) {
        if (p >= len || shift > 28) {
            if (diag) {
                diag->code = CHC_E_PACK_CORRUPT;
                snprintf(diag->message, sizeof diag->message, "pack: bad record length");
            }
            return CHC_E_PACK_CORRUPT;
        }
        unsigned char b = in[p++];
        v |= (size_t)(b & 0x7F) << shift;
        shift += 7;
        if (!(b & 0x80)) break;
    }
    if (v > len - p) {
        if (diag) {
            diag->code = CHC_E_PACK_CORRUPT;
            snprintf(diag->message, sizeof diag->message, "pack: record of %zu bytes, %zu left", v, len - p);
        }
        return CHC_E_PACK_CORRUPT;
    }
    size_t cap = v * 8 + 16;
    chc_move *mv = malloc(cap * sizeof *mv);
    if (!mv) return CHC_E_NO_MEMORY;
    size_t n = 0;
    int rc = chc_pack_game_decode(in + p, v, start, mv, cap, &n, NULL, NULL, diag);
    if (rc == CHC_E_BUFFER_TOO_SMALL && n > cap) {
        free(mv);
        cap = n;
        mv = malloc(cap * sizeof *mv);
        if (!mv) return CHC_E_NO_MEMORY;
        rc = chc_pack_game_decode(in + p, v, start, mv, cap, &n, NULL, NULL, diag);
    }
    for (size_t i = 0; rc == CHC_OK && i < n; i++)
        if (gf_push(moves, mv[i])) rc = CHC_E_NO_MEMORY;
    free(mv);
    if (rc == CHC_OK) *used = p + v;
    return rc;
}
