/* surgery.c: see surgery.h. netCDF-C only: no MPI, no PnetCDF, no ncsf. */
#include <netcdf.h>
#include <string.h>
#include "surgery.h"

static int var_of(int ncid, const char *var, int *v)
{
    if (!var) { *v = NC_GLOBAL; return NC_NOERR; }
    return nc_inq_varid(ncid, var, v);
}

int surgery_put_att(const char *path, const char *var, const char *att, int type, long long n,
                    const void *vals)
{
    int ncid, v, err = nc_open(path, NC_WRITE, &ncid);
    if (err) return err;
    if (!(err = var_of(ncid, var, &v)) && !(err = nc_redef(ncid))) {
        if (type == NC_CHAR) err = nc_put_att_text(ncid, v, att, (size_t)n, vals);
        else if (type == NC_INT) err = nc_put_att_int(ncid, v, att, NC_INT, (size_t)n, vals);
        else err = nc_put_att_longlong(ncid, v, att, NC_INT64, (size_t)n, vals);
    }
    int e = nc_close(ncid);
    return err ? err : e;
}

int surgery_get_text(const char *path, const char *var, const char *att, char *buf, int len)
{
    int ncid, v, err = nc_open(path, NC_NOWRITE, &ncid);
    size_t n = 0;
    if (err) return err;
    if (!(err = var_of(ncid, var, &v)) && !(err = nc_inq_attlen(ncid, v, att, &n))) {
        if ((int)n >= len) err = NC_ERANGE;
        else if (!(err = nc_get_att_text(ncid, v, att, buf))) buf[n] = 0;
    }
    nc_close(ncid);
    return err;
}

int surgery_dimlen(const char *path, const char *name, long long *len)
{
    int ncid, d, err = nc_open(path, NC_NOWRITE, &ncid);
    size_t n = 0;
    if (err) return err;
    if (!(err = nc_inq_dimid(ncid, name, &d)) && !(err = nc_inq_dimlen(ncid, d, &n))) *len = (long long)n;
    nc_close(ncid);
    return err;
}

static int copy_atts(int in, int vin, int out, int vout)
{
    int natts, err = nc_inq_varnatts(in, vin, &natts);
    char name[NC_MAX_NAME + 1];
    for (int i = 0; !err && i < natts; i++)
        if (!(err = nc_inq_attname(in, vin, i, name))) err = nc_copy_att(in, vin, name, out, vout);
    return err;
}

int surgery_clone_with_dimlen(const char *src, const char *dst, const char *dim, long long len)
{
    int in, out, fmt, ndims, nvars, unlim, err = nc_open(src, NC_NOWRITE, &in);
    if (err) return err;
    nc_inq_format(in, &fmt);
    int cmode = NC_CLOBBER | (fmt == NC_FORMAT_CDF5 ? NC_64BIT_DATA : fmt == NC_FORMAT_64BIT_OFFSET ? NC_64BIT_OFFSET : 0);
    if ((err = nc_create(dst, cmode, &out))) { nc_close(in); return err; }
    nc_set_fill(out, NC_NOFILL, NULL);
    err = nc_inq(in, &ndims, &nvars, NULL, &unlim);
    for (int d = 0; !err && d < ndims; d++) {
        char name[NC_MAX_NAME + 1];
        size_t n;
        int id;
        if ((err = nc_inq_dim(in, d, name, &n))) break;
        if (!strcmp(name, dim)) n = (size_t)len;
        err = nc_def_dim(out, name, d == unlim ? NC_UNLIMITED : n, &id);
    }
    if (!err) err = copy_atts(in, NC_GLOBAL, out, NC_GLOBAL);
    for (int v = 0; !err && v < nvars; v++) {
        char name[NC_MAX_NAME + 1];
        int nd, dimids[NC_MAX_VAR_DIMS], id;
        nc_type t;
        if ((err = nc_inq_var(in, v, name, &t, &nd, dimids, NULL))) break;
        if (!(err = nc_def_var(out, name, t, nd, dimids, &id))) err = copy_atts(in, v, out, id);
    }
    int e = nc_close(out);
    nc_close(in);
    return err ? err : e;
}
