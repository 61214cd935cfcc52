/*
 * raw_bytes.c: every byte ncsf writes to a file outside PnetCDF's API, and
 * why each such write is safe. Nothing else in ncsf opens a dataset's files
 * with open(2) for writing.
 *
 * 1. The state mark (state.c decides which): the 8 value bytes of the
 *    global attribute subfiling_state in the base file's header. Written
 *    by one process after PnetCDF has closed the base file, so PnetCDF can
 *    no longer rewrite the header from its memory over it; only where the
 *    header's own structure (parsed whole by base/cdf_header.c) puts that
 *    attribute's value, and only if it is
 *    NC_CHAR of length 8 holding the old value, so no other byte of the
 *    header can be hit (an application's attribute whose bytes happen to
 *    spell the mark is never mistaken for it); the same length, so
 *    nothing moves.
 *    And at a sync, while PnetCDF has the file open: "synced  " over
 *    "writing ", found the same way, by process 0 once every process's
 *    data is on disk; then by each process, before it changes anything,
 *    "writing " over "synced  " at that same place (and only there, and
 *    only over "synced  "). The header cannot have moved in between:
 *    only a redef or a rename moves it, and each puts the mark back
 *    first. Should PnetCDF rewrite the header from its memory, it writes
 *    "writing ", which is what the mark must say by then.
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
 * 4. No byte at all, but room: before a subfile's header is rewritten
 *    (attributes changed after its data was written: PnetCDF then moves
 *    the data behind a header that grew), the blocks the move will write
 *    are allocated with fallocate(FALLOC_FL_KEEP_SIZE), the length left as
 *    it is. PnetCDF 1.12.3 does not report a failed write while it moves
 *    data (only an error it maps to NC_EFILE stops it; NC_ENO_SPACE does
 *    not), so a full file system would otherwise lose data in silence.
 *
 * 5. The fill value of each scalar placeholder in the base file, written
 *    by process 0 at the enddef that defined it (or at the next collective
 *    sync or close), at the placeholder's own offset, which PnetCDF gave
 *    it: after PnetCDF wrote the header, inside the data section, where
 *    PnetCDF never writes (ncsf never hands a placeholder to PnetCDF's put
 *    calls). A reduction of every process follows before the call
 *    returns, so no process can write through PnetCDF again until the
 *    bytes are in the file (an MPI-IO read-modify-write of a neighbouring
 *    variable then reads them); the file is closed after the write, which
 *    hands the bytes to the server on a file system that caches (NFS).
 *
 * Subfiles are opened with O_NOFOLLOW and must be regular files: ncsf made
 * them, and never writes through a symbolic link or into a device or FIFO
 * put in their place. The base file is the caller's own path.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* fallocate, FALLOC_FL_KEEP_SIZE */
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
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

/* Where the value bytes of the global NC_CHAR attribute name of nbytes
 * characters stand in the header of n bytes, found by the header's
 * structure (base/cdf_header.c: never by looking for bytes that might
 * stand in an attribute of the application's); -1 if there is none such
 * or the header does not parse. */
static long long global_text_att(const unsigned char *h, size_t n, const char *name, MPI_Offset nbytes)
{
    ncsfi_cdf_header hdr;
    long long at = -1;
    if (ncsfi_cdf_parse(h, n, &hdr) != NC_NOERR) return -1;
    const ncsfi_cdf_att *a = ncsfi_cdf_att_find(&hdr, -1, name);
    if (a && a->type == NC_CHAR && a->nelems == nbytes) at = (long long)(a->values - h);
    ncsfi_cdf_free(&hdr);
    return at;
}

int ncsfi_raw_replace_mark(const char *path, MPI_Offset hsize, const char *name, const char *old_value,
                           const char *old_value2, const char *new_value, MPI_Offset *atp)
{
    unsigned char *h;
    int fd, err = open_rw(path, 0, &fd);
    if (err) return err;
    if (hsize <= 0 || hsize > ((MPI_Offset)1 << 30) || !(h = malloc((size_t)hsize)))
        return close_checked(fd, hsize <= 0 ? NC_EVARMETA : NC_ENOMEM);
    /* hsize may be more than the file holds: in define mode PnetCDF 1.15's
     * ncmpi_inq_header_size counts the definitions not yet written (a
     * close after an enddef refused for size); the header on disk is
     * whole in what the file has */
    ssize_t got = pread(fd, h, (size_t)hsize, 0);
    if (got <= 0) {
        err = NC_EREAD;
    } else {
        long long at = global_text_att(h, (size_t)got, name, 8);
        if (at < 0 || (memcmp(h + at, old_value, 8) && (!old_value2 || memcmp(h + at, old_value2, 8))))
            err = NC_EVARMETA; /* not a value we expect: leave it */
        else if (pwrite(fd, new_value, 8, (off_t)at) != 8)
            err = error_of_errno(errno);
        if (!err && atp) *atp = (MPI_Offset)at;
    }
    free(h);
    return close_checked(fd, err);
}

int ncsfi_raw_mark_at(const char *path, MPI_Offset at, const char *old_value, const char *new_value)
{
    char v[8];
    int fd, err = open_rw(path, 0, &fd);
    if (err) return err;
    if (pread(fd, v, 8, (off_t)at) != 8) err = NC_EREAD;
    else if (!memcmp(v, new_value, 8)) err = NC_NOERR; /* another process was first */
    else if (memcmp(v, old_value, 8)) err = NC_EVARMETA;
    else if (pwrite(fd, new_value, 8, (off_t)at) != 8) err = error_of_errno(errno);
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

int ncsfi_raw_reserve(const char *path, MPI_Offset extra, MPI_Offset *len)
{
    struct stat sb;
    int fd, err = open_rw(path, 1, &fd);
    if (err) return err;
    if (fstat(fd, &sb) != 0) return close_checked(fd, error_of_errno(errno));
    *len = (MPI_Offset)sb.st_size;
#ifdef FALLOC_FL_KEEP_SIZE
    if (fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, (off_t)(sb.st_size + extra)) != 0 &&
        errno != EOPNOTSUPP && errno != ENOSYS)
        err = error_of_errno(errno);
#else
    (void)extra;
#endif
    return close_checked(fd, err);
}

int ncsfi_raw_space_error(const char *path)
{
    struct statvfs s;
    return statvfs(path, &s) == 0 && s.f_bavail == 0 ? NC_ENO_SPACE : NC_EWRITE;
}

int ncsfi_raw_write_pieces(const char *path, int n, const MPI_Offset *at, const unsigned char *bytes,
                           const int *len)
{
    int fd, err = open_rw(path, 0, &fd);
    if (err) return err;
    size_t from = 0;
    for (int i = 0; i < n && !err; from += (size_t)len[i++])
        if (pwrite(fd, bytes + from, (size_t)len[i], (off_t)at[i]) != (ssize_t)len[i]) err = error_of_errno(errno);
    return close_checked(fd, err);
}
