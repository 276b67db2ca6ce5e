/* The pack stream: many position and game codes in one binary file
 * (docs/formats/pack-stream.md).
 *
 *   header (8 bytes):  80 00 'C' 'H' 'P' 'K' <stream version: 01> 0A
 *   record:            +------+---------+-----------+------------------+------------------+
 *                      | kind | version | length    | payload          | CRC-32C of kind  |
 *                      | P/G  | of code | LEB128    | (length bytes)   | .. payload, LE   |
 *                      +------+---------+-----------+------------------+------------------+
 *   payload: a position code's 20 bytes, or a game code's bytes after its version byte.
 *
 * The 0.1 CLI's `convert --binary` streams (no header; LEB128 length and a 0.1 binary game
 * code per record) are read by chc_pack_stream01_read_record() (experimental). */
#define CHC_EXPERIMENTAL 1
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "common/once.h"
#include "pack/pack_internal.h"

static const uint8_t stream_magic[6] = {0x80, 0x00, 'C', 'H', 'P', 'K'};
#define STREAM_VERSION 1
#define STREAM_END_BYTE 0x0A
#define KIND_POSITION 'P'
#define KIND_GAME 'G'
/* The longest payload a record may have: a game code of CHC_PACK_GAME_MAX_PLIES plies. */
#define PAYLOAD_MAX (CHC_PACK_GAME_MAX(CHC_PACK_GAME_MAX_PLIES))

/* ---- CRC-32C (Castagnoli): reflected polynomial 0x82F63B78, initial and final value
 * 0xFFFFFFFF; the check value of "123456789" is 0xE3069283 ------------------------------ */
static uint32_t crc_table[256];
static void crc_init(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++) c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
        crc_table[i] = c;
    }
}
CHCI_ONCE(crc_ready, crc_init);

uint32_t chci_crc32c(const uint8_t *p, size_t n)
{
    crc_ready();
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) c = crc_table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

