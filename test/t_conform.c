/*
 * t_conform.c: PnetCDF's contract where its own test programs found ncsf
 * keeping another (scripts/pnetcdf-suite.sh). A program that knows only
 * pnetcdf.h, linked with libncsf, file-wide hints subfiling every variable
 * that can be (as the suite's NCSF_HINTS do). Each case says what failed.
 *
 *   t_conform CASE DIR
 *
 * badname  a def_var PnetCDF refused (NC_EBADNAME) after ncsf had put its
 *          dataset attributes left the base file marked "writing" with
 *          nothing to mark it complete: the next open said NC_ETRUNC
 *          (nc_test/tst_names)
 * modes    processes that create or open with different modes: PnetCDF
 *          uses process 0's and returns NC_EMULTIDEFINE_CMODE/_OMODE
 *          without failing the call; ncsf failed it (header_consistency)
 * mixdef   processes that define one variable differently: ncsf put
 *          attributes that differ (NC_EMULTIDEFINE_ATTR_VAL) or hung in the
 *          subfiles' creation (header_consistency). In safe mode
 *          PnetCDF's own outcome (its def_var compares the processes'
 *          definitions, and so does ncsf's there); else whether every
 *          process defined the same is agreed once per enddef: when a
 *          variable under the hints differs, the enddef fails with
 *          NC_EMULTIDEFINE on every process, and the close too, leaving
 *          no dataset
 * onlyone  a variable under the hints defined by process 0 alone (safe
 *          mode off): the enddef and the close fail with NC_EMULTIDEFINE
 *          everywhere; the close hung, process 0 counting the dropped
 *          variable's state mark, which the others never had (t_inject's
 *          fault sweep found it: a def_var failing on one process)
 *
 * codes    a typed call of text on numbers with bad coordinates said
 *          NC_EINVALCOORDS (PnetCDF: NC_ECHAR first); a wait_all on a
 *          request that failed with NC_ERANGE returned NC_NOERR (PnetCDF:
 *          the first failed status); an iget of no elements stayed pending
 *          and close said NC_EPENDING (PnetCDF: NC_REQ_NULL at once)
 *          (nc_test); ncmpi_inq_recsize gave the base file's record size
 *          (inq_recsize); ncmpi_inq_varoffset gave the placeholder's
 *          offset, where a program reading the bytes with MPI-IO found
 *          other data (largefile/large_var): now NC_ENOTSUPPORT
 * manydims a variable of more dimensions than a partition has (16) under
 *          file-wide hints: def_var said NC_EINVAL; it stays in the base
 *          file (largefile/large_dims_vars_attrs, burst_buffer/highdim)
 *
 * PNETCDF_SAFE_MODE=1 in the environment: the codes of PnetCDF's safe mode.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <pnetcdf.h>
/* ncsf_inq_var_subfiling only: the ncmpi_* calls stay PnetCDF's names */
#define NCSF_NO_REDIRECT
#include <ncsf.h>
#include "testutil.h"

static test_state ts;
static char dir[400];
static int safe;

#define agreed(err, want, what) test_agreed(&ts, (err), (want), (what))

static MPI_Info hints(void) { return test_two_subfiles(); }

static void path_of(char *buf, size_t n, const char *name)
{
    snprintf(buf, n, "%s/%s", dir, name);
}

/* v[i] = base + i over n values of a 1-D variable, each rank its share */
static void put_share(int ncid, int varid, long long n, int base)
{
    MPI_Offset st, ct;
    test_split(n, ts.rank, ts.nprocs, &st, &ct);
    int *b = malloc(sizeof(int) * (ct ? ct : 1));
    for (MPI_Offset i = 0; i < ct; i++) b[i] = base + (int)(st + i);
    EXPECT_OK(&ts, ncmpi_put_vara_int_all(ncid, varid, &st, &ct, b));
    free(b);
}

/* every value of the variable, read whole by every rank */
static void check_all(int ncid, int varid, long long n, int base)
{
    int *b = malloc(sizeof(int) * n);
    for (long long i = 0; i < n; i++) b[i] = -1;
    EXPECT_OK(&ts, ncmpi_get_var_int_all(ncid, varid, b));
    for (long long i = 0; i < n; i++)
        EXPECT(&ts, b[i] == base + i, "value %lld is %d, expected %lld", i, b[i], base + i);
    free(b);
}

