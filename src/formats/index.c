/* The position index (the opening explorer over one's own games) in an SQLite database: for
 * every position reached in the first `plies` plies of each game, keyed by its 20-byte pack
 * position code, the moves played from it with White wins / draws / Black wins, the sum of the
 * players' ratings and the best-rated game. Every column is a sum or a maximum with a fixed
 * tie-break, so the rows do not depend on the order the games came in: an index built on
 * shards and merged holds exactly the rows of one built at once.
 *
 * Schema (version 1):
 *   meta(key TEXT PRIMARY KEY, value INTEGER)   format, version, plies, games, bad, skipped,
 *                                               duplicates
 *   games(id INTEGER PRIMARY KEY, white, black, white_elo, black_elo, result, date, site)
 *                                               id: a 63-bit hash of the game (tags, start,
 *                                               moves, result); a game already present is a
 *                                               duplicate and is not counted again
 *   moves(pos BLOB, mv INTEGER, w, d, b, rsum, rn, best, best_r, PRIMARY KEY (pos, mv))
 *                                               mv: from | to << 6 | promotion << 12;
 *                                               rsum: WhiteElo + BlackElo summed over the rn
 *                                               games that have both; best: the game with the
 *                                               highest best_r (its rating sum; -1 unrated),
 *                                               the smaller id on a tie
 * Optional part of the library: without SQLite (CHC_HAVE_SQLITE) every function returns
 * CHC_E_UNSUPPORTED. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"
#include "common/diag.h"

unsigned chci_index_features(void);
unsigned chci_index_features(void)
{
#ifdef CHC_HAVE_SQLITE
    return CHC_FEATURE_SQLITE;
#else
    return 0;
#endif
}

/* ---- writing the move table (no SQLite needed) ------------------------------------------ */

static int pct10(uint64_t part, uint64_t total) /* per mille, rounded */
{
    return total ? (int)((part * 1000 + total / 2) / total) : 0;
}

typedef struct outbuf {
    char *dst;
    size_t cap, len;
} outbuf;

static void put(outbuf *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(outbuf *o, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n >= sizeof tmp) n = (int)sizeof tmp - 1;
    if (o->len + (size_t)n < o->cap) memcpy(o->dst + o->len, tmp, (size_t)n);
    o->len += (size_t)n;
}

/* The length of the UTF-8 character at s (1 to 4), or 0 when the bytes are not one. */
static size_t utf8_len(const unsigned char *s)
{
    size_t n = s[0] < 0x80 ? 1 : s[0] >= 0xC2 && s[0] < 0xE0 ? 2 : s[0] >= 0xE0 && s[0] < 0xF0 ? 3
             : s[0] >= 0xF0 && s[0] < 0xF5 ? 4 : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    if (n == 3 && ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0))) return 0;
    if (n == 4 && ((s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90))) return 0;
    return n;
}

/* A JSON string: quotes, backslashes and control characters escaped, bytes that are not UTF-8
 * written as '?' (tags come from any PGN). */
static void put_json(outbuf *o, const char *s)
{
    put(o, "\"");
    while (*s) {
        const unsigned char *u = (const unsigned char *)s;
        size_t n = utf8_len(u);
        if (n == 0) put(o, "?"), n = 1;
        else if (*u == '"' || *u == '\\') put(o, "\\%c", *u);
        else if (*u < 0x20) put(o, "\\u%04x", *u);
        else put(o, "%.*s", (int)n, s);
        s += n;
    }
    put(o, "\"");
}

static void put_pct(outbuf *o, uint64_t part, uint64_t total)
{
    int p = pct10(part, total);
    put(o, "%3d.%d%%", p / 10, p % 10);
}

