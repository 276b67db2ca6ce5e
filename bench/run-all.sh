#!/usr/bin/env bash
# make bench: runs every bench/bench_*.sh script with the build directory as argument.
# Each prints its own figures and, where it has one, the ratio to its anchor.
set -uo pipefail
build=${1:-build/release}
here=$(cd "$(dirname "$0")" && pwd)
export PATH="$PATH:/usr/games"
status=0
for s in "$here"/bench_*.sh; do
  [ -f "$s" ] || continue
  echo "================ $(basename "$s")"
  bash "$s" "$build" || status=1
done
exit $status
