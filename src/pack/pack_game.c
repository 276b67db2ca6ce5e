/* The pack game code: the moves of a game, each coded with the probability the predictor
 * (pack_model.c) gives it, by a range coder (docs/formats/pack-game.md). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "common/once.h"
#include "core/position.h"
#include "pack/pack_internal.h"
#include "pack/pack_model.h"

#define EXP_ONE 4096
#define EXP_N 512
static uint32_t exptab[EXP_N];

static void exp_init(void)
{
    /* exp(-d / 32) in 1/4096ths, rounded, at least 1. Integers only, so that every platform
     * builds the same table: repeated multiplication by exp(-1/32) in 32.32 fixed point. */
    uint64_t x = (uint64_t)EXP_ONE << 32; /* 4096 in 32.32 fixed point */
    for (int d = 0; d < EXP_N; d++) {
        uint64_t v = (x + (1ull << 31)) >> 32;
        exptab[d] = v ? (uint32_t)v : 1;
        x = (uint64_t)(((unsigned __int128)x * 4162825044u) >> 32);
    }
}
CHCI_ONCE(exp_ready, exp_init);

/* ---------------------------------------------------------------------------------------- */
/* Range coder (LZMA-style carry handling; minimal flush)                                   */
/* ---------------------------------------------------------------------------------------- */
typedef struct {
    uint64_t low;
    uint32_t range;
    uint8_t cache;
    uint64_t cache_size;
    int first;
    uint8_t *out;
    size_t cap, len;
    int overflow;
} rc_enc;

static void rc_put(rc_enc *e, uint8_t b)
{
    if (e->first) { /* the first byte is always 0: not written */
        e->first = 0;
        return;
    }
    if (e->len < e->cap) e->out[e->len] = b;
    else e->overflow = 1;
    e->len++;
}

static void rc_shift_low(rc_enc *e)
{
    if ((uint32_t)e->low < 0xFF000000u || (e->low >> 32) != 0) {
        uint8_t carry = (uint8_t)(e->low >> 32);
        uint8_t temp = e->cache;
        do {
            rc_put(e, (uint8_t)(temp + carry));
            temp = 0xFF;
        } while (--e->cache_size != 0);
        e->cache = (uint8_t)(e->low >> 24);
    }
    e->cache_size++;
    e->low = (e->low & 0x00FFFFFFu) << 8;
}

static void rc_encode(rc_enc *e, uint32_t cum, uint32_t freq, uint32_t tot)
{
    uint32_t r = e->range / tot;
    e->low += (uint64_t)r * cum;
    e->range = r * freq;
    while (e->range < (1u << 24)) {
        e->range <<= 8;
        rc_shift_low(e);
    }
}

/* The final value: low rounded up to as many zero low bytes as the interval allows. */
static int rc_final_shift(uint64_t low, uint32_t range, uint64_t *v)
{
    for (int s = 32; s >= 0; s -= 8) {
        uint64_t mask = (s == 64 ? ~0ull : ((1ull << s) - 1));
        uint64_t x = (low + mask) & ~mask;
        if (x - low < range) {
            *v = x;
            return s;
        }
    }
    *v = low;
    return 0;
}

static void rc_flush(rc_enc *e)
{
    uint64_t v;
    int s = rc_final_shift(e->low, e->range, &v);
    e->low = v;
    for (int i = 0; i < 5; i++) rc_shift_low(e);
    e->len -= (size_t)(s / 8); /* those bytes are zero: the decoder supplies them */
}

typedef struct {
    const uint8_t *in;
    size_t len, pos; /* pos counts reads, past len too */
    uint32_t low, range, code;
} rc_dec;

static uint8_t rc_byte(rc_dec *d)
{
    uint8_t b = d->pos < d->len ? d->in[d->pos] : 0;
    d->pos++;
    return b;
}

static void rc_dec_init(rc_dec *d, const uint8_t *in, size_t len)
{
    d->in = in;
    d->len = len;
    d->pos = 0;
    d->low = 0;
    d->range = 0xFFFFFFFFu;
    d->code = 0;
    for (int i = 0; i < 4; i++) d->code = (d->code << 8) | rc_byte(d);
}

/* Returns the cumulative-frequency target, or UINT32_MAX for an impossible input. */
static uint32_t rc_decode_target(rc_dec *d, uint32_t tot, uint32_t *r)
{
    *r = d->range / tot;
    uint32_t v = (d->code - d->low) / *r;
    return v < tot ? v : UINT32_MAX;
}

