/* chesscodec convert: games (PGN, one game a line in any game or position format, or a pack
 * stream) to any format, through the library's formats layer.
 *
 * PGN and line input: the main thread cuts the input into batches of whole games (PGN: the
 * reader's splitter) or lines, N workers convert batches, and the main thread writes the
 * results in input order. Memory stays bounded by the batches in flight. A pack stream is read
 * by the library's reader in this thread. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../cli.h"

#define CMD "convert"
#define BATCH_BYTES ((size_t)1 << 20)
#define MAX_ERRORS_SHOWN 1000
#define STOPPED (-1) /* a bad item ended the run (--strict) */

enum shape { IN_LINES, IN_PGN, IN_STREAM };

typedef struct conv {
    int to;           /* a format, or CHC_FORMAT_AUTO for "fens" (every position of a game) */
    int from;         /* line input: CHC_FORMAT_AUTO = each line detected */
    int line_out;     /* one line a game: a bad one leaves an empty line */
    unsigned read_flags, write_flags;
    int strict;
} conv;

typedef struct text {
    char *p;
    size_t len, cap;
} text;

static int put(text *t, const void *s, size_t n)
{
    if (n == 0) return 0;
    if (t->cap - t->len < n) {
        size_t cap = t->cap ? t->cap : 4096;
        while (cap - t->len < n) cap *= 2;
        char *p = realloc(t->p, cap);
        if (!p) return -1;
        t->p = p;
        t->cap = cap;
    }
    memcpy(t->p + t->len, s, n);
    t->len += n;
    return 0;
}

/* What one batch produces. */
typedef struct result {
    text out, err;
    long good, bad, blank, listed;
    int stop, truncated;
} result;

typedef struct work {
    chc_game *g;
    char *buf;
    size_t cap;
} work;

static void note_error(const conv *cv, result *res, const char *msg)
{
    res->bad++;
    if (cv->line_out) put(&res->out, "\n", 1);
    if (cv->strict) res->stop = 1;
    if (res->listed++ >= MAX_ERRORS_SHOWN) return;
    put(&res->err, "chesscodec convert: ", 20);
    put(&res->err, msg, strlen(msg));
    put(&res->err, "\n", 1);
}

/* Writes the game held in w->g. */
static int emit(const conv *cv, work *w, result *res, chc_diag *d)
{
    size_t len = 0;
    int rc = CHC_OK;
    if (cv->to == CHC_FORMAT_AUTO) { /* fens */
        for (size_t i = 0; i <= chc_game_ply_count(w->g) && rc == CHC_OK; i++) {
            chc_position pos;
            char fen[CHC_FEN_MAX + 1];
            chc_game_position(w->g, i, &pos);
            size_t k = chc_position_to_fen(&pos, fen, CHC_FEN_MAX, 0);
            fen[k++] = '\n';
            if (put(&res->out, fen, k)) rc = CHC_E_NO_MEMORY;
        }
        return rc == CHC_OK && put(&res->out, "\n", 1) ? CHC_E_NO_MEMORY : rc;
    }
    if (cv->to == CHC_FORMAT_PACK_STREAM) {
        size_t need = CHC_PACK_STREAM_RECORD_MAX(chc_game_ply_count(w->g));
        if (need > w->cap) {
            char *p = realloc(w->buf, need);
            if (!p) return CHC_E_NO_MEMORY;
            w->buf = p;
            w->cap = need;
        }
        rc = chc_pack_stream_write_game(w->g, 0, (uint8_t *)w->buf, w->cap, &len, d);
    } else {
        cli_rule_result(w->g);
        rc = cli_game_text(w->g, cv->to, cv->write_flags, &w->buf, &w->cap, &len, d);
    }
    if (rc == CHC_OK && (put(&res->out, w->buf, len) || (cv->line_out && put(&res->out, "\n", 1))))
        rc = CHC_E_NO_MEMORY;
    return rc;
}

