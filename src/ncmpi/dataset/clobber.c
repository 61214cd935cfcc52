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
 * Collective, and no process but 0 touches the old base file: process 0
 * reads and parses its header (base/cdf_header.c; no PnetCDF open) and
 * says whether it is such a dataset. An old dataset of at most ALONE_MAX
 * subfiles process 0 checks alone, before the one reduction, which then
 * also carries the outcome and the old identity (a loop of small files
 * over the same name pays nothing more than a plain create). A larger one
 * it broadcasts the header of (ncsfi_header_bcast); the ranks share the
 * checking of the subfiles (subfile number i by rank i mod P, each header
 * read the same way), and a second reduction agrees on it. Either way the
 * old base file is read before the create overwrites it, and nothing is
 * removed unless the create succeeded. A checkpoint loop that writes over
 * the same name each step pays one header read, not one PnetCDF open per
 * process.
 *
 * Removing a file costs what freeing its blocks costs (about 0.1 ms per
 * MiB just written, on ext4), so the old subfiles process 0 checked alone
 * are removed by every process, not by process 0 alone: after the create,
 * process 0 moves old subfile i (i mod P not 0) aside to a name beside
 * the base file made of the base file's name, the old identity and i
 * ("PATH.ID.removed.i"), never over a file already there (it removes the
 * subfile itself then), and the create's reduction tells every process
 * which ones it moved; process i mod P removes those. A process that dies
 * in between leaves such a name behind, never a file at a subfile's name.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* renameat2, RENAME_NOREPLACE */
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ncsfi_dataset.h"

/* the most subfiles of an old dataset that process 0 checks alone */
enum { ALONE_MAX = 16 };

static int is_subfile(const ncsfi_cdf_header *h)
{
    return ncsfi_cdf_att_find(h, -1, "subfiling_base") != NULL;
}

