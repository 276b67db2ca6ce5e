/* The public pack game functions: binary and text forms of every version, the reading rule
 * for unversioned chesscodec 0.1 codes, the deprecated 0.1 names and the experimental
 * legacy calls (docs/formats/pack-game.md).
 *
 *   binary, version >= 1:  +---------+------------------------+
 *                          | version |  range coder's bytes   |
 *                          +---------+------------------------+
 *   text, version >= 1:    version character ('_' for 1), base64url of the bytes after the
 *                          version byte, check character (pack_text.c)
 *   text, 0.1 (read only): base64url of the range coder's bytes, no version, no check */
#define CHC_EXPERIMENTAL 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "pack/pack_internal.h"

void chci_pack_info(chc_read_info *info, int format, int version, unsigned flags)
{
    if (!info) return;
    info->format = format;
    info->version = version;
    info->flags = flags;
    info->offset = 0;
}

/* ---------------------------------------------------------------------------------------- */
/* Binary form                                                                              */
/* ---------------------------------------------------------------------------------------- */
static int check_flags(unsigned flags, int *level, chc_diag *diag)
{
    if (flags & ~15u)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1,
                         "pack game: unknown flags 0x%x (only CHC_PACK_LEVEL(n))", flags & ~15u);
    *level = (int)CHC_PACK_LEVEL(flags);
    return CHC_OK;
}

int chci_pack_game_encode_version(int version, const chc_position *start, const chc_move *moves,
                            size_t n, int result, int level, uint8_t *dst, size_t dst_cap,
                            size_t *dst_len, chc_diag *diag)
{
    const chci_pack_game_fmt *f = chci_pack_game_fmt_of(version);
    size_t len = 0;
    int rc = chci_pack_game_encode_body(f, start, moves, n, result, level, dst_cap ? dst + 1 : dst,
                                        dst_cap ? dst_cap - 1 : 0, &len, diag);
    if (dst_len) *dst_len = rc == CHC_OK || rc == CHC_E_BUFFER_TOO_SMALL ? len + 1 : 0;
    if (rc == CHC_OK) dst[0] = (uint8_t)version;
    return rc;
}

int chc_pack_game_encode(const chc_position *start, const chc_move *moves, size_t n, int result,
                         unsigned flags, uint8_t *dst, size_t dst_cap, size_t *dst_len,
                         chc_diag *diag)
{
    int level = 0;
    if (dst_len) *dst_len = 0;
    int rc = check_flags(flags, &level, diag);
    if (rc) return rc;
    return chci_pack_game_encode_version(CHC_PACK_GAME_VERSION, start, moves, n, result, level, dst, dst_cap,
                            dst_len, diag);
}

int chc_pack_game_decode(const uint8_t *src, size_t src_len, chc_position *start,
                         chc_move *moves, size_t cap, size_t *n, int *result,
                         chc_read_info *info, chc_diag *diag)
{
    *n = 0;
    if (result) *result = CHC_RESULT_UNKNOWN;
    chci_pack_info(info, CHC_FORMAT_PACK_GAME, 0, 0);
    if (src_len == 0)
        return chci_fail(diag, CHC_E_PACK_CORRUPT, 0, 0, 0, -1, "pack game: empty code");
    const chci_pack_game_fmt *f = chci_pack_game_fmt_of(src[0]);
    if (!f)
        return chci_fail(diag, CHC_E_PACK_VERSION, 0, 0, 0, -1,
                         "pack game: version %u is not one this library knows (1..%d)", src[0],
                         CHC_PACK_GAME_VERSION);
    if (info) info->version = f->version;
    return chci_pack_game_decode_body(f, src + 1, src_len - 1, start, moves, cap, n, result, NULL,
                                      diag);
}

/* ---------------------------------------------------------------------------------------- */
/* Decoding into growing buffers and into games                                             */
/* ---------------------------------------------------------------------------------------- */
typedef struct {
    chc_position start;
    chc_move *moves; /* malloc'ed */
    size_t n;
    int result, level;
} decoded_game;

