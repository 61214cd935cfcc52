/*
 * layout.c: one variable's subfiling_* attributes, read through netCDF-C
 * and checked as doc/format.md says a reader must (versions 1 and 2). No
 * path or shape is built from a value that was not checked first.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncsfnc.h"

/* nvals integers of attribute name (int, int64 or integral doubles); n < 0:
 * any count, returned in *nout */
static int ints(int ncid, int varid, const char *name, long long *out, int want, int *nout, char *msg,
                size_t msglen)
{
    nc_type t;
    size_t len;
    if (nc_inq_att(ncid, varid, name, &t, &len) != NC_NOERR) {
        snprintf(msg, msglen, "attribute %s is missing", name);
        return NC_EVARMETA;
    }
    if ((want >= 0 && len != (size_t)want) || len == 0 || len > (size_t)NCSFNC_MAX_FILES * 2) {
        snprintf(msg, msglen, "attribute %s has %zu values, expected %d", name, len, want);
        return NC_EVARMETA;
    }
    if (t != NC_INT && t != NC_INT64 && t != NC_DOUBLE && t != NC_SHORT) {
        snprintf(msg, msglen, "attribute %s does not hold integers", name);
        return NC_EVARMETA;
    }
    if (t == NC_DOUBLE) {
        double *d = malloc(len * sizeof *d);
        if (!d) return NC_ENOMEM;
        int err = nc_get_att_double(ncid, varid, name, d);
        for (size_t i = 0; !err && i < len; i++) {
            if (d[i] != (double)(long long)d[i] || d[i] > 9007199254740992.0 || d[i] < -9007199254740992.0) {
                snprintf(msg, msglen, "attribute %s does not hold integers", name);
                err = NC_EVARMETA;
            }
            out[i] = (long long)d[i];
        }
        free(d);
        if (err) return err;
    } else if (nc_get_att_longlong(ncid, varid, name, out) != NC_NOERR) {
        snprintf(msg, msglen, "attribute %s cannot be read", name);
        return NC_EVARMETA;
    }
    if (nout) *nout = (int)len;
    return NC_NOERR;
}

static int one(int ncid, int varid, const char *name, int *v, char *msg, size_t msglen)
{
    long long x;
    int err = ints(ncid, varid, name, &x, 1, NULL, msg, msglen);
    if (err) return err;
    if (x < -2147483647LL || x > 2147483647LL) {
        snprintf(msg, msglen, "attribute %s=%lld is out of range", name, x);
        return NC_EVARMETA;
    }
    *v = (int)x;
    return NC_NOERR;
}

static int text(int ncid, int varid, const char *name, char **out, char *msg, size_t msglen)
{
    nc_type t;
    size_t len;
    if (nc_inq_att(ncid, varid, name, &t, &len) != NC_NOERR || t != NC_CHAR || len == 0) {
        snprintf(msg, msglen, "attribute %s is missing or not text", name);
        return NC_EVARMETA;
    }
    char *s = malloc(len + 1);
    if (!s) return NC_ENOMEM;
    if (nc_get_att_text(ncid, varid, name, s) != NC_NOERR) {
        free(s);
        snprintf(msg, msglen, "attribute %s cannot be read", name);
        return NC_EVARMETA;
    }
    s[len] = 0;
    if (strlen(s) != len) {
        free(s);
        snprintf(msg, msglen, "attribute %s holds a NUL byte", name);
        return NC_EVARMETA;
    }
    *out = s;
    return NC_NOERR;
}

int ncsfnc_plain_relative(const char *p)
{
    size_t n = strlen(p);
    if (!n || p[0] == '/' || n > 1024) return 0;
    for (const char *c = p; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f) return 0;
    const char *s = p;
    while (1) {
        const char *e = strchr(s, '/');
        size_t l = e ? (size_t)(e - s) : strlen(s);
        if (l == 0 || (l == 1 && s[0] == '.') || (l == 2 && s[0] == '.' && s[1] == '.')) return 0;
        if (!e) return 1;
        s = e + 1;
    }
}

/* count the '\n'-separated fields of s, none empty; -1 if one is empty */
static int fields(char *s, char **ptrs, int max)
{
    int n = 0;
    char *p = s;
    while (1) {
        char *e = strchr(p, '\n');
        if (e) *e = 0;
        if (!*p || n >= max) return -1;
        if (ptrs) ptrs[n] = p;
        n++;
        if (!e) return n;
        if (!ptrs) *e = '\n';
        p = e + 1;
    }
}

