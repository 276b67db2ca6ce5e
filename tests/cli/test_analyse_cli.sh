#!/usr/bin/env bash
# chesscodec analyse (a position's lines, every move of a game) and convert --annotate, at a
# fixed depth: the output is deterministic (checked by running twice), mate scores are
# exact, and the Opera game's known turns are seen. Engine changes move the evaluations, so
# the checks are on the structure, the mates and the big swings, not on every number.
source "$CHC_SRC/tests/lib.sh"
OPERA="1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0"

# ---- positions
out=$("$BIN" analyse --depth 6 '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1')
case "$out" in "depth 6  score #1  pv 1. Ra8#") pass;; *) failed "mate in 1: $out";; esac
out=$("$BIN" analyse --depth 8 'k7/8/2K5/8/8/8/8/1R6 w - - 0 1')
expect_eq "mate in 2" "depth 8  score #2  pv 1. Kc7 Ka7 2. Ra1#" "$out"
# Black mates in 2 (White's side: #-2)
out=$("$BIN" analyse --depth 8 'K7/8/2k5/8/8/8/8/1r6 b - - 0 1')
expect_eq "black mates in 2" "depth 8  score #-2  pv 1... Kc7 2. Ka7 Ra1#" "$out"
# Black to move is mated next move whatever it does (White's side: #1)
out=$("$BIN" analyse --depth 8 'k7/2K5/8/8/8/8/8/1R6 b - - 0 1')
expect_eq "mated after the only move" "depth 8  score #1  pv 1... Ka7 2. Ra1#" "$out"
out=$("$BIN" analyse --depth 6 --multipv 3 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4')
expect_eq "multipv 3 lines" 3 "$(printf '%s\n' "$out" | grep -c '^[123]) depth 6  score ')"
expect_eq "multipv best" "1) depth 6  score #1  pv 4. Qxf7#" "$(printf '%s\n' "$out" | head -1)"
out=$("$BIN" analyse --nodes 20000 startpos)
case "$out" in "depth "*"  score "*"  pv 1. "*) pass;; *) failed "startpos by nodes: $out";; esac
out=$("$BIN" analyse --movetime 200 '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1')
expect_eq "stalemate" "no legal move: stalemate" "$out"
out=$("$BIN" analyse '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' < /dev/null)
case "$out" in "depth 12  score #1"*) pass;; *) failed "default depth 12: $out";; esac

# ---- a game: the Opera game, one line a ply, deterministic at a fixed depth
a1=$("$BIN" analyse --depth 8 "$OPERA")
a2=$(printf '%s\n' "$OPERA" | "$BIN" analyse --depth 8 -)
expect_eq "game analysis is deterministic (argument and stdin)" "$a1" "$a2"
expect_eq "a header and 33 plies" 34 "$(printf '%s\n' "$a1" | wc -l)"
printf '%s\n' "$a1" | head -2
line() { printf '%s\n' "$a1" | awk -v m="$1 " 'index($0, m) == 1' | head -1; }
case "$(line '16. Qb8+')" in "16. Qb8+"*" #1 "*) pass;; *) failed "16. Qb8+ mates in 1: $(line '16. Qb8+')";; esac
case "$(line '16... Nxb8')" in "16... Nxb8"*" #1 "*) pass;; *) failed "16... Nxb8: $(line '16... Nxb8')";; esac
case "$(line '17. Rd8#')" in "17. Rd8#"*" mate "*) pass;; *) failed "17. Rd8#: $(line '17. Rd8#')";; esac
# 13. Rxd7 wins: White is clearly better after it
e=$(line '13. Rxd7' | awk '{print $3}')
case "$e" in +[3-9].*|+[1-9][0-9].*) pass;; *) failed "13. Rxd7 eval: $e";; esac
# every ply has a best move and a line in SAN
expect_eq "plies with depth 8" 33 "$(printf '%s\n' "$a1" | awk 'NR>1 && $(NF-0)!="" {print}' | grep -cE ' 8 +[0-9]+\.')"

# ---- usage and bad input
expect_status "analyse help" 0 "$BIN" analyse --help
expect_status "depth 0" 2 "$BIN" analyse --depth 0 startpos
expect_status "multipv 65" 2 "$BIN" analyse --multipv 65 startpos
expect_status "two inputs" 2 "$BIN" analyse startpos startpos
expect_status "bad input" 1 "$BIN" analyse "1. e4 e4"

# ---- convert --annotate: [%eval] after every move but the mate, NAGs, no file on failure
pgn=$(printf '%s\n' "$OPERA" | "$BIN" convert --annotate --depth 8 -q)
expect_eq "eval comments" 32 "$(printf '%s\n' "$pgn" | tr ' ' '\n' | grep -c '^{\[%eval$')"
printf '%s\n' "$pgn" | tr '\n' ' ' | grep -q '16\. Qb8+ {\[%eval #1\]}' && pass || failed "annotated mate: $pgn"
printf '%s\n' "$pgn" | tr '\n' ' ' | grep -q '17\. Rd8# 1-0' && pass || failed "the mate and the result: $pgn"
pgn2=$(printf '%s\n' "$OPERA" | "$BIN" convert --annotate --depth 8 -q)
expect_eq "annotation is deterministic" "$pgn" "$pgn2"
# a blunder gets ??: 3... Nf6 allows Qxf7#
blunder=$(printf '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n' | "$BIN" convert --annotate --depth 6 -q)
printf '%s\n' "$blunder" | tr '\n' ' ' | grep -q '3\.\.\. Nf6 \$4 {\[%eval #1\]}' && pass || failed "blunder: $blunder"
# the annotated PGN reads back
printf '%s\n' "$pgn" | "$BIN" convert --to uci -q > /dev/null && pass || failed "annotated PGN does not read back"
printf '[Event "a"]\n\n1. e4 e5 *\n\n[Event "b"]\n\n1. e4 e4 *\n' > "$TMP/two.pgn"
expect_status "a bad game: exit 1" 1 "$BIN" convert --annotate --depth 2 -q -o "$TMP/o.pgn" "$TMP/two.pgn"
[ "$(grep -c '^\[Event' "$TMP/o.pgn")" = 1 ] && pass || failed "the good game written"
expect_status "--strict" 1 "$BIN" convert --annotate --depth 2 --strict -o "$TMP/s.pgn" "$TMP/two.pgn"
[ ! -e "$TMP/s.pgn" ] && pass || failed "--strict left a file"
expect_status "--depth without --annotate" 2 "$BIN" convert --depth 3 "$TMP/two.pgn"
expect_status "--annotate to san" 2 "$BIN" convert --annotate --to san "$TMP/two.pgn"
finish
