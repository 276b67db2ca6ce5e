/* The game model: tags, a move tree with comments and NAGs, the result. */
#include <stdlib.h>
#include <string.h>

#include "notation/game.h"
#include "notation/notation.h"

#define POOL_LIMIT ((size_t)32 << 20)
#define TAG_LIMIT 4096

static void root_init(chc_game *g)
{
    memset(&g->nodes[0], 0, sizeof g->nodes[0]);
    g->nodes[0].parent = CHC_GAME_NO_NODE;
    g->nnodes = 1;
}

chc_game *chc_game_new(void)
{
    chc_game *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->cap_nodes = 256;
    g->nodes = malloc(g->cap_nodes * sizeof *g->nodes);
    g->cap_main = 256;
    g->main = malloc(g->cap_main * sizeof *g->main);
    if (!g->nodes || !g->main) {
        chc_game_free(g);
        return NULL;
    }
    chc_game_reset(g, NULL);
    return g;
}

void chc_game_free(chc_game *g)
{
    if (!g) return;
    free(g->nodes);
    free(g->main);
    free(g->pool);
    free(g->tags);
    free(g);
}

/* A copy of n elements of `size` bytes at src (at least one element allocated), or NULL. */
static void *dup_array(const void *src, size_t n, size_t size)
{
    void *p = malloc((n ? n : 1) * size);
    if (p && n) memcpy(p, src, n * size);
    return p;
}

int chc_game_copy(chc_game *dst, const chc_game *src)
{
    if (!dst || !src) return CHC_E_ARGUMENT;
    if (dst == src) return CHC_OK;
    chc_game c = *src;
    c.nodes = dup_array(src->nodes, src->nnodes, sizeof *src->nodes);
    c.main = dup_array(src->main, src->nmain, sizeof *src->main);
    c.pool = dup_array(src->pool, src->pool_len, 1);
    c.tags = dup_array(src->tags, src->ntags, sizeof *src->tags);
    if (!c.nodes || !c.main || !c.pool || !c.tags) {
        free(c.nodes);
        free(c.main);
        free(c.pool);
        free(c.tags);
        return CHC_E_NO_MEMORY;
    }
    c.cap_nodes = src->nnodes ? src->nnodes : 1;
    c.cap_main = src->nmain ? src->nmain : 1;
    c.pool_cap = src->pool_len ? src->pool_len : 1;
    c.cap_tags = src->ntags ? src->ntags : 1;
    free(dst->nodes);
    free(dst->main);
    free(dst->pool);
    free(dst->tags);
    *dst = c;
    return CHC_OK;
}

void chc_game_reset(chc_game *g, const chc_position *start)
{
    if (start)
        g->start = *start;
    else
        chc_position_startpos(&g->start);
    root_init(g);
    g->nmain = 0;
    g->pool_len = 0;
    g->ntags = 0;
    g->result = CHC_RESULT_UNKNOWN;
    g->tail = g->start;
    g->tail_ok = 1;
    g->cursor = 0;
    g->termination = CHC_TERM_NONE;
    g->cur_ok = 0;
}

const chc_position *chc_game_start(const chc_game *g) { return &g->start; }

uint32_t chci_game_str(chc_game *g, const char *s, size_t n)
{
    if (g->pool_len + n + 1 > POOL_LIMIT) return 0;
    if (g->pool_len + n + 1 > g->pool_cap) {
        size_t cap = g->pool_cap ? g->pool_cap : 1024;
        while (cap < g->pool_len + n + 1) cap *= 2;
        char *p = realloc(g->pool, cap);
        if (!p) return 0;
        g->pool = p;
        g->pool_cap = cap;
    }
    uint32_t off = (uint32_t)g->pool_len;
    memcpy(g->pool + off, s, n);
    g->pool[off + n] = 0;
    g->pool_len += n + 1;
    return off + 1;
}

