/* chesscodec bot: the covert chess bot for Telegram (docs/bot.md). The answers are the
 * library's (chc_bot_answer); this file is the transport: long polling getUpdates, then
 * sendMessage and sendPhoto, with libcurl and jansson. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../cli.h"

static const cli_opt opts[] = {
    {"--token-file", NULL, "FILE", "read the bot token (from BotFather) from the first line of FILE\n"
                                   "(default: the environment variable CHC_BOT_TOKEN)"},
    {"--state", NULL, "FILE", "keep the next update offset in FILE, so that a restart goes on\n"
                              "where it stopped (written atomically after each update)"},
    {"--api-url", NULL, "URL", "the Bot API server (default https://api.telegram.org; a\n"
                               "self-hosted telegram-bot-api server, or a test server)"},
    {"--poll-timeout", NULL, "SECONDS", "long polling timeout of getUpdates (default 30)"},
    {"--max-backoff", NULL, "SECONDS", "longest wait between retries after errors (default 60)"},
    {"--page", NULL, "URL", "add a link to chesscodec's page at URL (a `chesscodec serve`)"},
    {NULL, NULL, NULL, NULL}};
const cli_spec bot_spec = {
    "bot", NULL,
    "Runs the covert chess bot on Telegram until interrupted (Ctrl-C or SIGTERM): every\n"
    "command of covert-chess-bot (/startgame /encode /decode /resign /mix /extract /move\n"
    "/edit /help, an emoji alone), answered by chc_bot_answer(), with a board picture when\n"
    "the program was built with PNG pictures. One line per request on stderr. The token\n"
    "is never taken from the command line.\n",
    NULL, opts,
    "Exit status: 0 stopped by a signal, 1 the token was refused or an error at start, 2 bad usage.\n"
    "Example: chesscodec bot --token-file ~/.config/chesscodec/bot-token --state ~/.cache/chesscodec-bot.offset\n",
    0, "unexpected argument (see chesscodec bot --help; the token goes in --token-file or CHC_BOT_TOKEN)"};

#ifdef CHC_HAVE_BOT
#include <curl/curl.h>
#include <jansson.h>
#include <unistd.h>

#include <dlfcn.h>

/* libcurl is loaded when the bot starts (dlopen), not with the program: with its TLS and
 * Kerberos libraries it was a third of every chesscodec command's start-up. */
#define CURL_FUNCTIONS(X)                                                                      \
    X(CURLcode, global_init, (long))                                                           \
    X(void, global_cleanup, (void))                                                            \
    X(CURL *, easy_init, (void))                                                               \
    X(void, easy_cleanup, (CURL *))                                                            \
    X(void, easy_reset, (CURL *))                                                              \
    X(CURLcode, easy_setopt, (CURL *, CURLoption, ...))                                        \
    X(CURLcode, easy_getinfo, (CURL *, CURLINFO, ...))                                         \
    X(CURLcode, easy_perform, (CURL *))                                                        \
    X(const char *, easy_strerror, (CURLcode))                                                 \
    X(struct curl_slist *, slist_append, (struct curl_slist *, const char *))                  \
    X(void, slist_free_all, (struct curl_slist *))                                             \
    X(curl_mime *, mime_init, (CURL *))                                                        \
    X(void, mime_free, (curl_mime *))                                                          \
    X(curl_mimepart *, mime_addpart, (curl_mime *))                                            \
    X(CURLcode, mime_name, (curl_mimepart *, const char *))                                    \
    X(CURLcode, mime_filename, (curl_mimepart *, const char *))                                \
    X(CURLcode, mime_type, (curl_mimepart *, const char *))                                    \
    X(CURLcode, mime_data, (curl_mimepart *, const char *, size_t))

#define CURL_POINTER(ret, name, params) ret(*name) params;
static struct {
    CURL_FUNCTIONS(CURL_POINTER)
} cx;

/* Loads libcurl into cx; 0, or -1 after saying why. */
static int load_curl(void)
{
    void *h = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        cli_error("bot", "libcurl could not be loaded (%s; apt-get install libcurl4)", e ? e : "not found");
        return -1;
    }
