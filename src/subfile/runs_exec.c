/*
 * runs_exec.c: collective calls with many pieces, by runs.
 *
 * Every subfile's home reads and writes it; every other rank sends it (or
 * gets from it) one message per call holding all its runs there, packed
 * in the order of the plan. Messages follow a pairwise schedule (step s:
 * to rank + s, from rank - s) in windows of ctx->window requests: every
 * rank finishes a window before it posts the next, and the steps of a
 * window match between partners, so no rank waits for one that cannot
 * come and no call has more requests outstanding than the window, however
 * many pieces it has.
 *
 * Building a plan (the first call with a decomposition): each rank cuts
 * its requests into runs (pieces that go on in the block and the buffer
 * are one run), sorts them by home (counting sort: linear; the copies to
 * one home that go on in the buffer are one), and sends each home the
 * runs' geometry (five words each; the run counts go first, by one
 * all-to-all); the home turns them into offsets in its subfiles, merges
 * and coalesces them (runs_home.c). The bytes moved go through the
 * context's scratch buffer, kept from call to call. A repeated call with
 * the same requests on every rank (recognised word for word, agreed by
 * the call's first reduction) moves the data alone. The call's signature
 * is made once, compared byte for byte with each cached plan's and kept
 * by the plan the call builds. A plan serves writes and reads alike: a
 * read of the pieces a write had (a check of what was written, a restart
 * in the same run) moves by the write's plan.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "runs.h"

char *sf_runs_buffer(const sf_call *c, int req)
{
    return req < c->nreq ? (char *)c->reqs[req].buf : (char *)c->nreqs[req - c->nreq].buf;
}

void sf_runs_copy_n(int nreq, const sf_nrequest *nreqs, int req, void *dst, const void *src, MPI_Offset len)
{
    const sf_nrequest *q = req >= nreq ? &nreqs[req - nreq] : NULL;
    int es = q ? q->lay->elsize : 1;
    char *d = dst;
    const char *s = src;
    if (!q || !q->swap || es == 1) {
        memcpy(dst, src, (size_t)len);
    } else if (es == 8 && len <= 256) {
        /* (the short runs of a scattered decomposition: reversed here,
         * without sf_swap_copy's dispatch) */
        for (MPI_Offset i = 0; i < len; i += 8) {
            uint64_t v;
            memcpy(&v, s + i, 8);
            v = __builtin_bswap64(v);
            memcpy(d + i, &v, 8);
        }
    } else if (es == 4 && len <= 256) {
        for (MPI_Offset i = 0; i < len; i += 4) {
            uint32_t v;
            memcpy(&v, s + i, 4);
            v = __builtin_bswap32(v);
            memcpy(d + i, &v, 4);
        }
    } else {
        sf_swap_copy(src, dst, es, len / es);
    }
}

void sf_runs_copy(const sf_call *c, int req, void *dst, const void *src, MPI_Offset len)
{
    sf_runs_copy_n(c->nreq, c->nreqs, req, dst, src, len);
}

static int mpi_count_ok(MPI_Offset n) { return n <= SF_CHUNK; }

