/* `chesscodec play`: the full-screen game (ncurses). The board, the game state, the move list
 * and every code of the current position, redrawn after each move; the engine thinks in its
 * own thread while this loop polls the keyboard and the search every 50 ms. */
#include "play.h"

#ifdef CHC_HAVE_CURSES
#include <curses.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#define INPUT_MAX 2048

/* Colour pairs: a square's is C_SQUARE + 2 * its background (SQ_*) + 1 for a white piece. */
enum { SQ_LIGHT, SQ_DARK, SQ_LAST_LIGHT, SQ_LAST_DARK, SQ_CHECK, SQ_KINDS };
enum { C_SQUARE = 1, C_TITLE = C_SQUARE + 2 * SQ_KINDS, C_ERROR, C_LABEL, C_GOOD, C_DIM };

typedef struct tui {
    chc_game *g;
    play_options *opt;
    play_engine *engine;
    play_codes codes;
    int codes_valid;
    char input[INPUT_MAX];
    size_t input_len;
    char msg[512];
    int msg_error;
    char engine_info[160];
    int show_help;
    int colors;
    int repaint;  /* the codes changed: repaint every cell (emoji widths differ between
                     terminals, so a row holding them is never patched in place) */
    WINDOW *scratch;
} tui;

static volatile sig_atomic_t quit_signal;

static void on_signal(int sig)
{
    quit_signal = 1;
}

static void set_msg(tui *t, int error, const char *text)
{
    snprintf(t->msg, sizeof t->msg, "%s", text);
    t->msg_error = error;
}

static void init_colors(tui *t)
{
    t->colors = 0;
    if (t->opt->no_color || !has_colors()) return;
    start_color();
    use_default_colors();
    t->colors = COLORS >= 256 ? 256 : 8;
    static const short bg256[SQ_KINDS] = {180, 137, 186, 143, 167};
    static const short bg8[SQ_KINDS] = {COLOR_YELLOW, COLOR_GREEN, COLOR_CYAN, COLOR_CYAN, COLOR_RED};
    short white = t->colors == 256 ? 231 : COLOR_WHITE, black = t->colors == 256 ? 16 : COLOR_BLACK;
    for (int i = 0; i < SQ_KINDS; i++) {
        init_pair((short)(C_SQUARE + 2 * i), black, t->colors == 256 ? bg256[i] : bg8[i]);
        init_pair((short)(C_SQUARE + 2 * i + 1), white, t->colors == 256 ? bg256[i] : bg8[i]);
    }
    init_pair(C_TITLE, COLOR_BLACK, COLOR_CYAN);
    init_pair(C_ERROR, COLOR_RED, -1);
    init_pair(C_LABEL, COLOR_CYAN, -1);
    init_pair(C_GOOD, COLOR_GREEN, -1);
    init_pair(C_DIM, COLOR_YELLOW, -1);
}

/* Writes s at (y, x), cut to `width` bytes of ASCII (all the texts cut this way are ASCII). */
static void put_cut(int y, int x, int width, const char *s)
{
    if (width <= 0 || y < 0 || y >= LINES) return;
    mvaddnstr(y, x, s, width);
}

/* put_cut() with attributes `a`. */
static void put_attr(int y, int x, int width, attr_t a, const char *s)
{
    attron(a);
    put_cut(y, x, width, s);
    attroff(a);
}

/* A colour pair when the terminal has colours, else the attributes `plain`. */
static attr_t color(const tui *t, int pair, attr_t plain)
{
    return t->colors ? COLOR_PAIR(pair) : plain;
}

