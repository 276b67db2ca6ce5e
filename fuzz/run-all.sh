#!/usr/bin/env bash
# Runs every libFuzzer target for SECONDS seconds, growing its corpus in a scratch copy.
set -euo pipefail
build=${1:-build/fuzz}; secs=${2:-30}
here=$(cd "$(dirname "$0")" && pwd)
for bin in "$build"/fuzz/fuzz_*; do
  [ -x "$bin" ] || continue
  name=$(basename "$bin"); short=${name#fuzz_}
  work=$(mktemp -d); cp -r "$here/corpus/$short/." "$work/" 2>/dev/null || true
  dict=(); case $short in pgn|san|lines|detect|reader|uci|bot) dict=(-dict="$here/chess.dict");; esac
  echo "== $name: ${secs}s"
  "$bin" -max_total_time="$secs" -max_len=4096 "${dict[@]}" "$work" 2>&1 | tail -n 3
  echo "   new corpus entries (not copied): $(( $(ls "$work" | wc -l) - $(ls "$here/corpus/$short" 2>/dev/null | wc -l) ))"
  rm -rf "$work"
done
