/* The worked examples of docs/formats/pack-position.md, pack-position-v2.md, pack-game.md and pack-stream.md, read
 * from the documents themselves (the table rows of their "Worked example(s)" sections whose
 * cells are `code`): every position and game must give exactly the codes written there, and
 * every code the position or game. */
#define CHC_EXPERIMENTAL 1
#include "testutil.h"
#include "test_pack_util.h"

#include "pack/pack_internal.h"

#include <stdio.h>
#include <stdlib.h>

/* The rows of the worked-example tables of a document: the cells of each row that are wholly
 * `code`, into cells[row][col] (malloc'ed copies; other cells are prose). Returns the number
 * of rows. */
#define MAX_ROWS 32
#define MAX_COLS 8
static char *cells[MAX_ROWS][MAX_COLS];
static int ncells[MAX_ROWS];

static int doc_rows(const char *name)
{
    char path[4096];
    const char *src = getenv("CHC_SRC");
    snprintf(path, sizeof path, "%s/docs/formats/%s", src ? src : ".", name);
    size_t len;
    char *doc = tu_read_file(path, &len);
    if (!doc) fail_msg("cannot read %s", path);
    int rows = 0, in = 0;
    for (char *line = strtok(doc, "\n"); line; line = strtok(NULL, "\n")) {
        if (!strncmp(line, "## ", 3)) in = !strncmp(line, "## Worked example", 17);
        if (!in || line[0] != '|' || !strstr(line, "| `")) continue;
        if (rows == MAX_ROWS) fail_msg("%s: too many example rows", name);
        int n = 0;
        for (char *p = line; (p = strchr(p, '|')) && n < MAX_COLS; p++) {
            char *q = p + 1;
            while (*q == ' ') q++;
            if (*q == '|' || !*q) continue;
            char *end = strchr(q, '|');
            if (!end) break;
            size_t l = (size_t)(end - q);
            while (l && q[l - 1] == ' ') l--;
            if (l < 2 || q[0] != '`' || q[l - 1] != '`') continue; /* only `code` cells */
            q++;
            l -= 2;
            cells[rows][n] = malloc(l + 1);
            memcpy(cells[rows][n], q, l);
            cells[rows][n][l] = 0;
            n++;
        }
        if (n) ncells[rows++] = n; /* a header row of prose has none */
    }
    free(doc);
    return rows;
}

static void free_rows(int rows)
{
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < ncells[r]; c++) free(cells[r][c]);
}

static void hex_of(const uint8_t *b, size_t n, char *out)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) o += (size_t)sprintf(out + o, "%02x", b[i]);
    out[o] = 0;
}

static void test_position_doc(void **state)
{
    (void)state;
    int rows = doc_rows("pack-position.md");
    for (int r = 0; r < rows; r++) {
        if (ncells[r] != 4) fail_msg("pack-position.md: row %d has %d cells", r + 1, ncells[r]);
        chc_position pos, back;
        tu_pos(&pos, cells[r][0]);
        char text[CHC_PACK_POS_TEXT_MAX], hex[64], fen[CHC_FEN_MAX], want[CHC_FEN_MAX];
        uint8_t bin[CHC_PACK_POS_BYTES];
        assert_int_equal(chc_pack_position_write(&pos, 0, text, sizeof text, NULL, NULL), CHC_OK);
        assert_string_equal(text, cells[r][1]);
        assert_int_equal(strncmp(text + 1, cells[r][2], 26), 0);
        assert_int_equal(strlen(cells[r][2]), 26);
        assert_int_equal(chc_pack_position_encode(&pos, bin, NULL), CHC_OK);
        hex_of(bin, sizeof bin, hex);
        assert_string_equal(hex, cells[r][3]);
        /* back: each code gives the position with counters 0 1 */
        chc_position_to_fen(&pos, want, sizeof want, CHC_FEN_NO_COUNTERS);
        strcat(want, " 0 1");
        for (int c = 1; c <= 2; c++) {
            assert_int_equal(chc_pack_position_read(cells[r][c], strlen(cells[r][c]), &back, NULL, NULL), CHC_OK);
            chc_position_to_fen(&back, fen, sizeof fen, 0);
            assert_string_equal(fen, want);
        }
    }
    printf("pack-position.md: %d examples\n", rows);
    assert_true(rows >= 5);
    free_rows(rows);
}

