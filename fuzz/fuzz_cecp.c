/* Fuzz target: the XBoard session (chc_cecp_command) on arbitrary command lines.
 * The input is split at '\n' into commands. Properties: no crash, no hang; every output line
 * is NUL-terminated at its length and holds no line end; every `ping` is answered by its
 * `pong` before the call returns; a "move X" line names a move of 2 to 5 characters plus
 * squares ("e2e4", "e7e8q", "O-O", "O-O-O"); `quit` ends the session.
 * To stay fast and bounded the target sends "?" (move now) after every command, which ends
 * a search on the engine's move at once, skips `option BookFile` (it would open any path)
 * and `memory` above 64 MB; everything else reaches the parser as given. An analysis runs
 * on until the next command stops it (or the end of the session). */
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct {
    int pongs;
} counts;

static void on_line(void *ctx, const char *line, size_t len)
{
    counts *c = ctx;
    if (strlen(line) != len || memchr(line, '\n', len) || memchr(line, '\r', len)) abort();
    if (len >= 5 && memcmp(line, "move ", 5) == 0) {
        const char *m = line + 5;
        size_t n = strlen(m);
        int castle = strcmp(m, "O-O") == 0 || strcmp(m, "O-O-O") == 0;
        if (!castle && (n < 4 || n > 5 || m[0] < 'a' || m[0] > 'h' || m[1] < '1' || m[1] > '8'))
            abort();
    }
    if (len >= 5 && memcmp(line, "pong ", 5) == 0) c->pongs++;
}

static int skipped(const char *s, size_t n)
{
    char buf[512];
    size_t k = n < sizeof buf - 1 ? n : sizeof buf - 1;
    memcpy(buf, s, k);
    buf[k] = 0;
    if (strstr(buf, "BookFile")) return 1;
    const char *m = strstr(buf, "memory");
    if (m && atol(m + 6) > 64) return 1;
    return n >= sizeof buf && (strstr(buf, "option") || strstr(buf, "memory"));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 8192) return 0;
    counts c = {0};
    chc_cecp *x = chc_cecp_new(on_line, &c);
    if (!x) return 0;
    const char *s = (const char *)data, *end = s + size;
    int pings = 0, quit = 0;
    while (s < end && !quit) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
        const char *w;
        size_t wn = fuzz_first_word(s, n, &w);
        if (!skipped(s, n)) {
            int rc = chc_cecp_command(x, s, n);
            if (rc == CHC_SESSION_QUIT) {
                if (!fuzz_word_is(w, wn, "quit")) abort();
                quit = 1;
            } else if (rc != CHC_OK) {
                abort();
            } else if (chc_cecp_command(x, "?", 1) != CHC_OK) {
                abort();
            }
            if (fuzz_word_is(w, wn, "ping") && !quit) {
                pings++;
                if (c.pongs != pings) abort();
            }
        }
        s += n + 1;
    }
    chc_cecp_free(x);
    return 0;
}
