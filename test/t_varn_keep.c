/*
 * t_varn_keep: a varn's plan outlives its dataset only where it holds.
 *
 *   t_varn_keep DIR NFILES
 *
 * A closed dataset's plans by runs stay with the communicator and the next
 * dataset made on it reuses them when its calls have the same pieces and
 * its variables the same layout (src/subfile/runs_keep.c). Each dataset
 * here has v(time, ncol) double and u(k, ncol) double, both subfiled
 * along ncol into NFILES subfiles they share (subfiling_group=vars), so
 * that v's records start in each subfile after u's data. Each process
 * writes its runs of columns of v's record 0 with put_varn_all (pieces
 * of 3 columns, 1 apart) and reads them back with get_varn_all, every
 * value checked, and the whole of v is read back with get_vara_all (a
 * path that uses no plan by runs) and checked too:
 *   A.nc: the first (the put builds a plan, the get reuses it);
 *   A.nc opened again, read only: the get reuses A's plan (none built);
 *   B.nc: A's layout, other values: the put and the get reuse it;
 *   C.nc: u has 2 rows, not 1, so v's records start further into each
 *         subfile (v's own layout the same): a plan is built;
 *   D.nc: C's variables in NFILES + 1 subfiles: a plan is built;
 *   E.nc: A's layout again: reused (a dataset keeps the plans it
 *         adopted, so the plans kept are the last ones used, whichever
 *         dataset built them: A's is among D's);
 *   F.nc: on a duplicate of the communicator (it shares the plans kept),
 *         E's layout: reused;
 *   G.nc, H.nc (2 processes or more): the put an iput_varn and a wait_all
 *         in which the last process posts nothing and reads nothing (it
 *         has no side in the plans: an empty one): G builds, H reuses.
 * Every dataset is in fill mode, with v's record 0 filled before the
 * put, so that never-written elements read as the fill value; ref.nc is C written by plain PnetCDF (no subfiling),
 * for the script to compare with C merged (an independent reader).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h>

enum { RUNS = 50, RUNLEN = 3, STEP = RUNLEN + 1 };

static int rank, nprocs, failures;
static MPI_Offset ncol;

#define CHECK(e, what) do { int e_ = (e); if (e_ != NC_NOERR) { \
    fprintf(stderr, "[%d] %s: %s\n", rank, what, ncmpi_strerror(e_)); failures++; } } while (0)

static double vval(MPI_Offset c, double sign) { return sign * ((double)c + 0.25); }

/* whether column c was written: in a run, and not the idle process's
 * (idle: the last process posts nothing) */
static int written(MPI_Offset c, int idle)
{
    return c % STEP < RUNLEN && c / STEP < (MPI_Offset)RUNS * nprocs && !(idle && (c / STEP) % nprocs == nprocs - 1);
}

typedef struct {
    int n;
    MPI_Offset *flat, **st, **ct;
} pieces;

/* this process's runs of columns of record 0 */
static void make(pieces *p)
{
    p->n = RUNS;
    p->flat = malloc(sizeof(MPI_Offset) * 4 * p->n);
    p->st = malloc(sizeof(MPI_Offset *) * p->n);
    p->ct = malloc(sizeof(MPI_Offset *) * p->n);
    for (int r = 0; r < RUNS; r++) {
        MPI_Offset *s = p->st[r] = p->flat + 4 * r, *c = p->ct[r] = s + 2;
        s[0] = 0;
        s[1] = ((MPI_Offset)r * nprocs + rank) * STEP;
        c[0] = 1;
        c[1] = RUNLEN;
    }
}

static void counts(int ncid, ncsf_engine_counts *c) { CHECK(ncsf_inq_engine_counts(ncid, c), "inq_engine_counts"); }

/* the counts since c0 must be built and reused (-1: any) */
static void expect(int ncid, const ncsf_engine_counts *c0, long long built, long long hits, const char *what)
{
    ncsf_engine_counts c1;
    counts(ncid, &c1);
    if ((built >= 0 && c1.plan_builds - c0->plan_builds != built) ||
        (hits >= 0 && c1.plan_hits - c0->plan_hits != hits)) {
        fprintf(stderr, "[%d] %s: %lld plans built, %lld reused (expected %lld built, %lld reused)\n", rank, what,
                c1.plan_builds - c0->plan_builds, c1.plan_hits - c0->plan_hits, built, hits);
        failures++;
    }
}

