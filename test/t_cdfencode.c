/*
 * t_cdfencode.c: ncsf's encoder of netCDF classic headers
 * (src/ncmpi/base/cdf_encode.c), which writes the subfiles' headers,
 * against PnetCDF.
 *
 * Random definitions (every classic format; dimensions, one of them the
 * record dimension or none; variables of every type the format has, with
 * zero to three dimensions; attributes of every type with zero to several
 * values; names of many lengths; with and without a striping unit hint)
 * are made twice: through PnetCDF, as a new file closed after its enddef,
 * and in memory through the encoder. The encoded header must be the
 * PnetCDF file byte for byte (with fill mode off the file is exactly its
 * header), and must parse back (cdf_header.c) to the same offsets. A
 * definition at a classic format's limits must be refused (NC_EVARSIZE),
 * so that PnetCDF makes such a subfile.
 *
 *   t_cdfencode DIR [CASES [SEED]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncsf_internal.h"
#include "testutil.h"

typedef struct { unsigned long long s; } rng;
static unsigned rnd(rng *r, unsigned n)
{
    r->s = r->s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)((r->s >> 33) % n);
}

static void random_name(rng *r, char *out, const char *prefix, int i)
{
    int extra = (int)rnd(r, 4) == 0 ? (int)rnd(r, 40) : (int)rnd(r, 6);
    int n = snprintf(out, 64, "%s%d", prefix, i);
    for (int k = 0; k < extra; k++) out[n++] = "abcdefghijklmnopqrstuvwxyz0123456789_"[rnd(r, 37)];
    out[n] = 0;
}

static nc_type random_type(rng *r, int format)
{
    static const nc_type all[] = {NC_BYTE, NC_CHAR, NC_SHORT, NC_INT, NC_FLOAT, NC_DOUBLE,
                                  NC_UBYTE, NC_USHORT, NC_UINT, NC_INT64, NC_UINT64};
    return all[rnd(r, format == NC_FORMAT_CDF5 ? 11 : 6)];
}

/* n values of type t, in memory, finite and in range */
static void random_values(rng *r, nc_type t, int n, void *out)
{
    for (int i = 0; i < n; i++) {
        int x = (int)rnd(r, 200) - 100;
        switch (t) {
        case NC_BYTE: ((signed char *)out)[i] = (signed char)x; break;
        case NC_CHAR: ((char *)out)[i] = (char)('a' + rnd(r, 26)); break;
        case NC_SHORT: ((short *)out)[i] = (short)(x * 300); break;
        case NC_INT: ((int *)out)[i] = x * 100000; break;
        case NC_FLOAT: ((float *)out)[i] = (float)x / 7.0f; break;
        case NC_DOUBLE: ((double *)out)[i] = x / 3.0; break;
        case NC_UBYTE: ((unsigned char *)out)[i] = (unsigned char)(x + 100); break;
        case NC_USHORT: ((unsigned short *)out)[i] = (unsigned short)(x + 100) * 600; break;
        case NC_UINT: ((unsigned *)out)[i] = (unsigned)(x + 100) * 40000000u; break;
        case NC_INT64: ((long long *)out)[i] = (long long)x * 123456789012LL; break;
        case NC_UINT64: ((unsigned long long *)out)[i] = (unsigned long long)(x + 100) * 98765432109ULL; break;
        default: break;
        }
    }
}

typedef struct {
    int format, ndims, unlim, nvars;
    char dname[6][64];
    MPI_Offset dlen[6];
    char vname[6][64];
    nc_type vtype[6];
    int vndims[6], vdims[6][3];
    int striping;
} definition;

