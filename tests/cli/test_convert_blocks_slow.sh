#!/usr/bin/env bash
# ctest-labels: slow nosan
# chesscodec convert, PGN with more than one thread (see test_convert_blocks.sh): a game over
# the size limit (64 MB) between good games, at the default block size and a tiny one; and
# every block size against every thread count on the tricky inputs.
source "$CHC_SRC/tests/lib.sh"
N=$DATA/notation
xz -dc "$N/lichess-20k.pgn.xz" | head -5000 > "$TMP/real.pgn"
# a game over the size limit (64 MB), between good games, at the default block size and a tiny one
{
  head -c 3000 "$TMP/real.pgn" | sed '$d'
  printf '\n\n[Event "huge"]\n\n1. e4 {'
  head -c $((65 * 1024 * 1024)) /dev/zero | tr '\0' 'x'
  printf '} e5 1-0\n\n'
  cat "$TMP/real.pgn"
} > "$TMP/huge.pgn"
$BIN convert --to uci --threads 1 -o "$TMP/h1" "$TMP/huge.pgn" 2> "$TMP/he1"
expect_eq "over-limit game reported" 1 "$(grep -c 'larger than' "$TMP/he1")"
for bs in 0 1000; do
  CHC_CONVERT_BLOCK_BYTES=$bs $BIN convert --to uci --threads 2 -o "$TMP/h2" "$TMP/huge.pgn" 2> "$TMP/he2"
  expect_eq "over-limit game, blocks of $bs: same output" "$(md5sum < "$TMP/h1")" "$(md5sum < "$TMP/h2")"
  expect_eq "over-limit game, blocks of $bs: same messages" "$(cat "$TMP/he1")" "$(cat "$TMP/he2")"
done
rm -f "$TMP/huge.pgn"
CHC_FULL_MATRIX=1 bash "$CHC_SRC/tests/cli/test_convert_blocks.sh" || failed "every block size and thread count"
finish
