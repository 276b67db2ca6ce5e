/* The option parser every command uses, the help it writes from the same table, messages. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

void cli_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "chesscodec%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

const char *cli_diag_text(int code, const chc_diag *diag)
{
    return diag && diag->message[0] ? diag->message : chc_strerror(code);
}

int cli_parse_long(const char *s, long *out)
{
    char *end;
    if (!s || !*s || *s == '-' || *s == '+') return -1;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end) return -1;
    *out = v;
    return 0;
}

static const cli_opt help_opt = {"--help", "-h", NULL, "show this help"};

/* Writes the help of a command (usage line, about, options, more). */
static void cli_help(const cli_spec *s, FILE *f)
{
    fprintf(f, "usage: chesscodec %s [OPTIONS]%s%s\n\n%s", s->name, s->args ? " " : "",
            s->args ? s->args : "", s->about);
    if (s->extra) s->extra(f);
    fprintf(f, "\noptions:\n");
    for (const cli_opt *o = s->opts;; o++) {
        if (!o->name) o = &help_opt;
        char left[64];
        snprintf(left, sizeof left, "%s%s%s%s%s", o->alias ? o->alias : "", o->alias ? ", " : "",
                 o->name, o->arg ? " " : "", o->arg ? o->arg : "");
        const char *h = o->help;
        int first = 1;
        do {
            const char *nl = strchr(h, '\n');
            int n = nl ? (int)(nl - h) : (int)strlen(h);
            if (first && strlen(left) > 20) fprintf(f, "  %s\n%23s", left, "");
            else if (first) fprintf(f, "  %-20s ", left);
            else fprintf(f, "%23s", "");
            fprintf(f, "%.*s\n", n, h);
            h = nl ? nl + 1 : NULL;
            first = 0;
        } while (h && *h);
        if (o == &help_opt) break;
    }
    if (s->more) fprintf(f, "\n%s", s->more);
}

static int find_opt(const cli_spec *s, const char *a, size_t n)
{
    for (int i = 0; s->opts[i].name; i++) {
        const cli_opt *o = &s->opts[i];
        if ((strlen(o->name) == n && strncmp(o->name, a, n) == 0) ||
            (o->alias && strlen(o->alias) == n && strncmp(o->alias, a, n) == 0))
            return i;
    }
    return -1;
}

int cli_parse(const cli_spec *s, int argc, char **argv, cli_args *a)
{
    memset(a, 0, sizeof *a);
    a->spec = s;
    a->pos = argv + 1; /* the arguments move down over what was read (never ahead of it) */
    int only_args = 0;
    for (int i = 1; i < argc; i++) {
        char *arg = argv[i];
        if (only_args || arg[0] != '-' || arg[1] == 0) {
            a->pos[a->npos++] = arg;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            only_args = 1;
            continue;
        }
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            cli_help(s, stdout);
            return CLI_HELP;
        }
        const char *eq = strncmp(arg, "--", 2) == 0 ? strchr(arg, '=') : NULL;
        size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
        int k = find_opt(s, arg, n);
        const char *err = k < 0 ? "unknown option %.*s"
                          : a->val[k] ? "%.*s given twice"
                          : !s->opts[k].arg && eq ? "%.*s takes no value" : NULL;
        if (err) {
            char msg[256];
            snprintf(msg, sizeof msg, err, (int)n, arg);
            cli_error(s->name, "%s (see chesscodec %s --help)", msg, s->name);
            return CLI_USAGE;
        }
        if (!s->opts[k].arg) {
            a->val[k] = "";
        } else if (eq) {
            a->val[k] = eq + 1;
        } else if (i + 1 < argc) {
            a->val[k] = argv[++i];
        } else {
            cli_error(s->name, "%s needs a value (%s %s)", s->opts[k].name, s->opts[k].name,
                      s->opts[k].arg);
            return CLI_USAGE;
        }
    }
    if (s->too_many && a->npos > s->max_args) {
        cli_error(s->name, "%s", s->too_many);
        return CLI_USAGE;
    }
    return CLI_OK;
}

const char *cli_get(const cli_args *a, const char *name)
{
    int k = find_opt(a->spec, name, strlen(name));
    return k >= 0 ? a->val[k] : NULL;
}
