#!/usr/bin/env bash
# Compressed files: convert reads .gz, .bz2, .xz and .zst by their content (a file, standard
# input, concatenated streams) to the same output as the plain file; -o FILE.gz/.bz2/.xz/.zst
# writes a file Debian's gzip, bzip2, xz and zstd read back to the same bytes (they are the
# oracle); a cut or damaged file is exit 1 with a message naming the compression, and -o
# leaves no file; show reads a compressed PGN file.
source "$CHC_SRC/tests/lib.sh"
for t in gzip bzip2 xz zstd; do require_tool $t; done
xz -dc "$DATA/notation/lichess-20k.pgn.xz" | awk '/^\[Site /{ n++ } n > 600 { exit } { print }' >"$TMP/g.pgn"
"$BIN" convert --to uci -q "$TMP/g.pgn" >"$TMP/want.uci"
expect_eq "plain input converts" 0 $?
compress() { case $1 in gz) gzip -c ;; bz2) bzip2 -c ;; xz) xz -c -T2 ;; zst) zstd -q -c ;; esac; }
unpack() { case $1 in gz) gzip -dc ;; bz2) bzip2 -dc ;; xz) xz -dc ;; zst) zstd -q -dc ;; esac; }
for e in gz bz2 xz zst; do
  compress $e <"$TMP/g.pgn" >"$TMP/g.pgn.$e"
  case " ${CHC_FEATURES-gz bz2 xz zst} " in *" $e "*) ;; *)
    e2=$("$BIN" convert --to uci -q "$TMP/g.pgn.$e" 2>&1 >/dev/null); rc=$?
    expect_eq "$e without its library (exit)" 1 "$rc"
    case "$e2" in *"built without"*) pass ;; *) failed "$e without its library: [$e2]" ;; esac
    continue ;; esac
  "$BIN" convert --to uci -q "$TMP/g.pgn.$e" >"$TMP/got.uci"
  expect_eq "$e file (exit)" 0 $?
  cmp -s "$TMP/want.uci" "$TMP/got.uci" && pass || failed "$e file: output differs from the plain file's"
  "$BIN" convert --to uci -q <"$TMP/g.pgn.$e" | cmp -s "$TMP/want.uci" - && pass || failed "$e on standard input"
  cat "$TMP/g.pgn.$e" "$TMP/g.pgn.$e" | "$BIN" convert --to uci -q | cmp -s <(cat "$TMP/want.uci" "$TMP/want.uci") - \
    && pass || failed "$e: two concatenated streams"
  # output: the tool reads back what convert wrote
  "$BIN" convert --to uci -q -o "$TMP/out.uci.$e" "$TMP/g.pgn"
  expect_eq "-o out.uci.$e (exit)" 0 $?
  unpack $e <"$TMP/out.uci.$e" | cmp -s "$TMP/want.uci" - && pass || failed "-o out.uci.$e: $e -d gives other bytes"
  # a cut file: exit 1, the compression named, no output file
  head -c $(( $(wc -c <"$TMP/g.pgn.$e") / 2 )) "$TMP/g.pgn.$e" >"$TMP/cut.$e"
  e2=$("$BIN" convert --to uci -q -o "$TMP/cut-out.uci" "$TMP/cut.$e" 2>&1); rc=$?
  expect_eq "cut $e (exit)" 1 "$rc"
  case "$e2" in *"input: it ends inside"*|*"input: "*"damaged or cut"*) pass ;; *) failed "cut $e: message [$e2]" ;; esac
  expect_eq "cut $e: no output file" "" "$(ls "$TMP" | grep cut-out || true)"
done
# show and render read a compressed file too
gzip -c <<'PGN' >"$TMP/mate.pgn.gz"
[White "A"]
[Black "B"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
PGN
case " ${CHC_FEATURES-gz} " in *" gz "*)
  "$BIN" show "$TMP/mate.pgn.gz" | grep -q "Checkmate: White wins" && pass || failed "show of a .pgn.gz file" ;;
esac
finish
