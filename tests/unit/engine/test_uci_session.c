/* The UCI session (chc_uci_*) and the background search under it (chc_engine_start), driven
 * through the public API as a GUI or a binding would: the handshake, position + go depth,
 * stop while searching, ponder and ponderhit, MultiPV, searchmoves, the book, bad input,
 * quit, and the end of the session. No timing assertions: waits have generous limits and
 * only say "this line never came". */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

#define MAX_LINES 4096

/* Every line the session sent, in order. */
static struct {
    pthread_mutex_t mu;
    pthread_cond_t cond;
    char *lines[MAX_LINES];
    int n;
    atomic_int busy, bad; /* calls at once; calls that broke the contract */
} out = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, {0}, 0, 0, 0};

/* The callback (maybe on the search thread: no cmocka asserts here, they jump). */
static void collect(void *ctx, const char *line, size_t len)
{
    /* NUL-terminated, no line end, and calls never overlap */
    if (ctx != &out || strlen(line) != len || memchr(line, '\n', len)) atomic_fetch_add(&out.bad, 1);
    if (atomic_fetch_add(&out.busy, 1) != 0) atomic_fetch_add(&out.bad, 1);
    struct timespec ts = {0, 1000};
    nanosleep(&ts, NULL); /* widen the window an overlap would need */
    atomic_fetch_sub(&out.busy, 1);
    pthread_mutex_lock(&out.mu);
    if (out.n < MAX_LINES) out.lines[out.n++] = strdup(line);
    pthread_cond_broadcast(&out.cond);
    pthread_mutex_unlock(&out.mu);
}

static void reset(void)
{
    assert_int_equal(atomic_load(&out.bad), 0);
    pthread_mutex_lock(&out.mu);
    for (int i = 0; i < out.n; i++) free(out.lines[i]);
    out.n = 0;
    pthread_mutex_unlock(&out.mu);
}

static chc_uci *session(void)
{
    reset();
    chc_uci *u = chc_uci_new(collect, &out);
    assert_non_null(u);
    return u;
}

static int cmd(chc_uci *u, const char *line)
{
    return chc_uci_command(u, line, strlen(line));
}

/* The index of the first line from `from` on starting with prefix, or -1. */
static int find(int from, const char *prefix)
{
    pthread_mutex_lock(&out.mu);
    int k = -1;
    for (int i = from; i < out.n && k < 0; i++)
        if (strncmp(out.lines[i], prefix, strlen(prefix)) == 0) k = i;
    pthread_mutex_unlock(&out.mu);
    return k;
}

/* Waits (up to a minute: a correctness wait, not a timing check) for a line starting with
 * prefix at or after `from`; returns its index. */
static int wait_line(int from, const char *prefix)
{
    struct timespec dl;
    clock_gettime(CLOCK_REALTIME, &dl);
    dl.tv_sec += 60;
    int k;
    pthread_mutex_lock(&out.mu);
    for (;;) {
        pthread_mutex_unlock(&out.mu);
        k = find(from, prefix);
        pthread_mutex_lock(&out.mu);
        if (k >= 0 || pthread_cond_timedwait(&out.cond, &out.mu, &dl) != 0) break;
    }
    pthread_mutex_unlock(&out.mu);
    if (k < 0) k = find(from, prefix);
    if (k < 0) fail_msg("no line starting with '%s'", prefix);
    return k;
}

static int count(int from, const char *prefix)
{
    int c = 0;
    for (int k = from; (k = find(k, prefix)) >= 0; k++) c++;
    return c;
}

static const char *line_at(int i)
{
    return out.lines[i];
}

/* The position after `moves` (UCI, each legal) from fen (NULL: the start position). */
static void position_after(chc_position *pos, const char *fen, const char *moves)
{
    char buf[512];
    tu_pos(pos, fen ? fen : CHC_STARTPOS_FEN);
    snprintf(buf, sizeof buf, "%s", moves ? moves : "");
    for (char *s = NULL, *t = strtok_r(buf, " ", &s); t; t = strtok_r(NULL, " ", &s)) {
        chc_move m;
        chc_undo ud;
        assert_int_equal(chc_move_from_uci(pos, t, &m, NULL), CHC_OK);
        chc_make_move(pos, m, &ud);
    }
}

