/* chesscodec play: play chess in the terminal, with every code of the position shown live.
 * Full screen (ncurses) by default; --line reads moves and commands from stdin and prints the
 * board and codes after each, for scripts and chats. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../cli.h"
#include "play.h"

static const cli_opt opts[] = {
    {"--line", NULL, NULL, "no full screen: read moves and commands from standard input and\n"
                           "print the board and codes after each (also the default when\n"
                           "standard input or output is not a terminal)"},
    {"--engine", NULL, "SIDE", "the engine plays white, black, both or off (default: off,\n"
                               "two players at one keyboard)"},
    {"--time", NULL, "SECONDS", "engine thinking time per move (default 1)"},
    {"--depth", NULL, "N", "engine depth limit instead of a time"},
    {"--level", NULL, "N", "engine strength 0 (weakest) .. 20 (full strength, the default)"},
    {"--elo", NULL, "ELO", "engine strength as an Elo 800..2400 (a level: see docs/engine-levels.md)"},
    {"--ascii", NULL, NULL, "letters instead of Unicode chess pieces"},
    {"--flip", NULL, NULL, "Black at the bottom"},
    {"--no-color", NULL, NULL, "no colours"},
    {"--no-board", NULL, NULL, "(--line) print the codes without the board"},
    {"--white", NULL, "NAME", "White's name (for the saved PGN)"},
    {"--black", NULL, "NAME", "Black's name (for the saved PGN)"},
    {NULL, NULL, NULL, NULL}};
const cli_spec play_spec = {
    "play", "[POSITION|GAME|FILE]",
    "Play chess in the terminal. After every move the screen shows the FEN, the Polyglot key,\n"
    "the covert emoji code, the MSCS code, the urlsafe game string, the pack codes and the\n"
    "game state. Moves are typed in SAN (Nf3) or UCI (g1f3). Start from a FEN, startpos, a PGN\n"
    "file, covert emoji, MSCS, a urlsafe string, a pack code or moves (prefix fen:, pgn:,\n"
    "covert:, mscs:, url:, pack: or uci: to force a format).\n",
    NULL, opts,
    "Commands (typed instead of a move): undo, redo, new, load TEXT|FILE, save FILE, flip,\n"
    "engine white|black|both|off, go, time SECONDS, depth N, level N, resign, draw, help, quit; in\n"
    "--line mode also: show, pgn.\n"
    "Full screen keys: Left/Right undo/redo, F1 help, F2 new, F3 flip, F4 load, F5 save,\n"
    "F6 engine moves now, F10 or Ctrl-C quit.\n\n"
    "Exit status: 0; 1 when a --line input line was refused (or bad input); 2 bad usage.\n",
    1, "one position, game or file at most (quote a FEN)"};

/* ---- --line mode ------------------------------------------------------------------------- */
/* Lets the engine move while it is its turn (in --line mode it simply waits). */
static void line_engine_moves(chc_game *g, play_options *opt, play_engine **engine, int board)
{
    char san[CHC_SAN_MAX], info[160];
    for (int guard = 0; guard < 1000; guard++) {
        if (!*engine && opt->engine_side >= 0) *engine = play_engine_new();
        int r = play_engine_turn(*engine, g, opt, 1, san, info, sizeof info);
        if (r == PLAY_TURN_NONE) return;
        if (r != PLAY_TURN_MOVED) {
            printf("error: the engine %s\n", r == PLAY_TURN_NO_START ? "cannot start" : "found no move");
            opt->engine_side = -1;
            return;
        }
        printf("> engine plays %s (%s)\n", san, info);
        play_print_state(g, opt, board, 1);
    }
}

