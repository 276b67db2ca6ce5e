/*
 * chesscodec.h -- the one public header of libchesscodec, and its manual.
 *
 * libchesscodec reads, writes, checks, plays and packs chess positions and games.
 *
 * Conventions that hold for every function below
 * ------------------------------------------------
 *  - Return values: functions that can fail return an `int` status: CHC_OK (0) on success or
 *    a positive error code from `enum chc_error` (codes never change meaning; chc_strerror()
 *    turns one into text). Functions that produce a count or a length say so explicitly.
 *  - Diagnostics: parsers and decoders take an optional `chc_diag *` (NULL is accepted). On
 *    failure it receives the code, where the problem is (byte offset, line, column, item index)
 *    and a one-line message. On success it is left untouched. There is no global error state.
 *  - Buffers: all output goes to caller-owned buffers with an explicit capacity; the `CHC_*_MAX`
 *    macros give sizes that are always enough. Text outputs are NUL-terminated. Nothing returned
 *    by this library needs to be freed unless the function says so (only objects made by a
 *    `*_new` function, freed by its `*_free`).
 *  - Pointers: arguments must not be NULL unless the function says NULL is accepted.
 *  - Threads: functions are reentrant; distinct objects may be used from distinct threads.
 *    chc_init() is called implicitly and is thread-safe.
 *  - Squares are numbered a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63.
 *
 * One calling convention for every codec and format (as zstd has one)
 * ---------------------------------------------------------------------
 *  - Argument order: what is read first, then options (format, flags, level), then where the
 *    result goes, then `chc_diag *diag` last.
 *  - Text in: `const char *src, size_t src_len` (no NUL needed; surrounding white space is
 *    ignored by every reader of one item).
 *  - Text out: `char *dst, size_t dst_cap, size_t *dst_len`: the text is NUL-terminated;
 *    *dst_len (NULL accepted) gets its length without the NUL. When dst_cap is too small the
 *    function returns CHC_E_BUFFER_TOO_SMALL, sets *dst_len to the length needed (without the
 *    NUL) and leaves "" in dst when dst_cap > 0. Bytes out: the same with `uint8_t *dst`.
 *  - Reads report what they found in an optional `chc_read_info *info` (format, version,
 *    flags such as "resigned" or "hex").
 *  - Every failure fills the diag (when not NULL) with the code and a one-line message that
 *    is never empty. Initialise a diag with CHC_DIAG_INIT or chc_diag_init().
 *  - Names: chc_<codec>_write / chc_<codec>_read for text forms, chc_<codec>_encode /
 *    chc_<codec>_decode for binary forms; chc_position_read/write and chc_game_read/write do
 *    the same for any format (the formats section).
 *  - Stable and experimental: everything outside the CHC_EXPERIMENTAL block at the end keeps
 *    its meaning across minor versions. Declarations marked CHC_DEPRECATED stay for one minor
 *    release after the one that replaced them (see CHANGELOG.md).
 */
#ifndef CHESSCODEC_H
#define CHESSCODEC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(CHC_BUILDING_LIBRARY) && defined(__GNUC__)
#define CHC_API __attribute__((visibility("default")))
#else
#define CHC_API
#endif

/* ===================================================================================== */
/* Version                                                                               */
/* ===================================================================================== */
#define CHC_VERSION_MAJOR 0
#define CHC_VERSION_MINOR 2
#define CHC_VERSION_PATCH 0
#define CHC_VERSION_NUMBER (CHC_VERSION_MAJOR * 10000 + CHC_VERSION_MINOR * 100 + CHC_VERSION_PATCH)
#define CHC_VERSION_STR "0.2.0"

/* Returns CHC_VERSION_NUMBER of the library actually linked. */
CHC_API unsigned chc_version_number(void);
/* Returns "MAJOR.MINOR.PATCH" of the library actually linked (static storage). */
CHC_API const char *chc_version_string(void);

/* ===================================================================================== */
/* Errors                                                                                */
/* ===================================================================================== */
/* Numbered error codes. A code never changes meaning; new codes are only appended.
 * Ranges: 1-19 general, 20-39 FEN and positions, 40-69 moves and notation (SAN, UCI, PGN),
 * 70-119 seed codecs (covert, MSCS, urlsafe), 120-139 pack codes, 140-159 engine and book. */
enum chc_error {
    CHC_OK = 0,
    CHC_E_ARGUMENT = 1,        /* an argument is out of its documented range */
    CHC_E_BUFFER_TOO_SMALL = 2,/* the output buffer's capacity is too small */
    CHC_E_NO_MEMORY = 3,       /* an allocation failed */
    CHC_E_IO = 4,              /* reading or writing a file failed */
    CHC_E_UNSUPPORTED = 5,     /* valid input for something this library does not do */
    CHC_E_LIMIT = 6,           /* input exceeds a documented size limit */
    CHC_E_INTERNAL = 7,        /* a bug: please report it */
    CHC_E_FORMAT = 8,          /* text in no known format (diag: the nearest format's error) */
    CHC_E_EMPTY = 9,           /* empty input (a blank line in a batch, an empty string) */
    CHC_E_SAME_FILE = 10,      /* an output file is one of the input files */

    CHC_E_FEN_SYNTAX = 20,     /* FEN text is malformed (diag: field, column, character) */
    CHC_E_POS_KINGS = 21,      /* not exactly one king per side */
    CHC_E_POS_PAWN_RANK = 22,  /* a pawn on the first or last rank */
    CHC_E_POS_OPPONENT_IN_CHECK = 23, /* the side not to move is in check */
    CHC_E_POS_CASTLING = 24,   /* castling right without king and rook on their squares */
    CHC_E_POS_EN_PASSANT = 25, /* en-passant square no double step could have made */
    CHC_E_POS_TOO_MANY = 26,   /* more than 16 pieces a side, more than 8 pawns, or material
                                  promotions cannot explain */
    CHC_E_POS_COUNTERS = 27,   /* impossible half-move clock or full-move number */
    CHC_E_POS_CHECKERS = 28,   /* a check no last move could have given (3+ checkers, ...) */

    CHC_E_MOVE_SYNTAX = 40,    /* a move text (SAN or UCI) is malformed */
    CHC_E_MOVE_ILLEGAL = 41,   /* a well-formed move that is not legal in the position */
    CHC_E_MOVE_AMBIGUOUS = 42, /* a SAN that matches more than one legal move */
    CHC_E_PGN_SYNTAX = 43,     /* PGN text is malformed (diag: line, column, token) */
    CHC_E_PGN_VARIANT = 44,    /* a game of an unsupported variant (Atomic, Crazyhouse, ...) */
    CHC_E_PGN_FEN = 45,        /* the FEN tag of a game is not a valid position */
    CHC_E_GAME_END = 46,       /* no more games in the input (not an error for loops) */
    CHC_E_LINE_SYNTAX = 47,    /* a one-line game (SAN or UCI line) has a malformed start or
                                  result part (docs/formats/lines.md) */
    CHC_E_GAME_OVER = 48,      /* a move on a position whose game is over (checkmate,
                                  stalemate, a draw by rule, a resignation) */

    CHC_E_COVERT_LENGTH = 70,  /* not 25 (or 26 with resignation) emoji */
    CHC_E_COVERT_EMOJI = 71,   /* a character that is not in the emoji list (diag: index) */
    CHC_E_COVERT_SCHEME = 72,  /* the first emoji does not name this scheme */
    CHC_E_COVERT_VALUE = 73,   /* an emoji's value is out of range (diag: index) */
    CHC_E_COVERT_COUNTERS = 74,/* counters outside the format's range */
    CHC_E_COVERT_MESSAGE = 75, /* mix: the cover message holds an emoji, which would be read
                                  as part of the code (diag: word index, offset) */
    CHC_E_MSCS_LENGTH = 80,    /* not 32 base64 characters / 48 hex digits */
    CHC_E_MSCS_CHAR = 81,      /* a character outside the alphabet (diag: index) */
    CHC_E_MSCS_OVERRUN = 82,   /* a square code runs past bit 191 */
    CHC_E_MSCS_PADDING = 83,   /* non-zero padding bits */
    CHC_E_MSCS_BOARD = 84,     /* board too large for 182 bits, or not encodable */
    CHC_E_URLSAFE_CHAR = 90,   /* a character outside the URL-safe alphabet (diag: index) */
    CHC_E_URLSAFE_MOVE = 91,   /* a move that is not legal or not reachable (diag: index) */
    CHC_E_URLSAFE_TRUNCATED = 92, /* the string ends inside a move */

    CHC_E_PACK_RANGE = 120,    /* a code at or past the count of its domain */
    CHC_E_PACK_CORRUPT = 121,  /* a malformed or truncated pack code */
    CHC_E_PACK_VERSION = 122,  /* a pack code of a version this library does not know
                                  (diag: the version) */
    CHC_E_PACK_CHECK = 123,    /* the check character (text) or CRC (stream) does not match:
                                  a typo or damage (diag: index) */
    CHC_E_PACK_AMBIGUOUS = 124,/* an unversioned (chesscodec 0.1) pack game code that two
                                  published models both decode: name the model */
    CHC_E_STREAM_FORMAT = 125, /* a pack stream with a bad magic, header or record framing */

    CHC_E_BOOK_FORMAT = 140,   /* a Polyglot book file is malformed */
    CHC_E_INDEX = 141          /* a position index database that is not one, of another
                                  version, or that SQLite failed on (diag: SQLite's message) */
};

/* Returns a static, human-readable description of `code` (never NULL; unknown codes give
 * "unknown error"). */
CHC_API const char *chc_strerror(int code);

/* Where and why an operation failed. Fields that do not apply are -1 (index, offset) or 0
 * (line, column). `message` is always NUL-terminated. */
typedef struct chc_diag {
    int code;          /* the error code that was returned */
    long offset;       /* 0-based byte offset in the input text, or -1 */
    long line;         /* 1-based line, or 0 */
    long column;       /* 1-based column (bytes), or 0 */
    long index;        /* 0-based item index (FEN field, emoji, character, ply), or -1 */
    char message[192]; /* one line: what is wrong, and where */
} chc_diag;

/* An empty diag: `chc_diag d = CHC_DIAG_INIT;` */
#define CHC_DIAG_INIT { 0, -1L, 0L, 0L, -1L, { 0 } }
/* Sets *diag to CHC_DIAG_INIT. */
CHC_API void chc_diag_init(chc_diag *diag);

/* What a reader found (every *_read function and chc_position_read / chc_game_read fill it
 * when the pointer is not NULL; on failure `format` still names the format tried). */
typedef struct chc_read_info {
    int format;        /* enum chc_format of the text */
    int version;       /* version of a versioned code (pack: 1, ...; 0 for an unversioned
                          chesscodec 0.1 code), else 0 */
    unsigned flags;    /* CHC_READ_* bits */
    long offset;       /* byte where the item starts in src (a covert code inside a chat
                          message, a game after leading text), else 0 */
} chc_read_info;
#define CHC_READ_RESIGNED 1u   /* covert: the code carries the white-flag resignation mark */
#define CHC_READ_HEX 2u        /* MSCS: the hex form */
#define CHC_READ_IN_MESSAGE 4u /* covert: the code was found among other text */
#define CHC_READ_MIXED 32u     /* covert: the code's emoji are spread among words (a message
                                  made by mix) */
#define CHC_READ_LEGACY 8u     /* pack: an unversioned chesscodec 0.1 code (read, never written) */
#define CHC_READ_NO_RESULT 16u /* PGN: the game ended at the end of input without a result
                                  token (the text may have been cut off) */

/* ===================================================================================== */
/* Core types                                                                            */
/* ===================================================================================== */
enum chc_color { CHC_WHITE = 0, CHC_BLACK = 1 };
enum chc_piece_type {
    CHC_NO_TYPE = 0, CHC_PAWN = 1, CHC_KNIGHT = 2, CHC_BISHOP = 3,
    CHC_ROOK = 4, CHC_QUEEN = 5, CHC_KING = 6
};
/* A piece is (color << 3) | type; 0 is an empty square. */
#define CHC_PIECE(color, type) ((uint8_t)(((color) << 3) | (type)))
#define CHC_PIECE_TYPE(piece) ((piece) & 7)
#define CHC_PIECE_COLOR(piece) ((piece) >> 3)
#define CHC_NO_PIECE 0

#define CHC_SQUARE(file, rank) ((rank) * 8 + (file))
#define CHC_FILE(sq) ((sq) & 7)
#define CHC_RANK(sq) ((sq) >> 3)
#define CHC_NO_SQUARE 64
/* The name of square sq: "a1" (0) .. "h8" (63), a static string; "-" for any other value
 * (CHC_NO_SQUARE included). */
CHC_API const char *chc_square_name(int sq);

typedef uint64_t chc_bitboard;

/* Castling rights: one bit per right. The rook each right castles with is in
 * chc_position.castle_rook[] (any file: Chess960). */
enum chc_castling {
    CHC_CASTLE_WK = 1, /* white king side  (the rook on the king's right, "short", O-O)  */
    CHC_CASTLE_WQ = 2, /* white queen side (the rook on the king's left, "long", O-O-O)  */
    CHC_CASTLE_BK = 4,
    CHC_CASTLE_BQ = 8
};

/*
 * A move: 32 bits. From and to squares, promotion piece type, and the flag bits of the
 * CeruleanJS seed.
 *
 *     31      22 21    16 15  12 11      6 5       0
 *    +----------+--------+------+---------+---------+
 *    | reserved |  FLAGS | PROMO|   TO    |  FROM   |
 *    +----------+--------+------+---------+---------+
 *
 *   FLAGS (bit 16 + n): 1 capture, 2 castle, 4 en passant, 8 pawn move, 16 double pawn move,
 *                       32 promotion.
 *   PROMO: CHC_KNIGHT..CHC_QUEEN for a promotion, else 0.
 *   Castling is stored as king-takes-own-rook: FROM is the king's square, TO the rook's square
 *   (this works for every Chess960 start). chc_move_to_uci() writes e1g1 in standard chess.
 *   CHC_MOVE_NONE (0) is no move; CHC_MOVE_NULL is the null move ("--").
 */
typedef uint32_t chc_move;
#define CHC_MOVE_NONE ((chc_move)0)
#define CHC_MOVE_NULL ((chc_move)(65u | (65u << 6))) /* from = to = a2 with no piece moved */
#define CHC_MOVE_FROM(m) ((int)((m) & 63))
#define CHC_MOVE_TO(m) ((int)(((m) >> 6) & 63))
#define CHC_MOVE_PROMO(m) ((int)(((m) >> 12) & 7))
#define CHC_MOVE_FLAGS(m) ((unsigned)(((m) >> 16) & 63))
#define CHC_MF_CAPTURE 1u
#define CHC_MF_CASTLE 2u
#define CHC_MF_EN_PASSANT 4u
#define CHC_MF_PAWN 8u
#define CHC_MF_DOUBLE_PAWN 16u
#define CHC_MF_PROMOTION 32u
#define CHC_MAKE_MOVE(from, to, promo, flags) \
    ((chc_move)((unsigned)(from) | ((unsigned)(to) << 6) | ((unsigned)(promo) << 12) | ((unsigned)(flags) << 16)))

/* The most legal moves any chess position has is 218; buffers of CHC_MAX_MOVES always suffice. */
#define CHC_MAX_MOVES 256

/*
 * A position. The struct is public so that callers can keep positions on the stack and copy
 * them with `=`; treat its fields as read-only and change a position only through this API.
 * Fields:
 *   board[sq]      piece on each square (CHC_NO_PIECE when empty)
 *   by_color[c]    bitboard of each side's pieces
 *   by_type[t]     bitboard of each piece type (index 0: all pieces)
 *   side           side to move (CHC_WHITE or CHC_BLACK)
 *   ep             en-passant target square after a double step, else CHC_NO_SQUARE. Set after
 *                  every double step (the PGN standard's form); see CHC_FEN_EP_LEGAL_ONLY.
 *   castling       CHC_CASTLE_* bits
 *   castle_rook[i] rook square for right bit i (WK, WQ, BK, BQ order), CHC_NO_SQUARE if none
 *   halfmove       half-move clock (plies since the last capture or pawn move)
 *   fullmove       full-move number (starts at 1, incremented after Black moves)
 *   chess960       non-zero when castling follows Chess960 rules and notation
 *   key            Polyglot Zobrist key (matches Polyglot opening books)
 * The remaining fields are caches kept by the library.
 */
typedef struct chc_position {
    chc_bitboard by_color[2];
    chc_bitboard by_type[7];
    chc_bitboard checkers;      /* cache: pieces giving check to the side to move */
    uint64_t key;
    uint8_t board[64];
    uint8_t side;
    uint8_t ep;
    uint8_t castling;
    uint8_t chess960;
    uint8_t castle_rook[4];
    uint8_t king_sq[2];         /* cache */
    uint16_t halfmove;
    uint32_t fullmove;
    uint8_t castle_mask[64];    /* cache: rights lost when a piece moves from/to a square */
} chc_position;

/* What chc_make_move() needs to take a move back. */
typedef struct chc_undo {
    chc_bitboard checkers;
    uint64_t key;
    uint8_t captured;
    uint8_t ep;
    uint8_t castling;
    uint8_t pad;
    uint16_t halfmove;
} chc_undo;

/* ===================================================================================== */
/* Positions: set-up, FEN                                                                */
/* ===================================================================================== */
#define CHC_STARTPOS_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
/* Longest FEN chc_position_to_fen() can write, with the terminating NUL. */
#define CHC_FEN_MAX 100

/* Sets `pos` to the standard starting position. */
CHC_API void chc_position_startpos(chc_position *pos);

/* Sets `pos` to Chess960 start position number `n` (0..959, Scharnagl numbering; 518 is the
 * standard position, but with chess960 set). Returns CHC_OK or CHC_E_ARGUMENT. */
CHC_API int chc_position_chess960(chc_position *pos, int n);

/* Flags for chc_position_from_fen(). */
#define CHC_FEN_CHESS960 1u  /* treat the position as Chess960 even if it looks standard */
#define CHC_FEN_LENIENT_EP 2u /* drop (instead of refusing) an impossible en-passant square */

/*
 * Parses FEN (6 fields), or EPD-style 4 fields (counters become "0 1"). Castling accepts
 * KQkq, Shredder-FEN file letters (HAha) and X-FEN (KQkq meaning the outermost rook, or a
 * file letter for an inner rook). A position whose rooks or king are not on standard squares
 * for a right becomes a Chess960 position automatically.
 * Returns CHC_OK, CHC_E_FEN_SYNTAX (diag: index = field 0..5, offset/column = character), or
 * a CHC_E_POS_* code for a well-formed position that cannot occur in a game. On error `pos`
 * is unspecified. Leading/trailing white space is ignored; fields are separated by spaces.
 */
CHC_API int chc_position_from_fen(chc_position *pos, const char *fen, unsigned flags, chc_diag *diag);

/* Flags for chc_position_to_fen(). */
#define CHC_FEN_EP_LEGAL_ONLY 1u /* name the ep square only if a legal ep capture exists
                                    (Stockfish, chess.js, chessops) */
#define CHC_FEN_SHREDDER 2u      /* castling as rook files (HAha) */
#define CHC_FEN_NO_COUNTERS 4u   /* write only the first four fields (EPD) */

/* Writes the FEN of `pos` into buf (capacity cap, CHC_FEN_MAX always suffices). Castling is
 * written KQkq for standard positions and X-FEN for Chess960 unless CHC_FEN_SHREDDER.
 * Returns the length written (without NUL), or 0 if cap is too small (buf then holds ""). */
CHC_API size_t chc_position_to_fen(const chc_position *pos, char *buf, size_t cap, unsigned flags);

/* Checks a position built or changed by hand against every rule chc_position_from_fen()
 * applies, and refreshes its caches. Returns CHC_OK or a CHC_E_POS_* code. */
CHC_API int chc_position_validate(chc_position *pos, chc_diag *diag);

/* Sets up `pos` from a piece array (board[sq], CHC_NO_PIECE for empty) and state. Castling
 * rights are given as rook squares (CHC_NO_SQUARE for none) in WK, WQ, BK, BQ order. The
 * result is validated as by chc_position_validate(). */
CHC_API int chc_position_set(chc_position *pos, const uint8_t board[64], int side,
                             const uint8_t castle_rook[4], int ep, int halfmove, int fullmove,
                             int chess960, chc_diag *diag);

/* Returns non-zero when the two positions are the same for repetition purposes (board, side,
 * castling rights, and en passant only when an en-passant capture is legal). */
CHC_API int chc_position_same(const chc_position *a, const chc_position *b);

