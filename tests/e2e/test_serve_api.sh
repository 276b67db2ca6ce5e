#!/usr/bin/env bash
# chesscodec serve: the JSON API (tests/e2e/api.mjs: every endpoint, pinned vectors, codes equal
# to the CLI's, bad JSON, unknown formats, illegal moves, oversized bodies, raw garbage, the
# engine's time cap; the server must keep serving and exit cleanly), plus the command's options.
# Runs in both builds: under ASan+UBSan the server itself is checked for memory errors and leaks.
source "$CHC_SRC/tests/lib.sh"
source "$CHC_SRC/tests/e2e/server.sh"
require_feature serve
require_tool node

page=any
[ -f "$SRC/web/node_modules/vite/bin/vite.js" ] && page=real

start_server --engine-ms 400 --engine-slots 1 || { failed "server start"; finish; }
node "$SRC/tests/e2e/api.mjs" "$SERVER_URL" "$BIN" --engine-cap-ms 400 --engine-slots 1 --page "$page"
expect_eq "api.mjs" 0 $?

# A second server on the same port fails to start, with one line and exit 1.
port=${SERVER_URL##*:}
"$BIN" serve --port "$port" >/dev/null 2>"$TMP/busy.err"
expect_eq "port in use: exit 1" 1 $?
expect_eq "port in use: one line" 1 "$(wc -l <"$TMP/busy.err")"
stop_server

# --web-root serves files from a directory (and nothing outside it).
mkdir -p "$TMP/root/assets"
echo '<!doctype html><title>from disk</title>' >"$TMP/root/index.html"
echo 'body{}' >"$TMP/root/assets/a.css"
echo 'secret' >"$TMP/secret.txt"
mkdir -p "$TMP/outside"; echo 'outside' >"$TMP/outside/o.txt"
# Links out of the root (to a file, to a folder) are refused; links inside it are followed.
ln -s "$TMP/secret.txt" "$TMP/root/leak.txt"
ln -s "$TMP/outside" "$TMP/root/out"
ln -s /etc/passwd "$TMP/root/passwd.txt"
ln -s "$TMP/root/assets/a.css" "$TMP/root/same.css"
# Dotfiles and dot-folders are never served.
echo 'TOKEN=x' >"$TMP/root/.env"
mkdir -p "$TMP/root/.git"; echo 'ref' >"$TMP/root/.git/HEAD.txt"
start_server --web-root "$TMP/root" || { failed "server start (web root)"; finish; }
node -e '
const base = process.argv[1];
const check = async (path, status, re) => {
  const r = await fetch(base + path);
  const t = await r.text();
  if (r.status !== status || (re && !re.test(t))) { console.error("FAIL", path, r.status, t.slice(0, 80)); process.exitCode = 1; }
};
(async () => {
  await check("/", 200, /from disk/);
  await check("/assets/a.css", 200, /body/);
  await check("/../secret.txt", 404);
  await check("/assets/../../secret.txt", 404);
  await check("/%2e%2e/secret.txt", 404);
  await check("/nothing.js", 404);
  await check("/api/info", 200, /chesscodec/);
  await check("/leak.txt", 404, /not_found/);
  await check("/out/o.txt", 404, /not_found/);
  await check("/passwd.txt", 404, /not_found/);
  await check("/same.css", 200, /body/);
  await check("/.env", 404, /not_found/);
  await check("/.git/HEAD.txt", 404, /not_found/);
  await check("/assets/.%2e/secret.txt", 404);
})();' "$SERVER_URL"
expect_eq "web root" 0 $?
stop_server

# --web-root must name a folder that exists: one line, exit 1, nothing served.
"$BIN" serve --port 0 --web-root "$TMP/no-such-folder" >"$TMP/wr.out" 2>"$TMP/wr.err"
expect_eq "web root missing: exit 1" 1 $?
grep -q "no-such-folder: No such file or directory" "$TMP/wr.err"; expect_eq "web root missing: says why" 0 $?
"$BIN" serve --port 0 --web-root "$TMP/secret.txt" >/dev/null 2>"$TMP/wr.err"
expect_eq "web root a file: exit 1" 1 $?
grep -q "not a folder" "$TMP/wr.err"; expect_eq "web root a file: says why" 0 $?

# Listening beyond loopback warns that the API has no authentication; loopback does not.
start_server --host 0.0.0.0 || { failed "server start (0.0.0.0)"; finish; }
grep -q "warning: listening on 0.0.0.0, not loopback.*no authentication" "$TMP/serve.err"
expect_eq "--host 0.0.0.0 warns" 0 $?
stop_server
start_server || { failed "server start (loopback)"; finish; }
expect_eq "loopback: no warning" "" "$(grep warning "$TMP/serve.err")"
stop_server

# The page embedder (tools/web_embed.c): sorted paths with their types, or an empty table.
embed=${CHC_BUILD:-build/release}/tools/web_embed
if [ -x "$embed" ]; then
  mkdir -p "$TMP/dist/assets"
  printf '<!doctype html>' >"$TMP/dist/index.html"
  printf 'x' >"$TMP/dist/assets/b.js"
  printf 'y' >"$TMP/dist/assets/a.css"
  "$embed" "$TMP/assets.c" "$TMP/dist"; expect_eq "web_embed runs" 0 $?
  expect_eq "web_embed: files in order" \
    '"/assets/a.css", "text/css; charset=utf-8"|"/assets/b.js", "text/javascript; charset=utf-8"|"/index.html", "text/html; charset=utf-8"' \
    "$(sed -n 's/^    {\("[^"]*", "[^"]*"\), asset_.*/\1/p' "$TMP/assets.c" | paste -sd'|')"
  grep -q "serve_assets_count = 3;" "$TMP/assets.c"; expect_eq "web_embed: count" 0 $?
  "$embed" "$TMP/empty.c" 2>/dev/null; expect_eq "web_embed: no page" 0 $?
  grep -q "serve_assets_count = 0;" "$TMP/empty.c"; expect_eq "web_embed: empty table" 0 $?
  "$embed" "$TMP/nodir.c" "$TMP/no-such-dir" 2>/dev/null
  grep -q "serve_assets_count = 0;" "$TMP/nodir.c"; expect_eq "web_embed: missing dir gives the fallback" 0 $?
  expect_status "web_embed: usage" 2 "$embed"
fi

# Options.
expect_status "serve --help" 0 "$BIN" serve --help
"$BIN" serve --help | grep -q -- "--port" ; expect_eq "help names --port" 0 $?
expect_status "unknown option" 2 "$BIN" serve --bogus
expect_status "port out of range" 2 "$BIN" serve --port 70000
expect_status "port not a number" 2 "$BIN" serve --port x
expect_status "missing value" 2 "$BIN" serve --host
expect_status "not an address" 1 "$BIN" serve --host 999.1.1.1 --port 0
finish
