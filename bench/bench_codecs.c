/* bench_codecs: encode and decode rates of the seed codecs (covert, MSCS, urlsafe) beside our
 * own FEN parse and write rates on the same positions (every position of the first games of
 * tests/data/codecs/lichess-16k.uci.xz).
 *
 *     bench_codecs GAMES.uci.xz [N_GAMES]
 *
 * Goals: MSCS encode and decode each faster than FEN parse; covert within 2x of FEN parse;
 * urlsafe at least 1 million plies per second. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chesscodec.h"
#include "bench_util.h"

static char *read_xz(const char *path)
{
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "xz -dc '%s'", path);
    FILE *f = popen(cmd, "r");
    if (!f) return NULL;
    size_t cap = 1 << 22, len = 0, got;
    char *buf = malloc(cap + 1);
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    pclose(f);
    if (buf) buf[len] = 0;
    return buf;
}

static chc_position *positions;
static char (*fens)[CHC_FEN_MAX];
/* Codes stored back to back (as the FENs nearly are in their 100-byte slots): a fixed
 * CHC_COVERT_MAX slot per code would spread 120k codes over 97 MB and time cache misses. */
static char *covert_text;
static size_t *covert_off;
static char (*mscs)[CHC_MSCS_TEXT_MAX];
static size_t npos;
static chc_move *moves;         /* all games' moves, back to back */
static size_t *game_start, ngames, nmoves;
static char *urls;              /* all urlsafe strings, back to back */
static size_t *url_start;
static volatile size_t sink;

typedef void (*bench_fn)(void);

