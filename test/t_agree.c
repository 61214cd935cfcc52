/*
 * t_agree: three of PnetCDF's answers that an outside differential tester
 * found ncsf giving otherwise (issue 34, items 7 to 9), in a PnetCDF
 * program (pnetcdf.h, -lpnetcdf only) that test/t_agree.sh runs plain and
 * under libncsf-preload.so with every variable but the ones named o*
 * subfiled. Each rank keeps a transcript of what it was told (return
 * codes, every value it read) that rank 0 prints in rank order: the two
 * runs' transcripts must be equal, and so must the datasets they leave.
 *
 *   t_agree erange DIR   values out of the variable's range (NC_ERANGE):
 *                        the elements become the variable's _FillValue
 *                        (the type's default without one), fill mode on
 *                        or off, blocking, iput and bput, CDF-2 and CDF-5
 *   t_agree detach DIR   ncmpi_buffer_detach with a bput pending
 *                        (NC_EPENDINGBPUT; the bput completes at its wait)
 *   t_agree mix DIR      text and number buffers mixed: a flexible call
 *                        that moves nothing succeeds whatever its type, a
 *                        typed one says NC_ECHAR, after the mode and the
 *                        variable and before the coordinates
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include <pnetcdf.h>

static int rank, np;
static char logbuf[1 << 16];
static size_t loglen;

static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(logbuf + loglen, sizeof logbuf - loglen, fmt, ap);
    va_end(ap);
    if (n > 0 && loglen + n < sizeof logbuf) loglen += n;
}

/* a call and its code, by name */
#define LOG(call) say("%-60.60s %s\n", #call, ncmpi_strerrno(call))

