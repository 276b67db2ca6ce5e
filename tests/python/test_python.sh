#!/usr/bin/env bash
# ctest-labels: nosan
# The Python package (python/, docs/python.md): its pytest suite (python/tests: the library's
# golden vectors through Python, round trips, errors, the 20,000 lichess games, threads, the
# engine) on the module this build made (build/python), run by the interpreter it was built
# for (Debian's python3 and python3-pytest). Not under the sanitizers: an instrumented module
# cannot load into python3.
source "$CHC_SRC/tests/lib.sh"
require_feature python
PY=$(head -1 "$CHC_BUILD/python/interpreter" 2>/dev/null || echo /usr/bin/python3)
"$PY" -c "import pytest" 2>/dev/null ||
  skip_or_fail "pytest not installed for $PY (apt-get install python3-pytest, or make deps)"
cd "$TMP" || exit 1
PYTHONPATH="$CHC_BUILD/python" PYTHONDONTWRITEBYTECODE=1 \
  "$PY" -m pytest -q -p no:cacheprovider "$SRC/python/tests"
