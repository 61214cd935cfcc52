/*
 * t_dataloss: PnetCDF programs (pnetcdf.h and -lpnetcdf only) that once
 * lost data when run with every variable subfiled (through
 * libncsf-preload.so): run plain and preloaded, they must read back the
 * same values, and ncsf-merge of the subfiled output must equal the plain
 * file (test/t_dataloss.sh).
 *
 *   t_dataloss write CASE FILE   create, write, reopen and write more
 *   t_dataloss append CASE FILE  norec, norec0: one record more (run with
 *                                another process count than write)
 *   t_dataloss read CASE FILE [appended]   check every value (any
 *                                process count; after append)
 *
 * CASE:
 *   rename   ncmpi_rename_dim of dimensions subfiled variables use: before
 *            the first enddef, after redef (longer names, the record
 *            dimension too), in data mode (shorter names), two names
 *            swapped round; records appended after each
 *   norec    record variables still without records at close while others
 *            have some; a later open appends records to one of them
 *   norec0   a record variable and no records at all at close; records
 *            appended over two later opens
 *   laterec  a record variable defined in a later redef cycle, written
 *            only in the open after that
 *   onerank  record variables written by one rank only (collective, the
 *            others with nothing; independent)
 *   dupdim   variables using one dimension twice: v(d,d), w(t,d,d),
 *            u(d,x,d); a record appended after reopening
 *   fill       fill mode: a(x) never written, r1 and r2 filled record by
 *            record with ncmpi_fill_var_rec, some records written after
 *            (one by the last rank only, after a reopen)
 *   swapgroup  p(x,y), q(x,y) (run with subfiling_group: one set of
 *            subfiles), x and y renamed round after reopening
 *
 * Values: test_value(NC_INT, global linear index, seed) where written;
 * in case fill, NC_FILL_INT where not.
 * Where nothing was written the value is undefined (netCDF's no-fill mode,
 * PnetCDF's default: plain PnetCDF itself returns zeros, -1 or whatever
 * its buffer held there), so only the written values are checked.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pnetcdf.h>
#include "values.h"

enum { X = 6, Y = 4, D = 5, MAXD = 3 };
static int failures, rank, nprocs;
static int filled; /* the case fills: unwritten values are NC_FILL_INT */

#define TRY(call) do { int e_ = (call); if (e_ != NC_NOERR) { \
    fprintf(stderr, "[rank %d] %s:%d: %s: %s\n", rank, __FILE__, __LINE__, #call, ncmpi_strerror(e_)); \
    failures++; } } while (0)

static int is_rec(int ncid, int varid)
{
    int nd, dimids[MAXD], unlim = -1;
    ncmpi_inq_unlimdim(ncid, &unlim);
    if (ncmpi_inq_varndims(ncid, varid, &nd) || nd < 1) return 0;
    ncmpi_inq_vardimid(ncid, varid, dimids);
    return dimids[0] == unlim;
}

/* the variable's shape; a record variable's dimension 0 counts one record */
static int shape(int ncid, int varid, MPI_Offset *len)
{
    int nd = 0, dimids[MAXD];
    TRY(ncmpi_inq_varndims(ncid, varid, &nd));
    TRY(ncmpi_inq_vardimid(ncid, varid, dimids));
    for (int d = 0; d < nd; d++) TRY(ncmpi_inq_dimlen(ncid, dimids[d], &len[d]));
    if (is_rec(ncid, varid)) len[0] = 1;
    return nd;
}

/* Records [r0, r0 + nr) of a record variable (or the whole of a fixed one),
 * collectively: split among all ranks along the first non-record dimension
 * (who < 0), or all of it from rank who and nothing from the others. */
