/* Internal: shared by the SAN parser, the PGN reader and writer, and the game model. */
#ifndef CHC_NOTATION_NOTATION_H
#define CHC_NOTATION_NOTATION_H
#include <stddef.h>

#include "chesscodec.h"

/* A SAN token split into its parts (no position needed). */
typedef struct chci_san {
    int type;       /* CHC_PAWN..CHC_KING, 0 for castling / null */
    int castle;     /* 0, 1 king side, 2 queen side */
    int null;       /* non-zero for a null move */
    int from_file;  /* -1 when not given */
    int from_rank;  /* -1 when not given */
    int to;         /* destination square (not for castling) */
    int promo;      /* CHC_KNIGHT..CHC_QUEEN, or 0 */
    int lower_b;    /* written with a lower-case 'b' that may also be a bishop */
    int nag;        /* suffix annotation as a NAG (1..6), or 0 */
} chci_san;

/* Splits text[0..len) into parts. Returns CHC_OK or CHC_E_MOVE_SYNTAX (message in diag).
 * Figurines are not read here: see chci_san_figurines(). */
int chci_san_split(const char *text, size_t len, chci_san *s, chc_diag *diag);
/* Copies text[0..len) into buf (capacity cap) with figurine pieces (U+2654..U+265F, each with
 * an optional variation selector U+FE0F or U+FE0E) as letters; returns the length, or 0 when
 * there is no figurine (or no room). */
size_t chci_san_figurines(const char *text, size_t len, char *buf, size_t cap);
/* Resolves split SAN in pos. Returns CHC_OK, CHC_E_MOVE_ILLEGAL or CHC_E_MOVE_AMBIGUOUS
 * (diag names the text and the position). */
int chci_san_resolve(const chc_position *pos, const chci_san *s, const char *text, size_t len,
                     chc_move *out, chc_diag *diag);
/* Plays m (legal, or CHC_MOVE_NULL). */
void chci_play(chc_position *pos, chc_move m);
/* The first line of the last game the PGN reader took (for chc_reader_line()). */
long chci_pgn_reader_game_line(const chc_pgn_reader *r);
/* The line the PGN reader is on (of the next byte it has not used). */
long chci_pgn_reader_line(const chc_pgn_reader *r);
/* Points memory reader r (from chc_pgn_reader_new_mem()) at text[0..len): one game's text as
 * chc_pgn_next_raw() cut it, numbered `game`, starting at line `line`. The next
 * chc_pgn_read_game() reads it whole without looking for its end again (a game read twice
 * costs one skim, not two); the one after returns CHC_E_GAME_END. */
void chci_pgn_reader_set_game(chc_pgn_reader *r, const char *text, size_t len, long line, long game);
/* Makes chc_pgn_read_game() on r number games as chc_pgn_next_raw() does: text that is no
 * game (a comment after a result) keeps the number it took (convert numbers its items so,
 * with one thread as with more). */
void chci_pgn_reader_number_raw(chc_pgn_reader *r);
/* A memory reader pointed at a block of whole lines of a larger input: its first byte is
 * byte `offset` of the input, on line `line`; games are numbered from 1 again. */
void chci_pgn_reader_set_block(chc_pgn_reader *r, const char *text, size_t len, long line,
                               uint64_t offset);
/* A new streaming reader that starts inside an input: at byte `offset`, on line `line`,
 * after `game_no` game numbers. */
void chci_pgn_reader_resume(chc_pgn_reader *r, long line, long game_no, uint64_t offset);
/* Non-zero when an item (a game, a bad game, skipped text) ran to the end of the buffered
 * bytes since the last call (a block reader: to the block's end); clears it. */
int chci_pgn_reader_take_to_end(chc_pgn_reader *r);
/* The bytes buffered and not yet used (valid until the next read). */
const char *chci_pgn_reader_pending(const chc_pgn_reader *r, size_t *len);
/* Non-zero when r has no input left (the last game taken ran to the end of the input). */
int chci_pgn_reader_at_end(const chc_pgn_reader *r);
#endif
