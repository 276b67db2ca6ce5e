/* Compressed inputs and outputs: a chc_read_fn that decompresses what it reads when it starts
 * with the magic of gzip, bzip2, xz or zstd (plain input passes through), and a chc_write_fn
 * that compresses. Each codec is the real library, optional at build time (CMakeLists.txt:
 * CHC_HAVE_ZLIB, _BZIP2, _LZMA, _ZSTD); without one, its input is refused with
 * CHC_E_UNSUPPORTED naming the package. Concatenated streams (several gzip members, xz
 * streams, bzip2 streams or zstd frames) are read as one, as the command-line tools do. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"
#include "common/diag.h"

#ifdef CHC_HAVE_ZLIB
#include <zlib.h>
#endif
#ifdef CHC_HAVE_BZIP2
#include <bzlib.h>
#endif
#ifdef CHC_HAVE_LZMA
#include <lzma.h>
#endif
#ifdef CHC_HAVE_ZSTD
#include <zstd.h>
#endif

#define INBUF (1u << 17)

static const struct {
    const char *name, *ext, *lib, *pkg;
    unsigned feature;
} KINDS[] = {
    {"none", "", "", "", 0},
    {"gzip", ".gz", "zlib", "zlib1g-dev", CHC_FEATURE_GZIP},
    {"bzip2", ".bz2", "libbz2", "libbz2-dev", CHC_FEATURE_BZIP2},
    {"xz", ".xz", "liblzma", "liblzma-dev", CHC_FEATURE_XZ},
    {"zstd", ".zst", "libzstd", "libzstd-dev", CHC_FEATURE_ZSTD},
};

unsigned chci_compress_features(void); /* chc_build_features (src/draw/raster.c) adds them */
unsigned chci_compress_features(void)
{
    unsigned f = 0;
#ifdef CHC_HAVE_ZLIB
    f |= CHC_FEATURE_GZIP;
#endif
#ifdef CHC_HAVE_BZIP2
    f |= CHC_FEATURE_BZIP2;
#endif
#ifdef CHC_HAVE_LZMA
    f |= CHC_FEATURE_XZ;
#endif
#ifdef CHC_HAVE_ZSTD
    f |= CHC_FEATURE_ZSTD;
#endif
    return f;
}

const char *chc_compression_name(int kind)
{
    return kind >= 0 && kind <= CHC_COMPRESS_ZSTD ? KINDS[kind].name : NULL;
}

int chc_compression_of_path(const char *path)
{
    size_t n = path ? strlen(path) : 0;
    for (int k = CHC_COMPRESS_GZIP; k <= CHC_COMPRESS_ZSTD; k++) {
        size_t e = strlen(KINDS[k].ext);
        if (n > e && strcmp(path + n - e, KINDS[k].ext) == 0) return k;
    }
    return CHC_COMPRESS_NONE;
}

int chc_compression_sniff(const void *data, size_t len)
{
    const unsigned char *p = data;
    if (len >= 2 && p[0] == 0x1f && p[1] == 0x8b) return CHC_COMPRESS_GZIP;
    if (len >= 3 && p[0] == 'B' && p[1] == 'Z' && p[2] == 'h') return CHC_COMPRESS_BZIP2;
    if (len >= 6 && !memcmp(p, "\xfd" "7zXZ\0", 6)) return CHC_COMPRESS_XZ;
    if (len >= 4 && !memcmp(p, "\x28\xb5\x2f\xfd", 4)) return CHC_COMPRESS_ZSTD;
    return CHC_COMPRESS_NONE;
}

static int unsupported(chc_diag *diag, int kind, const char *what)
{
    if (kind < CHC_COMPRESS_GZIP || kind > CHC_COMPRESS_ZSTD)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "unknown compression %d", kind);
    return chci_fail(diag, CHC_E_UNSUPPORTED, -1, 0, 0, -1,
                     "%s %s-compressed: this libchesscodec was built without %s (apt-get install "
                     "%s, then rebuild)", what, KINDS[kind].name, KINDS[kind].lib, KINDS[kind].pkg);
}

/* ---- reading ----------------------------------------------------------------------------- */
struct chc_decompressor {
    chc_read_fn fn;
    void *ctx;
    int threads, kind, started, eof, failed;
    unsigned char *in;
    size_t in_pos, in_len;
    uint64_t bytes_in;
    chc_diag diag;
    union {
#ifdef CHC_HAVE_ZLIB
        z_stream z;
#endif
#ifdef CHC_HAVE_BZIP2
        bz_stream bz;
#endif
#ifdef CHC_HAVE_LZMA
        lzma_stream xz;
#endif
#ifdef CHC_HAVE_ZSTD
        ZSTD_DCtx *zstd;
#endif
        int none;
    } s;
    int live; /* the codec's stream is initialised */
};

