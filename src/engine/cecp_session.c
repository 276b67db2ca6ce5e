/* The XBoard protocol (CECP version 2) session: the same shape as the UCI session
 * (uci_session.c): commands in one line at a time, answers out through the caller's line
 * callback, the search in the engine's background thread (background.c).
 *
 * The game is kept here (CECP sends moves one at a time, not whole positions): the start
 * position and the moves since, so that undo/remove replay it and the search sees the
 * repetitions. The engine's own move is sent by the search thread ("move X") the moment the
 * search ends; the main thread adds it to the game at the next command (sync_search()).
 * One lock serialises the output and guards what both threads touch (post, the last line,
 * whether the move was sent or must be dropped). */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"
#include "engine/engine.h"

#define DEFAULT_HASH 16
#define MAX_HASH 4096
#define MAX_MULTIPV 64
#define DEFAULT_BOOK "/usr/share/games/gnuchess/book.bin"
#define XB_MATE 100000 /* CECP: mate in N moves is scored 100000 + N */

enum { IDLE, THINK, ANALYZE };

struct chc_cecp {
    chc_line_fn out;
    void *ctx;
    pthread_mutex_t lock;
    pthread_cond_t reported; /* a first line of the search, or its end (hint in analysis) */
    chc_engine *engine;
    chc_book *book;
    char book_path[1024];
    int own_book, multipv;
    int limit_strength, elo, skill; /* UCI_LimitStrength, UCI_Elo, Skill Level */
    /* the game */
    int chess960;
    chc_position start, cur;
    chc_move *moves;
    int nmoves, moves_cap;
    int force, engine_side, over;
    /* time control: level MPS BASE INC, st, sd; the clocks from time/otim (centiseconds) */
    int mps, sd;
    int64_t base_ms, inc_ms, st_ms, my_cs, opp_cs;
    /* the search */
    int analyzing;      /* analyze mode: every new position is analysed until exit */
    int mode;           /* IDLE, THINK (its move will be played) or ANALYZE */
    chc_position root;  /* the position searched */
    /* shared with the search thread, under lock */
    int post, sent, drop;
    chc_search_result last; /* the last progress report (for "." and hint) */
    int have_last, ended;
    uint64_t rng;
    char *line;
    size_t line_cap;
};

/* One output line; the caller holds the lock. */
static void emitv(chc_cecp *c, const char *fmt, va_list ap)
{
    char line[CHC_PV_MAX * (CHC_SAN_MAX + 1) + 1400];
    int n = vsnprintf(line, sizeof line, fmt, ap);
    if (n < 0) return;
    size_t len = (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)line[i] < 0x20 || line[i] == 0x7F) line[i] = '?';
    c->out(c->ctx, line, len);
}

