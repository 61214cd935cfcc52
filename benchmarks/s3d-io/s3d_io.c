/*
 * s3d_io: the S3D-IO checkpoint kernel, in C, on ncsf.
 *
 *   s3d_io [-m MODE] [-N nfiles] [-d dims] [-H key=value]... [-c checkpoints]
 *          [-w] [-r] [-q] nx_g ny_g nz_g npx npy npz method restart dir
 *
 * Four double arrays per checkpoint: yspecies[11][z][y][x], u[3][z][y][x],
 * pressure[z][y][x], temp[z][y][x], block-block-block decomposed (x
 * fastest). method 0 writes with put_vara_all, 1 with iput + wait_all.
 * Every checkpoint is read back through the library and every value
 * checked; restart 1 also reports the read phase. -w only writes (and keeps
 * the files), -r only reads files a -w run left (with any process count),
 * -k keeps the files.
 *
 * In the subfiling mode the variables are split along z,y,x by default
 * (subfiling_dims=z,y,x): with N equal to the number of processes and
 * npx*npy*npz factored the same way, every process owns one subfile.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../common/bench.h"

#define NSC 11

typedef struct {
    MPI_Offset g[3], l[3], off[3]; /* global, local and offset: x, y, z */
} decomp;

static double value(int var, int ck, MPI_Offset lin)
{
    return (double)((ck * 4 + var) % 1000) * 1.0e8 + (double)lin;
}

/* Fill (or check) a [nc][z][y][x] local block; returns wrong values. */
static long fill(double *b, int nc, int var, int ck, const decomp *d, int check)
{
    long bad = 0;
    MPI_Offset i = 0;
    for (int c = 0; c < nc; c++)
        for (MPI_Offset k = 0; k < d->l[2]; k++)
            for (MPI_Offset j = 0; j < d->l[1]; j++)
                for (MPI_Offset x = 0; x < d->l[0]; x++, i++) {
                    MPI_Offset lin = ((c * d->g[2] + d->off[2] + k) * d->g[1] + d->off[1] + j) * d->g[0] + d->off[0] + x;
                    double v = value(var, ck, lin);
                    if (!check) b[i] = v;
                    else if (b[i] != v) bad++;
                }
    return bad;
}

static const char *names[4] = {"yspecies", "u", "pressure", "temp"};
static const int ncomp[4] = {NSC, 3, 1, 1};

typedef struct {
    bench_cfg cfg;
    decomp d;
    int method, ncheck, write_only, read_only, keep, restart;
    const char *dir;
    double *buf[4];
} s3d;

static void ck_path(const s3d *s, int ck, char *p, int n)
{
    snprintf(p, n, "%s/pressure_wave_test.%.3E.field.nc", s->dir, ck * 1.0e-6);
}

/* start/count of this process's block of variable v (fpp: its own file) */
static void box(const s3d *s, int v, MPI_Offset *st, MPI_Offset *ct, int *nd)
{
    int fpp = s->cfg.mode == MODE_FPP, i = 0;
    if (ncomp[v] > 1) { st[i] = 0; ct[i] = ncomp[v]; i++; }
    st[i] = fpp ? 0 : s->d.off[2]; ct[i++] = s->d.l[2];
    st[i] = fpp ? 0 : s->d.off[1]; ct[i++] = s->d.l[1];
    st[i] = fpp ? 0 : s->d.off[0]; ct[i++] = s->d.l[0];
    *nd = i;
}