static int parse_grid(int ncid, int varid, ncsfnc_layout *l, char *msg, size_t msglen)
{
    long long v[NCSFNC_MAX_DIMS];
    int err, n;
    if ((err = one(ncid, varid, "subfiling_gndims", &l->ndims, msg, msglen))) return err;
    if (l->ndims < 1 || l->ndims > NCSFNC_MAX_DIMS) {
        snprintf(msg, msglen, "subfiling_gndims=%d is out of range", l->ndims);
        return NC_EVARMETA;
    }
    if ((err = ints(ncid, varid, "subfiling_gsize", l->gsize, l->ndims, NULL, msg, msglen))) return err;
    l->record = l->gsize[0] == 0;
    for (int d = l->record; d < l->ndims; d++)
        if (l->gsize[d] < 1) {
            snprintf(msg, msglen, "subfiling_gsize[%d]=%lld is not a length", d, l->gsize[d]);
            return NC_EVARMETA;
        }
    if ((err = one(ncid, varid, "subfiling_nfiles", &l->nfiles, msg, msglen))) return err;
    if (l->nfiles < 1 || l->nfiles > NCSFNC_MAX_FILES) {
        snprintf(msg, msglen, "subfiling_nfiles=%d is out of range", l->nfiles);
        return NC_EVARMETA;
    }
    nc_type t;
    size_t len;
    if (nc_inq_att(ncid, varid, "subfiling_porder", &t, &len) != NC_NOERR || len < 1 || len > NCSFNC_MAX_PDIMS) {
        snprintf(msg, msglen, "subfiling_porder is missing or has 0 or more than %d values", NCSFNC_MAX_PDIMS);
        return NC_EVARMETA;
    }
    if ((err = ints(ncid, varid, "subfiling_porder", v, (int)len, &n, msg, msglen))) return err;
    l->npart = n;
    long long g[NCSFNC_MAX_PDIMS], prod = 1;
    if ((err = ints(ncid, varid, "subfiling_pgrid", g, n, NULL, msg, msglen))) return err;
    for (int p = 0; p < n; p++) {
        if (v[p] < l->record || v[p] >= l->ndims || (p && v[p] <= v[p - 1])) {
            snprintf(msg, msglen, "subfiling_porder[%d]=%lld is not a dimension it can be split along", p, v[p]);
            return NC_EVARMETA;
        }
        if (g[p] < 1 || g[p] > l->gsize[v[p]]) {
            snprintf(msg, msglen, "subfiling_pgrid[%d]=%lld does not fit extent %lld", p, g[p], l->gsize[v[p]]);
            return NC_EVARMETA;
        }
        l->pdims[p] = (int)v[p];
        l->pgrid[p] = (int)g[p];
        prod *= g[p];
        if (prod > NCSFNC_MAX_FILES) break;
    }
    if (prod != l->nfiles) {
        snprintf(msg, msglen, "subfiling_pgrid multiplies to %lld, not subfiling_nfiles=%d", prod, l->nfiles);
        return NC_EVARMETA;
    }
    if ((err = one(ncid, varid, "subfiling_index", &l->index, msg, msglen))) return err;
    if (l->index < -1 || l->index >= l->nfiles) {
        snprintf(msg, msglen, "subfiling_index=%d is out of range", l->index);
        return NC_EVARMETA;
    }
    if ((err = text(ncid, varid, "subfiling_dimnames", &l->dimnames, msg, msglen))) return err;
    if (fields(l->dimnames, NULL, NCSFNC_MAX_DIMS) != l->ndims) {
        snprintf(msg, msglen, "subfiling_dimnames does not hold %d names", l->ndims);
        return NC_EVARMETA;
    }
    return NC_NOERR;
}

static int check_bounds(ncsfnc_layout *l, char *msg, size_t msglen)
{
    for (int p = 0; p < l->npart; p++) {
        const long long *b = l->bounds[p];
        int ok = b[0] == 0 && b[l->pgrid[p]] == l->gsize[l->pdims[p]];
        for (int c = 0; ok && c < l->pgrid[p]; c++) ok = b[c + 1] > b[c];
        if (!ok) {
            snprintf(msg, msglen, "blocks along dimension %d overlap, leave gaps or do not increase from 0 to %lld",
                     l->pdims[p], l->gsize[l->pdims[p]]);
            return NC_EVARMETA;
        }
    }
    return NC_NOERR;
}

