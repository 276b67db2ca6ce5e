/* Playing by code: one move on a position that two players send each other, refused when the
 * game is already over (checkmate, stalemate, a draw by rule, a resignation). */
#include <stdio.h>
#include <string.h>

#include "common/diag.h"
#include "notation/notation.h"

/* Non-zero for the outcomes that end a game by rule (not the claimable draws). */
static int ends_game(int outcome)
{
    return outcome == CHC_OUTCOME_CHECKMATE || outcome == CHC_OUTCOME_STALEMATE ||
           outcome == CHC_OUTCOME_INSUFFICIENT || outcome == CHC_OUTCOME_SEVENTYFIVE;
}

int chc_position_over(const chc_position *pos, unsigned flags, char *dst, size_t dst_cap)
{
    int outcome = chc_position_outcome(pos);
    if (dst_cap) dst[0] = 0;
    if (flags & CHC_PLAY_RESIGNED) {
        if (dst_cap) snprintf(dst, dst_cap, "a player resigned (the code carries the white flag)");
        return 1;
    }
    if (!ends_game(outcome)) return 0;
    int result = chc_outcome_result(outcome, pos);
    if (dst_cap)
        snprintf(dst, dst_cap, "%s, %s (%s)", chc_outcome_name(outcome),
                 result == CHC_RESULT_WHITE_WINS ? "White wins" :
                 result == CHC_RESULT_BLACK_WINS ? "Black wins" : "a draw",
                 chc_result_string(result));
    return 1;
}

int chc_position_play(chc_position *pos, unsigned flags, const char *src, size_t src_len,
                      chc_move *move, int *outcome, chc_diag *diag)
{
    char why[CHC_OVER_TEXT_MAX];
    if (move) *move = CHC_MOVE_NONE;
    if (outcome) *outcome = chc_position_outcome(pos);
    if (chc_position_over(pos, flags, why, sizeof why))
        return chci_fail(diag, CHC_E_GAME_OVER, -1, 0, 0, -1, "the game is over: %s", why);
    chc_move m;
    int rc = chc_move_parse(pos, src, src_len, &m, diag);
    if (rc != CHC_OK) return rc;
    if (m == CHC_MOVE_NULL)
        return chci_fail(diag, CHC_E_MOVE_ILLEGAL, 0, 0, 0, -1,
                         "a null move is not a move of the game");
    chc_undo u;
    chc_make_move(pos, m, &u);
    if (move) *move = m;
    if (outcome) *outcome = chc_position_outcome(pos);
    return CHC_OK;
}
