/*
 * metadata.c: the subfiling attributes (doc/format.md is the contract).
 *
 * Written on the placeholder variable in the base file and on the variable
 * in every subfile, so that any one of those files describes the whole
 * global array. Read back with every value checked: a reader never trusts
 * a size, count or name it has not verified.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include "ncsfi_meta.h"

#define CHECK(call) do { int e_ = (call); if (e_ != NC_NOERR) { err = e_; goto out; } } while (0)

void ncsfi_draw_dataset_id(const ncsf_file *f, unsigned char id[16])
{
    int fd = open("/dev/urandom", O_RDONLY);
    ssize_t got = fd >= 0 ? read(fd, id, 16) : -1;
    if (fd >= 0) close(fd);
    if (got != 16) {
        /* no urandom: time, pid and address bits, still unique enough
         * to tell two datasets apart */
        unsigned long long x = (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 32)
                               ^ (unsigned long long)(size_t)f;
        for (int i = 0; i < 16; i++) { x = x * 6364136223846793005ULL + 1442695040888963407ULL; id[i] = (unsigned char)(x >> 56); }
    }
}

int ncsfi_read_version(int ncid, int *version)
{
    nc_type t;
    MPI_Offset len;
    *version = 0;
    if (ncmpi_inq_att(ncid, NC_GLOBAL, "subfiling_version", &t, &len) != NC_NOERR || t != NC_INT || len != 1 ||
        ncmpi_get_att_int(ncid, NC_GLOBAL, "subfiling_version", version) != NC_NOERR ||
        (*version != 1 && *version != 2))
        return NC_EVARMETA;
    return NC_NOERR;
}

int ncsfi_cdf_read_version(const ncsfi_cdf_header *h, int *version)
{
    const ncsfi_cdf_att *a = ncsfi_cdf_att_find(h, -1, "subfiling_version");
    *version = 0;
    if (!a || a->type != NC_INT || a->nelems != 1 || ncsfi_cdf_att_get(a, NC_INT, version) != NC_NOERR ||
        (*version != 1 && *version != 2))
        return NC_EVARMETA;
    return NC_NOERR;
}

/* ---- where the attributes go ------------------------------------------- */

static int put_pnetcdf(const ncsf_att_sink *s, int varid, const char *name, nc_type type, MPI_Offset n,
                       const void *values)
{
    switch (type) {
    case NC_CHAR: return ncmpi_put_att_text(s->ncid, varid, name, n, values);
    case NC_INT: return ncmpi_put_att_int(s->ncid, varid, name, NC_INT, n, values);
    case NC_INT64: return ncmpi_put_att_longlong(s->ncid, varid, name, NC_INT64, n, values);
    case NC_DOUBLE: return ncmpi_put_att_double(s->ncid, varid, name, NC_DOUBLE, n, values);
    default: return ncmpi_put_att(s->ncid, varid, name, type, n, values);
    }
}

static int put_cdf(const ncsf_att_sink *s, int varid, const char *name, nc_type type, MPI_Offset n,
                   const void *values)
{
    return ncsfi_cdf_put_att(s->header, varid, name, type, n, values);
}

ncsf_att_sink ncsfi_sink_pnetcdf(int ncid)
{
    ncsf_att_sink s = {ncid, NULL, put_pnetcdf};
    return s;
}

ncsf_att_sink ncsfi_sink_cdf(ncsfi_cdf_header *h)
{
    ncsf_att_sink s = {-1, h, put_cdf};
    return s;
}

int ncsfi_put_dataset_id_to(ncsf_file *f, const ncsf_att_sink *s)
{
    int err, version = f->version;
    if ((err = s->put(s, NC_GLOBAL, "subfiling_dataset_id", NC_CHAR, 32, f->dsid))) return err;
    return s->put(s, NC_GLOBAL, "subfiling_version", NC_INT, 1, &version);
}

int ncsfi_put_dataset_id(ncsf_file *f, int ncid)
{
    ncsf_att_sink s = ncsfi_sink_pnetcdf(ncid);
    return ncsfi_put_dataset_id_to(f, &s);
}

/* names joined by '\n' */
static char *join_names(char **names, int n)
{
    size_t len = 1;
    for (int i = 0; i < n; i++) len += strlen(names[i]) + 1;
    char *s = malloc(len), *p = s;
    if (!s) return NULL;
    for (int i = 0; i < n; i++) p += sprintf(p, i ? "\n%s" : "%s", names[i]);
    *p = 0;
    return s;
}

/* The subfiling attributes of one variable, made ready beforehand so that
 * putting them allocates nothing: a failure to make them is found before
 * anything is defined, and agreed. 64-bit integers are NC_INT64 where the
 * format has it, else NC_DOUBLE (exact to 2^53, beyond what a CDF-1/2
 * variable can hold). Format 2 records the grid and the names' stem
 * (O(n + p)); format 1 every block's start, count and name (O(N n)). */
