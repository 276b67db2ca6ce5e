/* chesscodec encode, decode and hash: positions, one a line, written in a format. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../cli.h"

typedef struct pos_job {
    const char *from;      /* forced input format, or NULL */
    const cli_format *to;  /* output format, or NULL for the Polyglot key */
} pos_job;

static int pos_item(void *ctx, const char *text, FILE *f, const char **what, chc_diag *d)
{
    const pos_job *job = ctx;
    chc_position pos;
    char buf[CHC_POSITION_TEXT_MAX];
    int rc = cli_read_position(text, job->from, &pos, what, d);
    if (rc == CHC_OK && !job->to) {
        fprintf(f, "%016" PRIx64, chc_position_key(&pos));
        return CHC_OK;
    }
    if (rc == CHC_OK) {
        *what = job->to->name;
        rc = cli_write_position(&pos, job->to, 0, buf, sizeof buf, d);
    }
    if (rc == CHC_OK) fputs(buf, f);
    return rc;
}

static void format_list(FILE *f)
{
    char names[256];
    cli_format_names(names, sizeof names, CHC_KIND_POSITION, ", ");
    fprintf(f, "Formats: %s.\nA position is also read from \"startpos\" and from a chat message\n"
               "holding a covert code.\n", names);
}

/* Checks a format name given to --to / --format. */
static const cli_format *format_arg(const char *cmd, const char *name)
{
    const cli_format *f = cli_format_find(name, CHC_KIND_POSITION);
    if (!f) {
        char names[256];
        cli_format_names(names, sizeof names, CHC_KIND_POSITION, ", ");
        cli_error(cmd, "unknown format '%s' (known: %s)", name, names);
    }
    return f;
}

/* fixed_to: "fen" for decode, "key" for hash, NULL for encode (--to). */
static int run(const cli_spec *spec, const char *verb, int argc, char **argv, const char *fixed_to)
{
    cli_args a;
    int rc = cli_parse(spec, argc, argv, &a);
    if (rc != CLI_OK) return rc;
    pos_job job = {cli_get(&a, "--format"), NULL};
    int need_to = !fixed_to;
    const char *to = need_to ? cli_get(&a, "--to") : strcmp(fixed_to, "key") ? fixed_to : NULL;
    int hex = cli_get(&a, "--hex") != NULL;
    rc = CLI_USAGE;
    if (need_to && !to) {
        cli_error(spec->name, "--to FORMAT is required (see chesscodec %s --help)", spec->name);
    } else if (hex && !(to && (strcmp(to, "mscs") == 0 || strcmp(to, "mscs-hex") == 0))) {
        cli_error(spec->name, "--hex goes with --to mscs");
    } else if ((!job.from || format_arg(spec->name, job.from)) &&
               (!to || (job.to = format_arg(spec->name, hex ? "mscs-hex" : to)))) {
        cli_batch b = {spec->name, verb, pos_item, &job};
        rc = cli_batch_run(&b, &a, a.pos, a.npos);
    }
    free(a.pos);
    return rc;
}

static const cli_opt encode_opts[] = {
    {"--to", NULL, "FORMAT", "output format (required)"},
    {"--hex", NULL, NULL, "with --to mscs: 48 hex digits instead of base64 (= --to mscs-hex)"},
    {"--format", NULL, "FORMAT", "the input format (no detection)"},
    CLI_BATCH_OPTS,
    {NULL, NULL, NULL, NULL}};
static const cli_spec encode_spec = {
    "encode", "[POSITION ...]",
    "Writes each POSITION in FORMAT, one a line. A position is FEN, startpos or any position\n"
    "code (its format is detected). With no POSITION, reads one a line from standard input.\n",
    format_list, encode_opts,
    CLI_BATCH_MORE "Example: chesscodec encode --to covert startpos\n"};

int cmd_encode(int argc, char **argv)
{
    return run(&encode_spec, "encoded", argc, argv, NULL);
}

static const cli_opt decode_opts[] = {
    {"--format", NULL, "FORMAT", "the input format (no detection)"},
    CLI_BATCH_OPTS,
    {NULL, NULL, NULL, NULL}};
static const cli_spec decode_spec = {
    "decode", "[CODE ...]",
    "Prints the FEN of each CODE, one a line. The format of each code is detected (covert\n"
    "emoji, also inside surrounding text; MSCS as 32 base64 characters or 48 hex digits; pack;\n"
    "FEN) unless --format names it. With no CODE, reads one a line from standard input.\n",
    format_list, decode_opts, CLI_BATCH_MORE};

int cmd_decode(int argc, char **argv)
{
    return run(&decode_spec, "decoded", argc, argv, "fen");
}

static const cli_spec hash_spec = {
    "hash", "[POSITION ...]",
    "Prints the Polyglot Zobrist key of each POSITION (FEN, startpos or any position code) as\n"
    "16 lowercase hex digits, one a line. With no POSITION, reads one a line from standard\n"
    "input.\n",
    NULL, decode_opts, CLI_BATCH_MORE};

int cmd_hash(int argc, char **argv)
{
    return run(&hash_spec, "hashed", argc, argv, "key");
}
