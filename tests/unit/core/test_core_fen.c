/* FEN in and out: round trips over every suite position, Chess960 castling notations,
 * the en-passant conventions, and invalid FENs with their exact error code and place. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static void roundtrip_suite(const char *file, int chess960, unsigned outflags)
{
    int n;
    tu_perft_entry *e = tu_load_perft_suite(tu_data_path(file), chess960, &n);
    assert_non_null(e);
    for (int i = 0; i < n; i++) {
        chc_position a, b;
        char fen[CHC_FEN_MAX], fen2[CHC_FEN_MAX];
        assert_int_equal(chc_position_from_fen(&a, e[i].fen, chess960 ? CHC_FEN_CHESS960 : 0, NULL), CHC_OK);
        assert_true(chc_position_to_fen(&a, fen, sizeof fen, outflags) > 0);
        assert_int_equal(chc_position_from_fen(&b, fen, chess960 ? CHC_FEN_CHESS960 : 0, NULL), CHC_OK);
        assert_true(chc_position_to_fen(&b, fen2, sizeof fen2, outflags) > 0);
        assert_string_equal(fen, fen2);
        assert_memory_equal(a.board, b.board, 64);
        assert_int_equal(a.key, b.key);
        assert_int_equal(a.castling, b.castling);
        assert_memory_equal(a.castle_rook, b.castle_rook, 4);
        /* The suites' own FENs come back exactly (4 fields + "0 1", X-FEN or Shredder). */
        if (!(outflags & CHC_FEN_SHREDDER) && !chess960) {
            char four[CHC_FEN_MAX];
            chc_position_to_fen(&a, four, sizeof four, CHC_FEN_NO_COUNTERS);
            assert_memory_equal(four, e[i].fen, strlen(four));
        }
    }
    free(e);
}

static void test_roundtrip_suites(void **s)
{
    (void)s;
    roundtrip_suite("core/standard.epd", 0, 0);
    roundtrip_suite("core/pychess_tricky.perft", 0, 0);
    roundtrip_suite("core/fischer.epd", 1, 0);
    roundtrip_suite("core/fischer.epd", 1, CHC_FEN_SHREDDER);
    roundtrip_suite("core/pychess_random.perft.xz", 0, 0);
}

static void test_fischer_shredder_exact(void **s)
{
    (void)s;
    int n;
    tu_perft_entry *e = tu_load_perft_suite(tu_data_path("core/fischer.epd"), 1, &n);
    assert_int_equal(n, 960);
    for (int i = 0; i < n; i++) {
        chc_position a;
        char fen[CHC_FEN_MAX];
        assert_int_equal(chc_position_from_fen(&a, e[i].fen, CHC_FEN_CHESS960, NULL), CHC_OK);
        chc_position_to_fen(&a, fen, sizeof fen, CHC_FEN_SHREDDER);
        /* the file's castling field comes back exactly */
        assert_non_null(strstr(e[i].fen, strchr(strchr(fen, ' ') + 1, ' ') + 1) ? "ok" : NULL);
        /* Shredder letters may come in another order than the file's: compare the rest */
        chc_position b;
        assert_int_equal(chc_position_from_fen(&b, fen, CHC_FEN_CHESS960, NULL), CHC_OK);
        assert_memory_equal(a.castle_rook, b.castle_rook, 4);
    }
    free(e);
}

static void test_exact_strings(void **s)
{
    (void)s;
    static const struct { const char *in, *out; unsigned flags; } cases[] = {
        {CHC_STARTPOS_FEN, CHC_STARTPOS_FEN, 0},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", CHC_STARTPOS_FEN, 0},
        {"  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq - 0 1 \n", CHC_STARTPOS_FEN, 0},
        /* en passant after every double step (PGN standard) ... */
        {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0},
        /* ... or only when a legal capture exists (Stockfish, chess.js, chessops) */
        {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", CHC_FEN_EP_LEGAL_ONLY},
        {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
         "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", CHC_FEN_EP_LEGAL_ONLY},
        /* pinned ep capturer: the capture is illegal, so the legal-only form drops it */
        {"8/8/8/K2pP2q/8/8/8/7k w - d6 0 1", "8/8/8/K2pP2q/8/8/8/7k w - - 0 1", CHC_FEN_EP_LEGAL_ONLY},
        {"8/8/8/K2pP2q/8/8/8/7k w - d6 0 1", "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1", 0},
        /* Chess960: X-FEN by default, Shredder on request */
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
         "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", 0},
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
         "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", CHC_FEN_SHREDDER},
        /* X-FEN with an inner rook: a file letter */
        {"rr2k2r/8/8/8/8/8/8/RR2K2R w BHbh - 0 1", "rr2k2r/8/8/8/8/8/8/RR2K2R w KBkb - 0 1", 0},
        {"8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q - 0 1", "8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q - 0 1", 0},
        {"8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q - 0 1", "8/8/8/4B2b/6nN/8/5P2/2R1K2k w C - 0 1", CHC_FEN_SHREDDER},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0},
        {"4k3/8/8/8/8/8/8/4K3 b - - 99 300", "4k3/8/8/8/8/8/8/4K3 b - -", CHC_FEN_NO_COUNTERS},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        chc_position p;
        char fen[CHC_FEN_MAX];
        tu_pos(&p, cases[i].in);
        chc_position_to_fen(&p, fen, sizeof fen, cases[i].flags);
        if (strcmp(fen, cases[i].out) != 0) fprintf(stderr, "case %zu: %s\n", i, fen);
        assert_string_equal(fen, cases[i].out);
    }
}

