#!/bin/bash
# The net trainer gives the same bytes on every run with the same data, options and --threads
# (docs/engine.md, "Data and training": the shipped net is reproduced from the repository's
# games this way). Training splits each mini-batch into fixed slices, one per thread, and adds
# the slices' gradients in thread order, so the float sums do not depend on scheduling.
# Small data, synthetic labels: this checks the trainer, not the net's quality.
cd "${CHC_SRC:-.}" || exit 1
source tests/lib.sh
tools=${CHC_BUILD:-build/release}/tools
[ -x "$tools/nnue_train" ] && [ -x "$tools/eval_tune" ] || skip_or_fail "tools not built ($tools)"
{ "$BIN" convert data/games/magnus-10k.pack 2>/dev/null || true; } | head -n 1500 >"$TMP/g.pgn"
"$tools/eval_tune" sample --every 2 --min-ply 8 --seed 1 <"$TMP/g.pgn" >"$TMP/p.txt" 2>/dev/null
n=$(wc -l <"$TMP/p.txt")
[ "$n" -gt 500 ] && pass || failed "sample gave only $n positions"
awk '{ print $0 "|" ((NR * 37) % 601 - 300) }' "$TMP/p.txt" >"$TMP/lab.txt"
train() { # threads out
  "$tools/nnue_train" train --epochs 2 --batch 256 --threads "$1" --lr 0.002 --lambda 0 --seed 3 \
    -o "$2" "$TMP/lab.txt" 2>"$2.log" || failed "train --threads $1: $(tail -1 "$2.log")"
}
for t in 1 2 3; do
  train $t "$TMP/a$t.inc"
  train $t "$TMP/b$t.inc"
  if cmp -s "$TMP/a$t.inc" "$TMP/b$t.inc"; then pass; else failed "--threads $t: two runs wrote different nets"; fi
  [ -s "$TMP/a$t.inc" ] && pass || failed "--threads $t: no net written"
done
finish
