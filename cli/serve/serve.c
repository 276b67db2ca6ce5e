/* chesscodec serve: a web page to play and share games, and a JSON API (docs/api.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli.h"
#include "serve_api.h"

static const cli_opt opts[] = {
    {"--host", NULL, "ADDR", "numeric IPv4/IPv6 address to listen on, or localhost (default\n"
                             "127.0.0.1: this machine only; 0.0.0.0 opens it to all)"},
    {"--port", NULL, "N", "port (default 8080; 0 picks a free one, printed at start)"},
    {"--max-body", NULL, "BYTES", "largest request body accepted (default 65536)"},
    {"--engine-ms", NULL, "MS", "cap on one engine search in milliseconds (default 5000)"},
    {"--engine-slots", NULL, "N", "engine searches that may run at once (default 2)"},
    {"--max-connections", NULL, "N", "connections open at once, one thread each (default 512)"},
    {"--max-per-ip", NULL, "N", "connections open at once from one address (default 128)"},
    {"--idle-timeout", NULL, "S", "seconds before an idle connection is closed (default 10)"},
    {"--web-root", NULL, "DIR", "serve the page from DIR (e.g. web/dist) instead of the copy\n"
                                "embedded in the program (no dotfiles, nothing outside DIR)"},
    {"--log", NULL, NULL, "print one line per request on stderr"},
    {"--db", NULL, "FILE", "a position index (chesscodec index) for /api/explore and the\n"
                           "page's explorer beside the board"},
    {NULL, NULL, NULL, NULL}};
const cli_spec serve_spec = {
    "serve", NULL,
    "Serves a web page (a board to play on, every code live, a link that reopens the game)\n"
    "and a JSON API (see docs/api.md) until interrupted (Ctrl-C or SIGTERM).\n",
    NULL, opts,
    "The first line on stdout names the address, e.g.\n"
    "  chesscodec serve: listening on http://127.0.0.1:8080/ (page: embedded)\n",
    0, "unexpected argument (see chesscodec serve --help)"};

/* Reads an integer option within [lo, hi] into *out (kept when absent); returns 0 or -1. */
static int opt_long(const cli_args *a, const char *name, long lo, long hi, long *out)
{
    const char *v = cli_get(a, name);
    if (v && (cli_parse_long(v, out) != 0 || *out < lo || *out > hi)) {
        cli_error("serve", "%s must be a number from %ld to %ld", name, lo, hi);
        return -1;
    }
    return 0;
}

int cmd_serve(const cli_args *a)
{
    serve_config cfg = {.host = "127.0.0.1", .port = 8080, .max_body = 65536,
                        .engine_max_ms = 5000, .engine_slots = 2, .max_connections = 512,
                        .max_per_ip = 128, .idle_timeout = 10, .web_root = NULL, .log = 0};
    if (cli_get(a, "--host")) cfg.host = cli_get(a, "--host");
    cfg.web_root = cli_get(a, "--web-root");
    cfg.log = cli_get(a, "--log") != NULL;
    cfg.db = cli_get(a, "--db");
    if (cfg.db) { /* refused now rather than at the first request */
        chc_index *ix = NULL;
        chc_diag d = CHC_DIAG_INIT;
        int rc = chc_index_open(cfg.db, CHC_INDEX_READ_ONLY, 0, &ix, &d);
        chc_index_close(ix);
        if (rc != CHC_OK) {
            cli_error("serve", "--db: %s", cli_diag_text(rc, &d));
            return CLI_BAD_INPUT;
        }
    }
    if (!*cfg.host || (cfg.web_root && !*cfg.web_root)) {
        cli_error("serve", "%s needs a value", *cfg.host ? "--web-root" : "--host");
        return CLI_USAGE;
    }
    if (opt_long(a, "--port", 0, 65535, &cfg.port) ||
        opt_long(a, "--max-body", 64, 64L << 20, &cfg.max_body) ||
        opt_long(a, "--engine-ms", 1, 600000, &cfg.engine_max_ms) ||
        opt_long(a, "--engine-slots", 1, 64, &cfg.engine_slots) ||
        opt_long(a, "--max-connections", 1, 10000, &cfg.max_connections) ||
        opt_long(a, "--max-per-ip", 1, 10000, &cfg.max_per_ip) ||
        opt_long(a, "--idle-timeout", 1, 3600, &cfg.idle_timeout))
        return CLI_USAGE;
#ifdef CHC_HAVE_SERVE
    return serve_run(&cfg) == 0 ? CLI_OK : CLI_BAD_INPUT;
#else
    cli_error("serve", "this program was built without libmicrohttpd and jansson "
                       "(install libmicrohttpd-dev and libjansson-dev, then build again)");
    return CLI_BAD_INPUT;
#endif
}
