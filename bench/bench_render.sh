#!/usr/bin/env bash
# Pictures: chc_render_svg pictures per second beside FEN writes per second (anchor), over the
# positions of the perft suite (tests/data/core/standard.epd).
build=${1:-build/release}
here=$(cd "$(dirname "$0")/.." && pwd)
"$build/bench/bench_render" "$here/tests/data/core/standard.epd"
