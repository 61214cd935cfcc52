/*
 * t_swapped: puts whose elements the engine byte swaps (netCDF files are
 * big-endian): on the way to the file when a process writes every box of
 * the call to a subfile of its own, else in place around the write. In
 * both ways the caller's buffer must end as it began, and every value
 * must reach the file.
 *
 *   t_swapped FILE direct   one subfile per process: every put of every
 *                           process goes on the way, from a buffer the
 *                           test has made read-only (a write to it faults)
 *   t_swapped FILE gather   one subfile: the processes other than its
 *                           leader send their data packed and swapped on
 *                           the way, the leader swaps its own in its round
 *                           buffer: every process on the way
 *   t_swapped FILE big      as gather, 3000 rows a process: the double and
 *                           long long puts send more than 4 MiB, too much
 *                           to stage, and go in place on the senders; the
 *                           others on the way
 *   t_swapped FILE mpiio    subfiling_aggregate=0 (collective MPI-IO): in
 *                           place on every process
 *   t_swapped FILE iput     as direct, the puts posted and waited for
 *                           together (one engine call on the way)
 *   t_swapped FILE indep    one subfile per process, independent puts
 *   t_swapped FILE varn     one subfile per process, two regions a call,
 *                           from a read-only buffer (the engine reverses a
 *                           many-piece request's elements as it copies
 *                           them), read back with get_varn
 *   t_swapped FILE ivarn    as varn, posted with iput_varn and waited for
 *                           together; read back with iget_varn
 *
 * Five variables (short, int, float, double, long long), x split by rows;
 * each process's buffer is larger than PnetCDF's 4 KiB in-place limit.
 * Every value is read back by every process; test_seed lets nc_verify
 * check the subfiles with netCDF-C.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ncsf.h>
#include "testutil.h"
#include "values.h"

enum { Y = 200, NT = 5 };
static const nc_type types[NT] = {NC_SHORT, NC_INT, NC_FLOAT, NC_DOUBLE, NC_INT64};

static int put(int ncid, int var, nc_type t, const MPI_Offset *st, const MPI_Offset *ct, const void *b, int coll)
{
    switch (t) {
    case NC_SHORT: return coll ? ncmpi_put_vara_short_all(ncid, var, st, ct, b) : ncmpi_put_vara_short(ncid, var, st, ct, b);
    case NC_INT: return coll ? ncmpi_put_vara_int_all(ncid, var, st, ct, b) : ncmpi_put_vara_int(ncid, var, st, ct, b);
    case NC_FLOAT: return coll ? ncmpi_put_vara_float_all(ncid, var, st, ct, b) : ncmpi_put_vara_float(ncid, var, st, ct, b);
    case NC_DOUBLE: return coll ? ncmpi_put_vara_double_all(ncid, var, st, ct, b) : ncmpi_put_vara_double(ncid, var, st, ct, b);
    default: return coll ? ncmpi_put_vara_longlong_all(ncid, var, st, ct, b) : ncmpi_put_vara_longlong(ncid, var, st, ct, b);
    }
}

static int iput(int ncid, int var, nc_type t, const MPI_Offset *st, const MPI_Offset *ct, const void *b, int *req)
{
    switch (t) {
    case NC_SHORT: return ncmpi_iput_vara_short(ncid, var, st, ct, b, req);
    case NC_INT: return ncmpi_iput_vara_int(ncid, var, st, ct, b, req);
    case NC_FLOAT: return ncmpi_iput_vara_float(ncid, var, st, ct, b, req);
    case NC_DOUBLE: return ncmpi_iput_vara_double(ncid, var, st, ct, b, req);
    default: return ncmpi_iput_vara_longlong(ncid, var, st, ct, b, req);
    }
}

/* a varn of type t, blocking (req NULL) or posted: put or get */
static int varn_t(int ncid, int var, nc_type t, MPI_Offset **st, MPI_Offset **ct, void *b, int put, int *req)
{
#define VARN_T(T, C)                                                                              \
    if (put) return req ? ncmpi_iput_varn_##T(ncid, var, 2, st, ct, (const C *)b, req)          \
                        : ncmpi_put_varn_##T##_all(ncid, var, 2, st, ct, (const C *)b);          \
    return req ? ncmpi_iget_varn_##T(ncid, var, 2, st, ct, (C *)b, req)                          \
               : ncmpi_get_varn_##T##_all(ncid, var, 2, st, ct, (C *)b);
    switch (t) {
    case NC_SHORT: VARN_T(short, short)
    case NC_INT: VARN_T(int, int)
    case NC_FLOAT: VARN_T(float, float)
    case NC_DOUBLE: VARN_T(double, double)
    default: VARN_T(longlong, long long)
    }
#undef VARN_T
}

