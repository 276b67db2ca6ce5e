/* chc_render_svg: a position as an SVG picture, with no dependency. The board is 8x8 squares
 * of 45 units (viewBox 0 0 360 360, the pieces' own 45x45 drawing scale); each piece kind used
 * is defined once in <defs> and placed with <use>. Layers, bottom to top: squares, last-move
 * highlight, check gradient, coordinates, pieces, marks, arrows. docs/render.md. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "chesscodec.h"
#include "common/diag.h"
#include "common/sink.h"

#include "pieces.inc"

#define SQ 45 /* one square, in viewBox units */

/* Colours of a theme: squares, coordinates (drawn on the other colour), highlights. */
typedef struct theme {
    const char *light, *dark, *last, *annot;
} theme;
static const theme themes[2] = {
    {"#f0d9b5", "#b58863", "#cdd26a", "#15781b"}, /* CHC_RENDER_THEME_LIGHT: wood */
    {"#7d8796", "#4a5363", "#a3a84a", "#2f9e44"}, /* CHC_RENDER_THEME_DARK: slate */
};

static const char piece_ids[2][7] = {{0, 'P', 'N', 'B', 'R', 'Q', 'K'}, {0, 'p', 'n', 'b', 'r', 'q', 'k'}};

/* A valid piece's colour and type, or 0 for an empty square or a value that is no piece. */
static int piece_of(uint8_t p, int *color, int *type)
{
    *color = CHC_PIECE_COLOR(p);
    *type = CHC_PIECE_TYPE(p);
    return *color <= 1 && *type >= CHC_PAWN && *type <= CHC_KING;
}

/* The top-left corner of square sq on the picture. */
static void corner(int sq, int flip, int *x, int *y)
{
    int file = CHC_FILE(sq), rank = CHC_RANK(sq);
    *x = (flip ? 7 - file : file) * SQ;
    *y = (flip ? rank : 7 - rank) * SQ;
}

static int check_options(const chc_render_options *o, chc_diag *diag)
{
    if (o->size != 0 && (o->size < CHC_RENDER_SIZE_MIN || o->size > CHC_RENDER_SIZE_MAX))
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "size %d is outside %d..%d pixels",
                         o->size, CHC_RENDER_SIZE_MIN, CHC_RENDER_SIZE_MAX);
    if (o->theme != CHC_RENDER_THEME_LIGHT && o->theme != CHC_RENDER_THEME_DARK)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "unknown theme %d", o->theme);
    if (o->n_arrows > CHC_RENDER_MAX_ARROWS)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "%zu arrows: at most %d",
                         o->n_arrows, CHC_RENDER_MAX_ARROWS);
    if (o->n_arrows && !o->arrows)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "%zu arrows but no array", o->n_arrows);
    for (size_t i = 0; i < o->n_arrows; i++)
        if (CHC_MOVE_FROM(o->arrows[i]) == CHC_MOVE_TO(o->arrows[i]))
            return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, (long)i,
                             "arrow %zu starts and ends on %s", i + 1,
                             chc_square_name(CHC_MOVE_FROM(o->arrows[i])));
    return CHC_OK;
}

