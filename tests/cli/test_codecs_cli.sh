#!/bin/bash
# The codec commands: encode, decode, move, mix, unmix, convert --to/--from urlsafe.
# Exact outputs for the vectors of the format notes, errors (exit 1, one line on stderr
# naming where), bad usage (exit 2), --help, and no half-written output files.
source "$CHC_SRC/tests/lib.sh"

START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
VFEN="rnbq1bnr/ppppkppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR w - - 2 3"
VCOV="♟️👯‍♂️🧚🏽‍♀️🧑🏻‍🔧👩🏾‍🦽🎥☄️👐🏿👩🏼‍🦼📟🚴🏼‍♂️🚣🏼‍♂️🛒💁🏿🤾🏾‍♀️🅰️👩🏿‍🏫🥔👩🏾‍🔧👼🏾📂🧑🏾‍🦲😀😀👐"
SHEX=3c3a011fc80476d008de9008d660119b40237c80477a011f
SB64=PDoBH8gEdtAI3pAI1mARm0AjfIBHegEf

# --- vectors --------------------------------------------------------------------------
expect_eq "encode covert vector" "$VCOV" "$("$BIN" encode --to covert "$VFEN")"
expect_eq "encode mscs hex" "$SHEX" "$("$BIN" encode --to mscs --hex "$START")"
expect_eq "encode mscs-hex" "$SHEX" "$("$BIN" encode --to mscs-hex "$START")"
expect_eq "encode mscs base64" "$SB64" "$("$BIN" encode --to mscs "$START")"
expect_eq "encode mscs 2" "AAAAAAAAAkcACQAAAAAAAAAAAAAAAAAA" "$("$BIN" encode --to mscs "8/8/8/5K1k/8/8/8/6R1 w - - 0 1")"
expect_eq "decode covert" "$VFEN" "$("$BIN" decode "$VCOV")"
expect_eq "decode covert in text" "$VFEN" "$("$BIN" decode "here it is: $VCOV (your move)")"
expect_eq "decode hex" "$START" "$("$BIN" decode "$SHEX")"
expect_eq "decode base64" "$START" "$("$BIN" decode "$SB64")"
expect_eq "decode --format mscs" "$START" "$("$BIN" decode --format mscs "$SB64")"
expect_eq "encode code to code" "$SB64" "$("$BIN" encode --to mscs "$SHEX")"
expect_eq "encode covert to fen" "$VFEN" "$("$BIN" encode --to fen "$VCOV")"
# stdin, several lines, empty lines kept (output line N is input line N)
out=$(printf '%s\n\n%s\n' "$SB64" "$VCOV" | "$BIN" decode -q)
expect_eq "decode stdin" "$START

$VFEN" "$out"
out=$(printf '%s\n%s\n' "$START" "$VFEN" | "$BIN" encode --to mscs --hex)
expect_eq "encode stdin" "$SHEX
$("$BIN" encode --to mscs --hex "$VFEN")" "$out"

# --- play by code ----------------------------------------------------------------------
C0=$("$BIN" encode --to covert "$START")
C1=$("$BIN" move "$C0" e4 e5 Nf3)
expect_eq "move covert (SAN)" "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" "$("$BIN" decode "$C1")"
C2=$("$BIN" move "$C0" e2e4 e7e5 g1f3)
expect_eq "move covert (UCI)" "$C1" "$C2"
expect_eq "move mscs base64" "vzoBH8gEdtAI3pAI1kgRm0AjfIBHegEf" "$("$BIN" move "$SB64" e4)"
expect_eq "move mscs hex" "bf3a011fc80476d008de9008d648119b40237c80477a011f" "$("$BIN" move "$SHEX" e4)"
expect_eq "move fen" "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" "$("$BIN" move "$START" e4)"
expect_eq "move startpos" "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" "$("$BIN" move startpos e4)"
err=$("$BIN" move "$C0" e4 Ke7 2>&1 >/dev/null); rc=$?
expect_eq "move illegal exit" 1 "$rc"
case "$err" in *"move 2 'Ke7'"*) pass ;; *) failed "move illegal message: $err" ;; esac
expect_eq "move stderr one line" 1 "$(printf '%s\n' "$err" | wc -l)"

# --- mix / unmix ----------------------------------------------------------------------
M=$("$BIN" mix "see you soon" "$VCOV")
expect_eq "mix words" "see you soon" "$(printf '%s' "$M" | tr ' ' '\n' | grep -E '^[a-z]+$' | tr '\n' ' ' | sed 's/ $//')"
expect_eq "unmix" "$VFEN" "$("$BIN" unmix "$M")"
expect_eq "unmix stdin" "$VFEN" "$(printf '%s\n' "$M" | "$BIN" unmix)"
expect_eq "unmix --to mscs" "$("$BIN" encode --to mscs "$VFEN")" "$("$BIN" unmix --to mscs "$M")"
expect_eq "mix from FEN" "$M" "$("$BIN" mix "see you soon" "$VFEN")"
M2=$("$BIN" mix --resign "gg" "$VFEN")
err=$("$BIN" unmix "$M2" 2>&1 >/dev/null)
case "$err" in *resign*) pass ;; *) failed "unmix resign: $err" ;; esac

