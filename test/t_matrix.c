/*
 * t_matrix: the write and read paths over a matrix of cases: every netCDF
 * type, 1-D to 5-D, 1, 2, 3, P and more subfiles than the extent, default
 * and explicit subfiling_dims, decompositions that do and do not line up
 * with the blocks, strided, uneven, a rank writing nothing, record
 * variables written record by record, ordinary variables beside subfiled
 * ones, CDF-1, CDF-2, CDF-5, blocking, non-blocking, bput, independent,
 * flexible (with a non-contiguous buffer type), varn, var1, varm and type
 * conversion. Two datasets are open at once in the last case.
 *
 *   t_matrix write DIR   create every case's dataset in DIR, read it back
 *                        with another decomposition, check every value
 *   t_matrix read DIR    open what a run with another process count wrote
 *                        and check every value again
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h>
#include "testutil.h"
#include "values.h"

enum { D_ROWS, D_LAST, D_GRID, D_STRIDED, D_ROOT, D_ALL, D_DIM1 };
enum { A_VARA, A_VARS, A_IPUT, A_BPUT, A_FLEX, A_INDEP, A_VARN, A_VAR1, A_VARM,
       A_CONV, A_PERREC, A_VAR };

typedef struct {
    const char *name;
    int fmt;       /* 1, 2 or 5 */
    nc_type type;
    int ndims, record;
    int nfiles;    /* 0: the number of processes */
    const char *dims;
    int wdec, rdec, wapi, rapi;
    int plain;     /* an ordinary variable too */
    int two;       /* a second dataset open at the same time */
    const char *group; /* a second subfiled variable "w" shares v's subfiles */
    int filehints; /* hints given to create (subfiling_max_open=2, subfiling_aggregate=0),
                      six-argument def_var */
} tcase;

static const tcase cases[] = {
    {"byte1d", 5, NC_BYTE, 1, 0, 2, NULL, D_ROWS, D_ALL, A_VARA, A_VARA, 0, 0, NULL, 0},
    {"char2d_cdf1", 1, NC_CHAR, 2, 0, 3, NULL, D_LAST, D_ROWS, A_VARA, A_VARA, 0, 0, NULL, 0},
    {"short3d_cdf2", 2, NC_SHORT, 3, 0, 0, NULL, D_GRID, D_ROWS, A_VARA, A_VARS, 0, 0, NULL, 0},
    {"int3d_twodims", 5, NC_INT, 3, 0, 4, "0,1", D_GRID, D_LAST, A_IPUT, A_IPUT, 0, 0, NULL, 0},
    {"float4d_dim1", 5, NC_FLOAT, 4, 0, 3, "1", D_ROWS, D_GRID, A_FLEX, A_FLEX, 0, 0, NULL, 0},
    {"double5d", 5, NC_DOUBLE, 5, 0, 2, "0,4", D_GRID, D_ALL, A_BPUT, A_VARA, 0, 0, NULL, 0},
    {"ubyte2d_many", 5, NC_UBYTE, 2, 0, 50, NULL, D_STRIDED, D_ROWS, A_VARS, A_VARA, 0, 0, NULL, 0},
    {"ushort3d_indep", 5, NC_USHORT, 3, 0, 3, "2", D_LAST, D_GRID, A_INDEP, A_INDEP, 0, 0, NULL, 0},
    {"uint1d_root", 5, NC_UINT, 1, 0, 0, NULL, D_ROOT, D_STRIDED, A_VARA, A_VARS, 0, 0, NULL, 0},
    {"int64_2d_varn", 5, NC_INT64, 2, 0, 2, NULL, D_ROWS, D_LAST, A_VARN, A_VARN, 0, 0, NULL, 0},
    {"uint64_3d_one", 5, NC_UINT64, 3, 0, 1, NULL, D_GRID, D_ALL, A_VARA, A_VAR, 0, 0, NULL, 0},
    {"rec3d", 5, NC_DOUBLE, 3, 1, 2, NULL, D_DIM1, D_ALL, A_PERREC, A_VARA, 0, 0, NULL, 0},
    {"rec2d_cdf1", 1, NC_INT, 2, 1, 3, NULL, D_LAST, D_ROWS, A_VARA, A_IPUT, 0, 0, NULL, 0},
    {"mixed_cdf2", 2, NC_FLOAT, 3, 0, 2, NULL, D_ROWS, D_LAST, A_VARA, A_VARA, 1, 0, NULL, 0},
    {"convert", 5, NC_INT, 2, 0, 3, NULL, D_ROWS, D_LAST, A_CONV, A_CONV, 0, 0, NULL, 0},
    {"var1", 2, NC_SHORT, 2, 0, 2, NULL, D_ROWS, D_ALL, A_VAR1, A_VAR1, 0, 0, NULL, 0},
    {"varm", 5, NC_DOUBLE, 2, 0, 2, NULL, D_ROWS, D_ALL, A_VARM, A_VARM, 0, 0, NULL, 0},
    {"two_datasets", 5, NC_INT, 3, 0, 0, "0,1,2", D_GRID, D_GRID, A_VARA, A_VARA, 1, 1, NULL, 0},
    {"group_fixed", 5, NC_DOUBLE, 3, 0, 3, NULL, D_ROWS, D_GRID, A_IPUT, A_VARA, 0, 0, "pair", 0},
    {"group_rec_cdf2", 2, NC_FLOAT, 3, 1, 2, "1,2", D_GRID, D_ROWS, A_VARA, A_IPUT, 1, 0, "pair", 0},
    {"create_hints_max_open", 5, NC_INT, 2, 0, 7, NULL, D_STRIDED, D_LAST, A_VARS, A_VARA, 1, 0, NULL, 1},
};
#define NCASES ((int)(sizeof cases / sizeof cases[0]))

