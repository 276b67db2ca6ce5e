#!/usr/bin/env bash
# chesscodec bench (the pinned node signature, same as tests/test_engine.c) and the usage of
# the engine commands.
source "$CHC_SRC/tests/lib.sh"
out=$("$BIN" bench 7)
expect_eq "bench 7 signature" "Nodes: 28869" "$(printf '%s\n' "$out" | head -1)"
case "$(printf '%s\n' "$out" | sed -n 3p)" in "NPS: "[0-9]*) pass;; *) failed "NPS line: $out";; esac
expect_status "bench help" 0 "$BIN" bench --help
expect_status "bench bad depth" 2 "$BIN" bench 0
expect_status "bench bad depth text" 2 "$BIN" bench x
expect_status "bench too many" 2 "$BIN" bench 3 4
expect_status "uci help" 0 "$BIN" uci --help
expect_status "uci bad usage" 2 "$BIN" uci extra
# uci at end of input: a finite search completes and prints its bestmove
bm=$(printf 'position startpos\ngo depth 3\n' | "$BIN" uci | grep '^bestmove')
case "$bm" in "bestmove "[a-h][1-8][a-h][1-8]*) pass;; *) failed "bestmove at EOF: '$bm'";; esac
finish
