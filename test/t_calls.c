/*
 * t_calls: a PnetCDF program (pnetcdf.h, -lpnetcdf only) that test/t_calls.sh
 * runs plain and under libncsf-preload.so with every variable but the
 * ones named o* subfiled. Each rank keeps a transcript of what it was
 * told (return codes, record counts, sums of what it read) that rank 0
 * prints in rank order: the two runs' transcripts must be equal. Every
 * value read is also checked here against what was written.
 *
 *   t_calls flex DIR    flexible calls with bufcount -1, every form
 *   t_calls indep DIR   records written in independent mode, each rank its
 *                       own, then end_indep_data, sync, sync_numrecs or close
 *   t_calls delete DIR  ncmpi_delete of datasets, of a missing file, of a
 *                       file that is not netCDF
 *   t_calls zeroput DIR puts that move nothing, past the one record of a
 *                       variable (zeroput_one), by every rank or by one:
 *                       the record count after them, after a sync, after
 *                       reopening
 */
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <mpi.h>
#include <pnetcdf.h>

static int rank, np, fails;
static char logbuf[1 << 17];
static size_t loglen;

static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(logbuf + loglen, sizeof logbuf - loglen, fmt, ap);
    va_end(ap);
    if (n > 0 && loglen + n < sizeof logbuf) loglen += n;
}

#define CHECK(cond, ...) do { if (!(cond)) { fails++; say("FAIL line %d: ", __LINE__); say(__VA_ARGS__); say("\n"); } } while (0)
/* a call every rank expects to succeed */
#define OK(call) do { int e_ = (call); if (e_) { fails++; say("FAIL line %d: %s: %s\n", __LINE__, #call, ncmpi_strerror(e_)); } } while (0)

/* what rank 0 prints: every rank's transcript in turn */
static int finish(void)
{
    int n = (int)loglen, *lens = malloc(sizeof(int) * np), *offs = malloc(sizeof(int) * np), total = 0;
    MPI_Gather(&n, 1, MPI_INT, lens, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) for (int i = 0; i < np; i++) { offs[i] = total; total += lens[i]; }
    char *all = malloc(total + 1);
    MPI_Gatherv(logbuf, n, MPI_CHAR, all, lens, offs, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (int i = 0; i < np; i++) printf("== rank %d\n%.*s", i, lens[i], all + offs[i]);
    int bad = fails;
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    free(lens); free(offs); free(all);
    return bad != 0;
}

/* ---- buffers of any of PnetCDF's element types --------------------------- */
static const MPI_Datatype *type_at(int i)
{
    static MPI_Datatype t[11];
    t[0] = MPI_INT; t[1] = MPI_DOUBLE; t[2] = MPI_LONG_LONG; t[3] = MPI_SHORT; t[4] = MPI_FLOAT;
    t[5] = MPI_LONG; t[6] = MPI_UNSIGNED_CHAR; t[7] = MPI_SIGNED_CHAR; t[8] = MPI_UNSIGNED;
    t[9] = MPI_UNSIGNED_SHORT; t[10] = MPI_UNSIGNED_LONG_LONG;
    return &t[i % 11];
}

/* two elements of any of them: the type is a run-time value (with Open MPI,
 * MPI_DOUBLE and the others are addresses, not constants the compiler
 * folds), so every buffer has room for two of the largest */
typedef union { double d[2]; long long ll[2]; unsigned long long ull[2]; long l[2]; char c[2 * sizeof(long long)]; } buf2;

static void to_buf(MPI_Datatype t, const int *v, int n, void *b)
{
    for (int i = 0; i < n; i++) {
        if (t == MPI_INT) ((int *)b)[i] = v[i];
        else if (t == MPI_DOUBLE) ((double *)b)[i] = v[i];
        else if (t == MPI_LONG_LONG) ((long long *)b)[i] = v[i];
        else if (t == MPI_SHORT) ((short *)b)[i] = (short)v[i];
        else if (t == MPI_FLOAT) ((float *)b)[i] = (float)v[i];
        else if (t == MPI_LONG) ((long *)b)[i] = v[i];
        else if (t == MPI_UNSIGNED_CHAR) ((unsigned char *)b)[i] = (unsigned char)v[i];
        else if (t == MPI_SIGNED_CHAR) ((signed char *)b)[i] = (signed char)v[i];
        else if (t == MPI_UNSIGNED) ((unsigned *)b)[i] = (unsigned)v[i];
        else if (t == MPI_UNSIGNED_SHORT) ((unsigned short *)b)[i] = (unsigned short)v[i];
        else ((unsigned long long *)b)[i] = (unsigned long long)v[i];
    }
}

static void from_buf(MPI_Datatype t, const void *b, int n, int *v)
{
    for (int i = 0; i < n; i++) {
        if (t == MPI_INT) v[i] = ((const int *)b)[i];
        else if (t == MPI_DOUBLE) v[i] = (int)((const double *)b)[i];
        else if (t == MPI_LONG_LONG) v[i] = (int)((const long long *)b)[i];
        else if (t == MPI_SHORT) v[i] = ((const short *)b)[i];
        else if (t == MPI_FLOAT) v[i] = (int)((const float *)b)[i];
        else if (t == MPI_LONG) v[i] = (int)((const long *)b)[i];
        else if (t == MPI_UNSIGNED_CHAR) v[i] = ((const unsigned char *)b)[i];
        else if (t == MPI_SIGNED_CHAR) v[i] = ((const signed char *)b)[i];
        else if (t == MPI_UNSIGNED) v[i] = (int)((const unsigned *)b)[i];
        else if (t == MPI_UNSIGNED_SHORT) v[i] = ((const unsigned short *)b)[i];
        else v[i] = (int)((const unsigned long long *)b)[i];
    }
}

static int val(MPI_Offset rec, MPI_Offset col) { return (int)((rec * 5 + col * 3) % 120 + 1); }

/* ---- flex: bufcount -1 ----------------------------------------------------- */
enum { K_VAR1, K_VARA, K_VARS, K_VARM, K_VARN, NKINDS };
enum { M_INDEP, M_COLL, M_NB, M_BPUT, NMODES };
static const char *kname[] = {"var1", "vara", "vars", "varm", "varn"};
static const char *mname[] = {"indep", "coll", "nb", "bput"};
#define MREC 40 /* records of the mput/mget */

/* The region of kind k at record base R of this rank: up to 4 elements,
 * their (record, column) in buffer order; returns their number. */
static int region(int k, MPI_Offset R, MPI_Offset *st, MPI_Offset *ct, MPI_Offset *sd, MPI_Offset *im,
                  MPI_Offset *rec, MPI_Offset *col)
{
    MPI_Offset c0 = 2 * rank;
    st[0] = R; st[1] = c0; ct[0] = 2; ct[1] = 2; sd[0] = 1; sd[1] = 1; im[0] = 1; im[1] = 2;
    if (k == K_VAR1) { rec[0] = R; col[0] = c0; return 1; }
    if (k == K_VARS) { st[1] = rank; sd[1] = np; }
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            int b = k == K_VARM ? j * 2 + i : i * 2 + j; /* varm: the buffer is transposed */
            rec[b] = R + i;
            col[b] = k == K_VARS ? rank + j * np : c0 + j;
        }
    return 4;
}