int sf_runs_exchange(sf_context *ctx, char *sbuf, const MPI_Offset *scount, const MPI_Offset *soff,
                     char *rbuf, const MPI_Offset *rcount, const MPI_Offset *roff)
{
    int P = ctx->nprocs, me = ctx->rank, err = SF_OK, n = 0;
    MPI_Request q[SF_RUNS_WINDOW_MAX];
    int steps = ctx->window / 2; /* two requests a step at most */
    for (int s = 1; s < P; s++) {
        int to = (me + s) % P, from = (me - s + P) % P;
        if (rcount[from] > 0) {
            if (!mpi_count_ok(rcount[from]) ||
                MPI_Irecv(rbuf + roff[from], (int)rcount[from], MPI_BYTE, from, SF_TAG_RUNS, ctx->comm, &q[n]) != MPI_SUCCESS)
                sf_keep(&err, SF_ERR_MPI), q[n] = MPI_REQUEST_NULL;
            n++;
        }
        if (scount[to] > 0) {
            sf_count_sent(ctx, to, scount[to]);
            if (!mpi_count_ok(scount[to]) ||
                MPI_Isend(sbuf + soff[to], (int)scount[to], MPI_BYTE, to, SF_TAG_RUNS, ctx->comm, &q[n]) != MPI_SUCCESS)
                sf_keep(&err, SF_ERR_MPI), q[n] = MPI_REQUEST_NULL;
            n++;
        }
        ctx->counts.runs_msgs += (rcount[from] > 0) + (scount[to] > 0);
        if (n > ctx->counts.peak_requests) ctx->counts.peak_requests = n;
        /* a window ends at the same steps on every rank */
        if (s % steps == 0 || s == P - 1) {
            sf_keep(&err, sf_waitall(ctx, n, q));
            n = 0;
        }
    }
    return err;
}

/* ---- building --------------------------------------------------------- */


/* This rank's runs by home (stable), their counts per home, and the
 * member side of the plan. */
static int member_side(sf_context *ctx, sf_rplan *p, sf_run_list *l, MPI_Offset *nruns, MPI_Offset **desc)
{
    int P = ctx->nprocs;
    size_t *pos = calloc(3 * ((size_t)P + 1), sizeof(size_t)), *first = pos + P + 1, *mend = first + P + 1;
    p->m = sf_malloc_big(sizeof(sf_mrun) * (l->n ? l->n : 1));
    *desc = sf_pool_take(ctx, sizeof(MPI_Offset) * DW * (l->n ? l->n : 1));
    if (!pos || !p->m || !*desc) { free(pos); return SF_ERR_NOMEM; }
    for (size_t i = 0; i < l->n; i++) nruns[l->r[i].dest]++;
    for (int q = 0; q < P; q++) pos[q + 1] = pos[q] + (size_t)nruns[q];
    memcpy(first, pos, sizeof(size_t) * ((size_t)P + 1));
    memcpy(mend, pos, sizeof(size_t) * ((size_t)P + 1));
    /* the geometry: an entry a run; the copies: runs for one home that
     * follow each other in one buffer are one copy (home q's copies are
     * m[first[q], mend[q]) until they are moved together) */
    const sf_layout *lay = NULL;
    for (size_t i = 0; i < l->n; i++) {
        const sf_run *r = &l->r[i];
        if (!lay || lay->id != r->lay) lay = sf_context_layout(ctx, r->lay);
        int q = r->dest;
        size_t k = pos[q]++;
        MPI_Offset bytes = r->len * lay->elsize;
        MPI_Offset *w = *desc + DW * k;
        w[0] = r->lay; w[1] = r->block; w[2] = r->rec; w[3] = r->lin; w[4] = r->len;
        p->scount[q] += bytes;
        sf_mrun *prev = mend[q] > first[q] ? &p->m[mend[q] - 1] : NULL;
        if (prev && prev->req == r->req && prev->moff + prev->len == r->moff) prev->len += bytes;
        else p->m[mend[q]++] = (sf_mrun){r->moff, bytes, r->req};
    }
    size_t nm = 0;
    for (int q = 0; q < P; q++) {
        size_t n = mend[q] - first[q];
        if (n && nm != first[q]) memmove(p->m + nm, p->m + first[q], sizeof(sf_mrun) * n);
        nm += n;
    }
    p->nm = nm;
    sf_mrun *t = realloc(p->m, sizeof(sf_mrun) * (nm ? nm : 1)); /* (no larger than needed) */
    if (t) p->m = t;
    /* the send buffer holds the others' bytes; this rank's own go
     * straight to its area (their offset is past the others') */
    for (int q = 0; q <= P; q++) {
        int r = q == P ? ctx->rank : q;
        if (q < P && q == ctx->rank) continue;
        p->soff[r] = p->sbytes;
        p->sbytes += p->scount[r];
    }
    free(pos);
    return SF_OK;
}

