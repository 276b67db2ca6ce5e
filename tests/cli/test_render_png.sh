#!/usr/bin/env bash
# chesscodec render --to png (built with librsvg): pictures compared pixel by pixel, within a
# tolerance, with the reference images of tests/data/draw/ (made by the program with librsvg
# 2.54 and checked by eye; no coordinates, so that fonts play no part); a picture of another
# position does not match; -o whole or not at all.
source "$CHC_SRC/tests/lib.sh"
require_feature png
require_tool python3
diff_png() { python3 "$SRC/tests/cli/png_diff.py" "$@"; }

check() { # NAME REFERENCE ARGS...
  local name=$1 ref=$2; shift 2
  "$BIN" render --to png --no-coords -o "$TMP/$name.png" "$@" 2>"$TMP/err"
  expect_eq "$name (exit)" 0 $?
  expect_eq "$name: no message" "" "$(cat "$TMP/err")"
  if out=$(diff_png "$DATA/draw/$ref" "$TMP/$name.png"); then pass; else failed "$name: $out"; fi
}
check "start position, 240 px" startpos-240.png --size 240 startpos
check "mate, dark, flipped, arrows and a mark, 200 px" mate-dark-flip-200.png --size 200 --theme dark \
  --flip --arrows e2e4,g1f3 --marks e5 "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7"
check "a game at --ply 3, 360 px" ply3-360.png --ply 3 "e4 e5 Nf3 Nc6"
# standard output, and a position one move away does not match
"$BIN" render --to png --no-coords --size 240 "e4" >"$TMP/e4.png"
expect_eq "png to standard output (exit)" 0 $?
if diff_png "$DATA/draw/startpos-240.png" "$TMP/e4.png" >/dev/null; then
  failed "a picture after 1. e4 matches the start position's"
else
  pass
fi
head -c 8 "$TMP/e4.png" | od -An -c | grep -q 'P   N   G' && pass || failed "png to standard output: PNG signature"
# bad input: exit 1, no file
e=$("$BIN" render --to png -o "$TMP/bad.png" "xyz" 2>&1); rc=$?
expect_eq "png bad input (exit)" 1 "$rc"
expect_eq "png bad input: no file" "" "$(ls "$TMP" | grep bad || true)"
finish
