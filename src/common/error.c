/* Error codes to text. Codes never change meaning (see enum chc_error). */
#include "chesscodec.h"

const char *chc_strerror(int code)
{
    switch (code) {
    case CHC_OK: return "success";
    case CHC_E_ARGUMENT: return "argument out of range";
    case CHC_E_BUFFER_TOO_SMALL: return "output buffer too small";
    case CHC_E_NO_MEMORY: return "out of memory";
    case CHC_E_IO: return "input/output error";
    case CHC_E_UNSUPPORTED: return "unsupported";
    case CHC_E_LIMIT: return "input exceeds a size limit";
    case CHC_E_INTERNAL: return "internal error";
    case CHC_E_FORMAT: return "not in any known format";
    case CHC_E_EMPTY: return "empty input";
    case CHC_E_SAME_FILE: return "the output file is also an input file";
    case CHC_E_FEN_SYNTAX: return "FEN syntax error";
    case CHC_E_POS_KINGS: return "not exactly one king per side";
    case CHC_E_POS_PAWN_RANK: return "pawn on the first or last rank";
    case CHC_E_POS_OPPONENT_IN_CHECK: return "the side not to move is in check";
    case CHC_E_POS_CASTLING: return "castling right without king and rook on their squares";
    case CHC_E_POS_EN_PASSANT: return "en-passant square no double step could have made";
    case CHC_E_POS_TOO_MANY: return "too many pieces for a legal position";
    case CHC_E_POS_COUNTERS: return "impossible move counters";
    case CHC_E_POS_CHECKERS: return "impossible check";
    case CHC_E_MOVE_SYNTAX: return "malformed move";
    case CHC_E_MOVE_ILLEGAL: return "illegal move";
    case CHC_E_MOVE_AMBIGUOUS: return "ambiguous move";
    case CHC_E_PGN_SYNTAX: return "PGN syntax error";
    case CHC_E_PGN_VARIANT: return "unsupported chess variant";
    case CHC_E_PGN_FEN: return "invalid FEN tag";
    case CHC_E_GAME_END: return "no more games";
    case CHC_E_LINE_SYNTAX: return "malformed start or result in a one-line game";
    case CHC_E_GAME_OVER: return "the game is over";
    case CHC_E_COVERT_LENGTH: return "covert code: wrong number of emoji";
    case CHC_E_COVERT_EMOJI: return "covert code: unknown emoji";
    case CHC_E_COVERT_SCHEME: return "covert code: first emoji does not name the scheme";
    case CHC_E_COVERT_VALUE: return "covert code: emoji value out of range";
    case CHC_E_COVERT_COUNTERS: return "covert code: counters out of range";
    case CHC_E_COVERT_MESSAGE: return "covert mix: the message holds an emoji";
    case CHC_E_MSCS_LENGTH: return "MSCS code: wrong length";
    case CHC_E_MSCS_CHAR: return "MSCS code: invalid character";
    case CHC_E_MSCS_OVERRUN: return "MSCS code: square code runs past bit 191";
    case CHC_E_MSCS_PADDING: return "MSCS code: non-zero padding bits";
    case CHC_E_MSCS_BOARD: return "MSCS code: board cannot be encoded";
    case CHC_E_URLSAFE_CHAR: return "urlsafe code: invalid character";
    case CHC_E_URLSAFE_MOVE: return "urlsafe code: illegal or unreachable move";
    case CHC_E_URLSAFE_TRUNCATED: return "urlsafe code: string ends inside a move";
    case CHC_E_PACK_RANGE: return "pack code: number past the domain";
    case CHC_E_PACK_CORRUPT: return "pack code: malformed or truncated";
    case CHC_E_PACK_VERSION: return "pack code: unknown version";
    case CHC_E_PACK_CHECK: return "pack code: check does not match (a typo or damage)";
    case CHC_E_PACK_AMBIGUOUS: return "pack code: unversioned code readable by two models";
    case CHC_E_STREAM_FORMAT: return "pack stream: bad header or record framing";
    case CHC_E_BOOK_FORMAT: return "malformed Polyglot book";
    case CHC_E_INDEX: return "not a usable chesscodec position index";
    default: return "unknown error";
    }
}
