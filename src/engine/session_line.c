/* What the UCI and XBoard sessions share: a command line copied into the session's buffer
 * (line end dropped) and split into words. */
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"

char *chci_session_line(char **buf, size_t *cap, const char *line, size_t len)
{
    if (len + 1 > *cap) {
        char *p = realloc(*buf, len + 1);
        if (!p) return NULL;
        *buf = p;
        *cap = len + 1;
    }
    while (len && (line[len - 1] == '\n' || line[len - 1] == '\r')) len--;
    memcpy(*buf, line, len);
    (*buf)[len] = 0;
    return *buf;
}

char *chci_next_tok(char **s)
{
    char *p = *s;
    while (*p == ' ' || *p == '\t') p++;
    if (!*p) {
        *s = p;
        return NULL;
    }
    char *t = p;
    while (*p && *p != ' ' && *p != '\t') p++;
    if (*p) *p++ = 0;
    *s = p;
    return t;
}
