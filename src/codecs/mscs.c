/* MSCS v1: a chess state in 192 bits. Spec: docs/formats/mscs-v1.md.
 *
 *   bit 0     side to move (1 black)
 *   bit 1     first king in board order is black
 *   bits 2-5  castling: white a-side, white h-side, black a-side, black h-side
 *   bit 6     en-passant square named;  bits 7-9: its file (a = 0)
 *   bits 10.. 64 squares a1 a2 .. a8 b1 .. h8, each a prefix code:
 *               0 empty | 1000x pawn | 1001 king | 1010x queen | 1011x bishop | 110x knight |
 *               111x rook      (x: 0 white, 1 black)
 *   rest      zero up to bit 191
 * Bit 0 is the most significant bit of byte 0. Counters are not stored (decoding: 0 1). */
#include <string.h>

#include "codecs/codecs.h"
#include "common/diag.h"

#define TOTAL_BITS 192
#define HEADER_BITS 10
#define BOARD_MAX_BITS (TOTAL_BITS - HEADER_BITS) /* 182 */

/* Code and length of each piece (colour bit included), indexed by piece. */
static const uint8_t code_len[16] = {
    1, 5, 4, 5, 4, 5, 4, 0, 0, 5, 4, 5, 4, 5, 4, 0};
static const uint8_t code_bits[16] = {
    0x0,                                   /* empty */
    0x10, 0x0C, 0x16, 0x0E, 0x14, 0x9, 0, /* white P N B R Q K */
    0, 0x11, 0x0D, 0x17, 0x0F, 0x15, 0x9, 0};

/* Decoding table for the next 5 bits: piece (CHC_KING for a king, its colour decided by
 * bit 1; 0 for empty, the codes starting with 0) and code length. */
static const uint8_t dec_piece[32] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    CHC_PIECE(0, CHC_PAWN), CHC_PIECE(1, CHC_PAWN), CHC_KING, CHC_KING,         /* 1000x 1001 */
    CHC_PIECE(0, CHC_QUEEN), CHC_PIECE(1, CHC_QUEEN),                           /* 1010x */
    CHC_PIECE(0, CHC_BISHOP), CHC_PIECE(1, CHC_BISHOP),                         /* 1011x */
    CHC_PIECE(0, CHC_KNIGHT), CHC_PIECE(0, CHC_KNIGHT),                         /* 1100 */
    CHC_PIECE(1, CHC_KNIGHT), CHC_PIECE(1, CHC_KNIGHT),                         /* 1101 */
    CHC_PIECE(0, CHC_ROOK), CHC_PIECE(0, CHC_ROOK),                             /* 1110 */
    CHC_PIECE(1, CHC_ROOK), CHC_PIECE(1, CHC_ROOK)};                            /* 1111 */
static const uint8_t dec_len[32] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    5, 5, 4, 4, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4};

int chc_mscs_encode(const chc_position *pos, uint8_t out[CHC_MSCS_BYTES], chc_diag *diag)
{
    if (!chci_standard_castling(pos))
        return chci_fail(diag, CHC_E_UNSUPPORTED, -1, 0, 0, 2,
                         "MSCS: castling rights with non-standard rook or king squares cannot "
                         "be written");
    /* Three 64-bit words, filled most significant bit first. */
    uint64_t w[3] = {0, 0, 0};
    int nbits = 0;
    uint64_t acc = 0; /* bits not yet flushed, in the low end */
    int accn = 0;
    int first_king_black = -1;
    uint64_t header = 0;
    header |= (uint64_t)(pos->side == CHC_BLACK) << 9;
    unsigned c = pos->castling;
    header |= (uint64_t)!!(c & CHC_CASTLE_WQ) << 7;
    header |= (uint64_t)!!(c & CHC_CASTLE_WK) << 6;
    header |= (uint64_t)!!(c & CHC_CASTLE_BQ) << 5;
    header |= (uint64_t)!!(c & CHC_CASTLE_BK) << 4;
    if (pos->ep < 64) header |= 8u | (uint64_t)CHC_FILE(pos->ep);
    acc = header;
    accn = HEADER_BITS;
    int board_bits = 0;
    for (int file = 0; file < 8; file++) {
        for (int rank = 0; rank < 8; rank++) {
            int p = pos->board[rank * 8 + file];
            if (CHC_PIECE_TYPE(p) == CHC_KING && first_king_black < 0)
                first_king_black = CHC_PIECE_COLOR(p);
            int l = code_len[p];
            board_bits += l;
            if (board_bits > BOARD_MAX_BITS)
                return chci_fail(diag, CHC_E_MSCS_BOARD, -1, 0, 0, -1,
                                 "MSCS: the board needs more than 182 bits (no game reaches it)");
            acc = (acc << l) | code_bits[p];
            accn += l;
            if (accn >= 32) {
                /* flush 32 bits */
                uint64_t chunk = acc >> (accn - 32);
                accn -= 32;
                acc &= ((uint64_t)1 << accn) - 1;
                w[nbits >> 6] |= chunk << (32 - (nbits & 63));
                nbits += 32;
            }
        }
    }
    if (first_king_black < 0)
        return chci_fail(diag, CHC_E_POS_KINGS, -1, 0, 0, -1, "MSCS: the position has no king");
    if (accn) {
        uint64_t chunk = acc << (32 - accn);
        w[nbits >> 6] |= chunk << (32 - (nbits & 63));
    }
    w[0] |= (uint64_t)first_king_black << 62;
    for (int i = 0; i < 24; i++) out[i] = (uint8_t)(w[i >> 3] >> (56 - 8 * (i & 7)));
    return CHC_OK;
}

