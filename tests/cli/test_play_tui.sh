#!/usr/bin/env bash
# chesscodec play, full screen: the real program driven in tmux (send-keys, capture-pane) at
# 80x24: a short game typed in, the board and the codes on screen (equal to what `encode` and
# `hash` give), an illegal move's message, undo, mate, resizing, quitting with the terminal
# restored, and a game against the engine reaching its first engine move.
# ctest-labels: nosan
source "$CHC_SRC/tests/lib.sh"
require_feature curses
require_tool tmux
export LANG=C.UTF-8 LC_ALL=C.UTF-8
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
SOCK="$TMP/tmux.sock"
T() { tmux -u -S "$SOCK" -f /dev/null "$@"; }
trap 'T kill-server >/dev/null 2>&1; rm -rf "$TMP"' EXIT

# start ARGS...: a new 80x24 session running chesscodec play ARGS (the pane stays after exit)
N=0
start() {
  N=$((N + 1)); S=play$N
  rm -f "$TMP/status$N"
  T new-session -d -s $S -x 80 -y 24 "env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen $BIN play $*; echo \$? >$TMP/status$N"
  T set-option -t $S remain-on-exit on >/dev/null
  wait_for 'F10 quit' || failed "the screen did not come up: $(screen)"
}
screen() { T capture-pane -p -t $S; }
# wait_for REGEX [SECONDS]: until the screen matches (extended regex)
wait_for() {
  local i n=$(( ${2:-10} * 20 ))
  for ((i = 0; i < n; i++)); do
    screen | grep -qE -- "$1" && return 0
    sleep 0.05
  done
  return 1
}
# type TEXT: types a line and presses Enter, then waits until the prompt is empty again
type_line() { T send-keys -t $S -l -- "$1"; T send-keys -t $S Enter; wait_for '^(White|Black)> *$' 5; }
# code LABEL: the value of a code on screen (a code too wide for one row continues on the next)
# (a FEN breaks at a space, other codes anywhere)
code() {
  local sep=""; [ "$1" = FEN ] && sep=" "
  screen | awk -v l="$1" -v sep="$sep" '
    found == 1 { if ($0 ~ /^              [^ ]/) { sub(/^ +/, ""); v = v sep $0 } found = 2 }
    substr($0, 1, 14) == sprintf("%-14s", l) && found == 0 { v = substr($0, 15); sub(/ +$/, "", v); found = 1 }
    END { sub(/ +$/, "", v); print v }'
}

# 1. a short game typed in
start
type_line e4
type_line e5
type_line Nf3
wait_for 'Last move: 2\. Nf3' || failed "the move did not arrive: $(screen)"
screen >"$TMP/screen1"
expect_eq "board row 8" " 8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜   Black to move" "$(sed -n 2p "$TMP/screen1" | sed 's/ *$//')"
expect_eq "board row 5" " 5              ♟" "$(sed -n 5p "$TMP/screen1" | cut -c1-20 | sed "s/ *$//")"
expect_eq "board row 3" " 3                 ♘" "$(sed -n 7p "$TMP/screen1" | sed 's/ *$//')"
expect_eq "board row 1" " 1  ♖  ♘  ♗  ♕  ♔  ♗     ♖" "$(sed -n 9p "$TMP/screen1" | sed 's/ *$//')"
expect_eq "file letters" "    a  b  c  d  e  f  g  h" "$(sed -n 10p "$TMP/screen1" | sed 's/ *$//')"
grep -q '1\.e4 e5 2\.Nf3' "$TMP/screen1" && pass || failed "move list"
fen=$(code FEN)
expect_eq "FEN on screen" "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" "$fen"
expect_eq "covert on screen = encode --to covert" "$("$BIN" encode --to covert "$fen")" "$(code Covert)"
expect_eq "MSCS on screen = encode --to mscs" "$("$BIN" encode --to mscs "$fen")" "$(code MSCS)"
expect_eq "MSCS hex on screen = encode --to mscs-hex" "$("$BIN" encode --to mscs-hex "$fen")" "$(code 'MSCS hex')"
key=$("$BIN" hash "$fen" | grep -oE '[0-9a-fA-F]{16}' | head -1 | tr A-F a-f)
expect_eq "key on screen = hash" "$key" "$(code Key)"
expect_eq "urlsafe game on screen" "ckGV" "$(code urlsafe)"
# the same codes as --line mode prints for the same moves
printf 'e4\ne5\nNf3\n' | "$BIN" play --line >"$TMP/line"
expect_eq "pack position on screen = --line" \
  "$(awk 'substr($0,1,15)=="Pack position  "{v=substr($0,16)} END{print v}' "$TMP/line")" "$(code 'Pack position')"