/* ===================================================================================== */
/* Rules: moves, make/unmake, checks                                                     */
/* ===================================================================================== */
enum chc_gen {
    CHC_GEN_ALL = 0,      /* every legal move */
    CHC_GEN_CAPTURES = 1, /* captures (incl. en passant) and promotions */
    CHC_GEN_QUIETS = 2    /* everything else: CHC_GEN_ALL = CAPTURES + QUIETS */
};

/* Writes the legal moves of `pos` of the given kind into out[] (room for CHC_MAX_MOVES) and
 * returns how many. Order: by piece kind, then squares; not sorted by merit. */
CHC_API int chc_legal_moves(const chc_position *pos, chc_move *out, enum chc_gen kind);

/* Returns the number of legal moves (faster than generating them). */
CHC_API int chc_count_legal_moves(const chc_position *pos);

/* Returns non-zero if `m` is a legal move in `pos` (any 32-bit value may be passed). */
CHC_API int chc_is_legal(const chc_position *pos, chc_move m);

/* Plays legal move `m` (from chc_legal_moves() or a parser) on `pos`, filling `undo` for
 * chc_unmake_move(). The move must be legal: passing anything else is undefined. */
CHC_API void chc_make_move(chc_position *pos, chc_move m, chc_undo *undo);
/* Takes back `m`; `undo` must be the one filled by the matching chc_make_move(). */
CHC_API void chc_unmake_move(chc_position *pos, chc_move m, const chc_undo *undo);

/* Passes the turn (for engines' null-move search). The side to move must not be in check. */
CHC_API void chc_make_null(chc_position *pos, chc_undo *undo);
CHC_API void chc_unmake_null(chc_position *pos, const chc_undo *undo);

/* Non-zero if the side to move is in check. */
CHC_API int chc_in_check(const chc_position *pos);
/* Non-zero if legal move `m` gives check. */
CHC_API int chc_gives_check(const chc_position *pos, chc_move m);
/* Pieces of either colour attacking square `sq` with occupancy `occupied`. */
CHC_API chc_bitboard chc_attackers(const chc_position *pos, int sq, chc_bitboard occupied);
/* Pieces of side `color` pinned against their own king. */
CHC_API chc_bitboard chc_pinned(const chc_position *pos, int color);

/* Builds a move from squares and a promotion piece type (0 if none) if it is legal in `pos`:
 * castling may be given as king-to-destination (e1g1) in standard chess or king-to-rook
 * (e1h1) in either. Returns the move, or CHC_MOVE_NONE if no legal move matches. */
CHC_API chc_move chc_find_move(const chc_position *pos, int from, int to, int promo);

/* Attack sets (for tools): squares attacked by a piece of `type` on `sq` with `occupied`
 * (pawns: of colour `color`). */
CHC_API chc_bitboard chc_attacks(int color, int type, int sq, chc_bitboard occupied);

/* ===================================================================================== */
/* Perft                                                                                 */
/* ===================================================================================== */
/* Counts leaf nodes of the legal move tree to `depth` (bulk-counted at the last ply).
 * The environment variable CHC_PERFT_PATH=pext|magic|movegen picks the counting path, for
 * tests and measurement; every path gives the same counts (docs/perft.md). */
CHC_API uint64_t chc_perft(const chc_position *pos, int depth);
/* Perft split by root move: writes each legal move and its count (count buffers with room
 * for CHC_MAX_MOVES) and returns the number of root moves. depth >= 1. */
CHC_API int chc_perft_divide(const chc_position *pos, int depth, chc_move *moves, uint64_t *counts);

/* ===================================================================================== */
/* Hashing                                                                               */
/* ===================================================================================== */
/* The Polyglot key of `pos` computed from scratch (equals pos->key). */
CHC_API uint64_t chc_polyglot_key(const chc_position *pos);

/* ===================================================================================== */
/* UCI move text (full SAN and PGN: see the notation section)                            */
/* ===================================================================================== */
/* Longest UCI move text with NUL ("e7e8q"). */
#define CHC_UCI_MAX 6
/* Writes `m` in UCI: e2e4, e7e8q, 0000 for the null move. Castling is king-to-destination
 * (e1g1) unless pos->chess960, then king-to-rook (e1h1). Returns the length (4 or 5). */
CHC_API size_t chc_move_to_uci(const chc_position *pos, chc_move m, char buf[CHC_UCI_MAX]);
/* Parses a UCI move and checks it is legal in `pos` (e1g1 and e1h1 both accepted for
 * castling). Returns CHC_OK with *out set, CHC_E_MOVE_SYNTAX or CHC_E_MOVE_ILLEGAL. */
CHC_API int chc_move_from_uci(const chc_position *pos, const char *text, chc_move *out, chc_diag *diag);

/* ===================================================================================== */
/* Accessors: read a position without touching its fields                                */
/* ===================================================================================== */
/* The struct's caches (king squares, checkers, castle masks) are the library's business;
 * programs read a position through these. Squares and colours as above. */
/* The piece on `sq` (CHC_PIECE(color, type)), or CHC_NO_PIECE. */
CHC_API int chc_piece_at(const chc_position *pos, int sq);
/* The square of `color`'s king. */
CHC_API int chc_king_square(const chc_position *pos, int color);
/* The pieces of `color` (CHC_WHITE/CHC_BLACK, or -1 for both) and `type` (CHC_PAWN..CHC_KING,
 * or CHC_NO_TYPE for all types) as a bitboard. */
CHC_API chc_bitboard chc_pieces(const chc_position *pos, int color, int type);
/* CHC_WHITE or CHC_BLACK. */
CHC_API int chc_side_to_move(const chc_position *pos);
/* The CHC_CASTLE_* bits. */
CHC_API unsigned chc_castling_rights(const chc_position *pos);
/* The square of the rook that castling right `right` (one CHC_CASTLE_* bit) castles with, or
 * CHC_NO_SQUARE when the right is not held. */
CHC_API int chc_castling_rook(const chc_position *pos, unsigned right);
/* The en-passant target square after a double step, or CHC_NO_SQUARE. */
CHC_API int chc_ep_square(const chc_position *pos);
/* Half-move clock and full-move number. */
CHC_API int chc_halfmove_clock(const chc_position *pos);
CHC_API int chc_fullmove_number(const chc_position *pos);
/* Non-zero for a Chess960 position (castling follows Chess960 rules and notation). */
CHC_API int chc_is_chess960(const chc_position *pos);
/* The Polyglot key (same as chc_polyglot_key(), without recomputing). */
CHC_API uint64_t chc_position_key(const chc_position *pos);

/* >>> SECTION notation (SAN, PGN, games) -- see src/notation/ */
/*
 * SAN (Standard Algebraic Notation)
 * ---------------------------------
 * Output follows the PGN standard: piece letter, minimal disambiguation (file, else rank,
 * else both), 'x' for captures, "=Q" for promotions, "O-O"/"O-O-O" for castling (also in
 * Chess960), then '+' or '#'. The null move is "--".
 * Input is tolerant of what real files hold: "0-0"/"0-0-0", over-disambiguation ("Nbd7",
 * "Ng1f3"), missing, extra or wrong '+'/'#', "e8Q", "e8=Q", "e8(Q)", "e.p.", suffix
 * annotations ("!", "?", "!?", ...), a missing 'x', and "--"/"Z0" for the null move. A
 * lower-case 'b' is a pawn on the b-file when that reading is legal ("bxc3"), else a bishop.
 */
/* Longest SAN chc_move_to_san() writes, with the NUL ("Qa1xb2=Q#" is 9 characters). */
#define CHC_SAN_MAX 16
/* Writes legal move `m` (or CHC_MOVE_NULL) of `pos` in SAN into buf. Returns the length. */
CHC_API size_t chc_move_to_san(const chc_position *pos, chc_move m, char buf[CHC_SAN_MAX]);
/* Parses a SAN move (NUL-terminated, surrounding white space allowed) and resolves it in
 * `pos`. Returns CHC_OK with *out set (CHC_MOVE_NULL for "--"), CHC_E_MOVE_SYNTAX,
 * CHC_E_MOVE_ILLEGAL (no legal move matches) or CHC_E_MOVE_AMBIGUOUS (several do); the diag
 * names the move and the position (FEN). A null move is refused (CHC_E_MOVE_ILLEGAL) when
 * the side to move is in check. */
CHC_API int chc_move_from_san(const chc_position *pos, const char *text, chc_move *out,
                              chc_diag *diag);
/* Same as chc_move_from_san() for `len` bytes of text (no NUL needed). */
CHC_API int chc_move_from_san_n(const chc_position *pos, const char *text, size_t len,
                                chc_move *out, chc_diag *diag);
/* Reads a move as people type it (white space around it ignored): SAN (with the tolerance
 * above, figurine pieces such as "♘f3" included), UCI ("e2e4", "e1g1" or "e1h1" for castling,
 * the promotion letter in either case) or "--"/"0000" for the null move (refused in check). Returns CHC_OK with *out set, CHC_E_MOVE_SYNTAX, CHC_E_MOVE_ILLEGAL or
 * CHC_E_MOVE_AMBIGUOUS; the diag says why (for a promotion without a piece, which pieces). */
CHC_API int chc_move_parse(const chc_position *pos, const char *src, size_t src_len,
                           chc_move *out, chc_diag *diag);

/*
 * Outcomes
 * --------
 * The first five end the game by rule; the last two are draws a player may claim.
 * Insufficient material means neither side has mating material, as chessops decides: each
 * side has only its king, or a king and one knight (when the other side has nothing but king
 * and queens), or kings and bishops with every bishop on squares of one colour and no pawn
 * or knight on the board. K+N+N v K and K+N v K+N count as sufficient.
 */
enum chc_outcome {
    CHC_OUTCOME_NONE = 0,
    CHC_OUTCOME_CHECKMATE = 1,     /* the side to move is mated */
    CHC_OUTCOME_STALEMATE = 2,
    CHC_OUTCOME_INSUFFICIENT = 3,  /* no mating material on either side */
    CHC_OUTCOME_SEVENTYFIVE = 4,   /* 150 plies without capture or pawn move */
    CHC_OUTCOME_FIVEFOLD = 5,      /* the same position for the fifth time */
    CHC_OUTCOME_FIFTY = 6,         /* claimable: 100 plies without capture or pawn move */
    CHC_OUTCOME_THREEFOLD = 7      /* claimable: the same position for the third time */
};
/* Game results, as in the PGN Result tag. */
enum chc_result {
    CHC_RESULT_UNKNOWN = 0,        /* "*" */
    CHC_RESULT_WHITE_WINS = 1,     /* "1-0" */
    CHC_RESULT_BLACK_WINS = 2,     /* "0-1" */
    CHC_RESULT_DRAW = 3            /* "1/2-1/2" */
};
/* Outcome of a position alone: CHECKMATE, STALEMATE, INSUFFICIENT, SEVENTYFIVE, FIFTY, or
 * NONE (repetitions need a game: see chc_game_outcome()). Checkmate wins over the move
 * counters. */
CHC_API int chc_position_outcome(const chc_position *pos);
/* Non-zero when neither side has mating material. */
CHC_API int chc_insufficient_material(const chc_position *pos);
/* The result an outcome of `pos` gives (a mate is a win for the side not to move; NONE gives
 * CHC_RESULT_UNKNOWN; every other outcome a draw). */
CHC_API int chc_outcome_result(int outcome, const chc_position *pos);
/* Static names: "checkmate", "stalemate", "insufficient material", "seventy-five-move rule",
 * "fivefold repetition", "fifty-move rule", "threefold repetition", "none". */
CHC_API const char *chc_outcome_name(int outcome);
/* Static result text: "1-0", "0-1", "1/2-1/2" or "*". */
CHC_API const char *chc_result_string(int result);

/*
 * Playing by code
 * ---------------
 * Two players send each other a position (a code) and answer with the position after their
 * move. A game is over by rule (checkmate, stalemate, insufficient material, the
 * seventy-five-move rule) or by a resignation the code carries (covert's white flag,
 * CHC_READ_RESIGNED); the claimable draws (fifty moves) do not end it.
 */
#define CHC_PLAY_RESIGNED 1u   /* the position carries a resignation (no move may follow) */
#define CHC_OVER_TEXT_MAX 96   /* longest text of chc_position_over(), with the NUL */
/* Non-zero when the game of `pos` is over (with `flags` CHC_PLAY_RESIGNED: always). dst
 * (dst_cap 0 accepted, else CHC_OVER_TEXT_MAX suffices; cut to fit) gets why, as
 * "checkmate, Black wins (0-1)", "stalemate, a draw (1/2-1/2)", "a player resigned (the
 * code carries the white flag)", or "" when the game goes on. */
CHC_API int chc_position_over(const chc_position *pos, unsigned flags, char *dst,
                              size_t dst_cap);
/* Plays one move (SAN or UCI, src[0..src_len)) on pos. *move (NULL accepted) gets the move
 * (CHC_MOVE_NONE on failure), *outcome (NULL accepted) chc_position_outcome() of the
 * position after it (before it on failure): CHECKMATE etc. say that the move ended the game.
 * Returns CHC_OK; CHC_E_GAME_OVER when the game of pos is already over (diag message "the
 * game is over: " and the text of chc_position_over()); the errors of chc_move_parse(); or
 * CHC_E_MOVE_ILLEGAL for the null move. pos is unchanged on failure. */
CHC_API int chc_position_play(chc_position *pos, unsigned flags, const char *src,
                              size_t src_len, chc_move *move, int *outcome, chc_diag *diag);

/*
 * Games
 * -----
 * A chc_game holds the tags (in order), the start position, the move tree and the result.
 * Moves are nodes numbered from 1; node 0 (CHC_GAME_ROOT) is the start position. The first
 * child of a node continues its line; further children are variations (alternatives to the
 * first child). The main line is the chain of first children from the root. Each node has a
 * comment written before its move (only used at the start of a variation), a comment after
 * it, and NAGs. The root's "after" comment is the comment before the game's first move.
 * Strings returned by chc_game_* functions belong to the game and stay valid until it is
 * changed, reset or freed.
 */
typedef struct chc_game chc_game;
#define CHC_GAME_ROOT 0u
#define CHC_GAME_NO_NODE 0xffffffffu
/* Limits per game: 4,096 tags, 32 MB of tag and comment text in all (CHC_E_LIMIT beyond),
 * CHC_GAME_MAX_NODES moves. */
#define CHC_GAME_MAX_NODES (1u << 22)

/* Returns a new empty game (standard start, no tags, result "*"), or NULL (no memory). */
CHC_API chc_game *chc_game_new(void);
/* Frees the game (NULL accepted). */
CHC_API void chc_game_free(chc_game *g);
/* Empties the game and sets its start position (NULL: the standard start). Keeps the game's
 * memory for reuse. */
CHC_API void chc_game_reset(chc_game *g, const chc_position *start);
/* Makes dst an exact copy of src (start, tags, moves with their comments, NAGs and
 * variations, result, termination, cursor); dst's old contents are freed. Returns CHC_OK,
 * CHC_E_ARGUMENT (a NULL game) or CHC_E_NO_MEMORY (dst unchanged). To copy the game up to a
 * ply, copy it, then chc_game_truncate() the copy. */
CHC_API int chc_game_copy(chc_game *dst, const chc_game *src);
/* The start position. */
CHC_API const chc_position *chc_game_start(const chc_game *g);

/* Sets (or, with value NULL, removes) a tag. Returns CHC_OK, CHC_E_NO_MEMORY or CHC_E_LIMIT.
 * Setting "FEN"/"SetUp" does not change the start position (use chc_game_reset()). */
CHC_API int chc_game_set_tag(chc_game *g, const char *name, const char *value);
/* The value of a tag, or NULL when absent. */
CHC_API const char *chc_game_tag(const chc_game *g, const char *name);
/* The number of tags, and the name / value of tag i (in order; NULL past the end). */
CHC_API size_t chc_game_tag_count(const chc_game *g);
CHC_API const char *chc_game_tag_name(const chc_game *g, size_t i);
CHC_API const char *chc_game_tag_value(const chc_game *g, size_t i);

/* Result (enum chc_result), from the movetext's result token when the game was read. */
CHC_API int chc_game_result(const chc_game *g);
CHC_API void chc_game_set_result(chc_game *g, int result);

/* Main line: number of plies, the move at ply i (0-based; CHC_MOVE_NONE past the end), the
 * node of ply i (CHC_GAME_NO_NODE past the end). */
CHC_API size_t chc_game_ply_count(const chc_game *g);
CHC_API chc_move chc_game_move(const chc_game *g, size_t ply);
CHC_API uint32_t chc_game_mainline_node(const chc_game *g, size_t ply);
/* Appends legal move `m` (or CHC_MOVE_NULL when not in check) at the end of the main line and
 * moves the cursor to the end. Returns CHC_OK, CHC_E_MOVE_ILLEGAL, CHC_E_ARGUMENT (the last
 * main-line node already has children, added with chc_game_add_move), CHC_E_NO_MEMORY or
 * CHC_E_LIMIT. */
CHC_API int chc_game_push(chc_game *g, chc_move m);
/* The position after the first `ply` moves of the main line (0: the start). Returns CHC_OK or
 * CHC_E_ARGUMENT (past the end). */
CHC_API int chc_game_position(const chc_game *g, size_t ply, chc_position *out);
/* Outcome at the end of the main line, counting repetitions from the game's history (only
 * positions since the last capture, pawn move or null move). Same values as
 * chc_position_outcome(), plus FIVEFOLD and THREEFOLD. */
CHC_API int chc_game_outcome(const chc_game *g);

/*
 * Playing through a game: the cursor
 * ----------------------------------
 * A game has a cursor: the number of main-line plies "played" (0..chc_game_ply_count()). It
 * is at the end after reading, chc_game_push() and chc_game_reset(). Undo and redo move it;
 * chc_game_play() plays a move at the cursor. Programs that show a game (play, serve) keep
 * their whole state in one chc_game.
 */
/* The cursor, and the position there (valid until the game changes). */
CHC_API size_t chc_game_cursor(const chc_game *g);
CHC_API const chc_position *chc_game_current(const chc_game *g);
/* Moves the cursor to `ply` (0..ply count). Returns CHC_OK or CHC_E_ARGUMENT. */
CHC_API int chc_game_set_cursor(chc_game *g, size_t ply);
/* Moves the cursor one ply back / forward. Return 1 when it moved, 0 at the start / end. */
CHC_API int chc_game_undo(chc_game *g);
CHC_API int chc_game_redo(chc_game *g);
/* Plays legal move `m` (or CHC_MOVE_NULL when not in check) at the cursor: when it is the
 * main line's next move the cursor just advances; otherwise the main line after the cursor
 * is removed (with every variation at or after the cursor) and `m` appended. A result or
 * termination set earlier is cleared when the line changes (the Result tag, when present,
 * becomes "*"; the Termination tag is removed). Returns CHC_OK, CHC_E_MOVE_ILLEGAL,
 * CHC_E_NO_MEMORY or CHC_E_LIMIT. */
CHC_API int chc_game_play(chc_game *g, chc_move m);
/* Removes the main line after ply `ply` (and the variations hanging from the removed moves,
 * alternatives to move ply+1 included: every child of the node of ply `ply`); node numbers
 * after the removed ones change. The cursor moves back to `ply` if it was past it. When moves
 * are removed, a declared result and termination are cleared as by chc_game_play(). Returns
 * CHC_OK or CHC_E_ARGUMENT (past the end). */
CHC_API int chc_game_truncate(chc_game *g, size_t ply);

/* Why a game ended. Rule endings are found from the position; the others are declared
 * (resignation, agreement, time, ...) by chc_game_set_termination() or a PGN
 * [Termination] tag. */
enum chc_termination {
    CHC_TERM_NONE = 0,         /* not over, or not known */
    CHC_TERM_CHECKMATE = 1,
    CHC_TERM_STALEMATE = 2,
    CHC_TERM_INSUFFICIENT = 3,
    CHC_TERM_SEVENTYFIVE = 4,
    CHC_TERM_FIVEFOLD = 5,
    CHC_TERM_FIFTY = 6,        /* claimed */
    CHC_TERM_THREEFOLD = 7,    /* claimed */
    CHC_TERM_RESIGNATION = 8,
    CHC_TERM_AGREEMENT = 9,
    CHC_TERM_TIME = 10,        /* lost or drawn on time */
    CHC_TERM_ABANDONED = 11,
    CHC_TERM_ADJUDICATION = 12,
    CHC_TERM_OTHER = 13
};
/* The declared termination, or the one the game's PGN [Termination] tag gives ("time
 * forfeit", "abandoned", "adjudication", "rules infraction"; "normal": the final position's
 * rule ending, else resignation for a decisive result, agreement for a draw; docs/pgn.md);
 * CHC_TERM_NONE when neither says. */
