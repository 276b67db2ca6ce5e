/* chesscodec serve: a web page to play and share games, and a JSON API (docs/api.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli.h"
#ifdef CHC_HAVE_SERVE
#include "serve_api.h"
#endif

static void serve_usage(FILE *f)
{
    fprintf(f,
            "usage: chesscodec serve [--host ADDR] [--port N] [OPTIONS]\n\n"
            "Serves a web page (a board to play on, every code live, a link that reopens the\n"
            "game) and a JSON API (see docs/api.md) until interrupted (Ctrl-C or SIGTERM).\n\n"
            "options:\n"
            "  --host ADDR        numeric IPv4/IPv6 address to listen on, or localhost\n"
            "                     (default 127.0.0.1: this machine only; 0.0.0.0 opens it to all)\n"
            "  --port N           port (default 8080; 0 picks a free one, printed at start)\n"
            "  --max-body BYTES   largest request body accepted (default 65536)\n"
            "  --engine-ms MS     cap on one engine search in milliseconds (default 5000)\n"
            "  --engine-slots N   engine searches that may run at once (default 2)\n"
            "  --max-connections N  connections served at once (default 64)\n"
            "  --web-root DIR     serve the page from DIR (e.g. web/dist) instead of the\n"
            "                     copy embedded in the program\n"
            "  --log              print one line per request on stderr\n"
            "  -h, --help         show this help\n\n"
            "The first line on stdout names the address, e.g.\n"
            "  chesscodec serve: listening on http://127.0.0.1:8080/ (page: embedded)\n");
}

/* Parses an integer option value within [lo, hi]; returns 0 or -1. */
static int opt_long(const char *name, const char *value, long lo, long hi, long *out)
{
    if (!value) {
        cli_error("serve", "%s needs a value", name);
        return -1;
    }
    if (cli_parse_long(value, out) != 0 || *out < lo || *out > hi) {
        cli_error("serve", "%s must be a number from %ld to %ld", name, lo, hi);
        return -1;
    }
    return 0;
}

int cmd_serve(int argc, char **argv)
{
    const char *host = "127.0.0.1", *web_root = NULL;
    long port = 8080, max_body = 65536, engine_ms = 5000, slots = 2, conns = 64;
    int log = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (cli_is_help(a)) {
            serve_usage(stdout);
            return CLI_OK;
        } else if (strcmp(a, "--host") == 0) {
            if (!v || !*v) {
                cli_error("serve", "--host needs an address");
                return CLI_USAGE;
            }
            host = v;
            i++;
        } else if (strcmp(a, "--port") == 0) {
            if (opt_long(a, v, 0, 65535, &port)) return CLI_USAGE;
            i++;
        } else if (strcmp(a, "--max-body") == 0) {
            if (opt_long(a, v, 64, 64L << 20, &max_body)) return CLI_USAGE;
            i++;
        } else if (strcmp(a, "--engine-ms") == 0) {
            if (opt_long(a, v, 1, 600000, &engine_ms)) return CLI_USAGE;
            i++;
        } else if (strcmp(a, "--engine-slots") == 0) {
            if (opt_long(a, v, 1, 64, &slots)) return CLI_USAGE;
            i++;
        } else if (strcmp(a, "--max-connections") == 0) {
            if (opt_long(a, v, 1, 10000, &conns)) return CLI_USAGE;
            i++;
        } else if (strcmp(a, "--web-root") == 0) {
            if (!v || !*v) {
                cli_error("serve", "--web-root needs a directory");
                return CLI_USAGE;
            }
            web_root = v;
            i++;
        } else if (strcmp(a, "--log") == 0) {
            log = 1;
        } else {
            cli_error("serve", "unknown option '%s' (see chesscodec serve --help)", a);
            return CLI_USAGE;
        }
    }
#ifdef CHC_HAVE_SERVE
    serve_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.host = host;
    cfg.port = (int)port;
    cfg.max_body = (size_t)max_body;
    cfg.engine_max_ms = engine_ms;
    cfg.engine_slots = (int)slots;
    cfg.max_connections = (int)conns;
    cfg.web_root = web_root;
    cfg.log = log;
    return serve_run(&cfg) == 0 ? CLI_OK : CLI_BAD_INPUT;
#else
    (void)host, (void)web_root, (void)port, (void)max_body, (void)engine_ms, (void)slots,
        (void)conns, (void)log;
    cli_error("serve", "this program was built without libmicrohttpd and jansson "
                       "(install libmicrohttpd-dev and libjansson-dev, then build again)");
    return CLI_BAD_INPUT;
#endif
}
