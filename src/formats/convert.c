/* chc_convert: every item of an input (PGN games, one game or position a line, or a pack
 * stream) written in another format, in input order, with N threads and bounded memory.
 *
 * Line input: the calling thread cuts the input into batches of whole lines, N workers
 * convert batches, and the calling thread writes the results in input order (a ring of 3N
 * batches bounds the memory). PGN with one thread: the streaming reader, each game converted
 * where it is read. PGN with more: the calling thread cuts the input into blocks where a game
 * probably starts (fill_block), workers read each block in one pass (run_block), and an item
 * a block's end may have cut is read again serially when its block is written (redo), so the
 * result is that of one thread. A batch's bad items are kept with it and reported, in order,
 * when it is written. A pack stream is read by the library's reader in the calling thread. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/diag.h"
#include "formats/formats.h"
#include "notation/notation.h"

#define BATCH_BYTES ((size_t)1 << 20)
#define BATCH_ITEMS 4096L
#define CHUNK 4096
#define PEEK_BYTES ((size_t)1 << 16)
#define REDO_READ ((size_t)1 << 14)
/* PGN blocks with N threads: small enough that the first and last blocks, read by one
 * thread, cost little (256 KB: 2 threads 5% faster than with 1 MB on the bench file) */
#define BLOCK_BYTES ((size_t)1 << 18)
#define LINE_MAX_BYTES ((size_t)64 << 20)
#define MAX_THREADS 256
#define KNOWN_FLAGS (CHC_CONVERT_STRICT | CHC_CONVERT_EVERY_POSITION | CHC_CONVERT_POSITIONS)

enum shape { IN_LINES, IN_PGN, IN_STREAM };

/* The settings of one conversion, read by every worker. */
typedef struct conv {
    int to, from;
    int line_out;          /* one line an item: a bad or blank one leaves an empty line */
    unsigned read_flags, write_flags, flags;
} conv;

typedef struct text {
    char *p;
    size_t len, cap;
} text;

static int reserve(text *t, size_t n)
{
    if (t->cap - t->len >= n) return 0;
    size_t cap = t->cap ? t->cap : 4096;
    while (cap - t->len < n) cap *= 2;
    char *p = realloc(t->p, cap);
    if (!p) return -1;
    t->p = p;
    t->cap = cap;
    return 0;
}

static int put(text *t, const void *s, size_t n)
{
    if (n == 0) return 0;
    if (reserve(t, n)) return -1;
    memcpy(t->p + t->len, s, n);
    t->len += n;
    return 0;
}

/* A bad item: its number and what is wrong. */
typedef struct bad_item {
    long item;
    chc_diag diag;
} bad_item;

/* What one batch produces: its output, its bad items in order, its counts. */
typedef struct result {
    text out;
    bad_item *bad;
    size_t nbad, capbad;
    long good, blank;
    int stop;              /* a bad item ended the conversion (strict) */
    int truncated;         /* its last PGN game has no result token */
} result;

/* A worker's tools: a game, a growing buffer for its text, a PGN reader it points at each
 * game's text (made when first needed). */
typedef struct work {
    chc_game *g;
    text buf;
    chc_pgn_reader *pgn;
} work;

/* Sets d's message to "where: msg" (cut to the message's size). */
static void name_item(chc_diag *d, const char *where, const char *msg)
{
    char line[sizeof d->message + 128];
    snprintf(line, sizeof line, "%.100s: %s", where, msg);
    size_t n = strlen(line) < sizeof d->message ? strlen(line) : sizeof d->message - 1;
    memcpy(d->message, line, n);
    d->message[n] = 0;
}

static int note_bad(const conv *cv, result *res, long item, int code, const chc_diag *d,
                    const char *where)
{
    if (res->nbad == res->capbad) {
        size_t cap = res->capbad ? res->capbad * 2 : 16;
        bad_item *b = realloc(res->bad, cap * sizeof *b);
        if (!b) return CHC_E_NO_MEMORY;
        res->bad = b;
        res->capbad = cap;
    }
    bad_item *b = &res->bad[res->nbad++];
    b->item = item;
    b->diag = *d;
    b->diag.code = code;
    const char *msg = d->message[0] ? d->message : chc_strerror(code);
    /* a PGN reader's message already names the game */
    if (where && strncmp(msg, "game", 4) != 0) name_item(&b->diag, where, msg);
    else if (msg != d->message) snprintf(b->diag.message, sizeof b->diag.message, "%s", msg);
    if (cv->line_out && put(&res->out, "\n", 1)) return CHC_E_NO_MEMORY;
    if (cv->flags & CHC_CONVERT_STRICT) res->stop = 1;
    return CHC_OK;
}

