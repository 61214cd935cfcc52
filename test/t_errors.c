/*
 * t_errors: bad input and damaged datasets. Every case checks the error
 * code on every rank, and that the dataset can still be used afterwards:
 * a collective call whose I/O fails fails on every rank; one whose
 * arguments are bad on some ranks fails there only, the others proceed,
 * as in PnetCDF (with PNETCDF_SAFE_MODE=1 it fails on every rank).
 *
 *   t_errors input DIR    bad hints and bad calls
 *   t_errors damage DIR   missing, truncated and foreign subfiles, broken
 *                         attributes, and a fuzz of random attribute and
 *                         header corruption
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <ncsf.h>
#include "testutil.h"
#include "testlib.h"
#include "values.h"
#include "surgery.h"

#define NX 12
#define NY 5

static test_state ts;
static char dir[400];
static int format = 2; /* the on-disk format the damage tests write */

/* create's info: the format asked for */
static MPI_Info format_info(void)
{
    return tl_info("subfiling_format", format == 1 ? "1" : "2", NULL);
}

#define agreed(err, want, what) test_agreed(&ts, (err), (want), (what))
/* the rows of an NX x NY array each rank writes (testlib.c) */
#define my_rows(st, ct) tl_rows(&ts, NX, NY, (st), (ct))
#define fill(b, st, ct, seed) tl_fill_rows((b), (st), (ct), NY, (seed))
#define put_rows(ncid, v, seed) tl_put_rows(&ts, (ncid), (v), NX, NY, (seed))

/* A collective call with bad arguments on the ranks where bad is set: they
 * get want, the others NC_NOERR (PnetCDF's contract), or every rank want
 * in safe mode; never a hang. */
static void bad_here(int err, int bad, int want, const char *what)
{
    const char *safe = getenv("PNETCDF_SAFE_MODE");
    int expect = bad || (safe && atoi(safe)) ? want : NC_NOERR;
    EXPECT(&ts, err == expect, "%s: %s, expected %s", what, ncmpi_strerror(err), ncmpi_strerror(expect));
}

static MPI_Info sf_info(const char *key, const char *val)
{
    return tl_info("subfiling", "enable", "subfiling_nfiles", "3", key, val, NULL);
}

/* A small dataset: v (subfiled, 3 files) and w (subfiled, 2 files). */
static void write_dataset(const char *path, int seed)
{
    int ncid, d[2], v, w;
    MPI_Info fi = format_info();
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, fi, &ncid));
    MPI_Info_free(&fi);
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    MPI_Info i3 = sf_info(NULL, NULL), i2 = sf_info("subfiling_nfiles", "2");
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "v", NC_INT, 2, d, &v, i3));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "w", NC_INT, 2, d, &w, i2));
    MPI_Info_free(&i3);
    MPI_Info_free(&i2);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    put_rows(ncid, v, seed);
    put_rows(ncid, w, seed);
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

/* Read the rows of the next rank of variable name and check them; the
 * (agreed) error of the read. */
static int read_and_check(int ncid, const char *path, const char *name, int seed, int want)
{
    MPI_Offset st[2], ct[2];
    int v, buf[NX * NY], want_b[NX * NY];
    my_rows(st, ct);
    st[0] = (st[0] + ct[0]) % NX;
    if (st[0] + ct[0] > NX) ct[0] = NX - st[0];
    fill(want_b, st, ct, seed);
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, name, &v));
    int err = ncmpi_get_vara_int_all(ncid, v, st, ct, buf);
    char what[700];
    snprintf(what, sizeof what, "%s: reading %s", path, name);
    agreed(err, want, what);
    for (MPI_Offset i = 0; !err && i < ct[0] * ct[1]; i++)
        if (buf[i] != want_b[i]) { EXPECT(&ts, 0, "%s: value %lld wrong", what, (long long)i); break; }
    if (err && want != NC_NOERR)
        EXPECT(&ts, strstr(ncsf_errmsg(ncid), name) != NULL, "%s: message \"%s\" does not name the variable",
               what, ncsf_errmsg(ncid));
    return err;
}

/* Open and read both variables back: open must give open_want and, if it
 * opens, v must read with v_want while w (untouched) reads correctly.
 * Returns the (agreed) error of open. */
