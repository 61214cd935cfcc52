/*
 * nc4out.c: writing a netCDF-4/HDF5 file through netCDF-C, for ncsf-merge's
 * --format netcdf4 (see nc4out.h for why these wrappers exist).
 */
#include <netcdf.h>
#include "nc4out.h"

int nc4out_create(const char *path, int *id)
{
    return nc_create(path, NC_NETCDF4 | NC_CLOBBER, id);
}

int nc4out_def_dim(int id, const char *name, long long len, int unlimited, int *dim)
{
    return nc_def_dim(id, name, unlimited ? NC_UNLIMITED : (size_t)len, dim);
}

int nc4out_def_var(int id, const char *name, int type, int nd, const int *dims, int deflate, int shuffle,
                const long long *chunk, int *var)
{
    int err = nc_def_var(id, name, (nc_type)type, nd, dims, var);
    if (!err && nd > 0 && chunk) {
        size_t c[NC_MAX_VAR_DIMS];
        for (int d = 0; d < nd && d < NC_MAX_VAR_DIMS; d++) c[d] = (size_t)chunk[d];
        err = nc_def_var_chunking(id, *var, NC_CHUNKED, c);
    }
    if (!err && nd > 0 && deflate > 0) err = nc_def_var_deflate(id, *var, shuffle, 1, deflate);
    return err;
}

int nc4out_put_att(int id, int var, const char *name, int type, long long len, const void *vals)
{
    int v = var == NC4_GLOBAL ? NC_GLOBAL : var;
    if (type == NC_CHAR) return nc_put_att_text(id, v, name, (size_t)len, vals);
    return nc_put_att(id, v, name, (nc_type)type, (size_t)len, vals);
}

int nc4out_enddef(int id)
{
    return nc_enddef(id);
}

int nc4out_put_vara(int id, int var, int nd, const long long *start, const long long *count, const void *buf)
{
    size_t s[NC_MAX_VAR_DIMS], c[NC_MAX_VAR_DIMS];
    for (int d = 0; d < nd && d < NC_MAX_VAR_DIMS; d++) {
        s[d] = (size_t)start[d];
        c[d] = (size_t)count[d];
    }
    return nc_put_vara(id, var, s, c, buf);
}

int nc4out_close(int id)
{
    return nc_close(id);
}

const char *nc4out_strerror(int status)
{
    return nc_strerror(status);
}