static const MPI_Offset shape5[5] = {9, 7, 5, 4, 3};

/* This rank's part of a global shape under a decomposition. */
static void decompose(int kind, int P, int r, int nd, const MPI_Offset *shape,
                      MPI_Offset *st, MPI_Offset *ct, MPI_Offset *sd)
{
    for (int d = 0; d < nd; d++) { st[d] = 0; ct[d] = shape[d]; sd[d] = 1; }
    int axis = kind == D_LAST ? nd - 1 : kind == D_DIM1 && nd > 1 ? 1 : 0;
    switch (kind) {
    case D_ROWS: case D_LAST: case D_DIM1: {
        MPI_Offset n = shape[axis], q = n / P, rem = n % P;
        st[axis] = r * q + (r < rem ? r : rem);
        ct[axis] = q + (r < rem);
        break;
    }
    case D_GRID: {
        int g = nd < 3 ? nd : 3, dims[3] = {0, 0, 0}, c[3], rr = r;
        MPI_Dims_create(P, g, dims);
        for (int i = g - 1; i >= 0; i--) { c[i] = rr % dims[i]; rr /= dims[i]; }
        for (int i = 0; i < g; i++) {
            MPI_Offset n = shape[i], q = n / dims[i], rem = n % dims[i];
            st[i] = c[i] * q + (c[i] < rem ? c[i] : rem);
            ct[i] = q + (c[i] < rem);
        }
        break;
    }
    case D_STRIDED:
        st[0] = r < shape[0] ? r : 0;
        ct[0] = r < shape[0] ? (shape[0] - r + P - 1) / P : 0;
        sd[0] = P;
        break;
    case D_ROOT:
        if (r) for (int d = 0; d < nd; d++) ct[d] = 0;
        break;
    case D_ALL:
        break;
    }
}

static long long linear(int nd, const MPI_Offset *shape, const MPI_Offset *idx)
{
    long long l = 0;
    for (int d = 0; d < nd; d++) l = l * shape[d] + idx[d];
    return l;
}

