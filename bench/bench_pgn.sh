#!/usr/bin/env bash
# PGN speed: `chesscodec convert --to uci` (1 and 2 threads) beside its anchor
# `pgn-extract -Wuci` on the same file: the 20,000 real lichess games of
# tests/data/notation repeated to >= 50 MB. Games/s, MB/s, CPU and wall time, peak memory
# (and peak memory again on a 4x larger file: it must not grow with the file). On a shared
# machine compare the CPU figures (user + system time); wall time shows the threads' gain
# only when cores are free.
# Usage: bench_pgn.sh BUILD_DIR [REPEAT] (REPEAT copies of the 8.6 MB games; default 7 = 58 MB).
# CHC_ANCHOR_CHESSLIB=/path/to/driver adds the fastest public anchor: a program built from
# Disservin/chess-library (its pgn::StreamParser and board) that reads the PGN named as its
# argument, plays every SAN move and prints each game's UCI moves then its Result tag on one
# line, as `convert --to uci` does (see bench/README.md). Ours and it run interleaved
# (ours, anchor, ours 2 threads; CHC_ANCHOR_ROUNDS rounds, default 5); the ratios are medians
# of the rounds' ratios, and the outputs must be identical.
set -uo pipefail
build=${1:-build/release}
rep=${2:-7}
here=$(cd "$(dirname "$0")/.." && pwd)
bin="$build/chesscodec"
PATH="$PATH:/usr/games"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench_pgn.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
xz -dc "$here/tests/data/notation/lichess-20k.pgn.xz" > "$tmp/one.pgn"
for _ in $(seq "$rep"); do cat "$tmp/one.pgn"; done > "$tmp/big.pgn"
bytes=$(stat -c %s "$tmp/big.pgn")
games=$((20000 * rep))
mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1048576 }')
echo "input: $games games, $mb MB ($(nproc) cores; machine load $(cut -d' ' -f1 /proc/loadavg))"

# run NAME CMD... : prints a line and sets CPU (user+sys s), WALL (s), RSS (KB).
run() {
  local name=$1; shift
  /usr/bin/time -f "%U %S %e %M" -o "$tmp/time" "$@" > "$tmp/out" 2> "$tmp/err"
  local rc=$?
  read -r u s WALL RSS < "$tmp/time"
  CPU=$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')
  awk -v n="$name" -v c="$CPU" -v w="$WALL" -v r="$RSS" -v g="$games" -v b="$bytes" -v rc="$rc" 'BEGIN {
    t = w > 0 ? w : 0.001; ct = c > 0 ? c : 0.001
    printf "  %-32s wall %6.2f s %8.0f games/s %6.1f MB/s | cpu %6.2f s %8.0f games/s %6.1f MB/s | peak %5.1f MB%s\n",
      n, w, g / t, b / 1048576 / t, c, g / ct, b / 1048576 / ct, r / 1024, rc == 0 ? "" : "  (exit " rc ")" }'
}

have_pe=1
command -v pgn-extract >/dev/null || { echo "  pgn-extract: not installed (anchor missing)"; have_pe=0; }
if [ $have_pe = 1 ]; then
  run "pgn-extract -Wuci" pgn-extract -s -Wuci --notags -o "$tmp/pe.uci" "$tmp/big.pgn"
  pe_cpu=$CPU; pe_wall=$WALL
fi
run "chesscodec convert --threads 1" "$bin" convert --to uci --threads 1 -q -o "$tmp/c1.uci" "$tmp/big.pgn"
c1_cpu=$CPU; c1_wall=$WALL; c1_rss=$RSS
run "chesscodec convert --threads 2" "$bin" convert --to uci --threads 2 -q -o "$tmp/c2.uci" "$tmp/big.pgn"
c2_wall=$WALL
cmp -s "$tmp/c1.uci" "$tmp/c2.uci" && echo "  (1 and 2 threads: identical output, $(wc -l < "$tmp/c1.uci") games)" \
  || echo "  WARNING: thread outputs differ"