static int parse_v2(int ncid, int varid, ncsfnc_layout *l, char *msg, size_t msglen)
{
    int err = text(ncid, varid, "subfiling_stem", &l->stem, msg, msglen);
    if (err) return err;
    if (!ncsfnc_plain_relative(l->stem)) {
        snprintf(msg, msglen, "subfile stem \"%s\" is not a relative path of plain names", l->stem);
        return NC_EVARMETA;
    }
    int total = 0;
    for (int p = 0; p < l->npart; p++) total += l->pgrid[p] + 1;
    long long *flat = malloc((size_t)total * sizeof *flat);
    if (!flat) return NC_ENOMEM;
    nc_type t;
    size_t len;
    int recorded = nc_inq_att(ncid, varid, "subfiling_bounds", &t, &len) == NC_NOERR;
    if (recorded && (err = ints(ncid, varid, "subfiling_bounds", flat, total, NULL, msg, msglen))) {
        free(flat);
        return err;
    }
    for (int p = 0, at = 0; p < l->npart; at += l->pgrid[p] + 1, p++) {
        l->bounds[p] = flat + at;
        if (recorded) continue;
        long long e = l->gsize[l->pdims[p]], g = l->pgrid[p], q = e / g, r = e % g;
        for (long long c = 0; c <= g; c++) l->bounds[p][c] = c * q + (c < r ? c : r);
    }
    if ((err = check_bounds(l, msg, msglen))) return err;
    if (l->index >= 0) {
        long long st[NCSFNC_MAX_DIMS], ct[NCSFNC_MAX_DIMS], bs[NCSFNC_MAX_DIMS], bc[NCSFNC_MAX_DIMS];
        if ((err = ints(ncid, varid, "subfiling_block_start", st, l->ndims, NULL, msg, msglen)) ||
            (err = ints(ncid, varid, "subfiling_block_count", ct, l->ndims, NULL, msg, msglen)))
            return err;
        ncsfnc_layout_block(l, l->index, bs, bc);
        if (memcmp(st, bs, (size_t)l->ndims * sizeof *st) || memcmp(ct, bc, (size_t)l->ndims * sizeof *ct)) {
            snprintf(msg, msglen, "subfiling_block_start/count are not block %d of the grid", l->index);
            return NC_EVARMETA;
        }
    }
    return NC_NOERR;
}

/* version 1: the recorded blocks, checked to form the grid */
static int parse_v1(int ncid, int varid, ncsfnc_layout *l, char *msg, size_t msglen)
{
    int n = l->nfiles, nd = l->ndims, err;
    if ((err = text(ncid, varid, "subfiling_names", &l->names, msg, msglen))) return err;
    if (!(l->name = malloc((size_t)n * sizeof *l->name))) return NC_ENOMEM;
    if (fields(l->names, l->name, n) != n) {
        snprintf(msg, msglen, "subfiling_names does not hold %d names", n);
        return NC_EVARMETA;
    }
    for (int k = 0; k < n; k++)
        if (!ncsfnc_plain_relative(l->name[k])) {
            snprintf(msg, msglen, "subfile name \"%s\" is not a relative path of plain names", l->name[k]);
            return NC_EVARMETA;
        }
    long long *st = malloc(2 * (size_t)n * nd * sizeof *st), *ct = st ? st + (size_t)n * nd : NULL;
    int total = 0;
    for (int p = 0; p < l->npart; p++) total += l->pgrid[p] + 1;
    long long *flat = malloc((size_t)total * sizeof *flat);
    if (!st || !flat) {
        free(st);
        free(flat);
        return NC_ENOMEM;
    }
    for (int p = 0, at = 0; p < l->npart; at += l->pgrid[p] + 1, p++) l->bounds[p] = flat + at;
    if ((err = ints(ncid, varid, "subfiling_starts", st, n * nd, NULL, msg, msglen)) ||
        (err = ints(ncid, varid, "subfiling_counts", ct, n * nd, NULL, msg, msglen))) {
        free(st);
        return err;
    }
    /* each column's range, from the first block in it; then every block
     * must be exactly its grid cell, and the columns must tile the extent */
    for (int p = 0; p < l->npart; p++)
        for (int c = 0; c <= l->pgrid[p]; c++) l->bounds[p][c] = -1;
    for (int k = 0; k < n && !err; k++) {
        int rest = k;
        for (int p = l->npart - 1; p >= 0; p--) {
            int c = rest % l->pgrid[p], d = l->pdims[p];
            rest /= l->pgrid[p];
            long long s = st[(size_t)k * nd + d], e = s + ct[(size_t)k * nd + d];
            if (s < 0 || e <= s || e > l->gsize[d]) err = NC_EVARMETA;
            else if (c + 1 == l->pgrid[p]) l->bounds[p][c] = s, l->bounds[p][c + 1] = e;
            else l->bounds[p][c] = s;
        }
    }
    if (err) {
        free(st);
        snprintf(msg, msglen, "a recorded block lies outside the array");
        return err;
    }
    err = check_bounds(l, msg, msglen);
    for (int k = 0; k < n && !err; k++) {
        long long bs[NCSFNC_MAX_DIMS], bc[NCSFNC_MAX_DIMS];
        ncsfnc_layout_block(l, k, bs, bc);
        if (memcmp(bs, st + (size_t)k * nd, (size_t)nd * sizeof *bs) ||
            memcmp(bc, ct + (size_t)k * nd, (size_t)nd * sizeof *bc)) {
            snprintf(msg, msglen, "subfile %d does not line up with the block grid", k);
            err = NC_EVARMETA;
        }
    }
    free(st);
    return err;
}

