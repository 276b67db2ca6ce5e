/* chesscodec convert: games from PGN (or one game per line) to PGN, SAN, UCI, FEN, ...
 *
 * Single thread: a streaming PGN reader straight on the input, output buffered in blocks.
 * With --threads N: the main thread cuts the input into batches of whole games (the reader's
 * skimmer, no move parsing), N workers convert batches, and the main thread writes the
 * results in input order. Memory stays bounded by the batches in flight. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../cli.h"

#define CMD "convert"
#define BATCH_BYTES ((size_t)1 << 20)
#define FLUSH_BYTES ((size_t)1 << 20)
#define MAX_ERRORS_SHOWN 1000

enum out_kind { OUT_PGN, OUT_FENS, OUT_TABLE };
enum in_kind { IN_AUTO, IN_PGN, IN_LINES };

typedef struct conv {
    enum out_kind out;
    const cli_format *to;     /* OUT_TABLE: a one-line format (a position format writes the
                                 final position) */
    const cli_format *from;   /* line input: NULL = detect each line */
    unsigned read_flags;
    unsigned write_flags;
    int binary;               /* --binary: length-prefixed pack game codes, no line ends */
    int strict;               /* stop at the first bad item */
} conv;

/* A bad item ends the run with --strict. */
#define STOPPED (-1)

/* A growable text buffer. */
typedef struct gf_text {
    char *p;
    size_t len, cap;
} gf_text;

