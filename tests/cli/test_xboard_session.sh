#!/usr/bin/env bash
# chesscodec xboard: a scripted CECP version 2 session, every command of the protocol that the
# engine implements, answers checked: the features, pong numbers, move lines legal (replayed
# by `chesscodec move`), post lines, Hint:, analyze with . and exit, setboard refusing a bad
# FEN, undo/remove restoring the position, time controls, fischerandom, result, quit; and
# `chesscodec uci` switching to CECP on "xboard". The engine runs as a coprocess: each
# command's answers are awaited (ping/pong) with generous limits, nothing is timed.
source "$CHC_SRC/tests/lib.sh"
STARTFEN='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
LOG=$TMP/session.log
: > "$LOG"

# bash unsets XB_PID as soon as it reaps the coprocess, which can happen before the final
# wait (the engine quits at once): the pid is kept in XBPID.
start() { coproc XB { "$BIN" "$@" 2>&1; }; XBPID=$XB_PID; }
send() { printf '%s\n' "$*" >&"${XB[1]}"; echo ">> $*" >> "$LOG"; }
# wait_for REGEX [SECONDS]: reads the engine's lines until one matches (into $LAST); every
# line read before it goes to $LINES (since the last wait), every line to the log. Fails at the time limit.
wait_for() {
  local re=$1 t=${2:-60} line
  LINES=""
  while IFS= read -r -t "$t" line <&"${XB[0]}"; do
    echo "<< $line" >> "$LOG"
    if [[ $line =~ $re ]]; then LAST=$line; return 0; fi
    LINES+="$line"$'\n'
  done
  LAST=""
  return 1
}
# sync N: ping N and wait for its pong; $LINES gets everything before it.
sync() { send "ping $1"; wait_for "^pong $1\$" || failed "no 'pong $1' (log: $(tail -5 "$LOG"))"; }
has() { printf '%s' "$LINES" | grep -qE -- "$2" && pass || failed "$1: no line matching /$2/ in: $LINES"; }
hasnt() { printf '%s' "$LINES" | grep -qE -- "$2" && failed "$1: unexpected /$2/ in: $LINES" || pass; }
# legal FEN MOVE...: the moves are legal one after the other from FEN
legal() { local fen=$1; shift; "$BIN" move "$fen" "$@" >/dev/null 2>"$TMP/legal.err" && pass ||
  failed "illegal moves from $fen: $* ($(cat "$TMP/legal.err"))"; }
move_of() { printf '%s' "$LAST" | sed -n 's/^move \([^ ]*\)$/\1/p'; }

# ---- handshake
start xboard
send xboard
send "protover 2"
wait_for '^feature done=1$' || failed "no feature done=1"
first=$(printf '%s' "$LINES" | head -1)
expect_eq "features open with done=0" "feature done=0" "$first"
for f in 'setboard=1' 'usermove=1' 'ping=1' 'analyze=1' 'playother=1' 'variants="normal,fischerandom"' \
         'myname="chesscodec ' 'sigint=0' 'sigterm=0' 'colors=0' 'smp=1' 'option="MultiPV -spin' \
         'option="Clear Hash -button"' 'option="OwnBook -check 0"' 'option="BookFile -file'; do
  has "feature $f" "feature .*$(printf '%s' "$f" | sed 's/[.[\*^$]/\\&/g')"
done
sync 1

# ---- new, usermove: the engine answers as black with a legal move, post lines before it
send new; send "sd 4"; send post
send "usermove e2e4"
wait_for '^move ' || failed "no move after usermove e2e4"
m1=$(move_of)
legal "$STARTFEN" e2e4 "$m1"
has "post line (ply score time nodes pv)" '^[1-4] -?[0-9]+ [0-9]+ [0-9]+ [A-Za-z]'
sync 2
hasnt "nothing but pong after the move" '.'
# hint: a move for white
send hint
sync 3
has "hint" '^Hint: [a-h][1-8][a-h][1-8]'
h=$(printf '%s' "$LINES" | sed -n 's/^Hint: //p')
legal "$STARTFEN" e2e4 "$m1" "$h"
# nopost: the next move comes without post lines
send nopost
send "usermove $h"
wait_for '^move ' || failed "no move after the hint's move"
hasnt "nopost" '^[0-9]+ -?[0-9]+ [0-9]+ [0-9]+'
legal "$STARTFEN" e2e4 "$m1" "$h" "$(move_of)"
send "usermove e2e4"
sync 4
has "illegal move refused" '^Illegal move: e2e4$'

# ---- force, undo, remove: the position comes back
send new; send force
send "usermove e2e4"; send "usermove e7e5"; send "usermove g1f3"
sync 5
hasnt "force: no move" '^move '
send undo
send "usermove g1f3"   # legal again only if undo took Nf3 back
send remove
send "usermove e7e5"   # legal again only if remove took back Nf3 and e5
sync 6
hasnt "undo and remove restore the position" 'Illegal move|Error'
send remove; send remove
sync 7
has "remove past the start" '^Error \(no move to take back\): remove$'
send "usermove e2e4"
sync 8
hasnt "after the failed remove the position is the start" 'Illegal'

# ---- go and playother
send new; send force; send "usermove d2d4"; send "sd 3"; send go
wait_for '^move ' || failed "no move after go"
g=$(move_of)
legal "$STARTFEN" d2d4 "$g"
send "usermove g1f3"      # the engine plays black now
wait_for '^move ' || failed "no move after go + usermove"
legal "$STARTFEN" d2d4 "$g" g1f3 "$(move_of)"
send new; send force; send "usermove e2e4"; send playother; send "sd 3"
sync 9
hasnt "playother does not move at once" '^move '
send "usermove e7e5"
wait_for '^move ' || failed "no move after playother"
legal "$STARTFEN" e2e4 e7e5 "$(move_of)"