chc_decompressor *chc_decompressor_new(chc_read_fn fn, void *ctx, int threads)
{
    chc_decompressor *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    if (!fn || !(d->in = malloc(INBUF))) {
        free(d);
        return NULL;
    }
    d->fn = fn, d->ctx = ctx, d->threads = threads > 0 ? threads : 1;
    chc_diag_init(&d->diag);
    return d;
}

/* More compressed input into d->in; 0 at its end, -1 on a read error. */
static int fill(chc_decompressor *d)
{
    if (d->in_pos < d->in_len) return 1;
    if (d->eof) return 0;
    size_t n = d->fn(d->ctx, (char *)d->in, INBUF);
    if (n == (size_t)-1) return -1;
    d->in_pos = 0, d->in_len = n, d->bytes_in += n;
    if (!n) d->eof = 1;
    return n > 0;
}

static void stop(chc_decompressor *d)
{
    if (!d->live) return;
    d->live = 0;
    switch (d->kind) {
#ifdef CHC_HAVE_ZLIB
    case CHC_COMPRESS_GZIP: inflateEnd(&d->s.z); break;
#endif
#ifdef CHC_HAVE_BZIP2
    case CHC_COMPRESS_BZIP2: BZ2_bzDecompressEnd(&d->s.bz); break;
#endif
#ifdef CHC_HAVE_LZMA
    case CHC_COMPRESS_XZ: lzma_end(&d->s.xz); break;
#endif
#ifdef CHC_HAVE_ZSTD
    case CHC_COMPRESS_ZSTD: ZSTD_freeDCtx(d->s.zstd); break;
#endif
    default: break;
    }
}

/* A new stream of d->kind (the first, or the next member of a concatenation). */
static int start(chc_decompressor *d)
{
    stop(d);
    int ok = 0;
    memset(&d->s, 0, sizeof d->s);
    switch (d->kind) {
#ifdef CHC_HAVE_ZLIB
    case CHC_COMPRESS_GZIP: ok = inflateInit2(&d->s.z, 16 + MAX_WBITS) == Z_OK; break;
#endif
#ifdef CHC_HAVE_BZIP2
    case CHC_COMPRESS_BZIP2: ok = BZ2_bzDecompressInit(&d->s.bz, 0, 0) == BZ_OK; break;
#endif
#ifdef CHC_HAVE_LZMA
    case CHC_COMPRESS_XZ: {
        lzma_mt mt = {.flags = LZMA_CONCATENATED, .threads = (uint32_t)d->threads,
                      .memlimit_threading = (uint64_t)1 << 30, .memlimit_stop = UINT64_MAX};
        d->s.xz = (lzma_stream)LZMA_STREAM_INIT;
        ok = lzma_stream_decoder_mt(&d->s.xz, &mt) == LZMA_OK;
        break;
    }
#endif
#ifdef CHC_HAVE_ZSTD
    case CHC_COMPRESS_ZSTD: ok = (d->s.zstd = ZSTD_createDCtx()) != NULL; break;
#endif
    default: return unsupported(&d->diag, d->kind, "the input is");
    }
    if (!ok) return chci_fail(&d->diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "%s: its decoder could not start",
                              KINDS[d->kind].name);
    d->live = 1;
    return CHC_OK;
}

static int corrupt(chc_decompressor *d, const char *why)
{
    return chci_fail(&d->diag, CHC_E_IO, (long)(d->bytes_in - (d->in_len - d->in_pos)), 0, 0, -1,
                     "%s input: %s (a damaged or cut file?)", KINDS[d->kind].name, why);
}

/* One step of the codec: up to cap bytes out into buf (*out), consuming input. Returns
 * CHC_OK, 1 at the end of a stream, or an error. */
