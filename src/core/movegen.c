/* Legal move generation.
 *
 * Fully legal, in one pass: no move is made and taken back to test it.
 *   - King moves: each target square is tested against the opponent's attacks with the king
 *     removed from the board (so it cannot hide behind itself along a ray).
 *   - In double check only the king moves. In single check every other move must capture the
 *     checker or block between it and the king (check_mask).
 *   - Pinned pieces move only along the line through their king and themselves.
 *   - En passant, the one move that removes a piece from a square it does not move to, is
 *     checked exactly: the board after the capture is built and the king's attackers tested.
 *   - Castling (Chess960-aware): the squares between king and its destination and between
 *     rook and its destination must be empty but for the two; the king's path must not be
 *     attacked; the destination is tested on the board after castling (a rook that was
 *     shielding the king along the back rank may move away).
 * With out == NULL the moves are only counted, with popcounts instead of serialisation
 * (perft's bulk counting at the last ply).
 */
#include "core/position.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

#define EMIT(from, to, promo, flags)                                           \
    do {                                                                       \
        if (out) out[n] = CHC_MAKE_MOVE(from, to, promo, flags);               \
        n++;                                                                   \
    } while (0)

#define EMIT_PROMOS(from, to, flags)                                           \
    do {                                                                       \
        if (out) {                                                             \
            unsigned f_ = (flags) | CHC_MF_PROMOTION | CHC_MF_PAWN;            \
            out[n] = CHC_MAKE_MOVE(from, to, CHC_QUEEN, f_);                   \
            out[n + 1] = CHC_MAKE_MOVE(from, to, CHC_KNIGHT, f_);              \
            out[n + 2] = CHC_MAKE_MOVE(from, to, CHC_ROOK, f_);                \
            out[n + 3] = CHC_MAKE_MOVE(from, to, CHC_BISHOP, f_);              \
        }                                                                      \
        n += 4;                                                                \
    } while (0)

/* Emits (or counts) moves from `from` to every square of `targets`. */
static ALWAYS_INLINE int emit_targets(const chc_position *p, chc_move *out, int n, int from, bb_t targets)
{
    if (!out) return n + bb_popcount(targets);
    while (targets) {
        int to = bb_pop(&targets);
        out[n++] = CHC_MAKE_MOVE(from, to, 0, p->board[to] ? CHC_MF_CAPTURE : 0);
    }
    return n;
}

/* Non-zero if side `us` (to move, not in check) may castle with right bit `right` (0 WK,
 * 1 WQ, 2 BK, 3 BQ; Chess960-aware): the squares the king and rook cross are empty but for
 * the two, the king's path is not attacked and neither is its destination on the board
 * after castling (a rook that was shielding the king along the back rank may move away). */
static ALWAYS_INLINE int castle_ok(const chc_position *p, int us, int right)
{
    if (!(p->castling & (1u << right))) return 0;
    const int them = us ^ 1, ksq = p->king_sq[us], rsq = p->castle_rook[right];
    const int back = us == CHC_WHITE ? 0 : 56, side = right & 1;
    const int kdst = back + (side == 0 ? 6 : 2), rdst = back + (side == 0 ? 5 : 3);
    const bb_t occ = pos_occ(p);
    bb_t span = chci_between[ksq][kdst] | BB(kdst) | chci_between[rsq][rdst] | BB(rdst);
    span &= ~(BB(ksq) | BB(rsq));
    if (span & occ) return 0;
    for (bb_t path = chci_between[ksq][kdst]; path;)
        if (pos_attacked_by(p, bb_pop(&path), them, occ)) return 0;
    bb_t after = (occ ^ BB(ksq) ^ BB(rsq)) | BB(kdst) | BB(rdst);
    return !pos_attacked_by(p, kdst, them, after);
}

