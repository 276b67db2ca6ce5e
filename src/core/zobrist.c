/* Polyglot Zobrist hashing. Key layout (the Polyglot book format):
 *   piece on square: random64[64 * kind + sq], kind = 2 * type_index + (white ? 1 : 0) with
 *                    type_index pawn 0, knight 1, bishop 2, rook 3, queen 4, king 5
 *                    (so bp 0, wp 1, bn 2, wn 3, ... bk 10, wk 11), sq = 8 * rank + file
 *   castling:        random64[768 + i], i = 0 white short, 1 white long, 2 black short,
 *                    3 black long
 *   en passant:      random64[772 + file], only when a pawn of the side to move stands
 *                    beside the pawn that just made a double step
 *   side:            random64[780] when WHITE is to move
 */
#include "core/position.h"

#include "core/polyglot_keys.inc"

const uint64_t *chci_zobrist_piece = polyglot_random64;

uint64_t chci_key_piece(int piece, int sq)
{
    int kind = 2 * (CHC_PIECE_TYPE(piece) - 1) + (CHC_PIECE_COLOR(piece) == CHC_WHITE);
    return polyglot_random64[64 * kind + sq];
}

uint64_t chci_key_castling(unsigned rights)
{
    uint64_t k = 0;
    for (int i = 0; i < 4; i++)
        if (rights & (1u << i)) k ^= polyglot_random64[768 + i];
    return k;
}

uint64_t chci_key_ep_file(int file) { return polyglot_random64[772 + file]; }
uint64_t chci_key_side(void) { return polyglot_random64[780]; }

int chci_ep_in_key(const chc_position *p)
{
    /* Only an ep square on the side to move's sixth rank can be capturable (positions being
     * validated may hold anything here). */
    if (p->ep >= 64 || CHC_RANK(p->ep) != (p->side == CHC_WHITE ? 5 : 2)) return 0;
    /* The pawn that moved stands one rank towards the side to move's opponent. */
    int pawn_sq = p->side == CHC_WHITE ? p->ep - 8 : p->ep + 8;
    bb_t beside = ((BB(pawn_sq) << 1) & ~FILE_A_BB) | ((BB(pawn_sq) >> 1) & ~FILE_H_BB);
    return (beside & pos_pieces(p, p->side, CHC_PAWN)) != 0;
}

uint64_t chc_polyglot_key(const chc_position *p)
{
    uint64_t k = 0;
    for (bb_t b = pos_occ(p); b;) {
        int sq = bb_pop(&b);
        k ^= chci_key_piece(p->board[sq], sq);
    }
    k ^= chci_key_castling(p->castling);
    if (chci_ep_in_key(p)) k ^= chci_key_ep_file(CHC_FILE(p->ep));
    if (p->side == CHC_WHITE) k ^= chci_key_side();
    return k;
}
