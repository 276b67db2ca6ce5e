/* gen_emoji_table: builds src/codecs/emoji_table.inc, the covert chess emoji list, from the
 * Unicode Emoji 12.1 file data/emoji-test-12.1.txt.
 *
 *     gen_emoji_table data/emoji-test-12.1.txt > src/codecs/emoji_table.inc
 *
 * The list is every `fully-qualified` line in file order (3,178 entries). Every
 * `minimally-qualified` or `unqualified` line stands for the nearest fully-qualified line above
 * it. The output holds:
 *   - the UTF-8 text of each entry, NUL-terminated, in one string with offsets (entry i is
 *     chci_emoji_text + chci_emoji_off[i], its length chci_emoji_off[i+1] - off[i] - 1);
 *   - a code-point trie over all entries and variants, for greedy longest-match splitting:
 *     node 0 is the root; the children of a node are contiguous and sorted by code point;
 *   - direct tables from first code points U+1F000..U+1FAFF and U+2000..U+2BFF to root
 *     children (speed).
 * The generator checks the entry count and that no sequence appears twice; the tests check
 * that the checked-in table equals this program's output and that every line matches. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CP 16
#define MAX_SEQ 5000
#define MAX_NODES 20000
#define EXPECTED 3178

typedef struct seq {
    uint32_t cp[MAX_CP];
    int n;
    int index; /* list index */
} seq;

static seq seqs[MAX_SEQ];
static int nseqs;

/* Trie under construction: children as linked lists, laid out breadth-first at the end. */
typedef struct tnode {
    uint32_t cp;
    int value;
    int first_child, next_sibling;
} tnode;
static tnode tn[MAX_NODES];
static int ntn;

static _Noreturn void die(const char *msg);
static _Noreturn void die(const char *msg)
{
    fprintf(stderr, "gen_emoji_table: %s\n", msg);
    exit(1);
}

static int utf8_put(uint32_t cp, unsigned char *out)
{
    if (cp < 0x80) { out[0] = (unsigned char)cp; return 1; }
    if (cp < 0x800) {
        out[0] = (unsigned char)(0xC0 | (cp >> 6));
        out[1] = (unsigned char)(0x80 | (cp & 63));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (unsigned char)(0xE0 | (cp >> 12));
        out[1] = (unsigned char)(0x80 | ((cp >> 6) & 63));
        out[2] = (unsigned char)(0x80 | (cp & 63));
        return 3;
    }
    out[0] = (unsigned char)(0xF0 | (cp >> 18));
    out[1] = (unsigned char)(0x80 | ((cp >> 12) & 63));
    out[2] = (unsigned char)(0x80 | ((cp >> 6) & 63));
    out[3] = (unsigned char)(0x80 | (cp & 63));
    return 4;
}

static int new_node(uint32_t cp)
{
    if (ntn >= MAX_NODES) die("too many trie nodes");
    tn[ntn].cp = cp;
    tn[ntn].value = -1;
    tn[ntn].first_child = tn[ntn].next_sibling = -1;
    return ntn++;
}

static void trie_add(const seq *s)
{
    int node = 0;
    for (int i = 0; i < s->n; i++) {
        int c = tn[node].first_child, prev = -1;
        while (c >= 0 && tn[c].cp < s->cp[i]) { prev = c; c = tn[c].next_sibling; }
        if (c < 0 || tn[c].cp != s->cp[i]) {
            int m = new_node(s->cp[i]);
            tn[m].next_sibling = c;
            if (prev < 0) tn[node].first_child = m;
            else tn[prev].next_sibling = m;
            c = m;
        }
        node = c;
    }
    if (tn[node].value >= 0) die("duplicate emoji sequence");
    tn[node].value = s->index;
}