static void random_definition(rng *r, definition *d, int big)
{
    static const int formats[] = {NC_FORMAT_CLASSIC, NC_FORMAT_CDF2, NC_FORMAT_CDF5};
    memset(d, 0, sizeof *d);
    d->format = formats[rnd(r, 3)];
    d->ndims = (int)rnd(r, 5);
    d->unlim = d->ndims && rnd(r, 2) ? (int)rnd(r, (unsigned)d->ndims) : -1;
    for (int i = 0; i < d->ndims; i++) {
        random_name(r, d->dname[i], "d", i);
        d->dlen[i] = i == d->unlim ? 0 : 1 + rnd(r, big ? 400 : 7);
    }
    d->nvars = (int)rnd(r, 6);
    for (int v = 0; v < d->nvars; v++) {
        random_name(r, d->vname[v], "v", v);
        d->vtype[v] = random_type(r, d->format);
        int nfixed = d->ndims - (d->unlim >= 0), want = d->ndims ? (int)rnd(r, 4) : 0, n = 0;
        if (want && d->unlim >= 0 && rnd(r, 2)) d->vdims[v][n++] = d->unlim; /* a record variable */
        for (int k = 0; n < want && nfixed > 0 && k < 8; k++) {
            int id = (int)rnd(r, (unsigned)d->ndims);
            if (id != d->unlim) d->vdims[v][n++] = id;
        }
        d->vndims[v] = n;
    }
    d->striping = big && rnd(r, 2);
}

/* Attributes: made from the same generator state twice, once per side. */
typedef int (*att_fn)(void *arg, int varid, const char *name, nc_type t, int n, const void *values);

static int random_atts(rng *r, const definition *d, int varid, att_fn put, void *arg)
{
    int natts = (int)rnd(r, 4), err = NC_NOERR;
    for (int a = 0; a < natts && !err; a++) {
        char name[64];
        unsigned char values[8 * 12];
        random_name(r, name, varid < 0 ? "g" : "a", a);
        nc_type t = random_type(r, d->format);
        int n = (int)rnd(r, t == NC_CHAR ? 12 : 6);
        random_values(r, t, n, values);
        err = put(arg, varid, name, t, n, values);
    }
    return err;
}

static int put_pnetcdf(void *arg, int varid, const char *name, nc_type t, int n, const void *values)
{
    int ncid = *(int *)arg;
    if (t == NC_CHAR) return ncmpi_put_att_text(ncid, varid, name, n, values);
    return ncmpi_put_att(ncid, varid, name, t, n, values);
}

static int put_header(void *arg, int varid, const char *name, nc_type t, int n, const void *values)
{
    return ncsfi_cdf_put_att(arg, varid, name, t, n, values);
}

static int cmode_of(int format)
{
    return format == NC_FORMAT_CDF5 ? NC_64BIT_DATA : format == NC_FORMAT_CDF2 ? NC_64BIT_OFFSET : 0;
}

/* The file through PnetCDF; *unit the striping unit its MPI-IO reported. */
static int make_pnetcdf(const definition *d, unsigned long long seed, const char *path, MPI_Offset *unit)
{
    int ncid, dim[6], var, err;
    MPI_Info info = MPI_INFO_NULL;
    rng r = {seed};
    if (d->striping) {
        MPI_Info_create(&info);
        MPI_Info_set(info, "striping_unit", "4096");
    }
    err = ncmpi_create(MPI_COMM_SELF, path, NC_CLOBBER | cmode_of(d->format), info, &ncid);
    if (info != MPI_INFO_NULL) MPI_Info_free(&info);
    if (err) return err;
    for (int i = 0; !err && i < d->ndims; i++) err = ncmpi_def_dim(ncid, d->dname[i], d->dlen[i], &dim[i]);
    if (!err) err = random_atts(&r, d, NC_GLOBAL, put_pnetcdf, &ncid);
    for (int v = 0; !err && v < d->nvars; v++) {
        int ids[3];
        for (int k = 0; k < d->vndims[v]; k++) ids[k] = dim[d->vdims[v][k]];
        err = ncmpi_def_var(ncid, d->vname[v], d->vtype[v], d->vndims[v], ids, &var);
        if (!err) err = random_atts(&r, d, var, put_pnetcdf, &ncid);
    }
    if (!err) err = ncmpi_enddef(ncid);
    *unit = 0;
    MPI_Info used;
    if (!err && ncmpi_inq_file_info(ncid, &used) == NC_NOERR) {
        char v[MPI_MAX_INFO_VAL + 1];
        int flag = 0;
        MPI_Info_get(used, "striping_unit", MPI_MAX_INFO_VAL, v, &flag);
        if (flag) *unit = atoll(v);
        MPI_Info_free(&used);
    }
    int e = ncmpi_close(ncid);
    return err ? err : e;
}