static int putn(int ncid, int var, nc_type t, MPI_Offset **st, MPI_Offset **ct, const void *b)
{
    switch (t) {
    case NC_SHORT: return ncmpi_put_varn_short_all(ncid, var, 2, st, ct, b);
    case NC_INT: return ncmpi_put_varn_int_all(ncid, var, 2, st, ct, b);
    case NC_FLOAT: return ncmpi_put_varn_float_all(ncid, var, 2, st, ct, b);
    case NC_DOUBLE: return ncmpi_put_varn_double_all(ncid, var, 2, st, ct, b);
    default: return ncmpi_put_varn_longlong_all(ncid, var, 2, st, ct, b);
    }
}

int main(int argc, char **argv)
{
    test_state ts;
    test_init(&ts, &argc, &argv);
    if (argc < 3) { fprintf(stderr, "usage: t_swapped FILE direct|gather|indep|varn\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
    const char *mode = argv[2];
    int direct = !strcmp(mode, "direct"), gather = !strcmp(mode, "gather"), big = !strcmp(mode, "big");
    int mpiio = !strcmp(mode, "mpiio"), ROWS = big ? 3000 : 16;
    int indep = !strcmp(mode, "indep"), varn = !strcmp(mode, "varn"), nb = !strcmp(mode, "iput");
    int ivarn = !strcmp(mode, "ivarn");
    ts.where = mode;
    MPI_Offset X = (MPI_Offset)ROWS * ts.nprocs, n = (MPI_Offset)ROWS * Y;
    char nf[16];
    snprintf(nf, sizeof nf, "%d", gather || big ? 1 : ts.nprocs);
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", nf);
    MPI_Info_set(info, "subfiling_min_size", "0");

    /* the buffers, one per variable, whole pages (to be made read-only) */
    size_t page = 4096, bytes = ((size_t)n * 8 + page - 1) / page * page;
    void *buf[NT], *copy[NT];
    for (int t = 0; t < NT; t++) {
        buf[t] = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (buf[t] == MAP_FAILED) MPI_Abort(MPI_COMM_WORLD, 3);
        for (MPI_Offset i = 0; i < n; i++)
            test_store(types[t], buf[t], i, test_value(types[t], (long long)ts.rank * n + i, 10 + t));
        copy[t] = malloc(bytes);
        memcpy(copy[t], buf[t], bytes);
        if (direct || nb || varn || ivarn) EXPECT(&ts, mprotect(buf[t], bytes, PROT_READ) == 0, "mprotect");
    }

    int ncid, dims[2], var[NT];
    MPI_Info cinfo = MPI_INFO_NULL;
    if (mpiio) {
        MPI_Info_create(&cinfo);
        MPI_Info_set(cinfo, "subfiling_aggregate", "0");
    }
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, argv[1], NC_CLOBBER | NC_64BIT_DATA, cinfo, &ncid));
    if (cinfo != MPI_INFO_NULL) MPI_Info_free(&cinfo);
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", X, &dims[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", Y, &dims[1]));
    for (int t = 0; t < NT; t++) {
        char name[16];
        int seed = 10 + t;
        snprintf(name, sizeof name, "v%d", t);
        EXPECT_OK(&ts, ncmpi_def_var(ncid, name, types[t], 2, dims, &var[t], info));
        EXPECT_OK(&ts, ncmpi_put_att_int(ncid, var[t], "test_seed", NC_INT, 1, &seed));
    }
    EXPECT_OK(&ts, ncmpi_enddef(ncid));

    MPI_Offset st[2] = {(MPI_Offset)ROWS * ts.rank, 0}, ct[2] = {ROWS, Y};
    MPI_Offset s0[2] = {st[0], 0}, c0[2] = {ROWS / 2, Y}, s1[2] = {st[0] + ROWS / 2, 0}, c1[2] = {ROWS / 2, Y};
    MPI_Offset *sts[2] = {s0, s1}, *cts[2] = {c0, c1};
    if (indep) EXPECT_OK(&ts, ncmpi_begin_indep_data(ncid));
    int req[NT], status[NT];
    for (int t = 0; t < NT; t++)
        EXPECT_OK(&ts, nb ? iput(ncid, var[t], types[t], st, ct, buf[t], &req[t])
                      : ivarn ? varn_t(ncid, var[t], types[t], sts, cts, buf[t], 1, &req[t])
                      : varn ? putn(ncid, var[t], types[t], sts, cts, buf[t])
                             : put(ncid, var[t], types[t], st, ct, buf[t], !indep));
    if (nb || ivarn) {
        EXPECT_OK(&ts, ncmpi_wait_all(ncid, NT, req, status));
        for (int t = 0; t < NT; t++) EXPECT_OK(&ts, status[t]);
    }
    if (indep) EXPECT_OK(&ts, ncmpi_end_indep_data(ncid));

    /* the callers' buffers as they were */
    for (int t = 0; t < NT; t++)
        EXPECT(&ts, !memcmp(buf[t], copy[t], bytes), "the buffer of v%d changed in its put", t);

    /* which way the bytes went */
    ncsf_engine_counts cnt;
    EXPECT_OK(&ts, ncsf_inq_engine_counts(ncid, &cnt));
    long long mine = cnt.swapped_writes, total = 0;
    MPI_Allreduce(&mine, &total, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (direct) EXPECT(&ts, mine == NT, "%lld puts swapped on the way, expected %d", mine, NT);
    if (nb) EXPECT(&ts, mine == 1, "%lld waits swapped on the way, expected 1", mine);
    if (gather) EXPECT(&ts, mine == NT, "%lld puts swapped on the way, expected %d", mine, NT);
    /* the leader (it sends nothing) all, each other process the three
     * types of at most 4 bytes */
    if (big) EXPECT(&ts, total == NT + 3LL * (ts.nprocs - 1), "%lld puts swapped on the way over all processes, "
                    "expected %lld", total, NT + 3LL * (ts.nprocs - 1));
    if (indep || varn || ivarn || mpiio) EXPECT(&ts, mine == 0, "%lld puts swapped on the way, expected none", mine);

    /* a varn's own values back through varn, in the caller's byte order */
    if (varn || ivarn) {
        void *got[NT];
        for (int t = 0; t < NT; t++) {
            got[t] = calloc(1, bytes);
            EXPECT_OK(&ts, varn_t(ncid, var[t], types[t], sts, cts, got[t], 0, ivarn ? &req[t] : NULL));
        }
        if (ivarn) {
            EXPECT_OK(&ts, ncmpi_wait_all(ncid, NT, req, status));
            for (int t = 0; t < NT; t++) EXPECT_OK(&ts, status[t]);
        }
        for (int t = 0; t < NT; t++) {
            EXPECT(&ts, !memcmp(got[t], copy[t], bytes), "v%d: get_varn did not return what put_varn wrote", t);
            free(got[t]);
        }
    }

    /* every value, by every process */
    MPI_Offset all[2] = {0, 0}, whole[2] = {X, Y};
    double *back = malloc(sizeof(double) * X * Y);
    for (int t = 0; t < NT; t++) {
        EXPECT_OK(&ts, ncmpi_get_vara_double_all(ncid, var[t], all, whole, back));
        long bad = 0;
        for (MPI_Offset i = 0; i < X * Y; i++) {
            double want = test_value(types[t], i, 10 + t);
            if (types[t] == NC_FLOAT) want = (float)want;
            if (back[i] != want && bad++ < 3)
                fprintf(stderr, "[rank %d] %s: v%d[%lld] = %.17g, expected %.17g\n", ts.rank, mode, t, (long long)i, back[i], want);
        }
        EXPECT(&ts, bad == 0, "v%d: %ld wrong values", t, bad);
    }
    EXPECT_OK(&ts, ncmpi_close(ncid));
    free(back);
    for (int t = 0; t < NT; t++) {
        munmap(buf[t], bytes);
        free(copy[t]);
    }
    MPI_Info_free(&info);
    return test_finish(&ts, "t_swapped");
}