CHC_API int chc_game_termination(const chc_game *g);
/* Declares how and with what result (enum chc_result) the game ended. For RESIGNATION the
 * result names the winner (a decisive result is required), AGREEMENT needs a draw, TIME a
 * result; rule endings must agree with the final position (FIFTY: 100 plies on the clock;
 * THREEFOLD: the position's third occurrence). Also sets the Result tag and the Termination
 * tag (the standard's value: "normal", "time forfeit", ...; removed for CHC_TERM_NONE).
 * Returns CHC_OK or CHC_E_ARGUMENT. */
CHC_API int chc_game_set_termination(chc_game *g, int termination, int result);
/* Static names: "checkmate", ..., "resignation", "agreement", "time forfeit", ... */
CHC_API const char *chc_termination_name(int termination);

/* The state at the cursor, for a program showing a game. */
typedef struct chc_game_status {
    int side;          /* side to move at the cursor */
    int check;         /* non-zero if it is in check */
    int outcome;       /* chc_game_outcome() at the cursor (repetitions counted from the
                          start: positions since the last irreversible move) */
    int repetitions;   /* how often the position at the cursor has occurred (1: first time) */
    int halfmove;      /* half-move clock at the cursor */
    int over;          /* the game has ended at the cursor: by rule (mate, stalemate,
                          insufficient material, 75 moves, fivefold) or, at the end of the main
                          line, by a declared termination or result */
    int result;        /* enum chc_result: the rule's, the declared one, or UNKNOWN */
    int termination;   /* enum chc_termination: the rule's or the declared one */
    int can_claim;     /* a draw may be claimed: CHC_OUTCOME_FIFTY or THREEFOLD, else 0 */
    char text[96];     /* one line: "White to move", "Black to move, in check",
                          "Checkmate: White wins (1-0)", "Draw by threefold repetition (claimed)" */
} chc_game_status;
/* Fills *st for the cursor's position. */
CHC_API void chc_game_status_get(const chc_game *g, chc_game_status *st);
/* Flags of chc_game_movetext(). */
#define CHC_MOVETEXT_COMPACT 1u /* no space after move numbers: "1.e4 e5 2.Nf3" */
/* Writes plies [from, to) of the main line (to is cut to the ply count) as numbered SAN on
 * one line, for a program showing a game: "1. e4 e5 2. Nf3", "3... Nf6" when the first is
 * Black's move; no comments, variations or result; "" for no plies. Returns CHC_OK,
 * CHC_E_ARGUMENT (from > to, or unknown flags) or CHC_E_BUFFER_TOO_SMALL. */
CHC_API int chc_game_movetext(const chc_game *g, size_t from, size_t to, unsigned flags,
                              char *dst, size_t dst_cap, size_t *dst_len);
/* Gives a game whose main line ends by rule (checkmate, stalemate, insufficient material,
 * seventy-five moves, fivefold repetition) that rule's result when it has none
 * (CHC_RESULT_UNKNOWN); a claimable draw (fifty moves, threefold) is left unclaimed. Writers
 * then write what the rules decided ("Qxf7# 1-0"). Returns the game's result (enum
 * chc_result). */
CHC_API int chc_game_set_rule_result(chc_game *g);

/* The move tree. chc_game_add_move() adds `m` as the last child of `parent` and returns the
 * new node, or CHC_GAME_NO_NODE (bad parent, no memory, limit). It does not check legality:
 * the caller must pass a legal move of the parent's position (chc_game_node_position()). */
CHC_API uint32_t chc_game_add_move(chc_game *g, uint32_t parent, chc_move m);
CHC_API size_t chc_game_node_count(const chc_game *g);
/* Move, parent (CHC_GAME_NO_NODE for the root), number of children and child i (0 = the
 * continuation) of a node. Bad node numbers give CHC_MOVE_NONE / CHC_GAME_NO_NODE / 0. */
CHC_API chc_move chc_game_node_move(const chc_game *g, uint32_t node);
CHC_API uint32_t chc_game_node_parent(const chc_game *g, uint32_t node);
CHC_API size_t chc_game_node_child_count(const chc_game *g, uint32_t node);
CHC_API uint32_t chc_game_node_child(const chc_game *g, uint32_t node, size_t i);
/* The position after a node's move. Returns CHC_OK or CHC_E_ARGUMENT. */
CHC_API int chc_game_node_position(const chc_game *g, uint32_t node, chc_position *out);
/* Comments: `before` non-zero for the comment before the move. NULL when there is none.
 * Setting appends to an existing comment with a space between. Returns CHC_OK,
 * CHC_E_ARGUMENT, CHC_E_NO_MEMORY or CHC_E_LIMIT. */
CHC_API const char *chc_game_node_comment(const chc_game *g, uint32_t node, int before);
CHC_API int chc_game_add_comment(chc_game *g, uint32_t node, int before, const char *text);
/* NAGs ($1 = "!", $2 = "?", $3 = "!!", $4 = "??", $5 = "!?", $6 = "?!"): up to
 * CHC_GAME_MAX_NAGS per node (more are dropped). chc_game_node_nags() copies them into
 * out[CHC_GAME_MAX_NAGS] and returns how many. */
#define CHC_GAME_MAX_NAGS 8
CHC_API size_t chc_game_node_nags(const chc_game *g, uint32_t node, uint8_t out[CHC_GAME_MAX_NAGS]);
CHC_API int chc_game_add_nag(chc_game *g, uint32_t node, int nag);

/*
 * PGN reading
 * -----------
 * A streaming reader: memory stays bounded by the largest single game (limit
 * CHC_PGN_MAX_GAME_BYTES) whatever the file size. It reads tags (with \" and \\ escapes),
 * comments {...} and ; ..., % escape lines, nested variations, NAGs ($n and !, ?, !!, ??,
 * !?, ?!), move numbers (12. 12...), null moves (-- and Z0), results, FEN/SetUp tags,
 * Variant tags (Standard, Chess960 and its spellings, From Position; any other variant is
 * CHC_E_PGN_VARIANT), a UTF-8 BOM, CRLF line ends, and UCI moves in place of SAN.
 * A game ends after its result token, at the next tag section, or at the end of input.
 */
#define CHC_PGN_MAX_GAME_BYTES (64u << 20)
/* Reader flags. */
#define CHC_PGN_MAINLINE_ONLY 1u /* skip variations (brackets still checked) */
#define CHC_PGN_NO_COMMENTS 2u   /* drop comments and NAGs */
typedef struct chc_pgn_reader chc_pgn_reader;
/* Input callback: fills buf with up to cap bytes, returns how many (0 at the end of input),
 * or (size_t)-1 on a read error. */
typedef size_t (*chc_read_fn)(void *ctx, char *buf, size_t cap);
/* A reader pulling text through `fn` (the caller keeps ctx alive and closes it). Returns
 * NULL when out of memory. */
CHC_API chc_pgn_reader *chc_pgn_reader_new(chc_read_fn fn, void *ctx, unsigned flags);
/* A reader over `len` bytes of text (not copied: it must outlive the reader). first_line
 * and first_game (1 for a whole file) number the lines and games in diagnostics. */
CHC_API chc_pgn_reader *chc_pgn_reader_new_mem(const char *text, size_t len, unsigned flags,
                                              long first_line, long first_game);
CHC_API void chc_pgn_reader_free(chc_pgn_reader *r);
/* Reads the next game into g. Returns CHC_OK; CHC_E_GAME_END when the input is exhausted
 * (the diag says "end of input after N games");
 * CHC_E_IO (stop: the input failed); or the error of a bad game (CHC_E_PGN_SYNTAX,
 * CHC_E_PGN_VARIANT, CHC_E_PGN_FEN, CHC_E_MOVE_SYNTAX, CHC_E_MOVE_ILLEGAL,
 * CHC_E_MOVE_AMBIGUOUS, CHC_E_LIMIT, CHC_E_NO_MEMORY): the diag gives the game number,
 * line, column, the offending token and why (diag->index: the ply); g then holds the game
 * up to the error and the next call reads the following game. */
CHC_API int chc_pgn_read_game(chc_pgn_reader *r, chc_game *g, chc_diag *diag);
/* The number (1-based) of the last game returned, and the bytes of input consumed so far. */
CHC_API long chc_pgn_reader_game_number(const chc_pgn_reader *r);
CHC_API uint64_t chc_pgn_reader_bytes(const chc_pgn_reader *r);
/* Non-zero when the last game returned ended at the end of the input without a result token
 * (the input may have been cut off in the middle of a game). */
CHC_API int chc_pgn_reader_truncated(const chc_pgn_reader *r);

/*
 * PGN writing
 * -----------
 * Export format: the seven-tag roster first (Event, Site, Date, Round, White, Black, Result;
 * "?" or "????.??.??" when missing, Result from the game), the other tags in order (FEN and
 * SetUp written for a non-standard start, Variant "Chess960" for Chess960), a blank line,
 * the movetext wrapped at 80 columns with comments, NAGs ($n) and variations, the result, and
 * a blank line.
 */
#define CHC_PGN_WRITE_NO_TAGS 1u       /* movetext only (no tags, no blank line after) */
#define CHC_PGN_WRITE_NO_COMMENTS 2u   /* drop comments and NAGs */
#define CHC_PGN_WRITE_NO_VARIATIONS 4u /* main line only */
/* Writes the game into buf (capacity cap; NUL-terminated when cap > 0; buf may be NULL when
 * cap is 0) and returns the full length the text needs, without NUL, like snprintf: if that
 * is >= cap, the text was cut; call again with a buffer of at least the length + 1. */
/* Writes the game as PGN (CHC_PGN_WRITE_* flags) with the calling convention above: returns
 * CHC_OK, or CHC_E_BUFFER_TOO_SMALL with *dst_len the length needed. */
CHC_API int chc_pgn_write(const chc_game *g, unsigned flags, char *dst, size_t dst_cap,
                          size_t *dst_len, chc_diag *diag);

/*
 * Board as text
 * -------------
 * Eight ranks and the file letters, one per line, LF-terminated: figurines (UTF-8) or
 * letters (CHC_BOARD_ASCII: KQRBNP for White, kqrbnp for Black, '.' for empty), the last
 * move's two squares marked with brackets, rank and file coordinates.
 */
#define CHC_BOARD_ASCII 1u     /* letters instead of figurines */
#define CHC_BOARD_FLIP 2u      /* Black at the bottom */
#define CHC_BOARD_NO_COORDS 4u /* no rank numbers or file letters */
#define CHC_BOARD_TEXT_MAX 1024 /* always enough, with the NUL */
/* Writes the board of `pos` (last move `last`, CHC_MOVE_NONE for none) into dst: each rank
 * " 8 " then the eight squares as " X " (or "[X]" for the last move's from and to squares),
 * then "    a  b  c ..." (empty squares: "·", or '.' in ASCII). Returns CHC_OK or
 * CHC_E_BUFFER_TOO_SMALL (*dst_len: the length needed). */
CHC_API int chc_board_write(const chc_position *pos, chc_move last, unsigned flags, char *dst,
                            size_t dst_cap, size_t *dst_len);
/* <<< END SECTION notation */

/* >>> SECTION codecs (covert, MSCS, urlsafe) -- see src/codecs/ */
/*
 * The three seed codecs. Specifications: docs/formats/covert-chess.md, mscs-v1.md, urlsafe.md.
 *
 * Covert chess: a position as 25 emoji from the Unicode Emoji 12.1 list (3,178 fully-qualified
 * entries in file order), compatible with covert-chess-bot. Castling rights must be the standard
 * ones (king on e1/e8, rooks on a/h files); half-move clock 0..100; halfmove + 101*fullmove
 * below 3178*3178.
 */
#define CHC_COVERT_EMOJI_COUNT 3178   /* entries in the emoji list */
#define CHC_COVERT_EMOJI_MAX 32       /* longest emoji (UTF-8 bytes) with NUL */
#define CHC_COVERT_LEN 25             /* emoji in a code */
#define CHC_COVERT_RESIGN_INDEX 2914  /* the white flag, an optional 26th emoji */
/* Longest covert code text (26 emoji) with the terminating NUL. */
#define CHC_COVERT_MAX (26 * (CHC_COVERT_EMOJI_MAX - 1) + 1)

/* Returns the fully-qualified UTF-8 text of emoji `index` (0..3177, static storage), or NULL
 * when index is out of range. */
CHC_API const char *chc_covert_emoji(int index);

/* Matches the longest emoji (any fully-qualified, minimally-qualified or unqualified form) at
 * the start of text[0..len). Returns its list index (0..3177) and sets *used to its length in
 * bytes, or returns -1 (and *used = 0) when no emoji starts there. */
CHC_API int chc_covert_match(const char *text, size_t len, size_t *used);


/* One emoji of the list, as `chesscodec emoji` shows it. Names, groups and subgroups are
 * those of the Unicode emoji-test 12.1 file the list is built from. */
#define CHC_EMOJI_CP_MAX 16           /* most code points in an emoji of the list */
typedef struct chc_emoji_info {
    int index;            /* list index 0..3177 */
    const char *text;     /* fully-qualified UTF-8 (static storage, as every string here) */
    const char *name;     /* "chess pawn" */
    const char *group;    /* "Activities" */
    const char *subgroup; /* "game" */
    uint32_t cp[CHC_EMOJI_CP_MAX]; /* its code points (U+265F U+FE0F) */
    size_t cp_count;
} chc_emoji_info;
/* Fills *info for list entry `index`. Returns CHC_OK, or CHC_E_ARGUMENT (index not 0..3177,
 * or info NULL; *info then zeroed when not NULL). */
CHC_API int chc_covert_emoji_info(int index, chc_emoji_info *info);
#define CHC_COVERT_PLACE_MAX 128      /* longest text of chc_covert_emoji_place(), with NUL */
/* What entry `index` means as emoji `place` (1..26) of a code, as one line of text into dst
 * (CHC_COVERT_PLACE_MAX suffices): place 1 "names the scheme; a8: white rook", places 2..22
 * the pieces of their three squares ("b8: black knight, c8: empty, d8: black bishop"), 23
 * side to move, castling and en-passant square, 24 and 25 their part of the move counters,
 * 26 the white flag; where the entry cannot stand, "not allowed: " and why (*allowed,
 * NULL accepted, gets 0, else 1). Returns CHC_OK, CHC_E_ARGUMENT (index or place out of
 * range) or CHC_E_BUFFER_TOO_SMALL (*dst_len, NULL accepted, gets the length needed). */
CHC_API int chc_covert_emoji_place(int index, int place, char *dst, size_t dst_cap,
                                   size_t *dst_len, int *allowed);

/* The list index of src[0..src_len) when it is one emoji of the list (any variant, variation
 * selectors after it and white space around it ignored: "♟", "♟️ ") or a list index written
 * in decimal ("2451"); else -1. */
CHC_API int chc_covert_emoji_lookup(const char *src, size_t src_len);
#define CHC_COVERT_EMOJI_TEXT_MAX 4096 /* longest text of chc_covert_emoji_text(), with NUL */
/* Writes what entry `index` is, as `chesscodec emoji` prints it: lines "emoji", "index",
 * "name", "group", "subgroup", "escape" (\uXXXX and \UXXXXXXXX per code point), "codes"
 * (U+XXXX ...), then "place N" and chc_covert_emoji_place() for places 1..26; each line a
 * label padded to 10 columns, the value, '\n'. Returns CHC_OK, CHC_E_ARGUMENT (index out of
 * range) or CHC_E_BUFFER_TOO_SMALL (*dst_len, NULL accepted, gets the length needed). */
CHC_API int chc_covert_emoji_text(int index, char *dst, size_t dst_cap, size_t *dst_len);

/* Flags for chc_covert_write(). */
#define CHC_COVERT_RESIGNED 1u /* append the white flag (the resignation mark) */
/* Writes the code of `pos` as 25 fully-qualified emoji (26 with CHC_COVERT_RESIGNED) into dst
 * (CHC_COVERT_MAX always suffices). Returns CHC_OK, the errors of
 * chc_covert_encode_indices(), or CHC_E_BUFFER_TOO_SMALL. */
CHC_API int chc_covert_write(const chc_position *pos, unsigned flags, char *dst, size_t dst_cap,
                             size_t *dst_len, chc_diag *diag);


/* Where chc_covert_find() found a code in a text. */
typedef struct chc_covert_span {
    size_t start;   /* byte of the code's first emoji (its scheme emoji) */
    size_t end;     /* byte after its last emoji (the white flag when there, and any variation
                       selector after it) */
    size_t count;   /* emoji in the code: 25, or 26 with the white flag */
    uint16_t index[CHC_COVERT_LEN + 1];  /* their list indices */
    size_t offset[CHC_COVERT_LEN + 1];   /* the byte where each of them starts (past count: 0) */
    unsigned flags; /* CHC_READ_RESIGNED (the 26th emoji is the white flag), CHC_READ_MIXED
                       (words between its emoji), CHC_READ_IN_MESSAGE (other text around or
                       among its emoji) */
} chc_covert_span;

/* Finds the covert code in a chat message src[0..src_len) (UTF-8, any bytes accepted; NULL
 * with src_len 0 is an empty text) and decodes it into *pos (NULL accepted: only check).
 * The message is read as people send it: the emoji of the text are taken in order (the
 * greedy longest match of chc_covert_match(), U+FE0E and U+FE0F anywhere skipped, skin tones
 * as part of their emoji); the code is the first run of 25 emoji that starts with a scheme
 * emoji (list entries 2441..2453) and decodes, plus the white flag when it is the next emoji.
 * Text and other emoji before and after it are ignored (a 🎲, ♟️ or 🃏 sent in front of a
 * code, a 👍 after it), and so are words between its emoji (a message made by mix), so that
 * one reader takes a bare code, a code in a sentence and a mixed message alike.
 * *span (NULL accepted) gets where the code is. Returns CHC_OK, or when no run decodes the
 * error of the run the sender most likely meant (its emoji not spread among words, its
 * second emoji not a scheme emoji; else the first): CHC_E_COVERT_SCHEME (emoji in the text,
 * none naming the scheme), CHC_E_COVERT_LENGTH (no emoji, or the text ends before 25),
 * CHC_E_COVERT_EMOJI (a character that is not in the list right after an emoji of the code,
 * as a letter, a Unicode 13 emoji, a lone skin tone or invalid UTF-8), or the errors of
 * chc_covert_decode_indices(). diag: index the emoji at fault in the code (0-based), offset
 * its byte in src, message naming both. */
CHC_API int chc_covert_find(const char *src, size_t src_len, chc_position *pos,
                            chc_covert_span *span, chc_diag *diag);

/* chc_covert_find() for the format layer: info (NULL accepted) gets CHC_FORMAT_COVERT, the
 * span's flags and its start as offset. Returns as chc_covert_find(). */
CHC_API int chc_covert_read(const char *src, size_t src_len, chc_position *pos,
                            chc_read_info *info, chc_diag *diag);

/* mix: hides a covert code in a cover message. The message is split into words on white
 * space and the code (text holding a covert code, as chc_covert_find() finds it) into its
 * emoji; word i of n gets key (i+1)/(n+1), emoji j of m gets (j+1)/(m+1); the two lists are
 * merged by key (a word first only when its key is strictly smaller) and joined with single
 * spaces. Writes the NUL-terminated result into buf; CHC_COVERT_MIX_MAX(strlen(message))
 * always suffices. Returns CHC_OK, the errors of chc_covert_find() for the code,
 * CHC_E_COVERT_MESSAGE when a word of the message holds an emoji (unmix would take it for a
 * part of the code: diag index the word, 0-based, offset its byte, message the emoji), or
 * CHC_E_BUFFER_TOO_SMALL. */
#define CHC_COVERT_MIX_MAX(message_len) ((message_len) + 2 * CHC_COVERT_MAX)
CHC_API int chc_covert_mix_write(const char *message, size_t message_len, const char *code,
                                 size_t code_len, char *dst, size_t dst_cap, size_t *dst_len,
                                 chc_diag *diag);

/* mix for a position: chc_covert_write(pos, flags) then chc_covert_mix_write() of the code.
 * Returns their errors; CHC_COVERT_MIX_MAX(message_len) suffices. */
CHC_API int chc_covert_mix_position(const char *message, size_t message_len,
                                    const chc_position *pos, unsigned flags, char *dst,
                                    size_t dst_cap, size_t *dst_len, chc_diag *diag);

/* unmix: reads the code out of a message made by mix (or any message: the reader is
 * chc_covert_find()); info->flags always has CHC_READ_IN_MESSAGE. Returns as
 * chc_covert_find(). */
