#!/usr/bin/env bash
# Python package speed (bench_python.py): games/s and plies/s of chesscodec.read_games() with
# the SAN of every move, beside the C CLI (`chesscodec convert --to san --threads 1`) on the
# same file (goal: the binding keeps >= 0.5x of the C speed) and a pure-Python replay of the
# first games for scale. Input: the 20,000 lichess games of tests/data/notation, REPEAT times.
# Usage: bench_python.sh BUILD_DIR [REPEAT] (default 3: 60,000 games, 25 MB).
set -uo pipefail
build=${1:-build/release}
rep=${2:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -f "$build/python/interpreter" ]; then
  echo "  the Python package was not built (python3-dev missing at configure time: make deps, then rebuild)"
  exit 0
fi
py=$(head -1 "$build/python/interpreter")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench_python.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
xz -dc "$here/tests/data/notation/lichess-20k.pgn.xz" > "$tmp/one.pgn"
for _ in $(seq "$rep"); do cat "$tmp/one.pgn"; done > "$tmp/big.pgn"
PYTHONPATH="$build/python" PYTHONDONTWRITEBYTECODE=1 "$py" "$here/bench/bench_python.py" \
  --cli "$build/chesscodec" --pgn "$tmp/big.pgn" --runs "${CHC_BENCH_RUNS:-5}" --pure-games 1000
