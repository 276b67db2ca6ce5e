/* The formats layer (src/formats/): the registry; detection, with the near-miss table of
 * docs/formats/detection.md (inputs that are almost a format get that format's error); the
 * one-line game syntax (docs/formats/lines.md); read/write round trips of every format; the
 * 466 Chess960 games and FEN-start games through UCI and SAN lines, PGN, pack and urlsafe;
 * the readers (PGN, lines, positions). */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ANY (CHC_KIND_POSITION | CHC_KIND_GAME)
#define POS CHC_KIND_POSITION

/* ---- helpers ------------------------------------------------------------------------- */
static int same_start(const chc_position *a, const chc_position *b, int counters)
{
    if (!chc_position_same(a, b) || a->chess960 != b->chess960) return 0;
    return !counters || (a->halfmove == b->halfmove && a->fullmove == b->fullmove);
}

/* Same start, main line and (when asked) result; returns a reason or NULL. */
static const char *same_mainline(const chc_game *a, const chc_game *b, int counters, int result)
{
    if (!same_start(chc_game_start(a), chc_game_start(b), counters)) return "start differs";
    if (chc_game_ply_count(a) != chc_game_ply_count(b)) return "ply count differs";
    for (size_t i = 0; i < chc_game_ply_count(a); i++)
        if (chc_game_move(a, i) != chc_game_move(b, i)) return "a move differs";
    if (result && chc_game_result(a) != chc_game_result(b)) return "result differs";
    return NULL;
}

static char *game_text(const chc_game *g, int format, int *rc)
{
    size_t cap = 4096 + 64 * chc_game_ply_count(g), n = 0;
    char *t = malloc(cap);
    assert_non_null(t);
    *rc = chc_game_write(g, format, 0, t, cap, &n, NULL);
    if (*rc == CHC_E_BUFFER_TOO_SMALL && n >= cap) {
        cap = n + 1;
        t = realloc(t, cap);
        assert_non_null(t);
        *rc = chc_game_write(g, format, 0, t, cap, &n, NULL);
    }
    if (*rc == CHC_OK) assert_int_equal(strlen(t), n);
    return t;
}

/* ---- registry ------------------------------------------------------------------------- */
static void test_registry(void **state)
{
    (void)state;
    size_t n = chc_format_count();
    assert_true(n >= 13);
    unsigned last_kind = 0;
    for (size_t i = 0; i < n; i++) {
        const chc_format_info *f = chc_format_at(i);
        assert_non_null(f);
        assert_true(f->kind >= last_kind); /* positions, then games */
        last_kind = f->kind;
        assert_ptr_equal(chc_format_get(f->format), f);
        assert_int_equal(chc_format_by_name(f->name, f->kind), f->format);
        assert_int_equal(chc_format_by_name(f->name, 0), f->format);
        assert_true(f->label[0] && f->summary[0]);
        assert_true(f->caps & CHC_CAP_READ);
    }
    assert_null(chc_format_at(n));
    assert_null(chc_format_get(99));
    assert_int_equal(chc_format_by_name("pack", CHC_KIND_POSITION), CHC_FORMAT_PACK_POSITION);
    assert_int_equal(chc_format_by_name("pack", CHC_KIND_GAME), CHC_FORMAT_PACK_GAME);
    assert_int_equal(chc_format_by_name("pack", ANY), CHC_FORMAT_PACK_GAME);
    assert_int_equal(chc_format_by_name("fen", CHC_KIND_GAME), CHC_FORMAT_AUTO);
    assert_int_equal(chc_format_by_name("nope", ANY), CHC_FORMAT_AUTO);
    assert_int_equal(chc_format_get(CHC_FORMAT_PGN)->caps & CHC_CAP_LINE, 0);
    assert_true(chc_format_get(CHC_FORMAT_PACK_STREAM)->caps & CHC_CAP_BINARY);
}

/* ---- detection ------------------------------------------------------------------------ */
static char covert_start[CHC_COVERT_MAX];
static char pack_start[64], mscs_start[64], hex_start[64], urlsafe_game[64], pack_game[256];

static void make_codes(void)
{
    chc_position p;
    chc_position_startpos(&p);
    assert_int_equal(chc_covert_write(&p, 0, covert_start, sizeof covert_start, NULL, NULL), CHC_OK);
    assert_int_equal(chc_pack_position_write(&p, 0, pack_start, sizeof pack_start, NULL, NULL), CHC_OK);
    assert_int_equal(chc_mscs_write(&p, 0, mscs_start, sizeof mscs_start, NULL, NULL), CHC_OK);
    assert_int_equal(chc_mscs_write(&p, CHC_MSCS_HEX, hex_start, sizeof hex_start, NULL, NULL), CHC_OK);
    chc_game *g = chc_game_new();
    const char *ruy = "e4 e5 Nf3 Nc6 Bb5 a6";
    assert_int_equal(chc_game_read(ruy, strlen(ruy), CHC_FORMAT_SAN_LINE, g, NULL, NULL), CHC_OK);
    assert_int_equal(chc_urlsafe_write(g, 0, urlsafe_game, sizeof urlsafe_game, NULL, NULL), CHC_OK);
    assert_int_equal(chc_pack_game_write(g, 0, pack_game, sizeof pack_game, NULL, NULL), CHC_OK);
    chc_game_free(g);
}