/* b: room for 4 elements, left alone until the request completes */
static int put_one(int ncid, int var, int k, int m, MPI_Offset R, MPI_Datatype t, char *b, int *req)
{
    MPI_Offset st[2], ct[2], sd[2], im[2], rec[4], col[4], ct1[2] = {1, 2}, st1[2] = {R + 1, 2 * rank};
    MPI_Offset *starts[2] = {st, st1}, *counts[2] = {ct1, ct1};
    int n = region(k, R, st, ct, sd, im, rec, col), v[4];
    for (int i = 0; i < n; i++) v[i] = val(rec[i], col[i]);
    to_buf(t, v, n, b);
    *req = NC_REQ_NULL;
#define PUT(form, ...) (m == M_INDEP ? ncmpi_put_##form(ncid, var, __VA_ARGS__, b, -1, t) \
                        : m == M_COLL ? ncmpi_put_##form##_all(ncid, var, __VA_ARGS__, b, -1, t) \
                        : m == M_NB ? ncmpi_iput_##form(ncid, var, __VA_ARGS__, b, -1, t, req) \
                        : ncmpi_bput_##form(ncid, var, __VA_ARGS__, b, -1, t, req))
    switch (k) {
    case K_VAR1: return PUT(var1, st);
    case K_VARA: return PUT(vara, st, ct);
    case K_VARS: return PUT(vars, st, ct, sd);
    case K_VARM: return PUT(varm, st, ct, NULL, im);
    default: return PUT(varn, 2, starts, counts);
    }
}

static void get_check(int ncid, int var, const char *vn, int k, int m, MPI_Offset R, MPI_Datatype t)
{
    MPI_Offset st[2], ct[2], sd[2], im[2], rec[4], col[4], ct1[2] = {1, 2}, st1[2] = {R + 1, 2 * rank};
    MPI_Offset *starts[2] = {st, st1}, *counts[2] = {ct1, ct1};
    int n = region(k, R, st, ct, sd, im, rec, col), v[4], req = NC_REQ_NULL, status = 0, err;
    char b[4][8];
    memset(b, 0, sizeof b);
#define GET(form, ...) (m == M_INDEP ? ncmpi_get_##form(ncid, var, __VA_ARGS__, b, -1, t) \
                        : m == M_COLL ? ncmpi_get_##form##_all(ncid, var, __VA_ARGS__, b, -1, t) \
                        : ncmpi_iget_##form(ncid, var, __VA_ARGS__, b, -1, t, &req))
    switch (k) {
    case K_VAR1: err = GET(var1, st); break;
    case K_VARA: err = GET(vara, st, ct); break;
    case K_VARS: err = GET(vars, st, ct, sd); break;
    case K_VARM: err = GET(varm, st, ct, NULL, im); break;
    default: err = GET(varn, 2, starts, counts); break;
    }
    if (m == M_NB) {
        int e = ncmpi_wait_all(ncid, 1, &req, &status);
        if (!err) err = e ? e : status;
    }
    from_buf(t, b, n, v);
    int sum = 0;
    for (int i = 0; i < n; i++) {
        sum += v[i];
        CHECK(v[i] == val(rec[i], col[i]), "get_%s %s %s [%lld,%lld] = %d, not %d", kname[k], mname[m], vn,
              (long long)rec[i], (long long)col[i], v[i], val(rec[i], col[i]));
    }
    say("get_%s %s %s: %d sum %d\n", kname[k], mname[m], vn, err, sum);
    CHECK(err == 0, "get_%s %s %s: %s", kname[k], mname[m], vn, ncmpi_strerror(err));
}