/* The move of a bestmove line is legal after `moves` from fen. */
static void check_bestmove(int i, const char *fen, const char *moves)
{
    chc_position pos;
    char mv[16];
    position_after(&pos, fen, moves);
    assert_int_equal(sscanf(line_at(i), "bestmove %15s", mv), 1);
    chc_move m;
    if (chc_move_from_uci(&pos, mv, &m, NULL) != CHC_OK) fail_msg("illegal: %s", line_at(i));
}

static void test_handshake(void **state)
{
    (void)state;
    chc_uci *u = session();
    assert_int_equal(cmd(u, "uci"), CHC_OK);
    /* the answers of uci and isready are sent before the command returns */
    assert_int_equal(find(0, "id name chesscodec"), 0);
    assert_true(find(0, "option name Hash type spin default 16 min 1 max 4096") > 0);
    assert_true(find(0, "option name MultiPV type spin default 1 min 1 max 64") > 0);
    assert_true(find(0, "option name OwnBook") > 0);
    assert_true(find(0, "option name UCI_Chess960") > 0);
    assert_true(find(0, "option name UseNNUE type check default true") > 0);
    assert_string_equal(line_at(out.n - 1), "uciok");
    assert_int_equal(cmd(u, "isready\r\n"), CHC_OK);
    assert_string_equal(line_at(out.n - 1), "readyok");
    /* UseNNUE: a bad value is refused; true and false switch the evaluation */
    int before = out.n;
    assert_int_equal(cmd(u, "setoption name UseNNUE value maybe"), CHC_OK);
    assert_true(find(before, "info string bad value 'maybe' for UseNNUE") >= before);
    assert_int_equal(cmd(u, "setoption name UseNNUE value true"), CHC_OK);
    assert_int_equal(cmd(u, "setoption name UseNNUE value false"), CHC_OK);
    /* nothing at all, unknown commands, debug: no answer */
    int n = out.n;
    assert_int_equal(chc_uci_command(u, "", 0), CHC_OK);
    assert_int_equal(cmd(u, "   "), CHC_OK);
    assert_int_equal(cmd(u, "xyzzy"), CHC_OK);
    assert_int_equal(cmd(u, "debug on"), CHC_OK);
    assert_int_equal(out.n, n);
    /* a command needs no NUL: only len bytes are read */
    assert_int_equal(chc_uci_command(u, "isreadyXYZ", 7), CHC_OK);
    assert_string_equal(line_at(out.n - 1), "readyok");
    assert_int_equal(cmd(u, "quit"), CHC_SESSION_QUIT);
    chc_uci_free(u);
}

