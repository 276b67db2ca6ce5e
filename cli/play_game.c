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
    chc_make_move(&g->pos[g->cur + 1], m, &u);
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
/* SAN: the library's when it has one; otherwise written here from the legal move list.      */
/* ---------------------------------------------------------------------------------------- */
static const char piece_letters[] = " PNBRQK";

static void square_name(int sq, char *out)
{
    out[0] = (char)('a' + CHC_FILE(sq));
    out[1] = (char)('1' + CHC_RANK(sq));
}

static void local_san(const chc_position *pos, chc_move m, char buf[PLAY_MOVE_TEXT_MAX])
{
    char *p = buf;
    int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
    int type = CHC_PIECE_TYPE(pos->board[from]);
    unsigned fl = CHC_MOVE_FLAGS(m);
    if (fl & CHC_MF_CASTLE) {
        strcpy(p, CHC_FILE(to) > CHC_FILE(from) ? "O-O" : "O-O-O");
        p += strlen(p);
    } else if (type == CHC_PAWN) {
        if (fl & (CHC_MF_CAPTURE | CHC_MF_EN_PASSANT)) {
            *p++ = (char)('a' + CHC_FILE(from));
            *p++ = 'x';
        }
        square_name(to, p);
        p += 2;
        if (CHC_MOVE_PROMO(m)) {
            *p++ = '=';
            *p++ = piece_letters[CHC_MOVE_PROMO(m)];
        }
    } else {
        *p++ = piece_letters[type];
        if (type != CHC_KING) {
            chc_move list[CHC_MAX_MOVES];
            int n = chc_legal_moves(pos, list, CHC_GEN_ALL);
            int others = 0, same_file = 0, same_rank = 0;
            for (int i = 0; i < n; i++) {
                int f2 = CHC_MOVE_FROM(list[i]);
                if (list[i] == m || CHC_MOVE_TO(list[i]) != to || f2 == from) continue;
                if (CHC_PIECE_TYPE(pos->board[f2]) != type) continue;
                if (CHC_MOVE_FLAGS(list[i]) & CHC_MF_CASTLE) continue;
                others++;
                if (CHC_FILE(f2) == CHC_FILE(from)) same_file = 1;
                if (CHC_RANK(f2) == CHC_RANK(from)) same_rank = 1;
            }
            if (others) {
                if (!same_file)
                    *p++ = (char)('a' + CHC_FILE(from));
                else if (!same_rank)
                    *p++ = (char)('1' + CHC_RANK(from));
                else {
                    square_name(from, p);
                    p += 2;
                }
            }
        }
        if (fl & CHC_MF_CAPTURE) *p++ = 'x';
        square_name(to, p);
        p += 2;
    }
    chc_position after = *pos;
    chc_undo u;
    chc_make_move(&after, m, &u);
    if (chc_in_check(&after)) *p++ = chc_count_legal_moves(&after) ? '+' : '#';
    *p = 0;
}

int play_have_san(void)
{
#if PLAY_USE_NOTATION
    return 1;
#else
    return 0;
#endif
}

void play_move_text(const chc_position *pos, chc_move m, char buf[PLAY_MOVE_TEXT_MAX])
{
    if (m == CHC_MOVE_NULL) {
        strcpy(buf, "--");
        return;
    }
#if PLAY_USE_NOTATION
    char san[CHC_SAN_MAX];
    if (chc_move_to_san(pos, m, san) > 0 && strlen(san) < PLAY_MOVE_TEXT_MAX) {
        strcpy(buf, san);
        return;
    }
#endif
    local_san(pos, m, buf);
}