static void flex_puts(int ncid, const int *vars, int nv)
{
    int reqs[2 * NKINDS * NMODES], nreq = 0;
    static char bufs[NKINDS * NMODES][2][4 * 8];
    OK(ncmpi_buffer_attach(ncid, 1 << 16));
    for (int k = 0; k < NKINDS; k++)
        for (int m = 0; m < NMODES; m++) {
            int c = k * NMODES + m;
            MPI_Offset R = 2 * c;
            if (m == M_INDEP) OK(ncmpi_begin_indep_data(ncid));
            for (int i = 0; i < nv; i++) {
                int err = put_one(ncid, vars[i], k, m, R, *type_at(c), bufs[c][i], &reqs[nreq]);
                if (reqs[nreq] != NC_REQ_NULL) nreq++;
                say("put_%s %s var %d: %d\n", kname[k], mname[m], i, err);
                CHECK(err == 0, "put_%s %s: %s", kname[k], mname[m], ncmpi_strerror(err));
            }
            if (m == M_INDEP) OK(ncmpi_end_indep_data(ncid));
        }
    int st[2 * NKINDS * NMODES];
    int err = ncmpi_wait_all(ncid, nreq, reqs, st);
    say("wait_all %d requests: %d\n", nreq, err);
    for (int i = 0; i < nreq; i++) CHECK(st[i] == 0, "request %d: %s", i, ncmpi_strerror(st[i]));
    OK(ncmpi_buffer_detach(ncid));
}

/* mput: every record variable at once, collectively (MREC) and independently (MREC + 1) */
static void flex_mput(int ncid, const int *vars, int nv)
{
    MPI_Offset st[2][2], ct[2] = {1, 2}, *starts[2], *counts[2] = {ct, ct}, bc[2] = {-1, -1};
    MPI_Datatype bt[2] = {MPI_DOUBLE, MPI_SHORT};
    buf2 d, s; /* doubles, shorts */
    void *bufs[2] = {&d, &s};
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < nv; i++) {
            st[i][0] = MREC + pass; st[i][1] = 2 * rank; starts[i] = st[i];
        }
        int v[2] = {val(MREC + pass, 2 * rank), val(MREC + pass, 2 * rank + 1)};
        to_buf(MPI_DOUBLE, v, 2, &d);
        to_buf(MPI_SHORT, v, 2, &s);
        int err;
        if (pass == 0) err = ncmpi_mput_vara_all(ncid, nv, (int *)vars, starts, counts, bufs, bc, bt);
        else {
            OK(ncmpi_begin_indep_data(ncid));
            err = ncmpi_mput_vara(ncid, nv, (int *)vars, starts, counts, bufs, bc, bt);
            OK(ncmpi_end_indep_data(ncid));
        }
        say("mput_vara%s: %d\n", pass ? "" : "_all", err);
        CHECK(err == 0, "mput: %s", ncmpi_strerror(err));
    }
}

static void flex_mget(int ncid, const int *vars, int nv)
{
    MPI_Offset st[2][2], ct[2] = {1, 2}, *starts[2], *counts[2] = {ct, ct}, bc[2] = {-1, -1};
    MPI_Datatype bt[2] = {MPI_LONG_LONG, MPI_FLOAT};
    buf2 a, b; /* long longs, floats */
    void *bufs[2] = {&a, &b};
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < nv; i++) {
            st[i][0] = MREC + pass; st[i][1] = 2 * rank; starts[i] = st[i];
        }
        int err;
        if (pass == 0) err = ncmpi_mget_vara_all(ncid, nv, (int *)vars, starts, counts, bufs, bc, bt);
        else {
            OK(ncmpi_begin_indep_data(ncid));
            err = ncmpi_mget_vara(ncid, nv, (int *)vars, starts, counts, bufs, bc, bt);
            OK(ncmpi_end_indep_data(ncid));
        }
        int va[2], vb[2];
        from_buf(MPI_LONG_LONG, &a, 2, va);
        from_buf(MPI_FLOAT, &b, 2, vb);
        for (int j = 0; j < 2; j++)
            CHECK(va[j] == val(MREC + pass, 2 * rank + j) && vb[j] == va[j], "mget pass %d: %d %d", pass, va[j], vb[j]);
        say("mget_vara%s: %d %d %d\n", pass ? "" : "_all", err, va[0] + va[1], vb[0] + vb[1]);
        CHECK(err == 0, "mget: %s", ncmpi_strerror(err));
    }
}

