/*
 * output.c: how the tools write their output without ever harming their
 * input or leaving half a file behind.
 *
 * - An output that is any file of the input dataset (its base file or one
 *   of its subfiles, under any name: the same device and inode) is
 *   refused, --force or not.
 * - ncsf-merge writes a temporary file beside OUT and renames it to OUT
 *   only when everything was written; ncsf-split, whose output is a base
 *   file and subfiles named after it, removes every file it made when it
 *   fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "copy.h"

int tool_refuse_existing(const char *tool, const char *path, int force, int rank)
{
    struct stat sb;
    if (force || stat(path, &sb) != 0) return 0;
    if (rank == 0) fprintf(stderr, "%s: %s exists; give --force to overwrite it\n", tool, path);
    return 1;
}

static int same_file(const struct stat *a, const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && sb.st_dev == a->st_dev && sb.st_ino == a->st_ino;
}

/* Is out one of the files of the dataset open as ncid (opened as path)?
 * Rank 0 looks; every rank gets the answer. */
int tool_output_in_input(const char *tool, int ncid, const char *path, const char *out, int rank)
{
    int hit = 0;
    struct stat so;
    if (rank == 0 && stat(out, &so) == 0) {
        char sub[4096];
        const char *which = NULL;
        if (same_file(&so, path)) which = path;
        int nvars = 0;
        ncmpi_inq_nvars(ncid, &nvars);
        for (int v = 0; !which && v < nvars; v++) {
            int on = 0, n = 0;
            ncsf_inq_var_subfiling(ncid, v, &on, &n);
            for (int k = 0; on && !which && k < n; k++)
                if (ncsf_inq_subfile_path(ncid, v, k, sub, sizeof sub) == NC_NOERR && same_file(&so, sub))
                    which = sub;
        }
        if (which) {
            hit = 1;
            fprintf(stderr, "%s: %s is %s, a file of the input dataset %s: refused (even with --force)\n",
                    tool, out, which, path);
        }
    }
    MPI_Bcast(&hit, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return hit;
}

void tool_temp_name(const char *out, char *buf, size_t len)
{
    int pid = (int)getpid();
    MPI_Bcast(&pid, 1, MPI_INT, 0, MPI_COMM_WORLD);
    const char *slash = strrchr(out, '/');
    if (slash)
        snprintf(buf, len, "%.*s/.%s.ncsf-tmp.%d", (int)(slash - out), out, slash + 1, pid);
    else
        snprintf(buf, len, ".%s.ncsf-tmp.%d", out, pid);
}

int tool_commit_temp(const char *tool, const char *tmp, const char *out, int ok, int rank)
{
    int err = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* every process has closed it */
    if (rank == 0) {
        if (ok && rename(tmp, out) != 0) {
            fprintf(stderr, "%s: cannot rename %s to %s: ", tool, tmp, out);
            perror(NULL);
            err = 1;
        }
        if (!ok || err) unlink(tmp);
    }
    MPI_Bcast(&err, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return err;
}

/* The base file and every subfile of the dataset open as ncid, to remove
 * them if making it fails (rank 0 removes). */
int tool_list_outputs(int ncid, const char *base, char ***paths, int *n)
{
    int nvars = 0, total = 1;
    ncmpi_inq_nvars(ncid, &nvars);
    for (int v = 0; v < nvars; v++) {
        int on = 0, k = 0;
        ncsf_inq_var_subfiling(ncid, v, &on, &k);
        if (on) total += k;
    }
    char **p = calloc((size_t)total, sizeof(char *));
    if (!p) return NC_ENOMEM;
    int j = 0;
    p[j++] = strdup(base);
    for (int v = 0; v < nvars; v++) {
        int on = 0, nf = 0;
        char sub[4096];
        ncsf_inq_var_subfiling(ncid, v, &on, &nf);
        for (int k = 0; on && k < nf; k++)
            if (ncsf_inq_subfile_path(ncid, v, k, sub, sizeof sub) == NC_NOERR) p[j++] = strdup(sub);
    }
    *paths = p;
    *n = j;
    return NC_NOERR;
}

void tool_remove_outputs(char **paths, int n, int remove, int rank)
{
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < n; i++) {
        if (remove && rank == 0 && paths[i]) unlink(paths[i]);
        free(paths[i]);
    }
    free(paths);
}