static void test_detect_valid(void **state)
{
    (void)state;
    make_codes();
    char in_message[1024], mixed[2048];
    snprintf(in_message, sizeof in_message, "look: %s -- your move", covert_start);
    assert_int_equal(chc_covert_mix_write("see you at the club", 19, covert_start,
                                          strlen(covert_start), mixed, sizeof mixed, NULL, NULL),
                     CHC_OK);
    const struct {
        const char *text;
        unsigned kinds;
        int format;
        unsigned flags;
    } cases[] = {
        {CHC_STARTPOS_FEN, ANY, CHC_FORMAT_FEN, 0},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", POS, CHC_FORMAT_FEN, 0},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", POS, CHC_FORMAT_SHREDDER_FEN, 0},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"start\";", POS, CHC_FORMAT_EPD, 0},
        {"  startpos  ", POS, CHC_FORMAT_FEN, 0},
        {covert_start, ANY, CHC_FORMAT_COVERT, 0},
        {in_message, POS, CHC_FORMAT_COVERT, CHC_READ_IN_MESSAGE},
        {mixed, ANY, CHC_FORMAT_COVERT, CHC_READ_IN_MESSAGE},
        {mscs_start, ANY, CHC_FORMAT_MSCS, 0},
        {hex_start, POS, CHC_FORMAT_MSCS_HEX, CHC_READ_HEX},
        {pack_start, ANY, CHC_FORMAT_PACK_POSITION, 0},
        {"[Event \"x\"]\n\n1. e4 e5 *\n", ANY, CHC_FORMAT_PGN, 0},
        {"1. e4 e5\n2. Nf3 *", ANY, CHC_FORMAT_PGN, 0},
        {"e4 e5 Nf3", ANY, CHC_FORMAT_SAN_LINE, 0},
        {"1. e4 e5 2. Nf3 Nc6 1/2-1/2", ANY, CHC_FORMAT_SAN_LINE, 0},
        {"e2e4 e7e5 g1f3", ANY, CHC_FORMAT_UCI_LINE, 0},
        {"position startpos moves e2e4 e7e5", ANY, CHC_FORMAT_UCI_LINE, 0},
        {"e4 c5 \u2658f3 d6", ANY, CHC_FORMAT_SAN_LINE, 0},
        /* issue 16: figurines with an emoji variation selector (U+FE0F, as phones write them;
         * the black pawn with it is a covert emoji too) and a UTF-8 BOM are not covert */
        {"1. e4 e5 2. \u2658\uFE0Ff3 \u265E\uFE0Fc6 3. \u2657\uFE0Eb5", ANY, CHC_FORMAT_SAN_LINE, 0},
        {"1. d4 \u265F\uFE0Fd5 2. \u2658\uFE0Ff3", ANY, CHC_FORMAT_SAN_LINE, 0},
        {"\xEF\xBB\xBF[Event \"x\"]\n\n1. e4 e5 2. \u2658\uFE0Ff3 *\n", ANY, CHC_FORMAT_PGN, 0},
        {"\xEF\xBB\xBF" "1. e4 e5 2. \u2658f3 \u265Ec6", ANY, CHC_FORMAT_SAN_LINE, 0},
        {"\xEF\xBB\xBF" "1. e4 e5\n2. \u2658\uFE0Ff3 *", ANY, CHC_FORMAT_PGN, 0},
        {urlsafe_game, ANY, CHC_FORMAT_URLSAFE, 0},
        {pack_game, ANY, CHC_FORMAT_PACK_GAME, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        chc_read_info info;
        chc_diag d = CHC_DIAG_INIT;
        int rc = chc_detect(cases[i].text, strlen(cases[i].text), cases[i].kinds, &info, &d);
        if (rc != CHC_OK) fail_msg("case %zu '%s': %s", i, cases[i].text, d.message);
        if (info.format != cases[i].format)
            fail_msg("case %zu '%s': format %d, want %d", i, cases[i].text, info.format,
                     cases[i].format);
        if ((info.flags & cases[i].flags) != cases[i].flags)
            fail_msg("case %zu: flags 0x%x", i, info.flags);
    }
    /* The covert code's place in a message. */
    chc_read_info info;
    assert_int_equal(chc_detect(in_message, strlen(in_message), POS, &info, NULL), CHC_OK);
    assert_int_equal(info.offset, 6);
    /* Empty text. */
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(chc_detect(" \n\t", 3, ANY, &info, &d), CHC_E_EMPTY);
    assert_true(d.message[0] != 0);
}

/* Inputs that are almost a format, and the error each gets: docs/formats/detection.md
 * quotes this table. */
