/*
 * inquire.c: the inquiry calls that must show a subfiled variable as the
 * global array it stands for (its placeholder in the base file has no
 * dimensions, and a subfile's dimensions have the block's lengths).
 */
#include <string.h>
#include "ncsf_internal.h"

int ncsf_inq_var(int ncid, int varid, char *name, nc_type *xtypep, int *ndimsp,
                 int *dimids, int *nattsp)
{
    ncsf_var *v = ncsfi_var(ncsfi_lookup(ncid), varid);
    int err;
    if (!v) err = ncmpi_inq_var(ncid, varid, name, xtypep, ndimsp, dimids, NULL);
    else if (!(err = ncmpi_inq_var(ncid, varid, name, xtypep, NULL, NULL, NULL))) {
        if (ndimsp) *ndimsp = v->ndims;
        if (dimids) memcpy(dimids, v->dimids, sizeof(int) * v->ndims);
    }
    /* without ncsf's own attributes (hidden_atts.c) */
    return err ? err : ncsfi_visible_natts(ncid, varid, nattsp);
}

int ncsf_inq_varndims(int ncid, int varid, int *ndimsp)
{
    ncsf_var *v = ncsfi_var(ncsfi_lookup(ncid), varid);
    if (!v) return ncmpi_inq_varndims(ncid, varid, ndimsp);
    if (ndimsp) *ndimsp = v->ndims;
    return NC_NOERR;
}

int ncsf_inq_vardimid(int ncid, int varid, int *dimids)
{
    ncsf_var *v = ncsfi_var(ncsfi_lookup(ncid), varid);
    if (!v) return ncmpi_inq_vardimid(ncid, varid, dimids);
    if (dimids) memcpy(dimids, v->dimids, sizeof(int) * v->ndims);
    return NC_NOERR;
}

/* The length ncsf reports: the record count covers subfiled variables,
 * and through a subfile a partitioned dimension has its global length. */
static int global_dimlen(ncsf_file *f, int dimid, MPI_Offset *len)
{
    int unlim;
    if (dimid >= 0 && dimid < f->ndimlen && f->dimlen[dimid] > 0) {
        *len = f->dimlen[dimid];
        return NC_NOERR;
    }
    if (ncmpi_inq_unlimdim(f->ncid, &unlim) == NC_NOERR && dimid == unlim && f->numrecs > *len)
        *len = f->numrecs;
    return NC_NOERR;
}

int ncsf_inq_dim(int ncid, int dimid, char *name, MPI_Offset *lenp)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    MPI_Offset len;
    int err = ncmpi_inq_dim(ncid, dimid, name, &len);
    if (err) return err;
    if (f) global_dimlen(f, dimid, &len);
    if (lenp) *lenp = len;
    return NC_NOERR;
}

int ncsf_inq_dimlen(int ncid, int dimid, MPI_Offset *lenp)
{
    return ncsf_inq_dim(ncid, dimid, NULL, lenp);
}

int ncsf_inq_put_size(int ncid, MPI_Offset *size)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = ncmpi_inq_put_size(ncid, size);
    if (!err && f && size) *size += sf_context_bytes_written(f->ctx);
    return err;
}

int ncsf_inq_get_size(int ncid, MPI_Offset *size)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = ncmpi_inq_get_size(ncid, size);
    if (!err && f && size) *size += sf_context_bytes_read(f->ctx);
    return err;
}

int ncsf_inq_nreqs(int ncid, int *nreqs)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = ncmpi_inq_nreqs(ncid, nreqs);
    if (!err && f && nreqs) *nreqs += ncsfi_pending_count(f);
    return err;
}
