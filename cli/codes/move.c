/* chesscodec move [--format NAME] CODE MOVE... : play by code. */
#include <stdlib.h>
#include <string.h>

#include "../cli.h"

static const cli_opt opts[] = {
    {"--format", NULL, "FORMAT", "the format of CODE (default: detected)"},
    {NULL, NULL, NULL, NULL}};
static const cli_spec spec = {
    "move", "CODE MOVE...",
    "Plays the MOVEs (SAN like Nf3, or UCI like g1f3) on the position CODE and prints the new\n"
    "position in the same format as CODE, so that two players can play by sending codes.\n"
    "CODE is FEN, startpos or any position code (also a chat message holding a covert code).\n",
    NULL, opts,
    "Exit status: 0 ok, 1 bad input (one line on stderr naming the move at fault), 2 bad usage.\n"
    "Example: chesscodec move \"$(chesscodec encode --to covert startpos)\" e4\n"};

static int play(const cli_args *a)
{
    chc_position pos;
    chc_diag d = CHC_DIAG_INIT;
    const char *what = NULL;
    int rc = cli_read_position(a->pos[0], cli_get(a, "--format"), &pos, &what, &d);
    if (rc != CHC_OK) {
        cli_error("move", "CODE%s%s%s: %s", what ? " (" : "", what ? what : "", what ? ")" : "",
                  cli_diag_text(rc, &d));
        return CLI_BAD_INPUT;
    }
    for (int k = 1; k < a->npos; k++) {
        const char *text = a->pos[k];
        chc_move m;
        d = (chc_diag)CHC_DIAG_INIT;
        size_t n = strlen(text);
        int uci = (n == 4 || n == 5) && text[0] >= 'a' && text[0] <= 'h' && text[1] >= '1' &&
                  text[1] <= '8' && text[2] >= 'a' && text[2] <= 'h' && text[3] >= '1' && text[3] <= '8';
        rc = uci ? chc_move_from_uci(&pos, text, &m, &d) : chc_move_from_san(&pos, text, &m, &d);
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
    const cli_format *f = cli_format_find(what, CHC_KIND_POSITION);
    d = (chc_diag)CHC_DIAG_INIT;
    rc = cli_write_position(&pos, f, 0, buf, sizeof buf, &d);
    if (rc != CHC_OK) {
        cli_error("move", "the new position cannot be written as %s: %s", f->name,
                  cli_diag_text(rc, &d));
        return CLI_BAD_INPUT;
    }
    printf("%s\n", buf);
    return CLI_OK;
}

int cmd_move(int argc, char **argv)
{
    cli_args a;
    int rc = cli_parse(&spec, argc, argv, &a);
    if (rc != CLI_OK) return rc;
    if (a.npos < 2) {
        cli_error("move", "give a CODE and at least one MOVE (see chesscodec move --help)");
        rc = CLI_USAGE;
    } else if (cli_get(&a, "--format") && !cli_format_find(cli_get(&a, "--format"), CHC_KIND_POSITION)) {
        cli_error("move", "unknown format '%s'", cli_get(&a, "--format"));
        rc = CLI_USAGE;
    } else {
        rc = play(&a);
    }
    free(a.pos);
    return rc;
}
