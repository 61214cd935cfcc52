/*
 * bench.c: modes, hints, timers and reports shared by the kernels.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bench.h"

const char *bench_mode_name(bench_mode m)
{
    static const char *names[] = {"shared", "subfiling", "pnetcdf-subfiling", "fpp"};
    return names[m];
}

void bench_init(bench_cfg *cfg)
{
    MPI_Comm_rank(MPI_COMM_WORLD, &cfg->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &cfg->nprocs);
    cfg->mode = MODE_SUBFILING;
    cfg->nfiles = 0;
    cfg->dims = NULL;
    cfg->group = "vars";
    cfg->quiet = 0;
    MPI_Info_create(&cfg->hints);
}

int bench_option(int argc, char **argv, int i, bench_cfg *cfg)
{
    const char *o = argv[i];
    if (!strcmp(o, "-q")) { cfg->quiet = 1; return 1; }
    if (!strcmp(o, "-G")) { cfg->group = NULL; return 1; }
    if (strcmp(o, "-m") && strcmp(o, "-N") && strcmp(o, "-d") && strcmp(o, "-H")) return 0;
    if (i + 1 >= argc) return -1;
    const char *v = argv[i + 1];
    if (!strcmp(o, "-m")) {
        if (!strcmp(v, "shared")) cfg->mode = MODE_SHARED;
        else if (!strcmp(v, "subfiling")) cfg->mode = MODE_SUBFILING;
        else if (!strcmp(v, "pnetcdf-subfiling")) cfg->mode = MODE_PNC_SUBFILING;
        else if (!strcmp(v, "fpp")) cfg->mode = MODE_FPP;
        else { if (cfg->rank == 0) fprintf(stderr, "unknown mode %s\n", v); return -1; }
    } else if (!strcmp(o, "-N")) {
        cfg->nfiles = atoi(v);
    } else if (!strcmp(o, "-d")) {
        cfg->dims = v;
    } else {
        char key[256];
        const char *eq = strchr(v, '=');
        if (!eq || eq == v) { if (cfg->rank == 0) fprintf(stderr, "-H wants key=value\n"); return -1; }
        snprintf(key, sizeof key, "%.*s", (int)(eq - v), v);
        MPI_Info_set(cfg->hints, key, eq + 1);
    }
    return 2;
}

void bench_finish_options(bench_cfg *cfg)
{
    if (cfg->nfiles <= 0) cfg->nfiles = cfg->nprocs > 1 ? cfg->nprocs / 2 : 1;
}

void bench_path(const bench_cfg *cfg, const char *path, char *out, int len)
{
    if (cfg->mode == MODE_FPP) snprintf(out, len, "%s.%06d", path, cfg->rank);
    else snprintf(out, len, "%s", path);
}

int bench_create(const bench_cfg *cfg, const char *path, int cmode, int *ncid)
{
    char p[4096];
    MPI_Info info;
    MPI_Info_dup(cfg->hints, &info);
    if (cfg->mode == MODE_PNC_SUBFILING) {
        char n[16];
        snprintf(n, sizeof n, "%d", cfg->nfiles);
        MPI_Info_set(info, "pnetcdf_subfiling", "enable");
        MPI_Info_set(info, "nc_num_subfiles", n);
    }
    bench_path(cfg, path, p, sizeof p);
    int err = ncmpi_create(cfg->mode == MODE_FPP ? MPI_COMM_SELF : MPI_COMM_WORLD, p, cmode, info, ncid);
    MPI_Info_free(&info);
    if (err) fprintf(stderr, "[%d] create %s: %s\n", cfg->rank, p, ncmpi_strerror(err));
    return err;
}

int bench_open(const bench_cfg *cfg, const char *path, int *ncid)
{
    char p[4096];
    bench_path(cfg, path, p, sizeof p);
    int err = ncmpi_open(cfg->mode == MODE_FPP ? MPI_COMM_SELF : MPI_COMM_WORLD, p, NC_NOWRITE,
                         cfg->hints, ncid);
    if (err) fprintf(stderr, "[%d] open %s: %s\n", cfg->rank, p, ncmpi_strerror(err));
    return err;
}

MPI_Info bench_var_info(const bench_cfg *cfg)
{
    if (cfg->mode != MODE_SUBFILING) return MPI_INFO_NULL;
    MPI_Info info;
    char n[16];
    snprintf(n, sizeof n, "%d", cfg->nfiles);
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", n);
    if (cfg->dims) MPI_Info_set(info, "subfiling_dims", cfg->dims);
    if (cfg->group) MPI_Info_set(info, "subfiling_group", cfg->group);
    return info;
}

/* Files whose name starts with the dataset's path: the base file, its
 * subfiles (ncsf's and PnetCDF's) or the per-process files. */
