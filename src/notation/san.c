/* SAN in and out. Resolution does not generate moves: the candidates are the pieces of the
 * named kind that reach the destination, each checked for legality directly (king safety,
 * check evasion, pins, en passant exactly; castling by its own test). */
#include <string.h>

#include "common/diag.h"
#include "core/position.h"
#include "notation/notation.h"

void chci_play(chc_position *pos, chc_move m)
{
    chc_undo u;
    if (m == CHC_MOVE_NULL)
        chc_make_null(pos, &u);
    else
        chc_make_move(pos, m, &u);
}

static chc_move build(const chc_position *pos, int type, int from, int to, int promo)
{
    unsigned flags = 0;
    if (pos->board[to]) flags |= CHC_MF_CAPTURE;
    if (type == CHC_PAWN) {
        flags |= CHC_MF_PAWN;
        if (to == pos->ep && !pos->board[to]) flags |= CHC_MF_EN_PASSANT | CHC_MF_CAPTURE;
        if (to - from == 16 || from - to == 16) flags |= CHC_MF_DOUBLE_PAWN;
        if (promo) flags |= CHC_MF_PROMOTION;
    }
    return CHC_MAKE_MOVE(from, to, promo, flags);
}

/* Our sliders among `cand` with nothing between them and `to`: a walk along the few aligned
 * pieces through the small between table instead of a slider attack lookup (the big attack
 * tables miss the cache on every move of a game being replayed). */
static bb_t reach(bb_t cand, int to, bb_t occ)
{
    bb_t r = 0;
    while (cand) {
        int s = bb_pop(&cand);
        if (!(chci_between[to][s] & occ)) r |= BB(s);
    }
    return r;
}

/* Squares from which a piece of `type` and colour `us` could reach `to` (pseudo-legally,
 * ignoring what stands on `to`), limited to our pieces of that type. */
static bb_t origins(const chc_position *pos, int type, int to)
{
    int us = pos->side;
    bb_t occ = pos_occ(pos);
    bb_t mine = pos_pieces(pos, us, type);
    switch (type) {
    case CHC_KNIGHT: return chci_knight_att[to] & mine;
    case CHC_BISHOP: return reach(chci_bishop_att(to, 0) & mine, to, occ);
    case CHC_ROOK: return reach(chci_rook_att(to, 0) & mine, to, occ);
    case CHC_QUEEN: return reach(chci_queen_att(to, 0) & mine, to, occ);
    case CHC_KING: return chci_king_att[to] & mine;
    default: return 0;
    }
}

/* ---- SAN out ------------------------------------------------------------------------ */
static const char piece_letter[7] = {0, 'P', 'N', 'B', 'R', 'Q', 'K'};

size_t chc_move_to_san(const chc_position *pos, chc_move m, char buf[CHC_SAN_MAX])
{
    char *o = buf;
    if (m == CHC_MOVE_NULL) {
        memcpy(buf, "--", 3);
        return 2;
    }
    int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
    unsigned flags = CHC_MOVE_FLAGS(m);
    int type = CHC_PIECE_TYPE(pos->board[from]);
    if (flags & CHC_MF_CASTLE) {
        if (CHC_FILE(to) > CHC_FILE(from)) {
            memcpy(o, "O-O", 3);
            o += 3;
        } else {
            memcpy(o, "O-O-O", 5);
            o += 5;
        }
    } else if (type == CHC_PAWN) {
        if (flags & CHC_MF_CAPTURE) {
            *o++ = (char)('a' + CHC_FILE(from));
            *o++ = 'x';
        }
        *o++ = (char)('a' + CHC_FILE(to));
        *o++ = (char)('1' + CHC_RANK(to));
        if (CHC_MOVE_PROMO(m)) {
            *o++ = '=';
            *o++ = piece_letter[CHC_MOVE_PROMO(m)];
        }
    } else {
        *o++ = piece_letter[type];
        if (type != CHC_KING) {
            bb_t others = origins(pos, type, to) & ~BB(from);
            int file_clash = 0, rank_clash = 0, any = 0;
            while (others) {
                int sq = bb_pop(&others);
                chc_move alt = build(pos, type, sq, to, 0);
                if (!chci_built_legal(pos, alt)) continue;
                any = 1;
                if (CHC_FILE(sq) == CHC_FILE(from)) file_clash = 1;
                if (CHC_RANK(sq) == CHC_RANK(from)) rank_clash = 1;
            }
            if (any) {
                if (!file_clash) {
                    *o++ = (char)('a' + CHC_FILE(from));
                } else if (!rank_clash) {
                    *o++ = (char)('1' + CHC_RANK(from));
                } else {
                    *o++ = (char)('a' + CHC_FILE(from));
                    *o++ = (char)('1' + CHC_RANK(from));
                }
            }
        }
        if (flags & CHC_MF_CAPTURE) *o++ = 'x';
        *o++ = (char)('a' + CHC_FILE(to));
        *o++ = (char)('1' + CHC_RANK(to));
    }
    if (chc_gives_check(pos, m)) {
        chc_position next = *pos;
        chci_play(&next, m);
        *o++ = chc_count_legal_moves(&next) == 0 ? '#' : '+';
    }
    *o = 0;
    return (size_t)(o - buf);
}

