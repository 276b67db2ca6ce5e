/* bench_render: SVG pictures per second (chc_render_svg) beside FEN writes per second on the
 * same positions (the anchor), over the positions of an EPD file (tests/data/core/standard.epd).
 * Each picture has coordinates, a last move and an arrow, as `render` draws a game. When the
 * library was built with librsvg (chc_build_features), PNG pictures per second too
 * (chc_render_png: rasterised and encoded, the bytes counted), and with giflib GIF frames per
 * second (chc_render_gif of the Opera game, 33 plies: 34 frames).
 *
 *     bench_render POSITIONS.epd
 *
 * Rounds alternate the two so that a load spike hits both; the ratio is the median of the
 * per-round ratios. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chesscodec.h"
#include "bench_util.h"

#define ROUNDS 7
#define MAX_POS 1024

static chc_position positions[MAX_POS];
static size_t npos;
static volatile size_t sink;
static char svg[CHC_RENDER_SVG_MAX];

static void fen_write(void)
{
    char buf[CHC_FEN_MAX];
    for (size_t i = 0; i < npos; i++) sink += chc_position_to_fen(&positions[i], buf, sizeof buf, 0);
}

static void svg_write(void)
{
    chc_render_options o = CHC_RENDER_OPTIONS_INIT;
    chc_move arrow = CHC_MAKE_MOVE(12, 28, 0, 0);
    o.arrows = &arrow;
    o.n_arrows = 1;
    for (size_t i = 0; i < npos; i++) {
        size_t len = 0;
        o.last_move = CHC_MAKE_MOVE(i % 64, (i + 17) % 64, 0, 0);
        chc_render_svg(&positions[i], &o, svg, sizeof svg, &len, NULL);
        sink += len;
    }
}

static int count(void *ctx, const void *data, size_t len)
{
    (void)ctx, (void)data;
    sink += len;
    return 0;
}
static void png_write(void)
{
    for (size_t i = 0; i < npos; i++) chc_render_png(&positions[i], NULL, count, NULL, NULL);
}
static chc_game *opera;
static void gif_write(void)
{
    chc_render_gif(opera, (size_t)-1, NULL, 1000, count, NULL, NULL);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_render POSITIONS.epd\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        fprintf(stderr, "bench_render: cannot read %s\n", argv[1]);
        return 1;
    }
    char line[512];
    while (npos < MAX_POS && fgets(line, sizeof line, f)) {
        char *semi = strchr(line, ';');
        if (semi) *semi = 0;
        if (chc_position_from_fen(&positions[npos], line, 0, NULL) == CHC_OK) npos++;
    }
    fclose(f);
    if (!npos) {
        fprintf(stderr, "bench_render: no position in %s\n", argv[1]);
        return 1;
    }
    double fen[ROUNDS], pic[ROUNDS], ratio[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        fen[r] = rate(fen_write, npos, 0.2);
        pic[r] = rate(svg_write, npos, 0.2);
        ratio[r] = pic[r] / fen[r];
    }
    double fen_rate = median(fen, ROUNDS), pic_rate = median(pic, ROUNDS);
    double pic_ratio = median(ratio, ROUNDS);
    size_t bytes = 0;
    svg_write();
    for (size_t i = 0; i < npos; i++) {
        size_t len = 0;
        chc_render_svg(&positions[i], NULL, svg, sizeof svg, &len, NULL);
        bytes += len;
    }
    printf("  %zu positions; an SVG picture is %zu bytes on average\n", npos, bytes / npos);
    printf("  %-22s %12.0f positions/s\n", "FEN write (anchor)", fen_rate);
    printf("  %-22s %12.0f pictures/s    %.4fx FEN write (%.0f FEN writes per picture)\n",
           "SVG picture", pic_rate, pic_ratio, 1 / pic_ratio);
    double png[3], gif[3];
    if (chc_build_features() & CHC_FEATURE_PNG) {
        for (int r = 0; r < 3; r++) png[r] = rate(png_write, npos, 0.2);
        printf("  %-22s %12.0f pictures/s    %.6fx FEN write, %.4fx SVG (360 px, librsvg)\n",
               "PNG picture", median(png, 3), median(png, 3) / fen_rate, median(png, 3) / pic_rate);
    } else {
        printf("  PNG picture: not measured (built without librsvg: apt-get install librsvg2-dev)\n");
    }
    static const char opera_line[] = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 "
                                     "b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 "
                                     "Qb8+ Nxb8 Rd8#";
    opera = chc_game_new();
    if ((chc_build_features() & CHC_FEATURE_GIF) && opera &&
        chc_game_read(opera_line, sizeof opera_line - 1, CHC_FORMAT_AUTO, opera, NULL, NULL) == CHC_OK) {
        for (int r = 0; r < 3; r++) gif[r] = rate(gif_write, chc_game_ply_count(opera) + 1, 0.5);
        printf("  %-22s %12.0f frames/s      %.4fx PNG (the Opera game: 34 frames, 360 px)\n",
               "GIF frame", median(gif, 3), median(gif, 3) / median(png, 3));
    } else {
        printf("  GIF frame: not measured (built without giflib: apt-get install libgif-dev)\n");
    }
    chc_game_free(opera);
    printf("  (medians of %d interleaved rounds, PNG of 3; the ratio is the median per-round ratio)\n",
           ROUNDS);
    return 0;
}