struct ncsf_atts {
    int version, nd, n, npart, cdf5;
    int pdims[SF_MAX_PDIMS], pgrid[SF_MAX_PDIMS];
    const sf_layout *lay;
    long long gsize[SF_MAX_DIMS], *st, *ct;
    double dgsize[SF_MAX_DIMS], *dst, *dct;
    char *names, *dimnames, *stem, *note;
};

void ncsfi_atts_free(ncsf_atts *a)
{
    if (!a) return;
    free(a->st);
    free(a->ct);
    free(a->dst);
    free(a->dct);
    free(a->names);
    free(a->dimnames);
    free(a->stem);
    free(a->note);
    free(a);
}

/* Format 1: every block's start and count, every name. */
static int make_lists(const ncsf_var *v, ncsf_atts *a)
{
    int nd = a->nd, n = a->n;
    size_t cells = (size_t)n * nd;
    char **nm = calloc(n, sizeof(char *));
    a->st = malloc(sizeof(long long) * cells);
    a->ct = malloc(sizeof(long long) * cells);
    if (!a->cdf5) {
        a->dst = malloc(sizeof(double) * cells);
        a->dct = malloc(sizeof(double) * cells);
    }
    int err = (!nm || !a->st || !a->ct || (!a->cdf5 && (!a->dst || !a->dct))) ? NC_ENOMEM : NC_NOERR;
    for (int k = 0; !err && k < n; k++) {
        char name[SF_PATH_MAX];
        MPI_Offset st[SF_MAX_DIMS], ct[SF_MAX_DIMS];
        if ((err = ncsfi_var_name(v, k, name, sizeof name)) || !(nm[k] = strdup(name))) {
            err = err ? err : NC_ENOMEM;
            break;
        }
        sf_layout_block(v->lay, k, st, ct);
        for (int d = 0; d < nd; d++) {
            a->st[(size_t)k * nd + d] = st[d];
            a->ct[(size_t)k * nd + d] = ct[d];
        }
    }
    for (size_t i = 0; !err && !a->cdf5 && i < cells; i++) {
        a->dst[i] = (double)a->st[i];
        a->dct[i] = (double)a->ct[i];
    }
    if (!err && !(a->names = join_names(nm, n))) err = NC_ENOMEM;
    for (int k = 0; nm && k < n; k++) free(nm[k]);
    free(nm);
    return err;
}

/* What a person reading the base file's header with ncdump should know. */
static char *make_note(const ncsf_var *v, const char *varname, char **dn)
{
    char split[256] = "", first[SF_PATH_MAX], last[SF_PATH_MAX];
    size_t at = 0;
    for (int p = 0; p < v->lay->npart; p++)
        at += snprintf(split + at, at < sizeof split ? sizeof split - at : 0, "%s%s (%d blocks)",
                       p ? ", " : "", dn[v->lay->pdims[p]], v->lay->pgrid[p]);
    if (ncsfi_var_name(v, 0, first, sizeof first) || ncsfi_var_name(v, v->nfiles - 1, last, sizeof last))
        return NULL;
    const char *fmt = "This is a placeholder, not the data. The data of %s is split along %s into %d "
                      "subfiles, %s%s%s, beside this file. Read it with ncsf: ncsf-merge writes one "
                      "ordinary netCDF file, ncsf-info shows the layout, and in Python "
                      "xarray.open_dataset(path, engine=\"ncsf\") reads it.";
    const char *mid = v->nfiles > 2 ? " ... " : v->nfiles == 2 ? ", " : "";
    int n = snprintf(NULL, 0, fmt, varname, split, v->nfiles, first, mid, v->nfiles > 1 ? last : "");
    char *s = n > 0 ? malloc((size_t)n + 1) : NULL;
    if (s) snprintf(s, (size_t)n + 1, fmt, varname, split, v->nfiles, first, mid, v->nfiles > 1 ? last : "");
    return s;
}

int ncsfi_atts_make(ncsf_file *f, const ncsf_var *v, const char *varname, ncsf_atts **out)
{
    const sf_layout *lay = v->lay;
    int nd = v->ndims, err = NC_NOERR;
    char *dn[SF_MAX_DIMS] = {0};
    ncsf_atts *a = calloc(1, sizeof *a);
    *out = NULL;
    if (!a) return NC_ENOMEM;
    a->version = f->version == 1 ? 1 : 2;
    a->nd = nd;
    a->n = v->nfiles;
    a->npart = lay->npart;
    a->lay = lay;
    a->cdf5 = f->format == NC_FORMAT_CDF5;
    memcpy(a->pdims, lay->pdims, sizeof(int) * lay->npart);
    memcpy(a->pgrid, lay->pgrid, sizeof(int) * lay->npart);
    if (a->version == 1) err = make_lists(v, a);
    else if (!v->stem || !(a->stem = strdup(v->stem))) err = NC_ENOMEM;
    if (err) goto out;
    for (int d = 0; d < nd; d++) {
        a->gsize[d] = (d == 0 && lay->record) ? 0 : lay->gsize[d];
        a->dgsize[d] = (double)a->gsize[d];
        dn[d] = malloc(NC_MAX_NAME + 1);
        if (!dn[d]) { err = NC_ENOMEM; goto out; }
        CHECK(ncmpi_inq_dimname(f->ncid, v->dimids[d], dn[d]));
    }
    if (!(a->dimnames = join_names(dn, nd))) err = NC_ENOMEM;
    if (!err && varname && !(a->note = make_note(v, varname, dn))) err = NC_ENOMEM;
out:
    for (int d = 0; d < nd; d++) free(dn[d]);
    if (err) ncsfi_atts_free(a);
    else *out = a;
    return err;
}