/* Decodes a body with a move buffer that grows to what the code needs. */
static int decode_alloc(const chci_pack_game_fmt *f, const uint8_t *src, size_t len,
                        decoded_game *out, chc_diag *diag)
{
    size_t cap = len * 8 + 64;
    if (cap > CHC_PACK_GAME_MAX_PLIES) cap = CHC_PACK_GAME_MAX_PLIES;
    out->moves = NULL;
    out->n = 0;
    for (int pass = 0; pass < 2; pass++) {
        chc_move *m = realloc(out->moves, cap * sizeof *m);
        if (!m) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "pack game: out of memory");
        out->moves = m;
        int rc = chci_pack_game_decode_body(f, src, len, &out->start, out->moves, cap, &out->n,
                                            &out->result, &out->level, diag);
        if (rc != CHC_E_BUFFER_TOO_SMALL) return rc;
        cap = out->n;
    }
    return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "pack game: buffer");
}

static int to_game(const decoded_game *dg, chc_game *g, chc_diag *diag)
{
    chc_game_reset(g, &dg->start);
    for (size_t i = 0; i < dg->n; i++) {
        int rc = chc_game_push(g, dg->moves[i]);
        if (rc) return chci_fail(diag, rc, -1, 0, 0, (long)i, "pack game: ply %zu: %s", i + 1,
                                 chc_strerror(rc));
    }
    chc_game_set_result(g, dg->result);
    return CHC_OK;
}

int chci_pack_game_body_to_game(const chci_pack_game_fmt *f, const uint8_t *src, size_t len,
                                chc_game *g, int *level, chc_diag *diag)
{
    decoded_game dg;
    int rc = decode_alloc(f, src, len, &dg, diag);
    if (rc == CHC_OK) rc = to_game(&dg, g, diag);
    if (rc == CHC_OK && level) *level = dg.level;
    free(dg.moves);
    return rc;
}

int chci_pack_game_moves(const chc_game *g, chc_move **moves, size_t *n, chc_diag *diag)
{
    *n = chc_game_ply_count(g);
    *moves = malloc((*n ? *n : 1) * sizeof **moves);
    if (!*moves) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "pack game: out of memory");
    for (size_t i = 0; i < *n; i++) (*moves)[i] = chc_game_move(g, i);
    return CHC_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* Text form                                                                                */
/* ---------------------------------------------------------------------------------------- */
int chci_pack_game_write_version(int version, const chc_position *start, const chc_move *moves,
                           size_t n, int result, int level, char *dst, size_t dst_cap,
                           size_t *dst_len, chc_diag *diag)
{
    if (dst_len) *dst_len = 0;
    if (dst_cap) dst[0] = 0;
    size_t bcap = CHC_PACK_GAME_MAX(n), blen = 0;
    uint8_t stackbuf[4096];
    uint8_t *buf = bcap <= sizeof stackbuf ? stackbuf : malloc(bcap);
    if (!buf) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "pack game: out of memory");
    int rc = chci_pack_game_encode_version(version, start, moves, n, result, level, buf, bcap, &blen, diag);
    if (rc == CHC_OK) {
        size_t tl = 1 + CHCI_B64_LEN(blen - 1) + 1;
        if (dst_len) *dst_len = tl;
        if (tl + 1 > dst_cap) {
            rc = chci_fail(diag, CHC_E_BUFFER_TOO_SMALL, -1, 0, 0, -1,
                           "pack game: the text needs %zu characters, room for %zu", tl,
                           dst_cap ? dst_cap - 1 : 0);
        } else {
            dst[0] = (char)chci_pack_version_char(CHCI_KIND_GAME, version);
            chci_b64url_put(buf + 1, blen - 1, dst + 1);
            dst[tl - 1] = chci_b64url[chci_pack_check_value(CHCI_KIND_GAME, dst, tl - 1)];
            dst[tl] = 0;
        }
    }
    if (buf != stackbuf) free(buf);
    return rc;
}

int chc_pack_game_write(const chc_game *g, unsigned flags, char *dst, size_t dst_cap,
                        size_t *dst_len, chc_diag *diag)
{
    int level = 0;
    if (dst_len) *dst_len = 0;
    if (dst_cap) dst[0] = 0;
    int rc = check_flags(flags, &level, diag);
    if (rc) return rc;
    chc_move *moves;
    size_t n;
    rc = chci_pack_game_moves(g, &moves, &n, diag);
    if (rc) return rc;
    rc = chci_pack_game_write_version(CHC_PACK_GAME_VERSION, chc_game_start(g), moves, n, chc_game_result(g),
                         level, dst, dst_cap, dst_len, diag);
    free(moves);
    return rc;
}

