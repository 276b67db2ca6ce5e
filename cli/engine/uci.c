/* chesscodec uci: the engine speaking the UCI protocol on stdin/stdout. The search runs in
 * its own thread so that `stop`, `isready` and `ponderhit` are answered while it thinks. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../cli.h"

#define DEFAULT_HASH 16

struct uci {
    chc_engine *engine;
    chc_book *book;
    char book_path[1024];
    int own_book, chess960, hash_mb, multipv;
    chc_position start;
    chc_move *moves;
    int nmoves, moves_cap;
    /* search thread */
    pthread_t thread;
    int thread_live;
    atomic_int done; /* set by the search thread when it has printed bestmove */
    chc_position root; /* position searched (for move text) */
    chc_search_limits limits;
    chc_move searchmoves[CHC_MAX_MOVES];
    uint64_t rng;
};

#define MAX_MULTIPV 64

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

static void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void out(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&out_lock);
    vfprintf(stdout, fmt, ap);
    fputc('\n', stdout);
    cli_flush();
    pthread_mutex_unlock(&out_lock);
    va_end(ap);
}

static void move_text(const chc_position *pos, chc_move m, char *buf)
{
    if (m == CHC_MOVE_NONE) strcpy(buf, "0000");
    else chc_move_to_uci(pos, m, buf);
}

static void report(const chc_search_result *r, void *user)
{
    const struct uci *u = user;
    char line[CHC_PV_MAX * 7 + 256];
    size_t n = 0;
    n += (size_t)snprintf(line + n, sizeof line - n, "info depth %d seldepth %d multipv %d ",
                          r->depth > 0 ? r->depth : 1, r->seldepth, r->multipv > 0 ? r->multipv : 1);
    if (r->mate) n += (size_t)snprintf(line + n, sizeof line - n, "score mate %d", r->mate);
    else n += (size_t)snprintf(line + n, sizeof line - n, "score cp %d", r->score);
    if (r->bound == 1) n += (size_t)snprintf(line + n, sizeof line - n, " lowerbound");
    if (r->bound == 2) n += (size_t)snprintf(line + n, sizeof line - n, " upperbound");
    n += (size_t)snprintf(line + n, sizeof line - n, " nodes %llu nps %llu hashfull %d time %lld pv",
                          (unsigned long long)r->nodes, (unsigned long long)r->nps, r->hashfull,
                          (long long)r->time_ms);
    chc_position p = u->root;
    for (int i = 0; i < r->pv_len && n + 8 < sizeof line; i++) {
        char mv[CHC_UCI_MAX];
        if (!chc_is_legal(&p, r->pv[i])) break;
        move_text(&p, r->pv[i], mv);
        n += (size_t)snprintf(line + n, sizeof line - n, " %s", mv);
        chc_undo ud;
        chc_make_move(&p, r->pv[i], &ud);
    }
    out("%s", line);
}

static void *search_thread(void *arg)
{
    struct uci *u = arg;
    chc_search_result r;
    int rc = chc_engine_search(u->engine, &u->start, u->moves, u->nmoves, &u->limits, report, u, &r);
    if (rc != CHC_OK) {
        out("info string search failed: %s", chc_strerror(rc));
        out("bestmove 0000");
        return NULL;
    }
    if (r.best != CHC_MOVE_NONE && r.depth > 0) report(&r, u);
    char b[CHC_UCI_MAX], p[CHC_UCI_MAX];
    move_text(&u->root, r.best, b);
    if (r.ponder != CHC_MOVE_NONE && r.best != CHC_MOVE_NONE) {
        chc_position q = u->root;
        chc_undo ud;
        chc_make_move(&q, r.best, &ud);
        if (chc_is_legal(&q, r.ponder)) {
            move_text(&q, r.ponder, p);
            out("bestmove %s ponder %s", b, p);
            return NULL;
        }
    }
    out("bestmove %s", b);
    return NULL;
}

static void *search_main(void *arg)
{
    struct uci *u = arg;
    search_thread(u);
    atomic_store(&u->done, 1);
    return NULL;
}