static void write_defs(chci_sink *s, const chc_position *pos, const chc_render_options *o,
                       const theme *th, int check_sq)
{
    unsigned used = 0;
    for (int sq = 0; sq < 64; sq++) {
        int c, t;
        if (piece_of(pos->board[sq], &c, &t)) used |= 1u << (c * 8 + t);
    }
    chci_puts(s, "<defs>\n");
    if (check_sq >= 0)
        chci_puts(s, "<radialGradient id=\"check\"><stop offset=\"0\" stop-color=\"#ff0000\"/>"
                 "<stop offset=\"0.25\" stop-color=\"#e70000\"/><stop offset=\"0.9\" "
                 "stop-color=\"#a90000\" stop-opacity=\"0\"/><stop offset=\"1\" "
                 "stop-color=\"#9e0000\" stop-opacity=\"0\"/></radialGradient>\n");
    if (o->n_arrows)
        chci_putf(s, "<marker id=\"arrowhead\" orient=\"auto\" markerWidth=\"4\" markerHeight=\"8\" "
                "refX=\"2.05\" refY=\"2\"><path d=\"M0,0 V4 L3,2 Z\" fill=\"%s\"/></marker>\n",
             th->annot);
    for (int c = 0; c < 2; c++)
        for (int t = CHC_PAWN; t <= CHC_KING; t++)
            if (used & (1u << (c * 8 + t))) {
                chci_putf(s, "<g id=\"%c%c\">", c == CHC_WHITE ? 'w' : 'b', piece_ids[0][t]);
                chci_puts(s, piece_svg[c][t]);
                chci_puts(s, "</g>\n");
            }
    chci_puts(s, "</defs>\n");
}