/* Fill (or check) a contiguous buffer of the region's values. */
static int region_values(const tcase *c, int seed, const MPI_Offset *shape, const MPI_Offset *st,
                         const MPI_Offset *ct, const MPI_Offset *sd, void *buf, nc_type bt,
                         int check, test_state *ts)
{
    int nd = c->ndims, bad = 0;
    MPI_Offset n = 1, idx[5] = {0}, g[5];
    for (int d = 0; d < nd; d++) n *= ct[d];
    for (MPI_Offset i = 0; i < n; i++) {
        for (int d = 0; d < nd; d++) g[d] = st[d] + idx[d] * sd[d];
        double want = test_value(c->type, linear(nd, shape, g), seed);
        if (!check) test_store(bt, buf, i, want);
        else if (test_load(bt, buf, i) != want) {
            if (bad++ < 3)
                EXPECT(ts, 0, "%s: element %lld (global %lld) is %g, expected %g", c->name,
                       (long long)i, linear(nd, shape, g), test_load(bt, buf, i), want);
            else ts->failures++;
        }
        for (int d = nd - 1; d >= 0 && ++idx[d] == ct[d]; d--) idx[d] = 0;
    }
    return bad;
}

static int typed_put(int ncid, int varid, nc_type t, const MPI_Offset *st, const MPI_Offset *ct, void *b)
{
    switch (t) {
    case NC_BYTE: return ncmpi_put_vara_schar_all(ncid, varid, st, ct, b);
    case NC_CHAR: return ncmpi_put_vara_text_all(ncid, varid, st, ct, b);
    case NC_SHORT: return ncmpi_put_vara_short_all(ncid, varid, st, ct, b);
    case NC_INT: return ncmpi_put_vara_int_all(ncid, varid, st, ct, b);
    case NC_FLOAT: return ncmpi_put_vara_float_all(ncid, varid, st, ct, b);
    case NC_DOUBLE: return ncmpi_put_vara_double_all(ncid, varid, st, ct, b);
    case NC_UBYTE: return ncmpi_put_vara_uchar_all(ncid, varid, st, ct, b);
    case NC_USHORT: return ncmpi_put_vara_ushort_all(ncid, varid, st, ct, b);
    case NC_UINT: return ncmpi_put_vara_uint_all(ncid, varid, st, ct, b);
    case NC_INT64: return ncmpi_put_vara_longlong_all(ncid, varid, st, ct, b);
    case NC_UINT64: return ncmpi_put_vara_ulonglong_all(ncid, varid, st, ct, b);
    }
    return NC_EBADTYPE;
}

static int typed_get(int ncid, int varid, nc_type t, const MPI_Offset *st, const MPI_Offset *ct, void *b)
{
    switch (t) {
    case NC_BYTE: return ncmpi_get_vara_schar_all(ncid, varid, st, ct, b);
    case NC_CHAR: return ncmpi_get_vara_text_all(ncid, varid, st, ct, b);
    case NC_SHORT: return ncmpi_get_vara_short_all(ncid, varid, st, ct, b);
    case NC_INT: return ncmpi_get_vara_int_all(ncid, varid, st, ct, b);
    case NC_FLOAT: return ncmpi_get_vara_float_all(ncid, varid, st, ct, b);
    case NC_DOUBLE: return ncmpi_get_vara_double_all(ncid, varid, st, ct, b);
    case NC_UBYTE: return ncmpi_get_vara_uchar_all(ncid, varid, st, ct, b);
    case NC_USHORT: return ncmpi_get_vara_ushort_all(ncid, varid, st, ct, b);
    case NC_UINT: return ncmpi_get_vara_uint_all(ncid, varid, st, ct, b);
    case NC_INT64: return ncmpi_get_vara_longlong_all(ncid, varid, st, ct, b);
    case NC_UINT64: return ncmpi_get_vara_ulonglong_all(ncid, varid, st, ct, b);
    }
    return NC_EBADTYPE;
}

