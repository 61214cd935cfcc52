/*
 * t_varn: irregular decompositions with many pieces (issue 22).
 *
 *   t_varn DIR NFILES WINDOW [CHUNKS]
 *
 * The columns [0, ncol) are cut into runs of 1..7 columns, each given to a
 * pseudo-random process (CHUNKS runs per process, 13000 by default), as a
 * climate model's I/O library sees an unstructured mesh. Variables,
 * subfiled along ncol into NFILES subfiles:
 *   w(lev=8, ncol) double, fixed: CHUNKS * 8 pieces per process (10^5)
 *   v(time, ncol) int, record: CHUNKS pieces per record
 * Written with put_varn_all (w, record 0 of v) and iput_varn + wait_all
 * (records 1 and 2 of v in one wait), read back with get_varn_all,
 * iget_varn + wait_all, an independent get_varn, and whole by rank 0
 * through get_vara_all; every value checked. The engine's counters must
 * show that no call had more requests outstanding than WINDOW (the
 * subfiling_window hint) and that the runs path sent messages.
 * wd (like w) is written by put_vard_all and read by get_vard_all, w whole
 * by get_vard_all too; built against PnetCDF 1.15 or newer, which
 * deprecates the vard calls, ncsf refuses each with NC_ENOTSUPPORT (on
 * every process: doc/user-guide.md, "Which PnetCDF and MPI"), so the test
 * expects that and writes and reads wd by varn instead.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h>

/* as ncsf decides (src/ncmpi/api/vard.c): from the pnetcdf.h it is built with */
#define VARD_DEPRECATED (PNETCDF_VERSION_MAJOR * 100 + PNETCDF_VERSION_MINOR >= 115)

enum { NLEV = 8, NREC = 3 };

static int rank, nprocs, failures;
static MPI_Offset ncol, nmine, mycols, *c0, *cl;

#define CHECK(e, what) do { int e_ = (e); if (e_ != NC_NOERR) { \
    fprintf(stderr, "[%d] %s: %s\n", rank, what, ncmpi_strerror(e_)); failures++; } } while (0)

static unsigned long long mix(unsigned long long x)
{
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL; x ^= x >> 33;
    return x;
}

static void decompose(MPI_Offset chunks)
{
    MPI_Offset total = chunks * nprocs, cap = 2 * chunks + 16, col = 0;
    c0 = malloc(sizeof(MPI_Offset) * cap);
    cl = malloc(sizeof(MPI_Offset) * cap);
    for (MPI_Offset i = 0; i < total; i++) {
        unsigned long long h = mix((unsigned long long)i + 77);
        MPI_Offset l = 1 + (MPI_Offset)(h % 7);
        if ((int)((h >> 32) % (unsigned long long)nprocs) == rank) {
            if (nmine == cap) {
                cap *= 2;
                c0 = realloc(c0, sizeof(MPI_Offset) * cap);
                cl = realloc(cl, sizeof(MPI_Offset) * cap);
            }
            c0[nmine] = col;
            cl[nmine++] = l;
            mycols += l;
        }
        col += l;
    }
    ncol = col;
}

static double wval(MPI_Offset k, MPI_Offset c) { return 1.0e7 * (double)k + (double)c + 0.25; }
static int vval(MPI_Offset r, MPI_Offset c) { return (int)((r * 1000003 + c) % 2000000000); }

/* Pieces of w (every level) or of v at record r: starts/counts in flat. */
typedef struct { int n; MPI_Offset *flat, **st, **ct; } pieces;

static void make_pieces(pieces *p, int w, MPI_Offset r)
{
    int nd = 2;
    p->n = (int)(nmine * (w ? NLEV : 1));
    p->flat = malloc(sizeof(MPI_Offset) * 2 * nd * (p->n ? p->n : 1));
    p->st = malloc(sizeof(MPI_Offset *) * (p->n ? p->n : 1));
    p->ct = malloc(sizeof(MPI_Offset *) * (p->n ? p->n : 1));
    int n = 0;
    for (int k = 0; k < (w ? NLEV : 1); k++)
        for (MPI_Offset i = 0; i < nmine; i++, n++) {
            MPI_Offset *s = p->flat + 4 * n, *c = s + 2;
            s[0] = w ? k : r; c[0] = 1;
            s[1] = c0[i]; c[1] = cl[i];
            p->st[n] = s;
            p->ct[n] = c;
        }
}

static void free_pieces(pieces *p) { free(p->flat); free(p->st); free(p->ct); }

