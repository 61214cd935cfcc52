/*
 * exec_mpiio.c: a plan carried out with collective MPI-IO on each
 * subfile's group communicator (hint subfiling_aggregate=0): the file
 * views are built from the boxes, ROMIO does the rest.
 *
 * Blocking collectives on overlapping groups are deadlock free only in a
 * common order: each rank visits its subfiles in the global (file, block)
 * order, so the lowest unfinished subfile always has all its members in
 * it. That order can chain groups that overlap (the gather method does
 * not). Each member makes the same number of collective transfers per
 * subfile (the plan's nbatch): one per run of its boxes that neither
 * overlap nor interleave, and empty ones to match the others.
 */
#include <stdlib.h>
#include "sf_internal.h"

/* This rank's boxes of batch b: [*from, *to) of s->mine. */
static void batch_range(const sf_sub *s, int b, int *from, int *to)
{
    *from = *to = s->nmine;
    for (int j = 0; j < s->nmine; j++) {
        if (s->mine[j].batch == b && *from == s->nmine) *from = j;
        if (s->mine[j].batch > b) { *to = j; return; }
    }
    if (*from < s->nmine) *to = s->nmine;
}

/* One collective transfer of boxes [from, to): a struct of their file
 * types for the view, a struct of their memory types at their addresses.
 * Types that cannot be made leave this rank with nothing to move (it
 * still takes part) and an error to report. */
static int transfer(sf_context *ctx, sf_sub *s, MPI_File fh, int from, int to, const sf_request *reqs,
                    MPI_Offset shift, int write)
{
    int n = to - from, err = SF_OK, *len = NULL, built = 0;
    MPI_Aint *fd = NULL, *md = NULL;
    MPI_Datatype *ft = NULL, *mt = NULL, fall = MPI_BYTE, mall = MPI_BYTE;
    MPI_Offset disp = 0;
    if (n > 0) {
        len = malloc(sizeof(int) * n);
        fd = malloc(sizeof(MPI_Aint) * n);
        md = malloc(sizeof(MPI_Aint) * n);
        ft = malloc(sizeof(MPI_Datatype) * n);
        mt = malloc(sizeof(MPI_Datatype) * n);
        if (!len || !fd || !md || !ft || !mt) err = SF_ERR_NOMEM;
        for (int j = 0; err == SF_OK && j < n; j++) {
            const sf_mybox *m = &s->mine[from + j];
            len[j] = 1;
            fd[j] = (MPI_Aint)(m->b.disp - s->mine[from].b.disp);
            sf_keep(&err, SF_MPI_OK(MPI_Get_address((char *)reqs[m->req].buf + m->moff, &md[j])));
            ft[j] = m->ftype;
            mt[j] = m->mtype;
        }
        if (err == SF_OK) sf_keep(&err, SF_MPI_OK(MPI_Type_create_struct(n, len, fd, ft, &fall)));
        if (err == SF_OK) {
            built = 1;
            sf_keep(&err, SF_MPI_OK(MPI_Type_create_struct(n, len, md, mt, &mall)));
            if (err != SF_OK) { sf_keep(&err, sf_type_free(&fall)); built = 0; }
        }
        if (built) {
            sf_keep(&err, SF_MPI_OK(MPI_Type_commit(&fall)));
            sf_keep(&err, SF_MPI_OK(MPI_Type_commit(&mall)));
        }
        if (err == SF_OK) disp = s->mine[from].b.disp + (s->mine[from].b.record ? shift : 0);
    }
    int moving = n > 0 && err == SF_OK;
    MPI_Status st;
    int rc = MPI_File_set_view(fh, moving ? disp : 0, MPI_BYTE, moving ? fall : MPI_BYTE, "native", MPI_INFO_NULL);
    if (rc != MPI_SUCCESS) sf_keep(&err, SF_ERR_MPI);
    /* the collective transfer is made whatever happened before it */
    void *buf = moving ? MPI_BOTTOM : NULL;
    rc = write ? MPI_File_write_all(fh, buf, moving ? 1 : 0, moving ? mall : MPI_BYTE, &st)
               : MPI_File_read_all(fh, buf, moving ? 1 : 0, moving ? mall : MPI_BYTE, &st);
    if (rc != MPI_SUCCESS) sf_keep(&err, sf_error_from_mpi(rc, write ? SF_ERR_WRITE : SF_ERR_READ));
    else if (write && moving) {
        MPI_Count got = 0, want = 0;
        if (MPI_Get_elements_x(&st, MPI_BYTE, &got) != MPI_SUCCESS) got = -1; /* counts as short */
        for (int j = 0; j < n; j++) want += s->mine[from + j].b.nbytes;
        if (got != want) sf_keep(&err, SF_ERR_WRITE);
    }
    if (built) {
        sf_keep(&err, sf_type_free(&fall));
        sf_keep(&err, sf_type_free(&mall));
    }
    free(len); free(fd); free(md); free(ft); free(mt);
    ctx->counts.mpiio_steps++;
    ctx->counts.group_waits++;
    return err;
}

int sf_exec_mpiio(sf_context *ctx, sf_plan *p, const sf_request *reqs, MPI_Offset base)
{
    int err = SF_OK;
    for (int i = 0; i < p->nsub; i++) {
        sf_sub *s = &p->subs[i];
        if (s->method != SF_MPIIO) continue;
        MPI_File fh = s->fh;
        int e = fh != MPI_FILE_NULL ? SF_OK : sf_group_open(ctx, s, &fh);
        if (e == SF_OK) {
            MPI_Offset shift = base * s->recsize;
            for (int b = 0; b < s->nbatch; b++) {
                int from, to;
                batch_range(s, b, &from, &to);
                sf_keep(&e, transfer(ctx, s, fh, from, to, reqs, shift, p->write));
            }
            if (s->keep) s->fh = fh;
            else sf_keep(&e, sf_group_close(ctx, &fh));
        }
        sf_keep(&err, sf_note_failure(ctx, e, s->file_id, s->block, p->write));
    }
    return err;
}
