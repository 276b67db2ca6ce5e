#!/usr/bin/env bash
# The pack codes against PGN movetext (raw, zstd -19, xz -9), the urlsafe code, a
# lichess-style baseline, and for positions FEN, MSCS and a BinaryFen-style layout.
# One run over the evaluation games (tests/data/pack/lichess-eval.uci.xz).
set -euo pipefail
build=${1:-build/release}
here=$(cd "$(dirname "$0")" && pwd)
data="$here/../tests/data/pack"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin="$build/bench/bench_pack"; [ -x "$bin" ] || bin="$build/bench_pack"
out=$("$bin" "$data/lichess-eval.uci.xz" "$data/lichess-extra.uci.xz" "$tmp/movetext.txt")
echo "$out" | grep -v MOVETEXT_BYTES
read -r _ bytes _ plies _ ref < <(echo "$out" | grep MOVETEXT_BYTES)
for tool in "zstd -19" "xz -9"; do
  set -- $tool
  if command -v "$1" >/dev/null; then
    size=$($tool -c "$tmp/movetext.txt" | wc -c)
    awk -v s="$size" -v p="$plies" -v r="$ref" -v n="PGN movetext, $tool" \
      'BEGIN { b = s * 8 / p; printf "  %-40s %8.4f %7.3fx\n", n, b, b / r }'
  else
    echo "  $tool: not installed"
  fi
done
