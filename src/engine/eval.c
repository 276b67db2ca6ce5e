/* The engine's static evaluation: tapered (middle game / end game) material and piece-square
 * tables, mobility, pawn structure (passed, supported, phalanx, doubled, isolated, backward),
 * outposts, rooks on open files, threats, king attack and pawn shield, and a few end-game
 * rules.
 *
 * Every weight is a {middle game, end game} pair in chci_eval_weights (eval_weights.h, written
 * by tools/eval_tune.c). The evaluation is linear in the weights, apart from the end-game
 * scale and the mop-up term: one body serves both the search (no trace) and the tuner (a trace
 * counting how often each weight was used). */
#include <stdlib.h>
#include <string.h>

#include "core/position.h"
#include "engine/engine.h"

const int chci_see_value[7] = {0, 100, 320, 330, 500, 950, 20000};

#include "engine/eval_weights.h"

static int imin(int a, int b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }
static int iabs(int a) { return a < 0 ? -a : a; }

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

/* Squares strictly ahead of rank r (relative to colour c), on every file. */
static inline bb_t ranks_ahead(int c, int r)
{
    if (c == CHC_WHITE) return r >= 7 ? 0 : ~((BB(8 * (r + 1))) - 1);
    return r <= 0 ? 0 : (BB(8 * r)) - 1;
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

#define DARK_SQUARES 0xAA55AA55AA55AA55ULL /* a1, c1, ... */

static const int mob_index[7] = {0, 0, EP_MOB_N, EP_MOB_B, EP_MOB_R, EP_MOB_Q, 0};
static const int mob_max[7] = {0, 0, 8, 13, 14, 27, 0};

/* Adds weight `i` counted n times for colour c (and to the trace, white minus black). */
#define ADD(c, i, n)                                                                               \
    do {                                                                                           \
        int n_ = (n);                                                                              \
        mg[c] += w[i][0] * n_;                                                                     \
        eg[c] += w[i][1] * n_;                                                                     \
        if (tr) tr->coef[i] += (c) == CHC_WHITE ? n_ : -n_;                                        \
    } while (0)

/* Pawn material, piece-square values and structure: everything that depends on the pawns
 * alone. Adds to mg/eg (per colour) and sets passers. */
static inline __attribute__((always_inline)) void pawn_terms(const bb_t pawns[2], const bb_t patt[2],
                                                             const int (*w)[2], chci_eval_trace *tr,
                                                             int mg[2], int eg[2], bb_t passers[2])
{
    for (int c = 0; c < 2; c++) {
        int them = c ^ 1;
        passers[c] = 0;
        bb_t pb = pawns[c];
        while (pb) {
            int sq = bb_pop(&pb);
            int f = sq & 7, rr = c == CHC_WHITE ? sq >> 3 : 7 - (sq >> 3);
            ADD(c, EP_MATERIAL + CHC_PAWN - 1, 1);
            ADD(c, EP_PST + (c == CHC_WHITE ? sq : sq ^ 56), 1);
            bb_t span = front_span(c, sq);
            int stop = c == CHC_WHITE ? sq + 8 : sq - 8;
            if (span & pawns[c]) ADD(c, EP_DOUBLED, 1);
            bb_t adj = adjacent_files(f);
            if (!(adj & pawns[c])) ADD(c, EP_ISOLATED, 1);
            else if (!(adj & pawns[c] & ~ranks_ahead(c, sq >> 3)) && (patt[them] & BB(stop)))
                ADD(c, EP_BACKWARD, 1); /* no own pawn beside or behind, stop square guarded */
            if (patt[c] & BB(sq)) ADD(c, EP_SUPPORTED + rr, 1);
            if (adj & pawns[c] & RANK_BB(sq >> 3)) ADD(c, EP_PHALANX + rr, 1);
            bb_t block = span | (f > 0 ? front_span(c, sq - 1) : 0) | (f < 7 ? front_span(c, sq + 1) : 0);
            if (!(block & pawns[them]) && !(span & pawns[c])) {
                ADD(c, EP_PASSED + rr, 1);
                passers[c] |= BB(sq);
            }
        }
    }
}

/* The whole evaluation, white's point of view. Always inlined so that the search's copy has
 * no trace tests left in it. */
static inline __attribute__((always_inline)) int eval_body(const chc_position *pos, const int (*w)[2],
                                                           chci_eval_trace *tr, chci_pawn_entry *cache)
{
    int mg[2] = {0, 0}, eg[2] = {0, 0};
    int phase = 0;
    bb_t occ = pos->by_type[0];
    bb_t pawns[2] = {chci_pieces(pos, CHC_WHITE, CHC_PAWN), chci_pieces(pos, CHC_BLACK, CHC_PAWN)};
    bb_t patt[2] = {pawn_attacks_bb(pawns[0], CHC_WHITE), pawn_attacks_bb(pawns[1], CHC_BLACK)};
    bb_t att[2], minor_att[2] = {0, 0}, rook_att[2] = {0, 0}, typ_att[2][7], passers[2] = {0, 0};
    memset(typ_att, 0, sizeof typ_att);
    int npm[2] = {0, 0};
    if (tr) memset(tr, 0, sizeof *tr);

    /* the terms that depend on the pawns alone, from the pawn cache when there is one */
    if (tr || !cache) {
        pawn_terms(pawns, patt, w, tr, mg, eg, passers);
    } else {
        _Static_assert(CHCI_PAWN_CACHE_SIZE == 1 << 11, "the index below takes 11 bits");
        chci_pawn_entry *pe = &cache[(pawns[0] * 0x9E3779B97F4A7C15ULL ^ pawns[1] * 0xC2B2AE3D27D4EB4FULL) >> 53];
        if (pe->pawns[0] != pawns[0] || pe->pawns[1] != pawns[1]) { /* (an empty entry fits no pawns) */
            int pm[2] = {0, 0}, pg[2] = {0, 0};
            pawn_terms(pawns, patt, w, NULL, pm, pg, pe->passers);
            pe->pawns[0] = pawns[0];
            pe->pawns[1] = pawns[1];
            pe->mg = pm[0] - pm[1];
            pe->eg = pg[0] - pg[1];
        }
        mg[0] += pe->mg;
        eg[0] += pe->eg;
        passers[0] = pe->passers[0];
        passers[1] = pe->passers[1];
    }

    for (int c = 0; c < 2; c++) {
        int them = c ^ 1;
        bb_t own = pos->by_color[c];
        int eks = pos->king_sq[them];
        bb_t zone = chci_king_att[eks] | BB(eks);
        zone |= them == CHC_WHITE ? zone << 8 : zone >> 8;
        int units = 0, attackers = 0;
        att[c] = patt[c] | chci_king_att[pos->king_sq[c]];
        bb_t b = own & ~pos->by_type[CHC_KING] & ~pos->by_type[CHC_PAWN];
        while (b) {
            int sq = bb_pop(&b);
            int t = CHC_PIECE_TYPE(pos->board[sq]);
            int rsq = c == CHC_WHITE ? sq : sq ^ 56;
            ADD(c, EP_MATERIAL + t - 1, 1);
            ADD(c, EP_PST + (t - 1) * 64 + rsq, 1);
            bb_t a;
            switch (t) {
            case CHC_KNIGHT: a = chci_knight_att[sq]; phase += 1; minor_att[c] |= a; break;
            case CHC_BISHOP: a = chci_bishop_att(sq, occ); phase += 1; minor_att[c] |= a; break;
            case CHC_ROOK: a = chci_rook_att(sq, occ); phase += 2; rook_att[c] |= a; break;
            default: a = chci_queen_att(sq, occ); phase += 4; break;
            }
            att[c] |= a;
            typ_att[c][t] |= a;
            npm[c] += chci_see_value[t];
            ADD(c, mob_index[t] + imin(bb_popcount(a & ~own & ~patt[them]), mob_max[t]), 1);
            if (a & zone) {
                static const int unit[7] = {0, 0, 2, 2, 3, 5, 0};
                attackers++;
                units += unit[t] * bb_popcount(a & zone);
            }
            int rr = rsq >> 3;
            if (t == CHC_ROOK) {
                bb_t file = FILE_BB(sq & 7);
                if (!(file & pawns[c])) ADD(c, (file & pawns[them]) ? EP_ROOK_SEMI : EP_ROOK_OPEN, 1);
                int ekr = c == CHC_WHITE ? eks >> 3 : 7 - (eks >> 3);
                if (rr == 6 && ekr == 7) ADD(c, EP_ROOK_SEVENTH, 1);
            } else if (t == CHC_KNIGHT || t == CHC_BISHOP) {
                if (rr >= 3 && rr <= 5 && (patt[c] & BB(sq)) &&
                    !(pawns[them] & adjacent_files(sq & 7) & ranks_ahead(c, sq >> 3)))
                    ADD(c, t == CHC_KNIGHT ? EP_OUTPOST_N : EP_OUTPOST_B, 1);
                int ahead = c == CHC_WHITE ? sq + 8 : sq - 8;
                if (ahead >= 0 && ahead < 64 && (pos->by_type[CHC_PAWN] & BB(ahead))) ADD(c, EP_MINOR_BEHIND_PAWN, 1);
                if (t == CHC_BISHOP) {
                    ADD(c, EP_BISHOP_PAWNS, bb_popcount(pawns[c] & ((BB(sq) & DARK_SQUARES) ? DARK_SQUARES : ~DARK_SQUARES)));
                }
            }
        }
        if (attackers >= 2) {
            int base = chci_pieces(pos, c, CHC_QUEEN) ? EP_KING_ATT : EP_KING_ATT_NOQ;
            ADD(c, base + imin(units, 39), 1);
        }
        int ks = pos->king_sq[c];
        int rks = c == CHC_WHITE ? ks : ks ^ 56;
        ADD(c, EP_PST + 5 * 64 + rks, 1);
        if (bb_more_than_one(chci_pieces(pos, c, CHC_BISHOP))) ADD(c, EP_BISHOP_PAIR, 1);

        /* pawn shield of our king */
        int kr = rks >> 3;
        if (kr <= 1) {
            int kf = ks & 7;
            for (int f = imax(0, kf - 1); f <= imin(7, kf + 1); f++) {
                bb_t fp = FILE_BB(f) & pawns[c];
                if (!fp) {
                    ADD(c, EP_SHIELD_OPEN, 1);
                    if (!(FILE_BB(f) & pawns[them])) ADD(c, EP_SHIELD_OPEN2, 1);
                    continue;
                }
                int psq = c == CHC_WHITE ? bb_lsb(fp) : bb_msb(fp);
                int pr = c == CHC_WHITE ? psq >> 3 : 7 - (psq >> 3);
                if (pr == kr + 1) ADD(c, EP_SHIELD1, 1);
                else if (pr == kr + 2) ADD(c, EP_SHIELD2, 1);
            }
        }
        /* pawn storm: their pawns coming at our king's files */
        {
            int kf = ks & 7;
            for (int f = imax(0, kf - 1); f <= imin(7, kf + 1); f++) {
                bb_t tp = FILE_BB(f) & pawns[them];
                if (!tp) continue;
                int psq = c == CHC_WHITE ? bb_lsb(tp) : bb_msb(tp); /* the one nearest our side */
                int pr = c == CHC_WHITE ? psq >> 3 : 7 - (psq >> 3);
                ADD(c, EP_STORM + pr, 1);
            }
        }

        /* passed pawns: the terms that depend on the other pieces */
        for (bb_t pp = passers[c]; pp;) {
            int sq = bb_pop(&pp);
            int rr = c == CHC_WHITE ? sq >> 3 : 7 - (sq >> 3);
            int stop = c == CHC_WHITE ? sq + 8 : sq - 8;
            if (!(BB(stop) & occ)) ADD(c, EP_PASSED_FREE, rr);
            else if (BB(stop) & pos->by_color[them]) ADD(c, EP_PASSED_BLOCKED, rr);
            if (rr >= 3) {
                int k = rr - 2;
                ADD(c, EP_PASSED_KING_THEIR, k * distance(stop, pos->king_sq[them]));
                ADD(c, EP_PASSED_KING_OWN, k * distance(stop, ks));
            }
        }
    }
    for (int c = 0; c < 2; c++) {
        int them = c ^ 1;
        bb_t their = pos->by_color[them];
        bb_t majors = pos->by_type[CHC_ROOK] | pos->by_type[CHC_QUEEN];
        bb_t nonpawn = their & ~pos->by_type[CHC_PAWN] & ~pos->by_type[CHC_KING];
        ADD(c, EP_THREAT_PAWN, bb_popcount(patt[c] & nonpawn));
        ADD(c, EP_THREAT_MINOR, bb_popcount(minor_att[c] & their & majors));
        ADD(c, EP_THREAT_ROOK, bb_popcount(rook_att[c] & their & pos->by_type[CHC_QUEEN]));
        ADD(c, EP_HANGING, bb_popcount(att[c] & ~att[them] & (their & ~pos->by_type[CHC_KING])));
        for (bb_t pp = passers[c]; pp;) {
            int sq = bb_pop(&pp);
            int stop = c == CHC_WHITE ? sq + 8 : sq - 8;
            if (att[them] & BB(stop)) ADD(c, EP_PASSED_STOP_ATTACKED, c == CHC_WHITE ? sq >> 3 : 7 - (sq >> 3));
        }
        /* safe checks: squares from which a piece of ours could check their king next move,
           not attacked by them and not holding a piece of ours */
        int eks = pos->king_sq[them];
        bb_t safe = ~att[them] & ~pos->by_color[c];
        bb_t rk = chci_rook_att(eks, occ), bk = chci_bishop_att(eks, occ);
        ADD(c, EP_SAFE_CHECK_N, bb_popcount(chci_knight_att[eks] & typ_att[c][CHC_KNIGHT] & safe));
        ADD(c, EP_SAFE_CHECK_B, bb_popcount(bk & typ_att[c][CHC_BISHOP] & safe));
        ADD(c, EP_SAFE_CHECK_R, bb_popcount(rk & typ_att[c][CHC_ROOK] & safe));
        ADD(c, EP_SAFE_CHECK_Q, bb_popcount((rk | bk) & typ_att[c][CHC_QUEEN] & safe));
        /* king activity towards the pawns (end game) */
        bb_t allp = pos->by_type[CHC_PAWN];
        if (allp) {
            int ks = pos->king_sq[c], best = 8;
            bb_t pp = allp;
            while (pp && best > 1) {
                int d = distance(ks, bb_pop(&pp));
                if (d < best) best = d;
            }
            ADD(c, EP_KING_PAWN_DIST, best);
        }
    }

    ADD(pos->side, EP_TEMPO, 1);
    if (phase > 24) phase = 24;
    int vmg = mg[0] - mg[1], veg = eg[0] - eg[1];

    /* end-game scale (out of 16) */
    int scale = 16;
    int strong = veg >= 0 ? CHC_WHITE : CHC_BLACK, weak = strong ^ 1;
    if (!pawns[strong]) {
        if (npm[strong] <= chci_see_value[CHC_BISHOP]) scale = 1;
        else if (npm[strong] - npm[weak] < 400) scale = 4;
    }
    bb_t wb = chci_pieces(pos, CHC_WHITE, CHC_BISHOP), bbp = chci_pieces(pos, CHC_BLACK, CHC_BISHOP);
    if (npm[0] == chci_see_value[CHC_BISHOP] && npm[1] == chci_see_value[CHC_BISHOP] && wb && bbp) {
        if (!!(wb & DARK_SQUARES) != !!(bbp & DARK_SQUARES)) scale = scale > 1 ? scale / 2 : 1;
    }
    veg = veg * scale / 16;
    /* mop-up: drive a bare king to the edge */
    int post = 0;
    if (!pawns[weak] && npm[weak] == 0 && npm[strong] >= chci_see_value[CHC_ROOK]) {
        int wk = pos->king_sq[weak], sk = pos->king_sq[strong];
        int f = wk & 7, r = wk >> 3;
        int cmd = (f < 4 ? 3 - f : f - 4) + (r < 4 ? 3 - r : r - 4);
        int bonus = 20 * cmd + 6 * (14 - iabs((wk & 7) - (sk & 7)) - iabs((wk >> 3) - (sk >> 3)));
        post = strong == CHC_WHITE ? bonus : -bonus;
    }
    veg += post;
    if (tr) {
        tr->phase = phase;
        tr->scale = scale;
        tr->eg_post = post;
    }
    return (vmg * phase + veg * (24 - phase)) / 24;
}

int chci_evaluate(const chc_position *pos, chci_pawn_entry *cache)
{
    int v = eval_body(pos, chci_eval_weights, NULL, cache);
    return pos->side == CHC_WHITE ? v : -v;
}

int chci_evaluate_trace(const chc_position *pos, const int (*w)[2], chci_eval_trace *tr)
{
    return eval_body(pos, w, tr, NULL);
}

int chc_evaluate(const chc_position *pos)
{
    return chci_evaluate(pos, NULL); /* one position: a cache would not be reused */
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

