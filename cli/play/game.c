/* `play` and `demo`: the codes of the game at the cursor, loading and saving. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "play.h"

chc_move play_last(const chc_game *g, chc_position *before)
{
    size_t cur = chc_game_cursor(g);
    if (cur == 0) return CHC_MOVE_NONE;
    if (before) chc_game_position(g, cur - 1, before);
    return chc_game_move(g, cur - 1);
}

size_t play_wrap(const char *s, size_t width)
{
    size_t n = strlen(s), k = width;
    if (n <= width) return n;
    while (k > 0 && s[k] != ' ') k--;
    return k ? k : width;
}

/* The game up to the cursor (a copy when moves follow it), or g itself. */
static const chc_game *upto_cursor(const chc_game *g, chc_game **copy)
{
    *copy = NULL;
    if (chc_game_cursor(g) == chc_game_ply_count(g)) return g;
    if ((*copy = chc_game_new()) && chc_game_copy(*copy, g) == CHC_OK)
        chc_game_truncate(*copy, chc_game_cursor(g));
    return *copy;
}

void play_codes_compute(const chc_game *g, play_codes *c)
{
    chc_game *copy;
    const chc_game *upto = upto_cursor(g, &copy);
    const unsigned need = CHC_CAP_WRITE | CHC_CAP_LINE;
    c->n = 0;
    /* the registry's order: positions (the end of upto: the cursor's), then games */
    for (size_t i = 0; i < chc_format_count() && c->n < PLAY_CODES_MAX - 1; i++) {
        const chc_format_info *f = chc_format_at(i);
        if ((f->caps & need) != need || (f->caps & CHC_CAP_BINARY)) continue;
        int k = c->n++;
        chc_diag d = CHC_DIAG_INIT;
        size_t len = 0;
        int rc = upto ? chc_game_write(upto, f->format, 0, c->text[k], PLAY_CODE_MAX, &len, &d)
                      : CHC_E_NO_MEMORY;
        c->label[k] = f->label;
        c->format[k] = f->format;
        c->ok[k] = rc == CHC_OK;
        if (rc == CHC_E_BUFFER_TOO_SMALL) snprintf(c->text[k], PLAY_CODE_MAX, "(%zu characters)", len);
        else if (rc != CHC_OK) snprintf(c->text[k], PLAY_CODE_MAX, "(none: %.200s)", cli_diag_text(rc, &d));
        if (f->format == CHC_FORMAT_FEN) { /* the key goes with the FEN */
            k = c->n++;
            c->label[k] = "Key";
            c->format[k] = CHC_FORMAT_AUTO;
            c->ok[k] = 1;
            snprintf(c->text[k], PLAY_CODE_MAX, "%016llx",
                     (unsigned long long)chc_position_key(chc_game_current(g)));
        }
    }
    chc_game_free(copy);
}

const char *play_code(const play_codes *c, const char *label)
{
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->label[i], label) == 0) return c->text[i];
    return "";
}

void play_print_state(const chc_game *g, const play_options *opt, int board, int codes)
{
    chc_position before;
    chc_move last = play_last(g, &before);
    if (board) {
        char text[CHC_BOARD_TEXT_MAX];
        unsigned fl = (opt->ascii ? CHC_BOARD_ASCII : 0) | (opt->flip ? CHC_BOARD_FLIP : 0);
        if (chc_board_write(chc_game_current(g), last, fl, text, sizeof text, NULL) == CHC_OK)
            fputs(text, stdout);
    }
    chc_game_status st;
    chc_game_status_get(g, &st);
    if (last) {
        char mv[64];
        chc_game_movetext(g, chc_game_cursor(g) - 1, chc_game_cursor(g), 0, mv, sizeof mv, NULL);
        printf("%-14s %s\n", "Last", mv);
    }
    printf("%-14s %s\n", "State", st.text);
    play_codes c;
    if (codes) play_codes_compute(g, &c);
    for (int i = 0; codes && i < c.n; i++) printf("%-14s %s\n", c.label[i], c.text[i]);
    if (codes) printf("\n");
    cli_flush();
}

#define PLAY_LOAD_FILE_MAX (16u << 20)

/* The contents of the file `path` when it is one (NULL otherwise, or with err set). */
static char *read_file(const char *path, size_t *len, char *err, size_t errcap)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = cli_read_all(f, PLAY_LOAD_FILE_MAX, len, 1);
    if (!buf)
        snprintf(err, errcap, "cannot read %s%s", path, *len > PLAY_LOAD_FILE_MAX ? ": over 16 MB" : "");
    fclose(f);
    return buf;
}

