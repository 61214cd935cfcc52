/*
 * cdf_header.c: the header of a netCDF classic file (CDF-1, CDF-2 or
 * CDF-5), read with one pread and parsed here, without PnetCDF.
 *
 * ncsf made every subfile and reads only its own: the check at open
 * (subfile_check.c) and the offsets a non-home rank needs come from this
 * parse, so that a subfile is opened once by the engine for its data and
 * never by PnetCDF as well (a PnetCDF open on MPI_COMM_SELF costs an
 * MPI-IO open, a broadcast and a name normalisation per attribute looked
 * up). The layout facts are derived as PnetCDF derives them at open
 * (ncmpio_NC_var_shape64, compute_var_shape): a variable's length is its
 * elements (the record dimension left out) times its type's size, rounded
 * up to 4 bytes; the record size is the sum of the record variables'
 * lengths, unpadded when there is one record variable.
 *
 * Everything is bounds checked: a header that does not parse, or whose
 * counts run past the file, is NC_ENOTNC; nothing in it is trusted to
 * size an allocation beyond what the bytes read can hold.
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ncsfi_base.h"

/* The first read; a larger header is read again, whole. */
#define FIRST_READ ((size_t)64 << 10)
/* No subfile's header is larger (PnetCDF's own limit is far above any
 * header ncsf writes: a few hundred bytes per variable). */
#define MAX_HEADER ((MPI_Offset)1 << 30)

enum { TAG_DIM = 0x0A, TAG_VAR = 0x0B, TAG_ATT = 0x0C };
/* parse's answer when the header goes on past the bytes given (netCDF's
 * error codes are negative) */
#define MORE 1

typedef struct {
    const unsigned char *b;
    size_t n, at;
    int w;      /* bytes of a count: 4, or 8 in CDF-5 */
    int short_; /* ran past the bytes read: the header may be longer */
    int bad;    /* malformed */
} cursor;

static unsigned long long take(cursor *c, int bytes)
{
    unsigned long long x = 0;
    if (c->short_ || c->bad) return 0;
    if (c->n - c->at < (size_t)bytes) { c->short_ = 1; return 0; }
    for (int i = 0; i < bytes; i++) x = (x << 8) | c->b[c->at++];
    return x;
}

/* A count of things that each take at least min_bytes more bytes. */
static size_t take_count(cursor *c, size_t min_bytes)
{
    unsigned long long x = take(c, c->w);
    if (c->short_ || c->bad) return 0;
    if (x > (unsigned long long)MAX_HEADER / min_bytes) { c->bad = 1; return 0; }
    /* the things must fit in what was read (else more is read first):
     * no count allocates more than the bytes can describe */
    if (x * min_bytes > c->n - c->at) { c->short_ = 1; return 0; }
    return (size_t)x;
}

/* bytes, padded to 4, as a pointer into the buffer */
static const unsigned char *take_bytes(cursor *c, unsigned long long len)
{
    if (c->short_ || c->bad) return NULL;
    if (len > (unsigned long long)MAX_HEADER) { c->bad = 1; return NULL; }
    unsigned long long padded = (len + 3) / 4 * 4;
    if (padded > c->n - c->at) { c->short_ = 1; return NULL; }
    const unsigned char *p = c->b + c->at;
    c->at += (size_t)padded;
    return p;
}

static char *take_name(cursor *c)
{
    unsigned long long len = take(c, c->w);
    const unsigned char *p = take_bytes(c, len);
    if (!p) return NULL;
    if (len == 0 || len > NC_MAX_NAME || memchr(p, 0, (size_t)len)) { c->bad = 1; return NULL; }
    char *s = malloc((size_t)len + 1);
    if (!s) { c->bad = -1; return NULL; } /* -1: out of memory */
    memcpy(s, p, (size_t)len);
    s[len] = 0;
    return s;
}