static void draw_board(tui *t, int top, int left)
{
    const chc_position *pos = chc_game_current(t->g);
    chc_move last = play_last(t->g, NULL);
    int lf = -1, lt = -1;
    if (last && last != CHC_MOVE_NULL) {
        lf = CHC_MOVE_FROM(last);
        lt = CHC_MOVE_TO(last);
        if (CHC_MOVE_FLAGS(last) & CHC_MF_CASTLE) {
            /* show the king's destination rather than the rook's square */
            int kside = CHC_FILE(lt) > CHC_FILE(lf);
            lt = CHC_SQUARE(kside ? 6 : 2, CHC_RANK(lf));
        }
    }
    int check_sq = chc_in_check(pos) ? chc_king_square(pos, chc_side_to_move(pos)) : -1;
    static const char *const glyphs[2][2][7] = {
        {{"\u00B7", "\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"},
         {"\u00B7", "\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A"}},
        {{".", "P", "N", "B", "R", "Q", "K"}, {".", "p", "n", "b", "r", "q", "k"}}};
    int flip = t->opt->flip, ascii = t->opt->ascii;
    for (int row = 0; row < 8; row++) {
        int rank = flip ? row : 7 - row;
        if (top + row >= LINES) break;
        mvprintw(top + row, left, " %d ", rank + 1);
        for (int col = 0; col < 8; col++) {
            int file = flip ? 7 - col : col;
            int sq = CHC_SQUARE(file, rank);
            int piece = chc_piece_at(pos, sq);
            int light = (file + rank) % 2 == 1;
            int white = piece && CHC_PIECE_COLOR(piece) == CHC_WHITE;
            const char *glyph = piece ? glyphs[ascii][CHC_PIECE_COLOR(piece)][CHC_PIECE_TYPE(piece)]
                                : t->colors ? " " : glyphs[ascii][0][0];
            int kind = sq == check_sq ? SQ_CHECK
                       : sq == lf || sq == lt ? (light ? SQ_LAST_LIGHT : SQ_LAST_DARK)
                       : light ? SQ_LIGHT : SQ_DARK;
            attr_t a = t->colors ? COLOR_PAIR(C_SQUARE + 2 * kind + white) | (white ? A_BOLD : 0) : 0;
            /* without colours, brackets show the last move and parentheses the check */
            const char *mark = t->colors || kind == SQ_LIGHT || kind == SQ_DARK ? "  "
                               : kind == SQ_CHECK ? "()" : "[]";
            attron(a);
            mvaddnstr(top + row, left + 3 + col * 3, mark, 1);
            addstr(glyph);
            addnstr(mark + 1, 1);
            attroff(a);
        }
    }
    if (top + 8 < LINES) {
        move(top + 8, left + 3);
        for (int col = 0; col < 8; col++) printw(" %c ", 'a' + (flip ? 7 - col : col));
    }
}

/* The move list, wrapped to `width`, keeping the last `rows` lines; the moves after the cursor
 * (redo) follow a bar. */
static void draw_moves(tui *t, int top, int left, int width, int rows)
{
    if (rows <= 0 || width < 8) return;
    size_t cur = chc_game_cursor(t->g), len = chc_game_ply_count(t->g);
    static char text[1 << 16];
    size_t n = 0;
    chc_game_movetext(t->g, 0, cur, CHC_MOVETEXT_COMPACT, text, sizeof text, &n);
    if (cur < len) {
        n += (size_t)snprintf(text + n, sizeof text - n, "%s| ", n ? " " : "");
        chc_game_movetext(t->g, cur, len, CHC_MOVETEXT_COMPACT, text + n, sizeof text - n, NULL);
    }
    if (!text[0]) {
        put_attr(top, left, width, A_DIM, "(no moves yet)");
        return;
    }
    /* line starts, wrapping at spaces; the last `rows` lines are shown */
    size_t start[256];
    int nl = 0;
    for (size_t p = 0, end = strlen(text); p < end && nl < 256;) {
        start[nl++] = p;
        p += play_wrap(text + p, (size_t)width);
        if (text[p] == ' ') p++;
    }
    int first = nl > rows ? nl - rows : 0;
    for (int i = first; i < nl; i++) {
        size_t e = i + 1 < nl ? start[i + 1] : strlen(text);
        while (e > start[i] && text[e - 1] == ' ') e--;
        mvaddnstr(top + i - first, left, text + start[i], (int)(e - start[i]));
    }
}