/* put_var/get_var: the whole fixed variables; text; the errors */
static void flex_whole(int ncid, int fs, int fo, int cs, int co, int write)
{
    int X = 2 * np, v[64];
    float fb[64];
    for (int i = 0; i < X; i++) v[i] = val(99, i);
    MPI_Offset st[1] = {2 * rank}, ct[1] = {2};
    char text[3] = {(char)('a' + rank), (char)('A' + rank), 0}, got[3] = "";
    if (write) {
        /* every form of put_var, each writing the same values */
        static short sb[64];
        static long long lb[64];
        int req[4], st4[4];
        to_buf(MPI_FLOAT, v, X, fb);
        to_buf(MPI_SHORT, v, X, sb);
        to_buf(MPI_LONG_LONG, v, X, lb);
        OK(ncmpi_put_var_all(ncid, fs, fb, -1, MPI_FLOAT));
        OK(ncmpi_put_var_all(ncid, fo, fb, -1, MPI_FLOAT));
        OK(ncmpi_begin_indep_data(ncid));
        OK(ncmpi_put_var(ncid, fs, sb, -1, MPI_SHORT));
        OK(ncmpi_put_var(ncid, fo, sb, -1, MPI_SHORT));
        OK(ncmpi_end_indep_data(ncid));
        OK(ncmpi_buffer_attach(ncid, 4096));
        OK(ncmpi_iput_var(ncid, fs, lb, -1, MPI_LONG_LONG, &req[0]));
        OK(ncmpi_iput_var(ncid, fo, lb, -1, MPI_LONG_LONG, &req[1]));
        OK(ncmpi_bput_var(ncid, fs, sb, -1, MPI_SHORT, &req[2]));
        OK(ncmpi_bput_var(ncid, fo, sb, -1, MPI_SHORT, &req[3]));
        int err = ncmpi_wait_all(ncid, 4, req, st4);
        say("put_var iput/bput wait_all: %d %d %d %d %d\n", err, st4[0], st4[1], st4[2], st4[3]);
        CHECK(err == 0, "put_var wait_all: %s", ncmpi_strerror(err));
        OK(ncmpi_buffer_detach(ncid));
        OK(ncmpi_put_vara_all(ncid, cs, st, ct, text, -1, MPI_CHAR));
        OK(ncmpi_put_vara_all(ncid, co, st, ct, text, -1, MPI_CHAR));
        return;
    }
    for (int pass = 0; pass < 3; pass++)
        for (int w = 0; w < 2; w++) {
            double d[64];
            int req, status = 0, err;
            memset(d, 0, sizeof d);
            if (pass == 0) err = ncmpi_get_var_all(ncid, w ? fo : fs, d, -1, MPI_DOUBLE);
            else if (pass == 1) {
                OK(ncmpi_begin_indep_data(ncid));
                err = ncmpi_get_var(ncid, w ? fo : fs, d, -1, MPI_DOUBLE);
                OK(ncmpi_end_indep_data(ncid));
            } else {
                err = ncmpi_iget_var(ncid, w ? fo : fs, d, -1, MPI_DOUBLE, &req);
                int e = ncmpi_wait_all(ncid, 1, &req, &status);
                if (!err) err = e ? e : status;
            }
            for (int i = 0; i < X; i++) CHECK((int)d[i] == v[i], "get_var pass %d [%d] = %g", pass, i, d[i]);
            say("get_var pass %d %s: %d\n", pass, w ? "fo" : "fs", err);
            CHECK(err == 0, "get_var: %s", ncmpi_strerror(err));
            err = ncmpi_get_vara_all(ncid, w ? co : cs, st, ct, got, -1, MPI_CHAR);
            CHECK(err == 0 && !strcmp(got, text), "text: %d %s", err, got);
            say("get_vara_all text %s: %d %s\n", w ? "co" : "cs", err, got);
        }
}

/* what PnetCDF refuses with bufcount -1 (and other counts), on both kinds
 * of variable: the same codes */
static void flex_errors(int ncid, int rs, int ro, int write)
{
    MPI_Offset st[2] = {0, 2 * rank}, ct[2] = {1, 2};
    int ib[2] = {0, 0}, req, status;
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    for (int w = 0; w < 2; w++) {
        int var = w ? ro : rs;
        const char *vn = w ? "ro" : "rs";
        if (write) {
            say("%s put_vara_all MPI_BYTE -1: %d\n", vn, ncmpi_put_vara_all(ncid, var, st, ct, ib, -1, MPI_BYTE));
            say("%s put_vara_all pair -1: %d\n", vn, ncmpi_put_vara_all(ncid, var, st, ct, ib, -1, pair));
            say("%s put_vara_all MPI_INT -2: %d\n", vn, ncmpi_put_vara_all(ncid, var, st, ct, ib, -2, MPI_INT));
            say("%s iput_vara MPI_INT8_T -1: %d\n", vn, ncmpi_iput_vara(ncid, var, st, ct, ib, -1, MPI_INT8_T, &req));
            continue;
        }
        say("%s get_vara_all MPI_BYTE -1: %d\n", vn, ncmpi_get_vara_all(ncid, var, st, ct, ib, -1, MPI_BYTE));
        say("%s get_vara_all pair -1: %d\n", vn, ncmpi_get_vara_all(ncid, var, st, ct, ib, -1, pair));
        int err = ncmpi_iget_vara(ncid, var, st, ct, ib, -1, MPI_UNSIGNED_LONG, &req);
        status = 1;
        int e = ncmpi_wait_all(ncid, 1, &req, &status);
        say("%s iget_vara MPI_UNSIGNED_LONG -1: %d, wait_all %d status %d\n", vn, err, e, status);
    }
    MPI_Type_free(&pair);
}

