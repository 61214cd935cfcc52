/*
 * access.c: collective and independent access to partitioned arrays.
 *
 * A collective call:
 *  1. locally: the rank's requests as a key; the cached plans that match
 *     it; room in the leader's buffer for them;
 *  2. the first reduction (agree.c): any error anywhere (then nothing
 *     moves), where every rank's call goes, the flags its path follows
 *     from (path.c: direct, by runs, a plan gathered or by MPI-IO; chosen
 *     there and nowhere else), which plan every rank can reuse, the
 *     record base;
 *  3. a read every rank can do alone (direct.c: each rank's pieces are
 *     runs of the subfiles, long enough) has gone straight to the
 *     subfiles before step 2, which agreed on its outcome too: it is
 *     done, with no plan and no other reduction; else the plan reused,
 *     or built (plan_build.c: messages among the ranks that share
 *     subfiles, agreed before any group operation);
 *  4. the plan carried out (exec_gather.c or exec_mpiio.c);
 *  5. the last reduction: the outcome and the highest record, agreed.
 * A repeated call makes two reductions over the whole communicator of 40
 * and 16 bytes (a read every rank does alone, or a call in which no rank
 * has an element to move, as a wait with nothing pending: the first
 * only); nothing else it does involves every rank.
 *
 * Independent access: each box through a handle this rank holds alone.
 */
#include <stdlib.h>
#include <string.h>
#include "sf_internal.h"
#include "runs.h"

enum { KIND_FIXED = 1, KIND_RECORD = 2 };

/* Where a record layout's requests start (the smallest first record of
 * this rank's requests on record layouts), and which kinds it has. */
static void record_base(int nreq, const sf_request *reqs, MPI_Offset *base, int *kinds)
{
    *base = SF_NO_BASE;
    *kinds = 0;
    for (int i = 0; i < nreq; i++) {
        const sf_request *r = &reqs[i];
        int empty = 0;
        for (int d = 0; d < r->lay->ndims; d++) empty |= r->count[d] <= 0;
        if (empty) continue;
        if (!r->lay->record) { *kinds |= KIND_FIXED; continue; }
        *kinds |= KIND_RECORD;
        if (*base < 0 || r->start[0] < *base) *base = r->start[0];
    }
}

/* The same over many-piece requests, in the same pass as their bytes and
 * one past their highest record (what a call by runs reports after the
 * move). */
typedef struct { MPI_Offset rec_end, bytes; } nsummary;

static void nrecord_base(int nnreq, const sf_nrequest *q, MPI_Offset *base, int *kinds, nsummary *sum)
{
    sum->rec_end = sum->bytes = 0;
    for (int i = 0; i < nnreq; i++) {
        int nd = q[i].lay->ndims, rec = q[i].lay->record;
        MPI_Offset b = *base, e = sum->rec_end, bytes = 0, es = q[i].lay->elsize;
        int any = 0;
        if (q[i].summed) { /* (the producer's pass found it) */
            bytes = q[i].bytes;
            any = q[i].nonempty;
            if (any && rec) {
                if (b < 0 || q[i].first_rec < b) b = q[i].first_rec;
                if (q[i].rec_end > e) e = q[i].rec_end;
            }
        }
        for (int j = 0; j < q[i].num && !q[i].summed; j++) {
            const MPI_Offset *st = sf_nq_start(&q[i], (size_t)j), *ct = sf_nq_count(&q[i], (size_t)j);
            MPI_Offset n = es;
            for (int d = 0; d < nd; d++) n *= ct[d];
            bytes += n;
            int empty = 0;
            for (int d = 0; d < nd; d++) empty |= ct[d] <= 0;
            if (empty) continue;
            any = 1;
            if (!rec) continue;
            if (b < 0 || st[0] < b) b = st[0];
            if (st[0] + ct[0] > e) e = st[0] + ct[0];
        }
        sum->bytes += bytes;
        if (!any) continue;
        *kinds |= rec ? KIND_RECORD : KIND_FIXED;
        *base = b;
        sum->rec_end = e;
    }
}