static void rc_decode_update(rc_dec *d, uint32_t r, uint32_t cum, uint32_t freq)
{
    d->low += r * cum;
    d->range = r * freq;
    while (d->range < (1u << 24)) {
        d->range <<= 8;
        d->low <<= 8;
        d->code = (d->code << 8) | rc_byte(d);
    }
}

/* The input must be exactly what the encoder writes. */
static int rc_dec_finish_ok(const rc_dec *d)
{
    uint64_t v;
    int s = rc_final_shift(d->low, d->range, &v);
    if ((uint32_t)v != d->code) return 0;
    return d->pos - d->len == (size_t)(s / 8) && d->pos >= d->len;
}

/* ---------------------------------------------------------------------------------------- */
/* The model's distribution                                                                  */
/* ---------------------------------------------------------------------------------------- */
static void move_freqs(const chc_position *pos, const chci_pm_state *st, const chc_move *mv, int n,
                       int level, uint32_t *freq, uint32_t *tot)
{
    int32_t sc[CHC_MAX_MOVES];
    chci_pm_scores(pos, st, mv, n, level, sc);
    int32_t best = INT32_MIN;
    for (int i = 0; i < n; i++)
        if (sc[i] > best) best = sc[i];
    uint32_t t = 0;
    for (int i = 0; i < n; i++) {
        int32_t dd = best - sc[i];
        uint32_t f = exptab[dd < EXP_N ? dd : EXP_N - 1];
        freq[i] = f;
        t += f;
    }
    *tot = t;
}

static int same_move(chc_move a, chc_move b)
{
    return ((a ^ b) & 0x7FFFu) == 0; /* from, to, promotion */
}

/* ---------------------------------------------------------------------------------------- */
/* Start position                                                                           */
/* ---------------------------------------------------------------------------------------- */
static int same_position_exact(const chc_position *a, const chc_position *b)
{
    if (memcmp(a->board, b->board, 64) || a->side != b->side || a->castling != b->castling ||
        a->halfmove != b->halfmove || a->fullmove != b->fullmove || !!a->chess960 != !!b->chess960)
        return 0;
    for (int i = 0; i < 4; i++)
        if ((a->castling & (1 << i)) && a->castle_rook[i] != b->castle_rook[i]) return 0;
    return (a->ep == CHC_NO_SQUARE) == (b->ep == CHC_NO_SQUARE);
}

