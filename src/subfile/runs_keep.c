/*
 * runs_keep.c: plans by runs outlive their dataset.
 *
 * A program that writes a dataset with many-piece calls, closes it and
 * opens it again to read (a restart, a check), or writes one dataset per
 * output interval with the same decomposition (a climate model's history
 * files), would build the same plan in every dataset: an all-to-all, an
 * agreement and the CPU of cutting every piece into runs. So a closed
 * dataset's plans by runs stay with the caller's communicator (its state,
 * comm_cache.c, shared by its duplicates), in their slots, and the next
 * context made on it adopts them.
 *
 * A plan is exact for the dataset it was built in. Another dataset may
 * lay its variables out differently: other extents, another number of
 * subfiles, other offsets in the subfiles (a longer name in a header, a
 * variable more). So a plan records, on each rank, what it assumed:
 *  - the geometry of every layout its requests name (extents, the block
 *    grid and its boundaries, element size, subfile group: where each
 *    run goes, to which home);
 *  - for each (layout, block) its home side holds runs of, the block's
 *    offsets in its subfile (the variable's begin, the record size);
 * and an adopted plan serves a call only when the call's signature is
 * the plan's (as for any plan) and the fingerprint made again in the new
 * context is the same, word for word. Each rank checks its own side; the
 * call's first reduction agrees (a plan is reused only where every rank
 * finds it holds), and after one agreed reuse the plan is the context's
 * own.
 *
 * Every rank must hold the same plans in the same slots (a slot is what
 * the first reduction agrees on). Contexts on one communicator end in the
 * same order on every rank (a close is collective); each end counts
 * (parked_gen, a hash of the sequence of closes and aborts): a close
 * parks the context's plans, an abort (one rank's alone) drops them. A
 * new context adopts the parked plans with the count, and its first
 * collective call's first reduction checks that the count, and which
 * slots hold a plan, are the same on every rank (access.c); if not, every
 * rank drops the adopted plans before any plan is built.
 *
 * Memory: the plans of the last closed dataset (at most SF_RUNS_SLOTS)
 * stay until the next context on the communicator takes them or the
 * communicator is freed (MPI_Finalize for MPI_COMM_WORLD).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "runs.h"
#include "nodes.h"

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int cmp_pair(const void *a, const void *b)
{
    const int *x = a, *y = b;
    if (x[0] != y[0]) return (x[0] > y[0]) - (x[0] < y[0]);
    return (x[1] > y[1]) - (x[1] < y[1]);
}

/* sorted, without repeats: the new count */
static size_t unique(int *v, size_t n, size_t width, int (*cmp)(const void *, const void *))
{
    if (n == 0) return 0;
    qsort(v, n, sizeof(int) * width, cmp);
    size_t m = 1;
    for (size_t i = 1; i < n; i++)
        if (cmp(v + (m - 1) * width, v + i * width) != 0) {
            if (m != i) memcpy(v + m * width, v + i * width, sizeof(int) * width);
            m++;
        }
    return m;
}

typedef struct {
    MPI_Offset *w;
    size_t n, cap;
    int bad;
} words;

static void put(words *s, MPI_Offset x)
{
    if (s->bad) return;
    if (s->n == s->cap) {
        size_t c = s->cap ? 2 * s->cap : 64;
        MPI_Offset *t = realloc(s->w, sizeof(MPI_Offset) * c);
        if (!t) { s->bad = 1; return; }
        s->w = t;
        s->cap = c;
    }
    s->w[s->n++] = x;
}

/* The fingerprint of refs in ctx: 0, or 1 when a layout is missing or a
 * block's offsets cannot be had (the plan cannot hold there). */
