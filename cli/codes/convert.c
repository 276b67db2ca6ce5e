/* chesscodec convert: games (PGN, one game a line in any game or position format, or a pack
 * stream) to any format. The options, then the library's chc_convert() (threads, input order,
 * bad items skipped and reported), whose messages go to stderr with a progress display. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../cli.h"

#define CMD "convert"
#define MAX_ERRORS_SHOWN 1000

typedef struct run {
    FILE *in;
    chc_decompressor *dec; /* reads r.in, decompressing .gz, .bz2, .xz, .zst by their content */
    long shown;
    cli_progress pg;
} run;

static void on_error(void *ctx, long item, const chc_diag *d)
{
    run *r = ctx;
    if (r->shown++ < MAX_ERRORS_SHOWN) cli_error(CMD, "%s", d->message);
}

static const char *unit(const chc_convert_stats *st)
{
    return st->input_format == CHC_FORMAT_PGN ? "game"
           : st->input_format == CHC_FORMAT_PACK_STREAM ? "record" : "line";
}

static void on_progress(void *ctx, const chc_convert_stats *st)
{
    run *r = ctx;
    char units[16];
    snprintf(units, sizeof units, "%ss", unit(st));
    cli_progress_show(&r->pg, chc_decompressor_bytes_in(r->dec), st->items, units); /* of the file */
}

static void format_list(FILE *f)
{
    char games[160], positions[160];
    chc_format_names(CHC_KIND_GAME, 0, ", ", games, sizeof games);
    chc_format_names(CHC_KIND_POSITION, CHC_CAP_WRITE, ", ", positions, sizeof positions);
    fprintf(f, "Game formats: %s (\"pack\" is pack-game).\nPosition formats (--to: the position "
               "at the end of each game):\n  %s.\nOne-line outputs carry a non-standard start and "
               "the result.\n", games, positions);
}

static const cli_opt opts[] = {
    {"--to", "-t", "FORMAT", "pgn (default), fens (every position, one FEN a line, a blank\n"
                             "line after each game), pack-stream (binary), or any format"},
    {"--from", "-f", "FORMAT", "auto (default: a pack stream, PGN, else each line detected),\n"
                               "pgn, pack-stream, or the format of every line"},
    {"--threads", NULL, "N", "worker threads (default: all cores); output stays in input order"},
    {"--mainline", NULL, NULL, "PGN output without variations"},
    {"--no-comments", NULL, NULL, "PGN output without comments and NAGs"},
    {"--pack-level", NULL, "N", "with --to pack / pack-stream: the predictor's level (1, the\n"
                                "default, fast; 2 smaller, slower)"},
    {"--pack-version", NULL, "N", "with --to pack-position: the code's version (1, the default,\n"
                                  "or 2: 153 bits)"},
    {"--binary", NULL, NULL, "with --to pack / --from pack: the pack stream (the same as\n"
                             "--to/--from pack-stream; kept for one release)"},
    {"--annotate", NULL, NULL, "PGN output with the engine's analysis as lichess writes it: a\n"
                               "[%eval] comment after each move, ?! ? ?? on inaccuracies,\n"
                               "mistakes and blunders (one thread; a progress bar)"},
    {"--depth", NULL, "N", "with --annotate: search N plies a position (default 12)"},
    {"--movetime", NULL, "MS", "with --annotate: search MS milliseconds a position"},
    {"--nodes", NULL, "N", "with --annotate: search N nodes a position"},
    CLI_BATCH_OPTS,
    {NULL, NULL, NULL, NULL}};
const cli_spec convert_spec = {
    "convert", "[FILE|-]", "Reads games and writes them in another format.\n", format_list, opts,
    "A bad game or line is reported on stderr (game, line, column, token, why) and skipped;\n"
    "in a one-line output its line is empty, so output line N is input line N (or game N of\n"
    "a PGN input; blank input lines stay blank). A PGN whose last game has no result token\n"
    "(a file cut off) is warned about. A summary ends the run (\"10000 lines: 9998\n"
    "converted, 2 bad\"). Exit status: 0 when every game converted, 1 when some were bad or\n"
    "the input could not be read, 2 for bad usage.\n",
    1, "more than one input file"};

