/* ctest-labels: nosan
 * Differential test against chessops and chess.js (npm, tests/oracle/): every main-line
 * move's SAN, the FEN after it and the final outcome must equal the oracles'.
 * This quick version checks 2,000 lichess games (chess.js on the first 300), the 466 Chess960
 * games and two real-world fixtures (chess.js on 100 games each); test_notation_oracle_full
 * (label slow) checks all 20,000 lichess games with both oracles. */
#include "testutil.h"
#ifndef ORACLE_GAMES
#define ORACLE_GAMES 2000
#define ORACLE_CHESSJS "--chessjs-games 300"
#define ORACLE_CHESSJS_FIXTURES "--chessjs-games 100"
#endif
#ifndef ORACLE_CHESSJS_FIXTURES
#define ORACLE_CHESSJS_FIXTURES ""
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *outcome_name(int o)
{
    switch (o) {
    case CHC_OUTCOME_CHECKMATE: return "checkmate";
    case CHC_OUTCOME_STALEMATE: return "stalemate";
    case CHC_OUTCOME_INSUFFICIENT: return "insufficient";
    case CHC_OUTCOME_SEVENTYFIVE: return "seventyfive";
    case CHC_OUTCOME_FIVEFOLD: return "fivefold";
    case CHC_OUTCOME_FIFTY: return "fifty";
    case CHC_OUTCOME_THREEFOLD: return "threefold";
    default: return "none";
    }
}

/* Writes the plain PGN and our dump of it; returns the number of games. */
static long write_dump(const char *text, size_t len, const char *pgn_path, const char *dump_path,
                       long max_games)
{
    /* Cut the text after max_games games. */
    if (max_games > 0) {
        chc_pgn_reader *cut = chc_pgn_reader_new_mem(text, len, 0, 1, 1);
        const char *t;
        size_t n;
        long ln;
        for (long i = 0; i < max_games && chc_pgn_next_raw(cut, &t, &n, &ln) == CHC_OK; i++)
            len = (size_t)(t + n - text);
        chc_pgn_reader_free(cut);
    }
    FILE *fp = fopen(pgn_path, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(text, 1, len, fp), len);
    fclose(fp);
    FILE *fd = fopen(dump_path, "wb");
    assert_non_null(fd);
    chc_pgn_reader *r = chc_pgn_reader_new_mem(text, len, CHC_PGN_MAINLINE_ONLY | CHC_PGN_NO_COMMENTS, 1, 1);
    chc_game *g = chc_game_new();
    chc_diag d;
    long games = 0;
    int rc;
    while ((rc = chc_pgn_read_game(r, g, &d)) != CHC_E_GAME_END) {
        if (rc != CHC_OK) fail_msg("%s", d.message);
        games++;
        fputs("G\n", fd);
        chc_position pos = *chc_game_start(g);
        size_t n = chc_game_ply_count(g);
        for (size_t i = 0; i < n; i++) {
            chc_move m = chc_game_move(g, i);
            char san[CHC_SAN_MAX], fen[CHC_FEN_MAX];
            chc_move_to_san(&pos, m, san);
            chc_undo u;
            chc_make_move(&pos, m, &u);
            chc_position_to_fen(&pos, fen, sizeof fen, CHC_FEN_EP_LEGAL_ONLY);
            fprintf(fd, "%s %s\n", san, fen);
        }
        fprintf(fd, "O %s\n", outcome_name(chc_game_outcome(g)));
    }
    chc_game_free(g);
    chc_pgn_reader_free(r);
    fclose(fd);
    return games;
}

static void run_oracle(const char *data, const char *opts, long min_games, long max_games)
{
    const char *node = tu_find_tool("node");
    if (!node) tu_skip_or_fail("oracle: node not installed");
    char script[4096], mods[4096];
    const char *src = getenv("CHC_SRC");
    snprintf(script, sizeof script, "%s/tests/oracle/notation_oracle.mjs", src ? src : ".");
    snprintf(mods, sizeof mods, "%s/tests/oracle/node_modules/chessops/package.json", src ? src : ".");
    if (access(mods, R_OK) != 0)
        tu_skip_or_fail("oracle: npm packages missing (run tests/install-deps.sh: npm ci in tests/oracle)");
    size_t len;
    char *text = tu_read_file(tu_data_path(data), &len);
    assert_non_null(text);
    char dir[] = "/tmp/chc_oracleXXXXXX";
    assert_non_null(mkdtemp(dir));
    char pgn[256], dump[256];
    snprintf(pgn, sizeof pgn, "%s/games.pgn", dir);
    snprintf(dump, sizeof dump, "%s/ours.dump", dir);
    long games = write_dump(text, len, pgn, dump, max_games);
    free(text);
    assert_true(games >= min_games);
    char cmd[9000];
    snprintf(cmd, sizeof cmd, "'%s' '%s' '%s' '%s' %s 2>&1", node, script, pgn, dump, opts);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char line[1024];
    while (fgets(line, sizeof line, p)) fputs(line, stdout);
    int status = pclose(p);
    unlink(pgn);
    unlink(dump);
    rmdir(dir);
    assert_int_equal(status, 0);
}

static void test_lichess_20k(void **state)
{
    (void)state;
    run_oracle("notation/lichess-20k.pgn.xz", ORACLE_CHESSJS, ORACLE_GAMES, ORACLE_GAMES);
}

static void test_chess960(void **state)
{
    (void)state;
    run_oracle("notation/chess960-466.pgn.xz", "--no-chessjs", 466, 0);
}

static void test_fixtures(void **state)
{
    (void)state;
    run_oracle("notation/fixtures/twic1599-otb.pgn.xz", ORACLE_CHESSJS_FIXTURES, 1110, 0);
    run_oracle("notation/fixtures/lichess-2025-05-clocks.pgn.xz", ORACLE_CHESSJS_FIXTURES, 438, 0);
    run_oracle("notation/fixtures/kasparov-deep-blue-1997.pgn", "", 6, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lichess_20k),
        cmocka_unit_test(test_chess960),
        cmocka_unit_test(test_fixtures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
