/* chess_compress_urlsafe: the vectors of the original project, worked examples of
 * docs/formats/urlsafe.md, the reachability rule, canonical strings, and malformed inputs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* Plays UCI moves from the start; returns how many. */
static size_t play_uci(const char *uci, chc_move *moves, chc_position *end)
{
    chc_position pos;
    chc_position_startpos(&pos);
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", uci);
    size_t n = 0;
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        chc_diag d;
        if (chc_move_from_uci(&pos, t, &moves[n], &d) != CHC_OK)
            fail_msg("bad test move %s: %s", t, d.message);
        chc_undo u;
        chc_make_move(&pos, moves[n++], &u);
    }
    if (end) *end = pos;
    return n;
}

/* UCI moves, urlsafe string: the vectors of the note, then the worked examples of the spec. */
static const char *const EXAMPLES[][2] = {
    {"", ""},
    {"c2c3", "KS"},
    {"c2c4", "a"},
    {"e2e4 e7e5 g1f3 b8c6 f1b5", "ckGV5qh"},
    /* the crate's own test cases (castling given king-to-rook there) */
    {"a2a4 h7h6 a4a5 b7b5 a5b6 h6h5 b6c7 h5h4 g2g3 h4g3 c7d8q", "Y3vghpnyfWW7Q"},
    {"d2d3 g7g6 c1e3 f8g7 b1c3 g8f6 d1d2 e8h8 e1a1", "TuCU2BS-tDL8_EA"},
    /* castling both ways */
    {"e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 d7d6 d2d3 c8g4 b1c3 d8d7 c1e3 e8c8", "ckGV5qFaiEHzrLTeBS7zU84"},
    /* en passant and promotion to a knight */
    {"e2e4 a7a6 e4e5 d7d5 e5d6 a6a5 d6c7 a5a4 c7b8n", "cwokjrgyY5N"},
    /* rooks and knights that reach the same squares */
    {"a2a4 h7h5 h2h4 a7a5 a1a3 h8h6 h1h3 a8a6 a3d3", "YnfgAQ_vHX4oQT"},
};

static void test_examples(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof EXAMPLES / sizeof EXAMPLES[0]; i++) {
        chc_move moves[64], back[64];
        chc_position end, end2;
        chc_diag d;
        size_t n = play_uci(EXAMPLES[i][0], moves, &end);
        char buf[CHC_URLSAFE_MAX(64)];
        size_t len = 99;
        assert_int_equal(chc_urlsafe_encode(moves, n, buf, sizeof buf, &len, &d), CHC_OK);
        if (strcmp(buf, EXAMPLES[i][1]) != 0)
            fail_msg("%s: got '%s', want '%s'", EXAMPLES[i][0], buf, EXAMPLES[i][1]);
        assert_int_equal(len, strlen(buf));
        size_t k = 0;
        assert_int_equal(chc_urlsafe_decode(buf, len, back, 64, &k, &end2, &d), CHC_OK);
        assert_int_equal(k, n);
        if (n) assert_memory_equal(back, moves, n * sizeof moves[0]);
        assert_true(chc_position_same(&end, &end2));
    }
}

static void test_write_read_move(void **state)
{
    (void)state;
    chc_position pos;
    chc_position_startpos(&pos);
    chc_move m;
    chc_diag d;
    assert_int_equal(chc_move_from_uci(&pos, "g1f3", &m, &d), CHC_OK);
    char out[3];
    assert_int_equal(chc_urlsafe_write_move(&pos, m, out), 2);
    size_t used;
    chc_move back;
    assert_int_equal(chc_urlsafe_read_move(&pos, out, 2, &back, &used, &d), CHC_OK);
    assert_int_equal(back, m);
    assert_int_equal(used, 2);
    /* Reachers of f3 at the start: g1 knight, f2 pawn. */
    assert_int_equal(chc_urlsafe_write_move(&pos, m, out), 2);
    assert_memory_equal(out, "GV", 2);
    /* Buffer too small, illegal move. */
    chc_move ms[2];
    size_t n = play_uci("e2e4", ms, NULL);
    char small[2];
    assert_int_equal(chc_urlsafe_encode(ms, n, small, 1, NULL, &d), CHC_E_BUFFER_TOO_SMALL);
    ms[1] = ms[0];
    assert_int_equal(chc_urlsafe_encode(ms, 2, out, 3, NULL, &d), CHC_E_MOVE_ILLEGAL);
    assert_int_equal(d.index, 1);
    chc_move few[1];
    assert_int_equal(chc_urlsafe_decode("ck", 2, few, 1, &n, NULL, &d), CHC_E_BUFFER_TOO_SMALL);
}