/* Writes the game in w->g to res->out. */
static int emit(const conv *cv, work *w, result *res, chc_diag *d)
{
    size_t len = 0;
    int rc = CHC_OK;
    text *b = &w->buf;
    if (cv->flags & CHC_CONVERT_EVERY_POSITION) {
        for (size_t i = 0; i <= chc_game_ply_count(w->g) && rc == CHC_OK; i++) {
            chc_position pos;
            char code[CHC_POSITION_TEXT_MAX + 1];
            chc_game_position(w->g, i, &pos);
            rc = chc_position_write(&pos, cv->to, cv->write_flags, code, CHC_POSITION_TEXT_MAX,
                                    &len, d);
            if (rc == CHC_OK) code[len++] = '\n';
            if (rc == CHC_OK && put(&res->out, code, len)) rc = CHC_E_NO_MEMORY;
        }
        return rc == CHC_OK && put(&res->out, "\n", 1) ? CHC_E_NO_MEMORY : rc;
    }
    if (cv->to == CHC_FORMAT_PACK_STREAM) {
        if (reserve(b, CHC_PACK_STREAM_RECORD_MAX(chc_game_ply_count(w->g))))
            return CHC_E_NO_MEMORY;
        rc = chc_pack_stream_write_game(w->g, cv->write_flags, (uint8_t *)b->p, b->cap, &len, d);
    } else {
        /* written in place at the end of the output, a byte kept for the line end */
        text *o = &res->out;
        chc_game_set_rule_result(w->g);
        if (reserve(o, 256)) return CHC_E_NO_MEMORY;
        rc = chc_game_write(w->g, cv->to, cv->write_flags, o->p + o->len, o->cap - o->len - 1, &len, d);
        if (rc == CHC_E_BUFFER_TOO_SMALL) {
            if (reserve(o, len + 2)) return CHC_E_NO_MEMORY;
            rc = chc_game_write(w->g, cv->to, cv->write_flags, o->p + o->len, o->cap - o->len - 1, &len, d);
        }
        if (rc == CHC_OK) {
            o->len += len;
            if (cv->line_out) o->p[o->len++] = '\n';
        }
        return rc;
    }
    if (rc == CHC_OK && (put(&res->out, b->p, len) || (cv->line_out && put(&res->out, "\n", 1))))
        rc = CHC_E_NO_MEMORY;
    return rc;
}

/* Converts one item read with status rc (its diag d). Returns CHC_OK (also for a bad item),
 * or CHC_E_NO_MEMORY. */
static int item(const conv *cv, work *w, result *res, int rc, chc_diag *d, long number,
                const char *where)
{
    if (rc == CHC_OK) {
        rc = emit(cv, w, res, d);
        if (rc == CHC_OK) return res->good++, CHC_OK;
        if (rc == CHC_E_NO_MEMORY) return rc;
        char msg[sizeof d->message];
        snprintf(msg, sizeof msg, "%s", d->message[0] ? d->message : chc_strerror(rc));
        name_item(d, where, msg);
        where = NULL;
    }
    return note_bad(cv, res, number, rc, d, where);
}

/* Renumbers a block's bad items (games numbered from 1 in the block): `games` game numbers
 * came before it. Their messages start "game N" (the reader's, or name_item's). */
static void renumber(result *res, long games)
{
    for (size_t i = 0; games && i < res->nbad; i++) {
        bad_item *b = &res->bad[i];
        b->item += games;
        char *m = b->diag.message, *rest;
        if (strncmp(m, "game ", 5) != 0 || m[5] < '0' || m[5] > '9') continue;
        long n = strtol(m + 5, &rest, 10);
        char t[sizeof b->diag.message + 32];
        int k = snprintf(t, sizeof t, "game %ld", n + games);
        size_t len = (size_t)k, r = strlen(rest);
        if (len + r >= sizeof t) r = sizeof t - 1 - len;
        memcpy(t + len, rest, r);
        len += r;
        if (len > sizeof b->diag.message - 1) len = sizeof b->diag.message - 1;
        memcpy(m, t, len);
        m[len] = 0;
    }
}

/* The lines of a text (whole lines, the first one numbered `line`; the last may lack its
 * line end). */
static int run_lines(const conv *cv, work *w, const char *t, size_t n, long line, result *res)
{
    int rc = CHC_OK;
    for (const char *p = t, *end = t + n; p < end && rc == CHC_OK && !res->stop; line++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl ? nl : end;
        size_t len = (size_t)(e - p);
        chc_diag d = CHC_DIAG_INIT;
        chc_read_info info = {0, 0, 0, 0};
        if (cv->flags & CHC_CONVERT_POSITIONS) {
            chc_position pos;
            rc = chc_position_read(p, len, cv->from, &pos, &info, &d);
            if (rc == CHC_OK) chc_game_reset(w->g, &pos);
        } else {
            rc = chc_game_read(p, len, cv->from, w->g, &info, &d);
        }
        p = nl ? nl + 1 : end;
        if (rc == CHC_E_EMPTY) {
            res->blank++;
            rc = cv->line_out && put(&res->out, "\n", 1) ? CHC_E_NO_MEMORY : CHC_OK;
            continue;
        }
        const chc_format_info *fi = chc_format_get(info.format);
        char where[80];
        snprintf(where, sizeof where, "line %ld%s%s%s", line, fi ? " (" : "", fi ? fi->name : "",
                 fi ? ")" : "");
        d.line = line;
        rc = item(cv, w, res, rc, &d, line, where);
    }
    return rc;
}

