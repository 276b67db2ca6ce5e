/* MSCS v1: the vectors of the note, worked examples of docs/formats/mscs-v1.md, canonical
 * codes, and malformed inputs with their errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* FEN, hex, base64 (the first two are the vectors of the note). */
static const char *const EXAMPLES[][3] = {
    {CHC_STARTPOS_FEN, "3c3a011fc80476d008de9008d660119b40237c80477a011f",
     "PDoBH8gEdtAI3pAI1mARm0AjfIBHegEf"},
    {"8/8/8/5K1k/8/8/8/6R1 w - - 0 1", "000000000000024700090000000000000000000000000000",
     "AAAAAAAAAkcACQAAAAAAAAAAAAAAAAAA"},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
     "bf3a011fc80476d008de9008d648119b40237c80477a011f", "vzoBH8gEdtAI3pAI1kgRm0AjfIBHegEf"},
    {"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1", "98380f0000009024000380f0000000000000000000000000",
     "mDgPAAAAkCQAA4DwAAAAAAAAAAAAAAAA"},
};

static void hex_to_bytes(const char *hex, uint8_t *out)
{
    for (int i = 0; i < 24; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

static void test_examples(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof EXAMPLES / sizeof EXAMPLES[0]; i++) {
        chc_position pos, back;
        chc_diag d;
        char buf[CHC_MSCS_TEXT_MAX], fen[CHC_FEN_MAX];
        tu_pos(&pos, EXAMPLES[i][0]);
        assert_int_equal(chc_mscs_write(&pos, CHC_MSCS_HEX, buf, sizeof buf, NULL, &d), CHC_OK);
        assert_string_equal(buf, EXAMPLES[i][1]);
        assert_int_equal(chc_mscs_write(&pos, 0, buf, sizeof buf, NULL, &d), CHC_OK);
        assert_string_equal(buf, EXAMPLES[i][2]);
        uint8_t bytes[24], want[24];
        assert_int_equal(chc_mscs_encode(&pos, bytes, &d), CHC_OK);
        hex_to_bytes(EXAMPLES[i][1], want);
        assert_memory_equal(bytes, want, 24);
        for (int form = 1; form <= 2; form++) {
            chc_read_info info;
            assert_int_equal(chc_mscs_read(EXAMPLES[i][form], strlen(EXAMPLES[i][form]), &back,
                                           &info, &d), CHC_OK);
            assert_int_equal((info.flags & CHC_READ_HEX) != 0, form == 1);
            chc_position_to_fen(&back, fen, sizeof fen, CHC_FEN_NO_COUNTERS);
            char want_fen[CHC_FEN_MAX];
            chc_position_to_fen(&pos, want_fen, sizeof want_fen, CHC_FEN_NO_COUNTERS);
            assert_string_equal(fen, want_fen);
            assert_int_equal(back.halfmove, 0);
            assert_int_equal(back.fullmove, 1);
        }
    }
    /* URL-safe alphabet, upper-case hex and white space around are accepted. */
    chc_position pos;
    chc_diag d;
    const char *ok[] = {"  PDoBH8gEdtAI3pAI1mARm0AjfIBHegEf\n",
                        "3C3A011FC80476D008DE9008D660119B40237C80477A011F",
                        "vzoBH8gEdtAI3pAI1kgRm0AjfIBHegEf"};
    for (int i = 0; i < 3; i++)
        assert_int_equal(chc_mscs_read(ok[i], strlen(ok[i]), &pos, NULL, &d), CHC_OK);
    /* A code holding '+' and '/' in both alphabets. */
    tu_pos(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    char buf[64];
    assert_int_equal(chc_mscs_write(&pos, 0, buf, 10, NULL, &d), CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(chc_mscs_write(&pos, CHC_MSCS_HEX, buf, 48, NULL, &d), CHC_E_BUFFER_TOO_SMALL);
}

static void test_limits(void **state)
{
    (void)state;
    chc_position pos;
    chc_diag d;
    uint8_t b[24];
    /* Chess960 castling cannot be written. */
    tu_pos(&pos, "4k3/8/8/8/8/8/8/1R2K3 w B - 0 1");
    assert_int_equal(chc_mscs_encode(&pos, b, &d), CHC_E_UNSUPPORTED);
    /* The start position uses all 182 board bits. */
    tu_pos(&pos, CHC_STARTPOS_FEN);
    assert_int_equal(chc_mscs_encode(&pos, b, &d), CHC_OK);
    chc_position back;
    assert_int_equal(chc_mscs_decode(b, &back, &d), CHC_OK);
    /* Bishops promoted from every pawn: 8 + 2 bishops, 16 pieces a side, 182 bits. */
    tu_pos(&pos, "rnbqkbnr/bbbbbbbb/8/8/8/8/BBBBBBBB/RNBQKBNR w KQkq - 0 1");
    assert_int_equal(chc_mscs_encode(&pos, b, &d), CHC_OK);
    assert_int_equal(chc_mscs_decode(b, &back, &d), CHC_OK);
}

/* Canonical: every accepted 24-byte string re-encodes to itself. */
static void test_canonical(void **state)
{
    (void)state;
    chc_position pos;
    chc_diag d;
    uint8_t b[24], again[24];
    unsigned seed = 99;
    int accepted = 0;
    for (size_t e = 0; e < sizeof EXAMPLES / sizeof EXAMPLES[0]; e++) {
        for (int trial = 0; trial < 20000; trial++) {
            hex_to_bytes(EXAMPLES[e][1], b);
            seed = seed * 1103515245u + 12345u;
            int bit = (int)((seed >> 8) % 192);
            b[bit / 8] ^= (uint8_t)(0x80 >> (bit % 8));
            if (trial & 1) {
                seed = seed * 1103515245u + 12345u;
                bit = (int)((seed >> 8) % 192);
                b[bit / 8] ^= (uint8_t)(0x80 >> (bit % 8));
            }
            if (chc_mscs_decode(b, &pos, &d) != CHC_OK) continue;
            accepted++;
            assert_int_equal(chc_mscs_encode(&pos, again, &d), CHC_OK);
            assert_memory_equal(b, again, 24);
        }
    }
    assert_true(accepted > 100);
}

struct bad {
    const char *what;
    const char *text; /* as given to chc_mscs_read() */
    int code;
    long index; /* expected diag index (-2: not checked) */
};

/* Malformed text. */
static const struct bad TEXT_CASES[] = {
    {"empty", "", CHC_E_MSCS_LENGTH, 0},
    {"white space only", "   ", CHC_E_MSCS_LENGTH, 0},
    {"31 base64 characters", "PDoBH8gEdtAI3pAI1mARm0AjfIBHegE", CHC_E_MSCS_LENGTH, 31},
    {"33 base64 characters", "PDoBH8gEdtAI3pAI1mARm0AjfIBHegEfA", CHC_E_MSCS_LENGTH, 33},
    {"with base64 padding", "PDoBH8gEdtAI3pAI1mARm0AjfIBHegEf==", CHC_E_MSCS_LENGTH, 34},
    {"47 hex digits", "3c3a011fc80476d008de9008d660119b40237c80477a011", CHC_E_MSCS_LENGTH, 47},
    {"49 hex digits", "3c3a011fc80476d008de9008d660119b40237c80477a011f0", CHC_E_MSCS_LENGTH, 49},
    {"FEN", CHC_STARTPOS_FEN, CHC_E_MSCS_LENGTH, -2},
    {"'=' inside", "PDoBH8gEdtAI3pAI1mARm0AjfIBHeg=f", CHC_E_MSCS_CHAR, 30},
    {"'!' first", "!DoBH8gEdtAI3pAI1mARm0AjfIBHegEf", CHC_E_MSCS_CHAR, 0},
    {"space inside", "PDoBH8gEdtAI3pAI 1mARm0AjfIBHegE", CHC_E_MSCS_CHAR, 16},
    {"non-ASCII inside", "PDoBH8gEdtAI3pAI\xc3\xa9mARm0AjfIBHegE", CHC_E_MSCS_CHAR, 16},
    {"'g' in hex", "3c3a011fc80476d008de9008d660119b40237c80477a011g", CHC_E_MSCS_CHAR, 47},
    {"'x' in hex", "0x3a011fc80476d008de9008d660119b40237c80477a011f", CHC_E_MSCS_CHAR, 1},
    {"tab inside hex", "3c3a011fc80476d008de9008\t660119b40237c80477a011f", CHC_E_MSCS_CHAR, 24},
    {"all ones (hex): overrun", "ffffffffffffffffffffffffffffffffffffffffffffffff", CHC_E_MSCS_OVERRUN, -2},
    {"all zero (hex): no kings", "000000000000000000000000000000000000000000000000", CHC_E_POS_KINGS, -1},
    {"base64 all '/': overrun", "////////////////////////////////", CHC_E_MSCS_OVERRUN, -2},
    {"base64 all 'A': no kings", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", CHC_E_POS_KINGS, -1},
    {"base64 last bit set", "AAAAAAAAAkcACQAAAAAAAAAAAAAAAAAB", CHC_E_MSCS_PADDING, 191},
    {"base64 URL-safe '-' in the padding", "AAAAAAAAAkcACQAAAAAAAAAAAAAAAAA-", CHC_E_MSCS_PADDING, 186},
};

/* Malformed bits: a valid code of `fen` with bits flipped. */
struct bad_bits {
    const char *what;
    const char *fen;
    int flips[3]; /* bit numbers, -1 ends */
    int code;
    long index;
};

#define KINGS "8/8/8/5K1k/8/8/8/6R1 w - - 0 1"
/* Layout of KINGS: header 0-9, a..e files 10-49 empty, f5 king 54-57, g1 rook 61-64,
 * h5 king 76-79, h8 at 82, padding 83-191. */
static const struct bad_bits BIT_CASES[] = {
    {"padding bit 191", KINGS, {191, -1}, CHC_E_MSCS_PADDING, 191},
    {"first padding bit", KINGS, {83, -1}, CHC_E_MSCS_PADDING, 83},
    {"en-passant file without the flag", KINGS, {9, -1}, CHC_E_MSCS_PADDING, 7},
    {"en-passant flag, no pawn", KINGS, {6, -1}, CHC_E_POS_EN_PASSANT, 6},
    {"white a-side castling, no king/rook", KINGS, {2, -1}, CHC_E_POS_CASTLING, 2},
    {"white h-side castling, no king/rook", KINGS, {3, -1}, CHC_E_POS_CASTLING, 3},
    {"black a-side castling, no king/rook", KINGS, {4, -1}, CHC_E_POS_CASTLING, 4},
    {"black h-side castling, no king/rook", KINGS, {5, -1}, CHC_E_POS_CASTLING, 5},
    {"one king only", KINGS, {76, 79, -1}, CHC_E_POS_KINGS, -1},
    {"a third king on h8", KINGS, {82, 85, -1}, CHC_E_POS_KINGS, 82},
    {"white pawn on h8", KINGS, {82, -1}, CHC_E_POS_PAWN_RANK, -1},
    {"side not to move in check", "8/8/8/5K1k/8/8/8/7R b - - 0 1", {0, -1}, CHC_E_POS_OPPONENT_IN_CHECK, -1},
    {"start: en-passant a6 without pawn", CHC_STARTPOS_FEN, {6, -1}, CHC_E_POS_EN_PASSANT, 6},
    {"start: white rook on h8 breaks black castling", CHC_STARTPOS_FEN, {191, -1}, CHC_E_POS_CASTLING, 5},
    {"start: knight on h8 breaks black castling", CHC_STARTPOS_FEN, {190, -1}, CHC_E_POS_CASTLING, 5},
    {"start: a1 rook becomes a king (three kings)", CHC_STARTPOS_FEN, {11, 12, 13}, CHC_E_POS_KINGS, -2},
};

static void test_malformed(void **state)
{
    (void)state;
    int checked = 0;
    for (size_t i = 0; i < sizeof TEXT_CASES / sizeof TEXT_CASES[0]; i++) {
        const struct bad *c = &TEXT_CASES[i];
        chc_position pos;
        chc_diag d;
        memset(&d, 0, sizeof d);
        int rc = chc_mscs_read(c->text, strlen(c->text), &pos, NULL, &d);
        if (rc != c->code) fail_msg("%s: got %d (%s), want %d", c->what, rc, d.message, c->code);
        assert_int_equal(d.code, c->code);
        assert_true(d.message[0] != 0);
        if (c->index != -2 && d.index != c->index)
            fail_msg("%s: diag index %ld, want %ld (%s)", c->what, d.index, c->index, d.message);
        checked++;
    }
    for (size_t i = 0; i < sizeof BIT_CASES / sizeof BIT_CASES[0]; i++) {
        const struct bad_bits *c = &BIT_CASES[i];
        chc_position pos;
        chc_diag d;
        uint8_t b[24];
        tu_pos(&pos, c->fen);
        assert_int_equal(chc_mscs_encode(&pos, b, &d), CHC_OK);
        for (int k = 0; k < 3 && c->flips[k] >= 0; k++)
            b[c->flips[k] / 8] ^= (uint8_t)(0x80 >> (c->flips[k] % 8));
        memset(&d, 0, sizeof d);
        int rc = chc_mscs_decode(b, &pos, &d);
        if (rc != c->code) fail_msg("%s: got %d (%s), want %d", c->what, rc, d.message, c->code);
        assert_true(d.message[0] != 0);
        if (c->index != -2 && d.index != c->index)
            fail_msg("%s: diag index %ld, want %ld (%s)", c->what, d.index, c->index, d.message);
        checked++;
    }
    assert_true(checked >= 30);
}

/* Boards too large for 182 bits are refused by the encoder (no legal position has one, so
 * the board is filled by hand past what chc_position_set() accepts). */
static void test_too_large(void **state)
{
    (void)state;
    chc_position pos;
    chc_diag d;
    uint8_t b[24];
    tu_pos(&pos, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    for (int sq = 8; sq < 56; sq++) pos.board[sq] = CHC_PIECE(sq & 1, CHC_QUEEN);
    memset(&d, 0, sizeof d);
    assert_int_equal(chc_mscs_encode(&pos, b, &d), CHC_E_MSCS_BOARD);
    assert_int_equal(d.code, CHC_E_MSCS_BOARD);
    /* 33 queens on rank 2..5 (4 bits over): still too large. */
    tu_pos(&pos, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    for (int sq = 8; sq < 42; sq++) pos.board[sq] = CHC_PIECE(CHC_WHITE, CHC_QUEEN);
    assert_int_equal(chc_mscs_encode(&pos, b, &d), CHC_E_MSCS_BOARD);
    /* 33 squares of 5 bits + 2 kings + 29 empty = 165 + 8 + 29 = 202 bits: too large; 28 of
     * 5 bits: 140 + 8 + 34 = 182: fits exactly. */
    tu_pos(&pos, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    for (int sq = 8; sq < 36; sq++) pos.board[sq] = CHC_PIECE(CHC_WHITE, CHC_BISHOP);
    assert_int_equal(chc_mscs_encode(&pos, b, &d), CHC_OK);
    pos.board[36] = CHC_PIECE(CHC_WHITE, CHC_BISHOP);
    assert_int_equal(chc_mscs_encode(&pos, b, &d), CHC_E_MSCS_BOARD);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_examples),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_canonical),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_too_large),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
