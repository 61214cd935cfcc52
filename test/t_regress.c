/*
 * t_regress: one case per defect found by trying the library on purpose
 * (doc/reliability.md lists them). Each failed before its fix: data lost
 * or silently wrong, a hang or a crash, where PnetCDF itself refuses.
 *
 *   t_regress CASE DIR
 *
 * records   a put at a huge record index: refused (never wraps onto record
 *           0), and 10^8 records cost neither memory nor disk
 * pending   iput then close without wait: NC_EPENDING, the put dropped, the dataset opens as before
 * names     subfile names that collided; NC_NOCLOBBER; a symbolic link at a
 *           subfile's name
 * reopen    a damaged dataset opened for writing and closed stays damaged
 * marks     the writer's mark through a subfile path and after redef/enddef
 * buftype   a buffer type freed between iget/iput and wait
 * fill      fill mode on a subfiled variable: unwritten elements read as
 *           zero (the fill value was lost); fill_var_rec wrote the
 *           placeholder; rename_var renamed the placeholder only (later
 *           refused; now the subfiles are renamed too: lateatt)
 * erange    out-of-range values: stored as the type's fill value (PnetCDF)
 *           where ncsf stored the cast; uchar into a CDF-1 byte variable
 *           is its bits (no NC_ERANGE), as netCDF-3 has it
 * varm      a flexible put/get_varm (a derived buffer type and an imap):
 *           the imap was ignored, the file transposed (PnetCDF's suite)
 * dims      dimensions that contradict the subfiling attributes
 * records2  a subfile with fewer records than the dataset
 * fifo      a FIFO where a subfile should be
 * climb     a subfile whose subfiling_base climbs out of the dataset
 * mixed     a collective put where ranks pass different variables
 * overflow  count x stride beyond 64 bits
 * newline   control characters in names
 * enddef    puts after a failed enddef; names too long for a file name
 * why       the reason a create or open failed, on every rank
 * multi     mput/mget naming subfiled variables went to PnetCDF whole (one
 *           element per call landed in the placeholder, NC_NOERR); put_vard
 *           on a subfiled variable wrote the placeholder and said NC_NOERR
 *           (now it is carried out as a varn: read and written back here)
 * hidden    the library's own subfiling_* attributes were counted and
 *           numbered by the API: a loop copying a subfiled variable's
 *           attributes copied them, and the copy looked subfiled
 * indepflush process 0 alone writes records independently, then every
 *           process calls ncmpi_flush: a hang (the placeholder's records
 *           filled with agreements on process 0 only)
 * indeprename each process writes its own number of records independently,
 *           then every process renames the variable and a dimension in
 *           data mode: a hang (the same fill, on the processes whose own
 *           count had grown)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <ncsf.h>
#include "testutil.h"
/* PnetCDF 1.15 deprecates the vard calls (NC_ENOTSUPPORT), ncsf with it */
#define VARD_DEPRECATED (PNETCDF_VERSION_MAJOR * 100 + PNETCDF_VERSION_MINOR >= 115)
#define CLOSE_AGREED (PNETCDF_VERSION_MAJOR * 100 + PNETCDF_VERSION_MINOR >= 115)
#include "testlib.h"
#include "values.h"
#include "surgery.h"

#define NX 12
#define NY 5

static test_state ts;
static char dir[400];

#define agreed(err, want, what) test_agreed(&ts, (err), (want), (what))
/* the rows of an NX x NY array each rank writes (testlib.c) */
#define my_rows(st, ct) tl_rows(&ts, NX, NY, (st), (ct))
#define fill(b, st, ct, seed) tl_fill_rows((b), (st), (ct), NY, (seed))
#define put_rows(ncid, v, seed) tl_put_rows(&ts, (ncid), (v), NX, NY, (seed))

static void path_of(char *buf, size_t n, const char *name)
{
    snprintf(buf, n, "%s/%s", dir, name);
}

static MPI_Info sf_info(int nfiles)
{
    char n[16];
    snprintf(n, sizeof n, "%d", nfiles);
    return tl_info("subfiling", "enable", "subfiling_nfiles", n, NULL);
}

static MPI_Info accept_info(void)
{
    return tl_info("subfiling_incomplete", "accept", NULL);
}

/* Every value of v (read by every rank whole); the agreed error. */
static int check_all(int ncid, const char *name, int seed, int want, const char *what)
{
    int v, buf[NX * NY], err;
    MPI_Offset st[2] = {0, 0}, ct[2] = {NX, NY};
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, name, &v));
    err = ncmpi_get_vara_int_all(ncid, v, st, ct, buf);
    agreed(err, want, what);
    for (int i = 0; !err && i < NX * NY; i++)
        if (buf[i] != (int)test_value(NC_INT, i, seed)) {
            EXPECT(&ts, 0, "%s: %s[%d] = %d, expected %d", what, name, i, buf[i], (int)test_value(NC_INT, i, seed));
            break;
        }
    return err;
}

/* Creates a dataset with two subfiled variables v (3 files) and w (2
 * files) of dimensions x, y (d); it is left in define mode. */
static int define_vw(const char *path, int cmode, int *d, int *v, int *w)
{
    int ncid;
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, cmode | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    MPI_Info i3 = sf_info(3), i2 = sf_info(2);
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "v", NC_INT, 2, d, v, i3));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "w", NC_INT, 2, d, w, i2));
    MPI_Info_free(&i3);
    MPI_Info_free(&i2);
    return ncid;
}

/* That dataset, written with rows from every rank. */
static void write_vw(const char *path, int seed, int cmode)
{
    int d[2], v, w, ncid = define_vw(path, cmode, d, &v, &w);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    put_rows(ncid, v, seed);
    put_rows(ncid, w, seed + 1);
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

/* The state mark of a base file as it is on disk now ("" if unreadable). */
static void state_on_disk(const char *path, char *out)
{
    out[0] = 0;
    if (surgery_get_text(path, NULL, "subfiling_state", out, 16) != 0) out[0] = 0;
}

static void expect_state(const char *path, const char *want, const char *what)
{
    char st[16] = "";
    if (ts.rank == 0) {
        state_on_disk(path, st);
        EXPECT(&ts, !strcmp(st, want), "%s: %s says \"%s\", expected \"%s\"", what, path, st, want);
    }
    MPI_Barrier(MPI_COMM_WORLD);
}

static int copy_file(const char *from, const char *to)
{
    FILE *a = fopen(from, "rb"), *b = fopen(to, "wb");
    char buf[65536];
    size_t n;
    int ok = a && b;
    while (ok && (n = fread(buf, 1, sizeof buf, a)) > 0) ok = fwrite(buf, 1, n, b) == n;
    if (a) fclose(a);
    if (b) fclose(b);
    return ok ? 0 : -1;
}

static long long file_size(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 ? (long long)sb.st_size : -1;
}

static long long disk_blocks(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 ? (long long)sb.st_blocks * 512 : -1;
}

/* ---- records -------------------------------------------------------------- */

/* A record variable r(t, x) subfiled in 2, one value per rank per record. */
static int make_records(const char *path, int cmode, int *vid)
{
    int ncid, d[2];
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | cmode, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", 8, &d[1]));
    MPI_Info i2 = sf_info(2);
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "r", NC_DOUBLE, 2, d, vid, i2));
    MPI_Info_free(&i2);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    return ncid;
}

static void put_record(int ncid, int v, MPI_Offset rec, double base, int want, const char *what)
{
    MPI_Offset st[2] = {rec, 0}, ct[2] = {1, ts.rank == 0 ? 8 : 0};
    double buf[8];
    for (int i = 0; i < 8; i++) buf[i] = base + i;
    agreed(ncmpi_put_vara_double_all(ncid, v, st, ct, buf), want, what);
}

static void check_record(int ncid, int v, MPI_Offset rec, double base, const char *what)
{
    MPI_Offset st[2] = {rec, 0}, ct[2] = {1, 8};
    double buf[8];
    agreed(ncmpi_get_vara_double_all(ncid, v, st, ct, buf), NC_NOERR, what);
    for (int i = 0; i < 8; i++)
        if (buf[i] != base + i) { EXPECT(&ts, 0, "%s: value %d is %g, expected %g", what, i, buf[i], base + i); break; }
}

static void case_records(void)
{
    char path[512];
    int ncid, v;
    ts.where = "records";
    path_of(path, sizeof path, "rec.nc");
    ncid = make_records(path, NC_64BIT_DATA, &v);
    put_record(ncid, v, 0, 100, NC_NOERR, "record 0");
    /* beyond what a 64-bit offset holds: refused, record 0 untouched */
    put_record(ncid, v, (MPI_Offset)1 << 60, 999, NC_EINVALCOORDS, "record 2^60");
    put_record(ncid, v, (MPI_Offset)1 << 62, 999, NC_EINVALCOORDS, "record 2^62");
    put_record(ncid, v, INT64_MAX, 999, NC_EINVALCOORDS, "record 2^63-1");
    {
        MPI_Offset st[2] = {(MPI_Offset)1 << 59, 0}, ct[2] = {ts.rank == 0 ? 64 : 0, 8};
        double *buf = calloc(64 * 8, sizeof(double));
        agreed(ncmpi_put_vara_double_all(ncid, v, st, ct, buf), NC_EINVALCOORDS, "64 records from 2^59");
        free(buf);
    }
    check_record(ncid, v, 0, 100, "record 0 after the refused puts");
    /* 10^8 records: legal; costs a few blocks of disk and no memory */
    put_record(ncid, v, 100000000, 7, NC_NOERR, "record 10^8");
    EXPECT_OK(&ts, ncmpi_close(ncid));
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    EXPECT(&ts, ru.ru_maxrss < 400 * 1024, "peak memory %ld KiB after 10^8 records", ru.ru_maxrss);
    if (ts.rank == 0) {
        char sub[600];
        long long used = disk_blocks(path);
        for (int k = 0; k < 2; k++) {
            snprintf(sub, sizeof sub, "%s.r.%d", path, k);
            used += disk_blocks(sub);
        }
        EXPECT(&ts, used < 4 << 20, "10^8 records take %lld bytes of disk", used);
        EXPECT(&ts, file_size(path) > 100000000LL * 8, "base file is %lld bytes", file_size(path));
    }
    MPI_Barrier(MPI_COMM_WORLD);
    expect_state(path, "complete", "after 10^8 records");
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    int t;
    MPI_Offset n = 0;
    EXPECT_OK(&ts, ncmpi_inq_dimid(ncid, "t", &t));
    EXPECT_OK(&ts, ncmpi_inq_dimlen(ncid, t, &n));
    EXPECT(&ts, n == 100000001, "record count %lld", (long long)n);
    check_record(ncid, v, 0, 100, "record 0 read back");
    check_record(ncid, v, 100000000, 7, "record 10^8 read back");
    EXPECT_OK(&ts, ncmpi_close(ncid));

    /* CDF-2 counts records in 32 bits, as PnetCDF checks */
    path_of(path, sizeof path, "rec2.nc");
    ncid = make_records(path, NC_64BIT_OFFSET, &v);
    put_record(ncid, v, 0, 5, NC_NOERR, "CDF-2 record 0");
    put_record(ncid, v, (MPI_Offset)1 << 32, 999, NC_EINVALCOORDS, "CDF-2 record 2^32");
    check_record(ncid, v, 0, 5, "CDF-2 record 0 after");
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

/* ---- pending -------------------------------------------------------------- */

static void case_pending(void)
{
    char path[512];
    int ncid, v, w, req, buf[NX * NY];
    MPI_Offset st[2], ct[2];
    ts.where = "pending";
    path_of(path, sizeof path, "pend.nc");
    write_vw(path, 3, NC_CLOBBER);
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_WRITE, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "v", &v));
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "w", &w));
    my_rows(st, ct);
    fill(buf, st, ct, 50);
    /* only rank 0 leaves a put pending: as PnetCDF 1.12 and 1.14, rank 0
     * says so, the others closed a dataset they left nothing pending on;
     * PnetCDF 1.15's close gives every rank the lowest code of all */
    if (ts.rank == 0) EXPECT_OK(&ts, ncmpi_iput_vara_int(ncid, v, st, ct, buf, &req));
    int ec = ncmpi_close(ncid), want = ts.rank == 0 || CLOSE_AGREED ? NC_EPENDING : NC_NOERR;
    EXPECT(&ts, ec == want, "close with an iput never waited for on rank 0: %s, want %s", ncmpi_strerror(ec),
           ncmpi_strerror(want));
    /* as PnetCDF's cancelled puts: the dataset opens as before, unmarked */
    expect_state(path, "complete", "dropped puts");
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    check_all(ncid, "v", 3, NC_NOERR, "v as before the dropped put");
    EXPECT_OK(&ts, ncmpi_close(ncid));
    /* a pending get alone: NC_EPENDING too, nothing lost on disk */
    write_vw(path, 3, NC_CLOBBER);
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_WRITE, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "v", &v));
    EXPECT_OK(&ts, ncmpi_iget_vara_int(ncid, v, st, ct, buf, &req));
    agreed(ncmpi_close(ncid), NC_EPENDING, "close with an iget never waited for");
    expect_state(path, "complete", "dropped gets");
}