/* ---- input ------------------------------------------------------------------------------ */
typedef struct input {
    chc_read_fn fn;
    void *ctx;
    char *peek;            /* bytes read ahead (to learn the shape, or a cut line), served first */
    size_t npeek, off;
    int failed;            /* the read callback failed while peeking */
    uint64_t bytes;        /* bytes served */
    long limit_game, limit_line; /* a PGN game over the size limit, reported with the next batch */
} input;

static size_t input_read(void *ctx, char *buf, size_t cap)
{
    input *in = ctx;
    size_t n;
    if (in->off < in->npeek) {
        n = in->npeek - in->off < cap ? in->npeek - in->off : cap;
        memcpy(buf, in->peek + in->off, n);
        in->off += n;
    } else if (in->failed) {
        return (size_t)-1;
    } else {
        n = in->fn(in->ctx, buf, cap);
        if (n == (size_t)-1) return n;
    }
    in->bytes += n;
    return n;
}

/* Serves `n` bytes at p (copied) again, before the rest of the input. */
static int input_unread(input *in, const char *p, size_t n)
{
    if (in->off >= n) { /* in place, before the bytes still to serve */
        in->off -= n;
        memmove(in->peek + in->off, p, n);
        in->bytes -= n;
        return CHC_OK;
    }
    size_t rest = in->npeek - in->off;
    char *keep = malloc(n + rest + 1);
    if (!keep) return CHC_E_NO_MEMORY;
    memcpy(keep, p, n);
    if (rest) memcpy(keep + n, in->peek + in->off, rest);
    free(in->peek);
    in->peek = keep;
    in->npeek = n + rest;
    in->off = 0;
    in->bytes -= n;
    return CHC_OK;
}

/* The shape of the input, as the library's reader sees its first bytes. */
static enum shape input_shape(input *in, unsigned reader_flags)
{
    if (!(in->peek = malloc(PEEK_BYTES))) return IN_LINES;
    while (in->npeek < PEEK_BYTES) {
        size_t n = in->fn(in->ctx, in->peek + in->npeek, PEEK_BYTES - in->npeek);
        if (n == (size_t)-1) in->failed = 1;
        if (n == 0 || n == (size_t)-1) break;
        in->npeek += n;
    }
    chc_reader *r = chc_reader_new_mem(in->peek, in->npeek, CHC_FORMAT_AUTO, reader_flags);
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

/* ---- output, in input order -------------------------------------------------------------- */
typedef struct sink {
    const chc_convert_options *opt;
    chc_write_fn write;
    void *write_ctx;
    chc_convert_stats *st;
} sink;

/* Writes a batch's output, reports its bad items, adds its counts. Returns CHC_OK, CHC_E_IO
 * (the write callback failed), or the error of a bad item that ended the conversion. */
static int flush(const sink *s, result *res, chc_diag *diag)
{
    int rc = CHC_OK;
    if (res->out.len && s->write(s->write_ctx, res->out.p, res->out.len) != 0)
        rc = chci_fail(diag, CHC_E_IO, -1, 0, 0, -1, "writing the output failed");
    s->st->bytes_out += res->out.len;
    for (size_t i = 0; i < res->nbad; i++)
        if (s->opt->on_error) s->opt->on_error(s->opt->ctx, res->bad[i].item, &res->bad[i].diag);
    s->st->converted += res->good;
    s->st->blank += res->blank;
    s->st->bad += (long)res->nbad;
    s->st->items = s->st->converted + s->st->blank + s->st->bad;
    s->st->flags = res->truncated ? CHC_READ_NO_RESULT : 0;
    if (rc == CHC_OK && res->stop && res->nbad) {
        rc = res->bad[res->nbad - 1].diag.code;
        if (diag) *diag = res->bad[res->nbad - 1].diag;
    }
    res->out.len = 0;
    res->nbad = 0;
    res->good = res->blank = 0;
    res->stop = res->truncated = 0;
    return rc;
}

static void progress(const sink *s, uint64_t bytes)
{
    s->st->bytes_in = bytes;
    if (s->opt->on_progress) s->opt->on_progress(s->opt->ctx, s->st);
}

static int memory_fail(chc_diag *diag)
{
    return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "out of memory");
}

