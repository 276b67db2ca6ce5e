/* chesscodec encode --to FORMAT [--hex] [-o FILE] [POSITION ...] */
#include <stdio.h>
#include <string.h>

#include "../cli.h"
#include "pos_formats.h"

static void help(FILE *f)
{
    char names[256];
    pos_format_names(names, sizeof names, "|");
    fprintf(f,
            "usage: chesscodec encode --to FORMAT [--hex] [-o FILE] [POSITION ...]\n\n"
            "Writes each POSITION in FORMAT (%s), one per line. A position may\n"
            "be given as FEN or as any code (covert emoji, MSCS base64 or hex, ...): its format\n"
            "is detected. With no POSITION, reads one position per line from standard input.\n\n"
            "  --to FORMAT   output format (required)\n"
            "  --hex         with --to mscs: 48 hex digits instead of base64 (= --to mscs-hex)\n"
            "  -o FILE       write to FILE (whole or not at all) instead of standard output\n\n"
            "Exit status: 0 ok, 1 bad input (one line on stderr: which position, what, where),\n"
            "2 bad usage.\n"
            "Example: chesscodec encode --to covert '" CHC_STARTPOS_FEN "'\n",
            names);
}

int cmd_encode(int argc, char **argv)
{
    const char *to_name = NULL, *out_path = NULL;
    int hex = 0, i;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) { help(stdout); return CLI_OK; }
        if (strcmp(a, "--") == 0) { i++; break; }
        if (strcmp(a, "--to") == 0 && i + 1 < argc) to_name = argv[++i];
        else if (strncmp(a, "--to=", 5) == 0) to_name = a + 5;
        else if (strcmp(a, "--hex") == 0) hex = 1;
        else if (strcmp(a, "-o") == 0 && i + 1 < argc) out_path = argv[++i];
        else if (a[0] == '-' && a[1] != 0) {
            cli_error("encode", "unknown option '%s' (see chesscodec encode --help)", a);
            return CLI_USAGE;
        } else break;
    }
    if (!to_name) {
        cli_error("encode", "--to FORMAT is required (see chesscodec encode --help)");
        return CLI_USAGE;
    }
    if (hex && strcmp(to_name, "mscs") == 0) to_name = "mscs-hex";
    else if (hex && strcmp(to_name, "mscs-hex") != 0) {
        cli_error("encode", "--hex goes with --to mscs");
        return CLI_USAGE;
    }
    const pos_format *to = pos_format_find(to_name);
    if (!to) {
        char names[256];
        pos_format_names(names, sizeof names, ", ");
        cli_error("encode", "unknown format '%s' (known: %s)", to_name, names);
        return CLI_USAGE;
    }
    return pos_format_run("encode", argv + i, argc - i, NULL, to, out_path);
}
