/*
 * t_faults: file-system faults, a killed writer and limits. Every error is
 * checked on every rank (the same code everywhere), and every dataset
 * written before a fault is read back whole afterwards.
 *
 *   t_faults fs DIR       subfile directory that cannot be created (a path
 *                         component is a regular file), a subfile path
 *                         taken by a directory, a file-size limit hit in
 *                         the middle of a write
 *   t_faults ro DIR       a subfile directory that cannot be written
 *   t_faults full DIR     a full file system (DIR: a 1 MiB tmpfs)
 *   t_faults die DIR      write, sync, write, then the last rank kills itself
 *   t_faults died DIR     what "die" left: refused, readable on request
 *   t_faults die_synced DIR   write, sync, then the last rank kills itself
 *   t_faults died_synced DIR  what that left: whole as of the sync, opened
 *   t_faults many DIR     500 subfiles (run it under ulimit -n 64)
 *   t_faults huge DIR     an extent beyond 2^32 along the partitioned
 *                         dimension (CDF-5, sparse subfiles)
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <ncsf.h>
#include "testutil.h"
#include "values.h"

#define NY 5

static test_state ts;
static char dir[512];

#define agreed(err, want, what) test_agreed(&ts, (err), (want), (what))

static MPI_Info info_of(const char *k1, const char *v1, const char *k2, const char *v2)
{
    MPI_Info info;
    MPI_Info_create(&info);
    if (k1) MPI_Info_set(info, k1, v1);
    if (k2) MPI_Info_set(info, k2, v2);
    return info;
}

static MPI_Info sf_info(int nfiles)
{
    char n[16];
    snprintf(n, sizeof n, "%d", nfiles);
    return info_of("subfiling", "enable", "subfiling_nfiles", n);
}

/* Rows [*st, *st + *ct) of nx: this rank's even share. */
static void my_rows(MPI_Offset nx, MPI_Offset *st, MPI_Offset *ct)
{
    MPI_Offset q = nx / ts.nprocs, rem = nx % ts.nprocs;
    *st = ts.rank * q + (ts.rank < rem ? ts.rank : rem);
    *ct = q + (ts.rank < rem);
}

/* Define an nx x ny int variable subfiled into nfiles. */
static int def_int(int ncid, const char *name, MPI_Offset nx, MPI_Offset ny, int nfiles)
{
    int d[2], v;
    char dx[64], dy[64];
    snprintf(dx, sizeof dx, "%s_x", name);
    snprintf(dy, sizeof dy, "%s_y", name);
    MPI_Info info = sf_info(nfiles);
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, dx, nx, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, dy, ny, &d[1]));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, name, NC_INT, 2, d, &v, info));
    MPI_Info_free(&info);
    return v;
}

/* This rank's rows of variable v, values of seed; returns the put's error. */
static int put_rows(int ncid, int v, MPI_Offset nx, MPI_Offset ny, int seed)
{
    MPI_Offset st[2] = {0, 0}, ct[2] = {0, ny};
    my_rows(nx, &st[0], &ct[0]);
    int *b = malloc(sizeof(int) * (ct[0] * ny + 1));
    for (MPI_Offset i = 0; i < ct[0] * ny; i++) b[i] = (int)test_value(NC_INT, st[0] * ny + i, seed);
    int err = ncmpi_put_vara_int_all(ncid, v, st, ct, b);
    free(b);
    return err;
}

/* Read all of variable name (rows shifted by one rank) and check it. */
static void check_rows(int ncid, const char *name, MPI_Offset nx, MPI_Offset ny, int seed)
{
    int v;
    MPI_Offset st[2] = {0, 0}, ct[2] = {0, ny};
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, name, &v));
    my_rows(nx, &st[0], &ct[0]);
    st[0] = (st[0] + ct[0]) % nx;
    if (st[0] + ct[0] > nx) ct[0] = nx - st[0];
    int *b = malloc(sizeof(int) * (ct[0] * ny + 1));
    EXPECT_OK(&ts, ncmpi_get_vara_int_all(ncid, v, st, ct, b));
    long bad = 0;
    for (MPI_Offset i = 0; i < ct[0] * ny; i++)
        if (b[i] != (int)test_value(NC_INT, st[0] * ny + i, seed)) bad++;
    EXPECT(&ts, bad == 0, "%s: %ld values wrong", name, bad);
    free(b);
}

static void path_of(char *out, size_t n, const char *name)
{
    snprintf(out, n, "%s/%s", dir, name);
}

