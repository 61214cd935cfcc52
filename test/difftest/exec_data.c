/*
 * The interpreter's data ops: put and get through var, var1, vara, vars,
 * varm and varn, typed or flexible (a basic MPI type, a derived one, or
 * bufcount -1), collective, independent, iput/iget and bput; wait and
 * cancel; mput/mget; and readall, which reads every variable back.
 *
 * Each rank takes its own region (from the op's seed and its rank). The
 * value written at an element depends only on the element's place in the
 * variable and the generation (ops between two synchronising calls), so
 * ranks writing the same element at once write the same value.
 */
#include <stdlib.h>
#include <string.h>
#include "difftest.h"

typedef struct {
    int nd, num, vec, rec0;                /* vec: a strided MPI vector in memory */
    MPI_Offset st[3][MAXDIMS], ct[3][MAXDIMS], sd[MAXDIMS], im[MAXDIMS];
    MPI_Offset n, mem;                     /* elements moved, elements in the buffer */
} Region;

static const char *mtn[MT_N] = {"text", "schar", "uchar", "short", "ushort", "int", "uint",
                                "float", "double", "longlong", "ulonglong"};

static MPI_Offset prod(const MPI_Offset *c, int nd)
{
    MPI_Offset p = 1;
    for (int i = 0; i < nd; i++) p *= c[i];
    return p;
}

static void pick_box(unsigned long long *r, const Shape *sh, MPI_Offset *st, MPI_Offset *ct, MPI_Offset *sd, int one, int nozero)
{
    for (int i = 0; i < sh->nd && i < MAXDIMS; i++) {
        MPI_Offset len = sh->len[i] > 0 ? sh->len[i] : 1, stride = sd ? sd[i] : 1;
        st[i] = rnd_below(r, (int)len);
        MPI_Offset most = (len - 1 - st[i]) / stride + 1;
        ct[i] = one ? 1 : 1 + rnd_below(r, (int)(most < 6 ? most : 6));
        if (rnd_below(r, 40) == 0 && !one && !nozero) ct[i] = 0;
        if (rnd_below(r, 60) == 0 && !nozero && !(i == 0 && sh->rec0)) {       /* out of bounds */
            if (rnd_below(r, 2)) st[i] = len + rnd_below(r, 2); else ct[i] = most + 1;
        }
    }
}

/* a whole variable as the file has it now */
static void whole_var(State *s, int vid, Region *g)
{
    int dims[MAXDIMS];
    g->nd = 0;
    if (ncmpi_inq_varndims(s->ncid, vid, &g->nd) != NC_NOERR || g->nd > MAXDIMS ||
        ncmpi_inq_vardimid(s->ncid, vid, dims) != NC_NOERR) { g->nd = 0; return; }
    for (int i = 0; i < g->nd; i++) {
        g->st[0][i] = 0;
        if (ncmpi_inq_dimlen(s->ncid, dims[i], &g->ct[0][i]) != NC_NOERR) g->ct[0][i] = 0;
    }
}

/* the variable's shape as the file tells it now (a record dimension one
   record longer, so that puts add records); the generator's guess if the
   file does not know the variable */
static void real_shape(State *s, int vid, const Shape *guess, Shape *sh)
{
    int dims[MAXDIMS], unlim = -1, nd = -1;
    *sh = *guess;
    if (ncmpi_inq_varndims(s->ncid, vid, &nd) != NC_NOERR || nd < 0 || nd > MAXDIMS ||
        ncmpi_inq_vardimid(s->ncid, vid, dims) != NC_NOERR) return;
    ncmpi_inq_unlimdim(s->ncid, &unlim);
    sh->nd = nd, sh->rec0 = nd > 0 && dims[0] == unlim;
    for (int i = 0; i < nd; i++) {
        if (ncmpi_inq_dimlen(s->ncid, dims[i], &sh->len[i]) != NC_NOERR) sh->len[i] = 1;
        if (dims[i] == unlim) sh->len[i]++;
    }
}