#define CURL_LOAD(ret, name, params)                                                           \
    {                                                                                          \
        void *f = dlsym(h, "curl_" #name);                                                     \
        if (!f) return cli_error("bot", "libcurl has no curl_%s (too old?)", #name), -1;       \
        memcpy(&cx.name, &f, sizeof f);                                                        \
    }
    CURL_FUNCTIONS(CURL_LOAD)
    return 0;
}

#define BODY_MAX (8u << 20) /* largest API reply read */

static volatile sig_atomic_t stop_flag;
static void on_signal(int sig) { (void)sig; stop_flag = 1; }

typedef struct bot {
    CURL *curl;
    char *base;          /* API-URL/bot<token>/ (never logged) */
    const char *state;   /* --state FILE or NULL */
    const char *page;
    long long offset;    /* the next update wanted */
    long poll, max_backoff;
    int png;
} bot;

typedef struct bytes {
    char *p;
    size_t len, cap;
} bytes;

static int bytes_add(bytes *b, const void *d, size_t n)
{
    if (b->len + n > BODY_MAX) return -1;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1) cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) return -1;
        b->p = p, b->cap = cap;
    }
    memcpy(b->p + b->len, d, n);
    b->len += n;
    b->p[b->len] = 0;
    return 0;
}

static size_t on_body(char *d, size_t size, size_t n, void *ctx) { return bytes_add(ctx, d, size * n) ? 0 : size * n; }
static int on_png(void *ctx, const void *d, size_t n) { return bytes_add(ctx, d, n); }
static int on_progress(void *c, curl_off_t a, curl_off_t b, curl_off_t d, curl_off_t e)
{
    (void)c, (void)a, (void)b, (void)d, (void)e;
    return stop_flag != 0;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* Sleeps `seconds`, waking early when a signal asks to stop. */
static void nap(double seconds)
{
    struct timespec t = {0, 50 * 1000 * 1000};
    for (double end = now() + seconds; !stop_flag && now() < end;) nanosleep(&t, NULL);
}

enum { CALL_OK, CALL_RETRY, CALL_LIMIT, CALL_FAILED, CALL_STOP };

/* One Bot API request (a JSON body, or a multipart form). *result gets the reply's "result"
 * on CALL_OK (to json_decref), *retry_after the seconds asked by a 429. Logs one line. */
static int call(bot *b, const char *method, const char *what, json_t *body, curl_mime *mime,
                json_t **result, long *retry_after, long *status_out)
{
    char url[2048];
    bytes reply = {NULL, 0, 0};
    char *json = body ? json_dumps(body, JSON_COMPACT) : NULL;
    struct curl_slist *headers = json ? cx.slist_append(NULL, "Content-Type: application/json") : NULL;
    snprintf(url, sizeof url, "%s%s", b->base, method);
    cx.easy_reset(b->curl);
    cx.easy_setopt(b->curl, CURLOPT_URL, url);
    cx.easy_setopt(b->curl, CURLOPT_NOSIGNAL, 1L);
    cx.easy_setopt(b->curl, CURLOPT_CONNECTTIMEOUT, 15L);
    cx.easy_setopt(b->curl, CURLOPT_TIMEOUT, strcmp(method, "getUpdates") ? 120L : b->poll + 30L);
    cx.easy_setopt(b->curl, CURLOPT_WRITEFUNCTION, on_body);
    cx.easy_setopt(b->curl, CURLOPT_WRITEDATA, &reply);
    cx.easy_setopt(b->curl, CURLOPT_NOPROGRESS, 0L);
    cx.easy_setopt(b->curl, CURLOPT_XFERINFOFUNCTION, on_progress);
    cx.easy_setopt(b->curl, CURLOPT_USERAGENT, "chesscodec-bot/" CHC_VERSION_STRING);
    if (json) {
        cx.easy_setopt(b->curl, CURLOPT_HTTPHEADER, headers);
        cx.easy_setopt(b->curl, CURLOPT_POSTFIELDS, json);
    } else if (mime) {
        cx.easy_setopt(b->curl, CURLOPT_MIMEPOST, mime);
    }
    double t0 = now();
    CURLcode cc = cx.easy_perform(b->curl);
    long status = 0;
    cx.easy_getinfo(b->curl, CURLINFO_RESPONSE_CODE, &status);
    *status_out = status;
    cx.slist_free_all(headers);
    free(json);
    int rc;
    char note[256] = "";
    *result = NULL;
    if (cc != CURLE_OK) {
        rc = stop_flag ? CALL_STOP : CALL_RETRY;
        snprintf(note, sizeof note, "network error: %s", stop_flag ? "stopped" : cx.easy_strerror(cc));
    } else {
        json_t *root = reply.p ? json_loadb(reply.p, reply.len, 0, NULL) : NULL;
        json_t *ok = json_object_get(root, "ok");
        const char *desc = json_string_value(json_object_get(root, "description"));
        if (json_is_true(ok) && json_object_get(root, "result")) {
            rc = CALL_OK;
            *result = json_incref(json_object_get(root, "result"));
            snprintf(note, sizeof note, "ok");
        } else if (status == 429 || json_integer_value(json_object_get(root, "error_code")) == 429) {
            json_t *ra = json_object_get(json_object_get(root, "parameters"), "retry_after");
            *retry_after = json_is_integer(ra) && json_integer_value(ra) > 0 ? (long)json_integer_value(ra) : 5;
            if (*retry_after > 3600) *retry_after = 3600;
            rc = CALL_LIMIT;
            snprintf(note, sizeof note, "too many requests, retry after %ld s", *retry_after);
        } else {
            rc = status >= 500 || status == 0 || (status == 200 && !root) ? CALL_RETRY : CALL_FAILED;
            snprintf(note, sizeof note, "%s: %.160s", root ? "error" : "malformed reply",
                     desc ? desc : root ? "no description" : "not JSON");
        }
        json_decref(root);
    }
    free(reply.p);
    fprintf(stderr, "chesscodec bot: %s %s: HTTP %ld %s (%.2f s)\n", method, what, status, note, now() - t0);
    return rc;
}

/* A request retried until it succeeds, is refused (4xx) or a signal stops the bot. */
static int call_retry(bot *b, const char *method, const char *what, json_t *body, curl_mime *mime,
                      json_t **result, long *status)
{
    double backoff = 1;
    for (;;) {
        long retry_after = 0;
        int rc = call(b, method, what, body, mime, result, &retry_after, status);
        if (rc == CALL_OK || rc == CALL_FAILED || rc == CALL_STOP) return rc;
        if (rc == CALL_LIMIT) nap((double)retry_after);
        else {
            fprintf(stderr, "chesscodec bot: retrying in %.0f s\n", backoff);
            nap(backoff);
            backoff = backoff * 2 > b->max_backoff ? (double)b->max_backoff : backoff * 2;
        }
        if (stop_flag) return CALL_STOP;
    }
}

/* Writes the offset to FILE.tmp and renames it over FILE (atomic on POSIX). */
static int save_offset(const bot *b)
{
    if (!b->state) return 0;
    size_t n = strlen(b->state) + 5;
    char *tmp = malloc(n);
    if (!tmp) return -1;
    snprintf(tmp, n, "%s.tmp", b->state);
    FILE *f = fopen(tmp, "w");
    int bad = !f || fprintf(f, "%lld\n", b->offset) < 0 || fflush(f) != 0 || fsync(fileno(f)) != 0;
    if (f && fclose(f) != 0) bad = 1;
    if (bad || rename(tmp, b->state) != 0) {
        cli_error("bot", "cannot write the state file %s: %s", b->state, strerror(errno));
        remove(tmp);
        bad = 1;
    }
    free(tmp);
    return bad ? -1 : 0;
}

static int send_text(bot *b, json_int_t chat, const char *text)
{
    char what[64];
    long status;
    json_t *res = NULL, *body = json_pack("{s:I, s:s}", "chat_id", chat, "text", text);
    snprintf(what, sizeof what, "chat %lld", (long long)chat);
    if (!body) fprintf(stderr, "chesscodec bot: sendMessage %s: the reply is not valid UTF-8\n", what);
    int rc = body ? call_retry(b, "sendMessage", what, body, NULL, &res, &status) : CALL_FAILED;
    json_decref(body);
    json_decref(res);
    return rc;
}

static int send_picture(bot *b, json_int_t chat, const chc_bot_reply *r)
{
    bytes png = {NULL, 0, 0};
    chc_render_options opt = CHC_RENDER_OPTIONS_INIT;
    chc_diag d = CHC_DIAG_INIT;
    opt.flip = r->flip;
    int rc = chc_render_png(&r->position, &opt, on_png, &png, &d);
    if (rc != CHC_OK) {
        cli_error("bot", "no picture: %s", cli_diag_text(rc, &d));
        free(png.p);
        return CALL_FAILED;
    }
    char id[32], what[64];
    snprintf(id, sizeof id, "%lld", (long long)chat);
    snprintf(what, sizeof what, "chat %s, %zu bytes", id, png.len);
    curl_mime *mime = cx.mime_init(b->curl);
    curl_mimepart *part = cx.mime_addpart(mime);
    cx.mime_name(part, "chat_id");
    cx.mime_data(part, id, CURL_ZERO_TERMINATED);
    part = cx.mime_addpart(mime);
    cx.mime_name(part, "photo");
    cx.mime_filename(part, "board.png");
    cx.mime_type(part, "image/png");
    cx.mime_data(part, png.p, png.len);
    json_t *res = NULL;
    long status;
    rc = call_retry(b, "sendPhoto", what, NULL, mime, &res, &status);
    json_decref(res);
    cx.mime_free(mime);
    free(png.p);
    return rc;
}

/* Answers one update; returns CALL_STOP when a signal came before the answer was sent. */
static int handle(bot *b, json_t *u, long long id)
{
    json_t *msg = json_object_get(u, "message");
    json_t *chat = json_object_get(json_object_get(msg, "chat"), "id");
    json_t *text = json_object_get(msg, "text");
    if (!json_is_integer(chat) || !json_is_string(text)) {
        fprintf(stderr, "chesscodec bot: update %lld skipped: not a text message\n", id);
        return CALL_OK;
    }
    static char reply[CHC_BOT_REPLY_MAX];
    chc_bot_reply r;
    if (chc_bot_answer(json_string_value(text), json_string_length(text), b->page, reply,
                       sizeof reply, NULL, &r) != CHC_OK)
        snprintf(reply, sizeof reply, "Sorry, I could not answer that.");
    int rc = send_text(b, json_integer_value(chat), reply);
    if (rc == CALL_STOP) return CALL_STOP; /* not answered: a restart answers it */
    if (rc == CALL_OK && r.picture && b->png) send_picture(b, json_integer_value(chat), &r);
    return CALL_OK;
}

/* Reads the token: --token-file's first line, else CHC_BOT_TOKEN. */
static char *read_token(const char *file)
{
    char line[512] = "";
    if (file) {
        FILE *f = fopen(file, "r");
        if (!f) return cli_error("bot", "cannot read the token file %s: %s", file, strerror(errno)), NULL;
        if (!fgets(line, sizeof line, f)) line[0] = 0;
        fclose(f);
    } else if (getenv("CHC_BOT_TOKEN")) {
        snprintf(line, sizeof line, "%s", getenv("CHC_BOT_TOKEN"));
    }
    size_t n = strlen(line);
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' ')) line[--n] = 0;
    for (size_t i = 0; i < n; i++)
        if (line[i] <= ' ' || line[i] == '/' || line[i] == '?' || line[i] == '#' || line[i] == '%' || (unsigned char)line[i] > 126)
            return cli_error("bot", "the token holds a character a token cannot have"), NULL;
    if (!n) return cli_error("bot", "no token: give --token-file FILE or set CHC_BOT_TOKEN (from @BotFather)"), NULL;
    return strdup(line);
}