static int open_and_check_v(const char *path, int seed, int open_want, int v_want)
{
    int ncid, err = ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid);
    agreed(err, open_want, path);
    if (err) return err;
    int w;
    read_and_check(ncid, path, "v", seed, v_want);
    if (ncmpi_inq_varid(ncid, "w", &w) == NC_NOERR) read_and_check(ncid, path, "w", seed, NC_NOERR);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    return 0;
}

static int open_and_check(const char *path, int seed, int want)
{
    return open_and_check_v(path, seed, want, NC_NOERR);
}

static void test_bad_hints(void)
{
    static const char *bad[][2] = {
        {"subfiling_nfiles", "0"}, {"subfiling_nfiles", "-3"}, {"subfiling_nfiles", "four"},
        {"subfiling_nfiles", "99999999999999999999"}, {"subfiling_nfiles", "3x"},
        {"subfiling_dims", "nosuch"}, {"subfiling_dims", "x,x"}, {"subfiling_dims", "7"},
        {"subfiling", "maybe"}, {"subfiling_max_open", "-1"}, {"subfiling_dims", ""},
        {"subfiling_group", ""}, {"subfiling_group", "a/b"}, {"subfiling_aggregate", "-5"},
        {"subfiling_dir", "/abs"}, {"subfiling_dir", "a/../b"}, {"subfiling_dir", "a//b"},
        {"subfiling_dir", "a/"}, {"subfiling_dir", "."},
    };
    char path[512];
    int ncid, d[2], v, scalar;
    snprintf(path, sizeof path, "%s/hints.nc", dir);
    ts.where = "bad hints";
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (!test_info_holds(bad[i][1])) {
            if (ts.rank == 0) printf("note: this MPI's MPI_Info refuses %s=\"%s\": case left out\n", bad[i][0], bad[i][1]);
            continue;
        }
        MPI_Info info = sf_info(bad[i][0], bad[i][1]);
        char what[128];
        snprintf(what, sizeof what, "def_var with %s=\"%s\"", bad[i][0], bad[i][1]);
        agreed(ncmpi_def_var(ncid, "bad", NC_INT, 2, d, &v, info), NC_EINVAL, what);
        if (ts.rank == 0) EXPECT(&ts, strstr(ncsf_errmsg(ncid), bad[i][0]) != NULL,
                                 "%s: message \"%s\" does not name the hint", what, ncsf_errmsg(ncid));
        MPI_Info_free(&info);
    }
    MPI_Info info = sf_info(NULL, NULL);
    agreed(ncmpi_def_var(ncid, "scalar", NC_INT, 0, NULL, &scalar, info), NC_EINVAL, "a scalar variable");
    /* variables of one group must be partitioned alike */
    MPI_Info g3 = sf_info("subfiling_group", "G"), g2 = sf_info("subfiling_group", "G");
    MPI_Info_set(g2, "subfiling_nfiles", "2");
    int g;
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "g1", NC_INT, 2, d, &g, g3));
    agreed(ncmpi_def_var(ncid, "g2", NC_INT, 2, d, &g, g2), NC_EINVAL, "a group member split otherwise");
    if (ts.rank == 0) EXPECT(&ts, strstr(ncsf_errmsg(ncid), "subfiling_group") != NULL, "message: %s", ncsf_errmsg(ncid));
    MPI_Info_free(&g3);
    MPI_Info_free(&g2);
    /* the dataset is still fine: define the variable properly and use it */
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "v", NC_INT, 2, d, &v, info));
    MPI_Info_free(&info);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    put_rows(ncid, v, 9);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    open_and_check(path, 9, NC_NOERR);

    /* a bad hint at create: nothing is left on disk */
    snprintf(path, sizeof path, "%s/badcreate.nc", dir);
    MPI_Info ci;
    MPI_Info_create(&ci);
    MPI_Info_set(ci, "subfiling_nfiles", "-2");
    agreed(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, ci, &ncid), NC_EINVAL, "create with a bad hint");
    MPI_Info_free(&ci);
    MPI_Barrier(MPI_COMM_WORLD);
    EXPECT(&ts, access(path, F_OK) != 0, "create with a bad hint left %s behind", path);
}