static int step(chc_decompressor *d, char *buf, size_t cap, size_t *out, int last)
{
    const unsigned char *in = d->in + d->in_pos;
    size_t avail = d->in_len - d->in_pos;
    *out = 0;
    switch (d->kind) {
#ifdef CHC_HAVE_ZLIB
    case CHC_COMPRESS_GZIP: {
        z_stream *z = &d->s.z;
        z->next_in = (Bytef *)in, z->avail_in = (uInt)avail;
        z->next_out = (Bytef *)buf, z->avail_out = (uInt)(cap > UINT32_MAX ? UINT32_MAX : cap);
        int rc = inflate(z, Z_NO_FLUSH);
        d->in_pos += avail - z->avail_in, *out = (size_t)(z->next_out - (Bytef *)buf);
        if (rc == Z_STREAM_END) return 1;
        if (rc == Z_BUF_ERROR && last && !*out) return corrupt(d, "it ends inside a stream");
        return rc == Z_OK || rc == Z_BUF_ERROR ? CHC_OK : corrupt(d, z->msg ? z->msg : "bad data");
    }
#endif
#ifdef CHC_HAVE_BZIP2
    case CHC_COMPRESS_BZIP2: {
        bz_stream *b = &d->s.bz;
        b->next_in = (char *)in, b->avail_in = (unsigned)avail;
        b->next_out = buf, b->avail_out = (unsigned)(cap > UINT32_MAX ? UINT32_MAX : cap);
        int rc = BZ2_bzDecompress(b);
        d->in_pos += avail - b->avail_in, *out = (size_t)(b->next_out - buf);
        if (rc == BZ_STREAM_END) return 1;
        if (rc == BZ_OK && last && !avail && !*out) return corrupt(d, "it ends inside a stream");
        return rc == BZ_OK ? CHC_OK : corrupt(d, "bad data");
    }
#endif
#ifdef CHC_HAVE_LZMA
    case CHC_COMPRESS_XZ: {
        lzma_stream *x = &d->s.xz;
        x->next_in = in, x->avail_in = avail, x->next_out = (uint8_t *)buf, x->avail_out = cap;
        lzma_ret rc = lzma_code(x, last ? LZMA_FINISH : LZMA_RUN);
        d->in_pos += avail - x->avail_in, *out = cap - x->avail_out;
        if (rc == LZMA_STREAM_END) return 1;
        if (rc == LZMA_BUF_ERROR && last && !*out) return corrupt(d, "it ends inside a stream");
        if (rc == LZMA_MEM_ERROR) return chci_fail(&d->diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "xz: out of memory");
        return rc == LZMA_OK || rc == LZMA_BUF_ERROR ? CHC_OK : corrupt(d, "bad data");
    }
#endif
#ifdef CHC_HAVE_ZSTD
    case CHC_COMPRESS_ZSTD: {
        ZSTD_inBuffer i = {in, avail, 0};
        ZSTD_outBuffer o = {buf, cap, 0};
        size_t rc = ZSTD_decompressStream(d->s.zstd, &o, &i);
        d->in_pos += i.pos, *out = o.pos;
        if (ZSTD_isError(rc)) return corrupt(d, ZSTD_getErrorName(rc));
        if (rc == 0) return 1; /* a frame ended */
        if (last && !avail && !*out) return corrupt(d, "it ends inside a frame");
        return CHC_OK;
    }
#endif
    default: (void)in, (void)avail, (void)buf, (void)cap, (void)last; return unsupported(&d->diag, d->kind, "the input is");
    }
}

size_t chc_decompressor_read(void *ctx, char *buf, size_t cap)
{
    chc_decompressor *d = ctx;
    if (!d || d->failed) return (size_t)-1;
    if (!cap) return 0;
    if (!d->started) {
        d->started = 1;
        int f = fill(d);
        /* the magic may straddle two reads of a short-read source: gather 6 bytes */
        while (f > 0 && d->in_len < 6 && !d->eof) {
            size_t n = d->fn(d->ctx, (char *)d->in + d->in_len, INBUF - d->in_len);
            if (n == (size_t)-1) f = -1;
            else if (!n) d->eof = 1;
            else d->in_len += n, d->bytes_in += n;
        }
        if (f < 0) {
            d->failed = 1;
            chci_fail(&d->diag, CHC_E_IO, -1, 0, 0, -1, "the input could not be read");
            return (size_t)-1;
        }
        d->kind = chc_compression_sniff(d->in, d->in_len);
        if (d->kind != CHC_COMPRESS_NONE && start(d) != CHC_OK) {
            d->failed = 1;
            return (size_t)-1;
        }
    }
    if (d->kind == CHC_COMPRESS_NONE) {
        int f = fill(d);
        if (f < 0) {
            d->failed = 1;
            chci_fail(&d->diag, CHC_E_IO, -1, 0, 0, -1, "the input could not be read");
            return (size_t)-1;
        }
        size_t n = d->in_len - d->in_pos < cap ? d->in_len - d->in_pos : cap;
        memcpy(buf, d->in + d->in_pos, n);
        d->in_pos += n;
        return n;
    }
    for (;;) {
        if (!d->live) { /* between streams: another one, or the end */
            int f = fill(d);
            if (f == 0) return 0;
            if (f < 0 || start(d) != CHC_OK) break;
        }
        int f = fill(d);
        if (f < 0) {
            chci_fail(&d->diag, CHC_E_IO, -1, 0, 0, -1, "the input could not be read");
            break;
        }
        size_t out = 0;
        int rc = step(d, buf, cap, &out, f == 0);
        if (rc == 1) stop(d); /* the stream ended: a next one may follow */
        else if (rc != CHC_OK) break;
        if (out) return out;
        if (rc == CHC_OK && f == 0 && d->in_pos == d->in_len) {
            /* no input left, no output: the stream was cut */
            corrupt(d, "it ends inside a stream");
            break;
        }
    }
    d->failed = 1;
    return (size_t)-1;
}