static void emit_locked(chc_cecp *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit_locked(chc_cecp *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emitv(c, fmt, ap);
    va_end(ap);
}

static void out(chc_cecp *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out(chc_cecp *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&c->lock);
    emitv(c, fmt, ap);
    pthread_mutex_unlock(&c->lock);
    va_end(ap);
}

/* A move as XBoard reads it: coordinates (e2e4, e7e8q); castling in Chess960 as O-O/O-O-O,
 * which XBoard expects there (king-takes-rook would be ambiguous with a king move). */
static void move_text(const chc_position *pos, chc_move m, char *buf)
{
    if (chc_is_chess960(pos)) {
        char san[CHC_SAN_MAX];
        chc_move_to_san(pos, m, san);
        if (strncmp(san, "O-O", 3) == 0) {
            size_t n = strncmp(san, "O-O-O", 5) == 0 ? 5 : 3;
            memcpy(buf, san, n);
            buf[n] = 0;
            return;
        }
    }
    chc_move_to_uci(pos, m, buf);
}

/* The score in CECP's convention: centipawns, or +-(100000 + moves) for a mate. */
static int xb_score(const chc_search_result *r)
{
    if (r->mate > 0) return XB_MATE + r->mate;
    if (r->mate < 0) return -XB_MATE + r->mate;
    return r->score;
}

/* The "post" line: ply score time(cs) nodes pv (in SAN). Caller holds the lock. */
static void post_line(chc_cecp *c, const chc_search_result *r)
{
    char pv[CHC_PV_MAX * (CHC_SAN_MAX + 1) + 8] = "";
    size_t n = 0;
    chc_position p = c->root;
    for (int i = 0; i < r->pv_len && chc_is_legal(&p, r->pv[i]); i++) {
        char mv[CHC_SAN_MAX];
        chc_undo ud;
        chc_move_to_san(&p, r->pv[i], mv);
        n += (size_t)snprintf(pv + n, sizeof pv - n, " %s", mv);
        chc_make_move(&p, r->pv[i], &ud);
    }
    emit_locked(c, "%d %d %lld %llu%s", r->depth > 0 ? r->depth : 1, xb_score(r),
                (long long)(r->time_ms / 10), (unsigned long long)r->nodes, pv);
}

/* ---- the search thread ---------------------------------------------------------------- */
static void report(const chc_search_result *r, void *user)
{
    chc_cecp *c = user;
    if (r->bound) return; /* an aspiration window failed: the iteration is not done */
    pthread_mutex_lock(&c->lock);
    if (r->multipv <= 1) {
        c->last = *r;
        c->have_last = 1;
        pthread_cond_broadcast(&c->reported);
    }
    if (c->post && !c->drop) post_line(c, r);
    pthread_mutex_unlock(&c->lock);
}

/* The game's end after the position `p` (a move was just made), as a CECP result line. */
static const char *end_text(const chc_position *p, const char **result)
{
    int o = chc_position_outcome(p);
    int white_to_move = chc_side_to_move(p) == CHC_WHITE;
    switch (o) {
    case CHC_OUTCOME_CHECKMATE:
        *result = white_to_move ? "0-1" : "1-0";
        return white_to_move ? "Black mates" : "White mates";
    case CHC_OUTCOME_STALEMATE: *result = "1/2-1/2"; return "Stalemate";
    case CHC_OUTCOME_INSUFFICIENT: *result = "1/2-1/2"; return "Insufficient material";
    case CHC_OUTCOME_FIFTY:
    case CHC_OUTCOME_SEVENTYFIVE: *result = "1/2-1/2"; return "Draw by fifty-move rule";
    default: return NULL;
    }
}

static void search_done(int status, const chc_search_result *r, void *user)
{
    chc_cecp *c = user;
    pthread_mutex_lock(&c->lock);
    c->ended = 1;
    pthread_cond_broadcast(&c->reported);
    if (c->mode == THINK && !c->drop) {
        if (status != CHC_OK || r->best == CHC_MOVE_NONE) {
            emit_locked(c, "Error (search failed): %s", chc_strerror(status));
        } else {
            char mv[CHC_SAN_MAX];
            move_text(&c->root, r->best, mv);
            emit_locked(c, "move %s", mv);
            chc_position after = c->root;
            chc_undo ud;
            chc_make_move(&after, r->best, &ud);
            const char *res, *why = end_text(&after, &res);
            if (why) emit_locked(c, "%s {%s}", res, why);
            c->sent = 1;
        }
    }
    pthread_mutex_unlock(&c->lock);
}

/* ---- the game ------------------------------------------------------------------------- */
static int add_move(chc_cecp *c, chc_move m)
{
    if (c->nmoves == c->moves_cap) {
        int cap = c->moves_cap ? c->moves_cap * 2 : 256;
        chc_move *nm = realloc(c->moves, (size_t)cap * sizeof *nm);
        if (!nm) return -1;
        c->moves = nm;
        c->moves_cap = cap;
    }
    c->moves[c->nmoves++] = m;
    chc_undo ud;
    chc_make_move(&c->cur, m, &ud);
    return 0;
}

static void replay(chc_cecp *c)
{
    c->cur = c->start;
    for (int i = 0; i < c->nmoves; i++) {
        chc_undo ud;
        chc_make_move(&c->cur, c->moves[i], &ud);
    }
}

static void set_start(chc_cecp *c, const chc_position *p)
{
    c->start = *p;
    c->nmoves = 0;
    c->cur = *p;
    c->over = 0;
}

/* ---- searches ------------------------------------------------------------------------- */
/* Ends the running search. drop: the move of a THINK search is not sent any more (it is
 * kept when it was sent already: the GUI has it). The engine's sent move joins the game. */
static void end_search(chc_cecp *c, int stop, int drop)
{
    if (c->mode == IDLE) return;
    pthread_mutex_lock(&c->lock);
    if (drop) c->drop = 1;
    pthread_mutex_unlock(&c->lock);
    if (stop || c->mode == ANALYZE) chc_engine_stop(c->engine);
    chc_search_result r;
    int rc = chc_engine_wait(c->engine, &r);
    pthread_mutex_lock(&c->lock);
    int sent = c->sent;
    c->sent = c->drop = 0;
    pthread_mutex_unlock(&c->lock);
    if (c->mode == THINK && sent && rc == CHC_OK && r.best != CHC_MOVE_NONE) {
        if (add_move(c, r.best)) out(c, "Error (out of memory): move not kept");
        const char *res;
        if (end_text(&c->cur, &res)) c->over = 1;
    }
    c->mode = IDLE;
}

/* The engine's move that was sent since the last command joins the game. */
static void sync_search(chc_cecp *c)
{
    if (c->mode != THINK) return;
    pthread_mutex_lock(&c->lock);
    int sent = c->sent;
    pthread_mutex_unlock(&c->lock);
    if (sent) end_search(c, 0, 0);
}

static uint64_t rng_next(chc_cecp *c)
{
    c->rng ^= c->rng << 13;
    c->rng ^= c->rng >> 7;
    c->rng ^= c->rng << 17;
    return c->rng;
}

static int start_search(chc_cecp *c, chc_search_limits *l, int mode)
{
    c->root = c->cur;
    pthread_mutex_lock(&c->lock);
    c->have_last = c->ended = 0;
    c->sent = c->drop = 0;
    pthread_mutex_unlock(&c->lock);
    c->mode = mode;
    if (chc_engine_start(c->engine, &c->start, c->moves, c->nmoves, l, report, search_done, c)
        != CHC_OK) {
        c->mode = IDLE;
        out(c, "Error (cannot start the search): %s", mode == THINK ? "go" : "analyze");
        return -1;
    }
    return 0;
}

/* The engine is on move: a book move, the game's end, or a search under the time control. */
static void think(chc_cecp *c)
{
    const char *res, *why = end_text(&c->cur, &res);
    if (why || chc_count_legal_moves(&c->cur) == 0) {
        c->over = 1;
        if (why) out(c, "%s {%s}", res, why);
        return;
    }
    if (c->own_book && c->book) {
        chc_move m = chc_book_pick(c->book, &c->cur, rng_next(c));
        if (m != CHC_MOVE_NONE) {
            char mv[CHC_SAN_MAX];
            move_text(&c->cur, m, mv);
            if (add_move(c, m) == 0) {
                out(c, "move %s", mv);
                return;
            }
        }
    }
    chc_search_limits l;
    memset(&l, 0, sizeof l);
    int side = chc_side_to_move(&c->cur);
    if (c->sd > 0) l.depth = c->sd;
    if (c->st_ms > 0) {
        l.movetime_ms = c->st_ms;
    } else if (c->base_ms > 0 || c->my_cs >= 0) {
        int64_t mine = c->my_cs >= 0 ? c->my_cs * 10 : c->base_ms;
        int64_t theirs = c->opp_cs >= 0 ? c->opp_cs * 10 : c->base_ms;
        l.time_ms[side] = mine > 0 ? mine : 1;
        l.time_ms[!side] = theirs > 0 ? theirs : 1;
        l.inc_ms[0] = l.inc_ms[1] = c->inc_ms;
        /* moves the engine made since the start, modulo the control */
        if (c->mps > 0) l.movestogo = c->mps - (c->nmoves / 2) % c->mps;
    } else if (c->sd <= 0) {
        l.movetime_ms = 5000; /* no time control given at all */
    }
    start_search(c, &l, THINK);
}

static void analyze(chc_cecp *c)
{
    if (chc_count_legal_moves(&c->cur) == 0) return; /* nothing to search */
    chc_search_limits l;
    memset(&l, 0, sizeof l);
    l.infinite = 1;
    l.multipv = c->multipv;
    start_search(c, &l, ANALYZE);
}

/* The engine's turn after the opponent's move (or go/playother). */
static void maybe_think(chc_cecp *c)
{
    if (!c->force && !c->over && !c->analyzing && c->engine_side == chc_side_to_move(&c->cur)) think(c);
}

/* ---- parsing -------------------------------------------------------------------------- */
static char *skip_ws(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    return s;
}

/* "5" (minutes) or "0:30" (minutes:seconds) -> milliseconds; -1 when malformed. */
static int64_t parse_base(const char *t)
{
    char *end;
    long m = strtol(t, &end, 10);
    if (end == t || m < 0) return -1;
    long s = 0;
    if (*end == ':') {
        char *e2;
        s = strtol(end + 1, &e2, 10);
        if (e2 == end + 1 || s < 0 || *e2) return -1;
    } else if (*end) {
        return -1;
    }
    return ((int64_t)m * 60 + s) * 1000;
}

/* ---- commands ------------------------------------------------------------------------- */
static void cmd_protover(chc_cecp *c)
{
    out(c, "feature done=0");
    out(c, "feature myname=\"chesscodec %s\"", chc_version_string());
    out(c, "feature ping=1 setboard=1 usermove=1 playother=1 analyze=1 san=0 time=1 draw=0 "
           "sigint=0 sigterm=0 colors=0 reuse=1 name=0 memory=1 smp=1 nps=0 debug=0 pause=0");
    out(c, "feature variants=\"normal,fischerandom\"");
    out(c, "feature option=\"Clear Hash -button\"");
    out(c, "feature option=\"MultiPV -spin %d 1 %d\"", c->multipv, MAX_MULTIPV);
    out(c, "feature option=\"OwnBook -check %d\"", c->own_book);
    out(c, "feature option=\"BookFile -file %s\"", c->book_path);
    out(c, "feature option=\"UCI_LimitStrength -check %d\"", c->limit_strength);
    out(c, "feature option=\"UCI_Elo -spin %d %d %d\"", c->elo, CHC_ELO_MIN, CHC_ELO_MAX);
    out(c, "feature option=\"Skill Level -spin %d 0 %d\"", c->skill, CHC_SKILL_MAX);
    out(c, "feature done=1");
}

static void set_book(chc_cecp *c)
{
    chc_book_free(c->book);
    c->book = NULL;
    if (!c->own_book || !c->book_path[0]) return;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_book_open(&c->book, c->book_path, &d);
    if (rc != CHC_OK)
        out(c, "telluser cannot use book: %s", d.message[0] ? d.message : chc_strerror(rc));
}

/* A whole decimal number in min..max into *v; -1 (and *v unchanged) otherwise. */
static int int_value(const char *s, long min, long max, int *v)
{
    char *end;
    long x = strtol(s, &end, 10);
    if (end == s || *end || x < min || x > max) return -1;
    *v = (int)x;
    return 0;
}

/* The engine's level from the strength options: UCI_Elo when UCI_LimitStrength is on. */
static void set_level(chc_cecp *c)
{
    int level = c->limit_strength ? chc_skill_from_elo(c->elo) : c->skill;
    chc_engine_set_skill(c->engine, level, rng_next(c));
}

/* option NAME[=VALUE] */
static void cmd_option(chc_cecp *c, char *rest)
{
    char *name = skip_ws(rest), *eq = strchr(name, '=');
    char *value = "";
    if (eq) {
        *eq = 0;
        value = eq + 1;
    }
    if (strcmp(name, "Clear Hash") == 0) {
        chc_engine_clear(c->engine);
    } else if (strcmp(name, "MultiPV") == 0) {
        long k = atol(value);
        if (k >= 1 && k <= MAX_MULTIPV) c->multipv = (int)k;
        else out(c, "Error (bad value): option MultiPV=%s", value);
    } else if (strcmp(name, "OwnBook") == 0) {
        c->own_book = atoi(value) != 0;
        set_book(c);
    } else if (strcmp(name, "BookFile") == 0) {
        snprintf(c->book_path, sizeof c->book_path, "%s", value);
        set_book(c);
    } else if (strcmp(name, "UCI_LimitStrength") == 0) {
        int on;
        if (int_value(value, 0, 1, &on) == 0) c->limit_strength = on;
        else out(c, "Error (bad value): option UCI_LimitStrength=%s", value);
        set_level(c);
    } else if (strcmp(name, "UCI_Elo") == 0) {
        if (int_value(value, CHC_ELO_MIN, CHC_ELO_MAX, &c->elo))
            out(c, "Error (bad value): option UCI_Elo=%s", value);
        set_level(c);
    } else if (strcmp(name, "Skill Level") == 0) {
        if (int_value(value, 0, CHC_SKILL_MAX, &c->skill))
            out(c, "Error (bad value): option Skill Level=%s", value);
        set_level(c);
    } else {
        out(c, "Error (unknown option): %s", name);
    }
}

static void cmd_new(chc_cecp *c)
{
    chc_position p;
    chc_position_startpos(&p);
    set_start(c, &p);
    c->chess960 = 0;
    c->force = 0;
    c->engine_side = CHC_BLACK;
    c->sd = 0;
    c->my_cs = c->opp_cs = -1;
    chc_engine_clear(c->engine);
}

static void cmd_setboard(chc_cecp *c, char *rest)
{
    chc_position p;
    chc_diag d = CHC_DIAG_INIT;
    unsigned flags = CHC_FEN_LENIENT_EP | (c->chess960 ? CHC_FEN_CHESS960 : 0);
    if (chc_position_from_fen(&p, skip_ws(rest), flags, &d) != CHC_OK) {
        out(c, "tellusererror Illegal position: %s", d.message);
        return;
    }
    set_start(c, &p);
}

/* usermove MOVE: coordinates (e2e4, e7e8q, e1g1 or e1h1), O-O/O-O-O, or SAN. */
static void cmd_usermove(chc_cecp *c, const char *text)
{
    chc_move m;
    if (c->over || chc_move_parse(&c->cur, text, strlen(text), &m, NULL) != CHC_OK ||
        m == CHC_MOVE_NULL) {
        out(c, "Illegal move: %s", text);
        return;
    }
    if (add_move(c, m)) {
        out(c, "Error (out of memory): %s", text);
        return;
    }
    const char *res;
    if (end_text(&c->cur, &res)) c->over = 1;
}

static void cmd_undo(chc_cecp *c, int n)
{
    if (c->nmoves < n) {
        out(c, "Error (no move to take back): %s", n == 1 ? "undo" : "remove");
        return;
    }
    c->nmoves -= n;
    replay(c);
    c->over = 0;
}

static void cmd_hint(chc_cecp *c)
{
    chc_move m = CHC_MOVE_NONE;
    if (c->mode == ANALYZE) {
        /* the analysis' best move: its first iteration may still be running */
        pthread_mutex_lock(&c->lock);
        while (!c->have_last && !c->ended) pthread_cond_wait(&c->reported, &c->lock);
        if (c->have_last && c->last.pv_len > 0) m = c->last.pv[0];
        pthread_mutex_unlock(&c->lock);
    } else if (c->mode == IDLE && chc_count_legal_moves(&c->cur) > 0) {
        chc_search_limits l;
        memset(&l, 0, sizeof l);
        l.nodes = 100000;
        chc_search_result r;
        if (chc_engine_search(c->engine, &c->start, c->moves, c->nmoves, &l, NULL, NULL, &r)
            == CHC_OK)
            m = r.best;
    }
    if (m == CHC_MOVE_NONE || !chc_is_legal(&c->cur, m)) return;
    char mv[CHC_SAN_MAX];
    move_text(&c->cur, m, mv);
    out(c, "Hint: %s", mv);
}

/* ".": the analysis status line. */
static void cmd_stat(chc_cecp *c)
{
    if (c->mode != ANALYZE) return;
    pthread_mutex_lock(&c->lock);
    while (!c->have_last && !c->ended) pthread_cond_wait(&c->reported, &c->lock);
    if (c->have_last) {
        char mv[CHC_SAN_MAX] = "";
        int total = chc_count_legal_moves(&c->root);
        if (c->last.pv_len > 0 && chc_is_legal(&c->root, c->last.pv[0]))
            chc_move_to_san(&c->root, c->last.pv[0], mv);
        emit_locked(c, "stat01: %lld %llu %d %d %d %s", (long long)(c->last.time_ms / 10),
                    (unsigned long long)c->last.nodes, c->last.depth, 0, total, mv);
    }
    pthread_mutex_unlock(&c->lock);
}

static int is_cmd(const char *cmd, const char *const *list)
{
    for (; *list; list++)
        if (strcmp(cmd, *list) == 0) return 1;
    return 0;
}

/* ---- the session ---------------------------------------------------------------------- */
chc_cecp *chc_cecp_new(chc_line_fn out_fn, void *ctx)
{
    chc_cecp *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->engine = chc_engine_new(DEFAULT_HASH);
    if (!c->engine) {
        free(c);
        return NULL;
    }
    c->out = out_fn;
    c->ctx = ctx;
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->reported, NULL);
    c->multipv = 1;
    c->elo = CHC_ELO_MAX;
    c->skill = CHC_SKILL_MAX;
    c->rng = 0x9E3779B97F4A7C15ULL ^ (uint64_t)(uintptr_t)c;
    snprintf(c->book_path, sizeof c->book_path, "%s", DEFAULT_BOOK);
    cmd_new(c);
    return c;
}

