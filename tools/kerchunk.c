/*
 * kerchunk.c: ncsf-info --kerchunk: Zarr references to a subfiled dataset
 * in kerchunk's JSON format (version 1), the same as the Python package's
 * ncsf.kerchunk writes (doc/reading.md): every chunk of every variable as
 * [file relative to the reference file's directory, offset, length].
 * Chunks along a partitioned dimension are the greatest common divisor of
 * its block boundaries and extent; one per record for record variables;
 * dimensions before the last one whose chunks are shorter than its blocks
 * get length 1, so that every chunk is one contiguous range of one file.
 */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kerchunk.h"

/* ---- a growing string ------------------------------------------------- */
typedef struct { char *s; size_t n, cap; int oom; } sbuf;

static void sb_add(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_add(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || b->oom) return;
    if (b->n + (size_t)n + 1 > b->cap) {
        size_t cap = (b->cap ? b->cap * 2 : 256) + (size_t)n;
        char *s = realloc(b->s, cap);
        if (!s) { b->oom = 1; return; }
        b->s = s;
        b->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
    va_end(ap);
    b->n += (size_t)n;
}

/* len bytes of s as a JSON string */
static void sb_str(sbuf *b, const char *s, size_t len)
{
    sb_add(b, "\"");
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') sb_add(b, "\\%c", c);
        else if (c < 0x20 || c == 0x7f) sb_add(b, "\\u%04x", c);
        else sb_add(b, "%c", c);
    }
    sb_add(b, "\"");
}

static void sb_double(sbuf *b, double x)
{
    if (isnan(x)) sb_add(b, "\"NaN\"");
    else if (isinf(x)) sb_add(b, x > 0 ? "\"Infinity\"" : "\"-Infinity\"");
    else if (x == floor(x) && fabs(x) < 1e16) sb_add(b, "%.1f", x);
    else sb_add(b, "%.17g", x);
}

static int type_size(nc_type t)
{
    switch (t) {
    case NC_BYTE: case NC_CHAR: case NC_UBYTE: return 1;
    case NC_SHORT: case NC_USHORT: return 2;
    case NC_INT: case NC_UINT: case NC_FLOAT: return 4;
    default: return 8;
    }
}

static const char *zarr_dtype(nc_type t)
{
    switch (t) {
    case NC_BYTE: return "|i1";
    case NC_CHAR: return "|S1";
    case NC_UBYTE: return "|u1";
    case NC_SHORT: return ">i2";
    case NC_USHORT: return ">u2";
    case NC_INT: return ">i4";
    case NC_UINT: return ">u4";
    case NC_FLOAT: return ">f4";
    case NC_DOUBLE: return ">f8";
    case NC_INT64: return ">i8";
    default: return ">u8";
    }
}

/* value i of an attribute read into a buffer of its type */
static void sb_value(sbuf *b, nc_type t, const void *v, size_t i)
{
    switch (t) {
    case NC_BYTE: sb_add(b, "%d", ((const signed char *)v)[i]); break;
    case NC_UBYTE: sb_add(b, "%u", ((const unsigned char *)v)[i]); break;
    case NC_SHORT: sb_add(b, "%d", ((const short *)v)[i]); break;
    case NC_USHORT: sb_add(b, "%u", ((const unsigned short *)v)[i]); break;
    case NC_INT: sb_add(b, "%d", ((const int *)v)[i]); break;
    case NC_UINT: sb_add(b, "%u", ((const unsigned *)v)[i]); break;
    case NC_FLOAT: sb_double(b, ((const float *)v)[i]); break;
    case NC_DOUBLE: sb_double(b, ((const double *)v)[i]); break;
    case NC_INT64: sb_add(b, "%lld", ((const long long *)v)[i]); break;
    default: sb_add(b, "%llu", ((const unsigned long long *)v)[i]); break;
    }
}

