/* Position formats of the command line: one table entry per format (name, detector, decoder,
 * encoder). `encode --to NAME`, `decode [--format NAME]` and `move` go through this table, so
 * a new position code is one entry in cli/pos_formats.c. */
#ifndef CHC_CLI_POS_FORMATS_H
#define CHC_CLI_POS_FORMATS_H
#include <stddef.h>

#include "chesscodec.h"

/* Room for any encoder's output, with NUL. */
#define POS_FORMAT_MAX 1024

typedef struct pos_format {
    const char *name;    /* as given to --to / --format */
    const char *summary; /* one line for --help */
    /* Non-zero if `text` (trimmed, NUL-terminated) looks like this format. */
    int (*detect)(const char *text);
    /* text -> position: CHC_OK or an error code with diag filled. */
    int (*decode)(const char *text, chc_position *pos, chc_diag *diag);
    /* position -> NUL-terminated text in buf (POS_FORMAT_MAX bytes): CHC_OK or an error. */
    int (*encode)(const chc_position *pos, char *buf, size_t cap, chc_diag *diag);
} pos_format;

/* The formats, in detection order; the last entry has name NULL. */
extern const pos_format pos_formats[];

/* The format called `name`, or NULL. */
const pos_format *pos_format_find(const char *name);
/* The first format whose detector accepts `text`, or NULL. */
const pos_format *pos_format_detect(const char *text);
/* Decodes `text` (white space around it is ignored) with format `forced`, or with the
 * detected format when forced is NULL. *used (NULL accepted) gets the format. Returns CHC_OK
 * or an error code with diag filled (CHC_E_UNSUPPORTED when no format matches). */
int pos_format_decode_any(const char *text, const pos_format *forced, chc_position *pos,
                          const pos_format **used, chc_diag *diag);
/* The body of `encode` and `decode`: reads positions (the n strings in inputs, or lines of
 * stdin when n is 0; empty lines skipped), decodes each with `from` (NULL: detect) and writes
 * it with `to`, one per line, to `out_path` (NULL or "-": stdout; written whole or not at
 * all). Stops at the first bad input with one line on stderr. Returns a CLI exit status. */
int pos_format_run(const char *cmd, char **inputs, int n, const pos_format *from,
                   const pos_format *to, const char *out_path);
/* Writes the names joined by `sep` into buf (for usage messages). */
void pos_format_names(char *buf, size_t cap, const char *sep);
#endif