int chc_explore_write(const chc_explore *e, unsigned flags, char *dst, size_t dst_cap,
                      size_t *dst_len, chc_diag *diag)
{
    chc_diag_init(diag);
    if (!e || (!dst && dst_cap) || (flags & ~CHC_EXPLORE_JSON) || e->nmoves > CHC_MAX_MOVES ||
        e->ngames > CHC_EXPLORE_GAMES_MAX)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "explore: bad arguments");
    outbuf o = {dst, dst_cap, 0};
    uint64_t total = e->white + e->draws + e->black;
    if (flags & CHC_EXPLORE_JSON) {
        put(&o, "{\"white\":%llu,\"draws\":%llu,\"black\":%llu,\"moves\":[",
            (unsigned long long)e->white, (unsigned long long)e->draws, (unsigned long long)e->black);
        for (size_t i = 0; i < e->nmoves; i++) {
            const chc_explore_move *m = &e->moves[i];
            put(&o, "%s{\"uci\":\"%s\",\"san\":\"%s\",\"white\":%llu,\"draws\":%llu,\"black\":%llu,"
                    "\"averageRating\":%d}", i ? "," : "", m->uci, m->san,
                (unsigned long long)m->white, (unsigned long long)m->draws,
                (unsigned long long)m->black, m->avg_rating);
        }
        put(&o, "],\"topGames\":[");
        for (size_t i = 0; i < e->ngames; i++) {
            const chc_explore_game *g = &e->games[i];
            put(&o, "%s{\"white\":", i ? "," : "");
            put_json(&o, g->white);
            put(&o, ",\"black\":");
            put_json(&o, g->black);
            put(&o, ",\"whiteElo\":%d,\"blackElo\":%d,\"result\":\"%s\",\"date\":", g->white_elo,
                g->black_elo, chc_result_string(g->result));
            put_json(&o, g->date);
            put(&o, ",\"site\":");
            put_json(&o, g->site);
            put(&o, ",\"uci\":\"%s\"}", g->uci);
        }
        put(&o, "]}\n");
    } else {
        put(&o, "%-7s %10s %6s   %-23s %s\n", "Move", "Games", "", "White / Draw / Black", "Avg");
        for (size_t i = 0; i < e->nmoves; i++) {
            const chc_explore_move *m = &e->moves[i];
            uint64_t n = m->white + m->draws + m->black;
            put(&o, "%-7s %10llu ", m->san, (unsigned long long)n);
            put_pct(&o, n, total);
            put(&o, "  ");
            put_pct(&o, m->white, n);
            put(&o, " /");
            put_pct(&o, m->draws, n);
            put(&o, " /");
            put_pct(&o, m->black, n);
            if (m->avg_rating) put(&o, "  %4d\n", m->avg_rating);
            else put(&o, "     -\n");
        }
        put(&o, "%-7s %10llu ", "Total", (unsigned long long)total);
        put_pct(&o, total, total);
        put(&o, "  ");
        put_pct(&o, e->white, total);
        put(&o, " /");
        put_pct(&o, e->draws, total);
        put(&o, " /");
        put_pct(&o, e->black, total);
        put(&o, "\n");
        if (e->ngames) put(&o, "Top games:\n");
        for (size_t i = 0; i < e->ngames; i++) {
            const chc_explore_game *g = &e->games[i];
            put(&o, "  %-7s %s", g->san, *g->white ? g->white : "?");
            if (g->white_elo) put(&o, " (%d)", g->white_elo);
            put(&o, " - %s", *g->black ? g->black : "?");
            if (g->black_elo) put(&o, " (%d)", g->black_elo);
            put(&o, " %s", chc_result_string(g->result));
            if (*g->date) put(&o, " %s", g->date);
            if (*g->site) put(&o, " %s", g->site);
            put(&o, "\n");
        }
    }
    if (dst_len) *dst_len = o.len;
    if (o.len >= dst_cap)
        return chci_fail(diag, CHC_E_BUFFER_TOO_SMALL, -1, 0, 0, -1,
                         "explore: %zu bytes needed", o.len + 1);
    dst[o.len] = '\0';
    return CHC_OK;
}

#ifndef CHC_HAVE_SQLITE

#define NO_SQLITE(diag)                                                                        \
    chci_fail(diag, CHC_E_UNSUPPORTED, -1, 0, 0, -1,                                           \
              "position index: this chesscodec was built without SQLite (apt-get install "      \
              "libsqlite3-dev, then rebuild)")

struct chc_index {
    int unused;
};
int chc_index_open(const char *path, unsigned flags, int plies, chc_index **out, chc_diag *diag)
{
    (void)path, (void)flags, (void)plies;
    chc_diag_init(diag);
    if (out) *out = NULL;
    return NO_SQLITE(diag);
}
void chc_index_close(chc_index *ix) { (void)ix; }
int chc_index_plies(const chc_index *ix) { (void)ix; return 0; }
int chc_index_add(chc_index *ix, chc_read_fn read, void *read_ctx, chc_convert_error_fn on_error,
                  void *ctx, chc_index_stats *stats, chc_diag *diag)
{
    (void)ix, (void)read, (void)read_ctx, (void)on_error, (void)ctx;
    if (stats) memset(stats, 0, sizeof *stats);
    chc_diag_init(diag);
    return NO_SQLITE(diag);
}
int chc_index_merge(chc_index *ix, const char *path, chc_index_stats *stats, chc_diag *diag)
{
    (void)ix, (void)path;
    if (stats) memset(stats, 0, sizeof *stats);
    chc_diag_init(diag);
    return NO_SQLITE(diag);
}
int chc_index_counts(chc_index *ix, chc_index_stats *stats, chc_diag *diag)
{
    (void)ix;
    if (stats) memset(stats, 0, sizeof *stats);
    chc_diag_init(diag);
    return NO_SQLITE(diag);
}
int chc_index_explore(chc_index *ix, const chc_position *pos, chc_explore *e, chc_diag *diag)
{
    (void)ix, (void)pos;
    if (e) memset(e, 0, sizeof *e);
    chc_diag_init(diag);
    return NO_SQLITE(diag);
}

#else
#include <sqlite3.h>

#define SCHEMA_VERSION 1
#define FORMAT_MAGIC 0x63686378 /* "chcx": meta.format, tells a chesscodec index */

/* The moves of the games being added are summed in memory first (the same sums and best-game
 * rule as the upsert), then written in key order: far fewer and sequential B-tree updates. */
typedef struct agg {
    uint8_t key[CHC_PACK_POS_BYTES];
    uint16_t mv;
    uint8_t used;
    uint32_t w, d, b, rn;
    int64_t rsum, best, best_r;
} agg;
#define AGG_MIN_BITS 12                       /* 4k slots to start with, */
#define AGG_BITS 19                           /* doubled up to 512k slots, 32 MB */
#define AGG_FLUSH ((1u << AGG_BITS) / 2u)     /* written out at half full */

