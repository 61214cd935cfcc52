/*
 * t_varsize.c: the format's size limits with every variable subfiled, as
 * PnetCDF 1.12.3 gives them with every variable in one file (varsize.c).
 * Variables of many GiB are defined, never filled (NC_NOFILL), and only a
 * few values written: the subfiles stay sparse.
 *
 *   t_varsize CASE DIR
 *
 * evarsize  each of PnetCDF's rules gives NC_EVARSIZE at enddef (and at
 *           the close after it) on every rank, before any subfile exists:
 *           a large fixed-size variable not last (CDF-1); one followed by
 *           a record variable; variables beginning past 2 GiB (CDF-1, also
 *           through the 512-byte alignment hints at the boundary); two
 *           record variables of more than 4 GiB per record (CDF-2); a
 *           large variable added after a redef; _enddef's h_minfree. A
 *           new dataset refused at close is left an empty file; a
 *           redefined one keeps what its last enddef wrote.
 * legal     what PnetCDF accepts still works and is subfiled: a last
 *           fixed-size variable of 17 GB in CDF-1, record variables
 *           beginning past 2 GiB in CDF-2, one just under the CDF-1
 *           boundary, the close after a refused _enddef (PnetCDF's
 *           defaults then); values written at its far corners read back
 *           after reopening
 * defvar    a CDF-5 variable of more than 2^63 bytes: NC_EVARSIZE at
 *           def_var (left to PnetCDF), close succeeds
 * maxreq    PnetCDF's 2 GiB limit on requests (max_req.c): one put or get
 *           of 2^31 bytes is NC_EMAX_REQ, of 2^31-1 bytes allowed past the
 *           check (a bad start shows it got there); two iputs of 1 GiB
 *           each in one wait_all are NC_EMAX_REQ on rank 0 only (the
 *           others' small requests done, no hang), nothing written; two
 *           igets likewise, nothing read; small requests still work
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <pnetcdf.h>
#define NCSF_NO_REDIRECT
#include <ncsf.h>
#include "testutil.h"

static test_state ts;
static char dir[400];

#define agreed(err, want, what) test_agreed(&ts, (err), (want), (what))

static MPI_Info hints(int align512)
{
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", "2");
    MPI_Info_set(info, "subfiling_min_size", "0");
    if (align512) {
        MPI_Info_set(info, "nc_header_align_size", "512");
        MPI_Info_set(info, "nc_var_align_size", "512");
    }
    return info;
}

/* entries of dir other than . and .. */
static int files_in_dir(void)
{
    int n = 0;
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
    if (d) closedir(d);
    return n;
}

