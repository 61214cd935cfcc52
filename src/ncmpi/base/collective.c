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
#include <stdio.h>
#include <string.h>

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

int ncsfi_agree_defs(ncsf_file *f, int err, const unsigned char *id, int *any_subfiled, int *foreign)
{
    /* ~ reverses the order: both maxima are ours only if all are equal;
     * the error codes are negative: the largest -err is the worst; the
     * identity is process 0's (INT64_MIN elsewhere) */
    int64_t h = (int64_t)(f->defs_hash >> 1);
    int64_t v[7] = {-(int64_t)err, h, ~h, f->defs_subfiled, INT64_MIN, INT64_MIN, *foreign != 0};
    if (id) memcpy(&v[4], id, 16);
    int64_t mine[3] = {v[1], v[2], v[3]};
    *any_subfiled = f->defs_subfiled;
    /* it agrees on the outcome: never made to fail by fault injection */
    if (ncsfi_agree_words(f->comm, f->yield, v, 7, MPI_MAX) != NC_NOERR) return err ? err : NC_EMPI;
    *any_subfiled = v[3] != 0;
    *foreign = (int)v[6];
    err = (int)-v[0];
    if (!err && v[3] && (v[1] != mine[0] || v[2] != mine[1])) err = NC_EMULTIDEFINE;
    if (!err && f->dsid_pending) {
        unsigned char b[16];
        memcpy(b, &v[4], 16);
        for (int i = 0; i < 16; i++) snprintf(f->dsid + 2 * i, 3, "%02x", b[i]);
    }
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
