/*
 * e3sm_io: an E3SM-like history-file kernel: irregular (unstructured-mesh)
 * decompositions written with varn, in C, on ncsf.
 *
 *   e3sm_io [-m MODE] [-N nfiles] [-H key=value]... [-q] [-c chunks] [-l len]
 *           [-z nlev] [-s steps] [-b method] [-w warm] dir
 *
 * The mesh's columns [0, ncol) are cut into runs of pseudo-random length
 * (1 .. 2*len-1, mean len) and each run is given to a pseudo-random process,
 * as a climate model's I/O library (PIO, SCORPIO) sees an unstructured or
 * cubed-sphere mesh mapped onto the file: every process holds about
 * `chunks` scattered runs of columns. Variables (double):
 *   record: PS(time, ncol), T(time, lev, ncol), Q(time, lev, ncol)
 *   fixed:  area(ncol), Z3(lev, ncol)   (written once)
 * A 3-D variable has chunks * nlev pieces per process (the default,
 * 12500 * 8, is 10^5). Each variable is written by one varn call per step:
 * put_varn_all (method 0) or iput_varn + one wait_all per step (method 1),
 * then read back with get_varn_all and every value checked.
 * In the fpp mode each process writes its own values as one contiguous
 * array per variable (the reference a process-local layout allows).
 * The peak resident memory of every process is reported (RSS line).
 * With -w, that many datasets are written and read back (and checked)
 * untimed before the timed one, as a model writes one history file after
 * another with the same decomposition.
 * The timers leave out the kernel's own work between its calls: making
 * the values before a write and checking them after a read. The pieces
 * are made once, as a model makes its decomposition; a call sets only
 * its record in them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "../common/bench.h"

enum { NVARS = 5 };
static const char *names[NVARS] = {"PS", "T", "Q", "area", "Z3"};
static const int is3d[NVARS] = {0, 1, 1, 0, 1};
static const int isrec[NVARS] = {1, 1, 1, 0, 0};

typedef struct {
    bench_cfg cfg;
    MPI_Offset nchunks, len, nlev, ncol, steps;
    int method, warm;
    const char *dir;
    /* this process's runs of columns */
    MPI_Offset nmine, *c0, *cl, mycols;
    /* per variable: its pieces and its buffer */
    MPI_Offset npieces[NVARS];
    MPI_Offset *flat[NVARS];      /* starts then counts, 3 words each */
    MPI_Offset **starts[NVARS], **counts[NVARS];
    double *buf[NVARS];
    MPI_Offset nelems[NVARS];
} e3sm;

static unsigned long long mix(unsigned long long x)
{
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL; x ^= x >> 33;
    return x;
}

/* The runs of columns and their owners (the same on every process). */
static void decompose(e3sm *s)
{
    int P = s->cfg.nprocs;
    MPI_Offset total = s->nchunks * P, cap = s->nchunks * 2 + 16, col = 0;
    s->c0 = malloc(sizeof(MPI_Offset) * cap);
    s->cl = malloc(sizeof(MPI_Offset) * cap);
    s->nmine = s->mycols = 0;
    for (MPI_Offset i = 0; i < total; i++) {
        unsigned long long h = mix((unsigned long long)i * 2654435761ULL + 12345);
        MPI_Offset l = 1 + (MPI_Offset)(h % (unsigned long long)(2 * s->len - 1));
        int owner = (int)((h >> 32) % (unsigned long long)P);
        if (owner == s->cfg.rank) {
            if (s->nmine == cap) {
                cap *= 2;
                s->c0 = realloc(s->c0, sizeof(MPI_Offset) * cap);
                s->cl = realloc(s->cl, sizeof(MPI_Offset) * cap);
            }
            s->c0[s->nmine] = col;
            s->cl[s->nmine++] = l;
            s->mycols += l;
        }
        col += l;
    }
    s->ncol = col;
}

static double value(int v, int step, MPI_Offset lin)
{
    return (double)((v * 7 + step) % 1000) * 1.0e9 + (double)lin;
}

/* The pieces of variable v at record t (fixed: t ignored), made once. */
static void pieces(e3sm *s, int v, MPI_Offset t)
{
    MPI_Offset n = 0, *f = s->flat[v];
    int nd = (isrec[v] ? 1 : 0) + (is3d[v] ? 1 : 0) + 1;
    for (MPI_Offset k = 0; k < (is3d[v] ? s->nlev : 1); k++)
        for (MPI_Offset i = 0; i < s->nmine; i++, n++) {
            MPI_Offset *st = f + n * 2 * nd, *ct = st + nd;
            int d = 0;
            if (isrec[v]) { st[d] = t; ct[d++] = 1; }
            if (is3d[v]) { st[d] = k; ct[d++] = 1; }
            st[d] = s->c0[i]; ct[d] = s->cl[i];
            s->starts[v][n] = st;
            s->counts[v][n] = ct;
        }
}