/* A complete dataset: v, 12 x NY in 3 subfiles. */
static void write_good(const char *path, int seed)
{
    int ncid;
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    int v = def_int(ncid, "v", 12, NY, 3);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    EXPECT_OK(&ts, put_rows(ncid, v, 12, NY, seed));
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

static void check_good(const char *path, int seed)
{
    int ncid;
    agreed(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid), NC_NOERR, path);
    check_rows(ncid, "v", 12, NY, seed);
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

/* Open path: refused as incomplete (NC_ETRUNC), then opened with
 * subfiling_incomplete=accept and variable name read back. */
static void check_refused_then_accepted(const char *path, const char *name, MPI_Offset nx,
                                        MPI_Offset ny, int seed)
{
    int ncid;
    agreed(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid), NC_ETRUNC, path);
    MPI_Info acc = info_of("subfiling_incomplete", "accept", NULL, NULL);
    int err = ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, acc, &ncid);
    agreed(err, NC_NOERR, "accepting an incomplete dataset");
    if (!err) {
        check_rows(ncid, name, nx, ny, seed);
        EXPECT_OK(&ts, ncmpi_close(ncid));
    }
    MPI_Info_free(&acc);
}

/* A dataset whose subfiles go to subfiling_dir=sub: enddef must fail with
 * want on every rank, close must report it, and the dataset is refused. */
static void subdir_fault(const char *name, const char *sub, int want)
{
    char path[1024];
    int ncid;
    path_of(path, sizeof path, name);
    MPI_Info info = info_of("subfiling_dir", sub, NULL, NULL);
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, info, &ncid));
    MPI_Info_free(&info);
    def_int(ncid, "v", 12, NY, 3);
    agreed(ncmpi_enddef(ncid), want, sub);
    agreed(ncmpi_close(ncid), want, "close after the failed enddef");
    agreed(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid), NC_ETRUNC, path);
}

static void test_fs(void)
{
    char good[1024], path[1024], sub[1100];
    ts.where = "fs";
    path_of(good, sizeof good, "good.nc");
    write_good(good, 21);

    /* 1. the subfile directory cannot be created: a component is a file */
    path_of(path, sizeof path, "plain");
    ON_ROOT(&ts, FILE *f = fopen(path, "w"); if (f) fclose(f));
    MPI_Barrier(MPI_COMM_WORLD);
    subdir_fault("through_file.nc", "plain/sub", NC_EBAD_FILE);

    /* 2. one subfile's path is taken by a directory: only the rank
     * creating that subfile fails; every rank gets its error */
    path_of(path, sizeof path, "taken.nc");
    snprintf(sub, sizeof sub, "%s.v.1", path);
    ON_ROOT(&ts, mkdir(sub, 0755));
    MPI_Barrier(MPI_COMM_WORLD);
    {
        int ncid;
        EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
        def_int(ncid, "v", 12, NY, 3);
        int err = ncmpi_enddef(ncid);
        agreed(err, TEST_SOME_ERROR, "a subfile path that is a directory");
        agreed(ncmpi_close(ncid), err, "close after it");
    }

    /* 3. a file-size limit hit in the middle of a write, on the last rank
     * only, standing in for a full disk; the variable written before it
     * stays readable, the dataset is marked failed */
    path_of(path, sizeof path, "fsize.nc");
    {
        int ncid, P = ts.nprocs;
        MPI_Offset nx = 4 * P, ny = 16384; /* 64 KiB rows, 256 KiB a rank */
        EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
        int small = def_int(ncid, "small", 12, NY, 3);
        int big = def_int(ncid, "big", nx, ny, P); /* subfile r: rank r's rows */
        EXPECT_OK(&ts, ncmpi_enddef(ncid));
        EXPECT_OK(&ts, put_rows(ncid, small, 12, NY, 22));
        struct rlimit old, lim;
        getrlimit(RLIMIT_FSIZE, &old);
        signal(SIGXFSZ, SIG_IGN);
        if (ts.rank == P - 1) {
            lim = old;
            lim.rlim_cur = 100 * 1024;
            if (setrlimit(RLIMIT_FSIZE, &lim)) perror("setrlimit");
        }
        int err = put_rows(ncid, big, nx, ny, 23);
        agreed(err, TEST_SOME_ERROR, "a write beyond the file-size limit");
        /* still at the limit: closing cannot finish that subfile either */
        agreed(ncmpi_close(ncid), err, "close of the dataset whose write failed");
        setrlimit(RLIMIT_FSIZE, &old);
        signal(SIGXFSZ, SIG_DFL);
        if (ts.rank == 0) printf("file-size limit: write failed with %s\n", ncmpi_strerror(err));
    }
    check_refused_then_accepted(path, "small", 12, NY, 22);
    check_good(good, 21);
}

/* The subfile directory exists but cannot be written (t_faults.sh runs
 * this as nobody when it is root: root writes through permission bits). */