static MPI_Datatype mpi_type(nc_type t)
{
    switch (t) {
    case NC_BYTE: return MPI_SIGNED_CHAR;
    case NC_CHAR: return MPI_CHAR;
    case NC_SHORT: return MPI_SHORT;
    case NC_INT: return MPI_INT;
    case NC_FLOAT: return MPI_FLOAT;
    case NC_DOUBLE: return MPI_DOUBLE;
    case NC_UBYTE: return MPI_UNSIGNED_CHAR;
    case NC_USHORT: return MPI_UNSIGNED_SHORT;
    case NC_UINT: return MPI_UNSIGNED;
    case NC_INT64: return MPI_LONG_LONG;
    case NC_UINT64: return MPI_UNSIGNED_LONG_LONG;
    }
    return MPI_DATATYPE_NULL;
}

/* Move one region with the given API; put or get. The buffer is a
 * contiguous array of the region in C order, of type bt. */
static void transfer(test_state *ts, const tcase *c, int api, int put, int ncid, int varid,
                     const MPI_Offset *shape, const MPI_Offset *st, const MPI_Offset *ct,
                     const MPI_Offset *sd, void *buf, nc_type bt)
{
    int nd = c->ndims, es = test_type_size(bt);
    MPI_Offset n = 1;
    for (int d = 0; d < nd; d++) n *= ct[d];
    MPI_Datatype mt = mpi_type(bt);
    switch (api) {
    case A_VARA: case A_CONV:
        if (put) EXPECT_OK(ts, typed_put(ncid, varid, bt, st, ct, buf));
        else EXPECT_OK(ts, typed_get(ncid, varid, bt, st, ct, buf));
        break;
    case A_VAR:
        if (put) EXPECT_OK(ts, ncmpi_put_var_all(ncid, varid, buf, n, mt));
        else EXPECT_OK(ts, ncmpi_get_var_all(ncid, varid, buf, n, mt));
        break;
    case A_VARS:
        if (put) EXPECT_OK(ts, ncmpi_put_vars_all(ncid, varid, st, ct, sd, buf, n, mt));
        else EXPECT_OK(ts, ncmpi_get_vars_all(ncid, varid, st, ct, sd, buf, n, mt));
        break;
    case A_IPUT: case A_BPUT: {
        int req, stt;
        if (put && api == A_BPUT) {
            EXPECT_OK(ts, ncmpi_buffer_attach(ncid, n * es + 64));
            EXPECT_OK(ts, ncmpi_bput_vars(ncid, varid, st, ct, sd, buf, n, mt, &req));
            memset(buf, 0, n * es); /* bput copied it */
        } else if (put) {
            EXPECT_OK(ts, ncmpi_iput_vars(ncid, varid, st, ct, sd, buf, n, mt, &req));
        } else {
            EXPECT_OK(ts, ncmpi_iget_vars(ncid, varid, st, ct, sd, buf, n, mt, &req));
        }
        EXPECT_OK(ts, ncmpi_wait_all(ncid, 1, &req, &stt));
        EXPECT_OK(ts, stt);
        if (put && api == A_BPUT) EXPECT_OK(ts, ncmpi_buffer_detach(ncid));
        break;
    }
    case A_FLEX: {
        /* the region sits inside a buffer with a ghost layer of 1 */
        int big[5], sub[5], off[5];
        MPI_Offset bn = 1;
        for (int d = 0; d < nd; d++) { big[d] = (int)ct[d] + 2; sub[d] = (int)ct[d]; off[d] = 1; bn *= big[d]; }
        char *g = calloc(bn, es);
        MPI_Datatype t;
        int empty = n == 0;
        if (!empty) {
            MPI_Type_create_subarray(nd, big, sub, off, MPI_ORDER_C, mt, &t);
            MPI_Type_commit(&t);
        } else t = mt;
        if (put) {
            int pos = 0;
            if (!empty) MPI_Unpack(buf, n * es, &pos, g, 1, t, MPI_COMM_SELF);
            EXPECT_OK(ts, ncmpi_put_vara_all(ncid, varid, st, ct, g, empty ? 0 : 1, t));
        } else {
            EXPECT_OK(ts, ncmpi_get_vara_all(ncid, varid, st, ct, g, empty ? 0 : 1, t));
            int pos = 0;
            if (!empty) MPI_Pack(g, 1, t, buf, n * es, &pos, MPI_COMM_SELF);
        }
        if (!empty) MPI_Type_free(&t);
        free(g);
        break;
    }
    case A_INDEP:
        EXPECT_OK(ts, ncmpi_begin_indep_data(ncid));
        if (put) EXPECT_OK(ts, ncmpi_put_vara(ncid, varid, st, ct, buf, n, mt));
        else EXPECT_OK(ts, ncmpi_get_vara(ncid, varid, st, ct, buf, n, mt));
        EXPECT_OK(ts, ncmpi_end_indep_data(ncid));
        break;
    case A_VARN: {
        /* two pieces: the region's first half along dim 0, then the rest */
        MPI_Offset s0[5], c0[5], s1[5], c1[5];
        for (int d = 0; d < nd; d++) { s0[d] = s1[d] = st[d]; c0[d] = c1[d] = ct[d]; }
        c0[0] = ct[0] / 2;
        s1[0] = st[0] + c0[0];
        c1[0] = ct[0] - c0[0];
        MPI_Offset *ss[2] = {s0, s1}, *cc[2] = {c0, c1};
        if (put) EXPECT_OK(ts, ncmpi_put_varn_all(ncid, varid, 2, ss, cc, buf, n, mt));
        else EXPECT_OK(ts, ncmpi_get_varn_all(ncid, varid, 2, ss, cc, buf, n, mt));
        break;
    }
    case A_VAR1: {
        MPI_Offset idx[5] = {0}, g[5];
        EXPECT_OK(ts, ncmpi_begin_indep_data(ncid));
        for (MPI_Offset i = 0; i < n; i++) {
            for (int d = 0; d < nd; d++) g[d] = st[d] + idx[d];
            if (put) EXPECT_OK(ts, ncmpi_put_var1(ncid, varid, g, (char *)buf + i * es, 1, mt));
            else EXPECT_OK(ts, ncmpi_get_var1(ncid, varid, g, (char *)buf + i * es, 1, mt));
            for (int d = nd - 1; d >= 0 && ++idx[d] == ct[d]; d--) idx[d] = 0;
        }
        EXPECT_OK(ts, ncmpi_end_indep_data(ncid));
        break;
    }
    case A_VARM: {
        /* the buffer holds the region transposed (2-D only) */
        MPI_Offset imap[2] = {1, ct[0]};
        char *tb = malloc(n * es + 1);
        if (put) {
            for (MPI_Offset i = 0; i < ct[0]; i++)
                for (MPI_Offset j = 0; j < ct[1]; j++)
                    memcpy(tb + (j * ct[0] + i) * es, (char *)buf + (i * ct[1] + j) * es, es);
            EXPECT_OK(ts, ncmpi_put_varm_all(ncid, varid, st, ct, NULL, imap, tb, n, mt));
        } else {
            EXPECT_OK(ts, ncmpi_get_varm_all(ncid, varid, st, ct, NULL, imap, tb, n, mt));
            for (MPI_Offset i = 0; i < ct[0]; i++)
                for (MPI_Offset j = 0; j < ct[1]; j++)
                    memcpy((char *)buf + (i * ct[1] + j) * es, tb + (j * ct[0] + i) * es, es);
        }
        free(tb);
        break;
    }
    case A_PERREC: {
        MPI_Offset s[5], k[5], rs = 1;
        for (int d = 1; d < nd; d++) rs *= ct[d];
        for (int d = 0; d < nd; d++) { s[d] = st[d]; k[d] = ct[d]; }
        /* every rank loops over all records; those it has none of write nothing */
        for (MPI_Offset r = 0; r < shape[0]; r++) {
            int mine = r >= st[0] && r < st[0] + ct[0];
            s[0] = mine ? r : 0;
            k[0] = mine ? 1 : 0;
            void *b = (char *)buf + (mine ? (r - st[0]) * rs * es : 0);
            if (put) EXPECT_OK(ts, ncmpi_put_vara_all(ncid, varid, s, k, b, k[0] * rs, mt));
            else EXPECT_OK(ts, ncmpi_get_vara_all(ncid, varid, s, k, b, k[0] * rs, mt));
        }
        break;
    }
    }
}

