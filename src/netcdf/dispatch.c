/*
 * dispatch.c: the plugin's NC_Dispatch table (netCDF-C's user-defined
 * format NC_UDF0). Inquiries answer from the base file, with each subfiled
 * variable's global dimensions and every subfiling_* attribute hidden;
 * reads go to read.c; every write returns NC_EPERM; the enhanced model's
 * calls answer as for a classic file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netcdf.h>
#include <netcdf_dispatch.h>
#include "ncsfnc.h"

#define FILE_OR_FAIL(f, ncid)        \
    ncsfnc_file *f = ncsfnc_find(ncid); \
    if (!f) return NC_EBADID

/* netCDF-C 4.10 registers a magic number for a user-defined format from
 * .ncrc (NETCDF.UDFn.MAGIC). One that classic files start with ("CDF")
 * sends every classic open to the plugin, its own opens of the base file
 * and the subfiles too, which would recurse: 1 if a slot holding this
 * table has such a magic number. */
static int classic_magic(const NC_Dispatch *me)
{
#ifdef NC_UDF9
    static const int slot[] = {NC_UDF0, NC_UDF1, NC_UDF2, NC_UDF3, NC_UDF4,
                               NC_UDF5, NC_UDF6, NC_UDF7, NC_UDF8, NC_UDF9};
#else
    static const int slot[] = {NC_UDF0, NC_UDF1};
#endif
    for (size_t i = 0; i < sizeof slot / sizeof slot[0]; i++) {
        NC_Dispatch *t = NULL;
        char magic[NC_MAX_MAGIC_NUMBER_LEN + 1] = {0};
        if (nc_inq_user_format(slot[i], &t, magic) || t != me || !magic[0]) continue;
        size_t n = strlen(magic) < 3 ? strlen(magic) : 3;
        if (!strncmp(magic, "CDF", n)) return 1;
    }
    return 0;
}

static int ro_open(const char *path, int mode, int basepe, size_t *chunk, void *params,
                   const NC_Dispatch *table, int ncid)
{
    (void)basepe, (void)chunk, (void)params;
    if (classic_magic(table)) {
        ncsfnc_say(NULL, "%s: refused: the plugin's format has a magic number classic files start with "
                   "(NETCDF.UDFn.MAGIC in .ncrc); leave it out and open with NC_UDF0", path);
        return NC_EINVAL;
    }
    return ncsfnc_open(path, mode, ncid);
}

static int ro_sync(int ncid)
{
    FILE_OR_FAIL(f, ncid);
    return NC_NOERR;
}

static int inq_format(int ncid, int *fmt)
{
    FILE_OR_FAIL(f, ncid);
    if (fmt) *fmt = f->format;
    return NC_NOERR;
}

static int inq_format_extended(int ncid, int *formatx, int *mode)
{
    FILE_OR_FAIL(f, ncid);
    if (formatx) *formatx = NC_FORMATX_UDF0;
    if (mode) *mode = f->mode;
    return NC_NOERR;
}

static int inq(int ncid, int *ndims, int *nvars, int *natts, int *unlim)
{
    FILE_OR_FAIL(f, ncid);
    int err = nc_inq(f->base, ndims, nvars, NULL, unlim);
    if (natts) *natts = f->ngatts;
    return err;
}

static const char *const type_names[] = {NULL, "byte", "char", "short", "int", "float", "double",
                                         "ubyte", "ushort", "uint", "int64", "uint64"};

static int inq_type(int ncid, nc_type t, char *name, size_t *size)
{
    FILE_OR_FAIL(f, ncid);
    if (t < NC_BYTE || t > NC_UINT64) return NC_EBADTYPE;
    if (name) strcpy(name, type_names[t]);
    if (size) *size = ncsfnc_type_size(t);
    return NC_NOERR;
}

static int inq_dimid(int ncid, const char *name, int *id)
{
    FILE_OR_FAIL(f, ncid);
    return nc_inq_dimid(f->base, name, id);
}

static int inq_dim(int ncid, int dimid, char *name, size_t *len)
{
    FILE_OR_FAIL(f, ncid);
    return nc_inq_dim(f->base, dimid, name, len);
}

