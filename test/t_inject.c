/*
 * t_inject: sweep fault injection over every site a scenario reaches
 * (needs a library configured with --enable-fault-injection).
 *
 *   t_inject SCENARIO DIR [full]
 *
 * SCENARIO is write (create, define, enddef, collective puts of a fixed
 * and a record variable, iput + wait_all, close), read (open, collective
 * gets, close), rewrite (open for writing, puts, close), mpiio (write
 * through the MPI-IO method), indep (independent puts and gets) or
 * newcomm (two opens on a new duplicate of MPI_COMM_WORLD: ncsf's
 * communicator kept on it by every rank or by none) or splitcomm (two
 * opens on a new split of it, which has no attribute of MPI_COMM_WORLD's:
 * the node census taken at the first and kept on it by every rank or by
 * none) or varn (two variables of one subfile group written and read
 * with put_varn_all and get_varn_all: the second's plan a copy of the
 * first's).
 *
 * A first run records the sites the scenario reaches on each rank (an
 * allocation, an MPI call or a system call of the library). Then, for the
 * first and the last rank, the scenario runs once per distinct site with
 * that site's first call failing on that rank ("full": once per call, not
 * per site). Every run must end in success or in the same error on every
 * rank at every step, within the test's timeout; a dataset written before
 * (and never touched by the runs) must read back value for value after
 * each run; and a run that succeeded must have written (or read) every
 * value right.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h>
#include "testutil.h"
#include "values.h"

void ncsf_fault_arm(int rank, long k);
long ncsf_fault_count(void);
void ncsf_fault_record(int on);
const char *ncsf_fault_site(long k);
int ncsf_fault_fired(void);

#define NX 12
#define NY 6

static test_state ts;
static char dir[400], path_a[512], path_b[512], path_c[512];
static int agree_failures;

/* The outcome of a step: must agree; returns the agreed error. */
static int step(int err, const char *what)
{
    int lo, hi;
    MPI_Allreduce(&err, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&err, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (lo != hi) {
        if (ts.rank == 0) fprintf(stderr, "  %s: ranks disagree (%d .. %d)\n", what, lo, hi);
        agree_failures++;
        ts.failures++;
    }
    return lo;
}

/* The outcome of a local call (one rank's failure is its own): the worst
 * of every rank's, which the program then acts on everywhere. */
static int local_step(int err)
{
    int lo;
    MPI_Allreduce(&err, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return lo;
}

static void rows(MPI_Offset *st, MPI_Offset *ct)
{
    test_split(NX, ts.rank, ts.nprocs, &st[0], &ct[0]);
    st[1] = 0;
    ct[1] = NY;
}

static void fill(double *b, const MPI_Offset *st, const MPI_Offset *ct, int seed)
{
    for (MPI_Offset i = 0; i < ct[0] * ct[1]; i++)
        b[i] = test_value(NC_DOUBLE, (st[0] + i / NY) * NY + i % NY, seed);
}

static int check(const double *b, const MPI_Offset *st, const MPI_Offset *ct, int seed)
{
    for (MPI_Offset i = 0; i < ct[0] * ct[1]; i++)
        if (b[i] != test_value(NC_DOUBLE, (st[0] + i / NY) * NY + i % NY, seed)) return 1;
    return 0;
}

static MPI_Info create_info(int mpiio)
{
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    /* two subfiles for three processes: the middle one shares both */
    MPI_Info_set(info, "subfiling_nfiles", "2");
    /* the variables are small: subfiled all the same (the default
     * subfiling_min_size would keep them in the base file, and the sweep
     * would never reach a subfile) */
    MPI_Info_set(info, "subfiling_min_size", "0");
    if (mpiio) MPI_Info_set(info, "subfiling_aggregate", "0");
    return info;
}

/* Write a dataset of v (fixed) and r (3 records): each step agreed;
 * stops at the first error (after closing). */
static int write_dataset(const char *path, int seed, int mpiio, int indep)
{
    int ncid, d[3], v, r, err, req;
    double buf[NX * NY];
    MPI_Offset st[2], ct[2];
    MPI_Info info = create_info(mpiio);
    err = step(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, info, &ncid), "create");
    MPI_Info_free(&info);
    if (err) return err;
    ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &d[0]);
    ncmpi_def_dim(ncid, "x", NX, &d[1]);
    ncmpi_def_dim(ncid, "y", NY, &d[2]);
    /* def_var is local, as PnetCDF's outside its safe mode: a fault fails
     * it on its own rank only, and the program agrees on that itself (an
     * enddef after definitions that differ returns NC_EMULTIDEFINE on
     * every rank: t_conform mixdef) */
    err = local_step(ncmpi_def_var(ncid, "v", NC_DOUBLE, 2, d + 1, &v));
    if (!err) err = local_step(ncmpi_def_var(ncid, "r", NC_DOUBLE, 3, d, &r));
    if (!err) err = step(ncmpi_enddef(ncid), "enddef");
    rows(st, ct);
    fill(buf, st, ct, seed);
    if (!err && indep) {
        err = step(ncmpi_begin_indep_data(ncid), "begin_indep");
        /* an independent put fails on its own rank only, as PnetCDF's */
        int mine = err ? err : ncmpi_put_vara_double(ncid, v, st, ct, buf), any;
        MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        int e = step(ncmpi_end_indep_data(ncid), "end_indep");
        if (!err) err = any ? any : e;
    } else if (!err) {
        err = step(ncmpi_put_vara_double_all(ncid, v, st, ct, buf), "put_all v");
    }
    for (int t = 0; t < 2 && !err; t++) {
        MPI_Offset s3[3] = {t, st[0], 0}, c3[3] = {1, ct[0], NY};
        fill(buf, st, ct, seed + 1 + t);
        err = step(ncmpi_put_vara_double_all(ncid, r, s3, c3, buf), "put_all r");
    }
    if (!err) {
        MPI_Offset s3[3] = {2, st[0], 0}, c3[3] = {1, ct[0], NY};
        fill(buf, st, ct, seed + 3);
        /* posting is local, as PnetCDF's is: a rank whose post failed
         * still joins the collective wait, with nothing */
        int posted = ncmpi_iput_vara_double(ncid, r, s3, c3, buf, &req), any;
        MPI_Allreduce(&posted, &any, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        err = step(ncmpi_wait_all(ncid, posted ? 0 : 1, &req, NULL), "wait_all");
        if (!err) err = any;
    }
    int e = step(ncmpi_close(ncid), "close");
    return err ? err : e;
}

/* Read everything back (rows of the next rank); the agreed error, and
 * whether the values were right (agreed too). */
static int read_dataset(const char *path, int seed, int *wrong)
{
    int ncid, v, r, err, bad = 0;
    double buf[NX * NY];
    MPI_Offset st[2], ct[2];
    *wrong = 0;
    err = step(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid), "open");
    if (err) return err;
    rows(st, ct);
    st[0] = (st[0] + ct[0]) % NX;
    if (st[0] + ct[0] > NX) ct[0] = NX - st[0];
    err = step(ncmpi_inq_varid(ncid, "v", &v), "inq v");
    if (!err) err = step(ncmpi_inq_varid(ncid, "r", &r), "inq r");
    if (!err) {
        err = step(ncmpi_get_vara_double_all(ncid, v, st, ct, buf), "get_all v");
        if (!err) bad |= check(buf, st, ct, seed);
    }
    for (int t = 0; t < 3 && !err; t++) {
        MPI_Offset s3[3] = {t, st[0], 0}, c3[3] = {1, ct[0], NY};
        err = step(ncmpi_get_vara_double_all(ncid, r, s3, c3, buf), "get_all r");
        if (!err) bad |= check(buf, st, ct, seed + 1 + t);
    }
    int e = step(ncmpi_close(ncid), "close after read");
    MPI_Allreduce(&bad, wrong, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return err ? err : e;
}

/* Open for writing, write v with new values, close. */
static int rewrite_dataset(const char *path, int seed)
{
    int ncid, v, err;
    double buf[NX * NY];
    MPI_Offset st[2], ct[2];
    err = step(ncmpi_open(MPI_COMM_WORLD, path, NC_WRITE, MPI_INFO_NULL, &ncid), "open for writing");
    if (err) return err;
    rows(st, ct);
    fill(buf, st, ct, seed);
    err = step(ncmpi_inq_varid(ncid, "v", &v), "inq v");
    if (!err) err = step(ncmpi_put_vara_double_all(ncid, v, st, ct, buf), "put_all v");
    int e = step(ncmpi_close(ncid), "close");
    return err ? err : e;
}

/* Write a dataset of two variables a and b (t, x, y) of one subfile
 * group with put_varn_all (this rank's rows, two pieces each): a's
 * first call builds a plan, b's takes a copy of it (runs_exec.c,
 * derive), the next record's reuse them; read both back with
 * get_varn_all. The agreed error; whether the values were right. */
static int varn_dataset(const char *path, int seed, int *wrong)
{
    int ncid, d[3], v[2], err, bad = 0;
    double buf[2 * NX * NY], back[2 * NX * NY];
    MPI_Offset st[2], ct[2], flat[4 * 6 * NX], *sp[2 * NX], *cp[2 * NX];
    *wrong = 0;
    MPI_Info info = create_info(0);
    MPI_Info_set(info, "subfiling_group", "g");
    err = step(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid), "create");
    if (err) { MPI_Info_free(&info); return err; }
    ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &d[0]);
    ncmpi_def_dim(ncid, "x", NX, &d[1]);
    ncmpi_def_dim(ncid, "y", NY, &d[2]);
    err = local_step(ncmpi_def_var(ncid, "a", NC_DOUBLE, 3, d, &v[0], info));
    if (!err) err = local_step(ncmpi_def_var(ncid, "b", NC_DOUBLE, 3, d, &v[1], info));
    MPI_Info_free(&info);
    if (!err) err = step(ncmpi_enddef(ncid), "enddef");
    rows(st, ct);
    int n = 2 * (int)ct[0];
    for (int t = 0; t < 2 && !err; t++) {
        for (int k = 0; k < n; k++) {
            MPI_Offset *ps = sp[k] = flat + 6 * k, *pc = cp[k] = ps + 3;
            ps[0] = t, ps[1] = st[0] + k / 2, ps[2] = (k % 2) * (NY / 2);
            pc[0] = 1, pc[1] = 1, pc[2] = NY / 2;
        }
        for (int w = 0; w < 2 && !err; w++) {
            for (int i = 0; i < n * (NY / 2); i++)
                buf[i] = test_value(NC_DOUBLE, (t * NX + st[0]) * NY + i, seed + w);
            err = step(ncmpi_put_varn_double_all(ncid, v[w], n, sp, cp, buf), "put_varn_all");
        }
        for (int w = 0; w < 2 && !err; w++) {
            memset(back, 0, sizeof back);
            err = step(ncmpi_get_varn_double_all(ncid, v[w], n, sp, cp, back), "get_varn_all");
            for (int i = 0; !err && i < n * (NY / 2); i++)
                bad |= back[i] != test_value(NC_DOUBLE, (t * NX + st[0]) * NY + i, seed + w);
        }
    }
    int e = step(ncmpi_close(ncid), "close");
    MPI_Allreduce(&bad, wrong, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return err ? err : e;
}

