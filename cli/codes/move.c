/* chesscodec move [--format NAME] CODE MOVE... : play by code. */
#include <stdlib.h>
#include <string.h>

#include "../cli.h"

static const cli_opt opts[] = {
    {"--format", NULL, "FORMAT", "the format of CODE (default: detected)"},
    {NULL, NULL, NULL, NULL}};
const cli_spec move_spec = {
    "move", "CODE MOVE...",
    "Plays the MOVEs (SAN like Nf3, or UCI like g1f3) on the position CODE and prints the new\n"
    "position in the same format as CODE, so that two players can play by sending codes.\n"
    "CODE is FEN, startpos or any position code (also a chat message holding a covert code).\n",
    NULL, opts,
    "Exit status: 0 ok, 1 bad input (one line on stderr naming the move at fault), 2 bad usage.\n"
    "Example: chesscodec move \"$(chesscodec encode --to covert startpos)\" e4\n", 0, NULL};

static int play(const cli_args *a, int format)
{
    chc_position pos;
    chc_diag d = CHC_DIAG_INIT;
    chc_read_info info = {0, 0, 0, 0};
    int rc = chc_position_read(a->pos[0], strlen(a->pos[0]), format, &pos, &info, &d);
    const char *what = cli_format_name(info.format);
    if (rc != CHC_OK) {
        cli_error("move", "CODE%s%s%s: %s", what ? " (" : "", what ? what : "", what ? ")" : "",
                  cli_diag_text(rc, &d));
        return CLI_BAD_INPUT;
    }
    for (int k = 1; k < a->npos; k++) {
        const char *text = a->pos[k];
        chc_move m;
        d = (chc_diag)CHC_DIAG_INIT;
        rc = chc_move_parse(&pos, text, strlen(text), &m, &d);
        if (rc == CHC_OK && m == CHC_MOVE_NULL) {
            rc = CHC_E_MOVE_ILLEGAL;
            snprintf(d.message, sizeof d.message, "a null move is not a move of the game");
        }
        if (rc != CHC_OK) {
            cli_error("move", "move %d '%s': %s", k, text, cli_diag_text(rc, &d));
            return CLI_BAD_INPUT;
        }
        chc_undo u;
        chc_make_move(&pos, m, &u);
    }
    char buf[CHC_POSITION_TEXT_MAX];
    d = (chc_diag)CHC_DIAG_INIT;
    rc = chc_position_write(&pos, info.format, 0, buf, sizeof buf, NULL, &d);
    if (rc != CHC_OK) {
        cli_error("move", "the new position cannot be written as %s: %s", what, cli_diag_text(rc, &d));
        return CLI_BAD_INPUT;
    }
    printf("%s\n", buf);
    return CLI_OK;
}

int cmd_move(const cli_args *a)
{
    int rc, format;
    if (a->npos < 2) {
        cli_error("move", "give a CODE and at least one MOVE (see chesscodec move --help)");
        rc = CLI_USAGE;
    } else if ((rc = cli_format_opt("move", "--format", cli_get(a, "--format"), CHC_KIND_POSITION,
                                    CHC_CAP_READ | CHC_CAP_WRITE, &format)) == CLI_OK) {
        rc = play(a, format);
    }
    return rc;
}