/* Converts one item read with status rc (its diag d); `where` names it for messages. */
static int item(const conv *cv, work *w, result *res, int rc, chc_diag *d, const char *where)
{
    char msg[400];
    if (rc == CHC_OK) {
        rc = emit(cv, w, res, d);
        if (rc == CHC_OK) return res->good++, CHC_OK;
        if (rc == CHC_E_NO_MEMORY) return rc;
        snprintf(msg, sizeof msg, "%s: %s", where, cli_diag_text(rc, d));
    } else {
        snprintf(msg, sizeof msg, "%s%s%s", strncmp(d->message, "game", 4) ? where : "",
                 strncmp(d->message, "game", 4) ? ": " : "", cli_diag_text(rc, d));
    }
    note_error(cv, res, msg);
    return res->stop ? STOPPED : CHC_OK;
}

/* The games of a PGN text. */
static int run_pgn(const conv *cv, work *w, const char *t, size_t n, long line, long game,
                   result *res)
{
    chc_pgn_reader *r = chc_pgn_reader_new_mem(t, n, cv->read_flags, line, game);
    int rc = r ? CHC_OK : CHC_E_NO_MEMORY;
    while (rc == CHC_OK) {
        chc_diag d = CHC_DIAG_INIT;
        rc = chc_pgn_read_game(r, w->g, &d);
        if (rc == CHC_E_GAME_END) {
            rc = CHC_OK;
            break;
        }
        char where[48];
        snprintf(where, sizeof where, "game %ld", chc_pgn_reader_game_number(r));
        rc = rc == CHC_E_IO || rc == CHC_E_NO_MEMORY ? rc : item(cv, w, res, rc, &d, where);
        res->truncated = chc_pgn_reader_truncated(r);
    }
    chc_pgn_reader_free(r);
    return rc;
}

/* The lines of a text (whole lines; the last may lack its line end). */
static int run_lines(const conv *cv, work *w, const char *t, size_t n, long line, result *res)
{
    int rc = CHC_OK;
    for (const char *p = t, *end = t + n; p < end && rc == CHC_OK; line++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl ? nl : end;
        size_t len = (size_t)(e - p);
        chc_diag d = CHC_DIAG_INIT;
        chc_read_info info = {0, 0, 0, 0};
        rc = chc_game_read(p, len, cv->from, w->g, &info, &d);
        p = nl ? nl + 1 : end;
        if (rc == CHC_E_EMPTY) {
            res->blank++;
            rc = cv->line_out && put(&res->out, "\n", 1) ? CHC_E_NO_MEMORY : CHC_OK;
            continue;
        }
        char where[80];
        const char *name = cli_format_name(info.format);
        snprintf(where, sizeof where, "line %ld%s%s%s", line, name ? " (" : "", name ? name : "",
                 name ? ")" : "");
        rc = item(cv, w, res, rc, &d, where);
    }
    return rc;
}

/* ---- input --------------------------------------------------------------------------- */
typedef struct input {
    FILE *f;
    char *peek; /* bytes read ahead to learn the input's shape, served first */
    size_t npeek, off;
    uint64_t size, bytes;
} input;

static size_t input_read(void *ctx, char *buf, size_t cap)
{
    input *in = ctx;
    size_t n;
    if (in->off < in->npeek) {
        n = in->npeek - in->off < cap ? in->npeek - in->off : cap;
        memcpy(buf, in->peek + in->off, n);
        in->off += n;
    } else {
        n = fread(buf, 1, cap, in->f);
        if (n == 0 && ferror(in->f)) return (size_t)-1;
    }
    in->bytes += n;
    return n;
}