/* ---- SAN in: splitting ---------------------------------------------------------------- */
static int piece_of(char c)
{
    switch (c) {
    case 'N': return CHC_KNIGHT;
    case 'B': return CHC_BISHOP;
    case 'R': return CHC_ROOK;
    case 'Q': return CHC_QUEEN;
    case 'K': return CHC_KING;
    case 'P': return CHC_PAWN;
    default: return 0;
    }
}

static int promo_of(char c)
{
    switch (c) {
    case 'N': case 'n': return CHC_KNIGHT;
    case 'B': case 'b': return CHC_BISHOP;
    case 'R': case 'r': return CHC_ROOK;
    case 'Q': case 'q': return CHC_QUEEN;
    default: return 0;
    }
}

static int syntax(chc_diag *diag, const char *text, size_t len, const char *why)
{
    return chci_fail(diag, CHC_E_MOVE_SYNTAX, -1, 0, 0, -1, "bad move '%.*s': %s",
                     (int)(len > 32 ? 32 : len), text, why);
}

/* The NAG of a suffix annotation, or 0. */
static int suffix_nag(const char *s, size_t n)
{
    if (n == 1) return s[0] == '!' ? 1 : s[0] == '?' ? 2 : 0;
    if (n == 2) {
        if (s[0] == '!' && s[1] == '!') return 3;
        if (s[0] == '?' && s[1] == '?') return 4;
        if (s[0] == '!' && s[1] == '?') return 5;
        if (s[0] == '?' && s[1] == '!') return 6;
    }
    return 0;
}

/* Figurines U+2654..U+265F (white king .. black pawn) are E2 99 94..9F in UTF-8. */
static int figurine_at(const char *p, size_t n)
{
    return n >= 3 && (unsigned char)p[0] == 0xE2 && (unsigned char)p[1] == 0x99 &&
           (unsigned char)p[2] >= 0x94 && (unsigned char)p[2] <= 0x9F;
}

/* A variation selector after a figurine (U+FE0F emoji presentation, U+FE0E text: EF B8 8F /
 * 8E), as phones and chat apps add ("\u2658\uFE0F"): part of the figurine. */
static size_t selector_at(const char *p, size_t n)
{
    return n >= 3 && (unsigned char)p[0] == 0xEF && (unsigned char)p[1] == 0xB8 &&
                   ((unsigned char)p[2] == 0x8F || (unsigned char)p[2] == 0x8E)
               ? 3
               : 0;
}

size_t chci_san_figurines(const char *text, size_t len, char *buf, size_t cap)
{
    const char *q = memchr(text, 0xE2, len);
    if (!q || !figurine_at(q, len - (size_t)(q - text)) || len >= cap) return 0;
    static const char letter[6] = {'K', 'Q', 'R', 'B', 'N', 'P'};
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        if (figurine_at(text + i, len - i)) {
            buf[n++] = letter[((unsigned char)text[i + 2] - 0x94) % 6];
            i += 3;
            i += selector_at(text + i, len - i);
        } else {
            buf[n++] = text[i++];
        }
    }
    return n;
}