static const struct near_miss {
    const char *text;
    unsigned kinds;
    int code, format;
    const char *message;
} NEAR[] = {
    {"hello", ANY, CHC_E_FORMAT, CHC_FORMAT_AUTO,
     "'hello' is not a position or game in any known format (FEN, EPD, covert, MSCS, pack, PGN, SAN, UCI, urlsafe)"},
    {"12345", ANY, CHC_E_FORMAT, CHC_FORMAT_AUTO,
     "'12345' is not a position or game in any known format (FEN, EPD, covert, MSCS, pack, PGN, SAN, UCI, urlsafe)"},
    {"C770uuaqarvJrHelXIlMUgn-u", ANY, CHC_E_PACK_CORRUPT, CHC_FORMAT_PACK_POSITION, NULL},
    {"C770uuaqarvJrHelXIlMUgn-uUx", ANY, CHC_E_PACK_CORRUPT, CHC_FORMAT_PACK_POSITION, NULL},
    {"C770uuaqarvJrH lXIlMUgn-uU", ANY, CHC_E_PACK_CORRUPT, CHC_FORMAT_PACK_POSITION, NULL},
    {"pC770uuaqarvJrHelXIlMUgn-uUN", ANY, CHC_E_PACK_CHECK, CHC_FORMAT_PACK_POSITION,
     "pack position: the check character does not match (a typo or a damaged code)"},
    {"pC770uuaqarvJrHelXIlMUng-uUM", ANY, CHC_E_PACK_CHECK, CHC_FORMAT_PACK_POSITION,
     "pack position: the check character does not match (a typo or a damaged code)"},
    {"pC770uuaqarvJrHelXIlMUgn-uM", ANY, CHC_E_PACK_CORRUPT, CHC_FORMAT_PACK_POSITION,
     "pack position: 27 characters, expected 28 (or 26 for a chesscodec 0.1 code)"},
    {"pC770uuaqarvJrHel XIlMUgn-uUM", ANY, CHC_E_PACK_CORRUPT, CHC_FORMAT_PACK_POSITION,
     "pack position: character 18 is white space inside the code (28 characters without it)"},
    {"_jrW3P", ANY, CHC_E_PACK_CHECK, CHC_FORMAT_PACK_GAME,
     "pack game: the check character does not match (a typo or a damaged code)"},
    {"PDoBH8gEdtAI3pAI1mAR m0AjfIBHegEf", ANY, CHC_E_MSCS_CHAR, CHC_FORMAT_MSCS,
     "MSCS: character 21 is white space inside the code (32 characters without it)"},
    {"PDoBH8gEdtAI3pAI1mARm0AjfIBHegE", ANY, CHC_E_MSCS_LENGTH, CHC_FORMAT_MSCS,
     "MSCS: 31 characters, expected 32 (base64) or 48 (hex)"},
    {"PDoBH8gEdtAI3pAI1mARm0AjfIBHeg.f", ANY, CHC_E_MSCS_CHAR, CHC_FORMAT_MSCS,
     "MSCS: character 31 (byte 0x2e) is not base64"},
    {"3c3a011fc80476d008de9008d660119b40237c80477a011", ANY, CHC_E_MSCS_LENGTH,
     CHC_FORMAT_MSCS_HEX, "MSCS: 47 characters, expected 32 (base64) or 48 (hex)"},
    {"rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ANY, CHC_E_FEN_SYNTAX,
     CHC_FORMAT_FEN, "FEN: invalid character 'X' in the piece placement (column 14)"},
    {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ANY, CHC_E_FEN_SYNTAX,
     CHC_FORMAT_FEN, "FEN: invalid character '9' in the piece placement (column 19)"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", ANY, CHC_E_FEN_SYNTAX, CHC_FORMAT_FEN,
     "FEN ends after 1 field: the side to move field is missing"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1", ANY, CHC_E_POS_KINGS,
     CHC_FORMAT_FEN, "FEN: white has 2 kings (must have exactly one)"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"abc", ANY, CHC_E_FEN_SYNTAX,
     CHC_FORMAT_EPD, "EPD: unterminated string (column 57)"},
    {"e4 e5 Ke3", ANY, CHC_E_MOVE_ILLEGAL, CHC_FORMAT_SAN_LINE,
     "SAN line, column 7: 'Ke3': ply 3: illegal move 'Ke3' in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"},
    {"e4 e5 Nf9", ANY, CHC_E_MOVE_SYNTAX, CHC_FORMAT_SAN_LINE,
     "SAN line, column 7: 'Nf9': ply 3: bad move 'Nf9': no destination square"},
    {"e2e4 e7e5 e1e3", ANY, CHC_E_MOVE_ILLEGAL, CHC_FORMAT_UCI_LINE,
     "UCI line, column 11: 'e1e3': ply 3: illegal move e1e3 in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"},
    {"fen rnbqkbnr/pppppppp w", ANY, CHC_E_LINE_SYNTAX, CHC_FORMAT_SAN_LINE,
     "line, column 1: 'fen': 'fen' needs a FEN of 4 or 6 fields"},
    {"startpos e2e4", ANY, CHC_E_LINE_SYNTAX, CHC_FORMAT_SAN_LINE,
     "line, column 10: 'e2e4': 'moves' must follow the start"},
    {"e4 1-0 e5", ANY, CHC_E_LINE_SYNTAX, CHC_FORMAT_SAN_LINE,
     "SAN line, column 4: '1-0': a result must end the line"},
    {"chess960 fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e5", ANY,
     CHC_E_MOVE_ILLEGAL, CHC_FORMAT_UCI_LINE,
     "UCI line, column 77: 'e2e5': ply 1: illegal move e2e5 in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"ckGV5qhoZZ", ANY, CHC_E_URLSAFE_MOVE, CHC_FORMAT_URLSAFE,
     "urlsafe: character 10, ply 8: 'Z': more than one piece of the side to move can reach b4"},
    {"[Event \"x\"\n1. e4", ANY, CHC_E_PGN_SYNTAX, CHC_FORMAT_PGN,
     "game 1, line 1, column 11: 'Event': tag not closed by ']'"},
    {"[Event \"x\"]\n\n1. e4 e4 *", ANY, CHC_E_MOVE_ILLEGAL, CHC_FORMAT_PGN,
     "game 1, line 3, column 7: 'e4': illegal move in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
    {"e4 e5 Nf3", POS, CHC_E_FORMAT, CHC_FORMAT_AUTO,
     "'e4 e5 Nf3' is a game (SAN or UCI line), not a position"},
    {"[Event \"x\"]\n\n1. e4 *", POS, CHC_E_FORMAT, CHC_FORMAT_AUTO,
     "'[Event \"x\"]...' is a game (PGN), not a position"},
};

static void check_near(const char *text, unsigned kinds, int code, int format, const char *message)
{
    chc_read_info info;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_detect(text, strlen(text), kinds, &info, &d);
    printf("  %-44.44s -> %s\n", text, d.message);
    if (rc != code) fail_msg("'%s': code %d (%s), want %d", text, rc, d.message, code);
    if (info.format != format) fail_msg("'%s': format %d, want %d", text, info.format, format);
    if (d.code != rc || !d.message[0]) fail_msg("'%s': diag not filled", text);
    if (message && strcmp(d.message, message) != 0)
        fail_msg("'%s':\n got  %s\n want %s", text, d.message, message);
    /* chc_position_read / chc_game_read give the same error. */
    chc_diag d2 = CHC_DIAG_INIT;
    chc_game *g = chc_game_new();
    chc_position pos;
    int rc2 = kinds == POS ? chc_position_read(text, strlen(text), CHC_FORMAT_AUTO, &pos, NULL, &d2)
                           : chc_game_read(text, strlen(text), CHC_FORMAT_AUTO, g, NULL, &d2);
    assert_int_equal(rc2, rc);
    assert_string_equal(d2.message, d.message);
    chc_game_free(g);
}

static void test_near_misses(void **state)
{
    (void)state;
    make_codes();
    for (size_t i = 0; i < sizeof NEAR / sizeof *NEAR; i++)
        check_near(NEAR[i].text, NEAR[i].kinds, NEAR[i].code, NEAR[i].format, NEAR[i].message);
    /* A covert code with its last emoji missing. */
    char cut[CHC_COVERT_MAX];
    size_t n = strlen(covert_start), used = 0, at = 0;
    for (int i = 0; i < 24; i++) {
        chc_covert_match(covert_start + at, n - at, &used);
        at += used;
    }
    memcpy(cut, covert_start, at);
    cut[at] = 0;
    check_near(cut, ANY, CHC_E_COVERT_LENGTH, CHC_FORMAT_COVERT,
               "covert code: the text ends after 24 emoji, expected 25");
    /* The MSCS code of the start with a space inside, built from the code itself. */
    char spaced[80];
    snprintf(spaced, sizeof spaced, "%.16s %s", mscs_start, mscs_start + 16);
    check_near(spaced, POS, CHC_E_MSCS_CHAR, CHC_FORMAT_MSCS,
               "MSCS: character 17 is white space inside the code (32 characters without it)");
    /* A pack game code of a later version (valid check character): said so. */
    check_near("-s6YA", ANY, CHC_E_PACK_VERSION, CHC_FORMAT_PACK_GAME,
               "pack game: version 2 (character '-') is newer than this library");
    check_near("rC770uuaqarvJrHelXIlMUgn-uUQ", ANY, CHC_E_PACK_VERSION, CHC_FORMAT_PACK_POSITION,
               "pack position: version 3 (character 'r') is newer than this library");
    /* The quoted text: control bytes and bytes outside UTF-8 escaped, a character never cut. */
    check_near("a\tb\x01\xff z", POS, CHC_E_FORMAT, CHC_FORMAT_AUTO,
               "'a\\x09b\\x01\\xff z' is not a position in any known format (FEN, EPD, covert, MSCS, pack)");
    check_near("what is this, 12345678\xe2\x99\x9ex", POS, CHC_E_FORMAT, CHC_FORMAT_AUTO,
               "'what is this, 12345678...' is not a position in any known format (FEN, EPD, covert, "
               "MSCS, pack)");
}

/* ---- one-line games ------------------------------------------------------------------- */
static void test_lines(void **state)
{
    (void)state;
    static const struct {
        const char *in;
        int format;
        size_t plies;
        int result, c960;
        const char *san, *uci; /* written back */
    } cases[] = {
        {"e4 e5 Nf3", CHC_FORMAT_SAN_LINE, 3, CHC_RESULT_UNKNOWN, 0, "e4 e5 Nf3", "e2e4 e7e5 g1f3"},
        {"e4 e5 Nf3 1-0", CHC_FORMAT_SAN_LINE, 3, CHC_RESULT_WHITE_WINS, 0, "e4 e5 Nf3 1-0",
         "e2e4 e7e5 g1f3 1-0"},
        {"1.e4 e5 2.Nf3 *", CHC_FORMAT_SAN_LINE, 3, CHC_RESULT_UNKNOWN, 0, "e4 e5 Nf3", NULL},
        {"e2e4 e7e5 0-1", CHC_FORMAT_UCI_LINE, 2, CHC_RESULT_BLACK_WINS, 0, "e4 e5 0-1", NULL},
        {"startpos", CHC_FORMAT_SAN_LINE, 0, CHC_RESULT_UNKNOWN, 0, "startpos", "startpos"},
        {"1/2-1/2", CHC_FORMAT_SAN_LINE, 0, CHC_RESULT_DRAW, 0, "startpos 1/2-1/2", NULL},
        {"moves e2e4", CHC_FORMAT_UCI_LINE, 1, CHC_RESULT_UNKNOWN, 0, "e4", NULL},
        {"position startpos moves e2e4 e7e5", CHC_FORMAT_UCI_LINE, 2, CHC_RESULT_UNKNOWN, 0,
         "e4 e5", "e2e4 e7e5"},
        {"chess960 startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1h1", CHC_FORMAT_UCI_LINE, 7,
         CHC_RESULT_UNKNOWN, 1, "chess960 startpos moves e4 e5 Nf3 Nc6 Bc4 Bc5 O-O",
         "chess960 startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1h1"},
        {"fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 40 moves e2e4 e8d7 1/2-1/2", CHC_FORMAT_UCI_LINE, 2,
         CHC_RESULT_DRAW, 0, "fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 40 moves e4 Kd7 1/2-1/2", NULL},
        {"fen 4k3/8/8/8/8/8/4P3/4K3 b - -", CHC_FORMAT_SAN_LINE, 0, CHC_RESULT_UNKNOWN, 0,
         "fen 4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", NULL},
        {"chess960 fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 moves e1f3",
         CHC_FORMAT_UCI_LINE, 1, CHC_RESULT_UNKNOWN, 1,
         "chess960 fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9 moves Nf3",
         NULL},
    };
    chc_game *g = chc_game_new(), *h = chc_game_new();
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        chc_read_info info;
        chc_diag d = CHC_DIAG_INIT;
        int rc = chc_game_read(cases[i].in, strlen(cases[i].in), CHC_FORMAT_AUTO, g, &info, &d);
        if (rc != CHC_OK) fail_msg("'%s': %s", cases[i].in, d.message);
        if (info.format != cases[i].format) fail_msg("'%s': format %d", cases[i].in, info.format);
        assert_int_equal(chc_game_ply_count(g), cases[i].plies);
        assert_int_equal(chc_game_result(g), cases[i].result);
        assert_int_equal(chc_game_start(g)->chess960, cases[i].c960);
        char out[512];
        assert_int_equal(chc_game_write(g, CHC_FORMAT_SAN_LINE, 0, out, sizeof out, NULL, NULL), CHC_OK);
        if (strcmp(out, cases[i].san) != 0) fail_msg("'%s': SAN '%s'", cases[i].in, out);
        assert_int_equal(chc_game_read(out, strlen(out), CHC_FORMAT_SAN_LINE, h, NULL, NULL), CHC_OK);
        assert_null(same_mainline(g, h, 1, 1));
        assert_int_equal(chc_game_write(g, CHC_FORMAT_UCI_LINE, 0, out, sizeof out, NULL, NULL), CHC_OK);
        if (cases[i].uci && strcmp(out, cases[i].uci) != 0) fail_msg("'%s': UCI '%s'", cases[i].in, out);
        assert_int_equal(chc_game_read(out, strlen(out), CHC_FORMAT_UCI_LINE, h, NULL, NULL), CHC_OK);
        assert_null(same_mainline(g, h, 1, 1));
    }
    /* A buffer too small: "" and the length needed. */
    const char *l = "e4 e5 Nf3 Nc6";
    assert_int_equal(chc_game_read(l, strlen(l), CHC_FORMAT_SAN_LINE, g, NULL, NULL), CHC_OK);
    char small[5];
    size_t need = 0;
    assert_int_equal(chc_game_write(g, CHC_FORMAT_SAN_LINE, 0, small, sizeof small, &need, NULL),
                     CHC_E_BUFFER_TOO_SMALL);
    assert_int_equal(need, strlen(l));
    assert_string_equal(small, "");
    /* UCI moves in a line read as SAN are accepted (SAN reads e2e4), SAN in a UCI line is not. */
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(chc_game_read("e4 e5", 5, CHC_FORMAT_UCI_LINE, g, NULL, &d), CHC_E_MOVE_SYNTAX);
    assert_true(d.message[0] != 0);
    chc_game_free(g);
    chc_game_free(h);
}