/* How many bytes of s[pos..len) fit in `width` columns, as curses measures them (drawn into
 * a scratch pad); an emoji sequence (joiners, modifiers, variation selectors) stays whole. */
static size_t fit_bytes(tui *t, const char *s, size_t pos, size_t len, int width)
{
    werase(t->scratch);
    wmove(t->scratch, 0, 0);
    size_t end = pos;
    while (end < len) {
        size_t next = end + 1;
        while (next < len && ((unsigned char)s[next] & 0xC0) == 0x80) next++;
        if ((unsigned char)s[end] >= 0x80) {
            size_t used = 0;
            if (chc_covert_match(s + end, len - end, &used) >= 0 && used > 0) next = end + used;
        }
        waddnstr(t->scratch, s + end, (int)(next - end));
        if (getcurx(t->scratch) > width || getcury(t->scratch) > 0) break;
        end = next;
    }
    return end - pos;
}

/* Writes a code at (y, x) within `width` columns over at most `maxrows` rows (draw 0: only
 * counts them) and returns the rows used. Text with spaces (FEN) breaks at a space. ASCII
 * text too long for its rows shows "..." and its end (the part that changes with each move). */
static int draw_wrapped(tui *t, int y, int x, int width, int maxrows, const char *s, int draw)
{
    size_t len = strlen(s), pos = 0;
    int rows = 0, ascii = 1;
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)s[i] >= 0x80) ascii = 0;
    if (width < 8) return 1;
    while (pos < len && rows < maxrows) {
        size_t n = fit_bytes(t, s, pos, len, width);
        if (n == 0) break;
        size_t end = pos + n, next_pos = end;
        if (end < len && rows == maxrows - 1 && ascii) {
            size_t keep = (size_t)width - 3;
            if (draw) mvprintw(y + rows, x, "...%s", s + len - keep);
            return rows + 1;
        }
        if (end < len) {
            size_t sp = end;
            while (sp > pos && s[sp] != ' ') sp--;
            if (sp > pos) {
                end = sp;
                next_pos = sp + 1;
            }
        }
        if (draw) mvaddnstr(y + rows, x, s + pos, (int)(end - pos));
        pos = next_pos;
        rows++;
    }
    return rows ? rows : 1;
}

/* The title bar: who plays each side. */
static void draw_title(tui *t)
{
    char title[256], who[2][64];
    const play_limits *l = &t->opt->limits;
    for (int c = 0; c < 2; c++) {
        const char *name = chc_game_tag(t->g, c == CHC_WHITE ? "White" : "Black");
        if (!play_engine_plays(t->opt, c))
            snprintf(who[c], sizeof who[c], "%.60s", name && name[0] ? name : "player");
        else if (l->level < CHC_SKILL_MAX)
            snprintf(who[c], sizeof who[c], "engine (level %d)", l->level);
        else if (l->depth)
            snprintf(who[c], sizeof who[c], "engine (depth %d)", l->depth);
        else
            snprintf(who[c], sizeof who[c], "engine (%.3g s)",
                     (l->movetime_ms ? l->movetime_ms : 1000) / 1000.0);
    }
    snprintf(title, sizeof title, " chesscodec play   White: %s   Black: %s", who[0], who[1]);
    attr_t a = color(t, C_TITLE, A_REVERSE);
    attron(a);
    mvhline(0, 0, ' ', COLS);
    put_cut(0, 0, COLS, title);
    if (COLS >= (int)strlen(title) + 10) put_cut(0, COLS - 9, 9, "F1 help ");
    attroff(a);
}