#define IS_FILE(c) ((c) >= 'a' && (c) <= 'h')
#define IS_RANK(c) ((c) >= '1' && (c) <= '8')

/* The common shapes at once (e4, exd5, Nf3, Nxe5, Nbd2, R1e2, Nbxd2, O-O, O-O-O, each with at
 * most one '+' or '#'): 1 when s was filled exactly as the general split below would fill it,
 * 0 for anything else (the general split decides). */
static int split_fast(const char *p, size_t n, chci_san *s)
{
    if (n < 2 || n > 7) return 0;
    if (p[n - 1] == '+' || p[n - 1] == '#') n--;
    if (n < 2 || !IS_FILE(p[n - 2]) || !IS_RANK(p[n - 1])) {
        if (p[0] != 'O' || !((n == 3 && memcmp(p, "O-O", 3) == 0) || (n == 5 && memcmp(p, "O-O-O", 5) == 0)))
            return 0;
        memset(s, 0, sizeof *s);
        s->from_file = s->from_rank = -1;
        s->castle = n == 3 ? 1 : 2;
        return 1;
    }
    int to = CHC_SQUARE(p[n - 2] - 'a', p[n - 1] - '1');
    int type, ff = -1, fr = -1;
    if (n == 2) {
        type = CHC_PAWN;
    } else if (IS_FILE(p[0])) {
        /* exd5: a pawn capture (a lower-case 'b' may be a bishop) */
        if (n != 4 || p[1] != 'x') return 0;
        type = CHC_PAWN;
        ff = p[0] - 'a';
    } else {
        switch (p[0]) {
        case 'N': type = CHC_KNIGHT; break;
        case 'B': type = CHC_BISHOP; break;
        case 'R': type = CHC_ROOK; break;
        case 'Q': type = CHC_QUEEN; break;
        case 'K': type = CHC_KING; break;
        default: return 0;
        }
        size_t i = 1, e = n - 2;
        if (e > i && p[e - 1] == 'x') e--;
        if (e > i && IS_FILE(p[i])) ff = p[i++] - 'a';
        if (e > i && IS_RANK(p[i])) fr = p[i++] - '1';
        if (i != e) return 0;
    }
    memset(s, 0, sizeof *s);
    s->type = type;
    s->to = to;
    s->from_file = ff;
    s->from_rank = fr;
    s->lower_b = type == CHC_PAWN && p[0] == 'b' && n >= 3;
    return 1;
}