static int load_offset(bot *b)
{
    if (!b->state) return 0;
    FILE *f = fopen(b->state, "r");
    if (!f) return errno == ENOENT ? 0 : (cli_error("bot", "cannot read %s: %s", b->state, strerror(errno)), -1);
    int ok = fscanf(f, "%lld", &b->offset) == 1 && b->offset >= 0;
    fclose(f);
    if (!ok) return cli_error("bot", "%s does not hold an update offset", b->state), -1;
    return 0;
}

static int run(bot *b)
{
    double backoff = 1;
    while (!stop_flag) {
        char what[64];
        long retry_after = 0, status = 0;
        json_t *res = NULL;
        json_t *body = json_pack("{s:I, s:i, s:[s]}", "offset", (json_int_t)b->offset, "timeout",
                                 (int)b->poll, "allowed_updates", "message");
        snprintf(what, sizeof what, "offset %lld", b->offset);
        int rc = call(b, "getUpdates", what, body, NULL, &res, &retry_after, &status);
        json_decref(body);
        if (rc == CALL_STOP) break;
        if (rc == CALL_FAILED && (status == 401 || status == 404)) {
            cli_error("bot", "the Bot API refused the token (HTTP %ld): check it with @BotFather", status);
            return -1;
        }
        if (rc == CALL_OK && !json_is_array(res)) {
            fprintf(stderr, "chesscodec bot: getUpdates: the result is not a list\n");
            rc = CALL_RETRY;
        }
        if (rc != CALL_OK) {
            json_decref(res);
            double wait = rc == CALL_LIMIT ? (double)retry_after : backoff;
            if (rc != CALL_LIMIT) backoff = backoff * 2 > b->max_backoff ? (double)b->max_backoff : backoff * 2;
            fprintf(stderr, "chesscodec bot: retrying in %.0f s\n", wait);
            nap(wait);
            continue;
        }
        backoff = 1;
        size_t i;
        json_t *u;
        json_array_foreach(res, i, u) {
            json_t *idj = json_object_get(u, "update_id");
            if (!json_is_integer(idj) || json_integer_value(idj) < 0) {
                fprintf(stderr, "chesscodec bot: an update without update_id skipped\n");
                continue;
            }
            long long id = (long long)json_integer_value(idj);
            if (id < b->offset) continue;
            if (handle(b, u, id) == CALL_STOP) break;
            b->offset = id + 1;
            save_offset(b);
        }
        json_decref(res);
    }
    return 0;
}

