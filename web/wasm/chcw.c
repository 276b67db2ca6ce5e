/* The serverless page's door into libchesscodec, compiled to WebAssembly by `make web`
 * (web/wasm/build.sh). The page's Web Worker (web/src/local.js) calls these with plain strings
 * where the server's JSON API parses a request body; the replies are the library's own JSON
 * reports (chc_game_report_json), so the page shows the same thing with or without a server.
 * Public API only. Every function returns a malloc'd NUL-terminated text the caller frees
 * (free), or NULL on failure: then chcw_error_status(), chcw_error_message() and
 * chcw_error_index() say why, as the server's error replies do (docs/api.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chesscodec.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define EXPORT
#endif

/* The last error (the worker runs one call at a time). */
static struct {
    int status;        /* HTTP-like: 400 the request, 422 the chess input, 500 memory */
    long index;        /* the move or place concerned (-1: none) */
    char message[512];
} last;

static char *fail(int status, long index, const char *what, int rc, const chc_diag *d)
{
    last.status = status;
    last.index = index;
    const char *msg = d && d->code == rc && d->message[0] ? d->message : chc_strerror(rc);
    snprintf(last.message, sizeof last.message, "%s%s%s", what, *what ? ": " : "", msg);
    return NULL;
}

EXPORT int chcw_error_status(void) { return last.status; }
EXPORT const char *chcw_error_message(void) { return last.message; }
EXPORT long chcw_error_index(void) { return last.index; }

static char *report(const chc_game *g, const chc_position *pos, const char *input_format)
{
    size_t cap = g ? 4096 + 64 * chc_game_ply_count(g) : CHC_POSITION_REPORT_MAX, need = 0;
    for (int tries = 0; tries < 2; tries++) {
        char *text = malloc(cap);
        int rc = !text ? CHC_E_NO_MEMORY
                 : g   ? chc_game_report_json(g, input_format, text, cap, &need)
                       : chc_position_report_json(pos, input_format, text, cap, &need);
        if (rc == CHC_OK) return text;
        free(text);
        if (rc != CHC_E_BUFFER_TOO_SMALL) return fail(500, -1, "report", rc, NULL);
        cap = need + 1;
    }
    return fail(500, -1, "report", CHC_E_NO_MEMORY, NULL);
}

/* Reads the game of a request into g: `moves` (UCI moves separated by spaces, "" for none)
 * from start_fen (NULL or "": the standard start), or, when moves is NULL, `input` in
 * `format` (a registry name, "auto" or NULL: detected). tags: "Name\tValue\n" lines set on the
 * game (the page's PGN tags). Returns the input's format name, or NULL after fail(). */
static const char *read_game(chc_game *g, const char *input, const char *format,
                             const char *start_fen, const char *moves, const char *tags)
{
    chc_diag d = CHC_DIAG_INIT;
    chc_position start;
    chc_position_startpos(&start);
    if (start_fen && *start_fen) {
        int rc = chc_position_from_fen(&start, start_fen, 0, &d);
        if (rc != CHC_OK) return fail(422, -1, "start_fen", rc, &d), NULL;
    }
    const char *used = "uci";
    if (moves) {
        chc_game_reset(g, &start);
        chc_position at = start;
        long i = 0;
        for (const char *p = moves; *p;) {
            while (*p == ' ') p++;
            size_t n = strcspn(p, " ");
            if (!n) break;
            char word[16];
            snprintf(word, sizeof word, "%.*s", (int)(n < 15 ? n : 15), p);
            chc_move m;
            int rc = chc_move_from_uci(&at, word, &m, &d);
            if (rc == CHC_OK) rc = chc_game_push(g, m);
            if (rc != CHC_OK) return fail(422, i, "uci", rc, &d), NULL;
            chc_game_position(g, (size_t)++i, &at);
            p += n;
        }
    } else {
        const char *p = input ? input : "";
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
        if (!*p) return fail(400, -1, "", CHC_E_EMPTY, NULL), NULL;
        int fmt = CHC_FORMAT_AUTO;
        if (format && *format && strcmp(format, "auto") != 0) {
            fmt = chc_format_by_name(format, CHC_KIND_GAME | CHC_KIND_POSITION);
            if (fmt == CHC_FORMAT_AUTO) return fail(400, -1, format, CHC_E_FORMAT, NULL), NULL;
        }
        chc_read_info info = {0, 0, 0, 0};
        int rc = chc_game_read(input, strlen(input), fmt, g, &info, &d);
        const chc_format_info *f = chc_format_get(info.format);
        used = f ? f->name : "input";
        if (rc != CHC_OK) return fail(422, d.index, used, rc, &d), NULL;
    }
    for (const char *t = tags; t && *t;) {
        const char *tab = strchr(t, '\t'), *end = strchr(t, '\n');
        if (!end) end = t + strlen(t);
        if (tab && tab < end && tab - t < 64 && end - tab < 300) {
            char name[64], value[300];
            snprintf(name, sizeof name, "%.*s", (int)(tab - t), t);
            snprintf(value, sizeof value, "%.*s", (int)(end - tab - 1), tab + 1);
            if (chc_game_set_tag(g, name, value) != CHC_OK)
                return fail(400, -1, "tags", CHC_E_ARGUMENT, NULL), NULL;
        }
        t = *end ? end + 1 : end;
    }
    for (size_t i = 0; i < chc_game_ply_count(g); i++)
        if (chc_game_move(g, i) == CHC_MOVE_NULL)
            return fail(422, (long)i, used, CHC_E_UNSUPPORTED, NULL), NULL;
    return used;
}

