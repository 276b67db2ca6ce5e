/* `play` and `demo`: every code of the current position, loading a game or position from any
 * format chesscodec reads, and saving as PGN. Public API only. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "../cli.h"
#include "play_game.h"

static const char *const code_labels[PLAY_CODE_COUNT] = {
    "FEN", "Key", "Covert", "MSCS", "MSCS hex", "URL", "Pack pos", "Pack game"};
static const char *const code_names[PLAY_CODE_COUNT] = {
    "FEN", "Polyglot key", "covert chess (25 emoji)", "MSCS v1 (base64)", "MSCS v1 (hex)",
    "urlsafe game string", "pack position code", "pack game code"};

const char *play_code_label(int id)
{
    return id >= 0 && id < PLAY_CODE_COUNT ? code_labels[id] : "?";
}

const char *play_code_name(int id)
{
    return id >= 0 && id < PLAY_CODE_COUNT ? code_names[id] : "?";
}

static void no_code(play_codes *c, int id, const char *why)
{
    snprintf(c->text[id], PLAY_CODE_MAX, "(%s)", why);
    c->ok[id] = 0;
}

static void code_error(play_codes *c, int id, int rc, const chc_diag *d)
{
    const char *why = d->message[0] ? d->message : chc_strerror(rc);
    snprintf(c->text[id], PLAY_CODE_MAX, "(none: %s)", why);
    c->ok[id] = 0;
}

/* The first `plies` moves of g as a chc_game (NULL when memory is short). */
static chc_game *to_chc_game(const play_game *g, int plies)
{
    chc_game *cg = chc_game_new();
    if (!cg) return NULL;
    chc_game_reset(cg, &g->pos[0]);
    for (int i = 0; i < plies; i++)
        if (chc_game_push(cg, g->moves[i]) != CHC_OK) {
            chc_game_free(cg);
            return NULL;
        }
    return cg;
}

/* Non-zero when the game starts from the standard position (not Chess960) and has no null
 * move: the urlsafe format's domain. */
static int from_standard_start(const play_game *g)
{
    chc_position start;
    chc_position_startpos(&start);
    if (g->pos[0].chess960 || !chc_position_same(&g->pos[0], &start)) return 0;
    if (g->pos[0].halfmove != 0 || g->pos[0].fullmove != 1) return 0;
    for (int i = 0; i < g->cur; i++)
        if (g->moves[i] == CHC_MOVE_NULL) return 0;
    return 1;
}

