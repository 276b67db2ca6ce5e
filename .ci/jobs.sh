#!/usr/bin/env bash
# The CI jobs (make ci runs them all; make ci-NAME runs one; make ci-list lists them). Each
# job builds in its own fresh directory under build/ci, from a fresh configure; its output
# goes to the terminal and to build/ci/NAME.log. A failed job does not stop the others: the
# summary at the end gives each job's result and time, and the run fails if any job failed.
#
# -Werror: every CI build has CHC_WERROR=ON, with no exceptions. CHC_WERROR_EXCEPT
# (comma-separated warning names, empty by default) keeps some warnings as warnings while call
# sites are migrated, e.g. CHC_WERROR_EXCEPT=deprecated-declarations make ci-test.
set -uo pipefail
cd "$(dirname "$0")/.."
export CI=${CI:-true}
CI_DIR=build/ci
WERROR_EXCEPT=${CHC_WERROR_EXCEPT-}
WERROR="-DCHC_WERROR=ON -DCHC_WERROR_EXCEPT=$WERROR_EXCEPT"
MAKE="make --no-print-directory"

# name|what it proves
JOBS=(
  "run-minimal|make run from a fresh configure with every optional package hidden (CHC_MINIMAL=ON), before any dependency is installed: the README's first command on a bare machine"
  "deps|make deps: every test dependency installs (Debian packages, npm ci)"
  "minimal|gcc, CHC_MINIMAL=ON, -Werror: every target builds without an optional package; the tests that need none pass (the others report themselves skipped)"
  "test|make test with -Werror: gcc release and clang ASan+UBSan (with the library's consistency checks), every test not labelled slow"
  "clang-release|clang release with -Werror, every test not labelled slow"
  "tsan|clang ThreadSanitizer with -Werror: every test not labelled slow or nosan (unit, cli, the serve API), test_engine_threads among them"
  "slow|the tests labelled slow in the release build of the test job (the full notation oracle), but test_core_perft_all (every perft depth: far longer than CI's time; make test-slow runs it)"
  "fuzz|clang libFuzzer build with -Werror, every target fuzzed ${FUZZ_SECONDS:-15}s from its corpus"
)

job_run-minimal() {
  rm -rf "$CI_DIR/run-minimal"
  $MAKE run REL="$CI_DIR/run-minimal" CMAKE_FLAGS=-DCHC_MINIMAL=ON >"$CI_DIR/run-minimal.out" 2>&1
  local rc=$?
  echo "---- make run (fresh configure, CHC_MINIMAL=ON): its whole output ----"
  cat "$CI_DIR/run-minimal.out"
  echo "---- end of make run's output (exit status $rc) ----"
  [ $rc = 0 ] || return 1
  # the demo, not build chatter: the first line is one of ours, and the game is there
  head -1 "$CI_DIR/run-minimal.out" | grep -q '^chesscodec' || { echo "make run: unexpected first line"; return 1; }
  grep -q 'Opera' "$CI_DIR/run-minimal.out" || { echo "make run: no demo in the output"; return 1; }
  if grep -E -q 'Entering directory|Building C object|^-- ' "$CI_DIR/run-minimal.out"; then
    echo "make run: build chatter in the output"; return 1
  fi
}

job_deps() { $MAKE deps; }

job_minimal() {
  $MAKE release REL="$CI_DIR/minimal" CMAKE_FLAGS="-DCHC_MINIMAL=ON $WERROR" || return 1
  # outside CI rules: what needs a missing package skips instead of failing
  (cd "$CI_DIR/minimal" && CI=false ctest --output-on-failure -j "$(nproc)" -LE slow)
}

job_test() { $MAKE test BUILD="$CI_DIR" CMAKE_FLAGS="$WERROR"; }

job_clang-release() {
  CC=clang $MAKE test-release REL="$CI_DIR/clang-release" CMAKE_FLAGS="$WERROR"
}

job_tsan() { $MAKE test-tsan TSAN="$CI_DIR/tsan" CMAKE_FLAGS="$WERROR"; }

job_slow() {
  (cd "$CI_DIR/release" && ctest --output-on-failure -j "$(nproc)" -L slow -E '^test_core_perft_all$')
}

job_fuzz() { FUZZ_SECONDS=${FUZZ_SECONDS:-15} $MAKE fuzz FUZZ="$CI_DIR/fuzz" CMAKE_FLAGS="$WERROR"; }

fmt() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }

case "${1:-all}" in
  list)
    for j in "${JOBS[@]}"; do printf '  %-14s %s\n' "${j%%|*}" "${j#*|}"; done
    exit 0;;
  all) names=(); for j in "${JOBS[@]}"; do names+=("${j%%|*}"); done;;
  *) names=("$@");;
esac

mkdir -p "$CI_DIR"
summary=()
failed=0
t_all=$(date +%s)
for name in "${names[@]}"; do
  declare -F "job_$name" >/dev/null || { echo "ci: no job '$name' (make ci-list)" >&2; exit 2; }
  echo
  echo "================================================================ ci job: $name"
  t0=$(date +%s)
  "job_$name" 2>&1 | tee "$CI_DIR/$name.log"
  rc=${PIPESTATUS[0]}
  dt=$(( $(date +%s) - t0 ))
  if [ "$rc" = 0 ]; then result=ok; else result=FAILED; failed=1; fi
  echo "================================================================ ci job: $name: $result ($(fmt $dt))"
  summary+=("$(printf '  %-14s %-7s %6s' "$name" "$result" "$(fmt $dt)")")
done

echo
echo "================================================================ ci summary"
printf '%s\n' "${summary[@]}"
echo "  total                  $(fmt $(( $(date +%s) - t_all )))"
if [ -n "$WERROR_EXCEPT" ] && [ -f "$CI_DIR/test.log" ]; then
  IFS=, read -r -a ex <<<"$WERROR_EXCEPT"
  for w in "${ex[@]}"; do
    n=$(grep -c -- "\[-W$w\]" "$CI_DIR/test.log")
    echo "  -W$w: $n warnings in the test job, spared by CHC_WERROR_EXCEPT (not errors)"
  done
fi
exit $failed
