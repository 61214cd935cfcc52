/*
 * inspect.c: include/ncsf_inspect.h, the inspection interface of tools and
 * benchmarks (doc/inspect.md), over the library's own parser and checks:
 * what ncsf-info shows is what an open would find. Nothing here is
 * collective; a dataset under inspection is an ncsf_file on MPI_COMM_SELF.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ncsfi_api.h"
#include "ncsf_inspect.h"

struct ncsf_inspect {
    ncsf_file *f;
};

struct ncsf_inspect_var {
    ncsf_var *v;
    ncsf_inspect_layout lay;
};

int ncsf_inspect_is_subfile(int ncid) { return ncsfi_is_subfile(ncid); }
int ncsf_inspect_regular_file(const char *path) { return ncsfi_regular_file(path); }
int ncsf_inspect_read_state(int ncid) { return ncsfi_read_state(ncid); }
int ncsf_inspect_read_state_count(int ncid, long *count) { return ncsfi_read_state_count(ncid, count); }

int ncsf_inspect_locate_base(int ncid, const char *path, char **base, char **dsdir, char *why, int whylen)
{
    return ncsfi_locate_base(ncid, path, base, dsdir, why, whylen);
}

int ncsf_inspect_begin(const char *path, int ncid, char *lone_dir, ncsf_inspect **out)
{
    ncsf_inspect *in = calloc(1, sizeof *in);
    int err = in ? ncsfi_file_new(MPI_COMM_SELF, 0, path, MPI_INFO_NULL, ncid, &in->f) : NC_ENOMEM;
    *out = NULL;
    if (err != NC_NOERR) {
        free(in);
        free(lone_dir);
        return err;
    }
    if (lone_dir) {
        free(in->f->dir);
        in->f->dir = lone_dir;
        in->f->via_subfile = 1;
    }
    *out = in;
    return NC_NOERR;
}

void ncsf_inspect_end(ncsf_inspect *in)
{
    if (!in) return;
    in->f->ncid = -1; /* the caller's to close */
    ncsfi_file_free(in->f);
    free(in);
}

const char *ncsf_inspect_path(const ncsf_inspect *in) { return in->f->path; }
int ncsf_inspect_via_subfile(const ncsf_inspect *in) { return in->f->via_subfile; }
const char *ncsf_inspect_errmsg(const ncsf_inspect *in) { return in->f->errmsg; }
void ncsf_inspect_set_numrecs(ncsf_inspect *in, MPI_Offset numrecs) { in->f->numrecs = numrecs; }
MPI_Offset ncsf_inspect_numrecs(const ncsf_inspect *in) { return in->f->numrecs; }

int ncsf_inspect_read_id(ncsf_inspect *in, char id[33])
{
    nc_type t;
    MPI_Offset len;
    int err = ncmpi_inq_att(in->f->ncid, NC_GLOBAL, "subfiling_dataset_id", &t, &len);
    if (err == NC_NOERR && (t != NC_CHAR || len != 32)) err = NC_EVARMETA;
    if (err == NC_NOERR) err = ncmpi_get_att_text(in->f->ncid, NC_GLOBAL, "subfiling_dataset_id", in->f->dsid);
    in->f->dsid[err == NC_NOERR ? 32 : 0] = 0;
    memcpy(id, in->f->dsid, 33);
    return err;
}

int ncsf_inspect_read_version(ncsf_inspect *in, int *version)
{
    int err = ncsfi_read_version(in->f->ncid, &in->f->version);
    *version = in->f->version;
    return err;
}

int ncsf_inspect_var_open(ncsf_inspect *in, int varid, ncsf_inspect_var **vp)
{
    int index;
    ncsf_inspect_var *iv = calloc(1, sizeof *iv);
    *vp = NULL;
    if (!iv) return NC_ENOMEM;
    int err = ncsfi_read_var_atts(in->f, in->f->ncid, varid, &iv->v, &index);
    if (err != NC_NOERR) {
        free(iv);
        return err;
    }
    const ncsf_var *v = iv->v;
    const sf_layout *lay = v->lay;
    ncsf_inspect_layout *d = &iv->lay;
    d->varid = v->varid;
    d->xtype = v->xtype;
    d->ndims = v->ndims;
    d->record = lay->record;
    d->nfiles = v->nfiles;
    d->npart = lay->npart;
    for (int i = 0; i < v->ndims; i++) {
        d->dimids[i] = v->dimids[i];
        d->gsize[i] = lay->gsize[i];
    }
    for (int p = 0; p < lay->npart; p++) {
        d->pdims[p] = lay->pdims[p];
        d->pgrid[p] = lay->pgrid[p];
        d->bounds[p] = lay->bounds[p];
    }
    *vp = iv;
    return NC_NOERR;
}

void ncsf_inspect_var_close(ncsf_inspect_var *iv)
{
    if (!iv) return;
    sf_layout_free(iv->v->lay); /* never given to an engine context */
    ncsfi_var_free(iv->v);
    free(iv);
}

const ncsf_inspect_layout *ncsf_inspect_var_layout(const ncsf_inspect_var *v) { return &v->lay; }

void ncsf_inspect_block(const ncsf_inspect_var *v, int k, MPI_Offset *start, MPI_Offset *count)
{
    sf_layout_block(v->v->lay, k, start, count);
}