MPI_Offset sf_nrequests_rec_end(int nnreq, const sf_nrequest *q)
{
    MPI_Offset end = 0;
    for (int i = 0; i < nnreq; i++) {
        int nd = q[i].lay->ndims;
        if (!q[i].lay->record) continue;
        for (int j = 0; j < q[i].num; j++) {
            const MPI_Offset *st = sf_nq_start(&q[i], (size_t)j), *ct = sf_nq_count(&q[i], (size_t)j);
            int empty = 0;
            for (int d = 0; d < nd; d++) empty |= ct[d] <= 0;
            if (!empty && st[0] + ct[0] > end) end = st[0] + ct[0];
        }
    }
    return end;
}

static MPI_Offset rec_end_of(int nreq, const sf_request *reqs)
{
    MPI_Offset end = 0;
    for (int i = 0; i < nreq; i++) {
        const sf_request *r = &reqs[i];
        int empty = 0;
        for (int d = 0; d < r->lay->ndims; d++) empty |= r->count[d] <= 0;
        if (!r->lay->record || empty) continue;
        MPI_Offset e = r->start[0] + (r->count[0] - 1) * r->stride[0] + 1;
        if (e > end) end = e;
    }
    return end;
}

/* a write's record end: its requests' and the caller's (sf_call.rec_end_in) */
static MPI_Offset call_rec_end(const sf_call *c)
{
    MPI_Offset end = rec_end_of(c->nreq, c->reqs), ne = sf_nrequests_rec_end(c->nnreq, c->nreqs);
    if (ne > end) end = ne;
    return c->write && c->rec_end_in > end ? c->rec_end_in : end;
}

static MPI_Offset request_bytes(int nreq, const sf_request *reqs)
{
    MPI_Offset total = 0;
    for (int i = 0; i < nreq; i++) {
        MPI_Offset n = reqs[i].lay->elsize;
        for (int d = 0; d < reqs[i].lay->ndims; d++) n *= reqs[i].count[d];
        total += n;
    }
    return total;
}

/* (the path's flags: SF_WISH_*, path.c); FLAG_NAMED: a write that names
 * records (sf_call.rec_end_in) */
enum { FLAG_CALLER = 8, FLAG_ABORT = 128, FLAG_NAMED = 256 };

/* Every rank goes by runs (some rank has many pieces), then the last
 * reduction and the byte counts. */
static int by_runs(sf_context *ctx, sf_call *c, const sf_agree0 *a, const nsummary *sum)
{
    int err = sf_access_runs(ctx, c, a->mask >> 16, a->base_min, a->base_max,
                             !(a->flags & KIND_FIXED) && (a->flags & KIND_RECORD));
    /* call_rec_end's, with the many-piece requests' end from the summary
     * (one pass over the pieces fewer) */
    c->rec_end = rec_end_of(c->nreq, c->reqs);
    if (sum->rec_end > c->rec_end) c->rec_end = sum->rec_end;
    if (c->write && c->rec_end_in > c->rec_end) c->rec_end = c->rec_end_in;
    int e = sf_agree_last(ctx, &err, &c->rec_end, NULL);
    if (e != SF_OK) return e;
    if (err == SF_OK) {
        MPI_Offset b = request_bytes(c->nreq, c->reqs) + sum->bytes;
        if (c->write) ctx->bytes_written += b;
        else ctx->bytes_read += b;
    }
    return err;
}

/* This rank's pieces straight from the subfiles (direct.c). */
static int direct_read_timed(sf_context *ctx, sf_call *c)
{
    double t0 = MPI_Wtime();
    int err = sf_direct_read(ctx, c->nreq, c->reqs);
    ctx->t_move += MPI_Wtime() - t0;
    return err;
}

/* Steps 3 to 5 of a call by a plan (path SF_PATH_GATHER or
 * SF_PATH_MPIIO): reuse one or build it (rel or abs is its key, the other
 * freed here), move the data, the last reduction. */
