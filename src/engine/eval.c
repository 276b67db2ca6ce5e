/* The engine's static evaluation: tapered (middle game / end game) piece-square tables,
 * mobility, pawn structure, passed pawns, king safety and a few endgame rules.
 *
 * Every weight is in `struct eval_params` below so that a tuner can change them; the
 * piece-square tables are built from those weights by simple formulas (centralisation,
 * advancement) when the tables are first needed. */
#include <pthread.h>
#include <stdlib.h>

#include "core/position.h"
#include "engine/engine.h"

const int chci_see_value[7] = {0, 100, 320, 330, 500, 950, 20000};

enum { MG = 0, EG = 1 };

static const struct eval_params {
    int material[2][7];
    int mobility_base[7];   /* squares at which mobility is worth 0 */
    int mobility[2][7];     /* per square */
    int bishop_pair[2];
    int doubled[2], isolated[2];
    int passed[2][8];       /* by relative rank */
    int passed_free[2];     /* passed pawn with the square ahead empty, times rank */
    int passed_king_own, passed_king_their; /* end game: king distances to the stop square */
    int rook_open[2], rook_semi[2], rook_seventh[2];
    int threat_pawn[2];     /* a minor or major attacked by a pawn */
    int shield1, shield2, shield_open;
    int king_attack_weight[7];
    int tempo;
    int mopup_edge, mopup_close;
} P = {
    .material = {{0, 85, 330, 350, 470, 1000, 0}, {0, 105, 300, 320, 530, 960, 0}},
    .mobility_base = {0, 0, 4, 6, 6, 13, 0},
    .mobility = {{0, 0, 5, 5, 2, 1, 0}, {0, 0, 5, 5, 4, 2, 0}},
    .bishop_pair = {30, 55},
    .doubled = {-10, -20},
    .isolated = {-10, -12},
    .passed = {{0, 5, 5, 10, 20, 35, 60, 0}, {0, 10, 15, 25, 45, 75, 120, 0}},
    .passed_free = {2, 6},
    .passed_king_own = 4,
    .passed_king_their = 8,
    .rook_open = {22, 8},
    .rook_semi = {10, 5},
    .rook_seventh = {15, 20},
    .threat_pawn = {35, 25},
    .shield1 = 12,
    .shield2 = 6,
    .shield_open = -18,
    .king_attack_weight = {0, 0, 2, 2, 3, 5, 0},
    .tempo = 12,
    .mopup_edge = 20,
    .mopup_close = 6,
};

/* pst[phase][piece][sq], piece = (color << 3) | type, material included. */
static int pst[2][16][64];
static pthread_once_t pst_once = PTHREAD_ONCE_INIT;

static int imin(int a, int b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }
static int iabs(int a) { return a < 0 ? -a : a; }

/* Piece-square value of a white piece of type t on (f, r), phase ph, without material. */
static int pst_formula(int ph, int t, int f, int r)
{
    int fc = imin(f, 7 - f), rc = imin(r, 7 - r); /* 0 at the edge, 3 in the centre */
    switch (t) {
    case CHC_PAWN:
        if (ph == MG) {
            static const int adv[8] = {0, 0, 0, 3, 8, 15, 30, 0};
            int v = adv[r];
            if (fc == 3) v += r == 2 ? 5 : r == 3 ? 20 : r == 4 ? 22 : 0; /* d, e */
            if (fc == 2 && r == 3) v += 8;                                  /* c, f */
            return v;
        } else {
            static const int adv[8] = {0, 0, 3, 8, 16, 28, 45, 0};
            return adv[r];
        }
    case CHC_KNIGHT:
        if (ph == MG) return 8 * (fc + rc) - 25 + (r >= 3 && r <= 5 ? 5 : 0);
        return 6 * (fc + rc) - 20;
    case CHC_BISHOP:
        if (ph == MG) return 4 * (fc + rc) - 10 + (f == r || f + r == 7 ? 8 : 0) - (r == 0 ? 5 : 0);
        return 4 * (fc + rc) - 10;
    case CHC_ROOK:
        if (ph == MG) return (fc >= 2 ? 5 : 0);
        return 0;
    case CHC_QUEEN:
        if (ph == MG) return 2 * (fc + rc) - 5;
        return 5 * (fc + rc) - 15;
    case CHC_KING:
        if (ph == MG) {
            static const int rank[8] = {0, -15, -35, -50, -60, -70, -70, -70};
            static const int file[8] = {10, 20, 10, -10, -5, -10, 25, 15};
            return rank[r] + file[f];
        }
        return 12 * (fc + rc) - 36;
    default:
        return 0;
    }
}

