/*
 * plan_cache.c: plans kept across calls.
 *
 * A checkpoint loop writes the same decomposition step after step; the
 * plan built for the first call serves the next ones. A rank recognises
 * its own part exactly (its requests' geometry, word for word: no hash),
 * and the first reduction of the call (agree.c) tells whether every rank
 * recognised the same plan. The cache is the same on every rank: plans
 * are built in the same calls, stamped with the same call counter, and
 * the least recently used one is evicted in the same call everywhere.
 *
 * A plan is "relative" when every request of the call, on every rank, is
 * on a record variable at one and the same first record: then its boxes
 * are kept relative to that record and the plan serves the next record as
 * well (a time series written one record per step).
 */
#include <stdlib.h>
#include <string.h>
#include "sf_internal.h"

int sf_plan_key(const sf_context *ctx, int nreq, const sf_request *reqs, int write, int relative,
                MPI_Offset record_base, long long **keyp, size_t *lenp)
{
    (void)ctx;
    size_t len = 3;
    for (int i = 0; i < nreq; i++) len += 2 + 3 * (size_t)reqs[i].lay->ndims;
    long long *k = malloc(sizeof(long long) * len), *w = k;
    if (!k) return SF_ERR_NOMEM;
    *w++ = write;
    *w++ = relative;
    *w++ = nreq;
    for (int i = 0; i < nreq; i++) {
        const sf_request *r = &reqs[i];
        int nd = r->lay->ndims, empty = 0;
        for (int d = 0; d < nd; d++) empty |= r->count[d] <= 0;
        *w++ = r->lay->id;
        *w++ = nd;
        /* an empty request selects nothing wherever it starts: a rank that
         * joins a time series with nothing, at the record of the step (as
         * ncmpi_fill_var_rec's other processes do), keeps one key */
        for (int d = 0; d < nd; d++)
            *w++ = empty ? 0 : r->start[d] - (relative && d == 0 && r->lay->record ? record_base : 0);
        for (int d = 0; d < nd; d++) *w++ = r->count[d];
        for (int d = 0; d < nd; d++) *w++ = r->stride[d];
    }
    *keyp = k;
    *lenp = len;
    return SF_OK;
}

unsigned sf_plan_candidates(const sf_context *ctx, const long long *rel, size_t rlen,
                            const long long *abs, size_t alen)
{
    unsigned mask = 0;
    for (int i = 0; i < SF_PLAN_SLOTS; i++) {
        const sf_plan *p = ctx->plans[i];
        if (!p) continue;
        const long long *k = p->relative ? rel : abs;
        size_t n = p->relative ? rlen : alen;
        if (k && p->keylen == n && !memcmp(p->key, k, sizeof(long long) * n)) mask |= 1u << i;
    }
    return mask;
}

int sf_plan_most_recent(const sf_context *ctx, unsigned mask)
{
    int best = -1;
    for (int i = 0; i < SF_PLAN_SLOTS; i++)
        if ((mask >> i & 1) && ctx->plans[i] && (best < 0 || ctx->plans[i]->last_use > ctx->plans[best]->last_use))
            best = i;
    return best;
}

static int free_sub(sf_context *ctx, sf_sub *s)
{
    int err = sf_group_close(ctx, &s->fh);
    sf_keep(&err, sf_group_release(ctx, s->group));
    for (int j = 0; j < s->nmine; j++) sf_keep(&err, sf_mybox_free_types(&s->mine[j]));
    free(s->mine);
    free(s->reqidx);
    free(s->all);
    free(s->round_first);
    free(s->round_dense);
    free(s->round_lo);
    free(s->round_hi);
    return err;
}

/* Collective when the plan keeps handles open (every member frees the same
 * plan in the same call; its subfiles in the global order). */
int sf_plan_free(sf_context *ctx, sf_plan *p)
{
    int err = SF_OK;
    if (!p) return SF_OK;
    for (int i = 0; i < p->nsub; i++) sf_keep(&err, free_sub(ctx, &p->subs[i]));
    free(p->subs);
    free(p->reqs);
    free(p->key);
    free(p);
    return err;
}

static int lru_slot(const sf_context *ctx, int except)
{
    int best = -1;
    for (int i = 0; i < SF_PLAN_SLOTS; i++)
        if (i != except && ctx->plans[i] && (best < 0 || ctx->plans[i]->last_use < ctx->plans[best]->last_use))
            best = i;
    return best;
}

int sf_plan_store(sf_context *ctx, sf_plan *p, int *slotp)
{
    int slot = -1, err = SF_OK;
    for (int i = 0; i < SF_PLAN_SLOTS && slot < 0; i++)
        if (!ctx->plans[i]) slot = i;
    if (slot < 0) {
        slot = lru_slot(ctx, -1);
        err = sf_plan_free(ctx, ctx->plans[slot]);
        ctx->plans[slot] = NULL;
    }
    ctx->plans[slot] = p;
    *slotp = slot;
    return err;
}

/* Bound the communicators the plans hold (MPI has a few thousand context
 * ids per process; the application needs its own): when the agreed count
 * is over the bound, every other plan goes, on every rank. */
int sf_plan_bound_groups(sf_context *ctx, int agreed_groups, const sf_plan *keep)
{
    int err = SF_OK;
    if (agreed_groups <= SF_MAX_GROUP_COMMS) return SF_OK;
    for (int i = 0; i < SF_PLAN_SLOTS; i++)
        if (ctx->plans[i] && ctx->plans[i] != keep) {
            sf_keep(&err, sf_plan_free(ctx, ctx->plans[i]));
            ctx->plans[i] = NULL;
        }
    return err;
}

int sf_scratch_reserve(sf_context *ctx, MPI_Offset bytes)
{
    if (bytes <= ctx->scratch_size) return SF_OK;
    /* (what it held is not kept: a call's scratch starts empty) */
    char *s = sf_malloc_big((size_t)bytes);
    if (s) free(ctx->scratch);
    if (!s) return SF_ERR_NOMEM;
    ctx->scratch = s;
    ctx->scratch_size = bytes;
    return SF_OK;
}
