#!/usr/bin/env bash
# The position index (index, explore) and many machines (issue 20, parts 2 and 3):
#  - explore's start position table of 1500 lichess games, every move's White / Draw / Black
#    counted another way (convert --to uci, first move and result, by awk);
#  - built in two runs = built at once; a second run of the same games adds nothing (all
#    duplicates); the rows compared with Debian's sqlite3, ordered;
#  - GNU parallel --will-cite --pipe: convert over 4 processes gives the bytes of one process; indexes built
#    on shards and merged (index --merge) equal the index built at once;
#  - ratings and top games (magnus games with WhiteElo/BlackElo), JSON, bad games counted,
#    errors (not an index, another --plies, a bad position, usage).
source "$CHC_SRC/tests/lib.sh"
require_feature sqlite
for t in sqlite3 parallel xz awk; do require_tool $t; done
xz -dc "$DATA/notation/lichess-20k.pgn.xz" | awk '/^\[Site /{ n++ } n > 1500 { exit } { print }' >"$TMP/g.pgn"

# rows of an index, in a fixed order (the file's pages may differ, the rows may not)
rows() { sqlite3 "$1" "SELECT hex(pos),mv,w,d,b,rsum,rn,best,best_r FROM moves ORDER BY pos,mv;
                       SELECT * FROM games ORDER BY id; SELECT * FROM meta ORDER BY key;"; }

"$BIN" index "$TMP/g.pgn" --db "$TMP/all.db" 2>"$TMP/err"
expect_eq "index (exit)" 0 $?
expect_eq "index summary" "chesscodec index: 1500 games: 1500 added, 0 bad, 0 skipped (no result), 0 duplicates" "$(cat "$TMP/err")"

# explore the start position; the same counts from the UCI lines by awk
"$BIN" explore --db "$TMP/all.db" >"$TMP/start.txt"
expect_eq "explore (exit)" 0 $?
"$BIN" convert --to uci -q "$TMP/g.pgn" | awk '{ r = $NF; n[$1]++; w[$1] += r == "1-0"; d[$1] += r == "1/2-1/2"; b[$1] += r == "0-1" }
  END { for (m in n) print m, n[m], w[m], d[m], b[m] }' | sort >"$TMP/want"
"$BIN" explore --db "$TMP/all.db" --json | python3 -c '
import json, sys
e = json.load(sys.stdin)
for m in e["moves"]: print(m["uci"], m["white"] + m["draws"] + m["black"], m["white"], m["draws"], m["black"])
' | sort >"$TMP/got"
expect_eq "explore --json: each first move's W/D/B as counted by awk" "$(cat "$TMP/want")" "$(cat "$TMP/got")"
total=$(awk '$1 == "Total" { print $2 }' "$TMP/start.txt")
expect_eq "explore: the total line" 1500 "$total"
e4=$(awk '$1 == "e4" { print $2; exit }' "$TMP/start.txt")
expect_eq "explore: e4's games as awk counted them" "$(awk '$1 == "e2e4" { print $2 }' "$TMP/want")" "$e4"
head -1 "$TMP/start.txt" | grep -q '^Move .*Games .*White / Draw / Black .*Avg' && pass || failed "explore: header [$(head -1 "$TMP/start.txt")]"
# after 1. e4 e5: the games that began so
n=$("$BIN" convert --to uci -q "$TMP/g.pgn" | awk '$1 == "e2e4" && $2 == "e7e5" && NF > 3' | wc -l)
"$BIN" explore --db "$TMP/all.db" "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2" >"$TMP/e4e5.txt"
expect_eq "explore after 1. e4 e5: games" "$n" "$(awk '$1 == "Total" { print $2 }' "$TMP/e4e5.txt")"
# a transposition meets: 1. Nf3 d5 2. d4 and 1. d4 d5 2. Nf3 are one position (pack code key)
pos=$("$BIN" move "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" d4 d5 Nf3)
if [ -n "$pos" ]; then
  n=$("$BIN" convert --to uci -q "$TMP/g.pgn" | awk 'NF > 4 && (($1 == "d2d4" && $2 == "d7d5" && $3 == "g1f3") || ($1 == "g1f3" && $2 == "d7d5" && $3 == "d2d4"))' | wc -l)
  expect_eq "explore: transpositions counted together" "$n" "$("$BIN" explore --db "$TMP/all.db" "$pos" | awk '$1 == "Total" { print $2 }')"
fi

# incremental: two runs give the rows of one; the same games again are duplicates
awk '/^\[Site /{ n++ } n <= 800' "$TMP/g.pgn" >"$TMP/a.pgn"
awk '/^\[Site /{ n++ } n > 800' "$TMP/g.pgn" >"$TMP/b.pgn"
"$BIN" index -q "$TMP/a.pgn" --db "$TMP/inc.db" && "$BIN" index -q "$TMP/b.pgn" --db "$TMP/inc.db"
expect_eq "index in two runs (exit)" 0 $?
[ "$(rows "$TMP/inc.db")" = "$(rows "$TMP/all.db")" ] && pass || failed "index in two runs: other rows than at once"
"$BIN" index "$TMP/a.pgn" --db "$TMP/inc.db" 2>"$TMP/err"
expect_eq "the same games again" "chesscodec index: 800 games: 0 added, 0 bad, 0 skipped (no result), 800 duplicates" "$(cat "$TMP/err")"

# many machines, here processes: GNU parallel --will-cite --pipe cuts the input on game starts
parallel --will-cite --pipe --recstart '[Site ' --block 100k -k -j 4 "$BIN" convert --to uci -q <"$TMP/g.pgn" >"$TMP/par.uci"
"$BIN" convert --to uci -q "$TMP/g.pgn" >"$TMP/one.uci"
[ "$(parallel --will-cite --pipe --recstart '[Site ' --block 100k -k -j 4 wc -l <"$TMP/g.pgn" | wc -l)" -ge 4 ] && pass || failed "parallel: fewer than 4 blocks"
cmp -s "$TMP/one.uci" "$TMP/par.uci" && pass || failed "convert over parallel --will-cite --pipe: other bytes than one process"
mkdir "$TMP/shards"
parallel --will-cite --pipe --recstart '[Site ' --block 100k -j 4 "$BIN" index -q - --db "$TMP/shards/{#}.db" <"$TMP/g.pgn"
expect_eq "index shards (exit)" 0 $?
[ "$(ls "$TMP/shards" | wc -l)" -ge 4 ] && pass || failed "index: fewer than 4 shards"
"$BIN" index --merge "$TMP"/shards/*.db --db "$TMP/merged.db" 2>"$TMP/err"
expect_eq "index --merge (exit)" 0 $?
expect_eq "index --merge summary" "chesscodec index: merged 1500 games: 1500 added, 0 bad, 0 skipped (no result), 0 duplicates" "$(cat "$TMP/err")"
[ "$(rows "$TMP/merged.db")" = "$(rows "$TMP/all.db")" ] && pass || failed "shards merged: other rows than the index built at once"
"$BIN" explore --db "$TMP/merged.db" | cmp -s "$TMP/start.txt" - && pass || failed "explore of the merged index differs"

# ratings and top games (magnus: WhiteElo and BlackElo), compressed input read by content
xz -dc "$DATA/notation/lichess-raw-magnus-2500.pgn.xz" | awk '/^\[Event /{ n++ } n > 300 { exit } { print }' | xz -c >"$TMP/m.pgn.xz"
"$BIN" index -q "$TMP/m.pgn.xz" --db "$TMP/m.db" --plies 10
expect_eq "index --plies 10 of a .xz file (exit)" 0 $?
avg=$(xz -dc "$TMP/m.pgn.xz" | awk -F'"' '/^\[WhiteElo /{ s += $2 } /^\[BlackElo /{ s += $2; n++ } END { printf "%d", (s + n) / (2 * n) }')
expect_eq "explore: the average rating of all moves" "$avg" "$("$BIN" explore --db "$TMP/m.db" --json | python3 -c '
import json, sys
e = json.load(sys.stdin)
n = sum(m["white"] + m["draws"] + m["black"] for m in e["moves"])
s = sum(m["averageRating"] * (m["white"] + m["draws"] + m["black"]) for m in e["moves"])
print(round(s / n))')"
best=$(xz -dc "$TMP/m.pgn.xz" | awk -F'"' '/^\[Site /{ site = $2 } /^\[WhiteElo /{ w = $2 } /^\[BlackElo /{ if (w + $2 > best) { best = w + $2; s = site } } END { print s }')
"$BIN" explore --db "$TMP/m.db" | grep -A1 '^Top games:' | tail -1 | grep -qF "$best" && pass || failed "explore: the best-rated game first ($best)"
expect_status "merge: another --plies refused" 1 "$BIN" index --merge "$TMP/m.db" --db "$TMP/all.db"
expect_status "index: another --plies on an existing index refused" 1 "$BIN" index --plies 10 "$TMP/a.pgn" --db "$TMP/all.db"

# bad games: reported, skipped, counted; a game without a result skipped
printf '[Site "x"]\n[Result "1-0"]\n\n1. e4 e5 2. Ke3 1-0\n\n[Site "y"]\n[Result "*"]\n\n1. e4 *\n\n[Site "z"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n' >"$TMP/bad.pgn"
"$BIN" index "$TMP/bad.pgn" --db "$TMP/bad.db" 2>"$TMP/err"
expect_eq "index with a bad game (exit)" 0 $?
grep -q "Ke3" "$TMP/err" && pass || failed "bad game: not reported [$(cat "$TMP/err")]"
expect_eq "bad games counted" "chesscodec index: 3 games: 1 added, 1 bad, 1 skipped (no result), 0 duplicates" "$(tail -1 "$TMP/err")"

# names that are not UTF-8 or hold quotes: the JSON stays valid
printf '[White "caf\xe9 \xc3\xa9"]\n[Black "q\\"x"]\n[Result "1-0"]\n[WhiteElo "2000"]\n[BlackElo "2000"]\n\n1. e4 1-0\n' >"$TMP/u.pgn"
"$BIN" index -q "$TMP/u.pgn" --db "$TMP/u.db"
expect_eq "explore --json: names made valid JSON" "caf? é|q\"x" "$("$BIN" explore --db "$TMP/u.db" --json | python3 -c 'import json,sys; g = json.load(sys.stdin)["topGames"][0]; print(g["white"] + "|" + g["black"])')"

# errors
printf 'not a database at all, not at all, really not\n' >"$TMP/junk.db"
expect_status "explore: a file that is not an index" 1 "$BIN" explore --db "$TMP/junk.db"
"$BIN" explore --db "$TMP/junk.db" 2>&1 | grep -q "not a chesscodec position index" && pass || failed "junk index: message"
sqlite3 "$TMP/other.db" "CREATE TABLE t(x); INSERT INTO t VALUES(1);"
expect_status "index: another SQLite database refused" 1 "$BIN" index "$TMP/a.pgn" --db "$TMP/other.db"
expect_eq "another SQLite database left as it was" 1 "$(sqlite3 "$TMP/other.db" 'SELECT count(*) FROM sqlite_master')"
expect_status "explore: a missing index" 1 "$BIN" explore --db "$TMP/none.db"
[ ! -e "$TMP/none.db" ] && pass || failed "explore created a missing index"
expect_status "explore: a bad position" 1 "$BIN" explore --db "$TMP/all.db" "not a position"
expect_status "explore without --db" 2 "$BIN" explore
expect_status "index without --db" 2 "$BIN" index "$TMP/a.pgn"
expect_status "index --plies 0" 2 "$BIN" index --plies 0 "$TMP/a.pgn" --db "$TMP/x.db"
expect_status "index: a missing input" 1 "$BIN" index "$TMP/missing.pgn" --db "$TMP/x.db"
[ ! -e "$TMP/x.db" ] && pass || failed "index: a failed run left a new index file"
printf '[Result "1-0"]\n\n1. e4 1-0\n' | xz -c | head -c 40 >"$TMP/cut.pgn.xz"
expect_status "index: a cut .xz file" 1 "$BIN" index "$TMP/a.pgn" "$TMP/cut.pgn.xz" --db "$TMP/y.db"
expect_eq "index: the files before the cut one are kept" "800" "$(sqlite3 "$TMP/y.db" "SELECT value FROM meta WHERE key='games'")"
expect_status "index --merge: not an index" 1 "$BIN" index --merge "$TMP/junk.db" --db "$TMP/x.db"
expect_eq "a position no game reached: an empty table" 0 "$("$BIN" explore --db "$TMP/all.db" "8/8/8/4k3/8/8/8/4K3 w - - 0 1" --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["moves"]))')"
# serve --db: POST /api/explore gives explore --json's object; /api/info says explore is on
case " ${CHC_FEATURES-} " in *" serve "*)
  source "$CHC_SRC/tests/e2e/server.sh"
  if command -v curl >/dev/null && start_server --db "$TMP/all.db"; then
    start=$(curl -s -X POST -d '{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}' "$SERVER_URL/api/explore")
    expect_eq "/api/explore: explore --json's object" "$("$BIN" explore --db "$TMP/all.db" --json)" "$start"
    curl -s "$SERVER_URL/api/info" | grep -q '"explore":true' && pass || failed "/api/info: explore not announced"
    code=$(curl -s -o /dev/null -w '%{http_code}' -X POST -d '{"fen":"x"}' "$SERVER_URL/api/explore")
    expect_eq "/api/explore: a bad FEN" 422 "$code"
    stop_server
  fi
  expect_status "serve --db: not an index" 1 "$BIN" serve --port 0 --db "$TMP/junk.db" ;;
esac
# explore takes a game too: the position it reaches (a transposition meets the same row)
"$BIN" explore --db "$TMP/all.db" "e4 c5" >"$TMP/g1.txt"
expect_eq "explore a game (exit)" 0 $?
"$BIN" explore --db "$TMP/all.db" "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2" >"$TMP/g2.txt"
expect_eq "explore: the game's position is the FEN's" "$(cat "$TMP/g2.txt")" "$(cat "$TMP/g1.txt")"
"$BIN" explore --db "$TMP/all.db" "e4 c5 zz9" 2>"$TMP/g3.err"
expect_eq "explore a bad game (exit)" 1 $?
grep -q "zz9" "$TMP/g3.err"
expect_eq "explore a bad game: the move named" 0 $?
finish
