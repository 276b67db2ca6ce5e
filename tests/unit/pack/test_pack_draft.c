/* The draft model 2d toward pack game version 2 (docs/formats/pack-game.md, "Integer
 * implementation of the fast set"): not reachable through any code version; its weights are
 * pinned by digest; the draft feature sets 3 and 4 are pinned by a digest of every feature of
 * every legal move over pseudo-random games (the same features as tools/pack_exp.c's MASK 95
 * and 351, checked on 4.76 M moves of real games when pinned); and games round-trip through
 * the real coder with it; the integer scores equal the sums of their features' weights. The
 * cross-compiler proof is test_pack_bitexact.sh. */
#define CHC_EXPERIMENTAL 1
#include "testutil.h"

#include <string.h>

#include "core/position.h"
#include "pack/pack_internal.h"
#include "pack/pack_model.h"

#define DRAFT_DIGEST 0x5677fbf1be5b631dull
#define SET3_DIGEST 0x86ec160dab8bef79ull
#define SET4_DIGEST 0x45c0f23bfe6c2469ull

static uint64_t fnv(uint64_t h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        h ^= (v >> (8 * i)) & 0xFF;
        h *= 0x100000001b3ull;
    }
    return h;
}

static void test_draft_not_published(void **state)
{
    (void)state;
    assert_true(chci_pm_model_digest(&chci_pm_model_draft2) == DRAFT_DIGEST);
    assert_int_equal(chci_pm_model_draft2.draft, 1);
    assert_int_equal(chci_pm_model_draft2.book_n, chci_pm_model1.book_n); /* model 1's book */
    assert_memory_equal(chci_pm_model_draft2.book, chci_pm_model1.book,
                        chci_pm_model1.book_n * sizeof *chci_pm_model1.book);
    /* version 1 is the only game code version; no legacy name gives the draft */
    assert_non_null(chci_pack_game_fmt_of(1));
    assert_null(chci_pack_game_fmt_of(2));
    assert_null(chci_pack_legacy_fmt("2d"));
    for (size_t i = 0; i < CHCI_PACK_LEGACY_MODELS; i++)
        assert_true(chci_pack_legacy_fmt_at(i)->model != &chci_pm_model_draft2);
    assert_true(chci_pack_game_fmt_of(1)->model == &chci_pm_model1);
}

static void test_draft_features_and_codes(void **state)
{
    (void)state;
    static const chci_pack_game_fmt fmt = {1, &chci_pm_model_draft2};
    uint64_t h[2] = {0xcbf29ce484222325ull, 0xcbf29ce484222325ull};
    uint64_t rng = 0x9E3779B97F4A7C15ull;
    static chc_move played[200], back[200];
    static uint8_t code[CHC_PACK_GAME_MAX(200)];
    for (int g = 0; g < 40; g++) {
        chc_position start, pos;
        if (g % 4 == 3) chc_position_chess960(&start, (g * 101) % 960);
        else chc_position_startpos(&start);
        pos = start;
        chci_pm_state fs[2];
        chci_pm_init(&fs[0], NULL, 3);
        chci_pm_init(&fs[1], NULL, 4);
        /* chci_pm_scores() computes the scores of sets 3 and 4 piece by piece (fast3_scores(),
         * fast4_scores() in pack_model.c), not from the features: every score must equal the
         * sum of the weights of the move's features, at both levels of the draft model and of
         * model 1 */
        const chci_pm_model *models[2] = {&chci_pm_model_draft2, &chci_pm_model1};
        chci_pm_state ms[4];
        for (int l = 0; l < 4; l++) chci_pm_init(&ms[l], models[l / 2], l % 2 + 1);
        size_t n = 0;
        for (; n < 150; n++) {
            chc_move mv[CHC_MAX_MOVES];
            int nm = chc_legal_moves(&pos, mv, CHC_GEN_ALL);
            if (nm == 0) break;
            static uint16_t feat[CHC_MAX_MOVES][CHCI_PM_K];
            uint8_t nf[CHC_MAX_MOVES];
            for (int s = 0; s < 2; s++) {
                chci_pm_features(&pos, &fs[s], mv, nm, feat, nf, 3 + s);
                for (int i = 0; i < nm; i++) {
                    assert_true(nf[i] <= CHCI_PM_K);
                    h[s] = fnv(h[s], nf[i]);
                    for (int k = 0; k < nf[i]; k++) {
                        assert_true(feat[i][k] < CHCI_PM_NF2);
                        h[s] = fnv(h[s], feat[i][k]);
                    }
                }
            }
            for (int l = 0; l < 4; l++) {
                int32_t sc[CHC_MAX_MOVES];
                chci_pm_scores(&pos, &ms[l], mv, nm, sc);
                chci_pm_features(&pos, &ms[l], mv, nm, feat, nf, ms[l].fset);
                for (int i = 0; i < nm; i++) {
                    int32_t sum = 0;
                    for (int k = 0; k < nf[i]; k++) sum += ms[l].weights[feat[i][k]];
                    assert_int_equal(sc[i], sum);
                }
            }
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            chc_move m = mv[(rng >> 33) % (uint64_t)nm];
            played[n] = m;
            for (int s = 0; s < 2; s++) chci_pm_played(&fs[s], &pos, m);
            for (int l = 0; l < 4; l++) chci_pm_played(&ms[l], &pos, m);
            chc_undo u;
            chc_make_move(&pos, m, &u);
        }
        for (int level = 1; level <= 2; level++) {
            size_t len = 0, nb = 0;
            chc_position st;
            assert_int_equal(chci_pack_game_encode_body(&fmt, &start, played, n, CHC_RESULT_UNKNOWN,
                                                        level, code, sizeof code, &len, NULL),
                             CHC_OK);
            int lv = 0;
            assert_int_equal(chci_pack_game_decode_body(&fmt, code, len, &st, back, 200, &nb, NULL,
                                                        &lv, NULL),
                             CHC_OK);
            assert_int_equal(lv, level);
            assert_int_equal(nb, n);
            assert_memory_equal(back, played, n * sizeof *back);
        }
    }
    assert_true(h[0] == SET3_DIGEST);
    assert_true(h[1] == SET4_DIGEST);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_draft_not_published),
        cmocka_unit_test(test_draft_features_and_codes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
