/*
 * t_varn_sig: a varn's plan is reused only for the same pieces.
 *
 *   t_varn_sig DIR NFILES
 *
 * Calls with many pieces keep their plans, recognised by a signature of
 * the pieces (src/subfile/runs.c). Here w(lev=4, ncol) double and
 * v(time=3, ncol) double, subfiled along ncol into NFILES, are written
 * whole with known values; then each process reads its runs of columns
 * (3 columns apart by 1, a piece a level) with get_varn_all, and again
 * with pieces that differ from the first call's in one piece on one
 * process only (the last process), with the same number of pieces and
 * the same sizes:
 *   col: one piece one column further along;
 *   lev: one piece on another level;
 *   len: one piece a column longer and the next a column shorter;
 *   far: one piece 100 columns further along, then 101;
 *   swap: two pieces in the other order (the same set of pieces);
 *   rec: v at record 1, one piece at record 2 (the call's first record
 *        and its pieces relative to it unchanged but that one);
 *   base: v's pieces and w's in one wait_all (iget_varn), then v's all
 *        one record later (every piece relative to the call's first
 *        record the same: a plan of absolute positions must not match).
 * Between the first two calls and the rest, the same pieces are written
 * with put_varn_all (values negated, then restored) and read back: the
 * get's plan serves the put, and the put's the get, with none built.
 * Every value read is checked, and the engine's counters must show a plan
 * built for every changed call (on every process: they agree) and one
 * reused for a repeated one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h>

enum { NLEV = 4, NREC = 3, RUNS = 40, RUNLEN = 3, STEP = RUNLEN + 1 };

static int rank, nprocs, failures;
static MPI_Offset ncol;

#define CHECK(e, what) do { int e_ = (e); if (e_ != NC_NOERR) { \
    fprintf(stderr, "[%d] %s: %s\n", rank, what, ncmpi_strerror(e_)); failures++; } } while (0)

static double wval(MPI_Offset l, MPI_Offset c) { return (double)(l * 100000 + c) + 0.5; }
static double vval(MPI_Offset t, MPI_Offset c) { return (double)(t * 1000000 + c) + 0.25; }

typedef struct {
    int n;
    MPI_Offset *flat, **st, **ct;
} pieces;

/* this process's runs of columns, a piece a level (2-D) or a piece a run
 * at record t (record variable) */
static void make(pieces *p, int rec, MPI_Offset t)
{
    p->n = rec ? RUNS : RUNS * NLEV;
    p->flat = malloc(sizeof(MPI_Offset) * 4 * p->n);
    p->st = malloc(sizeof(MPI_Offset *) * p->n);
    p->ct = malloc(sizeof(MPI_Offset *) * p->n);
    int k = 0;
    for (int r = 0; r < RUNS; r++)
        for (int l = 0; l < (rec ? 1 : NLEV); l++, k++) {
            MPI_Offset *s = p->st[k] = p->flat + 4 * k, *c = p->ct[k] = s + 2;
            s[0] = rec ? t : l;
            s[1] = ((MPI_Offset)r * nprocs + rank) * STEP;
            c[0] = 1;
            c[1] = RUNLEN;
        }
}

static void release(pieces *p)
{
    free(p->flat);
    free(p->st);
    free(p->ct);
}

/* the values the pieces select, as a get returns them */
static long check(const pieces *p, int rec, const double *buf)
{
    long bad = 0, i = 0;
    for (int k = 0; k < p->n; k++)
        for (MPI_Offset j = 0; j < p->ct[k][1]; j++, i++) {
            MPI_Offset a = p->st[k][0], c = p->st[k][1] + j;
            bad += buf[i] != (rec ? vval(a, c) : wval(a, c));
        }
    return bad;
}

static void counts(int ncid, ncsf_engine_counts *c) { CHECK(ncsf_inq_engine_counts(ncid, c), "inq_engine_counts"); }

/* a get_varn_all of p, its values checked; built: whether a plan was
 * built (1), reused (0) */
static void get(int ncid, int var, int rec, const pieces *p, int built, const char *what)
{
    ncsf_engine_counts c0, c1;
    double *buf = calloc((size_t)p->n * RUNLEN + 1, sizeof(double));
    counts(ncid, &c0);
    CHECK(ncmpi_get_varn_double_all(ncid, var, p->n, p->st, p->ct, buf), what);
    counts(ncid, &c1);
    long bad = check(p, rec, buf);
    int ok = c1.plan_builds - c0.plan_builds == built && c1.plan_hits - c0.plan_hits == !built;
    if (bad || !ok) {
        fprintf(stderr, "[%d] %s: %ld wrong values, %lld plans built, %lld reused (expected %d built)\n", rank, what,
                bad, c1.plan_builds - c0.plan_builds, c1.plan_hits - c0.plan_hits, built);
        failures++;
    }
    free(buf);
}

