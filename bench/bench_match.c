/* bench_match: plays games between two chess engines (UCI or XBoard protocol) and reports the
 * score and an Elo estimate with its 95% error margin. The referee is libchesscodec: it checks
 * every move (an illegal move loses), keeps the clocks (running out of time loses), and ends
 * games by mate, stalemate, threefold repetition, the fifty-move rule and insufficient
 * material. Openings are drawn from a Polyglot book with a fixed seed, each played twice
 * with the colours reversed.
 *
 * usage: bench_match [options]
 *   --engine1 CMD      first engine (default: chesscodec uci, from --chesscodec)
 *   --proto1 uci|xboard
 *   --option1 NAME=VALUE   UCI option for engine 1 (repeatable)
 *   --engine2 CMD --proto2 P --option2 NAME=VALUE   the same for engine 2
 *   --name1 N --name2 N
 *   --games N          games (default 2; rounded up to even)
 *   --tc BASE+INC      seconds, e.g. 10+0.1 (default)
 *   --book FILE        Polyglot book for openings (default gnuchess book.bin)
 *   --plies N          opening length in plies (default 8)
 *   --seed N           opening seed (default 1)
 *   --pgn FILE         append the games (moves in UCI long algebraic notation)
 *   --nodes N          fixed node count per move instead of a clock (UCI engines only: `go nodes
 *                      N`); immune to the machine's load, for self-play tests of search
 *                      changes. A move still has to come within 60 s.
 *   --sprt ELO0,ELO1   sequential probability ratio test (alpha = beta = 0.05, trinomial
 *                      model, logistic Elo): H0 elo <= ELO0 against H1 elo >= ELO1; the match
 *                      stops as soon as the log-likelihood ratio leaves [-2.94, 2.94] (or at
 *                      --games) and each game line shows it
 *   --concurrency N    play N games at a time (each in its own process with its own pair of
 *                      engines; default 1). Game k still gets opening k/2, so results do not
 *                      depend on N, apart from timing.
 *   --verbose
 * Exit status 0; the last line reads "SCORE w d l pct elo +- margin" for engine 1 (with --sprt,
 * the line before it: "SPRT ... LLR x (bounds) H0|H1 accepted|inconclusive").
 */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "chesscodec.h"

#define MAX_GAME_PLIES 600
#define GRACE_MS 3000

typedef struct eng {
    const char *name;
    const char *cmd;
    int xboard;
    const char *opts[16];
    int nopts;
    pid_t pid;
    int to_fd, from_fd;
    char buf[1 << 16];
    size_t blen;
    int usermove;
    int going;   /* xboard: left force mode this game */
    int sent;    /* xboard: game moves the engine knows */
} eng;

static int verbose;
static long long fixed_nodes; /* --nodes: > 0 plays every move at this node count */
#define NODES_DEADLINE_MS 60000

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void eng_send(eng *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void eng_send(eng *e, const char *fmt, ...)
{
    char line[8192];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if (n > (int)sizeof line - 2) n = (int)sizeof line - 2;
    line[n++] = '\n';
    if (verbose) fprintf(stderr, "> %s: %.*s", e->name, n, line);
    size_t off = 0;
    while (off < (size_t)n) {
        ssize_t w = write(e->to_fd, line + off, (size_t)n - off);
        if (w <= 0) {
            if (errno == EINTR) continue;
            return;
        }
        off += (size_t)w;
    }
}

/* Reads one line (without the newline) before `deadline`. Returns 1, 0 on timeout, -1 on EOF. */
static int eng_readline(eng *e, char *line, size_t cap, int64_t deadline)
{
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->blen);
        if (nl) {
            size_t l = (size_t)(nl - e->buf);
            size_t c = l < cap - 1 ? l : cap - 1;
            memcpy(line, e->buf, c);
            line[c] = 0;
            if (c && line[c - 1] == '\r') line[c - 1] = 0;
            memmove(e->buf, nl + 1, e->blen - l - 1);
            e->blen -= l + 1;
            if (verbose) fprintf(stderr, "< %s: %s\n", e->name, line);
            return 1;
        }
        if (e->blen == sizeof e->buf) e->blen = 0; /* an absurd line: drop it */
        int64_t left = deadline - now_ms();
        if (left <= 0) return 0;
        struct pollfd p = {e->from_fd, POLLIN, 0};
        int r = poll(&p, 1, (int)(left > 1000000 ? 1000000 : left));
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return r == 0 ? 0 : -1;
        ssize_t n = read(e->from_fd, e->buf + e->blen, sizeof e->buf - e->blen);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;
        e->blen += (size_t)n;
    }
}