/* ---- positions in every format -------------------------------------------------------- */
static void test_position_round_trip(void **state)
{
    (void)state;
    static const char *fens[] = {
        CHC_STARTPOS_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 13 50",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    };
    static const int formats[] = {CHC_FORMAT_FEN, CHC_FORMAT_SHREDDER_FEN, CHC_FORMAT_EPD,
                                  CHC_FORMAT_COVERT, CHC_FORMAT_MSCS, CHC_FORMAT_MSCS_HEX,
                                  CHC_FORMAT_PACK_POSITION};
    for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
        chc_position pos, back;
        tu_pos(&pos, fens[i]);
        for (size_t k = 0; k < sizeof formats / sizeof *formats; k++) {
            int f = formats[k];
            char text[CHC_POSITION_TEXT_MAX];
            chc_diag d = CHC_DIAG_INIT;
            int rc = chc_position_write(&pos, f, 0, text, sizeof text, NULL, &d);
            if (rc != CHC_OK) {
                /* Covert and MSCS cannot hold Chess960 castling. */
                assert_true(pos.chess960 && (f == CHC_FORMAT_COVERT || f == CHC_FORMAT_MSCS ||
                                             f == CHC_FORMAT_MSCS_HEX));
                assert_true(d.message[0] != 0);
                continue;
            }
            for (int autodetect = 0; autodetect < 2; autodetect++) {
                chc_read_info info;
                rc = chc_position_read(text, strlen(text), autodetect ? CHC_FORMAT_AUTO : f,
                                       &back, &info, &d);
                if (rc != CHC_OK) fail_msg("%s as %d: '%s': %s", fens[i], f, text, d.message);
                int keeps_counters = f != CHC_FORMAT_MSCS && f != CHC_FORMAT_MSCS_HEX &&
                                     f != CHC_FORMAT_PACK_POSITION;
                if (!chc_position_same(&pos, &back) ||
                    (keeps_counters && (pos.halfmove != back.halfmove || pos.fullmove != back.fullmove)))
                    fail_msg("%s as %d: '%s' reads back differently", fens[i], f, text);
                /* X-FEN may be all file letters (Shredder-FEN); EPD without operations is a
                 * 4-field FEN. */
                if (autodetect && info.format != f && !(f == CHC_FORMAT_FEN && pos.chess960) &&
                    !(f == CHC_FORMAT_EPD && info.format == CHC_FORMAT_FEN) &&
                    !(f == CHC_FORMAT_SHREDDER_FEN && !pos.castling))
                    fail_msg("%s: '%s' detected as %d, not %d", fens[i], text, info.format, f);
            }
        }
    }
    /* EPD keeps counters as operations; written flags are checked. */
    chc_position pos;
    tu_pos(&pos, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 13 50");
    char text[CHC_POSITION_TEXT_MAX];
    assert_int_equal(chc_position_write(&pos, CHC_FORMAT_EPD, 0, text, sizeof text, NULL, NULL), CHC_OK);
    assert_string_equal(text, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - hmvc 13; fmvn 50;");
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(chc_position_write(&pos, CHC_FORMAT_MSCS, 1u << 9, text, sizeof text, NULL, &d),
                     CHC_E_ARGUMENT);
    assert_int_equal(chc_position_write(&pos, CHC_FORMAT_PGN, 0, text, sizeof text, NULL, &d),
                     CHC_E_ARGUMENT);
    assert_true(d.message[0] != 0);
    /* A game written in a position format is its final position; a position read as a game
     * is a game with no moves. */
    chc_game *g = chc_game_new();
    const char *line = "e4 e5 Nf3";
    assert_int_equal(chc_game_read(line, strlen(line), CHC_FORMAT_AUTO, g, NULL, NULL), CHC_OK);
    assert_int_equal(chc_game_write(g, CHC_FORMAT_FEN, 0, text, sizeof text, NULL, NULL), CHC_OK);
    assert_string_equal(text, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    assert_int_equal(chc_position_read(line, strlen(line), CHC_FORMAT_SAN_LINE, &pos, NULL, NULL), CHC_OK);
    chc_position_to_fen(&pos, text, sizeof text, 0);
    assert_string_equal(text, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    assert_int_equal(chc_game_read(mscs_start, strlen(mscs_start), CHC_FORMAT_AUTO, g, NULL, NULL), CHC_OK);
    assert_int_equal(chc_game_ply_count(g), 0);
    chc_game_free(g);
}

/* ---- games through every game format ------------------------------------------------------ */
typedef struct tally {
    long games, uci, san, pgn, pack, pack_result, urlsafe, urlsafe_refused;
} tally;

static void round_trip_game(const chc_game *g, chc_game *h, tally *t, const char *what)
{
    static const int lines[] = {CHC_FORMAT_UCI_LINE, CHC_FORMAT_SAN_LINE, CHC_FORMAT_PGN};
    t->games++;
    for (size_t k = 0; k < 3; k++) {
        int rc;
        char *text = game_text(g, lines[k], &rc);
        if (rc != CHC_OK) fail_msg("%s: write %d: %d", what, lines[k], rc);
        for (int autodetect = 0; autodetect < 2; autodetect++) {
            chc_read_info info;
            chc_diag d = CHC_DIAG_INIT;
            rc = chc_game_read(text, strlen(text), autodetect ? CHC_FORMAT_AUTO : lines[k], h,
                               &info, &d);
            if (rc != CHC_OK) fail_msg("%s: %s: %s\n%s", what, chc_format_get(lines[k])->name, d.message, text);
            const char *why = same_mainline(g, h, 1, 1);
            if (why) fail_msg("%s: %s: %s\n%s", what, chc_format_get(lines[k])->name, why, text);
            if (autodetect && info.format != lines[k] && chc_game_ply_count(g) > 0)
                fail_msg("%s: detected as %d\n%s", what, info.format, text);
        }
        free(text);
        if (k == 0) t->uci++;
        else if (k == 1) t->san++;
        else t->pgn++;
    }
    /* Pack game: main line and start board (counters are not stored). */
    int rc;
    char *text = game_text(g, CHC_FORMAT_PACK_GAME, &rc);
    if (rc == CHC_OK) {
        chc_read_info info;
        chc_diag d = CHC_DIAG_INIT;
        rc = chc_game_read(text, strlen(text), CHC_FORMAT_PACK_GAME, h, &info, &d);
        if (rc != CHC_OK) fail_msg("%s: pack game: %s", what, d.message);
        if (!chc_position_same(chc_game_start(g), chc_game_start(h)) ||
            chc_game_ply_count(g) != chc_game_ply_count(h))
            fail_msg("%s: pack game differs", what);
        for (size_t i = 0; i < chc_game_ply_count(g); i++)
            if (chc_game_move(g, i) != chc_game_move(h, i)) fail_msg("%s: pack move %zu", what, i);
        t->pack++;
        if (chc_game_result(g) == chc_game_result(h)) t->pack_result++;
    }
    free(text);
    /* urlsafe: standard starts only; anything else is refused, not dropped. */
    chc_diag d = CHC_DIAG_INIT;
    text = NULL;
    size_t n = 0;
    rc = chc_game_write(g, CHC_FORMAT_URLSAFE, 0, NULL, 0, &n, &d);
    if (rc == CHC_E_BUFFER_TOO_SMALL) {
        text = malloc(n + 1);
        assert_int_equal(chc_game_write(g, CHC_FORMAT_URLSAFE, 0, text, n + 1, NULL, NULL), CHC_OK);
        assert_int_equal(chc_game_read(text, n, CHC_FORMAT_URLSAFE, h, NULL, NULL), CHC_OK);
        const char *why = same_mainline(g, h, 1, 0);
        if (why) fail_msg("%s: urlsafe: %s", what, why);
        t->urlsafe++;
    } else {
        assert_int_equal(rc, CHC_E_UNSUPPORTED);
        assert_true(d.message[0] != 0);
        assert_true(chc_game_start(g)->chess960 || chc_game_start(g)->fullmove != 1 ||
                    !chc_position_same(chc_game_start(g), chc_game_start(h)) ||
                    chc_game_ply_count(g) > 0);
        t->urlsafe_refused++;
    }
    free(text);
}

static void run_file(const char *rel, long max_games, tally *t)
{
    size_t len;
    char *text = tu_read_file(tu_data_path(rel), &len);
    assert_non_null(text);
    chc_reader *r = chc_reader_new_mem(text, len, CHC_FORMAT_AUTO, 0);
    chc_game *g = chc_game_new(), *h = chc_game_new();
    chc_diag d = CHC_DIAG_INIT;
    int rc;
    while ((rc = chc_reader_next_game(r, g, NULL, &d)) != CHC_E_GAME_END) {
        if (rc != CHC_OK) fail_msg("%s: %s", rel, d.message);
        char what[128];
        snprintf(what, sizeof what, "%s game %ld", rel, chc_reader_item(r));
        round_trip_game(g, h, t, what);
        if (t->games >= max_games) break;
    }
    assert_int_equal(chc_reader_format(r), CHC_FORMAT_PGN);
    chc_game_free(g);
    chc_game_free(h);
    chc_reader_free(r);
    free(text);
}

static void test_chess960_games(void **state)
{
    (void)state;
    tally t = {0};
    run_file("notation/chess960-466.pgn.xz", 100000, &t);
    printf("  Chess960: %ld games; round trip UCI line %ld, SAN line %ld, PGN %ld, pack game %ld "
           "(result kept %ld), urlsafe refused %ld\n",
           t.games, t.uci, t.san, t.pgn, t.pack, t.pack_result, t.urlsafe_refused);
    assert_int_equal(t.games, 466);
    assert_int_equal(t.uci, 466);
    assert_int_equal(t.san, 466);
    assert_int_equal(t.pgn, 466);
    assert_int_equal(t.urlsafe_refused, 466);
}

static void test_standard_and_fen_games(void **state)
{
    (void)state;
    tally t = {0};
    run_file("notation/lichess-20k.pgn.xz", tu_sanitized() ? 100 : 400, &t);
    printf("  lichess: %ld games; UCI %ld, SAN %ld, PGN %ld, pack %ld (result kept %ld), urlsafe %ld\n",
           t.games, t.uci, t.san, t.pgn, t.pack, t.pack_result, t.urlsafe);
    assert_int_equal(t.uci, t.games);
    assert_int_equal(t.urlsafe, t.games);
    /* FEN starts: positions of the perft suite, then some moves (always the k-th legal move). */
    tally f = {0};
    chc_game *g = chc_game_new(), *h = chc_game_new();
    static const char *starts[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 13 50",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    };
    for (size_t i = 0; i < sizeof starts / sizeof *starts; i++) {
        for (int c960 = 0; c960 < 2; c960++) {
            chc_position start;
            assert_int_equal(chc_position_from_fen(&start, starts[i], c960 ? CHC_FEN_CHESS960 : 0, NULL),
                             CHC_OK);
            chc_game_reset(g, &start);
            for (unsigned k = 0; k < 40; k++) {
                chc_move mv[CHC_MAX_MOVES];
                int n = chc_legal_moves(chc_game_current(g), mv, CHC_GEN_ALL);
                if (n == 0) break;
                assert_int_equal(chc_game_push(g, mv[(k * 7 + i) % (unsigned)n]), CHC_OK);
            }
            chc_game_set_result(g, (int)(i % 4));
            char what[64];
            snprintf(what, sizeof what, "FEN start %zu%s", i, c960 ? " (Chess960)" : "");
            round_trip_game(g, h, &f, what);
        }
    }
    printf("  FEN starts: %ld games; UCI %ld, SAN %ld, PGN %ld, pack %ld, urlsafe refused %ld\n",
           f.games, f.uci, f.san, f.pgn, f.pack, f.urlsafe_refused);
    assert_int_equal(f.uci, f.games);
    assert_int_equal(f.san, f.games);
    chc_game_free(g);
    chc_game_free(h);
}

/* ---- readers ---------------------------------------------------------------------------- */
typedef struct drip {
    const char *p;
    size_t left;
} drip;

static size_t drip_read(void *ctx, char *buf, size_t cap)
{
    drip *d = ctx;
    size_t n = d->left < 3 ? d->left : 3;
    if (n > cap) n = cap;
    memcpy(buf, d->p, n);
    d->p += n;
    d->left -= n;
    return n;
}

static void test_reader_lines(void **state)
{
    (void)state;
    const char *in = "e4 e5 Nf3 1-0\n\n  \nNf3 Qxh7\n" CHC_STARTPOS_FEN "\r\nhello\ne2e4";
    static const struct {
        int rc, format;
        long line;
    } want[] = {
        {CHC_OK, CHC_FORMAT_SAN_LINE, 1}, {CHC_E_EMPTY, 0, 2}, {CHC_E_EMPTY, 0, 3},
        {CHC_E_MOVE_ILLEGAL, CHC_FORMAT_SAN_LINE, 4}, {CHC_OK, CHC_FORMAT_FEN, 5},
        {CHC_E_FORMAT, CHC_FORMAT_AUTO, 6}, {CHC_OK, CHC_FORMAT_UCI_LINE, 7},
    };
    for (int mode = 0; mode < 2; mode++) {
        drip src = {in, strlen(in)};
        chc_reader *r = mode ? chc_reader_new(drip_read, &src, CHC_FORMAT_AUTO, 0)
                             : chc_reader_new_mem(in, strlen(in), CHC_FORMAT_AUTO, 0);
        chc_game *g = chc_game_new();
        for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
            chc_read_info info;
            chc_diag d = CHC_DIAG_INIT;
            int rc = chc_reader_next_game(r, g, &info, &d);
            if (rc != want[i].rc) fail_msg("item %zu: %d (%s)", i, rc, d.message);
            assert_int_equal(chc_reader_line(r), want[i].line);
            assert_int_equal(chc_reader_item(r), (long)i + 1);
            if (rc == CHC_OK) {
                assert_int_equal(info.format, want[i].format);
            } else {
                assert_int_equal(d.line, want[i].line);
                char prefix[32];
                snprintf(prefix, sizeof prefix, "line %ld: ", want[i].line);
                assert_memory_equal(d.message, prefix, strlen(prefix));
            }
            if (i == 0) assert_int_equal(chc_game_result(g), CHC_RESULT_WHITE_WINS);
        }
        chc_diag d = CHC_DIAG_INIT;
        assert_int_equal(chc_reader_next_game(r, g, NULL, &d), CHC_E_GAME_END);
        assert_true(d.message[0] != 0);
        assert_int_equal(chc_reader_bytes(r), strlen(in));
        chc_game_free(g);
        chc_reader_free(r);
    }
    /* Positions only: a game line is refused; a position is read. */
    const char *pos_in = "e4 e5\nstartpos\n";
    chc_reader *r = chc_reader_new_mem(pos_in, strlen(pos_in), CHC_FORMAT_AUTO, CHC_READER_POSITIONS);
    chc_position pos;
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(chc_reader_next_position(r, &pos, NULL, &d), CHC_E_FORMAT);
    assert_int_equal(chc_reader_next_position(r, &pos, NULL, &d), CHC_OK);
    assert_int_equal(chc_reader_next_position(r, &pos, NULL, &d), CHC_E_GAME_END);
    chc_reader_free(r);
    /* The flags combine: main lines only (and no comments) still reads PGN games, not
     * positions (CHC_READER_POSITIONS once had CHC_READER_MAINLINE_ONLY's value). */
    assert_int_equal(CHC_READER_POSITIONS & (CHC_READER_MAINLINE_ONLY | CHC_READER_NO_COMMENTS), 0);
    const char *pgn_in = "[Event \"x\"]\n\n1. e4 {hi} e5 (1... c5) 2. Nf3 *\n";
    r = chc_reader_new_mem(pgn_in, strlen(pgn_in), CHC_FORMAT_AUTO,
                           CHC_READER_MAINLINE_ONLY | CHC_READER_NO_COMMENTS);
    chc_game *mg = chc_game_new();
    assert_int_equal(chc_reader_next_game(r, mg, NULL, &d), CHC_OK);
    assert_int_equal(chc_game_ply_count(mg), 3);
    assert_int_equal(chc_game_node_child_count(mg, CHC_GAME_ROOT), 1);
    assert_int_equal(chc_game_node_child_count(mg, chc_game_node_child(mg, CHC_GAME_ROOT, 0)), 1);
    assert_int_equal(chc_reader_format(r), CHC_FORMAT_PGN);
    chc_game_free(mg);
    chc_reader_free(r);
    /* A named format for every line. */
    const char *uci_in = "e2e4 e7e5\ne4\n";
    r = chc_reader_new_mem(uci_in, strlen(uci_in), CHC_FORMAT_UCI_LINE, 0);
    assert_int_equal(chc_reader_next_position(r, &pos, NULL, &d), CHC_OK);
    assert_int_equal(pos.fullmove, 2);
    assert_int_equal(chc_reader_next_position(r, &pos, NULL, &d), CHC_E_MOVE_SYNTAX);
    assert_int_equal(chc_reader_format(r), CHC_FORMAT_UCI_LINE);
    chc_reader_free(r);
    /* Empty input. */
    r = chc_reader_new_mem("", 0, CHC_FORMAT_AUTO, 0);
    assert_int_equal(chc_reader_next_position(r, &pos, NULL, &d), CHC_E_GAME_END);
    assert_true(d.message[0] != 0);
    chc_reader_free(r);
}

static void test_reader_pgn(void **state)
{
    (void)state;
    const char *in = "\xEF\xBB\xBF[Event \"1\"]\n\n1. e4 e5 1-0\n\n[Event \"2\"]\n\n1. e4 e4 *\n\n"
                     "[Event \"3\"]\n\n1. d4 d5 2. c4";
    drip src = {in, strlen(in)};
    chc_reader *r = chc_reader_new(drip_read, &src, CHC_FORMAT_AUTO, 0);
    chc_game *g = chc_game_new();
    chc_read_info info;
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(chc_reader_next_game(r, g, &info, &d), CHC_OK);
    assert_int_equal(info.format, CHC_FORMAT_PGN);
    assert_int_equal(info.flags & CHC_READ_NO_RESULT, 0);
    assert_int_equal(chc_reader_line(r), 1);
    assert_int_equal(chc_reader_next_game(r, g, &info, &d), CHC_E_MOVE_ILLEGAL);
    assert_int_equal(d.line, 7);
    assert_int_equal(chc_reader_item(r), 2);
    assert_int_equal(chc_reader_line(r), 5);
    chc_position pos;
    assert_int_equal(chc_reader_next_position(r, &pos, &info, &d), CHC_OK);
    assert_int_equal(info.flags & CHC_READ_NO_RESULT, CHC_READ_NO_RESULT);
    assert_int_equal(pos.side, CHC_BLACK);
    assert_int_equal(chc_reader_next_game(r, g, &info, &d), CHC_E_GAME_END);
    assert_int_equal(chc_reader_format(r), CHC_FORMAT_PGN);
    assert_int_equal(chc_reader_bytes(r), strlen(in));
    chc_game_free(g);
    chc_reader_free(r);
}

/* A pack stream: header, a position record, a game record, a damaged record, a game. Read
 * from memory and through a callback a few bytes at a time. (Skipped while the library is
 * built without the pack stream: chc_pack_stream_header() then says CHC_E_UNSUPPORTED.) */
static void test_reader_stream(void **state)
{
    (void)state;
    uint8_t buf[4096];
    size_t n = 0, len;
    if (chc_pack_stream_header(buf, sizeof buf, &len) == CHC_E_UNSUPPORTED) {
        printf("  pack stream: not in this build (skipped)\n");
        return;
    }
    n += len;
    chc_position pos;
    tu_pos(&pos, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
    assert_int_equal(chc_pack_stream_write_position(&pos, buf + n, sizeof buf - n, &len, NULL), CHC_OK);
    n += len;
    chc_game *g = chc_game_new(), *h = chc_game_new();
    const char *line = "chess960 startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1h1 1-0";
    assert_int_equal(chc_game_read(line, strlen(line), CHC_FORMAT_AUTO, g, NULL, NULL), CHC_OK);
    assert_int_equal(chc_pack_stream_write_game(g, 0, buf + n, sizeof buf - n, &len, NULL), CHC_OK);
    n += len;
    size_t bad = n;
    assert_int_equal(chc_pack_stream_write_game(g, 0, buf + n, sizeof buf - n, &len, NULL), CHC_OK);
    n += len;
    buf[bad + len / 2] ^= 0x5a; /* damaged: the CRC no longer matches */
    assert_int_equal(chc_pack_stream_write_game(g, 0, buf + n, sizeof buf - n, &len, NULL), CHC_OK);
    n += len;
    for (int mode = 0; mode < 2; mode++) {
        drip src = {(const char *)buf, n};
        chc_reader *r = mode ? chc_reader_new(drip_read, &src, CHC_FORMAT_AUTO, 0)
                             : chc_reader_new_mem(buf, n, CHC_FORMAT_AUTO, 0);
        chc_read_info info;
        chc_diag d = CHC_DIAG_INIT;
        assert_int_equal(chc_reader_next_game(r, h, &info, &d), CHC_OK);
        assert_int_equal(chc_reader_format(r), CHC_FORMAT_PACK_STREAM);
        assert_int_equal(info.format, CHC_FORMAT_PACK_POSITION);
        assert_int_equal(chc_game_ply_count(h), 0);
        assert_true(chc_position_same(chc_game_start(h), &pos));
        assert_int_equal(chc_reader_next_game(r, h, &info, &d), CHC_OK);
        assert_int_equal(info.format, CHC_FORMAT_PACK_GAME);
        assert_null(same_mainline(g, h, 0, 1));
        assert_int_not_equal(chc_reader_next_game(r, h, &info, &d), CHC_OK);
        assert_true(d.message[0] != 0);
        chc_position end;
        assert_int_equal(chc_reader_next_position(r, &end, &info, &d), CHC_OK);
        assert_true(end.side == CHC_BLACK);
        assert_int_equal(chc_reader_next_game(r, h, &info, &d), CHC_E_GAME_END);
        assert_int_equal(chc_reader_item(r), 4);
        assert_int_equal(chc_reader_bytes(r), n);
        chc_reader_free(r);
    }
    /* The first record of the bytes, as chc_game_read reads it. */
    chc_read_info info;
    assert_int_equal(chc_game_read((const char *)buf, n, CHC_FORMAT_PACK_STREAM, h, &info, NULL), CHC_OK);
    assert_int_equal(info.format, CHC_FORMAT_PACK_STREAM);
    chc_game_free(g);
    chc_game_free(h);
}

/* 26 base64url characters are both an urlsafe game and an unversioned 0.1 pack position for
 * a quarter of the urlsafe games of that length (found by fuzz_roundtrip): a game when games
 * are asked, the 0.1 position when only positions are. */
static void test_urlsafe_or_legacy_position(void **state)
{
    (void)state;
    static const char code[] = "KSsGX70V87HGuIYpDR-tED3nVd";
    chc_game *g = chc_game_new();
    assert_non_null(g);
    chc_read_info info;
    assert_int_equal(chc_game_read(code, strlen(code), CHC_FORMAT_AUTO, g, &info, NULL), CHC_OK);
    assert_int_equal(info.format, CHC_FORMAT_URLSAFE);
    assert_int_equal(chc_game_ply_count(g), 15);
    char again[64];
    size_t len;
    assert_int_equal(chc_game_write(g, CHC_FORMAT_URLSAFE, 0, again, sizeof again, &len, NULL), CHC_OK);
    assert_string_equal(again, code);
    chc_position pos;
    assert_int_equal(chc_position_read(code, strlen(code), CHC_FORMAT_AUTO, &pos, &info, NULL), CHC_OK);
    assert_int_equal(info.format, CHC_FORMAT_PACK_POSITION);
    assert_true(info.flags & CHC_READ_LEGACY);
    /* Not an urlsafe game: still the 0.1 position, as a game with no moves. */
    static const char start01[] = "C770uuaqarvJrHelXIlMUgn-uU";
    assert_int_equal(chc_game_read(start01, strlen(start01), CHC_FORMAT_AUTO, g, &info, NULL), CHC_OK);
    assert_int_equal(info.format, CHC_FORMAT_PACK_POSITION);
    assert_int_equal(chc_game_ply_count(g), 0);
    chc_game_free(g);
}

/* Issue 16: figurine SAN (with or without a variation selector) and PGN with a UTF-8 BOM read
 * as the moves they are, never as covert; a figurine among emoji stays a covert emoji; a wrong
 * figurine move gets the SAN reader's error, not covert's. */
static void test_figurines_not_covert(void **state)
{
    (void)state;
    chc_game *g = chc_game_new();
    assert_non_null(g);
    const struct {
        const char *text;
        const char *uci;
    } cases[] = {
        {"1. e4 e5 2. \u2658\uFE0Ff3 \u265E\uFE0Fc6", "e2e4 e7e5 g1f3 b8c6"},
        {"1. d4 \u265F\uFE0Fd5", "d2d4 d7d5"},
        {"\xEF\xBB\xBF[Event \"x\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. \u2658f3 1/2-1/2\n",
         "e2e4 e7e5 g1f3"},
        {"\xEF\xBB\xBF" "1. e4 e5 2. \u2658\uFE0Ff3", "e2e4 e7e5 g1f3"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        chc_diag d = CHC_DIAG_INIT;
        chc_read_info info;
        int rc = chc_game_read(cases[i].text, strlen(cases[i].text), CHC_FORMAT_AUTO, g, &info, &d);
        if (rc != CHC_OK) fail_msg("case %zu: %s", i, d.message);
        assert_int_not_equal(info.format, CHC_FORMAT_COVERT);
        char uci[256];
        assert_int_equal(chc_game_write(g, CHC_FORMAT_UCI_LINE, 0, uci, sizeof uci, NULL, NULL), CHC_OK);
        if (strncmp(uci, cases[i].uci, strlen(cases[i].uci)) != 0)
            fail_msg("case %zu: '%s', want '%s'", i, uci, cases[i].uci);
    }
    /* An illegal figurine move: the SAN line's error, naming the move. */
    const char *bad = "1. e4 \u265F\uFE0Fe4";
    chc_diag d = CHC_DIAG_INIT;
    chc_read_info info;
    assert_int_not_equal(chc_game_read(bad, strlen(bad), CHC_FORMAT_AUTO, g, &info, &d), CHC_OK);
    assert_int_equal(info.format, CHC_FORMAT_SAN_LINE);
    assert_non_null(strstr(d.message, "SAN"));
    /* The start position's covert code, which holds figurine-like emoji, is still covert. */
    make_codes();
    assert_int_equal(chc_detect(covert_start, strlen(covert_start), ANY, &info, NULL), CHC_OK);
    assert_int_equal(info.format, CHC_FORMAT_COVERT);
    chc_game_free(g);
}

/* The game with no moves: every game format writes it and reads it back; urlsafe writes the
 * empty string, which reads as that game when urlsafe is named and is CHC_E_EMPTY to the
 * detector (found by fuzz_roundtrip). */
static void test_empty_game(void **state)
{
    (void)state;
    chc_game *g = chc_game_new(), *back = chc_game_new();
    assert_non_null(g);
    assert_non_null(back);
    static const int formats[] = {CHC_FORMAT_PGN, CHC_FORMAT_SAN_LINE, CHC_FORMAT_UCI_LINE,
                                  CHC_FORMAT_URLSAFE, CHC_FORMAT_PACK_GAME};
    for (size_t i = 0; i < sizeof formats / sizeof *formats; i++) {
        char text[512];
        size_t len = 99;
        assert_int_equal(chc_game_write(g, formats[i], 0, text, sizeof text, &len, NULL), CHC_OK);
        chc_game_push(back, chc_find_move(chc_game_start(back), 12, 28, 0));
        assert_int_equal(chc_game_read(text, len, formats[i], back, NULL, NULL), CHC_OK);
        assert_int_equal(chc_game_ply_count(back), 0);
    }
    chc_diag d = CHC_DIAG_INIT;
    assert_int_equal(chc_game_read("", 0, CHC_FORMAT_AUTO, back, NULL, &d), CHC_E_EMPTY);
    chc_game_free(g);
    chc_game_free(back);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registry),
        cmocka_unit_test(test_detect_valid),
        cmocka_unit_test(test_near_misses),
        cmocka_unit_test(test_lines),
        cmocka_unit_test(test_position_round_trip),
        cmocka_unit_test(test_chess960_games),
        cmocka_unit_test(test_standard_and_fen_games),
        cmocka_unit_test(test_reader_lines),
        cmocka_unit_test(test_reader_pgn),
        cmocka_unit_test(test_reader_stream),
        cmocka_unit_test(test_empty_game),
        cmocka_unit_test(test_figurines_not_covert),
        cmocka_unit_test(test_urlsafe_or_legacy_position),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