static void badname(void)
{
    char p[512];
    int ncid, dim, varid, bad, sub, nofill;
    double x = 2.5, y = 0;
    MPI_Info info = hints();
    ts.where = "badname";
    path_of(p, sizeof p, "badname.nc");
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, p, NC_CLOBBER | NC_64BIT_OFFSET, info, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", 4, &dim));
    /* PnetCDF refuses these names; the variable would have been subfiled */
    agreed(ncmpi_def_var(ncid, "-leading_dash", NC_FLOAT, 1, &dim, &bad), NC_EBADNAME, "def_var bad name");
    agreed(ncmpi_def_var(ncid, "x/y", NC_INT, 1, &dim, &bad), NC_EBADNAME, "def_var name with /");
    /* a scalar stays in the base file */
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "scalar", NC_DOUBLE, 0, NULL, &varid));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    EXPECT_OK(&ts, ncmpi_put_var_double_all(ncid, varid, &x));
    agreed(ncmpi_close(ncid), NC_NOERR, "close");
    /* an ordinary netCDF file, as PnetCDF alone writes it */
    agreed(ncmpi_open(MPI_COMM_WORLD, p, NC_NOWRITE, MPI_INFO_NULL, &ncid), NC_NOERR, "reopen");
    agreed(ncmpi_inq_att(ncid, NC_GLOBAL, "subfiling_state", NULL, NULL), NC_ENOTATT, "no state mark");
    agreed(ncmpi_inq_att(ncid, NC_GLOBAL, "subfiling_dataset_id", NULL, NULL), NC_ENOTATT, "no dataset id");
    EXPECT_OK(&ts, ncmpi_get_var_double_all(ncid, varid, &y));
    EXPECT(&ts, y == 2.5, "scalar is %g, expected 2.5", y);
    EXPECT_OK(&ts, ncmpi_close(ncid));

    /* the same after a subfiled variable: its data intact */
    long long n = 8LL * ts.nprocs;
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, p, NC_CLOBBER, info, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "n", n, &dim));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "v", NC_INT, 1, &dim, &varid));
    agreed(ncmpi_def_var(ncid, "v", NC_INT, 1, &dim, &bad), NC_ENAMEINUSE, "def_var name in use");
    agreed(ncmpi_def_var(ncid, "-bad", NC_INT, 1, &dim, &bad), NC_EBADNAME, "def_var bad name");
    EXPECT_OK(&ts, ncsf_inq_var_subfiling(ncid, varid, &sub, NULL));
    EXPECT(&ts, sub == 1, "v is not subfiled");
    EXPECT_OK(&ts, ncmpi_set_fill(ncid, NC_NOFILL, &nofill));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    put_share(ncid, varid, n, 100);
    agreed(ncmpi_close(ncid), NC_NOERR, "close");
    agreed(ncmpi_open(MPI_COMM_WORLD, p, NC_NOWRITE, MPI_INFO_NULL, &ncid), NC_NOERR, "reopen");
    check_all(ncid, varid, n, 100);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    MPI_Info_free(&info);
}

