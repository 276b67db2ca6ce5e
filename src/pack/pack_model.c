/* The move predictor of the pack game code: features of each legal move. */
#include <string.h>

#include "core/position.h"
#include "pack/pack_model.h"


void chci_pm_init(chci_pm_state *st)
{
    st->book = chci_pm_book;
    st->book_n = chci_pm_book_n;
    st->ply = 0;
    st->last_to[0] = st->last_to[1] = -1;
    memset(st->hist, 0, sizeof st->hist);
}

void chci_pm_played(chci_pm_state *st, const chc_position *pos, chc_move m)
{
    int us = pos->side;
    int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
    if (CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE) {
        /* the king's destination */
        int kingside = to > from;
        to = (us == CHC_WHITE ? 0 : 56) + (kingside ? 6 : 2);
    }
    st->hist[us][from] |= BB(to);
    st->last_to[us] = to;
    st->ply++;
}

#define EMIT(x)                                  \
    do {                                         \
        if (w) sc += w[x];                       \
        else f[k++] = (uint16_t)(x);             \
    } while (0)

static inline __attribute__((always_inline)) void
features_impl(const chc_position *pos, const chci_pm_state *st, const chc_move *moves, int n,
              uint16_t (*feat)[CHCI_PM_K], uint8_t *nf, const int16_t *w, int32_t *score, int full)
{
    int us = pos->side, them = us ^ 1;
    bb_t occ = pos_occ(pos);
    bb_t ours = pos->by_color[us], theirs = pos->by_color[them];
    /* attack maps: theirs by piece type, ours counted once / twice */
    bb_t eatt[7] = {0, 0, 0, 0, 0, 0, 0}, eall;
    bb_t att1 = 0, att2 = 0;
    bb_t tp = pos_pieces(pos, them, CHC_PAWN), up = pos_pieces(pos, us, CHC_PAWN);
    bb_t tl = them == CHC_WHITE ? (tp & ~FILE_A_BB) << 7 : (tp & ~FILE_A_BB) >> 9;
    bb_t tr = them == CHC_WHITE ? (tp & ~FILE_H_BB) << 9 : (tp & ~FILE_H_BB) >> 7;
    eatt[CHC_PAWN] = tl | tr;
    for (bb_t b = theirs & ~tp; b;) {
        int sq = bb_pop(&b);
        int t = CHC_PIECE_TYPE(pos->board[sq]);
        bb_t a;
        switch (t) {
        case CHC_KNIGHT: a = chci_knight_att[sq]; break;
        case CHC_BISHOP: a = chci_bishop_att(sq, occ); break;
        case CHC_ROOK: a = chci_rook_att(sq, occ); break;
        case CHC_QUEEN: a = chci_queen_att(sq, occ); break;
        default: a = chci_king_att[sq]; break;
        }
        eatt[t] |= a;
    }
    eall = eatt[1] | eatt[2] | eatt[3] | eatt[4] | eatt[5] | eatt[6];
    {
        bb_t ul = us == CHC_WHITE ? (up & ~FILE_A_BB) << 7 : (up & ~FILE_A_BB) >> 9;
        bb_t ur = us == CHC_WHITE ? (up & ~FILE_H_BB) << 9 : (up & ~FILE_H_BB) >> 7;
        att1 = ul | ur;
        att2 = ul & ur;
    }
    for (bb_t b = ours & ~up; b;) {
        int sq = bb_pop(&b);
        int t = CHC_PIECE_TYPE(pos->board[sq]);
        bb_t a;
        switch (t) {
        case CHC_KNIGHT: a = chci_knight_att[sq]; break;
        case CHC_BISHOP: a = chci_bishop_att(sq, occ); break;
        case CHC_ROOK: a = chci_rook_att(sq, occ); break;
        case CHC_QUEEN: a = chci_queen_att(sq, occ); break;
        default: a = chci_king_att[sq]; break;
        }
        att2 |= att1 & a;
        att1 |= a;
    }
    int nonpawn = bb_popcount(occ & ~pos->by_type[CHC_PAWN] & ~pos->by_type[CHC_KING]);
    int phase = st->ply < 20 ? 0 : (nonpawn >= 10 ? 1 : 2);
    int flip = us == CHC_WHITE ? 0 : 56;
    int last_their = st->last_to[them], last_ours = st->last_to[us];
    int in_check = pos->checkers != 0;
    bb_t ek = pos_pieces(pos, them, CHC_KING);
    int eks = bb_lsb(ek);
    bb_t bdiag = chci_bishop_att(eks, occ), bline = chci_rook_att(eks, occ);
    bb_t checksq[7] = {0, chci_pawn_att[them][eks], chci_knight_att[eks], bdiag, bline, bdiag | bline, 0};
    bb_t eq = pos_pieces(pos, them, CHC_QUEEN), erq = eq | pos_pieces(pos, them, CHC_ROOK);
    bb_t big[7] = {0, erq | pos_pieces(pos, them, CHC_KNIGHT) | pos_pieces(pos, them, CHC_BISHOP),
                   erq, erq, eq, 0, 0};
    bb_t undefended = theirs & ~eall & ~ek;
    /* the piece that just moved: squares it attacks */
    bb_t lastatt = 0;
    if (last_their >= 0 && (theirs & BB(last_their))) {
        int t = CHC_PIECE_TYPE(pos->board[last_their]);
        switch (t) {
        case CHC_PAWN: lastatt = chci_pawn_att[them][last_their]; break;
        case CHC_KNIGHT: lastatt = chci_knight_att[last_their]; break;
        case CHC_BISHOP: lastatt = chci_bishop_att(last_their, occ); break;
        case CHC_ROOK: lastatt = chci_rook_att(last_their, occ); break;
        case CHC_QUEEN: lastatt = chci_queen_att(last_their, occ); break;
        default: lastatt = chci_king_att[last_their]; break;
        }
    }
    bb_t theirpawns = pos_pieces(pos, them, CHC_PAWN);
    bb_t lower[7] = {0, 0, eatt[CHC_PAWN], eatt[CHC_PAWN], eatt[CHC_PAWN] | eatt[CHC_KNIGHT] | eatt[CHC_BISHOP],
                     eatt[CHC_PAWN] | eatt[CHC_KNIGHT] | eatt[CHC_BISHOP] | eatt[CHC_ROOK], 0};
    uint16_t dummy[CHCI_PM_K];
    unsigned b1 = 0xFFFF, b2 = 0xFFFF;
    if (st->ply < CHCI_PM_BOOK_PLIES && st->book_n) {
        size_t lo = 0, hi = st->book_n;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (st->book[mid].key < pos->key) lo = mid + 1;
            else hi = mid;
        }
        if (lo < st->book_n && st->book[lo].key == pos->key) {
            b1 = st->book[lo].m1;
            b2 = st->book[lo].m2 ? st->book[lo].m2 : 0xFFFF;
        }
    }

    for (int i = 0; i < n; i++) {
        chc_move m = moves[i];
        uint16_t *f = w ? dummy : feat[i];
        int k = 0;
        int32_t sc = 0;
        int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
        unsigned fl = CHC_MOVE_FLAGS(m);
        int pt = CHC_PIECE_TYPE(pos->board[from]);
        int p6 = pt - 1;
        unsigned mk = m & 0x7FFFu;
        if (mk == b1) EMIT(CHCI_PM_BOOK);
        else if (mk == b2) EMIT(CHCI_PM_BOOK + 1);
        if (fl & CHC_MF_CASTLE) {
            int kingside = to > from;
            int kto = (us == CHC_WHITE ? 0 : 56) + (kingside ? 6 : 2);
            EMIT(CHCI_PM_TO + (phase * 6 + p6) * 64 + (kto ^ flip));
            EMIT(CHCI_PM_FROM + (phase * 6 + p6) * 64 + (from ^ flip));
            EMIT(CHCI_PM_CASTLE + (kingside ? 0 : 1));
            if (w) score[i] = sc;
            else nf[i] = (uint8_t)k;
            continue;
        }
        EMIT(CHCI_PM_TO + (phase * 6 + p6) * 64 + (to ^ flip));
        EMIT(CHCI_PM_FROM + (phase * 6 + p6) * 64 + (from ^ flip));
        int ct = 0;
        if (fl & CHC_MF_EN_PASSANT) ct = CHC_PAWN;
        else if (fl & CHC_MF_CAPTURE) ct = CHC_PIECE_TYPE(pos->board[to]);
        int defended_to = (pt == CHC_PAWN && !ct) ? (att1 & BB(to)) != 0 : (att2 & BB(to)) != 0;
        if (ct) {
            int tdef = (eall & BB(to)) != 0;
            EMIT(CHCI_PM_CAP + (p6 * 6 + (ct - 1)) * 2 + tdef);
            if (to == last_their) EMIT(CHCI_PM_RECAP + p6);
        }
        /* danger at the target and at the origin */
        if (pt != CHC_KING) {
            int cls = 0;
            if (eall & BB(to)) cls = (lower[pt] & BB(to)) ? 2 : (defended_to ? 1 : 3);
            EMIT(CHCI_PM_ATT_TO + p6 * 4 + cls);
            cls = 0;
            if (eall & BB(from)) cls = (lower[pt] & BB(from)) ? 2 : ((att1 & BB(from)) ? 1 : 3);
            EMIT(CHCI_PM_ATT_FROM + p6 * 4 + cls);
        }
        int npt = (fl & CHC_MF_PROMOTION) ? CHC_MOVE_PROMO(m) : pt;
        if (fl & CHC_MF_PROMOTION) EMIT(CHCI_PM_PROMO + CHC_MOVE_PROMO(m) - CHC_KNIGHT);
        if (checksq[npt] & BB(to)) EMIT(CHCI_PM_CHECK + npt - 1);
        if (full) {
            /* what the piece attacks from its new square */
            bb_t nocc = (occ & ~BB(from)) | BB(to);
            bb_t a;
            switch (npt) {
            case CHC_PAWN: a = chci_pawn_att[us][to]; break;
            case CHC_KNIGHT: a = chci_knight_att[to]; break;
            case CHC_BISHOP: a = chci_bishop_att(to, nocc); break;
            case CHC_ROOK: a = chci_rook_att(to, nocc); break;
            case CHC_QUEEN: a = chci_queen_att(to, nocc); break;
            default: a = 0; break;
            }
            if (a & big[npt]) EMIT(CHCI_PM_THREAT + p6 * 2);
            if (a & undefended) EMIT(CHCI_PM_THREAT + p6 * 2 + 1);
        }
        if (from == last_ours) EMIT(CHCI_PM_SAME + p6);
        if (in_check) EMIT(CHCI_PM_EVADE + p6);
        if (st->hist[us][from] & BB(to)) EMIT(CHCI_PM_HIST);
        if (lastatt & BB(from)) EMIT(CHCI_PM_ESCAPE + p6);
        if (pt == CHC_PAWN) {
            int file = to & 7, rank = to >> 3;
            bb_t files = FILE_BB(file);
            if (file > 0) files |= FILE_BB(file - 1);
            if (file < 7) files |= FILE_BB(file + 1);
            bb_t ahead = us == CHC_WHITE ? (rank < 7 ? ~0ull << (8 * (rank + 1)) : 0)
                                         : (rank > 0 ? ~0ull >> (8 * (8 - rank)) : 0);
            int passed = !(theirpawns & files & ahead);
            int far = ((to ^ flip) >> 3) >= 5;
            EMIT(CHCI_PM_PAWNDBL + passed * 2 + far);
        }
        if (w) score[i] = sc;
        else nf[i] = (uint8_t)k;
    }
}

void chci_pm_features(const chc_position *pos, const chci_pm_state *st, const chc_move *moves,
                      int n, uint16_t (*feat)[CHCI_PM_K], uint8_t *nf, int level)
{
    if (level >= 2) features_impl(pos, st, moves, n, feat, nf, NULL, NULL, 1);
    else features_impl(pos, st, moves, n, feat, nf, NULL, NULL, 0);
}

void chci_pm_scores(const chc_position *pos, const chci_pm_state *st, const chc_move *moves, int n,
                    int level, int32_t *score)
{
    if (level >= 2) features_impl(pos, st, moves, n, NULL, NULL, chci_pm_weights2, score, 1);
    else features_impl(pos, st, moves, n, NULL, NULL, chci_pm_weights1, score, 0);
}