static void put(int ncid, const char *name, int seed, int r0, int nr, int who)
{
    int varid = -1, rec;
    MPI_Offset len[MAXD], st[MAXD] = {0}, ct[MAXD];
    TRY(ncmpi_inq_varid(ncid, name, &varid));
    int nd = shape(ncid, varid, len);
    rec = is_rec(ncid, varid);
    for (int d = 0; d < nd; d++) ct[d] = len[d];
    if (rec) st[0] = r0, ct[0] = nr;
    int sd = rec ? 1 : 0;
    if (who < 0) {
        st[sd] = len[sd] * rank / nprocs;
        ct[sd] = len[sd] * (rank + 1) / nprocs - st[sd];
    } else if (rank != who) {
        ct[sd] = 0;
    }
    MPI_Offset inner = 1, n = 1;
    for (int d = 1; d < nd; d++) inner *= len[d];
    for (int d = 0; d < nd; d++) n *= ct[d];
    int *buf = malloc(sizeof(int) * (size_t)(n + 1)), k = 0;
    /* odometer over the block */
    MPI_Offset idx[MAXD] = {0};
    for (MPI_Offset i = 0; i < n; i++) {
        long long lin = 0;
        for (int d = 0; d < nd; d++) lin = lin * (d ? len[d] : 1) + st[d] + idx[d];
        if (rec) { /* record r's elements follow the records before it */
            long long in = 0;
            for (int d = 1; d < nd; d++) in = in * len[d] + st[d] + idx[d];
            lin = (st[0] + idx[0]) * inner + in;
        }
        buf[k++] = (int)test_value(NC_INT, lin, seed);
        for (int d = nd - 1; d >= 0; d--) {
            if (++idx[d] < ct[d]) break;
            idx[d] = 0;
        }
    }
    TRY(ncmpi_put_vara_int_all(ncid, varid, st, ct, buf));
    free(buf);
}

/* The whole variable on every rank: records in mask written (bit r), or
 * for a fixed variable all of it (mask != 0). */
static void check(int ncid, const char *name, int seed, unsigned mask, MPI_Offset nrec)
{
    int varid = -1;
    MPI_Offset len[MAXD], total = 1;
    TRY(ncmpi_inq_varid(ncid, name, &varid));
    if (varid < 0) return;
    int nd = shape(ncid, varid, len), rec = is_rec(ncid, varid);
    MPI_Offset inner = 1;
    for (int d = 1; d < nd; d++) inner *= len[d];
    total = rec ? nrec * inner : len[0] * inner;
    int *buf = malloc(sizeof(int) * (size_t)(total + 1));
    for (MPI_Offset i = 0; i < total; i++) buf[i] = -7;
    TRY(ncmpi_get_var_int_all(ncid, varid, buf));
    for (MPI_Offset i = 0; i < total; i++) {
        int r = rec ? (int)(i / inner) : 0;
        int want = (int)test_value(NC_INT, i, seed);
        if (!((mask >> r) & 1)) {
            if (!filled) continue; /* never written: undefined */
            want = NC_FILL_INT;
        }
        if (buf[i] != want) {
            if (failures < 12)
                fprintf(stderr, "[rank %d] %s[%lld] = %d, expected %d\n", rank, name, (long long)i, buf[i], want);
            failures++;
        }
    }
    free(buf);
}

static int create(const char *path)
{
    int ncid = -1;
    TRY(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    return ncid;
}

static int reopen(const char *path)
{
    int ncid = -1;
    TRY(ncmpi_open(MPI_COMM_WORLD, path, NC_WRITE, MPI_INFO_NULL, &ncid));
    return ncid;
}

static int def(int ncid, const char *name, int nd, int d0, int d1, int d2)
{
    int dims[MAXD] = {d0, d1, d2}, v = -1;
    TRY(ncmpi_def_var(ncid, name, NC_INT, nd, dims, &v));
    return v;
}

static void rename_dim(int ncid, const char *from, const char *to)
{
    int id = -1;
    TRY(ncmpi_inq_dimid(ncid, from, &id));
    TRY(ncmpi_rename_dim(ncid, id, to));
}

static void write_rename(const char *path)
{
    int ncid = create(path), t, x, y;
    TRY(ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &t));
    TRY(ncmpi_def_dim(ncid, "x", X, &x));
    TRY(ncmpi_def_dim(ncid, "y", Y, &y));
    def(ncid, "a", 2, x, y, 0);
    def(ncid, "r", 2, t, x, 0);
    def(ncid, "s", 3, t, y, x);
    rename_dim(ncid, "y", "yy"); /* before any subfile exists */
    TRY(ncmpi_enddef(ncid));
    put(ncid, "a", 1, 0, 0, -1);
    put(ncid, "r", 2, 0, 2, -1);
    put(ncid, "s", 3, 0, 2, -1);
    TRY(ncmpi_close(ncid));

    ncid = reopen(path); /* define mode: longer names, the record dimension's too */
    TRY(ncmpi_redef(ncid));
    rename_dim(ncid, "x", "x_a_longer_name");
    rename_dim(ncid, "t", "time");
    TRY(ncmpi_enddef(ncid));
    put(ncid, "r", 2, 2, 1, -1);
    put(ncid, "s", 3, 2, 1, -1);
    TRY(ncmpi_close(ncid));

    ncid = reopen(path); /* data mode: names no longer than before, between puts */
    put(ncid, "r", 2, 3, 1, -1);
    rename_dim(ncid, "yy", "w");
    rename_dim(ncid, "time", "T");
    int wid = -1, e = NC_NOERR;
    TRY(ncmpi_inq_dimid(ncid, "w", &wid));
    if ((e = ncmpi_rename_dim(ncid, wid, "longer_than_w")) != NC_ENOTINDEFINE)
        fprintf(stderr, "[rank %d] rename_dim to a longer name in data mode: %s\n", rank, ncmpi_strerror(e)), failures++;
    put(ncid, "s", 3, 3, 1, -1);
    TRY(ncmpi_close(ncid));

    ncid = reopen(path); /* two names swapped round */
    TRY(ncmpi_redef(ncid));
    rename_dim(ncid, "w", "tmp");
    rename_dim(ncid, "x_a_longer_name", "w");
    rename_dim(ncid, "tmp", "x_a_longer_name");
    TRY(ncmpi_enddef(ncid));
    put(ncid, "r", 2, 4, 1, -1);
    put(ncid, "s", 3, 4, 1, -1);
    TRY(ncmpi_close(ncid));
}

