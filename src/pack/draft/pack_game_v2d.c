/* DRAFT toward pack game version 2: version 2's candidate framing (tools/pack_frame.c's
 * measurement made a codec) over the draft model's levels. See pack_draft.h for the symbols;
 * not a published code (docs/formats/pack-game.md, "Toward version 2"). Integer only. */
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "core/position.h"
#include "pack/draft/pack_draft.h"
#include "pack/pack_game_parts.h"

static int sym_result(int s, int mover)
{
    static const int wins[2] = {CHC_RESULT_WHITE_WINS, CHC_RESULT_BLACK_WINS};
    return s == 0 ? wins[mover] : s == 1 ? wins[mover ^ 1] : s == 2 ? CHC_RESULT_DRAW : CHC_RESULT_UNKNOWN;
}

/* ---- fixed parts ---------------------------------------------------------------------------- */
#define VERSION_CUM 3u  /* the draft's first symbol: [3, 252) of 256 */
#define VERSION_FREQ 249u
#define END_TOT (1u << CHCI_V2D_END_BITS)
static const uint32_t level_freq[CHCI_PM_LEVELS] = {62, 2};

/* The result's frequencies (mover-relative symbols) after the final position p (nm legal
 * moves, `plies` plies, h the positions so far); returns the total. */
static uint32_t result_freqs(const chc_position *p, int nm, size_t plies, const chci_v2d_hist *h,
                             uint32_t f[4])
{
    static const uint16_t mate[4] = {61, 1, 1, 1}, stale[4] = {1, 1, 61, 1};
    const uint16_t *t = nm ? chci_v2d_res_freq[chci_v2d_res_ctx(p, plies, chci_v2d_hist_rep(h, p))]
                           : p->checkers ? mate : stale;
    uint32_t tot = 0;
    for (int k = 0; k < 4; k++) tot += f[k] = t[k];
    return tot;
}

/* Makes move m (the predictor records it first); returns whether it captured. */
static int play(chc_position *pos, chci_pm_state *st, chc_move m)
{
    chci_pm_played(st, pos, m);
    chc_undo u;
    chc_make_move(pos, m, &u);
    return (CHC_MOVE_FLAGS(m) & CHC_MF_CAPTURE) != 0;
}

/* The predictor of a draft code: the model's level, and its policy net when that level has one
 * (model 2e's level 1: feature set 5), whose accumulators follow the game. */
typedef struct {
    const chci_v2d_fmt *f;
    int level;
    chci_pm_state st;
    const chci_pnet *net;
    chci_pnet_acc acc;
} predictor;

static void pred_init(predictor *p, const chci_v2d_fmt *f, int level, const chc_position *start)
{
    p->f = f;
    p->level = level;
    chci_pm_init(&p->st, f->model, level);
    p->net = chci_pnet_of(f->model, level);
    if (p->net) chci_pnet_reset(p->net, &p->acc, start);
}

/* The second stage's tables were fitted to model 2d's scores: a level with a policy net (model
 * 2e's level 1, whose scores are not 2d's) has none, and is refused rather than coded with
 * tables fitted to other scores. (Model 2e's level 2 is 2d's set 4: its tables fit.) */
static int stage2_check(const chci_v2d_fmt *f, int level, chc_diag *diag)
{
    if (!f->stage2 || !chci_pnet_of(f->model, level)) return CHC_OK;
    return chci_fail(diag, CHC_E_UNSUPPORTED, -1, 0, 0, -1,
                     "pack draft v2: no second stage for model %s level %d (its tables are model 2d's)",
                     f->model->name, level);
}

/* The integer scores of the nm >= 2 moves of pos. */
static void pred_scores(const predictor *p, const chc_position *pos, const chc_move *mv, int nm, int32_t *sc)
{
    chci_pm_scores(pos, &p->st, mv, nm, sc);
    if (p->net) chci_pnet_add(p->net, &p->acc, pos, mv, nm, sc);
    if (p->f->stage2) chci_v2d_stage2(p->level, chci_v2d_s2_ctx(pos, p->st.ply, nm), sc, nm);
}

