/* The registry of formats: names, labels, kinds and capabilities. */
#include <string.h>

#include "formats/formats.h"

#define P CHC_KIND_POSITION
#define G CHC_KIND_GAME
#define RW (CHC_CAP_READ | CHC_CAP_WRITE)

static const chc_format_info registry[] = {
    {CHC_FORMAT_FEN, "fen", "FEN", "Forsyth-Edwards Notation (X-FEN castling for Chess960; "
     "4 fields accepted; \"startpos\")", P, RW | CHC_CAP_DETECT | CHC_CAP_LINE},
    {CHC_FORMAT_SHREDDER_FEN, "shredder-fen", "Shredder-FEN", "FEN with castling as rook files "
     "(HAha)", P, RW | CHC_CAP_DETECT | CHC_CAP_LINE},
    {CHC_FORMAT_EPD, "epd", "EPD", "Extended Position Description: four FEN fields and "
     "operations (bm e4; id \"x\";)", P, RW | CHC_CAP_DETECT | CHC_CAP_LINE},
    {CHC_FORMAT_COVERT, "covert", "Covert", "covert chess: 25 emoji, also inside a chat message",
     P, RW | CHC_CAP_DETECT | CHC_CAP_LINE},
    {CHC_FORMAT_MSCS, "mscs", "MSCS", "MSCS v1 as 32 base64 characters", P,
     RW | CHC_CAP_DETECT | CHC_CAP_LINE},
    {CHC_FORMAT_MSCS_HEX, "mscs-hex", "MSCS hex", "MSCS v1 as 48 hex digits", P,
     RW | CHC_CAP_DETECT | CHC_CAP_LINE},
    {CHC_FORMAT_PACK_POSITION, "pack-position", "Pack position", "chesscodec's position code "
     "(base64url, versioned, with a check character)", P, RW | CHC_CAP_DETECT | CHC_CAP_LINE},
    {CHC_FORMAT_PGN, "pgn", "PGN", "Portable Game Notation (tags, comments, variations)", G,
     RW | CHC_CAP_DETECT},
    {CHC_FORMAT_SAN_LINE, "san", "SAN line", "one game a line in SAN (e4 e5 Nf3), optional "
     "start and result", G, RW | CHC_CAP_DETECT | CHC_CAP_LINE},
    {CHC_FORMAT_UCI_LINE, "uci", "UCI line", "one game a line in UCI (e2e4 e7e5), optional "
     "start and result", G, RW | CHC_CAP_DETECT | CHC_CAP_LINE},
    {CHC_FORMAT_URLSAFE, "urlsafe", "urlsafe", "chess_compress_urlsafe: moves from the "
     "standard start", G, RW | CHC_CAP_DETECT | CHC_CAP_LINE},
    {CHC_FORMAT_PACK_GAME, "pack-game", "Pack game", "chesscodec's game code (start, moves, "
     "result; versioned, with a check character)", G, RW | CHC_CAP_DETECT | CHC_CAP_LINE},
    {CHC_FORMAT_PACK_STREAM, "pack-stream", "Pack stream", "many pack codes in one binary "
     "file (readers; write with chc_pack_stream_*)", G, CHC_CAP_READ | CHC_CAP_DETECT |
     CHC_CAP_BINARY},
};
#define COUNT (sizeof registry / sizeof *registry)

size_t chc_format_count(void) { return COUNT; }

const chc_format_info *chc_format_at(size_t i) { return i < COUNT ? &registry[i] : NULL; }

const chc_format_info *chc_format_get(int format)
{
    for (size_t i = 0; i < COUNT; i++)
        if (registry[i].format == format) return &registry[i];
    return NULL;
}

const char *chci_fmt_label(int format)
{
    const chc_format_info *f = chc_format_get(format);
    return f ? f->label : "?";
}

int chc_format_by_name(const char *name, unsigned kinds)
{
    if (!name) return CHC_FORMAT_AUTO;
    if (!kinds) kinds = CHC_KIND_POSITION | CHC_KIND_GAME;
    if (strcmp(name, "pack") == 0)
        return kinds == CHC_KIND_POSITION ? CHC_FORMAT_PACK_POSITION : CHC_FORMAT_PACK_GAME;
    for (size_t i = 0; i < COUNT; i++)
        if ((registry[i].kind & kinds) && strcmp(registry[i].name, name) == 0)
            return registry[i].format;
    return CHC_FORMAT_AUTO;
}

int chc_format_names(unsigned kinds, unsigned caps, const char *sep, char *dst, size_t dst_cap)
{
    size_t n = 0;
    if (dst_cap) dst[0] = 0;
    for (size_t i = 0; i < COUNT; i++) {
        const chc_format_info *f = &registry[i];
        if ((kinds && !(f->kind & kinds)) || (f->caps & caps) != caps) continue;
        size_t sl = n ? strlen(sep) : 0, nl = strlen(f->name);
        if (n + sl + nl + 1 > dst_cap) return CHC_E_BUFFER_TOO_SMALL;
        memcpy(dst + n, sep, sl);
        memcpy(dst + n + sl, f->name, nl + 1);
        n += sl + nl;
    }
    return CHC_OK;
}
