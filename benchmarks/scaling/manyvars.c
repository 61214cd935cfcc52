/*
 * manyvars: a program shaped like the climate models' I/O libraries (PIO's
 * darray path, E3SM-IO's F case), in PnetCDF's API alone, to count what
 * MPI traffic a dataset of many small variables costs. It runs plain or
 * under LD_PRELOAD=libncsf-preload.so with NCSF_HINTS.
 *
 *   manyvars [-v NVARS] [-s STEPS] [-c COLS] [-l LEV] [-b] [-B] [-R] [-S] [-I N] [-E] [-q] FILE
 *
 * Dimensions time (record), lev (-l, 4), ncol (-c columns per process, 16,
 * times the process count). Variable k is, by k % 8: 0 a fixed scalar
 * (int), 1 a record scalar (double), 2 fixed (ncol) double, 3 fixed (lev,
 * ncol) float, 4-5 record (time, ncol) float, 6-7 record (time, lev, ncol)
 * double (-S: no scalars, variable k is of kind 2 + k % 6, so that each
 * variable can be subfiled). Columns are dealt to processes in runs of 3 (round robin), so
 * each process writes every variable as several pieces: one varn request
 * per variable, iput_varn (bput_varn with -b), and one wait_all per step;
 * the scalars by process 0 alone (iput_var), the others posting nothing.
 * Fixed variables are written at step 0. With -I N, N rounds of
 * independent data mode follow, each process writing its pieces of the
 * first variable at the last step again (the same values, put_varn) in
 * each, ended by end_indep_data. Then (-E) a wait_all on NC_REQ_ALL with
 * nothing pending anywhere, as PIO makes before every close, and the
 * close; then (unless -R) an
 * open, every variable read back (iget_varn and one wait_all, or with -B
 * one get_varn_all per variable), every value checked, and a close.
 *
 * Phases (MPI_Pcontrol, for benchmarks/scaling/libmpicount.so): 1 create,
 * define, enddef; 2 posts and wait_all of every step; 3 close; 4 open; 5
 * the reads; 6 close; 7 the rounds of independent mode (-I). Prints "VERIFY manyvars: ok" or the first bad value
 * and exits 1. Times nothing.
 */
#include <mpi.h>
#include <pnetcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define RUN 3 /* columns per run dealt to a process */

static int rank, nprocs;

static void check(int err, const char *what)
{
    if (err == NC_NOERR) return;
    fprintf(stderr, "rank %d: %s: %s\n", rank, what, ncmpi_strerror(err));
    MPI_Abort(MPI_COMM_WORLD, 1);
}

/* The value of element (rec, l, c) of variable k. */
static double value(int k, int rec, int l, MPI_Offset c)
{
    return k * 1000.0 + rec * 100.0 + l * 10.0 + (double)(c % 97) / 4.0;
}

typedef struct {
    int nvars, steps, lev, bput, blocking, noread, indep, empty_wait;
    MPI_Offset cols, ncol;
    const char *path;
    int dim_t, dim_l, dim_c, *varid;
    /* this process's runs of columns: start and length */
    int nruns;
    MPI_Offset *c0, *cl, mycols;
} prog;

static int no_scalars; /* -S: kinds 2-7 only (set once, from the options) */

static int kind(int k) { return no_scalars ? 2 + k % 6 : k % 8; }
static int is_record(int k) { int t = kind(k); return t == 1 || t >= 4; }
static int has_lev(int k) { int t = kind(k); return t == 3 || t >= 6; }
static int is_scalar(int k) { return kind(k) <= 1; }

static void deal(prog *p)
{
    MPI_Offset nr = (p->ncol + RUN - 1) / RUN;
    p->c0 = malloc(sizeof(MPI_Offset) * (size_t)(nr / nprocs + 2));
    p->cl = malloc(sizeof(MPI_Offset) * (size_t)(nr / nprocs + 2));
    p->nruns = 0;
    p->mycols = 0;
    for (MPI_Offset r = rank; r < nr; r += nprocs) {
        MPI_Offset c = r * RUN, n = c + RUN <= p->ncol ? RUN : p->ncol - c;
        p->c0[p->nruns] = c;
        p->cl[p->nruns++] = n;
        p->mycols += n;
    }
}

/* Variable k's pieces at step rec on this process (nothing for a scalar
 * on a process other than 0): starts and counts, and the element count. */