void play_codes_compute(const play_game *g, play_codes *c)
{
    const chc_position *pos = play_game_pos(g);
    memset(c->ok, 0, sizeof c->ok);
    for (int i = 0; i < PLAY_CODE_COUNT; i++) c->text[i][0] = 0;

    if (chc_position_to_fen(pos, c->text[PLAY_CODE_FEN], PLAY_CODE_MAX, 0) > 0)
        c->ok[PLAY_CODE_FEN] = 1;
    snprintf(c->text[PLAY_CODE_KEY], PLAY_CODE_MAX, "%016llx", (unsigned long long)pos->key);
    c->ok[PLAY_CODE_KEY] = 1;

    chc_diag d;
    int rc;
    memset(&d, 0, sizeof d);
    rc = chc_covert_write(pos, g->resigned ? CHC_COVERT_RESIGNED : 0, c->text[PLAY_CODE_COVERT],
                          PLAY_CODE_MAX, NULL, &d);
    if (rc == CHC_OK) c->ok[PLAY_CODE_COVERT] = 1;
    else code_error(c, PLAY_CODE_COVERT, rc, &d);

    memset(&d, 0, sizeof d);
    rc = chc_mscs_write(pos, 0, c->text[PLAY_CODE_MSCS_B64], PLAY_CODE_MAX, NULL, &d);
    if (rc == CHC_OK) c->ok[PLAY_CODE_MSCS_B64] = 1;
    else code_error(c, PLAY_CODE_MSCS_B64, rc, &d);
    memset(&d, 0, sizeof d);
    rc = chc_mscs_write(pos, CHC_MSCS_HEX, c->text[PLAY_CODE_MSCS_HEX], PLAY_CODE_MAX, NULL, &d);
    if (rc == CHC_OK) c->ok[PLAY_CODE_MSCS_HEX] = 1;
    else code_error(c, PLAY_CODE_MSCS_HEX, rc, &d);

    if (!from_standard_start(g)) {
        no_code(c, PLAY_CODE_URLSAFE, "only for games from the standard start, without null moves");
    } else if (g->cur == 0) {
        c->text[PLAY_CODE_URLSAFE][0] = 0; /* the empty game is the empty string */
        c->ok[PLAY_CODE_URLSAFE] = 1;
    } else {
        size_t need = CHC_URLSAFE_MAX((size_t)g->cur);
        char *buf = malloc(need);
        memset(&d, 0, sizeof d);
        rc = buf ? chc_urlsafe_encode(g->moves, (size_t)g->cur, buf, need, NULL, &d)
                 : CHC_E_NO_MEMORY;
        if (rc == CHC_OK && strlen(buf) < PLAY_CODE_MAX) {
            strcpy(c->text[PLAY_CODE_URLSAFE], buf);
            c->ok[PLAY_CODE_URLSAFE] = 1;
        } else if (rc == CHC_OK) {
            /* too long to show whole: keep the end, which changes with each move */
            size_t n = strlen(buf);
            snprintf(c->text[PLAY_CODE_URLSAFE], PLAY_CODE_MAX, "...%s",
                     buf + n - (PLAY_CODE_MAX - 8));
            c->ok[PLAY_CODE_URLSAFE] = 1;
        } else {
            code_error(c, PLAY_CODE_URLSAFE, rc, &d);
        }
        free(buf);
    }
    memset(&d, 0, sizeof d);
    rc = chc_pack_position_write(pos, 0, c->text[PLAY_CODE_PACK_POS], PLAY_CODE_MAX, NULL, &d);
    if (rc == CHC_OK) c->ok[PLAY_CODE_PACK_POS] = 1;
    else code_error(c, PLAY_CODE_PACK_POS, rc, &d);
    {
        size_t n = (size_t)g->cur, need = CHC_PACK_GAME_TEXT_MAX(n), len = 0;
        char *buf = malloc(need);
        chc_game *cg = to_chc_game(g, g->cur);
        int grc = buf && cg ? chc_pack_game_write(cg, 0, buf, need, &len, NULL) : CHC_E_NO_MEMORY;
        chc_game_free(cg);
        if (grc == CHC_OK && len < PLAY_CODE_MAX) {
            memcpy(c->text[PLAY_CODE_PACK_GAME], buf, len + 1);
            c->ok[PLAY_CODE_PACK_GAME] = 1;
        } else if (grc == CHC_OK) {
            snprintf(c->text[PLAY_CODE_PACK_GAME], PLAY_CODE_MAX, "...%s",
                     buf + len - (PLAY_CODE_MAX - 8));
            c->ok[PLAY_CODE_PACK_GAME] = 1;
        } else {
            chc_diag gd;
            memset(&gd, 0, sizeof gd);
            code_error(c, PLAY_CODE_PACK_GAME, grc, &gd);
        }
        free(buf);
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Loading                                                                                    */
/* ---------------------------------------------------------------------------------------- */
#define PLAY_LOAD_FILE_MAX (16u << 20)

static char *read_file(const char *path, size_t *len, char *err, size_t errcap)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errcap, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n + 1 >= cap) {
            if (cap >= PLAY_LOAD_FILE_MAX) {
                snprintf(err, errcap, "%s is too large (over 16 MB)", path);
                free(buf);
                fclose(f);
                return NULL;
            }
            char *nb = realloc(buf, cap * 2);
            if (!nb) break;
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) break;
    }
    if (!buf || ferror(f)) {
        snprintf(err, errcap, "cannot read %s", path);
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    buf[n] = 0;
    *len = n;
    return buf;
}

