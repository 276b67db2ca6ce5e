/* chc_render_svg: the picture is parsed by a small XML checker written here (well-formed:
 * tags nest and close, attributes quoted, entities none but the five), then read back: the
 * viewBox, 64 squares, and the right piece on every square for 50 positions of the perft
 * suite, both orientations; highlights, arrows, marks, themes, sizes; buffer-too-small and
 * bad arguments. Also chc_render_annotations_read. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a small XML reader: elements with their attributes and parent ---------------------- */
#define X_MAX_EL 1024
#define X_MAX_ATTR 12
typedef struct x_el {
    char name[24];
    int parent, nattr;
    char attr[X_MAX_ATTR][2][96]; /* name, value (cut to 95 characters) */
} x_el;
typedef struct x_doc {
    x_el el[X_MAX_EL];
    int n;
} x_doc;

static int x_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '-' || c == ':' || c == '_' || c == '.';
}

/* Parses text into doc. Returns NULL when well-formed, else why. */
static const char *x_parse(const char *s, x_doc *doc)
{
    int stack[64], depth = 0, roots = 0;
    doc->n = 0;
    while (*s) {
        if (*s != '<') {
            if (*s == '&' && strncmp(s, "&amp;", 5) && strncmp(s, "&lt;", 4) && strncmp(s, "&gt;", 4) &&
                strncmp(s, "&quot;", 6) && strncmp(s, "&apos;", 6))
                return "a bare &";
            if (*s == '>') return "a bare >";
            if (!depth && *s != '\n' && *s != ' ') return "text outside the root";
            s++;
            continue;
        }
        s++;
        if (*s == '/') { /* a closing tag */
            s++;
            const char *n = s;
            while (x_name_char(*s)) s++;
            if (!depth) return "a closing tag without an opening one";
            x_el *open = &doc->el[stack[depth - 1]];
            if ((size_t)(s - n) != strlen(open->name) || strncmp(n, open->name, (size_t)(s - n)))
                return "a closing tag that does not match";
            if (*s++ != '>') return "a closing tag not closed";
            depth--;
            continue;
        }
        if (doc->n == X_MAX_EL) return "too many elements";
        x_el *e = &doc->el[doc->n];
        memset(e, 0, sizeof *e);
        e->parent = depth ? stack[depth - 1] : -1;
        const char *n = s;
        while (x_name_char(*s)) s++;
        if (s == n || (size_t)(s - n) >= sizeof e->name) return "a bad element name";
        memcpy(e->name, n, (size_t)(s - n));
        if (!depth && roots++) return "two roots";
        for (;;) {
            while (*s == ' ' || *s == '\n') s++;
            if (*s == '>' || (s[0] == '/' && s[1] == '>')) break;
            n = s;
            while (x_name_char(*s)) s++;
            if (s == n || s[0] != '=' || s[1] != '"') return "a bad attribute";
            if (e->nattr == X_MAX_ATTR) return "too many attributes";
            for (int k = 0; k < e->nattr; k++)
                if (strlen(e->attr[k][0]) == (size_t)(s - n) && !strncmp(e->attr[k][0], n, (size_t)(s - n)))
                    return "a repeated attribute";
            snprintf(e->attr[e->nattr][0], 96, "%.*s", (int)(s - n), n);
            s += 2;
            const char *v = s;
            while (*s && *s != '"' && *s != '<') s++;
            if (*s != '"') return "an attribute value not closed";
            snprintf(e->attr[e->nattr++][1], 96, "%.*s", (int)(s - v), v);
            s++;
        }
        int idx = doc->n++;
        if (*s == '/') {
            s += 2;
        } else {
            s++;
            if (depth == 64) return "too deep";
            stack[depth++] = idx;
        }
    }
    if (depth) return "an element not closed";
    return roots == 1 ? NULL : "no root";
}

static const char *x_attr(const x_el *e, const char *name)
{
    for (int k = 0; k < e->nattr; k++)
        if (!strcmp(e->attr[k][0], name)) return e->attr[k][1];
    return NULL;
}

static int x_count(const x_doc *d, const char *name, const char *class_)
{
    int n = 0;
    for (int i = 0; i < d->n; i++)
        if (!strcmp(d->el[i].name, name) &&
            (!class_ || (d->el[i].parent >= 0 && x_attr(&d->el[d->el[i].parent], "class") &&
                         !strcmp(x_attr(&d->el[d->el[i].parent], "class"), class_))))
            n++;
    return n;
}

/* ---- helpers --------------------------------------------------------------------------- */
static x_doc doc;
static char svg[CHC_RENDER_SVG_MAX];

