/* Internal: filling a chc_diag. */
#ifndef CHC_COMMON_DIAG_H
#define CHC_COMMON_DIAG_H
#include "chesscodec.h"

/* Fills *diag (if not NULL) and returns `code`, so a parser can write
 *     return chci_fail(diag, CHC_E_FEN_SYNTAX, off, 0, off + 1, field, "bad piece '%c'", c);
 * `offset`/`index` -1 and `line`/`column` 0 when unknown. */
int chci_fail(chc_diag *diag, int code, long offset, long line, long column, long index,
              const char *fmt, ...) __attribute__((format(printf, 7, 8)));
#endif
