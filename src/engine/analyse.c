/* Analysis: a position's best lines (MultiPV) with their scores, every position of a game's
 * main line, and the annotations lichess's analysis writes ([%eval] comments, ?! ? ?? by the
 * loss of winning chances). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscodec.h"

#define MAX_LINES 64

typedef struct {
    chc_search_result *lines;
    int cap;
} collect;

static void on_report(const chc_search_result *r, void *user)
{
    collect *c = user;
    if (r->bound || r->multipv < 1 || r->multipv > c->cap) return;
    c->lines[r->multipv - 1] = *r;
}

int chc_engine_analyse(chc_engine *e, const chc_position *start, const chc_move *moves,
                       int nmoves, const chc_search_limits *limits, chc_search_result *lines,
                       int cap, int *nlines)
{
    if (!e || !start || !limits || !lines || cap < 1 || !nlines || nmoves < 0 ||
        (nmoves > 0 && !moves) || limits->infinite || limits->ponder)
        return CHC_E_ARGUMENT;
    *nlines = 0;
    chc_search_limits l = *limits;
    int want = l.multipv > 1 ? l.multipv : 1;
    if (want > cap) want = cap;
    if (want > MAX_LINES) want = MAX_LINES;
    l.multipv = want;
    chc_search_result got[MAX_LINES];
    memset(got, 0, sizeof got);
    collect c = {got, want};
    chc_search_result best;
    int rc = chc_engine_search(e, start, moves, nmoves, &l, on_report, &c, &best);
    if (rc != CHC_OK) return rc;
    lines[0] = best;
    lines[0].multipv = 1;
    int n = 1;
    if (best.best != CHC_MOVE_NONE) {
        /* lines 2..N of the last iteration reported; none repeats line 1's move */
        for (int k = 1; k < want; k++) {
            if (got[k].pv_len < 1 || got[k].pv[0] == best.best) break;
            lines[n++] = got[k];
        }
    }
    *nlines = n;
    return CHC_OK;
}

int chc_game_analyse(chc_engine *e, const chc_game *g, const chc_search_limits *limits,
                     chc_search_result *out, size_t cap, chc_progress_fn progress, void *user)
{
    if (!e || !g || !limits || !out || limits->infinite || limits->ponder) return CHC_E_ARGUMENT;
    size_t plies = chc_game_ply_count(g);
    if (cap < plies + 1) return CHC_E_BUFFER_TOO_SMALL;
    chc_position start;
    if (chc_game_position(g, 0, &start) != CHC_OK) return CHC_E_ARGUMENT;
    chc_move *moves = malloc((plies + 1) * sizeof *moves);
    if (!moves) return CHC_E_NO_MEMORY;
    for (size_t i = 0; i < plies; i++) moves[i] = chc_game_move(g, i);
    chc_search_limits l = *limits;
    l.multipv = 1;
    l.searchmoves = NULL;
    l.n_searchmoves = 0;
    int rc = CHC_OK;
    for (size_t i = 0; i <= plies && rc == CHC_OK; i++) {
        if (progress) progress(user, i, plies + 1);
        rc = chc_engine_search(e, &start, moves, (int)i, &l, NULL, NULL, &out[i]);
    }
    if (rc == CHC_OK && progress) progress(user, plies + 1, plies + 1);
    free(moves);
    return rc;
}

/* ---- winning chances and judgements ------------------------------------------------------ */
/* A score in centipawns for the winning chances: mates count as 2000 down to 1100 centipawns
 * (the nearer the mate the more), other scores are clipped to +-1000, as lichess does. */
static int chances_cp(int score)
{
    if (score >= CHC_SCORE_MATE_MIN || score <= -CHC_SCORE_MATE_MIN) {
        int plies = CHC_SCORE_MATE - abs(score), moves = (plies + 1) / 2;
        int cp = (21 - (moves < 10 ? moves : 10)) * 100;
        return score > 0 ? cp : -cp;
    }
    return score > 1000 ? 1000 : score < -1000 ? -1000 : score;
}

double chc_winning_chances(int score)
{
    return 2.0 / (1.0 + exp(-0.00368208 * chances_cp(score))) - 1.0;
}

int chc_judge_move(int before, int after)
{
    double loss = chc_winning_chances(before) - chc_winning_chances(after);
    if (loss >= 0.3) return CHC_NAG_BLUNDER;
    if (loss >= 0.2) return CHC_NAG_MISTAKE;
    if (loss >= 0.1) return CHC_NAG_DUBIOUS;
    return 0;
}

size_t chc_score_to_text(int score, char buf[CHC_SCORE_TEXT_MAX])
{
    int n;
    if (score >= CHC_SCORE_MATE_MIN || score <= -CHC_SCORE_MATE_MIN) {
        int plies = CHC_SCORE_MATE - abs(score), moves = (plies + 1) / 2;
        n = snprintf(buf, CHC_SCORE_TEXT_MAX, "#%s%d", score < 0 ? "-" : "", moves);
    } else {
        int a = abs(score);
        n = snprintf(buf, CHC_SCORE_TEXT_MAX, "%s%d.%02d", score < 0 ? "-" : "", a / 100, a % 100);
    }
    return n > 0 ? (size_t)n : 0;
}

/* The score of entry i from White's point of view; at a position with no legal move the
 * search's -MATE or 0 is the truth (mated / stalemate). */
static int white_score(const chc_game *g, const chc_search_result *r, size_t ply)
{
    chc_position p;
    chc_game_position(g, ply, &p);
    return chc_side_to_move(&p) == CHC_WHITE ? r->score : -r->score;
}

int chc_game_annotate(chc_game *g, const chc_search_result *evals, size_t n, unsigned flags)
{
    if (!g || !evals || flags) return CHC_E_ARGUMENT;
    size_t plies = chc_game_ply_count(g);
    if (n < plies + 1) return CHC_E_ARGUMENT;
    for (size_t i = 0; i < plies; i++) {
        uint32_t node = chc_game_mainline_node(g, i);
        const chc_search_result *after = &evals[i + 1];
        int rc;
        if (after->best != CHC_MOVE_NONE) { /* no eval on a mate or stalemate on the board */
            char txt[CHC_SCORE_TEXT_MAX], c[CHC_SCORE_TEXT_MAX + 16];
            chc_score_to_text(white_score(g, after, i + 1), txt);
            snprintf(c, sizeof c, "[%%eval %s]", txt);
            if ((rc = chc_game_add_comment(g, node, 0, c)) != CHC_OK) return rc;
        }
        /* both from the mover's point of view */
        int nag = chc_judge_move(evals[i].score, -after->score);
        if (nag && (rc = chc_game_add_nag(g, node, nag)) != CHC_OK) return rc;
    }
    return CHC_OK;
}