/* Is path a regular file (not a link) that is a subfile of dataset id? */
static int subfile_of(const char *path, const char *id)
{
    struct stat sb;
    char mine[33];
    ncsfi_cdf_header h;
    MPI_Offset size;
    int sys;
    if (lstat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) return 0;
    if (ncsfi_cdf_read(path, &h, &size, &sys) != NC_NOERR) return 0;
    ncsfi_cdf_dataset_id(&h, mine);
    int yes = is_subfile(&h) && !strcmp(mine, id);
    ncsfi_cdf_free(&h);
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
 * file (header h, identity id), verified, into s; with max >= 0, 1 (and
 * nothing in s) as soon as the old dataset has more than max subfiles. */
static int collect_from(ncsf_file *old, const ncsfi_cdf_header *h, const char *id, int rank, int nprocs,
                        long long max, ncsf_stale *s)
{
    int nvars = h->nvars, err = NC_NOERR;
    long long seen = 0;
    ncsf_var **vars = calloc(nvars > 0 ? nvars : 1, sizeof *vars);
    if (!vars) return NC_ENOMEM;
    /* counted first when bounded: no subfile is read for a dataset too large */
    for (int i = 0; max >= 0 && seen <= max && i < nvars; i++) {
        int index, yes;
        if (ncsfi_cdf_var_subfiled(h, i, &yes) != NC_NOERR || !yes) continue;
        if (ncsfi_read_var_atts_cdf(old, h, i, &vars[i], &index) != NC_NOERR || index >= 0) continue;
        int shared = 0;
        for (int j = 0; j < i && !shared; j++) shared = vars[j] && ncsfi_same_files(vars[j], vars[i]);
        if (!shared) seen += vars[i]->nfiles;
    }
    for (int i = 0; i < nvars; i++) {
        ncsfi_var_destroy(vars[i]);
        vars[i] = NULL;
    }
    if (max >= 0 && seen > max) err = 1;
    seen = 0;
    for (int i = 0; !err && i < nvars; i++) {
        int index, shared = 0, yes;
        /* a variable that cannot be read is left alone, as any doubt */
        if (ncsfi_cdf_var_subfiled(h, i, &yes) != NC_NOERR || !yes) continue;
        if (ncsfi_read_var_atts_cdf(old, h, i, &vars[i], &index) != NC_NOERR || index >= 0) continue;
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

/* Process 0: path's header, parsed, if it is the base file of a dataset
 * of ncsf (its size then, else 0 and nothing kept). */
static MPI_Offset old_dataset(const char *path, ncsfi_cdf_header *h)
{
    struct stat sb;
    char id[33];
    MPI_Offset size;
    int sys;
    if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode) || ncsfi_cdf_read(path, h, &size, &sys) != NC_NOERR)
        return 0;
    ncsfi_cdf_dataset_id(h, id);
    if (id[0] && !is_subfile(h)) return h->hsize;
    ncsfi_cdf_free(h);
    return 0;
}

/* collect_from over the old base file at path (header h, identity id),
 * with its directory and format. */
static int collect(const char *path, const ncsfi_cdf_header *h, const char *id, int rank, int nprocs,
                   long long max, ncsf_stale *s)
{
    ncsf_file *old = calloc(1, sizeof *old);
    const char *slash = strrchr(path, '/');
    int err = NC_NOERR;
    if (!old) return NC_ENOMEM;
    if (ncsfi_cdf_read_version(h, &old->version) == NC_NOERR) {
        if (!(old->dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup("")))
            err = NC_ENOMEM;
        old->rank = rank;
        if (!err) err = collect_from(old, h, id, rank, nprocs, max, s);
    }
    free(old->dir);
    free(old);
    return err;
}

int ncsfi_clobber_collect(MPI_Comm comm, int yield, const char *path, int err, int noclobber, int64_t *census,
                          ncsf_stale *s)
{
    int rank, nprocs;
    int64_t found = 0;
    ncsfi_cdf_header h;
    char id[33] = "";
    memset(&h, 0, sizeof h);
    s->paths = NULL;
    s->n = 0;
    s->old_id[0] = 0;
    if (MPI_Comm_rank(comm, &rank) != MPI_SUCCESS || MPI_Comm_size(comm, &nprocs) != MPI_SUCCESS)
        rank = -1, nprocs = 1, err = err ? err : NC_EMPI; /* looks for nothing; the agreement fails */
    /* one process looks first: a plain file (the common case) costs the
     * others nothing */
    if (rank == 0 && !err && !noclobber) found = old_dataset(path, &h);
    if (found > 0) ncsfi_cdf_dataset_id(&h, id);
    /* a small old dataset: all of its subfiles checked here, now
     * (found -1 then tells the others, who need only its identity) */
    if (found > 0 && !err) {
        int e = collect(path, &h, id, 0, 1, ALONE_MAX, s);
        if (e != 1) {
            if (e) ncsfi_clobber_free(s), err = e;
            ncsfi_cdf_free(&h);
            found = -1;
        }
    }
    /* the checks' outcome everywhere, process 0's finding and, checked
     * alone, the old identity (32 characters, 4 words) in one reduction */
    int64_t v[10] = {-(int64_t)err, rank == 0 ? found : INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN,
                     census[0], census[1], census[2], census[3]};
    if (rank == 0 && found < 0) memcpy(&v[2], id, 32); /* (text: every word positive) */
    int local = found > 0;
    if (ncsfi_agree_words(comm, yield, v, 10, MPI_MAX) != NC_NOERR) v[0] = err ? -err : -NC_EMPI, v[6] = 1;
    memcpy(census, &v[6], 4 * sizeof(int64_t));
    err = (int)-v[0];
    found = err ? 0 : v[1];
    if (found < 0) { /* checked alone by process 0: agreed */
        memcpy(s->old_id, &v[2], 32);
        s->old_id[32] = 0;
        s->alone = 1;
        return err;
    }
    if (err) ncsfi_clobber_free(s);
    if (found > 0) {
        int e = ncsfi_header_bcast(comm, rank, &h, (MPI_Offset)found);
        if (!err) err = e;
    } else if (local) {
        ncsfi_cdf_free(&h);
    }
    if (found <= 0) return err; /* agreed: nothing found, or a failure */
    if (!err) {
        ncsfi_cdf_dataset_id(&h, id);
        memcpy(s->old_id, id, sizeof id);
        err = collect(path, &h, id, rank, nprocs, -1, s);
    }
    ncsfi_cdf_free(&h);
    /* nobody reads the old base file after this: the create may replace it */
    err = ncsfi_agree(comm, yield, err);
    if (err) ncsfi_clobber_free(s);
    return err;
}

/* where process 0 moves old subfile i for process i mod P to remove; 0
 * if the name does not fit */
static int aside_name(const char *path, const char *old_id, int i, char *out, size_t len)
{
    int n = snprintf(out, len, "%s.%s.removed.%d", path, old_id, i);
    return n > 0 && (size_t)n < len;
}

/* from moved to to, never over a file there; 1 if moved */
static int move_aside(const char *from, const char *to)
{
#ifdef RENAME_NOREPLACE
    if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0) return 1;
    if (errno != EINVAL && errno != ENOSYS) return 0;
    /* (a file system without the flag: a link, refused over a file) */
#endif
    if (link(from, to) != 0) return 0;
    if (unlink(from) == 0) return 1;
    unlink(to);
    return 0;
}

int64_t ncsfi_clobber_hand_out(ncsf_stale *s, const char *path, int rank, int nprocs)
{
    int64_t moved = 0;
    if (rank != 0 || nprocs < 2 || !s->alone || strlen(s->old_id) != 32) return 0;
    for (int i = 0; i < s->n && i < 62; i++) {
        char to[SF_PATH_MAX];
        if (i % nprocs == 0 || !s->paths[i] || !aside_name(path, s->old_id, i, to, sizeof to)) continue;
        if (!move_aside(s->paths[i], to)) continue; /* process 0 removes it */
        moved |= (int64_t)1 << i;
        free(s->paths[i]);
        s->paths[i] = NULL;
    }
    return moved;
}

void ncsfi_clobber_take_share(const char *path, const char *old_id, int64_t moved, int rank, int nprocs)
{
    for (int i = 0; moved > 0 && i < 62 && nprocs > 0; i++) {
        char name[SF_PATH_MAX];
        if ((moved >> i & 1) && i % nprocs == rank && aside_name(path, old_id, i, name, sizeof name)) unlink(name);
    }
}

void ncsfi_clobber_remove(ncsf_stale *s)
{
    for (int i = 0; i < s->n; i++)
        if (s->paths[i]) unlink(s->paths[i]);
    ncsfi_clobber_free(s);
}

void ncsfi_clobber_free(ncsf_stale *s)
{
    for (int i = 0; i < s->n; i++) free(s->paths[i]);
    free(s->paths);
    s->paths = NULL;
    s->n = 0;
}
