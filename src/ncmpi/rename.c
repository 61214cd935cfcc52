/*
 * rename.c: ncmpi_rename_var. A subfiled variable is held under its name
 * in each of its subfiles, which ncsf finds it by; renaming only the
 * placeholder would lose the data on the next open. Until the subfiles
 * are renamed with it, the rename is refused, on every process alike.
 */
#include "ncsf_internal.h"

int ncsf_rename_var(int ncid, int varid, const char *newname)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    if (!ncsfi_var(f, varid)) return ncmpi_rename_var(ncid, varid, newname);
    char name[NC_MAX_NAME + 1] = "";
    ncmpi_inq_varname(ncid, varid, name);
    ncsfi_set_error(f, f->rank == 0, "rename_var %s: a subfiled variable cannot be renamed (its "
                    "subfiles hold it under its name)", name);
    return NC_ENOTSUPPORT;
}
