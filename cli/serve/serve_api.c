/* The JSON API of `chesscodec serve` (documented in docs/api.md). Every request body is a JSON
 * object; every reply is JSON. Errors: {"error":{"status":S,"code":"name","message":"..."}}
 * with, for bad chess input, the library's error number and where the problem is.
 * Built on the public API only; JSON by jansson. */
#include <ctype.h>
#include <inttypes.h>
#include <jansson.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"
#include "../codes/game_formats.h"
#include "../codes/pos_formats.h"
#include "serve_api.h"

/* ------------------------------------------------------------------------------------------ */
/* Replies                                                                                    */
/* ------------------------------------------------------------------------------------------ */
static const char JSON_TYPE[] = "application/json; charset=utf-8";

static void reply_text(serve_reply *out, int status, char *body)
{
    out->status = status;
    out->content_type = JSON_TYPE;
    out->body = body;
    out->len = body ? strlen(body) : 0;
}

/* Takes ownership of obj. */
static void reply_json(serve_reply *out, int status, json_t *obj)
{
    char *text = obj ? json_dumps(obj, JSON_COMPACT) : NULL;
    json_decref(obj);
    if (!text) {
        serve_error_reply(out, 500, "internal", "out of memory while writing the reply");
        return;
    }
    reply_text(out, status, text);
}

void serve_error_reply(serve_reply *out, int status, const char *code, const char *message)
{
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
}

static void error_fmt(serve_reply *out, int status, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void error_fmt(serve_reply *out, int status, const char *code, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    serve_error_reply(out, status, code, msg);
}

/* A chess input that the library refused: 422 with the library's code and the diag. */
static void chess_error(serve_reply *out, const char *code, const char *what, int err,
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
    if (!e) {
        serve_error_reply(out, 422, code, full);
        return;
    }
    reply_json(out, 422, e);
}

/* ------------------------------------------------------------------------------------------ */
/* Small helpers                                                                              */
/* ------------------------------------------------------------------------------------------ */
static void square_name(int sq, char buf[3])
{
    buf[0] = (char)('a' + CHC_FILE(sq));
    buf[1] = (char)('1' + CHC_RANK(sq));
    buf[2] = 0;
}

/* A growing text buffer. */
typedef struct sbuf {
    char *p;
    size_t len, cap;
    int oom;
} sbuf;

static void sb_add(sbuf *b, const char *s, size_t n)
{
    if (b->oom) return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1) cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

static void sb_str(sbuf *b, const char *s) { sb_add(b, s, strlen(s)); }

/* Copies text[0..len) without the white space around it (malloc'ed; NULL when short of memory). */
static char *trim_dup(const char *text, size_t len, size_t *out_len)
{
    while (len && isspace((unsigned char)text[0])) text++, len--;
    while (len && isspace((unsigned char)text[len - 1])) len--;
    char *s = malloc(len + 1);
    if (!s) return NULL;
    memcpy(s, text, len);
    s[len] = 0;
    *out_len = len;
    return s;
}

static int is_startpos(const chc_position *pos)
{
    chc_position start;
    chc_position_startpos(&start);
    return !pos->chess960 && chc_position_same(pos, &start) && pos->halfmove == 0 &&
           pos->fullmove == 1;
}

/* ------------------------------------------------------------------------------------------ */
/* Position formats: the CLI's table (cli/pos_formats.c), so that every code the page shows   */
/* is exactly what `chesscodec encode --to NAME` writes, and new formats appear by themselves. */
/* ------------------------------------------------------------------------------------------ */
static int has_non_ascii(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s >= 0x80) return 1;
    return 0;
}

static int all_in(const char *s, const char *set)
{
    for (; *s; s++)
        if (!strchr(set, *s)) return 0;
    return 1;
}