static int eng_start(eng *e)
{
    int in[2], out[2];
    if (pipe(in) || pipe(out)) return -1;
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl("/bin/sh", "sh", "-c", e->cmd, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    e->pid = pid;
    e->to_fd = in[1];
    e->from_fd = out[0];
    e->blen = 0;
    char line[4096];
    if (!e->xboard) {
        eng_send(e, "uci");
        int64_t dl = now_ms() + 10000;
        for (;;) {
            int r = eng_readline(e, line, sizeof line, dl);
            if (r <= 0) return -1;
            if (strcmp(line, "uciok") == 0) break;
        }
        for (int i = 0; i < e->nopts; i++) {
            char name[256];
            const char *eq = strchr(e->opts[i], '=');
            if (!eq) continue;
            snprintf(name, sizeof name, "%.*s", (int)(eq - e->opts[i]), e->opts[i]);
            eng_send(e, "setoption name %s value %s", name, eq + 1);
        }
        eng_send(e, "isready");
        for (;;) {
            int r = eng_readline(e, line, sizeof line, dl);
            if (r <= 0) return -1;
            if (strcmp(line, "readyok") == 0) break;
        }
    } else {
        eng_send(e, "xboard");
        eng_send(e, "protover 2");
        e->usermove = 0;
        int64_t dl = now_ms() + 2000;
        for (;;) {
            int r = eng_readline(e, line, sizeof line, dl);
            if (r < 0) return -1;
            if (r == 0) break; /* protocol 1 engines send no features */
            if (strncmp(line, "feature", 7) == 0) {
                if (strstr(line, "usermove=1")) e->usermove = 1;
                if (strstr(line, "done=1")) break;
                char *p = line;
                while ((p = strstr(p, " ")) != NULL) {
                    p++;
                    char *q = p;
                    while (*q && *q != '=') q++;
                    if (*q != '=') break;
                    /* accept every feature */
                    char feat[64];
                    snprintf(feat, sizeof feat, "%.*s", (int)(q - p), p);
                    if (strcmp(feat, "done") != 0) eng_send(e, "accepted %s", feat);
                }
            }
        }
    }
    return 0;
}

static void eng_stop(eng *e)
{
    if (e->pid <= 0) return;
    eng_send(e, "quit");
    close(e->to_fd);
    int64_t dl = now_ms() + 1000;
    int st;
    while (now_ms() < dl) {
        if (waitpid(e->pid, &st, WNOHANG) == e->pid) {
            e->pid = 0;
            break;
        }
        struct timespec ts = {0, 10000000};
        nanosleep(&ts, NULL);
    }
    if (e->pid > 0) {
        kill(e->pid, SIGKILL);
        waitpid(e->pid, &st, 0);
    }
    close(e->from_fd);
    e->pid = 0;
}

/* Asks engine e for its move. Returns 1 with text in mv, 0 on time-out, -1 on a dead engine
 * or a resignation. *elapsed gets the thinking time. */
static int eng_think(eng *e, const chc_position *start, const chc_move *moves, int n,
                     const chc_position *cur, const int64_t clock[2], int64_t inc, char *mv,
                     size_t cap, int64_t *elapsed)
{
    char line[8192];
    int side = cur->side;
    if (!e->xboard) {
        char cmd[8192] = "position startpos";
        size_t len = strlen(cmd);
        if (n) {
            len += (size_t)snprintf(cmd + len, sizeof cmd - len, " moves");
            chc_position p = *start;
            for (int i = 0; i < n && len + 8 < sizeof cmd; i++) {
                char u[CHC_UCI_MAX];
                chc_move_to_uci(&p, moves[i], u);
                len += (size_t)snprintf(cmd + len, sizeof cmd - len, " %s", u);
                chc_undo ud;
                chc_make_move(&p, moves[i], &ud);
            }
        }
        eng_send(e, "%s", cmd);
        int64_t t0 = now_ms();
        if (fixed_nodes > 0) eng_send(e, "go nodes %lld", fixed_nodes);
        else
            eng_send(e, "go wtime %lld btime %lld winc %lld binc %lld", (long long)clock[0],
                     (long long)clock[1], (long long)inc, (long long)inc);
        int64_t dl = t0 + (fixed_nodes > 0 ? NODES_DEADLINE_MS : clock[side] + GRACE_MS);
        for (;;) {
            int r = eng_readline(e, line, sizeof line, dl);
            if (r <= 0) {
                *elapsed = now_ms() - t0;
                return r;
            }
            if (strncmp(line, "bestmove ", 9) == 0) {
                *elapsed = now_ms() - t0;
                char *p = line + 9;
                size_t l = strcspn(p, " ");
                snprintf(mv, cap, "%.*s", (int)l, p);
                return 1;
            }
        }
    }
    /* xboard */
    chc_position p = *start;
    for (int i = 0; i < e->sent; i++) {
        chc_undo ud;
        chc_make_move(&p, moves[i], &ud);
    }
    eng_send(e, "time %lld", (long long)(clock[side] / 10));
    eng_send(e, "otim %lld", (long long)(clock[side ^ 1] / 10));
    int64_t t0 = 0;
    for (int i = e->sent; i < n; i++) {
        char u[CHC_UCI_MAX];
        chc_move_to_uci(&p, moves[i], u);
        if (e->going && i == n - 1) t0 = now_ms();
        eng_send(e, e->usermove ? "usermove %s" : "%s", u);
        chc_undo ud;
        chc_make_move(&p, moves[i], &ud);
    }
    e->sent = n;
    if (!e->going) {
        t0 = now_ms();
        eng_send(e, "go");
        e->going = 1;
    }
    if (!t0) t0 = now_ms();
    int64_t dl = t0 + clock[side] + GRACE_MS;
    for (;;) {
        int r = eng_readline(e, line, sizeof line, dl);
        if (r <= 0) {
            *elapsed = now_ms() - t0;
            return r;
        }
        if (strncmp(line, "move ", 5) == 0) {
            *elapsed = now_ms() - t0;
            size_t ml = strcspn(line + 5, " \t");
            if (ml >= cap) ml = cap - 1;
            memcpy(mv, line + 5, ml);
            mv[ml] = 0;
            e->sent = n + 1;
            return 1;
        }
        if (strncmp(line, "resign", 6) == 0) {
            *elapsed = now_ms() - t0;
            return -2;
        }
        if (strncmp(line, "Illegal move", 12) == 0) {
            *elapsed = now_ms() - t0;
            return -3;
        }
    }
}

static int insufficient(const chc_position *p)
{
    if (p->by_type[CHC_PAWN] | p->by_type[CHC_ROOK] | p->by_type[CHC_QUEEN]) return 0;
    chc_bitboard minors = p->by_type[CHC_KNIGHT] | p->by_type[CHC_BISHOP];
    if (__builtin_popcountll(minors) <= 1) return 1;
    /* only bishops, all on one colour */
    if (!p->by_type[CHC_KNIGHT]) {
        const chc_bitboard dark = 0xAA55AA55AA55AA55ULL;
        if (!(minors & dark) || !(minors & ~dark)) return 1;
    }
    return 0;
}

struct outcome {
    int result; /* +1 white wins, 0 draw, -1 black wins */
    char reason[128];
    int illegal, timeloss, crash;
};

static void game_setup(eng *e, int64_t base, int64_t inc)
{
    char line[4096];
    if (!e->xboard) {
        eng_send(e, "ucinewgame");
        eng_send(e, "isready");
        int64_t dl = now_ms() + 10000;
        while (eng_readline(e, line, sizeof line, dl) > 0)
            if (strcmp(line, "readyok") == 0) break;
    } else {
        eng_send(e, "new");
        eng_send(e, "random");
        eng_send(e, "easy");
        eng_send(e, "force");
        long secs = (long)(base / 1000);
        double incs = (double)inc / 1000.0;
        eng_send(e, "level 0 %ld:%02ld %g", secs / 60, secs % 60, incs);
        eng_send(e, "post");
        e->going = 0;
        e->sent = 0;
    }
}

static void play_game(eng *white, eng *black, const chc_move *opening, int nopen, int64_t base,
                      int64_t inc, struct outcome *o, chc_move *moves, int *nmoves_out)
{
    eng *E[2] = {white, black};
    chc_position start, pos;
    chc_position_startpos(&start);
    pos = start;
    uint64_t keys[MAX_GAME_PLIES + 64];
    int n = 0;
    keys[0] = pos.key;
    for (int i = 0; i < nopen; i++) {
        chc_undo ud;
        moves[n++] = opening[i];
        chc_make_move(&pos, opening[i], &ud);
        keys[n] = pos.key;
    }
    game_setup(white, base, inc);
    game_setup(black, base, inc);
    int64_t clock[2] = {base, base};
    memset(o, 0, sizeof *o);
    for (;;) {
        chc_move legal[CHC_MAX_MOVES];
        int nl = chc_legal_moves(&pos, legal, CHC_GEN_ALL);
        if (nl == 0) {
            if (pos.checkers) {
                o->result = pos.side == CHC_WHITE ? -1 : 1;
                snprintf(o->reason, sizeof o->reason, "%s mates", pos.side == CHC_WHITE ? "black" : "white");
            } else {
                snprintf(o->reason, sizeof o->reason, "stalemate");
            }
            break;
        }
        if (pos.halfmove >= 100) { snprintf(o->reason, sizeof o->reason, "fifty-move rule"); break; }
        if (insufficient(&pos)) { snprintf(o->reason, sizeof o->reason, "insufficient material"); break; }
        int reps = 0;
        for (int i = n - 2; i >= 0 && i >= n - pos.halfmove; i -= 2)
            if (keys[i] == keys[n]) reps++;
        if (reps >= 2) { snprintf(o->reason, sizeof o->reason, "threefold repetition"); break; }
        if (n >= MAX_GAME_PLIES) { snprintf(o->reason, sizeof o->reason, "adjudicated draw: %d plies", n); break; }
        int side = pos.side;
        eng *e = E[side];
        char mv[64];
        int64_t el = 0;
        int r = eng_think(e, &start, moves, n, &pos, clock, inc, mv, sizeof mv, &el);
        const char *who = side == CHC_WHITE ? "white" : "black";
        o->result = side == CHC_WHITE ? -1 : 1;
        if (r == 0 || (r == 1 && !fixed_nodes && el > clock[side])) {
            o->timeloss = 1;
            snprintf(o->reason, sizeof o->reason, "%s (%s) loses on time (%lld ms used of %lld)", who,
                     e->name, (long long)el, (long long)clock[side]);
            break;
        }
        if (r == -2) { snprintf(o->reason, sizeof o->reason, "%s (%s) resigns", who, e->name); break; }
        if (r == -3) {
            o->crash = 1;
            snprintf(o->reason, sizeof o->reason, "%s (%s) refused a legal move", who, e->name);
            break;
        }
        if (r < 0) {
            o->crash = 1;
            snprintf(o->reason, sizeof o->reason, "%s (%s) died", who, e->name);
            break;
        }
        chc_move m = CHC_MOVE_NONE;
        if (strcmp(mv, "O-O") == 0 || strcmp(mv, "O-O-O") == 0 || strcmp(mv, "0-0") == 0 ||
            strcmp(mv, "0-0-0") == 0) {
            /* XBoard allows castling written as O-O / O-O-O */
            int lng = strlen(mv) == 5;
            for (int i = 0; i < nl; i++)
                if ((CHC_MOVE_FLAGS(legal[i]) & CHC_MF_CASTLE) &&
                    ((CHC_MOVE_TO(legal[i]) < CHC_MOVE_FROM(legal[i])) == lng))
                    m = legal[i];
        }
        if (m == CHC_MOVE_NONE && chc_move_from_uci(&pos, mv, &m, NULL) != CHC_OK) {
            o->illegal = 1;
            snprintf(o->reason, sizeof o->reason, "%s (%s) played illegal move '%s'", who, e->name, mv);
            break;
        }
        if (!fixed_nodes) clock[side] += inc - el;
        chc_undo ud;
        chc_make_move(&pos, m, &ud);
        moves[n++] = m;
        keys[n] = pos.key;
        o->result = 0;
    }
    if (strstr(o->reason, "repetition") || strstr(o->reason, "fifty") || strstr(o->reason, "stalemate") ||
        strstr(o->reason, "insufficient") || strstr(o->reason, "adjudicated"))
        o->result = 0;
    for (int s = 0; s < 2; s++)
        if (E[s]->xboard)
            eng_send(E[s], "result %s {%s}", o->result > 0 ? "1-0" : o->result < 0 ? "0-1" : "1/2-1/2", o->reason);
    *nmoves_out = n;
}

static uint64_t rng_state = 1;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static const char *const fallback_openings[] = {
    "e2e4 e7e5 g1f3 b8c6", "d2d4 d7d5 c2c4 e7e6", "e2e4 c7c5 g1f3 d7d6", "d2d4 g8f6 c2c4 g7g6",
    "c2c4 e7e5 b1c3 g8f6", "e2e4 e7e6 d2d4 d7d5", "e2e4 c7c6 d2d4 d7d5", "g1f3 d7d5 g2g3 g8f6",
};

static int make_opening(chc_book *book, int plies, int idx, chc_move *out)
{
    chc_position p;
    chc_position_startpos(&p);
    int n = 0;
    if (!book) {
        char buf[128];
        snprintf(buf, sizeof buf, "%s", fallback_openings[idx % 8]);
        for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
            chc_move m;
            if (chc_move_from_uci(&p, t, &m, NULL) != CHC_OK) break;
            chc_undo ud;
            chc_make_move(&p, m, &ud);
            out[n++] = m;
        }
        return n;
    }
    while (n < plies) {
        chc_move m = chc_book_pick(book, &p, rng());
        if (m == CHC_MOVE_NONE) break;
        chc_undo ud;
        chc_make_move(&p, m, &ud);
        out[n++] = m;
    }
    return n;
}