/* Open B twice on a new duplicate of MPI_COMM_WORLD, closing each: the
 * first open makes ncsf's communicator over the duplicate and keeps it
 * there; the second must find it on every rank or on none, whichever
 * allocation of the first failed on one rank (a rank that had not kept it
 * would make one alone, and wait for the others). The first error. */
static int open_twice_on_new_comm(const char *path, int split)
{
    MPI_Comm c;
    int err = NC_NOERR;
    /* (a split has none of MPI_COMM_WORLD's attributes: its first open
     * takes the node census, and keeps it on it) */
    if ((split ? MPI_Comm_split(MPI_COMM_WORLD, 0, ts.rank, &c) : MPI_Comm_dup(MPI_COMM_WORLD, &c)) != MPI_SUCCESS)
        return NC_EMPI;
    for (int i = 0; i < 2; i++) {
        int ncid, e = ncmpi_open(c, path, NC_NOWRITE, MPI_INFO_NULL, &ncid);
        if (!e) e = ncmpi_close(ncid);
        if (!err) err = e;
    }
    MPI_Comm_free(&c);
    return err;
}

enum { SEED_A = 10, SEED_B = 20 };

/* Every run starts from the same whole dataset B (the write scenarios
 * replace it, the others read or rewrite it), so that the k-th call of a
 * run is the k-th call of the recorded run: a run that failed half-way
 * would otherwise change the next run's path (a create finds other
 * subfiles to remove, an open a dataset still marked being written). */