static void test_position_go_depth(void **state)
{
    (void)state;
    chc_uci *u = session();
    cmd(u, "ucinewgame");
    cmd(u, "position startpos moves e2e4 e7e5");
    cmd(u, "go depth 5");
    int b = wait_line(0, "bestmove");
    check_bestmove(b, NULL, "e2e4 e7e5");
    assert_int_equal(count(0, "bestmove"), 1);
    /* the info lines carry what GUIs read, the last one at depth 5 */
    int i = find(0, "info depth 5 ");
    assert_true(i >= 0 && i < b);
    const char *l = line_at(i);
    assert_non_null(strstr(l, " seldepth "));
    assert_non_null(strstr(l, " multipv 1 score cp "));
    assert_non_null(strstr(l, " nodes "));
    assert_non_null(strstr(l, " nps "));
    assert_non_null(strstr(l, " hashfull "));
    assert_non_null(strstr(l, " time "));
    assert_non_null(strstr(l, " pv "));
    /* a fen position, nodes and mate limits */
    const char *m2 = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    char line[256];
    snprintf(line, sizeof line, "position fen %s", m2);
    cmd(u, line);
    int from = out.n;
    cmd(u, "go mate 2");
    b = wait_line(from, "bestmove");
    assert_true(strncmp(line_at(b), "bestmove d5f6", 13) == 0);
    assert_true(find(from, "info depth") >= 0);
    from = out.n;
    cmd(u, "go nodes 3000");
    check_bestmove(wait_line(from, "bestmove"), m2, NULL);
    /* searchmoves: only those */
    cmd(u, "position startpos");
    from = out.n;
    cmd(u, "go depth 3 searchmoves h2h3 a2a3");
    b = wait_line(from, "bestmove");
    assert_true(strncmp(line_at(b), "bestmove h2h3", 13) == 0 ||
                strncmp(line_at(b), "bestmove a2a3", 13) == 0);
    /* a checkmated side to move: bestmove 0000 */
    cmd(u, "position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    from = out.n;
    cmd(u, "go depth 3");
    assert_string_equal(line_at(wait_line(from, "bestmove")), "bestmove 0000");
    chc_uci_free(u);
}

static void test_stop_while_searching(void **state)
{
    (void)state;
    chc_uci *u = session();
    cmd(u, "position startpos moves d2d4");
    cmd(u, "go infinite");
    wait_line(0, "info depth");   /* it is searching */
    cmd(u, "isready");            /* answered while it thinks */
    assert_true(find(0, "readyok") >= 0);
    assert_int_equal(find(0, "bestmove"), -1); /* an infinite search waits for stop */
    cmd(u, "stop");
    /* stop returns once the bestmove is sent */
    assert_true(find(0, "bestmove") >= 0);
    check_bestmove(find(0, "bestmove"), NULL, "d2d4");
    /* a bare go is infinite too; stop at once still gives a legal move */
    int from = out.n;
    cmd(u, "go");
    cmd(u, "stop");
    check_bestmove(find(from, "bestmove"), NULL, "d2d4");
    /* position, go and ucinewgame stop a running search first: one bestmove each */
    from = out.n;
    cmd(u, "go infinite");
    cmd(u, "go infinite");
    cmd(u, "position startpos");
    assert_int_equal(count(from, "bestmove"), 2);
    chc_uci_free(u);
}

static void test_ponder(void **state)
{
    (void)state;
    chc_uci *u = session();
    cmd(u, "setoption name Ponder value true");
    cmd(u, "position startpos moves e2e4");
    cmd(u, "go ponder wtime 1000 btime 1000");
    wait_line(0, "info depth");
    struct timespec ts = {0, 20000000};
    nanosleep(&ts, NULL);
    assert_int_equal(find(0, "bestmove"), -1); /* pondering never ends by itself */
    cmd(u, "ponderhit");                        /* now on the clock: it ends by itself */
    check_bestmove(wait_line(0, "bestmove"), NULL, "e2e4");
    /* ponder, then stop */
    int from = out.n;
    cmd(u, "go ponder wtime 1000 btime 1000");
    cmd(u, "stop");
    check_bestmove(find(from, "bestmove"), NULL, "e2e4");
    /* the reply to ponder on: "bestmove X ponder Y" with Y legal after X */
    from = out.n;
    cmd(u, "go depth 6");
    const char *l = line_at(wait_line(from, "bestmove"));
    char best[8], ponder[8];
    if (sscanf(l, "bestmove %7s ponder %7s", best, ponder) == 2) {
        char moves[64];
        chc_position pos;
        snprintf(moves, sizeof moves, "e2e4 %s %s", best, ponder);
        position_after(&pos, NULL, moves);
    }
    chc_uci_free(u);
}

static void test_multipv(void **state)
{
    (void)state;
    chc_uci *u = session();
    cmd(u, "setoption name MultiPV value 3");
    cmd(u, "position startpos");
    cmd(u, "go depth 5");
    int b = wait_line(0, "bestmove");
    char first[4][16] = {"", "", "", ""};
    for (int i = 0; i < b; i++) {
        int d, k;
        const char *pv = strstr(line_at(i), " pv ");
        if (sscanf(line_at(i), "info depth %d seldepth %*d multipv %d", &d, &k) == 2 && d == 5 &&
            k >= 1 && k <= 3 && pv && !strstr(line_at(i), "bound"))
            sscanf(pv, " pv %15s", first[k]);
    }
    assert_true(first[1][0] && first[2][0] && first[3][0]);
    assert_true(strcmp(first[1], first[2]) && strcmp(first[1], first[3]) &&
                strcmp(first[2], first[3]));
    assert_non_null(strstr(line_at(b), first[1])); /* the best line is the bestmove */
    chc_uci_free(u);
}

static void test_bad_input_and_options(void **state)
{
    (void)state;
    chc_uci *u = session();
    cmd(u, "position fen not/a/fen w - - 0 1");
    assert_true(find(0, "info string bad FEN ignored: ") >= 0);
    cmd(u, "position startpos moves e2e4 e7e6 e4e6 g1f3");
    assert_true(find(0, "info string illegal move 'e4e6' ignored with the rest of the line") >= 0);
    cmd(u, "go depth 2");
    check_bestmove(wait_line(0, "bestmove"), NULL, "e2e4 e7e6"); /* the moves before it stay */
    cmd(u, "setoption name NoSuchOption value 3");
    assert_true(find(0, "info string unknown option 'NoSuchOption' ignored") >= 0);
    cmd(u, "setoption name Bad\rName\x01 value 3"); /* echoed on one line (found by fuzz_uci) */
    assert_true(find(0, "info string unknown option 'Bad?Name?' ignored") >= 0);
    int n = out.n;
    cmd(u, "setoption");
    cmd(u, "setoption name Hash value 8");
    cmd(u, "setoption name hash value 0"); /* out of range: ignored */
    cmd(u, "setoption name Clear Hash");
    cmd(u, "position");
    cmd(u, "position nonsense");
    assert_int_equal(out.n, n);
    /* a number that is not one: no limit, so an infinite search until stop */
    cmd(u, "go depth notanumber");
    cmd(u, "stop");
    assert_true(find(n, "bestmove") >= 0);
    /* the word after a missing number is read as the next keyword */
    n = out.n;
    cmd(u, "go wtime foo depth 2");
    wait_line(n, "bestmove");
    /* Chess960: castling is king takes rook */
    cmd(u, "setoption name UCI_Chess960 value true");
    n = out.n;
    cmd(u, "position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1h1");
    assert_int_equal(out.n, n);
    cmd(u, "go depth 2");
    wait_line(n, "bestmove");
    /* an unreadable book is reported, a good one played from at once */
    n = out.n;
    cmd(u, "setoption name UCI_Chess960 value false");
    cmd(u, "setoption name BookFile value /nonexistent/book.bin");
    cmd(u, "setoption name OwnBook value true");
    assert_true(find(n, "info string cannot use book: ") >= 0);
    char path[] = "/tmp/chc_uci_bookXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    /* one entry: the start position, e2e4 */
    static const unsigned char entry[16] = {0x46, 0x3b, 0x96, 0x18, 0x16, 0x91, 0xfc, 0x9c,
                                            0x03, 0x1c, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00};
    assert_int_equal(write(fd, entry, sizeof entry), 16);
    close(fd);
    char opt[128];
    snprintf(opt, sizeof opt, "setoption name BookFile value %s", path);
    cmd(u, opt);
    cmd(u, "position startpos");
    n = out.n;
    cmd(u, "go wtime 1000 btime 1000");
    assert_string_equal(line_at(n), "info string book move e2e4");
    assert_string_equal(line_at(n + 1), "bestmove e2e4");
    unlink(path);
    chc_uci_free(u);
}

static void test_quit_and_end(void **state)
{
    (void)state;
    /* quit stops the search; its bestmove is sent before quit returns */
    chc_uci *u = session();
    cmd(u, "go infinite");
    assert_int_equal(cmd(u, "quit"), CHC_SESSION_QUIT);
    assert_int_equal(count(0, "bestmove"), 1);
    chc_uci_free(u);
    /* the end of the session lets a search with limits finish */
    u = session();
    cmd(u, "go depth 6");
    chc_uci_free(u);
    assert_int_equal(count(0, "bestmove"), 1);
    assert_true(find(0, "info depth 6 ") >= 0);
    /* ... and stops an endless one */
    u = session();
    cmd(u, "go ponder");
    chc_uci_free(u);
    assert_int_equal(count(0, "bestmove"), 1);
    chc_uci_free(NULL);
}

/* Threads: announced, bad values refused, legal moves with 2 and 4 threads, stop and quit
 * while the threads search. */
static void test_threads(void **state)
{
    (void)state;
    chc_uci *u = session();
    cmd(u, "uci");
    assert_true(find(0, "option name Threads type spin default 1 min 1 max ") >= 0);
    int from = out.n;
    cmd(u, "setoption name Threads value 0");
    cmd(u, "setoption name Threads value many");
    assert_int_equal(count(from, "info string bad value"), 2);
    cmd(u, "setoption name Threads value 2");
    from = out.n;
    cmd(u, "position startpos moves e2e4 c7c5");
    cmd(u, "go depth 8");
    check_bestmove(wait_line(from, "bestmove"), NULL, "e2e4 c7c5");
    assert_true(find(from, "info depth 8 ") >= 0);
    cmd(u, "setoption name Threads value 4");
    from = out.n;
    cmd(u, "go infinite");
    wait_line(from, "info depth");
    cmd(u, "stop");
    assert_int_equal(count(from, "bestmove"), 1);
    check_bestmove(find(from, "bestmove"), NULL, "e2e4 c7c5");
    from = out.n;
    cmd(u, "go infinite");
    assert_int_equal(cmd(u, "quit"), CHC_SESSION_QUIT);
    assert_int_equal(count(from, "bestmove"), 1);
    chc_uci_free(u);
}

/* The background search keeps a stop made right after its start. */
static void test_background_search(void **state)
{
    (void)state;
    chc_engine *e = chc_engine_new(8);
    assert_non_null(e);
    chc_position pos;
    chc_position_startpos(&pos);
    chc_search_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.infinite = 1;
    chc_search_result r;
    for (int i = 0; i < 20; i++) {
        assert_int_equal(chc_engine_start(e, &pos, NULL, 0, &lim, NULL, NULL, NULL), CHC_OK);
        assert_int_equal(chc_engine_start(e, &pos, NULL, 0, &lim, NULL, NULL, NULL),
                         CHC_E_ARGUMENT); /* one at a time */
        chc_engine_stop(e);
        assert_int_equal(chc_engine_wait(e, &r), CHC_OK);
        assert_true(chc_is_legal(&pos, r.best));
        assert_false(chc_engine_searching(e));
    }
    assert_int_equal(chc_engine_wait(e, &r), CHC_E_ARGUMENT); /* nothing to wait for */
    /* a search with limits ends by itself; an illegal move comes back through wait */
    lim.infinite = 0;
    lim.depth = 3;
    assert_int_equal(chc_engine_start(e, &pos, NULL, 0, &lim, NULL, NULL, NULL), CHC_OK);
    assert_int_equal(chc_engine_wait(e, &r), CHC_OK);
    assert_int_equal(r.depth, 3);
    chc_move bad = CHC_MAKE_MOVE(CHC_SQUARE(4, 1), CHC_SQUARE(4, 4), 0, 0);
    assert_int_equal(chc_engine_start(e, &pos, &bad, 1, &lim, NULL, NULL, NULL), CHC_OK);
    assert_int_equal(chc_engine_wait(e, &r), CHC_E_MOVE_ILLEGAL);
    assert_int_equal(chc_engine_start(e, &pos, NULL, -1, &lim, NULL, NULL, NULL), CHC_E_ARGUMENT);
    /* freed while searching: stopped and joined */
    lim.infinite = 1;
    assert_int_equal(chc_engine_start(e, &pos, NULL, 0, &lim, NULL, NULL, NULL), CHC_OK);
    chc_engine_free(e);
}

static int teardown(void **state)
{
    (void)state;
    reset();
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_handshake, teardown),
        cmocka_unit_test_teardown(test_position_go_depth, teardown),
        cmocka_unit_test_teardown(test_stop_while_searching, teardown),
        cmocka_unit_test_teardown(test_ponder, teardown),
        cmocka_unit_test_teardown(test_multipv, teardown),
        cmocka_unit_test_teardown(test_bad_input_and_options, teardown),
        cmocka_unit_test_teardown(test_quit_and_end, teardown),
        cmocka_unit_test_teardown(test_background_search, teardown),
        cmocka_unit_test_teardown(test_threads, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