static int put_offsets(const ncsf_atts *a, const ncsf_att_sink *s, int varid, const char *name, MPI_Offset n,
                       const long long *ll, const double *d)
{
    if (a->cdf5) return s->put(s, varid, name, NC_INT64, n, ll);
    return s->put(s, varid, name, NC_DOUBLE, n, d);
}

static int put_text(const ncsf_att_sink *s, int varid, const char *name, const char *text)
{
    return s->put(s, varid, name, NC_CHAR, (MPI_Offset)strlen(text), text);
}

static int put_ints(const ncsf_att_sink *s, int varid, const char *name, int n, const int *v)
{
    return s->put(s, varid, name, NC_INT, n, v);
}

/* Block index's start and count (format 2, in subfile index). */
static int put_own_block(const ncsf_atts *a, const ncsf_att_sink *s, int varid, int index)
{
    MPI_Offset st[SF_MAX_DIMS], ct[SF_MAX_DIMS];
    long long lst[SF_MAX_DIMS], lct[SF_MAX_DIMS];
    double dst[SF_MAX_DIMS], dct[SF_MAX_DIMS];
    int err;
    sf_layout_block(a->lay, index, st, ct);
    for (int d = 0; d < a->nd; d++) {
        lst[d] = st[d];
        lct[d] = ct[d];
        dst[d] = (double)st[d];
        dct[d] = (double)ct[d];
    }
    if ((err = put_offsets(a, s, varid, "subfiling_block_start", a->nd, lst, dst))) return err;
    return put_offsets(a, s, varid, "subfiling_block_count", a->nd, lct, dct);
}

int ncsfi_atts_put_to(const ncsf_att_sink *s, int varid, const ncsf_atts *a, int index)
{
    int one = 1, err = NC_NOERR, nd = a->nd, n = a->n;
    MPI_Offset cells = (MPI_Offset)n * nd;
    if (index < 0 && a->note) CHECK(put_text(s, varid, "subfiling_note", a->note));
    CHECK(put_ints(s, varid, "subfiling_enabled", 1, &one));
    CHECK(put_ints(s, varid, "subfiling_gndims", 1, &nd));
    CHECK(put_offsets(a, s, varid, "subfiling_gsize", nd, a->gsize, a->dgsize));
    CHECK(put_text(s, varid, "subfiling_dimnames", a->dimnames));
    CHECK(put_ints(s, varid, "subfiling_nfiles", 1, &n));
    CHECK(put_ints(s, varid, "subfiling_porder", a->npart, a->pdims));
    CHECK(put_ints(s, varid, "subfiling_pgrid", a->npart, a->pgrid));
    if (a->version == 1) {
        CHECK(put_offsets(a, s, varid, "subfiling_starts", cells, a->st, a->dst));
        CHECK(put_offsets(a, s, varid, "subfiling_counts", cells, a->ct, a->dct));
        CHECK(put_text(s, varid, "subfiling_names", a->names));
    } else {
        /* the even rule is what this writer makes: no boundaries recorded */
        CHECK(put_text(s, varid, "subfiling_stem", a->stem));
        if (index >= 0) CHECK(put_own_block(a, s, varid, index));
    }
    CHECK(put_ints(s, varid, "subfiling_index", 1, &index));
out:
    return err;
}

int ncsfi_atts_put(int ncid, int varid, const ncsf_atts *a, int index)
{
    ncsf_att_sink s = ncsfi_sink_pnetcdf(ncid);
    return ncsfi_atts_put_to(&s, varid, a, index);
}

int ncsfi_put_dimnames(ncsf_file *f, int ncid, int varid, const ncsf_var *v, int placeholder)
{
    char name[NC_MAX_NAME + 1];
    ncsf_atts *a = NULL;
    int err = placeholder ? ncmpi_inq_varname(f->ncid, v->varid, name) : NC_NOERR;
    if (!err) err = ncsfi_atts_make(f, v, placeholder ? name : NULL, &a);
    if (!err && a->note)
        err = ncmpi_put_att_text(ncid, varid, "subfiling_note", strlen(a->note), a->note);
    if (!err) err = ncmpi_put_att_text(ncid, varid, "subfiling_dimnames", strlen(a->dimnames), a->dimnames);
    ncsfi_atts_free(a);
    return err;
}

int ncsfi_put_var_atts_to(ncsf_file *f, const ncsf_att_sink *s, int varid, const ncsf_var *v, int index)
{
    ncsf_atts *a;
    int err = ncsfi_atts_make(f, v, NULL, &a);
    if (!err) err = ncsfi_atts_put_to(s, varid, a, index);
    ncsfi_atts_free(a);
    return err;
}