static void wait_search(struct uci *u, int stop)
{
    if (!u->thread_live) return;
    /* the search clears the stop request when it starts: repeat it until the thread is done */
    while (stop && !atomic_load(&u->done)) {
        chc_engine_stop(u->engine);
        struct timespec ts = {0, 500000};
        nanosleep(&ts, NULL);
    }
    pthread_join(u->thread, NULL);
    u->thread_live = 0;
}

static char *next_tok(char **s)
{
    char *p = *s;
    while (*p == ' ' || *p == '\t') p++;
    if (!*p) {
        *s = p;
        return NULL;
    }
    char *t = p;
    while (*p && *p != ' ' && *p != '\t') p++;
    if (*p) *p++ = 0;
    *s = p;
    return t;
}

static int add_move(struct uci *u, chc_move m)
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

static void cmd_position(struct uci *u, char *rest)
{
    chc_position pos;
    char *t = next_tok(&rest);
    if (!t) return;
    if (strcmp(t, "startpos") == 0) {
        if (u->chess960) chc_position_chess960(&pos, 518);
        else chc_position_startpos(&pos);
        t = next_tok(&rest);
    } else if (strcmp(t, "fen") == 0) {
        char fen[512];
        size_t n = 0;
        fen[0] = 0;
        while ((t = next_tok(&rest)) && strcmp(t, "moves") != 0) {
            size_t l = strlen(t);
            if (n + l + 2 >= sizeof fen) break;
            if (n) fen[n++] = ' ';
            memcpy(fen + n, t, l);
            n += l;
            fen[n] = 0;
        }
        chc_diag d;
        int rc = chc_position_from_fen(&pos, fen, u->chess960 ? CHC_FEN_CHESS960 | CHC_FEN_LENIENT_EP
                                                              : CHC_FEN_LENIENT_EP, &d);
        if (rc != CHC_OK) {
            out("info string bad FEN ignored: %s", d.message);
            return;
        }
    } else {
        return;
    }
    u->start = pos;
    u->nmoves = 0;
    if (t && strcmp(t, "moves") == 0) {
        chc_position p = pos;
        while ((t = next_tok(&rest))) {
            chc_move m;
            if (chc_move_from_uci(&p, t, &m, NULL) != CHC_OK) {
                out("info string illegal move '%s' ignored with the rest of the line", t);
                break;
            }
            if (add_move(u, m)) break;
            chc_undo ud;
            chc_make_move(&p, m, &ud);
        }
    }
}

static uint64_t rng_next(struct uci *u)
{
    u->rng ^= u->rng << 13;
    u->rng ^= u->rng >> 7;
    u->rng ^= u->rng << 17;
    return u->rng;
}

