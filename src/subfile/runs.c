/*
 * runs.c: requests as runs of elements, for calls with many pieces (varn).
 *
 * A run is a stretch of consecutive elements along a region's last
 * dimension that falls in one block: where it lies in the block (its
 * record and its element index in the block's record, C order) and where
 * its bytes are in the request's buffer. Cutting a region costs one step
 * per run; no per-element array exists anywhere.
 */
#include <stdlib.h>
#include <string.h>
#include "sf_internal.h"
#include "runs.h"

const MPI_Offset sf_ones[SF_MAX_DIMS] = {[0 ... SF_MAX_DIMS - 1] = 1};

/* room for c runs (c > l->cap), the runs kept */
static int resize_runs(sf_run_list *l, size_t c)
{
    sf_run *t = sf_pool_take(l->pool, sizeof(sf_run) * c);
    if (!t) return SF_ERR_NOMEM;
    if (l->n) memcpy(t, l->r, sizeof(sf_run) * l->n);
    sf_pool_give(l->pool, l->r);
    l->r = t;
    l->cap = c;
    return SF_OK;
}

static int grow_runs(sf_run_list *l)
{
    if (l->n < l->cap) return SF_OK;
    return resize_runs(l, l->cap ? 2 * l->cap : 1024);
}

/* The cell of pdim p holding index x (bounds are increasing). */
static int cell_of(const sf_layout *lay, int p, MPI_Offset x)
{
    int lo = 0, hi = lay->pgrid[p] - 1;
    const MPI_Offset *b = lay->bounds[p];
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (b[mid] <= x) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}

typedef struct {
    const sf_layout *lay;
    int pof[SF_MAX_DIMS];   /* the pdim of each dimension, or -1 */
    int mult[SF_MAX_PDIMS]; /* a cell's weight in the block's number */
    int cell[SF_MAX_PDIMS]; /* the cell found last along each pdim */
    int r0;                 /* first dimension inside a record */
    int contiguous;         /* runs along the last dimension are contiguous */
} geom;

static void geom_init(geom *g, const sf_layout *lay)
{
    g->lay = lay;
    for (int d = 0; d < lay->ndims; d++) g->pof[d] = -1;
    for (int p = 0; p < lay->npart; p++) g->pof[lay->pdims[p]] = p;
    for (int p = lay->npart - 1, m = 1; p >= 0; m *= lay->pgrid[p--]) g->mult[p] = m;
    for (int p = 0; p < lay->npart; p++) g->cell[p] = 0;
    g->r0 = lay->record ? 1 : 0;
    g->contiguous = lay->ndims > g->r0;
}

/* cell_of, trying first the cell found last (a rank's pieces come in
 * order more often than not): the same answer */
static inline int cell_at(geom *g, int p, MPI_Offset x)
{
    const MPI_Offset *b = g->lay->bounds[p];
    int c = g->cell[p];
    if (b[c] <= x && x < b[c + 1]) return c;
    return g->cell[p] = cell_of(g->lay, p, x);
}

/* One row: the indices idx of every dimension but the last, the run
 * [a, a + n) along it (stride one), at byte moff of the buffer. The row's
 * place before the last dimension (pre, in the block's rows) and the
 * number of its block but for the last dimension's cell (kfix) are found
 * once; each block the row crosses is one run, or lengthens the previous
 * one when it goes on where that one ends, in the block and the buffer.
 * Inlined where it is called: a varn's usual piece is one row. */
static inline __attribute__((always_inline)) int emit_row_nd(geom *g, int nd, const MPI_Offset *idx, MPI_Offset a,
                                                             MPI_Offset n, MPI_Offset moff, int req,
                                                             MPI_Offset base, sf_run_list *l)
{
    const sf_layout *lay = g->lay;
    int last = nd - 1, kfix = 0;
    MPI_Offset pre = 0, es = lay->elsize, rec = lay->record ? idx[0] - base : 0;
    for (int d = g->r0; last > 0 && d < last; d++) { /* (none in a 1-D row) */
        int p = g->pof[d];
        if (p < 0) { pre = pre * lay->gsize[d] + idx[d]; continue; }
        int c = cell_at(g, p, idx[d]);
        MPI_Offset lo = lay->bounds[p][c];
        pre = pre * (lay->bounds[p][c + 1] - lo) + (idx[d] - lo);
        kfix += c * g->mult[p];
    }
    int pl = g->pof[last];
    while (n > 0) {
        MPI_Offset take = n, elo = 0, eext = lay->gsize[last];
        int k = kfix;
        if (pl >= 0) {
            int c = cell_at(g, pl, a);
            elo = lay->bounds[pl][c];
            eext = lay->bounds[pl][c + 1] - elo;
            if (a + take > elo + eext) take = elo + eext - a;
            k += c * g->mult[pl];
        }
        MPI_Offset lin = pre * eext + (a - elo);
        sf_run *q = l->n > 0 ? &l->r[l->n - 1] : NULL;
        if (q && q->block == k && q->req == req && q->lin + q->len == lin && q->rec == rec &&
            q->moff + q->len * es == moff && q->lay == lay->id) {
            q->len += take;
        } else {
            if (l->n == l->cap) {
                int err = grow_runs(l);
                if (err) return err;
            }
            sf_run *r = &l->r[l->n++];
            r->rec = rec;
            r->lin = lin;
            r->len = take;
            r->moff = moff;
            r->lay = lay->id;
            r->block = k;
            r->req = req;
            r->dest = 0;
        }
        a += take;
        n -= take;
        moff += take * es;
    }
    return SF_OK;
}

