/* chesscodec mix MESSAGE CODE   and   chesscodec unmix [--to FORMAT] [MESSAGE]
 * (the covert chess bot's commands: hide a code among the words of a cover message). */
#include <stdlib.h>
#include <string.h>

#include "../cli.h"

static const cli_opt mix_opts[] = {
    {"--resign", NULL, NULL, "add the white flag (a resignation) as a 26th emoji"},
    {NULL, NULL, NULL, NULL}};
const cli_spec mix_spec = {
    "mix", "MESSAGE CODE",
    "Hides the covert chess code of CODE among the words of MESSAGE: the words and the 25\n"
    "emoji are spread evenly (word i of n at (i+1)/(n+1), emoji j of m at (j+1)/(m+1); a word\n"
    "goes first only when its place is strictly earlier) and joined with single spaces. CODE\n"
    "is a covert code (25 or 26 emoji) or any other position (FEN, startpos, MSCS, pack),\n"
    "which is first written as a covert code.\n",
    NULL, mix_opts, "Exit status: 0 ok, 1 bad CODE (one line on stderr), 2 bad usage.\n", 0, NULL};

int cmd_mix(const cli_args *a)
{
    if (a->npos != 2) {
        cli_error("mix", "give a MESSAGE and a CODE (see chesscodec mix --help)");
        return CLI_USAGE;
    }
    const char *message = a->pos[0], *code = a->pos[1];
    chc_position pos;
    chc_diag d = CHC_DIAG_INIT;
    chc_read_info info = {0, 0, 0, 0};
    int rc = chc_position_read(code, strlen(code), CHC_FORMAT_AUTO, &pos, &info, &d);
    char covert[CHC_COVERT_MAX];
    unsigned flags = cli_get(a, "--resign") || (info.flags & CHC_READ_RESIGNED) ? CHC_COVERT_RESIGNED : 0;
    if (rc == CHC_OK) rc = chc_covert_write(&pos, flags, covert, sizeof covert, NULL, &d);
    size_t cap = CHC_COVERT_MIX_MAX(strlen(message));
    char *out = rc == CHC_OK ? malloc(cap) : NULL;
    if (rc != CHC_OK) {
        cli_error("mix", "CODE: %s", cli_diag_text(rc, &d));
    } else if (!out) {
        cli_error("mix", "out of memory");
        rc = CHC_E_NO_MEMORY;
    } else if ((rc = chc_covert_mix_write(message, strlen(message), covert, strlen(covert), out,
                                          cap, NULL, &d)) != CHC_OK) {
        cli_error("mix", "%s", cli_diag_text(rc, &d));
    } else {
        printf("%s\n", out);
    }
    free(out);
    return rc == CHC_OK ? CLI_OK : CLI_BAD_INPUT;
}

static void unmix_formats(FILE *f)
{
    char names[256];
    cli_format_names(names, sizeof names, CHC_KIND_POSITION, CHC_CAP_WRITE, ", ");
    fprintf(f, "Formats: %s.\n", names);
}

static const cli_opt unmix_opts[] = {
    {"--to", NULL, "FORMAT", "write the position in FORMAT (default fen)"},
    {NULL, NULL, NULL, NULL}};
const cli_spec unmix_spec = {
    "unmix", "[MESSAGE]",
    "Takes every emoji out of MESSAGE (a message made by mix), in order, reads the covert code\n"
    "from them and prints the position as FEN (or in FORMAT). A resignation flag is reported\n"
    "on standard error. With no MESSAGE, reads the whole of standard input.\n",
    unmix_formats, unmix_opts, "Exit status: 0 ok, 1 bad input (one line on stderr), 2 bad usage.\n",
    1, "give one MESSAGE (quote it) or none to read standard input"};

int cmd_unmix(const cli_args *a)
{
    int to = CHC_FORMAT_FEN;
    if (cli_get(a, "--to") &&
        cli_format_opt("unmix", "--to", cli_get(a, "--to"), CHC_KIND_POSITION, CHC_CAP_WRITE, &to))
        return CLI_USAGE;
    size_t len = a->npos ? strlen(a->pos[0]) : 0;
    char *text = a->npos ? strdup(a->pos[0]) : cli_read_all(stdin, SIZE_MAX - 1, &len, 0);
    if (!text) {
        cli_error("unmix", "cannot read the message");
        return CLI_BAD_INPUT;
    }
    chc_position pos;
    chc_diag d = CHC_DIAG_INIT;
    chc_read_info info = {0, 0, 0, 0};
    int rc = chc_covert_mix_read(text, len, &pos, &info, &d);
    free(text);
    char buf[CHC_POSITION_TEXT_MAX];
    if (rc == CHC_OK) rc = chc_position_write(&pos, to, 0, buf, sizeof buf, NULL, &d);
    if (rc != CHC_OK) {
        cli_error("unmix", "%s", cli_diag_text(rc, &d));
        return CLI_BAD_INPUT;
    }
    printf("%s\n", buf);
    if (info.flags & CHC_READ_RESIGNED)
        cli_error("unmix", "the code carries the white flag: the sender resigned");
    return CLI_OK;
}
