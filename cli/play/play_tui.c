/* `chesscodec play`: the full-screen game (ncurses). The board, the game state, the move list
 * and every code of the current position, redrawn after each move; the engine thinks in its
 * own thread while this loop polls the keyboard and the search every 50 ms. */
#include "play_game.h"

#ifdef CHC_HAVE_CURSES
#include <curses.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#define INPUT_MAX 2048

enum { C_LIGHT = 1, C_DARK, C_LIGHT_W, C_DARK_W, C_LAST_L, C_LAST_D, C_LAST_LW, C_LAST_DW,
       C_CHECK, C_CHECK_W, C_TITLE, C_ERROR, C_LABEL, C_GOOD, C_DIM };

typedef struct tui {
    play_game *g;
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
    (void)sig;
    quit_signal = 1;
}

int play_tui_available(void)
{
    return 1;
}

static int engine_plays(const play_options *opt, int side)
{
    return opt->engine_side == 2 || opt->engine_side == side;
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
    short light, dark, last_l, last_d, check, white_fg, black_fg;
    if (t->colors == 256) {
        light = 180; dark = 137; last_l = 186; last_d = 143; check = 167;
        white_fg = 231; black_fg = 16;
    } else {
        light = COLOR_YELLOW; dark = COLOR_GREEN; last_l = COLOR_CYAN; last_d = COLOR_CYAN;
        check = COLOR_RED; white_fg = COLOR_WHITE; black_fg = COLOR_BLACK;
    }
    init_pair(C_LIGHT, black_fg, light);
    init_pair(C_DARK, black_fg, dark);
    init_pair(C_LIGHT_W, white_fg, light);
    init_pair(C_DARK_W, white_fg, dark);
    init_pair(C_LAST_L, black_fg, last_l);
    init_pair(C_LAST_D, black_fg, last_d);
    init_pair(C_LAST_LW, white_fg, last_l);
    init_pair(C_LAST_DW, white_fg, last_d);
    init_pair(C_CHECK, black_fg, check);
    init_pair(C_CHECK_W, white_fg, check);
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

static void draw_board(tui *t, int top, int left)
{
    const chc_position *pos = play_game_pos(t->g);
    chc_move last = play_game_last_move(t->g);
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
    int check_sq = chc_in_check(pos) ? pos->king_sq[pos->side] : -1;
    int flip = t->opt->flip, ascii = t->opt->ascii;
    for (int row = 0; row < 8; row++) {
        int rank = flip ? row : 7 - row;
        if (top + row >= LINES) break;
        mvprintw(top + row, left, " %d ", rank + 1);
        for (int col = 0; col < 8; col++) {
            int file = flip ? 7 - col : col;
            int sq = CHC_SQUARE(file, rank);
            int piece = pos->board[sq];
            int light = (file + rank) % 2 == 1;
            int white = piece && CHC_PIECE_COLOR(piece) == CHC_WHITE;
            const char *glyph = piece ? play_piece_glyph(piece, ascii) : " ";
            if (t->colors) {
                int pair;
                if (sq == check_sq) pair = white ? C_CHECK_W : C_CHECK;
                else if (sq == lf || sq == lt)
                    pair = light ? (white ? C_LAST_LW : C_LAST_L) : (white ? C_LAST_DW : C_LAST_D);
                else pair = light ? (white ? C_LIGHT_W : C_LIGHT) : (white ? C_DARK_W : C_DARK);
                attr_t a = COLOR_PAIR(pair);
                if (white) a |= A_BOLD;
                attron(a);
                mvaddstr(top + row, left + 3 + col * 3, " ");
                addstr(glyph);
                addstr(" ");
                attroff(a);
            } else {
                int mark = sq == lf || sq == lt || sq == check_sq;
                if (!piece) glyph = play_piece_glyph(CHC_NO_PIECE, ascii);
                mvaddstr(top + row, left + 3 + col * 3, mark ? (sq == check_sq ? "(" : "[") : " ");
                addstr(glyph);
                addstr(mark ? (sq == check_sq ? ")" : "]") : " ");
            }
        }
    }
    if (top + 8 < LINES) {
        move(top + 8, left + 3);
        for (int col = 0; col < 8; col++) printw(" %c ", 'a' + (flip ? 7 - col : col));
    }
}

/* The move list, wrapped to `width`, keeping the last `rows` lines. */
static void draw_moves(tui *t, int top, int left, int width, int rows)
{
    if (rows <= 0 || width < 8) return;
    play_game *g = t->g;
    /* build the lines from the end backwards: one move pair per item */
    char lines[64][128];
    int n = 0;
    char cur[128] = "";
    size_t cl = 0;
    for (int i = 0; i < g->len; i++) {
        char mv[PLAY_MOVE_TEXT_MAX], item[48];
        const chc_position *p = &g->pos[i];
        play_move_text(p, g->moves[i], mv);
        if (p->side == CHC_WHITE)
            snprintf(item, sizeof item, "%u.%s", (unsigned)p->fullmove, mv);
        else if (i == 0)
            snprintf(item, sizeof item, "%u...%s", (unsigned)p->fullmove, mv);
        else
            snprintf(item, sizeof item, "%s", mv);
        if (i == g->cur) {
            /* the redoable moves: marked with a bar */
            char tmp[64];
            snprintf(tmp, sizeof tmp, "| %.40s", item);
            snprintf(item, sizeof item, "%.46s", tmp);
        }
        size_t il = strlen(item);
        if (cl && cl + 1 + il > (size_t)width) {
            if (n == 64) {
                memmove(lines[0], lines[1], sizeof lines[0] * 63);
                n = 63;
            }
            snprintf(lines[n++], sizeof lines[0], "%s", cur);
            cl = 0;
            cur[0] = 0;
        }
        cl += (size_t)snprintf(cur + cl, sizeof cur - cl, "%s%s", cl ? " " : "", item);
        if (cl >= sizeof cur) cl = sizeof cur - 1;
    }
    if (cl) {
        if (n == 64) {
            memmove(lines[0], lines[1], sizeof lines[0] * 63);
            n = 63;
        }
        snprintf(lines[n++], sizeof lines[0], "%s", cur);
    }
    if (n == 0) {
        attron(A_DIM);
        put_cut(top, left, width, "(no moves yet)");
        attroff(A_DIM);
        return;
    }
    int first = n > rows ? n - rows : 0;
    for (int i = first; i < n; i++) put_cut(top + i - first, left, width, lines[i]);
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

/* Writes a code at (y, x) within `width` columns over at most `maxrows` rows and returns the
 * rows used. Text with spaces (FEN) breaks at a space. ASCII text too long for its rows
 * shows "..." and its end (the part that changes with each move). */
static int draw_wrapped(tui *t, int y, int x, int width, int maxrows, const char *s)
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
            mvaddstr(y + rows, x, "...");
            addnstr(s + len - keep, (int)keep);
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
        mvaddnstr(y + rows, x, s + pos, (int)(end - pos));
        pos = next_pos;
        rows++;
    }
    return rows ? rows : 1;
}

