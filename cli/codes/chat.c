/* chesscodec mix, unmix, move, link and emoji: covert chess in a chat, as the covert chess bot
 * plays it, and playing by code. The knowledge is the library's: chc_covert_find (codes in
 * chat text), chc_position_play (moves, game over), chc_position_link, chc_covert_emoji_*. */
#include <stdlib.h>
#include <string.h>

#include "../cli.h"

/* Reads the position of CODE (any format, a covert code also inside a message). */
static int read_code(const char *cmd, const char *text, int format, chc_position *pos,
                     chc_read_info *info)
{
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_position_read(text, strlen(text), format, pos, info, &d);
    if (rc) cli_error(cmd, "CODE (%s): %s", info->format ? cli_format_name(info->format) : "any format", cli_diag_text(rc, &d));
    return rc ? CLI_BAD_INPUT : CLI_OK;
}

/* Prints MESSAGE with the covert code of pos (and the white flag) spread among its words. */
static int print_mixed(const char *cmd, const char *message, const chc_position *pos, int flag)
{
    size_t n = strlen(message);
    char *out = malloc(CHC_COVERT_MIX_MAX(n));
    chc_diag d = CHC_DIAG_INIT;
    int rc = out ? chc_covert_mix_position(message, n, pos, flag ? CHC_COVERT_RESIGNED : 0, out,
                                           CHC_COVERT_MIX_MAX(n), NULL, &d) : CHC_E_NO_MEMORY;
    rc ? cli_error(cmd, "%s", cli_diag_text(rc, &d)) : (void)printf("%s\n", out);
    free(out);
    return rc ? CLI_BAD_INPUT : CLI_OK;
}

static const cli_opt mix_opts[] = {
    {"--resign", NULL, NULL, "add the white flag (a resignation) as a 26th emoji"}, {NULL, NULL, NULL, NULL}};
const cli_spec mix_spec = {
    "mix", "MESSAGE CODE",
    "Hides the covert code of CODE (any position; a white flag is kept) among the words of\n"
    "MESSAGE: words and emoji spread evenly (word i of n at (i+1)/(n+1), emoji j of m at\n"
    "(j+1)/(m+1), a word first only when strictly earlier), joined with single spaces. A\n"
    "MESSAGE holding an emoji is refused: unmix would take it for one of the code's.\n",
    NULL, mix_opts, "Exit status: 0 ok, 1 bad CODE or MESSAGE (one line on stderr), 2 bad usage.\n",
    2, "give a MESSAGE and a CODE (see chesscodec mix --help)"};

int cmd_mix(const cli_args *a)
{
    chc_position pos;
    chc_read_info info = {0, 0, 0, 0};
    if (a->npos != 2) return cli_error("mix", "%s", mix_spec.too_many), CLI_USAGE;
    if (read_code("mix", a->pos[1], CHC_FORMAT_AUTO, &pos, &info)) return CLI_BAD_INPUT;
    return print_mixed("mix", a->pos[0], &pos,
                       cli_get(a, "--resign") || (info.flags & CHC_READ_RESIGNED));
}

static const cli_opt unmix_opts[] = {
    {"--to", NULL, "FORMAT", "write the position in FORMAT (default fen; as encode --to)"}, {NULL, NULL, NULL, NULL}};
const cli_spec unmix_spec = {
    "unmix", "[MESSAGE]",
    "Reads the covert code out of MESSAGE (made by mix, or any chat message holding a code;\n"
    "emoji around it are ignored) and prints the position as FEN (or in FORMAT). A white flag\n"
    "is reported on stderr (and kept by --to covert). No MESSAGE: reads standard input.\n",
    NULL, unmix_opts, "Exit status: 0 ok, 1 bad input (one line on stderr), 2 bad usage.\n",
    1, "give one MESSAGE (quote it) or none to read standard input"};

int cmd_unmix(const cli_args *a)
{
    int to = CHC_FORMAT_FEN;
    if (cli_format_opt("unmix", "--to", cli_get(a, "--to"), CHC_KIND_POSITION, CHC_CAP_WRITE, &to))
        return CLI_USAGE;
    size_t len = a->npos ? strlen(a->pos[0]) : 0;
    char *text = a->npos ? strdup(a->pos[0]) : cli_read_all(stdin, SIZE_MAX - 1, &len, 0);
    chc_position pos;
    chc_diag d = CHC_DIAG_INIT;
    chc_read_info info = {0, 0, 0, 0};
    char buf[CHC_POSITION_TEXT_MAX];
    int rc = text ? chc_covert_mix_read(text, len, &pos, &info, &d) : CHC_E_IO, flag = info.flags & CHC_READ_RESIGNED;
    free(text);
    if (rc == CHC_OK)
        rc = chc_position_write(&pos, to ? to : CHC_FORMAT_FEN, to == CHC_FORMAT_COVERT && flag ?
                                CHC_COVERT_RESIGNED : 0, buf, sizeof buf, NULL, &d);
    if (rc != CHC_OK) return cli_error("unmix", "%s", cli_diag_text(rc, &d)), CLI_BAD_INPUT;
    printf("%s\n", buf);
    if (flag) cli_error("unmix", "the code carries the white flag: a resignation");
    return CLI_OK;
}

static const cli_opt move_opts[] = {
    {"--format", NULL, "FORMAT", "the format of CODE (default: detected)"},
    {"--mix", NULL, "REPLY", "answer with REPLY carrying the new covert code (as mix does)"},
    {NULL, NULL, NULL, NULL}};
