/*
 * access.c: collective and independent access to partitioned arrays.
 *
 * Collective: every rank learns every rank's requests with one allgather
 * (two when some rank has many), so every rank can compute, for each
 * subfile, the set of ranks whose requests touch it. Those are the
 * "events" of the call, processed by all ranks in increasing (layout,
 * block) order: open or reuse the subfile on its group's communicator,
 * then one collective transfer per piece. A rank takes part only in the
 * events it is a member of; the common order makes overlapping groups
 * deadlock free.
 */
#include <stdlib.h>
#include <string.h>
#include "sf_internal.h"

#define SLOT 64 /* words each rank sends in the first allgather */

typedef struct { int file, block, rank, id, req; } tuple;

typedef struct {
    tuple *t;
    int n, cap;
    int file, id, rank, req;
    int err;
} tuple_list;

static void push_tuple(int k, void *arg)
{
    tuple_list *l = arg;
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 64;
        tuple *t = realloc(l->t, sizeof(tuple) * cap);
        if (!t) { l->err = SF_ERR_NOMEM; return; }
        l->t = t;
        l->cap = cap;
    }
    l->t[l->n++] = (tuple){l->file, k, l->rank, l->id, l->req};
}

static int cmp_tuple(const void *a, const void *b)
{
    const tuple *x = a, *y = b;
    if (x->file != y->file) return x->file < y->file ? -1 : 1;
    if (x->block != y->block) return x->block < y->block ? -1 : 1;
    if (x->rank != y->rank) return x->rank < y->rank ? -1 : 1;
    if (x->id != y->id) return x->id < y->id ? -1 : 1;
    return (x->req > y->req) - (x->req < y->req);
}

/* Words describing one request: id, start, count, stride. */
static int request_words(const sf_request *r) { return 1 + 3 * r->lay->ndims; }

static void encode(const sf_request *r, long long *w)
{
    int nd = r->lay->ndims;
    w[0] = r->lay->id;
    for (int d = 0; d < nd; d++) {
        w[1 + d] = r->start[d];
        w[1 + nd + d] = r->count[d];
        w[1 + 2 * nd + d] = r->stride[d];
    }
}

/* Gather every rank's encoded requests. On return words[] holds them all
 * and off[r]..off[r+1] delimits rank r's words. */
static int exchange(sf_context *ctx, int nreq, const sf_request *reqs,
                    long long **wordsp, int **offp)
{
    int P = ctx->nprocs, mine = 0;
    for (int i = 0; i < nreq; i++) mine += request_words(&reqs[i]);
    long long *slot = calloc(SLOT, sizeof(long long));
    long long *all = malloc(sizeof(long long) * SLOT * P);
    int *off = malloc(sizeof(int) * (P + 1));
    if (!slot || !all || !off) { free(slot); free(all); free(off); return SF_ERR_NOMEM; }
    slot[0] = mine;
    if (mine <= SLOT - 1)
        for (int i = 0, w = 1; i < nreq; w += request_words(&reqs[i]), i++)
            encode(&reqs[i], slot + w);
    sf_allgather(ctx, slot, SLOT, MPI_LONG_LONG, all, ctx->comm);

    int big = 0;
    off[0] = 0;
    for (int r = 0; r < P; r++) {
        off[r + 1] = off[r] + (int)all[r * SLOT];
        if (all[r * SLOT] > SLOT - 1) big = 1;
    }
    long long *words = malloc(sizeof(long long) * (off[P] ? off[P] : 1));
    if (!words) { free(slot); free(all); free(off); return SF_ERR_NOMEM; }
    if (!big) {
        for (int r = 0; r < P; r++)
            memcpy(words + off[r], all + r * SLOT + 1, sizeof(long long) * (off[r + 1] - off[r]));
    } else {
        long long *minew = malloc(sizeof(long long) * (mine ? mine : 1));
        int *cnt = malloc(sizeof(int) * P);
        if (!minew || !cnt) { free(minew); free(cnt); free(slot); free(all); free(off); free(words); return SF_ERR_NOMEM; }
        for (int i = 0, w = 0; i < nreq; w += request_words(&reqs[i]), i++) encode(&reqs[i], minew + w);
        for (int r = 0; r < P; r++) cnt[r] = off[r + 1] - off[r];
        sf_allgatherv(ctx, minew, mine, MPI_LONG_LONG, words, cnt, off, ctx->comm);
        free(minew);
        free(cnt);
    }
    free(slot);
    free(all);
    *wordsp = words;
    *offp = off;
    return SF_OK;
}

