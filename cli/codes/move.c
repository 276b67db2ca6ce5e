/* chesscodec move [--format NAME] CODE MOVE... : play by code. */
#include <stdio.h>
#include <string.h>

#include "../cli.h"
#include "pos_formats.h"

static void help(FILE *f)
{
    char names[256];
    pos_format_names(names, sizeof names, "|");
    fprintf(f,
            "usage: chesscodec move [--format FORMAT] CODE MOVE...\n\n"
            "Plays the MOVEs (SAN like Nf3, or UCI like g1f3) on the position CODE and prints\n"
            "the new position in the same format as CODE, so that two players can play by\n"
            "sending codes. CODE is FEN or any position code (%s); its format is\n"
            "detected unless --format says it.\n\n"
            "Exit status: 0 ok, 1 bad input (one line on stderr naming the move at fault),\n"
            "2 bad usage.\n"
            "Example: chesscodec move \"$(chesscodec encode --to covert startpos)\" e4\n",
            names);
}

static int looks_uci(const char *m)
{
    size_t n = strlen(m);
    if (n != 4 && n != 5) return 0;
    return m[0] >= 'a' && m[0] <= 'h' && m[1] >= '1' && m[1] <= '8' && m[2] >= 'a' &&
           m[2] <= 'h' && m[3] >= '1' && m[3] <= '8';
}

int cmd_move(int argc, char **argv)
{
    const char *from_name = NULL;
    int i;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) { help(stdout); return CLI_OK; }
        if (strcmp(a, "--") == 0) { i++; break; }
        if (strcmp(a, "--format") == 0 && i + 1 < argc) from_name = argv[++i];
        else if (strncmp(a, "--format=", 9) == 0) from_name = a + 9;
        else if (a[0] == '-' && a[1] != 0) {
            cli_error("move", "unknown option '%s' (see chesscodec move --help)", a);
            return CLI_USAGE;
        } else break;
    }
    if (argc - i < 2) {
        cli_error("move", "give a CODE and at least one MOVE (see chesscodec move --help)");
        return CLI_USAGE;
    }
    const pos_format *fmt = NULL;
    if (from_name && !(fmt = pos_format_find(from_name))) {
        cli_error("move", "unknown format '%s'", from_name);
        return CLI_USAGE;
    }
    chc_position pos;
    chc_diag d;
    memset(&d, 0, sizeof d);
    const char *code = argv[i];
    if (strcmp(code, "startpos") == 0) {
        chc_position_startpos(&pos);
        fmt = pos_format_find("fen");
    } else {
        int rc = pos_format_decode_any(code, fmt, &pos, &fmt, &d);
        if (rc != CHC_OK) {
            cli_error("move", "CODE%s%s%s: %s", fmt ? " (" : "", fmt ? fmt->name : "",
                      fmt ? ")" : "", d.message[0] ? d.message : chc_strerror(rc));
            return CLI_BAD_INPUT;
        }
    }
    for (int k = i + 1; k < argc; k++) {
        chc_move m;
        memset(&d, 0, sizeof d);
        int rc = looks_uci(argv[k]) ? chc_move_from_uci(&pos, argv[k], &m, &d)
                                    : chc_move_from_san(&pos, argv[k], &m, &d);
        if (rc != CHC_OK) {
            cli_error("move", "move %d '%s': %s", k - i, argv[k],
                      d.message[0] ? d.message : chc_strerror(rc));
            return CLI_BAD_INPUT;
        }
        if (m == CHC_MOVE_NULL) {
            cli_error("move", "move %d '%s': a null move is not a move of the game", k - i, argv[k]);
            return CLI_BAD_INPUT;
        }
        chc_undo u;
        chc_make_move(&pos, m, &u);
    }
    char buf[POS_FORMAT_MAX];
    memset(&d, 0, sizeof d);
    int rc = fmt->encode(&pos, buf, sizeof buf, &d);
    if (rc != CHC_OK) {
        cli_error("move", "the new position cannot be written as %s: %s", fmt->name,
                  d.message[0] ? d.message : chc_strerror(rc));
        return CLI_BAD_INPUT;
    }
    printf("%s\n", buf);
    return CLI_OK;
}