static void write_squares(chci_sink *s, const chc_render_options *o, const theme *th)
{
    for (int light = 1; light >= 0; light--) {
        chci_putf(s, "<g class=\"%s\" fill=\"%s\">", light ? "light" : "dark", light ? th->light : th->dark);
        for (int sq = 0; sq < 64; sq++) {
            if (((CHC_FILE(sq) + CHC_RANK(sq)) & 1) != light) continue;
            int x, y;
            corner(sq, o->flip, &x, &y);
            chci_putf(s, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>", x, y, SQ, SQ);
        }
        chci_puts(s, "</g>\n");
    }
}

static void write_coords(chci_sink *s, const chc_render_options *o, const theme *th)
{
    chci_puts(s, "<g class=\"coords\" font-family=\"sans-serif\" font-size=\"10\" font-weight=\"bold\">");
    int edge = o->flip ? 7 : 0; /* the bottom rank and the left file */
    for (int i = 0; i < 8; i++) {
        /* file letters along the bottom edge (bottom right of each square), rank numbers along
         * the left edge (top left of each); each in the colour of the other squares */
        int k = o->flip ? 7 - i : i; /* the file at column i, the rank at row 7 - i */
        chci_putf(s, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"%s\">%c</text>",
             i * SQ + SQ - 2, 8 * SQ - 3, (k + edge) & 1 ? th->dark : th->light, 'a' + k);
        chci_putf(s, "<text x=\"2\" y=\"%d\" fill=\"%s\">%d</text>", (7 - i) * SQ + 10,
             (edge + k) & 1 ? th->dark : th->light, k + 1);
    }
    chci_puts(s, "</g>\n");
}

/* An arrow from the centre of one square to the centre of another, its head's tip there. */
static void write_arrow(chci_sink *s, chc_move m, int flip)
{
    int x1, y1, x2, y2;
    corner(CHC_MOVE_FROM(m), flip, &x1, &y1);
    corner(CHC_MOVE_TO(m), flip, &x2, &y2);
    double dx = x2 - x1, dy = y2 - y1, len = sqrt(dx * dx + dy * dy);
    /* the head reaches (3 - refX) stroke widths past the line's end: stop short by that */
    double back = 0.95 * 7 / len;
    long ex = lround(x2 + SQ / 2 - dx * back), ey = lround(y2 + SQ / 2 - dy * back);
    chci_putf(s, "<line x1=\"%d\" y1=\"%d\" x2=\"%ld\" y2=\"%ld\" marker-end=\"url(#arrowhead)\"/>",
         x1 + SQ / 2, y1 + SQ / 2, ex, ey);
}

int chc_render_svg(const chc_position *pos, const chc_render_options *opt, char *dst,
                   size_t dst_cap, size_t *dst_len, chc_diag *diag)
{
    static const chc_render_options defaults = CHC_RENDER_OPTIONS_INIT;
    const chc_render_options *o = opt ? opt : &defaults;
    if (!pos) return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "no position");
    if (!dst && dst_cap) return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "no buffer");
    int rc = check_options(o, diag);
    if (rc != CHC_OK) return rc;
    const theme *th = &themes[o->theme];
    int size = o->size ? o->size : CHC_RENDER_SIZE_DEFAULT;
    int check_sq = -1;
    if (pos->checkers && pos->side <= 1 && pos->king_sq[pos->side] < 64 &&
        pos->board[pos->king_sq[pos->side]] == CHC_PIECE(pos->side, CHC_KING))
        check_sq = pos->king_sq[pos->side];

    chci_sink s = {dst, dst_cap, 0};
    chci_putf(&s, "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
             "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n", size, size, 8 * SQ, 8 * SQ);
    write_defs(&s, pos, o, th, check_sq);
    write_squares(&s, o, th);
    int x, y;
    if (o->last_move != CHC_MOVE_NONE && o->last_move != CHC_MOVE_NULL) {
        chci_puts(&s, "<g class=\"last-move\" fill=\"");
        chci_puts(&s, th->last);
        chci_puts(&s, "\" fill-opacity=\"0.5\">");
        int ends[2] = {CHC_MOVE_FROM(o->last_move), CHC_MOVE_TO(o->last_move)};
        for (int i = 0; i < 2; i++) {
            corner(ends[i], o->flip, &x, &y);
            chci_putf(&s, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>", x, y, SQ, SQ);
        }
        chci_puts(&s, "</g>\n");
    }
    if (check_sq >= 0) {
        corner(check_sq, o->flip, &x, &y);
        chci_putf(&s, "<rect class=\"check\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                 "fill=\"url(#check)\"/>\n", x, y, SQ, SQ);
    }
    if (o->coords) write_coords(&s, o, th);
    chci_puts(&s, "<g class=\"pieces\">");
    for (int sq = 0; sq < 64; sq++) {
        int c, t;
        if (!piece_of(pos->board[sq], &c, &t)) continue;
        corner(sq, o->flip, &x, &y);
        chci_putf(&s, "<use xlink:href=\"#%c%c\" x=\"%d\" y=\"%d\"/>", c == CHC_WHITE ? 'w' : 'b',
             piece_ids[0][t], x, y);
    }
    chci_puts(&s, "</g>\n");
    if (o->marks) {
        chci_putf(&s, "<g class=\"marks\" fill=\"none\" stroke=\"%s\" stroke-width=\"4\" "
                 "stroke-opacity=\"0.8\">", th->annot);
        for (int sq = 0; sq < 64; sq++)
            if (o->marks >> sq & 1) {
                corner(sq, o->flip, &x, &y);
                chci_putf(&s, "<circle cx=\"%d\" cy=\"%d\" r=\"19\"/>", x + SQ / 2, y + SQ / 2);
            }
        chci_puts(&s, "</g>\n");
    }
    if (o->n_arrows) {
        chci_putf(&s, "<g class=\"arrows\" stroke=\"%s\" stroke-width=\"7\" stroke-linecap=\"round\" "
                 "opacity=\"0.8\">", th->annot);
        for (size_t i = 0; i < o->n_arrows; i++) write_arrow(&s, o->arrows[i], o->flip);
        chci_puts(&s, "</g>\n");
    }
    chci_puts(&s, "</svg>\n");

    if (dst_len) *dst_len = s.len;
    if (s.len + 1 > dst_cap) {
        if (dst_cap) dst[0] = 0;
        return chci_fail(diag, CHC_E_BUFFER_TOO_SMALL, -1, 0, 0, -1,
                         "the picture needs %zu bytes, the buffer has %zu", s.len + 1, dst_cap);
    }
    dst[s.len] = 0;
    return CHC_OK;
}

void chc_render_options_init(chc_render_options *opt)
{
    static const chc_render_options defaults = CHC_RENDER_OPTIONS_INIT;
    *opt = defaults;
}