static int make_header(const definition *d, unsigned long long seed, MPI_Offset unit, ncsfi_cdf_header *h)
{
    int dim[6], var, err = NC_NOERR;
    rng r = {seed};
    ncsfi_cdf_init(h, d->format);
    for (int i = 0; !err && i < d->ndims; i++) err = ncsfi_cdf_def_dim(h, d->dname[i], d->dlen[i], &dim[i]);
    if (!err) err = random_atts(&r, d, NC_GLOBAL, put_header, h);
    for (int v = 0; !err && v < d->nvars; v++) {
        int ids[3];
        for (int k = 0; k < d->vndims[v]; k++) ids[k] = dim[d->vdims[v][k]];
        err = ncsfi_cdf_def_var(h, d->vname[v], d->vtype[v], d->vndims[v], ids, &var);
        if (!err) err = random_atts(&r, d, var, put_header, h);
    }
    if (!err) err = ncsfi_cdf_lay_out(h, unit);
    return err;
}

static unsigned char *slurp(const char *path, size_t *n)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    fseek(fp, 0, SEEK_END);
    long len = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    unsigned char *b = malloc((size_t)len + 1);
    if (b && fread(b, 1, (size_t)len, fp) != (size_t)len) { free(b); b = NULL; }
    fclose(fp);
    *n = (size_t)len;
    return b;
}

static void one_case(test_state *ts, const char *dir, int c, unsigned long long seed, int *striped)
{
    rng r = {seed};
    definition d;
    char path[4096];
    random_definition(&r, &d, c % 4 == 3);
    unsigned long long att_seed = r.s;
    snprintf(path, sizeof path, "%s/case%d.nc", dir, c);
    MPI_Offset unit = 0;
    int err = make_pnetcdf(&d, att_seed, path, &unit);
    EXPECT(ts, err == NC_NOERR, "case %d (seed %llu): PnetCDF: %s", c, seed, ncmpi_strerror(err));
    if (err) return;
    *striped += unit > 0;
    ncsfi_cdf_header h;
    err = make_header(&d, att_seed, unit, &h);
    EXPECT(ts, err == NC_NOERR, "case %d: built: %s", c, ncmpi_strerror(err));
    unsigned char *mine = NULL, *theirs;
    size_t n = 0, m = 0;
    if (!err) err = ncsfi_cdf_encode(&h, &mine, &n);
    theirs = slurp(path, &m);
    EXPECT(ts, !err && theirs, "case %d: encoded %d, read back %p", c, err, (void *)theirs);
    if (!err && theirs) {
        size_t at = 0;
        while (at < n && at < m && mine[at] == theirs[at]) at++;
        EXPECT(ts, n == m && at == n, "case %d (seed %llu, format %d, %d dims, %d vars): %zu bytes against "
               "PnetCDF's %zu, first difference at %zu", c, seed, d.format, d.ndims, d.nvars, n, m, at);
        /* and it reads back to the offsets laid out */
        ncsfi_cdf_header back;
        int perr = ncsfi_cdf_parse(mine, n, &back);
        EXPECT(ts, perr == NC_NOERR, "case %d: the encoded header does not parse: %d", c, perr);
        if (!perr) {
            int same = back.nvars == h.nvars && back.hsize == h.hsize && back.recsize == h.recsize;
            for (int v = 0; same && v < h.nvars; v++) same = back.vars[v].begin == h.vars[v].begin;
            EXPECT(ts, same, "case %d: parsed back to other offsets", c);
            ncsfi_cdf_free(&back);
        }
    }
    free(mine);
    free(theirs);
    ncsfi_cdf_free(&h);
    remove(path);
}