/* A pack stream: the library's reader, in this thread. */
static int run_stream(const conv *cv, input *in, const sink *s, chc_diag *diag)
{
    chc_reader *r = chc_reader_new(input_read, in, CHC_FORMAT_PACK_STREAM, 0);
    work w = {chc_game_new(), {NULL, 0, 0}, NULL};
    result res;
    memset(&res, 0, sizeof res);
    int rc = r && w.g ? CHC_OK : CHC_E_NO_MEMORY;
    while (rc == CHC_OK) {
        chc_diag d = CHC_DIAG_INIT;
        rc = chc_reader_next_game(r, w.g, NULL, &d);
        if (rc == CHC_E_GAME_END) {
            rc = CHC_OK;
            break;
        }
        if (rc == CHC_E_IO) {
            if (diag) *diag = d;
            break;
        }
        char where[48];
        snprintf(where, sizeof where, "record %ld", chc_reader_item(r));
        rc = item(cv, &w, &res, rc, &d, chc_reader_item(r), where);
        if (rc == CHC_OK && (res.out.len > BATCH_BYTES || res.stop || res.nbad > BATCH_ITEMS)) {
            rc = flush(s, &res, diag);
            progress(s, chc_reader_bytes(r));
        }
    }
    int e = flush(s, &res, diag);
    if (rc == CHC_OK) rc = e;
    if (r) progress(s, chc_reader_bytes(r));
    if (rc == CHC_E_NO_MEMORY) memory_fail(diag);
    free(res.out.p);
    free(res.bad);
    free(w.buf.p);
    chc_game_free(w.g);
    chc_reader_free(r);
    return rc;
}

/* ---- threads ------------------------------------------------------------------------------ */
enum { FREE, FILLED, TAKEN, DONE };

/* A batch: whole lines, or (PGN, more than one thread) a block of the input cut where a game
 * probably starts, which a worker reads in one pass. */
typedef struct batch {
    text t;
    long first_line;       /* the number of its first line */
    uint64_t offset;       /* PGN: the input offset of t.p[0] */
    long ngames;           /* PGN: game numbers its worker used (the tail's excluded) */
    int tail;              /* PGN: its last item ran to its end: read again serially */
    size_t tail_off;       /* ... from this offset of t, */
    long tail_line;        /* ... on this line */
    int state;
    int rc;
    result res;
} batch;

typedef struct pool {
    pthread_mutex_t mu;
    pthread_cond_t cond;
    batch *b;
    int nb, quit, is_pgn;
    long next_take;        /* sequence number of the next batch a worker takes */
    const conv *cv;
} pool;

/* A PGN block, in one pass (the reader finds each game's end as it parses it), its games
 * numbered from 1. The serial reader would have read the same items up to the last one that
 * ends before the block's end: an item that runs to the block's end (the cut was not between
 * two games, or the input ends there) may go on in the next block, so it is left out (b->tail)
 * and read again serially when the block is written (redo()). */
static int run_block(const conv *cv, work *w, batch *b)
{
    result *res = &b->res;
    if (!w->pgn && !(w->pgn = chc_pgn_reader_new_mem("", 0, cv->read_flags, 1, 1)))
        return CHC_E_NO_MEMORY;
    chc_pgn_reader *r = w->pgn;
    chci_pgn_reader_number_raw(r);
    chci_pgn_reader_set_block(r, b->t.p, b->t.len, b->first_line, b->offset);
    b->tail = 0;
    int rc = CHC_OK;
    while (rc == CHC_OK && !res->stop) {
        size_t off = (size_t)(chc_pgn_reader_bytes(r) - b->offset);
        long line = chci_pgn_reader_line(r), games = chc_pgn_reader_game_number(r);
        chc_diag d = CHC_DIAG_INIT;
        int e = chc_pgn_read_game(r, w->g, &d);
        if (chci_pgn_reader_take_to_end(r) || e == CHC_E_LIMIT) {
            b->tail = 1;
            b->tail_off = off;
            b->tail_line = line;
            b->ngames = games;
            return CHC_OK;
        }
        if (e == CHC_E_GAME_END) break;
        if (e == CHC_E_NO_MEMORY || e == CHC_E_IO) return CHC_E_NO_MEMORY;
        long number = chc_pgn_reader_game_number(r);
        char where[48];
        snprintf(where, sizeof where, "game %ld", number);
        rc = item(cv, w, res, e, &d, number, where);
    }
    b->ngames = chc_pgn_reader_game_number(r);
    return rc;
}

static void run_batch(const pool *pl, work *w, batch *b)
{
    if (!w->g) b->rc = CHC_E_NO_MEMORY;
    else if (b->res.stop) b->rc = CHC_OK; /* the batch starts with a bad item (strict) */
    else if (pl->is_pgn) b->rc = run_block(pl->cv, w, b);
    else b->rc = run_lines(pl->cv, w, b->t.p, b->t.len, b->first_line, &b->res);
}

static void *worker(void *arg)
{
    pool *pl = arg;
    work w = {chc_game_new(), {NULL, 0, 0}, NULL};
    pthread_mutex_lock(&pl->mu);
    for (;;) {
        batch *b = NULL;
        while (!pl->quit && !b) {
            batch *c = &pl->b[pl->next_take % pl->nb];
            if (c->state == FILLED) {
                b = c;
                pl->next_take++;
                b->state = TAKEN;
            } else {
                pthread_cond_wait(&pl->cond, &pl->mu);
            }
        }
        if (!b) break;
        pthread_mutex_unlock(&pl->mu);
        run_batch(pl, &w, b);
        pthread_mutex_lock(&pl->mu);
        b->state = DONE;
        pthread_cond_broadcast(&pl->cond);
    }
    pthread_mutex_unlock(&pl->mu);
    chc_game_free(w.g);
    chc_pgn_reader_free(w.pgn);
    free(w.buf.p);
    return NULL;
}