int chci_san_split(const char *text, size_t len, chci_san *s, chc_diag *diag)
{
    if (split_fast(text, len, s)) return CHC_OK;
    memset(s, 0, sizeof *s);
    s->from_file = s->from_rank = -1;
    const char *p = text;
    size_t n = len;
    while (n && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) p++, n--;
    while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r' || p[n - 1] == '\n')) n--;
    if (!n) return syntax(diag, text, len, "empty");
    /* Suffixes: annotations, check and mate marks, "e.p." in any order at the end. */
    for (;;) {
        if (!n) break;
        size_t k = n;
        while (k && (p[k - 1] == '!' || p[k - 1] == '?')) k--;
        if (k < n) {
            s->nag = suffix_nag(p + k, n - k);
            n = k;
            continue;
        }
        if (p[n - 1] == '+' || p[n - 1] == '#') {
            n--;
            continue;
        }
        if (n > 4 && memcmp(p + n - 4, "e.p.", 4) == 0) {
            n -= 4;
            while (n && p[n - 1] == ' ') n--;
            continue;
        }
        if (n > 4 && memcmp(p + n - 2, "ep", 2) == 0 && p[n - 3] >= '1' && p[n - 3] <= '8') {
            n -= 2;
            continue;
        }
        break;
    }
    if (!n) return syntax(diag, text, len, "no move before the annotation");
    /* Null moves. */
    if ((n == 2 && p[0] == '-' && p[1] == '-') || (n == 2 && p[0] == 'Z' && p[1] == '0') ||
        (n == 4 && memcmp(p, "0000", 4) == 0) || (n == 4 && memcmp(p, "@@@@", 4) == 0)) {
        s->null = 1;
        return CHC_OK;
    }
    /* Castling: O-O, 0-0, o-o, O-O-O, ... */
    if (p[0] == 'O' || p[0] == '0' || p[0] == 'o') {
        char c = p[0];
        if (n == 3 && p[1] == '-' && p[2] == c) {
            s->castle = 1;
            return CHC_OK;
        }
        if (n == 5 && p[1] == '-' && p[2] == c && p[3] == '-' && p[4] == c) {
            s->castle = 2;
            return CHC_OK;
        }
        if (c != 'o') return syntax(diag, text, len, "bad castling");
    }
    size_t i = 0;
    s->type = CHC_PAWN;
    if (piece_of(p[0])) {
        s->type = piece_of(p[0]);
        i = 1;
    } else if (p[0] == 'b' && n >= 3 && !(p[1] >= '1' && p[1] <= '8')) {
        s->lower_b = 1; /* pawn on the b-file, or a bishop (tried second) */
    }
    /* Promotion at the end: =Q, (Q), /Q, Q, q. */
    if (n - i >= 3) {
        int pr = 0;
        if (n - i >= 5 && p[n - 1] == ')' && p[n - 3] == '(') {
            pr = promo_of(p[n - 2]);
            if (pr) n -= 3;
        } else if ((p[n - 2] == '=' || p[n - 2] == '/') && promo_of(p[n - 1])) {
            pr = promo_of(p[n - 1]);
            n -= 2;
        } else if (promo_of(p[n - 1]) && p[n - 2] >= '1' && p[n - 2] <= '8') {
            pr = promo_of(p[n - 1]);
            n -= 1;
        }
        if (pr) {
            if (s->type != CHC_PAWN) return syntax(diag, text, len, "only pawns promote");
            s->promo = pr;
        }
    }
    if (n - i < 2) return syntax(diag, text, len, "no destination square");
    char tf = p[n - 2], tr = p[n - 1];
    if (tf < 'a' || tf > 'h' || tr < '1' || tr > '8')
        return syntax(diag, text, len, "no destination square");
    s->to = CHC_SQUARE(tf - 'a', tr - '1');
    n -= 2;
    if (n > i && (p[n - 1] == 'x' || p[n - 1] == ':' || p[n - 1] == '-')) n--;
    /* Disambiguation: [file][rank]. */
    if (n > i && p[i] >= 'a' && p[i] <= 'h') s->from_file = p[i++] - 'a';
    if (n > i && p[i] >= '1' && p[i] <= '8') s->from_rank = p[i++] - '1';
    if (i != n) return syntax(diag, text, len, "unexpected characters");
    if (s->type == CHC_PAWN && s->from_file < 0 && s->from_rank >= 0)
        return syntax(diag, text, len, "a pawn move names its file");
    return CHC_OK;
}

/* ---- SAN in: resolving ---------------------------------------------------------------- */
static int fail_move(const chc_position *pos, chc_diag *diag, int code, const char *text,
                     size_t len, const char *why)
{
    if (!diag) return code;
    char fen[CHC_FEN_MAX];
    chc_position_to_fen(pos, fen, sizeof fen, 0);
    return chci_fail(diag, code, -1, 0, 0, -1, "%s move '%.*s' in %s%s%s",
                     code == CHC_E_MOVE_AMBIGUOUS ? "ambiguous" : "illegal",
                     (int)(len > 24 ? 24 : len), text, fen, why ? ": " : "", why ? why : "");
}