int chc_decompressor_kind(const chc_decompressor *d) { return d && d->started ? d->kind : -1; }
uint64_t chc_decompressor_bytes_in(const chc_decompressor *d) { return d ? d->bytes_in : 0; }

int chc_decompressor_error(const chc_decompressor *d, chc_diag *diag)
{
    if (!d || !d->failed) return CHC_OK;
    if (diag) *diag = d->diag;
    return d->diag.code ? d->diag.code : CHC_E_IO;
}

void chc_decompressor_free(chc_decompressor *d)
{
    if (!d) return;
    stop(d);
    free(d->in);
    free(d);
}

/* ---- writing ----------------------------------------------------------------------------- */
struct chc_compressor {
    chc_write_fn fn;
    void *ctx;
    int kind, failed;
    unsigned char *out;
    union {
#ifdef CHC_HAVE_ZLIB
        z_stream z;
#endif
#ifdef CHC_HAVE_BZIP2
        bz_stream bz;
#endif
#ifdef CHC_HAVE_LZMA
        lzma_stream xz;
#endif
#ifdef CHC_HAVE_ZSTD
        ZSTD_CCtx *zstd;
#endif
        int none;
    } s;
};

int chc_compressor_new(int kind, int level, int threads, chc_write_fn fn, void *ctx,
                       chc_compressor **out, chc_diag *diag)
{
    *out = NULL;
    if (!fn || kind < CHC_COMPRESS_NONE || kind > CHC_COMPRESS_ZSTD)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "no write function, or an unknown compression");
    if (kind != CHC_COMPRESS_NONE && !(chci_compress_features() & KINDS[kind].feature))
        return unsupported(diag, kind, "the output would be");
    chc_compressor *c = calloc(1, sizeof *c);
    if (!c || !(c->out = malloc(INBUF))) {
        free(c);
        return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "out of memory");
    }
    c->fn = fn, c->ctx = ctx, c->kind = kind;
    int ok = 1;
    (void)level, (void)threads;
    switch (kind) {
#ifdef CHC_HAVE_ZLIB
    case CHC_COMPRESS_GZIP:
        ok = deflateInit2(&c->s.z, level > 0 && level <= 9 ? level : 6, Z_DEFLATED, 16 + MAX_WBITS, 8,
                          Z_DEFAULT_STRATEGY) == Z_OK;
        break;
#endif
#ifdef CHC_HAVE_BZIP2
    case CHC_COMPRESS_BZIP2: ok = BZ2_bzCompressInit(&c->s.bz, level > 0 && level <= 9 ? level : 9, 0, 0) == BZ_OK; break;
#endif
#ifdef CHC_HAVE_LZMA
    case CHC_COMPRESS_XZ: {
        lzma_mt mt = {.threads = (uint32_t)(threads > 0 ? threads : 1), .preset = (uint32_t)(level > 0 && level <= 9 ? level : 6),
                      .check = LZMA_CHECK_CRC64};
        c->s.xz = (lzma_stream)LZMA_STREAM_INIT;
        ok = lzma_stream_encoder_mt(&c->s.xz, &mt) == LZMA_OK;
        break;
    }
#endif
#ifdef CHC_HAVE_ZSTD
    case CHC_COMPRESS_ZSTD:
        ok = (c->s.zstd = ZSTD_createCCtx()) != NULL &&
             !ZSTD_isError(ZSTD_CCtx_setParameter(c->s.zstd, ZSTD_c_compressionLevel, level > 0 ? level : 3));
        if (ok && threads > 1) ZSTD_CCtx_setParameter(c->s.zstd, ZSTD_c_nbWorkers, threads); /* ignored without MT */
        break;
#endif
    default: break;
    }
    if (!ok) {
        free(c->out);
        free(c);
        return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "%s: its encoder could not start", KINDS[kind].name);
    }
    *out = c;
    return CHC_OK;
}

