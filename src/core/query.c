/* Questions about a position: check, attackers, pins, whether a move gives check. */
#include "core/position.h"

int chc_in_check(const chc_position *pos) { return pos->checkers != 0; }

chc_bitboard chc_attackers(const chc_position *pos, int sq, chc_bitboard occupied)
{
    if (sq < 0 || sq > 63) return 0;
    return pos_attackers(pos, sq, occupied);
}

chc_bitboard chc_pinned(const chc_position *pos, int color)
{
    if (color < 0 || color > 1) return 0;
    return pos_pinned(pos, color);
}

int chc_gives_check(const chc_position *pos, chc_move m)
{
    /* Exact and simple: the board after the move, then the opponent king's attackers.
     * Only the squares that change are touched. */
    const int us = pos->side, them = us ^ 1;
    const int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
    const unsigned flags = CHC_MOVE_FLAGS(m);
    const int eksq = pos->king_sq[them];
    bb_t occ = pos_occ(pos);
    bb_t mine[7];
    for (int t = 1; t <= 6; t++) mine[t] = pos_pieces(pos, us, t);
    if (flags & CHC_MF_CASTLE) {
        int back = us == CHC_WHITE ? 0 : 56;
        int kdst = back + (to > from ? 6 : 2), rdst = back + (to > from ? 5 : 3);
        occ = (occ ^ BB(from) ^ BB(to)) | BB(kdst) | BB(rdst);
        mine[CHC_ROOK] = (mine[CHC_ROOK] ^ BB(to)) | BB(rdst);
        mine[CHC_KING] = BB(kdst);
    } else {
        int type = CHC_PIECE_TYPE(pos->board[from]);
        int placed = (flags & CHC_MF_PROMOTION) ? CHC_MOVE_PROMO(m) : type;
        occ = (occ ^ BB(from)) | BB(to);
        if (flags & CHC_MF_EN_PASSANT) occ ^= BB(us == CHC_WHITE ? to - 8 : to + 8);
        mine[type] ^= BB(from);
        mine[placed] |= BB(to);
    }
    return ((chci_pawn_att[them][eksq] & mine[CHC_PAWN]) || (chci_knight_att[eksq] & mine[CHC_KNIGHT]) ||
            (chci_rook_att(eksq, occ) & (mine[CHC_ROOK] | mine[CHC_QUEEN])) ||
            (chci_bishop_att(eksq, occ) & (mine[CHC_BISHOP] | mine[CHC_QUEEN])));
}