CHC_API int chc_covert_mix_read(const char *src, size_t src_len, chc_position *pos,
                                chc_read_info *info, chc_diag *diag);

/*
 * MSCS v1: a state in 192 bits (24 bytes), as 32 base64 characters or 48 hex digits.
 * Half-move clock and full-move number are not stored (decoding gives 0 1). Only standard
 * castling (king on e1/e8, rooks in the corners) can be expressed.
 */
#define CHC_MSCS_BYTES 24
#define CHC_MSCS_BASE64_LEN 32
#define CHC_MSCS_HEX_LEN 48
#define CHC_MSCS_TEXT_MAX 49 /* longest text form (hex) with NUL */

/* Packs `pos` into 24 bytes. Returns CHC_OK, CHC_E_MSCS_BOARD (the board needs more than
 * 182 bits: no game reaches it) or CHC_E_UNSUPPORTED (Chess960 castling rights). */
CHC_API int chc_mscs_encode(const chc_position *pos, uint8_t out[CHC_MSCS_BYTES], chc_diag *diag);

/* Unpacks 24 bytes into `pos` (counters 0 1). Returns CHC_OK, CHC_E_MSCS_OVERRUN,
 * CHC_E_MSCS_PADDING (non-zero padding, or en-passant file bits without bit 6),
 * CHC_E_POS_KINGS, CHC_E_POS_CASTLING, CHC_E_POS_EN_PASSANT (bits the board contradicts) or
 * another CHC_E_POS_* code for a board that is not a legal position (diag index: the bit at
 * fault where there is one). Every accepted input re-encodes to the same 24 bytes. */
CHC_API int chc_mscs_decode(const uint8_t in[CHC_MSCS_BYTES], chc_position *pos, chc_diag *diag);

/* Flags for chc_mscs_write(). */
#define CHC_MSCS_HEX 1u /* 48 lowercase hex digits instead of base64 */

/* Writes the code of `pos` as text (32 base64 characters, or 48 hex digits with CHC_MSCS_HEX)
 * into dst (CHC_MSCS_TEXT_MAX always suffices). Returns CHC_OK, the errors of
 * chc_mscs_encode(), or CHC_E_BUFFER_TOO_SMALL. */
CHC_API int chc_mscs_write(const chc_position *pos, unsigned flags, char *dst, size_t dst_cap,
                           size_t *dst_len, chc_diag *diag);

/* Reads src[0..src_len): 32 base64 characters (standard or URL-safe alphabet, no padding) or
 * 48 hex digits (either case); white space around it is ignored. info->flags gets
 * CHC_READ_HEX for hex. Returns CHC_OK, CHC_E_MSCS_LENGTH, CHC_E_MSCS_CHAR (diag index:
 * character) or the errors of chc_mscs_decode(). */
CHC_API int chc_mscs_read(const char *src, size_t src_len, chc_position *pos,
                          chc_read_info *info, chc_diag *diag);

/*
 * chess_compress_urlsafe (version 1.1.2): the moves of a game from the standard starting
 * position as characters of the URL-safe base64 alphabet, one or two squares a move (plus a
 * promotion letter). Castling is written king square then rook square.
 */
/* Longest text for n moves, with NUL. */
#define CHC_URLSAFE_MAX(n_moves) (3 * (size_t)(n_moves) + 1)

/* Writes legal move `m` of `pos` (1 to 3 characters, not NUL-terminated) into out and returns
 * how many. The move must be legal (see chc_is_legal()). */
CHC_API int chc_urlsafe_write_move(const chc_position *pos, chc_move m, char out[3]);

/* Reads one move at text[0..len) in `pos`. Sets *out and *used (characters consumed, 1 to 3).
 * Returns CHC_OK, CHC_E_URLSAFE_CHAR, CHC_E_URLSAFE_TRUNCATED or CHC_E_URLSAFE_MOVE (an
 * illegal, unreachable or non-canonical move; diag offset: the character at fault, counted
 * from text). */
CHC_API int chc_urlsafe_read_move(const chc_position *pos, const char *text, size_t len,
                                  chc_move *out, size_t *used, chc_diag *diag);

/* Encodes moves[0..n) played from the standard starting position into buf (capacity cap,
 * CHC_URLSAFE_MAX(n) always suffices), NUL-terminated; *len (NULL accepted) gets the length.
 * Returns CHC_OK, CHC_E_MOVE_ILLEGAL (diag index: the ply) or CHC_E_BUFFER_TOO_SMALL. */
CHC_API int chc_urlsafe_encode(const chc_move *moves, size_t n, char *buf, size_t cap,
                               size_t *len, chc_diag *diag);

/* Decodes text[0..len) (a game from the standard starting position) into moves (capacity cap;
 * len always suffices). *n gets the number of moves; `final_pos` (NULL accepted) the position
 * after them. Returns CHC_OK, CHC_E_URLSAFE_CHAR, CHC_E_URLSAFE_TRUNCATED, CHC_E_URLSAFE_MOVE
 * (diag offset: the character at fault, 0-based in text; index: the ply, 0-based) or
 * CHC_E_BUFFER_TOO_SMALL. Only canonical strings (exactly what chc_urlsafe_encode() writes)
 * are accepted. */
CHC_API int chc_urlsafe_decode(const char *text, size_t len, chc_move *moves, size_t cap,
                               size_t *n, chc_position *final_pos, chc_diag *diag);

/* The main line of game `g` as a urlsafe string. Returns CHC_OK, CHC_E_UNSUPPORTED (the game
 * does not start from the standard position, is Chess960, or has a null move; the diag says
 * which), CHC_E_BUFFER_TOO_SMALL or CHC_E_NO_MEMORY. */
CHC_API int chc_urlsafe_write(const chc_game *g, unsigned flags, char *dst, size_t dst_cap,
                              size_t *dst_len, chc_diag *diag);
/* Reads a urlsafe string into `g` (reset first: standard start, no tags, result "*").
 * Returns the errors of chc_urlsafe_decode() or CHC_E_NO_MEMORY. */
CHC_API int chc_urlsafe_read(const char *src, size_t src_len, chc_game *g,
                             chc_read_info *info, chc_diag *diag);

/*
 * The covert chess bot's answers (`chesscodec bot`, docs/bot.md): one chat message in, the
 * reply out, as the original covert-chess-bot answers, with no network and no state (the
 * program around it does the transport). Commands (a "@botname" after the command word is
 * ignored; the argument is the rest of the message):
 *   /start, /startgame   the start position: FEN, covert code, links
 *   /encode POSITION     the covert code of a position (FEN, "startpos", or any code)
 *   /decode TEXT         the position of a code (bare, in a sentence or mixed among words)
 *   /resign TEXT         the code of TEXT's position with the white flag (resignation)
 *   /mix CODE message=M  M (up to 3000 bytes) with the code hidden among its words
 *   /extract TEXT        the code out of a mixed message
 *   /move TEXT [MOVE..]  no move: an analysis-board link; moves (SAN or UCI): play them and
 *                        answer the new code (a game that is over takes none, and says why)
 *   /edit TEXT           a board-editor link
 *   /emoji EMOJI         what one emoji means at each place of a code
 *   /help                the commands
 * A message that is one emoji alone gets its index, name, group, subgroup and escape
 * sequence; any other message holding a code is decoded (/decode); anything else gets a
 * short hint. Bad input always gets a reply that says what is wrong.
 */
#define CHC_BOT_MESSAGE_MAX 4096   /* longest message answered (bytes); longer: "too long" */
#define CHC_BOT_REPLY_MAX 12288    /* always enough for the reply text, with its NUL */
/* What chc_bot_answer() recognised (for logs). */
enum chc_bot_command {
    CHC_BOT_NONE = 0,    /* a plain message without a code, or an empty or too long one */
    CHC_BOT_START, CHC_BOT_ENCODE, CHC_BOT_DECODE, CHC_BOT_RESIGN, CHC_BOT_MIX,
    CHC_BOT_EXTRACT, CHC_BOT_MOVE, CHC_BOT_EDIT, CHC_BOT_HELP,
    CHC_BOT_EMOJI,       /* an emoji alone, or /emoji */
    CHC_BOT_UNKNOWN      /* a command the bot does not have */
};
/* Besides the text: what to attach and what was done. */
typedef struct chc_bot_reply {
    int command;           /* enum chc_bot_command */
    int ok;                /* 1: the request was answered; 0: the reply explains an error */
    int picture;           /* 1: attach a board picture of `position` (drawn from the side
                              to move: flip when Black is to move) */
    chc_position position; /* valid when picture is 1 */
    int flip;              /* 1 when Black is to move in `position` */
} chc_bot_reply;
/* Answers one chat message src[0..src_len) (UTF-8; any bytes accepted; NULL with src_len 0
 * is an empty message). The reply text (valid UTF-8 without NUL bytes: invalid bytes of the
 * message quoted in it become '?'; NUL-terminated; never empty) goes into dst
 * (capacity dst_cap, owned by the caller; CHC_BOT_REPLY_MAX always suffices), its length
 * without the NUL into *dst_len (NULL accepted), the rest into *reply. page_base: the address
 * of chesscodec's page for the "page" link (NULL: no such link). Pure: no I/O, no global
 * state, thread-safe. Returns CHC_OK whenever a reply was written, bad input included (then
 * reply->ok is 0); CHC_E_ARGUMENT (dst or reply NULL, src NULL with src_len > 0) or
 * CHC_E_BUFFER_TOO_SMALL (*dst_len gets the length needed; dst holds a cut reply). */
CHC_API int chc_bot_answer(const char *src, size_t src_len, const char *page_base, char *dst,
                           size_t dst_cap, size_t *dst_len, chc_bot_reply *reply);
/* <<< END SECTION codecs */

/* >>> SECTION pack (position and game codes) -- see src/pack/ */
/*
 * Pack: chesscodec's own smallest exact codes. Versioned and frozen: a code once written
 * decodes to the same position or game with every later release (specifications:
 * docs/formats/pack-position.md, pack-game.md, pack-stream.md). Golden vectors of every
 * version (and of the unversioned 0.1 codes) are pinned in tests/data/pack/.
 *
 * Position code, version 1: every legal position (board, side to move, castling rights
 * including Chess960, en-passant square) as its rank in a counted domain of 2^155.70
 * positions, CHC_PACK_POS_BITS = 156 bits.
 *   Binary form: 20 bytes big-endian (the top four bits zero). The version is not in these
 *   bytes but in the framing that carries them (text form, stream record) or with the caller.
 *   Text form: the version character ('p' for version 1), the 26 base64url characters of the
 *   156 bits (RFC 4648 section 5, most significant first), and a check character: 28
 *   characters.
 * Position code, version 2 (docs/formats/pack-position-v2.md): the same kind of rank in a
 * smaller counted domain of 2^152.57 positions, 153 bits: the same 20-byte binary form (top
 * seven bits zero) and 28-character text form with version character 'q'. Every legal
 * position is in both versions. Writers write version 1 unless asked for version 2
 * (CHC_PACK_POS_V(2), chc_pack_position_encode_version()); readers read both.
 * Counters are not stored (decoding gives 0 1). The en-passant square is stored only when a
 * pawn of the side to move stands beside the pawn that double-stepped. The chess960 flag is
 * not stored: a decoded position is Chess960 exactly when one of its rights needs it.
 *
 * Game code, version 1: the start position, the main-line moves and the result of a game. A
 * predictor (model 1, frozen data) scores the legal moves of each position; a range coder
 * writes the played move with the probability the scores give it (a forced move costs only
 * the end-of-game flag). Levels trade speed for size: level 1 (the default: about 3.26 bits
 * per ply on lichess games, plus about 11 bits a code for the version byte and the result)
 * and level 2 (0.3% smaller, about 20% slower); the level is part of the code.
 *   Binary form: a version byte (1), then the range coder's bytes.
 *   Text form: the version character ('_' for version 1), base64url of the bytes after the
 *   version byte (no padding; unused bits zero), and a check character. ('_' rather than a
 *   letter: unversioned 0.1 game texts almost never start with it, so a damaged version-1
 *   text is almost never readable as a 0.1 code.)
 *
 * The check character detects every single-character substitution and every swap of two
 * adjacent characters in a text code, whatever its length; a position code never passes as a
 * game code's check nor the reverse. Decoders accept only what the encoders write: an
 * accepted code re-encodes to exactly the same bytes (the game code at the level it names).
 *
 * Unversioned codes of chesscodec 0.1 are read, never written (info->version 0, info->flags
 * CHC_READ_LEGACY): the 26-character position text, and game texts made with either of
 * 0.1's two models. A text that is a valid versioned code is read as that version.
 */
#define CHC_PACK_POS_BITS 156
#define CHC_PACK_POS_BYTES 20
/* The text form (28 characters) and its NUL. */
#define CHC_PACK_POS_TEXT_MAX 29
#define CHC_PACK_POS_VERSION 1   /* the version chc_pack_position_write() writes by default */
#define CHC_PACK_POS_VERSION_MAX 2 /* the newest position code version this library knows */
/* Flags of chc_pack_position_write(): the version to write (0: CHC_PACK_POS_VERSION, or
 * 1..CHC_PACK_POS_VERSION_MAX). Other bits must be zero. */
#define CHC_PACK_POS_V(n) ((unsigned)(n) & 15u)
#define CHC_PACK_GAME_VERSION 1  /* the version chc_pack_game_encode()/_write() write */

/* Encodes `pos` (a valid position) into 20 bytes. Returns CHC_OK, or a CHC_E_POS_* code for a
 * position outside the domain (more material than captures and promotions explain:
 * CHC_E_POS_TOO_MANY; castling or en passant that does not fit: CHC_E_POS_CASTLING,
 * CHC_E_POS_EN_PASSANT). */
CHC_API int chc_pack_position_encode(const chc_position *pos, uint8_t dst[CHC_PACK_POS_BYTES],
                                     chc_diag *diag);
/* Decodes the 20 bytes of a version-1 code (chc_pack_position_decode_version() for another). Returns CHC_OK,
 * CHC_E_PACK_RANGE (the number is at or past the count of the domain, which includes any
 * code with one of the top four bits set), or the CHC_E_POS_* code of chc_position_set() when
 * the domain member it names is not a legal position (for example the side not to move in
 * check). */
CHC_API int chc_pack_position_decode(const uint8_t src[CHC_PACK_POS_BYTES], chc_position *pos,
                                     chc_diag *diag);
/* As chc_pack_position_encode() and chc_pack_position_decode() for a named version (1 or
 * 2; the binary form does not say its version: the caller keeps it). Version 2 counts a
 * smaller domain (2^152.57 positions, 153 bits: the top seven bits are zero); every legal
 * position is in both. Encode returns CHC_E_ARGUMENT for another version, and for version 2
 * also CHC_E_POS_TOO_MANY for a position of version 1's domain that is not in version 2's
 * (material or pawn files that captures and promotions cannot explain: never a legal
 * position). Decode returns CHC_E_PACK_VERSION for a version this library does not know, then
 * the errors of chc_pack_position_decode() (CHC_E_PACK_RANGE at or past the version's count). */
CHC_API int chc_pack_position_encode_version(const chc_position *pos, int version,
                                             uint8_t dst[CHC_PACK_POS_BYTES], chc_diag *diag);
CHC_API int chc_pack_position_decode_version(const uint8_t src[CHC_PACK_POS_BYTES], int version,
                                             chc_position *pos, chc_diag *diag);
/* Writes the text form (28 characters; CHC_PACK_POS_TEXT_MAX always suffices) of the version
 * flags name (CHC_PACK_POS_V(n); 0: version 1, whose codes every release reads). Returns as
 * chc_pack_position_encode_version(), plus CHC_E_ARGUMENT (flags, version) and
 * CHC_E_BUFFER_TOO_SMALL. */
CHC_API int chc_pack_position_write(const chc_position *pos, unsigned flags, char *dst,
                                    size_t dst_cap, size_t *dst_len, chc_diag *diag);
/* Reads the text form of any version, or the 26-character text of chesscodec 0.1
 * (info->flags CHC_READ_LEGACY, info->version 0); white space around it is ignored.
 * info->version gets the version. Returns CHC_OK, or: CHC_E_EMPTY (only white space);
 * CHC_E_PACK_CORRUPT (not 28 or 26 characters, or a character outside base64url; diag: index,
 * offset); CHC_E_PACK_CHECK (the check character does not match: a typo or damage, not
 * located); CHC_E_PACK_VERSION (a valid check but a version character of no version this
 * library knows); then the errors of chc_pack_position_decode(). */
CHC_API int chc_pack_position_read(const char *src, size_t src_len, chc_position *pos,
                                   chc_read_info *info, chc_diag *diag);

#define CHC_PACK_GAME_MAX_PLIES 100000u
#define CHC_PACK_GAME_LEVELS 2
#define CHC_PACK_GAME_LEVEL_DEFAULT 1
/* Flags of the game writers: the level (0: default, or 1..CHC_PACK_GAME_LEVELS). Other bits
 * must be zero. */
#define CHC_PACK_LEVEL(n) ((unsigned)(n) & 15u)
/* Bytes that always suffice for the binary code of a game of `plies` plies. */
#define CHC_PACK_GAME_MAX(plies) (48u + 3u * (size_t)(plies))
/* Characters (with NUL) that always suffice for the text form. */
#define CHC_PACK_GAME_TEXT_MAX(plies) ((CHC_PACK_GAME_MAX(plies) * 4u + 2u) / 3u + 3u)

/* Encodes the version-1 binary code of the game that starts at `start` (a valid position),
 * plays moves[0..n) (legal moves; compared by from, to and promotion) and has result `result`
 * (enum chc_result) at the level of `flags` into dst (CHC_PACK_GAME_MAX(n) always suffices).
 * Returns CHC_OK, CHC_E_ARGUMENT (bad level, flags or result), CHC_E_MOVE_ILLEGAL (diag
 * index: the ply), CHC_E_UNSUPPORTED (a null move), CHC_E_LIMIT (more than
 * CHC_PACK_GAME_MAX_PLIES), CHC_E_BUFFER_TOO_SMALL (*dst_len: the size needed), or an error of
 * chc_pack_position_encode() for the start. */
CHC_API int chc_pack_game_encode(const chc_position *start, const chc_move *moves, size_t n,
                                 int result, unsigned flags, uint8_t *dst, size_t dst_cap,
                                 size_t *dst_len, chc_diag *diag);
/* Decodes a binary game code of any version (its first byte): the start into *start, the
 * moves into moves[] (room for cap; *n their number), the result into *result (NULL
 * accepted); info (NULL accepted) gets the version. Unversioned 0.1 binary codes are not
 * read here (see chc_pack_game_decode_legacy(), experimental). Returns CHC_OK;
 * CHC_E_BUFFER_TOO_SMALL (then *n is the number of plies needed); CHC_E_LIMIT;
 * CHC_E_PACK_VERSION (diag: the version byte); CHC_E_PACK_CORRUPT (empty, truncated, a
 * malformed header or start, data no encoder writes; diag: index = ply); or the start
 * position code's error. */
CHC_API int chc_pack_game_decode(const uint8_t *src, size_t src_len, chc_position *start,
                                 chc_move *moves, size_t cap, size_t *n, int *result,
                                 chc_read_info *info, chc_diag *diag);
/* Writes the version-1 text form of game `g`'s start, main line and result
 * (chc_game_result()) at the level of `flags`; CHC_PACK_GAME_TEXT_MAX(plies) always
 * suffices. Returns as chc_pack_game_encode(), plus CHC_E_NO_MEMORY. */
CHC_API int chc_pack_game_write(const chc_game *g, unsigned flags, char *dst, size_t dst_cap,
                                size_t *dst_len, chc_diag *diag);
/* Reads the text form of any version, or an unversioned chesscodec 0.1 game text, into `g`
 * (reset first: start, main line, result; a 0.1 code has result "*"). White space around it
 * is ignored. The reading rule: a text with a version character and a valid check character
 * that decodes is that version (info->version); otherwise the text is tried as a 0.1 code with
 * both 0.1 models: when exactly one reads it (or both give the same game) that is the game,
 * with info->flags CHC_READ_LEGACY and info->version 0. Returns CHC_OK, or: CHC_E_EMPTY;
 * CHC_E_PACK_CORRUPT (a character outside base64url, diag: index; or not a code of any
 * version); CHC_E_PACK_CHECK (a version character but the check does not match, and no 0.1
 * model reads it); CHC_E_PACK_VERSION (a valid code of a newer version); CHC_E_PACK_AMBIGUOUS
 * (a 0.1 code both 0.1 models read as different games; the message names both: decode it
 * with the model named, chc_pack_game_read_legacy()); the errors of chc_pack_game_decode();
 * CHC_E_NO_MEMORY. */
