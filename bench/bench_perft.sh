#!/usr/bin/env bash
# Perft speed: our `chesscodec perft` beside an anchor on the same positions, single-threaded,
# bulk counting in both, whole process timed (start-up included for both), runs interleaved
# (ours, anchor, ours, anchor, ...; RUNS rounds, default 5) and the medians compared: of the
# wall-clock times and of the CPU times (user + system), which a busy machine disturbs less.
#
# Anchors:
# - Stockfish's `go perft` (Debian package stockfish): prints stockfish time / ours (above 1:
#   we are faster) on start position depth 6, Kiwipete depth 5 and position 3 depth 7.
# - Gigantua, when CHC_ANCHOR_GIGANTUA=/path/to/binary is set: a binary built from its public
#   source, run as `binary FEN DEPTH`, printing the node count of FEN at DEPTH on its last line.
#   Prints our time / Gigantua's (below 1: we are faster) on start position depth 6 and 7,
#   Kiwipete depth 5 and position 3 depth 6 and 7; then the Stockfish table as well when
#   Stockfish is installed. Building Gigantua: its public repository lacks the generated
#   Movemap.hpp (PEXT slider tables and between-masks); a stand-in for it must be written
#   before it compiles (g++ -std=c++20 -march=native -O3; a few minutes of CPU), and its counts
#   checked (this script stops when the node counts differ).
# CHC_PERFT_PATH=pext|magic|movegen measures our other paths (docs/perft.md).
# The first argument is the build directory holding `chesscodec` (default build/release).
set -euo pipefail
build=${1:-build/release}
BIN=$build/chesscodec
RUNS=${RUNS:-5}
GIG=${CHC_ANCHOR_GIGANTUA:-}

median() { sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
OUT=$(mktemp); TIMES=$(mktemp); trap 'rm -f "$OUT" "$TIMES"' EXIT

ours_cmd() { "$BIN" perft --fen "$1" "$2"; }
anchor_cmd() { # fen depth
  if [ "$ANCHOR" = gigantua ]; then "$GIG" "$1" "$2" | tail -1 | tr -dc 0-9; echo
  else printf 'position fen %s\ngo perft %s\nquit\n' "$1" "$2" | "$SF" | awk '/Nodes searched/{print $3}'
  fi
}

# timed CMD ARGS...: runs CMD with its output in $OUT; appends "wall cpu" (seconds; cpu = user +
# system time of the process and its children, which a busy machine disturbs less) to $TIMES.
timed() {
  local TIMEFORMAT='%3R %3U %3S' t
  t=$( { time "$@" >"$OUT"; } 2>&1 )
  echo "$t" | awk '{print $1, $2 + $3}' >>"$TIMES"
}

run() { # name fen depth
  local name=$1 fen=$2 depth=$3 nodes anodes
  : >"$TIMES"
  for _ in $(seq "$RUNS"); do
    timed ours_cmd "$fen" "$depth"; nodes=$(cat "$OUT")
    timed anchor_cmd "$fen" "$depth"; anodes=$(cat "$OUT")
  done
  [ "$nodes" = "$anodes" ] || { echo "node counts differ: $nodes vs $anodes"; exit 1; }
  local a b ac bc
  a=$(awk 'NR % 2 == 1 {print $1}' "$TIMES" | median); b=$(awk 'NR % 2 == 0 {print $1}' "$TIMES" | median)
  ac=$(awk 'NR % 2 == 1 {print $2}' "$TIMES" | median); bc=$(awk 'NR % 2 == 0 {print $2}' "$TIMES" | median)
  if [ "$ANCHOR" = gigantua ]; then
    awk -v n="$name" -v d="$depth" -v nodes="$nodes" -v a="$a" -v b="$b" -v ac="$ac" -v bc="$bc" 'BEGIN{
      printf "%-9s d%d %11.0f nodes  chesscodec %6.1f Mnps (%.3f s, cpu %.3f s)  gigantua %6.1f Mnps (%.3f s, cpu %.3f s)  ours/gigantua %.2f (cpu %.2f)\n",
        n, d, nodes, nodes/a/1e6, a, ac, nodes/b/1e6, b, bc, a/b, ac/bc }'
  else
    awk -v n="$name" -v d="$depth" -v nodes="$nodes" -v a="$a" -v b="$b" -v ac="$ac" -v bc="$bc" 'BEGIN{
      printf "%-9s d%d %11.0f nodes  chesscodec %6.1f Mnps (%.3f s, cpu %.3f s)  stockfish %6.1f Mnps (%.3f s, cpu %.3f s)  ratio %.2fx (cpu %.2fx)\n",
        n, d, nodes, nodes/a/1e6, a, ac, nodes/b/1e6, b, bc, b/a, bc/ac }'
  fi
}

START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWI="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
POS3="8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
echo "perft, single thread, median of $RUNS interleaved runs; machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "chesscodec perft path: ${CHC_PERFT_PATH:-default (pext when the CPU has BMI2, else magic)}"
SF=$(command -v stockfish || echo /usr/games/stockfish)
if [ -n "$GIG" ]; then
  [ -x "$GIG" ] || { echo "bench_perft: CHC_ANCHOR_GIGANTUA=$GIG is not an executable"; exit 1; }
  echo "anchor: Gigantua ($GIG)"
  ANCHOR=gigantua
  run startpos "$START" 6
  run startpos "$START" 7
  run kiwipete "$KIWI" 5
  run pos3 "$POS3" 6
  run pos3 "$POS3" 7
  [ -x "$SF" ] || { echo "stockfish not installed (Debian package stockfish): no Stockfish table"; exit 0; }
fi
[ -x "$SF" ] || { echo "bench_perft: stockfish not installed (Debian package stockfish)"; exit 1; }
echo "anchor: stockfish: $(echo quit | "$SF" | head -1)"
ANCHOR=stockfish
run startpos "$START" 6
run kiwipete "$KIWI" 5
run pos3 "$POS3" 7
