# Sourced by the shell tests. Provides: $BIN (the chesscodec program), $DATA, $SRC,
# require_tool NAME and require_feature NAME (skip loudly outside CI, fail in CI: CI=true),
# ok/fail counters, expect helpers.
set -u
BIN=${CHC_BIN:-build/release/chesscodec}
DATA=${CHC_TEST_DATA:-tests/data}
SRC=${CHC_SRC:-.}
PATH="$PATH:/usr/games"
TU_PASS=0; TU_FAIL=0
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

in_ci() { case "${CI:-}" in ""|0|false) return 1;; *) return 0;; esac; }
skip_or_fail() {
  if in_ci; then echo "*** FAILED (CI): $* ***" >&2; exit 1; fi
  echo "*** SKIPPED: $* ***" >&2; exit 77
}
require_tool() { command -v "$1" >/dev/null 2>&1 || skip_or_fail "oracle/tool '$1' not installed (make deps)"; }
# require_feature curses|serve|webpage: an optional part of the program, built only when its
# packages were found at configure time (CHC_FEATURES, set by tests/CMakeLists.txt).
require_feature() {
  case " ${CHC_FEATURES-curses serve webpage} " in *" $1 "*) return 0;; esac
  skip_or_fail "chesscodec was built without '$1' (its packages were missing at configure time: make deps, then rebuild)"
}
pass() { TU_PASS=$((TU_PASS+1)); }
failed() { TU_FAIL=$((TU_FAIL+1)); echo "FAIL: $*" >&2; }
# expect_eq NAME EXPECTED ACTUAL
expect_eq() { if [ "$2" = "$3" ]; then pass; else failed "$1: expected [$2] got [$3]"; fi; }
# expect_status NAME CODE CMD...
expect_status() { local n=$1 c=$2; shift 2; "$@" >/dev/null 2>&1; local r=$?; expect_eq "$n (exit)" "$c" "$r"; }
finish() { echo "$TU_PASS passed, $TU_FAIL failed"; [ "$TU_FAIL" = 0 ]; exit $?; }