static void init_pst(void)
{
    for (int ph = 0; ph < 2; ph++)
        for (int t = CHC_PAWN; t <= CHC_KING; t++)
            for (int sq = 0; sq < 64; sq++) {
                int f = sq & 7, r = sq >> 3;
                int v = P.material[ph][t] + pst_formula(ph, t, f, r);
                pst[ph][CHC_PIECE(CHC_WHITE, t)][sq] = v;
                /* black: the same value on the mirrored square */
                int vb = P.material[ph][t] + pst_formula(ph, t, f, 7 - r);
                pst[ph][CHC_PIECE(CHC_BLACK, t)][sq] = vb;
            }
}

static inline bb_t pawn_attacks_bb(bb_t pawns, int c)
{
    if (c == CHC_WHITE) return ((pawns << 9) & ~FILE_A_BB) | ((pawns << 7) & ~FILE_H_BB);
    return ((pawns >> 7) & ~FILE_A_BB) | ((pawns >> 9) & ~FILE_H_BB);
}

/* Squares in front of `sq` for colour c on the same file. */
static inline bb_t front_span(int c, int sq)
{
    bb_t f = FILE_BB(sq & 7);
    int r = sq >> 3;
    if (c == CHC_WHITE) return r >= 7 ? 0 : f & ~((BB(8 * (r + 1))) - 1);
    return r <= 0 ? 0 : f & ((BB(8 * r)) - 1);
}

static inline bb_t adjacent_files(int f)
{
    return (f > 0 ? FILE_BB(f - 1) : 0) | (f < 7 ? FILE_BB(f + 1) : 0);
}

static int distance(int a, int b)
{
    return imax(iabs((a & 7) - (b & 7)), iabs((a >> 3) - (b >> 3)));
}

int chci_insufficient_material(const chc_position *pos)
{
    bb_t heavy = pos->by_type[CHC_PAWN] | pos->by_type[CHC_ROOK] | pos->by_type[CHC_QUEEN];
    if (heavy) return 0;
    bb_t minors = pos->by_type[CHC_KNIGHT] | pos->by_type[CHC_BISHOP];
    return bb_popcount(minors) <= 1;
}

