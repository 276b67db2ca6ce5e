/* Pack game code: round trips of every test game at the default level (and a share at every
 * level), random legal games (promotions, Chess960 castling, en passant, FEN starts), pinned
 * worked examples, and malformed codes. */
#include "testutil.h"
#include "test_pack_util.h"

#include <stdio.h>

static tu_rng rng = TU_RNG(0x2545F4914F6CDD1Dull);
static uint64_t rnd(void) { return tu_rand(&rng); }

static chc_move back_moves[4096];
static int check_reencode = 1;

/* Packs, unpacks and checks; returns the code length. */
static size_t roundtrip(const chc_position *start, const chc_move *moves, size_t n, int level)
{
    static uint8_t code[CHC_PACK_GAME_MAX(4096)], code2[CHC_PACK_GAME_MAX(4096)];
    size_t len = 0, len2 = 0, m = 0;
    assert_true(n <= 4096);
    int rc = chc_pack_game(start, moves, n, level, code, sizeof code, &len);
    if (rc) fail_msg("pack: %s", chc_strerror(rc));
    chc_position st;
    chc_diag d;
    rc = chc_unpack_game(code, len, &st, back_moves, 4096, &m, &d);
    if (rc) fail_msg("unpack: %s", d.message);
    assert_int_equal(m, n);
    for (size_t i = 0; i < n; i++)
        if (((back_moves[i] ^ moves[i]) & 0x7FFF) != 0) fail_msg("ply %zu differs", i);
    char f1[CHC_FEN_MAX], f2[CHC_FEN_MAX];
    chc_position_to_fen(start, f1, sizeof f1, CHC_FEN_EP_LEGAL_ONLY);
    chc_position_to_fen(&st, f2, sizeof f2, CHC_FEN_EP_LEGAL_ONLY);
    assert_string_equal(f1, f2);
    assert_int_equal(!!st.chess960, !!start->chess960);
    /* the decoded game codes to the same bytes (equal games code equally: skipped in bulk) */
    if (!check_reencode) return len;
    assert_int_equal(chc_pack_game(&st, back_moves, m, level, code2, sizeof code2, &len2), CHC_OK);
    assert_int_equal(len, len2);
    assert_memory_equal(code, code2, len);
    return len;
}

static void file_roundtrip(const char *rel, size_t every, int level, size_t *plies, size_t *bytes)
{
    size_t len;
    char *buf = tu_read_file(tu_data_path(rel), &len);
    if (!buf || !len) fail_msg("cannot read %s", rel);
    char **lines = NULL;
    size_t n = tp_split_lines(buf, &lines);
    static tp_game g;
    for (size_t i = 0; i < n; i += every) {
        if (tp_parse_line(lines[i], &g)) fail_msg("%s line %zu: bad game", rel, i + 1);
        *bytes += roundtrip(&g.start, g.moves, g.n, level);
        *plies += g.n;
    }
    free(lines);
    free(buf);
}

static void test_games(void **state)
{
    (void)state;
    size_t every = tu_sanitized() ? 40 : 1;
    size_t plies = 0, bytes = 0;
    check_reencode = 0;
    file_roundtrip("pack/lichess-eval.uci.xz", every, 0, &plies, &bytes);
    printf("evaluation games, default level: %zu plies, %.4f bits/ply\n", plies, bytes * 8.0 / (double)plies);
    plies = bytes = 0;
    file_roundtrip("pack/lichess-extra.uci.xz", every, 0, &plies, &bytes);
    file_roundtrip("pack/chess960.uci.xz", tu_sanitized() ? 10 : 1, 0, &plies, &bytes);
    for (int level = 1; level <= CHC_PACK_GAME_LEVELS; level++) {
        size_t p2 = 0, b2 = 0;
        file_roundtrip("pack/lichess-eval.uci.xz", every * 10, level, &p2, &b2);
        file_roundtrip("pack/chess960.uci.xz", every * 10, level, &p2, &b2);
        printf("level %d: %zu plies, %.4f bits/ply\n", level, p2, b2 * 8.0 / (double)p2);
    }
}

