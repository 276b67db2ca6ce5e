#!/usr/bin/env bash
# ctest-labels: nosan
# `pip install ./python` as docs/python.md says, offline: into a fresh venv of Debian's python3
# (--system-site-packages: setuptools from python3-setuptools; no build isolation, no index),
# from a copy of the sources alone (src, include, python: no CMake build). The build must be
# free of compiler warnings; then the pytest suite runs on the installed package.
source "$CHC_SRC/tests/lib.sh"
require_feature python  # the Python part is optional: left out, as in CHC_MINIMAL builds, it is not tested
PY=$(head -1 "$CHC_BUILD/python/interpreter" 2>/dev/null || echo /usr/bin/python3)
command -v "$PY" >/dev/null || skip_or_fail "python3 not installed (apt-get install python3, or make deps)"
for m in venv ensurepip setuptools pytest; do
  "$PY" -c "import $m" 2>/dev/null ||
    skip_or_fail "python module $m missing for $PY (apt-get install python3-venv python3-setuptools python3-pytest python3-dev, or make deps)"
done
[ -f "$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h" ] ||
  skip_or_fail "Python.h missing (apt-get install python3-dev, or make deps)"

repo=$TMP/repo
mkdir -p "$repo/python"
cp -r "$SRC/src" "$SRC/include" "$repo/"
(cd "$SRC/python" && cp -r setup.py pyproject.toml README.md src chesscodec "$repo/python/")
find "$repo" -name __pycache__ -prune -exec rm -rf {} +
"$PY" -m venv --system-site-packages "$TMP/venv" || failed "python3 -m venv"
if "$TMP/venv/bin/pip" install -v --no-build-isolation --no-index "$repo/python" >"$TMP/pip.log" 2>&1; then
  pass
else
  tail -30 "$TMP/pip.log" >&2
  failed "pip install --no-build-isolation --no-index ./python"
  finish
fi
if grep -E "\.[ch]:[0-9]+:[0-9]+: (warning|error)" "$TMP/pip.log" >&2; then failed "compiler warnings in the extension build"; else pass; fi
cd "$TMP" || exit 1
where=$("$TMP/venv/bin/python" -c 'import chesscodec; print(chesscodec._chesscodec.__file__)')
case "$where" in "$TMP/venv/"*) pass;; *) failed "chesscodec imported from $where, not the venv";; esac
"$TMP/venv/bin/python" -c 'import os, chesscodec; assert os.path.exists(os.path.join(os.path.dirname(chesscodec.__file__), "py.typed"))' \
  && pass || failed "py.typed not installed"
PYTHONDONTWRITEBYTECODE=1 "$TMP/venv/bin/python" -m pytest -q -p no:cacheprovider "$SRC/python/tests" \
  && pass || failed "pytest on the installed package"
finish
