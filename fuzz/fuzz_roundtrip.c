/* Structure-aware round-trip fuzzer: the input is not text to parse but a recipe for a legal
 * game. Its bytes choose a start (the standard position, a Chess960 start, or a position
 * reached by a random walk, with counters), then each legal move in turn, then a result.
 * Every position of the game goes through every position code, and the game through every
 * game format, and each must come back equal:
 *   positions: FEN, Shredder-FEN, EPD, covert, MSCS (base64 and hex), pack position — each
 *              when its encoder accepts the position (the format's documented domain);
 *   games:     PGN, SAN line, UCI line, urlsafe (standard start only), pack game (every
 *              level), pack stream (game and position records, and a reader over it) -- the
 *              start, every main-line move and the result.
 * A decoder must also accept whatever its own encoder writes, and an encoder must accept
 * whatever its own decoder returns (the class of bug of issue 22). Any difference aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

#define MAX_PLIES 600

/* Reads bytes from the recipe; 0 once it is used up. */
typedef struct recipe {
    const uint8_t *p;
    size_t n, at;
} recipe;

static unsigned take(recipe *r)
{
    return r->at < r->n ? r->p[r->at++] : 0u;
}

static char context[256]; /* what is being checked, for the failure message */

static void must(int cond, const char *what)
{
    if (!cond) {
        fprintf(stderr, "round trip failed: %s (%s)\n", what, context);
        abort();
    }
}

/* Same position for every purpose a code keeps: board, side, castling rooks, en passant as a
 * legal capture sees it, and the Chess960 flag when `chess960_kept`; counters when
 * `counters_kept`. */
static void same_position(const chc_position *a, const chc_position *b, int counters_kept,
                          int chess960_kept, const char *what)
{
    must(chc_position_same(a, b), what);
    for (unsigned right = 1; right <= 8; right <<= 1)
        must(chc_castling_rook(a, right) == chc_castling_rook(b, right), what);
    if (counters_kept)
        must(chc_halfmove_clock(a) == chc_halfmove_clock(b) &&
                 chc_fullmove_number(a) == chc_fullmove_number(b),
             what);
    if (chess960_kept) must(chc_is_chess960(a) == chc_is_chess960(b), what);
}

/* One position through one position format. */
static void position_through(const chc_position *pos, int format, unsigned flags)
{
    char text[CHC_POSITION_TEXT_MAX];
    size_t len = 0;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_position_write(pos, format, flags, text, sizeof text, &len, &d);
    if (rc != CHC_OK) {
        /* Outside the format's domain: the refusal must say why. */
        must(d.code == rc && d.message[0] != 0, "position write refusal without message");
        return;
    }
    must(len == strlen(text), "position write length");
    chc_position back;
    chc_read_info info;
    chc_diag d2 = CHC_DIAG_INIT;
    char fen[CHC_FEN_MAX];
    chc_position_to_fen(pos, fen, sizeof fen, 0);
    snprintf(context, sizeof context, "%s of %s: %s", chc_format_get(format)->name, fen, text);
    rc = chc_position_read(text, len, format, &back, &info, &d2);
    if (rc != CHC_OK) fprintf(stderr, "%s: %s\n", text, d2.message);
    must(rc == CHC_OK, "position read of a written code");
    must(info.format == format || (format == CHC_FORMAT_MSCS_HEX && info.format == CHC_FORMAT_MSCS),
         "position read reports another format");
    int counters = format == CHC_FORMAT_FEN || format == CHC_FORMAT_SHREDDER_FEN ||
                   format == CHC_FORMAT_COVERT;
    /* The Chess960 flag itself is not part of a position text: a reader infers it from the
     * castling rights (the same rooks come back, checked above), so it is not compared. */
    same_position(pos, &back, counters, 0, chc_format_get(format)->name);
    /* The same text detected with no format named reads the same position. */
    chc_position auto_pos;
    rc = chc_position_read(text, len, CHC_FORMAT_AUTO, &auto_pos, NULL, NULL);
    must(rc == CHC_OK, "detected position read");
    same_position(&back, &auto_pos, 1, 1, "detection disagrees with the named format");
    /* And the decoded position is one its own encoder accepts, writing the same text (for
     * canonical codes). */
    char again[CHC_POSITION_TEXT_MAX];
    size_t len2 = 0;
    rc = chc_position_write(&back, format, flags, again, sizeof again, &len2, NULL);
    must(rc == CHC_OK, "a decoded position its own encoder refuses");
    if (format != CHC_FORMAT_FEN && format != CHC_FORMAT_SHREDDER_FEN && format != CHC_FORMAT_EPD)
        must(len2 == len && memcmp(text, again, len) == 0, "code not canonical");
}

