/*
 * t_cdfheader.c: ncsf's own reader of netCDF classic headers
 * (src/ncmpi/base/cdf_header.c), which checks subfiles at open instead of
 * PnetCDF, against PnetCDF itself.
 *
 * Files of every classic format are made through PnetCDF (record and
 * fixed variables, one record variable alone, scalars, attributes of every
 * type, alignment hints, a header larger than the first read, no
 * dimensions or variables at all); for each, every fact the parser gives
 * must equal PnetCDF's answer on the same file: format, header size,
 * record size and count, dimensions, variables, their offsets, every
 * attribute's type, length and values. Then every prefix of each header
 * must be refused (NC_ENOTNC), and the header with bytes changed at every
 * position must be refused or parsed without reading outside the bytes
 * (run under AddressSanitizer in the sanitized tier).
 *
 *   t_cdfheader DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncsf_internal.h"
#include "testutil.h"

#define CHECK(ts, cond, ...) EXPECT(ts, cond, __VA_ARGS__)

static void make_file(test_state *ts, const char *path, int which)
{
    int ncid, cmode = which == 0 ? 0 : which == 1 ? NC_64BIT_OFFSET : NC_64BIT_DATA, d[4], v;
    MPI_Info info = MPI_INFO_NULL;
    if (which == 3) {
        MPI_Info_create(&info);
        MPI_Info_set(info, "nc_header_align_size", "1024");
        MPI_Info_set(info, "nc_var_align_size", "512");
        cmode = NC_64BIT_OFFSET;
    }
    EXPECT_OK(ts, ncmpi_create(MPI_COMM_SELF, path, NC_CLOBBER | cmode, info, &ncid));
    if (info != MPI_INFO_NULL) MPI_Info_free(&info);
    if (which == 4) { /* nothing at all */
        EXPECT_OK(ts, ncmpi_close(ncid));
        return;
    }
    EXPECT_OK(ts, ncmpi_def_dim(ncid, "time", NC_UNLIMITED, &d[0]));
    EXPECT_OK(ts, ncmpi_def_dim(ncid, "x", 3, &d[1]));
    EXPECT_OK(ts, ncmpi_def_dim(ncid, "y_longer_name", 5, &d[2]));
    EXPECT_OK(ts, ncmpi_put_att_text(ncid, NC_GLOBAL, "title", 5, "hello"));
    int iv[3] = {1, -2, 2147483647};
    double dv[2] = {0.5, -1e300};
    EXPECT_OK(ts, ncmpi_put_att_int(ncid, NC_GLOBAL, "ints", NC_INT, 3, iv));
    EXPECT_OK(ts, ncmpi_put_att_double(ncid, NC_GLOBAL, "doubles", NC_DOUBLE, 2, dv));
    short sv[3] = {-7, 8, 9};
    EXPECT_OK(ts, ncmpi_put_att_short(ncid, NC_GLOBAL, "shorts", NC_SHORT, 3, sv));
    signed char bv[1] = {-3};
    EXPECT_OK(ts, ncmpi_put_att_schar(ncid, NC_GLOBAL, "a_byte", NC_BYTE, 1, bv));
    float fv[1] = {2.5f};
    EXPECT_OK(ts, ncmpi_put_att_float(ncid, NC_GLOBAL, "a_float", NC_FLOAT, 1, fv));
    EXPECT_OK(ts, ncmpi_put_att_text(ncid, NC_GLOBAL, "empty", 0, ""));
    if (which == 2) {
        unsigned long long uv[2] = {1ULL << 40, 3};
        long long lv[1] = {-(1LL << 50)};
        EXPECT_OK(ts, ncmpi_put_att_ulonglong(ncid, NC_GLOBAL, "u64", NC_UINT64, 2, uv));
        EXPECT_OK(ts, ncmpi_put_att_longlong(ncid, NC_GLOBAL, "i64", NC_INT64, 1, lv));
        unsigned short us[1] = {65535};
        EXPECT_OK(ts, ncmpi_put_att_ushort(ncid, NC_GLOBAL, "u16", NC_USHORT, 1, us));
    }
    int dims2[2] = {d[1], d[2]}, rec2[2] = {d[0], d[1]};
    EXPECT_OK(ts, ncmpi_def_var(ncid, "fixed", NC_INT, 2, dims2, &v));
    EXPECT_OK(ts, ncmpi_put_att_text(ncid, v, "units", 1, "m"));
    EXPECT_OK(ts, ncmpi_put_att_int(ncid, v, "subfiling_index", NC_INT, 1, iv));
    EXPECT_OK(ts, ncmpi_def_var(ncid, "scalar", NC_DOUBLE, 0, NULL, &v));
    if (which == 1) {
        /* one record variable alone, of bytes: 3 a record, padded to 4 in
         * vsize, packed in the record size */
        int r[2] = {d[0], d[1]};
        EXPECT_OK(ts, ncmpi_def_var(ncid, "only_record", NC_BYTE, 2, r, &v));
    } else {
        EXPECT_OK(ts, ncmpi_def_var(ncid, "rec_float", NC_FLOAT, 2, rec2, &v));
        EXPECT_OK(ts, ncmpi_def_var(ncid, "rec_short", NC_SHORT, 1, &d[0], &v));
        EXPECT_OK(ts, ncmpi_put_att_short(ncid, v, "valid", NC_SHORT, 3, sv));
    }
    if (which == 2) {
        int u[1] = {d[2]};
        EXPECT_OK(ts, ncmpi_def_var(ncid, "ubytes", NC_UBYTE, 1, u, &v));
        /* a header longer than the first read (64 KiB) */
        for (int i = 0; i < 700; i++) {
            char name[NC_MAX_NAME + 1];
            snprintf(name, sizeof name, "variable_with_a_long_name_to_fill_the_header_%04d", i);
            EXPECT_OK(ts, ncmpi_def_var(ncid, name, NC_INT64, 1, u, &v));
        }
    }
    EXPECT_OK(ts, ncmpi_enddef(ncid));
    /* records: the count in the header */
    if (which != 1) {
        short s[2] = {1, 2};
        MPI_Offset st[1] = {0}, ct[1] = {2};
        int rv;
        EXPECT_OK(ts, ncmpi_inq_varid(ncid, "rec_short", &rv));
        EXPECT_OK(ts, ncmpi_put_vara_short_all(ncid, rv, st, ct, s));
    }
    EXPECT_OK(ts, ncmpi_close(ncid));
}

