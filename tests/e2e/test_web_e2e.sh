#!/usr/bin/env bash
# chesscodec serve: the page in a real browser (tests/e2e/web.mjs, Debian chromium driven by
# playwright-core from web/node_modules): moves by dragging, codes equal `chesscodec encode`,
# the URL reopens the game, pasting an emoji code, promotion, engine, undo, no page errors.
# Set CHC_WEB_SCREENSHOT=FILE.png to also save a screenshot of the page.
# ctest-labels: nosan
source "$CHC_SRC/tests/lib.sh"
source "$CHC_SRC/tests/e2e/server.sh"
require_feature serve
require_feature webpage
require_tool node
[ -x /usr/bin/chromium ] || skip_or_fail "/usr/bin/chromium not installed (apt-get install chromium)"
[ -f "$SRC/web/node_modules/playwright-core/index.mjs" ] ||
  skip_or_fail "web/node_modules missing (run: bash tests/install-deps.sh, or npm ci in web/)"

# the explorer beside the board: an index of 300 games when the library has SQLite
db=()
case " ${CHC_FEATURES-} " in *" sqlite "*)
  xz -dc "$DATA/notation/lichess-20k.pgn.xz" | awk '/^\[Site /{ n++ } n > 300 { exit } { print }' |
    "$BIN" index -q - --db "$TMP/explore.db" && db=(--db "$TMP/explore.db") && export CHC_EXPLORE_DB="$TMP/explore.db" ;;
esac
start_server "${db[@]}" || { failed "server start"; finish; }
grep -q "page: embedded" "$TMP/serve.out"
expect_eq "the built page is embedded" 0 $?
timeout 240 node "$SRC/tests/e2e/web.mjs" "$SERVER_URL" "$BIN" "$SRC/web" ${CHC_WEB_SCREENSHOT:+"$CHC_WEB_SCREENSHOT"}
expect_eq "web.mjs" 0 $?
stop_server
finish