struct chc_index {
    sqlite3 *db;
    int plies;
    int read_only;
    sqlite3_stmt *add_game, *add_move, *query_moves, *query_game;
    agg *agg;      /* 1 << bits slots while adding, else NULL */
    unsigned bits;
    uint32_t *used; /* the slots used, in the order they were taken */
    agg *out;      /* the used slots, sorted for writing */
    size_t nagg;   /* slots used */
    struct code_cache *cache; /* while adding, else NULL */
};

/* Pack codes of recent positions by Polyglot key (openings repeat across games; encoding is
 * most of the time of indexing): a hit needs the same position, not only the same key. */
#define CACHE_BITS 14
typedef struct code_cache {
    chc_position pos;
    uint8_t code[CHC_PACK_POS_BYTES];
    uint8_t valid;
} code_cache;

static int pack_key(chc_index *ix, const chc_position *pos, uint8_t key[CHC_PACK_POS_BYTES])
{
    code_cache *c = &ix->cache[chc_position_key(pos) & ((1u << CACHE_BITS) - 1)];
    if (c->valid && c->pos.key == pos->key && chc_position_same(&c->pos, pos) &&
        c->pos.chess960 == pos->chess960 &&
        memcmp(c->pos.castle_rook, pos->castle_rook, sizeof pos->castle_rook) == 0) {
        memcpy(key, c->code, CHC_PACK_POS_BYTES);
        return CHC_OK;
    }
    int rc = chc_pack_position_encode(pos, key, NULL);
    if (rc == CHC_OK) {
        c->pos = *pos;
        memcpy(c->code, key, CHC_PACK_POS_BYTES);
        c->valid = 1;
    }
    return rc;
}

static int db_fail(chc_index *ix, chc_diag *diag, const char *what)
{
    return chci_fail(diag, CHC_E_INDEX, -1, 0, 0, -1, "position index: %s: %s", what,
                     ix && ix->db ? sqlite3_errmsg(ix->db) : "out of memory");
}

static int exec(chc_index *ix, const char *sql, chc_diag *diag)
{
    if (sqlite3_exec(ix->db, sql, NULL, NULL, NULL) != SQLITE_OK) return db_fail(ix, diag, sql);
    return CHC_OK;
}

static int prepare(chc_index *ix, const char *sql, sqlite3_stmt **st, chc_diag *diag)
{
    if (sqlite3_prepare_v2(ix->db, sql, -1, st, NULL) != SQLITE_OK) return db_fail(ix, diag, "prepare");
    return CHC_OK;
}