int chci_evaluate(const chc_position *pos)
{
    pthread_once(&pst_once, init_pst);
    int mg[2] = {0, 0}, eg[2] = {0, 0};
    int phase = 0;
    bb_t occ = pos->by_type[0];
    bb_t pawns[2] = {chci_pieces(pos, CHC_WHITE, CHC_PAWN), chci_pieces(pos, CHC_BLACK, CHC_PAWN)};
    bb_t patt[2] = {pawn_attacks_bb(pawns[0], CHC_WHITE), pawn_attacks_bb(pawns[1], CHC_BLACK)};
    int npm[2] = {0, 0};

    for (int c = 0; c < 2; c++) {
        int them = c ^ 1;
        bb_t own = pos->by_color[c];
        /* king zone of the enemy king */
        int eks = pos->king_sq[them];
        bb_t zone = chci_king_att[eks] | BB(eks);
        zone |= them == CHC_WHITE ? zone << 8 : zone >> 8;
        int attack_units = 0, attackers = 0;

        bb_t b = own & ~pos->by_type[CHC_KING];
        while (b) {
            int sq = bb_pop(&b);
            int pc = pos->board[sq], t = CHC_PIECE_TYPE(pc);
            mg[c] += pst[MG][pc][sq];
            eg[c] += pst[EG][pc][sq];
            if (t == CHC_PAWN) continue;
            bb_t att;
            switch (t) {
            case CHC_KNIGHT: att = chci_knight_att[sq]; phase += 1; break;
            case CHC_BISHOP: att = chci_bishop_att(sq, occ); phase += 1; break;
            case CHC_ROOK: att = chci_rook_att(sq, occ); phase += 2; break;
            default: att = chci_queen_att(sq, occ); phase += 4; break;
            }
            npm[c] += chci_see_value[t];
            int mob = bb_popcount(att & ~own & ~patt[them]) - P.mobility_base[t];
            mg[c] += mob * P.mobility[MG][t];
            eg[c] += mob * P.mobility[EG][t];
            if (att & zone) {
                attackers++;
                attack_units += P.king_attack_weight[t] * bb_popcount(att & zone);
            }
            if (t == CHC_ROOK) {
                bb_t file = FILE_BB(sq & 7);
                if (!(file & pawns[c])) {
                    int open = !(file & pawns[them]);
                    mg[c] += open ? P.rook_open[MG] : P.rook_semi[MG];
                    eg[c] += open ? P.rook_open[EG] : P.rook_semi[EG];
                }
                int rr = c == CHC_WHITE ? sq >> 3 : 7 - (sq >> 3);
                int ekr = c == CHC_WHITE ? eks >> 3 : 7 - (eks >> 3);
                if (rr == 6 && ekr == 7) {
                    mg[c] += P.rook_seventh[MG];
                    eg[c] += P.rook_seventh[EG];
                }
            }
        }
        int ks = pos->king_sq[c];
        mg[c] += pst[MG][CHC_PIECE(c, CHC_KING)][ks];
        eg[c] += pst[EG][CHC_PIECE(c, CHC_KING)][ks];

        if (bb_more_than_one(chci_pieces(pos, c, CHC_BISHOP))) {
            mg[c] += P.bishop_pair[MG];
            eg[c] += P.bishop_pair[EG];
        }
        /* pieces of theirs attacked by our pawns */
        int threats = bb_popcount(patt[c] & pos->by_color[them] & ~pos->by_type[CHC_PAWN] &
                                  ~pos->by_type[CHC_KING]);
        mg[c] += threats * P.threat_pawn[MG];
        eg[c] += threats * P.threat_pawn[EG];

        /* attack on their king (middle game only) */
        if (attackers >= 2 && chci_pieces(pos, c, CHC_QUEEN)) {
            int pen = attack_units * attack_units / 4;
            mg[c] += imin(pen, 600);
        } else if (attackers >= 2) {
            mg[c] += imin(attack_units * attack_units / 8, 300);
        }

        /* pawn shield of our king */
        int kr = c == CHC_WHITE ? ks >> 3 : 7 - (ks >> 3);
        if (kr <= 1) {
            int kf = ks & 7;
            for (int f = imax(0, kf - 1); f <= imin(7, kf + 1); f++) {
                bb_t fp = FILE_BB(f) & pawns[c];
                if (!fp) {
                    mg[c] += P.shield_open;
                    if (!(FILE_BB(f) & pawns[them])) mg[c] += P.shield_open / 2;
                    continue;
                }
                int psq = c == CHC_WHITE ? bb_lsb(fp) : bb_msb(fp);
                int pr = c == CHC_WHITE ? psq >> 3 : 7 - (psq >> 3);
                if (pr == kr + 1) mg[c] += P.shield1;
                else if (pr == kr + 2) mg[c] += P.shield2;
            }
        }

        /* pawn structure */
        bb_t pb = pawns[c];
        while (pb) {
            int sq = bb_pop(&pb);
            int f = sq & 7, rr = c == CHC_WHITE ? sq >> 3 : 7 - (sq >> 3);
            bb_t span = front_span(c, sq);
            if (span & pawns[c]) {
                mg[c] += P.doubled[MG];
                eg[c] += P.doubled[EG];
            }
            if (!(adjacent_files(f) & pawns[c])) {
                mg[c] += P.isolated[MG];
                eg[c] += P.isolated[EG];
            }
            bb_t block = span | (f > 0 ? front_span(c, sq - 1) : 0) |
                         (f < 7 ? front_span(c, sq + 1) : 0);
            if (!(block & pawns[them]) && !(span & pawns[c])) {
                mg[c] += P.passed[MG][rr];
                eg[c] += P.passed[EG][rr];
                int stop = c == CHC_WHITE ? sq + 8 : sq - 8;
                if (!(BB(stop) & occ)) {
                    mg[c] += P.passed_free[MG] * rr;
                    eg[c] += P.passed_free[EG] * rr;
                }
                if (rr >= 3) {
                    int w = rr - 2;
                    eg[c] += w * (P.passed_king_their * distance(stop, pos->king_sq[them]) -
                                  P.passed_king_own * distance(stop, ks));
                }
            }
        }
    }

    int stm = pos->side;
    mg[stm] += P.tempo;
    if (phase > 24) phase = 24;
    int vmg = mg[0] - mg[1], veg = eg[0] - eg[1];

    /* end game rules, on the end-game score */
    int strong = veg >= 0 ? CHC_WHITE : CHC_BLACK, weak = strong ^ 1;
    if (!pawns[strong]) {
        if (npm[strong] <= chci_see_value[CHC_BISHOP]) veg /= 16;
        else if (npm[strong] - npm[weak] < 400) veg /= 4;
    }
    if (!pawns[weak] && npm[weak] == 0 && npm[strong] >= chci_see_value[CHC_ROOK]) {
        int wk = pos->king_sq[weak], sk = pos->king_sq[strong];
        int f = wk & 7, r = wk >> 3;
        int cmd = (f < 4 ? 3 - f : f - 4) + (r < 4 ? 3 - r : r - 4);
        int bonus = P.mopup_edge * cmd + P.mopup_close * (14 - iabs((wk & 7) - (sk & 7)) -
                                                         iabs((wk >> 3) - (sk >> 3)));
        veg += strong == CHC_WHITE ? bonus : -bonus;
    }
    /* opposite-coloured bishops only: drawish */
    bb_t wb = chci_pieces(pos, CHC_WHITE, CHC_BISHOP), bbp = chci_pieces(pos, CHC_BLACK, CHC_BISHOP);
    if (npm[0] == chci_see_value[CHC_BISHOP] && npm[1] == chci_see_value[CHC_BISHOP] && wb && bbp) {
        const bb_t dark = 0xAA55AA55AA55AA55ULL;
        if (!!(wb & dark) != !!(bbp & dark)) veg /= 2;
    }

    int v = (vmg * phase + veg * (24 - phase)) / 24;
    return stm == CHC_WHITE ? v : -v;
}