/* Fills batch b with whole lines: about BATCH_BYTES or BATCH_ITEMS lines (a line longer than
 * that alone, up to LINE_MAX_BYTES); the start of the line cut by the batch's end waits for
 * the next batch. Returns CHC_OK, CHC_E_GAME_END at the end of input, or an error. */
static int fill_lines(batch *b, input *in, long *line)
{
    b->t.len = 0;
    b->first_line = *line;
    long lines = 0;
    int eof = 0;
    while ((b->t.len < BATCH_BYTES && lines < BATCH_ITEMS) ||
           (lines == 0 && b->t.len < LINE_MAX_BYTES)) {
        if (reserve(&b->t, CHUNK)) return CHC_E_NO_MEMORY;
        char *p = b->t.p + b->t.len;
        size_t n = input_read(in, p, CHUNK);
        if (n == (size_t)-1) return CHC_E_IO;
        if (n == 0) {
            eof = 1;
            break;
        }
        for (char *q = p; (q = memchr(q, '\n', (size_t)(p + n - q))); q++) lines++;
        b->t.len += n;
    }
    size_t keep = b->t.len;
    while (!eof && keep && b->t.p[keep - 1] != '\n') keep--;
    if (!eof && keep && input_unread(in, b->t.p + keep, b->t.len - keep) != CHC_OK)
        return CHC_E_NO_MEMORY;
    if (!eof && keep) b->t.len = keep;
    *line += lines;
    return b->t.len ? CHC_OK : CHC_E_GAME_END;
}

/* Where a PGN block of n bytes is probably best cut (a game probably starts there): the last
 * '[' after a blank line (LF or CRLF), else the last "\n[Event ", else the last "\n[", else
 * nowhere (n). A wrong guess costs time, never a different result (see run_block). */
static size_t block_cut(const char *p, size_t n)
{
    for (int pass = 0; pass < 3; pass++) {
        for (size_t i = n; --i > 0;) {
            if (p[i] != '[' || p[i - 1] != '\n') continue;
            const char *q = p + i;
            if (pass == 2) return i;
            if (pass == 1 && n - i >= 7 && memcmp(q, "[Event ", 7) == 0) return i;
            if (pass == 0 && i >= 2 && (p[i - 2] == '\n' || (i >= 3 && p[i - 2] == '\r' && p[i - 3] == '\n')))
                return i;
        }
    }
    return n;
}

/* Fills batch b with a PGN block: `size` bytes of the input cut at block_cut() (the rest is
 * read again by the next block), or the rest of the input. */
static int fill_block(batch *b, input *in, long *line, size_t size)
{
    b->t.len = 0;
    b->first_line = *line;
    b->offset = in->bytes;
    b->tail = 0;
    b->ngames = 0;
    b->rc = CHC_OK;
    if (reserve(&b->t, size)) return CHC_E_NO_MEMORY;
    int eof = 0;
    while (b->t.len < size) {
        size_t n = input_read(in, b->t.p + b->t.len, size - b->t.len);
        if (n == (size_t)-1) return CHC_E_IO;
        if (n == 0) {
            eof = 1;
            break;
        }
        b->t.len += n;
    }
    if (!eof) {
        size_t cut = block_cut(b->t.p, b->t.len);
        if (cut < b->t.len && input_unread(in, b->t.p + cut, b->t.len - cut) != CHC_OK)
            return CHC_E_NO_MEMORY;
        b->t.len = cut;
    }
    long lines = 0;
    for (const char *q = b->t.p, *end = q + b->t.len; (q = memchr(q, '\n', (size_t)(end - q))); q++)
        lines++;
    *line += lines;
    return b->t.len ? CHC_OK : CHC_E_GAME_END;
}

/* A PGN game over the size limit: a bad item (skipped) at the head of the result. */
static int limit_item(const conv *cv, result *res, input *in)
{
    chc_diag d = CHC_DIAG_INIT;
    long game = in->limit_game;
    chci_fail(&d, CHC_E_LIMIT, -1, in->limit_line, 0, -1,
              "game %ld, line %ld: game larger than %u bytes (skipped)", game, in->limit_line,
              CHC_PGN_MAX_GAME_BYTES);
    in->limit_game = 0;
    return note_bad(cv, res, game, CHC_E_LIMIT, &d, NULL);
}

/* fill_pgn with one thread: the reader parses each game where it holds it (in one pass when
 * it can: chc_pgn_read_game) and it is converted into b's result (b->t.len counts the bytes
 * read). */
