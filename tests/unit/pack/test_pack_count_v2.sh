#!/bin/bash
# Pack position version 2: tools/pack_count_v2 pins the exact count of the domain in
# docs/formats/pack-position-v2.md, recounts version 1 with the same machinery (it must
# equal the library's count), must count what the library's version 2 counts, and every
# position of random games and of the Chess960 games of tests/data must be in the domain. The
# brute-force check and the lichess games are in test_pack_count_v2_slow.sh.
cd "${CHC_SRC:-.}" || exit 1
source tests/lib.sh
tool=""
for c in "${CHC_BUILD:-build/release}/tools/pack_count_v2" "${CHC_BUILD:-build/release}/pack_count_v2"; do
  [ -x "$c" ] && tool=$c && break
done
[ -n "$tool" ] || skip_or_fail "tools/pack_count_v2 is not built"

out=$("$tool")
expect_eq "exit status" "0" "$?"
expect_eq "count" "count: 8460728102619342201741085013664449249537373372" "$(echo "$out" | grep '^count:')"
expect_eq "log2" "log2(count): 152.5675" "$(echo "$out" | grep '^log2')"
expect_eq "bits" "bits: 153" "$(echo "$out" | grep '^bits:')"
expect_eq "version 1 recount" "version 1 recount: same as the library" "$(echo "$out" | grep '^version 1')"
expect_eq "library's version 2" "version 2: same as the library" "$(echo "$out" | grep '^version 2:')"

out=$("$tool" -r 1500)
expect_eq "random games (exit)" "0" "$?"
expect_eq "random games inside" "outside the v2 draft: 0" "$(echo "$out" | grep -o 'outside the v2 draft: [0-9]*')"

out=$("$tool" -c "$DATA/pack/chess960.uci.xz")
expect_eq "Chess960 games (exit)" "0" "$?"
expect_eq "Chess960 games inside" "positions: 34609, outside version 1: 0, outside the v2 draft: 0" "$(echo "$out" | grep '^positions:')"
finish