/* The home side from the geometry every member sent (by rank). */
int sf_runs_home_side(sf_context *ctx, sf_rplan *p, const MPI_Offset *rdesc, size_t nr,
                     const MPI_Offset *runs_from, int write)
{
    int err = SF_OK, last_lay = -1, last_block = -1;
    sf_offsets o = {0, 0, 0};
    const sf_layout *lay = NULL;
    p->h = sf_malloc_big(sizeof(sf_hrun) * (nr ? nr : 1));
    if (!p->h) return SF_ERR_NOMEM;
    p->nh = nr;
    MPI_Offset at = 0;
    int from = 0;
    size_t left = 0;
    for (size_t i = 0; i < nr; i++) {
        const MPI_Offset *w = rdesc + DW * i;
        /* the area holds each member's bytes after the previous one's */
        while (left == 0) { p->roff[from] = at; left = (size_t)runs_from[from++]; }
        left--;
        if (w[0] != last_lay || w[1] != last_block) {
            lay = sf_context_layout(ctx, (int)w[0]);
            if (!lay || w[1] < 0 || w[1] >= lay->nblocks) return SF_ERR_ARG;
            int e = sf_need_offsets(ctx, lay->file_id, (int)w[1]);
            if (e != SF_OK) { sf_keep(&err, sf_note_failure(ctx, e, lay->file_id, (int)w[1], write)); o.begin = o.recsize = 0; }
            else sf_layout_get_offsets(lay, (int)w[1], &o);
            last_lay = (int)w[0];
            last_block = (int)w[1];
        }
        sf_hrun *h = &p->h[i];
        h->len = w[4] * lay->elsize;
        h->disp = o.begin + w[2] * o.recsize + w[3] * lay->elsize;
        h->at = at;
        h->file_id = lay->file_id;
        h->block = (int)w[1];
        h->record = lay->record;
        at += h->len;
        p->rcount[from - 1] += h->len;
    }
    for (; from < ctx->nprocs; from++) p->roff[from] = at;
    p->abytes = at;
    sf_keep(&err, sf_runs_home_subs(ctx, p));
    for (int k = 0; k < p->nsub; k++) {
        sf_hsub *s = &p->subs[k];
        const sf_layout *fl = sf_context_layout(ctx, s->file_id);
        if (fl && sf_layout_get_offsets(fl, s->block, &o)) s->recsize = o.recsize;
    }
    return err;
}

/* This rank's part in build_steps' all-to-all of counts, with nothing to
 * send, when it has no memory for its own (the others are in it): the
 * context's room for it (made at its first call). Returns err. */
static int take_part_empty(sf_context *ctx, int err)
{
    int P = ctx->nprocs;
    memset(ctx->a2a, 0, sizeof(MPI_Offset) * 2 * (size_t)P);
    sf_keep(&err, SF_MPI_OK(MPI_Alltoall(ctx->a2a, 1, MPI_OFFSET, ctx->a2a + P, 1, MPI_OFFSET, ctx->comm)));
    return err;
}

