/*
 * transfer.c: move pieces (a request intersected with one block) between
 * the caller's buffers and a subfile, through a file view that selects each
 * piece inside its block and a memory type that selects it inside its
 * request buffer. No data is copied by the engine.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "sf_internal.h"

int sf_piece_extent(const sf_request *req, int block, MPI_Offset *lo, MPI_Offset *hi,
                    MPI_Offset *nbytes)
{
    const sf_layout *lay = req->lay;
    int nd = lay->ndims, es = lay->elsize;
    MPI_Offset pstart[SF_MAX_DIMS], pcount[SF_MAX_DIMS], local[SF_MAX_DIMS];
    MPI_Offset bstart[SF_MAX_DIMS], bcount[SF_MAX_DIMS];
    if (!sf_piece(lay, block, req->start, req->count, req->stride, pstart, pcount, local)) return 0;
    sf_layout_block(lay, block, bstart, bcount);
    MPI_Offset fb = es, disp = lay->begin[block], last = 0, n = es;
    for (int d = nd - 1; d >= 0; d--) {
        MPI_Offset bstep = (d == 0 && lay->record) ? lay->recsize[block] : fb;
        fb *= bcount[d];
        disp += (pstart[d] - bstart[d]) * bstep;
        last += (pcount[d] - 1) * bstep * req->stride[d];
        n *= pcount[d];
    }
    *lo = disp;
    *hi = disp + last + es;
    *nbytes = n;
    return 1;
}

/* Describe the part of req in block; 0 if empty, 1 if described. */
int sf_describe_piece(const sf_request *req, int block, piece *pc, int *err)
{
    const sf_layout *lay = req->lay;
    int nd = lay->ndims, es = lay->elsize;
    MPI_Offset pstart[SF_MAX_DIMS], pcount[SF_MAX_DIMS], local[SF_MAX_DIMS];
    MPI_Offset bstart[SF_MAX_DIMS], bcount[SF_MAX_DIMS];
    MPI_Offset fstep[SF_MAX_DIMS], mstep[SF_MAX_DIMS];

    *err = SF_OK;
    if (!sf_piece(lay, block, req->start, req->count, req->stride, pstart, pcount, local)) return 0;
    sf_layout_block(lay, block, bstart, bcount);

    /* byte steps between neighbours along each dimension, in the block
     * (file) and in the request buffer (memory) */
    MPI_Offset fb = es, mb = es, moff = 0;
    pc->disp = lay->begin[block];
    pc->nbytes = es;
    for (int d = nd - 1; d >= 0; d--) {
        MPI_Offset bstep = (d == 0 && lay->record) ? lay->recsize[block] : fb;
        fb *= bcount[d];
        mstep[d] = mb;
        mb *= req->count[d];
        fstep[d] = bstep * req->stride[d];
        pc->disp += (pstart[d] - bstart[d]) * bstep;
        moff += local[d] * mstep[d];
        pc->nbytes *= pcount[d];
    }
    pc->mem = (char *)req->buf + moff;
    pc->nd = nd;
    pc->elsize = es;
    for (int d = 0; d < nd; d++) {
        pc->count[d] = pcount[d];
        pc->fstep[d] = fstep[d];
    }
    if ((*err = sf_box_type(nd, pcount, fstep, es, &pc->ftype)) != SF_OK) return 0;
    if ((*err = sf_box_type(nd, pcount, mstep, es, &pc->mtype)) != SF_OK) {
        MPI_Type_free(&pc->ftype);
        return 0;
    }
    return 1;
}

void sf_copy_piece(const piece *pc, char *file, char *packed, int to_file)
{
    int nd = pc->nd, es = pc->elsize;
    MPI_Offset idx[SF_MAX_DIMS] = {0}, outer = 1;
    if (nd == 0) {
        if (to_file) memcpy(file, packed, es); else memcpy(packed, file, es);
        return;
    }
    /* the innermost dimension is one run if its items are adjacent */
    MPI_Offset inner = pc->count[nd - 1];
    int run = pc->fstep[nd - 1] == es;
    for (int d = 0; d < nd - 1; d++) outer *= pc->count[d];
    for (MPI_Offset o = 0; o < outer; o++) {
        char *f = file;
        for (int d = 0; d < nd - 1; d++) f += idx[d] * pc->fstep[d];
        if (run) {
            if (to_file) memcpy(f, packed, inner * es); else memcpy(packed, f, inner * es);
            packed += inner * es;
        } else {
            for (MPI_Offset i = 0; i < inner; i++, packed += es) {
                if (to_file) memcpy(f + i * pc->fstep[nd - 1], packed, es);
                else memcpy(packed, f + i * pc->fstep[nd - 1], es);
            }
        }
        for (int d = nd - 2; d >= 0 && ++idx[d] == pc->count[d]; d--) idx[d] = 0;
    }
}

