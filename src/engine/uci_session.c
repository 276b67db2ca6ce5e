/* The UCI protocol session: commands in (one line at a time, from any program), answers out
 * through the caller's line callback. The search is a background search (background.c), so
 * `stop`, `isready` and `ponderhit` are answered while the engine thinks; its `info` and
 * `bestmove` lines come from the search thread. One lock serialises every output line. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chesscodec.h"
#include "engine/engine.h"

#define DEFAULT_HASH 16
#define MAX_HASH 4096
#define MAX_MULTIPV 64
#define DEFAULT_BOOK "/usr/share/games/gnuchess/book.bin"

struct chc_uci {
    chc_line_fn out;
    void *ctx;
    pthread_mutex_t out_lock;
    chc_engine *engine;
    chc_book *book;
    char book_path[1024];
    int own_book, chess960, multipv;
    int limit_strength, elo, skill; /* UCI_LimitStrength, UCI_Elo, Skill Level */
    chc_position start;
    chc_move *moves;
    int nmoves, moves_cap;
    chc_position root;     /* the position searched (for the move texts of its lines) */
    int searching;         /* a search was started and not waited for */
    int infinite, pondering; /* ... that runs until stop (or, pondering, ponderhit) */
    chc_move searchmoves[CHC_MAX_MOVES];
    uint64_t rng;
    char *line;            /* the command being read (a copy the parser cuts into words) */
    size_t line_cap;
};

static void out(chc_uci *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out(chc_uci *u, const char *fmt, ...)
{
    char line[CHC_PV_MAX * 7 + 1400];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    size_t len = (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
    /* A GUI's text echoed back (an option name, a path) must not break the line. */
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)line[i] < 0x20 || line[i] == 0x7F) line[i] = '?';
    pthread_mutex_lock(&u->out_lock);
    u->out(u->ctx, line, len);
    pthread_mutex_unlock(&u->out_lock);
}

static void move_text(const chc_position *pos, chc_move m, char *buf)
{
    if (m == CHC_MOVE_NONE) strcpy(buf, "0000");
    else chc_move_to_uci(pos, m, buf);
}

/* ---- the search thread: info and bestmove ---------------------------------------------- */
static void report(const chc_search_result *r, void *user)
{
    chc_uci *u = user;
    char pv[CHC_PV_MAX * 7 + 8] = "";
    size_t n = 0;
    chc_position p = u->root;
    for (int i = 0; i < r->pv_len && chc_is_legal(&p, r->pv[i]); i++) {
        char mv[CHC_UCI_MAX];
        chc_undo ud;
        move_text(&p, r->pv[i], mv);
        n += (size_t)snprintf(pv + n, sizeof pv - n, " %s", mv);
        chc_make_move(&p, r->pv[i], &ud);
    }
    char score[32];
    if (r->mate) snprintf(score, sizeof score, "mate %d", r->mate);
    else snprintf(score, sizeof score, "cp %d", r->score);
    out(u, "info depth %d seldepth %d multipv %d score %s%s nodes %llu nps %llu hashfull %d "
           "time %lld pv%s", r->depth > 0 ? r->depth : 1, r->seldepth,
        r->multipv > 0 ? r->multipv : 1, score,
        r->bound == 1 ? " lowerbound" : r->bound == 2 ? " upperbound" : "",
        (unsigned long long)r->nodes, (unsigned long long)r->nps, r->hashfull,
        (long long)r->time_ms, pv);
}

static void search_done(int status, const chc_search_result *r, void *user)
{
    chc_uci *u = user;
    if (status != CHC_OK) {
        out(u, "info string search failed: %s", chc_strerror(status));
        out(u, "bestmove 0000");
        return;
    }
    if (r->best != CHC_MOVE_NONE && r->depth > 0) report(r, u);
    char best[CHC_UCI_MAX], ponder[CHC_UCI_MAX];
    move_text(&u->root, r->best, best);
    chc_position after = u->root;
    chc_undo ud;
    if (r->best != CHC_MOVE_NONE) chc_make_move(&after, r->best, &ud);
    if (r->best != CHC_MOVE_NONE && r->ponder != CHC_MOVE_NONE && chc_is_legal(&after, r->ponder)) {
        move_text(&after, r->ponder, ponder);
        out(u, "bestmove %s ponder %s", best, ponder);
    } else {
        out(u, "bestmove %s", best);
    }
}

/* Ends the running search: at once (stop), or (finish) when it ends by its limits, an
 * endless one being stopped. Its bestmove is sent either way. */
static void end_search(chc_uci *u, int stop)
{
    if (!u->searching) return;
    if (stop || u->infinite || u->pondering) chc_engine_stop(u->engine);
    chc_engine_wait(u->engine, NULL);
    u->searching = 0;
}