/* v's pieces read back with get_varn_all and checked */
static void get_pieces(int ncid, int v, const pieces *p, double sign, const char *what)
{
    double *buf = calloc((size_t)p->n * RUNLEN, sizeof(double));
    long bad = 0, i = 0;
    CHECK(ncmpi_get_varn_double_all(ncid, v, p->n, p->st, p->ct, buf), what);
    for (int k = 0; k < p->n; k++)
        for (MPI_Offset j = 0; j < RUNLEN; j++, i++) bad += buf[i] != vval(p->st[k][1] + j, sign);
    if (bad) {
        fprintf(stderr, "[%d] %s: %ld wrong values\n", rank, what, bad);
        failures++;
    }
    free(buf);
}

/* the whole of v read back with get_vara_all (no plan by runs): the
 * pieces' columns hold sign's values, every other column the fill value */
static void get_whole(int ncid, int v, double sign, int idle, const char *what)
{
    double *all = calloc((size_t)ncol, sizeof(double));
    long bad = 0;
    MPI_Offset st[2] = {0, 0}, ct[2] = {1, ncol};
    CHECK(ncmpi_get_vara_double_all(ncid, v, st, ct, all), what);
    for (MPI_Offset c = 0; c < ncol; c++) bad += all[c] != (written(c, idle) ? vval(c, sign) : NC_FILL_DOUBLE);
    if (bad) {
        fprintf(stderr, "[%d] %s (whole): %ld wrong values\n", rank, what, bad);
        failures++;
    }
    free(all);
}

/* a dataset at DIR/name: u(k, ncol), v(time, ncol), v's pieces written
 * with sign's values and read back; the plans built and reused by the
 * put and the get. idle: the put is an iput_varn and a wait_all, and the
 * last process posts nothing (its wait_all has no request, as a process
 * with no data of a climate model's history file has none: it has no
 * part in the plan, and its side of it is empty), nor reads */
