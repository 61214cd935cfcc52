/*
 * max_req.c: PnetCDF's 2 GiB limit on one request.
 *
 * PnetCDF 1.12.3 built without --enable-large-single-req (as
 * PNETCDF_LARGE_SINGLE_REQ in pnetcdf.h says) refuses, with NC_EMAX_REQ,
 * a request of more than 2^31-1 bytes in the file's type, when it is
 * posted or made, and the requests one wait completes together (puts
 * apart from gets) when they add up to more: each process for itself,
 * not agreed; a refused process joins a collective wait with nothing.
 * ncsf's engine has no such limit, but the contract is PnetCDF's, so
 * ncsf refuses the same requests. NCSF_LARGE_REQ=1 in the environment
 * lifts the limit for a program that wants ncsf to do them.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "ncsfi_io.h"

static int limited(void)
{
#if defined(PNETCDF_LARGE_SINGLE_REQ) && PNETCDF_LARGE_SINGLE_REQ
    return 0;
#else
    const char *e = getenv("NCSF_LARGE_REQ");
    return !(e && !strcmp(e, "1"));
#endif
}

int ncsfi_max_req(MPI_Offset nelems, int xsize)
{
    return limited() && nelems > 0 && nelems > INT_MAX / (xsize > 0 ? xsize : 1) ? NC_EMAX_REQ : NC_NOERR;
}

int ncsfi_max_req_over(ncsf_prepared *const *ps, int n, int put)
{
    if (!limited()) return 0;
    MPI_Offset bytes = 0;
    for (int i = 0; i < n; i++)
        if (ps[i] && ps[i]->v && (ps[i]->put != 0) == (put != 0))
            bytes += ps[i]->nelems * ncsfi_xsize(ps[i]->v->xtype);
    return bytes > INT_MAX;
}
