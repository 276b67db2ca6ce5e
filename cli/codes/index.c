/* chesscodec index and explore: the position index (the library's chc_index_*, SQLite) built
 * from game files, merged from shards, and its move table for a position. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../cli.h"

static const cli_opt index_opts[] = {
    {"--db", NULL, "FILE", "the index (an SQLite file; created when missing)"},
    {"--plies", NULL, "N", "index the positions of the first N plies of each game\n"
                           "(default 50; a new index only: an existing one keeps its own)"},
    {"--merge", NULL, NULL, "the arguments are indexes (shards built with the same --plies):\n"
                            "add them to --db"},
    {"--quiet", "-q", NULL, "no summary"},
    {NULL, NULL, NULL, NULL}};
const cli_spec index_spec = {
    "index", "[FILE ...|-]",
    "Adds the games of each FILE (PGN, one game a line or a pack stream; .gz, .bz2, .xz and\n"
    ".zst read by their content; none or -: standard input) to the position index --db: for\n"
    "every position of their first plies, the moves played with their results, the average\n"
    "rating and the best-rated games (see explore). Run it again to add more games; a game\n"
    "already in the index is counted as a duplicate, not added. Each FILE is added whole or\n"
    "not at all. With --merge, adds indexes built on shards of an input: the result equals the\n"
    "index of the whole input (docs/index.md: splitting with GNU parallel, Spark, Hadoop).\n",
    NULL, index_opts,
    "A bad game is reported on stderr and skipped, a game without a result skipped; a summary\n"
    "ends the run (\"65000 games: 64990 added, 1 bad, 9 skipped, 0 duplicates\"). Exit status:\n"
    "0 ok (bad games included), 1 an input or the index could not be read or written, 2 bad\n"
    "usage.\n",
    0, NULL};

static void on_error(void *ctx, long item, const chc_diag *d)
{
    long *shown = ctx;
    (void)item;
    if ((*shown)++ < 100) cli_error("index", "%s", d->message);
}

static int add_file(chc_index *ix, const char *path, chc_index_stats *sum, long *shown)
{
    FILE *in = !path || strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!in) {
        cli_error("index", "cannot open '%s': %s", path, strerror(errno));
        return CLI_BAD_INPUT;
    }
    chc_diag d = CHC_DIAG_INIT;
    chc_index_stats s;
    chc_decompressor *dec = chc_decompressor_new(cli_file_read, in, 0);
    int rc = dec ? chc_index_add(ix, chc_decompressor_read, dec, on_error, shown, &s, &d)
                 : CHC_E_NO_MEMORY;
    if (dec && chc_decompressor_error(dec, NULL) != CHC_OK) chc_decompressor_error(dec, &d);
    chc_decompressor_free(dec);
    if (in != stdin) fclose(in);
    if (rc != CHC_OK) {
        cli_error("index", "%s: %s (nothing of it added)", path ? path : "-", cli_diag_text(rc, &d));
        return CLI_BAD_INPUT;
    }
    sum->items += s.items;
    sum->games += s.games;
    sum->bad += s.bad;
    sum->skipped += s.skipped;
    sum->duplicates += s.duplicates;
    return CLI_OK;
}

int cmd_index(const cli_args *a)
{
    const char *db = cli_get(a, "--db"), *plies_text = cli_get(a, "--plies");
    int merge = cli_get(a, "--merge") != NULL;
    long plies = 0;
    if (!db) {
        cli_error("index", "--db FILE is needed");
        return CLI_USAGE;
    }
    if (plies_text && (cli_parse_long(plies_text, &plies) || plies < 1 || plies > CHC_INDEX_PLIES_MAX)) {
        cli_error("index", "--plies needs a number from 1 to %d", CHC_INDEX_PLIES_MAX);
        return CLI_USAGE;
    }
    if (merge && !a->npos) {
        cli_error("index", "--merge needs the indexes to merge");
        return CLI_USAGE;
    }
    chc_index *ix = NULL;
    chc_diag d = CHC_DIAG_INIT;
    int existed = access(db, F_OK) == 0, committed = 0;
    int rc = chc_index_open(db, CHC_INDEX_CREATE, (int)plies, &ix, &d);
    if (rc != CHC_OK) {
        cli_error("index", "%s", cli_diag_text(rc, &d));
        return CLI_BAD_INPUT;
    }
    chc_index_stats sum = {0};
    long shown = 0;
    int status = CLI_OK;
    for (int i = 0; i < (a->npos ? a->npos : 1) && status == CLI_OK; i++) {
        const char *path = a->npos ? a->pos[i] : NULL;
        if (!merge) {
            status = add_file(ix, path, &sum, &shown);
            committed |= status == CLI_OK;
            continue;
        }
        chc_index_stats s;
        rc = chc_index_merge(ix, path, &s, &d);
        if (rc != CHC_OK) {
            cli_error("index", "%s", cli_diag_text(rc, &d));
            status = CLI_BAD_INPUT;
        }
        committed |= rc == CHC_OK;
        sum.games += s.games;
        sum.bad += s.bad;
        sum.skipped += s.skipped;
        sum.duplicates += s.duplicates;
        sum.items += s.games + s.bad + s.skipped + s.duplicates;
    }
    chc_index_close(ix);
    if (status != CLI_OK && !existed && !committed) remove(db); /* no empty index left behind */
    if (shown > 100) cli_error("index", "(%ld more errors not shown)", shown - 100);
    if (!cli_get(a, "--quiet"))
        cli_error("index", "%s%ld game%s: %ld added, %ld bad, %ld skipped (no result), %ld duplicates",
                  merge ? "merged " : "", sum.items, sum.items == 1 ? "" : "s", sum.games, sum.bad,
                  sum.skipped, sum.duplicates);
    return status;
}