static void test_small_buffer(void **s)
{
    (void)s;
    chc_position p;
    chc_position_startpos(&p);
    char buf[10] = "xxxxxxxxx";
    assert_int_equal(chc_position_to_fen(&p, buf, sizeof buf, 0), 0);
    assert_string_equal(buf, "");
    char exact[57];
    assert_int_equal(chc_position_to_fen(&p, exact, sizeof exact, 0), 56);
    assert_int_equal(chc_position_to_fen(&p, exact, 56, 0), 0);
}

/* Invalid FENs: the code, the field (diag.index) and, where given, the 1-based column. */
static const struct bad {
    const char *fen;
    int code;
    long field;
    long column;
} bad_fens[] = {
    /* syntax: structure */
    {"", CHC_E_FEN_SYNTAX, 0, 1},
    {"   ", CHC_E_FEN_SYNTAX, 0, 0},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", CHC_E_FEN_SYNTAX, 1, 0},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", CHC_E_FEN_SYNTAX, 2, 0},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", CHC_E_FEN_SYNTAX, 3, 0},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", CHC_E_FEN_SYNTAX, 5, 0},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", CHC_E_FEN_SYNTAX, 6, 58},
    /* syntax: placement */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", CHC_E_FEN_SYNTAX, 0, 0},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", CHC_E_FEN_SYNTAX, 0, 44},
    {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CHC_E_FEN_SYNTAX, 0, 19},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", CHC_E_FEN_SYNTAX, 0, 0},
    {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CHC_E_FEN_SYNTAX, 0, 37},
    {"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CHC_E_FEN_SYNTAX, 0, 14},
    {"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CHC_E_FEN_SYNTAX, 0, 20},
    {"rnbqkbnr/pppppppp/71/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CHC_E_FEN_SYNTAX, 0, 20},
    {"rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CHC_E_FEN_SYNTAX, 0, 19},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1", CHC_E_FEN_SYNTAX, 0, 44},
    {"rnbqkbnr//pppppppp/8/8/8/8/PPPPPPP/RNBQKBNR w KQkq - 0 1", CHC_E_FEN_SYNTAX, 0, 10},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1R w KQkq - 0 1", CHC_E_FEN_SYNTAX, 0, 44},
    {"rnbqkbnr/ppppp1ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CHC_E_FEN_SYNTAX, 0, 18},
    /* syntax: side, castling, ep, counters */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", CHC_E_FEN_SYNTAX, 1, 45},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1", CHC_E_FEN_SYNTAX, 1, 45},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", CHC_E_FEN_SYNTAX, 1, 45},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", CHC_E_FEN_SYNTAX, 2, 50},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", CHC_E_FEN_SYNTAX, 2, 51},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", CHC_E_FEN_SYNTAX, 2, 48},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -- - 0 1", CHC_E_FEN_SYNTAX, 2, 47},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", CHC_E_FEN_SYNTAX, 3, 53},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq i6 0 1", CHC_E_FEN_SYNTAX, 3, 52},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1", CHC_E_FEN_SYNTAX, 3, 53},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e33 0 1", CHC_E_FEN_SYNTAX, 3, 53},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -- 0 1", CHC_E_FEN_SYNTAX, 3, 52},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", CHC_E_FEN_SYNTAX, 4, 54},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", CHC_E_FEN_SYNTAX, 4, 54},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1x", CHC_E_FEN_SYNTAX, 5, 57},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 +1", CHC_E_FEN_SYNTAX, 5, 56},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 12345678901", CHC_E_FEN_SYNTAX, 5, 56},
    /* impossible positions: kings */
    {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", CHC_E_POS_KINGS, -1, 0},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", CHC_E_POS_KINGS, -1, 0},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", CHC_E_POS_KINGS, -1, 0},
    {"8/8/8/8/8/8/8/8 w - - 0 1", CHC_E_POS_KINGS, -1, 0},
    {"k7/8/8/8/8/8/8/k6K w - - 0 1", CHC_E_POS_KINGS, -1, 0},
    /* pawns on the first or last rank */
    {"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", CHC_E_POS_PAWN_RANK, 56, 0},
    {"4k3/8/8/8/8/8/8/4K2p w - - 0 1", CHC_E_POS_PAWN_RANK, 7, 0},
    {"4k2P/8/8/8/8/8/8/4K3 b - - 0 1", CHC_E_POS_PAWN_RANK, 63, 0},
    /* side not to move in check */
    {"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", CHC_E_POS_OPPONENT_IN_CHECK, -1, 0},
    {"4k3/8/8/8/8/8/4r3/4K3 b - - 0 1", CHC_E_POS_OPPONENT_IN_CHECK, -1, 0},
    {"4k3/8/8/8/8/8/3p4/4K3 b - - 0 1", CHC_E_POS_OPPONENT_IN_CHECK, -1, 0},
    {"8/8/8/8/8/8/8/3kK3 w - - 0 1", CHC_E_POS_OPPONENT_IN_CHECK, -1, 0},
    /* impossible checks */
    /* accepted (code 0): not every impossible check is detected, only 3+ checkers and
     * two pawns or two knights */
    {"4k3/8/8/8/8/8/8/r3K2r w - - 0 1", 0, -1, 0},
    {"4k3/8/8/8/1b6/8/2n5/r3K2r w - - 0 1", CHC_E_POS_CHECKERS, -1, 0},
    {"4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1", CHC_E_POS_CHECKERS, -1, 0},
    /* castling rights without king and rook */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", CHC_E_POS_CASTLING, 2, 47},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1", CHC_E_POS_CASTLING, 2, 48},
    {"1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CHC_E_POS_CASTLING, 2, 50},
    {"rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CHC_E_POS_CASTLING, 2, 0},
    /* accepted: Shredder "A" in a standard position is the a1 rook (= Q) */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w A - 0 1", 0, -1, 0},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w G - 0 1", CHC_E_POS_CASTLING, 2, 47},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w E - 0 1", CHC_E_POS_CASTLING, 2, 47},
    {"4k3/8/8/8/8/8/8/R3K3 w K - 0 1", CHC_E_POS_CASTLING, 2, 0},
    {"4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", CHC_E_POS_CASTLING, 2, 0},
    /* en passant that no double step made */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", CHC_E_POS_EN_PASSANT, 3, 0},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", CHC_E_POS_EN_PASSANT, 3, 0},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1", CHC_E_POS_EN_PASSANT, 3, 0},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", CHC_E_POS_EN_PASSANT, 3, 0},
    {"rnbqkbnr/pppppppp/8/8/4P3/4P3/PPP2PPP/RNBQKBNR b KQkq e3 0 1", CHC_E_POS_EN_PASSANT, 3, 0},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", CHC_E_POS_TOO_MANY, -1, 0},
    /* too many pieces */
    {"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CHC_E_POS_TOO_MANY, -1, 0},
    {"rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CHC_E_POS_TOO_MANY, -1, 0},
    {"4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", CHC_E_POS_TOO_MANY, -1, 0},
    {"4k3/pppppppp/pp6/8/8/8/8/4K3 w - - 0 1", CHC_E_POS_TOO_MANY, -1, 0},
    {"QQQQkQQQ/QQQQQQQQ/8/8/8/8/8/4K3 w - - 0 1", CHC_E_POS_TOO_MANY, -1, 0},
    /* impossible counters */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", CHC_E_POS_COUNTERS, 5, 56},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 70000 1", CHC_E_POS_COUNTERS, 4, 54},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 5 1", CHC_E_POS_COUNTERS, 4, 0},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1000000000", CHC_E_POS_COUNTERS, 5, 56},
};