static void finish(void)
{
    int n = (int)loglen, *lens = malloc(sizeof(int) * np), *offs = malloc(sizeof(int) * np), total = 0;
    MPI_Gather(&n, 1, MPI_INT, lens, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) for (int i = 0; i < np; i++) { offs[i] = total; total += lens[i]; }
    char *all = malloc(total + 1);
    MPI_Gatherv(logbuf, n, MPI_CHAR, all, lens, offs, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (int i = 0; i < np; i++) printf("== rank %d\n%.*s", i, lens[i], all + offs[i]);
    free(lens); free(offs); free(all);
}

/* ---- erange ------------------------------------------------------------- */
/* each variable: its type, its _FillValue (none: the default), whether it
 * is in no-fill mode, and how the memory values are put */
typedef struct { const char *name; nc_type type; int has_fill, nofill; double fill; } EVar;
static const EVar evars[] = {
    {"b_fv", NC_BYTE, 1, 0, 53}, {"b_fv17_nofill", NC_BYTE, 1, 1, 17}, {"b_def", NC_BYTE, 0, 0, 0},
    {"s_fv", NC_SHORT, 1, 0, -999}, {"i_fv", NC_INT, 1, 0, 77}, {"f_fv", NC_FLOAT, 1, 0, 2.5},
    {"f_def", NC_FLOAT, 0, 0, 0}, {"ob_fv", NC_BYTE, 1, 0, 53},
    /* CDF-5 only */
    {"ub_fv", NC_UBYTE, 1, 0, 200}, {"us_fv", NC_USHORT, 1, 0, 4321}, {"ll_fv", NC_INT64, 1, 0, -12345},
    {"u_fv", NC_UINT, 1, 0, 9}};
enum { NEV_CDF2 = 8, NEV = 12 };

static void put_fill_att(int ncid, int v, const EVar *e)
{
    signed char b = (signed char)e->fill;
    unsigned char ub = (unsigned char)e->fill;
    short s = (short)e->fill;
    unsigned short us = (unsigned short)e->fill;
    int i = (int)e->fill;
    unsigned u = (unsigned)e->fill;
    float f = (float)e->fill;
    long long ll = (long long)e->fill;
    switch (e->type) {
    case NC_BYTE: LOG(ncmpi_put_att_schar(ncid, v, "_FillValue", NC_BYTE, 1, &b)); break;
    case NC_UBYTE: LOG(ncmpi_put_att_uchar(ncid, v, "_FillValue", NC_UBYTE, 1, &ub)); break;
    case NC_SHORT: LOG(ncmpi_put_att_short(ncid, v, "_FillValue", NC_SHORT, 1, &s)); break;
    case NC_USHORT: LOG(ncmpi_put_att_ushort(ncid, v, "_FillValue", NC_USHORT, 1, &us)); break;
    case NC_INT: LOG(ncmpi_put_att_int(ncid, v, "_FillValue", NC_INT, 1, &i)); break;
    case NC_UINT: LOG(ncmpi_put_att_uint(ncid, v, "_FillValue", NC_UINT, 1, &u)); break;
    case NC_FLOAT: LOG(ncmpi_put_att_float(ncid, v, "_FillValue", NC_FLOAT, 1, &f)); break;
    default: LOG(ncmpi_put_att_longlong(ncid, v, "_FillValue", NC_INT64, 1, &ll)); break;
    }
}

/* two elements in memory of the type PnetCDF converts from: the first in
 * range, the second not (how = which pair of the rank's four) */
static int put_pair(int ncid, int v, const EVar *e, MPI_Offset *st, MPI_Offset *ct, int how, int *req)
{
    int ib[2];
    double db[2];
    long long lb[2];
    switch (e->type) {
    case NC_BYTE: ib[0] = 3 + rank, ib[1] = how ? -500 : 300; break;
    case NC_UBYTE: ib[0] = 4 + rank, ib[1] = how ? -5 : 256; break;
    case NC_SHORT: ib[0] = 5 + rank, ib[1] = how ? -70000 : 70000; break;
    case NC_USHORT: ib[0] = 6 + rank, ib[1] = how ? -1 : 65536; break;
    case NC_INT: lb[0] = 7 + rank, lb[1] = how ? -(1LL << 40) : 1LL << 40; break;
    case NC_UINT: lb[0] = 8 + rank, lb[1] = how ? -3 : 1LL << 33; break;
    case NC_FLOAT: db[0] = 1.5 + rank, db[1] = how ? -1e300 : 1e300; break;
    default: db[0] = 9 + rank, db[1] = how ? -1e30 : 1e30; break;
    }
    int longs = e->type == NC_INT || e->type == NC_UINT, dbl = e->type == NC_FLOAT || e->type == NC_INT64;
    /* how 0: blocking collective; 1: iput; 2: bput; 3: flexible (MPI type) */
    if (how == 3)
        return ncmpi_put_vara_all(ncid, v, st, ct, dbl ? (void *)db : longs ? (void *)lb : (void *)ib, 2,
                                  dbl ? MPI_DOUBLE : longs ? MPI_LONG_LONG : MPI_INT);
    if (how == 0)
        return dbl ? ncmpi_put_vara_double_all(ncid, v, st, ct, db)
                   : longs ? ncmpi_put_vara_longlong_all(ncid, v, st, ct, lb) : ncmpi_put_vara_int_all(ncid, v, st, ct, ib);
    if (how == 1)
        return dbl ? ncmpi_iput_vara_double(ncid, v, st, ct, db, req)
                   : longs ? ncmpi_iput_vara_longlong(ncid, v, st, ct, lb, req) : ncmpi_iput_vara_int(ncid, v, st, ct, ib, req);
    /* bput copies the values at once */
    return dbl ? ncmpi_bput_vara_double(ncid, v, st, ct, db, req)
               : longs ? ncmpi_bput_vara_longlong(ncid, v, st, ct, lb, req) : ncmpi_bput_vara_int(ncid, v, st, ct, ib, req);
}

/* every element of a variable, in its own type, into the transcript */
static void read_all(int ncid, int v, const char *name, nc_type t)
{
    MPI_Offset n = 4 * np;
    double d[64];
    long long ll[64];
    int e;
    if (t == NC_FLOAT || t == NC_DOUBLE) e = ncmpi_get_var_double_all(ncid, v, d);
    else e = ncmpi_get_var_longlong_all(ncid, v, ll);
    say("read %s: %s:", name, ncmpi_strerrno(e));
    for (MPI_Offset i = 0; i < n && !e; i++)
        if (t == NC_FLOAT || t == NC_DOUBLE) say(" %g", d[i]);
        else say(" %lld", ll[i]);
    say("\n");
}

static void erange_file(const char *dir, int cdf, int fillmode)
{
    char path[512];
    int ncid, dim, var[NEV], nev = cdf == 5 ? NEV : NEV_CDF2, old, reqs[2 * NEV], nreq = 0;
    snprintf(path, sizeof path, "%s/erange_cdf%d_%s.nc", dir, cdf, fillmode == NC_FILL ? "fill" : "nofill");
    say("-- %s\n", path + strlen(dir) + 1);
    LOG(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | (cdf == 5 ? NC_64BIT_DATA : NC_64BIT_OFFSET), MPI_INFO_NULL, &ncid));
    LOG(ncmpi_set_fill(ncid, fillmode, &old));
    LOG(ncmpi_def_dim(ncid, "x", 4 * np, &dim));
    for (int i = 0; i < nev; i++) {
        LOG(ncmpi_def_var(ncid, evars[i].name, evars[i].type, 1, &dim, &var[i]));
        if (evars[i].has_fill) put_fill_att(ncid, var[i], &evars[i]);
        if (evars[i].nofill) LOG(ncmpi_def_var_fill(ncid, var[i], 1, NULL));
    }
    LOG(ncmpi_enddef(ncid));
    LOG(ncmpi_buffer_attach(ncid, 4096));
    /* each rank its four elements: two by a blocking or flexible put, two
     * by an iput or a bput (by the variable) */
    for (int i = 0; i < nev; i++) {
        MPI_Offset st[1] = {4 * rank}, ct[1] = {2}, st2[1] = {4 * rank + 2};
        say("put %s: %s\n", evars[i].name, ncmpi_strerrno(put_pair(ncid, var[i], &evars[i], st, ct, i % 2 ? 3 : 0, NULL)));
        int e = put_pair(ncid, var[i], &evars[i], st2, ct, 1 + i % 2, &reqs[nreq]);
        say("%sput %s: %s\n", i % 2 ? "b" : "i", evars[i].name, ncmpi_strerrno(e));
        if (e == NC_NOERR || e == NC_ERANGE) nreq++;
    }
    int st[2 * NEV];
    say("wait_all: %s\n", ncmpi_strerrno(ncmpi_wait_all(ncid, nreq, reqs, st)));
    for (int i = 0; i < nreq; i++) say(" %s", ncmpi_strerrno(st[i]));
    say("\n");
    LOG(ncmpi_buffer_detach(ncid));
    for (int i = 0; i < nev; i++) read_all(ncid, var[i], evars[i].name, evars[i].type);
    LOG(ncmpi_close(ncid));
    LOG(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    for (int i = 0; i < nev; i++) read_all(ncid, var[i], evars[i].name, evars[i].type);
    LOG(ncmpi_close(ncid));
}

static void erange(const char *dir)
{
    erange_file(dir, 2, NC_FILL);
    erange_file(dir, 5, NC_FILL);
    erange_file(dir, 5, NC_NOFILL);
}

/* ---- detach ------------------------------------------------------------- */
static void detach_one(int ncid, int v, const char *name)
{
    MPI_Offset st[1] = {4 * rank}, ct[1] = {2}, usage = -1;
    int b[4], req = NC_REQ_NULL, req2 = NC_REQ_NULL, stv[2];
    say("-- %s\n", name);
    LOG(ncmpi_buffer_attach(ncid, 4096));
    for (int i = 0; i < 4; i++) b[i] = 100 * (rank + 1) + i + (name[0] == 'o') * 50;
    say("bput: %s\n", ncmpi_strerrno(ncmpi_bput_vara_int(ncid, v, st, ct, b, &req)));
    memset(b, 0x7f, sizeof b);             /* a bput copied its values */
    LOG(ncmpi_buffer_detach(ncid));         /* pending: refused */
    say("usage: %s %lld\n", ncmpi_strerrno(ncmpi_inq_buffer_usage(ncid, &usage)), (long long)usage);
    /* the buffer is still attached: another bput goes in beside it (the
     * rank's other two elements) */
    MPI_Offset st2[1] = {4 * rank + 2}, ct2[1] = {2};
    int b2[2] = {-1 - rank, -2 - rank};
    say("bput 2: %s\n", ncmpi_strerrno(ncmpi_bput_vara_int(ncid, v, st2, ct2, b2, &req2)));
    memset(b2, 0x7f, sizeof b2);
    LOG(ncmpi_buffer_detach(ncid));
    int reqs[2] = {req, req2};
    say("wait_all: %s", ncmpi_strerrno(ncmpi_wait_all(ncid, 2, reqs, stv)));
    say(" %s %s\n", ncmpi_strerrno(stv[0]), ncmpi_strerrno(stv[1]));
    usage = -1;
    say("usage: %s %lld\n", ncmpi_strerrno(ncmpi_inq_buffer_usage(ncid, &usage)), (long long)usage);
    LOG(ncmpi_buffer_detach(ncid));         /* none pending */
    LOG(ncmpi_buffer_detach(ncid));         /* none attached */
    /* a bput cancelled, then the detach */
    LOG(ncmpi_buffer_attach(ncid, 64));
    for (int i = 0; i < 4; i++) b[i] = -(rank + 1) * 1000 - i;
    say("bput 3: %s\n", ncmpi_strerrno(ncmpi_bput_vara_int(ncid, v, st, ct, b, &req)));
    LOG(ncmpi_buffer_detach(ncid));
    say("cancel: %s", ncmpi_strerrno(ncmpi_cancel(ncid, 1, &req, stv)));
    say(" %s\n", ncmpi_strerrno(stv[0]));
    LOG(ncmpi_buffer_detach(ncid));
    read_all(ncid, v, name, NC_INT);
}

static void detach(const char *dir)
{
    char path[512];
    int ncid, dim, s, o;
    snprintf(path, sizeof path, "%s/detach.nc", dir);
    LOG(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, &ncid));
    LOG(ncmpi_def_dim(ncid, "x", 4 * np, &dim));
    LOG(ncmpi_def_var(ncid, "s", NC_INT, 1, &dim, &s));
    LOG(ncmpi_def_var(ncid, "o", NC_INT, 1, &dim, &o));
    LOG(ncmpi_enddef(ncid));
    LOG(ncmpi_buffer_detach(ncid));         /* none attached yet */
    detach_one(ncid, s, "s");
    detach_one(ncid, o, "o");
    /* bputs pending on both, the subfiled one's and PnetCDF's own */
    MPI_Offset st[1] = {4 * rank}, ct[1] = {1};
    int one = 5, two = 6, r[2], stv[2];
    LOG(ncmpi_buffer_attach(ncid, 4096));
    say("bput s, o: %s", ncmpi_strerrno(ncmpi_bput_vara_int(ncid, s, st, ct, &one, &r[0])));
    say(" %s\n", ncmpi_strerrno(ncmpi_bput_vara_int(ncid, o, st, ct, &two, &r[1])));
    LOG(ncmpi_buffer_detach(ncid));
    say("wait o: %s\n", ncmpi_strerrno(ncmpi_wait_all(ncid, 1, &r[1], stv)));
    LOG(ncmpi_buffer_detach(ncid));         /* s's still pending */
    say("wait s: %s\n", ncmpi_strerrno(ncmpi_wait_all(ncid, 1, &r[0], stv)));
    LOG(ncmpi_buffer_detach(ncid));
    read_all(ncid, s, "s", NC_INT);
    read_all(ncid, o, "o", NC_INT);
    LOG(ncmpi_close(ncid));
    LOG(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    read_all(ncid, s, "s", NC_INT);
    read_all(ncid, o, "o", NC_INT);
    LOG(ncmpi_close(ncid));
}

/* ---- mix ---------------------------------------------------------------- */
static void mix_var(int ncid, int v, const char *name, int is_text, int other)
{
    MPI_Offset st[1] = {4 * rank}, z[1] = {0}, four[1] = {4}, bad[1] = {4 * np + 3};
    char cb[8] = "wxyz";
    int ib[8] = {0};
    double db[8] = {0};
    MPI_Datatype cont, three;
    MPI_Datatype wrong = is_text ? MPI_INT : MPI_CHAR;
    void *wb = is_text ? (void *)ib : (void *)cb;
    int req;
    MPI_Type_contiguous(0, is_text ? MPI_DOUBLE : MPI_CHAR, &cont);
    MPI_Type_commit(&cont);
    MPI_Type_contiguous(3, MPI_INT, &three);
    MPI_Type_commit(&three);
    say("-- %s\n", name);
    /* flexible, nothing to move: PnetCDF looks no further at the type */
    LOG(ncmpi_get_vara_all(ncid, v, st, z, wb, 0, wrong));
    LOG(ncmpi_get_vara_all(ncid, v, st, z, wb, -1, wrong));
    LOG(ncmpi_get_vara_all(ncid, v, st, z, db, 0, is_text ? MPI_DOUBLE : MPI_CHAR));
    LOG(ncmpi_get_vara_all(ncid, v, st, z, db, 1, cont));
    LOG(ncmpi_get_vara_all(ncid, v, st, z, db, -1, three));
    LOG(ncmpi_get_vara_all(ncid, v, st, z, db, -1, cont));
    LOG(ncmpi_put_vara_all(ncid, v, st, z, wb, 0, wrong));
    LOG(ncmpi_put_vara_all(ncid, v, st, z, db, 1, cont));
    LOG(ncmpi_get_var1_all(ncid, v, st, wb, 0, wrong));
    LOG(ncmpi_get_vars_all(ncid, v, st, z, NULL, wb, 0, wrong));
    /* ... and the coordinates are still checked first */
    LOG(ncmpi_get_vara_all(ncid, v, bad, z, wb, 0, wrong));
    /* independent */
    LOG(ncmpi_begin_indep_data(ncid));
    LOG(ncmpi_get_vara(ncid, v, st, z, wb, -1, wrong));
    LOG(ncmpi_put_vara(ncid, v, st, z, wb, -1, wrong));
    LOG(ncmpi_get_vara(ncid, v, st, z, db, 1, cont));
    LOG(ncmpi_end_indep_data(ncid));
    /* non-blocking: nothing to post */
    req = 99;
    say("iget: %s req %s\n", ncmpi_strerrno(ncmpi_iget_vara(ncid, v, st, z, wb, 0, wrong, &req)), req == NC_REQ_NULL ? "null" : "posted");
    req = 99;
    say("iput: %s req %s\n", ncmpi_strerrno(ncmpi_iput_vara(ncid, v, st, z, wb, -1, wrong, &req)), req == NC_REQ_NULL ? "null" : "posted");
    LOG(ncmpi_buffer_attach(ncid, 1024));
    req = 99;
    say("bput: %s req %s\n", ncmpi_strerrno(ncmpi_bput_vara(ncid, v, st, z, wb, 0, wrong, &req)), req == NC_REQ_NULL ? "null" : "posted");
    LOG(ncmpi_buffer_detach(ncid));
    LOG(ncmpi_wait_all(ncid, NC_REQ_ALL, NULL, NULL));
    /* mget of this variable and the other kind, nothing to move */
    int vids[2] = {v, other};
    MPI_Offset *sts[2] = {st, st}, *cts[2] = {z, z}, bcs[2] = {0, 0};
    void *bufs[2] = {wb, is_text ? (void *)cb : (void *)ib};
    MPI_Datatype dts[2] = {wrong, is_text ? MPI_INT : MPI_CHAR};
    LOG(ncmpi_mget_vara_all(ncid, 2, vids, sts, cts, bufs, bcs, dts));
    /* typed: NC_ECHAR, counts or not, after the mode and the variable,
     * before the coordinates */
    if (is_text) {
        LOG(ncmpi_get_vara_int_all(ncid, v, st, z, ib));
        LOG(ncmpi_get_vara_int_all(ncid, v, st, four, ib));
        LOG(ncmpi_get_vara_int_all(ncid, v, bad, four, ib));
        LOG(ncmpi_put_vara_double_all(ncid, v, bad, z, db));
        LOG(ncmpi_get_vara_schar_all(ncid, v, st, z, (signed char *)cb));
        LOG(ncmpi_iget_vara_int(ncid, v, st, z, ib, &req));
        LOG(ncmpi_get_vara_int_all(ncid, 99, st, four, ib));
    } else {
        LOG(ncmpi_get_vara_text_all(ncid, v, st, z, cb));
        LOG(ncmpi_get_vara_text_all(ncid, v, st, four, cb));
        LOG(ncmpi_get_vara_text_all(ncid, v, bad, four, cb));
        LOG(ncmpi_put_vara_text_all(ncid, v, bad, z, cb));
        LOG(ncmpi_iget_vara_text(ncid, v, st, z, cb, &req));
        LOG(ncmpi_get_vara_text_all(ncid, 99, st, four, cb));
    }
    LOG(ncmpi_redef(ncid));
    if (is_text) LOG(ncmpi_get_vara_int_all(ncid, v, st, four, ib));
    else LOG(ncmpi_get_vara_text_all(ncid, v, st, four, cb));
    LOG(ncmpi_get_vara_all(ncid, v, st, z, wb, 0, wrong));
    LOG(ncmpi_enddef(ncid));
    /* what the variable holds, in its own type */
    memset(cb, 0, sizeof cb);
    memset(ib, 0, sizeof ib);
    int e = is_text ? ncmpi_get_vara_all(ncid, v, st, four, cb, 4, MPI_CHAR)
                    : ncmpi_get_vara_all(ncid, v, st, four, ib, 4, MPI_INT);
    say("values: %s", ncmpi_strerrno(e));
    for (int i = 0; i < 4; i++) if (is_text) say(" %d", cb[i]); else say(" %d", ib[i]);
    say("\n");
    MPI_Type_free(&cont);
    MPI_Type_free(&three);
}

static void mix(const char *dir)
{
    char path[512];
    int ncid, dim, c, n, oc, on;
    snprintf(path, sizeof path, "%s/mix.nc", dir);
    LOG(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, &ncid));
    LOG(ncmpi_def_dim(ncid, "x", 4 * np, &dim));
    LOG(ncmpi_def_var(ncid, "c", NC_CHAR, 1, &dim, &c));
    LOG(ncmpi_def_var(ncid, "n", NC_INT, 1, &dim, &n));
    LOG(ncmpi_def_var(ncid, "oc", NC_CHAR, 1, &dim, &oc));
    LOG(ncmpi_def_var(ncid, "on", NC_INT, 1, &dim, &on));
    LOG(ncmpi_enddef(ncid));
    MPI_Offset st[1] = {4 * rank}, ct[1] = {4};
    char text[4] = {'a' + rank, 'b', 'c', 'd'};
    int nums[4] = {rank, 10 + rank, 20 + rank, 30 + rank};
    LOG(ncmpi_put_vara_text_all(ncid, c, st, ct, text));
    LOG(ncmpi_put_vara_text_all(ncid, oc, st, ct, text));
    LOG(ncmpi_put_vara_int_all(ncid, n, st, ct, nums));
    LOG(ncmpi_put_vara_int_all(ncid, on, st, ct, nums));
    mix_var(ncid, c, "c", 1, n);
    mix_var(ncid, n, "n", 0, c);
    mix_var(ncid, oc, "oc", 1, on);
    mix_var(ncid, on, "on", 0, oc);
    LOG(ncmpi_close(ncid));
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc != 3 || np > 8) {
        if (rank == 0) fprintf(stderr, "usage: t_agree erange|detach|mix DIR (at most 8 processes)\n");
        MPI_Finalize();
        return 2;
    }
    if (!strcmp(argv[1], "erange")) erange(argv[2]);
    else if (!strcmp(argv[1], "detach")) detach(argv[2]);
    else mix(argv[2]);
    finish();
    MPI_Finalize();
    return 0;
}
