/* Fuzz target: chc_decompressor over arbitrary bytes (the first byte picks one of the four
 * magics to put in front, or none). Properties: no crash, no endless loop, at most 64 MB out
 * (a bomb is cut, not followed), an error is sticky and fills the diag, and a source handing
 * out a few bytes at a time gives the same bytes and the same outcome as one handing out all. */
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define OUT_MAX (64u << 20)

typedef struct whole {
    const char *p;
    size_t left;
} whole;

static size_t whole_read(void *ctx, char *buf, size_t cap)
{
    whole *w = ctx;
    size_t n = w->left < cap ? w->left : cap;
    memcpy(buf, w->p, n);
    w->p += n, w->left -= n;
    return n;
}

/* Decompresses everything; returns the outcome and a hash of the bytes out. */
static int run(chc_decompressor *d, uint64_t *hash, size_t *total)
{
    static char buf[4096];
    *hash = 1469598103934665603ull, *total = 0;
    for (;;) {
        size_t n = chc_decompressor_read(d, buf, sizeof buf);
        if (n == (size_t)-1) {
            chc_diag dg = CHC_DIAG_INIT;
            int rc = chc_decompressor_error(d, &dg);
            if (rc == CHC_OK || !dg.message[0] || chc_decompressor_read(d, buf, 1) != (size_t)-1) abort();
            return rc;
        }
        if (n > sizeof buf) abort();
        if (!n) return CHC_OK;
        for (size_t i = 0; i < n; i++) *hash = (*hash ^ (unsigned char)buf[i]) * 1099511628211ull;
        if ((*total += n) > OUT_MAX) return -1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const magic[] = {"", "\x1f\x8b", "BZh", "\3757zXZ", "\x28\xb5\x2f\xfd"}; /* \375: 0xfd */
    static const size_t mlen[] = {0, 2, 3, 6, 4};
    if (size < 1 || size > 65536) return 0;
    int k = data[0] % 5;
    char *in = malloc(size - 1 + 6);
    if (!in) abort();
    memcpy(in, magic[k], mlen[k]);
    memcpy(in + mlen[k], data + 1, size - 1);
    size_t len = mlen[k] + size - 1;
    uint64_t h[2];
    size_t t[2];
    int rc[2];
    for (int pass = 0; pass < 2; pass++) {
        whole w = {in, len};
        trickle tr = {in, len, 1 + (size % 5)};
        chc_decompressor *d = pass ? chc_decompressor_new(trickle_read, &tr, 1 + (data[0] & 1))
                                   : chc_decompressor_new(whole_read, &w, 1);
        if (!d) abort();
        rc[pass] = run(d, &h[pass], &t[pass]);
        chc_decompressor_free(d);
    }
    /* the same outcome unless a bomb was cut, and the same bytes when both read to the end
     * (before an error, how much comes out depends on how the input arrived, and on xz's
     * threads: a threaded decoder hands out a block only once it is checked) */
    if (rc[0] != -1 && rc[1] != -1 && (rc[0] != rc[1] || (rc[0] == CHC_OK && (h[0] != h[1] || t[0] != t[1]))))
        abort();
    free(in);
    return 0;
}