int ncsfi_put_var_atts(ncsf_file *f, int ncid, int varid, const ncsf_var *v, int index)
{
    ncsf_att_sink s = ncsfi_sink_pnetcdf(ncid);
    return ncsfi_put_var_atts_to(f, &s, varid, v, index);
}

/* ---- reading ------------------------------------------------------------ */

typedef struct { ncsf_file *f; const char *var; const ncsf_att_source *src; } ctxmsg;

#define BAD(...) do { ncsfi_set_error(m->f, 0, __VA_ARGS__); return NC_EVARMETA; } while (0)

static int get_ints(ctxmsg *m, const char *name, int want, int *out)
{
    nc_type t;
    MPI_Offset len;
    if (m->src->inq(m->src->ctx, name, &t, &len) != NC_NOERR)
        BAD("variable %s: attribute %s is missing", m->var, name);
    if (t != NC_INT || len != want)
        BAD("variable %s: attribute %s has type %d and %lld values, expected %d ints",
            m->var, name, t, (long long)len, want);
    return m->src->get(m->src->ctx, name, NC_INT, out);
}

static int get_offsets(ctxmsg *m, const char *name, MPI_Offset want, MPI_Offset *out)
{
    nc_type t;
    MPI_Offset len;
    int err;
    if (m->src->inq(m->src->ctx, name, &t, &len) != NC_NOERR)
        BAD("variable %s: attribute %s is missing", m->var, name);
    if (len != want || (t != NC_INT64 && t != NC_DOUBLE))
        BAD("variable %s: attribute %s has %lld values of type %d, expected %lld integers",
            m->var, name, (long long)len, t, (long long)want);
    if (t == NC_INT64) return m->src->get(m->src->ctx, name, NC_INT64, out);
    double *d = malloc(sizeof(double) * (want ? want : 1));
    if (!d) return NC_ENOMEM;
    if ((err = m->src->get(m->src->ctx, name, NC_DOUBLE, d)) == NC_NOERR)
        for (MPI_Offset i = 0; i < want; i++) {
            if (!(d[i] >= 0 && d[i] < 9.0e15) || d[i] != (double)(MPI_Offset)d[i]) {
                double bad = d[i];
                free(d);
                BAD("variable %s: attribute %s value %g is not a size", m->var, name, bad);
            }
            out[i] = (MPI_Offset)d[i];
        }
    free(d);
    return err;
}

static int get_text(ctxmsg *m, const char *name, char **out)
{
    nc_type t;
    MPI_Offset len;
    if (m->src->inq(m->src->ctx, name, &t, &len) != NC_NOERR)
        BAD("variable %s: attribute %s is missing", m->var, name);
    if (t != NC_CHAR || len < 1 || len > (1 << 26))
        BAD("variable %s: attribute %s is not text", m->var, name);
    char *s = malloc(len + 1);
    if (!s) return NC_ENOMEM;
    int err = m->src->get(m->src->ctx, name, NC_CHAR, s);
    s[len] = 0;
    if (err || strlen(s) != (size_t)len) {
        free(s);
        if (err) return err;
        BAD("variable %s: attribute %s holds a NUL byte", m->var, name);
    }
    *out = s;
    return NC_NOERR;
}

/* Split s at '\n' into exactly n non-empty pieces (s is consumed). */
static int split_lines(ctxmsg *m, const char *what, char *s, int n, char **out)
{
    int i = 0;
    char *p = s;
    while (i < n) {
        char *nl = strchr(p, '\n');
        if (nl) *nl = 0;
        if (!*p) break;
        out[i++] = p;
        if (!nl) break;
        p = nl + 1;
    }
    if (i != n || (i == n && p && strchr(p, '\n')))
        BAD("variable %s: attribute %s does not hold %d names", m->var, what, n);
    return NC_NOERR;
}

/* Rebuild the block boundaries from the recorded starts/counts, checking
 * that the blocks tile the array exactly as a grid: along each partitioned
 * dimension every block of one grid column has the same range, and column
 * c ends where column c + 1 starts. */