/* ---- tags ------------------------------------------------------------------------------ */
static long tag_find(const chc_game *g, const char *name)
{
    for (size_t i = 0; i < g->ntags; i++) {
        const char *t = g->pool + g->tags[i][0] - 1;
        if (t[0] == name[0] && strcmp(t, name) == 0) return (long)i;
    }
    return -1;
}

int chc_game_set_tag(chc_game *g, const char *name, const char *value)
{
    long i = tag_find(g, name);
    if (!value) {
        if (i >= 0) {
            memmove(&g->tags[i], &g->tags[i + 1], (g->ntags - (size_t)i - 1) * sizeof g->tags[0]);
            g->ntags--;
        }
        return CHC_OK;
    }
    uint32_t v = chci_game_str(g, value, strlen(value));
    if (!v) return g->pool_len > POOL_LIMIT / 2 ? CHC_E_LIMIT : CHC_E_NO_MEMORY;
    if (i >= 0) {
        g->tags[i][1] = v;
        return CHC_OK;
    }
    if (g->ntags >= TAG_LIMIT) return CHC_E_LIMIT;
    if (g->ntags == g->cap_tags) {
        size_t cap = g->cap_tags ? g->cap_tags * 2 : 16;
        uint32_t(*t)[2] = realloc(g->tags, cap * sizeof *t);
        if (!t) return CHC_E_NO_MEMORY;
        g->tags = t;
        g->cap_tags = cap;
    }
    uint32_t nm = chci_game_str(g, name, strlen(name));
    if (!nm) return CHC_E_NO_MEMORY;
    g->tags[g->ntags][0] = nm;
    g->tags[g->ntags][1] = v;
    g->ntags++;
    return CHC_OK;
}

const char *chc_game_tag(const chc_game *g, const char *name)
{
    long i = tag_find(g, name);
    return i < 0 ? NULL : g->pool + g->tags[i][1] - 1;
}

size_t chc_game_tag_count(const chc_game *g) { return g->ntags; }

const char *chc_game_tag_name(const chc_game *g, size_t i)
{
    return i < g->ntags ? g->pool + g->tags[i][0] - 1 : NULL;
}

const char *chc_game_tag_value(const chc_game *g, size_t i)
{
    return i < g->ntags ? g->pool + g->tags[i][1] - 1 : NULL;
}

int chc_game_result(const chc_game *g) { return g->result; }

void chc_game_set_result(chc_game *g, int result)
{
    if (result >= CHC_RESULT_UNKNOWN && result <= CHC_RESULT_DRAW) g->result = result;
}

/* ---- the move tree ------------------------------------------------------------------- */
uint32_t chci_game_add(chc_game *g, uint32_t parent, chc_move m)
{
    if (g->nnodes >= CHC_GAME_MAX_NODES) return CHC_GAME_NO_NODE;
    if (g->nnodes == g->cap_nodes) {
        uint32_t cap = g->cap_nodes * 2;
        chci_node *n = realloc(g->nodes, cap * sizeof *n);
        if (!n) return CHC_GAME_NO_NODE;
        g->nodes = n;
        g->cap_nodes = cap;
    }
    uint32_t id = g->nnodes;
    chci_node *nd = &g->nodes[id];
    nd->move = m;
    nd->parent = parent;
    nd->first_child = nd->last_child = nd->next_sibling = 0;
    nd->comment[0] = nd->comment[1] = 0;
    nd->nnags = 0;
    chci_node *p = &g->nodes[parent];
    if (!p->first_child) {
        p->first_child = id;
        /* Extends the main line when the parent is its last node. */
        uint32_t tail = g->nmain ? g->main[g->nmain - 1] : CHC_GAME_ROOT;
        if (parent == tail) {
            if (g->nmain == g->cap_main) {
                uint32_t cap = g->cap_main * 2;
                uint32_t *mm = realloc(g->main, cap * sizeof *mm);
                if (!mm) {
                    p->first_child = 0;
                    return CHC_GAME_NO_NODE;
                }
                g->main = mm;
                g->cap_main = cap;
            }
            if (g->cursor == g->nmain) {
                g->cursor++;
                g->cur_ok = 0;
            }
            g->main[g->nmain++] = id;
            g->tail_ok = 0;
        }
    } else {
        g->nodes[p->last_child].next_sibling = id;
    }
    p->last_child = id;
    g->nnodes++;
    return id;
}