/* play() with the net's accumulators following the move. */
static int pred_play(predictor *p, chc_position *pos, chc_move m)
{
    if (!p->net) return play(pos, &p->st, m);
    chci_pnet_change c;
    chci_pnet_change_of(&c, pos, m);
    int cap = play(pos, &p->st, m);
    chci_pnet_update(p->net, &p->acc, &c, pos);
    return cap;
}

static int same_move(chc_move a, chc_move b)
{
    return ((a ^ b) & 0x7FFFu) == 0;
}

static int32_t max_score(const int32_t *sc, int n)
{
    int32_t b = INT32_MIN;
    for (int i = 0; i < n; i++)
        if (sc[i] > b) b = sc[i];
    return b;
}

/* ---- encoder ---------------------------------------------------------------------------------- */
int chci_pack_v2d_encode(const chci_v2d_fmt *f, const chc_position *start,
                         const chc_move *moves, size_t n, int result, int level, uint8_t *dst,
                         size_t cap, size_t *len, chc_diag *diag)
{
    *len = 0;
    int rc = chci_pack_game_check_args(n, &level, result, diag);
    if (!rc) rc = stage2_check(f, level, diag);
    if (rc) return rc;
    chci_rc_enc e;
    chci_rc_enc_init(&e, dst, cap);
    chci_rc_encode(&e, VERSION_CUM, VERSION_FREQ, 256);
    rc = chci_pack_game_put_start(&e, start, level_freq, level, diag);
    if (rc) return rc;
    chc_position pos = *start;
    predictor pr;
    pred_init(&pr, f, level, start);
    chci_v2d_hist h;
    chci_v2d_hist_init(&h);
    chc_move mv[CHC_MAX_MOVES];
    int nm, lastcap = 0;
    size_t i;
    for (i = 0;; i++) {
        if ((rc = chci_v2d_hist_push(&h, &pos)) != CHC_OK) goto fail;
        nm = chc_legal_moves(&pos, mv, CHC_GEN_ALL);
        int idx = -1;
        for (int j = 0; i < n && j < nm; j++)
            if (same_move(mv[j], moves[i])) {
                idx = j;
                break;
            }
        if (i < n && idx < 0) {
            if (moves[i] == CHC_MOVE_NULL)
                rc = chci_fail(diag, CHC_E_UNSUPPORTED, -1, 0, 0, (long)i, "pack draft v2: ply %zu is a null move",
                               i + 1);
            else
                rc = chci_fail(diag, CHC_E_MOVE_ILLEGAL, -1, 0, 0, (long)i,
                               "pack draft v2: the move of ply %zu is not legal", i + 1);
            goto fail;
        }
        if (nm == 0) break;
        uint32_t fe = chci_v2d_end_freq[chci_v2d_end_ctx(&pos, i, chci_v2d_hist_rep(&h, &pos), lastcap, nm)];
        if (i == n) {
            chci_rc_encode(&e, END_TOT - fe, fe, END_TOT);
            break;
        }
        chci_rc_encode(&e, 0, END_TOT - fe, END_TOT);
        if (nm > 1) {
            int32_t sc[CHC_MAX_MOVES];
            uint32_t freq, cum, tot;
            pred_scores(&pr, &pos, mv, nm, sc);
            chci_pack_game_interval(sc, max_score(sc, nm), mv, nm, idx, &freq, &cum, &tot);
            chci_rc_encode(&e, cum, freq, tot);
        }
        lastcap = pred_play(&pr, &pos, mv[idx]);
    }
    uint32_t rf[4];
    uint32_t rt = result_freqs(&pos, nm, i, &h, rf);
    int s = chci_v2d_res_sym(result, pos.side ^ 1);
    uint32_t c = 0;
    for (int k = 0; k < s; k++) c += rf[k];
    chci_rc_encode(&e, c, rf[s], rt);
    chci_rc_flush(&e);
    chci_v2d_hist_free(&h);
    *len = e.len;
    if (e.len > cap)
        return chci_fail(diag, CHC_E_BUFFER_TOO_SMALL, -1, 0, 0, -1,
                         "pack draft v2: the code needs %zu bytes, room for %zu", e.len, cap);
    return CHC_OK;
fail:
    chci_v2d_hist_free(&h);
    return rc;
}

/* ---- decoder ---------------------------------------------------------------------------------- */
#define CORRUPT(idx, ...) chci_fail(diag, CHC_E_PACK_CORRUPT, -1, 0, 0, (long)(idx), __VA_ARGS__)

