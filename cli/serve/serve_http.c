/* The HTTP front of `chesscodec serve`, on libmicrohttpd: one thread per connection (idle ones
 * closed after --idle-timeout, at most --max-per-ip from one address), request bodies
 * collected up to a size limit, /api/ handed to serve_api.c, everything else served from the
 * page embedded at build time (or from --web-root), gzip-compressed when the browser takes it. */
/* realpath() */
#define _XOPEN_SOURCE 700
#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include "../cli.h"
#include "serve_api.h"

/* The state of one request while its body arrives. */
typedef struct request {
    char *body;
    size_t len;
    int too_large;
} request;

static const serve_config *CFG;
/* --web-root with every symbolic link resolved (realpath), checked at start. */
static char *WEB_ROOT;

static const char FALLBACK_PAGE[] =
    "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
    "<title>chesscodec</title></head><body style=\"font-family:sans-serif;max-width:40em;"
    "margin:2em auto\">\n<h1>chesscodec serve</h1>\n"
    "<p>The JSON API works (see <a href=\"/api/info\">/api/info</a> and docs/api.md), but this "
    "binary was built without the web page.</p>\n"
    "<p>To build the page: install Node.js and npm, run <code>npm ci</code> in <code>web/</code> "
    "(or <code>bash tests/install-deps.sh</code>), then build again (<code>make</code>): the page "
    "is embedded in the binary at build time.</p>\n</body></html>\n";

static const char HTML_CSP[] = "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; object-src 'none'; base-uri 'none'; "
                               "frame-ancestors 'none'";

/* How a static file is sent: plain, or gzip-compressed (Content-Encoding), and whether its
 * type is one that is compressed at all (then Vary: Accept-Encoding). */
enum { SEND_PLAIN, SEND_GZIP };

static enum MHD_Result send_response_ex(struct MHD_Connection *c, int status, const char *type,
                                        void *data, size_t len, enum MHD_ResponseMemoryMode mode,
                                        int is_api, const serve_reply *rep, int encoding,
                                        int vary)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(len, data, mode);
    if (!r) {
        if (mode == MHD_RESPMEM_MUST_FREE) free(data);
        return MHD_NO;
    }
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    if (encoding == SEND_GZIP) MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_ENCODING, "gzip");
    if (vary) MHD_add_response_header(r, MHD_HTTP_HEADER_VARY, "Accept-Encoding");
    if (rep && rep->allow) MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, rep->allow);
    if (rep && rep->retry_after > 0) {
        char secs[16];
        snprintf(secs, sizeof secs, "%d", rep->retry_after);
        MHD_add_response_header(r, MHD_HTTP_HEADER_RETRY_AFTER, secs);
    }
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    if (is_api) {
        MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    } else if (strncmp(type, "text/html", 9) == 0) {
        MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
        MHD_add_response_header(r, "Content-Security-Policy", HTML_CSP);
        MHD_add_response_header(r, "X-Frame-Options", "DENY");
    } else {
        MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "public, max-age=3600");
    }
    enum MHD_Result ret = MHD_queue_response(c, (unsigned)status, r);
    MHD_destroy_response(r);
    return ret;
}

static enum MHD_Result send_reply(struct MHD_Connection *c, serve_reply *rep)
{
    return send_response_ex(c, rep->status, rep->content_type, rep->body, rep->len,
                            MHD_RESPMEM_MUST_FREE, 1, rep, SEND_PLAIN, 0);
}

/* An error reply (JSON, as every error of this server); allow: the Allow header of a 405. */
static enum MHD_Result send_error_allow(struct MHD_Connection *c, int status, const char *code,
                                        const char *message, const char *allow)
{
    serve_reply rep;
    serve_error_reply(&rep, status, code, "%s", message);
    rep.allow = allow;
    rep.retry_after = 0;
    return send_reply(c, &rep);
}

static enum MHD_Result send_error(struct MHD_Connection *c, int status, const char *code,
                                  const char *message)
{
    return send_error_allow(c, status, code, message, NULL);
}