static int write_checkpoint(s3d *s, int ck, bench_times *t, int *ncalls)
{
    char path[4096];
    int ncid, err, dim[5], varid[4], req[4], st4[4];
    double t0 = MPI_Wtime();
    ck_path(s, ck, path, sizeof path);
    err = bench_create(&s->cfg, path, NC_CLOBBER | NC_64BIT_DATA, &ncid);
    double t1 = MPI_Wtime();
    if (err) return err;
    int fpp = s->cfg.mode == MODE_FPP;
    double tm = ck * 1.0e-6, tsave = 1.0e5;
    ncmpi_put_att_double(ncid, NC_GLOBAL, "time", NC_DOUBLE, 1, &tm);
    ncmpi_put_att_double(ncid, NC_GLOBAL, "tstep", NC_DOUBLE, 1, &tm);
    ncmpi_put_att_double(ncid, NC_GLOBAL, "time_save", NC_DOUBLE, 1, &tsave);
    ncmpi_def_dim(ncid, "x", fpp ? s->d.l[0] : s->d.g[0], &dim[0]);
    ncmpi_def_dim(ncid, "y", fpp ? s->d.l[1] : s->d.g[1], &dim[1]);
    ncmpi_def_dim(ncid, "z", fpp ? s->d.l[2] : s->d.g[2], &dim[2]);
    ncmpi_def_dim(ncid, "nsc", NSC, &dim[3]);
    ncmpi_def_dim(ncid, "three", 3, &dim[4]);
    MPI_Info info = bench_var_info(&s->cfg);
    for (int v = 0; v < 4; v++) {
        int ids[4], n = 0;
        if (v == 0) ids[n++] = dim[3];
        if (v == 1) ids[n++] = dim[4];
        ids[n++] = dim[2];
        ids[n++] = dim[1];
        ids[n++] = dim[0];
        err = ncmpi_def_var(ncid, names[v], NC_DOUBLE, n, ids, &varid[v], info);
        if (err) { fprintf(stderr, "def_var %s: %s\n", names[v], ncmpi_strerror(err)); break; }
    }
    if (info != MPI_INFO_NULL) MPI_Info_free(&info);
    if (!err) err = ncmpi_enddef(ncid);
    for (int v = 0; !err && v < 4; v++) {
        MPI_Offset st[4], ct[4];
        int nd;
        box(s, v, st, ct, &nd);
        err = s->method == 0 ? ncmpi_put_vara_double_all(ncid, varid[v], st, ct, s->buf[v])
                             : ncmpi_iput_vara_double(ncid, varid[v], st, ct, s->buf[v], &req[v]);
        (*ncalls)++;
    }
    if (!err && s->method == 1) err = ncmpi_wait_all(ncid, 4, req, st4);
    int e = bench_close_timed(ncid, t0, t1, t);
    if (err) fprintf(stderr, "[%d] checkpoint %d: %s\n", s->cfg.rank, ck, ncmpi_strerror(err));
    return err ? err : e;
}

static int read_checkpoint(s3d *s, int ck, bench_times *t, long *bad)
{
    char path[4096];
    int ncid, err, varid;
    double t0 = MPI_Wtime();
    ck_path(s, ck, path, sizeof path);
    err = bench_open(&s->cfg, path, &ncid);
    double t1 = MPI_Wtime();
    if (err) return err;
    for (int v = 0; !err && v < 4; v++) {
        MPI_Offset st[4], ct[4];
        int nd;
        box(s, v, st, ct, &nd);
        err = ncmpi_inq_varid(ncid, names[v], &varid);
        if (!err) err = ncmpi_get_vara_double_all(ncid, varid, st, ct, s->buf[v]);
    }
    int e = bench_close_timed(ncid, t0, t1, t);
    for (int v = 0; !err && v < 4; v++) *bad += fill(s->buf[v], ncomp[v], v, ck, &s->d, 1);
    return err ? err : e;
}

/* PnetCDF's own subfiling cannot be read back through its API (it returns
 * wrong values), so rank 0 reads its subfiles directly and checks all. */
static long check_pnetcdf_subfiles(s3d *s, int ck, int *err_out)
{
    long bad = 0;
    char path[4096];
    if (s->cfg.rank != 0) return 0;
    ck_path(s, ck, path, sizeof path);
    decomp whole = s->d;
    for (int i = 0; i < 3; i++) { whole.l[i] = whole.g[i]; whole.off[i] = 0; }
    for (int v = 0; v < 4; v++) {
        MPI_Offset total = ncomp[v] * whole.g[0] * whole.g[1] * whole.g[2];
        double *all = malloc(sizeof(double) * total);
        char *seen = malloc(total);
        int err = bench_read_pnc_subfiled(path, names[v], s->cfg.nfiles, all, seen, total);
        if (err) *err_out = err;
        long missing = 0, wrong;
        for (MPI_Offset i = 0; i < total; i++) if (!seen[i]) missing++;
        wrong = fill(all, ncomp[v], v, ck, &whole, 1);
        if ((missing || wrong) && !s->cfg.quiet)
            printf("  pnetcdf-subfiling checkpoint %d %s: %ld values in no subfile, %ld wrong\n",
                   ck, names[v], missing, wrong);
        bad += wrong > missing ? wrong : missing;
        free(all);
        free(seen);
    }
    return bad;
}