int chc_mscs_decode(const uint8_t in[CHC_MSCS_BYTES], chc_position *pos, chc_diag *diag)
{
    uint64_t w[4];
    for (int i = 0; i < 3; i++) {
        uint64_t v = 0;
        for (int j = 0; j < 8; j++) v = (v << 8) | in[8 * i + j];
        w[i] = v;
    }
    w[3] = 0;
    int side = (int)(w[0] >> 63);
    int first_black = (int)((w[0] >> 62) & 1);
    unsigned castle = (unsigned)((w[0] >> 58) & 15);
    int has_ep = (int)((w[0] >> 57) & 1);
    int ep_file = (int)((w[0] >> 54) & 7);
    if (!has_ep && ep_file)
        return chci_fail(diag, CHC_E_MSCS_PADDING, -1, 0, 0, 7,
                         "MSCS: bits 7-9 (en-passant file) must be zero when bit 6 is 0");
    uint8_t board[64];
    int bit = HEADER_BITS, kings = 0;
    /* Bit reader: `win` holds the bits from `bit` on, left-aligned (zeros past bit 191). A
     * file takes at most 8 * 5 = 40 bits, so one refill per file is enough. The loop has no
     * branch on the square's contents but the (rare) king. */
    uint64_t win = w[0] << HEADER_BITS;
    int nb = 64 - HEADER_BITS, next = 8; /* bits in win, next input byte */
    for (int file = 0; file < 8; file++) {
        while (nb <= 56 && next < CHC_MSCS_BYTES) {
            win |= (uint64_t)in[next++] << (56 - nb);
            nb += 8;
        }
        for (int rank = 0; rank < 8; rank++) {
            unsigned top = (unsigned)(win >> 59); /* the next 5 bits */
            int p = dec_piece[top], l = dec_len[top];
            if (bit + l > TOTAL_BITS)
                return chci_fail(diag, CHC_E_MSCS_OVERRUN, -1, 0, 0, bit,
                                 "MSCS: the code of square %c%c (bit %d) runs past bit 191",
                                 'a' + file, '1' + rank, bit);
            if (p == CHC_KING) {
                if (++kings > 2)
                    return chci_fail(diag, CHC_E_POS_KINGS, -1, 0, 0, bit,
                                     "MSCS: a third king on %c%c (bit %d)", 'a' + file,
                                     '1' + rank, bit);
                p = CHC_PIECE(kings == 1 ? first_black : !first_black, CHC_KING);
            }
            board[rank * 8 + file] = (uint8_t)p;
            bit += l;
            win <<= l;
            nb -= l;
        }
    }
    /* Padding. */
    for (int b = bit; b < TOTAL_BITS; b++)
        if ((w[b >> 6] >> (63 - (b & 63))) & 1)
            return chci_fail(diag, CHC_E_MSCS_PADDING, -1, 0, 0, b,
                             "MSCS: padding bit %d is not zero", b);
    if (kings != 2)
        return chci_fail(diag, CHC_E_POS_KINGS, -1, 0, 0, -1,
                         "MSCS: the board has %d king%s, expected one per side", kings,
                         kings == 1 ? "" : "s");
    /* Castling bits: king and rook on their home squares. */
    static const struct { unsigned bit; int king, rook, right; const char *name; } cs[4] = {
        {8, 4, 0, 1, "white queen-side (bit 2)"}, {4, 4, 7, 0, "white king-side (bit 3)"},
        {2, 60, 56, 3, "black queen-side (bit 4)"}, {1, 60, 63, 2, "black king-side (bit 5)"}};
    uint8_t rooks[4] = {CHC_NO_SQUARE, CHC_NO_SQUARE, CHC_NO_SQUARE, CHC_NO_SQUARE};
    for (int i = 0; i < 4; i++) {
        if (!(castle & cs[i].bit)) continue;
        int color = cs[i].king == 60;
        if (board[cs[i].king] != CHC_PIECE(color, CHC_KING) ||
            board[cs[i].rook] != CHC_PIECE(color, CHC_ROOK))
            return chci_fail(diag, CHC_E_POS_CASTLING, -1, 0, 0, 2 + i,
                             "MSCS: castling right %s without king and rook on their squares",
                             cs[i].name);
        rooks[cs[i].right] = (uint8_t)cs[i].rook;
    }
    int ep = CHC_NO_SQUARE;
    if (has_ep) {
        /* White to move: black pawn just went f7-f5, ep square f6. */
        int them = !side;
        int ep_sq = side == CHC_WHITE ? 40 + ep_file : 16 + ep_file;
        int pawn_sq = side == CHC_WHITE ? ep_sq - 8 : ep_sq + 8;
        int from_sq = side == CHC_WHITE ? ep_sq + 8 : ep_sq - 8;
        if (board[pawn_sq] != CHC_PIECE(them, CHC_PAWN) || board[ep_sq] != CHC_NO_PIECE ||
            board[from_sq] != CHC_NO_PIECE)
            return chci_fail(diag, CHC_E_POS_EN_PASSANT, -1, 0, 0, 6,
                             "MSCS: en-passant file %c (bits 6-9) but no pawn can just have made "
                             "a double step there", 'a' + ep_file);
        ep = ep_sq;
    }
    int rc = chc_position_set(pos, board, side, rooks, ep, 0, 1, 0, diag);
    if (rc != CHC_OK && diag) {
        char msg[sizeof diag->message];
        memcpy(msg, diag->message, sizeof msg);
        msg[sizeof msg - 1] = 0;
        return chci_fail(diag, rc, -1, 0, 0, -1, "MSCS: %s", msg[0] ? msg : chc_strerror(rc));
    }
    return rc;
}

