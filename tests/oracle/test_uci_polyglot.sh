#!/usr/bin/env bash
# A real UCI client drives the engine: Debian's polyglot adapter (UCI engine -> XBoard) runs
# `chesscodec uci`, and an XBoard-speaking script plays a short game through it, the engine
# moving for both sides (force + go after each move), then checks the adapter accepted every
# move and refuses an illegal one.
# ctest-labels: nosan
source "$CHC_SRC/tests/lib.sh"
require_tool polyglot

cat > "$TMP/engine.ini" <<INI
[PolyGlot]
EngineCommand = $BIN uci
EngineDir = $TMP
Log = false
Book = false
[Engine]
Hash = 8
INI

coproc PG { polyglot "$TMP/engine.ini" 2>&1; }
PGPID=$PG_PID  # bash unsets PG_PID once it reaps the coprocess
send() { printf '%s\n' "$*" >&"${PG[1]}"; }
# wait_for REGEX SECONDS: prints the first matching line, returns 1 on timeout/EOF
wait_for() {
  local line end=$((SECONDS + $2))
  while [ $SECONDS -le $end ]; do
    IFS= read -r -t $((end - SECONDS + 1)) line <&"${PG[0]}" || return 1
    line=${line%$'\r'}
    echo "$line" >> "$TMP/transcript"
    if [[ $line =~ $1 ]]; then printf '%s\n' "$line"; return 0; fi
  done
  return 1
}

send xboard
send protover 2
expect_eq "features done" "feature done=1" "$(wait_for '^feature done=1' 20)"
send new
send "st 1"
moves=()
for ply in $(seq 1 12); do
  send go
  m=$(wait_for '^(move |Illegal|Error|tellusererror)' 30)
  case "$m" in
    "move "*) moves+=("${m#move }"); pass;;
    *) failed "ply $ply: no move (got '$m')"; break;;
  esac
  send force
done
expect_eq "plies played" 12 "${#moves[@]}"
echo "game: ${moves[*]}"
# every move was accepted by polyglot's own rules check: no Illegal/Error lines
if grep -qE '^(Illegal|Error)' "$TMP/transcript"; then failed "adapter reported an error"; else pass; fi
# an illegal user move is refused by the adapter (the engine keeps its position)
send "usermove e1e8"
r=$(wait_for '^Illegal move' 10)
expect_eq "illegal move refused" "Illegal move: e1e8" "$r"
send quit
wait "$PGPID" 2>/dev/null
finish
