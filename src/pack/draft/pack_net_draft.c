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
    return t >= 0 ? t / CHCI_PNET_DIV : -((-t + (CHCI_PNET_DIV - 1)) / CHCI_PNET_DIV);
}

static void acc_add(int16_t *acc, const int16_t *row)
{
    for (int j = 0; j < CHCI_PNET_H; j++) acc[j] = (int16_t)(acc[j] + row[j]);
}

static void acc_sub(int16_t *acc, const int16_t *row)
{
    for (int j = 0; j < CHCI_PNET_H; j++) acc[j] = (int16_t)(acc[j] - row[j]);
}

void chci_pnet_reset(const chci_pnet *net, chci_pnet_acc *a, const chc_position *p)
{
    for (int s = 0; s < 2; s++) {
        for (int j = 0; j < CHCI_PNET_H; j++) a->acc[s][j] = net->b[j];
        for (bb_t b = pos_occ(p); b;) {
            int sq = bb_pop(&b);
            acc_add(a->acc[s], net->v + (size_t)chci_pnet_input(s, sq, p->board[sq]) * CHCI_PNET_H);
        }
    }
}

void chci_pnet_update(const chci_pnet *net, chci_pnet_acc *a, const chc_position *before,
                      const chc_position *after, chc_move m)
{
    /* A square whose piece changes is emptied or filled, or is the move's origin or
     * destination (a capture; castling's king and rook squares, Chess960 included). */
    bb_t ch = BB(CHC_MOVE_FROM(m)) | BB(CHC_MOVE_TO(m)) | (pos_occ(before) ^ pos_occ(after));
    while (ch) {
        int sq = bb_pop(&ch), was = before->board[sq], now = after->board[sq];
        if (was == now) continue;
        for (int s = 0; s < 2; s++) {
            if (was) acc_sub(a->acc[s], net->v + (size_t)chci_pnet_input(s, sq, was) * CHCI_PNET_H);
            if (now) acc_add(a->acc[s], net->v + (size_t)chci_pnet_input(s, sq, now) * CHCI_PNET_H);
        }
    }
}

static int32_t dot(const int16_t *h, const int16_t *u)
{
    int32_t t = 0;
    for (int j = 0; j < CHCI_PNET_H; j++) t += (int32_t)h[j] * u[j];
    return t;
}

void chci_pnet_add(const chci_pnet *net, const chci_pnet_acc *a, const chc_position *p,
                   const chc_move *mv, int n, int32_t *sc)
{
    int16_t h[CHCI_PNET_H];
    const int16_t *acc = a->acc[p->side];
    for (int j = 0; j < CHCI_PNET_H; j++) h[j] = acc[j] < 0 ? 0 : acc[j] > 127 ? 127 : acc[j];
    int flip = p->side ? 56 : 0;
    int32_t org[64];
    bb_t done = 0;
    for (int i = 0; i < n; i++) {
        int from = CHC_MOVE_FROM(mv[i]), to = CHC_MOVE_TO(mv[i]);
        int row = (CHC_PIECE_TYPE(p->board[from]) - 1) * 64;
        if (!(done & BB(from))) {
            done |= BB(from);
            org[from] = dot(h, net->u + (size_t)(384 + row + (from ^ flip)) * CHCI_PNET_H);
        }
        sc[i] += chci_pnet_floor(org[from] + dot(h, net->u + (size_t)(row + (to ^ flip)) * CHCI_PNET_H));
    }
}

const chci_pnet *chci_pnet_of(const chci_pm_model *m, int level)
{
    return m == &chci_pm_model_draft2e && level == 1 ? &chci_pnet_2e : NULL;
}