static void same_att(test_state *ts, int ncid, int varid, const ncsfi_cdf_header *h, int hv, int i)
{
    char name[NC_MAX_NAME + 1];
    nc_type t;
    MPI_Offset len;
    EXPECT_OK(ts, ncmpi_inq_attname(ncid, varid, i, name));
    EXPECT_OK(ts, ncmpi_inq_att(ncid, varid, name, &t, &len));
    const ncsfi_cdf_att *a = ncsfi_cdf_att_find(h, hv, name);
    CHECK(ts, a != NULL, "attribute %s not found", name);
    if (!a) return;
    CHECK(ts, a->type == t && a->nelems == len, "attribute %s: type %d len %lld, PnetCDF %d %lld", name,
          a->type, (long long)a->nelems, t, (long long)len);
    if (t == NC_CHAR) {
        char *x = calloc(len + 1, 1), *y = calloc(len + 1, 1);
        EXPECT_OK(ts, ncmpi_get_att_text(ncid, varid, name, x));
        EXPECT_OK(ts, ncsfi_cdf_att_get(a, NC_CHAR, y));
        CHECK(ts, !memcmp(x, y, len), "attribute %s: text differs", name);
        CHECK(ts, ncsfi_cdf_att_get(a, NC_INT, y) == NC_ECHAR, "text read as numbers");
        free(x);
        free(y);
        return;
    }
    double *x = calloc(len + 1, sizeof *x), *y = calloc(len + 1, sizeof *y);
    long long *p = calloc(len + 1, sizeof *p), *q = calloc(len + 1, sizeof *q);
    EXPECT_OK(ts, ncmpi_get_att_double(ncid, varid, name, x));
    EXPECT_OK(ts, ncsfi_cdf_att_get(a, NC_DOUBLE, y));
    int e1 = ncmpi_get_att_longlong(ncid, varid, name, p), e2 = ncsfi_cdf_att_get(a, NC_INT64, q);
    CHECK(ts, e1 == e2, "attribute %s as long long: %d, PnetCDF %d", name, e2, e1);
    for (MPI_Offset j = 0; j < len; j++) {
        CHECK(ts, x[j] == y[j], "attribute %s[%lld]: %g, PnetCDF %g", name, (long long)j, y[j], x[j]);
        CHECK(ts, e1 || p[j] == q[j], "attribute %s[%lld]: %lld, PnetCDF %lld", name, (long long)j, q[j], p[j]);
    }
    char c;
    CHECK(ts, ncsfi_cdf_att_get(a, NC_CHAR, &c) == NC_ECHAR, "numbers read as text");
    free(x);
    free(y);
    free(p);
    free(q);
}

