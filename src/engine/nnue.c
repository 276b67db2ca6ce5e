/* The engine's evaluation network: loading the net file, accumulators refreshed in full or
 * updated from the parent position's by the squares that changed, and the output layer. See
 * engine/nnue.h for the architecture and the file format. The loops run over fixed-size
 * int16 arrays so that the compiler vectorises them. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/position.h"
#include "engine/engine.h"
#include "engine/nnue.h"

/* the embedded net of the build's hidden size (nnue.h); a build of another size (to train a
 * net of that size with its nnue_train) has none: chci_nnue_default() is NULL there and the
 * engine evaluates by hand */
static const unsigned char embedded_net[] = {
#if CHCI_NNUE_HIDDEN == 256
#include "nnue_net.inc"
#else
    0
#endif
};

#define NH CHCI_NNUE_HIDDEN

int chci_nnue_set_path(chci_nnue_net *net, int path)
{
    if (path == CHCI_NNUE_PATH_AVX2) {
#if CHCI_NNUE_HAVE_AVX2
        __builtin_cpu_init();
        if (!__builtin_cpu_supports("avx2")) return -1;
#else
        return -1;
#endif
    } else if (path != CHCI_NNUE_PATH_GENERIC) {
        return -1;
    }
    net->path = path;
    return 0;
}

/* the fastest path this processor runs, unless CHC_NNUE_PATH=generic asks for the generic one */
static void choose_path(chci_nnue_net *net)
{
    const char *env = getenv("CHC_NNUE_PATH");
    net->path = CHCI_NNUE_PATH_GENERIC;
    if (!(env && !strcmp(env, "generic"))) chci_nnue_set_path(net, CHCI_NNUE_PATH_AVX2);
}

size_t chci_nnue_file_size(int nbuckets)
{
    size_t body = 2 * ((size_t)CHCI_NNUE_INPUTS * NH + NH);
    if (nbuckets <= 0) return 8 + 4 + body + 2 * 2 * NH + 4;
    return 8 + 4 + 4 + body + (size_t)nbuckets * (2 * 2 * NH + 4);
}

static int16_t get16(const unsigned char *p)
{
    return (int16_t)(uint16_t)(p[0] | p[1] << 8);
}

static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int chci_nnue_load(chci_nnue_net *net, const unsigned char *buf, size_t len, char *err, size_t cap)
{
    int v3 = len >= 8 && memcmp(buf, CHCI_NNUE_MAGIC3, 8) == 0;
    int v2 = v3 || (len >= 8 && memcmp(buf, CHCI_NNUE_MAGIC2, 8) == 0); /* bucket count */
    if (len < 12 || (!v2 && memcmp(buf, CHCI_NNUE_MAGIC, 8) != 0 && memcmp(buf, CHCI_NNUE_MAGIC_RESIDUAL, 8) != 0)) {
        snprintf(err, cap, "not a net file (no %s, %s or %s magic)", CHCI_NNUE_MAGIC, CHCI_NNUE_MAGIC2,
                 CHCI_NNUE_MAGIC3);
        return -1;
    }
    uint32_t h = get32(buf + 8);
    if (h != NH) {
        snprintf(err, cap, "net file of hidden size %lu, this build needs %d", (unsigned long)h, NH);
        return -1;
    }
    uint32_t nb = 1;
    if (v2) {
        if (len < 16 || (nb = get32(buf + 12)) < 1 || nb > CHCI_NNUE_BUCKETS_MAX) {
            snprintf(err, cap, "net file with a bad output bucket count (1 to %d)", CHCI_NNUE_BUCKETS_MAX);
            return -1;
        }
    }
    size_t want = chci_nnue_file_size(v2 ? (int)nb : 0);
    if (len != want) {
        snprintf(err, cap, "net file of %zu bytes, %zu expected (truncated or wrong size)", len, want);
        return -1;
    }
    const unsigned char *p = buf + (v2 ? 16 : 12);
    if (v3) {
        const unsigned char *o = p + 2 * ((size_t)CHCI_NNUE_INPUTS * NH + NH);
        for (size_t i = 0; i < (size_t)nb * 2 * NH; i++) {
            int wv = get16(o + 2 * i);
            if (wv > CHCI_NNUE_SCRELU_WMAX || wv < -CHCI_NNUE_SCRELU_WMAX) {
                snprintf(err, cap, "format 3 net with output weight %zu = %d (at most +-%d)", i, wv,
                         CHCI_NNUE_SCRELU_WMAX);
                return -1;
            }
        }
    }
    net->residual = memcmp(buf, CHCI_NNUE_MAGIC_RESIDUAL, 8) == 0;
    net->screlu = v3;
    net->nbuckets = (int)nb;
    choose_path(net);
    for (int f = 0; f < CHCI_NNUE_INPUTS; f++)
        for (int i = 0; i < NH; i++, p += 2) net->w[f][i] = get16(p);
    for (int i = 0; i < NH; i++, p += 2) net->b[i] = get16(p);
    for (uint32_t k = 0; k < nb; k++)
        for (int i = 0; i < 2 * NH; i++, p += 2) net->out[k][i] = get16(p);
    for (uint32_t k = 0; k < nb; k++, p += 4) net->out_b[k] = (int32_t)get32(p);
    return 0;
}

