/* Several threads at once through every path that builds a table on first use (the library
 * builds each with CHCI_ONCE, src/common/once.h): engines created and searching (the LMR
 * table), the first FEN parse (attack tables), the first pack position and game encode and
 * decode (the pack tables and the range coder's table), the first covert, MSCS and urlsafe
 * codes, SAN and PGN. Every thread must get the same answers as the others.
 *
 * Run by every build; the point is the ThreadSanitizer build (make test-tsan), which reports
 * any unsynchronised first use as a data race. Nothing else may run in this process before
 * the threads start, or the first uses would not be concurrent.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define THREADS 6

static const char *const FENS[] = {
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
};
#define NFENS (int)(sizeof FENS / sizeof FENS[0])
static const char *const GAME_UCI[] = {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4",
                                       "g8f6", "e1g1", "f8e7", "f1e1", "b7b5", "a4b3", "d7d6"};
#define NPLIES (int)(sizeof GAME_UCI / sizeof GAME_UCI[0])
static const char PGN[] = "[Event \"t\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 "
                          "6. Re1 b5 7. Bb3 d6 *\n";

/* What one thread computed; all must be equal. */
struct answers {
    uint64_t keys[NFENS];
    int nmoves[NFENS];
    uint8_t pack_pos[NFENS][CHC_PACK_POS_BYTES];
    char pack_text[NFENS][CHC_PACK_POS_TEXT_MAX];
    uint8_t pack_game[CHC_PACK_GAME_MAX(NPLIES)];
    size_t pack_game_len;
    char covert[NFENS][CHC_COVERT_MAX];
    uint8_t mscs[NFENS][CHC_MSCS_BYTES];
    char urlsafe[CHC_URLSAFE_MAX(NPLIES)];
    char san[NPLIES][CHC_SAN_MAX];
    int pgn_plies;
    chc_move best[NFENS];
    int failed; /* the first step that failed (0: none) */
};

static pthread_barrier_t start_line;
static struct answers got[THREADS];

#define CHECK(step, cond)                                                                      \
    do {                                                                                       \
        if (!(cond) && !a->failed) a->failed = (step);                                         \
    } while (0)

static void *worker(void *arg)
{
    struct answers *a = arg;
    pthread_barrier_wait(&start_line);

    /* an engine first: its creation builds the LMR table while others parse and encode */
    chc_engine *e = chc_engine_new(1);
    CHECK(1, e != NULL);

    chc_position pos[NFENS];
    for (int i = 0; i < NFENS; i++) {
        CHECK(2, chc_position_from_fen(&pos[i], FENS[i], 0, NULL) == CHC_OK);
        a->keys[i] = pos[i].key;
        chc_move list[CHC_MAX_MOVES];
        a->nmoves[i] = chc_legal_moves(&pos[i], list, CHC_GEN_ALL);

        CHECK(3, chc_pack_position_encode(&pos[i], a->pack_pos[i], NULL) == CHC_OK);
        size_t len;
        CHECK(4, chc_pack_position_write(&pos[i], 0, a->pack_text[i], sizeof a->pack_text[i], &len,
                                         NULL) == CHC_OK);
        chc_position back;
        CHECK(5, chc_pack_position_decode(a->pack_pos[i], &back, NULL) == CHC_OK && back.key == pos[i].key);

        CHECK(6, chc_covert_write(&pos[i], 0, a->covert[i], sizeof a->covert[i], &len, NULL) == CHC_OK);
        CHECK(7, chc_covert_read(a->covert[i], len, &back, NULL, NULL) == CHC_OK && back.key == pos[i].key);
        CHECK(8, chc_mscs_encode(&pos[i], a->mscs[i], NULL) == CHC_OK);
    }

    /* a game: UCI in, SAN out, the pack game and urlsafe codes both ways, then PGN */
    chc_position start, p;
    chc_position_startpos(&start);
    p = start;
    chc_move moves[NPLIES];
    for (int i = 0; i < NPLIES; i++) {
        CHECK(9, chc_move_from_uci(&p, GAME_UCI[i], &moves[i], NULL) == CHC_OK);
        chc_move_to_san(&p, moves[i], a->san[i]);
        chc_undo u;
        chc_make_move(&p, moves[i], &u);
    }
    CHECK(10, chc_pack_game_encode(&start, moves, NPLIES, CHC_RESULT_UNKNOWN, 0, a->pack_game,
                                   sizeof a->pack_game, &a->pack_game_len, NULL) == CHC_OK);
    chc_move back_moves[NPLIES];
    size_t n = 0;
    chc_position back_start;
    CHECK(11, chc_pack_game_decode(a->pack_game, a->pack_game_len, &back_start, back_moves, NPLIES,
                                   &n, NULL, NULL, NULL) == CHC_OK &&
                  n == NPLIES && memcmp(back_moves, moves, sizeof moves) == 0);
    size_t ulen;
    CHECK(12, chc_urlsafe_encode(moves, NPLIES, a->urlsafe, sizeof a->urlsafe, &ulen, NULL) == CHC_OK);
    chc_game *g = chc_game_new();
    chc_pgn_reader *r = chc_pgn_reader_new_mem(PGN, strlen(PGN), 0, 1, 1);
    CHECK(13, g && r && chc_pgn_read_game(r, g, NULL) == CHC_OK);
    a->pgn_plies = g ? (int)chc_game_ply_count(g) : -1;
    chc_pgn_reader_free(r);
    chc_game_free(g);

    /* the engine searches each position a little */
    chc_search_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = 4;
    for (int i = 0; e && i < NFENS; i++) {
        chc_search_result res;
        CHECK(14, chc_engine_search(e, &pos[i], NULL, 0, &lim, NULL, NULL, &res) == CHC_OK);
        a->best[i] = res.best;
    }
    chc_engine_free(e);
    return NULL;
}

static void test_first_use_from_threads(void **state)
{
    (void)state;
    pthread_t t[THREADS];
    assert_int_equal(pthread_barrier_init(&start_line, NULL, THREADS), 0);
    for (int i = 0; i < THREADS; i++)
        assert_int_equal(pthread_create(&t[i], NULL, worker, &got[i]), 0);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    pthread_barrier_destroy(&start_line);

    for (int i = 0; i < THREADS; i++) {
        if (got[i].failed) fail_msg("thread %d: step %d failed", i, got[i].failed);
        /* the engine's best move may differ between runs only by timing; depth-limited
         * searches from a fresh table are deterministic, so they must agree too */
        if (memcmp(&got[i], &got[0], sizeof got[0]) != 0) fail_msg("thread %d disagrees with thread 0", i);
    }
    /* and the answers are the known ones */
    assert_int_equal(got[0].nmoves[0], 48);
    assert_int_equal(got[0].pgn_plies, NPLIES);
    assert_string_equal(got[0].san[NPLIES - 1], "d6");
    for (int i = 0; i < NFENS; i++) {
        chc_position pos;
        tu_pos(&pos, FENS[i]);
        assert_true(chc_is_legal(&pos, got[0].best[i]));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_use_from_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
