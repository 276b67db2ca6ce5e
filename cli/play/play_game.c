/* The game behind `chesscodec play` and `chesscodec demo`: moves with undo/redo, move text,
 * game state and the text board. Public API only. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play_game.h"

/* ---------------------------------------------------------------------------------------- */
/* The game                                                                                   */
/* ---------------------------------------------------------------------------------------- */
static int grow(play_game *g, int need)
{
    if (need <= g->cap) return 0;
    int cap = g->cap ? g->cap : 256;
    while (cap < need) cap *= 2;
    chc_position *p = realloc(g->pos, (size_t)(cap + 1) * sizeof *p);
    if (!p) return -1;
    g->pos = p;
    chc_move *m = realloc(g->moves, (size_t)cap * sizeof *m);
    if (!m) return -1;
    g->moves = m;
    g->cap = cap;
    return 0;
}

int play_game_init(play_game *g)
{
    memset(g, 0, sizeof *g);
    if (grow(g, 256) != 0) return CHC_E_NO_MEMORY;
    play_game_reset(g, NULL);
    return CHC_OK;
}

void play_game_free(play_game *g)
{
    free(g->pos);
    free(g->moves);
    memset(g, 0, sizeof *g);
}

void play_game_reset(play_game *g, const chc_position *start)
{
    if (start)
        g->pos[0] = *start;
    else
        chc_position_startpos(&g->pos[0]);
    g->len = g->cur = 0;
    g->resigned = g->draw_agreed = 0;
    strcpy(g->result_tag, "*");
}

const chc_position *play_game_pos(const play_game *g)
{
    return &g->pos[g->cur];
}

int play_game_push(play_game *g, chc_move m)
{
    if (grow(g, g->cur + 1) != 0) return CHC_E_NO_MEMORY;
    chc_undo u;
    g->pos[g->cur + 1] = g->pos[g->cur];
    if (m == CHC_MOVE_NULL) {
        /* null moves come only from PGN files ("--"), never while in check */
        if (chc_in_check(&g->pos[g->cur])) return CHC_E_MOVE_ILLEGAL;
        chc_make_null(&g->pos[g->cur + 1], &u);
    } else {
        chc_make_move(&g->pos[g->cur + 1], m, &u);
    }
    g->moves[g->cur] = m;
    g->cur++;
    g->len = g->cur;
    g->resigned = g->draw_agreed = 0;
    strcpy(g->result_tag, "*");
    return CHC_OK;
}

int play_game_undo(play_game *g)
{
    if (g->resigned || g->draw_agreed) {
        g->resigned = g->draw_agreed = 0;
        return 1;
    }
    if (g->cur == 0) return 0;
    g->cur--;
    strcpy(g->result_tag, "*");
    return 1;
}

int play_game_redo(play_game *g)
{
    if (g->cur >= g->len) return 0;
    g->cur++;
    return 1;
}

chc_move play_game_last_move(const play_game *g)
{
    return g->cur > 0 ? g->moves[g->cur - 1] : CHC_MOVE_NONE;
}

/* ---------------------------------------------------------------------------------------- */
/* Moves as text (the library's SAN and UCI)                                                */
/* ---------------------------------------------------------------------------------------- */
void play_move_text(const chc_position *pos, chc_move m, char buf[PLAY_MOVE_TEXT_MAX])
{
    char san[CHC_SAN_MAX];
    if (chc_move_to_san(pos, m, san) > 0 && strlen(san) < PLAY_MOVE_TEXT_MAX)
        strcpy(buf, san);
    else
        chc_move_to_uci(pos, m, buf); /* never happens: SAN is at most 9 characters */
}

/* Non-zero when `s` ends with a square that a legal promotion reaches and names no piece. */
static int promotion_without_piece(const chc_position *pos, const char *s)
{
    size_t n = strlen(s);
    while (n && strchr("+#!?", s[n - 1])) n--;
    if (n < 2 || s[n - 2] < 'a' || s[n - 2] > 'h' || s[n - 1] < '1' || s[n - 1] > '8') return 0;
    int to = CHC_SQUARE(s[n - 2] - 'a', s[n - 1] - '1');
    chc_move list[CHC_MAX_MOVES];
    int count = chc_legal_moves(pos, list, CHC_GEN_ALL);
    for (int i = 0; i < count; i++)
        if (CHC_MOVE_PROMO(list[i]) && CHC_MOVE_TO(list[i]) == to) return 1;
    return 0;
}