/* Beside the board: the state, the last move, the engine, the move list. */
static void draw_panel(tui *t, const chc_game_status *st, int px, int pw)
{
    const chc_position *pos = chc_game_current(t->g);
    int y = 1;
    attr_t a = A_BOLD;
    if (st->check || st->over)
        a |= color(t, st->outcome == CHC_OUTCOME_CHECKMATE || st->check ? C_ERROR : C_GOOD, 0);
    put_attr(y++, px, pw, a, st->text);
    char line[256], mv[64];
    size_t cur = chc_game_cursor(t->g), len = chc_game_ply_count(t->g);
    chc_game_movetext(t->g, cur ? cur - 1 : 0, cur, 0, mv, sizeof mv, NULL);
    if (cur) snprintf(line, sizeof line, "Last move: %s", mv);
    else if (chc_fullmove_number(pos) > 1 || chc_side_to_move(pos) != CHC_WHITE)
        snprintf(line, sizeof line, "Game starts at move %d", chc_fullmove_number(pos));
    else snprintf(line, sizeof line, "New game");
    put_cut(y++, px, pw, line);
    a = 0;
    if (play_engine_busy(t->engine)) {
        snprintf(line, sizeof line, "Engine thinking... %s", t->engine_info);
        a = color(t, C_DIM, 0);
    } else if (t->engine_info[0]) {
        snprintf(line, sizeof line, "Engine: %s", t->engine_info);
    } else {
        snprintf(line, sizeof line, "Ply %zu of %zu%s", cur, len, cur < len ? " (redo available)" : "");
    }
    put_attr(y++, px, pw, a, line);
    put_attr(y++, px, pw, color(t, C_LABEL, 0), "Moves:");
    draw_moves(t, y, px, pw, 9 - y + 1);
}

/* The codes, from row 10 to the row above `bottom`. The move list beside the board already
 * shows the moves, and a code that repeats the first field of an earlier one (the FEN's
 * board) is left out; every other code gets a row, and the rows left over go first to codes
 * that cannot be cut (emoji), then in order. */
static void draw_codes(tui *t, int bottom)
{
    const play_codes *c = &t->codes;
    int y = 10, lw = 14, vw = COLS - lw - 1;
    int idx[PLAY_CODES_MAX], rows[PLAY_CODES_MAX], ns = 0, spare = bottom - y;
    for (int i = 0; i < c->n; i++) {
        const char *a = c->text[i], *sp = strchr(a, ' ');
        int dup = c->format[i] == CHC_FORMAT_SAN_LINE || c->format[i] == CHC_FORMAT_UCI_LINE;
        for (int k = 0; k < ns && !dup && sp; k++)
            dup = strncmp(a, c->text[idx[k]], (size_t)(sp - a)) == 0 && c->text[idx[k]][sp - a] == ' ';
        if (!dup) rows[ns] = 1, idx[ns++] = i, spare--;
    }
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < ns && spare > 0 && vw > 8; k++) {
            const char *text = c->text[idx[k]];
            if (pass != ((unsigned char)text[0] < 0x80)) continue;
            int need = draw_wrapped(t, 0, lw, vw, 8, text, 0);
            int more = need - rows[k] < spare ? need - rows[k] : spare;
            rows[k] += more, spare -= more;
        }
    for (int k = 0; k < ns && y < bottom && vw > 8; k++) {
        int i = idx[k];
        put_attr(y, 0, lw, color(t, C_LABEL, 0), c->label[i]);
        attr_t a = c->ok[i] ? 0 : A_DIM;
        attron(a);
        y += draw_wrapped(t, y, lw, vw, rows[k] < bottom - y ? rows[k] : bottom - y,
                          c->text[i][0] || !c->ok[i] ? c->text[i] : "(empty: no moves yet)", 1);
        attroff(a);
    }
}

/* The help, in a box over the screen. */
static void draw_help(void)
{
    int n = 0, w = 0;
    for (; play_help_lines[n]; n++)
        if ((int)strlen(play_help_lines[n]) > w) w = (int)strlen(play_help_lines[n]);
    int bw = w + 4 < COLS ? w + 4 : COLS, bh = n + 3 < LINES ? n + 3 : LINES;
    int bx = (COLS - bw) / 2, by = (LINES - bh) / 2;
    for (int r = 0; r < bh; r++) mvhline(by + r, bx, ' ', bw);
    put_attr(by, bx + 2, bw - 4, A_BOLD, "chesscodec play: help");
    for (int i = 0; i < n && i + 1 < bh - 1; i++)
        put_cut(by + 1 + i, bx + 2, bw - 4, play_help_lines[i]);
    put_attr(by + bh - 1, bx + 2, bw - 4, A_DIM, "(any key closes this)");
}

