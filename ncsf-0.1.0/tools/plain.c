/*
 * plain.c: what the tools read with PnetCDF itself, not through ncsf:
 * headers of single files, which must be readable even when the rest of
 * the dataset is missing or damaged.
 */
#define NCSF_NO_REDIRECT
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "copy.h"

/* If in is a subfile whose base file sits beside it, the base's path. */
const char *tool_base_of_subfile(const char *in, char *buf, int len)
{
    int ncid, err;
    nc_type t;
    MPI_Offset n;
    /* plain PnetCDF on this process: only the header is read */
    err = ncmpi_open(MPI_COMM_SELF, in, NC_NOWRITE, MPI_INFO_NULL, &ncid);
    if (err) return in;
    if (ncmpi_inq_att(ncid, NC_GLOBAL, "subfiling_base", &t, &n) == NC_NOERR && t == NC_CHAR &&
        n > 0 && n < 4096) {
        char base[4096];
        ncmpi_get_att_text(ncid, NC_GLOBAL, "subfiling_base", base);
        base[n] = 0;
        const char *slash = strrchr(in, '/');
        if (slash) snprintf(buf, len, "%.*s/%s", (int)(slash - in), in, base);
        else snprintf(buf, len, "%s", base);
        ncmpi_close(ncid);
        struct stat sb;
        return stat(buf, &sb) == 0 ? buf : in;
    }
    ncmpi_close(ncid);
    return in;
}