/* ---- compression ------------------------------------------------------------------------- */
/* Types worth compressing (text), when the library has gzip; images other than SVG and fonts
 * are compressed already. */
static int compressible(const char *type)
{
    return !(chc_build_features() & CHC_FEATURE_GZIP) ? 0 : strncmp(type, "text/", 5) == 0 || strncmp(type, "image/svg", 9) == 0 ||
           strncmp(type, "application/json", 16) == 0;
}

/* Whether Accept-Encoding takes gzip: "gzip" without q=0, or else "*" without q=0. */
static int accepts_gzip(struct MHD_Connection *c)
{
    const char *ae = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                 MHD_HTTP_HEADER_ACCEPT_ENCODING);
    int gzip = -1, star = -1;
    for (const char *p = ae; p && *p;) {
        while (*p == ' ' || *p == '\t' || *p == ',') p++;
        const char *name = p;
        while (*p && *p != ',' && *p != ';' && *p != ' ' && *p != '\t') p++;
        size_t n = (size_t)(p - name);
        const char *end = strchr(p, ',');
        if (!end) end = p + strlen(p);
        const char *qp = strstr(p, "q=");
        int ok = !(qp && qp < end && strtod(qp + 2, NULL) <= 0);
        if (n == 4 && strncasecmp(name, "gzip", 4) == 0) gzip = ok;
        else if (n == 1 && *name == '*') star = ok;
        p = end;
    }
    return gzip >= 0 ? gzip : star > 0;
}

/* data[0..len) in the gzip format (malloc'ed into *out) by the library's compressor, or -1
 * (also when the library was built without zlib). */
static int gzip_bytes(const unsigned char *data, size_t len, unsigned char **out, size_t *out_len)
{
    char *buf = NULL;
    size_t n = 0;
    cli_out o = {open_memstream(&buf, &n), NULL, NULL, 0};
    chc_compressor *z = NULL;
    int ok = o.f && chc_compressor_new(CHC_COMPRESS_GZIP, 9, 1, cli_out_write, &o, &z, NULL) == CHC_OK &&
             chc_compressor_write(z, data, len) == 0 && chc_compressor_finish(z, NULL) == CHC_OK;
    chc_compressor_free(z);
    if ((o.f && fclose(o.f) != 0) || !ok) {
        free(buf);
        return -1;
    }
    *out = (unsigned char *)buf, *out_len = n;
    return 0;
}

/* The embedded files compressed once at start (NULL where gzip does not pay). */
typedef struct packed_asset {
    unsigned char *data;
    size_t len;
} packed_asset;
static packed_asset *PACKED;

static void pack_assets(void)
{
    PACKED = calloc(serve_assets_count ? serve_assets_count : 1, sizeof *PACKED);
    for (size_t i = 0; PACKED && i < serve_assets_count; i++) {
        const serve_asset *a = &serve_assets[i];
        if (!compressible(a->content_type) || a->len < 256) continue;
        if (gzip_bytes(a->data, a->len, &PACKED[i].data, &PACKED[i].len) == 0 &&
            PACKED[i].len >= a->len) {
            free(PACKED[i].data);
            PACKED[i].data = NULL;
        }
    }
}

static void free_packed(void)
{
    for (size_t i = 0; PACKED && i < serve_assets_count; i++) free(PACKED[i].data);
    free(PACKED);
    PACKED = NULL;
}

/* A static file: compressed when its type is text, the browser takes gzip and gzip pays. */
static enum MHD_Result send_static(struct MHD_Connection *c, const char *type, void *data,
                                   size_t len, enum MHD_ResponseMemoryMode mode,
                                   const packed_asset *packed)
{
    int vary = compressible(type);
    if (vary && accepts_gzip(c)) {
        if (packed && packed->data)
            return send_response_ex(c, 200, type, packed->data, packed->len,
                                    MHD_RESPMEM_PERSISTENT, 0, NULL, SEND_GZIP, 1);
        unsigned char *z;
        size_t zlen;
        if (!packed && len >= 256 && gzip_bytes(data, len, &z, &zlen) == 0) {
            if (zlen < len) {
                if (mode == MHD_RESPMEM_MUST_FREE) free(data);
                return send_response_ex(c, 200, type, z, zlen, MHD_RESPMEM_MUST_FREE, 0, NULL,
                                        SEND_GZIP, 1);
            }
            free(z);
        }
    }
    return send_response_ex(c, 200, type, data, len, mode, 0, NULL, SEND_PLAIN, vary);
}