/* meta value of key, or -1 when absent (or on an error). */
static int64_t meta_get(chc_index *ix, const char *schema, const char *key)
{
    char sql[96];
    snprintf(sql, sizeof sql, "SELECT value FROM %s.meta WHERE key=?", schema);
    sqlite3_stmt *st = NULL;
    int64_t v = -1;
    if (sqlite3_prepare_v2(ix->db, sql, -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
        if (sqlite3_step(st) == SQLITE_ROW) v = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    return v;
}

static int meta_add(chc_index *ix, const char *key, int64_t delta, chc_diag *diag)
{
    sqlite3_stmt *st = NULL;
    int rc = prepare(ix, "INSERT INTO meta(key,value) VALUES(?1,?2) "
                         "ON CONFLICT(key) DO UPDATE SET value=value+excluded.value", &st, diag);
    if (rc) return rc;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, delta);
    rc = sqlite3_step(st) == SQLITE_DONE ? CHC_OK : db_fail(ix, diag, "meta");
    sqlite3_finalize(st);
    return rc;
}

static const char SCHEMA[] =
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE TABLE games(id INTEGER PRIMARY KEY, white TEXT, black TEXT, white_elo INTEGER,"
    " black_elo INTEGER, result INTEGER, date TEXT, site TEXT);"
    "CREATE TABLE moves(pos BLOB NOT NULL, mv INTEGER NOT NULL, w INTEGER NOT NULL,"
    " d INTEGER NOT NULL, b INTEGER NOT NULL, rsum INTEGER NOT NULL, rn INTEGER NOT NULL,"
    " best INTEGER NOT NULL, best_r INTEGER NOT NULL, PRIMARY KEY(pos, mv)) WITHOUT ROWID;";

/* The upsert shared by adding games and merging: counts summed, the best game kept. */
#define MOVES_UPSERT                                                                           \
    " ON CONFLICT(pos,mv) DO UPDATE SET w=w+excluded.w, d=d+excluded.d, b=b+excluded.b,"       \
    " rsum=rsum+excluded.rsum, rn=rn+excluded.rn,"                                             \
    " best=CASE WHEN excluded.best_r>best_r OR (excluded.best_r=best_r AND excluded.best<best)" \
    " THEN excluded.best ELSE best END, best_r=MAX(best_r,excluded.best_r)"

/* Checks that the database in `schema` is a chesscodec index of this version; *plies gets its
 * ply limit. */
static int check_meta(chc_index *ix, const char *schema, const char *path, int *plies, chc_diag *diag)
{
    if (meta_get(ix, schema, "format") != FORMAT_MAGIC)
        return chci_fail(diag, CHC_E_INDEX, -1, 0, 0, -1,
                         "'%s' is not a chesscodec position index", path);
    int64_t v = meta_get(ix, schema, "version");
    if (v != SCHEMA_VERSION)
        return chci_fail(diag, CHC_E_INDEX, -1, 0, 0, -1,
                         "'%s': index version %lld, this chesscodec reads version %d", path,
                         (long long)v, SCHEMA_VERSION);
    int64_t p = meta_get(ix, schema, "plies");
    if (p < 1 || p > CHC_INDEX_PLIES_MAX)
        return chci_fail(diag, CHC_E_INDEX, -1, 0, 0, -1, "'%s': bad ply limit %lld", path,
                         (long long)p);
    *plies = (int)p;
    return CHC_OK;
}

int chc_index_open(const char *path, unsigned flags, int plies, chc_index **out, chc_diag *diag)
{
    chc_diag_init(diag);
    if (out) *out = NULL;
    if (!path || !out || (flags & ~(CHC_INDEX_CREATE | CHC_INDEX_READ_ONLY)) ||
        ((flags & CHC_INDEX_CREATE) && (flags & CHC_INDEX_READ_ONLY)) || plies < 0 ||
        plies > CHC_INDEX_PLIES_MAX)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "index open: bad arguments");
    chc_index *ix = calloc(1, sizeof *ix);
    if (!ix) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "out of memory");
    ix->read_only = (flags & CHC_INDEX_READ_ONLY) != 0;
    int oflags = ix->read_only ? SQLITE_OPEN_READONLY
                               : SQLITE_OPEN_READWRITE | ((flags & CHC_INDEX_CREATE) ? SQLITE_OPEN_CREATE : 0);
    int rc;
    /* SQLITE_OPEN_URI: for ATTACH "file:...?mode=ro" in chc_index_merge */
    if (sqlite3_open_v2(path, &ix->db, oflags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, NULL) != SQLITE_OK) {
        rc = chci_fail(diag, CHC_E_IO, -1, 0, 0, -1, "cannot open index '%s': %s", path,
                       ix->db ? sqlite3_errmsg(ix->db) : "out of memory");
        goto fail;
    }
    sqlite3_busy_timeout(ix->db, 5000);
    sqlite3_extended_result_codes(ix->db, 0);
    /* A new file: the schema, in one transaction. */
    int64_t tables = -1;
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(ix->db, "SELECT count(*) FROM sqlite_master", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        tables = sqlite3_column_int64(st, 0);
    else {
        sqlite3_finalize(st);
        rc = chci_fail(diag, CHC_E_INDEX, -1, 0, 0, -1, "'%s' is not a chesscodec position index (%s)",
                       path, sqlite3_errmsg(ix->db));
        goto fail;
    }
    sqlite3_finalize(st);
    if (tables == 0 && !ix->read_only && (flags & CHC_INDEX_CREATE)) {
        char sql[256];
        snprintf(sql, sizeof sql,
                 "INSERT INTO meta VALUES('format',%d),('version',%d),('plies',%d),('games',0),"
                 "('bad',0),('skipped',0),('duplicates',0);", FORMAT_MAGIC, SCHEMA_VERSION,
                 plies ? plies : CHC_INDEX_PLIES_DEFAULT);
        if ((rc = exec(ix, "PRAGMA page_size=8192; BEGIN", diag)) || (rc = exec(ix, SCHEMA, diag)) ||
            (rc = exec(ix, sql, diag)) || (rc = exec(ix, "COMMIT", diag)))
            goto fail;
    }
    int have = 0;
    if ((rc = check_meta(ix, "main", path, &have, diag))) goto fail;
    if (plies && plies != have) {
        rc = chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1,
                       "index '%s' was built to %d plies, not %d", path, have, plies);
        goto fail;
    }
    ix->plies = have;
    exec(ix, "PRAGMA cache_size=-65536", NULL);
    *out = ix;
    return CHC_OK;
fail:
    chc_index_close(ix);
    return rc;
}

void chc_index_close(chc_index *ix)
{
    if (!ix) return;
    sqlite3_finalize(ix->add_game);
    sqlite3_finalize(ix->add_move);
    sqlite3_finalize(ix->query_moves);
    sqlite3_finalize(ix->query_game);
    sqlite3_close(ix->db);
    free(ix);
}

int chc_index_plies(const chc_index *ix) { return ix ? ix->plies : 0; }

/* ---- adding games ------------------------------------------------------------------------ */

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * 0x100000001b3ull;
    return h;
}

/* The game's id: a hash of its tags, start, moves and result, in 63 bits (SQLite's integers
 * are signed; 0 is never used). */
