/* The pieces of `chesscodec serve`: the HTTP front (serve_http.c, on libmicrohttpd), the JSON
 * API (serve_api.c, on jansson) and the embedded page (a C file generated at build time from
 * web/dist by tools/web_embed.c; see cli/serve.cmake). Internal to the CLI. */
#ifndef CHC_SERVE_API_H
#define CHC_SERVE_API_H
#include <stddef.h>
#include <stdint.h>

/* Settings shared by the front and the API. */
typedef struct serve_config {
    const char *host;        /* address to bind (default 127.0.0.1) */
    long port;               /* port (0: any free port) */
    long max_body;           /* largest request body accepted, bytes */
    long engine_max_ms;      /* cap on one engine search, milliseconds */
    long engine_slots;       /* engine searches that may run at once */
    long max_connections;    /* connections open at once (idle ones cost no thread) */
    long max_per_ip;         /* connections open at once from one address */
    long idle_timeout;       /* seconds before an idle connection is closed */
    const char *web_root;    /* serve the page from this directory instead (NULL: embedded) */
    int log;                 /* one line per request on stderr */
    const char *db;          /* the position index for /api/explore (NULL: none) */
} serve_config;

/* A reply: HTTP status, content type and a malloc'ed body (the caller frees it); for a 405 the
 * methods allowed (the Allow header), for a 503 the seconds to wait (Retry-After). */
typedef struct serve_reply {
    int status;
    const char *content_type;
    char *body;
    size_t len;
    const char *allow;
    int retry_after;
} serve_reply;

/* Prepares the API (its settings). */
void serve_api_init(const serve_config *cfg);

/* Answers one API request: method ("GET", "POST", ...), path (starting with "/api/"), body
 * (NULL when there is none). Always fills *out with a JSON reply (an error reply on failure). */
void serve_api_handle(const char *method, const char *path, const char *body, size_t len,
                      serve_reply *out);

/* Fills *out with a JSON error reply {"error":{"status":..,"code":..,"message":..}}, the
 * message printf-style. Returns -1 (for readers that fail with it). */
int serve_error_reply(serve_reply *out, int status, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* One embedded file of the page. */
typedef struct serve_asset {
    const char *path;         /* URL path, e.g. "/index.html", "/assets/index-1a2b.js" */
    const char *content_type;
    const unsigned char *data;
    size_t len;
} serve_asset;

/* The generated table (serve_assets.c in the build directory). serve_assets_count is 0 when the
 * page was not built (no node_modules): the server then shows a fallback page. */
extern const serve_asset serve_assets[];
extern const size_t serve_assets_count;

/* Runs the server until SIGINT or SIGTERM. Returns 0, or 1 when it cannot start. */
int serve_run(const serve_config *cfg);
#endif
