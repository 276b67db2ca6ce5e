/* Game formats of `chesscodec convert`: one table entry per one-line game format (name,
 * detector, reader, writer). `convert --to NAME` and `--from NAME` go through this table, so a
 * new game code (urlsafe, pack, ...) is one entry in cli/game_formats.c.
 * A game here is a start position and a main line of moves (no tags, comments or variations). */
#ifndef CHC_CLI_GAME_FORMATS_H
#define CHC_CLI_GAME_FORMATS_H
#include <stddef.h>

#include "chesscodec.h"

/* A growable text buffer (writers append to it; never NUL-terminated by contract). */
typedef struct gf_text {
    char *p;
    size_t len, cap;
} gf_text;
/* Appends n bytes; returns 0 or -1 (no memory). */
int gf_put(gf_text *t, const char *s, size_t n);
int gf_putc(gf_text *t, char c);
/* Makes room for n more bytes (then write at t->p + t->len and add to t->len). */
int gf_reserve(gf_text *t, size_t n);

/* A growable move list. */
typedef struct gf_moves {
    chc_move *v;
    size_t n, cap;
} gf_moves;
int gf_push(gf_moves *m, chc_move mv);

typedef struct game_format {
    const char *name;    /* as given to --to / --from */
    const char *summary; /* one line for --help */
    /* Non-zero if `line` (trimmed, NUL-terminated) looks like this format; NULL: never
     * auto-detected (give --from NAME). */
    int (*detect)(const char *line);
    /* One line (NUL-terminated, no line end) -> start position + moves (append to `moves`,
     * which the caller has emptied; `start` is preset to the standard start). Returns CHC_OK
     * or an error code with diag filled (diag->index: the ply or character). NULL when the
     * format cannot be read. */
    int (*read)(const char *line, chc_position *start, gf_moves *moves, chc_diag *diag);
    /* start + moves -> one line appended to `out` (without the line end). Returns CHC_OK or an
     * error code with diag filled. NULL when the format cannot be written. */
    int (*write)(const chc_position *start, const chc_move *moves, size_t n, gf_text *out,
                 chc_diag *diag);
} game_format;

/* The formats, in detection order; the last entry has name NULL. */
extern const game_format game_formats[];

/* The format called `name`, or NULL. */
const game_format *game_format_find(const char *name);
/* The first format whose detector accepts `line`, or NULL. */
const game_format *game_format_detect(const char *line);
/* Writes the names of formats having a reader (want_read) or a writer, joined by `sep`. */
void game_format_names(char *buf, size_t cap, const char *sep, int want_read);
#endif
