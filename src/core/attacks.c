/* Attack tables: leapers, pawn captures, between/line, and magic slider tables. Built once
 * when the library is loaded (a constructor; chci_init() is idempotent and thread-safe for
 * callers that need them earlier) and checked against the slow ray walk while built. */
#include <stdlib.h>

#include "common/once.h"
#include "core/bitboard.h"
#include "core/magics.inc"

bb_t chci_knight_att[64];
bb_t chci_king_att[64];
bb_t chci_pawn_att[2][64];
bb_t chci_between[64][64];
bb_t chci_line[64][64];
struct chci_magic chci_rook_magic[64];
struct chci_magic chci_bishop_magic[64];

#define ROOK_TABLE_SIZE 102400
#define BISHOP_TABLE_SIZE 5248
static bb_t rook_table[ROOK_TABLE_SIZE];
static bb_t bishop_table[BISHOP_TABLE_SIZE];

static bb_t leaper(int sq, const int (*d)[2], int n)
{
    bb_t b = 0;
    for (int i = 0; i < n; i++) {
        int f = sq % 8 + d[i][0], r = sq / 8 + d[i][1];
        if (f >= 0 && f < 8 && r >= 0 && r < 8) b |= BB(r * 8 + f);
    }
    return b;
}

static void init_magics(struct chci_magic *m, const uint64_t *magics, bb_t *table, size_t size, int rook)
{
    size_t off = 0;
    for (int sq = 0; sq < 64; sq++) {
        bb_t mask = chci_slider_mask(sq, rook);
        int bits = bb_popcount(mask);
        m[sq].mask = mask;
        m[sq].magic = magics[sq];
        m[sq].shift = (unsigned)(64 - bits);
        m[sq].attacks = table + off;
        bb_t sub = 0;
        do {
            bb_t att = chci_slider_slow(sq, sub, rook);
            size_t idx = off + (size_t)((sub * magics[sq]) >> m[sq].shift);
            if (table[idx] && table[idx] != att) abort(); /* a bad magic: tables are data */
            table[idx] = att;
            sub = (sub - mask) & mask;
        } while (sub);
        off += (size_t)1 << bits;
    }
    if (off != size) abort(); /* the table size is fixed by the masks */
}

static void init_tables(void)
{
    static const int kn[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int kg[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int wp[2][2] = {{-1, 1}, {1, 1}}, bp[2][2] = {{-1, -1}, {1, -1}};
    for (int sq = 0; sq < 64; sq++) {
        chci_knight_att[sq] = leaper(sq, kn, 8);
        chci_king_att[sq] = leaper(sq, kg, 8);
        chci_pawn_att[CHC_WHITE][sq] = leaper(sq, wp, 2);
        chci_pawn_att[CHC_BLACK][sq] = leaper(sq, bp, 2);
    }
    init_magics(chci_rook_magic, rook_magics, rook_table, ROOK_TABLE_SIZE, 1);
    init_magics(chci_bishop_magic, bishop_magics, bishop_table, BISHOP_TABLE_SIZE, 0);
    for (int a = 0; a < 64; a++)
        for (int b = 0; b < 64; b++) {
            if (a == b) continue;
            for (int rook = 0; rook <= 1; rook++) {
                bb_t from_a = chci_slider_slow(a, 0, rook);
                if (from_a & BB(b)) {
                    chci_line[a][b] = (from_a & chci_slider_slow(b, 0, rook)) | BB(a) | BB(b);
                    chci_between[a][b] = chci_slider_slow(a, BB(b), rook) & chci_slider_slow(b, BB(a), rook);
                }
            }
        }
}

CHCI_ONCE(attack_tables_ready, init_tables);

void chci_init(void) { attack_tables_ready(); }

__attribute__((constructor)) static void chci_init_at_load(void) { chci_init(); }

chc_bitboard chc_attacks(int color, int type, int sq, chc_bitboard occupied)
{
    if (sq < 0 || sq > 63 || color < 0 || color > 1) return 0;
    switch (type) {
    case CHC_PAWN: return chci_pawn_att[color][sq];
    case CHC_KNIGHT: return chci_knight_att[sq];
    case CHC_BISHOP: return chci_bishop_att(sq, occupied);
    case CHC_ROOK: return chci_rook_att(sq, occupied);
    case CHC_QUEEN: return chci_queen_att(sq, occupied);
    case CHC_KING: return chci_king_att[sq];
    default: return 0;
    }
}
