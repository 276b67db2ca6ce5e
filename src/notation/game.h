/* Internal: the game model's storage (see game.c), shared with the PGN reader and writer. */
#ifndef CHC_NOTATION_GAME_H
#define CHC_NOTATION_GAME_H
#include <stdint.h>

#include "chesscodec.h"

typedef struct chci_node {
    chc_move move;
    uint32_t parent, first_child, last_child, next_sibling;
    uint32_t comment[2]; /* [0] after, [1] before: offset + 1 into the string pool, 0 none */
    uint8_t nags[CHC_GAME_MAX_NAGS];
    uint8_t nnags;
} chci_node;

struct chc_game {
    chc_position start;
    chci_node *nodes;
    uint32_t nnodes, cap_nodes;
    uint32_t *main; /* node of each main-line ply */
    uint32_t nmain, cap_main;
    char *pool;     /* strings: tag names, tag values, comments, NUL-terminated */
    size_t pool_len, pool_cap;
    uint32_t (*tags)[2]; /* offsets of name and value */
    size_t ntags, cap_tags;
    int result;
    chc_position tail;   /* position at the end of the main line, when tail_ok */
    int tail_ok;
    size_t cursor;       /* main-line plies played (chc_game_cursor) */
    int termination;     /* enum chc_termination, declared or from the PGN tag */
    chc_position cur;    /* position at the cursor, when cur_ok (a cache) */
    int cur_ok;
};

/* Appends a string to the pool; returns its offset + 1, or 0 (no memory / limit). */
uint32_t chci_game_str(chc_game *g, const char *s, size_t n);
/* Adds a move under parent without checks (parent must exist). CHC_GAME_NO_NODE on failure. */
uint32_t chci_game_add(chc_game *g, uint32_t parent, chc_move m);
/* Outcome after `ply` main-line plies (repetitions counted over the positions since the last
 * irreversible move); *reps (NULL accepted) gets how often that position has occurred. */
int chci_game_outcome_at(const chc_game *g, size_t ply, int *reps);
/* The termination a PGN [Termination] tag value means for game g (read at its end), or
 * CHC_TERM_NONE. */
int chci_termination_from_tag(const chc_game *g, const char *value);
#endif
