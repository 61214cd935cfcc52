/*
 * exec_gather.c: a plan carried out by gathering each subfile's data at
 * its leader, which alone opens the subfile (on MPI_COMM_SELF) and moves
 * it in runs of at most the gather limit.
 *
 * No chain of groups: every rank first posts all of its messages to the
 * leaders it sends to (writes) or receives from (reads), then does its
 * own leading, round after round, then waits for its messages. A leader
 * waits only for messages already posted, so the critical path of a call
 * does not grow with the number of subfiles, however the groups overlap.
 *
 * Messages between a member and a leader are matched by order: both walk
 * the leader's subfiles in the plan's order and, within a subfile, the
 * member's boxes by file offset, so one tag serves the whole call.
 *
 * Nothing is allocated here (the plan holds the requests, the context the
 * leader's buffer): a rank that meets an error (a subfile it cannot open,
 * a write that fails) still sends and receives everything, so nobody
 * waits for it, and reports the error at the call's last reduction.
 */
#include <string.h>
#include "sf_internal.h"

static char *buffer_of(const sf_request *reqs, const sf_mybox *m)
{
    return (char *)reqs[m->req].buf;
}

/* Record boxes of a relative plan move with the call's record base. */
static MPI_Offset shift_of(const sf_sub *s, MPI_Offset base)
{
    return base * s->recsize;
}

/* Member side: every box of every subfile led by another rank. A write
 * whose elements are reversed on the way sends the boxes of requests
 * marked swap packed and reversed from sw->send (in the order posted). */
static int post_member_messages(sf_context *ctx, sf_plan *p, const sf_request *reqs, const sf_swapping *sw,
                                int *nq)
{
    int err = SF_OK;
    char *send = sw ? sw->send : NULL;
    for (int i = 0; i < p->nsub; i++) {
        sf_sub *s = &p->subs[i];
        if (s->method != SF_GATHER || s->leader == ctx->rank) continue;
        for (int j = 0; j < s->nmine; j++) {
            sf_mybox *m = &s->mine[j];
            char *at = buffer_of(reqs, m) + m->moff;
            int rc;
            if (p->write && send && reqs[m->req].swap) {
                /* sent even if the packing failed (the leader waits for
                 * it): the error is this rank's, told at the last reduction */
                int pos = 0;
                if (MPI_Pack(at, 1, m->mtype, send, (int)m->b.nbytes, &pos, MPI_COMM_SELF) != MPI_SUCCESS)
                    sf_keep(&err, SF_ERR_MPI);
                sf_swap(send, m->b.elsize, m->b.nbytes / m->b.elsize);
                rc = MPI_Isend(send, (int)m->b.nbytes, MPI_BYTE, s->leader, SF_TAG_DATA, ctx->comm, &p->reqs[*nq]);
                send += m->b.nbytes;
            } else {
                rc = p->write ? MPI_Isend(at, 1, m->mtype, s->leader, SF_TAG_DATA, ctx->comm, &p->reqs[*nq])
                              : MPI_Irecv(at, 1, m->mtype, s->leader, SF_TAG_DATA, ctx->comm, &p->reqs[*nq]);
            }
            if (rc != MPI_SUCCESS) { p->reqs[*nq] = MPI_REQUEST_NULL; sf_keep(&err, SF_ERR_MPI); }
            (*nq)++;
            ctx->counts.gather_msgs++;
            if (p->write) sf_count_sent(ctx, s->leader, m->b.nbytes);
        }
    }
    return err;
}

/* A round that holds only a few boxes, all of this rank's, each one run
 * of bytes in the subfile, moves straight between the caller's buffers
 * and the file (no copy through the leader's buffer, no read or write of
 * the holes around them). */
enum { SF_DIRECT_BOXES = 16 };
static int round_is_direct(const sf_sub *s, int r)
{
    int first = s->round_first[r], last = s->round_first[r + 1];
    if (last - first > SF_DIRECT_BOXES) return 0;
    for (int k = first; k < last; k++)
        if (s->all[k].mine < 0 || s->all[k].b.nbytes != s->all[k].b.span) return 0;
    return 1;
}

