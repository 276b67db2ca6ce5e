/* Internal: the engine's evaluation network (NNUE: an efficiently updated neural network).
 *
 * 768 inputs (colour relative to a perspective x 6 piece types x 64 squares, the square
 * mirrored vertically for black's perspective) -> CHCI_NNUE_HIDDEN accumulator values per
 * perspective (one weight matrix shared by both) -> clipped ReLU [0, QA] -> the side to
 * move's and the other side's halves concatenated -> 1 output. Integers only: accumulator
 * weights int16 scaled by QA, output weights int16 scaled by QB, output bias int32 scaled by
 * QA x QB; the score in centipawns is out x CHCI_NNUE_SCALE / (QA x QB).
 *
 * Output buckets: a net may have up to CHCI_NNUE_BUCKETS_MAX output layers, one chosen by the
 * number of pieces on the board (chci_nnue_bucket); a net of format 1 has one.
 *
 * The net file (written by tools/nnue_train.c; the library's net is src/engine/nnue_net.inc,
 * these bytes as a C array), all little-endian:
 * - format 1: the 8 bytes CHCI_NNUE_MAGIC (or CHCI_NNUE_MAGIC_RESIDUAL), the hidden size
 *   (uint32), int16 accumulator weights [768][H], biases [H], output weights [2H] and the
 *   int32 output bias;
 * - format 2: the 8 bytes CHCI_NNUE_MAGIC2, the hidden size (uint32), the number of output
 *   buckets NB (uint32, 1 to CHCI_NNUE_BUCKETS_MAX), int16 accumulator weights [768][H],
 *   biases [H], output weights [NB][2H], then int32 output biases [NB];
 * - format 3: the 8 bytes CHCI_NNUE_MAGIC3, then as format 2, for a net whose activation is
 *   the *squared* clipped ReLU (SCReLU): the output layer sums clip(x)^2 x w, clip(x) in
 *   [0, QA], and the score is (sum / QA + bias) x CHCI_NNUE_SCALE / (QA x QB) (one floor
 *   division); every output weight must lie within +-CHCI_NNUE_SCRELU_WMAX, so that clip(x) x w
 *   fits an int16 and a half's sum an int32 (the loader refuses other files). */
#ifndef CHC_ENGINE_NNUE_H
#define CHC_ENGINE_NNUE_H
#include <stddef.h>
#include <stdint.h>

#include "chesscodec.h"

#define CHCI_NNUE_INPUTS 768
/* the hidden size: 256 for the shipped nets 9 to 13 (net 13: src/engine/nnue_net.inc).
 * A build with -DCHCI_NNUE_HIDDEN=H (and its trainer) is for training a net of another size;
 * nnue.c embeds a net only for 256 (a build of another size has none). */
#ifndef CHCI_NNUE_HIDDEN
#define CHCI_NNUE_HIDDEN 256
#endif
#define CHCI_NNUE_QA 255
#define CHCI_NNUE_QB 64
#define CHCI_NNUE_SCALE 400
#define CHCI_NNUE_MAGIC "CHCNNUE1"
/* the magic of a residual net: its output is added to the hand-written evaluation */
#define CHCI_NNUE_MAGIC_RESIDUAL "CHCNNUR1"
/* the magic of format 2: output buckets (a plain net) */
#define CHCI_NNUE_MAGIC2 "CHCNNUE2"
#define CHCI_NNUE_BUCKETS_MAX 8
/* the magic of format 3: format 2 with the squared clipped ReLU */
#define CHCI_NNUE_MAGIC3 "CHCNNUE3"
#define CHCI_NNUE_SCRELU_WMAX 127
/* The hot loops (accumulator update, output layer) come in the build's instruction set and,
 * on x86-64 with GCC or Clang, in an AVX2 copy chosen when a net is loaded on a processor that
 * has AVX2 (the environment variable CHC_NNUE_PATH=generic keeps the generic one). Both
 * compute the same integers. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__AVX2__)
#define CHCI_NNUE_HAVE_AVX2 1
#else
#define CHCI_NNUE_HAVE_AVX2 0
#endif
#define CHCI_NNUE_PATH_GENERIC 0
#define CHCI_NNUE_PATH_AVX2 1
/* 1: a new engine searches with the network (when the build has one); 0: with the
 * hand-written evaluation until chc_engine_set_nnue(e, 1). */
