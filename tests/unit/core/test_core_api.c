/* The rules API checked against itself along seeded random legal walks from every suite
 * position (standard and Chess960):
 *   - captures + quiets = all moves, with no overlap; count = generated
 *   - every generated move is legal (chc_is_legal), has the right flag bits, and make/unmake
 *     restores the position byte for byte; the incremental key equals the from-scratch key
 *   - gives_check agrees with the position after the move; in_check = checkers non-empty
 *   - UCI text round trips through chc_move_from_uci; FEN round trips
 *   - pinned pieces and attackers agree with a brute-force definition
 *   - null move and its undo
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static tu_rng rng = TU_RNG(0x2545F4914F6CDD1DULL);
static uint64_t next_rand(void) { return tu_rand(&rng); }

static int contains(const chc_move *list, int n, chc_move m)
{
    for (int i = 0; i < n; i++)
        if (list[i] == m) return 1;
    return 0;
}

static void check_position(const chc_position *p)
{
    chc_move all[CHC_MAX_MOVES], caps[CHC_MAX_MOVES], quiets[CHC_MAX_MOVES];
    int na = chc_legal_moves(p, all, CHC_GEN_ALL);
    int nc = chc_legal_moves(p, caps, CHC_GEN_CAPTURES);
    int nq = chc_legal_moves(p, quiets, CHC_GEN_QUIETS);
    assert_int_equal(na, nc + nq);
    assert_int_equal(na, chc_count_legal_moves(p));
    for (int i = 0; i < nc; i++) {
        assert_true(contains(all, na, caps[i]));
        assert_false(contains(quiets, nq, caps[i]));
        unsigned f = CHC_MOVE_FLAGS(caps[i]);
        assert_true((f & CHC_MF_CAPTURE) || (f & CHC_MF_PROMOTION));
    }
    for (int i = 0; i < nq; i++) {
        assert_true(contains(all, na, quiets[i]));
        unsigned f = CHC_MOVE_FLAGS(quiets[i]);
        assert_false(f & (CHC_MF_CAPTURE | CHC_MF_PROMOTION));
    }
    assert_int_equal(chc_in_check(p), p->checkers != 0);

    /* pinned: a piece is pinned iff removing it exposes its king to a slider */
    for (int c = 0; c < 2; c++) {
        chc_bitboard pinned = chc_pinned(p, c), brute = 0;
        int ksq = p->king_sq[c];
        for (int sq = 0; sq < 64; sq++) {
            if (!p->board[sq] || CHC_PIECE_COLOR(p->board[sq]) != c || sq == ksq) continue;
            chc_bitboard occ = p->by_type[0] ^ ((chc_bitboard)1 << sq);
            chc_bitboard before = chc_attackers(p, ksq, p->by_type[0]) & p->by_color[c ^ 1];
            chc_bitboard after = chc_attackers(p, ksq, occ) & p->by_color[c ^ 1];
            if (after & ~before) brute |= (chc_bitboard)1 << sq;
        }
        assert_int_equal(pinned, brute);
    }

    chc_position saved = *p;
    for (int i = 0; i < na; i++) {
        chc_move m = all[i];
        chc_position q = *p;
        chc_undo u;
        assert_true(chc_is_legal(p, m));
        /* flags */
        int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
        unsigned f = CHC_MOVE_FLAGS(m);
        int mover = CHC_PIECE_TYPE(p->board[from]);
        assert_int_equal(!!(f & CHC_MF_PAWN), mover == CHC_PAWN);
        assert_int_equal(!!(f & CHC_MF_CASTLE), mover == CHC_KING && p->board[to] &&
                                                     CHC_PIECE_COLOR(p->board[to]) == p->side);
        assert_int_equal(!!(f & CHC_MF_PROMOTION), CHC_MOVE_PROMO(m) != 0);
        if (!(f & CHC_MF_EN_PASSANT) && !(f & CHC_MF_CASTLE)) assert_int_equal(!!(f & CHC_MF_CAPTURE), p->board[to] != 0);
        /* uci */
        char uci[CHC_UCI_MAX];
        chc_move back;
        chc_move_to_uci(p, m, uci);
        assert_int_equal(chc_move_from_uci(p, uci, &back, NULL), CHC_OK);
        assert_int_equal(back, m);
        int gives = chc_gives_check(p, m);
        chc_make_move(&q, m, &u);
        assert_int_equal(q.key, chc_polyglot_key(&q));
        assert_int_equal(gives, chc_in_check(&q));
        chc_unmake_move(&q, m, &u);
        assert_memory_equal(&q, &saved, sizeof q);
    }
    /* null move */
    if (!chc_in_check(p)) {
        chc_position q = *p;
        chc_undo u;
        chc_make_null(&q, &u);
        assert_int_equal(q.key, chc_polyglot_key(&q));
        assert_int_equal(q.side, p->side ^ 1);
        chc_unmake_null(&q, &u);
        assert_memory_equal(&q, &saved, sizeof q);
    }
    /* FEN round trip */
    char fen[CHC_FEN_MAX], fen2[CHC_FEN_MAX];
    chc_position r;
    chc_position_to_fen(p, fen, sizeof fen, 0);
    assert_int_equal(chc_position_from_fen(&r, fen, p->chess960 ? CHC_FEN_CHESS960 : 0, NULL), CHC_OK);
    chc_position_to_fen(&r, fen2, sizeof fen2, 0);
    assert_string_equal(fen, fen2);
    assert_int_equal(r.key, p->key);
}