static void write_pgn(FILE *f, const char *w, const char *b, int round, const struct outcome *o,
                      const chc_move *moves, int n, const char *tc)
{
    const char *res = o->result > 0 ? "1-0" : o->result < 0 ? "0-1" : "1/2-1/2";
    fprintf(f, "[Event \"chesscodec bench_match\"]\n[Round \"%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n"
               "[Result \"%s\"]\n[TimeControl \"%s\"]\n[Termination \"%s\"]\n\n",
            round, w, b, res, tc, o->reason);
    chc_position p;
    chc_position_startpos(&p);
    for (int i = 0; i < n; i++) {
        char u[CHC_UCI_MAX];
        chc_move_to_uci(&p, moves[i], u);
        if (i % 2 == 0) fprintf(f, "%d. ", i / 2 + 1);
        fprintf(f, "%s%s", u, (i % 16 == 15) ? "\n" : " ");
        chc_undo ud;
        chc_make_move(&p, moves[i], &ud);
    }
    fprintf(f, "{%s} %s\n\n", o->reason, res);
}

/* One worker: plays the game pairs p with p % nworkers == k (both colours of opening p) with
 * its own two engine processes, appends each game to the PGN file in one write, and reports
 * each result as one line on out_fd: "GAME R1 ILLEGAL TIMELOSS CRASH description". */
