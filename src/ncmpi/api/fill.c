/*
 * fill.c: ncmpi_fill_var_rec on a subfiled record variable. PnetCDF's own
 * would write the fill value into the placeholder's record (the base file's
 * record count then disagrees with the subfiles'); here the record is
 * written, through the engine, into the subfiles that hold it. (The
 * records a variable defined after a redef finds there already are filled
 * at that enddef: io/fill_records.c.)
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ncsfi_api.h"

int ncsf_fill_var_rec(int ncid, int varid, MPI_Offset recno)
{
    int route = ncsfi_route_collective(ncid, varid, 1);
    if (route < 0) return route;
    /* collective: a process whose mark could not count it returns its
     * error after the others' steps (PnetCDF's fill is joined) */
    int terr = ncsfi_state_touch(ncid);
    if (route == 0) {
        int e = ncmpi_fill_var_rec(ncid, varid, recno);
        return terr ? terr : e;
    }
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
    for (MPI_Offset i = 0; buf && i < n; i++) memcpy(buf + i * es, value, es);
    ncsf_call c;
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start;
    c.count = count;
    c.buf = buf;
    c.bufcount = n;
    c.buftype = MPI_DATATYPE_NULL; /* the variable's own type */
    /* no memory for the record: the call's first reduction tells every
     * process (NC_ENOMEM on all, nothing written; dispatch.c) */
    c.pre_err = terr ? terr : buf ? NC_NOERR : NC_ENOMEM;
    err = ncsfi_dispatch(ncid, varid, &c);
    free(buf);
    return err;
}