/* Fill or check variable v's buffer at step t: returns wrong values. */
static long fill(e3sm *s, int v, int t, int check)
{
    long bad = 0;
    MPI_Offset e = 0;
    for (MPI_Offset k = 0; k < (is3d[v] ? s->nlev : 1); k++)
        for (MPI_Offset i = 0; i < s->nmine; i++)
            for (MPI_Offset c = 0; c < s->cl[i]; c++, e++) {
                double x = value(v, t, k * s->ncol + s->c0[i] + c);
                if (!check) s->buf[v][e] = x;
                else if (s->buf[v][e] != x) bad++;
            }
    return bad;
}

static void path_of(const e3sm *s, char *p, int n)
{
    snprintf(p, n, "%s/e3sm_h0.nc", s->dir);
}

static int define(e3sm *s, int ncid, int *varid)
{
    int fpp = s->cfg.mode == MODE_FPP, dt, dl, dc, err = 0;
    ncmpi_def_dim(ncid, "time", NC_UNLIMITED, &dt);
    ncmpi_def_dim(ncid, "lev", s->nlev, &dl);
    ncmpi_def_dim(ncid, "ncol", fpp ? s->mycols : s->ncol, &dc);
    MPI_Info info = bench_var_info(&s->cfg);
    for (int v = 0; v < NVARS && !err; v++) {
        int ids[3], n = 0;
        if (isrec[v]) ids[n++] = dt;
        if (is3d[v]) ids[n++] = dl;
        ids[n++] = dc;
        err = ncmpi_def_var(ncid, names[v], NC_DOUBLE, n, ids, &varid[v], info);
        if (err) fprintf(stderr, "def_var %s: %s\n", names[v], ncmpi_strerror(err));
    }
    if (info != MPI_INFO_NULL) MPI_Info_free(&info);
    return err ? err : ncmpi_enddef(ncid);
}

/* Variable v at step t, written (or read) by this process. */
static int access_var(e3sm *s, int ncid, int varid, int v, int t, int write, int *req)
{
    if (s->cfg.mode == MODE_FPP) {
        MPI_Offset st[3] = {0, 0, 0}, ct[3];
        int d = 0;
        if (isrec[v]) { st[d] = t; ct[d++] = 1; }
        if (is3d[v]) ct[d++] = s->nlev;
        ct[d] = s->mycols;
        return write ? ncmpi_put_vara_double_all(ncid, varid, st, ct, s->buf[v])
                     : ncmpi_get_vara_double_all(ncid, varid, st, ct, s->buf[v]);
    }
    int n = (int)s->npieces[v];
    if (isrec[v]) /* the decomposition is set up once (setup): a call sets its record */
        for (int i = 0; i < n; i++) s->starts[v][i][0] = t;
    if (!write) return ncmpi_get_varn_double_all(ncid, varid, n, s->starts[v], s->counts[v], s->buf[v]);
    if (s->method == 0) return ncmpi_put_varn_double_all(ncid, varid, n, s->starts[v], s->counts[v], s->buf[v]);
    return ncmpi_iput_varn_double(ncid, varid, n, s->starts[v], s->counts[v], s->buf[v], req);
}

static int write_file(e3sm *s, bench_times *tm, int *ncalls)
{
    char path[4096];
    int ncid, varid[NVARS], err;
    path_of(s, path, sizeof path);
    double untimed = 0; /* making the values is the model's work, not I/O */
    double t0 = MPI_Wtime();
    err = bench_create(&s->cfg, path, NC_CLOBBER | NC_64BIT_DATA, &ncid);
    if (err) return err;
    err = define(s, ncid, varid);
    double t1 = MPI_Wtime();
    for (int t = 0; !err && t < s->steps; t++) {
        int req[NVARS], st[NVARS], nr = 0;
        for (int v = 0; v < NVARS && !err; v++) {
            if (!isrec[v] && t > 0) continue;
            double f0 = MPI_Wtime();
            fill(s, v, isrec[v] ? t : 0, 0);
            untimed += MPI_Wtime() - f0;
            err = access_var(s, ncid, varid[v], v, t, 1, &req[nr]);
            if (err) fprintf(stderr, "[%d] %s step %d: %s\n", s->cfg.rank, names[v], t, ncmpi_strerror(err));
            nr++;
            (*ncalls)++;
        }
        if (!err && s->method == 1 && s->cfg.mode != MODE_FPP) err = ncmpi_wait_all(ncid, nr, req, st);
        for (int i = 0; !err && s->method == 1 && s->cfg.mode != MODE_FPP && i < nr; i++) err = st[i];
    }
    int e = bench_close_timed(ncid, t0 + untimed, t1 + untimed, tm);
    if (err) fprintf(stderr, "[%d] write: %s\n", s->cfg.rank, ncmpi_strerror(err));
    return err ? err : e;
}

