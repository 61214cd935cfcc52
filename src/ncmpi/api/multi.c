/*
 * multi.c: the mput/mget calls, which name several variables at once.
 * PnetCDF serves them as one non-blocking request per variable completed
 * together; ncsf does the same with its own iput/iget and wait, so that a
 * subfiled variable among them reaches its subfiles (handed to PnetCDF
 * whole, its requests would write the base file's placeholder). The
 * wrappers themselves are generated (api_getput.m4).
 */
#include <stdlib.h>
#include "ncsf_internal.h"

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