static void clean_dir(void)
{
    MPI_Barrier(MPI_COMM_WORLD);
    if (ts.rank == 0) {
        DIR *d = opendir(dir);
        struct dirent *e;
        char p[700];
        while (d && (e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            remove(p);
        }
        if (d) closedir(d);
    }
    MPI_Barrier(MPI_COMM_WORLD);
}

static int create(const char *name, int cmode, int align512, int *ncid)
{
    char path[500];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    MPI_Info info = hints(align512);
    int err = ncmpi_create(MPI_COMM_WORLD, path, cmode | NC_CLOBBER, info, ncid);
    MPI_Info_free(&info);
    agreed(err, NC_NOERR, name);
    int old;
    if (!err) agreed(ncmpi_set_fill(*ncid, NC_NOFILL, &old), NC_NOERR, "set_fill");
    return err;
}

/* The dataset's enddef and close both refused; nothing but an empty base
 * file left. */
static void refused(int ncid, const char *what, int enddef)
{
    char w[200];
    ts.where = what;
    if (enddef) {
        snprintf(w, sizeof w, "%s: enddef", what);
        agreed(ncmpi_enddef(ncid), NC_EVARSIZE, w);
    }
    snprintf(w, sizeof w, "%s: close", what);
    agreed(ncmpi_close(ncid), NC_EVARSIZE, w);
    MPI_Barrier(MPI_COMM_WORLD);
    EXPECT(&ts, files_in_dir() == 1, "%s: %d files left, expected the base file only", what, files_in_dir());
    char path[500];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s.nc", dir, what);
    EXPECT(&ts, stat(path, &st) == 0 && st.st_size == 0, "%s: the base file is not left empty", what);
    clean_dir();
}

/* ids of dimensions defined by name, length */
static void dims(int ncid, int n, const char *const *names, const MPI_Offset *lens, int *ids)
{
    for (int i = 0; i < n; i++)
        agreed(ncmpi_def_dim(ncid, names[i], lens[i], &ids[i]), NC_NOERR, names[i]);
}

static int *varidp_or(int *tmp, int *given) { return given ? given : tmp; }

static void var(int ncid, const char *name, nc_type t, int nd, const int *ids, int *varid)
{
    int v;
    agreed(ncmpi_def_var(ncid, name, t, nd, ids, varidp_or(&v, varid)), NC_NOERR, name);
}

static void evarsize(void)
{
    int ncid, d[4], v;
    static const char *const n4[] = {"Y", "X", "YY", "XX"};
    const MPI_Offset l4[] = {NC_UNLIMITED, 5, 66661, 66661};

    /* CDF-1: the large fixed-size variable is not the last */
    if (!create("notlast.nc", 0, 0, &ncid)) {
        dims(ncid, 4, n4, l4, d);
        var(ncid, "var_large", NC_FLOAT, 2, d + 2, NULL);
        var(ncid, "var", NC_INT, 1, d + 1, NULL);
        refused(ncid, "notlast", 1);
    }
    /* CDF-1: a large last fixed-size variable, and a record variable */
    if (!create("withrec.nc", 0, 0, &ncid)) {
        dims(ncid, 4, n4, l4, d);
        var(ncid, "var", NC_INT, 1, d, NULL);
        var(ncid, "var_last", NC_FLOAT, 2, d + 2, NULL);
        refused(ncid, "withrec", 1);
    }
    /* CDF-1: none too large, the last begins past 2 GiB (close only) */
    static const char *const nx[] = {"X"};
    const MPI_Offset lx[] = {536870911};
    if (!create("offset.nc", 0, 0, &ncid)) {
        dims(ncid, 1, nx, lx, d);
        var(ncid, "var1", NC_INT, 1, d, NULL);
        var(ncid, "var2", NC_FLOAT, 1, d, NULL);
        var(ncid, "var3", NC_SHORT, 1, d, NULL);
        var(ncid, "var4", NC_INT, 1, d, NULL);
        refused(ncid, "offset", 0);
    }
    /* CDF-1, 512-byte alignment: the second variable begins just past
     * 2^31 - 1 */
    static const char *const nyx[] = {"Y", "X"};
    const MPI_Offset lyx[] = {INT_MAX / 2 + 1, 2};
    if (!create("boundary.nc", 0, 1, &ncid)) {
        dims(ncid, 2, nyx, lyx, d);
        var(ncid, "var0", NC_INT, 1, d, NULL);
        var(ncid, "var1", NC_INT, 1, d + 1, NULL);
        refused(ncid, "boundary", 1);
    }
    /* CDF-2: two record variables over 4 GiB per record */
    static const char *const nzyx[] = {"Z", "Y", "X"};
    const MPI_Offset lzyx[] = {NC_UNLIMITED, INT_MAX / 64, 64};
    if (!create("tworec.nc", NC_64BIT_OFFSET, 0, &ncid)) {
        dims(ncid, 3, nzyx, lzyx, d);
        var(ncid, "var0", NC_INT, 3, d, NULL);
        var(ncid, "var1", NC_INT, 3, d, NULL);
        refused(ncid, "tworec", 1);
    }
    /* a large variable added after a redef: refused; the dataset keeps
     * what the first enddef wrote, and opens */
    if (!create("redef.nc", 0, 0, &ncid)) {
        dims(ncid, 4, n4, l4, d);
        var(ncid, "var", NC_INT, 1, d + 1, &v);
        var(ncid, "var_last", NC_FLOAT, 2, d + 2, NULL);
        agreed(ncmpi_enddef(ncid), NC_NOERR, "redef: first enddef");
        int vals[5] = {1, 2, 3, 4, 5};
        MPI_Offset st = 0, ct = ts.rank == 0 ? 5 : 0;
        agreed(ncmpi_put_vara_int_all(ncid, v, &st, &ct, vals), NC_NOERR, "redef: put");
        agreed(ncmpi_redef(ncid), NC_NOERR, "redef");
        var(ncid, "var_new", NC_INT, 2, d, NULL);
        agreed(ncmpi_enddef(ncid), NC_EVARSIZE, "redef: enddef");
        agreed(ncmpi_close(ncid), NC_EVARSIZE, "redef: close");
        char path[500];
        snprintf(path, sizeof path, "%s/redef.nc", dir);
        int nvars = -1, got[5] = {0};
        agreed(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid), NC_NOERR, "redef: open");
        agreed(ncmpi_inq_nvars(ncid, &nvars), NC_NOERR, "redef: inq_nvars");
        EXPECT(&ts, nvars == 2, "redef: %d variables after the refused redef, expected 2", nvars);
        ct = 5;
        agreed(ncmpi_get_vara_int_all(ncid, v, &st, &ct, got), NC_NOERR, "redef: get");
        for (int i = 0; i < 5; i++) EXPECT(&ts, got[i] == i + 1, "redef: var[%d] = %d", i, got[i]);
        agreed(ncmpi_close(ncid), NC_NOERR, "redef: close after open");
        clean_dir();
    }
}