const cli_spec move_spec = {
    "move", "CODE MOVE...",
    "Plays the MOVEs (SAN like Nf3, or UCI like g1f3) on the position CODE (any position, also\n"
    "a chat message holding a covert code) and prints the new position in CODE's format. A\n"
    "game that is over (mate, stalemate, a draw by rule, the white flag) takes no move; a\n"
    "move ending it says so on stderr. --mix REPLY: one turn of a chat game, in one command.\n",
    NULL, move_opts,
    "Exit status: 0 ok, 1 bad input (one line on stderr naming the move at fault), 2 bad usage.\n"
    "Example: chesscodec move --mix \"your turn\" \"$MESSAGE\" Nf3\n",
    0, NULL};

int cmd_move(const cli_args *a)
{
    int format, outcome = CHC_OUTCOME_NONE, rc = CHC_OK;
    chc_position pos;
    chc_read_info info = {0, 0, 0, 0};
    chc_diag d = CHC_DIAG_INIT;
    if (a->npos < 2)
        return cli_error("move", "give a CODE and at least one MOVE (see chesscodec move --help)"), CLI_USAGE;
    if (cli_format_opt("move", "--format", cli_get(a, "--format"), CHC_KIND_POSITION,
                       CHC_CAP_READ | CHC_CAP_WRITE, &format))
        return CLI_USAGE;
    if (read_code("move", a->pos[0], format, &pos, &info)) return CLI_BAD_INPUT;
    for (int k = 1; k < a->npos && rc == CHC_OK; k++)
        if ((rc = chc_position_play(&pos, info.flags & CHC_READ_RESIGNED ? CHC_PLAY_RESIGNED : 0,
                                    a->pos[k], strlen(a->pos[k]), NULL, &outcome, &d)))
            return cli_error("move", "move %d '%s': %s", k, a->pos[k], cli_diag_text(rc, &d)),
                   CLI_BAD_INPUT;
    char buf[CHC_POSITION_TEXT_MAX];
    if (cli_get(a, "--mix")) rc = print_mixed("move", cli_get(a, "--mix"), &pos, 0);
    else if ((rc = chc_position_write(&pos, info.format, 0, buf, sizeof buf, NULL, &d)))
        return cli_error("move", "the new position cannot be written as %s: %s",
                         cli_format_name(info.format), cli_diag_text(rc, &d)), CLI_BAD_INPUT;
    else printf("%s\n", buf);
    if (chc_position_over(&pos, 0, buf, sizeof buf)) cli_error("move", "game over: %s", buf);
    else if (outcome == CHC_OUTCOME_FIFTY) cli_error("move", "fifty-move rule: a draw may be claimed");
    return rc;
}

static const cli_opt link_opts[] = {
    {"--base", NULL, "URL", "the address of chesscodec's page (default " CHC_LINK_PAGE_DEFAULT ")"},
    {NULL, NULL, NULL, NULL}};
const cli_spec link_spec = {
    "link", "CODE",
    "Prints links to the position CODE (any position, also a chat message holding a code):\n"
    "lichess's analysis board and board editor, and chesscodec serve's page (docs/links.md).\n",
    NULL, link_opts, "Exit status: 0 ok, 1 bad CODE (one line on stderr), 2 bad usage.\n",
    1, "give one CODE (quote it)"};

int cmd_link(const cli_args *a)
{
    chc_position pos;
    chc_read_info info = {0, 0, 0, 0};
    if (a->npos != 1) return cli_error("link", "%s", link_spec.too_many), CLI_USAGE;
    if (read_code("link", a->pos[0], CHC_FORMAT_AUTO, &pos, &info)) return CLI_BAD_INPUT;
    const char *base = cli_get(a, "--base");
    size_t cap = CHC_LINK_MAX(base ? strlen(base) : 64);
    char *url = malloc(cap);
    for (int k = CHC_LINK_LICHESS_ANALYSIS; url && k <= CHC_LINK_PAGE; k++)
        if (chc_position_link(&pos, k, k == CHC_LINK_PAGE ? base : NULL, url, cap, NULL, NULL) == CHC_OK)
            printf("%-9s %s\n", k == CHC_LINK_PAGE ? "page" : k ? "editor" : "analysis", url);
    free(url);
    return url ? CLI_OK : CLI_BAD_INPUT;
}

static const cli_opt emoji_opts[] = {{NULL, NULL, NULL, NULL}};
const cli_spec emoji_spec = {
    "emoji", "EMOJI",
    "Says what EMOJI (or list index 0..3177) is: index, Unicode 12.1 name, group, subgroup,\n"
    "escape sequence, code points, and what it means at each of the 26 places of a code.\n",
    NULL, emoji_opts, "Exit status: 0 ok, 1 not in the list (one line on stderr), 2 bad usage.\n", 1,
    "give one EMOJI"};

int cmd_emoji(const cli_args *a)
{
    char text[CHC_COVERT_EMOJI_TEXT_MAX];
    if (a->npos != 1) return cli_error("emoji", "give an EMOJI (see chesscodec emoji --help)"), CLI_USAGE;
    int index = chc_covert_emoji_lookup(a->pos[0], strlen(a->pos[0]));
    if (chc_covert_emoji_text(index, text, sizeof text, NULL) != CHC_OK)
        return cli_error("emoji", "'%s' is not one emoji of the list (Emoji 12.1)", a->pos[0]), CLI_BAD_INPUT;
    fputs(text, stdout);
    return CLI_OK;
}
