/* any_code: reads a position in any format chesscodec knows (FEN, startpos, covert emoji, also
 * inside a chat message, MSCS, pack...) and prints it in every position format.
 *   cc any_code.c $(pkg-config --cflags --libs chesscodec) -o any_code
 *   ./any_code "pC770uuYwV1qj9TLwwDTQSUAe0Yd" */
#include <chesscodec.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: any_code POSITION\n");
        return 2;
    }
    chc_position pos;
    chc_read_info info;
    chc_diag diag = CHC_DIAG_INIT;
    if (chc_position_read(argv[1], strlen(argv[1]), CHC_FORMAT_AUTO, &pos, &info, &diag) != CHC_OK) {
        fprintf(stderr, "any_code: %s\n", diag.message); /* what is wrong, and where */
        return 1;
    }
    printf("read as  %s\n", chc_format_get(info.format)->name);
    for (size_t i = 0; i < chc_format_count(); i++) {
        const chc_format_info *f = chc_format_at(i);
        char text[CHC_POSITION_TEXT_MAX];
        size_t len;
        if (f->kind != CHC_KIND_POSITION || !(f->caps & CHC_CAP_WRITE)) continue;
        if (chc_position_write(&pos, f->format, 0, text, sizeof text, &len, &diag) == CHC_OK)
            printf("%-14s %s\n", f->name, text);
    }
    chc_move moves[CHC_MAX_MOVES];
    printf("%d legal moves, Polyglot key %016llx\n", chc_legal_moves(&pos, moves, CHC_GEN_ALL),
           (unsigned long long)chc_position_key(&pos));
    return 0;
}
