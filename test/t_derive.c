/*
 * t_derive: a varn on a variable whose pieces another variable of the
 * same shape in the same subfiles was written with takes a copy of that
 * variable's plan (runs_exec.c, derive), with nothing exchanged; where
 * anything differs, a plan is built.
 *
 *   t_derive DIR NFILES
 *
 * In group "g" (subfiling_group: one set of NFILES subfiles) T, Q, U, W
 * (double) and F (float), all (time, lev=3, ncol), and R (double, same
 * shape) in group "h"; each process writes its runs of columns (the
 * columns dealt out in runs of RUNLEN, every column written), a piece a
 * level and run, with put_varn_all:
 *   T at record 0: built;
 *   Q at record 0, U at record 1 (the plan is relative to the record):
 *     derived from T's;
 *   F (4-byte elements), R (other subfiles): built;
 *   W with one piece of the last process a column shorter and the next
 *     one a column longer: built everywhere (the processes agree);
 *   Q at record 1: Q's own plan, reused.
 * The counters (ncsf_inq_engine_counts) must say so on every process. Each
 * variable is read back with get_varn_all (reusing or deriving a plan as
 * its write did) and with one get_vara_all of the whole variable (another
 * path), every value checked; then the dataset is closed and opened again
 * and Q and T read with get_varn_all by the plans kept from the closed
 * dataset (reused, none built or derived), then T and U with half the
 * runs (T's plan built, U's copied from it). Opened again to write, T
 * and U are written and T and Q read with a third of the runs, the last
 * process (from 2 processes) with no piece at all: T's plan built (and
 * reused by the read), U's and Q's copied, on every process (the one
 * with nothing too). The script checks the files with ncdump and,
 * merged, every value with netCDF4-python.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h>

enum { NLEV = 3, NREC = 2, RUNS = 24, RUNLEN = 5 };
enum { T, Q, U, W, F, R, NV };
static const char *names[NV] = {"T", "Q", "U", "W", "F", "R"};

static int rank, nprocs, failures;
static MPI_Offset ncol;

#define CHECK(e, what) do { int e_ = (e); if (e_ != NC_NOERR) { \
    fprintf(stderr, "[%d] %s: %s\n", rank, what, ncmpi_strerror(e_)); failures++; } } while (0)

/* the value of variable v at (t, l, c): exact in a float too */
static double val(int v, MPI_Offset t, MPI_Offset l, MPI_Offset c)
{
    return (double)(v * 100000 + t * 10000 + l * 1000) + (double)c + 0.5;
}

typedef struct {
    int n;
    MPI_Offset *flat, **st, **ct;
} pieces;

/* this process's runs (run r of process p holds columns [(r P + p) RUNLEN,
 * + RUNLEN)), a piece a level and run, at record t */
static void make_n(pieces *p, MPI_Offset t, int runs)
{
    p->n = runs * NLEV;
    p->flat = malloc(sizeof(MPI_Offset) * 6 * p->n);
    p->st = malloc(sizeof(MPI_Offset *) * p->n);
    p->ct = malloc(sizeof(MPI_Offset *) * p->n);
    int k = 0;
    for (int l = 0; l < NLEV; l++)
        for (int r = 0; r < runs; r++, k++) {
            MPI_Offset *s = p->st[k] = p->flat + 6 * k, *c = p->ct[k] = s + 3;
            s[0] = t, s[1] = l, s[2] = ((MPI_Offset)r * nprocs + rank) * RUNLEN;
            c[0] = 1, c[1] = 1, c[2] = RUNLEN;
        }
}

static void make(pieces *p, MPI_Offset t) { make_n(p, t, RUNS); }

static void release(pieces *p)
{
    free(p->flat);
    free(p->st);
    free(p->ct);
}

static MPI_Offset elems(const pieces *p)
{
    MPI_Offset n = 0;
    for (int k = 0; k < p->n; k++) n += p->ct[k][2];
    return n;
}

static void counts(int ncid, ncsf_engine_counts *c) { CHECK(ncsf_inq_engine_counts(ncid, c), "inq_engine_counts"); }

/* the engine's counters moved by (built, reused, derived) since c0 */
static void expect(int ncid, const ncsf_engine_counts *c0, int built, int hits, int derived, const char *what)
{
    ncsf_engine_counts c1;
    counts(ncid, &c1);
    long long b = c1.plan_builds - c0->plan_builds, h = c1.plan_hits - c0->plan_hits,
              d = c1.plans_derived - c0->plans_derived;
    if (b != built || h != hits || d != derived) {
        fprintf(stderr, "[%d] %s: %lld plans built, %lld reused, %lld derived (expected %d, %d, %d)\n", rank, what,
                b, h, d, built, hits, derived);
        failures++;
    }
}

