#!/usr/bin/env bash
# chesscodec book and the engine's own book: the start position of Debian's gnuchess book
# lists e2e4 with its weight; errors exit 1 (bad FEN, missing or malformed book) and usage 2;
# with OwnBook on, the UCI engine answers `go` with a book move.
source "$CHC_SRC/tests/lib.sh"
BOOK=/usr/share/games/gnuchess/book.bin

expect_status "help" 0 "$BIN" book --help
expect_status "bad option" 2 "$BIN" book --nope
expect_status "bad FEN" 1 "$BIN" book --book "$BOOK" "not a fen"
expect_status "missing book" 1 "$BIN" book --book "$TMP/none.bin"
printf '0123456789abcdefX' > "$TMP/bad.bin"
expect_status "malformed book" 1 "$BIN" book --book "$TMP/bad.bin"
msg=$("$BIN" book --book "$TMP/bad.bin" 2>&1 >/dev/null)
case "$msg" in *"multiple of 16"*) pass;; *) failed "malformed message: $msg";; esac
: > "$TMP/empty.bin"
expect_eq "empty book lists nothing" "" "$("$BIN" book --book "$TMP/empty.bin")"

[ -f "$BOOK" ] || skip_or_fail "$BOOK (Debian gnuchess-book) not installed"
out=$("$BIN" book --book "$BOOK" startpos)
first=$(printf '%s\n' "$out" | head -1)
echo "start position: $(printf '%s' "$out" | tr '\n' ',')"
# e2e4 is listed with its weight (the gnuchess book's heaviest first move)
case "$first" in "e2e4 "[0-9]*%) pass;; *) failed "first book move: '$first'";; esac
w=$(printf '%s\n' "$out" | awk '$1=="e2e4"{print $2}')
[ -n "$w" ] && [ "$w" -gt 0 ] && pass || failed "e2e4 weight '$w'"
# weights are sorted, heaviest first
sorted=$(printf '%s\n' "$out" | awk '{print $2}' | sort -rn | tr '\n' ' ')
expect_eq "sorted by weight" "$sorted" "$(printf '%s\n' "$out" | awk '{print $2}' | tr '\n' ' ')"
# after 1.e4 the replies include c7c5 and e7e5
after=$("$BIN" book --book "$BOOK" "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" | awk '{print $1}' | tr '\n' ' ')
case " $after" in *" c7c5 "*) pass;; *) failed "replies to e4: $after";; esac
case " $after" in *" e7e5 "*) pass;; *) failed "replies to e4: $after";; esac
# a position that is not in the book prints nothing
expect_eq "not in book" "" "$("$BIN" book --book "$BOOK" "8/8/4k3/8/8/3K4/8/6R1 w - - 0 60")"

# the engine plays book moves while in book when OwnBook is on
res=$(printf 'uci\nsetoption name BookFile value %s\nsetoption name OwnBook value true\nposition startpos\ngo wtime 1000 btime 1000\nposition startpos moves e2e4\ngo wtime 1000 btime 1000\nquit\n' "$BOOK" | "$BIN" uci)
bm=$(printf '%s\n' "$res" | awk '$1=="bestmove"{print $2}' | tr '\n' ' ')
first_moves=$(printf '%s\n' "$out" | awk '{print $1}' | tr '\n' ' ')
m1=${bm%% *}; m2=$(echo "$bm" | awk '{print $2}')
case " $first_moves" in *" $m1 "*) pass;; *) failed "book move 1 '$m1' not in [$first_moves]";; esac
case " $after" in *" $m2 "*) pass;; *) failed "book move 2 '$m2' not in [$after]";; esac
expect_eq "book moves announced" 2 "$(printf '%s\n' "$res" | grep -c '^info string book move')"
finish