static void reset_target(void)
{
    EXPECT(&ts, write_dataset(path_b, SEED_B, 0, 0) == NC_NOERR, "writing the dataset the runs start from");
}

static int run(const char *scenario, int *wrong)
{
    *wrong = 0;
    if (!strcmp(scenario, "write")) return write_dataset(path_b, SEED_B, 0, 0);
    if (!strcmp(scenario, "mpiio")) return write_dataset(path_b, SEED_B, 1, 0);
    if (!strcmp(scenario, "indep")) return write_dataset(path_b, SEED_B, 0, 1);
    if (!strcmp(scenario, "read")) return read_dataset(path_b, SEED_B, wrong);
    if (!strcmp(scenario, "rewrite")) return rewrite_dataset(path_b, SEED_B);
    if (!strcmp(scenario, "newcomm")) return open_twice_on_new_comm(path_b, 0);
    if (!strcmp(scenario, "splitcomm")) return open_twice_on_new_comm(path_b, 1);
    if (!strcmp(scenario, "varn")) return varn_dataset(path_c, SEED_B, wrong);
    return NC_EINVAL;
}

/* After a run: A untouched; B right if the run succeeded. */
static void verify(const char *scenario, int err, int wrong, long k, int rank)
{
    int w = 0, e = read_dataset(path_a, SEED_A, &w);
    if (e || w) {
        if (ts.rank == 0) fprintf(stderr, "  fault %ld on rank %d: the earlier dataset reads %s\n", k, rank,
                                  e ? ncmpi_strerror(e) : "wrong values");
        ts.failures++;
    }
    if (err || !strcmp(scenario, "newcomm") || !strcmp(scenario, "splitcomm")) return;
    if (!strcmp(scenario, "read") || !strcmp(scenario, "varn")) {
        if (wrong) {
            if (ts.rank == 0) fprintf(stderr, "  fault %ld on rank %d: read succeeded with wrong values\n", k, rank);
            ts.failures++;
        }
        return;
    }
    /* a write that succeeded wrote everything (rewrite changed v only) */
    int ncid;
    MPI_Info acc;
    MPI_Info_create(&acc);
    e = ncmpi_open(MPI_COMM_WORLD, path_b, NC_NOWRITE, acc, &ncid);
    MPI_Info_free(&acc);
    if (!e) ncmpi_close(ncid);
    if (!strcmp(scenario, "rewrite")) return;
    e = read_dataset(path_b, SEED_B, &w);
    if (e || w) {
        if (ts.rank == 0) fprintf(stderr, "  fault %ld on rank %d: the %s succeeded but the dataset reads %s\n", k,
                                  rank, scenario, e ? ncmpi_strerror(e) : "wrong values");
        ts.failures++;
    }
}

