#!/usr/bin/env bash
# chesscodec show and render: a FEN, a pack code, a game at --ply, the states (mate,
# stalemate, resignation), --flip and --codes; render -o writes a well-formed SVG whole or not
# at all; bad input exits 1 with a message and leaves no file; bad usage exits 2.
source "$CHC_SRC/tests/lib.sh"
export LANG=C.UTF-8 LC_ALL=C.UTF-8

value() { awk -v l="$1" 'substr($0, 1, 15) == sprintf("%-14s ", l) { v = substr($0, 16) } END { print v }' "$TMP/out"; }

# --- show -------------------------------------------------------------------------------------
mate="rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
"$BIN" show "$mate" >"$TMP/out" 2>"$TMP/err"
expect_eq "show FEN (exit)" 0 $?
expect_eq "show FEN: state" "Checkmate: Black wins (0-1)" "$(value State)"
grep -q '^ 4  ·  ·  ·  ·  ·  ·  ♙  ♛' "$TMP/out" && pass || failed "show FEN: row 4"
# the same position as a pack code, with --ascii
pack=$("$BIN" encode --to pack "$mate")
"$BIN" show --ascii "$pack" >"$TMP/out"
expect_eq "show pack code (exit)" 0 $?
grep -q '^ 4  \.  \.  \.  \.  \.  \.  P  q' "$TMP/out" && pass || failed "show pack: row 4 in letters"
expect_eq "show pack code: state" "Checkmate: Black wins (0-1)" "$(value State)"
# a game at --ply: the last move in brackets, the state and the codes of that ply
"$BIN" show --ply 3 --codes "e4 e5 Nf3 Nc6" >"$TMP/out"
expect_eq "show --ply (exit)" 0 $?
expect_eq "show --ply: last move" "2. Nf3" "$(value Last)"
expect_eq "show --ply: state" "Black to move" "$(value State)"
expect_eq "show --ply --codes: FEN" "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" "$(value FEN)"
expect_eq "show --ply --codes: SAN line" "e4 e5 Nf3" "$(value 'SAN line')"
grep -q '^ 3  ·  ·  ·  ·  · \[♘\] ·  ·' "$TMP/out" && pass || failed "show --ply: knight on f3 marked"
"$BIN" show --flip "e4 e5 Nf3 Nc6" >"$TMP/out"
expect_eq "show --flip: files reversed" "    h  g  f  e  d  c  b  a" "$(sed -n 9p "$TMP/out" | sed 's/ *$//')"
expect_eq "show game end: last move" "2... Nc6" "$(value Last)"
# states: stalemate, resignation (a PGN file)
"$BIN" show "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1" >"$TMP/out"
expect_eq "show stalemate" "Draw by stalemate (1/2-1/2)" "$(value State)"
printf '[Result "0-1"]\n[Termination "normal"]\n\n1. e4 e5 2. Qh5 Nc6 0-1\n' >"$TMP/resigned.pgn"
"$BIN" show "$TMP/resigned.pgn" >"$TMP/out"
expect_eq "show resigned game" "White resigned: Black wins (0-1)" "$(value State)"
# bad input and usage
e=$("$BIN" show "not a position" 2>&1); rc=$?
expect_eq "show bad input (exit)" 1 "$rc"
case "$e" in "chesscodec show: INPUT: "*"not a position or game"*) pass ;; *) failed "show bad input message: [$e]" ;; esac
e=$("$BIN" show --ply 9 "e4 e5" 2>&1); rc=$?
expect_eq "show --ply past the end (exit)" 1 "$rc"
expect_eq "show --ply past the end (message)" "chesscodec show: --ply 9: the game has 2 plies" "$e"
expect_status "show --ply x" 2 "$BIN" show --ply x startpos
expect_eq "show without INPUT reads standard input (empty: bad input)" "chesscodec show: INPUT: empty text" "$("$BIN" show 2>&1 </dev/null)"
expect_status "show two INPUTs" 2 "$BIN" show startpos startpos