static void make_path(char *p, size_t n, const char *dir, const tcase *c, int which)
{
    snprintf(p, n, "%s/%s%s.nc", dir, c->name, which ? "_b" : "");
}

static int seed_of(const tcase *c, int which) { return (int)(c - cases) * 3 + which + 1; }

/* Define the case's dimensions and variables; returns the subfiled varid. */
static int define(test_state *ts, const tcase *c, int ncid, int seed, int *plainid, int *wid)
{
    int dimids[5], varid;
    const char *dn[5] = {"d0", "d1", "d2", "d3", "d4"};
    for (int d = 0; d < c->ndims; d++)
        EXPECT_OK(ts, ncmpi_def_dim(ncid, dn[d], (d == 0 && c->record) ? NC_UNLIMITED : shape5[d], &dimids[d]));
    MPI_Info info;
    char nf[16];
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    snprintf(nf, sizeof nf, "%d", c->nfiles ? c->nfiles : ts->nprocs);
    MPI_Info_set(info, "subfiling_nfiles", nf);
    if (c->dims) MPI_Info_set(info, "subfiling_dims", c->dims);
    if (c->group) MPI_Info_set(info, "subfiling_group", c->group);
    if (c->filehints) /* the hints came with create: the ordinary call */
        EXPECT_OK(ts, ncmpi_def_var(ncid, "v", c->type, c->ndims, dimids, &varid));
    else
        EXPECT_OK(ts, ncmpi_def_var(ncid, "v", c->type, c->ndims, dimids, &varid, info));
    EXPECT_OK(ts, ncmpi_put_att_int(ncid, varid, "test_seed", NC_INT, 1, &seed));
    if (c->group) {
        int s3 = seed + 2000;
        EXPECT_OK(ts, ncmpi_def_var(ncid, "w", c->type, c->ndims, dimids, wid, info));
        EXPECT_OK(ts, ncmpi_put_att_int(ncid, *wid, "test_seed", NC_INT, 1, &s3));
    }
    MPI_Info_free(&info);
    EXPECT_OK(ts, ncmpi_put_att_text(ncid, varid, "units", 5, "m s-1"));
    if (c->plain) {
        /* an ordinary variable of the same shape, beside the subfiled one */
        EXPECT_OK(ts, ncmpi_def_var(ncid, "plain", c->type, c->ndims, dimids, plainid));
        int on = -1;
        ncsf_inq_var_subfiling(ncid, *plainid, &on, NULL);
        EXPECT(ts, on == c->filehints, "%s: variable plain subfiled=%d", c->name, on);
        int s2 = seed + 1000;
        EXPECT_OK(ts, ncmpi_put_att_int(ncid, *plainid, "test_seed", NC_INT, 1, &s2));
    }
    return varid;
}