int ncsfnc_layout_read(int ncid, int varid, int version, ncsfnc_layout *lay, char *msg, size_t msglen)
{
    memset(lay, 0, sizeof *lay);
    lay->version = version;
    if (version != 1 && version != 2) {
        snprintf(msg, msglen, "subfiling format version %d is not 1 or 2", version);
        return NC_EVARMETA;
    }
    int err = parse_grid(ncid, varid, lay, msg, msglen);
    if (!err) err = version == 2 ? parse_v2(ncid, varid, lay, msg, msglen) : parse_v1(ncid, varid, lay, msg, msglen);
    if (err) ncsfnc_layout_free(lay);
    return err;
}

void ncsfnc_layout_free(ncsfnc_layout *lay)
{
    free(lay->bounds[0]);
    free(lay->dimnames);
    free(lay->stem);
    free(lay->names);
    free(lay->name);
    memset(lay, 0, sizeof *lay);
}

void ncsfnc_layout_block(const ncsfnc_layout *l, int k, long long *start, long long *count)
{
    for (int d = 0; d < l->ndims; d++) {
        start[d] = 0;
        count[d] = l->gsize[d];
    }
    for (int p = l->npart - 1; p >= 0; p--) {
        int c = k % l->pgrid[p], d = l->pdims[p];
        k /= l->pgrid[p];
        start[d] = l->bounds[p][c];
        count[d] = l->bounds[p][c + 1] - l->bounds[p][c];
    }
}

int ncsfnc_layout_same(const ncsfnc_layout *a, const ncsfnc_layout *b)
{
    if (a->ndims != b->ndims || a->nfiles != b->nfiles || a->npart != b->npart ||
        memcmp(a->gsize, b->gsize, (size_t)a->ndims * sizeof *a->gsize) ||
        memcmp(a->pdims, b->pdims, (size_t)a->npart * sizeof *a->pdims) ||
        memcmp(a->pgrid, b->pgrid, (size_t)a->npart * sizeof *a->pgrid) || strcmp(a->dimnames, b->dimnames))
        return 0;
    for (int p = 0; p < a->npart; p++)
        if (memcmp(a->bounds[p], b->bounds[p], (size_t)(a->pgrid[p] + 1) * sizeof(long long))) return 0;
    if (a->version == 2) return !strcmp(a->stem, b->stem);
    return !strcmp(a->names, b->names);
}

int ncsfnc_layout_name(const ncsfnc_layout *l, int k, char *buf, size_t len)
{
    int n = l->version == 2 ? snprintf(buf, len, "%s.%d", l->stem, k) : snprintf(buf, len, "%s", l->name[k]);
    return n < 0 || (size_t)n >= len ? NC_EVARMETA : NC_NOERR;
}