static void play_share(eng *e1, eng *e2, chc_book *book, int plies, int games, int k, int nworkers,
                       int64_t base, int64_t inc, const char *pgn, const char *tc, int out_fd)
{
    if (eng_start(e1) || eng_start(e2)) {
        fprintf(stderr, "bench_match: cannot start the engines\n");
        return;
    }
    static chc_move opening[64], moves[MAX_GAME_PLIES + 64];
    int nopen = 0;
    for (int g = 0; g < games; g++) {
        if (g % 2 == 0) nopen = make_opening(book, plies, g / 2, opening); /* same rng sequence in every worker */
        if ((g / 2) % nworkers != k) continue;
        eng *white = g % 2 == 0 ? e1 : e2, *black = g % 2 == 0 ? e2 : e1;
        struct outcome o;
        int n = 0;
        play_game(white, black, opening, nopen, base, inc, &o, moves, &n);
        int r1 = g % 2 == 0 ? o.result : -o.result; /* from engine 1's side */
        char line[400];
        int len = snprintf(line, sizeof line, "%d %d %d %d %d %s - %s %s (%s), %d plies\n", g + 1, r1, o.illegal,
                           o.timeloss, o.crash, white->name, black->name,
                           o.result > 0 ? "1-0" : o.result < 0 ? "0-1" : "1/2", o.reason, n);
        if (len >= (int)sizeof line) {
            line[sizeof line - 2] = '\n';
            len = (int)sizeof line - 1;
        }
        if (pgn) {
            char *text = NULL;
            size_t tlen = 0;
            FILE *mf = open_memstream(&text, &tlen);
            if (mf) {
                write_pgn(mf, white->name, black->name, g + 1, &o, moves, n, tc);
                fclose(mf);
                FILE *pf = fopen(pgn, "a");
                if (pf) {
                    fwrite(text, 1, tlen, pf);
                    fclose(pf);
                }
                free(text);
            }
        }
        if (write(out_fd, line, (size_t)len) != len) break;
        if (o.crash || o.timeloss) { /* a stuck or dead engine: restart it cleanly */
            eng *loser = o.result > 0 ? black : white;
            eng_stop(loser);
            if (eng_start(loser)) { fprintf(stderr, "bench_match: cannot restart %s\n", loser->name); break; }
        }
    }
    eng_stop(e1);
    eng_stop(e2);
}