/* The shape of the input, as the library's reader sees its first bytes. */
static enum shape input_shape(input *in)
{
    in->peek = malloc(1 << 16);
    if (!in->peek) return IN_LINES;
    in->npeek = fread(in->peek, 1, 1 << 16, in->f);
    chc_reader *r = chc_reader_new_mem(in->peek, in->npeek, CHC_FORMAT_AUTO, 0);
    chc_game *g = chc_game_new();
    int f = CHC_FORMAT_AUTO;
    if (r && g) {
        chc_reader_next_game(r, g, NULL, NULL);
        f = chc_reader_format(r);
    }
    chc_reader_free(r);
    chc_game_free(g);
    return f == CHC_FORMAT_PGN ? IN_PGN : f == CHC_FORMAT_PACK_STREAM ? IN_STREAM : IN_LINES;
}

typedef struct totals {
    long good, bad, blank, listed;
    int truncated;
} totals;

static int flush(result *res, FILE *out, totals *tot)
{
    int rc = res->out.len && fwrite(res->out.p, 1, res->out.len, out) != res->out.len ? CHC_E_IO : CHC_OK;
    if (res->err.len && tot->listed < MAX_ERRORS_SHOWN) fwrite(res->err.p, 1, res->err.len, stderr);
    tot->good += res->good;
    tot->bad += res->bad;
    tot->blank += res->blank;
    tot->listed += res->listed;
    tot->truncated = res->truncated;
    res->out.len = res->err.len = 0;
    res->good = res->bad = res->blank = res->listed = 0;
    return rc;
}

/* A pack stream: the library's reader, in this thread. */
static int run_stream(const conv *cv, input *in, FILE *out, totals *tot)
{
    chc_reader *r = chc_reader_new(input_read, in, CHC_FORMAT_PACK_STREAM, 0);
    work w = {chc_game_new(), NULL, 0};
    result res;
    memset(&res, 0, sizeof res);
    int rc = r && w.g ? CHC_OK : CHC_E_NO_MEMORY;
    while (rc == CHC_OK) {
        chc_diag d = CHC_DIAG_INIT;
        rc = chc_reader_next_game(r, w.g, NULL, &d);
        if (rc == CHC_E_GAME_END || rc == CHC_E_IO) break;
        char where[48];
        snprintf(where, sizeof where, "record %ld", chc_reader_item(r));
        rc = item(cv, &w, &res, rc, &d, where);
        if (rc == CHC_OK && res.out.len > BATCH_BYTES) rc = flush(&res, out, tot);
    }
    if (rc == CHC_E_GAME_END) rc = CHC_OK;
    if (flush(&res, out, tot) != CHC_OK && rc == CHC_OK) rc = CHC_E_IO;
    free(res.out.p);
    free(res.err.p);
    free(w.buf);
    chc_game_free(w.g);
    chc_reader_free(r);
    return rc;
}

/* ---- threads ------------------------------------------------------------------------- */
typedef struct batch {
    text t;
    long first_line, first_game;
    int state; /* 0 free, 1 filled (waiting), 2 taken, 3 done */
    int rc;
    result res;
} batch;

typedef struct pool {
    pthread_mutex_t mu;
    pthread_cond_t cond;
    batch *b;
    int nb, quit, is_pgn;
    long next_take; /* sequence number of the next batch a worker takes */
    const conv *cv;
} pool;

static void *worker(void *arg)
{
    pool *pl = arg;
    work w = {chc_game_new(), NULL, 0};
    pthread_mutex_lock(&pl->mu);
    while (w.g) {
        batch *b = NULL;
        while (!pl->quit && !b) {
            batch *c = &pl->b[pl->next_take % pl->nb];
            if (c->state == 1) {
                b = c;
                pl->next_take++;
                b->state = 2;
            } else {
                pthread_cond_wait(&pl->cond, &pl->mu);
            }
        }
        if (!b) break;
        pthread_mutex_unlock(&pl->mu);
        b->rc = pl->is_pgn ? run_pgn(pl->cv, &w, b->t.p, b->t.len, b->first_line, b->first_game, &b->res)
                           : run_lines(pl->cv, &w, b->t.p, b->t.len, b->first_line, &b->res);
        pthread_mutex_lock(&pl->mu);
        b->state = 3;
        pthread_cond_broadcast(&pl->cond);
    }
    pthread_mutex_unlock(&pl->mu);
    chc_game_free(w.g);
    free(w.buf);
    return NULL;
}