/* A game from a start position and a move list (validated). */
static int load_moves(play_game *g, const chc_position *start, const chc_move *moves, size_t n)
{
    play_game_reset(g, start);
    for (size_t i = 0; i < n; i++) {
        if (moves[i] != CHC_MOVE_NULL && !chc_is_legal(play_game_pos(g), moves[i]))
            return CHC_E_MOVE_ILLEGAL;
        if (play_game_push(g, moves[i]) != CHC_OK) return CHC_E_NO_MEMORY;
    }
    return CHC_OK;
}

/* Moves separated by white space (SAN or UCI, with optional move numbers and a result),
 * played from `start`. */
static int load_move_words(play_game *g, const chc_position *start, const char *text, char *err,
                           size_t errcap)
{
    play_game tmp;
    if (play_game_init(&tmp) != CHC_OK) return CHC_E_NO_MEMORY;
    play_game_reset(&tmp, start);
    const char *p = text;
    int ply = 0;
    while (*p) {
        while (*p && isspace((unsigned char)*p)) p++;
        if (!*p) break;
        const char *w = p;
        while (*p && !isspace((unsigned char)*p)) p++;
        size_t n = (size_t)(p - w);
        char word[40];
        if (n >= sizeof word) n = sizeof word - 1;
        memcpy(word, w, n);
        word[n] = 0;
        /* move numbers "12." "12..." (possibly glued to the move: "1.e4") */
        char *m = word;
        while (isdigit((unsigned char)*m)) m++;
        if (m != word && *m == '.') {
            while (*m == '.') m++;
        } else {
            m = word;
        }
        if (!*m) continue;
        if (!strcmp(m, "1-0") || !strcmp(m, "0-1") || !strcmp(m, "1/2-1/2") || !strcmp(m, "*")) {
            snprintf(tmp.result_tag, sizeof tmp.result_tag, "%.8s", m);
            break;
        }
        chc_move mv;
        char why[160];
        int rc = play_parse_move(play_game_pos(&tmp), m, &mv, why, sizeof why);
        if (rc != CHC_OK) {
            snprintf(err, errcap, "move %d (%.20s): %.150s", ply + 1, m, why);
            play_game_free(&tmp);
            return rc;
        }
        play_game_push(&tmp, mv);
        ply++;
    }
    char result[16];
    snprintf(result, sizeof result, "%s", tmp.result_tag);
    /* keep the caller's tags */
    play_game_reset(g, &tmp.pos[0]);
    for (int i = 0; i < tmp.cur; i++) play_game_push(g, tmp.moves[i]);
    snprintf(g->result_tag, sizeof g->result_tag, "%s", result);
    play_game_free(&tmp);
    return CHC_OK;
}

/* The main line of a chc_game. */
static int load_game(play_game *g, const chc_game *cg)
{
    size_t n = chc_game_ply_count(cg);
    chc_move *moves = malloc((n + 1) * sizeof *moves);
    if (!moves) return CHC_E_NO_MEMORY;
    for (size_t i = 0; i < n; i++) moves[i] = chc_game_move(cg, i);
    int rc = load_moves(g, chc_game_start(cg), moves, n);
    free(moves);
    return rc;
}

static void copy_tag(char *dst, const chc_game *cg, const char *name)
{
    const char *v = chc_game_tag(cg, name);
    snprintf(dst, PLAY_TAG_MAX, "%s", v && strcmp(v, "?") != 0 ? v : "");
}

static int load_pgn(play_game *g, const char *text, size_t len, char *err, size_t errcap)
{
    chc_pgn_reader *r = chc_pgn_reader_new_mem(text, len, CHC_PGN_MAINLINE_ONLY, 1, 1);
    chc_game *cg = chc_game_new();
    int rc = CHC_E_NO_MEMORY;
    chc_diag d;
    memset(&d, 0, sizeof d);
    if (r && cg) rc = chc_pgn_read_game(r, cg, &d);
    if (rc == CHC_E_GAME_END) {
        snprintf(err, errcap, "no game in the PGN text");
    } else if (rc != CHC_OK) {
        snprintf(err, errcap, "PGN: %s", d.message[0] ? d.message : chc_strerror(rc));
    } else if ((rc = load_game(g, cg)) != CHC_OK) {
        snprintf(err, errcap, "PGN: %s", chc_strerror(rc));
    } else {
        copy_tag(g->white, cg, "White");
        copy_tag(g->black, cg, "Black");
        copy_tag(g->event, cg, "Event");
        copy_tag(g->site, cg, "Site");
        copy_tag(g->date, cg, "Date");
        copy_tag(g->round, cg, "Round");
        snprintf(g->result_tag, sizeof g->result_tag, "%s", chc_result_string(chc_game_result(cg)));
    }
    chc_game_free(cg);
    chc_pgn_reader_free(r);
    return rc;
}

