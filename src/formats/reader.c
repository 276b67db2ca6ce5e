/* Readers: a stream of items from a callback or memory. Three shapes of input:
 *   PGN          games, through the streaming PGN reader;
 *   lines        one game or position a line, each line read in its format (detected, or
 *                the one given); blank lines are CHC_E_EMPTY items so that output line N can
 *                stay input line N;
 *   pack stream  binary records after a header.
 * Memory stays bounded by the largest item: a line, a PGN game, a record. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "formats/formats.h"

#define PEEK 4096
#define CHUNK ((size_t)1 << 16)
#define LINE_MAX_BYTES ((size_t)64 << 20)

enum shape { SHAPE_UNKNOWN, SHAPE_PGN, SHAPE_LINES, SHAPE_STREAM };

struct chc_reader {
    chc_read_fn fn;
    void *ctx;
    const char *mem;      /* memory input (NULL for a callback) */
    size_t mem_len, mem_pos;
    int format;           /* as asked (AUTO: detect) */
    unsigned flags;
    enum shape shape;
    int eof, ioerr;
    /* Bytes read but not yet used: buf[start..end). */
    char *buf;
    size_t cap, start, end;
    uint64_t consumed;    /* bytes before buf[start] */
    chc_pgn_reader *pgn;
    int last_format;      /* format of the last item */
    long item, line;      /* last item's number and first line */
    long next_line;       /* line number of buf[start] (lines shape) */
    chc_game *tmp;        /* for positions read from game items */
};

/* ---- input ------------------------------------------------------------------------------- */
static size_t raw_read(chc_reader *r, char *dst, size_t cap)
{
    if (r->mem) {
        size_t n = r->mem_len - r->mem_pos;
        if (n > cap) n = cap;
        memcpy(dst, r->mem + r->mem_pos, n);
        r->mem_pos += n;
        return n;
    }
    return r->fn(r->ctx, dst, cap);
}

/* Reads more bytes after buf[end] (keeping buf[start..end)). Returns 1 when bytes came. */
static int fill(chc_reader *r)
{
    if (r->eof) return 0;
    if (r->start > 0) {
        memmove(r->buf, r->buf + r->start, r->end - r->start);
        r->consumed += r->start;
        r->end -= r->start;
        r->start = 0;
    }
    if (r->cap - r->end < CHUNK) {
        size_t cap = r->cap ? r->cap * 2 : CHUNK * 2;
        char *b = realloc(r->buf, cap);
        if (!b) {
            r->ioerr = CHC_E_NO_MEMORY;
            r->eof = 1;
            return 0;
        }
        r->buf = b;
        r->cap = cap;
    }
    size_t n = raw_read(r, r->buf + r->end, r->cap - r->end);
    if (n == (size_t)-1) {
        r->ioerr = CHC_E_IO;
        r->eof = 1;
        return 0;
    }
    if (n == 0) {
        r->eof = 1;
        return 0;
    }
    r->end += n;
    return 1;
}

/* The PGN reader pulls through here: first the bytes already buffered, then the input. */
static size_t pgn_pull(void *ctx, char *dst, size_t cap)
{
    chc_reader *r = ctx;
    if (r->start < r->end) {
        size_t n = r->end - r->start;
        if (n > cap) n = cap;
        memcpy(dst, r->buf + r->start, n);
        r->start += n;
        return n;
    }
    if (r->ioerr) return (size_t)-1;
    size_t n = raw_read(r, dst, cap);
    if (n == (size_t)-1) r->ioerr = CHC_E_IO;
    return n;
}

static chc_reader *reader_make(int format, unsigned flags)
{
    chc_reader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->format = format;
    r->flags = flags;
    r->next_line = 1;
    return r;
}

chc_reader *chc_reader_new(chc_read_fn fn, void *ctx, int format, unsigned flags)
{
    chc_reader *r = reader_make(format, flags);
    if (!r) return NULL;
    r->fn = fn;
    r->ctx = ctx;
    return r;
}

chc_reader *chc_reader_new_mem(const void *data, size_t len, int format, unsigned flags)
{
    chc_reader *r = reader_make(format, flags);
    if (!r) return NULL;
    r->mem = data ? data : "";
    r->mem_len = data ? len : 0;
    return r;
}

void chc_reader_free(chc_reader *r)
{
    if (!r) return;
    chc_pgn_reader_free(r->pgn);
    chc_game_free(r->tmp);
    free(r->buf);
    free(r);
}

int chc_reader_format(const chc_reader *r)
{
    if (r->shape == SHAPE_PGN) return CHC_FORMAT_PGN;
    if (r->shape == SHAPE_STREAM) return CHC_FORMAT_PACK_STREAM;
    return r->last_format;
}

long chc_reader_item(const chc_reader *r) { return r->item; }
long chc_reader_line(const chc_reader *r) { return r->line; }

