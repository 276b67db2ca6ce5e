/* chc_convert through the public API: every pair of formats on a small corpus (the batch
 * conversion equals reading and writing each item on its own), strict and skip modes, output
 * line N staying input line N, 1 and 4 threads giving the same bytes on 2,500 real games,
 * a PGN cut off at the end, short reads, failing callbacks, the counters and bad options. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- input and output in memory ---------------------------------------------------------- */
typedef struct src {
    const char *p;
    size_t len, pos;
    size_t chunk;   /* largest read (0: any) */
    size_t fail_at; /* fail when reading past this byte (0: never) */
} src;

static size_t src_read(void *ctx, char *buf, size_t cap)
{
    src *s = ctx;
    if (s->fail_at && s->pos >= s->fail_at) return (size_t)-1;
    size_t n = s->len - s->pos;
    if (n > cap) n = cap;
    if (s->chunk && n > s->chunk) n = s->chunk;
    memcpy(buf, s->p + s->pos, n);
    s->pos += n;
    return n;
}

typedef struct sink {
    char *p;
    size_t len, cap;
    int fail;       /* the write callback fails */
} sink;

static int sink_write(void *ctx, const void *data, size_t len)
{
    sink *k = ctx;
    if (k->fail) return -1;
    if (k->len + len + 1 > k->cap) {
        k->cap = (k->len + len + 1) * 2;
        k->p = realloc(k->p, k->cap);
        assert_non_null(k->p);
    }
    memcpy(k->p + k->len, data, len);
    k->len += len;
    k->p[k->len] = 0;
    return 0;
}

/* What the callbacks saw. */
typedef struct seen {
    long bad, last_item, progress, last_items;
    char first[256];
} seen;

static void on_error(void *ctx, long item, const chc_diag *d)
{
    seen *s = ctx;
    assert_true(d->code != CHC_OK && d->message[0]);
    assert_true(item > s->last_item); /* in input order */
    s->last_item = item;
    if (!s->bad++) snprintf(s->first, sizeof s->first, "%ld %s", item, d->message);
}

static void on_progress(void *ctx, const chc_convert_stats *st)
{
    seen *s = ctx;
    assert_true(st->items >= s->last_items);
    s->last_items = st->items;
    s->progress++;
}

/* Converts text with opt (callbacks filled in); returns the status, the output in *out. */
static int convert(const char *text, size_t chunk, chc_convert_options *opt, sink *out,
                   chc_convert_stats *st, seen *sn, chc_diag *d)
{
    src s = {text, strlen(text), 0, chunk, 0};
    memset(out, 0, sizeof *out);
    memset(sn, 0, sizeof *sn);
    sink_write(out, "", 0);
    opt->on_error = on_error;
    opt->on_progress = on_progress;
    opt->ctx = sn;
    return chc_convert(src_read, &s, opt, sink_write, out, st, d);
}

/* The output of converting text from `from` to `to` (caller frees). */
static char *converted(const char *text, int from, int to, int threads, size_t chunk, long *bad)
{
    chc_convert_options o = {0};
    o.from = from;
    o.to = to;
    o.threads = threads;
    sink out;
    seen sn;
    chc_convert_stats st;
    assert_int_equal(convert(text, chunk, &o, &out, &st, &sn, NULL), CHC_OK);
    assert_int_equal(st.bad, sn.bad);
    assert_int_equal(st.items, st.converted + st.bad + st.blank);
    assert_int_equal(st.bytes_in, strlen(text));
    assert_int_equal(st.bytes_out, out.len);
    assert_true(sn.progress > 0);
    if (bad) *bad = st.bad;
    return out.p;
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++) n += *s == '\n';
    return n;
}

/* ---- the corpus -------------------------------------------------------------------------- */
static const char CORPUS[] =
    "[Event \"mate\"]\n[Result \"*\"]\n\n"
    "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# *\n\n"
    "[Event \"variations\"]\n[Result \"1/2-1/2\"]\n\n"
    "1. d4 {a comment} d5 (1... Nf6 2. c4 $1) 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n\n"
    "[Event \"from a position\"]\n[FEN \"8/4P3/8/8/8/8/k7/7K w - - 0 1\"]\n[SetUp \"1\"]\n\n"
    "1. e8=Q Ka1 2. Qa4+ Kb2 *\n\n"
    "[Event \"castles\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 O-O 0-1\n\n"
    "[Event \"empty\"]\n\n*\n\n";

static char *read_corpus(const char *path)
{
    size_t len;
    char *t = tu_read_file(tu_data_path(path), &len);
    assert_non_null(t);
    return t;
}

