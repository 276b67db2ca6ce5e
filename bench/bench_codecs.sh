#!/usr/bin/env bash
# Seed codecs: covert, MSCS and urlsafe encode/decode rates beside FEN parse/write (anchor).
build=${1:-build/release}
here=$(cd "$(dirname "$0")/.." && pwd)
"$build/bench/bench_codecs" "$here/tests/data/codecs/lichess-16k.uci.xz" 2000
