/* Perft's own counting path: a compact board (bitboards only: no mailbox, no key, no caches)
 * and a generator specialised per side that recurses without a move list (perft_gen.inc).
 * It shares the attack tables with the library's move generator (movegen.c), which the
 * engine, the notation and the codecs use; perft suites run on both (CHC_PERFT_PATH, below).
 *
 * Two copies of the generator are built: a portable one (magic slider lookups; any CPU) and,
 * on x86-64 with GCC or clang, one compiled for BMI2 (PEXT slider lookups, POPCNT, TZCNT),
 * chosen at run time when the CPU has BMI2. The environment variable CHC_PERFT_PATH picks a
 * path for testing and measurement: "pext", "magic" (the portable copy) or "movegen" (the
 * library's general move generator, as perft worked before). */
#include <stdlib.h>
#include <string.h>

#include "common/once.h"
#include "core/perft_fast.h"
#include "core/position.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

enum { FB_PAWN, FB_KNIGHT, FB_BISHOP, FB_ROOK, FB_QUEEN, FB_KING };

typedef struct fb {
    bb_t pc[2][6]; /* [color][FB_*] */
    bb_t col[2];
    bb_t occ;
    uint8_t ep;       /* en-passant target or CHC_NO_SQUARE */
    uint8_t castling; /* bits WK, WQ, BK, BQ */
} fb;

/* Castling rights lost when a move leaves or lands on the square. */
static const uint8_t fb_touch[64] = {[0] = 2, [4] = 3, [7] = 1, [56] = 8, [60] = 12, [63] = 4};

/* The squares a rook and a bishop on each square see on an empty board: the lines on which an
 * enemy slider can check or pin. */
static bb_t fb_rook_line[64], fb_bishop_line[64];
static void fb_lines_build(void)
{
    chci_init();
    for (int sq = 0; sq < 64; sq++) {
        fb_rook_line[sq] = chci_rook_att(sq, 0);
        fb_bishop_line[sq] = chci_bishop_att(sq, 0);
    }
}
CHCI_ONCE(fb_lines_ready, fb_lines_build);

/* ---- portable copy: magic lookups ---- */
#define PF(name) name##_magic
#define PF_ATTR
#define PF_ROOK(sq, occ) chci_rook_att(sq, occ)
#define PF_BISHOP(sq, occ) chci_bishop_att(sq, occ)
#include "core/perft_gen.inc"
#undef PF
#undef PF_ATTR
#undef PF_ROOK
#undef PF_BISHOP

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CHC_HAVE_PEXT_PATH 1
/* ---- BMI2 copy: PEXT lookups. The tables hold the same attack sets as the magic ones,
 * indexed by the occupancy's relevant bits in order (PEXT), and are built on first use. ---- */
#define PEXT_ROOK_SIZE 102400
#define PEXT_BISHOP_SIZE 5248
struct pext_entry {
    bb_t mask;
    const bb_t *att;
};
static bb_t pext_rook_table[PEXT_ROOK_SIZE];
static bb_t pext_bishop_table[PEXT_BISHOP_SIZE];
static struct pext_entry pext_rook[64], pext_bishop[64];

static void pext_fill(struct pext_entry *e, bb_t *table, size_t size, const struct chci_magic *m)
{
    size_t off = 0;
    for (int sq = 0; sq < 64; sq++) {
        const bb_t mask = m[sq].mask;
        e[sq].mask = mask;
        e[sq].att = table + off;
        /* The carry-rippler walks the subsets of mask in the order of their PEXT index. */
        bb_t sub = 0;
        size_t i = 0;
        do {
            table[off + i++] = m[sq].attacks[((sub & mask) * m[sq].magic) >> m[sq].shift];
            sub = (sub - mask) & mask;
        } while (sub);
        off += i;
    }
    if (off != size) abort();
}
static void pext_build(void)
{
    chci_init();
    pext_fill(pext_rook, pext_rook_table, PEXT_ROOK_SIZE, chci_rook_magic);
    pext_fill(pext_bishop, pext_bishop_table, PEXT_BISHOP_SIZE, chci_bishop_magic);
}
CHCI_ONCE(pext_ready, pext_build);

#define PF(name) name##_pext
#define PF_ATTR __attribute__((target("bmi,bmi2,popcnt")))
#define PF_ROOK(sq, occ) pext_rook[sq].att[__builtin_ia32_pext_di((occ), pext_rook[sq].mask)]
#define PF_BISHOP(sq, occ) pext_bishop[sq].att[__builtin_ia32_pext_di((occ), pext_bishop[sq].mask)]
#include "core/perft_gen.inc"
#undef PF
#undef PF_ATTR
#undef PF_ROOK
#undef PF_BISHOP
#endif

enum chci_perft_path chci_perft_path(void)
{
    const char *e = getenv("CHC_PERFT_PATH");
    if (e && !strcmp(e, "movegen")) return CHCI_PERFT_MOVEGEN;
    if (e && !strcmp(e, "magic")) return CHCI_PERFT_MAGIC;
#ifdef CHC_HAVE_PEXT_PATH
    __builtin_cpu_init();
    if (__builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt")) return CHCI_PERFT_PEXT;
#endif
    return CHCI_PERFT_MAGIC;
}

/* Standard castling squares only (any right: king on e1/e8, its rook on h- or a-file corner);
 * other Chess960 set-ups take the general move generator. */
static int fast_castling_ok(const chc_position *p)
{
    static const uint8_t rook_sq[4] = {7, 0, 63, 56};
    for (int i = 0; i < 4; i++) {
        if (!(p->castling & (1u << i))) continue;
        if (p->castle_rook[i] != rook_sq[i] || p->king_sq[i / 2] != (i < 2 ? 4 : 60)) return 0;
    }
    return 1;
}

int chci_perft_fast(const chc_position *p, int depth, enum chci_perft_path path, uint64_t *nodes)
{
    if (path == CHCI_PERFT_MOVEGEN || depth < 1 || !fast_castling_ok(p)) return 0;
    fb b;
    memset(&b, 0, sizeof b);
    for (int c = 0; c < 2; c++) {
        for (int t = CHC_PAWN; t <= CHC_KING; t++) b.pc[c][t - CHC_PAWN] = p->by_color[c] & p->by_type[t];
        b.col[c] = p->by_color[c];
    }
    if (!b.pc[0][FB_KING] || !b.pc[1][FB_KING]) return 0;
    b.occ = b.col[0] | b.col[1];
    b.ep = p->ep;
    b.castling = p->castling & 15;
    fb_lines_ready();
#ifdef CHC_HAVE_PEXT_PATH
    if (path == CHCI_PERFT_PEXT) {
        pext_ready();
        *nodes = p->side == CHC_WHITE ? node_w_pext(&b, depth) : node_b_pext(&b, depth);
        return 1;
    }
#endif
    *nodes = p->side == CHC_WHITE ? node_w_magic(&b, depth) : node_b_magic(&b, depth);
    return 1;
}
