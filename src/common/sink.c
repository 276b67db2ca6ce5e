#include "common/sink.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void chci_put(chci_sink *s, const char *text, size_t n)
{
    if (s->len < s->cap) {
        size_t room = s->cap - s->len;
        memcpy(s->dst + s->len, text, n < room ? n : room);
    }
    s->len += n;
}

void chci_puts(chci_sink *s, const char *text) { chci_put(s, text, strlen(text)); }

void chci_putf(chci_sink *s, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0) chci_put(s, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}
