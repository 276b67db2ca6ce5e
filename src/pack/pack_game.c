/* The pack game code's body: the start, the moves and (version 1 on) the result of a game,
 * each symbol range-coded (pack_rc.h) with the probability the predictor of the code's model
 * (pack_model.c) or a fixed table gives it (docs/formats/pack-game.md, "Symbols").
 *
 *   symbol                       distribution
 *   start kind                   standard 60/64, Chess960 2/64, position 1/64, pos+960 1/64
 *   level                        1: 48/64, 2: 16/64
 *   Chess960 number              uniform over 960                 (Chess960 starts)
 *   20 position-code bytes,      each uniform over 256            (position starts)
 *   half-move, full-move varints
 *   per ply: end of game?        another move 63/64, end 1/64     (unless no legal move)
 *   per ply: the move            the model's frequencies          (two or more legal moves)
 *   result (version >= 1)        by the final position and the side that moved last
 *
 * Version 0 is the unversioned code of chesscodec 0.1: moves in the move generator's order,
 * no result. Version 1 and later take the moves in canonical order (the move number:
 * promotion, destination, origin) so that the code does not depend on the generator. */
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "common/once.h"
#include "core/position.h"
#include "pack/pack_game_parts.h"
#include "pack/pack_internal.h"
#include "pack/pack_rc.h"

/* ---------------------------------------------------------------------------------------- */
/* Formats                                                                                  */
/* ---------------------------------------------------------------------------------------- */
static const chci_pack_game_fmt fmt_v1 = {1, &chci_pm_model1};
static const chci_pack_game_fmt fmt_01a = {0, &chci_pm_model_01a};
static const chci_pack_game_fmt fmt_01b = {0, &chci_pm_model_01b};

/* Every version this library reads and writes, by number (index 0 unused). A new model is a
 * new entry here; an entry never changes. */
static const chci_pack_game_fmt *const game_versions[] = {NULL, &fmt_v1};
/* The models of chesscodec 0.1, oldest first. */
static const chci_pack_game_fmt *const legacy_formats[CHCI_PACK_LEGACY_MODELS] = {&fmt_01a, &fmt_01b};

const chci_pack_game_fmt *chci_pack_game_fmt_of(int version)
{
    int n = (int)(sizeof game_versions / sizeof game_versions[0]);
    return version >= 1 && version < n ? game_versions[version] : NULL;
}

const chci_pack_game_fmt *chci_pack_legacy_fmt_at(size_t i)
{
    return i < CHCI_PACK_LEGACY_MODELS ? legacy_formats[i] : NULL;
}

const chci_pack_game_fmt *chci_pack_legacy_fmt(const char *model)
{
    for (size_t i = 0; model && i < CHCI_PACK_LEGACY_MODELS; i++)
        if (strcmp(legacy_formats[i]->model->name, model) == 0) return legacy_formats[i];
    return NULL;
}

/* ---------------------------------------------------------------------------------------- */
/* The model's distribution                                                                  */
/* ---------------------------------------------------------------------------------------- */
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

/* Frequencies of the moves: exptab[min(best - score, 511)]. */
static inline void move_scores(const chc_position *pos, const chci_pm_state *st, const chc_move *mv,
                               int n, int32_t *sc, int32_t *best)
{
    chci_pm_scores(pos, st, mv, n, sc);
    int32_t b = INT32_MIN;
    for (int i = 0; i < n; i++)
        if (sc[i] > b) b = sc[i];
    *best = b;
}

static inline uint32_t freq_of(int32_t best, int32_t score)
{
    int32_t dd = best - score;
    return exptab[dd < EXP_N ? dd : EXP_N - 1];
}

static int same_move(chc_move a, chc_move b)
{
    return ((a ^ b) & 0x7FFFu) == 0; /* from, to, promotion */
}

/* ---------------------------------------------------------------------------------------- */
/* Move order                                                                               */
/* ---------------------------------------------------------------------------------------- */
/* Version 1 on, the moves' intervals follow the canonical order: increasing move number
 *     key = from + 64 * to + 4096 * promotion
 * (squares a1 = 0 .. h8 = 63; promotion 0 none, 2 knight, 3 bishop, 4 rook, 5 queen; castling
 * is the king's move to its own rook's square) -- the low 15 bits of a chc_move: by promotion,
 * then destination, then origin. Version 0 takes the moves in the move generator's order (the
 * order of the list). */
