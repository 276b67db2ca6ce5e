#!/bin/bash
# Covert chess in a chat (issue 14): every command taking a code finds it in chat text, the
# white flag is read, kept and reported, move refuses a finished game and says when a move
# ends one, move --mix plays a turn in one command, link and emoji.
source "$CHC_SRC/tests/lib.sh"

START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
E4="rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
C=$("$BIN" encode --to covert startpos)
FLAG="🏳️"

# --- codes in chat text: decode, unmix, move, mix, link take them all --------------------
MIXED=$("$BIN" mix "see you at eight" startpos)
for msg in "$C" "$MIXED" "🎲 let's play: $C" "♟️ $C" "🃏$C" "your move $C 👍" "😀 hi $C" \
           "🎲 $MIXED 👍" "$(printf '%s' "$C" | sed 's/\xef\xb8\x8f//g')" "> $C
ok"; do
    expect_eq "decode [$msg]" "$START" "$("$BIN" decode "$msg" 2>&1)"
    expect_eq "unmix [$msg]" "$START" "$("$BIN" unmix "$msg" 2>&1)"
    expect_eq "move [$msg]" "$E4" "$("$BIN" decode "$("$BIN" move "$msg" e4)")"
    expect_eq "mix [$msg]" "$MIXED" "$("$BIN" mix "see you at eight" "$msg")"
done
# a multi-line message on standard input
expect_eq "unmix stdin" "$START" "$(printf 'hi\n%s\nbye 👍\n' "$MIXED" | "$BIN" unmix)"
# the corpus through decode: every message as its FEN
bad=0; n=0
while IFS=$'\t' read -r shape fen flags msg; do
    case "$shape" in \#*|"") continue;; esac
    n=$((n+1))
    got=$("$BIN" decode "$(printf '%b' "$msg")" 2>/dev/null | head -1)
    [ "$got" = "$fen" ] || { bad=$((bad+1)); echo "corpus: $shape: got [$got]" >&2; }
done < "$SRC/tests/data/codecs/covert-chat.tsv"
expect_eq "corpus through decode ($n messages)" 0 "$bad"

# --- errors name the emoji ---------------------------------------------------------------
err=$("$BIN" decode "🎲 let's play" 2>&1)
expect_status "decode no code" 1 "$BIN" decode "🎲 let's play"
case "$err" in *"ends after 1 emoji"*) pass;; *) failed "decode no code: [$err]";; esac
err=$("$BIN" unmix "ok 👍" 2>&1)
case "$err" in *"👍 at byte 3"*) pass;; *) failed "unmix no scheme: [$err]";; esac

# --- mix refuses a message holding an emoji -------------------------------------------------
err=$("$BIN" mix "hello 😀 world" startpos 2>&1)
expect_status "mix with an emoji" 1 "$BIN" mix "hello 😀 world" startpos
case "$err" in *"word 2"*"😀"*) pass;; *) failed "mix with an emoji: [$err]";; esac
expect_eq "mix with an emoji writes nothing" "" "$("$BIN" mix "hello 😀 world" startpos 2>/dev/null)"

# --- the white flag -------------------------------------------------------------------------
expect_eq "encode --resign" "$C$FLAG" "$("$BIN" encode --to covert --resign startpos)"
expect_status "encode --resign needs covert" 2 "$BIN" encode --to fen --resign startpos
expect_eq "encode keeps the flag" "$C$FLAG" "$("$BIN" encode --to covert "$C $FLAG" 2>/dev/null)"
err=$("$BIN" decode "$C$FLAG" 2>&1 >/dev/null)
case "$err" in *"white flag"*) pass;; *) failed "decode reports the flag: [$err]";; esac
RMIX=$("$BIN" mix --resign "gg" startpos)
expect_eq "unmix --to covert keeps the flag" "$C$FLAG" "$("$BIN" unmix --to covert "$RMIX" 2>/dev/null)"
expect_eq "mix of a mixed message keeps the flag" "$RMIX" "$("$BIN" mix gg "$RMIX")"
err=$("$BIN" move "$RMIX" e4 2>&1)
expect_status "move after the flag" 1 "$BIN" move "$RMIX" e4
case "$err" in *"game is over"*"white flag"*) pass;; *) failed "move after the flag: [$err]";; esac

