#!/usr/bin/env bash
# make bench: runs every bench/bench_*.sh script with the build directory as argument.
# Each prints its own figures and, where it has one, the ratio to its anchor.
# The engine matches (bench_match.sh, bench_levels.sh) are left out unless CHC_BENCH_MATCH=1.
set -uo pipefail
build=${1:-build/release}
here=$(cd "$(dirname "$0")" && pwd)
export PATH="$PATH:/usr/games"
# Anchors built from public sources, given in the environment (CHC_ANCHOR_CHESSLIB=... make
# bench), reach the scripts that use them: bench_pgn.sh (chess-library), bench_perft.sh
# (Gigantua). Each set one is named here.
for v in CHC_ANCHOR_CHESSLIB CHC_ANCHOR_GIGANTUA CHC_ANCHOR_ROUNDS; do
  if [ -n "${!v:-}" ]; then export "$v"; echo "($v=${!v})"; fi
done
status=0
for s in "$here"/bench_*.sh; do
  [ -f "$s" ] || continue
  # The engine match takes hours: run it on its own (bash bench/bench_match.sh --help).
  case "$(basename "$s")" in bench_match*.sh|bench_levels.sh) [ "${CHC_BENCH_MATCH:-0}" = 1 ] || { echo "(skipping $(basename "$s"): CHC_BENCH_MATCH=1 to include it)"; continue; };; esac
  echo "================ $(basename "$s")"
  bash "$s" "$build" || status=1
done
exit $status
