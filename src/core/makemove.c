/* Making and taking back moves, with the Polyglot key updated incrementally.
 * In CHC_DEBUG_CHECKS builds every make and unmake ends with chci_check(), which rebuilds the
 * bitboards, caches and key from the mailbox and aborts on any difference. */
#include <stdio.h>
#include <stdlib.h>

#include "core/position.h"

/* chci_key_piece, inlined (a call per board change was 2-3% of replaying PGN). */
static inline uint64_t key_piece(int piece, int sq)
{
    int kind = 2 * (CHC_PIECE_TYPE(piece) - 1) + (CHC_PIECE_COLOR(piece) == CHC_WHITE);
    return chci_zobrist_piece[64 * kind + sq];
}

/* The pieces giving check to the side to move. Sliders: the few enemy sliders aligned with
 * the king, each tested through the small between table (a slider attack lookup from the king
 * square missed the cache at almost every move when replaying games). */
static inline bb_t checkers_of(const chc_position *p)
{
    const int us = p->side, ksq = p->king_sq[us];
    const bb_t them = p->by_color[us ^ 1], occ = pos_occ(p);
    bb_t c = ((chci_pawn_att[us][ksq] & p->by_type[CHC_PAWN]) |
              (chci_knight_att[ksq] & p->by_type[CHC_KNIGHT]) |
              (chci_king_att[ksq] & p->by_type[CHC_KING])) & them;
    bb_t s = ((chci_rook_att(ksq, 0) & (p->by_type[CHC_ROOK] | p->by_type[CHC_QUEEN])) |
              (chci_bishop_att(ksq, 0) & (p->by_type[CHC_BISHOP] | p->by_type[CHC_QUEEN]))) & them;
    while (s) {
        int sq = bb_pop(&s);
        if (!(chci_between[ksq][sq] & occ)) c |= BB(sq);
    }
    return c;
}

static inline void save_state(const chc_position *p, chc_undo *u)
{
    u->checkers = p->checkers;
    u->key = p->key;
    u->ep = p->ep;
    u->castling = p->castling;
    u->halfmove = p->halfmove;
    u->captured = 0;
}

static inline void restore_state(chc_position *p, const chc_undo *u)
{
    p->checkers = u->checkers;
    p->key = u->key;
    p->ep = u->ep;
    p->castling = u->castling;
    p->halfmove = u->halfmove;
}

void chc_make_move(chc_position *p, chc_move m, chc_undo *u)
{
    const int us = p->side, them = us ^ 1;
    const int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
    const unsigned flags = CHC_MOVE_FLAGS(m);
    uint64_t key = p->key;

    save_state(p, u);

    if (p->ep != CHC_NO_SQUARE) {
        if (chci_ep_in_key(p)) key ^= chci_key_ep_file(CHC_FILE(p->ep));
        p->ep = CHC_NO_SQUARE;
    }
    p->halfmove++;

    if (flags & CHC_MF_CASTLE) {
        const int back = us == CHC_WHITE ? 0 : 56;
        const int kdst = back + (to > from ? 6 : 2), rdst = back + (to > from ? 5 : 3);
        const int king = CHC_PIECE(us, CHC_KING), rook = CHC_PIECE(us, CHC_ROOK);
        pos_remove(p, from);
        pos_remove(p, to);
        pos_put(p, king, kdst);
        pos_put(p, rook, rdst);
        key ^= key_piece(king, from) ^ key_piece(king, kdst)
             ^ key_piece(rook, to) ^ key_piece(rook, rdst);
        p->king_sq[us] = (uint8_t)kdst;
    } else {
        const int piece = p->board[from];
        if (flags & CHC_MF_EN_PASSANT) {
            int cap = us == CHC_WHITE ? to - 8 : to + 8;
            u->captured = p->board[cap];
            key ^= key_piece(u->captured, cap);
            pos_remove(p, cap);
        } else if (p->board[to]) {
            u->captured = p->board[to];
            key ^= key_piece(u->captured, to);
            pos_remove(p, to);
        }
        if (u->captured || (flags & CHC_MF_PAWN)) p->halfmove = 0;
        pos_remove(p, from);
        key ^= key_piece(piece, from);
        int placed = (flags & CHC_MF_PROMOTION) ? CHC_PIECE(us, CHC_MOVE_PROMO(m)) : piece;
        pos_put(p, placed, to);
        key ^= key_piece(placed, to);
        if (CHC_PIECE_TYPE(piece) == CHC_KING) p->king_sq[us] = (uint8_t)to;
        if (flags & CHC_MF_DOUBLE_PAWN) p->ep = (uint8_t)((from + to) / 2);
    }

    unsigned rights = p->castling & p->castle_mask[from] & p->castle_mask[to];
    if (rights != p->castling) {
        key ^= chci_key_castling(p->castling ^ rights);
        p->castling = (uint8_t)rights;
    }
    if (us == CHC_BLACK) p->fullmove++;
    p->side = (uint8_t)them;
    key ^= chci_key_side();
    if (p->ep != CHC_NO_SQUARE && chci_ep_in_key(p)) key ^= chci_key_ep_file(CHC_FILE(p->ep));
    p->key = key;
    p->checkers = checkers_of(p);
#ifdef CHC_DEBUG_CHECKS
    chci_check(p);
#endif
}