/* ---- names ---------------------------------------------------------------- */

static void write_one(const char *path, const char *var, const char *group, int seed, int cmode, int want_enddef)
{
    int ncid, d[2], v;
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, cmode | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    MPI_Info i2 = sf_info(2);
    if (group) MPI_Info_set(i2, "subfiling_group", group);
    EXPECT_OK(&ts, ncmpi_def_var(ncid, var, NC_INT, 2, d, &v, i2));
    MPI_Info_free(&i2);
    int err = ncmpi_enddef(ncid);
    agreed(err, want_enddef, "enddef");
    if (!err) put_rows(ncid, v, seed);
    int e = ncmpi_close(ncid);
    if (!err) agreed(e, NC_NOERR, "close");
}

static void check_one(const char *path, const char *var, int seed)
{
    int ncid;
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    check_all(ncid, var, seed, NC_NOERR, path);
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) { fputs(text, f); fclose(f); }
}

static int file_says(const char *path, const char *text)
{
    char buf[64] = "";
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return !strcmp(buf, text);
}

static void case_names(void)
{
    char a[512], b[512], c[700];
    ts.where = "names";
    /* variable a.b of out.nc and variable b of out.nc.a */
    path_of(a, sizeof a, "out.nc");
    path_of(b, sizeof b, "out.nc.a");
    write_one(a, "a.b", NULL, 21, NC_CLOBBER, NC_NOERR);
    write_one(b, "b", NULL, 22, NC_CLOBBER, NC_NOERR);
    check_one(a, "a.b", 21);
    check_one(b, "b", 22);
    /* a variable named like a group, in one dataset */
    {
        int ncid, d[2], g1, g2, G;
        path_of(a, sizeof a, "grp.nc");
        EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, a, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
        EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[0]));
        EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
        MPI_Info gi = sf_info(2), vi = sf_info(2);
        MPI_Info_set(gi, "subfiling_group", "G");
        EXPECT_OK(&ts, ncmpi_def_var(ncid, "g1", NC_INT, 2, d, &g1, gi));
        EXPECT_OK(&ts, ncmpi_def_var(ncid, "g2", NC_INT, 2, d, &g2, gi));
        EXPECT_OK(&ts, ncmpi_def_var(ncid, "G", NC_INT, 2, d, &G, vi));
        MPI_Info_free(&gi);
        MPI_Info_free(&vi);
        EXPECT_OK(&ts, ncmpi_enddef(ncid));
        put_rows(ncid, g1, 31);
        put_rows(ncid, g2, 32);
        put_rows(ncid, G, 33);
        EXPECT_OK(&ts, ncmpi_close(ncid));
        EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, a, NC_NOWRITE, MPI_INFO_NULL, &ncid));
        check_all(ncid, "g1", 31, NC_NOERR, "group member g1");
        check_all(ncid, "g2", 32, NC_NOERR, "group member g2");
        check_all(ncid, "G", 33, NC_NOERR, "variable G");
        EXPECT_OK(&ts, ncmpi_close(ncid));
    }
    /* NC_NOCLOBBER: a file at a subfile's name is an error, and untouched */
    path_of(a, sizeof a, "nc.nc");
    snprintf(c, sizeof c, "%s.v.1", a);
    if (ts.rank == 0) { unlink(a); write_text(c, "precious"); }
    MPI_Barrier(MPI_COMM_WORLD);
    write_one(a, "v", NULL, 41, NC_NOCLOBBER, NC_EEXIST);
    if (ts.rank == 0) {
        EXPECT(&ts, file_says(c, "precious"), "NC_NOCLOBBER: %s was overwritten", c);
        snprintf(c, sizeof c, "%s.v.0", a);
        EXPECT(&ts, access(c, F_OK) != 0, "NC_NOCLOBBER: enddef failed but created %s", c);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    /* a symbolic link at a subfile's name, to a file outside: replaced,
     * the file it pointed to untouched */
    char target[512];
    path_of(target, sizeof target, "outside.txt");
    path_of(a, sizeof a, "ln.nc");
    snprintf(c, sizeof c, "%s.v.0", a);
    if (ts.rank == 0) {
        write_text(target, "precious");
        unlink(c);
        if (symlink(target, c) != 0) perror("symlink");
    }
    MPI_Barrier(MPI_COMM_WORLD);
    write_one(a, "v", NULL, 42, NC_CLOBBER, NC_NOERR);
    check_one(a, "v", 42);
    if (ts.rank == 0) {
        struct stat sb;
        EXPECT(&ts, file_says(target, "precious"), "the file a symbolic link pointed to was written");
        EXPECT(&ts, lstat(c, &sb) == 0 && S_ISREG(sb.st_mode), "%s is not a regular file now", c);
    }
    MPI_Barrier(MPI_COMM_WORLD);
}

/* ---- reopen --------------------------------------------------------------- */

static void case_reopen(void)
{
    char path[512], sub[600];
    int ncid;
    ts.where = "reopen";
    path_of(path, sizeof path, "dmg.nc");
    snprintf(sub, sizeof sub, "%s.v.1", path);
    write_vw(path, 60, NC_CLOBBER);
    long long full = file_size(sub);
    /* damaged: a subfile cut short and the dataset marked failed */
    if (ts.rank == 0) {
        if (truncate(sub, full - 12) != 0) perror("truncate");
        EXPECT(&ts, surgery_put_att(path, NULL, "subfiling_state", NC_CHAR, 8, "failed  ") == 0, "mark failed");
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Info acc = accept_info();
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_WRITE, acc, &ncid));
    check_all(ncid, "w", 61, NC_NOERR, "the intact variable");
    check_all(ncid, "v", 60, NC_ETRUNC, "the damaged variable");
    EXPECT_OK(&ts, ncmpi_close(ncid));
    expect_state(path, "failed  ", "closed without writing");
    if (ts.rank == 0) EXPECT(&ts, file_size(sub) == full - 12, "the cut subfile was padded to %lld", file_size(sub));
    MPI_Barrier(MPI_COMM_WORLD);
    /* and writing the intact variable does not earn it "complete" either */
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_WRITE, acc, &ncid));
    int w;
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "w", &w));
    put_rows(ncid, w, 62);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    expect_state(path, "failed  ", "after writing an intact variable");
    /* a dataset whose writer died: stays "writing " */
    write_vw(path, 60, NC_CLOBBER);
    if (ts.rank == 0) surgery_put_att(path, NULL, "subfiling_state", NC_CHAR, 8, "writing ");
    MPI_Barrier(MPI_COMM_WORLD);
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_WRITE, acc, &ncid));
    EXPECT_OK(&ts, ncmpi_close(ncid));
    expect_state(path, "writing ", "a dead writer's dataset opened and closed");
    MPI_Info_free(&acc);
}

/* ---- marks ---------------------------------------------------------------- */

static void case_marks(void)
{
    char path[512], sub[600], inq[700];
    int ncid, v, len = 0;
    ts.where = "marks";
    path_of(path, sizeof path, "mark.nc");
    snprintf(sub, sizeof sub, "%s.w.0", path);
    write_vw(path, 70, NC_CLOBBER);
    /* through a subfile: the whole dataset, and its mark says "writing " */
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, sub, NC_WRITE, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_inq_path(ncid, &len, inq));
    EXPECT(&ts, !strcmp(inq, path), "opened through %s: the dataset is %s, expected %s", sub, inq, path);
    expect_state(path, "writing ", "open through a subfile for writing");
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "v", &v));
    put_rows(ncid, v, 71);
    /* redef and enddef rewrite the header from PnetCDF's memory */
    EXPECT_OK(&ts, ncmpi_redef(ncid));
    EXPECT_OK(&ts, ncmpi_put_att_text(ncid, NC_GLOBAL, "note", 4, "more"));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    expect_state(path, "writing ", "after redef and enddef");
    EXPECT_OK(&ts, ncmpi_sync(ncid));
    expect_state(path, "synced  ", "after sync");
    put_rows(ncid, v, 71);
    {
        /* each process that put counts itself (doc/format.md, "The state mark") */
        char want[16] = "writing ";
        if (ts.nprocs > 1 && ts.nprocs < 10) want[7] = (char)('0' + ts.nprocs);
        if (ts.nprocs >= 10) snprintf(want, sizeof want, "w%07d", ts.nprocs);
        expect_state(path, want, "after a put that follows the sync");
    }
    EXPECT_OK(&ts, ncmpi_sync(ncid));
    expect_state(path, "synced  ", "after a second sync");
    EXPECT_OK(&ts, ncmpi_close(ncid));
    expect_state(path, "complete", "after close");
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, sub, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    check_all(ncid, "v", 71, NC_NOERR, "v written through a subfile path");
    check_all(ncid, "w", 71, NC_NOERR, "w as it was");
    EXPECT_OK(&ts, ncmpi_close(ncid));
    /* a lone subfile (its base file gone) reads, but does not write */
    char moved[600];
    snprintf(moved, sizeof moved, "%s.moved", path);
    ON_ROOT(&ts, rename(path, moved));
    agreed(ncmpi_open(MPI_COMM_WORLD, sub, NC_WRITE, MPI_INFO_NULL, &ncid), NC_EPERM, "writing a lone subfile");
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, sub, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    check_all(ncid, "w", 71, NC_NOERR, "w through its lone subfile");
    EXPECT_OK(&ts, ncmpi_close(ncid));
    ON_ROOT(&ts, rename(moved, path));
    /* created, redef/enddef: still "writing " until close */
    write_vw(path, 72, NC_CLOBBER);
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_WRITE, MPI_INFO_NULL, &ncid));
    expect_state(path, "writing ", "open for writing");
    EXPECT_OK(&ts, ncmpi_close(ncid));
    expect_state(path, "complete", "closed again");
}

/* ---- buftype -------------------------------------------------------------- */