static int batch_add(batch *b, const char *s, size_t n)
{
    return put(&b->t, s, n);
}

/* Fills batch b with whole lines. Returns CHC_OK, CHC_E_GAME_END at the end of input, or an
 * error. */
static int fill_lines(batch *b, input *in, long *line)
{
    b->t.len = 0;
    b->first_line = *line;
    char buf[4096];
    size_t n = sizeof buf;
    while (b->t.len < BATCH_BYTES && n == sizeof buf) {
        n = input_read(in, buf, sizeof buf);
        if (n == (size_t)-1) return CHC_E_IO;
        if (batch_add(b, buf, n)) return CHC_E_NO_MEMORY;
    }
    size_t keep = b->t.len;
    while (keep && b->t.p[keep - 1] != '\n') keep--;
    if (n == sizeof buf && keep) { /* the rest of the last line waits in the peek buffer */
        char *rest = malloc(b->t.len - keep + 1);
        if (!rest) return CHC_E_NO_MEMORY;
        memcpy(rest, b->t.p + keep, b->t.len - keep);
        free(in->peek);
        in->peek = rest;
        in->npeek = b->t.len - keep;
        in->off = 0;
        in->bytes -= in->npeek;
        b->t.len = keep;
    }
    for (size_t q = 0; q < b->t.len; q++) *line += b->t.p[q] == '\n';
    return b->t.len ? CHC_OK : CHC_E_GAME_END;
}

/* Fills batch b with whole games. */
static int fill_pgn(batch *b, chc_pgn_reader *r, long *line, totals *tot)
{
    b->t.len = 0;
    b->first_line = 0;
    while (b->t.len < BATCH_BYTES) {
        const char *t;
        size_t n;
        long ln;
        int e = chc_pgn_next_raw(r, &t, &n, &ln);
        if (e == CHC_E_GAME_END) return b->t.len ? CHC_OK : e;
        if (e == CHC_E_LIMIT) {
            cli_error(CMD, "game %ld, line %ld: game larger than %u bytes (skipped)",
                      chc_pgn_reader_game_number(r), ln, CHC_PGN_MAX_GAME_BYTES);
            tot->bad++;
            continue;
        }
        if (e != CHC_OK) return e;
        if (!b->first_line) {
            b->first_line = *line = ln;
            b->first_game = chc_pgn_reader_game_number(r);
        }
        /* keep the line numbers right: the gap between games as line ends */
        for (; *line < ln; ++*line)
            if (batch_add(b, "\n", 1)) return CHC_E_NO_MEMORY;
        if ((b->t.len && batch_add(b, " ", 1)) || batch_add(b, t, n)) return CHC_E_NO_MEMORY;
        for (size_t q = 0; q < n; q++) *line += t[q] == '\n';
    }
    return CHC_OK;
}