static void write_norec(const char *path)
{
    int ncid = create(path), t, x;
    TRY(ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &t));
    TRY(ncmpi_def_dim(ncid, "x", X, &x));
    def(ncid, "r1", 2, t, x, 0);
    def(ncid, "r2", 2, t, x, 0);
    def(ncid, "r3", 2, t, x, 0);
    def(ncid, "a", 1, x, 0, 0);
    TRY(ncmpi_enddef(ncid));
    put(ncid, "a", 4, 0, 0, -1);
    put(ncid, "r1", 1, 0, 3, -1);
    TRY(ncmpi_close(ncid));
    ncid = reopen(path);
    put(ncid, "r2", 2, 4, 1, -1);
    TRY(ncmpi_close(ncid));
}

static void write_norec0(const char *path)
{
    int ncid = create(path), t, x;
    TRY(ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &t));
    TRY(ncmpi_def_dim(ncid, "x", X, &x));
    def(ncid, "r1", 2, t, x, 0);
    def(ncid, "a", 1, x, 0, 0);
    TRY(ncmpi_enddef(ncid));
    put(ncid, "a", 4, 0, 0, -1);
    TRY(ncmpi_close(ncid));
    ncid = reopen(path);
    put(ncid, "r1", 1, 1, 1, -1);
    TRY(ncmpi_close(ncid));
    ncid = reopen(path);
    put(ncid, "r1", 1, 2, 1, -1);
    TRY(ncmpi_close(ncid));
}

static void write_laterec(const char *path)
{
    int ncid = create(path), t, x;
    TRY(ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &t));
    TRY(ncmpi_def_dim(ncid, "x", X, &x));
    def(ncid, "r1", 2, t, x, 0);
    TRY(ncmpi_enddef(ncid));
    put(ncid, "r1", 1, 0, 2, -1);
    TRY(ncmpi_close(ncid));
    ncid = reopen(path);
    TRY(ncmpi_redef(ncid));
    TRY(ncmpi_inq_dimid(ncid, "t", &t));
    TRY(ncmpi_inq_dimid(ncid, "x", &x));
    def(ncid, "r2", 2, t, x, 0);
    TRY(ncmpi_enddef(ncid));
    TRY(ncmpi_close(ncid));
    ncid = reopen(path);
    put(ncid, "r2", 2, 2, 1, -1);
    put(ncid, "r1", 1, 2, 1, -1);
    TRY(ncmpi_close(ncid));
}

static void write_onerank(const char *path)
{
    int ncid = create(path), t, x, v3 = -1;
    TRY(ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &t));
    TRY(ncmpi_def_dim(ncid, "x", X, &x));
    def(ncid, "r1", 2, t, x, 0);
    def(ncid, "r2", 2, t, x, 0);
    v3 = def(ncid, "r3", 2, t, x, 0);
    TRY(ncmpi_enddef(ncid));
    put(ncid, "r1", 1, 0, 1, -1);
    put(ncid, "r2", 2, 0, 3, nprocs - 1);
    TRY(ncmpi_begin_indep_data(ncid));
    if (rank == 0) {
        int row[X];
        MPI_Offset st[2] = {3, 0}, ct[2] = {1, X};
        for (int i = 0; i < X; i++) row[i] = (int)test_value(NC_INT, 3 * X + i, 3);
        TRY(ncmpi_put_vara_int(ncid, v3, st, ct, row));
    }
    TRY(ncmpi_end_indep_data(ncid));
    TRY(ncmpi_close(ncid));
}

