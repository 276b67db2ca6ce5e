/* chc_render_png and chc_render_gif: the SVG of chc_render_svg rasterised by librsvg into cairo
 * images (CHC_HAVE_PNG), a game's frames quantised and animated by giflib (CHC_HAVE_GIF). Both
 * libraries are optional (CMakeLists.txt); without them these return CHC_E_UNSUPPORTED saying
 * which package to install. docs/render.md. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"
#include "common/diag.h"

unsigned chci_compress_features(void); /* src/formats/compress.c */
unsigned chci_index_features(void);    /* src/formats/index.c */

unsigned chc_build_features(void)
{
    unsigned f = chci_compress_features() | chci_index_features();
#ifdef CHC_HAVE_PNG
    f |= CHC_FEATURE_PNG;
#ifdef CHC_HAVE_GIF
    f |= CHC_FEATURE_GIF;
#endif
#endif
    return f;
}

#define MISSING(kind, lib, pkg)                                                                \
    chci_fail(diag, CHC_E_UNSUPPORTED, -1, 0, 0, -1,                                           \
              "this libchesscodec was built without " lib ": no " kind " pictures (apt-get "   \
              "install " pkg ", then rebuild)")

#ifndef CHC_HAVE_PNG
int chc_render_png(const chc_position *pos, const chc_render_options *opt, chc_write_fn write,
                   void *ctx, chc_diag *diag)
{
    (void)pos, (void)opt, (void)write, (void)ctx;
    return MISSING("PNG", "librsvg", "librsvg2-dev");
}
#else
#include <librsvg/rsvg.h>

#include <dlfcn.h>
#include <stdio.h>

#include "common/once.h"

/* librsvg and cairo are loaded at the first picture (dlopen), not with the library: they
 * bring some fifty shared libraries (pango, harfbuzz, ICU, X11...) whose loading took most of
 * the start-up of every program linked with libchesscodec, pictures or not (about 25 ms a
 * process on the development machine). CHC_RSVG_SONAME names the library to load; its
 * dependencies give cairo's, GObject's and GLib's functions. */
#ifndef CHC_RSVG_SONAME
#define CHC_RSVG_SONAME "librsvg-2.so.2"
#endif

#define RASTER_FUNCTIONS(X)                                                                    \
    X(RsvgHandle *, rsvg_handle_new_from_data, (const guint8 *, gsize, GError **))             \
    X(gboolean, rsvg_handle_render_document,                                                   \
      (RsvgHandle *, cairo_t *, const RsvgRectangle *, GError **))                             \
    X(void, g_error_free, (GError *))                                                          \
    X(void, g_object_unref, (gpointer))                                                        \
    X(cairo_surface_t *, cairo_image_surface_create, (cairo_format_t, int, int))               \
    X(cairo_t *, cairo_create, (cairo_surface_t *))                                            \
    X(void, cairo_surface_flush, (cairo_surface_t *))                                          \
    X(cairo_status_t, cairo_surface_write_to_png_stream,                                       \
      (cairo_surface_t *, cairo_write_func_t, void *))                                         \
    X(void, cairo_destroy, (cairo_t *))                                                        \
    X(void, cairo_surface_destroy, (cairo_surface_t *))                                        \
    X(void, cairo_set_source_rgb, (cairo_t *, double, double, double))                         \
    X(void, cairo_rectangle, (cairo_t *, double, double, double, double))                      \
    X(void, cairo_fill, (cairo_t *))                                                           \
    X(void, cairo_select_font_face,                                                            \
      (cairo_t *, const char *, cairo_font_slant_t, cairo_font_weight_t))                      \
    X(void, cairo_set_font_size, (cairo_t *, double))                                          \
    X(void, cairo_move_to, (cairo_t *, double, double))                                        \
    X(void, cairo_show_text, (cairo_t *, const char *))                                        \
    X(void, cairo_text_extents, (cairo_t *, const char *, cairo_text_extents_t *))             \
    X(unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *))                      \
    X(int, cairo_image_surface_get_stride, (cairo_surface_t *))