/* Reads a SAN-like move: [piece][from file][from rank][x][to][=promo], or castling. */
static int local_parse_san(const chc_position *pos, const char *text, chc_move *out, char *err,
                           size_t errcap)
{
    char s[32];
    size_t n = 0;
    for (const char *p = text; *p && n < sizeof s - 1; p++) {
        if (strchr("+#!?", *p)) continue;
        s[n++] = *p;
    }
    s[n] = 0;
    chc_move list[CHC_MAX_MOVES];
    int count = chc_legal_moves(pos, list, CHC_GEN_ALL);
    /* castling: O-O, 0-0, o-o, O-O-O */
    int is_castle = 0;
    if (n >= 3) {
        int all = 1, o = 0;
        for (size_t i = 0; i < n; i++) {
            if (s[i] == 'O' || s[i] == 'o' || s[i] == '0') o++;
            else if (s[i] != '-') all = 0;
        }
        if (all && (o == 2 || o == 3)) is_castle = o;
    }
    if (is_castle) {
        for (int i = 0; i < count; i++) {
            if (!(CHC_MOVE_FLAGS(list[i]) & CHC_MF_CASTLE)) continue;
            int king_side = CHC_FILE(CHC_MOVE_TO(list[i])) > CHC_FILE(CHC_MOVE_FROM(list[i]));
            if (king_side == (is_castle == 2)) {
                *out = list[i];
                return CHC_OK;
            }
        }
        snprintf(err, errcap, "%s: castling %s is not legal here", text,
                 is_castle == 2 ? "king side" : "queen side");
        return CHC_E_MOVE_ILLEGAL;
    }
    const char *p = s;
    int type = CHC_PAWN;
    if (*p && strchr("NBRQK", *p)) type = (int)(strchr(piece_letters, *p++) - piece_letters);
    /* collect the square characters, remembering a promotion */
    int files[3], ranks[3], nf = 0, nr = 0, promo = 0;
    char order[6];
    int no = 0;
    for (; *p; p++) {
        if (*p >= 'a' && *p <= 'h' && nf < 3) {
            files[nf++] = *p - 'a';
            if (no < 6) order[no++] = 'f';
        } else if (*p >= '1' && *p <= '8' && nr < 3) {
            ranks[nr++] = *p - '1';
            if (no < 6) order[no++] = 'r';
        } else if (*p == 'x' || *p == ':' || *p == '-') {
            continue;
        } else if (*p == '=' || strchr("NBRQnrq", *p)) {
            if (*p == '=') p++;
            const char *q = *p ? strchr("NBRQ", toupper((unsigned char)*p)) : NULL;
            if (!q || type != CHC_PAWN) goto syntax;
            promo = (int)(strchr(piece_letters, *q) - piece_letters);
            if (p[1]) goto syntax;
            break;
        } else {
            goto syntax;
        }
    }
    /* the destination is the last file and the last rank */
    if (nf < 1 || nr < 1 || no < 2 || order[no - 1] != 'r' || order[no - 2] != 'f') goto syntax;
    int to = CHC_SQUARE(files[nf - 1], ranks[nr - 1]);
    int from_file = nf >= 2 ? files[0] : -1, from_rank = nr >= 2 ? ranks[0] : -1;
    chc_move found = CHC_MOVE_NONE;
    int matches = 0;
    for (int i = 0; i < count; i++) {
        chc_move m = list[i];
        int f = CHC_MOVE_FROM(m);
        if (CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE) continue;
        if (CHC_MOVE_TO(m) != to || CHC_PIECE_TYPE(pos->board[f]) != type) continue;
        if (from_file >= 0 && CHC_FILE(f) != from_file) continue;
        if (from_rank >= 0 && CHC_RANK(f) != from_rank) continue;
        if (CHC_MOVE_PROMO(m) != promo) {
            if (!(promo == 0 && CHC_MOVE_PROMO(m) == CHC_QUEEN)) continue;
            /* a promotion typed without its piece: take the queen, say so if asked */
        }
        if (found && CHC_MOVE_FROM(found) == f && CHC_MOVE_TO(found) == CHC_MOVE_TO(m)) continue;
        found = m;
        matches++;
    }
    if (matches == 1) {
        *out = found;
        return CHC_OK;
    }
    if (matches > 1) {
        snprintf(err, errcap, "%s is ambiguous: say which piece (for example with its file)", text);
        return CHC_E_MOVE_AMBIGUOUS;
    }
    snprintf(err, errcap, "%s is not a legal move here", text);
    return CHC_E_MOVE_ILLEGAL;
syntax:
    snprintf(err, errcap, "'%s' is not a move (type SAN like Nf3, or UCI like g1f3)", text);
    return CHC_E_MOVE_SYNTAX;
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
#if PLAY_USE_NOTATION
    {
        chc_diag d;
        memset(&d, 0, sizeof d);
        int rc = chc_move_from_san(pos, s, out, &d);
        if (rc == CHC_OK) return CHC_OK;
        if (rc == CHC_E_MOVE_AMBIGUOUS) {
            snprintf(err, errcap, "%s is ambiguous: say which piece (for example Nbd2)", s);
            return rc;
        }
        if (rc == CHC_E_MOVE_ILLEGAL) {
            snprintf(err, errcap, "%s is not a legal move here", s);
            return rc;
        }
    }
#endif
    return local_parse_san(pos, s, out, err, errcap);
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
static int insufficient_material(const chc_position *pos)
{
    chc_bitboard all = pos->by_color[0] | pos->by_color[1];
    if (pos->by_type[CHC_PAWN] | pos->by_type[CHC_ROOK] | pos->by_type[CHC_QUEEN]) return 0;
    chc_bitboard minors = pos->by_type[CHC_KNIGHT] | pos->by_type[CHC_BISHOP];
    int n = 0;
    for (chc_bitboard b = minors; b; b &= b - 1) n++;
    if (n <= 1) return 1;
    if (pos->by_type[CHC_KNIGHT]) return 0;
    /* only bishops: dead if they all stand on squares of one colour */
    const chc_bitboard dark = 0xAA55AA55AA55AA55ull;
    (void)all;
    return (minors & dark) == 0 || (minors & ~dark) == 0;
}

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
    st->insufficient = insufficient_material(pos);
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
