/* chesscodec book [--book FILE] [--chess960] [POSITION]: lists the Polyglot book moves of a
 * position with their weights. */
#include <stdlib.h>

#include "../cli.h"

#define DEFAULT_BOOK "/usr/share/games/gnuchess/book.bin"

static const cli_opt opts[] = {
    {"--book", NULL, "FILE", "the Polyglot book (default " DEFAULT_BOOK ",\nDebian package gnuchess-book)"},
    {"--chess960", NULL, NULL, "read a FEN as Chess960 even if it looks standard"},
    {NULL, NULL, NULL, NULL}};
const cli_spec book_spec = {
    "book", "[POSITION]",
    "Lists the moves a Polyglot opening book (.bin) gives for POSITION (FEN, startpos or any\n"
    "position code; default: the start position), heaviest first, one a line:\n"
    "  MOVE WEIGHT PERCENT%\n"
    "with MOVE in UCI. A position not in the book prints nothing and exits 0.\n",
    NULL, opts, "Exit status: 0 ok, 1 bad position or an unreadable or malformed book, 2 bad usage.\n",
    1, "give one POSITION at most (quote a FEN)"};

int cmd_book(const cli_args *a)
{
    const char *path = cli_get(a, "--book") ? cli_get(a, "--book") : DEFAULT_BOOK;
    const char *text = a->npos ? a->pos[0] : "startpos";
    chc_position pos;
    chc_diag diag = CHC_DIAG_INIT;
    int rc = cli_position_arg(text, cli_get(a, "--chess960") != NULL, &pos, &diag);
    chc_book *book = NULL;
    if (rc == CHC_OK) rc = chc_book_open(&book, path, &diag);
    if (rc != CHC_OK) {
        cli_error("book", "%s", cli_diag_text(rc, &diag));
        return CLI_BAD_INPUT;
    }
    chc_book_entry e[CHC_MAX_MOVES];
    int n = chc_book_moves(book, &pos, e, CHC_MAX_MOVES);
    if (n > CHC_MAX_MOVES) n = CHC_MAX_MOVES;
    unsigned long total = 0;
    for (int i = 0; i < n; i++) total += e[i].weight;
    for (int i = 0; i < n; i++) {
        char uci[CHC_UCI_MAX];
        chc_move_to_uci(&pos, e[i].move, uci);
        printf("%s %u %.1f%%\n", uci, (unsigned)e[i].weight, total ? 100.0 * e[i].weight / (double)total : 0.0);
    }
    chc_book_free(book);
    return CLI_OK;
}