int main(int argc, char **argv)
{
    s3d s;
    memset(&s, 0, sizeof s);
    MPI_Init(&argc, &argv);
    bench_init(&s.cfg);
    s.ncheck = 5;
    int i = 1;
    while (i > 0 && i < argc && argv[i][0] == '-') {
        int n = bench_option(argc, argv, i, &s.cfg);
        if (n > 0) i += n;
        else if (n < 0) i = -1;
        else if (!strcmp(argv[i], "-c") && i + 1 < argc) { s.ncheck = atoi(argv[i + 1]); i += 2; }
        else if (!strcmp(argv[i], "-w")) { s.write_only = 1; i++; }
        else if (!strcmp(argv[i], "-r")) { s.read_only = 1; i++; }
        else if (!strcmp(argv[i], "-k")) { s.keep = 1; i++; }
        else i = -1;
    }
    bench_finish_options(&s.cfg);
    if (i < 0 || argc - i != 9) {
        if (s.cfg.rank == 0)
            fprintf(stderr, "usage: s3d_io [-m shared|subfiling|pnetcdf-subfiling|fpp] [-N nfiles] [-d dims]\n"
                            "              [-H key=value]... [-c checkpoints] [-w|-r] [-k] [-q]\n"
                            "              nx_g ny_g nz_g npx npy npz method restart dir\n");
        MPI_Finalize();
        return 2;
    }
    s.d.g[0] = atoll(argv[i]); s.d.g[1] = atoll(argv[i + 1]); s.d.g[2] = atoll(argv[i + 2]);
    int np[3] = {atoi(argv[i + 3]), atoi(argv[i + 4]), atoi(argv[i + 5])};
    s.method = atoi(argv[i + 6]);
    s.restart = atoi(argv[i + 7]);
    s.dir = argv[i + 8];
    if (!s.cfg.dims && s.cfg.mode == MODE_SUBFILING) s.cfg.dims = "z,y,x";
    if (np[0] * np[1] * np[2] != s.cfg.nprocs || s.d.g[0] % np[0] || s.d.g[1] % np[1] || s.d.g[2] % np[2]) {
        if (s.cfg.rank == 0) fprintf(stderr, "s3d_io: npx*npy*npz must be the process count and divide the sizes\n");
        MPI_Finalize();
        return 2;
    }
    int r = s.cfg.rank, pz = r / (np[0] * np[1]), px = (r - pz * np[0] * np[1]) % np[0],
        py = (r - pz * np[0] * np[1]) / np[0];
    int p[3] = {px, py, pz};
    for (int k = 0; k < 3; k++) {
        s.d.l[k] = s.d.g[k] / np[k];
        s.d.off[k] = p[k] * s.d.l[k];
    }
    MPI_Offset pts = s.d.l[0] * s.d.l[1] * s.d.l[2];
    for (int v = 0; v < 4; v++) s.buf[v] = malloc(sizeof(double) * ncomp[v] * pts);
    double bytes = 128.0 * pts * s.cfg.nprocs * s.ncheck;
    long bad = 0;
    int err = 0, ncalls = 0, files = 0;

    if (!s.read_only) {
        bench_times t = {0, 0, 0};
        for (int ck = 0; ck < s.ncheck && !err; ck++) {
            for (int v = 0; v < 4; v++) fill(s.buf[v], ncomp[v], v, ck, &s.d, 0);
            MPI_Barrier(MPI_COMM_WORLD);
            err = write_checkpoint(&s, ck, &t, &ncalls);
        }
        err = bench_agree(err);
        bench_reduce(&s.cfg, &t);
        char path[4096];
        ck_path(&s, 0, path, sizeof path);
        files = bench_files_created(&s.cfg, path);
        if (!err) bench_report(&s.cfg, "s3d-io", "write", files, bytes, &t, ncalls, s.cfg.nprocs);
    }
    if (!err && !s.write_only) {
        bench_times t = {0, 0, 0};
        for (int ck = 0; ck < s.ncheck && !err; ck++) {
            MPI_Barrier(MPI_COMM_WORLD);
            if (s.cfg.mode == MODE_PNC_SUBFILING) bad += check_pnetcdf_subfiles(&s, ck, &err);
            else err = read_checkpoint(&s, ck, &t, &bad);
        }
        err = bench_agree(err);
        bench_reduce(&s.cfg, &t);
        if (!err && (s.restart || s.read_only) && s.cfg.mode != MODE_PNC_SUBFILING)
            bench_report(&s.cfg, "s3d-io", "read", files, bytes, &t, 4 * s.ncheck, s.cfg.nprocs);
        long total;
        MPI_Allreduce(&bad, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        if (s.cfg.rank == 0)
            printf("VERIFY s3d-io %s %d processes: %s (%.0f values, %ld wrong%s)\n",
                   bench_mode_name(s.cfg.mode), s.cfg.nprocs, err || total ? "FAILED" : "ok",
                   bytes / 8, total,
                   s.cfg.mode == MODE_PNC_SUBFILING ? "; read from the subfiles directly" : "");
        if (total) err = NC_EREAD;
    }
    if (!s.write_only && !s.keep) {
        char path[4096];
        for (int ck = 0; ck < s.ncheck; ck++) { ck_path(&s, ck, path, sizeof path); bench_remove(&s.cfg, path); }
    }
    for (int v = 0; v < 4; v++) free(s.buf[v]);
    MPI_Finalize();
    return err ? 1 : 0;
}