/* /api/game: the game's report. */
EXPORT char *chcw_game(const char *input, const char *format, const char *start_fen,
                       const char *moves, const char *tags)
{
    chc_game *g = chc_game_new();
    if (!g) return fail(500, -1, "", CHC_E_NO_MEMORY, NULL);
    const char *used = read_game(g, input, format, start_fen, moves, tags);
    char *out = used ? report(g, NULL, used) : NULL;
    chc_game_free(g);
    return out;
}

/* /api/engine: a search of the game's last position for movetime_ms (or to depth), multipv
 * lines, at strength `level` (0..20): chc_search_report_json()'s reply, as the server's. */
EXPORT char *chcw_engine(const char *start_fen, const char *moves, int movetime_ms, int depth,
                         int multipv, int level)
{
    chc_game *g = chc_game_new();
    chc_engine *e = chc_engine_new(16);
    int nlines = multipv > 1 ? (multipv > 5 ? 5 : multipv) : 1, got = 0;
    chc_search_result *lines = calloc((size_t)nlines, sizeof *lines);
    chc_move *mv = NULL;
    char *out = NULL;
    if (!g || !e || !lines) {
        fail(500, -1, "", CHC_E_NO_MEMORY, NULL);
        goto done;
    }
    if (!read_game(g, NULL, NULL, start_fen, moves ? moves : "", NULL)) goto done;
    size_t n = chc_game_ply_count(g);
    chc_position p;
    chc_game_position(g, n, &p);
    if (chc_count_legal_moves(&p) == 0) {
        last.status = 422, last.index = -1;
        snprintf(last.message, sizeof last.message, "the side to move has no legal move");
        goto done;
    }
    mv = malloc((n + 1) * sizeof *mv);
    size_t cap = CHC_SEARCH_REPORT_MAX(nlines);
    out = mv ? malloc(cap) : NULL;
    if (!out) {
        fail(500, -1, "", CHC_E_NO_MEMORY, NULL);
        goto done;
    }
    for (size_t i = 0; i < n; i++) mv[i] = chc_game_move(g, i);
    chc_search_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.movetime_ms = movetime_ms > 0 ? movetime_ms : depth > 0 ? 0 : 1000;
    lim.depth = depth > 64 ? 64 : depth;
    lim.multipv = nlines;
    int rc = chc_engine_set_skill(e, level, (uint64_t)time(NULL));
    if (rc == CHC_OK) rc = chc_engine_analyse(e, chc_game_start(g), mv, (int)n, &lim, lines, nlines, &got);
    if (rc == CHC_OK) rc = chc_search_report_json(&p, lines, got, out, cap, NULL);
    if (rc != CHC_OK) {
        free(out);
        out = fail(422, -1, "engine", rc, NULL);
    }
done:
    free(mv);
    free(lines);
    chc_engine_free(e);
    chc_game_free(g);
    return out;
}

/* /api/play (the part the page uses): a move typed as a player types it (SAN or UCI) in the
 * position `fen`: {"uci","san"}. */
EXPORT char *chcw_play(const char *fen, const char *text)
{
    chc_position pos;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_position_from_fen(&pos, fen, 0, &d);
    if (rc != CHC_OK) return fail(422, -1, "fen", rc, &d);
    chc_move m;
    rc = chc_move_parse(&pos, text, strlen(text), &m, &d);
    if (rc == CHC_OK && m == CHC_MOVE_NULL) rc = CHC_E_UNSUPPORTED;
    if (rc != CHC_OK) return fail(422, -1, "move", rc, &d);
    char uci[CHC_UCI_MAX], san[CHC_SAN_MAX];
    chc_move_to_uci(&pos, m, uci);
    chc_move_to_san(&pos, m, san);
    char *out = malloc(64);
    if (!out) return fail(500, -1, "", CHC_E_NO_MEMORY, NULL);
    snprintf(out, 64, "{\"uci\":\"%s\",\"san\":\"%s\"}", uci, san);
    return out;
}

/* /api/image, SVG: the game's last position as `render` draws it (last move highlighted). */
EXPORT char *chcw_svg(const char *start_fen, const char *moves, int flip, int size)
{
    chc_game *g = chc_game_new();
    char *out = NULL;
    if (!g) return fail(500, -1, "", CHC_E_NO_MEMORY, NULL);
    if (read_game(g, NULL, NULL, start_fen, moves ? moves : "", NULL)) {
        size_t n = chc_game_ply_count(g);
        chc_position p;
        chc_game_position(g, n, &p);
        chc_render_options o;
        chc_render_options_init(&o);
        o.flip = flip;
        o.size = size;
        o.last_move = n ? chc_game_move(g, n - 1) : CHC_MOVE_NONE;
        out = malloc(CHC_RENDER_SVG_MAX);
        chc_diag d = CHC_DIAG_INIT;
        int rc = out ? chc_render_svg(&p, &o, out, CHC_RENDER_SVG_MAX, NULL, &d) : CHC_E_NO_MEMORY;
        if (rc != CHC_OK) {
            free(out);
            out = fail(rc == CHC_E_NO_MEMORY ? 500 : 400, -1, "image", rc, &d);
        }
    }
    chc_game_free(g);
    return out;
}