static int resolve_pawn(const chc_position *pos, const chci_san *s, chc_move *out,
                        const char **why)
{
    int us = pos->side, to = s->to;
    bb_t pawns = pos_pieces(pos, us, CHC_PAWN);
    int last = us == CHC_WHITE ? 7 : 0;
    int from = -1;
    if (s->from_file < 0 || s->from_file == CHC_FILE(to)) {
        /* A push (or "e2e4"/"e4e5" style with the same file). */
        int back = us == CHC_WHITE ? -8 : 8;
        int f1 = to + back;
        if (f1 >= 0 && f1 < 64 && !pos->board[to]) {
            if (pawns & BB(f1)) {
                from = f1;
            } else if (!pos->board[f1] && CHC_RANK(to) == (us == CHC_WHITE ? 3 : 4) &&
                       (pawns & BB(f1 + back))) {
                from = f1 + back;
            }
        }
        if (from >= 0 && s->from_rank >= 0 && CHC_RANK(from) != s->from_rank) from = -1;
    } else {
        /* A capture from the given file. */
        if (s->from_file != CHC_FILE(to) - 1 && s->from_file != CHC_FILE(to) + 1) {
            *why = "a pawn captures on the next file";
            return CHC_E_MOVE_ILLEGAL;
        }
        int f = CHC_SQUARE(s->from_file, CHC_RANK(to) + (us == CHC_WHITE ? -1 : 1));
        if (CHC_RANK(to) == 0 && us == CHC_WHITE) f = -1;
        if (CHC_RANK(to) == 7 && us == CHC_BLACK) f = -1;
        if (f >= 0 && f < 64 && (pawns & BB(f)) &&
            ((pos->by_color[us ^ 1] & BB(to)) || (to == pos->ep && !pos->board[to])))
            from = f;
        if (from >= 0 && s->from_rank >= 0 && CHC_RANK(from) != s->from_rank) from = -1;
    }
    if (from < 0) return CHC_E_MOVE_ILLEGAL;
    if (CHC_RANK(to) == last) {
        if (!s->promo) {
            *why = "the promotion piece is missing";
            return CHC_E_MOVE_ILLEGAL;
        }
    } else if (s->promo) {
        *why = "not a promotion square";
        return CHC_E_MOVE_ILLEGAL;
    }
    chc_move m = build(pos, CHC_PAWN, from, to, s->promo);
    if (!chci_built_legal(pos, m)) return CHC_E_MOVE_ILLEGAL;
    *out = m;
    return CHC_OK;
}

static int resolve_piece(const chc_position *pos, int type, const chci_san *s, chc_move *out)
{
    int to = s->to;
    bb_t cand = origins(pos, type, to);
    if (s->from_file >= 0) cand &= FILE_BB(s->from_file);
    if (s->from_rank >= 0) cand &= RANK_BB(s->from_rank);
    chc_move found = CHC_MOVE_NONE;
    if (pos->by_color[pos->side] & BB(to)) cand = 0;
    while (cand) {
        int from = bb_pop(&cand);
        chc_move m = build(pos, type, from, to, 0);
        if (!chci_built_legal(pos, m)) continue;
        if (found) return CHC_E_MOVE_AMBIGUOUS;
        found = m;
    }
    if (!found) {
        /* Castling written as a king move: "Kg1" (e1g1) or the king taking its rook. */
        if (type == CHC_KING && s->from_file < 0 && s->from_rank < 0) {
            chc_move m = chc_find_move(pos, pos->king_sq[pos->side], to, 0);
            if (m && (CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE)) {
                *out = m;
                return CHC_OK;
            }
        }
        return CHC_E_MOVE_ILLEGAL;
    }
    *out = found;
    return CHC_OK;
}

int chci_san_resolve(const chc_position *pos, const chci_san *s, const char *text, size_t len,
                     chc_move *out, chc_diag *diag)
{
    const char *why = NULL;
    if (s->null) {
        if (pos->checkers)
            return fail_move(pos, diag, CHC_E_MOVE_ILLEGAL, text, len,
                             "null move while in check");
        *out = CHC_MOVE_NULL;
        return CHC_OK;
    }
    if (s->castle) {
        int us = pos->side;
        int right = s->castle == 1 ? (us == CHC_WHITE ? 0 : 2) : (us == CHC_WHITE ? 1 : 3);
        int rook = pos->castle_rook[right];
        chc_move m = CHC_MOVE_NONE;
        if ((pos->castling & (1u << right)) && rook < 64) m = chci_castle_move(pos, right);
        if (!m) return fail_move(pos, diag, CHC_E_MOVE_ILLEGAL, text, len, NULL);
        *out = m;
        return CHC_OK;
    }
    int rc;
    if (s->type == CHC_PAWN) {
        rc = resolve_pawn(pos, s, out, &why);
        if (rc != CHC_OK && s->lower_b && !s->promo) {
            /* "bxc3" where no b-pawn can: a bishop written in lower case. */
            chci_san b = *s;
            b.from_file = -1;
            b.from_rank = s->from_file == 1 ? s->from_rank : -1;
            if (s->from_file == 1 && s->from_rank < 0) {
                int rc2 = resolve_piece(pos, CHC_BISHOP, &b, out);
                if (rc2 == CHC_OK) return CHC_OK;
            }
        }
    } else {
        rc = resolve_piece(pos, s->type, s, out);
    }
    if (rc != CHC_OK) return fail_move(pos, diag, rc, text, len, why);
    return CHC_OK;
}