static double elo_of(double p)
{
    if (p <= 0.001) p = 0.001;
    if (p >= 0.999) p = 0.999;
    return -400.0 * log10(1.0 / p - 1.0);
}

/* Expected score at `elo` (logistic). */
static double score_of(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

/* The SPRT's log-likelihood ratio of H1 (elo1) against H0 (elo0) after w wins, d draws and l
 * losses: the usual normal approximation of the generalised SPRT with a trinomial model,
 * n (s1 - s0) (2 mean - s0 - s1) / (2 var), with mean and variance of a game's score measured. */
static double sprt_llr(int w, int d, int l, double elo0, double elo1)
{
    int n = w + d + l;
    if (n == 0 || w + l == 0 || (d == 0 && (w == 0 || l == 0))) return 0;
    double m = (w + 0.5 * d) / n;
    double var = (w * (1 - m) * (1 - m) + d * (0.5 - m) * (0.5 - m) + l * m * m) / n;
    if (var <= 0) return 0;
    double s0 = score_of(elo0), s1 = score_of(elo1);
    return n * (s1 - s0) * (2 * m - s0 - s1) / (2 * var);
}

int main(int argc, char **argv)
{
    int sprt = 0;
    double elo0 = 0, elo1 = 0;
    const double llr_lo = log(0.05 / 0.95), llr_hi = log(0.95 / 0.05);
    eng e1 = {.name = "chesscodec", .cmd = "chesscodec uci"}, e2 = {.name = "stockfish", .cmd = "stockfish"};
    int games = 2, plies = 8, concurrency = 1;
    double base_s = 10, inc_s = 0.1;
    const char *bookpath = "/usr/share/games/gnuchess/book.bin", *pgn = NULL, *tc = "10+0.1";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--verbose") == 0) { verbose = 1; continue; }
        if (!v) { fprintf(stderr, "bench_match: missing value for %s\n", a); return 2; }
        i++;
        if (strcmp(a, "--engine1") == 0) e1.cmd = v;
        else if (strcmp(a, "--engine2") == 0) e2.cmd = v;
        else if (strcmp(a, "--name1") == 0) e1.name = v;
        else if (strcmp(a, "--name2") == 0) e2.name = v;
        else if (strcmp(a, "--proto1") == 0) e1.xboard = strcmp(v, "xboard") == 0;
        else if (strcmp(a, "--proto2") == 0) e2.xboard = strcmp(v, "xboard") == 0;
        else if (strcmp(a, "--option1") == 0 && e1.nopts < 16) e1.opts[e1.nopts++] = v;
        else if (strcmp(a, "--option2") == 0 && e2.nopts < 16) e2.opts[e2.nopts++] = v;
        else if (strcmp(a, "--games") == 0) games = atoi(v);
        else if (strcmp(a, "--plies") == 0) plies = atoi(v);
        else if (strcmp(a, "--seed") == 0) rng_state = (uint64_t)strtoull(v, NULL, 10) * 2654435761u + 1;
        else if (strcmp(a, "--book") == 0) bookpath = v;
        else if (strcmp(a, "--pgn") == 0) pgn = v;
        else if (strcmp(a, "--concurrency") == 0) concurrency = atoi(v);
        else if (strcmp(a, "--nodes") == 0) fixed_nodes = atoll(v);
        else if (strcmp(a, "--sprt") == 0) {
            if (sscanf(v, "%lf,%lf", &elo0, &elo1) != 2 || elo1 <= elo0) {
                fprintf(stderr, "bad --sprt (ELO0,ELO1 with ELO0 < ELO1)\n");
                return 2;
            }
            sprt = 1;
        }
        else if (strcmp(a, "--tc") == 0) {
            tc = v;
            if (sscanf(v, "%lf+%lf", &base_s, &inc_s) < 1) { fprintf(stderr, "bad --tc\n"); return 2; }
        } else { fprintf(stderr, "bench_match: unknown option %s\n", a); return 2; }
    }
    if (games < 1) games = 1;
    games += games & 1;
    signal(SIGPIPE, SIG_IGN);
    chc_book *book = NULL;
    if (chc_book_open(&book, bookpath, NULL) != CHC_OK) book = NULL;
    int64_t base = (int64_t)(base_s * 1000), inc = (int64_t)(inc_s * 1000);
    int w = 0, d = 0, l = 0, illegal = 0, timeloss = 0, crash = 0;
    int ill1 = 0, tl1 = 0, cr1 = 0;
    if (concurrency < 1) concurrency = 1;
    int npairs = games / 2;
    if (concurrency > npairs) concurrency = npairs;
    /* every worker reports each game as one line (atomic on a pipe) */
    int rfd[2];
    if (pipe(rfd)) { fprintf(stderr, "bench_match: pipe failed\n"); return 1; }
    fflush(stdout);
    pid_t workers[64];
    if (concurrency > 64) concurrency = 64;
    for (int k = 0; k < concurrency; k++) {
        workers[k] = fork();
        if (workers[k] < 0) { fprintf(stderr, "bench_match: fork failed\n"); return 1; }
        if (workers[k] == 0) {
            close(rfd[0]);
            play_share(&e1, &e2, book, plies, games, k, concurrency, base, inc, pgn, tc, rfd[1]);
            _exit(0);
        }
    }
    close(rfd[1]);
    FILE *rf = fdopen(rfd[0], "r");
    char line[512];
    while (rf && fgets(line, sizeof line, rf)) {
        int g, r1, ill, tl, cr, off = 0;
        if (sscanf(line, "%d %d %d %d %d %n", &g, &r1, &ill, &tl, &cr, &off) < 5) continue;
        if (r1 > 0) w++;
        else if (r1 < 0) l++;
        else d++;
        illegal += ill;
        timeloss += tl;
        crash += cr;
        if (r1 < 0) { /* faults of engine 1: it lost the game by the fault */
            ill1 += ill;
            tl1 += tl;
            cr1 += cr;
        }
        line[strcspn(line, "\n")] = 0;
        if (sprt) {
            double llr = sprt_llr(w, d, l, elo0, elo1);
            printf("game %d: %s; %s: %d-%d-%d LLR %.2f\n", g, line + off, e1.name, w, d, l, llr);
            fflush(stdout);
            if (llr <= llr_lo || llr >= llr_hi) {
                for (int k = 0; k < concurrency; k++) kill(workers[k], SIGTERM);
                break;
            }
        } else {
            printf("game %d: %s; %s: %d-%d-%d\n", g, line + off, e1.name, w, d, l);
        }
        fflush(stdout);
    }
    if (rf) fclose(rf);
    for (int k = 0; k < concurrency; k++) waitpid(workers[k], NULL, 0);
    int n = w + d + l;
    double p = n ? (w + 0.5 * d) / n : 0.5;
    double var = n ? (w * (1 - p) * (1 - p) + d * (0.5 - p) * (0.5 - p) + l * p * p) / n : 0;
    double se = n ? sqrt(var / n) : 0;
    double lo = elo_of(p - 1.96 * se), hi = elo_of(p + 1.96 * se), elo = elo_of(p);
    printf("faults of %s: %d illegal moves, %d time losses, %d crashes (all games: %d, %d, %d)\n", e1.name,
           ill1, tl1, cr1, illegal, timeloss, crash);
    if (sprt) {
        double llr = sprt_llr(w, d, l, elo0, elo1);
        printf("SPRT elo0 %g elo1 %g alpha 0.05 beta 0.05: LLR %.2f (%.2f, %.2f) %s\n", elo0, elo1, llr, llr_lo,
               llr_hi, llr >= llr_hi ? "H1 accepted" : llr <= llr_lo ? "H0 accepted" : "inconclusive");
    }
    printf("SCORE %s vs %s: +%d =%d -%d  %.1f%%  Elo %+.0f +- %.0f (95%%: %+.0f .. %+.0f)\n", e1.name, e2.name,
           w, d, l, 100 * p, elo, (hi - lo) / 2, lo, hi);
    chc_book_free(book);
    return 0;
}