static void test_bad_calls(void)
{
    char path[512];
    int ncid, v, w, buf[NX * NY] = {0}, err;
    MPI_Offset st[2], ct[2];
    snprintf(path, sizeof path, "%s/calls.nc", dir);
    ts.where = "bad calls";
    write_dataset(path, 4);
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_WRITE, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "v", &v));
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "w", &w));
    my_rows(st, ct);
    fill(buf, st, ct, 4);

    /* one rank out of bounds: it gets the error, the others write (new
     * values: seen below), or nobody does in safe mode */
    const char *safe = getenv("PNETCDF_SAFE_MODE");
    int safe_mode = safe && atoi(safe);
    int last = ts.rank == ts.nprocs - 1, nbuf[NX * NY];
    fill(nbuf, st, ct, 5);
    MPI_Offset bst[2] = {st[0], st[1]}, bct[2] = {ct[0], ct[1]};
    if (last) bst[0] = NX + 3;
    bad_here(ncmpi_put_vara_int_all(ncid, v, bst, bct, nbuf), last, NC_EINVALCOORDS, "start past the end on one rank");
    {
        int got[NX * NY];
        MPI_Offset a[2] = {0, 0}, n[2] = {NX, NY}, rs, rc;
        EXPECT_OK(&ts, ncmpi_get_vara_int_all(ncid, v, a, n, got));
        for (int r = 0; r < ts.nprocs; r++) {
            test_split(NX, r, ts.nprocs, &rs, &rc);
            int seed = r == ts.nprocs - 1 || safe_mode ? 4 : 5;
            for (MPI_Offset i = rs * NY; i < (rs + rc) * NY; i++)
                if (got[i] != (int)test_value(NC_INT, i, seed)) {
                    EXPECT(&ts, 0, "after one rank's bad start: v[%lld] = %d, rank %d's rows should have seed %d",
                           (long long)i, got[i], r, seed);
                    break;
                }
        }
        /* the values of seed 4 again, for the checks at the end */
        EXPECT_OK(&ts, ncmpi_put_vara_int_all(ncid, v, st, ct, buf));
    }
    bst[0] = st[0];
    if (ts.rank == 0) bct[1] = NY + 1;
    bad_here(ncmpi_put_vara_int_all(ncid, v, bst, bct, buf), ts.rank == 0, NC_EEDGE, "count past the end on one rank");
    bct[1] = NY;
    MPI_Offset sd[2] = {ts.rank == 0 ? 0 : 1, 1};
    bad_here(ncmpi_put_vars_int_all(ncid, v, st, ct, sd, buf), ts.rank == 0, NC_ESTRIDE, "zero stride on one rank");
    /* rank 0 always has rows (NX >= 8 processes) */
    bad_here(ncmpi_put_vara_int_all(ncid, v, st, ct, ts.rank == 0 ? NULL : buf), ts.rank == 0, NC_ENULLBUF,
             "NULL buffer on rank 0");
    bad_here(ncmpi_put_vara_all(ncid, v, st, ct, buf, ts.rank == 0 ? ct[0] * ct[1] + 1 : ct[0] * ct[1], MPI_INT),
             ts.rank == 0, NC_EIOMISMATCH, "wrong bufcount on rank 0");
    agreed(ncmpi_put_vara_text_all(ncid, v, st, ct, (char *)buf), NC_ECHAR, "text into an int variable");
    bad_here(ncmpi_put_vara_all(ncid, v, st, ct, buf, ct[0] * ct[1], ts.rank == 0 ? MPI_CHAR : MPI_INT),
             ts.rank == 0, NC_ECHAR, "a character buffer type on rank 0 only");
    agreed(ncmpi_put_vara_int_all(ncid + 1000, v, st, ct, buf), NC_EBADID, "an ncid that is not open");
    agreed(ncmpi_put_vara_int_all(ncid, 77, st, ct, buf), NC_ENOTVAR, "a variable id out of range");
    bad_here(ncmpi_put_vara_int_all(ncid, ts.rank == 0 ? 77 : v, st, ct, buf), ts.rank == 0, NC_ENOTVAR,
             "a variable id out of range on rank 0");
    bad_here(ncmpi_get_vara_int_all(ncid, ts.rank == 0 ? 77 : v, st, ct, nbuf), ts.rank == 0, NC_ENOTVAR,
             "a get of a variable id out of range on rank 0");
    agreed(ncmpi_put_vara_int(ncid, v, st, ct, buf), NC_ENOTINDEP, "independent put in collective mode");
    EXPECT_OK(&ts, ncmpi_begin_indep_data(ncid));
    agreed(ncmpi_put_vara_int_all(ncid, v, st, ct, buf), NC_EINDEP, "collective put in independent mode");
    EXPECT_OK(&ts, ncmpi_end_indep_data(ncid));
    EXPECT_OK(&ts, ncmpi_redef(ncid));
    agreed(ncmpi_put_vara_int_all(ncid, v, st, ct, buf), NC_EINDEFINE, "put in define mode");
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    {
        int dims[2], late;
        MPI_Info i3 = sf_info(NULL, NULL);
        EXPECT_OK(&ts, ncmpi_inq_vardimid(ncid, v, dims));
        agreed(ncmpi_def_var(ncid, "late", NC_INT, 2, dims, &late, i3), NC_ENOTINDEFINE, "def_var in data mode");
        MPI_Info_free(&i3);
    }
    /* and the dataset is intact and writable after all that */
    err = ncmpi_put_vara_int_all(ncid, w, st, ct, buf);
    agreed(err, NC_NOERR, "a good put after the bad ones");
    EXPECT_OK(&ts, ncmpi_close(ncid));
    open_and_check(path, 4, NC_NOERR);

    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    agreed(ncmpi_put_vara_int_all(ncid, v, st, ct, buf), NC_EPERM, "put into a read-only dataset");
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

