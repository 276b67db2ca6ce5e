# chesscodec serve: link libmicrohttpd and jansson (Debian: libmicrohttpd-dev, libjansson-dev)
# into the CLI, and embed the web page (web/, built with npm + vite) as a generated C file.
#
# The page is built at build time when node and web/node_modules (from `npm ci`, run by
# tests/install-deps.sh) are there; otherwise the program embeds nothing and serves a fallback
# page that says how to build it. Either way the library and the CLI build offline.
option(CHC_WEB_PAGE "Build the web page of `chesscodec serve` when node_modules exist" ON)

set(CHC_SERVE_SOURCES ${CMAKE_SOURCE_DIR}/cli/serve/serve_api.c ${CMAKE_SOURCE_DIR}/cli/serve/serve_http.c)
set(CHC_SERVE_MISSING "")
if(CHC_MINIMAL)
  set(CHC_SERVE_MISSING "libmicrohttpd, jansson")
else()
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(MHD QUIET IMPORTED_TARGET libmicrohttpd)
    pkg_check_modules(JANSSON QUIET IMPORTED_TARGET jansson)
    if(NOT MHD_FOUND)
      list(APPEND CHC_SERVE_MISSING libmicrohttpd)
    endif()
    if(NOT JANSSON_FOUND)
      list(APPEND CHC_SERVE_MISSING jansson)
    endif()
    list(JOIN CHC_SERVE_MISSING ", " CHC_SERVE_MISSING)
  else()
    set(CHC_SERVE_MISSING "pkg-config (to find libmicrohttpd and jansson)")
  endif()
endif()

if(CHC_SERVE_MISSING)
  chc_optional_missing("serve" "${CHC_SERVE_MISSING}"
                       "apt-get install pkg-config libmicrohttpd-dev libjansson-dev, or make deps")
  set_source_files_properties(${CHC_SERVE_SOURCES} PROPERTIES HEADER_FILE_ONLY ON)
  return()
endif()

list(APPEND CHC_FEATURES serve)
target_compile_definitions(chesscodec PRIVATE CHC_HAVE_SERVE=1)
target_link_libraries(chesscodec PRIVATE PkgConfig::MHD PkgConfig::JANSSON Threads::Threads)
target_include_directories(chesscodec PRIVATE ${CMAKE_SOURCE_DIR}/cli/serve)
# zlib (Debian: zlib1g-dev): the page's files are sent gzip-compressed to browsers that accept it.
find_package(ZLIB QUIET)
if(ZLIB_FOUND AND NOT CHC_MINIMAL)
  target_compile_definitions(chesscodec PRIVATE CHC_HAVE_ZLIB=1)
  target_link_libraries(chesscodec PRIVATE ZLIB::ZLIB)
  list(APPEND CHC_FEATURES gzip)
else()
  chc_optional_missing("gzip compression of the page by serve" "zlib"
                       "apt-get install zlib1g-dev, or make deps")
endif()

set(CHC_WEB_SRC ${CMAKE_SOURCE_DIR}/web)
set(CHC_WEB_DIST ${CMAKE_BINARY_DIR}/web-dist)
set(CHC_WEB_ASSETS_C ${CMAKE_BINARY_DIR}/generated/serve_assets.c)
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/generated)
set(CHC_WEB_BUILD OFF)
if(CHC_WEB_PAGE AND NOT CHC_BUILD_FUZZ AND NOT CHC_MINIMAL)
  find_program(CHC_NODE node)
  # Re-run CMake when node_modules appear or change (npm ci after a first configure).
  file(GLOB CHC_WEB_LOCK CONFIGURE_DEPENDS ${CHC_WEB_SRC}/node_modules/.package-lock.json)
  if(CHC_NODE AND CHC_WEB_LOCK AND EXISTS ${CHC_WEB_SRC}/node_modules/vite/bin/vite.js)
    set(CHC_WEB_BUILD ON)
  endif()
endif()

if(CHC_WEB_BUILD)
  file(GLOB_RECURSE CHC_WEB_INPUTS CONFIGURE_DEPENDS
       ${CHC_WEB_SRC}/src/* ${CHC_WEB_SRC}/public/*)
  add_custom_command(
    OUTPUT ${CHC_WEB_ASSETS_C}
    COMMAND ${CHC_NODE} ${CHC_WEB_SRC}/node_modules/vite/bin/vite.js build
            --outDir ${CHC_WEB_DIST} --emptyOutDir --logLevel warn
    COMMAND tool_web_embed ${CHC_WEB_ASSETS_C} ${CHC_WEB_DIST}
    WORKING_DIRECTORY ${CHC_WEB_SRC}
    DEPENDS ${CHC_WEB_INPUTS} ${CHC_WEB_SRC}/index.html ${CHC_WEB_SRC}/package-lock.json
            ${CHC_WEB_LOCK} tool_web_embed
    COMMENT "Building the web page (vite) and embedding it"
    VERBATIM)
  message(STATUS "chesscodec serve: the web page is built with vite and embedded")
  list(APPEND CHC_FEATURES webpage)
else()
  if(NOT CHC_WEB_PAGE OR CHC_BUILD_FUZZ)
    message(STATUS "chesscodec serve: web page not built (CHC_WEB_PAGE=OFF or a fuzz build)")
  elseif(CHC_MINIMAL)
    chc_optional_missing("the web page of serve (a fallback page is served)"
                         "node, web/node_modules" "make deps, or npm ci in web/")
  elseif(NOT CHC_NODE)
    chc_optional_missing("the web page of serve (a fallback page is served)" "node"
                         "apt-get install nodejs npm, then make deps")
  else()
    chc_optional_missing("the web page of serve (a fallback page is served)" "web/node_modules"
                         "make deps, or npm ci in web/")
  endif()
  add_custom_command(
    OUTPUT ${CHC_WEB_ASSETS_C}
    COMMAND tool_web_embed ${CHC_WEB_ASSETS_C}
    DEPENDS tool_web_embed
    COMMENT "Embedding the fallback page (web/node_modules missing: run npm ci in web/)"
    VERBATIM)
endif()
target_sources(chesscodec PRIVATE ${CHC_WEB_ASSETS_C})
