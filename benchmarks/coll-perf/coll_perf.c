/*
 * coll_perf: a 3-D block test in the style of ROMIO's coll_perf and
 * PnetCDF's collective_write example, on ncsf.
 *
 *   coll_perf [-m MODE] [-N nfiles] [-d dims] [-H key=value]... [-l len] [-v nvars] [-q] [-f prefix] [-W]
 *
 * nvars NC_INT variables (default 10) of len^3 integers per process
 * (default 64), decomposed block-block-block with MPI_Dims_create (C
 * order), each written with one put_vara_int_all, then read back with
 * get_vara_int_all and every value checked (making and checking the
 * values is left out of the timers). As ROMIO's coll_perf, the write
 * and the read are each done once untimed before the timed pass (-W: not;
 * the timed pass then pays the process's first-time costs, such as MPI's
 * first message between two processes). The subfiling mode splits
 * along z,y,x by default, so the blocks can line up with the processes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../common/bench.h"

int main(int argc, char **argv)
{
    bench_cfg cfg;
    int len = 64, nvars = 10, i = 1, warm = 1;
    const char *prefix = "./";
    MPI_Init(&argc, &argv);
    bench_init(&cfg);
    while (i > 0 && i < argc) {
        int n = bench_option(argc, argv, i, &cfg);
        if (n > 0) i += n;
        else if (n < 0) i = -1;
        else if (!strcmp(argv[i], "-l") && i + 1 < argc) { len = atoi(argv[i + 1]); i += 2; }
        else if (!strcmp(argv[i], "-v") && i + 1 < argc) { nvars = atoi(argv[i + 1]); i += 2; }
        else if (!strcmp(argv[i], "-f") && i + 1 < argc) { prefix = argv[i + 1]; i += 2; }
        else if (!strcmp(argv[i], "-W")) { warm = 0; i++; }
        else i = -1;
    }
    bench_finish_options(&cfg);
    if (i < 0 || len < 1 || nvars < 1) {
        if (cfg.rank == 0)
            fprintf(stderr, "usage: coll_perf [-m MODE] [-N nfiles] [-d dims] [-H key=value]... [-l len] [-v nvars] [-q] [-f prefix] [-W]\n");
        MPI_Finalize();
        return 2;
    }
    if (!cfg.dims && cfg.mode == MODE_SUBFILING) cfg.dims = "z,y,x";
    int psizes[3] = {0, 0, 0}, c[3], r = cfg.rank;
    MPI_Dims_create(cfg.nprocs, 3, psizes);
    for (int d = 2; d >= 0; d--) { c[d] = r % psizes[d]; r /= psizes[d]; }
    int fpp = cfg.mode == MODE_FPP;
    MPI_Offset g[3], st[3], ct[3], n = (MPI_Offset)len * len * len;
    for (int d = 0; d < 3; d++) {
        g[d] = (MPI_Offset)len * (fpp ? 1 : psizes[d]);
        st[d] = fpp ? 0 : (MPI_Offset)c[d] * len;
        ct[d] = len;
    }
    int *buf = malloc(sizeof(int) * n);
    char path[4096];
    snprintf(path, sizeof path, "%scoll_perf.nc", prefix);

    /* values: variable v, global index (z, y, x) */
    MPI_Offset G[3] = {(MPI_Offset)len * psizes[0], (MPI_Offset)len * psizes[1], (MPI_Offset)len * psizes[2]};
    MPI_Offset O[3] = {(MPI_Offset)c[0] * len, (MPI_Offset)c[1] * len, (MPI_Offset)c[2] * len};
