/* Internal: perft's counting path (perft_fast.c). */
#ifndef CHC_CORE_PERFT_FAST_H
#define CHC_CORE_PERFT_FAST_H
#include <stdint.h>

#include "chesscodec.h"

enum chci_perft_path { CHCI_PERFT_MOVEGEN, CHCI_PERFT_MAGIC, CHCI_PERFT_PEXT };

/* The path perft takes: CHC_PERFT_PATH=movegen|magic forces one; otherwise PEXT when the CPU
 * has BMI2 (x86-64), else magic. */
enum chci_perft_path chci_perft_path(void);

/* Counts the leaves of p's legal move tree to depth (>= 1) on the counting path `path` into
 * *nodes and returns 1; returns 0 (nothing written) when that path does not take the position
 * (path movegen, or Chess960 castling squares other than the standard ones). */
int chci_perft_fast(const chc_position *p, int depth, enum chci_perft_path path, uint64_t *nodes);
#endif
