/* Pack game code, version 1: round trips of every test game at the default level (and a share
 * at every level), random legal games (promotions, Chess960 castling, en passant, FEN starts),
 * pinned worked examples, results, the canonical move order, the text framing, and malformed
 * codes. */
#include "testutil.h"
#include "test_pack_util.h"

#include "pack/pack_internal.h"

#include <stdio.h>

static tu_rng rng = TU_RNG(0x2545F4914F6CDD1Dull);
static uint64_t rnd(void) { return tu_rand(&rng); }

static chc_move back_moves[4096];
static int check_reencode = 1;

/* Packs (version 1, binary), unpacks and checks; returns the code length. */
static size_t roundtrip(const chc_position *start, const chc_move *moves, size_t n, int level, int result)
{
    static uint8_t code[CHC_PACK_GAME_MAX(4096)], code2[CHC_PACK_GAME_MAX(4096)];
    size_t len = 0, len2 = 0, m = 0;
    assert_true(n <= 4096);
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_pack_game_encode(start, moves, n, result, CHC_PACK_LEVEL(level), code, sizeof code, &len, &d);
    if (rc) fail_msg("pack: %s", d.message);
    assert_int_equal(code[0], CHC_PACK_GAME_VERSION);
    chc_position st;
    int res = -1;
    chc_read_info info;
    rc = chc_pack_game_decode(code, len, &st, back_moves, 4096, &m, &res, &info, &d);
    if (rc) fail_msg("unpack: %s", d.message);
    assert_int_equal(info.version, CHC_PACK_GAME_VERSION);
    assert_int_equal(m, n);
    assert_int_equal(res, result);
    for (size_t i = 0; i < n; i++)
        if (((back_moves[i] ^ moves[i]) & 0x7FFF) != 0) fail_msg("ply %zu differs", i);
    char f1[CHC_FEN_MAX], f2[CHC_FEN_MAX];
    chc_position_to_fen(start, f1, sizeof f1, CHC_FEN_EP_LEGAL_ONLY);
    chc_position_to_fen(&st, f2, sizeof f2, CHC_FEN_EP_LEGAL_ONLY);
    assert_string_equal(f1, f2);
    assert_int_equal(!!st.chess960, !!start->chess960);
    /* the decoded game codes to the same bytes (equal games code equally: skipped in bulk) */
    if (!check_reencode) return len;
    assert_int_equal(chc_pack_game_encode(&st, back_moves, m, res, CHC_PACK_LEVEL(level), code2, sizeof code2,
                                          &len2, NULL), CHC_OK);
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
        *bytes += roundtrip(&g.start, g.moves, g.n, level, (int)(i % 4));
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
    /* Under sanitizers: at least 20 games, and more (up to 400) until every kind of move the
     * test is about has been coded at least once. */
    for (int gi = 0; gi < games || (gi < 400 && !(promos && eps && castles960)); gi++) {
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
        roundtrip(&start, moves, n, 1 + gi % CHC_PACK_GAME_LEVELS, gi % 4);
        /* every prefix of a short game */
        if (gi < 10)
            for (size_t k = 0; k < n && k < 30; k++) roundtrip(&start, moves, k, 0, (int)(k % 4));
    }
    printf("random games: %ld promotions, %ld en-passant captures, %ld Chess960 castlings\n", promos, eps,
           castles960);
    assert_true(promos > 0 && eps > 0 && castles960 > 0);
}

/* The worked examples of docs/formats/pack-game.md (version 1). */
static const struct {
    const char *fen; /* NULL: the standard start */
    const char *uci;
    int level;
    const char *result;
    const char *code;
} vectors[] = {
    {NULL, "", 1, "*", "_s6YQ"},
    {NULL, "", 1, "1-0", "_sTAC"},
    {NULL, "e2e4 e7e5 g1f3 b8c6 f1b5", 1, "*", "_j29Fu"},
    {NULL, "e2e4 e7e5 g1f3 b8c6 f1b5", 2, "*", "_49pGa"},
    {NULL, "e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4 e7e5", 1, "*", "_dH1g0"},
    {NULL, "f2f3 e7e5 g2g4 d8h4", 1, "0-1", "_LcXys"},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "a3a4 a7a5", 1, "1/2-1/2",
     "_-AMdE-JeShdXozeK3KOcv_bU9XGdOVnr1ZoT"},
    {"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", "f7f5 e5f6", 1, "*",
     "_-BW9SvUs6z8ZcSjFzXPBAJYjI6ZrjXjSbZgm"},
};