/* The options into *o. Returns CLI_OK or CLI_USAGE (with its message). */
static int setup(const cli_args *a, chc_convert_options *o)
{
    const char *to = cli_get(a, "--to") ? cli_get(a, "--to") : "pgn";
    const char *from = cli_get(a, "--from"), *threads = cli_get(a, "--threads");
    int binary = cli_get(a, "--binary") != NULL;
    long n = 0;
    if (binary && strcmp(to, "pack") != 0 && !(from && strcmp(from, "pack") == 0)) {
        cli_error(CMD, "--binary goes with --to pack or --from pack");
        return CLI_USAGE;
    }
    if (binary && strcmp(to, "pack") == 0) to = "pack-stream";
    if (binary && from && strcmp(from, "pack") == 0) from = "pack-stream";
    if (strcmp(to, "fens") == 0) {
        o->to = CHC_FORMAT_FEN;
        o->flags |= CHC_CONVERT_EVERY_POSITION;
    } else if (cli_format_opt(CMD, "--to", to, CHC_KIND_GAME | CHC_KIND_POSITION, 0, &o->to)) {
        return CLI_USAGE;
    }
    if (cli_format_opt(CMD, "--from", from, CHC_KIND_GAME | CHC_KIND_POSITION, CHC_CAP_READ, &o->from))
        return CLI_USAGE;
    if (o->to == CHC_FORMAT_PACK_STREAM && !cli_get(a, "-o") && isatty(STDOUT_FILENO)) {
        cli_error(CMD, "not writing binary to a terminal: use -o FILE or a pipe");
        return CLI_USAGE;
    }
    if (o->to == CHC_FORMAT_PGN)
        o->write_flags = (cli_get(a, "--mainline") ? CHC_PGN_WRITE_NO_VARIATIONS : 0) |
                         (cli_get(a, "--no-comments") ? CHC_PGN_WRITE_NO_COMMENTS : 0);
    const char *lv = cli_get(a, "--pack-level"), *pv = cli_get(a, "--pack-version");
    if (lv) {
        if (o->to != CHC_FORMAT_PACK_GAME && o->to != CHC_FORMAT_PACK_STREAM)
            return cli_error(CMD, "--pack-level goes with --to pack or pack-stream"), CLI_USAGE;
        if (lv[0] < '1' || lv[0] > '0' + CHC_PACK_GAME_LEVELS || lv[1])
            return cli_error(CMD, "--pack-level takes 1..%d (not '%s')", CHC_PACK_GAME_LEVELS, lv),
                   CLI_USAGE;
        o->write_flags = CHC_PACK_LEVEL(lv[0] - '0');
    }
    if (pv) {
        if (o->to != CHC_FORMAT_PACK_POSITION)
            return cli_error(CMD, "--pack-version goes with --to pack-position"), CLI_USAGE;
        if (pv[0] < '1' || pv[0] > '0' + CHC_PACK_POS_VERSION_MAX || pv[1])
            return cli_error(CMD, "--pack-version takes 1..%d (not '%s')", CHC_PACK_POS_VERSION_MAX,
                             pv), CLI_USAGE;
        o->write_flags = CHC_PACK_POS_V(pv[0] - '0');
    }
    if (cli_get(a, "--strict")) o->flags |= CHC_CONVERT_STRICT;
    if (threads && (cli_parse_long(threads, &n) || n < 1 || n > 256)) {
        cli_error(CMD, "--threads needs a number from 1 to 256");
        return CLI_USAGE;
    }
    o->threads = (int)n;
    return CLI_OK;
}

/* --annotate: each game read, analysed (chc_game_analyse), annotated (chc_game_annotate) and
 * written as PGN, one at a time (the engine is single-threaded). */
static int annotate(const cli_args *a, run *r, const chc_convert_options *o, chc_compressor *z,
                    chc_convert_stats *s, chc_diag *d)
{
    chc_search_limits l;
    if (cli_limits_opt(CMD, a, &l) != CLI_OK) return CHC_E_ARGUMENT;
    chc_reader *rd = chc_reader_new(chc_decompressor_read, r->dec, o->from, 0);
    chc_game *g = chc_game_new();
    chc_engine *e = chc_engine_new(64);
    chc_search_result *ev = NULL;
    char *text = NULL, label[48];
    size_t cap = 0, len, evcap = 0;
    int rc = rd && g && e ? CHC_OK : CHC_E_NO_MEMORY;
    while (rc == CHC_OK) {
        chc_read_info info = {0, 0, 0, 0};
        int got = chc_reader_next_game(rd, g, &info, d);
        if (got == CHC_E_GAME_END) break;
        if (got == CHC_E_IO || got == CHC_E_NO_MEMORY) {
            rc = got;
            break;
        }
        s->items++;
        if (got == CHC_E_EMPTY) {
            s->blank++;
            continue;
        }
        if (got == CHC_OK) {
            size_t n = chc_game_ply_count(g) + 1;
            if (n > evcap) {
                chc_search_result *ne = realloc(ev, n * sizeof *ne);
                if (!ne) {
                    rc = CHC_E_NO_MEMORY;
                    break;
                }
                ev = ne;
                evcap = n;
            }
            snprintf(label, sizeof label, "game %ld", s->items);
            got = chc_game_analyse(e, g, &l, ev, evcap,
                                   cli_get(a, "--quiet") ? NULL : cli_progress_bar, label);
            if (got == CHC_OK) got = chc_game_annotate(g, ev, n, 0);
            if (got == CHC_OK) got = cli_game_text(g, CHC_FORMAT_PGN, o->write_flags, &text, &cap, &len, d);
            if (got == CHC_OK && chc_compressor_write(z, text, len)) rc = CHC_E_IO;
            if (got == CHC_OK) s->converted++;
            else snprintf(d->message, sizeof d->message, "game %ld: %s", s->items, chc_strerror(got));
        }
        if (got != CHC_OK) {
            s->bad++;
            on_error(r, s->items, d);
            if (o->flags & CHC_CONVERT_STRICT) rc = got;
        }
    }
    s->input_format = rd ? chc_reader_format(rd) : CHC_FORMAT_PGN;
    free(text);
    free(ev);
    chc_engine_free(e);
    chc_game_free(g);
    chc_reader_free(rd);
    return rc;
}

