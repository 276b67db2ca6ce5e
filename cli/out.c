/* Outputs written whole or not at all (temporary files removed on signals), the same-file
 * check, the write check of stdout at exit, line reading and progress. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/* ---- the temporary file (one at a time), removed by SIGINT, SIGTERM, SIGHUP ------------- */
#define TMP_PATH_MAX 4096
static char tmp_path[TMP_PATH_MAX];
static volatile sig_atomic_t tmp_used;
static const int fatal_signals[3] = {SIGINT, SIGTERM, SIGHUP};
static struct sigaction old_actions[3];

static void on_fatal_signal(int sig)
{
    /* async-signal-safe: unlink the registered path, then die of the same signal */
    if (tmp_used) unlink(tmp_path);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigaction(sig, &sa, NULL);
    raise(sig);
}

/* Registers (used) or forgets the temporary file, installing or restoring the handlers;
 * the signals are blocked from *old (see tmp_create) and restored. */
static void tmp_register(int used, const sigset_t *old)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal_signal;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 3; i++) {
        if (!used) {
            sigaction(fatal_signals[i], &old_actions[i], NULL);
            continue;
        }
        sigaction(fatal_signals[i], NULL, &old_actions[i]);
        if (old_actions[i].sa_handler != SIG_IGN) sigaction(fatal_signals[i], &sa, NULL);
    }
    tmp_used = used;
    sigprocmask(SIG_SETMASK, old, NULL);
}

static void block_signals(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < 3; i++) sigaddset(&set, fatal_signals[i]);
    sigprocmask(SIG_BLOCK, &set, old);
}

/* Makes the temporary file for `path` and registers it, no signal coming between. */
static int tmp_create(cli_out *o, const char *path)
{
    if (tmp_used || strlen(path) + 12 > TMP_PATH_MAX) {
        errno = tmp_used ? EMFILE : ENAMETOOLONG;
        return -1;
    }
    sigset_t old;
    block_signals(&old);
    snprintf(tmp_path, TMP_PATH_MAX, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp_path);
    if (fd < 0) {
        sigprocmask(SIG_SETMASK, &old, NULL);
        return -1;
    }
    tmp_register(1, &old);
    o->tmp = tmp_path;
    o->f = fdopen(fd, "wb");
    if (!o->f) {
        int e = errno;
        close(fd);
        cli_out_abort(o);
        errno = e;
        return -1;
    }
    return 0;
}

static void tmp_release(cli_out *o)
{
    sigset_t old;
    block_signals(&old);
    tmp_register(0, &old);
    o->tmp = NULL;
}

/* ---- inputs, for the same-file check --------------------------------------------------- */
#define MAX_INPUTS 8
static struct { dev_t dev; ino_t ino; const char *name; } inputs[MAX_INPUTS];
static int n_inputs;

void cli_note_input(const char *path)
{
    struct stat st;
    int stdin_ = !path || strcmp(path, "-") == 0;
    if (n_inputs == MAX_INPUTS || (stdin_ ? fstat(STDIN_FILENO, &st) : stat(path, &st)) != 0)
        return;
    inputs[n_inputs].dev = st.st_dev;
    inputs[n_inputs].ino = st.st_ino;
    inputs[n_inputs++].name = stdin_ ? "standard input" : path;
}

static int stdout_errno; /* the first write error of stdout */

/* ---- outputs --------------------------------------------------------------------------- */
int cli_out_write(void *ctx, const void *data, size_t len)
{
    cli_out *o = ctx;
    if (fwrite(data, 1, len, o->f) == len) return 0;
    o->werr = o->werr ? o->werr : errno ? errno : EIO;
    if (o->f == stdout) cli_flush(); /* keeps errno for the exit's "write error" */
    return -1;
}

int cli_out_fail(cli_out *o, const char *cmd)
{
    int shown = o->werr && o->f != stdout;
    if (shown) cli_error(cmd, "write error: %s (-o %s)", strerror(o->werr), o->path);
    else if (o->werr) shown = -1; /* stdout: cli_finish says it */
    cli_out_abort(o);
    return shown != 0;
}

int cli_out_open(cli_out *o, const char *cmd, const char *path)
{
    memset(o, 0, sizeof *o);
    if (!path || strcmp(path, "-") == 0) {
        o->f = stdout;
        return CLI_OK;
    }
    struct stat st;
    int exists = stat(path, &st) == 0;
    for (int i = 0; exists && i < n_inputs; i++) {
        if (inputs[i].dev == st.st_dev && inputs[i].ino == st.st_ino && S_ISREG(st.st_mode)) {
            if (cmd)
                cli_error(cmd, "-o %s: %s (%s): refusing to overwrite it", path,
                          chc_strerror(CHC_E_SAME_FILE), inputs[i].name);
            return CLI_BAD_INPUT;
        }
    }
    /* Devices, pipes and the like (/dev/null, /dev/stdout, a FIFO) are written directly:
     * renaming a temporary file over them would replace them. */
    if (exists && !S_ISREG(st.st_mode)) {
        o->f = S_ISDIR(st.st_mode) ? NULL : fopen(path, "wb");
        o->path = o->f ? strdup(path) : NULL;
        if (!o->f) {
            if (S_ISDIR(st.st_mode)) errno = EISDIR;
            if (cmd) cli_error(cmd, "cannot write %s: %s", path, strerror(errno));
            return CLI_BAD_INPUT;
        }
        return CLI_OK;
    }
    o->path = strdup(path);
    if (!o->path || tmp_create(o, path) != 0) {
        int e = errno;
        if (cmd) cli_error(cmd, "cannot write %s: %s", path, strerror(e));
        free(o->path);
        o->path = NULL;
        errno = e;
        return CLI_BAD_INPUT;
    }
    return CLI_OK;
}

