/*
 * t_readswap: collective gets that each process reads alone, straight from
 * the subfiles (direct.c), with every element's bytes reversed as they
 * arrive rather than in a pass of their own afterwards: every value right,
 * in every way such a read goes, and nothing written past the caller's
 * buffer.
 *
 *   t_readswap FILE ro       read only: each process its own rows, whole
 *                            blocks of its subfile (pread through the
 *                            context's buffer, reversed into place)
 *   t_readswap FILE rw       the same in a dataset open for writing
 *                            (MPI-IO reads, reversed in place)
 *   t_readswap FILE cols     split along y: each process reads the whole
 *                            array, a block of every subfile, each one
 *                            run of its subfile but not of the caller's
 *                            buffer
 *   t_readswap FILE strided  each process its rows, the first half of
 *                            each (runs of 64 KiB for 8-byte types, read
 *                            through a file view; shorter for the others,
 *                            which then go by a plan)
 *   t_readswap FILE mixed    process 0 reads its block alone, the others
 *                            every other row (too short to read alone):
 *                            the call goes by a plan, which reads process
 *                            0's block again, as the file has it
 *   t_readswap FILE bad      as ro, the last process with a start past
 *                            the end: it gets NC_EINVALCOORDS, the others
 *                            their values
 *   t_readswap FILE iget     as ro, posted with iget and waited for
 *                            together
 *
 * Five variables (short, int, float, double, long long) of X = 8 rows a
 * process by Y columns, written by the test, then read back in the native
 * type (the engine reverses) and as double (converted by the caller, the
 * engine does not reverse). Every process checks every value it reads.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h>
#include "testutil.h"
#include "values.h"

enum { ROWS = 8, NT = 5, GUARD = 64 };
static const nc_type types[NT] = {NC_SHORT, NC_INT, NC_FLOAT, NC_DOUBLE, NC_INT64};

static int get(int ncid, int var, nc_type t, const MPI_Offset *st, const MPI_Offset *ct,
               const MPI_Offset *sd, void *b, int *req)
{
#define GET_T(T, C)                                                                 \
    return req ? ncmpi_iget_vars_##T(ncid, var, st, ct, sd, (C *)b, req)            \
               : ncmpi_get_vars_##T##_all(ncid, var, st, ct, sd, (C *)b);
    switch (t) {
    case NC_SHORT: GET_T(short, short)
    case NC_INT: GET_T(int, int)
    case NC_FLOAT: GET_T(float, float)
    case NC_DOUBLE: GET_T(double, double)
    default: GET_T(longlong, long long)
    }
#undef GET_T
}

static int put(int ncid, int var, nc_type t, const MPI_Offset *st, const MPI_Offset *ct, const void *b)
{
    switch (t) {
    case NC_SHORT: return ncmpi_put_vara_short_all(ncid, var, st, ct, b);
    case NC_INT: return ncmpi_put_vara_int_all(ncid, var, st, ct, b);
    case NC_FLOAT: return ncmpi_put_vara_float_all(ncid, var, st, ct, b);
    case NC_DOUBLE: return ncmpi_put_vara_double_all(ncid, var, st, ct, b);
    default: return ncmpi_put_vara_longlong_all(ncid, var, st, ct, b);
    }
}

/* The expected value of element (x, y) of variable t. */
static double want_at(int t, MPI_Offset x, MPI_Offset y, MPI_Offset Y)
{
    double w = test_value(types[t], x * Y + y, 20 + t);
    return types[t] == NC_FLOAT ? (float)w : w;
}