/* variable v's pieces p written (values of v), or read and checked */
static void varn(int ncid, const int *vid, int v, const pieces *p, int put, int built, int hits, int derived,
                 const char *what)
{
    MPI_Offset n = elems(p), i = 0;
    double *d = calloc((size_t)n + 1, sizeof(double));
    float *f = calloc((size_t)n + 1, sizeof(float));
    long bad = 0;
    if (put)
        for (int k = 0; k < p->n; k++)
            for (MPI_Offset j = 0; j < p->ct[k][2]; j++, i++) {
                d[i] = val(v, p->st[k][0], p->st[k][1], p->st[k][2] + j);
                f[i] = (float)d[i];
            }
    ncsf_engine_counts c0;
    counts(ncid, &c0);
    if (v == F)
        CHECK(put ? ncmpi_put_varn_float_all(ncid, vid[v], p->n, p->st, p->ct, f)
                  : ncmpi_get_varn_float_all(ncid, vid[v], p->n, p->st, p->ct, f), what);
    else
        CHECK(put ? ncmpi_put_varn_double_all(ncid, vid[v], p->n, p->st, p->ct, d)
                  : ncmpi_get_varn_double_all(ncid, vid[v], p->n, p->st, p->ct, d), what);
    expect(ncid, &c0, built, hits, derived, what);
    if (!put) {
        i = 0;
        for (int k = 0; k < p->n; k++)
            for (MPI_Offset j = 0; j < p->ct[k][2]; j++, i++) {
                double want = val(v, p->st[k][0], p->st[k][1], p->st[k][2] + j);
                bad += (v == F ? (double)f[i] : d[i]) != want;
            }
        if (bad) {
            fprintf(stderr, "[%d] %s: %ld wrong values\n", rank, what, bad);
            failures++;
        }
    }
    free(d);
    free(f);
}

/* all of variable v (records 0 .. nrec-1) read by every process with one
 * get_vara_all, every value checked */
