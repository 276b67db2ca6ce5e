/* Covert chess: the vector of the original project, the emoji list, worked examples of
 * docs/formats/covert-chess.md, canonical codes, and malformed inputs with their errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static const char *VEC_FEN = "rnbq1bnr/ppppkppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR w - - 2 3";
static const char *VEC_CODE =
    "♟️👯‍♂️🧚🏽‍♀️🧑🏻‍🔧👩🏾‍🦽🎥☄️👐🏿👩🏼‍🦼📟🚴🏼‍♂️🚣🏼‍♂️🛒💁🏿🤾🏾‍♀️🅰️👩🏿‍🏫🥔👩🏾‍🔧👼🏾📂🧑🏾‍🦲😀😀👐";
static const uint16_t VEC_IDX[25] = {2451, 1480, 1236, 832, 1441, 2547, 2377, 310, 1421,
                                     2532, 1648, 1576, 2688, 620, 1731, 2842, 776, 2069,
                                     847, 1153, 2613, 511, 0, 0, 305};

/* Worked examples of docs/formats/covert-chess.md (FEN, code). */
static const char *const DOC_EXAMPLES[][2] = {
    {"rnbq1bnr/ppppkppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR w - - 2 3",
     "♟️👯‍♂️🧚🏽‍♀️🧑🏻‍🔧👩🏾‍🦽🎥☄️👐🏿👩🏼‍🦼📟🚴🏼‍♂️🚣🏼‍♂️🛒💁🏿🤾🏾‍♀️🅰️👩🏿‍🏫🥔👩🏾‍🔧👼🏾📂🧑🏾‍🦲😀😀👐"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "♟️👯‍♂️😤🧑🏻‍🔧👨🏿‍🦽🎥☄️👐🏿👩🏼‍🦼📟👩‍🦰🚣🏼‍♂️🧯💁🏿🤾🏾‍♀️🅰️👩🏿‍🏫🥔😄👼🏾📇🧑🏾‍🦲🧑‍🚀😀🤖"},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
     "♟️👯‍♂️😤🧑🏻‍🔧👨🏿‍🦽🎥☄️👐🏿👩🏼‍🦼📟👩‍🦰🚣🏼‍♂️🛒💁🏿🤾🏾‍♀️🅰️👩🏿‍🏫🥔🇬🇸👼🏾📇🧑🏾‍🦲🍐😀🤖"},
    {"8/8/8/5K1k/8/8/8/6R1 w - - 0 1",
     "🎮😀👳🏾‍♀️🌄🤚🧜🏽‍♂️☄️👐🏿👩🏼‍🦼📟🙍👨🏽🧯💁🏿🤾🏾‍♀️🅰️👩🏾‍🏫👩‍❤️‍💋‍👨🇬🇦👨🏽‍🎤🌴🤑😀😀🤖"},
    {"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 7 40",
     "♟️😀🇹🇫👨🏿‍⚕️🤚🧜🏽‍♂️☄️👐🏿👩🏼‍🦼📟👩‍🦰🚣🏼‍♂️🧯💁🏿🤾🏾‍♀️🅰️👩🏾‍🏫👩‍❤️‍💋‍👨🇬🇦👨🏻‍🚀🍁🇺🇳🏋🏽😃🧑🏼‍💼"},
};