static const char *type_of(const char *path)
{
    static const struct {
        const char *ext, *type;
    } TYPES[] = {
        {".html", "text/html; charset=utf-8"},     {".js", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},       {".svg", "image/svg+xml"},
        {".png", "image/png"},                     {".ico", "image/x-icon"},
        {".json", "application/json"},             {".woff2", "font/woff2"},
        {".txt", "text/plain; charset=utf-8"},     {".map", "application/json"},
    };
    const char *dot = strrchr(path, '.');
    if (dot)
        for (size_t i = 0; i < sizeof TYPES / sizeof TYPES[0]; i++)
            if (strcmp(dot, TYPES[i].ext) == 0) return TYPES[i].type;
    return "application/octet-stream";
}

/* A path under --web-root: letters, digits and "-_./" only, no "..", no name starting with a
 * dot (no dotfiles: .git, .env, .htpasswd...). */
static int safe_path(const char *p)
{
    if (p[0] != '/' || strstr(p, "..") || strstr(p, "//") || strstr(p, "/.")) return 0;
    for (; *p; p++) {
        unsigned char ch = (unsigned char)*p;
        if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
              ch == '-' || ch == '_' || ch == '.' || ch == '/'))
            return 0;
    }
    return 1;
}

static enum MHD_Result serve_file_from_root(struct MHD_Connection *c, const char *path)
{
    if (!safe_path(path)) return send_error(c, 404, "not_found", "no such page");
    size_t n = strlen(WEB_ROOT) + strlen(path) + 1, rn = strlen(WEB_ROOT);
    char *full = malloc(n);
    if (!full) return MHD_NO;
    snprintf(full, n, "%s%s", WEB_ROOT, path);
    /* Symbolic links are followed only when they stay inside the root. */
    char *real = realpath(full, NULL);
    free(full);
    int inside = real && strncmp(real, WEB_ROOT, rn) == 0 && real[rn] == '/';
    FILE *f = inside ? fopen(real, "rb") : NULL;
    free(real);
    struct stat st;
    size_t len = 0;
    int found = f && fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode);
    char *data = found ? cli_read_all(f, SIZE_MAX - 1, &len, 0) : NULL;
    if (f) fclose(f);
    if (!data) return send_error(c, found ? 500 : 404, found ? "internal" : "not_found",
                                 found ? "cannot read the file" : "no such page");
    return send_static(c, type_of(path), data, len, MHD_RESPMEM_MUST_FREE, NULL);
}

static enum MHD_Result serve_static(struct MHD_Connection *c, const char *url)
{
    const char *path = strcmp(url, "/") == 0 ? "/index.html" : url;
    if (CFG->web_root) return serve_file_from_root(c, path);
    for (size_t i = 0; i < serve_assets_count; i++)
        if (strcmp(serve_assets[i].path, path) == 0)
            return send_static(c, serve_assets[i].content_type, (void *)serve_assets[i].data,
                               serve_assets[i].len, MHD_RESPMEM_PERSISTENT,
                               PACKED ? &PACKED[i] : NULL);
    if (serve_assets_count == 0 && strcmp(path, "/index.html") == 0)
        return send_static(c, "text/html; charset=utf-8", (void *)FALLBACK_PAGE,
                           sizeof FALLBACK_PAGE - 1, MHD_RESPMEM_PERSISTENT, NULL);
    return send_error(c, 404, "not_found", "no such page");
}