uint32_t chc_game_add_move(chc_game *g, uint32_t parent, chc_move m)
{
    if (parent >= g->nnodes || m == CHC_MOVE_NONE) return CHC_GAME_NO_NODE;
    return chci_game_add(g, parent, m);
}

size_t chc_game_node_count(const chc_game *g) { return g->nnodes; }

chc_move chc_game_node_move(const chc_game *g, uint32_t node)
{
    return node < g->nnodes ? g->nodes[node].move : CHC_MOVE_NONE;
}

uint32_t chc_game_node_parent(const chc_game *g, uint32_t node)
{
    return node < g->nnodes ? g->nodes[node].parent : CHC_GAME_NO_NODE;
}

size_t chc_game_node_child_count(const chc_game *g, uint32_t node)
{
    if (node >= g->nnodes) return 0;
    size_t n = 0;
    for (uint32_t c = g->nodes[node].first_child; c; c = g->nodes[c].next_sibling) n++;
    return n;
}

uint32_t chc_game_node_child(const chc_game *g, uint32_t node, size_t i)
{
    if (node >= g->nnodes) return CHC_GAME_NO_NODE;
    for (uint32_t c = g->nodes[node].first_child; c; c = g->nodes[c].next_sibling)
        if (i-- == 0) return c;
    return CHC_GAME_NO_NODE;
}

int chc_game_node_position(const chc_game *g, uint32_t node, chc_position *out)
{
    if (node >= g->nnodes) return CHC_E_ARGUMENT;
    /* Collect the path to the root, then replay it. */
    size_t depth = 0;
    for (uint32_t n = node; n != CHC_GAME_ROOT; n = g->nodes[n].parent) depth++;
    *out = g->start;
    for (size_t d = depth; d > 0; d--) {
        uint32_t n = node;
        for (size_t k = 1; k < d; k++) n = g->nodes[n].parent;
        chci_play(out, g->nodes[n].move);
    }
    return CHC_OK;
}

const char *chc_game_node_comment(const chc_game *g, uint32_t node, int before)
{
    if (node >= g->nnodes) return NULL;
    uint32_t c = g->nodes[node].comment[before ? 1 : 0];
    return c ? g->pool + c - 1 : NULL;
}

int chc_game_add_comment(chc_game *g, uint32_t node, int before, const char *text)
{
    if (node >= g->nnodes) return CHC_E_ARGUMENT;
    uint32_t *slot = &g->nodes[node].comment[before ? 1 : 0];
    size_t n = strlen(text);
    uint32_t off;
    if (*slot) {
        const char *oldp = g->pool + *slot - 1;
        size_t old = strlen(oldp);
        if (g->pool_len + old + n + 2 > POOL_LIMIT) return CHC_E_LIMIT;
        char *tmp = malloc(old + n + 2);
        if (!tmp) return CHC_E_NO_MEMORY;
        memcpy(tmp, oldp, old);
        tmp[old] = ' ';
        memcpy(tmp + old + 1, text, n);
        off = chci_game_str(g, tmp, old + 1 + n);
        free(tmp);
        if (!off) return CHC_E_NO_MEMORY;
    } else {
        off = chci_game_str(g, text, n);
        if (!off) return g->pool_len + n + 1 > POOL_LIMIT ? CHC_E_LIMIT : CHC_E_NO_MEMORY;
    }
    *slot = off;
    return CHC_OK;
}

