/*
 * t_restart.c: a restart reads back what it wrote.
 *
 *   t_restart write DIR   P processes write u(z,y,x) doubles and the
 *                         records of r(time,z,y,x) ints, each subfiled into
 *                         P blocks along z, rank i writing block i; then
 *                         reopen and read back with the same decomposition:
 *                         every collective read goes straight to the
 *                         reader's own subfiles (ncsf_inq_engine_counts: one
 *                         direct read per call, no plan, no gathering
 *                         message, one subfile opened per variable, the
 *                         reader's own: its handle is the only one opened,
 *                         a descriptor read with pread as the dataset is
 *                         read only), every value checked; then reads that
 *                         cross subfiles in long runs (still direct) and in
 *                         short strided runs (planned and gathered); w,
 *                         split along y, read by z rows: each piece one run
 *                         of its subfile and strided in the reader's memory
 *                         (direct, through a copy); then the same restart
 *                         opened for writing (direct reads through MPI-IO
 *                         handles, no descriptor), every value checked;
 *                         then, opened read only again, the last block's
 *                         subfile of u moved away before its reader first
 *                         opens it: NC_ENOENT on every rank, and the next
 *                         read, with the subfile back, right.
 *   t_restart read DIR    another process count reads everything back,
 *                         values checked.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h>
#include "testutil.h"
#include "values.h"

#define ZPER 2 /* z rows per block */
#define NY 8
#define NX 16
#define NREC 3

static test_state ts;

static double uval(long long z, long long y, long long x, int nz)
{
    return test_value(NC_DOUBLE, (z * NY + y) * NX + x, 7 + nz);
}

static int rval(long long t, long long z, long long y, long long x)
{
    return (int)(((t * 1000 + z) * NY + y) * NX + x);
}

static double wval(long long z, long long y, long long x)
{
    return 0.5 + (double)((z * NY + y) * NX + x);
}

#define EXPECT_DELTA(field, a, b, want, what) \
    EXPECT(&ts, (b).field - (a).field == (want), "%s: %s grew by %lld, expected %lld", what, #field, \
           (long long)((b).field - (a).field), (long long)(want))

static void write_file(const char *path)
{
    int ncid, d[4], u, r;
    char nf[16];
    MPI_Info info;
    MPI_Offset nz = (MPI_Offset)ZPER * ts.nprocs, z0 = (MPI_Offset)ZPER * ts.rank;
    snprintf(nf, sizeof nf, "%d", ts.nprocs);
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "time", NC_UNLIMITED, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "z", nz, &d[1]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[2]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[3]));
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", nf);
    MPI_Info_set(info, "subfiling_dims", "z");
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "u", NC_DOUBLE, 3, d + 1, &u, info));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "r", NC_INT, 4, d, &r, info));
    /* w: split along y into P blocks (NY rows, at most 8 processes) */
    int w;
    MPI_Info_set(info, "subfiling_dims", "y");
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "w", NC_DOUBLE, 3, d + 1, &w, info));
    MPI_Info_free(&info);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    double *ub = malloc(sizeof(double) * ZPER * NY * NX);
    int *rb = malloc(sizeof(int) * ZPER * NY * NX);
    for (int z = 0; z < ZPER; z++)
        for (int y = 0; y < NY; y++)
            for (int x = 0; x < NX; x++) ub[(z * NY + y) * NX + x] = uval(z0 + z, y, x, (int)nz);
    MPI_Offset st[4] = {0, z0, 0, 0}, ct[4] = {1, ZPER, NY, NX};
    EXPECT_OK(&ts, ncmpi_put_vara_double_all(ncid, u, st + 1, ct + 1, ub));
    /* w by the same z rows, every y */
    for (int z = 0; z < ZPER; z++)
        for (int y = 0; y < NY; y++)
            for (int x = 0; x < NX; x++) ub[(z * NY + y) * NX + x] = wval(z0 + z, y, x);
    EXPECT_OK(&ts, ncmpi_put_vara_double_all(ncid, w, st + 1, ct + 1, ub));
    for (int t = 0; t < NREC; t++) {
        for (int z = 0; z < ZPER; z++)
            for (int y = 0; y < NY; y++)
                for (int x = 0; x < NX; x++) rb[(z * NY + y) * NX + x] = rval(t, z0 + z, y, x);
        st[0] = t;
        EXPECT_OK(&ts, ncmpi_put_vara_int_all(ncid, r, st, ct, rb));
    }
    EXPECT_OK(&ts, ncmpi_close(ncid));
    free(ub);
    free(rb);
}

