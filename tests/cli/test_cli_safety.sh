#!/usr/bin/env bash
# No command loses data: every command against a full disk (/dev/full), -o refusing an input
# file, SIGINT/SIGTERM during `convert -o` (no temporary and no output file left), a PGN cut
# off mid-game warned about; and the one option parser every command shares.
source "$CHC_SRC/tests/lib.sh"
START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# --- a full disk: exit 1 and "write error: No space left on device" --------------------
# A one-entry Polyglot book: the start position, e2e4.
printf '\x46\x3b\x96\x18\x16\x91\xfc\x9c\x03\x1c\x00\x01\x00\x00\x00\x00' > "$TMP/book.bin"
seq 10000 | sed "s|.*|$START|" > "$TMP/10000.fen"
M=$("$BIN" mix "see you" startpos)
full() { # NAME CMD... (stdin from the caller)
  local name=$1; shift
  local e; e=$("$@" 2>&1 >/dev/full); local rc=$?
  expect_eq "$name > /dev/full (exit)" 1 "$rc"
  case "$e" in *"write error: No space left on device"*) pass ;; *) failed "$name > /dev/full: [$e]" ;; esac
}
full hash "$BIN" hash startpos
full move "$BIN" move startpos e4
full perft "$BIN" perft 2
full mix "$BIN" mix "see you" startpos
full unmix "$BIN" unmix "$M"
full book "$BIN" book --book "$TMP/book.bin"
full demo "$BIN" demo --final
full encode "$BIN" encode --to covert startpos
full "decode 10000 lines" "$BIN" decode -q < "$TMP/10000.fen"
full "hash 10000 lines" "$BIN" hash -q < "$TMP/10000.fen"
full convert sh -c "echo '1. e4 e5 *' | '$BIN' convert --to uci -q"
full bench "$BIN" bench 1
full uci sh -c "echo uci | '$BIN' uci"
full xboard sh -c "echo 'protover 2' | '$BIN' xboard"
full analyse "$BIN" analyse --depth 2 startpos
full "analyse a game" "$BIN" analyse --depth 2 "e4 e5"
full "convert --annotate" sh -c "echo '1. e4 e5 *' | '$BIN' convert --annotate --depth 2 -q"
full "play --line" sh -c "echo quit | '$BIN' play --line"
full "help" "$BIN" help encode
full show "$BIN" show startpos
full render "$BIN" render startpos
case " ${CHC_FEATURES-png gif} " in *" gif "*) full "render --to gif" "$BIN" render --to gif "e4 e5 Nf3" ;; esac
case " ${CHC_FEATURES-png gif} " in *" png "*) full "render --to png" "$BIN" render --to png startpos ;; esac
# an output far larger than the stream buffer: the write fails mid-run, one message says why
e=$(xz -dc "$DATA/notation/lichess-20k.pgn.xz" | "$BIN" convert --to uci -q 2>&1 >/dev/full); rc=$?
expect_eq "convert of 20,000 games > /dev/full (exit)" 1 "$rc"
expect_eq "convert of 20,000 games > /dev/full (message)" "chesscodec convert: write error: No space left on device" "$e"
e=$("$BIN" encode --to fen -o /dev/full startpos 2>&1); rc=$?
expect_eq "-o /dev/full (exit)" 1 "$rc"
expect_eq "-o /dev/full message" "chesscodec encode: write error: No space left on device (-o /dev/full)" "$e"

# --- -o is never an input -----------------------------------------------------------------
printf '%s\n' "$START" "$START" > "$TMP/in.fen"
cp "$TMP/in.fen" "$TMP/keep.fen"
for cmd in "encode --to mscs" "decode" "hash"; do
  e=$("$BIN" $cmd -o "$TMP/in.fen" < "$TMP/in.fen" 2>&1); rc=$?
  expect_eq "$cmd -o same file (exit)" 1 "$rc"
  case "$e" in *"also an input"*) pass ;; *) failed "$cmd -o same file message: [$e]" ;; esac
  expect_eq "$cmd -o same file: input kept" "$(cat "$TMP/keep.fen")" "$(cat "$TMP/in.fen")"
done
cat > "$TMP/four.pgn" <<'PGN'
[Event "1"]

1. e4 *

[Event "2"]

1. d4 *

[Event "3"]

1. c4 *

[Event "4"]

1. Nf3 *
PGN
cp "$TMP/four.pgn" "$TMP/four.keep"
expect_status "convert -o same.pgn same.pgn" 1 "$BIN" convert --to pgn -o "$TMP/four.pgn" "$TMP/four.pgn"
expect_eq "convert same file: 4 games kept" "$(cat "$TMP/four.keep")" "$(cat "$TMP/four.pgn")"
ln "$TMP/four.pgn" "$TMP/hardlink.pgn"
expect_status "convert -o a hard link of the input" 1 "$BIN" convert -o "$TMP/hardlink.pgn" "$TMP/four.pgn"
expect_status "convert -o same file via stdin" 1 sh -c "'$BIN' convert -o '$TMP/four.pgn' < '$TMP/four.pgn'"
expect_eq "no temp files" "0" "$(ls "$TMP" | grep -c tmp)"