static void compare(test_state *ts, const char *path)
{
    ncsfi_cdf_header h;
    MPI_Offset size;
    int sys, ncid, fmt, n, unlim;
    EXPECT_OK(ts, ncsfi_cdf_read(path, &h, &size, &sys));
    EXPECT_OK(ts, ncmpi_open(MPI_COMM_SELF, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    MPI_Offset hs, rs;
    EXPECT_OK(ts, ncmpi_inq_format(ncid, &fmt));
    EXPECT_OK(ts, ncmpi_inq_header_size(ncid, &hs));
    EXPECT_OK(ts, ncmpi_inq_recsize(ncid, &rs));
    EXPECT_OK(ts, ncmpi_inq_unlimdim(ncid, &unlim));
    CHECK(ts, h.format == fmt, "%s: format %d, PnetCDF %d", path, h.format, fmt);
    CHECK(ts, h.hsize == hs, "%s: header size %lld, PnetCDF %lld", path, (long long)h.hsize, (long long)hs);
    CHECK(ts, h.recsize == rs, "%s: record size %lld, PnetCDF %lld", path, (long long)h.recsize, (long long)rs);
    CHECK(ts, h.unlimdim == unlim, "%s: record dimension %d, PnetCDF %d", path, h.unlimdim, unlim);
    EXPECT_OK(ts, ncmpi_inq_ndims(ncid, &n));
    CHECK(ts, h.ndims == n, "%s: %d dimensions, PnetCDF %d", path, h.ndims, n);
    for (int i = 0; i < n && i < h.ndims; i++) {
        char name[NC_MAX_NAME + 1];
        MPI_Offset len;
        EXPECT_OK(ts, ncmpi_inq_dim(ncid, i, name, &len));
        CHECK(ts, !strcmp(name, h.dims[i].name), "%s: dimension %d is %s, PnetCDF %s", path, i, h.dims[i].name, name);
        MPI_Offset mine = i == h.unlimdim ? h.numrecs : h.dims[i].len;
        CHECK(ts, mine == len, "%s: dimension %s %lld long, PnetCDF %lld", path, name, (long long)mine, (long long)len);
    }
    EXPECT_OK(ts, ncmpi_inq_natts(ncid, &n));
    CHECK(ts, h.ngatts == n, "%s: %d global attributes, PnetCDF %d", path, h.ngatts, n);
    for (int i = 0; i < n; i++) same_att(ts, ncid, NC_GLOBAL, &h, -1, i);
    EXPECT_OK(ts, ncmpi_inq_nvars(ncid, &n));
    CHECK(ts, h.nvars == n, "%s: %d variables, PnetCDF %d", path, h.nvars, n);
    for (int i = 0; i < n && i < h.nvars; i++) {
        char name[NC_MAX_NAME + 1];
        nc_type t;
        int nd, dimids[16], na; /* the files above have at most 2 */
        MPI_Offset off;
        EXPECT_OK(ts, ncmpi_inq_var(ncid, i, name, &t, &nd, dimids, &na));
        EXPECT_OK(ts, ncmpi_inq_varoffset(ncid, i, &off));
        const ncsfi_cdf_var *v = &h.vars[i];
        CHECK(ts, ncsfi_cdf_varid(&h, name) == i, "%s: variable %s not found at %d", path, name, i);
        CHECK(ts, v->type == t && v->ndims == nd && v->natts == na && v->begin == off,
              "%s: variable %s: type %d, %d dims, %d atts, at %lld; PnetCDF %d %d %d %lld", path, name, v->type,
              v->ndims, v->natts, (long long)v->begin, t, nd, na, (long long)off);
        for (int d = 0; d < nd && d < v->ndims; d++)
            CHECK(ts, v->dimids[d] == dimids[d], "%s: variable %s dimension %d", path, name, d);
        for (int j = 0; j < na && j < v->natts; j++) same_att(ts, ncid, i, &h, i, j);
    }
    EXPECT_OK(ts, ncmpi_close(ncid));

    /* every prefix refused; every byte changed: refused or parsed, never
     * a read outside the bytes (ASan) */
    size_t hsize = (size_t)h.hsize;
    unsigned char *b = malloc(hsize + 1);
    memcpy(b, h.bytes, hsize);
    long refused = 0, accepted = 0;
    /* every cut of a small header; of a large one, the first 2 KiB and
     * then 2,000 cuts spread over it */
    for (size_t cut = 0; cut < hsize; cut += cut < 2048 || hsize < 8192 ? 1 : hsize / 2000) {
        unsigned char *p = malloc(cut ? cut : 1); /* exactly cut bytes: ASan sees any read past */
        memcpy(p, b, cut);
        ncsfi_cdf_header g;
        int e = ncsfi_cdf_parse(p, cut, &g);
        CHECK(ts, e == NC_ENOTNC, "%s: a header cut to %zu of %zu bytes parsed (%d)", path, cut, hsize, e);
        if (!e) ncsfi_cdf_free(&g);
        free(p);
    }
    size_t step = hsize > 2048 ? hsize / 2048 + 1 : 1;
    static const int change[4] = {0x00, 0xff, 0x01, 0x80};
    for (size_t at = 0; at < hsize; at += step)
        for (int c = 0; c < 4; c++) {
            unsigned char *p = malloc(hsize);
            memcpy(p, b, hsize);
            p[at] = c < 2 ? (unsigned char)change[c] : p[at] ^ (unsigned char)change[c];
            ncsfi_cdf_header g;
            int e = ncsfi_cdf_parse(p, hsize, &g);
            CHECK(ts, e == NC_NOERR || e == NC_ENOTNC, "%s: byte %zu changed: %d", path, at, e);
            if (e == NC_NOERR) {
                accepted++;
                for (int v = -1; v < g.nvars; v++) {
                    int na = v < 0 ? g.ngatts : g.vars[v].natts;
                    const ncsfi_cdf_att *a = v < 0 ? g.gatts : g.vars[v].atts;
                    for (int j = 0; j < na; j++) {
                        double *out = malloc(sizeof(double) * (size_t)(a[j].nelems + 1));
                        ncsfi_cdf_att_get(&a[j], a[j].type == NC_CHAR ? NC_CHAR : NC_DOUBLE, out);
                        free(out);
                    }
                }
                ncsfi_cdf_free(&g);
            } else {
                refused++;
            }
            free(p);
        }
    CHECK(ts, refused > 0 && accepted > 0, "%s: changed headers: %ld refused, %ld parsed", path, refused, accepted);
    free(b);
    ncsfi_cdf_free(&h);
}

int main(int argc, char **argv)
{
    test_state ts;
    test_init(&ts, &argc, &argv);
    if (argc < 2) {
        fprintf(stderr, "usage: t_cdfheader DIR\n");
        MPI_Finalize();
        return 2;
    }
    static const char *kinds[] = {"cdf1", "cdf2-one-record", "cdf5-large", "aligned", "empty"};
    if (ts.rank == 0) {
        for (int w = 0; w < 5; w++) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s.nc", argv[1], kinds[w]);
            ts.where = kinds[w];
            make_file(&ts, path, w);
            compare(&ts, path);
        }
        /* not a netCDF file, a missing one, a directory */
        ncsfi_cdf_header h;
        MPI_Offset size;
        int sys;
        char path[4096];
        snprintf(path, sizeof path, "%s/junk.nc", argv[1]);
        FILE *fp = fopen(path, "w");
        if (fp) { fputs("CDF\001 not really", fp); fclose(fp); }
        ts.where = "bad files";
        CHECK(&ts, ncsfi_cdf_read(path, &h, &size, &sys) == NC_ENOTNC, "junk parsed");
        snprintf(path, sizeof path, "%s/missing.nc", argv[1]);
        CHECK(&ts, ncsfi_cdf_read(path, &h, &size, &sys) == NC_ENOENT, "a missing file was read");
        CHECK(&ts, ncsfi_cdf_read(argv[1], &h, &size, &sys) == NC_EBAD_FILE, "a directory was read");
    }
    return test_finish(&ts, "headers parsed as PnetCDF reads them, damaged ones refused");
}