static int pieces(const prog *p, int k, int rec, MPI_Offset ***st, MPI_Offset ***ct, MPI_Offset *nel)
{
    int n = is_scalar(k) ? (rank == 0) : p->nruns, nd = is_record(k) + has_lev(k) + !is_scalar(k);
    MPI_Offset **s = malloc(sizeof(*s) * (size_t)(n ? n : 1)), **c = malloc(sizeof(*c) * (size_t)(n ? n : 1));
    *nel = 0;
    for (int i = 0; i < n; i++) {
        s[i] = calloc(4, sizeof(MPI_Offset));
        c[i] = calloc(4, sizeof(MPI_Offset));
        int d = 0;
        if (is_record(k)) { s[i][d] = rec; c[i][d++] = 1; }
        if (has_lev(k)) { s[i][d] = 0; c[i][d++] = p->lev; }
        if (!is_scalar(k)) { s[i][d] = p->c0[i]; c[i][d++] = p->cl[i]; }
        MPI_Offset e = 1;
        for (int j = 0; j < nd; j++) e *= c[i][j];
        *nel += e;
    }
    *st = s;
    *ct = c;
    return n;
}

static void free_pieces(int n, MPI_Offset **s, MPI_Offset **c)
{
    for (int i = 0; i < n; i++) { free(s[i]); free(c[i]); }
    free(s);
    free(c);
}

/* Fill (or, check == 1, check) buf as the pieces' elements in order,
 * as doubles (the values are exact in float too). Returns mismatches. */
static long fill(const prog *p, int k, int rec, int n, MPI_Offset **s, MPI_Offset **c, double *buf, int check)
{
    long bad = 0, at = 0;
    for (int i = 0; i < n; i++) {
        int nl = has_lev(k) ? p->lev : 1;
        MPI_Offset ncols = is_scalar(k) ? 1 : c[i][is_record(k) + has_lev(k)];
        MPI_Offset cbase = is_scalar(k) ? 0 : s[i][is_record(k) + has_lev(k)];
        for (int l = 0; l < nl; l++)
            for (MPI_Offset j = 0; j < ncols; j++, at++) {
                double v = value(k, rec, l, cbase + j);
                if (kind(k) == 0) v = k * 7 + 1; /* an int */
                if (!check) buf[at] = v;
                else if (buf[at] != v) {
                    if (!bad)
                        fprintf(stderr, "rank %d: variable %d record %d element %ld: %g, expected %g\n", rank, k,
                                rec, at, buf[at], v);
                    bad++;
                }
            }
    }
    return bad;
}

static MPI_Datatype mtype(int k)
{
    return kind(k) == 0 ? MPI_INT : (kind(k) == 3 || kind(k) == 4 || kind(k) == 5) ? MPI_FLOAT : MPI_DOUBLE;
}

/* buf as doubles into the memory type's bytes (in place, shrinking) */
static void narrow(int k, double *buf, MPI_Offset n)
{
    if (mtype(k) == MPI_INT) for (MPI_Offset i = 0; i < n; i++) ((int *)buf)[i] = (int)buf[i];
    else if (mtype(k) == MPI_FLOAT) for (MPI_Offset i = 0; i < n; i++) ((float *)buf)[i] = (float)buf[i];
}

static void widen(int k, double *buf, MPI_Offset n)
{
    if (mtype(k) == MPI_INT) for (MPI_Offset i = n - 1; i >= 0; i--) buf[i] = ((int *)buf)[i];
    else if (mtype(k) == MPI_FLOAT) for (MPI_Offset i = n - 1; i >= 0; i--) buf[i] = ((float *)buf)[i];
}

