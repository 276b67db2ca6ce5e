# Sourced by tests/test_serve*.sh and tests/test_web*.sh (after lib.sh): starts and stops a
# `chesscodec serve` on a free loopback port.
#   start_server [ARGS...]   sets SERVER_PID and SERVER_URL (http://127.0.0.1:PORT)
#   stop_server              SIGTERM, then checks the server exits 0 (sanitizer reports fail it)
SERVER_PID=""
SERVER_URL=""
trap '[ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null; rm -rf "$TMP"' EXIT

start_server() {
  : >"$TMP/serve.out"
  "$BIN" serve --port 0 "$@" >"$TMP/serve.out" 2>"$TMP/serve.err" &
  SERVER_PID=$!
  local i
  for i in $(seq 1 400); do
    SERVER_URL=$(sed -n 's|.*listening on \(http://[^ ]*\)/ .*|\1|p' "$TMP/serve.out")
    [ -n "$SERVER_URL" ] && return 0
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.05
  done
  echo "FAIL: the server did not start" >&2
  cat "$TMP/serve.out" "$TMP/serve.err" >&2
  return 1
}

stop_server() {
  [ -n "$SERVER_PID" ] || return 0
  kill -TERM "$SERVER_PID" 2>/dev/null
  wait "$SERVER_PID"
  local rc=$?
  SERVER_PID=""
  expect_eq "server exits cleanly on SIGTERM" 0 "$rc"
  if [ "$rc" != 0 ]; then cat "$TMP/serve.err" >&2; fi
}
