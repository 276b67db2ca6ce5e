/* chesscodec decode [--format NAME] [-o FILE] [CODE ...] */
#include <stdio.h>
#include <string.h>

#include "../cli.h"
#include "pos_formats.h"

static void help(FILE *f)
{
    char names[256];
    pos_format_names(names, sizeof names, "|");
    fprintf(f,
            "usage: chesscodec decode [--format FORMAT] [-o FILE] [CODE ...]\n\n"
            "Prints the FEN of each CODE, one per line. The format of each code is detected\n"
            "(covert emoji, found inside surrounding text; MSCS as 32 base64 characters or 48\n"
            "hex digits; FEN) unless --format says it (%s).\n"
            "With no CODE, reads one code per line from standard input.\n\n"
            "  --format FORMAT  the input format (no detection)\n"
            "  -o FILE          write to FILE (whole or not at all) instead of standard output\n\n"
            "Exit status: 0 ok, 1 bad input (one line on stderr: which code, what, where:\n"
            "emoji number, character, bit), 2 bad usage.\n",
            names);
}

int cmd_decode(int argc, char **argv)
{
    const char *from_name = NULL, *out_path = NULL;
    int i;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) { help(stdout); return CLI_OK; }
        if (strcmp(a, "--") == 0) { i++; break; }
        if (strcmp(a, "--format") == 0 && i + 1 < argc) from_name = argv[++i];
        else if (strncmp(a, "--format=", 9) == 0) from_name = a + 9;
        else if (strcmp(a, "-o") == 0 && i + 1 < argc) out_path = argv[++i];
        else if (a[0] == '-' && a[1] != 0) {
            cli_error("decode", "unknown option '%s' (see chesscodec decode --help)", a);
            return CLI_USAGE;
        } else break;
    }
    const pos_format *from = NULL;
    if (from_name) {
        from = pos_format_find(from_name);
        if (!from) {
            char names[256];
            pos_format_names(names, sizeof names, ", ");
            cli_error("decode", "unknown format '%s' (known: %s)", from_name, names);
            return CLI_USAGE;
        }
    }
    return pos_format_run("decode", argv + i, argc - i, from, pos_format_find("fen"), out_path);
}