static void write_dupdim(const char *path)
{
    int ncid = create(path), t, d, x;
    TRY(ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &t));
    TRY(ncmpi_def_dim(ncid, "d", D, &d));
    TRY(ncmpi_def_dim(ncid, "x", X, &x));
    def(ncid, "v", 2, d, d, 0);
    def(ncid, "w", 3, t, d, d);
    def(ncid, "u", 3, d, x, d);
    TRY(ncmpi_enddef(ncid));
    put(ncid, "v", 1, 0, 0, -1);
    put(ncid, "w", 2, 0, 2, -1);
    put(ncid, "u", 3, 0, 0, -1);
    TRY(ncmpi_close(ncid));
    ncid = reopen(path);
    put(ncid, "w", 2, 2, 1, -1);
    TRY(ncmpi_close(ncid));
}

/* run with subfiling_group: p and q share their subfiles */
static void write_swapgroup(const char *path)
{
    int ncid = create(path), x, y;
    TRY(ncmpi_def_dim(ncid, "x", X, &x));
    TRY(ncmpi_def_dim(ncid, "y", Y, &y));
    def(ncid, "p", 2, x, y, 0);
    def(ncid, "q", 2, x, y, 0);
    TRY(ncmpi_enddef(ncid));
    put(ncid, "p", 1, 0, 0, -1);
    TRY(ncmpi_close(ncid));
    ncid = reopen(path);
    TRY(ncmpi_redef(ncid));
    rename_dim(ncid, "x", "tmp");
    rename_dim(ncid, "y", "x");
    rename_dim(ncid, "tmp", "y");
    TRY(ncmpi_enddef(ncid));
    put(ncid, "q", 2, 0, 0, -1);
    TRY(ncmpi_close(ncid));
}

/* fill mode: a fixed-size variable never written, record variables
 * filled record by record (ncmpi_fill_var_rec, as PnetCDF asks) */
static void write_fill(const char *path)
{
    int ncid = create(path), t, x, r1, r2;
    TRY(ncmpi_set_fill(ncid, NC_FILL, NULL));
    TRY(ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &t));
    TRY(ncmpi_def_dim(ncid, "x", X, &x));
    def(ncid, "a", 1, x, 0, 0);
    r1 = def(ncid, "r1", 2, t, x, 0);
    r2 = def(ncid, "r2", 2, t, x, 0);
    TRY(ncmpi_enddef(ncid));
    for (int r = 0; r < 2; r++) TRY(ncmpi_fill_var_rec(ncid, r2, r));
    put(ncid, "r1", 1, 0, 2, -1);
    put(ncid, "r2", 2, 1, 1, -1);
    TRY(ncmpi_close(ncid));
    ncid = reopen(path);
    TRY(ncmpi_redef(ncid));
    TRY(ncmpi_set_fill(ncid, NC_FILL, NULL));
    TRY(ncmpi_enddef(ncid));
    TRY(ncmpi_fill_var_rec(ncid, r1, 2));
    TRY(ncmpi_fill_var_rec(ncid, r2, 2));
    put(ncid, "r1", 1, 2, 1, nprocs - 1);
    TRY(ncmpi_close(ncid));
}

static void check_records(int ncid, MPI_Offset want)
{
    MPI_Offset n = -1;
    int unlim = -1;
    TRY(ncmpi_inq_unlimdim(ncid, &unlim));
    TRY(ncmpi_inq_dimlen(ncid, unlim, &n));
    if (n != want) fprintf(stderr, "[rank %d] %lld records, expected %lld\n", rank, (long long)n, (long long)want), failures++;
}

/* "append", norec and norec0 only, run with another process count than
 * the writer's: a record more for a variable that had none (norec's r3)
 * or none until the last open (norec0's r1) */
static void append_case(const char *c, const char *path)
{
    int ncid = reopen(path);
    if (!strcmp(c, "norec")) put(ncid, "r3", 3, 5, 1, -1);
    if (!strcmp(c, "norec0")) put(ncid, "r1", 1, 3, 1, -1);
    TRY(ncmpi_close(ncid));
}