/* w's pieces p written with put_varn_all, each value times sign, and read
 * back with get_varn_all, every value checked: both calls must reuse the
 * plan of the last call with these pieces, whichever way it went (a plan
 * serves writes and reads alike) */
static void put_then_get(int ncid, int w, const pieces *p, double sign, const char *what)
{
    ncsf_engine_counts c0, c1;
    size_t n = (size_t)p->n * RUNLEN + 1;
    double *buf = calloc(n, sizeof(double)), *back = calloc(n, sizeof(double));
    long i = 0, bad = 0;
    for (int k = 0; k < p->n; k++)
        for (MPI_Offset j = 0; j < p->ct[k][1]; j++) buf[i++] = sign * wval(p->st[k][0], p->st[k][1] + j);
    counts(ncid, &c0);
    CHECK(ncmpi_put_varn_double_all(ncid, w, p->n, p->st, p->ct, buf), what);
    CHECK(ncmpi_get_varn_double_all(ncid, w, p->n, p->st, p->ct, back), what);
    counts(ncid, &c1);
    for (long j = 0; j < i; j++) bad += back[j] != buf[j];
    if (bad || c1.plan_builds != c0.plan_builds || c1.plan_hits - c0.plan_hits != 2) {
        fprintf(stderr, "[%d] %s: %ld wrong values, %lld plans built, %lld reused (expected 0 built, 2 reused)\n",
                rank, what, bad, c1.plan_builds - c0.plan_builds, c1.plan_hits - c0.plan_hits);
        failures++;
    }
    free(buf);
    free(back);
}

/* v's pieces p and w's q in one wait_all: the gets in one call (the
 * wait's pass for puts, with none on any process, ends at its first
 * reduction: no plan) */