struct bad {
    const char *what;
    const char *uci;  /* moves played first (their string is the prefix) */
    const char *tail; /* appended text */
    int code;
    long offset; /* expected character (0-based in the whole string) */
};

static void test_malformed(void **state)
{
    (void)state;
    static const struct bad cases[] = {
        {"'!'", "", "!", CHC_E_URLSAFE_CHAR, 0},
        {"'='", "", "=", CHC_E_URLSAFE_CHAR, 0},
        {"'+' (standard base64)", "", "+", CHC_E_URLSAFE_CHAR, 0},
        {"'/' (standard base64)", "", "/", CHC_E_URLSAFE_CHAR, 0},
        {"space", "", " ", CHC_E_URLSAFE_CHAR, 0},
        {"new line after a move", "", "c\n", CHC_E_URLSAFE_CHAR, 1},
        {"NUL byte", "", "c\0", CHC_E_URLSAFE_CHAR, 1},
        {"non-ASCII", "", "\xc3\xa9", CHC_E_URLSAFE_CHAR, 0},
        {"bad to-square after a from-square", "", "M.", CHC_E_URLSAFE_CHAR, 1},
        {"from-square then end", "", "M", CHC_E_URLSAFE_TRUNCATED, 1},
        {"king square then end", "", "E", CHC_E_URLSAFE_TRUNCATED, 1},
        {"rook square then end", "e2e4 e7e5", "A", CHC_E_URLSAFE_TRUNCATED, 3},
        {"two pieces reach a3", "", "Q", CHC_E_URLSAFE_MOVE, 0},
        {"no piece reaches e5", "", "k", CHC_E_URLSAFE_MOVE, 0},
        {"no piece reaches h8 (black's rook)", "", "_", CHC_E_URLSAFE_MOVE, 0},
        {"pawn three squares", "", "Mk", CHC_E_URLSAFE_MOVE, 0},
        {"knight to a blocked square", "", "GO", CHC_E_URLSAFE_MOVE, 0},
        {"castling by destination e1g1", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5", "EG", CHC_E_URLSAFE_MOVE, 9},
        {"castling through a piece", "", "EH", CHC_E_URLSAFE_MOVE, 0},
        {"non-canonical from-square", "", "Mc", CHC_E_URLSAFE_MOVE, 0},
        {"non-canonical second move", "e2e4", "0k", CHC_E_URLSAFE_MOVE, 1},
        {"pinned knight", "e2e4 d7d5 e4d5 d8d5 b1c3 d5e5 g1e2 a7a6", "MW", CHC_E_URLSAFE_MOVE, 12},
        {"ignores check", "e2e4 f7f6 d1h5", "wo", CHC_E_URLSAFE_MOVE, 4},
        {"move after mate", "f2f3 e7e5 g2g4 d8h4", "c", CHC_E_URLSAFE_MOVE, 5},
        {"missing promotion letter", "e2e4 a7a6 e4e5 d7d5 e5d6 a6a5 d6c7 a5a4", "5", CHC_E_URLSAFE_TRUNCATED, 10},
        {"promotion letter 'K'", "e2e4 a7a6 e4e5 d7d5 e5d6 a6a5 d6c7 a5a4", "5K", CHC_E_URLSAFE_MOVE, 10},
        {"promotion letter 'q'", "e2e4 a7a6 e4e5 d7d5 e5d6 a6a5 d6c7 a5a4", "5q", CHC_E_URLSAFE_MOVE, 10},
        {"en passant too late", "e2e4 a7a6 e4e5 d7d5 a2a3 a6a5", "r", CHC_E_URLSAFE_MOVE, 8},
        {"black plays white's pawn", "e2e4", "c", CHC_E_URLSAFE_MOVE, 1},
        {"white's pawn backwards", "e2e4 e7e5", "cU", CHC_E_URLSAFE_MOVE, 2},
        {"king into a pawn's attack", "e2e4 e7e5 e1e2 e8e7 e2e3 e7e6", "Ud", CHC_E_URLSAFE_MOVE, 8},
        {"king-to-rook with a piece between", "", "EA", CHC_E_URLSAFE_MOVE, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct bad *c = &cases[i];
        chc_move moves[64];
        chc_diag d;
        size_t n = play_uci(c->uci, moves, NULL);
        char buf[512];
        size_t len;
        assert_int_equal(chc_urlsafe_encode(moves, n, buf, sizeof buf, &len, &d), CHC_OK);
        size_t tl = strlen(c->tail);
        if (strcmp(c->what, "NUL byte") == 0) tl = 2;
        memcpy(buf + len, c->tail, tl);
        len += tl;
        chc_move out[64];
        size_t k;
        memset(&d, 0, sizeof d);
        int rc = chc_urlsafe_decode(buf, len, out, 64, &k, NULL, &d);
        if (rc != c->code) fail_msg("%s: got %d (%s), want %d", c->what, rc, d.message, c->code);
        assert_int_equal(d.code, c->code);
        if (d.offset != c->offset)
            fail_msg("%s: diag offset %ld, want %ld (%s)", c->what, d.offset, c->offset, d.message);
        assert_true(d.message[0] != 0);
    }
    assert_true(sizeof cases / sizeof cases[0] >= 30);
}

/* The reachability rule, square by square, against a brute-force reading of the spec. */
static void test_canonical_random(void **state)
{
    (void)state;
    /* Random legal games: every string decodes to the same moves; every accepted mutated
     * string re-encodes to itself. */
    tu_rng rng = TU_RNG(7);
    for (int game = 0; game < 300; game++) {
        chc_position pos;
        chc_position_startpos(&pos);
        chc_move moves[200];
        size_t n = 0;
        while (n < 200) {
            chc_move legal[CHC_MAX_MOVES];
            int k = chc_legal_moves(&pos, legal, CHC_GEN_ALL);
            if (k == 0) break;
            moves[n] = legal[tu_rand_below(&rng, (uint64_t)k)];
            chc_undo u;
            chc_make_move(&pos, moves[n++], &u);
        }
        char buf[CHC_URLSAFE_MAX(200)], again[CHC_URLSAFE_MAX(600)];
        size_t len, k, len2;
        chc_diag d;
        assert_int_equal(chc_urlsafe_encode(moves, n, buf, sizeof buf, &len, &d), CHC_OK);
        chc_move back[600];
        assert_int_equal(chc_urlsafe_decode(buf, len, back, 600, &k, NULL, &d), CHC_OK);
        assert_int_equal(k, n);
        assert_memory_equal(back, moves, n * sizeof moves[0]);
        /* Mutate one character. */
        static const char alpha[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        for (int t = 0; t < 20 && len > 0; t++) {
            char mut[CHC_URLSAFE_MAX(200)];
            memcpy(mut, buf, len);
            size_t at = (size_t)tu_rand_below(&rng, len);
            mut[at] = alpha[tu_rand_below(&rng, 64)];
            if (chc_urlsafe_decode(mut, len, back, 600, &k, NULL, &d) != CHC_OK) continue;
            assert_int_equal(chc_urlsafe_encode(back, k, again, sizeof again, &len2, &d), CHC_OK);
            assert_int_equal(len2, len);
            assert_memory_equal(again, mut, len);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_examples),
        cmocka_unit_test(test_write_read_move),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_canonical_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
