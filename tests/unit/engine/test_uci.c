/* `chesscodec uci` driven through pipes like a GUI does: the handshake, isready, options,
 * every form of `go`, malformed commands (ignored without harm), ponder/ponderhit, and `stop`
 * answered with `bestmove`. Correctness only: how fast `stop` is answered is measured by
 * bench/bench_uci_latency (make bench). The time limits below only end a hung test.
 * ctest-labels: nosan
 */
#include <errno.h>
#include <fcntl.h>
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

#include "testutil.h"

/* How long to wait for an answer before calling the engine hung: far above any answer time
 * on a loaded machine, so that the test checks what is answered, never how fast. */
#define HANG_MS 30000

static pid_t child;
static int to_fd, from_fd;
static char rbuf[1 << 16];
static size_t rlen;

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void start(void)
{
    const char *bin = getenv("CHC_BIN");
    if (!bin) tu_skip_or_fail("CHC_BIN not set");
    int in[2], out[2];
    assert_int_equal(pipe(in), 0);
    assert_int_equal(pipe(out), 0);
    child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[1]);
        close(out[0]);
        execl(bin, bin, "uci", (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    fcntl(in[1], F_SETFD, FD_CLOEXEC);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    to_fd = in[1];
    from_fd = out[0];
    rlen = 0;
}

static void sendf(const char *fmt, ...)
{
    char line[4096];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    line[n++] = '\n';
    assert_int_equal(write(to_fd, line, (size_t)n), n);
}

/* Next line within timeout_ms, or NULL. */
static const char *readline_to(int timeout_ms)
{
    static char line[8192];
    int64_t dl = now_ms() + timeout_ms;
    for (;;) {
        char *nl = memchr(rbuf, '\n', rlen);
        if (nl) {
            size_t l = (size_t)(nl - rbuf);
            memcpy(line, rbuf, l < sizeof line - 1 ? l : sizeof line - 1);
            line[l < sizeof line - 1 ? l : sizeof line - 1] = 0;
            memmove(rbuf, nl + 1, rlen - l - 1);
            rlen -= l + 1;
            return line;
        }
        int64_t left = dl - now_ms();
        if (left <= 0) return NULL;
        struct pollfd p = {from_fd, POLLIN, 0};
        int r = poll(&p, 1, (int)left);
        if (r <= 0) {
            if (r < 0 && errno == EINTR) continue;
            return NULL;
        }
        ssize_t n = read(from_fd, rbuf + rlen, sizeof rbuf - rlen);
        if (n <= 0) return NULL;
        rlen += (size_t)n;
    }
}

/* Reads lines until one starts with `prefix` (returned), failing after timeout_ms. */
static const char *expect(const char *prefix, int timeout_ms)
{
    int64_t dl = now_ms() + timeout_ms;
    for (;;) {
        int left = (int)(dl - now_ms());
        const char *l = readline_to(left > 0 ? left : 0);
        if (!l) {
            fprintf(stderr, "timed out waiting for '%s'\n", prefix);
            fail();
        }
        if (strncmp(l, prefix, strlen(prefix)) == 0) return l;
    }
}

/* Teardown: a test that failed half-way leaves its engine running; end it. */
static int kill_child(void **state)
{
    (void)state;
    if (child > 0 && waitpid(child, NULL, WNOHANG) == 0) {
        kill(child, SIGKILL);
        waitpid(child, NULL, 0);
        close(to_fd);
        close(from_fd);
    }
    child = 0;
    return 0;
}

static void stop_child(void)
{
    sendf("quit");
    close(to_fd);
    int st = 0;
    int64_t dl = now_ms() + HANG_MS;
    while (waitpid(child, &st, WNOHANG) == 0 && now_ms() < dl) {
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
    }
    if (waitpid(child, &st, WNOHANG) == 0) {
        kill(child, SIGKILL);
        waitpid(child, &st, 0);
        fail_msg("engine did not quit");
    }
    assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    close(from_fd);
    child = 0;
}

/* The move of a "bestmove" line must be legal in `pos`. */
static void check_bestmove(const char *line, const char *fen, const char *moves)
{
    chc_position pos;
    tu_pos(&pos, fen);
    if (moves) {
        char buf[1024];
        snprintf(buf, sizeof buf, "%s", moves);
        for (char *s = NULL, *t = strtok_r(buf, " ", &s); t; t = strtok_r(NULL, " ", &s)) {
            chc_move m;
            assert_int_equal(chc_move_from_uci(&pos, t, &m, NULL), CHC_OK);
            chc_undo u;
            chc_make_move(&pos, m, &u);
        }
    }
    char mv[16];
    assert_int_equal(sscanf(line, "bestmove %15s", mv), 1);
    chc_move m;
    if (chc_move_from_uci(&pos, mv, &m, NULL) != CHC_OK) fail_msg("illegal bestmove '%s'", line);
}

static void test_handshake(void **state)
{
    (void)state;
    start();
    sendf("uci");
    const char *l = expect("id name", HANG_MS);
    assert_non_null(strstr(l, "chesscodec"));
    int saw_hash = 0, saw_book = 0, saw_multipv = 0;
    for (;;) {
        l = readline_to(HANG_MS);
        assert_non_null(l);
        if (strncmp(l, "option name Hash", 16) == 0) saw_hash = 1;
        if (strncmp(l, "option name OwnBook", 19) == 0) saw_book = 1;
        if (strncmp(l, "option name MultiPV type spin default 1 min 1", 45) == 0) saw_multipv = 1;
        if (strcmp(l, "uciok") == 0) break;
    }
    assert_true(saw_hash && saw_book && saw_multipv);
    sendf("isready");
    expect("readyok", HANG_MS);
    /* malformed or unknown commands are ignored */
    sendf("xyzzy");
    sendf("position");
    sendf("position fen not/a/fen w - - 0 1");
    sendf("position startpos moves e2e5");
    sendf("go depth notanumber"); /* no valid limit: an infinite search, until stop */
    sendf("stop");
    expect("bestmove", HANG_MS);
    sendf("setoption name NoSuchOption value 3");
    sendf("setoption");
    sendf("setoption name Hash value 8");
    sendf("setoption name Clear Hash");
    sendf("isready");
    expect("readyok", HANG_MS);
    stop_child();
}

static void test_go_forms(void **state)
{
    (void)state;
    start();
    sendf("uci");
    expect("uciok", HANG_MS);
    sendf("ucinewgame");
    sendf("position startpos moves e2e4 e7e5");
    sendf("go depth 5");
    const char *l = expect("bestmove", HANG_MS);
    check_bestmove(l, CHC_STARTPOS_FEN, "e2e4 e7e5");

    sendf("go nodes 5000");
    l = expect("bestmove", HANG_MS);
    check_bestmove(l, CHC_STARTPOS_FEN, "e2e4 e7e5");

    /* the engine uses the time it is given: a lower bound, which load can only lengthen */
    int64_t t0 = now_ms();
    sendf("go movetime 300");
    l = expect("bestmove", HANG_MS);
    assert_true(now_ms() - t0 >= 250);
    check_bestmove(l, CHC_STARTPOS_FEN, "e2e4 e7e5");

    sendf("go wtime 2000 btime 2000 winc 20 binc 20");
    l = expect("bestmove", HANG_MS);
    check_bestmove(l, CHC_STARTPOS_FEN, "e2e4 e7e5");
    sendf("go wtime 1000 btime 1000 movestogo 3");
    l = expect("bestmove", HANG_MS);
    check_bestmove(l, CHC_STARTPOS_FEN, "e2e4 e7e5");

    /* mate in 2 */
    const char *m2 = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    sendf("position fen %s", m2);
    sendf("go mate 2");
    int mate_seen = 0;
    for (;;) {
        l = readline_to(HANG_MS);
        assert_non_null(l);
        if (strstr(l, "score mate 2")) mate_seen = 1;
        if (strncmp(l, "bestmove", 8) == 0) break;
    }
    assert_true(mate_seen);
    assert_non_null(strstr(l, "bestmove d5f6"));

    /* searchmoves */
    sendf("position startpos");
    sendf("go depth 4 searchmoves h2h3 a2a3");
    l = expect("bestmove", HANG_MS);
    assert_true(strncmp(l, "bestmove h2h3", 13) == 0 || strncmp(l, "bestmove a2a3", 13) == 0);

    /* info lines carry the fields GUIs read */
    sendf("go depth 6");
    int info_ok = 0;
    for (;;) {
        l = readline_to(HANG_MS);
        assert_non_null(l);
        if (strncmp(l, "info depth", 10) == 0 && strstr(l, " seldepth ") && strstr(l, " score cp ") &&
            strstr(l, " nodes ") && strstr(l, " nps ") && strstr(l, " hashfull ") && strstr(l, " time ") &&
            strstr(l, " pv "))
            info_ok = 1;
        if (strncmp(l, "bestmove", 8) == 0) break;
    }
    assert_true(info_ok);

    /* MultiPV 3: lines 1, 2 and 3 at the last depth, with three different first moves */
    sendf("setoption name MultiPV value 3");
    sendf("go depth 5");
    char first[4][16] = {"", "", "", ""};
    for (;;) {
        l = readline_to(HANG_MS);
        assert_non_null(l);
        int d, k;
        const char *pv = strstr(l, " pv ");
        if (sscanf(l, "info depth %d seldepth %*d multipv %d", &d, &k) == 2 && d == 5 && k >= 1 && k <= 3 && pv &&
            !strstr(l, "bound"))
            sscanf(pv, " pv %15s", first[k]);
        if (strncmp(l, "bestmove", 8) == 0) break;
    }
    assert_true(first[1][0] && first[2][0] && first[3][0]);
    assert_true(strcmp(first[1], first[2]) && strcmp(first[1], first[3]) && strcmp(first[2], first[3]));
    assert_non_null(strstr(l, first[1]));
    sendf("setoption name MultiPV value 1");

    /* infinite: no bestmove until stop; stop is answered with a legal move */
    sendf("go infinite");
    struct timespec ts = {0, 500000000};
    nanosleep(&ts, NULL);
    while ((l = readline_to(0)))
        assert_true(strncmp(l, "bestmove", 8) != 0);
    sendf("stop");
    l = expect("bestmove", HANG_MS);
    check_bestmove(l, CHC_STARTPOS_FEN, NULL);

    /* ponder, then ponderhit: the search becomes a timed one */
    sendf("position startpos moves d2d4");
    sendf("go ponder wtime 1000 btime 1000");
    nanosleep(&ts, NULL);
    while ((l = readline_to(0)))
        assert_true(strncmp(l, "bestmove", 8) != 0);
    sendf("ponderhit");
    l = expect("bestmove", HANG_MS);
    check_bestmove(l, CHC_STARTPOS_FEN, "d2d4");

    /* ponder, then stop */
    sendf("go ponder wtime 1000 btime 1000");
    nanosleep(&ts, NULL);
    sendf("stop");
    l = expect("bestmove", HANG_MS);
    check_bestmove(l, CHC_STARTPOS_FEN, "d2d4");

    /* isready while searching is answered (before the search ends: it is infinite) */
    sendf("go infinite");
    sendf("isready");
    expect("readyok", HANG_MS);
    sendf("stop");
    expect("bestmove", HANG_MS);

    /* checkmated side to move: bestmove 0000 */
    sendf("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    sendf("go depth 3");
    l = expect("bestmove", HANG_MS);
    assert_string_equal(l, "bestmove 0000");
    stop_child();
}

static void test_chess960(void **state)
{
    (void)state;
    start();
    sendf("uci");
    expect("uciok", HANG_MS);
    sendf("setoption name UCI_Chess960 value true");
    /* castling is written king-takes-rook in Chess960 mode */
    sendf("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1h1");
    sendf("go depth 3");
    const char *l = expect("bestmove", HANG_MS);
    assert_non_null(l);
    stop_child();
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_handshake, kill_child),
        cmocka_unit_test_teardown(test_go_forms, kill_child),
        cmocka_unit_test_teardown(test_chess960, kill_child),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