static int run_flex(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/flex.nc", dir);
    int ncid, dims[2], rs, ro, fs, fo, cs, co;
    OK(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, &ncid));
    OK(ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &dims[0]));
    OK(ncmpi_def_dim(ncid, "x", 2 * np, &dims[1]));
    OK(ncmpi_def_var(ncid, "rs", NC_INT, 2, dims, &rs));
    OK(ncmpi_def_var(ncid, "ro", NC_INT, 2, dims, &ro));
    OK(ncmpi_def_var(ncid, "fs", NC_DOUBLE, 1, &dims[1], &fs));
    OK(ncmpi_def_var(ncid, "fo", NC_DOUBLE, 1, &dims[1], &fo));
    OK(ncmpi_def_var(ncid, "cs", NC_CHAR, 1, &dims[1], &cs));
    OK(ncmpi_def_var(ncid, "co", NC_CHAR, 1, &dims[1], &co));
    OK(ncmpi_enddef(ncid));
    int vars[2] = {rs, ro};
    flex_puts(ncid, vars, 2);
    flex_mput(ncid, vars, 2);
    flex_whole(ncid, fs, fo, cs, co, 1);
    flex_errors(ncid, rs, ro, 1);
    MPI_Offset n;
    OK(ncmpi_inq_dimlen(ncid, dims[0], &n));
    say("records after the puts: %lld\n", (long long)n);
    OK(ncmpi_close(ncid));

    OK(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    OK(ncmpi_inq_dimlen(ncid, dims[0], &n));
    say("records: %lld\n", (long long)n);
    CHECK(n == MREC + 2, "records %lld", (long long)n);
    for (int k = 0; k < NKINDS; k++)
        for (int m = 0; m < NMODES - 1; m++) {
            int c = k * NMODES + m;
            if (m == M_INDEP) OK(ncmpi_begin_indep_data(ncid));
            get_check(ncid, rs, "rs", k, m, 2 * c, *type_at(c + 3));
            get_check(ncid, ro, "ro", k, m, 2 * c, *type_at(c + 3));
            if (m == M_INDEP) OK(ncmpi_end_indep_data(ncid));
        }
    flex_mget(ncid, vars, 2);
    flex_whole(ncid, fs, fo, cs, co, 0);
    flex_errors(ncid, rs, ro, 0);
    /* the whole record variables, by a typed call: what every put wrote,
     * zeros where none did (no fill) */
    /* T_CALLS_HOLES=undefined (t_calls.sh, when the probe below finds
     * that this MPI-IO writes into the gaps of a collective write): the
     * holes are left unchecked, as their bytes are not PnetCDF's doing */
    const char *hv = getenv("T_CALLS_HOLES");
    int holes_checked = !hv || strcmp(hv, "undefined");
    int X = 2 * np, *all = malloc(sizeof(int) * (size_t)(n * X));
    for (int w = 0; w < 2; w++) {
        memset(all, 0, sizeof(int) * (size_t)(n * X));
        OK(ncmpi_get_var_int_all(ncid, vars[w], all));
        long long sum = 0;
        for (MPI_Offset r = 0; r < n; r++)
            for (int x = 0; x < X; x++) {
                int c = (int)(r / 2), k = c / NMODES, want = 0; /* PnetCDF does not fill: a hole reads 0 */
                int in_var1 = k == K_VAR1 && r % 2 == 0 && x % 2 == 0;
                if (r == MREC || r == MREC + 1 || (c < NKINDS * NMODES && (k != K_VAR1 || in_var1))) want = val(r, x);
                if (!want && !holes_checked) continue;
                CHECK(all[r * X + x] == want, "%s[%lld][%d] = %d, not %d", w ? "ro" : "rs", (long long)r, x,
                      all[r * X + x], want);
                sum += all[r * X + x];
            }
        say("%s whole: sum %lld\n", w ? "ro" : "rs", sum);
    }
    free(all);
    OK(ncmpi_close(ncid));
    return 0;
}

/* ---- indep: records written in independent mode ---------------------------- */
static const char *pname[] = {"own", "interleaved", "overlap", "somenone"};
static const char *ename[] = {"end_indep", "close", "sync", "sync_numrecs"};

/* the records rank r writes to s (all of them) and to o (the first only) */
static int records_of(int p, int r, MPI_Offset *recs)
{
    switch (p) {
    case 0: for (int i = 0; i < 3; i++) recs[i] = 3 * r + i; return 3;
    case 1: for (int i = 0; i < 3; i++) recs[i] = r + i * np; return 3;
    case 2: for (int i = 0; i < 4; i++) recs[i] = i; recs[4] = 4 + r; return 5;
    default: if (r % 2) return 0; recs[0] = 2 * r + 1; return 1;
    }
}

static void say_dimlen(int ncid, int dim, const char *when)
{
    MPI_Offset n = -1;
    int err = ncmpi_inq_dimlen(ncid, dim, &n);
    say("  %s: dimlen %lld (%d)\n", when, (long long)n, err);
}

