/*
 * dispatch.c: one put or get call on a subfiled variable, from the API
 * (api_getput.c, fill.c, vard.c) into the data path: PnetCDF's mode checks,
 * then a blocking call prepared and run (io/getput.c) or a non-blocking one
 * posted (io/nonblocking.c).
 */
#include <string.h>
#include "ncsfi_api.h"

void ncsfi_call_init(ncsf_call *c, int put, int kind, int mode)
{
    memset(c, 0, sizeof *c);
    c->put = put;
    c->kind = kind;
    c->mode = mode;
    c->itype = NC_NAT;
    c->bufcount = -1;
    c->buftype = MPI_DATATYPE_NULL;
}

int ncsfi_dispatch(int ncid, int varid, ncsf_call *c)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    ncsf_var *v = ncsfi_var(f, varid);
    ncsf_prepared p, *pp = &p;
    int err, prep_err;

    /* PnetCDF's order; non-blocking calls may be posted in define mode
     * (they wait for the enddef) */
    if (c->put && f->readonly) return NC_EPERM;
    if (f->indef && c->mode != NCSF_MODE_NB && c->mode != NCSF_MODE_BPUT) return NC_EINDEFINE;
    if (c->mode == NCSF_MODE_COLL && f->indep) return NC_EINDEP;
    if (c->mode == NCSF_MODE_INDEP && !f->indep) return NC_ENOTINDEP;
    if (c->mode == NCSF_MODE_BPUT) {
        /* ncsf copies the data into memory of its own, but a bput needs a
         * buffer attached, as PnetCDF checks after the typed call's
         * text/number mismatch and before the coordinates */
        if (c->itype != NC_NAT && (c->itype == NC_CHAR) != (v->xtype == NC_CHAR)) return NC_ECHAR;
        MPI_Offset size;
        if (ncmpi_inq_buffer_size(ncid, &size) == NC_ENULLABUF) return NC_ENULLABUF;
    }
    if (c->pre_err && c->mode != NCSF_MODE_COLL) return c->pre_err;
    if (c->mode == NCSF_MODE_NB || c->mode == NCSF_MODE_BPUT) return ncsfi_post(f, v, c);

    if (c->pre_err) {
        memset(&p, 0, sizeof p);
        p.v = v;
        err = prep_err = c->pre_err;
    } else {
        err = prep_err = ncsfi_prepare(f, v, c, 0, &p);
    }
    /* PnetCDF's collective put of a record variable sets the record count
     * to one past the last record its start, count and stride name
     * (start + (count - 1) * stride + 1), also when it moves nothing; an
     * independent put, a non-blocking put or a varn of nothing is dropped
     * before that (1.12.3: ncmpio_getput.m4, ncmpio_i_getput.m4); PnetCDF
     * 1.14 and 1.15 count only a put that moves something */
    if (!prep_err && c->put && c->mode == NCSF_MODE_COLL && v->lay->record && !p.has_nr && p.nreq == 1 &&
        (!NCSF_PNETCDF_AT_LEAST(1, 14) || p.nelems > 0))
        p.rec_end = p.reqs[0].start[0] + (p.reqs[0].count[0] - 1) * p.reqs[0].stride[0] + 1;
    if (c->mode == NCSF_MODE_COLL) {
        /* a rank whose arguments were bad joins with nothing and gets its
         * error, the others proceed (PnetCDF's contract); in safe mode, or
         * out of memory, every rank gets it and nothing moves */
        ncsf_prepared *none = NULL;
        int shared = prep_err && (f->safe_mode || prep_err == NC_ENOMEM) ? prep_err : NC_NOERR;
        err = ncsfi_run(f, 1, prep_err ? &none : &pp, 1, shared, c->put ? 1 : 2);
        if (prep_err) err = prep_err;
    } else if (!err) {
        err = ncsfi_run(f, 1, &pp, 0, NC_NOERR, c->put ? 1 : 2);
    }
    if (!prep_err) {
        int e = ncsfi_finish(&p);
        if (!err) err = e;
    }
    ncsfi_release(&p);
    return err;
}