int play_parse_move(const chc_position *pos, const char *text, chc_move *out, char *err,
                    size_t errcap)
{
    while (*text == ' ') text++;
    size_t n = strlen(text);
    while (n && text[n - 1] == ' ') n--;
    char s[32];
    if (n == 0 || n >= sizeof s) {
        snprintf(err, errcap, "'%.*s' is not a move", (int)(n < 24 ? n : 24), text);
        return CHC_E_MOVE_SYNTAX;
    }
    memcpy(s, text, n);
    s[n] = 0;
    /* UCI first: four or five characters, square then square */
    if ((n == 4 || n == 5) && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' &&
        s[2] >= 'a' && s[2] <= 'h' && s[3] >= '1' && s[3] <= '8') {
        chc_diag d;
        char lower[8];
        for (size_t i = 0; i <= n; i++) lower[i] = (char)tolower((unsigned char)s[i]);
        int rc = chc_move_from_uci(pos, lower, out, &d);
        if (rc == CHC_OK) return CHC_OK;
        if (rc == CHC_E_MOVE_ILLEGAL) {
            snprintf(err, errcap, "%s is not a legal move here", s);
            return rc;
        }
    }
    if (chc_count_legal_moves(pos) == 0) {
        snprintf(err, errcap, "%s: the game is over, no move is legal", s);
        return CHC_E_MOVE_ILLEGAL;
    }
    {
        chc_diag d;
        memset(&d, 0, sizeof d);
        int rc = chc_move_from_san(pos, s, out, &d);
        if (rc == CHC_OK && *out == CHC_MOVE_NULL) {
            snprintf(err, errcap, "%s is a null move: not played here", s);
            return CHC_E_MOVE_ILLEGAL;
        }
        if (rc == CHC_OK) return CHC_OK;
        if (rc == CHC_E_MOVE_AMBIGUOUS) {
            if (promotion_without_piece(pos, s))
                snprintf(err, errcap, "%s promotes: say to what, %s=Q, %s=R, %s=B or %s=N", s, s, s,
                         s, s);
            else
                snprintf(err, errcap, "%s is ambiguous: say which piece (for example Nbd2)", s);
            return rc;
        }
        if (rc == CHC_E_MOVE_ILLEGAL) {
            if (promotion_without_piece(pos, s) && !strchr(s, '='))
                snprintf(err, errcap, "%s promotes: say to what, %s=Q, %s=R, %s=B or %s=N", s, s, s,
                         s, s);
            else
                snprintf(err, errcap, "%s is not a legal move here", s);
            return rc;
        }
    }
    snprintf(err, errcap, "'%s' is not a move (type SAN like Nf3, or UCI like g1f3)", s);
    return CHC_E_MOVE_SYNTAX;
}

