/* Internal: the move predictor of the pack game code (docs/formats/pack-game.md).
 *
 * Each legal move gets up to CHCI_PM_K feature indices; its score is the sum of the weights of
 * its features; the probability of a move is proportional to exp(score / CHCI_PM_SCALE).
 * A model is data: integer weights per level and an opening book (src/pack/models/,
 * made by tools/pack_train.c and then frozen). The codec takes the model of the code's
 * version; the trainer uses the same features with floating-point weights. */
#ifndef CHC_PACK_MODEL_H
#define CHC_PACK_MODEL_H
#include <stddef.h>
#include <stdint.h>

#include "chesscodec.h"

#define CHCI_PM_K 24          /* features per move at most (18 would do for version 1) */
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

/* The draft feature sets toward version 2 (docs/formats/pack-game.md, "Integer implementation
 * of the fast set"): indices appended after version 1's, laid out as tools/pack_exp.c's
 * candidate groups (some ranges unused here), so that version 1's weights are untouched. */
enum {
    CHCI_PM_X_SEE = CHCI_PM_NF,               /* piece x SEE bucket (7) */
    CHCI_PM_X_DIST = CHCI_PM_X_SEE + 6 * 7,   /* piece x distance to their last destination */
    CHCI_PM_X_ID = CHCI_PM_X_DIST + 6 * 5,    /* piece x from x to (mover's view) */
    CHCI_PM_X_MOB = CHCI_PM_X_ID + 6 * 4096,  /* piece x mobility bucket (6) */
    CHCI_PM_X_KZ = CHCI_PM_X_MOB + 6 * 6,     /* piece: attacks the king zone; + 6: the queen */
    CHCI_PM_X_CR = CHCI_PM_X_KZ + 12,         /* (unused: pack_exp's castling rights) */
    CHCI_PM_X_CAPPH = CHCI_PM_X_CR + 6,       /* phase x piece x captured x defended */
    CHCI_PM_X_UNM = CHCI_PM_X_CAPPH + 3 * 72, /* (unused: pack_exp's first move) */
    CHCI_PM_X_HANG = CHCI_PM_X_UNM + 18,      /* our en-prise count before (4) x after (4) */
    CHCI_PM_NF2 = CHCI_PM_X_HANG + 16         /* weights of a draft model's level */
};

/* Feature sets: 1 and 2 are version 1's levels; 3 is set 1 plus the fast set (pack_exp MASK
 * 95: SEE, distance, identity, mobility, king zone, capture x phase); 4 is set 3 plus our
 * pieces en prise after the move (MASK 351). Sets 3 and 4 are drafts: no published code uses
 * them. */
#define CHCI_PM_FSETS 4

/* Opening book: positions met at least CHCI_PM_BOOK_MIN times in the first CHCI_PM_BOOK_PLIES
 * plies of the training games, with their two most played moves (from | to << 6 | promo << 12,
 * 0 when none), sorted by Polyglot key. */
#define CHCI_PM_BOOK_PLIES 16
#define CHCI_PM_BOOK_MIN 20
typedef struct {
    uint64_t key;
    uint16_t m1, m2;
} chci_pm_book_entry;

/* Levels: 1 fast (attack maps and danger classes), 2 strong (also what each move attacks). */
#define CHCI_PM_LEVELS 2

/* A model: the weights of each level and the book. Published models are frozen: the golden
 * vectors of tests/data/pack/ pin every code made with them, and tests/unit/pack pins their
 * digests. A retrained model is a new model with a new name, used by a new code version. */
typedef struct chci_pm_model {
    const char *name;                         /* "1", "0.1a", "0.1b" */
    const int16_t *weights[CHCI_PM_LEVELS];   /* CHCI_PM_NF weights per level */
    const chci_pm_book_entry *book;           /* sorted by key; NULL when book_n is 0 */
    size_t book_n;
    int draft;                                /* 0: level l uses feature set l; 1: set l + 2,
                                                 weights of CHCI_PM_NF2 (a draft model) */
} chci_pm_model;

extern const chci_pm_model chci_pm_model1;    /* pack game version 1 */
extern const chci_pm_model chci_pm_model_01a; /* chesscodec 0.1, commit 3f74179 (no book) */
extern const chci_pm_model chci_pm_model_01b; /* chesscodec 0.1, 11421de..54164be (model 1's tables) */
/* DRAFT model 2 (level 1: feature set 3, level 2: set 4): for measurement only, reachable
 * through no published code version and not in the library: defined in
 * src/pack/draft/pack_model_draft.c, linked only into the tests, benches and tools. */
extern const chci_pm_model chci_pm_model_draft2;

/* FNV-1a (64-bit) of a model's weights (little-endian int16) and book entries (key as 8
 * bytes little-endian, then m1 and m2 as 2 bytes each): pinned by the tests. */
uint64_t chci_pm_model_digest(const chci_pm_model *m);

/* What the predictor remembers of the game so far. */
typedef struct {
    const chci_pm_book_entry *book; /* the model's book (the trainer sets its own) */
    size_t book_n;
    const int16_t *weights;         /* the model's weights of this level; NULL: features only */
    int fset;                       /* feature set (1..CHCI_PM_FSETS) */
    int ply;
    int last_to[2];     /* to-square of each side's last move, -1 before */
    uint64_t hist[2][64]; /* hist[side][from] bit to: from-to played by side */
} chci_pm_state;

/* Starts a game with `model` (NULL: no weights and no book) at `level` (1..CHCI_PM_LEVELS);
 * with NULL, `level` is the feature set (1..CHCI_PM_FSETS). */
void chci_pm_init(chci_pm_state *st, const chci_pm_model *model, int level);
/* Records move m (played by pos->side in pos, before it is made). */
void chci_pm_played(chci_pm_state *st, const chc_position *pos, chc_move m);

/* Fills feat[i][0..nf[i]) for each of the n legal moves of pos, with feature set `level`
 * (1..CHCI_PM_FSETS). */
void chci_pm_features(const chc_position *pos, const chci_pm_state *st, const chc_move *moves,
                      int n, uint16_t (*feat)[CHCI_PM_K], uint8_t *nf, int level);

/* The score of each move with the state's integer weights (same features, faster). */
void chci_pm_scores(const chc_position *pos, const chci_pm_state *st, const chc_move *moves, int n,
                    int32_t *score);
/* Shared with tools/pack_exp.c (the experiment loop computes its candidates with these):
 * the static exchange of the move from -> to by the side to move of a piece of type pt (after
 * promotion) capturing a piece worth captured_val (pawn 100, knight 320, bishop 330, rook 500,
 * queen 900), in centipawns; the squares a piece of type t and colour side on sq attacks with
 * occupancy occ; the number of pieces of `side` (not the king) en prise in p (attacked and
 * undefended, or attacked by a cheaper piece). */
int chci_pm_see(const chc_position *p, int from, int to, int pt, int captured_val);
uint64_t chci_pm_piece_att(int t, int side, int sq, uint64_t occ);
int chci_pm_en_prise(const chc_position *p, int side);
#endif