static void fill_w(double *b)
{
    MPI_Offset e = 0;
    for (int k = 0; k < NLEV; k++)
        for (MPI_Offset i = 0; i < nmine; i++)
            for (MPI_Offset j = 0; j < cl[i]; j++) b[e++] = wval(k, c0[i] + j);
}

static void fill_v(int *b, MPI_Offset r)
{
    MPI_Offset e = 0;
    for (MPI_Offset i = 0; i < nmine; i++)
        for (MPI_Offset j = 0; j < cl[i]; j++) b[e++] = vval(r, c0[i] + j);
}

static long check_w(const double *b)
{
    long bad = 0;
    MPI_Offset e = 0;
    for (int k = 0; k < NLEV; k++)
        for (MPI_Offset i = 0; i < nmine; i++)
            for (MPI_Offset j = 0; j < cl[i]; j++) bad += b[e++] != wval(k, c0[i] + j);
    return bad;
}

static long check_v(const int *b, MPI_Offset r)
{
    long bad = 0;
    MPI_Offset e = 0;
    for (MPI_Offset i = 0; i < nmine; i++)
        for (MPI_Offset j = 0; j < cl[i]; j++) bad += b[e++] != vval(r, c0[i] + j);
    return bad;
}

static void expect(long bad, const char *what)
{
    long all;
    MPI_Allreduce(&bad, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (all) failures++;
    if (rank == 0) printf("%s: %s (%ld wrong)\n", what, all ? "FAILED" : "ok", all);
}

/* This process's pieces of a (lev, ncol) double variable as a file type
 * (bytes from the variable's begin). */
static MPI_Datatype pieces_type(void)
{
    int n = (int)(nmine * NLEV), *len = malloc(sizeof(int) * (n + 1));
    MPI_Aint *disp = malloc(sizeof(MPI_Aint) * (n + 1));
    MPI_Datatype t;
    for (int k = 0, j = 0; k < NLEV; k++)
        for (MPI_Offset i = 0; i < nmine; i++, j++) {
            len[j] = (int)cl[i];
            disp[j] = (MPI_Aint)((k * ncol + c0[i]) * sizeof(double));
        }
    MPI_Type_create_hindexed(n, len, disp, MPI_DOUBLE, &t);
    MPI_Type_commit(&t);
    free(len);
    free(disp);
    return t;
}

static int write_file(const char *path, MPI_Info info, int window, double *wb, int *vb[NREC])
{
    int ncid, dt, dc, dl, vw, vv, req[2], st[2];
    CHECK(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, info, &ncid), "create");
    if (failures) return 1;
    ncmpi_def_dim(ncid, "time", NC_UNLIMITED, &dt);
    ncmpi_def_dim(ncid, "lev", NLEV, &dl);
    ncmpi_def_dim(ncid, "ncol", ncol, &dc);
    int dw[2] = {dl, dc}, dv[2] = {dt, dc};
    CHECK(ncmpi_def_var(ncid, "w", NC_DOUBLE, 2, dw, &vw), "def_var w");
    CHECK(ncmpi_def_var(ncid, "v", NC_INT, 2, dv, &vv), "def_var v");
    int vd;
    CHECK(ncmpi_def_var(ncid, "wd", NC_DOUBLE, 2, dw, &vd), "def_var wd");
    CHECK(ncmpi_enddef(ncid), "enddef");
    pieces pw, pv[NREC];
    make_pieces(&pw, 1, 0);
    for (int r = 0; r < NREC; r++) make_pieces(&pv[r], 0, r);
    CHECK(ncmpi_put_varn_double_all(ncid, vw, pw.n, pw.st, pw.ct, wb), "put_varn_all w");
    CHECK(ncmpi_put_varn_int_all(ncid, vv, pv[0].n, pv[0].st, pv[0].ct, vb[0]), "put_varn_all v");
    /* the same pieces of wd by put_vard_all: an hindexed file type */
    MPI_Datatype ft = pieces_type();
    if (VARD_DEPRECATED) {
        int e = ncmpi_put_vard_all(ncid, vd, ft, wb, mycols * NLEV, MPI_DOUBLE);
        expect(e != NC_ENOTSUPPORT, "put_vard_all wd refused with NC_ENOTSUPPORT (PnetCDF 1.15 deprecates vard)");
        CHECK(ncmpi_put_varn_double_all(ncid, vd, pw.n, pw.st, pw.ct, wb), "put_varn_all wd");
    } else
        CHECK(ncmpi_put_vard_all(ncid, vd, ft, wb, mycols * NLEV, MPI_DOUBLE), "put_vard_all wd");
    MPI_Type_free(&ft);
    CHECK(ncmpi_iput_varn_int(ncid, vv, pv[1].n, pv[1].st, pv[1].ct, vb[1], &req[0]), "iput_varn v 1");
    CHECK(ncmpi_iput_varn_int(ncid, vv, pv[2].n, pv[2].st, pv[2].ct, vb[2], &req[1]), "iput_varn v 2");
    CHECK(ncmpi_wait_all(ncid, 2, req, st), "wait_all");
    CHECK(st[0], "iput 1 status");
    CHECK(st[1], "iput 2 status");
    ncsf_engine_counts ec;
    CHECK(ncsf_inq_engine_counts(ncid, &ec), "inq_engine_counts");
    long long peak = ec.peak_requests, allpeak, msgs = ec.runs_msgs, allmsgs;
    MPI_Allreduce(&peak, &allpeak, 1, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&msgs, &allmsgs, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    int ok = allpeak <= window && (nprocs == 1 || allmsgs > 0);
    if (!ok) failures++;
    if (rank == 0)
        printf("window: at most %lld requests outstanding (window %d), %lld messages: %s\n", allpeak, window,
               allmsgs, ok ? "ok" : "FAILED");
    CHECK(ncmpi_close(ncid), "close");
    free_pieces(&pw);
    for (int r = 0; r < NREC; r++) free_pieces(&pv[r]);
    return 0;
}

static void read_file(const char *path, double *wb, int *vb[NREC])
{
    int ncid, vw, vv, req[NREC], st[NREC];
    CHECK(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid), "open");
    if (failures) return;
    ncmpi_inq_varid(ncid, "w", &vw);
    ncmpi_inq_varid(ncid, "v", &vv);
    pieces pw, pv[NREC];
    make_pieces(&pw, 1, 0);
    for (int r = 0; r < NREC; r++) make_pieces(&pv[r], 0, r);
    /* collective, twice: the second reuses the plan, on every rank */
    ncsf_engine_counts before, after;
    for (int pass = 0; pass < 2; pass++) {
        memset(wb, 0, sizeof(double) * mycols * NLEV);
        CHECK(ncsf_inq_engine_counts(ncid, &before), "inq_engine_counts");
        CHECK(ncmpi_get_varn_double_all(ncid, vw, pw.n, pw.st, pw.ct, wb), "get_varn_all w");
        CHECK(ncsf_inq_engine_counts(ncid, &after), "inq_engine_counts");
        expect(check_w(wb), pass ? "get_varn_all w (plan reused)" : "get_varn_all w");
        int reused = after.plan_hits == before.plan_hits + 1 && after.plan_builds == before.plan_builds;
        expect(pass == 1 && !reused, "the repeated get_varn_all built no plan");
    }
    for (int r = 0; r < NREC; r++) {
        memset(vb[r], 0, sizeof(int) * (mycols ? mycols : 1));
        CHECK(ncmpi_iget_varn_int(ncid, vv, pv[r].n, pv[r].st, pv[r].ct, vb[r], &req[r]), "iget_varn v");
    }
    CHECK(ncmpi_wait_all(ncid, NREC, req, st), "wait_all (gets)");
    long bad = 0;
    for (int r = 0; r < NREC; r++) bad += check_v(vb[r], r) + (st[r] != NC_NOERR);
    expect(bad, "iget_varn + wait_all v, three records");
    /* vard: the pieces of wd, then all of w by rank 0 (a subarray) */
    int vd;
    ncmpi_inq_varid(ncid, "wd", &vd);
    MPI_Datatype ft = pieces_type(), sub;
    memset(wb, 0, sizeof(double) * mycols * NLEV);
    if (VARD_DEPRECATED) {
        int e = ncmpi_get_vard_all(ncid, vd, ft, wb, mycols * NLEV, MPI_DOUBLE);
        expect(e != NC_ENOTSUPPORT, "get_vard_all wd refused with NC_ENOTSUPPORT (PnetCDF 1.15 deprecates vard)");
        CHECK(ncmpi_get_varn_double_all(ncid, vd, pw.n, pw.st, pw.ct, wb), "get_varn_all wd");
        expect(check_w(wb), "put_varn_all and get_varn_all wd");
    } else {
        CHECK(ncmpi_get_vard_all(ncid, vd, ft, wb, mycols * NLEV, MPI_DOUBLE), "get_vard_all wd");
        expect(check_w(wb), "put_vard_all and get_vard_all wd (hindexed file type)");
    }
    MPI_Type_free(&ft);
    int gs[2] = {NLEV, (int)ncol}, ss[2] = {NLEV, (int)ncol}, s0[2] = {0, 0};
    MPI_Type_create_subarray(2, gs, ss, s0, MPI_ORDER_C, MPI_DOUBLE, &sub);
    MPI_Type_commit(&sub);
    double *whole = malloc(sizeof(double) * (rank ? 1 : NLEV * ncol));
    int e = ncmpi_get_vard_all(ncid, vw, rank ? MPI_DATATYPE_NULL : sub, whole, rank ? 0 : NLEV * ncol, MPI_DOUBLE);
    if (VARD_DEPRECATED)
        expect(e != NC_ENOTSUPPORT, "get_vard_all w refused with NC_ENOTSUPPORT (PnetCDF 1.15 deprecates vard)");
    else {
        CHECK(e, "get_vard_all w (subarray)");
        long badw = 0;
        for (MPI_Offset i = 0; rank == 0 && i < NLEV * ncol; i++) badw += whole[i] != wval(i / ncol, i % ncol);
        expect(badw, "get_vard_all w whole by rank 0 (subarray file type)");
    }
    free(whole);
    MPI_Type_free(&sub);
    /* independent */
    CHECK(ncmpi_begin_indep_data(ncid), "begin_indep_data");
    memset(wb, 0, sizeof(double) * mycols * NLEV);
    CHECK(ncmpi_get_varn_double(ncid, vw, pw.n, pw.st, pw.ct, wb), "get_varn w");
    expect(check_w(wb), "independent get_varn w");
    CHECK(ncmpi_end_indep_data(ncid), "end_indep_data");
    /* whole, by rank 0, through the rectangular path */
    MPI_Offset s[2] = {0, 0}, c[2] = {rank ? 0 : NLEV, rank ? 0 : ncol};
    double *all = malloc(sizeof(double) * (rank ? 1 : NLEV * ncol));
    int *allv = malloc(sizeof(int) * (rank ? 1 : NREC * ncol));
    CHECK(ncmpi_get_vara_double_all(ncid, vw, s, c, all), "get_vara_all w");
    c[0] = rank ? 0 : NREC;
    CHECK(ncmpi_get_vara_int_all(ncid, vv, s, c, allv), "get_vara_all v");
    bad = 0;
    for (MPI_Offset i = 0; rank == 0 && i < NLEV * ncol; i++) bad += all[i] != wval(i / ncol, i % ncol);
    for (MPI_Offset i = 0; rank == 0 && i < NREC * ncol; i++) bad += allv[i] != vval(i / ncol, i % ncol);
    expect(bad, "every value of w and v, whole, by get_vara_all");
    MPI_Offset nrec = 0;
    int dt;
    ncmpi_inq_unlimdim(ncid, &dt);
    ncmpi_inq_dimlen(ncid, dt, &nrec);
    expect(nrec != NREC, "record count");
    free(all);
    free(allv);
    CHECK(ncmpi_close(ncid), "close");
    free_pieces(&pw);
    for (int r = 0; r < NREC; r++) free_pieces(&pv[r]);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (argc < 4) {
        if (rank == 0) fprintf(stderr, "usage: t_varn DIR NFILES WINDOW [CHUNKS]\n");
        MPI_Finalize();
        return 2;
    }
    int window = atoi(argv[3]);
    decompose(argc > 4 ? atoll(argv[4]) : 13000);
    char path[4096];
    snprintf(path, sizeof path, "%s/varn.nc", argv[1]);
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", argv[2]);
    MPI_Info_set(info, "subfiling_dims", "ncol");
    MPI_Info_set(info, "subfiling_window", argv[3]);
    double *wb = malloc(sizeof(double) * (mycols * NLEV + 1));
    int *vb[NREC];
    fill_w(wb);
    for (int r = 0; r < NREC; r++) {
        vb[r] = malloc(sizeof(int) * (mycols + 1));
        fill_v(vb[r], r);
    }
    long maxp = (long)nmine * NLEV, minp;
    MPI_Allreduce(&maxp, &minp, 1, MPI_LONG, MPI_MIN, MPI_COMM_WORLD);
    if (rank == 0) printf("t_varn: %d processes, %s subfiles, at least %ld pieces per process\n", nprocs, argv[2], minp);
    write_file(path, info, window, wb, vb);
    read_file(path, wb, vb);
    MPI_Info_free(&info);
    free(wb);
    for (int r = 0; r < NREC; r++) free(vb[r]);
    free(c0);
    free(cl);
    int all;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return all ? 1 : 0;
}