/* ---- parsing -------------------------------------------------------------------------- */
/* The number after a `go` keyword: 0 (and the word left for the next keyword) when the next
 * word is not a number. */
static long num_arg(char **rest)
{
    char *p = *rest, *end;
    while (*p == ' ' || *p == '\t') p++;
    long v = strtol(p, &end, 10);
    if (end == p || (*end && *end != ' ' && *end != '\t')) return 0;
    *rest = end;
    return v;
}

/* The words up to `stop` (or the end) joined by single spaces into buf. */
static char *join_words(char **rest, const char *stop, char *buf, size_t cap)
{
    size_t n = 0;
    char *t;
    buf[0] = 0;
    while ((t = chci_next_tok(rest)) && !(stop && strcmp(t, stop) == 0)) {
        size_t l = strlen(t);
        if (n + l + 2 >= cap) continue;
        if (n) buf[n++] = ' ';
        memcpy(buf + n, t, l + 1);
        n += l;
    }
    return t;
}

static int add_move(chc_uci *u, chc_move m)
{
    if (u->nmoves == u->moves_cap) {
        int cap = u->moves_cap ? u->moves_cap * 2 : 256;
        chc_move *nm = realloc(u->moves, (size_t)cap * sizeof *nm);
        if (!nm) return -1;
        u->moves = nm;
        u->moves_cap = cap;
    }
    u->moves[u->nmoves++] = m;
    return 0;
}

/* ---- commands ------------------------------------------------------------------------- */
static void cmd_identify(chc_uci *u)
{
    out(u, "id name chesscodec %s", chc_version_string());
    out(u, "id author the chesscodec developers");
    out(u, "option name Hash type spin default %d min 1 max %d", DEFAULT_HASH, MAX_HASH);
    out(u, "option name Clear Hash type button");
    out(u, "option name Threads type spin default 1 min 1 max %d", CHC_THREADS_MAX);
    out(u, "option name MultiPV type spin default 1 min 1 max %d", MAX_MULTIPV);
    out(u, "option name Ponder type check default false");
    out(u, "option name OwnBook type check default false");
    out(u, "option name BookFile type string default %s", DEFAULT_BOOK);
    out(u, "option name UCI_Chess960 type check default false");
    out(u, "option name UCI_LimitStrength type check default false");
    out(u, "option name UCI_Elo type spin default %d min %d max %d", CHC_ELO_MAX, CHC_ELO_MIN,
        CHC_ELO_MAX);
    out(u, "option name Skill Level type spin default %d min 0 max %d", CHC_SKILL_MAX,
        CHC_SKILL_MAX);
    out(u, "option name UseNNUE type check default %s", chc_engine_nnue(u->engine) ? "true" : "false");
    out(u, "uciok");
}

static void cmd_position(chc_uci *u, char *rest)
{
    chc_position pos;
    char *t = chci_next_tok(&rest);
    if (t && strcmp(t, "startpos") == 0) {
        if (u->chess960) chc_position_chess960(&pos, 518);
        else chc_position_startpos(&pos);
        t = chci_next_tok(&rest);
    } else if (t && strcmp(t, "fen") == 0) {
        char fen[512];
        chc_diag d = CHC_DIAG_INIT;
        t = join_words(&rest, "moves", fen, sizeof fen);
        unsigned flags = CHC_FEN_LENIENT_EP | (u->chess960 ? CHC_FEN_CHESS960 : 0);
        if (chc_position_from_fen(&pos, fen, flags, &d) != CHC_OK) {
            out(u, "info string bad FEN ignored: %s", d.message);
            return;
        }
    } else {
        return;
    }
    u->start = pos;
    u->nmoves = 0;
    if (!t || strcmp(t, "moves") != 0) return;
    while ((t = chci_next_tok(&rest))) {
        chc_move m;
        chc_undo ud;
        if (chc_move_from_uci(&pos, t, &m, NULL) != CHC_OK) {
            out(u, "info string illegal move '%s' ignored with the rest of the line", t);
            break;
        }
        if (add_move(u, m)) {
            out(u, "info string out of memory: moves after '%s' ignored", t);
            break;
        }
        chc_make_move(&pos, m, &ud);
    }
}

static uint64_t rng_next(chc_uci *u)
{
    u->rng ^= u->rng << 13;
    u->rng ^= u->rng >> 7;
    u->rng ^= u->rng << 17;
    return u->rng;
}

/* go: the limits (a bare "go" searches until "stop"), a book move when OwnBook has one, else
 * a background search. */
