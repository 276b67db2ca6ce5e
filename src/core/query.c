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

/* ---- accessors ----------------------------------------------------------------------------- */
int chc_piece_at(const chc_position *pos, int sq)
{
    return sq >= 0 && sq < 64 ? pos->board[sq] : CHC_NO_PIECE;
}

int chc_king_square(const chc_position *pos, int color)
{
    return color == CHC_WHITE || color == CHC_BLACK ? pos->king_sq[color] : CHC_NO_SQUARE;
}

chc_bitboard chc_pieces(const chc_position *pos, int color, int type)
{
    if (type < CHC_NO_TYPE || type > CHC_KING) return 0;
    chc_bitboard b = pos->by_type[type];
    if (color == CHC_WHITE || color == CHC_BLACK) b &= pos->by_color[color];
    return b;
}

int chc_side_to_move(const chc_position *pos) { return pos->side; }
unsigned chc_castling_rights(const chc_position *pos) { return pos->castling; }

int chc_castling_rook(const chc_position *pos, unsigned right)
{
    for (int i = 0; i < 4; i++)
        if (right == (1u << i)) return (pos->castling & right) ? pos->castle_rook[i] : CHC_NO_SQUARE;
    return CHC_NO_SQUARE;
}

int chc_ep_square(const chc_position *pos) { return pos->ep; }
int chc_halfmove_clock(const chc_position *pos) { return pos->halfmove; }
int chc_fullmove_number(const chc_position *pos) { return (int)pos->fullmove; }
int chc_is_chess960(const chc_position *pos) { return pos->chess960 != 0; }
uint64_t chc_position_key(const chc_position *pos) { return pos->key; }

const char *chc_square_name(int sq)
{
    static const char names[64][3] = {
        "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
        "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
        "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6",
        "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"};
    return sq >= 0 && sq < 64 ? names[sq] : "-";
}