static ALWAYS_INLINE int gen_color(const chc_position *p, chc_move *out, enum chc_gen kind, const int us)
{
    const int them = us ^ 1;
    const bb_t occ = pos_occ(p), ours = p->by_color[us], theirs = p->by_color[them];
    const int ksq = p->king_sq[us];
    const bb_t checkers = p->checkers;
    int n = 0;

    bb_t target = kind == CHC_GEN_CAPTURES ? theirs : kind == CHC_GEN_QUIETS ? ~occ : ~ours;

    /* King moves. */
    {
        bb_t kt = chci_king_att[ksq] & target;
        bb_t occ_nok = occ ^ BB(ksq);
        while (kt) {
            int to = bb_pop(&kt);
            if (!pos_attacked_by(p, to, them, occ_nok)) EMIT(ksq, to, 0, p->board[to] ? CHC_MF_CAPTURE : 0);
        }
    }
    if (bb_more_than_one(checkers)) return n;

    bb_t check_mask = ~(bb_t)0;
    if (checkers) check_mask = chci_between[ksq][bb_lsb(checkers)] | checkers;

    /* Pinned pieces: our pieces alone between the king and an enemy slider. */
    const bb_t pinned = pos_pinned(p, us);

    const bb_t piece_target = target & check_mask;

    /* Pawns. */
    {
        const bb_t pawns = ours & p->by_type[CHC_PAWN];
        const bb_t rank7 = us == CHC_WHITE ? RANK_BB(6) : RANK_BB(1);
        const bb_t rank3 = us == CHC_WHITE ? RANK_BB(2) : RANK_BB(5);
        const int up = us == CHC_WHITE ? 8 : -8;
        const bb_t empty = ~occ;
        const bb_t free_pawns = pawns & ~pinned;

#define SHIFT_UP(b) (us == CHC_WHITE ? (b) << 8 : (b) >> 8)
#define SHIFT_UL(b) (us == CHC_WHITE ? ((b) & ~FILE_A_BB) << 7 : ((b) & ~FILE_A_BB) >> 9)
#define SHIFT_UR(b) (us == CHC_WHITE ? ((b) & ~FILE_H_BB) << 9 : ((b) & ~FILE_H_BB) >> 7)

        bb_t norm = free_pawns & ~rank7, prom = free_pawns & rank7;
        if (kind != CHC_GEN_CAPTURES) {
            bb_t single = SHIFT_UP(norm) & empty;
            bb_t dbl = SHIFT_UP(single & rank3) & empty & check_mask;
            single &= check_mask;
            if (!out) {
                n += bb_popcount(single) + bb_popcount(dbl);
            } else {
                while (single) {
                    int to = bb_pop(&single);
                    out[n++] = CHC_MAKE_MOVE(to - up, to, 0, CHC_MF_PAWN);
                }
                while (dbl) {
                    int to = bb_pop(&dbl);
                    out[n++] = CHC_MAKE_MOVE(to - 2 * up, to, 0, CHC_MF_PAWN | CHC_MF_DOUBLE_PAWN);
                }
            }
        }
        if (kind != CHC_GEN_QUIETS) {
            bb_t cl = SHIFT_UL(norm) & theirs & check_mask;
            bb_t cr = SHIFT_UR(norm) & theirs & check_mask;
            if (!out) {
                n += bb_popcount(cl) + bb_popcount(cr);
            } else {
                while (cl) {
                    int to = bb_pop(&cl);
                    out[n++] = CHC_MAKE_MOVE(to - up + 1, to, 0, CHC_MF_PAWN | CHC_MF_CAPTURE);
                }
                while (cr) {
                    int to = bb_pop(&cr);
                    out[n++] = CHC_MAKE_MOVE(to - up - 1, to, 0, CHC_MF_PAWN | CHC_MF_CAPTURE);
                }
            }
            if (prom) {
                bb_t pp = SHIFT_UP(prom) & empty & check_mask;
                bb_t pl = SHIFT_UL(prom) & theirs & check_mask;
                bb_t pr = SHIFT_UR(prom) & theirs & check_mask;
                if (!out) {
                    n += 4 * (bb_popcount(pp) + bb_popcount(pl) + bb_popcount(pr));
                } else {
                    while (pl) { int to = bb_pop(&pl); EMIT_PROMOS(to - up + 1, to, CHC_MF_CAPTURE); }
                    while (pr) { int to = bb_pop(&pr); EMIT_PROMOS(to - up - 1, to, CHC_MF_CAPTURE); }
                    while (pp) { int to = bb_pop(&pp); EMIT_PROMOS(to - up, to, 0); }
                }
            }
        }
        /* Pinned pawns, one by one, along their pin line. */
        bb_t pinned_pawns = pawns & pinned;
        while (pinned_pawns) {
            int from = bb_pop(&pinned_pawns);
            bb_t line = chci_line[ksq][from] & check_mask;
            int promo = (BB(from) & rank7) != 0;
            if (kind != CHC_GEN_QUIETS) { /* capture-promotions are captures, never quiets */
                bb_t caps = chci_pawn_att[us][from] & theirs & line;
                while (caps) {
                    int to = bb_pop(&caps);
                    if (promo) EMIT_PROMOS(from, to, CHC_MF_CAPTURE);
                    else if (kind != CHC_GEN_QUIETS) EMIT(from, to, 0, CHC_MF_PAWN | CHC_MF_CAPTURE);
                }
            }
            int to = from + up;
            if (!(occ & BB(to))) {
                if (promo) {
                    if (kind != CHC_GEN_QUIETS && (BB(to) & line)) EMIT_PROMOS(from, to, 0);
                } else if (kind != CHC_GEN_CAPTURES) {
                    if (BB(to) & line) EMIT(from, to, 0, CHC_MF_PAWN);
                    int to2 = to + up;
                    if ((BB(to) & rank3) && !(occ & BB(to2)) && (BB(to2) & line))
                        EMIT(from, to2, 0, CHC_MF_PAWN | CHC_MF_DOUBLE_PAWN);
                }
            }
        }
        /* En passant: exact test on the board after the capture. */
        if (p->ep != CHC_NO_SQUARE && kind != CHC_GEN_QUIETS) {
            const int ep = p->ep, cap = ep - up;
            bb_t cands = chci_pawn_att[them][ep] & pawns;
            while (cands) {
                int from = bb_pop(&cands);
                bb_t o = (occ ^ BB(from) ^ BB(cap)) | BB(ep);
                bb_t att = (chci_rook_att(ksq, o) & (p->by_type[CHC_ROOK] | p->by_type[CHC_QUEEN]))
                         | (chci_bishop_att(ksq, o) & (p->by_type[CHC_BISHOP] | p->by_type[CHC_QUEEN]))
                         | (chci_knight_att[ksq] & p->by_type[CHC_KNIGHT])
                         | (chci_pawn_att[us][ksq] & p->by_type[CHC_PAWN] & ~BB(cap));
                if (!(att & theirs)) EMIT(from, ep, 0, CHC_MF_PAWN | CHC_MF_CAPTURE | CHC_MF_EN_PASSANT);
            }
        }
#undef SHIFT_UP
#undef SHIFT_UL
#undef SHIFT_UR
    }

    /* Knights (a pinned knight never moves). */
    for (bb_t b = ours & p->by_type[CHC_KNIGHT] & ~pinned; b;) {
        int from = bb_pop(&b);
        n = emit_targets(p, out, n, from, chci_knight_att[from] & piece_target);
    }
    /* Bishops and queens along diagonals, rooks and queens along lines. */
    for (bb_t b = ours & (p->by_type[CHC_BISHOP] | p->by_type[CHC_QUEEN]); b;) {
        int from = bb_pop(&b);
        bb_t t = chci_bishop_att(from, occ) & piece_target;
        if (BB(from) & pinned) t &= chci_line[ksq][from];
        n = emit_targets(p, out, n, from, t);
    }
    for (bb_t b = ours & (p->by_type[CHC_ROOK] | p->by_type[CHC_QUEEN]); b;) {
        int from = bb_pop(&b);
        bb_t t = chci_rook_att(from, occ) & piece_target;
        if (BB(from) & pinned) t &= chci_line[ksq][from];
        n = emit_targets(p, out, n, from, t);
    }

    /* Castling. */
    if (kind != CHC_GEN_CAPTURES && !checkers && (p->castling & (us == CHC_WHITE ? 3 : 12))) {
        for (int side = 0; side < 2; side++)
            if (castle_ok(p, us, us * 2 + side)) EMIT(ksq, p->castle_rook[us * 2 + side], 0, CHC_MF_CASTLE);
    }
    return n;
}