static void cmd_go(chc_uci *u, char *rest)
{
    chc_search_limits l;
    memset(&l, 0, sizeof l);
    l.multipv = u->multipv;
    u->root = u->start;
    for (int i = 0; i < u->nmoves; i++) {
        chc_undo ud;
        chc_make_move(&u->root, u->moves[i], &ud);
    }
    int any = 0, in_moves = 0;
    char *t;
    while ((t = chci_next_tok(&rest))) {
        long v;
        chc_move m;
        if (in_moves && chc_move_from_uci(&u->root, t, &m, NULL) == CHC_OK) {
            if (l.n_searchmoves < CHC_MAX_MOVES) u->searchmoves[l.n_searchmoves++] = m;
            continue;
        }
        in_moves = 0;
        if (strcmp(t, "wtime") == 0 || strcmp(t, "btime") == 0) {
            v = num_arg(&rest);
            l.time_ms[t[0] == 'b'] = v > 0 ? v : 1;
            any = 1;
        } else if (strcmp(t, "winc") == 0 || strcmp(t, "binc") == 0) {
            v = num_arg(&rest);
            l.inc_ms[t[0] == 'b'] = v > 0 ? v : 0;
        } else if (strcmp(t, "movestogo") == 0) {
            v = num_arg(&rest);
            l.movestogo = v > 0 ? (int)v : 0;
        } else if (strcmp(t, "depth") == 0 && (v = num_arg(&rest)) > 0) {
            l.depth = (int)(v > 1000 ? 1000 : v);
            any = 1;
        } else if (strcmp(t, "nodes") == 0 && (v = num_arg(&rest)) > 0) {
            l.nodes = (uint64_t)v;
            any = 1;
        } else if (strcmp(t, "movetime") == 0 && (v = num_arg(&rest)) > 0) {
            l.movetime_ms = v;
            any = 1;
        } else if (strcmp(t, "mate") == 0 && (v = num_arg(&rest)) > 0) {
            l.mate = (int)(v > 100 ? 100 : v);
            any = 1;
        } else if (strcmp(t, "infinite") == 0) {
            l.infinite = any = 1;
        } else if (strcmp(t, "ponder") == 0) {
            l.ponder = 1;
        } else if (strcmp(t, "searchmoves") == 0) {
            in_moves = 1;
        }
    }
    l.searchmoves = l.n_searchmoves ? u->searchmoves : NULL;
    if (!any) l.infinite = 1;
    int side = chc_side_to_move(&u->root);
    if (l.time_ms[side] == 0 && (l.time_ms[0] || l.time_ms[1]))
        l.time_ms[side] = 1000; /* a clock for the other side only: be careful */
    if (u->own_book && u->book && !l.ponder && !l.infinite && !l.searchmoves) {
        chc_move m = chc_book_pick(u->book, &u->root, rng_next(u));
        if (m != CHC_MOVE_NONE) {
            char b[CHC_UCI_MAX];
            move_text(&u->root, m, b);
            out(u, "info string book move %s", b);
            out(u, "bestmove %s", b);
            return;
        }
    }
    if (chc_engine_start(u->engine, &u->start, u->moves, u->nmoves, &l, report, search_done, u)
        != CHC_OK) {
        out(u, "info string cannot start the search thread");
        out(u, "bestmove 0000");
        return;
    }
    u->searching = 1;
    u->infinite = l.infinite;
    u->pondering = l.ponder;
}

static void set_book(chc_uci *u)
{
    chc_book_free(u->book);
    u->book = NULL;
    if (!u->own_book || !u->book_path[0] || strcmp(u->book_path, "<empty>") == 0) return;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_book_open(&u->book, u->book_path, &d);
    if (rc != CHC_OK)
        out(u, "info string cannot use book: %s", d.message[0] ? d.message : chc_strerror(rc));
}

static int ieq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = *a, y = *b;
        if (x >= 'A' && x <= 'Z') x = (char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = (char)(y - 'A' + 'a');
        if (x != y) return 0;
    }
    return *a == *b;
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
static void set_level(chc_uci *u)
{
    int level = u->limit_strength ? chc_skill_from_elo(u->elo) : u->skill;
    chc_engine_set_skill(u->engine, level, rng_next(u));
}