static int by_plan(sf_context *ctx, sf_call *c, int path, const sf_agree0 *ap, long long *rel, size_t rlen,
                   long long *abs, size_t alen)
{
    sf_agree0 a = *ap;
    int err = SF_OK, e;
    /* 3. reuse, or build */
    int slot = sf_plan_most_recent(ctx, a.mask), evicted = SF_OK;
    if (slot >= 0 && ctx->plans[slot]->relative && a.base_min != a.base_max) slot = -1;
    MPI_Offset shift;
    if (slot >= 0) {
        shift = ctx->plans[slot]->relative && a.base_min >= 0 ? a.base_min : 0;
        ctx->counts.plan_hits++;
        free(rel);
        free(abs);
    } else {
        /* a time series: every request on record variables at one first
         * record makes a plan relative to that record */
        int relative = !(a.flags & KIND_FIXED) && (a.flags & KIND_RECORD) && a.base_min == a.base_max;
        shift = relative ? a.base_min : 0;
        long long *key = relative ? rel : abs;
        size_t klen = relative ? rlen : alen;
        free(relative ? abs : rel);
        sf_plan *built;
        err = sf_plan_build(ctx, c->nreq, c->reqs, c->write, relative, shift, sf_path_method(path), key, klen,
                            &built);
        if (err != SF_OK) return err; /* agreed */
        evicted = sf_plan_store(ctx, built, &slot); /* local: told at the last reduction */
    }
    sf_plan *p = ctx->plans[slot];
    p->last_use = ctx->plan_clock;

    /* 4. move the data (record boxes of a relative plan are relative to
     * the record base, which is the same on every rank); elements to be
     * reversed are reversed on the way where sf_gather_swap_on_the_way
     * allows it and the buffers can be had, else in place around the move
     * (byteswap.c) */
    double t0 = MPI_Wtime();
    sf_swapping sw = {NULL, NULL};
    int swapped = 0, onway = 0;
    if (c->write && sf_requests_swap(c->nreq, c->reqs)) {
        MPI_Offset send = 0;
        if (path == SF_PATH_GATHER && sf_gather_swap_on_the_way(p, ctx->rank, c->reqs, &send)) {
            sw.chunk = sf_swap_buffer(ctx);
            sw.send = send ? malloc((size_t)send) : NULL;
            onway = sw.chunk && (sw.send || !send);
        }
        if (onway) ctx->counts.swapped_on_the_way++;
        else swapped = sf_swap_requests(c->nreq, c->reqs);
    }
    err = path == SF_PATH_GATHER ? sf_exec_gather(ctx, p, c->reqs, shift, onway ? &sw : NULL)
                                 : sf_exec_mpiio(ctx, p, c->reqs, shift);
    free(sw.send); /* (the messages from it have completed) */
    if (swapped) sf_swap_requests(c->nreq, c->reqs);
    ctx->t_move += MPI_Wtime() - t0;
    sf_keep(&err, evicted);

    /* 5. the last reduction */
    c->rec_end = call_rec_end(c);
    e = sf_agree_last(ctx, &err, &c->rec_end, NULL);
    if (e != SF_OK) return e;
    if (err == SF_OK) {
        if (c->write) ctx->bytes_written += request_bytes(c->nreq, c->reqs);
        else ctx->bytes_read += request_bytes(c->nreq, c->reqs);
    }
    return err;
}

