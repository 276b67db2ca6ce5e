/* Fuzz target: the position index over any input (games of a PGN, lines or a pack stream,
 * handed out a few bytes at a time) in an in-memory SQLite database. Properties: no crash;
 * the counters add up (items = added + bad + skipped + duplicates) and are those the index
 * keeps; the start position's table holds at most the games added; every move in it is legal
 * with counts adding up; the same input again adds nothing (all duplicates, the same table);
 * chc_explore_write as text and JSON says the length it needs and writes it exactly. */
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_write(const chc_explore *e, unsigned flags)
{
    static char buf[1 << 16];
    size_t need = 0, len = 0;
    int rc = chc_explore_write(e, flags, buf, 1, &need, NULL);
    if (rc != CHC_E_BUFFER_TOO_SMALL || need == 0) abort();
    if (need >= sizeof buf) return;
    if (chc_explore_write(e, flags, buf, need + 1, &len, NULL) != CHC_OK || len != need ||
        strlen(buf) != len)
        abort();
}

static void explore_start(chc_index *ix, chc_explore *e)
{
    chc_position start;
    chc_position_startpos(&start);
    if (chc_index_explore(ix, &start, e, NULL) != CHC_OK) abort();
    uint64_t w = 0, d = 0, b = 0;
    for (size_t i = 0; i < e->nmoves; i++) {
        if (!chc_is_legal(&start, e->moves[i].move)) abort();
        w += e->moves[i].white, d += e->moves[i].draws, b += e->moves[i].black;
    }
    if (w != e->white || d != e->draws || b != e->black || e->ngames > CHC_EXPLORE_GAMES_MAX) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 1 << 16) return 0;
    chc_index *ix = NULL;
    if (chc_index_open(":memory:", CHC_INDEX_CREATE, 12, &ix, NULL) != CHC_OK) return 0;
    static chc_explore e1, e2;
    chc_index_stats s, kept;
    trickle t = {(const char *)data, size, 1};
    int rc = chc_index_add(ix, trickle_read, &t, NULL, NULL, &s, NULL);
    if (rc != CHC_OK) abort(); /* memory input: nothing can fail but SQLite */
    if (s.items != s.games + s.bad + s.skipped + s.duplicates) abort();
    if (chc_index_counts(ix, &kept, NULL) != CHC_OK || kept.games != s.games || kept.bad != s.bad ||
        kept.skipped != s.skipped || kept.duplicates != s.duplicates)
        abort();
    explore_start(ix, &e1);
    if (e1.white + e1.draws + e1.black > (uint64_t)s.games) abort();
    check_write(&e1, 0);
    check_write(&e1, CHC_EXPLORE_JSON);
    trickle t2 = {(const char *)data, size, 3};
    chc_index_stats s2;
    if (chc_index_add(ix, trickle_read, &t2, NULL, NULL, &s2, NULL) != CHC_OK) abort();
    if (s2.games != 0 || s2.duplicates != s.games + s.duplicates || s2.items != s.items) abort();
    explore_start(ix, &e2);
    if (memcmp(&e1, &e2, sizeof e1) != 0) abort();
    chc_index_close(ix);
    return 0;
}
