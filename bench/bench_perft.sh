#!/usr/bin/env bash
# Perft speed: our `chesscodec perft` beside Stockfish's `go perft` on the same positions,
# single-threaded, bulk counting in both, whole process timed (start-up included for both).
# Prints nodes per second of each and the ratio ours/Stockfish (median of RUNS runs).
set -euo pipefail
build=${1:-build/release}
BIN=$build/chesscodec
RUNS=${RUNS:-3}
SF=$(command -v stockfish || echo /usr/games/stockfish)
[ -x "$SF" ] || { echo "bench_perft: stockfish not installed (Debian package stockfish)"; exit 1; }

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }

run() { # name fen depth
  local name=$1 fen=$2 depth=$3 ours=() theirs=() nodes sfnodes
  for _ in $(seq "$RUNS"); do
    local t0; t0=$(now)
    nodes=$($BIN perft --fen "$fen" "$depth")
    ours+=($(( $(now) - t0 )))
    t0=$(now)
    sfnodes=$(printf 'position fen %s\ngo perft %s\nquit\n' "$fen" "$depth" | "$SF" | awk '/Nodes searched/{print $3}')
    theirs+=($(( $(now) - t0 )))
  done
  [ "$nodes" = "$sfnodes" ] || { echo "node counts differ: $nodes vs $sfnodes"; exit 1; }
  local a b
  a=$(printf '%s\n' "${ours[@]}" | median); b=$(printf '%s\n' "${theirs[@]}" | median)
  awk -v n="$name" -v d="$depth" -v nodes="$nodes" -v a="$a" -v b="$b" 'BEGIN{
    printf "%-10s depth %d  %11d nodes  chesscodec %7.1f Mnps (%.3f s)  stockfish %7.1f Mnps (%.3f s)  ratio %.2fx\n",
      n, d, nodes, nodes/a*1000, a/1e9, nodes/b*1000, b/1e9, b/a }'
}

echo "perft, single thread, median of $RUNS runs; machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "stockfish: $(echo quit | "$SF" | head -1)"
run startpos "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" 6
run kiwipete "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 5
run pos3 "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1" 7
