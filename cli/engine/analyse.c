/* chesscodec analyse POSITION|GAME: the engine's best lines of a position, or the analysis
 * of every move of a game (chc_engine_analyse, chc_game_analyse); the progress bar that
 * `convert --annotate` shares. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../play/play.h"

static const cli_opt opts[] = {
    {"--depth", NULL, "N", "search N plies (1..100; the default: 12 when no limit is given)"},
    {"--movetime", NULL, "MS", "search MS milliseconds per position"},
    {"--nodes", NULL, "N", "search N nodes per position"},
    {"--multipv", NULL, "N", "a position's N best lines (1..64; default 1)"},
    {NULL, NULL, NULL, NULL}};
const cli_spec analyse_spec = {
    "analyse", "POSITION|GAME",
    "Analyses a position (its best lines: score, depth, principal variation in SAN) or every\n"
    "move of a game (the score after the move from White's side, the move judged ?!, ? or ??\n"
    "by the winning chances it lost as lichess does, the engine's best move and line in the\n"
    "position before it). Scores are pawns from White's side (\"+0.25\"), \"#3\" for a mate\n"
    "in 3, \"#-3\" for White mated. INPUT is read as by chesscodec show (FEN, PGN, SAN or UCI\n"
    "line, any code, a file; - or nothing: standard input). A game analysed on a terminal\n"
    "shows a progress bar on standard error.\n",
    NULL, opts,
    "Exit status: 0 ok, 1 bad input, 2 bad usage.\n"
    "Examples: chesscodec analyse --depth 16 --multipv 3 startpos\n"
    "          chesscodec analyse --movetime 500 game.pgn\n", 1, "one POSITION or GAME at most"};

/* A progress bar on standard error when it is a terminal. */
void cli_progress_bar(void *user, size_t done, size_t total)
{
    const char *what = user;
    if (!isatty(2) || total == 0) return;
    int w = 30, full = (int)(done * (size_t)w / total);
    fprintf(stderr, "\r%s [%.*s%*s] %zu/%zu", what, full, "##############################",
            w - full, "", done, total);
    if (done == total) fputs("\r\033[K", stderr);
    fflush(stderr);
}

int cli_limits_opt(const char *cmd, const cli_args *a, chc_search_limits *l)
{
    static const char *const names[] = {"--depth", "--movetime", "--nodes", "--multipv"};
    static const long max[] = {100, 86400000L, 4000000000L, 64};
    long v[4] = {0, 0, 0, 0};
    memset(l, 0, sizeof *l);
    for (int i = 0; i < 4; i++) {
        const char *s = cli_get(a, names[i]);
        if (s && (cli_parse_long(s, &v[i]) || v[i] < 1 || v[i] > max[i])) {
            cli_error(cmd, "%s takes a number 1..%ld (not '%s')", names[i], max[i], s);
            return CLI_USAGE;
        }
    }
    l->depth = (int)v[0];
    l->movetime_ms = v[1];
    l->nodes = (uint64_t)v[2];
    l->multipv = (int)v[3];
    if (!l->depth && !l->movetime_ms && !l->nodes) l->depth = 12;
    return CLI_OK;
}

/* "+0.25" / "#3" from White's side, from a score of the side to move in pos. */
static void white_text(const chc_position *pos, int score, char *buf)
{
    if (chc_side_to_move(pos) == CHC_BLACK) score = -score;
    buf[0] = score > 0 && score < CHC_SCORE_MATE_MIN ? '+' : 0;
    chc_score_to_text(score, buf + (buf[0] != 0));
}

/* The principal variation as numbered SAN ("12. Nf3 Nc6", "12... Nc6 13. Nf3"). */
static void pv_text(chc_game *tmp, const chc_position *pos, const chc_search_result *r,
                    char *buf, size_t cap)
{
    chc_game_reset(tmp, pos);
    for (int i = 0; i < r->pv_len && chc_game_push(tmp, r->pv[i]) == CHC_OK; i++) {
    }
    size_t len;
    if (chc_game_movetext(tmp, 0, chc_game_ply_count(tmp), 0, buf, cap, &len) != CHC_OK) buf[0] = 0;
}

