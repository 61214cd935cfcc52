/*
 * rename.c: ncmpi_rename_var. A subfiled variable is held under its name
 * in each of its subfiles, which readers find it by, so the subfiles are
 * renamed with the placeholder: at once in data mode (PnetCDF allows a
 * name no longer than the old one there), at the enddef in define mode,
 * by each subfile's home, as changed attributes are (att_write.c). The
 * subfiles keep their file names: the placeholder records them (its stem
 * or its list of names), not the variable's name.
 */
#include <stdlib.h>
#include <string.h>
#include "ncsf_internal.h"

int ncsf_rename_var(int ncid, int varid, const char *newname)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    ncsf_var *v = ncsfi_var(f, varid);
    char old[NC_MAX_NAME + 1] = "";
    if (!v || !v->created) return ncmpi_rename_var(ncid, varid, newname);
    int err = ncmpi_inq_varname(ncid, varid, old);
    if (!err) err = ncmpi_rename_var(ncid, varid, newname);
    if (err) return err;
    /* the name the subfiles still have, since the last time they were told */
    if (!v->subfile_name && !(v->subfile_name = strdup(old))) err = NC_ENOMEM;
    err = ncsfi_agreef(f, err);
    if (err) {
        ncsfi_set_error(f, f->rank == 0, "rename_var %s: out of memory; the subfiles keep the old name", old);
        return err;
    }
    v->atts_dirty = 1;
    return f->indef ? NC_NOERR : ncsfi_update_subfile_headers(f);
}
