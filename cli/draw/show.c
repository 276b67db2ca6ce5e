/* chesscodec show: the board of a position, or of a game at its end or at a ply. */
#include "../play/play.h"

static const cli_opt opts[] = {
    {"--ascii", NULL, NULL, "letters instead of Unicode chess pieces"},
    {"--flip", NULL, NULL, "Black at the bottom"},
    {"--ply", NULL, "N", "a game's position after N plies (default: its end)"},
    {"--codes", NULL, NULL, "also every code of the position and of the game so far"},
    {NULL, NULL, NULL, NULL}};
const cli_spec show_spec = {
    "show", "INPUT",
    "Shows a position, or a game's final position (or the one after --ply N plies), as a board\n"
    "with the last move in brackets, then the last move and the state: side to move, check,\n"
    "mate, stalemate, draws, resignation. INPUT is FEN, startpos, any position or game code,\n"
    "PGN, a SAN or UCI line, or a file holding one (prefix fen:, pgn:, ... to force a format);\n"
    "without INPUT, or with -, it is read from standard input.\n",
    NULL, opts,
    "Exit status: 0 ok, 1 bad input, 2 bad usage.\n"
    "Example: chesscodec show --ply 3 \"e4 e5 Nf3 Nc6\"\n", 1, "one INPUT at most (quote a FEN)"};

int cmd_show(const cli_args *a)
{
    chc_game *g = chc_game_new();
    if (!g) return CLI_BAD_INPUT;
    play_options opt = {cli_get(a, "--ascii") != NULL, cli_get(a, "--flip") != NULL, 0, -1, {0, 0, CHC_SKILL_MAX}};
    int rc = play_load_arg("show", a, g);
    if (rc == CLI_OK) play_print_state(g, &opt, 1, cli_get(a, "--codes") != NULL);
    chc_game_free(g);
    return rc;
}