static void draw(tui *t)
{
    if (t->repaint) {
        clearok(curscr, TRUE);
        t->repaint = 0;
    }
    erase();
    const chc_position *pos = play_game_pos(t->g);
    play_status st;
    play_game_status(t->g, &st);
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

    /* title bar */
    char title[256];
    char who[2][64];
    for (int c = 0; c < 2; c++) {
        const char *name = c == CHC_WHITE ? t->g->white : t->g->black;
        if (engine_plays(t->opt, c)) {
            if (t->opt->limits.depth)
                snprintf(who[c], sizeof who[c], "engine (depth %d)", t->opt->limits.depth);
            else
                snprintf(who[c], sizeof who[c], "engine (%.3g s)",
                         (t->opt->limits.movetime_ms ? t->opt->limits.movetime_ms : 1000) / 1000.0);
        } else {
            snprintf(who[c], sizeof who[c], "%s", name[0] ? name : "player");
        }
    }
    snprintf(title, sizeof title, " chesscodec play   White: %s   Black: %s", who[0], who[1]);
    if (t->colors) attron(COLOR_PAIR(C_TITLE));
    else attron(A_REVERSE);
    mvhline(0, 0, ' ', W);
    put_cut(0, 0, W, title);
    if (W >= (int)strlen(title) + 10) put_cut(0, W - 9, 9, "F1 help ");
    if (t->colors) attroff(COLOR_PAIR(C_TITLE));
    else attroff(A_REVERSE);

    /* board and side panel */
    draw_board(t, 1, 0);
    int px = 29, pw = W - px - 1;
    if (pw >= 12) {
        int y = 1;
        attr_t a = A_BOLD;
        if (t->colors && (st.check || st.over)) a |= COLOR_PAIR(st.mate || st.check ? C_ERROR : C_GOOD);
        attron(a);
        put_cut(y++, px, pw, st.text);
        attroff(a);
        char line[256];
        chc_move last = play_game_last_move(t->g);
        if (last) {
            char mv[PLAY_MOVE_TEXT_MAX];
            const chc_position *before = &t->g->pos[t->g->cur - 1];
            play_move_text(before, last, mv);
            snprintf(line, sizeof line, "Last move: %u%s %s", (unsigned)before->fullmove,
                     before->side == CHC_WHITE ? "." : "...", mv);
        } else {
            if (pos->fullmove > 1 || pos->side != CHC_WHITE)
                snprintf(line, sizeof line, "Game starts at move %u", (unsigned)pos->fullmove);
            else
                snprintf(line, sizeof line, "New game");
        }
        put_cut(y++, px, pw, line);
        if (play_engine_busy(t->engine)) {
            snprintf(line, sizeof line, "Engine thinking... %s", t->engine_info);
            if (t->colors) attron(COLOR_PAIR(C_DIM));
            put_cut(y++, px, pw, line);
            if (t->colors) attroff(COLOR_PAIR(C_DIM));
        } else if (t->engine_info[0]) {
            snprintf(line, sizeof line, "Engine: %s", t->engine_info);
            put_cut(y++, px, pw, line);
        } else {
            snprintf(line, sizeof line, "Ply %d of %d%s", t->g->cur, t->g->len,
                     t->g->cur < t->g->len ? " (redo available)" : "");
            put_cut(y++, px, pw, line);
        }
        if (t->colors) attron(COLOR_PAIR(C_LABEL));
        put_cut(y++, px, pw, "Moves:");
        if (t->colors) attroff(COLOR_PAIR(C_LABEL));
        draw_moves(t, y, px, pw, 9 - y + 1);
    }

    /* codes */
    int y = 10;
    int bottom = H - 3; /* message, prompt and key rows below */
    int lw = 10, vw = W - lw - 1;
    static const int order[] = {PLAY_CODE_FEN,      PLAY_CODE_KEY,      PLAY_CODE_COVERT,
                                PLAY_CODE_MSCS_B64, PLAY_CODE_MSCS_HEX, PLAY_CODE_URLSAFE,
                                PLAY_CODE_PACK_POS, PLAY_CODE_PACK_GAME};
    for (size_t i = 0; i < sizeof order / sizeof order[0] && y < bottom && vw > 8; i++) {
        int id = order[i];
        if (t->colors) attron(COLOR_PAIR(C_LABEL));
        put_cut(y, 0, lw, play_code_label(id));
        if (t->colors) attroff(COLOR_PAIR(C_LABEL));
        /* a taller terminal gives the growing game codes more rows */
        int extra = H > 24 ? (H - 24) / 2 : 0;
        int maxrows = id == PLAY_CODE_COVERT ? 3
                      : id == PLAY_CODE_FEN ? 2
                      : id == PLAY_CODE_URLSAFE ? 2 + extra
                      : id == PLAY_CODE_PACK_GAME ? 1 + extra : 1;
        if (y + maxrows > bottom) maxrows = bottom - y;
        if (!t->codes.ok[id]) attron(A_DIM);
        y += draw_wrapped(t, y, lw, vw, maxrows, t->codes.text[id][0] || !t->codes.ok[id]
                                                     ? t->codes.text[id]
                                                     : "(empty: no moves yet)");
        if (!t->codes.ok[id]) attroff(A_DIM);
    }

    /* message, prompt, keys */
    if (t->msg[0]) {
        attr_t a = t->colors ? COLOR_PAIR(t->msg_error ? C_ERROR : C_GOOD) : (t->msg_error ? A_BOLD : 0);
        attron(a);
        put_cut(H - 3, 0, W, t->msg);
        attroff(a);
    }
    const char *keys = "<-/-> undo/redo  F1 help  F2 new  F3 flip  F4 load  F5 save  F6 go  F10 quit";
    attron(A_DIM);
    put_cut(H - 1, 0, W, keys);
    attroff(A_DIM);
    char prompt[32];
    snprintf(prompt, sizeof prompt, "%s> ", pos->side == CHC_WHITE ? "White" : "Black");
    attron(A_BOLD);
    put_cut(H - 2, 0, W, prompt);
    attroff(A_BOLD);
    int room = W - (int)strlen(prompt) - 1;
    const char *shown = t->input;
    if (room > 0 && (int)t->input_len > room) {
        shown = t->input + t->input_len - (size_t)room;
        while (*shown && ((unsigned char)*shown & 0xC0) == 0x80) shown++;
    }
    addstr(shown);

    if (t->show_help) {
        int n = 0, w = 0;
        while (play_help_lines[n]) {
            int l = (int)strlen(play_help_lines[n]);
            if (l > w) w = l;
            n++;
        }
        int bw = w + 4 < W ? w + 4 : W, bh = n + 3 < H ? n + 3 : H;
        int bx = (W - bw) / 2, by = (H - bh) / 2;
        for (int r = 0; r < bh; r++) mvhline(by + r, bx, ' ', bw);
        attron(A_BOLD);
        put_cut(by, bx + 2, bw - 4, "chesscodec play: help");
        attroff(A_BOLD);
        for (int i = 0; i < n && i + 1 < bh - 1; i++) put_cut(by + 1 + i, bx + 2, bw - 4, play_help_lines[i]);
        attron(A_DIM);
        put_cut(by + bh - 1, bx + 2, bw - 4, "(any key closes this)");
        attroff(A_DIM);
    }
    refresh();
}