static void test_vectors(void **state)
{
    (void)state;
    chc_game *back = chc_game_new();
    for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
        tp_game *g = malloc(sizeof *g);
        char line[512];
        if (vectors[i].fen) snprintf(line, sizeof line, "%s|%s", vectors[i].fen, vectors[i].uci);
        else snprintf(line, sizeof line, "%s", vectors[i].uci);
        assert_int_equal(tp_parse_line(line, g), 0);
        int result = tp_result(vectors[i].result);
        chc_game *cg = tp_chc_game(g, result);
        char text[CHC_PACK_GAME_TEXT_MAX(64)];
        size_t len;
        /* version 1 (pinned), also once a later version is the default */
        assert_int_equal(chci_pack_game_write_version(1, &g->start, g->moves, g->n, result, vectors[i].level, text,
                                                      sizeof text, &len, NULL), CHC_OK);
        printf("vector %zu: %s %s level %d -> %s\n", i, line, vectors[i].result, vectors[i].level, text);
        assert_string_equal(text, vectors[i].code);
        chc_read_info info;
        assert_int_equal(chc_pack_game_read(text, len, back, &info, NULL), CHC_OK);
        assert_int_equal(info.version, 1);
        assert_int_equal(info.flags, 0);
        assert_true(tp_same_game(back, g, result));
        roundtrip(&g->start, g->moves, g->n, vectors[i].level, result);
        chc_game_free(cg);
        free(g);
    }
    chc_game_free(back);
}

/* Decodes `text` with the reading rule; returns the error (diag checked). */
static int read_rc(const char *text, chc_diag *d)
{
    chc_game *g = chc_game_new();
    chc_diag_init(d);
    chc_read_info info;
    int rc = chc_pack_game_read(text, strlen(text), g, &info, d);
    assert_int_equal(info.format, CHC_FORMAT_PACK_GAME);
    if (rc) {
        assert_int_equal(d->code, rc);
        assert_true(d->message[0] != 0);
    } else {
        assert_int_equal(d->code, 0); /* untouched on success */
    }
    chc_game_free(g);
    return rc;
}