/* Read z rows [z0, z0 + nzr) with x stride xs, every value checked. */
static void read_rows(int ncid, MPI_Offset z0, MPI_Offset nzr, MPI_Offset xs, MPI_Offset nz)
{
    int u, r;
    MPI_Offset nx = (NX + xs - 1) / xs, n = nzr * NY * nx;
    MPI_Offset st[4] = {0, z0, 0, 0}, ct[4] = {1, nzr, NY, nx}, sd[4] = {1, 1, 1, xs};
    double *ub = malloc(sizeof(double) * (size_t)(n ? n : 1));
    int *rb = malloc(sizeof(int) * (size_t)(n ? n : 1));
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "u", &u));
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "r", &r));
    EXPECT_OK(&ts, ncmpi_get_vars_double_all(ncid, u, st + 1, ct + 1, sd + 1, ub));
    long long bad = 0;
    for (MPI_Offset i = 0; i < n; i++) {
        MPI_Offset z = z0 + i / (NY * nx), y = i / nx % NY, x = i % nx * xs;
        bad += ub[i] != uval(z, y, x, (int)nz);
    }
    for (int t = 0; t < NREC; t++) {
        st[0] = t;
        EXPECT_OK(&ts, ncmpi_get_vars_int_all(ncid, r, st, ct, sd, rb));
        for (MPI_Offset i = 0; i < n; i++) {
            MPI_Offset z = z0 + i / (NY * nx), y = i / nx % NY, x = i % nx * xs;
            bad += rb[i] != rval(t, z, y, x);
        }
    }
    EXPECT(&ts, bad == 0, "%s: %lld wrong values", ts.where, bad);
    free(ub);
    free(rb);
}

/* w's z rows [z0, z0 + nzr), every y and x, every value checked. */
static void read_w(int ncid, MPI_Offset z0, MPI_Offset nzr)
{
    int w;
    MPI_Offset st[3] = {z0, 0, 0}, ct[3] = {nzr, NY, NX}, n = nzr * NY * NX;
    double *wb = malloc(sizeof(double) * (size_t)(n ? n : 1));
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "w", &w));
    EXPECT_OK(&ts, ncmpi_get_vara_double_all(ncid, w, st, ct, wb));
    long long bad = 0;
    for (MPI_Offset i = 0; i < n; i++) bad += wb[i] != wval(z0 + i / (NY * NX), i / NX % NY, i % NX);
    EXPECT(&ts, bad == 0, "%s: %lld wrong values of w", ts.where, bad);
    free(wb);
}