#define RASTER_POINTER(ret, name, params) ret(*name) params;
static struct {
    RASTER_FUNCTIONS(RASTER_POINTER)
} rx;
static int rx_ok;
static char rx_why[160];

static void rx_load(void)
{
    void *h = dlopen(CHC_RSVG_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        snprintf(rx_why, sizeof rx_why, "%s", e ? e : "not found");
        return;
    }
#define RASTER_LOAD(ret, name, params)                                                         \
    {                                                                                          \
        void *f = dlsym(h, #name);                                                             \
        if (!f) {                                                                              \
            snprintf(rx_why, sizeof rx_why, "%s has no %s", CHC_RSVG_SONAME, #name);           \
            return;                                                                            \
        }                                                                                      \
        memcpy(&rx.name, &f, sizeof f);                                                        \
    }
    RASTER_FUNCTIONS(RASTER_LOAD)
    rx_ok = 1; /* the handle stays open for the life of the process */
}
CHCI_ONCE(rx_ready, rx_load);

/* CHC_OK when librsvg and cairo are loaded, else CHC_E_UNSUPPORTED saying why. */
static int raster_ready(const char *kind, chc_diag *diag)
{
    rx_ready();
    if (rx_ok) return CHC_OK;
    return chci_fail(diag, CHC_E_UNSUPPORTED, -1, 0, 0, -1,
                     "no %s pictures: " CHC_RSVG_SONAME " could not be loaded (%.100s; apt-get "
                     "install librsvg2-2)", kind, rx_why);
}

/* svg drawn by librsvg into cr as a size x size square at (0, top). */
static int rasterise(cairo_t *cr, const char *svg, size_t len, int top, int size, chc_diag *diag)
{
    GError *e = NULL;
    RsvgHandle *h = rx.rsvg_handle_new_from_data((const guint8 *)svg, len, &e);
    RsvgRectangle all = {0, top, size, size};
    int rc = h && rx.rsvg_handle_render_document(h, cr, &all, &e)
                 ? CHC_OK
                 : chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "librsvg: %.150s",
                             e ? e->message : "the picture could not be drawn");
    if (e) rx.g_error_free(e);
    if (h) rx.g_object_unref(h);
    return rc;
}

/* The SVG of pos (opt as given) in a new buffer *svg of *len bytes. */
static int svg_of(const chc_position *pos, const chc_render_options *opt, char **svg, size_t *len,
                  chc_diag *diag)
{
    if (!(*svg = malloc(CHC_RENDER_SVG_MAX))) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "out of memory");
    int rc = chc_render_svg(pos, opt, *svg, CHC_RENDER_SVG_MAX, len, diag);
    if (rc != CHC_OK) free(*svg), *svg = NULL;
    return rc;
}

typedef struct sink {
    chc_write_fn write;
    void *ctx;
    int failed;
} sink;

static cairo_status_t png_out(void *s_, const unsigned char *data, unsigned int len)
{
    sink *s = s_;
    if (!s->failed && s->write(s->ctx, data, len) != 0) s->failed = 1;
    return s->failed ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

int chc_render_png(const chc_position *pos, const chc_render_options *opt, chc_write_fn write,
                   void *ctx, chc_diag *diag)
{
    char *svg = NULL;
    size_t len = 0;
    int size = opt && opt->size ? opt->size : CHC_RENDER_SIZE_DEFAULT;
    if (!write) return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "no write function");
    int rc = svg_of(pos, opt, &svg, &len, diag);
    if (rc == CHC_OK) rc = raster_ready("PNG", diag);
    if (rc != CHC_OK) {
        free(svg);
        return rc;
    }
    cairo_surface_t *s = rx.cairo_image_surface_create(CAIRO_FORMAT_ARGB32, size, size);
    cairo_t *cr = rx.cairo_create(s);
    sink out = {write, ctx, 0};
    rc = rasterise(cr, svg, len, 0, size, diag);
    rx.cairo_surface_flush(s);
    if (rc == CHC_OK && rx.cairo_surface_write_to_png_stream(s, png_out, &out) != CAIRO_STATUS_SUCCESS)
        rc = out.failed ? chci_fail(diag, CHC_E_IO, -1, 0, 0, -1, "write error")
                        : chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "cairo: the PNG could not be made");
    rx.cairo_destroy(cr);
    rx.cairo_surface_destroy(s);
    free(svg);
    return rc;
}
#endif