const char *ncsf_inspect_subfile_path(const ncsf_inspect_var *v, int k, char *buf, size_t len)
{
    return sf_layout_path(v->v->lay, k, buf, len);
}

int ncsf_inspect_subfile_name(const ncsf_inspect_var *v, int k, char *buf, size_t len)
{
    return ncsfi_var_name(v->v, k, buf, len);
}

int ncsf_inspect_check_subfile(ncsf_inspect *in, ncsf_inspect_var *v, int k, MPI_Offset out[4])
{
    return ncsfi_check_subfile(in->f, v->v, k, out);
}

MPI_Offset ncsf_inspect_expected_size(const ncsf_inspect_var *v, int k, MPI_Offset nrecs)
{
    return ncsfi_expected_size(v->v->lay, k, nrecs);
}

/* ---- the format's cost: the writer's own attributes, without subfiles --- */

/* The base file: the dimensions, the placeholder and its attributes. */
static int base_header(ncsf_file *f, const char *path, int n, int inner, ncsf_var **varp, ncsf_atts **attsp,
                       MPI_Offset *size)
{
    int d[4], v, err = ncmpi_create(MPI_COMM_SELF, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &f->ncid);
    static const char *names[4] = {"r", "z", "y", "x"};
    MPI_Offset gsize[4] = {n, inner, inner, inner};
    int pdims[1] = {0}, pgrid[1] = {n};
    if (err != NC_NOERR) return err;
    for (int i = 0; err == NC_NOERR && i < 4; i++) err = ncmpi_def_dim(f->ncid, names[i], gsize[i], &d[i]);
    if (err == NC_NOERR) err = ncsfi_var_new(f, 0, "a", NC_DOUBLE, 4, d, gsize, 0, 1, pdims, pgrid, NULL, varp);
    if (err == NC_NOERR) err = ncsfi_atts_make(f, *varp, "a", attsp);
    if (err == NC_NOERR) err = ncsfi_put_dataset_id(f, f->ncid);
    if (err == NC_NOERR) err = ncmpi_def_var(f->ncid, "a", NC_DOUBLE, 0, NULL, &v);
    if (err == NC_NOERR) err = ncsfi_atts_put(f->ncid, v, *attsp, -1);
    if (err == NC_NOERR) err = ncmpi_enddef(f->ncid);
    if (err == NC_NOERR) err = ncmpi_inq_header_size(f->ncid, size);
    int e = ncmpi_close(f->ncid);
    f->ncid = -1;
    return err != NC_NOERR ? err : e;
}

/* Subfile n-1: block n-1's dimensions, the variable, the attributes. */
static int subfile_header(ncsf_file *f, const char *path, int n, const ncsf_var *var, const ncsf_atts *atts,
                          MPI_Offset *size)
{
    static const char *names[4] = {"r", "z", "y", "x"};
    MPI_Offset st[4], ct[4];
    int sid, sd[4], sv, err = ncmpi_create(MPI_COMM_SELF, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &sid);
    if (err != NC_NOERR) return err;
    sf_layout_block(var->lay, n - 1, st, ct);
    for (int i = 0; err == NC_NOERR && i < 4; i++) err = ncmpi_def_dim(sid, names[i], ct[i], &sd[i]);
    if (err == NC_NOERR) err = ncmpi_def_var(sid, "a", NC_DOUBLE, 4, sd, &sv);
    if (err == NC_NOERR) err = ncsfi_put_dataset_id(f, sid);
    if (err == NC_NOERR) err = ncmpi_put_att_text(sid, NC_GLOBAL, "subfiling_base", strlen(f->stem), f->stem);
    if (err == NC_NOERR) err = ncsfi_atts_put(sid, sv, atts, n - 1);
    if (err == NC_NOERR) err = ncmpi_enddef(sid);
    if (err == NC_NOERR) err = ncmpi_inq_header_size(sid, size);
    int e = ncmpi_close(sid);
    return err != NC_NOERR ? err : e;
}

int ncsf_inspect_header_sizes(int format, int n, int inner, const char *dir, MPI_Offset *base_size,
                              MPI_Offset *sub_size)
{
    char base[4096], sub[4096];
    if ((format != 1 && format != 2) || n < 1 || inner < 1 || !dir) return NC_EINVAL;
    snprintf(base, sizeof base, "%s/ncsf_inspect.%d.base.nc", dir, (int)getpid());
    snprintf(sub, sizeof sub, "%s/ncsf_inspect.%d.sub.nc", dir, (int)getpid());
    ncsf_file f;
    memset(&f, 0, sizeof f);
    f.version = format;
    f.format = NC_FORMAT_CDF5;
    f.dir = (char *)"";
    f.stem = (char *)"fs.nc";
    memcpy(f.dsid, "0123456789abcdef0123456789abcdef", 33);
    ncsf_var *var = NULL;
    ncsf_atts *atts = NULL;
    int err = base_header(&f, base, n, inner, &var, &atts, base_size);
    if (err == NC_NOERR) err = subfile_header(&f, sub, n, var, atts, sub_size);
    ncsfi_atts_free(atts);
    if (var) {
        sf_layout_free(var->lay);
        ncsfi_var_free(var);
    }
    unlink(base);
    unlink(sub);
    return err;
}