uint64_t chc_reader_bytes(const chc_reader *r)
{
    if (r->shape == SHAPE_PGN && r->pgn) return chc_pgn_reader_bytes(r->pgn);
    return r->consumed + r->start;
}

/* ---- the input's shape --------------------------------------------------------------------- */
static int decide_shape(chc_reader *r, chc_diag *diag)
{
    while (r->end - r->start < PEEK && fill(r)) {
    }
    if (r->ioerr) return r->ioerr;
    const char *p = r->buf ? r->buf + r->start : "";
    size_t n = r->end - r->start;
    int f = r->format;
    if (f == CHC_FORMAT_PACK_STREAM ||
        (f == CHC_FORMAT_AUTO && n >= CHC_PACK_STREAM_HEADER_BYTES &&
         chc_pack_stream_check_header((const uint8_t *)p, n, NULL) == CHC_OK)) {
        r->shape = SHAPE_STREAM;
        int rc = chc_pack_stream_check_header((const uint8_t *)p, n, diag);
        if (rc != CHC_OK) return rc;
        r->start += CHC_PACK_STREAM_HEADER_BYTES;
        return CHC_OK;
    }
    int pgn = f == CHC_FORMAT_PGN;
    if (f == CHC_FORMAT_AUTO && !(r->flags & CHC_READER_POSITIONS)) {
        size_t i = 0;
        if (n >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0) i = 3;
        while (i < n && chci_fmt_space((unsigned char)p[i])) i++;
        pgn = i < n && (p[i] == '[' || p[i] == '{' || p[i] == '%' || p[i] == ';');
    }
    if (pgn) {
        r->shape = SHAPE_PGN;
        r->pgn = chc_pgn_reader_new(pgn_pull, r, r->flags & (CHC_PGN_MAINLINE_ONLY |
                                                             CHC_PGN_NO_COMMENTS));
        if (!r->pgn) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "out of memory");
        return CHC_OK;
    }
    r->shape = SHAPE_LINES;
    /* A BOM before the first line is not part of it. */
    if (n >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0) r->start += 3;
    return CHC_OK;
}

static int item_fail(chc_reader *r, chc_diag *diag, int rc)
{
    (void)r;
    return chci_fail(diag, rc, (long)chc_reader_bytes(r), r->next_line, 0, -1, "item %ld: %s",
                     r->item + 1, rc == CHC_E_IO ? "reading the input failed" : chc_strerror(rc));
}

/* ---- one item ------------------------------------------------------------------------------ */
static int next_pgn(chc_reader *r, chc_position *pos, chc_game *g, chc_read_info *info,
                    chc_diag *diag)
{
    chc_game *gg = g;
    if (!gg) {
        if (!r->tmp && !(r->tmp = chc_game_new()))
            return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "out of memory");
        gg = r->tmp;
    }
    int rc = chc_pgn_read_game(r->pgn, gg, diag);
    if (rc == CHC_E_GAME_END) return rc;
    r->item = chc_pgn_reader_game_number(r->pgn);
    r->line = diag && rc != CHC_OK ? diag->line : r->line;
    r->last_format = CHC_FORMAT_PGN;
    if (info) {
        memset(info, 0, sizeof *info);
        info->format = CHC_FORMAT_PGN;
        if (chc_pgn_reader_truncated(r->pgn)) info->flags |= CHC_READ_NO_RESULT;
    }
    if (rc == CHC_OK && pos) chc_game_position(gg, chc_game_ply_count(gg), pos);
    return rc;
}

static int next_record(chc_reader *r, chc_position *pos, chc_game *g, chc_read_info *info,
                       chc_diag *diag)
{
    chc_game *gg = g;
    if (!gg) {
        if (!r->tmp && !(r->tmp = chc_game_new()))
            return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "out of memory");
        gg = r->tmp;
    }
    for (;;) {
        if (r->start == r->end && !fill(r)) {
            if (r->ioerr) return item_fail(r, diag, r->ioerr);
            return chci_fail(diag, CHC_E_GAME_END, (long)chc_reader_bytes(r), 0, 0, -1,
                             "end of input after %ld records", r->item);
        }
        size_t used = 0;
        chc_position p;
        chc_read_info ri;
        memset(&ri, 0, sizeof ri);
        chc_diag d = CHC_DIAG_INIT;
        int rc = chc_pack_stream_read_record((const uint8_t *)r->buf + r->start,
                                             r->end - r->start, &used, gg, &p, &ri, &d);
        if (rc == CHC_E_STREAM_FORMAT && !r->eof) {
            /* Maybe only cut by the buffer: read more and try again. */
            if (r->end - r->start > LINE_MAX_BYTES) {
                r->eof = 1;
            } else {
                fill(r);
                continue;
            }
        }
        r->item++;
        r->line = 0;
        if (used > 0 && used <= r->end - r->start) {
            r->start += used;
        } else if (rc != CHC_OK) {
            /* The framing is lost: nothing after this record can be read. */
            r->consumed += r->end - r->start;
            r->start = r->end;
            r->eof = 1;
        }
        r->last_format = ri.format ? ri.format : CHC_FORMAT_PACK_GAME;
        if (info) {
            *info = ri;
            info->format = r->last_format;
        }
        if (rc != CHC_OK) {
            if (diag) {
                *diag = d;
                if (!diag->message[0])
                    snprintf(diag->message, sizeof diag->message, "record %ld: %s", r->item,
                             chc_strerror(rc));
            }
            return rc;
        }
        if (ri.format == CHC_FORMAT_PACK_POSITION) {
            if (pos) *pos = p;
            else chc_game_reset(gg, &p);
        } else if (pos) {
            chc_game_position(gg, chc_game_ply_count(gg), pos);
        }
        return CHC_OK;
    }
}

