/*
 * read.c: reading a hyperslab (start, count, stride, and a memory map) of a
 * variable. A variable of the base file is read there; a subfiled one block
 * by block: for each block of its grid the selection meets, the part inside
 * it is read from that subfile (netCDF-C converting to the memory type)
 * into a buffer, then placed at its positions in the caller's memory.
 */
#include <stdlib.h>
#include <string.h>
#include "ncsfnc.h"

size_t ncsfnc_type_size(nc_type t)
{
    switch (t) {
    case NC_BYTE: case NC_CHAR: case NC_UBYTE: return 1;
    case NC_SHORT: case NC_USHORT: return 2;
    case NC_INT: case NC_UINT: case NC_FLOAT: return 4;
    case NC_INT64: case NC_UINT64: case NC_DOUBLE: return 8;
    default: return 0;
    }
}

#define GET(T, SFX)                                                                   \
    case T:                                                                           \
        return map ? nc_get_varm_##SFX(ncid, varid, st, ct, sd, map, buf)             \
               : sd ? nc_get_vars_##SFX(ncid, varid, st, ct, sd, buf)                 \
                    : nc_get_vara_##SFX(ncid, varid, st, ct, buf);

/* netCDF-C's typed reads by memory type: vara, vars (sd) or varm (map) */
int ncsfnc_typed_get(int ncid, int varid, const size_t *st, const size_t *ct, const ptrdiff_t *sd,
                     const ptrdiff_t *map, void *buf, nc_type mt)
{
    switch (mt) {
    GET(NC_BYTE, schar)
    GET(NC_CHAR, text)
    GET(NC_SHORT, short)
    GET(NC_INT, int)
    GET(NC_FLOAT, float)
    GET(NC_DOUBLE, double)
    GET(NC_UBYTE, uchar)
    GET(NC_USHORT, ushort)
    GET(NC_UINT, uint)
    GET(NC_INT64, longlong)
    GET(NC_UINT64, ulonglong)
    default: return NC_EBADTYPE;
    }
}

/* along one partitioned dimension: the blocks the selection meets, and
 * for each the first selected index i0 and how many (n) lie in it */
typedef struct {
    int c;
    size_t i0, n;
} piece;

static size_t ceil_div(long long a, long long b) { return a <= 0 ? 0 : (size_t)((a + b - 1) / b); }

static int pieces(const long long *bounds, int g, size_t start, size_t count, ptrdiff_t stride, piece *out)
{
    int np = 0;
    for (int c = 0; c < g; c++) {
        size_t i0 = ceil_div(bounds[c] - (long long)start, stride);
        size_t i1 = ceil_div(bounds[c + 1] - (long long)start, stride);
        if (i1 > count) i1 = count;
        if (i0 < i1) out[np++] = (piece){c, i0, i1 - i0};
    }
    return np;
}

/* copy the buffer of one block (C order over n[]) to its places: element
 * (j) goes to out + sum((i0[d] + j[d]) * imap[d]) elements */
static void place(const char *buf, char *out, int nd, const size_t *i0, const size_t *n, const ptrdiff_t *imap,
                  size_t es)
{
    size_t j[NCSFNC_MAX_DIMS] = {0}, row = n[nd - 1];
    for (;;) {
        ptrdiff_t at = 0;
        for (int d = 0; d < nd - 1; d++) at += (ptrdiff_t)(i0[d] + j[d]) * imap[d];
        at += (ptrdiff_t)i0[nd - 1] * imap[nd - 1];
        if (imap[nd - 1] == 1) {
            memcpy(out + at * (ptrdiff_t)es, buf, row * es);
        } else {
            for (size_t i = 0; i < row; i++)
                memcpy(out + (at + (ptrdiff_t)i * imap[nd - 1]) * (ptrdiff_t)es, buf + i * es, es);
        }
        buf += row * es;
        int d = nd - 2;
        while (d >= 0 && ++j[d] == n[d]) j[d--] = 0;
        if (d < 0) return;
    }
}

typedef struct {
    ncsfnc_file *f;
    ncsfnc_var *v;
    const size_t *start, *count;
    const ptrdiff_t *stride, *imap;
    char *out;
    nc_type mt;
    size_t es;
    int strided;
    char *buf;
} request;

/* one block: its part of the selection read and placed */
static int read_block(request *r, int k, const size_t *i0, const size_t *n)
{
    ncsfnc_var *v = r->v;
    long long bs[NCSFNC_MAX_DIMS], bc[NCSFNC_MAX_DIMS];
    size_t lst[NCSFNC_MAX_DIMS];
    int id, vid, err = ncsfnc_subfile(r->f, v, k, &id, &vid);
    if (err) return err;
    ncsfnc_layout_block(&v->lay, k, bs, bc);
    for (int d = 0; d < v->ndims; d++) lst[d] = r->start[d] + i0[d] * (size_t)r->stride[d] - (size_t)bs[d];
    err = ncsfnc_typed_get(id, vid, lst, n, r->strided ? r->stride : NULL, NULL, r->buf, r->mt);
    if (err && err != NC_ERANGE) return err;
    place(r->buf, r->out, v->ndims, i0, n, r->imap, r->es);
    return err;
}

