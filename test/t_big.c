/*
 * t_big: pieces and runs beyond 2 GiB (2 processes).
 *
 *   t_big DIR gather|mpiio
 *
 * A byte variable of 5122 rows of 1 MiB in two subfiles. Rank 0 writes
 * 2560 rows (2.5 GiB, one contiguous piece) of the second subfile, rank 1
 * one row. Read back: rank 1 reads the whole second subfile (so it leads
 * it and sends rank 0 its 2.5 GiB, in messages under 1 GiB each), rank 0
 * its 2.5 GiB. gather: the leader moves a run of 2.5 GiB (hint
 * subfiling_aggregate of 3 GiB); mpiio: collective MPI-IO moves it, in
 * collective calls under 1 GiB each. Every byte is checked.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h>
#include "testutil.h"

#define ROWS 5122
#define COLS ((MPI_Offset)1 << 20)
#define HALF 2561

static test_state ts;

static unsigned char value(MPI_Offset i, int seed)
{
    return (unsigned char)((i * 7 + (i >> 20) * 13 + seed) & 0xff);
}

static void fill(unsigned char *b, MPI_Offset row0, MPI_Offset rows, int seed)
{
    MPI_Offset n = rows * COLS, base = row0 * COLS;
    for (MPI_Offset i = 0; i < n; i++) b[i] = value(base + i, seed);
}

static MPI_Offset wrong(const unsigned char *b, MPI_Offset row0, MPI_Offset rows, int seed)
{
    MPI_Offset n = rows * COLS, base = row0 * COLS;
    for (MPI_Offset i = 0; i < n; i++)
        if (b[i] != value(base + i, seed)) return i + 1;
    return 0;
}

int main(int argc, char **argv)
{
    test_init(&ts, &argc, &argv);
    if (argc < 3 || ts.nprocs != 2) {
        if (ts.rank == 0) fprintf(stderr, "usage: mpiexec -n 2 t_big DIR gather|mpiio\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int mpiio = !strcmp(argv[2], "mpiio"), ncid, d[2], v, seed = mpiio ? 5 : 3;
    char path[512];
    snprintf(path, sizeof path, "%s/big-%s.nc", argv[1], argv[2]);
    ts.where = argv[2];
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", "2");
    MPI_Info_set(info, "subfiling_aggregate", mpiio ? "0" : "3221225472");
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, info, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "row", ROWS, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "col", COLS, &d[1]));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "b", NC_UBYTE, 2, d, &v));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    /* write */
    MPI_Offset row0 = ts.rank == 0 ? HALF : ROWS - 1, rows = ts.rank == 0 ? ROWS - 1 - HALF : 1;
    unsigned char *buf = malloc((size_t)(rows * COLS));
    EXPECT(&ts, buf != NULL, "no memory for %lld bytes", (long long)(rows * COLS));
    fill(buf, row0, rows, seed);
    MPI_Offset st[2] = {row0, 0}, ct[2] = {rows, COLS};
    EXPECT_OK(&ts, ncmpi_put_vara_uchar_all(ncid, v, st, ct, buf));
    free(buf);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    /* read: rank 1 the whole second subfile, rank 0 its 2.5 GiB */
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, info, &ncid));
    row0 = HALF;
    rows = ts.rank == 0 ? ROWS - 1 - HALF : ROWS - HALF;
    buf = malloc((size_t)(rows * COLS));
    EXPECT(&ts, buf != NULL, "no memory for %lld bytes", (long long)(rows * COLS));
    memset(buf, 0, (size_t)(rows * COLS));
    st[0] = row0;
    ct[0] = rows;
    EXPECT_OK(&ts, ncmpi_get_vara_uchar_all(ncid, v, st, ct, buf));
    MPI_Offset bad = wrong(buf, row0, rows, seed);
    EXPECT(&ts, bad == 0, "%s: byte %lld of %lld read back wrong", argv[2], (long long)bad - 1, (long long)(rows * COLS));
    MPI_Offset got = 0;
    ncmpi_inq_get_size(ncid, &got);
    if (ts.rank == 0) printf("%s: %.2f GiB read back by rank 0, every byte checked\n", argv[2], (double)(rows * COLS) / (1 << 30));
    free(buf);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    MPI_Info_free(&info);
    return test_finish(&ts, argv[2]);
}