static void indep_one(const char *dir, int p, int e)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/indep_%s_%s.nc", dir, pname[p], ename[e]);
    int ncid, dims[2], s, o, X = 2;
    say("%s %s\n", pname[p], ename[e]);
    OK(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, &ncid));
    OK(ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &dims[0]));
    OK(ncmpi_def_dim(ncid, "x", X, &dims[1]));
    /* o first: the records' last bytes are s's, which every record has
     * (plain PnetCDF reads garbage past the end of its file) */
    OK(ncmpi_def_var(ncid, "o", NC_INT, 2, dims, &o));
    OK(ncmpi_def_var(ncid, "s", NC_INT, 2, dims, &s));
    OK(ncmpi_enddef(ncid));
    OK(ncmpi_begin_indep_data(ncid));
    say_dimlen(ncid, dims[0], "begin");
    MPI_Offset recs[8], st[2] = {0, 0}, ct[2] = {1, X};
    int nr = records_of(p, rank, recs);
    for (int i = 0; i < nr; i++) {
        int v[2] = {val(recs[i], 0), val(recs[i], 1)};
        st[0] = recs[i];
        OK(ncmpi_put_vara_int(ncid, s, st, ct, v));
        if (i == 0) OK(ncmpi_put_vara_int(ncid, o, st, ct, v));
    }
    say_dimlen(ncid, dims[0], "written");
    int err = NC_NOERR;
    if (e == 0) err = ncmpi_end_indep_data(ncid);
    else if (e == 2) err = ncmpi_sync(ncid);
    else if (e == 3) err = ncmpi_sync_numrecs(ncid);
    say("  %s: %d\n", ename[e], err);
    if (e != 1) say_dimlen(ncid, dims[0], "after");
    say("  close: %d\n", ncmpi_close(ncid));

    /* every rank's records, after reopening */
    MPI_Offset want = 0, mine[8];
    for (int r = 0; r < np; r++) {
        int m = records_of(p, r, mine);
        for (int i = 0; i < m; i++) if (mine[i] + 1 > want) want = mine[i] + 1;
    }
    OK(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    MPI_Offset n = -1;
    OK(ncmpi_inq_dimlen(ncid, dims[0], &n));
    say("  reopened: %lld records\n", (long long)n);
    CHECK(n == want, "%s: %lld records, not %lld", path, (long long)n, (long long)want);
    int *a = calloc((size_t)(n > 0 ? n : 1) * X, sizeof(int));
    for (int w = 0; w < 2 && n > 0; w++) {
        memset(a, 0, sizeof(int) * (size_t)n * X);
        OK(ncmpi_get_var_int_all(ncid, w ? o : s, a));
        long long sum = 0;
        for (MPI_Offset r = 0; r < n; r++) {
            int written = 0;
            for (int q = 0; q < np && !written; q++) {
                int m = records_of(p, q, mine);
                for (int i = 0; i < (w ? (m > 0) : m); i++) written |= mine[i] == r;
            }
            for (int x = 0; x < X; x++) {
                int wantv = written ? val(r, x) : 0; /* a hole */
                CHECK(a[r * X + x] == wantv, "%s %s[%lld][%d] = %d, not %d", path, w ? "o" : "s",
                      (long long)r, x, a[r * X + x], wantv);
                sum += a[r * X + x];
            }
        }
        say("  %s: sum %lld\n", w ? "o" : "s", sum);
    }
    free(a);
    OK(ncmpi_close(ncid));
}

static int run_indep(const char *dir)
{
    for (int p = 0; p < 4; p++)
        for (int e = 0; e < 4; e++) indep_one(dir, p, e);
    return 0;
}

/* ---- delete ------------------------------------------------------------- */
static void listing(const char *dir, const char *when)
{
    if (rank != 0) return;
    DIR *d = opendir(dir);
    char names[64][256];
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d)) && n < 64;)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) snprintf(names[n++], 256, "%s", e->d_name);
    if (d) closedir(d);
    qsort(names, n, 256, (int (*)(const void *, const void *))strcmp);
    say("%s: %d entries:", when, n);
    for (int i = 0; i < n; i++) say(" %s", names[i]);
    say("\n");
}

/* a small dataset: its variables s (subfiled under the preload) and, if
 * plain, o (never subfiled) */
static void make(const char *path, MPI_Info info, int plain)
{
    int ncid, dims[2], v;
    OK(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, info, &ncid));
    OK(ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &dims[0]));
    OK(ncmpi_def_dim(ncid, "x", 2 * np, &dims[1]));
    OK(ncmpi_def_var(ncid, plain ? "o" : "s", NC_INT, 2, dims, &v));
    OK(ncmpi_enddef(ncid));
    MPI_Offset st[2] = {rank, 2 * rank}, ct[2] = {1, 2};
    int b[2] = {rank, rank};
    OK(ncmpi_put_vara_int_all(ncid, v, st, ct, b));
    OK(ncmpi_close(ncid));
}