#define CHCI_NNUE_DEFAULT_ON 1

typedef struct chci_nnue_net {
    /* on 16 bytes, as the accumulators' values: no 16-byte load of a row splits a cache line */
    _Alignas(16) int16_t w[CHCI_NNUE_INPUTS][CHCI_NNUE_HIDDEN];
    int16_t b[CHCI_NNUE_HIDDEN];
    int16_t out[CHCI_NNUE_BUCKETS_MAX][2 * CHCI_NNUE_HIDDEN]; /* per output bucket */
    int32_t out_b[CHCI_NNUE_BUCKETS_MAX];
    int nbuckets; /* output buckets: 1 (format 1) to CHCI_NNUE_BUCKETS_MAX */
    int residual; /* 1: the score is the hand-written evaluation + the net's output */
    int screlu;   /* 1 (format 3): the activation is the squared clipped ReLU */
    int path;     /* the hot loops' instruction set: CHCI_NNUE_PATH_GENERIC or _AVX2 */
} chci_nnue_net;

/* One accumulator: the hidden layer before activation, from white's [0] and black's [1]
 * perspectives, and the board it was computed for (a child's is updated from its parent's by
 * the squares whose piece changed). */
typedef struct chci_nnue_acc {
    /* on 16 bytes (an accumulator of 1,092 bytes left most rows of an array of them
     * misaligned, a quarter of their 16-byte loads and stores split over two cache lines) */
    _Alignas(16) int16_t v[2][CHCI_NNUE_HIDDEN];
    uint8_t board[64];
    int valid;
} chci_nnue_acc;

/* The input index of `piece` (colour << 3 | type) on `sq` from perspective `persp`. */
static inline int chci_nnue_feature(int persp, int piece, int sq)
{
    int rel = CHC_PIECE_COLOR(piece) != persp;
    int s = persp == CHC_WHITE ? sq : sq ^ 56;
    return rel * 384 + (CHC_PIECE_TYPE(piece) - 1) * 64 + s;
}

/* The output bucket of a position with npieces pieces (kings included, 2 to 32) in a net of
 * nbuckets: npieces 1..32 split into nbuckets equal ranges. */
static inline int chci_nnue_bucket(int nbuckets, int npieces)
{
    int b = (npieces - 1) * nbuckets / 32;
    return b < 0 ? 0 : b >= nbuckets ? nbuckets - 1 : b;
}

/* The size in bytes of a net file for CHCI_NNUE_HIDDEN: format 1 when nbuckets is 0, else
 * format 2 (or 3) with nbuckets output buckets. */
size_t chci_nnue_file_size(int nbuckets);
/* Parses a net file (format 1, 2 or 3) of len bytes into *net. Returns 0, or -1 with a
 * message in err (cap bytes) for a file of the wrong size, magic, hidden size or bucket count,
 * or (format 3) an output weight out of range. */
int chci_nnue_load(chci_nnue_net *net, const unsigned char *buf, size_t len, char *err, size_t cap);
/* The embedded net, parsed once (NULL if the embedded file is bad: cannot happen in a build
 * whose tests pass). */
const chci_nnue_net *chci_nnue_default(void);

/* Sets the net's path (CHCI_NNUE_PATH_*): 0, or -1 when this build or processor lacks it. */
int chci_nnue_set_path(chci_nnue_net *net, int path);
/* Full refresh of acc's values from acc->board (already set). */
void chci_nnue_refresh(const chci_nnue_net *net, chci_nnue_acc *acc);
/* acc's values = parent's updated to acc->board (already set: the squares whose piece
 * differs from parent->board are taken out and put in). */
void chci_nnue_update(const chci_nnue_net *net, chci_nnue_acc *acc, const chci_nnue_acc *parent);
/* The net's output for an up-to-date accumulator of a position with npieces pieces,
 * centipawns from the side to move's view (for a residual net, the correction to add to the
 * hand-written evaluation). */
int chci_nnue_output(const chci_nnue_net *net, const chci_nnue_acc *acc, int side, int npieces);
/* Refresh and output in one, plus the hand-written evaluation for a residual net (tests,
 * tools). */
int chci_nnue_evaluate(const chci_nnue_net *net, const chc_position *pos);
#endif