static void test_random_games(void **state)
{
    (void)state;
    int games = tu_sanitized() ? 20 : 400;
    static chc_move moves[600];
    long promos = 0, eps = 0, castles960 = 0;
    for (int gi = 0; gi < games; gi++) {
        chc_position start, pos;
        if (gi % 3 == 1) chc_position_chess960(&start, (int)(rnd() % 960));
        else chc_position_startpos(&start);
        pos = start;
        size_t n = 0;
        size_t len = 50 + (size_t)(rnd() % 500);
        int from_here = gi % 3 == 2 ? (int)(rnd() % 40) : -1;
        for (size_t ply = 0; ply < len; ply++) {
            if ((int)ply == from_here) { /* restart the game from this position (FEN start) */
                start = pos;
                n = 0;
            }
            chc_move mv[CHC_MAX_MOVES];
            int nm = chc_legal_moves(&pos, mv, CHC_GEN_ALL);
            if (!nm) break;
            chc_move m = mv[rnd() % (uint64_t)nm];
            for (int t = 0; t < 2 && !(CHC_MOVE_FLAGS(m) & CHC_MF_PAWN); t++) m = mv[rnd() % (uint64_t)nm];
            unsigned fl = CHC_MOVE_FLAGS(m);
            promos += !!(fl & CHC_MF_PROMOTION);
            eps += !!(fl & CHC_MF_EN_PASSANT);
            castles960 += (fl & CHC_MF_CASTLE) && pos.chess960;
            moves[n++] = m;
            chc_undo u;
            chc_make_move(&pos, m, &u);
        }
        roundtrip(&start, moves, n, 1 + gi % CHC_PACK_GAME_LEVELS);
        /* every prefix of a short game */
        if (gi < 10)
            for (size_t k = 0; k < n && k < 30; k++) roundtrip(&start, moves, k, 0);
    }
    printf("random games: %ld promotions, %ld en-passant captures, %ld Chess960 castlings\n", promos, eps,
           castles960);
    assert_true(promos > 0 && eps > 0 && castles960 > 0);
}

/* The worked examples of docs/formats/pack-game.md. */
static const struct {
    const char *fen; /* NULL: the standard start */
    const char *uci;
    int level;
    const char *code;
} vectors[] = {
    {NULL, "", 1, "sg"},
    {NULL, "e2e4 e7e5 g1f3 b8c6 f1b5", 1, "hNU"},
    {NULL, "e2e4 e7e5 g1f3 b8c6 f1b5", 2, "4CQ"},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "a3a4 a7a5", 1, "-AMdE-JeShdXozeK3KOcv_bU9XGdOVkSJqE"},
    {"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", "f7f5 e5f6", 1, "-BW9SvUs6z8ZcSjFzXPBAJYjI6ZrjXo6uA"},
};

static void test_vectors(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
        tp_game *g = malloc(sizeof *g);
        char line[512];
        if (vectors[i].fen) snprintf(line, sizeof line, "%s|%s", vectors[i].fen, vectors[i].uci);
        else snprintf(line, sizeof line, "%s", vectors[i].uci);
        assert_int_equal(tp_parse_line(line, g), 0);
        char text[CHC_PACK_GAME_TEXT_MAX(64)];
        size_t len;
        assert_int_equal(chc_pack_game_text(&g->start, g->moves, g->n, vectors[i].level, text, sizeof text, &len),
                         CHC_OK);
        printf("vector %zu: %s -> %s\n", i, line, text);
        assert_string_equal(text, vectors[i].code);
        chc_position st;
        chc_move mv[64];
        size_t n;
        assert_int_equal(chc_unpack_game_text(text, len, &st, mv, 64, &n, NULL), CHC_OK);
        assert_int_equal(n, g->n);
        roundtrip(&g->start, g->moves, g->n, vectors[i].level);
        free(g);
    }
}

