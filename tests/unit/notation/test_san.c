/* SAN in and out: pinned vectors, tolerant input, errors, and round trips (SAN written ->
 * read gives the same move for every legal move of many positions). */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check_san(const char *fen, const char *uci, const char *want)
{
    chc_position pos;
    tu_pos(&pos, fen);
    chc_move m;
    chc_diag d;
    if (chc_move_from_uci(&pos, uci, &m, &d) != CHC_OK) fail_msg("bad vector %s %s", fen, uci);
    char san[CHC_SAN_MAX];
    size_t n = chc_move_to_san(&pos, m, san);
    if (strcmp(san, want) != 0) fail_msg("%s %s: SAN '%s', want '%s'", fen, uci, san, want);
    assert_int_equal(n, strlen(want));
}

static void test_san_out(void **state)
{
    (void)state;
    const char *start = CHC_STARTPOS_FEN;
    check_san(start, "e2e4", "e4");
    check_san(start, "g1f3", "Nf3");
    /* Disambiguation: file, rank, both. */
    check_san("4k3/8/8/8/8/8/8/N3K2N w - - 0 1", "a1b3", "Nb3");
    check_san("8/1k6/8/8/8/8/4K3/R6R w - - 0 1", "a1d1", "Rad1");
    check_san("8/1k6/8/8/8/8/4K3/R6R w - - 0 1", "h1f1", "Rhf1");
    check_san("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2", "Nbd2");
    check_san("4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", "a1a4", "R1a4");
    check_san("4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", "a7a4", "R7a4");
    check_san("2k5/8/8/8/Q6Q/8/8/K6Q w - - 0 1", "h4e4", "Qh4e4");
    check_san("2k5/8/8/8/Q6Q/8/8/K6Q w - - 0 1", "h1e4", "Q1e4");
    check_san("2k5/8/8/8/Q6Q/8/8/K6Q w - - 0 1", "a4e4", "Qae4");
    /* A pinned piece does not count for disambiguation. */
    check_san("4k3/8/8/b7/8/8/3N4/4K1N1 w - - 0 1", "g1f3", "Nf3");
    check_san("4k3/4r3/8/1N6/8/8/4N3/4K3 w - - 0 1", "b5c3", "Nc3");
    check_san("4k3/8/8/8/8/2N1r3/8/4K1N1 w - - 0 1", "g1e2", "Nge2");
    /* Captures, en passant, promotions, checks, mates. */
    check_san("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5", "exd5");
    check_san("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", "exf6");
    check_san("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", "a8=Q+");
    check_san("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", "a8=N");
    check_san("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8r", "axb8=R+");
    check_san("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#");
    check_san("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#");
    check_san("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8+");
    /* Castling, standard and Chess960. */
    check_san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O");
    check_san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O");
    check_san("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O");
    check_san("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKR1 w GEge - 0 1", "f1g1", "O-O");
    check_san("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", "e1b1", "O-O-O");
    /* King moves never disambiguate; the null move. */
    check_san("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1d1", "Kd1");
    chc_position pos;
    chc_position_startpos(&pos);
    char san[CHC_SAN_MAX];
    chc_move_to_san(&pos, CHC_MOVE_NULL, san);
    assert_string_equal(san, "--");
}

