/*
 * t_plans: the engine's plan cache across a checkpoint loop, value-checked.
 *
 *   t_plans write DIR   a dataset written by a sequence of collective
 *                       calls that repeat, change, alternate and cycle
 *                       decompositions, with counts asserted on every rank
 *                       (ncsf_inq_engine_counts): a repeated decomposition
 *                       reuses its plan; one that changes on a single rank
 *                       makes every rank plan again; the cache holds the
 *                       last 8; a record time series reuses one plan,
 *                       also when one rank writes each record and the
 *                       others join with nothing;
 *                       wait_all batches of different shapes each keep one.
 *                       Every value is read back (twice, the second time on
 *                       the cached plan) and compared.
 *   t_plans read DIR    the same dataset read back at another process
 *                       count, every value checked.
 *
 * The expected contents are tracked on every rank: each rank can compute
 * every other rank's box of every step, so it knows which seed wrote each
 * element last.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h>
#include "testutil.h"
#include "values.h"

#define NZ 12
#define NY 6
#define NX 5
#define NT 6
#define NELEM (NZ * NY * NX)

static test_state ts;
static int seed_of[NELEM];       /* seed that last wrote each element of u */
static int rseed_of[NT + 1][NZ * NY]; /* and of each record of r */

/* Rows [*z0, *z0 + *nz) of NZ for rank r of p, an even split. */
static void rows(int r, int p, MPI_Offset *z0, MPI_Offset *nz)
{
    test_split(NZ, r, p, z0, nz);
}

/* The box of u that rank r writes in a step of the given kind:
 *   0        even split of z;
 *   1        the same boxes, each one rank along (r gets r+1's);
 *   2        even split of y, all of z;
 *   3 .. 12  kind 0 cut down in x and y (ten distinct geometries);
 *   -1       kind 0, except that the last rank writes half its rows. */
static void box(int kind, int r, int p, MPI_Offset st[3], MPI_Offset ct[3])
{
    st[0] = st[1] = st[2] = 0;
    ct[0] = NZ; ct[1] = NY; ct[2] = NX;
    if (kind == 2) {
        test_split(NY, r, p, &st[1], &ct[1]);
        return;
    }
    rows(kind == 1 ? (r + 1) % p : r, p, &st[0], &ct[0]);
    if (kind == -1 && r == p - 1) ct[0] /= 2;
    if (kind >= 3) {
        ct[2] = 1 + (kind - 3) % NX;
        ct[1] = NY - (kind - 3) / NX;
    }
}

static long long lin(MPI_Offset z, MPI_Offset y, MPI_Offset x) { return ((long long)z * NY + y) * NX + x; }

static void fill(double *b, const MPI_Offset *st, const MPI_Offset *ct, int seed)
{
    long long i = 0;
    for (MPI_Offset z = st[0]; z < st[0] + ct[0]; z++)
        for (MPI_Offset y = st[1]; y < st[1] + ct[1]; y++)
            for (MPI_Offset x = st[2]; x < st[2] + ct[2]; x++) b[i++] = test_value(NC_DOUBLE, lin(z, y, x), seed);
}

/* Every rank's box of this step was written with seed. */
static void track(int kind, int seed)
{
    for (int r = 0; r < ts.nprocs; r++) {
        MPI_Offset st[3], ct[3];
        box(kind, r, ts.nprocs, st, ct);
        for (MPI_Offset z = st[0]; z < st[0] + ct[0]; z++)
            for (MPI_Offset y = st[1]; y < st[1] + ct[1]; y++)
                for (MPI_Offset x = st[2]; x < st[2] + ct[2]; x++) seed_of[lin(z, y, x)] = seed;
    }
}

static int seq;                  /* seeds: one per step */
static int ncid, u, rv;

static void counts(ncsf_engine_counts *c) { EXPECT_OK(&ts, ncsf_inq_engine_counts(ncid, c)); }

/* One collective put of u with the given kind, tracked. */
static void put_u(int kind)
{
    MPI_Offset st[3], ct[3];
    double b[NELEM];
    int seed = ++seq;
    box(kind, ts.rank, ts.nprocs, st, ct);
    fill(b, st, ct, seed);
    EXPECT_OK(&ts, ncmpi_put_vara_double_all(ncid, u, st, ct, b));
    track(kind, seed);
}