static void modes(void)
{
    char p[512];
    int ncid, dim, varid, fmt, sub;
    long long n = 6LL * ts.nprocs;
    MPI_Info info = hints();
    ts.where = "modes";
    path_of(p, sizeof p, "modes.nc");
    /* process 0's mode (CDF-1) is used; the others are told */
    int cmode = ts.rank == 0 ? NC_CLOBBER : NC_CLOBBER | NC_64BIT_OFFSET;
    int want = ts.nprocs > 1 && (safe || ts.rank > 0) ? NC_EMULTIDEFINE_CMODE : NC_NOERR;
    int err = ncmpi_create(MPI_COMM_WORLD, p, cmode, info, &ncid);
    EXPECT(&ts, err == want, "create returned %d (%s), expected %d", err, ncmpi_strerror(err), want);
    EXPECT_OK(&ts, ncmpi_inq_format(ncid, &fmt));
    EXPECT(&ts, fmt == NC_FORMAT_CLASSIC, "format %d, expected CDF-1", fmt);
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "n", n, &dim));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "v", NC_INT, 1, &dim, &varid));
    EXPECT_OK(&ts, ncsf_inq_var_subfiling(ncid, varid, &sub, NULL));
    EXPECT(&ts, sub == 1, "v is not subfiled");
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    put_share(ncid, varid, n, 7);
    agreed(ncmpi_close(ncid), NC_NOERR, "close");

    /* process 0 reads only: so does everyone */
    int omode = ts.rank == 0 ? NC_NOWRITE : NC_WRITE;
    want = ts.nprocs > 1 && (safe || ts.rank > 0) ? NC_EMULTIDEFINE_OMODE : NC_NOERR;
    err = ncmpi_open(MPI_COMM_WORLD, p, omode, MPI_INFO_NULL, &ncid);
    EXPECT(&ts, err == want, "open returned %d (%s), expected %d", err, ncmpi_strerror(err), want);
    check_all(ncid, varid, n, 7);
    int x = 1;
    MPI_Offset st = 0, ct = 1;
    agreed(ncmpi_put_vara_int_all(ncid, varid, &st, &ct, &x), NC_EPERM, "put in a file opened read-only");
    agreed(ncmpi_close(ncid), NC_NOERR, "close after open");
    MPI_Info_free(&info);
}

static void mixdef(void)
{
    char p[512];
    int ncid, dims[3], varid, good, sub, nd = -1;
    long long n = 4LL * ts.nprocs;
    MPI_Info info = hints();
    ts.where = "mixdef";
    path_of(p, sizeof p, "mixdef.nc");
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, p, NC_CLOBBER, info, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "z", 3, &dims[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", 2, &dims[1]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "n", n, &dims[2]));
    /* process 0 says 2 dimensions, the others 1 */
    int err = ncmpi_def_var(ncid, "var", NC_FLOAT, ts.rank == 0 ? 2 : 1, dims, &varid);
    int want = ts.nprocs > 1 && safe ? NC_EMULTIDEFINE_VAR_NDIMS : NC_NOERR;
    if (safe && ts.nprocs > 1) EXPECT(&ts, err == want || err == NC_EMULTIDEFINE, "def_var returned %d (%s), "
                                      "expected %d", err, ncmpi_strerror(err), want);
    else agreed(err, want, "def_var defined differently");
    if (!err && safe) {
        EXPECT_OK(&ts, ncsf_inq_var_subfiling(ncid, varid, &sub, NULL));
        EXPECT(&ts, sub == (ts.nprocs == 1), "var subfiled %d on %d processes", sub, ts.nprocs);
    }
    /* a variable defined alike is subfiled as usual */
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "good", NC_INT, 1, &dims[2], &good));
    EXPECT_OK(&ts, ncsf_inq_var_subfiling(ncid, good, &sub, NULL));
    EXPECT(&ts, sub == 1, "good is not subfiled");
    int e = ncmpi_enddef(ncid);
    if (!safe && ts.nprocs > 1) {
        /* the definitions differ: refused everywhere, nothing made */
        agreed(e, NC_EMULTIDEFINE, "enddef after definitions that differ");
        agreed(ncmpi_close(ncid), NC_EMULTIDEFINE, "close after definitions that differ");
        MPI_Barrier(MPI_COMM_WORLD);
        char sp[600];
        snprintf(sp, sizeof sp, "%s.good.0", p);
        EXPECT(&ts, access(sp, F_OK) != 0, "subfile %s exists after a refused enddef", sp);
        e = ncmpi_open(MPI_COMM_WORLD, p, NC_NOWRITE, MPI_INFO_NULL, &ncid);
        EXPECT(&ts, e != NC_NOERR, "the dataset of a refused enddef opens");
        if (e == NC_NOERR) ncmpi_close(ncid);
        MPI_Info_free(&info);
        return;
    }
    if (!safe) agreed(e, NC_NOERR, "enddef");
    put_share(ncid, good, n, 40);
    e = ncmpi_close(ncid);
    if (!safe) agreed(e, NC_NOERR, "close");
    agreed(ncmpi_open(MPI_COMM_WORLD, p, NC_NOWRITE, MPI_INFO_NULL, &ncid), NC_NOERR, "reopen");
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "good", &good));
    check_all(ncid, good, n, 40);
    /* process 0's header is the file's */
    if (!safe || ts.nprocs == 1) {
        EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "var", &varid));
        EXPECT_OK(&ts, ncmpi_inq_varndims(ncid, varid, &nd));
        EXPECT(&ts, nd == 2, "var has %d dimensions in the file, expected process 0's 2", nd);
    }
    EXPECT_OK(&ts, ncmpi_close(ncid));
    MPI_Info_free(&info);
}

