/* Internal interfaces of the pack codes (src/pack/). */
#ifndef CHC_PACK_INTERNAL_H
#define CHC_PACK_INTERNAL_H
#include "chesscodec.h"
#include "pack/pack_model.h"
#include "pack/u192.h"

/* ---- position ranking (pack_position.c, version 2: pack_position_v2.c) ------------------ */
/* The number of positions in the position code's domain (docs/formats/pack-position.md). */
void chci_pack_pos_count(chci_u192 *count);

/* The rank of `pos` in the domain (CHC_OK or a CHC_E_POS_* code when it is outside). */
int chci_pack_pos_rank(const chc_position *pos, chci_u192 *rank);
/* The position of rank `rank` (CHC_E_PACK_RANGE past the count; a CHC_E_POS_* code when the
 * domain's member is not a legal position). */
int chci_pack_pos_unrank(chc_position *pos, const chci_u192 *rank, chc_diag *diag);
/* As chci_pack_pos_unrank(); full_check non-zero ends with chc_position_set() itself instead of
 * the decoder's cheaper equivalent (for the test that compares the two). */
int chci_pack_pos_unrank_check(chc_position *pos, const chci_u192 *rank, int full_check,
                               chc_diag *diag);

/* Version 2 (docs/formats/pack-position.md, "Version 2"): the count of its domain, the rank
 * (CHC_E_POS_TOO_MANY also for a position of version 1's domain outside version 2's), the
 * unrank (as chci_pack_pos_unrank()). */
void chci_pack_pos_count_v2(chci_u192 *count);
int chci_pack_pos_rank_v2(const chc_position *pos, chci_u192 *rank);
int chci_pack_pos_unrank_v2(chc_position *pos, const chci_u192 *rank, chc_diag *diag);

/* Material classes of one side, as the counting program sees them. */
int chci_pack_side_ok(int p, int n, int b, int r, int q);
int chci_pack_pair_ok(int wp, int wo, int wpr, int bp, int bo, int bpr);
int chci_pack_min_promotions(int n, int b, int r, int q);

/* ---- text framing (pack_text.c) -------------------------------------------------------- */
/* base64url alphabet (RFC 4648 section 5). */
extern const char chci_b64url[65];
/* Value of a base64url character, or -1. */
int chci_b64url_value(int c);
/* Characters of base64url for n bytes, without padding. */
#define CHCI_B64_LEN(n) (((n) * 8 + 5) / 6)
/* Writes base64url of src[0..n) (no padding, unused bits zero) at dst; returns its length. */
size_t chci_b64url_put(const uint8_t *src, size_t n, char *dst);
/* Reads base64url text[0..len) into dst (room for len * 6 / 8 bytes): returns the byte count,
 * or -1 with *bad the index of the first character outside the alphabet, or -2 for a length
 * that is no whole number of bytes (len % 4 == 1), or -3 for non-zero unused bits. */
long chci_b64url_get(const char *text, size_t len, uint8_t *dst, size_t *bad);

/* The kinds of versioned text code: the check's initial value and the version characters. */
enum { CHCI_KIND_POSITION = 1, CHCI_KIND_GAME = 2 };
/* The check character's value (0..63) for the characters s[0..n) (version character first)
 * of a code of `kind`. */
int chci_pack_check_value(int kind, const char *s, size_t n);
/* Non-zero when s[0..n) (its last character the check character) is valid for `kind`; every
 * character must be base64url. */
int chci_pack_check_ok(int kind, const char *s, size_t n);
/* The version character of `version` of `kind`, or 0 past the table. */
int chci_pack_version_char(int kind, int version);
/* The version that character c names for `kind`, or 0. */
int chci_pack_version_of(int kind, int c);
/* White space (space, tab, CR, LF) trimmed: *a and *b become the bounds of the text. */
void chci_pack_trim(const char *src, size_t len, size_t *a, size_t *b);