static int check_blocks(ctxmsg *m, sf_layout *lay, const MPI_Offset *st,
                        const MPI_Offset *ct)
{
    int nd = lay->ndims, coords[SF_MAX_PDIMS], err = NC_NOERR;
    MPI_Offset *end[SF_MAX_PDIMS] = {0};
    char *seen[SF_MAX_PDIMS] = {0};
    for (int p = 0; p < lay->npart; p++) {
        lay->bounds[p] = calloc(lay->pgrid[p] + 1, sizeof(MPI_Offset));
        end[p] = calloc(lay->pgrid[p], sizeof(MPI_Offset));
        seen[p] = calloc(lay->pgrid[p], 1);
        if (!lay->bounds[p] || !end[p] || !seen[p]) { err = NC_ENOMEM; goto out; }
    }
#define BADB(...) do { ncsfi_set_error(m->f, 0, __VA_ARGS__); err = NC_EVARMETA; goto out; } while (0)
    for (int k = 0; k < lay->nblocks; k++) {
        sf_block_coords(lay, k, coords);
        for (int d = 0; d < nd; d++) {
            MPI_Offset s = st[k * nd + d], c = ct[k * nd + d];
            int p = -1;
            for (int i = 0; i < lay->npart; i++) if (lay->pdims[i] == d) p = i;
            if (p < 0) {
                MPI_Offset want = (d == 0 && lay->record) ? 0 : lay->gsize[d];
                if (s != 0 || c != want)
                    BADB("variable %s: subfile %d covers [%lld, +%lld) of dimension %d, "
                         "expected the whole extent", m->var, k, (long long)s, (long long)c, d);
                continue;
            }
            /* inside the extent (and so no overflow in s + c) */
            if (s < 0 || c < 1 || s >= lay->gsize[d] || c > lay->gsize[d] - s)
                BADB("variable %s: subfile %d covers [%lld, +%lld) of dimension %d, outside "
                     "its extent %lld", m->var, k, (long long)s, (long long)c, d,
                     (long long)lay->gsize[d]);
            int cc = coords[p];
            if (!seen[p][cc]) {
                seen[p][cc] = 1;
                lay->bounds[p][cc] = s;
                end[p][cc] = s + c;
            } else if (lay->bounds[p][cc] != s || end[p][cc] != s + c)
                BADB("variable %s: subfile %d does not line up with the block grid", m->var, k);
        }
    }
    for (int p = 0; p < lay->npart; p++) {
        MPI_Offset *b = lay->bounds[p];
        int g = lay->pgrid[p];
        for (int c = 0; c < g; c++)
            if (!seen[p][c] || (c + 1 < g && end[p][c] != b[c + 1]))
                BADB("variable %s: blocks along dimension %d overlap or leave gaps", m->var, lay->pdims[p]);
        b[g] = end[p][g - 1];
        if (b[0] != 0 || b[g] != lay->gsize[lay->pdims[p]])
            BADB("variable %s: the blocks do not cover dimension %d", m->var, lay->pdims[p]);
    }
#undef BADB
out:
    for (int p = 0; p < lay->npart; p++) {
        free(end[p]);
        free(seen[p]);
    }
    return err;
}

/* The file's own dimensions must be what the attributes say: the global
 * lengths in the base file, the block's lengths in subfile index (the
 * record dimension unlimited in both). */
static int check_dims(ctxmsg *m, const ncsf_var *v, int index, char **dn)
{
    int nd = v->ndims;
    MPI_Offset st[SF_MAX_DIMS], ct[SF_MAX_DIMS];
    if (index >= 0) sf_layout_block(v->lay, index, st, ct);
    for (int d = 0; d < nd; d++) {
        MPI_Offset len = 0, want = index < 0 ? v->lay->gsize[d] : ct[d];
        int unlimited = 0, rec = d == 0 && v->lay->record;
        if (m->src->dimlen(m->src->ctx, v->dimids[d], &len, &unlimited) != NC_NOERR)
            BAD("variable %s: dimension %s cannot be inquired", m->var, dn[d]);
        if (rec != unlimited || (!rec && len != want))
            BAD("variable %s: dimension %s is %s%lld long in this file, but the subfiling attributes "
                "say %s%lld", m->var, dn[d], unlimited ? "unlimited, " : "", (long long)len,
                rec ? "unlimited" : "", rec ? 0LL : (long long)want);
    }
    return NC_NOERR;
}

/* Format 2: the boundaries, recorded or by the even rule, checked with
 * arithmetic; in a subfile, its own block as the grid gives it. */
static int grid_v2(ctxmsg *m, sf_layout *lay, int index)
{
    nc_type t;
    MPI_Offset len, want = 0;
    int err;
    for (int p = 0; p < lay->npart; p++) want += lay->pgrid[p] + 1;
    if (m->src->inq(m->src->ctx, "subfiling_bounds", &t, &len) != NC_NOERR) {
        if (sf_layout_set_even_bounds(lay) != SF_OK) return NC_ENOMEM;
    } else {
        MPI_Offset *b = malloc(sizeof(MPI_Offset) * want);
        if (!b) return NC_ENOMEM;
        if ((err = get_offsets(m, "subfiling_bounds", want, b))) { free(b); return err; }
        MPI_Offset *at = b;
        for (int p = 0; p < lay->npart; p++) {
            int g = lay->pgrid[p];
            MPI_Offset ext = lay->gsize[lay->pdims[p]];
            int ok = at[0] == 0 && at[g] == ext;
            for (int c = 0; ok && c < g; c++) ok = at[c + 1] > at[c];
            if (!ok) {
                free(b);
                BAD("variable %s: subfiling_bounds along dimension %d do not increase from 0 to %lld",
                    m->var, lay->pdims[p], (long long)ext);
            }
            if (!(lay->bounds[p] = malloc(sizeof(MPI_Offset) * (g + 1)))) { free(b); return NC_ENOMEM; }
            memcpy(lay->bounds[p], at, sizeof(MPI_Offset) * (g + 1));
            at += g + 1;
        }
        free(b);
    }
    if (index < 0) return NC_NOERR;
    MPI_Offset st[SF_MAX_DIMS], ct[SF_MAX_DIMS], rst[SF_MAX_DIMS], rct[SF_MAX_DIMS];
    if ((err = get_offsets(m, "subfiling_block_start", lay->ndims, rst)) ||
        (err = get_offsets(m, "subfiling_block_count", lay->ndims, rct)))
        return err;
    sf_layout_block(lay, index, st, ct);
    for (int d = 0; d < lay->ndims; d++)
        if (st[d] != rst[d] || ct[d] != rct[d])
            BAD("variable %s: subfiling_block_start/count say [%lld, +%lld) along dimension %d, but "
                "block %d of the grid is [%lld, +%lld)", m->var, (long long)rst[d], (long long)rct[d], d,
                index, (long long)st[d], (long long)ct[d]);
    return NC_NOERR;
}

