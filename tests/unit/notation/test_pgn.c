/* The PGN reader and writer, the game model and outcomes:
 *  - the edge-case corpora tests/data/notation/pgn-valid.txt (tricky but valid snippets with
 *    their expected parse) and pgn-malformed.txt (bad games with their expected error, the
 *    next game still read);
 *  - real-world files read without error (only variant games refused);
 *  - round trip: read -> write -> read gives the same game, for every test game;
 *  - streaming: a reader fed one byte at a time reads the same games;
 *  - outcomes: mate, stalemate, insufficient material, 50/75 moves, threefold/fivefold. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ------------------------------------------------------------------------- */
static void mainline_uci(const chc_game *g, char *out, size_t cap)
{
    chc_position pos = *chc_game_start(g);
    size_t len = 0;
    out[0] = 0;
    for (size_t i = 0; i < chc_game_ply_count(g); i++) {
        chc_move m = chc_game_move(g, i);
        char u[CHC_UCI_MAX];
        if (m == CHC_MOVE_NULL)
            strcpy(u, "0000");
        else
            chc_move_to_uci(&pos, m, u);
        len += (size_t)snprintf(out + len, cap - len, "%s%s", len ? " " : "", u);
        chc_undo un;
        if (m == CHC_MOVE_NULL)
            chc_make_null(&pos, &un);
        else
            chc_make_move(&pos, m, &un);
        assert_true(len < cap);
    }
}

static const struct {
    const char *name;
    int code;
} codes[] = {
    {"MOVE_SYNTAX", CHC_E_MOVE_SYNTAX},   {"MOVE_ILLEGAL", CHC_E_MOVE_ILLEGAL},
    {"MOVE_AMBIGUOUS", CHC_E_MOVE_AMBIGUOUS}, {"PGN_SYNTAX", CHC_E_PGN_SYNTAX},
    {"PGN_VARIANT", CHC_E_PGN_VARIANT},   {"PGN_FEN", CHC_E_PGN_FEN},
    {"LIMIT", CHC_E_LIMIT},
};

static int code_of(const char *name)
{
    for (size_t i = 0; i < sizeof codes / sizeof *codes; i++)
        if (strcmp(codes[i].name, name) == 0) return codes[i].code;
    fail_msg("unknown code name %s", name);
    return -1;
}

/* A corpus case: name, text, expectation lines. */
typedef struct kase {
    char name[128];
    char *text;
    char *expect;
} kase;

/* Splits a corpus file into cases (pointers into the buffer, which is modified). */
static int split_cases(char *buf, kase *out, int max)
{
    char *marks[256];
    int n = 0;
    if (strncmp(buf, "=== ", 4) == 0) marks[n++] = buf;
    for (char *p = buf; (p = strstr(p, "\n=== ")) != NULL; p++) {
        assert_true(n < 256 && n < max);
        marks[n++] = p + 1;
    }
    for (int i = 0; i < n; i++) {
        if (i + 1 < n) marks[i + 1][-1] = 0; /* ends case i (its last line end is dropped) */
    }
    for (int i = 0; i < n; i++) {
        char *p = marks[i];
        char *nl = strchr(p, '\n');
        assert_non_null(nl);
        *nl = 0;
        snprintf(out[i].name, sizeof out[i].name, "%s", p + 4);
        out[i].text = nl + 1;
        char *ex = strstr(nl + 1, "\n--- expect\n");
        assert_non_null(ex);
        ex[1] = 0;
        out[i].expect = ex + 12;
    }
    return n;
}

/* A case whose name says CRLF gets CRLF line ends. */
static char *case_text(const kase *k, size_t *len)
{
    size_t n = strlen(k->text);
    char *t = malloc(2 * n + 1);
    size_t o = 0;
    int crlf = strstr(k->name, "CRLF") != NULL;
    for (size_t i = 0; i < n; i++) {
        if (crlf && k->text[i] == '\n') t[o++] = '\r';
        t[o++] = k->text[i];
    }
    t[o] = 0;
    *len = o;
    return t;
}

static char *load(const char *rel, size_t *len)
{
    char *t = tu_read_file(tu_data_path(rel), len);
    if (!t) fail_msg("cannot read %s", rel);
    return t;
}

