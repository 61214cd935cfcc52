/*
 * flash_io: the FLASH-IO kernel (checkpoint, centred and corner plot
 * files), in C, on ncsf.
 *
 *   flash_io [-m MODE] [-N nfiles] [-d dims] [-H key=value]... [-b] [-i]
 *            [-n nxb] [-B base_blocks] [-q] [-f prefix]
 *
 * Each process holds 80 + rank%3 blocks (-B changes the 80) of nxb^3 cells
 * (default 16) with 4 guard cells on every side, 24 unknowns per cell.
 * Non-blocking by default (iput + wait_all; the plot files with bput),
 * -b blocking (put_vara_all), -i independent. After writing, every file is
 * read back through the library and every value checked.
 *
 * In the subfiling mode the 24 (checkpoint) and 4 (plot) unknowns are
 * split along dim_tot_blocks, the default partition; each process's blocks
 * are one contiguous run of it. The small arrays stay in the base file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../common/bench.h"

#define NVAR 24
#define NG 4
#define NPLOT 4

static const char *unk_names[NVAR] = {"dens", "velx", "vely", "velz", "pres", "ener", "temp", "gamc",
                                      "game", "enuc", "gpot", "f1__", "f2__", "f3__", "f4__", "f5__",
                                      "f6__", "f7__", "f8__", "f9__", "f10_", "f11_", "f12_", "f13_"};
static const int plot_vars[NPLOT] = {0, 6, 4, 11}; /* dens temp pres f1__ */

typedef struct {
    bench_cfg cfg;
    int nxb, lnb, tot, off, blocking, indep;
    const char *prefix;
    int nx;         /* nxb + 2*NG */
    double *unk;    /* [lnb][nx][nx][nx][NVAR] */
    double bytes[3];
    bench_times t[3];
} flash;

/* Value of cell (k,j,i) (guard coordinates, 0..nx-1) of global block gb. */
static double cell(const flash *f, int var, long gb, int k, int j, int i)
{
    long lin = ((gb * f->nx + k) * f->nx + j) * f->nx + i;
    return (double)(var + 1) * 1.0e8 + (double)lin;
}

static double *unk_at(const flash *f, int b, int k, int j, int i)
{
    return f->unk + ((((size_t)b * f->nx + k) * f->nx + j) * f->nx + i) * NVAR;
}

/* Interior of one unknown, contiguous [block][z][y][x]. */
static void pack(const flash *f, int var, double *out)
{
    size_t n = 0;
    for (int b = 0; b < f->lnb; b++)
        for (int k = NG; k < NG + f->nxb; k++)
            for (int j = NG; j < NG + f->nxb; j++)
                for (int i = NG; i < NG + f->nxb; i++) out[n++] = unk_at(f, b, k, j, i)[var];
}

/* Corner values: mean of the 8 cells around each corner. */
static double corner(const flash *f, int var, long gb, int k, int j, int i)
{
    double s = 0;
    for (int a = 0; a < 2; a++)
        for (int c = 0; c < 2; c++)
            for (int e = 0; e < 2; e++) s += cell(f, var, gb, NG + k - a, NG + j - c, NG + i - e);
    return s / 8;
}

enum { CHK, PLT_CNT, PLT_CRN };
static const char *kinds[3] = {"chk", "plt_cnt", "plt_crn"};

static void file_path(const flash *f, int which, char *p, int n)
{
    snprintf(p, n, "%sncmpi_%s_0000.nc", f->prefix, kinds[which]);
}

/* start of this process's blocks: in its own file (fpp) they start at 0 */
static MPI_Offset first_block(const flash *f) { return f->cfg.mode == MODE_FPP ? 0 : f->off; }
static MPI_Offset total_blocks(const flash *f) { return f->cfg.mode == MODE_FPP ? f->lnb : f->tot; }

static int put(const flash *f, int ncid, int varid, const MPI_Offset *st, const MPI_Offset *ct,
               const void *buf, MPI_Offset n, MPI_Datatype t, int *req, int bput)
{
    if (f->blocking) return ncmpi_put_vara_all(ncid, varid, st, ct, buf, n, t);
    if (f->indep) return ncmpi_put_vara(ncid, varid, st, ct, buf, n, t);
    if (bput) return ncmpi_bput_vara(ncid, varid, st, ct, buf, n, t, req);
    return ncmpi_iput_vara(ncid, varid, st, ct, buf, n, t, req);
}

