/*
 * t_redteam: the defects an adversarial reading found (issue 20), one case
 * each, every value read back and checked, every error checked on every
 * rank (test/t_redteam.sh runs them at 1, 2 and 4 processes).
 *
 *   t_redteam nospace DIR   a subfile header that grows (attribute added
 *                           after redef) on a full file system (DIR: a
 *                           1 MiB tmpfs): NC_ENO_SPACE agreed, the dataset
 *                           marked failed, never a wrong value
 *   t_redteam rename DIR    rename_var of a subfiled variable, then a new
 *                           one under the old name: both keep their data
 *   t_redteam swap DIR      nc_in_place_swap=disable: a put from a buffer in
 *                           read-only memory (no crash, values right);
 *                           auto: 4096 bytes are copied, as PnetCDF does;
 *                           enable: the caller's buffer comes back intact
 *   t_redteam pgrid DIR     a subfiling_pgrid whose product overflows:
 *                           NC_EINVAL at def_var on every rank
 *   t_redteam indep DIR     redef in independent mode: collective mode after
 *                           the next enddef, as PnetCDF's
 *   t_redteam mark DIR      a user attribute holding the bytes of ncsf's
 *                           completion mark is left alone
 *   t_redteam clobber DIR   re-creating with NC_CLOBBER and fewer subfiles (12
 *                           old ones, then 18)
 *                           removes the old ones, and nothing else (a file
 *                           at the name process 0 would move one of the 12
 *                           aside to for another process stays; nothing is
 *                           left at such names)
 *   t_redteam emfile DIR    out of file descriptors at enddef: an agreed
 *                           error whose message names ulimit -n and
 *                           subfiling_max_open
 *   t_redteam envlong DIR   a create (t_redteam.sh gives NCSF_HINTS an
 *                           over-long value and reads the warning)
 *
 * Built twice: as t_redteam (with ncsf.h, linked with -lncsf) and, with
 * REDTEAM_PLAIN, as t_redteam_plain (pnetcdf.h, -lpnetcdf only: the swap
 * case, run plain and through the preload).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef REDTEAM_PLAIN
#include <pnetcdf.h>
#else
#include "ncsf.h"
#endif
#include "testutil.h"
#include "values.h"

static test_state T;

static char *join(const char *dir, const char *name)
{
    static char buf[4][1024];
    static int next;
    char *b = buf[next++ % 4];
    snprintf(b, 1024, "%s/%s", dir, name);
    return b;
}

static MPI_Info hints(const char *nfiles)
{
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", nfiles);
    return info;
}

/* ---- swap: a const buffer, PnetCDF's nc_in_place_swap -------------------- */
enum { NSW = 1024, NSMALL = 512 };
/* in .rodata: a write to it faults */
static const double ro_big[NSW] = {
#define V8(i) (i) * 0.5, (i + 1) * 0.5, (i + 2) * 0.5, (i + 3) * 0.5, (i + 4) * 0.5, (i + 5) * 0.5, (i + 6) * 0.5, (i + 7) * 0.5
#define V64(i) V8(i), V8(i + 8), V8(i + 16), V8(i + 24), V8(i + 32), V8(i + 40), V8(i + 48), V8(i + 56)
#define V512(i) V64(i), V64(i + 64), V64(i + 128), V64(i + 192), V64(i + 256), V64(i + 320), V64(i + 384), V64(i + 448)
    V512(0), V512(512)};