/* Every (layout, block, rank, request) with a non-empty piece. */
static int build_tuples(sf_context *ctx, const long long *words, const int *off,
                        tuple_list *l, MPI_Offset *rec_end, sf_request **allp, int *first)
{
    int total = 0, g = 0;
    *rec_end = 0;
    /* every rank's requests, decoded (geometry only: no buffers) */
    for (int r = 0; r < ctx->nprocs; r++)
        for (int w = off[r]; w < off[r + 1]; total++) {
            const sf_layout *lay = sf_context_layout(ctx, (int)words[w]);
            if (!lay) return SF_ERR_ARG;
            w += 1 + 3 * lay->ndims;
        }
    sf_request *all = calloc(total ? total : 1, sizeof(sf_request));
    if (!all) return SF_ERR_NOMEM;
    *allp = all;
    for (int r = 0; r < ctx->nprocs; r++) {
        first[r] = g;
        for (int w = off[r]; w < off[r + 1]; g++) {
            const sf_layout *lay = sf_context_layout(ctx, (int)words[w]);
            if (!lay) return SF_ERR_ARG;
            int nd = lay->ndims;
            MPI_Offset s[SF_MAX_DIMS], c[SF_MAX_DIMS], st[SF_MAX_DIMS];
            for (int d = 0; d < nd; d++) {
                s[d] = words[w + 1 + d];
                c[d] = words[w + 1 + nd + d];
                st[d] = words[w + 1 + 2 * nd + d];
            }
            all[g].lay = lay;
            for (int d = 0; d < nd; d++) {
                all[g].start[d] = s[d];
                all[g].count[d] = c[d];
                all[g].stride[d] = st[d];
            }
            int empty = 0;
            for (int d = 0; d < nd; d++) if (c[d] <= 0) empty = 1;
            if (lay->record && !empty && s[0] + (c[0] - 1) * st[0] + 1 > *rec_end)
                *rec_end = s[0] + (c[0] - 1) * st[0] + 1;
            l->id = lay->id;
            l->file = lay->file_id;
            l->rank = r;
            l->req = g;
            sf_touched_blocks(lay, s, c, st, push_tuple, l);
            if (l->err) return l->err;
            w += 1 + 3 * nd;
        }
    }
    first[ctx->nprocs] = g;
    if (l->n) qsort(l->t, l->n, sizeof(tuple), cmp_tuple);
    return SF_OK;
}

/* Run one event: tuples t[0..n) share (file, block). In each round a
 * member moves at most one piece of each layout; when the file holds only
 * fixed-size variables their pieces lie one after another and go in one
 * call, else (records of several variables interleave) one piece a round. */
static int run_event(sf_context *ctx, const tuple *t, int n, const sf_request *all,
                     const int *first, const sf_request *reqs, int write, int *members, int *myreq)
{
    const sf_request *mine_base = reqs - first[ctx->rank]; /* global index -> my request */
    int nmem = 0, mine = 0, rounds = 0, run = 0, err, any_record = 0;
    for (int i = 0; i < n; i++)
        if (sf_context_layout(ctx, t[i].id)->record) any_record = 1;
    for (int i = 0; i < n; i++) {
        if (i == 0 || t[i].rank != t[i - 1].rank) { members[nmem++] = t[i].rank; run = 0; }
        /* pieces per round: per layout when combining, else per member */
        if (any_record || i == 0 || t[i].rank != t[i - 1].rank || t[i].id != t[i - 1].id) run = any_record ? run + 1 : 1;
        else run++;
        if (run > rounds) rounds = run;
        if (t[i].rank == ctx->rank) myreq[mine++] = i;
    }
    sf_handle *h;
    double t0 = MPI_Wtime();
    int had = ctx->nhandles;
    err = sf_handle_acquire(ctx, t[0].file, t[0].block, nmem, members, &h);
    ctx->t_open += MPI_Wtime() - t0;
    ctx->n_events++;
    if (ctx->nhandles > had || h->last_use == ctx->clock) ctx->n_opens += h->member && h->fh != MPI_FILE_NULL && ctx->nhandles > had;
    if (!h->member || h->fh == MPI_FILE_NULL) return err;
    t0 = MPI_Wtime();
    int collective = nmem > 1;
    if (collective) {
        /* one process gathers the group's pieces and moves the whole run
         * of the subfile they cover in one call, when they cover one */
        const sf_request **pr = malloc(sizeof(sf_request *) * n);
        int *prank = malloc(sizeof(int) * n), done = 0;
        if (pr && prank) {
            for (int i = 0, m = 0; i < n; i++) {
                while (members[m] != t[i].rank) m++;
                prank[i] = m;
                pr[i] = t[i].rank == ctx->rank ? &mine_base[t[i].req] : &all[t[i].req];
            }
            int e = sf_aggregate(ctx, h, n, pr, prank, t[0].block, write, &done);
            if (done && err == SF_OK) err = e;
        }
        free(pr);
        free(prank);
        if (done) {
            ctx->t_io += MPI_Wtime() - t0;
            return err;
        }
    }
    h->byte_view = 0; /* the pieces below set views of their own */
    const sf_request **batch = malloc(sizeof(sf_request *) * (mine ? mine : 1));
    if (!batch) return SF_ERR_NOMEM;
    for (int r = 0; r < rounds; r++) {
        int nb = 0;
        if (any_record) {
            if (r < mine) batch[nb++] = &mine_base[t[myreq[r]].req];
        } else {
            /* the r-th piece of each layout this rank has here */
            for (int i = 0, k = 0; i < mine; i++) {
                if (i > 0 && t[myreq[i]].id != t[myreq[i - 1]].id) k = 0;
                if (k++ == r) batch[nb++] = &mine_base[t[myreq[i]].req];
            }
        }
        int e = nb ? sf_transfer_pieces(ctx, h->fh, collective, nb, batch, t[0].block, write)
                   : collective ? sf_transfer_nothing(h->fh, write) : SF_OK;
        if (err == SF_OK) err = e;
    }
    free(batch);
    ctx->t_io += MPI_Wtime() - t0;
    return err;
}