static int build_steps(sf_context *ctx, sf_rplan *p, const sf_call *c, MPI_Offset base)
{
    int P = ctx->nprocs, me = ctx->rank, err = SF_OK;
    sf_run_list l = {NULL, 0, 0, ctx}; /* (arrays of the build: blocks the context keeps) */
    MPI_Offset *nruns = calloc((size_t)P * 4, sizeof(MPI_Offset)), *desc = NULL, *rdesc = NULL;
    if (!nruns) return take_part_empty(ctx, SF_ERR_NOMEM); /* agreed by the caller */
    MPI_Offset *rruns = nruns + P, *so = nruns + 2 * P, *ro = nruns + 3 * P;
    err = sf_call_runs(ctx, c->nreq, c->reqs, c->nnreq, c->nreqs, base, &l);
    if (err == SF_OK) err = member_side(ctx, p, &l, nruns, &desc);
    sf_pool_give(ctx, l.r);
    /* a rank that failed sends nothing but still takes part */
    if (err != SF_OK) memset(nruns, 0, sizeof(MPI_Offset) * P);
    if (MPI_Alltoall(nruns, 1, MPI_OFFSET, rruns, 1, MPI_OFFSET, ctx->comm) != MPI_SUCCESS) {
        free(nruns); sf_pool_give(ctx, desc);
        return SF_ERR_MPI;
    }
    size_t nr = 0;
    MPI_Offset *from = malloc(sizeof(MPI_Offset) * P);
    if (!from) { sf_keep(&err, SF_ERR_NOMEM); memset(rruns, 0, sizeof(MPI_Offset) * P); }
    else memcpy(from, rruns, sizeof(MPI_Offset) * P);
    for (int q = 0; q < P; q++) {
        so[q] = (q ? so[q - 1] + nruns[q - 1] : 0);
        ro[q] = (MPI_Offset)nr;
        nr += (size_t)rruns[q];
    }
    rdesc = sf_pool_take(ctx, sizeof(MPI_Offset) * DW * (nr ? nr : 1));
    if (!rdesc) { sf_keep(&err, SF_ERR_NOMEM); memset(rruns, 0, sizeof(MPI_Offset) * P); }
    for (int q = 0; q < P; q++) {
        nruns[q] *= DW * sizeof(MPI_Offset); rruns[q] *= DW * sizeof(MPI_Offset);
        so[q] *= DW * sizeof(MPI_Offset); ro[q] *= DW * sizeof(MPI_Offset);
    }
    if (err == SF_OK) memcpy((char *)rdesc + ro[me], (char *)desc + so[me], (size_t)nruns[me]);
    rruns[me] = nruns[me] = 0;
    sf_keep(&err, sf_runs_exchange(ctx, (char *)desc, nruns, so, (char *)rdesc, rruns, ro));
    sf_pool_give(ctx, desc);
    if (err == SF_OK) err = sf_runs_home_side(ctx, p, rdesc, nr, from, c->write);
    if (err == SF_OK) sf_runs_own(ctx, p, c);
    /* what it assumed of this dataset, for another (runs_keep.c) */
    if (err == SF_OK) sf_rplan_fingerprint(ctx, p, c, rdesc, nr);
    free(from);
    sf_pool_give(ctx, rdesc);
    free(nruns);
    return err;
}

int sf_rplan_build(sf_context *ctx, const sf_call *c, int relative, MPI_Offset base, sf_rplan **out)
{
    int P = ctx->nprocs;
    double t0 = MPI_Wtime();
    sf_rplan *p = calloc(1, sizeof *p);
    int err = p ? SF_OK : SF_ERR_NOMEM;
    if (p) {
        p->relative = relative;
        p->lay1 = c->nreq == 0 && c->nnreq == 1 ? c->nreqs[0].lay->id : -1;
        p->scount = calloc((size_t)P * 4, sizeof(MPI_Offset));
        if (!p->scount) err = SF_ERR_NOMEM;
        else { p->soff = p->scount + P; p->rcount = p->scount + 2 * P; p->roff = p->scount + 3 * P; }
    }
    if (err == SF_OK) {
        /* the signature the lookup made, when it is this plan's: an
         * absolute plan's at any base (kept with it), a relative one's at
         * the call's base */
        if (ctx->rkey && (!relative || ctx->rkey_base == base)) {
            /* (the lookup's is a block the context keeps: the plan's own copy) */
            p->key = malloc(ctx->rkeylen ? ctx->rkeylen : 1);
            if (!p->key) err = SF_ERR_NOMEM;
            else memcpy(p->key, ctx->rkey, ctx->rkeylen);
            p->keylen = ctx->rkeylen;
            p->kbase = ctx->rkey_base;
        } else {
            p->kbase = relative ? base : 0;
            err = sf_runs_key(NULL, c->nreq, c->reqs, c->nnreq, c->nreqs, p->kbase, &p->key, &p->keylen);
        }
    }
    /* without memory for the plan, this rank still answers the others */
    if (err != SF_OK) {
        err = take_part_empty(ctx, err);
    } else {
        err = build_steps(ctx, p, c, base);
    }
    ctx->counts.plan_builds++;
    ctx->t_plan += MPI_Wtime() - t0;
    err = sf_agree_err(ctx, err);
    if (err != SF_OK) { sf_keep(&err, sf_rplan_free(p)); return err; }
    *out = p;
    return SF_OK;
}