static int is_hex_string(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isxdigit((unsigned char)s[i])) return 0;
    return 1;
}

static int is_urlsafe_string(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)s[i]) && s[i] != '-' && s[i] != '_') return 0;
    return 1;
}

static int try_fen(play_game *g, const char *s, char *err, size_t errcap)
{
    chc_position pos;
    chc_diag d;
    memset(&d, 0, sizeof d);
    int rc = chc_position_from_fen(&pos, s, 0, &d);
    if (rc != CHC_OK) {
        snprintf(err, errcap, "FEN: %s", d.message[0] ? d.message : chc_strerror(rc));
        return rc;
    }
    play_game_reset(g, &pos);
    return CHC_OK;
}

/* Loads from text already read (not a file name). */
static int load_text(play_game *g, const char *text, size_t len, char *what, char *err,
                     size_t errcap)
{
    /* trim */
    while (len && isspace((unsigned char)*text)) text++, len--;
    while (len && isspace((unsigned char)text[len - 1])) len--;
    if (len >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB &&
        (unsigned char)text[2] == 0xBF)
        text += 3, len -= 3;
    if (len == 0) {
        snprintf(err, errcap, "nothing to load");
        return CHC_E_ARGUMENT;
    }
    char *s = malloc(len + 1);
    if (!s) return CHC_E_NO_MEMORY;
    memcpy(s, text, len);
    s[len] = 0;

    /* a forced format: "fen:", "pgn:", ... */
    static const char *const prefixes[] = {"fen:", "pgn:", "covert:", "mscs:", "url:", "urlsafe:",
                                           "uci:", "san:", "moves:", "pack:", NULL};
    const char *forced = NULL;
    const char *body = s;
    for (int i = 0; prefixes[i]; i++) {
        size_t pl = strlen(prefixes[i]);
        if (len > pl && strncmp(s, prefixes[i], pl) == 0) {
            forced = prefixes[i];
            body = s + pl;
            while (isspace((unsigned char)*body)) body++;
            break;
        }
    }
    size_t blen = strlen(body);
    int rc = CHC_E_UNSUPPORTED;
    chc_position pos;
    chc_diag d;
    memset(&d, 0, sizeof d);
    char why[200] = "";
    err[0] = 0;

#define FORCED(p) (forced && strcmp(forced, p) == 0)
#define AUTO (!forced)
    if (AUTO && (!strcmp(body, "startpos") || !strcmp(body, "start") || !strcmp(body, "new"))) {
        play_game_reset(g, NULL);
        strcpy(what, "start position");
        rc = CHC_OK;
        goto done;
    }
    /* FEN: has '/' and a space, or forced */
    if (FORCED("fen:") || (AUTO && strchr(body, '/') && strchr(body, ' ') &&
                           !strchr(body, '[') && !strchr(body, '.'))) {
        rc = try_fen(g, body, err, errcap);
        strcpy(what, "FEN");
        goto done;
    }
    if (FORCED("pgn:") || (AUTO && body[0] == '[')) {
        rc = load_pgn(g, body, blen, err, errcap);
        strcpy(what, "PGN");
        goto done;
    }
    if (FORCED("covert:") || (AUTO && (unsigned char)body[0] >= 0x80)) {
        chc_read_info info = {0, 0, 0, 0};
        rc = chc_covert_read(body, blen, &pos, &info, &d);
        strcpy(what, "covert emoji");
        if (rc == CHC_OK) {
            play_game_reset(g, &pos);
            if (info.flags & CHC_READ_RESIGNED) g->resigned = 1 + pos.side;
        } else {
            snprintf(err, errcap, "covert: %s", d.message[0] ? d.message : chc_strerror(rc));
        }
        goto done;
    }
    if (FORCED("mscs:") ||
        (AUTO && ((blen == CHC_MSCS_HEX_LEN && is_hex_string(body, blen)) ||
                  (blen == CHC_MSCS_BASE64_LEN && strspn(body, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef"
                                                               "ghijklmnopqrstuvwxyz0123456789+/-_") == blen)))) {
        chc_read_info info = {0, 0, 0, 0};
        rc = chc_mscs_read(body, blen, &pos, &info, &d);
        if (rc == CHC_OK) {
            strcpy(what, info.flags & CHC_READ_HEX ? "MSCS (hex)" : "MSCS (base64)");
            play_game_reset(g, &pos);
            goto done;
        }
        snprintf(why, sizeof why, "MSCS: %s", d.message[0] ? d.message : chc_strerror(rc));
        if (forced) {
            snprintf(err, errcap, "%s", why);
            strcpy(what, "MSCS");
            goto done;
        }
        /* 32 URL-safe characters may also be a urlsafe game: fall through */
    }
    if (FORCED("url:") || FORCED("urlsafe:") || (AUTO && is_urlsafe_string(body, blen))) {
        chc_move *moves = malloc((blen + 1) * sizeof *moves);
        size_t n = 0;
        memset(&d, 0, sizeof d);
        rc = moves ? chc_urlsafe_decode(body, blen, moves, blen + 1, &n, NULL, &d)
                   : CHC_E_NO_MEMORY;
        strcpy(what, "urlsafe game");
        if (rc == CHC_OK) {
            chc_position start;
            chc_position_startpos(&start);
            rc = load_moves(g, &start, moves, n);
        }
        free(moves);
        if (rc == CHC_OK) goto done;
        snprintf(err, errcap, "%s%surlsafe: %.150s", why, why[0] ? "; " : "",
                 d.message[0] ? d.message : chc_strerror(rc));
        if (forced) goto done;
        snprintf(why, sizeof why, "%.199s", err);
    }
    /* pack codes: after urlsafe, whose strict move checks rarely accept another code */
    if (FORCED("pack:") || (AUTO && is_urlsafe_string(body, blen))) {
        char perr[200] = "";
        if (blen == 26) {
            memset(&d, 0, sizeof d);
            rc = chc_pack_position_read(body, blen, &pos, NULL, &d);
            if (rc == CHC_OK) {
                strcpy(what, "pack position code");
                play_game_reset(g, &pos);
                goto done;
            }
            snprintf(perr, sizeof perr, "pack position: %.150s",
                     d.message[0] ? d.message : chc_strerror(rc));
        }
        chc_game *cg = chc_game_new();
        memset(&d, 0, sizeof d);
        rc = cg ? chc_pack_game_read(body, blen, cg, NULL, &d) : CHC_E_NO_MEMORY;
        if (rc == CHC_OK) rc = load_game(g, cg);
        chc_game_free(cg);
        if (rc == CHC_OK) {
            strcpy(what, "pack game code");
            goto done;
        }
        snprintf(err, errcap, "%s%s%s%spack game: %.150s", why, why[0] ? "; " : "", perr,
                 perr[0] ? "; " : "", d.message[0] ? d.message : chc_strerror(rc));
        if (forced) {
            strcpy(what, "pack");
            goto done;
        }
        snprintf(why, sizeof why, "%.199s", err);
    }
    /* moves from the start: SAN or UCI words, move numbers allowed */
    {
        chc_position start;
        chc_position_startpos(&start);
        char merr[200];
        rc = load_move_words(g, &start, body, merr, sizeof merr);
        strcpy(what, "moves");
        if (rc == CHC_OK) goto done;
        if (why[0])
            snprintf(err, errcap, "not a position or game chesscodec reads (%s; as moves: %s)",
                     why, merr);
        else
            snprintf(err, errcap, "not a position or game chesscodec reads (as moves: %s)", merr);
    }
done:
#undef FORCED
#undef AUTO
    free(s);
    return rc;
}

