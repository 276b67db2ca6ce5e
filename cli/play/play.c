/* chesscodec play: play chess in the terminal, with every code of the position shown live.
 * Full screen (ncurses) by default; --line reads moves and commands from stdin and prints the
 * board and codes after each, for scripts and chats. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../cli.h"
#include "play_game.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: chesscodec play [OPTIONS] [POSITION|FILE]\n"
            "\n"
            "Play chess in the terminal. After every move the screen shows the FEN, the\n"
            "Polyglot key, the covert emoji code, the MSCS code, the urlsafe game string,\n"
            "the pack codes and the game state. Moves are typed in SAN (Nf3) or UCI (g1f3).\n"
            "\n"
            "  POSITION|FILE    start from a FEN, a PGN file, covert emoji, MSCS, a urlsafe\n"
            "                   string, a pack code or moves (prefix fen:, pgn:, covert:,\n"
            "                   mscs:, url:, pack: or uci: to force a format)\n"
            "  --line           no full screen: read moves and commands from standard input\n"
            "                   and print the board and codes after each (also the default\n"
            "                   when standard input or output is not a terminal)\n"
            "  --engine SIDE    the engine plays white, black, both or off (default: off,\n"
            "                   two players at one keyboard)\n"
            "  --time SECONDS   engine thinking time per move (default 1)\n"
            "  --depth N        engine depth limit instead of a time\n"
            "  --ascii          letters instead of Unicode chess pieces\n"
            "  --flip           Black at the bottom\n"
            "  --no-color       no colours\n"
            "  --no-board       (--line) print the codes without the board\n"
            "  --white NAME, --black NAME   player names (for the saved PGN)\n"
            "\n"
            "Commands (typed instead of a move): undo, redo, new, load TEXT|FILE, save FILE,\n"
            "flip, engine white|black|both|off, go, time SECONDS, depth N, resign, draw,\n"
            "help, quit; in --line mode also: show, pgn.\n"
            "Full screen keys: Left/Right undo/redo, F1 help, F2 new, F3 flip, F4 load,\n"
            "F5 save, F6 engine moves now, F10 or Ctrl-C quit.\n"
            "\n"
            "Exit status: 0; 1 when a --line input line was refused (or bad input); 2 bad usage.\n");
}

/* ---------------------------------------------------------------------------------------- */
/* --line mode                                                                                */
/* ---------------------------------------------------------------------------------------- */
static void print_state(const play_game *g, const play_options *opt, int board)
{
    const chc_position *pos = play_game_pos(g);
    if (board) {
        char lines[10][128];
        unsigned fl = (opt->ascii ? PLAY_BOARD_ASCII : 0) | (opt->flip ? PLAY_BOARD_FLIP : 0);
        play_board_lines(pos, play_game_last_move(g), fl, lines);
        for (int i = 0; i < 9; i++) printf("%s\n", lines[i]);
    }
    play_status st;
    play_game_status(g, &st);
    chc_move last = play_game_last_move(g);
    if (last) {
        const chc_position *before = &g->pos[g->cur - 1];
        char mv[PLAY_MOVE_TEXT_MAX];
        play_move_text(before, last, mv);
        printf("Last       %u%s %s\n", (unsigned)before->fullmove,
               before->side == CHC_WHITE ? "." : "...", mv);
    }
    printf("State      %s\n", st.text);
    play_codes c;
    play_codes_compute(g, &c);
    for (int i = 0; i < PLAY_CODE_COUNT; i++)
        printf("%-10s %s\n", play_code_label(i), c.text[i]);
    printf("\n");
    fflush(stdout);
}

static int engine_plays(const play_options *opt, int side)
{
    return opt->engine_side == 2 || opt->engine_side == side;
}