static void test_vector(void **state)
{
    (void)state;
    chc_position pos, back;
    chc_diag d;
    uint16_t idx[25];
    char buf[CHC_COVERT_MAX], fen[CHC_FEN_MAX];
    tu_pos(&pos, VEC_FEN);
    assert_int_equal(chc_covert_encode_indices(&pos, idx, &d), CHC_OK);
    assert_memory_equal(idx, VEC_IDX, sizeof idx);
    size_t len = 0;
    assert_int_equal(chc_covert_write(&pos, 0, buf, sizeof buf, &len, &d), CHC_OK);
    assert_string_equal(buf, VEC_CODE);
    assert_int_equal(len, strlen(VEC_CODE));
    chc_read_info info;
    assert_int_equal(chc_covert_read(buf, len, &back, &info, &d), CHC_OK);
    assert_int_equal(info.flags & CHC_READ_RESIGNED, 0);
    chc_position_to_fen(&back, fen, sizeof fen, 0);
    assert_string_equal(fen, VEC_FEN);
    /* With the white flag. */
    assert_int_equal(chc_covert_write(&pos, CHC_COVERT_RESIGNED, buf, sizeof buf, &len, &d), CHC_OK);
    assert_int_equal(len, strlen(VEC_CODE) + strlen(chc_covert_emoji(CHC_COVERT_RESIGN_INDEX)));
    assert_int_equal(chc_covert_read(buf, len, &back, &info, &d), CHC_OK);
    assert_int_equal(info.flags & CHC_READ_RESIGNED, CHC_READ_RESIGNED);
    /* Buffer too small. */
    assert_int_equal(chc_covert_write(&pos, 0, buf, 20, &len, &d), CHC_E_BUFFER_TOO_SMALL);
}

static void test_doc_examples(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof DOC_EXAMPLES / sizeof DOC_EXAMPLES[0]; i++) {
        chc_position pos, back;
        chc_diag d;
        char buf[CHC_COVERT_MAX], fen[CHC_FEN_MAX];
        tu_pos(&pos, DOC_EXAMPLES[i][0]);
        assert_int_equal(chc_covert_write(&pos, 0, buf, sizeof buf, NULL, &d), CHC_OK);
        assert_string_equal(buf, DOC_EXAMPLES[i][1]);
        assert_int_equal(chc_covert_read(buf, strlen(buf), &back, NULL, &d), CHC_OK);
        chc_position_to_fen(&back, fen, sizeof fen, 0);
        assert_string_equal(fen, DOC_EXAMPLES[i][0]);
    }
}

/* Every line of the Unicode file matches, as a whole, the entry it stands for. */
static void test_emoji_list(void **state)
{
    (void)state;
    size_t len;
    char path[4096];
    snprintf(path, sizeof path, "%s/data/emoji-test-12.1.txt",
             getenv("CHC_SRC") ? getenv("CHC_SRC") : ".");
    char *text = tu_read_file(path, &len);
    assert_non_null(text);
    int full = -1, lines = 0, variants = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#' || !strchr(line, ';')) continue;
        const char *st = strchr(line, ';') + 1;
        while (*st == ' ') st++;
        int is_full = strncmp(st, "fully-qualified", 15) == 0;
        int is_var = strncmp(st, "minimally-qualified", 19) == 0 || strncmp(st, "unqualified", 11) == 0;
        if (!is_full && !is_var) continue;
        if (is_full) full++;
        else variants++;
        /* The emoji text after '#'. */
        char *e = strchr(line, '#') + 2;
        char *sp = strchr(e, ' ');
        size_t n = (size_t)(sp - e), used = 0;
        int got = chc_covert_match(e, n, &used);
        if (got != full || used != n) fail_msg("line '%s': got %d (used %zu of %zu), want %d", line, got, used, n, full);
        if (is_full) assert_memory_equal(chc_covert_emoji(full), e, n);
        lines++;
    }
    assert_int_equal(full + 1, CHC_COVERT_EMOJI_COUNT);
    assert_int_equal(variants, 589 + 246);
    free(text);
    assert_string_equal(chc_covert_emoji(0), "😀");
    assert_string_equal(chc_covert_emoji(3177), "🏴󠁧󠁢󠁷󠁬󠁳󠁿");
    const char *scheme[] = {"🎮", "🕹️", "🎰", "🎲", "🧩", "🧸", "♠️", "♥️", "♦️", "♣️", "♟️", "🃏", "🀄"};
    for (int i = 0; i < 13; i++) assert_string_equal(chc_covert_emoji(2441 + i), scheme[i]);
    assert_string_equal(chc_covert_emoji(CHC_COVERT_RESIGN_INDEX), "🏳️");
    assert_null(chc_covert_emoji(-1));
    assert_null(chc_covert_emoji(3178));
    size_t used = 99;
    assert_int_equal(chc_covert_match("abc", 3, &used), -1);
    assert_int_equal(used, 0);
    /* Variant: the pawn without U+FE0F is the pawn. */
    assert_int_equal(chc_covert_match("\xe2\x99\x9f", 3, &used), 2451);
    assert_int_equal(used, 3);
}

