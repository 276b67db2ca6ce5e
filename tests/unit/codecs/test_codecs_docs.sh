#!/bin/bash
# Every worked example of docs/formats/covert-chess.md, mscs-v1.md and urlsafe.md, read from
# the documents themselves, must come out exactly (encode) and back (decode).
source "$CHC_SRC/tests/lib.sh"
D="$SRC/docs/formats"
rows() { sed -n '/^## Worked examples/,/^## /p' "$1" | grep '^| `'; }

n=0
while IFS= read -r row; do
  fen=$(printf '%s' "$row" | awk -F'`' '{print $2}'); code=$(printf '%s' "$row" | awk -F'`' '{print $4}')
  expect_eq "covert doc: $fen" "$code" "$("$BIN" encode --to covert "$fen")"
  expect_eq "covert doc back: $fen" "$fen" "$("$BIN" decode "$code")"
  n=$((n+1))
done < <(rows "$D/covert-chess.md")
expect_eq "covert doc examples found" 1 "$([ $n -ge 5 ] && echo 1 || echo 0)"

n=0
while IFS= read -r row; do
  fen=$(printf '%s' "$row" | awk -F'`' '{print $2}'); hex=$(printf '%s' "$row" | awk -F'`' '{print $4}')
  b64=$(printf '%s' "$row" | awk -F'`' '{print $6}')
  expect_eq "mscs doc hex: $fen" "$hex" "$("$BIN" encode --to mscs --hex "$fen")"
  expect_eq "mscs doc base64: $fen" "$b64" "$("$BIN" encode --to mscs "$fen")"
  want=$("$BIN" encode --to fen "$fen" | cut -d' ' -f1-4)
  expect_eq "mscs doc back: $fen" "$want 0 1" "$("$BIN" decode "$b64")"
  expect_eq "mscs doc back hex: $fen" "$want 0 1" "$("$BIN" decode "$hex")"
  n=$((n+1))
done < <(rows "$D/mscs-v1.md")
expect_eq "mscs doc examples found" 1 "$([ $n -ge 4 ] && echo 1 || echo 0)"

n=0
while IFS= read -r row; do
  moves=$(printf '%s' "$row" | awk -F'`' '{print $2}'); s=$(printf '%s' "$row" | awk -F'`' '{print $4}')
  [ -z "$moves" ] && continue
  expect_eq "urlsafe doc: $moves" "$s" "$(printf '%s\n' "$moves" | "$BIN" convert --from uci --to urlsafe --quiet)"
  expect_eq "urlsafe doc back: $moves" "$moves" "$(printf '%s\n' "$s" | "$BIN" convert --from urlsafe --to uci --quiet)"
  n=$((n+1))
done < <(rows "$D/urlsafe.md")
expect_eq "urlsafe doc examples found" 1 "$([ $n -ge 6 ] && echo 1 || echo 0)"
finish