int chci_generate(const chc_position *p, chc_move *out, enum chc_gen kind)
{
    return p->side == CHC_WHITE ? gen_color(p, out, kind, CHC_WHITE) : gen_color(p, out, kind, CHC_BLACK);
}

int chc_legal_moves(const chc_position *pos, chc_move *out, enum chc_gen kind)
{
    return chci_generate(pos, out, kind);
}

int chc_count_legal_moves(const chc_position *pos)
{
    return chci_generate(pos, NULL, CHC_GEN_ALL);
}

chc_move chci_castle_move(const chc_position *p, int right)
{
    int us = p->side;
    if (right < 0 || right > 3 || (right >> 1) != us || p->checkers) return CHC_MOVE_NONE;
    if (p->castle_rook[right] >= 64 || !castle_ok(p, us, right)) return CHC_MOVE_NONE;
    return CHC_MAKE_MOVE(p->king_sq[us], p->castle_rook[right], 0, CHC_MF_CASTLE);
}

/* Non-zero if a slider of `by` reaches `sq` through occupancy `occ`: the aligned sliders
 * (few) are walked through the between table, which stays in cache where the slider attack
 * tables would not (replaying a game touches a new entry at almost every move). */
static int slider_hits(const chc_position *p, int sq, int by, bb_t occ)
{
    const bb_t them = p->by_color[by];
    bb_t s = (chci_rook_att(sq, 0) & them & (p->by_type[CHC_ROOK] | p->by_type[CHC_QUEEN]))
           | (chci_bishop_att(sq, 0) & them & (p->by_type[CHC_BISHOP] | p->by_type[CHC_QUEEN]));
    while (s)
        if (!(chci_between[sq][bb_pop(&s)] & occ)) return 1;
    return 0;
}