/* (the layout's number of dimensions, not a constant) */
static inline __attribute__((always_inline)) int emit_row(geom *g, const MPI_Offset *idx, MPI_Offset a,
                                                          MPI_Offset n, MPI_Offset moff, int req,
                                                          MPI_Offset base, sf_run_list *l)
{
    return emit_row_nd(g, g->lay->ndims, idx, a, n, moff, req, base, l);
}

static int region_runs(geom *gp, int req, const MPI_Offset *st, const MPI_Offset *ct,
                       const MPI_Offset *sd, MPI_Offset moff, MPI_Offset base, sf_run_list *l)
{
    geom *g = gp;
    const sf_layout *lay = g->lay;
    int nd = lay->ndims, last = nd - 1, row = 1;
    if (nd == 0) return SF_ERR_ARG;
    for (int d = 0; d < nd; d++) {
        if (ct[d] <= 0) return SF_OK;
        row &= d == last || ct[d] == 1;
    }
    /* one row along the last dimension (a varn's usual piece) */
    if (row && !sd && g->contiguous) return emit_row(g, st, st[last], ct[last], moff, req, base, l);
    MPI_Offset i[SF_MAX_DIMS], idx[SF_MAX_DIMS];
    for (int d = 0; d < nd; d++) i[d] = 0;
    MPI_Offset es = lay->elsize, step = sd ? sd[last] : 1;
    for (;;) {
        for (int d = 0; d < last; d++) idx[d] = st[d] + i[d] * (sd ? sd[d] : 1);
        if (g->contiguous && step == 1) {
            int err = emit_row(g, idx, st[last], ct[last], moff, req, base, l);
            if (err) return err;
        } else {
            for (MPI_Offset j = 0; j < ct[last]; j++) {
                MPI_Offset x = st[last] + j * step;
                int err;
                if (!g->contiguous) { /* a 1-D record array: one element per record */
                    idx[0] = x;
                    err = emit_row(g, idx, 0, 1, moff + j * es, req, base, l);
                } else {
                    err = emit_row(g, idx, x, 1, moff + j * es, req, base, l);
                }
                if (err) return err;
            }
        }
        moff += ct[last] * es;
        int d = last - 1;
        for (; d >= 0 && ++i[d] == ct[d]; d--) i[d] = 0;
        if (d < 0) break;
    }
    return SF_OK;
}

int sf_region_runs(const sf_layout *lay, int req, const MPI_Offset *st, const MPI_Offset *ct,
                   const MPI_Offset *sd, MPI_Offset moff, MPI_Offset base, sf_run_list *l)
{
    geom g;
    geom_init(&g, lay);
    return region_runs(&g, req, st, ct, sd, moff, base, l);
}

/* sf_call_runs' loop over a many-piece request's pieces, written out
 * for each small number of dimensions (its loops then unrolled): a row
 * along the last dimension (a varn's usual piece) goes straight to
 * emit_row, as region_runs would send it. */
#define NPIECES_RUNS(ND)                                                                   \
    for (; j < q->num && err == SF_OK; j++) {                                              \
        const MPI_Offset *st = sf_nq_start(q, (size_t)j), *ct = sf_nq_count(q, (size_t)j); \
        MPI_Offset n = q->lay->elsize;                                                     \
        int row = (ND) > 0 && g.contiguous, empty = 0;                                     \
        for (int d = 0; d < (ND); d++) {                                                   \
            n *= ct[d];                                                                    \
            empty |= ct[d] <= 0;                                                           \
        }                                                                                  \
        for (int d = 0; d < (ND) - 1; d++) row &= ct[d] == 1;                              \
        if (row && !empty) err = emit_row_nd(&g, (ND), st, st[(ND) - 1], ct[(ND) - 1], moff, nreq + i, b, l); \
        else err = region_runs(&g, nreq + i, st, ct, NULL, moff, b, l);                    \
        moff += n;                                                                         \
    }

