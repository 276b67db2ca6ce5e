/* Fuzz target: detection (chc_position_read and chc_game_read with CHC_FORMAT_AUTO) on
 * arbitrary bytes. Properties: no crash; every failure fills the diag; chc_detect agrees with
 * the readers; whatever is accepted writes back in its detected format and reads back equal
 * (start, main line, and the result where the format holds one). */
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int keeps_counters(int f)
{
    return f == CHC_FORMAT_FEN || f == CHC_FORMAT_SHREDDER_FEN || f == CHC_FORMAT_EPD ||
           f == CHC_FORMAT_COVERT;
}

static void check_position(const char *text, size_t size)
{
    chc_position pos, back;
    chc_read_info info;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_position_read(text, size, CHC_FORMAT_AUTO, &pos, &info, &d);
    chc_read_info info2;
    if (chc_detect(text, size, CHC_KIND_POSITION, &info2, NULL) != rc) abort();
    if (rc != CHC_OK) {
        if (d.code != rc || !d.message[0]) abort();
        return;
    }
    if (info2.format != info.format) abort();
    char out[CHC_POSITION_TEXT_MAX];
    size_t n = 0;
    if (chc_position_write(&pos, info.format, 0, out, sizeof out, &n, NULL) != CHC_OK) abort();
    if (strlen(out) != n) abort();
    if (chc_position_read(out, n, info.format, &back, NULL, NULL) != CHC_OK) abort();
    if (!chc_position_same(&pos, &back)) abort();
    if (keeps_counters(info.format) && (pos.halfmove != back.halfmove || pos.fullmove != back.fullmove))
        abort();
    /* FEN of anything read, detected back as the same position. */
    if (chc_position_write(&pos, CHC_FORMAT_FEN, 0, out, sizeof out, &n, NULL) != CHC_OK) abort();
    if (chc_position_read(out, n, CHC_FORMAT_AUTO, &back, NULL, NULL) != CHC_OK) abort();
    if (!chc_position_same(&pos, &back) || pos.chess960 != back.chess960) abort();
}

static void check_game(const char *text, size_t size, chc_game *g, chc_game *h)
{
    chc_read_info info;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_game_read(text, size, CHC_FORMAT_AUTO, g, &info, &d);
    chc_read_info info2;
    if (chc_detect(text, size, 0, &info2, NULL) != rc) abort();
    if (rc != CHC_OK) {
        if (d.code != rc || !d.message[0]) abort();
        return;
    }
    if (info2.format != info.format) abort();
    const chc_format_info *fi = chc_format_get(info.format);
    if (!fi) abort();
    if (fi->kind == CHC_KIND_POSITION) {
        if (chc_game_ply_count(g) != 0) abort();
        return;
    }
    size_t cap = 1 << 16, n = 0;
    char *out = malloc(cap);
    if (!out) abort();
    rc = chc_game_write(g, info.format, 0, out, cap, &n, NULL);
    if (rc == CHC_E_BUFFER_TOO_SMALL) {
        free(out);
        return; /* a huge game: nothing to check here */
    }
    if (rc != CHC_OK) abort();
    if (chc_game_read(out, n, info.format, h, NULL, &d) != CHC_OK) abort();
    const chc_position *a = chc_game_start(g), *b = chc_game_start(h);
    if (!chc_position_same(a, b)) abort();
    int exact = info.format == CHC_FORMAT_PGN || info.format == CHC_FORMAT_SAN_LINE ||
                info.format == CHC_FORMAT_UCI_LINE;
    if (exact && (a->chess960 != b->chess960 || a->halfmove != b->halfmove ||
                  a->fullmove != b->fullmove || chc_game_result(g) != chc_game_result(h)))
        abort();
    if (chc_game_ply_count(g) != chc_game_ply_count(h)) abort();
    for (size_t i = 0; i < chc_game_ply_count(g); i++)
        if (chc_game_move(g, i) != chc_game_move(h, i)) abort();
    free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096) return 0;
    static chc_game *g, *h;
    if (!g) g = chc_game_new();
    if (!h) h = chc_game_new();
    if (!g || !h) abort();
    check_position((const char *)data, size);
    check_game((const char *)data, size, g, h);
    return 0;
}
