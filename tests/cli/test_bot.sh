#!/bin/bash
# chesscodec bot against a local fake Bot API (tests/cli/fake_bot_api.py): a scripted chat of
# 28 updates (every command, bad input, a huge message, non-text and broken updates, a 429
# with retry_after, a proxy 502, a chat that is gone), every reply checked; network errors
# with backoff (no server at all); then a restart that must resume at the offset kept in
# --state, answering nothing twice.
. "$(dirname "$0")/../lib.sh"
require_feature bot
require_tool python3

START=$("$BIN" encode --to covert startpos)
E4=$("$BIN" encode --to covert 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1')
D4=$("$BIN" encode --to covert 'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1')
MIXED=$("$BIN" mix 'see you at eight' startpos)
MATED='rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'
FLAG=$'\xf0\x9f\x8f\xb3\xef\xb8\x8f'
TOKEN=123456:TEST-token_abc

# The script: update N comes from chat 1000+N (so that each reply names its update), except
# the 429 chat (777) and the gone chat (404).
START="$START" E4="$E4" MIXED="$MIXED" MATED="$MATED" FLAG="$FLAG" python3 - "$TMP/script.json" <<'EOF'
import json, os, sys
S, MIXED, MATED, FLAG = os.environ["START"], os.environ["MIXED"], os.environ["MATED"], os.environ["FLAG"]
texts = [
    (1, "/start"), (1, "/startgame@CovertChessBot"),
    (1, "/encode rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
    (1, "/encode this is no position"), (1, "/decode " + S), (1, MIXED),
    (1, "/resign " + S), (1, "/mix " + S + " message=see you at eight"),
    (1, "/mix " + S + " message=hi \U0001F600 there"), (1, "/extract " + MIXED),
    (1, "/move " + S), (1, "/move " + S + " e4"), (1, "/move " + S + " e5"),
    (1, "/move " + MATED + " Kf2"), (1, "/move " + S + FLAG + " e4"), (1, "/edit " + S),
    (1, "\u265F\uFE0F"), (1, "/help"), (1, "/frobnicate"), (1, "hello there"),
    (1, "a" * 20000), (1, None), (1, "BROKEN"), (1, "/help"), (1, "/startgame"),
    (2, "/move " + S + " d4"), (2, "\U0001F600"), (2, "/decode \U0001F3B2 let's play: " + S + " \U0001F44D"),
]
out = []
for n, (phase, text) in enumerate(texts, 1):
    chat = 777 if n == 24 else 404 if n == 25 else 1000 + n
    if text is None:    # a sticker: a message without text
        u = {"update_id": n, "message": {"message_id": n, "date": 0, "chat": {"id": chat, "type": "private"},
                                         "sticker": {"file_id": "s"}}}
    elif text == "BROKEN":  # no message at all, and a chat id that is not a number
        u = {"update_id": n, "message": {"message_id": n, "chat": {"id": "nope"}, "text": "/help"}}
    else:
        u = {"update_id": n, "message": {"message_id": n, "date": 0, "text": text,
                                         "from": {"id": chat, "is_bot": False, "first_name": "T"},
                                         "chat": {"id": chat, "type": "private"}}}
    out.append({"phase": phase, "update": u})
out.insert(3, {"phase": 1, "update": {"update_id": "x", "edited_channel_post": {}}})  # no usable id
json.dump(out, open(sys.argv[1], "w"), ensure_ascii=False)
EOF

python3 "$SRC/tests/cli/fake_bot_api.py" "$TOKEN" "$TMP/script.json" "$TMP/record.jsonl" "$TMP/port" &
FAKE=$!
BOTPID=""
trap 'kill $FAKE 2>/dev/null; [ -n "$BOTPID" ] && kill $BOTPID 2>/dev/null; rm -rf "$TMP"' EXIT
[ -n "${BOT_TEST_KEEP:-}" ] && trap 'kill $FAKE 2>/dev/null; cp -r "$TMP" /tmp/bot_test_keep' EXIT
# Python's start-up can take seconds on a loaded machine: up to 30 s for the fake API's port
for _ in $(seq 300); do [ -s "$TMP/port" ] && break; sleep 0.1; done
[ -s "$TMP/port" ] || { echo "FAIL: the fake Bot API did not start" >&2; exit 1; }
API="http://127.0.0.1:$(cat "$TMP/port")"
printf '%s\n' "$TOKEN" > "$TMP/token"

# facts NAME=EXPR...: one python run over R (the recorded requests) that writes the replies
# to each chat into $TMP/f/reply.CHAT and each EXPR's value into $TMP/f/NAME.
facts() {
  rm -rf "$TMP/f"; mkdir -p "$TMP/f"
  python3 - "$TMP/record.jsonl" "$TMP/f" "$@" <<'PY'
import json, sys
R = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
out = {}
for r in R:
    if r["method"] == "sendMessage" and r.get("text") is not None:
        out.setdefault(r["chat_id"], []).append(r["text"])
for chat, texts in out.items():
    open(f"{sys.argv[2]}/reply.{chat}", "w", encoding="utf-8").write("\n".join(texts))
for arg in sys.argv[3:]:
    name, expr = arg.split("=", 1)
    open(f"{sys.argv[2]}/{name}", "w", encoding="utf-8").write(str(eval(expr)))
PY
}
fact() { cat "$TMP/f/$1" 2>/dev/null; }
reply() { cat "$TMP/f/reply.$1" 2>/dev/null; }
first_line() { local t; t=$(reply "$1"); printf '%s' "${t%%$'\n'*}"; }
# wait_chats SECONDS CHAT[:STATUS]...: until a sendMessage to each chat got that status (200).
wait_chats() {
  local s=$1 c i; shift
  for i in $(seq $((s * 10))); do
    [ "$i" = 1 ] || sleep 0.1
    for c in "$@"; do
      grep "\"method\": \"sendMessage\", \"chat_id\": ${c%%:*}, " "$TMP/record.jsonl" 2>/dev/null |
        grep -q "\"status\": $( [ "$c" = "${c#*:}" ] && echo 200 || echo "${c#*:}")" || continue 2
    done
    return 0
  done
  return 1
}
contains() { case "$2" in *"$3"*) pass;; *) failed "$1: [$2] lacks [$3]";; esac; }
lacks() { case "$2" in *"$3"*) failed "$1: [$2] holds [$3]";; *) pass;; esac; }