int cmd_convert(const cli_args *a)
{
    run r = {0};
    chc_convert_options o = {0};
    int quiet = cli_get(a, "--quiet") != NULL;
    const char *in_path = a->npos ? a->pos[0] : NULL;
    int rc = setup(a, &o);
    if (rc != CLI_OK) return rc;
    int ann = cli_get(a, "--annotate") != NULL;
    if (!ann && (cli_get(a, "--depth") || cli_get(a, "--movetime") || cli_get(a, "--nodes"))) {
        cli_error(CMD, "--depth, --movetime and --nodes go with --annotate");
        return CLI_USAGE;
    }
    if (ann && o.to != CHC_FORMAT_PGN) {
        cli_error(CMD, "--annotate writes PGN (its comments and NAGs): leave --to out or say pgn");
        return CLI_USAGE;
    }
    chc_search_limits lim;
    if (ann && cli_limits_opt(CMD, a, &lim) != CLI_OK) return CLI_USAGE;
    r.in = !in_path || strcmp(in_path, "-") == 0 ? stdin : fopen(in_path, "rb");
    if (!r.in) {
        cli_error(CMD, "cannot open '%s': %s", in_path, strerror(errno));
        return CLI_BAD_INPUT;
    }
    cli_note_input(in_path);
    struct stat st;
    cli_out out;
    if (cli_out_open(&out, CMD, cli_get(a, "-o")) != CLI_OK) {
        if (r.in != stdin) fclose(r.in);
        return CLI_BAD_INPUT;
    }
    static char obuf[1 << 16];
    setvbuf(out.f, obuf, _IOFBF, sizeof obuf);
    cli_progress_init(&r.pg, quiet, fstat(fileno(r.in), &st) == 0 && S_ISREG(st.st_mode)
                                        ? (uint64_t)st.st_size : 0);
    o.on_error = on_error;
    o.on_progress = on_progress;
    o.ctx = &r;
    chc_convert_stats s = {0};
    chc_diag d = CHC_DIAG_INIT;
    chc_compressor *z = NULL;
    r.dec = chc_decompressor_new(cli_file_read, r.in, o.threads);
    rc = r.dec ? chc_compressor_new(chc_compression_of_path(cli_get(a, "-o")), 0, o.threads, cli_out_write,
                                    &out, &z, &d)
               : CHC_E_NO_MEMORY;
    if (rc == CHC_OK && ann) rc = annotate(a, &r, &o, z, &s, &d);
    else if (rc == CHC_OK) rc = chc_convert(chc_decompressor_read, r.dec, &o, chc_compressor_write, z, &s, &d);
    if (rc == CHC_OK) rc = chc_compressor_finish(z, &d);
    if (chc_decompressor_error(r.dec, NULL) != CHC_OK) chc_decompressor_error(r.dec, &d); /* why reading stopped */
    chc_compressor_free(z);
    chc_decompressor_free(r.dec);
    cli_progress_end(&r.pg);
    if (r.in != stdin) fclose(r.in);
    if (r.shown > MAX_ERRORS_SHOWN)
        cli_error(CMD, "(%ld more errors not shown)", r.shown - MAX_ERRORS_SHOWN);
    if (rc == CHC_OK && (s.flags & CHC_READ_NO_RESULT))
        cli_error(CMD, "warning: game %ld ends at the end of the input without a result token "
                       "(was the file cut off?)", s.items);
    if (rc != CHC_OK) {
        if (!cli_out_fail(&out, CMD) && (!(o.flags & CHC_CONVERT_STRICT) || !s.bad))
            cli_error(CMD, "%s", cli_diag_text(rc, &d));
        return CLI_BAD_INPUT;
    }
    if (cli_out_commit(&out, CMD) != CLI_OK) return CLI_BAD_INPUT;
    char blank[48] = "";
    if (s.blank) snprintf(blank, sizeof blank, ", %ld blank", s.blank);
    if (!quiet)
        cli_error(CMD, "%ld %s%s: %ld converted%s, %ld bad", s.items, unit(&s),
                  s.items == 1 ? "" : "s", s.converted, blank, s.bad);
    return s.bad ? CLI_BAD_INPUT : CLI_OK;
}
