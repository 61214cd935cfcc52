/*
 * delete.c: ncmpi_delete of a subfiled dataset. No dataset is open: the
 * subfiles are found from the base file's attributes (format 1 or 2),
 * removed, then the directories subfiling_dir made for them if that left
 * them empty, and last the base file, as PnetCDF removes it (its return
 * code is the call's). A file that is not the base file of a dataset
 * (a plain netCDF file, a subfile, anything else) is PnetCDF's alone.
 *
 * Independent, as PnetCDF's call: any rank may call it, or all of them at
 * once. Whichever rank reads the base file first removes every subfile
 * before the base file goes, so no interleaving leaves a subfile behind.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ncsfi_dataset.h"

/* The directories of rel (relative to dir), the deepest first, for as
 * long as they are empty. */
static void remove_empty_dirs(const char *dir, const char *rel)
{
    char *r = strdup(rel), *slash;
    while (r && (slash = strrchr(r, '/'))) {
        *slash = 0;
        char *p = ncsfi_join(dir, r);
        int gone = p && rmdir(p) == 0;
        free(p);
        if (!gone) break;
    }
    free(r);
}

/* Removes subfile k of v; NC_NOERR if it is gone (or was never there). */
static int remove_subfile(const ncsf_file *f, const ncsf_var *v, int k)
{
    char name[SF_PATH_MAX];
    if (ncsfi_var_name(v, k, name, sizeof name)) return NC_EINVAL;
    char *p = ncsfi_join(f->dir, name);
    if (!p) return NC_ENOMEM;
    int err = unlink(p) == 0 || errno == ENOENT ? NC_NOERR : errno == EACCES || errno == EPERM ? NC_EACCESS : NC_EFILE;
    free(p);
    if (!err) remove_empty_dirs(f->dir, name);
    return err;
}

/* Every subfile of the dataset whose base file is open as ncid. */
static int remove_subfiles(const char *path, int ncid)
{
    ncsf_file *f;
    int nvars = 0, err = ncsfi_file_new(MPI_COMM_SELF, 0, path, MPI_INFO_NULL, ncid, &f);
    if (err) return err;
    if (ncsfi_read_version(ncid, &f->version) == NC_NOERR && ncmpi_inq_nvars(ncid, &nvars) == NC_NOERR) {
        for (int i = 0; i < nvars; i++) {
            int index, yes;
            ncsf_var *v;
            if (ncsfi_var_subfiled(ncid, i, &yes) != NC_NOERR || !yes) continue;
            /* attributes that name no files cannot be followed */
            if (ncsfi_read_var_atts(f, ncid, i, &v, &index)) continue;
            for (int k = 0; k < v->nfiles; k++) {
                int e = remove_subfile(f, v, k);
                if (!err) err = e;
            }
            ncsfi_var_destroy(v);
        }
    }
    f->ncid = -1;
    ncsfi_file_free(f);
    return err;
}

int ncsf_delete(const char *path, MPI_Info info)
{
    int ncid, sub_err = NC_NOERR;
    if (path && ncsfi_regular_file(path) == NC_NOERR &&
        ncmpi_open(MPI_COMM_SELF, path, NC_NOWRITE, MPI_INFO_NULL, &ncid) == NC_NOERR) {
        if (!ncsfi_is_subfile(ncid)) sub_err = remove_subfiles(path, ncid);
        ncmpi_close(ncid);
    }
    int err = ncmpi_delete(path, info);
    /* the base file's fate first; then a subfile that would not go */
    return err ? err : sub_err;
}
