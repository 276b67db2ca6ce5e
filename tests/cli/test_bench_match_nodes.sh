#!/usr/bin/env bash
# ctest-labels: nosan
# bench_match at a fixed node count per move (--nodes) with a sequential test (--sprt): the
# engine against itself, two games (one opening, both colours). The games must end normally
# (no fault), the report must carry the SPRT and SCORE lines, and a second run must play the
# same games move for move (one thread at a fixed node count is deterministic, whatever the
# machine's load).
source "$CHC_SRC/tests/lib.sh"
RUNNER=${CHC_BUILD:-build/release}/bench/bench_match
[ -x "$RUNNER" ] || skip_or_fail "bench_match not built"
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
run() {
  rm -f "$TMP/g$1.pgn"
  timeout 120 "$RUNNER" --engine1 "$BIN uci" --name1 one --engine2 "$BIN uci" --name2 two \
    --option1 Hash=1 --option2 Hash=1 --games 2 --nodes 1500 --sprt 0,20 --pgn "$TMP/g$1.pgn" > "$TMP/out$1.txt" 2>&1
}
run 1
expect_eq "bench_match exit status" 0 "$?"
cat "$TMP/out1.txt"
expect_eq "games played" 2 "$(grep -c '^game ' "$TMP/out1.txt")"
expect_eq "games with LLR" 2 "$(grep -c '^game .* LLR ' "$TMP/out1.txt")"
expect_eq "no faults" "faults of one: 0 illegal moves, 0 time losses, 0 crashes (all games: 0, 0, 0)" \
  "$(grep '^faults' "$TMP/out1.txt")"
grep -q '^SPRT elo0 0 elo1 20 alpha 0.05 beta 0.05: LLR ' "$TMP/out1.txt" && pass || failed "no SPRT line"
grep -q '^SCORE one vs two: ' "$TMP/out1.txt" && pass || failed "no SCORE line"
run 2
expect_eq "second run exit status" 0 "$?"
if cmp -s "$TMP/g1.pgn" "$TMP/g2.pgn"; then pass; else failed "the games at a fixed node count differ between two runs"; fi
expect_eq "bad --sprt" 2 "$("$RUNNER" --sprt 5,0 >/dev/null 2>&1; echo $?)"
finish