size_t chc_game_node_nags(const chc_game *g, uint32_t node, uint8_t out[CHC_GAME_MAX_NAGS])
{
    if (node >= g->nnodes) return 0;
    memcpy(out, g->nodes[node].nags, g->nodes[node].nnags);
    return g->nodes[node].nnags;
}

int chc_game_add_nag(chc_game *g, uint32_t node, int nag)
{
    if (node >= g->nnodes || nag < 0 || nag > 255) return CHC_E_ARGUMENT;
    chci_node *nd = &g->nodes[node];
    if (nd->nnags < CHC_GAME_MAX_NAGS) nd->nags[nd->nnags++] = (uint8_t)nag;
    return CHC_OK;
}

/* ---- main line ------------------------------------------------------------------------ */
size_t chc_game_ply_count(const chc_game *g) { return g->nmain; }

chc_move chc_game_move(const chc_game *g, size_t ply)
{
    return ply < g->nmain ? g->nodes[g->main[ply]].move : CHC_MOVE_NONE;
}

uint32_t chc_game_mainline_node(const chc_game *g, size_t ply)
{
    return ply < g->nmain ? g->main[ply] : CHC_GAME_NO_NODE;
}

int chc_game_position(const chc_game *g, size_t ply, chc_position *out)
{
    if (ply > g->nmain) return CHC_E_ARGUMENT;
    if (ply == g->nmain && g->tail_ok) {
        *out = g->tail;
        return CHC_OK;
    }
    *out = g->start;
    for (size_t i = 0; i < ply; i++) chci_play(out, g->nodes[g->main[i]].move);
    return CHC_OK;
}

int chc_game_push(chc_game *g, chc_move m)
{
    if (!g->tail_ok) {
        chc_game_position(g, g->nmain, &g->tail);
        g->tail_ok = 1;
    }
    if (m == CHC_MOVE_NULL) {
        if (chc_in_check(&g->tail)) return CHC_E_MOVE_ILLEGAL;
    } else if (!chc_is_legal(&g->tail, m)) {
        return CHC_E_MOVE_ILLEGAL;
    }
    uint32_t parent = g->nmain ? g->main[g->nmain - 1] : CHC_GAME_ROOT;
    if (g->nodes[parent].first_child) return CHC_E_ARGUMENT;
    chc_position next = g->tail;
    chci_play(&next, m);
    uint32_t id = chci_game_add(g, parent, m);
    if (id == CHC_GAME_NO_NODE)
        return g->nnodes >= CHC_GAME_MAX_NODES ? CHC_E_LIMIT : CHC_E_NO_MEMORY;
    g->tail = next;
    g->tail_ok = 1;
    g->cursor = g->nmain;
    g->cur = next;
    g->cur_ok = 1;
    return CHC_OK;
}

/* ---- the cursor ------------------------------------------------------------------------ */
size_t chc_game_cursor(const chc_game *g) { return g->cursor; }

const chc_position *chc_game_current(const chc_game *g)
{
    /* The cache is the game's own storage: filling it does not change what the game holds. */
    chc_game *mg = (chc_game *)g;
    if (!mg->cur_ok) {
        chc_game_position(g, g->cursor, &mg->cur);
        mg->cur_ok = 1;
    }
    return &g->cur;
}

int chc_game_set_cursor(chc_game *g, size_t ply)
{
    if (ply > g->nmain) return CHC_E_ARGUMENT;
    if (ply != g->cursor) {
        if (g->cur_ok && ply == g->cursor + 1) {
            chci_play(&g->cur, g->nodes[g->main[g->cursor]].move);
        } else {
            g->cur_ok = 0;
        }
        g->cursor = ply;
    }
    return CHC_OK;
}

int chc_game_undo(chc_game *g)
{
    if (g->cursor == 0) return 0;
    chc_game_set_cursor(g, g->cursor - 1);
    return 1;
}

int chc_game_redo(chc_game *g)
{
    if (g->cursor >= g->nmain) return 0;
    chc_game_set_cursor(g, g->cursor + 1);
    return 1;
}