/* Variants, surrounding text and white space decode to the same position. */
static void test_variants_and_surroundings(void **state)
{
    (void)state;
    chc_position pos;
    chc_diag d;
    char fen[CHC_FEN_MAX], buf[2048];
    /* Unqualified pawn (no FE0F) and the code inside a sentence, with spaces. */
    const char *body = VEC_CODE + strlen("♟️");
    snprintf(buf, sizeof buf, "Your move: \xe2\x99\x9f %s  -- good luck!", body);
    assert_int_equal(chc_covert_read(buf, strlen(buf), &pos, NULL, &d), CHC_OK);
    chc_position_to_fen(&pos, fen, sizeof fen, 0);
    assert_string_equal(fen, VEC_FEN);
    /* Emoji before the code are surrounding text. */
    snprintf(buf, sizeof buf, "😀😀 hi %s 😀", VEC_CODE);
    assert_int_equal(chc_covert_read(buf, strlen(buf), &pos, NULL, &d), CHC_OK);
    /* Spaces between every emoji. */
    size_t o = 0;
    for (int i = 0; i < 25; i++)
        o += (size_t)snprintf(buf + o, sizeof buf - o, "%s ", chc_covert_emoji(VEC_IDX[i]));
    assert_int_equal(chc_covert_read(buf, o, &pos, NULL, &d), CHC_OK);
    chc_position_to_fen(&pos, fen, sizeof fen, 0);
    assert_string_equal(fen, VEC_FEN);
}

static void test_mix_unmix(void **state)
{
    (void)state;
    char out[CHC_COVERT_MIX_MAX(64)], fen[CHC_FEN_MAX];
    chc_diag d;
    /* 3 words, 25 emoji: word keys 1/4, 2/4, 3/4; emoji keys (j+1)/26. */
    assert_int_equal(chc_covert_mix_write("see you soon", strlen("see you soon"), VEC_CODE, strlen(VEC_CODE), out, sizeof out, NULL, &d), CHC_OK);
    /* Expected: emoji 0..5 (keys 1/26..6/26 < 1/4 = 6.5/26), "see", emoji 6..11 (7/26..12/26
     * < 13/26), then "you"? key 2/4 = 13/26 equals emoji 12's key: the emoji goes first. */
    char want[4096];
    size_t o = 0;
    for (int j = 0; j < 25; j++) {
        if (j == 6) o += (size_t)snprintf(want + o, sizeof want - o, "see ");
        if (j == 13) o += (size_t)snprintf(want + o, sizeof want - o, "you ");
        if (j == 19) o += (size_t)snprintf(want + o, sizeof want - o, "soon ");
        o += (size_t)snprintf(want + o, sizeof want - o, "%s ", chc_covert_emoji(VEC_IDX[j]));
    }
    want[o - 1] = 0;
    assert_string_equal(out, want);
    chc_position pos;
    chc_read_info info;
    assert_int_equal(chc_covert_mix_read(out, strlen(out), &pos, &info, &d), CHC_OK);
    assert_int_equal(info.flags & CHC_READ_RESIGNED, 0);
    chc_position_to_fen(&pos, fen, sizeof fen, 0);
    assert_string_equal(fen, VEC_FEN);
    /* Empty message: the code alone, spaced. */
    assert_int_equal(chc_covert_mix_write("", strlen(""), VEC_CODE, strlen(VEC_CODE), out, sizeof out, NULL, &d), CHC_OK);
    assert_int_equal(chc_covert_mix_read(out, strlen(out), &pos, NULL, &d), CHC_OK);
    /* Too small a buffer. */
    assert_int_equal(chc_covert_mix_write("a b", strlen("a b"), VEC_CODE, strlen(VEC_CODE), out, 10, NULL, &d), CHC_E_BUFFER_TOO_SMALL);
    /* A bad code. */
    assert_int_equal(chc_covert_mix_write("a b", strlen("a b"), "no code", strlen("no code"), out, sizeof out, NULL, &d), CHC_E_COVERT_LENGTH);
    /* unmix of a message with emoji of its own around the code (issue 14). */
    snprintf(out, sizeof out, "😀 hi %s 😀 and 👍", VEC_CODE);
    assert_int_equal(chc_covert_mix_read(out, strlen(out), &pos, &info, &d), CHC_OK);
    assert_int_equal(info.flags & (CHC_READ_IN_MESSAGE | CHC_READ_RESIGNED), CHC_READ_IN_MESSAGE);
    /* A message holding an emoji is refused by mix: unmix could not tell it from the code. */
    assert_int_equal(chc_covert_mix_write("hello 😀 world", strlen("hello 😀 world"), VEC_CODE, strlen(VEC_CODE), out, sizeof out, NULL, &d), CHC_E_COVERT_MESSAGE);
    assert_int_equal(d.index, 1);
    assert_int_equal(d.offset, 6);
}