int sf_call_runs(const sf_context *ctx, int nreq, const sf_request *reqs, int nnreq,
                 const sf_nrequest *nreqs, MPI_Offset base, sf_run_list *l)
{
    int err = SF_OK;
    geom g;
    for (int i = 0; i < nreq && err == SF_OK; i++) {
        const sf_request *r = &reqs[i];
        geom_init(&g, r->lay);
        err = region_runs(&g, i, r->start, r->count, r->stride, 0, r->lay->record ? base : 0, l);
    }
    /* room for a run a piece (more only when pieces cross blocks; fewer
     * when they go on from one another): not grown and copied on the way */
    size_t want = l->n;
    for (int i = 0; i < nnreq; i++) want += nreqs[i].num > 0 ? (size_t)nreqs[i].num : 0;
    if (want > l->cap) (void)resize_runs(l, want); /* (else grown on the way) */
    for (int i = 0; i < nnreq && err == SF_OK; i++) {
        const sf_nrequest *q = &nreqs[i];
        int nd = q->lay->ndims;
        MPI_Offset moff = 0;
        geom_init(&g, q->lay);
        MPI_Offset b = q->lay->record ? base : 0;
        int j = 0;
        switch (nd) {
        case 1: NPIECES_RUNS(1) break;
        case 2: NPIECES_RUNS(2) break;
        case 3: NPIECES_RUNS(3) break;
        case 4: NPIECES_RUNS(4) break;
        default:
            if (nd > 0) { NPIECES_RUNS(nd) }
            else for (; j < q->num && err == SF_OK; j++) err = region_runs(&g, nreq + i, sf_ones, sf_ones, NULL, 0, b, l);
            break;
        }
    }
    /* homes: runs of one block follow each other, so the last is kept */
    int last_lay = -1, last_block = -1, dest = 0;
    for (size_t k = 0; k < l->n; k++) {
        sf_run *r = &l->r[k];
        if (r->lay != last_lay || r->block != last_block) {
            const sf_layout *lay = sf_context_layout(ctx, r->lay);
            dest = sf_home_of(lay->file_id, r->block, lay->nblocks, ctx->nprocs);
            last_lay = r->lay;
            last_block = r->block;
        }
        r->dest = dest;
    }
    return err;
}
#undef NPIECES_RUNS

/* ---- the call's signature, byte for byte (plan reuse) ---------------- */

/* Each word is stored as the difference from the word of the same field
 * in the previous piece (zigzag, 7 bits a byte: sf_sig_put): a
 * decomposition's neighbouring pieces differ little, so a piece costs a
 * few bytes, not the 8 per word the caller's arrays take. Exact: no hash.
 * A many-piece request's pieces are sf.h's sf_sig bytes, the producer's
 * when it made them. */
enum { F_HEAD = 2 * SF_MAX_DIMS, NFIELDS };
typedef struct {
    sf_sig g;
    long long last[NFIELDS];
} sink;

int sf_sig_room(sf_sig *g, size_t need)
{
    if (g->nomem) return 0;
    if (g->cap - g->n < need && g->fixed) { g->nomem = 1; return 0; }
    if (g->cap - g->n < need) {
        /* doubled, or what is needed when that is more (copied once) */
        size_t c = g->cap ? 2 * g->cap : 256;
        if (c - g->n < need) c = g->n + need;
        unsigned char *t = realloc(g->b, c);
        if (!t) { g->nomem = 1; return 0; }
        g->b = t;
        g->cap = c;
    }
    return 1;
}

static void word(sink *s, int field, long long x)
{
    if (!sf_sig_room(&s->g, SF_SIG_WORD_MAX)) return;
    s->g.n = sf_sig_put(s->g.b, s->g.n, sf_sig_zig(x, s->last[field]));
    s->last[field] = x;
}

/* The pieces of a many-piece request as sf.h's sf_sig bytes. The
 * previous words are held in locals and the loop is written out for each
 * small number of dimensions, so that they stay in registers (a store of
 * a key byte could otherwise change them, for all the compiler knows). */