static int same_game(const decoded_game *x, const decoded_game *y)
{
    char f1[CHC_FEN_MAX], f2[CHC_FEN_MAX];
    chc_position_to_fen(&x->start, f1, sizeof f1, CHC_FEN_SHREDDER);
    chc_position_to_fen(&y->start, f2, sizeof f2, CHC_FEN_SHREDDER);
    if (strcmp(f1, f2) || !x->start.chess960 != !y->start.chess960 || x->n != y->n) return 0;
    for (size_t i = 0; i < x->n; i++)
        if ((x->moves[i] ^ y->moves[i]) & 0x7FFFu) return 0;
    return 1;
}

/* The reading rule (docs/formats/pack-game.md, "Reading"): a valid versioned code is read as
 * that version; otherwise the text is tried as an unversioned 0.1 code with every 0.1 model:
 * exactly one reads it strictly (or all that do give the same game) -> that game, flagged
 * CHC_READ_LEGACY; two different games -> CHC_E_PACK_AMBIGUOUS. *out gets malloc'ed moves. */
static int read_text(const char *src, size_t src_len, decoded_game *out, chc_read_info *info,
                     chc_diag *diag)
{
    out->moves = NULL;
    out->n = 0;
    chci_pack_info(info, CHC_FORMAT_PACK_GAME, 0, 0);
    size_t a, b;
    chci_pack_trim(src, src_len, &a, &b);
    const char *t = src + a;
    size_t tl = b - a;
    if (tl == 0) return chci_fail(diag, CHC_E_EMPTY, (long)a, 1, (long)a + 1, -1, "pack game: empty text");
    for (size_t i = 0; i < tl; i++)
        if (chci_b64url_value((unsigned char)t[i]) < 0)
            return chci_fail(diag, CHC_E_PACK_CORRUPT, (long)(a + i), 1, (long)(a + i) + 1, (long)i,
                             "pack game: character %zu is not base64url", i + 1);
    uint8_t stackbuf[4096];
    uint8_t *bytes = tl <= sizeof stackbuf ? stackbuf : malloc(tl);
    if (!bytes) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "pack game: out of memory");

    /* 1. a versioned code */
    chc_diag vdiag = CHC_DIAG_INIT;
    int vrc = 0, rc;
    size_t bad;
    int version = chci_pack_version_of(CHCI_KIND_GAME, (unsigned char)t[0]);
    if (version && tl >= 2 && chci_pack_check_ok(CHCI_KIND_GAME, t, tl)) {
        const chci_pack_game_fmt *f = chci_pack_game_fmt_of(version);
        long bl = chci_b64url_get(t + 1, tl - 2, bytes, &bad);
        if (!f) {
            vrc = chci_fail(&vdiag, CHC_E_PACK_VERSION, (long)a, 1, (long)a + 1, 0,
                            "pack game: version %d (character '%c') is newer than this library",
                            version, t[0]);
        } else if (bl < 0) {
            vrc = chci_fail(&vdiag, CHC_E_PACK_CORRUPT, (long)b - 2, 1, (long)b - 1, (long)tl - 2,
                            "pack game: %s", bl == -2 ? "the length is not a whole number of bytes"
                                                      : "non-zero unused bits before the check character");
        } else {
            vrc = decode_alloc(f, bytes, (size_t)bl, out, &vdiag);
            if (vrc == CHC_OK) {
                if (info) {
                    info->version = version;
                    info->offset = (long)a;
                }
                rc = CHC_OK;
                goto done;
            }
            free(out->moves);
            out->moves = NULL;
            if (vrc == CHC_E_NO_MEMORY) {
                rc = chci_fail(diag, vrc, -1, 0, 0, -1, "%s", vdiag.message);
                goto done;
            }
        }
    } else if (version) {
        vrc = chci_fail(&vdiag, CHC_E_PACK_CHECK, (long)a, 1, (long)a + 1, -1,
                        "pack game: the check character does not match (a typo or a damaged code)");
    } else if (tl == CHC_PACK_POS_TEXT_MAX - 1 &&
               chci_pack_version_of(CHCI_KIND_POSITION, (unsigned char)t[0]) &&
               chci_pack_check_ok(CHCI_KIND_POSITION, t, tl)) {
        vrc = chci_fail(&vdiag, CHC_E_PACK_CORRUPT, (long)a, 1, (long)a + 1, -1,
                        "pack game: this is a pack position code, not a game code");
    }

    /* 2. an unversioned chesscodec 0.1 code */
    decoded_game lg[CHCI_PACK_LEGACY_MODELS];
    chc_diag ldiag = CHC_DIAG_INIT;
    int ok[CHCI_PACK_LEGACY_MODELS], nok = 0, lrc = CHC_E_PACK_CORRUPT;
    long bl = chci_b64url_get(t, tl, bytes, &bad);
    for (size_t m = 0; m < CHCI_PACK_LEGACY_MODELS; m++) {
        lg[m].moves = NULL;
        ok[m] = 0;
        if (bl < 0) continue;
        chc_diag d1 = CHC_DIAG_INIT;
        int r = decode_alloc(chci_pack_legacy_fmt_at(m), bytes, (size_t)bl, &lg[m], &d1);
        if (r == CHC_OK) {
            ok[m] = 1;
            nok++;
        } else {
            lrc = r;
            ldiag = d1;
        }
    }
    if (bl < 0) {
        lrc = chci_fail(&ldiag, CHC_E_PACK_CORRUPT, (long)b - 1, 1, (long)b, (long)tl - 1,
                        "pack game: %s", bl == -2 ? "the length is not a whole number of bytes"
                                                  : "non-zero unused bits in the last character");
    }
    size_t first = 0, other = 0;
    while (first < CHCI_PACK_LEGACY_MODELS && !ok[first]) first++;
    for (size_t m = first + 1; nok > 1 && m < CHCI_PACK_LEGACY_MODELS; m++)
        if (ok[m] && !other && !same_game(&lg[first], &lg[m])) other = m;
    if (other) {
        rc = chci_fail(diag, CHC_E_PACK_AMBIGUOUS, (long)a, 1, (long)a + 1, -1,
                       "pack game: a chesscodec 0.1 code that models %s (%zu plies) and %s (%zu "
                       "plies) both read: name the model (chc_pack_game_read_legacy)",
                       chci_pack_legacy_fmt_at(first)->model->name, lg[first].n,
                       chci_pack_legacy_fmt_at(other)->model->name, lg[other].n);
    } else if (nok) {
        size_t m = first;
        *out = lg[m];
        lg[m].moves = NULL;
        if (info) {
            info->flags |= CHC_READ_LEGACY;
            info->offset = (long)a;
        }
        rc = CHC_OK;
    } else if (vrc) {
        rc = chci_fail(diag, vrc, vdiag.offset, vdiag.line, vdiag.column, vdiag.index, "%s",
                       vdiag.message);
    } else if (lrc == CHC_E_NO_MEMORY) {
        rc = chci_fail(diag, lrc, -1, 0, 0, -1, "%s", ldiag.message);
    } else {
        const char *msg = ldiag.message;
        if (strncmp(msg, "pack game: ", 11) == 0) msg += 11;
        rc = chci_fail(diag, lrc, ldiag.offset, ldiag.line, ldiag.column, ldiag.index,
                       "pack game: no version character ('%c'), and as a chesscodec 0.1 code: %s",
                       t[0], msg);
    }
    for (size_t m = 0; m < CHCI_PACK_LEGACY_MODELS; m++) free(lg[m].moves);