static void case_buftype(void)
{
    char path[512];
    int ncid, v, w, req[2];
    MPI_Offset st[2], ct[2];
    MPI_Datatype every_other;
    ts.where = "buftype";
    path_of(path, sizeof path, "bt.nc");
    write_vw(path, 80, NC_CLOBBER);
    my_rows(st, ct);
    int n = (int)(ct[0] * ct[1]);
    int *big = malloc(sizeof(int) * 2 * (n + 1)), *put = malloc(sizeof(int) * 2 * (n + 1));
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_WRITE, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "v", &v));
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "w", &w));
    /* put: the new values every other slot, through a vector type freed
     * before the wait */
    int *want = malloc(sizeof(int) * (n + 1));
    fill(want, st, ct, 81);
    for (int i = 0; i < n; i++) { put[2 * i] = want[i]; put[2 * i + 1] = -7; }
    MPI_Type_vector(n, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    EXPECT_OK(&ts, ncmpi_iput_vara(ncid, w, st, ct, put, 1, every_other, &req[0]));
    MPI_Type_free(&every_other);
    agreed(ncmpi_wait_all(ncid, 1, req, NULL), NC_NOERR, "wait for an iput whose type was freed");
    /* get: into every other slot, type freed before the wait */
    for (int i = 0; i < 2 * n; i++) big[i] = -1;
    MPI_Type_vector(n, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    EXPECT_OK(&ts, ncmpi_iget_vara(ncid, w, st, ct, big, 1, every_other, &req[1]));
    MPI_Type_free(&every_other);
    /* another type made meanwhile may take the freed handle */
    MPI_Datatype other;
    MPI_Type_contiguous(3, MPI_INT, &other);
    MPI_Type_commit(&other);
    agreed(ncmpi_wait_all(ncid, 1, &req[1], NULL), NC_NOERR, "wait for an iget whose type was freed");
    MPI_Type_free(&other);
    for (int i = 0; i < n; i++)
        if (big[2 * i] != want[i] || big[2 * i + 1] != -1) {
            EXPECT(&ts, 0, "iget through a freed vector type: slot %d holds %d/%d, expected %d/-1", i,
                   big[2 * i], big[2 * i + 1], want[i]);
            break;
        }
    EXPECT_OK(&ts, ncmpi_close(ncid));
    free(big);
    free(put);
    free(want);
}

/* ---- varm ----------------------------------------------------------------- */

/* A flexible varm: the buffer every other int (a vector type), holding this
 * rank's rows transposed (imap {1, rows}). PnetCDF packs the buffer first
 * and maps the packed elements; ncsf applied the type and dropped the
 * imap, so the file held the transposed block and the round trip hid it. */
static void case_varm(void)
{
    char path[512];
    int ncid, w;
    MPI_Offset st[2], ct[2], stride[2] = {1, 1}, imap[2];
    MPI_Datatype every_other;
    ts.where = "varm";
    path_of(path, sizeof path, "varm.nc");
    write_vw(path, 90, NC_CLOBBER);
    my_rows(st, ct);
    imap[0] = 1, imap[1] = ct[0];
    int n = (int)(ct[0] * ct[1]);
    int *want = malloc(sizeof(int) * (n + 1)), *buf = malloc(sizeof(int) * 2 * (n + 1));
    fill(want, st, ct, 91); /* row-major: want[i * NY + j] */
    for (int i = 0; i < ct[0]; i++)
        for (int j = 0; j < NY; j++) {
            buf[2 * (j * ct[0] + i)] = want[i * NY + j];
            buf[2 * (j * ct[0] + i) + 1] = -7;
        }
    MPI_Type_vector(n, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_WRITE, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "w", &w));
    agreed(ncmpi_put_varm_all(ncid, w, st, ct, stride, imap, buf, 1, every_other), NC_NOERR,
           "flexible put_varm_all");
    check_all(ncid, "w", 91, NC_NOERR, "the file after a flexible, transposing put_varm");
    for (int i = 0; i < 2 * n; i++) buf[i] = -1;
    agreed(ncmpi_get_varm_all(ncid, w, st, ct, stride, imap, buf, 1, every_other), NC_NOERR,
           "flexible get_varm_all");
    for (int i = 0; i < ct[0]; i++)
        for (int j = 0; j < NY; j++)
            if (buf[2 * (j * ct[0] + i)] != want[i * NY + j] || buf[2 * (j * ct[0] + i) + 1] != -1) {
                EXPECT(&ts, 0, "get_varm: element (%d,%d) is %d (gap %d), expected %d (gap -1)", i, j,
                       buf[2 * (j * ct[0] + i)], buf[2 * (j * ct[0] + i) + 1], want[i * NY + j]);
                i = (int)ct[0];
                break;
            }
    EXPECT_OK(&ts, ncmpi_close(ncid));
    MPI_Type_free(&every_other);
    free(want);
    free(buf);
}

/* ---- erange --------------------------------------------------------------- */

static void case_erange(void)
{
    char path[512];
    int ncid, dx, b, fl;
    MPI_Info info = sf_info(2);
    ts.where = "erange";
    path_of(path, sizeof path, "erange.nc");
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, &ncid)); /* CDF-1 */
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", 4, &dx));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "b", NC_BYTE, 1, &dx, &b, info));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "fl", NC_FLOAT, 1, &dx, &fl, info));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    unsigned char uc[4] = {255, 128, 1, 0}, back[4] = {0, 0, 0, 0};
    double d[4] = {1.5, 1e300, -1e300, 2.5}, dback[4];
    MPI_Offset st = 0, ct = ts.rank == 0 ? 4 : 0;
    agreed(ncmpi_put_vara_uchar_all(ncid, b, &st, &ct, uc), NC_NOERR, "uchar 255 into a CDF-1 byte variable");
    /* NC_ERANGE is the writer's own (as in PnetCDF): the others get none */
    int e = ncmpi_put_vara_double_all(ncid, fl, &st, &ct, d);
    EXPECT(&ts, e == (ts.rank == 0 ? NC_ERANGE : NC_NOERR), "doubles beyond a float: %s", ncmpi_strerror(e));
    ct = 4;
    EXPECT_OK(&ts, ncmpi_get_vara_uchar_all(ncid, b, &st, &ct, back));
    EXPECT(&ts, !memcmp(uc, back, 4), "uchar read back %d %d %d %d", back[0], back[1], back[2], back[3]);
    signed char sc[4];
    EXPECT_OK(&ts, ncmpi_get_vara_schar_all(ncid, b, &st, &ct, sc));
    EXPECT(&ts, sc[0] == -1 && sc[1] == -128, "the bits of 255 and 128 read as %d %d", sc[0], sc[1]);
    EXPECT_OK(&ts, ncmpi_get_vara_double_all(ncid, fl, &st, &ct, dback));
    EXPECT(&ts, dback[0] == 1.5 && dback[1] == (double)NC_FILL_FLOAT && dback[2] == (double)NC_FILL_FLOAT &&
                    dback[3] == 2.5, "floats read back %g %g %g %g", dback[0], dback[1], dback[2], dback[3]);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    MPI_Info_free(&info);
}

/* ---- fill ----------------------------------------------------------------- */

static void case_fill(void)
{
    char path[512];
    int ncid, dx, dy, dt, v, r, dims[2];
    MPI_Info info = sf_info(3);
    ts.where = "fill";
    path_of(path, sizeof path, "fill.nc");
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &dt));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &dx));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &dy));
    dims[0] = dx, dims[1] = dy;
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "v", NC_INT, 2, dims, &v, info));
    dims[0] = dt, dims[1] = dx;
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "r", NC_INT, 2, dims, &r, info));
    int fv = -99;
    EXPECT_OK(&ts, ncmpi_put_att_int(ncid, r, "_FillValue", NC_INT, 1, &fv));
    EXPECT_OK(&ts, ncmpi_set_fill(ncid, NC_FILL, NULL));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    /* v: only row 0 written; r: record 1 filled, nothing written */
    MPI_Offset st[2] = {0, 0}, ct[2] = {ts.rank == 0, NY};
    int row[NY];
    for (int j = 0; j < NY; j++) row[j] = j + 1;
    EXPECT_OK(&ts, ncmpi_put_vara_int_all(ncid, v, st, ct, row));
    agreed(ncmpi_fill_var_rec(ncid, r, 1), NC_NOERR, "fill_var_rec on a subfiled record variable");
    /* in data mode (a name no longer): the subfiles follow at once */
    agreed(ncmpi_rename_var(ncid, v, "w"), NC_NOERR, "rename_var of a subfiled variable");
    EXPECT_OK(&ts, ncmpi_close(ncid));
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    int all[NX * NY], rec[2 * NX];
    MPI_Offset n = 0;
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "w", &v));
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "r", &r));
    EXPECT_OK(&ts, ncmpi_get_var_int_all(ncid, v, all));
    for (int i = 0; i < NX * NY; i++)
        if (all[i] != (i < NY ? i + 1 : NC_FILL_INT)) {
            EXPECT(&ts, 0, "v[%d] = %d, expected %d", i, all[i], i < NY ? i + 1 : NC_FILL_INT);
            break;
        }
    EXPECT_OK(&ts, ncmpi_inq_dimlen(ncid, dt, &n));
    EXPECT(&ts, n == 2, "%lld records after fill_var_rec(1), expected 2", (long long)n);
    MPI_Offset rs[2] = {0, 0}, rc[2] = {2, NX};
    EXPECT_OK(&ts, ncmpi_get_vara_int_all(ncid, r, rs, rc, rec));
    for (int i = NX; i < 2 * NX; i++)
        if (rec[i] != fv) {
            EXPECT(&ts, 0, "r[1][%d] = %d, expected the fill value %d", i - NX, rec[i], fv);
            break;
        }
    EXPECT_OK(&ts, ncmpi_close(ncid));
    MPI_Info_free(&info);
}

/* ---- dims ----------------------------------------------------------------- */

static void case_dims(void)
{
    char path[512], save[600], sub[600];
    int ncid;
    ts.where = "dims";
    path_of(path, sizeof path, "dims.nc");
    snprintf(save, sizeof save, "%s.saved", path);
    snprintf(sub, sizeof sub, "%s.v.0", path);
    write_vw(path, 90, NC_CLOBBER);
    /* subfiling_gsize says 4 x 4: the base file's dimensions say 12 x 5 */
    long long g[2] = {4, 4};
    if (ts.rank == 0) {
        EXPECT(&ts, copy_file(path, save) == 0, "copy %s", path);
        EXPECT(&ts, surgery_put_att(path, "v", "subfiling_gsize", NC_INT64, 2, g) == 0, "edit gsize");
    }
    MPI_Barrier(MPI_COMM_WORLD);
    agreed(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid), NC_EVARMETA,
           "gsize contradicting the base file's dimensions");
    /* dimnames naming the dimensions the other way round */
    ON_ROOT(&ts, rename(save, path));
    write_vw(path, 90, NC_CLOBBER);
    if (ts.rank == 0) surgery_put_att(path, "v", "subfiling_dimnames", NC_CHAR, 3, "y\nx");
    MPI_Barrier(MPI_COMM_WORLD);
    agreed(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid), NC_EVARMETA,
           "dimnames in the wrong order");
    /* a subfile whose own dimension has another length than its block,
     * every attribute as it should be */
    write_vw(path, 90, NC_CLOBBER);
    if (ts.rank == 0) EXPECT(&ts, surgery_clone_with_dimlen(sub, save, "x", 3) == 0 && rename(save, sub) == 0,
                             "clone %s with x = 3", sub);
    MPI_Barrier(MPI_COMM_WORLD);
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    check_all(ncid, "v", 90, NC_EVARMETA, "a subfile whose dimension contradicts its block");
    check_all(ncid, "w", 91, NC_NOERR, "the other variable");
    EXPECT_OK(&ts, ncmpi_close(ncid));
    /* a subfile whose subfiling_gsize contradicts the base file's, every
     * dimension as it should be (the open compares a subfile's attributes
     * with the base file's bytes before it parses them) */
    write_vw(path, 90, NC_CLOBBER);
    long long g2[2] = {12, 6};
    if (ts.rank == 0) EXPECT(&ts, surgery_put_att(sub, "v", "subfiling_gsize", NC_INT64, 2, g2) == 0, "edit %s", sub);
    MPI_Barrier(MPI_COMM_WORLD);
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    check_all(ncid, "v", 90, NC_EVARMETA, "a subfile whose subfiling_gsize contradicts the base file's");
    check_all(ncid, "w", 91, NC_NOERR, "the other variable");
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

/* ---- records2 ------------------------------------------------------------- */