static const char URLSAFE_CHARS[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* The CLI's format tables by name and by index (NULL past the end). */
static const pos_format *find_pos(const char *name) { return pos_format_find(name); }
static const game_format *find_game(const char *name) { return game_format_find(name); }

static const pos_format *pos_at(size_t i)
{
    for (size_t k = 0; pos_formats[k].name; k++)
        if (k == i) return &pos_formats[k];
    return NULL;
}

static const game_format *game_at(size_t i)
{
    for (size_t k = 0; game_formats[k].name; k++)
        if (k == i) return &game_formats[k];
    return NULL;
}

/* Decodes a position in `forced` (NULL: detected). *used gets the format (NULL when none
 * matched: CHC_E_UNSUPPORTED). */
static int decode_position(const char *text, const pos_format *forced, chc_position *pos,
                           const pos_format **used, chc_diag *d)
{
    if (forced) {
        *used = forced;
        return forced->decode(text, pos, d);
    }
    for (size_t i = 0; pos_at(i); i++) {
        const pos_format *f = pos_at(i);
        if (f->detect && f->detect(text)) {
            *used = f;
            return f->decode(text, pos, d);
        }
    }
    *used = NULL;
    return CHC_E_UNSUPPORTED;
}

/* Adds "name": code (or null, with the reason in errors) for every position format. */
static void position_formats(const chc_position *pos, json_t *formats, json_t *errors)
{
    for (size_t i = 0; pos_at(i); i++) {
        const pos_format *f = pos_at(i);
        char buf[POS_FORMAT_MAX];
        chc_diag d;
        memset(&d, 0, sizeof d);
        int rc = f->encode(pos, buf, sizeof buf, &d);
        if (rc == CHC_OK) {
            json_object_set_new(formats, f->name, json_string(buf));
        } else {
            json_object_set_new(formats, f->name, json_null());
            json_object_set_new(errors, f->name,
                                json_string(d.code == rc && d.message[0] ? d.message : chc_strerror(rc)));
        }
    }
}

static const char *status_name(int outcome)
{
    switch (outcome) {
    case CHC_OUTCOME_CHECKMATE: return "checkmate";
    case CHC_OUTCOME_STALEMATE: return "stalemate";
    case CHC_OUTCOME_INSUFFICIENT: return "insufficient_material";
    case CHC_OUTCOME_SEVENTYFIVE: return "seventy_five_moves";
    case CHC_OUTCOME_FIVEFOLD: return "fivefold_repetition";
    default: return "playing";
    }
}

/* Everything the page shows about a position: its codes, key, side, status, legal moves and
 * the destinations map chessground wants (castling also as king-takes-rook). `outcome` is the
 * game's outcome (repetitions need the game), or -1 to take the position's own. */
static json_t *position_info(const chc_position *pos, int outcome)
{
    json_t *info = json_object();
    json_t *formats = json_object(), *errors = json_object();
    position_formats(pos, formats, errors);
    char fen[CHC_FEN_MAX];
    chc_position_to_fen(pos, fen, sizeof fen, 0);
    json_object_set_new(info, "fen", json_string(fen));
    json_object_set_new(info, "formats", formats);
    if (json_object_size(errors))
        json_object_set_new(info, "format_errors", errors);
    else
        json_decref(errors);

    char key[17];
    snprintf(key, sizeof key, "%016" PRIx64, chc_polyglot_key(pos));
    json_object_set_new(info, "polyglot_key", json_string(key));
    json_object_set_new(info, "turn", json_string(pos->side == CHC_WHITE ? "white" : "black"));
    int check = chc_in_check(pos);
    json_object_set_new(info, "check", json_boolean(check));
    json_object_set_new(info, "chess960", json_boolean(pos->chess960));

    if (outcome < 0) outcome = chc_position_outcome(pos);
    /* The claimable draws (fifty moves, threefold) do not end the game. */
    if (outcome == CHC_OUTCOME_FIFTY || outcome == CHC_OUTCOME_THREEFOLD) {
        json_object_set_new(info, "claimable_draw", json_string(chc_outcome_name(outcome)));
        outcome = CHC_OUTCOME_NONE;
    }
    json_object_set_new(info, "status", json_string(status_name(outcome)));
    if (outcome != CHC_OUTCOME_NONE)
        json_object_set_new(info, "result",
                            json_string(chc_result_string(chc_outcome_result(outcome, pos))));

    chc_move moves[CHC_MAX_MOVES];
    int n = outcome == CHC_OUTCOME_NONE ? chc_legal_moves(pos, moves, CHC_GEN_ALL) : 0;
    json_t *legal = json_array(), *dests = json_object();
    for (int i = 0; i < n; i++) {
        char uci[CHC_UCI_MAX], from[3], to[3];
        chc_move_to_uci(pos, moves[i], uci);
        json_array_append_new(legal, json_string(uci));
        square_name(CHC_MOVE_FROM(moves[i]), from);
        /* One destination per square even with four promotions. */
        memcpy(to, uci + 2, 2);
        to[2] = 0;
        json_t *list = json_object_get(dests, from);
        if (!list) {
            list = json_array();
            json_object_set_new(dests, from, list);
        }
        size_t k, m = json_array_size(list);
        for (k = 0; k < m; k++)
            if (strcmp(json_string_value(json_array_get(list, k)), to) == 0) break;
        if (k == m) json_array_append_new(list, json_string(to));
        if ((CHC_MOVE_FLAGS(moves[i]) & CHC_MF_CASTLE) && !pos->chess960) {
            /* Also king onto its rook, as lichess does. */
            square_name(CHC_MOVE_TO(moves[i]), to);
            json_array_append_new(list, json_string(to));
        }
    }
    json_object_set_new(info, "legal_moves", legal);
    json_object_set_new(info, "dests", dests);
    return info;
}

/* ------------------------------------------------------------------------------------------ */
/* Games: PGN (the notation API) and the CLI's one-line game formats (cli/game_formats.c)      */
/* ------------------------------------------------------------------------------------------ */
typedef struct game {
    chc_position start;
    gf_moves mv;
} game;

static void game_final(const game *g, chc_position *final)
{
    *final = g->start;
    for (size_t i = 0; i < g->mv.n; i++) {
        chc_undo u;
        chc_make_move(final, g->mv.v[i], &u);
    }
}

/* A chc_game of the main line (for PGN and outcomes); NULL when memory is short. */
static chc_game *game_object(const game *g)
{
    chc_game *cg = chc_game_new();
    if (!cg) return NULL;
    chc_game_reset(cg, &g->start);
    for (size_t i = 0; i < g->mv.n; i++)
        if (chc_game_push(cg, g->mv.v[i]) != CHC_OK) {
            chc_game_free(cg);
            return NULL;
        }
    return cg;
}

static int read_pgn(const char *text, size_t len, game *g, chc_diag *d)
{
    chc_pgn_reader *r = chc_pgn_reader_new_mem(text, len, CHC_PGN_MAINLINE_ONLY | CHC_PGN_NO_COMMENTS, 1, 1);
    chc_game *cg = chc_game_new();
    int rc = CHC_E_NO_MEMORY;
    if (r && cg) rc = chc_pgn_read_game(r, cg, d);
    if (rc == CHC_E_GAME_END) {
        rc = CHC_E_PGN_SYNTAX;
        if (d) {
            memset(d, 0, sizeof *d);
            d->code = rc;
            d->offset = d->index = -1;
            snprintf(d->message, sizeof d->message, "no game in the PGN text");
        }
    }
    if (rc == CHC_OK) {
        g->start = *chc_game_start(cg);
        size_t n = chc_game_ply_count(cg);
        for (size_t i = 0; i < n && rc == CHC_OK; i++)
            if (gf_push(&g->mv, chc_game_move(cg, i))) rc = CHC_E_NO_MEMORY;
    }
    chc_game_free(cg);
    chc_pgn_reader_free(r);
    return rc;
}

/* The PGN of the game (malloc'ed), with the result when the game has ended by rule. */
static char *write_pgn(const game *g)
{
    chc_game *cg = game_object(g);
    if (!cg) return NULL;
    int outcome = chc_game_outcome(cg);
    if (outcome != CHC_OUTCOME_NONE && outcome != CHC_OUTCOME_FIFTY &&
        outcome != CHC_OUTCOME_THREEFOLD) {
        chc_position final;
        game_final(g, &final);
        chc_game_set_result(cg, chc_outcome_result(outcome, &final));
    }
    size_t need = 0;
    chc_pgn_write(cg, 0, NULL, 0, &need, NULL);
    char *buf = malloc(need + 1);
    if (buf && chc_pgn_write(cg, 0, buf, need + 1, NULL, NULL) != CHC_OK) {
        free(buf);
        buf = NULL;
    }
    chc_game_free(cg);
    return buf;
}

/* A known input format name: "auto", "pgn", a position format, or a readable game format. */
static int known_input_format(const char *name)
{
    if (strcmp(name, "auto") == 0 || strcmp(name, "pgn") == 0 || find_pos(name)) return 1;
    if (strcmp(name, "pack-position") == 0) return find_pos("pack") != NULL;
    const game_format *f = find_game(name);
    return f && f->read;
}

static void input_format_names(char *buf, size_t cap)
{
    size_t len = (size_t)snprintf(buf, cap, "auto, pgn");
    for (size_t i = 0; game_at(i) && len < cap; i++)
        if (game_at(i)->read) len += (size_t)snprintf(buf + len, cap - len, ", %s", game_at(i)->name);
    for (size_t i = 0; pos_at(i) && len < cap; i++)
        if (!find_game(pos_at(i)->name) || !find_game(pos_at(i)->name)->read)
            len += (size_t)snprintf(buf + len, cap - len, ", %s", pos_at(i)->name);
    if (len < cap && find_pos("pack")) snprintf(buf + len, cap - len, ", pack-position");
}

/* Decodes with one named format. text is trimmed and NUL-terminated. */
static int decode_game_as(const char *name, const char *text, size_t len,
                          const chc_position *start, game *g, chc_diag *d)
{
    g->mv.n = 0;
    g->start = *start;
    if (strcmp(name, "pgn") == 0) return read_pgn(text, len, g, d);
    if (strcmp(name, "pack-position") == 0)
        return find_pos("pack") ? find_pos("pack")->decode(text, &g->start, d) : CHC_E_UNSUPPORTED;
    const game_format *gf = find_game(name);
    if (!gf || !gf->read) {
        const pos_format *pf = find_pos(name);
        if (pf) return pf->decode(text, &g->start, d);
        return CHC_E_UNSUPPORTED;
    }
    /* One-line formats: line ends count as spaces. */
    char *line = malloc(len + 1);
    if (!line) return CHC_E_NO_MEMORY;
    for (size_t i = 0; i <= len; i++) line[i] = (text[i] == '\n' || text[i] == '\r' || text[i] == '\t') ? ' ' : text[i];
    int rc = gf->read(line, &g->start, &g->mv, d);
    free(line);
    return rc;
}

static int looks_like_pgn(const char *t)
{
    if (t[0] == '[' || t[0] == '{') return 1;
    /* Movetext starting with a move number: "1. e4", "1.e4", "12... Nf6". */
    const char *p = t;
    while (*p >= '0' && *p <= '9') p++;
    return p > t && *p == '.';
}

/* Decodes a game in `format` ("auto" guesses; a position format gives a game of no moves from
 * that position). *used gets the format that was read. `start` applies to formats that do
 * not carry their start (uci, san). */
static int decode_game(const char *format, const char *raw, size_t raw_len,
                       const chc_position *start, game *g, const char **used, chc_diag *d)
{
    size_t len;
    char *text = trim_dup(raw, raw_len, &len);
    if (!text) return CHC_E_NO_MEMORY;
    int rc;
    if (strcmp(format, "auto") != 0) {
        *used = format;
        rc = decode_game_as(format, text, len, start, g, d);
        free(text);
        return rc;
    }
    if (len == 0) {
        g->start = *start;
        g->mv.n = 0;
        *used = "uci";
        free(text);
        return CHC_OK;
    }
    /* Candidates in order; the first that reads the text wins. */
    const char *cand[16];
    int nc = 0;
    if (looks_like_pgn(text)) cand[nc++] = "pgn";
    for (size_t i = 0; pos_at(i) && nc < 8; i++) {
        const pos_format *f = pos_at(i);
        /* A position pack code is tried after the URL-safe and game codes (same alphabet). */
        if (f->detect && f->detect(text) && strcmp(f->name, "pack") != 0) cand[nc++] = f->name;
    }
    for (size_t i = 0; game_at(i) && nc < 12; i++) {
        const game_format *f = game_at(i);
        if (f->read && f->detect && f->detect(text)) cand[nc++] = f->name;
    }
    int urlsafe = all_in(text, URLSAFE_CHARS);
    if (urlsafe) {
        if (find_game("urlsafe")) cand[nc++] = "urlsafe";
        const game_format *gp = find_game("pack");
        if (gp && gp->read && !(gp->detect && gp->detect(text))) cand[nc++] = "pack";
        const pos_format *pp = find_pos("pack");
        if (pp && (!pp->detect || pp->detect(text))) cand[nc++] = "pack-position";
    }
    if (nc == 0) cand[nc++] = has_non_ascii(text) ? "covert" : "pgn";

    int first_rc = CHC_OK, pick = 0;
    chc_diag first;
    memset(&first, 0, sizeof first);
    for (int i = 0; i < nc; i++) {
        chc_diag di;
        memset(&di, 0, sizeof di);
        rc = decode_game_as(cand[i], text, len, start, g, &di);
        if (rc == CHC_OK) {
            *used = cand[i];
            free(text);
            return CHC_OK;
        }
        if (rc == CHC_E_NO_MEMORY) {
            free(text);
            return rc;
        }
        /* Report the first candidate's error, except that a single word in the URL-safe
         * alphabet that is no SAN move is best explained as a URL-safe string. */
        if (i == 0 || (urlsafe && strcmp(cand[i], "urlsafe") == 0 && strcmp(cand[pick], "san") == 0)) {
            first_rc = rc;
            first = di;
            pick = i;
        }
    }
    *used = cand[pick];
    if (d) *d = first;
    free(text);
    return first_rc;
}

/* The reply for a game: its moves, its codes and the final position. */
static json_t *game_info(const game *g, const char *input_format)
{
    json_t *info = json_object();
    if (input_format) json_object_set_new(info, "input_format", json_string(input_format));
    char fen[CHC_FEN_MAX];
    chc_position_to_fen(&g->start, fen, sizeof fen, 0);
    json_object_set_new(info, "start_fen", json_string(fen));
    json_object_set_new(info, "standard_start", json_boolean(is_startpos(&g->start)));

    json_t *moves = json_array(), *sans = json_array();
    chc_position pos = g->start;
    for (size_t i = 0; i < g->mv.n; i++) {
        char uci[CHC_UCI_MAX], san[CHC_SAN_MAX];
        chc_move_to_uci(&pos, g->mv.v[i], uci);
        chc_move_to_san(&pos, g->mv.v[i], san);
        json_array_append_new(moves, json_string(uci));
        json_array_append_new(sans, json_string(san));
        chc_undo u;
        chc_make_move(&pos, g->mv.v[i], &u);
    }
    json_object_set_new(info, "moves", moves);
    json_object_set_new(info, "san", sans);
    json_object_set_new(info, "plies", json_integer((json_int_t)g->mv.n));

    json_t *formats = json_object(), *errors = json_object();
    char *pgn = write_pgn(g);
    json_object_set_new(formats, "pgn", pgn ? json_string(pgn) : json_null());
    free(pgn);
    for (size_t i = 0; game_at(i); i++) {
        const game_format *f = game_at(i);
        if (!f->write || strcmp(f->name, "fen") == 0) continue;
        gf_text t = {0};
        chc_diag d;
        memset(&d, 0, sizeof d);
        int rc = f->write(&g->start, g->mv.v, g->mv.n, &t, &d);
        if (rc == CHC_OK && gf_putc(&t, 0) == 0) {
            json_object_set_new(formats, f->name, json_string(t.p));
        } else {
            if (rc == CHC_OK) rc = CHC_E_NO_MEMORY;
            json_object_set_new(formats, f->name, json_null());
            json_object_set_new(errors, f->name,
                                json_string(d.code == rc && d.message[0] ? d.message : chc_strerror(rc)));
        }
        free(t.p);
    }
    json_object_set_new(info, "formats", formats);
    if (json_object_size(errors))
        json_object_set_new(info, "format_errors", errors);
    else
        json_decref(errors);

    chc_game *cg = game_object(g);
    int outcome = cg ? chc_game_outcome(cg) : -1;
    chc_game_free(cg);
    json_object_set_new(info, "position", position_info(&pos, outcome));
    return info;
}
/* ------------------------------------------------------------------------------------------ */
/* Requests                                                                                   */
/* ------------------------------------------------------------------------------------------ */
/* Parses the body as a JSON object. On failure fills *out and returns NULL. */
static json_t *parse_body(const char *body, size_t len, serve_reply *out)
{
    if (!body || len == 0) {
        serve_error_reply(out, 400, "bad_json", "the request needs a JSON object as its body");
        return NULL;
    }
    json_error_t err;
    json_t *root = json_loadb(body, len, JSON_REJECT_DUPLICATES, &err);
    if (!root) {
        error_fmt(out, 400, "bad_json", "the body is not valid JSON: %s (line %d, column %d)",
                  err.text, err.line, err.column);
        return NULL;
    }
    if (!json_is_object(root)) {
        json_decref(root);
        serve_error_reply(out, 400, "bad_json", "the body must be a JSON object");
        return NULL;
    }
    return root;
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
        error_fmt(out, 400, "bad_request", "the request needs the string member \"%s\"", key);
        return -1;
    }
    if (!json_is_string(v)) {
        error_fmt(out, 400, "bad_request", "\"%s\" must be a string", key);
        return -1;
    }
    *s = json_string_value(v);
    if (strlen(*s) != json_string_length(v)) {
        error_fmt(out, 400, "bad_request", "\"%s\" must not contain NUL characters", key);
        return -1;
    }
    return 1;
}

