/* The JSON API of `chesscodec serve` (documented in docs/api.md). Every request body is a JSON
 * object; every reply is JSON. Errors: {"error":{"status":S,"code":"name","message":"..."}}
 * with, for bad chess input, the library's error number and where the problem is.
 * Built on the public API only; JSON by jansson. */
#include <ctype.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../cli.h"
#include "../draw/draw.h"
#include "serve_api.h"

/* ---- replies ----------------------------------------------------------------------------- */
static const char JSON_TYPE[] = "application/json; charset=utf-8";

static void reply_text(serve_reply *out, int status, char *body)
{
    out->status = status;
    out->content_type = JSON_TYPE;
    out->body = body;
    out->len = body ? strlen(body) : 0;
}

/* Takes ownership of obj. Returns 0 (for the endpoints, which return it). */
static int reply_json(serve_reply *out, int status, json_t *obj)
{
    char *text = obj ? json_dumps(obj, JSON_COMPACT) : NULL;
    json_decref(obj);
    if (!text) serve_error_reply(out, 500, "internal", "out of memory while writing the reply");
    else reply_text(out, status, text);
    return 0;
}

int serve_error_reply(serve_reply *out, int status, const char *code, const char *fmt, ...)
{
    char message[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    json_t *err = json_pack("{s:{s:i,s:s,s:s}}", "error", "status", status, "code", code,
                            "message", message);
    char *text = err ? json_dumps(err, JSON_COMPACT) : NULL;
    json_decref(err);
    if (!text) {
        /* Last resort when even that fails: a fixed reply (copied so the caller can free it). */
        const char *fixed = "{\"error\":{\"status\":500,\"code\":\"internal\",\"message\":"
                            "\"out of memory\"}}";
        text = malloc(strlen(fixed) + 1);
        if (text) strcpy(text, fixed);
        status = 500;
    }
    reply_text(out, status, text);
    return -1;
}

/* A chess input that the library refused: 422 with the library's code and the diag. Returns
 * -1. */
static int chess_error(serve_reply *out, const char *code, const char *what, int err,
                        const chc_diag *d)
{
    const char *msg = (d && d->code == err && d->message[0]) ? d->message : chc_strerror(err);
    char full[512];
    snprintf(full, sizeof full, "%s: %s", what, msg);
    json_t *where = json_object();
    if (d && d->code == err) {
        if (d->offset >= 0) json_object_set_new(where, "offset", json_integer(d->offset));
        if (d->line > 0) json_object_set_new(where, "line", json_integer(d->line));
        if (d->column > 0) json_object_set_new(where, "column", json_integer(d->column));
        if (d->index >= 0) json_object_set_new(where, "index", json_integer(d->index));
    }
    json_t *e = json_pack("{s:{s:i,s:s,s:s,s:i,s:s,s:o}}", "error", "status", 422, "code", code,
                          "message", full, "chc_error", err, "chc_message", chc_strerror(err),
                          "where", where);
    if (!e) return serve_error_reply(out, 422, code, "%s", full);
    reply_json(out, 422, e);
    return -1;
}

/* ---- reports ---------------------------------------------------------------------------- */
/* The library's JSON report of a position or a game (chc_*_report_json), as text to reply
 * with (malloc'd; NULL when out of memory). */
static char *report(const chc_position *pos, const chc_game *g, const char *input_format)
{
    size_t cap = g ? 4096 + 64 * chc_game_ply_count(g) : CHC_POSITION_REPORT_MAX, need = 0;
    for (int tries = 0; tries < 2; tries++) {
        char *text = malloc(cap);
        if (!text) return NULL;
        int rc = g ? chc_game_report_json(g, input_format, text, cap, &need)
                   : chc_position_report_json(pos, input_format, text, cap, &need);
        if (rc == CHC_OK) return text;
        free(text);
        if (rc != CHC_E_BUFFER_TOO_SMALL) return NULL;
        cap = need + 1;
    }
    return NULL;
}

static int reply_report(serve_reply *out, const chc_position *pos, const chc_game *g,
                        const char *input_format)
{
    char *text = report(pos, g, input_format);
    if (!text) return serve_error_reply(out, 500, "internal", "out of memory");
    reply_text(out, 200, text);
    return 0;
}

/* ---- requests ---------------------------------------------------------------------------- */
/* Parses the body as a JSON object. On failure fills *out and returns NULL. */
static json_t *parse_body(const char *body, size_t len, serve_reply *out)
{
    json_error_t err;
    json_t *root = body && len ? json_loadb(body, len, JSON_REJECT_DUPLICATES, &err) : NULL;
    if (!body || len == 0)
        serve_error_reply(out, 400, "bad_json", "the request needs a JSON object as its body");
    else if (!root)
        serve_error_reply(out, 400, "bad_json", "the body is not valid JSON: %s (line %d, column %d)",
                          err.text, err.line, err.column);
    else if (!json_is_object(root))
        serve_error_reply(out, 400, "bad_json", "the body must be a JSON object");
    else
        return root;
    json_decref(root);
    return NULL;
}

/* Gets a string member. Returns 1 with *s set, 0 when absent and optional (*s = NULL), -1 after
 * filling *out (absent but required, or not a string). */
static int get_string(json_t *root, const char *key, int required, const char **s,
                      serve_reply *out)
{
    json_t *v = json_object_get(root, key);
    *s = NULL;
    if (!v || json_is_null(v)) {
        if (!required) return 0;
        return serve_error_reply(out, 400, "bad_request",
                                 "the request needs the string member \"%s\"", key);
    }
    if (!json_is_string(v))
        return serve_error_reply(out, 400, "bad_request", "\"%s\" must be a string", key);
    *s = json_string_value(v);
    if (strlen(*s) != json_string_length(v)) {
        return serve_error_reply(out, 400, "bad_request", "\"%s\" must not contain NUL characters",
                                 key);
    }
    return 1;
}

/* Gets an optional non-negative integer member within [0, max]. Returns 1, 0 (absent) or -1. */
static int get_int(json_t *root, const char *key, long max, long *v, serve_reply *out)
{
    json_t *j = json_object_get(root, key);
    if (!j || json_is_null(j)) return 0;
    if (!json_is_integer(j) || json_integer_value(j) < 0 || json_integer_value(j) > max) {
        return serve_error_reply(out, 400, "bad_request",
                                 "\"%s\" must be an integer from 0 to %ld", key, max);
    }
    *v = (long)json_integer_value(j);
    return 1;
}

/* The format named `format` (NULL or "auto": CHC_FORMAT_AUTO) among `kinds`. Returns 0, or -1
 * after filling *out. */
static int format_arg(const char *format, unsigned kinds, const char *what, int *fmt,
                      serve_reply *out)
{
    *fmt = CHC_FORMAT_AUTO;
    if (!format || strcmp(format, "auto") == 0) return 0;
    if ((*fmt = chc_format_by_name(format, kinds)) != CHC_FORMAT_AUTO) return 0;
    char names[300];
    chc_format_names(kinds, CHC_CAP_READ, ", ", names, sizeof names);
    return serve_error_reply(out, 400, "unknown_format",
                             "unknown %sformat \"%.40s\" (known: auto, %s)", what,
                             format, names);
}

/* Reads {"fen": ...} into pos. Returns 0, or -1 after filling *out. */
static int read_fen(json_t *root, chc_position *pos, serve_reply *out)
{
    const char *fen;
    int r = get_string(root, "fen", 0, &fen, out);
    if (r < 0) return -1;
    if (r == 0) {
        chc_position_startpos(pos);
        return 0;
    }
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_position_read(fen, strlen(fen), CHC_FORMAT_AUTO, pos, NULL, &d);
    if (rc != CHC_OK) return chess_error(out, "bad_input", "fen", rc, &d);
    return 0;
}

/* Applies {"tags": {"Name": "value", ...}} to g (a value null removes the tag): names of letters,
 * digits and '_' (at most 40), values of printable text (at most 255 bytes); the start and
 * the result have members of their own. Returns 0, or -1 after filling *out. */
static int set_tags(json_t *root, chc_game *g, serve_reply *out)
{
    json_t *tags = json_object_get(root, "tags"), *v;
    const char *name;
    if (!tags || json_is_null(tags)) return 0;
    if (!json_is_object(tags))
        return serve_error_reply(out, 400, "bad_request", "\"tags\" must be an object of strings");
    json_object_foreach(tags, name, v) {
        size_t n = strlen(name), k = 0;
        while (k < n && (isalnum((unsigned char)name[k]) || name[k] == '_')) k++;
        if (n == 0 || n > 40 || k < n)
            return serve_error_reply(out, 400, "bad_request", "tags: bad tag name \"%.40s\" "
                                     "(letters, digits and _ only)", name);
        if (!strcmp(name, "FEN") || !strcmp(name, "SetUp") || !strcmp(name, "Result"))
            return serve_error_reply(out, 400, "bad_request", "tags: \"%s\" is not set by tags "
                                     "(the start and the result come from the game)", name);
        const char *val = json_is_null(v) ? NULL : json_string_value(v);
        if (!json_is_null(v) && (!val || strlen(val) != json_string_length(v) || strlen(val) > 255))
            return serve_error_reply(out, 400, "bad_request", "tags: \"%s\" must be a string "
                                     "of at most 255 bytes", name);
        for (const char *p = val; p && *p; p++)
            if ((unsigned char)*p < 0x20)
                return serve_error_reply(out, 400, "bad_request",
                                         "tags: \"%s\" holds a control character", name);
        if (chc_game_set_tag(g, name, val) != CHC_OK)
            return serve_error_reply(out, 400, "bad_request", "tags: too many tags");
    }
    return 0;
}

/* Reads the game of a request: {"input", "format"} or {"moves": [...], "start_fen"}. */
static int read_game(json_t *root, chc_game *g, const char **used, serve_reply *out)
{
    const char *input, *format, *start_fen;
    int has_input = get_string(root, "input", 0, &input, out);
    if (has_input < 0) return -1;
    if (get_string(root, "format", 0, &format, out) < 0) return -1;
    if (get_string(root, "start_fen", 0, &start_fen, out) < 0) return -1;
    json_t *moves = json_object_get(root, "moves");
    if (moves && !json_is_null(moves) && !json_is_array(moves)) {
        return serve_error_reply(out, 400, "bad_request",
                                 "\"moves\" must be an array of UCI moves");
    }
    int by_moves = moves && json_is_array(moves);
    if (by_moves && has_input) {
        return serve_error_reply(out, 400, "bad_request",
                                 "give either \"input\" or \"moves\", not both");
    }
    if (by_moves && format && strcmp(format, "uci") != 0) {
        return serve_error_reply(out, 400, "bad_request",
                                 "\"moves\" are UCI moves: format must be \"uci\"");
    }
    if (!by_moves) {
        /* Nothing to read is a mistake of the caller, not the game of no moves (a Load button
         * pressed on an empty box must not replace the game): "moves": [] asks for that. */
        const char *p = input ? input : "";
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
        if (!*p)
            return serve_error_reply(out, 400, "bad_request", input ? "\"input\" is empty: give a "
                                     "game or a position (or \"moves\": [] for the start)"
                                     : "the request needs \"input\" or \"moves\"");
    }
    int fmt;
    if (format_arg(format, CHC_KIND_GAME | CHC_KIND_POSITION, "", &fmt, out) < 0) return -1;
    chc_diag d = CHC_DIAG_INIT;
    chc_position start;
    int rc = start_fen ? chc_position_from_fen(&start, start_fen, 0, &d) : CHC_OK;
    if (rc != CHC_OK) return chess_error(out, "bad_input", "start_fen", rc, &d);
    if (!start_fen) chc_position_startpos(&start);
    *used = "uci";
    if (by_moves) {
        chc_game_reset(g, &start);
        size_t i;
        json_t *m;
        json_array_foreach(moves, i, m) {
            chc_move mv;
            const chc_position *at = &start;
            chc_position cur;
            if (i) chc_game_position(g, i, &cur), at = &cur;
            if (!json_is_string(m))
                return serve_error_reply(out, 400, "bad_request", "moves[%zu] must be a string", i);
            rc = chc_move_from_uci(at, json_string_value(m), &mv, &d);
            if (rc == CHC_OK) rc = chc_game_push(g, mv);
            if (rc != CHC_OK) {
                d.index = (long)i;
                break;
            }
        }
    } else {
        chc_read_info info = {0, 0, 0, 0};
        const char *in = input ? input : "";
        rc = chc_game_read(in, strlen(in), fmt, g, &info, &d);
        if (start_fen && (info.format == CHC_FORMAT_SAN_LINE || info.format == CHC_FORMAT_UCI_LINE)) {
            /* moves from start_fen, in the line format's own syntax */
            size_t n = strlen(start_fen) + strlen(in) + 16;
            char *line = malloc(n);
            rc = CHC_E_NO_MEMORY;
            if (line) {
                snprintf(line, n, "fen %s moves %s", start_fen, in);
                d = (chc_diag)CHC_DIAG_INIT;
                rc = chc_game_read(line, strlen(line), info.format, g, &info, &d);
                free(line);
            }
        }
        *used = cli_format_name(info.format);
    }
    if (rc == CHC_E_NO_MEMORY) return serve_error_reply(out, 500, "internal", "out of memory");
    if (rc != CHC_OK) {
        const char *code = (rc == CHC_E_MOVE_ILLEGAL || rc == CHC_E_URLSAFE_MOVE ||
                            rc == CHC_E_MOVE_AMBIGUOUS) ? "illegal_move" : "bad_input";
        return chess_error(out, code, *used ? *used : "input", rc, &d);
    }
    if (set_tags(root, g, out) < 0) return -1;
    /* Null moves ("--" in SAN and PGN) are read by the notation code but have no place in a
     * game played here (and no URL-safe or pack form). */
    for (size_t i = 0; i < chc_game_ply_count(g); i++)
        if (chc_game_move(g, i) == CHC_MOVE_NULL) {
            d = (chc_diag)CHC_DIAG_INIT;
            d.code = CHC_E_UNSUPPORTED;
            d.index = (long)i;
            snprintf(d.message, sizeof d.message, "ply %zu is a null move: not supported here", i + 1);
            return chess_error(out, "bad_input", *used ? *used : "input", CHC_E_UNSUPPORTED, &d);
        }
    return 0;
}

/* ---- endpoints --------------------------------------------------------------------------- */
static const serve_config *CFG;

static void api_info(serve_reply *out)
{
    json_t *pf = json_array(), *gf = json_array();
    for (size_t i = 0; i < chc_format_count(); i++) {
        const chc_format_info *f = chc_format_at(i);
        if ((f->caps & CHC_CAP_READ) && !(f->caps & CHC_CAP_BINARY))
            json_array_append_new(f->kind == CHC_KIND_GAME ? gf : pf, json_string(f->name));
    }
    json_t *o = json_pack("{s:s,s:s,s:o,s:o,s:{s:I,s:I},s:b}", "name", "chesscodec", "version",
                          chc_version_string(), "position_formats", pf, "game_formats", gf,
                          "limits", "max_body_bytes", (json_int_t)CFG->max_body,
                          "engine_max_ms", (json_int_t)CFG->engine_max_ms,
                          "explore", CFG->db != NULL);
    reply_json(out, 200, o);
}

/* POST /api/position {"input", "format"}: a position in every format. */
static int api_position(json_t *root, serve_reply *out)
{
    const char *input, *format;
    if (get_string(root, "input", 1, &input, out) < 0) return -1;
    int fmt;
    if (get_string(root, "format", 0, &format, out) < 0) return -1;
    if (format_arg(format, CHC_KIND_POSITION, "position ", &fmt, out) < 0) return -1;
    chc_position pos;
    chc_diag d = CHC_DIAG_INIT;
    chc_read_info info = {0, 0, 0, 0};
    int rc = chc_position_read(input, strlen(input), fmt, &pos, &info, &d);
    if (rc != CHC_OK && !info.format)
        return serve_error_reply(out, 422, "unknown_input",
                                 "the input is not in any position format this server reads");
    if (rc != CHC_OK) return chess_error(out, "bad_input", cli_format_name(info.format), rc, &d);
    return reply_report(out, &pos, NULL, cli_format_name(info.format));
}

/* POST /api/moves {"fen"}: the legal moves. */
static int api_moves(json_t *root, serve_reply *out)
{
    chc_position pos;
    if (read_fen(root, &pos, out) < 0) return -1;
    chc_move moves[CHC_MAX_MOVES];
    int n = chc_legal_moves(&pos, moves, CHC_GEN_ALL);
    json_t *list = json_array();
    static const char *const PROMO[] = {NULL, NULL, "knight", "bishop", "rook", "queen"};
    for (int i = 0; i < n; i++) {
        char uci[CHC_UCI_MAX], san[CHC_SAN_MAX], to[3];
        const char *from = chc_square_name(CHC_MOVE_FROM(moves[i]));
        chc_move_to_uci(&pos, moves[i], uci);
        chc_move_to_san(&pos, moves[i], san);
        snprintf(to, sizeof to, "%.2s", uci + 2);
        unsigned f = CHC_MOVE_FLAGS(moves[i]);
        int promo = CHC_MOVE_PROMO(moves[i]);
        json_t *m = json_pack("{s:s,s:s,s:s,s:s,s:b,s:b,s:b}", "uci", uci, "san", san, "from",
                              from, "to", to,
                              "capture", (f & CHC_MF_CAPTURE) != 0, "castle", (f & CHC_MF_CASTLE) != 0,
                              "check", chc_gives_check(&pos, moves[i]));
        if (m && promo >= CHC_KNIGHT && promo <= CHC_QUEEN)
            json_object_set_new(m, "promotion", json_string(PROMO[promo]));
        json_array_append_new(list, m);
    }
    char fen[CHC_FEN_MAX];
    chc_position_to_fen(&pos, fen, sizeof fen, 0);
    json_t *o = json_pack("{s:s,s:i,s:o}", "fen", fen, "count", n, "moves", list);
    return reply_json(out, 200, o);
}

/* POST /api/play {"fen", "move"}: the position after a move. */
static int api_play(json_t *root, serve_reply *out)
{
    chc_position pos;
    const char *text;
    if (read_fen(root, &pos, out) < 0) return -1;
    if (get_string(root, "move", 1, &text, out) < 0) return -1;
    chc_move m;
    chc_diag d = CHC_DIAG_INIT;
    /* UCI or SAN, as a player types it */
    int rc = chc_move_parse(&pos, text, strlen(text), &m, &d);
    if (rc == CHC_OK && m == CHC_MOVE_NULL)
        return serve_error_reply(out, 422, "illegal_move", "move: the null move is not played here");
    if (rc != CHC_OK)
        return chess_error(out, rc == CHC_E_MOVE_SYNTAX ? "bad_input" : "illegal_move", "move", rc, &d);
    char uci[CHC_UCI_MAX], san[CHC_SAN_MAX];
    chc_move_to_uci(&pos, m, uci);
    chc_move_to_san(&pos, m, san);
    chc_undo u;
    chc_make_move(&pos, m, &u);
    char *rep = report(&pos, NULL, NULL);
    json_t *o = rep ? json_pack("{s:s,s:s,s:o}", "uci", uci, "san", san, "position",
                                json_loads(rep, 0, NULL)) : NULL;
    free(rep);
    if (!o) return serve_error_reply(out, 500, "internal", "out of memory");
    return reply_json(out, 200, o);
}

/* POST /api/game {"input","format"} or {"moves","start_fen"}: a game in every format. */
static int api_game(json_t *root, serve_reply *out)
{
    chc_game *g = chc_game_new();
    const char *used = NULL;
    if (!g) serve_error_reply(out, 500, "internal", "out of memory");
    else if (read_game(root, g, &used, out) == 0) reply_report(out, NULL, g, used);
    chc_game_free(g);
    return 0;
}

/* Engine slots: at most cfg->engine_slots searches at once, each with an engine of its own
 * (NULL when every slot is taken). */
static atomic_int searching;

static chc_engine *engine_acquire(void)
{
    if (atomic_fetch_add(&searching, 1) < (CFG->engine_slots > 0 ? CFG->engine_slots : 1)) {
        chc_engine *e = chc_engine_new(16);
        if (e) return e;
    }
    atomic_fetch_sub(&searching, 1);
    return NULL;
}

static void engine_release(chc_engine *e)
{
    chc_engine_free(e);
    atomic_fetch_sub(&searching, 1);
}

/* The game of an engine request: {"fen"}, or a game as for /api/game. Returns 0, or -1 after
 * filling *out. */
static int engine_game(json_t *root, chc_game *g, serve_reply *out)
{
    const char *used;
    chc_position pos;
    if (!json_object_get(root, "fen")) return read_game(root, g, &used, out);
    if (json_object_get(root, "input") || json_object_get(root, "moves"))
        return serve_error_reply(out, 400, "bad_request", "give \"fen\" or a game, not both");
    if (read_fen(root, &pos, out) < 0) return -1;
    chc_game_reset(g, &pos);
    return 0;
}

/* Searches the end of game g (its moves for repetitions): the best move, score and line. */
static int engine_reply(const chc_game *g, const chc_search_limits *lim, int level,
                        serve_reply *out)
{
    size_t n = chc_game_ply_count(g);
    chc_position p;
    chc_game_position(g, n, &p);
    if (chc_count_legal_moves(&p) == 0)
        return serve_error_reply(out, 422, "game_over", "the side to move has no legal move");
    chc_move *mv = malloc((n + 1) * sizeof *mv);
    chc_engine *e = mv ? engine_acquire() : NULL;
    if (!e) {
        if (mv) {
            serve_error_reply(out, 503, "engine_busy",
                              "every engine slot is searching: try again in a moment");
            /* a search lasts at most --engine-ms */
            out->retry_after = (int)((CFG->engine_max_ms + 999) / 1000);
        }
        else serve_error_reply(out, 500, "internal", "out of memory");
        free(mv);
        return -1;
    }
    for (size_t i = 0; i < n; i++) mv[i] = chc_game_move(g, i);
    int nlines = lim->multipv > 1 ? lim->multipv : 1, got = 0;
    chc_search_result *lines = calloc((size_t)nlines, sizeof *lines);
    size_t cap = CHC_SEARCH_REPORT_MAX(nlines);
    char *text = lines ? malloc(cap) : NULL;
    int rc = text ? chc_engine_set_skill(e, level, (uint64_t)time(NULL)) : CHC_E_NO_MEMORY;
    if (rc == CHC_OK)
        rc = chc_engine_analyse(e, chc_game_start(g), mv, (int)n, lim, lines, nlines, &got);
    engine_release(e);
    free(mv);
    if (rc == CHC_OK) rc = chc_search_report_json(&p, lines, got, text, cap, NULL);
    free(lines);
    if (rc != CHC_OK) {
        free(text);
        if (rc == CHC_E_NO_MEMORY) return serve_error_reply(out, 500, "internal", "out of memory");
        return chess_error(out, "bad_input", "engine", rc, NULL);
    }
    reply_text(out, 200, text);
    return 0;
}

/* POST /api/engine {game as for /api/game, or "fen"; "movetime_ms", "depth", "multipv",
 * "level"}: a best move, and the best lines. */
static int api_engine(json_t *root, serve_reply *out)
{
    long movetime = 0, depth = 0, multipv = 1, level = CHC_SKILL_MAX;
    if (get_int(root, "movetime_ms", 3600000, &movetime, out) < 0) return -1;
    if (get_int(root, "depth", 1000, &depth, out) < 0) return -1;
    if (get_int(root, "multipv", 5, &multipv, out) < 0) return -1;
    if (get_int(root, "level", CHC_SKILL_MAX, &level, out) < 0) return -1;
    chc_search_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.movetime_ms = movetime == 0 && depth == 0 ? 1000 : movetime;
    if (lim.movetime_ms == 0 || lim.movetime_ms > CFG->engine_max_ms)
        lim.movetime_ms = CFG->engine_max_ms;
    lim.depth = depth > 64 ? 64 : (int)depth;
    lim.multipv = multipv < 1 ? 1 : (int)multipv;
    chc_game *g = chc_game_new();
    if (!g) serve_error_reply(out, 500, "internal", "out of memory");
    else if (engine_game(root, g, out) == 0) engine_reply(g, &lim, (int)level, out);
    chc_game_free(g);
    return 0;
}

/* POST /api/image {"input" or "moves", "image": "svg" | "png" | "gif", "ply", "size", "flip",
 * "coords", "theme", "arrows", "marks", "delay"}: the picture itself, as `render` draws it (a
 * GIF: the game up to "ply", one frame a position). */
static int api_image(json_t *root, serve_reply *out)
{
    chc_game *g = chc_game_new();
    const char *used = NULL;
    draw_request r = {NULL, NULL, NULL, NULL, 0, 0, json_is_true(json_object_get(root, "flip")),
                      !json_is_false(json_object_get(root, "coords"))};
    long ply = -1;
    char err[256], *data = NULL;
    size_t len = 0;
    if (!g) return serve_error_reply(out, 500, "internal", "out of memory");
    int rc = read_game(root, g, &used, out) < 0 || get_string(root, "image", 0, &r.kind, out) < 0 ||
             get_string(root, "theme", 0, &r.theme, out) < 0 ||
             get_string(root, "arrows", 0, &r.arrows, out) < 0 ||
             get_string(root, "marks", 0, &r.marks, out) < 0 ||
             /* a GIF is one picture a ply: smaller, as the engine's time is capped */
             get_int(root, "size", r.kind && !strcmp(r.kind, "gif") ? 720 : 2048, &r.size, out) < 0 ||
             get_int(root, "delay", 60000, &r.delay_ms, out) < 0 ||
             get_int(root, "ply", (long)chc_game_ply_count(g), &ply, out) < 0 ? -1 : 0;
    if (rc == 0) {
        cli_out o = {open_memstream(&data, &len), NULL, NULL, 0};
        if (ply >= 0) chc_game_set_cursor(g, (size_t)ply);
        rc = o.f ? draw_picture(g, &r, "", cli_out_write, &o, err, sizeof err) : CLI_BAD_INPUT;
        if ((!o.f || fclose(o.f) != 0) && rc == CLI_OK) rc = CLI_BAD_INPUT, snprintf(err, sizeof err, "out of memory");
        if (rc == CLI_OK) {
            out->status = 200, out->content_type = draw_mime(r.kind), out->body = data, out->len = len;
            data = NULL;
        } else {
            int missing = strstr(err, "built without") != NULL;
            serve_error_reply(out, rc == CLI_USAGE ? 400 : missing ? 501 : 500,
                              rc == CLI_USAGE ? "bad_request" : missing ? "not_built" : "internal", "%s", err);
        }
    }
    free(data);
    chc_game_free(g);
    return 0;
}

/* POST /api/explore {"fen"}: the opening explorer's table of the position index of serve --db
 * (the JSON of chc_explore_write). The index is opened read-only for each request: requests run
 * on their own threads and a chc_index is for one thread at a time. */
static int api_explore(json_t *root, serve_reply *out)
{
    chc_position pos;
    if (read_fen(root, &pos, out) < 0) return -1;
    if (!CFG->db)
        return serve_error_reply(out, 404, "no_index", "this server has no position index "
                                                       "(start it with serve --db FILE)");
    chc_index *ix = NULL;
    chc_diag d = CHC_DIAG_INIT;
    chc_explore *e = malloc(sizeof *e);
    char *text = malloc(1 << 16);
    size_t len = 0;
    int rc = e && text ? chc_index_open(CFG->db, CHC_INDEX_READ_ONLY, 0, &ix, &d) : CHC_E_NO_MEMORY;
    if (rc == CHC_OK) rc = chc_index_explore(ix, &pos, e, &d);
    if (rc == CHC_OK) rc = chc_explore_write(e, CHC_EXPLORE_JSON, text, 1 << 16, &len, &d);
    json_t *o = rc == CHC_OK ? json_loadb(text, len, 0, NULL) : NULL;
    if (o) reply_json(out, 200, o);
    else if (rc >= CHC_E_POS_KINGS && rc < CHC_E_MOVE_SYNTAX) /* outside the pack domain */
        reply_json(out, 200, json_pack("{s:i,s:i,s:i,s:[],s:[]}", "white", 0, "draws", 0, "black", 0,
                                       "moves", "topGames"));
    else serve_error_reply(out, 500, "index", "position index: %s", cli_diag_text(rc, &d));
    chc_index_close(ix);
    free(e);
    free(text);
    return 0;
}

/* ---- dispatch ---------------------------------------------------------------------------- */
typedef int (*endpoint_fn)(json_t *root, serve_reply *out);

#define GAME_MEMBERS "input format moves start_fen tags"
static const struct {
    const char *path;
    endpoint_fn fn;
    const char *members; /* the members it reads, separated by spaces */
} ENDPOINTS[] = {
    {"/api/position", api_position, "input format"},
    {"/api/moves", api_moves, "fen"},
    {"/api/play", api_play, "fen move"},
    {"/api/explore", api_explore, "fen"},
    {"/api/game", api_game, GAME_MEMBERS},
    {"/api/engine", api_engine, GAME_MEMBERS " fen movetime_ms depth multipv level"},
    {"/api/image", api_image,
     GAME_MEMBERS " image ply size flip coords theme arrows marks delay"},
};

/* Whether `name` is a word of the space-separated list. */
static int listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        const char *end = strchr(p, ' ');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n && strncmp(p, name, n) == 0) return 1;
        if (!end) break;
        p = end + 1;
    }
    return 0;
}