static void draw(tui *t)
{
    if (t->repaint) {
        clearok(curscr, TRUE);
        t->repaint = 0;
    }
    erase();
    chc_game_status st;
    chc_game_status_get(t->g, &st);
    if (!t->codes_valid) {
        play_codes_compute(t->g, &t->codes);
        t->codes_valid = 1;
    }
    int W = COLS, H = LINES;
    if (W < 30 || H < 12) {
        mvprintw(0, 0, "Terminal too small (%dx%d).", W, H);
        mvprintw(1, 0, "chesscodec play needs 80x24.");
        mvprintw(2, 0, "q + Enter quits.");
        move(H - 1 >= 3 ? 3 : H - 1, 0);
        refresh();
        return;
    }
    draw_title(t);
    draw_board(t, 1, 0);
    if (W - 30 >= 12) draw_panel(t, &st, 29, W - 30);
    draw_codes(t, H - 3); /* message, prompt and key rows below */
    if (t->msg[0])
        put_attr(H - 3, 0, W, color(t, t->msg_error ? C_ERROR : C_GOOD, t->msg_error ? A_BOLD : 0),
                 t->msg);
    put_attr(H - 1, 0, W, A_DIM,
             "<-/-> undo/redo  F1 help  F2 new  F3 flip  F4 load  F5 save  F6 go  F10 quit");
    const char *prompt = st.side == CHC_WHITE ? "White> " : "Black> ";
    put_attr(H - 2, 0, W, A_BOLD, prompt);
    int room = W - (int)strlen(prompt) - 1;
    const char *shown = t->input;
    if (room > 0 && (int)t->input_len > room) {
        shown = t->input + t->input_len - (size_t)room;
        while (*shown && ((unsigned char)*shown & 0xC0) == 0x80) shown++;
    }
    addstr(shown);
    if (t->show_help) draw_help();
    refresh();
}

static void state_changed(tui *t)
{
    t->codes_valid = 0;
    t->repaint = 1;
}

/* The engine's turn: it starts, thinks or plays. Returns 1 when the screen changed. */
static int engine_turn(tui *t)
{
    char san[CHC_SAN_MAX], info[160], m[64];
    int r = play_engine_turn(t->engine, t->g, t->opt, 0, san, info, sizeof info);
    if (r == PLAY_TURN_NONE || r == PLAY_TURN_NO_START) return 0;
    int changed = r != PLAY_TURN_THINKING || strcmp(info, t->engine_info) != 0;
    snprintf(t->engine_info, sizeof t->engine_info, "%s", info);
    if (r == PLAY_TURN_MOVED) {
        snprintf(m, sizeof m, "engine played %s", san);
        set_msg(t, 0, m);
        state_changed(t);
    }
    return changed;
}

static void run_line(tui *t, const char *line)
{
    char msg[512];
    /* anything but a view change stops a running search first */
    int view_only = !strcmp(line, "flip") || !strcmp(line, "f") || !strcmp(line, "help") ||
                    !strcmp(line, "?");
    if (!view_only && play_engine_busy(t->engine)) {
        play_engine_cancel(t->engine);
        t->engine_info[0] = 0;
    }
    int rc = play_command(t->g, t->opt, line, msg, sizeof msg);
    if (rc == PLAY_CMD_QUIT) {
        quit_signal = 2;
        return;
    }
    if (rc == PLAY_CMD_HELP) {
        t->show_help = 1;
        return;
    }
    set_msg(t, rc == PLAY_CMD_ERROR, msg);
    if (rc == PLAY_CMD_OK) {
        if (strncmp(msg, "played", 6) == 0 || !view_only) t->engine_info[0] = 0;
        state_changed(t);
    }
}