/* docs/formats/pack-position-v2.md: FEN, version-2 text, binary. */
static void test_position_v2_doc(void **state)
{
    (void)state;
    int rows = doc_rows("pack-position-v2.md");
    for (int r = 0; r < rows; r++) {
        if (ncells[r] != 3) fail_msg("pack-position-v2.md: row %d has %d cells", r + 1, ncells[r]);
        chc_position pos, back;
        tu_pos(&pos, cells[r][0]);
        char text[CHC_PACK_POS_TEXT_MAX], hex[64], fen[CHC_FEN_MAX], want[CHC_FEN_MAX];
        uint8_t bin[CHC_PACK_POS_BYTES];
        assert_int_equal(chc_pack_position_write(&pos, CHC_PACK_POS_V(2), text, sizeof text, NULL, NULL), CHC_OK);
        assert_string_equal(text, cells[r][1]);
        assert_int_equal(chc_pack_position_encode_version(&pos, 2, bin, NULL), CHC_OK);
        hex_of(bin, sizeof bin, hex);
        assert_string_equal(hex, cells[r][2]);
        chc_position_to_fen(&pos, want, sizeof want, CHC_FEN_NO_COUNTERS);
        strcat(want, " 0 1");
        assert_int_equal(chc_pack_position_read(cells[r][1], strlen(cells[r][1]), &back, NULL, NULL), CHC_OK);
        chc_position_to_fen(&back, fen, sizeof fen, 0);
        assert_string_equal(fen, want);
        assert_int_equal(chc_pack_position_decode_version(bin, 2, &back, NULL), CHC_OK);
        chc_position_to_fen(&back, fen, sizeof fen, 0);
        assert_string_equal(fen, want);
    }
    printf("pack-position-v2.md: %d examples\n", rows);
    assert_true(rows >= 5);
    free_rows(rows);
}

static void test_game_doc(void **state)
{
    (void)state;
    int rows = doc_rows("pack-game.md");
    int games = 0, legacy = 0;
    static tp_game g;
    chc_game *back = chc_game_new();
    for (int r = 0; r < rows; r++) {
        if (ncells[r] == 6) { /* start, moves, level, result, version 1, binary */
            char line[1024];
            if (!strcmp(cells[r][0], "standard")) snprintf(line, sizeof line, "%s", cells[r][1]);
            else snprintf(line, sizeof line, "%s|%s", cells[r][0], cells[r][1]);
            assert_int_equal(tp_parse_line(line, &g), 0);
            int level = atoi(cells[r][2]), result = tp_result(cells[r][3]);
            assert_true(result >= 0);
            chc_game *cg = tp_chc_game(&g, result);
            char text[256], hex[512];
            uint8_t bin[128];
            size_t bl = 0;
            /* the document is version 1's */
            assert_int_equal(chci_pack_game_write_version(1, &g.start, g.moves, g.n, result, level, text,
                                                          sizeof text, NULL, NULL), CHC_OK);
            assert_string_equal(text, cells[r][4]);
            assert_int_equal(chci_pack_game_encode_version(1, &g.start, g.moves, g.n, result, level, bin, sizeof bin,
                                                           &bl, NULL), CHC_OK);
            hex_of(bin, bl, hex);
            assert_string_equal(hex, cells[r][5]);
            chc_read_info info;
            assert_int_equal(chc_pack_game_read(cells[r][4], strlen(cells[r][4]), back, &info, NULL), CHC_OK);
            assert_int_equal(info.version, 1);
            assert_true(tp_same_game(back, &g, result));
            chc_game_free(cg);
            games++;
        } else if (ncells[r] == 4) { /* 0.1 code, model, game, what the reading rule gives */
            assert_int_equal(tp_parse_line(cells[r][2], &g), 0);
            assert_int_equal(chc_pack_game_read_legacy(cells[r][0], strlen(cells[r][0]), cells[r][1], back, NULL,
                                                       NULL), CHC_OK);
            assert_true(tp_same_game(back, &g, CHC_RESULT_UNKNOWN));
            chc_read_info info;
            int rc = chc_pack_game_read(cells[r][0], strlen(cells[r][0]), back, &info, NULL);
            if (!strcmp(cells[r][3], "CHC_E_PACK_AMBIGUOUS")) {
                assert_int_equal(rc, CHC_E_PACK_AMBIGUOUS);
            } else {
                assert_int_equal(rc, CHC_OK);
                assert_int_equal(info.flags, CHC_READ_LEGACY);
                assert_true(tp_same_game(back, &g, CHC_RESULT_UNKNOWN));
            }
            legacy++;
        } else {
            fail_msg("pack-game.md: row %d has %d cells", r + 1, ncells[r]);
        }
    }
    printf("pack-game.md: %d version-1 examples, %d 0.1 examples\n", games, legacy);
    assert_true(games >= 6 && legacy >= 3);
    chc_game_free(back);
    free_rows(rows);
}

