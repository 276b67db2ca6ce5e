/* The chat-text corpus (tests/data/codecs/covert-chat.tsv, issue 14): every message reads as
 * the FEN its code was made from, through chc_covert_find() and through the detector
 * (chc_position_read), with the white flag and the "mixed" mark as listed; the span it
 * reports holds the code. Also: errors in chat text name the right emoji. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Undoes the \n \r \t \\ escapes of the message column, in place; returns the length. */
static size_t unescape(char *s)
{
    size_t o = 0;
    for (size_t i = 0; s[i]; i++) {
        if (s[i] == '\\' && s[i + 1]) {
            char c = s[++i];
            s[o++] = c == 'n' ? '\n' : c == 'r' ? '\r' : c == 't' ? '\t' : c;
        } else {
            s[o++] = s[i];
        }
    }
    s[o] = 0;
    return o;
}

static void test_corpus(void **state)
{
    (void)state;
    FILE *f = fopen(tu_data_path("codecs/covert-chat.tsv"), "r");
    assert_non_null(f);
    static char line[65536];
    int cases = 0, bad = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0; /* the file's own line ends (messages escape theirs) */
        if (line[0] == '#' || line[0] == 0) continue;
        char *shape = line, *fen = strchr(shape, '\t');
        assert_non_null(fen);
        *fen++ = 0;
        char *flags = strchr(fen, '\t');
        assert_non_null(flags);
        *flags++ = 0;
        char *msg = strchr(flags, '\t');
        assert_non_null(msg);
        *msg++ = 0;
        size_t len = unescape(msg);
        cases++;
        chc_position pos, viaread, inspan;
        chc_covert_span span;
        chc_diag d = CHC_DIAG_INIT;
        char got[CHC_FEN_MAX] = "", got2[CHC_FEN_MAX] = "";
        int rc = chc_covert_find(msg, len, &pos, &span, &d);
        if (rc == CHC_OK) chc_position_to_fen(&pos, got, sizeof got, 0);
        chc_read_info info;
        int rc2 = chc_position_read(msg, len, CHC_FORMAT_AUTO, &viaread, &info, NULL);
        if (rc2 == CHC_OK) chc_position_to_fen(&viaread, got2, sizeof got2, 0);
        int want_r = strchr(flags, 'r') != NULL, want_m = strchr(flags, 'm') != NULL;
        int ok = rc == CHC_OK && strcmp(got, fen) == 0 && strcmp(got2, fen) == 0 &&
                 info.format == CHC_FORMAT_COVERT &&
                 !(span.flags & CHC_READ_RESIGNED) == !want_r &&
                 !(span.flags & CHC_READ_MIXED) == !want_m &&
                 span.start < span.end && span.end <= len && span.start == span.offset[0] &&
                 span.count == (size_t)(want_r ? 26 : 25);
        /* The span alone holds the code. */
        if (ok && chc_covert_find(msg + span.start, span.end - span.start, &inspan, NULL, NULL) != CHC_OK)
            ok = 0;
        if (!ok) {
            bad++;
            print_error("%s: rc %d (%s), got '%s' / '%s', flags %u, want %s %s\n", shape, rc,
                        d.message, got, got2, span.flags, fen, flags);
        }
    }
    fclose(f);
    print_message("covert chat corpus: %d of %d messages read right\n", cases - bad, cases);
    assert_true(cases >= 50);
    assert_int_equal(bad, 0);
}

/* Errors in chat text name the emoji of the code at fault and its byte. */
static void test_errors(void **state)
{
    (void)state;
    chc_position pos;
    char code[CHC_COVERT_MAX], text[1024];
    tu_pos(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    size_t n;
    assert_int_equal(chc_covert_write(&pos, 0, code, sizeof code, &n, NULL), CHC_OK);
    chc_diag d = CHC_DIAG_INIT;
    /* The code cut short (10 emoji) after a 🎲 and words: the error is the code's. */
    size_t ten = 0, used;
    for (int i = 0; i < 10; i++) {
        chc_covert_match(code + ten, n - ten, &used);
        ten += used;
    }
    snprintf(text, sizeof text, "🎲 let's play: %.*s", (int)ten, code);
    int rc = chc_covert_find(text, strlen(text), NULL, NULL, &d);
    assert_int_equal(rc, CHC_E_COVERT_LENGTH);
    assert_true(strstr(d.message, "the text ends after 10 emoji") != NULL);
    /* A smiley in front, a letter in place of emoji 3: emoji 3 of the code, at its byte. */
    size_t first2 = 0, third = 0;
    for (int i = 0; i < 3; i++) {
        chc_covert_match(code + third, n - third, &used);
        if (i == 1) first2 = third + used;
        third += used;
    }
    snprintf(text, sizeof text, "😀 hi %.*sx%s", (int)first2, code, code + third);
    d = (chc_diag)CHC_DIAG_INIT;
    rc = chc_covert_find(text, strlen(text), NULL, NULL, &d);
    assert_int_equal(rc, CHC_E_COVERT_EMOJI);
    assert_int_equal(d.index, 2);
    assert_int_equal(d.offset, (long)(strlen("😀 hi ") + first2));
    /* No scheme emoji: the first emoji is named. */
    d = (chc_diag)CHC_DIAG_INIT;
    assert_int_equal(chc_covert_find("ok 👍", strlen("ok 👍"), NULL, NULL, &d), CHC_E_COVERT_SCHEME);
    assert_int_equal(d.offset, 3);
    /* Empty and NULL text. */
    assert_int_equal(chc_covert_find(NULL, 0, NULL, NULL, NULL), CHC_E_COVERT_LENGTH);
    assert_int_equal(chc_covert_find("", 0, NULL, NULL, NULL), CHC_E_COVERT_LENGTH);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
