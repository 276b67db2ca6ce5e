#!/usr/bin/env bash
# chesscodec convert: formats, auto-detection, errors, -o atomicity, threads keep order.
source "$CHC_SRC/tests/lib.sh"
N=$DATA/notation

# --- PGN to each format ---------------------------------------------------------------
cat > "$TMP/two.pgn" <<'PGN'
[Event "one"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "two"]
[Result "*"]

1. d4 {comment} d5 (1... Nf6 2. c4) 2. c4 $1 *
PGN
# one-line outputs carry the result (and a non-standard start)
expect_eq "uci" "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7 1-0
d2d4 d7d5 c2c4" "$($BIN convert --to uci -q "$TMP/two.pgn")"
expect_eq "san" "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7# 1-0
d4 d5 c4" "$($BIN convert --to san -q "$TMP/two.pgn")"
printf '[FEN "8/4P3/8/8/8/8/k7/7K w - - 0 1"]\n\n1. e8=Q Ka1 *\n' > "$TMP/fen.pgn"
expect_eq "san keeps a non-standard start" "fen 8/4P3/8/8/8/8/k7/7K w - - 0 1 moves e8=Q Ka1" \
  "$($BIN convert --to san -q "$TMP/fen.pgn")"
expect_eq "san line round trip" "$(cat "$TMP/fen.pgn" | $BIN convert --to pgn -q | grep '^1\.')" \
  "$($BIN convert --to san -q "$TMP/fen.pgn" | $BIN convert --to pgn -q | grep '^1\.')"
# position formats write the final position of each game
for f in covert mscs pack-position; do
  expect_eq "--to $f: the final position" "$($BIN convert --to fen -q "$TMP/two.pgn" | $BIN encode --to $f -q)" \
    "$($BIN convert --to $f -q "$TMP/two.pgn")"
done
expect_eq "fen" "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4
rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq c3 0 2" "$($BIN convert --to fen -q "$TMP/two.pgn")"
expect_eq "fens count" "12" "$($BIN convert --to fens -q "$TMP/two.pgn" | grep -c /)"
expect_eq "fens first" "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" "$($BIN convert --to fens -q "$TMP/two.pgn" | head -1)"
$BIN convert --to pgn -q "$TMP/two.pgn" > "$TMP/out.pgn"
expect_eq "pgn keeps variation" "1" "$(grep -c '(1... Nf6 2. c4)' "$TMP/out.pgn")"
expect_eq "pgn keeps comment and NAG" "1" "$(grep -c '{comment}.*c4 \$1' "$TMP/out.pgn")"
expect_eq "pgn roster" "[Event \"one\"]" "$(head -1 "$TMP/out.pgn")"
expect_eq "pgn round trip" "$(cat "$TMP/out.pgn")" "$($BIN convert --to pgn -q "$TMP/out.pgn")"
expect_eq "pgn --mainline" "0" "$($BIN convert --to pgn --mainline -q "$TMP/two.pgn" | grep -c 'Nf6 2. c4')"
expect_eq "pgn --no-comments" "0" "$($BIN convert --to pgn --no-comments -q "$TMP/two.pgn" | grep -c 'comment')"

# --- one game per line in, auto-detected ----------------------------------------------
printf 'e2e4 e7e5 g1f3\ne4 e5 Nf3 Nc6\n1. d4 d5 2. c4 *\n' > "$TMP/lines.txt"
expect_eq "lines to uci" "e2e4 e7e5 g1f3
e2e4 e7e5 g1f3 b8c6
d2d4 d7d5 c2c4" "$($BIN convert --to uci -q "$TMP/lines.txt")"
expect_eq "lines from stdin" "e4 e5 Nf3" "$(echo 'e2e4 e7e5 g1f3' | $BIN convert --to san -q -)"
expect_eq "--from uci" "e4" "$(echo 'e2e4' | $BIN convert --from uci --to san -q)"
expect_eq "lines to pgn" "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0" \
  "$(echo 'e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#' | $BIN convert --to pgn -q | grep '^1\.')"

# --- errors: reported with game and line, skipped, counted ------------------------------
cat > "$TMP/bad.pgn" <<'PGN'
[Event "good"]

1. e4 *

[Event "bad"]

1. e4 e5 2. Ke3 *

[Event "good too"]