static int fill_pgn_now(const conv *cv, batch *b, chc_pgn_reader *r, input *in, work *w)
{
    uint64_t start = chc_pgn_reader_bytes(r);
    long items = 0;
    while (b->t.len < BATCH_BYTES && !b->res.stop) {
        chc_diag d = CHC_DIAG_INIT;
        int e = chc_pgn_read_game(r, w->g, &d);
        if (e == CHC_E_GAME_END) return items || b->res.nbad ? CHC_OK : e;
        b->t.len = (size_t)(chc_pgn_reader_bytes(r) - start);
        if (e == CHC_E_LIMIT) {
            in->limit_game = chc_pgn_reader_game_number(r);
            in->limit_line = d.line;
            if (items) return CHC_OK;
            if (limit_item(cv, &b->res, in) != CHC_OK) return CHC_E_NO_MEMORY;
            continue;
        }
        if (e == CHC_E_IO) return e;
        if (e == CHC_E_NO_MEMORY) {
            b->rc = e;
            return CHC_OK;
        }
        items++;
        long number = chc_pgn_reader_game_number(r);
        char where[48];
        snprintf(where, sizeof where, "game %ld", number);
        b->rc = item(cv, w, &b->res, e, &d, number, where);
        b->res.truncated = chc_pgn_reader_truncated(r);
        if (b->rc != CHC_OK) return CHC_OK;
    }
    return CHC_OK;
}

/* Fills batch b with whole games (one thread): each game is converted into b's result where
 * the reader holds it, without copying it (b->t.len counts its bytes). A game over the size
 * limit ends the batch; it is reported first in the next one. */
static int fill_pgn(const conv *cv, batch *b, chc_pgn_reader *r, input *in, work *now)
{
    b->t.len = 0;
    b->rc = CHC_OK;
    if (in->limit_game && limit_item(cv, &b->res, in) != CHC_OK) return CHC_E_NO_MEMORY;
    return fill_pgn_now(cv, b, r, in, now);
}

/* The state of the PGN blocks' writer. */
typedef struct blocks {
    long games;            /* game numbers used before the next block written */
    long line;             /* line of the next block filled */
    long next_fill;        /* sequence number of the next block filled */
    int eof;
    result res;            /* the redone item's */
} blocks;

/* The redo's reader reads in small pieces: it usually reads one game, and gives back the
 * bytes it read past it. */
static size_t redo_read(void *ctx, char *buf, size_t cap)
{
    return input_read(ctx, buf, cap < REDO_READ ? cap : REDO_READ);
}

/* Block k's last item ran to its end (run_block): the blocks filled after it go back to the
 * input, and a serial reader reads from that item on, one item, exactly as one thread would
 * (the item may run over many blocks, or be over the size limit); blocks start again after it.
 * Returns CHC_OK or an error (diag set). */
static int redo(const conv *cv, pool *pl, long k, blocks *bs, input *in, work *self,
                const sink *s, chc_diag *diag)
{
    pthread_mutex_lock(&pl->mu);
    for (long j = k + 1; j < bs->next_fill; j++)
        while (pl->b[j % pl->nb].state != DONE) pthread_cond_wait(&pl->cond, &pl->mu);
    pl->next_take = k + 1;
    for (long j = k + 1; j < bs->next_fill; j++) pl->b[j % pl->nb].state = FREE;
    pthread_mutex_unlock(&pl->mu);
    int rc = CHC_OK;
    for (long j = bs->next_fill - 1; j > k && rc == CHC_OK; j--) {
        batch *c = &pl->b[j % pl->nb];
        rc = input_unread(in, c->t.p, c->t.len);
        c->res.out.len = c->res.nbad = 0;
        c->res.good = c->res.blank = 0;
        c->res.stop = c->res.truncated = 0;
    }
    batch *b = &pl->b[k % pl->nb];
    if (rc == CHC_OK) rc = input_unread(in, b->t.p + b->tail_off, b->t.len - b->tail_off);
    bs->next_fill = k + 1;
    bs->eof = 0;
    chc_pgn_reader *r = rc == CHC_OK ? chc_pgn_reader_new(redo_read, in, cv->read_flags) : NULL;
    if (!r) return memory_fail(diag);
    chci_pgn_reader_number_raw(r);
    chci_pgn_reader_resume(r, b->tail_line, bs->games, b->offset + b->tail_off);
    chc_diag d = CHC_DIAG_INIT;
    int e = chc_pgn_read_game(r, self->g, &d);
    if (e == CHC_E_LIMIT) {
        in->limit_game = chc_pgn_reader_game_number(r);
        in->limit_line = d.line;
        rc = limit_item(cv, &bs->res, in);
    } else if (e == CHC_E_IO) {
        rc = chci_fail(diag, e, -1, 0, 0, -1, "reading the input failed");
    } else if (e != CHC_E_GAME_END) {
        long number = chc_pgn_reader_game_number(r);
        char where[48];
        snprintf(where, sizeof where, "game %ld", number);
        rc = e == CHC_E_NO_MEMORY ? e : item(cv, self, &bs->res, e, &d, number, where);
        bs->res.truncated = chc_pgn_reader_truncated(r);
    }
    if (rc == CHC_E_NO_MEMORY) memory_fail(diag);
    if (rc == CHC_OK) rc = flush(s, &bs->res, diag);
    size_t n;
    const char *rest = chci_pgn_reader_pending(r, &n);
    if (rc == CHC_OK && n && input_unread(in, rest, n) != CHC_OK) rc = memory_fail(diag);
    bs->games = chc_pgn_reader_game_number(r);
    bs->line = chci_pgn_reader_line(r);
    chc_pgn_reader_free(r);
    return rc;
}