/* "name": value, of one attribute (a list when it has several values) */
static int sb_att(sbuf *b, int ncid, int varid, const char *name)
{
    nc_type t;
    MPI_Offset len;
    int err = ncmpi_inq_att(ncid, varid, name, &t, &len);
    if (err) return err;
    void *v = malloc((size_t)(len ? len : 1) * 8);
    if (!v) return NC_ENOMEM;
    if ((err = ncmpi_get_att(ncid, varid, name, v))) { free(v); return err; }
    sb_str(b, name, strlen(name));
    sb_add(b, ": ");
    if (t == NC_CHAR) {
        sb_str(b, v, (size_t)len);
    } else {
        if (len != 1) sb_add(b, "[");
        for (MPI_Offset i = 0; i < len; i++) {
            if (i) sb_add(b, ", ");
            sb_value(b, t, v, (size_t)i);
        }
        if (len != 1) sb_add(b, "]");
    }
    free(v);
    return NC_NOERR;
}

/* the attributes of varid but subfiling_* (and _FillValue for a variable) */
static int sb_atts(sbuf *b, int ncid, int varid, int *first)
{
    int natts, err = varid == NC_GLOBAL ? ncmpi_inq_natts(ncid, &natts) : ncmpi_inq_varnatts(ncid, varid, &natts);
    for (int a = 0; !err && a < natts; a++) {
        char name[NC_MAX_NAME + 1];
        if ((err = ncmpi_inq_attname(ncid, varid, a, name))) break;
        if (!strncmp(name, "subfiling_", 10) || (varid != NC_GLOBAL && !strcmp(name, "_FillValue"))) continue;
        if (!*first) sb_add(b, ", ");
        *first = 0;
        err = sb_att(b, ncid, varid, name);
    }
    return err;
}

/* ---- paths ------------------------------------------------------------ */

/* path (a file) relative to the directory refdir (absolute, resolved) */
static int relative(const char *path, const char *refdir, char *out, size_t len)
{
    char dir[PATH_MAX], abs[PATH_MAX];
    const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path + 1) : 1, slash ? path : ".");
    if (!realpath(dir, abs)) return NC_ENOENT;
    size_t common = 0, i = 0;
    while (abs[i] && abs[i] == refdir[i]) {
        i++;
        if ((abs[i] == '/' || !abs[i]) && (refdir[i] == '/' || !refdir[i])) common = i;
    }
    if (!strcmp(refdir, "/")) common = 0;
    out[0] = 0;
    size_t n = 0;
    for (const char *r = refdir + common; *r; r++)
        if (*r == '/') n += (size_t)snprintf(out + n, len > n ? len - n : 0, "../");
    const char *rest = abs + common + (abs[common] == '/');
    n += (size_t)snprintf(out + n, len > n ? len - n : 0, "%s%s%s", rest, *rest ? "/" : "", base);
    return n < len ? NC_NOERR : NC_EINVAL;
}

/*
 * The file name of chunk number ordinal (C order) of a variable of 2^width
 * chunks at most: rel behind "." and width tokens, "/." for a 0 bit and "//"
 * for a 1 bit, most significant first, then "/". Every token is a no-op in a
 * POSIX path ("./" or an empty component), and "/." sorts before "//", so the
 * names of a variable's chunks sort in chunk order whatever the files are
 * called. fsspec's ReferenceFileSystem.cat before 2023.3.0 sorts the ranges
 * of a multi-chunk read by name and hands them back in request order (which
 * is chunk order): with these names the two orders are the same, and no two
 * chunks share a name, so it merges none (doc/reading.md).
 */
static void url_order(char *url, size_t len, long long ordinal, int width, const char *rel)
{
    size_t n = (size_t)snprintf(url, len, ".");
    for (int b = width - 1; b >= 0 && n < len; b--)
        n += (size_t)snprintf(url + n, len - n, "%s", (ordinal >> b) & 1 ? "//" : "/.");
    if (n < len) snprintf(url + n, len - n, "/%s", rel);
}

