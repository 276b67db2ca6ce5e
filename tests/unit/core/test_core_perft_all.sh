#!/usr/bin/env bash
# ctest-labels: slow
# Every depth of every perft suite (make test-slow): tens of billions of nodes.
source "$CHC_SRC/tests/lib.sh"
CHC_PERFT_ALL=1 "$CHC_BUILD/tests/test_core_perft" && pass || failed "perft (all depths)"
finish
