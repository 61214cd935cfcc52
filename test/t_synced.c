/*
 * t_synced: what a second handle sees of a dataset whose writer still has
 * it open, and the calls of PnetCDF's contract that its own test suite
 * (nc_test, nf_test, nf90_test) walks around it.
 *
 *   t_synced FILE sync     after ncmpi_sync a second handle (the same
 *                          processes, NC_NOWRITE) opens the dataset and
 *                          reads what the sync wrote, state "synced  ",
 *                          still so after the writer's own reads (a get,
 *                          an iget and its wait);
 *                          after a collective put, an independent put by
 *                          one process, a put posted before the sync and
 *                          waited for after it, or a redef, the dataset
 *                          is refused (NC_ETRUNC: being written) until the
 *                          next sync; close leaves it complete
 *   t_synced FILE abort    ncmpi_abort in data mode keeps what was
 *                          written, as PnetCDF's (its close); after a
 *                          redef that defined the first subfiled variable
 *                          it drops that variable and leaves a dataset
 *                          that opens
 *   t_synced FILE records  records given to a variable that is not
 *                          subfiled count for the subfiled ones: a
 *                          put_var covers them, a subfiled record variable
 *                          never written reads them (zeros), nothing cut
 *                          short
 *   t_synced FILE range    an iput of values out of range returns
 *                          NC_ERANGE at once, stays posted, and its wait
 *                          succeeds (PnetCDF's order); the in-range
 *                          values are written
 *
 * Every value is read back on every process; the .sh checks the files
 * with ncdump.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h>
#include <ncsf_inspect.h>
#include "testutil.h"
#include "values.h"

static test_state ts;
enum { NY = 4 };

/* A subfiled int variable of dims d (2 of them). */
static int def_sf(int ncid, const char *name, const int *d)
{
    int v;
    MPI_Info info = test_two_subfiles();
    EXPECT_OK(&ts, ncmpi_def_var(ncid, name, NC_INT, 2, d, &v, info));
    MPI_Info_free(&info);
    return v;
}

/* This process's rows of an nx x NY variable (rows from row0, values of
 * seed); count 0 rows with none. */
static int put_rows(int ncid, int v, MPI_Offset row0, MPI_Offset nx, int seed, int coll)
{
    MPI_Offset st[2] = {0, 0}, ct[2] = {0, NY};
    test_split(nx, ts.rank, ts.nprocs, &st[0], &ct[0]);
    st[0] += row0;
    int *b = malloc(sizeof(int) * (size_t)(ct[0] * NY + 1));
    for (MPI_Offset i = 0; i < ct[0] * NY; i++) b[i] = (int)test_value(NC_INT, st[0] * NY + i, seed);
    int err = coll ? ncmpi_put_vara_int_all(ncid, v, st, ct, b) : ncmpi_put_vara_int(ncid, v, st, ct, b);
    free(b);
    return err;
}

/* Every value of rows [row0, row0 + nx) of variable name through ncid
 * (another process's rows than the ones it wrote), of seed. */
static void check_rows(int ncid, const char *name, MPI_Offset row0, MPI_Offset nx, int seed)
{
    int v;
    MPI_Offset st[2] = {row0, 0}, ct[2] = {nx, NY};
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, name, &v));
    int *b = malloc(sizeof(int) * (size_t)(nx * NY + 1));
    EXPECT_OK(&ts, ncmpi_get_vara_int_all(ncid, v, st, ct, b));
    long bad = 0;
    for (MPI_Offset i = 0; i < nx * NY; i++)
        if (b[i] != (int)test_value(NC_INT, (row0 * NY) + i, seed)) bad++;
    EXPECT(&ts, bad == 0, "%s rows %lld..: %ld values wrong", name, (long long)row0, bad);
    free(b);
}

/* A second handle: refused while the dataset is being written, else
 * opened, its state checked and rows [0, nx) of v (seed) and the records
 * of r (nrec records) read back. */
