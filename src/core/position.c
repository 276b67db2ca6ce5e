/* Positions: set-up, validation, FEN in and out.
 *
 * FEN grammar accepted (fields separated by one or more spaces; 4 or 6 fields):
 *
 *   fen        := placement ' ' side ' ' castling ' ' ep [ ' ' halfmove ' ' fullmove ]
 *   placement  := rank '/' rank '/' ... '/' rank          (8 ranks, rank 8 first)
 *   rank       := ( piece | '1'..'8' )+                   (exactly 8 squares)
 *   piece      := 'P' 'N' 'B' 'R' 'Q' 'K' 'p' 'n' 'b' 'r' 'q' 'k'
 *   side       := 'w' | 'b'
 *   castling   := '-' | ( 'K' 'Q' 'k' 'q' 'A'..'H' 'a'..'h' ){1,4}   (each at most once)
 *   ep         := '-' | 'a'..'h' ( '3' | '6' )
 *   halfmove   := digits (0..65535)
 *   fullmove   := digits (1..999999999)
 *
 * Syntax errors (CHC_E_FEN_SYNTAX) name the field and the column. A well-formed FEN of a
 * position that cannot occur in a game gets a CHC_E_POS_* code instead (Stockfish draws the
 * same line between "Invalid FEN" and "Unsupported position").
 */
#include <stdio.h>
#include <string.h>

#include "common/diag.h"
#include "common/once.h"
#include "core/position.h"

static const char piece_chars[] = " PNBRQK  pnbrqk";

static void clear(chc_position *p)
{
    memset(p, 0, sizeof *p);
    p->ep = CHC_NO_SQUARE;
    for (int i = 0; i < 4; i++) p->castle_rook[i] = CHC_NO_SQUARE;
    p->fullmove = 1;
}

/* The standard start, built once (every game read starts from it). */
static chc_position startpos_table;
static void build_startpos(void)
{
    int rc = chc_position_chess960(&startpos_table, 518);
    (void)rc;
    startpos_table.chess960 = 0;
}
CHCI_ONCE(startpos_ready, build_startpos);

void chc_position_startpos(chc_position *pos)
{
    startpos_ready();
    *pos = startpos_table;
}

