#!/usr/bin/env bash
# ctest-labels: slow
# Every depth of every perft suite (make test-slow): tens of billions of nodes, on the default
# path and on the portable counting path (magic lookups, as on a CPU without BMI2); the
# general move generator to the default test's depths (10 million nodes a count).
source "$CHC_SRC/tests/lib.sh"
[ -x "$CHC_BUILD/tests/test_core_perft" ] ||
  skip_or_fail "test_core_perft not built (the C tests need cmocka: make deps)"
CHC_PERFT_ALL=1 "$CHC_BUILD/tests/test_core_perft" && pass || failed "perft (all depths)"
CHC_PERFT_PATH=magic CHC_PERFT_ALL=1 "$CHC_BUILD/tests/test_core_perft" && pass || failed "perft (all depths, magic path)"
CHC_PERFT_PATH=movegen "$CHC_BUILD/tests/test_core_perft" && pass || failed "perft (movegen path)"
finish