/* ---- corpora ---------------------------------------------------------------------------- */
static void check_valid_case(const kase *k)
{
    size_t len;
    char *text = case_text(k, &len);
    chc_pgn_reader *r = chc_pgn_reader_new_mem(text, len, 0, 1, 1);
    chc_game *g = chc_game_new();
    chc_diag d;
    int rc = chc_pgn_read_game(r, g, &d);
    if (rc != CHC_OK) fail_msg("[%s] %s", k->name, d.message);
    char buf[4096];
    char *ex = strdup(k->expect);
    for (char *save = NULL, *line = strtok_r(ex, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (strncmp(line, "moves:", 6) == 0) {
            const char *want = line + 6;
            while (*want == ' ') want++;
            mainline_uci(g, buf, sizeof buf);
            if (strcmp(buf, want) != 0) fail_msg("[%s] moves '%s', want '%s'", k->name, buf, want);
        } else if (strncmp(line, "result: ", 8) == 0) {
            const char *got = chc_result_string(chc_game_result(g));
            if (strcmp(got, line + 8) != 0) fail_msg("[%s] result %s, want %s", k->name, got, line + 8);
        } else if (strncmp(line, "tag ", 4) == 0) {
            char *colon = strstr(line, ": ");
            *colon = 0;
            const char *v = chc_game_tag(g, line + 4);
            if (!v || strcmp(v, colon + 2) != 0)
                fail_msg("[%s] tag %s '%s', want '%s'", k->name, line + 4, v ? v : "(none)", colon + 2);
        } else if (strncmp(line, "comment ", 8) == 0 || strncmp(line, "before ", 7) == 0) {
            int before = line[0] == 'b';
            char *end;
            long ply = strtol(line + (before ? 7 : 8), &end, 10);
            uint32_t node = ply == 0 ? CHC_GAME_ROOT : chc_game_mainline_node(g, (size_t)ply - 1);
            const char *c = chc_game_node_comment(g, node, before);
            if (!c || strcmp(c, end + 2) != 0)
                fail_msg("[%s] comment %ld '%s', want '%s'", k->name, ply, c ? c : "(none)", end + 2);
        } else if (strncmp(line, "nags ", 5) == 0) {
            char *end;
            long ply = strtol(line + 5, &end, 10);
            uint8_t nags[CHC_GAME_MAX_NAGS];
            size_t n = chc_game_node_nags(g, chc_game_mainline_node(g, (size_t)ply - 1), nags);
            size_t o = 0;
            buf[0] = 0;
            for (size_t i = 0; i < n; i++) o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%u", i ? " " : "", nags[i]);
            if (strcmp(buf, end + 2) != 0) fail_msg("[%s] nags %ld '%s', want '%s'", k->name, ply, buf, end + 2);
        } else if (strncmp(line, "nodes: ", 7) == 0) {
            long want = atol(line + 7);
            if ((long)chc_game_node_count(g) - 1 != want)
                fail_msg("[%s] %ld nodes, want %ld", k->name, (long)chc_game_node_count(g) - 1, want);
        } else if (strncmp(line, "fen: ", 5) == 0) {
            chc_position pos;
            chc_game_position(g, chc_game_ply_count(g), &pos);
            chc_position_to_fen(&pos, buf, sizeof buf, 0);
            if (strcmp(buf, line + 5) != 0) fail_msg("[%s] fen '%s', want '%s'", k->name, buf, line + 5);
        } else if (strncmp(line, "games: ", 7) == 0) {
            long want = atol(line + 7), got = 1;
            while ((rc = chc_pgn_read_game(r, g, &d)) == CHC_OK) got++;
            if (rc != CHC_E_GAME_END) fail_msg("[%s] later game: %s", k->name, d.message);
            if (got != want) fail_msg("[%s] %ld games, want %ld", k->name, got, want);
            /* Re-read the first game for the other checks. */
            chc_pgn_reader_free(r);
            r = chc_pgn_reader_new_mem(text, len, 0, 1, 1);
            assert_int_equal(chc_pgn_read_game(r, g, &d), CHC_OK);
        } else {
            fail_msg("[%s] bad expectation '%s'", k->name, line);
        }
    }
    free(ex);
    chc_game_free(g);
    chc_pgn_reader_free(r);
    free(text);
}

static void test_pgn_valid_corpus(void **state)
{
    (void)state;
    size_t len;
    char *buf = load("notation/pgn-valid.txt", &len);
    static kase cases[200];
    int n = split_cases(buf, cases, 200);
    printf("%d valid cases\n", n);
    assert_true(n >= 40);
    for (int i = 0; i < n; i++) check_valid_case(&cases[i]);
    free(buf);
}

static void test_pgn_malformed_corpus(void **state)
{
    (void)state;
    size_t len;
    char *buf = load("notation/pgn-malformed.txt", &len);
    static kase cases[200];
    int n = split_cases(buf, cases, 200);
    printf("%d malformed cases\n", n);
    assert_true(n >= 40);
    for (int i = 0; i < n; i++) {
        kase *k = &cases[i];
        size_t tl;
        char *text = case_text(k, &tl);
        char name[64] = "";
        long line = 0, col = 0;
        char next[1024] = "";
        char *e = strstr(k->expect, "error: ");
        assert_non_null(e);
        int got_fields = sscanf(e + 7, "%63s %ld %ld", name, &line, &col);
        assert_true(got_fields >= 2);
        char *nx = strstr(k->expect, "next: ");
        assert_non_null(nx);
        sscanf(nx + 6, "%1023[^\n]", next);
        chc_pgn_reader *r = chc_pgn_reader_new_mem(text, tl, 0, 1, 1);
        chc_game *g = chc_game_new();
        chc_diag d;
        memset(&d, 0, sizeof d);
        int rc = chc_pgn_read_game(r, g, &d);
        if (rc != code_of(name))
            fail_msg("[%s] code %d (%s), want %s", k->name, rc, rc ? d.message : "ok", name);
        if (d.line != line) fail_msg("[%s] line %ld, want %ld (%s)", k->name, d.line, line, d.message);
        if (got_fields == 3 && d.column != col)
            fail_msg("[%s] column %ld, want %ld (%s)", k->name, d.column, col, d.message);
        /* The message names the game and where. */
        if (!strstr(d.message, "game 1")) fail_msg("[%s] message '%s'", k->name, d.message);
        rc = chc_pgn_read_game(r, g, &d);
        if (rc != CHC_OK) fail_msg("[%s] next game: %s", k->name, d.message);
        char buf2[1024];
        mainline_uci(g, buf2, sizeof buf2);
        if (strcmp(buf2, next) != 0) fail_msg("[%s] next game '%s', want '%s'", k->name, buf2, next);
        assert_int_equal(chc_pgn_reader_game_number(r), 2);
        assert_int_equal(chc_pgn_read_game(r, g, &d), CHC_E_GAME_END);
        chc_game_free(g);
        chc_pgn_reader_free(r);
        free(text);
    }
    free(buf);
}

/* ---- game equality (for round trips) --------------------------------------------------- */
static void same_subtree(const chc_game *a, uint32_t na, const chc_game *b, uint32_t nb, const char *what)
{
    if (chc_game_node_move(a, na) != chc_game_node_move(b, nb)) fail_msg("%s: moves differ", what);
    for (int before = 0; before < 2; before++) {
        const char *ca = chc_game_node_comment(a, na, before), *cb = chc_game_node_comment(b, nb, before);
        if ((ca == NULL) != (cb == NULL) || (ca && strcmp(ca, cb) != 0))
            fail_msg("%s: comments differ: '%s' / '%s'", what, ca ? ca : "(none)", cb ? cb : "(none)");
    }
    uint8_t x[CHC_GAME_MAX_NAGS], y[CHC_GAME_MAX_NAGS];
    size_t nx = chc_game_node_nags(a, na, x), ny = chc_game_node_nags(b, nb, y);
    if (nx != ny || memcmp(x, y, nx) != 0) fail_msg("%s: NAGs differ", what);
    size_t ca = chc_game_node_child_count(a, na);
    if (ca != chc_game_node_child_count(b, nb)) fail_msg("%s: variations differ", what);
    for (size_t i = 0; i < ca; i++)
        same_subtree(a, chc_game_node_child(a, na, i), b, chc_game_node_child(b, nb, i), what);
}

static void same_game(const chc_game *a, const chc_game *b, const char *what)
{
    if (!chc_position_same(chc_game_start(a), chc_game_start(b))) fail_msg("%s: start differs", what);
    if (chc_game_result(a) != chc_game_result(b)) fail_msg("%s: result differs", what);
    for (size_t i = 0; i < chc_game_tag_count(a); i++) {
        const char *name = chc_game_tag_name(a, i);
        if (strcmp(name, "Result") == 0) continue;
        const char *v = chc_game_tag(b, name);
        if (!v || strcmp(v, chc_game_tag_value(a, i)) != 0) fail_msg("%s: tag %s differs", what, name);
    }
    same_subtree(a, CHC_GAME_ROOT, b, CHC_GAME_ROOT, what);
}

/* Reads every game of a file; each must be accepted (variant games excepted when allowed),
 * and read -> write -> read must give the same game. Returns the games read. */
static long round_trip_file(const char *rel, int variants_allowed, long limit)
{
    size_t len;
    char *text = load(rel, &len);
    chc_pgn_reader *r = chc_pgn_reader_new_mem(text, len, 0, 1, 1);
    chc_game *g = chc_game_new(), *h = chc_game_new();
    size_t cap = 1 << 16;
    char *out = malloc(cap);
    chc_diag d;
    int rc;
    long games = 0, refused = 0;
    while ((rc = chc_pgn_read_game(r, g, &d)) != CHC_E_GAME_END) {
        if (rc == CHC_E_PGN_VARIANT && variants_allowed) {
            refused++;
            continue;
        }
        if (rc != CHC_OK) fail_msg("%s: %s", rel, d.message);
        size_t n = 0;
        if (chc_pgn_write(g, 0, out, cap, &n, NULL) == CHC_E_BUFFER_TOO_SMALL) {
            cap = n + 1;
            out = realloc(out, cap);
            assert_int_equal(chc_pgn_write(g, 0, out, cap, &n, NULL), CHC_OK);
        }
        assert_int_equal(strlen(out), n);
        /* Export format: no line longer than 80 columns outside the tags. */
        for (char *l = out; *l;) {
            char *e = strchr(l, '\n');
            size_t ll = e ? (size_t)(e - l) : strlen(l);
            if (l[0] != '[' && ll > 80) fail_msg("%s: line of %zu columns", rel, ll);
            l += ll + (e ? 1 : 0);
        }
        chc_pgn_reader *r2 = chc_pgn_reader_new_mem(out, n, 0, 1, 1);
        rc = chc_pgn_read_game(r2, h, &d);
        if (rc != CHC_OK) fail_msg("%s game %ld: written game does not read: %s\n%s", rel, games + 1, d.message, out);
        char what[256];
        snprintf(what, sizeof what, "%s game %ld", rel, games + 1);
        same_game(g, h, what);
        /* Writing again gives the same text. */
        char *again = malloc(n + 1);
        size_t n2 = 0;
        assert_int_equal(chc_pgn_write(h, 0, again, n + 1, &n2, NULL), CHC_OK);
        assert_int_equal(n2, n);
        if (strcmp(again, out) != 0) fail_msg("%s: second write differs", what);
        free(again);
        assert_int_equal(chc_pgn_read_game(r2, h, &d), CHC_E_GAME_END);
        chc_pgn_reader_free(r2);
        games++;
        if (limit && games >= limit) break;
    }
    printf("%s: %ld games round-tripped, %ld variant games refused\n", rel, games, refused);
    free(out);
    chc_game_free(g);
    chc_game_free(h);
    chc_pgn_reader_free(r);
    free(text);
    return games;
}

static void test_pgn_round_trip(void **state)
{
    (void)state;
    int small = tu_sanitized();
    assert_true(round_trip_file("notation/lichess-20k.pgn.xz", 0, small ? 300 : 0) >= 300);
    assert_true(round_trip_file("notation/lichess-raw-magnus-2500.pgn.xz", 1, small ? 300 : 0) >= 300);
    assert_int_equal(round_trip_file("notation/chess960-466.pgn.xz", 0, 0), 466);
}

static void test_pgn_fixtures(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        long games;
        int variants;
    } fx[] = {
        {"anastasian-lewis.pgn", 1, 0},        {"antichess-programfox.pgn", 0, 1},
        {"chessbase-empty-line.pgn", 1, 0},    {"chessjs_benchmark_lichess100.pgn", 100, 0},
        {"cutechess-fischerrandom.pgn", 4, 0}, {"kasparov-deep-blue-1997.pgn", 6, 0},
        {"knightvuillaume-jannlee-zh-lichess.pgn", 0, 1},
        {"lichess-2025-05-clocks.pgn.xz", 438, 0}, {"molinari-bordais-1979.pgn", 1, 0},
        {"nepomniachtchi-liren-game1.pgn", 1, 0}, {"saturs-jannlee-zh-lichess.pgn", 0, 1},
        {"stockfish-learning.pgn", 1, 0},      {"twic1599-otb.pgn.xz", 1110, 0},
        {"uci-moves.pgn", 1, 0},               {"utf8-bom.pgn", 2, 0},
    };
    for (size_t i = 0; i < sizeof fx / sizeof *fx; i++) {
        char rel[256];
        snprintf(rel, sizeof rel, "notation/fixtures/%s", fx[i].file);
        long n = round_trip_file(rel, fx[i].variants, 0);
        if (n != fx[i].games) fail_msg("%s: %ld games, want %ld", rel, n, fx[i].games);
    }
}

