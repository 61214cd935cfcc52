/*
 * subfile_striping.c: the hints each subfile is created with, and a way
 * to see what MPI-IO made of them.
 *
 * A subfile gets the dataset's hints (striping_factor, striping_unit and
 * ROMIO's own); on a striped file system where those say nothing of
 * striping, one stripe sized to the subfile's data (src/subfile/
 * striping.c). NCSF_ASSUME_STRIPED=1 (or 0) makes ncsf take the subfiles'
 * file system for striped (or not) without looking: for tests on machines
 * without Lustre.
 */
#include <stdlib.h>
#include <string.h>
#include "ncsfi_subfiles.h"

/* Bytes of data of subfile k: every variable stored in lead's files, one
 * record of a record variable. */
static MPI_Offset data_bytes(ncsf_file *f, ncsf_var *lead, int k)
{
    MPI_Offset total = 0;
    for (int i = 0; i < f->nvars_cap; i++) {
        ncsf_var *v = f->vars[i];
        if (!v || !v->lay || v->file_id != lead->varid || k >= v->lay->nblocks) continue;
        MPI_Offset st[SF_MAX_DIMS], ct[SF_MAX_DIMS], n = v->lay->elsize;
        sf_layout_block(v->lay, k, st, ct);
        for (int d = 0; d < v->lay->ndims; d++) n *= (d == 0 && v->lay->record) ? 1 : ct[d];
        total += n;
    }
    return total;
}

int ncsfi_subfile_hints(ncsf_file *f, ncsf_var *lead, int k, const char *path, MPI_Info *hints)
{
    const char *assume = getenv("NCSF_ASSUME_STRIPED");
    int striped = assume && *assume ? atoi(assume) != 0 : -1;
    int e = sf_subfile_info(f->info, path, data_bytes(f, lead, k), striped, hints);
    return e == SF_OK ? NC_NOERR : NC_ENOMEM;
}

int ncsf_inq_subfile_info(int ncid, int varid, int k, MPI_Info *info)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    ncsf_var *v = ncsfi_var(f, varid), *lead;
    if (!f) return NC_EBADID;
    if (!v) return NC_ENOTVAR;
    if (k < 0 || k >= v->nfiles || !info) return NC_EINVAL;
    if (!(lead = ncsfi_var(f, v->file_id))) return NC_ENOTVAR;
    char buf[SF_PATH_MAX];
    const char *path = sf_layout_path(v->lay, k, buf, sizeof buf);
    MPI_Info hints;
    int err = ncsfi_subfile_hints(f, lead, k, path, &hints);
    if (err) return err;
    MPI_File fh = MPI_FILE_NULL;
    int rc = MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_RDONLY, hints, &fh);
    MPI_Info_free(&hints);
    if (rc != MPI_SUCCESS) return NC_ENOENT;
    rc = MPI_File_get_info(fh, info);
    MPI_File_close(&fh);
    return rc == MPI_SUCCESS ? NC_NOERR : NC_EFILE;
}