static void read_case(const char *c, const char *path, int appended)
{
    int ncid = -1, id;
    TRY(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    if (ncid < 0) return;
    if (!strcmp(c, "rename")) {
        MPI_Offset len = 0;
        TRY(ncmpi_inq_dimid(ncid, "x_a_longer_name", &id));
        TRY(ncmpi_inq_dimlen(ncid, id, &len));
        if (len != Y) fprintf(stderr, "x_a_longer_name is %lld long\n", (long long)len), failures++;
        TRY(ncmpi_inq_dimid(ncid, "w", &id));
        TRY(ncmpi_inq_dimlen(ncid, id, &len));
        if (len != X) fprintf(stderr, "w is %lld long\n", (long long)len), failures++;
        TRY(ncmpi_inq_dimid(ncid, "T", &id));
        check_records(ncid, 5);
        check(ncid, "a", 1, 1, 0);
        check(ncid, "r", 2, 0x1f, 5);
        check(ncid, "s", 3, 0x1f, 5);
    } else if (!strcmp(c, "norec")) {
        check_records(ncid, 5 + appended);
        check(ncid, "a", 4, 1, 0);
        check(ncid, "r1", 1, 0x7, 5 + appended);
        check(ncid, "r2", 2, 0x10, 5 + appended);
        check(ncid, "r3", 3, appended ? 0x20 : 0, 5 + appended);
    } else if (!strcmp(c, "norec0")) {
        check_records(ncid, 3 + appended);
        check(ncid, "a", 4, 1, 0);
        check(ncid, "r1", 1, appended ? 0xe : 0x6, 3 + appended);
    } else if (!strcmp(c, "laterec")) {
        check_records(ncid, 3);
        check(ncid, "r1", 1, 0x7, 3);
        check(ncid, "r2", 2, 0x4, 3);
    } else if (!strcmp(c, "onerank")) {
        check_records(ncid, 4);
        check(ncid, "r1", 1, 0x1, 4);
        check(ncid, "r2", 2, 0x7, 4);
        check(ncid, "r3", 3, 0x8, 4);
    } else if (!strcmp(c, "swapgroup")) {
        MPI_Offset len = 0;
        TRY(ncmpi_inq_dimid(ncid, "y", &id));
        TRY(ncmpi_inq_dimlen(ncid, id, &len));
        if (len != X) fprintf(stderr, "y is %lld long\n", (long long)len), failures++;
        check(ncid, "p", 1, 1, 0);
        check(ncid, "q", 2, 1, 0);
    } else if (!strcmp(c, "fill")) {
        filled = 1;
        check_records(ncid, 3);
        check(ncid, "a", 4, 0, 0);
        check(ncid, "r1", 1, 0x7, 3);
        check(ncid, "r2", 2, 0x2, 3);
    } else if (!strcmp(c, "dupdim")) {
        check_records(ncid, 3);
        check(ncid, "v", 1, 1, 0);
        check(ncid, "w", 2, 0x7, 3);
        check(ncid, "u", 3, 1, 0);
    }
    TRY(ncmpi_close(ncid));
}

int main(int argc, char **argv)
{
    static const char *cases[] = {"rename", "norec", "norec0", "laterec", "onerank", "dupdim", "swapgroup", "fill"};
    static void (*writers[])(const char *) = {write_rename, write_norec, write_norec0, write_laterec,
                                              write_onerank, write_dupdim, write_swapgroup, write_fill};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    int which = -1;
    for (int i = 0; (argc == 4 || argc == 5) && i < 8; i++)
        if (!strcmp(argv[2], cases[i])) which = i;
    int appended = argc == 5 && !strcmp(argv[4], "appended");
    if (which < 0 || (argc == 5 && !appended) ||
        (strcmp(argv[1], "write") && strcmp(argv[1], "read") && strcmp(argv[1], "append"))) {
        if (rank == 0) fprintf(stderr, "usage: t_dataloss write|append|read CASE FILE [appended]\n");
        MPI_Finalize();
        return 2;
    }
    if (!strcmp(argv[1], "write")) writers[which](argv[3]);
    else if (!strcmp(argv[1], "append")) append_case(argv[2], argv[3]);
    else read_case(argv[2], argv[3], appended);
    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) printf("t_dataloss %s %s on %d processes: %s (%d failures)\n", argv[1], argv[2], nprocs,
                          all ? "FAILED" : "ok", all);
    MPI_Finalize();
    return all != 0;
}
