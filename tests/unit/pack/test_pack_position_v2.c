/* Pack position code, version 2: the pinned count (tools/pack_count_v2's number) and width,
 * the worked examples of docs/formats/pack-position.md, round trips of every position of the
 * test games, random ranks below the count (decode, re-encode to the same rank), the
 * boundary ranks, the text and binary framing, and version 1 still the default. */
#include "testutil.h"
#include "test_pack_util.h"

#include <stdio.h>

#include "pack/pack_internal.h"

static void fen_of(const chc_position *pos, char *buf)
{
    chc_position_to_fen(pos, buf, CHC_FEN_MAX, CHC_FEN_EP_LEGAL_ONLY | CHC_FEN_NO_COUNTERS);
}

static void to_bytes(const chci_u192 *v, uint8_t b[CHC_PACK_POS_BYTES])
{
    for (int i = 0; i < CHC_PACK_POS_BYTES; i++) {
        int bit = (CHC_PACK_POS_BYTES - 1 - i) * 8;
        b[i] = (uint8_t)(v->w[bit / 64] >> (bit % 64));
    }
}

static void decimal(const chci_u192 *c, char *dec)
{
    char tmp[80];
    int n = 0;
    chci_u192 v = *c;
    while (!chci_u192_is_zero(&v)) tmp[n++] = (char)('0' + chci_u192_divmod64(&v, 10));
    for (int i = 0; i < n; i++) dec[i] = tmp[n - 1 - i];
    dec[n] = 0;
}

/* tools/pack_count_v2 prints the same number (test_pack_count_v2.sh pins it there) */
#define COUNT_V2 "8460728102619342201741085013664449249537373372"

static void test_count_pinned(void **state)
{
    (void)state;
    chci_u192 c;
    chci_pack_pos_count_v2(&c);
    char dec[80];
    decimal(&c, dec);
    assert_string_equal(dec, COUNT_V2);
    chci_u192 m1 = c, one = chci_u192_from(1);
    chci_u192_sub(&m1, &one);
    assert_int_equal(chci_u192_bits(&m1), 153);
}

/* Encodes pos in version 2 (binary and text), decodes both, compares. */
static void roundtrip(const chc_position *pos)
{
    uint8_t code[CHC_PACK_POS_BYTES], code2[CHC_PACK_POS_BYTES];
    chc_position back;
    char f1[CHC_FEN_MAX], f2[CHC_FEN_MAX];
    chc_diag d;
    int rc = chc_pack_position_encode_version(pos, 2, code, &d);
    if (rc) {
        fen_of(pos, f1);
        fail_msg("pack v2 %s: %s", f1, d.message);
    }
    assert_int_equal(code[0] >> 1, 0); /* 153 bits: the top seven of 160 are zero */
    rc = chc_pack_position_decode_version(code, 2, &back, &d);
    if (rc) {
        fen_of(pos, f1);
        fail_msg("unpack v2 %s: %s", f1, d.message);
    }
    fen_of(pos, f1);
    fen_of(&back, f2);
    if (strcmp(f1, f2)) fail_msg("round trip %s -> %s", f1, f2);
    assert_int_equal(pos->castling, back.castling);
    for (int i = 0; i < 4; i++)
        if (pos->castling & (1 << i)) assert_int_equal(pos->castle_rook[i], back.castle_rook[i]);
    assert_int_equal(chc_pack_position_encode_version(&back, 2, code2, NULL), CHC_OK);
    assert_memory_equal(code, code2, CHC_PACK_POS_BYTES);
}

static void test_roundtrip_games(void **state)
{
    (void)state;
    size_t every = tu_sanitized() ? 50 : 1;
    long n = tp_each_position("pack/lichess-eval.uci.xz", every, roundtrip);
    n += tp_each_position("pack/chess960.uci.xz", every, roundtrip);
    printf("round-tripped %ld positions (version 2)\n", n);
    if (!tu_sanitized()) assert_true(n >= 500000);
}

static tu_rng rng = TU_RNG(0x2545f4914f6cdd1dull);
static uint64_t rnd(void) { return tu_rand(&rng); }

