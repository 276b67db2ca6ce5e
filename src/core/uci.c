/* UCI move text: e2e4, e7e8q, 0000 (null move); castling e1g1 (standard) or e1h1 (king takes
 * own rook: Chess960, and accepted as input everywhere). */
#include <string.h>

#include "common/diag.h"
#include "core/position.h"

size_t chc_move_to_uci(const chc_position *pos, chc_move m, char buf[CHC_UCI_MAX])
{
    if (m == CHC_MOVE_NULL || m == CHC_MOVE_NONE) {
        memcpy(buf, "0000", 5);
        return 4;
    }
    int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
    if ((CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE) && !pos->chess960)
        to = (from & 56) + (to > from ? 6 : 2);
    buf[0] = (char)('a' + CHC_FILE(from));
    buf[1] = (char)('1' + CHC_RANK(from));
    buf[2] = (char)('a' + CHC_FILE(to));
    buf[3] = (char)('1' + CHC_RANK(to));
    size_t n = 4;
    if (CHC_MOVE_PROMO(m)) buf[n++] = " pnbrqk"[CHC_MOVE_PROMO(m)];
    buf[n] = 0;
    return n;
}

int chc_move_from_uci(const chc_position *pos, const char *text, chc_move *out, chc_diag *diag)
{
    size_t len = strlen(text);
    if (len < 4 || len > 5)
        return chci_fail(diag, CHC_E_MOVE_SYNTAX, 0, 0, 1, -1, "'%.16s' is not a UCI move (like e2e4 or e7e8q)", text);
    for (int i = 0; i < 4; i += 2) {
        if (text[i] < 'a' || text[i] > 'h' || text[i + 1] < '1' || text[i + 1] > '8')
            return chci_fail(diag, CHC_E_MOVE_SYNTAX, i, 0, i + 1, -1, "'%s' is not a UCI move: bad square at character %d",
                             text, i + 1);
    }
    int promo = 0;
    if (len == 5) {
        const char *p = strchr("nbrq", text[4] | 0x20);
        if (!p || !text[4])
            return chci_fail(diag, CHC_E_MOVE_SYNTAX, 4, 0, 5, -1, "'%s' is not a UCI move: bad promotion piece '%c'", text,
                             text[4]);
        promo = CHC_KNIGHT + (int)(p - "nbrq");
    }
    int from = CHC_SQUARE(text[0] - 'a', text[1] - '1'), to = CHC_SQUARE(text[2] - 'a', text[3] - '1');
    chc_move m = chc_find_move(pos, from, to, promo);
    if (m == CHC_MOVE_NONE) {
        char fen[CHC_FEN_MAX];
        chc_position_to_fen(pos, fen, sizeof fen, 0);
        return chci_fail(diag, CHC_E_MOVE_ILLEGAL, 0, 0, 1, -1, "illegal move %s in %s", text, fen);
    }
    *out = m;
    return CHC_OK;
}