/* PnetCDF fills no record by itself (and its default is no fill): what a
 * program reads of a record it did not write all of is undefined. So, not
 * logged, as part of the harness: a collective op that may add records
 * first fills them with fill_var_rec (every rank, the same records); an
 * op in independent mode adds none. */
void fill_new_records(State *s, MPI_Offset end)
{
    int unlim = -1, nvars = 0, dims[MAXDIMS], nd;
    MPI_Offset n = 0, all = 0;
    MPI_Allreduce(&end, &all, 1, MPI_OFFSET, MPI_MAX, MPI_COMM_WORLD);
    if (ncmpi_inq_unlimdim(s->ncid, &unlim) != NC_NOERR || unlim < 0 ||
        ncmpi_inq_dimlen(s->ncid, unlim, &n) != NC_NOERR || ncmpi_inq_nvars(s->ncid, &nvars) != NC_NOERR) return;
    if (all > n + 4) all = n + 4;
    for (MPI_Offset rec = n; rec < all; rec++)
        for (int v = 0; v < nvars && v < 16; v++)
            if (ncmpi_inq_varndims(s->ncid, v, &nd) == NC_NOERR && nd > 0 && nd <= MAXDIMS &&
                ncmpi_inq_vardimid(s->ncid, v, dims) == NC_NOERR && dims[0] == unlim)
                ncmpi_fill_var_rec(s->ncid, v, rec);
}

/* the records past the end a region writes (0: none) */
static MPI_Offset region_end(const Region *g, int rec0)
{
    MPI_Offset end = 0;
    for (int k = 0; rec0 && g->nd > 0 && k < g->num; k++)
        if (prod(g->ct[k], g->nd) > 0 && g->ct[k][0] > 0) {
            MPI_Offset e = g->st[k][0] + (g->ct[k][0] - 1) * g->sd[0] + 1;
            if (e > end) end = e;
        }
    return end;
}

static void pick_region(State *s, const Op *op, const Shape *guess, int api, int vid, Region *g, unsigned long long *r)
{
    Shape shape, *sh = &shape;
    real_shape(s, vid, guess, sh);
    /* no new record from an independent op: it could not fill them */
    if (sh->rec0 && (s->indep || op->how == HOW_INDEP)) sh->len[0] = sh->len[0] > 1 ? sh->len[0] - 1 : 1;
    g->rec0 = sh->rec0;
    int rec0 = g->rec0;
    memset(g, 0, sizeof *g);
    g->rec0 = rec0;
    g->nd = sh->nd;
    g->num = 1;
    for (int i = 0; i < MAXDIMS; i++) g->sd[i] = 1;
    if (api == API_VAR) whole_var(s, vid, g);
    else if (api == API_VARS || api == API_VARM) {
        for (int i = 0; i < g->nd; i++) g->sd[i] = 1 + rnd_below(r, 2);
        pick_box(r, sh, g->st[0], g->ct[0], g->sd, 0, 0);
    } else if (api == API_VARN) {
        g->num = 1 + rnd_below(r, 3);
        /* PnetCDF 1.12.3 overruns a buffer in a varn with an empty or bad segment */
        for (int k = 0; k < g->num; k++) pick_box(r, sh, g->st[k], g->ct[k], NULL, 0, 1);
    } else pick_box(r, sh, g->st[0], g->ct[0], NULL, api == API_VAR1, 0);
    for (int k = 0; k < g->num; k++) {
        MPI_Offset p = prod(g->ct[k], g->nd);
        g->n += p < 0 || p > 4096 ? 0 : p;
    }
    if (api == API_VARM) {                 /* the buffer in the transposed order */
        MPI_Offset m = 1;
        for (int i = 0; i < g->nd; i++) { g->im[i] = m; m *= g->ct[0][i] > 0 ? g->ct[0][i] : 1; }
    }
    g->vec = op->flex == 1 && rnd_below(r, 3) == 2;
    g->mem = g->vec ? 2 * g->n : g->n;
    (void)s;
}

