/*
 * t_concurrent: datasets written at the same time.
 *
 *   t_concurrent halves DIR   the two halves of MPI_COMM_WORLD each write
 *                             and read back a dataset of their own, at once
 *   t_concurrent twice DIR    one communicator, two datasets whose
 *                             collective calls interleave (blocking and
 *                             non-blocking, puts and gets, in turn)
 * Every value is checked, after the fact by another process count too
 * (the script reads the files again).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <ncsf.h>
#include "testutil.h"
#include "values.h"

#define NX 16
#define NY 5

static test_state ts;

static void rows(MPI_Comm comm, MPI_Offset *st, MPI_Offset *ct)
{
    int r, p;
    MPI_Comm_rank(comm, &r);
    MPI_Comm_size(comm, &p);
    test_split(NX, r, p, &st[0], &ct[0]);
    st[1] = 0;
    ct[1] = NY;
}

static void fill(int *b, const MPI_Offset *st, const MPI_Offset *ct, int seed)
{
    for (MPI_Offset i = 0; i < ct[0] * ct[1]; i++)
        b[i] = (int)test_value(NC_INT, (st[0] + i / NY) * NY + i % NY, seed);
}

static void check(const int *b, const MPI_Offset *st, const MPI_Offset *ct, int seed, const char *what)
{
    for (MPI_Offset i = 0; i < ct[0] * ct[1]; i++)
        if (b[i] != (int)test_value(NC_INT, (st[0] + i / NY) * NY + i % NY, seed)) {
            EXPECT(&ts, 0, "%s: value %lld wrong", what, (long long)i);
            return;
        }
}

/* A dataset of two subfiled variables, a (3 files) and b (2), defined. */
static int define(MPI_Comm comm, const char *path, int *a, int *b)
{
    int ncid, d[2];
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", "3");
    MPI_Info_set(info, "subfiling_min_size", "0"); /* a small test array */
    EXPECT_OK(&ts, ncmpi_create(comm, path, NC_CLOBBER | NC_64BIT_DATA, info, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "a", NC_INT, 2, d, a));
    MPI_Info_set(info, "subfiling_nfiles", "2");
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "b", NC_INT, 2, d, b, info));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    MPI_Info_free(&info);
    return ncid;
}

/* Read both variables of path back on comm, the rows of the next rank. */
static void read_back(MPI_Comm comm, const char *path, int seed)
{
    int ncid, v, buf[NX * NY];
    MPI_Offset st[2], ct[2];
    EXPECT_OK(&ts, ncmpi_open(comm, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    rows(comm, st, ct);
    st[0] = (st[0] + ct[0]) % NX;
    if (st[0] + ct[0] > NX) ct[0] = NX - st[0];
    const char *names[2] = {"a", "b"};
    for (int k = 0; k < 2; k++) {
        EXPECT_OK(&ts, ncmpi_inq_varid(ncid, names[k], &v));
        EXPECT_OK(&ts, ncmpi_get_vara_int_all(ncid, v, st, ct, buf));
        check(buf, st, ct, seed + k, path);
    }
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

static void halves(const char *dir)
{
    MPI_Comm half;
    char path[512];
    int color = ts.rank % 2, ncid, a, b, buf[NX * NY];
    MPI_Comm_split(MPI_COMM_WORLD, color, ts.rank, &half);
    snprintf(path, sizeof path, "%s/half%d.nc", dir, color);
    ncid = define(half, path, &a, &b);
    MPI_Offset st[2], ct[2];
    rows(half, st, ct);
    for (int step = 0; step < 3; step++) {
        int seed = 100 * color + step;
        fill(buf, st, ct, seed);
        EXPECT_OK(&ts, ncmpi_put_vara_int_all(ncid, a, st, ct, buf));
        fill(buf, st, ct, seed + 1);
        EXPECT_OK(&ts, ncmpi_put_vara_int_all(ncid, b, st, ct, buf));
    }
    EXPECT_OK(&ts, ncmpi_close(ncid));
    read_back(half, path, 100 * color + 2);
    MPI_Comm_free(&half);
}

static void twice(const char *dir)
{
    char p1[512], p2[512];
    int n1, n2, a1, b1, a2, b2, buf[NX * NY], got[NX * NY], rq[2];
    MPI_Offset st[2], ct[2];
    snprintf(p1, sizeof p1, "%s/one.nc", dir);
    snprintf(p2, sizeof p2, "%s/two.nc", dir);
    n1 = define(MPI_COMM_WORLD, p1, &a1, &b1);
    n2 = define(MPI_COMM_WORLD, p2, &a2, &b2);
    rows(MPI_COMM_WORLD, st, ct);
    for (int step = 0; step < 3; step++) {
        fill(buf, st, ct, 10 + step);
        EXPECT_OK(&ts, ncmpi_put_vara_int_all(n1, a1, st, ct, buf));
        fill(buf, st, ct, 20 + step);
        EXPECT_OK(&ts, ncmpi_put_vara_int_all(n2, a2, st, ct, buf));
        /* non-blocking on both, waited in the other order */
        int b1v[NX * NY], b2v[NX * NY];
        fill(b1v, st, ct, 11 + step);
        fill(b2v, st, ct, 21 + step);
        EXPECT_OK(&ts, ncmpi_iput_vara_int(n1, b1, st, ct, b1v, &rq[0]));
        EXPECT_OK(&ts, ncmpi_iput_vara_int(n2, b2, st, ct, b2v, &rq[1]));
        EXPECT_OK(&ts, ncmpi_wait_all(n2, 1, &rq[1], NULL));
        EXPECT_OK(&ts, ncmpi_wait_all(n1, 1, &rq[0], NULL));
        /* gets in between */
        EXPECT_OK(&ts, ncmpi_get_vara_int_all(n2, a2, st, ct, got));
        check(got, st, ct, 20 + step, "two.nc a while one.nc is open");
        EXPECT_OK(&ts, ncmpi_get_vara_int_all(n1, b1, st, ct, got));
        check(got, st, ct, 11 + step, "one.nc b while two.nc is open");
    }
    EXPECT_OK(&ts, ncmpi_close(n2));
    EXPECT_OK(&ts, ncmpi_close(n1));
    read_back(MPI_COMM_WORLD, p1, 12);
    read_back(MPI_COMM_WORLD, p2, 22);
}

int main(int argc, char **argv)
{
    test_init(&ts, &argc, &argv);
    if (argc < 3) { fprintf(stderr, "usage: t_concurrent halves|twice|read DIR\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
    ts.where = argv[1];
    if (!strcmp(argv[1], "halves")) halves(argv[2]);
    else if (!strcmp(argv[1], "twice")) twice(argv[2]);
    else {
        char p[512];
        /* read what the other modes wrote, with this process count */
        for (int c = 0; c < 2; c++) {
            snprintf(p, sizeof p, "%s/half%d.nc", argv[2], c);
            if (access(p, F_OK) == 0) read_back(MPI_COMM_WORLD, p, 100 * c + 2);
        }
        snprintf(p, sizeof p, "%s/one.nc", argv[2]);
        read_back(MPI_COMM_WORLD, p, 12);
        snprintf(p, sizeof p, "%s/two.nc", argv[2]);
        read_back(MPI_COMM_WORLD, p, 22);
    }
    return test_finish(&ts, argv[1]);
}