/* Removes every child of `node` with its subtree, renumbering the nodes that stay (a child
 * always has a larger number than its parent). */
static void cut_children(chc_game *g, uint32_t node)
{
    if (!g->nodes[node].first_child) return;
    uint32_t *map = malloc(g->nnodes * sizeof *map);
    uint32_t kept = 0;
    if (map) {
        for (uint32_t i = 0; i < g->nnodes; i++) {
            uint32_t p = g->nodes[i].parent;
            int gone = i != CHC_GAME_ROOT && (p == node || map[p] == CHC_GAME_NO_NODE);
            map[i] = gone ? CHC_GAME_NO_NODE : kept++;
        }
        for (uint32_t i = 0; i < g->nnodes; i++) {
            if (map[i] == CHC_GAME_NO_NODE) continue;
            chci_node nd = g->nodes[i];
            if (i == node) nd.first_child = nd.last_child = 0;
            if (nd.parent != CHC_GAME_NO_NODE) nd.parent = map[nd.parent];
            nd.first_child = nd.first_child ? map[nd.first_child] : 0;
            nd.last_child = nd.last_child ? map[nd.last_child] : 0;
            /* A sibling that goes is followed by siblings that go (same parent). */
            nd.next_sibling = nd.next_sibling ? map[nd.next_sibling] : 0;
            if (nd.next_sibling == CHC_GAME_NO_NODE) nd.next_sibling = 0;
            g->nodes[map[i]] = nd;
        }
        g->nnodes = kept;
        free(map);
    } else {
        /* No memory to renumber: detach the children (their nodes stay, unreachable). */
        g->nodes[node].first_child = g->nodes[node].last_child = 0;
    }
    /* The main line is the chain of first children. */
    g->nmain = 0;
    for (uint32_t n = g->nodes[CHC_GAME_ROOT].first_child; n; n = g->nodes[n].first_child)
        g->main[g->nmain++] = n;
}

/* The line changed: a declared ending no longer holds. */
static void clear_ending(chc_game *g)
{
    g->result = CHC_RESULT_UNKNOWN;
    g->termination = CHC_TERM_NONE;
    chc_game_set_tag(g, "Termination", NULL);
    if (chc_game_tag(g, "Result")) chc_game_set_tag(g, "Result", "*");
}

int chc_game_truncate(chc_game *g, size_t ply)
{
    if (ply > g->nmain) return CHC_E_ARGUMENT;
    if (ply == g->nmain) return CHC_OK;
    cut_children(g, ply ? g->main[ply - 1] : CHC_GAME_ROOT);
    clear_ending(g);
    g->tail_ok = 0;
    if (g->cursor > ply) {
        g->cursor = ply;
        g->cur_ok = 0;
    }
    return CHC_OK;
}

int chc_game_play(chc_game *g, chc_move m)
{
    const chc_position *pos = chc_game_current(g);
    if (m == CHC_MOVE_NULL ? chc_in_check(pos) : !chc_is_legal(pos, m)) return CHC_E_MOVE_ILLEGAL;
    if (g->cursor < g->nmain && g->nodes[g->main[g->cursor]].move == m) {
        chc_game_set_cursor(g, g->cursor + 1);
        return CHC_OK;
    }
    chc_position next = *pos;
    chci_play(&next, m);
    chc_game_truncate(g, g->cursor);
    uint32_t id = chci_game_add(g, g->cursor ? g->main[g->cursor - 1] : CHC_GAME_ROOT, m);
    if (id == CHC_GAME_NO_NODE)
        return g->nnodes >= CHC_GAME_MAX_NODES ? CHC_E_LIMIT : CHC_E_NO_MEMORY;
    /* chci_game_add moved the cursor (it was at the end) onto the new move. */
    g->tail = next;
    g->tail_ok = 1;
    g->cur = next;
    g->cur_ok = 1;
    clear_ending(g);
    return CHC_OK;
}
