/* Shared helpers of the chesscodec command-line program. The CLI uses only the public API
 * (include/chesscodec.h) and these helpers. */
#ifndef CHC_CLI_H
#define CHC_CLI_H
#include <stddef.h>
#include <stdio.h>

#include "chesscodec.h"

/* Exit statuses: 0 success, 1 bad input (or a failed operation), 2 bad usage. */
enum { CLI_OK = 0, CLI_BAD_INPUT = 1, CLI_USAGE = 2 };

#define CHC_COMMAND(name, fn, summary) int fn(int argc, char **argv);
#include "commands.def"
#undef CHC_COMMAND

/* Prints "chesscodec CMD: message" to stderr (printf-style). */
void cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prints the diag's message (or chc_strerror(code) when the diag is empty). */
void cli_error_diag(const char *cmd, int code, const chc_diag *diag);
/* Non-zero if arg is "-h" or "--help". */
int cli_is_help(const char *arg);
/* Parses a non-negative integer; returns 0 and sets *out, or -1. */
int cli_parse_long(const char *s, long *out);

/* Reads a line from f into a growing malloc'ed buffer (*buf, *cap), strips the line end
 * (LF or CRLF). Returns the length, or -1 at end of file. */
long cli_getline(char **buf, size_t *cap, FILE *f);

/* An output that is written whole or not at all: with a path, data goes to a temporary file
 * in the same directory, renamed over the path by cli_out_commit(); cli_out_abort() removes
 * it. With NULL or "-", stdout. */
typedef struct cli_out {
    FILE *f;
    char *path;
    char *tmp;
} cli_out;
int cli_out_open(cli_out *o, const char *path);
int cli_out_commit(cli_out *o);
void cli_out_abort(cli_out *o);
#endif