/* ---- LEB128 ------------------------------------------------------------------------------ */
size_t chci_leb128_put(uint8_t *dst, uint64_t v)
{
    size_t n = 0;
    while (v >= 0x80) {
        dst[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    dst[n++] = (uint8_t)v;
    return n;
}

/* Reads a minimal LEB128 number below 2^35 at src[0..len): its byte count, 0 when the input
 * ends inside it, -1 when it is not minimal or too long. */
static int leb_get(const uint8_t *src, size_t len, uint64_t *v)
{
    uint64_t x = 0;
    for (int i = 0; i < 5; i++) {
        if ((size_t)i >= len) return 0;
        x |= (uint64_t)(src[i] & 0x7F) << (7 * i);
        if (!(src[i] & 0x80)) {
            if (i > 0 && src[i] == 0) return -1; /* a zero last byte: not minimal */
            *v = x;
            return i + 1;
        }
    }
    return -1;
}

/* ---- header ------------------------------------------------------------------------------ */
int chc_pack_stream_header(uint8_t *dst, size_t dst_cap, size_t *dst_len)
{
    if (dst_len) *dst_len = CHC_PACK_STREAM_HEADER_BYTES;
    if (dst_cap < CHC_PACK_STREAM_HEADER_BYTES) return CHC_E_BUFFER_TOO_SMALL;
    memcpy(dst, stream_magic, sizeof stream_magic);
    dst[6] = STREAM_VERSION;
    dst[7] = STREAM_END_BYTE;
    return CHC_OK;
}

int chc_pack_stream_check_header(const uint8_t *src, size_t src_len, chc_diag *diag)
{
    size_t m = src_len < sizeof stream_magic ? src_len : sizeof stream_magic;
    if (memcmp(src, stream_magic, m) != 0)
        return chci_fail(diag, CHC_E_STREAM_FORMAT, 0, 0, 0, -1,
                         "pack stream: no pack stream magic (80 00 \"CHPK\") at the start");
    if (src_len < CHC_PACK_STREAM_HEADER_BYTES)
        return chci_fail(diag, CHC_E_STREAM_FORMAT, (long)src_len, 0, 0, -1,
                         "pack stream: the header is cut off after %zu of %d bytes", src_len,
                         CHC_PACK_STREAM_HEADER_BYTES);
    if (src[7] != STREAM_END_BYTE)
        return chci_fail(diag, CHC_E_STREAM_FORMAT, 7, 0, 0, -1,
                         "pack stream: header byte 7 is 0x%02x, not 0x0a (line ends converted?)",
                         src[7]);
    if (src[6] != STREAM_VERSION)
        return chci_fail(diag, CHC_E_PACK_VERSION, 6, 0, 0, -1,
                         "pack stream: stream version %u is not one this library knows (1)", src[6]);
    return CHC_OK;
}

/* ---- records ----------------------------------------------------------------------------- */
/* Frames payload[0..n) as a record into dst. */
static int put_record(int kind, int version, const uint8_t *payload, size_t n, uint8_t *dst,
                      size_t dst_cap, size_t *dst_len, chc_diag *diag)
{
    uint8_t head[2 + 10];
    head[0] = (uint8_t)kind;
    head[1] = (uint8_t)version;
    size_t hl = 2 + chci_leb128_put(head + 2, n);
    size_t total = hl + n + 4;
    if (dst_len) *dst_len = total;
    if (total > dst_cap)
        return chci_fail(diag, CHC_E_BUFFER_TOO_SMALL, -1, 0, 0, -1,
                         "pack stream: the record needs %zu bytes, room for %zu", total, dst_cap);
    memmove(dst + hl, payload, n); /* payload may already sit in dst */
    memcpy(dst, head, hl);
    uint32_t crc = chci_crc32c(dst, hl + n);
    for (int i = 0; i < 4; i++) dst[hl + n + (size_t)i] = (uint8_t)(crc >> (8 * i));
    return CHC_OK;
}

int chc_pack_stream_write_position_version(const chc_position *pos, int version, uint8_t *dst,
                                           size_t dst_cap, size_t *dst_len, chc_diag *diag)
{
    if (dst_len) *dst_len = 0;
    uint8_t code[CHC_PACK_POS_BYTES];
    int rc = chc_pack_position_encode_version(pos, version, code, diag);
    if (rc) return rc;
    return put_record(KIND_POSITION, version, code, sizeof code, dst, dst_cap, dst_len, diag);
}

int chc_pack_stream_write_position(const chc_position *pos, uint8_t *dst, size_t dst_cap,
                                   size_t *dst_len, chc_diag *diag)
{
    return chc_pack_stream_write_position_version(pos, CHC_PACK_POS_VERSION, dst, dst_cap, dst_len,
                                                  diag);
}

int chci_pack_stream_game_record(int version, const chc_game *g, int level, uint8_t *dst,
                                 size_t dst_cap, size_t *dst_len, chc_diag *diag)
{
    if (dst_len) *dst_len = 0;
    chc_move *moves;
    size_t n, len = 0;
    int rc = chci_pack_game_moves(g, &moves, &n, diag);
    if (rc) return rc;
    size_t cap = CHC_PACK_GAME_MAX(n);
    uint8_t *body = malloc(cap);
    if (!body) {
        free(moves);
        return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "pack stream: out of memory");
    }
    rc = chci_pack_game_encode_body(chci_pack_game_fmt_of(version), chc_game_start(g), moves, n,
                                    chc_game_result(g), level, body, cap, &len, diag);
    if (rc == CHC_OK) rc = put_record(KIND_GAME, version, body, len, dst, dst_cap, dst_len, diag);
    free(body);
    free(moves);
    return rc;
}

int chc_pack_stream_write_game(const chc_game *g, unsigned flags, uint8_t *dst, size_t dst_cap,
                               size_t *dst_len, chc_diag *diag)
{
    if (dst_len) *dst_len = 0;
    if (flags & ~15u)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1,
                         "pack stream: unknown flags 0x%x (only CHC_PACK_LEVEL(n))", flags & ~15u);
    return chci_pack_stream_game_record(CHC_PACK_GAME_VERSION, g, (int)CHC_PACK_LEVEL(flags), dst,
                                        dst_cap, dst_len, diag);
}

