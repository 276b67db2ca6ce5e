/* DRAFT toward pack game version 2 (docs/formats/pack-game.md, "Toward version 2"): version 2's
 * candidate framing as integer code, over the draft model's levels. Not a published code: no
 * version byte or character is claimed, nothing public reaches it; it lives in chc_pack_draft,
 * which only the tests, the benches and the tools link.
 *
 * The code ("v2d"): one range coder (pack_rc.h) from the first byte, its symbols in order
 *   version          [3, 252) of 256 (the first byte is then 2..251, never version 1's 01 and
 *                    never a byte that starts version 1's text character '_')
 *   start kind       version 1's table (60, 2, 1, 1 of 64)
 *   level            level 1 62/64, level 2 2/64
 *   start position   as version 1 (Chess960 number, or position code and counters)
 *   per ply, unless the position has no legal move: end of game?  chci_v2d_end_freq[context]
 *                    of 2^12 for "end", the rest "another move"
 *   per ply with two or more legal moves: the move   the model's frequencies, canonical order
 *                    (model 2e's level 1: set 3's scores plus the policy net's, below)
 *   result           mover-relative (mover wins, mover loses, 1/2-1/2, *): after mate or
 *                    stalemate version 1's tables, else chci_v2d_res_freq[context]
 *   flush            version 1's (the fewest bytes; the decoder wants exactly them)
 * The context tables are frozen data counted on lichess-65k's training games by
 * `tools/pack_frame --write-tables src/pack/draft`. */
#ifndef CHC_PACK_DRAFT_H
#define CHC_PACK_DRAFT_H
#include <stddef.h>
#include <stdint.h>

#include "chesscodec.h"
#include "pack/pack_model.h"

/* ---- contexts of the end-of-game and result symbols (shared with tools/pack_frame.c) ---- */
#define CHCI_V2D_END_CTX (9 * 7 * 2 * 3 * 2 * 3) /* 2,268 */
#define CHCI_V2D_RES_CTX (3 * 7 * 2 * 2)         /* 84 */
#define CHCI_V2D_END_BITS 12

/* Frozen tables (src/pack/draft/v2d_end.inc, v2d_result.inc): the frequency of "the game ends
 * here" of 2^CHCI_V2D_END_BITS (1..4095) by end context; the result's frequencies (mover wins,
 * loses, draw, unknown; each >= 1) by result context. */
extern const uint16_t chci_v2d_end_freq[CHCI_V2D_END_CTX];
extern const uint16_t chci_v2d_res_freq[CHCI_V2D_RES_CTX][4];

/* The end context of position p before ply `ply` (0-based): ply bucket x material balance of
 * the side to move x in check x repetition (rep: occurrences of p so far, p included, >= 1) x
 * the last move a capture x legal moves (nm >= 1). */
int chci_v2d_end_ctx(const chc_position *p, size_t ply, int rep, int lastcap, int nm);
/* The result context of a final position p with legal moves after `plies` plies: material
 * balance of the side that moved last x in check x repeated x ply bucket. */
int chci_v2d_res_ctx(const chc_position *p, size_t plies, int rep);
/* The result's symbol (0 mover wins, 1 mover loses, 2 draw, 3 unknown) for the side `mover`. */
int chci_v2d_res_sym(int result, int mover);

/* The positions of the game so far (their keys), for the repetition count. */
typedef struct {
    uint64_t *keys;
    size_t n, cap;
    uint64_t local[256];
} chci_v2d_hist;
void chci_v2d_hist_init(chci_v2d_hist *h);
void chci_v2d_hist_free(chci_v2d_hist *h);
/* Appends p's key; CHC_OK or CHC_E_NOMEM. */
int chci_v2d_hist_push(chci_v2d_hist *h, const chc_position *p);
/* Occurrences of the last position pushed (p, that one) among the positions since the last
 * irreversible move (p's half-move clock), itself included. */
int chci_v2d_hist_rep(const chci_v2d_hist *h, const chc_position *p);

/* ---- second stage (pack_exp MASK 786432, in integers) ----
 * The model's integer scores s_i (1/32 nat) of the n >= 2 legal moves of a position become
 *   s'_i = B[c][r_i] - ((best - s_i) * T[c] + 128) / 256
 * before the frequencies (exptab[min(best' - s'_i, 511)]): T[c] a temperature in 1/256ths and
 * B[c][r] a bias (1/32 nat) by context c (phase x legal-move count, 15) and the move's rank r
 * under the model (0 best .. 6, 7 for the rest; ties by list order). Frozen tables by level
 * (src/pack/draft/v2d_stage2.inc), fitted by tools/pack_stage2 on lichess-65k's training
 * games with the draft model's integer scores. */
#define CHCI_V2D_S2_CTX 15
#define CHCI_V2D_S2_RANKS 8
extern const int16_t chci_v2d_s2_temp[CHCI_PM_LEVELS][CHCI_V2D_S2_CTX];
extern const int16_t chci_v2d_s2_bias[CHCI_PM_LEVELS][CHCI_V2D_S2_CTX][CHCI_V2D_S2_RANKS];
/* The context of a position (ply: plies since the game's start, nm legal moves). */
int chci_v2d_s2_ctx(const chc_position *p, int ply, int nm);
/* The rank of each score (0 best; ties by index; at most CHCI_V2D_S2_RANKS - 1). */
void chci_v2d_s2_ranks(const int32_t *sc, int n, uint8_t *rank);
/* Applies a second stage (temperature t, biases by rank) to sc[0..n) in place. */
void chci_v2d_stage2_apply(int32_t t, const int16_t bias[CHCI_V2D_S2_RANKS], int32_t *sc, int n);
/* The same with the frozen tables of `level` and context ctx. */
void chci_v2d_stage2(int level, int ctx, int32_t *sc, int n);

