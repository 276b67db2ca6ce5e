# chesscodec serve: link libmicrohttpd and jansson (Debian: libmicrohttpd-dev, libjansson-dev)
# into the CLI, and embed the web page (web/, built with npm + vite) as a generated C file.
#
# The page is built at build time when node and web/node_modules (from `npm ci`, run by
# tests/install-deps.sh) are there; otherwise the program embeds nothing and serves a fallback
# page that says how to build it. Either way the library and the CLI build offline.
option(CHC_WEB_PAGE "Build the web page of `chesscodec serve` when node_modules exist" ON)

set(CHC_SERVE_SOURCES ${CMAKE_SOURCE_DIR}/cli/serve/serve_api.c ${CMAKE_SOURCE_DIR}/cli/serve/serve_http.c)
find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(MHD QUIET IMPORTED_TARGET libmicrohttpd)
  pkg_check_modules(JANSSON QUIET IMPORTED_TARGET jansson)
endif()

if(NOT (MHD_FOUND AND JANSSON_FOUND))
  message(WARNING "chesscodec serve: libmicrohttpd or jansson not found (apt-get install "
                  "libmicrohttpd-dev libjansson-dev): the command will only say so")
  set_source_files_properties(${CHC_SERVE_SOURCES} PROPERTIES HEADER_FILE_ONLY ON)
  return()
endif()

target_compile_definitions(chesscodec PRIVATE CHC_HAVE_SERVE=1)
target_link_libraries(chesscodec PRIVATE PkgConfig::MHD PkgConfig::JANSSON Threads::Threads)
target_include_directories(chesscodec PRIVATE ${CMAKE_SOURCE_DIR}/cli/serve)

set(CHC_WEB_SRC ${CMAKE_SOURCE_DIR}/web)
set(CHC_WEB_DIST ${CMAKE_BINARY_DIR}/web-dist)
set(CHC_WEB_ASSETS_C ${CMAKE_BINARY_DIR}/generated/serve_assets.c)
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/generated)
find_program(CHC_NODE node)
# Re-run CMake when node_modules appear or change (npm ci after a first configure).
file(GLOB CHC_WEB_LOCK CONFIGURE_DEPENDS ${CHC_WEB_SRC}/node_modules/.package-lock.json)

if(CHC_WEB_PAGE AND NOT CHC_BUILD_FUZZ AND CHC_NODE AND CHC_WEB_LOCK
   AND EXISTS ${CHC_WEB_SRC}/node_modules/vite/bin/vite.js)
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
else()
  add_custom_command(
    OUTPUT ${CHC_WEB_ASSETS_C}
    COMMAND tool_web_embed ${CHC_WEB_ASSETS_C}
    DEPENDS tool_web_embed
    COMMENT "Embedding the fallback page (web/node_modules missing: run npm ci in web/)"
    VERBATIM)
  message(STATUS "chesscodec serve: web/node_modules missing: serving a fallback page")
endif()
target_sources(chesscodec PRIVATE ${CHC_WEB_ASSETS_C})
