/* The pack codes in the command line's format tables (cli/pos_formats.c, cli/game_formats.c). */
#ifndef CHC_CLI_PACK_FORMATS_H
#define CHC_CLI_PACK_FORMATS_H
#include "game_formats.h"
#include "pos_formats.h"

/* Position code: 26 base64url characters. */
int pack_pos_detect(const char *text);
int pack_pos_decode(const char *text, chc_position *pos, chc_diag *diag);
int pack_pos_encode(const chc_position *pos, char *buf, size_t cap, chc_diag *diag);

/* Game code: one base64url code per line (default level). */
int pack_game_read(const char *line, chc_position *start, gf_moves *moves, chc_diag *diag);
int pack_game_write(const chc_position *start, const chc_move *moves, size_t n, gf_text *out,
                    chc_diag *diag);

/* Binary stream for `convert --to pack --binary` / `--from pack --binary`: each game is a
 * LEB128 length and then that many bytes of the binary game code.
 * pack_game_write_binary() appends one record to out. pack_game_read_binary() reads the
 * record at in[0..len): sets *used to its size; returns CHC_OK, CHC_E_GAME_END when len is 0,
 * CHC_E_PACK_CORRUPT (bad or truncated length) or the decoder's error. */
int pack_game_write_binary(const chc_position *start, const chc_move *moves, size_t n,
                           gf_text *out, chc_diag *diag);
int pack_game_read_binary(const unsigned char *in, size_t len, size_t *used, chc_position *start,
                          gf_moves *moves, chc_diag *diag);
#endif