CHC_API int chc_pack_game_read(const char *src, size_t src_len, chc_game *g,
                               chc_read_info *info, chc_diag *diag);

/*
 * Pack stream (docs/formats/pack-stream.md): many position and game codes in one binary file:
 * an 8-byte header (80 00 "CHPK", the stream version, 0A), then records, each with its kind
 * ('P' position, 'G' game) and code version, its length (LEB128), the code's bytes (a game
 * code without its version byte) and a CRC-32C of all that. The magic is neither text (0x80
 * cannot start UTF-8) nor the start of a 0.1 `convert --binary` stream (a LEB128 length is
 * never 80 00).
 */
#define CHC_PACK_STREAM_HEADER_BYTES 8
/* Writes the stream header into dst. Returns CHC_OK or CHC_E_BUFFER_TOO_SMALL (*dst_len, NULL
 * accepted, gets 8 either way). */
CHC_API int chc_pack_stream_header(uint8_t *dst, size_t dst_cap, size_t *dst_len);
/* Bytes that always suffice for one record of a game of `plies` plies. */
#define CHC_PACK_STREAM_RECORD_MAX(plies) (CHC_PACK_GAME_MAX(plies) + 16u)
/* Writes one record holding game `g` (its start, main line and result; flags: the level) in
 * the current game code version. Returns as chc_pack_game_encode() (CHC_E_BUFFER_TOO_SMALL
 * with *dst_len the record's size), plus CHC_E_NO_MEMORY. */
CHC_API int chc_pack_stream_write_game(const chc_game *g, unsigned flags, uint8_t *dst,
                                       size_t dst_cap, size_t *dst_len, chc_diag *diag);
/* Writes one record holding position `pos` (27 bytes) as a version-1 code. Returns as
 * chc_pack_position_encode(), plus CHC_E_BUFFER_TOO_SMALL. */
CHC_API int chc_pack_stream_write_position(const chc_position *pos, uint8_t *dst,
                                           size_t dst_cap, size_t *dst_len, chc_diag *diag);
/* As chc_pack_stream_write_position() with the position code of `version` (1 or 2; the record's
 * version byte names it). Returns as chc_pack_position_encode_version(), plus
 * CHC_E_BUFFER_TOO_SMALL. */
CHC_API int chc_pack_stream_write_position_version(const chc_position *pos, int version,
                                                   uint8_t *dst, size_t dst_cap, size_t *dst_len,
                                                   chc_diag *diag);
/* Checks a stream header at src[0..src_len) (the first 8 bytes). Returns CHC_OK,
 * CHC_E_STREAM_FORMAT (no magic, cut off, or a damaged last byte) or CHC_E_PACK_VERSION (a
 * stream version this library does not know). */
CHC_API int chc_pack_stream_check_header(const uint8_t *src, size_t src_len, chc_diag *diag);
/* Reads the record at src[0..src_len) (after the header). A game record fills `g` (reset
 * first); a position record fills `pos` and leaves g alone; either may be NULL, and a record
 * whose destination is NULL is still checked and decoded. info->format says which
 * (CHC_FORMAT_PACK_GAME or CHC_FORMAT_PACK_POSITION), info->version the code's version.
 * *used gets the record's size whenever its framing is intact, also when the CRC, the version
 * or the code is bad (so a caller may skip it), else 0. Returns CHC_OK, CHC_E_GAME_END
 * (src_len is 0), CHC_E_STREAM_FORMAT (unknown kind, bad length, record cut off; diag offset
 * relative to src), CHC_E_PACK_CHECK (CRC mismatch), CHC_E_PACK_VERSION, the code's errors,
 * or CHC_E_NO_MEMORY. */
CHC_API int chc_pack_stream_read_record(const uint8_t *src, size_t src_len, size_t *used,
                                        chc_game *g, chc_position *pos, chc_read_info *info,
                                        chc_diag *diag);
/* <<< END SECTION pack */

/* >>> SECTION formats (every format read, written and detected in one place) -- see src/formats/ */
/*
 * The formats layer: one registry of every position and game format, one detector, and
 * read / write of any format from and into a chc_position or chc_game. Every program built
 * on the library (the CLI, the server, the bindings) reads its inputs here, so the same text
 * means the same thing everywhere.
 *
 * Positions: FEN (X-FEN castling for Chess960; 4-field EPD-style FEN accepted), Shredder-FEN,
 * EPD (four fields and operations), "startpos", covert chess (also inside a chat message),
 * MSCS (base64 and hex), pack position (every version).
 * Games: PGN, SAN line and UCI line (one game a line, with an optional start and result:
 * docs/formats/lines.md), urlsafe, pack game text (every version), pack stream (binary).
 *
 * A position format given to a game reader gives a game with no moves from that position; a
 * game written in a position format writes the position at the end of its main line (the
 * MSCS "converter from a game's moves to the state").
 */
enum chc_format {
    CHC_FORMAT_AUTO = 0,            /* readers: detect */
    /* positions */
    CHC_FORMAT_FEN = 1,             /* "fen" */
    CHC_FORMAT_SHREDDER_FEN = 2,    /* "shredder-fen": castling as rook files (HAha) */
    CHC_FORMAT_EPD = 3,             /* "epd": four fields, then operations ("bm e4; id x;") */
    CHC_FORMAT_COVERT = 4,          /* "covert" */
    CHC_FORMAT_MSCS = 5,            /* "mscs": base64 */
    CHC_FORMAT_MSCS_HEX = 6,        /* "mscs-hex" */
    CHC_FORMAT_PACK_POSITION = 7,   /* "pack-position" ("pack" where a position is wanted) */
    /* games */
    CHC_FORMAT_PGN = 16,            /* "pgn" */
    CHC_FORMAT_SAN_LINE = 17,       /* "san" */
    CHC_FORMAT_UCI_LINE = 18,       /* "uci" */
    CHC_FORMAT_URLSAFE = 19,        /* "urlsafe" */
    CHC_FORMAT_PACK_GAME = 20,      /* "pack-game" ("pack" where a game is wanted) */
    CHC_FORMAT_PACK_STREAM = 21     /* "pack-stream": binary */
};
/* Kinds, for chc_format_info.kind and the `kinds` masks below. */
#define CHC_KIND_POSITION 1u
#define CHC_KIND_GAME 2u
/* Capabilities, for chc_format_info.caps. */
#define CHC_CAP_READ 1u     /* has a reader */
#define CHC_CAP_WRITE 2u    /* has a writer */
#define CHC_CAP_DETECT 4u   /* the detector recognises it (pack stream: readers, by its magic;
                               unversioned 0.1 pack game codes only when named) */
#define CHC_CAP_BINARY 8u   /* bytes, not text */
#define CHC_CAP_LINE 16u    /* one item a line in batches (all text formats but PGN) */

typedef struct chc_format_info {
    int format;             /* enum chc_format */
    const char *name;       /* "fen", "covert", "pack-game", ... */
    const char *label;      /* short display label: "FEN", "Covert", "Pack game", ... */
    const char *summary;    /* one line for help texts */
    unsigned kind;          /* CHC_KIND_POSITION or CHC_KIND_GAME */
    unsigned caps;          /* CHC_CAP_* */
} chc_format_info;

/* The registry, in a fixed order (positions, then games): entry i for i < chc_format_count(),
 * else NULL. */
CHC_API size_t chc_format_count(void);
CHC_API const chc_format_info *chc_format_at(size_t i);
/* The entry of `format`, or NULL. */
CHC_API const chc_format_info *chc_format_get(int format);
/* The format called `name` (a name of the registry, or "pack", which means pack-position
 * when `kinds` is CHC_KIND_POSITION and pack-game otherwise), or CHC_FORMAT_AUTO when no
 * format of those kinds has that name (kinds 0: any kind). */
CHC_API int chc_format_by_name(const char *name, unsigned kinds);
/* Writes the names of the formats of `kinds` (0: any) having every bit of `caps`, in
 * registry order, joined by sep ("fen, epd, covert"), into dst (NUL-terminated; 512 bytes
 * suffice for every list with a separator of up to 4 bytes). Returns CHC_OK, or
 * CHC_E_BUFFER_TOO_SMALL (dst then holds the names that fit, never half a name). */
CHC_API int chc_format_names(unsigned kinds, unsigned caps, const char *sep, char *dst,
                             size_t dst_cap);

/* Detects the format of src[0..src_len) among the formats of `kinds` (0: both) by reading it
 * (a game format's text is read into a scratch game: allocates). Returns CHC_E_EMPTY for
 * white space only. Returns
 * CHC_OK with info->format set when the text is a valid item of one format (when several
 * fit, the order of docs/formats/detection.md decides). Otherwise returns the error of the
 * nearest format (a damaged code is reported by its own format: "pack position: the check
 * character does not match", not "MSCS: 27 characters") with info->format that format, or
 * CHC_E_FORMAT with info->format CHC_FORMAT_AUTO when nothing is near. */
CHC_API int chc_detect(const char *src, size_t src_len, unsigned kinds, chc_read_info *info,
                       chc_diag *diag);

/* Reads one position from src[0..src_len) in `format` (CHC_FORMAT_AUTO: detect among the
 * position formats; a game format named explicitly gives the position at the end of the
 * game's main line). Returns CHC_OK, CHC_E_EMPTY (white space only), CHC_E_ARGUMENT (an
 * unknown format) or the format's error (see chc_detect() for AUTO); info (NULL accepted)
 * says what was read (covert: CHC_READ_IN_MESSAGE and the offset when the code was found in
 * a message, or spread among its words). */
CHC_API int chc_position_read(const char *src, size_t src_len, int format, chc_position *pos,
                              chc_read_info *info, chc_diag *diag);
/* Flags of chc_position_write() and chc_game_write(), by format: FEN and EPD take the
 * CHC_FEN_* flags; covert CHC_COVERT_RESIGNED; pack position CHC_PACK_POS_V(n) (the
 * version); pack game CHC_PACK_LEVEL(n); PGN the
 * CHC_PGN_WRITE_* flags. Other bits must be zero. */
/* Writes `pos` in `format` (a position format). Returns CHC_OK, CHC_E_ARGUMENT (not a position
 * format that can be written), the format's error, or CHC_E_BUFFER_TOO_SMALL. */
CHC_API int chc_position_write(const chc_position *pos, int format, unsigned flags, char *dst,
                               size_t dst_cap, size_t *dst_len, chc_diag *diag);
/* Links to a position (docs/links.md), for `chesscodec link`. */
enum chc_link {
    CHC_LINK_LICHESS_ANALYSIS = 0, /* BASE/analysis/FEN (spaces as '_'; Chess960:
                                      BASE/analysis/chess960/FEN), "?color=black" when Black
                                      is to move; BASE "https://lichess.org" */
    CHC_LINK_LICHESS_EDITOR = 1,   /* BASE/editor/FEN, the board editor */
    CHC_LINK_PAGE = 2              /* BASE#fen=FEN (FEN percent-encoded as encodeURIComponent
                                      does): chesscodec's own page, as `chesscodec serve`
                                      serves it at BASE (CHC_LINK_PAGE_DEFAULT) */
};
#define CHC_LINK_PAGE_DEFAULT "http://127.0.0.1:8080/"
/* Longest link for a base of base_len bytes, with NUL. */
#define CHC_LINK_MAX(base_len) ((base_len) + 3 * CHC_FEN_MAX + 40)
/* Writes the link of `kind` to `pos` into dst (NUL-terminated; CHC_LINK_MAX(strlen(base))
 * suffices). base (NULL: the default of the kind) is used as given. Returns CHC_OK,
 * CHC_E_ARGUMENT (no such kind) or CHC_E_BUFFER_TOO_SMALL (*dst_len, NULL accepted, gets
 * the length needed without the NUL). */
CHC_API int chc_position_link(const chc_position *pos, int kind, const char *base, char *dst,
                              size_t dst_cap, size_t *dst_len, chc_diag *diag);
/* Longest text chc_position_write() writes in any format, with NUL. */
#define CHC_POSITION_TEXT_MAX 1024

/* Reads one game from src[0..src_len) in `format` (CHC_FORMAT_AUTO: detect among games and
 * positions) into g (reset first). PGN: the first game of the text (CHC_E_EMPTY when there
 * is none; info->flags CHC_READ_NO_RESULT when it has no result token). Pack stream: the
 * first record of the bytes. Returns CHC_OK, CHC_E_EMPTY, CHC_E_ARGUMENT or the format's
 * error (diag: line, column, ply). */
CHC_API int chc_game_read(const char *src, size_t src_len, int format, chc_game *g,
                          chc_read_info *info, chc_diag *diag);
/* Writes game g in `format`: a game format writes the main line (PGN: the whole game with
 * tags, comments and variations), a position format the position at the end of the main
 * line. SAN and UCI lines carry the start and the result (docs/formats/lines.md); pack game
 * codes carry the start and (from version 1) the result; urlsafe refuses a start it cannot
 * hold (not the standard start, Chess960) or a null move (CHC_E_UNSUPPORTED) and, having no
 * place for it, leaves the result out. No line end is written for one-line formats; PGN ends
 * with its blank line. Returns CHC_OK, CHC_E_ARGUMENT (unknown format or flags; pack stream,
 * which is binary: use chc_pack_stream_*), CHC_E_BUFFER_TOO_SMALL or the format's error. */
CHC_API int chc_game_write(const chc_game *g, int format, unsigned flags, char *dst,
                           size_t dst_cap, size_t *dst_len, chc_diag *diag);

/*
 * Reports: a position or a game in every format, as one JSON object
 * -----------------------------------------------------------------
 * What a page or a program shows about a position or a game, written as compact UTF-8 JSON
 * (RFC 8259; text from the input that is not valid UTF-8 is replaced by U+FFFD). The
 * server's JSON API (docs/api.md) and the serverless page answer with exactly these, so the
 * members are documented there. Text out follows the calling convention (dst, dst_cap,
 * *dst_len; CHC_E_BUFFER_TOO_SMALL gives the length needed).
 *
 * chc_position_report_json(): {"fen", "formats": {name: code or null}, "format_errors"
 * (only when a format cannot hold the position: {name: why}), "polyglot_key", "turn",
 * "check", "chess960", "claimable_draw" (when there is one), "status" ("playing",
 * "checkmate", "stalemate", "insufficient_material", "seventy_five_moves",
 * "fivefold_repetition"), "result" (when the game is over), "legal_moves" (UCI), "dests"
 * ({from: [to, ...]}, castling also as king onto rook in standard chess), "input_format"
 * (when input_format is not NULL)}.
 * chc_game_report_json(): {"input_format" (when not NULL), "start_fen", "standard_start",
 * "moves" (UCI), "san", "plies", "tags", "result" (the rules' result when the game has none:
 * chc_game_set_rule_result(), applied to a copy), "variations" (only when the game has any:
 * [{"path": the UCI moves from the start to where the line leaves its parent line, "moves",
 * "san": the line}], nested ones too, in the tree's order), "formats", "format_errors",
 * "position"
 * (the report of the final position, with the game's outcome: repetitions count)}.
 * Both return CHC_OK, CHC_E_ARGUMENT (NULL pos/game, or NULL dst with dst_cap > 0),
 * CHC_E_BUFFER_TOO_SMALL or CHC_E_NO_MEMORY. A game report is about 1 KB plus 40 bytes a
 * ply; CHC_POSITION_REPORT_MAX bytes hold every position report.
 */
#define CHC_POSITION_REPORT_MAX 8192
CHC_API int chc_position_report_json(const chc_position *pos, const char *input_format,
                                     char *dst, size_t dst_cap, size_t *dst_len);
CHC_API int chc_game_report_json(const chc_game *g, const char *input_format, char *dst,
                                 size_t dst_cap, size_t *dst_len);

/*
 * Readers: a stream of games or positions
 * ---------------------------------------
 * A reader pulls items from a file or memory: PGN games, one game or position a line, or the
 * records of a pack stream. With CHC_FORMAT_AUTO it detects the input's shape from its first
 * bytes (a pack stream's magic; PGN tags or movetext; else lines) and each line's format.
 * Memory stays bounded by the largest item. A bad item is reported with its number and place
 * and the reader moves on to the next.
 */
typedef struct chc_reader chc_reader;
/* Reader flags (they combine: the PGN ones are CHC_PGN_*'s values, the others bits above). */
#define CHC_READER_POSITIONS 0x100u /* items are positions: lines are detected among position
                                       formats only (a game line is CHC_E_FORMAT), and the
                                       input is never taken for PGN */
#define CHC_READER_MAINLINE_ONLY CHC_PGN_MAINLINE_ONLY /* PGN: skip variations */
#define CHC_READER_NO_COMMENTS CHC_PGN_NO_COMMENTS     /* PGN: drop comments and NAGs */
/* A reader pulling bytes through `fn` (the caller keeps ctx alive and closes it), or over
 * `len` bytes in memory (not copied). Returns NULL when out of memory. */
CHC_API chc_reader *chc_reader_new(chc_read_fn fn, void *ctx, int format, unsigned flags);
CHC_API chc_reader *chc_reader_new_mem(const void *data, size_t len, int format,
                                       unsigned flags);
CHC_API void chc_reader_free(chc_reader *r);
/* The next item as a game (a position item gives a game with no moves) / as a position (a
 * game item gives the position at the end of its main line). Returns CHC_OK; CHC_E_GAME_END
 * at the end of input; CHC_E_EMPTY for a blank line of a one-line format (so output line N
 * can stay input line N); CHC_E_IO (stop: the input failed); CHC_E_LIMIT for a line over
 * 64 MB (skipped); or the item's error (the next call reads the next item). Every return but
 * CHC_OK fills the diag: for lines the message starts "line N: " and diag->line is N; for
 * PGN the game number, line and column. A pack stream record whose framing is broken ends the
 * stream (the next call returns CHC_E_GAME_END). info->flags gets CHC_READ_NO_RESULT for a PGN
 * game cut off at the end of input. */
CHC_API int chc_reader_next_game(chc_reader *r, chc_game *g, chc_read_info *info,
                                 chc_diag *diag);
CHC_API int chc_reader_next_position(chc_reader *r, chc_position *pos, chc_read_info *info,
                                     chc_diag *diag);
/* The input's format once known: CHC_FORMAT_PGN, CHC_FORMAT_PACK_STREAM, or for line input
 * the format of the last line read. */
CHC_API int chc_reader_format(const chc_reader *r);
/* The number (1-based) of the last item returned, its first line, and the bytes consumed. */
CHC_API long chc_reader_item(const chc_reader *r);
CHC_API long chc_reader_line(const chc_reader *r);
CHC_API uint64_t chc_reader_bytes(const chc_reader *r);

/*
 * Converting many items: chc_convert
 * ----------------------------------
 * Reads every item of an input -- PGN games, one game or position a line in any format, or a
 * pack stream; CHC_FORMAT_AUTO tells them apart as a chc_reader does -- and writes each in
 * another format through a write callback (what `chesscodec convert` does).
 *  - Order and memory: the calling thread reads the input and cuts it into batches of whole
 *    games or lines, `threads` workers convert batches, and the calling thread writes their
 *    output in input order. Memory stays bounded (about 6 MB per worker, plus the largest
 *    item) whatever the input size. The output does not depend on the number of threads.
 *  - Bad items: each is reported to on_error with its number (game N of a PGN, line N of a
 *    line input, record N of a pack stream) and a diag whose message names it ("game 2,
 *    line 7, column 13: 'Ke3': illegal move"; "line 3 (san): ..."), then skipped; with
 *    CHC_CONVERT_STRICT the first one ends the conversion. In a one-line output format
 *    (CHC_CAP_LINE) a bad or blank input line writes an empty line: output line N stays
 *    input line N (game N of a PGN input).
 *  - What is written: `to` as chc_game_write() writes it (a position format: the position at
 *    the end of each game), one line per item in one-line formats; a game that ends by rule
 *    gets its result first (chc_game_set_rule_result()). PGN input keeps its variations and
 *    comments only for PGN output (and not with CHC_PGN_WRITE_NO_VARIATIONS / _NO_COMMENTS).
 *    CHC_FORMAT_PACK_STREAM output starts with its header. For a whole game as lines of
 *    positions, see CHC_CONVERT_EVERY_POSITION.
 *  - Callbacks (read, write, on_error, on_progress) are called from the calling thread only,
 *    one at a time, in input order.
 */
/* Output callback: writes `len` bytes of `data`; returns 0, or non-zero when writing failed
 * (the conversion then stops with CHC_E_IO). */
typedef int (*chc_write_fn)(void *ctx, const void *data, size_t len);