static int64_t game_id(const chc_game *g)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < chc_game_tag_count(g); i++) {
        const char *n = chc_game_tag_name(g, i), *v = chc_game_tag_value(g, i);
        h = fnv(h, n, strlen(n) + 1);
        h = fnv(h, v, strlen(v) + 1);
    }
    uint64_t k = chc_position_key(chc_game_start(g));
    h = fnv(h, &k, sizeof k);
    for (size_t i = 0; i < chc_game_ply_count(g); i++) {
        uint32_t m = chc_game_move(g, i);
        h = fnv(h, &m, sizeof m);
    }
    int r = chc_game_result(g);
    h = fnv(h, &r, sizeof r);
    h &= 0x7fffffffffffffffull;
    return h ? (int64_t)h : 1;
}

static int elo(const chc_game *g, const char *tag)
{
    const char *v = chc_game_tag(g, tag);
    if (!v) return 0;
    char *end;
    long n = strtol(v, &end, 10);
    return end != v && *end == '\0' && n > 0 && n < 4000 ? (int)n : 0;
}

static int bind_tag(sqlite3_stmt *st, int col, const chc_game *g, const char *tag)
{
    const char *v = chc_game_tag(g, tag);
    return sqlite3_bind_text(st, col, v ? v : "", -1, SQLITE_TRANSIENT);
}

static unsigned move_code(chc_move m)
{
    return (unsigned)CHC_MOVE_FROM(m) | (unsigned)CHC_MOVE_TO(m) << 6 | (unsigned)CHC_MOVE_PROMO(m) << 12;
}

static uint32_t agg_hash(const uint8_t key[CHC_PACK_POS_BYTES], unsigned mv)
{
    uint64_t a, b;
    uint32_t c;
    memcpy(&a, key, 8);
    memcpy(&b, key + 8, 8);
    memcpy(&c, key + 16, 4);
    uint64_t h = (a ^ (b * 0x9E3779B97F4A7C15ull) ^ ((uint64_t)c << 16 | mv)) * 0xD6E8FEB86659FD93ull;
    return (uint32_t)(h >> 32);
}

/* Adds one (position, move) count into the table (room is kept by agg_flush). */
static void agg_add(chc_index *ix, const agg *x)
{
    uint32_t mask = (1u << ix->bits) - 1, i = agg_hash(x->key, x->mv) & mask;
    for (;; i = (i + 1) & mask) {
        agg *a = &ix->agg[i];
        if (!a->used) {
            *a = *x;
            a->used = 1;
            ix->used[ix->nagg++] = i;
            return;
        }
        if (a->mv != x->mv || memcmp(a->key, x->key, sizeof a->key) != 0) continue;
        a->w += x->w, a->d += x->d, a->b += x->b, a->rn += x->rn, a->rsum += x->rsum;
        if (x->best_r > a->best_r || (x->best_r == a->best_r && x->best < a->best))
            a->best = x->best, a->best_r = x->best_r;
        return;
    }
}

/* Doubles the table (the used slots moved over). */
static int agg_grow(chc_index *ix)
{
    agg *old = ix->agg;
    agg *grown = calloc((size_t)1 << (ix->bits + 1), sizeof *grown);
    if (!grown) return CHC_E_NO_MEMORY;
    size_t n = ix->nagg;
    ix->agg = grown;
    ix->bits++;
    ix->nagg = 0;
    for (size_t i = 0; i < n; i++) {
        agg a = old[ix->used[i]];
        agg_add(ix, &a);
    }
    free(old);
    return CHC_OK;
}

static int cmp_agg(const void *pa, const void *pb)
{
    const agg *a = pa, *b = pb;
    int c = memcmp(a->key, b->key, sizeof a->key);
    return c ? c : (a->mv > b->mv) - (a->mv < b->mv);
}

/* Writes the table out in key order (a transaction is open) and empties it. */
static int agg_flush(chc_index *ix, chc_diag *diag)
{
    size_t n = ix->nagg;
    for (size_t i = 0; i < n; i++) {
        ix->out[i] = ix->agg[ix->used[i]];
        memset(&ix->agg[ix->used[i]], 0, sizeof *ix->agg);
    }
    ix->nagg = 0;
    qsort(ix->out, n, sizeof *ix->out, cmp_agg);
    sqlite3_stmt *st = ix->add_move;
    int rc = CHC_OK;
    for (size_t i = 0; i < n && rc == CHC_OK; i++) {
        const agg *a = &ix->out[i];
        sqlite3_reset(st);
        sqlite3_bind_blob(st, 1, a->key, sizeof a->key, SQLITE_STATIC);
        sqlite3_bind_int(st, 2, a->mv);
        sqlite3_bind_int64(st, 3, a->w);
        sqlite3_bind_int64(st, 4, a->d);
        sqlite3_bind_int64(st, 5, a->b);
        sqlite3_bind_int64(st, 6, a->rsum);
        sqlite3_bind_int64(st, 7, a->rn);
        sqlite3_bind_int64(st, 8, a->best);
        sqlite3_bind_int64(st, 9, a->best_r);
        if (sqlite3_step(st) != SQLITE_DONE) rc = db_fail(ix, diag, "adding positions");
    }
    sqlite3_reset(st);
    return rc;
}

/* Adds one game (a transaction is open). Returns CHC_OK, CHC_E_EMPTY (a duplicate: counted,
 * nothing added) or an error. */
