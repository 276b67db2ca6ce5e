/* pack_golden: makes the golden vectors of the pack codes (tests/data/pack/golden-*.tsv.xz)
 * and the inputs of the legacy vectors (tools/pack_legacy_vectors.sh).
 *
 * Usage: pack_golden MODE GAMES_DIR > OUT
 *   GAMES_DIR  the folder of lichess-65k.pgn.xz and chess960-466.pgn.xz
 *   MODE       games             golden game codes of the current version
 *              positions         golden position codes of the current version
 *              positions-v2      golden position codes of version 2 (the same positions)
 *              legacy-games      game lines for the 0.1 builds to pack
 *              legacy-positions  FENs for the 0.1 builds to pack
 *
 * Output lines (tab-separated):
 *   games:      code  level  result  variant  FEN  moves
 *   positions:  code  FEN  decoded-FEN
 *   legacy-games: level  variant  FEN  moves;  legacy-positions: FEN
 * variant is "standard" or "chess960" (the start's chess960 flag); FENs are Shredder-FEN
 * (castling as rook files) so that every start reads back exactly; moves are UCI.
 *
 * A version's golden vectors are made once, when the version is made, and never again: the
 * tests compare every later build against them. Everything here is deterministic (fixed
 * game numbers and a fixed pseudo-random sequence). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"
#include "pack_tools.h"

typedef pt_game game;

static uint64_t rng = 0x853c49e6748fea9bull;
static uint64_t rnd(void)
{
    return pt_rnd(&rng);
}

/* Every game of a PGN (.xz) file; bad games are left out. */
static game *load_pgn(const char *dir, const char *name, size_t *count)
{
    char path[4200];
    snprintf(path, sizeof path, "%.2000s/%.2000s", dir, name);
    game *v = pt_load_pgn(path, 0, count);
    if (!v || *count == 0) {
        fprintf(stderr, "pack_golden: no games in %s\n", path);
        exit(1);
    }
    return v;
}

static void position_after(const game *g, size_t k, chc_position *pos)
{
    *pos = g->start;
    for (size_t i = 0; i < k && i < g->n; i++) {
        chc_undo u;
        chc_make_move(pos, g->moves[i], &u);
    }
}

/* A random legal game (pawn moves preferred, so that pawns promote and en passant happens). */
static game random_game(const chc_position *start, size_t plies)
{
    game g;
    g.start = *start;
    g.moves = malloc((plies + 1) * sizeof *g.moves);
    g.n = 0;
    g.result = CHC_RESULT_UNKNOWN;
    chc_position pos = *start;
    for (size_t k = 0; k < plies; k++) {
        chc_move mv[CHC_MAX_MOVES];
        int nm = chc_legal_moves(&pos, mv, CHC_GEN_ALL);
        if (!nm) break;
        chc_move m = mv[rnd() % (uint64_t)nm];
        for (int t = 0; t < 2 && !(CHC_MOVE_FLAGS(m) & CHC_MF_PAWN); t++) m = mv[rnd() % (uint64_t)nm];
        for (int i = 0; i < nm; i++) /* take an en-passant capture when there is one */
            if (CHC_MOVE_FLAGS(mv[i]) & CHC_MF_EN_PASSANT) m = mv[i];
        g.moves[g.n++] = m;
        chc_undo u;
        chc_make_move(&pos, m, &u);
    }
    return g;
}

static void put_fen(const chc_position *pos, FILE *o)
{
    char fen[CHC_FEN_MAX];
    chc_position_to_fen(pos, fen, sizeof fen, chc_is_chess960(pos) ? CHC_FEN_SHREDDER : 0u);
    fputs(fen, o);
}

static void put_start(const game *g, FILE *o)
{
    fprintf(o, "%s\t", g->start.chess960 ? "chess960" : "standard");
    put_fen(&g->start, o);
    fputc('\t', o);
    chc_position pos = g->start;
    for (size_t i = 0; i < g->n; i++) {
        char u[CHC_UCI_MAX];
        chc_move_to_uci(&pos, g->moves[i], u);
        fprintf(o, "%s%s", i ? " " : "", u);
        chc_undo un;
        chc_make_move(&pos, g->moves[i], &un);
    }
}

static long emitted;

static void emit_game(const game *g, int level, int legacy)
{
    if (legacy) {
        fprintf(stdout, "%d\t", level);
        put_start(g, stdout);
        fputc('\n', stdout);
        emitted++;
        return;
    }
    size_t cap = CHC_PACK_GAME_TEXT_MAX(g->n), len;
    char *text = malloc(cap);
    chc_game *cg = chc_game_new();
    chc_game_reset(cg, &g->start);
    for (size_t i = 0; i < g->n; i++)
        if (chc_game_push(cg, g->moves[i])) {
            fprintf(stderr, "pack_golden: illegal move\n");
            exit(1);
        }
    chc_game_set_result(cg, g->result);
    chc_diag d = CHC_DIAG_INIT;
    if (!text || chc_pack_game_write(cg, CHC_PACK_LEVEL(level), text, cap, &len, &d) != CHC_OK) {
        fprintf(stderr, "pack_golden: %s\n", d.message);
        exit(1);
    }
    /* the start as the code gives it back (an en-passant square no pawn can take is dropped) */
    chc_game *back = chc_game_new();
    if (!back || chc_pack_game_read(text, len, back, NULL, &d) != CHC_OK) {
        fprintf(stderr, "pack_golden: %s\n", d.message);
        exit(1);
    }
    game shown = *g;
    shown.start = *chc_game_start(back);
    chc_game_free(back);
    fprintf(stdout, "%s\t%d\t%s\t", text, level, chc_result_string(g->result));
    put_start(&shown, stdout);
    fputc('\n', stdout);
    emitted++;
    chc_game_free(cg);
    free(text);
}

