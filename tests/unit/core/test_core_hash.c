/* Polyglot keys: the published vectors, the key table against the data file, the start
 * position's key found in a real book (Debian gnuchess-book), and the incremental key
 * against a from-scratch key along games. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static void test_published_vectors(void **s)
{
    (void)s;
    char *text = tu_read_file(tu_data_path("core/keys.tsv"), NULL);
    assert_non_null(text);
    int n = 0;
    for (char *save = NULL, *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#') continue;
        char *tab = strchr(line, '\t');
        assert_non_null(tab);
        *tab = 0;
        uint64_t want = strtoull(tab + 1, NULL, 16);
        chc_position p;
        tu_pos(&p, line);
        assert_int_equal(chc_polyglot_key(&p), want);
        assert_int_equal(p.key, want);
        n++;
    }
    free(text);
    assert_int_equal(n, 9);
}

/* The same vectors reached by playing the moves: the incremental key must agree. */
static void test_incremental_vectors(void **s)
{
    (void)s;
    static const char *moves[] = {"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"};
    static const uint64_t keys[] = {0x823c9b50fd114196ULL, 0x0756b94461c50fb0ULL, 0x662fafb965db29d4ULL,
                                    0x22a48b5a8e47ff78ULL, 0x652a607ca3f242c1ULL, 0x00fdd303c946bdd9ULL};
    chc_position p;
    chc_position_startpos(&p);
    assert_int_equal(p.key, 0x463b96181691fc9cULL);
    for (int i = 0; i < 6; i++) {
        chc_move m;
        chc_undo u;
        assert_int_equal(chc_move_from_uci(&p, moves[i], &m, NULL), CHC_OK);
        chc_make_move(&p, m, &u);
        assert_int_equal(p.key, keys[i]);
    }
    static const char *moves2[] = {"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"};
    static const uint64_t keys2[] = {0, 0, 0, 0, 0x3c8123ea7b067637ULL, 0, 0x5c3f9b829b279560ULL};
    chc_position_startpos(&p);
    for (int i = 0; i < 7; i++) {
        chc_move m;
        chc_undo u;
        assert_int_equal(chc_move_from_uci(&p, moves2[i], &m, NULL), CHC_OK);
        chc_make_move(&p, m, &u);
        if (keys2[i]) assert_int_equal(p.key, keys2[i]);
        assert_int_equal(p.key, chc_polyglot_key(&p));
    }
}

/* The compiled-in table equals the data file, key by key. */
static void test_random64_table(void **s)
{
    (void)s;
    char *text = tu_read_file(tu_data_path("core/random64.txt"), NULL);
    assert_non_null(text);
    uint64_t vals[781];
    int n = 0;
    for (char *save = NULL, *line = strtok_r(text, "\n", &save); line && n < 781; line = strtok_r(NULL, "\n", &save))
        vals[n++] = strtoull(line, NULL, 16);
    free(text);
    assert_int_equal(n, 781);
    /* Probe every key through single-piece positions and the state keys. */
    chc_position a, b;
    tu_pos(&a, "k7/8/8/8/8/8/8/7K w - - 0 1");
    tu_pos(&b, "k7/8/8/8/8/8/8/7K b - - 0 1");
    assert_int_equal(a.key ^ b.key, vals[780]);
    static const char *kinds = "pPnNbBrRqQkK";
    for (int kind = 0; kind < 10; kind++) {
        for (int sq = 8; sq < 56; sq++) {
            /* kings on a8/h1 are fixed; put one extra piece on sq */
            char fen[100];
            int rank = sq / 8, file = sq % 8;
            /* build the rank string */
            char rk[9];
            int k = 0;
            if (file) rk[k++] = (char)('0' + file);
            rk[k++] = kinds[kind];
            if (7 - file) rk[k++] = (char)('0' + 7 - file);
            rk[k] = 0;
            char ranks[8][10];
            for (int r = 7; r >= 0; r--) strcpy(ranks[7 - r], r == 7 ? "k7" : r == 0 ? "7K" : "8");
            if (rank == 7 || rank == 0) continue;
            strcpy(ranks[7 - rank], rk);
            snprintf(fen, sizeof fen, "%s/%s/%s/%s/%s/%s/%s/%s b - - 0 1", ranks[0], ranks[1], ranks[2], ranks[3],
                     ranks[4], ranks[5], ranks[6], ranks[7]);
            chc_position p;
            if (chc_position_from_fen(&p, fen, 0, NULL) != CHC_OK) continue; /* pawn ranks, checks */
            assert_int_equal(p.key ^ b.key, vals[64 * kind + sq]);
        }
    }
    chc_position c;
    tu_pos(&c, "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    chc_position d;
    static const char *rights[4] = {"K", "Q", "k", "q"};
    for (int i = 0; i < 4; i++) {
        char fen[80];
        snprintf(fen, sizeof fen, "r3k2r/8/8/8/8/8/8/R3K2R w %s - 0 1", rights[i]);
        tu_pos(&d, fen);
        assert_int_equal(c.key ^ d.key, vals[768 + i]);
    }
    for (int f = 0; f < 8; f++) {
        char fen[80], fen2[80];
        /* black pawn just moved two squares beside a white pawn: the ep key applies */
        int wf = f == 0 ? 1 : f - 1;
        char r5[12];
        int k = 0;
        int lo = f < wf ? f : wf, hi = f < wf ? wf : f;
        if (lo) r5[k++] = (char)('0' + lo);
        r5[k++] = lo == f ? 'p' : 'P';
        r5[k++] = lo == f ? 'P' : 'p';
        if (7 - hi) r5[k++] = (char)('0' + 7 - hi);
        r5[k] = 0;
        snprintf(fen, sizeof fen, "k7/8/8/%s/8/8/8/7K w - %c6 0 1", r5, 'a' + f);
        snprintf(fen2, sizeof fen2, "k7/8/8/%s/8/8/8/7K w - - 0 1", r5);
        chc_position e1, e2;
        tu_pos(&e1, fen);
        tu_pos(&e2, fen2);
        assert_int_equal(e1.key ^ e2.key, vals[772 + f]);
    }
    /* no pawn beside: the ep square does not enter the key */
    chc_position e3, e4;
    tu_pos(&e3, "k7/8/8/3p4/8/8/8/7K w - d6 0 1");
    tu_pos(&e4, "k7/8/8/3p4/8/8/8/7K w - - 0 1");
    assert_int_equal(e3.key, e4.key);
}

/* The start position's key is in GNU Chess's Polyglot book (entries sorted by key). */
static void test_real_book(void **s)
{
    (void)s;
    const char *path = "/usr/share/games/gnuchess/book.bin";
    FILE *f = fopen(path, "rb");
    if (!f) tu_skip_or_fail("Polyglot book /usr/share/games/gnuchess/book.bin (Debian gnuchess-book) missing");
    unsigned char e[16];
    int found = 0;
    long entries = 0;
    while (fread(e, 1, 16, f) == 16) {
        uint64_t key = 0;
        for (int i = 0; i < 8; i++) key = key << 8 | e[i];
        entries++;
        if (key == 0x463b96181691fc9cULL) {
            found++;
            unsigned move = (unsigned)e[8] << 8 | e[9];
            assert_true(move != 0);
        }
    }
    fclose(f);
    printf("book: %ld entries, %d for the start position\n", entries, found);
    assert_true(found >= 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_published_vectors), cmocka_unit_test(test_incremental_vectors),
        cmocka_unit_test(test_random64_table),    cmocka_unit_test(test_real_book),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