int cli_out_commit(cli_out *o, const char *cmd)
{
    if (o->f == stdout) { /* errors are reported once, by cli_finish() */
        memset(o, 0, sizeof *o);
        if (fflush(stdout) == 0 && !ferror(stdout)) return CLI_OK;
        if (!stdout_errno) stdout_errno = errno;
        return CLI_BAD_INPUT;
    }
    int err = 0;
    if (o->tmp) {
        /* mkstemp makes the file private (0600); give it the mode a plain fopen would have */
        mode_t mask = umask(0);
        umask(mask);
        if (fchmod(fileno(o->f), 0666 & ~mask) != 0) err = errno;
    }
    if (fflush(o->f) != 0 || ferror(o->f)) err = errno ? errno : EIO;
    if (fclose(o->f) != 0 && !err) err = errno;
    o->f = NULL;
    if (!err && o->tmp && rename(o->tmp, o->path) != 0) err = errno;
    if (err) {
        if (cmd) cli_error(cmd, "write error: %s (-o %s)", strerror(err), o->path);
        cli_out_abort(o);
        errno = err;
        return CLI_BAD_INPUT;
    }
    if (o->tmp) tmp_release(o);
    free(o->path);
    memset(o, 0, sizeof *o);
    return CLI_OK;
}

void cli_out_abort(cli_out *o)
{
    if (o->f && o->f != stdout) fclose(o->f);
    if (o->tmp) {
        unlink(o->tmp);
        tmp_release(o);
    }
    free(o->path);
    memset(o, 0, sizeof *o);
}

void cli_flush(void)
{
    if ((fflush(stdout) != 0 || ferror(stdout)) && !stdout_errno) stdout_errno = errno;
}

int cli_finish(const char *cmd, int status)
{
    errno = 0;
    int bad = fflush(stdout) != 0 || ferror(stdout);
    int e = errno;
    if (fclose(stdout) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    if (!bad) return status;
    if (stdout_errno) e = stdout_errno;
    cli_error(cmd, "write error: %s", strerror(e ? e : EIO));
    return CLI_BAD_INPUT;
}

size_t cli_file_read(void *f, char *buf, size_t cap)
{
    size_t n = fread(buf, 1, cap, (FILE *)f);
    return n == 0 && ferror((FILE *)f) ? (size_t)-1 : n;
}

char *cli_read_all(FILE *f, size_t max, size_t *len, int decompress)
{
    chc_decompressor *d = decompress ? chc_decompressor_new(cli_file_read, f, 1) : NULL;
    size_t cap = 4096, n = 0, got = 0;
    char *text = decompress && !d ? NULL : malloc(cap);
    while (text && n <= max && (got = d ? chc_decompressor_read(d, text + n, cap - n - 1)
                                        : fread(text + n, 1, cap - n - 1, f)) > 0 && got != (size_t)-1) {
        n += got;
        if (n + 1 < cap) continue;
        char *more = realloc(text, cap * 2);
        if (!more) free(text);
        text = more;
        cap *= 2;
    }
    *len = n;
    if (text && (got == (size_t)-1 || ferror(f) || n > max)) {
        free(text);
        text = NULL;
    }
    chc_decompressor_free(d);
    if (text) text[n] = 0;
    return text;
}

long cli_getline(char **buf, size_t *cap, FILE *f)
{
    ssize_t n = getline(buf, cap, f);
    if (n < 0) return -1;
    while (n > 0 && ((*buf)[n - 1] == '\n' || (*buf)[n - 1] == '\r')) (*buf)[--n] = 0;
    return (long)n;
}

/* ---- progress -------------------------------------------------------------------------- */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void cli_progress_init(cli_progress *p, int quiet, uint64_t total)
{
    memset(p, 0, sizeof *p);
    p->on = !quiet && isatty(STDERR_FILENO);
    p->total = total;
    p->start = p->last = now_s();
}

void cli_progress_show(cli_progress *p, uint64_t done, long count, const char *unit)
{
    if (!p->on) return;
    double t = now_s();
    if (t - p->start < 0.5 || t - p->last < 0.2) return;
    p->last = t;
    p->shown = 1;
    if (p->total) {
        int pct = (int)(done * 100 / p->total);
        if (pct > 100) pct = 100;
        char bar[41];
        for (int i = 0; i < 40; i++) bar[i] = i < pct * 40 / 100 ? '#' : '.';
        bar[40] = 0;
        fprintf(stderr, "\r[%s] %3d%% %ld %s", bar, pct, count, unit);
    } else {
        fprintf(stderr, "\r%ld %s, %.0f s", count, unit, t - p->start);
    }
    fflush(stderr);
}

void cli_progress_end(cli_progress *p)
{
    if (p->shown) fputs("\r\033[K", stderr);
    p->shown = 0;
}