static int read_file(e3sm *s, bench_times *tm, long *bad)
{
    char path[4096];
    int ncid, varid, err;
    double untimed = 0; /* checking the values is not I/O */
    path_of(s, path, sizeof path);
    double t0 = MPI_Wtime();
    err = bench_open(&s->cfg, path, &ncid);
    double t1 = MPI_Wtime();
    if (err) return err;
    for (int t = 0; !err && t < s->steps; t++)
        for (int v = 0; v < NVARS && !err; v++) {
            if (!isrec[v] && t > 0) continue;
            err = ncmpi_inq_varid(ncid, names[v], &varid);
            if (!err) err = access_var(s, ncid, varid, v, t, 0, NULL);
            double f0 = MPI_Wtime();
            if (!err) *bad += fill(s, v, isrec[v] ? t : 0, 1);
            untimed += MPI_Wtime() - f0;
        }
    int e = bench_close_timed(ncid, t0 + untimed, t1 + untimed, tm);
    if (err) fprintf(stderr, "[%d] read: %s\n", s->cfg.rank, ncmpi_strerror(err));
    return err ? err : e;
}

/* PnetCDF's own subfiling is read from its subfiles directly (rank 0). */
static long check_pnc(e3sm *s, int *err_out)
{
    if (s->cfg.rank != 0) return 0;
    char path[4096];
    long bad = 0;
    path_of(s, path, sizeof path);
    for (int v = 0; v < NVARS; v++) {
        MPI_Offset per = (is3d[v] ? s->nlev : 1) * s->ncol, total = per * (isrec[v] ? s->steps : 1);
        double *all = malloc(sizeof(double) * total);
        char *seen = malloc(total);
        int err = bench_read_pnc_subfiled(path, names[v], s->cfg.nfiles, all, seen, total);
        if (err) *err_out = err;
        for (MPI_Offset i = 0; i < total; i++)
            if (!seen[i] || all[i] != value(v, (int)(i / per), i % per)) bad++;
        free(all);
        free(seen);
    }
    return bad;
}

static void setup(e3sm *s)
{
    decompose(s);
    for (int v = 0; v < NVARS; v++) {
        int nd = (isrec[v] ? 1 : 0) + (is3d[v] ? 1 : 0) + 1;
        MPI_Offset np = s->nmine * (is3d[v] ? s->nlev : 1);
        s->npieces[v] = np;
        s->nelems[v] = s->mycols * (is3d[v] ? s->nlev : 1);
        s->buf[v] = malloc(sizeof(double) * (s->nelems[v] ? s->nelems[v] : 1));
        if (s->cfg.mode == MODE_FPP) continue;
        s->flat[v] = malloc(sizeof(MPI_Offset) * 2 * nd * (np ? np : 1));
        s->starts[v] = malloc(sizeof(MPI_Offset *) * (np ? np : 1));
        s->counts[v] = malloc(sizeof(MPI_Offset *) * (np ? np : 1));
        /* the decomposition is made before the timed I/O, as a model
         * makes it once (PIO's initdecomp), and its arrays touched: the
         * write's and the read's calls only set their record */
        pieces(s, v, 0);
    }
}