# --- SIGINT / SIGTERM / SIGHUP during convert -o: no temporary file, no output file ------------
set -m # background jobs keep SIGINT (a non-interactive shell would have them ignore it)
for sig in INT TERM HUP; do
  mkdir -p "$TMP/sig$sig"
  { for i in $(seq 300); do cat "$TMP/four.pgn"; done; sleep 30; } |
    "$BIN" convert --to uci -q --threads 1 -o "$TMP/sig$sig/out.uci" &
  pid=$!
  for i in $(seq 100); do ls "$TMP/sig$sig" | grep -q tmp && break; sleep 0.05; done
  expect_eq "SIG$sig: the temporary file exists while converting" "1" "$(ls "$TMP/sig$sig" | grep -c tmp)"
  kill -$sig $pid
  wait $pid 2>/dev/null; rc=$?
  expect_eq "SIG$sig: convert died of the signal" "$(( 128 + $(kill -l $sig) ))" "$rc"
  expect_eq "SIG$sig: nothing left" "" "$(ls "$TMP/sig$sig")"
  kill %1 2>/dev/null; wait 2>/dev/null
done
set +m

# --- a PGN cut off in the middle of a game is warned about -----------------------------------
printf '[Event "a"]\n\n1. e4 e5 1-0\n\n[Event "b"]\n\n1. d4 d5 2. c4' > "$TMP/cut.pgn"
e=$("$BIN" convert --to uci "$TMP/cut.pgn" 2>&1 >/dev/null)
case "$e" in *"game 2"*"without a result"*) pass ;; *) failed "cut-off warning: [$e]" ;; esac
e=$("$BIN" convert --to uci "$TMP/four.pgn" 2>&1 >/dev/null)
case "$e" in *"without a result"*) failed "whole file warned about: [$e]" ;; *) pass ;; esac

# --- batches: line N stays line N, --strict, summary ------------------------------------------
printf '%s\n\nnonsense\n%s\n' "$START" "$START" > "$TMP/mixed.fen"
"$BIN" encode --to mscs -o "$TMP/m.out" < "$TMP/mixed.fen" 2> "$TMP/m.err"
expect_eq "batch: exit 1 when a line is bad" 1 "$?"
expect_eq "batch: output line N is input line N" "4" "$(wc -l < "$TMP/m.out")"
expect_eq "batch: bad line empty" "" "$(sed -n 3p "$TMP/m.out")"
expect_eq "batch: error names the line" 1 "$(grep -c 'line 3' "$TMP/m.err")"
expect_eq "batch: summary" 1 "$(grep -c '4 lines: 2 encoded, 1 blank, 1 bad' "$TMP/m.err")"
"$BIN" encode --to mscs --strict -o "$TMP/s.out" < "$TMP/mixed.fen" 2>/dev/null
expect_eq "--strict: exit 1" 1 "$?"
expect_eq "--strict: no output file" "no" "$([ -e "$TMP/s.out" ] && echo yes || echo no)"
seq 3 | sed 's/.*/e4 e5/' > "$TMP/l.san"; echo 'e4 Ke7' >> "$TMP/l.san"; echo >> "$TMP/l.san"; echo 'd4' >> "$TMP/l.san"
"$BIN" convert --to uci -o "$TMP/l.uci" "$TMP/l.san" 2> "$TMP/l.err"
expect_eq "convert lines: line N is line N" "e2e4 e7e5
e2e4 e7e5
e2e4 e7e5


d2d4" "$(cat "$TMP/l.uci")"
expect_eq "convert lines: summary" 1 "$(grep -c '6 lines: 4 converted, 1 blank, 1 bad' "$TMP/l.err")"
expect_status "convert --strict" 1 "$BIN" convert --to uci --strict -o "$TMP/l2.uci" "$TMP/l.san"
expect_eq "convert --strict: no output file" "no" "$([ -e "$TMP/l2.uci" ] && echo yes || echo no)"

# --- the option parser ----------------------------------------------------------------------
expect_eq "--to=FORMAT" "$("$BIN" encode --to mscs startpos)" "$("$BIN" encode --to=mscs startpos)"
expect_eq "options after arguments" "$("$BIN" encode --to mscs startpos)" "$("$BIN" encode startpos --to mscs)"
e=$("$BIN" encode startpos --to 2>&1); rc=$?
expect_eq "missing value (exit)" 2 "$rc"
expect_eq "missing value message" "chesscodec encode: --to needs a value (--to FORMAT)" "$e"
e=$("$BIN" encode --to mscs --to fen startpos 2>&1); rc=$?
expect_eq "repeated option (exit)" 2 "$rc"
case "$e" in *"--to given twice"*) pass ;; *) failed "repeated option: [$e]" ;; esac
expect_status "unknown option" 2 "$BIN" hash --frobnicate startpos
expect_status "a flag with a value" 2 "$BIN" decode --strict=yes startpos
expect_eq "-- ends the options" "$("$BIN" hash startpos)" "$("$BIN" hash -- startpos)"
for cmd in $("$BIN" --help | awk '/^commands:/{f=1;next} f && NF {print $1}'); do
  expect_eq "help $cmd = $cmd --help" "$("$BIN" $cmd --help)" "$("$BIN" help $cmd)"
  case "$("$BIN" $cmd --help)" in *"options:"*"-h, --help"*) pass ;; *) failed "$cmd --help has no option list" ;; esac
done
expect_status "help of an unknown command" 2 "$BIN" help frobnicate
finish