/* A prefix of g (the first k plies), as a game in progress or with a given result. */
static game prefix(const game *g, size_t k, int result)
{
    game p = *g;
    p.n = k < g->n ? k : g->n;
    p.result = result;
    return p;
}

/* A game from the position after k plies of g. */
static game from_ply(const game *g, size_t k)
{
    game p = *g;
    if (k > g->n) k = g->n;
    position_after(g, k, &p.start);
    p.moves = g->moves + k;
    p.n = g->n - k;
    return p;
}

static void games(const char *dir, int legacy)
{
    size_t nl, nc;
    game *li = load_pgn(dir, "lichess-65k.pgn.xz", &nl);
    game *c9 = load_pgn(dir, "chess960-466.pgn.xz", &nc);
    int counter = 0;
#define LEVEL() (legacy ? 1 + (counter++ % 10 == 9) : 1 + (counter++ % 4 == 3))
    /* 1. lichess games, their own results */
    for (size_t i = 0; i < nl; i += legacy ? 327 : 93) emit_game(&li[i], LEVEL(), legacy);
    /* 2. Chess960 games */
    for (size_t i = 0; i < nc; i += legacy ? 16 : 2) emit_game(&c9[i], LEVEL(), legacy);
    /* 3. starts from a FEN: positions of lichess and Chess960 games */
    for (size_t i = 7; i < nl; i += legacy ? 3001 : 811) {
        game p = from_ply(&li[i], 10 + i % 30);
        emit_game(&p, LEVEL(), legacy);
    }
    for (size_t i = 5; i < nc; i += legacy ? 97 : 23) {
        game p = from_ply(&c9[i], i % 3 ? 4 + i % 9 : 0); /* ply 0: a Chess960 start again */
        if (i % 5 == 0) p.start.chess960 = 0;             /* ... or without the flag */
        if (chc_position_validate(&p.start, NULL) != CHC_OK) continue;
        emit_game(&p, LEVEL(), legacy);
    }
    /* 4. games in progress ("*") and arbitrary results on cut games */
    for (size_t i = 3; i < nl; i += legacy ? 2003 : 997) {
        game p = prefix(&li[i], 5 + i % 60, (int)(i % 4));
        emit_game(&p, LEVEL(), legacy);
    }
    /* 5. long games (200 plies and more) and stalemates */
    int longs = 0, stales = 0;
    for (size_t i = 0; i < nl; i++) {
        chc_position end;
        position_after(&li[i], li[i].n, &end);
        int stale = chc_count_legal_moves(&end) == 0 && !end.checkers;
        if (li[i].n >= 200 && longs < (legacy ? 8 : 40)) {
            longs++;
            emit_game(&li[i], LEVEL(), legacy);
        } else if (stale && stales < (legacy ? 3 : 12)) {
            stales++;
            emit_game(&li[i], LEVEL(), legacy);
        }
    }
    /* 6. random games: promotions, en passant, Chess960 castling, every result */
    for (int i = 0; i < (legacy ? 12 : 60); i++) {
        chc_position st;
        if (i % 3 == 1) chc_position_chess960(&st, (int)(rnd() % 960));
        else chc_position_startpos(&st);
        game r = random_game(&st, 100 + (size_t)(rnd() % 500));
        r.result = (int)(rnd() % 4);
        emit_game(&r, LEVEL(), legacy);
        free(r.moves);
    }
    /* 7. edges: empty games of each kind of start and result, starts with no legal move */
    static const char *fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5 40",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",         /* stalemated */
        "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1",       /* mated */
        "4k3/8/8/8/8/8/8/4K3 w - - 99 300",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",      /* both sides promote */
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        game e;
        chc_position_from_fen(&e.start, fens[i], 0, NULL);
        e.moves = NULL;
        e.n = 0;
        for (int res = 0; res < 4; res++) {
            e.result = res;
            emit_game(&e, legacy ? 1 : 1 + res % 2, legacy);
            if (legacy) break;
        }
        game r = random_game(&e.start, 40);
        r.result = (int)(i % 4);
        emit_game(&r, LEVEL(), legacy);
        free(r.moves);
    }
    chc_position s960;
    chc_position_chess960(&s960, 518); /* the standard array as a Chess960 start */
    game e960 = {s960, NULL, 0, CHC_RESULT_DRAW};
    emit_game(&e960, 1, legacy);
    fprintf(stderr, "pack_golden: %ld games\n", emitted);
}