/* Gets an optional non-negative integer member within [0, max]. Returns 1, 0 (absent) or -1. */
static int get_int(json_t *root, const char *key, long max, long *v, serve_reply *out)
{
    json_t *j = json_object_get(root, key);
    if (!j || json_is_null(j)) return 0;
    if (!json_is_integer(j) || json_integer_value(j) < 0 || json_integer_value(j) > max) {
        error_fmt(out, 400, "bad_request", "\"%s\" must be an integer from 0 to %ld", key, max);
        return -1;
    }
    *v = (long)json_integer_value(j);
    return 1;
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
    chc_diag d;
    int rc = chc_position_from_fen(pos, fen, 0, &d);
    if (rc != CHC_OK) {
        chess_error(out, "bad_input", "fen", rc, &d);
        return -1;
    }
    return 0;
}

/* Reads the game of a request: {"input", "format"} or {"moves": [...], "start_fen"}. */
static int read_game(json_t *root, game *g, const char **used, serve_reply *out)
{
    const char *input, *format, *start_fen;
    int has_input = get_string(root, "input", 0, &input, out);
    if (has_input < 0) return -1;
    if (get_string(root, "format", 0, &format, out) < 0) return -1;
    if (get_string(root, "start_fen", 0, &start_fen, out) < 0) return -1;
    json_t *moves = json_object_get(root, "moves");
    if (moves && !json_is_null(moves) && !json_is_array(moves)) {
        serve_error_reply(out, 400, "bad_request", "\"moves\" must be an array of UCI moves");
        return -1;
    }
    if (moves && json_is_array(moves) && has_input) {
        serve_error_reply(out, 400, "bad_request", "give either \"input\" or \"moves\", not both");
        return -1;
    }
    chc_diag d;
    memset(&d, 0, sizeof d);
    int rc;
    chc_position start;
    if (start_fen) {
        rc = chc_position_from_fen(&start, start_fen, 0, &d);
        if (rc != CHC_OK) {
            chess_error(out, "bad_input", "start_fen", rc, &d);
            return -1;
        }
    } else {
        chc_position_startpos(&start);
    }
    if (moves && json_is_array(moves)) {
        if (format && strcmp(format, "uci") != 0) {
            serve_error_reply(out, 400, "bad_request", "\"moves\" are UCI moves: format must be \"uci\"");
            return -1;
        }
        sbuf text = {0};
        size_t i;
        json_t *m;
        json_array_foreach(moves, i, m) {
            if (!json_is_string(m)) {
                free(text.p);
                error_fmt(out, 400, "bad_request", "moves[%zu] must be a string", i);
                return -1;
            }
            if (i) sb_str(&text, " ");
            sb_str(&text, json_string_value(m));
        }
        if (text.oom) {
            free(text.p);
            serve_error_reply(out, 500, "internal", "out of memory");
            return -1;
        }
        rc = decode_game("uci", text.p ? text.p : "", text.len, &start, g, used, &d);
        free(text.p);
    } else {
        if (!format) format = "auto";
        if (!known_input_format(format)) {
            char names[600];
            input_format_names(names, sizeof names);
            error_fmt(out, 400, "unknown_format", "unknown format \"%.40s\" (known: %s)", format,
                      names);
            return -1;
        }
        rc = decode_game(format, input ? input : "", input ? strlen(input) : 0, &start, g, used,
                         &d);
    }
    if (rc == CHC_E_NO_MEMORY) {
        serve_error_reply(out, 500, "internal", "out of memory");
        return -1;
    }
    if (rc != CHC_OK) {
        const char *code = (rc == CHC_E_MOVE_ILLEGAL || rc == CHC_E_URLSAFE_MOVE ||
                            rc == CHC_E_MOVE_AMBIGUOUS) ? "illegal_move" : "bad_input";
        chess_error(out, code, *used ? *used : "input", rc, &d);
        return -1;
    }
    /* Null moves ("--" in SAN and PGN) are read by the notation code but have no place in a
     * game played here (and no URL-safe or pack form). */
    for (size_t i = 0; i < g->mv.n; i++)
        if (g->mv.v[i] == CHC_MOVE_NULL) {
            memset(&d, 0, sizeof d);
            d.code = CHC_E_UNSUPPORTED;
            d.offset = -1;
            d.index = (long)i;
            snprintf(d.message, sizeof d.message, "ply %zu is a null move: not supported here", i + 1);
            chess_error(out, "bad_input", *used ? *used : "input", CHC_E_UNSUPPORTED, &d);
            return -1;
        }
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Endpoints                                                                                  */
/* ------------------------------------------------------------------------------------------ */
static const serve_config *CFG;

static void api_info(serve_reply *out)
{
    json_t *pf = json_array(), *gf = json_array();
    for (size_t i = 0; pos_at(i); i++) json_array_append_new(pf, json_string(pos_at(i)->name));
    json_array_append_new(gf, json_string("pgn"));
    for (size_t i = 0; game_at(i); i++)
        if (game_at(i)->write && strcmp(game_at(i)->name, "fen") != 0)
            json_array_append_new(gf, json_string(game_at(i)->name));
    json_t *o = json_pack("{s:s,s:s,s:o,s:o,s:{s:I,s:I}}", "name", "chesscodec", "version",
                          chc_version_string(), "position_formats", pf, "game_formats", gf,
                          "limits", "max_body_bytes", (json_int_t)CFG->max_body,
                          "engine_max_ms", (json_int_t)CFG->engine_max_ms);
    reply_json(out, 200, o);
}

/* POST /api/position {"input", "format"}: a position in every format. */
static void api_position(json_t *root, serve_reply *out)
{
    const char *input, *format;
    if (get_string(root, "input", 1, &input, out) < 0) return;
    if (get_string(root, "format", 0, &format, out) < 0) return;
    size_t len;
    char *text = trim_dup(input, strlen(input), &len);
    if (!text) {
        serve_error_reply(out, 500, "internal", "out of memory");
        return;
    }
    const pos_format *forced = NULL, *used = NULL;
    if (format && strcmp(format, "auto") != 0 && !(forced = find_pos(format))) {
        free(text);
        char names[300];
        size_t used_len = 0;
        names[0] = 0;
        for (size_t i = 0; pos_at(i) && used_len < sizeof names; i++)
            used_len += (size_t)snprintf(names + used_len, sizeof names - used_len, "%s%s",
                                         i ? ", " : "", pos_at(i)->name);
        error_fmt(out, 400, "unknown_format",
                  "unknown position format \"%.40s\" (known: auto, %s)", format, names);
        return;
    }
    chc_position pos;
    chc_diag d;
    memset(&d, 0, sizeof d);
    int rc = decode_position(text, forced, &pos, &used, &d);
    free(text);
    if (rc != CHC_OK) {
        if (!forced && !used) {
            serve_error_reply(out, 422, "unknown_input",
                              "the input is not in any position format this server reads");
            return;
        }
        chess_error(out, "bad_input", used ? used->name : forced->name, rc, &d);
        return;
    }
    json_t *info = position_info(&pos, -1);
    json_object_set_new(info, "input_format", json_string(used ? used->name : forced->name));
    reply_json(out, 200, info);
}

/* POST /api/moves {"fen"}: the legal moves. */
static void api_moves(json_t *root, serve_reply *out)
{
    chc_position pos;
    if (read_fen(root, &pos, out) < 0) return;
    chc_move moves[CHC_MAX_MOVES];
    int n = chc_legal_moves(&pos, moves, CHC_GEN_ALL);
    json_t *list = json_array();
    static const char *const PROMO[] = {NULL, NULL, "knight", "bishop", "rook", "queen"};
    for (int i = 0; i < n; i++) {
        char uci[CHC_UCI_MAX], san[CHC_SAN_MAX], from[3], to[3];
        chc_move_to_uci(&pos, moves[i], uci);
        chc_move_to_san(&pos, moves[i], san);
        square_name(CHC_MOVE_FROM(moves[i]), from);
        memcpy(to, uci + 2, 2);
        to[2] = 0;
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
    reply_json(out, 200, o);
}

/* POST /api/play {"fen", "move"}: the position after a move. */
static void api_play(json_t *root, serve_reply *out)
{
    chc_position pos;
    const char *text;
    if (read_fen(root, &pos, out) < 0) return;
    if (get_string(root, "move", 1, &text, out) < 0) return;
    chc_move m;
    chc_diag d;
    memset(&d, 0, sizeof d);
    /* UCI first; a move that is not UCI syntax is read as SAN. */
    int rc = chc_move_from_uci(&pos, text, &m, &d);
    if (rc == CHC_E_MOVE_SYNTAX) {
        memset(&d, 0, sizeof d);
        rc = chc_move_from_san(&pos, text, &m, &d);
        if (rc == CHC_OK && m == CHC_MOVE_NULL) {
            serve_error_reply(out, 422, "illegal_move", "move: the null move is not played here");
            return;
        }
    }
    if (rc != CHC_OK) {
        chess_error(out, rc == CHC_E_MOVE_SYNTAX ? "bad_input" : "illegal_move", "move", rc, &d);
        return;
    }
    char uci[CHC_UCI_MAX], san[CHC_SAN_MAX];
    chc_move_to_uci(&pos, m, uci);
    chc_move_to_san(&pos, m, san);
    chc_undo u;
    chc_make_move(&pos, m, &u);
    json_t *o = json_pack("{s:s,s:s,s:o}", "uci", uci, "san", san, "position",
                          position_info(&pos, -1));
    reply_json(out, 200, o);
}

/* POST /api/game {"input","format"} or {"moves","start_fen"}: a game in every format. */
static void api_game(json_t *root, serve_reply *out)
{
    game g;
    memset(&g, 0, sizeof g);
    const char *used = NULL;
    if (read_game(root, &g, &used, out) == 0) reply_json(out, 200, game_info(&g, used));
    free(g.mv.v);
}

/* Engine slots: at most cfg->engine_slots searches at once, each with its own engine. */
static pthread_mutex_t engine_lock = PTHREAD_MUTEX_INITIALIZER;
static chc_engine **engines;
static int *engine_busy;
static int n_engines;

static chc_engine *engine_acquire(void)
{
    chc_engine *e = NULL;
    pthread_mutex_lock(&engine_lock);
    for (int i = 0; i < n_engines; i++)
        if (!engine_busy[i]) {
            if (!engines[i]) engines[i] = chc_engine_new(16);
            if (engines[i]) {
                engine_busy[i] = 1;
                e = engines[i];
            }
            break;
        }
    pthread_mutex_unlock(&engine_lock);
    return e;
}

static void engine_release(chc_engine *e)
{
    pthread_mutex_lock(&engine_lock);
    for (int i = 0; i < n_engines; i++)
        if (engines[i] == e) engine_busy[i] = 0;
    pthread_mutex_unlock(&engine_lock);
}

/* POST /api/engine {game as for /api/game, or "fen"; "movetime_ms", "depth"}: a best move. */
static void api_engine(json_t *root, serve_reply *out)
{
    long movetime = 0, depth = 0;
    if (get_int(root, "movetime_ms", 3600000, &movetime, out) < 0) return;
    if (get_int(root, "depth", 1000, &depth, out) < 0) return;
    if (movetime == 0 && depth == 0) movetime = 1000;
    if (movetime == 0 || movetime > CFG->engine_max_ms) movetime = CFG->engine_max_ms;
    if (depth > 64) depth = 64;

    game g;
    memset(&g, 0, sizeof g);
    const char *used = NULL;
    if (json_object_get(root, "fen")) {
        if (json_object_get(root, "input") || json_object_get(root, "moves")) {
            serve_error_reply(out, 400, "bad_request", "give \"fen\" or a game, not both");
            return;
        }
        if (read_fen(root, &g.start, out) < 0) return;
    } else if (read_game(root, &g, &used, out) < 0) {
        free(g.mv.v);
        return;
    }
    chc_position final;
    game_final(&g, &final);
    if (chc_count_legal_moves(&final) == 0) {
        free(g.mv.v);
        serve_error_reply(out, 422, "game_over", "the side to move has no legal move");
        return;
    }
    chc_engine *e = engine_acquire();
    if (!e) {
        free(g.mv.v);
        serve_error_reply(out, 503, "engine_busy",
                          "every engine slot is searching: try again in a moment");
        return;
    }
    chc_search_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.movetime_ms = movetime;
    lim.depth = (int)depth;
    chc_search_result res;
    memset(&res, 0, sizeof res);
    chc_engine_clear(e);
    int rc = chc_engine_search(e, &g.start, g.mv.v, (int)g.mv.n, &lim, NULL, NULL, &res);
    engine_release(e);
    free(g.mv.v);
    if (rc != CHC_OK) {
        chess_error(out, "bad_input", "engine", rc, NULL);
        return;
    }
    char best[CHC_UCI_MAX], ponder[CHC_UCI_MAX] = "";
    chc_move_to_uci(&final, res.best, best);
    json_t *pv = json_array();
    chc_position p = final;
    for (int i = 0; i < res.pv_len && i < CHC_PV_MAX; i++) {
        if (!chc_is_legal(&p, res.pv[i])) break;
        char uci[CHC_UCI_MAX];
        chc_move_to_uci(&p, res.pv[i], uci);
        json_array_append_new(pv, json_string(uci));
        if (i == 1) memcpy(ponder, uci, sizeof uci);
        chc_undo u;
        chc_make_move(&p, res.pv[i], &u);
    }
    json_t *score = res.mate ? json_pack("{s:i}", "mate", res.mate)
                             : json_pack("{s:i}", "cp", res.score);
    json_t *o = json_pack("{s:s,s:o,s:i,s:I,s:I,s:o}", "bestmove", best, "score", score, "depth",
                          res.depth, "nodes", (json_int_t)res.nodes, "time_ms",
                          (json_int_t)res.time_ms, "pv", pv);
    if (o && ponder[0]) json_object_set_new(o, "ponder", json_string(ponder));
    reply_json(out, 200, o);
}

/* ------------------------------------------------------------------------------------------ */
/* Dispatch                                                                                   */
/* ------------------------------------------------------------------------------------------ */
typedef void (*endpoint_fn)(json_t *root, serve_reply *out);

static const struct {
    const char *path;
    endpoint_fn fn;
} ENDPOINTS[] = {
    {"/api/position", api_position},
    {"/api/moves", api_moves},
    {"/api/play", api_play},
    {"/api/game", api_game},
    {"/api/engine", api_engine},
};

void serve_api_handle(const char *method, const char *path, const char *body, size_t len,
                      serve_reply *out)
{
    memset(out, 0, sizeof *out);
    if (strcmp(path, "/api/info") == 0) {
        if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) {
            serve_error_reply(out, 405, "method_not_allowed", "use GET for /api/info");
            return;
        }
        api_info(out);
        return;
    }
    for (size_t i = 0; i < sizeof ENDPOINTS / sizeof ENDPOINTS[0]; i++) {
        if (strcmp(path, ENDPOINTS[i].path) != 0) continue;
        if (strcmp(method, "POST") != 0) {
            error_fmt(out, 405, "method_not_allowed", "use POST with a JSON body for %s",
                      ENDPOINTS[i].path);
            return;
        }
        json_t *root = parse_body(body, len, out);
        if (!root) return;
        ENDPOINTS[i].fn(root, out);
        json_decref(root);
        return;
    }
    error_fmt(out, 404, "not_found", "no API endpoint %.100s (see /api/info and docs/api.md)", path);
}

int serve_api_init(const serve_config *cfg)
{
    CFG = cfg;
    json_object_seed(0);
    n_engines = cfg->engine_slots > 0 ? cfg->engine_slots : 1;
    engines = calloc((size_t)n_engines, sizeof *engines);
    engine_busy = calloc((size_t)n_engines, sizeof *engine_busy);
    if (!engines || !engine_busy) return -1;
    return 0;
}

void serve_api_shutdown(void)
{
    for (int i = 0; i < n_engines; i++) chc_engine_free(engines[i]);
    free(engines);
    free(engine_busy);
    engines = NULL;
    engine_busy = NULL;
    n_engines = 0;
}