static void dataset(MPI_Comm comm, const char *dir, const char *name, const char *nfiles, int k, double sign,
                    const pieces *p, int subfiled, long long built, long long hits, int idle)
{
    MPI_Info info;
    MPI_Info_create(&info);
    if (subfiled) {
        MPI_Info_set(info, "subfiling", "enable");
        MPI_Info_set(info, "subfiling_nfiles", nfiles);
        MPI_Info_set(info, "subfiling_dims", "ncol");
        MPI_Info_set(info, "subfiling_min_size", "0");
        MPI_Info_set(info, "subfiling_group", "vars");
    }
    char path[4096], what[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int ncid, d[3], u, v;
    CHECK(ncmpi_create(comm, path, NC_CLOBBER | NC_64BIT_DATA, info, &ncid), "create");
    CHECK(ncmpi_set_fill(ncid, NC_FILL, NULL), "set_fill");
    CHECK(ncmpi_def_dim(ncid, "time", NC_UNLIMITED, &d[0]), "def_dim");
    CHECK(ncmpi_def_dim(ncid, "k", k, &d[1]), "def_dim");
    CHECK(ncmpi_def_dim(ncid, "ncol", ncol, &d[2]), "def_dim");
    int vd[2] = {d[0], d[2]};
    CHECK(ncmpi_def_var(ncid, "v", NC_DOUBLE, 2, vd, &v), "def_var v");
    CHECK(ncmpi_def_var(ncid, "u", NC_DOUBLE, 2, &d[1], &u), "def_var u");
    CHECK(ncmpi_enddef(ncid), "enddef");
    double *buf = malloc(sizeof(double) * (size_t)p->n * RUNLEN);
    long i = 0;
    for (int r = 0; r < p->n; r++)
        for (MPI_Offset j = 0; j < RUNLEN; j++) buf[i++] = vval(p->st[r][1] + j, sign);
    CHECK(ncmpi_fill_var_rec(ncid, v, 0), "fill_var_rec");
    ncsf_engine_counts c0;
    if (subfiled) counts(ncid, &c0);
    snprintf(what, sizeof what, "%s: put_varn_all", path);
    int none = idle && rank == nprocs - 1;
    if (!idle) {
        CHECK(ncmpi_put_varn_double_all(ncid, v, p->n, p->st, p->ct, buf), what);
    } else {
        int req = NC_REQ_NULL, st = NC_NOERR;
        if (!none) CHECK(ncmpi_iput_varn_double(ncid, v, p->n, p->st, p->ct, buf, &req), what);
        CHECK(ncmpi_wait_all(ncid, none ? 0 : 1, none ? NULL : &req, none ? NULL : &st), what);
        CHECK(st, what);
    }
    snprintf(what, sizeof what, "%s: read back", path);
    if (!none) get_pieces(ncid, v, p, sign, what);
    else CHECK(ncmpi_get_varn_double_all(ncid, v, 0, NULL, NULL, NULL), what);
    if (subfiled) expect(ncid, &c0, built, hits, path);
    get_whole(ncid, v, sign, idle, what);
    CHECK(ncmpi_close(ncid), "close");
    free(buf);
    MPI_Info_free(&info);
}

/* DIR/name opened read only, v's pieces read back: the plan reused */
static void reopen(const char *dir, const char *name, const pieces *p, double sign)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int ncid, v;
    CHECK(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid), "open");
    CHECK(ncmpi_inq_varid(ncid, "v", &v), "inq_varid");
    ncsf_engine_counts c0;
    counts(ncid, &c0);
    get_pieces(ncid, v, p, sign, path);
    expect(ncid, &c0, 0, 1, "opened again, read only");
    get_whole(ncid, v, sign, 0, path);
    CHECK(ncmpi_close(ncid), "close");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (argc < 3) {
        if (rank == 0) fprintf(stderr, "usage: t_varn_keep DIR NFILES\n");
        MPI_Finalize();
        return 2;
    }
    ncol = (MPI_Offset)RUNS * nprocs * STEP + STEP;
    const char *dir = argv[1], *n = argv[2];
    char n1[32];
    snprintf(n1, sizeof n1, "%d", atoi(n) + 1);
    pieces p;
    make(&p);
    /* the put's plan is built (or kept), the get reuses it */
    dataset(MPI_COMM_WORLD, dir, "A.nc", n, 1, 1, &p, 1, 1, 1, 0);
    reopen(dir, "A.nc", &p, 1);
    dataset(MPI_COMM_WORLD, dir, "B.nc", n, 1, -1, &p, 1, 0, 2, 0);
    reopen(dir, "B.nc", &p, -1);
    dataset(MPI_COMM_WORLD, dir, "C.nc", n, 2, 2, &p, 1, 1, 1, 0);
    dataset(MPI_COMM_WORLD, dir, "D.nc", n1, 2, 3, &p, 1, 1, 1, 0);
    dataset(MPI_COMM_WORLD, dir, "E.nc", n, 1, 4, &p, 1, 0, 2, 0);
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    dataset(dup, dir, "F.nc", n, 1, 5, &p, 1, 0, 2, 0);
    MPI_Comm_free(&dup);
    if (nprocs > 1) {
        /* the last process idle: the wait's and the get's plans (and the
         * wait's empty pass for gets) built once, then kept */
        dataset(MPI_COMM_WORLD, dir, "G.nc", n, 1, 6, &p, 1, -1, -1, 1);
        dataset(MPI_COMM_WORLD, dir, "H.nc", n, 1, 7, &p, 1, 0, -1, 1);
    }
    /* C's content through plain PnetCDF, for the script */
    dataset(MPI_COMM_WORLD, dir, "ref.nc", n, 2, 2, &p, 0, 0, 0, 0);
    free(p.flat);
    free(p.st);
    free(p.ct);
    int total;
    MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) printf("t_varn_keep: %d processes, %s subfiles: %s\n", nprocs, n, total ? "FAILED" : "ok");
    MPI_Finalize();
    return total ? 1 : 0;
}