static int gf_put(gf_text *t, const char *s, size_t n)
{
    if (t->cap - t->len < n) {
        size_t cap = t->cap ? t->cap : 256;
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

static int gf_putc(gf_text *t, char c)
{
    return gf_put(t, &c, 1);
}

/* What one unit of work produces. */
typedef struct result {
    gf_text out, err;
    long good, bad, blank, errors_listed;
    int stop;
} result;

typedef struct work {
    chc_game *g;
    char *text;      /* the writer's buffer */
    chc_move *moves; /* --binary */
    size_t moves_cap;
} work;

static int work_init(work *w)
{
    memset(w, 0, sizeof *w);
    w->g = chc_game_new();
    return w->g ? 0 : -1;
}

static void work_free(work *w)
{
    chc_game_free(w->g);
    free(w->text);
    free(w->moves);
}

/* A bad game or line: reported, and (one-line outputs) an empty line in its place. */
static void note_error(const conv *cv, result *res, const char *msg)
{
    res->bad++;
    if (cv->out == OUT_TABLE && !cv->binary) gf_putc(&res->out, '\n');
    if (cv->strict) res->stop = 1;
    if (res->errors_listed++ >= MAX_ERRORS_SHOWN) return;
    gf_put(&res->err, "chesscodec convert: ", 20);
    gf_put(&res->err, msg, strlen(msg));
    gf_putc(&res->err, '\n');
}

/* --binary: a LEB128 length, then the binary pack game code. */
static int write_binary(work *w, result *res, chc_diag *d)
{
    size_t n = chc_game_ply_count(w->g), cap = CHC_PACK_GAME_MAX(n), len = 0;
    if (n > w->moves_cap) {
        chc_move *m = realloc(w->moves, n * sizeof *m);
        if (!m) return CHC_E_NO_MEMORY;
        w->moves = m;
        w->moves_cap = n;
    }
    for (size_t i = 0; i < n; i++) w->moves[i] = chc_game_move(w->g, i);
    unsigned char *buf = malloc(cap), hdr[10];
    int rc = buf ? chc_pack_game_encode(chc_game_start(w->g), w->moves, n, CHC_RESULT_UNKNOWN, 0,
                                        buf, cap, &len, d)
                 : CHC_E_NO_MEMORY;
    size_t h = 0;
    for (size_t v = len; rc == CHC_OK; v >>= 7) {
        hdr[h++] = (unsigned char)(v >= 0x80 ? (v & 0x7F) | 0x80 : v);
        if (v < 0x80) break;
    }
    if (rc == CHC_OK && (gf_put(&res->out, (const char *)hdr, h) || gf_put(&res->out, (const char *)buf, len)))
        rc = CHC_E_NO_MEMORY;
    free(buf);
    return rc;
}

/* Writes the game held in w->g. */
static int emit(const conv *cv, work *w, result *res, chc_diag *d)
{
    if (cv->out == OUT_FENS) {
        size_t n = chc_game_ply_count(w->g);
        for (size_t i = 0; i <= n; i++) {
            chc_position pos;
            char fen[CHC_FEN_MAX];
            chc_game_position(w->g, i, &pos);
            size_t k = chc_position_to_fen(&pos, fen, sizeof fen, 0);
            if (gf_put(&res->out, fen, k) || gf_putc(&res->out, '\n')) return CHC_E_NO_MEMORY;
        }
        return gf_putc(&res->out, '\n') ? CHC_E_NO_MEMORY : CHC_OK;
    }
    if (cv->binary) return write_binary(w, res, d);
    size_t len = 0;
    const cli_format *f = cv->out == OUT_PGN ? cli_format_find("pgn", CHC_KIND_GAME) : cv->to;
    int rc = cli_write_game(w->g, f, cv->out == OUT_PGN ? cv->write_flags : 0, &w->text, &len, d);
    if (rc != CHC_OK) return rc;
    if (gf_put(&res->out, w->text, len)) return CHC_E_NO_MEMORY;
    return cv->out == OUT_TABLE && gf_putc(&res->out, '\n') ? CHC_E_NO_MEMORY : CHC_OK;
}

/* Converts every game a PGN reader gives. flush (may be NULL) is called when the output
 * grows past FLUSH_BYTES; it returns non-zero to stop. */
static int run_pgn(const conv *cv, work *w, chc_pgn_reader *r, result *res,
                   int (*flush)(result *, void *), void *ctx)
{
    for (;;) {
        chc_diag d = CHC_DIAG_INIT;
        int rc = chc_pgn_read_game(r, w->g, &d);
        if (rc == CHC_E_GAME_END) return CHC_OK;
        if (rc == CHC_E_IO || rc == CHC_E_NO_MEMORY) return rc;
        char msg[300];
        if (rc != CHC_OK) {
            snprintf(msg, sizeof msg, "%s", cli_diag_text(rc, &d));
        } else if ((rc = emit(cv, w, res, &d)) != CHC_OK) {
            if (rc == CHC_E_NO_MEMORY) return rc;
            snprintf(msg, sizeof msg, "game %ld: %.200s", chc_pgn_reader_game_number(r),
                     cli_diag_text(rc, &d));
        }
        if (rc != CHC_OK) {
            note_error(cv, res, msg);
            if (res->stop) return STOPPED;
            continue;
        }
        res->good++;
        if (flush && res->out.len >= FLUSH_BYTES && flush(res, ctx)) return CHC_E_IO;
    }
}

/* A game read from a line or a binary record: for PGN output, the result its final position
 * decides. */
static void rule_result(const conv *cv, chc_game *g)
{
    if (cv->out == OUT_PGN) cli_rule_result(g);
}

/* Converts one game given as a line. */
static int run_line(const conv *cv, work *w, const char *line, long lineno, result *res)
{
    chc_diag d = CHC_DIAG_INIT;
    const char *what = NULL;
    int rc = cli_read_game(line, strlen(line), cv->from ? cv->from->name : NULL, NULL, w->g,
                           &what, &d);
    if (rc == CHC_OK) {
        rule_result(cv, w->g);
        rc = emit(cv, w, res, &d);
    }
    if (rc == CHC_E_NO_MEMORY) return rc;
    if (rc != CHC_OK) {
        char msg[400];
        if (d.index >= 0 && d.column > 0)
            snprintf(msg, sizeof msg, "line %ld, column %ld (%s, ply %ld): %s", lineno, d.column,
                     what ? what : "?", d.index + 1, cli_diag_text(rc, &d));
        else
            snprintf(msg, sizeof msg, "line %ld%s%s%s: %s", lineno, what ? " (" : "",
                     what ? what : "", what ? ")" : "", cli_diag_text(rc, &d));
        note_error(cv, res, msg);
        return CHC_OK;
    }
    res->good++;
    return CHC_OK;
}

/* Lines of a text block (whole lines; the last may lack its line end). */
static int run_lines(const conv *cv, work *w, char *text, size_t len, long first_line,
                     result *res)
{
    long lineno = first_line;
    char *p = text, *end = text + len;
    while (p < end) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *e = nl ? nl : end;
        char *s = p;
        char *t = e;
        while (t > s && (t[-1] == '\r' || t[-1] == ' ' || t[-1] == '\t')) t--;
        while (s < t && (*s == ' ' || *s == '\t')) s++;
        if (lineno == 1 && t - s >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) s += 3;
        if (t > s) {
            char save = *t;
            *t = 0;
            int rc = run_line(cv, w, s, lineno, res);
            *t = save;
            if (rc != CHC_OK) return rc;
            if (res->stop) return STOPPED;
        } else {
            res->blank++;
            if (cv->out == OUT_TABLE && !cv->binary && gf_putc(&res->out, '\n')) return CHC_E_NO_MEMORY;
        }
        lineno++;
        p = nl ? nl + 1 : end;
    }
    return CHC_OK;
}

/* ---- input ------------------------------------------------------------------------- */
typedef struct input {
    FILE *f;
    char *peek;   /* bytes read ahead to detect the format, served first */
    size_t npeek, peek_off;
    uint64_t size; /* file size, 0 if unknown */
    char tail[16]; /* the last bytes read (is the last game's result token there?) */
    size_t ntail;
} input;

static void keep_tail(input *in, const char *buf, size_t n)
{
    if (n >= sizeof in->tail) {
        memcpy(in->tail, buf + n - sizeof in->tail, sizeof in->tail);
        in->ntail = sizeof in->tail;
        return;
    }
    size_t keep = in->ntail + n > sizeof in->tail ? sizeof in->tail - n : in->ntail;
    memmove(in->tail, in->tail + in->ntail - keep, keep);
    memcpy(in->tail + keep, buf, n);
    in->ntail = keep + n;
}

/* Non-zero when the input ends with a result token (after white space): a PGN file cut off
 * in the middle of a game does not. (Until the library's reader reports it:
 * chc_pgn_reader_truncated.) */
static int ends_with_result(const input *in)
{
    size_t n = in->ntail;
    while (n && strchr(" \t\r\n", in->tail[n - 1])) n--;
    static const char *const tokens[] = {"1-0", "0-1", "1/2-1/2", "*"};
    for (int i = 0; i < 4; i++) {
        size_t k = strlen(tokens[i]);
        if (n >= k && memcmp(in->tail + n - k, tokens[i], k) == 0) return 1;
    }
    return 0;
}

static size_t input_read(void *ctx, char *buf, size_t cap)
{
    input *in = ctx;
    if (in->peek_off < in->npeek) {
        size_t n = in->npeek - in->peek_off;
        if (n > cap) n = cap;
        memcpy(buf, in->peek + in->peek_off, n);
        in->peek_off += n;
        keep_tail(in, buf, n);
        return n;
    }
    size_t n = fread(buf, 1, cap, in->f);
    if (n == 0 && ferror(in->f)) return (size_t)-1;
    keep_tail(in, buf, n);
    return n;
}

/* Reads a line (without its end) from the peeked bytes, then the file. Returns its length,
 * or -1 at the end of input. */
static long input_getline(input *in, char **buf, size_t *cap)
{
    size_t len = 0;
    int any = 0;
    for (;;) {
        int c;
        if (in->peek_off < in->npeek)
            c = (unsigned char)in->peek[in->peek_off++];
        else
            c = getc(in->f);
        if (c == EOF) break;
        any = 1;
        if (c == '\n') break;
        if (len + 2 > *cap) {
            size_t nc = *cap ? *cap * 2 : 256;
            char *nb = realloc(*buf, nc);
            if (!nb) return -1;
            *buf = nb;
            *cap = nc;
        }
        (*buf)[len++] = (char)c;
    }
    if (!any) return -1;
    if (*buf == NULL) {
        *buf = malloc(1);
        if (!*buf) return -1;
        *cap = 1;
    }
    while (len > 0 && (*buf)[len - 1] == '\r') len--;
    (*buf)[len] = 0;
    return (long)len;
}

/* PGN if the first thing that is not white space, a BOM or a % line is '[', '{', ';' or a
 * move number ("1."). */
static int looks_pgn(const char *s, size_t n)
{
    size_t i = 0;
    if (n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) i = 3;
    for (;;) {
        while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) i++;
        if (i < n && s[i] == '%') {
            while (i < n && s[i] != '\n') i++;
            continue;
        }
        break;
    }
    if (i >= n) return 1;
    if (s[i] == '[' || s[i] == '{' || s[i] == ';') return 1;
    size_t k = i;
    while (k < n && s[k] >= '0' && s[k] <= '9') k++;
    return k > i && k < n && s[k] == '.';
}

