/* The engine's evaluation network: loading the net file, accumulators refreshed in full or
 * updated from the parent position's by the squares that changed, and the output layer. See
 * engine/nnue.h for the architecture and the file format. The loops run over fixed-size
 * int16 arrays so that the compiler vectorises them. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/position.h"
#include "engine/engine.h"
#include "engine/nnue.h"

/* the embedded net of the build's hidden size (nnue.h) */
static const unsigned char embedded_net[] = {
#if CHCI_NNUE_HIDDEN == 256
#include "nnue_net.inc"
#else
#error "no embedded net for this CHCI_NNUE_HIDDEN (nnue_train train --hidden H -o FILE.inc writes one)"
#endif
};

#define NH CHCI_NNUE_HIDDEN

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
    int v2 = len >= 8 && memcmp(buf, CHCI_NNUE_MAGIC2, 8) == 0;
    if (len < 12 || (!v2 && memcmp(buf, CHCI_NNUE_MAGIC, 8) != 0 && memcmp(buf, CHCI_NNUE_MAGIC_RESIDUAL, 8) != 0)) {
        snprintf(err, cap, "not a net file (no %s or %s magic)", CHCI_NNUE_MAGIC, CHCI_NNUE_MAGIC2);
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
    net->residual = memcmp(buf, CHCI_NNUE_MAGIC_RESIDUAL, 8) == 0;
    net->nbuckets = (int)nb;
    const unsigned char *p = buf + (v2 ? 16 : 12);
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

static inline void add_row(int16_t *restrict v, const int16_t *restrict row)
{
    for (int i = 0; i < NH; i++) v[i] = (int16_t)(v[i] + row[i]);
}

static inline void sub_row(int16_t *restrict v, const int16_t *restrict row)
{
    for (int i = 0; i < NH; i++) v[i] = (int16_t)(v[i] - row[i]);
}

void chci_nnue_refresh(const chci_nnue_net *net, chci_nnue_acc *acc)
{
    for (int p = 0; p < 2; p++) memcpy(acc->v[p], net->b, sizeof net->b);
    for (int sq = 0; sq < 64; sq++) {
        int pc = acc->board[sq];
        if (!pc) continue;
        for (int p = 0; p < 2; p++) add_row(acc->v[p], net->w[chci_nnue_feature(p, pc, sq)]);
    }
    acc->valid = 1;
}

/* v = parent + a - s in one pass (a quiet move: one row out, one in) */
static inline void move_row(int16_t *restrict v, const int16_t *restrict pv, const int16_t *restrict s,
                            const int16_t *restrict a)
{
    for (int i = 0; i < NH; i++) v[i] = (int16_t)(pv[i] - s[i] + a[i]);
}

/* v = parent + a - s1 - s2 in one pass (a capture or en passant: two rows out, one in) */
static inline void capture_row(int16_t *restrict v, const int16_t *restrict pv, const int16_t *restrict s1,
                               const int16_t *restrict s2, const int16_t *restrict a)
{
    for (int i = 0; i < NH; i++) v[i] = (int16_t)(pv[i] - s1[i] - s2[i] + a[i]);
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

void chci_nnue_update(const chci_nnue_net *net, chci_nnue_acc *acc, const chci_nnue_acc *parent)
{
    /* the pieces taken off and put on squares (any position pair: at most 64 each) */
    uint8_t out_pc[64], out_sq[64], in_pc[64], in_sq[64];
    int nout = 0, nin = 0;
    for (uint64_t diff = changed_squares(parent->board, acc->board); diff; diff &= diff - 1) {
        int sq = __builtin_ctzll(diff), old = parent->board[sq], now = acc->board[sq];
        if (old) out_pc[nout] = (uint8_t)old, out_sq[nout++] = (uint8_t)sq;
        if (now) in_pc[nin] = (uint8_t)now, in_sq[nin++] = (uint8_t)sq;
    }
    for (int p = 0; p < 2; p++) {
        int16_t *v = acc->v[p];
        const int16_t *pv = parent->v[p];
        if (nout == 1 && nin == 1) {
            move_row(v, pv, net->w[chci_nnue_feature(p, out_pc[0], out_sq[0])],
                     net->w[chci_nnue_feature(p, in_pc[0], in_sq[0])]);
        } else if (nout == 2 && nin == 1) {
            capture_row(v, pv, net->w[chci_nnue_feature(p, out_pc[0], out_sq[0])],
                        net->w[chci_nnue_feature(p, out_pc[1], out_sq[1])],
                        net->w[chci_nnue_feature(p, in_pc[0], in_sq[0])]);
        } else {
            memcpy(v, pv, sizeof acc->v[p]);
            for (int k = 0; k < nout; k++) sub_row(v, net->w[chci_nnue_feature(p, out_pc[k], out_sq[k])]);
            for (int k = 0; k < nin; k++) add_row(v, net->w[chci_nnue_feature(p, in_pc[k], in_sq[k])]);
        }
    }
    acc->valid = 1;
}

static inline int32_t half(const int16_t *restrict v, const int16_t *restrict w)
{
    int32_t s = 0;
    for (int i = 0; i < NH; i++) {
        int16_t x = v[i] < 0 ? 0 : v[i] > CHCI_NNUE_QA ? CHCI_NNUE_QA : v[i];
        s += (int32_t)x * w[i];
    }
    return s;
}

int chci_nnue_output(const chci_nnue_net *net, const chci_nnue_acc *acc, int side, int npieces)
{
    int k = net->nbuckets > 1 ? chci_nnue_bucket(net->nbuckets, npieces) : 0;
    const int16_t *o = net->out[k];
    int32_t s = net->out_b[k] + half(acc->v[side], o) + half(acc->v[side ^ 1], o + NH);
    /* floor division, the same for both signs (a mirrored position scores the same) */
    int64_t num = (int64_t)s * CHCI_NNUE_SCALE, den = (int64_t)CHCI_NNUE_QA * CHCI_NNUE_QB;
    int64_t q = num >= 0 ? num / den : -((-num + den - 1) / den);
    return (int)q;
}

int chci_nnue_evaluate(const chci_nnue_net *net, const chc_position *pos)
{
    chci_nnue_acc acc;
    memcpy(acc.board, pos->board, 64);
    chci_nnue_refresh(net, &acc);
    int v = chci_nnue_output(net, &acc, pos->side, bb_popcount(pos->by_color[0] | pos->by_color[1]));
    return net->residual ? v + chci_evaluate(pos, NULL) : v;
}
