#!/usr/bin/env bash
# chesscodec play --line: a game piped through it, the codes it prints compared with the
# other commands (encode, hash), illegal moves, undo/redo, mate, load and save, the engine.
source "$CHC_SRC/tests/lib.sh"
export LANG=C.UTF-8 LC_ALL=C.UTF-8

# value LABEL: the value of the last "LABEL   value" line of the output in $TMP/out
value() { awk -v l="$1" 'substr($0, 1, 15) == sprintf("%-14s ", l) { v = substr($0, 16) } END { print v }' "$TMP/out"; }

# 1. a short game
printf 'e4\ne5\nNf3\n' | "$BIN" play --line >"$TMP/out" 2>"$TMP/err"
expect_eq "exit after a good game" 0 $?
fen=$(value FEN)
expect_eq "FEN after 1.e4 e5 2.Nf3" "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" "$fen"
expect_eq "state" "Black to move" "$(value State)"
expect_eq "last move" "2. Nf3" "$(value Last)"
expect_eq "urlsafe game string (prefix of the format's own vector ckGV5qh)" "ckGV" "$(value urlsafe)"
# the board: the knight on f3 (marked as the last move), the pawns on e4 and e5
grep -q '^ 3  ·  ·  ·  ·  · \[♘\] ·  ·' "$TMP/out" && pass || failed "board row 3 with the knight on f3"
grep -q '^ 5  ·  ·  ·  ·  ♟  ·  ·  ·' "$TMP/out" && pass || failed "board row 5 with the pawn on e5"
# the codes equal what the other commands give for the same position
expect_eq "covert = encode --to covert" "$("$BIN" encode --to covert "$fen")" "$(value Covert)"
expect_eq "MSCS = encode --to mscs" "$("$BIN" encode --to mscs "$fen")" "$(value MSCS)"
expect_eq "MSCS hex = encode --to mscs-hex" "$("$BIN" encode --to mscs-hex "$fen")" "$(value 'MSCS hex')"
key=$("$BIN" hash "$fen" | grep -oE '[0-9a-fA-F]{16}' | head -1 | tr A-F a-f)
expect_eq "key = hash" "$key" "$(value Key)"
expect_eq "Polyglot key of the known vector" "0844931a6ef4b9a0" \
  "$(printf 'e4\ne5\n' | "$BIN" play --line | awk '/^Key /{v=$2} END{print v}')"
if "$BIN" encode --help 2>/dev/null | grep -q 'pack'; then
  expect_eq "pack = encode --to pack" "$("$BIN" encode --to pack "$fen")" "$(value 'Pack position')"
fi

# 2. an illegal move, a non-move, undo and redo
printf 'e4\nKe3\nxyz\nundo\nredo\n' | "$BIN" play --line >"$TMP/out" 2>&1
expect_eq "exit 1 when a line was refused" 1 $?
grep -q "^error: illegal move 'Ke3'" "$TMP/out" && pass || failed "illegal move message"
grep -q "^error: bad move 'xyz'" "$TMP/out" && pass || failed "not-a-move message"
grep -q '^> took back; White to move' "$TMP/out" && pass || failed "undo message"
expect_eq "redo brings e4 back" "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" "$(value FEN)"
printf 'e4\nundo\n' | "$BIN" play --line >"$TMP/out"
expect_eq "undo restores the start position" "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" "$(value FEN)"
printf 'undo\n' | "$BIN" play --line >"$TMP/out"
grep -q '^error: nothing to undo' "$TMP/out" && pass || failed "nothing to undo"

# a promotion without its piece, then with it; a null move is refused
printf 'e8\ne8=N\n' | "$BIN" play --line '8/4P3/8/8/8/8/k7/7K w - - 0 1' >"$TMP/out"
grep -q "^error: 'e8' promotes: add the piece (e8=Q" "$TMP/out" && pass || failed "promotion message"
expect_eq "under-promotion" "4N3/8/8/8/8/8/k7/7K b - - 0 1" "$(value FEN)"
printf -- '--\n' | "$BIN" play --line >"$TMP/out"
grep -q '^error: -- is a null move' "$TMP/out" && pass || failed "null move refused"
# a PGN game with a null move loads, and undo/redo walk through it
printf '[Event "x"]\n\n1. e4 -- 2. d4 *\n' >"$TMP/null.pgn"
printf 'undo\n' | "$BIN" play --line "$TMP/null.pgn" >"$TMP/out"
expect_eq "undo over a null move" "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2" "$(value FEN)"

# 3. mate, and moves after it are refused
printf 'f3\ne5\ng4\nQh4#\na3\n' | "$BIN" play --line >"$TMP/out"
grep -q '^State          Checkmate: Black wins (0-1)' "$TMP/out" && pass || failed "fool's mate detected"
grep -q '^error: the game is over' "$TMP/out" && pass || failed "move after mate refused"
# stalemate from a FEN
printf 'Qg6\n' | "$BIN" play --line '7k/8/8/5Q2/8/8/8/K7 w - - 0 1' >"$TMP/out"
grep -q '^State          Draw by stalemate' "$TMP/out" && pass || failed "stalemate detected"
# UCI and tolerant SAN input
printf 'e2e4\ne7e5\ng1f3\nb8c6\nf1b5\na6\nBxc6\ndxc6\n0-0\n' | "$BIN" play --line >"$TMP/out"
expect_eq "UCI, SAN and 0-0 input" "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 5" "$(value FEN)"
# an ambiguous move
printf 'Nd2\n' | "$BIN" play --line 'rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1' >"$TMP/out"
grep -q "^error: ambiguous move 'Nd2'" "$TMP/out" && pass || failed "ambiguous move message"