void chc_unmake_move(chc_position *p, chc_move m, const chc_undo *u)
{
    const int them = p->side, us = them ^ 1;
    const int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
    const unsigned flags = CHC_MOVE_FLAGS(m);

    p->side = (uint8_t)us;
    if (us == CHC_BLACK) p->fullmove--;
    if (flags & CHC_MF_CASTLE) {
        const int back = us == CHC_WHITE ? 0 : 56;
        const int kdst = back + (to > from ? 6 : 2), rdst = back + (to > from ? 5 : 3);
        pos_remove(p, kdst);
        pos_remove(p, rdst);
        pos_put(p, CHC_PIECE(us, CHC_KING), from);
        pos_put(p, CHC_PIECE(us, CHC_ROOK), to);
        p->king_sq[us] = (uint8_t)from;
    } else {
        int placed = p->board[to];
        int piece = (flags & CHC_MF_PROMOTION) ? CHC_PIECE(us, CHC_PAWN) : placed;
        pos_remove(p, to);
        pos_put(p, piece, from);
        if (u->captured) {
            int cap = (flags & CHC_MF_EN_PASSANT) ? (us == CHC_WHITE ? to - 8 : to + 8) : to;
            pos_put(p, u->captured, cap);
        }
        if (CHC_PIECE_TYPE(piece) == CHC_KING) p->king_sq[us] = (uint8_t)from;
    }
    restore_state(p, u);
#ifdef CHC_DEBUG_CHECKS
    chci_check(p);
#endif
}

void chc_make_null(chc_position *p, chc_undo *u)
{
    save_state(p, u);
    uint64_t key = p->key;
    if (p->ep != CHC_NO_SQUARE) {
        if (chci_ep_in_key(p)) key ^= chci_key_ep_file(CHC_FILE(p->ep));
        p->ep = CHC_NO_SQUARE;
    }
    p->halfmove++;
    if (p->side == CHC_BLACK) p->fullmove++;
    p->side ^= 1;
    p->key = key ^ chci_key_side();
    p->checkers = checkers_of(p);
#ifdef CHC_DEBUG_CHECKS
    chci_check(p);
#endif
}

void chc_unmake_null(chc_position *p, const chc_undo *u)
{
    p->side ^= 1;
    if (p->side == CHC_BLACK) p->fullmove--;
    restore_state(p, u);
#ifdef CHC_DEBUG_CHECKS
    chci_check(p);
#endif
}

void chci_check(const chc_position *p)
{
    chc_position q = *p;
    for (int i = 0; i < 7; i++) q.by_type[i] = 0;
    q.by_color[0] = q.by_color[1] = 0;
    for (int sq = 0; sq < 64; sq++)
        if (p->board[sq]) pos_put(&q, p->board[sq], sq);
    int bad = 0;
    for (int i = 0; i < 7; i++) bad |= q.by_type[i] != p->by_type[i];
    bad |= q.by_color[0] != p->by_color[0] || q.by_color[1] != p->by_color[1];
    bad |= chc_polyglot_key(p) != p->key;
    bad |= checkers_of(p) != p->checkers;
    for (int c = 0; c < 2; c++) bad |= p->board[p->king_sq[c]] != CHC_PIECE(c, CHC_KING);
    if (bad) {
        fprintf(stderr, "chesscodec: internal position check failed (bitboards, key or caches)\n");
        abort();
    }
}

void chci_refresh(chc_position *p)
{
    for (int c = 0; c < 2; c++) {
        bb_t k = pos_pieces(p, c, CHC_KING);
        p->king_sq[c] = (uint8_t)(k ? bb_lsb(k) : 0);
    }
    for (int sq = 0; sq < 64; sq++) p->castle_mask[sq] = 15;
    for (int i = 0; i < 4; i++) {
        if (p->castle_rook[i] == CHC_NO_SQUARE) continue;
        p->castle_mask[p->castle_rook[i]] &= (uint8_t)~(1u << i);
        p->castle_mask[p->king_sq[i / 2]] &= (uint8_t)~(1u << i);
    }
    p->checkers = (pos_pieces(p, p->side, CHC_KING)) ? checkers_of(p) : 0;
    p->key = chc_polyglot_key(p);
}