static void case_records2(void)
{
    char path[512], sub[600];
    int ncid, v, d[2], p;
    ts.where = "records2";
    path_of(path, sizeof path, "rec2.nc");
    snprintf(sub, sizeof sub, "%s.r.1", path);
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", 8, &d[1]));
    MPI_Info i2 = sf_info(2);
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "r", NC_DOUBLE, 2, d, &v, i2));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "plain", NC_INT, 1, d, &p));
    MPI_Info_free(&i2);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    for (int r = 0; r < 3; r++) put_record(ncid, v, r, 10 * r, NC_NOERR, "record");
    EXPECT_OK(&ts, ncmpi_close(ncid));
    /* subfile 1 says it has 2 records and is cut to match */
    if (ts.rank == 0) {
        int fd = open(sub, O_RDWR);
        unsigned char two[4] = {0, 0, 0, 2};
        if (fd < 0 || pwrite(fd, two, 4, 4) != 4) perror(sub);
        if (fd >= 0) close(fd);
        if (truncate(sub, file_size(sub) - 4 * 8)) perror("truncate");
    }
    MPI_Barrier(MPI_COMM_WORLD);
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    MPI_Offset st[2] = {0, 0}, ct[2] = {3, 8};
    double buf[24];
    agreed(ncmpi_get_vara_double_all(ncid, v, st, ct, buf), NC_ETRUNC, "a subfile with fewer records");
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

/* ---- fifo ----------------------------------------------------------------- */

static void case_fifo(void)
{
    char path[512], sub[600];
    int ncid;
    ts.where = "fifo";
    path_of(path, sizeof path, "fifo.nc");
    snprintf(sub, sizeof sub, "%s.v.1", path);
    write_vw(path, 100, NC_CLOBBER);
    ON_ROOT(&ts, unlink(sub); if (mkfifo(sub, 0600) != 0) perror("mkfifo"));
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    check_all(ncid, "v", 100, NC_EBAD_FILE, "a FIFO for a subfile");
    check_all(ncid, "w", 101, NC_NOERR, "the other variable");
    EXPECT_OK(&ts, ncmpi_close(ncid));
    /* and a symbolic link to a device */
    ON_ROOT(&ts, unlink(sub); if (symlink("/dev/zero", sub) != 0) perror("symlink"));
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    check_all(ncid, "v", 100, NC_EBAD_FILE, "a link to /dev/zero for a subfile");
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

/* ---- climb ---------------------------------------------------------------- */

static void case_climb(void)
{
    char path[512], sub[600];
    int ncid;
    ts.where = "climb";
    path_of(path, sizeof path, "climb.nc");
    snprintf(sub, sizeof sub, "%s.v.0", path);
    write_vw(path, 110, NC_CLOBBER);
    const char *bad[] = {"../../../../../../../../dev/zero", "../climb.nc", "sub/climb.nc", "", "..",
                         "climb.nc/"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char what[200];
        snprintf(what, sizeof what, "subfiling_base \"%s\"", bad[i]);
        if (ts.rank == 0) surgery_put_att(sub, NULL, "subfiling_base", NC_CHAR, (long long)strlen(bad[i]), bad[i]);
        MPI_Barrier(MPI_COMM_WORLD);
        int err = ncmpi_open(MPI_COMM_WORLD, sub, NC_NOWRITE, MPI_INFO_NULL, &ncid);
        agreed(err, NC_EVARMETA, what);
        if (!err) ncmpi_close(ncid);
    }
}

/* ---- mixed ---------------------------------------------------------------- */

static void case_mixed(void)
{
    char path[512];
    int ncid, d[2], v, p, buf[NX * NY];
    MPI_Offset st[2], ct[2];
    ts.where = "mixed";
    path_of(path, sizeof path, "mixed.nc");
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    MPI_Info i2 = sf_info(2);
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "v", NC_INT, 2, d, &v, i2));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "p", NC_INT, 2, d, &p));
    MPI_Info_free(&i2);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    put_rows(ncid, v, 120);
    put_rows(ncid, p, 121);
    my_rows(st, ct);
    fill(buf, st, ct, 999);
    if (ts.nprocs > 1) {
        /* rank 0 the subfiled variable, the others the plain one */
        agreed(ncmpi_put_vara_int_all(ncid, ts.rank == 0 ? v : p, st, ct, buf), NC_EINVAL,
               "a subfiled variable on one rank, a plain one on the others");
        agreed(ncmpi_get_vara_int_all(ncid, ts.rank == 0 ? p : v, st, ct, buf), NC_EINVAL,
               "the same for a get");
    }
    /* an invalid variable id on the last rank only: it gets NC_ENOTVAR,
     * the others proceed (PnetCDF's contract; in safe mode all fail) */
    const char *safe = getenv("PNETCDF_SAFE_MODE");
    int safe_mode = safe && atoi(safe), last = ts.rank == ts.nprocs - 1, err;
    fill(buf, st, ct, 122);
    err = ncmpi_put_vara_int_all(ncid, last ? 77 : v, st, ct, buf);
    EXPECT(&ts, err == (last || safe_mode ? NC_ENOTVAR : NC_NOERR), "an invalid varid on one rank, the "
           "others subfiled: %s", ncmpi_strerror(err));
    err = ncmpi_put_vara_int_all(ncid, last ? -5 : p, st, ct, buf);
    EXPECT(&ts, err == (last || safe_mode ? NC_ENOTVAR : NC_NOERR), "an invalid varid on one rank, the "
           "others plain: %s", ncmpi_strerror(err));
    /* nothing was written by the refused calls; the others' rows by theirs */
    const char *names[2] = {"v", "p"};
    for (int k = 0; k < 2; k++) {
        int got[NX * NY], id;
        MPI_Offset a[2] = {0, 0}, n[2] = {NX, NY}, rs, rc;
        EXPECT_OK(&ts, ncmpi_inq_varid(ncid, names[k], &id));
        EXPECT_OK(&ts, ncmpi_get_vara_int_all(ncid, id, a, n, got));
        for (int r = 0; r < ts.nprocs; r++) {
            test_split(NX, r, ts.nprocs, &rs, &rc);
            int seed = r == ts.nprocs - 1 || safe_mode ? 120 + k : 122;
            for (MPI_Offset i = rs * NY; i < (rs + rc) * NY; i++)
                if (got[i] != (int)test_value(NC_INT, i, seed)) {
                    EXPECT(&ts, 0, "%s[%lld] = %d: rank %d's rows should have seed %d", names[k], (long long)i,
                           got[i], r, seed);
                    break;
                }
        }
    }
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

/* ---- overflow ------------------------------------------------------------- */

static void case_overflow(void)
{
    char path[512];
    int ncid, v, buf[16] = {0};
    ts.where = "overflow";
    path_of(path, sizeof path, "ovf.nc");
    ncid = make_records(path, NC_64BIT_DATA, &v);
    for (int r = 0; r < 3; r++) put_record(ncid, v, r, r, NC_NOERR, "a record");
    {
        MPI_Offset st[2] = {0, 0}, ct[2] = {((MPI_Offset)1 << 61) + 1, 1}, sd[2] = {8, 1};
        double d[4] = {0};
        agreed(ncmpi_put_vars_double_all(ncid, v, st, ct, sd, d), NC_EEDGE, "put count 2^61+1 stride 8");
        agreed(ncmpi_get_vars_double_all(ncid, v, st, ct, sd, d), NC_EEDGE, "get count 2^61+1 stride 8");
        ct[0] = INT64_MAX;
        sd[0] = 1;
        agreed(ncmpi_put_vars_double_all(ncid, v, st, ct, sd, d), NC_EEDGE, "put count 2^63-1");
        st[0] = 5;
        ct[0] = INT64_MAX - 2;
        agreed(ncmpi_get_vara_double_all(ncid, v, st, ct, d), NC_EINVALCOORDS, "get from a record never written");
        st[0] = 1;
        ct[0] = INT64_MAX;
        agreed(ncmpi_get_vara_double_all(ncid, v, st, ct, d), NC_EEDGE, "get 2^63-1 records");
    }
    EXPECT_OK(&ts, ncmpi_close(ncid));
    (void)buf;
}

/* ---- newline -------------------------------------------------------------- */

static void case_newline(void)
{
    char path[512];
    int ncid, d[2], v;
    ts.where = "newline";
    /* a subfiling_dir with a newline */
    path_of(path, sizeof path, "nl.nc");
    MPI_Info ci;
    MPI_Info_create(&ci);
    MPI_Info_set(ci, "subfiling", "enable");
    MPI_Info_set(ci, "subfiling_dir", "parts\nx");
    agreed(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, ci, &ncid), NC_EINVAL, "subfiling_dir with a newline");
    MPI_Info_free(&ci);
    /* a base file name with a newline, subfiling asked at create: no file */
    path_of(path, sizeof path, "new\nline.nc");
    MPI_Info_create(&ci);
    MPI_Info_set(ci, "subfiling", "enable");
    agreed(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, ci, &ncid), NC_EBADNAME, "a base name with a newline");
    MPI_Info_free(&ci);
    MPI_Barrier(MPI_COMM_WORLD);
    if (ts.rank == 0) EXPECT(&ts, access(path, F_OK) != 0, "a file was created for a refused name");
    /* ... and asked at def_var: refused there, the dataset usable */
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    MPI_Info i2 = sf_info(2);
    agreed(ncmpi_def_var(ncid, "v", NC_INT, 2, d, &v, i2), NC_EBADNAME, "subfiling a variable of such a file");
    MPI_Info_free(&i2);
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "v", NC_INT, 2, d, &v));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    put_rows(ncid, v, 130);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    ON_ROOT(&ts, unlink(path));
}

/* ---- enddef --------------------------------------------------------------- */

static void case_enddef(void)
{
    char path[512], plain[600];
    int ncid, d[2], v, w;
    ts.where = "enddef";
    path_of(path, sizeof path, "ed.nc");
    snprintf(plain, sizeof plain, "%s/blocker", dir);
    ON_ROOT(&ts, write_text(plain, "a file"));
    MPI_Info ci;
    MPI_Info_create(&ci);
    MPI_Info_set(ci, "subfiling_dir", "blocker/sub");
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, ci, &ncid));
    MPI_Info_free(&ci);
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    MPI_Info i2 = sf_info(2);
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "v", NC_INT, 2, d, &v, i2));
    MPI_Info_free(&i2);
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "w", NC_INT, 2, d, &w));
    agreed(ncmpi_enddef(ncid), NC_EBAD_FILE, "enddef with the subfile directory blocked");
    MPI_Offset st[2], ct[2];
    int buf[NX * NY];
    my_rows(st, ct);
    fill(buf, st, ct, 140);
    agreed(ncmpi_put_vara_int_all(ncid, v, st, ct, buf), NC_EBAD_FILE, "a put after the failed enddef");
    if (ts.rank == 0) EXPECT(&ts, strstr(ncsf_errmsg(ncid), "enddef") != NULL, "message: %s", ncsf_errmsg(ncid));
    agreed(ncmpi_put_vara_int_all(ncid, w, st, ct, buf), NC_NOERR, "the plain variable still writes");
    agreed(ncmpi_close(ncid), NC_EBAD_FILE, "close repeats the failure");

    /* a name whose subfile names cannot be file names: refused at def_var */
    path_of(path, sizeof path, "long.nc");
    char name[NC_MAX_NAME + 1];
    memset(name, '.', 200);  /* 600 bytes escaped */
    name[0] = 'a';
    name[200] = 0;
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    i2 = sf_info(2);
    agreed(ncmpi_def_var(ncid, name, NC_INT, 2, d, &v, i2), NC_EMAXNAME, "a name too long for a subfile name");
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "v", NC_INT, 2, d, &v, i2));
    MPI_Info_free(&i2);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    put_rows(ncid, v, 141);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    expect_state(path, "complete", "the dataset after the refused name");
}

/* ---- why ------------------------------------------------------------------ */