static void fen_write(void)
{
    char buf[CHC_FEN_MAX];
    for (size_t i = 0; i < npos; i++) sink += chc_position_to_fen(&positions[i], buf, sizeof buf, 0);
}
static void fen_parse(void)
{
    chc_position p;
    for (size_t i = 0; i < npos; i++) sink += (size_t)chc_position_from_fen(&p, fens[i], 0, NULL) + p.side;
}
static void covert_encode(void)
{
    char buf[CHC_COVERT_MAX];
    size_t len;
    for (size_t i = 0; i < npos; i++) {
        chc_covert_write(&positions[i], 0, buf, sizeof buf, &len, NULL);
        sink += len;
    }
}
static void covert_decode(void)
{
    chc_position p;
    for (size_t i = 0; i < npos; i++)
        sink += (size_t)chc_covert_read(covert_text + covert_off[i], covert_off[i + 1] - covert_off[i], &p,
                                        NULL, NULL) + p.side;
}
static void mscs_encode(void)
{
    char buf[CHC_MSCS_TEXT_MAX];
    for (size_t i = 0; i < npos; i++) sink += (size_t)chc_mscs_write(&positions[i], 0, buf, sizeof buf, NULL, NULL) + (size_t)buf[3];
}
static void mscs_decode(void)
{
    chc_position p;
    for (size_t i = 0; i < npos; i++)
        sink += (size_t)chc_mscs_read(mscs[i], CHC_MSCS_BASE64_LEN, &p, NULL, NULL) + p.side;
}
static void url_encode(void)
{
    char buf[CHC_URLSAFE_MAX(1024)];
    size_t len;
    for (size_t g = 0; g < ngames; g++) {
        size_t n = game_start[g + 1] - game_start[g];
        chc_urlsafe_encode(moves + game_start[g], n, buf, sizeof buf, &len, NULL);
        sink += len;
    }
}
static void url_decode(void)
{
    chc_move out[1024];
    size_t n;
    for (size_t g = 0; g < ngames; g++) {
        chc_urlsafe_decode(urls + url_start[g], url_start[g + 1] - url_start[g], out, 1024, &n,
                           NULL, NULL);
        sink += n;
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_codecs GAMES.uci.xz [N_GAMES]\n");
        return 2;
    }
    size_t want = argc > 2 ? (size_t)atol(argv[2]) : 2000;
    char *text = read_xz(argv[1]);
    if (!text) {
        fprintf(stderr, "bench_codecs: cannot read %s\n", argv[1]);
        return 1;
    }
    size_t cap = 1 << 18;
    positions = malloc(cap * sizeof *positions);
    moves = malloc(cap * sizeof *moves);
    game_start = malloc((want + 1) * sizeof *game_start);
    char *p = text;
    while (*p && ngames < want) {
        char *eol = strchr(p, '\n');
        if (!eol) eol = p + strlen(p);
        chc_position pos;
        chc_position_startpos(&pos);
        game_start[ngames] = nmoves;
        if (npos + 1 >= cap) break;
        positions[npos++] = pos;
        while (p < eol) {
            while (p < eol && *p == ' ') p++;
            if (p >= eol) break;
            char w[8] = {0};
            size_t wl = 0;
            while (p < eol && *p != ' ' && wl < 7) w[wl++] = *p++;
            chc_move m;
            if (chc_move_from_uci(&pos, w, &m, NULL) != CHC_OK || npos + 1 >= cap) break;
            chc_undo u;
            chc_make_move(&pos, m, &u);
            moves[nmoves++] = m;
            positions[npos++] = pos;
        }
        ngames++;
        p = *eol ? eol + 1 : eol;
    }
    game_start[ngames] = nmoves;
    free(text);
    fens = malloc(npos * sizeof *fens);
    covert_text = malloc(npos * 400 + CHC_COVERT_MAX);
    covert_off = malloc((npos + 1) * sizeof *covert_off);
    size_t coff = 0;
    mscs = malloc(npos * sizeof *mscs);
    size_t covert_n = 0;
    for (size_t i = 0; i < npos; i++) {
        chc_position_to_fen(&positions[i], fens[i], CHC_FEN_MAX, 0);
        char one[CHC_COVERT_MAX];
        size_t clen = 0;
        if (chc_covert_write(&positions[i], 0, one, CHC_COVERT_MAX, &clen, NULL) != CHC_OK) {
            /* halfmove > 100: keep the position out of the covert runs (none in this data). */
            positions[i].halfmove = 0;
            chc_covert_write(&positions[i], 0, one, CHC_COVERT_MAX, &clen, NULL);
        } else {
            covert_n++;
        }
        if (coff + clen > npos * 400) { fprintf(stderr, "bench_codecs: covert text overflow\n"); exit(1); }
        covert_off[i] = coff;
        memcpy(covert_text + coff, one, clen);
        coff += clen;
        covert_off[i + 1] = coff;
        chc_mscs_write(&positions[i], 0, mscs[i], CHC_MSCS_TEXT_MAX, NULL, NULL);
    }
    urls = malloc(CHC_URLSAFE_MAX(nmoves) + ngames);
    url_start = malloc((ngames + 1) * sizeof *url_start);
    size_t off = 0;
    for (size_t g = 0; g < ngames; g++) {
        size_t len;
        url_start[g] = off;
        chc_urlsafe_encode(moves + game_start[g], game_start[g + 1] - game_start[g], urls + off,
                           CHC_URLSAFE_MAX(game_start[g + 1] - game_start[g]), &len, NULL);
        off += len;
    }
    url_start[ngames] = off;

    printf("bench_codecs: %zu games, %zu plies, %zu positions (lichess, tests/data/codecs)\n",
           ngames, nmoves, npos);
    /* The machine may be shared: the measurements run in 11 interleaved rounds of 0.1 s each;
     * rates are the medians over the rounds, and each ratio is the median of the per-round
     * ratios to the anchor measured next to it, so that a load spike hits a codec and its
     * anchor alike. */
    enum { ROUNDS = 11 };
    static const bench_fn fns[8] = {fen_write, fen_parse, covert_encode, covert_decode,
                                    mscs_encode, mscs_decode, url_encode, url_decode};
    static double r[8][ROUNDS], q[8][ROUNDS];
    for (int k = 0; k < 8; k++) fns[k](); /* warm up */
    for (int round = 0; round < ROUNDS; round++)
        for (int k = 0; k < 8; k++) r[k][round] = rate(fns[k], k >= 6 ? nmoves : npos, 0.1);
    for (int round = 0; round < ROUNDS; round++)
        for (int k = 0; k < 8; k++) q[k][round] = r[k][round] / r[k == 2 ? 0 : 1][round];
    double med[8], ratio[8];
    for (int k = 0; k < 8; k++) {
        med[k] = median(r[k], ROUNDS);
        ratio[k] = median(q[k], ROUNDS);
    }
    double fw = med[0], fp = med[1], ce = med[2], cd = med[3];
    double me = med[4], md = med[5], ue = med[6], ud = med[7];
    printf("  %-22s %12.0f positions/s\n", "FEN write (anchor)", fw);
    printf("  %-22s %12.0f positions/s\n", "FEN parse (anchor)", fp);
    printf("  %-22s %12.0f positions/s   %.2fx FEN write\n", "covert encode", ce, ratio[2]);
    printf("  %-22s %12.0f positions/s   %.2fx FEN parse   (goal: >= 0.50x)  %s\n", "covert decode", cd,
           ratio[3], ratio[3] >= 0.5 ? "ok" : "MISSED");
    printf("  %-22s %12.0f positions/s   %.2fx FEN parse   (goal: > 1x)  %s\n", "MSCS encode", me,
           ratio[4], ratio[4] > 1 ? "ok" : "MISSED");
    printf("  %-22s %12.0f positions/s   %.2fx FEN parse   (goal: > 1x)  %s\n", "MSCS decode", md,
           ratio[5], ratio[5] > 1 ? "ok" : "MISSED");
    printf("  %-22s %12.0f plies/s       (goal: >= 1000000)  %s\n", "urlsafe encode", ue, ue >= 1e6 ? "ok" : "MISSED");
    printf("  %-22s %12.0f plies/s       (goal: >= 1000000)  %s\n", "urlsafe decode", ud, ud >= 1e6 ? "ok" : "MISSED");
    printf("  (medians of %d interleaved rounds; ratios are per-round ratios to the anchor)\n", ROUNDS);
    (void)covert_n;
    return 0;
}
