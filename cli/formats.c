/* Formats on the command line: names given to --to/--from/--format, lists for help texts, and
 * growing buffers around the library's formats layer (chc_format_*, chc_position_read/write,
 * chc_game_read/write), which every command and the server read and write through. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_format_opt(const char *cmd, const char *opt, const char *name, unsigned kinds,
                   unsigned caps, int *format)
{
    *format = CHC_FORMAT_AUTO;
    if (!name || strcmp(name, "auto") == 0) return CLI_OK;
    *format = chc_format_by_name(name, kinds);
    const chc_format_info *f = chc_format_get(*format);
    if (f && (f->caps & caps) == caps) return CLI_OK;
    char names[512];
    chc_format_names(kinds, caps, ", ", names, sizeof names);
    cli_error(cmd, "%s: unknown format '%s' (known: %s)", opt, name, names);
    return CLI_USAGE;
}

const char *cli_format_name(int format)
{
    const chc_format_info *f = chc_format_get(format);
    return f ? f->name : NULL;
}

int cli_position_arg(const char *text, int chess960, chc_position *pos, chc_diag *diag)
{
    int rc = chc_position_read(text, strlen(text), CHC_FORMAT_AUTO, pos, NULL, diag);
    if (rc == CHC_OK && chess960 && !chc_is_chess960(pos)) {
        char fen[CHC_FEN_MAX];
        chc_position_to_fen(pos, fen, sizeof fen, 0);
        rc = chc_position_from_fen(pos, fen, CHC_FEN_CHESS960, diag);
    }
    return rc;
}

static int grow(char **text, size_t *cap, size_t need)
{
    if (*cap >= need) return 0;
    char *p = realloc(*text, need);
    if (!p) return -1;
    *text = p;
    *cap = need;
    return 0;
}

int cli_game_text(const chc_game *g, int format, unsigned flags, char **text, size_t *cap,
                  size_t *len, chc_diag *diag)
{
    size_t need = 0;
    if (grow(text, cap, 256)) return CHC_E_NO_MEMORY;
    int rc = chc_game_write(g, format, flags, *text, *cap, &need, diag);
    if (rc == CHC_E_BUFFER_TOO_SMALL) {
        if (grow(text, cap, need + 1)) return CHC_E_NO_MEMORY;
        rc = chc_game_write(g, format, flags, *text, *cap, &need, diag);
    }
    if (len) *len = need;
    return rc;
}