static void state_changed(tui *t)
{
    t->codes_valid = 0;
    t->repaint = 1;
}

/* Starts the engine when it is its turn. */
static void maybe_start_engine(tui *t)
{
    if (!t->engine || play_engine_busy(t->engine)) return;
    play_status st;
    play_game_status(t->g, &st);
    if (st.over || !engine_plays(t->opt, play_game_pos(t->g)->side)) return;
    if (play_engine_start(t->engine, t->g, &t->opt->limits) == CHC_OK)
        snprintf(t->engine_info, sizeof t->engine_info, "started");
}

static void poll_engine(tui *t)
{
    if (!play_engine_busy(t->engine)) return;
    chc_move best;
    char info[160];
    if (play_engine_poll(t->engine, &best, info, sizeof info)) {
        if (best != CHC_MOVE_NONE && chc_is_legal(play_game_pos(t->g), best)) {
            char mv[PLAY_MOVE_TEXT_MAX], m[256];
            play_move_text(play_game_pos(t->g), best, mv);
            play_game_push(t->g, best);
            snprintf(m, sizeof m, "engine played %s", mv);
            set_msg(t, 0, m);
            state_changed(t);
        }
        snprintf(t->engine_info, sizeof t->engine_info, "%s", info);
    } else if (strcmp(info, t->engine_info) != 0) {
        snprintf(t->engine_info, sizeof t->engine_info, "%s", info);
    }
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

int play_tui_run(play_game *g, const play_options *opt_in)
{
    tui t;
    memset(&t, 0, sizeof t);
    play_options opt = *opt_in;
    t.g = g;
    t.opt = &opt;
    if (play_engine_available()) t.engine = play_engine_new();
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
        maybe_start_engine(&t);
        if (dirty) {
            draw(&t);
            dirty = 0;
        }
        int ch = getch();
        if (play_engine_busy(t.engine)) {
            char before[160];
            snprintf(before, sizeof before, "%s", t.engine_info);
            poll_engine(&t);
            if (!play_engine_busy(t.engine) || strcmp(before, t.engine_info) != 0) dirty = 1;
        }
        if (ch == ERR) continue;
        dirty = 1;
        if (t.show_help && ch != KEY_RESIZE) {
            t.show_help = 0;
            continue;
        }
        switch (ch) {
        case KEY_RESIZE:
            t.repaint = 1;
            break;
        case 3:         /* Ctrl-C */
        case KEY_F(10):
            quit_signal = 2;
            break;
        case 4:         /* Ctrl-D on an empty line */
            if (t.input_len == 0) quit_signal = 2;
            break;
        case 12:        /* Ctrl-L */
            t.repaint = 1;
            break;
        case '\n':
        case '\r':
        case KEY_ENTER: {
            char line[INPUT_MAX];
            snprintf(line, sizeof line, "%s", t.input);
            input_set(&t, "");
            run_line(&t, line);
            break;
        }
        case 27:        /* Escape */
        case 21:        /* Ctrl-U */
            input_set(&t, "");
            break;
        case KEY_BACKSPACE:
        case 127:
        case 8:
            while (t.input_len > 0) {
                unsigned char c = (unsigned char)t.input[--t.input_len];
                if ((c & 0xC0) != 0x80) break;
            }
            t.input[t.input_len] = 0;
            break;
        case KEY_LEFT:
            if (t.input_len == 0) run_line(&t, "undo");
            break;
        case KEY_RIGHT:
            if (t.input_len == 0) run_line(&t, "redo");
            break;
        case KEY_F(1):
            t.show_help = 1;
            break;
        case KEY_F(2):
            run_line(&t, "new");
            break;
        case KEY_F(3):
            run_line(&t, "flip");
            break;
        case KEY_F(4):
            input_set(&t, "load ");
            break;
        case KEY_F(5):
            input_set(&t, "save game.pgn");
            break;
        case KEY_F(6):
            run_line(&t, "go");
            break;
        default:
            if (ch >= 32 && ch < 256 && ch != 127 && t.input_len + 1 < sizeof t.input) {
                t.input[t.input_len++] = (char)ch;
                t.input[t.input_len] = 0;
            }
            break;
        }
    }
    play_engine_free(t.engine);
    if (t.scratch) delwin(t.scratch);
    endwin();
    return 0;
}

#else /* built without curses */
int play_tui_available(void)
{
    return 0;
}

int play_tui_run(play_game *g, const play_options *opt)
{
    (void)g;
    (void)opt;
    return 2;
}
#endif