int chc_position_chess960(chc_position *pos, int n)
{
    if (n < 0 || n > 959) return CHC_E_ARGUMENT;
    static const int knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                       {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    int back[8] = {0};
    back[2 * (n % 4) + 1] = CHC_BISHOP;
    n /= 4;
    back[2 * (n % 4)] = CHC_BISHOP;
    n /= 4;
    int q = n % 6, k = n / 6;
    for (int f = 0, e = 0; f < 8; f++)
        if (!back[f] && e++ == q) { back[f] = CHC_QUEEN; break; }
    for (int f = 0, e = 0; f < 8; f++) {
        if (back[f]) continue;
        if (e == knights[k][0] || e == knights[k][1]) back[f] = CHC_KNIGHT;
        e++;
    }
    static const int rkr[3] = {CHC_ROOK, CHC_KING, CHC_ROOK};
    for (int f = 0, e = 0; f < 8; f++)
        if (!back[f]) back[f] = rkr[e++];
    clear(pos);
    for (int f = 0; f < 8; f++) {
        pos_put(pos, CHC_PIECE(CHC_WHITE, back[f]), f);
        pos_put(pos, CHC_PIECE(CHC_WHITE, CHC_PAWN), 8 + f);
        pos_put(pos, CHC_PIECE(CHC_BLACK, CHC_PAWN), 48 + f);
        pos_put(pos, CHC_PIECE(CHC_BLACK, back[f]), 56 + f);
    }
    int rooks[2], r = 0;
    for (int f = 0; f < 8; f++)
        if (back[f] == CHC_ROOK) rooks[r++] = f;
    pos->castle_rook[0] = (uint8_t)rooks[1];
    pos->castle_rook[1] = (uint8_t)rooks[0];
    pos->castle_rook[2] = (uint8_t)(56 + rooks[1]);
    pos->castle_rook[3] = (uint8_t)(56 + rooks[0]);
    pos->castling = 15;
    pos->chess960 = 1;
    chci_refresh(pos);
    return CHC_OK;
}

/* ----------------------------------------------------------------------------------- */
/* Validation                                                                          */
/* ----------------------------------------------------------------------------------- */

static const char *right_names[4] = {"white king-side (K)", "white queen-side (Q)",
                                     "black king-side (k)", "black queen-side (q)"};

/* A position is standard (not Chess960) when every castling right has its king on e1/e8 and
 * its rook in the corner. */
static int castling_is_standard(const chc_position *p)
{
    static const int corner[4] = {7, 0, 63, 56};
    for (int i = 0; i < 4; i++) {
        if (!(p->castling & (1u << i))) continue;
        if (p->castle_rook[i] != corner[i]) return 0;
        if (p->king_sq[i / 2] != (i < 2 ? 4 : 60)) return 0;
    }
    return 1;
}

int chc_position_validate(chc_position *p, chc_diag *diag)
{
    /* Rebuild bitboards from the mailbox so a hand-edited board[] is taken as the truth. */
    for (int i = 0; i < 7; i++) p->by_type[i] = 0;
    p->by_color[0] = p->by_color[1] = 0;
    for (int sq = 0; sq < 64; sq++) {
        int pc = p->board[sq];
        if (!pc) continue;
        if (CHC_PIECE_TYPE(pc) < CHC_PAWN || CHC_PIECE_TYPE(pc) > CHC_KING || CHC_PIECE_COLOR(pc) > 1)
            return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, sq, "invalid piece code %d on square %d", pc, sq);
        pos_put(p, pc, sq);
    }
    if (p->side > 1) return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "invalid side to move");
    for (int c = 0; c < 2; c++) {
        int kings = bb_popcount(pos_pieces(p, c, CHC_KING));
        if (kings != 1)
            return chci_fail(diag, CHC_E_POS_KINGS, -1, 0, 0, -1, "%s has %d kings (must have exactly one)",
                             c == CHC_WHITE ? "white" : "black", kings);
    }
    if (p->by_type[CHC_PAWN] & (RANK_1_BB | RANK_8_BB)) {
        int sq = bb_lsb(p->by_type[CHC_PAWN] & (RANK_1_BB | RANK_8_BB));
        return chci_fail(diag, CHC_E_POS_PAWN_RANK, -1, 0, 0, sq, "pawn on %c%c (the first or last rank)",
                         'a' + CHC_FILE(sq), '1' + CHC_RANK(sq));
    }
    for (int c = 0; c < 2; c++) {
        const char *name = c == CHC_WHITE ? "white" : "black";
        int pawns = bb_popcount(pos_pieces(p, c, CHC_PAWN));
        int all = bb_popcount(p->by_color[c]);
        int extra = 0;
        static const int start[7] = {0, 8, 2, 2, 2, 1, 1};
        for (int t = CHC_KNIGHT; t <= CHC_QUEEN; t++) {
            int cnt = bb_popcount(pos_pieces(p, c, t));
            if (cnt > start[t]) extra += cnt - start[t];
        }
        if (all > 16) return chci_fail(diag, CHC_E_POS_TOO_MANY, -1, 0, 0, -1, "%s has %d pieces (at most 16)", name, all);
        if (pawns > 8) return chci_fail(diag, CHC_E_POS_TOO_MANY, -1, 0, 0, -1, "%s has %d pawns (at most 8)", name, pawns);
        if (extra > 8 - pawns)
            return chci_fail(diag, CHC_E_POS_TOO_MANY, -1, 0, 0, -1,
                             "%s has %d pieces beyond the starting set but only %d pawns could have promoted",
                             name, extra, 8 - pawns);
    }
    chci_refresh(p);

    /* The side not to move must not be in check. */
    {
        int them = p->side ^ 1;
        if (pos_attackers(p, p->king_sq[them], pos_occ(p)) & p->by_color[p->side])
            return chci_fail(diag, CHC_E_POS_OPPONENT_IN_CHECK, -1, 0, 0, -1,
                             "%s is in check but it is %s's move", them == CHC_WHITE ? "white" : "black",
                             p->side == CHC_WHITE ? "white" : "black");
    }
    /* Checks no last move could give. */
    {
        bb_t ch = p->checkers;
        int n = bb_popcount(ch);
        if (n > 2)
            return chci_fail(diag, CHC_E_POS_CHECKERS, -1, 0, 0, -1, "the king is attacked by %d pieces (at most 2 possible)", n);
        if (n == 2) {
            bb_t pn = ch & (p->by_type[CHC_PAWN] | p->by_type[CHC_KNIGHT]);
            if (bb_more_than_one(pn))
                return chci_fail(diag, CHC_E_POS_CHECKERS, -1, 0, 0, -1, "impossible double check");
        }
    }
    /* Castling rights: king on its home rank and the rook on its square. */
    for (int i = 0; i < 4; i++) {
        if (!(p->castling & (1u << i))) {
            p->castle_rook[i] = CHC_NO_SQUARE;
            continue;
        }
        int c = i / 2, rsq = p->castle_rook[i], ksq = p->king_sq[c];
        int home = c == CHC_WHITE ? 0 : 7;
        if (CHC_RANK(ksq) != home || rsq >= 64 || CHC_RANK(rsq) != home || p->board[rsq] != CHC_PIECE(c, CHC_ROOK) ||
            ((i % 2 == 0) != (CHC_FILE(rsq) > CHC_FILE(ksq))))
            return chci_fail(diag, CHC_E_POS_CASTLING, -1, 0, 0, 2,
                             "castling right %s without king and rook on their squares", right_names[i]);
        if (!p->chess960 && (ksq != (c ? 60 : 4) || CHC_FILE(rsq) != (i % 2 == 0 ? 7 : 0)))
            p->chess960 = 1;
    }
    /* En passant: the square behind a pawn of the side not to move that just made a double
     * step: empty ep square, empty origin square, pawn in front. */
    if (p->ep != CHC_NO_SQUARE) {
        int ep = p->ep, us = p->side;
        int ok = ep < 64 && CHC_RANK(ep) == (us == CHC_WHITE ? 5 : 2);
        if (ok) {
            int pawn = us == CHC_WHITE ? ep - 8 : ep + 8, origin = us == CHC_WHITE ? ep + 8 : ep - 8;
            ok = !p->board[ep] && !p->board[origin] && p->board[pawn] == CHC_PIECE(us ^ 1, CHC_PAWN);
        }
        if (!ok)
            return chci_fail(diag, CHC_E_POS_EN_PASSANT, -1, 0, 0, 3,
                             "en-passant square %c%c: no double step could have made it",
                             ep < 64 ? 'a' + CHC_FILE(ep) : '?', ep < 64 ? '1' + CHC_RANK(ep) : '?');
        if (p->halfmove != 0)
            return chci_fail(diag, CHC_E_POS_COUNTERS, -1, 0, 0, 4,
                             "half-move clock %u after a double step (must be 0)", (unsigned)p->halfmove);
    }
    if (p->fullmove < 1)
        return chci_fail(diag, CHC_E_POS_COUNTERS, -1, 0, 0, 5, "full-move number must be at least 1");
    chci_refresh(p);
    return CHC_OK;
}

