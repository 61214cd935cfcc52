/*
 * route.c: where a call on a variable goes, ncsf or PnetCDF, and for a
 * collective call the agreement of every rank on it.
 */
#include "ncsfi_api.h"

/* Where a call goes: 1 ncsf, 0 PnetCDF, or NC_EBADID for an ncid no
 * dataset of this process has (PnetCDF 1.12 would dereference NULL). */
int ncsfi_route(int ncid, int varid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    if (!f) return NC_EBADID;
    return ncsfi_var(f, varid) != NULL;
}

/* The same for a collective call: in a dataset with subfiled variables
 * every rank must take the same path (the engine's collectives and
 * PnetCDF's are different calls), so the ranks agree first, in the
 * engine's first reduction: a subfiled variable goes on into the engine
 * (which agrees as part of the call), any other joins that reduction
 * alone here and learns where the others go. A varid that is no variable
 * on some rank, or a subfiled variable on some ranks and an ordinary one
 * on others, is refused on every rank before anything else. */
int ncsfi_route_collective(int ncid, int varid, int put)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int nvars = 0;
    if (!f) return NC_EBADID;
    if (!f->nsubfiled) return 0;
    /* permission and define mode are the same on every rank, and checked
     * before the variable, as PnetCDF does */
    if (put && f->readonly) return NC_EPERM;
    if (f->indef) return NC_EINDEFINE;
    if (ncsfi_var(f, varid)) return 1;
    int bad = ncmpi_inq_nvars(ncid, &nvars) != NC_NOERR || varid < 0 || varid >= nvars;
    /* a variable that does not exist fails this rank only, as in PnetCDF
     * (the others proceed), unless in safe mode */
    int route = !bad ? SF_ROUTE_OTHER : f->safe_mode ? SF_ROUTE_BAD : SF_ROUTE_ANY;
    sf_call c = {0, NULL, 0, route, 0, 0, 0, 0, 0, NULL, 0, 0, 0};
    int e = sf_access_all(f->ctx, &c);
    /* no subfiled variable anywhere: PnetCDF's call on every rank (it gives
     * a rank with a bad variable its error and lets the others proceed) */
    if (e == SF_OK && !(c.route_bits & (SF_ROUTE_ENGINE | SF_ROUTE_BAD))) return 0;
    if (e == SF_OK && route == SF_ROUTE_ANY) {
        /* took part in the others' engine call with nothing to move */
        ncsfi_set_error(f, 0, "a collective call named variable %d, which does not exist", varid);
        return NC_ENOTVAR;
    }
    return e == SF_ERR_ROUTE ? ncsfi_route_error(f, c.route_bits, c.route) : ncsfi_error_from_engine(e);
}
