/* The check character of the versioned pack texts (src/pack/pack_text.c): the field's
 * generator has order 63, every single substitution and every swap of adjacent different
 * characters is caught at every length, no text is valid as both a position and a game code;
 * and on codes of real games, every such typo is refused by the version-1 readers (the whole
 * reading rule may read a damaged game text as a 0.1 code: counted, and kept rare). The full
 * measurement over 10,000 codes is tools/pack_typos. */
#include "testutil.h"
#include "test_pack_util.h"

#include <stdio.h>

#include "pack/pack_internal.h"

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

static void test_field(void **state)
{
    (void)state;
    /* alpha = x has order 63 modulo x^6 + x + 1 (a primitive polynomial): alpha^k = 1 first at
     * k = 63, so alpha^i != alpha^j for |i - j| < 63 and alpha != 1 */
    unsigned s = 1, seen = 0;
    for (int k = 1; k <= 63; k++) {
        s <<= 1;
        if (s & 0x40) s ^= 0x43;
        if (s == 1) assert_int_equal(k, 63);
        seen += s == 1;
    }
    assert_int_equal(seen, 1);
    /* the library's check agrees: a text plus its check character is valid, for both kinds */
    uint64_t r = 7;
    for (int len = 1; len < 300; len++) {
        char t[301];
        for (int i = 0; i < len; i++) t[i] = alphabet[tp_rnd(&r) % 64];
        for (int kind = CHCI_KIND_POSITION; kind <= CHCI_KIND_GAME; kind++) {
            int c = chci_pack_check_value(kind, t, (size_t)len);
            assert_true(c >= 0 && c < 64);
            t[len] = alphabet[c];
            assert_true(chci_pack_check_ok(kind, t, (size_t)len + 1));
            /* never valid as the other kind */
            assert_false(chci_pack_check_ok(CHCI_KIND_POSITION + CHCI_KIND_GAME - kind, t, (size_t)len + 1));
        }
    }
    assert_int_equal(chci_pack_check_value(CHCI_KIND_GAME, "a*", 2), -1);
    assert_false(chci_pack_check_ok(CHCI_KIND_GAME, "", 0));
}

static void test_every_typo_any_length(void **state)
{
    (void)state;
    uint64_t r = 99;
    long tried = 0;
    for (int len = 2; len <= 130; len += (len < 70 ? 1 : 7)) {
        char t[140], u[140];
        for (int i = 0; i < len - 1; i++) t[i] = alphabet[tp_rnd(&r) % 64];
        int kind = len % 2 ? CHCI_KIND_GAME : CHCI_KIND_POSITION;
        t[len - 1] = alphabet[chci_pack_check_value(kind, t, (size_t)len - 1)];
        memcpy(u, t, (size_t)len);
        for (int p = 0; p < len; p++) {
            for (int v = 0; v < 64; v++) {
                if (alphabet[v] == t[p]) continue;
                u[p] = alphabet[v];
                assert_false(chci_pack_check_ok(kind, u, (size_t)len));
                tried++;
            }
            u[p] = t[p];
            if (p + 1 < len && t[p] != t[p + 1]) {
                u[p] = t[p + 1];
                u[p + 1] = t[p];
                assert_false(chci_pack_check_ok(kind, u, (size_t)len));
                u[p] = t[p];
                u[p + 1] = t[p + 1];
                tried++;
            }
        }
    }
    printf("check character: %ld substitutions and swaps at lengths 2..128, all caught\n", tried);
}

/* Codes of real games through the public readers. */
static void test_typos_real_codes(void **state)
{
    (void)state;
    char *buf, **lines;
    size_t nl = tp_data_lines("pack/golden-v1-games.tsv.xz", &buf, &lines);
    char *pbuf, **plines;
    size_t np = tp_data_lines("pack/golden-v1-positions.tsv.xz", &pbuf, &plines);
    size_t step = tu_sanitized() ? 60 : 12;
    long pos_total = 0, game_total = 0, game_legacy = 0, game_sampled = 0;
    chc_game *g = chc_game_new();
    for (size_t li = 0; li < nl || li < np; li += step) {
        for (int game = 0; game < 2; game++) {
            if ((game ? nl : np) <= li) continue;
            char *f[2];
            tp_fields(game ? lines[li] : plines[li], f, 2);
            const char *c = f[0];
            size_t cl = strlen(c);
            char t[4096];
            if (cl >= sizeof t || (game && cl > 120)) continue; /* short game codes suffice */
            memcpy(t, c, cl + 1);
            for (size_t p = 0; p < cl; p++) {
                for (int v = 0; v <= 64; v++) {
                    if (v < 64) t[p] = alphabet[v];
                    else if (p + 1 < cl && c[p] != c[p + 1]) { /* the swap with the next one */
                        t[p] = c[p + 1];
                        t[p + 1] = c[p];
                    } else {
                        continue;
                    }
                    if (memcmp(t, c, cl)) {
                        chc_read_info info;
                        int rc;
                        if (game) {
                            /* the reading rule with its 0.1 fallback is slow: every 7th */
                            if (++game_total % 7) goto next;
                            rc = chc_pack_game_read(t, cl, g, &info, NULL);
                            game_sampled++;
                            if (rc == CHC_OK) {
                                assert_true(info.flags & CHC_READ_LEGACY); /* never version 1 */
                                game_legacy++;
                            }
                        } else {
                            chc_position pos;
                            assert_int_not_equal(chc_pack_position_read(t, cl, &pos, &info, NULL), CHC_OK);
                            pos_total++;
                        }
                    }
                next:
                    t[p] = c[p];
                    if (p + 1 < cl) t[p + 1] = c[p + 1];
                }
            }
        }
    }
    printf("typos of real codes: %ld position codes damaged, all refused; %ld damaged game codes read, none as "
           "version 1, %ld read as 0.1 codes\n", pos_total, game_sampled, game_legacy);
    assert_true(pos_total > 10000 && game_sampled > 1000);
    assert_true(game_legacy * 500 < game_sampled); /* rare: under 0.2% */
    chc_game_free(g);
    free(lines);
    free(plines);
    free(buf);
    free(pbuf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_field),
        cmocka_unit_test(test_every_typo_any_length),
        cmocka_unit_test(test_typos_real_codes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