static int fingerprint(sf_context *ctx, const int *refs, words *s)
{
    int nlays = refs[0];
    const int *lays = refs + 1;
    int npairs = refs[1 + nlays];
    const int *pairs = refs + 2 + nlays;
    for (int i = 0; i < nlays; i++) {
        const sf_layout *lay = sf_context_layout(ctx, lays[i]);
        if (!lay) return 1;
        put(s, lay->id);
        put(s, lay->file_id);
        put(s, lay->ndims);
        put(s, lay->record);
        put(s, lay->elsize);
        put(s, lay->nblocks);
        put(s, lay->npart);
        for (int d = 0; d < lay->ndims; d++) put(s, lay->gsize[d]);
        for (int q = 0; q < lay->npart; q++) {
            put(s, lay->pdims[q]);
            put(s, lay->pgrid[q]);
            for (int j = 0; j <= lay->pgrid[q]; j++) put(s, lay->bounds[q][j]);
        }
    }
    for (int i = 0; i < npairs; i++) {
        const sf_layout *lay = sf_context_layout(ctx, pairs[2 * i]);
        int k = pairs[2 * i + 1];
        sf_offsets o;
        if (!lay || k < 0 || k >= lay->nblocks) return 1;
        if (!sf_layout_get_offsets(lay, k, &o) || o.begin < 0 || o.recsize < 0) {
            /* (learnt as the plan's build would; a failure is not this
             * call's: the plan just does not hold) */
            if (sf_need_offsets(ctx, lay->file_id, k) != SF_OK) return 1;
            if (!sf_layout_get_offsets(lay, k, &o)) return 1;
        }
        put(s, lay->id);
        put(s, k);
        put(s, lay->file_id);
        put(s, lay->elsize);
        put(s, lay->record);
        put(s, o.begin);
        put(s, o.recsize);
    }
    return 0;
}

/* p's references (the nl layouts, the np pairs, made unique here) and
 * their fingerprint; none (not an error) without memory or where it
 * cannot be made. Frees pairs. */
static void set_refs(sf_context *ctx, sf_rplan *p, const int *lays, size_t nl, int *pairs, size_t np)
{
    np = unique(pairs, np, 2, cmp_pair);
    p->refs = malloc(sizeof(int) * (2 + nl + 2 * np));
    if (p->refs) {
        p->refs[0] = (int)nl;
        memcpy(p->refs + 1, lays, sizeof(int) * nl);
        p->refs[1 + nl] = (int)np;
        memcpy(p->refs + 2 + nl, pairs, sizeof(int) * 2 * np);
    }
    free(pairs);
    if (!p->refs) return;
    words s = {NULL, 0, 0, 0};
    if (fingerprint(ctx, p->refs, &s) || s.bad) {
        free(s.w);
        free(p->refs);
        p->refs = NULL;
        return;
    }
    p->fp = s.w;
    p->fplen = s.n;
}

void sf_rplan_fingerprint(sf_context *ctx, sf_rplan *p, const sf_call *c, const MPI_Offset *rdesc, size_t nr)
{
    /* the layouts the requests name, then the pairs of the home side's
     * runs and parts; a plan without them is never kept for another
     * dataset (not an error) */
    size_t nl = (size_t)c->nreq + (size_t)c->nnreq, np = 0, cap = 16;
    int *lays = malloc(sizeof(int) * (nl ? nl : 1)), *pairs = malloc(sizeof(int) * 2 * cap);
    if (!lays || !pairs) goto none;
    for (int i = 0; i < c->nreq; i++) lays[i] = c->reqs[i].lay->id;
    for (int i = 0; i < c->nnreq; i++) lays[c->nreq + i] = c->nreqs[i].lay->id;
    nl = unique(lays, nl, 1, cmp_int);
    for (size_t i = 0; i <= nr + (size_t)p->nsub; i++) {
        int l, k;
        if (i < nr) {
            l = (int)rdesc[DW * i], k = (int)rdesc[DW * i + 1];
            if (np && pairs[2 * np - 2] == l && pairs[2 * np - 1] == k) continue; /* (runs of a block go together) */
        } else if (i < nr + (size_t)p->nsub) {
            l = p->subs[i - nr].file_id, k = p->subs[i - nr].block;
        } else {
            break;
        }
        if (np == cap) {
            int *t = realloc(pairs, sizeof(int) * 4 * cap);
            if (!t) goto none;
            pairs = t;
            cap *= 2;
        }
        pairs[2 * np] = l;
        pairs[2 * np + 1] = k;
        np++;
    }
    set_refs(ctx, p, lays, nl, pairs, np);
    free(lays);
    return;
none:
    free(lays);
    free(pairs);
    return;
}

