/* Compressed files (section formats): names, extensions and magics; every compression the
 * library was built with round-trips (chc_compressor, then chc_decompressor read whole and a
 * byte at a time), concatenated streams read as one, plain input passes through, a cut or
 * damaged stream is CHC_E_IO with a message and stays failed, a compression built without is
 * CHC_E_UNSUPPORTED naming its package. Debian's tools are the oracle in
 * tests/cli/test_compressed.sh. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const unsigned FEATURE[] = {0, CHC_FEATURE_GZIP, CHC_FEATURE_BZIP2, CHC_FEATURE_XZ, CHC_FEATURE_ZSTD};

typedef struct mem {
    unsigned char *p;
    size_t len, cap, pos, step; /* reading: pos, and at most step bytes a call (0: all) */
} mem;

static int mem_write(void *ctx, const void *data, size_t len)
{
    mem *m = ctx;
    if (!len) return 0;
    if (m->len + len > m->cap) {
        m->cap = (m->len + len) * 2;
        m->p = realloc(m->p, m->cap);
        assert_non_null(m->p);
    }
    memcpy(m->p + m->len, data, len);
    m->len += len;
    return 0;
}

static size_t mem_read(void *ctx, char *buf, size_t cap)
{
    mem *m = ctx;
    size_t n = m->len - m->pos;
    if (n > cap) n = cap;
    if (m->step && n > m->step) n = m->step;
    if (n) memcpy(buf, m->p + m->pos, n); /* (an empty mem has no buffer) */
    m->pos += n;
    return n;
}

/* All of src decompressed; returns the error code (CHC_OK) and the bytes in *out. */
static int inflate_all(mem *src, mem *out, chc_diag *d)
{
    chc_decompressor *z = chc_decompressor_new(mem_read, src, 2);
    char buf[777];
    size_t n;
    assert_non_null(z);
    while ((n = chc_decompressor_read(z, buf, sizeof buf)) > 0 && n != (size_t)-1) mem_write(out, buf, n);
    int rc = chc_decompressor_error(z, d);
    if (rc != CHC_OK) assert_true(chc_decompressor_read(z, buf, 1) == (size_t)-1); /* sticky */
    chc_decompressor_free(z);
    return rc;
}

static mem text(void)
{
    mem m = {0};
    for (int i = 0; i < 3000; i++) {
        char line[64];
        int n = snprintf(line, sizeof line, "[Event \"game %d\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n", i);
        mem_write(&m, line, (size_t)n);
    }
    return m;
}

static void test_names(void **state)
{
    (void)state;
    assert_string_equal(chc_compression_name(CHC_COMPRESS_ZSTD), "zstd");
    assert_null(chc_compression_name(9));
    assert_int_equal(chc_compression_of_path("a.pgn.zst"), CHC_COMPRESS_ZSTD);
    assert_int_equal(chc_compression_of_path("a.pgn.xz"), CHC_COMPRESS_XZ);
    assert_int_equal(chc_compression_of_path("a.gz"), CHC_COMPRESS_GZIP);
    assert_int_equal(chc_compression_of_path("x.bz2"), CHC_COMPRESS_BZIP2);
    assert_int_equal(chc_compression_of_path(".gz"), CHC_COMPRESS_NONE);
    assert_int_equal(chc_compression_of_path("a.pgn"), CHC_COMPRESS_NONE);
    assert_int_equal(chc_compression_of_path(NULL), CHC_COMPRESS_NONE);
    assert_int_equal(chc_compression_sniff("\x1f\x8b\x08", 3), CHC_COMPRESS_GZIP);
    assert_int_equal(chc_compression_sniff("BZh9", 4), CHC_COMPRESS_BZIP2);
    assert_int_equal(chc_compression_sniff("\xfd" "7zXZ\0", 6), CHC_COMPRESS_XZ);
    assert_int_equal(chc_compression_sniff("\x28\xb5\x2f\xfd", 4), CHC_COMPRESS_ZSTD);
    assert_int_equal(chc_compression_sniff("[Event", 6), CHC_COMPRESS_NONE);
    assert_int_equal(chc_compression_sniff("\x1f", 1), CHC_COMPRESS_NONE);
}

