/*
 * raw_bytes.c: every byte ncsf writes to a file outside PnetCDF's API, and
 * why each such write is safe. Nothing else in ncsf opens a dataset's files
 * with open(2) for writing.
 *
 * 1. The state mark (state.c decides which): the 8 value bytes of the
 *    global attribute subfiling_state in the base file's header. Written
 *    by one process after PnetCDF has closed the base file, so PnetCDF can
 *    no longer rewrite the header from its memory over it; only where the
 *    attribute's exact encoding stands (name length, name, NC_CHAR, length
 *    8, old value), so no other byte of the header can be hit; the same
 *    length, so nothing moves.
 * 2. The record count of a subfile: bytes 4..7 (CDF-1/2) or 4..11 (CDF-5)
 *    hold it by the format. Written after every MPI-IO handle on the
 *    subfile is closed, by the one process that finishes that subfile, and
 *    only ever raised.
 * 3. The length of a subfile or of the base file: extended (never cut) to
 *    the size its header says the data takes, so that a short file always
 *    means a damaged one and netCDF's own validator finds nothing missing.
 *    The new bytes are a hole and read as zeros, as unwritten data does in
 *    a netCDF file without fill.
 *
 * Subfiles are opened with O_NOFOLLOW and must be regular files: ncsf made
 * them, and never writes through a symbolic link or into a device or FIFO
 * put in their place. The base file is the caller's own path.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ncsf_internal.h"

static int error_of_errno(int e)
{
    switch (e) {
    case ENOENT: return NC_ENOENT;
    case EACCES: case EPERM: case EROFS: return NC_EACCESS;
    case ENOSPC: return NC_ENO_SPACE;
#ifdef EDQUOT
    case EDQUOT: return NC_EQUOTA;
#endif
    case ELOOP: return NC_EBAD_FILE; /* a symbolic link where a subfile should be */
    default: return NC_EWRITE;
    }
}

/* Open for writing; a subfile must be a regular file reached without a
 * symbolic link. */
static int open_rw(const char *path, int subfile, int *fdp)
{
    int fd = open(path, O_RDWR | (subfile ? O_NOFOLLOW | O_NONBLOCK : 0));
    if (fd < 0) return error_of_errno(errno);
    struct stat sb;
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        close(fd);
        return NC_EBAD_FILE;
    }
    *fdp = fd;
    return NC_NOERR;
}

static int close_checked(int fd, int err)
{
    if (close(fd) != 0 && !err) err = error_of_errno(errno);
    return err;
}

static void put_be(unsigned char *p, int n, unsigned long long x)
{
    for (int i = n - 1; i >= 0; i--) { p[i] = (unsigned char)(x & 0xff); x >>= 8; }
}

/* The header bytes of the global text attribute name = value (8 bytes):
 * name length, name padded to 4, NC_CHAR, count, value. */
static size_t att_pattern(int cdf5, const char *name, const char *value, unsigned char *p)
{
    int w = cdf5 ? 8 : 4;
    size_t k = 0, n = strlen(name);
    put_be(p + k, w, n); k += w;
    memcpy(p + k, name, n); k += n;
    while (k % 4) p[k++] = 0; /* the count field before the name is 4 or 8: aligned */
    put_be(p + k, 4, NC_CHAR); k += 4;
    put_be(p + k, w, 8); k += w;
    memcpy(p + k, value, 8); k += 8;
    return k;
}

static const unsigned char *find_bytes(const unsigned char *h, size_t n, const unsigned char *p, size_t m)
{
    for (size_t i = 0; i + m <= n; i++)
        if (!memcmp(h + i, p, m)) return h + i;
    return NULL;
}

int ncsfi_raw_replace_mark(const char *path, int cdf5, MPI_Offset hsize, const char *name,
                           const char *old_value, const char *new_value)
{
    unsigned char pat[128], *h;
    int fd, err = open_rw(path, 0, &fd);
    if (err) return err;
    if (hsize <= 0 || hsize > ((MPI_Offset)1 << 30) || !(h = malloc((size_t)hsize)))
        return close_checked(fd, hsize <= 0 ? NC_EVARMETA : NC_ENOMEM);
    size_t plen = att_pattern(cdf5, name, old_value, pat);
    if (pread(fd, h, (size_t)hsize, 0) != (ssize_t)hsize) {
        err = NC_EREAD;
    } else {
        const unsigned char *at = find_bytes(h, (size_t)hsize, pat, plen);
        if (!at) err = NC_EVARMETA; /* not the value we expect: leave it */
        else if (pwrite(fd, new_value, 8, (at - h) + (off_t)plen - 8) != 8)
            err = error_of_errno(errno);
    }
    free(h);
    return close_checked(fd, err);
}

int ncsfi_raw_raise_numrecs(const char *path, int format, MPI_Offset nrecs)
{
    unsigned char b[8];
    int n = format == NC_FORMAT_CDF5 ? 8 : 4, fd, err = open_rw(path, 1, &fd);
    MPI_Offset cur = 0;
    if (err) return err;
    if (pread(fd, b, n, 4) != n) return close_checked(fd, NC_EREAD);
    for (int i = 0; i < n; i++) cur = (cur << 8) | b[i];
    if (cur < nrecs) {
        put_be(b, n, (unsigned long long)nrecs);
        if (pwrite(fd, b, n, 4) != n) err = error_of_errno(errno);
    }
    return close_checked(fd, err);
}

int ncsfi_raw_extend(const char *path, int subfile, MPI_Offset size)
{
    struct stat sb;
    /* a regular file long enough already (the usual case: the data was
     * written to its end) needs nothing, and is not opened */
    if (lstat(path, &sb) == 0 && S_ISREG(sb.st_mode) && (MPI_Offset)sb.st_size >= size) return NC_NOERR;
    int fd, err = open_rw(path, subfile, &fd);
    if (err) return err;
    if (fstat(fd, &sb) != 0) err = error_of_errno(errno);
    else if ((MPI_Offset)sb.st_size < size && ftruncate(fd, (off_t)size) != 0) err = error_of_errno(errno);
    return close_checked(fd, err);
}
