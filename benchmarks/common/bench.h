/*
 * bench.h: what the benchmark kernels share: the I/O modes they compare,
 * command-line hints, timers reduced with MPI_MAX, and the report lines.
 */
#ifndef NCSF_BENCH_H
#define NCSF_BENCH_H

#include <ncsf.h>

typedef enum { MODE_SHARED, MODE_SUBFILING, MODE_PNC_SUBFILING, MODE_FPP } bench_mode;

typedef struct {
    bench_mode mode;
    int nfiles;          /* subfiles (subfiling, pnetcdf-subfiling) */
    const char *dims;    /* subfiling_dims for the subfiling mode, or NULL */
    const char *group;   /* subfiling_group for the subfiling mode, or NULL (-G) */
    MPI_Info hints;      /* MPI-IO hints for every file (-H key=value) */
    int rank, nprocs;
    int quiet;
} bench_cfg;

void bench_init(bench_cfg *cfg);
/* Options -m MODE, -N nfiles, -d dims, -H key=value, -G, -q at argv[i]:
 * returns how many arguments it took, 0 if not one of these, -1 if bad. */
int bench_option(int argc, char **argv, int i, bench_cfg *cfg);
/* Defaults for what no option set (nfiles: half the processes). */
void bench_finish_options(bench_cfg *cfg);
const char *bench_mode_name(bench_mode m);

/* Create the file of a checkpoint for the mode: the shared file, or this
 * process's own file (fpp), with the hints the mode needs. */
int bench_create(const bench_cfg *cfg, const char *path, int cmode, int *ncid);
int bench_open(const bench_cfg *cfg, const char *path, int *ncid);
/* def_var info for a variable to be subfiled in the subfiling mode
 * (MPI_INFO_NULL otherwise); the caller frees it. */
MPI_Info bench_var_info(const bench_cfg *cfg);
/* The path this process uses for a dataset called path. */
void bench_path(const bench_cfg *cfg, const char *path, char *out, int len);
/* Files the mode created for one dataset (fpp: one per process). */
int bench_files_created(const bench_cfg *cfg, const char *path);
/* Remove a dataset's files (all processes call it). */
void bench_remove(const bench_cfg *cfg, const char *path);

typedef struct { double open, io, close; } bench_times;
/* Reduce with MPI_MAX. */
void bench_reduce(const bench_cfg *cfg, bench_times *t);
/* Close ncid and add to t: open from t0 to t1, I/O from t1 to now, then
 * the close; returns close's error. */
int bench_close_timed(int ncid, double t0, double t1, bench_times *t);

/* The human line and the CSV line of one measured phase. */
void bench_report(const bench_cfg *cfg, const char *kernel, const char *phase, int files,
                  double bytes, const bench_times *t, int ncalls, int nprocs_written);

/* A whole variable written with PnetCDF's built-in subfiling, read from
 * its subfiles directly (its own read path returns wrong values). */
int bench_read_pnc_subfiled(const char *path, const char *var, int nfiles, double *out,
                            char *seen, MPI_Offset total);

/* The most severe error of all processes. */
int bench_agree(int err);

#endif
