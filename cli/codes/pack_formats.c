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
    return chc_unpack_position_text(pos, text, diag);
}

int pack_pos_encode(const chc_position *pos, char *buf, size_t cap, chc_diag *diag)
{
    if (cap < CHC_PACK_POS_TEXT_MAX) return CHC_E_BUFFER_TOO_SMALL;
    int rc = chc_pack_position_text(pos, buf);
    if (rc && diag) {
        diag->code = rc;
        snprintf(diag->message, sizeof diag->message, "pack: %s", chc_strerror(rc));
    }
    return rc;
}

int pack_game_read(const char *line, chc_position *start, gf_moves *moves, chc_diag *diag)
{
    size_t len = strlen(line);
    size_t cap = len * 6 + 1; /* a ply costs more than a bit: generous */
    chc_move *v = malloc(cap * sizeof *v);
    if (!v) return CHC_E_NO_MEMORY;
    size_t n = 0;
    int rc = chc_unpack_game_text(line, len, start, v, cap, &n, diag);
    if (rc == CHC_E_BUFFER_TOO_SMALL && n > cap) { /* many forced moves: ask again */
        free(v);
        cap = n;
        v = malloc(cap * sizeof *v);
        if (!v) return CHC_E_NO_MEMORY;
        rc = chc_unpack_game_text(line, len, start, v, cap, &n, diag);
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
    int rc = chc_pack_game_text(start, moves, n, 0, out->p + out->len, cap, &len);
    if (rc == CHC_OK) {
        out->len += len;
    } else if (diag) {
        diag->code = rc;
        snprintf(diag->message, sizeof diag->message, "pack: %s", chc_strerror(rc));
    }
    return rc;
}

int pack_game_write_binary(const chc_position *start, const chc_move *moves, size_t n,
                           gf_text *out, chc_diag *diag)
{
    size_t cap = CHC_PACK_GAME_MAX(n);
    unsigned char *buf = malloc(cap);
    if (!buf) return CHC_E_NO_MEMORY;
    size_t len = 0;
    int rc = chc_pack_game(start, moves, n, 0, buf, cap, &len);
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
    } else if (diag) {
        diag->code = rc;
        snprintf(diag->message, sizeof diag->message, "pack: %s", chc_strerror(rc));
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
    int rc = chc_unpack_game(in + p, v, start, mv, cap, &n, diag);
    if (rc == CHC_E_BUFFER_TOO_SMALL && n > cap) {
        free(mv);
        cap = n;
        mv = malloc(cap * sizeof *mv);
        if (!mv) return CHC_E_NO_MEMORY;
        rc = chc_unpack_game(in + p, v, start, mv, cap, &n, diag);
    }
    for (size_t i = 0; rc == CHC_OK && i < n; i++)
        if (gf_push(moves, mv[i])) rc = CHC_E_NO_MEMORY;
    free(mv);
    if (rc == CHC_OK) *used = p + v;
    return rc;
}