/* ---- streaming ------------------------------------------------------------------------- */
typedef struct trickle {
    const char *p;
    size_t left, step;
} trickle;

static size_t trickle_read(void *ctx, char *buf, size_t cap)
{
    trickle *t = ctx;
    size_t n = t->left < t->step ? t->left : t->step;
    if (n > cap) n = cap;
    memcpy(buf, t->p, n);
    t->p += n;
    t->left -= n;
    t->step = t->step * 7 % 13 + 1; /* vary the chunk size: 1..13 bytes */
    return n;
}

static void test_pgn_streaming(void **state)
{
    (void)state;
    size_t len;
    char *text = load("notation/lichess-raw-magnus-2500.pgn.xz", &len);
    if (tu_sanitized()) {
        /* A prefix is enough: cut after 200 games. */
        chc_pgn_reader *c = chc_pgn_reader_new_mem(text, len, 0, 1, 1);
        const char *t;
        size_t n;
        long ln;
        for (int i = 0; i < 200 && chc_pgn_next_raw(c, &t, &n, &ln) == CHC_OK; i++) len = (size_t)(t + n - text);
        chc_pgn_reader_free(c);
    }
    trickle tr = {text, len, 1};
    chc_pgn_reader *a = chc_pgn_reader_new_mem(text, len, 0, 1, 1);
    chc_pgn_reader *b = chc_pgn_reader_new(trickle_read, &tr, 0);
    chc_game *ga = chc_game_new(), *gb = chc_game_new();
    chc_diag da, db;
    long games = 0;
    for (;;) {
        int ra = chc_pgn_read_game(a, ga, &da), rb = chc_pgn_read_game(b, gb, &db);
        assert_int_equal(ra, rb);
        if (ra == CHC_E_GAME_END) break;
        if (ra == CHC_OK) {
            same_game(ga, gb, "streaming");
        } else {
            assert_string_equal(da.message, db.message);
            assert_int_equal(da.line, db.line);
        }
        games++;
    }
    assert_int_equal(chc_pgn_reader_bytes(b), len);
    printf("%ld games read through a trickling reader\n", games);
    chc_game_free(ga);
    chc_game_free(gb);
    chc_pgn_reader_free(a);
    chc_pgn_reader_free(b);
    free(text);
}

