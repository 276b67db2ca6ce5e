#!/usr/bin/env bash
# ctest-labels: nosan
# `make install` layout: library (static and shared, with soname), header, CLI, pkg-config
# file; a program built against the installed copy through pkg-config runs; the shared
# library exports only chc_ symbols.
source "$CHC_SRC/tests/lib.sh"
require_tool pkg-config
prefix=$TMP/prefix
cmake --install "$CHC_BUILD" --prefix "$prefix" >/dev/null || failed "cmake --install"
for f in include/chesscodec.h bin/chesscodec lib/libchesscodec.a lib/pkgconfig/chesscodec.pc; do
  [ -e "$prefix/$f" ] && pass || failed "installed $f"
done
so=$(ls "$prefix"/lib/libchesscodec.so.0 2>/dev/null)
[ -n "$so" ] && pass || failed "libchesscodec.so.0 (soname link)"
others=$(nm -D --defined-only "$prefix/lib/libchesscodec.so" | awk '{print $3}' | grep -v '^chc_' | grep -v '^_' || true)
expect_eq "only chc_ symbols exported" "" "$others"
cat > "$TMP/prog.c" <<'C'
#include <chesscodec.h>
#include <stdio.h>
int main(void)
{
    chc_position p;
    chc_position_startpos(&p);
    printf("%d %llu\n", chc_count_legal_moves(&p), (unsigned long long)chc_perft(&p, 3));
    return 0;
}
C
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
cc -std=c11 "$TMP/prog.c" $(pkg-config --cflags chesscodec) $(pkg-config --libs chesscodec) -Wl,-rpath,"$prefix/lib" -o "$TMP/prog_shared" \
  && expect_eq "shared build runs" "20 8902" "$("$TMP/prog_shared")" || failed "build against shared library"
cc -std=c11 "$TMP/prog.c" $(pkg-config --cflags chesscodec) "$prefix/lib/libchesscodec.a" $(pkg-config --libs-only-other --static chesscodec) -lpthread -lm -o "$TMP/prog_static" \
  && expect_eq "static build runs" "20 8902" "$("$TMP/prog_static")" || failed "build against static library"
expect_eq "installed CLI" "8902" "$("$prefix/bin/chesscodec" perft 3)"
finish