int chci_pack_v2d_decode(const chci_v2d_fmt *f, const uint8_t *src, size_t len,
                         chc_position *start, chc_move *moves, size_t cap, size_t *n, int *result,
                         int *level, chc_diag *diag)
{
    *n = 0;
    if (result) *result = CHC_RESULT_UNKNOWN;
    chci_rc_dec d;
    chci_rc_dec_init(&d, src, len);
    uint32_t r, t = chci_rc_decode_target(&d, 256, &r);
    if (t < VERSION_CUM || t >= VERSION_CUM + VERSION_FREQ)
        return chci_fail(diag, CHC_E_PACK_VERSION, 0, 0, 0, -1, "pack draft v2: not a draft version-2 code");
    chci_rc_decode_update(&d, r, VERSION_CUM, VERSION_FREQ);
    int lv = 1;
    int rc = chci_pack_game_get_start(&d, level_freq, start, &lv, diag);
    if (!rc) rc = stage2_check(f, lv, diag);
    if (rc) return rc;
    if (level) *level = lv;
    chc_position pos = *start;
    predictor pr;
    pred_init(&pr, f, lv, start);
    chci_v2d_hist h;
    chci_v2d_hist_init(&h);
    chc_move mv[CHC_MAX_MOVES];
    uint32_t bsum[64]; /* chci_pack_game_find()'s sums by destination, zero between plies */
    memset(bsum, 0, sizeof bsum);
    int nm, lastcap = 0;
    size_t i;
    for (i = 0;; i++) {
        if (d.pos > d.len + 4) {
            rc = CORRUPT(i, "pack draft v2: ply %zu: the data ends too early", i + 1);
            goto fail;
        }
        if ((rc = chci_v2d_hist_push(&h, &pos)) != CHC_OK) goto fail;
        nm = chc_legal_moves(&pos, mv, CHC_GEN_ALL);
        if (nm == 0) break;
        uint32_t fe = chci_v2d_end_freq[chci_v2d_end_ctx(&pos, i, chci_v2d_hist_rep(&h, &pos), lastcap, nm)];
        int end = chci_rc_decode_binary(&d, END_TOT - fe, END_TOT);
        if (end < 0) {
            rc = CORRUPT(i, "pack draft v2: ply %zu: corrupt data", i + 1);
            goto fail;
        }
        if (end) break;
        if (i >= CHC_PACK_GAME_MAX_PLIES) {
            rc = chci_fail(diag, CHC_E_LIMIT, -1, 0, 0, (long)i, "pack draft v2: more than %u plies",
                           CHC_PACK_GAME_MAX_PLIES);
            goto fail;
        }
        int idx = 0;
        if (nm > 1) {
            int32_t sc[CHC_MAX_MOVES];
            uint32_t cum, freq;
            pred_scores(&pr, &pos, mv, nm, sc);
            idx = chci_pack_game_find(sc, max_score(sc, nm), mv, nm, &d, bsum, &r, &cum, &freq);
            if (idx < 0) {
                rc = CORRUPT(i, "pack draft v2: ply %zu: corrupt move data", i + 1);
                goto fail;
            }
            chci_rc_decode_update(&d, r, cum, freq);
        }
        if (i < cap) moves[i] = mv[idx];
        lastcap = pred_play(&pr, &pos, mv[idx]);
    }
    uint32_t rf[4];
    uint32_t rt = result_freqs(&pos, nm, i, &h, rf);
    chci_v2d_hist_free(&h);
    int s = chci_pack_game_dec_sym(&d, rf, 4, rt);
    if (s < 0) return CORRUPT(i, "pack draft v2: corrupt result");
    if (!chci_rc_dec_finish_ok(&d))
        return chci_fail(diag, CHC_E_PACK_CORRUPT, (long)len, 0, 0, (long)i,
                         "pack draft v2: the data does not end where the game ends");
    *n = i;
    if (result) *result = sym_result(s, pos.side ^ 1);
    if (i > cap)
        return chci_fail(diag, CHC_E_BUFFER_TOO_SMALL, -1, 0, 0, -1, "pack draft v2: %zu plies, room for %zu",
                         i, cap);
    return CHC_OK;
fail:
    chci_v2d_hist_free(&h);
    return rc;
}
