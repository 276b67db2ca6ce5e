/* Game outcomes: mate, stalemate, insufficient material, move-count rules, repetitions. */
#include <stdlib.h>
#include <string.h>

#include "core/position.h"
#include "notation/game.h"
#include "notation/notation.h"

#define DARK_SQUARES 0xAA55AA55AA55AA55ULL

/* Non-zero when `color` cannot mate whatever the other side does (chessops' rule). */
static int side_insufficient(const chc_position *pos, int color)
{
    bb_t mine = pos->by_color[color];
    if (mine & (pos->by_type[CHC_PAWN] | pos->by_type[CHC_ROOK] | pos->by_type[CHC_QUEEN]))
        return 0;
    if (mine & pos->by_type[CHC_KNIGHT]) {
        bb_t theirs = pos->by_color[color ^ 1] & ~pos->by_type[CHC_KING] & ~pos->by_type[CHC_QUEEN];
        return bb_popcount(mine) <= 2 && !theirs;
    }
    if (mine & pos->by_type[CHC_BISHOP]) {
        bb_t b = pos->by_type[CHC_BISHOP];
        int same = !(b & DARK_SQUARES) || !(b & ~DARK_SQUARES);
        return same && !pos->by_type[CHC_PAWN] && !pos->by_type[CHC_KNIGHT];
    }
    return 1;
}

int chc_insufficient_material(const chc_position *pos)
{
    return side_insufficient(pos, CHC_WHITE) && side_insufficient(pos, CHC_BLACK);
}

int chc_position_outcome(const chc_position *pos)
{
    if (chc_count_legal_moves(pos) == 0)
        return pos->checkers ? CHC_OUTCOME_CHECKMATE : CHC_OUTCOME_STALEMATE;
    if (chc_insufficient_material(pos)) return CHC_OUTCOME_INSUFFICIENT;
    if (pos->halfmove >= 150) return CHC_OUTCOME_SEVENTYFIVE;
    if (pos->halfmove >= 100) return CHC_OUTCOME_FIFTY;
    return CHC_OUTCOME_NONE;
}

int chc_outcome_result(int outcome, const chc_position *pos)
{
    switch (outcome) {
    case CHC_OUTCOME_NONE: return CHC_RESULT_UNKNOWN;
    case CHC_OUTCOME_CHECKMATE:
        return pos->side == CHC_WHITE ? CHC_RESULT_BLACK_WINS : CHC_RESULT_WHITE_WINS;
    default: return CHC_RESULT_DRAW;
    }
}

const char *chc_outcome_name(int outcome)
{
    switch (outcome) {
    case CHC_OUTCOME_CHECKMATE: return "checkmate";
    case CHC_OUTCOME_STALEMATE: return "stalemate";
    case CHC_OUTCOME_INSUFFICIENT: return "insufficient material";
    case CHC_OUTCOME_SEVENTYFIVE: return "seventy-five-move rule";
    case CHC_OUTCOME_FIVEFOLD: return "fivefold repetition";
    case CHC_OUTCOME_FIFTY: return "fifty-move rule";
    case CHC_OUTCOME_THREEFOLD: return "threefold repetition";
    default: return "none";
    }
}

const char *chc_result_string(int result)
{
    switch (result) {
    case CHC_RESULT_WHITE_WINS: return "1-0";
    case CHC_RESULT_BLACK_WINS: return "0-1";
    case CHC_RESULT_DRAW: return "1/2-1/2";
    default: return "*";
    }
}

int chci_game_outcome_at(const chc_game *g, size_t ply, int *reps)
{
    /* Replay the main line keeping the positions since the last irreversible move (capture,
     * pawn move, castling, null move: no position before one can come back after it). */
    size_t n = ply < g->nmain ? ply : g->nmain;
    chc_position *hist = NULL;
    size_t nhist = 0, cap = 0;
    chc_position pos = g->start;
    for (size_t i = 0; i <= n; i++) {
        if (i > 0) {
            chc_move m = g->nodes[g->main[i - 1]].move;
            int irreversible = m == CHC_MOVE_NULL ||
                               (CHC_MOVE_FLAGS(m) & (CHC_MF_CAPTURE | CHC_MF_PAWN | CHC_MF_CASTLE));
            chci_play(&pos, m);
            if (irreversible) nhist = 0;
        }
        if (i == n) break;
        if (nhist == cap) {
            size_t nc = cap ? cap * 2 : 64;
            chc_position *h = realloc(hist, nc * sizeof *h);
            if (!h) break;
            hist = h;
            cap = nc;
        }
        hist[nhist++] = pos;
    }
    /* Repetitions of the final position (the key is a quick filter). */
    int count = 1;
    for (size_t i = 0; i < nhist; i++)
        if (hist[i].key == pos.key && chc_position_same(&hist[i], &pos)) count++;
    free(hist);
    if (reps) *reps = count;
    int o = chc_position_outcome(&pos);
    if (o == CHC_OUTCOME_CHECKMATE || o == CHC_OUTCOME_STALEMATE || o == CHC_OUTCOME_INSUFFICIENT ||
        o == CHC_OUTCOME_SEVENTYFIVE)
        return o;
    if (count >= 5) return CHC_OUTCOME_FIVEFOLD;
    if (o == CHC_OUTCOME_FIFTY) return o;
    if (count >= 3) return CHC_OUTCOME_THREEFOLD;
    return CHC_OUTCOME_NONE;
}

int chc_game_outcome(const chc_game *g) { return chci_game_outcome_at(g, g->nmain, NULL); }