int main(int argc, char **argv)
{
    test_init(&ts, &argc, &argv);
    if (argc < 3) { fprintf(stderr, "usage: t_inject SCENARIO DIR [full]\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
    const char *scenario = argv[1];
    int full = argc > 3 && !strcmp(argv[3], "full");
    snprintf(dir, sizeof dir, "%s", argv[2]);
    snprintf(path_a, sizeof path_a, "%s/before.nc", dir);
    snprintf(path_b, sizeof path_b, "%s/swept.nc", dir);
    snprintf(path_c, sizeof path_c, "%s/varn.nc", dir);
    ts.where = scenario;
    /* the dataset written before, and the one the runs read or replace */
    EXPECT(&ts, write_dataset(path_a, SEED_A, 0, 0) == NC_NOERR, "writing the earlier dataset");
    reset_target();

    /* where the scenario goes: the sites, rank by rank */
    int wrong, err;
    ncsf_fault_arm(-1, 0);
    ncsf_fault_record(1);
    err = run(scenario, &wrong);
    ncsf_fault_record(0);
    long n = ncsf_fault_count();
    EXPECT(&ts, err == NC_NOERR && !wrong, "the scenario without a fault: %s", ncmpi_strerror(err));
    verify(scenario, err, wrong, 0, -1);
    /* the first call of each distinct site (or every call) on this rank */
    long *ks = malloc(sizeof(long) * (n + 1)), nk = 0;
    for (long k = 1; k <= n; k++) {
        int seen = 0;
        for (long j = 1; !full && j < k && !seen; j++) seen = !strcmp(ncsf_fault_site(j), ncsf_fault_site(k));
        if (!seen) ks[nk++] = k;
    }
    /* NCSF_INJECT_ONLY=RANK:K[-L]: only the runs with call K (to L)
     * failing on RANK (reproducing a run of the sweep that went wrong) */
    long only_k = 0, only_l = 0;
    int only_rank = -1;
    const char *only = getenv("NCSF_INJECT_ONLY");
    int got = only ? sscanf(only, "%d:%ld-%ld", &only_rank, &only_k, &only_l) : 0;
    if (got < 2) only_k = 0;
    if (got == 2) only_l = only_k;
    int targets[2] = {0, ts.nprocs - 1}, ntargets = ts.nprocs > 1 ? 2 : 1;
    long runs = 0, ok = 0, errors = 0;
    for (int t = 0; t < ntargets; t++) {
        int rank = targets[t];
        long m = nk;
        MPI_Bcast(&m, 1, MPI_LONG, rank, MPI_COMM_WORLD);
        long *list = malloc(sizeof(long) * (m + 1));
        if (ts.rank == rank) memcpy(list, ks, sizeof(long) * m);
        MPI_Bcast(list, (int)m, MPI_LONG, rank, MPI_COMM_WORLD);
        for (long i = 0; i < m; i++) {
            if (only_k > 0 && (rank != only_rank || list[i] < only_k || list[i] > only_l)) continue;
            reset_target();
            ncsf_fault_arm(rank, list[i]);
            err = run(scenario, &wrong);
            int fired = ncsf_fault_fired();
            ncsf_fault_arm(-1, 0);
            MPI_Allreduce(MPI_IN_PLACE, &fired, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
            runs++;
            if (err) errors++; else ok++;
            if (!err && fired && ts.rank == rank)
                fprintf(stderr, "  note: the fault at %s on rank %d changed nothing\n", ncsf_fault_site(list[i]), rank);
            if (!fired && ts.rank == 0)
                fprintf(stderr, "  note: fault %ld on rank %d did not fire (the path changed)\n", list[i], rank);
            verify(scenario, err, wrong, list[i], rank);
        }
        free(list);
    }
    free(ks);
    if (ts.rank == 0)
        printf("fault sweep %s on %d processes: %ld sites or calls per rank reached, %ld runs: %ld succeeded, "
               "%ld failed with an agreed error, %d disagreements\n", scenario, ts.nprocs, n, runs, ok, errors,
               agree_failures);
    return test_finish(&ts, scenario);
}