static int inq_unlimdim(int ncid, int *id)
{
    FILE_OR_FAIL(f, ncid);
    return nc_inq_unlimdim(f->base, id);
}

/* ---- attributes: the base file's, subfiling_* hidden ------------------ */

static int att_list(ncsfnc_file *f, int varid, int *n, const int **map)
{
    if (varid == NC_GLOBAL) {
        *n = f->ngatts;
        *map = f->gattmap;
        return NC_NOERR;
    }
    if (varid < 0 || varid >= f->nvars) return NC_ENOTVAR;
    *n = f->vars[varid].natts;
    *map = f->vars[varid].attmap;
    return NC_NOERR;
}

static int inq_att(int ncid, int varid, const char *name, nc_type *t, size_t *len)
{
    FILE_OR_FAIL(f, ncid);
    if (ncsfnc_is_hidden(name)) return NC_ENOTATT;
    return nc_inq_att(f->base, varid, name, t, len);
}

static int inq_attid(int ncid, int varid, const char *name, int *idp)
{
    FILE_OR_FAIL(f, ncid);
    int n, id, err;
    const int *map;
    if ((err = att_list(f, varid, &n, &map))) return err;
    if (ncsfnc_is_hidden(name)) return NC_ENOTATT;
    if ((err = nc_inq_attid(f->base, varid, name, &id))) return err;
    for (int i = 0; i < n; i++)
        if (map[i] == id) {
            if (idp) *idp = i;
            return NC_NOERR;
        }
    return NC_ENOTATT;
}

static int inq_attname(int ncid, int varid, int attnum, char *name)
{
    FILE_OR_FAIL(f, ncid);
    int n, err;
    const int *map;
    if ((err = att_list(f, varid, &n, &map))) return err;
    if (attnum < 0 || attnum >= n) return NC_ENOTATT;
    return nc_inq_attname(f->base, varid, map[attnum], name);
}

#define ATT(T, SFX) case T: return nc_get_att_##SFX(f->base, varid, name, value);

static int get_att(int ncid, int varid, const char *name, void *value, nc_type mt)
{
    FILE_OR_FAIL(f, ncid);
    if (ncsfnc_is_hidden(name)) return NC_ENOTATT;
    switch (mt) {
    ATT(NC_BYTE, schar)
    ATT(NC_CHAR, text)
    ATT(NC_SHORT, short)
    ATT(NC_INT, int)
    ATT(NC_FLOAT, float)
    ATT(NC_DOUBLE, double)
    ATT(NC_UBYTE, uchar)
    ATT(NC_USHORT, ushort)
    ATT(NC_UINT, uint)
    ATT(NC_INT64, longlong)
    ATT(NC_UINT64, ulonglong)
    default: return nc_get_att(f->base, varid, name, value);
    }
}

/* ---- variables -------------------------------------------------------- */

static int inq_varid(int ncid, const char *name, int *id)
{
    FILE_OR_FAIL(f, ncid);
    return nc_inq_varid(f->base, name, id);
}

static int inq_var_all(int ncid, int varid, char *name, nc_type *xtypep, int *ndimsp, int *dimidsp, int *nattsp,
                       int *shufflep, int *deflatep, int *deflate_levelp, int *fletcher32p, int *contiguousp,
                       size_t *chunksizesp, int *no_fill, void *fill_valuep, int *endiannessp, unsigned int *idp,
                       size_t *nparamsp, unsigned int *params)
{
    (void)chunksizesp;
    FILE_OR_FAIL(f, ncid);
    if (varid < 0 || varid >= f->nvars) return NC_ENOTVAR;
    ncsfnc_var *v = &f->vars[varid];
    if (name) strcpy(name, v->name);
    if (xtypep) *xtypep = v->xtype;
    if (ndimsp) *ndimsp = v->ndims;
    if (dimidsp) memcpy(dimidsp, v->dimids, (size_t)v->ndims * sizeof *dimidsp);
    if (nattsp) *nattsp = v->natts;
    if (shufflep) *shufflep = 0;
    if (deflatep) *deflatep = 0;
    if (deflate_levelp) *deflate_levelp = 0;
    if (fletcher32p) *fletcher32p = 0;
    if (contiguousp) *contiguousp = NC_CONTIGUOUS;
    int err = no_fill || fill_valuep ? nc_inq_var_fill(f->base, varid, no_fill, fill_valuep) : NC_NOERR;
    if (err) return err;
    /* as netCDF-C's classic layer answers (netCDF4-python relies on it) */
    if (endiannessp || idp || nparamsp || params) return NC_ENOTNC4;
    return NC_NOERR;
}