/* ---- one variable ------------------------------------------------------ */
typedef struct {
    ncsf_inspect *in;
    int ncid;
    const char *refdir;
    sbuf *out;
    long long nrefs;
    char *msg;
    size_t msglen;
} kctx;

/* where block k's data begins in its file, and the file's record size */
static int file_offsets(kctx *c, const char *path, const char *name, MPI_Offset *begin, MPI_Offset *recsize)
{
    int id, vid, err = ncmpi_open(MPI_COMM_SELF, path, NC_NOWRITE, MPI_INFO_NULL, &id);
    if (err) return err;
    err = ncmpi_inq_varid(id, name, &vid);
    if (!err) err = ncmpi_inq_varoffset(id, vid, begin);
    if (!err) err = ncmpi_inq_recsize(id, recsize);
    ncmpi_close(id);
    if (err) snprintf(c->msg, c->msglen, "%s: no data offset for %s: %s", path, name, ncmpi_strerror(err));
    return err;
}

static void chunk_shape(const ncsf_inspect_layout *lay, int nd, const MPI_Offset *shape, int record, MPI_Offset *chunks)
{
    int full[NCSF_INSPECT_MAX_DIMS], last = -1;
    for (int d = 0; d < nd; d++) {
        int p = -1;
        for (int q = 0; lay && q < lay->npart; q++)
            if (lay->pdims[q] == d) p = q;
        full[d] = 1;
        if (d == 0 && record) {
            chunks[d] = 1;
        } else if (p >= 0) {
            MPI_Offset g = 0;
            for (int c = 1; c <= lay->pgrid[p]; c++) {
                MPI_Offset a = g, x = lay->bounds[p][c];
                while (x) { MPI_Offset t = a % x; a = x; x = t; }
                g = a;
            }
            chunks[d] = g;
            for (int c = 0; c < lay->pgrid[p]; c++)
                if (lay->bounds[p][c + 1] - lay->bounds[p][c] != g) full[d] = 0;
        } else {
            chunks[d] = shape[d] > 0 ? shape[d] : 1;
        }
        if (!full[d]) last = d;
    }
    for (int d = 0; d < last; d++) chunks[d] = 1;
}