if [ $have_pe = 1 ]; then
  awk -v a="$pe_cpu" -v b="$c1_cpu" -v c="$pe_wall" -v d="$c1_wall" -v e="$c2_wall" 'BEGIN {
    printf "  ratio, 1 thread vs pgn-extract:  %.2fx (CPU time)  %.2fx (wall)   goal >= 3x\n", a / b, c / d
    printf "  ratio, 2 threads vs pgn-extract: %.2fx (wall)\n", c / e }'
fi
if [ -n "${CHC_ANCHOR_CHESSLIB:-}" ]; then
  if [ ! -x "$CHC_ANCHOR_CHESSLIB" ]; then
    echo "  chess-library anchor: $CHC_ANCHOR_CHESSLIB is not an executable"
  else
    rounds=${CHC_ANCHOR_ROUNDS:-5}
    echo "  chess-library anchor, interleaved, $rounds rounds (ratios: our time / its time; lower is faster):"
    : > "$tmp/rounds"
    for k in $(seq "$rounds"); do
      run "chesscodec --threads 1 ($k)" "$bin" convert --to uci --threads 1 -q -o "$tmp/c1.uci" "$tmp/big.pgn"
      a_cpu=$CPU; a_wall=$WALL
      run "chess-library ($k)" "$CHC_ANCHOR_CHESSLIB" "$tmp/big.pgn"
      mv "$tmp/out" "$tmp/cl.uci"
      b_cpu=$CPU; b_wall=$WALL
      run "chesscodec --threads 2 ($k)" "$bin" convert --to uci --threads 2 -q -o "$tmp/c2.uci" "$tmp/big.pgn"
      echo "$a_cpu $a_wall $b_cpu $b_wall $CPU $WALL" >> "$tmp/rounds"
    done
    if cmp -s "$tmp/c1.uci" "$tmp/cl.uci" && cmp -s "$tmp/c1.uci" "$tmp/c2.uci"; then
      echo "  (chesscodec and chess-library: identical output)"
    else
      echo "  WARNING: chesscodec and chess-library outputs differ"
    fi
    # Medians of each round's ratios.
    med() { sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
    r1c=$(awk '{ print $1 / ($3 > 0 ? $3 : 0.001) }' "$tmp/rounds" | med)
    r1w=$(awk '{ print $2 / ($4 > 0 ? $4 : 0.001) }' "$tmp/rounds" | med)
    r2w=$(awk '{ print $6 / ($4 > 0 ? $4 : 0.001) }' "$tmp/rounds" | med)
    s2w=$(awk '{ print $2 / ($6 > 0 ? $6 : 0.001) }' "$tmp/rounds" | med)
    awk -v a="$r1c" -v b="$r1w" -v c="$r2w" -v d="$s2w" 'BEGIN {
      printf "  ratio, 1 thread vs chess-library:  %.2f (CPU time)  %.2f (wall)   goal <= 0.67 (1.5x faster)\n", a, b
      printf "  ratio, 2 threads vs chess-library: %.2f (wall); 2 threads vs 1 thread: %.2fx faster (wall)\n", c, d }'
    rm -f "$tmp/c1.uci" "$tmp/c2.uci" "$tmp/cl.uci"
  fi
fi
# Peak memory must not grow with the input: the same games repeated to 4x the size.
for _ in 1 2 3 4; do cat "$tmp/big.pgn"; done > "$tmp/huge.pgn"
rm -f "$tmp/c1.uci" "$tmp/c2.uci" "$tmp/pe.uci"
games=$((games * 4)); bytes=$(stat -c %s "$tmp/huge.pgn")
run "convert --threads 1, 4x input" "$bin" convert --to uci --threads 1 -q -o /dev/null "$tmp/huge.pgn"
awk -v a="$c1_rss" -v b="$RSS" 'BEGIN { printf "  peak memory %.1f MB on 1x, %.1f MB on 4x input\n", a / 1024, b / 1024 }'
