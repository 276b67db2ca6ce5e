#!/usr/bin/env bash
# Load test of `chesscodec serve` with wrk on loopback: the conversion endpoint (/api/position:
# a FEN in, every code, the key, the legal moves and the board map out) for 30 s, against the
# anchor GET /api/info (the HTTP round trip with almost no work) in the same run.
# Prints requests/s, latency percentiles, errors (must be 0) and the server's memory (RSS)
# after a warm-up and after the run (must stay steady).
#   bash bench/bench_serve.sh BUILD_DIR      (DURATION=30 CONNECTIONS=16 THREADS=2 to change)
set -uo pipefail
build=${1:-build/release}
bin=$build/chesscodec
dur=${DURATION:-30}
conns=${CONNECTIONS:-16}
threads=${THREADS:-2}
command -v wrk >/dev/null || { echo "bench_serve: wrk not installed (apt-get install wrk): skipped"; exit 0; }
[ -x "$bin" ] || { echo "bench_serve: $bin not built"; exit 1; }

tmp=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
"$bin" serve --port 0 --max-connections 256 >"$tmp/out" 2>"$tmp/err" &
pid=$!
url=""
for _ in $(seq 1 100); do
  url=$(sed -n 's|.*listening on \(http://[^ ]*\)/ .*|\1|p' "$tmp/out")
  [ -n "$url" ] && break
  sleep 0.05
done
[ -n "$url" ] || { echo "bench_serve: the server did not start"; cat "$tmp/err"; exit 1; }

cat >"$tmp/post.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"input":"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}'
LUA
rss() { awk '/^VmRSS/ {print $2}' "/proc/$pid/status"; }
threads_of() { awk '/^Threads/ {print $2}' "/proc/$pid/status"; }

# Check the request is answered 200 before measuring.
code=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
       --data "$(sed -n "s/^wrk.body = '\(.*\)'$/\1/p" "$tmp/post.lua")" "$url/api/position" 2>/dev/null || echo "?")
echo "machine: $(nproc) cores, $(awk '/model name/ {sub(/.*: /, ""); print; exit}' /proc/cpuinfo)"
echo "server: $url  wrk: $threads threads, $conns connections  (probe answered $code)"

wrk -t"$threads" -c"$conns" -d3s -s "$tmp/post.lua" "$url/api/position" >/dev/null 2>&1  # warm-up
rss0=$(rss)
wrk -t"$threads" -c"$conns" -d"${dur}s" --latency -s "$tmp/post.lua" "$url/api/position" >"$tmp/conv.txt" 2>&1
rss1=$(rss)
wrk -t"$threads" -c"$conns" -d"$(( dur / 3 > 5 ? dur / 3 : 5 ))s" --latency "$url/api/info" >"$tmp/info.txt" 2>&1
rss2=$(rss)

report() { # name file
  local rps p50 p90 p99 errs non2xx
  rps=$(awk '/^Requests\/sec/ {print $2}' "$2")
  p50=$(awk '$1=="50%" {print $2}' "$2"); p90=$(awk '$1=="90%" {print $2}' "$2"); p99=$(awk '$1=="99%" {print $2}' "$2")
  errs=$(awk '/Socket errors/ {gsub(",", ""); print $4+$6+$8+$10}' "$2"); errs=${errs:-0}
  non2xx=$(awk '/Non-2xx/ {print $NF}' "$2"); non2xx=${non2xx:-0}
  printf '%-28s %10s req/s   latency p50 %-9s p90 %-9s p99 %-9s  errors %s, non-2xx %s\n' \
         "$1" "$rps" "$p50" "$p90" "$p99" "$errs" "$non2xx"
  echo "$rps" >"$2.rps"
  [ "$errs" = 0 ] && [ "$non2xx" = 0 ]
}
status=0
report "POST /api/position (${dur}s)" "$tmp/conv.txt" || status=1
report "GET /api/info (anchor)" "$tmp/info.txt" || status=1
awk -v a="$(cat "$tmp/conv.txt.rps")" -v b="$(cat "$tmp/info.txt.rps")" \
    'BEGIN { if (b > 0) printf "ratio conversion/anchor: %.2f (share of the HTTP round-trip rate left after the chess work)\n", a / b }'
echo "server RSS: ${rss0} kB after warm-up, ${rss1} kB after the ${dur}s run, ${rss2} kB after the anchor run; threads now $(threads_of)"
# Memory must stay steady: less than 10% (or 4 MB) growth over the run.
if [ $(( rss1 - rss0 )) -gt $(( rss0 / 10 > 4096 ? rss0 / 10 : 4096 )) ]; then
  echo "bench_serve: FAIL: the server's memory grew from $rss0 kB to $rss1 kB"; status=1
fi
[ $status = 0 ] || { echo "bench_serve: FAIL: errors during the load test"; sed -n '1,40p' "$tmp/conv.txt"; }
kill -TERM "$pid"; wait "$pid"; rc=$?; pid=""
[ $rc = 0 ] || { echo "bench_serve: FAIL: the server exited with $rc"; status=1; }
exit $status