int main(int argc, char **argv)
{
    test_state ts;
    test_init(&ts, &argc, &argv);
    if (argc < 3) { fprintf(stderr, "usage: t_readswap FILE ro|rw|cols|strided|mixed|bad|iget\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
    const char *mode = argv[2];
    int ro = !strcmp(mode, "ro"), rw = !strcmp(mode, "rw"), cols = !strcmp(mode, "cols");
    int strided = !strcmp(mode, "strided"), mixed = !strcmp(mode, "mixed"), bad = !strcmp(mode, "bad");
    int iget = !strcmp(mode, "iget");
    ts.where = mode;
    int P = ts.nprocs, me = ts.rank;
    MPI_Offset Y = mixed ? 64 : 16384, X = (MPI_Offset)ROWS * P;
    if (cols) Y = 4096 * (MPI_Offset)P;

    /* the dataset, written by the test (each process its rows) */
    char nf[16];
    snprintf(nf, sizeof nf, "%d", P);
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", nf);
    MPI_Info_set(info, "subfiling_min_size", "0");
    if (cols) MPI_Info_set(info, "subfiling_dims", "y");
    int ncid, dims[2], var[NT];
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, argv[1], NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", X, &dims[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", Y, &dims[1]));
    for (int t = 0; t < NT; t++) {
        char name[16];
        int seed = 20 + t;
        snprintf(name, sizeof name, "v%d", t);
        EXPECT_OK(&ts, ncmpi_def_var(ncid, name, types[t], 2, dims, &var[t], info));
        EXPECT_OK(&ts, ncmpi_put_att_int(ncid, var[t], "test_seed", NC_INT, 1, &seed));
    }
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    MPI_Offset mine = (MPI_Offset)ROWS * Y;
    void *w = malloc((size_t)mine * 8);
    MPI_Offset wst[2] = {(MPI_Offset)ROWS * me, 0}, wct[2] = {ROWS, Y};
    for (int t = 0; t < NT; t++) {
        for (MPI_Offset i = 0; i < mine; i++) test_store(types[t], w, i, test_value(types[t], wst[0] * Y + i, 20 + t));
        EXPECT_OK(&ts, put(ncid, var[t], types[t], wst, wct, w));
    }
    free(w);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    MPI_Info_free(&info);

    /* what each process reads */
    MPI_Offset st[2] = {(MPI_Offset)ROWS * me, 0}, ct[2] = {ROWS, Y}, sd[2] = {1, 1};
    if (cols) st[0] = 0, ct[0] = X;
    if (strided) ct[1] = Y / 2;
    if (mixed && me > 0) sd[0] = 2, ct[0] = ROWS / 2;
    int badrank = bad && P > 1 && me == P - 1;
    if (badrank) st[0] = X + 1; /* past the end */
    MPI_Offset n = ct[0] * ct[1];

    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, argv[1], rw ? NC_WRITE : NC_NOWRITE, MPI_INFO_NULL, &ncid));
    for (int conv = 0; conv < 2; conv++) {
        /* (conv: read as double, converted by the caller's side) */
        unsigned char *buf[NT];
        int req[NT], status[NT];
        for (int t = 0; t < NT; t++) {
            int es = conv ? 8 : test_type_size(types[t]);
            buf[t] = malloc((size_t)(n + GUARD) * es);
            memset(buf[t], 0xA5, (size_t)(n + GUARD) * es);
            int e = conv ? (iget ? ncmpi_iget_vars_double(ncid, var[t], st, ct, sd, (double *)buf[t], &req[t])
                                 : ncmpi_get_vars_double_all(ncid, var[t], st, ct, sd, (double *)buf[t]))
                         : get(ncid, var[t], types[t], st, ct, sd, buf[t], iget ? &req[t] : NULL);
            EXPECT_ERR(&ts, e, badrank ? NC_EINVALCOORDS : NC_NOERR);
        }
        if (iget) {
            EXPECT_OK(&ts, ncmpi_wait_all(ncid, NT, req, status));
            for (int t = 0; t < NT; t++) EXPECT_OK(&ts, status[t]);
        }
        for (int t = 0; t < NT && !badrank; t++) {
            int es = conv ? 8 : test_type_size(types[t]);
            long wrong = 0;
            for (MPI_Offset i = 0; i < n; i++) {
                MPI_Offset x = st[0] + (i / ct[1]) * sd[0], y = st[1] + (i % ct[1]) * sd[1];
                double got = conv ? ((double *)buf[t])[i] : test_load(types[t], buf[t], i), exp = want_at(t, x, y, Y);
                if (got != exp && wrong++ < 3)
                    fprintf(stderr, "[rank %d] %s: v%d%s (%lld,%lld) = %.17g, expected %.17g\n", me, mode, t,
                            conv ? " as double" : "", (long long)x, (long long)y, got, exp);
            }
            EXPECT(&ts, wrong == 0, "v%d%s: %ld wrong values", t, conv ? " as double" : "", wrong);
            int guard_ok = 1;
            for (size_t b = (size_t)n * es; b < (size_t)(n + GUARD) * es; b++) guard_ok &= buf[t][b] == 0xA5;
            EXPECT(&ts, guard_ok, "v%d%s: bytes written past the caller's buffer", t, conv ? " as double" : "");
        }
        for (int t = 0; t < NT; t++) free(buf[t]);
    }

    /* which way the bytes went: reversed as they arrived in every direct
     * read of the native types (the 2- and 4-byte types of the strided
     * mode, whose runs are too short, and the mixed mode go by a plan) */
    ncsf_engine_counts cnt;
    EXPECT_OK(&ts, ncsf_inq_engine_counts(ncid, &cnt));
    if (ro || rw || cols || iget || (bad && !badrank))
        EXPECT(&ts, cnt.swapped_reads >= (iget ? 1 : NT), "%lld boxes reversed as they arrived, expected at least %d",
               cnt.swapped_reads, iget ? 1 : NT);
    if (strided) EXPECT(&ts, cnt.swapped_reads >= 2, "%lld boxes reversed as they arrived, expected at least 2",
                        cnt.swapped_reads);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    return test_finish(&ts, "t_readswap");
}
