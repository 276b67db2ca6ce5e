#!/usr/bin/env bash
# ctest-labels: nosan slow
# A real XBoard match: Debian's xboard under Xvfb (no display: -noGUI) runs chesscodec
# against Debian's fairymax, chesscodec first engine (`chesscodec xboard`, two games, colours
# alternated) and then second engine (`chesscodec uci`, which must switch to CECP when
# XBoard opens with "xboard"/"protover 2"). The saved PGN must hold four complete games with
# a result, none ended by an illegal move, a time forfeit or an engine that died.
# CHC_XBOARD_LOG=DIR keeps the PGN and XBoard's debug logs there.
source "$CHC_SRC/tests/lib.sh"
require_tool xvfb-run
require_tool xboard
require_tool fairymax
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
# Debian's fairymax 5.0b crashes (SIGSEGV) about 4 times in 10 after any command it does not
# know, and XBoard sends it "computer" at each game's start: the match then hangs or ends in
# "Error writing to ... chess program" through no fault of ours. fairymax is therefore started
# through a filter that drops the commands it does not know ("computer", "result"); SIGINT is
# ignored as fairymax itself ignores it (it does not announce sigint=0).
FAIRY=$TMP/fairymax.sh
cat > "$FAIRY" <<SH
#!/bin/sh
trap '' INT
sed -u -e '/^computer\$/d' -e '/^result /d' | exec $(command -v fairymax)
SH
chmod +x "$FAIRY"
OUT=${CHC_XBOARD_LOG:-$TMP}
mkdir -p "$OUT"
rm -f "$OUT/match.pgn"
# match N FIRST SECOND: two games at 5 seconds a side; HOME apart so that no settings file
# of the user is read or written
match() {
  HOME=$TMP timeout 240 xvfb-run -a xboard -fcp "$2" -fd "$TMP" -scp "$3" -sd "$TMP" \
    -matchGames 2 -tc 0:05 -inc 0 -matchPause 500 -popupExitMessage false \
    -saveSettingsOnExit false -saveGameFile "$OUT/match.pgn" -noGUI \
    -debugMode true -nameOfDebugFile "$OUT/debug$1.txt" > "$OUT/xboard$1.txt" 2>&1
  local rc=$?
  expect_eq "xboard match $1 exit status" 0 "$rc"
  grep -a 'final score' "$OUT/xboard$1.txt"
}
match 1 "$BIN xboard" "$FAIRY"
match 2 "$FAIRY" "$BIN uci"

pgn=$OUT/match.pgn
[ -s "$pgn" ] || { failed "no PGN saved"; finish; }
games=$(grep -c '^\[Event ' "$pgn")
expect_eq "games saved" 4 "$games"
expect_eq "games with a result" 4 "$(grep -cE '^\[Result "(1-0|0-1|1/2-1/2)"\]' "$pgn")"
expect_eq "games with chesscodec" 4 "$(grep -cE '^\[(White|Black) "chesscodec ' "$pgn")"
# each game's last comment says why it ended: never an illegal move, a flag or a crash
ends=$(tr '\n' ' ' < "$pgn" | grep -oE '\{[^}]*\} *(1-0|0-1|1/2-1/2)' )
expect_eq "game ends" 4 "$(printf '%s\n' "$ends" | grep -c .)"
printf '%s\n' "$ends"
if printf '%s\n' "$ends" | grep -qiE 'illegal|on time|forfeit|crash|exit|unexpected|disconnect|stall'; then
  failed "a game ended badly: $ends"
else
  pass
fi
if grep -qiE 'illegal move|exited unexpectedly' "$OUT"/debug*.txt; then
  failed "illegal move or a dead engine in XBoard's log: $(grep -iE 'illegal move|exited unexpectedly' "$OUT"/debug*.txt | head -3)"
else
  pass
fi
finish