#if !defined(CHC_HAVE_GIF) || !defined(CHC_HAVE_PNG)
int chc_render_gif(const chc_game *g, size_t plies, const chc_render_options *opt, int delay_ms,
                   chc_write_fn write, void *ctx, chc_diag *diag)
{
    (void)g, (void)plies, (void)opt, (void)delay_ms, (void)write, (void)ctx;
    return MISSING("GIF", "giflib or librsvg", "libgif-dev librsvg2-dev");
}
#else
#include <gif_lib.h>

static int gif_out(GifFileType *gf, const GifByteType *data, int len)
{
    sink *s = gf->UserData;
    if (!s->failed && s->write(s->ctx, data, (size_t)len) != 0) s->failed = 1;
    return s->failed ? 0 : len;
}

/* One band of text above or below the board: `left` at the left, `right` at the right. */
static void band(cairo_t *cr, int y, int width, int height, const char *left, const char *right)
{
    cairo_text_extents_t ext;
    rx.cairo_set_source_rgb(cr, 0.15, 0.14, 0.13);
    rx.cairo_rectangle(cr, 0, y, width, height);
    rx.cairo_fill(cr);
    rx.cairo_set_source_rgb(cr, 1, 1, 1);
    rx.cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    rx.cairo_set_font_size(cr, height * 0.45);
    double base = y + height * 0.66, pad = height * 0.3;
    rx.cairo_move_to(cr, pad, base);
    rx.cairo_show_text(cr, left);
    rx.cairo_text_extents(cr, right, &ext);
    rx.cairo_move_to(cr, width - pad - ext.x_advance, base);
    rx.cairo_show_text(cr, right);
}

/* The smallest rectangle {x0, y0, x1, y1} holding every pixel of `cur` that differs from
 * `prev` (all of it when prev is NULL; one pixel when none differs). */
static void changed(const uint32_t *prev, const uint32_t *cur, int w, int h, int r[4])
{
    r[0] = w, r[1] = h, r[2] = -1, r[3] = -1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (!prev || prev[y * w + x] != cur[y * w + x]) {
                if (x < r[0]) r[0] = x;
                if (x > r[2]) r[2] = x;
                if (y < r[1]) r[1] = y;
                if (y > r[3]) r[3] = y;
            }
    if (r[2] < 0) r[0] = r[1] = r[2] = r[3] = 0;
}

/* The rectangle r of the image px as one GIF frame: quantised to its own 128 colours, the
 * pixels equal in `prev` (NULL: none) left transparent (index TRANSPARENT: what the previous
 * frame shows stays, which LZW packs into little), shown for delay_cs hundredths of a second.
 * Returns 1 or 0. */
