/*
 * multi.c: the mput/mget calls, which name several variables at once.
 * PnetCDF serves them as one non-blocking request per variable completed
 * together; ncsf does the same with its own iput/iget and wait, so that a
 * subfiled variable among them reaches its subfiles (handed to PnetCDF
 * whole, its requests would write the base file's placeholder). The
 * wrappers themselves are generated (api_getput.m4).
 */
#include <stdlib.h>
#include "ncsf_internal.h"

/* A variable's type and shape as a put or get on it finds them: a
 * subfiled variable's from ncsf (its placeholder has no dimensions), any
 * other's from PnetCDF, each with the record count its own path checks.
 * *shape is allocated (the caller frees it). */
static int var_shape(ncsf_file *f, int varid, nc_type *xtype, int *ndims, int *record,
                     MPI_Offset **shape)
{
    ncsf_var *v = ncsfi_var(f, varid);
    int err = v ? NC_NOERR : ncmpi_inq_var(f->ncid, varid, NULL, xtype, ndims, NULL, NULL);
    if (err) return err;
    if (v) *xtype = v->xtype, *ndims = v->ndims;
    int *dimids = malloc(sizeof(int) * (size_t)(*ndims + 1)), unlim = -1;
    *shape = malloc(sizeof(MPI_Offset) * (size_t)(*ndims + 1));
    if (!dimids || !*shape) err = NC_ENOMEM;
    else if (v) {
        *record = v->lay->record;
        for (int d = 0; d < v->ndims; d++)
            (*shape)[d] = d == 0 && v->lay->record ? f->numrecs : v->lay->gsize[d];
    } else {
        err = ncmpi_inq_vardimid(f->ncid, varid, dimids);
        if (!err) err = ncmpi_inq_unlimdim(f->ncid, &unlim);
        *record = !err && *ndims > 0 && dimids[0] == unlim;
        for (int d = 0; !err && d < *ndims; d++) err = ncmpi_inq_dimlen(f->ncid, dimids[d], &(*shape)[d]);
    }
    free(dimids);
    return err;
}

/* A start beyond the dimension (just past it only for nothing) */
static int bad_start(MPI_Offset start, MPI_Offset n, MPI_Offset len)
{
    return start < 0 || start > len || (start == len && n > 0);
}

/* A count (with its stride, 0 for none) that runs past the dimension */
static int bad_edge(MPI_Offset start, MPI_Offset n, MPI_Offset step, MPI_Offset len)
{
    MPI_Offset span, last;
    if (n > len || start + n > len) return 1;
    if (step == 0 || n == 0) return 0;
    return __builtin_mul_overflow(n - 1, step, &span) || __builtin_add_overflow(start, span, &last) ||
           last >= len;
}

/* One variable's start, count and stride, in PnetCDF's order: every
 * start, then every count, then the strides. A put may go past the
 * records there are; a get may not. */
static int check_coords(int ndims, int record, const MPI_Offset *shape, int put, int kind,
                        int format, const MPI_Offset *st, const MPI_Offset *ct, const MPI_Offset *sd)
{
    int first = record;
    if (!st || st[0] < 0) return NC_EINVALCOORDS;
    if (record && format != NC_FORMAT_CDF5 && st[0] > (MPI_Offset)NC_MAX_UINT) return NC_EINVALCOORDS;
    if (record && !put && ((shape[0] == 0 && (!ct || ct[0] > 0)) || bad_start(st[0], ct ? ct[0] : 1, shape[0])))
        return NC_EINVALCOORDS;
    for (int d = first; d < ndims; d++)
        if (bad_start(st[d], ct ? ct[d] : 1, shape[d])) return NC_EINVALCOORDS;
    if (!ct) return kind == NCSF_VARA || kind == NCSF_VARS || kind == NCSF_VARM ? NC_EEDGE : NC_NOERR;
    for (int d = 0; d < ndims; d++) {
        if (ct[d] < 0) return NC_ENEGATIVECNT;
        if (d == 0 && record && put) continue;
        if (bad_edge(st[d], ct[d], sd ? sd[d] : 0, shape[d])) return NC_EEDGE;
    }
    for (int d = 0; sd && d < ndims; d++)
        if (sd[d] <= 0) return NC_ESTRIDE;
    return NC_NOERR;
}

