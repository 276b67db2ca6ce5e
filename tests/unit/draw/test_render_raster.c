/* chc_render_png and chc_render_gif, the optional parts of the library: what chc_build_features
 * says matches what they do; a PNG starts with its signature and is as wide as asked; a GIF
 * starts "GIF89a" with the right screen size; a failing write is CHC_E_IO; bad arguments are
 * CHC_E_ARGUMENT; without the libraries, CHC_E_UNSUPPORTED naming the package. The pictures
 * themselves are compared pixel by pixel and frame by frame in tests/cli/test_render_*.sh. */
#include "testutil.h"

#include <stdlib.h>
#include <string.h>

typedef struct buf {
    unsigned char data[1 << 20];
    size_t len;
    size_t fail_after; /* 0: never fail */
} buf;

static int put(void *ctx, const void *data, size_t len)
{
    buf *b = ctx;
    if (b->fail_after && b->len + len > b->fail_after) return -1;
    if (b->len + len > sizeof b->data) return -1;
    memcpy(b->data + b->len, data, len);
    b->len += len;
    return 0;
}

static unsigned be32(const unsigned char *p) { return (unsigned)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]; }

static void test_png(void **state)
{
    (void)state;
    static buf b;
    chc_position pos;
    chc_diag d = CHC_DIAG_INIT;
    chc_render_options o = CHC_RENDER_OPTIONS_INIT;
    chc_position_startpos(&pos);
    o.size = 100;
    int rc = chc_render_png(&pos, &o, put, &b, &d);
    if (!(chc_build_features() & CHC_FEATURE_PNG)) {
        assert_int_equal(rc, CHC_E_UNSUPPORTED);
        assert_non_null(strstr(d.message, "librsvg2-dev"));
        return;
    }
    assert_int_equal(rc, CHC_OK);
    assert_true(b.len > 33);
    assert_memory_equal(b.data, "\x89PNG\r\n\x1a\n", 8);
    assert_int_equal(be32(b.data + 16), 100); /* IHDR width and height */
    assert_int_equal(be32(b.data + 20), 100);
    b.len = 0, b.fail_after = 50;
    d = (chc_diag)CHC_DIAG_INIT;
    assert_int_equal(chc_render_png(&pos, &o, put, &b, &d), CHC_E_IO);
    o.size = 3;
    assert_int_equal(chc_render_png(&pos, &o, put, &b, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_render_png(&pos, NULL, NULL, &b, NULL), CHC_E_ARGUMENT);
}

static void test_gif(void **state)
{
    (void)state;
    static buf b;
    chc_game *g = chc_game_new();
    chc_diag d = CHC_DIAG_INIT;
    chc_render_options o = CHC_RENDER_OPTIONS_INIT;
    const char *line = "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#";
    assert_int_equal(chc_game_read(line, strlen(line), CHC_FORMAT_AUTO, g, NULL, NULL), CHC_OK);
    o.size = 96;
    int rc = chc_render_gif(g, (size_t)-1, &o, 200, put, &b, &d);
    if (!(chc_build_features() & CHC_FEATURE_GIF)) {
        assert_int_equal(rc, CHC_E_UNSUPPORTED);
        assert_non_null(strstr(d.message, "libgif-dev"));
        chc_game_free(g);
        return;
    }
    assert_int_equal(rc, CHC_OK);
    assert_memory_equal(b.data, "GIF89a", 6);
    assert_int_equal(b.data[6] | b.data[7] << 8, 96);       /* width */
    assert_int_equal(b.data[8] | b.data[9] << 8, 96 + 2 * 12); /* height: board and bands */
    assert_int_equal(b.data[b.len - 1], 0x3B);                 /* the trailer */
    size_t whole = b.len;
    b.len = 0;
    assert_int_equal(chc_render_gif(g, 2, &o, 200, put, &b, NULL), CHC_OK);
    assert_true(b.len < whole); /* fewer frames */
    assert_int_equal(chc_game_cursor(g), chc_game_ply_count(g)); /* g unchanged */
    b.len = 0, b.fail_after = 2000;
    d = (chc_diag)CHC_DIAG_INIT;
    assert_int_equal(chc_render_gif(g, (size_t)-1, &o, 200, put, &b, &d), CHC_E_IO);
    assert_int_equal(chc_render_gif(g, (size_t)-1, &o, 5, put, &b, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_render_gif(NULL, 0, &o, 200, put, &b, NULL), CHC_E_ARGUMENT);
    o.size = 9000;
    assert_int_equal(chc_render_gif(g, 0, &o, 200, put, &b, NULL), CHC_E_ARGUMENT);
    chc_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_png),
        cmocka_unit_test(test_gif),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
