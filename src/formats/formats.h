/* Internal: shared by the files of the formats layer (registry, detection, one-line games,
 * position and game text, readers). */
#ifndef CHC_FORMATS_FORMATS_H
#define CHC_FORMATS_FORMATS_H
#include <stddef.h>

#include "chesscodec.h"

/* Text output with the calling convention: bytes past the capacity are counted, not
 * written; chci_out_end() NUL-terminates and says whether it fitted. */
typedef struct chci_out {
    char *dst;
    size_t cap, len;
} chci_out;
void chci_out_put(chci_out *o, const char *s, size_t n);
void chci_out_puts(chci_out *o, const char *s);
/* Returns CHC_OK, or CHC_E_BUFFER_TOO_SMALL (dst then holds "" when cap > 0); *dst_len (NULL
 * accepted) gets the length. */
int chci_out_end(chci_out *o, size_t *dst_len);

/* White space of the formats layer: space, tab, CR, LF, FF, VT. */
int chci_fmt_space(int c);
/* Trims white space (and a leading UTF-8 BOM) around src[0..*len): returns the new start. */
const char *chci_fmt_trim(const char *src, size_t *len);

/* One-line games (lines.c, docs/formats/lines.md). chci_line_read reads `format`
 * (CHC_FORMAT_SAN_LINE or CHC_FORMAT_UCI_LINE; CHC_FORMAT_AUTO: UCI when every move word is
 * UCI, else SAN; *found gets which) into g (reset first). */
int chci_line_read(const char *src, size_t len, int format, chc_game *g, int *found,
                   chc_diag *diag);
int chci_line_write(const chc_game *g, int format, char *dst, size_t dst_cap, size_t *dst_len,
                    chc_diag *diag);
/* Non-zero when the first word of src is a keyword of the line syntax ("position",
 * "chess960", "startpos", "fen", "moves"). */
int chci_line_keyword_start(const char *src, size_t len);
/* Non-zero when the word w[0..n) could be meant as a move or a move number. */
int chci_line_word_movelike(const char *w, size_t n);
/* The result token w[0..n) as enum chc_result, or -1. */
int chci_line_result(const char *w, size_t n);

/* For chci_fmt_read: a SAN or UCI line, as its moves say. */
#define CHCI_FORMAT_LINE (-1)
/* Reads one position or game in a known format (io.c). Exactly one of pos and g is used:
 * a game format read into pos gives the position at the end of its main line; a position
 * format read into g gives a game with no moves. */
int chci_fmt_read(const char *src, size_t len, int format, chc_position *pos, chc_game *g,
                  chc_read_info *info, chc_diag *diag);
/* Detection (detect.c): as chci_fmt_read with CHC_FORMAT_AUTO among `kinds`. */
int chci_fmt_detect_read(const char *src, size_t len, unsigned kinds, chc_position *pos,
                         chc_game *g, chc_read_info *info, chc_diag *diag);
/* A format's display label ("FEN", "MSCS", ...) for messages, "?" for none. */
const char *chci_fmt_label(int format);
#endif
