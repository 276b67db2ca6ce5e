/* Shared parts of the chesscodec command-line program: the option parser, outputs written
 * whole or not at all, the batch runner, progress and messages. The CLI uses only the public
 * API (include/chesscodec.h) and these helpers. */
#ifndef CHC_CLI_H
#define CHC_CLI_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "chesscodec.h"

/* Exit statuses: 0 success, 1 bad input (or a failed operation), 2 bad usage. CLI_HELP is
 * returned by cli_parse() when it printed the help (the command then exits 0). */
enum { CLI_OK = 0, CLI_BAD_INPUT = 1, CLI_USAGE = 2, CLI_HELP = -1 };

/* ---- messages ------------------------------------------------------------------------- */
/* Prints "chesscodec CMD: message" to stderr (printf-style). */
void cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The diag's message, or chc_strerror(code) when the diag is empty. */
const char *cli_diag_text(int code, const chc_diag *diag);
/* Parses a non-negative integer; returns 0 and sets *out, or -1. */
int cli_parse_long(const char *s, long *out);

/* ---- options: one table per command, from which its --help is written ------------------ */
typedef struct cli_opt {
    const char *name;  /* "--to" (or "-o") */
    const char *alias; /* "-t", or NULL */
    const char *arg;   /* the value's name ("FORMAT"), or NULL for a flag */
    const char *help;  /* one or more lines (\n between them) */
} cli_opt;

typedef struct cli_spec {
    const char *name;        /* the command */
    const char *args;        /* what follows [OPTIONS] in the usage line ("[POSITION ...]") */
    const char *about;       /* what the command does */
    void (*extra)(FILE *f);  /* text computed at run time (lists of formats), or NULL */
    const cli_opt *opts;     /* ends with an entry whose name is NULL */
    const char *more;        /* after the options: exit status, examples; or NULL */
    int max_args;            /* with too_many: the most arguments the command takes */
    const char *too_many;    /* the usage error for more (NULL: no limit) */
} cli_spec;

#define CLI_MAX_OPTS 24
typedef struct cli_args {
    const cli_spec *spec;
    const char *val[CLI_MAX_OPTS]; /* per option: its value ("" for a flag), NULL if absent */
    char **pos;                    /* the other arguments, in order (in argv) */
    int npos;
} cli_args;

/* The commands: each runs with its arguments parsed (by main(), with its spec). */
#define CHC_COMMAND(name, fn, spec, summary) int fn(const cli_args *a); extern const cli_spec spec;
#include "commands.def"
#undef CHC_COMMAND

/* Options anywhere among the arguments, "--opt=value" and "--opt value", "--" ends them, "-"
 * is an argument. Refuses unknown options, a missing value, a repeated option and more
 * arguments than spec->max_args (with spec->too_many).
 * Returns CLI_OK, CLI_HELP (the help was printed on stdout) or CLI_USAGE (one line on
 * stderr). The other arguments are moved to the front of argv (a->pos). */
int cli_parse(const cli_spec *spec, int argc, char **argv, cli_args *a);
/* The value of option `name` (as in the table), or NULL when not given. */
const char *cli_get(const cli_args *a, const char *name);

/* ---- outputs and inputs ----------------------------------------------------------------- */
/* An output written whole or not at all: with a path, data goes to a temporary file in the
 * same directory (removed on SIGINT, SIGTERM and SIGHUP; one such file at a time), renamed
 * over the path by cli_out_commit(); cli_out_abort() removes it. NULL or "-": stdout, whose
 * write errors the program reports when it exits. Devices and pipes are written directly.
 * An output that is one of the inputs noted with cli_note_input() is refused
 * (CHC_E_SAME_FILE). open and commit print their error and return CLI_OK or CLI_BAD_INPUT. */
typedef struct cli_out {
    FILE *f;
    char *path;
    char *tmp;
    int werr; /* errno of the first failed cli_out_write */
} cli_out;
int cli_out_open(cli_out *o, const char *cmd, const char *path);
int cli_out_commit(cli_out *o, const char *cmd);
void cli_out_abort(cli_out *o);
/* A chc_write_fn for the library's writers, ctx a cli_out: returns 0, or -1 keeping errno in
 * werr (and, for stdout, for cli_finish's message). */
int cli_out_write(void *ctx, const void *data, size_t len);
/* Aborts o after a failure; when a write to a file failed, prints "write error: REASON (-o
 * PATH)" and returns 1 (stdout's is printed at exit), else returns 0 (the caller says why). */
int cli_out_fail(cli_out *o, const char *cmd);
/* Notes a file the command reads (NULL or "-": standard input). */
void cli_note_input(const char *path);
/* Flushes stdout, keeping its first write error for cli_finish() (for interactive output). */
void cli_flush(void);
/* Flushes and closes stdout; on failure prints "chesscodec CMD: write error: ..." and
 * returns CLI_BAD_INPUT, else `status`. main() calls it after every command. */