static void onlyone(void)
{
    char p[512], sp[600];
    int ncid, dim, good = -1, scalar;
    long long n = 4LL * ts.nprocs;
    MPI_Info info = hints();
    ts.where = "onlyone";
    path_of(p, sizeof p, "onlyone.nc");
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, p, NC_CLOBBER, info, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "n", n, &dim));
    /* a scalar (never subfiled) everywhere, a subfiled variable on
     * process 0 only: the others have nothing of ncsf's */
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "s", NC_INT, 0, NULL, &scalar));
    if (ts.rank == 0) EXPECT_OK(&ts, ncmpi_def_var(ncid, "good", NC_INT, 1, &dim, &good));
    int want = ts.nprocs > 1 ? NC_EMULTIDEFINE : NC_NOERR;
    agreed(ncmpi_enddef(ncid), want, "enddef after a variable of process 0's alone");
    if (ts.nprocs == 1) put_share(ncid, good, n, 50);
    agreed(ncmpi_close(ncid), want, "close after a variable of process 0's alone");
    MPI_Barrier(MPI_COMM_WORLD);
    snprintf(sp, sizeof sp, "%s.good.0", p);
    if (ts.nprocs > 1) EXPECT(&ts, access(sp, F_OK) != 0, "subfile %s exists after a refused enddef", sp);
    int e = ncmpi_open(MPI_COMM_WORLD, p, NC_NOWRITE, MPI_INFO_NULL, &ncid);
    if (ts.nprocs > 1) EXPECT(&ts, e != NC_NOERR, "the dataset of a refused enddef opens");
    else if (!e) check_all(ncid, good, n, 50);
    else EXPECT_OK(&ts, e);
    if (e == NC_NOERR) ncmpi_close(ncid);
    MPI_Info_free(&info);
}

static void codes(void)
{
    char p[512];
    int ncid, dims[2], iv, rv, tv, req, st, nofill;
    long long n = 4LL * ts.nprocs;
    MPI_Info info = hints();
    ts.where = "codes";
    path_of(p, sizeof p, "codes.nc");
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, p, NC_CLOBBER, info, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &dims[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "n", n, &dims[1]));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "iv", NC_INT, 1, &dims[1], &iv));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "rv", NC_SHORT, 2, dims, &rv));  /* n shorts a record */
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "tv", NC_BYTE, 2, dims, &tv));   /* n bytes, padded */
    EXPECT_OK(&ts, ncmpi_set_fill(ncid, NC_NOFILL, &nofill));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    MPI_Offset want = (2 * n + 3) / 4 * 4 + (n + 3) / 4 * 4, rs = -1, off = -1;
    EXPECT_OK(&ts, ncmpi_inq_recsize(ncid, &rs));
    EXPECT(&ts, rs == want, "record size %lld, expected %lld", (long long)rs, (long long)want);
    agreed(ncmpi_inq_varoffset(ncid, iv, &off), NC_ENOTSUPPORT, "inq_varoffset of a subfiled variable");
    /* values past a short's range, for the NC_ERANGE of a get */
    MPI_Offset st1, ct1;
    test_split(n, ts.rank, ts.nprocs, &st1, &ct1);
    int big[64];
    for (MPI_Offset i = 0; i < ct1; i++) big[i] = 100000 + (int)(st1 + i);
    EXPECT_OK(&ts, ncmpi_put_vara_int_all(ncid, iv, &st1, &ct1, big));
    MPI_Offset bad = n + 5, one = 1;
    char c;
    agreed(ncmpi_get_vara_text_all(ncid, iv, &bad, &one, &c), NC_ECHAR, "text get of a number, bad start");
    short sv[64];
    MPI_Offset s0 = 0, cn = n;
    EXPECT_OK(&ts, ncmpi_iget_vara_short(ncid, iv, &s0, &cn, sv, &req));
    int e = ncmpi_wait_all(ncid, 1, &req, &st);
    agreed(st, NC_ERANGE, "status of a get out of range");
    agreed(e, NC_ERANGE, "wait_all of a get out of range");
    /* nothing to get: nothing pending */
    MPI_Offset zero = 0;
    req = 12345;
    EXPECT_OK(&ts, ncmpi_iget_vara_int(ncid, iv, &s0, &zero, big, &req));
    EXPECT(&ts, req == NC_REQ_NULL, "request of no elements is %d, expected NC_REQ_NULL", req);
    agreed(ncmpi_close(ncid), NC_NOERR, "close");
    agreed(ncmpi_open(MPI_COMM_WORLD, p, NC_NOWRITE, MPI_INFO_NULL, &ncid), NC_NOERR, "reopen");
    check_all(ncid, iv, n, 100000);
    rs = -1;
    EXPECT_OK(&ts, ncmpi_inq_recsize(ncid, &rs));
    EXPECT(&ts, rs == want, "record size %lld after open, expected %lld", (long long)rs, (long long)want);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    MPI_Info_free(&info);
}