static int get_vara(int ncid, int varid, const size_t *st, const size_t *ct, void *v, nc_type mt)
{
    return ncsfnc_get(ncid, varid, st, ct, NULL, NULL, v, mt);
}

static int get_vars(int ncid, int varid, const size_t *st, const size_t *ct, const ptrdiff_t *sd, void *v, nc_type mt)
{
    return ncsfnc_get(ncid, varid, st, ct, sd, NULL, v, mt);
}

static int get_varm(int ncid, int varid, const size_t *st, const size_t *ct, const ptrdiff_t *sd,
                    const ptrdiff_t *map, void *v, nc_type mt)
{
    return ncsfnc_get(ncid, varid, st, ct, sd, map, v, mt);
}

static int put_vars(int ncid, int varid, const size_t *st, const size_t *ct, const ptrdiff_t *sd, const void *v,
                    nc_type mt)
{
    (void)ncid, (void)varid, (void)st, (void)ct, (void)sd, (void)v, (void)mt;
    return NC_EPERM;
}

static int put_varm(int ncid, int varid, const size_t *st, const size_t *ct, const ptrdiff_t *sd,
                    const ptrdiff_t *map, const void *v, nc_type mt)
{
    (void)map;
    return put_vars(ncid, varid, st, ct, sd, v, mt);
}

/* ---- the enhanced model's inquiries, answered as for a classic file --- */

static int show_metadata(int ncid)
{
    FILE_OR_FAIL(f, ncid);
    return NC_NOERR;
}

static int inq_unlimdims(int ncid, int *n, int *ids)
{
    FILE_OR_FAIL(f, ncid);
    int u, err = nc_inq_unlimdim(f->base, &u);
    if (err) return err;
    if (n) *n = u >= 0;
    if (ids && u >= 0) ids[0] = u;
    return NC_NOERR;
}

static int inq_ncid(int ncid, const char *name, int *grp)
{
    (void)name;
    FILE_OR_FAIL(f, ncid);
    if (grp) *grp = ncid; /* as netCDF-C's classic layer answers */
    return NC_NOERR;
}

static int inq_grps(int ncid, int *n, int *ids)
{
    (void)ids;
    FILE_OR_FAIL(f, ncid);
    if (n) *n = 0;
    return NC_NOERR;
}

static int inq_grpname(int ncid, char *name)
{
    FILE_OR_FAIL(f, ncid);
    if (name) strcpy(name, "/");
    return NC_NOERR;
}

static int inq_grpname_full(int ncid, size_t *len, char *name)
{
    FILE_OR_FAIL(f, ncid);
    if (len) *len = 1;
    if (name) strcpy(name, "/");
    return NC_NOERR;
}

static int inq_grp_parent(int ncid, int *parent)
{
    (void)parent;
    FILE_OR_FAIL(f, ncid);
    return NC_ENOGRP;
}

static int inq_grp_full_ncid(int ncid, const char *name, int *grp)
{
    FILE_OR_FAIL(f, ncid);
    if (strcmp(name, "/")) return NC_ENOGRP;
    if (grp) *grp = ncid;
    return NC_NOERR;
}

static int inq_varids(int ncid, int *n, int *ids)
{
    FILE_OR_FAIL(f, ncid);
    if (n) *n = f->nvars;
    for (int i = 0; ids && i < f->nvars; i++) ids[i] = i;
    return NC_NOERR;
}

