/* How a game ends (rule endings, declared terminations, the PGN [Termination] tag), the
 * state at the cursor for programs showing a game, and the board as text. */
#include <stdio.h>
#include <string.h>

#include "common/diag.h"
#include "notation/game.h"
#include "notation/notation.h"

static const char *const term_names[] = {
    "none", "checkmate", "stalemate", "insufficient material", "seventy-five-move rule",
    "fivefold repetition", "fifty-move rule", "threefold repetition", "resignation",
    "agreement", "time forfeit", "abandoned", "adjudication", "other"};
#define TERM_COUNT ((int)(sizeof term_names / sizeof *term_names))

const char *chc_termination_name(int termination)
{
    return termination > 0 && termination < TERM_COUNT ? term_names[termination] : "none";
}

int chc_game_termination(const chc_game *g)
{
    if (g->termination == CHCI_TERM_FROM_TAG)
        return chci_termination_from_tag(g, chc_game_tag(g, "Termination"));
    return g->termination;
}

/* ASCII case-insensitive equality, ignoring spaces, '-' and '_'. */
static int same_word(const char *a, const char *b)
{
    for (;;) {
        while (*a == ' ' || *a == '-' || *a == '_') a++;
        while (*b == ' ' || *b == '-' || *b == '_') b++;
        if (!*a || !*b) return !*a && !*b;
        char x = *a++, y = *b++;
        if (x >= 'A' && x <= 'Z') x = (char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = (char)(y - 'A' + 'a');
        if (x != y) return 0;
    }
}

int chci_termination_from_tag(const chc_game *g, const char *value)
{
    if (!value) return CHC_TERM_NONE;
    /* The standard's values. */
    if (same_word(value, "time forfeit") || same_word(value, "time")) return CHC_TERM_TIME;
    if (same_word(value, "abandoned")) return CHC_TERM_ABANDONED;
    if (same_word(value, "adjudication")) return CHC_TERM_ADJUDICATION;
    if (same_word(value, "rules infraction") || same_word(value, "death") ||
        same_word(value, "emergency"))
        return CHC_TERM_OTHER;
    if (same_word(value, "unterminated")) return CHC_TERM_NONE;
    /* Our own names (as chc_termination_name() writes them). */
    for (int t = 1; t < TERM_COUNT; t++)
        if (same_word(value, term_names[t])) return t;
    if (same_word(value, "normal")) {
        /* A rule ending when the final position has one; else the result says how. */
        int o = chci_game_outcome_at(g, g->nmain, NULL);
        if (o != CHC_OUTCOME_NONE && o != CHC_OUTCOME_FIFTY && o != CHC_OUTCOME_THREEFOLD)
            return o; /* CHC_TERM_* equals CHC_OUTCOME_* for rule endings */
        if (g->result == CHC_RESULT_WHITE_WINS || g->result == CHC_RESULT_BLACK_WINS)
            return CHC_TERM_RESIGNATION;
        if (g->result == CHC_RESULT_DRAW)
            return o == CHC_OUTCOME_FIFTY || o == CHC_OUTCOME_THREEFOLD ? o : CHC_TERM_AGREEMENT;
        return CHC_TERM_NONE;
    }
    return CHC_TERM_OTHER;
}

/* The standard's [Termination] value for a declared termination. */
static const char *term_tag(int t)
{
    switch (t) {
    case CHC_TERM_TIME: return "time forfeit";
    case CHC_TERM_ABANDONED: return "abandoned";
    case CHC_TERM_ADJUDICATION: return "adjudication";
    case CHC_TERM_OTHER: return "rules infraction";
    case CHC_TERM_NONE: return NULL;
    default: return "normal";
    }
}

int chc_game_set_termination(chc_game *g, int termination, int result)
{
    if (termination < 0 || termination >= TERM_COUNT || result < CHC_RESULT_UNKNOWN ||
        result > CHC_RESULT_DRAW)
        return CHC_E_ARGUMENT;
    int decisive = result == CHC_RESULT_WHITE_WINS || result == CHC_RESULT_BLACK_WINS;
    if (termination >= CHC_TERM_CHECKMATE && termination <= CHC_TERM_THREEFOLD) {
        chc_position end;
        chc_game_position(g, g->nmain, &end);
        int o = chci_game_outcome_at(g, g->nmain, NULL);
        int want = chc_outcome_result(termination, &end);
        if (result != want) return CHC_E_ARGUMENT;
        if (termination == CHC_TERM_FIFTY) {
            if (end.halfmove < 100) return CHC_E_ARGUMENT;
        } else if (termination == CHC_TERM_THREEFOLD) {
            if (o != CHC_OUTCOME_THREEFOLD && o != CHC_OUTCOME_FIVEFOLD) return CHC_E_ARGUMENT;
        } else if (o != termination) {
            return CHC_E_ARGUMENT;
        }
    } else if (termination == CHC_TERM_RESIGNATION) {
        if (!decisive) return CHC_E_ARGUMENT;
    } else if (termination == CHC_TERM_AGREEMENT) {
        if (result != CHC_RESULT_DRAW) return CHC_E_ARGUMENT;
    } else if (termination == CHC_TERM_TIME) {
        if (result == CHC_RESULT_UNKNOWN) return CHC_E_ARGUMENT;
    }
    g->termination = termination;
    g->result = result;
    int rc = chc_game_set_tag(g, "Result", chc_result_string(result));
    if (rc == CHC_OK) rc = chc_game_set_tag(g, "Termination", term_tag(termination));
    return rc == CHC_OK ? CHC_OK : CHC_E_ARGUMENT;
}

void chc_game_status_get(const chc_game *g, chc_game_status *st)
{
    const chc_position *pos = chc_game_current(g);
    memset(st, 0, sizeof *st);
    int reps = 1;
    int o = chci_game_outcome_at(g, g->cursor, &reps);
    int at_end = g->cursor == g->nmain;
    st->side = pos->side;
    st->check = pos->checkers != 0;
    st->outcome = o;
    st->repetitions = reps;
    st->halfmove = pos->halfmove;
    st->result = CHC_RESULT_UNKNOWN;
    const char *white = "White", *black = "Black";
    const char *mover = pos->side == CHC_WHITE ? white : black;
    if (o == CHC_OUTCOME_CHECKMATE || o == CHC_OUTCOME_STALEMATE || o == CHC_OUTCOME_INSUFFICIENT ||
        o == CHC_OUTCOME_SEVENTYFIVE || o == CHC_OUTCOME_FIVEFOLD) {
        st->over = 1;
        st->termination = o;
        st->result = chc_outcome_result(o, pos);
        if (o == CHC_OUTCOME_CHECKMATE)
            snprintf(st->text, sizeof st->text, "Checkmate: %s wins (%s)",
                     pos->side == CHC_WHITE ? black : white, chc_result_string(st->result));
        else
            snprintf(st->text, sizeof st->text, "Draw by %s (1/2-1/2)", chc_outcome_name(o));
        return;
    }
    if (o == CHC_OUTCOME_FIFTY || o == CHC_OUTCOME_THREEFOLD) st->can_claim = o;
    if (at_end && (chc_game_termination(g) != CHC_TERM_NONE || g->result != CHC_RESULT_UNKNOWN)) {
        int t = chc_game_termination(g), r = g->result;
        st->over = 1;
        st->termination = t;
        st->result = r;
        const char *rs = chc_result_string(r);
        const char *winner = r == CHC_RESULT_WHITE_WINS ? white : black;
        const char *loser = r == CHC_RESULT_WHITE_WINS ? black : white;
        int decisive = r == CHC_RESULT_WHITE_WINS || r == CHC_RESULT_BLACK_WINS;
        if (t == CHC_TERM_FIFTY || t == CHC_TERM_THREEFOLD)
            snprintf(st->text, sizeof st->text, "Draw by %s (claimed)", chc_termination_name(t));
        else if (t == CHC_TERM_RESIGNATION)
            snprintf(st->text, sizeof st->text, "%s resigned: %s wins (%s)", loser, winner, rs);
        else if (t == CHC_TERM_AGREEMENT)
            snprintf(st->text, sizeof st->text, "Draw by agreement (%s)", rs);
        else if (t == CHC_TERM_TIME && decisive)
            snprintf(st->text, sizeof st->text, "%s lost on time: %s wins (%s)", loser, winner, rs);
        else if (t == CHC_TERM_TIME)
            snprintf(st->text, sizeof st->text, "Draw on time (%s)", rs);
        else if (decisive)
            snprintf(st->text, sizeof st->text, "Game over%s%s: %s wins (%s)",
                     t ? ", " : "", t ? chc_termination_name(t) : "", winner, rs);
        else
            snprintf(st->text, sizeof st->text, "Game over%s%s: %s (%s)", t ? ", " : "",
                     t ? chc_termination_name(t) : "",
                     r == CHC_RESULT_DRAW ? "draw" : "no result", rs);
        return;
    }
    int n = snprintf(st->text, sizeof st->text, "%s to move%s", mover,
                     st->check ? ", in check" : "");
    if (n > 0 && st->can_claim)
        snprintf(st->text + n, sizeof st->text - (size_t)n, "; draw claimable (%s)",
                 chc_outcome_name(st->can_claim));
}

int chc_game_set_rule_result(chc_game *g)
{
    if (g->result != CHC_RESULT_UNKNOWN) return g->result; /* declared: nothing to work out */
    int o = chc_game_outcome(g);
    if (o != CHC_OUTCOME_NONE && o != CHC_OUTCOME_FIFTY && o != CHC_OUTCOME_THREEFOLD) {
        chc_position end;
        chc_game_position(g, g->nmain, &end);
        chc_game_set_result(g, chc_outcome_result(o, &end));
    }
    return g->result;
}

int chc_game_movetext(const chc_game *g, size_t from, size_t to, unsigned flags, char *dst,
                      size_t dst_cap, size_t *dst_len)
{
    if (to > g->nmain) to = g->nmain;
    if (from > to || (flags & ~CHC_MOVETEXT_COMPACT)) return CHC_E_ARGUMENT;
    size_t n = 0;
    for (size_t i = from; i < to; i++) {
        chc_position p;
        char san[CHC_SAN_MAX], word[64];
        chc_game_position(g, i, &p);
        chc_move_to_san(&p, chc_game_move(g, i), san);
        int k = p.side == CHC_WHITE || i == from
                    ? snprintf(word, sizeof word, "%s%u.%s%s%s", n ? " " : "", (unsigned)p.fullmove,
                               p.side == CHC_WHITE ? "" : "..",
                               flags & CHC_MOVETEXT_COMPACT ? "" : " ", san)
                    : snprintf(word, sizeof word, " %s", san);
        if (n + (size_t)k < dst_cap) memcpy(dst + n, word, (size_t)k);
        n += (size_t)k;
    }
    if (dst_len) *dst_len = n;
    if (n + 1 > dst_cap) {
        if (dst_cap) dst[0] = 0;
        return CHC_E_BUFFER_TOO_SMALL;
    }
    dst[n] = 0;
    return CHC_OK;
}

/* ---- the board as text ------------------------------------------------------------------ */
static const char *glyph(int piece, int ascii)
{
    static const char *const uni[2][7] = {
        {"", "\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"},
        {"", "\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A"}};
    static const char *const asc[2][7] = {{"", "P", "N", "B", "R", "Q", "K"},
                                          {"", "p", "n", "b", "r", "q", "k"}};
    if (piece == CHC_NO_PIECE) return ascii ? "." : "\u00B7";
    int c = CHC_PIECE_COLOR(piece) & 1, t = CHC_PIECE_TYPE(piece);
    return ascii ? asc[c][t] : uni[c][t];
}

int chc_board_write(const chc_position *pos, chc_move last, unsigned flags, char *dst,
                    size_t dst_cap, size_t *dst_len)
{
    char buf[CHC_BOARD_TEXT_MAX];
    size_t n = 0;
    int ascii = (flags & CHC_BOARD_ASCII) != 0, flip = (flags & CHC_BOARD_FLIP) != 0;
    int coords = !(flags & CHC_BOARD_NO_COORDS);
    int lf = -1, lt = -1;
    if (last != CHC_MOVE_NONE && last != CHC_MOVE_NULL) {
        lf = CHC_MOVE_FROM(last);
        lt = CHC_MOVE_TO(last);
    }
    for (int row = 0; row < 8; row++) {
        int rank = flip ? row : 7 - row;
        if (coords) n += (size_t)snprintf(buf + n, sizeof buf - n, " %d ", rank + 1);
        for (int col = 0; col < 8; col++) {
            int file = flip ? 7 - col : col;
            int sq = CHC_SQUARE(file, rank);
            int mark = sq == lf || sq == lt;
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%c%s%c", mark ? '[' : ' ',
                                  glyph(pos->board[sq], ascii), mark ? ']' : ' ');
        }
        buf[n++] = '\n';
    }
    if (coords) {
        n += (size_t)snprintf(buf + n, sizeof buf - n, "   ");
        for (int col = 0; col < 8; col++)
            n += (size_t)snprintf(buf + n, sizeof buf - n, " %c ", 'a' + (flip ? 7 - col : col));
        buf[n++] = '\n';
    }
    buf[n] = 0;
    if (dst_len) *dst_len = n;
    if (n + 1 > dst_cap) {
        if (dst_cap) dst[0] = 0;
        return CHC_E_BUFFER_TOO_SMALL;
    }
    memcpy(dst, buf, n + 1);
    return CHC_OK;
}