static void case_why(void)
{
    char path[512], msg[512] = "", all[512];
    int ncid;
    ts.where = "why";
    path_of(path, sizeof path, "why.nc");
    write_vw(path, 150, NC_CLOBBER);
    if (ts.rank == 0) surgery_put_att(path, NULL, "subfiling_state", NC_CHAR, 8, "writing ");
    MPI_Barrier(MPI_COMM_WORLD);
    agreed(ncsf_open_ex(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid, msg, sizeof msg), NC_ETRUNC,
           "an unfinished dataset");
    EXPECT(&ts, strstr(msg, "why.nc") && strstr(msg, "did not close"), "reason: \"%s\"", msg);
    /* the same text on every rank */
    if (ts.rank == 0) memcpy(all, msg, sizeof all);
    MPI_Bcast(all, sizeof all, MPI_CHAR, 0, MPI_COMM_WORLD);
    EXPECT(&ts, !strcmp(all, msg), "rank %d says \"%s\", rank 0 \"%s\"", ts.rank, msg, all);
    /* a bad hint at create */
    MPI_Info ci;
    MPI_Info_create(&ci);
    MPI_Info_set(ci, "subfiling_nfiles", "many");
    agreed(ncsf_create_ex(MPI_COMM_WORLD, path, NC_CLOBBER, ci, &ncid, msg, sizeof msg), NC_EINVAL, "a bad hint");
    EXPECT(&ts, strstr(msg, "subfiling_nfiles") != NULL, "reason: \"%s\"", msg);
    MPI_Info_free(&ci);
}

/* ---- multi: mput/mget and vard ------------------------------------------- */

static void case_multi(void)
{
    char path[512];
    int ncid, d[2], v, w, o;
    MPI_Offset st[2], ct[2];
    ts.where = "multi";
    path_of(path, sizeof path, "multi.nc");
    ncid = define_vw(path, NC_CLOBBER, d, &v, &w);
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "o", NC_INT, 2, d, &o, MPI_INFO_NULL));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));

    /* three variables (two subfiled, one not) in one collective mput */
    my_rows(st, ct);
    int n = (int)(ct[0] * ct[1]);
    int *bv = malloc(sizeof(int) * (n + 1)), *bw = malloc(sizeof(int) * (n + 1)),
        *bo = malloc(sizeof(int) * (n + 1));
    fill(bv, st, ct, 160);
    fill(bw, st, ct, 161);
    fill(bo, st, ct, 162);
    int vars[3] = {v, w, o};
    MPI_Offset *sts[3] = {st, st, st}, *cts[3] = {ct, ct, ct};
    int *bufs[3] = {bv, bw, bo};
    agreed(ncmpi_mput_vara_int_all(ncid, 3, vars, sts, cts, bufs), NC_NOERR, "mput_vara_int_all");
    check_all(ncid, "v", 160, NC_NOERR, "v after mput_vara_int_all");
    check_all(ncid, "w", 161, NC_NOERR, "w after mput_vara_int_all");
    check_all(ncid, "o", 162, NC_NOERR, "o after mput_vara_int_all");

    /* flexible mput_var1 of one element per variable from the last rank
     * only: the other ranks name no request at all (a collective call
     * with different numbers of requests) */
    int last = ts.rank == ts.nprocs - 1, e1 = -5, e2 = -6;
    MPI_Offset at_v[2] = {NX - 1, NY - 1}, at_w[2] = {0, 1};
    MPI_Offset *sts1[2] = {at_v, at_w}, counts1[2] = {1, 1};
    void *bufs1[2] = {&e1, &e2};
    MPI_Datatype types1[2] = {MPI_INT, MPI_INT};
    agreed(ncmpi_mput_var1_all(ncid, last ? 2 : 0, vars, sts1, bufs1, counts1, types1), NC_NOERR,
           "mput_var1_all from one rank");

    /* mget, independent, strided with NULL strides, typed; then the two
     * elements through get_var1 */
    EXPECT_OK(&ts, ncmpi_begin_indep_data(ncid));
    int *gv = malloc(sizeof(int) * NX * NY), *gw = malloc(sizeof(int) * NX * NY);
    MPI_Offset all_st[2] = {0, 0}, all_ct[2] = {NX, NY};
    MPI_Offset *gsts[2] = {all_st, all_st}, *gcts[2] = {all_ct, all_ct};
    int *gbufs[2] = {gv, gw};
    EXPECT_OK(&ts, ncmpi_mget_vars_int(ncid, 2, vars, gsts, gcts, NULL, gbufs));
    for (int i = 0; i < NX * NY; i++) {
        int wv = i == NX * NY - 1 ? -5 : (int)test_value(NC_INT, i, 160);
        int ww = i == 1 ? -6 : (int)test_value(NC_INT, i, 161);
        if (gv[i] != wv || gw[i] != ww) {
            EXPECT(&ts, 0, "mget_vars_int: v[%d] = %d (want %d), w[%d] = %d (want %d)", i, gv[i], wv, i, gw[i], ww);
            break;
        }
    }
    int got = 0;
    EXPECT_OK(&ts, ncmpi_mget_var1_int(ncid, 1, &w, sts1 + 1, (int *[]){&got}));
    EXPECT(&ts, got == -6, "mget_var1_int: w[0][1] = %d, expected -6", got);
    /* a bad coordinate in the second request: that error, and, as in
     * PnetCDF (which checks every request before it posts any), the
     * first request not done either */
    MPI_Offset bad[2] = {NX, 0};
    MPI_Offset *stsb[2] = {all_st, bad};
    int g0 = -12345, g1 = -12345;
    int eb = ncmpi_mget_var1_int(ncid, 2, vars, stsb, (int *[]){&g0, &g1});
    EXPECT(&ts, eb == NC_EINVALCOORDS && g0 == -12345 && g1 == -12345,
           "mget_var1_int with a bad coordinate: %s, values %d %d (want both untouched)",
           ncmpi_strerror(eb), g0, g1);

    /* vard on a fixed subfiled variable: carried out as a varn (read, then
     * the same values written back) */
    MPI_Datatype ft;
    int sizes[2] = {NX, NY}, subs[2] = {(int)ct[0] ? (int)ct[0] : 1, NY}, starts[2] = {(int)st[0] < NX ? (int)st[0] : 0, 0};
    MPI_Type_create_subarray(2, sizes, subs, starts, MPI_ORDER_C, MPI_INT, &ft);
    MPI_Type_commit(&ft);
    int *junk = calloc((size_t)NX * NY, sizeof(int));
    if (VARD_DEPRECATED) {
        /* PnetCDF 1.15: every vard call refused, subfiled variable or not;
         * o written with a vara instead, for the checks below */
        EXPECT_ERR(&ts, ncmpi_get_vard(ncid, v, ft, junk, (MPI_Offset)subs[0] * NY, MPI_INT), NC_ENOTSUPPORT);
        EXPECT_ERR(&ts, ncmpi_put_vard(ncid, v, ft, junk, (MPI_Offset)subs[0] * NY, MPI_INT), NC_ENOTSUPPORT);
        EXPECT_OK(&ts, ncmpi_end_indep_data(ncid));
        agreed(ncmpi_get_vard_all(ncid, o, ft, junk, (MPI_Offset)subs[0] * NY, MPI_INT), NC_ENOTSUPPORT,
               "get_vard_all of an ordinary variable (1.15)");
        agreed(ncmpi_get_vard_all(ncid, w, ft, junk, (MPI_Offset)subs[0] * NY, MPI_INT), NC_ENOTSUPPORT,
               "get_vard_all of a subfiled variable (1.15)");
        MPI_Offset ost[2] = {starts[0], 0}, oct[2] = {subs[0], NY};
        EXPECT_OK(&ts, ncmpi_get_vara_int_all(ncid, o, ost, oct, junk));
    } else {
    EXPECT_OK(&ts, ncmpi_get_vard(ncid, v, ft, junk, (MPI_Offset)subs[0] * NY, MPI_INT));
    EXPECT_OK(&ts, ncmpi_put_vard(ncid, v, ft, junk, (MPI_Offset)subs[0] * NY, MPI_INT));
    EXPECT_OK(&ts, ncmpi_end_indep_data(ncid));
    /* collective: a subfiled variable on some ranks, an ordinary one on
     * others: refused on every rank (as for every call) */
    if (ts.nprocs > 1)
        agreed(ncmpi_put_vard_all(ncid, ts.rank == 0 ? v : o, ft, junk, (MPI_Offset)subs[0] * NY, MPI_INT),
               NC_EINVAL, "put_vard_all naming a subfiled variable on rank 0");
    agreed(ncmpi_get_vard_all(ncid, w, ft, junk, (MPI_Offset)subs[0] * NY, MPI_INT), NC_NOERR,
           "get_vard_all of a subfiled variable");
    /* on the ordinary variable it is PnetCDF's */
    agreed(ncmpi_get_vard_all(ncid, o, ft, junk, (MPI_Offset)subs[0] * NY, MPI_INT), NC_NOERR,
           "get_vard_all of an ordinary variable");
    }
    for (int i = 0; i < subs[0] * NY; i++)
        if (junk[i] != (int)test_value(NC_INT, starts[0] * NY + i, 162)) {
            EXPECT(&ts, 0, "get_vard_all of o: element %d is %d", i, junk[i]);
            break;
        }
    MPI_Type_free(&ft);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    /* and nothing of the refused calls reached the files */
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    int *r = malloc(sizeof(int) * NX * NY);
    EXPECT_OK(&ts, ncmpi_get_vara_int_all(ncid, v, all_st, all_ct, r));
    for (int i = 0; i < NX * NY; i++)
        if (r[i] != (i == NX * NY - 1 ? -5 : (int)test_value(NC_INT, i, 160))) {
            EXPECT(&ts, 0, "v[%d] = %d after reopening", i, r[i]);
            break;
        }
    EXPECT_OK(&ts, ncmpi_close(ncid));
    free(r);
    free(junk);
    free(gv);
    free(gw);
    free(bv);
    free(bw);
    free(bo);
}

/* ---- hidden: ncsf's own attributes out of the API's counts ---------------- */