int chc_pack_stream_read_record(const uint8_t *src, size_t src_len, size_t *used, chc_game *g,
                                chc_position *pos, chc_read_info *info, chc_diag *diag)
{
    *used = 0;
    chci_pack_info(info, CHC_FORMAT_PACK_STREAM, 0, 0);
    if (src_len == 0) return CHC_E_GAME_END;
    if (src_len < 3)
        return chci_fail(diag, CHC_E_STREAM_FORMAT, (long)src_len, 0, 0, -1,
                         "pack stream: the record is cut off after %zu bytes", src_len);
    int kind = src[0], version = src[1];
    if (kind != KIND_POSITION && kind != KIND_GAME)
        return chci_fail(diag, CHC_E_STREAM_FORMAT, 0, 0, 0, -1,
                         "pack stream: 0x%02x is not a record kind ('P' or 'G')", kind);
    if (info) info->format = kind == KIND_GAME ? CHC_FORMAT_PACK_GAME : CHC_FORMAT_PACK_POSITION;
    uint64_t n;
    int ll = leb_get(src + 2, src_len - 2, &n);
    if (ll == 0)
        return chci_fail(diag, CHC_E_STREAM_FORMAT, (long)src_len, 0, 0, -1,
                         "pack stream: the record is cut off in its length");
    if (ll < 0 || n > PAYLOAD_MAX || (kind == KIND_POSITION && n != CHC_PACK_POS_BYTES))
        return chci_fail(diag, CHC_E_STREAM_FORMAT, 2, 0, 0, -1,
                         "pack stream: bad record length (not minimal LEB128, too long, or not "
                         "%d for a position)", CHC_PACK_POS_BYTES);
    size_t hl = 2 + (size_t)ll, total = hl + (size_t)n + 4;
    if (total > src_len)
        return chci_fail(diag, CHC_E_STREAM_FORMAT, (long)src_len, 0, 0, -1,
                         "pack stream: the record of %zu bytes is cut off after %zu", total,
                         src_len);
    *used = total; /* the framing holds: a caller may skip a record that fails below */
    const uint8_t *c = src + hl + n;
    uint32_t want = (uint32_t)c[0] | (uint32_t)c[1] << 8 | (uint32_t)c[2] << 16 | (uint32_t)c[3] << 24;
    if (chci_crc32c(src, hl + (size_t)n) != want)
        return chci_fail(diag, CHC_E_PACK_CHECK, (long)(hl + n), 0, 0, -1,
                         "pack stream: the record's CRC-32C does not match (damaged data)");
    if (kind == KIND_POSITION) {
        if (version < 1 || version > CHC_PACK_POS_VERSION_MAX)
            return chci_fail(diag, CHC_E_PACK_VERSION, 1, 0, 0, -1,
                             "pack stream: position code version %d is not one this library "
                             "knows (1..%d)", version, CHC_PACK_POS_VERSION_MAX);
        chc_position tmp;
        int rc = chc_pack_position_decode_version(src + hl, version, pos ? pos : &tmp, diag);
        if (rc == CHC_OK && info) info->version = version;
        return rc;
    }
    const chci_pack_game_fmt *f = chci_pack_game_fmt_of(version);
    if (!f)
        return chci_fail(diag, CHC_E_PACK_VERSION, 1, 0, 0, -1,
                         "pack stream: game code version %d is not one this library knows "
                         "(1..%d)", version, CHC_PACK_GAME_VERSION);
    chc_game *tmp = g ? g : chc_game_new();
    if (!tmp) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "pack stream: out of memory");
    int rc = chci_pack_game_body_to_game(f, src + hl, (size_t)n, tmp, NULL, diag);
    if (tmp != g) chc_game_free(tmp);
    if (rc == CHC_OK && info) info->version = version;
    return rc;
}

/* ---- 0.1 streams (experimental) ---------------------------------------------------------- */
int chc_pack_stream01_read_record(const uint8_t *src, size_t src_len, const char *model,
                                  size_t *used, chc_game *g, chc_diag *diag)
{
    *used = 0;
    if (src_len == 0) return CHC_E_GAME_END;
    const chci_pack_game_fmt *f = chci_pack_legacy_fmt(model ? model : "0.1b");
    if (!f)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1,
                         "pack stream: \"%s\" is not a chesscodec 0.1 model (0.1a, 0.1b)", model);
    uint64_t n;
    int ll = leb_get(src, src_len, &n);
    if (ll == 0)
        return chci_fail(diag, CHC_E_STREAM_FORMAT, (long)src_len, 0, 0, -1,
                         "pack stream (0.1): the record is cut off in its length");
    if (ll < 0 || n > PAYLOAD_MAX)
        return chci_fail(diag, CHC_E_STREAM_FORMAT, 0, 0, 0, -1,
                         "pack stream (0.1): bad record length");
    if ((size_t)n > src_len - (size_t)ll)
        return chci_fail(diag, CHC_E_STREAM_FORMAT, (long)src_len, 0, 0, -1,
                         "pack stream (0.1): a record of %llu bytes, %zu left",
                         (unsigned long long)n, src_len - (size_t)ll);
    *used = (size_t)ll + (size_t)n;
    return chci_pack_game_body_to_game(f, src + ll, (size_t)n, g, NULL, diag);
}