static void test_invalid_fens(void **s)
{
    (void)s;
    int checked = 0;
    for (size_t i = 0; i < sizeof bad_fens / sizeof bad_fens[0]; i++) {
        const struct bad *b = &bad_fens[i];
        if (b->code == 0) { /* entries that document accepted input */
            chc_position ok;
            assert_int_equal(chc_position_from_fen(&ok, b->fen, 0, NULL), CHC_OK);
            continue;
        }
        chc_position p;
        chc_diag d;
        memset(&d, 0, sizeof d);
        int rc = chc_position_from_fen(&p, b->fen, 0, &d);
        if (rc != b->code || (b->field >= 0 && d.index != b->field) || (b->column && d.column != b->column))
            fprintf(stderr, "FEN '%s': got code %d field %ld column %ld (%s); expected %d field %ld column %ld\n", b->fen,
                    rc, d.index, d.column, d.message, b->code, b->field, b->column);
        assert_int_equal(rc, b->code);
        if (b->field >= 0) assert_int_equal(d.index, b->field);
        if (b->column) assert_int_equal(d.column, b->column);
        assert_int_equal(d.code, rc);
        assert_true(strlen(d.message) > 0);
        checked++;
    }
    assert_true(checked >= 60);
}

static void test_lenient_ep(void **s)
{
    (void)s;
    chc_position p;
    assert_int_equal(chc_position_from_fen(&p, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
                                           CHC_FEN_LENIENT_EP, NULL), CHC_OK);
    assert_int_equal(p.ep, CHC_NO_SQUARE);
}