int cli_finish(const char *cmd, int status);

/* Reads all of f (up to max bytes; with `decompress`, gzip, bzip2, xz and zstd content
 * decompressed, as the library's chc_decompressor reads it) into a malloc'ed NUL-terminated
 * buffer; *len gets its length. Returns NULL when reading or decompressing fails, memory is
 * short or f holds more than max bytes (then *len > max). */
char *cli_read_all(FILE *f, size_t max, size_t *len, int decompress);
/* A chc_read_fn reading the FILE * ctx. */
size_t cli_file_read(void *f, char *buf, size_t cap);
/* Reads a line from f into a growing malloc'ed buffer (*buf, *cap), strips the line end
 * (LF or CRLF). Returns the length, or -1 at end of file. */
long cli_getline(char **buf, size_t *cap, FILE *f);

/* ---- progress on a terminal ------------------------------------------------------------- */
/* Shown on stderr only when it is a terminal, after half a second: a bar when the total is
 * known (bytes of a regular file), else a counter; pipes included. */
typedef struct cli_progress {
    int on;
    uint64_t total;
    double start, last;
    int shown;
} cli_progress;
void cli_progress_init(cli_progress *p, int quiet, uint64_t total);
void cli_progress_show(cli_progress *p, uint64_t done, long count, const char *unit);
void cli_progress_end(cli_progress *p);

/* ---- batches: one item a line --------------------------------------------------------- */
/* Every command that reads one item a line (encode, decode, hash, convert) behaves the same:
 * a bad item is reported with its number and skipped, and its output line is empty (output
 * line N stays input line N; blank lines stay blank); --strict stops at the first bad item
 * (exit 1, and with -o no output file); a summary goes to stderr at the end of a batch read
 * from standard input ("10000 lines: 9998 converted, 2 bad"); the exit status is 1 when an
 * item was bad. */
typedef struct cli_batch {
    const char *cmd;
    const char *verb;       /* for the summary: "converted", "hashed", ... */
    /* Writes the output of one item (NUL-terminated; no line end) to f, or returns an error
     * with diag filled (writing nothing): CHC_E_EMPTY for a blank one; *what may name the
     * format at fault. */
    int (*item)(void *ctx, const char *text, FILE *f, const char **what, chc_diag *diag);
    void *ctx;
} cli_batch;
/* The options every batch command has (-o, --strict, -q), for the command's table. */
#define CLI_BATCH_OPTS                                                                       \
    {"-o", NULL, "FILE", "write to FILE (whole or not at all) instead of standard output"},  \
    {"--strict", NULL, NULL, "stop at the first bad item (exit 1, and no -o file)"},         \
    {"--quiet", "-q", NULL, "no summary and no progress on standard error"}
#define CLI_BATCH_MORE                                                                       \
    "A bad item is reported on stderr with its number (line N or input N) and skipped: its\n" \
    "output line is empty, so output line N is always input line N (blank lines stay\n"      \
    "blank). A summary ends a batch read from standard input. Exit status: 0 ok, 1 when an\n" \
    "item was bad, 2 bad usage.\n"
/* Runs the batch over the arguments (items), or the lines of standard input when there are
 * none, with the options of CLI_BATCH_OPTS from `a`. Returns the exit status. */
int cli_batch_run(const cli_batch *b, const cli_args *a, char **items, int n);

/* ---- formats: the library's formats layer, with names on the command line ---------------- */
/* Reads the value of option `opt` (a format name, "auto" or NULL: CHC_FORMAT_AUTO) into
 * *format among the formats of `kinds` having `caps`. Returns CLI_OK, or CLI_USAGE with one
 * line on stderr listing the known names. */
int cli_format_opt(const char *cmd, const char *opt, const char *name, unsigned kinds,
                   unsigned caps, int *format);
/* The registry name of a format ("fen", "covert", ...), or NULL. */
const char *cli_format_name(int format);
/* A position given as an argument (any position format, detected), with --chess960 (read as
 * Chess960). */
int cli_position_arg(const char *text, int chess960, chc_position *pos, chc_diag *diag);
/* chc_game_write() into a growing malloc'ed buffer (*text, *cap; both may start at 0); *len
 * gets the length. */
int cli_game_text(const chc_game *g, int format, unsigned flags, char **text, size_t *cap,
                  size_t *len, chc_diag *diag);
/* The engine limits of --depth, --movetime, --nodes and --multipv (analyse, convert
 * --annotate; depth 12 when none is given). Prints the usage error and returns CLI_USAGE. */
int cli_limits_opt(const char *cmd, const cli_args *a, chc_search_limits *l);
/* A chc_progress_fn drawing a bar on standard error when it is a terminal (user: the label). */
void cli_progress_bar(void *user, size_t done, size_t total);
#endif
