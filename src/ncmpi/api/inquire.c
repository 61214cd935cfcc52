/*
 * inquire.c: the inquiry calls that must show a subfiled variable as the
 * global array it stands for (its placeholder in the base file has no
 * dimensions, and a subfile's dimensions have the block's lengths).
 */
#include <stdlib.h>
#include <string.h>
#include "ncsfi_api.h"

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

/* Bytes one record of varid takes in a file holding every variable
 * whole, as the classic formats pad it (to 4), and unpadded; 0 for a
 * variable that is not a record variable. */
static int record_bytes(ncsf_file *f, int varid, int unlim, MPI_Offset *padded, MPI_Offset *bare)
{
    ncsf_var *v = ncsfi_var(f, varid);
    nc_type t;
    int nd, *dimids = NULL, err;
    MPI_Offset n = 1, len;
    *padded = *bare = 0;
    if (v) {
        if (!v->lay->record) return NC_NOERR;
        for (int d = 1; d < v->ndims; d++) n *= v->lay->gsize[d];
        t = v->xtype;
    } else {
        if ((err = ncmpi_inq_var(f->ncid, varid, NULL, &t, &nd, NULL, NULL))) return err;
        if (nd == 0 || unlim < 0) return NC_NOERR;
        if (!(dimids = malloc(sizeof(int) * nd))) return NC_ENOMEM;
        err = ncmpi_inq_vardimid(f->ncid, varid, dimids);
        int rec = !err && dimids[0] == unlim;
        for (int d = 1; rec && !err && d < nd; d++)
            if (!(err = ncmpi_inq_dimlen(f->ncid, dimids[d], &len))) n *= len;
        free(dimids);
        if (err || !rec) return err;
    }
    *bare = n * ncsfi_xsize(t);
    *padded = (*bare + 3) / 4 * 4;
    return NC_NOERR;
}

int ncsf_inq_recsize(int ncid, MPI_Offset *recsize)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int nvars, unlim = -1, err;
    if (!f || !f->nsubfiled || f->via_subfile) return ncmpi_inq_recsize(ncid, recsize);
    if ((err = ncmpi_inq_nvars(ncid, &nvars))) return err;
    ncmpi_inq_unlimdim(ncid, &unlim);
    /* the sum of the padded records, but a lone record variable unpadded */
    MPI_Offset sum = 0, last_padded = 0, last_bare = 0, p, b;
    for (int i = 0; i < nvars; i++) {
        if ((err = record_bytes(f, i, unlim, &p, &b))) return err;
        if (!p && !b) continue;
        sum += p;
        last_padded = p;
        last_bare = b;
    }
    if (sum && sum == last_padded) sum = last_bare;
    if (recsize) *recsize = sum;
    return NC_NOERR;
}

int ncsf_inq_varoffset(int ncid, int varid, MPI_Offset *offset)
{
    if (ncsfi_var(ncsfi_lookup(ncid), varid)) return NC_ENOTSUPPORT;
    return ncmpi_inq_varoffset(ncid, varid, offset);
}
