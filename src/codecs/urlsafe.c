/* chess_compress_urlsafe (version 1.1.2): a game as a URL-safe string.
 * Spec: docs/formats/urlsafe.md.
 *
 * One character is one square (a1 = 'A', index = rank*8 + file, alphabet below). A move is:
 *   - castling: king square, rook square (e1h1 = "EH");
 *   - otherwise: the to-square alone when the moving piece is the only piece of the side to
 *     move that can "in principle" reach it (pins and checks ignored), else from and to;
 *   - then a promotion letter (Q R N B) after a pawn move to the last rank. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codecs/codecs.h"
#include "common/diag.h"
#include "core/position.h"

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

static const int8_t char_value[256] = {
#define R16 -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1
    R16, R16,
    /* 0x20 */ -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 62, -1, -1,
    /* 0x30 */ 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, -1, -1, -1, -1, -1, -1,
    /* 0x40 */ -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
    /* 0x50 */ 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, -1, -1, -1, -1, 63,
    /* 0x60 */ -1, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40,
    /* 0x70 */ 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, -1, -1, -1, -1, -1,
    R16, R16, R16, R16, R16, R16, R16, R16
#undef R16
};

chc_bitboard chci_urlsafe_reachers(const chc_position *pos, int t)
{
    int s = pos->side;
    bb_t own = pos->by_color[s], occ = pos->by_type[0];
    bb_t tb = BB(t);
    if (own & tb) return 0;
    bb_t r = 0;
    bb_t qu = pos->by_type[CHC_QUEEN];
    r |= chci_rook_att(t, occ) & own & (pos->by_type[CHC_ROOK] | qu);
    r |= chci_bishop_att(t, occ) & own & (pos->by_type[CHC_BISHOP] | qu);
    r |= chci_king_att[t] & own & pos->by_type[CHC_KING];
    r |= chci_knight_att[t] & own & pos->by_type[CHC_KNIGHT];
    bb_t pawns = own & pos->by_type[CHC_PAWN];
    int rank = CHC_RANK(t);
    if (s == CHC_WHITE ? rank >= 2 : rank <= 5) {
        if (!(occ & tb)) {
            int behind = s == CHC_WHITE ? t - 8 : t + 8;
            r |= pawns & BB(behind);
            if (rank == (s == CHC_WHITE ? 3 : 4) && !(occ & BB(behind))) {
                int two = s == CHC_WHITE ? t - 16 : t + 16;
                r |= pawns & BB(two);
            }
        }
        if ((pos->by_color[!s] & tb) || t == pos->ep)
            r |= chci_pawn_att[!s][t] & pawns;
    }
    return r;
}

static const char promo_letter[7] = {0, 0, 'N', 'B', 'R', 'Q', 0};

int chc_urlsafe_write_move(const chc_position *pos, chc_move m, char out[3])
{
    int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m), n = 0;
    if (CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE) {
        out[0] = alphabet[from];
        out[1] = alphabet[to];
        return 2;
    }
    if (chci_urlsafe_reachers(pos, to) != BB(from)) out[n++] = alphabet[from];
    out[n++] = alphabet[to];
    if (CHC_MOVE_PROMO(m)) out[n++] = promo_letter[CHC_MOVE_PROMO(m)];
    return n;
}

/* The legal non-castling move from -> to (promotion `promo`) in `pos`, or CHC_MOVE_NONE.
 * `from` must be one of chci_urlsafe_reachers(pos, to): that set is exactly the pieces that
 * can move to `to` ignoring pins and checks, so only king safety is left to test. The move
 * carries the same flags as chc_legal_moves() gives it. (The general chc_find_move() generates
 * every legal move; this is the fast path that keeps urlsafe above a million plies/s.) */
