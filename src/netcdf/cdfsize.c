/*
 * cdfsize.c: what a classic netCDF file's header (CDF-1, CDF-2, CDF-5)
 * says, read without netCDF-C: the length the file must have (the end of
 * its last fixed-size variable or of its last record: netCDF-C reads zeros
 * past the end of a file cut short, so a reader that wants to notice one
 * computes this itself, doc/format.md, Completeness), and whether it has a
 * global attribute of a given name (route.c: one read of the header's
 * start, not an open by netCDF-C, for every classic file a program opens).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncsfnc.h"

typedef struct {
    const unsigned char *p;
    size_t len, at;
    int version;
    int bad;
} cursor;

static const unsigned char *take(cursor *c, size_t n)
{
    if (c->bad || n > c->len - c->at) {
        c->bad = 1;
        return NULL;
    }
    const unsigned char *r = c->p + c->at;
    c->at += n;
    return r;
}

static unsigned long long be(cursor *c, int n)
{
    const unsigned char *b = take(c, (size_t)n);
    unsigned long long v = 0;
    for (int i = 0; b && i < n; i++) v = v << 8 | b[i];
    return v;
}

static long long count(cursor *c) { return c->version == 5 ? (long long)be(c, 8) : (long long)be(c, 4); }
static long long offset(cursor *c) { return c->version == 1 ? (long long)be(c, 4) : (long long)be(c, 8); }

static int type_size(int t)
{
    static const int s[] = {0, 1, 1, 2, 4, 4, 8, 1, 2, 4, 8, 8};
    return t >= 1 && t <= 11 ? s[t] : 1;
}

static void skip_name(cursor *c)
{
    long long n = count(c);
    if (n < 0 || n > (1 << 20)) c->bad = 1;
    else take(c, (size_t)(n + (4 - n % 4) % 4));
}

static void skip_atts(cursor *c)
{
    long long tag = (long long)be(c, 4), n = count(c);
    if (!tag) return;
    for (long long i = 0; i < n && !c->bad; i++) {
        skip_name(c);
        int t = (int)be(c, 4);
        long long m = count(c), size = m * type_size(t);
        if (m < 0 || size < 0) c->bad = 1;
        else take(c, (size_t)(size + (4 - size % 4) % 4));
    }
}

/* from a header held whole in data; -1 if it runs past the end */
static long long expected(const unsigned char *data, size_t len, int version)
{
    cursor c = {data, len, 4, version, 0};
    long long numrecs = count(&c);
    if (version != 5 && numrecs == 0xFFFFFFFFLL) numrecs = 0; /* streaming */
    long long tag = (long long)be(&c, 4), ndims = count(&c);
    if (ndims < 0 || ndims > 65536) return -1;
    long long *dims = calloc((size_t)(ndims ? ndims : 1), sizeof *dims);
    if (!dims) return -1;
    for (long long i = 0; tag && i < ndims && !c.bad; i++) {
        skip_name(&c);
        dims[i] = count(&c);
    }
    skip_atts(&c);
    tag = (long long)be(&c, 4);
    long long nvars = count(&c), fixed_end = 0, recsize = 0, nrec = 0, last_rec = 0, rec_end = 0;
    for (long long v = 0; tag && v < nvars && !c.bad; v++) {
        skip_name(&c);
        long long nd = count(&c), first = -1, n = 1;
        for (long long i = 0; i < nd && !c.bad; i++) {
            long long id = count(&c);
            if (id < 0 || id >= ndims) {
                c.bad = 1;
                break;
            }
            if (i == 0) first = id;
            if (!(i == 0 && dims[id] == 0)) n *= dims[id];
        }
        skip_atts(&c);
        int t = (int)be(&c, 4);
        long long vsize = count(&c), begin = offset(&c);
        n *= type_size(t);
        if (nd && dims[first] == 0) {
            recsize += vsize;
            nrec++;
            last_rec = n;
            if (begin > rec_end) rec_end = begin;
        } else if (begin + n > fixed_end) {
            fixed_end = begin + n;
        }
    }
    free(dims);
    if (c.bad) return -1;
    long long end = fixed_end > (long long)c.at ? fixed_end : (long long)c.at;
    if (nrec && numrecs) {
        if (nrec == 1) recsize = last_rec; /* one record variable: no padding between records */
        /* the last record variable (greatest begin) ends the file */
        long long e = rec_end + (numrecs - 1) * recsize + last_rec;
        if (e > end) end = e;
    }
    return end;
}

/* 1 if the header held in data has a global attribute called name, 0 if
 * not, -1 if it runs past the end of data */
static int gatt_in(const unsigned char *data, size_t len, int version, const char *name)
{
    cursor c = {data, len, 4, version, 0};
    size_t want = strlen(name);
    (void)count(&c); /* numrecs */
    long long tag = (long long)be(&c, 4), ndims = count(&c);
    if (ndims < 0) return -1;
    for (long long i = 0; tag && i < ndims && !c.bad; i++) {
        skip_name(&c);
        (void)count(&c);
    }
    tag = (long long)be(&c, 4);
    long long n = count(&c);
    for (long long i = 0; tag && i < n && !c.bad; i++) {
        long long nlen = count(&c);
        if (nlen < 0 || nlen > (1 << 20)) return -1;
        const unsigned char *nm = take(&c, (size_t)(nlen + (4 - nlen % 4) % 4));
        if (nm && (size_t)nlen == want && !memcmp(nm, name, want)) return 1;
        int t = (int)be(&c, 4);
        long long m = count(&c);
        if (m < 0 || m > (1LL << 40)) return -1; /* (netCDF-C says what it makes of it) */
        long long size = m * type_size(t);
        take(&c, (size_t)(size + (4 - size % 4) % 4));
    }
    return c.bad ? -1 : 0;
}

/* What parse makes of a classic file's header, read whole into memory
 * (4 KiB, then 4 times as much while parse says it runs past the end:
 * -1); not_classic if the file cannot be read or is not CDF-1, 2 or 5. */
typedef long long (*header_parse)(const unsigned char *data, size_t len, int version, const char *arg);

static long long with_header(const char *path, header_parse parse, const char *arg, long long not_classic)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) return not_classic;
    unsigned char head[4];
    long long r = not_classic;
    if (fread(head, 1, 4, fp) == 4 && !memcmp(head, "CDF", 3) && (head[3] == 1 || head[3] == 2 || head[3] == 5)) {
        r = -1;
        for (size_t size = 4096; r < 0 && size <= ((size_t)1 << 28); size *= 4) {
            unsigned char *buf = malloc(size);
            if (!buf) break;
            rewind(fp);
            size_t got = fread(buf, 1, size, fp);
            r = parse(buf, got, head[3], arg);
            free(buf);
            if (got < size) break;
        }
    }
    fclose(fp);
    return r;
}

static long long gatt_parse(const unsigned char *data, size_t len, int version, const char *name)
{
    return gatt_in(data, len, version, name);
}

static long long size_parse(const unsigned char *data, size_t len, int version, const char *unused)
{
    (void)unused;
    return expected(data, len, version);
}

int ncsfnc_classic_has_gatt(const char *path, const char *name)
{
    return (int)with_header(path, gatt_parse, name, -2);
}

long long ncsfnc_expected_size(const char *path)
{
    return with_header(path, size_parse, NULL, -1);
}
