/* Internal to `play`, `demo`, `show` and `render`. The game is the library's chc_game (moves,
 * cursor, undo/redo, status, tags); this adds the codes shown live, loading and saving, the
 * commands a player types, the engine thinking in a thread, and the full screen. */
#ifndef CHC_CLI_PLAY_H
#define CHC_CLI_PLAY_H
#include "../cli.h"

/* The move before the cursor (CHC_MOVE_NONE at the start); *before (NULL accepted) gets the
 * position it was played in. */
chc_move play_last(const chc_game *g, chc_position *before);
/* The length of the first line of ASCII text s wrapped at `width` columns: the longest start
 * that fits and is followed by a space (or the end), else `width`. */
size_t play_wrap(const char *s, size_t width);

/* Every text code of the registry for the game up to the cursor: the position's codes (and
 * its Polyglot key), then the game's one-line codes. */
#define PLAY_CODES_MAX 16
#define PLAY_CODE_MAX 4096
typedef struct play_codes {
    int n;
    const char *label[PLAY_CODES_MAX];
    int format[PLAY_CODES_MAX];            /* enum chc_format (CHC_FORMAT_AUTO: the key) */
    char text[PLAY_CODES_MAX][PLAY_CODE_MAX]; /* the code, or "(why there is none)" */
    int ok[PLAY_CODES_MAX];
} play_codes;
void play_codes_compute(const chc_game *g, play_codes *c);
/* The text of the code labelled `label` ("" when there is none). */
const char *play_code(const play_codes *c, const char *label);

/* Loads a position or a game (any format the library reads, or a file holding one) into g,
 * keeping the player names when the loaded game has none. On failure g is unchanged and err
 * says why. *what gets the format's name. */
int play_load(chc_game *g, const char *text, char *what, size_t whatcap, char *err, size_t errcap);
/* Loads the one argument of `a` (as play_load) into g, with the cursor after --ply plies
 * (show, render). Returns CLI_OK, or prints why and returns CLI_BAD_INPUT or CLI_USAGE. */
int play_load_arg(const char *cmd, const cli_args *a, chc_game *g);
/* The game up to the cursor as PGN, to f or to a file written whole or not at all. */
int play_write_pgn(const chc_game *g, FILE *f);
int play_save_pgn(const chc_game *g, const char *path, char *err, size_t errcap);

/* The engine opponent, thinking in its own thread. */
typedef struct play_engine play_engine;
typedef struct play_limits {
    long movetime_ms; /* 0: none */
    int depth;        /* 0: none */
    int level;        /* strength 0..CHC_SKILL_MAX (full strength; chc_engine_set_skill) */
} play_limits;
typedef struct play_options {
    int ascii, flip, no_color;
    int engine_side; /* -1 none, CHC_WHITE, CHC_BLACK, 2 both */
    play_limits limits;
} play_options;
/* Prints the board at the cursor (when `board`; opt: ascii, flip), the last move, the state
 * ("State  White to move") and, when `codes`, every code and an empty line. */
void play_print_state(const chc_game *g, const play_options *opt, int board, int codes);

int play_engine_plays(const play_options *opt, int side);
/* The values of --engine / "engine" (white, w, black, b, both, off, none: CHC_WHITE, CHC_BLACK,
 * 2 or -1; -2 for anything else), --time / "time" (seconds, 0 < s <= 3600) and --depth /
 * "depth" (1..64) into *lim. The last two return 0, or -1 for a bad value. */
int play_side_arg(const char *v);
int play_time_arg(const char *v, play_limits *lim);
int play_depth_arg(const char *v, play_limits *lim);
/* --level / "level" (0..20) and --elo (800..2400, chc_skill_from_elo) into lim->level: 0, or
 * -1 for a bad value. */
int play_level_arg(const char *v, int elo, play_limits *lim);
play_engine *play_engine_new(void);
void play_engine_free(play_engine *e);
int play_engine_busy(play_engine *e);
void play_engine_cancel(play_engine *e);
/* The engine's turn, one step: when it is the engine's turn at the cursor and it is not
 * thinking, it starts (on the position with the game's history); when its search has ended
 * (with `wait`: once it has), its move is played. Returns PLAY_TURN_*; *san gets the move
 * played, info a short text ("depth 9, eval +0.35, 120k nodes", or the progress). e may be
 * NULL (no engine could be made). */
enum { PLAY_TURN_NONE, PLAY_TURN_THINKING, PLAY_TURN_MOVED, PLAY_TURN_NO_START, PLAY_TURN_NO_MOVE };
int play_engine_turn(play_engine *e, chc_game *g, const play_options *opt, int wait,
                     char san[CHC_SAN_MAX], char *info, size_t infocap);

/* The full screen (play_tui.c): runs the game; PLAY_NO_SCREEN when built without ncurses. */
#define PLAY_NO_SCREEN (-1)
int play_tui_run(chc_game *g, const play_options *opt);

/* Runs one command or move typed by the player (the screen and --line share it). Writes a
 * message and returns PLAY_CMD_*. */
enum { PLAY_CMD_OK = 0, PLAY_CMD_ERROR = 1, PLAY_CMD_QUIT = 2, PLAY_CMD_HELP = 3 };
int play_command(chc_game *g, play_options *opt, const char *line, char *msg, size_t msgcap);
extern const char *const play_help_lines[];
#endif
