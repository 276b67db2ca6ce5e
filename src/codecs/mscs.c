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
    for (int file = 0; file < 8; file++) {
        for (int rank = 0; rank < 8; rank++) {
            /* Peek 5 bits at `bit` (may extend into w[3] = 0 beyond the end). */
            int wi = bit >> 6, off = bit & 63;
            uint64_t v = w[wi] << off;
            if (off > 59) v |= w[wi + 1] >> (64 - off);
            unsigned top = (unsigned)(v >> 59); /* 5 bits */
            int p, l;
            if (!(top & 16)) { p = CHC_NO_PIECE; l = 1; }
            else if ((top & 0x1C) == 0x18) { p = CHC_PIECE(top & 2 ? 1 : 0, CHC_KNIGHT); l = 4; }
            else if ((top & 0x1C) == 0x1C) { p = CHC_PIECE(top & 2 ? 1 : 0, CHC_ROOK); l = 4; }
            else if ((top & 0x1E) == 0x12) { p = CHC_PIECE(kings == 0 ? first_black : !first_black, CHC_KING); l = 4; kings++; }
            else if ((top & 0x1E) == 0x10) { p = CHC_PIECE(top & 1, CHC_PAWN); l = 5; }
            else if ((top & 0x1E) == 0x14) { p = CHC_PIECE(top & 1, CHC_QUEEN); l = 5; }
            else { p = CHC_PIECE(top & 1, CHC_BISHOP); l = 5; }
            if (bit + l > TOTAL_BITS)
                return chci_fail(diag, CHC_E_MSCS_OVERRUN, -1, 0, 0, bit,
                                 "MSCS: the code of square %c%c (bit %d) runs past bit 191",
                                 'a' + file, '1' + rank, bit);
            if (kings > 2)
                return chci_fail(diag, CHC_E_POS_KINGS, -1, 0, 0, bit,
                                 "MSCS: a third king on %c%c (bit %d)", 'a' + file, '1' + rank, bit);
            board[rank * 8 + file] = (uint8_t)p;
            bit += l;
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
    chc_diag d;
    memset(&d, 0, sizeof d);
    int rc = chc_position_set(pos, board, side, rooks, ep, 0, 1, 0, &d);
    if (rc != CHC_OK)
        return chci_fail(diag, rc, -1, 0, 0, -1, "MSCS: %s",
                         d.message[0] ? d.message : chc_strerror(rc));
    return CHC_OK;
}

static const char b64_std[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static const char hex_digits[] = "0123456789abcdef";

int chc_mscs_encode_text(const chc_position *pos, unsigned flags, char *buf, size_t cap,
                         chc_diag *diag)
{
    uint8_t b[CHC_MSCS_BYTES];
    size_t need = (flags & CHC_MSCS_HEX) ? CHC_MSCS_HEX_LEN + 1 : CHC_MSCS_BASE64_LEN + 1;
    if (cap) buf[0] = 0;
    if (cap < need)
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

static int b64_value(int c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+' || c == '-') return 62;
    if (c == '/' || c == '_') return 63;
    return -1;
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
    return chc_mscs_decode(b, pos, diag);
}
