/*
 * errors.c: errors as every layer above reports them: the netCDF code of
 * an engine error, the error of a collective call whose ranks went
 * different ways, and the dataset's message (ncsf_errmsg).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncsfi_base.h"

int ncsfi_error_from_engine(int e)
{
    switch (e) {
    case SF_OK: return NC_NOERR;
    case SF_ERR_NOMEM: return NC_ENOMEM;
    case SF_ERR_NOENT: return NC_ENOENT;
    case SF_ERR_ACCESS: return NC_EACCESS;
    case SF_ERR_OPEN: return NC_EFILE;
    case SF_ERR_NOFILES: return NC_EFILE; /* PnetCDF's code for EMFILE */
    case SF_ERR_WRITE: return NC_EWRITE;
    case SF_ERR_READ: return NC_EREAD;
    case SF_ERR_CLOSE: return NC_EFILE;
    case SF_ERR_ARG: return NC_EINTOVERFLOW;
    case SF_ERR_NOSPACE: return NC_ENO_SPACE;
    case SF_ERR_QUOTA: return NC_EQUOTA;
    case SF_ERR_FBIG: return NC_EWRITE; /* netCDF has no code of its own for it */
    default: return NC_EMPI;
    }
}

/* The error of a collective call whose ranks went different ways. */
int ncsfi_route_error(ncsf_file *f, int bits, int mine)
{
    if (bits & SF_ROUTE_BAD) {
        ncsfi_set_error(f, 0, "a collective call named a variable that does not exist on %s process",
                        mine == SF_ROUTE_BAD ? "this" : "another");
        return NC_ENOTVAR;
    }
    ncsfi_set_error(f, f->rank == 0, "a collective call named a subfiled variable on some processes "
                    "and an ordinary one on others: call it once for each");
    return NC_EINVAL;
}

/* Whether the library prints its messages on stderr: only when asked,
 * with NCSF_VERBOSE (anything but "" or "0") or PnetCDF's own
 * PNETCDF_VERBOSE_DEBUG_MODE=1. A call that succeeds, or returns an error
 * code, says nothing otherwise: the caller reads the code, and the message
 * with ncsf_errmsg (or ncsf_open_ex / ncsf_create_ex). */
int ncsfi_verbose(void)
{
    const char *v = getenv("NCSF_VERBOSE");
    if (v && *v) return strcmp(v, "0") != 0;
    v = getenv("PNETCDF_VERBOSE_DEBUG_MODE");
    return v && !strcmp(v, "1");
}

void ncsfi_set_error(ncsf_file *f, int print, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->errmsg, sizeof f->errmsg, fmt, ap);
    va_end(ap);
    if (print && ncsfi_verbose()) fprintf(stderr, "ncsf: %s\n", f->errmsg);
}

const char *ncsf_errmsg(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    return f ? f->errmsg : "";
}