static int add_game(chc_index *ix, const chc_game *g, chc_diag *diag)
{
    int64_t id = game_id(g);
    int we = elo(g, "WhiteElo"), be = elo(g, "BlackElo"), result = chc_game_result(g);
    int rated = we && be;
    sqlite3_stmt *st = ix->add_game;
    sqlite3_reset(st);
    sqlite3_bind_int64(st, 1, id);
    bind_tag(st, 2, g, "White");
    bind_tag(st, 3, g, "Black");
    sqlite3_bind_int(st, 4, we);
    sqlite3_bind_int(st, 5, be);
    sqlite3_bind_int(st, 6, result);
    bind_tag(st, 7, g, "Date");
    bind_tag(st, 8, g, "Site");
    if (sqlite3_step(st) != SQLITE_DONE) return db_fail(ix, diag, "adding a game");
    if (sqlite3_changes(ix->db) == 0) return CHC_E_EMPTY;
    chc_position pos = *chc_game_start(g);
    size_t n = chc_game_ply_count(g);
    if (n > (size_t)ix->plies) n = (size_t)ix->plies;
    for (size_t i = 0; i < n; i++) {
        agg a;
        chc_move m = chc_game_move(g, i);
        if (m == CHC_MOVE_NULL || pack_key(ix, &pos, a.key) != CHC_OK) break;
        a.mv = (uint16_t)move_code(m);
        a.w = result == CHC_RESULT_WHITE_WINS;
        a.d = result == CHC_RESULT_DRAW;
        a.b = result == CHC_RESULT_BLACK_WINS;
        a.rsum = rated ? we + be : 0;
        a.rn = (uint32_t)rated;
        a.best = id;
        a.best_r = rated ? we + be : -1;
        agg_add(ix, &a);
        if (ix->nagg >= AGG_FLUSH) {
            int rc = agg_flush(ix, diag);
            if (rc) return rc;
        } else if (ix->nagg >= (1u << ix->bits) / 2u && agg_grow(ix) != CHC_OK) {
            return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "out of memory");
        }
        chc_undo u;
        chc_make_move(&pos, m, &u);
    }
    return CHC_OK;
}

int chc_index_add(chc_index *ix, chc_read_fn read, void *read_ctx, chc_convert_error_fn on_error,
                  void *ctx, chc_index_stats *stats, chc_diag *diag)
{
    chc_index_stats s = {0};
    chc_diag_init(diag);
    if (stats) *stats = s;
    if (!ix || !read) return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "index add: bad arguments");
    if (ix->read_only)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "index add: opened read-only");
    int rc;
    if (!ix->add_game &&
        ((rc = prepare(ix, "INSERT OR IGNORE INTO games VALUES(?1,?2,?3,?4,?5,?6,?7,?8)",
                       &ix->add_game, diag)) ||
         (rc = prepare(ix, "INSERT INTO moves VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9)" MOVES_UPSERT,
                       &ix->add_move, diag))))
        return rc;
    chc_reader *r = chc_reader_new(read, read_ctx, CHC_FORMAT_AUTO,
                                   CHC_READER_MAINLINE_ONLY | CHC_READER_NO_COMMENTS);
    chc_game *g = chc_game_new();
    ix->bits = AGG_MIN_BITS;
    ix->agg = calloc((size_t)1 << ix->bits, sizeof *ix->agg);
    ix->nagg = 0;
    ix->used = malloc(AGG_FLUSH * sizeof *ix->used);
    ix->out = malloc(AGG_FLUSH * sizeof *ix->out);
    ix->cache = calloc((size_t)1 << CACHE_BITS, sizeof *ix->cache);
    if (!r || !g || !ix->agg || !ix->used || !ix->out || !ix->cache) {
        rc = chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "out of memory");
        goto done;
    }
    if ((rc = exec(ix, "BEGIN IMMEDIATE", diag))) goto done;
    for (;;) {
        chc_diag d = CHC_DIAG_INIT;
        int e = chc_reader_next_game(r, g, NULL, &d);
        if (e == CHC_E_GAME_END) break;
        if (e == CHC_E_EMPTY) continue;
        if (e == CHC_E_IO || e == CHC_E_NO_MEMORY) {
            rc = e;
            *diag = d;
            break;
        }
        s.items++;
        if (e == CHC_OK && chc_game_result(g) == CHC_RESULT_UNKNOWN) {
            s.skipped++;
            continue;
        }
        if (e != CHC_OK) {
            s.bad++;
            if (on_error) on_error(ctx, chc_reader_item(r), &d);
            continue;
        }
        e = add_game(ix, g, diag);
        if (e == CHC_E_EMPTY) s.duplicates++;
        else if (e == CHC_OK) s.games++;
        else {
            rc = e;
            break;
        }
    }
    s.bytes_in = chc_reader_bytes(r);
    if (rc == CHC_OK) rc = agg_flush(ix, diag);
    if (rc == CHC_OK && !((rc = meta_add(ix, "games", s.games, diag)) ||
                          (rc = meta_add(ix, "bad", s.bad, diag)) ||
                          (rc = meta_add(ix, "skipped", s.skipped, diag)) ||
                          (rc = meta_add(ix, "duplicates", s.duplicates, diag))))
        rc = exec(ix, "COMMIT", diag);
    if (rc != CHC_OK) sqlite3_exec(ix->db, "ROLLBACK", NULL, NULL, NULL);
