/* Internal to the `play` and `demo` commands: a game with undo/redo, every code of its current
 * position, loading from any format chesscodec reads, board drawing as text, and an engine
 * opponent thinking in a thread. Public API only (include/chesscodec.h). */
#ifndef CHC_CLI_PLAY_GAME_H
#define CHC_CLI_PLAY_GAME_H
#include <stddef.h>
#include <stdio.h>

#include "chesscodec.h"

/* ---------------------------------------------------------------------------------------- */
/* A game: a start position and a list of moves, of which the first `cur` are played (the    */
/* rest can be redone).                                                                       */
/* ---------------------------------------------------------------------------------------- */
#define PLAY_MOVE_TEXT_MAX 16 /* SAN or UCI text of one move, with NUL */
#define PLAY_TAG_MAX 64

typedef struct play_game {
    chc_position *pos;   /* pos[i]: the position after i moves (pos[0]: the start) */
    chc_move *moves;     /* moves[i]: the move played from pos[i] */
    int len;             /* moves stored (played + redoable) */
    int cur;             /* moves played */
    int cap;
    char white[PLAY_TAG_MAX], black[PLAY_TAG_MAX], event[PLAY_TAG_MAX];
    char site[PLAY_TAG_MAX], date[PLAY_TAG_MAX], round[PLAY_TAG_MAX];
    char result_tag[16]; /* a result given by a loaded game ("*" otherwise) */
    int resigned;        /* 0, or 1 + the colour that resigned */
    int draw_agreed;     /* a claimed or agreed draw */
} play_game;

int play_game_init(play_game *g);
void play_game_free(play_game *g);
/* Starts a new game from `start` (NULL: the standard start). Tags are kept. */
void play_game_reset(play_game *g, const chc_position *start);
/* The current position. */
const chc_position *play_game_pos(const play_game *g);
/* Plays a legal move; forgets the redoable moves. Returns CHC_OK or CHC_E_NO_MEMORY. */
int play_game_push(play_game *g, chc_move m);
/* Take back / replay one move; return 0 when there is nothing to do. */
int play_game_undo(play_game *g);
int play_game_redo(play_game *g);
/* The last move played (CHC_MOVE_NONE if none). */
chc_move play_game_last_move(const play_game *g);

/* ---------------------------------------------------------------------------------------- */
/* Moves as text                                                                              */
/* ---------------------------------------------------------------------------------------- */
/* Parses a move typed by a person: UCI or SAN (as tolerant as the library's SAN reader). A
 * null move is refused. Returns CHC_OK or a CHC_E_MOVE_* code with a
 * one-line explanation in err (capacity errcap). */
int play_parse_move(const chc_position *pos, const char *text, chc_move *out, char *err,
                    size_t errcap);
/* Writes `m` (legal in `pos`, or the null move) in SAN. */
void play_move_text(const chc_position *pos, chc_move m, char buf[PLAY_MOVE_TEXT_MAX]);
/* Writes the move list from ply `from` to `to` ("1. e4 e5 2. Nf3"), into buf (cap). */
void play_movelist_text(const play_game *g, int from, int to, char *buf, size_t cap);

/* ---------------------------------------------------------------------------------------- */
/* Game state                                                                                 */
/* ---------------------------------------------------------------------------------------- */
typedef struct play_status {
    int check, mate, stalemate, insufficient;
    int fifty_claim;      /* the fifty-move rule can be claimed */
    int seventyfive;      /* the 75-move rule ends the game */
    int repetitions;      /* how often the current position has occurred (1 = first time) */
    int over;             /* the game has ended (mate, stalemate, dead position, 75 moves,
                             fivefold, resignation, agreed draw) */
    char result[16];      /* "1-0", "0-1", "1/2-1/2" or "*" */
    char text[96];        /* one line: "White to move", "Checkmate: Black wins (0-1)", ... */
} play_status;

void play_game_status(const play_game *g, play_status *st);

/* ---------------------------------------------------------------------------------------- */
/* Every code of the current position and game                                                */
/* ---------------------------------------------------------------------------------------- */
#define PLAY_CODE_MAX 4096
enum play_code_id {
    PLAY_CODE_FEN, PLAY_CODE_KEY, PLAY_CODE_COVERT, PLAY_CODE_MSCS_B64, PLAY_CODE_MSCS_HEX,
    PLAY_CODE_URLSAFE, PLAY_CODE_PACK_POS, PLAY_CODE_PACK_GAME, PLAY_CODE_COUNT
};
typedef struct play_codes {
    /* text[i]: the code, or "(...)" explaining why there is none; ok[i] non-zero for a code */
    char text[PLAY_CODE_COUNT][PLAY_CODE_MAX];
    int ok[PLAY_CODE_COUNT];
} play_codes;
/* Short label of each code ("FEN", "Covert", ...) and its long name. */
const char *play_code_label(int id);
const char *play_code_name(int id);
void play_codes_compute(const play_game *g, play_codes *c);