static void test_ro(void)
{
    char good[1024], ro[1024];
    ts.where = "ro";
    path_of(good, sizeof good, "good.nc");
    path_of(ro, sizeof ro, "ro");
    write_good(good, 24);
    ON_ROOT(&ts, mkdir(ro, 0755); chmod(ro, 0555));
    subdir_fault("unwritable.nc", "ro", NC_EACCESS);
    check_good(good, 24);
}

/* DIR is a 1 MiB file system (t_faults.sh mounts a tmpfs): a 4 MiB
 * variable fills it part-way through a collective write. */
static void test_full(void)
{
    char good[1024], path[1024];
    int ncid;
    ts.where = "full";
    path_of(good, sizeof good, "good.nc");
    path_of(path, sizeof path, "full.nc");
    write_good(good, 25);
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    int small = def_int(ncid, "small", 12, NY, 3);
    int big = def_int(ncid, "big", 64, 16384, ts.nprocs);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    EXPECT_OK(&ts, put_rows(ncid, small, 12, NY, 26));
    int err = put_rows(ncid, big, 64, 16384, 27);
    agreed(err, NC_ENO_SPACE, "a write that fills the file system");
    agreed(ncmpi_close(ncid), err, "close of the dataset whose write failed");
    check_refused_then_accepted(path, "small", 12, NY, 26);
    check_good(good, 25);
}

/* Write v, sync; with after_sync, write w too (the sync's "synced  " mark
 * goes back to "writing "); then the last rank kills itself and the
 * others go on into a collective call that cannot complete (mpiexec ends
 * them). */
static void die(const char *name, int after_sync)
{
    char path[1024];
    int ncid;
    path_of(path, sizeof path, name);
    ts.where = name;
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    int v = def_int(ncid, "v", 12, NY, 3), w = def_int(ncid, "w", 12, NY, 2);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    EXPECT_OK(&ts, put_rows(ncid, v, 12, NY, 31));
    EXPECT_OK(&ts, ncmpi_sync(ncid));
    if (after_sync) EXPECT_OK(&ts, put_rows(ncid, w, 12, NY, 33));
    MPI_Barrier(MPI_COMM_WORLD);
    if (ts.rank == ts.nprocs - 1) {
        printf("rank %d: killing myself before close\n", ts.rank);
        fflush(stdout);
        raise(SIGKILL);
    }
    if (after_sync) put_rows(ncid, w, 12, NY, 32);
    else MPI_Barrier(MPI_COMM_WORLD);
    ncmpi_close(ncid);
    MPI_Finalize();
    exit(0);
}

static void test_died(void)
{
    char path[1024];
    path_of(path, sizeof path, "died.nc");
    ts.where = "died";
    check_refused_then_accepted(path, "v", 12, NY, 31);
}

/* Killed after a sync and before changing anything: the dataset is whole
 * as of that sync ("synced  "), and opens as a complete one does. */
static void test_died_synced(void)
{
    char path[1024];
    path_of(path, sizeof path, "died_synced.nc");
    ts.where = "died_synced";
    check_good(path, 31);
}

/* 500 subfiles, more than the process may hold open; with a max_open hint
 * and with the default (derived from the descriptor limit). */
static void test_many(void)
{
    char path[1024];
    int ncid, nf = 500;
    MPI_Offset nx = 1000;
    struct rlimit rl;
    getrlimit(RLIMIT_NOFILE, &rl);
    if (ts.rank == 0) printf("descriptor limit %llu, %d subfiles a variable\n", (unsigned long long)rl.rlim_cur, nf);
    ts.where = "many";
    path_of(path, sizeof path, "many.nc");
    MPI_Info cinfo = info_of("subfiling_max_open", "16", NULL, NULL);
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, cinfo, &ncid));
    int a = def_int(ncid, "a", nx, 3, nf);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    EXPECT_OK(&ts, put_rows(ncid, a, nx, 3, 41));
    EXPECT_OK(&ts, ncmpi_close(ncid));
    /* a second dataset with no hint, read back with the hint and without */
    char path2[1024];
    path_of(path2, sizeof path2, "many2.nc");
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path2, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    int b = def_int(ncid, "b", nx, 3, nf);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    EXPECT_OK(&ts, put_rows(ncid, b, nx, 3, 42));
    EXPECT_OK(&ts, ncmpi_close(ncid));
    agreed(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid), NC_NOERR, path);
    check_rows(ncid, "a", nx, 3, 41);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    agreed(ncmpi_open(MPI_COMM_WORLD, path2, NC_NOWRITE, cinfo, &ncid), NC_NOERR, path2);
    check_rows(ncid, "b", nx, 3, 42);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    MPI_Info_free(&cinfo);
    /* a hint beyond the descriptor limit is capped, not obeyed into EMFILE */
    cinfo = info_of("subfiling_max_open", "1000", NULL, NULL);
    agreed(ncmpi_open(MPI_COMM_WORLD, path, NC_WRITE, cinfo, &ncid), NC_NOERR, path);
    EXPECT_OK(&ts, put_rows(ncid, a, nx, 3, 43));
    check_rows(ncid, "a", nx, 3, 43);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    MPI_Info_free(&cinfo);
}

