/*
 * ncsf_inspect.h: looking inside a subfiled dataset, for tools and
 * benchmarks (doc/inspect.md). ncsf-info, its Zarr references and the
 * format benchmarks use only this and ncsf.h; the state behind it stays
 * private to the library.
 *
 * Every call is local: the process inspects alone (files opened on
 * MPI_COMM_SELF by the caller). Errors are netCDF codes; the reason of the
 * last failure of a dataset under inspection is ncsf_inspect_errmsg's.
 */
#ifndef NCSF_INSPECT_H
#define NCSF_INSPECT_H

#include <stddef.h>
#include <pnetcdf.h>

#pragma GCC visibility push(default)

#define NCSF_INSPECT_MAX_DIMS 16   /* dimensions of a subfiled variable */
#define NCSF_INSPECT_MAX_PDIMS 8   /* dimensions it may be partitioned along */
#define NCSF_INSPECT_PATH_MAX 4352 /* room for any subfile's path */

/* The state mark a dataset's writer leaves (ncsf_inspect_read_state);
 * SYNCED: whole as of its writer's last ncmpi_sync, the writer still
 * holding it open (or gone since without changing anything) */
enum { NCSF_INSPECT_WRITING = 0, NCSF_INSPECT_COMPLETE = 1, NCSF_INSPECT_FAILED = 2, NCSF_INSPECT_SYNCED = 3 };

/* A dataset under inspection, and one subfiled variable of it. */
typedef struct ncsf_inspect ncsf_inspect;
typedef struct ncsf_inspect_var ncsf_inspect_var;

/* How a subfiled variable is split (doc/format.md), as its attributes say. */
typedef struct ncsf_inspect_layout {
    int varid;
    nc_type xtype;
    int ndims;
    int dimids[NCSF_INSPECT_MAX_DIMS];  /* in the file the caller opened */
    int record;                         /* dimension 0 is the record one */
    MPI_Offset gsize[NCSF_INSPECT_MAX_DIMS]; /* global extents (gsize[0] unused if record) */
    int nfiles;                         /* subfiles */
    int npart;                          /* dimensions it is partitioned along */
    int pdims[NCSF_INSPECT_MAX_PDIMS];  /* which */
    int pgrid[NCSF_INSPECT_MAX_PDIMS];  /* blocks along each */
    const MPI_Offset *bounds[NCSF_INSPECT_MAX_PDIMS]; /* pgrid[p] + 1 boundaries each */
} ncsf_inspect_layout;

/* ---- files ---------------------------------------------------------- */

/* 1 if the file open as ncid is a subfile (it has subfiling_index). */
int ncsf_inspect_is_subfile(int ncid);
/* NC_NOERR if path is a regular file, else why not (NC_ENOENT...). */
int ncsf_inspect_regular_file(const char *path);
/* The base file of the subfile open as ncid at path: *base and the
 * dataset's directory *dsdir (both malloc'd, the caller frees them), or
 * an error with why saying why. */
int ncsf_inspect_locate_base(int ncid, const char *path, char **base, char **dsdir, char *why, int whylen);
/* The writer's state mark of the base file open as ncid: an
 * NCSF_INSPECT_* value, or -1 if it cannot be read. */
int ncsf_inspect_read_state(int ncid);
/* The same, with *count the number of writer processes that hold changes
 * not synced (WRITING: 1 or more; 0 otherwise). */
int ncsf_inspect_read_state_count(int ncid, long *count);

/* ---- a dataset ---------------------------------------------------------- */

/* Inspect the dataset whose base file (or, when lone_dir is not NULL, one
 * subfile alone, its dataset in directory lone_dir, which is taken over)
 * is open as ncid at path. The caller keeps ncid and closes it after
 * ncsf_inspect_end. */
int ncsf_inspect_begin(const char *path, int ncid, char *lone_dir, ncsf_inspect **out);
void ncsf_inspect_end(ncsf_inspect *in);
const char *ncsf_inspect_path(const ncsf_inspect *in);
int ncsf_inspect_via_subfile(const ncsf_inspect *in);
/* Why the last call on in failed ("" if none said). */
const char *ncsf_inspect_errmsg(const ncsf_inspect *in);
/* The dataset identity (32 characters and a NUL into id), kept to check
 * subfiles against. */
int ncsf_inspect_read_id(ncsf_inspect *in, char id[33]);
/* The subfiling format version (1 or 2), kept for the variables. */
int ncsf_inspect_read_version(ncsf_inspect *in, int *version);
/* The dataset's number of records (its subfiles are checked against it). */
void ncsf_inspect_set_numrecs(ncsf_inspect *in, MPI_Offset numrecs);
MPI_Offset ncsf_inspect_numrecs(const ncsf_inspect *in);

/* ---- a subfiled variable ------------------------------------------------ */

/* Its layout from its attributes; an error (ncsf_inspect_errmsg says
 * why) if they are unusable. */
int ncsf_inspect_var_open(ncsf_inspect *in, int varid, ncsf_inspect_var **vp);
void ncsf_inspect_var_close(ncsf_inspect_var *v);
const ncsf_inspect_layout *ncsf_inspect_var_layout(const ncsf_inspect_var *v);
/* Block k's start and count in the global array. */
void ncsf_inspect_block(const ncsf_inspect_var *v, int k, MPI_Offset *start, MPI_Offset *count);
/* Subfile k's path (into buf, returned) and its name relative to the
 * dataset's directory (NC_NOERR or an error). */
const char *ncsf_inspect_subfile_path(const ncsf_inspect_var *v, int k, char *buf, size_t len);
int ncsf_inspect_subfile_name(const ncsf_inspect_var *v, int k, char *buf, size_t len);
/* Subfile k checked as the library checks it at open: present, of this
 * dataset, consistent with the layout, not cut short. NC_NOERR, NC_ENOENT,
 * NC_ETRUNC, NC_EVARMETA...; out[4] what it found (out[3]: its records). */
int ncsf_inspect_check_subfile(ncsf_inspect *in, ncsf_inspect_var *v, int k, MPI_Offset out[4]);
/* The least length subfile k has with nrecs records. */
MPI_Offset ncsf_inspect_expected_size(const ncsf_inspect_var *v, int k, MPI_Offset nrecs);

/* ---- the format's cost -------------------------------------------------- */

/* The header sizes of a dataset of one variable of doubles of shape
 * (n, inner, inner, inner) split along its first dimension into n
 * subfiles in subfiling format `format` (1 or 2): of the base file and of
 * subfile n-1, written by the library's own writer into scratch files in
 * dir (removed again) without making the n subfiles. */
int ncsf_inspect_header_sizes(int format, int n, int inner, const char *dir, MPI_Offset *base_header,
                              MPI_Offset *subfile_header);

#pragma GCC visibility pop
#endif
