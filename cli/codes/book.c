/* chesscodec book [--book FILE] [--chess960] [FEN|startpos]: lists the Polyglot book moves of
 * a position with their weights. */
#include <stdio.h>
#include <string.h>

#include "../cli.h"

#define DEFAULT_BOOK "/usr/share/games/gnuchess/book.bin"

static void help(FILE *f)
{
    fprintf(f, "usage: chesscodec book [--book FILE] [--chess960] [FEN|startpos]\n\n"
               "Lists the moves a Polyglot opening book (.bin) gives for a position (default:\n"
               "the start position), heaviest first, one a line:\n"
               "  MOVE WEIGHT PERCENT%%\n"
               "with MOVE in UCI. The default book is " DEFAULT_BOOK "\n"
               "(Debian package gnuchess-book). A position not in the book prints nothing and\n"
               "exits 0. Exit 1 for a bad FEN or an unreadable or malformed book.\n");
}

int cmd_book(int argc, char **argv)
{
    const char *path = DEFAULT_BOOK, *fen = NULL;
    unsigned flags = 0;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            help(stdout);
            return CLI_OK;
        }
        if (strcmp(argv[i], "--book") == 0 && i + 1 < argc) path = argv[++i];
        else if (strcmp(argv[i], "--chess960") == 0) flags |= CHC_FEN_CHESS960;
        else if (!fen && argv[i][0] != '-') fen = argv[i];
        else {
            cli_error("book", "unexpected argument '%s'", argv[i]);
            help(stderr);
            return CLI_USAGE;
        }
    }
    if (!fen || strcmp(fen, "startpos") == 0) fen = CHC_STARTPOS_FEN;
    chc_position pos;
    chc_diag diag;
    int rc = chc_position_from_fen(&pos, fen, flags, &diag);
    if (rc != CHC_OK) {
        cli_error_diag("book", rc, &diag);
        return CLI_BAD_INPUT;
    }
    chc_book *book;
    rc = chc_book_open(&book, path, &diag);
    if (rc != CHC_OK) {
        cli_error_diag("book", rc, &diag);
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
