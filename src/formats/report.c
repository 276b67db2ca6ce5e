/* Reports: everything a page or a program shows about a position or a game, as one JSON
 * object (docs/api.md describes the members). The server's JSON API and the serverless page
 * (WebAssembly) both write these, so the two can never disagree. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"
#include "common/sink.h"

/* A JSON string of s: quotes, backslashes and control characters escaped; a byte that does
 * not start a valid UTF-8 sequence becomes U+FFFD, so the output is always valid JSON. */
static void json_str(chci_sink *o, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    chci_put(o, "\"", 1);
    while (*p) {
        unsigned c = *p;
        size_t n = 1;
        if (c == '"' || c == '\\') {
            chci_put(o, "\\", 1);
            chci_put(o, (const char *)p, 1);
        } else if (c < 0x20) {
            chci_putf(o, "\\u%04x", c);
        } else if (c < 0x80) {
            chci_put(o, (const char *)p, 1);
        } else {
            /* sequence length and the smallest code point it may hold (no overlong forms) */
            unsigned need = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
            unsigned cp = need == 4 ? c & 7 : need == 3 ? c & 15 : c & 31;
            size_t k = 1;
            for (; need && k < need && (p[k] & 0xC0) == 0x80; k++) cp = cp << 6 | (p[k] & 63);
            int ok = need && k == need && !(need == 3 && (cp < 0x800 || (cp >= 0xD800 && cp < 0xE000))) &&
                     !(need == 4 && (cp < 0x10000 || cp > 0x10FFFF));
            if (ok) {
                n = need;
                chci_put(o, (const char *)p, n);
            } else {
                chci_puts(o, "\xEF\xBF\xBD");
            }
        }
        p += n;
    }
    chci_put(o, "\"", 1);
}

static void json_key(chci_sink *o, int *first, const char *key)
{
    if (!*first) chci_put(o, ",", 1);
    *first = 0;
    json_str(o, key);
    chci_put(o, ":", 1);
}

/* The text of g in `format`, in a buffer of the caller's (*buf, grown; freed by the caller). */
static int game_text(const chc_game *g, int format, char **buf, size_t *cap, chc_diag *d)
{
    size_t need = 0;
    int rc = chc_game_write(g, format, 0, *buf, *cap, &need, d);
    if (rc == CHC_E_BUFFER_TOO_SMALL) {
        char *bigger = realloc(*buf, need + 1);
        if (!bigger) return CHC_E_NO_MEMORY;
        *buf = bigger;
        *cap = need + 1;
        rc = chc_game_write(g, format, 0, *buf, *cap, &need, d);
    }
    return rc;
}

/* "formats": {"name": code or null, ...} for every text format of one kind (of pos, or of g
 * when g is not NULL) and "format_errors": {"name": why} for the nulls. */
static int write_formats(chci_sink *o, int *first, const chc_position *pos, const chc_game *g)
{
    unsigned kind = g ? CHC_KIND_GAME : CHC_KIND_POSITION;
    char *text = NULL, *errors = NULL;
    size_t cap = 0, errors_len = 0;
    int rc = CHC_OK;
    chci_sink errs = {NULL, 0, 0};
    json_key(o, first, "formats");
    chci_put(o, "{", 1);
    /* two passes over the errors: count, then store */
    for (int pass = 0; pass < 2 && rc == CHC_OK; pass++) {
        int first_fmt = 1, first_err = 1;
        for (size_t i = 0; i < chc_format_count(); i++) {
            const chc_format_info *f = chc_format_at(i);
            if (f->kind != kind || !(f->caps & CHC_CAP_WRITE) || (f->caps & CHC_CAP_BINARY))
                continue;
            chc_diag d = CHC_DIAG_INIT;
            char buf[CHC_POSITION_TEXT_MAX];
            int wrc = g ? game_text(g, f->format, &text, &cap, &d)
                        : chc_position_write(pos, f->format, 0, buf, sizeof buf, NULL, &d);
            if (wrc == CHC_E_NO_MEMORY) {
                rc = wrc;
                break;
            }
            if (pass == 0) {
                json_key(o, &first_fmt, f->name);
                if (wrc == CHC_OK) json_str(o, g ? text : buf);
                else chci_puts(o, "null");
            }
            if (wrc != CHC_OK) {
                json_key(&errs, &first_err, f->name);
                json_str(&errs, d.message[0] ? d.message : chc_strerror(wrc));
            }
        }
        if (pass == 0) {
            chci_put(o, "}", 1);
            errors_len = errs.len;
            if (!errors_len) break;
            errors = malloc(errors_len + 1);
            if (!errors) rc = CHC_E_NO_MEMORY;
            errs = (chci_sink){errors, errors_len + 1, 0};
        }
    }
    if (rc == CHC_OK && errors_len) {
        json_key(o, first, "format_errors");
        chci_put(o, "{", 1);
        chci_put(o, errors, errors_len);
        chci_put(o, "}", 1);
    }
    free(text);
    free(errors);
    return rc;
}