static void swap_one(const char *dir, const char *name, const char *mode, int n, int writable)
{
    int ncid, dim, var;
    MPI_Info info = hints("2");
    MPI_Info_set(info, "subfiling_min_size", "0");
    if (mode) MPI_Info_set(info, "nc_in_place_swap", mode);
    T.where = name;
    EXPECT_OK(&T, ncmpi_create(MPI_COMM_WORLD, join(dir, name), NC_CLOBBER | NC_64BIT_DATA, info, &ncid));
    EXPECT_OK(&T, ncmpi_def_dim(ncid, "x", (MPI_Offset)n * T.nprocs, &dim));
    EXPECT_OK(&T, ncmpi_def_var(ncid, "v", NC_DOUBLE, 1, &dim, &var));
    EXPECT_OK(&T, ncmpi_enddef(ncid));
    MPI_Offset st = (MPI_Offset)n * T.rank, ct = n;
    double *copy = malloc(sizeof(double) * n);
    memcpy(copy, ro_big, sizeof(double) * n);
    const double *src = writable ? copy : ro_big;
    /* blocking and non-blocking, each from the same buffer */
    EXPECT_OK(&T, ncmpi_put_vara_double_all(ncid, var, &st, &ct, src));
    int req, status;
    EXPECT_OK(&T, ncmpi_iput_vara_double(ncid, var, &st, &ct, src, &req));
    EXPECT_OK(&T, ncmpi_wait_all(ncid, 1, &req, &status));
    EXPECT_OK(&T, status);
    for (int i = 0; i < n; i++) EXPECT(&T, copy[i] == ro_big[i], "buffer[%d] is %g after the put", i, copy[i]);
    double *back = calloc(n, sizeof(double));
    EXPECT_OK(&T, ncmpi_get_vara_double_all(ncid, var, &st, &ct, back));
    for (int i = 0; i < n; i++) EXPECT(&T, back[i] == ro_big[i], "v[%d] = %g, wrote %g", i, back[i], ro_big[i]);
    EXPECT_OK(&T, ncmpi_close(ncid));
    free(copy);
    free(back);
    MPI_Info_free(&info);
}

static void case_swap(const char *dir)
{
    const char *env = getenv("PNETCDF_HINTS");
    /* PNETCDF_HINTS says disable: no hint of our own */
    swap_one(dir, "swap_disable.nc", env && strstr(env, "nc_in_place_swap") ? NULL : "disable", NSW, 0);
    /* auto: PnetCDF copies buffers of up to 4096 bytes */
    swap_one(dir, "swap_auto.nc", env && strstr(env, "nc_in_place_swap") ? NULL : "auto", NSMALL, 0);
    swap_one(dir, "swap_enable.nc", env && strstr(env, "nc_in_place_swap") ? NULL : "enable", NSW, 1);
}

#ifndef REDTEAM_PLAIN
/* ---- helpers for the dataset cases --------------------------------------- */
/* n ints of x split over the ranks; v(x) = test_value(NC_INT, x, seed) */
static int put_ints(int ncid, int var, MPI_Offset n, int seed)
{
    MPI_Offset st, ct;
    test_split(n, T.rank, T.nprocs, &st, &ct);
    int *b = malloc(sizeof(int) * (ct ? ct : 1));
    for (MPI_Offset i = 0; i < ct; i++) b[i] = (int)test_value(NC_INT, st + i, seed);
    int err = ncmpi_put_vara_int_all(ncid, var, &st, &ct, b);
    free(b);
    return err;
}

/* read back by another split (reversed ranks); NC_NOERR only with every
 * value right, else the read's error or -1 */
static int get_ints(int ncid, int var, MPI_Offset n, int seed, int *wrong)
{
    MPI_Offset st, ct;
    test_split(n, T.nprocs - 1 - T.rank, T.nprocs, &st, &ct);
    int *b = calloc(ct ? ct : 1, sizeof(int));
    int err = ncmpi_get_vara_int_all(ncid, var, &st, &ct, b);
    *wrong = 0;
    for (MPI_Offset i = 0; !err && i < ct; i++) *wrong += b[i] != (int)test_value(NC_INT, st + i, seed);
    free(b);
    return err;
}

static void check_ints(int ncid, const char *name, MPI_Offset n, int seed)
{
    int var, wrong = 0;
    EXPECT_OK(&T, ncmpi_inq_varid(ncid, name, &var));
    EXPECT_OK(&T, get_ints(ncid, var, n, seed, &wrong));
    EXPECT(&T, wrong == 0, "%s: %d values wrong", name, wrong);
}

/* ---- nospace ------------------------------------------------------------- */
enum { NFULL = 40000 };