R=$("$BIN" encode --to covert "$VFEN")🏳️
expect_eq "decode resigned code" "$VFEN" "$("$BIN" decode "$R" 2>/dev/null)"

# --- errors: exit 1, one line, where ---------------------------------------------------
check_err() { # NAME PATTERN CMD...
  local name=$1 pat=$2; shift 2
  local e; e=$("$@" 2>&1 >/dev/null); local rc=$?
  expect_eq "$name (exit)" 1 "$rc"
  case "$e" in *$pat*) pass ;; *) failed "$name: stderr [$e] lacks [$pat]" ;; esac
  expect_eq "$name (one line)" 1 "$(printf '%s\n' "$e" | wc -l)"
}
check_err "covert unknown char" "emoji 4" "$BIN" decode "♟️👯‍♂️😤x"
check_err "covert too short" "after 3 emoji" "$BIN" decode "♟️👯‍♂️😤"
check_err "covert scheme" "scheme" "$BIN" decode "😀😀😀"
check_err "mscs bad char" "character 32" "$BIN" decode "PDoBH8gEdtAI3pAI1mARm0AjfIBHegE!"
check_err "mscs length" "33 characters" "$BIN" decode --format mscs "PDoBH8gEdtAI3pAI1mARm0AjfIBHegEfA"
check_err "mscs padding" "padding bit 191" "$BIN" decode "AAAAAAAAAkcACQAAAAAAAAAAAAAAAAAB"
check_err "fen bad" "column" "$BIN" decode "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"
check_err "covert counters" "half-move clock 101" "$BIN" encode --to covert "4k3/8/8/8/8/8/8/4K3 w - - 101 200"
check_err "second input bad" "input 2" "$BIN" decode "$SB64" "xyz"
check_err "stdin line number" "line 3" sh -c "printf '%s\n\n%s\n' '$SB64' 'nonsense' | '$BIN' decode -q"

# --- usage: exit 2 --------------------------------------------------------------------
expect_status "encode without --to" 2 "$BIN" encode "$START"
expect_status "encode unknown format" 2 "$BIN" encode --to nope "$START"
expect_status "encode --hex with covert" 2 "$BIN" encode --to covert --hex "$START"
expect_status "decode unknown format" 2 "$BIN" decode --format nope x
expect_status "decode unknown option" 2 "$BIN" decode --bogus
expect_status "move without moves" 2 "$BIN" move "$START"
expect_status "mix one argument" 2 "$BIN" mix "hello"
expect_status "unmix two arguments" 2 "$BIN" unmix a b
for c in encode decode move mix unmix; do
  expect_status "$c --help" 0 "$BIN" $c --help
  case "$("$BIN" $c --help)" in *usage:*) pass ;; *) failed "$c --help has no usage" ;; esac
done

# --- no half-written output ------------------------------------------------------------
"$BIN" decode --strict -o "$TMP/out.txt" "$SB64" "bad code" 2>/dev/null
expect_eq "--strict: no file after failure" "no" "$([ -e "$TMP/out.txt" ] && echo yes || echo no)"
expect_eq "no temp files" "0" "$(ls "$TMP" | wc -l)"
"$BIN" decode -o "$TMP/out.txt" "$SB64" "bad code" "$SHEX" 2>/dev/null
expect_eq "bad input skipped, its line empty" "$START

$START" "$(cat "$TMP/out.txt")"
rm -f "$TMP/out.txt"
"$BIN" decode -o "$TMP/out.txt" "$SB64" "$SHEX"
expect_eq "file written" "$START
$START" "$(cat "$TMP/out.txt")"

# --- convert --to urlsafe / --from urlsafe ---------------------------------------------
if "$BIN" convert --help 2>/dev/null | grep -q urlsafe; then
  out=$(printf 'e2e4 e7e5 g1f3 b8c6 f1b5\nc2c3\nc2c4\n' | "$BIN" convert --from uci --to urlsafe --quiet)
  expect_eq "convert --to urlsafe" "ckGV5qh
KS
a" "$out"
  out=$(printf 'ckGV5qh\n' | "$BIN" convert --from urlsafe --to uci --quiet)
  expect_eq "convert --from urlsafe" "e2e4 e7e5 g1f3 b8c6 f1b5" "$out"
  e=$(printf 'ckGV5qhX!\n' | "$BIN" convert --from urlsafe --to uci --quiet 2>&1 >/dev/null); rc=$?
  expect_eq "convert bad urlsafe exit" 1 "$rc"
  case "$e" in *"character 8"*) pass ;; *) failed "convert bad urlsafe message: $e" ;; esac
fi
finish
