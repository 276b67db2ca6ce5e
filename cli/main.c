/* chesscodec: the command-line program. Parses the options of a command with its spec and
 * dispatches to its function (listed in cli/commands.def), then checks that standard output
 * was written. */
#include <string.h>

#include "cli.h"

static const struct command {
    const char *name;
    int (*fn)(const cli_args *);
    const cli_spec *spec;
    const char *summary;
} commands[] = {
#define CHC_COMMAND(name, fn, spec, summary) {name, fn, &spec, summary},
#include "commands.def"
#undef CHC_COMMAND
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
    fprintf(f, "usage: chesscodec COMMAND [ARGS...]\n"
               "       chesscodec COMMAND --help   (or chesscodec help COMMAND)\n"
               "       chesscodec --version\n\n"
               "Chess positions and games: read, write, check, play and pack them.\n\n"
               "commands:\n");
    for (size_t i = 0; i < N_COMMANDS; i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
}

static const struct command *find(const char *name)
{
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(name, commands[i].name) == 0) return &commands[i];
    return NULL;
}

int main(int argc, char **argv)
{
    int n = argc - 1;
    char **args = argv + 1, *help[] = {NULL, "--help", NULL};
    if (n > 1 && strcmp(args[0], "help") == 0) { /* help CMD: CMD --help */
        help[0] = args[1];
        args = help;
        n = 2;
    }
    if (n < 1) {
        usage(stderr);
        return CLI_USAGE;
    }
    const char *a = args == help ? "" : args[0]; /* "help help" is no command */
    if (strcmp(a, "help") == 0 || strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
        usage(stdout);
        return cli_finish(NULL, CLI_OK);
    }
    if (strcmp(a, "--version") == 0 || strcmp(a, "-V") == 0) {
        printf("chesscodec %s (library %s)\n", CHC_VERSION_STRING, chc_version_string());
        return cli_finish(NULL, CLI_OK);
    }
    const struct command *c = find(args[0]);
    if (!c) {
        cli_error(NULL, "unknown command '%s' (see chesscodec --help)", args[0]);
        return CLI_USAGE;
    }
    cli_args parsed;
    int rc = cli_parse(c->spec, n, args, &parsed);
    if (rc == CLI_OK) rc = c->fn(&parsed);
    return cli_finish(c->name, rc == CLI_HELP ? CLI_OK : rc);
}
