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
 *    only ever raised. The base file's the same way at a close, by process
 *    0 after PnetCDF's close, when the record placeholders' last records
 *    were written as in 5. (PnetCDF never saw them).
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
 *    At a close in collective mode, the record placeholders' new records
 *    too (each a placeholder's fill value at its offset plus the record
 *    number times the record size, those adjacent in one write): the
 *    last writes to the base file before PnetCDF's close, which writes
 *    nothing there in collective mode; the reduction that follows makes
 *    every process wait for them as above.
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
#include "ncsfi_subfiles.h"

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

/* The lock that makes a change of the state mark one read-modify-write
 * across processes and jobs: a write lock on one byte far beyond any
 * data (no I/O of PnetCDF's or ROMIO's ever reaches or locks it, so the
 * lock cannot meet theirs), by open file description where the system
 * has such locks, else by process. A file system that refuses locks
 * leaves the change unlocked, as it would be without this. The lock goes
 * with the descriptor's close, or the process's death. */
#define MARK_LOCK_AT ((off_t)1 << 62)

static void lock_mark(int fd)
{
    struct flock l;
    memset(&l, 0, sizeof l);
    l.l_type = F_WRLCK;
    l.l_whence = SEEK_SET;
    l.l_start = MARK_LOCK_AT;
    l.l_len = 1;
#ifdef F_OFD_SETLKW
    for (;;) {
        if (fcntl(fd, F_OFD_SETLKW, &l) == 0) return;
        if (errno != EINTR) break;
    }
    memset(&l, 0, sizeof l);
    l.l_type = F_WRLCK;
    l.l_whence = SEEK_SET;
    l.l_start = MARK_LOCK_AT;
    l.l_len = 1;
#endif
    for (;;) {
        if (fcntl(fd, F_SETLKW, &l) == 0 || errno != EINTR) return;
    }
}

/* Where the value bytes of the global NC_CHAR attribute name of 8
 * characters stand in the base file open on fd, found by the header's
 * structure (base/cdf_header.c: never by looking for bytes that might
 * stand in an attribute of the application's). */
static int find_mark(int fd, const char *name, MPI_Offset *atp)
{
    ncsfi_cdf_header hdr;
    MPI_Offset size;
    int err = ncsfi_cdf_read_fd(fd, &hdr, &size);
    if (err) return err == NC_ENOMEM || err == NC_EREAD ? err : NC_EVARMETA;
    const ncsfi_cdf_att *a = ncsfi_cdf_att_find(&hdr, -1, name);
    if (a && a->type == NC_CHAR && a->nelems == 8) *atp = (MPI_Offset)(a->values - hdr.bytes);
    else err = NC_EVARMETA;
    ncsfi_cdf_free(&hdr);
    return err;
}

static int read8(int fd, MPI_Offset at, char v[8])
{
    return pread(fd, v, 8, (off_t)at) == 8 ? NC_NOERR : NC_EREAD;
}

/* Is v a mark (the edit, tried on a copy, does not say NCSFI_MARK_NOT_HERE)? */
static int is_mark(const char v[8], ncsfi_mark_edit edit, void *arg)
{
    char w[8];
    memcpy(w, v, 8);
    return edit(w, arg) != NCSFI_MARK_NOT_HERE;
}

int ncsfi_raw_mark_update(const char *path, const char *name, MPI_Offset *atp, ncsfi_mark_edit edit, void *arg)
{
    char v[8], old[8];
    MPI_Offset at = *atp;
    int fd, err = open_rw(path, 0, &fd);
    if (err) return err;
    lock_mark(fd);
    /* where it stood at the last change, unless the header moved since
     * (a redef, a rename): then found again */
    if (at <= 0 || read8(fd, at, v) || !is_mark(v, edit, arg)) {
        err = find_mark(fd, name, &at);
        if (!err) err = read8(fd, at, v);
    }
    memcpy(old, v, 8);
    if (!err) err = edit(v, arg);
    if (err == NCSFI_MARK_NOT_HERE) err = NC_EVARMETA; /* where the header says: damaged */
    if (!err && memcmp(v, old, 8) && pwrite(fd, v, 8, (off_t)at) != 8) err = error_of_errno(errno);
    if (!err) *atp = at;
    return close_checked(fd, err);
}

int ncsfi_raw_mark_hold(const char *path, const char *name, ncsfi_mark_hold *h)
{
    MPI_Offset at = 0;
    h->fd = -1;
    h->found = 0;
    int fd, err = open_rw(path, 0, &fd);
    if (err) return err;
    lock_mark(fd);
    h->fd = fd;
    /* no mark on disk yet (a create's first enddef) is no error */
    if (!find_mark(fd, name, &at) && !read8(fd, at, h->saved)) h->found = 1;
    return NC_NOERR;
}

int ncsfi_raw_mark_release(const char *name, ncsfi_mark_hold *h, ncsfi_mark_edit edit, void *arg,
                           MPI_Offset *atp)
{
    if (h->fd < 0) return NC_NOERR;
    int err = NC_NOERR;
    MPI_Offset at = 0;
    char v[8], now[8];
    if (h->found && edit) {
        /* where the header rewritten puts it now */
        err = find_mark(h->fd, name, &at);
        if (!err) err = read8(h->fd, at, now);
        memcpy(v, h->saved, 8);
        if (!err) err = edit(v, arg);
        if (err == NCSFI_MARK_NOT_HERE) err = NC_EVARMETA;
        if (!err && memcmp(v, now, 8) && pwrite(h->fd, v, 8, (off_t)at) != 8) err = error_of_errno(errno);
        if (!err && atp) *atp = at;
    }
    err = close_checked(h->fd, err);
    h->fd = -1;
    return err;
}

int ncsfi_raw_raise_numrecs(const char *path, int subfile, int format, MPI_Offset nrecs)
{
    unsigned char b[8];
    int n = format == NC_FORMAT_CDF5 ? 8 : 4, fd, err = open_rw(path, subfile, &fd);
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