static int take_atts(cursor *c, ncsfi_cdf_att **out, int *nout)
{
    unsigned long long tag = take(c, 4);
    size_t n = take_count(c, 12);
    *out = NULL;
    *nout = 0;
    if (c->short_ || c->bad) return 0;
    if (tag != TAG_ATT && !(tag == 0 && n == 0)) { c->bad = 1; return 0; }
    if (n == 0) return 0;
    ncsfi_cdf_att *a = calloc(n, sizeof *a);
    if (!a) { c->bad = -1; return 0; }
    *out = a;
    for (size_t i = 0; i < n && !c->short_ && !c->bad; i++) {
        a[i].name = take_name(c);
        a[i].type = (nc_type)take(c, 4);
        int es = ncsfi_xsize(a[i].type);
        if (!c->short_ && !c->bad && (!es || (c->w == 4 && a[i].type > NC_DOUBLE))) c->bad = 1;
        a[i].nelems = (MPI_Offset)take_count(c, 1); /* take_bytes bounds the values */
        a[i].values = take_bytes(c, (unsigned long long)a[i].nelems * (es ? es : 1));
        *nout = (int)i + 1;
    }
    return 0;
}

/* Each variable's length (one record's, or the whole; padded to 4) and
 * the record size, as PnetCDF derives them: NC_ENOTNC if they overflow. */
int ncsfi_cdf_derive(ncsfi_cdf_header *h)
{
    MPI_Offset first_rec_len = -1, first_rec_unpadded = 0;
    h->recsize = 0;
    for (int i = 0; i < h->nvars; i++) {
        ncsfi_cdf_var *v = &h->vars[i];
        MPI_Offset product = 1;
        v->record = v->ndims > 0 && v->dimids[0] == h->unlimdim;
        for (int d = v->record; d < v->ndims; d++)
            if (__builtin_mul_overflow(product, h->dims[v->dimids[d]].len, &product)) return NC_ENOTNC;
        if (__builtin_mul_overflow(product, (MPI_Offset)ncsfi_xsize(v->type), &v->len) || v->len > INT64_MAX - 3)
            return NC_ENOTNC;
        v->unpadded = v->len;
        v->len = (v->len + 3) / 4 * 4;
        if (v->record) {
            if (first_rec_len < 0) first_rec_len = v->len, first_rec_unpadded = v->unpadded;
            if (__builtin_add_overflow(h->recsize, v->len, &h->recsize)) return NC_ENOTNC;
        }
    }
    if (first_rec_len >= 0 && h->recsize == first_rec_len) h->recsize = first_rec_unpadded;
    return NC_NOERR;
}

/* The whole header in b[0..n); MORE: more bytes are needed. */
static int parse(const unsigned char *b, size_t n, ncsfi_cdf_header *h)
{
    memset(h, 0, sizeof *h);
    h->unlimdim = -1;
    if (n < 4) return n == 0 ? NC_ENOTNC : MORE;
    if (memcmp(b, "CDF", 3) || (b[3] != 1 && b[3] != 2 && b[3] != 5)) return NC_ENOTNC;
    h->format = b[3] == 5 ? NC_FORMAT_CDF5 : b[3] == 2 ? NC_FORMAT_CDF2 : NC_FORMAT_CLASSIC;
    cursor c = {b, n, 4, b[3] == 5 ? 8 : 4, 0, 0};
    h->numrecs = (MPI_Offset)take(&c, c.w);

    unsigned long long tag = take(&c, 4);
    size_t nd = take_count(&c, 8);
    if (!c.short_ && !c.bad && tag != TAG_DIM && !(tag == 0 && nd == 0)) c.bad = 1;
    if (!c.short_ && !c.bad && nd > NC_MAX_DIMS) c.bad = 1;
    if (!c.short_ && !c.bad && nd && !(h->dims = calloc(nd, sizeof *h->dims))) c.bad = -1;
    for (size_t i = 0; i < nd && !c.short_ && !c.bad; i++) {
        h->dims[i].name = take_name(&c);
        h->dims[i].len = (MPI_Offset)take(&c, c.w);
        h->ndims = (int)i + 1;
        if (c.short_ || c.bad) break;
        if (h->dims[i].len < 0) c.bad = 1;
        else if (h->dims[i].len == 0) {
            if (h->unlimdim >= 0) c.bad = 1; /* one record dimension at most */
            h->unlimdim = (int)i;
        }
    }

    take_atts(&c, &h->gatts, &h->ngatts);

    tag = take(&c, 4);
    size_t nv = take_count(&c, 16);
    if (!c.short_ && !c.bad && tag != TAG_VAR && !(tag == 0 && nv == 0)) c.bad = 1;
    if (!c.short_ && !c.bad && nv && !(h->vars = calloc(nv, sizeof *h->vars))) c.bad = -1;
    for (size_t i = 0; i < nv && !c.short_ && !c.bad; i++) {
        ncsfi_cdf_var *v = &h->vars[i];
        h->nvars = (int)i + 1;
        v->name = take_name(&c);
        size_t vd = take_count(&c, 4);
        if (c.short_ || c.bad) break;
        if (vd > NC_MAX_VAR_DIMS) { c.bad = 1; break; }
        v->ndims = (int)vd;
        if (vd && !(v->dimids = malloc(sizeof(int) * vd))) { c.bad = -1; break; }
        for (size_t d = 0; d < vd && !c.short_; d++) {
            unsigned long long id = take(&c, c.w);
            if (!c.short_ && id >= (unsigned long long)h->ndims) c.bad = 1;
            /* only the first dimension may be the record one */
            if (!c.short_ && !c.bad && d > 0 && (int)id == h->unlimdim) c.bad = 1;
            v->dimids[d] = (int)id;
        }
        take_atts(&c, &v->atts, &v->natts);
        v->type = (nc_type)take(&c, 4);
        if (!c.short_ && !c.bad && (!ncsfi_xsize(v->type) || (c.w == 4 && v->type > NC_DOUBLE))) c.bad = 1;
        take(&c, c.w); /* vsize: derived below, as PnetCDF does */
        v->begin = (MPI_Offset)take(&c, h->format == NC_FORMAT_CLASSIC ? 4 : 8);
        if (!c.short_ && !c.bad && v->begin < 0) c.bad = 1;
    }
    if (c.bad < 0) return NC_ENOMEM;
    if (c.bad) return NC_ENOTNC;
    if (c.short_) return MORE;
    h->hsize = (MPI_Offset)c.at;
    for (int i = 0; i < h->nvars; i++)
        if (h->vars[i].begin < h->hsize) return NC_ENOTNC; /* data inside the header */

    return ncsfi_cdf_derive(h);
}

