/* The covert chess bot's answers: one chat message in, the reply text out (chc_bot_answer,
 * include/chesscodec.h). No I/O and no state: `chesscodec bot` (cli/bot/) does the transport.
 * Every answer is made of the public codec, format and play functions. */
#include <stdio.h>
#include <string.h>

#include "chesscodec.h"
#include "common/sink.h"

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

/* Trims ASCII white space around s[0..*len); returns the new start. */
static const char *trim(const char *s, size_t *len)
{
    while (*len && is_space(*s)) s++, (*len)--;
    while (*len && is_space(s[*len - 1])) (*len)--;
    return s;
}

/* The text of an error: the diag's message, else the error's description. */
static const char *why(int rc, const chc_diag *d) { return d->message[0] ? d->message : chc_strerror(rc); }

static const char help_text[] =
    "Covert chess: play by sending positions as 25 emoji, hidden in ordinary messages if you like.\n"
    "/startgame - the start position: FEN, code and links\n"
    "/encode FEN - the emoji code of a position\n"
    "/decode CODE - the position of a code (also a mixed message)\n"
    "/resign CODE - the code with the white flag (you resign)\n"
    "/mix CODE message=TEXT - hide the code among the words of TEXT\n"
    "/extract MESSAGE - the code out of a mixed message\n"
    "/move CODE - a link to an analysis board; /move CODE e4 - play e4, get the new code\n"
    "/edit CODE - a link to a board editor\n"
    "/emoji EMOJI - what an emoji means at each place of a code\n"
    "/help - this list\n"
    "Send one emoji alone to learn its index, name, group and escape sequence; send a message "
    "holding a code to decode it.";

/* Reads a position in any format (a covert code also inside a message). */
static int read_pos(const char *s, size_t n, chc_position *pos, chc_read_info *info, chc_diag *d)
{
    info->format = info->version = 0, info->flags = 0, info->offset = 0;
    chc_diag_init(d);
    return chc_position_read(s, n, CHC_FORMAT_AUTO, pos, info, d);
}

/* "Could not read a position: ..." and what to send. */
static void bad_pos(chci_sink *o, int rc, const chc_diag *d, const char *usage)
{
    if (rc == CHC_E_EMPTY) chci_putf(o, "Send %s.", usage);
    else chci_putf(o, "I could not read a position: %s.\nSend %s.", why(rc, d), usage);
}

/* The covert code of pos (with the white flag when resigned); 0, or writes why not. */
static int put_code(chci_sink *o, const chc_position *pos, int resigned)
{
    char code[CHC_COVERT_MAX];
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_covert_write(pos, resigned ? CHC_COVERT_RESIGNED : 0, code, sizeof code, NULL, &d);
    if (rc) {
        chci_putf(o, "This position has no covert code: %s.", why(rc, &d));
        return -1;
    }
    chci_puts(o, code);
    return 0;
}

static void put_fen(chci_sink *o, const chc_position *pos)
{
    char fen[CHC_FEN_MAX];
    chc_position_to_fen(pos, fen, sizeof fen, 0);
    chci_putf(o, "FEN: %s", fen);
}

/* "Analysis: URL" (or Editor, Page) on a line of its own. */
static void put_link(chci_sink *o, const chc_position *pos, int kind, const char *base)
{
    char url[CHC_LINK_MAX(512)];
    if (kind == CHC_LINK_PAGE && (!base || strlen(base) > 512)) return;
    if (chc_position_link(pos, kind, base, url, sizeof url, NULL, NULL) == CHC_OK)
        chci_putf(o, "\n%s: %s", kind == CHC_LINK_PAGE ? "Page" : kind ? "Editor" : "Analysis", url);
}

static void put_links(chci_sink *o, const chc_position *pos, const char *base)
{
    put_link(o, pos, CHC_LINK_LICHESS_ANALYSIS, NULL);
    put_link(o, pos, CHC_LINK_LICHESS_EDITOR, NULL);
    put_link(o, pos, CHC_LINK_PAGE, base);
}

