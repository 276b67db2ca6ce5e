/* chesscodec render: a picture of a position, or of a game at its end or at a ply. */
#include <stdlib.h>
#include <string.h>

#include "../play/play.h"

static const cli_opt opts[] = {
    {"--to", "-t", "FORMAT", "svg (the default) or png (when built with librsvg)"},
    {"-o", NULL, "FILE", "write to FILE (whole or not at all) instead of standard output"},
    {"--ply", NULL, "N", "a game's position after N plies (default: its end)"},
    {"--flip", NULL, NULL, "Black at the bottom"},
    {"--size", NULL, "PX", "width and height in pixels (16..8192, default 360)"},
    {"--theme", NULL, "NAME", "light (wood, the default) or dark (slate)"},
    {"--no-coords", NULL, NULL, "no file letters and rank numbers"},
    {"--arrows", NULL, "LIST", "arrows, as e2e4,g1f3"},
    {"--marks", NULL, "LIST", "squares to circle, as e4,d5"},
    {NULL, NULL, NULL, NULL}};
const cli_spec render_spec = {
    "render", "INPUT",
    "Draws a position, or a game's final position (or the one after --ply N plies), as an SVG\n"
    "or PNG picture: the last move and a king in check highlighted, arrows and marked squares.\n"
    "INPUT is read as `show` reads it. The pieces are the cburnett set (GPLv2+).\n",
    NULL, opts,
    "Exit status: 0 ok, 1 bad input, 2 bad usage.\n"
    "Example: chesscodec render --arrows g1f3 -o board.svg \"e4 e5\"\n", 1,
    "one INPUT at most (quote a FEN)"};

/* The options into *o (arrows into arrows[]). Returns CLI_OK or CLI_USAGE. */
static int options(const cli_args *a, chc_render_options *o, chc_move *arrows)
{
    const char *to = cli_get(a, "--to"), *size = cli_get(a, "--size"), *theme = cli_get(a, "--theme");
    const char *lists[2] = {cli_get(a, "--arrows"), cli_get(a, "--marks")};
    long px = 0;
    chc_render_options_init(o);
    o->flip = cli_get(a, "--flip") != NULL;
    o->coords = cli_get(a, "--no-coords") == NULL;
    o->arrows = arrows;
    if (to && strcmp(to, "svg") != 0 && strcmp(to, "png") != 0) {
        cli_error("render", "--to: unknown picture format '%s' (known: svg, png)", to);
        return CLI_USAGE;
    }
    if (size && (cli_parse_long(size, &px) || px < CHC_RENDER_SIZE_MIN || px > CHC_RENDER_SIZE_MAX)) {
        cli_error("render", "--size takes pixels from %d to %d (not '%s')", CHC_RENDER_SIZE_MIN,
                  CHC_RENDER_SIZE_MAX, size);
        return CLI_USAGE;
    }
    o->size = (int)px;
    if (theme && strcmp(theme, "light") != 0 && strcmp(theme, "dark") != 0) {
        cli_error("render", "--theme: light or dark (not '%s')", theme);
        return CLI_USAGE;
    }
    o->theme = theme && !strcmp(theme, "dark") ? CHC_RENDER_THEME_DARK : CHC_RENDER_THEME_LIGHT;
    for (int i = 0; i < 2; i++) {
        chc_diag d = CHC_DIAG_INIT;
        size_t n = 0;
        int rc = lists[i] ? chc_render_annotations_read(lists[i], strlen(lists[i]), arrows + o->n_arrows,
                                                        CHC_RENDER_MAX_ARROWS - o->n_arrows, &n,
                                                        &o->marks, &d)
                          : CHC_OK;
        if (rc != CHC_OK) {
            cli_error("render", "%s: %s", i ? "--marks" : "--arrows", cli_diag_text(rc, &d));
            return CLI_USAGE;
        }
        o->n_arrows += n;
    }
    return CLI_OK;
}

int cmd_render(const cli_args *a)
{
    chc_render_options o;
    chc_move arrows[CHC_RENDER_MAX_ARROWS];
    chc_game *g = chc_game_new();
    char *svg = malloc(CHC_RENDER_SVG_MAX);
    int rc = !g || !svg ? CLI_BAD_INPUT : options(a, &o, arrows);
    if (rc == CLI_OK) rc = play_load_arg("render", a, g);
    if (rc == CLI_OK) {
        chc_diag d = CHC_DIAG_INIT;
        size_t len = 0;
        o.last_move = play_last(g, NULL);
        int r = chc_render_svg(chc_game_current(g), &o, svg, CHC_RENDER_SVG_MAX, &len, &d);
        cli_out out;
        if (r != CHC_OK) {
            cli_error("render", "%s", cli_diag_text(r, &d));
            rc = CLI_BAD_INPUT;
        } else if ((rc = cli_out_open(&out, "render", cli_get(a, "-o"))) == CLI_OK) {
            const char *to = cli_get(a, "--to");
            char err[256] = "";
            if (to && !strcmp(to, "png"))
                rc = draw_png(svg, len, o.size ? o.size : CHC_RENDER_SIZE_DEFAULT, out.f, err, sizeof err);
            else
                fwrite(svg, 1, len, out.f);
            if (rc != CLI_OK) {
                cli_error("render", "%s", err);
                cli_out_abort(&out);
            } else {
                rc = cli_out_commit(&out, "render");
            }
        }
    }
    free(svg);
    chc_game_free(g);
    return rc;
}