/* Lets the engine move while it is its turn (in --line mode it simply waits). */
static void line_engine_moves(play_game *g, play_options *opt, play_engine **engine, int board)
{
    for (int guard = 0; guard < 1000; guard++) {
        play_status st;
        play_game_status(g, &st);
        if (st.over || !engine_plays(opt, play_game_pos(g)->side)) return;
        if (!*engine) *engine = play_engine_new();
        if (!*engine || play_engine_start(*engine, g, &opt->limits) != CHC_OK) {
            printf("error: the engine cannot start\n");
            opt->engine_side = -1;
            return;
        }
        chc_move best = CHC_MOVE_NONE;
        char info[160];
        while (!play_engine_poll(*engine, &best, info, sizeof info)) {
            struct timespec ts = {0, 5 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
        if (best == CHC_MOVE_NONE || !chc_is_legal(play_game_pos(g), best)) {
            printf("error: the engine found no move\n");
            opt->engine_side = -1;
            return;
        }
        char mv[PLAY_MOVE_TEXT_MAX];
        play_move_text(play_game_pos(g), best, mv);
        play_game_push(g, best);
        printf("> engine plays %s (%s)\n", mv, info);
        print_state(g, opt, board);
    }
}

static int run_line_mode(play_game *g, play_options *opt, int board)
{
    play_engine *engine = NULL;
    int failed = 0;
    char *line = NULL;
    size_t cap = 0;
    print_state(g, opt, board);
    line_engine_moves(g, opt, &engine, board);
    while (cli_getline(&line, &cap, stdin) >= 0) {
        char *s = line;
        while (*s == ' ' || *s == '\t') s++;
        if (!*s || *s == '#') continue;
        if (!strcmp(s, "show") || !strcmp(s, "board")) {
            print_state(g, opt, 1);
            continue;
        }
        if (!strcmp(s, "pgn")) {
            play_write_pgn(g, stdout);
            fflush(stdout);
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
            fflush(stdout);
            failed = 1;
            continue;
        }
        printf("> %s\n", msg);
        /* settings (engine, time, depth) change nothing on the board */
        if (strncmp(s, "engine", 6) != 0 && strncmp(s, "time", 4) != 0 &&
            strncmp(s, "depth", 5) != 0 && strcmp(s, "e") != 0)
            print_state(g, opt, board);
        line_engine_moves(g, opt, &engine, board);
    }
    free(line);
    play_engine_free(engine);
    return failed ? CLI_BAD_INPUT : CLI_OK;
}

int cmd_play(int argc, char **argv)
{
    play_options opt;
    memset(&opt, 0, sizeof opt);
    opt.engine_side = -1;
    opt.limits.movetime_ms = 1000;
    int line_mode = 0, board = 1;
    const char *load = NULL, *white = NULL, *black = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            usage(stdout);
            return CLI_OK;
        } else if (!strcmp(a, "--line")) {
            line_mode = 1;
        } else if (!strcmp(a, "--ascii")) {
            opt.ascii = 1;
        } else if (!strcmp(a, "--flip")) {
            opt.flip = 1;
        } else if (!strcmp(a, "--no-color") || !strcmp(a, "--no-colour")) {
            opt.no_color = 1;
        } else if (!strcmp(a, "--no-board")) {
            board = 0;
        } else if ((!strcmp(a, "--white") || !strcmp(a, "--black")) && i + 1 < argc) {
            if (a[2] == 'w') white = argv[++i];
            else black = argv[++i];
        } else if (!strcmp(a, "--engine") && i + 1 < argc) {
            const char *s = argv[++i];
            if (!strcmp(s, "white") || !strcmp(s, "w")) opt.engine_side = CHC_WHITE;
            else if (!strcmp(s, "black") || !strcmp(s, "b")) opt.engine_side = CHC_BLACK;
            else if (!strcmp(s, "both")) opt.engine_side = 2;
            else if (!strcmp(s, "off") || !strcmp(s, "none")) opt.engine_side = -1;
            else {
                cli_error("play", "--engine takes white, black, both or off (not '%s')", s);
                return CLI_USAGE;
            }
        } else if (!strcmp(a, "--time") && i + 1 < argc) {
            char *end;
            double s = strtod(argv[++i], &end);
            if (*end || !(s > 0) || s > 3600) {
                cli_error("play", "--time takes seconds between 0 and 3600 (not '%s')", argv[i]);
                return CLI_USAGE;
            }
            opt.limits.movetime_ms = (long)(s * 1000 + 0.5);
            if (opt.limits.movetime_ms < 1) opt.limits.movetime_ms = 1;
            opt.limits.depth = 0;
        } else if (!strcmp(a, "--depth") && i + 1 < argc) {
            long d;
            if (cli_parse_long(argv[++i], &d) != 0 || d < 1 || d > 64) {
                cli_error("play", "--depth takes 1..64 (not '%s')", argv[i]);
                return CLI_USAGE;
            }
            opt.limits.depth = (int)d;
            opt.limits.movetime_ms = 0;
        } else if (a[0] == '-' && a[1] == '-') {
            cli_error("play", "unknown option '%s' (see chesscodec play --help)", a);
            return CLI_USAGE;
        } else if (!load) {
            load = a;
        } else {
            cli_error("play", "one position or file at most (got '%s' and '%s')", load, a);
            return CLI_USAGE;
        }
    }
    if (opt.engine_side >= 0 && !play_engine_available()) {
        cli_error("play", "this build has no engine");
        return CLI_BAD_INPUT;
    }
    play_game g;
    if (play_game_init(&g) != CHC_OK) {
        cli_error("play", "out of memory");
        return CLI_BAD_INPUT;
    }
    if (load) {
        char what[32], err[512];
        if (play_load(&g, load, what, err, sizeof err) != CHC_OK) {
            cli_error("play", "%s", err);
            play_game_free(&g);
            return CLI_BAD_INPUT;
        }
    }
    if (white) snprintf(g.white, sizeof g.white, "%s", white);
    if (black) snprintf(g.black, sizeof g.black, "%s", black);
    if (!line_mode && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) line_mode = 1;
    if (!line_mode && !play_tui_available()) {
        fprintf(stderr, "chesscodec play: built without ncurses; using --line mode\n");
        line_mode = 1;
    }
    int rc = line_mode ? run_line_mode(&g, &opt, board) : play_tui_run(&g, &opt);
    play_game_free(&g);
    return rc;
}
