/* Position formats of the command line: one table entry per format (name, detector, decoder,
 * encoder), until the library's formats layer (chc_position_read/write) replaces it. */
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
/* Writes the names joined by `sep` into buf (for usage messages). */
void pos_format_names(char *buf, size_t cap, const char *sep);
#endif