static long walk_suite(const char *file, int chess960, int walks, int plies)
{
    int n;
    tu_perft_entry *e = tu_load_perft_suite(tu_data_path(file), chess960, &n);
    assert_non_null(e);
    long checked = 0;
    for (int i = 0; i < n; i++) {
        for (int w = 0; w < walks; w++) {
            chc_position p;
            assert_int_equal(chc_position_from_fen(&p, e[i].fen, chess960 ? CHC_FEN_CHESS960 : 0, NULL), CHC_OK);
            for (int ply = 0; ply < plies; ply++) {
                check_position(&p);
                checked++;
                chc_move list[CHC_MAX_MOVES];
                int nm = chc_legal_moves(&p, list, CHC_GEN_ALL);
                if (nm == 0) break;
                chc_undo u;
                chc_make_move(&p, list[next_rand() % (uint64_t)nm], &u);
            }
        }
    }
    free(e);
    return checked;
}

static void test_walks(void **s)
{
    (void)s;
    int small = tu_sanitized();
    long n = 0;
    n += walk_suite("core/standard.epd", 0, small ? 1 : 8, 40);
    n += walk_suite("core/pychess_tricky.perft", 0, small ? 1 : 8, 40);
    n += walk_suite("core/fischer.epd", 1, small ? 1 : 2, small ? 8 : 40);
    printf("checked %ld positions\n", n);
}

/* A pawn pinned on the seventh rank by the piece it can take: the capture-promotions are
 * captures only (they once came in the quiet moves too). */
static void test_pinned_promotion(void **s)
{
    (void)s;
    chc_position p;
    tu_pos(&p, "1bk5/2P5/8/8/2r5/3p2K1/8/8 w - - 3 9");
    check_position(&p);
    chc_move quiets[CHC_MAX_MOVES];
    assert_int_equal(chc_legal_moves(&p, quiets, CHC_GEN_QUIETS), 5);
}

/* The accessors programs read a position with (never its struct fields). */
static void test_accessors(void **state)
{
    (void)state;
    chc_position pos;
    assert_int_equal(chc_position_from_fen(&pos, "r3k2r/8/8/3pP3/8/8/8/R3K1R1 w Qkq d6 0 20", 0, NULL), CHC_OK);
    assert_int_equal(chc_piece_at(&pos, CHC_SQUARE(4, 0)), CHC_PIECE(CHC_WHITE, CHC_KING));
    assert_int_equal(chc_piece_at(&pos, CHC_SQUARE(3, 4)), CHC_PIECE(CHC_BLACK, CHC_PAWN));
    assert_int_equal(chc_piece_at(&pos, CHC_SQUARE(0, 3)), CHC_NO_PIECE);
    assert_int_equal(chc_king_square(&pos, CHC_BLACK), CHC_SQUARE(4, 7));
    assert_true(chc_pieces(&pos, CHC_WHITE, CHC_ROOK) == ((1ull << CHC_SQUARE(0, 0)) | (1ull << CHC_SQUARE(6, 0))));
    assert_int_equal(chc_side_to_move(&pos), CHC_WHITE);
    assert_int_equal(chc_castling_rights(&pos), CHC_CASTLE_WQ | CHC_CASTLE_BK | CHC_CASTLE_BQ);
    assert_int_equal(chc_castling_rook(&pos, CHC_CASTLE_WQ), CHC_SQUARE(0, 0));
    assert_int_equal(chc_castling_rook(&pos, CHC_CASTLE_WK), CHC_NO_SQUARE);
    assert_int_equal(chc_ep_square(&pos), CHC_SQUARE(3, 5));
    assert_int_equal(chc_halfmove_clock(&pos), 0);
    assert_int_equal(chc_fullmove_number(&pos), 20);
    assert_int_equal(chc_is_chess960(&pos), 0);
    assert_true(chc_position_key(&pos) == chc_polyglot_key(&pos));
    assert_string_equal(chc_square_name(0), "a1");
    assert_string_equal(chc_square_name(CHC_SQUARE(4, 3)), "e4");
    assert_string_equal(chc_square_name(63), "h8");
    assert_string_equal(chc_square_name(CHC_NO_SQUARE), "-");
    assert_string_equal(chc_square_name(-1), "-");
}