#define TRANSPARENT 255
static int put_frame(GifFileType *gf, const uint32_t *prev, const uint32_t *px, int w, const int r[4],
                     int delay_cs)
{
    int fw = r[2] - r[0] + 1, fh = r[3] - r[1] + 1, colors = 128, ok = 0;
    size_t n = (size_t)fw * (size_t)fh;
    GifByteType *plane = malloc(4 * n), *out = plane + 3 * n;
    GifColorType map[256] = {{0, 0, 0}};
    if (!plane) return 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t p = px[(size_t)(r[1] + (int)(i / (size_t)fw)) * (size_t)w + (size_t)r[0] + i % (size_t)fw];
        plane[i] = (GifByteType)(p >> 16), plane[n + i] = (GifByteType)(p >> 8), plane[2 * n + i] = (GifByteType)p;
    }
    GraphicsControlBlock gcb = {DISPOSE_DO_NOT, false, delay_cs, prev ? TRANSPARENT : NO_TRANSPARENT_COLOR};
    GifByteType ext[4];
    EGifGCBToExtension(&gcb, ext);
    if (GifQuantizeBuffer((unsigned)fw, (unsigned)fh, &colors, plane, plane + n, plane + 2 * n, out, map) == GIF_OK) {
        for (size_t i = 0; prev && i < n; i++) {
            size_t at = (size_t)(r[1] + (int)(i / (size_t)fw)) * (size_t)w + (size_t)r[0] + i % (size_t)fw;
            if (prev[at] == px[at]) out[i] = TRANSPARENT;
        }
        ColorMapObject *cm = GifMakeMapObject(256, map);
        ok = cm && EGifPutExtension(gf, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_OK &&
             EGifPutImageDesc(gf, r[0], r[1], fw, fh, false, cm) == GIF_OK;
        for (int y = 0; ok && y < fh; y++) ok = EGifPutLine(gf, out + (size_t)y * (size_t)fw, fw) == GIF_OK;
        GifFreeMapObject(cm);
    }
    free(plane);
    return ok;
}

/* The player of `side` for a band: "Name (Elo)", or "White" / "Black". */
static void player(const chc_game *g, int side, char *buf, size_t cap)
{
    const char *name = chc_game_tag(g, side == CHC_WHITE ? "White" : "Black");
    const char *elo = chc_game_tag(g, side == CHC_WHITE ? "WhiteElo" : "BlackElo");
    if (!name || !*name || !strcmp(name, "?")) name = side == CHC_WHITE ? "White" : "Black";
    if (elo && *elo && strcmp(elo, "?") && strcmp(elo, "-")) snprintf(buf, cap, "%.60s (%.8s)", name, elo);
    else snprintf(buf, cap, "%.60s", name);
}

/* The frames of `gif`: its game g (a copy, cut to the plies shown) and its picture. */
typedef struct gif {
    chc_game *g;
    chc_render_options o;
    int size, band, height;
    char *svg, top[96], bottom[96];
    uint32_t *prev;
    cairo_surface_t *s;
    cairo_t *cr;
    GifFileType *gf;
    sink out;
} gif;

/* The frame of ply `ply`, shown for delay_ms. */
static int frame(gif *a, size_t ply, int delay_ms, chc_diag *diag)
{
    chc_position pos;
    chc_game_status st;
    char right[128] = "";
    size_t len = 0;
    chc_game_set_cursor(a->g, ply);
    chc_game_position(a->g, ply, &pos);
    chc_game_status_get(a->g, &st);
    a->o.last_move = ply ? chc_game_move(a->g, ply - 1) : CHC_MOVE_NONE;
    if (ply == chc_game_ply_count(a->g)) snprintf(right, sizeof right, "%s", st.text);
    else if (ply) chc_game_movetext(a->g, ply - 1, ply, 0, right, sizeof right, NULL);
    int rc = chc_render_svg(&pos, &a->o, a->svg, CHC_RENDER_SVG_MAX, &len, diag);
    if (rc != CHC_OK) return rc;
    band(a->cr, 0, a->size, a->band, a->top, "");
    band(a->cr, a->size + a->band, a->size, a->band, a->bottom, right);
    if ((rc = rasterise(a->cr, a->svg, len, a->band, a->size, diag)) != CHC_OK) return rc;
    rx.cairo_surface_flush(a->s);
    const uint32_t *px = (const uint32_t *)rx.cairo_image_surface_get_data(a->s);
    if (rx.cairo_image_surface_get_stride(a->s) != a->size * 4)
        return chci_fail(diag, CHC_E_INTERNAL, -1, 0, 0, -1, "cairo: unexpected image layout");
    int r[4];
    changed(ply ? a->prev : NULL, px, a->size, a->height, r);
    if (!put_frame(a->gf, ply ? a->prev : NULL, px, a->size, r, (delay_ms + 5) / 10))
        return a->out.failed ? chci_fail(diag, CHC_E_IO, -1, 0, 0, (long)ply, "write error")
                             : chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, (long)ply, "giflib: frame %zu could not be made", ply);
    memcpy(a->prev, px, (size_t)a->size * (size_t)a->height * 4);
    return CHC_OK;
}