/* Random legal games: promotions, Chess960 castling, en passant. */
static void test_random_walk(void **state)
{
    (void)state;
    int games = tu_sanitized() ? 20 : 300;
    for (int gi = 0; gi < games; gi++) {
        chc_position pos;
        if (gi % 2) chc_position_chess960(&pos, (int)(rnd() % 960));
        else chc_position_startpos(&pos);
        for (int ply = 0; ply < 400; ply++) {
            roundtrip(&pos);
            chc_move mv[CHC_MAX_MOVES];
            int nm = chc_legal_moves(&pos, mv, CHC_GEN_ALL);
            if (!nm) break;
            chc_move m = mv[rnd() % (uint64_t)nm];
            for (int t = 0; t < 3 && !(CHC_MOVE_FLAGS(m) & CHC_MF_PAWN); t++) m = mv[rnd() % (uint64_t)nm];
            chc_undo u;
            chc_make_move(&pos, m, &u);
        }
    }
}

/* Uniformly random ranks below the count: each decodes to a legal position that re-encodes
 * to the same rank, or to a domain member that is not legal (a CHC_E_POS_* error). */
static void test_random_ranks(void **state)
{
    (void)state;
    chci_u192 c;
    chci_pack_pos_count_v2(&c);
    int n = tu_sanitized() ? 3000 : 100000, legal = 0, illegal = 0;
    for (int i = 0; i < n; i++) {
        chci_u192 v;
        do {
            v.w[0] = rnd();
            v.w[1] = rnd();
            v.w[2] = rnd() & ((1ull << (153 - 128)) - 1);
        } while (chci_u192_cmp(&v, &c) >= 0);
        if (i % 4 == 1) { /* small ranks too: the first blocks */
            v.w[2] = 0;
            v.w[1] >>= (i / 4) % 64;
        }
        chc_position pos;
        int rc = chci_pack_pos_unrank_v2(&pos, &v, NULL);
        if (rc == CHC_OK) {
            chci_u192 back;
            assert_int_equal(chci_pack_pos_rank_v2(&pos, &back), CHC_OK);
            if (chci_u192_cmp(&back, &v)) {
                char f[CHC_FEN_MAX];
                fen_of(&pos, f);
                fail_msg("rank %d: %s does not re-encode to its rank", i, f);
            }
            legal++;
        } else {
            if (rc < 20 || rc >= 40) fail_msg("rank %d: error %d %s", i, rc, chc_strerror(rc));
            illegal++;
        }
    }
    printf("random ranks: %d legal, %d refused as illegal positions\n", legal, illegal);
    assert_true(legal > 0);
}

