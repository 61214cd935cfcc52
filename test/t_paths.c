/*
 * t_paths: each of the engine's data paths (doc/architecture.md, "The
 * engine's data paths") taken by the call meant to take it, and by no
 * other path, on every rank, with every value read back checked.
 *
 *   t_paths DIR
 *
 * A variable u(z, y, x) of doubles split along z into N = max(2, P)
 * subfiles, each rank's rows a block of its own (P = 1: both). After each
 * call the counters of ncsf_inq_engine_counts must have grown by one for
 * the expected path and by nothing for the others:
 *   gather      a collective put_vara, a collective read strided in x, a
 *               collective read where one rank reads strided and the
 *               others whole blocks (then none reads alone);
 *   runs        a collective put_varn and get_varn; a wait_all where one
 *               rank has an iput_varn and the others iput_varas;
 *   direct      a collective get_vara of the rank's own rows;
 *   indep       an independent put_vara and get_vara;
 *   indep_runs  an independent put_varn and get_varn;
 *   mpiio       reopened with subfiling_aggregate=0: a collective
 *               put_vara and a strided collective read (a whole-block
 *               read stays direct).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h>
#include "testutil.h"

#define ZPER 4
#define NY 6
#define NX 5

enum { P_DIRECT, P_RUNS, P_GATHER, P_MPIIO, P_INDEP, P_INDEP_RUNS, NP };
static const char *pname[NP] = {"direct", "runs", "gather", "mpiio", "indep", "indep_runs"};

static test_state ts;
static int ncid, u;
static MPI_Offset nz, z0, zn; /* the variable's rows, this rank's */
static long long last[NP];

static double val(MPI_Offset z, MPI_Offset y, MPI_Offset x, int gen)
{
    return gen * 100000.0 + z * 1000.0 + y * 10.0 + x;
}

static void counts(long long *c)
{
    ncsf_engine_counts e;
    memset(&e, 0, sizeof e);
    EXPECT_OK(&ts, ncsf_inq_engine_counts(ncid, &e));
    c[P_DIRECT] = e.direct_reads;
    c[P_RUNS] = e.runs_calls;
    c[P_GATHER] = e.gather_calls;
    c[P_MPIIO] = e.mpiio_calls;
    c[P_INDEP] = e.indep_calls;
    c[P_INDEP_RUNS] = e.indep_runs_calls;
}

/* The call just made took path want, and no other path counted it. */
static void took(int want, const char *what)
{
    long long now[NP];
    counts(now);
    for (int p = 0; p < NP; p++) {
        long long d = now[p] - last[p];
        EXPECT(&ts, d == (p == want), "%s: %s calls grew by %lld (expected the %s path)", what, pname[p], d,
               pname[want]);
    }
    memcpy(last, now, sizeof last);
}

/* This rank's rows at generation gen, x strided by xs (1: all). */
static double *fill(int gen, MPI_Offset xs)
{
    MPI_Offset nx = (NX + xs - 1) / xs;
    double *b = malloc(sizeof(double) * (size_t)(zn * NY * nx + 1));
    for (MPI_Offset i = 0; i < zn * NY * nx; i++) b[i] = val(z0 + i / (NY * nx), i / nx % NY, i % nx * xs, gen);
    return b;
}

static void check(const double *b, int gen, MPI_Offset xs, const char *what)
{
    MPI_Offset nx = (NX + xs - 1) / xs;
    long long bad = 0;
    for (MPI_Offset i = 0; i < zn * NY * nx; i++)
        bad += b[i] != val(z0 + i / (NY * nx), i / nx % NY, i % nx * xs, gen);
    EXPECT(&ts, bad == 0, "%s: %lld of %lld values wrong", what, bad, (long long)(zn * NY * nx));
}

/* One varn piece per row of this rank's. */
static MPI_Offset **sts, **cts;
static void varn_pieces(void)
{
    sts = malloc(sizeof *sts * (size_t)(zn + 1));
    cts = malloc(sizeof *cts * (size_t)(zn + 1));
    for (MPI_Offset i = 0; i < zn; i++) {
        sts[i] = malloc(3 * sizeof(MPI_Offset));
        cts[i] = malloc(3 * sizeof(MPI_Offset));
        sts[i][0] = z0 + i; sts[i][1] = 0; sts[i][2] = 0;
        cts[i][0] = 1; cts[i][1] = NY; cts[i][2] = NX;
    }
}

static void read_whole(int gen, int want, const char *what)
{
    MPI_Offset st[3] = {z0, 0, 0}, ct[3] = {zn, NY, NX};
    double *b = calloc((size_t)(zn * NY * NX + 1), sizeof(double));
    EXPECT_OK(&ts, ncmpi_get_vara_double_all(ncid, u, st, ct, b));
    took(want, what);
    check(b, gen, 1, what);
    free(b);
}

/* Strided in x on ranks that strided says, whole rows on the others. */
static void read_strided(int gen, int want, int strided, const char *what)
{
    MPI_Offset xs = strided ? 2 : 1;
    MPI_Offset st[3] = {z0, 0, 0}, ct[3] = {zn, NY, (NX + xs - 1) / xs}, sd[3] = {1, 1, xs};
    double *b = calloc((size_t)(zn * NY * NX + 1), sizeof(double));
    EXPECT_OK(&ts, ncmpi_get_vars_double_all(ncid, u, st, ct, sd, b));
    took(want, what);
    check(b, gen, xs, what);
    free(b);
}

