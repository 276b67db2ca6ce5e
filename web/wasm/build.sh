#!/usr/bin/env bash
# make web: the page without a server. Compiles libchesscodec and web/wasm/chcw.c to
# WebAssembly with Debian's emscripten (offline: apt-get install emscripten node-acorn; emcc
# needs NODE_PATH=/usr/share/nodejs to find acorn), then builds the page in mode "static"
# (web/vite.config.js) into OUT (default build/web): one self-contained index.html that works
# from any static host and from file://.
#   usage: web/wasm/build.sh [OUT]
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-build/web}
work=$(dirname "$out")/web-wasm
EMCC=${EMCC:-emcc}
if ! command -v "$EMCC" >/dev/null 2>&1; then
  echo "make web: emscripten is missing (apt-get install emscripten node-acorn, or make deps)" >&2
  exit 3
fi
if [ ! -x web/node_modules/.bin/vite ]; then
  echo "make web: web/node_modules is missing (make deps, or npm ci in web/)" >&2
  exit 3
fi
mkdir -p "$work" "$out"
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
# The library as the native build compiles it (src/*/*.c, C11, POSIX), without the optional
# libraries (no librsvg, zlib... in the browser: those functions say CHC_E_UNSUPPORTED).
# ENVIRONMENT=worker: it runs in a Web Worker; SINGLE_FILE: the wasm is inside the JS (file://).
# INITIAL_MEMORY 32 MB: the static tables (pack position v2's among them, about 19 MB) must fit.
"$EMCC" -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -DCHC_BUILDING_LIBRARY=1 -DCHC_EXPERIMENTAL=1 \
  -Wall -Wextra -Iinclude -Isrc src/*/*.c web/wasm/chcw.c -o "$work/chcw.mjs" \
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sSINGLE_FILE=1 -sENVIRONMENT=worker -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432 \
  -sEXPORTED_FUNCTIONS=_chcw_game,_chcw_engine,_chcw_play,_chcw_svg,_chcw_error_status,_chcw_error_message,_chcw_error_index,_free \
  -sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString
(cd web && CHC_WASM="$(cd .. && realpath "$work/chcw.mjs")" node_modules/.bin/vite build --mode static \
   --outDir "$(cd .. && realpath "$out")" --emptyOutDir --logLevel warn)
echo "make web: $out/index.html ($(wc -c <"$out/index.html") bytes): open it, or put the folder on any static host"
