/* Internal: position helpers shared by the rules core (and usable by engine, notation and
 * codecs for speed). Everything here works on chc_position from the public header. */
#ifndef CHC_CORE_POSITION_H
#define CHC_CORE_POSITION_H
#include "core/bitboard.h"

/* Polyglot key indices (see zobrist.c). */
extern const uint64_t *chci_zobrist_piece; /* [piece kind 0..11][64] flattened */
uint64_t chci_key_piece(int piece, int sq);
uint64_t chci_key_castling(unsigned rights);
uint64_t chci_key_ep_file(int file);
uint64_t chci_key_side(void); /* XORed in when WHITE is to move */

static inline bb_t pos_occ(const chc_position *p) { return p->by_type[0]; }
static inline bb_t pos_pieces(const chc_position *p, int color, int type)
{
    return p->by_color[color] & p->by_type[type];
}

/* Pieces of either colour attacking `sq` given occupancy `occ`. */
static inline bb_t pos_attackers(const chc_position *p, int sq, bb_t occ)
{
    return (chci_pawn_att[CHC_WHITE][sq] & pos_pieces(p, CHC_BLACK, CHC_PAWN))
         | (chci_pawn_att[CHC_BLACK][sq] & pos_pieces(p, CHC_WHITE, CHC_PAWN))
         | (chci_knight_att[sq] & p->by_type[CHC_KNIGHT])
         | (chci_king_att[sq] & p->by_type[CHC_KING])
         | (chci_rook_att(sq, occ) & (p->by_type[CHC_ROOK] | p->by_type[CHC_QUEEN]))
         | (chci_bishop_att(sq, occ) & (p->by_type[CHC_BISHOP] | p->by_type[CHC_QUEEN]));
}

/* Non-zero if side `by` attacks `sq` with occupancy `occ`. */
static inline int pos_attacked_by(const chc_position *p, int sq, int by, bb_t occ)
{
    bb_t them = p->by_color[by];
    if (chci_pawn_att[by ^ 1][sq] & them & p->by_type[CHC_PAWN]) return 1;
    if (chci_knight_att[sq] & them & p->by_type[CHC_KNIGHT]) return 1;
    if (chci_king_att[sq] & them & p->by_type[CHC_KING]) return 1;
    if (chci_rook_att(sq, occ) & them & (p->by_type[CHC_ROOK] | p->by_type[CHC_QUEEN])) return 1;
    if (chci_bishop_att(sq, occ) & them & (p->by_type[CHC_BISHOP] | p->by_type[CHC_QUEEN])) return 1;
    return 0;
}

static inline void pos_put(chc_position *p, int piece, int sq)
{
    bb_t b = BB(sq);
    p->board[sq] = (uint8_t)piece;
    p->by_color[CHC_PIECE_COLOR(piece)] |= b;
    p->by_type[CHC_PIECE_TYPE(piece)] |= b;
    p->by_type[0] |= b;
}
static inline void pos_remove(chc_position *p, int sq)
{
    int piece = p->board[sq];
    bb_t b = BB(sq);
    p->board[sq] = 0;
    p->by_color[CHC_PIECE_COLOR(piece)] ^= b;
    p->by_type[CHC_PIECE_TYPE(piece)] ^= b;
    p->by_type[0] ^= b;
}

/* Pieces of `color` pinned to their king: its pieces standing alone between the king and an
 * enemy rook, bishop or queen on the same line. */
static inline bb_t pos_pinned(const chc_position *p, int color)
{
    const int ksq = p->king_sq[color];
    const bb_t ours = p->by_color[color], theirs = p->by_color[color ^ 1], occ = pos_occ(p);
    bb_t pinned = 0;
    bb_t snipers = (chci_rook_att(ksq, theirs) & theirs & (p->by_type[CHC_ROOK] | p->by_type[CHC_QUEEN]))
                 | (chci_bishop_att(ksq, theirs) & theirs & (p->by_type[CHC_BISHOP] | p->by_type[CHC_QUEEN]));
    while (snipers) {
        bb_t b = chci_between[ksq][bb_pop(&snipers)] & occ;
        if (b && !bb_more_than_one(b) && (b & ours)) pinned |= b;
    }
    return pinned;
}

/* Non-zero when the Polyglot key includes the en-passant file: a pawn of the side to move
 * stands beside the pawn that just made the double step. */
int chci_ep_in_key(const chc_position *p);
/* Non-zero when a legal en-passant capture exists. */
int chci_ep_legal(const chc_position *p);
/* Recomputes caches (checkers, king squares, castle mask) and the key from scratch. */
void chci_refresh(chc_position *p);
/* Debug: asserts the caches, bitboards and key equal a recomputation (CHC_DEBUG_CHECKS). */
void chci_check(const chc_position *p);

/* The castling move of right bit `right` (0 WK, 1 WQ, 2 BK, 3 BQ) for the side to move if
 * it is legal, else CHC_MOVE_NONE (no move generation). */
chc_move chci_castle_move(const chc_position *p, int right);
/* Legality of a move built the way the generator builds it (flags from the board) whose piece
 * of the side to move can reach `to` (a pawn push onto an empty square, a capture of an enemy
 * piece or en passant, a piece's attack): the king's safety, check evasion, pins, en passant
 * exactly. Not for castling. No move generation. */
int chci_built_legal(const chc_position *p, chc_move m);
/* Legal move generation into out (NULL: count only). */
int chci_generate(const chc_position *p, chc_move *out, enum chc_gen kind);
#endif
