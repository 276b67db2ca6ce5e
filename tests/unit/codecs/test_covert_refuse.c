/* Golden must-refuse covert codes (tests/data/codecs/covert-refuse.tsv): each is refused with
 * its exact error number, emoji index and message, and no code any decoder accepts is one its
 * own encoder refuses (issue 22: castling rights whose king is not on its castling square). */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_refuse_file(void **state)
{
    (void)state;
    char path[4096];
    snprintf(path, sizeof path, "%s", tu_data_path("codecs/covert-refuse.tsv"));
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[8192];
    int cases = 0;
    while (fgets(line, sizeof line, f)) {
        size_t n = strcspn(line, "\r\n");
        line[n] = 0;
        if (n == 0 || line[0] == '#') continue;
        char *code = line, *num = strchr(code, '\t');
        assert_non_null(num);
        *num++ = 0;
        char *idx = strchr(num, '\t');
        assert_non_null(idx);
        *idx++ = 0;
        char *msg = strchr(idx, '\t');
        assert_non_null(msg);
        *msg++ = 0;
        chc_position pos;
        chc_diag d = CHC_DIAG_INIT;
        int rc = chc_covert_read(code, strlen(code), &pos, NULL, &d);
        if (rc != atoi(num) || d.index != atol(idx) || strcmp(d.message, msg) != 0)
            fail_msg("covert code refused as %d at %ld (%s), want %s at %s (%s)", rc, d.index,
                     d.message, num, idx, msg);
        cases++;
    }
    fclose(f);
    assert_true(cases > 0);
}

/* The board of `board_fen` with the state emoji (side, castling, en passant) of `state_fen`:
 * the decoder must refuse rights whose king or rook is not on its standard square. */
static int mixed(const char *board_fen, const char *state_fen, chc_diag *d)
{
    chc_position a, b, out;
    uint16_t ia[CHC_COVERT_LEN], ib[CHC_COVERT_LEN];
    tu_pos(&a, board_fen);
    tu_pos(&b, state_fen);
    assert_int_equal(chc_covert_encode_indices(&a, ia, NULL), CHC_OK);
    assert_int_equal(chc_covert_encode_indices(&b, ib, NULL), CHC_OK);
    ia[22] = ib[22];
    return chc_covert_decode_indices(ia, CHC_COVERT_LEN, &out, NULL, d);
}

static void test_castling_squares(void **state)
{
    (void)state;
    static const struct {
        const char *board, *state, *message;
    } cases[] = {
        {"r3k2r/8/8/8/8/8/8/R2K3R w - - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
         "covert code: emoji 23: castling right K without the white king on e1"},
        {"r3k2r/8/8/8/8/8/8/R4K1R w - - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w Q - 0 1",
         "covert code: emoji 23: castling right Q without the white king on e1"},
        {"r2k3r/8/8/8/8/8/8/R3K2R b - - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R b kq - 0 1",
         "covert code: emoji 23: castling right k without the black king on e8"},
        {"r3k2r/8/8/8/8/8/8/R3K1R1 w - - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1",
         "covert code: emoji 23: castling right K without the white rook on h1"},
        {"1r2k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w q - 0 1",
         "covert code: emoji 23: castling right q without the black rook on a8"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        chc_diag d = CHC_DIAG_INIT;
        int rc = mixed(cases[i].board, cases[i].state, &d);
        if (rc != CHC_E_POS_CASTLING || d.index != 22 || strcmp(d.message, cases[i].message))
            fail_msg("case %zu: %d at %ld: %s", i, rc, d.index, d.message);
    }
    /* The same state with the king and rooks at home is accepted and round-trips. */
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(mixed("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
                           "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &d), CHC_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refuse_file),
        cmocka_unit_test(test_castling_squares),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