static inline uint32_t canon_key(chc_move m)
{
    return m & 0x7FFFu;
}

/* Encoder: the played move's frequency, interval start and the total. */
static inline void enc_interval(const int32_t *sc, int32_t best, const chc_move *mv, int n,
                                int idx, int canonical, uint32_t *freq, uint32_t *cum,
                                uint32_t *tot)
{
    uint32_t t = 0, c = 0, k = canon_key(mv[idx]);
    for (int i = 0; i < n; i++) {
        uint32_t f = freq_of(best, sc[i]);
        t += f;
        int before = canonical ? canon_key(mv[i]) < k : i < idx;
        c += before ? f : 0;
    }
    *freq = freq_of(best, sc[idx]);
    *cum = c;
    *tot = t;
}

/* Of the moves ids[0..k) in canonical order (sorted here), the one whose interval, the first
 * starting at c, holds the value v (scaled by r, as in dec_find()); *cum its start; or -1. */
static int sorted_find(const chc_move *mv, const int *ids, int k, const uint32_t *f, uint32_t v,
                       uint32_t r, uint32_t c, uint32_t *cum)
{
    uint32_t keys[CHC_MAX_MOVES];
    for (int a = 0; a < k; a++) {
        uint32_t key = canon_key(mv[ids[a]]) << 8 | (uint32_t)ids[a];
        int j = a;
        while (j > 0 && keys[j - 1] > key) {
            keys[j] = keys[j - 1];
            j--;
        }
        keys[j] = key;
    }
    for (int j = 0; j < k; j++) {
        int i = (int)(keys[j] & 0xFF);
        if (v < r * (c + f[i])) {
            *cum = c;
            return i;
        }
        c += f[i];
    }
    return -1;
}

/* Decoder: the move whose interval holds the coder's value (-1 when the data is impossible);
 * *r, *cum and *freq get what chci_rc_decode_update() needs. With v = code - low and
 * r = range / total, the target floor(v / r) lies below c exactly when v < r * c (r * total
 * <= range fits in 32 bits), so the search compares and never divides a second time.
 * Canonical order without sorting the list: without promotions the moves follow each other by
 * destination square, so sums by destination find the square, and the one move to it (or the
 * few, sorted by origin) the move. A position with a promotion sorts every move. */
static inline int dec_find(const int32_t *sc, int32_t best, const chc_move *mv, int n,
                           int canonical, const chci_rc_dec *d, uint32_t bsum[64], uint32_t *r,
                           uint32_t *cum, uint32_t *freq)
{
    uint32_t f[CHC_MAX_MOVES];
    uint32_t t = 0, c = 0, v = d->code - d->low, rr;
    int found = -1;
    if (!canonical) {
        for (int i = 0; i < n; i++) t += f[i] = freq_of(best, sc[i]);
        rr = d->range / t;
        if (v >= rr * t) return -1;
        found = 0;
        while (v >= rr * (c + f[found])) c += f[found++];
        *cum = c;
    } else {
        uint8_t last[64];
        uint64_t occ = 0, multi = 0;
        unsigned promos = 0;
        for (int i = 0; i < n; i++) { /* bsum[] is all zero between calls */
            uint32_t fi = f[i] = freq_of(best, sc[i]);
            unsigned to = mv[i] >> 6 & 63u;
            uint64_t bit = 1ull << to;
            t += fi;
            bsum[to] += fi;
            multi |= occ & bit;
            occ |= bit;
            last[to] = (uint8_t)i;
            promos |= mv[i] & 0x7000u;
        }
        rr = d->range / t;
        if (v >= rr * t) {
            for (uint64_t m = occ; m; m &= m - 1) bsum[__builtin_ctzll(m)] = 0;
            return -1;
        }
        int ids[CHC_MAX_MOVES], k = 0;
        if (promos) { /* rare: sort every move */
            for (int i = 0; i < n; i++) ids[k++] = i;
            found = sorted_find(mv, ids, k, f, v, rr, 0, cum);
        } else {
            /* the destination whose moves hold the value, in increasing square order */
            unsigned to = 0;
            for (uint64_t m = occ; m; m &= m - 1) {
                to = (unsigned)__builtin_ctzll(m);
                if (v < rr * (c + bsum[to])) break;
                c += bsum[to];
            }
            if (!(multi >> to & 1)) { /* one move to that square: usually */
                found = last[to];
                *cum = c;
            } else {
                for (int i = 0; i < n; i++) {
                    ids[k] = i;
                    k += (mv[i] >> 6 & 63u) == to;
                }
                found = sorted_find(mv, ids, k, f, v, rr, c, cum);
            }
        }
        for (uint64_t m = occ; m; m &= m - 1) bsum[__builtin_ctzll(m)] = 0; /* clean again */
        if (found < 0) return -1;
    }
    *r = rr;
    *freq = f[found];
    return found;
}

