#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

void cli_error_diag(const char *cmd, int code, const chc_diag *diag)
{
    if (diag && diag->message[0])
        cli_error(cmd, "%s", diag->message);
    else
        cli_error(cmd, "%s", chc_strerror(code));
}

int cli_is_help(const char *arg)
{
    return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
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

long cli_getline(char **buf, size_t *cap, FILE *f)
{
    ssize_t n = getline(buf, cap, f);
    if (n < 0) return -1;
    while (n > 0 && ((*buf)[n - 1] == '\n' || (*buf)[n - 1] == '\r')) (*buf)[--n] = 0;
    return (long)n;
}

int cli_out_open(cli_out *o, const char *path)
{
    memset(o, 0, sizeof *o);
    if (!path || strcmp(path, "-") == 0) {
        o->f = stdout;
        return 0;
    }
    /* Devices, pipes and the like (/dev/null, /dev/stdout, a FIFO) are written directly:
     * renaming a temporary file over them would replace them. */
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        o->f = fopen(path, "wb");
        return o->f ? 0 : -1;
    }
    size_t n = strlen(path);
    o->path = strdup(path);
    o->tmp = malloc(n + 16);
    if (!o->path || !o->tmp) return -1;
    snprintf(o->tmp, n + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        free(o->path); free(o->tmp); o->path = o->tmp = NULL;
        return -1;
    }
    o->f = fdopen(fd, "wb");
    if (!o->f) { close(fd); unlink(o->tmp); return -1; }
    return 0;
}

int cli_out_commit(cli_out *o)
{
    int rc = 0;
    if (!o->tmp) {
        if (o->f == stdout) {
            if (fflush(o->f) != 0) rc = -1;
        } else if (o->f && fclose(o->f) != 0) {
            rc = -1;
        }
        memset(o, 0, sizeof *o);
        return rc;
    }
    /* mkstemp makes the file private (0600); give it the mode a plain fopen would have. */
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fileno(o->f), 0666 & ~mask) != 0) rc = -1;
    if (fclose(o->f) != 0) rc = -1;
    if (rc == 0 && rename(o->tmp, o->path) != 0) rc = -1;
    if (rc != 0) unlink(o->tmp);
    free(o->path); free(o->tmp);
    memset(o, 0, sizeof *o);
    return rc;
}

void cli_out_abort(cli_out *o)
{
    if (!o->tmp && o->f && o->f != stdout) fclose(o->f);
    if (o->tmp) {
        fclose(o->f);
        unlink(o->tmp);
        free(o->path); free(o->tmp);
    }
    memset(o, 0, sizeof *o);
}