static void render(const chc_position *pos, const chc_render_options *o)
{
    size_t len = 0;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_render_svg(pos, o, svg, sizeof svg, &len, &d);
    if (rc != CHC_OK) fail_msg("chc_render_svg: %d %s", rc, d.message);
    assert_int_equal(len, strlen(svg));
    const char *why = x_parse(svg, &doc);
    if (why) fail_msg("not well-formed: %s\n%s", why, svg);
    assert_string_equal(doc.el[0].name, "svg");
    assert_string_equal(x_attr(&doc.el[0], "viewBox"), "0 0 360 360");
    assert_string_equal(x_attr(&doc.el[0], "xmlns"), "http://www.w3.org/2000/svg");
    assert_null(strstr(svg, "<image"));
    assert_null(strstr(svg, "@import"));
}

/* The board the picture shows (pieces from the <use> elements), in board[] form. */
static void board_of_picture(int flip, uint8_t board[64])
{
    memset(board, 0, 64);
    for (int i = 0; i < doc.n; i++) {
        const x_el *e = &doc.el[i];
        if (strcmp(e->name, "use")) continue;
        const char *href = x_attr(e, "xlink:href");
        assert_non_null(href);
        assert_int_equal(strlen(href), 3);
        assert_true(href[0] == '#' && (href[1] == 'w' || href[1] == 'b'));
        const char *types = "PNBRQK", *t = strchr(types, href[2]);
        assert_non_null(t);
        /* the piece is defined in <defs> */
        int defined = 0;
        for (int k = 0; k < doc.n; k++)
            if (!strcmp(doc.el[k].name, "g") && x_attr(&doc.el[k], "id") &&
                !strcmp(x_attr(&doc.el[k], "id"), href + 1) &&
                !strcmp(doc.el[doc.el[k].parent].name, "defs"))
                defined++;
        assert_int_equal(defined, 1);
        int x = atoi(x_attr(e, "x")), y = atoi(x_attr(e, "y"));
        assert_true(x % 45 == 0 && y % 45 == 0 && x >= 0 && x < 360 && y >= 0 && y < 360);
        int col = x / 45, row = y / 45;
        int sq = flip ? CHC_SQUARE(7 - col, row) : CHC_SQUARE(col, 7 - row);
        assert_int_equal(board[sq], 0);
        board[sq] = CHC_PIECE(href[1] == 'b', (int)(t - types) + 1);
    }
}

/* ---- tests ----------------------------------------------------------------------------- */
static void test_fifty_positions(void **state)
{
    (void)state;
    size_t len;
    char *text = tu_read_file(tu_data_path("core/standard.epd"), &len);
    assert_non_null(text);
    int n = 0;
    for (char *line = strtok(text, "\n"); line && n < 50; line = strtok(NULL, "\n")) {
        char *semi = strchr(line, ';');
        if (semi) *semi = 0;
        chc_position pos;
        tu_pos(&pos, line);
        for (int flip = 0; flip < 2; flip++) {
            chc_render_options o = CHC_RENDER_OPTIONS_INIT;
            o.flip = flip;
            render(&pos, &o);
            assert_int_equal(x_count(&doc, "rect", "light"), 32);
            assert_int_equal(x_count(&doc, "rect", "dark"), 32);
            /* a1 is dark: bottom left unflipped, top right flipped */
            int a1_dark = 0;
            for (int i = 0; i < doc.n; i++)
                if (!strcmp(doc.el[i].name, "rect") && x_attr(&doc.el[doc.el[i].parent], "class") &&
                    !strcmp(x_attr(&doc.el[doc.el[i].parent], "class"), "dark") &&
                    atoi(x_attr(&doc.el[i], "x")) == (flip ? 315 : 0) &&
                    atoi(x_attr(&doc.el[i], "y")) == (flip ? 0 : 315))
                    a1_dark = 1;
            assert_true(a1_dark);
            uint8_t board[64];
            board_of_picture(flip, board);
            assert_memory_equal(board, pos.board, 64);
            /* one <defs> entry per piece kind on the board, no more */
            int kinds = 0, defs = 0;
            for (int p = 1; p < 16; p++)
                for (int sq = 0; sq < 64; sq++)
                    if (pos.board[sq] == p) {
                        kinds++;
                        break;
                    }
            for (int i = 0; i < doc.n; i++)
                if (doc.el[i].parent >= 0 && !strcmp(doc.el[doc.el[i].parent].name, "defs") &&
                    !strcmp(doc.el[i].name, "g"))
                    defs++;
            assert_int_equal(defs, kinds);
            assert_int_equal(x_count(&doc, "defs", NULL), 1);
            assert_int_equal(x_count(&doc, "text", "coords"), 16);
        }
        n++;
    }
    assert_int_equal(n, 50);
    free(text);
}