/* ---- the policy net: draft feature set 5 = set 3 + a hidden layer over the board ----
 * (docs/formats/pack-game.md, "A policy net over the board"; tools/pack_exp MASK 95 + 8388608,
 * PACK_QUANT=1's integer grid.) Inputs: the pieces on the board from a perspective s (the
 * side to move's): input = ((colour != s) * 6 + type - 1) * 64 + (square ^ (s ? 56 : 0)).
 *   acc[j] = b[j] + sum over the pieces of V[input][j]   (V and b in 1/127; |acc| < 2^15)
 *   h[j]   = clamp(acc[j], 0, 127)                        (the hidden value in 1/127)
 * A move of a piece of type t from `from` to `to` (mover's view; castling: the rook's square,
 * the move's own `to`) adds to its linear score (1/32 nat)
 *   floor((h . U[(t - 1) * 64 + to'] + h . U[384 + (t - 1) * 64 + from']) / 8128)
 * with U in 1/2048 nat (8128 = 127 * 64): integer only, the floor exact for negative sums.
 * The codec keeps one accumulator per perspective, updated by the squares each move changes;
 * the origin term is computed once per piece. */
#define CHCI_PNET_H 64
#define CHCI_PNET_IN 768
#define CHCI_PNET_DIV 8128
#define CHCI_PNET_VMAX 900    /* |V|, |b| at most this: 33 * 900 < 2^15 */
#define CHCI_PNET_UMAX 16000  /* |U| at most this: 2 * 64 * 127 * 16000 < 2^31 */
/* The frozen arrays are aligned to CHCI_PNET_ALIGN bytes (a row of V or U, 128 bytes, on two
 * cache lines); chci_pnet_add() reads U with aligned vector loads when it is (any net works). */
#define CHCI_PNET_ALIGN 64
typedef struct {
    const int16_t *v; /* [CHCI_PNET_IN][CHCI_PNET_H] */
    const int16_t *b; /* [CHCI_PNET_H] */
    const int16_t *u; /* [CHCI_PNET_IN][CHCI_PNET_H]: rows 0..383 destinations, 384..767 origins */
} chci_pnet;
typedef struct {
    int16_t acc[2][CHCI_PNET_H]; /* white's view, black's view */
} chci_pnet_acc;

/* DRAFT model 2e: level 1 = set 5 (set 3's features with weights trained jointly with the net
 * chci_pnet_2e, tools/pack_train level 5), level 2 = model 2d's set 4 (no net). Model 1's book. */
extern const chci_pm_model chci_pm_model_draft2e;
extern const chci_pnet chci_pnet_2e;
/* The net of a model's level (NULL: that level has none). */
const chci_pnet *chci_pnet_of(const chci_pm_model *m, int level);
/* The input index of `piece` on sq from perspective s. */
int chci_pnet_input(int s, int sq, int piece);
/* The accumulators of position p, from scratch. */
void chci_pnet_reset(const chci_pnet *net, chci_pnet_acc *a, const chc_position *p);
/* The squares move m may change on the board of `before` (at most four: origin, destination,
 * a pawn taken en passant, castling's king and rook squares) with their pieces before it. */
typedef struct {
    int n;
    uint8_t sq[4], was[4];
} chci_pnet_change;
void chci_pnet_change_of(chci_pnet_change *c, const chc_position *before, chc_move m);
/* Updates the accumulators of `before` to those of `after` = before + m, c the change of m
 * (chci_pnet_change_of(), taken before m was made): only the squares whose piece changed. */
void chci_pnet_update(const chci_pnet *net, chci_pnet_acc *a, const chci_pnet_change *c,
                      const chc_position *after);
/* Adds the net's term to sc[0..n) for the n moves of p (accumulators of p). */
void chci_pnet_add(const chci_pnet *net, const chci_pnet_acc *a, const chc_position *p,
                   const chc_move *mv, int n, int32_t *sc);
/* floor(t / CHCI_PNET_DIV), whatever C's division does with negative operands. */
int32_t chci_pnet_floor(int32_t t);

/* ---- the draft codec ---- */
/* A draft code: the model and whether the second stage runs (the decoder must be told). */
typedef struct {
    const chci_pm_model *model;
    int stage2;
} chci_v2d_fmt;
/* Room that always suffices for a code of `plies` plies (an end symbol may take 12 bits). */
#define CHCI_V2D_MAX(plies) (48u + 5u * (size_t)(plies))
/* Codes the game (result: enum chc_result) at `level` (0: 1) with f's model (and stage) into
 * dst[0..cap); *len the length (also when it does not fit: CHC_E_BUFFER_TOO_SMALL). Errors as
 * chc_pack_game_encode(). */
int chci_pack_v2d_encode(const chci_v2d_fmt *f, const chc_position *start,
                         const chc_move *moves, size_t n, int result, int level, uint8_t *dst,
                         size_t cap, size_t *len, chc_diag *diag);
/* Decodes what chci_pack_v2d_encode() writes, and nothing else: CHC_E_PACK_VERSION when the
 * first symbol is not the draft's, CHC_E_PACK_CORRUPT for anything the encoder cannot write
 * (the exact final bytes included), CHC_E_LIMIT, CHC_E_BUFFER_TOO_SMALL (*n the plies). */
int chci_pack_v2d_decode(const chci_v2d_fmt *f, const uint8_t *src, size_t len,
                         chc_position *start, chc_move *moves, size_t cap, size_t *n, int *result,
                         int *level, chc_diag *diag);
#endif
