#!/usr/bin/env bash
# The position index (chesscodec index / explore): build speed in games/s beside its anchor,
# `chesscodec convert --to uci --threads 1` over the same games (reading and replaying them:
# what indexing cannot avoid); database bytes per game; query latency p50/p99
# (bench_index: chc_index_explore on positions of the games' first 30 plies); the same index
# built on 2 shards with GNU parallel and merged (time, and equal rows when sqlite3 is
# installed); the start position's table. Input: the 65,204 lichess games of
# data/games/lichess-65k.pack (a pack stream, read back as PGN by `chesscodec convert`), or
# the games given (PGN, .xz allowed, or a pack stream).
# Usage: bench_index.sh BUILD_DIR [GAMES]
set -uo pipefail
build=${1:-build/release}
here=$(cd "$(dirname "$0")/.." && pwd)
bin="$build/chesscodec"
src=${2:-$here/data/games/lichess-65k.pack}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench_index.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$bin" explore --db /nonexistent 2>&1 | grep -q 'without SQLite' && { echo "  built without SQLite: skipped"; exit 0; }
case $src in
  *.pack) "$bin" convert -q "$src" >"$tmp/g.pgn" || { echo "cannot read $src" >&2; exit 1; };;
  *) xz -dcf "$src" >"$tmp/g.pgn" || { echo "cannot read $src" >&2; exit 1; };;
esac
games=$(grep -c '^\[Result ' "$tmp/g.pgn")
echo "input: $(basename "$src"), $games games, $(($(stat -c %s "$tmp/g.pgn") / 1048576)) MB" \
     "($(nproc) cores; machine load $(cut -d' ' -f1 /proc/loadavg))"

# run NAME CMD... : prints a line; sets CPU (user+sys s), WALL (s)
run() {
  local name=$1; shift
  /usr/bin/time -f "%U %S %e %M" -o "$tmp/time" "$@" >/dev/null 2>"$tmp/err"
  local rc=$?
  read -r u s WALL rss <"$tmp/time"
  CPU=$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')
  awk -v n="$name" -v c="$CPU" -v w="$WALL" -v g="$games" -v r="$rss" -v rc="$rc" 'BEGIN {
    printf "  %-36s wall %6.2f s %8.0f games/s | cpu %6.2f s | peak %5.1f MB%s\n",
      n, w, g / (w > 0 ? w : 0.001), c, r / 1024, rc == 0 ? "" : "  (exit " rc ")" }'
}
run "anchor: convert --to uci --threads 1" "$bin" convert --to uci --threads 1 -q "$tmp/g.pgn"
a_wall=$WALL; a_cpu=$CPU
run "index --db (50 plies)" "$bin" index -q "$tmp/g.pgn" --db "$tmp/all.db"
i_wall=$WALL; i_cpu=$CPU
bytes=$(stat -c %s "$tmp/all.db")
awk -v a="$a_wall" -v i="$i_wall" -v ac="$a_cpu" -v ic="$i_cpu" -v b="$bytes" -v g="$games" 'BEGIN {
  printf "  index: %.0f games/s of CPU time; ratio to convert: %.2fx the CPU time, %.2fx the wall time\n", g / ic, ic / ac, i / a
  printf "  database: %.1f MB, %.0f bytes per game\n", b / 1048576, b / g }'
"$build/bench/bench_index" "$tmp/all.db" "$tmp/g.pgn" 20000 30

if command -v parallel >/dev/null; then
  mkdir "$tmp/shards"
  t0=$(date +%s.%N)
  parallel --will-cite --pipe --recstart '[Event ' --block 8M -j 2 "$bin" index -q - --db "$tmp/shards/{#}.db" <"$tmp/g.pgn"
  t1=$(date +%s.%N)
  "$bin" index -q --merge "$tmp"/shards/*.db --db "$tmp/merged.db"
  t2=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" -v c="$t2" -v n="$(ls "$tmp/shards" | wc -l)" 'BEGIN {
    printf "  parallel --pipe -j 2: %d shards indexed in %.2f s, merged in %.2f s\n", n, b - a, c - b }'
  if command -v sqlite3 >/dev/null; then
    q="SELECT hex(pos),mv,w,d,b,rsum,rn,best,best_r FROM moves ORDER BY pos,mv; SELECT * FROM games ORDER BY id; SELECT * FROM meta ORDER BY key;"
    [ "$(sqlite3 "$tmp/all.db" "$q" | md5sum)" = "$(sqlite3 "$tmp/merged.db" "$q" | md5sum)" ] \
      && echo "  shards merged: the same rows as the index built at once" \
      || echo "  WARNING: the merged index differs from the one built at once"
  fi
fi
echo "  explore (start position):"
"$bin" explore --db "$tmp/all.db" | sed 's/^/    /'
# the same counts made another way: each game's first move and result from convert --to uci
"$bin" convert --to uci -q "$tmp/g.pgn" | awk '$NF != "*" && NF > 1 { r = $NF; n[$1]++; w[$1] += r == "1-0"; d[$1] += r == "1/2-1/2"; b[$1] += r == "0-1" }
  END { for (m in n) print m, n[m], w[m], d[m], b[m] }' | sort >"$tmp/want"
"$bin" explore --db "$tmp/all.db" --json | python3 -c '
import json, sys
for m in json.load(sys.stdin)["moves"]: print(m["uci"], m["white"] + m["draws"] + m["black"], m["white"], m["draws"], m["black"])
' | sort >"$tmp/got"
cmp -s "$tmp/want" "$tmp/got" && echo "  start position: every move's games, White wins, draws and Black wins equal awk's count over convert --to uci" \
  || { echo "  WARNING: the start position's counts differ from awk's:"; diff "$tmp/want" "$tmp/got" | head; }
