#include "common/diag.h"

#include <stdarg.h>
#include <stdio.h>

int chci_fail(chc_diag *diag, int code, long offset, long line, long column, long index,
              const char *fmt, ...)
{
    if (!diag) return code;
    diag->code = code;
    diag->offset = offset;
    diag->line = line;
    diag->column = column;
    diag->index = index;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(diag->message, sizeof diag->message, fmt, ap);
    va_end(ap);
    return code;
}

void chc_diag_init(chc_diag *diag)
{
    if (!diag) return;
    chc_diag d = CHC_DIAG_INIT;
    *diag = d;
}
