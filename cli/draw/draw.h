/* The pictures of `render` and of serve's /api/image, drawn by the library (chc_render_svg,
 * and chc_render_png / chc_render_gif when it was built with librsvg and giflib). */
#ifndef CHC_CLI_DRAW_H
#define CHC_CLI_DRAW_H
#include "../cli.h"

/* A picture as `render` and serve's /api/image ask for it. */
typedef struct draw_request {
    const char *kind;           /* "svg" (also NULL), "png" or "gif" */
    const char *theme;          /* "light" (also NULL) or "dark" */
    const char *arrows, *marks; /* lists as chc_render_annotations_read() reads them, or NULL */
    long size;                  /* pixels, CHC_RENDER_SIZE_MIN..MAX; 0: the default */
    long delay_ms;              /* gif: per move, 10..60000; 0: 1000 (the last frame: 3 times) */
    int flip, coords;
} draw_request;
/* Draws g at its cursor (gif: its main line up to the cursor) as req asks, through w(ctx).
 * Returns CLI_OK; CLI_USAGE when a setting is bad (err names it, as prefix + its name: "--size"
 * or "size"); CLI_BAD_INPUT with err (a library built without PNG or GIF: err says "built
 * without"). Nothing is written on a bad setting. */
int draw_picture(const chc_game *g, const draw_request *req, const char *prefix, chc_write_fn w,
                 void *ctx, char *err, size_t errcap);
/* The MIME type of a picture kind ("image/svg+xml", "image/png", "image/gif"). */
const char *draw_mime(const char *kind);
#endif