static int cmode_of(int fmt)
{
    return NC_CLOBBER | (fmt == 5 ? NC_64BIT_DATA : fmt == 2 ? NC_64BIT_OFFSET : 0);
}

/* Write with the case's write decomposition and API (shared by both
 * datasets of the two-dataset case). */
static void write_region(test_state *ts, const tcase *c, int ncid, int varid, int seed, int api)
{
    MPI_Offset st[5], ct[5], sd[5], n = 1;
    decompose(c->wdec, ts->nprocs, ts->rank, c->ndims, shape5, st, ct, sd);
    for (int d = 0; d < c->ndims; d++) n *= ct[d];
    nc_type bt = api == A_CONV ? NC_DOUBLE : c->type;
    void *buf = malloc(n * 8 + 8);
    region_values(c, seed, shape5, st, ct, sd, buf, bt, 0, ts);
    int a = api;
    if (a == A_CONV) a = A_VARA;
    if (a == A_VARA && (sd[0] != 1)) a = A_VARS;
    transfer(ts, c, a, 1, ncid, varid, shape5, st, ct, sd, buf, bt);
    free(buf);
}

static void read_check(test_state *ts, const tcase *c, int ncid, int varid, int seed)
{
    MPI_Offset st[5], ct[5], sd[5], n = 1;
    decompose(c->rdec, ts->nprocs, ts->rank, c->ndims, shape5, st, ct, sd);
    int api = c->rapi;
    if (api == A_VAR) decompose(D_ALL, ts->nprocs, ts->rank, c->ndims, shape5, st, ct, sd);
    if (api == A_VARA && sd[0] != 1) api = A_VARS;
    for (int d = 0; d < c->ndims; d++) n *= ct[d];
    nc_type bt = api == A_CONV ? NC_DOUBLE : c->type;
    void *buf = calloc(n * 8 + 8, 1);
    transfer(ts, c, api == A_CONV ? A_VARA : api, 0, ncid, varid, shape5, st, ct, sd, buf, bt);
    region_values(c, seed, shape5, st, ct, sd, buf, bt, 1, ts);
    free(buf);
}