/* Line numbers in diagnostics follow the file. */
static void test_pgn_diag_lines(void **state)
{
    (void)state;
    const char *text = "[Event \"a\"]\n\n1. e4 e5 *\n\n\n[Event \"b\"]\n\n1. e4 e5\n2. Nf3 Nf6 3. Qe7 *\n";
    chc_pgn_reader *r = chc_pgn_reader_new_mem(text, strlen(text), 0, 1, 1);
    chc_game *g = chc_game_new();
    chc_diag d;
    assert_int_equal(chc_pgn_read_game(r, g, &d), CHC_OK);
    assert_int_equal(chc_pgn_read_game(r, g, &d), CHC_E_MOVE_ILLEGAL);
    assert_int_equal(d.line, 9);
    assert_int_equal(d.column, 15);
    assert_int_equal(d.index, 4);
    assert_non_null(strstr(d.message, "game 2"));
    assert_non_null(strstr(d.message, "Qe7"));
    assert_int_equal(chc_game_ply_count(g), 4); /* the game up to the error */
    assert_int_equal(chc_pgn_read_game(r, g, &d), CHC_E_GAME_END);
    chc_game_free(g);
    chc_pgn_reader_free(r);
}

/* ---- writer details ----------------------------------------------------------------------- */
static void test_pgn_writer(void **state)
{
    (void)state;
    const char *in = "[White \"A \\\"B\\\"\"]\n[ECO \"C20\"]\n\n{start} 1. e4 $1 {good} (1. d4 d5) 1... e5 2. Nf3 *\n";
    chc_pgn_reader *r = chc_pgn_reader_new_mem(in, strlen(in), 0, 1, 1);
    chc_game *g = chc_game_new();
    chc_diag d;
    assert_int_equal(chc_pgn_read_game(r, g, &d), CHC_OK);
    char out[2048];
    size_t n = 0;
    assert_int_equal(chc_pgn_write(g, 0, out, sizeof out, &n, NULL), CHC_OK);
    const char *want =
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A \\\"B\\\"\"]\n"
        "[Black \"?\"]\n[Result \"*\"]\n[ECO \"C20\"]\n\n"
        "{start} 1. e4 $1 {good} (1. d4 d5) 1... e5 2. Nf3 *\n\n";
    assert_string_equal(out, want);
    assert_int_equal(n, strlen(want));
    /* Too small a buffer: "" and the length needed. */
    char small[10];
    size_t need = 0;
    assert_int_equal(chc_pgn_write(g, 0, small, sizeof small, &need, NULL), CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(need, n);
    assert_string_equal(small, "");
    /* Options. */
    chc_pgn_write(g, CHC_PGN_WRITE_NO_TAGS | CHC_PGN_WRITE_NO_COMMENTS | CHC_PGN_WRITE_NO_VARIATIONS,
                  out, sizeof out, NULL, NULL);
    assert_string_equal(out, "1. e4 e5 2. Nf3 *\n");
    /* A non-standard start writes SetUp and FEN; black to move gets "N...". */
    chc_position pos;
    tu_pos(&pos, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30");
    chc_game_reset(g, &pos);
    chc_move m;
    assert_int_equal(chc_move_from_san(&pos, "Kd7", &m, NULL), CHC_OK);
    assert_int_equal(chc_game_push(g, m), CHC_OK);
    chc_game_set_result(g, CHC_RESULT_DRAW);
    chc_pgn_write(g, 0, out, sizeof out, NULL, NULL);
    assert_non_null(strstr(out, "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n"));
    assert_non_null(strstr(out, "\n30... Kd7 1/2-1/2\n"));
    assert_non_null(strstr(out, "[Result \"1/2-1/2\"]"));
    /* Long games wrap at 80 columns. */
    chc_game_free(g);
    chc_pgn_reader_free(r);
}

/* ---- the game model API ---------------------------------------------------------------------- */
static void test_game_model(void **state)
{
    (void)state;
    chc_game *g = chc_game_new();
    assert_non_null(g);
    assert_int_equal(chc_game_set_tag(g, "Event", "x"), CHC_OK);
    assert_int_equal(chc_game_set_tag(g, "Event", "y"), CHC_OK);
    assert_int_equal(chc_game_tag_count(g), 1);
    assert_string_equal(chc_game_tag(g, "Event"), "y");
    assert_int_equal(chc_game_set_tag(g, "Event", NULL), CHC_OK);
    assert_null(chc_game_tag(g, "Event"));
    chc_position pos;
    chc_position_startpos(&pos);
    chc_move e4, d4, e5;
    chc_move_from_san(&pos, "e4", &e4, NULL);
    chc_move_from_san(&pos, "d4", &d4, NULL);
    assert_int_equal(chc_game_push(g, e4), CHC_OK);
    assert_int_equal(chc_game_push(g, e4), CHC_E_MOVE_ILLEGAL);
    chc_game_position(g, 1, &pos);
    chc_move_from_san(&pos, "e5", &e5, NULL);
    assert_int_equal(chc_game_push(g, e5), CHC_OK);
    uint32_t v = chc_game_add_move(g, CHC_GAME_ROOT, d4);
    assert_int_not_equal(v, CHC_GAME_NO_NODE);
    assert_int_equal(chc_game_ply_count(g), 2);
    assert_int_equal(chc_game_node_child_count(g, CHC_GAME_ROOT), 2);
    assert_int_equal(chc_game_node_child(g, CHC_GAME_ROOT, 1), v);
    assert_int_equal(chc_game_node_parent(g, v), CHC_GAME_ROOT);
    assert_int_equal(chc_game_add_comment(g, v, 0, "one"), CHC_OK);
    assert_int_equal(chc_game_add_comment(g, v, 0, "two"), CHC_OK);
    assert_string_equal(chc_game_node_comment(g, v, 0), "one two");
    assert_null(chc_game_node_comment(g, v, 1));
    assert_int_equal(chc_game_add_nag(g, v, 3), CHC_OK);
    assert_int_equal(chc_game_add_nag(g, v, 300), CHC_E_ARGUMENT);
    chc_position after;
    assert_int_equal(chc_game_node_position(g, v, &after), CHC_OK);
    assert_int_equal(after.side, CHC_BLACK);
    assert_int_equal(chc_game_position(g, 3, &after), CHC_E_ARGUMENT);
    assert_int_equal(chc_game_move(g, 5), CHC_MOVE_NONE);
    assert_int_equal(chc_game_node_move(g, 999), CHC_MOVE_NONE);
    assert_int_equal(chc_game_add_move(g, 999, d4), CHC_GAME_NO_NODE);
    char out[512];
    chc_pgn_write(g, CHC_PGN_WRITE_NO_TAGS, out, sizeof out, NULL, NULL);
    assert_string_equal(out, "1. e4 (1. d4 $3 {one two}) 1... e5 *\n");
    chc_game_free(g);
    chc_game_free(NULL);
}

/* ---- outcomes ----------------------------------------------------------------------------- */
static int outcome_of(const char *fen)
{
    chc_position pos;
    tu_pos(&pos, fen);
    return chc_position_outcome(&pos);
}

static void test_outcomes(void **state)
{
    (void)state;
    assert_int_equal(outcome_of(CHC_STARTPOS_FEN), CHC_OUTCOME_NONE);
    assert_int_equal(outcome_of("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"), CHC_OUTCOME_CHECKMATE);
    assert_int_equal(outcome_of("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), CHC_OUTCOME_STALEMATE);
    assert_int_equal(outcome_of("8/8/4k3/8/8/3K4/8/8 w - - 0 1"), CHC_OUTCOME_INSUFFICIENT);
    assert_int_equal(outcome_of("8/8/4k3/8/8/3KN3/8/8 w - - 0 1"), CHC_OUTCOME_INSUFFICIENT);
    assert_int_equal(outcome_of("8/8/4k3/8/8/3KB3/8/8 w - - 0 1"), CHC_OUTCOME_INSUFFICIENT);
    assert_int_equal(outcome_of("8/8/4kb2/8/8/3KB3/8/8 w - - 0 1"), CHC_OUTCOME_INSUFFICIENT); /* same colour */
    assert_int_equal(outcome_of("8/8/4k1b1/8/8/3KB3/8/8 w - - 0 1"), CHC_OUTCOME_NONE);        /* opposite */
    assert_int_equal(outcome_of("8/8/4kn2/8/8/3KN3/8/8 w - - 0 1"), CHC_OUTCOME_NONE);
    assert_int_equal(outcome_of("8/8/4k3/8/8/3KNN2/8/8 w - - 0 1"), CHC_OUTCOME_NONE);
    assert_int_equal(outcome_of("8/8/4kq2/8/8/3KN3/8/8 w - - 0 1"), CHC_OUTCOME_NONE);
    assert_int_equal(outcome_of("8/8/4k3/8/8/3KP3/8/8 w - - 0 1"), CHC_OUTCOME_NONE);
    assert_int_equal(outcome_of("8/8/4k3/8/8/2RK4/8/8 w - - 99 80"), CHC_OUTCOME_NONE);
    assert_int_equal(outcome_of("8/8/4k3/8/8/2RK4/8/8 w - - 100 80"), CHC_OUTCOME_FIFTY);
    assert_int_equal(outcome_of("8/8/4k3/8/8/2RK4/8/8 w - - 150 80"), CHC_OUTCOME_SEVENTYFIVE);
    /* Mate on the 150th ply is still mate. */
    assert_int_equal(outcome_of("7k/6Q1/6K1/8/8/8/8/8 b - - 150 90"), CHC_OUTCOME_CHECKMATE);
    chc_position pos;
    tu_pos(&pos, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    assert_int_equal(chc_outcome_result(CHC_OUTCOME_CHECKMATE, &pos), CHC_RESULT_WHITE_WINS);
    assert_int_equal(chc_outcome_result(CHC_OUTCOME_STALEMATE, &pos), CHC_RESULT_DRAW);
    assert_int_equal(chc_outcome_result(CHC_OUTCOME_NONE, &pos), CHC_RESULT_UNKNOWN);
    assert_string_equal(chc_outcome_name(CHC_OUTCOME_THREEFOLD), "threefold repetition");
    assert_string_equal(chc_result_string(CHC_RESULT_BLACK_WINS), "0-1");
    /* Repetitions from the game's history: knights out and back. */
    const char *shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 *";
    chc_pgn_reader *r = chc_pgn_reader_new_mem(shuffle, strlen(shuffle), 0, 1, 1);
    chc_game *g = chc_game_new();
    chc_diag d;
    assert_int_equal(chc_pgn_read_game(r, g, &d), CHC_OK);
    assert_int_equal(chc_game_outcome(g), CHC_OUTCOME_FIVEFOLD);
    /* Cut the game: after 2... Ng8 the start is there twice, after 4... Ng8 three times. */
    chc_game *h = chc_game_new();
    for (int i = 0; i < 8; i++) chc_game_push(h, chc_game_move(g, (size_t)i));
    assert_int_equal(chc_game_outcome(h), CHC_OUTCOME_THREEFOLD);
    chc_game_reset(h, NULL);
    for (int i = 0; i < 4; i++) chc_game_push(h, chc_game_move(g, (size_t)i));
    assert_int_equal(chc_game_outcome(h), CHC_OUTCOME_NONE);
    chc_game_reset(h, NULL);
    for (int i = 0; i < 7; i++) chc_game_push(h, chc_game_move(g, (size_t)i));
    assert_int_equal(chc_game_outcome(h), CHC_OUTCOME_NONE);
    /* Fool's mate ends in checkmate. */
    const char *fool = "1. f3 e5 2. g4 Qh4# 0-1";
    chc_pgn_reader_free(r);
    r = chc_pgn_reader_new_mem(fool, strlen(fool), 0, 1, 1);
    assert_int_equal(chc_pgn_read_game(r, g, &d), CHC_OK);
    assert_int_equal(chc_game_outcome(g), CHC_OUTCOME_CHECKMATE);
    chc_game_free(g);
    chc_game_free(h);
    chc_pgn_reader_free(r);
}

/* The whole raw lichess export (10,024 games with clocks, evals, Chess960, variants and empty
 * games) when the shared data is beside the repository (a developer machine); the repository
 * holds its first 2,500 games for everyone else. */
static void test_pgn_shared_raw(void **state)
{
    (void)state;
    const char *src = getenv("CHC_SRC");
    char path[4096];
    snprintf(path, sizeof path, "%s/../shared/data/games/lichess-raw-magnus-10k.pgn.xz", src ? src : ".");
    FILE *f = fopen(path, "rb");
    if (!f || tu_sanitized()) {
        if (f) fclose(f);
        printf("(shared raw lichess export not checked here)\n");
        return;
    }
    fclose(f);
    size_t len;
    char *text = tu_read_file(path, &len);
    assert_non_null(text);
    chc_pgn_reader *r = chc_pgn_reader_new_mem(text, len, 0, 1, 1);
    chc_game *g = chc_game_new();
    chc_diag d;
    int rc;
    long ok = 0, variants = 0;
    while ((rc = chc_pgn_read_game(r, g, &d)) != CHC_E_GAME_END) {
        if (rc == CHC_E_PGN_VARIANT) {
            variants++;
            continue;
        }
        if (rc != CHC_OK) fail_msg("%s", d.message);
        ok++;
    }
    printf("raw lichess export: %ld games read, %ld variant games refused\n", ok, variants);
    assert_int_equal(ok + variants, 10024);
    assert_int_equal(variants, 26); /* 25 Atomic, 1 Crazyhouse */
    chc_game_free(g);
    chc_pgn_reader_free(r);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pgn_valid_corpus),
        cmocka_unit_test(test_pgn_malformed_corpus),
        cmocka_unit_test(test_pgn_diag_lines),
        cmocka_unit_test(test_pgn_writer),
        cmocka_unit_test(test_game_model),
        cmocka_unit_test(test_outcomes),
        cmocka_unit_test(test_pgn_streaming),
        cmocka_unit_test(test_pgn_fixtures),
        cmocka_unit_test(test_pgn_round_trip),
        cmocka_unit_test(test_pgn_shared_raw),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