static int hex_bytes(const char *hex, uint8_t *out)
{
    int n = 0;
    unsigned v;
    for (const char *p = hex; sscanf(p, "%2x", &v) == 1; p += 2) {
        out[n++] = (uint8_t)v;
        while (p[2] == ' ') p++;
    }
    return n;
}

static void test_stream_doc(void **state)
{
    (void)state;
    int rows = doc_rows("pack-stream.md");
    uint8_t stream[512];
    size_t used = 0;
    chc_game *g = chc_game_new(), *want = chc_game_new();
    for (int r = 0; r < rows; r++) {
        assert_true(ncells[r] == 1 || ncells[r] == 2); /* [code,] bytes: the header has no code */
        uint8_t rec[256];
        int n = hex_bytes(cells[r][ncells[r] - 1], rec);
        memcpy(stream + used, rec, (size_t)n);
        used += (size_t)n;
        if (ncells[r] == 1) {
            uint8_t h[CHC_PACK_STREAM_HEADER_BYTES];
            assert_int_equal(chc_pack_stream_header(h, sizeof h, NULL), CHC_OK);
            assert_int_equal(n, 8);
            assert_memory_equal(h, rec, 8);
            continue;
        }
        /* the record reads as its code's item; the writers make exactly these bytes */
        const char *code = cells[r][0];
        size_t u = 0, l = 0;
        chc_position pos, pwant;
        chc_read_info info;
        assert_int_equal(chc_pack_stream_read_record(rec, (size_t)n, &u, g, &pos, &info, NULL), CHC_OK);
        assert_int_equal(u, (size_t)n);
        assert_int_equal(info.version, 1);
        uint8_t again[256];
        if (code[0] == 'p') {
            assert_int_equal(info.format, CHC_FORMAT_PACK_POSITION);
            assert_int_equal(chc_pack_position_read(code, strlen(code), &pwant, NULL, NULL), CHC_OK);
            assert_int_equal(chc_position_same(&pos, &pwant), 1);
            assert_int_equal(chc_pack_stream_write_position(&pwant, again, sizeof again, &l, NULL), CHC_OK);
            assert_int_equal(l, (size_t)n);
            assert_memory_equal(again, rec, l);
        } else {
            assert_int_equal(info.format, CHC_FORMAT_PACK_GAME);
            assert_int_equal(chc_pack_game_read(code, strlen(code), want, NULL, NULL), CHC_OK);
            assert_int_equal(chc_game_ply_count(g), chc_game_ply_count(want));
            assert_int_equal(chc_game_result(g), chc_game_result(want));
            for (size_t i = 0; i < chc_game_ply_count(g); i++)
                assert_int_equal(chc_game_move(g, i), chc_game_move(want, i));
            int ok = CHC_PACK_GAME_VERSION != 1; /* the writers write version 1 */
            for (int level = 1; level <= 2 && !ok; level++) {
                assert_int_equal(chc_pack_stream_write_game(want, CHC_PACK_LEVEL(level), again, sizeof again, &l,
                                                            NULL), CHC_OK);
                ok = l == (size_t)n && !memcmp(again, rec, l);
            }
            assert_true(ok);
        }
    }
    /* the whole stream reads back */
    assert_int_equal(chc_pack_stream_check_header(stream, used, NULL), CHC_OK);
    size_t off = CHC_PACK_STREAM_HEADER_BYTES, r = 0;
    int items = 0;
    chc_position pos;
    while (chc_pack_stream_read_record(stream + off, used - off, &r, g, &pos, NULL, NULL) == CHC_OK) {
        off += r;
        items++;
    }
    assert_int_equal(off, used);
    printf("pack-stream.md: %d records, %zu bytes\n", items, used);
    assert_int_equal(items, rows - 1);
    chc_game_free(g);
    chc_game_free(want);
    free_rows(rows);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_position_doc),
        cmocka_unit_test(test_position_v2_doc),
        cmocka_unit_test(test_game_doc),
        cmocka_unit_test(test_stream_doc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