static void input_set(tui *t, const char *s)
{
    snprintf(t->input, sizeof t->input, "%s", s);
    t->input_len = strlen(t->input);
}

/* Keys that run a command, or (fill) put a command on the input line; the arrows only on an
 * empty input line. */
static const struct {
    int key;
    const char *line;
    int fill, empty_only;
} KEYS[] = {
    {KEY_LEFT, "undo", 0, 1}, {KEY_RIGHT, "redo", 0, 1}, {KEY_F(2), "new", 0, 0},
    {KEY_F(3), "flip", 0, 0}, {KEY_F(4), "load ", 1, 0}, {KEY_F(5), "save game.pgn", 1, 0},
    {KEY_F(6), "go", 0, 0},
};

/* A key of the table above, or a key that acts on the screen. Returns 0 for any other key. */
static int key_command(tui *t, int ch)
{
    for (size_t i = 0; i < sizeof KEYS / sizeof KEYS[0]; i++) {
        if (ch != KEYS[i].key) continue;
        if (KEYS[i].fill) input_set(t, KEYS[i].line);
        else if (!KEYS[i].empty_only || t->input_len == 0) run_line(t, KEYS[i].line);
        return 1;
    }
    if (ch == 3 || ch == KEY_F(10) || (ch == 4 && t->input_len == 0)) /* Ctrl-C, F10, Ctrl-D */
        quit_signal = 2;
    else if (ch == KEY_RESIZE || ch == 12) /* Ctrl-L */
        t->repaint = 1;
    else if (ch == KEY_F(1))
        t->show_help = 1;
    else
        return 0;
    return 1;
}

/* Enter runs the input line; Escape and Ctrl-U clear it; Backspace takes back a character. */
static void edit_input(tui *t, int ch)
{
    char line[INPUT_MAX];
    if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
        snprintf(line, sizeof line, "%s", t->input);
        input_set(t, "");
        run_line(t, line);
    } else if (ch == 27 || ch == 21) {
        input_set(t, "");
    } else if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
        while (t->input_len > 0 && ((unsigned char)t->input[--t->input_len] & 0xC0) == 0x80) {
        }
        t->input[t->input_len] = 0;
    } else if (ch >= 32 && ch < 256 && t->input_len + 1 < sizeof t->input) {
        t->input[t->input_len++] = (char)ch;
        t->input[t->input_len] = 0;
    }
}

int play_tui_run(chc_game *g, const play_options *opt_in)
{
    tui t;
    memset(&t, 0, sizeof t);
    play_options opt = *opt_in;
    t.g = g;
    t.opt = &opt;
    t.engine = play_engine_new();
    setlocale(LC_ALL, "");
    set_escdelay(25);
    if (!initscr()) return 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGINT, &sa, NULL); /* raw mode reads Ctrl-C as a key; this is for kill -INT */
    raw();
    noecho();
    keypad(stdscr, TRUE);
    timeout(50);
    t.scratch = newpad(2, 1024);
    init_colors(&t);
    set_msg(&t, 0, "Type a move (e4, Nf3, e2e4) and Enter. F1 or ? for help.");
    state_changed(&t);
    int dirty = 1;
    while (!quit_signal) {
        if (engine_turn(&t)) dirty = 1;
        if (dirty) {
            draw(&t);
            dirty = 0;
        }
        int ch = getch();
        if (ch == ERR) continue;
        dirty = 1;
        if (t.show_help && ch != KEY_RESIZE) {
            t.show_help = 0;
            continue;
        }
        if (!key_command(&t, ch)) edit_input(&t, ch);
    }
    play_engine_free(t.engine);
    if (t.scratch) delwin(t.scratch);
    endwin();
    return 0;
}

#else /* built without curses */
int play_tui_run(chc_game *g, const play_options *opt)
{
    return PLAY_NO_SCREEN;
}
#endif
