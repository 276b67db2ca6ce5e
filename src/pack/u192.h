/* Internal: a fixed-size unsigned integer of 192 bits (three 64-bit limbs, least significant
 * first) for the position rank. Only what the pack code needs: add, subtract, compare,
 * multiply and divide by a 64-bit number. Callers guarantee that results fit.
 *
 * Portable C11: unsigned __int128 is used where the compiler has it (__SIZEOF_INT128__), and
 * 64-bit halves otherwise; on x86-64 with GCC or Clang a 128-by-64-bit division is one `div`
 * instruction (the compiler's __int128 division calls a generic routine). Every path gives the
 * same result: the arithmetic is exact (CHCI_NO_INT128 and CHCI_NO_ASM force the portable
 * paths, for tests). */
#ifndef CHC_PACK_U192_H
#define CHC_PACK_U192_H
#include <stdint.h>

#if defined(__SIZEOF_INT128__) && !defined(CHCI_NO_INT128)
#define CHCI_HAVE_U128 1
typedef unsigned __int128 chci_u128_native;
#else
#define CHCI_HAVE_U128 0
#endif

typedef struct {
    uint64_t w[3];
} chci_u192;

/* x * y as hi:lo. */
static inline uint64_t chci_mul64(uint64_t x, uint64_t y, uint64_t *hi)
{
#if CHCI_HAVE_U128
    chci_u128_native p = (chci_u128_native)x * y;
    *hi = (uint64_t)(p >> 64);
    return (uint64_t)p;
#else
    uint64_t xl = x & 0xFFFFFFFFu, xh = x >> 32, yl = y & 0xFFFFFFFFu, yh = y >> 32;
    uint64_t ll = xl * yl, lh = xl * yh, hl = xh * yl, hh = xh * yh;
    uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu);
    *hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    return (mid << 32) | (ll & 0xFFFFFFFFu);
#endif
}

/* (hi:lo) / d with hi < d (so the quotient fits in 64 bits); *rem gets the remainder. */
static inline uint64_t chci_div128(uint64_t hi, uint64_t lo, uint64_t d, uint64_t *rem)
{
    if (hi == 0) {
        *rem = lo % d;
        return lo / d;
    }
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(CHCI_NO_ASM)
    uint64_t q, r;
    __asm__("divq %4" : "=a"(q), "=d"(r) : "a"(lo), "d"(hi), "rm"(d));
    *rem = r;
    return q;
#elif CHCI_HAVE_U128
    chci_u128_native n = ((chci_u128_native)hi << 64) | lo;
    *rem = (uint64_t)(n % d);
    return (uint64_t)(n / d);
#else
    /* one bit at a time: hi < d throughout, so hi:lo shifted left never loses a set bit of
     * the remainder that matters (the carry out is handled) */
    uint64_t q = 0;
    for (int i = 0; i < 64; i++) {
        uint64_t carry = hi >> 63;
        hi = (hi << 1) | (lo >> 63);
        lo <<= 1;
        q <<= 1;
        if (carry || hi >= d) {
            hi -= d;
            q |= 1;
        }
    }
    *rem = hi;
    return q;
#endif
}

static inline chci_u192 chci_u192_from(uint64_t v)
{
    chci_u192 r = {{v, 0, 0}};
    return r;
}

static inline int chci_u192_is_zero(const chci_u192 *a)
{
    return (a->w[0] | a->w[1] | a->w[2]) == 0;
}

static inline void chci_u192_add(chci_u192 *a, const chci_u192 *b)
{
    uint64_t s0 = a->w[0] + b->w[0];
    uint64_t c0 = s0 < b->w[0];
    uint64_t s1 = a->w[1] + b->w[1];
    uint64_t c1 = s1 < b->w[1];
    s1 += c0;
    c1 |= s1 < c0;
    a->w[0] = s0;
    a->w[1] = s1;
    a->w[2] = a->w[2] + b->w[2] + c1;
}

static inline void chci_u192_add64(chci_u192 *a, uint64_t v)
{
    uint64_t s0 = a->w[0] + v;
    uint64_t c0 = s0 < v;
    uint64_t s1 = a->w[1] + c0;
    a->w[0] = s0;
    a->w[1] = s1;
    a->w[2] += s1 < c0;
}

/* a += x * y. */
static inline void chci_u192_addmul64(chci_u192 *a, uint64_t x, uint64_t y)
{
#if CHCI_HAVE_U128
    chci_u128_native p = (chci_u128_native)x * y;
    chci_u128_native lo = ((chci_u128_native)a->w[1] << 64 | a->w[0]) + p;
    a->w[2] += lo < p;
    a->w[0] = (uint64_t)lo;
    a->w[1] = (uint64_t)(lo >> 64);
#else
    chci_u192 p;
    p.w[0] = chci_mul64(x, y, &p.w[1]);
    p.w[2] = 0;
    chci_u192_add(a, &p);
#endif
}

/* a -= b (requires a >= b). */
static inline void chci_u192_sub(chci_u192 *a, const chci_u192 *b)
{
    uint64_t x0 = a->w[0], x1 = a->w[1];
    uint64_t d0 = x0 - b->w[0];
    uint64_t br0 = x0 < b->w[0];
    uint64_t d1 = x1 - b->w[1];
    uint64_t br1 = x1 < b->w[1];
    br1 |= d1 < br0;
    d1 -= br0;
    a->w[0] = d0;
    a->w[1] = d1;
    a->w[2] = a->w[2] - b->w[2] - br1;
}

static inline int chci_u192_cmp(const chci_u192 *a, const chci_u192 *b)
{
    if (a->w[2] != b->w[2]) return a->w[2] < b->w[2] ? -1 : 1;
    if (a->w[1] != b->w[1]) return a->w[1] < b->w[1] ? -1 : 1;
    if (a->w[0] != b->w[0]) return a->w[0] < b->w[0] ? -1 : 1;
    return 0;
}

/* a *= m (the caller guarantees no overflow past 192 bits). */
static inline void chci_u192_mul64(chci_u192 *a, uint64_t m)
{
    uint64_t h0, h1, h2;
    uint64_t l0 = chci_mul64(a->w[0], m, &h0);
    uint64_t l1 = chci_mul64(a->w[1], m, &h1);
    uint64_t l2 = chci_mul64(a->w[2], m, &h2);
    (void)h2;
    uint64_t r1 = l1 + h0;
    a->w[0] = l0;
    a->w[1] = r1;
    a->w[2] = l2 + h1 + (r1 < h0);
}

/* a /= d; returns a mod d (d > 0). Limbs that are zero cost nothing. */
static inline uint64_t chci_u192_divmod64(chci_u192 *a, uint64_t d)
{
    uint64_t r = 0;
    for (int i = 2; i >= 0; i--) {
        if (r == 0 && a->w[i] < d) {
            r = a->w[i];
            a->w[i] = 0;
            continue;
        }
        a->w[i] = chci_div128(r, a->w[i], d, &r);
    }
    return r;
}

/* Number of significant bits (0 for zero). */
static inline int chci_u192_bits(const chci_u192 *a)
{
    for (int i = 2; i >= 0; i--) {
        if (a->w[i]) return i * 64 + 64 - __builtin_clzll(a->w[i]);
    }
    return 0;
}
#endif