static void test_malformed(void **state)
{
    (void)state;
    /* a real code to damage */
    tp_game *g = malloc(sizeof *g);
    assert_int_equal(tp_parse_line("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7", g), 0);
    uint8_t code[CHC_PACK_GAME_MAX(64)];
    size_t len;
    assert_int_equal(chc_pack_game_encode(&g->start, g->moves, g->n, CHC_RESULT_DRAW, 0, code, sizeof code, &len,
                                          NULL), CHC_OK);
    chc_position st;
    chc_move mv[64];
    size_t n;
    int res;
    chc_diag d;
    /* text errors */
    static const struct {
        const char *text;
        int code;
    } bad[] = {
        {"", CHC_E_EMPTY},
        {"\t \n", CHC_E_EMPTY},
        {"A", CHC_E_PACK_CORRUPT},         /* 1 character: not a whole byte */
        {"AAAAA", CHC_E_PACK_CORRUPT},     /* 5 characters */
        {"ab=c", CHC_E_PACK_CORRUPT},      /* padding is not base64url */
        {"ab+c", CHC_E_PACK_CORRUPT},      /* standard base64 character */
        {"ab/c", CHC_E_PACK_CORRUPT},
        {"ab c", CHC_E_PACK_CORRUPT},      /* inner space */
        {"a\xc3\xa9", CHC_E_PACK_CORRUPT}, /* non-ASCII */
        {"AB", CHC_E_PACK_CORRUPT},        /* non-zero padding bits ('B' = 000001) */
        {"AAB", CHC_E_PACK_CORRUPT},
        {"_____________________", CHC_E_PACK_CHECK}, /* starts with a version character */
        {"_s6YR", CHC_E_PACK_CHECK},       /* a version-1 code with a typo */
        {"_s6QY", CHC_E_PACK_CHECK},       /* two neighbours swapped */
        {"-s6YQ", CHC_E_PACK_CHECK},       /* the version character changed */
        {"-s6YA", CHC_E_PACK_VERSION},     /* a valid check, version 2 */
        {"pC770uuaqarvJrHelXIlMUgn-uUM", CHC_E_PACK_CORRUPT}, /* a position code */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = read_rc(bad[i].text, &d);
        if (rc != bad[i].code) fail_msg("text case %zu: got %d (%s)", i, rc, d.message);
    }
    assert_int_equal(read_rc("ab c", &d), CHC_E_PACK_CORRUPT);
    assert_int_equal(d.index, 2);
    assert_int_equal(read_rc("-s6YA", &d), CHC_E_PACK_VERSION);
    assert_non_null(strstr(d.message, "version 2"));
    /* binary: empty, unknown versions */
    assert_int_equal(chc_pack_game_decode(code, 0, &st, mv, 64, &n, &res, NULL, &d), CHC_E_PACK_CORRUPT);
    uint8_t other[CHC_PACK_GAME_MAX(64)];
    memcpy(other, code, len);
    for (int v = 0; v < 256; v++) {
        if (v == 1) continue;
        other[0] = (uint8_t)v;
        assert_int_equal(chc_pack_game_decode(other, len, &st, mv, 64, &n, &res, NULL, &d), CHC_E_PACK_VERSION);
    }
    /* truncated: every shorter prefix is refused (or decodes to a different game, never the same) */
    for (size_t k = 1; k < len; k++) {
        int rc = chc_pack_game_decode(code, k, &st, mv, 64, &n, &res, NULL, &d);
        assert_true(rc != CHC_OK || n != g->n || memcmp(mv, g->moves, n * sizeof *mv) != 0);
        if (rc == CHC_OK) { /* an accepted input must be what the encoder writes */
            uint8_t c2[CHC_PACK_GAME_MAX(64)];
            size_t l2 = 0;
            int ok = 0;
            for (int level = 1; level <= CHC_PACK_GAME_LEVELS; level++)
                if (chc_pack_game_encode(&st, mv, n, res, CHC_PACK_LEVEL(level), c2, sizeof c2, &l2, NULL) ==
                        CHC_OK && l2 == k && !memcmp(c2, code, k))
                    ok = 1;
            assert_true(ok);
        }
    }
    /* one more byte at the end, any value */
    uint8_t longer[CHC_PACK_GAME_MAX(64) + 1];
    memcpy(longer, code, len);
    for (int b = 0; b < 256; b++) {
        longer[len] = (uint8_t)b;
        assert_int_equal(chc_pack_game_decode(longer, len + 1, &st, mv, 64, &n, &res, NULL, NULL),
                         CHC_E_PACK_CORRUPT);
    }
    /* buffer too small reports the plies needed */
    assert_int_equal(chc_pack_game_decode(code, len, &st, mv, 3, &n, NULL, NULL, NULL), CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, g->n);
    /* random bytes after the version byte: refused, or accepted only when they are exactly an
     * encoder's output */
    int accepted = 0, refused = 0;
    for (int t = 0; t < 3000; t++) {
        uint8_t junk[24];
        size_t jl = 1 + (size_t)(rnd() % (sizeof junk - 1));
        junk[0] = 1;
        for (size_t i = 1; i < jl; i++) junk[i] = (uint8_t)rnd();
        static chc_move jm[CHC_PACK_GAME_MAX_PLIES];
        int rc = chc_pack_game_decode(junk, jl, &st, jm, CHC_PACK_GAME_MAX_PLIES, &n, &res, NULL, &d);
        if (rc == CHC_OK) {
            accepted++;
            static uint8_t c2[CHC_PACK_GAME_MAX(CHC_PACK_GAME_MAX_PLIES)];
            size_t l2 = 0;
            int ok = 0;
            for (int level = 1; level <= CHC_PACK_GAME_LEVELS; level++)
                if (chc_pack_game_encode(&st, jm, n, res, CHC_PACK_LEVEL(level), c2, sizeof c2, &l2, NULL) ==
                        CHC_OK && l2 == jl && !memcmp(c2, junk, jl))
                    ok = 1;
            assert_true(ok);
        } else {
            refused++;
            assert_int_equal(d.code, rc);
        }
    }
    printf("random inputs: %d accepted (re-encode exactly), %d refused\n", accepted, refused);
    /* bad arguments and moves */
    size_t need = 0;
    assert_int_equal(chc_pack_game_encode(&g->start, g->moves, g->n, 0, CHC_PACK_LEVEL(3), code, sizeof code, &len,
                                          NULL), CHC_E_ARGUMENT);
    assert_int_equal(chc_pack_game_encode(&g->start, g->moves, g->n, 0, 16, code, sizeof code, &len, NULL),
                     CHC_E_ARGUMENT);
    assert_int_equal(chc_pack_game_encode(&g->start, g->moves, g->n, 4, 0, code, sizeof code, &len, NULL),
                     CHC_E_ARGUMENT);
    chc_move illegal = CHC_MAKE_MOVE(CHC_SQUARE(4, 1), CHC_SQUARE(4, 4), 0, CHC_MF_PAWN);
    chc_diag_init(&d);
    assert_int_equal(chc_pack_game_encode(&g->start, &illegal, 1, 0, 0, code, sizeof code, &len, &d),
                     CHC_E_MOVE_ILLEGAL);
    assert_int_equal(d.index, 0);
    chc_move null_move = CHC_MOVE_NULL;
    assert_int_equal(chc_pack_game_encode(&g->start, &null_move, 1, 0, 0, code, sizeof code, &len, NULL),
                     CHC_E_UNSUPPORTED);
    assert_int_equal(chc_pack_game_encode(&g->start, g->moves, g->n, 0, 0, code, 2, &need, NULL),
                     CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(chc_pack_game_encode(&g->start, g->moves, g->n, 0, 0, code, sizeof code, &len, NULL), CHC_OK);
    assert_int_equal(need, len); /* the size needed */
    assert_int_equal(chc_pack_game_encode(&g->start, g->moves, g->n, 0, 0, NULL, 0, &need, NULL),
                     CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(need, len);
    /* text buffers */
    chc_game *cg = tp_chc_game(g, CHC_RESULT_WHITE_WINS);
    char text[CHC_PACK_GAME_TEXT_MAX(64)];
    size_t tl = 0, tneed = 0;
    assert_int_equal(chc_pack_game_write(cg, 0, text, sizeof text, &tl, NULL), CHC_OK);
    assert_int_equal(chc_pack_game_write(cg, 0, text, tl, &tneed, NULL), CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(tneed, tl);
    assert_string_equal(text, "");
    assert_int_equal(chc_pack_game_write(cg, 1u << 8, text, sizeof text, &tl, NULL), CHC_E_ARGUMENT);
    chc_game_free(cg);
    free(g);
}

/* The result is part of the code, cheapest where the final position makes it likely. */
static void test_results(void **state)
{
    (void)state;
    tp_game *g = malloc(sizeof *g);
    chc_game *back = chc_game_new();
    static const char *lines[] = {"f2f3 e7e5 g2g4 d8h4", /* mate: 0-1 */
                                  "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1|", /* stalemate */
                                  "e2e4 e7e5"};
    for (size_t i = 0; i < 3; i++) {
        assert_int_equal(tp_parse_line(lines[i], g), 0);
        size_t sizes[4];
        for (int r = 0; r < 4; r++) {
            chc_game *cg = tp_chc_game(g, r);
            char text[CHC_PACK_GAME_TEXT_MAX(64)];
            size_t tl;
            assert_int_equal(chc_pack_game_write(cg, 0, text, sizeof text, &tl, NULL), CHC_OK);
            assert_int_equal(chc_pack_game_read(text, tl, back, NULL, NULL), CHC_OK);
            assert_true(tp_same_game(back, g, r));
            uint8_t bin[CHC_PACK_GAME_MAX(64)];
            assert_int_equal(chc_pack_game_encode(&g->start, g->moves, g->n, r, 0, bin, sizeof bin, &sizes[r], NULL),
                             CHC_OK);
            chc_game_free(cg);
        }
        printf("%s: bytes by result (*, 1-0, 0-1, 1/2): %zu %zu %zu %zu\n", lines[i], sizes[0], sizes[1], sizes[2],
               sizes[3]);
    }
    chc_game_free(back);
    free(g);
}

/* Version 1 does not depend on the move generator's order: the intervals follow the
 * canonical order (destination file, destination rank, origin, promotion). A position with
 * promotions and castling exercises every group. */
static void test_canonical_order(void **state)
{
    (void)state;
    tp_game *g = malloc(sizeof *g);
    /* both sides promote (4 pieces each on several files), castling both ways possible */
    assert_int_equal(tp_parse_line("r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1|b7a8n g2h1n g7h8b b2a1q", g), 0);
    for (int level = 1; level <= 2; level++) roundtrip(&g->start, g->moves, g->n, level, 0);
    /* every legal move of a busy position codes and decodes as itself */
    chc_position pos;
    tu_pos(&pos, "r3k2r/1P4P1/2n2n2/3pP3/2B5/5N2/1p4p1/R3K2R w KQkq d6 0 1");
    chc_move mv[CHC_MAX_MOVES];
    int nm = chc_legal_moves(&pos, mv, CHC_GEN_ALL);
    for (int i = 0; i < nm; i++) roundtrip(&pos, &mv[i], 1, 1 + i % 2, i % 4);
    printf("canonical order: %d moves of a position with promotions, castling and en passant\n", nm);
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vectors),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_results),
        cmocka_unit_test(test_canonical_order),
        cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