/* ---- carrying out ------------------------------------------------------ */

/* Between the callers' buffers and the packed bytes for (or from) each
 * home, in the plan's order. */
static void pack_all(sf_context *ctx, sf_rplan *p, const sf_call *c, char *sbuf, char *area, int to_packed)
{
    size_t i = 0;
    for (int q = 0; q < ctx->nprocs; q++) {
        char *at = q == ctx->rank ? area + p->roff[q] : sbuf + p->soff[q];
        if (q == ctx->rank && p->hown) { /* (straight to or from the staging: runs_home.c) */
            for (MPI_Offset done = 0; done < p->scount[q]; i++) done += p->m[i].len;
            continue;
        }
        for (MPI_Offset done = 0; done < p->scount[q]; i++) {
            const sf_mrun *m = &p->m[i];
            char *mem = sf_runs_buffer(c, m->req) + m->moff;
            if (to_packed) sf_runs_copy(c, m->req, at + done, mem, m->len);
            else sf_runs_copy(c, m->req, mem, at + done, m->len);
            done += m->len;
        }
    }
}

int sf_rplan_exec(sf_context *ctx, sf_rplan *p, const sf_call *c, MPI_Offset base)
{
    int err = SF_OK, me = ctx->rank;
    MPI_Offset others = p->sbytes - p->scount[me];
    if (others < 0) others = 0;
    /* the bytes for the others, then this rank's area as home: in the
     * context's buffer, kept from call to call (its pages are touched
     * once, not at every call) */
    char *sbuf = NULL, *area = NULL;
    if (sf_scratch_reserve(ctx, others + p->abytes + 1) == SF_OK) {
        sbuf = ctx->scratch;
        area = ctx->scratch + others;
    }
    /* without memory this rank moves nothing, but still takes part */
    MPI_Offset *zero = NULL;
    if (!sbuf) {
        err = SF_ERR_NOMEM;
        zero = calloc((size_t)ctx->nprocs, sizeof(MPI_Offset));
        if (!zero) return SF_ERR_NOMEM; /* (cannot take part) */
    }
    /* a plan moves either way: the call's direction */
    if (c->write) {
        if (!zero) pack_all(ctx, p, c, sbuf, area, 1);
        sf_keep(&err, sf_runs_exchange(ctx, sbuf, zero ? zero : p->scount, p->soff, area,
                                       zero ? zero : p->rcount, p->roff));
        if (!zero) sf_keep(&err, sf_runs_home_io(ctx, p, c, area, base, 1));
    } else {
        if (!zero) sf_keep(&err, sf_runs_home_io(ctx, p, c, area, base, 0));
        sf_keep(&err, sf_runs_exchange(ctx, area, zero ? zero : p->rcount, p->roff, sbuf,
                                       zero ? zero : p->scount, p->soff));
        if (!zero) pack_all(ctx, p, c, sbuf, area, 0);
    }
    free(zero);
    return err;
}

/* ---- another variable's plan -------------------------------------------- */

/* A plan's runs are where its layout's pieces fall: which block, where in
 * the block, which home. Another layout of the same geometry in the same
 * subfiles (subfiling_group: the variables of a group share them) puts
 * the same pieces in the same blocks at the same places, to the same
 * homes; only where each block begins in its subfile differs. So a call
 * with the pieces of a plan of another such variable takes a copy of
 * that plan, each home's runs moved by the difference of the two
 * variables' begins: no exchange, no cutting into runs, nothing sent. */
