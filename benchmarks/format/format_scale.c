/*
 * format_scale: what the on-disk format costs as the number of subfiles N
 * grows (doc/benchmarks.md, "Metadata at many subfiles").
 *
 *   format_scale write DIR N FORMAT     a 4-D variable (N, 2, 2, 2) of
 *       doubles in N subfiles (one row each), written and read back by
 *       every process, every value checked; prints the time of
 *       create+def+enddef, close, open and the bytes on disk
 * (format_header gives the header sizes without making the files.)
 *
 * FORMAT is 1 or 2 (the hint subfiling_format). Times are the slowest
 * process's, each step between barriers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <ncsf.h>

#define INNER 2 /* each row is INNER^3 doubles */

static double value(long long i) { return (double)i * 0.5 + 3.0; }

#define TRY(call) do { int e_ = (call); if (e_ != NC_NOERR) { \
    fprintf(stderr, "format_scale: %s: %s\n", #call, ncmpi_strerror(e_)); MPI_Abort(MPI_COMM_WORLD, 1); } } while (0)

static double slowest(double t0, MPI_Comm comm)
{
    double t = MPI_Wtime() - t0, max;
    MPI_Allreduce(&t, &max, 1, MPI_DOUBLE, MPI_MAX, comm);
    return max;
}

static long long size_of(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 ? (long long)sb.st_size : -1;
}

static int run_write(const char *dir, int n, const char *format)
{
    int rank, np, ncid, d[4], v, bad = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    char path[600], nf[16];
    snprintf(path, sizeof path, "%s/fs.nc", dir);
    snprintf(nf, sizeof nf, "%d", n);
    MPI_Info ci, vi;
    MPI_Info_create(&ci);
    MPI_Info_set(ci, "subfiling_format", format);
    MPI_Info_create(&vi);
    MPI_Info_set(vi, "subfiling", "enable");
    MPI_Info_set(vi, "subfiling_nfiles", nf);

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    TRY(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, ci, &ncid));
    TRY(ncmpi_def_dim(ncid, "r", n, &d[0]));
    TRY(ncmpi_def_dim(ncid, "z", INNER, &d[1]));
    TRY(ncmpi_def_dim(ncid, "y", INNER, &d[2]));
    TRY(ncmpi_def_dim(ncid, "x", INNER, &d[3]));
    TRY(ncmpi_def_var(ncid, "a", NC_DOUBLE, 4, d, &v, vi));
    TRY(ncmpi_enddef(ncid));
    double t_enddef = slowest(t0, MPI_COMM_WORLD);

    /* rows split evenly over the processes */
    MPI_Offset lo = (MPI_Offset)n * rank / np, hi = (MPI_Offset)n * (rank + 1) / np;
    MPI_Offset st[4] = {lo, 0, 0, 0}, ct[4] = {hi - lo, INNER, INNER, INNER};
    size_t cells = (size_t)(hi - lo) * INNER * INNER * INNER;
    double *buf = malloc(sizeof(double) * (cells ? cells : 1));
    for (size_t i = 0; i < cells; i++) buf[i] = value((long long)lo * INNER * INNER * INNER + (long long)i);
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    TRY(ncmpi_put_vara_double_all(ncid, v, st, ct, buf));
    double t_put = slowest(t0, MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    TRY(ncmpi_close(ncid));
    double t_close = slowest(t0, MPI_COMM_WORLD);

    /* read back by the next process's rows */
    t0 = MPI_Wtime();
    TRY(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    double t_open = slowest(t0, MPI_COMM_WORLD);
    int r2 = (rank + 1) % np;
    lo = (MPI_Offset)n * r2 / np;
    hi = (MPI_Offset)n * (r2 + 1) / np;
    st[0] = lo;
    ct[0] = hi - lo;
    cells = (size_t)(hi - lo) * INNER * INNER * INNER;
    free(buf);
    buf = malloc(sizeof(double) * (cells ? cells : 1));
    t0 = MPI_Wtime();
    TRY(ncmpi_inq_varid(ncid, "a", &v));
    TRY(ncmpi_get_vara_double_all(ncid, v, st, ct, buf));
    double t_get = slowest(t0, MPI_COMM_WORLD);
    for (size_t i = 0; i < cells; i++)
        if (buf[i] != value((long long)lo * INNER * INNER * INNER + (long long)i) && bad++ < 3)
            fprintf(stderr, "format_scale: rank %d element %zu is %g\n", rank, i, buf[i]);
    t0 = MPI_Wtime();
    TRY(ncmpi_close(ncid));
    double t_close2 = slowest(t0, MPI_COMM_WORLD);
    free(buf);
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);

    if (rank == 0) {
        /* bytes on disk: every subfile holds one 64-byte row */
        char sub[700];
        long long total = size_of(path);
        for (int k = 0; k < n; k++) {
            snprintf(sub, sizeof sub, "%s.a.%d", path, k);
            total += size_of(sub);
        }
        printf("FORMAT_SCALE format=%s N=%d P=%d enddef=%.4f put=%.4f close=%.4f open=%.4f get=%.4f "
               "close2=%.4f subfile_bytes=%lld base_bytes=%lld dataset_bytes=%lld wrong=%d\n",
               format, n, np, t_enddef, t_put, t_close, t_open, t_get, t_close2, size_of(sub),
               size_of(path), total, bad);
    }
    MPI_Info_free(&ci);
    MPI_Info_free(&vi);
    return bad != 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rc = 2;
    if (argc == 5 && !strcmp(argv[1], "write") && atoi(argv[3]) > 0)
        rc = run_write(argv[2], atoi(argv[3]), argv[4]);
    else
        fprintf(stderr, "usage: format_scale write DIR N FORMAT\n");
    MPI_Finalize();
    return rc;
}
