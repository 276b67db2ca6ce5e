/* Fuzz target: chc_bot_answer over any chat message. Properties: no crash; CHC_OK always; the
 * reply is non-empty, NUL-terminated at *dst_len, holds no NUL byte and is valid UTF-8 (what
 * Telegram and JSON need); a picture comes with a valid position; the same message answered
 * into a buffer one byte too small is CHC_E_BUFFER_TOO_SMALL telling the same length. */
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int valid_utf8(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned c = s[i];
        size_t k = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (!k || i + k > n || (k == 2 && c < 0xC2)) return 0;
        for (size_t j = 1; j < k; j++)
            if ((s[i + j] & 0xC0) != 0x80) return 0;
        i += k;
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char dst[CHC_BOT_REPLY_MAX];
    size_t len = 0, len2 = 0;
    chc_bot_reply r;
    if (chc_bot_answer((const char *)data, size, "http://localhost:8080/", dst, sizeof dst, &len, &r) != CHC_OK)
        abort();
    if (!len || len >= sizeof dst || dst[len] || memchr(dst, 0, len) || !valid_utf8((unsigned char *)dst, len))
        abort();
    if (r.picture && chc_position_validate(&r.position, NULL) != CHC_OK) abort();
    char *small = malloc(len);
    if (!small) abort();
    if (chc_bot_answer((const char *)data, size, "http://localhost:8080/", small, len, &len2, &r) !=
            CHC_E_BUFFER_TOO_SMALL || len2 != len)
        abort();
    free(small);
    return 0;
}