/* ---- damage ------------------------------------------------------------- */

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

static long file_size(const char *p)
{
    FILE *f = fopen(p, "rb");
    if (!f) return -1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return n;
}

/* Rank 0 changes the files; everyone waits for it. */

static void set_att(const char *path, const char *var, const char *att, nc_type t,
                    MPI_Offset n, const void *vals)
{
    /* through netCDF-C on one process, as a careless tool would */
    int err = surgery_put_att(path, var, att, t, n, vals);
    EXPECT(&ts, err == 0, "put_att %s in %s: netCDF-C error %d", att, path, err);
}

/* One attribute of file (var NULL: a global one) set to vals, the dataset
 * base opened, the file put back. NC errors are negative: want is the
 * error open must give on every rank, or -err when the dataset opens and
 * every access to v gives err. */
static void damaged(const char *base, const char *file, const char *var, const char *att, nc_type t,
                    MPI_Offset n, const void *vals, int want)
{
    char save[700];
    snprintf(save, sizeof save, "%s.before", file);
    ON_ROOT(&ts, copy_file(file, save); set_att(file, var, att, t, n, vals));
    if (want > 0) open_and_check_v(base, 11, NC_NOERR, -want);
    else open_and_check(base, 11, want);
    ON_ROOT(&ts, rename(save, file));
}