static void test_highlights(void **state)
{
    (void)state;
    chc_position pos;
    /* Fool's mate: White is mated; the last move Qh4 (d8-h4) */
    tu_pos(&pos, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    chc_render_options o = CHC_RENDER_OPTIONS_INIT;
    chc_move arrows[2] = {CHC_MAKE_MOVE(CHC_SQUARE(4, 1), CHC_SQUARE(4, 3), 0, 0),
                          CHC_MAKE_MOVE(CHC_SQUARE(6, 0), CHC_SQUARE(5, 2), 0, 0)};
    o.last_move = CHC_MAKE_MOVE(CHC_SQUARE(3, 7), CHC_SQUARE(7, 3), 0, 0);
    o.arrows = arrows;
    o.n_arrows = 2;
    o.marks = (chc_bitboard)1 << CHC_SQUARE(4, 3) | (chc_bitboard)1 << CHC_SQUARE(3, 4);
    o.coords = 0;
    o.size = 512;
    render(&pos, &o);
    assert_string_equal(x_attr(&doc.el[0], "width"), "512");
    assert_string_equal(x_attr(&doc.el[0], "height"), "512");
    assert_int_equal(x_count(&doc, "rect", "last-move"), 2);
    assert_int_equal(x_count(&doc, "circle", "marks"), 2);
    assert_int_equal(x_count(&doc, "line", "arrows"), 2);
    assert_int_equal(x_count(&doc, "text", NULL), 0);
    assert_int_equal(x_count(&doc, "marker", NULL), 1);
    assert_int_equal(x_count(&doc, "radialGradient", NULL), 1);
    /* the check gradient is on e1 (x 180, y 315) */
    int found = 0;
    for (int i = 0; i < doc.n; i++)
        if (x_attr(&doc.el[i], "class") && !strcmp(x_attr(&doc.el[i], "class"), "check")) {
            assert_string_equal(x_attr(&doc.el[i], "x"), "180");
            assert_string_equal(x_attr(&doc.el[i], "y"), "315");
            assert_string_equal(x_attr(&doc.el[i], "fill"), "url(#check)");
            found++;
        }
    assert_int_equal(found, 1);
    /* the e2e4 arrow starts at e2's centre and ends short of e4's, on the same file */
    for (int i = 0; i < doc.n; i++)
        if (!strcmp(doc.el[i].name, "line")) {
            assert_string_equal(x_attr(&doc.el[i], "x1"), "202");
            assert_string_equal(x_attr(&doc.el[i], "y1"), "292");
            assert_string_equal(x_attr(&doc.el[i], "x2"), "202");
            assert_int_equal(atoi(x_attr(&doc.el[i], "y2")), 202 + 7);
            break;
        }
    /* no check, no arrows: neither gradient nor marker; the dark theme's colours */
    chc_position_startpos(&pos);
    o = (chc_render_options)CHC_RENDER_OPTIONS_INIT;
    o.theme = CHC_RENDER_THEME_DARK;
    render(&pos, &o);
    assert_int_equal(x_count(&doc, "radialGradient", NULL), 0);
    assert_int_equal(x_count(&doc, "marker", NULL), 0);
    assert_non_null(strstr(svg, "fill=\"#4a5363\""));
    assert_null(strstr(svg, "#b58863"));
    /* NULL options: the defaults */
    chc_render_options_init(&o);
    size_t a = 0, b = 0;
    assert_int_equal(chc_render_svg(&pos, &o, svg, sizeof svg, &a, NULL), CHC_OK);
    char *copy = strdup(svg);
    assert_int_equal(chc_render_svg(&pos, NULL, svg, sizeof svg, &b, NULL), CHC_OK);
    assert_int_equal(a, b);
    assert_string_equal(copy, svg);
    free(copy);
}

static void test_buffer_and_arguments(void **state)
{
    (void)state;
    chc_position pos;
    chc_position_startpos(&pos);
    size_t need = 0, len = 0;
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(chc_render_svg(&pos, NULL, NULL, 0, &need, NULL), CHC_E_BUFFER_TOO_SMALL);
    assert_true(need > 1000);
    char small[100];
    assert_int_equal(chc_render_svg(&pos, NULL, small, sizeof small, &len, &d), CHC_E_BUFFER_TOO_SMALL);
    assert_string_equal(small, "");
    assert_int_equal(len, need);
    assert_int_equal(d.code, CHC_E_BUFFER_TOO_SMALL);
    char *exact = malloc(need + 1);
    assert_int_equal(chc_render_svg(&pos, NULL, exact, need, &len, NULL), CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(chc_render_svg(&pos, NULL, exact, need + 1, &len, NULL), CHC_OK);
    assert_int_equal(strlen(exact), need);
    free(exact);

    chc_render_options o = CHC_RENDER_OPTIONS_INIT;
    chc_move arrows[CHC_RENDER_MAX_ARROWS + 1];
    for (int i = 0; i <= CHC_RENDER_MAX_ARROWS; i++) arrows[i] = CHC_MAKE_MOVE(i % 64, (i + 9) % 64, 0, 0);
    struct {
        int size, theme;
        size_t n;
        const chc_move *arrows;
    } bad[] = {{15, 0, 0, NULL}, {8193, 0, 0, NULL}, {-1, 0, 0, NULL}, {0, 2, 0, NULL},
               {0, -1, 0, NULL}, {0, 0, 1, NULL}, {0, 0, CHC_RENDER_MAX_ARROWS + 1, arrows}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        o.size = bad[i].size;
        o.theme = bad[i].theme;
        o.n_arrows = bad[i].n;
        o.arrows = bad[i].arrows;
        d = (chc_diag)CHC_DIAG_INIT;
        assert_int_equal(chc_render_svg(&pos, &o, svg, sizeof svg, NULL, &d), CHC_E_ARGUMENT);
        assert_int_equal(d.code, CHC_E_ARGUMENT);
        assert_true(d.message[0] != 0);
    }
    o = (chc_render_options)CHC_RENDER_OPTIONS_INIT;
    chc_move same = CHC_MAKE_MOVE(12, 12, 0, 0);
    o.arrows = &same;
    o.n_arrows = 1;
    assert_int_equal(chc_render_svg(&pos, &o, svg, sizeof svg, NULL, &d), CHC_E_ARGUMENT);
    assert_int_equal(d.index, 0);
    assert_int_equal(chc_render_svg(NULL, NULL, svg, sizeof svg, NULL, NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_render_svg(&pos, NULL, NULL, 10, NULL, NULL), CHC_E_ARGUMENT);

    /* the worst case fits CHC_RENDER_SVG_MAX: 64 pieces of every kind, every square marked,
     * the most arrows, a check and a last move; bytes that are no piece are drawn empty */
    chc_position full = pos;
    for (int sq = 0; sq < 64; sq++) full.board[sq] = (uint8_t)CHC_PIECE(sq & 1, 1 + sq % 6);
    full.checkers = 1;
    full.side = CHC_WHITE;
    full.king_sq[0] = 5;
    full.board[5] = CHC_PIECE(CHC_WHITE, CHC_KING);
    o = (chc_render_options)CHC_RENDER_OPTIONS_INIT;
    o.size = CHC_RENDER_SIZE_MAX;
    o.marks = ~(chc_bitboard)0;
    o.arrows = arrows;
    o.n_arrows = CHC_RENDER_MAX_ARROWS;
    o.last_move = CHC_MAKE_MOVE(63, 0, 0, 0);
    render(&full, &o);
    assert_true(strlen(svg) < CHC_RENDER_SVG_MAX);
    full.board[0] = 7;
    full.board[1] = 0x1f;
    full.board[2] = 0xff;
    full.king_sq[0] = 200;
    render(&full, &o);
    assert_int_equal(x_count(&doc, "use", NULL), 61);
    assert_int_equal(x_count(&doc, "rect", NULL) - 64 - 2, 0); /* no check: its king square is bad */
}

static void test_annotations_read(void **state)
{
    (void)state;
    chc_move arrows[4];
    size_t n = 99;
    chc_bitboard marks = 0;
    chc_diag d = CHC_DIAG_INIT;
    const char *t = "e2e4, g1f3 ,e4,h8";
    assert_int_equal(chc_render_annotations_read(t, strlen(t), arrows, 4, &n, &marks, &d), CHC_OK);
    assert_int_equal(n, 2);
    assert_int_equal(arrows[0], CHC_MAKE_MOVE(12, 28, 0, 0));
    assert_int_equal(arrows[1], CHC_MAKE_MOVE(6, 21, 0, 0));
    assert_true(marks == ((chc_bitboard)1 << 28 | (chc_bitboard)1 << 63));
    assert_int_equal(chc_render_annotations_read("", 0, arrows, 4, &n, NULL, NULL), CHC_OK);
    assert_int_equal(n, 0);
    const char *bad[] = {"e9", "e2e2", "e2e4,", ",e4", "e4,,d5", "e2 e4", "e2e4e6", "E4", "x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        d = (chc_diag)CHC_DIAG_INIT;
        assert_int_equal(chc_render_annotations_read(bad[i], strlen(bad[i]), arrows, 4, &n, &marks, &d),
                         CHC_E_MOVE_SYNTAX);
        assert_true(d.message[0] != 0);
    }
    assert_int_equal(chc_render_annotations_read("a1a2,a1a3", 9, arrows, 1, &n, NULL, &d), CHC_E_LIMIT);
    assert_int_equal(d.index, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fifty_positions),
        cmocka_unit_test(test_highlights),
        cmocka_unit_test(test_buffer_and_arguments),
        cmocka_unit_test(test_annotations_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