int chc_position_set(chc_position *pos, const uint8_t board[64], int side, const uint8_t castle_rook[4],
                     int ep, int halfmove, int fullmove, int chess960, chc_diag *diag)
{
    if (side < 0 || side > 1 || ep < 0 || ep > 64 || halfmove < 0 || halfmove > 65535 || fullmove < 1)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "argument out of range");
    clear(pos);
    memcpy(pos->board, board, 64);
    pos->side = (uint8_t)side;
    pos->ep = (uint8_t)ep;
    pos->halfmove = (uint16_t)halfmove;
    pos->fullmove = (uint32_t)fullmove;
    pos->chess960 = chess960 != 0;
    for (int i = 0; i < 4; i++) {
        pos->castle_rook[i] = castle_rook[i];
        if (castle_rook[i] != CHC_NO_SQUARE) pos->castling |= (uint8_t)(1u << i);
    }
    return chc_position_validate(pos, diag);
}

/* ----------------------------------------------------------------------------------- */
/* FEN in                                                                              */
/* ----------------------------------------------------------------------------------- */

#define SYNTAX(off, field, ...) \
    chci_fail(diag, CHC_E_FEN_SYNTAX, (long)(off), 1, (long)(off) + 1, field, __VA_ARGS__)

static const char *field_names[6] = {"piece placement", "side to move", "castling", "en passant",
                                     "half-move clock", "full-move number"};

static int parse_number(const char *s, size_t len, unsigned long max, unsigned long *out)
{
    if (len == 0 || len > 10) return -1;
    unsigned long v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return (int)i;
        v = v * 10 + (unsigned long)(s[i] - '0');
    }
    if (v > max) return -2;
    *out = v;
    return -3; /* ok */
}