/* Who is to move, or why the game is over. */
static void put_state(chci_sink *o, const chc_position *pos, int resigned)
{
    char over[CHC_OVER_TEXT_MAX];
    if (chc_position_over(pos, resigned ? CHC_PLAY_RESIGNED : 0, over, sizeof over))
        chci_putf(o, "Game over: %s.", over);
    else
        chci_puts(o, pos->side == CHC_BLACK ? "Black to move." : "White to move.");
}

static void want_picture(chc_bot_reply *r, const chc_position *pos)
{
    r->picture = 1;
    r->position = *pos;
    r->flip = pos->side == CHC_BLACK;
}

static void answer_start(chci_sink *o, chc_bot_reply *r, const char *base)
{
    chc_position pos;
    chc_position_startpos(&pos);
    chci_puts(o, "New game. Send this code to your opponent:\n");
    put_code(o, &pos, 0);
    chci_puts(o, "\n");
    put_fen(o, &pos);
    put_links(o, &pos, base);
    want_picture(r, &pos);
    r->ok = 1;
}

static void answer_encode(chci_sink *o, chc_bot_reply *r, const char *s, size_t n)
{
    chc_position pos;
    chc_read_info info;
    chc_diag d;
    int rc = read_pos(s, n, &pos, &info, &d);
    if (rc) return bad_pos(o, rc, &d, "/encode FEN, e.g. /encode rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    if (put_code(o, &pos, info.flags & CHC_READ_RESIGNED)) return;
    want_picture(r, &pos);
    r->ok = 1;
}

static void answer_decode(chci_sink *o, chc_bot_reply *r, const chc_position *pos, unsigned flags,
                          const char *base)
{
    int resigned = (flags & CHC_READ_RESIGNED) != 0;
    put_fen(o, pos);
    chci_puts(o, "\n");
    put_state(o, pos, resigned);
    if (flags & CHC_READ_MIXED) chci_puts(o, "\n(the code was mixed among the words of a message)");
    put_links(o, pos, base);
    want_picture(r, pos);
    r->ok = 1;
}

static void answer_decode_text(chci_sink *o, chc_bot_reply *r, const char *s, size_t n, const char *base)
{
    chc_position pos;
    chc_read_info info;
    chc_diag d;
    int rc = read_pos(s, n, &pos, &info, &d);
    if (rc) return bad_pos(o, rc, &d, "/decode followed by a code or a message holding one");
    answer_decode(o, r, &pos, info.flags, base);
}

static void answer_resign(chci_sink *o, chc_bot_reply *r, const char *s, size_t n)
{
    chc_position pos;
    chc_read_info info;
    chc_diag d;
    int rc = read_pos(s, n, &pos, &info, &d);
    if (rc) return bad_pos(o, rc, &d, "/resign followed by a code, a mixed message or a FEN");
    if (put_code(o, &pos, 1)) return;
    chci_puts(o, "\nThe white flag at the end says: I resign.");
    r->ok = 1;
}

/* Finds needle in s[0..n); returns its offset or n. */
static size_t find(const char *s, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (size_t i = 0; i + k <= n; i++)
        if (memcmp(s + i, needle, k) == 0) return i;
    return n;
}

#define BOT_MIX_MAX 3000 /* longest cover message: the reply stays under Telegram's 4096 */

static void answer_mix(chci_sink *o, chc_bot_reply *r, const char *s, size_t n)
{
    static const char usage[] = "/mix CODE message=YOUR TEXT, e.g. /mix CODE message=see you at eight";
    size_t at = find(s, n, "message=");
    if (at == n) return (void)chci_putf(o, "Send %s.", usage);
    size_t code_len = at, msg_len = n - at - 8;
    const char *code = trim(s, &code_len), *msg = trim(s + at + 8, &msg_len);
    if (!msg_len) return (void)chci_putf(o, "The message is empty. Send %s.", usage);
    if (msg_len > BOT_MIX_MAX)
        return (void)chci_putf(o, "The message is too long to carry a code (%zu bytes; up to %d, so that the "
                             "reply fits in one chat message).", msg_len, BOT_MIX_MAX);
    chc_position pos;
    chc_read_info info;
    chc_diag d;
    int rc = read_pos(code, code_len, &pos, &info, &d);
    if (rc) return bad_pos(o, rc, &d, usage);
    char mixed[CHC_COVERT_MIX_MAX(CHC_BOT_MESSAGE_MAX)];
    chc_diag_init(&d);
    rc = chc_covert_mix_position(msg, msg_len, &pos, info.flags & CHC_READ_RESIGNED ? CHC_COVERT_RESIGNED : 0,
                                 mixed, sizeof mixed, NULL, &d);
    if (rc == CHC_E_COVERT_MESSAGE)
        return (void)chci_putf(o, "The message cannot carry a code: %s. Leave the emoji out of it.", why(rc, &d));
    if (rc) return (void)chci_putf(o, "This position cannot be mixed: %s.", why(rc, &d));
    chci_puts(o, mixed);
    r->ok = 1;
}

static void answer_extract(chci_sink *o, chc_bot_reply *r, const char *s, size_t n)
{
    chc_position pos;
    chc_diag d = CHC_DIAG_INIT;
    chc_covert_span span;
    if (!n) return (void)chci_puts(o, "Send /extract followed by a mixed message.");
    int rc = chc_covert_find(s, n, &pos, &span, &d);
    if (rc) return (void)chci_putf(o, "I found no code in that message: %s.", why(rc, &d));
    put_code(o, &pos, (span.flags & CHC_READ_RESIGNED) != 0);
    r->ok = 1;
}

/* A word that may be a move (SAN or UCI): "e4", "Nxf3+", "e7e8q", "O-O"; never a FEN field
 * or an ordinary word. */
static int looks_like_move(const char *w, size_t n)
{
    static const char chars[] = "abcdefghNBRQKOo0x12345678=+#-!?qrnb";
    int square = 0;
    if (n < 2 || n > 8) return 0;
    for (size_t i = 0; i < n; i++) {
        if (!strchr(chars, w[i]) || !w[i]) return 0;
        if (i && w[i - 1] >= 'a' && w[i - 1] <= 'h' && w[i] >= '1' && w[i] <= '8') square = 1;
    }
    return square || w[0] == 'O' || w[0] == '0';
}

#define BOT_MOVES_MAX 16

static void answer_move(chci_sink *o, chc_bot_reply *r, const char *s, size_t n, const char *base)
{
    static const char usage[] = "/move CODE for an analysis board, or /move CODE MOVE to play it (e.g. /move CODE e4)";
    /* The moves are the trailing words that look like moves: the longest such tail whose
     * front reads as a position. */
    size_t start[BOT_MOVES_MAX + 1], end[BOT_MOVES_MAX + 1], k = 0, e = n;
    while (k < BOT_MOVES_MAX) {
        size_t b = e;
        while (b && !is_space(s[b - 1])) b--;
        if (b == 0 || !looks_like_move(s + b, e - b)) break;
        start[k] = b, end[k] = e, k++;
        e = b;
        while (e && is_space(s[e - 1])) e--;
    }
    chc_position pos;
    chc_read_info info;
    chc_diag d;
    int rc = CHC_E_EMPTY;
    size_t moves = k + 1;
    while (moves-- > 0) {
        size_t front = moves ? start[moves - 1] : n;
        if ((rc = read_pos(s, front, &pos, &info, &d)) == CHC_OK) break;
        if (!moves) break;
    }
    if (rc) return bad_pos(o, rc, &d, usage);
    int resigned = (info.flags & CHC_READ_RESIGNED) != 0;
    if (!moves) {
        chci_puts(o, "Make your move on the board, then send /move CODE MOVE.");
        put_link(o, &pos, CHC_LINK_LICHESS_ANALYSIS, NULL);
        put_link(o, &pos, CHC_LINK_PAGE, base);
        r->ok = 1;
        return;
    }
    int outcome = 0;
    for (size_t i = moves; i-- > 0;) {
        chc_diag_init(&d);
        rc = chc_position_play(&pos, resigned ? CHC_PLAY_RESIGNED : 0, s + start[i], end[i] - start[i], NULL, &outcome, &d);
        if (rc == CHC_E_GAME_OVER) return (void)chci_putf(o, "No move can be played: %s.", why(rc, &d));
        if (rc) return (void)chci_putf(o, "Move '%.*s': %s.", (int)(end[i] - start[i]), s + start[i], why(rc, &d));
    }
    if (put_code(o, &pos, 0)) return;
    chci_puts(o, "\n");
    put_state(o, &pos, 0);
    if (outcome == CHC_OUTCOME_FIFTY) chci_puts(o, " Fifty moves without a capture or a pawn move: a draw may be claimed.");
    want_picture(r, &pos);
    r->ok = 1;
}

static void answer_edit(chci_sink *o, chc_bot_reply *r, const char *s, size_t n)
{
    chc_position pos;
    chc_read_info info;
    chc_diag d;
    int rc = read_pos(s, n, &pos, &info, &d);
    if (rc) return bad_pos(o, rc, &d, "/edit followed by a code");
    chci_puts(o, "Set up the position in the editor:");
    put_link(o, &pos, CHC_LINK_LICHESS_EDITOR, NULL);
    r->ok = 1;
}

/* Index, name, group, subgroup and escape sequence of one emoji. */
static void answer_emoji_info(chci_sink *o, chc_bot_reply *r, int index)
{
    chc_emoji_info e;
    chc_covert_emoji_info(index, &e);
    chci_putf(o, "%s %s\nindex: %d\ngroup: %s\nsubgroup: %s\nescape: ", e.text, e.name, e.index, e.group, e.subgroup);
    for (size_t i = 0; i < e.cp_count; i++)
        e.cp[i] > 0xFFFF ? chci_putf(o, "\\U%08X", (unsigned)e.cp[i]) : chci_putf(o, "\\u%04X", (unsigned)e.cp[i]);
    r->ok = 1;
}

static void answer_emoji_places(chci_sink *o, chc_bot_reply *r, const char *s, size_t n)
{
    char text[CHC_COVERT_EMOJI_TEXT_MAX];
    int index = n ? chc_covert_emoji_lookup(s, n) : -1;
    if (index < 0 || chc_covert_emoji_text(index, text, sizeof text, NULL) != CHC_OK)
        return (void)chci_puts(o, "Send /emoji followed by one emoji (of Emoji 12.1) or a list index 0..3177.");
    size_t len = strlen(text);
    chci_put(o, text, len && text[len - 1] == '\n' ? len - 1 : len);
    r->ok = 1;
}

/* A message that is no command: one emoji alone, a code, or nothing the bot reads. */
static void answer_plain(chci_sink *o, chc_bot_reply *r, const char *s, size_t n, const char *base)
{
    int index = (unsigned char)s[0] >= 0x80 ? chc_covert_emoji_lookup(s, n) : -1;
    if (index >= 0) {
        r->command = CHC_BOT_EMOJI;
        return answer_emoji_info(o, r, index);
    }
    chc_position pos;
    chc_covert_span span;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_covert_find(s, n, &pos, &span, &d);
    if (rc == CHC_OK) {
        r->command = CHC_BOT_DECODE;
        return answer_decode(o, r, &pos, span.flags, base);
    }
    if (rc != CHC_E_COVERT_LENGTH && rc != CHC_E_COVERT_SCHEME) {
        r->command = CHC_BOT_DECODE;
        return (void)chci_putf(o, "That looks like a code, but I cannot read it: %s.", why(rc, &d));
    }
    chc_read_info info;
    if (find(s, n, "/") < n && read_pos(s, n, &pos, &info, &d) == CHC_OK && info.format == CHC_FORMAT_FEN) {
        r->command = CHC_BOT_DECODE;
        return answer_decode(o, r, &pos, info.flags, base);
    }
    chci_puts(o, "I found no covert chess code in that message. Send /startgame to begin, or /help for the commands.");
}

/* Makes s[0..n) valid UTF-8 (as JSON and Telegram want it): a byte that starts no valid
 * sequence (a cut or overlong one, a surrogate) becomes '?', a NUL a space. */
static void utf8_clean(char *s, size_t n)
{
    unsigned char *u = (unsigned char *)s;
    for (size_t i = 0; i < n;) {
        unsigned c = u[i];
        size_t k = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
        int ok = k > 0 && i + k <= n;
        for (size_t j = 1; ok && j < k; j++) ok = (u[i + j] & 0xC0) == 0x80;
        if (ok && k > 2) {
            unsigned c1 = u[i + 1];
            ok = !((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0) || (c == 0xF0 && c1 < 0x90) ||
                   (c == 0xF4 && c1 >= 0x90));
        }
        if (!ok) {
            u[i++] = '?';
            continue;
        }
        if (c == 0) u[i] = ' ';
        i += k;
    }
}

static const struct {
    const char *name;
    int command;
} commands[] = {
    {"start", CHC_BOT_START}, {"startgame", CHC_BOT_START}, {"newgame", CHC_BOT_START},
    {"encode", CHC_BOT_ENCODE}, {"decode", CHC_BOT_DECODE}, {"resign", CHC_BOT_RESIGN},
    {"mix", CHC_BOT_MIX}, {"extract", CHC_BOT_EXTRACT}, {"move", CHC_BOT_MOVE},
    {"edit", CHC_BOT_EDIT}, {"help", CHC_BOT_HELP}, {"emoji", CHC_BOT_EMOJI},
};

/* The command of "/word" or "/word@botname" (case-insensitive), else CHC_BOT_UNKNOWN. */
static int command_of(const char *w, size_t n)
{
    size_t at = 0;
    while (at < n && w[at] != '@') at++;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        const char *c = commands[i].name;
        size_t k = strlen(c), j = 0;
        if (k != at) continue;
        while (j < k && (w[j] | 0x20) == c[j]) j++;
        if (j == k) return commands[i].command;
    }
    return CHC_BOT_UNKNOWN;
}