static void set_val(void *buf, int mt, MPI_Offset i, long long v)
{
    switch (mt) {
    case MT_TEXT: ((char *)buf)[i] = (char)('A' + ((v % 26) + 26) % 26); break;
    case MT_SCHAR: ((signed char *)buf)[i] = (signed char)v; break;
    case MT_UCHAR: ((unsigned char *)buf)[i] = (unsigned char)v; break;
    case MT_SHORT: ((short *)buf)[i] = (short)v; break;
    case MT_USHORT: ((unsigned short *)buf)[i] = (unsigned short)v; break;
    case MT_INT: ((int *)buf)[i] = (int)v; break;
    case MT_UINT: ((unsigned *)buf)[i] = (unsigned)v; break;
    case MT_FLOAT: ((float *)buf)[i] = (float)v; break;
    case MT_DOUBLE: ((double *)buf)[i] = (double)v; break;
    case MT_LONGLONG: ((long long *)buf)[i] = v; break;
    default: ((unsigned long long *)buf)[i] = (unsigned long long)v; break;
    }
}

static long long value_at(const Op *op, int slot, long long gidx)
{
    long long v = (gidx * 7 + op->arg[3] * 13 + slot * 3) % 97 + 1;
    if (op->arg[2] == 2) return (gidx & 1) ? v + 5000000000LL : -v;
    return op->arg[2] ? ((gidx & 1) ? v + 300 : -v) : v;
}

/* one element's value in memory type mt: out of range 2 puts a double
 * beyond every type's range but double's (1e300 and more) */
static void put_val(const Op *op, int slot, long long gidx, void *buf, int mt, MPI_Offset i)
{
    long long v = value_at(op, slot, gidx);
    if (op->arg[2] == 2 && (gidx & 1) && mt == MT_DOUBLE) ((double *)buf)[i] = (double)(v - 5000000000LL) * 1e300;
    else set_val(buf, mt, i, v);
}

/* the values of the region's elements, each where the API puts it in memory */
static void fill_buffer(const Op *op, int slot, const Region *g, int mt, void *buf)
{
    MPI_Offset pos = 0;
    for (int k = 0; k < g->num; k++) {
        MPI_Offset cnt = prod(g->ct[k], g->nd), idx[MAXDIMS] = {0};
        if (cnt <= 0 || cnt > 4096) continue;
        for (MPI_Offset e = 0; e < cnt; e++) {
            long long gidx = 0;
            MPI_Offset at = 0, rem = e;
            for (int i = g->nd - 1; i >= 0; i--) { idx[i] = rem % g->ct[k][i]; rem /= g->ct[k][i]; }
            for (int i = 0; i < g->nd; i++) {
                gidx = gidx * 64 + g->st[k][i] + idx[i] * g->sd[i];
                at += idx[i] * g->im[i];
            }
            at = g->im[0] ? at : pos + e;      /* varm: where the map puts it */
            if (at >= g->n) continue;
            put_val(op, slot, gidx, buf, mt, g->vec ? 2 * at : at);
        }
        pos += cnt;
    }
}

static void region_text(const Region *g, char *out, size_t cap)
{
    size_t u = 0;
    for (int k = 0; k < g->num; k++) {
        u += (size_t)snprintf(out + u, cap - u, "[");
        for (int i = 0; i < g->nd && u < cap; i++)
            u += (size_t)snprintf(out + u, cap - u, "%lld:%lld:%lld%s", (long long)g->st[k][i], (long long)g->ct[k][i],
                                  (long long)g->sd[i], i + 1 < g->nd ? "," : "");
        if (u < cap) u += (size_t)snprintf(out + u, cap - u, "]");
    }
}