int chc_position_from_fen(chc_position *pos, const char *fen, unsigned flags, chc_diag *diag)
{
    clear(pos);
    size_t start[6] = {0}, len[6] = {0};
    int nf = 0;
    size_t i = 0;
    while (fen[i] == ' ' || fen[i] == '\t' || fen[i] == '\n' || fen[i] == '\r') i++;
    for (;;) {
        if (!fen[i]) break;
        if (nf == 6)
            return SYNTAX(i, 6, "unexpected text after the full-move number at column %zu", i + 1);
        start[nf] = i;
        while (fen[i] && fen[i] != ' ' && fen[i] != '\t' && fen[i] != '\n' && fen[i] != '\r') i++;
        len[nf] = i - start[nf];
        nf++;
        while (fen[i] == ' ' || fen[i] == '\t' || fen[i] == '\n' || fen[i] == '\r') i++;
    }
    if (nf != 4 && nf != 6) {
        if (nf < 4)
            return SYNTAX(i, nf, "FEN ends after %d field%s: the %s field is missing", nf, nf == 1 ? "" : "s",
                          field_names[nf]);
        return SYNTAX(i, nf, "FEN has 5 fields: give both counters (6 fields) or none (4 fields)");
    }

    /* Field 0: placement. */
    {
        const char *s = fen + start[0];
        int rank = 7, file = 0;
        for (size_t k = 0; k < len[0]; k++) {
            char c = s[k];
            size_t off = start[0] + k;
            if (c == '/') {
                if (file != 8) return SYNTAX(off, 0, "rank %d has %d squares, not 8 (column %zu)", rank + 1, file, off + 1);
                if (rank == 0) return SYNTAX(off, 0, "more than 8 ranks (column %zu)", off + 1);
                rank--;
                file = 0;
            } else if (c >= '1' && c <= '8') {
                if (k > 0 && s[k - 1] >= '1' && s[k - 1] <= '8')
                    return SYNTAX(off, 0, "two digits in a row in rank %d (column %zu)", rank + 1, off + 1);
                file += c - '0';
                if (file > 8) return SYNTAX(off, 0, "rank %d has more than 8 squares (column %zu)", rank + 1, off + 1);
            } else {
                const char *pc = c ? strchr(piece_chars, c) : NULL;
                if (!pc || c == ' ') return SYNTAX(off, 0, "invalid character '%c' in the piece placement (column %zu)", c, off + 1);
                if (file >= 8) return SYNTAX(off, 0, "rank %d has more than 8 squares (column %zu)", rank + 1, off + 1);
                pos_put(pos, (int)(pc - piece_chars), rank * 8 + file);
                file++;
            }
        }
        if (rank != 0) return SYNTAX(start[0] + len[0], 0, "the piece placement has %d ranks, not 8", 8 - rank);
        if (file != 8) return SYNTAX(start[0] + len[0], 0, "rank 1 has %d squares, not 8", file);
    }
    /* Field 1: side to move. */
    if (len[1] != 1 || (fen[start[1]] != 'w' && fen[start[1]] != 'b'))
        return SYNTAX(start[1], 1, "side to move must be 'w' or 'b' (column %zu)", start[1] + 1);
    pos->side = fen[start[1]] == 'w' ? CHC_WHITE : CHC_BLACK;

    /* Field 3: en passant (before castling so errors come in field order below). */
    int ep = CHC_NO_SQUARE;
    {
        const char *s = fen + start[3];
        if (len[3] == 1 && s[0] == '-') {
            ep = CHC_NO_SQUARE;
        } else if (len[3] == 2 && s[0] >= 'a' && s[0] <= 'h' && (s[1] == '3' || s[1] == '6')) {
            ep = CHC_SQUARE(s[0] - 'a', s[1] - '1');
        } else {
            size_t bad = 0;
            if (len[3] >= 1 && s[0] >= 'a' && s[0] <= 'h') bad = 1;
            if (bad == 1 && len[3] >= 2 && s[1] >= '1' && s[1] <= '8' && len[3] == 2) {
                /* a square on the wrong rank: a position error, not syntax */
                ep = CHC_SQUARE(s[0] - 'a', s[1] - '1');
            } else {
                return SYNTAX(start[3] + bad, 3, "en-passant square must be '-' or a square on rank 3 or 6 (column %zu)",
                              start[3] + bad + 1);
            }
        }
    }
    /* Fields 4, 5: counters. */
    if (nf == 6) {
        unsigned long hm = 0, fm = 1;
        int r = parse_number(fen + start[4], len[4], 65535, &hm);
        if (r == -2) return chci_fail(diag, CHC_E_POS_COUNTERS, (long)start[4], 1, (long)start[4] + 1, 4,
                                      "half-move clock too large (column %zu)", start[4] + 1);
        if (r != -3) return SYNTAX(start[4] + (r > 0 ? (size_t)r : 0), 4, "half-move clock must be a number (column %zu)",
                                   start[4] + (r > 0 ? (size_t)r : 0) + 1);
        r = parse_number(fen + start[5], len[5], 999999999, &fm);
        if (r == -2) return chci_fail(diag, CHC_E_POS_COUNTERS, (long)start[5], 1, (long)start[5] + 1, 5,
                                      "full-move number too large (column %zu)", start[5] + 1);
        if (r != -3) return SYNTAX(start[5] + (r > 0 ? (size_t)r : 0), 5, "full-move number must be a number (column %zu)",
                                   start[5] + (r > 0 ? (size_t)r : 0) + 1);
        if (fm == 0) return chci_fail(diag, CHC_E_POS_COUNTERS, (long)start[5], 1, (long)start[5] + 1, 5,
                                      "full-move number 0 (it starts at 1; column %zu)", start[5] + 1);
        pos->halfmove = (uint16_t)hm;
        pos->fullmove = (uint32_t)fm;
    }

    /* Field 2: castling. Needs the kings, so check them first for a clear message. */
    {
        const char *s = fen + start[2];
        unsigned seen = 0;
        if (!(len[2] == 1 && s[0] == '-')) {
            if (len[2] > 4) return SYNTAX(start[2] + 4, 2, "castling field longer than 4 characters (column %zu)", start[2] + 5);
            for (size_t k = 0; k < len[2]; k++) {
                char c = s[k];
                int ok = strchr("KQkq", c) || (c >= 'A' && c <= 'H') || (c >= 'a' && c <= 'h');
                if (!ok || !c) return SYNTAX(start[2] + k, 2, "invalid castling character '%c' (column %zu)", c, start[2] + k + 1);

            }
        }
        if (len[2] == 1 && s[0] == '-') {
            /* no rights */
        } else {
            for (int c = 0; c < 2; c++) {
                int kings = bb_popcount(pos_pieces(pos, c, CHC_KING));
                if (kings != 1)
                    return chci_fail(diag, CHC_E_POS_KINGS, -1, 1, 0, 0, "%s has %d kings (must have exactly one)",
                                     c == CHC_WHITE ? "white" : "black", kings);
            }
            for (size_t k = 0; k < len[2]; k++) {
                char ch = s[k];
                int color = (ch >= 'a') ? CHC_BLACK : CHC_WHITE;
                int home = color == CHC_WHITE ? 0 : 56;
                int ksq = bb_lsb(pos_pieces(pos, color, CHC_KING));
                int rook = CHC_PIECE(color, CHC_ROOK);
                int rsq = -1, side;
                char up = (char)(color == CHC_BLACK ? ch - 32 : ch);
                if (up == 'K' || up == 'Q') {
                    /* KQkq: the outermost rook on that side of the king (X-FEN); in standard
                     * chess that is the corner rook. */
                    side = up == 'K' ? 0 : 1;
                    if (CHC_RANK(ksq) * 8 == home) {
                        int step = side == 0 ? -1 : 1;
                        for (int f = side == 0 ? 7 : 0; f != CHC_FILE(ksq); f += step)
                            if (pos->board[home + f] == rook) { rsq = home + f; break; }
                    }
                } else {
                    int f = up - 'A';
                    rsq = home + f;
                    side = f > CHC_FILE(ksq) ? 0 : 1;
                    if (pos->board[rsq] != rook || CHC_RANK(ksq) * 8 != home || f == CHC_FILE(ksq)) rsq = -1;
                }
                int right = color * 2 + side;
                if (rsq < 0)
                    return chci_fail(diag, CHC_E_POS_CASTLING, (long)(start[2] + k), 1, (long)(start[2] + k) + 1, 2,
                                     "castling right '%c' without king and rook on their squares (column %zu)", ch,
                                     start[2] + k + 1);
                if (seen & (1u << right))
                    return SYNTAX(start[2] + k, 2, "castling right '%c' given twice (column %zu)", ch, start[2] + k + 1);
                seen |= 1u << right;
                pos->castle_rook[right] = (uint8_t)rsq;
                pos->castling |= (uint8_t)(1u << right);
            }
        }
    }
    pos->ep = (uint8_t)ep;
    pos->chess960 = (flags & CHC_FEN_CHESS960) ? 1 : 0;
    int rc;
    if (ep != CHC_NO_SQUARE && (flags & CHC_FEN_LENIENT_EP)) {
        chc_diag tmp;
        rc = chc_position_validate(pos, &tmp);
        if (rc == CHC_E_POS_EN_PASSANT || (rc == CHC_E_POS_COUNTERS && tmp.index == 4)) {
            pos->ep = CHC_NO_SQUARE;
            rc = chc_position_validate(pos, diag);
        } else if (rc != CHC_OK) {
            rc = chc_position_validate(pos, diag);
        }
    } else {
        rc = chc_position_validate(pos, diag);
    }
    if (rc != CHC_OK) return rc;
    if (!pos->chess960 && !castling_is_standard(pos)) pos->chess960 = 1;
    return CHC_OK;
}