static int run_delete(const char *dir)
{
    char path[4096], sub[4096];
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling_dir", "subd");
    /* one rank deletes a dataset whose subfiles are in a directory of their own */
    snprintf(path, sizeof path, "%s/d1.nc", dir);
    make(path, info, 0);
    if (rank == 0) say("delete d1 (rank 0): %d\n", ncmpi_delete(path, MPI_INFO_NULL));
    MPI_Barrier(MPI_COMM_WORLD);
    listing(dir, "deleted d1");
    /* every rank deletes a format 1 dataset at once: nothing is left (the
     * codes race, in PnetCDF as in ncsf: not said) */
    MPI_Info_set(info, "subfiling_format", "1");
    MPI_Info_set(info, "subfiling_dir", "a/b");
    snprintf(path, sizeof path, "%s/d2.nc", dir);
    make(path, info, 0);
    MPI_Barrier(MPI_COMM_WORLD);
    int err = ncmpi_delete(path, MPI_INFO_NULL);
    CHECK(err == 0 || err == NC_ENOENT || err == NC_EFILE, "delete d2: %s", ncmpi_strerror(err));
    MPI_Barrier(MPI_COMM_WORLD);
    listing(dir, "deleted d2 (every rank)");
    /* a file that is missing, one that is not netCDF, a netCDF file
     * without subfiling, a directory shared with another file */
    if (rank == 0) {
        snprintf(path, sizeof path, "%s/missing.nc", dir);
        say("delete missing: %d\n", ncmpi_delete(path, MPI_INFO_NULL));
        snprintf(path, sizeof path, "%s/text.nc", dir);
        FILE *t = fopen(path, "w");
        if (t) { fputs("not netCDF\n", t); fclose(t); }
        say("delete text: %d\n", ncmpi_delete(path, MPI_INFO_NULL));
    }
    snprintf(path, sizeof path, "%s/d3.nc", dir);
    make(path, MPI_INFO_NULL, 1);
    MPI_Info_set(info, "subfiling_format", "2");
    MPI_Info_set(info, "subfiling_dir", "subd");
    snprintf(path, sizeof path, "%s/d4.nc", dir);
    make(path, info, 0);
    if (rank == 0) {
        snprintf(sub, sizeof sub, "%s/subd", dir);
        snprintf(path, sizeof path, "%s/subd/keep", dir);
        FILE *t = fopen(path, "w");
        if (t) fclose(t);
        if (!t) { /* plain PnetCDF made no subd: make it, for the same listing */
            char cmd[8300];
            snprintf(cmd, sizeof cmd, "mkdir -p '%s' && touch '%s'", sub, path);
            CHECK(system(cmd) == 0, "%s", cmd);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        snprintf(path, sizeof path, "%s/d3.nc", dir);
        say("delete d3 (no subfiling): %d\n", ncmpi_delete(path, MPI_INFO_NULL));
        snprintf(path, sizeof path, "%s/d4.nc", dir);
        say("delete d4: %d\n", ncmpi_delete(path, MPI_INFO_NULL));
        say("delete d4 again: %d\n", ncmpi_delete(path, MPI_INFO_NULL));
    }
    MPI_Barrier(MPI_COMM_WORLD);
    listing(dir, "deleted d3, d4");
    if (rank == 0) {
        snprintf(sub, sizeof sub, "%s/subd", dir);
        DIR *d = opendir(sub);
        int n = 0;
        for (struct dirent *e; d && (e = readdir(d));) n += e->d_name[0] != '.';
        if (d) closedir(d);
        say("subd keeps %d file\n", n);
        CHECK(n == 1, "subd has %d files", n);
    }
    MPI_Info_free(&info);
    return 0;
}

/* ---- zero-count puts past the records ----------------------------------- */
static const char *zname[] = {"all", "rank0", "last"};
static const char *kname2[] = {"vara", "vara_x0", "vars", "indep", "iput", "varn"};

/* A put that moves nothing into s (1 record), by the ranks case z names
 * (the others name record 0), then the record count after it, after a
 * sync, after reopening. Kinds: put_vara_all of count {0, X} at record 5;
 * of {1, 0} at record 7; put_vars_all of {0, X} at 5 with stride 3;
 * put_vara of {0, X} at 5 in independent mode (then end_indep_data);
 * iput of {0, X} at 5 and wait_all; put_varn_all of one piece {0, X} at 5.
 * (PnetCDF 1.14 and 1.15 hang on a collective record put where a rank's
 * count is 0: this mode is for comparing with 1.12.3.) */
static void zeroput_one(const char *dir, int z, int kind, int sync)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/zeroput_%s_%s_%s.nc", dir, zname[z], kname2[kind], sync ? "sync" : "close");
    int ncid, dims[2], s, o, X = 2;
    say("zeroput %s %s %s\n", zname[z], kname2[kind], sync ? "sync" : "close");
    OK(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, &ncid));
    OK(ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &dims[0]));
    OK(ncmpi_def_dim(ncid, "x", X, &dims[1]));
    OK(ncmpi_def_var(ncid, "o", NC_INT, 2, dims, &o));
    OK(ncmpi_def_var(ncid, "s", NC_INT, 2, dims, &s));
    OK(ncmpi_enddef(ncid));
    /* record 0 of both, the same values from every rank (no rank's count 0) */
    int v[2] = {val(0, 0), val(0, 1)};
    MPI_Offset st[2] = {0, 0}, ct[2] = {1, X}, sd[2] = {3, 1};
    OK(ncmpi_put_vara_int_all(ncid, o, st, ct, v));
    OK(ncmpi_put_vara_int_all(ncid, s, st, ct, v));
    say_dimlen(ncid, dims[0], "written");
    int mine = z == 0 || (z == 1 && rank == 0) || (z == 2 && rank == np - 1), err = NC_NOERR, req, st2;
    st[0] = mine ? (kind == 1 ? 7 : 5) : 0;
    ct[0] = kind == 1 ? 1 : 0;
    ct[1] = kind == 1 ? 0 : X;
    MPI_Offset *sp = st, *cp = ct;
    switch (kind) {
    case 0: case 1: err = ncmpi_put_vara_int_all(ncid, s, st, ct, v); break;
    case 2: err = ncmpi_put_vars_int_all(ncid, s, st, ct, sd, v); break;
    case 3:
        OK(ncmpi_begin_indep_data(ncid));
        if (mine) err = ncmpi_put_vara_int(ncid, s, st, ct, v);
        say_dimlen(ncid, dims[0], "in independent mode");
        OK(ncmpi_end_indep_data(ncid));
        break;
    case 4:
        err = ncmpi_iput_vara_int(ncid, s, st, ct, v, &req);
        say("  iput: %d\n", err);
        err = ncmpi_wait_all(ncid, 1, &req, &st2);
        break;
    default: err = ncmpi_put_varn_int_all(ncid, s, 1, &sp, &cp, v); break;
    }
    say("  put: %d\n", err);
    say_dimlen(ncid, dims[0], "after put");
    if (sync) {
        say("  sync: %d\n", ncmpi_sync(ncid));
        say_dimlen(ncid, dims[0], "after sync");
    }
    say("  close: %d\n", ncmpi_close(ncid));
    OK(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    say_dimlen(ncid, dims[0], "reopened");
    int a[2] = {0, 0};
    st[0] = 0, ct[0] = 1, ct[1] = X;
    for (int w = 0; w < 2; w++) {
        OK(ncmpi_get_vara_int_all(ncid, w ? o : s, st, ct, a));
        CHECK(a[0] == v[0] && a[1] == v[1], "%s %s[0] = %d %d, not %d %d", path, w ? "o" : "s", a[0], a[1], v[0], v[1]);
    }
    OK(ncmpi_close(ncid));
}