/* Flags of chc_convert_options.flags. */
#define CHC_CONVERT_STRICT 1u         /* stop at the first bad item (its error is returned) */
#define CHC_CONVERT_EVERY_POSITION 2u /* `to` a position format: every position of each
                                         game's main line, one a line, then an empty line
                                         (with CHC_FORMAT_FEN: `convert --to fens`) */
#define CHC_CONVERT_POSITIONS 4u      /* items are positions: a line is read as a position
                                         (a game line is a bad item), as chc_position_read() */

/* Counters of a conversion, filled as it goes (on_progress sees them) and at its end. */
typedef struct chc_convert_stats {
    long items;          /* items read: converted + bad + blank */
    long converted;      /* items written */
    long bad;            /* items reported to on_error */
    long blank;          /* blank lines of a line input */
    uint64_t bytes_in;   /* input bytes read so far */
    uint64_t bytes_out;  /* bytes written */
    int input_format;    /* what the input was read as: CHC_FORMAT_PGN, CHC_FORMAT_PACK_STREAM,
                            or lines: the format of every line (CHC_FORMAT_AUTO: each line
                            detected) */
    unsigned flags;      /* CHC_READ_NO_RESULT: the input's last PGN game ended at the end of
                            the input without a result token (was the file cut off?) */
} chc_convert_stats;

/* Receives each bad item: its number (see above) and what is wrong (diag->code the error,
 * diag->message the whole line to show; valid during the call only). */
typedef void (*chc_convert_error_fn)(void *ctx, long item, const chc_diag *diag);
/* Receives the counters after each batch is written (for a progress display). */
typedef void (*chc_convert_progress_fn)(void *ctx, const chc_convert_stats *stats);

/* What to convert. Zero every field (`= {0}`), then set `to` (and what else you need). */
typedef struct chc_convert_options {
    int from;            /* CHC_FORMAT_AUTO (detect), CHC_FORMAT_PGN, CHC_FORMAT_PACK_STREAM,
                            or the format of every line (any format with CHC_CAP_READ) */
    int to;              /* any format with CHC_CAP_WRITE, or CHC_FORMAT_PACK_STREAM */
    unsigned write_flags;/* as chc_game_write() for `to` (PGN: CHC_PGN_WRITE_*; pack game and
                            pack stream: CHC_PACK_LEVEL(n); FEN: CHC_FEN_*; ...) */
    unsigned flags;      /* CHC_CONVERT_* */
    int threads;         /* worker threads: 1..256, or 0 for one per core (at most 64) */
    chc_convert_error_fn on_error;       /* NULL accepted: bad items are only counted */
    chc_convert_progress_fn on_progress; /* NULL accepted */
    void *ctx;           /* passed to on_error and on_progress */
} chc_convert_options;

/* Converts every item read through read(read_ctx, ...) as `opt` says, writing through
 * write(write_ctx, ...); *stats (NULL accepted) gets the counters. Returns:
 *  - CHC_OK when the whole input was read, bad items (skipped, counted) included;
 *  - CHC_E_ARGUMENT: bad options (a format that cannot be read or written, unknown flags or
 *    write flags, threads out of range); nothing read or written;
 *  - the error of the pack stream header writer (with CHC_FORMAT_PACK_STREAM output);
 *  - CHC_E_IO: the read callback returned (size_t)-1, or the write callback failed;
 *  - CHC_E_NO_MEMORY;
 *  - with CHC_CONVERT_STRICT, the error of the first bad item (after on_error got it).
 * On failure the diag says what happened (for a bad item, the same diag on_error got); the
 * output written so far is what came before the failure: throw it away. */
CHC_API int chc_convert(chc_read_fn read, void *read_ctx, const chc_convert_options *opt,
                        chc_write_fn write, void *write_ctx, chc_convert_stats *stats,
                        chc_diag *diag);

/*
 * Compressed files
 * ----------------
 * A chc_decompressor is a chc_read_fn over another: it looks at the first bytes and, for the
 * magic of gzip, bzip2, xz or zstd, decompresses (concatenated streams and frames are read as
 * one, as the command-line tools read them); anything else passes through unchanged. Give it
 * to chc_reader_new, chc_convert, ... A chc_compressor is a chc_write_fn over another that
 * compresses. Each codec is an optional part of the library (zlib, libbz2, liblzma, libzstd:
 * chc_build_features() says which); without it that input or output is CHC_E_UNSUPPORTED
 * naming the package.
 */
#define CHC_COMPRESS_NONE 0
#define CHC_COMPRESS_GZIP 1  /* .gz, zlib */
#define CHC_COMPRESS_BZIP2 2 /* .bz2, libbz2 */
#define CHC_COMPRESS_XZ 3    /* .xz, liblzma (multi-threaded decoding and encoding) */
#define CHC_COMPRESS_ZSTD 4  /* .zst, libzstd (multi-threaded encoding) */
/* "none", "gzip", "bzip2", "xz", "zstd"; NULL for another number. */
CHC_API const char *chc_compression_name(int kind);
/* The compression a file name asks for by its extension (".gz", ".bz2", ".xz", ".zst";
 * CHC_COMPRESS_NONE for others and NULL). */
CHC_API int chc_compression_of_path(const char *path);
/* The compression of data starting with these len bytes (its magic), or CHC_COMPRESS_NONE. */
CHC_API int chc_compression_sniff(const void *data, size_t len);

typedef struct chc_decompressor chc_decompressor;
/* A decompressing reader pulling from fn/ctx (the caller keeps ctx alive). threads: xz's
 * decoder may use that many (0 or 1: one). Returns NULL when out of memory or fn is NULL. */
CHC_API chc_decompressor *chc_decompressor_new(chc_read_fn fn, void *ctx, int threads);
/* A chc_read_fn (ctx: the decompressor): up to cap bytes of decompressed (or plain) text;
 * 0 at the end; (size_t)-1 on an error, then chc_decompressor_error() says which:
 * CHC_E_IO (the source failed, or damaged or cut compressed data: diag offset = compressed
 * bytes read), CHC_E_UNSUPPORTED (a compression the library was built without), or
 * CHC_E_NO_MEMORY. After an error every call returns (size_t)-1. */
CHC_API size_t chc_decompressor_read(void *ctx, char *buf, size_t cap);
/* CHC_COMPRESS_* of the input once the first read is done, else -1. */
CHC_API int chc_decompressor_kind(const chc_decompressor *d);
/* The compressed bytes read from the source so far (for a progress bar over a file's size). */
CHC_API uint64_t chc_decompressor_bytes_in(const chc_decompressor *d);
/* CHC_OK, or the error that stopped reading (its diag copied to *diag, NULL accepted). */
CHC_API int chc_decompressor_error(const chc_decompressor *d, chc_diag *diag);
CHC_API void chc_decompressor_free(chc_decompressor *d);

typedef struct chc_compressor chc_compressor;
/* A compressor of kind CHC_COMPRESS_* writing through fn/ctx into *out: level (0: the tool's
 * default: gzip 6, bzip2 9, xz 6, zstd 3), threads (xz and zstd may use that many; 0 or 1:
 * one). CHC_COMPRESS_NONE passes bytes through. Returns CHC_OK, CHC_E_ARGUMENT (fn NULL, an
 * unknown kind), CHC_E_UNSUPPORTED (built without its library) or CHC_E_NO_MEMORY. */
CHC_API int chc_compressor_new(int kind, int level, int threads, chc_write_fn fn, void *ctx,
                               chc_compressor **out, chc_diag *diag);
/* A chc_write_fn (ctx: the compressor): returns 0, or -1 once writing or compressing failed. */
CHC_API int chc_compressor_write(void *ctx, const void *data, size_t len);
/* Ends the compressed stream (writes what remains). Returns CHC_OK, CHC_E_IO (a write failed)
 * or CHC_E_INTERNAL. Call it once, before chc_compressor_free, for a complete file. */
CHC_API int chc_compressor_finish(chc_compressor *c, chc_diag *diag);
CHC_API void chc_compressor_free(chc_compressor *c);
/*
 * The position index: an opening explorer over your own games
 * ------------------------------------------------------------
 * An SQLite database (the file's format: docs/index.md) holding, for every position reached in
 * the first `plies` plies of each game (50 by default), the moves played from it with White
 * wins / draws / Black wins, the players' average rating and the best-rated game. Positions are
 * keyed by their pack position code (so move counters do not matter and an en passant square
 * only when a capture is possible: transpositions meet). Games are added in any number of runs;
 * a game already in the index (same tags, start, moves and result) is counted as a duplicate and
 * not added again. Every stored figure is a sum or a maximum with a fixed tie-break, so the
 * index does not depend on the order of the games: indexes built on shards of an input and
 * merged (chc_index_merge) hold the same rows as one built from the whole input, provided no
 * game is in two shards (a duplicate across shards is counted twice).
 * Optional part of the library: built when SQLite was found (Debian: libsqlite3-dev;
 * CHC_FEATURE_SQLITE); without it every chc_index_* function returns CHC_E_UNSUPPORTED.
 * A chc_index is used by one thread at a time; several processes may read one file while one
 * writes (SQLite's locking: a writer waits up to 5 s for another).
 */
typedef struct chc_index chc_index;
#define CHC_INDEX_PLIES_DEFAULT 50
#define CHC_INDEX_PLIES_MAX 1000
#define CHC_INDEX_CREATE 1u    /* create the file (and the index in an empty file) when missing */
#define CHC_INDEX_READ_ONLY 2u /* open for chc_index_explore only */
/* Opens the index at `path` into *out (NULL on failure). plies: the ply limit of a new index
 * (0: CHC_INDEX_PLIES_DEFAULT); for an existing one 0 or its own limit. Returns CHC_OK,
 * CHC_E_ARGUMENT (path or out NULL, unknown or conflicting flags, plies out of 0..1000 or not
 * the index's own), CHC_E_IO (the file cannot be opened or created: diag says why), CHC_E_INDEX
 * (not a chesscodec index, or of another version), CHC_E_UNSUPPORTED or CHC_E_NO_MEMORY. */
CHC_API int chc_index_open(const char *path, unsigned flags, int plies, chc_index **out,
                           chc_diag *diag);
/* Closes (NULL accepted). */
CHC_API void chc_index_close(chc_index *ix);
/* The ply limit the index was built with (0 for NULL). */
CHC_API int chc_index_plies(const chc_index *ix);

/* Counters of chc_index_add / chc_index_merge / chc_index_counts. */
typedef struct chc_index_stats {
    long items;        /* games read (add), or all four below (counts) */
    long games;        /* games added */
    long bad;          /* games that could not be read (reported to on_error) */
    long skipped;      /* games without a result ("*"): not indexed */
    long duplicates;   /* games already in the index */
    uint64_t bytes_in; /* input bytes read (add) */
} chc_index_stats;
/* Reads every game of an input (PGN, one game a line, a pack stream: as chc_reader_new with
 * CHC_FORMAT_AUTO; main lines only; wrap `read` in a chc_decompressor for compressed files) and
 * adds it, all in one transaction: on any failure nothing is added. A game that cannot be read
 * is reported to on_error (NULL accepted; its number and a diag as chc_convert gives them),
 * skipped and counted; so are games without a result. *stats (NULL accepted) gets the
 * counters, also on failure. Returns CHC_OK, CHC_E_ARGUMENT (ix or read NULL, a read-only
 * index), CHC_E_IO (the input failed), CHC_E_INDEX (SQLite failed: a full disk, a locked
 * file), CHC_E_NO_MEMORY, CHC_E_UNSUPPORTED. */
CHC_API int chc_index_add(chc_index *ix, chc_read_fn read, void *read_ctx,
                          chc_convert_error_fn on_error, void *ctx, chc_index_stats *stats,
                          chc_diag *diag);
/* Adds the index at `path` (built to the same ply limit) into ix, in one transaction. *stats
 * gets the other index's counters. Returns CHC_OK, CHC_E_ARGUMENT (NULL, read-only ix, another
 * ply limit, a file name with '#', '%' or '?'), CHC_E_IO (cannot open it), CHC_E_INDEX (not an
 * index, another version, SQLite failed), CHC_E_UNSUPPORTED. */
CHC_API int chc_index_merge(chc_index *ix, const char *path, chc_index_stats *stats,
                            chc_diag *diag);
/* The index's counters: games indexed, bad, skipped and duplicates over every run (items:
 * their sum). Returns CHC_OK, CHC_E_ARGUMENT, CHC_E_UNSUPPORTED. */
CHC_API int chc_index_counts(chc_index *ix, chc_index_stats *stats, chc_diag *diag);

#define CHC_EXPLORE_GAMES_MAX 8
/* One move of a position's table. */
typedef struct chc_explore_move {
    chc_move move;
    char uci[CHC_UCI_MAX];
    char san[CHC_SAN_MAX];
    uint64_t white, draws, black; /* games that went on with this move, by result */
    int avg_rating;               /* mean rating of the players of the rated games (both
                                     WhiteElo and BlackElo given), rounded; 0: none rated */
} chc_explore_move;
/* One of the best-rated games through a position (rating: WhiteElo + BlackElo). Text cut to
 * the field (on a UTF-8 character). */
typedef struct chc_explore_game {
    char white[64], black[64]; /* tags White and Black ("" when absent) */
    int white_elo, black_elo;  /* 0 when absent */
    int result;                /* CHC_RESULT_* */
    char date[16];             /* tag Date */
    char site[96];             /* tag Site (a lichess game's link) */
    char uci[CHC_UCI_MAX];     /* the move it played from the position */
    char san[CHC_SAN_MAX];
} chc_explore_game;
/* What the index knows of a position (about 25 KB: allocate it rather than on a small stack). */
typedef struct chc_explore {
    uint64_t white, draws, black;       /* sums over the moves */
    size_t nmoves;                      /* moves played from it, most played first (then by
                                           UCI) */
    chc_explore_move moves[CHC_MAX_MOVES];
    size_t ngames;                      /* up to CHC_EXPLORE_GAMES_MAX: the best-rated game
                                           of each move, best first (then the smaller game id) */
    chc_explore_game games[CHC_EXPLORE_GAMES_MAX];
} chc_explore;
/* The move table of `pos` into *e (zeroed first; nmoves 0 for a position no indexed game
 * reached within the ply limit). Returns CHC_OK, CHC_E_ARGUMENT (NULL), a CHC_E_POS_* error of
 * chc_pack_position_encode (a position outside the pack domain: never reached by a game),
 * CHC_E_INDEX (SQLite failed), CHC_E_UNSUPPORTED. */
CHC_API int chc_index_explore(chc_index *ix, const chc_position *pos, chc_explore *e,
                              chc_diag *diag);
#define CHC_EXPLORE_JSON 1u /* chc_explore_write: JSON (docs/index.md) rather than a table */
/* Writes *e as text: a table (one line per move: SAN, games, share, White / Draw / Black
 * percentages, average rating; a total line; the top games) or, with CHC_EXPLORE_JSON, one
 * JSON object and a newline. NUL-terminated; returns CHC_OK, CHC_E_ARGUMENT (e NULL, unknown
 * flags, counts out of range) or CHC_E_BUFFER_TOO_SMALL (*dst_len: the length needed). Works
 * without SQLite. */
CHC_API int chc_explore_write(const chc_explore *e, unsigned flags, char *dst, size_t dst_cap,
                              size_t *dst_len, chc_diag *diag);
/* <<< END SECTION formats */

/* >>> SECTION engine (search, UCI engine, Polyglot book) -- see src/engine/ */
/*
 * A chess engine: iterative deepening alpha-beta (PVS, aspiration windows, transposition
 * table, quiescence, null move, LMR, killers/history, check extensions) with a tapered
 * evaluation. One engine object searches one position at a time; it may be searched from one
 * thread while chc_engine_stop()/chc_engine_ponderhit() are called from another.
 *
 * Typical use (the UCI session below is built on this, in the background):
 *     chc_engine *e = chc_engine_new(64);
 *     chc_search_limits lim = {0};  lim.movetime_ms = 1000;
 *     chc_search_result res;
 *     if (chc_engine_search(e, &start, moves, nmoves, &lim, NULL, NULL, &res) == CHC_OK)
 *         play(res.best);
 *     chc_engine_free(e);
 */
typedef struct chc_engine chc_engine;

/* Scores are centipawns from the side to move's point of view. Mate scores are
 * +-(CHC_SCORE_MATE - plies to mate); any |score| >= CHC_SCORE_MATE_MIN is a mate score. */
#define CHC_SCORE_MATE 32000
#define CHC_SCORE_MATE_MIN 31000
/* Longest principal variation reported. */
#define CHC_PV_MAX 64

/* What limits a search. Zero every field (`= {0}`) and set what you need; a search with no
 * limit at all (and not infinite) searches to depth 1. Several limits combine: the first one
 * reached stops the search. */
typedef struct chc_search_limits {
    int depth;              /* maximum iteration depth in plies (0: none) */
    uint64_t nodes;         /* maximum nodes (0: none); checked every 1024 nodes */
    int64_t movetime_ms;    /* search exactly this long (0: none) */
    int64_t time_ms[2];     /* remaining clock of white and black (0: no clock) */
    int64_t inc_ms[2];      /* increment per move of white and black */
    int movestogo;          /* moves to the next time control (0: sudden death) */
    int mate;               /* look for a mate in this many moves; stops when found (0: none;
                               with no other limit the search ends at depth 4 * mate + 4) */
    int infinite;           /* non-zero: search until chc_engine_stop() */
    int ponder;             /* non-zero: time limits apply only after chc_engine_ponderhit() */
    const chc_move *searchmoves; /* restrict the root to these moves (NULL: all) */
    int n_searchmoves;
    int multipv;            /* report the best N root moves each iteration (0 or 1: only the
                               best); lines 2..N go to the callback, the result is line 1 */
} chc_search_limits;

/* The state of a search: passed to the progress callback after each iteration (and when the
 * search ends), and returned as the result. */
typedef struct chc_search_result {
    chc_move best;          /* best move, CHC_MOVE_NONE when the root has no legal move */
    chc_move ponder;        /* expected reply (pv[1]), or CHC_MOVE_NONE */
    int score;              /* see CHC_SCORE_MATE; at a root with no legal move: -MATE or 0 */
    int mate;               /* moves to mate: > 0 we mate, < 0 we are mated, 0 none */
    int depth;              /* last completed iteration */
    int seldepth;           /* deepest ply reached */
    uint64_t nodes;         /* nodes searched */
    int64_t time_ms;        /* elapsed time */
    uint64_t nps;           /* nodes per second */
    int hashfull;           /* transposition table use, per mille */
    int bound;              /* 0 exact, 1 lower bound (fail high), 2 upper bound (fail low) */
    int pv_len;
    chc_move pv[CHC_PV_MAX];/* principal variation from the root */
    int multipv;            /* which line this is, 1 for the best (see chc_search_limits) */
} chc_search_result;

/* Called from the searching thread after each iteration (and with bound != 0 when an
 * aspiration window fails); must return quickly. */
typedef void (*chc_search_callback)(const chc_search_result *info, void *user);

/* Makes an engine with a transposition table of `hash_mb` megabytes (1..65536; 0 means 16).
 * Returns NULL when memory is short. Free it with chc_engine_free(). */
CHC_API chc_engine *chc_engine_new(size_t hash_mb);
/* Frees the engine (NULL is accepted). It must not be searching. */
CHC_API void chc_engine_free(chc_engine *e);
/* Resizes (and clears) the transposition table. Returns CHC_OK, CHC_E_ARGUMENT (0 or more
 * than 65536) or CHC_E_NO_MEMORY (the old table is then kept). Not while searching. */
CHC_API int chc_engine_set_hash(chc_engine *e, size_t hash_mb);
/* Forgets everything learnt (transposition table, history): call before a new game. */
CHC_API void chc_engine_clear(chc_engine *e);
/*
 * Threads (Lazy SMP)
 * ------------------
 * chc_engine_set_threads(e, n) makes every later search of `e` run on n threads: the caller's
 * (or the background search's) thread searches as with one thread and reports; n - 1 helper
 * threads, started by each search and joined before it returns, search the same position at
 * staggered depths with histories of their own and share the transposition table (lock-free:
 * an entry torn by two writers reads as a miss). The result, the progress reports and
 * limits->depth are the reporting thread's; result->nodes, nps and limits->nodes count all
 * threads; chc_engine_stop() ends all of them. With n = 1 (the default) the search is exactly
 * the single-threaded one, deterministic at a fixed depth or node count; with more threads it
 * is not (the threads race). A strength level below CHC_SKILL_MAX always searches on one
 * thread (its play stays reproducible). Each helper takes about 2.3 MB (its histories).
 * Returns CHC_OK, CHC_E_ARGUMENT (n outside 1..CHC_THREADS_MAX, or a background search
 * started by chc_engine_start() still running: the count is kept) or CHC_E_NO_MEMORY
 * (the count is kept). Not while the engine searches; chc_engine_clear()
 * clears the helpers' histories too and keeps the count.
 */
