/* chesscodec encode, decode and hash: positions, one a line, written in a format. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../cli.h"

typedef struct pos_job {
    int from; /* CHC_FORMAT_AUTO: detected */
    int to;   /* CHC_FORMAT_AUTO: the Polyglot key (hash) */
    int resign; const char *cmd; /* --resign; the command */
    unsigned pack; /* --pack-version: CHC_PACK_POS_V(n) */
} pos_job;

static int pos_item(void *ctx, const char *text, FILE *f, const char **what, chc_diag *d)
{
    const pos_job *job = ctx;
    chc_position pos;
    chc_read_info info = {0, 0, 0, 0};
    char buf[CHC_POSITION_TEXT_MAX];
    int rc = chc_position_read(text, strlen(text), job->from, &pos, &info, d);
    *what = cli_format_name(info.format);
    if (rc == CHC_OK && job->to == CHC_FORMAT_AUTO) {
        fprintf(f, "%016" PRIx64, chc_position_key(&pos));
        return CHC_OK;
    }
    unsigned flag = (job->resign || (info.flags & CHC_READ_RESIGNED)) && job->to == CHC_FORMAT_COVERT;
    if (rc == CHC_OK) {
        *what = cli_format_name(job->to);
        rc = chc_position_write(&pos, job->to, flag ? CHC_COVERT_RESIGNED : job->pack, buf, sizeof buf, NULL, d);
    }
    if (rc == CHC_OK && (info.flags & CHC_READ_RESIGNED)) cli_error(job->cmd, "white flag: a resignation");
    if (rc == CHC_OK) fputs(buf, f);
    return rc;
}

static void format_list(FILE *f)
{
    char names[256];
    chc_format_names(CHC_KIND_POSITION, CHC_CAP_READ, ", ", names, sizeof names);
    fprintf(f, "Formats: %s.\nA position is also read from \"startpos\" and from a chat message\n"
               "holding a covert code.\n", names);
}

/* fixed_to: "fen" for decode, "key" for hash, NULL for encode (--to). */
static int run(const cli_args *a, const char *verb, const char *fixed_to)
{
    const char *cmd = a->spec->name, *to = fixed_to ? fixed_to : cli_get(a, "--to");
    int hex = cli_get(a, "--hex") != NULL;
    pos_job job = {CHC_FORMAT_AUTO, CHC_FORMAT_AUTO, cli_get(a, "--resign") != NULL, cmd, 0};
    if (!to) {
        cli_error(cmd, "--to FORMAT is required (see chesscodec %s --help)", cmd);
        return CLI_USAGE;
    }
    if (hex && strcmp(to, "mscs") != 0 && strcmp(to, "mscs-hex") != 0) {
        cli_error(cmd, "--hex goes with --to mscs");
        return CLI_USAGE;
    }
    if (cli_format_opt(cmd, "--format", cli_get(a, "--format"), CHC_KIND_POSITION, CHC_CAP_READ,
                       &job.from) ||
        (strcmp(to, "key") != 0 && cli_format_opt(cmd, "--to", hex ? "mscs-hex" : to,
                                                  CHC_KIND_POSITION, CHC_CAP_WRITE, &job.to)))
        return CLI_USAGE;
    if (job.resign && job.to != CHC_FORMAT_COVERT)
        return cli_error(cmd, "--resign goes with --to covert (the white flag)"), CLI_USAGE;
    const char *pv = fixed_to ? NULL : cli_get(a, "--pack-version");
    if (pv) {
        if (job.to != CHC_FORMAT_PACK_POSITION)
            return cli_error(cmd, "--pack-version goes with --to pack-position"), CLI_USAGE;
        if (pv[0] < '1' || pv[0] > '0' + CHC_PACK_POS_VERSION_MAX || pv[1])
            return cli_error(cmd, "--pack-version takes 1..%d (not '%s')", CHC_PACK_POS_VERSION_MAX, pv),
                   CLI_USAGE;
        job.pack = CHC_PACK_POS_V(pv[0] - '0');
    }
    cli_batch b = {cmd, verb, pos_item, &job};
    return cli_batch_run(&b, a, a->pos, a->npos);
}

static const cli_opt encode_opts[] = {
    {"--to", NULL, "FORMAT", "output format (required)"},
    {"--hex", NULL, NULL, "with --to mscs: 48 hex digits instead of base64 (= --to mscs-hex)"},
    {"--format", NULL, "FORMAT", "the input format (no detection)"},
    {"--resign", NULL, NULL, "with --to covert: add the white flag (a resignation)"},
    {"--pack-version", NULL, "N", "with --to pack-position: the code's version (1, the default,\n"
                                  "or 2: 153 bits)"},
    CLI_BATCH_OPTS,
    {NULL, NULL, NULL, NULL}};
const cli_spec encode_spec = {
    "encode", "[POSITION ...]",
    "Writes each POSITION in FORMAT, one a line. A position is FEN, startpos or any position\n"
    "code (its format is detected). With no POSITION, reads one a line from standard input.\n",
    format_list, encode_opts,
    CLI_BATCH_MORE "Example: chesscodec encode --to covert startpos\n", 0, NULL};

int cmd_encode(const cli_args *a)
{
    return run(a, "encoded", NULL);
}

static const cli_opt decode_opts[] = {
    {"--format", NULL, "FORMAT", "the input format (no detection)"},
    CLI_BATCH_OPTS,
    {NULL, NULL, NULL, NULL}};
const cli_spec decode_spec = {
    "decode", "[CODE ...]",
    "Prints the FEN of each CODE, one a line. The format of each code is detected (covert\n"
    "emoji, also inside surrounding text; MSCS as 32 base64 characters or 48 hex digits; pack;\n"
    "FEN; EPD) unless --format names it. With no CODE, reads one a line from standard input.\n",
    format_list, decode_opts, CLI_BATCH_MORE, 0, NULL};

int cmd_decode(const cli_args *a)
{
    return run(a, "decoded", "fen");
}

const cli_spec hash_spec = {
    "hash", "[POSITION ...]",
    "Prints the Polyglot Zobrist key of each POSITION (FEN, startpos or any position code) as\n"
    "16 lowercase hex digits, one a line. With no POSITION, reads one a line from standard\n"
    "input.\n",
    format_list, decode_opts, CLI_BATCH_MORE, 0, NULL};

int cmd_hash(const cli_args *a)
{
    return run(a, "hashed", "key");
}
