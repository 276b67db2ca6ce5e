#!/usr/bin/env bash
# make deps: installs the test dependencies where it can: Debian packages (when run as root)
# and the npm packages of the oracles and the web page (npm ci, from the lock files). With
# --required (CI: make deps with CI=true), any failure is fatal; otherwise a missing
# dependency is reported and the tests that need it report themselves as SKIPPED.
# Building and `make run` need none of this: only a C compiler, CMake and make.
set -uo pipefail
cd "$(dirname "$0")/.."
required=0
[ "${1:-}" = "--required" ] && required=1

# Debian packages the build and tests use (tools, oracles, libraries).
PKGS="build-essential cmake clang llvm libclang-rt-14-dev libcmocka-dev pkg-config xz-utils zstd
      stockfish pgn-extract polyglot gnuchess-book tmux libncurses-dev libmicrohttpd-dev
      chromium wrk fairymax xboard xvfb xauth phalanx glaurung libjansson-dev librsvg2-dev libgif-dev python3
      zlib1g-dev libbz2-dev liblzma-dev libzstd-dev gzip bzip2 libcurl4-openssl-dev
      python3-dev python3-pytest python3-venv python3-pip python3-setuptools emscripten node-acorn
      libsqlite3-dev sqlite3 parallel"
# Node.js and npm may come from another packaging (for example a nodejs package that bundles
# npm, which Debian's npm package conflicts with): install Debian's only when missing.
command -v node >/dev/null 2>&1 || PKGS="$PKGS nodejs"
command -v npm >/dev/null 2>&1 || PKGS="$PKGS npm"

missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "install-deps: apt-get install$missing"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing >/dev/null; } \
      || { echo "install-deps: apt-get failed" >&2; [ $required = 1 ] && exit 1; }
  else
    echo "install-deps: WARNING: missing Debian packages:$missing" >&2
    echo "install-deps: install them as root (sudo make deps, or apt-get install$missing);" \
         "until then the tests that need them report themselves SKIPPED" >&2
    [ $required = 1 ] && exit 1
  fi
fi

# npm packages (oracles, web page): from the lock files, offline-capable cache.
if ! command -v npm >/dev/null 2>&1; then
  echo "install-deps: WARNING: npm not installed: the npm packages (tests/oracle, web) are missing;" \
       "the tests that need them report themselves SKIPPED" >&2
  [ $required = 1 ] && exit 1
  exit 0
fi
for dir in tests/oracle web; do
  if [ -f "$dir/package-lock.json" ]; then
    if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
      echo "install-deps: npm ci in $dir"
      (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error) \
        || { echo "install-deps: npm ci failed in $dir" >&2; [ $required = 1 ] && exit 1; }
    fi
  fi
done
exit 0
