#!/usr/bin/env bash
# Engine speed: `chesscodec bench DEPTH` (ten fixed positions searched to DEPTH, one thread,
# 16 MB table) of this build, of another chesscodec binary when one is given (main's build
# copied aside, to measure a change), and Debian's Stockfish `bench 16 1 DEPTH` as the anchor,
# run interleaved (ours, other, stockfish, ours, ...; RUNS rounds) so that the load of a shared
# machine falls on all of them alike. Prints the median nodes per second of each, two ways:
# the bench's own figure (nodes / wall-clock time of the search) and nodes / CPU time of the
# whole process (user + system, start-up included), which other jobs on the machine disturb
# less; then the ratios. The node counts of the two chesscodec builds must be equal when the
# change is meant to keep the search's decisions: the script says so when they differ.
#
#   bash bench/bench_nps.sh [BUILD [OTHER_BIN]]     BUILD: build directory (build/release)
#   RUNS=7 DEPTH=14 bash bench/bench_nps.sh build/release /tmp/main-chesscodec
#
# Environment: RUNS (rounds, default 5), DEPTH (default 13), BENCH_ARGS (more arguments for
# both chesscodec runs, e.g. --no-nnue; an older binary may not know them), SF_DEPTH
# (Stockfish's bench depth, default DEPTH), NO_ANCHOR=1 (leave Stockfish out).
set -euo pipefail
build=${1:-build/release}
OTHER=${2:-}
BIN=$build/chesscodec
RUNS=${RUNS:-5}
DEPTH=${DEPTH:-13}
SF_DEPTH=${SF_DEPTH:-$DEPTH}
read -r -a EXTRA <<<"${BENCH_ARGS:-}"
[ -x "$BIN" ] || { echo "bench_nps: $BIN not found (build first: make release)"; exit 1; }
[ -z "$OTHER" ] || [ -x "$OTHER" ] || { echo "bench_nps: $OTHER is not an executable"; exit 1; }
SF=$(command -v stockfish || echo /usr/games/stockfish)
if [ "${NO_ANCHOR:-0}" = 1 ]; then
  SF=
  echo "anchor: left out (NO_ANCHOR=1)"
elif [ ! -x "$SF" ]; then
  SF=
  echo "anchor: stockfish not installed (Debian package stockfish): no anchor, chesscodec only"
else
  echo "anchor: $(echo quit | "$SF" | head -1) bench 16 1 $SF_DEPTH"
fi

median() { sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
DIR=$(mktemp -d); trap 'rm -rf "$DIR"' EXIT

# one NAME CMD...: runs CMD, output in $DIR/out; appends "nodes nps cpu_seconds" to $DIR/NAME.
one() {
  local name=$1 t
  shift
  local TIMEFORMAT='%3U %3S'
  t=$( { time "$@" >"$DIR/out" 2>&1; } 2>&1 )
  local cpu nodes nps
  cpu=$(echo "$t" | awk '{print $1 + $2}')
  nodes=$(awk -F: '/^Nodes( searched)? *:/{gsub(/ /, "", $2); print $2}' "$DIR/out" | tail -1)
  nps=$(awk -F: '/^(NPS|Nodes\/second) *:/{gsub(/ /, "", $2); print $2}' "$DIR/out" | tail -1)
  [ -n "$nodes" ] && [ -n "$nps" ] || { echo "bench_nps: no figures from $*:"; cat "$DIR/out"; exit 1; }
  echo "$nodes $nps $cpu" >>"$DIR/$name"
}

echo "chesscodec bench $DEPTH${BENCH_ARGS:+ $BENCH_ARGS}, $RUNS interleaved rounds; $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$RUNS"); do
  one ours "$BIN" bench "$DEPTH" "${EXTRA[@]}"
  [ -z "$OTHER" ] || one other "$OTHER" bench "$DEPTH" "${EXTRA[@]}"
  [ -z "$SF" ] || one sf "$SF" bench 16 1 "$SF_DEPTH"
  printf '  round %d done, load %s\n' "$r" "$(cut -d' ' -f1 /proc/loadavg)"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

# summary NAME LABEL: prints nodes, median nps (bench's) and median nodes per CPU second
summary() {
  local f=$DIR/$1 nodes nps cpu
  nodes=$(awk 'NR == 1 {print $1}' "$f")
  nps=$(awk '{print $2}' "$f" | median)
  cpu=$(awk '{print $3}' "$f" | median)
  awk -v l="$2" -v n="$nodes" -v s="$nps" -v c="$cpu" 'BEGIN{
    printf "%-22s %10d nodes  %6.3f M nodes/s (bench)  %6.3f M nodes per CPU second (%.2f s)\n",
      l, n, s / 1e6, n / c / 1e6, c }'
  echo "$nps $(awk -v n="$nodes" -v c="$cpu" 'BEGIN{print n / c}')" >"$f.sum"
}
summary ours "ours ($BIN)"
if [ -n "$OTHER" ]; then
  summary other "other ($OTHER)"
  a=$(awk 'NR == 1 {print $1}' "$DIR/ours"); b=$(awk 'NR == 1 {print $1}' "$DIR/other")
  if [ "$a" = "$b" ]; then echo "node counts equal: the same search decisions"
  else echo "NODE COUNTS DIFFER ($a against $b): the search's decisions changed"; fi
  read -r on oc <"$DIR/ours.sum"; read -r tn tc <"$DIR/other.sum"
  awk -v a="$on" -v b="$tn" -v c="$oc" -v d="$tc" 'BEGIN{printf "ours / other: %.3f (bench nps), %.3f (per CPU second)\n", a / b, c / d}'
fi
if [ -n "$SF" ]; then
  summary sf "stockfish (bench $SF_DEPTH)"
  read -r on oc <"$DIR/ours.sum"; read -r sn sc <"$DIR/sf.sum"
  awk -v a="$on" -v b="$sn" -v c="$oc" -v d="$sc" 'BEGIN{printf "ours / stockfish: %.3f (bench nps), %.3f (per CPU second); an anchor only (a different, much larger net)\n", a / b, c / d}'
fi