static int next_line(chc_reader *r, chc_position *pos, chc_game *g, chc_read_info *info,
                     chc_diag *diag)
{
    /* Find the line end, reading more as needed. */
    size_t scan = r->start;
    char *nl;
    for (;;) {
        nl = r->end > scan ? memchr(r->buf + scan, '\n', r->end - scan) : NULL;
        if (nl) break;
        if (r->end - r->start > LINE_MAX_BYTES) break;
        size_t rel = r->end - r->start;
        if (!fill(r)) break;
        scan = r->start + rel;
    }
    if (r->ioerr) return item_fail(r, diag, r->ioerr);
    if (!nl && r->start == r->end)
        return chci_fail(diag, CHC_E_GAME_END, (long)chc_reader_bytes(r), r->next_line, 0, -1,
                         "end of input after %ld lines", r->next_line - 1);
    size_t len = nl ? (size_t)(nl - (r->buf + r->start)) : r->end - r->start;
    const char *text = r->buf + r->start;
    long lineno = r->next_line++;
    r->item++;
    r->line = lineno;
    size_t after = len + (nl ? 1 : 0);
    int rc;
    chc_read_info ri;
    memset(&ri, 0, sizeof ri);
    if (len > LINE_MAX_BYTES) {
        rc = chci_fail(diag, CHC_E_LIMIT, -1, lineno, 0, -1, "line %ld: longer than %zu bytes",
                       lineno, LINE_MAX_BYTES);
        /* Skip the rest of the line. */
        r->start = r->end;
        while (fill(r)) {
            char *e = memchr(r->buf + r->start, '\n', r->end - r->start);
            if (e) {
                r->start = (size_t)(e - r->buf) + 1;
                break;
            }
            r->start = r->end;
        }
        return rc;
    }
    size_t tl = len;
    chci_fmt_trim(text, &tl);
    if (tl == 0) {
        r->start += after;
        if (info) memset(info, 0, sizeof *info);
        return chci_fail(diag, CHC_E_EMPTY, (long)chc_reader_bytes(r), lineno, 0, -1,
                         "line %ld: blank", lineno);
    }
    chc_diag d = CHC_DIAG_INIT;
    unsigned kinds = r->flags & CHC_READER_POSITIONS ? CHC_KIND_POSITION
                                                     : CHC_KIND_POSITION | CHC_KIND_GAME;
    if (r->format == CHC_FORMAT_AUTO)
        rc = chci_fmt_detect_read(text, len, kinds, pos, g, &ri, &d);
    else
        rc = chci_fmt_read(text, len, r->format, pos, g, &ri, &d);
    uint64_t base = chc_reader_bytes(r);
    r->start += after;
    r->last_format = ri.format;
    if (info) *info = ri;
    if (rc != CHC_OK && diag) {
        *diag = d;
        diag->line = lineno;
        if (diag->offset >= 0) diag->offset += (long)base;
        snprintf(diag->message, sizeof diag->message, "line %ld: %.170s", lineno, d.message);
    }
    return rc;
}

static int next_item(chc_reader *r, chc_position *pos, chc_game *g, chc_read_info *info,
                     chc_diag *diag)
{
    if (r->shape == SHAPE_UNKNOWN) {
        int rc = decide_shape(r, diag);
        if (rc != CHC_OK) {
            r->shape = SHAPE_LINES;
            r->eof = 1;
            r->start = r->end;
            if (rc == CHC_E_IO || rc == CHC_E_NO_MEMORY) return item_fail(r, diag, rc);
            return rc;
        }
    }
    switch (r->shape) {
    case SHAPE_PGN: return next_pgn(r, pos, g, info, diag);
    case SHAPE_STREAM: return next_record(r, pos, g, info, diag);
    default: return next_line(r, pos, g, info, diag);
    }
}

int chc_reader_next_game(chc_reader *r, chc_game *g, chc_read_info *info, chc_diag *diag)
{
    return next_item(r, NULL, g, info, diag);
}

int chc_reader_next_position(chc_reader *r, chc_position *pos, chc_read_info *info,
                             chc_diag *diag)
{
    return next_item(r, pos, NULL, info, diag);
}