void sf_rplan_fingerprint_one(sf_context *ctx, sf_rplan *p, int lay)
{
    /* as sf_rplan_fingerprint: the one layout, then the pairs of the home
     * side's runs (all of lay) and parts */
    size_t np = 0, cap = 2 * (p->nh + (size_t)p->nsub) + 2;
    int *pairs = malloc(sizeof(int) * cap);
    if (!pairs) return;
    for (size_t i = 0; i < p->nh; i++)
        if (!np || pairs[2 * np - 2] != lay || pairs[2 * np - 1] != p->h[i].block) {
            pairs[2 * np] = lay;
            pairs[2 * np + 1] = p->h[i].block;
            np++;
        }
    for (int k = 0; k < p->nsub; k++) {
        pairs[2 * np] = p->subs[k].file_id;
        pairs[2 * np + 1] = p->subs[k].block;
        np++;
    }
    set_refs(ctx, p, &lay, 1, pairs, np);
}

int sf_rplan_holds(sf_context *ctx, const sf_rplan *p)
{
    if (!p->foreign) return 1;
    if (!p->refs) return 0;
    /* (a rank with no part in the plan has an empty fingerprint) */
    words s = {NULL, 0, 0, 0};
    int holds = !fingerprint(ctx, p->refs, &s) && !s.bad && s.n == p->fplen &&
                (s.n == 0 || memcmp(s.w, p->fp, sizeof(MPI_Offset) * s.n) == 0);
    free(s.w);
    return holds;
}

int sf_rplan_free(sf_rplan *p)
{
    int err = SF_OK;
    if (!p) return SF_OK;
    for (int k = 0; k < p->nsub; k++) sf_keep(&err, sf_type_free(&p->subs[k].ftype));
    free(p->subs);
    free(p->key);
    free(p->refs);
    free(p->fp);
    free(p->scount);
    free(p->m);
    free(p->h);
    free(p->hown);
    free(p->mown);
    free(p);
    return err;
}

/* ---- parked on the communicator ---------------------------------------- */

static void parked_free(sf_comm_state *s)
{
    for (int i = 0; i < SF_RUNS_SLOTS; i++) {
        sf_rplan_free(s->parked[i]);
        s->parked[i] = NULL;
    }
}

void sf_runs_park(sf_context *ctx, int closed)
{
    sf_comm_state *s = ctx->cstate;
    if (!s) return;
    parked_free(s);
    s->drop_parked = parked_free; /* (comm_cache.c frees them with the state) */
    /* (a close and an abort count differently: a rank that aborted
     * where the others closed never matches them again) */
    s->parked_gen = s->parked_gen * 2654435761u + (closed ? 2u : 1u);
    if (!closed) return; /* an abort: this rank's alone, nothing kept */
    s->parked_clock = ctx->plan_clock;
    for (int i = 0; i < SF_RUNS_SLOTS; i++) {
        s->parked[i] = ctx->rplans[i];
        ctx->rplans[i] = NULL;
    }
}

void sf_runs_adopt(sf_context *ctx)
{
    sf_comm_state *s = ctx->cstate;
    ctx->adopted_gen = s ? s->parked_gen : 0;
    ctx->gen_unchecked = 1;
    if (!s) return;
    for (int i = 0; i < SF_RUNS_SLOTS; i++) {
        ctx->rplans[i] = s->parked[i];
        s->parked[i] = NULL;
        if (ctx->rplans[i]) ctx->rplans[i]->foreign = 1;
    }
    /* the plans' ages go on from the clock they were used by */
    if (s->parked_clock > ctx->plan_clock) ctx->plan_clock = s->parked_clock;
}

int32_t sf_runs_gen_word(const sf_context *ctx)
{
    if (!ctx->gen_unchecked) return 0;
    /* the count and which slots hold an adopted plan */
    unsigned occupied = 0;
    for (int i = 0; i < SF_RUNS_SLOTS; i++) occupied |= (ctx->rplans[i] != NULL) << i;
    return (int32_t)(((ctx->adopted_gen & 0x7fffffu) << 8) | occupied);
}

void sf_runs_checked(sf_context *ctx, int same)
{
    ctx->gen_unchecked = 0;
    if (same) return;
    for (int i = 0; i < SF_RUNS_SLOTS; i++) {
        sf_rplan_free(ctx->rplans[i]);
        ctx->rplans[i] = NULL;
    }
}