static int run_line_mode(chc_game *g, play_options *opt, int board)
{
    play_engine *engine = NULL;
    int failed = 0;
    char *line = NULL;
    size_t cap = 0;
    play_print_state(g, opt, board, 1);
    line_engine_moves(g, opt, &engine, board);
    while (cli_getline(&line, &cap, stdin) >= 0) {
        char *s = line;
        while (*s == ' ' || *s == '\t') s++;
        if (!*s || *s == '#') continue;
        if (!strcmp(s, "show") || !strcmp(s, "board")) {
            play_print_state(g, opt, 1, 1);
            continue;
        }
        if (!strcmp(s, "pgn")) {
            play_write_pgn(g, stdout);
            cli_flush();
            continue;
        }
        char msg[512];
        int rc = play_command(g, opt, s, msg, sizeof msg);
        if (rc == PLAY_CMD_QUIT) break;
        if (rc == PLAY_CMD_HELP) {
            for (int i = 0; play_help_lines[i]; i++) printf("%s\n", play_help_lines[i]);
            printf("  show, pgn          print the board and codes / the game as PGN\n\n");
            continue;
        }
        if (rc == PLAY_CMD_ERROR) {
            printf("error: %s\n\n", msg);
            cli_flush();
            failed = 1;
            continue;
        }
        printf("> %s\n", msg);
        /* settings (engine, time, depth) change nothing on the board */
        if (strncmp(s, "engine", 6) != 0 && strncmp(s, "time", 4) != 0 &&
            strncmp(s, "depth", 5) != 0 && strcmp(s, "e") != 0)
            play_print_state(g, opt, board, 1);
        line_engine_moves(g, opt, &engine, board);
    }
    free(line);
    play_engine_free(engine);
    return failed ? CLI_BAD_INPUT : CLI_OK;
}

int cmd_play(const cli_args *a)
{
    play_options opt = {0, 0, 0, -1, {1000, 0, CHC_SKILL_MAX}}; /* the engine off; 1 s a move */
    const char *v;
    int line_mode = cli_get(a, "--line") != NULL;
    int board = !cli_get(a, "--no-board");
    opt.ascii = cli_get(a, "--ascii") != NULL;
    opt.flip = cli_get(a, "--flip") != NULL;
    opt.no_color = cli_get(a, "--no-color") != NULL;
    if ((v = cli_get(a, "--engine")) && (opt.engine_side = play_side_arg(v)) == -2) {
        cli_error("play", "--engine takes white, black, both or off (not '%s')", v);
        return CLI_USAGE;
    }
    if ((v = cli_get(a, "--time")) && play_time_arg(v, &opt.limits)) {
        cli_error("play", "--time takes seconds between 0 and 3600 (not '%s')", v);
        return CLI_USAGE;
    }
    if ((v = cli_get(a, "--depth")) && play_depth_arg(v, &opt.limits)) {
        cli_error("play", "--depth takes 1..64 (not '%s')", v);
        return CLI_USAGE;
    }
    if ((v = cli_get(a, "--level")) && play_level_arg(v, 0, &opt.limits)) {
        cli_error("play", "--level takes 0..%d (not '%s')", CHC_SKILL_MAX, v);
        return CLI_USAGE;
    }
    if ((v = cli_get(a, "--elo")) && play_level_arg(v, 1, &opt.limits)) {
        cli_error("play", "--elo takes %d..%d (not '%s')", CHC_ELO_MIN, CHC_ELO_MAX, v);
        return CLI_USAGE;
    }
    chc_game *g = chc_game_new();
    char what[32], err[512];
    if (!g || (a->npos && play_load(g, a->pos[0], what, sizeof what, err, sizeof err) != CHC_OK)) {
        cli_error("play", "%s", g ? err : "out of memory");
        chc_game_free(g);
        return CLI_BAD_INPUT;
    }
    if ((v = cli_get(a, "--white"))) chc_game_set_tag(g, "White", v);
    if ((v = cli_get(a, "--black"))) chc_game_set_tag(g, "Black", v);
    if (!line_mode && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) line_mode = 1;
    int rc = line_mode ? PLAY_NO_SCREEN : play_tui_run(g, &opt);
    if (rc == PLAY_NO_SCREEN && !line_mode)
        fprintf(stderr, "chesscodec play: built without ncurses; using --line mode\n");
    if (rc == PLAY_NO_SCREEN) rc = run_line_mode(g, &opt, board);
    chc_game_free(g);
    return rc;
}
