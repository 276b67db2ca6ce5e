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

#define CHC_COMMAND(name, fn, summary) int fn(int argc, char **argv);
#include "commands.def"
#undef CHC_COMMAND

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
} cli_spec;

#define CLI_MAX_OPTS 24
typedef struct cli_args {
    const cli_spec *spec;
    const char *val[CLI_MAX_OPTS]; /* per option: its value ("" for a flag), NULL if absent */
    char **pos;                    /* the other arguments, in order */
    int npos;
} cli_args;

/* Options anywhere among the arguments, "--opt=value" and "--opt value", "--" ends them, "-"
 * is an argument. Refuses unknown options, a missing value and a repeated option.
 * Returns CLI_OK, CLI_HELP (the help was printed on stdout) or CLI_USAGE (one line on
 * stderr). Free a->pos with free(). */
int cli_parse(const cli_spec *spec, int argc, char **argv, cli_args *a);
/* The value of option `name` (as in the table), or NULL when not given. */
const char *cli_get(const cli_args *a, const char *name);
/* Writes the help of a command (usage line, about, options, more). */
void cli_help(const cli_spec *spec, FILE *f);

/* ---- outputs and inputs ----------------------------------------------------------------- */
/* An output written whole or not at all: with a path, data goes to a temporary file in the
 * same directory (removed on SIGINT, SIGTERM and SIGHUP), renamed over the path by
 * cli_out_commit(); cli_out_abort() removes it. NULL or "-": stdout, whose write errors the
 * program reports when it exits. Devices and pipes are written directly. An output that is
 * one of the inputs noted with cli_note_input() is refused (CHC_E_SAME_FILE). open and commit
 * print their error and return CLI_OK or CLI_BAD_INPUT. */
typedef struct cli_out {
    FILE *f;
    char *path;
    char *tmp;
    int slot;
} cli_out;
int cli_out_open(cli_out *o, const char *cmd, const char *path);
int cli_out_commit(cli_out *o, const char *cmd);
void cli_out_abort(cli_out *o);
/* Notes a file the command reads (NULL or "-": standard input). */
void cli_note_input(const char *path);
/* Flushes stdout, keeping its first write error for cli_finish() (for interactive output). */
void cli_flush(void);
/* Flushes and closes stdout; on failure prints "chesscodec CMD: write error: ..." and
 * returns CLI_BAD_INPUT, else `status`. main() calls it after every command. */
int cli_finish(const char *cmd, int status);

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
    /* Writes the output of one item (trimmed, NUL-terminated; no line end) to f, or returns
     * an error with diag filled (writing nothing); *what may name the format at fault. */
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

/* ---- formats: read, written and detected in one place (cli/formats.c) ------------------- */
/* A format, named as the library names it (enum chc_format: "fen", "covert", "mscs",
 * "mscs-hex", "pack-position", "pgn", "san", "uci", "urlsafe", "pack-game"). */
typedef struct cli_format {
    const char *name;
    const char *label; /* short display label: "FEN", "Covert", ... */
    unsigned kind;     /* CHC_KIND_POSITION or CHC_KIND_GAME */
    int (*detect)(const char *text, size_t len);
    int (*read_pos)(const char *src, size_t len, chc_position *pos, chc_read_info *info, chc_diag *d);
    int (*read_game)(const char *src, size_t len, chc_game *g, chc_read_info *info, chc_diag *d);
    int (*write_pos)(const chc_position *pos, unsigned flags, char *dst, size_t cap, size_t *len,
                     chc_diag *d);
    int (*write_game)(const chc_game *g, unsigned flags, char *dst, size_t cap, size_t *len,
                      chc_diag *d);
} cli_format;
/* The registry in detection order (NULL past the end), and a format by name among `kinds`
 * ("pack" is pack-position where a position is wanted, else pack-game), or NULL. */
const cli_format *cli_format_at(size_t i);
const cli_format *cli_format_find(const char *name, unsigned kinds);
/* The names of the formats of `kinds`, joined by sep (for help texts and errors). */
void cli_format_names(char *buf, size_t cap, unsigned kinds, const char *sep);

/* Reads a position from text: FEN, "startpos", or any position code (covert emoji, also in a
 * chat message; MSCS base64 or hex; pack), detected unless `format` names one (a game format
 * gives the position at the end of the game). *what (NULL accepted) gets the format's name.
 * Returns CHC_OK or the error with diag filled (CHC_E_ARGUMENT: an unknown format name). */
int cli_read_position(const char *text, const char *format, chc_position *pos,
                      const char **what, chc_diag *diag);
/* The same for a position given as an argument, with --chess960 (read as Chess960). */
int cli_position_arg(const char *text, int chess960, chc_position *pos, chc_diag *diag);
/* Reads a game (PGN: the first game; SAN or UCI moves; urlsafe; pack) or a position (a game
 * of no moves from it) from text[0..len), detected unless `format` names one. `start` (NULL:
 * the standard start) is where SAN and UCI moves start. */
int cli_read_game(const char *text, size_t len, const char *format, const chc_position *start,
                  chc_game *g, const char **what, chc_diag *diag);
/* Sets the result of a game that ended by rule (mate, stalemate, insufficient material, 75
 * moves, fivefold) when it has none. */
void cli_rule_result(chc_game *g);
/* Writes a position in format f into dst (CHC_POSITION_TEXT_MAX suffices; a game format writes
 * the game of no moves). */
int cli_write_position(const chc_position *pos, const cli_format *f, unsigned flags, char *dst,
                       size_t cap, chc_diag *diag);
/* Writes game g in format f into *text (malloc'ed or grown; the caller frees it): a game
 * format writes the main line, a position format the position at its end. */
int cli_write_game(const chc_game *g, const cli_format *f, unsigned flags, char **text,
                   size_t *len, chc_diag *diag);
#endif
