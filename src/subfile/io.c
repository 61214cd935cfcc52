/*
 * io.c: the reads and writes themselves. A run of bytes goes in calls of
 * at most the engine's chunk; a box goes through a file view on a handle
 * this rank holds alone, which is put back to plain bytes afterwards.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include "sf_internal.h"

int sf_rw_run(sf_context *ctx, MPI_File fh, MPI_Offset at, char *buf, MPI_Offset len, int write)
{
    for (MPI_Offset done = 0; done < len;) {
        MPI_Offset n = len - done < SF_CHUNK ? len - done : SF_CHUNK;
        MPI_Status st;
        int rc = write ? MPI_File_write_at(fh, at + done, buf + done, (int)n, MPI_BYTE, &st)
                       : MPI_File_read_at(fh, at + done, buf + done, (int)n, MPI_BYTE, &st);
        if (rc != MPI_SUCCESS) return sf_error_from_mpi(rc, write ? SF_ERR_WRITE : SF_ERR_READ);
        MPI_Count got = 0;
        if (MPI_Get_elements_x(&st, MPI_BYTE, &got) != MPI_SUCCESS) got = write ? 0 : n;
        if (got < n) {
            if (write) return SF_ERR_WRITE;
            /* past the end of the subfile: never written, read as zero */
            memset(buf + done + got, 0, (size_t)(n - got));
        }
        done += n;
    }
    (void)ctx;
    return SF_OK;
}

/* Each element's bytes reversed on the way (byteswap.c), through buf. */
int sf_write_swapped(sf_context *ctx, MPI_File fh, MPI_Offset disp, const char *mem, MPI_Offset nbytes,
                     int elsize, char *buf)
{
    MPI_Offset step = SF_SWAP_STEP / elsize * elsize;
    int err = SF_OK;
    for (MPI_Offset done = 0; err == SF_OK && done < nbytes; done += step) {
        MPI_Offset n = nbytes - done < step ? nbytes - done : step;
        sf_swap_copy(mem + done, buf, elsize, n / elsize);
        err = sf_rw_run(ctx, fh, disp + done, buf, n, 1);
    }
    return err;
}

int sf_rw_box(sf_context *ctx, MPI_File fh, const sf_mybox *m, char *mem, MPI_Offset shift, int write)
{
    MPI_Status st;
    MPI_Offset disp = m->b.disp + (m->b.record ? shift : 0);
    int rc = MPI_File_set_view(fh, disp, MPI_BYTE, m->ftype, "native", MPI_INFO_NULL), err = SF_OK;
    if (rc != MPI_SUCCESS) return SF_ERR_MPI;
    rc = write ? MPI_File_write_at(fh, 0, mem + m->moff, 1, m->mtype, &st)
               : MPI_File_read_at(fh, 0, mem + m->moff, 1, m->mtype, &st);
    if (rc != MPI_SUCCESS) {
        err = sf_error_from_mpi(rc, write ? SF_ERR_WRITE : SF_ERR_READ);
    } else if (write) {
        MPI_Count got = 0;
        if (MPI_Get_elements_x(&st, MPI_BYTE, &got) != MPI_SUCCESS || got != m->b.nbytes) err = SF_ERR_WRITE;
    }
    /* a short read is the part of a subfile never written: undefined
     * values, as netCDF without fill has them */
    if (MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL) != MPI_SUCCESS) sf_keep(&err, SF_ERR_MPI);
    (void)ctx;
    return err;
}

int sf_pread_run(int fd, MPI_Offset at, char *buf, MPI_Offset len)
{
    MPI_Offset done = 0;
    while (done < len) {
        ssize_t got = pread(fd, buf + done, (size_t)(len - done), (off_t)(at + done));
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return SF_ERR_READ;
        if (got == 0) break;
        done += got;
    }
    /* past the end of the subfile: never written, read as zero */
    if (done < len) memset(buf + done, 0, (size_t)(len - done));
    return SF_OK;
}