static void check_shape(test_state *ts, const tcase *c, int ncid, int varid, int writing)
{
    int nd, dimids[5];
    nc_type t;
    EXPECT_OK(ts, ncmpi_inq_var(ncid, varid, NULL, &t, &nd, dimids, NULL));
    EXPECT(ts, nd == c->ndims && t == c->type, "%s: inq_var says %d dims of type %d", c->name, nd, t);
    for (int d = 0; d < nd && d < 5; d++) {
        MPI_Offset len;
        EXPECT_OK(ts, ncmpi_inq_dimlen(ncid, dimids[d], &len));
        EXPECT(ts, len == shape5[d], "%s: dimension %d has length %lld, expected %lld", c->name, d,
               (long long)len, (long long)shape5[d]);
    }
    int on, nf;
    EXPECT_OK(ts, ncsf_inq_var_subfiling(ncid, varid, &on, &nf));
    /* the writers' process count sets nfiles=0 cases; a reader only knows it is >= 1 */
    int want = c->nfiles ? c->nfiles : writing ? ts->nprocs : 1 << 20;
    EXPECT(ts, on && nf >= 1 && nf <= want, "%s: subfiling on=%d with %d files", c->name, on, nf);
}

static int format1; /* write format 1 datasets ("write1") */

static void write_case(test_state *ts, const tcase *c, const char *dir)
{
    char path[2][512];
    int ncid[2], varid[2], plain[2] = {-1, -1}, wv[2] = {-1, -1}, nds = c->two ? 2 : 1;
    for (int w = 0; w < nds; w++) {
        make_path(path[w], sizeof path[w], dir, c, w);
        MPI_Info ci = MPI_INFO_NULL;
        if (c->filehints) {
            char nf[16];
            snprintf(nf, sizeof nf, "%d", c->nfiles);
            MPI_Info_create(&ci);
            MPI_Info_set(ci, "subfiling", "enable");
            MPI_Info_set(ci, "subfiling_nfiles", nf);
            MPI_Info_set(ci, "subfiling_max_open", "2");
            MPI_Info_set(ci, "subfiling_min_size", "0"); /* small test arrays */
            /* and no gathering: MPI-IO's collective path for every subfile */
            MPI_Info_set(ci, "subfiling_aggregate", "0");
        }
        if (format1) {
            /* the old format, for the readers' sake */
            if (ci == MPI_INFO_NULL) MPI_Info_create(&ci);
            MPI_Info_set(ci, "subfiling_format", "1");
        }
        EXPECT_OK(ts, ncmpi_create(MPI_COMM_WORLD, path[w], cmode_of(c->fmt), ci, &ncid[w]));
        if (ci != MPI_INFO_NULL) MPI_Info_free(&ci);
        varid[w] = define(ts, c, ncid[w], seed_of(c, w), &plain[w], &wv[w]);
        EXPECT_OK(ts, ncmpi_enddef(ncid[w]));
    }
    /* both datasets written in turn while both are open */
    for (int w = 0; w < nds; w++) {
        if (c->group && c->wapi == A_IPUT) {
            /* both variables posted, then one wait: their pieces in each
             * shared subfile go in one collective call */
            MPI_Offset st[5], ct[5], sd[5], n = 1;
            decompose(c->wdec, ts->nprocs, ts->rank, c->ndims, shape5, st, ct, sd);
            for (int d = 0; d < c->ndims; d++) n *= ct[d];
            void *b1 = malloc(n * 8 + 8), *b2 = malloc(n * 8 + 8);
            int req[2], stt[2];
            region_values(c, seed_of(c, w), shape5, st, ct, sd, b1, c->type, 0, ts);
            region_values(c, seed_of(c, w) + 2000, shape5, st, ct, sd, b2, c->type, 0, ts);
            EXPECT_OK(ts, ncmpi_iput_vars(ncid[w], varid[w], st, ct, sd, b1, n, mpi_type(c->type), &req[0]));
            EXPECT_OK(ts, ncmpi_iput_vars(ncid[w], wv[w], st, ct, sd, b2, n, mpi_type(c->type), &req[1]));
            EXPECT_OK(ts, ncmpi_wait_all(ncid[w], 2, req, stt));
            EXPECT(ts, stt[0] == NC_NOERR && stt[1] == NC_NOERR, "statuses %d %d", stt[0], stt[1]);
            free(b1);
            free(b2);
            continue;
        }
        write_region(ts, c, ncid[w], varid[w], seed_of(c, w), c->wapi);
        if (c->plain) write_region(ts, c, ncid[w], plain[w], seed_of(c, w) + 1000, A_VARA);
        if (c->group) write_region(ts, c, ncid[w], wv[w], seed_of(c, w) + 2000, c->wapi);
    }
    for (int w = 0; w < nds; w++) {
        check_shape(ts, c, ncid[w], varid[w], 1);
        read_check(ts, c, ncid[w], varid[w], seed_of(c, w));
        if (c->group) read_check(ts, c, ncid[w], wv[w], seed_of(c, w) + 2000);
    }
    for (int w = 0; w < nds; w++) EXPECT_OK(ts, ncmpi_close(ncid[w]));
}