/* Small per-block arrays, each a function of the global block id. */
static void small_values(const flash *f, int *lref, int *ntype, int *gid, double *coord,
                         double *bsize, double *bbox)
{
    for (int b = 0; b < f->lnb; b++) {
        long gb = f->off + b;
        lref[b] = 1 + (int)(gb % 4);
        ntype[b] = 1;
        for (int j = 0; j < 15; j++) gid[b * 15 + j] = (int)(gb * 15 + j) - 1;
        for (int j = 0; j < 3; j++) {
            coord[b * 3 + j] = 0.25 * (double)gb + j;
            bsize[b * 3 + j] = 0.5;
            for (int c = 0; c < 2; c++) bbox[(b * 3 + j) * 2 + c] = (double)gb + j + 0.5 * c;
        }
    }
}

static int write_file(flash *f, int which)
{
    char path[4096];
    int ncid, err, dims[8], vid[6], uid[NVAR], req[6 + NVAR], nreq = 0;
    int nb = f->nxb + (which == PLT_CRN), plot = which != CHK, nu = plot ? NPLOT : NVAR;
    MPI_Offset T = total_blocks(f), b0 = first_block(f), L = f->lnb;
    file_path(f, which, path, sizeof path);
    double t0 = MPI_Wtime();
    if ((err = bench_create(&f->cfg, path, NC_CLOBBER | NC_64BIT_DATA, &ncid))) return err;
    ncmpi_def_dim(ncid, "dim_tot_blocks", T, &dims[0]);
    ncmpi_def_dim(ncid, "dim_nxb", nb, &dims[1]);
    ncmpi_def_dim(ncid, "dim_nyb", nb, &dims[2]);
    ncmpi_def_dim(ncid, "dim_nzb", nb, &dims[3]);
    ncmpi_def_dim(ncid, "dim_NGID", 15, &dims[4]);
    ncmpi_def_dim(ncid, "dim_NDIM", 3, &dims[5]);
    ncmpi_def_dim(ncid, "dim_2", 2, &dims[6]);
    int itot = (int)f->tot, zero = 0, nxb = f->nxb;
    double tm = 0;
    ncmpi_put_att_text(ncid, NC_GLOBAL, "file_creation_time", 24, "Sat Nov 21 00:00:00 2026");
    ncmpi_put_att_text(ncid, NC_GLOBAL, "flash_version", 14, "FLASH 2.0 ncsf");
    ncmpi_put_att_int(ncid, NC_GLOBAL, "total_blocks", NC_INT, 1, &itot);
    ncmpi_put_att_int(ncid, NC_GLOBAL, "nsteps", NC_INT, 1, &zero);
    ncmpi_put_att_int(ncid, NC_GLOBAL, "nxb", NC_INT, 1, &nxb);
    ncmpi_put_att_int(ncid, NC_GLOBAL, "nyb", NC_INT, 1, &nxb);
    ncmpi_put_att_int(ncid, NC_GLOBAL, "nzb", NC_INT, 1, &nxb);
    ncmpi_put_att_double(ncid, NC_GLOBAL, "time", NC_DOUBLE, 1, &tm);
    nc_type real = plot ? NC_FLOAT : NC_DOUBLE;
    int d2[3] = {dims[0], dims[4]}, d3[3] = {dims[0], dims[5]}, db[3] = {dims[0], dims[5], dims[6]};
    ncmpi_def_var(ncid, "lrefine", NC_INT, 1, dims, &vid[0]);
    ncmpi_def_var(ncid, "nodetype", NC_INT, 1, dims, &vid[1]);
    ncmpi_def_var(ncid, "gid", NC_INT, 2, d2, &vid[2]);
    ncmpi_def_var(ncid, "coordinates", real, 2, d3, &vid[3]);
    ncmpi_def_var(ncid, "blocksize", real, 2, d3, &vid[4]);
    ncmpi_def_var(ncid, "bndbox", real, 3, db, &vid[5]);
    int ud[4] = {dims[0], dims[3], dims[2], dims[1]};
    MPI_Info info = bench_var_info(&f->cfg);
    for (int u = 0; u < nu && !err; u++)
        err = ncmpi_def_var(ncid, unk_names[plot ? plot_vars[u] : u], real, 4, ud, &uid[u], info);
    if (info != MPI_INFO_NULL) MPI_Info_free(&info);
    if (!err) err = ncmpi_enddef(ncid);
    if (f->indep && !err) err = ncmpi_begin_indep_data(ncid);

    /* the small arrays */
    int *lref = malloc(sizeof(int) * L), *ntype = malloc(sizeof(int) * L), *gid = malloc(sizeof(int) * L * 15);
    double *coord = malloc(sizeof(double) * L * 3), *bsize = malloc(sizeof(double) * L * 3),
           *bbox = malloc(sizeof(double) * L * 6);
    small_values(f, lref, ntype, gid, coord, bsize, bbox);
    MPI_Datatype rt = MPI_DOUBLE;
    if (plot) {
        /* float copies for the plot files */
        float *c = malloc(sizeof(float) * L * 12);
        for (MPI_Offset i = 0; i < L * 3; i++) { c[i] = (float)coord[i]; c[L * 3 + i] = (float)bsize[i]; }
        for (MPI_Offset i = 0; i < L * 6; i++) c[L * 6 + i] = (float)bbox[i];
        memcpy(coord, c, sizeof(float) * L * 3);
        memcpy(bsize, c + L * 3, sizeof(float) * L * 3);
        memcpy(bbox, c + L * 6, sizeof(float) * L * 6);
        free(c);
        rt = MPI_FLOAT;
    }
    MPI_Offset st[4] = {b0, 0, 0, 0}, c1[1] = {L}, c2[2] = {L, 15}, c3[2] = {L, 3}, cb[3] = {L, 3, 2};
    int bput = plot;
    if (bput && !f->blocking && !f->indep) {
        MPI_Offset need = L * (8 + 60 + 3 * 8 * 3) + (MPI_Offset)nu * L * nb * nb * nb * 4 + 4096;
        ncmpi_buffer_attach(ncid, need);
    }
    if (!err) err = put(f, ncid, vid[0], st, c1, lref, L, MPI_INT, &req[nreq++], bput);
    if (!err) err = put(f, ncid, vid[1], st, c1, ntype, L, MPI_INT, &req[nreq++], bput);
    if (!err) err = put(f, ncid, vid[2], st, c2, gid, L * 15, MPI_INT, &req[nreq++], bput);
    if (!err) err = put(f, ncid, vid[3], st, c3, coord, L * 3, rt, &req[nreq++], bput);
    if (!err) err = put(f, ncid, vid[4], st, c3, bsize, L * 3, rt, &req[nreq++], bput);
    if (!err) err = put(f, ncid, vid[5], st, cb, bbox, L * 6, rt, &req[nreq++], bput);
    double t1 = MPI_Wtime();

    /* the unknowns: packed interior cells (or corners), posted, waited */
    MPI_Offset cells = L * nb * nb * nb, ct[4] = {L, nb, nb, nb};
    void **bufs = calloc(nu, sizeof(void *));
    for (int u = 0; u < nu && !err; u++) {
        int var = plot ? plot_vars[u] : u;
        if (!plot) {
            bufs[u] = malloc(sizeof(double) * cells);
            pack(f, var, bufs[u]);
            err = put(f, ncid, uid[u], st, ct, bufs[u], cells, MPI_DOUBLE, &req[nreq++], 0);
        } else {
            float *p = malloc(sizeof(float) * cells);
            size_t n = 0;
            for (int b = 0; b < f->lnb; b++)
                for (int k = 0; k < nb; k++)
                    for (int j = 0; j < nb; j++)
                        for (int i = 0; i < nb; i++)
                            p[n++] = which == PLT_CNT ? (float)unk_at(f, b, NG + k, NG + j, NG + i)[var]
                                                      : (float)corner(f, var, f->off + b, k, j, i);
            bufs[u] = p;
            err = put(f, ncid, uid[u], st, ct, p, cells, MPI_FLOAT, &req[nreq++], 1);
        }
    }
    if (!err && !f->blocking && !f->indep) {
        int *sts = malloc(sizeof(int) * nreq);
        err = ncmpi_wait_all(ncid, nreq, req, sts);
        for (int i = 0; i < nreq && !err; i++) err = sts[i];
        free(sts);
        if (bput) ncmpi_buffer_detach(ncid);
    }
    if (f->indep) ncmpi_end_indep_data(ncid);
    double t2 = MPI_Wtime();
    MPI_Offset amount = 0;
    ncmpi_inq_put_size(ncid, &amount);
    int e = ncmpi_close(ncid);
    double t3 = MPI_Wtime();
    double a = (double)amount, sum;
    MPI_Allreduce(&a, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    /* PnetCDF's own subfiling does not count what it writes to its
     * subfiles: there, the data's size (headers left out) */
    if (f->cfg.mode == MODE_PNC_SUBFILING) {
        int rs = plot ? 4 : 8;
        sum = (double)f->tot * (4 + 4 + 60 + rs * 12) + (double)nu * f->tot * nb * nb * nb * rs;
    }
    f->bytes[which] = sum;
    f->t[which].open = t1 - t0;
    f->t[which].io = t2 - t1;
    f->t[which].close = t3 - t2;
    for (int u = 0; u < nu; u++) free(bufs[u]);
    free(bufs);
    free(lref); free(ntype); free(gid); free(coord); free(bsize); free(bbox);
    if (err) fprintf(stderr, "[%d] %s: %s\n", f->cfg.rank, path, ncmpi_strerror(err));
    return err ? err : e;
}

/* Read everything of one file back and count wrong values; the time of
 * the reads themselves (open, the gets, close: not the checking) is
 * added to rt (a restart's read, with the writer's decomposition). */
static long verify_file(flash *f, int which, int *errp, bench_times *rt)
{
    char path[4096];
    int ncid, err, plot = which != CHK, nu = plot ? NPLOT : NVAR, nb = f->nxb + (which == PLT_CRN), vid;
    long bad = 0;
    MPI_Offset L = f->lnb, b0 = first_block(f), cells = L * nb * nb * nb;
    file_path(f, which, path, sizeof path);
    if (f->cfg.mode == MODE_PNC_SUBFILING) {
        /* rank 0 reads the subfiles directly and checks every block */
        if (f->cfg.rank == 0) {
            MPI_Offset total = (MPI_Offset)f->tot * nb * nb * nb;
            double *all = malloc(sizeof(double) * total);
            char *seen = malloc(total);
            for (int u = 0; u < nu; u++) {
                int var = plot ? plot_vars[u] : u;
                if ((err = bench_read_pnc_subfiled(path, unk_names[var], f->cfg.nfiles, all, seen, total))) *errp = err;
                for (MPI_Offset i = 0; i < total; i++) {
                    long gb = i / (nb * nb * nb);
                    int r = (int)(i % (nb * nb * nb)), k = r / (nb * nb), j = r / nb % nb, x = r % nb;
                    double want = which == CHK ? cell(f, var, gb, NG + k, NG + j, NG + x)
                                : which == PLT_CNT ? (float)cell(f, var, gb, NG + k, NG + j, NG + x)
                                                   : (float)corner(f, var, gb, k, j, x);
                    if (!seen[i] || (plot ? (float)all[i] != (float)want : all[i] != want)) bad++;
                }
            }
            free(all);
            free(seen);
        }
        return bad;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    if ((err = bench_open(&f->cfg, path, &ncid))) { *errp = err; return 0; }
    rt->open += MPI_Wtime() - t0;
    MPI_Offset st[4] = {b0, 0, 0, 0}, ct[4] = {L, nb, nb, nb};
    /* the values are read into an array that is there already, as a
     * restart reads into the simulation's (touched before the timers:
     * a fresh one's page faults fall on whichever mode's reads come
     * first to new heap pages, a few ms a file on some machines) */
    double *d = malloc(sizeof(double) * cells);
    if (d) memset(d, 0, sizeof(double) * cells);
    for (int u = 0; u < nu && !err; u++) {
        int var = plot ? plot_vars[u] : u;
        err = ncmpi_inq_varid(ncid, unk_names[var], &vid);
        /* the processes check at different speeds (untimed): a collective
         * get must not time the wait for the slowest one's check */
        MPI_Barrier(MPI_COMM_WORLD);
        t0 = MPI_Wtime();
        if (!err) err = ncmpi_get_vara_double_all(ncid, vid, st, ct, d);
        rt->io += MPI_Wtime() - t0;
        size_t n = 0;
        for (int b = 0; b < f->lnb && !err; b++)
            for (int k = 0; k < nb; k++)
                for (int j = 0; j < nb; j++)
                    for (int i = 0; i < nb; i++, n++) {
                        long gb = f->off + b;
                        double want = which == CHK ? cell(f, var, gb, NG + k, NG + j, NG + i)
                                    : which == PLT_CNT ? (float)cell(f, var, gb, NG + k, NG + j, NG + i)
                                                       : (float)corner(f, var, gb, k, j, i);
                        if (d[n] != want) bad++;
                    }
    }
    /* the small arrays */
    int *li = malloc(sizeof(int) * L * 15), *lw = malloc(sizeof(int) * L * 15);
    double *dd = malloc(sizeof(double) * L * 6), *dw = malloc(sizeof(double) * L * 18);
    int *lref = lw, *ntype = lw + L, *gid = malloc(sizeof(int) * L * 15);
    small_values(f, lref, ntype, gid, dw, dw + L * 3, dw + L * 6);
    static const char *ints[3] = {"lrefine", "nodetype", "gid"}, *reals[3] = {"coordinates", "blocksize", "bndbox"};
    for (int a = 0; a < 3 && !err; a++) {
        MPI_Offset c[2] = {L, 15}, n = a == 2 ? L * 15 : L;
        int *want = a == 0 ? lref : a == 1 ? ntype : gid;
        err = ncmpi_inq_varid(ncid, ints[a], &vid);
        MPI_Barrier(MPI_COMM_WORLD);
        t0 = MPI_Wtime();
        if (!err) err = ncmpi_get_vara_int_all(ncid, vid, st, c, li);
        rt->io += MPI_Wtime() - t0;
        for (MPI_Offset i = 0; i < n && !err; i++) bad += li[i] != want[i];
    }
    for (int a = 0; a < 3 && !err; a++) {
        MPI_Offset c[3] = {L, 3, 2}, n = a == 2 ? L * 6 : L * 3;
        double *want = dw + (a == 0 ? 0 : a == 1 ? L * 3 : L * 6);
        err = ncmpi_inq_varid(ncid, reals[a], &vid);
        MPI_Barrier(MPI_COMM_WORLD);
        t0 = MPI_Wtime();
        if (!err) err = ncmpi_get_vara_double_all(ncid, vid, st, c, dd);
        rt->io += MPI_Wtime() - t0;
        for (MPI_Offset i = 0; i < n && !err; i++) bad += dd[i] != (plot ? (double)(float)want[i] : want[i]);
    }
    free(li); free(lw); free(dd); free(dw); free(gid); free(d);
    t0 = MPI_Wtime();
    int e = ncmpi_close(ncid);
    rt->close += MPI_Wtime() - t0;
    *errp = err ? err : e;
    return bad;
}

int main(int argc, char **argv)
{
    flash f;
    memset(&f, 0, sizeof f);
    MPI_Init(&argc, &argv);
    bench_init(&f.cfg);
    f.nxb = 16;
    f.prefix = "./";
    int base = 80, i = 1;
    while (i > 0 && i < argc) {
        int n = bench_option(argc, argv, i, &f.cfg);
        if (n > 0) i += n;
        else if (n < 0) i = -1;
        else if (!strcmp(argv[i], "-b")) { f.blocking = 1; i++; }
        else if (!strcmp(argv[i], "-i")) { f.indep = 1; i++; }
        else if (!strcmp(argv[i], "-n") && i + 1 < argc) { f.nxb = atoi(argv[i + 1]); i += 2; }
        else if (!strcmp(argv[i], "-B") && i + 1 < argc) { base = atoi(argv[i + 1]); i += 2; }
        else if (!strcmp(argv[i], "-f") && i + 1 < argc) { f.prefix = argv[i + 1]; i += 2; }
        else i = -1;
    }
    bench_finish_options(&f.cfg);
    if (i < 0 || f.nxb < 1 || base < 1) {
        if (f.cfg.rank == 0)
            fprintf(stderr, "usage: flash_io [-m shared|subfiling|pnetcdf-subfiling|fpp] [-N nfiles] [-d dims]\n"
                            "                [-H key=value]... [-b|-i] [-n nxb] [-B base_blocks] [-q] [-f prefix]\n");
        MPI_Finalize();
        return 2;
    }
    f.lnb = base + f.cfg.rank % 3;
    f.nx = f.nxb + 2 * NG;
    MPI_Exscan(&f.lnb, &f.off, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (f.cfg.rank == 0) f.off = 0;
    MPI_Allreduce(&f.lnb, &f.tot, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    size_t ncell = (size_t)f.lnb * f.nx * f.nx * f.nx;
    f.unk = malloc(sizeof(double) * ncell * NVAR);
    if (!f.unk) { fprintf(stderr, "out of memory\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
    for (int b = 0; b < f.lnb; b++)
        for (int k = 0; k < f.nx; k++)
            for (int j = 0; j < f.nx; j++)
                for (int x = 0; x < f.nx; x++)
                    for (int v = 0; v < NVAR; v++) unk_at(&f, b, k, j, x)[v] = cell(&f, v, f.off + b, k, j, x);

    int err = 0;
    for (int w = 0; w < 3 && !err; w++) {
        MPI_Barrier(MPI_COMM_WORLD);
        err = bench_agree(write_file(&f, w));
    }
    bench_times total = {0, 0, 0};
    double bytes = 0;
    char path[4096];
    int files = 0;
    if (!err) {
        for (int w = 0; w < 3; w++) {
            bench_reduce(&f.cfg, &f.t[w]);
            total.open += f.t[w].open;
            total.io += f.t[w].io;
            total.close += f.t[w].close;
            bytes += f.bytes[w];
            file_path(&f, w, path, sizeof path);
            int n = bench_files_created(&f.cfg, path);
            files += n;
            char phase[32];
            snprintf(phase, sizeof phase, "write-%s", kinds[w]);
            if (!f.cfg.quiet) bench_report(&f.cfg, "flash-io", phase, n, f.bytes[w], &f.t[w], 6 + (w ? NPLOT : NVAR), f.cfg.nprocs);
        }
        if (f.cfg.rank == 0 && !f.cfg.quiet)
            printf("flash-io: %d processes, block %d^3, %d blocks, header %.4f s, unknowns %.4f s, close %.4f s\n",
                   f.cfg.nprocs, f.nxb, f.tot, total.open, total.io, total.close);
        bench_report(&f.cfg, "flash-io", "write", files, bytes, &total, 3 * 6 + NVAR + 2 * NPLOT, f.cfg.nprocs);
        long bad = 0, sum;
        bench_times rt = {0, 0, 0};
        for (int w = 0; w < 3 && !err; w++) {
            int e = 0;
            bad += verify_file(&f, w, &e, &rt);
            err = bench_agree(e);
        }
        /* PnetCDF's subfiles are read by rank 0 alone, outside PnetCDF:
         * no read time to compare */
        if (!err && f.cfg.mode != MODE_PNC_SUBFILING) {
            bench_reduce(&f.cfg, &rt);
            bench_report(&f.cfg, "flash-io", "read", files, bytes, &rt, 3 * 6 + NVAR + 2 * NPLOT, f.cfg.nprocs);
        }
        MPI_Allreduce(&bad, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        if (f.cfg.rank == 0)
            printf("VERIFY flash-io %s %d processes: %s (%ld wrong values%s)\n", bench_mode_name(f.cfg.mode),
                   f.cfg.nprocs, err || sum ? "FAILED" : "ok", sum,
                   f.cfg.mode == MODE_PNC_SUBFILING ? "; unknowns read from the subfiles directly" : "");
        if (sum) err = NC_EREAD;
    }
    for (int w = 0; w < 3; w++) { file_path(&f, w, path, sizeof path); bench_remove(&f.cfg, path); }
    free(f.unk);
    MPI_Finalize();
    return err ? 1 : 0;
}