static void test_find_move(void **s)
{
    (void)s;
    chc_position p;
    tu_pos(&p, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    chc_move a = chc_find_move(&p, 4, 6, 0), b = chc_find_move(&p, 4, 7, 0);
    assert_true(a != CHC_MOVE_NONE);
    assert_int_equal(a, b);
    assert_true(CHC_MOVE_FLAGS(a) & CHC_MF_CASTLE);
    char uci[CHC_UCI_MAX];
    chc_move_to_uci(&p, a, uci);
    assert_string_equal(uci, "e1g1");
    assert_int_equal(chc_find_move(&p, 4, 20, 0), CHC_MOVE_NONE);
    assert_int_equal(chc_find_move(&p, -1, 70, 0), CHC_MOVE_NONE);
    chc_diag d;
    chc_move m;
    assert_int_equal(chc_move_from_uci(&p, "e1e3", &m, &d), CHC_E_MOVE_ILLEGAL);
    assert_int_equal(chc_move_from_uci(&p, "e1", &m, &d), CHC_E_MOVE_SYNTAX);
    assert_int_equal(chc_move_from_uci(&p, "e9e1", &m, &d), CHC_E_MOVE_SYNTAX);
    assert_int_equal(chc_move_from_uci(&p, "a1a2k", &m, &d), CHC_E_MOVE_SYNTAX);
    assert_int_equal(chc_move_from_uci(&p, "a1a2qq", &m, &d), CHC_E_MOVE_SYNTAX);
    /* Chess960: king takes rook, written that way */
    tu_pos(&p, "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1");
    assert_true(p.chess960);
    chc_move_to_uci(&p, chc_find_move(&p, 6, 7, 0), uci);
    assert_string_equal(uci, "g1h1");
    /* promotions */
    tu_pos(&p, "8/P6k/8/8/8/8/8/K7 w - - 0 1");
    assert_int_equal(chc_move_from_uci(&p, "a7a8n", &m, NULL), CHC_OK);
    assert_int_equal(CHC_MOVE_PROMO(m), CHC_KNIGHT);
    assert_int_equal(chc_move_from_uci(&p, "a7a8", &m, NULL), CHC_E_MOVE_ILLEGAL);
}

static void test_attacks(void **s)
{
    (void)s;
    assert_int_equal(chc_attacks(CHC_WHITE, CHC_KNIGHT, 0, 0), (1ULL << 10) | (1ULL << 17));
    assert_int_equal(chc_attacks(CHC_WHITE, CHC_PAWN, 12, 0), (1ULL << 19) | (1ULL << 21));
    assert_int_equal(chc_attacks(CHC_BLACK, CHC_PAWN, 52, 0), (1ULL << 43) | (1ULL << 45));
    assert_int_equal(chc_attacks(CHC_WHITE, CHC_ROOK, 0, 1ULL << 2), (1ULL << 1) | (1ULL << 2) | 0x0101010101010100ULL);
    assert_int_equal(chc_attacks(CHC_WHITE, 9, 0, 0), 0);
    assert_int_equal(chc_attacks(CHC_WHITE, CHC_KING, 64, 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_accessors),
        cmocka_unit_test(test_find_move),
        cmocka_unit_test(test_attacks),
        cmocka_unit_test(test_pinned_promotion),
        cmocka_unit_test(test_walks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