1. d4 *
PGN
$BIN convert --to uci "$TMP/bad.pgn" > "$TMP/o.txt" 2> "$TMP/e.txt"
expect_eq "bad game exit" "1" "$?"
expect_eq "good games kept, the bad one's line empty" "e2e4

d2d4" "$(cat "$TMP/o.txt")"
expect_eq "error names game, line, column, token" "1" \
  "$(grep -c "game 2, line 7, column 13: 'Ke3': illegal move" "$TMP/e.txt")"
expect_eq "summary" "1" "$(grep -c '3 games: 2 converted, 1 bad' "$TMP/e.txt")"
expect_eq "threads: same errors" "$(cat "$TMP/e.txt")" \
  "$($BIN convert --to uci --threads 2 "$TMP/bad.pgn" 2>&1 >/dev/null)"
echo 'e4 e5 Ke3' > "$TMP/badline.txt"
$BIN convert --to uci "$TMP/badline.txt" > /dev/null 2> "$TMP/e2.txt"
expect_eq "line error" "1" "$(grep -c "line 1 (san): SAN line, column 7: 'Ke3'" "$TMP/e2.txt")"

# --- -o: whole or nothing -----------------------------------------------------------------
$BIN convert --to uci -q -o "$TMP/good.uci" "$TMP/two.pgn"
expect_eq "-o written" "2" "$(wc -l < "$TMP/good.uci")"
$BIN convert --to uci -q -o "$TMP/none.uci" "$TMP/does-not-exist.pgn" 2>/dev/null
expect_eq "missing input exit" "1" "$?"
expect_eq "no output file on failure" "no" "$([ -e "$TMP/none.uci" ] && echo yes || echo no)"
expect_eq "no temp files left" "0" "$(ls "$TMP" | grep -c tmp)"

# --- usage ----------------------------------------------------------------------------------
expect_status "--help" 0 $BIN convert --help
expect_status "bad --to" 2 $BIN convert --to nope "$TMP/two.pgn"
expect_status "bad --from" 2 $BIN convert --from nope "$TMP/two.pgn"
expect_status "bad --threads" 2 $BIN convert --threads 0 "$TMP/two.pgn"
expect_status "unknown option" 2 $BIN convert --frobnicate
expect_eq "help lists formats" "yes" "$($BIN convert --help | grep -q "san, uci, urlsafe, pack-game" && echo yes)"
# urlsafe and pack game lines are detected
printf 'e2e4 e7e5 g1f3\n' | $BIN convert --to urlsafe -q > "$TMP/u.txt"
printf 'e2e4 e7e5 g1f3\n' | $BIN convert --to pack -q > "$TMP/p.txt"
expect_eq "urlsafe lines read" "e2e4 e7e5 g1f3" "$($BIN convert --to uci -q "$TMP/u.txt")"
expect_eq "pack game lines read" "e2e4 e7e5 g1f3" "$($BIN convert --to uci -q "$TMP/p.txt")"

# --- real files: threads keep input order; variants refused -----------------------------
xz -dc "$N/lichess-raw-magnus-2500.pgn.xz" > "$TMP/raw.pgn"
$BIN convert --to uci --threads 1 -q "$TMP/raw.pgn" > "$TMP/t1.uci"
$BIN convert --to uci --threads 3 -q "$TMP/raw.pgn" > "$TMP/t3.uci"
expect_eq "threads same output" "$(md5sum < "$TMP/t1.uci")" "$(md5sum < "$TMP/t3.uci")"
expect_eq "raw lichess games" "2500" "$(wc -l < "$TMP/t1.uci")"
$BIN convert --to san -q --threads 2 "$TMP/raw.pgn" > "$TMP/t.san"
expect_eq "san -> uci via lines" "$(cat "$TMP/t1.uci" | head -300)" \
  "$(head -300 "$TMP/t.san" | $BIN convert --to uci -q --threads 2)"
$BIN convert --to uci "$N/fixtures/antichess-programfox.pgn" > /dev/null 2> "$TMP/v.txt"
expect_eq "variant refused" "2" "$(grep -c 'unsupported variant' "$TMP/v.txt")"
expect_eq "chess960 castling uci" "1" \
  "$($BIN convert --to uci -q "$N/fixtures/cutechess-fischerrandom.pgn" | head -1 | grep -c 'e8g8\|e1g1\|e8d8\|e1d1\|f1g1\|f8g8\|e1h1\|e8h8' )"
finish