int chc_render_gif(const chc_game *g, size_t plies, const chc_render_options *opt, int delay_ms,
                   chc_write_fn write, void *ctx, chc_diag *diag)
{
    gif a = {.out = {write, ctx, 0}};
    int gerr = 0, rc = CHC_OK;
    static const GifByteType loop[3] = {1, 0, 0}; /* NETSCAPE2.0: loop for ever */
    chc_render_options_init(&a.o);
    if (opt) a.o = *opt;
    a.o.n_arrows = 0, a.o.arrows = NULL, a.o.marks = 0;
    a.size = a.o.size ? a.o.size : CHC_RENDER_SIZE_DEFAULT;
    a.band = a.size / 12 < 12 ? 12 : a.size / 12;
    a.height = a.size + 2 * a.band;
    if (!g || !write || delay_ms < 10 || delay_ms > 60000 || a.size < CHC_RENDER_SIZE_MIN ||
        a.size > CHC_RENDER_SIZE_MAX)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "%s", !g || !write ? "no game or no write function"
                         : a.size < CHC_RENDER_SIZE_MIN || a.size > CHC_RENDER_SIZE_MAX ? "size out of range"
                         : "delay out of range (10 to 60000 ms)");
    if ((rc = raster_ready("GIF", diag)) != CHC_OK) return rc;
    a.g = chc_game_new();
    a.svg = malloc(CHC_RENDER_SVG_MAX);
    a.prev = malloc((size_t)a.size * (size_t)a.height * 4);
    a.s = rx.cairo_image_surface_create(CAIRO_FORMAT_RGB24, a.size, a.height);
    a.cr = rx.cairo_create(a.s);
    if (!a.g || !a.svg || !a.prev || chc_game_copy(a.g, g) != CHC_OK)
        rc = chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "out of memory");
    else if (!(a.gf = EGifOpen(&a.out, gif_out, &gerr)))
        rc = chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "giflib: %s", GifErrorString(gerr));
    if (rc == CHC_OK) {
        if (plies < chc_game_ply_count(g)) chc_game_truncate(a.g, plies); /* (keeps the ending otherwise) */
        player(a.g, a.o.flip ? CHC_WHITE : CHC_BLACK, a.top, sizeof a.top);
        player(a.g, a.o.flip ? CHC_BLACK : CHC_WHITE, a.bottom, sizeof a.bottom);
        EGifSetGifVersion(a.gf, true);
        if (EGifPutScreenDesc(a.gf, a.size, a.height, 8, 0, NULL) != GIF_OK ||
            EGifPutExtensionLeader(a.gf, APPLICATION_EXT_FUNC_CODE) != GIF_OK ||
            EGifPutExtensionBlock(a.gf, 11, "NETSCAPE2.0") != GIF_OK ||
            EGifPutExtensionBlock(a.gf, 3, loop) != GIF_OK || EGifPutExtensionTrailer(a.gf) != GIF_OK)
            rc = chci_fail(diag, a.out.failed ? CHC_E_IO : CHC_E_INTERNAL, -1, 0, 0, -1, "giflib: the header could not be written");
    }
    size_t n = a.g ? chc_game_ply_count(a.g) : 0;
    for (size_t ply = 0; rc == CHC_OK && ply <= n; ply++) rc = frame(&a, ply, ply == n ? 3 * delay_ms : delay_ms, diag);
    if (a.gf && EGifCloseFile(a.gf, &gerr) != GIF_OK && rc == CHC_OK)
        rc = chci_fail(diag, a.out.failed ? CHC_E_IO : CHC_E_INTERNAL, -1, 0, 0, -1, "giflib: %s",
                       a.out.failed ? "write error" : GifErrorString(gerr));
    rx.cairo_destroy(a.cr);
    rx.cairo_surface_destroy(a.s);
    free(a.prev);
    free(a.svg);
    chc_game_free(a.g);
    return rc;
}
#endif