static int access_all(sf_context *ctx, sf_call *c)
{
    long long *rel = NULL, *abs = NULL;
    size_t rlen = 0, alen = 0;
    MPI_Offset base;
    int kinds, err = SF_OK;
    ctx->counts.calls++;
    ctx->plan_clock++;
    c->route_bits = c->route;
    c->rec_end = 0;
    c->read_swapped = 0;

    /* 1. what this rank can reuse, and room for it */
    record_base(c->nreq, c->reqs, &base, &kinds);
    nsummary sum;
    nrecord_base(c->nnreq, c->nreqs, &base, &kinds, &sum);
    unsigned mask = ~0u; /* a rank that takes no part has no say */
    if ((c->route == SF_ROUTE_ENGINE || c->route == SF_ROUTE_ANY) && !c->caller_err && c->nnreq > 0) {
        /* plans by runs in the high bits, none of the others */
        mask = sf_runs_candidates(ctx, c, base) << 16;
    } else if ((c->route == SF_ROUTE_ENGINE || c->route == SF_ROUTE_ANY) && !c->caller_err) {
        /* (a SF_ROUTE_ANY rank takes part, if the others go to the engine,
         * with nothing: only a plan in which it had nothing will do) */
        err = sf_plan_key(ctx, c->nreq, c->reqs, c->write, 1, base < 0 ? 0 : base, &rel, &rlen);
        if (err == SF_OK) err = sf_plan_key(ctx, c->nreq, c->reqs, c->write, 0, 0, &abs, &alen);
        mask = err == SF_OK ? sf_plan_candidates(ctx, rel, rlen, abs, alen) : 0;
        mask |= sf_runs_candidates(ctx, c, base) << 16;
        MPI_Offset need = 0;
        for (int i = 0; i < SF_PLAN_SLOTS; i++)
            if ((mask >> i & 1) && ctx->plans[i]->scratch > need) need = ctx->plans[i]->scratch;
        if (err == SF_OK) err = sf_scratch_reserve(ctx, need);
    }

    /* the all-to-all a build by runs makes must have every rank, whatever
     * memory it finds then (runs_exec.c): its room is made now, and a
     * failure is agreed below */
    if (err == SF_OK && !ctx->a2a && !(ctx->a2a = calloc(2 * (size_t)ctx->nprocs, sizeof(MPI_Offset))))
        err = SF_ERR_NOMEM;

    /* what this rank has, for the path (path.c): the flags are or-ed */
    int alone;
    kinds |= sf_path_wish(ctx, c, err == SF_OK, &alone);

    /* a read this rank can do alone is done before the first reduction,
     * which then also agrees on its outcome: when every rank read alone
     * (the common restart) that reduction is the call's only one; when
     * some rank must gather, the plan reads it all again (the caller's
     * buffer is written twice with the same bytes), and when the call
     * fails anywhere this rank's buffer holds what it read, as it would
     * in PnetCDF, whose collective reads go on where the arguments were
     * good */
    int read_err = SF_OK;
    if (alone) read_err = direct_read_timed(ctx, c), c->read_swapped = !c->write;

    /* 2. the first reduction */
    int32_t gen = sf_runs_gen_word(ctx);
    sf_agree0 a = {err ? err : read_err, c->caller_err, mask, c->route,
                   (c->flag ? FLAG_CALLER : 0) | (c->abort ? FLAG_ABORT : 0) |
                       (c->write && c->rec_end_in > 0 ? FLAG_NAMED : 0) | kinds,
                   base, base, gen};
    int e = sf_agree_first(ctx, &a);
    if (e == SF_OK && ctx->gen_unchecked) {
        /* the context's first call: plans adopted from different datasets
         * on different ranks are dropped everywhere, and none of their
         * slots is reused (runs_keep.c) */
        sf_runs_checked(ctx, a.gen == gen);
        if (a.gen != gen) a.mask &= 0xffffu;
    }
    c->route_bits = a.routes;
    c->flag = (a.flags & FLAG_CALLER) != 0;
    c->abort = (a.flags & FLAG_ABORT) != 0;
    c->caller_err = a.caller_err;
    int routes = a.routes & ~SF_ROUTE_ANY; /* those go where the others go */
    if (e != SF_OK || routes != SF_ROUTE_ENGINE || a.err != SF_OK || a.caller_err) {
        free(rel);
        free(abs);
        if (e != SF_OK) return e;
        if (routes == SF_ROUTE_OTHER || routes == 0) return SF_OK; /* not ours: the caller goes its way */
        if (routes != SF_ROUTE_ENGINE) return SF_ERR_ROUTE;
        return a.err; /* an error somewhere: nothing moves anywhere */
    }

    /* no rank has an element to move or a record to name (a wait with
     * nothing pending, as a client's close makes): done, this reduction
     * the call's only one */
    if (!(a.flags & (KIND_FIXED | KIND_RECORD | FLAG_NAMED))) {
        free(rel);
        free(abs);
        return SF_OK;
    }

    /* the path: the same on every rank (the flags are agreed) */
    int path = sf_path_choose(ctx, a.flags);
    ctx->counts.path_calls[path]++;
    if (path == SF_PATH_RUNS) { /* some rank has many pieces: every rank goes by runs */
        free(rel);
        free(abs);
        int swapped = c->write && sf_swap_requests(c->nreq, c->reqs);
        c->read_swapped = 0; /* (read again, as the file has them) */
        err = by_runs(ctx, c, &a, &sum);
        if (swapped) sf_swap_requests(c->nreq, c->reqs);
        return err;
    }
    if (path == SF_PATH_DIRECT) { /* every rank has read alone (above) */
        free(rel);
        free(abs);
        c->rec_end = rec_end_of(c->nreq, c->reqs); /* a read's: nothing agrees on it */
        ctx->bytes_read += request_bytes(c->nreq, c->reqs);
        return SF_OK;
    }
    /* (a read done alone for a plan after all is no direct read: the plan
     * reads it again, as the file has it) */
    c->read_swapped = 0;
    return by_plan(ctx, c, path, &a, rel, rlen, abs, alen);
}

