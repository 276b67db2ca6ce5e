/* DRAFT toward pack game version 2: the policy net of feature set 5 in integers (pack_draft.h,
 * "the policy net"; docs/formats/pack-game.md). Not a published code. */
#include "core/position.h"
#include "pack/draft/pack_draft.h"

int chci_pnet_input(int s, int sq, int piece)
{
    return ((CHC_PIECE_COLOR(piece) != s) * 6 + CHC_PIECE_TYPE(piece) - 1) * 64 + (sq ^ (s ? 56 : 0));
}

int32_t chci_pnet_floor(int32_t t)
{
    /* t + DIV * 2^31 > 0 for every int32 t: the quotient of a non-negative number (a multiply
     * by a constant, no branch on the sign), less the 2^31 added */
    const int64_t bias = (int64_t)1 << 31;
    return (int32_t)((int64_t)((uint64_t)((int64_t)t + CHCI_PNET_DIV * bias) / CHCI_PNET_DIV) - bias);
}

void chci_pnet_reset(const chci_pnet *net, chci_pnet_acc *a, const chc_position *p)
{
    for (int s = 0; s < 2; s++) {
        int16_t *acc = a->acc[s];
        for (int j = 0; j < CHCI_PNET_H; j++) acc[j] = net->b[j];
        for (bb_t b = pos_occ(p); b;) {
            int sq = bb_pop(&b);
            const int16_t *row = net->v + (size_t)chci_pnet_input(s, sq, p->board[sq]) * CHCI_PNET_H;
            for (int j = 0; j < CHCI_PNET_H; j++) acc[j] = (int16_t)(acc[j] + row[j]);
        }
    }
}

void chci_pnet_change_of(chci_pnet_change *c, const chc_position *before, chc_move m)
{
    /* A square whose piece changes is the move's origin or destination (a capture; castling's
     * king and rook squares, the rook's the move's destination), the square of a pawn taken en
     * passant, or the king's and the rook's squares after castling (Chess960 included). */
    int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
    unsigned fl = CHC_MOVE_FLAGS(m);
    bb_t sqs = BB(from) | BB(to);
    if (fl & CHC_MF_EN_PASSANT) sqs |= BB((from & 56) | (to & 7));
    if (fl & CHC_MF_CASTLE) sqs |= BB((from & 56) | (to > from ? 6 : 2)) | BB((from & 56) | (to > from ? 5 : 3));
    c->n = 0;
    while (sqs) {
        int sq = bb_pop(&sqs);
        c->sq[c->n] = (uint8_t)sq;
        c->was[c->n++] = before->board[sq];
    }
}

void chci_pnet_update(const chci_pnet *net, chci_pnet_acc *a, const chci_pnet_change *c,
                      const chc_position *after)
{
    for (int k = 0; k < c->n; k++) {
        int sq = c->sq[k], was = c->was[k], now = after->board[sq];
        if (was == now) continue;
        for (int s = 0; s < 2; s++) {
            int16_t *acc = a->acc[s];
            if (was) {
                const int16_t *row = net->v + (size_t)chci_pnet_input(s, sq, was) * CHCI_PNET_H;
                for (int j = 0; j < CHCI_PNET_H; j++) acc[j] = (int16_t)(acc[j] - row[j]);
            }
            if (now) {
                const int16_t *row = net->v + (size_t)chci_pnet_input(s, sq, now) * CHCI_PNET_H;
                for (int j = 0; j < CHCI_PNET_H; j++) acc[j] = (int16_t)(acc[j] + row[j]);
            }
        }
    }
}

/* h . u over the hidden values; A: both 16-byte aligned, so that the compiler reads u with
 * aligned vector loads folded into the multiplies (the same integers either way). */
static inline __attribute__((always_inline)) int32_t dot(const int16_t *h, const int16_t *u, const int A)
{
    if (A) {
        h = __builtin_assume_aligned(h, 16);
        u = __builtin_assume_aligned(u, 16);
    }
    int32_t t = 0;
    for (int j = 0; j < CHCI_PNET_H; j++) t += (int32_t)h[j] * u[j];
    return t;
}

static inline __attribute__((always_inline)) void add_moves(const int16_t *u, const int16_t *h,
                                                            const chc_position *p, const chc_move *mv,
                                                            int n, int32_t *sc, const int A)
{
    int flip = p->side ? 56 : 0;
    int32_t org[64];
    /* the origin term once per piece that moves: the origins first, then the moves (no test a
     * move of whether its origin's term is there yet, a branch often mispredicted) */
    bb_t origins = 0;
    for (int i = 0; i < n; i++) origins |= BB(CHC_MOVE_FROM(mv[i]));
    while (origins) {
        int from = bb_pop(&origins);
        int row = (CHC_PIECE_TYPE(p->board[from]) - 1) * 64;
        org[from] = dot(h, u + (size_t)(384 + row + (from ^ flip)) * CHCI_PNET_H, A);
    }
    for (int i = 0; i < n; i++) {
        int from = CHC_MOVE_FROM(mv[i]), to = CHC_MOVE_TO(mv[i]);
        int row = (CHC_PIECE_TYPE(p->board[from]) - 1) * 64;
        sc[i] += chci_pnet_floor(org[from] + dot(h, u + (size_t)(row + (to ^ flip)) * CHCI_PNET_H, A));
    }
}

void chci_pnet_add(const chci_pnet *net, const chci_pnet_acc *a, const chc_position *p,
                   const chc_move *mv, int n, int32_t *sc)
{
    _Alignas(16) int16_t h[CHCI_PNET_H];
    const int16_t *acc = a->acc[p->side];
    for (int j = 0; j < CHCI_PNET_H; j++) h[j] = acc[j] < 0 ? 0 : acc[j] > 127 ? 127 : acc[j];
    if ((uintptr_t)net->u % 16 == 0) add_moves(net->u, h, p, mv, n, sc, 1);
    else add_moves(net->u, h, p, mv, n, sc, 0);
}

const chci_pnet *chci_pnet_of(const chci_pm_model *m, int level)
{
    return m == &chci_pm_model_draft2e && level == 1 ? &chci_pnet_2e : NULL;
}