/* var_last(YY, XX): corners written by rank 0, read back by all */
static void corners(int ncid, int varid, int put)
{
    MPI_Offset st[4][2] = {{0, 0}, {0, 66660}, {66660, 0}, {66660, 66660}}, ct[2] = {1, 1};
    for (int i = 0; i < 4; i++) {
        float x = (float)(i + 1) * 1.5f, y = 0;
        if (put) {
            MPI_Offset c0[2] = {ts.rank == 0, ts.rank == 0};
            agreed(ncmpi_put_vara_float_all(ncid, varid, st[i], c0, &x), NC_NOERR, "legal: put corner");
        } else {
            agreed(ncmpi_get_vara_float_all(ncid, varid, st[i], ct, &y), NC_NOERR, "legal: get corner");
            EXPECT(&ts, y == x, "legal: corner %d reads %g, expected %g", i, y, x);
        }
    }
}

static void legal(void)
{
    int ncid, d[4], v, sub = 0;
    static const char *const n4[] = {"Y", "X", "YY", "XX"};
    const MPI_Offset l4[] = {NC_UNLIMITED, 5, 66661, 66661};
    char path[500];

    /* CDF-1: the large fixed-size variable is the last, no record one */
    if (!create("last.nc", 0, 0, &ncid)) {
        ts.where = "last";
        dims(ncid, 4, n4, l4, d);
        var(ncid, "var", NC_INT, 1, d + 1, NULL);
        var(ncid, "var_last", NC_FLOAT, 2, d + 2, &v);
        agreed(ncmpi_enddef(ncid), NC_NOERR, "last: enddef");
        EXPECT_OK(&ts, ncsf_inq_var_subfiling(ncid, v, &sub, NULL));
        EXPECT(&ts, sub == 1, "last: var_last is not subfiled");
        corners(ncid, v, 1);
        agreed(ncmpi_close(ncid), NC_NOERR, "last: close");
        snprintf(path, sizeof path, "%s/last.nc", dir);
        agreed(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid), NC_NOERR, "last: open");
        corners(ncid, v, 0);
        agreed(ncmpi_close(ncid), NC_NOERR, "last: close after open");
        clean_dir();
    }
    /* CDF-2: record variables beginning past 2 GiB */
    static const char *const nzyx[] = {"Z", "Y", "X"};
    const MPI_Offset lzyx[] = {NC_UNLIMITED, 1048576, 1024};
    if (!create("recs.nc", NC_64BIT_OFFSET, 0, &ncid)) {
        dims(ncid, 3, nzyx, lzyx, d);
        for (int i = 0; i < 4; i++) {
            char nm[8];
            snprintf(nm, sizeof nm, "var%d", i);
            var(ncid, nm, NC_SHORT, 3, d, NULL);
        }
        agreed(ncmpi_close(ncid), NC_NOERR, "recs: close");
        clean_dir();
    }
    /* CDF-1, 512-byte alignment: the second variable ends just under
     * 2^31 - 1 */
    static const char *const nyx[] = {"Y", "X"};
    const MPI_Offset lyx[] = {INT_MAX - 3 - 512 - 8, 2};
    if (!create("under.nc", 0, 1, &ncid)) {
        dims(ncid, 2, nyx, lyx, d);
        var(ncid, "var0", NC_CHAR, 1, d, NULL);
        var(ncid, "var1", NC_INT, 1, d + 1, NULL);
        agreed(ncmpi_close(ncid), NC_NOERR, "under: close");
        clean_dir();
    }
    /* _enddef with a 2 GiB h_minfree: refused; close then lays it out
     * with the defaults, and the dataset opens */
    if (!create("minfree.nc", 0, 0, &ncid)) {
        dims(ncid, 4, n4, l4, d);
        var(ncid, "var", NC_INT, 1, d + 1, NULL);
        var(ncid, "var_last", NC_FLOAT, 2, d + 2, &v);
        agreed(ncmpi__enddef(ncid, 2147483648LL, 1, 1, 1), NC_EVARSIZE, "minfree: _enddef");
        agreed(ncmpi_close(ncid), NC_NOERR, "minfree: close");
        snprintf(path, sizeof path, "%s/minfree.nc", dir);
        agreed(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid), NC_NOERR, "minfree: open");
        EXPECT_OK(&ts, ncsf_inq_var_subfiling(ncid, v, &sub, NULL));
        EXPECT(&ts, sub == 1, "minfree: var_last is not subfiled");
        agreed(ncmpi_close(ncid), NC_NOERR, "minfree: close after open");
        clean_dir();
    }
}

