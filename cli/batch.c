/* The batch runner: one item a line, the same behaviour in every command (see cli.h). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAX_ERRORS_SHOWN 1000

int cli_batch_run(const cli_batch *b, const cli_args *a, char **items, int n)
{
    int strict = cli_get(a, "--strict") != NULL, quiet = cli_get(a, "--quiet") != NULL;
    const char *out_path = cli_get(a, "-o");
    if (n == 0) cli_note_input(NULL);
    cli_out out;
    if (cli_out_open(&out, b->cmd, out_path) != CLI_OK) return CLI_BAD_INPUT;
    cli_progress pg;
    cli_progress_init(&pg, quiet || n > 0, 0);
    char *line = NULL;
    size_t cap = 0;
    long count = 0, good = 0, bad = 0, blank = 0;
    for (;;) {
        char *text;
        if (n > 0) {
            if (count == n) break;
            text = items[count];
        } else {
            if (cli_getline(&line, &cap, stdin) < 0) break;
            text = line;
        }
        count++;
        chc_diag d = CHC_DIAG_INIT;
        const char *what = NULL;
        int rc = b->item(b->ctx, text, out.f, &what, &d);
        if (rc == CHC_OK) {
            good++;
        } else if (rc == CHC_E_EMPTY) { /* a blank line (the library ignores white space) */
            blank++;
        } else {
            if (bad++ < MAX_ERRORS_SHOWN)
                cli_error(b->cmd, "%s %ld%s%s%s: %s", n ? "input" : "line", count, what ? " (" : "",
                          what ? what : "", what ? ")" : "", cli_diag_text(rc, &d));
            if (strict) break;
        }
        fputc('\n', out.f);
        if ((count & 255) == 0) cli_progress_show(&pg, 0, count, "lines");
    }
    free(line);
    cli_progress_end(&pg);
    if (n == 0 && ferror(stdin)) {
        cli_error(b->cmd, "cannot read standard input");
        bad++;
    }
    if (bad > MAX_ERRORS_SHOWN) cli_error(b->cmd, "(%ld more errors not shown)", bad - MAX_ERRORS_SHOWN);
    if (strict && bad) {
        cli_out_abort(&out);
        return CLI_BAD_INPUT;
    }
    if (cli_out_commit(&out, b->cmd) != CLI_OK) return CLI_BAD_INPUT;
    if (n == 0 && !quiet) {
        char extra[48] = "";
        if (blank) snprintf(extra, sizeof extra, ", %ld blank", blank);
        cli_error(b->cmd, "%ld line%s: %ld %s%s, %ld bad", count, count == 1 ? "" : "s", good,
                  b->verb, extra, bad);
    }
    return bad ? CLI_BAD_INPUT : CLI_OK;
}
