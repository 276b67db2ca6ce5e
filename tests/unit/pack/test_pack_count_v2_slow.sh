#!/bin/bash
# ctest-labels: slow
# Pack position version 2, the longer checks of tools/pack_count_v2: the pawn tables
# of the counting programme against a brute force over the board (sampled headers, up to two
# free pawns a side), and every position of the lichess games of tests/data in the domain.
cd "${CHC_SRC:-.}" || exit 1
source tests/lib.sh
tool=""
for c in "${CHC_BUILD:-build/release}/tools/pack_count_v2" "${CHC_BUILD:-build/release}/pack_count_v2"; do
  [ -x "$c" ] && tool=$c && break
done
[ -n "$tool" ] || skip_or_fail "tools/pack_count_v2 is not built"

out=$("$tool" -b)
expect_eq "brute force (exit)" "0" "$?"
expect_eq "brute force" "0 differences" "$(echo "$out" | grep -o '[0-9]* differences')"

out=$("$tool" -c "$DATA/pack/lichess-eval.uci.xz" "$DATA/pack/lichess-extra.uci.xz")
expect_eq "lichess games (exit)" "0" "$?"
expect_eq "lichess games inside" "outside version 1: 0, outside the v2 draft: 0" "$(echo "$out" | grep -o 'outside version 1.*')"
finish