int main(int argc, char **argv)
{
    e3sm s;
    memset(&s, 0, sizeof s);
    MPI_Init(&argc, &argv);
    bench_init(&s.cfg);
    s.nchunks = 12500; s.len = 8; s.nlev = 8; s.steps = 2;
    int i = 1;
    while (i > 0 && i < argc && argv[i][0] == '-') {
        int n = bench_option(argc, argv, i, &s.cfg);
        if (n > 0) { i += n; continue; }
        if (n < 0 || i + 1 >= argc) { i = -1; break; }
        const char *o = argv[i], *a = argv[i + 1];
        if (!strcmp(o, "-c")) s.nchunks = atoll(a);
        else if (!strcmp(o, "-l")) s.len = atoll(a);
        else if (!strcmp(o, "-z")) s.nlev = atoll(a);
        else if (!strcmp(o, "-s")) s.steps = atoll(a);
        else if (!strcmp(o, "-b")) s.method = atoi(a);
        else if (!strcmp(o, "-w")) s.warm = atoi(a);
        else { i = -1; break; }
        i += 2;
    }
    bench_finish_options(&s.cfg);
    if (i < 0 || argc - i != 1 || s.nchunks < 1 || s.len < 1 || s.nlev < 1 || s.steps < 1 || s.warm < 0) {
        if (s.cfg.rank == 0)
            fprintf(stderr, "usage: e3sm_io [-m shared|subfiling|pnetcdf-subfiling|fpp] [-N nfiles] [-H k=v]... [-q]\n"
                            "               [-c chunks] [-l len] [-z nlev] [-s steps] [-b 0|1] [-w warm] dir\n");
        MPI_Finalize();
        return 2;
    }
    s.dir = argv[i];
    if (!s.cfg.dims && s.cfg.mode == MODE_SUBFILING) s.cfg.dims = "ncol";
    setup(&s);
    double bytes = 0;
    for (int v = 0; v < NVARS; v++) bytes += 8.0 * (is3d[v] ? s.nlev : 1) * s.ncol * (isrec[v] ? s.steps : 1);
    long maxp = (long)s.npieces[1], allp;
    MPI_Allreduce(&maxp, &allp, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
    if (s.cfg.rank == 0 && !s.cfg.quiet)
        printf("e3sm-io: ncol %lld, nlev %lld, %lld steps, up to %ld pieces per process per 3-D variable\n",
               (long long)s.ncol, (long long)s.nlev, (long long)s.steps, allp);

    long bad = 0;
    int err, ncalls = 0;
    bench_times tw = {0, 0, 0}, tr = {0, 0, 0};
    /* -w: datasets written and read back untimed first (a model writes
     * history file after history file with one decomposition) */
    for (int w = 0, e = 0; w < s.warm && !e; w++) {
        bench_times untimed = {0, 0, 0};
        int calls = 0;
        MPI_Barrier(MPI_COMM_WORLD);
        e = bench_agree(write_file(&s, &untimed, &calls));
        if (!e && s.cfg.mode != MODE_PNC_SUBFILING) e = bench_agree(read_file(&s, &untimed, &bad));
    }
    MPI_Barrier(MPI_COMM_WORLD);
    err = bench_agree(write_file(&s, &tw, &ncalls));
    bench_reduce(&s.cfg, &tw);
    char path[4096];
    path_of(&s, path, sizeof path);
    int files = bench_files_created(&s.cfg, path);
    if (!err) bench_report(&s.cfg, "e3sm-io", "write", files, bytes, &tw, ncalls, s.cfg.nprocs);
    if (!err) {
        MPI_Barrier(MPI_COMM_WORLD);
        if (s.cfg.mode == MODE_PNC_SUBFILING) bad = check_pnc(&s, &err);
        else err = read_file(&s, &tr, &bad);
        err = bench_agree(err);
        bench_reduce(&s.cfg, &tr);
        if (!err && s.cfg.mode != MODE_PNC_SUBFILING)
            bench_report(&s.cfg, "e3sm-io", "read", files, bytes, &tr, ncalls, s.cfg.nprocs);
    }
    long total;
    MPI_Allreduce(&bad, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    long rss = ru.ru_maxrss, maxrss;
    MPI_Allreduce(&rss, &maxrss, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
    if (s.cfg.rank == 0) {
        printf("RSS,e3sm-io,%s,%d,%d,%ld\n", bench_mode_name(s.cfg.mode), s.cfg.nprocs, s.cfg.nfiles, maxrss);
        printf("VERIFY e3sm-io %s %d processes: %s (%.0f values, %ld wrong%s)\n", bench_mode_name(s.cfg.mode),
               s.cfg.nprocs, err || total ? "FAILED" : "ok", bytes / 8, total,
               s.cfg.mode == MODE_PNC_SUBFILING ? "; read from the subfiles directly" : "");
    }
    bench_remove(&s.cfg, path);
    for (int v = 0; v < NVARS; v++) {
        free(s.buf[v]); free(s.flat[v]); free(s.starts[v]); free(s.counts[v]);
    }
    free(s.c0);
    free(s.cl);
    MPI_Finalize();
    return err || total ? 1 : 0;
}