# 4. loading every format: the codes of a position load back to the same FEN
fen="r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
for fmt in covert mscs mscs-hex; do
  code=$("$BIN" encode --to $fmt "$fen")
  printf 'show\n' | "$BIN" play --line "$code" >"$TMP/out"
  want=$fen
  [ "$fmt" != covert ] && want="r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1"
  expect_eq "load $fmt" "$want" "$(value FEN)"
done
printf 'load ckGV5qh\n' | "$BIN" play --line >"$TMP/out"
expect_eq "load a urlsafe game" "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3" "$(value FEN)"
expect_eq "urlsafe written back" "ckGV5qh" "$(value urlsafe)"
pack=$(printf 'show\n' | "$BIN" play --line "$fen" | awk '/^Pack position /{v=$3} END{print v}')
if [ -n "$pack" ] && [ "${pack#(}" = "$pack" ]; then
  printf 'show\n' | "$BIN" play --line "$pack" >"$TMP/out"
  expect_eq "load a pack position code" "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1" "$(value FEN)"
fi
pg=$(printf 'e4\ne5\nNf3\n' | "$BIN" play --line --no-board | awk '/^Pack game /{v=$3} END{print v}')
printf 'show\n' | "$BIN" play --line "$pg" >"$TMP/out"
expect_eq "load a pack game code" "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" "$(value FEN)"
expect_eq "the pack game code's moves give the urlsafe string" "ckGV" "$(value urlsafe)"
expect_eq "and the same pack game code" "$pg" "$(value 'Pack game')"
# a PGN file, and saving one
cat >"$TMP/g.pgn" <<'EOF'
[Event "test"]
[White "A"]
[Black "B"]
[Result "*"]

1. d4 d5 2. c4 {the Queen's Gambit} e6 *
EOF
printf 'save %s\n' "$TMP/saved.pgn" | "$BIN" play --line "$TMP/g.pgn" >"$TMP/out"
expect_eq "load a PGN file" "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3" "$(value FEN)"
grep -q "1. d4 d5 2. c4 {the Queen's Gambit} 2... e6" "$TMP/saved.pgn" && pass || failed "saved PGN movetext, its comment kept"
grep -q '^\[White "A"\]' "$TMP/saved.pgn" && pass || failed "saved PGN keeps the players"
printf 'show\n' | "$BIN" play --line "$TMP/saved.pgn" >"$TMP/out"
expect_eq "the saved PGN loads back" "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3" "$(value FEN)"
printf 'load 1. e4 e5 2. Nf3\n' | "$BIN" play --line >"$TMP/out"
expect_eq "load move text" "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" "$(value FEN)"
printf 'load fen:8/8/8/8\n' | "$BIN" play --line >"$TMP/out"
grep -q '^error: FEN' "$TMP/out" && pass || failed "bad FEN refused with a message"
expect_status "a bad position argument" 1 "$BIN" play --line 'not a position at all'
expect_status "a bad option" 2 "$BIN" play --frobnicate
expect_status "--help" 0 "$BIN" play --help
# pgn command
printf 'e4\ne5\npgn\n' | "$BIN" play --line --no-board >"$TMP/out"
grep -q '^1. e4 e5 \*' "$TMP/out" && pass || failed "pgn command"
grep -q '^ 8 ' "$TMP/out" && failed "--no-board printed a board" || pass

# 5. the engine answers (a shallow search keeps this fast in every build)
printf 'e4\n' | "$BIN" play --line --engine black --depth 2 >"$TMP/out" 2>&1
grep -q '^> engine plays ' "$TMP/out" && pass || failed "the engine replied"
expect_eq "after the engine's move White is to move" "White to move" "$(value State)"

# strength levels: --level 0 searches one ply (its depth cap), "level N" changes it, bad values refused
printf 'e4\nlevel 3\nlevel 30\n' | "$BIN" play --line --no-board --engine black --level 0 --depth 8 >"$TMP/out" 2>&1
grep -q '^> engine plays .*(depth 1,' "$TMP/out" && pass || failed "level 0 plays at depth 1: $(grep engine "$TMP/out")"
grep -q '^> the engine plays at level 3$' "$TMP/out" && pass || failed "the level command"
grep -q 'level N (0 weakest .. 20 full strength)' "$TMP/out" && pass || failed "level 30 refused"
expect_status "--level 21" 2 "$BIN" play --line --level 21
expect_status "--elo 700" 2 "$BIN" play --line --elo 700
printf 'e4\n' | "$BIN" play --line --no-board --engine black --elo 800 --depth 8 >"$TMP/out" 2>&1
grep -q '^> engine plays .*(depth 1,' "$TMP/out" && pass || failed "--elo 800 is level 0"
finish
