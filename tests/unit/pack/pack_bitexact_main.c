/* pack_bitexact: digests of the pack game predictor's integer output, for
 * test_pack_bitexact.sh, which builds this file with the predictor's sources under gcc and
 * clang at -O0 and -O3: every build must print the same digests (and the pinned ones).
 *
 * Games: pseudo-random legal games (a fixed 64-bit LCG) from the standard start and from
 * Chess960 starts, so that captures, checks, promotions, castling, en passant and pieces en
 * prise are all met. For each position: the integer scores of every legal move (generator
 * order) with model 1 at levels 1 and 2 and with the draft model 2d at levels 1 and 2 (feature
 * sets 3 and 4), and the feature lists of sets 3 and 4 (no model), each folded into FNV-1a;
 * then the draft version-2 framing's contexts (end of game, result, second stage) and the draft
 * model's scores after the second stage (src/pack/draft/pack_v2d_model.c) at both levels; and
 * the scores of the draft model 2e's level 1 (feature set 5: set 3 + the policy net of
 * src/pack/draft/pack_net_draft.c, its accumulators updated move by move). */
#include <stdint.h>
#include <stdio.h>

#include "core/position.h"
#include "pack/draft/pack_draft.h"
#include "pack/pack_model.h"

static uint64_t fnv(uint64_t h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        h ^= (v >> (8 * i)) & 0xFF;
        h *= 0x100000001b3ull;
    }
    return h;
}

int main(void)
{
    enum { NS = 9 };
    uint64_t h[NS];
    for (int i = 0; i < NS; i++) h[i] = 0xcbf29ce484222325ull;
    uint64_t rng = 0x2545F4914F6CDD1Dull;
    long positions = 0;
    for (int g = 0; g < 300; g++) {
        chc_position pos;
        if (g % 3 == 2) chc_position_chess960(&pos, (g * 37) % 960);
        else chc_position_startpos(&pos);
        chci_pm_state st[4], fs[2];
        for (int l = 0; l < 4; l++)
            chci_pm_init(&st[l], l < 2 ? &chci_pm_model1 : &chci_pm_model_draft2, l % 2 + 1);
        chci_pm_state s5;
        chci_pm_init(&s5, &chci_pm_model_draft2e, 1);
        const chci_pnet *net = chci_pnet_of(&chci_pm_model_draft2e, 1);
        chci_pnet_acc acc;
        chci_pnet_reset(net, &acc, &pos);
        chci_pm_init(&fs[0], NULL, 3);
        chci_pm_init(&fs[1], NULL, 4);
        chci_v2d_hist hist;
        chci_v2d_hist_init(&hist);
        int lastcap = 0;
        for (int ply = 0; ply < 160; ply++) {
            chc_move mv[CHC_MAX_MOVES];
            int n = chc_legal_moves(&pos, mv, CHC_GEN_ALL);
            if (n == 0) break;
            positions++;
            int32_t sc[CHC_MAX_MOVES];
            chci_v2d_hist_push(&hist, &pos);
            int rep = chci_v2d_hist_rep(&hist, &pos);
            for (int l = 0; l < 4; l++) {
                chci_pm_scores(&pos, &st[l], mv, n, sc);
                for (int i = 0; i < n; i++) h[l] = fnv(h[l], (uint64_t)(uint32_t)sc[i]);
                if (l < 2) continue;
                int c2 = chci_v2d_s2_ctx(&pos, st[l].ply, n);
                h[4 + l] = fnv(h[4 + l], (uint64_t)chci_v2d_end_ctx(&pos, (size_t)ply, rep, lastcap, n) << 32 |
                                             (uint64_t)chci_v2d_res_ctx(&pos, (size_t)ply, rep) << 8 | (uint64_t)c2);
                chci_v2d_stage2(l - 1, c2, sc, n);
                for (int i = 0; i < n; i++) h[4 + l] = fnv(h[4 + l], (uint64_t)(uint32_t)sc[i]);
            }
            chci_pm_scores(&pos, &s5, mv, n, sc);
            chci_pnet_add(net, &acc, &pos, mv, n, sc);
            for (int i = 0; i < n; i++) h[8] = fnv(h[8], (uint64_t)(uint32_t)sc[i]);
            static uint16_t feat[CHC_MAX_MOVES][CHCI_PM_K];
            uint8_t nf[CHC_MAX_MOVES];
            for (int s = 0; s < 2; s++) {
                chci_pm_features(&pos, &fs[s], mv, n, feat, nf, 3 + s);
                for (int i = 0; i < n; i++) {
                    h[4 + s] = fnv(h[4 + s], nf[i]);
                    for (int k = 0; k < nf[i]; k++) h[4 + s] = fnv(h[4 + s], feat[i][k]);
                }
            }
            /* mostly captures and checks early, so that games stay tactical */
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            int pick = (int)((rng >> 33) % (uint64_t)n);
            chc_move m = mv[pick];
            lastcap = (CHC_MOVE_FLAGS(m) & CHC_MF_CAPTURE) != 0;
            for (int l = 0; l < 4; l++) chci_pm_played(&st[l], &pos, m);
            for (int s = 0; s < 2; s++) chci_pm_played(&fs[s], &pos, m);
            chci_pm_played(&s5, &pos, m);
            chci_pnet_change ch;
            chci_pnet_change_of(&ch, &pos, m);
            chc_undo u;
            chc_make_move(&pos, m, &u);
            chci_pnet_update(net, &acc, &ch, &pos);
        }
        chci_v2d_hist_free(&hist);
    }
    printf("positions %ld\n", positions);
    static const char *const name[NS] = {"scores v1 level 1", "scores v1 level 2",
                                         "scores draft 2d level 1", "scores draft 2d level 2",
                                         "features set 3", "features set 4",
                                         "draft v2 contexts, stage 2 level 1",
                                         "draft v2 contexts, stage 2 level 2",
                                         "scores draft 2e level 1 (set 5: set 3 + net)"};
    for (int i = 0; i < NS; i++) printf("%s %016llx\n", name[i], (unsigned long long)h[i]);
    return 0;
}