static chc_move checked_move(const chc_position *pos, int from, int to, int promo)
{
    int us = pos->side, them = us ^ 1;
    int type = CHC_PIECE_TYPE(pos->board[from]);
    unsigned flags = 0;
    bb_t captured = 0;
    if (pos->board[to]) {
        flags |= CHC_MF_CAPTURE;
        captured = BB(to);
    }
    if (type == CHC_PAWN) {
        flags |= CHC_MF_PAWN;
        if (to - from == 16 || from - to == 16) {
            flags |= CHC_MF_DOUBLE_PAWN;
        } else if (to == pos->ep && CHC_FILE(to) != CHC_FILE(from)) {
            flags |= CHC_MF_CAPTURE | CHC_MF_EN_PASSANT;
            captured = BB(us == CHC_WHITE ? to - 8 : to + 8);
        }
        if (CHC_RANK(to) == 0 || CHC_RANK(to) == 7) {
            if (promo < CHC_KNIGHT || promo > CHC_QUEEN) return CHC_MOVE_NONE;
            flags |= CHC_MF_PROMOTION;
        } else if (promo) {
            return CHC_MOVE_NONE;
        }
    } else if (promo) {
        return CHC_MOVE_NONE;
    }
    bb_t occ = (pos->by_type[0] & ~BB(from) & ~captured) | BB(to);
    bb_t their = pos->by_color[them] & ~captured;
    int ksq = type == CHC_KING ? to : pos->king_sq[us];
    bb_t rq = pos->by_type[CHC_ROOK] | pos->by_type[CHC_QUEEN];
    bb_t bq = pos->by_type[CHC_BISHOP] | pos->by_type[CHC_QUEEN];
    if ((chci_pawn_att[us][ksq] & their & pos->by_type[CHC_PAWN]) ||
        (chci_knight_att[ksq] & their & pos->by_type[CHC_KNIGHT]) ||
        (chci_king_att[ksq] & their & pos->by_type[CHC_KING]) ||
        (chci_rook_att(ksq, occ) & their & rq) || (chci_bishop_att(ksq, occ) & their & bq))
        return CHC_MOVE_NONE;
    return CHC_MAKE_MOVE(from, to, promo, flags);
}

/* Writes `m` as chc_urlsafe_write_move() does if it is legal in `pos` (fast for everything but
 * castling) and returns the length, or returns 0 when it is not legal. */
static int write_legal(const chc_position *pos, chc_move m, char out[3])
{
    if (CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE)
        return chc_is_legal(pos, m) ? chc_urlsafe_write_move(pos, m, out) : 0;
    int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m), n = 0;
    bb_t reach = chci_urlsafe_reachers(pos, to);
    if (!(reach & BB(from)) || checked_move(pos, from, to, CHC_MOVE_PROMO(m)) != m) return 0;
    if (reach != BB(from)) out[n++] = alphabet[from];
    out[n++] = alphabet[to];
    if (CHC_MOVE_PROMO(m)) out[n++] = promo_letter[CHC_MOVE_PROMO(m)];
    return n;
}

static int sq_char_ok(char c)
{
    return char_value[(unsigned char)c] >= 0;
}

#define SQN(sq) 'a' + CHC_FILE(sq), '1' + CHC_RANK(sq)

/* Reports an error at character `at` (0-based, from the start of the move) of a move that
 * starts at character `base` of the whole string and is ply `ply` (0-based). */
static int fail_at(chc_diag *diag, int code, size_t base, size_t at, size_t ply,
                   const char *what)
{
    long off = (long)(base + at);
    return chci_fail(diag, code, off, 0, off + 1, (long)ply, "urlsafe: character %ld, ply %zu: %s",
                     off + 1, ply + 1, what);
}