/* The block size (tests may make it tiny: CHC_CONVERT_BLOCK_BYTES). */
static size_t block_bytes(void)
{
    const char *e = getenv("CHC_CONVERT_BLOCK_BYTES");
    long n = e ? strtol(e, NULL, 10) : 0;
    return n >= 16 && n <= (1L << 26) ? (size_t)n : BLOCK_BYTES;
}

static int run_threads(const conv *cv, input *in, int is_pgn, int nthreads, const sink *s,
                       chc_diag *diag)
{
    pool pl;
    memset(&pl, 0, sizeof pl);
    pthread_mutex_init(&pl.mu, NULL);
    pthread_cond_init(&pl.cond, NULL);
    pl.nb = nthreads * 3;
    pl.b = calloc((size_t)pl.nb, sizeof *pl.b);
    pl.cv = cv;
    pl.is_pgn = is_pgn;
    /* One thread: each batch is converted where it was read (no hand-over between cores). */
    int alone = nthreads == 1;
    work self = {chc_game_new(), {NULL, 0, 0}, NULL};
    pthread_t *th = calloc((size_t)nthreads, sizeof *th);
    int started = 0;
    for (int i = 0; pl.b && th && !alone && i < nthreads; i++)
        if (pthread_create(&th[i], NULL, worker, &pl) == 0) started++;
    /* PGN, one thread: a streaming reader; more: blocks (fill_block, run_block, redo) */
    chc_pgn_reader *r = is_pgn && alone ? chc_pgn_reader_new(input_read, in, cv->read_flags) : NULL;
    if (r) chci_pgn_reader_number_raw(r);
    size_t block = block_bytes();
    int ready = self.g && (alone ? pl.b != NULL : started > 0);
    int rc = ready && (r || !is_pgn || !alone) ? CHC_OK : memory_fail(diag);
    blocks bs;
    memset(&bs, 0, sizeof bs);
    bs.line = 1;
    long next_write = 0;
    while (rc == CHC_OK && (!bs.eof || next_write < bs.next_fill)) {
        /* write finished batches in order; wait while the ring is full or input has ended */
        pthread_mutex_lock(&pl.mu);
        for (;;) {
            batch *w = &pl.b[next_write % pl.nb];
            if (rc == CHC_OK && next_write < bs.next_fill && w->state == DONE) {
                pthread_mutex_unlock(&pl.mu);
                if (w->rc != CHC_OK && rc == CHC_OK) rc = memory_fail(diag);
                if (is_pgn && !alone) renumber(&w->res, bs.games);
                int e = flush(s, &w->res, diag);
                if (rc == CHC_OK) rc = e;
                if (is_pgn && !alone) {
                    bs.games += w->ngames;
                    if (rc == CHC_OK && w->tail) rc = redo(cv, &pl, next_write, &bs, in, &self, s, diag);
                }
                progress(s, r ? chc_pgn_reader_bytes(r) : in->bytes);
                pthread_mutex_lock(&pl.mu);
                w->state = FREE;
                next_write++;
                continue;
            }
            if ((!bs.eof && bs.next_fill - next_write < pl.nb) || next_write == bs.next_fill ||
                rc != CHC_OK)
                break;
            pthread_cond_wait(&pl.cond, &pl.mu);
        }
        pthread_mutex_unlock(&pl.mu);
        if (bs.eof || rc != CHC_OK) continue;
        batch *b = &pl.b[bs.next_fill % pl.nb];
        int e = r ? fill_pgn(cv, b, r, in, &self)
                : is_pgn ? fill_block(b, in, &bs.line, block) : fill_lines(b, in, &bs.line);
        if (e != CHC_OK) bs.eof = 1;
        if (e == CHC_E_IO) rc = chci_fail(diag, e, -1, 0, 0, -1, "reading the input failed");
        else if (e != CHC_OK && e != CHC_E_GAME_END) rc = chci_fail(diag, e, -1, 0, 0, -1, "%s", chc_strerror(e));
        if ((b->t.len || b->res.nbad) && alone) {
            if (!r) run_batch(&pl, &self, b); /* PGN: converted while filled */
            b->state = DONE;
            bs.next_fill++;
        } else if (b->t.len || b->res.nbad) {
            pthread_mutex_lock(&pl.mu);
            b->state = FILLED;
            bs.next_fill++;
            pthread_cond_broadcast(&pl.cond);
            pthread_mutex_unlock(&pl.mu);
        }
    }
    pthread_mutex_lock(&pl.mu);
    pl.quit = 1;
    pthread_cond_broadcast(&pl.cond);
    pthread_mutex_unlock(&pl.mu);
    for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
    chc_game_free(self.g);
    chc_pgn_reader_free(self.pgn);
    free(self.buf.p);
    for (int i = 0; pl.b && i < pl.nb; i++) {
        free(pl.b[i].t.p);
        free(pl.b[i].res.out.p);
        free(pl.b[i].res.bad);
    }
    free(bs.res.out.p);
    free(bs.res.bad);
    progress(s, r ? chc_pgn_reader_bytes(r) : in->bytes);
    free(pl.b);
    free(th);
    chc_pgn_reader_free(r);
    pthread_mutex_destroy(&pl.mu);
    pthread_cond_destroy(&pl.cond);
    return rc;
}

