#include "common/inbuf.h"

#include <stdlib.h>
#include <string.h>

int chci_inbuf_fill(chci_inbuf *b, size_t chunk, chc_read_fn fn, void *ctx)
{
    if (b->eof || !fn) return 0;
    if (b->start > 0) {
        memmove(b->buf, b->buf + b->start, b->end - b->start);
        b->consumed += b->start;
        b->end -= b->start;
        b->start = 0;
    }
    if (b->cap - b->end < chunk) {
        size_t cap = b->cap ? b->cap : chunk;
        while (cap - b->end < chunk) cap *= 2;
        char *p = realloc(b->buf, cap);
        if (!p) {
            b->err = CHC_E_NO_MEMORY;
            b->eof = 1;
            return 0;
        }
        b->buf = p;
        b->cap = cap;
    }
    size_t n = fn(ctx, b->buf + b->end, b->cap - b->end);
    if (n == (size_t)-1) {
        b->err = CHC_E_IO;
        b->eof = 1;
        return 0;
    }
    if (n == 0) {
        b->eof = 1;
        return 0;
    }
    b->end += n;
    return 1;
}
