/*
 * nc4in.c: a netCDF-4 file of the classic data model copied, through
 * netCDF-C, to a classic (CDF-5, or CDF-2 when every type is a classic
 * one) file, for ncsf-split (see nc4in.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netcdf.h>
#include "nc4in.h"

#define SLAB_BYTES ((size_t)64 << 20)

int nc4in_is_netcdf4(const char *path)
{
    int id, fmt = 0;
    if (nc_open(path, NC_NOWRITE, &id) != NC_NOERR) return 0;
    nc_inq_format(id, &fmt);
    nc_close(id);
    return fmt == NC_FORMAT_NETCDF4 || fmt == NC_FORMAT_NETCDF4_CLASSIC;
}

/* What the classic model cannot hold: a refusal naming it and a remedy. */
static int check_model(int in, char *why, size_t n, int *extended)
{
    int ng = 0, nt = 0, nunlim = 0, unlim[NC_MAX_DIMS], nvars = 0, natts = 0;
    if (nc_inq_grps(in, &ng, NULL) == NC_NOERR && ng > 0)
        return snprintf(why, n, "it has %d group%s: a subfiled dataset is one netCDF classic-model file set; "
                        "split each group's variables from a file of its own (e.g. ncks -G : -g NAME)", ng,
                        ng > 1 ? "s" : ""), 1;
    if (nc_inq_typeids(in, &nt, NULL) == NC_NOERR && nt > 0)
        return snprintf(why, n, "it defines %d user type%s (compound, vlen, enum or opaque), which the classic "
                        "model has not: keep only variables of the atomic types", nt, nt > 1 ? "s" : ""), 1;
    nc_inq_unlimdims(in, &nunlim, unlim);
    if (nunlim > 1)
        return snprintf(why, n, "it has %d unlimited dimensions and the classic model allows one: make the "
                        "others fixed (nccopy -u, then ncks --fix_rec_dmn)", nunlim), 1;
    nc_inq_nvars(in, &nvars);
    nc_inq_natts(in, &natts);
    *extended = 0;
    for (int v = -1; v < nvars; v++) {
        char name[NC_MAX_NAME + 1] = "(global)";
        nc_type t = NC_NAT;
        int nd = 0, dims[NC_MAX_VAR_DIMS], na = natts;
        if (v >= 0 && nc_inq_var(in, v, name, &t, &nd, dims, &na)) return snprintf(why, n, "unreadable variable"), 1;
        if (t == NC_STRING)
            return snprintf(why, n, "variable %s is of type string, which the classic model has not: store it "
                            "as a char array", name), 1;
        if (t > NC_DOUBLE) *extended = 1;
        for (int d = 1; d < nd; d++)
            if (nunlim == 1 && dims[d] == unlim[0])
                return snprintf(why, n, "variable %s uses the unlimited dimension other than first, which the "
                                "classic model does not allow", name), 1;
        for (int a = 0; a < na; a++) {
            char an[NC_MAX_NAME + 1];
            nc_type at;
            if (nc_inq_attname(in, v, a, an) || nc_inq_atttype(in, v, an, &at)) continue;
            if (at == NC_STRING || at > NC_UINT64)
                return snprintf(why, n, "attribute %s of %s is of type %s, which the classic model has not: "
                                "store it as text", an, name, at == NC_STRING ? "string" : "user-defined"), 1;
            if (at > NC_DOUBLE) *extended = 1;
        }
    }
    return 0;
}

static int copy_atts(int in, int out, int v)
{
    int na = 0, err = v < 0 ? nc_inq_natts(in, &na) : nc_inq_varnatts(in, v, &na);
    for (int a = 0; !err && a < na; a++) {
        char an[NC_MAX_NAME + 1];
        if (!(err = nc_inq_attname(in, v, a, an))) err = nc_copy_att(in, v, an, out, v);
    }
    return err;
}

static int define(int in, int out)
{
    int nd = 0, nv = 0, unlim = -1, err = nc_inq(in, &nd, &nv, NULL, &unlim);
    for (int d = 0; !err && d < nd; d++) {
        char name[NC_MAX_NAME + 1];
        size_t len;
        int id;
        if (!(err = nc_inq_dim(in, d, name, &len))) err = nc_def_dim(out, name, d == unlim ? NC_UNLIMITED : len, &id);
    }
    for (int v = 0; !err && v < nv; v++) {
        char name[NC_MAX_NAME + 1];
        nc_type t;
        int ndims, dims[NC_MAX_VAR_DIMS], id;
        if (!(err = nc_inq_var(in, v, name, &t, &ndims, dims, NULL))) err = nc_def_var(out, name, t, ndims, dims, &id);
        if (!err) err = copy_atts(in, out, v);
    }
    if (!err) err = copy_atts(in, out, NC_GLOBAL);
    return err;
}

/* Variable v's values, in slabs of the outermost dimension. */
static int copy_data(int in, int out, int v)
{
    nc_type t;
    int nd, dims[NC_MAX_VAR_DIMS], err = nc_inq_var(in, v, NULL, &t, &nd, dims, NULL);
    size_t es = 0, start[NC_MAX_VAR_DIMS] = {0}, count[NC_MAX_VAR_DIMS], row = 1, len0 = 1;
    if (!err) err = nc_inq_type(in, t, NULL, &es);
    for (int d = 0; !err && d < nd; d++) {
        err = nc_inq_dimlen(in, dims[d], &count[d]);
        if (d) row *= count[d];
        else len0 = count[0];
    }
    if (err || row == 0 || len0 == 0) return err;
    size_t per = nd ? SLAB_BYTES / (row * es) : 1;
    if (per < 1) per = 1;
    if (nd && per > len0) per = len0;
    void *buf = malloc(per * row * es);
    if (!buf) return NC_ENOMEM;
    for (size_t s = 0; !err && s < (nd ? len0 : 1); s += per) {
        if (nd) {
            start[0] = s;
            count[0] = s + per > len0 ? len0 - s : per;
        }
        err = nc_get_vara(in, v, start, count, buf);
        if (!err) err = nc_put_vara(out, v, start, count, buf);
    }
    free(buf);
    return err;
}

int nc4in_to_classic(const char *in_path, const char *out_path, char *why, size_t whylen)
{
    int in, out, nv = 0, extended = 0, err = nc_open(in_path, NC_NOWRITE, &in);
    if (err) return snprintf(why, whylen, "netCDF-C cannot open it: %s", nc_strerror(err)), err;
    if (check_model(in, why, whylen, &extended)) {
        nc_close(in);
        return NC_ENOTNC;
    }
    err = nc_create(out_path, NC_CLOBBER | (extended ? NC_64BIT_DATA : NC_64BIT_OFFSET), &out);
    if (err) {
        snprintf(why, whylen, "cannot create the temporary copy %s: %s", out_path, nc_strerror(err));
        nc_close(in);
        return err;
    }
    int old;
    nc_set_fill(out, NC_NOFILL, &old);
    err = define(in, out);
    if (!err) err = nc_enddef(out);
    if (!err) err = nc_inq_nvars(in, &nv);
    for (int v = 0; !err && v < nv; v++) err = copy_data(in, out, v);
    if (err) snprintf(why, whylen, "copying it through netCDF-C to %s failed: %s", out_path, nc_strerror(err));
    int e2 = nc_close(out);
    nc_close(in);
    if (!err && e2) snprintf(why, whylen, "closing the temporary copy %s failed: %s", out_path, nc_strerror(e2));
    return err ? err : e2;
}
