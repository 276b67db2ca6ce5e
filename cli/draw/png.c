/* render --to png: the SVG picture rasterised by librsvg into a cairo image (CHC_HAVE_PNG:
 * cli/draw.cmake found librsvg; without it, an error saying how to get it). */
#include "../play/play.h"

#ifndef CHC_HAVE_PNG
int draw_png(const char *svg, size_t len, int size, FILE *f, char *err, size_t errcap)
{
    (void)svg, (void)len, (void)size, (void)f;
    snprintf(err, errcap, "this chesscodec was built without librsvg: no PNG (apt-get install "
                          "librsvg2-dev, or make deps, then rebuild)");
    return CLI_BAD_INPUT;
}
#else
#include <librsvg/rsvg.h>

static cairo_status_t write_fn(void *f, const unsigned char *data, unsigned int len)
{
    return fwrite(data, 1, len, f) == len ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

int draw_png(const char *svg, size_t len, int size, FILE *f, char *err, size_t errcap)
{
    GError *e = NULL;
    RsvgHandle *h = rsvg_handle_new_from_data((const guint8 *)svg, len, &e);
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, size, size);
    cairo_t *cr = cairo_create(s);
    RsvgRectangle all = {0, 0, size, size};
    int ok = h && rsvg_handle_render_document(h, cr, &all, &e);
    cairo_surface_flush(s);
    if (ok && cairo_surface_write_to_png_stream(s, write_fn, f) != CAIRO_STATUS_SUCCESS) {
        snprintf(err, errcap, "the PNG could not be written");
        ok = 0;
    } else if (!ok) {
        snprintf(err, errcap, "librsvg: %s", e ? e->message : "the picture could not be drawn");
    }
    if (e) g_error_free(e);
    if (h) g_object_unref(h);
    cairo_destroy(cr);
    cairo_surface_destroy(s);
    return ok ? CLI_OK : CLI_BAD_INPUT;
}
#endif