/* ---------------------------------------------------------------------------------------- */
/* Loading and saving                                                                         */
/* ---------------------------------------------------------------------------------------- */
/* Loads a position or a game from `text`: a file name (a PGN or FEN file), FEN, covert emoji,
 * MSCS (base64 or hex), a urlsafe game string, a pack code, PGN move text or UCI moves. An
 * optional prefix "fen:", "pgn:", "covert:", "mscs:", "url:", "pack:", "uci:" forces a format.
 * On success replaces *g, writes the format's name to what (cap 32) and returns CHC_OK; on
 * failure leaves *g alone and writes a one-line reason to err. */
int play_load(play_game *g, const char *text, char *what, char *err, size_t errcap);
/* Writes the game as PGN (to a file, atomically). Returns CHC_OK or an error with err set. */
int play_save_pgn(const play_game *g, const char *path, char *err, size_t errcap);
/* Writes the PGN of the game to f. */
int play_write_pgn(const play_game *g, FILE *f);

/* ---------------------------------------------------------------------------------------- */
/* Text board (for --line and demo)                                                           */
/* ---------------------------------------------------------------------------------------- */
#define PLAY_BOARD_ASCII 1u   /* letters instead of Unicode pieces */
#define PLAY_BOARD_FLIP 2u    /* Black at the bottom */
/* Writes the board as 10 lines into lines[] (each up to 128 bytes): 8 ranks, the file
 * letters, and nothing else. The last move's squares are marked (brackets) when given. */
void play_board_lines(const chc_position *pos, chc_move last, unsigned flags, char lines[10][128]);
/* A piece as text: Unicode figurine or letter. */
const char *play_piece_glyph(int piece, int ascii);

/* ---------------------------------------------------------------------------------------- */
/* The engine opponent, thinking in its own thread                                            */
/* ---------------------------------------------------------------------------------------- */
typedef struct play_engine play_engine;
typedef struct play_limits {
    long movetime_ms; /* 0: none */
    int depth;        /* 0: none */
    int skill;        /* 0..20 (20 = full strength); when the library offers it */
} play_limits;
/* Non-zero when an engine can be made. */
int play_engine_available(void);
play_engine *play_engine_new(void);
void play_engine_free(play_engine *e);
/* Starts thinking on the current position of g (with its history). Returns CHC_OK. */
int play_engine_start(play_engine *e, const play_game *g, const play_limits *lim);
/* Non-zero while a search runs (and its result has not been taken). */
int play_engine_busy(play_engine *e);
/* When the search has finished: stores its move (CHC_MOVE_NONE if none) and a short info
 * text ("depth 9, score +0.35"), and returns 1; else returns 0. */
int play_engine_poll(play_engine *e, chc_move *best, char *info, size_t infocap);
/* Stops the search now and waits for the thread; its result is dropped. */
void play_engine_cancel(play_engine *e);

/* ---------------------------------------------------------------------------------------- */
/* The full-screen interface (play_tui.c)                                                     */
/* ---------------------------------------------------------------------------------------- */
typedef struct play_options {
    int ascii, flip, no_color;
    int engine_side;   /* -1 none, CHC_WHITE, CHC_BLACK, 2 both */
    play_limits limits;
} play_options;
/* Non-zero when the program was built with ncurses. */
int play_tui_available(void);
/* Runs the full-screen game; returns the exit status. */
int play_tui_run(play_game *g, const play_options *opt);

/* Runs one command or move typed by the player (shared by the screen and --line). Writes a
 * message (cap msgcap) and returns: 0 done (state may have changed), 1 error (msg says why),
 * 2 quit requested, 3 help requested. */
enum { PLAY_CMD_OK = 0, PLAY_CMD_ERROR = 1, PLAY_CMD_QUIT = 2, PLAY_CMD_HELP = 3 };
int play_command(play_game *g, play_options *opt, const char *line, char *msg, size_t msgcap);
/* The list of commands, one per line, for help screens. */
extern const char *const play_help_lines[];
#endif