static int same_geometry(const sf_layout *a, const sf_layout *b)
{
    if (a->file_id != b->file_id || a->ndims != b->ndims || a->record != b->record || a->elsize != b->elsize ||
        a->nblocks != b->nblocks || a->npart != b->npart)
        return 0;
    for (int d = a->record ? 1 : 0; d < a->ndims; d++)
        if (a->gsize[d] != b->gsize[d]) return 0;
    for (int q = 0; q < a->npart; q++) {
        if (a->pdims[q] != b->pdims[q] || a->pgrid[q] != b->pgrid[q]) return 0;
        if (memcmp(a->bounds[q], b->bounds[q], sizeof(MPI_Offset) * ((size_t)a->pgrid[q] + 1)) != 0) return 0;
    }
    return 1;
}

/* The head of the signature of call c's one request as if it were on
 * layout lay (the words before its pieces' bytes, which do not depend on
 * the layout): *len bytes, malloc's. */
static unsigned char *key_head(const sf_call *c, const sf_layout *lay, MPI_Offset b0, size_t *len)
{
    sf_nrequest q = c->nreqs[0];
    unsigned char *k = NULL;
    q.lay = lay;
    q.sig = (const unsigned char *)"";
    q.siglen = 0;
    return sf_runs_key(NULL, 0, NULL, 1, &q, b0, &k, len) == SF_OK ? k : NULL;
}

/* Whether plan o, of another layout, would serve call c (whose signature
 * is ctx->rkey at base b0) with its runs moved: c's one request has o's
 * pieces, o's layout the geometry of c's (local; the signatures' heads
 * made for both layouts, their pieces' bytes compared where they are). */
static int derivable(sf_context *ctx, const sf_rplan *o, const sf_call *c, MPI_Offset b0)
{
    if (!o || o->foreign || o->lay1 < 0 || c->nreq != 0 || c->nnreq != 1 || !ctx->rkey) return 0;
    const sf_layout *b = c->nreqs[0].lay, *a = sf_context_layout(ctx, o->lay1);
    if (!a || a == b || a->id == b->id || !same_geometry(a, b)) return 0;
    if (!o->relative && o->kbase != b0) return 0;
    size_t la = 0, lb = 0;
    unsigned char *ha = key_head(c, a, b0, &la), *hb = key_head(c, b, b0, &lb);
    int same = ha && hb && la <= o->keylen && lb <= ctx->rkeylen && o->keylen - la == ctx->rkeylen - lb &&
               memcmp(ha, o->key, la) == 0 && memcmp(hb, ctx->rkey, lb) == 0 &&
               memcmp(o->key + la, ctx->rkey + lb, o->keylen - la) == 0;
    free(ha);
    free(hb);
    return same;
}