/* The game through one game format. */
static void game_through(const chc_game *g, int format, unsigned flags)
{
    size_t cap = 64 + 64 * (chc_game_ply_count(g) + 1);
    char *text = malloc(cap);
    must(text != NULL, "memory");
    size_t len = 0;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_game_write(g, format, flags, text, cap, &len, &d);
    if (rc == CHC_E_BUFFER_TOO_SMALL) {
        /* The convention: *len is the length needed; a buffer of len + 1 must be enough. */
        must(len + 1 > cap, "buffer too small, yet the length needed fits");
        cap = len + 1;
        char *bigger = realloc(text, cap);
        must(bigger != NULL, "memory");
        text = bigger;
        d = (chc_diag)CHC_DIAG_INIT;
        rc = chc_game_write(g, format, flags, text, cap, &len, &d);
        must(rc != CHC_E_BUFFER_TOO_SMALL, "the length needed was not enough");
    }
    snprintf(context, sizeof context, "%s of a game of %zu plies: %d %s",
             chc_format_get(format)->name, chc_game_ply_count(g), rc, d.message);
    if (rc != CHC_OK) {
        must(d.code == rc && d.message[0] != 0, "game write refusal without message");
        must(rc == CHC_E_UNSUPPORTED || rc == CHC_E_POS_TOO_MANY || rc == CHC_E_POS_CASTLING ||
                 rc == CHC_E_POS_EN_PASSANT,
             "game write failed for a legal game");
        free(text);
        return;
    }
    chc_game *back = chc_game_new();
    must(back != NULL, "memory");
    chc_read_info info;
    chc_diag d2 = CHC_DIAG_INIT;
    rc = chc_game_read(text, len, format, back, &info, &d2);
    if (rc != CHC_OK) fprintf(stderr, "%.*s\n%s\n", (int)len, text, d2.message);
    must(rc == CHC_OK, "game read of a written game");
    const char *name = chc_format_get(format)->name;
    must(chc_game_ply_count(back) == chc_game_ply_count(g), name);
    for (size_t i = 0; i < chc_game_ply_count(g); i++)
        must(chc_game_move(back, i) == chc_game_move(g, i), name);
    int keeps_counters = format != CHC_FORMAT_PACK_GAME && format != CHC_FORMAT_URLSAFE;
    same_position(chc_game_start(g), chc_game_start(back), keeps_counters, 1, name);
    if (format != CHC_FORMAT_URLSAFE)
        must(chc_game_result(back) == chc_game_result(g), name);
    /* Detected without naming the format, the text reads as the same game (blank text, the
     * urlsafe code of a game with no moves, is CHC_E_EMPTY to the detector). */
    if (len > 0) {
        chc_diag d3 = CHC_DIAG_INIT;
        rc = chc_game_read(text, len, CHC_FORMAT_AUTO, back, &info, &d3);
        if (rc != CHC_OK || chc_game_ply_count(back) != chc_game_ply_count(g))
            fprintf(stderr, "%.*s\nread as format %d: %s\n", (int)len, text, info.format, d3.message);
        must(rc == CHC_OK && chc_game_ply_count(back) == chc_game_ply_count(g),
             "detected game read");
        for (size_t i = 0; i < chc_game_ply_count(g); i++)
            must(chc_game_move(back, i) == chc_game_move(g, i), "detected game moves");
    }
    chc_game_free(back);
    free(text);
}

/* The game and its final position as a pack stream (header, a game record, a position
 * record), read back record by record and through a reader over the whole stream. */
