#!/usr/bin/env bash
# chesscodec demo: the built-in games load, every position is shown with every code, the
# codes equal what the other commands give, and the output works without a terminal.
source "$CHC_SRC/tests/lib.sh"
export LANG=C.UTF-8 LC_ALL=C.UTF-8

"$BIN" demo >"$TMP/opera" 2>"$TMP/err"
expect_eq "demo exits 0" 0 $?
expect_eq "nothing on stderr" "" "$(cat "$TMP/err")"
expect_eq "34 positions (start + 33 plies)" 34 "$(grep -c '^== ' "$TMP/opera")"
grep -q '^== 17\. Rd8# ' "$TMP/opera" && pass || failed "the mating move"
grep -q 'State     Checkmate: White wins (1-0)' "$TMP/opera" && pass || failed "mate shown"
grep -q $'\033' "$TMP/opera" && failed "escape sequences when not a terminal" || pass
for label in FEN Covert MSCS 'MSCS hex' urlsafe 'Pack position' 'Pack game'; do
  expect_eq "a '$label' line per position" 34 "$(grep -c "^ $(printf '%-13s' "$label") " "$TMP/opera")"
done
# the final position: FEN known from the game record (checked with pgn-extract)
final=$(awk '/^ FEN /{v=$0} END{sub(/^ FEN +/, "", v); print v}' "$TMP/opera")
expect_eq "final FEN" "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17" "$final"
val() { awk -v l="$1" 'substr($0, 1, 15) == sprintf(" %-13s ", l) { v = substr($0, 16) } END { print v }' "$TMP/opera"; }
expect_eq "covert = encode" "$("$BIN" encode --to covert "$final")" "$(val Covert)"
expect_eq "MSCS = encode" "$("$BIN" encode --to mscs "$final")" "$(val MSCS)"
expect_eq "MSCS hex = encode" "$("$BIN" encode --to mscs-hex "$final")" "$(val 'MSCS hex')"
key=$("$BIN" hash "$final" | grep -oE '[0-9a-fA-F]{16}' | head -1 | tr A-F a-f)
grep -q "Key       $key  (Polyglot)" "$TMP/opera" && pass || failed "final key = hash ($key)"
# the urlsafe string of the whole game reads back to the final position
url=$(val urlsafe)
printf 'show\n' | "$BIN" play --line "urlsafe:$url" >"$TMP/back"
expect_eq "urlsafe game string reads back" "$final" "$(awk '/^FEN /{v=$2" "$3" "$4" "$5" "$6" "$7} END{print v}' "$TMP/back")"
pg=$(val 'Pack game')
printf 'show\n' | "$BIN" play --line "pack:$pg" >"$TMP/back"
expect_eq "pack game code reads back" "$final" "$(awk '/^FEN /{v=$2" "$3" "$4" "$5" "$6" "$7} END{print v}' "$TMP/back")"
grep -q '^The game: 1\. e4 e5 2\. Nf3 d6' "$TMP/opera" && pass || failed "the game's moves at the end"

# the other game, the final position only, letters
"$BIN" demo --game deepblue --final --ascii >"$TMP/db"
expect_eq "deepblue exits 0" 0 $?
expect_eq "--final shows one position" 1 "$(grep -c '^== ' "$TMP/db")"
grep -q '^ FEN           r1k4r/p2nb1p1/2b4p/1p1n1p2/2PP4/3Q1NB1/1P3PPP/R5K1 b - c3 0 19$' "$TMP/db" && pass || failed "deepblue final FEN"
grep -q '^ 1  R  \.  \.  \.  \.  \.  K  \.' "$TMP/db" && pass || failed "ASCII board"
expect_status "--help" 0 "$BIN" demo --help
expect_status "unknown game" 2 "$BIN" demo --game nosuchgame
expect_status "unknown option" 2 "$BIN" demo --frobnicate
finish
