#!/usr/bin/env bash
# chesscodec convert, PGN with more than one thread: the input is cut into blocks where a game
# probably starts and each block is read in one pass by a worker. Whatever the cuts (block
# sizes forced down to 16 bytes through CHC_CONVERT_BLOCK_BYTES, a test-only setting), the
# output, the messages and the exit status must be those of --threads 1, byte for byte:
# comments holding "\n\n[Event", CRLF, no blank lines, bad games at the cuts, non-game text,
# escape lines, a BOM, a cut-off last game, --strict (an over-limit game:
# test_convert_blocks_slow.sh).
source "$CHC_SRC/tests/lib.sh"
N=$DATA/notation

# tricky.pgn: every malformed case, the fixtures, hand-made traps, 300 real games
grep -v '^===\|^--- expect\|^error:\|^next:\|^#' "$N/pgn-malformed.txt" > "$TMP/malformed.pgn"
xz -dc "$N/lichess-20k.pgn.xz" | head -2000 > "$TMP/real.pgn"
{
  printf '\xef\xbb\xbf[Event "bom"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
  printf '[Event "comment with a game inside"]\n\n1. e4 {a comment\n\n[Event "not a game"]\n\n1. d4 } e5 1/2-1/2\n\n'
  printf '[Event "closed comment, Event line"]\n\n1. e4 {see\n[Event "x"]\n} e5 *\n\n'
  printf '1-0\n{text after a result}\n\n%%escape line [Event\n\n'
  printf '[Event "no result"]\n\n1. e4 e5\n\n[Event "next"]\n\n1. d4 d5 0-1\n'
  printf '[Event "glued"]\n1. e4 e5 *\n[Event "glued 2"]\n1. d4 Nf6 1-0\n'
  printf '[Event "variation"]\n\n1. e4 (1. d4 d5 {x\n\n[y} 2. c4) 1... e5 (1... c5 *\n\n'
  printf '[Event "semicolon"]\n\n1. e4 ; [Event "x"] 1-0\ne5 2. Nf3 1-0\n\n'
  cat "$TMP/malformed.pgn"
  for f in "$N"/fixtures/*.pgn; do cat "$f"; printf '\n'; done
  printf '[Event "tags only"]\n[Site "x"]\n\n'
  cat "$TMP/real.pgn"
  printf '[Event "illegal"]\n\n1. e4 e5 2. Ke3 1-0\n\n'
  printf '[Event "cut off"]\n\n1. e4 e5 2. Nf3'
} > "$TMP/tricky.pgn"
sed 's/$/\r/' "$TMP/tricky.pgn" > "$TMP/crlf.pgn"
grep -v '^\s*$' "$TMP/tricky.pgn" > "$TMP/noblank.pgn"
head -c -12 "$TMP/real.pgn" > "$TMP/cut.pgn"

# same NAME FILE ARGS...: --threads 2, 3, 8 at several block sizes against --threads 1
# (test_convert_blocks_slow.sh: every pair)
same() {
  local name=$1 file=$2; shift 2
  $BIN convert "$@" --threads 1 -o "$TMP/o1" "$file" 2> "$TMP/e1"
  local rc1=$?
  local bad=0
  local runs="16:2 17:3 31:8 64:2 100:3 257:8 1000:2 4096:3 0:8"
  [ -n "${CHC_FULL_MATRIX:-}" ] && runs=$(for b in 16 17 31 64 100 257 1000 4096 0; do printf "%s:2 %s:3 %s:8 " $b $b $b; done)
  for run in $runs; do
    local bs=${run%:*} t=${run#*:}
    {
      rm -f "$TMP/o2"
      CHC_CONVERT_BLOCK_BYTES=$bs $BIN convert "$@" --threads $t -o "$TMP/o2" "$file" 2> "$TMP/e2"
      local rc2=$?
      local diff=0
      [ $rc1 = $rc2 ] || diff=1
      cmp -s "$TMP/e1" "$TMP/e2" || diff=1
      if [ -e "$TMP/o1" ] || [ -e "$TMP/o2" ]; then cmp -s "$TMP/o1" "$TMP/o2" || diff=1; fi
      if [ $diff = 1 ]; then
        failed "$name: --threads $t, blocks of $bs bytes differ from --threads 1 (exit $rc1 vs $rc2)"
        diff "$TMP/e1" "$TMP/e2" | head -5 >&2
        bad=1
        break
      fi
    }
  done
  [ $bad = 0 ] && pass
  rm -f "$TMP/o1" "$TMP/o2"
}

same "tricky to pgn" "$TMP/tricky.pgn" --to pgn
for f in tricky crlf noblank cut malformed; do
  same "$f to uci" "$TMP/$f.pgn" --to uci
  same "$f strict" "$TMP/$f.pgn" --to san --strict
done
# from a pipe (short reads)
$BIN convert --to uci --threads 1 - < "$TMP/tricky.pgn" > "$TMP/p1" 2> "$TMP/q1"
cat "$TMP/tricky.pgn" | CHC_CONVERT_BLOCK_BYTES=50 $BIN convert --to uci --threads 3 - > "$TMP/p2" 2> "$TMP/q2"
expect_eq "tricky from a pipe: output" "$(md5sum < "$TMP/p1")" "$(md5sum < "$TMP/p2")"
expect_eq "tricky from a pipe: messages" "$(cat "$TMP/q1")" "$(cat "$TMP/q2")"

finish