/* A copy of plan o for call c's layout (local; SF_OK or why not). */
static int derive(sf_context *ctx, const sf_rplan *o, const sf_call *c, sf_rplan **out)
{
    int P = ctx->nprocs, err = SF_OK;
    *out = NULL;
    if (c->nreq != 0 || c->nnreq != 1) return SF_ERR_ARG;
    const sf_layout *b = c->nreqs[0].lay, *a = sf_context_layout(ctx, o->lay1);
    sf_rplan *p = calloc(1, sizeof *p);
    if (!p || !a) { free(p); return p ? SF_ERR_ARG : SF_ERR_NOMEM; }
    *p = *o;
    p->key = NULL, p->refs = NULL, p->fp = NULL, p->fplen = 0, p->scount = NULL, p->m = NULL, p->h = NULL;
    p->hown = NULL, p->mown = NULL;
    p->subs = NULL, p->nsub = 0, p->foreign = 0, p->lay1 = b->id;
    /* the call's signature (the lookup's), as a build keeps it */
    p->key = malloc(ctx->rkeylen ? ctx->rkeylen : 1);
    p->scount = malloc(sizeof(MPI_Offset) * 4 * (size_t)P);
    p->m = sf_malloc_big(sizeof(sf_mrun) * (o->nm ? o->nm : 1));
    p->h = sf_malloc_big(sizeof(sf_hrun) * (o->nh ? o->nh : 1));
    p->subs = calloc(o->nsub ? (size_t)o->nsub : 1, sizeof(sf_hsub));
    if (!p->key || !p->scount || !p->m || !p->h || !p->subs || !ctx->rkey) {
        sf_rplan_free(p);
        return SF_ERR_NOMEM;
    }
    memcpy(p->key, ctx->rkey, ctx->rkeylen);
    p->keylen = ctx->rkeylen;
    p->kbase = ctx->rkey_base;
    memcpy(p->scount, o->scount, sizeof(MPI_Offset) * 4 * (size_t)P);
    p->soff = p->scount + P, p->rcount = p->scount + 2 * P, p->roff = p->scount + 3 * P;
    memcpy(p->m, o->m, sizeof(sf_mrun) * o->nm);
    memcpy(p->h, o->h, sizeof(sf_hrun) * o->nh);
    /* each part moved by the difference of the two begins in its block
     * (the record size is the subfile's: the same) */
    for (int k = 0; k < o->nsub; k++) {
        sf_hsub *s = &p->subs[k];
        *s = o->subs[k];
        s->ftype = MPI_DATATYPE_NULL;
        p->nsub = k + 1;
        sf_offsets oa, ob;
        if (err == SF_OK) err = sf_need_offsets(ctx, b->file_id, s->block);
        if (err == SF_OK && (!sf_layout_get_offsets(a, s->block, &oa) || !sf_layout_get_offsets(b, s->block, &ob) ||
                             oa.begin < 0 || ob.begin < 0 || oa.recsize != ob.recsize))
            err = SF_ERR_ARG;
        if (err != SF_OK) continue;
        MPI_Offset delta = ob.begin - oa.begin;
        s->lo += delta;
        s->hi += delta;
        for (size_t i = s->first; i < s->end; i++) p->h[i].disp += delta;
        if (o->subs[k].ftype != MPI_DATATYPE_NULL) err = SF_MPI_OK(MPI_Type_dup(o->subs[k].ftype, &s->ftype));
    }
    if (err != SF_OK) {
        sf_rplan_free(p);
        return err;
    }
    /* (its own runs go as o's: the same runs, of the same element size) */
    sf_runs_own(ctx, p, c);
    if (o->refs) sf_rplan_fingerprint_one(ctx, p, b->id);
    *out = p;
    return SF_OK;
}

/* ---- the cache ---------------------------------------------------------- */

int sf_runs_forget(sf_context *ctx)
{
    int err = SF_OK;
    sf_runs_done(ctx);
    for (int i = 0; i < SF_RUNS_SLOTS; i++) {
        sf_keep(&err, sf_rplan_free(ctx->rplans[i]));
        ctx->rplans[i] = NULL;
    }
    return err;
}

unsigned sf_runs_candidates(sf_context *ctx, const sf_call *c, MPI_Offset base)
{
    unsigned mask = 0;
    MPI_Offset b0 = base < 0 ? 0 : base;
    sf_runs_done(ctx);
    /* without memory for it, no plan is recognised (one is built) */
    if (sf_runs_key(ctx, c->nreq, c->reqs, c->nnreq, c->nreqs, b0, &ctx->rkey, &ctx->rkeylen) != SF_OK) {
        ctx->rkey = NULL;
        return 0;
    }
    ctx->rkey_base = b0;
    for (int i = 0; i < SF_RUNS_SLOTS; i++) {
        const sf_rplan *p = ctx->rplans[i];
        if (p && (p->relative || p->kbase == b0) && p->keylen == ctx->rkeylen &&
            memcmp(p->key, ctx->rkey, ctx->rkeylen) == 0 && sf_rplan_holds(ctx, p))
            mask |= 1u << i;
    }
    /* and those of another variable a copy of which would do (asked of
     * every slot: another rank may have no plan of its own to reuse) */
    for (int i = 0; i < SF_RUNS_SLOTS; i++)
        if (derivable(ctx, ctx->rplans[i], c, b0)) mask |= 1u << (SF_RUNS_SLOTS + i);
    return mask;
}

