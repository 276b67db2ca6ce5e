# `chesscodec render --to png`: the SVG picture rasterised by librsvg and cairo (Debian:
# librsvg2-dev). Without them the program still builds, and `render` writes SVG only.
if(NOT CHC_MINIMAL)
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(RSVG QUIET IMPORTED_TARGET librsvg-2.0 cairo)
  endif()
endif()
if(RSVG_FOUND AND NOT CHC_MINIMAL)
  target_link_libraries(chesscodec PRIVATE PkgConfig::RSVG)
  target_compile_definitions(chesscodec PRIVATE CHC_HAVE_PNG=1)
  list(APPEND CHC_FEATURES png)
else()
  chc_optional_missing("render --to png" "librsvg and cairo"
                       "apt-get install pkg-config librsvg2-dev, or make deps")
endif()