int sf_gather_swap_on_the_way(const sf_plan *p, int rank, const sf_request *reqs, MPI_Offset *send_bytes)
{
    MPI_Offset send = 0;
    for (int i = 0; i < p->nsub; i++) {
        const sf_sub *s = &p->subs[i];
        if (!s->nmine) continue;
        if (s->method != SF_GATHER) return 0;
        if (s->leader != rank) {
            for (int j = 0; j < s->nmine; j++)
                if (reqs[s->mine[j].req].swap) send += s->mine[j].b.nbytes;
            if (send > SF_SWAP_SEND_MAX) return 0;
            continue;
        }
        /* a direct round writes from the caller's buffer: one run there */
        for (int r = 0; r < s->nrounds; r++) {
            if (!round_is_direct(s, r)) continue;
            for (int k = s->round_first[r]; k < s->round_first[r + 1]; k++) {
                const sf_mybox *m = &s->mine[s->all[k].mine];
                if (reqs[m->req].swap && !sf_mybox_mem_contiguous(m)) return 0;
            }
        }
    }
    *send_bytes = send;
    return 1;
}

/* A direct round, written in order, so the later of two overlapping boxes
 * wins; with swapbuf, the boxes of requests marked swap are reversed on
 * the way through it (byteswap.c). 1 if it was done that way. */
static int write_round_direct(sf_context *ctx, sf_sub *s, int r, MPI_File fh, int fh_err,
                              const sf_request *reqs, MPI_Offset shift, const sf_swapping *sw, int *err)
{
    char *swapbuf = sw ? sw->chunk : NULL;
    if (!round_is_direct(s, r)) return 0;
    for (int k = s->round_first[r]; k < s->round_first[r + 1] && fh_err == SF_OK && *err == SF_OK; k++) {
        const sf_mybox *m = &s->mine[s->all[k].mine];
        const sf_request *q = &reqs[m->req];
        if (swapbuf && q->swap && q->lay->elsize > 1) {
            sf_keep(err, sf_write_swapped(ctx, fh, s->all[k].b.disp + shift, buffer_of(reqs, m) + m->moff,
                                          m->b.nbytes, m->b.elsize, swapbuf));
            continue;
        }
        MPI_Status st;
        MPI_Count got = 0;
        int rc = MPI_File_write_at(fh, s->all[k].b.disp + shift, buffer_of(reqs, m) + m->moff, 1, m->mtype, &st);
        if (rc != MPI_SUCCESS) sf_keep(err, sf_error_from_mpi(rc, SF_ERR_WRITE));
        else if (MPI_Get_elements_x(&st, MPI_BYTE, &got) != MPI_SUCCESS || got != m->b.nbytes)
            sf_keep(err, SF_ERR_WRITE);
    }
    return 1;
}

/* One round of a subfile this rank leads, writing. */
static int write_round(sf_context *ctx, sf_plan *p, sf_sub *s, int r, MPI_File fh, int fh_err,
                       const sf_request *reqs, MPI_Offset shift, const sf_swapping *sw, int *nq)
{
    int derr = SF_OK;
    if (write_round_direct(ctx, s, r, fh, fh_err, reqs, shift, sw, &derr)) return derr;
    MPI_Offset lo = s->round_lo[r], span = s->round_hi[r] - lo;
    char *run = ctx->scratch;
    int err = SF_OK, first = *nq;
    /* holes between the boxes keep what the subfile has there */
    if (!s->round_dense[r]) {
        if (fh_err == SF_OK) sf_keep(&err, sf_rw_run(ctx, fh, lo + shift, run, span, 0));
        else memset(run, 0, (size_t)span);
    }
    for (int k = s->round_first[r]; k < s->round_first[r + 1]; k++) {
        sf_theirbox *t = &s->all[k];
        if (t->mine >= 0) continue;
        char *to = t->stage >= 0 ? run + t->stage : run + (t->b.disp - lo);
        if (MPI_Irecv(to, (int)t->b.nbytes, MPI_BYTE, t->member, SF_TAG_DATA, ctx->comm, &p->reqs[*nq]) != MPI_SUCCESS) {
            p->reqs[*nq] = MPI_REQUEST_NULL;
            sf_keep(&err, SF_ERR_MPI);
        }
        (*nq)++;
    }
    sf_keep(&err, sf_waitall(ctx, *nq - first, p->reqs + first));
    ctx->counts.group_waits++;
    /* in the order the boxes move: the later of two overlapping wins */
    for (int k = s->round_first[r]; k < s->round_first[r + 1]; k++) {
        sf_theirbox *t = &s->all[k];
        if (t->mine >= 0) {
            sf_mybox *m = &s->mine[t->mine];
            if (sw && reqs[m->req].swap) sf_copy_box_mem_swapped(m, run + (t->b.disp - lo), buffer_of(reqs, m));
            else sf_copy_box_mem(m, run + (t->b.disp - lo), buffer_of(reqs, m), 1);
        } else if (t->stage >= 0) {
            sf_copy_box(&t->b, run + (t->b.disp - lo), run + t->stage, 1);
        }
    }
    if (fh_err == SF_OK) sf_keep(&err, sf_rw_run(ctx, fh, lo + shift, run, span, 1));
    return err;
}