/* ---- single thread ------------------------------------------------------------------- */
typedef struct single_ctx {
    FILE *out;
    cli_progress *pg;
    chc_pgn_reader *r;
    long games;
} single_ctx;

static int flush_single(result *res, void *ctx)
{
    single_ctx *sc = ctx;
    if (res->out.len && fwrite(res->out.p, 1, res->out.len, sc->out) != res->out.len) return -1;
    res->out.len = 0;
    if (res->err.len) fwrite(res->err.p, 1, res->err.len, stderr);
    res->err.len = 0;
    if (sc->r) cli_progress_show(sc->pg, chc_pgn_reader_bytes(sc->r), res->good + res->bad, "games");
    return 0;
}

/* ---- threads --------------------------------------------------------------------------- */
typedef struct batch {
    char *text;
    size_t len, cap;
    long first_line, first_game;
    int state; /* 0 free, 1 filled (waiting), 2 taken, 3 done */
    int rc;
    result res;
} batch;

typedef struct pool {
    pthread_mutex_t mu;
    pthread_cond_t cond;
    batch *b;
    int nb;
    long next_take; /* sequence number of the next batch a worker takes */
    int quit;
    const conv *cv;
    int is_pgn;
} pool;

static void *worker(void *arg)
{
    pool *pl = arg;
    work w;
    if (work_init(&w)) return NULL;
    pthread_mutex_lock(&pl->mu);
    for (;;) {
        batch *b = NULL;
        while (!pl->quit) {
            batch *c = &pl->b[pl->next_take % pl->nb];
            if (c->state == 1) {
                b = c;
                pl->next_take++;
                b->state = 2;
                break;
            }
            pthread_cond_wait(&pl->cond, &pl->mu);
        }
        if (!b) break;
        pthread_mutex_unlock(&pl->mu);
        b->res.out.len = b->res.err.len = 0;
        b->res.good = b->res.bad = b->res.blank = b->res.errors_listed = 0;
        b->res.stop = 0;
        if (pl->is_pgn) {
            chc_pgn_reader *r = chc_pgn_reader_new_mem(b->text, b->len, pl->cv->read_flags,
                                                      b->first_line, b->first_game);
            b->rc = r ? run_pgn(pl->cv, &w, r, &b->res, NULL, NULL) : CHC_E_NO_MEMORY;
            chc_pgn_reader_free(r);
        } else {
            b->rc = run_lines(pl->cv, &w, b->text, b->len, b->first_line, &b->res);
        }
        pthread_mutex_lock(&pl->mu);
        b->state = 3;
        pthread_cond_broadcast(&pl->cond);
    }
    pthread_mutex_unlock(&pl->mu);
    work_free(&w);
    return NULL;
}