/* The reference: each item read and written on its own. */
static char *one_by_one(const char *lines, int from, int to, long *bad)
{
    const chc_format_info *fi = chc_format_get(to);
    int line_out = (fi->caps & CHC_CAP_LINE) != 0;
    chc_game *g = chc_game_new();
    sink out;
    memset(&out, 0, sizeof out);
    sink_write(&out, "", 0);
    *bad = 0;
    for (const char *p = lines; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        int rc = chc_game_read(p, n, from, g, NULL, NULL);
        if (rc == CHC_OK) {
            static char buf[1 << 16];
            size_t len = 0;
            chc_game_set_rule_result(g);
            rc = chc_game_write(g, to, 0, buf, sizeof buf, &len, NULL);
            if (rc == CHC_OK) sink_write(&out, buf, len);
        }
        if (rc != CHC_OK && rc != CHC_E_EMPTY) ++*bad;
        if (line_out) sink_write(&out, "\n", 1);
        p += n + (nl != NULL);
    }
    chc_game_free(g);
    return out.p;
}

/* Every line format written from the corpus, read back into every writable format: the
 * batch conversion equals the item-by-item reference. */
static void test_every_pair(void **state)
{
    (void)state;
    for (size_t i = 0; i < chc_format_count(); i++) {
        const chc_format_info *a = chc_format_at(i);
        if (!(a->caps & CHC_CAP_LINE) || !(a->caps & CHC_CAP_WRITE) || !(a->caps & CHC_CAP_READ))
            continue;
        long bad;
        char *lines = converted(CORPUS, CHC_FORMAT_AUTO, a->format, 2, 0, &bad);
        assert_int_equal(count_lines(lines), 5); /* one line a game, a bad one empty */
        for (size_t k = 0; k < chc_format_count(); k++) {
            const chc_format_info *b = chc_format_at(k);
            if (!(b->caps & CHC_CAP_WRITE)) continue;
            long bad1, bad2, bad3;
            char *want = one_by_one(lines, a->format, b->format, &bad1);
            char *got = converted(lines, a->format, b->format, 3, 0, &bad2);
            char *detected = converted(lines, CHC_FORMAT_AUTO, b->format, 1, 7, &bad3);
            if (strcmp(want, got) != 0 || bad1 != bad2)
                fail_msg("%s -> %s:\n%s\nwanted:\n%s", a->name, b->name, got, want);
            free(want);
            /* each line detected, read in 7-byte pieces by one worker */
            want = one_by_one(lines, CHC_FORMAT_AUTO, b->format, &bad1);
            if (strcmp(want, detected) != 0 || bad1 != bad3)
                fail_msg("%s -> %s, detected:\n%s\nwanted:\n%s", a->name, b->name, detected, want);
            free(want);
            free(got);
            free(detected);
        }
        free(lines);
    }
    /* PGN in: the games of the corpus to every format, as known texts */
    char *uci = converted(CORPUS, CHC_FORMAT_AUTO, CHC_FORMAT_UCI_LINE, 2, 0, NULL);
    assert_string_equal(uci, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7 1-0\n" /* the rule's result */
                             "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 1/2-1/2\n"
                             "fen 8/4P3/8/8/8/8/k7/7K w - - 0 1 moves e7e8q a2a1 e8a4 a1b2\n"
                             "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6 d2d3 e8g8 0-1\n"
                             "startpos\n"); /* a game of no moves */
    free(uci);
    char *pgn = converted(CORPUS, CHC_FORMAT_PGN, CHC_FORMAT_PGN, 2, 0, NULL);
    assert_non_null(strstr(pgn, "1. d4 {a comment} 1... d5 (1... Nf6 2. c4 $1) 2. c4"));
    assert_non_null(strstr(pgn, "4. Qxf7# 1-0"));
    free(pgn);
    /* every position of each game, then an empty line */
    chc_convert_options o = {0};
    o.to = CHC_FORMAT_FEN;
    o.flags = CHC_CONVERT_EVERY_POSITION;
    sink out;
    seen sn;
    assert_int_equal(convert("e4 e5\n\nd4\n", 0, &o, &out, NULL, &sn, NULL), CHC_OK);
    assert_string_equal(out.p, CHC_STARTPOS_FEN "\n"
                        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"
                        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n\n"
                        CHC_STARTPOS_FEN "\n"
                        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1\n\n");
    free(out.p);
}

/* A bad line: skipped (its output line empty) or, strict, the end. */
static void test_strict_and_skip(void **state)
{
    (void)state;
    const char *in = "e4 e5\n\nd4 d5\ne4 Ke7\r\n  \nNf3\n";
    chc_convert_options o = {0};
    o.to = CHC_FORMAT_UCI_LINE;
    sink out;
    seen sn;
    chc_convert_stats st;
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(convert(in, 0, &o, &out, &st, &sn, &d), CHC_OK);
    assert_string_equal(out.p, "e2e4 e7e5\n\nd2d4 d7d5\n\n\ng1f3\n"); /* line N is line N */
    assert_int_equal(st.items, 6);
    assert_int_equal(st.converted, 3);
    assert_int_equal(st.blank, 2);
    assert_int_equal(st.bad, 1);
    assert_int_equal(st.input_format, CHC_FORMAT_AUTO);
    assert_int_equal(sn.bad, 1);
    assert_string_equal(sn.first, "4 line 4 (san): SAN line, column 4: 'Ke7': ply 2: illegal "
                                  "move 'Ke7' in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b "
                                  "KQkq e3 0 1");
    free(out.p);
    /* strict: the bad line's error is returned, after on_error had it; nothing after it */
    o.flags = CHC_CONVERT_STRICT;
    assert_int_equal(convert(in, 0, &o, &out, &st, &sn, &d), CHC_E_MOVE_ILLEGAL);
    assert_int_equal(d.code, CHC_E_MOVE_ILLEGAL);
    assert_int_equal(d.line, 4);
    assert_non_null(strstr(d.message, "line 4 (san)"));
    assert_int_equal(sn.bad, 1);
    assert_null(strstr(out.p, "g1f3"));
    free(out.p);
    /* PGN output: a bad game writes nothing; positions: a game line is a bad item */
    o.flags = CHC_CONVERT_POSITIONS;
    o.to = CHC_FORMAT_FEN;
    assert_int_equal(convert("startpos\ne4\n8/8/8/8/8/8/8/K6k w - - 0 1\n", 0, &o, &out, &st,
                             &sn, NULL), CHC_OK);
    assert_string_equal(out.p, CHC_STARTPOS_FEN "\n\n8/8/8/8/8/8/8/K6k w - - 0 1\n");
    assert_int_equal(st.bad, 1);
    free(out.p);
    o.flags = 0;
    o.to = CHC_FORMAT_PGN;
    assert_int_equal(convert("[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n\n"
                             "[Event \"c\"]\n\n1. d4 *\n", 0, &o, &out, &st, &sn, NULL), CHC_OK);
    assert_int_equal(st.bad, 1);
    assert_int_equal(st.input_format, CHC_FORMAT_PGN);
    assert_string_equal(sn.first, "2 game 2, line 7, column 13: 'Ke3': illegal move in "
                                  "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    assert_non_null(strstr(out.p, "[Event \"a\"]"));
    assert_null(strstr(out.p, "[Event \"b\"]"));
    assert_non_null(strstr(out.p, "[Event \"c\"]"));
    free(out.p);
}

/* 2,500 real games: 1 and 4 threads, whole reads and tiny reads, the same bytes. */
static void test_threads_same_output(void **state)
{
    (void)state;
    char *pgn = read_corpus("notation/lichess-raw-magnus-2500.pgn.xz");
    long bad;
    char *one = converted(pgn, CHC_FORMAT_AUTO, CHC_FORMAT_UCI_LINE, 1, 0, &bad);
    char *four = converted(pgn, CHC_FORMAT_AUTO, CHC_FORMAT_UCI_LINE, 4, 0, NULL);
    char *bits = converted(pgn, CHC_FORMAT_PGN, CHC_FORMAT_UCI_LINE, 4, 13, NULL);
    assert_int_equal(count_lines(one), 2500);
    assert_int_equal(bad, 0);
    assert_string_equal(one, four);
    assert_string_equal(one, bits);
    /* lines, many batches of them (short lines, blank lines) */
    char *fens = converted(pgn, CHC_FORMAT_AUTO, CHC_FORMAT_FEN, 2, 0, NULL);
    size_t n = strlen(fens);
    char *many = malloc(n * 4 + 1);
    assert_non_null(many);
    for (int i = 0; i < 4; i++) memcpy(many + i * n, fens, n + 1);
    for (size_t i = 0; i < n * 4; i += 97) if (many[i] == '\n') many[i] = ' ';
    char *a = converted(many, CHC_FORMAT_AUTO, CHC_FORMAT_MSCS, 1, 0, NULL);
    char *b = converted(many, CHC_FORMAT_AUTO, CHC_FORMAT_MSCS, 4, 3, NULL);
    long bad1;
    char *c = one_by_one(many, CHC_FORMAT_AUTO, CHC_FORMAT_MSCS, &bad1);
    assert_int_equal(count_lines(a), count_lines(many));
    assert_string_equal(a, b);
    assert_string_equal(a, c);
    free(a);
    free(b);
    free(c);
    free(many);
    free(fens);
    free(one);
    free(four);
    free(bits);
    free(pgn);
}

/* A PGN cut off in the middle of its last game: CHC_READ_NO_RESULT. */
static void test_truncated_pgn(void **state)
{
    (void)state;
    chc_convert_options o = {0};
    o.to = CHC_FORMAT_UCI_LINE;
    sink out;
    seen sn;
    chc_convert_stats st;
    const char *cut = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 d5 2. c4";
    assert_int_equal(convert(cut, 0, &o, &out, &st, &sn, NULL), CHC_OK);
    assert_string_equal(out.p, "e2e4 e7e5 1-0\nd2d4 d7d5 c2c4\n");
    assert_int_equal(st.items, 2);
    assert_true(st.flags & CHC_READ_NO_RESULT);
    free(out.p);
    assert_int_equal(convert("[Event \"a\"]\n\n1. e4 e5 1-0\n", 0, &o, &out, &st, &sn, NULL),
                     CHC_OK);
    assert_false(st.flags & CHC_READ_NO_RESULT);
    free(out.p);
}

/* Failing callbacks and bad options. */
static void test_failures(void **state)
{
    (void)state;
    chc_convert_options o = {0};
    o.to = CHC_FORMAT_SAN_LINE;
    sink out;
    memset(&out, 0, sizeof out);
    chc_diag d = CHC_DIAG_INIT;
    const char *text = "e2e4\nd2d4\n";
    src s = {text, strlen(text), 0, 0, 5};
    assert_int_equal(chc_convert(src_read, &s, &o, sink_write, &out, NULL, &d), CHC_E_IO);
    assert_true(d.message[0]);
    free(out.p);
    memset(&out, 0, sizeof out);
    out.fail = 1;
    s.pos = 0;
    s.fail_at = 0;
    assert_int_equal(chc_convert(src_read, &s, &o, sink_write, &out, NULL, &d), CHC_E_IO);
    free(out.p);
    memset(&out, 0, sizeof out);
    int bad_to[] = {CHC_FORMAT_AUTO, 999};
    for (size_t i = 0; i < 2; i++) {
        o.to = bad_to[i];
        s.pos = 0;
        assert_int_equal(chc_convert(src_read, &s, &o, sink_write, &out, NULL, &d), CHC_E_ARGUMENT);
    }
    o.to = CHC_FORMAT_UCI_LINE;
    o.flags = CHC_CONVERT_EVERY_POSITION; /* needs a position format */
    assert_int_equal(chc_convert(src_read, &s, &o, sink_write, &out, NULL, &d), CHC_E_ARGUMENT);
    o.flags = 64;
    assert_int_equal(chc_convert(src_read, &s, &o, sink_write, &out, NULL, &d), CHC_E_ARGUMENT);
    o.flags = 0;
    o.threads = 257;
    assert_int_equal(chc_convert(src_read, &s, &o, sink_write, &out, NULL, &d), CHC_E_ARGUMENT);
    o.threads = 0;
    o.write_flags = 8; /* a UCI line takes no flags */
    assert_int_equal(chc_convert(src_read, &s, &o, sink_write, &out, NULL, &d), CHC_E_ARGUMENT);
    o.write_flags = 0;
    o.from = CHC_FORMAT_AUTO - 7;
    assert_int_equal(chc_convert(src_read, &s, &o, sink_write, &out, NULL, &d), CHC_E_ARGUMENT);
    assert_int_equal(s.pos, 0); /* nothing read */
    assert_null(out.p);         /* nothing written */
    /* an empty input: nothing, and no error */
    o.from = CHC_FORMAT_AUTO;
    src e = {"", 0, 0, 0, 0};
    chc_convert_stats st;
    assert_int_equal(chc_convert(src_read, &e, &o, sink_write, &out, &st, &d), CHC_OK);
    assert_int_equal(st.items, 0);
    assert_null(out.p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_pair),
        cmocka_unit_test(test_strict_and_skip),
        cmocka_unit_test(test_threads_same_output),
        cmocka_unit_test(test_truncated_pgn),
        cmocka_unit_test(test_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
