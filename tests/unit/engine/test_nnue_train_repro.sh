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
# --perturb 1 adds positions a random move away: deterministic, and with --every 1 the positions
# without it are kept, in order (a subsequence)
sp() { head -n 400 "$TMP/g.pgn" | "$tools/eval_tune" sample --every 1 --min-ply 8 --seed 5 "$@" 2>/dev/null; }
sp >"$TMP/q0.txt"; sp --perturb 1 >"$TMP/q1.txt"; sp --perturb 1 >"$TMP/q1b.txt"
cmp -s "$TMP/q1.txt" "$TMP/q1b.txt" && pass || failed "sample --perturb 1: two runs differ"
n0=$(wc -l <"$TMP/q0.txt"); n1=$(wc -l <"$TMP/q1.txt")
[ "$n0" -gt 50 ] && [ "$n1" -gt $((n0 * 3 / 2)) ] && pass || failed "sample --perturb 1: $n1 lines against $n0"
awk 'NR == FNR { want[++n] = $0; next } k < n && $0 == want[k + 1] { k++ } END { exit k == n ? 0 : 1 }' \
  "$TMP/q0.txt" "$TMP/q1.txt" && pass || failed "sample --perturb 1 dropped or reordered the sampled positions"
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
# --buckets: a net with output buckets, format 2 (magic CHCNNUE2, the bucket count after the
# hidden size), just as reproducible; the option refuses a bad count
trainb() { # "buckets [options]" out
  # shellcheck disable=SC2086
  "$tools/nnue_train" train --epochs 2 --batch 256 --threads 2 --lr 0.002 --lambda 0 --seed 3 \
    --buckets $1 -o "$2" "$TMP/lab.txt" 2>"$2.log" || failed "train --buckets $1: $(tail -1 "$2.log")"
}
trainb 4 "$TMP/k4a.net"; trainb 4 "$TMP/k4b.net"
cmp -s "$TMP/k4a.net" "$TMP/k4b.net" && pass || failed "--buckets 4: two runs wrote different nets"
[ "$(head -c 16 "$TMP/k4a.net" | od -An -tx1 | tr -d ' \n')" = 4348434e4e5545320001000004000000 ] && pass ||
  failed "--buckets 4: not a format 2 header with 4 buckets"
if "$tools/nnue_train" train --buckets 9 -o "$TMP/k9.net" "$TMP/lab.txt" 2>/dev/null; then
  failed "--buckets 9 accepted"
else pass; fi
# --screlu: the squared clipped ReLU, format 3 (magic CHCNNUE3), just as reproducible; the
# trainer's own load of the quantised net (its last loss line) checks the output weights' range
trainb "2 --screlu" "$TMP/s2a.net"; trainb "2 --screlu" "$TMP/s2b.net"
cmp -s "$TMP/s2a.net" "$TMP/s2b.net" && pass || failed "--screlu: two runs wrote different nets"
[ "$(head -c 16 "$TMP/s2a.net" | od -An -tx1 | tr -d ' \n')" = 4348434e4e5545330001000002000000 ] && pass ||
  failed "--screlu: not a format 3 header with 2 buckets"
grep -q "quantised net" "$TMP/s2a.net.log" && pass || failed "--screlu: no quantised loss ($(tail -1 "$TMP/s2a.net.log"))"
cmp -s "$TMP/s2a.net" "$TMP/k4a.net" && failed "--screlu: the same net as without" || pass
if "$tools/nnue_train" train --screlu --residual -o "$TMP/sr.net" "$TMP/lab.txt" 2>/dev/null; then
  failed "--screlu --residual accepted"
else pass; fi
# selfplay: the engine's own games for the net's data, the same on every run (nodes limit
# only); each game is complete PGN with a result that chesscodec reads back, and the seed
# changes the games
sg() { "$tools/nnue_train" selfplay --games 3 --nodes 300 --random-plies 6 --seed "$1" 2>/dev/null; }
sg 9 >"$TMP/sa.pgn" || failed "selfplay exited non-zero"
sg 9 >"$TMP/sb.pgn"
sg 10 >"$TMP/sc.pgn"
cmp -s "$TMP/sa.pgn" "$TMP/sb.pgn" && pass || failed "selfplay: two runs with one seed differ"
cmp -s "$TMP/sa.pgn" "$TMP/sc.pgn" && failed "selfplay: two seeds gave the same games" || pass
[ "$(grep -c '^\[Result "\(1-0\|0-1\|1/2-1/2\)"\]' "$TMP/sa.pgn")" = 3 ] && pass ||
  failed "selfplay: not three games with a result"
if "$BIN" convert --to pack-stream -o "$TMP/sa.pack" "$TMP/sa.pgn" 2>"$TMP/sa.err" &&
   [ "$("$BIN" convert "$TMP/sa.pack" 2>/dev/null | "$tools/eval_tune" sample --every 1 --min-ply 8 2>&1 >/dev/null)" != "" ]; then
  pass
else failed "selfplay: the games do not convert ($(cat "$TMP/sa.err"))"; fi
grep -q 'eval_tune sample: 3 games' <("$BIN" convert "$TMP/sa.pack" 2>/dev/null | "$tools/eval_tune" sample 2>&1 >/dev/null) &&
  pass || failed "selfplay: eval_tune does not read back three games"
if "$tools/nnue_train" selfplay --nodes 0 >/dev/null 2>&1; then failed "selfplay --nodes 0 accepted"; else pass; fi
finish
