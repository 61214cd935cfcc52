/*
 * t_fillsub: a dataset in fill mode whose variables are written in part,
 * in PnetCDF's API alone, for t_subfile_header.sh to run under
 * LD_PRELOAD=libncsf-preload.so (every variable subfiled) twice: with the
 * subfiles' headers and fill values written by ncsf, and with
 * NCSF_SUBFILE_HEADER=pnetcdf (PnetCDF makes each subfile, and its enddef
 * fills it): the files must be equal byte for byte but for the dataset's
 * identity.
 *
 *   t_fillsub DIR FORMAT fill|nofill
 *
 * FORMAT 1, 2 or 5 (CDF-1, CDF-2, CDF-5). Dimensions t (record), y (12),
 * x (5). Variables: int fix(y, x) with _FillValue -7, double d(y, x),
 * short sh(y), byte by(y, x) with its own fill mode off, char ch(y, x),
 * float rec(t, y, x); in CDF-5 also uint64 big(y, x) with a _FillValue and
 * ushort us(y). Rows 0 to 5 of fix, d, ch and record 0 of rec are
 * written (split between the processes); the rest never is. nofill: the
 * same in no-fill mode (by's own fill mode is then left alone). Prints
 * "t_fillsub: ok" when every call succeeded.
 */
#include <mpi.h>
#include <pnetcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, nprocs, failures;

#define TRY(call) do { int e_ = (call); if (e_ != NC_NOERR) { \
    fprintf(stderr, "[rank %d] %s:%d: %s: %s\n", rank, __FILE__, __LINE__, #call, ncmpi_strerror(e_)); \
    failures++; } } while (0)

enum { NY = 12, NX = 5, ROWS = 6 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (argc != 4 || (strcmp(argv[3], "fill") && strcmp(argv[3], "nofill"))) {
        if (rank == 0) fprintf(stderr, "usage: t_fillsub DIR 1|2|5 fill|nofill\n");
        MPI_Finalize();
        return 2;
    }
    int fmt = atoi(argv[2]), fill = !strcmp(argv[3], "fill"), ncid, t, y, x, v[8], nv = 0;
    char path[1024];
    snprintf(path, sizeof path, "%s/f.nc", argv[1]);
    int cmode = NC_CLOBBER | (fmt == 5 ? NC_64BIT_DATA : fmt == 2 ? NC_64BIT_OFFSET : 0);
    TRY(ncmpi_create(MPI_COMM_WORLD, path, cmode, MPI_INFO_NULL, &ncid));
    if (fill) TRY(ncmpi_set_fill(ncid, NC_FILL, NULL));
    TRY(ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &t));
    TRY(ncmpi_def_dim(ncid, "y", NY, &y));
    TRY(ncmpi_def_dim(ncid, "x", NX, &x));
    int yx[2] = {y, x}, tyx[3] = {t, y, x};
    int fixfill = -7;
    TRY(ncmpi_def_var(ncid, "fix", NC_INT, 2, yx, &v[nv++]));
    TRY(ncmpi_put_att_int(ncid, v[0], "_FillValue", NC_INT, 1, &fixfill));
    TRY(ncmpi_def_var(ncid, "d", NC_DOUBLE, 2, yx, &v[nv++]));
    TRY(ncmpi_def_var(ncid, "sh", NC_SHORT, 1, &y, &v[nv++]));
    TRY(ncmpi_def_var(ncid, "by", NC_BYTE, 2, yx, &v[nv++]));
    if (fill) TRY(ncmpi_def_var_fill(ncid, v[3], 1, NULL));
    TRY(ncmpi_def_var(ncid, "ch", NC_CHAR, 2, yx, &v[nv++]));
    TRY(ncmpi_def_var(ncid, "rec", NC_FLOAT, 3, tyx, &v[nv++]));
    if (fmt == 5) {
        unsigned long long bigfill = 4000000000ULL;
        TRY(ncmpi_def_var(ncid, "big", NC_UINT64, 2, yx, &v[nv++]));
        TRY(ncmpi_put_att_ulonglong(ncid, v[6], "_FillValue", NC_UINT64, 1, &bigfill));
        TRY(ncmpi_def_var(ncid, "us", NC_USHORT, 1, &y, &v[nv++]));
    }
    TRY(ncmpi_enddef(ncid));
    /* rows [r0, r1) of the first ROWS: this process's */
    MPI_Offset r0 = (MPI_Offset)ROWS * rank / nprocs, r1 = (MPI_Offset)ROWS * (rank + 1) / nprocs;
    MPI_Offset st[3] = {r0, 0, 0}, ct[3] = {r1 - r0, NX, 0};
    int ib[ROWS * NX];
    double db[ROWS * NX];
    char cb[ROWS * NX];
    float fb[ROWS * NX];
    for (int i = 0; i < ROWS * NX; i++) {
        ib[i] = (int)(r0 * NX) + i;
        db[i] = 0.5 * ((double)(r0 * NX) + i);
        cb[i] = (char)('a' + (r0 * NX + i) % 26);
        fb[i] = 0.25f * (float)(r0 * NX + i);
    }
    TRY(ncmpi_put_vara_int_all(ncid, v[0], st, ct, ib));
    TRY(ncmpi_put_vara_double_all(ncid, v[1], st, ct, db));
    TRY(ncmpi_put_vara_text_all(ncid, v[4], st, ct, cb));
    MPI_Offset rst[3] = {0, r0, 0}, rct[3] = {1, r1 - r0, NX};
    TRY(ncmpi_put_vara_float_all(ncid, v[5], rst, rct, fb));
    TRY(ncmpi_close(ncid));
    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) printf("t_fillsub: %s\n", all ? "FAILED" : "ok");
    MPI_Finalize();
    return all != 0;
}
