/*
 * defvar.c: ncmpi_def_var with subfiling hints.
 *
 * A subfiled variable gets a placeholder of its name in the base file: a
 * scalar (or, for a record variable, a vector along the record dimension,
 * so that the base file's record count follows the variable) that carries
 * the user's attributes and the subfiling attributes. Its data goes to the
 * subfiles, created at enddef.
 */
#include <stdlib.h>
#include <string.h>
#include "ncsf_internal.h"

int ncsf_def_var_noinfo(int ncid, const char *name, nc_type xtype, int ndims,
                        const int *dimids, int *varidp)
{
    return ncsf_def_var(ncid, name, xtype, ndims, dimids, varidp, MPI_INFO_NULL);
}

static int grow_vars(ncsf_file *f, int varid)
{
    if (varid < f->nvars_cap) return NC_NOERR;
    int cap = varid + 32;
    ncsf_var **t = realloc(f->vars, sizeof(*t) * cap);
    if (!t) return NC_ENOMEM;
    memset(t + f->nvars_cap, 0, sizeof(*t) * (cap - f->nvars_cap));
    f->vars = t;
    f->nvars_cap = cap;
    return NC_NOERR;
}

/* The effective hints of one variable: its own, else the file's. */
typedef struct {
    int enable, nfiles, explicit_;
    const char *dims, *group;
} var_choice;

static int choose(ncsf_file *f, const char *name, MPI_Info info, ncsf_hints *vh,
                  var_choice *c)
{
    char msg[256] = "";
    int err = ncsfi_hints_parse(info, vh, msg, sizeof msg);
    if (err) {
        ncsfi_set_error(f, f->rank == 0, "def_var %s: %s", name, msg);
        return err;
    }
    c->explicit_ = vh->enable == 1;
    c->enable = vh->enable >= 0 ? vh->enable : f->hints.enable == 1;
    c->nfiles = vh->nfiles ? vh->nfiles : f->hints.nfiles;
    if (!c->nfiles) c->nfiles = (f->nprocs + 7) / 8; /* one subfile per 8 processes */
    c->dims = vh->dims ? vh->dims : f->hints.dims;
    c->group = vh->group ? vh->group : f->hints.group;
    return NC_NOERR;
}

/* The subfiles' names must be files this file system can hold: refused
 * here, not at enddef with the base file half made. */
static int check_file_names(ncsf_file *f, const char *name, const char *group, int nfiles)
{
    if (ncsfi_has_control_char(f->stem)) {
        ncsfi_set_error(f, f->rank == 0, "def_var %s: the base file name \"%s\" holds a control "
                        "character (a newline, say): subfiles cannot be named after it", name, f->stem);
        return NC_EBADNAME;
    }
    if (!ncsfi_subfile_name_fits(f->stem, group ? group : name, group != NULL, nfiles)) {
        ncsfi_set_error(f, f->rank == 0, "def_var %s: its subfile names (%s.%s%s.N, with every byte "
                        "but A-Z a-z 0-9 - _ written as %%XX) would be longer than the %d bytes a "
                        "file name may have", name, f->stem, group ? "@" : "", group ? group : name,
                        NCSF_NAME_MAX);
        return NC_EMAXNAME;
    }
    return NC_NOERR;
}

int ncsf_def_var(int ncid, const char *name, nc_type xtype, int ndims,
                 const int *dimids, int *varidp, MPI_Info info)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    ncsf_hints vh = {0};
    var_choice c;
    int err, unlim = -1, npart, pdims[SF_MAX_PDIMS], varid;
    MPI_Offset gsize[SF_MAX_DIMS];

    if (!f) return ncmpi_def_var(ncid, name, xtype, ndims, dimids, varidp);
    if ((err = choose(f, name ? name : "(null)", info, &vh, &c))) goto out;
    if (!c.enable || (ndims == 0 && !c.explicit_))
        { err = ncmpi_def_var(ncid, name, xtype, ndims, dimids, varidp); goto out; }
    if (!f->indef) { err = NC_ENOTINDEFINE; goto out; }
    if (!name || !varidp) { err = NC_EINVAL; goto out; }
    if (ndims == 0 || ndims > SF_MAX_DIMS || !dimids) {
        ncsfi_set_error(f, f->rank == 0, "def_var %s: hint subfiling=enable: a variable of %d "
                        "dimensions cannot be subfiled (1 to %d)", name, ndims, SF_MAX_DIMS);
        err = NC_EINVAL;
        goto out;
    }
    ncmpi_inq_unlimdim(ncid, &unlim);
    for (int d = 0; d < ndims; d++) {
        if ((err = ncmpi_inq_dimlen(ncid, dimids[d], &gsize[d]))) goto out;
        if (dimids[d] == unlim) {
            if (d != 0) { err = NC_EUNLIMPOS; goto out; }
            gsize[d] = 0;
        }
    }
    int record = unlim >= 0 && dimids[0] == unlim;
    err = ncsfi_resolve_pdims(f, name, ndims, dimids, record, c.dims, &npart, pdims);
    if (err) {
        /* dimensions named at create time need not fit every variable */
        if (!vh.dims && !c.explicit_ && err == NC_EINVAL)
            err = ncmpi_def_var(ncid, name, xtype, ndims, dimids, varidp);
        goto out;
    }

    if ((err = ncsfi_check_group(f, name, c.group, dimids, gsize, npart, pdims, c.nfiles))) goto out;
    if ((err = check_file_names(f, name, c.group, c.nfiles))) goto out;
    /* everything that can fail on one process alone happens first, and is
     * agreed, before the placeholder is defined: never half a variable */
    int nvars = 0, newid = !f->dsid[0];
    ncsf_var *v = NULL;
    ncsf_atts *atts = NULL;
    char dsid[sizeof f->dsid];
    memcpy(dsid, f->dsid, sizeof dsid);
    err = ncmpi_inq_nvars(ncid, &nvars);
    if (!err) err = grow_vars(f, nvars);
    if (!err) err = ncsfi_var_new(f, nvars, name, xtype, ndims, dimids, gsize, record, npart, pdims,
                                  c.nfiles, c.group, &v);
    if (!err) err = ncsfi_atts_make(f, v, &atts);
    if (newid) {
        int e = ncsfi_new_dataset_id(f); /* collective: made on every rank */
        if (!err) err = e;
    }
    err = ncsfi_agree(f->comm, err);
    if (!err && newid && ((err = ncsfi_put_dataset_id(f, ncid)) || (err = ncsfi_put_state(ncid, NCSF_STATE_WRITING))))
        newid = 0;
    if (!err) err = record ? ncmpi_def_var(ncid, name, xtype, 1, &unlim, &varid)
                           : ncmpi_def_var(ncid, name, xtype, 0, NULL, &varid);
    if (!err && varid != nvars) err = NC_EINTERNAL;
    if (!err) err = ncsfi_atts_put(ncid, varid, atts, -1);
    ncsfi_atts_free(atts);
    if (err) {
        if (v) { sf_layout_free(v->lay); ncsfi_var_free(v); }
        memcpy(f->dsid, dsid, sizeof dsid);
        goto out;
    }
    if (newid) f->marked = 1;
    f->vars[varid] = v;
    f->nsubfiled++;
    *varidp = varid;
out:
    ncsfi_hints_free(&vh);
    return err;
}