static int run_zeroput(const char *dir)
{
    for (int z = 0; z < 2; z++)
        for (int kind = 0; kind < 6; kind++) zeroput_one(dir, z, kind, 0);
    zeroput_one(dir, 1, 0, 1);
    zeroput_one(dir, 2, 1, 1);
    return 0;
}

/* The probe of t_calls.sh: with plain MPI-IO, each rank writes one int,
 * those of the ranks one int apart, in one collective write to a new file;
 * the ints between them were never written and must read 0. Prints
 * "holes: zero" or "holes: written" (Open MPI 4.1's OMPIO with its fcoll
 * components vulcan and dynamic_gen2 writes other bytes there). */
static int run_holes(const char *dir)
{
    char path[4096];
    MPI_File fh;
    snprintf(path, sizeof path, "%s/holes.bin", dir);
    if (rank == 0) unlink(path);
    MPI_Barrier(MPI_COMM_WORLD);
    CHECK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh) == MPI_SUCCESS,
          "MPI_File_open %s", path);
    int v = 100 + rank, bad = 0;
    MPI_File_write_at_all(fh, (MPI_Offset)(4096 + 8 * rank), &v, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(fh);
    if (rank == 0) {
        int buf[2 * 64] = {0}, k = 2 * np - 1 < 2 * 64 ? 2 * np - 1 : 2 * 64;
        MPI_File_read_at(fh, 4096, buf, k, MPI_INT, MPI_STATUS_IGNORE);
        for (int i = 0; i < k; i++) {
            CHECK(i % 2 || buf[i] == 100 + i / 2, "holes: int %d = %d, not %d", i, buf[i], 100 + i / 2);
            bad |= i % 2 && buf[i] != 0;
        }
        printf("holes: %s\n", bad ? "written" : "zero");
    }
    MPI_File_close(&fh);
    /* and whether MPI_MAX orders MPI_OFFSET as signed: Open MPI 4.1.4
     * orders it as unsigned, and plain PnetCDF's collective put (its
     * reduction of the record count, in which a put of nothing past the
     * last record makes a negative count) then keeps the count ncsf raises */
    MPI_Offset mine = rank == 0 ? 3 : -2, most = 0;
    MPI_Allreduce(&mine, &most, 1, MPI_OFFSET, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0) printf("offset max: %s\n", np == 1 || most == 3 ? "signed" : "unsigned");
    return 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc != 3) {
        if (rank == 0) fprintf(stderr, "usage: t_calls flex|indep|delete|zeroput|holes DIR\n");
        MPI_Finalize();
        return 2;
    }
    if (!strcmp(argv[1], "flex")) run_flex(argv[2]);
    else if (!strcmp(argv[1], "indep")) run_indep(argv[2]);
    else if (!strcmp(argv[1], "zeroput")) run_zeroput(argv[2]);
    else if (!strcmp(argv[1], "holes")) run_holes(argv[2]);
    else run_delete(argv[2]);
    int bad = finish();
    MPI_Finalize();
    return bad;
}
