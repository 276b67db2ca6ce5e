/* Internal: the range coder of the pack game code (docs/formats/pack-game.md, "Range coder").
 * 32-bit range, 64-bit low with carry (the LZMA scheme); the first byte the scheme emits is
 * always 0 and is not written; the flush writes as few bytes as the final interval allows,
 * and the decoder accepts only exactly what the encoder writes. Static inline: it sits in
 * the inner loop of both directions. */
#ifndef CHC_PACK_RC_H
#define CHC_PACK_RC_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t low;
    uint32_t range;
    uint8_t cache;
    uint64_t cache_size;
    int first;
    uint8_t *out;
    size_t cap, len; /* len counts every byte, also past cap */
} chci_rc_enc;

static inline void chci_rc_enc_init(chci_rc_enc *e, uint8_t *out, size_t cap)
{
    e->low = 0;
    e->range = 0xFFFFFFFFu;
    e->cache = 0;
    e->cache_size = 1;
    e->first = 1;
    e->out = out;
    e->cap = cap;
    e->len = 0;
}

static inline void chci_rc_put(chci_rc_enc *e, uint8_t b)
{
    if (e->first) { /* the first byte is always 0: not written */
        e->first = 0;
        return;
    }
    if (e->len < e->cap) e->out[e->len] = b;
    e->len++;
}

static inline void chci_rc_shift_low(chci_rc_enc *e)
{
    if ((uint32_t)e->low < 0xFF000000u || (e->low >> 32) != 0) {
        uint8_t carry = (uint8_t)(e->low >> 32);
        uint8_t temp = e->cache;
        do {
            chci_rc_put(e, (uint8_t)(temp + carry));
            temp = 0xFF;
        } while (--e->cache_size != 0);
        e->cache = (uint8_t)(e->low >> 24);
    }
    e->cache_size++;
    e->low = (e->low & 0x00FFFFFFu) << 8;
}

/* Codes the symbol [cum, cum + freq) of a distribution of total `tot` (tot < 2^24). */
static inline void chci_rc_encode(chci_rc_enc *e, uint32_t cum, uint32_t freq, uint32_t tot)
{
    uint32_t r = e->range / tot;
    e->low += (uint64_t)r * cum;
    e->range = r * freq;
    while (e->range < (1u << 24)) {
        e->range <<= 8;
        chci_rc_shift_low(e);
    }
}

/* The final value: low rounded up to as many zero low bytes as the interval allows; returns
 * how many zero bits (32, 24, 16, 8 or 0). */
static inline int chci_rc_final(uint64_t low, uint32_t range, uint64_t *v)
{
    for (int s = 32; s >= 0; s -= 8) {
        uint64_t mask = (1ull << s) - 1;
        uint64_t x = (low + mask) & ~mask;
        if (x - low < range) {
            *v = x;
            return s;
        }
    }
    *v = low;
    return 0;
}

static inline void chci_rc_flush(chci_rc_enc *e)
{
    uint64_t v;
    int s = chci_rc_final(e->low, e->range, &v);
    e->low = v;
    for (int i = 0; i < 5; i++) chci_rc_shift_low(e);
    e->len -= (size_t)(s / 8); /* those bytes are zero: the decoder supplies them */
}

typedef struct {
    const uint8_t *in;
    size_t len, pos; /* pos counts reads, past len too */
    uint32_t low, range, code;
} chci_rc_dec;

static inline uint8_t chci_rc_byte(chci_rc_dec *d)
{
    uint8_t b = d->pos < d->len ? d->in[d->pos] : 0;
    d->pos++;
    return b;
}

static inline void chci_rc_dec_init(chci_rc_dec *d, const uint8_t *in, size_t len)
{
    d->in = in;
    d->len = len;
    d->pos = 0;
    d->low = 0;
    d->range = 0xFFFFFFFFu;
    d->code = 0;
    for (int i = 0; i < 4; i++) d->code = (d->code << 8) | chci_rc_byte(d);
}

/* The cumulative-frequency target of the next symbol, or UINT32_MAX for an impossible input;
 * *r is kept for chci_rc_decode_update(). */
static inline uint32_t chci_rc_decode_target(chci_rc_dec *d, uint32_t tot, uint32_t *r)
{
    *r = d->range / tot;
    uint32_t v = (d->code - d->low) / *r;
    return v < tot ? v : UINT32_MAX;
}

static inline void chci_rc_decode_update(chci_rc_dec *d, uint32_t r, uint32_t cum, uint32_t freq)
{
    d->low += r * cum;
    d->range = r * freq;
    while (d->range < (1u << 24)) {
        d->range <<= 8;
        d->low <<= 8;
        d->code = (d->code << 8) | chci_rc_byte(d);
    }
}

/* A symbol of the two-symbol distribution {freq0, tot - freq0}: 0 or 1, or -1 for an
 * impossible input. The same as chci_rc_decode_target() and _update(), with compares for the
 * division: floor(v / r) >= x exactly when v >= r * x (r * tot <= range fits in 32 bits). */
static inline int chci_rc_decode_binary(chci_rc_dec *d, uint32_t freq0, uint32_t tot)
{
    uint32_t r = d->range / tot, v = d->code - d->low;
    if (v >= r * tot) return -1;
    int bit = v >= r * freq0;
    if (bit) chci_rc_decode_update(d, r, freq0, tot - freq0);
    else chci_rc_decode_update(d, r, 0, freq0);
    return bit;
}

/* Non-zero when the input was exactly what the encoder writes for the symbols decoded. */
static inline int chci_rc_dec_finish_ok(const chci_rc_dec *d)
{
    uint64_t v;
    int s = chci_rc_final(d->low, d->range, &v);
    if ((uint32_t)v != d->code) return 0;
    return d->pos >= d->len && d->pos - d->len == (size_t)(s / 8);
}
#endif
