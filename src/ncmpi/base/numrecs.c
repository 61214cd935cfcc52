/*
 * numrecs.c: the dataset's record count. ncsf counts the records its puts
 * give subfiled variables (ncsf_file.numrecs); PnetCDF counts those of the
 * variables it keeps in the base file. In netCDF every record variable has
 * every record, so wherever ncsf uses the count (a put_var or get_var on a
 * subfiled record variable, the records a new variable is filled to, the
 * length its subfiles are finished to) it first takes PnetCDF's when that
 * is larger.
 */
#include "ncsfi_base.h"

void ncsfi_numrecs_follow(ncsf_file *f)
{
    int unlim = -1;
    MPI_Offset n = 0;
    if (!f->via_subfile && ncmpi_inq_unlimdim(f->ncid, &unlim) == NC_NOERR && unlim >= 0 &&
        ncmpi_inq_dimlen(f->ncid, unlim, &n) == NC_NOERR && n > f->numrecs)
        f->numrecs = n;
}

int ncsfi_numrecs_agree(ncsf_file *f)
{
    /* int64, not MPI_OFFSET (Open MPI 4.1.4 orders it as unsigned) */
    if (MPI_Allreduce(MPI_IN_PLACE, &f->numrecs, 1, MPI_INT64_T, MPI_MAX, f->comm) != MPI_SUCCESS)
        return NC_EMPI;
    return NC_NOERR;
}