/* Scharnagl number of a Chess960 start, or -1. */
static int chess960_number(const chc_position *pos)
{
    if (!pos->chess960) return -1;
    int lb = -1, db = -1, q = -1, kn = -1;
    int rest6[6], n6 = 0;
    for (int f = 0; f < 8; f++) {
        int t = CHC_PIECE_TYPE(pos->board[f]);
        if (t == CHC_BISHOP) {
            if (f & 1) lb = f / 2;
            else db = f / 2;
        }
    }
    if (lb < 0 || db < 0) return -1;
    for (int f = 0; f < 8; f++)
        if (CHC_PIECE_TYPE(pos->board[f]) != CHC_BISHOP) rest6[n6++] = f;
    if (n6 != 6) return -1;
    int rest5[5], n5 = 0;
    for (int i = 0; i < 6; i++) {
        if (CHC_PIECE_TYPE(pos->board[rest6[i]]) == CHC_QUEEN) q = i;
        else if (n5 < 5) rest5[n5++] = rest6[i];
    }
    if (q < 0 || n5 != 5) return -1;
    int a = -1, b = -1;
    for (int i = 0; i < 5; i++)
        if (CHC_PIECE_TYPE(pos->board[rest5[i]]) == CHC_KNIGHT) {
            if (a < 0) a = i;
            else b = i;
        }
    if (a < 0 || b < 0) return -1;
    static const int pairs[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    for (int i = 0; i < 10; i++)
        if (pairs[i][0] == a && pairs[i][1] == b) kn = i;
    int n = ((kn * 6 + q) * 4 + db) * 4 + lb;
    chc_position p;
    if (chc_position_chess960(&p, n) != CHC_OK || !same_position_exact(&p, pos)) return -1;
    return n;
}

static size_t put_varint(uint8_t *buf, uint64_t v)
{
    size_t n = 0;
    while (v >= 0x80) {
        buf[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    buf[n++] = (uint8_t)v;
    return n;
}

/* ---------------------------------------------------------------------------------------- */
/* Public functions                                                                         */
/* ---------------------------------------------------------------------------------------- */
/* Fixed distributions of the header symbols and the end flag (docs/formats/pack-game.md). */
static const uint32_t kind_freq[4] = {60, 2, 1, 1}; /* standard, Chess960 n, position, position+960 */
#define KIND_TOT 64
#define LEVEL_TOT 64
#define END_TOT 64 /* end of game: 1/64, another move: 63/64 */

static uint32_t level_freq(int level)
{
    return level == CHC_PACK_GAME_LEVEL_DEFAULT ? LEVEL_TOT - 16 * (CHCI_PM_LEVELS - 1) : 16;
}

static uint32_t level_cum(int level)
{
    uint32_t c = 0;
    for (int l = 1; l < level; l++) c += level_freq(l);
    return c;
}

static void enc_byte(rc_enc *e, unsigned b)
{
    rc_encode(e, b & 0xFF, 1, 256);
}

int chc_pack_game(const chc_position *start, const chc_move *moves, size_t n, int level,
                  uint8_t *out, size_t cap, size_t *len)
{
    exp_ready();
    *len = 0;
    if (n > CHC_PACK_GAME_MAX_PLIES) return CHC_E_LIMIT;
    if (level == 0) level = CHC_PACK_GAME_LEVEL_DEFAULT;
    if (level < 1 || level > CHCI_PM_LEVELS) return CHC_E_ARGUMENT;
    chc_position std;
    chc_position_startpos(&std);
    int kind, n960 = -1;
    uint8_t pcode[CHC_PACK_POS_BYTES];
    if (same_position_exact(start, &std)) kind = 0;
    else if ((n960 = chess960_number(start)) >= 0) kind = 1;
    else kind = 2;
    if (kind == 2) {
        int rc = chc_pack_position(start, pcode);
        if (rc) return rc;
        if (start->chess960) {
            /* kind 3 keeps a Chess960 flag that the castling rights do not imply */
            chc_position t;
            if (chc_unpack_position(&t, pcode, NULL) == CHC_OK && !t.chess960) kind = 3;
        }
    }
    rc_enc e = {0, 0xFFFFFFFFu, 0, 1, 1, out, cap, 0, 0};
    uint32_t kc = 0;
    for (int i = 0; i < kind; i++) kc += kind_freq[i];
    rc_encode(&e, kc, kind_freq[kind], KIND_TOT);
    rc_encode(&e, level_cum(level), level_freq(level), LEVEL_TOT);
    if (kind == 1) {
        rc_encode(&e, (uint32_t)n960, 1, 960);
    } else if (kind >= 2) {
        for (int i = 0; i < CHC_PACK_POS_BYTES; i++) enc_byte(&e, pcode[i]);
        uint8_t vb[10];
        size_t vl = put_varint(vb, start->halfmove);
        for (size_t i = 0; i < vl; i++) enc_byte(&e, vb[i]);
        vl = put_varint(vb, start->fullmove);
        for (size_t i = 0; i < vl; i++) enc_byte(&e, vb[i]);
    }
    chc_position pos = *start;
    chci_pm_state st;
    chci_pm_init(&st);
    chc_move mv[CHC_MAX_MOVES];
    uint32_t freq[CHC_MAX_MOVES], tot;
    for (size_t i = 0;; i++) {
        int nm = chc_legal_moves(&pos, mv, CHC_GEN_ALL);
        if (i == n) {
            if (nm) rc_encode(&e, END_TOT - 1, 1, END_TOT);
            break;
        }
        int idx = -1;
        for (int j = 0; j < nm; j++)
            if (same_move(mv[j], moves[i])) {
                idx = j;
                break;
            }
        if (idx < 0) return moves[i] == CHC_MOVE_NULL ? CHC_E_UNSUPPORTED : CHC_E_MOVE_ILLEGAL;
        rc_encode(&e, 0, END_TOT - 1, END_TOT);
        if (nm > 1) {
            move_freqs(&pos, &st, mv, nm, level, freq, &tot);
            uint32_t cum = 0;
            for (int j = 0; j < idx; j++) cum += freq[j];
            rc_encode(&e, cum, freq[idx], tot);
        }
        chci_pm_played(&st, &pos, mv[idx]);
        chc_undo u;
        chc_make_move(&pos, mv[idx], &u);
    }
    rc_flush(&e);
    if (e.overflow) return CHC_E_BUFFER_TOO_SMALL;
    *len = e.len;
    return CHC_OK;
}

/* Decodes a symbol of a fixed distribution given as cumulative search over freq[]. */
static int dec_sym(rc_dec *d, const uint32_t *freq, int n, uint32_t tot)
{
    uint32_t r;
    uint32_t t = rc_decode_target(d, tot, &r);
    if (t == UINT32_MAX) return -1;
    uint32_t cum = 0;
    int i = 0;
    while (i < n - 1 && cum + freq[i] <= t) cum += freq[i++];
    rc_decode_update(d, r, cum, freq[i]);
    return i;
}

static int dec_uniform(rc_dec *d, uint32_t tot)
{
    uint32_t r;
    uint32_t t = rc_decode_target(d, tot, &r);
    if (t == UINT32_MAX) return -1;
    rc_decode_update(d, r, t, 1);
    return (int)t;
}

static int dec_varint(rc_dec *d, uint64_t *v)
{
    uint64_t x = 0;
    for (int shift = 0; shift < 63; shift += 7) {
        int b = dec_uniform(d, 256);
        if (b < 0) return 0;
        if (shift == 56 && b > 0x7F) return 0;
        x |= (uint64_t)(b & 0x7F) << shift;
        if (!(b & 0x80)) {
            if (b == 0 && shift > 0) return 0;
            *v = x;
            return 1;
        }
    }
    return 0;
}

#define CORRUPT(idx, ...) chci_fail(diag, CHC_E_PACK_CORRUPT, -1, 0, 0, (long)(idx), __VA_ARGS__)

int chc_unpack_game(const uint8_t *in, size_t len, chc_position *start, chc_move *moves,
                    size_t cap, size_t *n, chc_diag *diag)
{
    exp_ready();
    *n = 0;
    rc_dec d;
    rc_dec_init(&d, in, len);
    int kind = dec_sym(&d, kind_freq, 4, KIND_TOT);
    if (kind < 0) return CORRUPT(-1, "pack game: corrupt header");
    uint32_t lf[CHCI_PM_LEVELS];
    for (int l = 1; l <= CHCI_PM_LEVELS; l++) lf[l - 1] = level_freq(l);
    int level = dec_sym(&d, lf, CHCI_PM_LEVELS, LEVEL_TOT);
    if (level < 0) return CORRUPT(-1, "pack game: corrupt header");
    level++;
    if (kind == 0) {
        chc_position_startpos(start);
    } else if (kind == 1) {
        int num = dec_uniform(&d, 960);
        if (num < 0 || chc_position_chess960(start, num) != CHC_OK)
            return CORRUPT(-1, "pack game: corrupt Chess960 start");
    } else {
        uint8_t pcode[CHC_PACK_POS_BYTES];
        for (int i = 0; i < CHC_PACK_POS_BYTES; i++) {
            int b = dec_uniform(&d, 256);
            if (b < 0) return CORRUPT(-1, "pack game: corrupt start position");
            pcode[i] = (uint8_t)b;
        }
        int rc = chc_unpack_position(start, pcode, diag);
        if (rc) return rc;
        uint64_t hm, fm;
        if (!dec_varint(&d, &hm) || !dec_varint(&d, &fm))
            return CORRUPT(-1, "pack game: corrupt move counters");
        if (hm > 0xFFFF || fm < 1 || fm > 0x7FFFFFFF)
            return CORRUPT(-1, "pack game: move counters out of range");
        uint8_t crook[4];
        for (int i = 0; i < 4; i++)
            crook[i] = (start->castling & (1 << i)) ? start->castle_rook[i] : CHC_NO_SQUARE;
        if (kind == 3 && start->chess960)
            return CORRUPT(-1, "pack game: start not in canonical form");
        uint8_t board[64];
        memcpy(board, start->board, 64);
        rc = chc_position_set(start, board, start->side, crook, start->ep, (int)hm, (int)fm,
                              kind == 3 || start->chess960, diag);
        if (rc) return rc;
        chc_position std;
        chc_position_startpos(&std);
        if (same_position_exact(start, &std) || chess960_number(start) >= 0)
            return CORRUPT(-1, "pack game: start not in canonical form");
    }
    chc_position pos = *start;
    chci_pm_state st;
    chci_pm_init(&st);
    chc_move mv[CHC_MAX_MOVES];
    uint32_t freq[CHC_MAX_MOVES], tot;
    static const uint32_t end_freq[2] = {END_TOT - 1, 1};
    size_t i = 0;
    for (;; i++) {
        if (d.pos > d.len + 4) return CORRUPT(i, "pack game: ply %zu: the data ends too early", i + 1);
        int nm = chc_legal_moves(&pos, mv, CHC_GEN_ALL);
        if (nm == 0) break;
        int end = dec_sym(&d, end_freq, 2, END_TOT);
        if (end < 0) return CORRUPT(i, "pack game: ply %zu: corrupt data", i + 1);
        if (end) break;
        if (i >= CHC_PACK_GAME_MAX_PLIES)
            return chci_fail(diag, CHC_E_LIMIT, -1, 0, 0, (long)i, "pack game: more than %u plies",
                             CHC_PACK_GAME_MAX_PLIES);
        int idx = 0;
        if (nm > 1) {
            move_freqs(&pos, &st, mv, nm, level, freq, &tot);
            uint32_t r;
            uint32_t target = rc_decode_target(&d, tot, &r);
            if (target == UINT32_MAX) return CORRUPT(i, "pack game: ply %zu: corrupt move data", i + 1);
            uint32_t cum = 0;
            while (cum + freq[idx] <= target) cum += freq[idx++];
            rc_decode_update(&d, r, cum, freq[idx]);
        }
        if (i < cap) moves[i] = mv[idx];
        chci_pm_played(&st, &pos, mv[idx]);
        chc_undo u;
        chc_make_move(&pos, mv[idx], &u);
    }
    if (!rc_dec_finish_ok(&d))
        return chci_fail(diag, CHC_E_PACK_CORRUPT, (long)len, 0, 0, (long)i,
                         "pack game: the data does not end where the moves end");
    *n = i;
    if (i > cap)
        return chci_fail(diag, CHC_E_BUFFER_TOO_SMALL, -1, 0, 0, -1, "pack game: %zu plies, room for %zu", i, cap);
    return CHC_OK;
}

/* base64url without padding */
static size_t b64_len(size_t n)
{
    return (n * 8 + 5) / 6;
}

int chc_pack_game_text(const chc_position *start, const chc_move *moves, size_t n, int level,
                       char *out, size_t cap, size_t *len)
{
    *len = 0;
    size_t bcap = CHC_PACK_GAME_MAX(n);
    uint8_t stackbuf[4096];
    uint8_t *buf = stackbuf;
    if (bcap > sizeof stackbuf) {
        buf = malloc(bcap);
        if (!buf) return CHC_E_NO_MEMORY;
    }
    size_t bl;
    int rc = chc_pack_game(start, moves, n, level, buf, bcap, &bl);
    if (rc == CHC_OK) {
        size_t tl = b64_len(bl);
        if (tl + 1 > cap) {
            rc = CHC_E_BUFFER_TOO_SMALL;
        } else {
            size_t o = 0;
            uint32_t acc = 0;
            int bits = 0;
            for (size_t i = 0; i < bl; i++) {
                acc = (acc << 8) | buf[i];
                bits += 8;
                while (bits >= 6) {
                    bits -= 6;
                    out[o++] = chci_b64url[(acc >> bits) & 63];
                }
            }
            if (bits) out[o++] = chci_b64url[(acc << (6 - bits)) & 63];
            out[o] = 0;
            *len = o;
        }
    }
    if (buf != stackbuf) free(buf);
    return rc;
}

int chc_unpack_game_text(const char *text, size_t len, chc_position *start, chc_move *moves,
                         size_t cap, size_t *n, chc_diag *diag)
{
    *n = 0;
    size_t s = 0;
    while (s < len && (text[s] == ' ' || text[s] == '\t' || text[s] == '\r' || text[s] == '\n')) s++;
    while (len > s && (text[len - 1] == ' ' || text[len - 1] == '\t' || text[len - 1] == '\r' || text[len - 1] == '\n')) len--;
    size_t tl = len - s;
    if (tl % 4 == 1)
        return chci_fail(diag, CHC_E_PACK_CORRUPT, (long)len, 1, (long)len + 1, -1,
                         "pack game: %zu characters is not a whole number of bytes", tl);
    size_t bl = tl * 6 / 8;
    uint8_t stackbuf[4096];
    uint8_t *buf = stackbuf;
    if (bl > sizeof stackbuf) {
        buf = malloc(bl);
        if (!buf) return CHC_E_NO_MEMORY;
    }
    uint32_t acc = 0;
    int bits = 0;
    size_t o = 0;
    int rc = CHC_OK;
    for (size_t i = s; i < len; i++) {
        int v = chci_b64url_value((unsigned char)text[i]);
        if (v < 0) {
            rc = chci_fail(diag, CHC_E_PACK_CORRUPT, (long)i, 1, (long)i + 1, (long)(i - s),
                           "pack game: character %zu is not base64url", i - s + 1);
            break;
        }
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            buf[o++] = (uint8_t)(acc >> bits);
        }
    }
    if (rc == CHC_OK && bits && (acc & ((1u << bits) - 1)))
        rc = chci_fail(diag, CHC_E_PACK_CORRUPT, (long)len - 1, 1, (long)len, (long)(tl - 1),
                       "pack game: non-zero padding bits in the last character");
    if (rc == CHC_OK) rc = chc_unpack_game(buf, o, start, moves, cap, n, diag);
    if (buf != stackbuf) free(buf);
    return rc;
}

/* ---- the calling convention of every codec (temporary wrappers, replaced by the versioned
 * code of pack game version 1) ------------------------------------------------------------ */
int chc_pack_game_encode(const chc_position *start, const chc_move *moves, size_t n, int result,
                         unsigned flags, uint8_t *dst, size_t dst_cap, size_t *dst_len,
                         chc_diag *diag)
{
    (void)result;
    size_t len = 0;
    int rc = chc_pack_game(start, moves, n, (int)CHC_PACK_LEVEL(flags), dst, dst_cap, &len);
    if (dst_len) *dst_len = len;
    if (rc != CHC_OK) chci_fail(diag, rc, -1, 0, 0, -1, "pack game: %s", chc_strerror(rc));
    return rc;
}

int chc_pack_game_decode(const uint8_t *src, size_t src_len, chc_position *start,
                         chc_move *moves, size_t cap, size_t *n, int *result,
                         chc_read_info *info, chc_diag *diag)
{
    if (result) *result = CHC_RESULT_UNKNOWN;
    if (info) {
        info->format = CHC_FORMAT_PACK_GAME;
        info->version = 0;
        info->flags = 0;
        info->offset = 0;
    }
    return chc_unpack_game(src, src_len, start, moves, cap, n, diag);
}

int chc_pack_game_write(const chc_game *g, unsigned flags, char *dst, size_t dst_cap,
                        size_t *dst_len, chc_diag *diag)
{
    size_t n = chc_game_ply_count(g), len = 0;
    chc_move *moves = malloc((n ? n : 1) * sizeof *moves);
    if (!moves) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "pack game: out of memory");
    for (size_t i = 0; i < n; i++) moves[i] = chc_game_move(g, i);
    if (dst_cap) dst[0] = 0;
    int rc = chc_pack_game_text(chc_game_start(g), moves, n, (int)CHC_PACK_LEVEL(flags), dst,
                                dst_cap, &len);
    free(moves);
    if (dst_len) *dst_len = len;
    if (rc != CHC_OK) chci_fail(diag, rc, -1, 0, 0, -1, "pack game: %s", chc_strerror(rc));
    return rc;
}

int chc_pack_game_read(const char *src, size_t src_len, chc_game *g, chc_read_info *info,
                       chc_diag *diag)
{
    if (info) {
        info->format = CHC_FORMAT_PACK_GAME;
        info->version = 0;
        info->flags = 0;
        info->offset = 0;
    }
    size_t cap = src_len * 6 + 16, n = 0;
    if (cap > CHC_PACK_GAME_MAX_PLIES) cap = CHC_PACK_GAME_MAX_PLIES;
    chc_move *moves = malloc(cap * sizeof *moves);
    if (!moves) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "pack game: out of memory");
    chc_position start;
    int rc = chc_unpack_game_text(src, src_len, &start, moves, cap, &n, diag);
    if (rc == CHC_OK) {
        chc_game_reset(g, &start);
        for (size_t i = 0; rc == CHC_OK && i < n; i++) rc = chc_game_push(g, moves[i]);
    }
    free(moves);
    return rc;
}