static void stream_through(const chc_game *g)
{
    size_t plies = chc_game_ply_count(g);
    size_t cap = CHC_PACK_STREAM_HEADER_BYTES + CHC_PACK_STREAM_RECORD_MAX(plies) +
                 CHC_PACK_STREAM_RECORD_MAX(0) + CHC_PACK_POS_BYTES;
    uint8_t *buf = malloc(cap);
    must(buf != NULL, "memory");
    size_t len = 0, used = 0;
    must(chc_pack_stream_header(buf, cap, &used) == CHC_OK, "stream header");
    len += used;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_pack_stream_write_game(g, 0, buf + len, cap - len, &used, &d);
    if (rc != CHC_OK) {
        /* Only a start outside the pack position domain may be refused. */
        must(rc == CHC_E_POS_TOO_MANY || rc == CHC_E_POS_CASTLING || rc == CHC_E_POS_EN_PASSANT,
             "stream write of a legal game");
        free(buf);
        return;
    }
    len += used;
    chc_position final;
    must(chc_game_position(g, plies, &final) == CHC_OK, "final position");
    int have_pos = chc_pack_stream_write_position(&final, buf + len, cap - len, &used, NULL) ==
                   CHC_OK;
    if (have_pos) len += used;
    must(chc_pack_stream_check_header(buf, len, NULL) == CHC_OK, "stream header check");
    chc_game *back = chc_game_new();
    must(back != NULL, "memory");
    chc_position pos;
    chc_read_info info;
    size_t at = CHC_PACK_STREAM_HEADER_BYTES;
    must(chc_pack_stream_read_record(buf + at, len - at, &used, back, &pos, &info, NULL) ==
             CHC_OK && info.format == CHC_FORMAT_PACK_GAME,
         "stream game record");
    at += used;
    must(chc_game_ply_count(back) == plies, "stream game plies");
    for (size_t i = 0; i < plies; i++)
        must(chc_game_move(back, i) == chc_game_move(g, i), "stream game moves");
    must(chc_game_result(back) == chc_game_result(g), "stream game result");
    if (have_pos) {
        must(chc_pack_stream_read_record(buf + at, len - at, &used, back, &pos, &info, NULL) ==
                 CHC_OK && info.format == CHC_FORMAT_PACK_POSITION,
             "stream position record");
        same_position(&final, &pos, 0, 0, "stream position");
        at += used;
    }
    must(at == len, "stream records use every byte");
    /* A reader over the whole stream (detected by its magic) gives the same items. */
    chc_reader *r = chc_reader_new_mem(buf, len, CHC_FORMAT_AUTO, 0);
    must(r != NULL, "memory");
    must(chc_reader_next_game(r, back, NULL, NULL) == CHC_OK, "reader: stream game");
    must(chc_reader_format(r) == CHC_FORMAT_PACK_STREAM, "reader: stream detected");
    must(chc_game_ply_count(back) == plies, "reader: stream game plies");
    if (have_pos) must(chc_reader_next_game(r, back, NULL, NULL) == CHC_OK, "reader: position");
    must(chc_reader_next_game(r, back, NULL, NULL) == CHC_E_GAME_END, "reader: end");
    chc_reader_free(r);
    chc_game_free(back);
    free(buf);
}

/* The start position the recipe asks for. */
static void make_start(recipe *r, chc_position *start)
{
    unsigned kind = take(r) % 4;
    if (kind == 0) {
        chc_position_startpos(start);
        return;
    }
    if (kind == 1) {
        unsigned n = (take(r) << 8 | take(r)) % 960;
        chc_position_chess960(start, (int)n);
        return;
    }
    /* A random walk of up to 40 plies from the standard or a Chess960 start gives a start
     * position with any material, rights and counters a game can have. */
    if (kind == 2)
        chc_position_startpos(start);
    else
        chc_position_chess960(start, (int)((take(r) << 8 | take(r)) % 960));
    unsigned walk = take(r) % 41;
    for (unsigned i = 0; i < walk; i++) {
        chc_move moves[CHC_MAX_MOVES];
        int n = chc_legal_moves(start, moves, CHC_GEN_ALL);
        if (n == 0) break;
        chc_undo u;
        chc_make_move(start, moves[take(r) % (unsigned)n], &u);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    recipe r = {data, size, 0};
    chc_position start;
    make_start(&r, &start);
    chc_game *g = chc_game_new();
    must(g != NULL, "memory");
    chc_game_reset(g, &start);
    static const int position_formats[] = {CHC_FORMAT_FEN, CHC_FORMAT_SHREDDER_FEN,
                                           CHC_FORMAT_EPD, CHC_FORMAT_COVERT, CHC_FORMAT_MSCS,
                                           CHC_FORMAT_MSCS_HEX, CHC_FORMAT_PACK_POSITION};
    size_t nformats = sizeof position_formats / sizeof *position_formats;
    unsigned plies = take(&r) % MAX_PLIES;
    for (unsigned ply = 0; ply <= plies; ply++) {
        chc_position pos;
        must(chc_game_position(g, chc_game_ply_count(g), &pos) == CHC_OK, "game position");
        /* Every position of short games; a sample of the long ones (keeps runs fast). */
        if (ply < 12 || ply % 17 == 0)
            for (size_t f = 0; f < nformats; f++) position_through(&pos, position_formats[f], 0);
        if (ply == plies) break;
        chc_move moves[CHC_MAX_MOVES];
        int n = chc_legal_moves(&pos, moves, CHC_GEN_ALL);
        if (n == 0) break;
        must(chc_game_push(g, moves[take(&r) % (unsigned)n]) == CHC_OK, "push");
    }
    chc_game_set_result(g, (int)(take(&r) % 4));
    static const struct {
        int format;
        unsigned flags;
    } games[] = {
        {CHC_FORMAT_PGN, 0},         {CHC_FORMAT_SAN_LINE, 0},      {CHC_FORMAT_UCI_LINE, 0},
        {CHC_FORMAT_URLSAFE, 0},     {CHC_FORMAT_PACK_GAME, CHC_PACK_LEVEL(1)},
        {CHC_FORMAT_PACK_GAME, CHC_PACK_LEVEL(2)},
    };
    for (size_t i = 0; i < sizeof games / sizeof *games; i++)
        game_through(g, games[i].format, games[i].flags);
    stream_through(g);
    chc_game_free(g);
    return 0;
}
