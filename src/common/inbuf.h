/* Internal: the input buffer of the streaming readers (the PGN reader, chc_reader). */
#ifndef CHC_COMMON_INBUF_H
#define CHC_COMMON_INBUF_H
#include <stddef.h>
#include <stdint.h>

#include "chesscodec.h"

/* Bytes read and not yet used are buf[start..end); `consumed` counts the bytes before
 * buf[start]. */
typedef struct chci_inbuf {
    char *buf;
    size_t cap, start, end;
    uint64_t consumed;
    int eof;  /* the input is exhausted (or failed) */
    int err;  /* CHC_E_IO or CHC_E_NO_MEMORY when it failed, else 0 */
} chci_inbuf;

/* Moves the unused bytes to the front and reads more after them through fn, first growing
 * the buffer (doubling, from 2 * chunk) until `chunk` bytes are free. Returns 1 when bytes
 * came, 0 at the end of input or on an error (eof and err set). */
int chci_inbuf_fill(chci_inbuf *b, size_t chunk, chc_read_fn fn, void *ctx);
#endif