#define BADG(...) do { ncsfi_set_error(f, 0, __VA_ARGS__); err = NC_EVARMETA; goto out; } while (0)

/* Left whole (about 100 lines): one sequence of checks over untrusted
 * attributes, each failure through BADG to the one cleanup at out (the
 * fuzz target drives exactly this function); the pieces that stand alone
 * (get_ints, get_offsets, check_blocks, check_dims, grid_v2) are split. */
int ncsfi_parse_var_atts(ncsf_file *f, const ncsf_att_source *src, int varid,
                         ncsf_var **vp, int *index)
{
    const char *name = src->varname;
    int err = NC_NOERR, nd, n, npart, pdims[SF_MAX_PDIMS], pgrid[SF_MAX_PDIMS];
    MPI_Offset gsize[SF_MAX_DIMS], *st = NULL, *ct = NULL;
    char *names = NULL, *dimnames = NULL, **nm = NULL, *dn[SF_MAX_DIMS], *stem = NULL;
    nc_type xtype = src->xtype, t;
    MPI_Offset len;
    ncsf_var *v = NULL;
    ctxmsg mm = {f, name, src}, *m = &mm;

    if (f->version != 1 && f->version != 2)
        BADG("variable %s: subfiling format version %d is not 1 or 2", name, f->version);
    if (ncsfi_xsize(xtype) <= 0) BADG("variable %s: type %d cannot be subfiled", name, xtype);
    CHECK(get_ints(m, "subfiling_gndims", 1, &nd));
    if (nd < 1 || nd > SF_MAX_DIMS) BADG("variable %s: subfiling_gndims=%d is out of range", name, nd);
    CHECK(get_offsets(m, "subfiling_gsize", nd, gsize));
    int record = gsize[0] == 0;
    for (int d = record; d < nd; d++)
        if (gsize[d] < 1) BADG("variable %s: subfiling_gsize[%d]=%lld is not a length", name, d, (long long)gsize[d]);
    CHECK(get_ints(m, "subfiling_nfiles", 1, &n));
    if (n < 1 || n > (1 << 24)) BADG("variable %s: subfiling_nfiles=%d is out of range", name, n);
    if (src->inq(src->ctx, "subfiling_porder", &t, &len) != NC_NOERR || len < 1 || len > SF_MAX_PDIMS)
        BADG("variable %s: subfiling_porder is missing or has a bad length", name);
    npart = (int)len;
    CHECK(get_ints(m, "subfiling_porder", npart, pdims));
    CHECK(get_ints(m, "subfiling_pgrid", npart, pgrid));
    long long prod = 1;
    for (int p = 0; p < npart; p++) {
        if (pdims[p] < record || pdims[p] >= nd || (p && pdims[p] <= pdims[p - 1]))
            BADG("variable %s: subfiling_porder[%d]=%d is not a dimension it can be split along", name, p, pdims[p]);
        if (pgrid[p] < 1 || pgrid[p] > gsize[pdims[p]])
            BADG("variable %s: subfiling_pgrid[%d]=%d does not fit extent %lld", name, p, pgrid[p], (long long)gsize[pdims[p]]);
        prod *= pgrid[p];
        if (prod > n) break; /* never wraps round to n */
    }
    if (prod != n) BADG("variable %s: subfiling_pgrid multiplies to %lld, not subfiling_nfiles=%d", name, prod, n);
    CHECK(get_ints(m, "subfiling_index", 1, index));
    if (*index < -1 || *index >= n) BADG("variable %s: subfiling_index=%d is out of range", name, *index);
    CHECK(get_text(m, "subfiling_dimnames", &dimnames));
    CHECK(split_lines(m, "subfiling_dimnames", dimnames, nd, dn));

    v = calloc(1, sizeof *v);
    if (!v) { err = NC_ENOMEM; goto out; }
    v->varid = varid;
    v->file_id = varid;
    v->xtype = xtype;
    v->ndims = nd;
    v->nfiles = n;
    /* the global dimensions: by name in the file at hand */
    for (int d = 0; d < nd; d++) {
        if (src->dimid(src->ctx, dn[d], &v->dimids[d]) != NC_NOERR)
            BADG("variable %s: dimension %s named by subfiling_dimnames does not exist", name, dn[d]);
    }
    v->lay = ncsfi_layout_new(varid, nd, gsize, record, npart, pdims, pgrid, ncsfi_xsize(xtype));
    if (!v->lay) { err = NC_ENOMEM; goto out; }

    if (f->version == 2) {
        char last[16];
        CHECK(get_text(m, "subfiling_stem", &stem));
        snprintf(last, sizeof last, ".%d", n - 1);
        if (!ncsfi_relative_path_ok(stem) || strlen(stem) + strlen(last) >= SF_PATH_MAX / 2)
            BADG("variable %s: subfile stem \"%s\" is not a relative path of plain names", name, stem);
        CHECK(grid_v2(m, v->lay, *index));
        v->stem = stem;
        stem = NULL;
        if (!(v->lay->path_stem = ncsfi_join(f->dir, v->stem))) { err = NC_ENOMEM; goto out; }
    } else {
        st = malloc(sizeof(MPI_Offset) * n * nd);
        ct = malloc(sizeof(MPI_Offset) * n * nd);
        nm = calloc(n, sizeof(char *));
        v->names = calloc(n, sizeof(char *));
        v->lay->paths = calloc(n, sizeof(char *));
        if (!st || !ct || !nm || !v->names || !v->lay->paths) { err = NC_ENOMEM; goto out; }
        CHECK(get_offsets(m, "subfiling_starts", (MPI_Offset)n * nd, st));
        CHECK(get_offsets(m, "subfiling_counts", (MPI_Offset)n * nd, ct));
        CHECK(get_text(m, "subfiling_names", &names));
        CHECK(split_lines(m, "subfiling_names", names, n, nm));
        for (int k = 0; k < n; k++)
            if (!ncsfi_relative_path_ok(nm[k]) || strlen(nm[k]) >= SF_PATH_MAX / 2)
                BADG("variable %s: subfile name \"%s\" is not a relative path of plain names", name, nm[k]);
        CHECK(check_blocks(m, v->lay, st, ct));
        for (int k = 0; k < n; k++) {
            v->names[k] = strdup(nm[k]);
            if (!v->names[k] || !(v->lay->paths[k] = ncsfi_join(f->dir, nm[k]))) { err = NC_ENOMEM; goto out; }
        }
    }
    if (src->dimlen) CHECK(check_dims(m, v, *index, dn));
    *vp = v;
    v = NULL;
out:
    ncsfi_var_destroy(v);
    free(st);
    free(ct);
    free(nm);
    free(names);
    free(dimnames);
    free(stem);
    return err;
}