static void test_boundaries(void **state)
{
    (void)state;
    chci_u192 c;
    chci_pack_pos_count_v2(&c);
    uint8_t bytes[CHC_PACK_POS_BYTES];
    chc_position pos;
    /* rank 0 and |D2| - 1 name members (legal or not, never a range error) */
    chci_u192 zero = chci_u192_from(0), last = c, one = chci_u192_from(1);
    chci_u192_sub(&last, &one);
    const chci_u192 *in[2] = {&zero, &last};
    for (int i = 0; i < 2; i++) {
        to_bytes(in[i], bytes);
        int rc = chc_pack_position_decode_version(bytes, 2, &pos, NULL);
        assert_true(rc != CHC_E_PACK_RANGE && rc != CHC_E_INTERNAL);
        if (rc == CHC_OK) {
            chci_u192 back;
            assert_int_equal(chci_pack_pos_rank_v2(&pos, &back), CHC_OK);
            assert_int_equal(chci_u192_cmp(&back, in[i]), 0);
        }
    }
    for (int delta = 0; delta < 8; delta++) {
        chci_u192 v = c;
        chci_u192_add64(&v, (uint64_t)delta);
        to_bytes(&v, bytes);
        assert_int_equal(chc_pack_position_decode_version(bytes, 2, &pos, NULL), CHC_E_PACK_RANGE);
    }
    memset(bytes, 0, sizeof bytes);
    bytes[0] = 0x02; /* bit 153 */
    assert_int_equal(chc_pack_position_decode_version(bytes, 2, &pos, NULL), CHC_E_PACK_RANGE);
    memset(bytes, 0xff, sizeof bytes);
    assert_int_equal(chc_pack_position_decode_version(bytes, 2, &pos, NULL), CHC_E_PACK_RANGE);
    /* versions */
    memset(bytes, 0, sizeof bytes);
    assert_int_equal(chc_pack_position_decode_version(bytes, 3, &pos, NULL), CHC_E_PACK_VERSION);
    assert_int_equal(chc_pack_position_decode_version(bytes, 0, &pos, NULL), CHC_E_PACK_VERSION);
    chc_position_startpos(&pos);
    assert_int_equal(chc_pack_position_encode_version(&pos, 3, bytes, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_pack_position_encode_version(&pos, 0, bytes, NULL), CHC_E_ARGUMENT);
}

/* In version 1's domain, outside version 2's: (P) and (O). */
static void test_outside_d2(void **state)
{
    (void)state;
    chc_position pos;
    /* (O): sixteen pawns and every piece need eight opposed files (K = 8); the e-file has
     * its White pawn above its Black pawn */
    assert_int_equal(chc_position_from_fen(&pos, "rnbqkbnr/pppp1ppp/4P3/8/8/4p3/PPPP1PPP/RNBQKBNR w KQkq - 0 1", 0, NULL), CHC_OK);
    uint8_t b[CHC_PACK_POS_BYTES];
    assert_int_equal(chc_pack_position_encode_version(&pos, 1, b, NULL), CHC_OK);
    assert_int_equal(chc_pack_position_encode_version(&pos, 2, b, NULL), CHC_E_POS_TOO_MANY);
    /* (P): White has two promoted queens and 6 pawns, Black 8 pawns and lost a knight:
     * pr(W) = 2 > m(W) + m(B) + 8 - p(B) - pr(B) = 0 + 1 + 0 - 0 (version 1 allows 2 m(B) + m(W)) */
    assert_int_equal(chc_position_from_fen(&pos, "r1bqkbnr/pppppppp/8/8/8/8/QQPPPPPP/RNBQKBNR w KQkq - 0 1", 0, NULL), CHC_OK);
    assert_int_equal(chc_pack_position_encode_version(&pos, 1, b, NULL), CHC_OK);
    assert_int_equal(chc_pack_position_encode_version(&pos, 2, b, NULL), CHC_E_POS_TOO_MANY);
}

/* The text form: 'q', the default writer still version 1, readers of every version. */
static void test_text(void **state)
{
    (void)state;
    chc_position pos, back;
    chc_position_startpos(&pos);
    char t1[CHC_PACK_POS_TEXT_MAX], t2[CHC_PACK_POS_TEXT_MAX];
    size_t len;
    assert_int_equal(chc_pack_position_write(&pos, 0, t1, sizeof t1, &len, NULL), CHC_OK);
    assert_int_equal(t1[0], 'p');
    assert_int_equal(chc_pack_position_write(&pos, CHC_PACK_POS_V(1), t2, sizeof t2, &len, NULL), CHC_OK);
    assert_string_equal(t1, t2);
    assert_int_equal(chc_pack_position_write(&pos, CHC_PACK_POS_V(2), t2, sizeof t2, &len, NULL), CHC_OK);
    assert_int_equal(len, 28);
    assert_int_equal(t2[0], 'q');
    chc_read_info info;
    assert_int_equal(chc_pack_position_read(t2, strlen(t2), &back, &info, NULL), CHC_OK);
    assert_int_equal(info.version, 2);
    char f1[CHC_FEN_MAX], f2[CHC_FEN_MAX];
    fen_of(&pos, f1);
    fen_of(&back, f2);
    assert_string_equal(f1, f2);
    assert_int_equal(chc_pack_position_read(t1, strlen(t1), &back, &info, NULL), CHC_OK);
    assert_int_equal(info.version, 1);
    assert_int_equal(chc_pack_position_write(&pos, CHC_PACK_POS_V(3), t2, sizeof t2, &len, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_pack_position_write(&pos, 16, t2, sizeof t2, &len, NULL), CHC_E_ARGUMENT);
    /* the text of the count (valid check, past the count) */
    chci_u192 c;
    chci_pack_pos_count_v2(&c);
    char t[29];
    t[0] = 'q';
    for (int i = 26; i >= 1; i--) t[i] = chci_b64url[chci_u192_divmod64(&c, 64)];
    t[27] = chci_b64url[chci_pack_check_value(CHCI_KIND_POSITION, t, 27)];
    t[28] = 0;
    assert_int_equal(chc_pack_position_read(t, 28, &back, NULL, NULL), CHC_E_PACK_RANGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_count_pinned),
        cmocka_unit_test(test_boundaries),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_outside_d2),
        cmocka_unit_test(test_random_ranks),
        cmocka_unit_test(test_random_walk),
        cmocka_unit_test(test_roundtrip_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