static void defvar(void)
{
    int ncid, d[2], v;
    static const char *const n2[] = {"dim0", "dim1"};
    const MPI_Offset l2[] = {NC_UNLIMITED, NC_MAX_INT64};
    if (create("cdf5.nc", NC_64BIT_DATA, 0, &ncid)) return;
    dims(ncid, 2, n2, l2, d);
    agreed(ncmpi_def_var(ncid, "var0", NC_UINT, 1, d + 1, &v), NC_EVARSIZE, "def_var fixed");
    agreed(ncmpi_def_var(ncid, "var1", NC_UINT, 2, d, &v), NC_EVARSIZE, "def_var record");
    agreed(ncmpi_close(ncid), NC_NOERR, "close");
    clean_dir();
}

static void maxreq(void)
{
    int ncid, d[2], v, req[2], st[2];
    static const char *const n2[] = {"P", "N"};
    const MPI_Offset big = (MPI_Offset)1 << 31, l2[] = {ts.nprocs, big + 64};
    char small[16] = "abcdefghij", got[16];
    if (create("maxreq.nc", NC_64BIT_DATA, 0, &ncid)) return;
    dims(ncid, 2, n2, l2, d);
    var(ncid, "c", NC_CHAR, 2, d, &v);
    agreed(ncmpi_enddef(ncid), NC_NOERR, "enddef");
    MPI_Offset s0[2] = {ts.rank, 0}, c10[2] = {1, 10};
    agreed(ncmpi_put_vara_text_all(ncid, v, s0, c10, small), NC_NOERR, "small put");
    /* one request: refused before its buffer is read (a 16-byte one) */
    MPI_Offset cbig[2] = {1, big}, cmax[2] = {1, big - 1}, sbad[2] = {ts.rank, 66};
    agreed(ncmpi_put_vara_text_all(ncid, v, s0, cbig, small), NC_EMAX_REQ, "put of 2^31 bytes");
    agreed(ncmpi_get_vara_text_all(ncid, v, s0, cbig, got), NC_EMAX_REQ, "get of 2^31 bytes");
    agreed(ncmpi_iput_vara_text(ncid, v, s0, cbig, small, &req[0]), NC_EMAX_REQ, "iput of 2^31 bytes");
    /* 2^31-1 bytes pass the limit: the start then makes it reach past the
     * end (NC_EEDGE), which is checked first in PnetCDF too */
    agreed(ncmpi_put_vara_text_all(ncid, v, sbad, cmax, small), NC_EEDGE, "put of 2^31-1 bytes past the end");
    /* one wait_all of two iputs of 1 GiB on rank 0: refused there only */
    MPI_Offset half = big / 2, sa[2] = {ts.rank, 0}, sb[2] = {ts.rank, half}, ch[2] = {1, ts.rank ? 5 : half};
    agreed(ncmpi_iput_vara_text(ncid, v, sa, ch, small, &req[0]), NC_NOERR, "iput 1");
    agreed(ncmpi_iput_vara_text(ncid, v, sb, ch, small, &req[1]), NC_NOERR, "iput 2");
    int err = ncmpi_wait_all(ncid, 2, req, st);
    EXPECT(&ts, err == (ts.rank ? NC_NOERR : NC_EMAX_REQ), "wait_all of the iputs: %d (%s)", err, ncmpi_strerror(err));
    memset(got, 0, sizeof got);
    agreed(ncmpi_get_vara_text_all(ncid, v, s0, c10, got), NC_NOERR, "small get");
    EXPECT(&ts, !memcmp(got, small, 10), "the refused wait wrote: %.10s", got);
    /* the same with igets: nothing read on rank 0 */
    memset(got, 'z', sizeof got);
    agreed(ncmpi_iget_vara_text(ncid, v, sa, ch, got, &req[0]), NC_NOERR, "iget 1");
    agreed(ncmpi_iget_vara_text(ncid, v, sb, ch, got, &req[1]), NC_NOERR, "iget 2");
    err = ncmpi_wait_all(ncid, 2, req, st);
    EXPECT(&ts, err == (ts.rank ? NC_NOERR : NC_EMAX_REQ), "wait_all of the igets: %d (%s)", err, ncmpi_strerror(err));
    if (ts.rank == 0) EXPECT(&ts, got[0] == 'z', "the refused wait read into the buffer");
    agreed(ncmpi_close(ncid), NC_NOERR, "close");
    clean_dir();
}

int main(int argc, char **argv)
{
    test_init(&ts, &argc, &argv);
    if (argc != 3) {
        if (ts.rank == 0) fprintf(stderr, "usage: t_varsize evarsize|legal|defvar|maxreq DIR\n");
        MPI_Finalize();
        return 2;
    }
    snprintf(dir, sizeof dir, "%s", argv[2]);
    if (!strcmp(argv[1], "evarsize")) evarsize();
    else if (!strcmp(argv[1], "legal")) legal();
    else if (!strcmp(argv[1], "defvar")) defvar();
    else if (!strcmp(argv[1], "maxreq")) maxreq();
    else EXPECT(&ts, 0, "unknown case %s", argv[1]);
    return test_finish(&ts, argv[1]);
}