static void test_malformed(void **state)
{
    (void)state;
    /* a real code to damage */
    tp_game *g = malloc(sizeof *g);
    assert_int_equal(tp_parse_line("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7", g), 0);
    uint8_t code[CHC_PACK_GAME_MAX(64)];
    size_t len;
    assert_int_equal(chc_pack_game(&g->start, g->moves, g->n, 0, code, sizeof code, &len), CHC_OK);
    char text[CHC_PACK_GAME_TEXT_MAX(64)];
    size_t tl;
    assert_int_equal(chc_pack_game_text(&g->start, g->moves, g->n, 0, text, sizeof text, &tl), CHC_OK);
    chc_position st;
    chc_move mv[64];
    size_t n;
    chc_diag d;
    /* text errors */
    static const struct {
        const char *text;
        int code;
    } bad[] = {
        {"A", CHC_E_PACK_CORRUPT},         /* 1 character: not a whole byte */
        {"AAAAA", CHC_E_PACK_CORRUPT},     /* 5 characters */
        {"ab=c", CHC_E_PACK_CORRUPT},      /* padding is not base64url */
        {"ab+c", CHC_E_PACK_CORRUPT},      /* standard base64 character */
        {"ab/c", CHC_E_PACK_CORRUPT},
        {"ab c", CHC_E_PACK_CORRUPT},      /* inner space */
        {"a\xc3\xa9", CHC_E_PACK_CORRUPT}, /* non-ASCII */
        {"AB", CHC_E_PACK_CORRUPT},        /* non-zero padding bits ('B' = 000001) */
        {"AAB", CHC_E_PACK_CORRUPT},
        {"_____________________", CHC_E_PACK_CORRUPT},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&d, 0, sizeof d);
        int rc = chc_unpack_game_text(bad[i].text, strlen(bad[i].text), &st, mv, 64, &n, &d);
        if (rc != bad[i].code) fail_msg("text case %zu: got %d (%s)", i, rc, chc_strerror(rc));
        assert_int_equal(d.code, rc);
        assert_true(d.message[0] != 0);
    }
    /* truncated: every shorter prefix is refused (or decodes to a different game, never the same) */
    for (size_t k = 0; k < len; k++) {
        int rc = chc_unpack_game(code, k, &st, mv, 64, &n, &d);
        assert_true(rc != CHC_OK || n != g->n || memcmp(mv, g->moves, n * sizeof *mv) != 0);
        if (rc == CHC_OK) { /* an accepted input must be what the encoder writes */
            uint8_t c2[CHC_PACK_GAME_MAX(64)];
            size_t l2 = 0;
            int ok = 0;
            for (int level = 1; level <= CHC_PACK_GAME_LEVELS; level++)
                if (chc_pack_game(&st, mv, n, level, c2, sizeof c2, &l2) == CHC_OK && l2 == k &&
                    !memcmp(c2, code, k))
                    ok = 1;
            assert_true(ok);
        }
    }
    /* one more byte at the end, any value */
    uint8_t longer[CHC_PACK_GAME_MAX(64) + 1];
    memcpy(longer, code, len);
    for (int b = 0; b < 256; b++) {
        longer[len] = (uint8_t)b;
        assert_int_equal(chc_unpack_game(longer, len + 1, &st, mv, 64, &n, NULL), CHC_E_PACK_CORRUPT);
    }
    /* buffer too small reports the plies needed */
    assert_int_equal(chc_unpack_game(code, len, &st, mv, 3, &n, NULL), CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, g->n);
    /* random bytes: refused, or accepted only when they are exactly an encoder's output */
    int accepted = 0, refused = 0;
    for (int t = 0; t < 3000; t++) {
        uint8_t junk[24];
        size_t jl = (size_t)(rnd() % sizeof junk);
        for (size_t i = 0; i < jl; i++) junk[i] = (uint8_t)rnd();
        static chc_move jm[CHC_PACK_GAME_MAX_PLIES];
        int rc = chc_unpack_game(junk, jl, &st, jm, CHC_PACK_GAME_MAX_PLIES, &n, &d);
        if (rc == CHC_OK) {
            accepted++;
            static uint8_t c2[CHC_PACK_GAME_MAX(CHC_PACK_GAME_MAX_PLIES)];
            size_t l2 = 0;
            int ok = 0;
            for (int level = 1; level <= CHC_PACK_GAME_LEVELS; level++)
                if (chc_pack_game(&st, jm, n, level, c2, sizeof c2, &l2) == CHC_OK && l2 == jl &&
                    !memcmp(c2, junk, jl))
                    ok = 1;
            assert_true(ok);
        } else {
            refused++;
            assert_int_equal(d.code, rc);
        }
    }
    printf("random inputs: %d accepted (re-encode exactly), %d refused\n", accepted, refused);
    /* bad arguments and moves */
    assert_int_equal(chc_pack_game(&g->start, g->moves, g->n, 3, code, sizeof code, &len), CHC_E_ARGUMENT);
    chc_move illegal = CHC_MAKE_MOVE(CHC_SQUARE(4, 1), CHC_SQUARE(4, 4), 0, CHC_MF_PAWN);
    assert_int_equal(chc_pack_game(&g->start, &illegal, 1, 0, code, sizeof code, &len), CHC_E_MOVE_ILLEGAL);
    assert_int_equal(chc_pack_game(&g->start, g->moves, g->n, 0, code, 2, &len), CHC_E_BUFFER_TOO_SMALL);
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vectors),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
