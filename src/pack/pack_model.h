/* Internal: the move predictor of the pack game code (docs/formats/pack-game.md).
 *
 * Each legal move gets up to CHCI_PM_K feature indices; its score is the sum of the weights of
 * its features; the probability of a move is proportional to exp(score / CHCI_PM_SCALE).
 * The codec uses integer weights (src/pack/pack_weights.inc, made by tools/pack_train.c);
 * the trainer uses the same features with floating-point weights. */
#ifndef CHC_PACK_MODEL_H
#define CHC_PACK_MODEL_H
#include <stddef.h>
#include <stdint.h>

#include "chesscodec.h"

#define CHCI_PM_K 18          /* features per move at most */
#define CHCI_PM_SCALE 32      /* integer weight units per nat */

/* Feature index layout. */
enum {
    CHCI_PM_TO = 0,                          /* phase(3) x piece(6) x to square (mover's view) */
    CHCI_PM_FROM = CHCI_PM_TO + 3 * 6 * 64,  /* phase x piece x from square */
    CHCI_PM_CAP = CHCI_PM_FROM + 3 * 6 * 64, /* piece(6) x captured(6) x target defended(2) */
    CHCI_PM_ATT_TO = CHCI_PM_CAP + 72,       /* piece x danger class of the target (4) */
    CHCI_PM_ATT_FROM = CHCI_PM_ATT_TO + 24,  /* piece x danger class of the origin (4) */
    CHCI_PM_RECAP = CHCI_PM_ATT_FROM + 24,   /* piece: captures on the last move's square */
    CHCI_PM_CHECK = CHCI_PM_RECAP + 6,       /* piece: gives a direct check */
    CHCI_PM_PROMO = CHCI_PM_CHECK + 6,       /* promotion piece (4) */
    CHCI_PM_CASTLE = CHCI_PM_PROMO + 4,      /* castling king side / queen side */
    CHCI_PM_SAME = CHCI_PM_CASTLE + 2,       /* piece: the piece our last move moved */
    CHCI_PM_THREAT = CHCI_PM_SAME + 6,       /* piece x (attacks a bigger piece, an undefended one) */
    CHCI_PM_EVADE = CHCI_PM_THREAT + 12,     /* piece: moving while in check */
    CHCI_PM_HIST = CHCI_PM_EVADE + 6,        /* same from-to played before in this game by this side */
    CHCI_PM_ESCAPE = CHCI_PM_HIST + 1,       /* piece: origin attacked by the piece that just moved */
    CHCI_PM_PAWNDBL = CHCI_PM_ESCAPE + 6,    /* pawn move: file has a passed/blocked flag (4) */
    CHCI_PM_BOOK = CHCI_PM_PAWNDBL + 4,      /* the opening book's first / second move */
    CHCI_PM_NF = CHCI_PM_BOOK + 2
};

/* Opening book: positions met at least CHCI_PM_BOOK_MIN times in the first CHCI_PM_BOOK_PLIES
 * plies of the training games, with their two most played moves (from | to << 6 | promo << 12,
 * 0 when none), sorted by Polyglot key. */
#define CHCI_PM_BOOK_PLIES 16
#define CHCI_PM_BOOK_MIN 20
typedef struct {
    uint64_t key;
    uint16_t m1, m2;
} chci_pm_book_entry;
extern const chci_pm_book_entry chci_pm_book[];
extern const size_t chci_pm_book_n;

/* What the predictor remembers of the game so far. */
typedef struct {
    const chci_pm_book_entry *book; /* chci_pm_init() sets the checked-in book */
    size_t book_n;
    int ply;
    int last_to[2];     /* to-square of each side's last move, -1 before */
    uint64_t hist[2][64]; /* hist[side][from] bit to: from-to played by side */
} chci_pm_state;

void chci_pm_init(chci_pm_state *st);
/* Records move m (played by pos->side in pos, before it is made). */
void chci_pm_played(chci_pm_state *st, const chc_position *pos, chc_move m);

/* Levels: 1 fast (attack maps and danger classes), 2 strong (also what each move attacks). */
#define CHCI_PM_LEVELS 2

/* Fills feat[i][0..nf[i]) for each of the n legal moves of pos. */
void chci_pm_features(const chc_position *pos, const chci_pm_state *st, const chc_move *moves,
                      int n, uint16_t (*feat)[CHCI_PM_K], uint8_t *nf, int level);

/* The score of each move with integer weights (same features, faster). */
void chci_pm_scores(const chc_position *pos, const chci_pm_state *st, const chc_move *moves, int n,
                    int level, int32_t *score);

/* The checked-in integer weights of each level. */
extern const int16_t chci_pm_weights1[CHCI_PM_NF];
extern const int16_t chci_pm_weights2[CHCI_PM_NF];
#endif
