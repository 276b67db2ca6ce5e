/* chc_bot_answer: every command of the covert chess bot, one message in, the reply out;
 * bad input answered, never a crash; the buffer contract. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define START_CODE "♟️👯‍♂️😤🧑🏻‍🔧👨🏿‍🦽🎥☄️👐🏿👩🏼‍🦼📟👩‍🦰🚣🏼‍♂️🧯💁🏿🤾🏾‍♀️🅰️👩🏿‍🏫🥔😄👼🏾📇🧑🏾‍🦲🧑‍🚀😀🤖"
#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define FLAG "🏳️"

static char out[CHC_BOT_REPLY_MAX];
static chc_bot_reply rep;

static const char *ask(const char *msg)
{
    size_t len = 0;
    assert_int_equal(chc_bot_answer(msg, strlen(msg), "http://127.0.0.1:8080/", out, sizeof out, &len, &rep), CHC_OK);
    assert_int_equal(len, strlen(out));
    assert_true(len > 0);
    return out;
}

static void has(const char *text, const char *part)
{
    if (!strstr(text, part)) fail_msg("reply [%s] lacks [%s]", text, part);
}

static void test_start(void **state)
{
    (void)state;
    for (int k = 0; k < 3; k++) {
        ask(k == 0 ? "/start" : k == 1 ? "/startgame" : "/startgame@CovertChessBot");
        assert_int_equal(rep.command, CHC_BOT_START);
        assert_int_equal(rep.ok, 1);
        has(out, START_CODE);
        has(out, "FEN: " START_FEN);
        has(out, "Analysis: https://lichess.org/analysis/");
        has(out, "Editor: https://lichess.org/editor/");
        has(out, "Page: http://127.0.0.1:8080/#fen=");
        assert_int_equal(rep.picture, 1);
        assert_int_equal(rep.flip, 0);
    }
}

static void test_encode_decode(void **state)
{
    (void)state;
    ask("/encode " START_FEN);
    assert_int_equal(rep.command, CHC_BOT_ENCODE);
    assert_string_equal(out, START_CODE);
    ask("/encode rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_int_equal(rep.ok, 1);
    assert_int_equal(rep.flip, 1);
    ask("/encode rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1");
    assert_int_equal(rep.ok, 0);
    has(out, "I could not read a position");
    ask("/encode");
    assert_int_equal(rep.ok, 0);
    has(out, "Send /encode FEN");
    ask("/decode 🎲 let's play: " START_CODE " 👍");
    assert_int_equal(rep.ok, 1);
    has(out, "FEN: " START_FEN "\nWhite to move.");
    ask("/decode " START_CODE FLAG);
    has(out, "Game over: a player resigned");
    ask("/decode ♟️😀😀");
    assert_int_equal(rep.ok, 0);
    /* a plain message holding a code, a mixed message, a FEN */
    ask("your move " START_CODE);
    assert_int_equal(rep.command, CHC_BOT_DECODE);
    has(out, "FEN: " START_FEN);
    char mixed[CHC_COVERT_MIX_MAX(64)];
    assert_int_equal(chc_covert_mix_write("see you at eight", 16, START_CODE, strlen(START_CODE), mixed,
                                          sizeof mixed, NULL, NULL), CHC_OK);
    ask(mixed);
    has(out, "mixed among the words");
    ask(START_FEN);
    assert_int_equal(rep.command, CHC_BOT_DECODE);
    assert_int_equal(rep.ok, 1);
    ask("hello there");
    assert_int_equal(rep.command, CHC_BOT_NONE);
    has(out, "no covert chess code");
}

static void test_resign_mix_extract(void **state)
{
    (void)state;
    ask("/resign " START_FEN);
    assert_int_equal(rep.ok, 1);
    has(out, START_CODE FLAG "\n");
    ask("/resign");
    assert_int_equal(rep.ok, 0);
    ask("/mix " START_CODE " message=see you at eight");
    assert_int_equal(rep.ok, 1);
    has(out, "see");
    char mixed[CHC_BOT_REPLY_MAX];
    memcpy(mixed, out, sizeof mixed);
    ask("/extract hi! " START_CODE);
    assert_string_equal(out, START_CODE);
    ask("/mix " START_CODE " message=hi 😀 there");
    assert_int_equal(rep.ok, 0);
    has(out, "Leave the emoji out");
    ask("/mix " START_CODE);
    assert_int_equal(rep.ok, 0);
    has(out, "message=");
    ask("/mix " START_CODE " message=   ");
    assert_int_equal(rep.ok, 0);
    char cmd[CHC_BOT_REPLY_MAX + 16] = "/extract ";
    strcat(cmd, mixed);
    ask(cmd);
    assert_string_equal(out, START_CODE);
    ask("/extract no code here");
    assert_int_equal(rep.ok, 0);
    ask("/mix " START_CODE FLAG " message=bye");
    has(out, FLAG);
}

