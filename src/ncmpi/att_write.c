/*
 * att_write.c: attributes the application writes in a dataset with
 * subfiling.
 *
 * - ncsf's own attribute names (subfiling_*) are reserved there, as
 *   netCDF-4 reserves its own: putting, deleting, renaming or copying onto
 *   one gives NC_ENAMEINUSE, and the dataset is unchanged. (In a dataset
 *   with no subfiled variable, such names are the application's.)
 * - A subfiled variable's attributes live on its placeholder in the base
 *   file and are copied into each of its subfiles, so that a subfile alone
 *   describes the variable. Attributes changed after the subfiles were made
 *   (in define mode again, after ncmpi_redef) reach them at the enddef
 *   that ends that define mode: each subfile's home rewrites the header,
 *   and since a longer header may move the data behind it, every rank then
 *   forgets the plans and the offsets it had of those subfiles. A renamed
 *   variable (rename.c) is renamed in its subfiles the same way.
 *
 * The put_att family is generated (api_getput.m4, AFUNC) around
 * ncsfi_att_name_check and ncsfi_att_changed below.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncsf_internal.h"

static int reserved_name(const char *name)
{
    return name && !strncmp(name, NCSF_ATT_PREFIX, sizeof NCSF_ATT_PREFIX - 1);
}

/* a dataset with subfiling: a subfiled variable, or the mark of one */
static int has_subfiling(ncsf_file *f)
{
    return f->nsubfiled > 0 ||
           ncmpi_inq_att(f->ncid, NC_GLOBAL, NCSF_ATT_PREFIX "version", NULL, NULL) == NC_NOERR;
}

int ncsfi_att_name_check(int ncid, int varid, const char *name)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    if (!f || !reserved_name(name) || !has_subfiling(f)) return NC_NOERR;
    ncsfi_set_error(f, f->rank == 0, "attribute %s: names beginning \"%s\" are ncsf's own in a dataset "
                    "with subfiling (variable %d)", name, NCSF_ATT_PREFIX, varid);
    return NC_ENAMEINUSE;
}

int ncsfi_att_changed(int ncid, int varid, int err)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    if (err || !f || varid < 0 || varid >= f->nvars_cap) return err;
    ncsf_var *v = f->vars[varid];
    if (v && v->created) v->atts_dirty = 1;
    return err;
}

int ncsf_del_att(int ncid, int varid, const char *name)
{
    int err = ncsfi_att_name_check(ncid, varid, name);
    if (!err) err = ncmpi_del_att(ncid, varid, name);
    return ncsfi_att_changed(ncid, varid, err);
}

int ncsf_rename_att(int ncid, int varid, const char *name, const char *newname)
{
    int err = ncsfi_att_name_check(ncid, varid, name);
    if (!err) err = ncsfi_att_name_check(ncid, varid, newname);
    if (!err) err = ncmpi_rename_att(ncid, varid, name, newname);
    return ncsfi_att_changed(ncid, varid, err);
}

int ncsf_copy_att(int ncid_in, int varid_in, const char *name, int ncid_out, int varid_out)
{
    int err = ncsfi_att_name_check(ncid_out, varid_out, name);
    if (!err) err = ncmpi_copy_att(ncid_in, varid_in, name, ncid_out, varid_out);
    return ncsfi_att_changed(ncid_out, varid_out, err);
}

int ncsfi_atts_pending(const ncsf_file *f)
{
    for (int i = 0; i < f->nvars_cap; i++)
        if (f->vars[i] && f->vars[i]->atts_dirty) return 1;
    return 0;
}

/* v's dimensions in subfile sid under the base file's names (renamed
 * there since): through names of their own first, so that names swapped
 * round never meet; then v's subfiling_dimnames again. */
static int follow_dim_names(ncsf_file *f, int sid, int svar, const ncsf_var *v)
{
    char want[NC_MAX_NAME + 1], have[NC_MAX_NAME + 1], tmp[32];
    int sdim[SF_MAX_DIMS], nd;
    int err = ncmpi_inq_varndims(sid, svar, &nd);
    if (!err && nd != v->ndims) err = NC_EVARMETA;
    if (!err) err = ncmpi_inq_vardimid(sid, svar, sdim);
    for (int pass = 0; pass < 2 && !err; pass++)
        for (int d = 0; !err && d < nd; d++) {
            err = ncmpi_inq_dimname(f->ncid, v->dimids[d], want);
            if (!err) err = ncmpi_inq_dimname(sid, sdim[d], have);
            if (err || !strcmp(want, have)) continue;
            snprintf(tmp, sizeof tmp, "ncsf_renaming_%d", sdim[d]);
            if (pass == 0 && strcmp(have, tmp)) err = ncmpi_rename_dim(sid, sdim[d], tmp);
            if (pass == 1) err = ncmpi_rename_dim(sid, sdim[d], want);
        }
    /* (another variable of a shared subfile may have moved them already) */
    if (!err) err = ncsfi_put_dimnames(f, sid, svar, v, 0);
    return err;
}

