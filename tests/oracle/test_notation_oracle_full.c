/* ctest-labels: nosan slow
 * The full oracle comparison: all 20,000 lichess games of tests/data/notation/lichess-20k
 * against both chessops and chess.js (see test_notation_oracle.c). */
#define ORACLE_GAMES 20000
#define ORACLE_CHESSJS ""
#include "test_notation_oracle.c"