/* At a classic format's limits the encoder declines. */
static void limits(test_state *ts)
{
    static const int formats[] = {NC_FORMAT_CLASSIC, NC_FORMAT_CDF2, NC_FORMAT_CDF5};
    for (int i = 0; i < 3; i++) {
        ncsfi_cdf_header h;
        int d[2], v, err;
        ncsfi_cdf_init(&h, formats[i]);
        err = ncsfi_cdf_def_dim(&h, "big", (MPI_Offset)1 << 30, &d[0]);
        if (!err) err = ncsfi_cdf_def_dim(&h, "four", 4, &d[1]);
        if (!err) err = ncsfi_cdf_def_var(&h, "huge", NC_DOUBLE, 2, d, &v); /* 32 GiB */
        if (!err) err = ncsfi_cdf_lay_out(&h, 0);
        if (formats[i] == NC_FORMAT_CDF5)
            EXPECT(ts, err == NC_NOERR, "CDF-5: a 32 GiB variable is laid out (%d)", err);
        else
            EXPECT(ts, err == NC_EVARSIZE, "format %d: a 32 GiB variable is left to PnetCDF (%d)", formats[i], err);
        ncsfi_cdf_free(&h);
    }
    /* CDF-1: offsets past 2^31 - 1, each variable small enough */
    ncsfi_cdf_header h;
    int d, v, err;
    ncsfi_cdf_init(&h, NC_FORMAT_CLASSIC);
    err = ncsfi_cdf_def_dim(&h, "n", (MPI_Offset)1 << 28, &d);
    for (int i = 0; !err && i < 9; i++) {
        char name[16];
        snprintf(name, sizeof name, "v%d", i);
        err = ncsfi_cdf_def_var(&h, name, NC_BYTE, 1, &d, &v);
    }
    if (!err) err = ncsfi_cdf_lay_out(&h, 0);
    EXPECT(ts, err == NC_EVARSIZE, "CDF-1: a variable beginning past 2 GiB is left to PnetCDF (%d)", err);
    ncsfi_cdf_free(&h);
    /* the builder's own refusals */
    ncsfi_cdf_init(&h, NC_FORMAT_CDF2);
    int r1, r2;
    EXPECT(ts, ncsfi_cdf_def_dim(&h, "t", 0, &r1) == NC_NOERR, "a record dimension");
    EXPECT(ts, ncsfi_cdf_def_dim(&h, "u", 0, &r2) == NC_EUNLIMIT, "a second one is refused");
    EXPECT(ts, ncsfi_cdf_put_att(&h, -1, "x", NC_INT64, 1, &r1) == NC_EBADTYPE, "no NC_INT64 in CDF-2");
    EXPECT(ts, ncsfi_cdf_def_var(&h, "w", NC_INT, 2, (int[]){0, 0}, &v) == NC_EBADDIM,
           "the record dimension only first");
    ncsfi_cdf_free(&h);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    test_state ts = {0};
    if (argc < 2) {
        fprintf(stderr, "usage: t_cdfencode DIR [CASES [SEED]]\n");
        MPI_Finalize();
        return 2;
    }
    int cases = argc > 2 ? atoi(argv[2]) : 400, striped = 0;
    unsigned long long seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 20261125ULL;
    for (int c = 0; c < cases; c++) one_case(&ts, argv[1], c, seed + (unsigned long long)c * 7919ULL, &striped);
    limits(&ts);
    printf("t_cdfencode: %d definitions compared with PnetCDF (%d with a striping unit), %d checks failed\n",
           cases, striped, ts.failures);
    MPI_Finalize();
    return ts.failures ? 1 : 0;
}
