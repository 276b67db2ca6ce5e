#!/usr/bin/env bash
# Latency of a searching engine: `stop` -> `bestmove` and `isready` -> `readyok` over UCI
# pipes (chesscodec uci beside Stockfish, the anchor), and chc_engine_stop() -> return in the
# library. Percentiles over RUNS searches (default 40). Lower is better; the ratio is
# chesscodec's p99 over Stockfish's. Run it on a quiet machine: it measures the machine too.
set -euo pipefail
build=${1:-build/release}
RUNS=${RUNS:-40}
bin="$build/bench/bench_uci_latency"; [ -x "$bin" ] || bin="$build/bench_uci_latency"
ours=$("$bin" --runs "$RUNS" "$build/chesscodec" uci)
echo "$ours" | grep -v '^LATENCY'
"$bin" --runs "$RUNS" --library | grep -v '^LATENCY'
SF=$(command -v stockfish || echo /usr/games/stockfish)
if [ -x "$SF" ]; then
  theirs=$("$bin" --runs "$RUNS" "$SF")
  echo "$theirs" | grep -v '^LATENCY'
  for what in stop isready; do
    a=$(echo "$ours" | awk -v w="$what" '$1 == "LATENCY" && $2 == w {print $5}')
    b=$(echo "$theirs" | awk -v w="$what" '$1 == "LATENCY" && $2 == w {print $5}')
    awk -v w="$what" -v a="$a" -v b="$b" 'BEGIN { printf "  %-34s p99 chesscodec %.3f ms, stockfish %.3f ms: ratio %.2fx\n", w, a, b, (b > 0 ? a / b : 0) }'
  done
else
  echo "  stockfish not installed (Debian package stockfish): no anchor"
fi