/* Tolerant input: (FEN, text, UCI of the move). */
static const char *const tolerant[][3] = {
    {CHC_STARTPOS_FEN, "e4", "e2e4"},
    {CHC_STARTPOS_FEN, "e2e4", "e2e4"},
    {CHC_STARTPOS_FEN, "e2-e4", "e2e4"},
    {CHC_STARTPOS_FEN, "Ng1f3", "g1f3"},
    {CHC_STARTPOS_FEN, "Ngf3", "g1f3"},
    {CHC_STARTPOS_FEN, "N1f3", "g1f3"},
    {CHC_STARTPOS_FEN, "Ng1-f3", "g1f3"},
    {CHC_STARTPOS_FEN, "Nf3+", "g1f3"},
    {CHC_STARTPOS_FEN, "Nf3#", "g1f3"},
    {CHC_STARTPOS_FEN, "Nf3!", "g1f3"},
    {CHC_STARTPOS_FEN, "Nf3?!", "g1f3"},
    {CHC_STARTPOS_FEN, "Nf3!!", "g1f3"},
    {CHC_STARTPOS_FEN, "  Nf3  ", "g1f3"},
    {CHC_STARTPOS_FEN, "Pe4", "e2e4"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0", "e1g1"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O+", "e1g1"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kg1", "e1g1"},
    {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=Q", "a7a8q"},
    {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8Q", "a7a8q"},
    {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8(Q)", "a7a8q"},
    {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8q", "a7a8q"},
    {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=N+", "a7a8n"},
    {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8/R", "a7a8r"},
    {"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "axb8=Q", "a7b8q"},
    {"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "ab8Q", "a7b8q"},
    {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exf6", "e5f6"},
    {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exf6 e.p.", "e5f6"},
    {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exf6e.p.", "e5f6"},
    {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exf6ep", "e5f6"},
    {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "ef6", "e5f6"},
    {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5xf6", "e5f6"},
    {"rnbqkbnr/pp1ppppp/8/8/8/2p5/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bxc3", "b2c3"},
    {"rnbqkbnr/pp1ppppp/8/8/8/2p5/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "dxc3", "d2c3"},
    {"4k3/8/8/8/8/2p5/8/1B2K3 w - - 0 1", "Bxc2", "b1c2"},
    {"4k3/8/8/8/8/8/2p5/1B2K3 w - - 0 1", "bxc2", "b1c2"},
    {"4k3/8/8/8/8/8/8/R3K2R w K - 0 1", "Rhf1", "h1f1"},
    {"4k3/8/8/8/8/8/8/R3K2R w K - 0 1", "Rh1f1", "h1f1"},
    {"4k3/8/8/8/8/8/8/R3K2R w K - 0 1", "R1f1", "h1f1"},
    {"4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", "Ra1a4", "a1a4"},
    {"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKR1 w GEge - 0 1", "O-O", "f1g1"},
    {"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKR1 w GEge - 0 1", "Kg1", "f1g1"},
};

static void test_san_tolerant(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof tolerant / sizeof *tolerant; i++) {
        chc_position pos;
        tu_pos(&pos, tolerant[i][0]);
        chc_move m, want;
        chc_diag d;
        if (chc_move_from_uci(&pos, tolerant[i][2], &want, &d) != CHC_OK)
            fail_msg("bad vector %zu", i);
        int rc = chc_move_from_san(&pos, tolerant[i][1], &m, &d);
        if (rc != CHC_OK) fail_msg("'%s' in %s: %s", tolerant[i][1], tolerant[i][0], d.message);
        if (m != want) fail_msg("'%s' in %s: wrong move", tolerant[i][1], tolerant[i][0]);
    }
    chc_position pos;
    chc_position_startpos(&pos);
    chc_move m;
    assert_int_equal(chc_move_from_san(&pos, "--", &m, NULL), CHC_OK);
    assert_int_equal(m, CHC_MOVE_NULL);
    assert_int_equal(chc_move_from_san(&pos, "Z0", &m, NULL), CHC_OK);
    assert_int_equal(m, CHC_MOVE_NULL);
    assert_int_equal(chc_move_from_san_n(&pos, "Nf3xyz", 3, &m, NULL), CHC_OK);
}

/* Errors: (FEN, text, code). */
static const struct {
    const char *fen, *san;
    int code;
} bad[] = {
    {CHC_STARTPOS_FEN, "", CHC_E_MOVE_SYNTAX},
    {CHC_STARTPOS_FEN, "   ", CHC_E_MOVE_SYNTAX},
    {CHC_STARTPOS_FEN, "e9", CHC_E_MOVE_SYNTAX},
    {CHC_STARTPOS_FEN, "i4", CHC_E_MOVE_SYNTAX},
    {CHC_STARTPOS_FEN, "Xe4", CHC_E_MOVE_SYNTAX},
    {CHC_STARTPOS_FEN, "N", CHC_E_MOVE_SYNTAX},
    {CHC_STARTPOS_FEN, "!!", CHC_E_MOVE_SYNTAX},
    {CHC_STARTPOS_FEN, "Nf3f3f3", CHC_E_MOVE_SYNTAX},
    {CHC_STARTPOS_FEN, "O-O-O-O", CHC_E_MOVE_SYNTAX},
    {CHC_STARTPOS_FEN, "0-", CHC_E_MOVE_SYNTAX},
    {CHC_STARTPOS_FEN, "Ra1=Q", CHC_E_MOVE_SYNTAX},
    {CHC_STARTPOS_FEN, "4e", CHC_E_MOVE_SYNTAX},
    {CHC_STARTPOS_FEN, "e5", CHC_E_MOVE_ILLEGAL},
    {CHC_STARTPOS_FEN, "Nf4", CHC_E_MOVE_ILLEGAL},
    {CHC_STARTPOS_FEN, "Ke2", CHC_E_MOVE_ILLEGAL},
    {CHC_STARTPOS_FEN, "O-O", CHC_E_MOVE_ILLEGAL},
    {CHC_STARTPOS_FEN, "exd3", CHC_E_MOVE_ILLEGAL},
    {CHC_STARTPOS_FEN, "e4=Q", CHC_E_MOVE_ILLEGAL},
    {CHC_STARTPOS_FEN, "Bb2", CHC_E_MOVE_ILLEGAL},
    {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", CHC_E_MOVE_ILLEGAL},
    {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=K", CHC_E_MOVE_SYNTAX},
    {"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2", CHC_E_MOVE_AMBIGUOUS},
    {"2k5/8/8/8/Q6Q/8/8/K6Q w - - 0 1", "Qe4", CHC_E_MOVE_AMBIGUOUS},
    {"2k5/8/8/8/Q6Q/8/8/K6Q w - - 0 1", "Qhe4", CHC_E_MOVE_AMBIGUOUS},
    {"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "--", CHC_E_MOVE_ILLEGAL},
    {"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", CHC_E_MOVE_ILLEGAL},
};

static void test_san_errors(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        chc_position pos;
        tu_pos(&pos, bad[i].fen);
        chc_move m;
        chc_diag d;
        memset(&d, 0, sizeof d);
        int rc = chc_move_from_san(&pos, bad[i].san, &m, &d);
        if (rc != bad[i].code)
            fail_msg("'%s' in %s: got %d (%s), want %d", bad[i].san, bad[i].fen, rc, d.message,
                     bad[i].code);
        assert_int_equal(d.code, rc);
        assert_true(d.message[0] != 0);
    }
    /* The message names the move and the position. */
    chc_position pos;
    chc_position_startpos(&pos);
    chc_move m;
    chc_diag d;
    chc_move_from_san(&pos, "Nf4", &m, &d);
    assert_non_null(strstr(d.message, "Nf4"));
    assert_non_null(strstr(d.message, "rnbqkbnr/pppppppp"));
}

/* Every legal move: SAN out then in gives the same move; UCI too. Returns moves checked. */
static long round_trip_position(const chc_position *pos)
{
    chc_move moves[CHC_MAX_MOVES];
    int n = chc_legal_moves(pos, moves, CHC_GEN_ALL);
    for (int i = 0; i < n; i++) {
        char san[CHC_SAN_MAX];
        chc_move back;
        chc_diag d;
        chc_move_to_san(pos, moves[i], san);
        int rc = chc_move_from_san(pos, san, &back, &d);
        if (rc != CHC_OK || back != moves[i]) {
            char fen[CHC_FEN_MAX];
            chc_position_to_fen(pos, fen, sizeof fen, 0);
            fail_msg("%s: SAN '%s' read back as %s (%s)", fen, san, rc ? "error" : "another move",
                     rc ? d.message : "");
        }
        /* Checks and mates are marked exactly. */
        chc_position next = *pos;
        chc_undo u;
        chc_make_move(&next, moves[i], &u);
        size_t len = strlen(san);
        char last = san[len - 1];
        int check = chc_in_check(&next);
        int mate = check && chc_count_legal_moves(&next) == 0;
        assert_int_equal(last == '#', mate);
        assert_int_equal(last == '+', check && !mate);
    }
    return n;
}

static long round_trip_tree(const chc_position *pos, int depth)
{
    long total = round_trip_position(pos);
    if (depth <= 1) return total;
    chc_move moves[CHC_MAX_MOVES];
    int n = chc_legal_moves(pos, moves, CHC_GEN_ALL);
    for (int i = 0; i < n; i++) {
        chc_position next = *pos;
        chc_undo u;
        chc_make_move(&next, moves[i], &u);
        total += round_trip_tree(&next, depth - 1);
    }
    return total;
}

static void round_trip_epd(const char *rel, int depth, int flags)
{
    size_t len;
    char *text = tu_read_file(tu_data_path(rel), &len);
    assert_non_null(text);
    long moves = 0, positions = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *semi = strchr(line, ';');
        if (semi) *semi = 0;
        chc_position pos;
        if (chc_position_from_fen(&pos, line, (unsigned)flags, NULL) != CHC_OK) continue;
        moves += round_trip_tree(&pos, depth);
        positions++;
    }
    free(text);
    printf("%s: %ld positions, %ld moves round-tripped\n", rel, positions, moves);
    assert_true(positions > 50);
}

/* "Nf3"-style SAN without disambiguation, for every piece kind and destination, against the
 * move generator: read when exactly one legal move of that kind goes there, ambiguous when
 * several, illegal when none (the resolver tests legality without generating moves). */
static long san_vs_generator(const chc_position *pos)
{
    static const char letter[7] = {0, 0, 'N', 'B', 'R', 'Q', 'K'};
    chc_move moves[CHC_MAX_MOVES];
    int n = chc_legal_moves(pos, moves, CHC_GEN_ALL);
    long checked = 0;
    for (int type = CHC_KNIGHT; type <= CHC_KING; type++) {
        for (int to = 0; to < 64; to++) {
            int count = 0;
            chc_move only = CHC_MOVE_NONE;
            for (int i = 0; i < n; i++) {
                if (CHC_MOVE_FLAGS(moves[i]) & CHC_MF_CASTLE) continue;
                int from = CHC_MOVE_FROM(moves[i]);
                if (CHC_MOVE_TO(moves[i]) != to || CHC_PIECE_TYPE(chc_piece_at(pos, from)) != type) continue;
                count++;
                only = moves[i];
            }
            char san[4] = {letter[type], (char)('a' + to % 8), (char)('1' + to / 8), 0};
            chc_move m;
            int rc = chc_move_from_san(pos, san, &m, NULL);
            int want = count == 1 ? CHC_OK : count > 1 ? CHC_E_MOVE_AMBIGUOUS : CHC_E_MOVE_ILLEGAL;
            if (type == CHC_KING && rc == CHC_OK && count == 0 && (CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE))
                want = CHC_OK; /* "Kg1": castling written as a king move */
            if (rc != want || (count == 1 && m != only)) {
                char fen[CHC_FEN_MAX];
                chc_position_to_fen(pos, fen, sizeof fen, 0);
                fail_msg("%s: '%s' gave %d, the generator says %d move(s)", fen, san, rc, count);
            }
            checked++;
        }
    }
    return checked;
}

static void test_san_vs_generator(void **state)
{
    (void)state;
    static const char *const files[] = {"notation/standard.epd", "notation/fischer-120.epd"};
    long checked = 0;
    for (int f = 0; f < 2; f++) {
        size_t len;
        char *text = tu_read_file(tu_data_path(files[f]), &len);
        assert_non_null(text);
        for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
            char *semi = strchr(line, ';');
            if (semi) *semi = 0;
            chc_position pos;
            if (chc_position_from_fen(&pos, line, f ? CHC_FEN_CHESS960 : 0, NULL) != CHC_OK) continue;
            checked += san_vs_generator(&pos);
            /* and every position one move later */
            chc_move moves[CHC_MAX_MOVES];
            int n = chc_legal_moves(&pos, moves, CHC_GEN_ALL);
            for (int i = 0; i < n; i++) {
                chc_position next = pos;
                chc_undo u;
                chc_make_move(&next, moves[i], &u);
                checked += san_vs_generator(&next);
            }
        }
        free(text);
    }
    printf("%ld SAN texts checked against the generator\n", checked);
    assert_true(checked > 100000);
}

static void test_san_round_trip_epd(void **state)
{
    (void)state;
    round_trip_epd("notation/standard.epd", tu_sanitized() ? 1 : 2, 0);
    round_trip_epd("notation/fischer-120.epd", tu_sanitized() ? 1 : 2, CHC_FEN_CHESS960);
}

/* Every position of real games: all legal moves round-trip. */
static void test_san_round_trip_games(void **state)
{
    (void)state;
    size_t len;
    char *text = tu_read_file(tu_data_path("notation/lichess-20k.pgn.xz"), &len);
    assert_non_null(text);
    chc_pgn_reader *r = chc_pgn_reader_new_mem(text, len, CHC_PGN_MAINLINE_ONLY, 1, 1);
    chc_game *g = chc_game_new();
    long games = 0, moves = 0, limit = tu_sanitized() ? 50 : 2000;
    chc_diag d;
    while (games < limit && chc_pgn_read_game(r, g, &d) == CHC_OK) {
        chc_position pos = *chc_game_start(g);
        for (size_t i = 0; i < chc_game_ply_count(g); i++) {
            moves += round_trip_position(&pos);
            chc_undo u;
            chc_make_move(&pos, chc_game_move(g, i), &u);
        }
        games++;
    }
    printf("%ld games, %ld legal moves round-tripped\n", games, moves);
    assert_int_equal(games, limit);
    chc_game_free(g);
    chc_pgn_reader_free(r);
    free(text);
}

/* The 760 over-disambiguated moves of the Kaggle source read as their canonical move. */
static void test_san_kaggle_noncanonical(void **state)
{
    (void)state;
    size_t len, tlen;
    char *games = tu_read_file(tu_data_path("notation/lichess-20k.pgn.xz"), &len);
    char *tsv = tu_read_file(tu_data_path("notation/kaggle_noncanonical_san.tsv"), &tlen);
    assert_non_null(games);
    assert_non_null(tsv);
    long checked = 0;
    chc_game *g = chc_game_new();
    for (char *save = NULL, *line = strtok_r(tsv, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *tab = strchr(line, '\t');
        if (!tab) continue;
        *tab = 0;
        char key[64];
        snprintf(key, sizeof key, "lichess.org/%s\"", line);
        char *at = strstr(games, key);
        if (!at) fail_msg("game %s not in the test data", line);
        /* Back to the start of the game's tag section. */
        while (at > games && !(at[-1] == '\n' && at[0] == '[' && at[-2] == '\n')) at--;
        chc_pgn_reader *r = chc_pgn_reader_new_mem(at, len - (size_t)(at - games), 0, 1, 1);
        chc_diag d;
        if (chc_pgn_read_game(r, g, &d) != CHC_OK) fail_msg("%s: %s", line, d.message);
        chc_pgn_reader_free(r);
        for (char *save2 = NULL, *e = strtok_r(tab + 1, " \t", &save2); e; e = strtok_r(NULL, " \t", &save2)) {
            /* PLY:NONCANONICAL->CANONICAL */
            char *colon, *arrow = strstr(e, "->");
            long ply = strtol(e, &colon, 10);
            assert_true(*colon == ':' && arrow);
            *arrow = 0;
            const char *noncanon = colon + 1, *canon = arrow + 2;
            chc_position pos;
            /* PLY counts from 0: the move at that index of the main line. */
            assert_int_equal(chc_game_position(g, (size_t)ply, &pos), CHC_OK);
            chc_move a, b;
            if (chc_move_from_san(&pos, noncanon, &a, &d) != CHC_OK)
                fail_msg("%s ply %ld '%s': %s", line, ply, noncanon, d.message);
            assert_int_equal(chc_move_from_san(&pos, canon, &b, &d), CHC_OK);
            assert_int_equal(a, b);
            assert_int_equal(a, chc_game_move(g, (size_t)ply));
            char san[CHC_SAN_MAX];
            chc_move_to_san(&pos, a, san);
            assert_string_equal(san, canon);
            checked++;
        }
    }
    printf("%ld non-canonical moves read\n", checked);
    assert_int_equal(checked, 760);
    chc_game_free(g);
    free(games);
    free(tsv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_san_out),
        cmocka_unit_test(test_san_tolerant),
        cmocka_unit_test(test_san_errors),
        cmocka_unit_test(test_san_round_trip_epd),
        cmocka_unit_test(test_san_vs_generator),
        cmocka_unit_test(test_san_round_trip_games),
        cmocka_unit_test(test_san_kaggle_noncanonical),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