void sf_runs_done(sf_context *ctx)
{
    sf_pool_give(ctx, ctx->rkey);
    ctx->rkey = NULL;
    ctx->rkeylen = 0;
}

/* a free slot or the least recently used: the same on every rank */
static int free_slot(const sf_context *ctx)
{
    int slot = 0;
    for (int i = 0; i < SF_RUNS_SLOTS; i++) {
        if (!ctx->rplans[i]) return i;
        if (ctx->rplans[i]->last_use < ctx->rplans[slot]->last_use) slot = i;
    }
    return slot;
}

int sf_access_runs(sf_context *ctx, sf_call *c, unsigned mask, MPI_Offset base_min, MPI_Offset base_max,
                   int relative_ok)
{
    int slot = -1;
    for (int i = 0; i < SF_RUNS_SLOTS; i++)
        if ((mask >> i & 1) && ctx->rplans[i] && (slot < 0 || ctx->rplans[i]->last_use > ctx->rplans[slot]->last_use))
            slot = i;
    if (slot >= 0 && ctx->rplans[slot]->relative && base_min != base_max) slot = -1;
    MPI_Offset shift;
    int evicted = SF_OK; /* freeing the plan it replaces (local) */
    sf_rplan *derived = NULL;
    if (slot < 0) {
        /* a copy of another variable's plan, made by every rank, or by none */
        int from = -1;
        for (int i = 0; i < SF_RUNS_SLOTS; i++)
            if ((mask >> (SF_RUNS_SLOTS + i) & 1) && ctx->rplans[i] &&
                (from < 0 || ctx->rplans[i]->last_use > ctx->rplans[from]->last_use))
                from = i;
        if (from >= 0 && ctx->rplans[from]->relative && base_min != base_max) from = -1;
        if (from >= 0) {
            double t0 = MPI_Wtime();
            int err = derive(ctx, ctx->rplans[from], c, &derived);
            ctx->t_plan += MPI_Wtime() - t0;
            int e = sf_agree_err(ctx, err);
            if (e != SF_OK) {
                sf_keep(&e, sf_rplan_free(derived)); /* (then built, below) */
                derived = NULL;
            }
        }
    }
    if (derived) {
        shift = derived->relative && base_min >= 0 ? base_min : 0;
        ctx->counts.plans_derived++;
        slot = free_slot(ctx);
        evicted = sf_rplan_free(ctx->rplans[slot]);
        ctx->rplans[slot] = derived;
    } else if (slot >= 0) {
        shift = ctx->rplans[slot]->relative && base_min >= 0 ? base_min : 0;
        ctx->counts.plan_hits++;
        ctx->rplans[slot]->foreign = 0; /* it holds here on every rank (agreed) */
    } else {
        int relative = relative_ok && base_min == base_max && base_min >= 0;
        shift = relative ? base_min : 0;
        sf_rplan *p;
        int err = sf_rplan_build(ctx, c, relative, shift, &p);
        if (err != SF_OK) return err; /* agreed */
        slot = free_slot(ctx);
        evicted = sf_rplan_free(ctx->rplans[slot]);
        ctx->rplans[slot] = p;
    }
    sf_rplan *p = ctx->rplans[slot];
    p->last_use = ctx->plan_clock;
    double t0 = MPI_Wtime();
    int err = sf_rplan_exec(ctx, p, c, shift);
    ctx->t_move += MPI_Wtime() - t0;
    sf_keep(&err, evicted);
    return err;
}
