#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Finds `name` on PATH, /usr/games or /usr/local/games; the path goes to buf. */
static int find_tool(const char *name, char *buf, size_t cap)
{
    const char *path = getenv("PATH");
    char dirs[8192];
    snprintf(dirs, sizeof dirs, "%s:/usr/games:/usr/local/games", path ? path : "/usr/bin:/bin");
    for (char *save = NULL, *d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
        snprintf(buf, cap, "%s/%s", d, name);
        if (access(buf, X_OK) == 0) return 1;
    }
    return 0;
}

const char *tu_data_path(const char *rel)
{
    static char buf[4096];
    const char *root = getenv("CHC_TEST_DATA");
    snprintf(buf, sizeof buf, "%s/%s", root ? root : "tests/data", rel);
    return buf;
}

char *tu_read_file(const char *path, size_t *len)
{
    FILE *f;
    size_t n = strlen(path);
    int piped = 0;
    if (n > 3 && strcmp(path + n - 3, ".xz") == 0) {
        if (access(path, R_OK) != 0) return NULL;
        char xz[4096];
        if (!find_tool("xz", xz, sizeof xz)) tu_skip_or_fail("xz not installed (apt-get install xz-utils, or make deps)");
        char cmd[4200];
        snprintf(cmd, sizeof cmd, "xz -dc '%s'", path);
        f = popen(cmd, "r");
        piped = 1;
    } else {
        f = fopen(path, "rb");
    }
    if (!f) return NULL;
    size_t cap = 1 << 20, used = 0, got;
    char *buf = malloc(cap + 1);
    while (buf && (got = fread(buf + used, 1, cap - used, f)) > 0) {
        used += got;
        if (used == cap) {
            char *nb = realloc(buf, (cap *= 2) + 1);
            if (!nb) { free(buf); buf = NULL; }
            else buf = nb;
        }
    }
    if (piped) pclose(f); else fclose(f);
    if (!buf) return NULL;
    buf[used] = 0;
    if (len) *len = used;
    return buf;
}

int tu_in_ci(void)
{
    const char *ci = getenv("CI");
    return ci && *ci && strcmp(ci, "0") != 0 && strcmp(ci, "false") != 0;
}

int tu_sanitized(void)
{
    const char *s = getenv("CHC_SANITIZED");
    return s && *s == '1';
}

const char *tu_find_tool(const char *name)
{
    static char buf[4096];
    return find_tool(name, buf, sizeof buf) ? buf : NULL;
}

void tu_skip_or_fail(const char *why)
{
    if (tu_in_ci()) {
        fprintf(stderr, "\n*** FAILED (CI): %s ***\n\n", why);
        exit(1);
    }
    fprintf(stderr, "\n*** SKIPPED: %s ***\n\n", why);
    exit(77);
}

void tu_pos(chc_position *pos, const char *fen)
{
    chc_diag d;
    int rc = chc_position_from_fen(pos, fen, 0, &d);
    if (rc != CHC_OK) {
        fprintf(stderr, "bad test FEN '%s': %s\n", fen, d.message);
        fail();
    }
}

uint64_t tu_rand(tu_rng *rng)
{
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t tu_rand_below(tu_rng *rng, uint64_t n)
{
    return tu_rand(rng) % n;
}

tu_perft_entry *tu_load_perft_suite(const char *path, int chess960, int *count)
{
    size_t len;
    char *text = tu_read_file(path, &len);
    if (!text) return NULL;
    int cap = 1024, n = 0;
    tu_perft_entry *v = malloc(sizeof *v * (size_t)cap);
    for (char *save = NULL, *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (n == cap) v = realloc(v, sizeof *v * (size_t)(cap *= 2));
        if (strncmp(line, "epd ", 4) == 0) {
            tu_perft_entry *e = &v[n++];
            memset(e, 0, sizeof *e);
            snprintf(e->fen, sizeof e->fen, "%s", line + 4);
            e->chess960 = chess960;
        } else if (strncmp(line, "perft ", 6) == 0 && n > 0) {
            tu_perft_entry *e = &v[n - 1];
            unsigned long long nodes;
            int d;
            if (sscanf(line + 6, "%d %llu", &d, &nodes) == 2 && e->ndepth < 10) {
                e->depth[e->ndepth] = d;
                e->nodes[e->ndepth++] = nodes;
            }
        } else if (strchr(line, ';') && line[0] != '#') {
            tu_perft_entry *e = &v[n++];
            memset(e, 0, sizeof *e);
            e->chess960 = chess960;
            char *semi = strchr(line, ';');
            size_t fl = (size_t)(semi - line);
            while (fl && line[fl - 1] == ' ') fl--;
            snprintf(e->fen, sizeof e->fen, "%.*s", (int)fl, line);
            for (char *s = semi; s; s = strchr(s + 1, ';')) {
                int d;
                unsigned long long nodes;
                if (sscanf(s, ";D%d %llu", &d, &nodes) == 2 && e->ndepth < 10) {
                    e->depth[e->ndepth] = d;
                    e->nodes[e->ndepth++] = nodes;
                }
            }
        }
    }
    free(text);
    *count = n;
    return v;
}