static void second_handle(const char *path, int open_ok, MPI_Offset nx, int seed, MPI_Offset nrec, const char *what)
{
    int ncid;
    ts.where = what;
    int err = ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid);
    test_agreed(&ts, err, open_ok ? NC_NOERR : NC_ETRUNC, what);
    if (err) return;
    EXPECT(&ts, ncsf_inspect_read_state(ncid) == NCSF_INSPECT_SYNCED, "state %d, not synced",
           ncsf_inspect_read_state(ncid));
    check_rows(ncid, "v", 0, nx, seed);
    int unlim;
    MPI_Offset n = -1;
    EXPECT_OK(&ts, ncmpi_inq_unlimdim(ncid, &unlim));
    EXPECT_OK(&ts, ncmpi_inq_dimlen(ncid, unlim, &n));
    EXPECT(&ts, n == nrec, "%lld records, expected %lld", (long long)n, (long long)nrec);
    if (nrec > 0) check_rows(ncid, "r", 0, nrec, 2); /* r: written once, seed 2 */
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

static void test_sync(const char *path)
{
    int ncid, d[3], v, r;
    MPI_Offset nx = 3 * ts.nprocs;
    ts.where = "sync: create";
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", nx, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &d[2]));
    v = def_sf(ncid, "v", d);
    int rd[2] = {d[2], d[1]};
    r = def_sf(ncid, "r", rd);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    /* open while never synced: being written */
    second_handle(path, 0, nx, 0, 0, "sync: before any sync");

    EXPECT_OK(&ts, put_rows(ncid, v, 0, nx, 1, 1));
    EXPECT_OK(&ts, put_rows(ncid, r, 0, nx, 2, 1));
    EXPECT_OK(&ts, ncmpi_sync(ncid));
    second_handle(path, 1, nx, 1, nx, "sync: after a sync");
    /* a second sync with nothing between: still synced */
    EXPECT_OK(&ts, ncmpi_sync(ncid));
    second_handle(path, 1, nx, 1, nx, "sync: after a second sync");

    /* a read by the writer, blocking and non-blocking, changes nothing */
    {
        MPI_Offset st[2] = {0, 0}, ct[2] = {nx, NY};
        int *in = malloc(sizeof(int) * (size_t)(nx * NY)), req, status;
        EXPECT_OK(&ts, ncmpi_get_vara_int_all(ncid, v, st, ct, in));
        EXPECT_OK(&ts, ncmpi_iget_vara_int(ncid, v, st, ct, in, &req));
        EXPECT_OK(&ts, ncmpi_wait_all(ncid, 1, &req, &status));
        long bad = 0;
        for (MPI_Offset i = 0; i < nx * NY; i++) bad += in[i] != (int)test_value(NC_INT, i, 1);
        EXPECT(&ts, bad == 0, "the writer's own read after the sync: %ld values wrong", bad);
        free(in);
    }
    second_handle(path, 1, nx, 1, nx, "sync: after the writer's own reads");

    /* a collective put, then a sync */
    EXPECT_OK(&ts, put_rows(ncid, v, 0, nx, 3, 1));
    second_handle(path, 0, nx, 3, nx, "sync: after a collective put");
    EXPECT_OK(&ts, ncmpi_sync(ncid));
    second_handle(path, 1, nx, 3, nx, "sync: synced again");

    /* one process writes independently (the last) */
    EXPECT_OK(&ts, ncmpi_begin_indep_data(ncid));
    if (ts.rank == ts.nprocs - 1) {
        MPI_Offset st[2] = {0, 0}, ct[2] = {nx, NY};
        int *b = malloc(sizeof(int) * (size_t)(nx * NY));
        for (MPI_Offset i = 0; i < nx * NY; i++) b[i] = (int)test_value(NC_INT, i, 5);
        EXPECT_OK(&ts, ncmpi_put_vara_int(ncid, v, st, ct, b));
        free(b);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    EXPECT_OK(&ts, ncmpi_end_indep_data(ncid));
    second_handle(path, 0, nx, 5, nx, "sync: after one process's independent put");
    EXPECT_OK(&ts, ncmpi_sync(ncid));
    second_handle(path, 1, nx, 5, nx, "sync: synced after the independent put");

    /* posted before the sync, waited for after it */
    MPI_Offset st[2] = {0, 0}, ct[2] = {0, NY};
    test_split(nx, ts.rank, ts.nprocs, &st[0], &ct[0]);
    int *b = malloc(sizeof(int) * (size_t)(ct[0] * NY + 1)), req, status;
    for (MPI_Offset i = 0; i < ct[0] * NY; i++) b[i] = (int)test_value(NC_INT, st[0] * NY + i, 7);
    EXPECT_OK(&ts, ncmpi_iput_vara_int(ncid, v, st, ct, b, &req));
    EXPECT_OK(&ts, ncmpi_sync(ncid));
    second_handle(path, 1, nx, 5, nx, "sync: a put posted, not waited for");
    EXPECT_OK(&ts, ncmpi_wait_all(ncid, 1, &req, &status));
    EXPECT_OK(&ts, status);
    free(b);
    second_handle(path, 0, nx, 7, nx, "sync: after the wait");
    EXPECT_OK(&ts, ncmpi_sync(ncid));
    second_handle(path, 1, nx, 7, nx, "sync: synced after the wait");

    /* a redef: an attribute added (the header may move) */
    EXPECT_OK(&ts, ncmpi_redef(ncid));
    EXPECT_OK(&ts, ncmpi_put_att_text(ncid, NC_GLOBAL, "a_long_attribute_name_that_moves_things", 6, "sixsix"));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    second_handle(path, 0, nx, 7, nx, "sync: after a redef");
    EXPECT_OK(&ts, ncmpi_sync(ncid));
    second_handle(path, 1, nx, 7, nx, "sync: synced after the redef");
    /* an attribute renamed in data mode (a name no longer: the header does
     * not grow, PnetCDF rewrites it in place) is a change too */
    EXPECT_OK(&ts, ncmpi_rename_att(ncid, NC_GLOBAL, "a_long_attribute_name_that_moves_things", "short"));
    second_handle(path, 0, nx, 7, nx, "sync: after an attribute renamed in data mode");
    EXPECT_OK(&ts, ncmpi_sync(ncid));
    second_handle(path, 1, nx, 7, nx, "sync: synced after the rename");
    /* more records, then close */
    EXPECT_OK(&ts, put_rows(ncid, r, nx, nx, 9, 1));
    ts.where = "sync: close";
    EXPECT_OK(&ts, ncmpi_close(ncid));
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    EXPECT(&ts, ncsf_inspect_read_state(ncid) == NCSF_INSPECT_COMPLETE, "closed: state %d",
           ncsf_inspect_read_state(ncid));
    check_rows(ncid, "v", 0, nx, 7);
    check_rows(ncid, "r", 0, nx, 2);
    check_rows(ncid, "r", nx, nx, 9);
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

static void test_abort(const char *path)
{
    int ncid, d[2], v;
    MPI_Offset nx = 2 * ts.nprocs;
    ts.where = "abort in data mode";
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", nx, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    v = def_sf(ncid, "v", d);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    EXPECT_OK(&ts, put_rows(ncid, v, 0, nx, 11, 1));
    EXPECT_OK(&ts, ncmpi_abort(ncid));
    EXPECT_ERR(&ts, ncmpi_close(ncid), NC_EBADID);
    test_agreed(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid), NC_NOERR, ts.where);
    EXPECT(&ts, ncsf_inspect_read_state(ncid) == NCSF_INSPECT_COMPLETE, "aborted: state %d",
           ncsf_inspect_read_state(ncid));
    check_rows(ncid, "v", 0, nx, 11);
    EXPECT_OK(&ts, ncmpi_close(ncid));

    /* the first subfiled variable defined after a redef, then abort */
    char p2[1100];
    snprintf(p2, sizeof p2, "%s.redef.nc", path);
    ts.where = "abort after a redef";
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, p2, NC_CLOBBER, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    EXPECT_OK(&ts, ncmpi_redef(ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", nx, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    def_sf(ncid, "v", d);
    EXPECT_OK(&ts, ncmpi_abort(ncid));
    int ndims = -1, nvars = -1, natts = -1;
    test_agreed(&ts, ncmpi_open(MPI_COMM_WORLD, p2, NC_NOWRITE, MPI_INFO_NULL, &ncid), NC_NOERR, ts.where);
    EXPECT_OK(&ts, ncmpi_inq(ncid, &ndims, &nvars, &natts, NULL));
    EXPECT(&ts, ndims == 0 && nvars == 0 && natts == 0, "after the abort: %d dims, %d vars, %d attributes",
           ndims, nvars, natts);
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

static void test_records(const char *path)
{
    int ncid, d[2], n, r, w;
    MPI_Offset nrec = 3, ny = 2 * ts.nprocs;
    ts.where = "records";
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", ny, &d[1]));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "n", NC_INT, 1, d, &n)); /* not subfiled */
    r = def_sf(ncid, "r", d);
    w = def_sf(ncid, "w", d); /* never written */
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    MPI_Offset last = nrec - 1;
    int one = 42;
    EXPECT_OK(&ts, ncmpi_put_var1_int_all(ncid, n, &last, &one));
    /* put_var: every record the dataset has (nrec), from every process */
    int *b = malloc(sizeof(int) * (size_t)(nrec * ny));
    for (MPI_Offset i = 0; i < nrec * ny; i++) b[i] = (int)test_value(NC_INT, i, 13);
    EXPECT_OK(&ts, ncmpi_put_var_int_all(ncid, r, b));
    EXPECT_OK(&ts, ncmpi_close(ncid));
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    MPI_Offset len = -1;
    EXPECT_OK(&ts, ncmpi_inq_dimlen(ncid, d[0], &len));
    EXPECT(&ts, len == nrec, "%lld records, expected %lld", (long long)len, (long long)nrec);
    int *in = calloc((size_t)(nrec * ny), sizeof(int));
    EXPECT_OK(&ts, ncmpi_get_var_int_all(ncid, r, in));
    long bad = 0;
    for (MPI_Offset i = 0; i < nrec * ny; i++) bad += in[i] != b[i];
    EXPECT(&ts, bad == 0, "put_var over another variable's records: %ld values wrong", bad);
    for (MPI_Offset i = 0; i < nrec * ny; i++) in[i] = -1;
    EXPECT_OK(&ts, ncmpi_get_var_int_all(ncid, w, in));
    bad = 0;
    for (MPI_Offset i = 0; i < nrec * ny; i++) bad += in[i] != 0;
    EXPECT(&ts, bad == 0, "a record variable never written: %ld values not 0", bad);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    free(b);
    free(in);
}

static void test_range(const char *path)
{
    int ncid, d, v, req = -1, status = -1;
    MPI_Offset nx = 4 * ts.nprocs;
    ts.where = "range";
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", nx, &d));
    MPI_Info info = test_two_subfiles();
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "b", NC_BYTE, 1, &d, &v, info));
    MPI_Info_free(&info);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    MPI_Offset st = 4 * ts.rank, ct = 4;
    float val[4] = {1, 2, 300, (float)ts.rank};
    EXPECT_ERR(&ts, ncmpi_iput_vara_float(ncid, v, &st, &ct, val, &req), NC_ERANGE);
    EXPECT(&ts, req != NC_REQ_NULL, "the request was not posted");
    EXPECT_OK(&ts, ncmpi_wait_all(ncid, 1, &req, &status));
    EXPECT_OK(&ts, status);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    signed char *in = malloc((size_t)nx);
    EXPECT_OK(&ts, ncmpi_get_var_schar_all(ncid, v, in));
    for (int p = 0; p < ts.nprocs; p++)
        EXPECT(&ts, in[4 * p] == 1 && in[4 * p + 1] == 2 && in[4 * p + 3] == p, "process %d's values: %d %d %d",
               p, in[4 * p], in[4 * p + 1], in[4 * p + 3]);
    free(in);
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

int main(int argc, char **argv)
{
    test_init(&ts, &argc, &argv);
    if (argc < 3) {
        if (ts.rank == 0) fprintf(stderr, "usage: t_synced FILE sync|abort|records|range\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    if (!strcmp(argv[2], "sync")) test_sync(argv[1]);
    else if (!strcmp(argv[2], "abort")) test_abort(argv[1]);
    else if (!strcmp(argv[2], "records")) test_records(argv[1]);
    else if (!strcmp(argv[2], "range")) test_range(argv[1]);
    else { fprintf(stderr, "unknown mode %s\n", argv[2]); MPI_Abort(MPI_COMM_WORLD, 2); }
    return test_finish(&ts, argv[2]);
}