/* Bound to loopback, the server answers only requests addressed to a loopback name: a web page
 * elsewhere cannot reach it through a DNS name that resolves to 127.0.0.1 (DNS rebinding). */
static int loopback_only;

static int is_loopback_name(const char *h, size_t n)
{
    if (n == 9 && strncmp(h, "localhost", 9) == 0) return 1;
    if (n == 5 && strncmp(h, "[::1]", 5) == 0) return 1;
    if (n >= 4 && n <= 15 && strncmp(h, "127.", 4) == 0) {
        for (size_t i = 4; i < n; i++)
            if (!((h[i] >= '0' && h[i] <= '9') || h[i] == '.')) return 0;
        return 1;
    }
    return 0;
}

static int host_allowed(struct MHD_Connection *c)
{
    if (!loopback_only) return 1;
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
    if (!host) return 1; /* HTTP/1.0 without Host */
    size_t n = strlen(host);
    const char *colon = strrchr(host, ':');
    if (colon && (host[0] != '[' || colon > strchr(host, ']'))) n = (size_t)(colon - host);
    return is_loopback_name(host, n);
}

static void log_request(const char *method, const char *url, int status)
{
    if (CFG->log) fprintf(stderr, "%s %s %d\n", method, url, status);
}

/* An error reply to a request, logged; 413 says the size limit. */
static enum MHD_Result refuse(struct MHD_Connection *c, const char *method, const char *url,
                              int status, const char *code, const char *message)
{
    char msg[128];
    if (status == 413) {
        snprintf(msg, sizeof msg, "the request body is larger than %ld bytes", CFG->max_body);
        message = msg;
    }
    log_request(method, url, status);
    return send_error(c, status, code, message);
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **con_cls)
{
    request *rq = *con_cls;
    int is_api = strncmp(url, "/api/", 5) == 0 || strcmp(url, "/api") == 0;
    if (!rq) {
        rq = calloc(1, sizeof *rq);
        if (!rq) return MHD_NO;
        *con_cls = rq;
        if (!host_allowed(c)) {
            rq->too_large = 1; /* drop any body */
            return refuse(c, method, url, 421, "bad_host",
                          "this server answers only requests for localhost or 127.0.0.1");
        }
        /* Refuse a body announced too large before reading it. */
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                     MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (cl) {
            char *end;
            errno = 0;
            unsigned long long n = strtoull(cl, &end, 10);
            if (errno || *end || n > (unsigned long long)CFG->max_body) {
                rq->too_large = 1;
                return refuse(c, method, url, 413, "body_too_large", NULL);
            }
        }
        return MHD_YES;
    }
    if (*upload_data_size) {
        size_t n = *upload_data_size;
        *upload_data_size = 0;
        if (rq->too_large || rq->len + n > (size_t)CFG->max_body) {
            rq->too_large = 1; /* keep reading (and dropping) until the end, then answer 413 */
            return MHD_YES;
        }
        char *p = realloc(rq->body, rq->len + n + 1);
        if (!p) return MHD_NO;
        rq->body = p;
        memcpy(rq->body + rq->len, upload_data, n);
        rq->len += n;
        rq->body[rq->len] = 0;
        return MHD_YES;
    }
    if (rq->too_large) return refuse(c, method, url, 413, "body_too_large", NULL);
    if (is_api) {
        serve_reply rep;
        serve_api_handle(method, url, rq->body, rq->len, &rep);
        log_request(method, url, rep.status);
        return send_reply(c, &rep);
    }
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) {
        log_request(method, url, 405);
        return send_error_allow(c, 405, "method_not_allowed", "pages are read with GET",
                                "GET, HEAD");
    }
    log_request(method, url, 200);
    return serve_static(c, url);
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
                      enum MHD_RequestTerminationCode toe)
{
    request *rq = *con_cls;
    if (rq) {
        free(rq->body);
        free(rq);
    }
    *con_cls = NULL;
}