static int read_move(const chc_position *pos, const char *text, size_t len, size_t base,
                     size_t ply, chc_move *out, size_t *used, chc_diag *diag)
{
    char why[128];
    if (len == 0)
        return fail_at(diag, CHC_E_URLSAFE_TRUNCATED, base, 0, ply,
                       "the string ends where a move should start");
    if (!sq_char_ok(text[0])) {
        snprintf(why, sizeof why, "byte 0x%02x is not in the URL-safe alphabet",
                 (unsigned char)text[0]);
        return fail_at(diag, CHC_E_URLSAFE_CHAR, base, 0, ply, why);
    }
    int x = char_value[(unsigned char)text[0]];
    int s = pos->side, from, to, two = 0;
    size_t i = 1;
    if (pos->by_color[s] & BB(x)) {
        if (len < 2) {
            snprintf(why, sizeof why, "the string ends after from-square %c%c", SQN(x));
            return fail_at(diag, CHC_E_URLSAFE_TRUNCATED, base, 1, ply, why);
        }
        if (!sq_char_ok(text[1])) {
            snprintf(why, sizeof why, "byte 0x%02x is not in the URL-safe alphabet",
                     (unsigned char)text[1]);
            return fail_at(diag, CHC_E_URLSAFE_CHAR, base, 1, ply, why);
        }
        from = x;
        to = char_value[(unsigned char)text[1]];
        i = 2;
        two = 1;
    } else {
        to = x;
        bb_t r = chci_urlsafe_reachers(pos, to);
        if (r == 0 || bb_more_than_one(r)) {
            snprintf(why, sizeof why, "'%c': %s of the side to move can reach %c%c", text[0],
                     r ? "more than one piece" : "no piece", SQN(to));
            return fail_at(diag, CHC_E_URLSAFE_MOVE, base, 0, ply, why);
        }
        from = bb_lsb(r);
    }
    bb_t reach = chci_urlsafe_reachers(pos, to);
    int piece = pos->board[from];
    int promo = 0;
    if (CHC_PIECE_TYPE(piece) == CHC_PAWN && (CHC_RANK(to) == 7 || CHC_RANK(to) == 0)) {
        if (i >= len) {
            snprintf(why, sizeof why, "the string ends before the promotion letter of %c%c%c%c",
                     SQN(from), SQN(to));
            return fail_at(diag, CHC_E_URLSAFE_TRUNCATED, base, i, ply, why);
        }
        switch (text[i]) {
        case 'Q': promo = CHC_QUEEN; break;
        case 'R': promo = CHC_ROOK; break;
        case 'N': promo = CHC_KNIGHT; break;
        case 'B': promo = CHC_BISHOP; break;
        default:
            snprintf(why, sizeof why, "'%c' is not a promotion letter (Q R N B)",
                     (unsigned char)text[i] >= 0x20 && (unsigned char)text[i] < 0x7f ? text[i] : '?');
            return fail_at(diag, CHC_E_URLSAFE_MOVE, base, i, ply, why);
        }
        i++;
    }
    chc_move m;
    if (CHC_PIECE_TYPE(piece) == CHC_KING && pos->board[to] == CHC_PIECE(s, CHC_ROOK)) {
        /* Castling, king to rook (chc_find_move() would also take e1g1: this format writes
         * only king-to-rook, checked below). */
        m = chc_find_move(pos, from, to, 0);
        if (!(CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE)) m = CHC_MOVE_NONE;
    } else if (!(reach & BB(from))) {
        m = CHC_MOVE_NONE;
    } else {
        m = checked_move(pos, from, to, promo);
    }
    if (m == CHC_MOVE_NONE || CHC_MOVE_TO(m) != to) {
        snprintf(why, sizeof why, "%c%c%c%c is not a legal move", SQN(from), SQN(to));
        return fail_at(diag, CHC_E_URLSAFE_MOVE, base, 0, ply, why);
    }
    /* Canonical form: a from-square is written only when it is needed. */
    if (two && !(CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE) && reach == BB(from)) {
        snprintf(why, sizeof why, "%c%c%c%c is written with its from-square, but no other piece "
                 "can reach %c%c (not canonical)", SQN(from), SQN(to), SQN(to));
        return fail_at(diag, CHC_E_URLSAFE_MOVE, base, 0, ply, why);
    }
    *out = m;
    *used = i;
    return CHC_OK;
}

int chc_urlsafe_read_move(const chc_position *pos, const char *text, size_t len, chc_move *out,
                          size_t *used, chc_diag *diag)
{
    return read_move(pos, text, len, 0, 0, out, used, diag);
}

int chc_urlsafe_encode(const chc_move *moves, size_t n, char *buf, size_t cap, size_t *len,
                       chc_diag *diag)
{
    chc_position pos;
    chc_position_startpos(&pos);
    size_t o = 0;
    if (cap) buf[0] = 0;
    for (size_t i = 0; i < n; i++) {
        char tmp[3];
        int k = write_legal(&pos, moves[i], tmp);
        if (k == 0) {
            if (cap) buf[0] = 0;
            return chci_fail(diag, CHC_E_MOVE_ILLEGAL, -1, 0, 0, (long)i,
                             "urlsafe: move %zu (ply %zu) is not legal", i + 1, i + 1);
        }
        if (o + (size_t)k + 1 > cap) {
            if (cap) buf[0] = 0;
            return chci_fail(diag, CHC_E_BUFFER_TOO_SMALL, -1, 0, 0, (long)i,
                             "urlsafe: output buffer too small");
        }
        memcpy(buf + o, tmp, (size_t)k);
        o += (size_t)k;
        chc_undo u;
        chc_make_move(&pos, moves[i], &u);
    }
    buf[o] = 0;
    if (len) *len = o;
    return CHC_OK;
}

