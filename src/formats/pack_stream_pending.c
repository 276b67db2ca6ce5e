/* TEMPORARY -- delete this file when the pack engineer's pack stream (src/pack/, branch
 * pack-v1) is merged. Until then these weak definitions let the library link: every call
 * reports CHC_E_UNSUPPORTED, so readers never take an input for a pack stream. The strong
 * definitions in src/pack/ replace them. */
#include <stdio.h>

#include "common/diag.h"
#include "formats/formats.h"

#define PENDING __attribute__((weak))

static int pending(chc_diag *diag)
{
    return chci_fail(diag, CHC_E_UNSUPPORTED, -1, 0, 0, -1,
                     "pack stream: not in this build of the library");
}

PENDING int chc_pack_stream_header(uint8_t *dst, size_t dst_cap, size_t *dst_len)
{
    (void)dst, (void)dst_cap;
    if (dst_len) *dst_len = 0;
    return CHC_E_UNSUPPORTED;
}

PENDING int chc_pack_stream_write_game(const chc_game *g, unsigned flags, uint8_t *dst,
                                       size_t dst_cap, size_t *dst_len, chc_diag *diag)
{
    (void)g, (void)flags, (void)dst, (void)dst_cap, (void)dst_len;
    return pending(diag);
}

PENDING int chc_pack_stream_write_position(const chc_position *pos, uint8_t *dst,
                                           size_t dst_cap, size_t *dst_len, chc_diag *diag)
{
    (void)pos, (void)dst, (void)dst_cap, (void)dst_len;
    return pending(diag);
}

PENDING int chc_pack_stream_check_header(const uint8_t *src, size_t src_len, chc_diag *diag)
{
    (void)src, (void)src_len;
    return pending(diag);
}

PENDING int chc_pack_stream_read_record(const uint8_t *src, size_t src_len, size_t *used,
                                        chc_game *g, chc_position *pos, chc_read_info *info,
                                        chc_diag *diag)
{
    (void)src, (void)src_len, (void)g, (void)pos, (void)info;
    if (used) *used = 0;
    return pending(diag);
}