/* ---- the attributes of a variable in a file opened through PnetCDF ------ */

typedef struct { int ncid, varid; } pnc_var;

static int pnc_inq(void *ctx, const char *name, nc_type *t, MPI_Offset *len)
{
    const pnc_var *p = ctx;
    return ncmpi_inq_att(p->ncid, p->varid, name, t, len);
}

static int pnc_get(void *ctx, const char *name, nc_type memtype, void *out)
{
    const pnc_var *p = ctx;
    switch (memtype) {
    case NC_INT: return ncmpi_get_att_int(p->ncid, p->varid, name, out);
    case NC_INT64: return ncmpi_get_att_longlong(p->ncid, p->varid, name, out);
    case NC_DOUBLE: return ncmpi_get_att_double(p->ncid, p->varid, name, out);
    case NC_CHAR: return ncmpi_get_att_text(p->ncid, p->varid, name, out);
    default: return NC_EBADTYPE;
    }
}

static int pnc_dimid(void *ctx, const char *name, int *id)
{
    return ncmpi_inq_dimid(((const pnc_var *)ctx)->ncid, name, id);
}

static int pnc_dimlen(void *ctx, int id, MPI_Offset *len, int *unlimited)
{
    int ncid = ((const pnc_var *)ctx)->ncid, unlim = -1, err = ncmpi_inq_unlimdim(ncid, &unlim);
    *unlimited = id == unlim;
    return err ? err : ncmpi_inq_dimlen(ncid, id, len);
}

/* An attribute that is not there, is text, or does not fit an int: not
 * subfiled; any other failure (no memory) is the caller's error, never a
 * variable taken for an ordinary one. */
static int not_a_flag(int err)
{
    return err == NC_ENOTATT || err == NC_ECHAR || err == NC_ERANGE;
}

int ncsfi_var_subfiled(int ncid, int varid, int *yes)
{
    nc_type t;
    MPI_Offset len = 0;
    int on = 0, err = ncmpi_inq_att(ncid, varid, "subfiling_enabled", &t, &len);
    *yes = 0;
    if (!err && len == 1) err = ncmpi_get_att_int(ncid, varid, "subfiling_enabled", &on);
    if (err) return not_a_flag(err) ? NC_NOERR : err;
    *yes = len == 1 && on == 1;
    return NC_NOERR;
}