static int run_threads(const conv *cv, input *in, int is_pgn, int nthreads, FILE *out,
                       cli_progress *pg, totals *tot)
{
    pool pl;
    memset(&pl, 0, sizeof pl);
    pthread_mutex_init(&pl.mu, NULL);
    pthread_cond_init(&pl.cond, NULL);
    pl.nb = nthreads * 3;
    pl.b = calloc((size_t)pl.nb, sizeof *pl.b);
    pl.cv = cv;
    pl.is_pgn = is_pgn;
    pthread_t *th = calloc((size_t)nthreads, sizeof *th);
    int started = 0;
    for (int i = 0; pl.b && th && i < nthreads; i++)
        if (pthread_create(&th[i], NULL, worker, &pl) == 0) started++;
    chc_pgn_reader *r = is_pgn ? chc_pgn_reader_new(input_read, in, 0) : NULL;
    int rc = started && (r || !is_pgn) ? CHC_OK : CHC_E_NO_MEMORY, eof = 0;
    long line = 1, next_fill = 0, next_write = 0;
    while (rc == CHC_OK && (!eof || next_write < next_fill)) {
        /* write finished batches in order; wait while the ring is full or input has ended */
        pthread_mutex_lock(&pl.mu);
        for (;;) {
            batch *w = &pl.b[next_write % pl.nb];
            if (next_write < next_fill && w->state == 3) {
                pthread_mutex_unlock(&pl.mu);
                if (w->rc != CHC_OK && rc == CHC_OK) rc = w->rc;
                if (flush(&w->res, out, tot) != CHC_OK && rc == CHC_OK) rc = CHC_E_IO;
                cli_progress_show(pg, r ? chc_pgn_reader_bytes(r) : in->bytes,
                                  tot->good + tot->bad + tot->blank, is_pgn ? "games" : "lines");
                pthread_mutex_lock(&pl.mu);
                w->state = 0;
                next_write++;
                continue;
            }
            if ((!eof && next_fill - next_write < pl.nb) || next_write == next_fill || rc != CHC_OK)
                break;
            pthread_cond_wait(&pl.cond, &pl.mu);
        }
        pthread_mutex_unlock(&pl.mu);
        if (eof || rc != CHC_OK) continue;
        batch *b = &pl.b[next_fill % pl.nb];
        int e = r ? fill_pgn(b, r, &line, tot) : fill_lines(b, in, &line);
        if (e != CHC_OK) eof = 1;
        if (e != CHC_OK && e != CHC_E_GAME_END) rc = e;
        if (b->t.len) {
            pthread_mutex_lock(&pl.mu);
            b->state = 1;
            next_fill++;
            pthread_cond_broadcast(&pl.cond);
            pthread_mutex_unlock(&pl.mu);
        }
    }
    pthread_mutex_lock(&pl.mu);
    pl.quit = 1;
    pthread_cond_broadcast(&pl.cond);
    pthread_mutex_unlock(&pl.mu);
    for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
    for (int i = 0; pl.b && i < pl.nb; i++) {
        free(pl.b[i].t.p);
        free(pl.b[i].res.out.p);
        free(pl.b[i].res.err.p);
    }
    free(pl.b);
    free(th);
    chc_pgn_reader_free(r);
    pthread_mutex_destroy(&pl.mu);
    pthread_cond_destroy(&pl.cond);
    return rc;
}

/* ---- the command --------------------------------------------------------------------- */
static void format_list(FILE *f)
{
    char games[160], positions[160];
    cli_format_names(games, sizeof games, CHC_KIND_GAME, 0, ", ");
    cli_format_names(positions, sizeof positions, CHC_KIND_POSITION, CHC_CAP_WRITE, ", ");
    fprintf(f, "Game formats: %s (\"pack\" is pack-game).\nPosition formats (--to: the position "
               "at the end of each game):\n  %s.\nOne-line outputs carry a non-standard start and "
               "the result.\n", games, positions);
}

static const cli_opt opts[] = {
    {"--to", "-t", "FORMAT", "pgn (default), fens (every position, one FEN a line, a blank\n"
                             "line after each game), pack-stream (binary), or any format"},
    {"--from", "-f", "FORMAT", "auto (default: a pack stream, PGN, else each line detected),\n"
                               "pgn, pack-stream, or the format of every line"},
    {"--threads", NULL, "N", "worker threads (default: all cores); output stays in input order"},
    {"--mainline", NULL, NULL, "PGN output without variations"},
    {"--no-comments", NULL, NULL, "PGN output without comments and NAGs"},
    {"--binary", NULL, NULL, "with --to pack / --from pack: the pack stream (the same as\n"
                             "--to/--from pack-stream; kept for one release)"},
    CLI_BATCH_OPTS,
    {NULL, NULL, NULL, NULL}};
