/* chesscodec: the command-line program. Dispatches to one function per subcommand
 * (cli/cmd_*.c, listed in cli/commands.def). */
#include <stdio.h>
#include <string.h>

#include "cli.h"

struct command {
    const char *name;
    int (*fn)(int, char **);
    const char *summary;
};

static const struct command commands[] = {
#define CHC_COMMAND(name, fn, summary) {name, fn, summary},
#include "commands.def"
#undef CHC_COMMAND
};

static void usage(FILE *f)
{
    fprintf(f, "usage: chesscodec COMMAND [ARGS...]\n"
               "       chesscodec COMMAND --help\n"
               "       chesscodec --version\n\n"
               "Chess positions and games: read, write, check, play and pack them.\n\n"
               "commands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return CLI_USAGE;
    }
    if (cli_is_help(argv[1]) || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return CLI_OK;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
        printf("chesscodec %s (library %s)\n", CHC_VERSION_STRING, chc_version_string());
        return CLI_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0) return commands[i].fn(argc - 1, argv + 1);
    cli_error(NULL, "unknown command '%s' (see chesscodec --help)", argv[1]);
    return CLI_USAGE;
}