/* setoption name <id with spaces> [value <x with spaces>] */
static void cmd_setoption(chc_uci *u, char *rest)
{
    char name[256], value[1024] = "";
    char *t = chci_next_tok(&rest);
    if (!t || strcmp(t, "name") != 0) return;
    if (join_words(&rest, "value", name, sizeof name)) join_words(&rest, NULL, value, sizeof value);
    end_search(u, 0);
    if (ieq(name, "Hash")) {
        long mb = atol(value);
        if (mb >= 1 && mb <= MAX_HASH) chc_engine_set_hash(u->engine, (size_t)mb);
    } else if (ieq(name, "Clear Hash")) {
        chc_engine_clear(u->engine);
    } else if (ieq(name, "Threads")) {
        int n;
        if (int_value(value, 1, CHC_THREADS_MAX, &n))
            out(u, "info string bad value '%s' for Threads (1..%d)", value, CHC_THREADS_MAX);
        else if (chc_engine_set_threads(u->engine, n) != CHC_OK)
            out(u, "info string out of memory for %d threads", n);
    } else if (ieq(name, "OwnBook")) {
        u->own_book = ieq(value, "true");
        set_book(u);
    } else if (ieq(name, "BookFile")) {
        snprintf(u->book_path, sizeof u->book_path, "%s", value);
        set_book(u);
    } else if (ieq(name, "UCI_Chess960")) {
        u->chess960 = ieq(value, "true");
    } else if (ieq(name, "MultiPV")) {
        long k = atol(value);
        if (k >= 1 && k <= MAX_MULTIPV) u->multipv = (int)k;
    } else if (ieq(name, "UCI_LimitStrength")) {
        if (ieq(value, "true") || ieq(value, "false")) u->limit_strength = ieq(value, "true");
        else out(u, "info string bad value '%s' for UCI_LimitStrength (true or false)", value);
        set_level(u);
    } else if (ieq(name, "UCI_Elo")) {
        if (int_value(value, CHC_ELO_MIN, CHC_ELO_MAX, &u->elo))
            out(u, "info string bad value '%s' for UCI_Elo (%d..%d)", value, CHC_ELO_MIN, CHC_ELO_MAX);
        set_level(u);
    } else if (ieq(name, "Skill Level")) {
        if (int_value(value, 0, CHC_SKILL_MAX, &u->skill))
            out(u, "info string bad value '%s' for Skill Level (0..%d)", value, CHC_SKILL_MAX);
        set_level(u);
    } else if (ieq(name, "UseNNUE")) {
        if (!ieq(value, "true") && !ieq(value, "false"))
            out(u, "info string bad value '%s' for UseNNUE (true or false)", value);
        else if (chc_engine_set_nnue(u->engine, ieq(value, "true")) != CHC_OK)
            out(u, "info string this build has no evaluation network");
    } else if (!ieq(name, "Ponder")) { /* Ponder: nothing to do, "go ponder" drives it */
        out(u, "info string unknown option '%s' ignored", name);
    }
}

/* ---- the session ---------------------------------------------------------------------- */
chc_uci *chc_uci_new(chc_line_fn out_fn, void *ctx)
{
    chc_uci *u = calloc(1, sizeof *u);
    if (!u) return NULL;
    u->engine = chc_engine_new(DEFAULT_HASH);
    if (!u->engine) {
        free(u);
        return NULL;
    }
    u->out = out_fn;
    u->ctx = ctx;
    pthread_mutex_init(&u->out_lock, NULL);
    u->multipv = 1;
    u->elo = CHC_ELO_MAX;
    u->skill = CHC_SKILL_MAX;
    u->rng = (uint64_t)time(NULL) * 0x9E3779B97F4A7C15ULL | 1;
    snprintf(u->book_path, sizeof u->book_path, "%s", DEFAULT_BOOK);
    chc_position_startpos(&u->start);
    return u;
}

int chc_uci_command(chc_uci *u, const char *line, size_t len)
{
    if (!chci_session_line(&u->line, &u->line_cap, line, len)) return CHC_E_NO_MEMORY;
    char *rest = u->line, *cmd = chci_next_tok(&rest);
    if (!cmd) return CHC_OK;
    if (strcmp(cmd, "uci") == 0) {
        cmd_identify(u);
    } else if (strcmp(cmd, "isready") == 0) {
        out(u, "readyok");
    } else if (strcmp(cmd, "setoption") == 0) {
        cmd_setoption(u, rest);
    } else if (strcmp(cmd, "ucinewgame") == 0) {
        end_search(u, 1);
        chc_engine_clear(u->engine);
    } else if (strcmp(cmd, "position") == 0) {
        end_search(u, 1);
        cmd_position(u, rest);
    } else if (strcmp(cmd, "go") == 0) {
        end_search(u, 1);
        cmd_go(u, rest);
    } else if (strcmp(cmd, "stop") == 0) {
        end_search(u, 1);
    } else if (strcmp(cmd, "ponderhit") == 0) {
        if (u->searching) chc_engine_ponderhit(u->engine);
        u->pondering = 0;
    } else if (strcmp(cmd, "quit") == 0) {
        end_search(u, 1);
        return CHC_SESSION_QUIT;
    }
    /* debug, register and anything unknown: ignored, as the protocol asks */
    return CHC_OK;
}

void chc_uci_free(chc_uci *u)
{
    if (!u) return;
    end_search(u, 0);
    chc_book_free(u->book);
    chc_engine_free(u->engine);
    pthread_mutex_destroy(&u->out_lock);
    free(u->moves);
    free(u->line);
    free(u);
}