#define CHC_THREADS_MAX 64
CHC_API int chc_engine_set_threads(chc_engine *e, int threads);
/* The engine's thread count (1 when not set). */
CHC_API int chc_engine_threads(const chc_engine *e);

/*
 * Strength levels ("Skill Level" 0..20, for people)
 * -------------------------------------------------
 * CHC_SKILL_MAX (20, the default) is full strength: the search is exactly the one without
 * a level. Below it every search of the engine is weakened in two ways, both integer-only and
 * machine-independent: (1) the depth is capped at 1 + level / 2 plies (level 0: 1 ply, level
 * 19: 10 plies), on top of the caller's limits; (2) the engine searches several root moves
 * (MultiPV: 4 + (20 - level) / 4 of them, whatever limits->multipv asks) and plays one of
 * them at random, a move that loses `d` centipawns against the best being chosen only when a
 * random draw in 0..margin exceeds the best move's draw by d, with margin 20 + 15 * (19 -
 * level) centipawns (level 19: 20, level 6: 215): weaker levels make bigger and more frequent
 * mistakes. The beginner levels 0..5 search 4 more root moves and add 30 centipawns to the
 * margin for each level below 6 (level 5: 11 moves, margin 260; level 0: 33 moves, 485).
 * A move is never preferred to a mate found by the best line. The result (and the
 * last progress report) is then the line played; only lines 1..limits->multipv reach the
 * callback. The random draws come from `seed` mixed with the searched position's key, so
 * the same seed, position and depth-limited search give the same move (a timed search may
 * still differ, its depth depending on the machine).
 * Returns CHC_OK, or CHC_E_ARGUMENT (level outside 0..CHC_SKILL_MAX: the level is kept).
 * Not while the engine searches. chc_engine_clear() keeps the level.
 */
#define CHC_SKILL_MAX 20
CHC_API int chc_engine_set_skill(chc_engine *e, int level, uint64_t seed);
/* The engine's level (CHC_SKILL_MAX when not set). */
CHC_API int chc_engine_skill(const chc_engine *e);
/*
 * The static evaluation the search uses: on != 0, the evaluation network embedded in the
 * library (768 inputs -> 2 x 256 -> 1, trained with tools/nnue_train.c: docs/engine.md,
 * "Evaluation network"); 0, the hand-written evaluation (the one chc_evaluate() gives).
 * Both are integer-only: the same position gives the same score on every machine.
 * Returns CHC_OK, CHC_E_UNSUPPORTED (on != 0 but this build has no network: nothing
 * changes) or CHC_E_ARGUMENT (while the engine searches). The default is the network (it
 * beat the hand-written evaluation in self-play: docs/engine.md). The transposition table is cleared when the evaluation changes (its
 * stored evaluations would be the other one's); chc_engine_clear() keeps the choice.
 */
CHC_API int chc_engine_set_nnue(chc_engine *e, int on);
/* 1 when the search uses the evaluation network, else 0. */
CHC_API int chc_engine_nnue(const chc_engine *e);
/*
 * The Skill Level for a UCI_Elo: the strongest level below CHC_SKILL_MAX whose measured Elo
 * (docs/engine-levels.md: against Stockfish's own UCI_Elo levels, few games, wide error bars)
 * is at most `elo`; level 0 (about 850) for anything lower. Any int is accepted; the result
 * is 0..CHC_SKILL_MAX - 1 (a limited strength is never full strength). The UCI and XBoard
 * options accept CHC_ELO_MIN..CHC_ELO_MAX (800: level 0; 2400: level 14).
 */
#define CHC_ELO_MIN 800
#define CHC_ELO_MAX 2400
CHC_API int chc_skill_from_elo(int elo);

/*
 * Searches the position reached from `start` by playing moves[0..nmoves-1] (the moves are
 * used for repetition detection; NULL with nmoves 0 is accepted) under `limits`, and writes
 * the result into *result. `cb` (NULL accepted) gets progress reports. Blocks until a limit
 * is reached or chc_engine_stop() is called; result->best is always a legal move when the
 * position has one (even when stopped at once).
 * Returns CHC_OK, CHC_E_MOVE_ILLEGAL (a move in moves[] is not legal; nothing searched), or
 * CHC_E_ARGUMENT (nmoves < 0, or a searchmoves entry that is not legal).
 */
CHC_API int chc_engine_search(chc_engine *e, const chc_position *start, const chc_move *moves,
                              int nmoves, const chc_search_limits *limits,
                              chc_search_callback cb, void *user, chc_search_result *result);
/* Asks a running search to stop as soon as possible (within about a millisecond); safe to
 * call from any thread, and harmless when no search runs. chc_engine_search() clears the
 * request when it starts (a caller racing with it from another thread would have to repeat
 * the call); a background search (below) keeps every request made after its start. */
CHC_API void chc_engine_stop(chc_engine *e);
/* Switches a pondering search (limits->ponder) to normal timed search: its clock starts
 * now. Safe from any thread; cleared when a search starts, as chc_engine_stop(). */
CHC_API void chc_engine_ponderhit(chc_engine *e);

/*
 * Searching in the background
 * ---------------------------
 * chc_engine_start() runs chc_engine_search() in a thread of its own and returns at once, so
 * that a program keeps reading its input (a protocol loop, a screen) while the engine
 * thinks. chc_engine_stop() and chc_engine_ponderhit() reach that search whenever they are
 * called after chc_engine_start() returned: none is lost to the start of the thread.
 * `cb` (progress) and `done` (the end) are called from the search thread. chc_engine_wait()
 * joins it. Until then the engine takes no other call than chc_engine_stop(),
 * chc_engine_ponderhit(), chc_engine_searching(), chc_engine_wait() and chc_engine_free()
 * (which stops the search and waits for it). The UCI session below is built on this.
 */
/* Called once from the search thread when a background search ends: `status` is what
 * chc_engine_search() returned and `result` its result (valid during the call only). It
 * must not call chc_engine_wait() or chc_engine_free() on the same engine. */
typedef void (*chc_search_done)(int status, const chc_search_result *result, void *user);
/* Starts a background search with the arguments of chc_engine_search() (copied: they may
 * change or go once this returns; `user` goes to both callbacks, NULL accepted for either).
 * Returns CHC_OK; CHC_E_ARGUMENT (nmoves < 0, moves NULL with nmoves > 0, or a background
 * search started and not yet waited for); CHC_E_NO_MEMORY (the copy or the thread could not
 * be made: nothing runs). The errors of the search itself (an illegal move in moves[]) come
 * through `done` and chc_engine_wait(). */
CHC_API int chc_engine_start(chc_engine *e, const chc_position *start, const chc_move *moves,
                             int nmoves, const chc_search_limits *limits,
                             chc_search_callback cb, chc_search_done done, void *user);
/* Non-zero while a background search runs: started, and its `done` callback not yet
 * returned (chc_engine_wait() then returns at once). Call it from the thread that started it. */
CHC_API int chc_engine_searching(chc_engine *e);
/* Waits for the background search to end (by its limits, or soon after chc_engine_stop())
 * and writes its result into *result (NULL accepted). Returns what chc_engine_search()
 * returned, or CHC_E_ARGUMENT when no background search was started since the last wait. */
CHC_API int chc_engine_wait(chc_engine *e, chc_search_result *result);

/*
 * Protocol sessions: the engine behind a text protocol
 * ----------------------------------------------------
 * A session reads the commands of a chess GUI, one line at a time, and answers through a
 * callback: any program (the `chesscodec uci` command, a binding, a GUI embedding the engine)
 * drives it the same way. Two protocols, sessions of the same shape (chc_line_fn out,
 * *_new / *_command / *_free, CHC_SESSION_QUIT): UCI (chc_uci) and XBoard/CECP (chc_cecp).
 */
/* Receives one output line: `line` holds `len` bytes without a line end and is
 * NUL-terminated; it is valid during the call only. Calls are serialised (never two at a
 * time) but may come from the session's search thread: the callback must not call back
 * into the session. */
typedef void (*chc_line_fn)(void *ctx, const char *line, size_t len);
/* Returned by a session's *_command() for "quit": the session has ended its search and wants
 * nothing more. Not an error (negative, unlike every error code). */
#define CHC_SESSION_QUIT (-1)

/*
 * The UCI session. Commands: uci, isready, setoption, ucinewgame, position (startpos | fen
 * FEN, then moves ...), go (wtime btime winc binc movestogo depth nodes movetime mate infinite
 * ponder searchmoves), stop, ponderhit, quit; debug, register and unknown commands are
 * ignored, as the protocol asks. Options: Hash (1..4096 MB, default 16), Clear Hash, Threads
 * (1..CHC_THREADS_MAX, default 1: see chc_engine_set_threads()), MultiPV
 * (1..64), Ponder, OwnBook (default false), BookFile (a Polyglot book; default
 * /usr/share/games/gnuchess/book.bin, "<empty>" for none), UCI_Chess960, UCI_LimitStrength
 * (default false), UCI_Elo (800..2400, used when UCI_LimitStrength is true: see
 * chc_skill_from_elo()) and Skill Level (0..20, default 20 = full strength; see
 * chc_engine_set_skill()) and UseNNUE (default true: see chc_engine_set_nnue()); a bad value
 * is refused with an `info string` and changes nothing.
 * Behaviour a GUI can rely on:
 *  - `go` searches in the session's own thread: `stop`, `isready` and `ponderhit` are answered
 *    while it thinks; a bare `go` (no limit) searches until `stop`; `go ponder` until
 *    `ponderhit` (then on the clock) or `stop`.
 *  - Every `go` ends with exactly one `bestmove` line (with "ponder MOVE" when the principal
 *    variation has a reply), also when stopped at once; "bestmove 0000" when the side to move
 *    has no legal move. `info` lines (depth seldepth multipv score cp|mate [lowerbound |
 *    upperbound] nodes nps hashfull time pv) come after each iteration.
 *  - `position`, `go`, `ucinewgame`, `stop` and `quit` first stop a running search (its
 *    bestmove is sent); `setoption` first waits for a search with limits to end.
 *  - Bad input is never fatal: a bad FEN, an illegal move (ignored with the rest of the
 *    line), an unknown option or an unreadable book is reported as "info string ..." and the
 *    session goes on. With OwnBook, a book move is played at once ("info string book move").
 *  - Every output line is one line: control characters of echoed input are sent as '?'.
 */
typedef struct chc_uci chc_uci;
/* A new session (its own engine, 16 MB of hash) sending its lines to out(ctx, ...). Returns
 * NULL when memory is short. */
CHC_API chc_uci *chc_uci_new(chc_line_fn out, void *ctx);
/* Runs one command: `len` bytes of `line` (no NUL needed; a trailing CR/LF is ignored).
 * Returns CHC_OK (also for ignored and bad commands: the protocol answers those),
 * CHC_SESSION_QUIT after "quit" (the search stopped, its bestmove sent), or CHC_E_NO_MEMORY
 * (the command was not run). Call it from one thread at a time; the answers of commands
 * such as uci and isready are sent before it returns. */
CHC_API int chc_uci_command(chc_uci *u, const char *line, size_t len);
/* Ends the session (NULL accepted), as at the end of a GUI's input: a search with limits is
 * waited for and an endless one (infinite, ponder) stopped; either sends its bestmove (send
 * "stop" first not to wait). Then frees everything. */
CHC_API void chc_uci_free(chc_uci *u);

/*
 * The XBoard session (CECP, the Chess Engine Communication Protocol, version 2).
 * `protover N` is answered with the features, between "feature done=0" and "feature
 * done=1": myname, ping=1 setboard=1 usermove=1 playother=1 analyze=1 san=0 time=1 draw=0
 * sigint=0 sigterm=0 colors=0 reuse=1 name=0 memory=1 smp=1 nps=0 debug=0 pause=0,
 * variants="normal,fischerandom", and the options "Clear Hash" (button), "MultiPV" (spin
 * 1..64), "OwnBook" (check, default 0) and "BookFile" (file, default as for UCI).
 * Commands: xboard, protover, new, variant normal|fischerandom, force, go, playother,
 * usermove MOVE (coordinates e2e4/e7e8q, castling e1g1, e1h1 or O-O; SAN accepted, and a
 * bare move without "usermove" as protocol 1 sends it), level MPS BASE INC (BASE in minutes
 * or min:sec), st SECONDS, sd DEPTH, time CS, otim CS, setboard FEN (X-FEN or Shredder-FEN
 * in fischerandom), undo, remove, hint, analyze, exit, ".", result, post, nopost, ping N,
 * ?, memory MB, cores N (search threads, 1..CHC_THREADS_MAX: chc_engine_set_threads()),
 * option NAME[=VALUE], white/black (protocol 1), quit; accepted, rejected,
 * random, easy, hard, computer, name, rating, ics, draw, bk, egtpath, nps, pause and
 * resume are accepted and ignored.
 * Behaviour a GUI can rely on:
 *  - After `new` the engine plays black; it thinks when the side it plays is to move after a
 *    usermove, or at `go` (it then plays the side to move); `playother` makes it play the
 *    other side; `force` makes it play neither. Its move is sent as "move e2e4" (in
 *    fischerandom castling is "O-O"/"O-O-O"), followed by a result line ("1-0 {White mates}",
 *    "1/2-1/2 {Stalemate}", ...) when the move ends the game. At `go` with the game over it
 *    sends the result line instead (or an "Error (command not legal now)").
 *  - Time: `st` (seconds per move, exactly) wins over `level`, which (with `time`/`otim`,
 *    the clocks in centiseconds) gives the search the same clock management as UCI's
 *    wtime/btime/movestogo/inc; `sd` caps the depth. With no time control at all a move takes
 *    5 seconds.
 *  - `post` lines while thinking or analysing: "DEPTH SCORE TIME NODES PV", the score in
 *    centipawns from the side to move, +-(100000 + N) for a mate in N moves, the time in
 *    centiseconds and the PV in SAN. `.` in analysis answers "stat01: TIME NODES DEPTH 0
 *    TOTAL BEST" (TOTAL: legal moves; BEST in SAN).
 *  - `analyze` searches the current position until `exit`; usermove, undo, remove, setboard
 *    and new in analysis mode start the analysis of the new position.
 *  - `ping N` is answered "pong N" after every earlier command was done: when the engine is
 *    thinking, after its move. `hint` answers "Hint: MOVE" (from a short search, or the
 *    analysis' best move once its first iteration is done), or nothing when there is no
 *    move (or the engine is thinking on its own move). `.` also waits for that iteration.
 *  - Commands other than ping, ?, ., post, nopost, hint, time, otim, level, st, sd,
 *    usermove, memory, cores and option stop a search on the engine's move; a move not yet
 *    sent is then dropped. time/otim/level/st/sd/usermove/memory/cores/option wait for it to
 *    be sent.
 *  - Errors, never fatal: "Illegal move: MOVE" (also for a move after the game's end),
 *    "tellusererror Illegal position: WHY" for a setboard FEN the library refuses,
 *    "Error (unknown command): CMD", "Error (bad time control): ...", "Error (no move to take
 *    back): undo", "Error (unknown option): NAME", "Error (unsupported variant): NAME".
 *    Every output line is one line: control characters of echoed input are sent as '?'.
 */
typedef struct chc_cecp chc_cecp;
/* A new session (its own engine, 16 MB of hash; the game at the start, the engine playing
 * black, no time control) sending its lines to out(ctx, ...). Returns NULL when memory is
 * short. */
CHC_API chc_cecp *chc_cecp_new(chc_line_fn out, void *ctx);
/* Runs one command: `len` bytes of `line` (no NUL needed; a trailing CR/LF is ignored).
 * Returns CHC_OK (also for bad commands: the protocol answers those), CHC_SESSION_QUIT
 * after "quit" (the search stopped, a move not yet sent dropped), or CHC_E_NO_MEMORY (the
 * command was not run). Call it from one thread at a time. */
CHC_API int chc_cecp_command(chc_cecp *c, const char *line, size_t len);
/* Ends the session (NULL accepted), as at the end of a GUI's input: a search on the
 * engine's move with limits is waited for (its move sent), an analysis stopped. Then frees
 * everything. */
CHC_API void chc_cecp_free(chc_cecp *c);
/* Non-zero when `line` (len bytes) is how an XBoard GUI opens a session ("xboard" or
 * "protover N"): a program reading an unknown GUI (chesscodec uci) switches to chc_cecp. */
CHC_API int chc_cecp_detect(const char *line, size_t len);

/*
 * Analysis
 * --------
 * chc_engine_analyse() gives a position's best lines; chc_game_analyse() searches every
 * position of a game's main line; chc_game_annotate() turns that into the comments and NAGs
 * lichess's computer analysis writes. Scores are as in chc_search_result (the side to move's
 * point of view, mates per CHC_SCORE_MATE).
 */
/* Searches like chc_engine_search() (limits->multipv lines, at most `cap`) and writes the
 * lines best first into lines[0..*nlines-1]: lines[0] is the search's result, the others the
 * last reported lines 2..N (each a chc_search_result with its score, depth and pv). *nlines is
 * 1 at least (lines[0].best is CHC_MOVE_NONE when the side to move has no legal move), fewer
 * than asked when the position has fewer moves, or when a time or node limit stopped the
 * search before the first iteration reported them. Blocks until a limit is reached (infinite
 * and ponder are refused). Returns CHC_OK, CHC_E_ARGUMENT (a NULL pointer, cap < 1, nmoves <
 * 0, infinite or ponder set) or the errors of chc_engine_search(). */
CHC_API int chc_engine_analyse(chc_engine *e, const chc_position *start, const chc_move *moves,
                               int nmoves, const chc_search_limits *limits,
                               chc_search_result *lines, int cap, int *nlines);
/* A search's result as JSON (the server's /api/engine reply, docs/api.md), searched from root:
 * {"bestmove" (UCI, null when there is no move), "score" ({"cp": N} or {"mate": N}, the side
 * to move's view), "depth", "pv" (UCI), "pv_san", "nodes", "time_ms", "ponder" (when the line
 * has a reply), "lines": [{"score", "depth", "pv", "pv_san"}, ...]} for lines[0..nlines-1]
 * (chc_engine_analyse()'s MultiPV lines, best first; lines[0] gives the top members). Text out
 * as the calling convention says; CHC_SEARCH_REPORT_MAX(nlines) bytes always suffice. Returns CHC_OK,
 * CHC_E_ARGUMENT (NULL root or lines, nlines < 1, NULL dst with dst_cap > 0) or
 * CHC_E_BUFFER_TOO_SMALL. */
#define CHC_SEARCH_REPORT_MAX(nlines) (1536 + 1300 * (size_t)(nlines))
CHC_API int chc_search_report_json(const chc_position *root, const chc_search_result *lines,
                                   int nlines, char *dst, size_t dst_cap, size_t *dst_len);
/* Progress of a long job: `done` of `total` steps finished. */
typedef void (*chc_progress_fn)(void *user, size_t done, size_t total);
/* Searches the position after each ply 0..P of g's main line (P = chc_game_ply_count(g)),
 * with the game's moves before it (repetitions count), under `limits` (multipv and
 * searchmoves ignored), into out[0..P] (caller-owned, `cap` entries). progress (NULL
 * accepted) is called before each search and once at the end (done == total == P + 1).
 * Returns CHC_OK, CHC_E_ARGUMENT (NULL pointer, infinite or ponder), CHC_E_BUFFER_TOO_SMALL
 * (cap < P + 1), CHC_E_NO_MEMORY or the errors of chc_engine_search(). */
CHC_API int chc_game_analyse(chc_engine *e, const chc_game *g, const chc_search_limits *limits,
                             chc_search_result *out, size_t cap, chc_progress_fn progress,
                             void *user);
/* Lichess's winning chances of a score, from -1 (lost) to 1 (won): 2 / (1 + exp(-0.00368208
 * cp)) - 1, with cp clipped to +-1000 and a mate in N moves counted as (21 - min(N, 10)) x 100
 * centipawns. */
CHC_API double chc_winning_chances(int score);
/* NAGs of chc_judge_move() (PGN numbering). */
#define CHC_NAG_MISTAKE 2   /* ? */
#define CHC_NAG_BLUNDER 4   /* ?? */
#define CHC_NAG_DUBIOUS 6   /* ?! (an inaccuracy) */
/* Judges a move by the winning chances it lost: `before` is the mover's score before the
 * move, `after` the mover's score after it (the negation of the search's score there).
 * Returns CHC_NAG_BLUNDER (a loss of 0.3 or more), CHC_NAG_MISTAKE (0.2), CHC_NAG_DUBIOUS
 * (0.1), or 0, lichess's thresholds. */