static const cli_spec spec = {
    "convert", "[FILE|-]", "Reads games and writes them in another format.\n", format_list, opts,
    "A bad game or line is reported on stderr (game, line, column, token, why) and skipped;\n"
    "in a one-line output its line is empty, so output line N is input line N (or game N of\n"
    "a PGN input; blank input lines stay blank). A PGN whose last game has no result token\n"
    "(a file cut off) is warned about. A summary ends the run (\"10000 lines: 9998\n"
    "converted, 2 bad\"). Exit status: 0 when every game converted, 1 when some were bad or\n"
    "the input could not be read, 2 for bad usage.\n"};

static int setup(const cli_args *a, conv *cv, int *from_shape)
{
    const char *to = cli_get(a, "--to") ? cli_get(a, "--to") : "pgn";
    const char *from = cli_get(a, "--from");
    int binary = cli_get(a, "--binary") != NULL;
    memset(cv, 0, sizeof *cv);
    if (binary && strcmp(to, "pack") != 0 && !(from && strcmp(from, "pack") == 0)) {
        cli_error(CMD, "--binary goes with --to pack or --from pack");
        return CLI_USAGE;
    }
    if (binary && strcmp(to, "pack") == 0) to = "pack-stream";
    if (binary && from && strcmp(from, "pack") == 0) from = "pack-stream";
    if (strcmp(to, "fens") == 0) cv->to = CHC_FORMAT_AUTO;
    else if (cli_format_opt(CMD, "--to", to, CHC_KIND_GAME | CHC_KIND_POSITION, 0, &cv->to) != CLI_OK)
        return CLI_USAGE;
    if (cli_format_opt(CMD, "--from", from, CHC_KIND_GAME | CHC_KIND_POSITION, CHC_CAP_READ, &cv->from))
        return CLI_USAGE;
    const chc_format_info *fi = chc_format_get(cv->to);
    if (fi && !(fi->caps & CHC_CAP_WRITE) && cv->to != CHC_FORMAT_PACK_STREAM) {
        cli_error(CMD, "--to %s: the library does not write this format", to);
        return CLI_USAGE;
    }
    if (cv->to == CHC_FORMAT_PACK_STREAM && !cli_get(a, "-o") && isatty(STDOUT_FILENO)) {
        cli_error(CMD, "not writing binary to a terminal: use -o FILE or a pipe");
        return CLI_USAGE;
    }
    cv->line_out = fi && (fi->caps & CHC_CAP_LINE);
    *from_shape = cv->from == CHC_FORMAT_PGN ? IN_PGN
                  : cv->from == CHC_FORMAT_PACK_STREAM ? IN_STREAM
                  : cv->from == CHC_FORMAT_AUTO ? -1 : IN_LINES;
    int mainline = cli_get(a, "--mainline") != NULL, no_comments = cli_get(a, "--no-comments") != NULL;
    cv->read_flags = (mainline || cv->to != CHC_FORMAT_PGN ? CHC_PGN_MAINLINE_ONLY : 0) |
                     (no_comments || cv->to != CHC_FORMAT_PGN ? CHC_PGN_NO_COMMENTS : 0);
    cv->write_flags = cv->to != CHC_FORMAT_PGN ? 0
                      : (mainline ? CHC_PGN_WRITE_NO_VARIATIONS : 0) |
                            (no_comments ? CHC_PGN_WRITE_NO_COMMENTS : 0);
    cv->strict = cli_get(a, "--strict") != NULL;
    if (a->npos > 1) {
        cli_error(CMD, "more than one input file");
        return CLI_USAGE;
    }
    return CLI_OK;
}

static int ncores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

