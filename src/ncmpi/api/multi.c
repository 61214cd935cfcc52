/*
 * multi.c: the mput/mget calls, which name several variables at once.
 * PnetCDF serves them as one non-blocking request per variable completed
 * together; ncsf does the same with its own iput/iget and wait, so that a
 * subfiled variable among them reaches its subfiles (handed to PnetCDF
 * whole, its requests would write the base file's placeholder). The
 * wrappers themselves are generated (api_getput.m4).
 *
 * As PnetCDF, every variable of the call is checked (mode, variable,
 * text/number, coordinates) before any request is posted: the first error
 * is the call's, and nothing is left pending by a call that was refused.
 */
#include <stdlib.h>
#include "ncsfi_api.h"

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

/* PnetCDF's coordinate checks of one variable of an mput/mget, in its
 * order: every start, then each count, then every stride. shape[0] of a
 * record variable is the record count, which a put may go past. */
static int check_coords(int isread, int rec, int cdf12, int nd, const MPI_Offset *shape,
                        int kind, const MPI_Offset *st, const MPI_Offset *ct, const MPI_Offset *sd)
{
    if (!st || st[0] < 0) return NC_EINVALCOORDS;
    if (rec && cdf12 && st[0] > NC_MAX_UINT) return NC_EINVALCOORDS;
    for (int d = 0; d < nd; d++) {
        MPI_Offset n = ct ? ct[d] : 1;
        if (d == 0 && rec && !isread) continue;
        if (st[d] < 0 || st[d] > shape[d] || (st[d] == shape[d] && n > 0)) return NC_EINVALCOORDS;
    }
    if (!ct) return kind == NCSF_VAR1 ? NC_NOERR : NC_EEDGE;
    for (int d = 0; d < nd; d++) {
        MPI_Offset last;
        if (ct[d] < 0) return NC_ENEGATIVECNT;
        if (d == 0 && rec && !isread) continue;
        if (ct[d] > shape[d] - st[d]) return NC_EEDGE;
        if (sd && ct[d] > 0 &&
            (__builtin_mul_overflow(ct[d] - 1, sd[d], &last) || __builtin_add_overflow(st[d], last, &last) ||
             last >= shape[d]))
            return NC_EEDGE;
    }
    for (int d = 0; sd && d < nd; d++)
        if (sd[d] <= 0) return NC_ESTRIDE;
    return NC_NOERR;
}

/* One variable's shape as the API shows it (the record count of a record
 * variable), and whether its first dimension is the record one. */
static int shape_of(int ncid, int varid, int nd, MPI_Offset *shape, int *rec)
{
    int unlim = -1, *dimids = malloc(sizeof(int) * (size_t)nd), err;
    if (!dimids) return NC_ENOMEM;
    if (!(err = ncsf_inq_vardimid(ncid, varid, dimids)) && !(err = ncmpi_inq_unlimdim(ncid, &unlim)))
        for (int d = 0; d < nd && !err; d++) err = ncsf_inq_dimlen(ncid, dimids[d], &shape[d]);
    *rec = dimids[0] == unlim;
    free(dimids);
    return err;
}

/* One variable of an mput/mget: mode, variable, type, coordinates. */
static int check_one(ncsf_file *f, int varid, int put, nc_type itype, int collective, int kind,
                     const MPI_Offset *st, const MPI_Offset *ct, const MPI_Offset *sd)
{
    int nvars = 0, nd = 0, rec = 0;
    nc_type xtype = NC_NAT;
    if (put && f->readonly) return NC_EPERM;
    if (f->indef) return NC_EINDEFINE;
    if (collective && f->indep) return NC_EINDEP;
    if (!collective && !f->indep) return NC_ENOTINDEP;
    if (varid == NC_GLOBAL) return NC_EGLOBAL;
    int err = ncmpi_inq_nvars(f->ncid, &nvars);
    if (err) return err;
    if (varid < 0 || varid >= nvars) return NC_ENOTVAR;
    if ((err = ncmpi_inq_vartype(f->ncid, varid, &xtype)) || (err = ncsf_inq_varndims(f->ncid, varid, &nd)))
        return err;
    if (itype != NC_NAT && (itype == NC_CHAR) != (xtype == NC_CHAR)) return NC_ECHAR;
    if (kind == NCSF_VAR || nd <= 0) return NC_NOERR;
    MPI_Offset *shape = malloc(sizeof(MPI_Offset) * (size_t)nd);
    if (!shape) return NC_ENOMEM;
    err = shape_of(f->ncid, varid, nd, shape, &rec);
    if (!err) err = check_coords(!put, rec, f->format != NC_FORMAT_CDF5, nd, shape, kind, st, ct, sd);
    free(shape);
    return err;
}

int ncsfi_multi_check(int ncid, int num, const int *varids, int put, nc_type itype, int collective,
                      int kind, MPI_Offset *const *starts, MPI_Offset *const *counts,
                      MPI_Offset *const *strides)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = NC_NOERR;
    if (!f) return NC_EBADID;
    if (num > 0 && !varids) err = NC_EINVAL;
    for (int i = 0; i < num && !err; i++)      /* none: PnetCDF's, nothing to check */
        err = check_one(f, varids[i], put, itype, collective, kind,
                        starts ? starts[i] : NULL, counts ? counts[i] : NULL, strides ? strides[i] : NULL);
    if (!collective) return err;
    if (f->safe_mode) {
        /* safe mode: every rank gets the lowest error, and nothing moves */
        int low = err;
        if (MPI_Allreduce(&err, &low, 1, MPI_INT, MPI_MIN, f->comm) != MPI_SUCCESS) return NC_EMPI;
        return low;
    }
    if (!err) return NC_NOERR;
    /* a collective call refused for its mode fails on every rank alike;
     * any other error is this rank's own: it joins the others' wait with
     * nothing, as PnetCDF's does */
    if (err == NC_EPERM || err == NC_EINDEFINE || err == NC_EINDEP || err == NC_ENOTINDEP) return err;
    ncsf_wait_all(ncid, 0, NULL, NULL);
    return err;
}