expect_eq "pack game on screen = --line" \
  "$(awk 'substr($0,1,15)=="Pack game      "{v=substr($0,16)} END{print v}' "$TMP/line")" "$(code 'Pack game')"

# 2. an illegal move's message, then undo (typed and with the Left key) and redo
type_line Ke3
wait_for "illegal move 'Ke3'" && pass || failed "illegal move message: $(screen)"
type_line undo
wait_for 'Last move: 1\.\.\. e5' && pass || failed "undo: $(screen)"
expect_eq "FEN after undo" "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2" "$(code FEN)"
T send-keys -t $S Left
wait_for 'Last move: 1\. e4' && pass || failed "Left key undoes: $(screen)"
T send-keys -t $S Right
wait_for 'Last move: 1\.\.\. e5' && pass || failed "Right key redoes: $(screen)"

# 3. mate detection (a new game: F2)
T send-keys -t $S F2
wait_for 'new game' || failed "F2 new game"
for m in f3 e5 g4 Qh4; do type_line $m; done
wait_for 'Checkmate: Black wins \(0-1\)' && pass || failed "mate detection: $(screen)"
type_line a3
wait_for 'the game is over' && pass || failed "no move after mate: $(screen)"

# 4. resizing redraws everything; quitting restores the terminal
T resize-window -t $S -x 100 -y 30
wait_for '^FEN +rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3' && pass || failed "resize: $(screen)"
T resize-window -t $S -x 80 -y 24
T send-keys -t $S F10
for i in $(seq 100); do [ "$(T display -p -t $S '#{pane_dead}')" = 1 ] && [ -s "$TMP/status$N" ] && break; sleep 0.05; done
expect_eq "quit with F10" "1" "$(T display -p -t $S '#{pane_dead}')"
expect_eq "exit status 0" "0" "$(cat "$TMP/status$N" 2>/dev/null)"
expect_eq "alternate screen left" "0" "$(T display -p -t $S '#{alternate_on}')"

# a position given on the command line; its long FEN breaks at a space
start "'r1bqkb1r/pp1p1ppp/2n1pn2/2p5/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 10 50'"
expect_eq "FEN of a loaded position" "r1bqkb1r/pp1p1ppp/2n1pn2/2p5/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 10 50" "$(code FEN)"
grep -q 'Game starts at move 50' <(screen) && pass || failed "start move shown: $(screen)"
# SIGTERM ends it cleanly too (the pane runs "sh -c 'chesscodec ...; echo $?'": signal the child)
if command -v pgrep >/dev/null; then
  pid=$(pgrep -P "$(T display -p -t $S '#{pane_pid}')" -f 'chesscodec play' | head -1)
  [ -n "$pid" ] && kill -TERM "$pid"
  for i in $(seq 100); do [ -s "$TMP/status$N" ] && break; sleep 0.05; done
  expect_eq "exit status 0 after SIGTERM" "0" "$(cat "$TMP/status$N" 2>/dev/null)"
  expect_eq "alternate screen left after SIGTERM" "0" "$(T display -p -t $S '#{alternate_on}')"
else
  T send-keys -t $S F10
fi

# 5. against the engine: it answers without freezing the screen
start --engine black --time 0.5
type_line e4
wait_for 'engine played ' 20 && pass || failed "no engine move: $(screen)"
wait_for '^White> *$' && pass || failed "prompt back to White"
screen | grep -qE 'Last move: 1\.\.\. [a-hNBRQKO]' && pass || failed "the engine's move shown: $(screen)"
# while it thinks, the screen keeps answering keys (it thinks for a minute: the waits below
# end a hung test, they do not time the screen)
type_line "time 60"
type_line "go"
wait_for 'Engine thinking' && pass || failed "thinking shown: $(screen)"
T send-keys -t $S -l "abc"
wait_for '^White> abc' && pass || failed "typing while the engine thinks"
screen | grep -q 'Engine thinking' && pass || failed "typed while the engine thinks: $(screen)"
T send-keys -t $S C-c
for i in $(seq 100); do [ "$(T display -p -t $S '#{pane_dead}')" = 1 ] && [ -s "$TMP/status$N" ] && break; sleep 0.05; done
expect_eq "Ctrl-C quits while the engine thinks" "1" "$(T display -p -t $S '#{pane_dead}')"
expect_eq "exit status 0 after Ctrl-C" "0" "$(cat "$TMP/status$N" 2>/dev/null)"
finish
