#!/usr/bin/env bash
# Perft's other paths on every position of every suite, to depths of at most 200,000 nodes:
# the portable copy of the counting path (magic lookups, what a CPU without BMI2 runs) and the
# library's general move generator (the one the engine and the notation use). test_core_perft
# runs the default path (PEXT on a CPU with BMI2); test_core_perft_all (slow) runs them deeper.
source "$CHC_SRC/tests/lib.sh"
[ -x "$CHC_BUILD/tests/test_core_perft" ] ||
  skip_or_fail "test_core_perft not built (the C tests need cmocka: make deps)"
for path in magic movegen; do
  CHC_PERFT_PATH=$path CHC_PERFT_LIMIT=200000 "$CHC_BUILD/tests/test_core_perft" >/dev/null \
    && pass || failed "perft suites on path $path"
done
finish