CHC_API int chc_judge_move(int before, int after);
/* Longest chc_score_to_text() output with the NUL. */
#define CHC_SCORE_TEXT_MAX 16
/* Writes a score as lichess's [%eval] does: pawns with two decimals ("0.25", "-1.50") or a
 * mate in N moves ("#3", "#-2": the side whose score it is mates / is mated; "#-0": mated on
 * the board). Returns the
 * length. */
CHC_API size_t chc_score_to_text(int score, char buf[CHC_SCORE_TEXT_MAX]);
/* Annotates g's main line from evals[0..P] (chc_game_analyse()'s output, n >= P + 1): after
 * each move a comment "[%eval S]" with the score of the position it reached from White's point
 * of view (chc_score_to_text(); none when that position has no legal move), and the NAG of
 * chc_judge_move(), when there is one. Existing comments and NAGs are kept (the new ones are
 * appended). flags: 0. Returns CHC_OK, CHC_E_ARGUMENT (NULL, n too small, flags) or the errors
 * of chc_game_add_comment()/chc_game_add_nag(). */
CHC_API int chc_game_annotate(chc_game *g, const chc_search_result *evals, size_t n,
                              unsigned flags);

/* The static evaluation of `pos` in centipawns from the side to move's point of view. */
CHC_API int chc_evaluate(const chc_position *pos);

/* Searches a fixed set of positions (built in) to `depth` plies (0: the default, 11) with a
 * fresh 16 MB table and returns the total node count, a deterministic signature of the
 * search; *ms (NULL accepted) gets the elapsed milliseconds. Returns 0 on lack of memory. */
CHC_API uint64_t chc_engine_bench(int depth, int64_t *ms);
/* chc_engine_bench() with flags: CHC_BENCH_NO_NNUE searches with the hand-written evaluation
 * (the UCI option UseNNUE false) instead of the evaluation network; 0 is chc_engine_bench().
 * Returns 0 on lack of memory or unknown flags. */
CHC_API uint64_t chc_engine_bench_flags(int depth, unsigned flags, int64_t *ms);
#define CHC_BENCH_NO_NNUE 1u
#define CHC_BENCH_DEFAULT_DEPTH 11

/*
 * Polyglot opening books (.bin): 16-byte big-endian entries (key u64, move u16, weight u16,
 * learn u32), sorted by key. The book is read whole into memory.
 */
typedef struct chc_book chc_book;

/* A book move. */
typedef struct chc_book_entry {
    chc_move move;     /* the legal move (castling as the library writes it) */
    uint16_t weight;   /* relative weight */
    uint32_t learn;    /* the learn field, as stored */
} chc_book_entry;

/* Opens a Polyglot book file into memory: *out gets a book to free with chc_book_free().
 * Returns CHC_OK, CHC_E_IO (cannot read the file), CHC_E_BOOK_FORMAT (size not a multiple
 * of 16, or keys not sorted; diag: offset of the bad entry) or CHC_E_NO_MEMORY. */
CHC_API int chc_book_open(chc_book **out, const char *path, chc_diag *diag);
/* Same as chc_book_open() from bytes in memory (copied; `data` stays the caller's). */
CHC_API int chc_book_from_memory(chc_book **out, const void *data, size_t len, chc_diag *diag);
/* Frees a book (NULL accepted). */
CHC_API void chc_book_free(chc_book *book);
/* Number of entries in the book. */
CHC_API size_t chc_book_size(const chc_book *book);
/* Writes the book moves of `pos` that are legal (at most `cap`) into out[], heaviest first
 * (ties in file order), and returns how many there are (which may exceed cap: only cap are
 * written). Entries whose move is not legal in `pos` are skipped. */
CHC_API int chc_book_moves(const chc_book *book, const chc_position *pos, chc_book_entry *out,
                           int cap);
/* Picks a book move at random with probability proportional to weight, using `random` (any
 * 64-bit value, e.g. from a PRNG) as the draw; entries of weight 0 are never picked.
 * Returns the move, or CHC_MOVE_NONE when the position is not in the book. */
CHC_API chc_move chc_book_pick(const chc_book *book, const chc_position *pos, uint64_t random);
/* <<< END SECTION engine */

/* >>> SECTION draw (pictures) -- see src/draw/ */
/*
 * Pictures
 * --------
 * chc_render_svg() draws a position as an SVG picture (docs/render.md), with no dependency:
 * the board is 8 by 8 squares of 45 units (viewBox "0 0 360 360") shown at `size` pixels;
 * each piece kind on the board is defined once in <defs> (<g id="wK">, "bq", ...: w or b,
 * then the letter of the type) and placed with <use>; there is no external reference (no
 * font, image or style sheet: coordinates ask for the "sans-serif" family). The pieces are the
 * cburnett set (Colin M.L. Burnett, GPLv2 or later). Layers, bottom to top: the 64 squares
 * (<g class="light"> and <g class="dark">, 32 <rect> each), the last move's two squares, a
 * red gradient under a king in check (the side to move's, from the position), coordinates,
 * pieces (<g class="pieces">), marks (circles) and arrows (lines with arrowheads).
 */
#define CHC_RENDER_THEME_LIGHT 0  /* wood: #f0d9b5 and #b58863 squares */
#define CHC_RENDER_THEME_DARK 1   /* slate: #7d8796 and #4a5363 squares */
#define CHC_RENDER_SIZE_DEFAULT 360
#define CHC_RENDER_SIZE_MIN 16
#define CHC_RENDER_SIZE_MAX 8192
#define CHC_RENDER_MAX_ARROWS 64
/* Always enough for chc_render_svg(), with the NUL, whatever the position and options. */
#define CHC_RENDER_SVG_MAX 49152
typedef struct chc_render_options {
    int flip;                /* non-zero: Black at the bottom */
    int size;                /* width and height in pixels, CHC_RENDER_SIZE_MIN..MAX; 0: the
                                default (CHC_RENDER_SIZE_DEFAULT) */
    int coords;              /* non-zero: file letters and rank numbers inside the edge squares */
    int theme;               /* CHC_RENDER_THEME_* */
    chc_move last_move;      /* its from and to squares are highlighted; CHC_MOVE_NONE: none
                                (castling, stored king-takes-rook, marks the king and rook) */
    const chc_move *arrows;  /* n_arrows arrows (0..CHC_RENDER_MAX_ARROWS), from square to
                                square of each move (any two distinct squares: see
                                CHC_MAKE_MOVE); NULL when n_arrows is 0 */
    size_t n_arrows;
    chc_bitboard marks;      /* squares circled */
} chc_render_options;
/* The defaults: `chc_render_options o = CHC_RENDER_OPTIONS_INIT;` (White at the bottom, 360
 * pixels, coordinates, the light theme, nothing highlighted). */
#define CHC_RENDER_OPTIONS_INIT { 0, 0, 1, CHC_RENDER_THEME_LIGHT, CHC_MOVE_NONE, NULL, 0, 0 }
/* Sets *opt to CHC_RENDER_OPTIONS_INIT. */
CHC_API void chc_render_options_init(chc_render_options *opt);
/* Writes `pos` as an SVG picture (one line per layer, LF-terminated) into dst. opt NULL: the
 * defaults. Squares holding a value that is no piece are drawn empty. Returns CHC_OK,
 * CHC_E_ARGUMENT (pos NULL, dst NULL with dst_cap > 0, a size or theme out of range, more than
 * CHC_RENDER_MAX_ARROWS arrows, arrows NULL with n_arrows > 0, or an arrow whose two squares
 * are the same: diag index = the arrow) or CHC_E_BUFFER_TOO_SMALL (*dst_len: the length
 * needed; CHC_RENDER_SVG_MAX always suffices). */
CHC_API int chc_render_svg(const chc_position *pos, const chc_render_options *opt, char *dst,
                           size_t dst_cap, size_t *dst_len, chc_diag *diag);
/* Reads a comma-separated list of squares ("e4": marks) and pairs of distinct squares
 * ("e2e4": arrows), spaces allowed around items, as `chesscodec render --marks` and --arrows
 * take them ("" is an empty list). The arrows go to arrows[0..*n_arrows) (capacity
 * arrows_cap; n_arrows NULL accepted), the marks are added to *marks (NULL accepted). Returns
 * CHC_OK, CHC_E_MOVE_SYNTAX (an item that is neither, an empty item; diag index: the item,
 * offset: where it starts) or CHC_E_LIMIT (more than arrows_cap arrows). */
CHC_API int chc_render_annotations_read(const char *src, size_t src_len, chc_move *arrows,
                                        size_t arrows_cap, size_t *n_arrows, chc_bitboard *marks,
                                        chc_diag *diag);

/*
 * PNG and animated GIF pictures are optional parts of the library: built when librsvg and cairo
 * (PNG), and giflib as well (GIF), were found (Debian: librsvg2-dev, libgif-dev; a static
 * libchesscodec then needs them at link time: `pkg-config --libs --static chesscodec`).
 * chc_build_features() tells which; without them the functions return CHC_E_UNSUPPORTED.
 * They call `write` from the calling thread only, in order; they are thread-safe as librsvg is.
 */
#define CHC_FEATURE_PNG 1u /* chc_render_png */
#define CHC_FEATURE_GIF 2u /* chc_render_gif */
#define CHC_FEATURE_GZIP 4u  /* compressed files (section formats): gzip, zlib */
#define CHC_FEATURE_BZIP2 8u /* bzip2, libbz2 */
#define CHC_FEATURE_XZ 16u   /* xz, liblzma */
#define CHC_FEATURE_ZSTD 32u /* zstd, libzstd */
#define CHC_FEATURE_SQLITE 64u /* the position index (section formats), SQLite */
/* The optional parts this library was built with: CHC_FEATURE_* flags (pictures, compressed
 * files, the position index). */
CHC_API unsigned chc_build_features(void);
/* Writes `pos` as a PNG picture, opt->size pixels square (opt NULL: the defaults): the SVG of
 * chc_render_svg() rasterised by librsvg, through write(ctx, data, len). Returns CHC_OK,
 * CHC_E_ARGUMENT (as chc_render_svg, or write NULL), CHC_E_UNSUPPORTED (built without librsvg:
 * diag says which package), CHC_E_IO (write returned non-zero), CHC_E_NO_MEMORY or
 * CHC_E_INTERNAL (librsvg or cairo failed: diag gives its message). On an error part of the
 * picture may have been written. */
CHC_API int chc_render_png(const chc_position *pos, const chc_render_options *opt, chc_write_fn write,
                           void *ctx, chc_diag *diag);
/* Writes the main line of g, from its start to `plies` plies (cut to its ply count; (size_t)-1:
 * all of it), as an animated GIF that loops: one frame per position (plies + 1 frames), drawn
 * as chc_render_svg draws it with opt (size, flip, coordinates, theme; the last move of each
 * frame highlighted; opt's last_move, arrows and marks are not used), between two bands naming
 * the players (tags White, Black, WhiteElo, BlackElo; "White" and "Black" when absent), the
 * lower band showing the move just played and, on the last frame, the state as
 * chc_game_status_get() words it. Each frame is shown delay_ms milliseconds (10..60000), the
 * last one three times as long. Only the part of a frame that changed is stored, in its own
 * 128 colours (giflib's quantiser). The picture is opt->size pixels wide and size + 2 * band
 * high (band: size / 12, at least 12). Returns CHC_OK, CHC_E_ARGUMENT (g or write NULL, size or
 * delay out of range), CHC_E_UNSUPPORTED (built without giflib or librsvg: diag says which),
 * CHC_E_IO (write returned non-zero; diag index: the frame), CHC_E_NO_MEMORY or
 * CHC_E_INTERNAL. g is not changed. */
CHC_API int chc_render_gif(const chc_game *g, size_t plies, const chc_render_options *opt, int delay_ms,
                           chc_write_fn write, void *ctx, chc_diag *diag);
/* <<< END SECTION draw */

/* ===================================================================================== */
/* Deprecated (0.1 names): kept for the 0.2 series, removed in 0.3. See CHANGELOG.md.      */
/* ===================================================================================== */
#if defined(__GNUC__) && !defined(CHC_NO_DEPRECATION_WARNINGS)
#define CHC_DEPRECATED(msg) __attribute__((deprecated(msg)))
#else
#define CHC_DEPRECATED(msg)
#endif
/* Use chc_covert_write(pos, resigned ? CHC_COVERT_RESIGNED : 0, ...). */
CHC_DEPRECATED("use chc_covert_write") CHC_API int chc_covert_encode(
    const chc_position *pos, int resigned, char *buf, size_t cap, size_t *len, chc_diag *diag);
/* Use chc_covert_read() (info->flags & CHC_READ_RESIGNED). */
CHC_DEPRECATED("use chc_covert_read") CHC_API int chc_covert_decode(
    const char *text, size_t len, chc_position *pos, int *resigned, chc_diag *diag);
CHC_DEPRECATED("use chc_covert_mix_write") CHC_API int chc_covert_mix(
    const char *message, const char *code, char *buf, size_t cap, chc_diag *diag);
CHC_DEPRECATED("use chc_covert_mix_read") CHC_API int chc_covert_unmix(
    const char *text, size_t len, chc_position *pos, int *resigned, chc_diag *diag);
CHC_DEPRECATED("use chc_mscs_write") CHC_API int chc_mscs_encode_text(
    const chc_position *pos, unsigned flags, char *buf, size_t cap, chc_diag *diag);
CHC_DEPRECATED("use chc_mscs_read") CHC_API int chc_mscs_decode_text(
    const char *text, size_t len, chc_position *pos, int *is_hex, chc_diag *diag);
CHC_DEPRECATED("use chc_pack_position_encode") CHC_API int chc_pack_position(
    const chc_position *pos, uint8_t out[CHC_PACK_POS_BYTES]);
CHC_DEPRECATED("use chc_pack_position_decode") CHC_API int chc_unpack_position(
    chc_position *pos, const uint8_t in[CHC_PACK_POS_BYTES], chc_diag *diag);
/* Writes the version-1 text form (28 characters) into out[CHC_PACK_POS_TEXT_MAX]. */
CHC_DEPRECATED("use chc_pack_position_write") CHC_API int chc_pack_position_text(
    const chc_position *pos, char out[CHC_PACK_POS_TEXT_MAX]);
CHC_DEPRECATED("use chc_pack_position_read") CHC_API int chc_unpack_position_text(
    chc_position *pos, const char *text, chc_diag *diag);
/* chc_pack_game() and chc_pack_game_text() write version-1 codes with result "*";
 * chc_unpack_game() reads versioned binary codes (as chc_pack_game_decode()) and
 * chc_unpack_game_text() every text (as chc_pack_game_read()). */
CHC_DEPRECATED("use chc_pack_game_encode") CHC_API int chc_pack_game(
    const chc_position *start, const chc_move *moves, size_t n, int level, uint8_t *out,
    size_t cap, size_t *len);
CHC_DEPRECATED("use chc_pack_game_decode") CHC_API int chc_unpack_game(
    const uint8_t *in, size_t len, chc_position *start, chc_move *moves, size_t cap, size_t *n,
    chc_diag *diag);
CHC_DEPRECATED("use chc_pack_game_write") CHC_API int chc_pack_game_text(
    const chc_position *start, const chc_move *moves, size_t n, int level, char *out,
    size_t cap, size_t *len);
CHC_DEPRECATED("use chc_pack_game_read") CHC_API int chc_unpack_game_text(
    const char *text, size_t len, chc_position *start, chc_move *moves, size_t cap, size_t *n,
    chc_diag *diag);
/* snprintf-like: returns the length needed. Use chc_pgn_write(). */
CHC_DEPRECATED("use chc_pgn_write") CHC_API size_t chc_game_to_pgn(
    const chc_game *g, char *buf, size_t cap, unsigned flags);

/* ===================================================================================== */
/* Experimental: tool-level calls (define CHC_EXPERIMENTAL before including this header). */
/* They may change in any release; the CLI, benches and tools use them.                  */
/* ===================================================================================== */
#ifdef CHC_EXPERIMENTAL
/* Covert chess list indices (tools: the emoji table generator, tests). */
/* Computes the 25 list indices of `pos`. Returns CHC_OK, CHC_E_COVERT_COUNTERS (half-move
 * clock above 100, full-move number 0 or too large) or CHC_E_UNSUPPORTED (Chess960 castling
 * rights the format cannot express). */
CHC_API int chc_covert_encode_indices(const chc_position *pos, uint16_t out[CHC_COVERT_LEN],
                                      chc_diag *diag);

/* Decodes 25 or 26 list indices (the 26th must be CHC_COVERT_RESIGN_INDEX). *resigned (NULL
 * accepted) gets 1 when the flag is there. Returns CHC_OK, CHC_E_COVERT_LENGTH (not 25 or 26),
 * CHC_E_COVERT_EMOJI (an index past 3177), CHC_E_COVERT_SCHEME (emoji 1 not 2441..2453),
 * CHC_E_COVERT_VALUE (a value out of range, or a 26th emoji that is not the flag),
 * CHC_E_COVERT_COUNTERS (full-move number 0) or a CHC_E_POS_* code when the board is not a
 * legal position (diag index: the emoji at fault, 0-based, or -1 for the whole board). */
CHC_API int chc_covert_decode_indices(const uint16_t *idx, size_t n, chc_position *pos,
                                      int *resigned, chc_diag *diag);

/* The PGN splitter of parallel readers (the CLI's convert). */
/* Returns the next game's raw text without parsing it (*text stays valid until the next
 * call on the reader; it belongs to the reader), *line its first line. Returns CHC_OK,
 * CHC_E_GAME_END, CHC_E_IO, CHC_E_NO_MEMORY, or CHC_E_LIMIT for a game over
 * CHC_PGN_MAX_GAME_BYTES (skipped; *text is not set). Used to split a file for parallel
 * reading: each game's text read with chc_pgn_reader_new_mem() gives the same game. */
CHC_API int chc_pgn_next_raw(chc_pgn_reader *r, const char **text, size_t *len, long *line);

/* >>> SECTION pack experimental -- see src/pack/ */
/* Unversioned (chesscodec 0.1) pack game codes by model. 0.1 had two published models: "0.1a"
 * (the build of commit 3f74179) and "0.1b" (commits 11421de..54164be, the 0.1.0 release).
 * chc_pack_game_read() tries both; these decode with the one named (for a code it reports as
 * CHC_E_PACK_AMBIGUOUS, or a 0.1 binary code, which has no text form to try). */
/* The name of 0.1 model i (0: "0.1a", 1: "0.1b"), or NULL past the last. */
CHC_API const char *chc_pack_legacy_model(size_t i);
/* Decodes an unversioned 0.1 binary game code with `model`: start, moves (room for cap, *n
 * their number) and *level (NULL accepted). Returns CHC_OK, CHC_E_ARGUMENT (no such model),
 * or the errors of chc_pack_game_decode() (but not CHC_E_PACK_VERSION). */
CHC_API int chc_pack_game_decode_legacy(const uint8_t *src, size_t src_len, const char *model,
                                        chc_position *start, chc_move *moves, size_t cap,
                                        size_t *n, int *level, chc_diag *diag);
/* Reads an unversioned 0.1 game text with `model` into g (reset first; result "*";
 * info->flags CHC_READ_LEGACY). Returns CHC_OK, CHC_E_ARGUMENT (no such model), CHC_E_EMPTY,
 * CHC_E_PACK_CORRUPT (a character outside base64url, a bad length or padding, data the model
 * does not read), the start position code's errors, or CHC_E_NO_MEMORY. */
CHC_API int chc_pack_game_read_legacy(const char *src, size_t src_len, const char *model,
                                      chc_game *g, chc_read_info *info, chc_diag *diag);
/* Reads one record of a stream written by `convert --binary` of chesscodec 0.1 (no header;
 * each record a LEB128 length and a 0.1 binary game code; docs/formats/pack-stream.md,
 * "0.1 streams") into g (reset first). `model`: NULL for "0.1b", the only model the 0.1
 * release that had --binary wrote. *used gets the record's size when its framing is intact.
 * Returns CHC_OK, CHC_E_GAME_END (src_len is 0), CHC_E_ARGUMENT (no such model),
 * CHC_E_STREAM_FORMAT (a bad or cut-off length), the code's errors, or CHC_E_NO_MEMORY. */
CHC_API int chc_pack_stream01_read_record(const uint8_t *src, size_t src_len, const char *model,
                                          size_t *used, chc_game *g, chc_diag *diag);
/* <<< END SECTION pack experimental */
#endif /* CHC_EXPERIMENTAL */

#ifdef __cplusplus
}
#endif
#endif /* CHESSCODEC_H */