done:
    free(ix->agg);
    ix->agg = NULL;
    free(ix->cache);
    free(ix->used);
    free(ix->out);
    ix->cache = NULL;
    ix->used = NULL;
    ix->out = NULL;
    chc_game_free(g);
    chc_reader_free(r);
    if (stats) *stats = s;
    return rc;
}

int chc_index_merge(chc_index *ix, const char *path, chc_index_stats *stats, chc_diag *diag)
{
    chc_index_stats s = {0};
    chc_diag_init(diag);
    if (stats) *stats = s;
    if (!ix || !path) return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "index merge: bad arguments");
    if (ix->read_only)
        return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "index merge: opened read-only");
    /* ATTACH takes a URI to open the other file read-only. */
    char *uri = sqlite3_mprintf("file:%s?mode=ro", path);
    sqlite3_stmt *st = NULL;
    int rc = CHC_OK;
    if (!uri) return chci_fail(diag, CHC_E_NO_MEMORY, -1, 0, 0, -1, "out of memory");
    for (char *p = uri + 5; *p && *p != '?'; p++)
        if (*p == '#' || *p == '%' || *p == '?') { /* would be read as URI syntax */
            sqlite3_free(uri);
            return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1,
                             "index merge: a file name with '#', '%%' or '?': '%s'", path);
        }
    if ((rc = prepare(ix, "ATTACH ?1 AS shard", &st, diag))) goto out;
    sqlite3_bind_text(st, 1, uri, -1, SQLITE_STATIC);
    if (sqlite3_step(st) != SQLITE_DONE) {
        if (sqlite3_errcode(ix->db) == SQLITE_NOTADB)
            rc = chci_fail(diag, CHC_E_INDEX, -1, 0, 0, -1, "'%s' is not a chesscodec position index (%s)",
                           path, sqlite3_errmsg(ix->db));
        else
            rc = chci_fail(diag, CHC_E_IO, -1, 0, 0, -1, "cannot open index '%s': %s", path,
                           sqlite3_errmsg(ix->db));
        goto out;
    }
    int plies = 0;
    sqlite3_stmt *probe = NULL;
    if (sqlite3_prepare_v2(ix->db, "SELECT count(*) FROM shard.sqlite_master", -1, &probe, NULL) != SQLITE_OK ||
        sqlite3_step(probe) != SQLITE_ROW) {
        rc = chci_fail(diag, CHC_E_INDEX, -1, 0, 0, -1, "'%s' is not a chesscodec position index (%s)",
                       path, sqlite3_errmsg(ix->db));
    } else {
        rc = check_meta(ix, "shard", path, &plies, diag);
    }
    sqlite3_finalize(probe);
    if (rc) goto detach;
    if (plies != ix->plies) {
        rc = chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1,
                       "cannot merge '%s' (%d plies) into an index of %d plies", path, plies, ix->plies);
        goto detach;
    }
    s.games = (long)meta_get(ix, "shard", "games");
    s.bad = (long)meta_get(ix, "shard", "bad");
    s.skipped = (long)meta_get(ix, "shard", "skipped");
    s.duplicates = (long)meta_get(ix, "shard", "duplicates");
    if ((rc = exec(ix, "BEGIN IMMEDIATE", diag))) goto detach;
    if ((rc = exec(ix, "INSERT INTO games SELECT * FROM shard.games WHERE 1 ON CONFLICT DO NOTHING", diag)) ||
        (rc = exec(ix, "INSERT INTO moves SELECT * FROM shard.moves WHERE 1" MOVES_UPSERT, diag)) ||
        (rc = meta_add(ix, "games", s.games, diag)) || (rc = meta_add(ix, "bad", s.bad, diag)) ||
        (rc = meta_add(ix, "skipped", s.skipped, diag)) ||
        (rc = meta_add(ix, "duplicates", s.duplicates, diag)) || (rc = exec(ix, "COMMIT", diag)))
        sqlite3_exec(ix->db, "ROLLBACK", NULL, NULL, NULL);
detach:
    sqlite3_exec(ix->db, "DETACH shard", NULL, NULL, NULL);
out:
    sqlite3_finalize(st);
    sqlite3_free(uri);
    if (stats && rc == CHC_OK) *stats = s;
    return rc;
}

int chc_index_counts(chc_index *ix, chc_index_stats *stats, chc_diag *diag)
{
    chc_diag_init(diag);
    if (!ix || !stats) return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "index counts: bad arguments");
    memset(stats, 0, sizeof *stats);
    stats->games = (long)meta_get(ix, "main", "games");
    stats->bad = (long)meta_get(ix, "main", "bad");
    stats->skipped = (long)meta_get(ix, "main", "skipped");
    stats->duplicates = (long)meta_get(ix, "main", "duplicates");
    stats->items = stats->games + stats->bad + stats->skipped + stats->duplicates;
    return CHC_OK;
}

/* ---- querying ---------------------------------------------------------------------------- */

