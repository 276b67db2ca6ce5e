/* The text framing shared by the versioned pack codes: base64url, the version character and
 * the check character (docs/formats/pack-position.md and pack-game.md, "Text form").
 *
 *     +---------+-------------------------------+-------+
 *     | version |   payload, base64url (6 bits  | check |
 *     |  char   |   a character, MSB first)     | char  |
 *     +---------+-------------------------------+-------+
 *     version 1: 'p' for a position, '_' for a game
 *
 * The check: characters are elements of GF(2^6) (their base64url values) with the field
 * built from the primitive polynomial x^6 + x + 1 (alpha = x, of order 63). For a code of m
 * characters v[0..m) (the check is v[m-1]) and the kind's initial value c0:
 *
 *     c0 * alpha^m  +  sum_{i<m} v[i] * alpha^(m-1-i)  =  0          (Horner: s = s*alpha + v)
 *
 * A substitution of v[i] by v[i]+e (e != 0) adds e*alpha^(m-1-i) != 0; swapping different
 * neighbours a, b adds (a+b)*alpha^(m-2-i)*(alpha+1) != 0 (alpha != 1): both always change
 * the sum, for any length. The kinds' initial values differ, so no text is valid as both. */
#include "pack/pack_internal.h"

const char chci_b64url[65] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

int chci_b64url_value(int c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '-') return 62;
    if (c == '_') return 63;
    return -1;
}

size_t chci_b64url_put(const uint8_t *src, size_t n, char *dst)
{
    size_t o = 0;
    uint32_t acc = 0;
    int bits = 0;
    for (size_t i = 0; i < n; i++) {
        acc = (acc << 8) | src[i];
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            dst[o++] = chci_b64url[(acc >> bits) & 63];
        }
    }
    if (bits) dst[o++] = chci_b64url[(acc << (6 - bits)) & 63];
    return o;
}

long chci_b64url_get(const char *text, size_t len, uint8_t *dst, size_t *bad)
{
    uint32_t acc = 0;
    int bits = 0;
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        int v = chci_b64url_value((unsigned char)text[i]);
        if (v < 0) {
            *bad = i;
            return -1;
        }
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            dst[o++] = (uint8_t)(acc >> bits);
        }
    }
    if (len % 4 == 1) return -2;
    if (bits && (acc & ((1u << bits) - 1))) return -3;
    return (long)o;
}

/* Multiplication by alpha in GF(2^6) mod x^6 + x + 1. */
static unsigned mul_alpha(unsigned s)
{
    s <<= 1;
    return (s & 0x40) ? s ^ 0x43 : s;
}

/* The kind's initial value c0 (position 1, game 2). */
static unsigned check_init(int kind)
{
    return kind == CHCI_KIND_POSITION ? 1u : 2u;
}

/* Horner's sum over s[0..n) from c0; -1 when a character is not base64url. */
static int horner(int kind, const char *s, size_t n)
{
    unsigned h = check_init(kind);
    for (size_t i = 0; i < n; i++) {
        int v = chci_b64url_value((unsigned char)s[i]);
        if (v < 0) return -1;
        h = mul_alpha(h) ^ (unsigned)v;
    }
    return (int)h;
}

int chci_pack_check_value(int kind, const char *s, size_t n)
{
    int h = horner(kind, s, n);
    return h < 0 ? -1 : (int)mul_alpha((unsigned)h); /* then h*alpha + check = 0 */
}

int chci_pack_check_ok(int kind, const char *s, size_t n)
{
    return n > 0 && horner(kind, s, n) == 0;
}

/* Version characters (base64url values): position version v (1..11) is 40 + v ('p'..'z'),
 * game version v (1..12) is 64 - v ('_', '-', '9', '8', ...). A game code starts where
 * an unversioned 0.1 game code almost never does (the value 63 is 0.1's rarest start kind), so
 * that a damaged version-1 game text is rarely readable as a 0.1 code. */
int chci_pack_version_char(int kind, int version)
{
    if (kind == CHCI_KIND_POSITION) return version >= 1 && version <= 11 ? chci_b64url[40 + version] : 0;
    return version >= 1 && version <= 12 ? chci_b64url[64 - version] : 0;
}

int chci_pack_version_of(int kind, int c)
{
    int v = chci_b64url_value(c);
    if (kind == CHCI_KIND_POSITION) return v >= 41 && v <= 51 ? v - 40 : 0;
    return v >= 52 ? 64 - v : 0;
}

void chci_pack_trim(const char *src, size_t len, size_t *a, size_t *b)
{
    size_t s = 0, e = len;
    while (s < e && (src[s] == ' ' || src[s] == '\t' || src[s] == '\r' || src[s] == '\n')) s++;
    while (e > s && (src[e - 1] == ' ' || src[e - 1] == '\t' || src[e - 1] == '\r' ||
                     src[e - 1] == '\n'))
        e--;
    *a = s;
    *b = e;
}
