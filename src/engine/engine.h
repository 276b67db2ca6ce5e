/* Internal: the engine's evaluation, shared by the search and the tools. */
#ifndef CHC_ENGINE_ENGINE_H
#define CHC_ENGINE_ENGINE_H
#include "chesscodec.h"
#include "core/bitboard.h"

/* chc_engine_search() without clearing the stop and ponderhit requests first (search.c): a
 * background search clears them before its thread starts, so that no request is lost. */
int chci_engine_search(chc_engine *e, const chc_position *start, const chc_move *moves,
                       int nmoves, const chc_search_limits *limits, chc_search_callback cb,
                       void *user, chc_search_result *result);
void chci_engine_clear_requests(chc_engine *e);
/* The engine's background search (background.c): its slot in the engine, and its end when
 * the engine is freed (a running search is stopped and joined). */
struct chci_job;
struct chci_job **chci_engine_job(chc_engine *e);
void chci_job_free(chc_engine *e, struct chci_job *job);

/* Material values used by move ordering and SEE (index: piece type). */
extern const int chci_see_value[7];

/* The pawn cache: pawn_terms (eval.c) by pawn structure, keyed by both pawn bitboards
 * (compared in full, so it never returns another structure's values; an all-zero entry is
 * the right one for no pawns). Every searching thread has its own (chc_engine.pawn_cache). */
typedef struct chci_pawn_entry {
    bb_t pawns[2], passers[2];
    int mg, eg;
} chci_pawn_entry;
#define CHCI_PAWN_CACHE_SIZE 2048 /* entries (a power of two); 96 KB */

/* Static evaluation from the side to move's point of view (centipawns), with a pawn cache of
 * CHCI_PAWN_CACHE_SIZE zero-initialised entries (owned by the caller, used by one thread at a
 * time) or NULL (no cache). */
int chci_evaluate(const chc_position *pos, chci_pawn_entry *cache);

/* Non-zero when neither side can possibly mate (K v K, K+minor v K). */
int chci_insufficient_material(const chc_position *pos);

/* Static exchange evaluation of move `m` in `pos` (material balance for the mover). */
int chci_see(const chc_position *pos, chc_move m);

/* Bitboard of the pieces of type `t` and colour `c`. */
static inline bb_t chci_pieces(const chc_position *pos, int c, int t)
{
    return pos->by_color[c] & pos->by_type[t];
}

/* ---- evaluation parameters (for the tuner: tools/eval_tune.c) ----
 * Every weight is a (middle game, end game) pair in chci_eval_weights[index][phase]; the
 * evaluation is linear in them apart from the end-game scale and the mop-up term, so a
 * trace (how many times each weight was counted, white minus black) reproduces it. */
enum {
    EP_MATERIAL = 0,                 /* 6: by piece type - 1 (king unused) */
    EP_PST = EP_MATERIAL + 6,        /* 6 x 64: type - 1, square from white's side */
    EP_MOB_N = EP_PST + 6 * 64,      /* 9: knight mobility 0..8 */
    EP_MOB_B = EP_MOB_N + 9,         /* 14 */
    EP_MOB_R = EP_MOB_B + 14,        /* 15 */
    EP_MOB_Q = EP_MOB_R + 15,        /* 28 */
    EP_KING_ATT = EP_MOB_Q + 28,     /* 40: attack units on their king zone, queen present */
    EP_KING_ATT_NOQ = EP_KING_ATT + 40, /* 40: the same without our queen */
    EP_PASSED = EP_KING_ATT_NOQ + 40,   /* 8: passed pawn by relative rank */
    EP_SUPPORTED = EP_PASSED + 8,    /* 8: pawn defended by a pawn, by rank */
    EP_PHALANX = EP_SUPPORTED + 8,   /* 8: pawn beside a pawn, by rank */
    EP_BISHOP_PAIR = EP_PHALANX + 8,
    EP_DOUBLED,
    EP_ISOLATED,
    EP_BACKWARD,
    EP_PASSED_FREE,                  /* times the relative rank */
    EP_PASSED_KING_OWN,              /* times (rank - 2) times distance to the stop square */
    EP_PASSED_KING_THEIR,
    EP_PASSED_BLOCKED,               /* stop square held by an enemy piece, times rank */
    EP_ROOK_OPEN,
    EP_ROOK_SEMI,
    EP_ROOK_SEVENTH,
    EP_OUTPOST_N,
    EP_OUTPOST_B,
    EP_THREAT_PAWN,                  /* their piece attacked by our pawn */
    EP_THREAT_MINOR,                 /* their rook or queen attacked by our minor */
    EP_THREAT_ROOK,                  /* their queen attacked by our rook */
    EP_HANGING,                      /* their undefended piece attacked by us */
    EP_SHIELD1,
    EP_SHIELD2,
    EP_SHIELD_OPEN,
    EP_SHIELD_OPEN2,
    EP_TEMPO,
    EP_SAFE_CHECK_N,                 /* squares from which our knight could check, not attacked by them */
    EP_SAFE_CHECK_B,
    EP_SAFE_CHECK_R,
    EP_SAFE_CHECK_Q,
    EP_BISHOP_PAWNS,                 /* own pawns on the bishop's square colour */
    EP_KING_PAWN_DIST,               /* distance from our king to the nearest pawn */
    EP_MINOR_BEHIND_PAWN,            /* knight or bishop right behind a pawn */
    EP_PASSED_STOP_ATTACKED,         /* passed pawn whose stop square they attack, times rank */
    EP_STORM,                        /* 8: their most advanced pawn on each of our king's files, by its rank from our side */
    EP_COUNT = EP_STORM + 8
};
extern const int chci_eval_weights[EP_COUNT][2];

/* What one evaluation counted: coef[i] uses of weight i (white minus black), the game phase
 * (0..24, 24 = all pieces), the end-game scale (out of 16) and the mop-up term (white's). */
typedef struct chci_eval_trace {
    int coef[EP_COUNT];
    int phase, scale, eg_post;
} chci_eval_trace;

/* The evaluation (white's point of view) with weights w, filling the trace. */
int chci_evaluate_trace(const chc_position *pos, const int (*w)[2], chci_eval_trace *tr);

/* The sessions' command lines (session_line.c): copies line[0..len) without its line end into
 * *buf (grown to *cap; NULL when out of memory) and returns it; chci_next_tok() cuts the next
 * word (spaces and tabs between) off *s, or returns NULL at the end. */
char *chci_session_line(char **buf, size_t *cap, const char *line, size_t len);
char *chci_next_tok(char **s);
#endif