static void copy_text(char *dst, size_t cap, const unsigned char *src)
{
    snprintf(dst, cap, "%s", src ? (const char *)src : "");
    /* a UTF-8 character cut at the end: drop its bytes */
    size_t n = strlen(dst);
    if (n == cap - 1) {
        size_t k = n;
        while (k > 0 && ((unsigned char)dst[k - 1] & 0xC0) == 0x80) k--;
        if (k > 0 && ((unsigned char)dst[k - 1] & 0x80)) {
            unsigned char lead = (unsigned char)dst[k - 1];
            size_t want = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
            if (n - (k - 1) < want) dst[k - 1] = '\0';
        }
    }
}

typedef struct best {
    int64_t id, r;
    size_t move;
} best;

static int cmp_best(const void *a, const void *b)
{
    const best *x = a, *y = b;
    if (x->r != y->r) return x->r > y->r ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

static int cmp_moves(const void *a, const void *b)
{
    const chc_explore_move *x = a, *y = b;
    uint64_t nx = x->white + x->draws + x->black, ny = y->white + y->draws + y->black;
    if (nx != ny) return nx > ny ? -1 : 1;
    return strcmp(x->uci, y->uci);
}

int chc_index_explore(chc_index *ix, const chc_position *pos, chc_explore *e, chc_diag *diag)
{
    chc_diag_init(diag);
    if (e) memset(e, 0, sizeof *e);
    if (!ix || !pos || !e) return chci_fail(diag, CHC_E_ARGUMENT, -1, 0, 0, -1, "explore: bad arguments");
    uint8_t key[CHC_PACK_POS_BYTES];
    int rc = chc_pack_position_encode(pos, key, diag);
    if (rc) return rc;
    if (!ix->query_moves &&
        ((rc = prepare(ix, "SELECT mv,w,d,b,rsum,rn,best,best_r FROM moves WHERE pos=?1",
                       &ix->query_moves, diag)) ||
         (rc = prepare(ix, "SELECT white,black,white_elo,black_elo,result,date,site FROM games "
                           "WHERE id=?1", &ix->query_game, diag))))
        return rc;
    sqlite3_stmt *st = ix->query_moves;
    sqlite3_reset(st);
    sqlite3_bind_blob(st, 1, key, sizeof key, SQLITE_TRANSIENT);
    chc_move legal[CHC_MAX_MOVES];
    int nlegal = chc_legal_moves(pos, legal, CHC_GEN_ALL);
    best bests[CHC_MAX_MOVES];
    int step;
    while ((step = sqlite3_step(st)) == SQLITE_ROW) {
        unsigned mv = (unsigned)sqlite3_column_int(st, 0);
        chc_move m = CHC_MOVE_NONE;
        for (int i = 0; i < nlegal; i++)
            if (move_code(legal[i]) == mv) m = legal[i];
        if (m == CHC_MOVE_NONE || e->nmoves >= CHC_MAX_MOVES) continue; /* a damaged row */
        chc_explore_move *x = &e->moves[e->nmoves];
        x->move = m;
        chc_move_to_uci(pos, m, x->uci);
        chc_move_to_san(pos, m, x->san);
        x->white = (uint64_t)sqlite3_column_int64(st, 1);
        x->draws = (uint64_t)sqlite3_column_int64(st, 2);
        x->black = (uint64_t)sqlite3_column_int64(st, 3);
        int64_t rsum = sqlite3_column_int64(st, 4), rn = sqlite3_column_int64(st, 5);
        x->avg_rating = rn > 0 ? (int)((rsum + rn) / (2 * rn)) : 0;
        bests[e->nmoves].id = sqlite3_column_int64(st, 6);
        bests[e->nmoves].r = sqlite3_column_int64(st, 7);
        e->white += x->white;
        e->draws += x->draws;
        e->black += x->black;
        e->nmoves++;
    }
    if (step != SQLITE_DONE) return db_fail(ix, diag, "query");
    /* The best games: moves' best games, best-rated first, before the moves are sorted. */
    for (size_t i = 0; i < e->nmoves; i++) bests[i].move = i;
    qsort(bests, e->nmoves, sizeof *bests, cmp_best);
    for (size_t i = 0; i < e->nmoves && e->ngames < CHC_EXPLORE_GAMES_MAX; i++) {
        sqlite3_stmt *q = ix->query_game;
        sqlite3_reset(q);
        sqlite3_bind_int64(q, 1, bests[i].id);
        if (sqlite3_step(q) != SQLITE_ROW) continue;
        chc_explore_game *g = &e->games[e->ngames++];
        copy_text(g->white, sizeof g->white, sqlite3_column_text(q, 0));
        copy_text(g->black, sizeof g->black, sqlite3_column_text(q, 1));
        g->white_elo = sqlite3_column_int(q, 2);
        g->black_elo = sqlite3_column_int(q, 3);
        g->result = sqlite3_column_int(q, 4);
        copy_text(g->date, sizeof g->date, sqlite3_column_text(q, 5));
        copy_text(g->site, sizeof g->site, sqlite3_column_text(q, 6));
        memcpy(g->uci, e->moves[bests[i].move].uci, sizeof g->uci);
        memcpy(g->san, e->moves[bests[i].move].san, sizeof g->san);
    }
    qsort(e->moves, e->nmoves, sizeof *e->moves, cmp_moves);
    return CHC_OK;
}
#endif