int serve_run(const serve_config *cfg)
{
    CFG = cfg;
    struct addrinfo hints, *ai = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV;
    char port[16];
    snprintf(port, sizeof port, "%ld", cfg->port);
    /* Numeric addresses only (no name lookups), and "localhost". */
    const char *host = strcmp(cfg->host, "localhost") == 0 ? "127.0.0.1" : cfg->host;
    int gai = getaddrinfo(host, port, &hints, &ai);
    if (gai != 0 || !ai) {
        fprintf(stderr, "chesscodec serve: cannot use host '%s' (give a numeric IPv4 or IPv6 "
                        "address, or localhost): %s\n", cfg->host, gai ? gai_strerror(gai) : "no address");
        return 1;
    }
    /* --web-root: a folder that exists, resolved once (links inside it are then checked). */
    if (cfg->web_root) {
        struct stat st;
        WEB_ROOT = realpath(cfg->web_root, NULL);
        const char *why = !WEB_ROOT ? strerror(errno)
                        : stat(WEB_ROOT, &st) != 0 ? strerror(errno)
                        : !S_ISDIR(st.st_mode) ? "not a folder" : NULL;
        if (why) {
            fprintf(stderr, "chesscodec serve: --web-root %s: %s\n", cfg->web_root, why);
            free(WEB_ROOT);
            WEB_ROOT = NULL;
            freeaddrinfo(ai);
            return 1;
        }
    }
    serve_api_init(cfg);
    pack_assets();

    /* Signals: SIGINT/SIGTERM are taken by sigwait() below, in this thread only. */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);

    if (ai->ai_family == AF_INET)
        loopback_only = (ntohl(((struct sockaddr_in *)ai->ai_addr)->sin_addr.s_addr) >> 24) == 127;
    else if (ai->ai_family == AF_INET6)
        loopback_only = IN6_IS_ADDR_LOOPBACK(&((struct sockaddr_in6 *)ai->ai_addr)->sin6_addr);
    /* One thread per connection (a long engine search or picture never holds up another
     * connection), up to --max-connections (default 512) and --max-per-ip from one address;
     * a connection idle for --idle-timeout seconds is closed, so idle ones cannot take every
     * slot for long. (A polling thread pool would queue requests on a keep-alive connection
     * behind the search of another connection handled by the same thread.) */
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD;
    if (ai->ai_family == AF_INET6) flags |= MHD_USE_IPv6;
    struct MHD_Daemon *d = MHD_start_daemon(
        flags, (uint16_t)cfg->port, NULL, NULL, handle, NULL,
        MHD_OPTION_SOCK_ADDR, ai->ai_addr,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)cfg->max_connections,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)cfg->max_per_ip,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)cfg->idle_timeout,
        MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
        MHD_OPTION_END);
    if (!d) {
        free(WEB_ROOT);
        WEB_ROOT = NULL;
        free_packed();
        freeaddrinfo(ai);
        fprintf(stderr, "chesscodec serve: cannot listen on %s port %ld (in use, or not allowed)\n",
                cfg->host, cfg->port);
        return 1;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    long bound = info ? info->port : cfg->port;
    const char *page = cfg->web_root ? cfg->web_root : serve_assets_count ? "embedded" : "fallback";
    printf("chesscodec serve: listening on http://%s%s%s:%ld/ (page: %s)\n",
           ai->ai_family == AF_INET6 ? "[" : "", host, ai->ai_family == AF_INET6 ? "]" : "",
           bound, page);
    cli_flush();
    if (!loopback_only)
        fprintf(stderr, "chesscodec serve: warning: listening on %s, not loopback: anyone who can "
                        "reach this machine can use the page and the API (no authentication)\n",
                cfg->host);
    freeaddrinfo(ai);

    int sig = 0;
    while (sigwait(&set, &sig) != 0) {
    }
    MHD_stop_daemon(d);
    free(WEB_ROOT);
    WEB_ROOT = NULL;
    free_packed();
    fprintf(stderr, "chesscodec serve: stopped (signal %d)\n", sig);
    return 0;
}
