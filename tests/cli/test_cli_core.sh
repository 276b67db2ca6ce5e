#!/usr/bin/env bash
# The core commands of the CLI: perft, hash, --help, --version, exit statuses.
source "$CHC_SRC/tests/lib.sh"

expect_eq "perft 4" "197281" "$($BIN perft 4)"
expect_eq "perft 0" "1" "$($BIN perft 0)"
expect_eq "perft kiwipete 3" "97862" "$($BIN perft --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' 3)"
out=$($BIN perft --divide 2)
expect_eq "divide line" "e2e4: 20" "$(echo "$out" | grep '^e2e4:')"
expect_eq "divide lines" "20" "$(echo "$out" | grep -c '^[a-h][1-8][a-h][1-8]')"
expect_eq "divide total" "Nodes searched: 400" "$(echo "$out" | tail -1)"
expect_eq "divide 960 castling as king takes rook" "g1h1: 1" \
  "$($BIN perft --divide 1 --fen '1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1' | grep '^g1h1')"
expect_status "perft no depth" 2 $BIN perft
expect_status "perft bad depth" 2 $BIN perft x
expect_status "perft bad fen" 1 $BIN perft --fen "8/8/8/8/8/8/8/8 w - - 0 1" 1
err=$($BIN perft --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1" 1 2>&1 >/dev/null)
expect_eq "perft error names column" "1" "$(echo "$err" | grep -c 'column 45')"

expect_eq "hash start" "463b96181691fc9c" "$($BIN hash 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')"
keys=$(grep -v '^#' "$DATA/core/keys.tsv" | cut -f1 | $BIN hash)
expect_eq "hash stdin" "$(grep -v '^#' "$DATA/core/keys.tsv" | cut -f2)" "$keys"
printf '%s\nnot a fen\n%s\n' "8/8/8/8/8/8/8/K6k w - - 0 1" "8/8/8/8/8/8/8/K6k b - - 0 1" | $BIN hash > "$TMP/h" 2> "$TMP/e"
expect_eq "hash stdin: a bad line keeps its place (empty)" "3" "$(wc -l < "$TMP/h")"
expect_eq "hash stdin: placeholder" "" "$(sed -n 2p "$TMP/h")"
expect_eq "hash stdin summary" "1" "$(grep -c '3 lines: 2 hashed, 1 bad' "$TMP/e")"
expect_eq "hash stdin error line" "1" "$(grep -c 'line 2' "$TMP/e")"
expect_status "hash bad" 1 $BIN hash "xyz"

expect_status "help" 0 $BIN --help
expect_status "no command" 2 $BIN
expect_status "unknown command" 2 $BIN frobnicate
expect_eq "version" "1" "$($BIN --version | grep -c '^chesscodec [0-9]')"
for cmd in $($BIN --help | awk '/^commands:/{f=1;next} f && NF {print $1}'); do
  expect_status "$cmd --help" 0 $BIN $cmd --help
done
# -o to a device writes to it directly (a temporary file renamed over it would replace it)
echo "1. e4 e5 *" | $BIN convert --to uci -o /dev/null
expect_eq "-o /dev/null keeps the device" "yes" "$([ -c /dev/null ] && echo yes)"
# -o FILE: written whole, or not at all
echo "1. e4 e5 *" | $BIN convert --to uci -o "$TMP/out.txt"
expect_eq "-o FILE written" "e2e4 e7e5" "$(cat "$TMP/out.txt")"
finish