static void cmd_go(struct uci *u, char *rest)
{
    if (u->thread_live) wait_search(u, 0); /* a finished search: reap it */
    chc_search_limits *l = &u->limits;
    memset(l, 0, sizeof *l);
    l->multipv = u->multipv;
    u->root = u->start;
    for (int i = 0; i < u->nmoves; i++) {
        chc_undo ud;
        chc_make_move(&u->root, u->moves[i], &ud);
    }
    int any = 0;
    char *t;
    while ((t = next_tok(&rest))) {
        long v = 0;
        char *arg = NULL;
#define NUM()                                                                  \
    do {                                                                       \
        char *save = rest;                                                     \
        arg = next_tok(&rest);                                                 \
        if (!arg) break;                                                       \
        char *end;                                                             \
        v = strtol(arg, &end, 10);                                             \
        if (*end) { v = 0; rest = save; arg = NULL; }                          \
    } while (0)
        if (strcmp(t, "wtime") == 0) { NUM(); l->time_ms[CHC_WHITE] = v > 0 ? v : 1; any = 1; }
        else if (strcmp(t, "btime") == 0) { NUM(); l->time_ms[CHC_BLACK] = v > 0 ? v : 1; any = 1; }
        else if (strcmp(t, "winc") == 0) { NUM(); l->inc_ms[CHC_WHITE] = v > 0 ? v : 0; }
        else if (strcmp(t, "binc") == 0) { NUM(); l->inc_ms[CHC_BLACK] = v > 0 ? v : 0; }
        else if (strcmp(t, "movestogo") == 0) { NUM(); l->movestogo = v > 0 ? (int)v : 0; }
        else if (strcmp(t, "depth") == 0) { NUM(); if (v > 0) { l->depth = (int)(v > 1000 ? 1000 : v); any = 1; } }
        else if (strcmp(t, "nodes") == 0) { NUM(); if (v > 0) { l->nodes = (uint64_t)v; any = 1; } }
        else if (strcmp(t, "movetime") == 0) { NUM(); if (v > 0) { l->movetime_ms = v; any = 1; } }
        else if (strcmp(t, "mate") == 0) { NUM(); if (v > 0) { l->mate = (int)(v > 100 ? 100 : v); any = 1; } }
        else if (strcmp(t, "infinite") == 0) { l->infinite = 1; any = 1; }
        else if (strcmp(t, "ponder") == 0) { l->ponder = 1; }
        else if (strcmp(t, "searchmoves") == 0) {
            char *save = rest;
            while ((arg = next_tok(&rest))) {
                chc_move m;
                if (chc_move_from_uci(&u->root, arg, &m, NULL) != CHC_OK) {
                    rest = save;
                    break;
                }
                save = rest;
                if (l->n_searchmoves < CHC_MAX_MOVES) u->searchmoves[l->n_searchmoves++] = m;
            }
            l->searchmoves = l->n_searchmoves ? u->searchmoves : NULL;
        }
#undef NUM
    }
    if (!any) l->infinite = 1; /* a bare "go" searches until "stop" */
    if (l->time_ms[u->root.side] == 0 && (l->time_ms[0] || l->time_ms[1]))
        l->time_ms[u->root.side] = 1000; /* a clock for the other side only: be careful */
    if (u->own_book && u->book && !l->ponder && !l->infinite && !l->searchmoves) {
        chc_move m = chc_book_pick(u->book, &u->root, rng_next(u));
        if (m != CHC_MOVE_NONE) {
            char b[CHC_UCI_MAX];
            move_text(&u->root, m, b);
            out("info string book move %s", b);
            out("bestmove %s", b);
            return;
        }
    }
    atomic_store(&u->done, 0);
    if (pthread_create(&u->thread, NULL, search_main, u) != 0) {
        out("info string cannot start the search thread");
        out("bestmove 0000");
        return;
    }
    u->thread_live = 1;
}