/* Record t of r: rows of z split evenly, all of y; with req, an iput from
 * b (which must outlive the wait), else a blocking put. */
static void put_r(int t, int seed, int *b, int *req)
{
    MPI_Offset st[3] = {t, 0, 0}, ct[3] = {1, 0, NY};
    rows(ts.rank, ts.nprocs, &st[1], &ct[1]);
    for (MPI_Offset i = 0; i < ct[1] * NY; i++)
        b[i] = (int)test_value(NC_INT, (st[1] + i / NY) * NY + i % NY, seed + t);
    if (req) EXPECT_OK(&ts, ncmpi_iput_vara_int(ncid, rv, st, ct, b, req));
    else EXPECT_OK(&ts, ncmpi_put_vara_int_all(ncid, rv, st, ct, b));
    for (int z = 0; z < NZ; z++)
        for (int y = 0; y < NY; y++) rseed_of[t][z * NY + y] = seed + t;
}

/* Record t of r written whole by rank 0, the other ranks joining with
 * nothing at the same start (as ncmpi_fill_var_rec does). */
static void put_r_one(int t, int seed, int *b)
{
    int me = ts.rank == 0;
    MPI_Offset st[3] = {t, 0, 0}, ct[3] = {me, me ? NZ : 0, NY};
    for (int i = 0; me && i < NZ * NY; i++) b[i] = (int)test_value(NC_INT, i, seed + t);
    EXPECT_OK(&ts, ncmpi_put_vara_int_all(ncid, rv, st, ct, b));
    for (int i = 0; i < NZ * NY; i++) rseed_of[t][i] = seed + t;
}

/* Read u with kind-2 boxes (not a decomposition it was written with) and
 * compare every value with what the steps wrote. */
static void check_u(int id, int var, const char *what)
{
    MPI_Offset st[3], ct[3];
    double b[NELEM];
    box(2, ts.rank, ts.nprocs, st, ct);
    EXPECT_OK(&ts, ncmpi_get_vara_double_all(id, var, st, ct, b));
    long long i = 0, bad = 0;
    for (MPI_Offset z = st[0]; z < st[0] + ct[0]; z++)
        for (MPI_Offset y = st[1]; y < st[1] + ct[1]; y++)
            for (MPI_Offset x = st[2]; x < st[2] + ct[2]; x++, i++)
                if (b[i] != test_value(NC_DOUBLE, lin(z, y, x), seed_of[lin(z, y, x)]) && bad++ == 0)
                    EXPECT(&ts, 0, "%s: u[%lld][%lld][%lld] = %g, expected %g (seed %d)", what, (long long)z,
                           (long long)y, (long long)x, b[i], test_value(NC_DOUBLE, lin(z, y, x), seed_of[lin(z, y, x)]),
                           seed_of[lin(z, y, x)]);
}

/* Every record of r, read whole by every rank (independent of the writers'
 * split). */
static void check_r(int id, int var, int nt, const char *what)
{
    int b[NZ * NY];
    for (int t = 0; t < nt; t++) {
        MPI_Offset st[3] = {t, 0, 0}, ct[3] = {1, NZ, NY};
        EXPECT_OK(&ts, ncmpi_get_vara_int_all(id, var, st, ct, b));
        for (int i = 0; i < NZ * NY; i++)
            if (b[i] != (int)test_value(NC_INT, i, rseed_of[t][i])) {
                EXPECT(&ts, 0, "%s: r[%d] element %d = %d, expected %d", what, t, i, b[i],
                       (int)test_value(NC_INT, i, rseed_of[t][i]));
                break;
            }
    }
}

/* The difference of two counts, checked on this rank. */
#define EXPECT_DELTA(field, a, b, want, what) \
    EXPECT(&ts, (b).field - (a).field == (want), "%s: %s grew by %lld, expected %lld", what, #field, \
           (long long)((b).field - (a).field), (long long)(want))

