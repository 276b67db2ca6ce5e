/* Fuzz target: the UCI session (chc_uci_command) on arbitrary command lines.
 * The input is split at '\n' into commands. Properties: no crash, no hang; every output line
 * is NUL-terminated at its length and holds no line end; every `go` that reaches the session
 * is answered by exactly one `bestmove` line, also when stopped at once; `isready` is
 * answered by `readyok`; `quit` ends the session.
 * To stay fast and bounded the target stops each search at once (a `stop` follows every
 * `go`), skips `setoption name BookFile` (it would open any path) and Hash sizes above
 * 64 MB; everything else reaches the parser as given. */
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct {
    int bestmoves, readyoks;
} counts;

static void on_line(void *ctx, const char *line, size_t len)
{
    counts *c = ctx;
    if (strlen(line) != len || memchr(line, '\n', len) || memchr(line, '\r', len)) abort();
    if (len >= 9 && memcmp(line, "bestmove ", 9) == 0) {
        size_t m = strcspn(line + 9, " ");
        if (m < 4 || m > 5) abort();
        c->bestmoves++;
    }
    if (strcmp(line, "readyok") == 0) c->readyoks++;
}

/* The first word of a command as the session reads it: trailing CRs dropped, then up to a
 * NUL, a space or a tab, after spaces and tabs. */
/* Commands the target does not run as given (see the top comment). */
static int skipped(const char *s, size_t n)
{
    char buf[512];
    size_t k = n < sizeof buf - 1 ? n : sizeof buf - 1;
    memcpy(buf, s, k);
    buf[k] = 0;
    if (!strstr(buf, "setoption")) return 0;
    for (char *p = buf; *p; p++)
        if (*p >= 'A' && *p <= 'Z') *p = (char)(*p - 'A' + 'a');
    if (strstr(buf, "bookfile")) return 1;
    char *h = strstr(buf, "hash");
    if (h && !strstr(buf, "clear")) {
        char *v = strstr(h, "value");
        if (v && atol(v + 5) > 64) return 1;
    }
    return n >= sizeof buf; /* a long setoption line may hide either beyond the copy */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 8192) return 0;
    counts c = {0, 0};
    chc_uci *u = chc_uci_new(on_line, &c);
    if (!u) return 0;
    const char *s = (const char *)data, *end = s + size;
    int gos = 0, readys = 0, quit = 0;
    while (s < end && !quit) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
        const char *w;
        size_t wn = fuzz_first_word(s, n, &w);
        if (!skipped(s, n)) {
            int rc = chc_uci_command(u, s, n);
            if (rc == CHC_SESSION_QUIT) {
                if (!fuzz_word_is(w, wn, "quit")) abort();
                quit = 1;
            } else if (rc != CHC_OK) {
                abort();
            }
            if (fuzz_word_is(w, wn, "go")) {
                gos++;
                if (chc_uci_command(u, "stop", 4) != CHC_OK) abort();
            }
            if (fuzz_word_is(w, wn, "isready")) {
                readys++;
                if (c.readyoks != readys) abort(); /* answered before the call returned */
            }
        }
        s += n + 1;
    }
    chc_uci_free(u);
    if (c.bestmoves != gos) abort();
    return 0;
}