static int read_subfiled(request *r)
{
    ncsfnc_layout *l = &r->v->lay;
    int nd = r->v->ndims, np[NCSFNC_MAX_PDIMS], at[NCSFNC_MAX_PDIMS] = {0}, result = NC_NOERR;
    piece *pc[NCSFNC_MAX_PDIMS] = {0};
    size_t maxn[NCSFNC_MAX_DIMS], most = r->es;
    for (int d = 0; d < nd; d++) maxn[d] = r->count[d];
    for (int p = 0; p < l->npart; p++) {
        int d = l->pdims[p];
        if (!(pc[p] = malloc((size_t)l->pgrid[p] * sizeof *pc[p]))) result = NC_ENOMEM;
        else np[p] = pieces(l->bounds[p], l->pgrid[p], r->start[d], r->count[d], r->stride[d], pc[p]);
        maxn[d] = 0;
        for (int i = 0; !result && i < np[p]; i++)
            if (pc[p][i].n > maxn[d]) maxn[d] = pc[p][i].n;
    }
    for (int d = 0; d < nd; d++) most *= maxn[d];
    if (!result && !(r->buf = malloc(most ? most : 1))) result = NC_ENOMEM;
    while (!result || result == NC_ERANGE) { /* every combination of pieces */
        size_t i0[NCSFNC_MAX_DIMS], n[NCSFNC_MAX_DIMS];
        int k = 0;
        for (int d = 0; d < nd; d++) i0[d] = 0, n[d] = r->count[d];
        for (int p = 0; p < l->npart; p++) {
            piece *q = &pc[p][at[p]];
            k = k * l->pgrid[p] + q->c;
            i0[l->pdims[p]] = q->i0;
            n[l->pdims[p]] = q->n;
        }
        int err = read_block(r, k, i0, n);
        if (err) result = err;
        int p = l->npart - 1;
        while (p >= 0 && ++at[p] == np[p]) at[p--] = 0;
        if (p < 0) break;
    }
    for (int p = 0; p < l->npart; p++) free(pc[p]);
    free(r->buf);
    return result;
}

/* the checks netCDF-C's classic layer makes, on the global shape */
static int check_bounds(ncsfnc_file *f, ncsfnc_var *v, const size_t *start, const size_t *count,
                        const ptrdiff_t *stride, int *empty)
{
    *empty = 0;
    for (int d = 0; d < v->ndims; d++) {
        size_t len = d == 0 && v->lay.record ? f->numrecs : (size_t)v->lay.gsize[d];
        if (stride[d] < 1) return NC_ESTRIDE;
        if (start[d] > len) return NC_EINVALCOORDS;
        if (count[d] == 0) {
            *empty = 1;
            continue;
        }
        if (start[d] == len || start[d] + (count[d] - 1) * (size_t)stride[d] >= len) return NC_EEDGE;
    }
    return NC_NOERR;
}

int ncsfnc_get(int ncid, int varid, const size_t *start, const size_t *count, const ptrdiff_t *stride,
               const ptrdiff_t *imap, void *value, nc_type memtype)
{
    ncsfnc_file *f = ncsfnc_find(ncid);
    if (!f) return NC_EBADID;
    if (varid < 0 || varid >= f->nvars) return NC_ENOTVAR;
    ncsfnc_var *v = &f->vars[varid];
    if (memtype == NC_NAT) memtype = v->xtype;
    if ((memtype == NC_CHAR) != (v->xtype == NC_CHAR)) return NC_ECHAR;
    if (!v->subfiled) return ncsfnc_typed_get(f->base, varid, start, count, stride, imap, value, memtype);
    ptrdiff_t one[NCSFNC_MAX_DIMS], map[NCSFNC_MAX_DIMS];
    int nd = v->ndims, strided = 0, empty, err;
    for (int d = 0; d < nd; d++) {
        one[d] = stride ? stride[d] : 1;
        if (one[d] != 1) strided = 1;
    }
    if ((err = check_bounds(f, v, start, count, one, &empty)) || empty) return err;
    for (int d = nd - 1; d >= 0; d--) map[d] = imap ? imap[d] : d == nd - 1 ? 1 : map[d + 1] * (ptrdiff_t)count[d + 1];
    request r = {f, v, start, count, one, map, value, memtype, ncsfnc_type_size(memtype), strided, NULL};
    if (!r.es) return NC_EBADTYPE;
    return read_subfiled(&r);
}