static void set_book(struct uci *u)
{
    chc_book_free(u->book);
    u->book = NULL;
    if (!u->own_book || !u->book_path[0] || strcmp(u->book_path, "<empty>") == 0) return;
    chc_diag d;
    memset(&d, 0, sizeof d);
    int rc = chc_book_open(&u->book, u->book_path, &d);
    if (rc != CHC_OK) out("info string cannot use book: %s", d.message[0] ? d.message : chc_strerror(rc));
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

static void cmd_setoption(struct uci *u, char *rest)
{
    /* setoption name <id with spaces> [value <x with spaces>] */
    char name[256] = "", value[1024] = "";
    char *t = next_tok(&rest);
    if (!t || strcmp(t, "name") != 0) return;
    char *dst = name;
    size_t cap = sizeof name;
    while ((t = next_tok(&rest))) {
        if (dst == name && strcmp(t, "value") == 0) {
            dst = value;
            cap = sizeof value;
            continue;
        }
        size_t l = strlen(dst), tl = strlen(t);
        if (l + tl + 2 >= cap) continue;
        if (l) dst[l++] = ' ';
        memcpy(dst + l, t, tl + 1);
    }
    if (u->thread_live) wait_search(u, 0);
    if (ieq(name, "Hash")) {
        long mb = atol(value);
        if (mb >= 1 && mb <= 4096 && chc_engine_set_hash(u->engine, (size_t)mb) == CHC_OK) u->hash_mb = (int)mb;
    } else if (ieq(name, "Clear Hash")) {
        chc_engine_clear(u->engine);
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
    } else if (ieq(name, "Ponder")) {
        /* nothing to do: pondering is driven by "go ponder" */
    } else {
        out("info string unknown option '%s' ignored", name);
    }
}

static const cli_opt uci_opts[] = {{NULL, NULL, NULL, NULL}};
static const cli_spec uci_spec = {
    "uci", NULL,
    "Runs the chess engine speaking the UCI protocol on standard input and output (for chess\n"
    "GUIs, match programs and adapters such as polyglot).\n"
    "Commands: uci, isready, setoption, ucinewgame, position, go (wtime btime winc binc\n"
    "movestogo depth nodes movetime mate infinite ponder searchmoves), stop, ponderhit, quit.\n"
    "Options: Hash, MultiPV, OwnBook, BookFile, UCI_Chess960, Ponder, Clear Hash.\n",
    NULL, uci_opts, NULL};

int cmd_uci(int argc, char **argv)
{
    cli_args a;
    int rc = cli_parse(&uci_spec, argc, argv, &a);
    if (rc != CLI_OK) return rc;
    free(a.pos);
    if (a.npos > 0) {
        cli_error("uci", "no arguments expected (see chesscodec uci --help)");
        return CLI_USAGE;
    }
    struct uci u;
    memset(&u, 0, sizeof u);
    u.hash_mb = DEFAULT_HASH;
    u.engine = chc_engine_new(DEFAULT_HASH);
    if (!u.engine) {
        cli_error("uci", "out of memory");
        return CLI_BAD_INPUT;
    }
    u.rng = (uint64_t)time(NULL) * 0x9E3779B97F4A7C15ULL | 1;
    snprintf(u.book_path, sizeof u.book_path, "/usr/share/games/gnuchess/book.bin");
    chc_position_startpos(&u.start);
    char *line = NULL;
    size_t cap = 0;
    int quit = 0;
    while (!quit && cli_getline(&line, &cap, stdin) >= 0) {
        char *rest = line;
        char *cmd = next_tok(&rest);
        if (!cmd) continue;
        if (strcmp(cmd, "uci") == 0) {
            out("id name chesscodec %s", chc_version_string());
            out("id author the chesscodec developers");
            out("option name Hash type spin default %d min 1 max 4096", DEFAULT_HASH);
            out("option name Clear Hash type button");
            out("option name MultiPV type spin default 1 min 1 max %d", MAX_MULTIPV);
            out("option name Ponder type check default false");
            out("option name OwnBook type check default false");
            out("option name BookFile type string default /usr/share/games/gnuchess/book.bin");
            out("option name UCI_Chess960 type check default false");
            out("uciok");
        } else if (strcmp(cmd, "isready") == 0) {
            out("readyok");
        } else if (strcmp(cmd, "setoption") == 0) {
            cmd_setoption(&u, rest);
        } else if (strcmp(cmd, "ucinewgame") == 0) {
            wait_search(&u, 1);
            chc_engine_clear(u.engine);
        } else if (strcmp(cmd, "position") == 0) {
            wait_search(&u, 1);
            cmd_position(&u, rest);
        } else if (strcmp(cmd, "go") == 0) {
            if (u.thread_live) wait_search(&u, 1);
            cmd_go(&u, rest);
        } else if (strcmp(cmd, "stop") == 0) {
            wait_search(&u, 1);
        } else if (strcmp(cmd, "ponderhit") == 0) {
            if (u.thread_live) chc_engine_ponderhit(u.engine);
        } else if (strcmp(cmd, "quit") == 0) {
            quit = 1;
        }
        /* debug, register and anything unknown: ignored, as the protocol asks */
    }
    /* at end of input, a finite search may finish; an endless one is stopped */
    if (u.thread_live) wait_search(&u, quit || u.limits.infinite || u.limits.ponder);
    free(line);
    free(u.moves);
    chc_book_free(u.book);
    chc_engine_free(u.engine);
    return CLI_OK;
}
