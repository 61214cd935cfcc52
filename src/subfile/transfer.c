/*
 * transfer.c: move one piece (a request intersected with one block)
 * between the caller's buffer and a subfile, through a file view that
 * selects the piece inside the block and a memory type that selects it
 * inside the request buffer. No data is copied by the engine.
 */
#include <stddef.h>
#include "sf_internal.h"

static int check_status(MPI_Status *st, MPI_Count expect, int write)
{
    MPI_Count got = 0;
    MPI_Get_elements_x(st, MPI_BYTE, &got);
    if (got != expect) return write ? SF_ERR_WRITE : SF_ERR_READ;
    return SF_OK;
}

int sf_transfer_piece(sf_context *ctx, MPI_File fh, int collective,
                      const sf_request *req, int block, int write)
{
    const sf_layout *lay = req->lay;
    int nd = lay->ndims, es = lay->elsize, err;
    MPI_Offset pstart[SF_MAX_DIMS], pcount[SF_MAX_DIMS], local[SF_MAX_DIMS];
    MPI_Offset bstart[SF_MAX_DIMS], bcount[SF_MAX_DIMS];
    MPI_Offset bstep[SF_MAX_DIMS], fstep[SF_MAX_DIMS], mstep[SF_MAX_DIMS];

    if (!sf_piece(lay, block, req->start, req->count, req->stride, pstart, pcount, local))
        return collective ? sf_transfer_nothing(fh, write) : SF_OK;
    sf_layout_block(lay, block, bstart, bcount);

    /* byte steps between neighbours along each dimension, in the block
     * (file) and in the request buffer (memory) */
    MPI_Offset fb = es, mb = es, nbytes = es, disp = lay->begin[block], moff = 0;
    for (int d = nd - 1; d >= 0; d--) {
        bstep[d] = (d == 0 && lay->record) ? lay->recsize[block] : fb;
        fb *= bcount[d];
        mstep[d] = mb;
        mb *= req->count[d];
        fstep[d] = bstep[d] * req->stride[d];
        disp += (pstart[d] - bstart[d]) * bstep[d];
        moff += local[d] * mstep[d];
        nbytes *= pcount[d];
    }

    MPI_Datatype ftype, mtype;
    if ((err = sf_box_type(nd, pcount, fstep, es, &ftype)) != SF_OK) {
        if (collective) sf_transfer_nothing(fh, write);
        return err;
    }
    if ((err = sf_box_type(nd, pcount, mstep, es, &mtype)) != SF_OK) {
        MPI_Type_free(&ftype);
        if (collective) sf_transfer_nothing(fh, write);
        return err;
    }

    char *buf = (char *)req->buf + moff;
    MPI_Status st;
    int rc = MPI_File_set_view(fh, disp, MPI_BYTE, ftype, "native", MPI_INFO_NULL);
    if (rc != MPI_SUCCESS) {
        err = SF_ERR_MPI;
        if (collective) sf_transfer_nothing(fh, write);
    } else {
        if (write)
            rc = collective ? MPI_File_write_all(fh, buf, 1, mtype, &st)
                            : MPI_File_write_at(fh, 0, buf, 1, mtype, &st);
        else
            rc = collective ? MPI_File_read_all(fh, buf, 1, mtype, &st)
                            : MPI_File_read_at(fh, 0, buf, 1, mtype, &st);
        if (rc != MPI_SUCCESS) err = sf_error_from_mpi(rc, write ? SF_ERR_WRITE : SF_ERR_READ);
        else if (write) err = check_status(&st, nbytes, write);
        /* a short read is the part of a subfile never written (a hole past
         * its end): like netCDF without fill, those values are undefined;
         * a subfile cut short on disk is caught when the dataset is opened */
        if (err == SF_OK) {
            if (write) ctx->bytes_written += nbytes;
            else ctx->bytes_read += nbytes;
        }
    }
    MPI_Type_free(&ftype);
    MPI_Type_free(&mtype);
    return err;
}

/* A member with nothing to move still joins the group's collective. */
int sf_transfer_nothing(MPI_File fh, int write)
{
    MPI_Status st;
    int rc = MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
    if (rc == MPI_SUCCESS)
        rc = write ? MPI_File_write_all(fh, NULL, 0, MPI_BYTE, &st)
                   : MPI_File_read_all(fh, NULL, 0, MPI_BYTE, &st);
    return rc == MPI_SUCCESS ? SF_OK : SF_ERR_MPI;
}