int ncsfi_read_var_atts(ncsf_file *f, int ncid, int varid, ncsf_var **vp, int *index)
{
    char name[NC_MAX_NAME + 1];
    pnc_var p = {ncid, varid};
    ncsf_att_source src = {&p, pnc_inq, pnc_get, pnc_dimid, pnc_dimlen, name, NC_NAT};
    int err = ncmpi_inq_varname(ncid, varid, name);
    if (!err) err = ncmpi_inq_vartype(ncid, varid, &src.xtype);
    return err ? err : ncsfi_parse_var_atts(f, &src, varid, vp, index);
}

/* ---- the attributes of a variable in a parsed header (cdf_header.c) ---- */

typedef struct { const ncsfi_cdf_header *h; int varid; } cdf_var;

static int cdf_inq(void *ctx, const char *name, nc_type *t, MPI_Offset *len)
{
    const cdf_var *p = ctx;
    const ncsfi_cdf_att *a = ncsfi_cdf_att_find(p->h, p->varid, name);
    if (!a) return NC_ENOTATT;
    if (t) *t = a->type;
    if (len) *len = a->nelems;
    return NC_NOERR;
}

static int cdf_get(void *ctx, const char *name, nc_type memtype, void *out)
{
    const cdf_var *p = ctx;
    const ncsfi_cdf_att *a = ncsfi_cdf_att_find(p->h, p->varid, name);
    return a ? ncsfi_cdf_att_get(a, memtype, out) : NC_ENOTATT;
}

static int cdf_dimid(void *ctx, const char *name, int *id)
{
    int d = ncsfi_cdf_dimid(((const cdf_var *)ctx)->h, name);
    if (d < 0) return NC_EBADDIM;
    *id = d;
    return NC_NOERR;
}

static int cdf_dimlen(void *ctx, int id, MPI_Offset *len, int *unlimited)
{
    const ncsfi_cdf_header *h = ((const cdf_var *)ctx)->h;
    if (id < 0 || id >= h->ndims) return NC_EBADDIM;
    *unlimited = id == h->unlimdim;
    *len = *unlimited ? h->numrecs : h->dims[id].len; /* PnetCDF's answer */
    return NC_NOERR;
}

int ncsfi_cdf_var_subfiled(const ncsfi_cdf_header *h, int varid, int *yes)
{
    const ncsfi_cdf_att *a = ncsfi_cdf_att_find(h, varid, "subfiling_enabled");
    int on = 0, err = a && a->nelems == 1 ? ncsfi_cdf_att_get(a, NC_INT, &on) : NC_NOERR;
    *yes = 0;
    if (err) return not_a_flag(err) ? NC_NOERR : err;
    *yes = a && a->nelems == 1 && on == 1;
    return NC_NOERR;
}

int ncsfi_read_var_atts_cdf(ncsf_file *f, const ncsfi_cdf_header *h, int varid, ncsf_var **vp, int *index)
{
    cdf_var p = {h, varid};
    ncsf_att_source src = {&p, cdf_inq, cdf_get, cdf_dimid, cdf_dimlen, h->vars[varid].name, h->vars[varid].type};
    return ncsfi_parse_var_atts(f, &src, varid, vp, index);
}

/* ---- the name a subfile records for itself -------------------------------- */

int ncsfi_own_subfile_name(int ncid, char **name)
{
    int nvars, index = -1, err = ncmpi_inq_nvars(ncid, &nvars);
    for (int i = 0; !err && i < nvars; i++) {
        nc_type t;
        MPI_Offset len;
        int stem = 0;
        if (ncmpi_get_att_int(ncid, i, "subfiling_index", &index) != NC_NOERR || index < 0) continue;
        if (ncmpi_inq_att(ncid, i, "subfiling_stem", &t, &len) == NC_NOERR) stem = 1;
        else if (ncmpi_inq_att(ncid, i, "subfiling_names", &t, &len) != NC_NOERR)
            return NC_EVARMETA;
        if (t != NC_CHAR || len < 1 || len > (1 << 26)) return NC_EVARMETA;
        char *s = calloc((size_t)len + 24, 1);
        if (!s) return NC_ENOMEM;
        if (ncmpi_get_att_text(ncid, i, stem ? "subfiling_stem" : "subfiling_names", s) != NC_NOERR) {
            free(s);
            return NC_EVARMETA;
        }
        if (stem) {
            /* format 2: the stem and the subfile's own number */
            if (memchr(s, 0, (size_t)len)) { free(s); return NC_EVARMETA; }
            sprintf(s + len, ".%d", index);
            *name = s;
            return NC_NOERR;
        }
        /* format 1: line number index of the list */
        char *p = s;
        for (int k = 0; k < index && p; k++) {
            p = strchr(p, '\n');
            if (p) p++;
        }
        char *nl = p ? strchr(p, '\n') : NULL;
        if (nl) *nl = 0;
        *name = p && *p ? strdup(p) : NULL;
        free(s);
        return *name ? NC_NOERR : NC_EVARMETA;
    }
    return err ? err : NC_EVARMETA;
}