static const char b64_std[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static const char hex_digits[] = "0123456789abcdef";

int chc_mscs_encode_text(const chc_position *pos, unsigned flags, char *buf, size_t cap,
                         chc_diag *diag)
{
    return chc_mscs_write(pos, flags, buf, cap, NULL, diag);
}

int chc_mscs_write(const chc_position *pos, unsigned flags, char *dst, size_t dst_cap,
                   size_t *dst_len, chc_diag *diag)
{
    char *buf = dst;
    uint8_t b[CHC_MSCS_BYTES];
    size_t need = (flags & CHC_MSCS_HEX) ? CHC_MSCS_HEX_LEN + 1 : CHC_MSCS_BASE64_LEN + 1;
    if (dst_cap) buf[0] = 0;
    if (dst_len) *dst_len = need - 1;
    if (dst_cap < need)
        return chci_fail(diag, CHC_E_BUFFER_TOO_SMALL, -1, 0, 0, -1,
                         "MSCS: output buffer too small");
    int rc = chc_mscs_encode(pos, b, diag);
    if (rc != CHC_OK) return rc;
    char *o = buf;
    if (flags & CHC_MSCS_HEX) {
        for (int i = 0; i < CHC_MSCS_BYTES; i++) {
            *o++ = hex_digits[b[i] >> 4];
            *o++ = hex_digits[b[i] & 15];
        }
    } else {
        for (int i = 0; i < CHC_MSCS_BYTES; i += 3) {
            unsigned v = (unsigned)b[i] << 16 | (unsigned)b[i + 1] << 8 | b[i + 2];
            *o++ = b64_std[v >> 18];
            *o++ = b64_std[(v >> 12) & 63];
            *o++ = b64_std[(v >> 6) & 63];
            *o++ = b64_std[v & 63];
        }
    }
    *o = 0;
    return CHC_OK;
}

/* Base64 digit values, both alphabets (-1: not a digit). */
static const int8_t b64_digit[256] = {
#define N16 -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1
    N16, N16,
    /* 0x20 */ -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 62, -1, 62, -1, 63,
    /* 0x30 */ 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, -1, -1, -1, -1, -1, -1,
    /* 0x40 */ -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
    /* 0x50 */ 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, -1, -1, -1, -1, 63,
    /* 0x60 */ -1, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40,
    /* 0x70 */ 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, -1, -1, -1, -1, -1,
    N16, N16, N16, N16, N16, N16, N16, N16
#undef N16
};

static int b64_value(int c)
{
    return b64_digit[c & 255];
}

static int hex_value(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int is_ws(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

int chc_mscs_decode_text(const char *text, size_t len, chc_position *pos, int *is_hex,
                         chc_diag *diag)
{
    chc_read_info info;
    int rc = chc_mscs_read(text, len, pos, &info, diag);
    if (rc == CHC_OK && is_hex) *is_hex = (info.flags & CHC_READ_HEX) != 0;
    return rc;
}

int chc_mscs_read(const char *src, size_t src_len, chc_position *pos, chc_read_info *info,
                  chc_diag *diag)
{
    const char *text = src;
    size_t len = src_len;
    int hex = 0;
    int *is_hex = &hex;
    if (info) {
        info->format = CHC_FORMAT_MSCS;
        info->version = 0;
        info->flags = 0;
        info->offset = 0;
    }
    size_t start = 0, end = len;
    while (start < end && is_ws((unsigned char)text[start])) start++;
    while (end > start && is_ws((unsigned char)text[end - 1])) end--;
    size_t n = end - start;
    const char *t = text + start;
    uint8_t b[CHC_MSCS_BYTES];
    if (n == CHC_MSCS_BASE64_LEN) {
        for (size_t i = 0; i < n; i += 4) {
            unsigned v = 0;
            for (size_t k = 0; k < 4; k++) {
                int d = b64_value((unsigned char)t[i + k]);
                if (d < 0)
                    return chci_fail(diag, CHC_E_MSCS_CHAR, (long)(start + i + k), 0, 0,
                                     (long)(i + k),
                                     "MSCS: character %zu (byte 0x%02x) is not base64", i + k + 1,
                                     (unsigned char)t[i + k]);
                v = v << 6 | (unsigned)d;
            }
            b[i / 4 * 3] = (uint8_t)(v >> 16);
            b[i / 4 * 3 + 1] = (uint8_t)(v >> 8);
            b[i / 4 * 3 + 2] = (uint8_t)v;
        }
        if (is_hex) *is_hex = 0;
    } else if (n == CHC_MSCS_HEX_LEN) {
        for (size_t i = 0; i < n; i++) {
            int d = hex_value((unsigned char)t[i]);
            if (d < 0)
                return chci_fail(diag, CHC_E_MSCS_CHAR, (long)(start + i), 0, 0, (long)i,
                                 "MSCS: character %zu (byte 0x%02x) is not a hex digit", i + 1,
                                 (unsigned char)t[i]);
            if (i & 1) b[i / 2] = (uint8_t)(b[i / 2] | d);
            else b[i / 2] = (uint8_t)(d << 4);
        }
        if (is_hex) *is_hex = 1;
    } else {
        return chci_fail(diag, CHC_E_MSCS_LENGTH, -1, 0, 0, (long)n,
                         "MSCS: %zu characters, expected 32 (base64) or 48 (hex)", n);
    }
    if (info) {
        info->format = hex ? CHC_FORMAT_MSCS_HEX : CHC_FORMAT_MSCS;
        info->flags = hex ? CHC_READ_HEX : 0u;
        info->offset = (long)start;
    }
    return chc_mscs_decode(b, pos, diag);
}