static void test_round_trips(void **state)
{
    (void)state;
    mem plain = text();
    for (int k = CHC_COMPRESS_NONE; k <= CHC_COMPRESS_ZSTD; k++) {
        mem packed = {0};
        chc_compressor *c = NULL;
        chc_diag d = CHC_DIAG_INIT;
        int rc = chc_compressor_new(k, 0, 2, mem_write, &packed, &c, &d);
        if (k && !(chc_build_features() & FEATURE[k])) {
            assert_int_equal(rc, CHC_E_UNSUPPORTED);
            assert_non_null(strstr(d.message, "-dev"));
            continue;
        }
        assert_int_equal(rc, CHC_OK);
        /* written in uneven pieces */
        for (size_t at = 0, n = 1; at < plain.len; at += n, n = n * 3 % 1000 + 1) {
            if (n > plain.len - at) n = plain.len - at;
            assert_int_equal(chc_compressor_write(c, plain.p + at, n), 0);
        }
        assert_int_equal(chc_compressor_finish(c, &d), CHC_OK);
        chc_compressor_free(c);
        if (k) assert_true(packed.len < plain.len / 4);
        assert_int_equal(chc_compression_sniff(packed.p, packed.len), k);
        for (size_t step = 0; step <= 1; step++) { /* all at once, then a byte at a time */
            mem out = {0};
            packed.pos = 0, packed.step = step;
            assert_int_equal(inflate_all(&packed, &out, &d), CHC_OK);
            assert_int_equal(out.len, plain.len);
            assert_memory_equal(out.p, plain.p, plain.len);
            free(out.p);
        }
        if (k) {
            /* two streams one after the other read as one text */
            mem two = {0}, out = {0};
            mem_write(&two, packed.p, packed.len);
            mem_write(&two, packed.p, packed.len);
            assert_int_equal(inflate_all(&two, &out, &d), CHC_OK);
            assert_int_equal(out.len, 2 * plain.len);
            assert_memory_equal(out.p + plain.len, plain.p, plain.len);
            free(two.p), free(out.p);
            /* cut in the middle, and damaged: an error with a message, never a crash */
            mem cut = {packed.p, packed.len / 2, 0, 0, 0}, dout = {0};
            d = (chc_diag)CHC_DIAG_INIT;
            assert_int_equal(inflate_all(&cut, &dout, &d), CHC_E_IO);
            assert_non_null(strstr(d.message, chc_compression_name(k)));
            assert_true(dout.len < plain.len);
            free(dout.p);
            dout = (mem){0};
            packed.pos = 0, packed.step = 0;
            packed.p[packed.len / 2] ^= 0x55;
            packed.p[packed.len / 2 + 1] ^= 0xAA;
            rc = inflate_all(&packed, &dout, &d);
            assert_true(rc == CHC_E_IO || (rc == CHC_OK && (dout.len != plain.len ||
                                                             memcmp(dout.p, plain.p, plain.len))) ||
                        k == CHC_COMPRESS_NONE);
            free(dout.p);
        }
        free(packed.p);
    }
    free(plain.p);
}

static void test_plain_and_edges(void **state)
{
    (void)state;
    mem empty = {0}, out = {0};
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(inflate_all(&empty, &out, &d), CHC_OK);
    assert_int_equal(out.len, 0);
    mem short_text = {(unsigned char *)"e4", 2, 2, 0, 1}; /* shorter than any magic, byte by byte */
    assert_int_equal(inflate_all(&short_text, &out, &d), CHC_OK);
    assert_int_equal(out.len, 2);
    free(out.p);
    assert_null(chc_decompressor_new(NULL, NULL, 1));
    chc_compressor *c;
    assert_int_equal(chc_compressor_new(7, 0, 1, mem_write, &out, &c, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_compressor_new(CHC_COMPRESS_GZIP, 0, 1, NULL, NULL, &c, NULL), CHC_E_ARGUMENT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_plain_and_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