/* ---- the conversion ------------------------------------------------------------------------ */
static int bad_options(chc_diag *diag, const char *why)
{
    return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "convert: %s", why);
}

/* Checks the options and fills *cv. */
static int setup(const chc_convert_options *opt, conv *cv, chc_diag *diag)
{
    const chc_format_info *to = chc_format_get(opt->to), *from = chc_format_get(opt->from);
    memset(cv, 0, sizeof *cv);
    if (!to || (!(to->caps & CHC_CAP_WRITE) && opt->to != CHC_FORMAT_PACK_STREAM))
        return bad_options(diag, "the output format is not one the library writes");
    if (opt->from != CHC_FORMAT_AUTO && (!from || !(from->caps & CHC_CAP_READ)))
        return bad_options(diag, "the input format is not one the library reads");
    if (opt->flags & ~KNOWN_FLAGS) return bad_options(diag, "unknown flags");
    if ((opt->flags & CHC_CONVERT_EVERY_POSITION) && to->kind != CHC_KIND_POSITION)
        return bad_options(diag, "every position needs a position format");
    if (opt->threads < 0 || opt->threads > MAX_THREADS)
        return bad_options(diag, "threads: 0 (one per core) to 256");
    cv->to = opt->to;
    cv->from = opt->from;
    cv->flags = opt->flags;
    cv->write_flags = opt->write_flags;
    cv->line_out = (to->caps & CHC_CAP_LINE) && !(opt->flags & CHC_CONVERT_EVERY_POSITION);
    /* read only what the output writes: variations and comments go to PGN only */
    unsigned wf = opt->to == CHC_FORMAT_PGN ? opt->write_flags
                                            : CHC_PGN_WRITE_NO_VARIATIONS | CHC_PGN_WRITE_NO_COMMENTS;
    cv->read_flags = (wf & CHC_PGN_WRITE_NO_VARIATIONS ? CHC_PGN_MAINLINE_ONLY : 0) |
                     (wf & CHC_PGN_WRITE_NO_COMMENTS ? CHC_PGN_NO_COMMENTS : 0);
    /* the write flags, tried on a game of no moves */
    work w = {chc_game_new(), {NULL, 0, 0}, NULL};
    result res;
    memset(&res, 0, sizeof res);
    chc_diag d = CHC_DIAG_INIT;
    int rc = w.g ? emit(cv, &w, &res, &d) : CHC_E_NO_MEMORY;
    chc_game_free(w.g);
    free(w.buf.p);
    free(res.out.p);
    if (rc == CHC_E_NO_MEMORY) return memory_fail(diag);
    if (rc == CHC_E_ARGUMENT && diag) *diag = d;
    return rc == CHC_E_ARGUMENT ? rc : CHC_OK;
}

static int cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

int chc_convert(chc_read_fn read, void *read_ctx, const chc_convert_options *opt,
                chc_write_fn write, void *write_ctx, chc_convert_stats *stats, chc_diag *diag)
{
    chc_convert_stats local;
    chc_convert_stats *st = stats ? stats : &local;
    memset(st, 0, sizeof *st);
    conv cv;
    int rc = setup(opt, &cv, diag);
    if (rc != CHC_OK) return rc;
    sink s = {opt, write, write_ctx, st};
    if (cv.to == CHC_FORMAT_PACK_STREAM) {
        uint8_t hdr[CHC_PACK_STREAM_HEADER_BYTES];
        size_t n = 0;
        rc = chc_pack_stream_header(hdr, sizeof hdr, &n);
        if (rc != CHC_OK)
            return chci_fail(diag, rc, -1, 0, 0, -1, "pack stream: %s", chc_strerror(rc));
        if (write(write_ctx, hdr, n) != 0)
            return chci_fail(diag, CHC_E_IO, -1, 0, 0, -1, "writing the output failed");
        st->bytes_out = n;
    }
    input in;
    memset(&in, 0, sizeof in);
    in.fn = read;
    in.ctx = read_ctx;
    enum shape shape = cv.from == CHC_FORMAT_PGN ? IN_PGN
                       : cv.from == CHC_FORMAT_PACK_STREAM ? IN_STREAM
                       : cv.from != CHC_FORMAT_AUTO ? IN_LINES
                       : input_shape(&in, cv.flags & CHC_CONVERT_POSITIONS ? CHC_READER_POSITIONS : 0);
    st->input_format = shape == IN_PGN ? CHC_FORMAT_PGN
                       : shape == IN_STREAM ? CHC_FORMAT_PACK_STREAM : cv.from;
    if (shape == IN_STREAM)
        rc = run_stream(&cv, &in, &s, diag);
    else
        rc = run_threads(&cv, &in, shape == IN_PGN, opt->threads ? opt->threads : cores(), &s, diag);
    free(in.peek);
    return rc;
}
