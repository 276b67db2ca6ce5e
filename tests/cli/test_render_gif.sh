#!/usr/bin/env bash
# chesscodec render --to gif (built with librsvg and giflib): one frame per position (plies + 1)
# for real games (three lichess games, two Chess960 games, a FEN start), read back by the GIF block reader written
# for the tests (tests/cli/gif_frames.py: every block framed, every frame on the screen); the
# delay per move and the held last frame; --ply cuts the animation; -o whole or not at all;
# bad input and usage.
source "$CHC_SRC/tests/lib.sh"
require_feature gif
require_tool python3
require_tool xz
frames() { python3 "$SRC/tests/cli/gif_frames.py" "$1"; }
plies() { "$BIN" convert --to uci "$1" | awk '{ n = 0; for (i = 1; i <= NF; i++) if ($i ~ /^[a-h][1-8][a-h][1-8]/) n++; print n }'; }

# the first games of two collections, each a file of its own
xz -dc "$DATA/notation/lichess-20k.pgn.xz" | awk -v dir="$TMP" '/^\[Site /{ n++ } n > 3 { exit } n { print > (dir "/lichess-" n ".pgn") }'
xz -dc "$DATA/notation/chess960-466.pgn.xz" | awk -v dir="$TMP" '/^\[Event /{ n++ } n > 2 { exit } n { print > (dir "/c960-" n ".pgn") }'
printf '[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]\n[SetUp "1"]\n\n1. O-O O-O-O 2. Rf7 *\n' >"$TMP/fen-1.pgn"
for f in "$TMP"/lichess-*.pgn "$TMP"/c960-*.pgn "$TMP/fen-1.pgn"; do
  name=$(basename "$f" .pgn)
  n=$(plies "$f")
  "$BIN" render --to gif --size 64 -o "$TMP/$name.gif" "$f" 2>"$TMP/err"
  expect_eq "$name (exit)" 0 $?
  expect_eq "$name: no message" "" "$(cat "$TMP/err")"
  read -r dims count loop delays <<<"$(frames "$TMP/$name.gif")"
  expect_eq "$name: frames = plies + 1 ($n plies)" "$((n + 1))" "$count"
  expect_eq "$name: size (board and two bands)" "64x88" "$dims"
  expect_eq "$name: loops" "0" "$loop"
done
# delays: --delay per move, three times as long on the last frame; a position is one frame
"$BIN" render --to gif --size 64 --delay 250 "e4 e5 Nf3" >"$TMP/d.gif"
expect_eq "--delay: frames and delays" "64x88 4 0 25,25,25,75" "$(frames "$TMP/d.gif")"
"$BIN" render --to gif --size 64 startpos >"$TMP/p.gif"
expect_eq "a position: one frame" "64x88 1 0 300" "$(frames "$TMP/p.gif")"
"$BIN" render --to gif --size 64 --ply 2 "e4 e5 Nf3 Nc6" >"$TMP/ply.gif"
expect_eq "--ply 2: three frames" "64x88 3 0 100,100,300" "$(frames "$TMP/ply.gif")"
# the reader refuses a damaged file (so that the counts above mean something)
head -c 2000 "$TMP/lichess-1.gif" >"$TMP/cut.gif"
if frames "$TMP/cut.gif" >/dev/null; then failed "a cut GIF is read as whole"; else pass; fi
# bad input, bad usage: no file
e=$("$BIN" render --to gif -o "$TMP/bad.gif" "1. e4 e5 2. Ke3" 2>&1); rc=$?
expect_eq "illegal move (exit)" 1 "$rc"
case "$e" in *Ke3*) pass ;; *) failed "illegal move: message names the move: $e" ;; esac
expect_eq "bad input: no file" "" "$(ls "$TMP" | grep bad || true)"
expect_status "--delay 5" 2 "$BIN" render --to gif --delay 5 startpos
expect_status "--to jpeg" 2 "$BIN" render --to jpeg startpos
finish