/* Breadth-first layout. */
static int order[MAX_NODES], newid[MAX_NODES];

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: gen_emoji_table emoji-test-12.1.txt > emoji_table.inc\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) die("cannot open the emoji file");
    char line[1024];
    int full = -1, version_ok = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "# Version: 12.1", 15) == 0) version_ok = 1;
        if (line[0] == '#' || line[0] == '\n' || line[0] == '\r') continue;
        char *semi = strchr(line, ';'), *hash = strchr(line, '#');
        if (!semi || !hash || hash < semi) die("malformed line");
        char status[64];
        size_t sl = 0;
        for (char *p = semi + 1; p < hash; p++)
            if (*p != ' ' && *p != '\t' && sl < sizeof status - 1) status[sl++] = *p;
        status[sl] = 0;
        int kind = 0;
        if (strcmp(status, "fully-qualified") == 0) kind = 0;
        else if (strcmp(status, "minimally-qualified") == 0 || strcmp(status, "unqualified") == 0)
            kind = 1;
        else if (strcmp(status, "component") == 0) continue;
        else die("unknown status");
        if (kind == 0) full++;
        else if (full < 0) die("variant before any fully-qualified entry");
        if (nseqs >= MAX_SEQ) die("too many lines");
        seq *s = &seqs[nseqs++];
        s->n = 0;
        s->index = full;
        char *p = line;
        while (p < semi) {
            while (p < semi && *p == ' ') p++;
            if (p >= semi) break;
            char *end;
            unsigned long cp = strtoul(p, &end, 16);
            if (end == p || cp > 0x10FFFF) die("bad code point");
            if (s->n >= MAX_CP) die("sequence too long");
            s->cp[s->n++] = (uint32_t)cp;
            p = end;
        }
        if (s->n == 0) die("empty sequence");
    }
    fclose(f);
    if (!version_ok) die("not the Emoji 12.1 file");
    if (full + 1 != EXPECTED) die("expected 3178 fully-qualified entries");

    new_node(0);
    for (int i = 0; i < nseqs; i++) trie_add(&seqs[i]);

    /* BFS order: children of each node contiguous and sorted. */
    int head = 0, tail = 0;
    order[tail++] = 0;
    while (head < tail) {
        int n = order[head++];
        for (int c = tn[n].first_child; c >= 0; c = tn[c].next_sibling) order[tail++] = c;
    }
    if (tail != ntn) die("trie layout");
    for (int i = 0; i < ntn; i++) newid[order[i]] = i;

    printf("/* Generated by tools/gen_emoji_table.c from data/emoji-test-12.1.txt (Unicode Emoji\n"
           " * 12.1). Do not edit: regenerate with\n"
           " *     gen_emoji_table data/emoji-test-12.1.txt > src/codecs/emoji_table.inc\n"
           " * %d fully-qualified entries, %d lines in all, %d trie nodes. */\n",
           EXPECTED, nseqs, ntn);

    /* Entry texts. */
    unsigned char buf[8 * MAX_CP];
    int maxlen = 0;
    long off = 0;
    static long offs[EXPECTED + 1];
    printf("static const char chci_emoji_text[] =\n");
    for (int i = 0, e = 0; i < nseqs; i++) {
        if (i > 0 && seqs[i].index == seqs[i - 1].index) continue; /* a variant */
        int len = 0;
        for (int k = 0; k < seqs[i].n; k++) len += utf8_put(seqs[i].cp[k], buf + len);
        if (len > maxlen) maxlen = len;
        offs[e++] = off;
        off += len + 1;
        printf("    \"");
        for (int k = 0; k < len; k++) printf("\\x%02x", buf[k]);
        printf("\" \"\\0\" /* %d */\n", e - 1);
        offs[e] = off;
    }
    if (off > 65535) die("entry text too long for 16-bit offsets");
    printf("    ;\n#define CHCI_EMOJI_MAXLEN %d\n", maxlen);
    printf("static const uint16_t chci_emoji_off[%d] = {", EXPECTED + 1);
    for (int i = 0; i <= EXPECTED; i++) printf("%s%ld,", i % 12 ? " " : "\n    ", offs[i]);
    printf("\n};\n");

    /* Trie. */
    printf("/* Trie node: code point, list index (-1: no entry ends here), first child, child count. */\n");
    printf("static const struct chci_emoji_node { uint32_t cp; int16_t value; uint16_t first; uint16_t count; }\n"
           "chci_emoji_trie[%d] = {\n", ntn);
    for (int i = 0; i < ntn; i++) {
        int n = order[i], cnt = 0, first = 0;
        for (int c = tn[n].first_child; c >= 0; c = tn[c].next_sibling) {
            if (cnt == 0) first = newid[c];
            cnt++;
        }
        printf("    {0x%X, %d, %d, %d},\n", (unsigned)tn[n].cp, tn[n].value, first, cnt);
    }
    printf("};\n");

    /* Root fast path. */
    printf("/* Root child for first code points U+1F000..U+1FAFF (0: none). */\n");
    printf("static const uint16_t chci_emoji_root_1f[0xB00] = {");
    static int root1f[0xB00];
    for (int c = tn[0].first_child; c >= 0; c = tn[c].next_sibling)
        if (tn[c].cp >= 0x1F000 && tn[c].cp < 0x1FB00) root1f[tn[c].cp - 0x1F000] = newid[c];
    for (int i = 0; i < 0xB00; i++) printf("%s%d,", i % 16 ? " " : "\n    ", root1f[i]);
    printf("\n};\n");
    printf("/* Root child for first code points U+2000..U+2BFF (0: none). */\n");
    printf("static const uint16_t chci_emoji_root_2k[0xC00] = {");
    static int root2k[0xC00];
    for (int c = tn[0].first_child; c >= 0; c = tn[c].next_sibling)
        if (tn[c].cp >= 0x2000 && tn[c].cp < 0x2C00) root2k[tn[c].cp - 0x2000] = newid[c];
    for (int i = 0; i < 0xC00; i++) printf("%s%d,", i % 16 ? " " : "\n    ", root2k[i]);
    printf("\n};\n");
    return 0;
}