int sf_access_all(sf_context *ctx, sf_call *c)
{
    int err = access_all(ctx, c);
    sf_runs_done(ctx); /* the call's signature, unless a plan keeps it */
    return err;
}

typedef struct { int *k; int n, cap, err; } block_list;

static void push_block(int k, void *arg)
{
    block_list *l = arg;
    if (l->err) return;
    if (l->n == l->cap) {
        int c = l->cap ? 2 * l->cap : 8;
        int *t = realloc(l->k, sizeof(int) * c);
        if (!t) { l->err = SF_ERR_NOMEM; return; }
        l->k = t;
        l->cap = c;
    }
    l->k[l->n++] = k;
}

int sf_access_indep(sf_context *ctx, int nreq, const sf_request *reqs,
                    int write, MPI_Offset *rec_end)
{
    int err = SF_OK, swapped = write && sf_swap_requests(nreq, reqs);
    ctx->counts.path_calls[SF_PATH_INDEP]++;
    for (int i = 0; i < nreq; i++) {
        const sf_request *r = &reqs[i];
        block_list l = {0};
        sf_touched_blocks(r->lay, r->start, r->count, r->stride, push_block, &l);
        sf_keep(&err, l.err);
        for (int b = 0; b < l.n; b++) {
            int k = l.k[b], n = 0, cap = 0;
            sf_mybox *boxes = NULL;
            int e = sf_need_offsets(ctx, r->lay->file_id, k);
            if (e == SF_OK) e = sf_piece_boxes(r, i, k, SF_CHUNK, 0, 1, &boxes, &n, &cap);
            if (e == SF_OK && n) {
                MPI_File fh;
                e = sf_self_open(ctx, r->lay->file_id, k, &fh);
                for (int j = 0; e == SF_OK && j < n; j++) {
                    e = sf_mybox_types(&boxes[j], 1);
                    if (e == SF_OK) e = sf_rw_box(ctx, fh, &boxes[j], (char *)r->buf, 0, write);
                }
            }
            for (int j = 0; j < n; j++) sf_keep(&e, sf_mybox_free_types(&boxes[j]));
            free(boxes);
            sf_keep(&err, sf_note_failure(ctx, e, r->lay->file_id, k, write));
        }
        free(l.k);
    }
    if (swapped) sf_swap_requests(nreq, reqs);
    if (rec_end) *rec_end = rec_end_of(nreq, reqs);
    if (err == SF_OK) {
        if (write) ctx->bytes_written += request_bytes(nreq, reqs);
        else ctx->bytes_read += request_bytes(nreq, reqs);
    }
    return err;
}