static void case_hidden(void)
{
    char path[512], copy[512];
    int ncid, d[2], v;
    ts.where = "hidden";
    path_of(path, sizeof path, "hidden.nc");
    path_of(copy, sizeof copy, "copy.nc");
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    MPI_Info i3 = sf_info(3);
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "v", NC_INT, 2, d, &v, i3));
    MPI_Info_free(&i3);
    EXPECT_OK(&ts, ncmpi_put_att_text(ncid, v, "units", 1, "K"));
    EXPECT_OK(&ts, ncmpi_put_att_text(ncid, NC_GLOBAL, "title", 4, "test"));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    put_rows(ncid, v, 170);
    /* an attribute put after enddef comes after ncsf's own on disk */
    EXPECT_OK(&ts, ncmpi_redef(ncid));
    int one = 1;
    EXPECT_OK(&ts, ncmpi_put_att_int(ncid, v, "late", NC_INT, 1, &one));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    EXPECT_OK(&ts, ncmpi_close(ncid));

    /* the application's view, through the base file and through a subfile */
    char sub[600];
    snprintf(sub, sizeof sub, "%s.v.1", path);
    const char *via[2] = {path, sub};
    for (int w = 0; w < 2; w++) {
        int natts = -1, ngatts = -1, ngatts2 = -1, id = -1;
        char name[NC_MAX_NAME + 1];
        EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, via[w], NC_NOWRITE, MPI_INFO_NULL, &ncid));
        EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "v", &v));
        EXPECT_OK(&ts, ncmpi_inq_varnatts(ncid, v, &natts));
        EXPECT(&ts, natts == 2, "via %s: inq_varnatts says %d, the application put 2", via[w], natts);
        EXPECT_OK(&ts, ncmpi_inq_var(ncid, v, NULL, NULL, NULL, NULL, &natts));
        EXPECT(&ts, natts == 2, "via %s: inq_var says %d attributes", via[w], natts);
        EXPECT_OK(&ts, ncmpi_inq_natts(ncid, &ngatts));
        EXPECT_OK(&ts, ncmpi_inq(ncid, NULL, NULL, &ngatts2, NULL));
        EXPECT(&ts, ngatts == 1 && ngatts2 == 1, "via %s: %d / %d global attributes, the application put 1",
               via[w], ngatts, ngatts2);
        EXPECT_OK(&ts, ncmpi_inq_attname(ncid, v, 0, name));
        EXPECT(&ts, !strcmp(name, "units"), "attribute 0 is %s", name);
        EXPECT_OK(&ts, ncmpi_inq_attname(ncid, v, 1, name));
        EXPECT(&ts, !strcmp(name, "late"), "attribute 1 is %s", name);
        EXPECT(&ts, ncmpi_inq_attname(ncid, v, 2, name) == NC_ENOTATT, "attribute 2 exists: %s", name);
        EXPECT_OK(&ts, ncmpi_inq_attid(ncid, v, "late", &id));
        EXPECT(&ts, id == 1, "inq_attid(late) = %d", id);
        EXPECT(&ts, ncmpi_inq_attid(ncid, v, "subfiling_nfiles", &id) == NC_ENOTATT,
               "inq_attid of ncsf's own attribute");
        /* by name, still there */
        int nf = 0;
        EXPECT_OK(&ts, ncmpi_get_att_int(ncid, v, "subfiling_nfiles", &nf));
        EXPECT(&ts, nf == 3, "subfiling_nfiles read by name: %d", nf);
        if (w == 0) {
            /* the loop an application writes to copy a variable's
             * attributes: the copy is an ordinary variable */
            int out, dd[2], cv, n;
            EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, copy, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &out));
            EXPECT_OK(&ts, ncmpi_def_dim(out, "x", NX, &dd[0]));
            EXPECT_OK(&ts, ncmpi_def_dim(out, "y", NY, &dd[1]));
            EXPECT_OK(&ts, ncmpi_def_var(out, "v", NC_INT, 2, dd, &cv));
            EXPECT_OK(&ts, ncmpi_inq_varnatts(ncid, v, &n));
            for (int a = 0; a < n; a++) {
                EXPECT_OK(&ts, ncmpi_inq_attname(ncid, v, a, name));
                EXPECT_OK(&ts, ncmpi_copy_att(ncid, v, name, out, cv));
            }
            EXPECT_OK(&ts, ncmpi_enddef(out));
            int buf[NX * NY];
            MPI_Offset st[2] = {0, 0}, ct[2] = {NX, NY};
            EXPECT_OK(&ts, ncmpi_get_vara_int_all(ncid, v, st, ct, buf));
            EXPECT_OK(&ts, ncmpi_put_vara_int_all(out, cv, st, ct, buf));
            EXPECT_OK(&ts, ncmpi_close(out));
        }
        check_all(ncid, "v", 170, NC_NOERR, "v");
        EXPECT_OK(&ts, ncmpi_close(ncid));
    }
    /* the copy: two attributes, no subfiles, the data in the file itself */
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, copy, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    int natts = -1, nd = -1;
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "v", &v));
    EXPECT_OK(&ts, ncmpi_inq_varnatts(ncid, v, &natts));
    EXPECT_OK(&ts, ncmpi_inq_varndims(ncid, v, &nd));
    EXPECT(&ts, natts == 2 && nd == 2, "the copy: %d attributes, %d dimensions", natts, nd);
    check_all(ncid, "v", 170, NC_NOERR, "the copy");
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

/* ---- pgrid ----------------------------------------------------------------
 * subfiling_pgrid gives the block grid exactly, one count per dimension of
 * subfiling_dims in the order named (the factoring of subfiling_nfiles
 * alone would give x 5 by y 3 here, not 3 by 5). */

static MPI_Info grid_info(const char *dims, const char *pgrid, const char *nfiles)
{
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    if (dims) MPI_Info_set(info, "subfiling_dims", dims);
    if (pgrid) MPI_Info_set(info, "subfiling_pgrid", pgrid);
    if (nfiles) MPI_Info_set(info, "subfiling_nfiles", nfiles);
    return info;
}

static void case_pgrid(void)
{
    char path[512];
    int ncid, d[3], v, enabled = 0, nf = 0, grid[2] = {0, 0};
    ts.where = "pgrid";
    path_of(path, sizeof path, "pgrid.nc");
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "two", 2, &d[2]));
    /* refused, each on every process, nothing defined */
    static const struct { const char *dims, *pgrid, *nfiles, *what; } bad[] = {
        {"y,x", "5,3", "14", "a grid of 15 with subfiling_nfiles=14"},
        {"y,x", "5", NULL, "one count for two dimensions"},
        {"y,x", "6,3", NULL, "6 blocks along y of length 5"},
        {"y,x", "5,0", NULL, "a count of 0"},
        {"y,x", "5,,3", NULL, "an empty count"},
        {"y,x", "5,3x", NULL, "a count that is not a number"},
        {NULL, "2,2", NULL, "two counts for the one default dimension"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        MPI_Info info = grid_info(bad[i].dims, bad[i].pgrid, bad[i].nfiles);
        agreed(ncmpi_def_var(ncid, "bad", NC_INT, 2, d, &v, info), NC_EINVAL, bad[i].what);
        MPI_Info_free(&info);
    }
    int nvars = -1;
    EXPECT_OK(&ts, ncmpi_inq_nvars(ncid, &nvars));
    EXPECT(&ts, nvars == 0, "%d variables after refused definitions", nvars);
    MPI_Info info = grid_info("y,x", "5,3", "15");
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "v", NC_INT, 2, d, &v, info));
    MPI_Info_free(&info);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    put_rows(ncid, v, 180);
    EXPECT_OK(&ts, ncmpi_close(ncid));

    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "v", &v));
    EXPECT_OK(&ts, ncsf_inq_var_subfiling(ncid, v, &enabled, &nf));
    EXPECT(&ts, enabled && nf == 15, "v: subfiled %d, %d subfiles (15 wanted)", enabled, nf);
    /* the grid on disk is by dimension number: x then y */
    EXPECT_OK(&ts, ncmpi_get_att_int(ncid, v, "subfiling_pgrid", grid));
    EXPECT(&ts, grid[0] == 3 && grid[1] == 5, "subfiling_pgrid on disk is %d,%d, not 3,5", grid[0], grid[1]);
    check_all(ncid, "v", 180, NC_NOERR, "v");
    EXPECT_OK(&ts, ncmpi_close(ncid));

    /* for the whole file: with dimensions by number, a variable too short
     * for the grid stays in the base file without a word */
    char p2[512];
    path_of(p2, sizeof p2, "pgrid2.nc");
    info = grid_info("0", "4", NULL);
    MPI_Info_set(info, "subfiling_min_size", "0");
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, p2, NC_CLOBBER | NC_64BIT_DATA, info, &ncid));
    MPI_Info_free(&info);
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "two", 2, &d[2]));
    int w, dd[2] = {d[2], d[1]};
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "v", NC_INT, 2, d, &v));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "short", NC_INT, 2, dd, &w));
    EXPECT(&ts, ncsf_errmsg(ncid)[0] == 0, "a skip by design left a message: %s", ncsf_errmsg(ncid));
    EXPECT_OK(&ts, ncsf_inq_var_subfiling(ncid, v, &enabled, &nf));
    EXPECT(&ts, enabled && nf == 4, "file grid: v subfiled %d into %d", enabled, nf);
    EXPECT_OK(&ts, ncsf_inq_var_subfiling(ncid, w, &enabled, &nf));
    EXPECT(&ts, !enabled, "file grid: a variable of 2 rows split into 4");
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    put_rows(ncid, v, 181);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, p2, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    check_all(ncid, "v", 181, NC_NOERR, "v, file grid");
    EXPECT_OK(&ts, ncmpi_close(ncid));
    /* a file grid of two counts without subfiling_dims: refused at create */
    info = grid_info(NULL, "2,2", NULL);
    agreed(ncmpi_create(MPI_COMM_WORLD, p2, NC_CLOBBER, info, &ncid), NC_EINVAL,
           "a file grid of two counts with the one default dimension");
    MPI_Info_free(&info);
}


/* Creates a dataset with v(x, y) in 3 subfiles and the record variable
 * r(t, x) in 2 (d: x, y, t); it is left in define mode. */
static int define_vr(const char *path, int *d, int *v, int *r)
{
    int ncid, rd[2];
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &d[2]));
    MPI_Info i3 = sf_info(3), i2 = sf_info(2);
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "v", NC_INT, 2, d, v, i3));
    rd[0] = d[2];
    rd[1] = d[0];
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "r", NC_DOUBLE, 2, rd, r, i2));
    MPI_Info_free(&i3);
    MPI_Info_free(&i2);
    return ncid;
}

/* ---- lateatt ---------------------------------------------------------------
 * Attributes changed after the subfiles exist (redef ... enddef) reach
 * every subfile, even when the longer header moves the data behind it (of
 * a fixed and of a record variable); a variable renamed in define mode is
 * renamed in its subfiles; the dataset keeps reading right in the same
 * open (plans and learnt offsets renewed) and after; ncsf's own attribute
 * names are refused with NC_ENAMEINUSE. */

/* every value of rows 0..NX-1 of v read independently (each rank all) */
static void check_indep(int ncid, int v, int seed, const char *what)
{
    int buf[NX * NY];
    MPI_Offset st[2] = {0, 0}, ct[2] = {NX, NY};
    EXPECT_OK(&ts, ncmpi_begin_indep_data(ncid));
    EXPECT_OK(&ts, ncmpi_get_vara_int(ncid, v, st, ct, buf));
    EXPECT_OK(&ts, ncmpi_end_indep_data(ncid));
    for (int i = 0; i < NX * NY; i++)
        if (buf[i] != (int)test_value(NC_INT, i, seed)) {
            EXPECT(&ts, 0, "%s: v[%d] = %d, expected %d", what, i, buf[i], (int)test_value(NC_INT, i, seed));
            break;
        }
}

static void case_lateatt(void)
{
    char path[512], sub[600], got[4100];
    static char longtext[4000];
    int ncid, d[3], v, r, one = 1;
    ts.where = "lateatt";
    memset(longtext, 'a', sizeof longtext);
    for (size_t i = 0; i < sizeof longtext; i += 97) longtext[i] = (char)('A' + i % 26);
    path_of(path, sizeof path, "late.nc");
    ncid = define_vr(path, d, &v, &r);
    EXPECT_OK(&ts, ncmpi_put_att_text(ncid, v, "units", 1, "K"));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    put_rows(ncid, v, 190);
    for (int rec = 0; rec < 3; rec++) {
        MPI_Offset st[2] = {rec, 0}, ct[2] = {1, ts.rank == 0 ? NX : 0};
        double buf[NX];
        for (int i = 0; i < NX; i++) buf[i] = 100.0 * rec + i;
        EXPECT_OK(&ts, ncmpi_put_vara_double_all(ncid, r, st, ct, buf));
    }
    /* offsets learnt by every rank, before the headers change */
    check_indep(ncid, v, 190, "independent read before");

    EXPECT_OK(&ts, ncmpi_redef(ncid));
    agreed(ncmpi_put_att_int(ncid, v, "subfiling_nfiles", NC_INT, 1, &one), NC_ENAMEINUSE,
           "put_att of ncsf's own attribute");
    agreed(ncmpi_put_att_text(ncid, NC_GLOBAL, "subfiling_mine", 1, "x"), NC_ENAMEINUSE,
           "a global attribute named like ncsf's");
    agreed(ncmpi_del_att(ncid, v, "subfiling_pgrid"), NC_ENAMEINUSE, "del_att of ncsf's own attribute");
    agreed(ncmpi_rename_att(ncid, v, "units", "subfiling_units"), NC_ENAMEINUSE,
           "rename_att to one of ncsf's names");
    agreed(ncmpi_copy_att(ncid, v, "units", ncid, r), NC_NOERR, "copy_att onto r");
    EXPECT_OK(&ts, ncmpi_put_att_text(ncid, v, "long", sizeof longtext, longtext));
    EXPECT_OK(&ts, ncmpi_put_att_text(ncid, r, "long", sizeof longtext, longtext));
    EXPECT_OK(&ts, ncmpi_del_att(ncid, v, "units"));
    /* renamed in define mode, to a longer name: at the enddef */
    EXPECT_OK(&ts, ncmpi_rename_var(ncid, r, "series"));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));

    /* the same open: independent reads (what was learnt before is stale),
     * collective ones, one more record */
    check_indep(ncid, v, 190, "independent read after");
    check_all(ncid, "v", 190, NC_NOERR, "v after the headers grew");
    {
        MPI_Offset st[2] = {3, 0}, ct[2] = {1, ts.rank == 0 ? NX : 0};
        double buf[NX];
        for (int i = 0; i < NX; i++) buf[i] = 300.0 + i;
        EXPECT_OK(&ts, ncmpi_put_vara_double_all(ncid, r, st, ct, buf));
    }
    EXPECT_OK(&ts, ncmpi_close(ncid));

    /* each subfile has what the base file has */
    MPI_Barrier(MPI_COMM_WORLD);
    if (ts.rank == 0) {
        for (int k = 0; k < 3; k++) {
            snprintf(sub, sizeof sub, "%s.v.%d", path, k);
            memset(got, 0, sizeof got);
            EXPECT(&ts, surgery_get_text(sub, "v", "long", got, sizeof got) == 0 &&
                   !memcmp(got, longtext, sizeof longtext), "%s: the long attribute", sub);
            EXPECT(&ts, surgery_get_text(sub, "v", "units", got, sizeof got) != 0, "%s: units not deleted", sub);
        }
        for (int k = 0; k < 2; k++) {
            snprintf(sub, sizeof sub, "%s.r.%d", path, k);
            memset(got, 0, sizeof got);
            EXPECT(&ts, surgery_get_text(sub, "series", "units", got, sizeof got) == 0 && !strcmp(got, "K"),
                   "%s: units copied onto r, renamed series", sub);
            EXPECT(&ts, surgery_get_text(sub, "series", "long", got, sizeof got) == 0 &&
                   !memcmp(got, longtext, sizeof longtext), "%s: the long attribute of r", sub);
        }
    }
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    check_all(ncid, "v", 190, NC_NOERR, "v reopened");
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "series", &r));
    MPI_Offset nrec = 0;
    EXPECT_OK(&ts, ncmpi_inq_dimlen(ncid, d[2], &nrec));
    EXPECT(&ts, nrec == 4, "%lld records, 4 written", (long long)nrec);
    for (int rec = 0; rec < 4; rec++) {
        MPI_Offset st[2] = {rec, 0}, ct[2] = {1, NX};
        double buf[NX];
        EXPECT_OK(&ts, ncmpi_get_vara_double_all(ncid, r, st, ct, buf));
        for (int i = 0; i < NX; i++)
            if (buf[i] != 100.0 * rec + i) {
                EXPECT(&ts, 0, "r[%d][%d] = %g, expected %g", rec, i, buf[i], 100.0 * rec + i);
                break;
            }
    }
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