static void whole(int ncid, const int *vid, int v, int nrec, const char *what)
{
    MPI_Offset st[3] = {0, 0, 0}, ct[3] = {nrec, NLEV, ncol}, n = nrec * NLEV * ncol;
    double *d = malloc(sizeof(double) * n);
    long bad = 0;
    CHECK(ncmpi_get_vara_double_all(ncid, vid[v], st, ct, d), what);
    for (MPI_Offset t = 0, i = 0; t < nrec; t++)
        for (MPI_Offset l = 0; l < NLEV; l++)
            for (MPI_Offset c = 0; c < ncol; c++, i++) bad += d[i] != val(v, t, l, c);
    if (bad) {
        fprintf(stderr, "[%d] %s: %ld wrong values\n", rank, what, bad);
        failures++;
    }
    free(d);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (argc < 3) {
        if (rank == 0) fprintf(stderr, "usage: t_derive DIR NFILES\n");
        MPI_Finalize();
        return 2;
    }
    ncol = (MPI_Offset)RUNS * nprocs * RUNLEN;
    int last = rank == nprocs - 1;
    char path[4096];
    snprintf(path, sizeof path, "%s/derive.nc", argv[1]);
    int ncid, d[3], vid[NV];
    CHECK(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid), "create");
    CHECK(ncmpi_def_dim(ncid, "time", NC_UNLIMITED, &d[0]), "def_dim");
    CHECK(ncmpi_def_dim(ncid, "lev", NLEV, &d[1]), "def_dim");
    CHECK(ncmpi_def_dim(ncid, "ncol", ncol, &d[2]), "def_dim");
    for (int v = 0; v < NV; v++) {
        MPI_Info info;
        MPI_Info_create(&info);
        MPI_Info_set(info, "subfiling", "enable");
        MPI_Info_set(info, "subfiling_nfiles", argv[2]);
        MPI_Info_set(info, "subfiling_dims", "ncol");
        MPI_Info_set(info, "subfiling_min_size", "0");
        MPI_Info_set(info, "subfiling_group", v == R ? "h" : "g");
        CHECK(ncmpi_def_var(ncid, names[v], v == F ? NC_FLOAT : NC_DOUBLE, 3, d, &vid[v], info),
              "def_var");
        MPI_Info_free(&info);
    }
    CHECK(ncmpi_enddef(ncid), "enddef");

    pieces p0, p1, w0, w1;
    make(&p0, 0);
    make(&p1, 1);
    make(&w0, 0);
    make(&w1, 1);
    /* W's changed pieces: on the last process, the first piece of the 6th
     * run a column shorter and the 6th run's piece on the next level a
     * column longer (the same elements in all; the column it leaves is
     * written by the other piece of W at record 1, below) */
    if (last) {
        w0.ct[5][2]--;
        w0.st[RUNS + 5][2]--, w0.ct[RUNS + 5][2]++;
    }

    /* writes */
    varn(ncid, vid, T, &p0, 1, 1, 0, 0, "put T at record 0 (built)");
    varn(ncid, vid, Q, &p0, 1, 0, 0, 1, "put Q at record 0 (derived from T's)");
    varn(ncid, vid, U, &p1, 1, 0, 0, 1, "put U at record 1 (derived from a plan relative to the record)");
    varn(ncid, vid, F, &p0, 1, 1, 0, 0, "put F, floats (built)");
    varn(ncid, vid, R, &p0, 1, 1, 0, 0, "put R, other subfiles (built)");
    varn(ncid, vid, W, &w0, 1, 1, 0, 0, "put W, one process's pieces other (built)");
    varn(ncid, vid, Q, &p1, 1, 0, 1, 0, "put Q at record 1 (Q's own plan)");
    /* the rest of the records, so that every element is written */
    varn(ncid, vid, T, &p1, 1, 0, 1, 0, "put T at record 1");
    varn(ncid, vid, U, &p0, 1, 0, 1, 0, "put U at record 0");
    varn(ncid, vid, F, &p1, 1, 0, 1, 0, "put F at record 1");
    varn(ncid, vid, R, &p1, 1, 0, 1, 0, "put R at record 1");
    /* W at record 0 again with the usual pieces (what the changed ones
     * left out), then at record 1 */
    varn(ncid, vid, W, &p0, 1, 0, 0, 1, "put W at record 0, usual pieces (derived)");
    varn(ncid, vid, W, &w1, 1, 0, 1, 0, "put W at record 1");

    /* reads: each variable's own plan */
    for (int v = 0; v < NV; v++) {
        char what[64];
        snprintf(what, sizeof what, "get %s at record 0", names[v]);
        varn(ncid, vid, v, &p0, 0, 0, 1, 0, what);
        snprintf(what, sizeof what, "get %s at record 1", names[v]);
        varn(ncid, vid, v, &p1, 0, 0, 1, 0, what);
        snprintf(what, sizeof what, "get_vara_all of all of %s", names[v]);
        whole(ncid, vid, v, NREC, what);
    }
    CHECK(ncmpi_close(ncid), "close");

    /* the plans kept from the closed dataset serve it opened again */
    CHECK(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid), "open");
    for (int v = 0; v < NV; v++) CHECK(ncmpi_inq_varid(ncid, names[v], &vid[v]), "inq_varid");
    varn(ncid, vid, Q, &p1, 0, 0, 1, 0, "reopened: get Q at record 1 (kept, derived plan)");
    varn(ncid, vid, T, &p0, 0, 0, 1, 0, "reopened: get T at record 0 (kept plan)");
    /* pieces no plan has: built for T, copied for U (the offsets of a
     * dataset opened read only, learnt for the copy) */
    pieces h;
    make_n(&h, 1, RUNS / 2);
    varn(ncid, vid, T, &h, 0, 1, 0, 0, "reopened: get T, half the runs (built)");
    varn(ncid, vid, U, &h, 0, 0, 0, 1, "reopened: get U, half the runs (derived from T's)");
    release(&h);
    CHECK(ncmpi_close(ncid), "close");

    /* opened to write: a third of the runs with the last process taking
     * part with no piece (from 2 processes), the values already there */
    CHECK(ncmpi_open(MPI_COMM_WORLD, path, NC_WRITE, MPI_INFO_NULL, &ncid), "open");
    for (int v = 0; v < NV; v++) CHECK(ncmpi_inq_varid(ncid, names[v], &vid[v]), "inq_varid");
    pieces z;
    make_n(&z, 0, RUNS / 3);
    if (nprocs > 1 && last) z.n = 0;
    varn(ncid, vid, T, &z, 1, 1, 0, 0, "put T, a third of the runs, one process none (built)");
    varn(ncid, vid, U, &z, 1, 0, 0, 1, "put U, a third of the runs, one process none (derived)");
    varn(ncid, vid, T, &z, 0, 0, 1, 0, "get T, a third of the runs, one process none (the put's plan)");
    varn(ncid, vid, Q, &z, 0, 0, 0, 1, "get Q, a third of the runs, one process none (derived)");
    release(&z);
    CHECK(ncmpi_close(ncid), "close");

    release(&p0);
    release(&p1);
    release(&w0);
    release(&w1);
    int total;
    MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) printf("t_derive: %d processes, %s subfiles: %s\n", nprocs, argv[2], total ? "FAILED" : "ok");
    MPI_Finalize();
    return total ? 1 : 0;
}
