/* The position rank's 192-bit arithmetic (src/pack/u192.h) on its portable paths: without
 * unsigned __int128 and without the x86-64 division instruction, as a compiler lacking them
 * builds it. Checked against the compiler's own 128-bit arithmetic where it has it, and
 * against identities (q·d + r = n, r < d) everywhere. The library's own paths are checked by
 * the golden vectors (test_pack_golden) giving the same codes. */
#define CHCI_NO_INT128 1
#define CHCI_NO_ASM 1
#include "testutil.h"

#include "pack/u192.h"

static uint64_t rng_state = 0x243F6A8885A308D3ull;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* A random value of a random width (small and large values both). */
static uint64_t rnd_width(void)
{
    int bits = (int)(rnd() % 64) + 1;
    uint64_t v = rnd();
    return bits == 64 ? v : v & ((1ull << bits) - 1);
}

static void test_mul_div_64(void **state)
{
    (void)state;
    assert_int_equal(CHCI_HAVE_U128, 0);
    for (int i = 0; i < 200000; i++) {
        uint64_t x = rnd_width(), y = rnd_width(), hi;
        uint64_t lo = chci_mul64(x, y, &hi);
#ifdef __SIZEOF_INT128__
        unsigned __int128 p = (unsigned __int128)x * y;
        assert_true(lo == (uint64_t)p && hi == (uint64_t)(p >> 64));
#endif
        uint64_t d = rnd_width();
        if (!d) d = 1;
        uint64_t nh = rnd_width() % d, nl = rnd(), r;
        uint64_t q = chci_div128(nh, nl, d, &r);
        assert_true(r < d);
        /* q·d + r == nh:nl */
        uint64_t ph, pl = chci_mul64(q, d, &ph);
        uint64_t sl = pl + r;
        assert_true(sl == nl && ph + (sl < pl) == nh);
#ifdef __SIZEOF_INT128__
        unsigned __int128 n = ((unsigned __int128)nh << 64) | nl;
        assert_true(q == (uint64_t)(n / d) && r == (uint64_t)(n % d));
#endif
    }
}

static void test_u192(void **state)
{
    (void)state;
    for (int i = 0; i < 100000; i++) {
        /* a fits in 128 bits, m in 64: a·m + k fits in 192 */
        chci_u192 a = {{rnd(), rnd_width(), 0}};
        uint64_t m = rnd_width(), k;
        if (!m) m = 1;
        k = rnd() % m;
        chci_u192 b = a;
        chci_u192_mul64(&b, m);
        chci_u192_add64(&b, k);
        assert_true(chci_u192_cmp(&b, &a) >= 0);
        chci_u192 c = b;
        assert_true(chci_u192_divmod64(&c, m) == k);
        assert_int_equal(chci_u192_cmp(&c, &a), 0);
        /* addmul64 against mul64 + add */
        uint64_t x = rnd_width(), y = rnd_width();
        chci_u192 e = b, f = chci_u192_from(x);
        chci_u192_addmul64(&e, x, y);
        chci_u192_mul64(&f, y);
        chci_u192 g = b;
        chci_u192_add(&g, &f);
        assert_int_equal(chci_u192_cmp(&e, &g), 0);
        /* sub undoes add */
        chci_u192_sub(&g, &f);
        assert_int_equal(chci_u192_cmp(&g, &b), 0);
    }
    /* carries across every limb */
    chci_u192 t = {{~0ull, ~0ull, 0}};
    chci_u192_add64(&t, 1);
    assert_true(t.w[0] == 0 && t.w[1] == 0 && t.w[2] == 1);
    chci_u192 one = chci_u192_from(1);
    chci_u192_sub(&t, &one);
    assert_true(t.w[0] == ~0ull && t.w[1] == ~0ull && t.w[2] == 0);
    assert_int_equal(chci_u192_bits(&t), 128);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mul_div_64),
        cmocka_unit_test(test_u192),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