/* The members of a position's report (without the braces). */
static int write_position(chci_sink *o, const chc_position *pos, int outcome)
{
    /* by outcome: the rule endings (a claimable draw is still "playing") */
    static const char *const STATUS[] = {"playing", "checkmate", "stalemate",
                                         "insufficient_material", "seventy_five_moves",
                                         "fivefold_repetition"};
    int first = 1;
    char fen[CHC_FEN_MAX];
    chc_position_to_fen(pos, fen, sizeof fen, 0);
    json_key(o, &first, "fen");
    json_str(o, fen);
    int rc = write_formats(o, &first, pos, NULL);
    if (rc != CHC_OK) return rc;
    json_key(o, &first, "polyglot_key");
    chci_putf(o, "\"%016" PRIx64 "\"", chc_polyglot_key(pos));
    json_key(o, &first, "turn");
    chci_puts(o, chc_side_to_move(pos) == CHC_WHITE ? "\"white\"" : "\"black\"");
    json_key(o, &first, "check");
    chci_puts(o, chc_in_check(pos) ? "true" : "false");
    json_key(o, &first, "chess960");
    chci_puts(o, chc_is_chess960(pos) ? "true" : "false");

    if (outcome < 0) outcome = chc_position_outcome(pos);
    /* The claimable draws (fifty moves, threefold) do not end the game. */
    if (outcome == CHC_OUTCOME_FIFTY || outcome == CHC_OUTCOME_THREEFOLD) {
        json_key(o, &first, "claimable_draw");
        json_str(o, chc_outcome_name(outcome));
        outcome = CHC_OUTCOME_NONE;
    }
    if (outcome < 0 || outcome >= (int)(sizeof STATUS / sizeof *STATUS)) outcome = CHC_OUTCOME_NONE;
    json_key(o, &first, "status");
    json_str(o, STATUS[outcome]);
    if (outcome != CHC_OUTCOME_NONE) {
        json_key(o, &first, "result");
        json_str(o, chc_result_string(chc_outcome_result(outcome, pos)));
    }

    /* The legal moves, and the destinations by origin square as chessground wants them
     * (one destination for four promotions; castling also as king onto its rook, as lichess
     * does, in standard chess). */
    chc_move moves[CHC_MAX_MOVES];
    int n = outcome == CHC_OUTCOME_NONE ? chc_legal_moves(pos, moves, CHC_GEN_ALL) : 0;
    json_key(o, &first, "legal_moves");
    chci_put(o, "[", 1);
    for (int i = 0; i < n; i++) {
        char uci[CHC_UCI_MAX];
        chc_move_to_uci(pos, moves[i], uci);
        if (i) chci_put(o, ",", 1);
        json_str(o, uci);
    }
    chci_put(o, "]", 1);
    json_key(o, &first, "dests");
    chci_put(o, "{", 1);
    int first_from = 1;
    for (int from = 0; from < 64; from++) {
        int first_to = 1;
        uint64_t seen = 0;
        for (int i = 0; i < n; i++) {
            if (CHC_MOVE_FROM(moves[i]) != from) continue;
            char uci[CHC_UCI_MAX];
            chc_move_to_uci(pos, moves[i], uci);
            int to = (uci[2] - 'a') + 8 * (uci[3] - '1');
            int targets[2] = {to, -1};
            if ((CHC_MOVE_FLAGS(moves[i]) & CHC_MF_CASTLE) && !chc_is_chess960(pos))
                targets[1] = CHC_MOVE_TO(moves[i]);
            for (int t = 0; t < 2; t++) {
                if (targets[t] < 0 || (seen >> targets[t] & 1)) continue;
                seen |= 1ull << targets[t];
                if (first_to) {
                    json_key(o, &first_from, chc_square_name(from));
                    chci_put(o, "[", 1);
                }
                else chci_put(o, ",", 1);
                first_to = 0;
                json_str(o, chc_square_name(targets[t]));
            }
        }
        if (!first_to) chci_put(o, "]", 1);
    }
    chci_put(o, "}", 1);
    return CHC_OK;
}

