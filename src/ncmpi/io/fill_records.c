/*
 * fill_records.c: the records a subfiled record variable defined after a
 * redef finds in the dataset already, filled with its fill value at that
 * enddef, as PnetCDF fills them (when the variable's fill mode says so),
 * through the data path (io/getput.c), from process 0.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ncsfi_io.h"

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
        memset(&c, 0, sizeof c);
        c.put = 1, c.kind = NCSF_VARA, c.mode = NCSF_MODE_COLL, c.itype = NC_NAT;
        c.start = start;
        c.count = count;
        c.buf = buf;
        c.bufcount = f->rank == 0 ? count[0] * per_rec : 0;
        c.buftype = MPI_DATATYPE_NULL; /* the variable's own type */
        /* the data path below the entry points: every process runs,
         * one whose request was refused with nothing */
        ncsf_prepared p, *pp = &p, *none = NULL;
        int prep = ncsfi_prepare(f, v, &c, 0, &p);
        err = ncsfi_run(f, 1, prep ? &none : &pp, 1, prep, 1);
        if (!prep && !err) err = ncsfi_finish(&p);
        ncsfi_release(&p);
    }
    free(buf);
    return err;
}

int ncsfi_fill_new_records(ncsf_file *f, const int *isnew)
{
    ncsfi_numrecs_follow(f);
    MPI_Offset nrecs = f->numrecs;
    int err = NC_NOERR;
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
