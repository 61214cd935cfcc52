/*
 * clobber.c: a create with NC_CLOBBER over an existing dataset of ncsf
 * removes that dataset's subfiles, as PnetCDF's create replaces the one
 * file of a plain dataset. Without this, subfiles the new dataset does not
 * make again (it has fewer subfiles, or other variables) would stay beside
 * it, and tools that list the directory would take them for its own.
 *
 * Only files that prove to be the old dataset's subfiles are removed:
 * - the old base file must be a base file (not a subfile) carrying a
 *   dataset identity, and its subfiled variables' attributes name the
 *   subfiles (metadata.c parses them as an open does);
 * - each named file must be a regular file reached without a symbolic
 *   link, and a subfile (subfiling_base) of the same identity.
 * Anything else (a missing file, a foreign one, an unreadable base file)
 * is left alone, and the create goes on as PnetCDF's would.
 *
 * Collective: rank 0 finds whether there is such a dataset at all, then
 * the ranks share the checking (subfile number i by rank i mod P), every
 * rank has finished reading the old base file before the
 * create overwrites it (ncsfi_clobber_collect ends in an agreement), and
 * nothing is removed unless the create succeeded.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ncsf_internal.h"

/* the dataset identity of an open file, "" if it has none */
static void dataset_id(int ncid, char id[33])
{
    nc_type t;
    MPI_Offset len;
    id[0] = 0;
    if (ncmpi_inq_att(ncid, NC_GLOBAL, "subfiling_dataset_id", &t, &len) == NC_NOERR && t == NC_CHAR &&
        len == 32 && ncmpi_get_att_text(ncid, NC_GLOBAL, "subfiling_dataset_id", id) == NC_NOERR)
        id[32] = 0;
    else
        id[0] = 0;
}

/* Is path a regular file (not a link) that is a subfile of dataset id? */
static int subfile_of(const char *path, const char *id)
{
    struct stat sb;
    char mine[33];
    int sid;
    if (lstat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) return 0;
    if (ncmpi_open(MPI_COMM_SELF, path, NC_NOWRITE, MPI_INFO_NULL, &sid) != NC_NOERR) return 0;
    dataset_id(sid, mine);
    int yes = ncsfi_is_subfile(sid) && !strcmp(mine, id);
    ncmpi_close(sid);
    return yes;
}

static int add_path(ncsf_stale *s, const char *path)
{
    char **t = realloc(s->paths, sizeof(char *) * (s->n + 1));
    if (!t) return NC_ENOMEM;
    s->paths = t;
    if (!(s->paths[s->n] = strdup(path))) return NC_ENOMEM;
    s->n++;
    return NC_NOERR;
}

/* This rank's share of the subfiles of the variables of the old base
 * file ncid (of identity id), verified, into s. */
static int collect_from(ncsf_file *old, const char *id, int rank, int nprocs, ncsf_stale *s)
{
    int nvars, err = ncmpi_inq_nvars(old->ncid, &nvars);
    long long seen = 0;
    ncsf_var **vars = calloc(nvars > 0 ? nvars : 1, sizeof *vars);
    if (!vars) return NC_ENOMEM;
    for (int i = 0; !err && i < nvars; i++) {
        int on, index, shared = 0;
        if (ncmpi_get_att_int(old->ncid, i, "subfiling_enabled", &on) != NC_NOERR || on != 1) continue;
        if (ncsfi_read_var_atts(old, old->ncid, i, &vars[i], &index) != NC_NOERR || index >= 0) continue;
        for (int j = 0; j < i && !shared; j++) shared = vars[j] && ncsfi_same_files(vars[j], vars[i]);
        for (int k = 0; !shared && !err && k < vars[i]->nfiles; k++, seen++) {
            char buf[SF_PATH_MAX];
            const char *p = sf_layout_path(vars[i]->lay, k, buf, sizeof buf);
            if (seen % nprocs == rank && subfile_of(p, id)) err = add_path(s, p);
        }
    }
    for (int i = 0; i < nvars; i++)
        ncsfi_var_destroy(vars[i]);
    free(vars);
    return err;
}

/* Is path the base file of a dataset of ncsf (rank 0 looks)? */
static int old_dataset(const char *path)
{
    struct stat sb;
    char id[33];
    int ncid, yes = 0;
    if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode) ||
        ncmpi_open(MPI_COMM_SELF, path, NC_NOWRITE, MPI_INFO_NULL, &ncid) != NC_NOERR)
        return 0;
    dataset_id(ncid, id);
    yes = id[0] && !ncsfi_is_subfile(ncid);
    ncmpi_close(ncid);
    return yes;
}

int ncsfi_clobber_collect(MPI_Comm comm, int yield, const char *path, ncsf_stale *s)
{
    int rank, nprocs, ncid, err = NC_NOERR, found = 0;
    char id[33];
    s->paths = NULL;
    s->n = 0;
    if (MPI_Comm_rank(comm, &rank) != MPI_SUCCESS || MPI_Comm_size(comm, &nprocs) != MPI_SUCCESS)
        rank = -1, nprocs = 1, err = NC_EMPI; /* looks for nothing; the agreement fails */
    /* one process looks first: a plain file (the common case) costs the
     * others nothing */
    if (rank == 0) found = old_dataset(path);
    if ((MPI_Bcast)(&found, 1, MPI_INT, 0, comm) != MPI_SUCCESS) found = 0, err = NC_EMPI;
    if (found && ncmpi_open(MPI_COMM_SELF, path, NC_NOWRITE, MPI_INFO_NULL, &ncid) == NC_NOERR) {
        ncsf_file *old = calloc(1, sizeof *old);
        dataset_id(ncid, id);
        const char *slash = strrchr(path, '/');
        if (old && id[0] && !ncsfi_is_subfile(ncid) && ncsfi_read_version(ncid, &old->version) == NC_NOERR &&
            (old->dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(""))) {
            old->ncid = ncid;
            old->rank = rank;
            if (!err) err = collect_from(old, id, rank, nprocs, s);
        }
        if (old) free(old->dir);
        free(old);
        ncmpi_close(ncid);
    }
    /* nobody reads the old base file after this: the create may replace it */
    err = ncsfi_agree(comm, yield, err);
    if (err) ncsfi_clobber_free(s);
    return err;
}

void ncsfi_clobber_remove(ncsf_stale *s)
{
    for (int i = 0; i < s->n; i++) unlink(s->paths[i]);
    ncsfi_clobber_free(s);
}

void ncsfi_clobber_free(ncsf_stale *s)
{
    for (int i = 0; i < s->n; i++) free(s->paths[i]);
    free(s->paths);
    s->paths = NULL;
    s->n = 0;
}
