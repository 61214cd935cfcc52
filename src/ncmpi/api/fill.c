/*
 * fill.c: ncmpi_fill_var_rec on a subfiled record variable. PnetCDF's own
 * would write the fill value into the placeholder's record (the base file's
 * record count then disagrees with the subfiles'); here the record is
 * written, through the engine, into the subfiles that hold it. And the
 * records a subfiled record variable defined after a redef finds there
 * already, filled at that enddef as PnetCDF fills them.
 */
#include <stdlib.h>
#include <string.h>
#include "ncsf_internal.h"

int ncsf_fill_var_rec(int ncid, int varid, MPI_Offset recno)
{
    int route = ncsfi_route_collective(ncid, varid, 1);
    if (route < 0) return route;
    if (route == 0) return ncmpi_fill_var_rec(ncid, varid, recno);
    ncsf_file *f = ncsfi_lookup(ncid);
    ncsf_var *v = ncsfi_var(f, varid);
    /* what PnetCDF checks, in its order; the same on every process */
    if (!v->lay->record) return NC_ENOTRECVAR;
    int nofill = 1, hasatt = ncmpi_inq_att(ncid, varid, "_FillValue", NULL, NULL) == NC_NOERR;
    unsigned char value[8];
    int err = ncmpi_inq_var_fill(ncid, varid, &nofill, value);
    if (err) return err;
    if (nofill && !hasatt) return NC_ENOTFILL;
    if (recno < 0) return NC_EINVALCOORDS;
    /* the whole record from the first process, nothing from the others */
    MPI_Offset start[SF_MAX_DIMS], count[SF_MAX_DIMS], n = f->rank == 0;
    int es = ncsfi_xsize(v->xtype);
    start[0] = recno;
    count[0] = f->rank == 0;
    for (int d = 1; d < v->ndims; d++) {
        start[d] = 0;
        count[d] = f->rank == 0 ? v->lay->gsize[d] : 0;
        n = ncsfi_mul_add(n, count[d], 0);
    }
    char *buf = n >= 0 && n <= (MPI_Offset)(PTRDIFF_MAX / 8) ? malloc((size_t)n * es + 1) : NULL;
    err = ncsfi_agreef(f, buf ? NC_NOERR : NC_ENOMEM);
    if (err) {
        free(buf);
        return err;
    }
    for (MPI_Offset i = 0; i < n; i++) memcpy(buf + i * es, value, es);
    ncsf_call c;
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start;
    c.count = count;
    c.buf = buf;
    c.bufcount = n;
    c.buftype = MPI_DATATYPE_NULL; /* the variable's own type */
    err = ncsfi_dispatch(ncid, varid, &c);
    free(buf);
    return err;
}

/* Bytes of fill values written in one collective put, at most (whole
 * records: one record more than this still goes in one put). */
#define FILL_BATCH_BYTES ((MPI_Offset)8 << 20)

/* Records [0, nrecs) of v, all from process 0, in batches of whole
 * records; every process makes the same calls. */
static int fill_records(ncsf_file *f, ncsf_var *v, const unsigned char *value, MPI_Offset nrecs)
{
    int es = ncsfi_xsize(v->xtype), err = NC_NOERR;
    MPI_Offset per_rec = 1;
    for (int d = 1; d < v->ndims; d++) per_rec = ncsfi_mul_add(per_rec, v->lay->gsize[d], 0);
    if (per_rec < 0) return NC_EINTOVERFLOW;
    if (per_rec == 0) return NC_NOERR;
    MPI_Offset batch = FILL_BATCH_BYTES / es / per_rec;
    if (batch < 1) batch = 1;
    if (batch > nrecs) batch = nrecs;
    MPI_Offset n = f->rank == 0 ? ncsfi_mul_add(batch, per_rec, 0) : 0;
    char *buf = n >= 0 && n <= (MPI_Offset)(PTRDIFF_MAX / 8) ? malloc((size_t)n * es + 1) : NULL;
    err = ncsfi_agreef(f, buf ? NC_NOERR : NC_ENOMEM);
    for (MPI_Offset i = 0; !err && i < n; i++) memcpy(buf + i * es, value, es);
    for (MPI_Offset r = 0; !err && r < nrecs; r += batch) {
        MPI_Offset start[SF_MAX_DIMS] = {0}, count[SF_MAX_DIMS];
        start[0] = r;
        count[0] = f->rank == 0 ? (nrecs - r < batch ? nrecs - r : batch) : 0;
        for (int d = 1; d < v->ndims; d++) count[d] = f->rank == 0 ? v->lay->gsize[d] : 0;
        ncsf_call c;
        ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_COLL);
        c.start = start;
        c.count = count;
        c.buf = buf;
        c.bufcount = f->rank == 0 ? count[0] * per_rec : 0;
        c.buftype = MPI_DATATYPE_NULL; /* the variable's own type */
        err = ncsfi_dispatch(f->ncid, v->varid, &c);
    }
    free(buf);
    return err;
}

int ncsfi_fill_new_records(ncsf_file *f, const int *isnew)
{
    MPI_Offset nrecs = f->numrecs, base = 0;
    int unlim = -1, err = NC_NOERR;
    if (ncmpi_inq_unlimdim(f->ncid, &unlim) == NC_NOERR && unlim >= 0 &&
        ncmpi_inq_dimlen(f->ncid, unlim, &base) == NC_NOERR && base > nrecs)
        nrecs = base;
    for (int i = 0; !err && nrecs > 0 && i < f->nvars_cap; i++) {
        ncsf_var *v = f->vars[i];
        unsigned char value[8];
        int nofill = 1;
        if (!isnew[i] || !v || !v->lay->record || v->broken) continue;
        /* as PnetCDF: the variable's fill mode decides, not a _FillValue */
        if (ncmpi_inq_var_fill(f->ncid, v->varid, &nofill, value) != NC_NOERR || nofill) continue;
        err = fill_records(f, v, value, nrecs);
    }
    return err;
}