/* Compresses len bytes (finish: and ends the stream), writing what comes out. */
static int pump(chc_compressor *c, const void *data, size_t len, int finish)
{
    (void)finish; /* (unused when built with no compression library) */
    for (;;) {
        size_t produced = 0;
        int done = 0, err = 0;
        switch (c->kind) {
#ifdef CHC_HAVE_ZLIB
        case CHC_COMPRESS_GZIP: {
            z_stream *z = &c->s.z;
            z->next_in = (Bytef *)data, z->avail_in = (uInt)len, z->next_out = c->out, z->avail_out = INBUF;
            int rc = deflate(z, finish ? Z_FINISH : Z_NO_FLUSH);
            produced = INBUF - z->avail_out, data = z->next_in, len = z->avail_in;
            err = rc == Z_STREAM_ERROR, done = finish ? rc == Z_STREAM_END : !len && z->avail_out;
            break;
        }
#endif
#ifdef CHC_HAVE_BZIP2
        case CHC_COMPRESS_BZIP2: {
            bz_stream *b = &c->s.bz;
            b->next_in = (char *)data, b->avail_in = (unsigned)len, b->next_out = (char *)c->out, b->avail_out = INBUF;
            int rc = BZ2_bzCompress(b, finish ? BZ_FINISH : BZ_RUN);
            produced = INBUF - b->avail_out, data = b->next_in, len = b->avail_in;
            err = rc < 0, done = finish ? rc == BZ_STREAM_END : !len;
            break;
        }
#endif
#ifdef CHC_HAVE_LZMA
        case CHC_COMPRESS_XZ: {
            lzma_stream *x = &c->s.xz;
            x->next_in = data, x->avail_in = len, x->next_out = c->out, x->avail_out = INBUF;
            lzma_ret rc = lzma_code(x, finish ? LZMA_FINISH : LZMA_RUN);
            produced = INBUF - x->avail_out, data = x->next_in, len = x->avail_in;
            err = rc != LZMA_OK && rc != LZMA_STREAM_END, done = finish ? rc == LZMA_STREAM_END : !len;
            break;
        }
#endif
#ifdef CHC_HAVE_ZSTD
        case CHC_COMPRESS_ZSTD: {
            ZSTD_inBuffer i = {data, len, 0};
            ZSTD_outBuffer o = {c->out, INBUF, 0};
            size_t rc = ZSTD_compressStream2(c->s.zstd, &o, &i, finish ? ZSTD_e_end : ZSTD_e_continue);
            produced = o.pos, data = (const char *)data + i.pos, len -= i.pos;
            err = ZSTD_isError(rc), done = finish ? rc == 0 : !len;
            break;
        }
#endif
        default:
            produced = 0, err = c->fn(c->ctx, data, len) != 0, done = 1, len = 0;
            break;
        }
        if (err) return CHC_E_INTERNAL;
        if (produced && c->fn(c->ctx, c->out, produced) != 0) return CHC_E_IO;
        if (done) return CHC_OK;
    }
}

int chc_compressor_write(void *ctx, const void *data, size_t len)
{
    chc_compressor *c = ctx;
    if (!c || c->failed) return -1;
    if (len && pump(c, data, len, 0) != CHC_OK) c->failed = 1;
    return c->failed ? -1 : 0;
}

int chc_compressor_finish(chc_compressor *c, chc_diag *diag)
{
    if (!c) return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "no compressor");
    int rc = c->failed ? CHC_E_IO : c->kind == CHC_COMPRESS_NONE ? CHC_OK : pump(c, "", 0, 1);
    if (rc != CHC_OK) c->failed = 1;
    return rc == CHC_OK ? CHC_OK : chci_fail(diag, rc, -1, 0, 0, -1, "%s output: %s", KINDS[c->kind].name,
                                             rc == CHC_E_IO ? "write error" : "the encoder failed");
}

void chc_compressor_free(chc_compressor *c)
{
    if (!c) return;
    switch (c->kind) {
#ifdef CHC_HAVE_ZLIB
    case CHC_COMPRESS_GZIP: deflateEnd(&c->s.z); break;
#endif
#ifdef CHC_HAVE_BZIP2
    case CHC_COMPRESS_BZIP2: BZ2_bzCompressEnd(&c->s.bz); break;
#endif
#ifdef CHC_HAVE_LZMA
    case CHC_COMPRESS_XZ: lzma_end(&c->s.xz); break;
#endif
#ifdef CHC_HAVE_ZSTD
    case CHC_COMPRESS_ZSTD: ZSTD_freeCCtx(c->s.zstd); break;
#endif
    default: break;
    }
    free(c->out);
    free(c);
}