/* ---- game code (pack_game.c) ------------------------------------------------------------ */
/* A game code format: version 0 is the unversioned code of chesscodec 0.1 (moves in the order
 * of the move generator, no result), version 1 and later put the moves in their canonical
 * order and code the result. */
typedef struct chci_pack_game_fmt {
    int version;
    const chci_pm_model *model;
} chci_pack_game_fmt;
/* The format of a version this library writes and reads (1..), or NULL. */
const chci_pack_game_fmt *chci_pack_game_fmt_of(int version);
/* The legacy (0.1) formats by model name ("0.1a", "0.1b"), or NULL; i-th for names. */
const chci_pack_game_fmt *chci_pack_legacy_fmt(const char *model);
const chci_pack_game_fmt *chci_pack_legacy_fmt_at(size_t i);
#define CHCI_PACK_LEGACY_MODELS 2

/* Range-codes the game (the body after any version byte) into dst[0..cap); *len gets the
 * length (also when it does not fit: then CHC_E_BUFFER_TOO_SMALL). Result: enum chc_result
 * (ignored by version 0). Errors as chc_pack_game_encode(). */
int chci_pack_game_encode_body(const chci_pack_game_fmt *f, const chc_position *start,
                               const chc_move *moves, size_t n, int result, int level,
                               uint8_t *dst, size_t cap, size_t *len, chc_diag *diag);
/* Decodes a body. *result (NULL accepted) gets the result (CHC_RESULT_UNKNOWN for version
 * 0), *level (NULL accepted) the level. Errors as chc_pack_game_decode(), without the
 * version. */
int chci_pack_game_decode_body(const chci_pack_game_fmt *f, const uint8_t *src, size_t len,
                               chc_position *start, chc_move *moves, size_t cap, size_t *n,
                               int *result, int *level, chc_diag *diag);

/* ---- stream (pack_stream.c) ------------------------------------------------------------ */
/* Writes v as minimal LEB128 (7 bits a byte, low group first) at dst (room for 10 bytes);
 * returns its length. */
size_t chci_leb128_put(uint8_t *dst, uint64_t v);
/* CRC-32C (Castagnoli) of p[0..n). */
uint32_t chci_crc32c(const uint8_t *p, size_t n);
/* A stream record of game g in game code `version` (a known one) at `level` (0: default). As
 * chc_pack_stream_write_game(), which writes CHC_PACK_GAME_VERSION. */
int chci_pack_stream_game_record(int version, const chc_game *g, int level, uint8_t *dst,
                                 size_t dst_cap, size_t *dst_len, chc_diag *diag);

/* ---- versioned forms and helpers shared with the stream code (pack_game_api.c) ---------- */
/* The binary code of `version` (version byte first) and its text form, of a known version
 * (chci_pack_game_fmt_of() not NULL); level 0 is the default. As chc_pack_game_encode() and
 * chc_pack_game_write() (which write CHC_PACK_GAME_VERSION). */
int chci_pack_game_encode_version(int version, const chc_position *start, const chc_move *moves,
                                  size_t n, int result, int level, uint8_t *dst, size_t dst_cap,
                                  size_t *dst_len, chc_diag *diag);
int chci_pack_game_write_version(int version, const chc_position *start, const chc_move *moves,
                                 size_t n, int result, int level, char *dst, size_t dst_cap,
                                 size_t *dst_len, chc_diag *diag);
/* Decodes a binary body of format f into game g (reset first; moves buffer managed here). */
int chci_pack_game_body_to_game(const chci_pack_game_fmt *f, const uint8_t *src, size_t len,
                                chc_game *g, int *level, chc_diag *diag);
/* The main line and start of g: moves in a malloc'ed array (*moves; free it), *n plies. */
int chci_pack_game_moves(const chc_game *g, chc_move **moves, size_t *n, chc_diag *diag);
/* Fills info (NULL accepted) for a pack item. */
void chci_pack_info(chc_read_info *info, int format, int version, unsigned flags);
#endif