# --- game end -------------------------------------------------------------------------------
F=$("$BIN" move "$C" f3 e5 g4)
out=$("$BIN" move "$F" 'Qh4#' 2>&1)
case "$out" in *"game over: checkmate, Black wins (0-1)"*) pass;; *) failed "mate says so: [$out]";; esac
M=$("$BIN" move "$F" 'Qh4#' 2>/dev/null)
err=$("$BIN" move "$M" a3 2>&1)
case "$err" in *"move 1 'a3': the game is over: checkmate"*) pass;; *) failed "after mate: [$err]";; esac
err=$("$BIN" move "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1" Kg8 2>&1)
case "$err" in *"stalemate"*) pass;; *) failed "stalemate: [$err]";; esac
err=$("$BIN" move "8/8/4k3/8/8/3K4/8/8 w - - 0 40" Kd4 2>&1)
case "$err" in *"insufficient material"*) pass;; *) failed "insufficient: [$err]";; esac
expect_status "move on a drawn game" 1 "$BIN" move "8/8/4k3/8/8/3K4/8/8 w - - 0 40" Kd4

# --- move --mix: one turn ---------------------------------------------------------------------
R=$("$BIN" move --mix "your turn" "🎲 $MIXED 👍" e4)
expect_eq "move --mix reads back" "$E4" "$("$BIN" decode "$R")"
case "$R" in *your*turn*) pass;; *) failed "move --mix keeps the reply: [$R]";; esac
expect_eq "move --mix = mix of move" "$("$BIN" mix "your turn" "$("$BIN" move "$C" e4)")" "$R"
expect_status "move --mix reply with emoji" 1 "$BIN" move --mix "ok 👍" "$C" e4

# --- link -----------------------------------------------------------------------------------
expect_eq "link" "analysis  https://lichess.org/analysis/rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR_b_KQkq_e3_0_1?color=black
editor    https://lichess.org/editor/rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR_b_KQkq_e3_0_1?color=black
page      https://chess.example/#fen=rnbqkbnr%2Fpppppppp%2F8%2F8%2F4P3%2F8%2FPPPP1PPP%2FRNBQKBNR%20b%20KQkq%20e3%200%201" \
    "$("$BIN" link --base https://chess.example/ "$R")"
expect_eq "link startpos page" "page      http://127.0.0.1:8080/#fen=rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR%20w%20KQkq%20-%200%201" \
    "$("$BIN" link startpos | tail -1)"
expect_status "link bad code" 1 "$BIN" link "no code here"
expect_status "link no code" 2 "$BIN" link
expect_status "link two codes" 2 "$BIN" link startpos startpos

# --- emoji ----------------------------------------------------------------------------------
out=$("$BIN" emoji ♟)
expect_eq "emoji head" "emoji     ♟️
index     2451
name      chess pawn
group     Activities
subgroup  game
escape    \\u265f\\ufe0f
codes     U+265F U+FE0F
place 1   names the scheme; a8: black rook" "$(printf '%s\n' "$out" | head -8)"
expect_eq "emoji places" 26 "$(printf '%s\n' "$out" | grep -c '^place ')"
expect_eq "emoji by index" "$out" "$("$BIN" emoji 2451)"
expect_eq "emoji flag" "place 26  the white flag: a resignation" "$("$BIN" emoji "$FLAG" | tail -1)"
expect_eq "emoji skin tone" "name      thumbs up: medium skin tone" "$("$BIN" emoji 👍🏽 | sed -n 3p)"
expect_status "emoji not in the list" 1 "$BIN" emoji x
expect_status "emoji two emoji" 1 "$BIN" emoji 👍👍
expect_status "emoji none" 2 "$BIN" emoji
expect_status "emoji --help" 0 "$BIN" emoji --help
finish