static void write_all(prog *p)
{
    int ncid, dims[3];
    MPI_Pcontrol(1);
    check(ncmpi_create(MPI_COMM_WORLD, p->path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid), "create");
    check(ncmpi_def_dim(ncid, "time", NC_UNLIMITED, &p->dim_t), "def_dim time");
    check(ncmpi_def_dim(ncid, "lev", p->lev, &p->dim_l), "def_dim lev");
    check(ncmpi_def_dim(ncid, "ncol", p->ncol, &p->dim_c), "def_dim ncol");
    check(ncmpi_put_att_text(ncid, NC_GLOBAL, "title", 8, "manyvars"), "put_att");
    for (int k = 0; k < p->nvars; k++) {
        char name[32];
        int nd = 0;
        snprintf(name, sizeof name, "v%04d", k);
        if (is_record(k)) dims[nd++] = p->dim_t;
        if (has_lev(k)) dims[nd++] = p->dim_l;
        if (!is_scalar(k)) dims[nd++] = p->dim_c;
        nc_type t = kind(k) == 0 ? NC_INT : mtype(k) == MPI_FLOAT ? NC_FLOAT : NC_DOUBLE;
        check(ncmpi_def_var(ncid, name, t, nd, dims, &p->varid[k]), "def_var");
        check(ncmpi_put_att_text(ncid, p->varid[k], "units", 1, "m"), "put_att units");
    }
    check(ncmpi_enddef(ncid), "enddef");
    MPI_Pcontrol(2);
    int *req = malloc(sizeof(int) * (size_t)p->nvars), *st = malloc(sizeof(int) * (size_t)p->nvars);
    double **bufs = calloc((size_t)p->nvars, sizeof(double *));
    if (p->bput) {
        MPI_Offset bytes = 0;
        for (int k = 0; k < p->nvars; k++) {
            MPI_Offset **s, **c, nel;
            int n = pieces(p, k, 0, &s, &c, &nel);
            bytes += nel * 8;
            free_pieces(n, s, c);
        }
        check(ncmpi_buffer_attach(ncid, bytes + 1024), "buffer_attach");
    }
    for (int rec = 0; rec < p->steps; rec++) {
        int nreq = 0;
        for (int k = 0; k < p->nvars; k++) {
            if (!is_record(k) && rec > 0) continue;
            MPI_Offset **s, **c, nel;
            int n = pieces(p, k, rec, &s, &c, &nel);
            bufs[k] = realloc(bufs[k], sizeof(double) * (size_t)(nel ? nel : 1));
            fill(p, k, rec, n, s, c, bufs[k], 0);
            narrow(k, bufs[k], nel);
            if (n > 0) {
                int e = p->bput ? ncmpi_bput_varn(ncid, p->varid[k], n, s, c, bufs[k], nel, mtype(k), &req[nreq])
                                : ncmpi_iput_varn(ncid, p->varid[k], n, s, c, bufs[k], nel, mtype(k), &req[nreq]);
                check(e, p->bput ? "bput_varn" : "iput_varn");
                nreq++;
            }
            free_pieces(n, s, c);
        }
        check(ncmpi_wait_all(ncid, nreq, req, st), "wait_all");
        for (int i = 0; i < nreq; i++) check(st[i], "wait_all status");
    }
    if (p->bput) check(ncmpi_buffer_detach(ncid), "buffer_detach");
    if (p->indep > 0) {
        /* the first variable's pieces at the last step again, independently */
        MPI_Pcontrol(7);
        int k = 0, rec = is_record(0) ? p->steps - 1 : 0;
        MPI_Offset **s, **c, nel;
        int n = pieces(p, k, rec, &s, &c, &nel);
        double *buf = malloc(sizeof(double) * (size_t)(nel ? nel : 1));
        fill(p, k, rec, n, s, c, buf, 0);
        narrow(k, buf, nel);
        for (int i = 0; i < p->indep; i++) {
            check(ncmpi_begin_indep_data(ncid), "begin_indep_data");
            if (n > 0) check(ncmpi_put_varn(ncid, p->varid[k], n, s, c, buf, nel, mtype(k)), "put_varn");
            check(ncmpi_end_indep_data(ncid), "end_indep_data");
        }
        free(buf);
        free_pieces(n, s, c);
    }
    MPI_Pcontrol(3);
    if (p->empty_wait) check(ncmpi_wait_all(ncid, NC_REQ_ALL, NULL, NULL), "wait_all (nothing pending)");
    check(ncmpi_close(ncid), "close");
    MPI_Pcontrol(0);
    for (int k = 0; k < p->nvars; k++) free(bufs[k]);
    free(bufs);
    free(req);
    free(st);
}

