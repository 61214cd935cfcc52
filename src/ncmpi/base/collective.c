/*
 * collective.c: the shape every collective entry point of src/ncmpi takes
 * (doc/architecture.md, "The collective discipline"):
 *
 *   1. local checks, each noted (ncsfi_coll_note);
 *   2. one agreement on the worst error (ncsfi_coll_agree): from here on
 *      every rank has the same error and goes the same way;
 *   3. only steps that every rank takes, whatever they return on one rank
 *      (each result noted, none returned early);
 *   4. one agreement on the outcome (ncsfi_coll_end), which is returned.
 *
 * An agreement is one reduction to the minimum (netCDF errors are
 * negative): the engine's sf_agree_min.
 */
#include "ncsfi_base.h"

int ncsfi_agree(MPI_Comm comm, int yield, int err)
{
    int e = err;
    return sf_agree_min(comm, yield, &e) == SF_OK ? e : err ? err : NC_EMPI;
}

int ncsfi_agree_words(MPI_Comm comm, int yield, int64_t *v, int n, MPI_Op op)
{
    return sf_agree_words(comm, yield, v, n, op) == SF_OK ? NC_NOERR : NC_EMPI;
}

int ncsfi_agreef(const ncsf_file *f, int err)
{
    return ncsfi_agree(f->comm, f->yield, err);
}

int ncsfi_agree_defs(ncsf_file *f, int err, int *any_subfiled)
{
    /* ~ reverses the order: both maxima are ours only if all are equal;
     * the error codes are negative: the largest -err is the worst */
    long long h = (long long)(f->defs_hash >> 1);
    long long v[4] = {-(long long)err, h, ~h, f->defs_subfiled}, m[4];
    *any_subfiled = f->defs_subfiled;
    /* it agrees on the outcome: a trusted reduction (fault.h) */
    if ((MPI_Allreduce)(v, m, 4, MPI_LONG_LONG, MPI_MAX, f->comm) != MPI_SUCCESS) return err ? err : NC_EMPI;
    *any_subfiled = m[3] != 0;
    err = (int)-m[0];
    if (!err && m[3] && (m[1] != v[1] || m[2] != v[2])) err = NC_EMULTIDEFINE;
    return err;
}

void ncsfi_coll_begin(ncsf_coll *c, MPI_Comm comm, int yield)
{
    c->comm = comm;
    c->yield = yield;
    c->err = NC_NOERR;
}

void ncsfi_coll_begin_file(ncsf_coll *c, const ncsf_file *f)
{
    ncsfi_coll_begin(c, f->comm, f->yield);
}

int ncsfi_coll_note(ncsf_coll *c, int err)
{
    if (!c->err) c->err = err;
    return c->err;
}

int ncsfi_coll_agree(ncsf_coll *c)
{
    c->err = ncsfi_agree(c->comm, c->yield, c->err);
    return c->err;
}

int ncsfi_coll_end(ncsf_coll *c)
{
    return ncsfi_coll_agree(c);
}

int ncsfi_agree_pnetcdf(const ncsf_file *f, int own)
{
    int worst = ncsfi_agreef(f, own);
    return own ? own : worst;
}