static void restart(const char *path)
{
    int ncid;
    ncsf_engine_counts c0, c1;
    MPI_Offset nz = (MPI_Offset)ZPER * ts.nprocs;
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));

    /* the same decomposition: straight to the reader's own subfiles */
    ts.where = "same decomposition";
    EXPECT_OK(&ts, ncsf_inq_engine_counts(ncid, &c0));
    read_rows(ncid, (MPI_Offset)ZPER * ts.rank, ZPER, 1, nz);
    EXPECT_OK(&ts, ncsf_inq_engine_counts(ncid, &c1));
    EXPECT_DELTA(calls, c0, c1, 1 + NREC, ts.where);
    EXPECT_DELTA(direct_reads, c0, c1, 1 + NREC, ts.where);
    EXPECT_DELTA(plan_builds, c0, c1, 0, ts.where);
    EXPECT_DELTA(plan_hits, c0, c1, 0, ts.where);
    EXPECT_DELTA(gather_msgs, c0, c1, 0, ts.where);
    EXPECT_DELTA(mpiio_steps, c0, c1, 0, ts.where);
    EXPECT_DELTA(runs_msgs, c0, c1, 0, ts.where);
    EXPECT_DELTA(file_opens, c0, c1, 2, ts.where); /* block rank of u and of r */
    EXPECT_DELTA(fd_opens, c0, c1, 2, ts.where);   /* ... as descriptors: read only */
    EXPECT_DELTA(direct_boxes, c0, c1, 1 + NREC, ts.where);

    /* rows shifted by one: two subfiles each, long runs: still alone */
    ts.where = "shifted rows";
    EXPECT_OK(&ts, ncsf_inq_engine_counts(ncid, &c0));
    read_rows(ncid, ((MPI_Offset)ZPER * ts.rank + 1) % nz, ts.rank == ts.nprocs - 1 ? 1 : ZPER, 1, nz);
    EXPECT_OK(&ts, ncsf_inq_engine_counts(ncid, &c1));
    EXPECT_DELTA(direct_reads, c0, c1, 1 + NREC, ts.where);
    EXPECT_DELTA(gather_msgs, c0, c1, 0, ts.where);

    /* every other x (runs of one element): planned and gathered */
    ts.where = "strided";
    EXPECT_OK(&ts, ncsf_inq_engine_counts(ncid, &c0));
    read_rows(ncid, ((MPI_Offset)ZPER * ts.rank + 1) % nz, ts.rank == ts.nprocs - 1 ? 1 : ZPER, 2, nz);
    EXPECT_OK(&ts, ncsf_inq_engine_counts(ncid, &c1));
    EXPECT_DELTA(direct_reads, c0, c1, 0, ts.where);
    EXPECT(&ts, c1.plan_builds + c1.plan_hits - c0.plan_builds - c0.plan_hits == 1 + NREC,
           "strided: %lld calls planned, expected %d",
           c1.plan_builds + c1.plan_hits - c0.plan_builds - c0.plan_hits, 1 + NREC);

    /* w split along y, read by z rows: a piece in every subfile, one run
     * of it, strided in the reader's buffer */
    ts.where = "strided in memory";
    EXPECT_OK(&ts, ncsf_inq_engine_counts(ncid, &c0));
    read_w(ncid, (MPI_Offset)ZPER * ts.rank, ZPER);
    EXPECT_OK(&ts, ncsf_inq_engine_counts(ncid, &c1));
    EXPECT_DELTA(direct_reads, c0, c1, 1, ts.where);
    EXPECT_DELTA(direct_boxes, c0, c1, ts.nprocs, ts.where);
    EXPECT_DELTA(fd_opens, c0, c1, ts.nprocs, ts.where);
    EXPECT_DELTA(gather_msgs, c0, c1, 0, ts.where);
    EXPECT_OK(&ts, ncmpi_close(ncid));

    /* opened for writing: the same reads go direct through MPI-IO */
    ts.where = "same decomposition, opened for writing";
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_WRITE, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncsf_inq_engine_counts(ncid, &c0));
    read_rows(ncid, (MPI_Offset)ZPER * ts.rank, ZPER, 1, nz);
    read_w(ncid, (MPI_Offset)ZPER * ts.rank, ZPER);
    EXPECT_OK(&ts, ncsf_inq_engine_counts(ncid, &c1));
    EXPECT_DELTA(direct_reads, c0, c1, 2 + NREC, ts.where);
    EXPECT_DELTA(fd_opens, c0, c1, 0, ts.where);
    EXPECT_DELTA(file_opens, c0, c1, 2 + ts.nprocs, ts.where);
    EXPECT_OK(&ts, ncmpi_close(ncid));

    /* a subfile gone after the open (the checks passed), before the one
     * rank that reads it opens it: that rank's failure is every rank's */
    ts.where = "a subfile gone after the open";
    char sub[1024], away[1100];
    int u, last = ts.nprocs - 1;
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "u", &u));
    EXPECT_OK(&ts, ncsf_inq_subfile_path(ncid, u, last, sub, sizeof sub));
    snprintf(away, sizeof away, "%s.away", sub);
    ON_ROOT(&ts, if (rename(sub, away) != 0) perror("rename"));
    MPI_Offset st[3] = {(MPI_Offset)ZPER * ts.rank, 0, 0}, ct[3] = {ZPER, NY, NX};
    double *ub = malloc(sizeof(double) * ZPER * NY * NX);
    test_agreed(&ts, ncmpi_get_vara_double_all(ncid, u, st, ct, ub), NC_ENOENT, ts.where);
    ON_ROOT(&ts, if (rename(away, sub) != 0) perror("rename"));
    ts.where = "the subfile back";
    read_rows(ncid, (MPI_Offset)ZPER * ts.rank, ZPER, 1, nz);
    free(ub);
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

/* Another process count: everything, by even shares of z rows. */
static void read_other(const char *path)
{
    int ncid, dz;
    MPI_Offset nz, z0, nzr;
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_inq_dimid(ncid, "z", &dz));
    EXPECT_OK(&ts, ncmpi_inq_dimlen(ncid, dz, &nz));
    test_split(nz, ts.rank, ts.nprocs, &z0, &nzr);
    ts.where = "other process count";
    read_rows(ncid, z0, nzr, 1, nz);
    read_w(ncid, z0, nzr);
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

int main(int argc, char **argv)
{
    test_init(&ts, &argc, &argv);
    if (argc != 3) {
        if (ts.rank == 0) fprintf(stderr, "usage: t_restart write|read DIR\n");
        MPI_Finalize();
        return 2;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/restart.nc", argv[2]);
    if (!strcmp(argv[1], "write")) {
        write_file(path);
        restart(path);
    } else {
        read_other(path);
    }
    return test_finish(&ts, "t_restart");
}
