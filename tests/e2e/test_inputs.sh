#!/usr/bin/env bash
# Every command takes the same inputs: a position given as FEN, startpos, covert (also inside a
# chat message), MSCS (base64 and hex), pack or EPD is accepted by encode, decode, move, mix,
# hash, book, perft --fen, play --line, show, render and the server's /api/position, and means
# the same position everywhere (compared by the first four FEN fields: some codes hold no
# counters; render: the same picture as of the FEN).
source "$CHC_SRC/tests/lib.sh"
source "$CHC_SRC/tests/e2e/server.sh"
export LANG=C.UTF-8 LC_ALL=C.UTF-8
# The server's column needs the serve feature (a build without its packages checks the rest
# and says so; in CI a missing part fails), curl and node.
api=1
case " ${CHC_FEATURES-curses serve webpage} " in
  *" serve "*) command -v curl >/dev/null || skip_or_fail "curl not installed"
               require_tool node ;;
  *) in_ci && skip_or_fail "chesscodec was built without 'serve'"
     echo "*** SKIPPED (this part): /api/position: chesscodec was built without 'serve' ***" >&2
     api=0 ;;
esac

P="rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1" # after 1. Nf3
START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
four() { cut -d' ' -f1-4; }
# A one-entry Polyglot book: the start position, e2e4.
printf '\x46\x3b\x96\x18\x16\x91\xfc\x9c\x03\x1c\x00\x01\x00\x00\x00\x00' > "$TMP/book.bin"

kinds=(fen startpos covert chat mscs mscs-hex pack epd)
input() { # KIND: the input text (startpos stands for the start position, the others for P)
  case $1 in
    fen) echo "$P" ;;
    startpos) echo startpos ;;
    chat) echo "your move: $("$BIN" encode --to covert "$P") (good luck)" ;;
    pack) "$BIN" encode --to pack-position "$P" ;;
    *) "$BIN" encode --to "$1" "$P" ;;
  esac
}
want() { [ "$1" = startpos ] && echo "$START" || echo "$P"; }

[ $api = 0 ] || start_server || { failed "server start"; finish; }
for kind in "${kinds[@]}"; do
  in=$(input "$kind")
  w=$(want "$kind" | four)
  wfen=$(want "$kind")
  expect_eq "encode $kind" "$w" "$("$BIN" encode --to fen "$in" | four)"
  expect_eq "decode $kind" "$w" "$("$BIN" decode "$in" | four)"
  expect_eq "hash $kind" "$("$BIN" hash "$wfen")" "$("$BIN" hash "$in")"
  mv=Nf6; [ "$kind" = startpos ] && mv=Nf3
  after=$("$BIN" move "$in" $mv) && pass || failed "move $kind"
  expect_eq "move $kind (answered in its format, read back)" \
    "$("$BIN" move "$wfen" $mv 2>/dev/null | four)" "$("$BIN" decode "$after" 2>/dev/null | four)"
  expect_eq "mix $kind" "$w" "$("$BIN" unmix "$("$BIN" mix 'see you' "$in")" | four)"
  expect_status "book $kind" 0 "$BIN" book --book "$TMP/book.bin" "$in"
  expect_eq "perft --fen $kind" "$("$BIN" perft --fen "$wfen" 2)" "$("$BIN" perft --fen "$in" 2)"
  got=$(printf 'show\n' | "$BIN" play --line --no-board "$in" | awk '/^FEN /{v=$2" "$3" "$4" "$5} END{print v}')
  expect_eq "play --line $kind" "$w" "$got"
  got=$("$BIN" show --codes "$in" | awk '/^FEN /{v=$2" "$3" "$4" "$5} END{print v}')
  expect_eq "show $kind" "$w" "$got"
  expect_eq "render $kind (the same picture)" "$("$BIN" render "$wfen" | cksum)" "$("$BIN" render "$in" | cksum)"
  if [ $api = 1 ]; then
    body=$(node -e 'process.stdout.write(JSON.stringify({input: process.argv[1]}))' "$in")
    got=$(curl -s "$SERVER_URL/api/position" -d "$body" | node -e '
      let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
        const r = JSON.parse(s); console.log(r.fen ? r.fen.split(" ").slice(0, 4).join(" ") : s); });')
    expect_eq "/api/position $kind" "$w" "$got"
  fi
done
stop_server
finish
