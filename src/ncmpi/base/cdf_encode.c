/*
 * cdf_encode.c: a netCDF classic header (CDF-1, CDF-2 or CDF-5) built in
 * memory, laid out and encoded here, without PnetCDF: the inverse of
 * cdf_header.c, for the subfiles ncsf creates (subfile_create.c).
 *
 * The layout is the one the PnetCDF ncsf is built against gives a new
 * file created with no alignment hints and closed by ncmpi_enddef
 * (NC_begins with h_minfree, v_minfree, v_align and r_align all 0):
 *   - the data starts at the header's size rounded up to 512 bytes, or,
 *     with PnetCDF 1.12, to the file's striping unit when the fixed-size
 *     data is more than four stripes (1.14 and 1.15 align to 512 bytes
 *     whatever the striping unit);
 *   - fixed-size variables follow one another in definition order, each at
 *     a multiple of 4 bytes;
 *   - the record section starts at the next multiple of 4 after them, its
 *     variables in definition order, each one record's length (padded to
 *     4) after the previous.
 * A header whose sizes are at a classic format's limits is refused
 * (NC_EVARSIZE), so that the caller leaves the file to PnetCDF, whose
 * checks and messages then apply. t_cdfencode compares every header made
 * here with PnetCDF's, byte for byte.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ncsfi_base.h"

enum { TAG_DIM = 0x0A, TAG_VAR = 0x0B, TAG_ATT = 0x0C };
enum { HEADER_ALIGN = 512, ALIGN_STRIPES = 4 };

static MPI_Offset round_up(MPI_Offset x, MPI_Offset unit)
{
    return (x + unit - 1) / unit * unit;
}

void ncsfi_cdf_init(ncsfi_cdf_header *h, int format)
{
    memset(h, 0, sizeof *h);
    h->format = format;
    h->unlimdim = -1;
    h->owned = 1;
}

static char *dup_name(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > NC_MAX_NAME) return NULL;
    char *s = malloc(n + 1);
    if (s) memcpy(s, name, n + 1);
    return s;
}

int ncsfi_cdf_def_dim(ncsfi_cdf_header *h, const char *name, MPI_Offset len, int *id)
{
    if (len < 0 || (len == 0 && h->unlimdim >= 0)) return NC_EUNLIMIT;
    ncsfi_cdf_dim *d = realloc(h->dims, sizeof *d * (size_t)(h->ndims + 1));
    if (!d) return NC_ENOMEM;
    h->dims = d;
    if (!(d[h->ndims].name = dup_name(name))) return NC_ENOMEM;
    d[h->ndims].len = len;
    if (len == 0) h->unlimdim = h->ndims;
    *id = h->ndims++;
    return NC_NOERR;
}

int ncsfi_cdf_def_var(ncsfi_cdf_header *h, const char *name, nc_type type, int ndims, const int *dimids, int *id)
{
    if (!ncsfi_xsize(type)) return NC_EBADTYPE;
    for (int d = 0; d < ndims; d++)
        if (dimids[d] < 0 || dimids[d] >= h->ndims || (d > 0 && dimids[d] == h->unlimdim)) return NC_EBADDIM;
    ncsfi_cdf_var *v = realloc(h->vars, sizeof *v * (size_t)(h->nvars + 1));
    if (!v) return NC_ENOMEM;
    h->vars = v;
    v += h->nvars;
    memset(v, 0, sizeof *v);
    v->type = type;
    v->ndims = ndims;
    v->name = dup_name(name);
    v->dimids = malloc(sizeof(int) * (size_t)(ndims ? ndims : 1));
    if (!v->name || !v->dimids) {
        free(v->name);
        free(v->dimids);
        return NC_ENOMEM;
    }
    if (ndims) memcpy(v->dimids, dimids, sizeof(int) * (size_t)ndims);
    *id = h->nvars++;
    return NC_NOERR;
}

int ncsfi_cdf_put_att(ncsfi_cdf_header *h, int varid, const char *name, nc_type type, MPI_Offset n,
                      const void *values)
{
    int es = ncsfi_xsize(type);
    if (!es || (h->format != NC_FORMAT_CDF5 && type > NC_DOUBLE)) return NC_EBADTYPE;
    if (n < 0 || (varid >= 0 && varid >= h->nvars) || varid < -1) return NC_EINVAL;
    ncsfi_cdf_att **list = varid < 0 ? &h->gatts : &h->vars[varid].atts;
    int *count = varid < 0 ? &h->ngatts : &h->vars[varid].natts;
    unsigned char *copy = malloc((size_t)(n * es) + 1);
    if (!copy) return NC_ENOMEM;
    if (n) memcpy(copy, values, (size_t)(n * es));
    ncsfi_swap(copy, es, n); /* the file's byte order */
    /* an attribute of the same name is replaced where it stands */
    for (int i = 0; i < *count; i++)
        if (!strcmp((*list)[i].name, name)) {
            free((void *)(*list)[i].values);
            (*list)[i].type = type;
            (*list)[i].nelems = n;
            (*list)[i].values = copy;
            return NC_NOERR;
        }
    ncsfi_cdf_att *a = realloc(*list, sizeof *a * (size_t)(*count + 1));
    if (!a) {
        free(copy);
        return NC_ENOMEM;
    }
    *list = a;
    a += *count;
    if (!(a->name = dup_name(name))) {
        free(copy);
        return NC_ENOMEM;
    }
    a->type = type;
    a->nelems = n;
    a->values = copy;
    (*count)++;
    return NC_NOERR;
}

/* ---- size and encoding -------------------------------------------------- */