/* The same for other codes of the library's internals (the draft codec of src/pack/draft/),
 * always in canonical order: see pack_game_parts.h. */
void chci_pack_game_interval(const int32_t *sc, int32_t best, const chc_move *mv, int n, int idx,
                             uint32_t *freq, uint32_t *cum, uint32_t *tot)
{
    exp_ready();
    enc_interval(sc, best, mv, n, idx, 1, freq, cum, tot);
}

int chci_pack_game_find(const int32_t *sc, int32_t best, const chc_move *mv, int n,
                        const chci_rc_dec *d, uint32_t bsum[64], uint32_t *r, uint32_t *cum,
                        uint32_t *freq)
{
    exp_ready();
    return dec_find(sc, best, mv, n, 1, d, bsum, r, cum, freq);
}

/* ---------------------------------------------------------------------------------------- */
/* Fixed distributions                                                                      */
/* ---------------------------------------------------------------------------------------- */
enum { KIND_STANDARD, KIND_960, KIND_POSITION, KIND_POSITION_960 };
static const uint32_t kind_freq[4] = {60, 2, 1, 1};
#define KIND_TOT 64
#define LEVEL_TOT 64
#define END_TOT 64 /* end of game: 1/64, another move: 63/64 */
#define RESULT_TOT 64

static uint32_t level_freq(int level)
{
    return level == CHC_PACK_GAME_LEVEL_DEFAULT ? LEVEL_TOT - 16 * (CHCI_PM_LEVELS - 1) : 16;
}

/* Result symbols in the order 1-0, 0-1, 1/2-1/2, *; frequencies (of 64) by the final
 * position: mate (the side that moved last wins), stalemate (a draw), or neither, where the
 * side that moved last ("mover") usually wins (lichess: 86% of decisive and drawn games). */
static int result_symbol(int result)
{
    switch (result) {
    case CHC_RESULT_WHITE_WINS: return 0;
    case CHC_RESULT_BLACK_WINS: return 1;
    case CHC_RESULT_DRAW: return 2;
    default: return 3;
    }
}

static const int symbol_result[4] = {CHC_RESULT_WHITE_WINS, CHC_RESULT_BLACK_WINS,
                                     CHC_RESULT_DRAW, CHC_RESULT_UNKNOWN};

static void result_freqs(const chc_position *final, int nmoves, uint32_t freq[4])
{
    /* mover wins, mover loses, draw, unknown */
    static const uint32_t open[4] = {44, 6, 6, 8}, mate[4] = {61, 1, 1, 1}, stale[4] = {1, 1, 61, 1};
    const uint32_t *t = nmoves ? open : final->checkers ? mate : stale;
    int white_moved = final->side == CHC_BLACK;
    freq[0] = white_moved ? t[0] : t[1];
    freq[1] = white_moved ? t[1] : t[0];
    freq[2] = t[2];
    freq[3] = t[3];
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

/* ---------------------------------------------------------------------------------------- */
/* Encoding                                                                                 */
/* ---------------------------------------------------------------------------------------- */
static void enc_byte(chci_rc_enc *e, unsigned b)
{
    chci_rc_encode(e, b & 0xFF, 1, 256);
}

int chci_pack_game_check_args(size_t n, int *level, int result, chc_diag *diag)
{
    if (n > CHC_PACK_GAME_MAX_PLIES)
        return chci_fail(diag, CHC_E_LIMIT, -1, 0, 0, -1, "pack game: %zu plies, more than %u", n,
                         CHC_PACK_GAME_MAX_PLIES);
    if (*level == 0) *level = CHC_PACK_GAME_LEVEL_DEFAULT;
    if (*level < 1 || *level > CHCI_PM_LEVELS)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "pack game: level %d is not 1..%d",
                         *level, CHCI_PM_LEVELS);
    if (result < CHC_RESULT_UNKNOWN || result > CHC_RESULT_DRAW)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "pack game: result %d is not a result",
                         result);
    return CHC_OK;
}

