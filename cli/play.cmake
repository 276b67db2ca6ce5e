# `chesscodec play`: the full-screen game uses ncurses (Debian: libncurses-dev), with wide
# character support so that Unicode pieces and emoji codes draw correctly. Without it the
# program still builds, and `play` offers only its --line mode.
set(CURSES_NEED_NCURSES TRUE)
set(CURSES_NEED_WIDE TRUE)
find_package(Curses QUIET)
if(CURSES_FOUND)
  target_include_directories(chesscodec PRIVATE ${CURSES_INCLUDE_DIRS})
  target_link_libraries(chesscodec PRIVATE ${CURSES_LIBRARIES})
  target_compile_definitions(chesscodec PRIVATE CHC_HAVE_CURSES=1)
else()
  message(STATUS "ncurses (wide) not found: `chesscodec play` will offer only --line mode")
endif()
