/* chesscodec render: a picture of a position, or of a game at its end or at a ply. */
#include "../play/play.h"
#include "draw.h"

static const cli_opt opts[] = {
    {"--to", "-t", "FORMAT", "svg (the default), png or gif (a game, animated; built with librsvg, giflib)"},
    {"-o", NULL, "FILE", "write to FILE (whole or not at all) instead of standard output"},
    {"--ply", NULL, "N", "a game's position after N plies (default: its end)"},
    {"--flip", NULL, NULL, "Black at the bottom"},
    {"--size", NULL, "PX", "width and height in pixels (16..8192, default 360)"},
    {"--theme", NULL, "NAME", "light (wood, the default) or dark (slate)"},
    {"--no-coords", NULL, NULL, "no file letters and rank numbers"},
    {"--arrows", NULL, "LIST", "arrows, as e2e4,g1f3"},
    {"--marks", NULL, "LIST", "squares to circle, as e4,d5"},
    {"--delay", NULL, "MS", "gif: milliseconds per move (default 1000; the last frame 3 times as long)"},
    {NULL, NULL, NULL, NULL}};
const cli_spec render_spec = {
    "render", "INPUT",
    "Draws a position, or a game's final position (or the one after --ply N plies), as an SVG\n"
    "or PNG picture: the last move and a king in check highlighted, arrows and marked squares;\n"
    "or a game as an animated GIF, one frame per position, the players and the result shown.\n"
    "INPUT is read as `show` reads it. The pieces are the cburnett set (GPLv2+).\n",
    NULL, opts,
    "Exit status: 0 ok, 1 bad input, 2 bad usage.\n"
    "Example: chesscodec render --arrows g1f3 -o board.svg \"e4 e5\"\n", 1,
    "one INPUT at most (quote a FEN)"};

int cmd_render(const cli_args *a)
{
    const char *size = cli_get(a, "--size"), *delay = cli_get(a, "--delay");
    draw_request r = {cli_get(a, "--to"), cli_get(a, "--theme"), cli_get(a, "--arrows"),
                      cli_get(a, "--marks"), 0, 0, cli_get(a, "--flip") != NULL,
                      cli_get(a, "--no-coords") == NULL};
    const char *bad = size && (cli_parse_long(size, &r.size) || !r.size) ? "--size"
                      : delay && (cli_parse_long(delay, &r.delay_ms) || !r.delay_ms) ? "--delay" : NULL;
    if (bad) {
        cli_error("render", "%s takes a positive number (not '%s')", bad, bad[2] == 's' ? size : delay);
        return CLI_USAGE;
    }
    chc_game *g = chc_game_new();
    int rc = g ? play_load_arg("render", a, g) : CLI_BAD_INPUT;
    cli_out out;
    char err[256] = "";
    if (rc == CLI_OK && (rc = cli_out_open(&out, "render", cli_get(a, "-o"))) == CLI_OK) {
        rc = draw_picture(g, &r, "--", cli_out_write, &out, err, sizeof err);
        if (rc == CLI_OK) rc = cli_out_commit(&out, "render");
        else if (!cli_out_fail(&out, "render")) cli_error("render", "%s", err);
    }
    chc_game_free(g);
    return rc;
}