/* Refuses members an endpoint does not read (a misspelt "movetime" must not silently fall back
 * to the default): 400 naming every one of them and the known ones. Returns 0 or -1. */
static int check_members(json_t *root, const char *path, const char *members, serve_reply *out)
{
    char unknown[300] = "";
    size_t used = 0, count = 0;
    const char *key;
    json_t *v;
    json_object_foreach(root, key, v) {
        (void)v;
        if (listed(members, key)) continue;
        count++;
        if (used < sizeof unknown - 1)
            used += (size_t)snprintf(unknown + used, sizeof unknown - used, "%s\"%.40s\"",
                                     used ? ", " : "", key);
    }
    if (!count) return 0;
    if (used >= sizeof unknown) used = sizeof unknown - 1;
    char known[200];
    size_t k = 0;
    for (const char *p = members; *p && k + 3 < sizeof known; p++) {
        if (*p == ' ') known[k++] = ',';
        known[k++] = *p;
    }
    known[k] = 0;
    return serve_error_reply(out, 400, "unknown_member", "%s does not read the member%s %s "
                             "(it reads: %s)", path, count > 1 ? "s" : "", unknown, known);
}

void serve_api_handle(const char *method, const char *path, const char *body, size_t len,
                      serve_reply *out)
{
    memset(out, 0, sizeof *out);
    if (strcmp(path, "/api/info") == 0) {
        if (strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0) api_info(out);
        else {
            serve_error_reply(out, 405, "method_not_allowed", "use GET for /api/info");
            out->allow = "GET, HEAD";
        }
        return;
    }
    for (size_t i = 0; i < sizeof ENDPOINTS / sizeof ENDPOINTS[0]; i++) {
        if (strcmp(path, ENDPOINTS[i].path) != 0) continue;
        json_t *root = NULL;
        if (strcmp(method, "POST") != 0) {
            serve_error_reply(out, 405, "method_not_allowed", "use POST with a JSON body for %s",
                              ENDPOINTS[i].path);
            out->allow = "POST";
        } else if ((root = parse_body(body, len, out)) &&
                   check_members(root, ENDPOINTS[i].path, ENDPOINTS[i].members, out) == 0) {
            ENDPOINTS[i].fn(root, out);
        }
        json_decref(root);
        return;
    }
    serve_error_reply(out, 404, "not_found",
                      "no API endpoint %.100s (see /api/info and docs/api.md)", path);
}

void serve_api_init(const serve_config *cfg)
{
    CFG = cfg;
    json_object_seed(0);
}
