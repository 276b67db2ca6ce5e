#!/usr/bin/env bash
# Perft speed: our `chesscodec perft` beside an anchor on the same positions, single-threaded,
# bulk counting in both, whole process timed (start-up included for both), runs interleaved
# (ours, anchor, ours, anchor, ...). Prints nodes per second of each and the ratio.
#
# Anchor: Stockfish's `go perft` (Debian package stockfish), printing stockfish time / ours;
# or, when CHC_ANCHOR_GIGANTUA=/path/to/binary is set, Gigantua (built from its public source,
# run as `binary FEN DEPTH`, printing the node count on its last line), printing our time /
# Gigantua's (below 1: we are faster) on start position depth 7, Kiwipete depth 5 and
# position 3 depth 7 (and depth 6 of start position and position 3).
# CHC_PERFT_PATH=magic|movegen measures our other paths (see src/core/perft_fast.c).
set -euo pipefail
build=${1:-build/release}
BIN=$build/chesscodec
RUNS=${RUNS:-3}
GIG=${CHC_ANCHOR_GIGANTUA:-}

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }

anchor_nodes() { # fen depth
  if [ -n "$GIG" ]; then "$GIG" "$1" "$2" | tail -1 | tr -dc 0-9
  else printf 'position fen %s\ngo perft %s\nquit\n' "$1" "$2" | "$SF" | awk '/Nodes searched/{print $3}'
  fi
}

run() { # name fen depth
  local name=$1 fen=$2 depth=$3 ours=() theirs=() nodes anodes
  for _ in $(seq "$RUNS"); do
    local t0; t0=$(now)
    nodes=$($BIN perft --fen "$fen" "$depth")
    ours+=($(( $(now) - t0 )))
    t0=$(now)
    anodes=$(anchor_nodes "$fen" "$depth")
    theirs+=($(( $(now) - t0 )))
  done
  [ "$nodes" = "$anodes" ] || { echo "node counts differ: $nodes vs $anodes"; exit 1; }
  local a b
  a=$(printf '%s\n' "${ours[@]}" | median); b=$(printf '%s\n' "${theirs[@]}" | median)
  if [ -n "$GIG" ]; then
    awk -v n="$name" -v d="$depth" -v nodes="$nodes" -v a="$a" -v b="$b" 'BEGIN{
      printf "%-10s depth %d  %11d nodes  chesscodec %7.1f Mnps (%.3f s)  gigantua %7.1f Mnps (%.3f s)  ours/gigantua %.2f\n",
        n, d, nodes, nodes/a*1000, a/1e9, nodes/b*1000, b/1e9, a/b }'
  else
    awk -v n="$name" -v d="$depth" -v nodes="$nodes" -v a="$a" -v b="$b" 'BEGIN{
      printf "%-10s depth %d  %11d nodes  chesscodec %7.1f Mnps (%.3f s)  stockfish %7.1f Mnps (%.3f s)  ratio %.2fx\n",
        n, d, nodes, nodes/a*1000, a/1e9, nodes/b*1000, b/1e9, b/a }'
  fi
}

START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWI="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
POS3="8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
echo "perft, single thread, median of $RUNS interleaved runs; machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "chesscodec perft path: ${CHC_PERFT_PATH:-default (pext when the CPU has BMI2, else magic)}"
if [ -n "$GIG" ]; then
  [ -x "$GIG" ] || { echo "bench_perft: CHC_ANCHOR_GIGANTUA=$GIG is not an executable"; exit 1; }
  echo "anchor: Gigantua ($GIG)"
  run startpos "$START" 6
  run startpos "$START" 7
  run kiwipete "$KIWI" 5
  run pos3 "$POS3" 6
  run pos3 "$POS3" 7
else
  SF=$(command -v stockfish || echo /usr/games/stockfish)
  [ -x "$SF" ] || { echo "bench_perft: stockfish not installed (Debian package stockfish)"; exit 1; }
  echo "stockfish: $(echo quit | "$SF" | head -1)"
  run startpos "$START" 6
  run kiwipete "$KIWI" 5
  run pos3 "$POS3" 7
fi