void ncsfi_cdf_free(ncsfi_cdf_header *h)
{
    for (int i = 0; h->dims && i < h->ndims; i++) free(h->dims[i].name);
    for (int i = 0; h->gatts && i < h->ngatts; i++) {
        free(h->gatts[i].name);
        if (h->owned) free((void *)h->gatts[i].values);
    }
    for (int i = 0; h->vars && i < h->nvars; i++) {
        free(h->vars[i].name);
        free(h->vars[i].dimids);
        for (int j = 0; h->vars[i].atts && j < h->vars[i].natts; j++) {
            free(h->vars[i].atts[j].name);
            if (h->owned) free((void *)h->vars[i].atts[j].values);
        }
        free(h->vars[i].atts);
    }
    free(h->dims);
    free(h->gatts);
    free(h->vars);
    free(h->bytes);
    memset(h, 0, sizeof *h);
}

int ncsfi_cdf_parse(const void *bytes, size_t n, ncsfi_cdf_header *h)
{
    int err = parse(bytes, n, h);
    if (err) ncsfi_cdf_free(h);
    return err == MORE ? NC_ENOTNC : err;
}

int ncsfi_cdf_read(const char *path, ncsfi_cdf_header *h, MPI_Offset *size, int *sys_errno)
{
    return ncsfi_cdf_read_first(path, 0, h, size, sys_errno);
}

/* The header of the file open on fd (read from offset 0; fd stays open). */
static int read_fd(int fd, size_t first, ncsfi_cdf_header *h, MPI_Offset *size, int *sys_errno)
{
    struct stat sb;
    if (fstat(fd, &sb) != 0) {
        *sys_errno = errno;
        return NC_EFILE;
    }
    if (!S_ISREG(sb.st_mode)) return NC_EBAD_FILE;
    *size = (MPI_Offset)sb.st_size;
    size_t want = first ? first : FIRST_READ;
    int err = MORE;
    unsigned char *b = NULL;
    while (err == MORE) {
        if ((MPI_Offset)want > *size) want = (size_t)*size;
        unsigned char *nb = realloc(b, want ? want : 1);
        if (!nb) { err = NC_ENOMEM; break; }
        b = nb;
        ssize_t got = 0;
        while ((size_t)got < want) {
            ssize_t r = pread(fd, b + got, want - (size_t)got, (off_t)got);
            if (r < 0 && errno == EINTR) continue;
            if (r <= 0) break;
            got += r;
        }
        if ((size_t)got < want) { *sys_errno = errno; err = NC_EREAD; break; }
        err = parse(b, want, h);
        if (err == MORE) {
            ncsfi_cdf_free(h);
            /* the header goes on past what was read: read more, unless
             * that was the whole file (a header cut short) */
            if ((MPI_Offset)want >= *size || (MPI_Offset)want >= MAX_HEADER) err = NC_ENOTNC;
            else want = want * 4 > (size_t)MAX_HEADER ? (size_t)MAX_HEADER : want * 4;
        }
    }
    if (err) {
        ncsfi_cdf_free(h);
        free(b);
        return err;
    }
    h->bytes = b; /* the attributes' values point into it */
    return NC_NOERR;
}