/* x = 2^32 + 3 bytes in 5 subfiles: each rank writes a few runs around
 * 2^31, 2^32 and the block boundaries, and reads what the others wrote. */
#define HUGE_X ((MPI_Offset)4294967296LL + 3)
#define NSPOT 8
static MPI_Offset spot(int i)
{
    static const MPI_Offset at[NSPOT] = {0, 858993459LL, 2147483645LL, 2147483648LL,
                                         3435973835LL, 4294967290LL, 4294967296LL,
                                         1717986917LL};
    return at[i];
}

static void test_huge(void)
{
    char path[1024];
    int ncid, d, v;
    const int run = 6;
    ts.where = "huge";
    path_of(path, sizeof path, "huge.nc");
    MPI_Info info = sf_info(5);
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", HUGE_X, &d));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "h", NC_BYTE, 1, &d, &v, info));
    MPI_Info_free(&info);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    /* spot i is written by rank i mod P; runs of 6 bytes (clipped at the end) */
    EXPECT_OK(&ts, ncmpi_begin_indep_data(ncid));
    for (int i = 0; i < NSPOT; i++) {
        if (i % ts.nprocs != ts.rank) continue;
        MPI_Offset st = spot(i), ct = st + run > HUGE_X ? HUGE_X - st : run;
        signed char b[8];
        for (int j = 0; j < ct; j++) b[j] = (signed char)test_value(NC_BYTE, st + j, 51);
        EXPECT_OK(&ts, ncmpi_put_vara_schar(ncid, v, &st, &ct, b));
    }
    EXPECT_OK(&ts, ncmpi_end_indep_data(ncid));
    EXPECT_OK(&ts, ncmpi_close(ncid));

    agreed(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid), NC_NOERR, path);
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "h", &v));
    /* every spot, by the next rank, collectively; 4 bytes either side too
     * (never written: zero in a sparse file) */
    for (int i = 0; i < NSPOT; i++) {
        int mine = (i + 1) % ts.nprocs == ts.rank;
        MPI_Offset st = spot(i) >= 4 ? spot(i) - 4 : 0;
        MPI_Offset ct = mine ? (st + run + 8 > HUGE_X ? HUGE_X - st : run + 8) : 0;
        signed char b[16];
        EXPECT_OK(&ts, ncmpi_get_vara_schar_all(ncid, v, &st, &ct, b));
        for (int j = 0; j < ct; j++) {
            MPI_Offset x = st + j;
            int written = 0;
            for (int k = 0; k < NSPOT; k++) written |= x >= spot(k) && x < spot(k) + run;
            signed char want = written ? (signed char)test_value(NC_BYTE, x, 51) : 0;
            EXPECT(&ts, b[j] == want, "h[%lld] = %d, expected %d", (long long)x, b[j], want);
        }
    }
    /* a strided read across all five blocks */
    MPI_Offset st = 2, ct = 5, sd = 858993459LL;
    signed char b[5];
    EXPECT_OK(&ts, ncmpi_get_vars_schar_all(ncid, v, &st, &ct, &sd, b));
    for (int j = 0; j < 5; j++) {
        MPI_Offset x = st + j * sd;
        int written = 0;
        for (int k = 0; k < NSPOT; k++) written |= x >= spot(k) && x < spot(k) + run;
        EXPECT(&ts, b[j] == (written ? (signed char)test_value(NC_BYTE, x, 51) : 0), "strided h[%lld]", (long long)x);
    }
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

int main(int argc, char **argv)
{
    test_init(&ts, &argc, &argv);
    if (argc < 3) { fprintf(stderr, "usage: t_faults fs|ro|full|die|died|die_synced|died_synced|many|huge DIR\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
    snprintf(dir, sizeof dir, "%s", argv[2]);
    if (!strcmp(argv[1], "fs")) test_fs();
    else if (!strcmp(argv[1], "ro")) test_ro();
    else if (!strcmp(argv[1], "full")) test_full();
    else if (!strcmp(argv[1], "die")) die("died.nc", 1);
    else if (!strcmp(argv[1], "died")) test_died();
    else if (!strcmp(argv[1], "die_synced")) die("died_synced.nc", 0);
    else if (!strcmp(argv[1], "died_synced")) test_died_synced();
    else if (!strcmp(argv[1], "many")) test_many();
    else if (!strcmp(argv[1], "huge")) test_huge();
    else { fprintf(stderr, "unknown mode %s\n", argv[1]); MPI_Abort(MPI_COMM_WORLD, 2); }
    return test_finish(&ts, argv[1]);
}
