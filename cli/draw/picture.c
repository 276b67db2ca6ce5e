/* The pictures `render` writes and serve's /api/image answers: a request's settings read once,
 * then the library draws (chc_render_svg, chc_render_png, chc_render_gif). */
#include <stdlib.h>
#include <string.h>

#include "draw.h"

const char *draw_mime(const char *kind)
{
    return kind && !strcmp(kind, "png") ? "image/png"
           : kind && !strcmp(kind, "gif") ? "image/gif" : "image/svg+xml";
}

/* The request's settings into *o (arrows into arrows[]). Returns CLI_OK or CLI_USAGE. */
static int settings(const draw_request *r, const char *pre, chc_render_options *o, chc_move *arrows,
                    char *err, size_t errcap)
{
    const char *lists[2] = {r->arrows, r->marks}, *t = r->theme, *k = r->kind;
    chc_render_options_init(o);
    o->flip = r->flip, o->coords = r->coords, o->arrows = arrows, o->size = (int)r->size;
    if (k && strcmp(k, "svg") && strcmp(k, "png") && strcmp(k, "gif"))
        snprintf(err, errcap, "%sto: unknown picture format '%.40s' (known: svg, png, gif)", pre, k);
    else if (r->delay_ms && (r->delay_ms < 10 || r->delay_ms > 60000))
        snprintf(err, errcap, "%sdelay takes milliseconds from 10 to 60000 (not %ld)", pre, r->delay_ms);
    else if (r->size && (r->size < CHC_RENDER_SIZE_MIN || r->size > CHC_RENDER_SIZE_MAX))
        snprintf(err, errcap, "%ssize takes pixels from %d to %d (not %ld)", pre, CHC_RENDER_SIZE_MIN,
                 CHC_RENDER_SIZE_MAX, r->size);
    else if (t && strcmp(t, "light") && strcmp(t, "dark"))
        snprintf(err, errcap, "%stheme: light or dark (not '%.40s')", pre, t);
    else
        err[0] = 0;
    o->theme = t && !strcmp(t, "dark") ? CHC_RENDER_THEME_DARK : CHC_RENDER_THEME_LIGHT;
    for (int i = 0; i < 2 && !err[0]; i++) {
        chc_diag d = CHC_DIAG_INIT;
        size_t n = 0;
        int rc = lists[i] ? chc_render_annotations_read(lists[i], strlen(lists[i]), arrows + o->n_arrows,
                                                        CHC_RENDER_MAX_ARROWS - o->n_arrows, &n,
                                                        &o->marks, &d)
                          : CHC_OK;
        if (rc != CHC_OK) snprintf(err, errcap, "%s%s: %s", pre, i ? "marks" : "arrows", cli_diag_text(rc, &d));
        o->n_arrows += n;
    }
    return err[0] ? CLI_USAGE : CLI_OK;
}

int draw_picture(const chc_game *g, const draw_request *req, const char *prefix, chc_write_fn w,
                 void *ctx, char *err, size_t errcap)
{
    chc_render_options o;
    chc_move arrows[CHC_RENDER_MAX_ARROWS];
    int rc = settings(req, prefix, &o, arrows, err, errcap), r;
    size_t len = 0, cur = chc_game_cursor(g);
    char *svg = NULL;
    chc_diag d = CHC_DIAG_INIT;
    if (rc != CLI_OK) return rc;
    o.last_move = cur ? chc_game_move(g, cur - 1) : CHC_MOVE_NONE;
    if (req->kind && !strcmp(req->kind, "gif"))
        r = chc_render_gif(g, cur, &o, req->delay_ms ? (int)req->delay_ms : 1000, w, ctx, &d);
    else if (req->kind && !strcmp(req->kind, "png"))
        r = chc_render_png(chc_game_current(g), &o, w, ctx, &d);
    else if (!(svg = malloc(CHC_RENDER_SVG_MAX)))
        r = CHC_E_NO_MEMORY;
    else if ((r = chc_render_svg(chc_game_current(g), &o, svg, CHC_RENDER_SVG_MAX, &len, &d)) == CHC_OK &&
             w(ctx, svg, len) != 0)
        r = CHC_E_IO;
    free(svg);
    if (r != CHC_OK) snprintf(err, errcap, "%s", r == CHC_E_IO && !d.message[0] ? "write error" : cli_diag_text(r, &d));
    return r == CHC_OK ? CLI_OK : CLI_BAD_INPUT;
}
