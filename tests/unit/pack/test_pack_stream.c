/* Pack streams (docs/formats/pack-stream.md): header, records of games and positions, the
 * CRC-32C, every framing error, damaged bytes, and the golden stream of the spec. */
#include "testutil.h"
#include "test_pack_util.h"

#include <stdio.h>

#include "pack/pack_internal.h"

static void test_crc(void **state)
{
    (void)state;
    assert_true(chci_crc32c((const uint8_t *)"123456789", 9) == 0xE3069283u); /* the check value */
    assert_true(chci_crc32c((const uint8_t *)"", 0) == 0);
    uint8_t z[32] = {0};
    assert_true(chci_crc32c(z, 32) == 0x8A9136AAu); /* RFC 3720 B.4: 32 bytes of zeros */
}

static void test_header(void **state)
{
    (void)state;
    uint8_t h[CHC_PACK_STREAM_HEADER_BYTES];
    size_t len = 0;
    assert_int_equal(chc_pack_stream_header(h, 7, &len), CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(len, 8);
    assert_int_equal(chc_pack_stream_header(h, sizeof h, &len), CHC_OK);
    static const uint8_t want[8] = {0x80, 0x00, 'C', 'H', 'P', 'K', 0x01, 0x0A};
    assert_memory_equal(h, want, 8);
    assert_int_equal(chc_pack_stream_check_header(h, 8, NULL), CHC_OK);
    chc_diag d = CHC_DIAG_INIT;
    for (size_t n = 0; n < 8; n++) assert_int_equal(chc_pack_stream_check_header(h, n, &d), CHC_E_STREAM_FORMAT);
    uint8_t x[8];
    for (int i = 0; i < 8; i++) {
        memcpy(x, h, 8);
        x[i] ^= 0x20;
        int rc = chc_pack_stream_check_header(x, 8, &d);
        assert_int_equal(rc, i == 6 ? CHC_E_PACK_VERSION : CHC_E_STREAM_FORMAT);
        assert_int_equal(d.code, rc);
    }
    /* text and 0.1 streams are no pack streams */
    assert_int_equal(chc_pack_stream_check_header((const uint8_t *)"[Event \"x\"]", 11, NULL), CHC_E_STREAM_FORMAT);
    static const uint8_t old[] = {0x03, 0x01, 0x02, 0x03};
    assert_int_equal(chc_pack_stream_check_header(old, sizeof old, NULL), CHC_E_STREAM_FORMAT);
}

/* Writes a stream of games and positions, reads it back. */
static void test_roundtrip(void **state)
{
    (void)state;
    char *buf, **lines;
    size_t nl = tp_data_lines("pack/chess960.uci.xz", &buf, &lines);
    static tp_game g;
    size_t cap = 1 << 20, used = 0;
    uint8_t *s = malloc(cap);
    assert_int_equal(chc_pack_stream_header(s, cap, &used), CHC_OK);
    int items = 60;
    for (int i = 0; i < items; i++) {
        assert_int_equal(tp_parse_line(lines[(size_t)i % nl], &g), 0);
        size_t l = 0;
        if (i % 3 == 2) {
            chc_position pos = g.start;
            for (size_t k = 0; k < g.n / 2; k++) {
                chc_undo u;
                chc_make_move(&pos, g.moves[k], &u);
            }
            if (i % 2) /* versions 1 and 2 of the position code */
                assert_int_equal(chc_pack_stream_write_position_version(&pos, 2, s + used, cap - used, &l, NULL),
                                 CHC_OK);
            else
                assert_int_equal(chc_pack_stream_write_position(&pos, s + used, cap - used, &l, NULL), CHC_OK);
            assert_int_equal(l, 27);
        } else {
            chc_game *cg = tp_chc_game(&g, i % 4);
            assert_int_equal(chc_pack_stream_write_game(cg, CHC_PACK_LEVEL(1 + i % 2), s + used, cap - used, &l, NULL),
                             CHC_OK);
            assert_true(l <= CHC_PACK_STREAM_RECORD_MAX(g.n));
            chc_game_free(cg);
        }
        used += l;
    }
    /* read back */
    assert_int_equal(chc_pack_stream_check_header(s, used, NULL), CHC_OK);
    size_t off = CHC_PACK_STREAM_HEADER_BYTES;
    chc_game *back = chc_game_new();
    for (int i = 0; i < items; i++) {
        assert_int_equal(tp_parse_line(lines[(size_t)i % nl], &g), 0);
        chc_position pos;
        chc_read_info info;
        size_t r = 0;
        chc_diag d = CHC_DIAG_INIT;
        int rc = chc_pack_stream_read_record(s + off, used - off, &r, back, &pos, &info, &d);
        if (rc) fail_msg("record %d: %s", i, d.message);
        assert_int_equal(info.version, i % 3 == 2 ? (i % 2 ? 2 : CHC_PACK_POS_VERSION) : CHC_PACK_GAME_VERSION);
        if (i % 3 == 2) {
            assert_int_equal(info.format, CHC_FORMAT_PACK_POSITION);
            chc_position want = g.start;
            for (size_t k = 0; k < g.n / 2; k++) {
                chc_undo u;
                chc_make_move(&want, g.moves[k], &u);
            }
            assert_int_equal(chc_position_same(&pos, &want), 1);
        } else {
            assert_int_equal(info.format, CHC_FORMAT_PACK_GAME);
            assert_true(tp_same_game(back, &g, i % 4));
        }
        off += r;
    }
    size_t r = 1;
    assert_int_equal(chc_pack_stream_read_record(s + off, used - off, &r, back, NULL, NULL, NULL), CHC_E_GAME_END);
    assert_int_equal(r, 0);
    /* NULL destinations: still checked and decoded */
    off = CHC_PACK_STREAM_HEADER_BYTES;
    for (int i = 0; i < items; i++) {
        assert_int_equal(chc_pack_stream_read_record(s + off, used - off, &r, NULL, NULL, NULL, NULL), CHC_OK);
        off += r;
    }
    /* damage: every byte flipped in the first records is caught (framing, CRC or version) */
    long caught = 0, framing = 0;
    size_t first = CHC_PACK_STREAM_HEADER_BYTES, end = first;
    for (int i = 0; i < 3; i++) {
        assert_int_equal(chc_pack_stream_read_record(s + end, used - end, &r, NULL, NULL, NULL, NULL), CHC_OK);
        end += r;
    }
    for (size_t p = first; p < end; p++) {
        for (int bit = 0; bit < 8; bit++) {
            s[p] ^= (uint8_t)(1u << bit);
            size_t o = first;
            int bad = 0;
            for (int i = 0; i < 3 && !bad; i++) {
                chc_diag d = CHC_DIAG_INIT;
                int rc = chc_pack_stream_read_record(s + o, used - o, &r, back, NULL, NULL, &d);
                if (rc != CHC_OK) {
                    bad = 1;
                    assert_int_equal(d.code, rc);
                    framing += rc == CHC_E_STREAM_FORMAT;
                }
                o += r;
            }
            caught += bad;
            if (!bad) fail_msg("a flipped bit at byte %zu went unnoticed", p);
            s[p] ^= (uint8_t)(1u << bit);
        }
    }
    printf("stream: %d records, %zu bytes; %ld flipped bits caught (%ld by the framing)\n", items, used, caught,
           framing);
    chc_game_free(back);
    free(s);
    free(lines);
    free(buf);
}

static void test_framing_errors(void **state)
{
    (void)state;
    chc_game *g = chc_game_new();
    chc_position pos;
    size_t used = 99;
    chc_diag d = CHC_DIAG_INIT;
    /* a record: position, version 1, length 20, the start position's code, CRC */
    uint8_t rec[40];
    chc_position_startpos(&pos);
    size_t len = 0;
    assert_int_equal(chc_pack_stream_write_position(&pos, rec, sizeof rec, &len, NULL), CHC_OK);
    assert_int_equal(len, 27);
    assert_int_equal(rec[0], 'P');
    assert_int_equal(rec[1], 1);
    assert_int_equal(rec[2], 20);
    assert_int_equal(chc_pack_stream_write_position(&pos, rec, 26, &len, &d), CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(len, 27);
    assert_int_equal(chc_pack_stream_write_position(&pos, rec, sizeof rec, &len, NULL), CHC_OK);
    /* cut anywhere: framing error, nothing used */
    for (size_t n = 1; n < 27; n++) {
        assert_int_equal(chc_pack_stream_read_record(rec, n, &used, g, &pos, NULL, &d), CHC_E_STREAM_FORMAT);
        assert_int_equal(used, 0);
    }
    uint8_t x[40];
    /* unknown kind */
    memcpy(x, rec, 27);
    x[0] = 'Q';
    assert_int_equal(chc_pack_stream_read_record(x, 27, &used, g, &pos, NULL, &d), CHC_E_STREAM_FORMAT);
    /* a position of another length */
    memcpy(x, rec, 27);
    x[2] = 19;
    assert_int_equal(chc_pack_stream_read_record(x, 27, &used, g, &pos, NULL, &d), CHC_E_STREAM_FORMAT);
    /* a length not in minimal LEB128 (0x94 0x00 is 20) */
    memcpy(x, rec, 3);
    x[2] = 0x94;
    x[3] = 0x00;
    memcpy(x + 4, rec + 3, 24);
    assert_int_equal(chc_pack_stream_read_record(x, 28, &used, g, &pos, NULL, &d), CHC_E_STREAM_FORMAT);
    /* a length past any game (5 bytes of 0xFF...) */
    static const uint8_t huge[] = {'G', 1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0, 0, 0, 0};
    assert_int_equal(chc_pack_stream_read_record(huge, sizeof huge, &used, g, &pos, NULL, &d), CHC_E_STREAM_FORMAT);
    /* CRC: the framing holds, so *used says how far to skip */
    memcpy(x, rec, 27);
    x[26] ^= 1;
    assert_int_equal(chc_pack_stream_read_record(x, 27, &used, g, &pos, NULL, &d), CHC_E_PACK_CHECK);
    assert_int_equal(used, 27);
    /* an unknown code version with a valid CRC */
    memcpy(x, rec, 27);
    x[1] = CHC_PACK_POS_VERSION_MAX + 1;
    uint32_t crc = chci_crc32c(x, 23);
    for (int i = 0; i < 4; i++) x[23 + i] = (uint8_t)(crc >> (8 * i));
    assert_int_equal(chc_pack_stream_read_record(x, 27, &used, g, &pos, NULL, &d), CHC_E_PACK_VERSION);
    assert_int_equal(used, 27);
    /* a position past the count with a valid CRC: the code's error */
    memcpy(x, rec, 27);
    memset(x + 3, 0xFF, 20);
    crc = chci_crc32c(x, 23);
    for (int i = 0; i < 4; i++) x[23 + i] = (uint8_t)(crc >> (8 * i));
    assert_int_equal(chc_pack_stream_read_record(x, 27, &used, g, &pos, NULL, &d), CHC_E_PACK_RANGE);
    assert_int_equal(used, 27);
    /* bad flags when writing a game */
    assert_int_equal(chc_pack_stream_write_game(g, 0x100, x, sizeof x, &len, NULL), CHC_E_ARGUMENT);
    chc_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_crc),
        cmocka_unit_test(test_header),
        cmocka_unit_test(test_framing_errors),
        cmocka_unit_test(test_roundtrip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