/* The moves from the start to `node` (UCI, as a JSON array's members). */
static void write_path(chci_sink *o, const chc_game *g, uint32_t node)
{
    size_t n = 0;
    for (uint32_t at = node; at != CHC_GAME_ROOT && at != CHC_GAME_NO_NODE; at = chc_game_node_parent(g, at)) n++;
    for (size_t k = 0; k < n; k++) {
        /* move k from the start: n - 1 - k steps up from the node (paths are short: plies) */
        uint32_t at = node;
        for (size_t up = 0; up + 1 + k < n; up++) at = chc_game_node_parent(g, at);
        chc_position pos;
        char uci[CHC_UCI_MAX];
        chc_game_node_position(g, chc_game_node_parent(g, at), &pos);
        chc_move_to_uci(&pos, chc_game_node_move(g, at), uci);
        if (k) chci_put(o, ",", 1);
        json_str(o, uci);
    }
}

/* "variations": every line of the move tree but the main line, each as the moves from the
 * start to where it leaves its parent line ("path") and its own moves (UCI and SAN, its main
 * continuation); nested ones are listed too, after their parent, in the order of the tree. */
static void write_variations(chci_sink *o, int *first, const chc_game *g)
{
    size_t nodes = chc_game_node_count(g);
    int any = 0;
    for (uint32_t node = 0; node < nodes; node++) {
        size_t kids = chc_game_node_child_count(g, node);
        for (size_t i = 1; i < kids; i++) {
            if (!any) {
                json_key(o, first, "variations");
                chci_put(o, "[", 1);
            } else {
                chci_put(o, ",", 1);
            }
            any = 1;
            chci_puts(o, "{\"path\":[");
            write_path(o, g, node);
            for (int pass = 0; pass < 2; pass++) {
                chci_puts(o, pass ? "],\"san\":[" : "],\"moves\":[");
                chc_position pos;
                chc_game_node_position(g, node, &pos);
                int k = 0;
                for (uint32_t at = chc_game_node_child(g, node, i); at != CHC_GAME_NO_NODE;
                     at = chc_game_node_child(g, at, 0), k++) {
                    char text[CHC_SAN_MAX > CHC_UCI_MAX ? CHC_SAN_MAX : CHC_UCI_MAX];
                    chc_move m = chc_game_node_move(g, at);
                    if (pass) chc_move_to_san(&pos, m, text);
                    else chc_move_to_uci(&pos, m, text);
                    if (k) chci_put(o, ",", 1);
                    json_str(o, text);
                    chc_undo u;
                    chc_make_move(&pos, m, &u);
                }
            }
            chci_puts(o, "]}");
        }
    }
    if (any) chci_put(o, "]", 1);
}

static int finish(chci_sink *o, int rc, size_t *dst_len)
{
    if (dst_len) *dst_len = o->len;
    if (rc != CHC_OK) {
        if (o->cap) o->dst[0] = 0;
        return rc;
    }
    if (o->len >= o->cap) {
        if (o->cap) o->dst[0] = 0;
        return CHC_E_BUFFER_TOO_SMALL;
    }
    o->dst[o->len] = 0;
    return CHC_OK;
}

int chc_position_report_json(const chc_position *pos, const char *input_format, char *dst,
                             size_t dst_cap, size_t *dst_len)
{
    if (!pos || (!dst && dst_cap)) return CHC_E_ARGUMENT;
    chci_sink o = {dst, dst_cap, 0};
    chci_put(&o, "{", 1);
    int rc = write_position(&o, pos, -1);
    if (input_format) {
        chci_puts(&o, ",\"input_format\":");
        json_str(&o, input_format);
    }
    chci_put(&o, "}", 1);
    return finish(&o, rc, dst_len);
}