done:
    if (bytes != stackbuf) free(bytes);
    return rc;
}

int chc_pack_game_read(const char *src, size_t src_len, chc_game *g, chc_read_info *info,
                       chc_diag *diag)
{
    decoded_game dg;
    int rc = read_text(src, src_len, &dg, info, diag);
    if (rc == CHC_OK) rc = to_game(&dg, g, diag);
    free(dg.moves);
    return rc;
}

/* ---------------------------------------------------------------------------------------- */
/* Experimental: unversioned codes by model                                                 */
/* ---------------------------------------------------------------------------------------- */
const char *chc_pack_legacy_model(size_t i)
{
    const chci_pack_game_fmt *f = chci_pack_legacy_fmt_at(i);
    return f ? f->model->name : NULL;
}

static const chci_pack_game_fmt *legacy_or_fail(const char *model, chc_diag *diag)
{
    const chci_pack_game_fmt *f = chci_pack_legacy_fmt(model);
    if (!f)
        chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1,
                  "pack game: \"%s\" is not a chesscodec 0.1 model (0.1a, 0.1b)",
                  model ? model : "(null)");
    return f;
}

int chc_pack_game_decode_legacy(const uint8_t *src, size_t src_len, const char *model,
                                chc_position *start, chc_move *moves, size_t cap, size_t *n,
                                int *level, chc_diag *diag)
{
    *n = 0;
    const chci_pack_game_fmt *f = legacy_or_fail(model, diag);
    if (!f) return CHC_E_ARGUMENT;
    return chci_pack_game_decode_body(f, src, src_len, start, moves, cap, n, NULL, level, diag);
}