/* The header (start kind, level, start position) at the start of e; level_freq[] (of 64) is
 * the code's distribution of the levels (1..CHCI_PM_LEVELS). */
int chci_pack_game_put_start(chci_rc_enc *e, const chc_position *start,
                             const uint32_t level_freq[CHCI_PM_LEVELS], int level, chc_diag *diag)
{
    uint32_t lc = 0;
    for (int l = 1; l < level; l++) lc += level_freq[l - 1];
    chc_position std;
    chc_position_startpos(&std);
    int kind, n960 = -1;
    uint8_t pcode[CHC_PACK_POS_BYTES];
    if (same_position_exact(start, &std)) kind = KIND_STANDARD;
    else if ((n960 = chess960_number(start)) >= 0) kind = KIND_960;
    else kind = KIND_POSITION;
    if (kind == KIND_POSITION) {
        int rc = chc_pack_position_encode(start, pcode, diag);
        if (rc) return rc;
        if (start->chess960) {
            /* kind 3 keeps a Chess960 flag that the castling rights do not imply */
            chc_position t;
            if (chc_pack_position_decode(pcode, &t, NULL) == CHC_OK && !t.chess960)
                kind = KIND_POSITION_960;
        }
    }
    uint32_t kc = 0;
    for (int i = 0; i < kind; i++) kc += kind_freq[i];
    chci_rc_encode(e, kc, kind_freq[kind], KIND_TOT);
    chci_rc_encode(e, lc, level_freq[level - 1], LEVEL_TOT);
    if (kind == KIND_960) {
        chci_rc_encode(e, (uint32_t)n960, 1, 960);
    } else if (kind >= KIND_POSITION) {
        for (int i = 0; i < CHC_PACK_POS_BYTES; i++) enc_byte(e, pcode[i]);
        uint8_t vb[10];
        size_t vl = chci_leb128_put(vb, start->halfmove);
        for (size_t i = 0; i < vl; i++) enc_byte(e, vb[i]);
        vl = chci_leb128_put(vb, start->fullmove);
        for (size_t i = 0; i < vl; i++) enc_byte(e, vb[i]);
    }
    return CHC_OK;
}

