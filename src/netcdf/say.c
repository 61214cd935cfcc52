/*
 * say.c: the plugin's messages on stderr (why a dataset or a subfile was
 * refused), silenced per dataset.
 */
#include <stdarg.h>
#include <stdio.h>
#include "ncsfnc.h"

void ncsfnc_say(const ncsfnc_file *f, const char *fmt, ...)
{
    if (f && f->quiet) return;
    va_list ap;
    va_start(ap, fmt);
    fputs("ncsf-netcdf: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}