int main(int argc, char **argv)
{
    test_init(&ts, &argc, &argv);
    if (argc < 2) {
        fprintf(stderr, "usage: t_paths DIR\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    char path[4096], nf[16];
    snprintf(path, sizeof path, "%s/paths.nc", argv[1]);
    int nfiles = ts.nprocs < 2 ? 2 : ts.nprocs;
    snprintf(nf, sizeof nf, "%d", nfiles);
    nz = (MPI_Offset)ZPER * nfiles;
    test_split(nz, ts.rank, ts.nprocs, &z0, &zn);
    varn_pieces();

    ts.where = "create";
    int d[3];
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", nf);
    MPI_Info_set(info, "subfiling_dims", "z");
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "z", nz, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[2]));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "u", NC_DOUBLE, 3, d, &u, info));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    counts(last);

    MPI_Offset st[3] = {z0, 0, 0}, ct[3] = {zn, NY, NX};
    ts.where = "gathered";
    double *b = fill(1, 1);
    EXPECT_OK(&ts, ncmpi_put_vara_double_all(ncid, u, st, ct, b));
    took(P_GATHER, "put_vara_all");
    free(b);
    read_whole(1, P_DIRECT, "get_vara_all of the rank's blocks");
    read_strided(1, P_GATHER, 1, "get_vars_all strided in x");
    /* one rank cannot read alone: every rank goes by the plan */
    read_strided(1, P_GATHER, ts.rank == 0, "get_vars_all strided on rank 0 only");

    ts.where = "by runs";
    b = fill(2, 1);
    EXPECT_OK(&ts, ncmpi_put_varn_double_all(ncid, u, (int)zn, sts, cts, b));
    took(P_RUNS, "put_varn_all");
    free(b);
    b = calloc((size_t)(zn * NY * NX + 1), sizeof(double));
    EXPECT_OK(&ts, ncmpi_get_varn_double_all(ncid, u, (int)zn, sts, cts, b));
    took(P_RUNS, "get_varn_all");
    check(b, 2, 1, "get_varn_all");
    free(b);
    /* one rank's many pieces take every rank's requests by runs */
    b = fill(3, 1);
    int req, stat;
    if (ts.rank == 0) EXPECT_OK(&ts, ncmpi_iput_varn_double(ncid, u, (int)zn, sts, cts, b, &req));
    else EXPECT_OK(&ts, ncmpi_iput_vara_double(ncid, u, st, ct, b, &req));
    EXPECT_OK(&ts, ncmpi_wait_all(ncid, 1, &req, &stat));
    EXPECT_OK(&ts, stat);
    took(P_RUNS, "wait_all of an iput_varn (rank 0) and iput_varas");
    free(b);
    read_whole(3, P_DIRECT, "get_vara_all after the mixed wait_all");

    ts.where = "independent";
    EXPECT_OK(&ts, ncmpi_begin_indep_data(ncid));
    b = fill(4, 1);
    EXPECT_OK(&ts, ncmpi_put_vara_double(ncid, u, st, ct, b));
    took(P_INDEP, "put_vara");
    memset(b, 0, sizeof(double) * (size_t)(zn * NY * NX));
    EXPECT_OK(&ts, ncmpi_get_vara_double(ncid, u, st, ct, b));
    took(P_INDEP, "get_vara");
    check(b, 4, 1, "get_vara");
    free(b);
    b = fill(5, 1);
    EXPECT_OK(&ts, ncmpi_put_varn_double(ncid, u, (int)zn, sts, cts, b));
    took(P_INDEP_RUNS, "put_varn");
    memset(b, 0, sizeof(double) * (size_t)(zn * NY * NX));
    EXPECT_OK(&ts, ncmpi_get_varn_double(ncid, u, (int)zn, sts, cts, b));
    took(P_INDEP_RUNS, "get_varn");
    check(b, 5, 1, "get_varn");
    free(b);
    EXPECT_OK(&ts, ncmpi_end_indep_data(ncid));
    read_whole(5, P_DIRECT, "get_vara_all after the independent puts");
    EXPECT_OK(&ts, ncmpi_close(ncid));

    ts.where = "collective MPI-IO";
    MPI_Info_set(info, "subfiling_aggregate", "0");
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_WRITE, info, &ncid));
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "u", &u));
    counts(last);
    b = fill(6, 1);
    EXPECT_OK(&ts, ncmpi_put_vara_double_all(ncid, u, st, ct, b));
    took(P_MPIIO, "put_vara_all");
    free(b);
    read_strided(6, P_MPIIO, 1, "get_vars_all strided in x");
    read_whole(6, P_DIRECT, "get_vara_all of the rank's blocks");
    EXPECT_OK(&ts, ncmpi_close(ncid));
    MPI_Info_free(&info);

    for (MPI_Offset i = 0; i < zn; i++) {
        free(sts[i]);
        free(cts[i]);
    }
    free(sts);
    free(cts);
    return test_finish(&ts, "t_paths");
}