/* One variable of an mput/mget, as PnetCDF checks it before posting any */
static int check_one(ncsf_file *f, int varid, int kind, const MPI_Offset *st, const MPI_Offset *ct,
                     const MPI_Offset *sd, int put, nc_type itype)
{
    MPI_Offset *shape = NULL;
    nc_type xtype;
    int ndims, record, nvars = 0;
    if (varid == NC_GLOBAL) return NC_EGLOBAL;
    int err = ncmpi_inq_nvars(f->ncid, &nvars);
    if (err) return err;
    if (varid < 0 || varid >= nvars) return NC_ENOTVAR;
    if (!(err = var_shape(f, varid, &xtype, &ndims, &record, &shape)) && itype != NC_NAT &&
        (itype == NC_CHAR) != (xtype == NC_CHAR))
        err = NC_ECHAR;
    if (!err && ndims > 0 && kind != NCSF_VAR)
        err = check_coords(ndims, record, shape, put, kind, f->format, st, ct, sd);
    free(shape);
    return err;
}

int ncsfi_multi_check(int ncid, int num, const int *varids, int kind, MPI_Offset *const *starts,
                      MPI_Offset *const *counts, MPI_Offset *const *strides, int put,
                      int collective, nc_type itype)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = NC_NOERR;
    if (!f) return NC_EBADID;
    if (num > 0) {
        /* the mode first, as PnetCDF checks it */
        if (put && f->readonly) err = NC_EPERM;
        else if (f->indef) err = NC_EINDEFINE;
        else if (collective && f->indep) err = NC_EINDEP;
        else if (!collective && !f->indep) err = NC_ENOTINDEP;
    }
    for (int i = 0; !err && i < num; i++)
        err = check_one(f, varids[i], kind, starts ? starts[i] : NULL, counts ? counts[i] : NULL,
                        strides ? strides[i] : NULL, put, itype);
    if (collective && f->safe_mode) {
        /* safe mode: every rank gets the lowest error, and nothing moves */
        int low = err;
        if (MPI_Allreduce(&err, &low, 1, MPI_INT, MPI_MIN, f->comm) != MPI_SUCCESS) return NC_EMPI;
        return low;
    }
    if (!err || !collective) return err;
    /* a bad argument on this rank: it joins the others' wait with nothing
     * (in define or independent mode that wait returns at once, on every
     * rank; a read-only dataset's mput joins it too, for the processes
     * of the collective that named no variable) */
    return ncsfi_multi_wait(ncid, 0, NULL, err, 1);
}

int ncsfi_route_multi(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    if (!f) return NC_EBADID;
    /* the same on every rank: a collective mput goes one way everywhere */
    return f->nsubfiled > 0;
}

int *ncsfi_multi_reqs(int num, int *err)
{
    int *reqs = NULL;
    if (num < 0) *err = NC_EINVAL;
    else if (num > 0 && !(reqs = malloc(sizeof(int) * 2 * (size_t)num))) *err = NC_ENOMEM;
    return reqs;
}

int ncsfi_multi_wait(int ncid, int posted, int *reqs, int err, int collective)
{
    int status = NC_NOERR, *statuses = reqs ? reqs + posted : NULL;
    if (collective)
        status = ncsf_wait_all(ncid, posted, posted ? reqs : NULL, posted ? statuses : NULL);
    else if (posted > 0)
        status = ncsf_wait(ncid, posted, reqs, statuses);
    for (int k = 0; status == NC_NOERR && k < posted; k++) status = statuses[k];
    free(reqs);
    return err != NC_NOERR ? err : status;
}
