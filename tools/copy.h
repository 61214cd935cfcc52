/* copy.h: copying a netCDF dataset through ncsf, shared by ncsf-merge
 * (subfiled in, ordinary out) and ncsf-split (ordinary in, subfiled out). */
#ifndef NCSF_TOOLS_COPY_H
#define NCSF_TOOLS_COPY_H
#include <stdio.h>
#include <ncsf.h>

/* For each variable of the output: the def_var info (MPI_INFO_NULL for an
 * ordinary variable). The caller frees what it returns. */
typedef MPI_Info (*copy_var_info_fn)(const char *name, void *arg);

typedef struct {
    int rank, nprocs;
    int progress;          /* report progress on stderr */
    MPI_Offset chunk_bytes; /* bytes per process per read/write */
} copy_opts;

/* Define everything of in in out (out in define mode) and copy the data;
 * attributes named subfiling_* are left behind. Collective. */
int copy_dataset(int in, int out, copy_var_info_fn info_of, void *arg, const copy_opts *o);

/* Create path in the format of the open dataset in (collective). */
int tool_create_like(int in, const char *path, MPI_Info info, int rank, const char *tool, int *out);

/* Common command line handling. tool_start: MPI_Init, rank and size; if
 * any argument is --help or -h, rank 0 prints usage to stdout and MPI is
 * finalized: returns 1, and the tool exits 0. */
int tool_start(int *argc, char ***argv, int *rank, int *nprocs, void (*usage)(FILE *));
int tool_refuse_existing(const char *path, int force, int rank);
const char *tool_base_of_subfile(const char *in, char *buf, int len);
#endif
