/*
 * rename.c: ncmpi_rename_var. A subfiled variable is held under its name
 * in each of its subfiles, which readers find it by, so the subfiles are
 * renamed with the placeholder: at once in data mode (PnetCDF allows a
 * name no longer than the old one there), at the enddef in define mode,
 * by each subfile's home, as changed attributes are (att_write.c). The
 * subfiles keep their file names: the placeholder records them (its stem
 * or its list of names), not the variable's name.
 *
 * ncmpi_rename_dim: the subfiling attributes name a variable's dimensions
 * (subfiling_dimnames, by position), and each subfile defines them under
 * their names, so a renamed dimension is renamed there too: the
 * placeholders' attributes at once, the subfiles as for rename_var.
 */
#include <stdlib.h>
#include <string.h>
#include "ncsfi_api.h"

/* The subfiles renamed at once (data mode, collective). Updating them
 * also finishes them and fills the placeholder's new records, to the
 * record count: in independent mode each process's own, so first the
 * largest of them on every process, as ncmpi_sync and ncmpi_flush take
 * it, or the processes whose count had grown would agree on fills the
 * others never join. */
static int update_in_data_mode(ncsf_file *f)
{
    int err = f->indep ? ncsfi_agreef(f, ncsfi_numrecs_agree(f)) : NC_NOERR;
    return err ? err : ncsfi_update_subfile_headers(f);
}

int ncsf_rename_var(int ncid, int varid, const char *newname)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    ncsf_var *v = ncsfi_var(f, varid);
    char old[NC_MAX_NAME + 1] = "";
    int err = ncsfi_state_touch(ncid); /* PnetCDF rewrites the header (data mode) */
    if (err) return err;
    ncsfi_mark_hold h;
    if (!v || !v->created) {
        ncsfi_state_hdr_begin(ncid, 0, &h);
        err = ncmpi_rename_var(ncid, varid, newname);
        ncsfi_state_hdr_end(ncid, &h);
        return err;
    }
    err = ncmpi_inq_varname(ncid, varid, old);
    ncsfi_state_hdr_begin(ncid, 0, &h);
    if (!err) err = ncmpi_rename_var(ncid, varid, newname);
    ncsfi_state_hdr_end(ncid, &h);
    if (err) return err;
    /* the name the subfiles still have, since the last time they were told */
    if (!v->subfile_name && !(v->subfile_name = strdup(old))) err = NC_ENOMEM;
    err = ncsfi_agreef(f, err);
    if (err) {
        ncsfi_set_error(f, f->rank == 0, "rename_var %s: out of memory; the subfiles keep the old name", old);
        return err;
    }
    v->atts_dirty = 1;
    return f->indef ? NC_NOERR : update_in_data_mode(f);
}

static int uses_dim(const ncsf_var *v, int dimid)
{
    for (int d = 0; d < v->ndims; d++)
        if (v->dimids[d] == dimid) return 1;
    return 0;
}

int ncsf_rename_dim(int ncid, int dimid, const char *newname)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = ncsfi_state_touch(ncid), created = 0;
    if (err) return err;
    ncsfi_mark_hold h;
    ncsfi_state_hdr_begin(ncid, 0, &h);
    err = ncmpi_rename_dim(ncid, dimid, newname);
    ncsfi_state_hdr_end(ncid, &h);
    if (!f || err || f->nsubfiled == 0 || f->via_subfile) return err;
    /* (PnetCDF's rename_dim is collective and agreed: every rank is here) */
    for (int i = 0; !err && i < f->nvars_cap; i++) {
        ncsf_var *v = f->vars[i];
        if (!v || !uses_dim(v, dimid)) continue;
        /* in data mode no longer than before (the name is not longer) */
        err = ncsfi_put_dimnames(f, f->ncid, v->varid, v, 1);
        if (v->created) v->atts_dirty = created = 1;
    }
    err = ncsfi_agreef(f, err);
    if (err) {
        ncsfi_set_error(f, f->rank == 0, "rename_dim %s: the placeholders' subfiling_dimnames could not "
                        "follow: %s", newname, ncmpi_strerror(err));
        return err;
    }
    return f->indef || !created ? NC_NOERR : update_in_data_mode(f);
}
