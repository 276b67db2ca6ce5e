/* Internal: a fixed-size unsigned integer of 192 bits (three 64-bit limbs, least significant
 * first) for the position rank. Only what the pack code needs: add, subtract, compare,
 * multiply and divide by a 64-bit number. Callers guarantee that results fit. */
#ifndef CHC_PACK_U192_H
#define CHC_PACK_U192_H
#include <stdint.h>

typedef struct {
    uint64_t w[3];
} chci_u192;

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
    unsigned __int128 c = 0;
    for (int i = 0; i < 3; i++) {
        c += (unsigned __int128)a->w[i] + b->w[i];
        a->w[i] = (uint64_t)c;
        c >>= 64;
    }
}

static inline void chci_u192_add64(chci_u192 *a, uint64_t v)
{
    chci_u192 b = chci_u192_from(v);
    chci_u192_add(a, &b);
}

/* a -= b (requires a >= b). */
static inline void chci_u192_sub(chci_u192 *a, const chci_u192 *b)
{
    uint64_t borrow = 0;
    for (int i = 0; i < 3; i++) {
        uint64_t x = a->w[i], y = b->w[i];
        uint64_t d = x - y - borrow;
        borrow = (x < y) || (x == y && borrow) ? 1 : 0;
        a->w[i] = d;
    }
}

static inline int chci_u192_cmp(const chci_u192 *a, const chci_u192 *b)
{
    for (int i = 2; i >= 0; i--) {
        if (a->w[i] != b->w[i]) return a->w[i] < b->w[i] ? -1 : 1;
    }
    return 0;
}

/* a *= m (the caller guarantees no overflow past 192 bits). */
static inline void chci_u192_mul64(chci_u192 *a, uint64_t m)
{
    unsigned __int128 c = 0;
    for (int i = 0; i < 3; i++) {
        c += (unsigned __int128)a->w[i] * m;
        a->w[i] = (uint64_t)c;
        c >>= 64;
    }
}

/* a /= d; returns a mod d (d > 0). */
static inline uint64_t chci_u192_divmod64(chci_u192 *a, uint64_t d)
{
    unsigned __int128 r = 0;
    for (int i = 2; i >= 0; i--) {
        r = (r << 64) | a->w[i];
        a->w[i] = (uint64_t)(r / d);
        r %= d;
    }
    return (uint64_t)r;
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