static void test_counters_limits(void **state)
{
    (void)state;
    chc_position pos;
    chc_diag d;
    uint16_t idx[25];
    /* t = halfmove + 101 * fullmove must be below 3178 * 3178 = 10099684. */
    tu_pos(&pos, "4k3/8/8/8/8/8/8/4K3 w - - 87 99996");
    assert_int_equal(chc_covert_encode_indices(&pos, idx, &d), CHC_OK);
    assert_int_equal(idx[23], 3177);
    assert_int_equal(idx[24], 3177);
    tu_pos(&pos, "4k3/8/8/8/8/8/8/4K3 w - - 88 99996");
    assert_int_equal(chc_covert_encode_indices(&pos, idx, &d), CHC_E_COVERT_COUNTERS);
    tu_pos(&pos, "4k3/8/8/8/8/8/8/4K3 w - - 101 200");
    assert_int_equal(chc_covert_encode_indices(&pos, idx, &d), CHC_E_COVERT_COUNTERS);
    assert_int_equal(d.code, CHC_E_COVERT_COUNTERS);
    tu_pos(&pos, "4k3/8/8/8/8/8/8/4K3 w - - 0 99997");
    assert_int_equal(chc_covert_encode_indices(&pos, idx, &d), CHC_E_COVERT_COUNTERS);
    tu_pos(&pos, "4k3/8/8/8/8/8/8/4K3 w - - 0 100000");
    assert_int_equal(chc_covert_encode_indices(&pos, idx, &d), CHC_E_COVERT_COUNTERS);
    /* Chess960 castling rights with a rook on b1 cannot be written. */
    tu_pos(&pos, "4k3/8/8/8/8/8/8/1R2K3 w B - 0 1");
    assert_int_equal(chc_covert_encode_indices(&pos, idx, &d), CHC_E_UNSUPPORTED);
}

/* Canonical: any accepted list of indices re-encodes to itself. */
static void test_canonical(void **state)
{
    (void)state;
    uint16_t idx[25], again[25];
    chc_position pos;
    chc_diag d;
    tu_rng rng = TU_RNG(12345);
    int accepted = 0;
    for (int trial = 0; trial < 20000; trial++) {
        memcpy(idx, VEC_IDX, sizeof idx);
        for (int k = 0; k < 3; k++) {
            int at = (int)tu_rand_below(&rng, 25);
            idx[at] = (uint16_t)tu_rand_below(&rng, 3178);
        }
        if (chc_covert_decode_indices(idx, 25, &pos, NULL, &d) != CHC_OK) continue;
        accepted++;
        assert_int_equal(chc_covert_encode_indices(&pos, again, &d), CHC_OK);
        assert_memory_equal(idx, again, sizeof idx);
    }
    assert_true(accepted > 10);
}