int chc_pack_game_read_legacy(const char *src, size_t src_len, const char *model, chc_game *g,
                              chc_read_info *info, chc_diag *diag)
{
    chci_pack_info(info, CHC_FORMAT_PACK_GAME, 0, 0);
    const chci_pack_game_fmt *f = legacy_or_fail(model, diag);
    if (!f) return CHC_E_ARGUMENT;
    size_t a, b, bad = 0;
    chci_pack_trim(src, src_len, &a, &b);
    if (a == b) return chci_fail(diag, CHC_E_EMPTY, (long)a, 1, (long)a + 1, -1, "pack game: empty text");
    uint8_t stackbuf[4096];
    uint8_t *bytes = b - a <= sizeof stackbuf ? stackbuf : malloc(b - a);
    if (!bytes) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "pack game: out of memory");
    long bl = chci_b64url_get(src + a, b - a, bytes, &bad);
    int rc;
    if (bl == -1)
        rc = chci_fail(diag, CHC_E_PACK_CORRUPT, (long)(a + bad), 1, (long)(a + bad) + 1, (long)bad,
                       "pack game: character %zu is not base64url", bad + 1);
    else if (bl < 0)
        rc = chci_fail(diag, CHC_E_PACK_CORRUPT, (long)b - 1, 1, (long)b, (long)(b - a - 1),
                       "pack game: %s", bl == -2 ? "the length is not a whole number of bytes"
                                                 : "non-zero unused bits in the last character");
    else
        rc = chci_pack_game_body_to_game(f, bytes, (size_t)bl, g, NULL, diag);
    if (rc == CHC_OK && info) {
        info->flags = CHC_READ_LEGACY;
        info->offset = (long)a;
    }
    if (bytes != stackbuf) free(bytes);
    return rc;
}

/* ---------------------------------------------------------------------------------------- */
/* Deprecated 0.1 names: version-1 codes with result "*"; the text reader reads every version */
/* ---------------------------------------------------------------------------------------- */
int chc_pack_game(const chc_position *start, const chc_move *moves, size_t n, int level,
                  uint8_t *out, size_t cap, size_t *len)
{
    return chci_pack_game_encode_version(CHC_PACK_GAME_VERSION, start, moves, n, CHC_RESULT_UNKNOWN, level,
                            out, cap, len, NULL);
}

int chc_unpack_game(const uint8_t *in, size_t len, chc_position *start, chc_move *moves,
                    size_t cap, size_t *n, chc_diag *diag)
{
    return chc_pack_game_decode(in, len, start, moves, cap, n, NULL, NULL, diag);
}

int chc_pack_game_text(const chc_position *start, const chc_move *moves, size_t n, int level,
                       char *out, size_t cap, size_t *len)
{
    return chci_pack_game_write_version(CHC_PACK_GAME_VERSION, start, moves, n, CHC_RESULT_UNKNOWN, level, out,
                           cap, len, NULL);
}

int chc_unpack_game_text(const char *text, size_t len, chc_position *start, chc_move *moves,
                         size_t cap, size_t *n, chc_diag *diag)
{
    decoded_game dg;
    *n = 0;
    int rc = read_text(text, len, &dg, NULL, diag);
    if (rc == CHC_OK) {
        *start = dg.start;
        *n = dg.n;
        if (dg.n > cap)
            rc = chci_fail(diag, CHC_E_BUFFER_TOO_SMALL, -1, 0, 0, -1,
                           "pack game: %zu plies, room for %zu", dg.n, cap);
        else if (dg.n)
            memcpy(moves, dg.moves, dg.n * sizeof *moves);
    }
    free(dg.moves);
    return rc;
}