int chc_move_from_san_n(const chc_position *pos, const char *text, size_t len, chc_move *out,
                        chc_diag *diag)
{
    chci_san s;
    int rc = chci_san_split(text, len, &s, NULL);
    if (rc != CHC_OK) {
        /* Figurine pieces ("\u2658f3") as letters; else plain SAN's error. */
        char buf[64];
        size_t n = chci_san_figurines(text, len, buf, sizeof buf);
        if (!n || chci_san_split(buf, n, &s, NULL) != CHC_OK) return chci_san_split(text, len, &s, diag);
    }
    return chci_san_resolve(pos, &s, text, len, out, diag);
}

int chc_move_from_san(const chc_position *pos, const char *text, chc_move *out, chc_diag *diag)
{
    return chc_move_from_san_n(pos, text, strlen(text), out, diag);
}

/* ---- moves as people type them ------------------------------------------------------- */
static int looks_uci(const char *p, size_t n)
{
    if (n != 4 && n != 5) return 0;
    if (p[0] < 'a' || p[0] > 'h' || p[1] < '1' || p[1] > '8' || p[2] < 'a' || p[2] > 'h' ||
        p[3] < '1' || p[3] > '8')
        return 0;
    return n == 4 || (p[4] && strchr("qrbnQRBN", p[4]) != NULL);
}

int chc_move_parse(const chc_position *pos, const char *src, size_t src_len, chc_move *out,
                   chc_diag *diag)
{
    const char *p = src;
    size_t n = src_len;
    while (n && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) p++, n--;
    while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r' || p[n - 1] == '\n')) n--;
    if (!n) return chci_fail(diag, CHC_E_MOVE_SYNTAX, 0, 0, 0, -1, "no move: the text is empty");
    if (looks_uci(p, n)) {
        char u[6];
        memcpy(u, p, n);
        u[n] = 0;
        if (n == 5 && u[4] >= 'A' && u[4] <= 'Z') u[4] = (char)(u[4] - 'A' + 'a');
        if (chc_move_from_uci(pos, u, out, NULL) == CHC_OK) return CHC_OK;
        if (n == 4) {
            /* A promotion without its piece? */
            u[4] = 'q';
            u[5] = 0;
            chc_move m;
            if (chc_move_from_uci(pos, u, &m, NULL) == CHC_OK)
                return chci_fail(diag, CHC_E_MOVE_ILLEGAL, 0, 0, 0, -1,
                                 "'%.4s' promotes: add the piece (%.4sq, %.4sr, %.4sb or %.4sn)",
                                 p, p, p, p, p);
        }
    }
    int rc = chc_move_from_san_n(pos, p, n, out, diag);
    if (rc == CHC_OK) return CHC_OK;
    if (rc == CHC_E_MOVE_ILLEGAL && n < 12 && !looks_uci(p, n)) {
        char t[16];
        memcpy(t, p, n);
        memcpy(t + n, "=Q", 3);
        chc_move m;
        if (chc_move_from_san_n(pos, t, n + 2, &m, NULL) == CHC_OK)
            return chci_fail(diag, CHC_E_MOVE_ILLEGAL, 0, 0, 0, -1,
                             "'%.*s' promotes: add the piece (%.*s=Q, =R, =B or =N)", (int)n, p,
                             (int)n, p);
    }
    if (rc == CHC_E_MOVE_SYNTAX && looks_uci(p, n)) {
        char fen[CHC_FEN_MAX];
        chc_position_to_fen(pos, fen, sizeof fen, 0);
        return chci_fail(diag, CHC_E_MOVE_ILLEGAL, 0, 0, 0, -1, "illegal move '%.*s' in %s",
                         (int)n, p, fen);
    }
    return rc;
}