/* ---- indefine --------------------------------------------------------------
 * iput posted in define mode, right after def_var, waits for the enddef
 * (PnetCDF allows it; ncsf gave NC_EINDEFINE), for a fixed and a record
 * variable; a blocking put there is still NC_EINDEFINE. */

static void case_indefine(void)
{
    char path[512];
    int ncid, d[3], v, r, req[2], st[2];
    ts.where = "indefine";
    path_of(path, sizeof path, "indef.nc");
    ncid = define_vr(path, d, &v, &r);
    MPI_Offset s0[2], c0[2];
    int buf[NX * NY];
    my_rows(s0, c0);
    fill(buf, s0, c0, 200);
    EXPECT_OK(&ts, ncmpi_iput_vara_int(ncid, v, s0, c0, buf, &req[0]));
    MPI_Offset s1[2] = {1, 0}, c1[2] = {1, ts.rank == 0 ? NX : 0};
    double rec[NX];
    for (int i = 0; i < NX; i++) rec[i] = 7.0 * i;
    EXPECT_OK(&ts, ncmpi_iput_vara_double(ncid, r, s1, c1, rec, &req[1]));
    agreed(ncmpi_put_vara_int_all(ncid, v, s0, c0, buf), NC_EINDEFINE, "a blocking put in define mode");
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    EXPECT_OK(&ts, ncmpi_wait_all(ncid, 2, req, st));
    EXPECT(&ts, st[0] == NC_NOERR && st[1] == NC_NOERR, "statuses %d %d", st[0], st[1]);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    check_all(ncid, "v", 200, NC_NOERR, "v put in define mode");
    MPI_Offset n = 0, s2[2] = {1, 0}, c2[2] = {1, NX};
    EXPECT_OK(&ts, ncmpi_inq_dimlen(ncid, d[2], &n));
    EXPECT(&ts, n == 2, "%lld records, 2 expected", (long long)n);
    double got[NX];
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "r", &r));
    EXPECT_OK(&ts, ncmpi_get_vara_double_all(ncid, r, s2, c2, got));
    for (int i = 0; i < NX; i++)
        if (got[i] != 7.0 * i) { EXPECT(&ts, 0, "r[1][%d] = %g, expected %g", i, got[i], 7.0 * i); break; }
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

/* ---- sharedbuf -------------------------------------------------------------
 * Non-blocking puts write from the caller's buffer, byte swapped in place
 * only during their wait: one buffer posted for two variables (and half
 * of it for a third) must reach all of them right, and be as it was after
 * the wait. */

static void case_sharedbuf(void)
{
    enum { R = 64, C = 64 };
    char path[512];
    int ncid, d[2], v[3], req[3], st[3];
    ts.where = "sharedbuf";
    path_of(path, sizeof path, "shared.nc");
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "r", R, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "c", C, &d[1]));
    MPI_Info i2 = sf_info(2);
    const char *names[3] = {"a", "b", "h"};
    for (int k = 0; k < 3; k++) EXPECT_OK(&ts, ncmpi_def_var(ncid, names[k], NC_DOUBLE, 2, d, &v[k], i2));
    MPI_Info_free(&i2);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    MPI_Offset s0[2], c0[2];
    test_split(R, ts.rank, ts.nprocs, &s0[0], &c0[0]);
    s0[1] = 0;
    c0[1] = C;
    double *buf = malloc(sizeof(double) * R * C), *orig = malloc(sizeof(double) * R * C);
    for (MPI_Offset i = 0; i < c0[0] * C; i++) buf[i] = orig[i] = test_value(NC_DOUBLE, s0[0] * C + i, 210);
    EXPECT_OK(&ts, ncmpi_iput_vara_double(ncid, v[0], s0, c0, buf, &req[0]));
    EXPECT_OK(&ts, ncmpi_iput_vara_double(ncid, v[1], s0, c0, buf, &req[1]));
    /* the second half of this rank's rows, from the middle of the buffer */
    MPI_Offset s1[2] = {s0[0] + c0[0] / 2, 0}, c1[2] = {c0[0] - c0[0] / 2, C};
    EXPECT_OK(&ts, ncmpi_iput_vara_double(ncid, v[2], s1, c1, buf + (c0[0] / 2) * C, &req[2]));
    EXPECT_OK(&ts, ncmpi_wait_all(ncid, 3, req, st));
    EXPECT(&ts, st[0] == NC_NOERR && st[1] == NC_NOERR && st[2] == NC_NOERR, "statuses %d %d %d", st[0], st[1], st[2]);
    EXPECT(&ts, !memcmp(buf, orig, sizeof(double) * c0[0] * C), "the caller's buffer changed across the wait");
    EXPECT_OK(&ts, ncmpi_close(ncid));
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    double *all = malloc(sizeof(double) * R * C);
    MPI_Offset a[2] = {0, 0}, n[2] = {R, C};
    for (int k = 0; k < 3; k++) {
        EXPECT_OK(&ts, ncmpi_get_vara_double_all(ncid, v[k], a, n, all));
        for (MPI_Offset i = 0; i < R * C; i++) {
            MPI_Offset row = i / C, rs, rc;
            int owner = 0;
            for (int r = 0; r < ts.nprocs; r++) {
                test_split(R, r, ts.nprocs, &rs, &rc);
                if (row >= rs && row < rs + rc) { owner = r; break; }
            }
            test_split(R, owner, ts.nprocs, &rs, &rc);
            int written = k < 2 || row >= rs + rc / 2;
            double want = written ? test_value(NC_DOUBLE, i, 210) : 0;
            if (all[i] != want) {
                EXPECT(&ts, 0, "%s[%lld] = %g, expected %g", names[k], (long long)i, all[i], want);
                break;
            }
        }
    }
    EXPECT_OK(&ts, ncmpi_close(ncid));
    free(all);
    free(buf);
    free(orig);
}

/* ---- vardrec: vard on subfiled record variables ------------------------- */

/* value of r1 (or r2, +5000) at record rec, column x */
static int rec_value(int var, int rec, int x) { return var * 5000 + rec * 100 + x; }