static void write_all(const char *dir)
{
    char path[1024];
    int d[3], dr[3];
    MPI_Info info;
    ncsf_engine_counts c0, c1;
    snprintf(path, sizeof path, "%s/plans.nc", dir);
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling_max_open", "2");
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, info, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "time", NC_UNLIMITED, &dr[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "z", NZ, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[2]));
    dr[1] = d[0];
    dr[2] = d[1];
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", "3");
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "u", NC_DOUBLE, 3, d, &u, info));
    MPI_Info_set(info, "subfiling_nfiles", "2");
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "r", NC_INT, 3, dr, &rv, info));
    MPI_Info_free(&info);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));

    /* the same decomposition three times: one plan, then two reuses; with
     * at most two subfiles per rank (P >= 2 here) nothing is reopened */
    ts.where = "repeat";
    counts(&c0);
    put_u(0);
    counts(&c1);
    EXPECT_DELTA(plan_builds, c0, c1, 1, ts.where);
    put_u(0);
    put_u(0);
    counts(&c0);
    EXPECT_DELTA(plan_builds, c1, c0, 0, ts.where);
    EXPECT_DELTA(plan_hits, c1, c0, 2, ts.where);
    if (ts.nprocs >= 2) EXPECT_DELTA(file_opens, c1, c0, 0, ts.where);
    check_u(ncid, u, ts.where);

    /* one rank changes its box, the others keep theirs: every rank plans
     * again (none may reuse a plan the others did not), then the old
     * decomposition is still cached */
    ts.where = "one rank changed";
    counts(&c0);
    put_u(-1);
    counts(&c1);
    EXPECT_DELTA(plan_builds, c0, c1, 1, ts.where);
    EXPECT_DELTA(plan_hits, c0, c1, 0, ts.where);
    put_u(0);
    counts(&c0);
    EXPECT_DELTA(plan_hits, c1, c0, 1, ts.where);
    check_u(ncid, u, ts.where);

    /* the same boxes held by other ranks: a new plan */
    ts.where = "boxes moved";
    counts(&c0);
    put_u(1);
    counts(&c1);
    if (ts.nprocs > 1) EXPECT_DELTA(plan_builds, c0, c1, 1, ts.where);
    check_u(ncid, u, ts.where);

    /* alternating two decompositions: both stay cached */
    ts.where = "alternating";
    put_u(2);
    counts(&c0);
    for (int i = 0; i < 3; i++) {
        put_u(0);
        put_u(2);
    }
    counts(&c1);
    EXPECT_DELTA(plan_builds, c0, c1, 0, ts.where);
    EXPECT_DELTA(plan_hits, c0, c1, 6, ts.where);
    check_u(ncid, u, ts.where);

    /* eight decompositions in turn fit the cache; ten do not (values only) */
    ts.where = "cycle of 8";
    for (int k = 3; k < 11; k++) put_u(k);
    counts(&c0);
    for (int k = 3; k < 11; k++) put_u(k);
    counts(&c1);
    EXPECT_DELTA(plan_builds, c0, c1, 0, ts.where);
    EXPECT_DELTA(plan_hits, c0, c1, 8, ts.where);
    check_u(ncid, u, ts.where);
    ts.where = "cycle of 10";
    for (int pass = 0; pass < 2; pass++)
        for (int k = 3; k < 13; k++) put_u(k);
    put_u(0);
    check_u(ncid, u, ts.where);

    /* a time series: one record per step on one plan */
    ts.where = "records";
    int rseed = 1000;
    counts(&c0);
    int rb[NZ * NY];
    for (int t = 0; t < NT; t++) put_r(t, rseed, rb, NULL);
    counts(&c1);
    EXPECT_DELTA(plan_builds, c0, c1, 1, ts.where);
    EXPECT_DELTA(plan_hits, c0, c1, NT - 1, ts.where);
    check_r(ncid, rv, NT, ts.where);

    /* the same series written by one rank: the others' empty requests,
     * at a new record each step, are no new decomposition (one process:
     * the decomposition of the series above, its plan reused) */
    ts.where = "records, one writer";
    counts(&c0);
    for (int t = 0; t < NT; t++) put_r_one(t, rseed + 100, rb);
    counts(&c1);
    EXPECT_DELTA(plan_builds, c0, c1, ts.nprocs > 1, ts.where);
    EXPECT_DELTA(plan_hits, c0, c1, NT - (ts.nprocs > 1), ts.where);
    check_r(ncid, rv, NT, ts.where);

    /* wait_all batches of three shapes, twice: each shape keeps its plan */
    ts.where = "batches";
    for (int round = 0; round < 2; round++) {
        counts(&c0);
        for (int shape = 0; shape < 3; shape++) {
            MPI_Offset st[3], ct[3];
            double b[NELEM];
            int req[2], nreq = 0, seed = ++seq, rbuf[NZ * NY];
            box(0, ts.rank, ts.nprocs, st, ct);
            fill(b, st, ct, seed);
            if (shape == 2) put_r(NT, 2000 + round * 10 + shape, rbuf, &req[nreq++]);
            EXPECT_OK(&ts, ncmpi_iput_vara_double(ncid, u, st, ct, b, &req[nreq++]));
            if (shape == 1) put_r(NT, 2000 + round * 10 + shape, rbuf, &req[nreq++]);
            int stat[2];
            EXPECT_OK(&ts, ncmpi_wait_all(ncid, nreq, req, stat));
            for (int i = 0; i < nreq; i++) EXPECT(&ts, stat[i] == NC_NOERR, "batch status %d", stat[i]);
            track(0, seed);
        }
        counts(&c1);
        if (round == 1) {
            EXPECT_DELTA(plan_builds, c0, c1, 0, ts.where);
            EXPECT_DELTA(plan_hits, c0, c1, 3, ts.where);
        }
    }
    check_u(ncid, u, ts.where);
    check_r(ncid, rv, NT + 1, ts.where);

    /* reading on one decomposition twice: the second read reuses, or
     * (one process: the whole of each subfile) reads alone, unplanned */
    ts.where = "reads";
    counts(&c0);
    check_u(ncid, u, ts.where);
    counts(&c1);
    EXPECT_DELTA(plan_builds, c0, c1, 0, ts.where);
    EXPECT(&ts, c1.plan_hits + c1.direct_reads - c0.plan_hits - c0.direct_reads == 1,
           "reads: %lld reused or direct, expected 1",
           c1.plan_hits + c1.direct_reads - c0.plan_hits - c0.direct_reads);
    EXPECT_OK(&ts, ncmpi_close(ncid));

    /* the expected contents, for the reader at another process count */
    if (ts.rank == 0) {
        snprintf(path, sizeof path, "%s/expected.bin", dir);
        FILE *f = fopen(path, "wb");
        EXPECT(&ts, f && fwrite(seed_of, sizeof seed_of, 1, f) == 1 && fwrite(rseed_of, sizeof rseed_of, 1, f) == 1,
               "cannot write %s", path);
        if (f) fclose(f);
    }
}