int play_load(play_game *g, const char *text, char *what, char *err, size_t errcap)
{
    play_game tmp;
    if (play_game_init(&tmp) != CHC_OK) return CHC_E_NO_MEMORY;
    memcpy(tmp.white, g->white, sizeof g->white);
    memcpy(tmp.black, g->black, sizeof g->black);
    while (isspace((unsigned char)*text)) text++;
    struct stat st;
    int rc;
    size_t tl = strlen(text);
    while (tl && isspace((unsigned char)text[tl - 1])) tl--;
    char path[1024];
    int is_file = 0;
    if (tl > 0 && tl < sizeof path) {
        memcpy(path, text, tl);
        path[tl] = 0;
        is_file = stat(path, &st) == 0 && S_ISREG(st.st_mode);
    }
    if (is_file) {
        size_t len = 0;
        char *buf = read_file(path, &len, err, errcap);
        if (!buf) {
            play_game_free(&tmp);
            return CHC_E_IO;
        }
        char w[32];
        rc = load_text(&tmp, buf, len, w, err, errcap);
        if (rc == CHC_OK) snprintf(what, 32, "%.16s file", w);
        free(buf);
    } else {
        rc = load_text(&tmp, text, strlen(text), what, err, errcap);
    }
    if (rc == CHC_OK) {
        play_game_free(g);
        *g = tmp;
    } else {
        play_game_free(&tmp);
    }
    return rc;
}

