/*
 * fuzz_attrs.c: fuzz target over the code that reads the subfiling
 * attributes of a variable (ncsfi_parse_var_atts) and over the partition
 * arithmetic a layout it accepts is then used with (sf_touched_blocks,
 * sf_piece, sf_layout_block), and over the factoring a writer does from its
 * hints (sf_grid_factor, sf_block_bounds).
 *
 * The input is decoded into a table of attributes:
 *   byte 0          the variable's type (an index into types[], low 7
 *                   bits) and the format version (high bit: 2, else 1)
 *   then records    [name index] [type index] [count] count values,
 *                   4 or 8 bytes each little-endian, or count chars
 * A layout the parser accepts must tile the array exactly: the blocks'
 * sizes add up to the array's, and requests derived from the input bytes
 * are split into pieces that lie inside their blocks and add up to the
 * request. Any violation aborts (a crash for libFuzzer, a failure for the
 * regression driver).
 *
 * Built two ways: with clang -fsanitize=fuzzer by scripts/fuzz.sh, and
 * with fuzz_main.c as an ordinary program that replays the committed
 * corpus and every crash found so far in make check.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncsf_internal.h"
#include "fuzz_attrs.h"

static const char *const att_names[] = {
    "subfiling_gndims", "subfiling_gsize", "subfiling_nfiles", "subfiling_porder",
    "subfiling_pgrid", "subfiling_index", "subfiling_starts", "subfiling_counts",
    "subfiling_names", "subfiling_dimnames", "subfiling_stem", "subfiling_bounds",
    "subfiling_block_start", "subfiling_block_count"};
#define NATT (int)(sizeof att_names / sizeof att_names[0])
static const nc_type att_types[] = {NC_INT, NC_INT64, NC_DOUBLE, NC_CHAR, NC_FLOAT};
static const nc_type var_types[] = {NC_INT, NC_DOUBLE, NC_BYTE, NC_SHORT, NC_INT64, NC_STRING, 0};
static const char *const dim_names[] = {"x", "y", "z", "t"};

typedef struct {
    nc_type type;
    int len;
    const uint8_t *val; /* len values of the type's size, little-endian */
} fuzz_att;

typedef struct { fuzz_att att[NATT]; } fuzz_table;

static int type_size(nc_type t)
{
    return t == NC_CHAR ? 1 : (t == NC_INT || t == NC_FLOAT) ? 4 : 8;
}

static uint64_t le(const uint8_t *p, int n)
{
    uint64_t x = 0;
    for (int i = n - 1; i >= 0; i--) x = (x << 8) | p[i];
    return x;
}

static int t_inq(void *ctx, const char *name, nc_type *t, MPI_Offset *len)
{
    const fuzz_table *tab = ctx;
    for (int i = 0; i < NATT; i++)
        if (!strcmp(name, att_names[i]) && tab->att[i].val) {
            *t = tab->att[i].type;
            *len = tab->att[i].len;
            return NC_NOERR;
        }
    return NC_ENOTATT;
}

/* Converts as PnetCDF would (the parser asks only for what inq said). */
static int t_get(void *ctx, const char *name, nc_type memtype, void *out)
{
    const fuzz_table *tab = ctx;
    for (int i = 0; i < NATT; i++) {
        const fuzz_att *a = &tab->att[i];
        if (strcmp(name, att_names[i]) || !a->val) continue;
        int sz = type_size(a->type);
        for (int k = 0; k < a->len; k++) {
            uint64_t raw = le(a->val + (size_t)k * sz, sz);
            double d;
            long long ll;
            switch (a->type) {
            case NC_INT: ll = (int32_t)raw; d = (double)ll; break;
            case NC_INT64: ll = (long long)raw; d = (double)ll; break;
            case NC_DOUBLE: memcpy(&d, &raw, 8); ll = (d > -9e18 && d < 9e18) ? (long long)d : 0; break;
            case NC_CHAR: ll = (long long)raw; d = (double)ll; break;
            default: { float fl; uint32_t r32 = (uint32_t)raw; memcpy(&fl, &r32, 4); d = fl;
                       ll = (d > -9e18 && d < 9e18) ? (long long)d : 0; }
            }
            switch (memtype) {
            case NC_INT:
                if (ll < INT32_MIN || ll > INT32_MAX) return NC_ERANGE;
                ((int *)out)[k] = (int)ll;
                break;
            case NC_INT64: ((long long *)out)[k] = ll; break;
            case NC_DOUBLE: ((double *)out)[k] = d; break;
            case NC_CHAR:
                if (a->type != NC_CHAR) return NC_ECHAR;
                ((char *)out)[k] = (char)raw;
                break;
            default: return NC_EBADTYPE;
            }
        }
        return NC_NOERR;
    }
    return NC_ENOTATT;
}