# ---- time controls: level + time/otim, st; the moves come
send new; send "level 40 0:30 0"; send "time 3000"; send "otim 3000"; send "usermove e2e4"
wait_for '^move ' 30 || failed "no move under level/time/otim"
send new; send "level 0 1 2"; send "usermove d2d4"
wait_for '^move ' 30 || failed "no move under level 0 1 2"
send new; send "st 1"; send "usermove c2c4"
wait_for '^move ' 30 || failed "no move under st 1"
send "level x y z"; send "st 0"; send "sd -1"
sync 10
has "bad level" '^Error \(bad time control\)'
has "bad st" '^Error \(bad time per move\)'
has "bad sd" '^Error \(bad depth\)'

# ---- setboard: a mate in one is played and the result announced; a bad FEN is refused
send new; send force; send "sd 4"
send "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
send go
wait_for '^move ' || failed "no move in the mate-in-one position"
expect_eq "mate in one" "move a1a8" "$LAST"
wait_for '^1-0 \{White mates\}$' 10 || failed "no result line after the mate"
send "setboard this is not a FEN"
send "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1"
sync 11
has "bad FEN" '^tellusererror Illegal position: '
[ "$(printf '%s' "$LINES" | grep -c '^tellusererror')" = 2 ] && pass || failed "two bad FENs: $LINES"
send "usermove e2e4"
sync 12
has "after a refused setboard the game over stays" '^Illegal move: e2e4$'
send "result 1-0 {White mates}"
sync 13

# ---- analyze: post lines, ".", a mate score, exit stops the analysis
send new; send post; send force
send "setboard r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
send analyze
wait_for '^[0-9]+ 100001 ' 60 || failed "analysis: no mate-in-1 score (Qxf7#)"
[[ $LAST =~ ^[0-9]+\ 100001\ [0-9]+\ [0-9]+\ Qxf7# ]] && pass || failed "mate line: $LAST"
send .
wait_for '^stat01: ' 20 || failed "no stat01 line"
[[ $LAST =~ ^stat01:\ [0-9]+\ [0-9]+\ [0-9]+\ 0\ [0-9]+\ [A-Za-z] ]] && pass || failed "stat01: $LAST"
send "usermove a2a3"     # analysis goes on in the new position (black to move)
wait_for '^[0-9]+ -?[0-9]+ [0-9]+ [0-9]+ ' 20 || failed "no analysis after usermove"
send hint
wait_for '^Hint: ' 20 || failed "no hint in analysis"
send undo
wait_for '^[0-9]+ 100001 ' 60 || failed "analysis after undo: no mate score"
send exit
sync 14
sleep 0.5
sync 15
hasnt "exit stops the analysis" '^[0-9]+ -?[0-9]+ '

# ---- Chess960: variant fischerandom, O-O accepted, the engine's castling sent as O-O
FRC='rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1'
send new; send "variant fischerandom"; send force; send "setboard $FRC"
send "usermove O-O"
send "sd 4"; send go
wait_for '^move ' || failed "no move in fischerandom"
hasnt "fischerandom setboard and O-O" 'Illegal|Error'
# the only mate in one is castling (king f1 to g1, rook g1 to f1)
send new; send "variant fischerandom"; send force; send "setboard 4rkr1/4p1p1/8/8/8/8/PPPP4/5KR1 w G - 0 1"
send go
wait_for '^move ' || failed "no move in the castling mate"
expect_eq "fischerandom castling is O-O" "move O-O" "$LAST"
wait_for '^1-0 \{White mates\}$' 10 || failed "no result after O-O#"
send "usermove xx"
sync 16
has "junk move" '^Illegal move: xx$'
send "variant crazyhouse"; send frobnicate
sync 17
has "unknown variant" '^Error \(unsupported variant\): crazyhouse$'
has "unknown command" '^Error \(unknown command\): frobnicate$'

# ---- options, memory, cores, ? (thinking on 2 threads), quit
send "memory 32"; send "option MultiPV=2"; send "option Clear Hash"; send "option Foo=1"
send "cores 0"; send "cores 2"
sync 18
has "unknown option" '^Error \(unknown option\): Foo$'
has "bad cores" '^Error \(bad value\): cores 0$'
send new; send "st 30"; send "usermove e2e4"; sleep 0.3; send "?"
wait_for '^move ' 10 || failed "? did not make the engine move"
send quit
wait "$XBPID" 2>/dev/null
pass

# ---- chesscodec uci speaks CECP when the GUI opens with xboard
out=$(printf 'xboard\nprotover 2\nping 4\nquit\n' | "$BIN" uci)
printf '%s\n' "$out" | grep -q '^feature done=1$' && pass || failed "uci + xboard: $out"
printf '%s\n' "$out" | grep -q '^pong 4$' && pass || failed "uci + xboard pong: $out"
out=$(printf 'protover 2\nquit\n' | "$BIN" uci)
printf '%s\n' "$out" | grep -q '^feature done=0$' && pass || failed "uci + protover: $out"
expect_status "xboard help" 0 "$BIN" xboard --help
expect_status "xboard bad usage" 2 "$BIN" xboard extra
# the log on failure (or with CHC_SHOW_LOG=1)
[ "$TU_FAIL" = 0 ] && [ -z "${CHC_SHOW_LOG:-}" ] || { echo "--- session log"; cat "$LOG"; }
finish