static int inq_dimids(int ncid, int *n, int *ids, int parents)
{
    (void)parents;
    FILE_OR_FAIL(f, ncid);
    if (n) *n = f->ndims;
    for (int i = 0; ids && i < f->ndims; i++) ids[i] = i;
    return NC_NOERR;
}

static int inq_typeids(int ncid, int *n, int *ids)
{
    (void)ids;
    FILE_OR_FAIL(f, ncid);
    if (n) *n = 0;
    return NC_NOERR;
}

static int inq_type_equal(int ncid1, nc_type t1, int ncid2, nc_type t2, int *eq)
{
    (void)ncid1, (void)ncid2;
    if (eq) *eq = t1 == t2;
    return NC_NOERR;
}

static int inq_typeid(int ncid, const char *name, nc_type *t)
{
    FILE_OR_FAIL(f, ncid);
    for (int i = NC_BYTE; i <= NC_UINT64; i++)
        if (!strcmp(name, type_names[i])) {
            if (t) *t = i;
            return NC_NOERR;
        }
    return NC_EBADTYPE;
}

static int get_var_chunk_cache(int ncid, int varid, size_t *size, size_t *nelems, float *preemption)
{
    (void)ncid, (void)varid, (void)size, (void)nelems, (void)preemption;
    return NC_ENOTNC4;
}

static const NC_Dispatch table = {
    NC_FORMATX_UDF0, NC_DISPATCH_VERSION,
    NC_RO_create, ro_open, NC_RO_redef, NC_RO__enddef, ro_sync, ncsfnc_abort, ncsfnc_close, NC_RO_set_fill,
    inq_format, inq_format_extended,
    inq, inq_type,
    NC_RO_def_dim, inq_dimid, inq_dim, inq_unlimdim, NC_RO_rename_dim,
    inq_att, inq_attid, inq_attname, NC_RO_rename_att, NC_RO_del_att, get_att, NC_RO_put_att,
    NC_RO_def_var, inq_varid, NC_RO_rename_var,
    get_vara, NC_RO_put_vara, get_vars, put_vars, get_varm, put_varm,
    inq_var_all,
    NC_NOTNC4_var_par_access, NC_RO_def_var_fill,
    show_metadata, inq_unlimdims, inq_ncid, inq_grps, inq_grpname, inq_grpname_full, inq_grp_parent,
    inq_grp_full_ncid, inq_varids, inq_dimids, inq_typeids, inq_type_equal,
    NC_NOTNC4_def_grp, NC_NOTNC4_rename_grp, NC_NOTNC4_inq_user_type, inq_typeid,
    NC_NOTNC4_def_compound, NC_NOTNC4_insert_compound, NC_NOTNC4_insert_array_compound,
    NC_NOTNC4_inq_compound_field, NC_NOTNC4_inq_compound_fieldindex,
    NC_NOTNC4_def_vlen, NC_NOTNC4_put_vlen_element, NC_NOTNC4_get_vlen_element,
    NC_NOTNC4_def_enum, NC_NOTNC4_insert_enum, NC_NOTNC4_inq_enum_member, NC_NOTNC4_inq_enum_ident,
    NC_NOTNC4_def_opaque, NC_NOTNC4_def_var_deflate, NC_NOTNC4_def_var_fletcher32,
    NC_NOTNC4_def_var_chunking, NC_NOTNC4_def_var_endian, NC_NOTNC4_def_var_filter,
    NC_NOTNC4_set_var_chunk_cache, get_var_chunk_cache,
    NC_NOOP_inq_var_filter_ids, NC_NOOP_inq_var_filter_info,
    NC_NOTNC4_def_var_quantize, NC_NOTNC4_inq_var_quantize,
    NC_NOOP_inq_filter_avail,
};

const struct NC_Dispatch *ncsfnc_dispatch_table = &table;

/* the table as netCDF-C's user-defined format 0 (no magic number: a
 * subfiled dataset's files are classic files, told apart by their
 * attributes, so the preload asks for this format by the open mode) */
int ncsfnc_register(void)
{
    return nc_def_user_format(NC_UDF0, (NC_Dispatch *)&table, NULL);
}
