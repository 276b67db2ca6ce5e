#!/usr/bin/env bash
# pack_legacy_vectors.sh: packs the inputs of the legacy (chesscodec 0.1) golden vectors with an
# old build, as its users did, for tests/data/pack/legacy-*.tsv.xz.
#
# Usage: tools/pack_legacy_vectors.sh OLD_TREE MODEL games|positions < INPUT > OUTPUT
#   OLD_TREE  a worktree of an old commit with its build in OLD_TREE/b (libchesscodec.a and the
#             chesscodec program), e.g. /tmp/old_3f74179 (model 0.1a) or /tmp/old_54164be (0.1b):
#               git worktree add /tmp/old_54164be 54164be
#               cmake -S /tmp/old_54164be -B /tmp/old_54164be/b -DCMAKE_BUILD_TYPE=Release \
#                     -DCHC_BUILD_TESTS=OFF -DCHC_BUILD_BENCH=OFF
#               cmake --build /tmp/old_54164be/b -j2 --target chesscodec
#   MODEL     the name written in the output ("0.1a" or "0.1b")
#   INPUT     from tools/pack_golden (legacy-games or legacy-positions)
# Output: games "model level code variant FEN moves", positions "model code FEN decoded-FEN"
# (tab-separated). A small C program is compiled against the old library (the only way to get
# level-2 codes, which the 0.1 CLI never wrote); the first level-1 codes are compared with the
# old CLI's `convert --to pack` and `encode --to pack` to show they are what users got.
set -euo pipefail
old=$1; model=$2; mode=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/legacy.c" <<'EOF'
/* Packs game lines "level variant FEN moves" or FEN lines with the old library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chesscodec.h"
static char line[1 << 20];
static chc_move moves[20000];
int main(int argc, char **argv)
{
    const char *model = argv[1];
    int games = strcmp(argv[2], "games") == 0;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        chc_position pos;
        if (!games) {
            char code[64], fen[128];
            chc_position back;
            if (chc_position_from_fen(&pos, line, 0, NULL) || chc_pack_position_text(&pos, code) ||
                chc_unpack_position_text(&back, code, NULL)) {
                fprintf(stderr, "cannot pack %s\n", line);
                return 1;
            }
            chc_position_to_fen(&back, fen, sizeof fen, CHC_FEN_SHREDDER);
            printf("%s\t%s\t%s\t%s\n", model, code, line, fen);
            continue;
        }
        char *f[4];
        f[0] = strtok(line, "\t");
        for (int i = 1; i < 4; i++) f[i] = strtok(NULL, "\t");
        if (!f[2]) return 1;
        int level = atoi(f[0]);
        if (chc_position_from_fen(&pos, f[2], strcmp(f[1], "chess960") ? 0 : CHC_FEN_CHESS960, NULL))
            return 1;
        chc_position start = pos;
        size_t n = 0;
        char *ml = f[3] ? strdup(f[3]) : strdup("");
        for (char *t = strtok(ml, " "); t; t = strtok(NULL, " ")) {
            if (chc_move_from_uci(&pos, t, &moves[n], NULL)) return 1;
            chc_undo u;
            chc_make_move(&pos, moves[n++], &u);
        }
        static char code[80000];
        size_t len;
        if (chc_pack_game_text(&start, moves, n, level, code, sizeof code, &len)) return 1;
        printf("%s\t%d\t%s\t%s\t%s\t%s\n", model, level, code, f[1], f[2], f[3] ? f[3] : "");
        free(ml);
    }
    return 0;
}
EOF
cc -O2 -w -I"$old/include" "$work/legacy.c" "$old/b/libchesscodec.a" -lpthread -lm -o "$work/legacy"
cat > "$work/in"
"$work/legacy" "$model" "$mode" < "$work/in" > "$work/out"
# the old CLI agrees on the first level-1 items
if [ "$mode" = games ]; then
  awk -F'\t' '$2 == 1 && n++ < 40' "$work/out" > "$work/l1"
  while IFS=$'\t' read -r _ _ code variant fen mv; do
    var=$([ "$variant" = chess960 ] && echo Chess960 || echo Standard)
    printf '[Event "?"]\n[Variant "%s"]\n[FEN "%s"]\n[SetUp "1"]\n\n' "$var" "$fen"
    # PGN movetext in UCI (the 0.1 reader accepts UCI moves in place of SAN)
    printf '%s *\n\n' "$mv"
  done < "$work/l1" > "$work/l1.pgn"
  "$old/b/chesscodec" convert --to pack -q "$work/l1.pgn" > "$work/cli" || true
  if ! diff -q <(cut -f3 "$work/l1") "$work/cli" >/dev/null; then
    echo "pack_legacy_vectors: the old CLI disagrees with the old library" >&2
    exit 1
  fi
else
  head -40 "$work/out" > "$work/l1"
  cut -f3 "$work/l1" | "$old/b/chesscodec" encode --to pack > "$work/cli"
  if ! diff -q <(cut -f2 "$work/l1") "$work/cli" >/dev/null; then
    echo "pack_legacy_vectors: the old CLI disagrees with the old library" >&2
    exit 1
  fi
fi
cat "$work/out"