static void test_move_edit(void **state)
{
    (void)state;
    ask("/move " START_CODE);
    assert_int_equal(rep.ok, 1);
    has(out, "Analysis: https://lichess.org/analysis/");
    ask("/move " START_CODE " e4");
    assert_int_equal(rep.ok, 1);
    assert_int_equal(rep.picture, 1);
    assert_int_equal(rep.flip, 1);
    has(out, "Black to move.");
    char code[CHC_COVERT_MAX];
    chc_position p;
    tu_pos(&p, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_int_equal(chc_covert_write(&p, 0, code, sizeof code, NULL, NULL), CHC_OK);
    has(out, code);
    ask("/move " START_FEN " f3 e5 g4 Qh4#");
    assert_int_equal(rep.ok, 1);
    has(out, "Game over: checkmate, Black wins");
    ask("/move rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3 e4");
    assert_int_equal(rep.ok, 0);
    has(out, "No move can be played");
    ask("/move " START_CODE FLAG " e4");
    assert_int_equal(rep.ok, 0);
    has(out, "resigned");
    ask("/move " START_CODE " e5");
    assert_int_equal(rep.ok, 0);
    has(out, "Move 'e5'");
    ask("/move e4");
    assert_int_equal(rep.ok, 0);
    ask("/edit " START_CODE);
    has(out, "Editor: https://lichess.org/editor/");
    ask("/edit nonsense");
    assert_int_equal(rep.ok, 0);
}

static void test_emoji_help_unknown(void **state)
{
    (void)state;
    ask("♟️");
    assert_int_equal(rep.command, CHC_BOT_EMOJI);
    has(out, "chess pawn\nindex: 2451\ngroup: Activities\nsubgroup: game\nescape: \\u265F\\uFE0F");
    ask("  😀 ");
    has(out, "index: 0\n");
    has(out, "escape: \\U0001F600");
    ask("/emoji ♟");
    has(out, "place 26");
    ask("/emoji x");
    assert_int_equal(rep.ok, 0);
    ask("/help");
    assert_int_equal(rep.command, CHC_BOT_HELP);
    has(out, "/mix CODE message=TEXT");
    ask("/frobnicate now");
    assert_int_equal(rep.command, CHC_BOT_UNKNOWN);
    has(out, "/frobnicate");
    ask("");
    has(out, "/help");
    ask("2451");
    assert_int_equal(rep.command, CHC_BOT_NONE);
}

/* Non-zero when s is valid UTF-8 (no overlong forms, no surrogates, nothing past U+10FFFF). */
static int valid_utf8(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    while (*u) {
        unsigned c = *u, cp;
        size_t k = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : 9;
        if (k == 9) return 0;
        cp = k ? c & (0x3F >> k) : c;
        for (size_t j = 1; j <= k; j++) {
            if ((u[j] & 0xC0) != 0x80) return 0;
            cp = cp << 6 | (u[j] & 0x3F);
        }
        if ((k == 1 && cp < 0x80) || (k == 2 && cp < 0x800) || (k == 3 && cp < 0x10000) || cp > 0x10FFFF ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return 0;
        u += k + 1;
    }
    return 1;
}

static void test_bad_input(void **state)
{
    (void)state;
    size_t n = CHC_BOT_MESSAGE_MAX + 1;
    char *big = malloc(n);
    memset(big, 'a', n);
    assert_int_equal(chc_bot_answer(big, n, NULL, out, sizeof out, NULL, &rep), CHC_OK);
    has(out, "too long");
    /* random bytes and truncated UTF-8 after every command: a reply, never a crash */
    static const char *const cmds[] = {"", "/start ", "/encode ", "/decode ", "/resign ", "/mix ", "/extract ",
                                       "/move ", "/edit ", "/emoji ", "/help ", "/x "};
    tu_rng rng = TU_RNG(14);
    for (int t = 0; t < 3000; t++) {
        const char *c = cmds[t % 12];
        size_t k = strlen(c), len = k + (size_t)tu_rand_below(&rng, 120);
        memcpy(big, c, k);
        for (size_t i = k; i < len; i++) {
            int r = (int)tu_rand_below(&rng, 4);
            if (r == 0) big[i] = (char)tu_rand_below(&rng, 256);
            else if (r == 1) big[i] = START_CODE[tu_rand_below(&rng, sizeof START_CODE - 1)];
            else if (r == 2) big[i] = ' ';
            else big[i] = "e4Nf3/8 message=x"[tu_rand_below(&rng, 17)];
        }
        assert_int_equal(chc_bot_answer(big, len, NULL, out, sizeof out, NULL, &rep), CHC_OK);
        assert_true(out[0] != 0);
        if (!valid_utf8(out)) fail_msg("reply to message %d is not UTF-8: [%s]", t, out);
    }
    /* a long unknown command cut inside a character; a cover message too long to mix */
    memset(big, 0, 600);
    strcpy(big, "/");
    for (int i = 0; i < 40; i++) strcat(big, "\xc3\xa9");
    ask(big);
    assert_int_equal(rep.command, CHC_BOT_UNKNOWN);
    assert_true(valid_utf8(out));
    strcpy(big, "/mix " START_CODE " message=");
    size_t k = strlen(big);
    memset(big + k, 'w', 3001);
    big[k + 3001] = 0;
    ask(big);
    assert_int_equal(rep.ok, 0);
    has(out, "too long to carry a code");
    free(big);
    /* the buffer contract */
    size_t need = 0;
    char small[8];
    assert_int_equal(chc_bot_answer("/help", 5, NULL, small, sizeof small, &need, &rep), CHC_E_BUFFER_TOO_SMALL);
    assert_true(need > sizeof small);
    assert_int_equal(small[7], 0);
    assert_int_equal(chc_bot_answer(NULL, 0, NULL, out, sizeof out, NULL, &rep), CHC_OK);
    assert_int_equal(chc_bot_answer(NULL, 3, NULL, out, sizeof out, NULL, &rep), CHC_E_ARGUMENT);
    assert_int_equal(chc_bot_answer("x", 1, NULL, NULL, 0, NULL, &rep), CHC_E_ARGUMENT);
    assert_int_equal(chc_bot_answer("x", 1, NULL, out, sizeof out, NULL, NULL), CHC_E_ARGUMENT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start), cmocka_unit_test(test_encode_decode),
        cmocka_unit_test(test_resign_mix_extract), cmocka_unit_test(test_move_edit),
        cmocka_unit_test(test_emoji_help_unknown), cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
