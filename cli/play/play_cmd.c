/* `play`: the commands a player types (shared by the full screen and --line mode). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

const char *const play_help_lines[] = {
    "Type a move in SAN (e4, Nf3, O-O, exd8=Q) or UCI (e2e4), then Enter.",
    "Commands:",
    "  undo (u)          take back a move (your move and the engine's reply)",
    "  redo (r)          play a taken-back move again",
    "  new (n)           new game from the start position",
    "  load TEXT|FILE    FEN, PGN file, covert emoji, MSCS, urlsafe string, moves",
    "  save FILE         save the game as PGN",
    "  flip (f)          turn the board around",
    "  engine white|black|both|off   who the engine plays",
    "  go                the engine plays the side to move now",
    "  time SECONDS      engine thinking time per move;  depth N: depth limit",
    "  resign, draw      resign; claim (or agree) a draw",
    "  help (?), quit (q)",
    NULL};

/* Writes the message (printf-style) and returns rc. */
static int say(char *msg, size_t cap, int rc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int say(char *msg, size_t cap, int rc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
    return rc;
}

static int word_is(const char *w, const char *a, const char *b)
{
    return strcmp(w, a) == 0 || (b && strcmp(w, b) == 0);
}

int play_engine_plays(const play_options *opt, int side)
{
    return opt->engine_side == 2 || opt->engine_side == side;
}

int play_side_arg(const char *v)
{
    if (!strcmp(v, "white") || !strcmp(v, "w")) return CHC_WHITE;
    if (!strcmp(v, "black") || !strcmp(v, "b")) return CHC_BLACK;
    if (!strcmp(v, "both")) return 2;
    return !strcmp(v, "off") || !strcmp(v, "none") ? -1 : -2;
}

int play_time_arg(const char *v, play_limits *lim)
{
    char *end;
    double s = strtod(v, &end);
    if (!*v || *end || !(s > 0) || s > 3600) return -1;
    lim->movetime_ms = (long)(s * 1000 + 0.5);
    if (lim->movetime_ms < 1) lim->movetime_ms = 1;
    lim->depth = 0;
    return 0;
}

int play_depth_arg(const char *v, play_limits *lim)
{
    long d;
    if (cli_parse_long(v, &d) != 0 || d < 1 || d > 64) return -1;
    lim->depth = (int)d;
    lim->movetime_ms = 0;
    return 0;
}

int play_level_arg(const char *v, int elo, play_limits *lim)
{
    long n;
    if (cli_parse_long(v, &n) != 0) return -1;
    if (elo) {
        if (n < CHC_ELO_MIN || n > CHC_ELO_MAX) return -1;
        lim->level = chc_skill_from_elo((int)n);
    } else {
        if (n < 0 || n > CHC_SKILL_MAX) return -1;
        lim->level = (int)n;
    }
    return 0;
}

static int side(const chc_game *g)
{
    return chc_side_to_move(chc_game_current(g));
}

/* A new game from the start position, keeping the player names. */
static void new_game(chc_game *g)
{
    char names[2][256];
    static const char *const tags[] = {"White", "Black"};
    for (int i = 0; i < 2; i++) snprintf(names[i], sizeof names[i], "%s", chc_game_tag(g, tags[i]) ? chc_game_tag(g, tags[i]) : "");
    chc_game_reset(g, NULL);
    for (int i = 0; i < 2; i++)
        if (names[i][0]) chc_game_set_tag(g, tags[i], names[i]);
}

int play_command(chc_game *g, play_options *opt, const char *line, char *msg, size_t msgcap)
{
    /* the trimmed line in w, cut into its first word (w) and the rest (arg) */
    char w[2048], *arg;
    msg[0] = 0;
    while (isspace((unsigned char)*line)) line++;
    snprintf(w, sizeof w, "%s", line);
    size_t len = strlen(w);
    while (len && isspace((unsigned char)w[len - 1])) w[--len] = 0;
    if (len == 0) return PLAY_CMD_OK;
    for (arg = w; *arg && !isspace((unsigned char)*arg); arg++) {
    }
    if (*arg) *arg++ = 0;
    while (isspace((unsigned char)*arg)) arg++;

    if (word_is(w, "quit", "q") || word_is(w, "exit", NULL)) return PLAY_CMD_QUIT;
    if (word_is(w, "help", "?") || word_is(w, "h", NULL)) return PLAY_CMD_HELP;
    int undo = word_is(w, "undo", "u") || word_is(w, "takeback", "back");
    if (undo || word_is(w, "redo", "r") || word_is(w, "forward", NULL)) {
        int (*step)(chc_game *) = undo ? chc_game_undo : chc_game_redo;
        if (!step(g))
            return say(msg, msgcap, PLAY_CMD_ERROR, "nothing to %s", undo ? "undo" : "redo");
        /* against the engine, go on to a position where it is the player's turn */
        if (opt->engine_side >= 0 && opt->engine_side != 2 && play_engine_plays(opt, side(g)))
            step(g);
        return say(msg, msgcap, PLAY_CMD_OK, "%s; %s to move", undo ? "took back" : "replayed",
                   side(g) == CHC_WHITE ? "White" : "Black");
    }
    if (word_is(w, "new", "n")) {
        if (arg[0]) {
            char what[32], err[256];
            if (play_load(g, arg, what, sizeof what, err, sizeof err) != CHC_OK)
                return say(msg, msgcap, PLAY_CMD_ERROR, "%s", err);
        } else {
            new_game(g);
        }
        return say(msg, msgcap, PLAY_CMD_OK, "new game");
    }
    if (word_is(w, "flip", "f")) {
        opt->flip = !opt->flip;
        return say(msg, msgcap, PLAY_CMD_OK, "board flipped");
    }
    if (word_is(w, "load", "l")) {
        char what[32], err[400];
        if (!arg[0])
            return say(msg, msgcap, PLAY_CMD_ERROR,
                       "load what? (FEN, PGN file, covert emoji, MSCS, urlsafe, moves)");
        if (play_load(g, arg, what, sizeof what, err, sizeof err) != CHC_OK)
            return say(msg, msgcap, PLAY_CMD_ERROR, "%s", err);
        return say(msg, msgcap, PLAY_CMD_OK, "loaded %s (%zu moves)", what, chc_game_cursor(g));
    }
    if (word_is(w, "save", "s")) {
        char err[400];
        if (!arg[0])
            return say(msg, msgcap, PLAY_CMD_ERROR, "save to which file? (save game.pgn)");
        if (play_save_pgn(g, arg, err, sizeof err) != CHC_OK)
            return say(msg, msgcap, PLAY_CMD_ERROR, "%s", err);
        return say(msg, msgcap, PLAY_CMD_OK, "saved %zu moves as PGN to %.200s",
                   chc_game_cursor(g), arg);
    }
    if (word_is(w, "engine", "e") || word_is(w, "go", NULL)) {
        int who = word_is(w, "go", NULL) || !arg[0] ? side(g) : play_side_arg(arg);
        if (who == -2) return say(msg, msgcap, PLAY_CMD_ERROR, "engine white, black, both or off");
        opt->engine_side = who;
        return say(msg, msgcap, PLAY_CMD_OK, "%s",
                   who < 0 ? "engine off: two players"
                   : who == 2 ? "the engine plays both sides"
                   : who == CHC_WHITE ? "the engine plays White" : "the engine plays Black");
    }
    if (word_is(w, "time", "t")) {
        if (play_time_arg(arg, &opt->limits))
            return say(msg, msgcap, PLAY_CMD_ERROR, "time SECONDS (for example time 2.5)");
        return say(msg, msgcap, PLAY_CMD_OK, "the engine thinks %.3g s a move",
                   opt->limits.movetime_ms / 1000.0);
    }
    if (word_is(w, "depth", NULL)) {
        if (play_depth_arg(arg, &opt->limits))
            return say(msg, msgcap, PLAY_CMD_ERROR, "depth N (1..64)");
        return say(msg, msgcap, PLAY_CMD_OK, "the engine searches %d plies deep",
                   opt->limits.depth);
    }
    if (word_is(w, "level", NULL)) {
        if (play_level_arg(arg, 0, &opt->limits))
            return say(msg, msgcap, PLAY_CMD_ERROR, "level N (0 weakest .. 20 full strength)");
        return say(msg, msgcap, PLAY_CMD_OK, "the engine plays at level %d", opt->limits.level);
    }
    chc_game_status st;
    chc_game_status_get(g, &st);
    int resign = word_is(w, "resign", NULL);
    if ((resign || word_is(w, "draw", NULL)) && !st.over) {
        if (!resign && !st.can_claim && opt->engine_side >= 0)
            return say(msg, msgcap, PLAY_CMD_ERROR, "no draw to claim, and the engine plays on");
        /* a declaration ends the game here: the moves after the cursor go */
        chc_game_truncate(g, chc_game_cursor(g));
        chc_game_set_termination(g, resign ? CHC_TERM_RESIGNATION
                                    : st.can_claim == CHC_OUTCOME_FIFTY ? CHC_TERM_FIFTY
                                    : st.can_claim == CHC_OUTCOME_THREEFOLD ? CHC_TERM_THREEFOLD
                                                                             : CHC_TERM_AGREEMENT,
                                 !resign ? CHC_RESULT_DRAW
                                 : side(g) == CHC_WHITE ? CHC_RESULT_BLACK_WINS : CHC_RESULT_WHITE_WINS);
        chc_game_status_get(g, &st);
        return say(msg, msgcap, PLAY_CMD_OK, "%s", st.text);
    }
    /* a move */
    if (st.over)
        return say(msg, msgcap, PLAY_CMD_ERROR, "the game is over (%s): undo, new or load",
                   st.text);
    if (play_engine_plays(opt, side(g)))
        return say(msg, msgcap, PLAY_CMD_ERROR,
                   "it is the engine's turn (type 'engine off' to move for it)");
    chc_move m;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_move_parse(chc_game_current(g), line, len, &m, &d);
    if (rc == CHC_OK && m == CHC_MOVE_NULL) {
        rc = CHC_E_MOVE_ILLEGAL;
        snprintf(d.message, sizeof d.message, "%.*s is a null move: not played here", (int)(len < 20 ? len : 20), line);
    }
    char text[CHC_SAN_MAX];
    if (rc == CHC_OK) chc_move_to_san(chc_game_current(g), m, text);
    if (rc == CHC_OK) rc = chc_game_play(g, m);
    if (rc != CHC_OK) return say(msg, msgcap, PLAY_CMD_ERROR, "%s", cli_diag_text(rc, &d));
    return say(msg, msgcap, PLAY_CMD_OK, "played %s", text);
}
