/*
 * vard.c: put_vard/get_vard, whose file type describes bytes of the
 * variable as laid out in one file. A subfiled variable has no such
 * layout (its blocks are in different files and the base file holds a
 * placeholder), so the call is refused with NC_ENOTSUPPORT rather than
 * sent to PnetCDF, which would write or read the placeholder and report
 * success. The collective forms agree first: a rank that named an
 * ordinary variable must not enter PnetCDF's collective I/O alone.
 */
#include "ncsf_internal.h"

static int refuse(ncsf_file *f, int varid, const char *call)
{
    char name[NC_MAX_NAME + 1] = "";
    ncmpi_inq_varname(f->ncid, varid, name);
    ncsfi_set_error(f, f->rank == 0, "%s %s: not supported on a subfiled variable (use put/get_vara, "
                    "vars or varn)", call, name);
    return NC_ENOTSUPPORT;
}

/* 0: PnetCDF's; NC_ENOTSUPPORT (or NC_EBADID): refused on this rank */
static int check(int ncid, int varid, int collective, const char *call)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    if (!f) return NC_EBADID;
    if (!f->nsubfiled) return NC_NOERR;
    int err = ncsfi_var(f, varid) ? refuse(f, varid, call) : NC_NOERR;
    if (collective) {
        int all = ncsfi_agreef(f, err);
        if (all != NC_NOERR && err == NC_NOERR)
            ncsfi_set_error(f, 0, "%s: another process named a subfiled variable", call);
        err = all;
    }
    return err;
}

int ncsf_put_vard(int ncid, int varid, MPI_Datatype filetype, const void *buf,
                  MPI_Offset bufcount, MPI_Datatype buftype)
{
    int err = check(ncid, varid, 0, "put_vard");
    return err ? err : ncmpi_put_vard(ncid, varid, filetype, buf, bufcount, buftype);
}

int ncsf_put_vard_all(int ncid, int varid, MPI_Datatype filetype, const void *buf,
                      MPI_Offset bufcount, MPI_Datatype buftype)
{
    int err = check(ncid, varid, 1, "put_vard_all");
    return err ? err : ncmpi_put_vard_all(ncid, varid, filetype, buf, bufcount, buftype);
}

int ncsf_get_vard(int ncid, int varid, MPI_Datatype filetype, void *buf,
                  MPI_Offset bufcount, MPI_Datatype buftype)
{
    int err = check(ncid, varid, 0, "get_vard");
    return err ? err : ncmpi_get_vard(ncid, varid, filetype, buf, bufcount, buftype);
}

int ncsf_get_vard_all(int ncid, int varid, MPI_Datatype filetype, void *buf,
                      MPI_Offset bufcount, MPI_Datatype buftype)
{
    int err = check(ncid, varid, 1, "get_vard_all");
    return err ? err : ncmpi_get_vard_all(ncid, varid, filetype, buf, bufcount, buftype);
}