static void test_damage(void)
{
    char base[512], other[512], sub[600], save[700];
    snprintf(base, sizeof base, "%s/dmg.nc", dir);
    snprintf(other, sizeof other, "%s/other.nc", dir);
    ts.where = "damage";
    write_dataset(base, 11);
    write_dataset(other, 12);
    open_and_check(base, 11, NC_NOERR);

    snprintf(sub, sizeof sub, "%s.v.1", base);
    snprintf(save, sizeof save, "%s.saved", sub);
    ON_ROOT(&ts, rename(sub, save));
    open_and_check_v(base, 11, NC_NOERR, NC_ENOENT);
    ON_ROOT(&ts, rename(save, sub));

    ON_ROOT(&ts, copy_file(sub, save); if (truncate(sub, file_size(sub) - 8)) perror("truncate"));
    open_and_check_v(base, 11, NC_NOERR, NC_ETRUNC);
    ON_ROOT(&ts, rename(save, sub));

    char foreign[600];
    snprintf(foreign, sizeof foreign, "%s.v.1", other);
    ON_ROOT(&ts, copy_file(sub, save); copy_file(foreign, sub));
    open_and_check_v(base, 11, NC_NOERR, NC_EVARMETA);
    ON_ROOT(&ts, rename(save, sub));

    /* a writer that never closed: refused, unless the reader accepts it */
    char inc[600];
    snprintf(inc, sizeof inc, "%s/incomplete.nc", dir);
    {
        int ncid, d[2], v;
        MPI_Info i3 = sf_info(NULL, NULL), fi = format_info();
        EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, inc, NC_CLOBBER | NC_64BIT_DATA, fi, &ncid));
        MPI_Info_free(&fi);
        EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[0]));
        EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[1]));
        EXPECT_OK(&ts, ncmpi_def_var(ncid, "v", NC_INT, 2, d, &v, i3));
        EXPECT_OK(&ts, ncmpi_enddef(ncid));
        put_rows(ncid, v, 13);
        /* a copy of the files as they are now is what a job that died here
         * leaves behind; the original is then closed normally. The sync
         * puts the data on disk (and marks the dataset "synced  "), the
         * same values written again after it mark it "writing " again */
        EXPECT_OK(&ts, ncmpi_sync(ncid));
        put_rows(ncid, v, 13);
        char crashed[700], from[700], to[800];
        snprintf(crashed, sizeof crashed, "%s/crashed", dir);
        if (ts.rank == 0) {
            mkdir(crashed, 0755);
            snprintf(from, sizeof from, "%s", inc);
            snprintf(to, sizeof to, "%s/incomplete.nc", crashed);
            copy_file(from, to);
            for (int k = 0; k < 3; k++) {
                snprintf(from, sizeof from, "%s.v.%d", inc, k);
                snprintf(to, sizeof to, "%s/incomplete.nc.v.%d", crashed, k);
                copy_file(from, to);
            }
        }
        MPI_Barrier(MPI_COMM_WORLD);
        EXPECT_OK(&ts, ncmpi_close(ncid));
        MPI_Info_free(&i3);
        open_and_check(inc, 13, NC_NOERR);
        snprintf(inc, sizeof inc, "%s/crashed/incomplete.nc", dir);
        open_and_check(inc, 13, NC_ETRUNC);
        MPI_Info acc;
        MPI_Info_create(&acc);
        MPI_Info_set(acc, "subfiling_incomplete", "accept");
        agreed(ncmpi_open(MPI_COMM_WORLD, inc, NC_NOWRITE, acc, &ncid), NC_NOERR, "accepting an incomplete dataset");
        ncmpi_close(ncid);
        MPI_Info_free(&acc);
    }

    /* attributes that contradict each other */
    int pg = 4;
    damaged(base, base, "v", "subfiling_pgrid", NC_INT, 1, &pg, NC_EVARMETA);
    if (format == 1) {
        long long counts[6] = {0, 5, 4, 5, 4, 5};
        damaged(base, base, "v", "subfiling_counts", NC_INT64, 6, counts, NC_EVARMETA);
        damaged(base, base, "v", "subfiling_names", NC_CHAR, 9, "../x\na\nb", NC_EVARMETA);
    } else {
        /* boundaries that do not increase, or do not end at the extent */
        long long b1[4] = {0, 5, 4, 12}, b2[4] = {0, 4, 8, 11}, b3[4] = {0, 3, 8, 12}, bs[2] = {3, 0};
        damaged(base, base, "v", "subfiling_bounds", NC_INT64, 4, b1, NC_EVARMETA);
        damaged(base, base, "v", "subfiling_bounds", NC_INT64, 4, b2, NC_EVARMETA);
        /* a stem leaving the dataset's directory, or absolute */
        damaged(base, base, "v", "subfiling_stem", NC_CHAR, 9, "../dmg.nc", NC_EVARMETA);
        damaged(base, base, "v", "subfiling_stem", NC_CHAR, 8, "/tmp/dmg", NC_EVARMETA);
        /* an unknown format version */
        int three = 3;
        damaged(base, base, NULL, "subfiling_version", NC_INT, 1, &three, NC_EVARMETA);
        /* a subfile whose own block is not the one the grid gives it: the
         * dataset opens, v fails */
        damaged(base, sub, "v", "subfiling_block_start", NC_INT64, 2, bs, -NC_EVARMETA);
        /* uneven boundaries given explicitly describe another partition:
         * the subfiles (of the even one) no longer match it */
        damaged(base, base, "v", "subfiling_bounds", NC_INT64, 4, b3, -NC_EVARMETA);
    }
    /* a subfile whose own attributes disagree with the base file's */
    ON_ROOT(&ts, copy_file(sub, save); pg = 0; set_att(sub, "v", "subfiling_index", NC_INT, 1, &pg));
    open_and_check_v(base, 11, NC_NOERR, NC_EVARMETA);
    ON_ROOT(&ts, rename(save, sub));
    open_and_check(base, 11, NC_NOERR);

    /* fuzz: random corruption of attribute values and header bytes; every
     * outcome must be an agreed error or a dataset that reads correctly */
    static const char *atts1[] = {"subfiling_gsize", "subfiling_starts", "subfiling_counts",
                                  "subfiling_nfiles", "subfiling_porder", "subfiling_pgrid",
                                  "subfiling_gndims", "subfiling_index", "subfiling_names",
                                  "subfiling_dimnames"};
    static const char *atts2[] = {"subfiling_gsize", "subfiling_bounds", "subfiling_block_start",
                                  "subfiling_block_count", "subfiling_nfiles", "subfiling_porder",
                                  "subfiling_pgrid", "subfiling_gndims", "subfiling_index",
                                  "subfiling_stem", "subfiling_dimnames"};
    const char *const *atts = format == 1 ? atts1 : atts2;
    int natts = format == 1 ? (int)(sizeof atts1 / sizeof atts1[0]) : (int)(sizeof atts2 / sizeof atts2[0]);
    /* fewer rounds on 8 processes: the cases are the same at every count
     * (the seed does not depend on it), and oversubscribed, each costs 5x */
    int rounds = ts.nprocs > 4 ? 20 : 60, agreed_errors = 0;
    unsigned seed = 12345;
    for (int r = 0; r < rounds; r++) {
        seed = seed * 1103515245u + 12345u;
        const char *att = atts[(seed >> 8) % natts];
        int target_sub = (seed >> 4) & 1;
        const char *path = target_sub ? sub : base;
        char psave[620];
        snprintf(psave, sizeof psave, "%s.fz", path);
        if (ts.rank == 0) {
            copy_file(path, psave);
            long long vals[8];
            int ivals[8];
            for (int i = 0; i < 8; i++) {
                seed = seed * 1103515245u + 12345u;
                vals[i] = (long long)(seed >> 3) % 40 - 8;
                ivals[i] = (int)vals[i];
            }
            int n = 1 + (seed >> 20) % 6;
            if (!strcmp(att, "subfiling_names") || !strcmp(att, "subfiling_dimnames"))
                set_att(path, "v", att, NC_CHAR, 5, (seed & 1) ? "a\n\nb" : "x\ny\nz");
            else if (!strcmp(att, "subfiling_stem"))
                set_att(path, "v", att, NC_CHAR, (seed & 1) ? 5 : 6, (seed & 1) ? "dmg.n" : "dmg.nc");
            else if (!strcmp(att, "subfiling_gsize") || !strcmp(att, "subfiling_starts") ||
                     !strcmp(att, "subfiling_counts") || !strcmp(att, "subfiling_bounds") ||
                     !strncmp(att, "subfiling_block_", 16))
                set_att(path, "v", att, NC_INT64, n, vals);
            else
                set_att(path, "v", att, NC_INT, n, ivals);
            if ((seed >> 12) % 4 == 0) {
                /* and a flipped byte in the header */
                FILE *f = fopen(path, "r+b");
                if (f) {
                    long at = 8 + (long)((seed >> 5) % 200);
                    fseek(f, at, SEEK_SET);
                    int c = fgetc(f);
                    fseek(f, at, SEEK_SET);
                    fputc(c ^ 0x5a, f);
                    fclose(f);
                }
            }
        }
        MPI_Barrier(MPI_COMM_WORLD);
        int ncid, err = ncmpi_open(MPI_COMM_WORLD, base, NC_NOWRITE, MPI_INFO_NULL, &ncid);
        agreed(err, TEST_ANY, "fuzzed dataset");
        if (err == NC_NOERR) {
            /* accepted: then it must still read as a consistent array or
             * fail the read on every rank */
            int v, buf[NX * NY];
            MPI_Offset st[2] = {0, 0}, ct[2] = {NX, NY};
            if (ncmpi_inq_varid(ncid, "v", &v) == NC_NOERR) {
                int nd;
                ncmpi_inq_varndims(ncid, v, &nd);
                if (nd == 2) agreed(ncmpi_get_vara_int_all(ncid, v, st, ct, buf), TEST_ANY, "read of fuzzed dataset");
            }
            ncmpi_close(ncid);
        } else {
            agreed_errors++;
        }
        ON_ROOT(&ts, rename(psave, path));
    }
    if (ts.rank == 0) printf("fuzz: %d corruptions, %d refused with an agreed error\n", rounds, agreed_errors);
    open_and_check(base, 11, NC_NOERR);
}

int main(int argc, char **argv)
{
    test_init(&ts, &argc, &argv);
    if (argc < 3) { fprintf(stderr, "usage: t_errors input|damage DIR [FORMAT]\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
    snprintf(dir, sizeof dir, "%s", argv[2]);
    if (argc > 3) format = atoi(argv[3]);
    if (!strcmp(argv[1], "input")) {
        test_bad_hints();
        test_bad_calls();
    } else {
        test_damage();
    }
    return test_finish(&ts, argv[1]);
}