static void test_chess960_numbering(void **s)
{
    (void)s;
    chc_position p;
    char fen[CHC_FEN_MAX];
    assert_int_equal(chc_position_chess960(&p, 518), CHC_OK);
    chc_position_to_fen(&p, fen, sizeof fen, 0);
    assert_string_equal(fen, CHC_STARTPOS_FEN);
    assert_int_equal(chc_position_chess960(&p, 0), CHC_OK);
    chc_position_to_fen(&p, fen, sizeof fen, CHC_FEN_SHREDDER);
    assert_string_equal(fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    assert_int_equal(chc_position_chess960(&p, 959), CHC_OK);
    chc_position_to_fen(&p, fen, sizeof fen, CHC_FEN_SHREDDER);
    assert_string_equal(fen, "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1");
    assert_int_equal(chc_position_chess960(&p, 960), CHC_E_ARGUMENT);
    assert_int_equal(chc_position_chess960(&p, -1), CHC_E_ARGUMENT);
    /* every start position is valid and has 2 rooks either side of the king */
    for (int n = 0; n < 960; n++) {
        assert_int_equal(chc_position_chess960(&p, n), CHC_OK);
        chc_position q;
        chc_position_to_fen(&p, fen, sizeof fen, 0);
        assert_int_equal(chc_position_from_fen(&q, fen, CHC_FEN_CHESS960, NULL), CHC_OK);
        assert_memory_equal(p.castle_rook, q.castle_rook, 4);
    }
}

static void test_position_set(void **s)
{
    (void)s;
    chc_position a, b;
    chc_position_startpos(&a);
    assert_int_equal(chc_position_set(&b, a.board, CHC_WHITE, a.castle_rook, CHC_NO_SQUARE, 0, 1, 0, NULL), CHC_OK);
    assert_int_equal(a.key, b.key);
    uint8_t board[64] = {0};
    uint8_t none[4] = {CHC_NO_SQUARE, CHC_NO_SQUARE, CHC_NO_SQUARE, CHC_NO_SQUARE};
    chc_diag d;
    assert_int_equal(chc_position_set(&b, board, CHC_WHITE, none, CHC_NO_SQUARE, 0, 1, 0, &d), CHC_E_POS_KINGS);
    board[4] = CHC_PIECE(CHC_WHITE, CHC_KING);
    board[60] = CHC_PIECE(CHC_BLACK, CHC_KING);
    assert_int_equal(chc_position_set(&b, board, CHC_WHITE, none, CHC_NO_SQUARE, 0, 1, 0, &d), CHC_OK);
    /* an en-passant square on a wrong rank is refused (and must not upset the key) */
    assert_int_equal(chc_position_set(&b, board, CHC_WHITE, none, 5, 0, 1, 0, &d), CHC_E_POS_EN_PASSANT);
    assert_int_equal(chc_position_set(&b, board, CHC_BLACK, none, 60, 0, 1, 0, &d), CHC_E_POS_EN_PASSANT);
    board[5] = 0x0F; /* not a piece */
    assert_int_equal(chc_position_set(&b, board, CHC_WHITE, none, CHC_NO_SQUARE, 0, 1, 0, &d), CHC_E_ARGUMENT);
    assert_int_equal(chc_position_set(&b, board, 2, none, CHC_NO_SQUARE, 0, 1, 0, &d), CHC_E_ARGUMENT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_strings),      cmocka_unit_test(test_small_buffer),
        cmocka_unit_test(test_invalid_fens),       cmocka_unit_test(test_lenient_ep),
        cmocka_unit_test(test_chess960_numbering), cmocka_unit_test(test_position_set),
        cmocka_unit_test(test_fischer_shredder_exact), cmocka_unit_test(test_roundtrip_suites),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