/* Malformed inputs, each with its error code and emoji index. */
struct bad_text {
    const char *what;
    int at;        /* emoji to replace (-1: none) */
    const char *with; /* replacement text (NULL: drop it) */
    const char *prefix, *suffix;
    int code;
    long index; /* expected diag index (-2: do not check) */
};

static void test_malformed_text(void **state)
{
    (void)state;
    static const struct bad_text cases[] = {
        {"no emoji at all", -1, NULL, "hello", "", CHC_E_COVERT_LENGTH, -2},
        {"24 emoji", 24, NULL, "", "", CHC_E_COVERT_LENGTH, 24},
        {"1 emoji", -1, NULL, "♟️", "!!", CHC_E_COVERT_EMOJI, 1},
        {"letter inside", 11, "x", "", "", CHC_E_COVERT_EMOJI, 11},
        {"digit inside", 3, "7", "", "", CHC_E_COVERT_EMOJI, 3},
        {"Unicode 13 emoji inside", 5, "\xf0\x9f\xa5\xb2", "", "", CHC_E_COVERT_EMOJI, 5},
        {"invalid UTF-8 inside", 8, "\xff", "", "", CHC_E_COVERT_EMOJI, 8},
        {"truncated UTF-8 inside", 9, "\xf0\x9f", "", "", CHC_E_COVERT_EMOJI, 9},
        {"lone skin tone inside", 14, "\xf0\x9f\x8f\xbb", "", "", CHC_E_COVERT_EMOJI, 14},
        {"lone ZWJ inside", 20, "\xe2\x80\x8d", "", "", CHC_E_COVERT_EMOJI, 20},
        {"no scheme emoji", 0, "😀", "", "", CHC_E_COVERT_SCHEME, 0},
        {"first emoji a flag", 0, "🏳️", "", "", CHC_E_COVERT_SCHEME, 0},
        /* 🏤 is entry 2197, the first value past the board's at emoji 2. (A scheme emoji
         * there is a 🎲 or ♟️ sent in front of a code: the 24 after it are the code read.) */
        {"board emoji 2 out of range", 1, "🏤", "", "", CHC_E_COVERT_VALUE, 1},
        {"scheme emoji before 24", 1, "♟️", "", "", CHC_E_COVERT_LENGTH, 24},
        {"emoji 23 out of range", 22, "🏴󠁧󠁢󠁷󠁬󠁳󠁿", "", "", CHC_E_COVERT_VALUE, 22},
        {"full-move 0", 24, "😀", "", "", CHC_E_COVERT_COUNTERS, 23},
        {"ends after 20 emoji", 20, "", "", "", CHC_E_COVERT_LENGTH, -2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct bad_text *c = &cases[i];
        char buf[4096];
        size_t o = (size_t)snprintf(buf, sizeof buf, "%s", c->prefix);
        if (c->at >= 0 || strcmp(c->prefix, "hello") != 0) {
            int upto = strcmp(c->what, "1 emoji") == 0 ? 0 : 25;
            if (strcmp(c->what, "ends after 20 emoji") == 0) upto = 20;
            for (int j = 0; j < upto; j++) {
                if (j == c->at) {
                    if (c->with) o += (size_t)snprintf(buf + o, sizeof buf - o, "%s", c->with);
                    continue;
                }
                o += (size_t)snprintf(buf + o, sizeof buf - o, "%s", chc_covert_emoji(VEC_IDX[j]));
            }
        }
        o += (size_t)snprintf(buf + o, sizeof buf - o, "%s", c->suffix);
        chc_position pos;
        chc_diag d;
        memset(&d, 0, sizeof d);
        int rc = chc_covert_read(buf, o, &pos, NULL, &d);
        if (rc != c->code) fail_msg("%s: got %d (%s), want %d", c->what, rc, d.message, c->code);
        assert_int_equal(d.code, c->code);
        assert_true(d.message[0] != 0);
        if (c->index != -2 && d.index != c->index)
            fail_msg("%s: diag index %ld, want %ld (%s)", c->what, d.index, c->index, d.message);
    }
}

struct bad_idx {
    const char *what;
    int at1, v1, at2, v2; /* replacements (at -1: none) */
    int n;                /* number of indices */
    int code;
    long index;
};

static void test_malformed_indices(void **state)
{
    (void)state;
    static const struct bad_idx cases[] = {
        {"index past the list", 7, 3178, -1, 0, 25, CHC_E_COVERT_EMOJI, 7},
        {"index 65535", 0, 65535, -1, 0, 25, CHC_E_COVERT_EMOJI, 0},
        {"scheme below", 0, 2440, -1, 0, 25, CHC_E_COVERT_SCHEME, 0},
        {"scheme above", 0, 2454, -1, 0, 25, CHC_E_COVERT_SCHEME, 0},
        {"square value 2197 at k=0", 1, 2197, -1, 0, 25, CHC_E_COVERT_VALUE, 1},
        {"square value 3177 at k=0", 1, 3177, -1, 0, 25, CHC_E_COVERT_VALUE, 1},
        {"square value 2197 at k=5", 6, (2197 + 5 * 1111) % 3178, -1, 0, 25, CHC_E_COVERT_VALUE, 6},
        {"square value 3000 at k=20", 21, (3000 + 20 * 1111) % 3178, -1, 0, 25, CHC_E_COVERT_VALUE, 21},
        {"state 2080", 22, 2080, -1, 0, 25, CHC_E_COVERT_VALUE, 22},
        {"state 3177", 22, 3177, -1, 0, 25, CHC_E_COVERT_VALUE, 22},
        {"t = 0", 23, 0, 24, 0, 25, CHC_E_COVERT_COUNTERS, 23},
        {"t = 100", 23, 0, 24, 100, 25, CHC_E_COVERT_COUNTERS, 23},
        {"26th not the flag", -1, 0, -1, 0, 26, CHC_E_COVERT_VALUE, 25},
        {"27 emoji", -1, 0, -1, 0, 27, CHC_E_COVERT_LENGTH, 27},
        {"0 emoji", -1, 0, -1, 0, 0, CHC_E_COVERT_LENGTH, 0},
        {"black king removed", 4, (3 * 1111) % 3178, -1, 0, 25, CHC_E_POS_KINGS, -1},
        {"castling K without rook", 22, 520, -1, 0, 25, CHC_E_POS_CASTLING, 22},
        {"castling q without king", 22, 65, -1, 0, 25, CHC_E_POS_CASTLING, 22},
        {"en passant a8", 22, 1, -1, 0, 25, CHC_E_POS_EN_PASSANT, 22},
        {"en passant e3 with white to move", 22, 45, -1, 0, 25, CHC_E_POS_EN_PASSANT, 22},
        {"en passant h1", 22, 64, -1, 0, 25, CHC_E_POS_EN_PASSANT, 22},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct bad_idx *c = &cases[i];
        uint16_t idx[32];
        for (int j = 0; j < 32; j++) idx[j] = j < 25 ? VEC_IDX[j] : 0;
        if (c->at1 >= 0) idx[c->at1] = (uint16_t)c->v1;
        if (c->at2 >= 0) idx[c->at2] = (uint16_t)c->v2;
        chc_position pos;
        chc_diag d;
        memset(&d, 0, sizeof d);
        int rc = chc_covert_decode_indices(idx, (size_t)c->n, &pos, NULL, &d);
        if (rc != c->code) fail_msg("%s: got %d (%s), want %d", c->what, rc, d.message, c->code);
        if (d.index != c->index)
            fail_msg("%s: diag index %ld, want %ld (%s)", c->what, d.index, c->index, d.message);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vector),
        cmocka_unit_test(test_doc_examples),
        cmocka_unit_test(test_emoji_list),
        cmocka_unit_test(test_variants_and_surroundings),
        cmocka_unit_test(test_mix_unmix),
        cmocka_unit_test(test_counters_limits),
        cmocka_unit_test(test_canonical),
        cmocka_unit_test(test_malformed_text),
        cmocka_unit_test(test_malformed_indices),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