int chc_evaluate(const chc_position *pos)
{
    return chci_evaluate(pos);
}

int chci_see(const chc_position *pos, chc_move m)
{
    unsigned fl = CHC_MOVE_FLAGS(m);
    if (fl & CHC_MF_CASTLE) return 0;
    int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
    int gain[40], d = 0;
    bb_t occ = pos->by_type[0] ^ BB(from);
    int captured = pos->board[to] ? CHC_PIECE_TYPE(pos->board[to]) : 0;
    if (fl & CHC_MF_EN_PASSANT) {
        captured = CHC_PAWN;
        occ ^= BB(pos->side == CHC_WHITE ? to - 8 : to + 8);
    }
    int on_sq = CHC_PIECE_TYPE(pos->board[from]);
    gain[0] = chci_see_value[captured];
    if (fl & CHC_MF_PROMOTION) {
        on_sq = CHC_MOVE_PROMO(m);
        gain[0] += chci_see_value[on_sq] - chci_see_value[CHC_PAWN];
    }
    occ |= BB(to);
    int side = pos->side ^ 1;
    bb_t attackers = pos_attackers(pos, to, occ) & occ & ~BB(to);
    while (d < 38) {
        bb_t mine = attackers & pos->by_color[side];
        if (!mine) break;
        int t;
        bb_t bb = 0;
        for (t = CHC_PAWN; t <= CHC_KING; t++)
            if ((bb = mine & pos->by_type[t])) break;
        if (t == CHC_KING && (attackers & pos->by_color[side ^ 1])) break;
        d++;
        gain[d] = chci_see_value[on_sq] - gain[d - 1];
        if (imax(-gain[d - 1], gain[d]) < 0) break;
        occ ^= bb & -bb;
        attackers = pos_attackers(pos, to, occ) & occ & ~BB(to);
        on_sq = t;
        side ^= 1;
    }
    while (d > 0) {
        gain[d - 1] = -imax(-gain[d - 1], gain[d]);
        d--;
    }
    return gain[0];
}

