/* Round trips over every position of 16,500 real games (lichess, kept as UCI move lines in
 * tests/data/codecs/lichess-16k.uci.xz: 1,006,657 positions): FEN -> covert -> FEN,
 * FEN -> MSCS -> FEN (counters 0 1), and every game -> urlsafe -> the same moves.
 * Under sanitizers only the first 800 games are played. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static char *games_text;

static int setup(void **state)
{
    (void)state;
    size_t len;
    games_text = tu_read_file(tu_data_path("codecs/lichess-16k.uci.xz"), &len);
    return games_text ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    free(games_text);
    return 0;
}

static void check_position(const chc_position *played, long game, long ply, long *covert_ok,
                           long *covert_refused)
{
    char fen[CHC_FEN_MAX], fen2[CHC_FEN_MAX], code[CHC_COVERT_MAX], code2[CHC_COVERT_MAX];
    char m64[CHC_MSCS_TEXT_MAX], m64b[CHC_MSCS_TEXT_MAX];
    chc_position back, parsed;
    const chc_position *pos = &parsed;
    chc_diag d;
    size_t len;
    /* FEN -> position -> code -> position -> FEN. */
    chc_position_to_fen(played, fen, sizeof fen, 0);
    if (chc_position_from_fen(&parsed, fen, 0, &d) != CHC_OK)
        fail_msg("game %ld ply %ld: %s: FEN parse: %s", game, ply, fen, d.message);
    /* covert */
    int rc = chc_covert_write(pos, 0, code, sizeof code, &len, &d);
    if (pos->halfmove > 100) {
        if (rc != CHC_E_COVERT_COUNTERS) fail_msg("game %ld ply %ld: %s: covert accepted halfmove > 100", game, ply, fen);
        (*covert_refused)++;
    } else {
        if (rc != CHC_OK) fail_msg("game %ld ply %ld: %s: covert encode: %s", game, ply, fen, d.message);
        rc = chc_covert_read(code, len, &back, NULL, &d);
        if (rc != CHC_OK) fail_msg("game %ld ply %ld: %s: covert decode: %s", game, ply, fen, d.message);
        chc_position_to_fen(&back, fen2, sizeof fen2, 0);
        if (strcmp(fen, fen2) != 0) fail_msg("game %ld ply %ld: covert %s -> %s", game, ply, fen, fen2);
        assert_int_equal(chc_covert_write(&back, 0, code2, sizeof code2, NULL, &d), CHC_OK);
        assert_string_equal(code, code2);
        (*covert_ok)++;
    }
    /* MSCS */
    rc = chc_mscs_write(pos, 0, m64, sizeof m64, NULL, &d);
    if (rc != CHC_OK) fail_msg("game %ld ply %ld: %s: MSCS encode: %s", game, ply, fen, d.message);
    rc = chc_mscs_read(m64, CHC_MSCS_BASE64_LEN, &back, NULL, &d);
    if (rc != CHC_OK) fail_msg("game %ld ply %ld: %s: MSCS decode: %s", game, ply, fen, d.message);
    chc_position_to_fen(pos, fen, sizeof fen, CHC_FEN_NO_COUNTERS);
    chc_position_to_fen(&back, fen2, sizeof fen2, CHC_FEN_NO_COUNTERS);
    if (strcmp(fen, fen2) != 0) fail_msg("game %ld ply %ld: MSCS %s -> %s", game, ply, fen, fen2);
    assert_int_equal(back.halfmove, 0);
    assert_int_equal(back.fullmove, 1);
    assert_int_equal(chc_mscs_write(&back, 0, m64b, sizeof m64b, NULL, &d), CHC_OK);
    assert_string_equal(m64, m64b);
}

static void test_games(void **state)
{
    (void)state;
    long max_games = tu_sanitized() ? 800 : 1000000;
    long games = 0, positions = 0, plies = 0, covert_ok = 0, covert_refused = 0;
    size_t cap = 1024;
    chc_move *moves = malloc(cap * sizeof *moves), *back = malloc(cap * sizeof *back);
    char *url = malloc(CHC_URLSAFE_MAX(1024));
    char *p = games_text;
    while (*p && games < max_games) {
        char *eol = strchr(p, '\n');
        if (!eol) eol = p + strlen(p);
        chc_position pos;
        chc_position_startpos(&pos);
        size_t n = 0;
        games++;
        check_position(&pos, games, 0, &covert_ok, &covert_refused);
        positions++;
        char *q = p;
        while (q < eol) {
            while (q < eol && *q == ' ') q++;
            if (q >= eol) break;
            char word[8] = {0};
            size_t wl = 0;
            while (q < eol && *q != ' ' && wl < 7) word[wl++] = *q++;
            chc_diag d;
            chc_move m;
            if (chc_move_from_uci(&pos, word, &m, &d) != CHC_OK)
                fail_msg("game %ld: bad move %s: %s", games, word, d.message);
            assert_true(n < cap);
            moves[n++] = m;
            chc_undo u;
            chc_make_move(&pos, m, &u);
            check_position(&pos, games, (long)n, &covert_ok, &covert_refused);
            positions++;
        }
        plies += (long)n;
        /* urlsafe: the game -> string -> the same moves. */
        size_t len, k;
        chc_diag d;
        assert_int_equal(chc_urlsafe_encode(moves, n, url, CHC_URLSAFE_MAX(1024), &len, &d), CHC_OK);
        chc_position end;
        if (chc_urlsafe_decode(url, len, back, cap, &k, &end, &d) != CHC_OK)
            fail_msg("game %ld: urlsafe decode of '%s': %s", games, url, d.message);
        assert_int_equal(k, n);
        if (n) assert_memory_equal(back, moves, n * sizeof *moves);
        assert_true(chc_position_same(&end, &pos));
        p = *eol ? eol + 1 : eol;
    }
    printf("round trips: %ld games, %ld plies, %ld positions (covert: %ld, refused for "
           "halfmove > 100: %ld)\n", games, plies, positions, covert_ok, covert_refused);
    if (!tu_sanitized()) assert_true(positions >= 1000000);
    free(moves);
    free(back);
    free(url);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_games, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
