/* Internal: a text written into a caller's buffer that keeps counting past its capacity, so
 * that a writer can return CHC_E_BUFFER_TOO_SMALL with the length needed. What fits is stored
 * (the start of the text); the NUL is the writer's business. */
#ifndef CHC_COMMON_SINK_H
#define CHC_COMMON_SINK_H
#include <stddef.h>

typedef struct chci_sink {
    char *dst;
    size_t cap, len; /* len: the whole length written, stored or not */
} chci_sink;

void chci_put(chci_sink *s, const char *text, size_t n);
void chci_puts(chci_sink *s, const char *text);
/* printf-style, up to 511 bytes a call. */
void chci_putf(chci_sink *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#endif
