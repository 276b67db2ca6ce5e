/* Move ordering: the scores that order a node's moves (hash move, captures by MVV-LVA, SEE and
 * capture history, killers, countermove, quiet moves by butterfly and continuation
 * histories) and the histories' updates after a cutoff. */
#include "engine/search_internal.h"

void chci_score_moves(chc_engine *e, const chc_move *moves, int *scores, int n, chc_move ttm, int ply)
{
    const chc_position *pos = &e->pos;
    chc_move cm = e->ss_piece[ply + 1] ? e->counter[e->ss_piece[ply + 1]][e->ss_to[ply + 1]] : CHC_MOVE_NONE;
    const int16_t(*c1)[64] = cont_table(e, ply, 1), (*c2)[64] = cont_table(e, ply, 2);
    const int(*hist)[64] = e->history[pos->side];
    for (int i = 0; i < n; i++) {
        chc_move m = moves[i];
        if (m == ttm) {
            scores[i] = SC_TT;
            continue;
        }
        if (is_tactical(m)) {
            int victim = captured_type(pos, m);
            int attacker = CHC_PIECE_TYPE(pos->board[CHC_MOVE_FROM(m)]);
            int promo = CHC_MOVE_PROMO(m);
            int mvv = chci_see_value[victim] * 8 - attacker + (promo ? chci_see_value[promo] : 0);
            if (promo && promo != CHC_QUEEN) {
                scores[i] = SC_BAD_CAP + mvv - 100000;
                continue;
            }
            int good = chci_see_value[victim] >= chci_see_value[attacker] || chci_see(pos, m) >= 0;
            scores[i] = (good ? SC_GOOD_CAP : SC_BAD_CAP) + mvv +
                        e->cap_hist[pos->board[CHC_MOVE_FROM(m)]][CHC_MOVE_TO(m)][victim] / CAP_HIST_DIV;
            continue;
        }
        if (m == e->killers[ply][0]) scores[i] = SC_KILLER + 1;
        else if (m == e->killers[ply][1]) scores[i] = SC_KILLER;
        else if (m == cm) scores[i] = SC_COUNTER;
        else {
            int to = CHC_MOVE_TO(m), pc = pos->board[CHC_MOVE_FROM(m)];
            scores[i] = hist[CHC_MOVE_FROM(m)][to] + c1[pc][to] + c2[pc][to];
        }
    }
}

static inline void gravity(int *h, int bonus)
{
    int b = bonus < 0 ? -bonus : bonus;
    *h += bonus - *h * b / HIST_MAX;
}

static inline void gravity16(int16_t *h, int bonus)
{
    int v = *h, b = bonus < 0 ? -bonus : bonus;
    v += bonus - v * b / HIST_MAX;
    *h = (int16_t)v;
}

void chci_update_quiet(chc_engine *e, chc_move m, int piece, int ply, int bonus)
{
    int to = CHC_MOVE_TO(m);
    gravity(&e->history[e->pos.side][CHC_MOVE_FROM(m)][to], bonus);
    if (e->ss_piece[ply + 1]) gravity16(&cont_table(e, ply, 1)[piece][to], bonus);
    if (e->ss_piece[ply]) gravity16(&cont_table(e, ply, 2)[piece][to], bonus);
}

void chci_update_capture(chc_engine *e, chc_move m, int bonus)
{
    const chc_position *pos = &e->pos;
    gravity(&e->cap_hist[pos->board[CHC_MOVE_FROM(m)]][CHC_MOVE_TO(m)][captured_type(pos, m)], bonus);
}