static int analyse_position(chc_engine *e, chc_game *g, chc_game *tmp, const chc_search_limits *l)
{
    chc_position start;
    chc_game_position(g, 0, &start);
    const chc_position *pos = chc_game_current(g);
    size_t n = chc_game_cursor(g);
    chc_move *moves = malloc((n + 1) * sizeof *moves);
    chc_search_result lines[64];
    int nl = 0;
    if (!moves) return CHC_E_NO_MEMORY;
    for (size_t i = 0; i < n; i++) moves[i] = chc_game_move(g, i);
    int rc = chc_engine_analyse(e, &start, moves, (int)n, l, lines, 64, &nl);
    free(moves);
    if (rc != CHC_OK) return rc;
    if (lines[0].best == CHC_MOVE_NONE) {
        printf("no legal move: %s\n", chc_in_check(pos) ? "checkmate" : "stalemate");
        return CHC_OK;
    }
    for (int i = 0; i < nl; i++) {
        char sc[CHC_SCORE_TEXT_MAX + 1], pv[CHC_PV_MAX * 24];
        white_text(pos, lines[i].score, sc);
        pv_text(tmp, pos, &lines[i], pv, sizeof pv);
        if (nl > 1) printf("%d) ", i + 1);
        printf("depth %d  score %s  pv %s\n", lines[i].depth, sc, pv);
    }
    return CHC_OK;
}

static int analyse_game(chc_engine *e, chc_game *g, chc_game *tmp, const chc_search_limits *l)
{
    size_t plies = chc_game_ply_count(g);
    chc_search_result *ev = malloc((plies + 1) * sizeof *ev);
    if (!ev) return CHC_E_NO_MEMORY;
    int rc = chc_game_analyse(e, g, l, ev, plies + 1, cli_progress_bar, "analysing");
    if (rc != CHC_OK) {
        free(ev);
        return rc;
    }
    printf("%-14s %-7s %-7s %-5s %s\n", "move", "eval", "best", "depth", "line");
    for (size_t i = 0; i < plies; i++) {
        chc_position before, after;
        chc_game_position(g, i, &before);
        chc_game_position(g, i + 1, &after);
        char mv[CHC_SAN_MAX], best[CHC_SAN_MAX] = "", sc[CHC_SCORE_TEXT_MAX + 1], num[24],
            pv[CHC_PV_MAX * 24], col[48];
        chc_move_to_san(&before, chc_game_move(g, i), mv);
        if (ev[i].best != CHC_MOVE_NONE) chc_move_to_san(&before, ev[i].best, best);
        if (ev[i + 1].best == CHC_MOVE_NONE && chc_in_check(&after)) snprintf(sc, sizeof sc, "mate");
        else if (ev[i + 1].best == CHC_MOVE_NONE) snprintf(sc, sizeof sc, "draw");
        else white_text(&after, ev[i + 1].score, sc);
        static const char *const marks[] = {"", "", "?", "", "??", "", "?!"};
        int nag = chc_judge_move(ev[i].score, -ev[i + 1].score);
        snprintf(num, sizeof num, "%d.%s", chc_fullmove_number(&before),
                 chc_side_to_move(&before) == CHC_WHITE ? "" : "..");
        snprintf(col, sizeof col, "%s %s%s", num, mv, marks[nag]);
        pv_text(tmp, &before, &ev[i], pv, sizeof pv);
        printf("%-14s %-7s %-7s %-5d %s\n", col, sc, best, ev[i].depth, pv);
    }
    free(ev);
    return CHC_OK;
}

int cmd_analyse(const cli_args *a)
{
    chc_search_limits l;
    int rc = cli_limits_opt("analyse", a, &l);
    if (rc != CLI_OK) return rc;
    chc_game *g = chc_game_new(), *tmp = chc_game_new();
    chc_engine *e = chc_engine_new(64);
    if (!g || !tmp || !e) {
        rc = CLI_BAD_INPUT;
        cli_error("analyse", "out of memory");
    } else if ((rc = play_load_arg("analyse", a, g)) == CLI_OK) {
        int r = chc_game_ply_count(g) ? analyse_game(e, g, tmp, &l) : analyse_position(e, g, tmp, &l);
        if (r != CHC_OK) {
            cli_error("analyse", "%s", chc_strerror(r));
            rc = CLI_BAD_INPUT;
        }
    }
    chc_engine_free(e);
    chc_game_free(tmp);
    chc_game_free(g);
    return rc;
}