void play_movelist_text(const play_game *g, int from, int to, char *buf, size_t cap)
{
    size_t len = 0;
    if (cap == 0) return;
    buf[0] = 0;
    for (int i = from; i < to && i < g->len; i++) {
        const chc_position *p = &g->pos[i];
        char mv[PLAY_MOVE_TEXT_MAX], num[24];
        play_move_text(p, g->moves[i], mv);
        num[0] = 0;
        if (p->side == CHC_WHITE)
            snprintf(num, sizeof num, "%u. ", (unsigned)p->fullmove);
        else if (i == from)
            snprintf(num, sizeof num, "%u... ", (unsigned)p->fullmove);
        int w = snprintf(buf + len, cap - len, "%s%s%s", len ? " " : "", num, mv);
        if (w < 0 || (size_t)w >= cap - len) {
            buf[len] = 0;
            return;
        }
        len += (size_t)w;
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Game state                                                                                 */
/* ---------------------------------------------------------------------------------------- */
void play_game_status(const play_game *g, play_status *st)
{
    const chc_position *pos = play_game_pos(g);
    memset(st, 0, sizeof *st);
    const char *side = pos->side == CHC_WHITE ? "White" : "Black";
    const char *other = pos->side == CHC_WHITE ? "Black" : "White";
    int moves = chc_count_legal_moves(pos);
    st->check = chc_in_check(pos);
    st->mate = st->check && moves == 0;
    st->stalemate = !st->check && moves == 0;
    st->insufficient = chc_insufficient_material(pos);
    st->fifty_claim = pos->halfmove >= 100 && !st->mate;
    st->seventyfive = pos->halfmove >= 150 && !st->mate;
    st->repetitions = 1;
    for (int i = g->cur - 2; i >= 0 && i >= g->cur - (int)pos->halfmove; i -= 2)
        if (chc_position_same(&g->pos[i], pos)) st->repetitions++;
    strcpy(st->result, "*");
    if (st->mate) {
        st->over = 1;
        strcpy(st->result, pos->side == CHC_WHITE ? "0-1" : "1-0");
        snprintf(st->text, sizeof st->text, "Checkmate: %s wins (%s)", other, st->result);
    } else if (g->resigned) {
        st->over = 1;
        int loser = g->resigned - 1;
        strcpy(st->result, loser == CHC_WHITE ? "0-1" : "1-0");
        snprintf(st->text, sizeof st->text, "%s resigns: %s wins (%s)",
                 loser == CHC_WHITE ? "White" : "Black", loser == CHC_WHITE ? "Black" : "White",
                 st->result);
    } else if (st->stalemate || st->insufficient || st->seventyfive || st->repetitions >= 5 ||
               g->draw_agreed) {
        st->over = 1;
        strcpy(st->result, "1/2-1/2");
        snprintf(st->text, sizeof st->text, "Draw (%s): %s",
                 st->stalemate      ? "stalemate"
                 : st->insufficient ? "neither side can mate"
                 : st->seventyfive  ? "75-move rule"
                 : st->repetitions >= 5 ? "fivefold repetition"
                                        : "agreed or claimed",
                 st->result);
    } else if (g->cur == g->len && strcmp(g->result_tag, "*") != 0) {
        /* a loaded game that ended by resignation, time or agreement */
        st->over = 1;
        snprintf(st->result, sizeof st->result, "%s", g->result_tag);
        snprintf(st->text, sizeof st->text, "Game over: %s (as recorded)", g->result_tag);
    } else {
        int n = snprintf(st->text, sizeof st->text, "%s to move%s", side,
                         st->check ? ", in check" : "");
        if (n > 0 && (st->fifty_claim || st->repetitions >= 3))
            snprintf(st->text + n, sizeof st->text - (size_t)n, "; draw claimable (%s)",
                     st->repetitions >= 3 ? "threefold repetition" : "50-move rule");
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Text board                                                                                 */
/* ---------------------------------------------------------------------------------------- */
const char *play_piece_glyph(int piece, int ascii)
{
    static const char *const uni[2][7] = {
        {" ", "\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"},
        {" ", "\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A"}};
    static const char *const asc[2][7] = {{" ", "P", "N", "B", "R", "Q", "K"},
                                          {" ", "p", "n", "b", "r", "q", "k"}};
    if (piece == CHC_NO_PIECE) return ascii ? "." : "\u00B7";
    int c = CHC_PIECE_COLOR(piece) & 1, t = CHC_PIECE_TYPE(piece);
    if (t < 1 || t > 6) return "?";
    return ascii ? asc[c][t] : uni[c][t];
}

void play_board_lines(const chc_position *pos, chc_move last, unsigned flags, char lines[10][128])
{
    int ascii = (flags & PLAY_BOARD_ASCII) != 0, flip = (flags & PLAY_BOARD_FLIP) != 0;
    int lf = last ? CHC_MOVE_FROM(last) : -1, lt = last ? CHC_MOVE_TO(last) : -1;
    if (last == CHC_MOVE_NULL) lf = lt = -1;
    for (int row = 0; row < 8; row++) {
        int rank = flip ? row : 7 - row;
        char *p = lines[row];
        p += sprintf(p, " %d ", rank + 1);
        for (int col = 0; col < 8; col++) {
            int file = flip ? 7 - col : col;
            int sq = CHC_SQUARE(file, rank);
            int mark = sq == lf || sq == lt;
            p += sprintf(p, "%c%s%c", mark ? '[' : ' ', play_piece_glyph(pos->board[sq], ascii),
                         mark ? ']' : ' ');
        }
        *p = 0;
    }
    char *p = lines[8];
    p += sprintf(p, "   ");
    for (int col = 0; col < 8; col++) p += sprintf(p, " %c ", 'a' + (flip ? 7 - col : col));
    lines[9][0] = 0;
}