# --- render -----------------------------------------------------------------------------------
"$BIN" render --to svg --arrows e2e4,g1f3 --marks e5 --size 200 --theme dark --flip \
  -o "$TMP/board.svg" "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7" 2>"$TMP/err"
expect_eq "render -o (exit)" 0 $?
expect_eq "render -o: no message" "" "$(cat "$TMP/err")"
head -1 "$TMP/board.svg" | grep -q 'width="200" height="200" viewBox="0 0 360 360"' && pass || failed "render: size and viewBox"
expect_eq "render: 64 squares" 64 "$(grep -E '^<g class="(light|dark)"' "$TMP/board.svg" | grep -o '<rect ' | wc -l | tr -d ' ')"
expect_eq "render: 2 arrows" 2 "$(grep -o '<line ' "$TMP/board.svg" | wc -l | tr -d ' ')"
expect_eq "render: 1 mark" 1 "$(grep '^<g class="marks"' "$TMP/board.svg" | grep -o '<circle ' | wc -l | tr -d ' ')"
grep -q 'class="check"' "$TMP/board.svg" && pass || failed "render: the mated king's check gradient"
grep -q 'class="last-move"' "$TMP/board.svg" && pass || failed "render: last move"
if command -v xmllint >/dev/null 2>&1; then
  xmllint --noout "$TMP/board.svg" && pass || failed "render: xmllint finds the SVG well-formed"
fi
# standard output, the same picture for the same position given as a FEN at --ply 0
"$BIN" render startpos >"$TMP/a.svg" && "$BIN" render --ply 0 "e4 e5" >"$TMP/b.svg"
cmp -s "$TMP/a.svg" "$TMP/b.svg" && pass || failed "render startpos = render --ply 0 of a game"
# bad input: exit 1, a message, no file (and no temporary file left)
rm -f "$TMP/bad.svg"
e=$("$BIN" render -o "$TMP/bad.svg" "xyz" 2>&1); rc=$?
expect_eq "render bad input (exit)" 1 "$rc"
case "$e" in "chesscodec render: INPUT: "*) pass ;; *) failed "render bad input message: [$e]" ;; esac
expect_eq "render bad input: no file" "" "$(ls "$TMP" | grep bad || true)"
# bad usage: exit 2, no file
for args in "--to jpeg" "--size 8" "--theme blue" "--arrows e2e2" "--marks z9" "--ply -1"; do
  # shellcheck disable=SC2086
  e=$("$BIN" render $args -o "$TMP/bad.svg" startpos 2>&1); rc=$?
  expect_eq "render $args (exit)" 2 "$rc"
  case "$e" in "chesscodec render: "*) pass ;; *) failed "render $args message: [$e]" ;; esac
done
expect_eq "render bad usage: no file" "" "$(ls "$TMP" | grep bad || true)"
# -o is never the input file
printf '1. e4 e5 *\n' >"$TMP/same.pgn"
e=$("$BIN" render -o "$TMP/same.pgn" "$TMP/same.pgn" 2>&1); rc=$?
expect_eq "render -o INPUT (exit)" 1 "$rc"
case "$e" in *"also an input"*) pass ;; *) failed "render -o INPUT message: [$e]" ;; esac
expect_eq "render -o INPUT: input kept" "1. e4 e5 *" "$(cat "$TMP/same.pgn")"
# standard input: a game piped in (no INPUT, or -), a PGN file's text; empty input is bad input
echo "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7" | "$BIN" show >"$TMP/out"
expect_eq "show from standard input" "Checkmate: White wins (1-0)" "$(value State)"
"$BIN" show - <"$TMP/resigned.pgn" >"$TMP/out"
expect_eq "show - (a PGN on standard input)" "White resigned: Black wins (0-1)" "$(value State)"
echo "e4 e5" | "$BIN" render - >"$TMP/stdin.svg"
expect_eq "render - (exit)" 0 $?
expect_eq "render -: the same picture as of the argument" "$("$BIN" render "e4 e5" | md5sum)" "$(md5sum <"$TMP/stdin.svg")"
expect_status "show: empty standard input" 1 "$BIN" show - </dev/null
finish