static const cli_opt explore_opts[] = {
    {"--db", NULL, "FILE", "the index built by chesscodec index"},
    {"--json", NULL, NULL, "one JSON object (the API's)"},
    {"--chess960", NULL, NULL, "read a FEN as Chess960 even if it looks standard"},
    {NULL, NULL, NULL, NULL}};
const cli_spec explore_spec = {
    "explore", "[POSITION]",
    "Shows what the games of the index --db played from POSITION (FEN, startpos or any position\n"
    "code; or a game, such as \"e4 c5 Nf3\": the position it reaches; default: the start\n"
    "position), as lichess's opening explorer does: per move the\n"
    "games, their share, White / Draw / Black and the average rating, most played first; then\n"
    "the best-rated games. A position no game reached prints the empty table.\n",
    NULL, explore_opts, "Exit status: 0 ok, 1 a bad position or index, 2 bad usage.\n",
    1, "give one POSITION at most (quote a FEN)"};

int cmd_explore(const cli_args *a)
{
    const char *db = cli_get(a, "--db");
    if (!db) {
        cli_error("explore", "--db FILE is needed");
        return CLI_USAGE;
    }
    chc_position pos;
    chc_diag d = CHC_DIAG_INIT;
    chc_index *ix = NULL;
    chc_explore *e = malloc(sizeof *e);
    char *text = malloc(1 << 16);
    size_t len = 0;
    int rc = e && text ? CHC_OK : CHC_E_NO_MEMORY;
    const char *what = a->npos ? a->pos[0] : "startpos";
    if (rc == CHC_OK) rc = cli_position_arg(what, cli_get(a, "--chess960") != NULL, &pos, &d);
    if (rc == CHC_E_FORMAT) {
        /* a game (moves, PGN, a game code): the position it reaches */
        chc_game *g = chc_game_new();
        chc_diag gd = CHC_DIAG_INIT;
        int grc = g ? chc_game_read(what, strlen(what), CHC_FORMAT_AUTO, g, NULL, &gd) : CHC_E_NO_MEMORY;
        if (grc == CHC_OK) rc = chc_game_position(g, chc_game_ply_count(g), &pos);
        else if (grc != CHC_E_FORMAT) rc = grc, d = gd; /* a game with a fault: say where */
        chc_game_free(g);
    }
    if (rc == CHC_OK) rc = chc_index_open(db, CHC_INDEX_READ_ONLY, 0, &ix, &d);
    if (rc == CHC_OK) rc = chc_index_explore(ix, &pos, e, &d);
    if (rc == CHC_OK)
        rc = chc_explore_write(e, cli_get(a, "--json") ? CHC_EXPLORE_JSON : 0, text, 1 << 16, &len, &d);
    if (rc == CHC_OK) fwrite(text, 1, len, stdout);
    else cli_error("explore", "%s", cli_diag_text(rc, &d));
    chc_index_close(ix);
    free(e);
    free(text);
    return rc == CHC_OK ? CLI_OK : CLI_BAD_INPUT;
}
