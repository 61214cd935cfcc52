/*
 * say.c: the plugin's messages on stderr (why a dataset or a subfile was
 * refused), printed only when asked: NCSF_VERBOSE set (not to 0), or
 * PnetCDF's PNETCDF_VERBOSE_DEBUG_MODE=1. netCDF-C's error code is what a
 * caller reads; a library call that succeeds or returns one prints nothing.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncsfnc.h"

int ncsfnc_verbose(void)
{
    const char *v = getenv("NCSF_VERBOSE");
    if (v && *v) return strcmp(v, "0") != 0;
    v = getenv("PNETCDF_VERBOSE_DEBUG_MODE");
    return v && !strcmp(v, "1");
}

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