# Usage errors and the token rules first.
expect_status "a token on the command line is no option" 2 "$BIN" bot --token "$TOKEN"
CHC_BOT_TOKEN= expect_status "no token" 1 "$BIN" bot --api-url "$API"
printf 'wrong-token\n' > "$TMP/wrong"
expect_status "a refused token ends the bot" 1 timeout 20 "$BIN" bot --token-file "$TMP/wrong" --api-url "$API" --poll-timeout 1
expect_status "a bad --poll-timeout" 2 "$BIN" bot --poll-timeout x

# No server at all: network errors, retried with a growing backoff; SIGTERM still stops it.
DEAD=$(python3 -c "import socket; s=socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
"$BIN" bot --token-file "$TMP/token" --api-url "http://127.0.0.1:$DEAD" --max-backoff 2 2>"$TMP/log0" &
BOTPID=$!
sleep 3.5
kill -TERM $BOTPID; wait $BOTPID; st=$?; BOTPID=""
expect_eq "SIGTERM during the backoff" 0 "$st"
contains "a network error is logged" "$(cat "$TMP/log0")" "getUpdates offset 0: HTTP 0 network error: "
contains "the first retry after 1 s" "$(cat "$TMP/log0")" "retrying in 1 s"
contains "then after 2 s (--max-backoff)" "$(cat "$TMP/log0")" "retrying in 2 s"

# Phase 1.
t0=$(date +%s)
"$BIN" bot --token-file "$TMP/token" --state "$TMP/state" --api-url "$API" --poll-timeout 1 \
  --max-backoff 2 2>"$TMP/log1" &
BOTPID=$!
wait_chats 25 $(seq 1001 1021) 777 404:400 || failed "phase 1: not every reply came"
sleep 0.3
kill -TERM $BOTPID; wait $BOTPID; st=$?; BOTPID=""
expect_eq "SIGTERM stops the bot cleanly" 0 "$st"
facts "rate_wait=[r['time'] for r in R if r.get('chat_id')==777 and r['status']==200][0] - [r['time'] for r in R if r.get('chat_id')==777][0] >= 1.0" \
  "twice=len([c for c in set(r['chat_id'] for r in R if r['method']=='sendMessage' and r['status']==200) if sum(1 for r in R if r['method']=='sendMessage' and r['status']==200 and r['chat_id']==c) > 1])" \
  "gets=sum(1 for r in R if r['method']=='getUpdates')" \
  "png1001=any(r['png'] and r['bytes'] > 1000 for r in R if r['method']=='sendPhoto' and r['chat_id']==1001)" \
  "png1012=any(r['png'] for r in R if r['method']=='sendPhoto' and r['chat_id']==1012)" \
  "png1018=any(r['method']=='sendPhoto' and r['chat_id']==1018 for r in R)" \
  "n=len(R)"
expect_eq "the state file holds the next offset" 26 "$(cat "$TMP/state")"

contains "/start" "$(reply 1001)" "$START"
contains "/start FEN" "$(reply 1001)" "FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
contains "/start link" "$(reply 1001)" "Analysis: https://lichess.org/analysis/"
contains "/startgame@bot" "$(reply 1002)" "$START"
expect_eq "/encode" "$E4" "$(reply 1003)"
contains "/encode bad" "$(reply 1004)" "I could not read a position"
contains "/decode" "$(reply 1005)" "White to move."
contains "a mixed message alone" "$(reply 1006)" "mixed among the words"
expect_eq "/resign" "$START$FLAG" "$(first_line 1007)"
expect_eq "/mix" "$MIXED" "$(reply 1008)"
contains "/mix with an emoji" "$(reply 1009)" "Leave the emoji out"
expect_eq "/extract" "$START" "$(reply 1010)"
contains "/move (link)" "$(reply 1011)" "Analysis: https://lichess.org/analysis/"
expect_eq "/move e4" "$E4" "$(first_line 1012)"
contains "/move illegal" "$(reply 1013)" "Move 'e5'"
contains "/move after mate" "$(reply 1014)" "No move can be played: the game is over: checkmate"
contains "/move after resigning" "$(reply 1015)" "resigned"
contains "/edit" "$(reply 1016)" "Editor: https://lichess.org/editor/"
contains "an emoji alone" "$(reply 1017)" $'chess pawn\nindex: 2451\ngroup: Activities\nsubgroup: game\nescape: \\u265F\\uFE0F'
contains "/help" "$(reply 1018)" "/mix CODE message=TEXT"
contains "unknown command" "$(reply 1019)" "I do not know the command /frobnicate"
contains "no code" "$(reply 1020)" "I found no covert chess code"
contains "huge message" "$(reply 1021)" "too long"
expect_eq "a sticker gets no reply" "" "$(reply 1022)"
contains "the sticker is logged" "$(cat "$TMP/log1")" "update 22 skipped: not a text message"
contains "the broken chat id is logged" "$(cat "$TMP/log1")" "update 23 skipped"
contains "the update without an id is logged" "$(cat "$TMP/log1")" "an update without update_id skipped"
contains "429 then answered" "$(reply 777)" "/mix CODE message=TEXT"
expect_eq "the 429 was honoured (>= 1 s later)" True \
"$(fact rate_wait)"
contains "the 429 is logged" "$(cat "$TMP/log1")" "sendMessage chat 777: HTTP 429 too many requests, retry after 1 s"
contains "the 502 is logged" "$(cat "$TMP/log1")" "getUpdates offset 0: HTTP 502 malformed reply"
contains "a gone chat is given up" "$(cat "$TMP/log1")" "sendMessage chat 404: HTTP 400 error: Bad Request: chat not found"
expect_eq "phase 1: no chat answered twice" 0 "$(fact twice)"
lacks "the token is never logged" "$(cat "$TMP/log1")" "TEST-token"
if [ "$(fact gets)" -gt 1 ]; then pass; else failed "getUpdates polled"; fi
case " ${CHC_FEATURES-} " in
  *" png "*)
    expect_eq "/start sends a PNG board" True "$(fact png1001)"
    expect_eq "/move e4 sends a PNG board" True "$(fact png1012)"
    expect_eq "/help sends no picture" False "$(fact png1018)";;
  *) echo "note: built without PNG pictures, sendPhoto not checked" >&2;;