int cmd_convert(int argc, char **argv)
{
    cli_args a;
    int rc = cli_parse(&spec, argc, argv, &a), shape;
    if (rc != CLI_OK) return rc;
    conv cv;
    long threads = ncores();
    int quiet = cli_get(&a, "--quiet") != NULL;
    const char *in_path = a.npos ? a.pos[0] : NULL, *out_path = cli_get(&a, "-o");
    rc = setup(&a, &cv, &shape);
    free(a.pos);
    if (rc != CLI_OK) return rc;
    if (cli_get(&a, "--threads") &&
        (cli_parse_long(cli_get(&a, "--threads"), &threads) || threads < 1 || threads > 256)) {
        cli_error(CMD, "--threads needs a number from 1 to 256");
        return CLI_USAGE;
    }
    input in;
    memset(&in, 0, sizeof in);
    in.f = !in_path || strcmp(in_path, "-") == 0 ? stdin : fopen(in_path, "rb");
    if (!in.f) {
        cli_error(CMD, "cannot open '%s': %s", in_path, strerror(errno));
        return CLI_BAD_INPUT;
    }
    cli_note_input(in_path);
    struct stat st;
    if (fstat(fileno(in.f), &st) == 0 && S_ISREG(st.st_mode)) in.size = (uint64_t)st.st_size;
    cli_out out;
    rc = cli_out_open(&out, CMD, out_path);
    if (shape < 0) shape = input_shape(&in);
    static char obuf[1 << 16];
    if (rc == CLI_OK) setvbuf(out.f, obuf, _IOFBF, sizeof obuf);
    if (rc == CLI_OK && cv.to == CHC_FORMAT_PACK_STREAM) {
        uint8_t hdr[CHC_PACK_STREAM_HEADER_BYTES];
        size_t n = 0;
        chc_diag d = CHC_DIAG_INIT;
        int e = chc_pack_stream_header(hdr, sizeof hdr, &n);
        if (e != CHC_OK || fwrite(hdr, 1, n, out.f) != n) {
            cli_error(CMD, "pack stream: %s", e == CHC_OK ? "write error" : cli_diag_text(e, &d));
            cli_out_abort(&out);
            rc = CLI_BAD_INPUT;
        }
    }
    if (rc != CLI_OK) {
        if (in.f != stdin) fclose(in.f);
        free(in.peek);
        return CLI_BAD_INPUT;
    }
    cli_progress pg;
    cli_progress_init(&pg, quiet, in.size);
    totals tot = {0, 0, 0, 0, 0};
    rc = shape == IN_STREAM ? run_stream(&cv, &in, out.f, &tot)
                            : run_threads(&cv, &in, shape == IN_PGN, (int)threads, out.f, &pg, &tot);
    cli_progress_end(&pg);
    if (in.f != stdin) fclose(in.f);
    free(in.peek);
    long items = tot.good + tot.bad + tot.blank;
    if (tot.listed > MAX_ERRORS_SHOWN)
        cli_error(CMD, "(%ld more errors not shown)", tot.listed - MAX_ERRORS_SHOWN);
    if (rc == CHC_OK && tot.truncated)
        cli_error(CMD, "warning: game %ld ends at the end of the input without a result token "
                       "(was the file cut off?)", items);
    if (rc != CHC_OK) {
        cli_out_abort(&out);
        if (rc != STOPPED)
            cli_error(CMD, "%s", rc == CHC_E_IO ? "reading or writing failed" : chc_strerror(rc));
        return CLI_BAD_INPUT;
    }
    if (cli_out_commit(&out, CMD) != CLI_OK) return CLI_BAD_INPUT;
    if (!quiet) {
        char blank[48] = "";
        if (tot.blank) snprintf(blank, sizeof blank, ", %ld blank", tot.blank);
        const char *unit = shape == IN_PGN ? "game" : shape == IN_STREAM ? "record" : "line";
        cli_error(CMD, "%ld %s%s: %ld converted%s, %ld bad", items, unit, items == 1 ? "" : "s",
                  tot.good, blank, tot.bad);
    }
    return tot.bad ? CLI_BAD_INPUT : CLI_OK;
}