int chci_pack_game_encode_body(const chci_pack_game_fmt *f, const chc_position *start,
                               const chc_move *moves, size_t n, int result, int level,
                               uint8_t *dst, size_t cap, size_t *len, chc_diag *diag)
{
    exp_ready();
    *len = 0;
    int rc = chci_pack_game_check_args(n, &level, result, diag);
    if (rc) return rc;
    chci_rc_enc e;
    chci_rc_enc_init(&e, dst, cap);
    uint32_t lf[CHCI_PM_LEVELS];
    for (int l = 1; l <= CHCI_PM_LEVELS; l++) lf[l - 1] = level_freq(l);
    rc = chci_pack_game_put_start(&e, start, lf, level, diag);
    if (rc) return rc;
    chc_position pos = *start;
    chci_pm_state st;
    chci_pm_init(&st, f->model, level);
    chc_move mv[CHC_MAX_MOVES];
    int nm;
    for (size_t i = 0;; i++) {
        nm = chc_legal_moves(&pos, mv, CHC_GEN_ALL);
        if (i == n) {
            if (nm) chci_rc_encode(&e, END_TOT - 1, 1, END_TOT);
            break;
        }
        int idx = -1;
        for (int j = 0; j < nm; j++)
            if (same_move(mv[j], moves[i])) {
                idx = j;
                break;
            }
        if (idx < 0) {
            if (moves[i] == CHC_MOVE_NULL)
                return chci_fail(diag, CHC_E_UNSUPPORTED, -1, 0, 0, (long)i,
                                 "pack game: ply %zu is a null move", i + 1);
            return chci_fail(diag, CHC_E_MOVE_ILLEGAL, -1, 0, 0, (long)i,
                             "pack game: the move of ply %zu is not legal", i + 1);
        }
        chci_rc_encode(&e, 0, END_TOT - 1, END_TOT);
        if (nm > 1) {
            uint32_t freq, cum, tot;
            int32_t sc[CHC_MAX_MOVES], best;
            move_scores(&pos, &st, mv, nm, sc, &best);
            enc_interval(sc, best, mv, nm, idx, f->version >= 1, &freq, &cum, &tot);
            chci_rc_encode(&e, cum, freq, tot);
        }
        chci_pm_played(&st, &pos, mv[idx]);
        chc_undo u;
        chc_make_move(&pos, mv[idx], &u);
    }
    if (f->version >= 1) {
        uint32_t rf[4];
        result_freqs(&pos, nm, rf);
        int s = result_symbol(result);
        uint32_t c = 0;
        for (int i = 0; i < s; i++) c += rf[i];
        chci_rc_encode(&e, c, rf[s], RESULT_TOT);
    }
    chci_rc_flush(&e);
    *len = e.len;
    if (e.len > cap)
        return chci_fail(diag, CHC_E_BUFFER_TOO_SMALL, -1, 0, 0, -1,
                         "pack game: the code needs %zu bytes, room for %zu", e.len, cap);
    return CHC_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* Decoding                                                                                 */
/* ---------------------------------------------------------------------------------------- */
/* A symbol of a fixed distribution (cumulative search over freq[]), or -1. */
static int dec_sym(chci_rc_dec *d, const uint32_t *freq, int n, uint32_t tot)
{
    uint32_t r;
    uint32_t t = chci_rc_decode_target(d, tot, &r);
    if (t == UINT32_MAX) return -1;
    uint32_t cum = 0;
    int i = 0;
    while (i < n - 1 && cum + freq[i] <= t) cum += freq[i++];
    chci_rc_decode_update(d, r, cum, freq[i]);
    return i;
}

int chci_pack_game_dec_sym(chci_rc_dec *d, const uint32_t *freq, int n, uint32_t tot)
{
    return dec_sym(d, freq, n, tot);
}

static int dec_uniform(chci_rc_dec *d, uint32_t tot)
{
    uint32_t r;
    uint32_t t = chci_rc_decode_target(d, tot, &r);
    if (t == UINT32_MAX) return -1;
    chci_rc_decode_update(d, r, t, 1);
    return (int)t;
}

static int dec_varint(chci_rc_dec *d, uint64_t *v)
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

/* The header: kind, level (level_freq[] of 64, as chci_pack_game_put_start()) and the start
 * position. */
int chci_pack_game_get_start(chci_rc_dec *d, const uint32_t level_freq[CHCI_PM_LEVELS],
                             chc_position *start, int *level, chc_diag *diag)
{
    int kind = dec_sym(d, kind_freq, 4, KIND_TOT);
    if (kind < 0) return CORRUPT(-1, "pack game: corrupt header");
    int lv = dec_sym(d, level_freq, CHCI_PM_LEVELS, LEVEL_TOT);
    if (lv < 0) return CORRUPT(-1, "pack game: corrupt header");
    *level = lv + 1;
    if (kind == KIND_STANDARD) {
        chc_position_startpos(start);
        return CHC_OK;
    }
    if (kind == KIND_960) {
        int num = dec_uniform(d, 960);
        if (num < 0 || chc_position_chess960(start, num) != CHC_OK)
            return CORRUPT(-1, "pack game: corrupt Chess960 start");
        return CHC_OK;
    }
    uint8_t pcode[CHC_PACK_POS_BYTES];
    for (int i = 0; i < CHC_PACK_POS_BYTES; i++) {
        int b = dec_uniform(d, 256);
        if (b < 0) return CORRUPT(-1, "pack game: corrupt start position");
        pcode[i] = (uint8_t)b;
    }
    int rc = chc_pack_position_decode(pcode, start, diag);
    if (rc) return rc;
    uint64_t hm, fm;
    if (!dec_varint(d, &hm) || !dec_varint(d, &fm))
        return CORRUPT(-1, "pack game: corrupt move counters");
    if (hm > 0xFFFF || fm < 1 || fm > 0x7FFFFFFF)
        return CORRUPT(-1, "pack game: move counters out of range");
    uint8_t crook[4];
    for (int i = 0; i < 4; i++)
        crook[i] = (start->castling & (1 << i)) ? start->castle_rook[i] : CHC_NO_SQUARE;
    if (kind == KIND_POSITION_960 && start->chess960)
        return CORRUPT(-1, "pack game: start not in canonical form");
    uint8_t board[64];
    memcpy(board, start->board, 64);
    rc = chc_position_set(start, board, start->side, crook, start->ep, (int)hm, (int)fm,
                          kind == KIND_POSITION_960 || start->chess960, diag);
    if (rc) return rc;
    chc_position std;
    chc_position_startpos(&std);
    if (same_position_exact(start, &std) || chess960_number(start) >= 0)
        return CORRUPT(-1, "pack game: start not in canonical form");
    return CHC_OK;
}

int chci_pack_game_decode_body(const chci_pack_game_fmt *f, const uint8_t *src, size_t len,
                               chc_position *start, chc_move *moves, size_t cap, size_t *n,
                               int *result, int *level, chc_diag *diag)
{
    exp_ready();
    *n = 0;
    if (result) *result = CHC_RESULT_UNKNOWN;
    chci_rc_dec d;
    chci_rc_dec_init(&d, src, len);
    int lv = 1;
    uint32_t lf[CHCI_PM_LEVELS];
    for (int l = 1; l <= CHCI_PM_LEVELS; l++) lf[l - 1] = level_freq(l);
    int rc = chci_pack_game_get_start(&d, lf, start, &lv, diag);
    if (rc) return rc;
    if (level) *level = lv;
    chc_position pos = *start;
    chci_pm_state st;
    chci_pm_init(&st, f->model, lv);
    chc_move mv[CHC_MAX_MOVES];
    uint32_t bsum[64]; /* dec_find's sums by destination square, zero between plies */
    memset(bsum, 0, sizeof bsum);
    size_t i = 0;
    int nm;
    for (;; i++) {
        if (d.pos > d.len + 4) return CORRUPT(i, "pack game: ply %zu: the data ends too early", i + 1);
        nm = chc_legal_moves(&pos, mv, CHC_GEN_ALL);
        if (nm == 0) break;
        int end = chci_rc_decode_binary(&d, END_TOT - 1, END_TOT);
        if (end < 0) return CORRUPT(i, "pack game: ply %zu: corrupt data", i + 1);
        if (end) break;
        if (i >= CHC_PACK_GAME_MAX_PLIES)
            return chci_fail(diag, CHC_E_LIMIT, -1, 0, 0, (long)i, "pack game: more than %u plies",
                             CHC_PACK_GAME_MAX_PLIES);
        int idx = 0;
        if (nm > 1) {
            uint32_t r, cum, freq;
            int32_t sc[CHC_MAX_MOVES], best;
            move_scores(&pos, &st, mv, nm, sc, &best);
            idx = dec_find(sc, best, mv, nm, f->version >= 1, &d, bsum, &r, &cum, &freq);
            if (idx < 0) return CORRUPT(i, "pack game: ply %zu: corrupt move data", i + 1);
            chci_rc_decode_update(&d, r, cum, freq);
        }
        if (i < cap) moves[i] = mv[idx];
        chci_pm_played(&st, &pos, mv[idx]);
        chc_undo u;
        chc_make_move(&pos, mv[idx], &u);
    }
    int res = CHC_RESULT_UNKNOWN;
    if (f->version >= 1) {
        uint32_t rf[4];
        result_freqs(&pos, nm, rf);
        int s = dec_sym(&d, rf, 4, RESULT_TOT);
        if (s < 0) return CORRUPT(i, "pack game: corrupt result");
        res = symbol_result[s];
    }
    if (!chci_rc_dec_finish_ok(&d))
        return chci_fail(diag, CHC_E_PACK_CORRUPT, (long)len, 0, 0, (long)i,
                         "pack game: the data does not end where the game ends");
    *n = i;
    if (result) *result = res;
    if (i > cap)
        return chci_fail(diag, CHC_E_BUFFER_TOO_SMALL, -1, 0, 0, -1,
                         "pack game: %zu plies, room for %zu", i, cap);
    return CHC_OK;
}