int chc_urlsafe_decode(const char *text, size_t len, chc_move *moves, size_t cap, size_t *n,
                       chc_position *final_pos, chc_diag *diag)
{
    chc_position pos;
    chc_position_startpos(&pos);
    size_t i = 0, k = 0;
    while (i < len) {
        chc_move m;
        size_t used;
        int rc = read_move(&pos, text + i, len - i, i, k, &m, &used, diag);
        if (rc != CHC_OK) return rc;
        if (k >= cap)
            return chci_fail(diag, CHC_E_BUFFER_TOO_SMALL, (long)i, 0, 0, (long)k,
                             "urlsafe: more than %zu moves", cap);
        moves[k++] = m;
        chc_undo u;
        chc_make_move(&pos, m, &u);
        i += used;
    }
    *n = k;
    if (final_pos) *final_pos = pos;
    return CHC_OK;
}

/* ---- games (the calling convention of every codec) -------------------------------------- */
int chc_urlsafe_write(const chc_game *g, unsigned flags, char *dst, size_t dst_cap,
                      size_t *dst_len, chc_diag *diag)
{
    (void)flags;
    if (dst_cap) dst[0] = 0;
    const chc_position *start = chc_game_start(g);
    chc_position std;
    chc_position_startpos(&std);
    if (start->chess960 || !chc_position_same(start, &std) || start->halfmove != 0 ||
        start->fullmove != 1)
        return chci_fail(diag, CHC_E_UNSUPPORTED, -1, 0, 0, -1,
                         "urlsafe: only games from the standard starting position can be written");
    size_t n = chc_game_ply_count(g);
    chc_move *moves = malloc((n ? n : 1) * sizeof *moves);
    if (!moves) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "urlsafe: out of memory");
    for (size_t i = 0; i < n; i++) {
        moves[i] = chc_game_move(g, i);
        if (moves[i] == CHC_MOVE_NULL) {
            free(moves);
            return chci_fail(diag, CHC_E_UNSUPPORTED, -1, 0, 0, (long)i,
                             "urlsafe: ply %zu is a null move, which the format cannot hold",
                             i + 1);
        }
    }
    /* The length first, so that a short buffer reports what it needs. */
    chc_position pos = *start;
    size_t need = 0;
    for (size_t i = 0; i < n; i++) {
        char t[3];
        need += (size_t)chc_urlsafe_write_move(&pos, moves[i], t);
        chc_undo u;
        chc_make_move(&pos, moves[i], &u);
    }
    if (dst_len) *dst_len = need;
    int rc;
    if (need + 1 > dst_cap)
        rc = chci_fail(diag, CHC_E_BUFFER_TOO_SMALL, -1, 0, 0, -1,
                       "urlsafe: output buffer too small (%zu bytes needed)", need + 1);
    else
        rc = chc_urlsafe_encode(moves, n, dst, dst_cap, NULL, diag);
    free(moves);
    return rc;
}

int chc_urlsafe_read(const char *src, size_t src_len, chc_game *g, chc_read_info *info,
                     chc_diag *diag)
{
    if (info) {
        info->format = CHC_FORMAT_URLSAFE;
        info->version = 0;
        info->flags = 0;
        info->offset = 0;
    }
    size_t start = 0, end = src_len;
    while (start < end && (src[start] == ' ' || src[start] == '\t' || src[start] == '\r' ||
                           src[start] == '\n'))
        start++;
    while (end > start && (src[end - 1] == ' ' || src[end - 1] == '\t' || src[end - 1] == '\r' ||
                           src[end - 1] == '\n'))
        end--;
    chc_game_reset(g, NULL);
    size_t len = end - start, n = 0;
    chc_move *moves = malloc((len ? len : 1) * sizeof *moves);
    if (!moves) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "urlsafe: out of memory");
    int rc = chc_urlsafe_decode(src + start, len, moves, len ? len : 1, &n, NULL, diag);
    if (rc != CHC_OK && diag && diag->offset >= 0) diag->offset += (long)start;
    for (size_t i = 0; rc == CHC_OK && i < n; i++) {
        rc = chc_game_push(g, moves[i]);
        if (rc != CHC_OK) chci_fail(diag, rc, -1, 0, 0, (long)i, "urlsafe: %s", chc_strerror(rc));
    }
    free(moves);
    if (info) info->offset = (long)start;
    return rc;
}
