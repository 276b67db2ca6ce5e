/* chesscodec mix MESSAGE CODE   and   chesscodec unmix [--to FORMAT] [MESSAGE]
 * (the covert chess bot's commands: hide a code among the words of a cover message). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli.h"
#include "pos_formats.h"

static void mix_help(FILE *f)
{
    fprintf(f,
            "usage: chesscodec mix [--resign] MESSAGE CODE\n\n"
            "Hides the covert chess code of CODE among the words of MESSAGE: the words and the\n"
            "25 emoji are spread evenly (word i of n at (i+1)/(n+1), emoji j of m at\n"
            "(j+1)/(m+1); a word goes first only when its place is strictly earlier) and joined\n"
            "with single spaces. CODE is a covert code (25 or 26 emoji), or any other position\n"
            "(FEN, MSCS) which is first written as a covert code.\n\n"
            "  --resign   add the white flag (a resignation) as a 26th emoji\n\n"
            "Exit status: 0 ok, 1 bad CODE (one line on stderr), 2 bad usage.\n");
}

static void unmix_help(FILE *f)
{
    char names[256];
    pos_format_names(names, sizeof names, "|");
    fprintf(f,
            "usage: chesscodec unmix [--to FORMAT] [MESSAGE]\n\n"
            "Takes every emoji out of MESSAGE (a message made by mix), in order, reads the\n"
            "covert code from them and prints the position as FEN (or in FORMAT: %s).\n"
            "A resignation flag is reported on standard error. With no MESSAGE, reads the\n"
            "whole of standard input.\n\n"
            "Exit status: 0 ok, 1 bad input (one line on stderr), 2 bad usage.\n",
            names);
}

int cmd_mix(int argc, char **argv)
{
    int resign = 0, i;
    for (i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) { mix_help(stdout); return CLI_OK; }
        if (strcmp(argv[i], "--resign") == 0) resign = 1;
        else if (strcmp(argv[i], "--") == 0) { i++; break; }
        else if (argv[i][0] == '-' && argv[i][1]) {
            cli_error("mix", "unknown option '%s' (see chesscodec mix --help)", argv[i]);
            return CLI_USAGE;
        } else break;
    }
    if (argc - i != 2) {
        cli_error("mix", "give a MESSAGE and a CODE (see chesscodec mix --help)");
        return CLI_USAGE;
    }
    const char *message = argv[i], *code = argv[i + 1];
    chc_position pos;
    chc_diag d;
    memset(&d, 0, sizeof d);
    const pos_format *fmt = NULL;
    int rc = pos_format_decode_any(code, NULL, &pos, &fmt, &d);
    char covert[CHC_COVERT_MAX];
    int resigned = 0;
    if (rc == CHC_OK && fmt && strcmp(fmt->name, "covert") == 0) {
        /* Keep the code's own white flag. */
        rc = chc_covert_decode(code, strlen(code), &pos, &resigned, &d);
    }
    if (rc == CHC_OK) rc = chc_covert_encode(&pos, resign || resigned, covert, sizeof covert, NULL, &d);
    if (rc != CHC_OK) {
        cli_error("mix", "CODE: %s", d.message[0] ? d.message : chc_strerror(rc));
        return CLI_BAD_INPUT;
    }
    size_t cap = CHC_COVERT_MIX_MAX(strlen(message));
    char *out = malloc(cap);
    if (!out) {
        cli_error("mix", "out of memory");
        return CLI_BAD_INPUT;
    }
    rc = chc_covert_mix(message, covert, out, cap, &d);
    if (rc != CHC_OK) {
        cli_error("mix", "%s", d.message[0] ? d.message : chc_strerror(rc));
        free(out);
        return CLI_BAD_INPUT;
    }
    printf("%s\n", out);
    free(out);
    return CLI_OK;
}

int cmd_unmix(int argc, char **argv)
{
    const char *to_name = "fen";
    int i;
    for (i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) { unmix_help(stdout); return CLI_OK; }
        if (strcmp(argv[i], "--to") == 0 && i + 1 < argc) to_name = argv[++i];
        else if (strncmp(argv[i], "--to=", 5) == 0) to_name = argv[i] + 5;
        else if (strcmp(argv[i], "--") == 0) { i++; break; }
        else if (argv[i][0] == '-' && argv[i][1]) {
            cli_error("unmix", "unknown option '%s' (see chesscodec unmix --help)", argv[i]);
            return CLI_USAGE;
        } else break;
    }
    if (argc - i > 1) {
        cli_error("unmix", "give one MESSAGE (quote it) or none to read standard input");
        return CLI_USAGE;
    }
    const pos_format *to = pos_format_find(to_name);
    if (!to) {
        cli_error("unmix", "unknown format '%s'", to_name);
        return CLI_USAGE;
    }
    char *text = NULL;
    size_t len = 0;
    if (argc - i == 1) {
        text = strdup(argv[i]);
        len = text ? strlen(text) : 0;
    } else {
        size_t cap = 4096;
        text = malloc(cap);
        size_t got;
        while (text && (got = fread(text + len, 1, cap - len, stdin)) > 0) {
            len += got;
            if (len == cap) {
                char *t = realloc(text, cap *= 2);
                if (!t) { free(text); text = NULL; }
                else text = t;
            }
        }
    }
    if (!text) {
        cli_error("unmix", "out of memory");
        return CLI_BAD_INPUT;
    }
    chc_position pos;
    chc_diag d;
    memset(&d, 0, sizeof d);
    int resigned = 0;
    int rc = chc_covert_unmix(text, len, &pos, &resigned, &d);
    free(text);
    char buf[POS_FORMAT_MAX];
    if (rc == CHC_OK) rc = to->encode(&pos, buf, sizeof buf, &d);
    if (rc != CHC_OK) {
        cli_error("unmix", "%s", d.message[0] ? d.message : chc_strerror(rc));
        return CLI_BAD_INPUT;
    }
    printf("%s\n", buf);
    if (resigned) fprintf(stderr, "chesscodec unmix: the code carries the white flag: the sender resigned\n");
    return CLI_OK;
}