#define VALUE(v, k, j, x) ((int)((((O[0] + (k)) * G[1] + O[1] + (j)) * G[2] + O[2] + (x)) % 1000000007 + (v) * 7))

    bench_times t = {0, 0, 0};
    int ncid, err = 0, dims[3], *varid = malloc(sizeof(int) * nvars);
    double t0, t1;
    /* pass 0 is the untimed warm-up (ROMIO's coll_perf's), pass 1 timed */
    for (int pass = warm ? 0 : 1; pass < 2 && !err; pass++) {
        MPI_Barrier(MPI_COMM_WORLD);
        t0 = MPI_Wtime();
        err = bench_create(&cfg, path, NC_CLOBBER | NC_64BIT_DATA, &ncid);
        t1 = MPI_Wtime();
        if (!err) {
            ncmpi_def_dim(ncid, "z", g[0], &dims[0]);
            ncmpi_def_dim(ncid, "y", g[1], &dims[1]);
            ncmpi_def_dim(ncid, "x", g[2], &dims[2]);
            MPI_Info info = bench_var_info(&cfg);
            for (int v = 0; v < nvars && !err; v++) {
                char name[32];
                snprintf(name, sizeof name, "var%d", v);
                err = ncmpi_def_var(ncid, name, NC_INT, 3, dims, &varid[v], info);
            }
            if (info != MPI_INFO_NULL) MPI_Info_free(&info);
            if (!err) err = ncmpi_enddef(ncid);
            double untimed = 0; /* making the values is not I/O */
            for (int v = 0; v < nvars && !err; v++) {
                double f0 = MPI_Wtime();
                for (MPI_Offset k = 0, q = 0; k < len; k++)
                    for (MPI_Offset j = 0; j < len; j++)
                        for (MPI_Offset x = 0; x < len; x++) buf[q++] = VALUE(v, k, j, x);
                untimed += MPI_Wtime() - f0;
                err = ncmpi_put_vara_int_all(ncid, varid[v], st, ct, buf);
            }
            double t2 = MPI_Wtime();
            int e = ncmpi_close(ncid);
            if (!err) err = e;
            t.open = t1 - t0;
            t.io = t2 - t1 - untimed;
            t.close = MPI_Wtime() - t2;
        }
        err = bench_agree(err);
    }
    bench_reduce(&cfg, &t);
    double bytes = 4.0 * n * cfg.nprocs * nvars;
    int files = bench_files_created(&cfg, path);
    if (!err) bench_report(&cfg, "coll-perf", "write", files, bytes, &t, nvars, cfg.nprocs);

    long bad = 0, total;
    if (!err && cfg.mode == MODE_PNC_SUBFILING) {
        if (cfg.rank == 0) {
            MPI_Offset all = G[0] * G[1] * G[2];
            double *d = malloc(sizeof(double) * all);
            char *seen = malloc(all);
            for (int v = 0; v < nvars; v++) {
                char name[32];
                snprintf(name, sizeof name, "var%d", v);
                if (bench_read_pnc_subfiled(path, name, cfg.nfiles, d, seen, all)) bad++;
                for (MPI_Offset q = 0; q < all; q++)
                    if (!seen[q] || d[q] != (double)(int)((q % 1000000007) + v * 7)) bad++;
            }
            free(d);
            free(seen);
        }
    } else if (!err) {
        bench_times rt = {0, 0, 0};
        for (int pass = warm ? 0 : 1; pass < 2 && !err; pass++) {
            MPI_Barrier(MPI_COMM_WORLD);
            t0 = MPI_Wtime();
            err = bench_open(&cfg, path, &ncid);
            t1 = MPI_Wtime();
            double untimed = 0; /* checking the values is not I/O */
            for (int v = 0; v < nvars && !err; v++) {
                err = ncmpi_get_vara_int_all(ncid, varid[v], st, ct, buf);
                double f0 = MPI_Wtime();
                for (MPI_Offset k = 0, q = 0; k < len; k++)
                    for (MPI_Offset j = 0; j < len; j++)
                        for (MPI_Offset x = 0; x < len; x++) bad += buf[q++] != VALUE(v, k, j, x);
                untimed += MPI_Wtime() - f0;
            }
            double t2 = MPI_Wtime();
            if (!err) err = ncmpi_close(ncid);
            rt.open = t1 - t0;
            rt.io = t2 - t1 - untimed;
            rt.close = MPI_Wtime() - t2;
            err = bench_agree(err);
        }
        bench_reduce(&cfg, &rt);
        if (!err) bench_report(&cfg, "coll-perf", "read", files, bytes, &rt, nvars, cfg.nprocs);
    }
    MPI_Allreduce(&bad, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (cfg.rank == 0)
        printf("VERIFY coll-perf %s %d processes: %s (%ld wrong values%s)\n", bench_mode_name(cfg.mode),
               cfg.nprocs, err || total ? "FAILED" : "ok", total,
               cfg.mode == MODE_PNC_SUBFILING ? "; read from the subfiles directly" : "");
    bench_remove(&cfg, path);
    free(buf);
    free(varid);
    MPI_Finalize();
    return err || total ? 1 : 0;
}