static int t_dimid(void *ctx, const char *name, int *id)
{
    (void)ctx;
    for (int i = 0; i < 4; i++)
        if (!strcmp(name, dim_names[i])) { *id = i; return NC_NOERR; }
    return NC_EBADDIM;
}

#define REQUIRE(c) do { if (!(c)) { \
    fprintf(stderr, "fuzz_attrs: %s:%d: invariant broken: %s\n", __FILE__, __LINE__, #c); abort(); } } while (0)

typedef struct { int n, k[64]; } visited;

static void visit(int k, void *arg)
{
    visited *v = arg;
    if (v->n < 64) v->k[v->n] = k;
    v->n++;
}

/* A request from the bytes at p (wrapping), inside the array (records
 * taken as 10 long); checks its pieces. */
static void check_request(const sf_layout *lay, const uint8_t *p, size_t n, size_t at)
{
    MPI_Offset st[SF_MAX_DIMS], ct[SF_MAX_DIMS], sd[SF_MAX_DIMS], total = 1;
    for (int d = 0; d < lay->ndims; d++) {
        MPI_Offset ext = (d == 0 && lay->record) ? 10 : lay->gsize[d];
        uint64_t r = n ? le(p + (at + 3 * d) % n, 1) | (le(p + (at + 3 * d + 1) % n, 1) << 8) : 0;
        sd[d] = 1 + (MPI_Offset)(n ? p[(at + 3 * d + 2) % n] % 4 : 0);
        if (r & 1) sd[d] = 1 + ext / 3; /* long strides too */
        st[d] = (MPI_Offset)((r >> 1) % (uint64_t)ext);
        MPI_Offset room = (ext - 1 - st[d]) / sd[d] + 1; /* elements that fit */
        ct[d] = 1 + (MPI_Offset)((r >> 9) % 3);
        if (ct[d] > room) ct[d] = room;
        total *= ct[d];
    }
    visited v = {0, {0}};
    int nb = sf_touched_blocks(lay, st, ct, sd, visit, &v);
    REQUIRE(nb == v.n && nb >= 1 && nb <= lay->nblocks);
    MPI_Offset sum = 0;
    for (int i = 0; i < nb && i < 64; i++) {
        MPI_Offset ps[SF_MAX_DIMS], pc[SF_MAX_DIMS], loc[SF_MAX_DIMS], bs[SF_MAX_DIMS], bc[SF_MAX_DIMS];
        REQUIRE(v.k[i] >= 0 && v.k[i] < lay->nblocks && (i == 0 || v.k[i] > v.k[i - 1]));
        REQUIRE(sf_piece(lay, v.k[i], st, ct, sd, ps, pc, loc) == 1);
        sf_layout_block(lay, v.k[i], bs, bc);
        MPI_Offset elems = 1;
        for (int d = 0; d < lay->ndims; d++) {
            REQUIRE(pc[d] >= 1 && loc[d] >= 0 && loc[d] + pc[d] <= ct[d]);
            REQUIRE(ps[d] == st[d] + loc[d] * sd[d]);
            if (!(d == 0 && lay->record)) {
                REQUIRE(ps[d] >= bs[d] && ps[d] + (pc[d] - 1) * sd[d] < bs[d] + bc[d]);
            }
            elems *= pc[d];
        }
        sum += elems;
    }
    if (nb <= 64) REQUIRE(sum == total);
}

static void check_layout(const sf_layout *lay, const uint8_t *p, size_t n)
{
    /* the blocks tile the array: the volumes sum to the whole, counted in
     * integers (doubles round above 2^53, and extents reach 2^62; unsigned
     * products wrap alike on both sides, so the identity still holds) */
    uint64_t vol = 1, sum = 0;
    for (int d = lay->record; d < lay->ndims; d++) vol *= (uint64_t)lay->gsize[d];
    for (int k = 0; k < lay->nblocks; k++) {
        MPI_Offset bs[SF_MAX_DIMS], bc[SF_MAX_DIMS];
        uint64_t b = 1;
        sf_layout_block(lay, k, bs, bc);
        for (int d = lay->record; d < lay->ndims; d++) {
            REQUIRE(bs[d] >= 0 && bc[d] >= 1 && bs[d] + bc[d] <= lay->gsize[d]);
            b *= (uint64_t)bc[d];
        }
        sum += b;
    }
    REQUIRE(sum == vol);
    for (size_t at = 1; at < n && at < 64; at += 7) check_request(lay, p, n, at);
}

/* What a writer computes from its hints: nfiles factored over up to 3
 * dimensions of extents taken from the input, then even block bounds. */
static void check_factoring(const uint8_t *p, size_t n)
{
    if (n < 16) return;
    int nfiles = (int)(le(p, 3) % (1 << 16)) + 1, npart = 1 + p[3] % 3, pdims[3], pgrid[3];
    MPI_Offset gsize[3];
    for (int i = 0; i < npart; i++) {
        pdims[i] = i;
        gsize[i] = (MPI_Offset)(le(p + 4 + 4 * i, 4) % 5000000000ULL) + 1;
    }
    int nb = sf_grid_factor(nfiles, npart, pdims, gsize, pgrid);
    long long prod = 1;
    for (int i = 0; i < npart; i++) {
        REQUIRE(pgrid[i] >= 1 && pgrid[i] <= gsize[i]);
        prod *= pgrid[i];
        MPI_Offset *b = malloc(sizeof(MPI_Offset) * (pgrid[i] + 1));
        REQUIRE(b != NULL);
        sf_block_bounds(gsize[i], pgrid[i], b);
        REQUIRE(b[0] == 0 && b[pgrid[i]] == gsize[i]);
        for (int c = 0; c < pgrid[i]; c++) REQUIRE(b[c + 1] > b[c]);
        free(b);
    }
    REQUIRE(prod == nb && nb >= 1 && nb <= nfiles);
    /* the home rule and its inverse agree: every block has one home, and
     * each rank's run holds exactly the blocks it is home of */
    int nprocs = 1 + p[12] % 64, fid = p[13] % 50, nbl = 1 + (int)(le(p + 14, 2) % 700);
    int *owner = calloc((size_t)nbl, sizeof(int));
    REQUIRE(owner != NULL);
    for (int r = 0; r < nprocs; r++) {
        int first, end;
        sf_home_blocks(fid, nbl, nprocs, r, &first, &end);
        REQUIRE(first >= 0 && first <= end && end <= nbl);
        for (int k = first; k < end; k++) {
            REQUIRE(owner[k] == 0 && sf_home_of(fid, k, nbl, nprocs) == r);
            owner[k] = 1;
        }
    }
    for (int k = 0; k < nbl; k++) REQUIRE(owner[k] == 1);
    free(owner);
}

int fuzz_attrs_one(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    check_factoring(data, size);
    fuzz_table tab;
    memset(&tab, 0, sizeof tab);
    size_t i = 1;
    while (i + 3 <= size) {
        int a = data[i] % NATT;
        nc_type t = att_types[data[i + 1] % 5];
        int len = data[i + 2];
        i += 3;
        size_t bytes = (size_t)len * type_size(t);
        if (bytes > size - i) { len = (int)((size - i) / type_size(t)); bytes = (size_t)len * type_size(t); }
        tab.att[a].type = t;
        tab.att[a].len = len;
        tab.att[a].val = data + i;
        i += bytes;
    }
    ncsf_file f;
    memset(&f, 0, sizeof f);
    f.dir = (char *)"base";
    f.version = (data[0] & 0x80) ? 2 : 1;
    ncsf_att_source src = {&tab, t_inq, t_get, t_dimid, NULL, "v",
                           var_types[(data[0] & 0x7f) % (sizeof var_types / sizeof var_types[0])]};
    ncsf_var *v = NULL;
    int index = -2;
    int err = ncsfi_parse_var_atts(&f, &src, 0, &v, &index);
    if (err == NC_NOERR) {
        REQUIRE(v && v->lay && index >= -1 && index < v->nfiles && v->nfiles == v->lay->nblocks);
        /* every name relative and plain, every path made (the first and
         * last 64: nfiles may be 2^24) */
        for (int k = 0; k < v->nfiles; k++) {
            char name[SF_PATH_MAX], path[SF_PATH_MAX];
            REQUIRE(ncsfi_var_name(v, k, name, sizeof name) == NC_NOERR && ncsfi_relative_path_ok(name));
            REQUIRE(strcmp(sf_layout_path(v->lay, k, path, sizeof path), "?") != 0);
            if (k == 63 && v->nfiles > 128) k = v->nfiles - 65;
        }
        check_layout(v->lay, data, size);
        sf_layout_free(v->lay);
        ncsfi_var_free(v);
        return 1;
    }
    REQUIRE(v == NULL && f.errmsg[0] != 0);
    return 0;
}

/* ---- seeds: well-formed attribute sets the fuzzer starts from ---------- */

static size_t put_att(uint8_t *b, size_t at, int name, int type, int len, const void *vals)
{
    b[at++] = (uint8_t)name;
    b[at++] = (uint8_t)type;
    b[at++] = (uint8_t)len;
    int sz = type_size(att_types[type]);
    for (int k = 0; k < len; k++) {
        uint64_t x = 0;
        if (sz == 1) x = ((const uint8_t *)vals)[k];
        else if (sz == 4) x = (uint32_t)((const int *)vals)[k];
        else memcpy(&x, (const char *)vals + 8 * k, 8);
        for (int j = 0; j < sz; j++) b[at++] = (uint8_t)(x >> (8 * j));
    }
    return at;
}

/* A well-formed layout: offsets are 64-bit integers (offtype 1) or
 * doubles (offtype 2), as CDF-5 and CDF-1/2 files hold them. */
typedef struct {
    int nd, nfiles, npart, index, offtype;
    long long gsize[3];
    int porder[2], pgrid[2];
    long long starts[12], counts[12];
    const char *names, *dimnames;
} seed_layout;

static const seed_layout seeds[3] = {
    /* 12 x 5, 3 blocks along x; names with a directory and an escape */
    {2, 3, 1, -1, 1, {12, 5}, {0}, {3}, {0, 0, 4, 0, 8, 0}, {4, 5, 4, 5, 4, 5},
     "v.0\nsub/v.1\nv.2-x%20y", "x\ny"},
    /* record variable (t, x), 2 blocks along x, as a subfile (index 1) */
    {2, 2, 1, 1, 2, {0, 7}, {1}, {2}, {0, 0, 0, 4}, {0, 4, 0, 3}, "r.0\nr.1", "t\nx"},
    /* 3-D (z, y, x) = 6 x 4 x 3, a 2 x 2 grid over z and y */
    {3, 4, 2, -1, 1, {6, 4, 3}, {0, 1}, {2, 2},
     {0, 0, 0, 0, 2, 0, 3, 0, 0, 3, 2, 0}, {3, 2, 3, 3, 2, 3, 3, 2, 3, 3, 2, 3},
     "a.0\na.1\na.2\na.3", "z\ny\nx"},
};

/* offsets as the seed's type wants them */
static size_t put_offsets(uint8_t *b, size_t at, int name, int offtype, int n, const long long *v)
{
    double d[12] = {0};
    for (int i = 0; i < n; i++) d[i] = (double)v[i];
    return put_att(b, at, name, offtype, n, offtype == 2 ? (const void *)d : (const void *)v);
}

/* Format 2 seeds: the grid and a stem; boundaries by the even rule unless
 * given; a subfile's own block. */
typedef struct {
    int nd, nfiles, npart, index, offtype;
    long long gsize[3];
    int porder[2], pgrid[2];
    int nbounds;
    long long bounds[8], bstart[3], bcount[3];
    const char *stem, *dimnames;
} seed_layout2;

static const seed_layout2 seeds2[3] = {
    /* 12 x 5, 3 even blocks along x, the placeholder, in a directory */
    {2, 3, 1, -1, 1, {12, 5}, {0}, {3}, 0, {0}, {0}, {0}, "sub/v%2Ex", "x\ny"},
    /* record variable (t, x), 2 blocks along x, subfile 1, doubles */
    {2, 2, 1, 1, 2, {0, 7}, {1}, {2}, 0, {0}, {0, 4}, {0, 3}, "r", "t\nx"},
    /* 3-D, 2 x 2 over z and y with uneven boundaries given, subfile 3 */
    {3, 4, 2, 3, 1, {6, 4, 3}, {0, 1}, {2, 2}, 6, {0, 1, 6, 0, 3, 4}, {1, 3, 0}, {5, 1, 3},
     "a", "z\ny\nx"},
};

static size_t seed2(const seed_layout2 *l, uint8_t *b)
{
    size_t at = 0;
    b[at++] = 0x80; /* NC_INT variable, format 2 */
    at = put_att(b, at, 0, 0, 1, &l->nd);
    at = put_offsets(b, at, 1, l->offtype, l->nd, l->gsize);
    at = put_att(b, at, 2, 0, 1, &l->nfiles);
    at = put_att(b, at, 3, 0, l->npart, l->porder);
    at = put_att(b, at, 4, 0, l->npart, l->pgrid);
    at = put_att(b, at, 5, 0, 1, &l->index);
    at = put_att(b, at, 10, 3, (int)strlen(l->stem), l->stem);
    if (l->nbounds) at = put_offsets(b, at, 11, l->offtype, l->nbounds, l->bounds);
    if (l->index >= 0) {
        at = put_offsets(b, at, 12, l->offtype, l->nd, l->bstart);
        at = put_offsets(b, at, 13, l->offtype, l->nd, l->bcount);
    }
    at = put_att(b, at, 9, 3, (int)strlen(l->dimnames), l->dimnames);
    return at;
}

size_t fuzz_attrs_seed(int which, uint8_t *b, size_t cap)
{
    if (cap < 512 || which < 0 || which >= FUZZ_ATTRS_NSEEDS) return 0;
    if (which >= 3) return seed2(&seeds2[which - 3], b);
    const seed_layout *l = &seeds[which];
    size_t at = 0;
    int nblk = l->nfiles * l->nd;
    b[at++] = 0; /* NC_INT variable */
    at = put_att(b, at, 0, 0, 1, &l->nd);
    at = put_offsets(b, at, 1, l->offtype, l->nd, l->gsize);
    at = put_att(b, at, 2, 0, 1, &l->nfiles);
    at = put_att(b, at, 3, 0, l->npart, l->porder);
    at = put_att(b, at, 4, 0, l->npart, l->pgrid);
    at = put_att(b, at, 5, 0, 1, &l->index);
    at = put_offsets(b, at, 6, l->offtype, nblk, l->starts);
    at = put_offsets(b, at, 7, l->offtype, nblk, l->counts);
    at = put_att(b, at, 8, 3, (int)strlen(l->names), l->names);
    at = put_att(b, at, 9, 3, (int)strlen(l->dimnames), l->dimnames);
    return at;
}
