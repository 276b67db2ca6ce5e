/* chesscodec demo: a famous game shown move by move with every code chesscodec knows (FEN,
 * Polyglot key, covert emoji, MSCS, urlsafe game string, pack codes). Plain text when the
 * output is not a terminal; on a terminal it plays the game in place, one move at a time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../cli.h"
#include "play.h"

/* The games: their moves are facts of chess history; the comments are the notes shown. */
struct demo_game {
    const char *id;
    const char *title;
    const char *white, *black, *event, *site, *date, *result;
    const char *movetext; /* PGN movetext: SAN moves, a note as a comment after its move */
};

static const struct demo_game games[] = {
    {"opera", "The Opera Game", "Paul Morphy", "Duke Karl of Brunswick and Count Isouard",
     "Paris Opera", "Paris", "1858.??.??", "1-0",
     "1. e4 {Morphy plays during a performance at the Paris opera house.} e5 2. Nf3 d6 "
     "{Philidor's Defence.} 3. d4 Bg4 {The bishop pins the knight to the queen.} 4. dxe5 Bxf3 "
     "{Black gives up the bishop pair to keep material level.} 5. Qxf3 dxe5 6. Bc4 "
     "{Bc4 and Qf3 both aim at f7.} Nf6 7. Qb3 {Qb3 hits b7 and f7 at once.} Qe7 8. Nc3 c6 "
     "9. Bg5 {Every white piece is out; Black's kingside still sleeps.} b5 10. Nxb5 "
     "{A knight sacrifice opens lines toward the black king.} cxb5 11. Bxb5+ Nbd7 "
     "{The knight on d7 is pinned to the king.} 12. O-O-O "
     "{Castling long brings the rook straight to the d-file.} Rd8 13. Rxd7 "
     "{The rook gives itself up to keep the attack going.} Rxd7 14. Rd1 Qe6 15. Bxd7+ "
     "{The last defender of d8 has to go.} Nxd7 16. Qb8+ {The queen sacrifice! Nxb8 is forced.} "
     "Nxb8 17. Rd8# {Rd8 is mate: the bishop on g5 covers e7.} 1-0"},
    {"deepblue", "Deep Blue vs Kasparov, game 6", "Deep Blue", "Garry Kasparov",
     "IBM Man-Machine", "New York", "1997.05.11", "1-0",
     "1. e4 c6 {The Caro-Kann Defence.} 2. d4 d5 3. Nc3 dxe4 4. Nxe4 Nd7 5. Ng5 Ngf6 6. Bd3 e6 "
     "7. N1f3 h6 {7...h6 is a known mistake in this line.} 8. Nxe6 "
     "{The machine sacrifices a knight on e6.} Qe7 9. O-O fxe6 10. Bg6+ "
     "{Black's king cannot find shelter.} Kd8 11. Bf4 b5 12. a4 Bb7 13. Re1 Nd5 14. Bg3 Kc8 "
     "15. axb5 cxb5 16. Qd3 Bc6 17. Bf5 exf5 18. Rxe7 Bxe7 19. c4 "
     "{Kasparov resigned after 19. c4: the first match a world champion lost to a computer.} "
     "1-0"},
};

static const cli_opt opts[] = {
    {"--game", NULL, "NAME", "opera: Morphy's Opera Game, Paris 1858 (default);\n"
                             "deepblue: Deep Blue vs Kasparov, game 6, New York 1997"},
    {"--ascii", NULL, NULL, "letters instead of Unicode chess pieces"},
    {"--final", NULL, NULL, "show only the final position"},
    {"--delay", NULL, "SECONDS", "pause between moves (default: 0.6 on a terminal, where each\n"
                                 "move is drawn in place; 0 otherwise)"},
    {"--plain", NULL, NULL, "plain text even on a terminal"},
    {NULL, NULL, NULL, NULL}};
const cli_spec demo_spec = {
    "demo", NULL,
    "Shows a famous game move by move: the board, the move in SAN and UCI, the game state, the\n"
    "FEN, the Polyglot key, and every code chesscodec knows: the covert chess emoji, MSCS\n"
    "(base64 and hex), the urlsafe game string so far, and the pack position and game codes.\n",
    NULL, opts, NULL, 0, "unexpected argument (see chesscodec demo --help)"};

/* "== title =====..." 78 columns wide (bold on a terminal). */
static void rule(const char *title, int ansi)
{
    static const char line[] = "=============================================================================";
    int n = 78 - 4 - (int)strlen(title);
    printf("%s== %s %.*s%s\n", ansi ? "\033[1m" : "", title, n > 0 ? n : 0, line, ansi ? "\033[0m" : "");
}