int chc_game_report_json(const chc_game *game, const char *input_format, char *dst,
                         size_t dst_cap, size_t *dst_len)
{
    if (!game || (!dst && dst_cap)) return CHC_E_ARGUMENT;
    /* The report shows the result the rules decided: work on a copy given it. */
    chc_game *g = chc_game_new();
    if (!g || chc_game_copy(g, game) != CHC_OK) {
        chc_game_free(g);
        return CHC_E_NO_MEMORY;
    }
    chc_game_set_rule_result(g);
    chci_sink o = {dst, dst_cap, 0};
    int first = 1;
    chci_put(&o, "{", 1);
    if (input_format) {
        json_key(&o, &first, "input_format");
        json_str(&o, input_format);
    }
    char fen[CHC_FEN_MAX];
    const chc_position *start = chc_game_start(g);
    chc_position_to_fen(start, fen, sizeof fen, 0);
    json_key(&o, &first, "start_fen");
    json_str(&o, fen);
    json_key(&o, &first, "standard_start");
    chci_puts(&o, !chc_is_chess960(start) && strcmp(fen, CHC_STARTPOS_FEN) == 0 ? "true" : "false");

    size_t n = chc_game_ply_count(g);
    chc_position pos = *start;
    for (int pass = 0; pass < 2; pass++) {
        json_key(&o, &first, pass ? "san" : "moves");
        chci_put(&o, "[", 1);
        pos = *start;
        for (size_t i = 0; i < n; i++) {
            char text[CHC_SAN_MAX > CHC_UCI_MAX ? CHC_SAN_MAX : CHC_UCI_MAX];
            if (pass) chc_move_to_san(&pos, chc_game_move(g, i), text);
            else chc_move_to_uci(&pos, chc_game_move(g, i), text);
            if (i) chci_put(&o, ",", 1);
            json_str(&o, text);
            chc_game_position(g, i + 1, &pos);
        }
        chci_put(&o, "]", 1);
    }
    json_key(&o, &first, "plies");
    chci_putf(&o, "%zu", n);
    /* The PGN tags (Seven Tag Roster first, as read or set) and the result. */
    json_key(&o, &first, "tags");
    chci_put(&o, "{", 1);
    int first_tag = 1;
    for (size_t i = 0; i < chc_game_tag_count(g); i++) {
        json_key(&o, &first_tag, chc_game_tag_name(g, i));
        json_str(&o, chc_game_tag_value(g, i));
    }
    chci_put(&o, "}", 1);
    json_key(&o, &first, "result");
    json_str(&o, chc_result_string(chc_game_result(g)));
    write_variations(&o, &first, g);
    int rc = write_formats(&o, &first, NULL, g);
    if (rc == CHC_OK) {
        json_key(&o, &first, "position");
        chci_put(&o, "{", 1);
        rc = write_position(&o, &pos, chc_game_outcome(g));
        chci_put(&o, "}", 1);
    }
    chci_put(&o, "}", 1);
    chc_game_free(g);
    return finish(&o, rc, dst_len);
}

/* "score", "depth", "pv" and "pv_san" of one line searched from root (the members only). */
static void write_line(chci_sink *o, int *first, const chc_position *root, const chc_search_result *r)
{
    json_key(o, first, "score");
    if (r->mate) chci_putf(o, "{\"mate\":%d}", r->mate);
    else chci_putf(o, "{\"cp\":%d}", r->score);
    json_key(o, first, "depth");
    chci_putf(o, "%d", r->depth);
    for (int pass = 0; pass < 2; pass++) {
        json_key(o, first, pass ? "pv_san" : "pv");
        chci_put(o, "[", 1);
        chc_position p = *root;
        for (int i = 0; i < r->pv_len && i < CHC_PV_MAX && chc_is_legal(&p, r->pv[i]); i++) {
            char text[CHC_SAN_MAX > CHC_UCI_MAX ? CHC_SAN_MAX : CHC_UCI_MAX];
            if (pass) chc_move_to_san(&p, r->pv[i], text);
            else chc_move_to_uci(&p, r->pv[i], text);
            if (i) chci_put(o, ",", 1);
            json_str(o, text);
            chc_undo u;
            chc_make_move(&p, r->pv[i], &u);
        }
        chci_put(o, "]", 1);
    }
}

int chc_search_report_json(const chc_position *root, const chc_search_result *lines, int nlines,
                           char *dst, size_t dst_cap, size_t *dst_len)
{
    if (!root || !lines || nlines < 1 || (!dst && dst_cap)) return CHC_E_ARGUMENT;
    chci_sink o = {dst, dst_cap, 0};
    int first = 1;
    const chc_search_result *r = &lines[0];
    char uci[CHC_UCI_MAX] = "";
    chci_put(&o, "{", 1);
    json_key(&o, &first, "bestmove");
    if (r->best != CHC_MOVE_NONE && chc_is_legal(root, r->best)) {
        chc_move_to_uci(root, r->best, uci);
        json_str(&o, uci);
    } else {
        chci_puts(&o, "null");
    }
    write_line(&o, &first, root, r);
    json_key(&o, &first, "nodes");
    chci_putf(&o, "%llu", (unsigned long long)r->nodes);
    json_key(&o, &first, "time_ms");
    chci_putf(&o, "%lld", (long long)r->time_ms);
    if (r->pv_len > 1 && chc_is_legal(root, r->pv[0])) {
        chc_position p = *root;
        chc_undo u;
        chc_make_move(&p, r->pv[0], &u);
        if (chc_is_legal(&p, r->pv[1])) {
            chc_move_to_uci(&p, r->pv[1], uci);
            json_key(&o, &first, "ponder");
            json_str(&o, uci);
        }
    }
    json_key(&o, &first, "lines");
    chci_put(&o, "[", 1);
    for (int i = 0; i < nlines; i++) {
        int first_line = 1;
        chci_put(&o, i ? ",{" : "{", i ? 2 : 1);
        write_line(&o, &first_line, root, &lines[i]);
        chci_put(&o, "}", 1);
    }
    chci_put(&o, "]}", 2);
    return finish(&o, CHC_OK, dst_len);
}
