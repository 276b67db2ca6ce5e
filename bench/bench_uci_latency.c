/* bench_uci_latency: how fast a searching engine answers `stop` (with `bestmove`) and
 * `isready` (with `readyok`), as percentiles over many searches. This is the measurement that
 * correctness tests must not make (tests/unit/engine/test_uci.c checks only that the answers
 * come and are legal): on a loaded machine a latency says more about the machine.
 *
 *     bench_uci_latency [--runs N] ENGINE [ARGS...]   an engine over UCI pipes, as a GUI sees it
 *                                                     (chesscodec uci, /usr/games/stockfish, ...)
 *     bench_uci_latency [--runs N] --library          chc_engine_stop() from another thread to
 *                                                     chc_engine_search() returning, in-process
 *
 * Each run: a position from a fixed list, `go infinite`, a think of 20..220 ms (a fixed
 * sequence), `isready` (timed to `readyok`), then `stop` (timed to `bestmove`). Prints
 *     NAME  n=N  p50=… p90=… p99=… max=… ms
 * and a machine-readable line "LATENCY <what> <p50> <p90> <p99> <max>" per measure. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "chesscodec.h"

static const char *const FENS[] = {
    CHC_STARTPOS_FEN,
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
};
#define NFENS (int)(sizeof FENS / sizeof FENS[0])

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
}

static int think_ms(int run) { return 20 + (run * 37) % 201; }

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void report(const char *name, const char *what, double *v, int n)
{
    if (n == 0) {
        printf("  %-34s no samples\n", name);
        return;
    }
    qsort(v, (size_t)n, sizeof *v, cmp_double);
#define PCT(p) v[(int)((double)(n - 1) * (p) + 0.5)]
    printf("  %-34s n=%-4d p50=%8.3f  p90=%8.3f  p99=%8.3f  max=%8.3f ms\n", name, n, PCT(0.50),
           PCT(0.90), PCT(0.99), v[n - 1]);
    printf("LATENCY %s %.3f %.3f %.3f %.3f\n", what, PCT(0.50), PCT(0.90), PCT(0.99), v[n - 1]);
#undef PCT
}

/* ------------------------------------------------------------------ an engine over pipes */

static int to_fd = -1, from_fd = -1;
static char rbuf[1 << 16];
static size_t rlen;

static void sendf(const char *line)
{
    size_t n = strlen(line);
    if (write(to_fd, line, n) != (ssize_t)n || write(to_fd, "\n", 1) != 1) {
        fprintf(stderr, "bench_uci_latency: the engine closed its input\n");
        exit(1);
    }
}

/* Reads lines until one starts with `prefix`; exits after 60 s (a hung engine). */
static void wait_for(const char *prefix)
{
    double deadline = now_ms() + 60000;
    for (;;) {
        char *nl;
        while ((nl = memchr(rbuf, '\n', rlen))) {
            size_t l = (size_t)(nl - rbuf) + 1;
            int match = strncmp(rbuf, prefix, strlen(prefix)) == 0;
            memmove(rbuf, rbuf + l, rlen - l);
            rlen -= l;
            if (match) return;
        }
        int left = (int)(deadline - now_ms());
        struct pollfd p = {from_fd, POLLIN, 0};
        int r = left > 0 ? poll(&p, 1, left) : 0;
        if (r < 0 && errno == EINTR) continue;
        ssize_t got = r > 0 ? read(from_fd, rbuf + rlen, sizeof rbuf - rlen) : -1;
        if (got <= 0) {
            fprintf(stderr, "bench_uci_latency: no '%s' from the engine\n", prefix);
            exit(1);
        }
        rlen += (size_t)got;
        if (rlen == sizeof rbuf) rlen = 0; /* a very long line: drop it */
    }
}

static int bench_pipes(char **argv, int runs)
{
    int in[2], out[2];
    if (pipe(in) || pipe(out)) return perror("pipe"), 1;
    pid_t pid = fork();
    if (pid < 0) return perror("fork"), 1;
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[1]);
        close(out[0]);
        execvp(argv[0], argv);
        fprintf(stderr, "bench_uci_latency: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_fd = in[1];
    from_fd = out[0];
    signal(SIGPIPE, SIG_IGN);

    sendf("uci");
    wait_for("uciok");
    sendf("setoption name Hash value 16");
    sendf("isready");
    wait_for("readyok");
    double *stop = malloc(sizeof *stop * (size_t)runs), *ready = malloc(sizeof *ready * (size_t)runs);
    for (int i = 0; i < runs; i++) {
        char pos[256];
        snprintf(pos, sizeof pos, "position fen %s", FENS[i % NFENS]);
        sendf(pos);
        sendf("go infinite");
        sleep_ms(think_ms(i));
        double t0 = now_ms();
        sendf("isready");
        wait_for("readyok");
        ready[i] = now_ms() - t0;
        t0 = now_ms();
        sendf("stop");
        wait_for("bestmove");
        stop[i] = now_ms() - t0;
    }
    sendf("quit");
    close(to_fd);
    waitpid(pid, NULL, 0);
    const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    char label[128];
    snprintf(label, sizeof label, "%s: stop -> bestmove", name);
    report(label, "stop", stop, runs);
    snprintf(label, sizeof label, "%s: isready -> readyok", name);
    report(label, "isready", ready, runs);
    free(stop);
    free(ready);
    return 0;
}

/* ------------------------------------------------------------------ the library, in-process */

struct searcher {
    chc_engine *e;
    chc_position pos;
    double done_ms;
    int rc;
};

static void *search_thread(void *arg)
{
    struct searcher *s = arg;
    chc_search_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.infinite = 1;
    chc_search_result r;
    s->rc = chc_engine_search(s->e, &s->pos, NULL, 0, &lim, NULL, NULL, &r);
    s->done_ms = now_ms();
    return NULL;
}

static int bench_library(int runs)
{
    struct searcher s;
    memset(&s, 0, sizeof s);
    s.e = chc_engine_new(16);
    if (!s.e) return fprintf(stderr, "bench_uci_latency: chc_engine_new failed\n"), 1;
    double *stop = malloc(sizeof *stop * (size_t)runs);
    for (int i = 0; i < runs; i++) {
        if (chc_position_from_fen(&s.pos, FENS[i % NFENS], 0, NULL) != CHC_OK) return 1;
        pthread_t t;
        if (pthread_create(&t, NULL, search_thread, &s) != 0) return perror("pthread_create"), 1;
        sleep_ms(think_ms(i));
        double t0 = now_ms();
        chc_engine_stop(s.e);
        pthread_join(t, NULL);
        if (s.rc != CHC_OK) return fprintf(stderr, "bench_uci_latency: search failed\n"), 1;
        stop[i] = s.done_ms - t0;
    }
    report("library: chc_engine_stop -> return", "library_stop", stop, runs);
    free(stop);
    chc_engine_free(s.e);
    return 0;
}

int main(int argc, char **argv)
{
    int runs = 40, i = 1;
    if (i + 1 < argc && strcmp(argv[i], "--runs") == 0) {
        runs = atoi(argv[i + 1]);
        i += 2;
    }
    if (i >= argc || runs < 1) {
        fprintf(stderr, "usage: bench_uci_latency [--runs N] ENGINE [ARGS...] | --library\n");
        return 2;
    }
    if (strcmp(argv[i], "--library") == 0) return bench_library(runs);
    return bench_pipes(argv + i, runs);
}