esac

# Phase 2: a restart resumes at the kept offset.
n_before=$(fact n)
python3 -c "import urllib.request,sys; urllib.request.urlopen(urllib.request.Request(sys.argv[1]+'/control/phase/2', data=b''))" "$API"
"$BIN" bot --token-file "$TMP/token" --state "$TMP/state" --api-url "$API" --poll-timeout 1 2>"$TMP/log2" &
BOTPID=$!
wait_chats 15 1026 1027 1028 || failed "phase 2: the replies did not come"
sleep 0.3
kill -INT $BOTPID; wait $BOTPID; st=$?; BOTPID=""
expect_eq "SIGINT stops the bot cleanly" 0 "$st"
facts "restart_offset=[r['offset'] for r in R[$n_before:] if r['method']=='getUpdates'][0]" \
  "twice=len([c for c in range(1001,1029) if sum(1 for r in R if r['method']=='sendMessage' and r['status']==200 and r['chat_id']==c) > 1])"
expect_eq "the restart asks from offset 26" 26 "$(fact restart_offset)"
contains "the restart says where it starts" "$(cat "$TMP/log2")" "from update 26"
expect_eq "/move d4 after the restart" "$D4" "$(first_line 1026)"
contains "an emoji alone after the restart" "$(reply 1027)" "grinning face"
contains "a code between emoji" "$(reply 1028)" "White to move."
expect_eq "nothing answered twice over the restart" 0 "$(fact twice)"
expect_eq "the state file after phase 2" 29 "$(cat "$TMP/state")"
echo "bot test: $(($(date +%s) - t0)) s" >&2
finish
