# `chesscodec play`: the full-screen game uses ncurses (Debian: libncurses-dev), with wide
# character support so that Unicode pieces and emoji codes draw correctly. Without it the
# program still builds, and `play` offers only its --line mode.
if(NOT CHC_MINIMAL)
  set(CURSES_NEED_NCURSES TRUE)
  set(CURSES_NEED_WIDE TRUE)
  find_package(Curses QUIET)
endif()
if(CURSES_FOUND AND NOT CHC_MINIMAL)
  target_include_directories(chesscodec PRIVATE ${CURSES_INCLUDE_DIRS})
  target_link_libraries(chesscodec PRIVATE ${CURSES_LIBRARIES})
  target_compile_definitions(chesscodec PRIVATE CHC_HAVE_CURSES=1)
  list(APPEND CHC_FEATURES curses)
else()
  chc_optional_missing("full-screen play (play --line works)" "ncurses"
                       "apt-get install libncurses-dev, or make deps")
endif()