/* A round that holds only a few boxes of this rank's, each one run of
 * bytes in the subfile, is read straight into the caller's buffers (no
 * read of the holes between them, no copy out of the leader's buffer).
 * 1 if it was done that way. */
static int read_round_direct(sf_context *ctx, sf_sub *s, int r, MPI_File fh, int fh_err,
                             const sf_request *reqs, MPI_Offset shift, int *err)
{
    if (fh_err != SF_OK || !round_is_direct(s, r)) return 0;
    for (int k = s->round_first[r]; k < s->round_first[r + 1] && *err == SF_OK; k++) {
        const sf_mybox *m = &s->mine[s->all[k].mine];
        sf_keep(err, sf_direct_read_run(ctx, fh, m, buffer_of(reqs, m), shift));
    }
    return 1;
}

/* One round of a subfile this rank leads, reading. */
static int read_round(sf_context *ctx, sf_plan *p, sf_sub *s, int r, MPI_File fh, int fh_err,
                      const sf_request *reqs, MPI_Offset shift, int *nq)
{
    int derr = SF_OK;
    if (read_round_direct(ctx, s, r, fh, fh_err, reqs, shift, &derr)) return derr;
    MPI_Offset lo = s->round_lo[r], span = s->round_hi[r] - lo;
    char *run = ctx->scratch;
    int err = SF_OK, first = *nq;
    if (fh_err == SF_OK) sf_keep(&err, sf_rw_run(ctx, fh, lo + shift, run, span, 0));
    else memset(run, 0, (size_t)span);
    for (int k = s->round_first[r]; k < s->round_first[r + 1]; k++) {
        sf_theirbox *t = &s->all[k];
        char *from = run + (t->b.disp - lo);
        if (t->mine >= 0) {
            sf_mybox *m = &s->mine[t->mine];
            sf_copy_box_mem(m, from, buffer_of(reqs, m), 0);
            continue;
        }
        if (t->stage >= 0) {
            sf_copy_box(&t->b, from, run + t->stage, 0);
            from = run + t->stage;
        }
        sf_count_sent(ctx, t->member, t->b.nbytes);
        if (MPI_Isend(from, (int)t->b.nbytes, MPI_BYTE, t->member, SF_TAG_DATA, ctx->comm, &p->reqs[*nq]) != MPI_SUCCESS) {
            p->reqs[*nq] = MPI_REQUEST_NULL;
            sf_keep(&err, SF_ERR_MPI);
        }
        (*nq)++;
    }
    /* the next round reuses the buffer */
    sf_keep(&err, sf_waitall(ctx, *nq - first, p->reqs + first));
    ctx->counts.group_waits++;
    return err;
}

int sf_exec_gather(sf_context *ctx, sf_plan *p, const sf_request *reqs, MPI_Offset base, const sf_swapping *sw)
{
    int nq = 0, err = post_member_messages(ctx, p, reqs, sw, &nq), mine_q = nq;
    for (int i = 0; i < p->nsub; i++) {
        sf_sub *s = &p->subs[i];
        if (s->method != SF_GATHER || s->leader != ctx->rank) continue;
        MPI_File fh = MPI_FILE_NULL;
        int fh_err = sf_self_open(ctx, s->file_id, s->block, &fh), e = fh_err;
        MPI_Offset shift = shift_of(s, base);
        for (int r = 0; r < s->nrounds; r++) {
            int q = nq;
            sf_keep(&e, p->write ? write_round(ctx, p, s, r, fh, fh_err, reqs, shift, sw, &q)
                                 : read_round(ctx, p, s, r, fh, fh_err, reqs, shift, &q));
        }
        sf_keep(&err, sf_note_failure(ctx, e, s->file_id, s->block, p->write));
    }
    sf_keep(&err, sf_waitall(ctx, mine_q, p->reqs));
    if (mine_q) ctx->counts.group_waits++;
    return err;
}