int chc_bot_answer(const char *src, size_t src_len, const char *page_base, char *dst,
                   size_t dst_cap, size_t *dst_len, chc_bot_reply *reply)
{
    if (!dst || !reply || (!src && src_len)) return CHC_E_ARGUMENT;
    memset(reply, 0, sizeof *reply);
    chci_sink o = {dst, dst_cap, 0};
    size_t n = src_len;
    const char *s = src ? trim(src, &n) : "";
    if (src_len > CHC_BOT_MESSAGE_MAX) {
        chci_putf(&o, "That message is too long (%zu bytes; I read up to %d).", src_len, CHC_BOT_MESSAGE_MAX);
    } else if (!n) {
        chci_puts(&o, "Send /startgame to begin, or /help for the commands.");
    } else if (s[0] != '/') {
        answer_plain(&o, reply, s, n, page_base);
    } else {
        size_t w = 1;
        while (w < n && !is_space(s[w])) w++;
        size_t arg_len = n - w;
        const char *arg = trim(s + w, &arg_len);
        reply->command = command_of(s + 1, w - 1);
        switch (reply->command) {
        case CHC_BOT_START: answer_start(&o, reply, page_base); break;
        case CHC_BOT_ENCODE: answer_encode(&o, reply, arg, arg_len); break;
        case CHC_BOT_DECODE: answer_decode_text(&o, reply, arg, arg_len, page_base); break;
        case CHC_BOT_RESIGN: answer_resign(&o, reply, arg, arg_len); break;
        case CHC_BOT_MIX: answer_mix(&o, reply, arg, arg_len); break;
        case CHC_BOT_EXTRACT: answer_extract(&o, reply, arg, arg_len); break;
        case CHC_BOT_MOVE: answer_move(&o, reply, arg, arg_len, page_base); break;
        case CHC_BOT_EDIT: answer_edit(&o, reply, arg, arg_len); break;
        case CHC_BOT_EMOJI: answer_emoji_places(&o, reply, arg, arg_len); break;
        case CHC_BOT_HELP: chci_puts(&o, help_text), reply->ok = 1; break;
        default:
            if (w > 64)
                for (w = 64; w > 1 && ((unsigned char)s[w] & 0xC0) == 0x80;) w--;
            chci_putf(&o, "I do not know the command %.*s. Send /help for the commands.", (int)w, s);
        }
    }
    if (dst_len) *dst_len = o.len;
    if (o.len < dst_cap) {
        dst[o.len] = 0;
        utf8_clean(dst, o.len);
        return CHC_OK;
    }
    if (dst_cap) dst[dst_cap - 1] = 0;
    return CHC_E_BUFFER_TOO_SMALL;
}