static void show(const struct demo_game *dg, const chc_game *g, int ascii, int ansi)
{
    chc_position before;
    chc_move last = play_last(g, &before);
    size_t cur = chc_game_cursor(g);
    char title[128], uci[CHC_UCI_MAX];
    if (last) {
        chc_game_movetext(g, cur - 1, cur, 0, title, sizeof title, NULL);
        chc_move_to_uci(&before, last, uci);
    } else {
        snprintf(title, sizeof title, "Start position");
    }
    rule(title, ansi);

    chc_game_status st;
    chc_game_status_get(g, &st);
    play_codes c;
    play_codes_compute(g, &c);

    /* beside the board: the move, the state, the key, a note */
    char side[9][256] = {{0}};
    if (last)
        snprintf(side[0], sizeof side[0], "Move      %s  (UCI %s, ply %zu of %zu)", title, uci,
                 cur, chc_game_ply_count(g));
    else
        snprintf(side[0], sizeof side[0], "Game      %s, %s %.4s", dg->title, dg->site, dg->date);
    snprintf(side[1], sizeof side[1], "State     %s", st.text);
    snprintf(side[2], sizeof side[2], "Key       %.20s  (Polyglot)", play_code(&c, "Key"));
    const char *note = cur ? chc_game_node_comment(g, chc_game_mainline_node(g, cur - 1), 0) : NULL;
    if (cur == 0) {
        snprintf(side[4], sizeof side[4], "White     %s", dg->white);
        snprintf(side[5], sizeof side[5], "Black     %s", dg->black);
        snprintf(side[6], sizeof side[6], "Result    %s", dg->result);
    }
    /* the note over rows 4..8, wrapped at about 44 columns */
    for (int row = 4; note && *note && row < 9; row++) {
        size_t take = play_wrap(note, 44);
        snprintf(side[row], sizeof side[row], "%s%.*s", row == 4 ? "Note      " : "          ",
                 (int)take, note);
        for (note += take; *note == ' '; note++) {
        }
    }
    char board[CHC_BOARD_TEXT_MAX];
    chc_board_write(chc_game_current(g), last, ascii ? CHC_BOARD_ASCII : 0, board, sizeof board, NULL);
    char *line = strtok(board, "\n");
    for (int i = 0; i < 9 && line; i++, line = strtok(NULL, "\n")) {
        size_t n = strlen(line);
        while (n && line[n - 1] == ' ') n--;
        if (side[i][0]) printf("%s%*s%s\n", line, 4, "", side[i]);
        else printf("%.*s\n", (int)n, line);
    }
    for (int i = 0; i < c.n; i++)
        if (strcmp(c.label[i], "Key") != 0)
            printf(" %-13s %s\n", c.label[i], c.text[i][0] ? c.text[i] : "(empty: no moves yet)");
    printf("\n");
}

int cmd_demo(const cli_args *a)
{
    const struct demo_game *dg = &games[0];
    int ascii = cli_get(a, "--ascii") != NULL, final_only = cli_get(a, "--final") != NULL;
    int plain = cli_get(a, "--plain") != NULL;
    double delay = -1;
    const char *name = cli_get(a, "--game"), *v = cli_get(a, "--delay");
    for (size_t k = 0; name && k < sizeof games / sizeof games[0]; k++)
        if (!strcmp(games[k].id, name)) dg = &games[k];
    if (name && strcmp(dg->id, name) != 0) {
        cli_error("demo", "unknown game '%s' (opera or deepblue)", name);
        return CLI_USAGE;
    }
    if (v) {
        char *end;
        delay = strtod(v, &end);
        if (*end || !(delay >= 0) || delay > 60) {
            cli_error("demo", "--delay takes seconds between 0 and 60 (not '%s')", v);
            return CLI_USAGE;
        }
    }
    int tty = isatty(STDOUT_FILENO) && !plain;
    if (delay < 0) delay = tty ? 0.6 : 0;

    /* the whole game first (so that "ply N of M" is known), then replay it */
    chc_game *g = chc_game_new();
    chc_diag d = CHC_DIAG_INIT;
    int rc = g ? chc_game_read(dg->movetext, strlen(dg->movetext), CHC_FORMAT_PGN, g, NULL, &d)
           : CHC_E_NO_MEMORY;
    if (rc != CHC_OK) {
        cli_error("demo", "the built-in game does not load: %s", cli_diag_text(rc, &d));
        chc_game_free(g);
        return CLI_BAD_INPUT;
    }
    chc_game_set_tag(g, "White", dg->white);
    chc_game_set_tag(g, "Black", dg->black);
    size_t total = chc_game_ply_count(g);

    if (!tty || final_only) {
        printf("chesscodec demo: %s\n%s vs %s, %s, %s %.4s, %s\n\n", dg->title, dg->white,
               dg->black, dg->event, dg->site, dg->date, dg->result);
    }
    for (size_t ply = final_only ? total : 0; ply <= total; ply++) {
        chc_game_set_cursor(g, ply);
        if (tty)
            printf("\033[H\033[2J\033[1mchesscodec demo\033[0m: %s, %s %.4s   (Ctrl-C stops)\n\n",
                   dg->title, dg->site, dg->date);
        show(dg, g, ascii, tty);
        cli_flush();
        if (delay > 0 && ply < total) {
            struct timespec ts;
            ts.tv_sec = (time_t)delay;
            ts.tv_nsec = (long)((delay - (double)ts.tv_sec) * 1e9);
            nanosleep(&ts, NULL);
        }
    }
    /* the whole game, wrapped at 78 columns */
    char moves[4096];
    chc_game_movetext(g, 0, total, 0, moves, sizeof moves, NULL);
    size_t san_len = strlen(moves);
    snprintf(moves + strlen(moves), sizeof moves - strlen(moves), " %s", dg->result);
    const char *p = moves;
    int first = 1;
    while (*p) {
        size_t take = play_wrap(p, first ? 68 : 78);
        if (p[take] && p[take - 1] == '.') { /* keep a move number with its move */
            size_t t2 = take - 1;
            while (t2 > 0 && p[t2] != ' ') t2--;
            if (t2 > 0) take = t2;
        }
        printf("%s%.*s\n", first ? "The game: " : "", (int)take, p);
        p += take;
        while (*p == ' ') p++;
        first = 0;
    }
    /* what the whole game costs in each game code */
    play_codes c;
    play_codes_compute(g, &c);
    printf("\nThe whole game (%zu plies) as text: %zu characters of SAN movetext, %zu of urlsafe,\n"
           "%zu of pack game code.\n",
           total, san_len, strlen(play_code(&c, "urlsafe")), strlen(play_code(&c, "Pack game")));
    chc_game_free(g);
    return CLI_OK;
}
