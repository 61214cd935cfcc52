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
#include "ncsf_internal.h"

int ncsfi_agree(MPI_Comm comm, int yield, int err)
{
    int e = err;
    return sf_agree_min(comm, yield, &e) == SF_OK ? e : err ? err : NC_EMPI;
}

int ncsfi_agreef(const ncsf_file *f, int err)
{
    return ncsfi_agree(f->comm, f->yield, err);
}