static int batch_add(batch *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : BATCH_BYTES + 4096;
        while (cap < b->len + n + 1) cap *= 2;
        char *t = realloc(b->text, cap);
        if (!t) return -1;
        b->text = t;
        b->cap = cap;
    }
    memcpy(b->text + b->len, s, n);
    b->len += n;
    return 0;
}

typedef struct totals {
    long good, bad, blank, listed;
} totals;

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
    if (!pl.b) return CHC_E_NO_MEMORY;
    pthread_t *th = calloc((size_t)nthreads, sizeof *th);
    int started = 0;
    for (int i = 0; th && i < nthreads; i++)
        if (pthread_create(&th[i], NULL, worker, &pl) == 0) started++;
    int rc = started ? CHC_OK : CHC_E_NO_MEMORY;

    chc_pgn_reader *r = is_pgn ? chc_pgn_reader_new(input_read, in, 0) : NULL;
    char *line = NULL;
    size_t line_cap = 0;
    long lineno = 1, next_fill = 0, next_write = 0, cur_line = 1;
    int eof = 0;
    uint64_t bytes = 0;
    if (is_pgn && !r) rc = CHC_E_NO_MEMORY;
    while (rc == CHC_OK && (!eof || next_write < next_fill)) {
        /* Write finished batches in order; wait if the ring is full. */
        pthread_mutex_lock(&pl.mu);
        for (;;) {
            batch *w = &pl.b[next_write % pl.nb];
            if (next_write < next_fill && w->state == 3) {
                pthread_mutex_unlock(&pl.mu);
                if (w->rc != CHC_OK && rc == CHC_OK) rc = w->rc;
                if (w->res.out.len && fwrite(w->res.out.p, 1, w->res.out.len, out) != w->res.out.len)
                    rc = CHC_E_IO;
                if (w->res.err.len && tot->listed < MAX_ERRORS_SHOWN)
                    fwrite(w->res.err.p, 1, w->res.err.len, stderr);
                tot->good += w->res.good;
                tot->bad += w->res.bad;
                tot->listed += w->res.errors_listed;
                tot->blank += w->res.blank;
                cli_progress_show(pg, bytes, tot->good + tot->bad + tot->blank,
                                  is_pgn ? "games" : "lines");
                pthread_mutex_lock(&pl.mu);
                w->state = 0;
                next_write++;
                continue;
            }
            if (eof || next_fill - next_write < pl.nb) break;
            pthread_cond_wait(&pl.cond, &pl.mu);
        }
        pthread_mutex_unlock(&pl.mu);
        if (eof) {
            if (next_write < next_fill) {
                pthread_mutex_lock(&pl.mu);
                while (pl.b[next_write % pl.nb].state != 3) pthread_cond_wait(&pl.cond, &pl.mu);
                pthread_mutex_unlock(&pl.mu);
            }
            continue;
        }
        /* Fill the next batch. */
        batch *b = &pl.b[next_fill % pl.nb];
        b->len = 0;
        b->first_line = 0;
        while (b->len < BATCH_BYTES) {
            if (is_pgn) {
                const char *t;
                size_t n;
                long ln;
                int e = chc_pgn_next_raw(r, &t, &n, &ln);
                if (e == CHC_E_GAME_END) { eof = 1; break; }
                if (e == CHC_E_LIMIT) {
                    char msg[200];
                    snprintf(msg, sizeof msg, "game %ld, line %ld: game larger than %u bytes (skipped)",
                             chc_pgn_reader_game_number(r), ln, CHC_PGN_MAX_GAME_BYTES);
                    fprintf(stderr, "chesscodec convert: %s\n", msg);
                    tot->bad++;
                    continue;
                }
                if (e != CHC_OK) { rc = e; eof = 1; break; }
                if (!b->first_line) {
                    b->first_line = ln;
                    b->first_game = chc_pgn_reader_game_number(r);
                    cur_line = ln;
                }
                /* Keep the line numbers right: the gap between games as newlines. */
                if (ln > cur_line) {
                    while (cur_line < ln) {
                        if (batch_add(b, "\n", 1)) break;
                        cur_line++;
                    }
                } else if (b->len && batch_add(b, " ", 1)) {
                    rc = CHC_E_NO_MEMORY;
                    break;
                }
                if (batch_add(b, t, n)) { rc = CHC_E_NO_MEMORY; break; }
                for (size_t q = 0; q < n; q++) cur_line += t[q] == '\n';
                bytes = chc_pgn_reader_bytes(r);
            } else {
                long n = input_getline(in, &line, &line_cap);
                if (n < 0) { eof = 1; break; }
                if (!b->first_line) b->first_line = lineno;
                lineno++;
                bytes += (uint64_t)n + 1;
                if (batch_add(b, line, (size_t)n) || batch_add(b, "\n", 1)) { rc = CHC_E_NO_MEMORY; break; }
            }
        }
        if (b->len) {
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
    for (int i = 0; i < pl.nb; i++) {
        free(pl.b[i].text);
        free(pl.b[i].res.out.p);
        free(pl.b[i].res.err.p);
    }
    free(pl.b);
    free(th);
    free(line);
    chc_pgn_reader_free(r);
    pthread_mutex_destroy(&pl.mu);
    pthread_cond_destroy(&pl.cond);
    return rc;
}

/* ---- the command ----------------------------------------------------------------------- */
static void format_list(FILE *f)
{
    char games[128], positions[128];
    cli_format_names(games, sizeof games, CHC_KIND_GAME, ", ");
    cli_format_names(positions, sizeof positions, CHC_KIND_POSITION, ", ");
    fprintf(f, "Game formats: %s (\"pack\" is pack-game).\nPosition formats (the position at "
               "the end of each game): %s.\nEvery input line is detected unless --from names its "
               "format.\n", games, positions);
}

static const cli_opt opts[] = {
    {"--to", "-t", "FORMAT", "pgn (default), fens (every position, one FEN a line, a blank\n"
                             "line after each game), or a one-line format (one game a line)"},
    {"--from", "-f", "FORMAT", "auto (default: PGN, else each line detected), pgn, or a\n"
                               "one-line format"},
    {"--threads", NULL, "N", "worker threads (default: all cores); output stays in input order"},
    {"--mainline", NULL, NULL, "PGN output without variations"},
    {"--no-comments", NULL, NULL, "PGN output without comments and NAGs"},
    {"--binary", NULL, NULL, "with --to pack / --from pack: a binary stream, each game a\n"
                             "LEB128 length then its code bytes (for storage)"},
    CLI_BATCH_OPTS,
    {NULL, NULL, NULL, NULL}};
static const cli_spec spec = {
    "convert", "[FILE|-]",
    "Reads games (PGN, or one game a line) and writes them in another notation.\n",
    format_list, opts,
    "A bad game or line is reported on stderr (game, line, column, token, why) and skipped;\n"
    "in a one-line output its line is empty, so output line N is input line N (or game N of\n"
    "a PGN input; blank input lines stay blank). A PGN whose last game has no result token\n"
    "(a file cut off) is warned about. A summary ends the run (\"10000 lines: 9998\n"
    "converted, 2 bad\"). Exit status: 0 when every game converted, 1 when some were bad or\n"
    "the input could not be read, 2 for bad usage.\n"};

/* ---- binary pack stream (--from pack --binary) --------------------------------------- */
/* Reads the whole stream (pack codes are a few bytes a game), then converts record by
 * record. A record whose length prefix is broken ends the stream: nothing after it can be
 * found again. */
/* Reads the record at in[0..len) into w->g; *used gets its size (0 when its length is bad). */
static int read_record(work *w, const unsigned char *in, size_t len, size_t *used, chc_diag *d)
{
    size_t p = 0, v = 0;
    *used = 0;
    for (int shift = 0;; shift += 7) {
        if (p >= len || shift > 28) {
            snprintf(d->message, sizeof d->message, "pack: bad record length");
            return CHC_E_PACK_CORRUPT;
        }
        v |= (size_t)(in[p] & 0x7F) << shift;
        if (!(in[p++] & 0x80)) break;
    }
    if (v > len - p) {
        snprintf(d->message, sizeof d->message, "pack: record of %zu bytes, %zu left", v, len - p);
        return CHC_E_PACK_CORRUPT;
    }
    size_t n = 0, cap = v * 8 + 16;
    chc_position start;
    int rc = CHC_E_BUFFER_TOO_SMALL;
    for (int tries = 0; rc == CHC_E_BUFFER_TOO_SMALL && tries < 2; tries++, cap = n) {
        if (cap > w->moves_cap) {
            chc_move *m = realloc(w->moves, cap * sizeof *m);
            if (!m) return CHC_E_NO_MEMORY;
            w->moves = m;
            w->moves_cap = cap;
        }
        rc = chc_pack_game_decode(in + p, v, &start, w->moves, cap, &n, NULL, NULL, d);
    }
    chc_game_reset(w->g, &start);
    for (size_t i = 0; rc == CHC_OK && i < n; i++) rc = chc_game_push(w->g, w->moves[i]);
    if (rc == CHC_OK) *used = p + v;
    return rc;
}

static int run_binary(const conv *cv, input *in, FILE *out, totals *tot)
{
    size_t cap = 1 << 20, len = 0;
    unsigned char *buf = malloc(cap);
    if (!buf) return CHC_E_NO_MEMORY;
    for (;;) {
        if (len == cap) {
            unsigned char *nb = realloc(buf, cap *= 2);
            if (!nb) { free(buf); return CHC_E_NO_MEMORY; }
            buf = nb;
        }
        size_t n = input_read(in, (char *)buf + len, cap - len);
        if (n == (size_t)-1) { free(buf); return CHC_E_IO; }
        if (n == 0) break;
        len += n;
    }
    work w;
    result res;
    memset(&res, 0, sizeof res);
    if (work_init(&w)) { free(buf); return CHC_E_NO_MEMORY; }
    int rc = CHC_OK;
    size_t off = 0;
    for (long game = 1; off < len; game++) {
        size_t used = 0;
        chc_diag d = CHC_DIAG_INIT;
        int r = read_record(&w, buf + off, len - off, &used, &d);
        if (r == CHC_OK) {
            rule_result(cv, w.g);
            r = emit(cv, &w, &res, &d);
        }
        if (r == CHC_E_NO_MEMORY) { rc = r; break; }
        if (r != CHC_OK) {
            char msg[400];
            snprintf(msg, sizeof msg, "game %ld (byte %zu): %s", game, off, d.message[0] ? d.message : chc_strerror(r));
            note_error(cv, &res, msg);
            if (res.stop) rc = STOPPED;
            if (used == 0 || res.stop) break;
        } else {
            res.good++;
        }
        off += used;
        if (res.out.len >= FLUSH_BYTES || off >= len) {
            if (res.out.len && fwrite(res.out.p, 1, res.out.len, out) != res.out.len) { rc = CHC_E_IO; break; }
            res.out.len = 0;
        }
    }
    if (res.out.len && fwrite(res.out.p, 1, res.out.len, out) != res.out.len) rc = CHC_E_IO;
    if (res.err.len) fwrite(res.err.p, 1, res.err.len, stderr);
    tot->good += res.good;
    tot->bad += res.bad;
    tot->listed += res.errors_listed;
    free(res.out.p);
    free(res.err.p);
    work_free(&w);
    free(buf);
    return rc;
}

static int ncores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

static int setup(const cli_args *a, conv *cv, enum in_kind *ik, int *binary_in)
{
    const char *to_name = cli_get(a, "--to") ? cli_get(a, "--to") : "pgn";
    const char *from_name = cli_get(a, "--from") ? cli_get(a, "--from") : "auto";
    int binary = cli_get(a, "--binary") != NULL;
    memset(cv, 0, sizeof *cv);
    if (strcmp(to_name, "pgn") == 0) {
        cv->out = OUT_PGN;
    } else if (strcmp(to_name, "fens") == 0) {
        cv->out = OUT_FENS;
    } else {
        cv->out = OUT_TABLE;
        cv->to = cli_format_find(to_name, CHC_KIND_GAME);
        if (!cv->to) cv->to = cli_format_find(to_name, CHC_KIND_POSITION);
        if (!cv->to) {
            char names[256];
            cli_format_names(names, sizeof names, CHC_KIND_POSITION | CHC_KIND_GAME, ", ");
            cli_error(CMD, "unknown output format '%s' (fens, %s)", to_name, names);
            return CLI_USAGE;
        }
    }
    cv->binary = binary && cv->to && strcmp(cv->to->name, "pack-game") == 0;
    *binary_in = binary && (strcmp(from_name, "pack") == 0 || strcmp(from_name, "pack-game") == 0);
    if (binary && !cv->binary && !*binary_in) {
        cli_error(CMD, "--binary goes with --to pack or --from pack");
        return CLI_USAGE;
    }
    if (cv->binary && !cli_get(a, "-o") && isatty(STDOUT_FILENO)) {
        cli_error(CMD, "not writing binary to a terminal: use -o FILE or a pipe");
        return CLI_USAGE;
    }
    *ik = IN_AUTO;
    if (strcmp(from_name, "pgn") == 0) {
        *ik = IN_PGN;
    } else if (strcmp(from_name, "auto") != 0) {
        *ik = IN_LINES;
        cv->from = cli_format_find(from_name, CHC_KIND_GAME);
        if (!cv->from) cv->from = cli_format_find(from_name, CHC_KIND_POSITION);
        if (!cv->from) {
            char names[256];
            cli_format_names(names, sizeof names, CHC_KIND_POSITION | CHC_KIND_GAME, ", ");
            cli_error(CMD, "unknown input format '%s' (auto, %s)", from_name, names);
            return CLI_USAGE;
        }
    }
    int mainline = cli_get(a, "--mainline") != NULL, no_comments = cli_get(a, "--no-comments") != NULL;
    cv->read_flags = cv->out == OUT_PGN ? (mainline ? CHC_PGN_MAINLINE_ONLY : 0) |
                                              (no_comments ? CHC_PGN_NO_COMMENTS : 0)
                                        : CHC_PGN_MAINLINE_ONLY | CHC_PGN_NO_COMMENTS;
    cv->write_flags = (mainline ? CHC_PGN_WRITE_NO_VARIATIONS : 0) |
                      (no_comments ? CHC_PGN_WRITE_NO_COMMENTS : 0);
    cv->strict = cli_get(a, "--strict") != NULL;
    if (a->npos > 1) {
        cli_error(CMD, "more than one input file");
        return CLI_USAGE;
    }
    return CLI_OK;
}

/* Converts a PGN input in this thread. */
static int run_single(const conv *cv, input *in, FILE *out, cli_progress *pg, totals *tot)
{
    work w;
    result res;
    memset(&res, 0, sizeof res);
    chc_pgn_reader *r = chc_pgn_reader_new(input_read, in, cv->read_flags);
    int rc = CHC_E_NO_MEMORY;
    if (r && work_init(&w) == 0) {
        single_ctx sc = {out, pg, r, 0};
        rc = run_pgn(cv, &w, r, &res, flush_single, &sc);
        if (flush_single(&res, &sc)) rc = CHC_E_IO;
        work_free(&w);
    }
    tot->good = res.good;
    tot->bad = res.bad;
    free(res.out.p);
    free(res.err.p);
    chc_pgn_reader_free(r);
    return rc;
}

int cmd_convert(int argc, char **argv)
{
    cli_args a;
    int rc = cli_parse(&spec, argc, argv, &a);
    if (rc != CLI_OK) return rc;
    conv cv;
    enum in_kind ik;
    int binary_in = 0, quiet = cli_get(&a, "--quiet") != NULL;
    long threads = ncores();
    const char *in_path = a.npos ? a.pos[0] : NULL, *out_path = cli_get(&a, "-o");
    rc = setup(&a, &cv, &ik, &binary_in);
    free(a.pos);
    if (rc != CLI_OK) return rc;
    if (cli_get(&a, "--threads") &&
        (cli_parse_long(cli_get(&a, "--threads"), &threads) || threads < 1 || threads > 256)) {
        cli_error(CMD, "--threads needs a number from 1 to 256");
        return CLI_USAGE;
    }
    input in;
    memset(&in, 0, sizeof in);
    if (!in_path || strcmp(in_path, "-") == 0) {
        in.f = stdin;
    } else if (!(in.f = fopen(in_path, "rb"))) {
        cli_error(CMD, "cannot open '%s': %s", in_path, strerror(errno));
        return CLI_BAD_INPUT;
    }
    cli_note_input(in_path);
    struct stat st;
    if (fstat(fileno(in.f), &st) == 0 && S_ISREG(st.st_mode)) in.size = (uint64_t)st.st_size;
    /* Look ahead to choose between PGN and lines. */
    int is_pgn = ik == IN_PGN;
    if (ik == IN_AUTO) {
        in.peek = malloc(4096);
        if (!in.peek) return CLI_BAD_INPUT;
        in.npeek = fread(in.peek, 1, 4096, in.f);
        is_pgn = looks_pgn(in.peek, in.npeek);
    }
    cli_out out;
    if (cli_out_open(&out, CMD, out_path) != CLI_OK) {
        if (in.f != stdin) fclose(in.f);
        free(in.peek);
        return CLI_BAD_INPUT;
    }
    static char obuf[1 << 16];
    setvbuf(out.f, obuf, _IOFBF, sizeof obuf);
    cli_progress pg;
    cli_progress_init(&pg, quiet, in.size);

    totals tot = {0, 0, 0, 0};
    if (binary_in)
        rc = run_binary(&cv, &in, out.f, &tot);
    else if (!is_pgn || threads > 1)
        rc = run_threads(&cv, &in, is_pgn, (int)threads, out.f, &pg, &tot);
    else
        rc = run_single(&cv, &in, out.f, &pg, &tot);
    cli_progress_end(&pg);
    if (in.f != stdin) fclose(in.f);
    free(in.peek);
    long items = tot.good + tot.bad + tot.blank;
    if (tot.listed > MAX_ERRORS_SHOWN)
        cli_error(CMD, "(%ld more errors not shown)", tot.listed - MAX_ERRORS_SHOWN);
    if (rc == CHC_OK && is_pgn && !binary_in && items > 0 && !ends_with_result(&in))
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
        const char *unit = is_pgn && !binary_in ? "game" : binary_in ? "record" : "line";
        cli_error(CMD, "%ld %s%s: %ld converted%s, %ld bad", items, unit, items == 1 ? "" : "s",
                  tot.good, blank, tot.bad);
    }
    return tot.bad ? CLI_BAD_INPUT : CLI_OK;
}