static unsigned pos_flags; /* CHC_PACK_POS_V(n) of the position codes written */

static void emit_position(const chc_position *pos, int legacy)
{
    if (legacy) {
        put_fen(pos, stdout);
        fputc('\n', stdout);
        emitted++;
        return;
    }
    char text[CHC_PACK_POS_TEXT_MAX];
    chc_diag d = CHC_DIAG_INIT;
    chc_position back;
    if (chc_pack_position_write(pos, pos_flags, text, sizeof text, NULL, &d) != CHC_OK ||
        chc_pack_position_read(text, strlen(text), &back, NULL, &d) != CHC_OK) {
        fprintf(stderr, "pack_golden: %s\n", d.message);
        exit(1);
    }
    fprintf(stdout, "%s\t", text);
    put_fen(pos, stdout);
    fputc('\t', stdout);
    put_fen(&back, stdout);
    fputc('\n', stdout);
    emitted++;
}

static void positions(const char *dir, int legacy)
{
    size_t nl, nc;
    game *li = load_pgn(dir, "lichess-65k.pgn.xz", &nl);
    game *c9 = load_pgn(dir, "chess960-466.pgn.xz", &nc);
    int scale = legacy ? 4 : 1; /* the legacy set is four times larger */
    chc_position pos;
    for (size_t i = 0; i < nl; i += 163 / (size_t)scale) { /* standard games, any ply */
        position_after(&li[i], li[i].n ? rnd() % (li[i].n + 1) : 0, &pos);
        emit_position(&pos, legacy);
    }
    for (size_t i = 0; i < nc; i++) { /* Chess960: starts and early plies (rights) */
        if (i % 2 && !legacy) continue;
        position_after(&c9[i], i % 4 == 0 ? 0 : rnd() % 20, &pos);
        emit_position(&pos, legacy);
    }
    long eps = 0;
    for (size_t i = 0; i < nl && eps < 100 * scale; i++) /* en passant possible */
        for (size_t k = 1; k <= li[i].n && eps < 100 * scale; k++) {
            position_after(&li[i], k, &pos);
            chc_move mv[CHC_MAX_MOVES];
            int nm = chc_legal_moves(&pos, mv, CHC_GEN_ALL), ep = 0;
            for (int j = 0; j < nm; j++) ep |= (CHC_MOVE_FLAGS(mv[j]) & CHC_MF_EN_PASSANT) != 0;
            if (ep || (pos.ep != CHC_NO_SQUARE && eps % 4 == 0 && k % 7 == 0)) {
                emit_position(&pos, legacy);
                eps++;
            }
        }
    for (int i = 0; i < 60 * scale; i++) { /* random walks: promoted pieces, odd castling */
        chc_position st;
        if (i % 2) chc_position_chess960(&st, (int)(rnd() % 960));
        else chc_position_startpos(&st);
        game r = random_game(&st, 30 + (size_t)(rnd() % 400));
        for (int k = 0; k < 5; k++) {
            position_after(&r, r.n ? rnd() % (r.n + 1) : 0, &pos);
            emit_position(&pos, legacy);
        }
        free(r.moves);
    }
    static const char *fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
        "K7/8/8/8/8/8/8/6k1 w - - 0 1",
        "8/8/8/8/8/8/8/K1k5 b - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "rnbqkbnr/pp1p1ppp/8/8/2pPp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3", /* two capturers */
        "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1",                              /* edge file */
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "8/8/8/5K1k/8/8/8/6R1 w - - 0 1",
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",                      /* inner rooks */
        "QQQQQQQQ/Q7/8/8/8/8/8/K1k5 b - - 0 1",                          /* nine queens */
        "rrrrkrrr/8/8/8/8/8/8/RRRRKRRR w - - 0 1",
        "k7/8/8/8/8/8/8/BBBBBBBK w - - 0 1",
        "nnnnknnn/8/8/8/8/8/8/NNNNKNNN w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1",
        "7k/8/8/8/8/8/8/KR6 w B - 0 1",
        "1k6/8/8/8/8/8/8/6RK w G - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        if (chc_position_from_fen(&pos, fens[i], 0, NULL) != CHC_OK) {
            fprintf(stderr, "pack_golden: bad FEN %s\n", fens[i]);
            exit(1);
        }
        emit_position(&pos, legacy);
    }
    fprintf(stderr, "pack_golden: %ld positions\n", emitted);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: pack_golden games|positions|positions-v2|legacy-games|legacy-positions GAMES_DIR\n");
        return 2;
    }
    const char *mode = argv[1];
    if (!strcmp(mode, "games")) games(argv[2], 0);
    else if (!strcmp(mode, "legacy-games")) games(argv[2], 1);
    else if (!strcmp(mode, "positions")) positions(argv[2], 0);
    else if (!strcmp(mode, "positions-v2")) pos_flags = CHC_PACK_POS_V(2), positions(argv[2], 0);
    else if (!strcmp(mode, "legacy-positions")) positions(argv[2], 1);
    else {
        fprintf(stderr, "pack_golden: unknown mode %s\n", mode);
        return 2;
    }
    return 0;
}