int chci_built_legal(const chc_position *p, chc_move m)
{
    const int us = p->side, them = us ^ 1, ksq = p->king_sq[us];
    const int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
    const bb_t occ = pos_occ(p), theirs = p->by_color[them];
    if (p->by_color[us] & BB(to)) return 0;
    if (from == ksq) {
        if ((chci_pawn_att[us][to] & theirs & p->by_type[CHC_PAWN]) ||
            (chci_knight_att[to] & theirs & p->by_type[CHC_KNIGHT]) ||
            (chci_king_att[to] & theirs & p->by_type[CHC_KING]))
            return 0;
        return !slider_hits(p, to, them, occ ^ BB(ksq));
    }
    if (CHC_MOVE_FLAGS(m) & CHC_MF_EN_PASSANT) {
        const int cap = to + (us == CHC_WHITE ? -8 : 8);
        bb_t o = (occ ^ BB(from) ^ BB(cap)) | BB(to);
        bb_t att = (chci_rook_att(ksq, o) & (p->by_type[CHC_ROOK] | p->by_type[CHC_QUEEN]))
                 | (chci_bishop_att(ksq, o) & (p->by_type[CHC_BISHOP] | p->by_type[CHC_QUEEN]))
                 | (chci_knight_att[ksq] & p->by_type[CHC_KNIGHT])
                 | (chci_pawn_att[us][ksq] & p->by_type[CHC_PAWN] & ~BB(cap));
        return !(att & theirs);
    }
    const bb_t checkers = p->checkers;
    if (checkers) {
        if (bb_more_than_one(checkers)) return 0;
        if (!((chci_between[ksq][bb_lsb(checkers)] | checkers) & BB(to))) return 0;
    }
    /* A pinned piece stays on the line through its king: pinned when an enemy slider of the
     * line's kind sees the king with only `from` between them. */
    const bb_t line = chci_line[ksq][from];
    if (!line || (line & BB(to))) return 1;
    bb_t s = line & theirs &
             ((CHC_FILE(ksq) == CHC_FILE(from) || CHC_RANK(ksq) == CHC_RANK(from))
                  ? p->by_type[CHC_ROOK] | p->by_type[CHC_QUEEN]
                  : p->by_type[CHC_BISHOP] | p->by_type[CHC_QUEEN]);
    while (s)
        if ((chci_between[ksq][bb_pop(&s)] & occ) == BB(from)) return 0;
    return 1;
}

int chc_is_legal(const chc_position *pos, chc_move m)
{
    chc_move list[CHC_MAX_MOVES];
    int n = chci_generate(pos, list, CHC_GEN_ALL);
    for (int i = 0; i < n; i++)
        if (list[i] == m) return 1;
    return 0;
}

chc_move chc_find_move(const chc_position *pos, int from, int to, int promo)
{
    if (from < 0 || from > 63 || to < 0 || to > 63) return CHC_MOVE_NONE;
    chc_move list[CHC_MAX_MOVES];
    int n = chci_generate(pos, list, CHC_GEN_ALL);
    int us = pos->side;
    for (int i = 0; i < n; i++) {
        chc_move m = list[i];
        if (CHC_MOVE_FROM(m) != from) continue;
        if (CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE) {
            /* king-to-rook always; king-to-destination (g/c file) when not ambiguous with a
             * real king move (a legal king move to that square is preferred below). */
            if (CHC_MOVE_TO(m) == to) return m;
            int back = us == CHC_WHITE ? 0 : 56;
            int kdst = back + (CHC_MOVE_TO(m) > from ? 6 : 2);
            if (to == kdst && !pos->chess960 && from == back + 4) return m;
            continue;
        }
        if (CHC_MOVE_TO(m) == to && CHC_MOVE_PROMO(m) == promo) return m;
    }
    return CHC_MOVE_NONE;
}
