#!/bin/bash
# The checked-in covert chess emoji table (src/codecs/emoji_table.inc) is exactly what
# tools/gen_emoji_table.c makes from data/emoji-test-12.1.txt, and so is the names table.
source "$CHC_SRC/tests/lib.sh"
GEN=${CHC_BUILD:-build/release}/tools/gen_emoji_table
[ -x "$GEN" ] || { failed "generator not built: $GEN"; finish; }
"$GEN" "$SRC/data/emoji-test-12.1.txt" > "$TMP/emoji_table.inc"
expect_eq "generator exit" 0 "$?"
if cmp -s "$TMP/emoji_table.inc" "$SRC/src/codecs/emoji_table.inc"; then pass
else failed "src/codecs/emoji_table.inc differs from the generator's output (regenerate it)"; fi
# ... and so is the names table (src/codecs/emoji_names.inc, --names).
"$GEN" --names "$SRC/data/emoji-test-12.1.txt" > "$TMP/emoji_names.inc"
expect_eq "generator --names exit" 0 "$?"
if cmp -s "$TMP/emoji_names.inc" "$SRC/src/codecs/emoji_names.inc"; then pass
else failed "src/codecs/emoji_names.inc differs from the generator's output (regenerate it)"; fi
# The generator refuses a file that is not Emoji 12.1.
sed 's/^# Version: 12.1/# Version: 13.0/' "$SRC/data/emoji-test-12.1.txt" > "$TMP/e13.txt"
expect_status "refuses another version" 1 "$GEN" "$TMP/e13.txt"
# ... and one with an entry missing.
grep -v '^1F600 ' "$SRC/data/emoji-test-12.1.txt" > "$TMP/short.txt"
expect_status "refuses a short list" 1 "$GEN" "$TMP/short.txt"
finish