/* ---------------------------------------------------------------------------------------- */
/* Saving                                                                                     */
/* ---------------------------------------------------------------------------------------- */
static void today(char *buf, size_t cap)
{
    time_t now = time(NULL);
    struct tm tm;
    if (now == (time_t)-1 || !localtime_r(&now, &tm) || strftime(buf, cap, "%Y.%m.%d", &tm) == 0)
        snprintf(buf, cap, "????.??.??");
}

int play_write_pgn(const play_game *g, FILE *f)
{
    play_status st;
    play_game_status(g, &st);
    const char *result = st.over ? st.result : "*";
    char date[16];
    today(date, sizeof date);
    chc_game *cg = to_chc_game(g, g->cur);
    if (!cg) return CHC_E_NO_MEMORY;
    chc_game_set_tag(cg, "Event", g->event[0] ? g->event : "chesscodec play");
    chc_game_set_tag(cg, "Site", g->site[0] ? g->site : "?");
    chc_game_set_tag(cg, "Date", g->date[0] ? g->date : date);
    chc_game_set_tag(cg, "Round", g->round[0] ? g->round : "?");
    chc_game_set_tag(cg, "White", g->white[0] ? g->white : "?");
    chc_game_set_tag(cg, "Black", g->black[0] ? g->black : "?");
    chc_game_set_tag(cg, "Result", result);
    chc_game_set_result(cg, !strcmp(result, "1-0")       ? CHC_RESULT_WHITE_WINS
                            : !strcmp(result, "0-1")     ? CHC_RESULT_BLACK_WINS
                            : !strcmp(result, "1/2-1/2") ? CHC_RESULT_DRAW
                                                         : CHC_RESULT_UNKNOWN);
    size_t need = 0;
    chc_pgn_write(cg, 0, NULL, 0, &need, NULL);
    char *buf = malloc(need + 1);
    int rc = buf ? chc_pgn_write(cg, 0, buf, need + 1, NULL, NULL) : CHC_E_NO_MEMORY;
    if (rc == CHC_OK) fputs(buf, f);
    free(buf);
    chc_game_free(cg);
    return rc == CHC_OK && ferror(f) ? CHC_E_IO : rc;
}

int play_save_pgn(const play_game *g, const char *path, char *err, size_t errcap)
{
    cli_out o;
    int rc = cli_out_open(&o, NULL, path) == CLI_OK ? play_write_pgn(g, o.f) : CHC_E_IO;
    int e = errno;
    if (rc == CHC_OK && cli_out_commit(&o, NULL) != CLI_OK) {
        rc = CHC_E_IO;
        e = errno;
    } else if (rc != CHC_OK) {
        cli_out_abort(&o);
    }
    if (rc != CHC_OK)
        snprintf(err, errcap, "cannot write %s: %s", path, rc == CHC_E_IO ? strerror(e) : chc_strerror(rc));
    return rc;
}
