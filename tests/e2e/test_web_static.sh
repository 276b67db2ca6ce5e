#!/usr/bin/env bash
# make web: the page without a server, opened from file:// in a real browser
# (tests/e2e/static.mjs: Debian chromium driven by playwright-core from web/node_modules). The
# site is built by web/wasm/build.sh (emscripten) into the build directory, again only when a
# source changed since. Also checks its weight and that it names no outside resource.
# ctest-labels: nosan
source "$CHC_SRC/tests/lib.sh"
require_tool node
command -v emcc >/dev/null || skip_or_fail "emscripten not installed (apt-get install emscripten node-acorn, or make deps)"
[ -x /usr/bin/chromium ] || skip_or_fail "/usr/bin/chromium not installed (apt-get install chromium)"
[ -f "$SRC/web/node_modules/playwright-core/index.mjs" ] && [ -f "$SRC/web/node_modules/vite-plugin-singlefile/package.json" ] ||
  skip_or_fail "web/node_modules missing or stale (run: bash tests/install-deps.sh, or npm ci in web/)"

site="$CHC_BUILD/web"
if [ ! -f "$site/index.html" ] ||
   [ -n "$(find "$SRC/src" "$SRC/include" "$SRC/web/src" "$SRC/web/wasm" "$SRC/web/index.html" \
             "$SRC/web/vite.config.js" -newer "$site/index.html" -print -quit)" ]; then
  bash "$SRC/web/wasm/build.sh" "$site" >"$TMP/build.log" 2>&1
  rc=$?
  expect_eq "web/wasm/build.sh" 0 $rc
  [ $rc = 0 ] || { cat "$TMP/build.log"; finish; }
fi
bytes=$(wc -c <"$site/index.html")
echo "the serverless page: $bytes bytes ($(gzip -9c "$site/index.html" | wc -c) gzip), one file"
expect_eq "under 2 MB" 1 $([ "$bytes" -lt 2000000 ] && echo 1 || echo 0)
# Nothing outside: no http(s) URL loaded by a src or href attribute or by CSS url().
outside=$(grep -oE '(src|href)="https?://[^"]*"|url\(["'"'"']?https?://' "$site/index.html" | head -3)
expect_eq "no outside resource" "" "$outside"
timeout 300 node "$SRC/tests/e2e/static.mjs" "$site/index.html" "$BIN" "$SRC/web"
expect_eq "static.mjs" 0 $?
finish