static void manydims(void)
{
    enum { ND = 20 };
    char p[512], name[16];
    int ncid, dims[ND], varid, sub = -1;
    MPI_Info info = hints();
    ts.where = "manydims";
    path_of(p, sizeof p, "manydims.nc");
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, p, NC_CLOBBER | NC_64BIT_DATA, info, &ncid));
    for (int d = 0; d < ND; d++) {
        snprintf(name, sizeof name, "d%d", d);
        EXPECT_OK(&ts, ncmpi_def_dim(ncid, name, d == ND - 1 ? 2 * ts.nprocs : 1, &dims[d]));
    }
    agreed(ncmpi_def_var(ncid, "v", NC_INT, ND, dims, &varid), NC_NOERR, "def_var of 20 dimensions");
    EXPECT_OK(&ts, ncsf_inq_var_subfiling(ncid, varid, &sub, NULL));
    EXPECT(&ts, sub == 0, "a variable of 20 dimensions is subfiled");
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    MPI_Offset st[ND] = {0}, ct[ND];
    for (int d = 0; d < ND; d++) ct[d] = 1;
    st[ND - 1] = 2 * ts.rank;
    ct[ND - 1] = 2;
    int b[2] = {10 + 2 * ts.rank, 11 + 2 * ts.rank};
    EXPECT_OK(&ts, ncmpi_put_vara_int_all(ncid, varid, st, ct, b));
    agreed(ncmpi_close(ncid), NC_NOERR, "close");
    agreed(ncmpi_open(MPI_COMM_WORLD, p, NC_NOWRITE, MPI_INFO_NULL, &ncid), NC_NOERR, "reopen");
    check_all(ncid, varid, 2LL * ts.nprocs, 10);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    MPI_Info_free(&info);
}

int main(int argc, char **argv)
{
    test_init(&ts, &argc, &argv);
    if (argc != 3) {
        if (ts.rank == 0) fprintf(stderr, "usage: t_conform badname|modes|mixdef|onlyone|codes|manydims DIR\n");
        MPI_Finalize();
        return 2;
    }
    snprintf(dir, sizeof dir, "%s", argv[2]);
    const char *s = getenv("PNETCDF_SAFE_MODE");
    safe = s && atoi(s) == 1;
    if (!strcmp(argv[1], "badname")) badname();
    else if (!strcmp(argv[1], "modes")) modes();
    else if (!strcmp(argv[1], "mixdef")) mixdef();
    else if (!strcmp(argv[1], "onlyone")) onlyone();
    else if (!strcmp(argv[1], "codes")) codes();
    else if (!strcmp(argv[1], "manydims")) manydims();
    else {
        if (ts.rank == 0) fprintf(stderr, "t_conform: no case %s\n", argv[1]);
        MPI_Finalize();
        return 2;
    }
    char name[64];
    snprintf(name, sizeof name, "t_conform %s%s", argv[1], safe ? " (safe mode)" : "");
    return test_finish(&ts, name);
}
