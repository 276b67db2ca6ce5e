# chesscodec bot: libcurl (loaded at run time) and jansson (Debian: libcurl4-openssl-dev, libjansson-dev) into
# the CLI. Without them `chesscodec bot` says what to install; the answers themselves are the
# library's (chc_bot_answer) and always built.
set(CHC_BOT_MISSING "")
if(CHC_MINIMAL)
  set(CHC_BOT_MISSING "libcurl, jansson")
else()
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(CURL QUIET IMPORTED_TARGET libcurl)
    pkg_check_modules(JANSSON QUIET IMPORTED_TARGET jansson)
    if(NOT CURL_FOUND)
      list(APPEND CHC_BOT_MISSING libcurl)
    endif()
    if(NOT JANSSON_FOUND)
      list(APPEND CHC_BOT_MISSING jansson)
    endif()
    list(JOIN CHC_BOT_MISSING ", " CHC_BOT_MISSING)
  else()
    set(CHC_BOT_MISSING "pkg-config (to find libcurl and jansson)")
  endif()
endif()

if(CHC_BOT_MISSING)
  chc_optional_missing("bot" "${CHC_BOT_MISSING}"
                       "apt-get install pkg-config libcurl4-openssl-dev libjansson-dev, or make deps")
  return()
endif()

list(APPEND CHC_FEATURES bot)
target_compile_definitions(chesscodec PRIVATE CHC_HAVE_BOT=1)
# libcurl: its headers at build time, the library loaded when the bot starts (cli/bot/bot.c).
target_include_directories(chesscodec SYSTEM PRIVATE ${CURL_INCLUDE_DIRS})
target_compile_options(chesscodec PRIVATE ${CURL_CFLAGS_OTHER})
target_link_libraries(chesscodec PRIVATE PkgConfig::JANSSON ${CMAKE_DL_LIBS})