static long read_all(prog *p)
{
    int ncid;
    long bad = 0;
    MPI_Pcontrol(4);
    check(ncmpi_open(MPI_COMM_WORLD, p->path, NC_NOWRITE, MPI_INFO_NULL, &ncid), "open");
    MPI_Pcontrol(5);
    MPI_Offset nrec = 0;
    check(ncmpi_inq_dimlen(ncid, p->dim_t, &nrec), "inq_dimlen");
    int want = 0;
    for (int k = 0; k < p->nvars; k++) if (is_record(k)) want = p->steps;
    if (nrec != want) {
        fprintf(stderr, "rank %d: %lld records, expected %d\n", rank, (long long)nrec, want);
        bad++;
    }
    for (int rec = 0; rec < p->steps; rec++) {
        int nreq = 0, *req = malloc(sizeof(int) * (size_t)p->nvars);
        double **bufs = calloc((size_t)p->nvars, sizeof(double *));
        MPI_Offset *nels = calloc((size_t)p->nvars, sizeof(MPI_Offset));
        for (int k = 0; k < p->nvars; k++) {
            if (!is_record(k) && rec > 0) continue;
            MPI_Offset **s, **c, nel;
            int n = pieces(p, k, rec, &s, &c, &nel);
            nels[k] = nel;
            bufs[k] = calloc((size_t)(nel ? nel : 1), sizeof(double));
            if (p->blocking) {
                check(ncmpi_get_varn_all(ncid, p->varid[k], n, s, c, bufs[k], nel, mtype(k)), "get_varn_all");
            } else if (n > 0) {
                check(ncmpi_iget_varn(ncid, p->varid[k], n, s, c, bufs[k], nel, mtype(k), &req[nreq]), "iget_varn");
                nreq++;
            }
            free_pieces(n, s, c);
        }
        if (!p->blocking) check(ncmpi_wait_all(ncid, nreq, req, NULL), "wait_all (reads)");
        for (int k = 0; k < p->nvars; k++) {
            if (!bufs[k]) continue;
            MPI_Offset **s, **c, nel;
            int n = pieces(p, k, rec, &s, &c, &nel);
            widen(k, bufs[k], nels[k]);
            bad += fill(p, k, rec, n, s, c, bufs[k], 1);
            free_pieces(n, s, c);
            free(bufs[k]);
        }
        free(bufs);
        free(nels);
        free(req);
    }
    MPI_Pcontrol(6);
    check(ncmpi_close(ncid), "close (reads)");
    MPI_Pcontrol(0);
    return bad;
}

int main(int argc, char **argv)
{
    prog p = {.nvars = 500, .steps = 2, .lev = 4, .cols = 16};
    int opt, quiet = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    while ((opt = getopt(argc, argv, "v:s:c:l:bBRSI:Eq")) != -1) {
        switch (opt) {
        case 'v': p.nvars = atoi(optarg); break;
        case 's': p.steps = atoi(optarg); break;
        case 'c': p.cols = atoll(optarg); break;
        case 'l': p.lev = atoi(optarg); break;
        case 'b': p.bput = 1; break;
        case 'B': p.blocking = 1; break;
        case 'R': p.noread = 1; break;
        case 'S': no_scalars = 1; break;
        case 'I': p.indep = atoi(optarg); break;
        case 'E': p.empty_wait = 1; break;
        case 'q': quiet = 1; break;
        default:
            if (rank == 0) fprintf(stderr, "usage: manyvars [-v NVARS] [-s STEPS] [-c COLS] [-l LEV] [-b] [-B] [-R] [-S] [-I N] [-E] [-q] FILE\n");
            MPI_Finalize();
            return 2;
        }
    }
    if (optind >= argc || p.nvars < 1 || p.steps < 1 || p.cols < 1 || p.lev < 1) {
        if (rank == 0) fprintf(stderr, "manyvars: a FILE and positive sizes are needed\n");
        MPI_Finalize();
        return 2;
    }
    p.path = argv[optind];
    p.ncol = p.cols * nprocs;
    p.varid = malloc(sizeof(int) * (size_t)p.nvars);
    deal(&p);
    write_all(&p);
    long bad = p.noread ? 0 : read_all(&p), all = 0;
    MPI_Allreduce(&bad, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0 && (!quiet || all))
        printf("VERIFY manyvars: %s (%d variables, %d steps, %d processes)\n", all ? "BAD" : "ok", p.nvars,
               p.steps, nprocs);
    free(p.varid);
    free(p.c0);
    free(p.cl);
    MPI_Finalize();
    return all ? 1 : 0;
}