int sf_access_all(sf_context *ctx, int nreq, const sf_request *reqs,
                  int write, int *caller_err, MPI_Offset *rec_end, int *flag)
{
    long long *words = NULL;
    int *off = NULL, err, *first = malloc(sizeof(int) * (ctx->nprocs + 1));
    tuple_list l = {0};
    MPI_Offset end = 0;
    sf_request *all = NULL;

    double t0 = MPI_Wtime();
    ctx->n_calls++;
    err = exchange(ctx, nreq, reqs, &words, &off);
    if (err == SF_OK) err = first ? build_tuples(ctx, words, off, &l, &end, &all, first) : SF_ERR_NOMEM;
    ctx->t_exchange += MPI_Wtime() - t0;
    /* up to here every rank computed the same thing; an error now is a
     * local resource failure, and the events below are skipped by this
     * rank only if it could not build them at all */
    if (err == SF_OK) {
        int *members = malloc(sizeof(int) * ctx->nprocs);
        int *myreq = malloc(sizeof(int) * (nreq > 0 ? nreq : 1));
        if (!members || !myreq) { free(members); members = NULL; err = SF_ERR_NOMEM; }
        int ev = 0;
        for (int i = 0; members && i < l.n; ev++) {
            int j = i;
            while (j < l.n && l.t[j].file == l.t[i].file && l.t[j].block == l.t[i].block) j++;
            ctx->tag = ev % 30000 + 1;
            int e = sf_note_failure(ctx, run_event(ctx, l.t + i, j - i, all, first, reqs, write,
                                                   members, myreq), l.t[i].file, l.t[i].block, write);
            if (err == SF_OK) err = e;
            i = j;
        }
        free(members);
        free(myreq);
    }
    free(l.t);
    free(words);
    free(off);
    free(all);
    free(first);

    int in[3] = {caller_err ? *caller_err : 0, err, flag ? -*flag : 0}, out[3];
    t0 = MPI_Wtime();
    sf_allreduce(ctx, in, out, 3, MPI_INT, MPI_MIN, ctx->comm);
    ctx->t_agree += MPI_Wtime() - t0;
    if (caller_err) *caller_err = out[0];
    if (flag) *flag = -out[2];
    if (rec_end) *rec_end = end;
    return out[1];
}

int sf_access_indep(sf_context *ctx, int nreq, const sf_request *reqs,
                    int write, MPI_Offset *rec_end)
{
    int err = SF_OK;
    MPI_Offset end = 0;
    for (int i = 0; i < nreq; i++) {
        const sf_request *r = &reqs[i];
        tuple_list l = {0};
        l.id = r->lay->id;
        l.file = r->lay->file_id;
        sf_touched_blocks(r->lay, r->start, r->count, r->stride, push_tuple, &l);
        if (l.err) { free(l.t); return l.err; }
        for (int j = 0; j < l.n; j++) {
            MPI_File fh;
            int e = sf_indep_acquire(ctx, r->lay->file_id, l.t[j].block, &fh);
            if (e == SF_OK) e = sf_transfer_piece(ctx, fh, 0, r, l.t[j].block, write);
            sf_note_failure(ctx, e, r->lay->file_id, l.t[j].block, write);
            if (err == SF_OK) err = e;
        }
        free(l.t);
        if (r->lay->record && r->count[0] > 0) {
            MPI_Offset e = r->start[0] + (r->count[0] - 1) * r->stride[0] + 1;
            if (e > end) end = e;
        }
    }
    if (rec_end) *rec_end = end;
    return err;
}
