#!/bin/bash
# ctest-labels: slow
# Bit-exactness of the pack game predictor across compilers and optimisation levels (issue 18:
# prediction feeds the range coder, so every build must compute the same integers).
# pack_bitexact_main.c is built with the predictor's sources (src/core, src/pack/pack_model.c,
# src/pack/pack_models.c, src/pack/draft/) by gcc and clang at -O0 and -O3; every build must print the pinned
# digests of the integer scores (model 1 at both levels, the draft model 2d at both levels)
# and of the draft feature sets 3 and 4 over the same pseudo-random games, and of the draft
# version-2 framing's contexts and second stage (src/pack/draft/pack_v2d_model.c), and of the draft
# model 2e's level 1 (feature set 5: set 3 + the policy net, src/pack/draft/pack_net_draft.c,
# its accumulators updated move by move). The pins also hold
# the draft features to what tools/pack_exp.c computes (checked when they were pinned).
cd "${CHC_SRC:-.}" || exit 1
source tests/lib.sh
require_tool gcc
require_tool clang
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
srcs=(tests/unit/pack/pack_bitexact_main.c src/core/attacks.c src/core/makemove.c
      src/core/movegen.c src/core/position.c src/core/rays.c src/core/zobrist.c
      src/pack/pack_model.c src/pack/pack_models.c src/pack/draft/pack_model_draft.c
      src/pack/draft/pack_v2d_model.c src/pack/draft/pack_net_draft.c
      src/common/diag.c src/common/error.c)
expected="positions 45864
scores v1 level 1 c5c9710a3dc30dc4
scores v1 level 2 3c3360ca904435e2
scores draft 2d level 1 0528ff6fca6a2f5f
scores draft 2d level 2 b6a51f424bb8bc42
features set 3 851a1c2b9808bb4a
features set 4 3d9c5a2cfc9c5f17
draft v2 contexts, stage 2 level 1 d802b14f35e39a37
draft v2 contexts, stage 2 level 2 ccd7463ca638b34c
scores draft 2e level 1 (set 5: set 3 + net) 2224108fbfce867a"
for cc in gcc clang; do
  for opt in -O0 -O3; do
    if ! $cc $opt -std=c11 -mpopcnt -D_POSIX_C_SOURCE=200809L -Isrc -Iinclude "${srcs[@]}" \
         -o "$tmp/bx" 2>"$tmp/err"; then
      failed "$cc $opt: does not build: $(head -5 "$tmp/err")"
      continue
    fi
    expect_eq "$cc $opt digests" "$expected" "$("$tmp/bx")"
  done
done
finish