/* ----------------------------------------------------------------------------------- */
/* FEN out                                                                             */
/* ----------------------------------------------------------------------------------- */

int chci_ep_legal(const chc_position *p)
{
    if (p->ep == CHC_NO_SQUARE) return 0;
    chc_move list[CHC_MAX_MOVES];
    int n = chci_generate(p, list, CHC_GEN_CAPTURES);
    for (int i = 0; i < n; i++)
        if (CHC_MOVE_FLAGS(list[i]) & CHC_MF_EN_PASSANT) return 1;
    return 0;
}

size_t chc_position_to_fen(const chc_position *p, char *buf, size_t cap, unsigned flags)
{
    char out[CHC_FEN_MAX + 32];
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int pc = p->board[rank * 8 + file];
            if (!pc) { empty++; continue; }
            if (empty) out[n++] = (char)('0' + empty);
            empty = 0;
            out[n++] = piece_chars[pc];
        }
        if (empty) out[n++] = (char)('0' + empty);
        if (rank) out[n++] = '/';
    }
    out[n++] = ' ';
    out[n++] = p->side == CHC_WHITE ? 'w' : 'b';
    out[n++] = ' ';
    if (!p->castling) out[n++] = '-';
    for (int i = 0; i < 4; i++) {
        if (!(p->castling & (1u << i))) continue;
        int c = i / 2, rsq = p->castle_rook[i];
        char ch;
        if (!p->chess960) {
            ch = "KQkq"[i];
        } else if (flags & CHC_FEN_SHREDDER) {
            ch = (char)((c ? 'a' : 'A') + CHC_FILE(rsq));
        } else {
            /* X-FEN: K/Q when the rook is the outermost one on its side, else its file. */
            int home = c ? 56 : 0, outer = 1, rook = CHC_PIECE(c, CHC_ROOK);
            if (i % 2 == 0) {
                for (int f = CHC_FILE(rsq) + 1; f < 8; f++) outer &= p->board[home + f] != rook;
            } else {
                for (int f = 0; f < CHC_FILE(rsq); f++) outer &= p->board[home + f] != rook;
            }
            ch = outer ? "KQkq"[i] : (char)((c ? 'a' : 'A') + CHC_FILE(rsq));
        }
        out[n++] = ch;
    }
    out[n++] = ' ';
    if (p->ep != CHC_NO_SQUARE && (!(flags & CHC_FEN_EP_LEGAL_ONLY) || chci_ep_legal(p))) {
        out[n++] = (char)('a' + CHC_FILE(p->ep));
        out[n++] = (char)('1' + CHC_RANK(p->ep));
    } else {
        out[n++] = '-';
    }
    if (!(flags & CHC_FEN_NO_COUNTERS))
        n += (size_t)snprintf(out + n, sizeof out - n, " %u %u", (unsigned)p->halfmove, (unsigned)p->fullmove);
    out[n] = 0;
    if (n + 1 > cap) {
        if (cap) buf[0] = 0;
        return 0;
    }
    memcpy(buf, out, n + 1);
    return n;
}

int chc_position_same(const chc_position *a, const chc_position *b)
{
    if (memcmp(a->board, b->board, 64) != 0 || a->side != b->side || a->castling != b->castling) return 0;
    for (int i = 0; i < 4; i++)
        if ((a->castling & (1u << i)) && a->castle_rook[i] != b->castle_rook[i]) return 0;
    int ea = chci_ep_legal(a) ? a->ep : CHC_NO_SQUARE;
    int eb = chci_ep_legal(b) ? b->ep : CHC_NO_SQUARE;
    return ea == eb;
}