static int bot_main(const char *token_file, const char *api, bot *b)
{
    char *token = read_token(token_file);
    if (!token) return CLI_BAD_INPUT;
    if (load_offset(b)) return free(token), CLI_BAD_INPUT;
    size_t n = strlen(api) + strlen(token) + 8;
    b->base = malloc(n);
    if (b->base) snprintf(b->base, n, "%s%sbot%s/", api, api[0] && api[strlen(api) - 1] == '/' ? "" : "/", token);
    free(token);
    if (!b->base || load_curl() || cx.global_init(CURL_GLOBAL_DEFAULT) != 0) return free(b->base), CLI_BAD_INPUT;
    b->curl = cx.easy_init();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    fprintf(stderr, "chesscodec bot: polling %s from update %lld (pictures: %s)\n", api, b->offset,
            b->png ? "png" : "none");
    int rc = b->curl ? run(b) : -1;
    fprintf(stderr, "chesscodec bot: %s at update offset %lld\n", rc ? "stopped" : "stopped by a signal", b->offset);
    cx.easy_cleanup(b->curl);
    cx.global_cleanup();
    free(b->base);
    return rc ? CLI_BAD_INPUT : CLI_OK;
}
#endif

int cmd_bot(const cli_args *a)
{
    long poll = 30, max_backoff = 60;
    const char *v;
    if ((v = cli_get(a, "--poll-timeout")) && (cli_parse_long(v, &poll) || poll > 600))
        return cli_error("bot", "--poll-timeout must be a number from 0 to 600"), CLI_USAGE;
    if ((v = cli_get(a, "--max-backoff")) && (cli_parse_long(v, &max_backoff) || max_backoff < 1 || max_backoff > 3600))
        return cli_error("bot", "--max-backoff must be a number from 1 to 3600"), CLI_USAGE;
    const char *api = cli_get(a, "--api-url") ? cli_get(a, "--api-url") : "https://api.telegram.org";
    if (!*api) return cli_error("bot", "--api-url needs a value"), CLI_USAGE;
#ifdef CHC_HAVE_BOT
    bot b;
    memset(&b, 0, sizeof b);
    b.state = cli_get(a, "--state");
    b.page = cli_get(a, "--page");
    b.poll = poll, b.max_backoff = max_backoff;
    b.png = (chc_build_features() & CHC_FEATURE_PNG) != 0;
    return bot_main(cli_get(a, "--token-file"), api, &b);
#else
    cli_error("bot", "this program was built without libcurl and jansson "
                     "(install libcurl4-openssl-dev and libjansson-dev, then build again)");
    return CLI_BAD_INPUT;
#endif
}
