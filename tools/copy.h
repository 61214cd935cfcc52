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
    const char *only;      /* NULL, or the variables to copy, comma-separated
                            * (with the dimensions they use) */
} copy_opts;

/* Is name in the comma-separated list? */
int tool_listed(const char *list, const char *name);
/* The first name of list that in lacks, into missing (NC_MAX_NAME + 1
 * bytes); 0 if it has them all. */
int tool_missing_var(int in, const char *list, char *missing);

/* Define everything of in in out (out in define mode) and copy the data;
 * attributes named subfiling_* are left behind. Collective. */
int copy_dataset(int in, int out, copy_var_info_fn info_of, void *arg, const copy_opts *o);

/* Create path in the format of the open dataset in, or in format cmode
 * (NC_64BIT_DATA, NC_64BIT_OFFSET, 0 for classic) if it is not -1
 * (collective). */
int tool_create_like(int in, const char *path, int cmode, MPI_Info info, int rank, const char *tool, int *out);
/* The same copy into a netCDF-4/HDF5 file written by netCDF-C, variables
 * compressed with deflate level deflate (0: none) and the shuffle filter
 * if shuffle; one process only. */
int copy_to_netcdf4(int in, const char *path, int deflate, int shuffle, const copy_opts *o);

/* Common command line handling. tool_start: MPI_Init, rank and size; if
 * any argument is --help or -h, rank 0 prints usage to stdout and MPI is
 * finalized: returns 1, and the tool exits 0. */
/* What to do about an error opening (or creating) a file: a remedy in
 * parentheses, or "" */
const char *tool_open_remedy(int err, int creating);
int tool_start(int *argc, char ***argv, int *rank, int *nprocs, void (*usage)(FILE *));
/* ---- output.c: never harm the input, never leave half an output ---- */
int tool_refuse_existing(const char *tool, const char *path, int force, int rank);
/* 1 (on every rank, after rank 0 said why) if out is a file of the
 * dataset open as ncid (opened as path). */
int tool_output_in_input(const char *tool, int ncid, const char *path, const char *out, int rank);
/* A name beside out for writing it before the rename (collective). */
void tool_temp_name(const char *out, char *buf, size_t len);
/* Rename tmp to out if ok, else remove tmp (collective); 1 on failure. */
int tool_commit_temp(const char *tool, const char *tmp, const char *out, int ok, int rank);
/* Every file of the dataset open as ncid created as base; freed (and the
 * files removed by rank 0 if remove) by tool_remove_outputs. */
int tool_list_outputs(int ncid, const char *base, char ***paths, int *n);
void tool_remove_outputs(char **paths, int n, int remove, int rank);
const char *tool_base_of_subfile(const char *in, char *buf, int len);
#endif