#define TSW(e, mt, NAME, SUF, ...) do { switch (mt) { \
    case MT_TEXT: e = NAME##_text##SUF(__VA_ARGS__); break; \
    case MT_SCHAR: e = NAME##_schar##SUF(__VA_ARGS__); break; \
    case MT_UCHAR: e = NAME##_uchar##SUF(__VA_ARGS__); break; \
    case MT_SHORT: e = NAME##_short##SUF(__VA_ARGS__); break; \
    case MT_USHORT: e = NAME##_ushort##SUF(__VA_ARGS__); break; \
    case MT_INT: e = NAME##_int##SUF(__VA_ARGS__); break; \
    case MT_UINT: e = NAME##_uint##SUF(__VA_ARGS__); break; \
    case MT_FLOAT: e = NAME##_float##SUF(__VA_ARGS__); break; \
    case MT_DOUBLE: e = NAME##_double##SUF(__VA_ARGS__); break; \
    case MT_LONGLONG: e = NAME##_longlong##SUF(__VA_ARGS__); break; \
    default: e = NAME##_ulonglong##SUF(__VA_ARGS__); break; } } while (0)

#define TYPED(e, mt, how, put, API, ...) do { \
    if (put) { \
        if (how == HOW_COLL) TSW(e, mt, ncmpi_put_##API, _all, __VA_ARGS__); \
        else if (how == HOW_INDEP) TSW(e, mt, ncmpi_put_##API, , __VA_ARGS__); \
        else if (how == HOW_IPUT) TSW(e, mt, ncmpi_iput_##API, , __VA_ARGS__, &req); \
        else TSW(e, mt, ncmpi_bput_##API, , __VA_ARGS__, &req); \
    } else { \
        if (how == HOW_COLL) TSW(e, mt, ncmpi_get_##API, _all, __VA_ARGS__); \
        else if (how == HOW_INDEP) TSW(e, mt, ncmpi_get_##API, , __VA_ARGS__); \
        else TSW(e, mt, ncmpi_iget_##API, , __VA_ARGS__, &req); \
    } } while (0)

#define FLEX(e, how, put, API, ...) do { \
    if (put) { \
        if (how == HOW_COLL) e = ncmpi_put_##API##_all(__VA_ARGS__); \
        else if (how == HOW_INDEP) e = ncmpi_put_##API(__VA_ARGS__); \
        else if (how == HOW_IPUT) e = ncmpi_iput_##API(__VA_ARGS__, &req); \
        else e = ncmpi_bput_##API(__VA_ARGS__, &req); \
    } else { \
        if (how == HOW_COLL) e = ncmpi_get_##API##_all(__VA_ARGS__); \
        else if (how == HOW_INDEP) e = ncmpi_get_##API(__VA_ARGS__); \
        else e = ncmpi_iget_##API(__VA_ARGS__, &req); \
    } } while (0)

/* one call; *reqp gets the request of a nonblocking one */
static int issue(State *s, const Op *op, int vid, Region *g, void *buf, MPI_Offset bufcount, MPI_Datatype dt, int *reqp)
{
    int e = NC_NOERR, req = NC_REQ_NULL, put = op->kind == OP_PUT, how = op->how, mt = op->mt, ncid = s->ncid;
    MPI_Offset *st = g->st[0], *ct = g->ct[0], *sd = g->sd, *im = g->im;
    MPI_Offset *sts[3] = {g->st[0], g->st[1], g->st[2]}, *cts[3] = {g->ct[0], g->ct[1], g->ct[2]};
    if (op->flex == 0) {
        switch (op->api) {
        case API_VAR: TYPED(e, mt, how, put, var, ncid, vid, buf); break;
        case API_VAR1: TYPED(e, mt, how, put, var1, ncid, vid, st, buf); break;
        case API_VARA: TYPED(e, mt, how, put, vara, ncid, vid, st, ct, buf); break;
        case API_VARS: TYPED(e, mt, how, put, vars, ncid, vid, st, ct, sd, buf); break;
        case API_VARM: TYPED(e, mt, how, put, varm, ncid, vid, st, ct, sd, im, buf); break;
        default: TYPED(e, mt, how, put, varn, ncid, vid, g->num, sts, cts, buf); break;
        }
    } else {
        switch (op->api) {
        case API_VAR: FLEX(e, how, put, var, ncid, vid, buf, bufcount, dt); break;
        case API_VAR1: FLEX(e, how, put, var1, ncid, vid, st, buf, bufcount, dt); break;
        case API_VARA: FLEX(e, how, put, vara, ncid, vid, st, ct, buf, bufcount, dt); break;
        case API_VARS: FLEX(e, how, put, vars, ncid, vid, st, ct, sd, buf, bufcount, dt); break;
        case API_VARM: FLEX(e, how, put, varm, ncid, vid, st, ct, sd, im, buf, bufcount, dt); break;
        default: FLEX(e, how, put, varn, ncid, vid, g->num, sts, cts, buf, bufcount, dt); break;
        }
    }
    *reqp = req;
    return e;
}

static void keep_request(State *s, const Op *op, int index, int req, void *buf, const Region *g)
{
    int slot = op->arg[0];
    if (slot < 0 || slot >= MAXREQ) return;   /* left pending: a later wait-all takes it */
    Req *q = &s->req[slot];
    q->id = req, q->live = 1, q->op = index, q->mt = op->mt, q->get = op->kind == OP_GET, q->api = op->api;
    q->buf = buf, q->n = g->mem;
}

void exec_data(State *s, const Op *op, int index)
{
    static const char *hows[] = {"_all", "", "i", "b"};
    unsigned long long r = op->seed ^ (0x9E3779B97F4A7C15ULL * (unsigned long long)(s->rank + 1));
    int vid = var_of(s, op->slot), put = op->kind == OP_PUT, req = NC_REQ_NULL, e;
    Region g;
    MPI_Datatype dt = mt_mpi(op->mt), made = MPI_DATATYPE_NULL;
    MPI_Offset bufcount = 0;
    char call[400], where[256], vals[8192];
    pick_region(s, op, &op->sh[0], op->api, vid, &g, &r);
    nc_type vt = 0;
    if (op->arg[1] == 1 && !put) {
        /* a buffer of the other kind (generator version 4): nothing moves
         * on any rank, so PnetCDF does not look at its type */
        for (int k = 0; k < g.num; k++) g.ct[k][0] = 0;
        g.n = g.mem = 0;
    } else if (op->flex && op->mt == MT_TEXT && ncmpi_inq_vartype(s->ncid, vid, &vt) == NC_NOERR && vt != NC_CHAR)
        dt = mt_mpi(MT_SCHAR);     /* PnetCDF 1.12.3 asserts on flexible MPI_CHAR to a number */
    void *buf = malloc((size_t)(g.mem + 1) * 8);
    memset(buf, 0x5A, (size_t)(g.mem + 1) * 8);
    if (put) fill_buffer(op, op->slot, &g, op->mt, buf);
    if (op->flex == 1) {
        bufcount = g.n;
        if (g.vec) MPI_Type_vector((int)g.n, 1, 2, dt, &made);
        else if (rnd_below(&r, 2)) MPI_Type_contiguous((int)g.n, dt, &made);
        if (made != MPI_DATATYPE_NULL) { MPI_Type_commit(&made); dt = made; bufcount = 1; }
    } else if (op->flex == 2) bufcount = -1;
    if (getenv("DIFFTEST_TRACE")) {
        region_text(&g, where, sizeof where);
        fprintf(stderr, "[%d] op %d var=%d %s n=%lld\n", s->rank, index, vid, where, (long long)g.n);
    }
    if (put && !s->indef && !s->indep) fill_new_records(s, region_end(&g, g.rec0));
    e = issue(s, op, vid, &g, buf, bufcount, dt, &req);
    static const char *apis[] = {"var", "var1", "vara", "vars", "varm", "varn"};
    region_text(&g, where, sizeof where);
    snprintf(call, sizeof call, "%s%s_%s_%s%s(var=%d,%s%s,n=%lld,bufcount=%lld)", op->how >= HOW_IPUT ? (put ? hows[op->how] : "i") : "",
             put ? "put" : "get", apis[op->api], op->flex ? "flex" : mtn[op->mt], op->how < HOW_IPUT ? hows[op->how] : "",
             vid, where, g.vec ? ",vector" : made != MPI_DATATYPE_NULL ? ",contig" : "", (long long)g.n, (long long)bufcount);
    if (op->how >= HOW_IPUT) {
        if (e == NC_NOERR) keep_request(s, op, index, req, buf, &g);
        if (op->how == HOW_BPUT && put) memset(buf, 0xEE, (size_t)(g.mem + 1) * 8);   /* bput copied it */
        log_line(s, index, call, e, "slot=%d", op->arg[0]);
    } else if (!put) {
        log_values(vals, sizeof vals, op->mt, buf, g.mem);
        log_line(s, index, call, e, "%s", vals);
        free(buf);
    } else {
        log_line(s, index, call, e, NULL);
        free(buf);
    }
    if (made != MPI_DATATYPE_NULL && op->how < HOW_IPUT) MPI_Type_free(&made);
}

static int involved(const Req *q, int which)
{
    if (!q->live) return 0;
    if (which == 4) return !q->get;
    if (which == 5) return q->get;
    return 1;
}

/* wait (op->arg[0]: 0 NC_REQ_ALL, 1 every live slot, 2 the same and a bad id, 3 none, 4 NC_PUT_REQ_ALL, 5 NC_GET_REQ_ALL) */
void exec_wait(State *s, const Op *op, int index)
{
    int ids[MAXREQ + 1], st[MAXREQ + 1] = {0}, slot[MAXREQ + 1], n = 0, which = op->arg[0], indep = op->arg[1], e;
    int cancel = op->kind == OP_CANCEL, num;
    char call[128], out[1024] = "", vals[8192];
    if (cancel && which > 2) which = which % 3;
    for (int i = 0; i < MAXREQ; i++)
        if (s->req[i].live) slot[n] = i, ids[n++] = s->req[i].id;
    if (which == 2) slot[n] = -1, ids[n++] = 9999;
    num = which == 0 ? NC_REQ_ALL : which == 3 ? 0 : which == 4 ? NC_PUT_REQ_ALL : which == 5 ? NC_GET_REQ_ALL : n;
    int *list = which == 1 || which == 2 ? ids : NULL;
    if (cancel) e = ncmpi_cancel(s->ncid, num, list, list ? st : NULL);
    else if (indep) e = ncmpi_wait(s->ncid, num, list, list ? st : NULL);
    else e = ncmpi_wait_all(s->ncid, num, list, list ? st : NULL);
    for (int i = 0; list && i < n; i++)
        snprintf(out + strlen(out), sizeof out - strlen(out), "%d:%s ", slot[i], err_name(st[i]));
    snprintf(call, sizeof call, "%s(%s,%d)", cancel ? "cancel" : indep ? "wait" : "wait_all",
             which == 0 ? "REQ_ALL" : which == 3 ? "none" : which == 4 ? "PUT_REQ_ALL" : which == 5 ? "GET_REQ_ALL" : "list", list ? n : num);
    log_line(s, index, call, e, "%s", out);
    if (e == NC_EINDEP || e == NC_ENOTINDEP || e == NC_EINDEFINE || e == NC_EBADID || which == 3) return;
    for (int i = 0; i < MAXREQ; i++) {
        Req *q = &s->req[i];
        if (!involved(q, which)) continue;
        if (q->get && !cancel) {
            static const char *apis[] = {"var", "var1", "vara", "vars", "varm", "varn"};
            snprintf(call, sizeof call, "iget_done(slot=%d,op=%d,%s)", i, q->op, apis[q->api % API_NAPIS]);
            log_values(vals, sizeof vals, q->mt, q->buf, q->n);
            log_line(s, index, call, e, "%s", vals);      /* the wait's code */
        }
        q->live = 0;
    }
}

/* mput/mget: several variables in one call, each in its own type */
void exec_multi(State *s, const Op *op, int index)
{
    unsigned long long r = op->seed ^ (0x9E3779B97F4A7C15ULL * (unsigned long long)(s->rank + 1));
    int vids[3], put = op->kind == OP_MPUT, mts[3], e;
    Region g[3];
    MPI_Offset *sts[3], *cts[3], counts[3];
    MPI_Datatype dts[3];
    void *bufs[3];
    char call[400] = "", where[128], vals[4096];
    for (int i = 0; i < op->nv; i++) {
        nc_type t = NC_INT;
        vids[i] = var_of(s, op->vslot[i]);
        ncmpi_inq_vartype(s->ncid, vids[i], &t);
        mts[i] = mt_of_nctype(t);
        pick_region(s, op, &op->sh[i], API_VARA, vids[i], &g[i], &r);
        g[i].vec = 0, g[i].mem = g[i].n;
        sts[i] = g[i].st[0], cts[i] = g[i].ct[0], counts[i] = g[i].n, dts[i] = mt_mpi(mts[i]);
        bufs[i] = malloc((size_t)(g[i].n + 1) * 8);
        memset(bufs[i], 0x5A, (size_t)(g[i].n + 1) * 8);
        if (put) fill_buffer(op, op->vslot[i], &g[i], mts[i], bufs[i]);
        region_text(&g[i], where, sizeof where);
        snprintf(call + strlen(call), sizeof call - strlen(call), "%svar=%d%s", i ? "," : "", vids[i], where);
    }
    if (put && !s->indef && !s->indep) {
        MPI_Offset end = 0;
        for (int i = 0; i < op->nv; i++) if (region_end(&g[i], g[i].rec0) > end) end = region_end(&g[i], g[i].rec0);
        fill_new_records(s, end);
    }
    if (put) e = op->arg[1] ? ncmpi_mput_vara(s->ncid, op->nv, vids, sts, cts, bufs, counts, dts)
                            : ncmpi_mput_vara_all(s->ncid, op->nv, vids, sts, cts, bufs, counts, dts);
    else e = op->arg[1] ? ncmpi_mget_vara(s->ncid, op->nv, vids, sts, cts, bufs, counts, dts)
                        : ncmpi_mget_vara_all(s->ncid, op->nv, vids, sts, cts, bufs, counts, dts);
    char head[480];
    snprintf(head, sizeof head, "%s%s(%s)", put ? "mput_vara" : "mget_vara", op->arg[1] ? "" : "_all", call);
    log_line(s, index, head, e, NULL);
    for (int i = 0; i < op->nv; i++) {
        if (!put) {
            log_values(vals, sizeof vals, mts[i], bufs[i], g[i].n);
            snprintf(head, sizeof head, "mget_values(var=%d)", vids[i]);
            log_line(s, index, head, e, "%s", vals);
        }
        free(bufs[i]);
    }
}

/* every variable, whole, in its own type */
void exec_readall(State *s, const Op *op, int index)
{
    int nvars = 0, e = ncmpi_inq_nvars(s->ncid, &nvars);
    char call[64], vals[16384];
    log_line(s, index, "readall:inq_nvars", e, "%d", nvars);
    for (int v = 0; e == NC_NOERR && v < nvars && v < 16; v++) {
        Region g;
        nc_type t = NC_INT;
        memset(&g, 0, sizeof g);
        whole_var(s, v, &g);
        ncmpi_inq_vartype(s->ncid, v, &t);
        MPI_Offset n = prod(g.ct[0], g.nd);
        if (n > 8192) n = 0;
        int mt = mt_of_nctype(t);
        void *buf = malloc((size_t)(n + 1) * 8);
        memset(buf, 0x5A, (size_t)(n + 1) * 8);
        int e2 = op->arg[0] ? ncmpi_get_vara(s->ncid, v, g.st[0], g.ct[0], buf, n, mt_mpi(mt))
                            : ncmpi_get_vara_all(s->ncid, v, g.st[0], g.ct[0], buf, n, mt_mpi(mt));
        log_values(vals, sizeof vals, mt, buf, n);
        snprintf(call, sizeof call, "readall(var=%d)", v);
        log_line(s, index, call, e2, "%s", vals);
        free(buf);
    }
}