static chci_nnue_net default_net;
static int default_ok;
static pthread_once_t default_once = PTHREAD_ONCE_INIT;

static void load_default(void)
{
    char err[128];
    default_ok = chci_nnue_load(&default_net, embedded_net, sizeof embedded_net, err, sizeof err) == 0;
}

const chci_nnue_net *chci_nnue_default(void)
{
    pthread_once(&default_once, load_default);
    return default_ok ? &default_net : NULL;
}

/* The squares whose piece differs between two boards, as a bitboard: 16 squares a compare
 * with SSE2, 8 at a time otherwise. */
static inline uint64_t changed_squares(const uint8_t *a, const uint8_t *b)
{
    uint64_t diff = 0;
#if defined(__SSE2__)
    for (int k = 0; k < 4; k++) {
        __m128i x = _mm_loadu_si128((const __m128i *)(a + 16 * k));
        __m128i y = _mm_loadu_si128((const __m128i *)(b + 16 * k));
        diff |= (uint64_t)(~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) & 0xFFFFu) << (16 * k);
    }
#else
    for (int w = 0; w < 8; w++) {
        uint64_t x, y;
        memcpy(&x, a + 8 * w, 8);
        memcpy(&y, b + 8 * w, 8);
        if (x == y) continue;
        for (int sq = 8 * w; sq < 8 * w + 8; sq++)
            if (a[sq] != b[sq]) diff |= (uint64_t)1 << sq;
    }
#endif
    return diff;
}

/* the kernels in the build's instruction set, and an AVX2 copy chosen at load time on x86-64
 * processors that have it (engine/nnue_kernels.inc) */
#define NK(name) name##_generic
#define NK_ATTR
#include "engine/nnue_kernels.inc"
#undef NK
#undef NK_ATTR
#if CHCI_NNUE_HAVE_AVX2
#define NK(name) name##_avx2
#define NK_ATTR __attribute__((target("avx2")))
#include "engine/nnue_kernels.inc"
#undef NK
#undef NK_ATTR
/* the kernel `name` on the path the net chose at load time */
#define NK_CALL(net, name, ...) \
    ((net)->path == CHCI_NNUE_PATH_AVX2 ? name##_avx2(__VA_ARGS__) : name##_generic(__VA_ARGS__))
#else
#define NK_CALL(net, name, ...) name##_generic(__VA_ARGS__)
#endif

void chci_nnue_refresh(const chci_nnue_net *net, chci_nnue_acc *acc)
{
    for (int p = 0; p < 2; p++) memcpy(acc->v[p], net->b, sizeof net->b);
    for (int sq = 0; sq < 64; sq++) {
        int pc = acc->board[sq];
        if (!pc) continue;
        for (int p = 0; p < 2; p++) add_row_generic(acc->v[p], net->w[chci_nnue_feature(p, pc, sq)]);
    }
    acc->valid = 1;
}

void chci_nnue_update(const chci_nnue_net *net, chci_nnue_acc *acc, const chci_nnue_acc *parent)
{
    NK_CALL(net, update, net, acc, parent);
}

/* floor division, the same for both signs (a mirrored position scores the same) */
static inline int floor_div(int64_t num, int64_t den)
{
    return (int)(num >= 0 ? num / den : -((-num + den - 1) / den));
}

int chci_nnue_output(const chci_nnue_net *net, const chci_nnue_acc *acc, int side, int npieces)
{
    int k = net->nbuckets > 1 ? chci_nnue_bucket(net->nbuckets, npieces) : 0;
    const int16_t *o = net->out[k];
    if (net->screlu) {
        int64_t sq = NK_CALL(net, output_sum_sq, acc->v[side], acc->v[side ^ 1], o);
        return floor_div((sq + (int64_t)net->out_b[k] * CHCI_NNUE_QA) * CHCI_NNUE_SCALE,
                         (int64_t)CHCI_NNUE_QA * CHCI_NNUE_QA * CHCI_NNUE_QB);
    }
    int32_t sum = NK_CALL(net, output_sum, acc->v[side], acc->v[side ^ 1], o);
    int32_t s = net->out_b[k] + sum;
    return floor_div((int64_t)s * CHCI_NNUE_SCALE, (int64_t)CHCI_NNUE_QA * CHCI_NNUE_QB);
}

int chci_nnue_evaluate(const chci_nnue_net *net, const chc_position *pos)
{
    chci_nnue_acc acc;
    memcpy(acc.board, pos->board, 64);
    chci_nnue_refresh(net, &acc);
    int v = chci_nnue_output(net, &acc, pos->side, bb_popcount(pos->by_color[0] | pos->by_color[1]));
    return net->residual ? v + chci_evaluate(pos, NULL) : v;
}