#define NPIECES_LOOP(ND)                                                                   \
    for (; j < q->num; j++) {                                                              \
        const MPI_Offset *st = sf_nq_start(q, (size_t)j), *ct = sf_nq_count(q, (size_t)j); \
        if (g->cap - n < need) {                                                           \
            g->n = n;                                                                      \
            if (!sf_sig_room(g, need)) return;                                             \
        }                                                                                  \
        unsigned char *b = g->b;                                                           \
        for (int d = 0; d < (ND); d++) {                                                   \
            n = sf_sig_put(b, n, sf_sig_zig(st[d], ls[d]));                                \
            ls[d] = st[d];                                                                 \
        }                                                                                  \
        for (int d = 0; d < (ND); d++) {                                                   \
            n = sf_sig_put(b, n, sf_sig_zig(ct[d], lc[d]));                                \
            lc[d] = ct[d];                                                                 \
        }                                                                                  \
    }

static void npieces(sf_sig *g, const sf_nrequest *q)
{
    int nd = q->lay->ndims, j = 0;
    size_t n = g->n, need = (size_t)2 * SF_SIG_WORD_MAX * (size_t)nd; /* a piece's bytes at most */
    long long ls[SF_MAX_DIMS] = {0}, lc[SF_MAX_DIMS] = {0};
    if (nd <= 0 || q->num <= 0) return;
    ls[0] = sf_nq_start(q, 0)[0];
    switch (nd) {
    case 1: NPIECES_LOOP(1) break;
    case 2: NPIECES_LOOP(2) break;
    case 3: NPIECES_LOOP(3) break;
    case 4: NPIECES_LOOP(4) break;
    default: NPIECES_LOOP(nd) break;
    }
    g->n = n;
}
#undef NPIECES_LOOP

static void signature(sink *s, int nreq, const sf_request *reqs, int nnreq, const sf_nrequest *nreqs,
                      MPI_Offset base)
{
    word(s, F_HEAD, nreq);
    word(s, F_HEAD, nnreq);
    for (int i = 0; i < nreq && !s->g.nomem; i++) {
        const sf_request *r = &reqs[i];
        word(s, F_HEAD, r->lay->id);
        for (int d = 0; d < r->lay->ndims; d++)
            word(s, d, r->start[d] - (d == 0 && r->lay->record ? base : 0));
        for (int d = 0; d < r->lay->ndims; d++) word(s, SF_MAX_DIMS + d, r->count[d]);
        for (int d = 0; d < r->lay->ndims; d++) word(s, F_HEAD, r->stride[d]);
    }
    for (int i = 0; i < nnreq && !s->g.nomem; i++) {
        const sf_nrequest *q = &nreqs[i];
        word(s, F_HEAD, q->lay->id);
        word(s, F_HEAD, q->num);
        if (q->num <= 0 || q->lay->ndims <= 0) continue;
        /* the first start less the base, then the pieces' bytes (which
         * do not depend on it) */
        word(s, F_HEAD, sf_nq_start(q, 0)[0] - (q->lay->record ? base : 0));
        if (!q->sig) {
            npieces(&s->g, q);
        } else if (sf_sig_room(&s->g, q->siglen)) {
            memcpy(s->g.b + s->g.n, q->sig, q->siglen);
            s->g.n += q->siglen;
        }
    }
}

int sf_runs_key(sf_context *pool, int nreq, const sf_request *reqs, int nnreq, const sf_nrequest *nreqs,
                MPI_Offset shift, unsigned char **key, size_t *len)
{
    sink s;
    memset(&s, 0, sizeof s);
    /* room for the pieces at once (not doubled and copied on the way;
     * enough for a producer's signature, a byte a word otherwise) */
    size_t need = 64 + (size_t)nreq * 4 * SF_MAX_DIMS * SF_SIG_WORD_MAX;
    for (int i = 0; i < nnreq; i++)
        need += nreqs[i].sig ? nreqs[i].siglen + 3 * SF_SIG_WORD_MAX
                             : 3 * SF_SIG_WORD_MAX + (size_t)nreqs[i].num * 2 * (size_t)nreqs[i].lay->ndims;
    if (pool) {
        /* a block the context keeps, of that size (when the estimate
         * falls short, a key of malloc's, grown as needed) */
        s.g.b = sf_pool_take(pool, need);
        s.g.cap = s.g.b ? need : 0;
        s.g.nomem = !s.g.b;
        s.g.fixed = 1;
    } else {
        sf_sig_room(&s.g, need);
    }
    signature(&s, nreq, reqs, nnreq, nreqs, shift);
    if (s.g.nomem) {
        sf_pool_give(pool, s.g.b);
        return pool ? sf_runs_key(NULL, nreq, reqs, nnreq, nreqs, shift, key, len) : SF_ERR_NOMEM;
    }
    unsigned char *t = pool ? NULL : realloc(s.g.b, s.g.n ? s.g.n : 1); /* (no larger than needed) */
    *key = t ? t : s.g.b;
    *len = s.g.n;
    return SF_OK;
}