int play_load(chc_game *g, const char *text, char *what, size_t whatcap, char *err, size_t errcap)
{
    size_t len = 0;
    err[0] = 0;
    char *file = strchr(text, '\n') ? NULL : read_file(text, &len, err, errcap);
    if (!file && err[0]) return CHC_E_IO;
    chc_game *ng = chc_game_new();
    if (!ng) return CHC_E_NO_MEMORY;
    chc_diag d = CHC_DIAG_INIT;
    chc_read_info info = {0, 0, 0, 0};
    /* "NAME:TEXT" names the format (fen:, pgn:, covert:, urlsafe:, pack:, ...) */
    const char *src = file ? file : text, *colon = file ? NULL : strchr(text, ':');
    int format = CHC_FORMAT_AUTO;
    char name[32];
    if (colon && colon - text < (long)sizeof name) {
        snprintf(name, sizeof name, "%.*s", (int)(colon - text), text);
        if ((format = chc_format_by_name(name, CHC_KIND_GAME | CHC_KIND_POSITION)) != CHC_FORMAT_AUTO)
            src = colon + 1;
    }
    int rc = chc_game_read(src, file ? len : strlen(src), format, ng, &info, &d);
    snprintf(what, whatcap, "%s%s", rc == CHC_OK ? cli_format_name(info.format) : "",
             file ? " file" : "");
    free(file);
    if (rc != CHC_OK) {
        snprintf(err, errcap, "%s", cli_diag_text(rc, &d));
        chc_game_free(ng);
        return rc;
    }
    static const char *const names[] = {"White", "Black"};
    for (int i = 0; i < 2; i++)
        if (!chc_game_tag(ng, names[i]) && chc_game_tag(g, names[i]))
            chc_game_set_tag(ng, names[i], chc_game_tag(g, names[i]));
    rc = chc_game_copy(g, ng); /* comments and variations too; the caller's pointer stays valid */
    chc_game_free(ng);
    if (rc != CHC_OK) return rc;
    chc_game_set_cursor(g, chc_game_ply_count(g));
    if (info.flags & CHC_READ_RESIGNED)
        chc_game_set_termination(g, CHC_TERM_RESIGNATION,
                                 chc_side_to_move(chc_game_current(g)) == CHC_WHITE
                                     ? CHC_RESULT_BLACK_WINS : CHC_RESULT_WHITE_WINS);
    return CHC_OK;
}

int play_write_pgn(const chc_game *g, FILE *f)
{
    chc_game *copy = chc_game_new();
    if (!copy || chc_game_copy(copy, g) != CHC_OK) {
        chc_game_free(copy);
        return CHC_E_NO_MEMORY;
    }
    chc_game_truncate(copy, chc_game_cursor(g));
    char date[16] = "????.??.??";
    time_t now = time(NULL);
    struct tm tm;
    if (now != (time_t)-1 && localtime_r(&now, &tm)) strftime(date, sizeof date, "%Y.%m.%d", &tm);
    if (!chc_game_tag(copy, "Event")) chc_game_set_tag(copy, "Event", "chesscodec play");
    if (!chc_game_tag(copy, "Date")) chc_game_set_tag(copy, "Date", date);
    chc_game_status st;
    chc_game_status_get(g, &st);
    if (st.over && st.termination) chc_game_set_termination(copy, st.termination, st.result);
    chc_game_set_result(copy, st.over ? st.result : CHC_RESULT_UNKNOWN);
    chc_game_set_tag(copy, "Result", chc_result_string(st.over ? st.result : CHC_RESULT_UNKNOWN));
    char *text = NULL;
    size_t cap = 0, len = 0;
    int rc = cli_game_text(copy, CHC_FORMAT_PGN, 0, &text, &cap, &len, NULL);
    if (rc == CHC_OK) fwrite(text, 1, len, f);
    free(text);
    chc_game_free(copy);
    return rc == CHC_OK && ferror(f) ? CHC_E_IO : rc;
}

int play_save_pgn(const chc_game *g, const char *path, char *err, size_t errcap)
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

int play_load_arg(const char *cmd, const cli_args *a, chc_game *g)
{
    const char *v = cli_get(a, "--ply");
    long ply = 0;
    char what[64], err[256], *in = NULL;
    size_t n = 0;
    int from_stdin = a->npos == 0 || strcmp(a->pos[0], "-") == 0;
    if (v && cli_parse_long(v, &ply)) {
        cli_error(cmd, "--ply takes a number of plies (not '%s')", v);
        return CLI_USAGE;
    }
    if (a->npos == 0 && isatty(0)) {
        cli_error(cmd, "give a position or a game, or - to read one from standard input");
        return CLI_USAGE;
    }
    if (from_stdin && !(in = cli_read_all(stdin, PLAY_LOAD_FILE_MAX, &n, 1))) {
        cli_error(cmd, "cannot read standard input%s", n > PLAY_LOAD_FILE_MAX ? ": over 16 MB" : "");
        return CLI_BAD_INPUT;
    }
    const char *src = in ? in : a->pos[0];
    cli_note_input(src);
    int rc = play_load(g, src, what, sizeof what, err, sizeof err);
    free(in);
    if (rc != CHC_OK) {
        cli_error(cmd, "INPUT: %s", err);
        return CLI_BAD_INPUT;
    }
    if (v && (size_t)ply > chc_game_ply_count(g)) {
        cli_error(cmd, "--ply %ld: the game has %zu plies", ply, chc_game_ply_count(g));
        return CLI_BAD_INPUT;
    }
    if (v) chc_game_set_cursor(g, (size_t)ply);
    return CLI_OK;
}