static int check_status(MPI_Status *st, MPI_Offset expect)
{
    MPI_Count got = 0;
    MPI_Get_elements_x(st, MPI_BYTE, &got);
    return got == expect ? SF_OK : SF_ERR_WRITE;
}

/* One view, one call: the file type at disp, the memory type at buf. */
static int move(sf_context *ctx, MPI_File fh, int collective, MPI_Offset disp,
                MPI_Datatype ftype, void *buf, MPI_Datatype mtype, MPI_Offset nbytes, int write)
{
    MPI_Status st;
    int err, rc = MPI_File_set_view(fh, disp, MPI_BYTE, ftype, "native", MPI_INFO_NULL);
    if (rc != MPI_SUCCESS) {
        if (collective) sf_transfer_nothing(fh, write);
        return SF_ERR_MPI;
    }
    if (write)
        rc = collective ? MPI_File_write_all(fh, buf, 1, mtype, &st)
                        : MPI_File_write_at(fh, 0, buf, 1, mtype, &st);
    else
        rc = collective ? MPI_File_read_all(fh, buf, 1, mtype, &st)
                        : MPI_File_read_at(fh, 0, buf, 1, mtype, &st);
    if (rc != MPI_SUCCESS) err = sf_error_from_mpi(rc, write ? SF_ERR_WRITE : SF_ERR_READ);
    /* a short read is the part of a subfile never written (a hole past its
     * end): like netCDF without fill, those values are undefined; a subfile
     * cut short on disk is caught when the dataset is opened */
    else err = write ? check_status(&st, nbytes) : SF_OK;
    if (err == SF_OK) {
        if (write) ctx->bytes_written += nbytes;
        else ctx->bytes_read += nbytes;
    }
    return err;
}

int sf_transfer_piece(sf_context *ctx, MPI_File fh, int collective,
                      const sf_request *req, int block, int write)
{
    return sf_transfer_pieces(ctx, fh, collective, 1, &req, block, write);
}

int sf_transfer_pieces(sf_context *ctx, MPI_File fh, int collective, int n,
                       const sf_request **reqs, int block, int write)
{
    piece one, *pc = n == 1 ? &one : malloc(sizeof(piece) * n);
    int err = SF_OK, m = 0;
    if (!pc) {
        if (collective) sf_transfer_nothing(fh, write);
        return SF_ERR_NOMEM;
    }
    for (int i = 0; i < n && err == SF_OK; i++) {
        int e;
        if (sf_describe_piece(reqs[i], block, &pc[m], &e)) m++;
        if (e != SF_OK) err = e;
    }
    if (err != SF_OK || m == 0) {
        if (collective) sf_transfer_nothing(fh, write);
    } else if (m == 1) {
        err = move(ctx, fh, collective, pc[0].disp, pc[0].ftype, pc[0].mem, pc[0].mtype, pc[0].nbytes, write);
    } else {
        /* pieces of different variables lie one after another in the file:
         * one struct type each for file and memory, one collective call */
        int *len = malloc(sizeof(int) * m);
        MPI_Aint *fd = malloc(sizeof(MPI_Aint) * m), *md = malloc(sizeof(MPI_Aint) * m);
        MPI_Datatype *ft = malloc(sizeof(MPI_Datatype) * m), *mt = malloc(sizeof(MPI_Datatype) * m);
        MPI_Datatype fall, mall;
        MPI_Offset total = 0;
        for (int i = 0; i < m; i++) {
            len[i] = 1;
            fd[i] = (MPI_Aint)(pc[i].disp - pc[0].disp);
            MPI_Get_address(pc[i].mem, &md[i]);
            ft[i] = pc[i].ftype;
            mt[i] = pc[i].mtype;
            total += pc[i].nbytes;
        }
        MPI_Type_create_struct(m, len, fd, ft, &fall);
        MPI_Type_create_struct(m, len, md, mt, &mall);
        MPI_Type_commit(&fall);
        MPI_Type_commit(&mall);
        err = move(ctx, fh, collective, pc[0].disp, fall, MPI_BOTTOM, mall, total, write);
        MPI_Type_free(&fall);
        MPI_Type_free(&mall);
        free(len); free(fd); free(md); free(ft); free(mt);
    }
    for (int i = 0; i < m; i++) {
        MPI_Type_free(&pc[i].ftype);
        MPI_Type_free(&pc[i].mtype);
    }
    if (pc != &one) free(pc);
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