/* the references of every chunk of a variable (lay NULL: in the base file) */
static int var_refs(kctx *c, const char *name, ncsf_inspect_var *v, int nd, const MPI_Offset *shape,
                    const MPI_Offset *chunks, int record, int es)
{
    const ncsf_inspect_layout *lay = v ? ncsf_inspect_var_layout(v) : NULL;
    int nfiles = lay ? lay->nfiles : 1, err = NC_NOERR;
    MPI_Offset *begin = malloc(2 * (size_t)nfiles * sizeof *begin), *recsize = begin ? begin + nfiles : NULL;
    char (*rel)[PATH_MAX] = malloc((size_t)nfiles * PATH_MAX);
    if (!begin || !rel) { free(begin); free(rel); return NC_ENOMEM; }
    for (int k = 0; k < nfiles && !err; k++) {
        char buf[NCSF_INSPECT_PATH_MAX];
        const char *path = lay ? ncsf_inspect_subfile_path(v, k, buf, sizeof buf) : ncsf_inspect_path(c->in);
        MPI_Offset seen[4] = {0, 0, 0, 0};
        if (lay && (err = ncsf_inspect_check_subfile(c->in, v, k, seen))) {
            snprintf(c->msg, c->msglen, "%s", ncsf_inspect_errmsg(c->in));
            break;
        }
        if (!(err = file_offsets(c, path, name, &begin[k], &recsize[k])) &&
            (err = relative(path, c->refdir, rel[k], PATH_MAX)))
            snprintf(c->msg, c->msglen, "%s: cannot make its path relative to %s", path, c->refdir);
    }
    MPI_Offset n[NCSF_INSPECT_MAX_DIMS], idx[NCSF_INSPECT_MAX_DIMS] = {0}, len = es;
    long long total = 1, ordinal = 0;
    int any = 1, width = 0;
    for (int d = 0; d < nd; d++) {
        n[d] = (shape[d] + chunks[d] - 1) / chunks[d];
        len *= chunks[d];
        total *= n[d];
        if (!n[d]) any = 0;
    }
    while (width < 62 && (1LL << width) < total) width++;
    while (!err && any) {
        MPI_Offset st[NCSF_INSPECT_MAX_DIMS], bs[NCSF_INSPECT_MAX_DIMS] = {0}, bc[NCSF_INSPECT_MAX_DIMS];
        int k = 0;
        for (int d = 0; d < nd; d++) st[d] = idx[d] * chunks[d], bc[d] = shape[d];
        for (int p = 0; lay && p < lay->npart; p++) {
            int col = 0;
            while (lay->bounds[p][col + 1] <= st[lay->pdims[p]]) col++;
            k = k * lay->pgrid[p] + col;
        }
        if (lay) ncsf_inspect_block(v, k, bs, bc);
        MPI_Offset off = begin[k] + (record ? st[0] * recsize[k] : 0), stride = es;
        for (int d = nd - 1; d >= record; d--) {
            off += (st[d] - bs[d]) * stride;
            stride *= bc[d];
        }
        sb_add(c->out, ",\n\"%s/", name);
        for (int d = 0; d < nd; d++) sb_add(c->out, d ? ".%lld" : "%lld", (long long)idx[d]);
        if (!nd) sb_add(c->out, "0");
        sb_add(c->out, "\": ");
        char url[PATH_MAX + 128];
        url_order(url, sizeof url, ordinal++, width, rel[k]);
        sb_add(c->out, "[");
        sb_str(c->out, url, strlen(url));
        sb_add(c->out, ", %lld, %lld]", (long long)off, (long long)len);
        c->nrefs++;
        int d = nd - 1;
        while (d >= 0 && ++idx[d] == n[d]) idx[d--] = 0;
        if (d < 0) break;
    }
    free(begin);
    free(rel);
    return err;
}

static int one_var(kctx *c, int varid)
{
    char name[NC_MAX_NAME + 1], dn[NC_MAX_NAME + 1];
    nc_type t;
    int nd, dimids[NCSF_INSPECT_MAX_DIMS], unlim = -1, on = 0, err;
    ncsf_inspect_var *v = NULL;
    MPI_Offset shape[NCSF_INSPECT_MAX_DIMS], chunks[NCSF_INSPECT_MAX_DIMS];
    if ((err = ncmpi_inq_varndims(c->ncid, varid, &nd))) return err;
    if (nd > NCSF_INSPECT_MAX_DIMS) {
        snprintf(c->msg, c->msglen, "variable %d has more than %d dimensions", varid, NCSF_INSPECT_MAX_DIMS);
        return NC_EMAXDIMS;
    }
    if ((err = ncmpi_inq_var(c->ncid, varid, name, &t, &nd, dimids, NULL))) return err;
    ncmpi_inq_unlimdim(c->ncid, &unlim);
    if (ncmpi_get_att_int(c->ncid, varid, "subfiling_enabled", &on) == NC_NOERR && on == 1) {
        if ((err = ncsf_inspect_var_open(c->in, varid, &v))) {
            snprintf(c->msg, c->msglen, "%s", ncsf_inspect_errmsg(c->in));
            return err;
        }
        nd = ncsf_inspect_var_layout(v)->ndims;
        memcpy(dimids, ncsf_inspect_var_layout(v)->dimids, sizeof(int) * (size_t)nd);
    }
    int record = nd > 0 && dimids[0] == unlim;
    sbuf a = {0};
    sb_add(&a, "{\"_ARRAY_DIMENSIONS\": [");
    for (int d = 0; d < nd && !err; d++) {
        err = ncmpi_inq_dimname(c->ncid, dimids[d], dn);
        if (!err) err = ncmpi_inq_dimlen(c->ncid, dimids[d], &shape[d]);
        MPI_Offset numrecs = ncsf_inspect_numrecs(c->in);
        if (d == 0 && record) shape[0] = numrecs > shape[0] ? numrecs : shape[0];
        sb_add(&a, d ? ", " : "");
        sb_str(&a, dn, strlen(dn));
    }
    sb_add(&a, "]");
    int first = 0;
    if (!err) err = sb_atts(&a, c->ncid, varid, &first);
    sb_add(&a, "}");
    chunk_shape(v ? ncsf_inspect_var_layout(v) : NULL, nd, shape, record, chunks);
    sbuf z = {0};
    sb_add(&z, "{\"chunks\": [");
    for (int d = 0; d < nd; d++) sb_add(&z, d ? ", %lld" : "%lld", (long long)chunks[d]);
    sb_add(&z, "], \"compressor\": null, \"dtype\": \"%s\", \"fill_value\": ", zarr_dtype(t));
    nc_type ft;
    MPI_Offset fl;
    double fill[1];
    if (t != NC_CHAR && ncmpi_inq_att(c->ncid, varid, "_FillValue", &ft, &fl) == NC_NOERR && ft == t && fl == 1 &&
        ncmpi_get_att(c->ncid, varid, "_FillValue", fill) == NC_NOERR)
        sb_value(&z, t, fill, 0);
    else
        sb_add(&z, "null");
    sb_add(&z, ", \"filters\": null, \"order\": \"C\", \"shape\": [");
    for (int d = 0; d < nd; d++) sb_add(&z, d ? ", %lld" : "%lld", (long long)shape[d]);
    sb_add(&z, "], \"zarr_format\": 2}");
    if (!err && (a.oom || z.oom)) err = NC_ENOMEM;
    if (!err) {
        sb_add(c->out, ",\n\"%s/.zarray\": ", name);
        sb_str(c->out, z.s, z.n);
        sb_add(c->out, ",\n\"%s/.zattrs\": ", name);
        sb_str(c->out, a.s, a.n);
        err = var_refs(c, name, v, nd, shape, chunks, record, type_size(t));
    }
    free(a.s);
    free(z.s);
    ncsf_inspect_var_close(v);
    return err;
}