static void case_vardrec(void)
{
    char path[512];
    int ncid, d[3], r1, r2, o;
    ts.where = "vardrec";
    path_of(path, sizeof path, "vardrec.nc");
    MPI_Info info = sf_info(2);
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "time", NC_UNLIMITED, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[1]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", 3, &d[2]));
    /* r1(time, x) int and r2(time, y) short, subfiled along x and y; o
     * an ordinary record variable: the record holds all three */
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "r1", NC_INT, 2, d, &r1, info));
    int d2[2] = {d[0], d[2]};
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "r2", NC_SHORT, 2, d2, &r2, info));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "o", NC_DOUBLE, 2, d2, &o, MPI_INFO_NULL));
    MPI_Info_free(&info);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    MPI_Offset recsize = 0;
    EXPECT_OK(&ts, ncmpi_inq_recsize(ncid, &recsize));
    /* as PnetCDF lays a record out: 12 ints, 3 shorts padded to 8, 3 doubles */
    EXPECT(&ts, recsize == NX * 4 + 8 + 3 * 8, "inq_recsize = %lld", (long long)recsize);
    if (VARD_DEPRECATED) {
        /* PnetCDF 1.15: every vard call refused, subfiled variable or not */
        int x[NX * 3] = {0};
        agreed(ncmpi_put_vard_all(ncid, r1, MPI_INT, x, 1, MPI_INT), NC_ENOTSUPPORT, "put_vard_all of r1 (1.15)");
        agreed(ncmpi_get_vard_all(ncid, o, MPI_INT, x, 1, MPI_INT), NC_ENOTSUPPORT, "get_vard_all of o (1.15)");
        EXPECT_OK(&ts, ncmpi_close(ncid));
        return;
    }

    /* each rank its columns of r1 in records 0..2, one file type: a
     * vector of blocks, record stride recsize (PnetCDF's own test idiom) */
    MPI_Offset st[2], ct[2];
    test_split(NX, ts.rank, ts.nprocs, &st[0], &ct[0]);
    int n = (int)ct[0], *buf = malloc(sizeof(int) * (3 * NX + 1));
    MPI_Datatype ft = MPI_DATATYPE_NULL;
    for (int rec = 0; rec < 3; rec++)
        for (int i = 0; i < n; i++) buf[rec * n + i] = rec_value(1, rec, (int)st[0] + i);
    if (n) {
        MPI_Datatype blk;
        MPI_Type_contiguous(n, MPI_INT, &blk);
        MPI_Type_create_hvector(3, 1, (MPI_Aint)recsize, blk, &ft);
        MPI_Type_free(&blk);
        MPI_Datatype shifted;
        MPI_Type_create_hindexed(1, (int[]){1}, (MPI_Aint[]){(MPI_Aint)st[0] * 4}, ft, &shifted);
        MPI_Type_free(&ft);
        ft = shifted;
        MPI_Type_commit(&ft);
    }
    agreed(ncmpi_put_vard_all(ncid, r1, ft, buf, 3 * n, MPI_INT), NC_NOERR, "put_vard_all of r1, 3 records");
    /* r2: rank 0 writes record 1 whole with no buffer type (elements of the variable's type) */
    short s3[3] = {(short)rec_value(2, 1, 0), (short)rec_value(2, 1, 1), (short)rec_value(2, 1, 2)};
    MPI_Datatype ft2;
    MPI_Type_create_hindexed(1, (int[]){3}, (MPI_Aint[]){(MPI_Aint)recsize}, MPI_SHORT, &ft2);
    MPI_Type_commit(&ft2);
    agreed(ncmpi_put_vard_all(ncid, r2, ts.rank == 0 ? ft2 : MPI_DATATYPE_NULL, s3, -1, MPI_DATATYPE_NULL),
           NC_NOERR, "put_vard_all of r2 record 1 from rank 0, no buffer type");
    MPI_Offset nrec = 0;
    EXPECT_OK(&ts, ncmpi_inq_dimlen(ncid, d[0], &nrec));
    EXPECT(&ts, nrec == 3, "records after the vards: %lld", (long long)nrec);

    /* every value through get_vara, and r1 again through get_vard_all */
    int all[3 * NX];
    MPI_Offset ast[2] = {0, 0}, act[2] = {3, NX};
    EXPECT_OK(&ts, ncmpi_get_vara_int_all(ncid, r1, ast, act, all));
    for (int i = 0; i < 3 * NX; i++)
        if (all[i] != rec_value(1, i / NX, i % NX)) {
            EXPECT(&ts, 0, "r1[%d][%d] = %d, expected %d", i / NX, i % NX, all[i], rec_value(1, i / NX, i % NX));
            break;
        }
    short g3[3] = {0, 0, 0};
    MPI_Offset s1[2] = {1, 0}, c1[2] = {1, 3};
    EXPECT_OK(&ts, ncmpi_get_vara_short_all(ncid, r2, s1, c1, g3));
    EXPECT(&ts, !memcmp(g3, s3, sizeof s3), "r2[1] = %d %d %d", g3[0], g3[1], g3[2]);
    for (int i = 0; i < 3 * n; i++) buf[i] = -1;
    agreed(ncmpi_get_vard_all(ncid, r1, ft, buf, 3 * n, MPI_INT), NC_NOERR, "get_vard_all of r1");
    for (int rec = 0; rec < 3; rec++)
        for (int i = 0; i < n; i++)
            if (buf[rec * n + i] != rec_value(1, rec, (int)st[0] + i)) {
                EXPECT(&ts, 0, "get_vard_all r1[%d][%lld] = %d", rec, (long long)st[0] + i, buf[rec * n + i]);
                rec = 3;
                break;
            }

    /* PnetCDF's checks, agreed on every rank: a file type reaching past
     * r1's bytes of a record into r2's (NC_EINVAL: ncsf never touches
     * another variable's data through a vard), two element types
     * (NC_EMULTITYPES), a buffer of another size (NC_EIOMISMATCH), a file
     * type of another element type (NC_ETYPE_MISMATCH) */
    MPI_Datatype past, mixed, shorts;
    MPI_Type_contiguous(NX + 1, MPI_INT, &past);
    MPI_Type_commit(&past);
    int big[NX + 2];
    agreed(ncmpi_put_vard_all(ncid, r1, past, big, NX + 1, MPI_INT), NC_EINVAL, "put_vard_all past r1's record");
    MPI_Type_create_struct(2, (int[]){1, 1}, (MPI_Aint[]){0, 4}, (MPI_Datatype[]){MPI_INT, MPI_FLOAT}, &mixed);
    MPI_Type_commit(&mixed);
    agreed(ncmpi_put_vard_all(ncid, r1, mixed, big, 2, MPI_INT), NC_EMULTITYPES, "put_vard_all, two element types");
    agreed(ncmpi_put_vard_all(ncid, r1, MPI_INT, big, 2, MPI_INT), NC_EIOMISMATCH, "put_vard_all, buffer of 2 for 1");
    MPI_Type_contiguous(2, MPI_SHORT, &shorts);
    MPI_Type_commit(&shorts);
    agreed(ncmpi_put_vard_all(ncid, r1, shorts, big, 2, MPI_SHORT), NC_ETYPE_MISMATCH, "put_vard_all, shorts into ints");
    MPI_Type_free(&past);
    MPI_Type_free(&mixed);
    MPI_Type_free(&shorts);
    MPI_Type_free(&ft2);
    if (ft != MPI_DATATYPE_NULL) MPI_Type_free(&ft);
    EXPECT_OK(&ts, ncmpi_close(ncid));

    /* reopened: the refused calls changed nothing */
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_get_vara_int_all(ncid, r1, ast, act, all));
    for (int i = 0; i < 3 * NX; i++)
        if (all[i] != rec_value(1, i / NX, i % NX)) {
            EXPECT(&ts, 0, "reopened: r1[%d][%d] = %d", i / NX, i % NX, all[i]);
            break;
        }
    EXPECT_OK(&ts, ncmpi_close(ncid));
    free(buf);
}

/* a new dataset of one subfiled record variable DIM x NX named VAR, in
 * independent data mode */
static void indep_record_dataset(const char *path, const char *dim, const char *var, int *ncid, int *d, int *r)
{
    MPI_Info info = sf_info(2);
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(*ncid, "time", NC_UNLIMITED, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(*ncid, dim, NX, &d[1]));
    EXPECT_OK(&ts, ncmpi_def_var(*ncid, var, NC_INT, 2, d, r, info));
    MPI_Info_free(&info);
    EXPECT_OK(&ts, ncmpi_enddef(*ncid));
    EXPECT_OK(&ts, ncmpi_begin_indep_data(*ncid));
}

/* Process 0 alone writes records of a subfiled record variable in
 * independent mode, then every process calls ncmpi_flush (collective in
 * PnetCDF): the flush filled the placeholder's new records with one
 * agreement per variable on process 0 only, whose record count alone had
 * grown, and hung (PnetCDF 1.15's nonblocking/i_varn_int64 at 4). */
static void case_indepflush(void)
{
    char path[512];
    int ncid, d[2], r, buf[3 * NX];
    ts.where = "indepflush";
    path_of(path, sizeof path, "indepflush.nc");
    indep_record_dataset(path, "x", "r", &ncid, d, &r);
    MPI_Offset st[2] = {0, 0}, ct[2] = {3, NX};
    for (int i = 0; i < 3 * NX; i++) buf[i] = rec_value(1, i / NX, i % NX);
    if (ts.rank == 0) EXPECT_OK(&ts, ncmpi_put_vara_int(ncid, r, st, ct, buf));
    agreed(ncmpi_flush(ncid), NC_NOERR, "flush after process 0 alone wrote 3 records");
    /* every process reads what process 0 wrote */
    memset(buf, 0, sizeof buf);
    EXPECT_OK(&ts, ncmpi_get_vara_int(ncid, r, st, ct, buf));
    for (int i = 0; i < 3 * NX; i++)
        if (buf[i] != rec_value(1, i / NX, i % NX)) {
            EXPECT(&ts, 0, "after the flush: r[%d][%d] = %d", i / NX, i % NX, buf[i]);
            break;
        }
    EXPECT_OK(&ts, ncmpi_end_indep_data(ncid));
    MPI_Offset nrec = 0;
    EXPECT_OK(&ts, ncmpi_inq_dimlen(ncid, d[0], &nrec));
    EXPECT(&ts, nrec == 3, "records after end_indep_data: %lld", (long long)nrec);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    /* reopened: the records and their values */
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_inq_dimlen(ncid, d[0], &nrec));
    EXPECT(&ts, nrec == 3, "reopened: %lld records", (long long)nrec);
    memset(buf, 0, sizeof buf);
    EXPECT_OK(&ts, ncmpi_get_vara_int_all(ncid, r, st, ct, buf));
    for (int i = 0; i < 3 * NX; i++)
        if (buf[i] != rec_value(1, i / NX, i % NX)) {
            EXPECT(&ts, 0, "reopened: r[%d][%d] = %d", i / NX, i % NX, buf[i]);
            break;
        }
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

/* The first record process r writes in case_indeprename: r + 1 records
 * from there, so each process counts a different number. */
static int first_rec_of(int r) { return r * (r + 1) / 2; }

/* Each process writes records of its own in independent mode (process r
 * r + 1 of them, after process r - 1's), so each counts a different
 * number; then every process renames the subfiled variable and a
 * dimension in data mode (collective in PnetCDF) and syncs. Each rename
 * brings the subfiles' headers up to date, which filled the placeholder's
 * new records with one agreement per variable on the processes whose own
 * count had grown since the last fill only, and hung (PnetCDF 1.15's
 * testcases/nonblocking at 2 and 4 processes). */
static void case_indeprename(void)
{
    char path[512], name[NC_MAX_NAME + 1] = "";
    int ncid, d[2], r, buf[NX];
    const int nrec = first_rec_of(ts.nprocs);
    ts.where = "indeprename";
    path_of(path, sizeof path, "indeprename.nc");
    indep_record_dataset(path, "xx", "rr", &ncid, d, &r);
    for (int k = 0; k <= ts.rank; k++) {
        MPI_Offset st[2] = {first_rec_of(ts.rank) + k, 0}, ct[2] = {1, NX};
        for (int i = 0; i < NX; i++) buf[i] = rec_value(ts.rank, (int)st[0], i);
        EXPECT_OK(&ts, ncmpi_put_vara_int(ncid, r, st, ct, buf));
    }
    agreed(ncmpi_rename_var(ncid, r, "q"), NC_NOERR, "rename_var in independent data mode");
    agreed(ncmpi_rename_dim(ncid, d[1], "x"), NC_NOERR, "rename_dim in independent data mode");
    agreed(ncmpi_sync(ncid), NC_NOERR, "sync after the renames");
    MPI_Barrier(MPI_COMM_WORLD);
    EXPECT_OK(&ts, ncmpi_end_indep_data(ncid));
    MPI_Offset n = 0;
    EXPECT_OK(&ts, ncmpi_inq_dimlen(ncid, d[0], &n));
    EXPECT(&ts, n == nrec, "records after end_indep_data: %lld, expected %d", (long long)n, nrec);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    /* reopened: the new names, every record and its writer's values */
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "q", &r));
    EXPECT_OK(&ts, ncmpi_inq_dimname(ncid, d[1], name));
    EXPECT(&ts, !strcmp(name, "x"), "reopened: dimension %d is named %s, expected x", d[1], name);
    EXPECT_OK(&ts, ncmpi_inq_dimlen(ncid, d[0], &n));
    EXPECT(&ts, n == nrec, "reopened: %lld records, expected %d", (long long)n, nrec);
    for (int rec = 0, w = 0; rec < nrec; rec++) {
        MPI_Offset st[2] = {rec, 0}, ct[2] = {1, NX};
        while (first_rec_of(w + 1) <= rec) w++;
        memset(buf, 0, sizeof buf);
        EXPECT_OK(&ts, ncmpi_get_vara_int_all(ncid, r, st, ct, buf));
        for (int i = 0; i < NX; i++)
            if (buf[i] != rec_value(w, rec, i)) {
                EXPECT(&ts, 0, "reopened: q[%d][%d] = %d, expected %d", rec, i, buf[i], rec_value(w, rec, i));
                break;
            }
    }
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

int main(int argc, char **argv)
{
    static const struct { const char *name; void (*run)(void); } cases[] = {
        {"records", case_records}, {"pending", case_pending}, {"names", case_names},
        {"reopen", case_reopen}, {"marks", case_marks}, {"buftype", case_buftype}, {"varm", case_varm}, {"fill", case_fill}, {"erange", case_erange},
        {"dims", case_dims}, {"records2", case_records2}, {"fifo", case_fifo},
        {"climb", case_climb}, {"mixed", case_mixed}, {"overflow", case_overflow},
        {"newline", case_newline}, {"enddef", case_enddef}, {"why", case_why}, {"multi", case_multi},
        {"hidden", case_hidden}, {"pgrid", case_pgrid}, {"lateatt", case_lateatt},
        {"indefine", case_indefine}, {"sharedbuf", case_sharedbuf}, {"vardrec", case_vardrec},
        {"indepflush", case_indepflush}, {"indeprename", case_indeprename},
    };
    test_init(&ts, &argc, &argv);
    if (argc < 3) { fprintf(stderr, "usage: t_regress CASE DIR\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
    snprintf(dir, sizeof dir, "%s", argv[2]);
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (!strcmp(argv[1], cases[i].name)) { cases[i].run(); break; }
    if (i == sizeof cases / sizeof cases[0]) { fprintf(stderr, "t_regress: no case %s\n", argv[1]); MPI_Abort(MPI_COMM_WORLD, 2); }
    return test_finish(&ts, argv[1]);
}