typedef struct {
    unsigned char *p; /* NULL: only counting */
    MPI_Offset at;
    int w;            /* bytes of a count: 4, or 8 in CDF-5 */
} writer;

static void put(writer *o, unsigned long long x, int bytes)
{
    if (o->p)
        for (int i = bytes - 1; i >= 0; i--, x >>= 8) o->p[o->at + i] = (unsigned char)(x & 0xff);
    o->at += bytes;
}

static void put_bytes(writer *o, const void *b, MPI_Offset n)
{
    MPI_Offset padded = round_up(n, 4);
    if (o->p) {
        if (n) memcpy(o->p + o->at, b, (size_t)n);
        memset(o->p + o->at + n, 0, (size_t)(padded - n));
    }
    o->at += padded;
}

static void put_name(writer *o, const char *name)
{
    size_t n = strlen(name);
    put(o, n, o->w);
    put_bytes(o, name, (MPI_Offset)n);
}

static void put_list_head(writer *o, int tag, int n)
{
    put(o, n ? (unsigned long long)tag : 0, 4);
    put(o, (unsigned long long)n, o->w);
}

static void put_atts(writer *o, const ncsfi_cdf_att *a, int n)
{
    put_list_head(o, TAG_ATT, n);
    for (int i = 0; i < n; i++) {
        put_name(o, a[i].name);
        put(o, (unsigned long long)a[i].type, 4);
        put(o, (unsigned long long)a[i].nelems, o->w);
        put_bytes(o, a[i].values, a[i].nelems * ncsfi_xsize(a[i].type));
    }
}

static void encode(const ncsfi_cdf_header *h, writer *o)
{
    int cdf5 = h->format == NC_FORMAT_CDF5;
    put(o, 'C', 1);
    put(o, 'D', 1);
    put(o, 'F', 1);
    put(o, cdf5 ? 5 : h->format == NC_FORMAT_CDF2 ? 2 : 1, 1);
    put(o, (unsigned long long)h->numrecs, o->w);
    put_list_head(o, TAG_DIM, h->ndims);
    for (int i = 0; i < h->ndims; i++) {
        put_name(o, h->dims[i].name);
        put(o, (unsigned long long)h->dims[i].len, o->w);
    }
    put_atts(o, h->gatts, h->ngatts);
    put_list_head(o, TAG_VAR, h->nvars);
    for (int i = 0; i < h->nvars; i++) {
        const ncsfi_cdf_var *v = &h->vars[i];
        put_name(o, v->name);
        put(o, (unsigned long long)v->ndims, o->w);
        for (int d = 0; d < v->ndims; d++) put(o, (unsigned long long)v->dimids[d], o->w);
        put_atts(o, v->atts, v->natts);
        put(o, (unsigned long long)v->type, 4);
        if (cdf5) put(o, (unsigned long long)v->len, 8);
        /* CDF-1 and CDF-2 say 2^32 - 1 for a variable larger than 2^32 - 4 */
        else put(o, v->len > 4294967292LL ? 4294967295ULL : (unsigned long long)v->len, 4);
        put(o, (unsigned long long)v->begin, h->format == NC_FORMAT_CLASSIC ? 4 : 8);
    }
}

int ncsfi_cdf_lay_out(ncsfi_cdf_header *h, MPI_Offset striping_unit)
{
    int err = ncsfi_cdf_derive(h);
    if (err) return NC_EVARSIZE;
    writer count = {NULL, 0, h->format == NC_FORMAT_CDF5 ? 8 : 4};
    encode(h, &count);
    h->hsize = count.at;
    MPI_Offset fixed = 0, limit = h->format == NC_FORMAT_CDF5 ? INT64_MAX / 4 : ((MPI_Offset)1 << 31) - 4;
    for (int i = 0; i < h->nvars; i++) {
        /* at a classic format's limits PnetCDF decides (NC_EVARSIZE) */
        if (h->vars[i].len >= limit) return NC_EVARSIZE;
        if (!h->vars[i].record) fixed += h->vars[i].len;
        if (fixed >= INT64_MAX / 4) return NC_EVARSIZE;
    }
    MPI_Offset align = HEADER_ALIGN;
    if (!NCSF_PNETCDF_AT_LEAST(1, 14) && striping_unit > 0 && fixed > ALIGN_STRIPES * striping_unit)
        align = striping_unit;
    align = round_up(align, 4);
    MPI_Offset end = h->nvars ? round_up(h->hsize, align) : h->hsize;
    for (int i = 0; i < h->nvars; i++)
        if (!h->vars[i].record) {
            h->vars[i].begin = round_up(end, 4);
            end = h->vars[i].begin + h->vars[i].len;
        }
    end = round_up(end, 4);
    for (int i = 0; i < h->nvars; i++)
        if (h->vars[i].record) {
            h->vars[i].begin = end;
            end += h->vars[i].len;
        }
    /* CDF-1 offsets are 32-bit */
    if (h->format == NC_FORMAT_CLASSIC)
        for (int i = 0; i < h->nvars; i++)
            if (h->vars[i].begin > INT32_MAX) return NC_EVARSIZE;
    return NC_NOERR;
}

int ncsfi_cdf_encode(const ncsfi_cdf_header *h, unsigned char **bytes, size_t *n)
{
    writer o = {NULL, 0, h->format == NC_FORMAT_CDF5 ? 8 : 4};
    encode(h, &o);
    if (!(o.p = malloc((size_t)o.at))) return NC_ENOMEM;
    *n = (size_t)o.at;
    o.at = 0;
    encode(h, &o);
    *bytes = o.p;
    return NC_NOERR;
}
