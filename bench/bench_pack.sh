#!/usr/bin/env bash
# The pack codes against PGN movetext (raw, zstd -19, xz -9), the urlsafe code, a
# lichess-style baseline, and for positions FEN, MSCS and a BinaryFen-style layout.
# One run over the evaluation games (tests/data/pack/lichess-eval.uci.xz); bits per ply also on
# tests/data/pack/chess960.uci.xz and, when the shared data directory is there (CHC_SHARED,
# default ../shared beside the repository; not in a user's clone), on its game collections
# (data/games/*magnus*.pgn.xz, *chess960*.pgn.xz); without it, on the repository's own
# data/games/*.pack (read back as PGN by the chesscodec of the same build).
# BENCH_PACK_DRAFT_ONLY=1 prints only the section of the draft model 2d (not a published code);
# with BENCH_PACK_DRAFT_CODECS="0 8" only those codecs' speeds (numbers in the table's order).
# BENCH_PACK_MODEL_ONLY=1 only the predictor alone, scoring time a ply by feature set (with
# BENCH_PACK_MODEL_ROUNDS=R, BENCH_PACK_MODEL_SET=S).
set -euo pipefail
build=${1:-build/release}
here=$(cd "$(dirname "$0")" && pwd)
data="$here/../tests/data/pack"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin="$build/bench/bench_pack"; [ -x "$bin" ] || bin="$build/bench_pack"
sets=("chess960=$data/chess960.uci.xz")
shared=${CHC_SHARED:-}
if [ -z "$shared" ]; then
  [ -d "$here/../../shared/data/games" ] && shared="$here/../../shared"
fi
if [ -n "$shared" ] && [ -d "$shared/data/games" ]; then
  for f in "$shared"/data/games/*magnus*.pgn.xz "$shared"/data/games/*chess960*.pgn.xz; do
    [ -f "$f" ] && sets+=("shared:$(basename "$f" .pgn.xz)=$f")
  done
  # the draft section's lichess evaluation games with their own results
  [ -f "$shared/data/games/lichess-65k.pgn.xz" ] && export BENCH_PACK_LICHESS_PGN="$shared/data/games/lichess-65k.pgn.xz"
elif [ -x "$build/chesscodec" ] && [ -f "$here/../data/games/magnus-10k.pack" ]; then
  # a user's clone: the same collections as kept in the repository (pack streams, no headers;
  # magnus-10k.pack leaves out the shared file's 26 Atomic games)
  echo "(no shared data directory: magnus and lichess games from the repository's data/games)"
  "$build/chesscodec" convert -o "$tmp/magnus-10k.pgn" "$here/../data/games/magnus-10k.pack"
  sets+=("repo:magnus-10k=$tmp/magnus-10k.pgn")
  if [ -f "$here/../data/games/lichess-65k.pack" ]; then
    "$build/chesscodec" convert -o "$tmp/lichess-65k.pgn" "$here/../data/games/lichess-65k.pack"
    export BENCH_PACK_LICHESS_PGN="$tmp/lichess-65k.pgn"
  fi
else
  echo "(no shared data directory: bits per ply on the repository's data sets only)"
fi
out=$("$bin" "$data/lichess-eval.uci.xz" "$data/lichess-extra.uci.xz" "$tmp/movetext.txt" "${sets[@]}")
echo "$out" | grep -v MOVETEXT_BYTES
# the draft section or the predictor alone: no movetext figures
{ [ "${BENCH_PACK_DRAFT_ONLY:-}" = 1 ] || [ "${BENCH_PACK_MODEL_ONLY:-}" = 1 ]; } && exit 0
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
