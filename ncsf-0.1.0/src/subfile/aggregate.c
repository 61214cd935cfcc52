/*
 * aggregate.c: collective access to one subfile by gathering.
 *
 * When the pieces a group moves in one subfile together cover one run of
 * bytes exactly (as blocks of a decomposition usually do), the group's
 * first process receives every piece straight into a buffer laid out as
 * that run (each piece's file type, placed at its offset, is the receive
 * type) and writes the run with one call; a read is the same backwards.
 * One message per piece and one contiguous transfer replace the rounds of
 * offset exchange and redistribution of generic two-phase I/O, which cost
 * most when processes share cores. Every member decides from the same
 * exchanged requests, so all take this path or none does.
 */
#include <stdlib.h>
#include <string.h>
#include "sf_internal.h"

#define CHUNK ((MPI_Offset)1 << 30) /* bytes per MPI-IO call */
#define MAX_PIECES 30000            /* pieces are told apart by tag */

static int rw_run(MPI_File fh, MPI_Offset at, char *buf, MPI_Offset len, int write)
{
    for (MPI_Offset done = 0; done < len;) {
        MPI_Offset n = len - done < CHUNK ? len - done : CHUNK;
        MPI_Status st;
        int rc = write ? MPI_File_write_at(fh, at + done, buf + done, (int)n, MPI_BYTE, &st)
                       : MPI_File_read_at(fh, at + done, buf + done, (int)n, MPI_BYTE, &st);
        if (rc != MPI_SUCCESS) return sf_error_from_mpi(rc, write ? SF_ERR_WRITE : SF_ERR_READ);
        MPI_Count got = 0;
        MPI_Get_elements_x(&st, MPI_BYTE, &got);
        if (got < n) {
            if (write) return SF_ERR_WRITE;
            /* past the end of the subfile: never written, read as zero */
            memset(buf + done + got, 0, n - got);
        }
        done += n;
    }
    return SF_OK;
}

int sf_aggregate(sf_context *ctx, sf_handle *h, int n, const sf_request **reqs,
                 const int *prank, int block, int write, int *done)
{
    MPI_Offset lo = -1, hi = -1, total = 0, a, b, nb;
    *done = 0;
    if (ctx->agg_max <= 0 || n > MAX_PIECES) return SF_OK;
    for (int i = 0; i < n; i++) {
        if (!sf_piece_extent(reqs[i], block, &a, &b, &nb)) continue;
        if (lo < 0 || a < lo) lo = a;
        if (b > hi) hi = b;
        total += nb;
    }
    if (lo < 0 || total != hi - lo || hi - lo > ctx->agg_max) return SF_OK;
    *done = 1;

    int me, err = SF_OK;
    MPI_Comm_rank(h->comm, &me);
    if (!h->byte_view) {
        /* reads and writes below use offsets in bytes from the start */
        MPI_File_set_view(h->fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
        h->byte_view = 1;
    }
    char *run = NULL;
    if (me == 0) {
        run = malloc((size_t)(hi - lo));
        if (!run) err = SF_ERR_NOMEM;
        else if (!write) err = rw_run(h->fh, lo, run, hi - lo, 0);
    }
    /* the gatherer may have failed to allocate: everyone must know before
     * messages are posted, or pieces would wait for a receive never made */
    int ok = err == SF_OK;
    MPI_Request br;
    MPI_Ibcast(&ok, 1, MPI_INT, 0, h->comm, &br);
    sf_wait(ctx, &br);
    if (!ok) return err != SF_OK ? err : SF_ERR_NOMEM;

    MPI_Request *rq = malloc(sizeof(MPI_Request) * 2 * n);
    piece *pc = malloc(sizeof(piece) * 2 * n);
    /* pieces travel as plain bytes (scattering a message into a strided
     * receive type is far slower in MPICH than a copy afterwards) */
    char **stage = calloc(n, sizeof(char *));
    int *stage_pc = malloc(sizeof(int) * n);
    int nrq = 0, npc = 0;
    if (!rq || !pc || !stage || !stage_pc) { free(rq); free(pc); free(stage); free(stage_pc); free(run); return SF_ERR_NOMEM; }
    for (int i = 0; i < n && err == SF_OK; i++) {
        int mine = prank[i] == me, e;
        if (me != 0 && !mine) continue;
        piece *p = &pc[npc];
        if (!sf_describe_piece(reqs[i], block, p, &e)) { if (e != SF_OK) err = e; continue; }
        npc++;
        if (me == 0) {
            char *at = run + (p->disp - lo);
            stage[i] = malloc((size_t)p->nbytes);
            stage_pc[i] = npc - 1;
            if (!stage[i]) { err = SF_ERR_NOMEM; break; }
            if (write) {
                MPI_Irecv(stage[i], (int)p->nbytes, MPI_BYTE, prank[i], i, h->comm, &rq[nrq++]);
            } else {
                sf_copy_piece(p, at, stage[i], 0);
                MPI_Isend(stage[i], (int)p->nbytes, MPI_BYTE, prank[i], i, h->comm, &rq[nrq++]);
            }
        }
        if (mine) {
            if (write) MPI_Isend(p->mem, 1, p->mtype, 0, i, h->comm, &rq[nrq++]);
            else MPI_Irecv(p->mem, 1, p->mtype, 0, i, h->comm, &rq[nrq++]);
            if (write) ctx->bytes_written += p->nbytes;
            else ctx->bytes_read += p->nbytes;
        }
    }
    sf_waitall(ctx, nrq, rq);
    if (me == 0 && write && err == SF_OK) {
        for (int i = 0; i < n; i++)
            if (stage[i]) {
                piece *p = &pc[stage_pc[i]];
                sf_copy_piece(p, run + (p->disp - lo), stage[i], 1);
            }
        err = rw_run(h->fh, lo, run, hi - lo, 1);
    }
    for (int i = 0; i < n; i++) free(stage[i]);
    free(stage);
    free(stage_pc);
    for (int i = 0; i < npc; i++) {
        MPI_Type_free(&pc[i].ftype);
        MPI_Type_free(&pc[i].mtype);
    }
    free(pc);
    free(rq);
    free(run);
    return err;
}