int ncsfi_cdf_read_first(const char *path, size_t first, ncsfi_cdf_header *h, MPI_Offset *size, int *sys_errno)
{
    memset(h, 0, sizeof *h);
    *sys_errno = 0;
    int fd = open(path, O_RDONLY | O_NONBLOCK); /* a link to the subfile is followed, as before */
    if (fd < 0) {
        *sys_errno = errno;
        return errno == ENOENT ? NC_ENOENT : errno == EACCES || errno == EPERM ? NC_EACCESS : NC_EFILE;
    }
    int err = read_fd(fd, first, h, size, sys_errno);
    close(fd);
    return err;
}

int ncsfi_cdf_read_fd(int fd, ncsfi_cdf_header *h, MPI_Offset *size)
{
    int sys_errno = 0;
    memset(h, 0, sizeof *h);
    return read_fd(fd, 0, h, size, &sys_errno);
}

/* ---- lookups ------------------------------------------------------------ */

const ncsfi_cdf_att *ncsfi_cdf_att_find(const ncsfi_cdf_header *h, int varid, const char *name)
{
    const ncsfi_cdf_att *a = varid < 0 ? h->gatts : h->vars[varid].atts;
    int n = varid < 0 ? h->ngatts : h->vars[varid].natts;
    for (int i = 0; i < n; i++)
        if (a[i].name && !strcmp(a[i].name, name)) return &a[i];
    return NULL;
}

int ncsfi_cdf_varid(const ncsfi_cdf_header *h, const char *name)
{
    for (int i = 0; i < h->nvars; i++)
        if (h->vars[i].name && !strcmp(h->vars[i].name, name)) return i;
    return -1;
}

int ncsfi_cdf_dimid(const ncsfi_cdf_header *h, const char *name)
{
    for (int i = 0; i < h->ndims; i++)
        if (h->dims[i].name && !strcmp(h->dims[i].name, name)) return i;
    return -1;
}

int ncsfi_cdf_att_get(const ncsfi_cdf_att *a, nc_type memtype, void *out)
{
    if ((memtype == NC_CHAR) != (a->type == NC_CHAR)) return NC_ECHAR;
    int es = ncsfi_xsize(a->type);
    if (memtype == NC_CHAR) {
        memcpy(out, a->values, (size_t)a->nelems);
        return NC_NOERR;
    }
    if (a->nelems == 0) return NC_NOERR;
    /* a few values (a flag, a count) need no allocation */
    union { max_align_t align; unsigned char b[64]; } small; /* aligned as malloc's */
    size_t bytes = (size_t)a->nelems * es;
    void *tmp = bytes <= sizeof small.b ? small.b : malloc(bytes);
    if (!tmp) return NC_ENOMEM;
    memcpy(tmp, a->values, bytes);
    /* the file's byte order, then the memory type (netCDF's range rules) */
    int err = ncsfi_swap_convert_get(tmp, a->type, out, memtype, a->nelems);
    if (tmp != small.b) free(tmp);
    return err;
}

/* subfiling_dataset_id of a parsed header (every layer that checks whose
 * a file is asks it) */
int ncsfi_cdf_dataset_id(const ncsfi_cdf_header *h, char id[33])
{
    const ncsfi_cdf_att *a = ncsfi_cdf_att_find(h, -1, "subfiling_dataset_id");
    id[0] = 0;
    if (!a || a->type != NC_CHAR || a->nelems != 32) return 0;
    memcpy(id, a->values, 32);
    id[32] = 0;
    return 1;
}