static void get_both(int ncid, int v, int w, const pieces *p, const pieces *q, int built, int hits, const char *what)
{
    ncsf_engine_counts c0, c1;
    double *bv = calloc((size_t)p->n * RUNLEN + 1, sizeof(double)), *bw = calloc((size_t)q->n * RUNLEN + 1, sizeof(double));
    int req[2], st[2];
    counts(ncid, &c0);
    CHECK(ncmpi_iget_varn_double(ncid, v, p->n, p->st, p->ct, bv, &req[0]), what);
    CHECK(ncmpi_iget_varn_double(ncid, w, q->n, q->st, q->ct, bw, &req[1]), what);
    CHECK(ncmpi_wait_all(ncid, 2, req, st), what);
    CHECK(st[0], what);
    CHECK(st[1], what);
    counts(ncid, &c1);
    long bad = check(p, 1, bv) + check(q, 0, bw);
    int ok = c1.plan_builds - c0.plan_builds == built && c1.plan_hits - c0.plan_hits == hits;
    if (bad || !ok) {
        fprintf(stderr, "[%d] %s: %ld wrong values, %lld plans built, %lld reused (expected %d built, %d reused)\n",
                rank, what, bad, c1.plan_builds - c0.plan_builds, c1.plan_hits - c0.plan_hits, built, hits);
        failures++;
    }
    free(bv);
    free(bw);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (argc < 3) {
        if (rank == 0) fprintf(stderr, "usage: t_varn_sig DIR NFILES\n");
        MPI_Finalize();
        return 2;
    }
    ncol = (MPI_Offset)RUNS * nprocs * STEP + STEP;
    int last = rank == nprocs - 1; /* the process whose pieces change */
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", argv[2]);
    MPI_Info_set(info, "subfiling_dims", "ncol");
    MPI_Info_set(info, "subfiling_min_size", "0");
    char path[4096];
    snprintf(path, sizeof path, "%s/sig.nc", argv[1]);
    int ncid, d[3], w, v;
    CHECK(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, info, &ncid), "create");
    CHECK(ncmpi_def_dim(ncid, "time", NC_UNLIMITED, &d[0]), "def_dim");
    CHECK(ncmpi_def_dim(ncid, "lev", NLEV, &d[1]), "def_dim");
    CHECK(ncmpi_def_dim(ncid, "ncol", ncol, &d[2]), "def_dim");
    CHECK(ncmpi_def_var(ncid, "w", NC_DOUBLE, 2, &d[1], &w), "def_var w");
    int vd[2] = {d[0], d[2]};
    CHECK(ncmpi_def_var(ncid, "v", NC_DOUBLE, 2, vd, &v), "def_var v");
    CHECK(ncmpi_enddef(ncid), "enddef");
    /* whole, by rank 0 */
    double *all = malloc(sizeof(double) * NREC * ncol * NLEV);
    for (MPI_Offset l = 0; l < NLEV; l++)
        for (MPI_Offset c = 0; c < ncol; c++) all[l * ncol + c] = wval(l, c);
    MPI_Offset st[2] = {0, 0}, ct[2] = {rank ? 0 : NLEV, rank ? 0 : ncol};
    CHECK(ncmpi_put_vara_double_all(ncid, w, st, ct, all), "put_vara_all w");
    for (MPI_Offset t = 0; t < NREC; t++)
        for (MPI_Offset c = 0; c < ncol; c++) all[t * ncol + c] = vval(t, c);
    ct[0] = rank ? 0 : NREC;
    CHECK(ncmpi_put_vara_double_all(ncid, v, st, ct, all), "put_vara_all v");
    free(all);

    pieces a, b;
    make(&a, 0, 0);
    make(&b, 0, 0);
    get(ncid, w, 0, &a, 1, "w, first call");
    get(ncid, w, 0, &a, 0, "w, repeated");
    /* the read's plan writes the same pieces (new values, then the old) */
    put_then_get(ncid, w, &a, -1, "w written and read with the pieces just read");
    put_then_get(ncid, w, &a, 1, "w written back and read");
    /* col: the first piece of the 6th run one column further along (its
     * columns stay within the run's gap) */
    if (last) b.st[5 * NLEV][1]++;
    get(ncid, w, 0, &b, 1, "w, one piece a column further");
    if (last) b.st[5 * NLEV][1]--;
    get(ncid, w, 0, &b, 0, "w, back to the first pieces");
    /* lev: the 8th run's first piece on the level of its second */
    if (last) b.st[7 * NLEV][0] = 1;
    get(ncid, w, 0, &b, 1, "w, one piece on another level");
    if (last) b.st[7 * NLEV][0] = 0;
    /* len: the 6th run's first piece a column longer, its second a
     * column shorter (the same starts and number of elements) */
    if (last) b.ct[5 * NLEV][1]++, b.ct[5 * NLEV + 1][1]--;
    get(ncid, w, 0, &b, 1, "w, one piece longer, the next shorter");
    if (last) b.ct[5 * NLEV][1]--, b.ct[5 * NLEV + 1][1]++;
    get(ncid, w, 0, &b, 0, "w, back to the first pieces (after len)");
    /* far: the first piece 100 columns further along, then 101 (a
     * difference from the piece before that takes more than a byte of
     * the signature) */
    if (last) b.st[0][1] += 100;
    get(ncid, w, 0, &b, 1, "w, one piece 100 columns further");
    if (last) b.st[0][1] += 1;
    get(ncid, w, 0, &b, 1, "w, one piece 101 columns further");
    if (last) b.st[0][1] -= 101;
    /* swap: two pieces in the other order */
    if (last) {
        MPI_Offset *s = b.st[3 * NLEV + 1], *c = b.ct[3 * NLEV + 1];
        b.st[3 * NLEV + 1] = b.st[3 * NLEV + 2];
        b.ct[3 * NLEV + 1] = b.ct[3 * NLEV + 2];
        b.st[3 * NLEV + 2] = s;
        b.ct[3 * NLEV + 2] = c;
    }
    get(ncid, w, 0, &b, 1, "w, two pieces swapped");
    release(&a);
    release(&b);

    /* rec: a relative plan (every piece at one first record) */
    make(&a, 1, 0);
    make(&b, 1, 1);
    get(ncid, v, 1, &a, 1, "v at record 0");
    get(ncid, v, 1, &b, 0, "v at record 1 (the plan relative to the first record)");
    if (last) b.st[RUNS - 1][0] = 2;
    get(ncid, v, 1, &b, 1, "v at record 1, one piece at record 2");
    release(&b);

    /* base: v and w together make a plan of absolute positions */
    pieces q;
    make(&q, 0, 0);
    make(&b, 1, 1);
    get_both(ncid, v, w, &a, &q, 1, 0, "v at record 0 and w in one wait_all");
    get_both(ncid, v, w, &a, &q, 0, 1, "v at record 0 and w, repeated");
    get_both(ncid, v, w, &b, &q, 1, 0, "v at record 1 and w in one wait_all");
    release(&a);
    release(&b);
    release(&q);
    CHECK(ncmpi_close(ncid), "close");
    MPI_Info_free(&info);
    int total;
    MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) printf("t_varn_sig: %d processes, %s subfiles: %s\n", nprocs, argv[2], total ? "FAILED" : "ok");
    MPI_Finalize();
    return total ? 1 : 0;
}