/* Fill the file system of dir (rank 0), leaving nothing free. */
static void fill_up(const char *dir)
{
    if (T.rank == 0) {
        int fd = open(join(dir, "filler"), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        char block[4096];
        memset(block, 'x', sizeof block);
        while (fd >= 0 && write(fd, block, sizeof block) > 0) {}
        while (fd >= 0 && write(fd, block, 1) > 0) {}
        if (fd >= 0) close(fd);
    }
    MPI_Barrier(MPI_COMM_WORLD);
}

static void case_nospace(const char *dir)
{
    int ncid, dim, var, wrong = 0;
    char note[2500];
    MPI_Info info = hints("2");
    T.where = "nospace";
    memset(note, 'n', sizeof note);
    EXPECT_OK(&T, ncmpi_create(MPI_COMM_WORLD, join(dir, "full.nc"), NC_CLOBBER, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&T, ncmpi_def_dim(ncid, "x", NFULL, &dim));
    EXPECT_OK(&T, ncmpi_def_var(ncid, "v", NC_INT, 1, &dim, &var, info));
    /* room in the base file's header: only the subfiles' headers move */
    EXPECT_OK(&T, ncmpi__enddef(ncid, 8192, 4, 0, 4));
    EXPECT_OK(&T, put_ints(ncid, var, NFULL, 1));
    EXPECT_OK(&T, ncmpi_redef(ncid));
    EXPECT_OK(&T, ncmpi_put_att_text(ncid, var, "note", sizeof note, note));
    fill_up(dir);
    int err = ncmpi_enddef(ncid);
    test_agreed(&T, err, NC_ENO_SPACE, "enddef on a full file system");
    /* the variable: refused, or right; never a wrong value */
    err = get_ints(ncid, var, NFULL, 1, &wrong);
    test_agreed(&T, err, TEST_ANY, "get after the failed enddef");
    EXPECT(&T, wrong == 0, "%d values read back wrong", wrong);
    err = ncmpi_close(ncid);
    test_agreed(&T, err, TEST_SOME_ERROR, "close after the failed enddef");
    ON_ROOT(&T, unlink(join(dir, "filler")));
    /* marked failed: refused, and with accept never a wrong value */
    err = ncmpi_open(MPI_COMM_WORLD, join(dir, "full.nc"), NC_NOWRITE, MPI_INFO_NULL, &ncid);
    test_agreed(&T, err, NC_ETRUNC, "open of the dataset");
    if (!err) ncmpi_close(ncid);
    MPI_Info acc;
    MPI_Info_create(&acc);
    MPI_Info_set(acc, "subfiling_incomplete", "accept");
    EXPECT_OK(&T, ncmpi_open(MPI_COMM_WORLD, join(dir, "full.nc"), NC_NOWRITE, acc, &ncid));
    err = get_ints(ncid, 0, NFULL, 1, &wrong);
    test_agreed(&T, err, TEST_ANY, "get with accept");
    EXPECT(&T, wrong == 0, "accept: %d values read back wrong", wrong);
    EXPECT_OK(&T, ncmpi_close(ncid));
    MPI_Info_free(&acc);
    MPI_Info_free(&info);
}

/* ---- rename -------------------------------------------------------------- */
static void case_rename(const char *dir)
{
    int ncid, dim, a, b;
    MPI_Info info = hints("2");
    T.where = "rename";
    EXPECT_OK(&T, ncmpi_create(MPI_COMM_WORLD, join(dir, "ren.nc"), NC_CLOBBER, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&T, ncmpi_def_dim(ncid, "x", 1000, &dim));
    EXPECT_OK(&T, ncmpi_def_var(ncid, "a", NC_INT, 1, &dim, &a, info));
    EXPECT_OK(&T, ncmpi_enddef(ncid));
    EXPECT_OK(&T, put_ints(ncid, a, 1000, 1));
    EXPECT_OK(&T, ncmpi_redef(ncid));
    EXPECT_OK(&T, ncmpi_rename_var(ncid, a, "b"));
    EXPECT_OK(&T, ncmpi_def_var(ncid, "a", NC_INT, 1, &dim, &b, info));
    EXPECT_OK(&T, ncmpi_enddef(ncid));
    EXPECT_OK(&T, put_ints(ncid, b, 1000, 2));
    check_ints(ncid, "b", 1000, 1);
    check_ints(ncid, "a", 1000, 2);
    /* again in the same define mode: rename, then the old name twice over */
    EXPECT_OK(&T, ncmpi_redef(ncid));
    EXPECT_OK(&T, ncmpi_rename_var(ncid, b, "c"));
    EXPECT_OK(&T, ncmpi_def_var(ncid, "a", NC_INT, 1, &dim, &b, info));
    EXPECT_OK(&T, ncmpi_enddef(ncid));
    EXPECT_OK(&T, put_ints(ncid, b, 1000, 3));
    EXPECT_OK(&T, ncmpi_close(ncid));
    EXPECT_OK(&T, ncmpi_open(MPI_COMM_WORLD, join(dir, "ren.nc"), NC_NOWRITE, MPI_INFO_NULL, &ncid));
    check_ints(ncid, "b", 1000, 1);
    check_ints(ncid, "c", 1000, 2);
    check_ints(ncid, "a", 1000, 3);
    EXPECT_OK(&T, ncmpi_close(ncid));
    /* reopened for writing: the old name once more */
    EXPECT_OK(&T, ncmpi_open(MPI_COMM_WORLD, join(dir, "ren.nc"), NC_WRITE, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&T, ncmpi_inq_varid(ncid, "a", &a));
    EXPECT_OK(&T, ncmpi_redef(ncid));
    EXPECT_OK(&T, ncmpi_rename_var(ncid, a, "d"));
    EXPECT_OK(&T, ncmpi_def_var(ncid, "a", NC_INT, 1, &dim, &b, info));
    EXPECT_OK(&T, ncmpi_enddef(ncid));
    EXPECT_OK(&T, put_ints(ncid, b, 1000, 4));
    EXPECT_OK(&T, ncmpi_close(ncid));
    EXPECT_OK(&T, ncmpi_open(MPI_COMM_WORLD, join(dir, "ren.nc"), NC_NOWRITE, MPI_INFO_NULL, &ncid));
    check_ints(ncid, "b", 1000, 1);
    check_ints(ncid, "c", 1000, 2);
    check_ints(ncid, "d", 1000, 3);
    check_ints(ncid, "a", 1000, 4);
    EXPECT_OK(&T, ncmpi_close(ncid));
    MPI_Info_free(&info);
}

/* ---- pgrid --------------------------------------------------------------- */
static void case_pgrid(const char *dir)
{
    static const char *const grids[] = {"16777216,16777216,65536", "65536,65536,65536,65536",
                                        "4096,4096,4096,4096,4096,4096,4096,4096"};
    int ncid, d[8], var;
    T.where = "pgrid";
    EXPECT_OK(&T, ncmpi_create(MPI_COMM_WORLD, join(dir, "pgrid.nc"), NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL,
                               &ncid));
    for (int i = 0; i < 8; i++) {
        char name[8];
        snprintf(name, sizeof name, "d%d", i);
        EXPECT_OK(&T, ncmpi_def_dim(ncid, name, 16777216, &d[i]));
    }
    for (int g = 0; g < 3; g++) {
        MPI_Info info = hints(g == 0 ? "1" : "2");
        MPI_Info_delete(info, "subfiling_nfiles");
        MPI_Info_set(info, "subfiling_dims", g == 0 ? "d0,d1,d2" : g == 1 ? "d0,d1,d2,d3" : "d0,d1,d2,d3,d4,d5,d6,d7");
        MPI_Info_set(info, "subfiling_pgrid", grids[g]);
        int err = ncmpi_def_var(ncid, "v", NC_BYTE, g == 0 ? 3 : g == 1 ? 4 : 8, d, &var, info);
        test_agreed(&T, err, NC_EINVAL, grids[g]);
        MPI_Info_free(&info);
    }
    int nvars = -1;
    EXPECT_OK(&T, ncmpi_inq_nvars(ncid, &nvars));
    EXPECT(&T, nvars == 0, "%d variables defined", nvars);
    EXPECT_OK(&T, ncmpi_close(ncid));
}

/* ---- indep --------------------------------------------------------------- */
static void case_indep(const char *dir)
{
    int ncid, dim, v, w, x;
    MPI_Info info = hints("2");
    T.where = "indep";
    EXPECT_OK(&T, ncmpi_create(MPI_COMM_WORLD, join(dir, "indep.nc"), NC_CLOBBER, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&T, ncmpi_def_dim(ncid, "x", 100, &dim));
    EXPECT_OK(&T, ncmpi_def_var(ncid, "v", NC_INT, 1, &dim, &v, info));
    EXPECT_OK(&T, ncmpi_def_var(ncid, "plain", NC_INT, 1, &dim, &w));
    EXPECT_OK(&T, ncmpi_enddef(ncid));
    EXPECT_OK(&T, ncmpi_begin_indep_data(ncid));
    /* written independently, then redef from independent mode */
    if (T.rank == 0) {
        MPI_Offset st = 0, ct = 100;
        int b[100];
        for (int i = 0; i < 100; i++) b[i] = (int)test_value(NC_INT, i, 9);
        EXPECT_OK(&T, ncmpi_put_vara_int(ncid, v, &st, &ct, b));
    }
    EXPECT_OK(&T, ncmpi_redef(ncid));
    EXPECT_OK(&T, ncmpi_def_var(ncid, "w", NC_INT, 1, &dim, &x, info));
    EXPECT_OK(&T, ncmpi_enddef(ncid));
    /* collective mode now, for PnetCDF's variable and for ncsf's */
    EXPECT_OK(&T, put_ints(ncid, w, 100, 2));
    EXPECT_OK(&T, put_ints(ncid, x, 100, 3));
    MPI_Offset st = 0, ct = 1;
    int one = 0;
    EXPECT_ERR(&T, ncmpi_put_vara_int(ncid, w, &st, &ct, &one), NC_ENOTINDEP);
    EXPECT_ERR(&T, ncmpi_put_vara_int(ncid, x, &st, &ct, &one), NC_ENOTINDEP);
    check_ints(ncid, "v", 100, 9);
    check_ints(ncid, "plain", 100, 2);
    check_ints(ncid, "w", 100, 3);
    EXPECT_OK(&T, ncmpi_close(ncid));
    EXPECT_OK(&T, ncmpi_open(MPI_COMM_WORLD, join(dir, "indep.nc"), NC_NOWRITE, MPI_INFO_NULL, &ncid));
    check_ints(ncid, "v", 100, 9);
    check_ints(ncid, "w", 100, 3);
    EXPECT_OK(&T, ncmpi_close(ncid));
    MPI_Info_free(&info);
}

/* ---- mark ---------------------------------------------------------------- */
static void put_be(unsigned char *p, int n, unsigned long long x)
{
    for (int i = n - 1; i >= 0; i--) { p[i] = (unsigned char)(x & 0xff); x >>= 8; }
}

static void case_mark(const char *dir)
{
    for (int cdf5 = 0; cdf5 < 2; cdf5++) {
        /* the header bytes of subfiling_state = "writing " */
        unsigned char pat[64];
        int w = cdf5 ? 8 : 4, k = 0, ncid, dim, var;
        put_be(pat + k, w, 15); k += w;
        memcpy(pat + k, "subfiling_state", 15); k += 15;
        pat[k++] = 0;
        put_be(pat + k, 4, NC_CHAR); k += 4;
        put_be(pat + k, w, 8); k += w;
        memcpy(pat + k, "writing ", 8); k += 8;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, cdf5 ? "mark5.nc" : "mark.nc");
        MPI_Info info = hints("2");
        T.where = cdf5 ? "mark cdf5" : "mark";
        EXPECT_OK(&T, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | (cdf5 ? NC_64BIT_DATA : 0), MPI_INFO_NULL,
                                   &ncid));
        /* the application's attributes, before ncsf's (global) and on a variable */
        EXPECT_OK(&T, ncmpi_put_att_text(ncid, NC_GLOBAL, "note", k, (char *)pat));
        EXPECT_OK(&T, ncmpi_def_dim(ncid, "x", 100, &dim));
        EXPECT_OK(&T, ncmpi_def_var(ncid, "v", NC_INT, 1, &dim, &var, info));
        EXPECT_OK(&T, ncmpi_put_att_text(ncid, var, "note", k, (char *)pat));
        EXPECT_OK(&T, ncmpi_enddef(ncid));
        EXPECT_OK(&T, put_ints(ncid, var, 100, 5));
        EXPECT_OK(&T, ncmpi_close(ncid));
        /* complete, and the attributes as written */
        EXPECT_OK(&T, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
        for (int vid = -1; vid <= 0; vid++) {
            char got[64] = "";
            MPI_Offset len = 0;
            EXPECT_OK(&T, ncmpi_inq_attlen(ncid, vid, "note", &len));
            EXPECT_OK(&T, ncmpi_get_att_text(ncid, vid, "note", got));
            EXPECT(&T, len == k && !memcmp(got, pat, k), "attribute note of %d changed", vid);
        }
        check_ints(ncid, "v", 100, 5);
        EXPECT_OK(&T, ncmpi_close(ncid));
        MPI_Info_free(&info);
    }
}

/* ---- clobber ------------------------------------------------------------- */
static int exists(const char *p)
{
    struct stat sb;
    return lstat(p, &sb) == 0;
}

/* nfiles0 subfiles per variable at first, two variables: 12 are checked
 * by process 0 alone at the second create, 18 by all processes
 * (dataset/clobber.c, ALONE_MAX) */
static void clobber_one(const char *dir, const char *stem, int nfiles0)
{
    int ncid, dim, var;
    char path[1024], n0[8], name[64], old_id[40] = "", decoy[1200];
    snprintf(path, sizeof path, "%s/%s", dir, stem);
    snprintf(n0, sizeof n0, "%d", nfiles0);
    for (int round = 0; round < 2; round++) {
        MPI_Info info = hints(round == 0 ? n0 : "2");
        EXPECT_OK(&T, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, &ncid));
        EXPECT_OK(&T, ncmpi_def_dim(ncid, "x", 600, &dim));
        EXPECT_OK(&T, ncmpi_def_var(ncid, round == 0 ? "old" : "v", NC_INT, 1, &dim, &var, info));
        if (round == 0) EXPECT_OK(&T, ncmpi_def_var(ncid, "v", NC_INT, 1, &dim, &var, info));
        EXPECT_OK(&T, ncmpi_enddef(ncid));
        EXPECT_OK(&T, put_ints(ncid, var, 600, 7 + round));
        EXPECT_OK(&T, ncmpi_close(ncid));
        MPI_Info_free(&info);
        if (round == 0) {
            /* the old identity, for a file at the name process 0 would move
             * one of the old subfiles to for another process to remove */
            EXPECT_OK(&T, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
            EXPECT_OK(&T, ncmpi_get_att_text(ncid, NC_GLOBAL, "subfiling_dataset_id", old_id));
            old_id[32] = 0;
            EXPECT_OK(&T, ncmpi_close(ncid));
        }
        if (round == 0 && T.rank == 0) {
            FILE *fp;
            /* a file where old subfile 1 of process 0's list would be
             * moved aside: it stays, and the subfile is removed all the same */
            snprintf(decoy, sizeof decoy, "%s.%s.removed.1", path, old_id);
            if ((fp = fopen(decoy, "w"))) { fputs("decoy\n", fp); fclose(fp); }
            /* what is not the old dataset's subfile stays: a foreign file
             * in place of one, a symbolic link in place of another, a file
             * of the same pattern the dataset never had */
            snprintf(name, sizeof name, "%s.v.4", stem);
            unlink(join(dir, name));
            if ((fp = fopen(join(dir, name), "w"))) { fputs("mine\n", fp); fclose(fp); }
            if ((fp = fopen(join(dir, "precious"), "w"))) { fputs("keep\n", fp); fclose(fp); }
            snprintf(name, sizeof name, "%s.v.5", stem);
            unlink(join(dir, name));
            EXPECT(&T, symlink("precious", join(dir, name)) == 0, "symlink");
            snprintf(name, sizeof name, "%s.v.%d", stem, nfiles0 + 3);
            if ((fp = fopen(join(dir, name), "w"))) { fputs("mine\n", fp); fclose(fp); }
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    if (T.rank == 0) {
        for (int k = 0; k < nfiles0; k++) {
            snprintf(name, sizeof name, "%s.old.%d", stem, k);
            EXPECT(&T, !exists(join(dir, name)), "%s is left", name);
            snprintf(name, sizeof name, "%s.v.%d", stem, k);
            EXPECT(&T, exists(join(dir, name)) == (k < 2 || k == 4 || k == 5), "%s: %s", name,
                   exists(join(dir, name)) ? "left" : "removed");
        }
        snprintf(name, sizeof name, "%s.v.%d", stem, nfiles0 + 3);
        EXPECT(&T, exists(join(dir, name)) && exists(join(dir, "precious")), "a foreign file was removed");
        /* the file at a moving-aside name untouched, none of those left */
        char got[16] = "";
        FILE *fp = fopen(decoy, "r");
        if (fp) { if (!fgets(got, sizeof got, fp)) got[0] = 0; fclose(fp); }
        EXPECT(&T, !strcmp(got, "decoy\n"), "the file at %s was replaced or removed", decoy);
        unlink(decoy);
        for (int i = 0; i < 2 * nfiles0 + 2; i++) {
            char aside[1200];
            snprintf(aside, sizeof aside, "%s.%s.removed.%d", path, old_id, i);
            EXPECT(&T, !exists(aside), "%s is left", aside);
        }
    }
    EXPECT_OK(&T, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    check_ints(ncid, "v", 600, 8);
    EXPECT_OK(&T, ncmpi_close(ncid));
}

static void case_clobber(const char *dir)
{
    T.where = "clobber";
    clobber_one(dir, "cl.nc", 6);
    clobber_one(dir, "cl2.nc", 9);
}

/* ---- emfile -------------------------------------------------------------- */
static void case_emfile(const char *dir)
{
    int ncid, dim, var, fds[4096], nfd = 0;
    MPI_Info info = hints("8");
    T.where = "emfile";
    EXPECT_OK(&T, ncmpi_create(MPI_COMM_WORLD, join(dir, "emf.nc"), NC_CLOBBER, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&T, ncmpi_def_dim(ncid, "x", 800, &dim));
    EXPECT_OK(&T, ncmpi_def_var(ncid, "v", NC_INT, 1, &dim, &var, info));
    MPI_Barrier(MPI_COMM_WORLD);
    /* every descriptor taken (t_redteam.sh runs this under ulimit -n 256) */
    while (nfd < 4096 && (fds[nfd] = open("/dev/null", O_RDONLY)) >= 0) nfd++;
    int err = ncmpi_enddef(ncid);
    for (int i = 0; i < nfd; i++) close(fds[i]);
    test_agreed(&T, err, NC_EFILE, "enddef without descriptors");
    const char *msg = ncsf_errmsg(ncid);
    int said = msg && strstr(msg, "ulimit -n") && strstr(msg, "subfiling_max_open");
    int any = 0;
    MPI_Allreduce(&said, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    EXPECT(&T, any, "no rank's message names ulimit -n and subfiling_max_open: \"%s\"", msg ? msg : "");
    if (said && T.rank == 0) printf("message: %s\n", msg);
    err = ncmpi_close(ncid);
    test_agreed(&T, err, NC_EFILE, "close");
    MPI_Info_free(&info);
}

static void case_envlong(const char *dir)
{
    int ncid, dim, var;
    T.where = "envlong";
    EXPECT_OK(&T, ncmpi_create(MPI_COMM_WORLD, join(dir, "env.nc"), NC_CLOBBER, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&T, ncmpi_def_dim(ncid, "x", 100, &dim));
    EXPECT_OK(&T, ncmpi_def_var(ncid, "v", NC_INT, 1, &dim, &var));
    EXPECT_OK(&T, ncmpi_enddef(ncid));
    EXPECT_OK(&T, put_ints(ncid, var, 100, 1));
    check_ints(ncid, "v", 100, 1);
    EXPECT_OK(&T, ncmpi_close(ncid));
}
#endif

int main(int argc, char **argv)
{
    test_init(&T, &argc, &argv);
    if (argc != 3) {
        if (T.rank == 0) fprintf(stderr, "usage: t_redteam CASE DIR\n");
        MPI_Finalize();
        return 2;
    }
    const char *c = argv[1], *dir = argv[2];
    if (!strcmp(c, "swap")) case_swap(dir);
#ifndef REDTEAM_PLAIN
    else if (!strcmp(c, "nospace")) case_nospace(dir);
    else if (!strcmp(c, "rename")) case_rename(dir);
    else if (!strcmp(c, "pgrid")) case_pgrid(dir);
    else if (!strcmp(c, "indep")) case_indep(dir);
    else if (!strcmp(c, "mark")) case_mark(dir);
    else if (!strcmp(c, "clobber")) case_clobber(dir);
    else if (!strcmp(c, "emfile")) case_emfile(dir);
    else if (!strcmp(c, "envlong")) case_envlong(dir);
#endif
    else {
        if (T.rank == 0) fprintf(stderr, "t_redteam: no case %s\n", c);
        T.failures++;
    }
    char name[64];
    snprintf(name, sizeof name, "t_redteam %s", c);
    return test_finish(&T, name);
}