int ncsf_kerchunk_write(ncsf_inspect *in, int ncid, const char *out_path, long long *nrefs, char *msg, size_t msglen)
{
    char dir[PATH_MAX], refdir[PATH_MAX];
    const char *slash = strrchr(out_path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - out_path + 1) : 1, slash ? out_path : ".");
    if (!realpath(dir, refdir)) {
        snprintf(msg, msglen, "%s: its directory does not exist", out_path);
        return NC_ENOENT;
    }
    sbuf out = {0}, g = {0};
    kctx c = {in, ncid, refdir, &out, 0, msg, msglen};
    int nvars, first = 1, err = ncmpi_inq_nvars(ncid, &nvars);
    sb_add(&out, "{\"version\": 1, \"refs\": {\n\".zgroup\": \"{\\\"zarr_format\\\": 2}\",\n\".zattrs\": ");
    sb_add(&g, "{");
    if (!err) err = sb_atts(&g, ncid, NC_GLOBAL, &first);
    sb_add(&g, "}");
    sb_str(&out, g.s, g.n);
    for (int i = 0; !err && i < nvars; i++) err = one_var(&c, i);
    sb_add(&out, "\n}}\n");
    if (!err && (out.oom || g.oom)) err = NC_ENOMEM;
    if (!err) {
        char tmp[PATH_MAX + 8];
        snprintf(tmp, sizeof tmp, "%s.tmp", out_path);
        FILE *fp = fopen(tmp, "w");
        if (!fp || fwrite(out.s, 1, out.n, fp) != out.n || fclose(fp) || rename(tmp, out_path)) {
            snprintf(msg, msglen, "%s: cannot be written", out_path);
            err = NC_EWRITE;
        }
    } else if (!msg[0]) {
        snprintf(msg, msglen, "%s", ncmpi_strerror(err));
    }
    *nrefs = c.nrefs;
    free(out.s);
    free(g.s);
    return err;
}