static void read_all(const char *dir)
{
    char path[1024];
    int id, var;
    snprintf(path, sizeof path, "%s/expected.bin", dir);
    FILE *f = fopen(path, "rb");
    int ok = f && fread(seed_of, sizeof seed_of, 1, f) == 1 && fread(rseed_of, sizeof rseed_of, 1, f) == 1;
    if (f) fclose(f);
    EXPECT(&ts, ok, "cannot read %s", path);
    if (!ok) return;
    snprintf(path, sizeof path, "%s/plans.nc", dir);
    ts.where = "read back";
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &id));
    EXPECT_OK(&ts, ncmpi_inq_varid(id, "u", &var));
    check_u(id, var, ts.where);
    EXPECT_OK(&ts, ncmpi_inq_varid(id, "r", &var));
    check_r(id, var, NT + 1, ts.where);
    EXPECT_OK(&ts, ncmpi_close(id));
}

int main(int argc, char **argv)
{
    test_init(&ts, &argc, &argv);
    if (argc != 3 || (strcmp(argv[1], "write") && strcmp(argv[1], "read"))) {
        if (ts.rank == 0) fprintf(stderr, "usage: t_plans write|read DIR\n");
        MPI_Finalize();
        return 2;
    }
    if (!strcmp(argv[1], "write")) write_all(argv[2]);
    else read_all(argv[2]);
    return test_finish(&ts, argv[1]);
}