static void read_case(test_state *ts, const tcase *c, const char *dir)
{
    char path[512];
    int nds = c->two ? 2 : 1;
    for (int w = 0; w < nds; w++) {
        int ncid, varid;
        make_path(path, sizeof path, dir, c, w);
        EXPECT_OK(ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
        EXPECT_OK(ts, ncmpi_inq_varid(ncid, "v", &varid));
        check_shape(ts, c, ncid, varid, 0);
        read_check(ts, c, ncid, varid, seed_of(c, w));
        if (c->plain) {
            int pid;
            EXPECT_OK(ts, ncmpi_inq_varid(ncid, "plain", &pid));
            read_check(ts, c, ncid, pid, seed_of(c, w) + 1000);
        }
        if (c->group) {
            int wid;
            EXPECT_OK(ts, ncmpi_inq_varid(ncid, "w", &wid));
            read_check(ts, c, ncid, wid, seed_of(c, w) + 2000);
        }
        EXPECT_OK(ts, ncmpi_close(ncid));
    }
}

int main(int argc, char **argv)
{
    test_state ts;
    test_init(&ts, &argc, &argv);
    if (argc < 3) {
        if (ts.rank == 0) fprintf(stderr, "usage: t_matrix write|write1|read DIR [case]\n");
        MPI_Finalize();
        return 2;
    }
    int writing = !strncmp(argv[1], "write", 5);
    format1 = !strcmp(argv[1], "write1"); /* on-disk format 1 instead of 2 */
    for (int i = 0; i < NCASES; i++) {
        if (argc > 3 && strcmp(argv[3], cases[i].name)) continue;
        ts.where = cases[i].name;
        int before = ts.failures;
        if (writing) write_case(&ts, &cases[i], argv[2]);
        else read_case(&ts, &cases[i], argv[2]);
        if (ts.rank == 0 && getenv("NCSF_TEST_VERBOSE"))
            printf("  %s %s\n", cases[i].name, ts.failures == before ? "ok" : "FAILED");
    }
    return test_finish(&ts, writing ? "t_matrix write" : "t_matrix read");
}