/* In the open subfile sid (in define mode): v under its new name, if it
 * was renamed, its dimensions under theirs, and the application's
 * attributes of v replaced by the base file's. */
static int replace_atts(ncsf_file *f, int sid, const ncsf_var *v)
{
    char name[NC_MAX_NAME + 1], att[NC_MAX_NAME + 1];
    int svar, n, err = ncmpi_inq_varname(f->ncid, v->varid, name);
    if (!err) err = ncmpi_inq_varid(sid, v->subfile_name ? v->subfile_name : name, &svar);
    if (!err && v->subfile_name) err = ncmpi_rename_var(sid, svar, name);
    if (!err) err = follow_dim_names(f, sid, svar, v);
    if (!err) err = ncmpi_inq_varnatts(sid, svar, &n);
    for (int i = n - 1; !err && i >= 0; i--) {
        err = ncmpi_inq_attname(sid, svar, i, att);
        if (!err && !reserved_name(att)) err = ncmpi_del_att(sid, svar, att);
    }
    if (!err) err = ncmpi_inq_varnatts(f->ncid, v->varid, &n);
    for (int i = 0; !err && i < n; i++) {
        err = ncmpi_inq_attname(f->ncid, v->varid, i, att);
        if (!err && !reserved_name(att)) err = ncmpi_copy_att(f->ncid, v->varid, att, sid, svar);
    }
    return err;
}

/* Subfile k of lead's files (this rank is its home): the changed
 * variables' attributes rewritten; where every variable's data now starts
 * recorded. */
static int rewrite_file(ncsf_file *f, ncsf_var *lead, int k)
{
    char pbuf[SF_PATH_MAX];
    const char *path = sf_layout_path(lead->lay, k, pbuf, sizeof pbuf);
    int sid, err = ncsfi_subfile_pnetcdf(f, path, 0, &sid);
    if (err) {
        ncsfi_set_error(f, 1, "cannot open subfile %s to bring it the attributes changed: %s", path,
                        ncmpi_strerror(err));
        return err;
    }
    err = ncmpi_redef(sid);
    for (int i = 0; !err && i < f->nvars_cap; i++) {
        ncsf_var *v = f->vars[i];
        if (v && v->atts_dirty && v->file_id == lead->varid) err = replace_atts(f, sid, v);
    }
    if (!err) err = ncmpi_enddef(sid);
    if (!err) err = ncsfi_record_offsets(f, lead, k, sid, 0);
    int e = ncmpi_close(sid);
    if (!err) err = e;
    if (err) ncsfi_set_error(f, 1, "cannot bring the attributes changed to subfile %s: %s", path,
                             ncmpi_strerror(err));
    return err;
}

/* Does a variable stored in file_id's files have changed attributes? */
static int file_changed(const ncsf_file *f, int file_id)
{
    for (int i = 0; i < f->nvars_cap; i++)
        if (f->vars[i] && f->vars[i]->atts_dirty && !f->vars[i]->broken && f->vars[i]->file_id == file_id)
            return 1;
    return 0;
}

int ncsfi_sync_var_atts(ncsf_file *f)
{
    ncsf_slot *s = NULL;
    int n = 0, err = ncsfi_agreef(f, ncsfi_home_files(f, 0, &s, &n)), mine = NC_NOERR;
    /* (a file's slots come one after another: its answer is kept) */
    int last_id = -1, changed = 0;
    for (int j = 0; !err && !mine && j < n; j++) {
        if (s[j].lead->varid != last_id) {
            last_id = s[j].lead->varid;
            changed = file_changed(f, last_id);
        }
        if (changed) mine = rewrite_file(f, s[j].lead, s[j].k);
    }
    free(s);
    if (!err) err = ncsfi_agreef(f, mine);
    /* every rank alike (the flags follow collective calls): the plans and
     * the offsets learnt of these subfiles are stale; a home keeps its own,
     * just recorded */
    sf_context_forget_plans(f->ctx);
    for (int i = 0; i < f->nvars_cap; i++) {
        ncsf_var *lead = f->vars[i];
        if (!lead || !lead->created || lead->file_id != i || !file_changed(f, i)) continue;
        int first, end;
        sf_home_blocks(i, lead->nfiles, f->nprocs, f->rank, &first, &end);
        for (int j = 0; j < f->nvars_cap; j++)
            if (f->vars[j] && f->vars[j]->file_id == i) sf_layout_forget_offsets(f->vars[j]->lay, first, end);
    }
    if (!err)
        for (int i = 0; i < f->nvars_cap; i++)
            if (f->vars[i]) {
                f->vars[i]->atts_dirty = 0;
                free(f->vars[i]->subfile_name);
                f->vars[i]->subfile_name = NULL;
            }
    return err;
}
