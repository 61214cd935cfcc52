/*
 * state.c: whether the writer of a dataset closed it.
 *
 * The base file carries the global attribute subfiling_state, 8 characters:
 * "writing " from creation (or from an open for writing) until close, then
 * "complete", or "failed  " when a write to a subfile failed while it was
 * open (the data of that write is not all on disk). Close changes those 8
 * bytes of the header in place, so the mark costs one small write and no
 * pass over the data. A dataset whose writer died before close still says
 * "writing ": opening it, or a failed one, is refused (unless
 * subfiling_incomplete=accept) and ncsf-info reports it.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ncsf_internal.h"

#define STATE_ATT "subfiling_state"
#define STATE_LEN 8
static const char *const marks[] = {"writing ", "complete", "failed  "};

int ncsfi_put_state(int ncid)
{
    return ncmpi_put_att_text(ncid, NC_GLOBAL, STATE_ATT, STATE_LEN, marks[NCSF_STATE_WRITING]);
}

/* NCSF_STATE_* (COMPLETE also when there is no mark: a file ncsf did not
 * create), <0 malformed */
int ncsfi_read_state(int ncid)
{
    nc_type t;
    MPI_Offset n;
    char v[STATE_LEN + 1] = "";
    if (ncmpi_inq_att(ncid, NC_GLOBAL, STATE_ATT, &t, &n) != NC_NOERR) return 1;
    if (t != NC_CHAR || n != STATE_LEN || ncmpi_get_att_text(ncid, NC_GLOBAL, STATE_ATT, v)) return -1;
    for (int i = 0; i < 3; i++)
        if (!memcmp(v, marks[i], STATE_LEN)) return i;
    return -1;
}

static void put_be(unsigned char *p, int n, unsigned long long x)
{
    for (int i = n - 1; i >= 0; i--) { p[i] = (unsigned char)(x & 0xff); x >>= 8; }
}

/* The header bytes of the attribute with value old: name length, name
 * padded to 4, NC_CHAR, count, value (CDF-5 counts take 8 bytes). */
static size_t pattern(int cdf5, const char *old, unsigned char *p)
{
    int w = cdf5 ? 8 : 4;
    size_t k = 0;
    put_be(p + k, w, strlen(STATE_ATT)); k += w;
    memcpy(p + k, STATE_ATT, 15); k += 15;
    p[k++] = 0;
    put_be(p + k, 4, NC_CHAR); k += 4;
    put_be(p + k, w, STATE_LEN); k += w;
    memcpy(p + k, old, STATE_LEN); k += STATE_LEN;
    return k;
}

static char *find(char *h, size_t n, const unsigned char *p, size_t m)
{
    for (size_t i = 0; i + m <= n; i++)
        if (!memcmp(h + i, p, m)) return h + i;
    return NULL;
}

/* Collective: rank 0 rewrites the mark in the base file's header, from
 * "writing " to state or from any mark to "writing ". */
int ncsfi_mark_state(ncsf_file *f, int state)
{
    int err = NC_NOERR, cdf5 = f->format == NC_FORMAT_CDF5;
    if (f->rank == 0) {
        MPI_Offset hsize = 0;
        unsigned char pat[64], want[64];
        int fd = open(f->path, O_RDWR);
        char *h = NULL, *at = NULL;
        if (fd < 0 || ncmpi_inq_header_size(f->ncid, &hsize) != NC_NOERR || hsize <= 0 ||
            !(h = malloc(hsize)) || pread(fd, h, hsize, 0) != hsize) {
            err = NC_EFILE;
        } else {
            size_t plen = 0;
            for (int i = 0; i < 3 && !at; i++)
                if (i != state && (i == NCSF_STATE_WRITING || state == NCSF_STATE_WRITING))
                    at = find(h, (size_t)hsize, pat, plen = pattern(cdf5, marks[i], pat));
            size_t wlen = pattern(cdf5, marks[state], want);
            if (at) {
                if (pwrite(fd, marks[state], STATE_LEN, (at - h) + plen - STATE_LEN) != STATE_LEN)
                    err = NC_EWRITE;
            } else if (!find(h, (size_t)hsize, want, wlen)) {
                /* not already so (as after a redef rewrote the header) */
                err = NC_EVARMETA;
            }
        }
        free(h);
        if (fd >= 0 && close(fd) != 0 && !err) err = NC_EWRITE;
        if (err) ncsfi_set_error(f, 1, "%s: cannot mark the dataset \"%s\"", f->path, marks[state]);
    }
    return ncsfi_agree(f->comm, err);
}