static int each_file(const char *path, int remove_them)
{
    char dir[4096], cmd[8300];
    const char *slash = strrchr(path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    const char *stem = slash ? slash + 1 : path;
    snprintf(cmd, sizeof cmd, "find '%s' -maxdepth 1 -name '%s*' %s 2>/dev/null | wc -l", dir, stem,
             remove_them ? "-delete -print" : "-print");
    FILE *p = popen(cmd, "r");
    int n = 0;
    if (p) { if (fscanf(p, "%d", &n) != 1) n = 0; pclose(p); }
    return n;
}

int bench_files_created(const bench_cfg *cfg, const char *path)
{
    int n = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    if (cfg->rank == 0) n = each_file(path, 0);
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return n;
}

void bench_remove(const bench_cfg *cfg, const char *path)
{
    MPI_Barrier(MPI_COMM_WORLD);
    if (cfg->rank == 0) each_file(path, 1);
    MPI_Barrier(MPI_COMM_WORLD);
}

int bench_close_timed(int ncid, double t0, double t1, bench_times *t)
{
    double t2 = MPI_Wtime();
    int err = ncmpi_close(ncid);
    double t3 = MPI_Wtime();
    t->open += t1 - t0;
    t->io += t2 - t1;
    t->close += t3 - t2;
    return err;
}

void bench_reduce(const bench_cfg *cfg, bench_times *t)
{
    (void)cfg;
    double in[3] = {t->open, t->io, t->close}, out[3];
    MPI_Allreduce(in, out, 3, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    t->open = out[0];
    t->io = out[1];
    t->close = out[2];
}

void bench_report(const bench_cfg *cfg, const char *kernel, const char *phase, int files,
                  double bytes, const bench_times *t, int ncalls, int nprocs_written)
{
    if (cfg->rank) return;
    double total = t->open + t->io + t->close, mib = bytes / 1048576.0;
    double bw = total > 0 ? mib / total : 0;
    if (!cfg->quiet) {
        printf("%s %s, mode %s, %d processes, %d subfiles requested, %d files\n", kernel, phase,
               bench_mode_name(cfg->mode), cfg->nprocs, cfg->nfiles, files);
        printf("  open %.4f s  %s %.4f s  close %.4f s  total %.4f s\n", t->open, phase, t->io,
               t->close, total);
        printf("  calls %d, amount %.4f GiB, bandwidth %.2f MiB/s\n", ncalls, bytes / 1073741824.0, bw);
    }
    /* kernel,phase,mode,nprocs,nfiles,files,bytes,open,io,close,total,MiB/s,writers */
    printf("CSV,%s,%s,%s,%d,%d,%d,%.0f,%.6f,%.6f,%.6f,%.6f,%.3f,%d\n", kernel, phase,
           bench_mode_name(cfg->mode), cfg->nprocs, cfg->nfiles, files, bytes, t->open, t->io,
           t->close, total, bw, nprocs_written);
    fflush(stdout);
}

int bench_agree(int err)
{
    int out;
    MPI_Allreduce(&err, &out, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return out;
}

/* Read a whole variable that PnetCDF's built-in subfiling split, from its
 * subfiles directly, as doubles (rank 0 only; the others return at once).
 * A variable too short to split stays in the master file. seen[i] says
 * whether element i was found. */
int bench_read_pnc_subfiled(const char *path, const char *var, int nfiles, double *out,
                            char *seen, MPI_Offset total)
{
    char sub[4200], key[512], dname[NC_MAX_NAME + 1];
    int master, mv, nd, err;
    memset(seen, 0, total);
    if ((err = ncmpi_open(MPI_COMM_SELF, path, NC_NOWRITE, MPI_INFO_NULL, &master))) return err;
    if ((err = ncmpi_inq_varid(master, var, &mv))) { ncmpi_close(master); return err; }
    ncmpi_inq_varndims(master, mv, &nd);
    if (nd > 0) {
        ncmpi_begin_indep_data(master);
        err = ncmpi_get_var_double(master, mv, out);
        ncmpi_end_indep_data(master);
        if (!err) memset(seen, 1, total);
        ncmpi_close(master);
        return err;
    }
    int dimids[16], ndo = 0;
    MPI_Offset n;
    nc_type t;
    if (ncmpi_inq_att(master, mv, "_PnetCDF_SubFiling.ndims_org", &t, &n) == NC_NOERR)
        ncmpi_get_att_int(master, mv, "_PnetCDF_SubFiling.ndims_org", &ndo);
    if (ndo < 1 || ndo > 16) { ncmpi_close(master); return NC_ENOTVAR; }
    ncmpi_get_att_int(master, mv, "_PnetCDF_SubFiling.dimids_org", dimids);
    ncmpi_inq_dimname(master, dimids[0], dname);
    MPI_Offset len0;
    ncmpi_inq_dimlen(master, dimids[0], &len0);
    /* a record variable: the base file has no records; its subfiles' ranges
     * say how many there are */
    for (int f = 0; len0 <= 0 && f < nfiles; f++) {
        long long range[2] = {0, -1};
        snprintf(key, sizeof key, "_PnetCDF_SubFiling.range(%s).subfile.%d", dname, f);
        if (ncmpi_get_att_longlong(master, mv, key, range) == NC_NOERR && range[1] + 1 > len0) len0 = range[1] + 1;
    }
    if (len0 <= 0) { ncmpi_close(master); return NC_EINVAL; }
    MPI_Offset inner = total / len0;
    for (int f = 0; f < nfiles; f++) {
        int sid, sv;
        long long range[2] = {0, -1};
        snprintf(key, sizeof key, "_PnetCDF_SubFiling.range(%s).subfile.%d", dname, f);
        if (ncmpi_get_att_longlong(master, mv, key, range) != NC_NOERR) continue;
        snprintf(sub, sizeof sub, "%s.subfile_%d.nc", path, f);
        if (ncmpi_open(MPI_COMM_SELF, sub, NC_NOWRITE, MPI_INFO_NULL, &sid) != NC_NOERR) continue;
        if (ncmpi_inq_varid(sid, var, &sv) == NC_NOERR && range[1] >= range[0] && range[1] < len0) {
            ncmpi_begin_indep_data(sid);
            MPI_Offset cnt = (range[1] - range[0] + 1) * inner;
            if (ncmpi_get_var_double(sid, sv, out + range[0] * inner) == NC_NOERR)
                memset(seen + range[0] * inner, 1, cnt);
            ncmpi_end_indep_data(sid);
        }
        ncmpi_close(sid);
    }
    ncmpi_close(master);
    return NC_NOERR;
}