int chc_cecp_command(chc_cecp *c, const char *line, size_t len)
{
    if (!chci_session_line(&c->line, &c->line_cap, line, len)) return CHC_E_NO_MEMORY;
    char *rest = c->line, *cmd = chci_next_tok(&rest);
    if (!cmd) return CHC_OK;

    /* commands answered while the engine thinks, the search going on */
    if (strcmp(cmd, "?") == 0) {
        if (c->mode == THINK) chc_engine_stop(c->engine);
        return CHC_OK;
    }
    if (strcmp(cmd, ".") == 0) {
        cmd_stat(c);
        return CHC_OK;
    }
    if (strcmp(cmd, "post") == 0 || strcmp(cmd, "nopost") == 0) {
        pthread_mutex_lock(&c->lock);
        c->post = cmd[0] == 'p';
        pthread_mutex_unlock(&c->lock);
        return CHC_OK;
    }
    static const char *const ignored[] = {"xboard", "accepted", "rejected", "random", "easy",
                                          "hard", "computer", "name", "rating", "ics", "draw",
                                          "bk", "egtpath", "nps", "pause", "resume",
                                          NULL};
    if (is_cmd(cmd, ignored)) return CHC_OK;
    if (strcmp(cmd, "protover") == 0) {
        cmd_protover(c);
        return CHC_OK;
    }

    /* every other command follows the engine's move when one was sent */
    sync_search(c);
    if (strcmp(cmd, "ping") == 0) {
        if (c->mode == THINK) end_search(c, 0, 0); /* pong after the move */
        out(c, "pong %s", skip_ws(rest));
        return CHC_OK;
    }
    if (strcmp(cmd, "quit") == 0) {
        end_search(c, 1, 1);
        return CHC_SESSION_QUIT;
    }
    if (strcmp(cmd, "hint") == 0) {
        cmd_hint(c);
        return CHC_OK;
    }
    /* The clock commands leave an analysis running; a THINK search is waited for (its move
     * kept: the GUI sent them early) before them, usermove and the settings; any other
     * command stops the search first (a move not yet sent is dropped). */
    static const char *const clock_cmds[] = {"time", "otim", "level", "st", "sd", NULL};
    static const char *const waiting[] = {"time", "otim", "level", "st", "sd", "usermove",
                                          "memory", "cores", "option", NULL};
    if (c->mode == THINK) {
        int wait = is_cmd(cmd, waiting);
        end_search(c, !wait, !wait);
    } else if (c->mode == ANALYZE && !is_cmd(cmd, clock_cmds)) {
        end_search(c, 1, 1);
    }

    if (strcmp(cmd, "new") == 0) {
        end_search(c, 1, 1);
        cmd_new(c);
    } else if (strcmp(cmd, "variant") == 0) {
        char *v = chci_next_tok(&rest);
        if (v && strcmp(v, "fischerandom") == 0) {
            chc_position p;
            chc_position_chess960(&p, 518);
            set_start(c, &p);
            c->chess960 = 1;
        } else if (v && strcmp(v, "normal") == 0) {
            chc_position p;
            chc_position_startpos(&p);
            set_start(c, &p);
            c->chess960 = 0;
        } else {
            out(c, "Error (unsupported variant): %s", v ? v : "");
        }
    } else if (strcmp(cmd, "force") == 0) {
        c->force = 1;
    } else if (strcmp(cmd, "go") == 0) {
        c->force = 0;
        c->analyzing = 0;
        c->engine_side = chc_side_to_move(&c->cur);
        if (c->over) out(c, "Error (command not legal now): go (the game is over)");
        else think(c);
    } else if (strcmp(cmd, "playother") == 0) {
        c->force = 0;
        c->analyzing = 0;
        c->engine_side = !chc_side_to_move(&c->cur);
    } else if (strcmp(cmd, "white") == 0 || strcmp(cmd, "black") == 0) {
        c->engine_side = cmd[0] == 'w' ? CHC_BLACK : CHC_WHITE; /* protocol version 1 */
    } else if (strcmp(cmd, "level") == 0) {
        char *a = chci_next_tok(&rest), *b = chci_next_tok(&rest), *i = chci_next_tok(&rest);
        int64_t base = b ? parse_base(b) : -1;
        char *end = NULL;
        double inc = i ? strtod(i, &end) : -1;
        if (!a || base < 0 || !i || end == i || inc < 0 || atoi(a) < 0) {
            out(c, "Error (bad time control): level %s %s %s", a ? a : "", b ? b : "", i ? i : "");
        } else {
            c->mps = atoi(a);
            c->base_ms = base;
            c->inc_ms = (int64_t)(inc * 1000);
            c->st_ms = 0;
        }
    } else if (strcmp(cmd, "st") == 0) {
        char *t = chci_next_tok(&rest), *end = NULL;
        double s = t ? strtod(t, &end) : -1;
        if (!t || end == t || s <= 0) out(c, "Error (bad time per move): st %s", t ? t : "");
        else c->st_ms = (int64_t)(s * 1000);
    } else if (strcmp(cmd, "sd") == 0) {
        char *t = chci_next_tok(&rest);
        int d = t ? atoi(t) : 0;
        if (d <= 0) out(c, "Error (bad depth): sd %s", t ? t : "");
        else c->sd = d > 1000 ? 1000 : d;
    } else if (strcmp(cmd, "time") == 0 || strcmp(cmd, "otim") == 0) {
        char *t = chci_next_tok(&rest);
        long v = t ? atol(t) : 0;
        if (cmd[0] == 't') c->my_cs = v > 0 ? v : 1;
        else c->opp_cs = v > 0 ? v : 1;
    } else if (strcmp(cmd, "memory") == 0) {
        long mb = atol(skip_ws(rest));
        if (mb >= 1 && mb <= MAX_HASH) chc_engine_set_hash(c->engine, (size_t)mb);
    } else if (strcmp(cmd, "cores") == 0) {
        int n;
        if (int_value(skip_ws(rest), 1, CHC_THREADS_MAX, &n))
            out(c, "Error (bad value): cores %s", skip_ws(rest));
        else if (chc_engine_set_threads(c->engine, n) != CHC_OK)
            out(c, "Error (out of memory): cores %d", n);
    } else if (strcmp(cmd, "option") == 0) {
        cmd_option(c, rest);
    } else if (strcmp(cmd, "setboard") == 0) {
        cmd_setboard(c, rest);
    } else if (strcmp(cmd, "usermove") == 0) {
        char *t = chci_next_tok(&rest);
        cmd_usermove(c, t ? t : "");
        maybe_think(c);
    } else if (strcmp(cmd, "undo") == 0 || strcmp(cmd, "remove") == 0) {
        cmd_undo(c, cmd[0] == 'u' ? 1 : 2);
    } else if (strcmp(cmd, "analyze") == 0) {
        c->analyzing = 1;
    } else if (strcmp(cmd, "exit") == 0) {
        c->analyzing = 0;
    } else if (strcmp(cmd, "result") == 0) {
        c->over = 1;
        c->analyzing = 0;
    } else {
        /* a bare move (protocol version 1 GUIs) is a usermove */
        chc_move m;
        if (chc_move_parse(&c->cur, cmd, strlen(cmd), &m, NULL) == CHC_OK && m != CHC_MOVE_NULL) {
            cmd_usermove(c, cmd);
            maybe_think(c);
        } else {
            out(c, "Error (unknown command): %s", cmd);
        }
    }
    /* analysis mode: the position (maybe new) is analysed again */
    if (c->analyzing && c->mode == IDLE) analyze(c);
    return CHC_OK;
}

void chc_cecp_free(chc_cecp *c)
{
    if (!c) return;
    end_search(c, 0, 0);
    chc_book_free(c->book);
    chc_engine_free(c->engine);
    pthread_mutex_destroy(&c->lock);
    pthread_cond_destroy(&c->reported);
    free(c->moves);
    free(c->line);
    free(c);
}

int chc_cecp_detect(const char *line, size_t len)
{
    while (len && (*line == ' ' || *line == '\t')) line++, len--;
    while (len && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' ')) len--;
    return (len == 6 && memcmp(line, "xboard", 6) == 0) ||
           (len > 9 && memcmp(line, "protover", 8) == 0 && (line[8] == ' ' || line[8] == '\t'));
}
