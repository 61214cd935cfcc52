/*
 * plan_build.c: building a plan with messages among the ranks that need
 * to know, never gathering every rank's requests everywhere.
 *
 * Every subfile has a home rank (spread evenly over the communicator).
 *  1. Each rank cuts its requests into pieces, one per (request, subfile),
 *     and sends the geometry of its pieces of each subfile to that
 *     subfile's home: a sparse exchange in which no rank knows beforehand
 *     who writes to it (NBX: synchronous sends, probes for what comes in,
 *     and a non-blocking barrier once one's own sends are matched).
 *  2. Each home decides, for each of its subfiles, from the members that
 *     wrote to it: the leader (the member with the most bytes there, the
 *     lowest rank on a tie), the method (gather through the leader, or
 *     collective MPI-IO among the members), whether the members can keep
 *     the subfile open, how many collective transfers each makes. It
 *     replies to each member; the leader also gets every member's pieces.
 *     Members know which homes they wrote to, so they know how many
 *     replies to wait for.
 *  3. Every rank builds its part of the plan from the replies, and the
 *     ranks agree that everyone could before any group operation (making
 *     group communicators, moving data). A rank that failed part-way still
 *     takes part in every step: it sends what it can, answers every member
 *     that wrote to it (with an error if need be) and reports its failure
 *     at the agreement.
 * Bytes per rank: its pieces and its subfiles' replies: O(subfiles touched
 * + members of its groups), whatever the number of processes.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sf_internal.h"

typedef MPI_Offset word;
#define W MPI_OFFSET

/* A growable array of words (one message). */
typedef struct { word *w; size_t n, cap; int dest; } wbuf;

static int put(wbuf *b, word x)
{
    if (b->n == b->cap) {
        size_t c = b->cap ? 2 * b->cap : 64;
        word *t = realloc(b->w, sizeof(word) * c);
        if (!t) return SF_ERR_NOMEM;
        b->w = t;
        b->cap = c;
    }
    b->w[b->n++] = x;
    return SF_OK;
}

static void free_msgs(wbuf *m, int n)
{
    for (int i = 0; m && i < n; i++) free(m[i].w);
    free(m);
}

/* The message in msgs for dest, added if new (NULL without memory). */
static wbuf *msg_for(wbuf **msgs, int *n, int *cap, int dest)
{
    for (int i = 0; i < *n; i++)
        if ((*msgs)[i].dest == dest) return &(*msgs)[i];
    if (*n == *cap) {
        int c = *cap ? 2 * *cap : 8;
        wbuf *t = realloc(*msgs, sizeof(wbuf) * c);
        if (!t) return NULL;
        *msgs = t;
        *cap = c;
    }
    wbuf *b = &(*msgs)[(*n)++];
    memset(b, 0, sizeof *b);
    b->dest = dest;
    return b;
}

static int home_of(const sf_context *ctx, int file_id, int block)
{
    const sf_layout *lay = sf_context_layout(ctx, file_id);
    return sf_home_of(file_id, block, lay ? lay->nblocks : 1, ctx->nprocs);
}

/* With no more blocks than ranks, block k's home is one of the ranks
 * [floor(kP/nb), floor((k+1)P/nb)), the ranks of its share of the
 * communicator: with one subfile per node and nodes holding consecutive
 * ranks, a rank of the block's own node, so that data moved to the home
 * (calls by runs) stays on the node. Which of them turns with file_id (7
 * steps a layout), spreading the homes of several variables. With more
 * blocks than ranks: home = (floor(block * P / nb) + 7 * file_id) mod P. */
static long long share_lo(long long k, long long p, long long nb) { return k * p / nb; }

int sf_home_of(int file_id, int block, int nblocks, int nprocs)
{
    long long nb = nblocks > 0 ? nblocks : 1, p = nprocs > 0 ? nprocs : 1;
    if (nb <= p) {
        long long lo = share_lo(block, p, nb), w = share_lo(block + 1, p, nb) - lo;
        return (int)(lo + ((long long)file_id * 7) % w);
    }
    return (int)(((long long)block * p / nb + (long long)file_id * 7) % p);
}

/* The inverse of sf_home_of. With nb <= P, rank r lies in the share of
 * block k = ceil((r + 1) nb / P) - 1 and is its home or home of nothing.
 * Else rank r is home of the blocks with floor(block * P / nb) = q,
 * q = (r - 7 * file_id) mod P: ceil(q * nb / P) <= block < ceil((q + 1) *
 * nb / P). */
void sf_home_blocks(int file_id, int nblocks, int nprocs, int rank, int *first, int *end)
{
    long long nb = nblocks > 0 ? nblocks : 0, p = nprocs > 0 ? nprocs : 1;
    if (nb > 0 && nb <= p) {
        long long k = ((rank + 1LL) * nb + p - 1) / p - 1;
        int mine = sf_home_of(file_id, (int)k, (int)nb, (int)p) == rank;
        *first = (int)k;
        *end = (int)k + mine;
        return;
    }
    long long q = (((long long)rank - (long long)file_id * 7) % p + p) % p;
    *first = (int)((q * nb + p - 1) / p);
    *end = (int)(((q + 1) * nb + p - 1) / p);
}

static MPI_Offset box_limit(const sf_context *ctx)
{
    return ctx->agg_max > 0 && ctx->agg_max < SF_CHUNK ? ctx->agg_max : SF_CHUNK;
}

/* ---- 1. this rank's pieces ------------------------------------------------- */

typedef struct { int file_id, block, req; } touch;
typedef struct { touch *t; int n, cap, req, file_id, err; } touch_list;

static void push_touch(int k, void *arg)
{
    touch_list *l = arg;
    if (l->err) return;
    if (l->n == l->cap) {
        int c = l->cap ? 2 * l->cap : 16;
        touch *t = realloc(l->t, sizeof(touch) * c);
        if (!t) { l->err = SF_ERR_NOMEM; return; }
        l->t = t;
        l->cap = c;
    }
    l->t[l->n++] = (touch){l->file_id, k, l->req};
}

static int cmp_touch(const void *a, const void *b)
{
    const touch *x = a, *y = b;
    if (x->file_id != y->file_id) return x->file_id < y->file_id ? -1 : 1;
    if (x->block != y->block) return x->block < y->block ? -1 : 1;
    return (x->req > y->req) - (x->req < y->req);
}

static int cmp_mine(const void *a, const void *b)
{
    const sf_mybox *x = a, *y = b;
    if (x->b.disp != y->b.disp) return x->b.disp < y->b.disp ? -1 : 1;
    return (x->ordinal > y->ordinal) - (x->ordinal < y->ordinal);
}

/* Bytes of a piece. */
static MPI_Offset piece_bytes(const sf_layout *lay, const MPI_Offset *count)
{
    MPI_Offset n = lay->elsize;
    for (int d = 0; d < lay->ndims; d++) n *= count[d];
    return n;
}

/* Append subfile s's record to its home's message: a header, then the
 * geometry of each of this rank's pieces there (requests t[0..n)). */
static int describe(wbuf *b, const sf_sub *s, const touch *t, int n, const sf_request *reqs,
                    MPI_Offset base, int can_keep)
{
    int err = SF_OK;
    MPI_Offset bytes = 0, ps[SF_MAX_DIMS], pc[SF_MAX_DIMS], loc[SF_MAX_DIMS];
    for (int i = 0; i < n; i++) {
        const sf_request *r = &reqs[t[i].req];
        sf_piece(r->lay, s->block, r->start, r->count, r->stride, ps, pc, loc);
        bytes += piece_bytes(r->lay, pc);
    }
    word head[5] = {s->file_id, s->block, can_keep, bytes, n};
    for (int k = 0; k < 5; k++) sf_keep(&err, put(b, head[k]));
    for (int i = 0; i < n && err == SF_OK; i++) {
        const sf_request *r = &reqs[t[i].req];
        int nd = r->lay->ndims;
        sf_piece(r->lay, s->block, r->start, r->count, r->stride, ps, pc, loc);
        if (r->lay->record) ps[0] -= base;
        sf_keep(&err, put(b, r->lay->id));
        for (int d = 0; d < nd; d++) sf_keep(&err, put(b, ps[d]));
        for (int d = 0; d < nd; d++) sf_keep(&err, put(b, pc[d]));
        for (int d = 0; d < nd; d++) sf_keep(&err, put(b, r->stride[d]));
    }
    return err;
}

/* The subfiles this rank touches (with the requests that touch each), and
 * one message per home. Boxes come once the homes have said where the
 * data of each subfile starts. */
static int my_pieces(sf_context *ctx, sf_plan *p, int nreq, const sf_request *reqs, MPI_Offset base,
                     wbuf **msgs, int *nmsg)
{
    touch_list l = {0};
    int err = SF_OK, cap = 0;
    for (int i = 0; i < nreq && !l.err; i++) {
        l.req = i;
        l.file_id = reqs[i].lay->file_id;
        sf_touched_blocks(reqs[i].lay, reqs[i].start, reqs[i].count, reqs[i].stride, push_touch, &l);
    }
    if (l.err) { free(l.t); return l.err; }
    if (l.n) qsort(l.t, l.n, sizeof(touch), cmp_touch);
    int nsub = 0;
    for (int i = 0; i < l.n; i++)
        if (i == 0 || l.t[i].file_id != l.t[i - 1].file_id || l.t[i].block != l.t[i - 1].block) nsub++;
    p->subs = calloc(nsub ? nsub : 1, sizeof(sf_sub));
    if (!p->subs) { free(l.t); return SF_ERR_NOMEM; }
    /* room for the MPI-IO method's handles: half of max_open, the rest
     * for this rank's own */
    int kept = 0;
    for (int i = 0; i < SF_PLAN_SLOTS; i++)
        if (ctx->plans[i])
            for (int j = 0; j < ctx->plans[i]->nsub; j++) kept += ctx->plans[i]->subs[j].keep;
    int can_keep = kept + nsub <= ctx->max_open / 2;
    for (int i = 0, j; i < l.n && err == SF_OK; i = j) {
        sf_sub *s = &p->subs[p->nsub++];
        s->file_id = l.t[i].file_id;
        s->block = l.t[i].block;
        s->fh = MPI_FILE_NULL;
        s->leader = -1;
        for (j = i; j < l.n && l.t[j].file_id == s->file_id && l.t[j].block == s->block; j++) ;
        s->reqidx = malloc(sizeof(int) * (j - i));
        if (!s->reqidx) { err = SF_ERR_NOMEM; break; }
        for (int k = i; k < j; k++) s->reqidx[s->nreqidx++] = l.t[k].req;
        wbuf *b = msg_for(msgs, nmsg, &cap, home_of(ctx, s->file_id, s->block));
        if (!b) err = SF_ERR_NOMEM;
        else err = describe(b, s, l.t + i, j - i, reqs, base, can_keep);
    }
    free(l.t);
    return err;
}

/* ---- NBX: send to the homes, receive from whoever writes ---------------- */

typedef struct { int src; word *w; int n; } inmsg;

/* A home that cannot answer properly answers at once, with the error (the
 * member expects exactly one answer): from a buffer the context keeps, so
 * the send can complete whenever the member takes it, itself included. */
static int answer_now(sf_context *ctx, int dest, int err)
{
    MPI_Request r;
    ctx->fail_reply[0] = err;
    ctx->fail_reply[1] = 0;
    int e = SF_MPI_OK(MPI_Isend(ctx->fail_reply, 2, W, dest, SF_TAG_REPLY, ctx->comm, &r));
    if (e == SF_OK) e = SF_MPI_OK(MPI_Request_free(&r));
    return e;
}

/* Take a message of the plan's building without keeping it: a receive of
 * no room, which MPI reports as truncated (the expected outcome). */
static int recv_truncated(sf_context *ctx, word *dummy, int src)
{
    int cls = MPI_ERR_TRUNCATE, rc = MPI_Recv(dummy, 0, W, src, SF_TAG_BUILD, ctx->comm, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS && MPI_Error_class(rc, &cls) != MPI_SUCCESS) return SF_ERR_MPI;
    return rc == MPI_SUCCESS || cls == MPI_ERR_TRUNCATE ? SF_OK : SF_ERR_MPI;
}

/* *home_err: this rank could not keep what members sent it; those it kept
 * are answered with it later, the others were answered already. */
static int nbx(sf_context *ctx, wbuf *out, int nout, int *sent, inmsg **inp, int *nin, int *home_err)
{
    int err = SF_OK, cap = 0, barrier = 0, done = 0;
    unsigned pauses = 0;
    MPI_Request *sreq = malloc(sizeof(MPI_Request) * (nout ? nout : 1)), bar = MPI_REQUEST_NULL;
    if (!sreq) { err = SF_ERR_NOMEM; nout = 0; }
    for (int i = 0; i < nout; i++) {
        sreq[i] = MPI_REQUEST_NULL;
        sent[i] = MPI_Issend(out[i].w, (int)out[i].n, W, out[i].dest, SF_TAG_BUILD, ctx->comm, &sreq[i]) == MPI_SUCCESS;
        if (!sent[i]) sf_keep(&err, SF_ERR_MPI);
    }
    *inp = NULL;
    *nin = 0;
    while (!done) {
        int flag = 0;
        MPI_Status st;
        if (MPI_Iprobe(MPI_ANY_SOURCE, SF_TAG_BUILD, ctx->comm, &flag, &st) != MPI_SUCCESS) sf_keep(&err, SF_ERR_MPI);
        if (flag) {
            int n = 0;
            if (MPI_Get_count(&st, W, &n) != MPI_SUCCESS || n == MPI_UNDEFINED) {
                sf_keep(&err, SF_ERR_MPI);
                n = 0; /* taken below as a message without room */
            }
            word *w = n > 0 ? malloc(sizeof(word) * n) : NULL;
            inmsg *t = *nin == cap ? realloc(*inp, sizeof(inmsg) * (cap = cap ? 2 * cap : 8)) : *inp;
            if (t) *inp = t; else cap = *nin;
            if (!w || !t) {
                /* no room: the message must still be taken, or its sender
                 * waits for ever (a zero-length receive truncates it), and
                 * answered */
                word dummy;
                sf_keep(&err, recv_truncated(ctx, &dummy, st.MPI_SOURCE));
                sf_keep(&err, SF_ERR_NOMEM);
                sf_keep(home_err, SF_ERR_NOMEM);
                free(w);
                if (t) (*inp)[(*nin)++] = (inmsg){st.MPI_SOURCE, NULL, 0};
                else sf_keep(&err, answer_now(ctx, st.MPI_SOURCE, SF_ERR_NOMEM));
            } else {
                if (MPI_Recv(w, n, W, st.MPI_SOURCE, SF_TAG_BUILD, ctx->comm, MPI_STATUS_IGNORE) != MPI_SUCCESS)
                    sf_keep(&err, SF_ERR_MPI);
                (*inp)[(*nin)++] = (inmsg){st.MPI_SOURCE, w, n};
            }
            continue;
        }
        if (!barrier) {
            int all = 1;
            for (int i = 0; i < nout && all; i++) {
                int one = 1;
                if (sreq[i] != MPI_REQUEST_NULL && MPI_Test(&sreq[i], &one, MPI_STATUS_IGNORE) != MPI_SUCCESS) {
                    sf_keep(&err, SF_ERR_MPI);
                    sreq[i] = MPI_REQUEST_NULL;
                    one = 1;
                }
                all = one;
            }
            if (all) {
                if (MPI_Ibarrier(ctx->comm, &bar) != MPI_SUCCESS) { sf_keep(&err, SF_ERR_MPI); done = 1; }
                barrier = 1;
            }
        } else if (MPI_Test(&bar, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) {
            sf_keep(&err, SF_ERR_MPI);
            done = 1;
        }
        if (!done && ctx->yield) sf_pause(&pauses);
    }
    free(sreq);
    return err;
}

/* ---- 2. homes decide ------------------------------------------------------ */

/* One member's record of one subfile, as a home received it. */
typedef struct {
    int file_id, block, member, can_keep, npieces;
    MPI_Offset bytes;
    const word *pieces;
    int npwords;
} entry;

static int cmp_entry(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    if (x->file_id != y->file_id) return x->file_id < y->file_id ? -1 : 1;
    if (x->block != y->block) return x->block < y->block ? -1 : 1;
    return (x->member > y->member) - (x->member < y->member);
}

/* Words of one piece's geometry for layout id. */
static int piece_words(const sf_context *ctx, word lay_id)
{
    const sf_layout *lay = lay_id >= 0 && lay_id < ctx->nlayouts ? ctx->layouts[lay_id] : NULL;
    return lay ? 1 + 3 * lay->ndims : -1;
}

/* Split received messages into entries, checking every count. */
static int parse_entries(const sf_context *ctx, const inmsg *in, int nin, entry **ep, int *nep)
{
    int n = 0, cap = 0, err = SF_OK;
    entry *e = NULL;
    for (int m = 0; m < nin; m++) {
        const word *w = in[m].w;
        int at = 0;
        while (w && at + 5 <= in[m].n) {
            entry x = {(int)w[at], (int)w[at + 1], in[m].src, (int)w[at + 2], (int)w[at + 4],
                       w[at + 3], w + at + 5, 0};
            at += 5;
            const sf_layout *lay = sf_context_layout(ctx, x.file_id);
            if (!lay || x.block < 0 || x.block >= lay->nblocks || x.npieces < 0) return SF_ERR_ARG;
            for (int k = 0; k < x.npieces; k++) {
                int pw = at + x.npwords < in[m].n ? piece_words(ctx, w[at + x.npwords]) : -1;
                if (pw < 0 || at + x.npwords + pw > in[m].n) return SF_ERR_ARG;
                x.npwords += pw;
            }
            at += x.npwords;
            if (n == cap) {
                entry *t = realloc(e, sizeof(entry) * (cap = cap ? 2 * cap : 16));
                if (!t) { free(e); return SF_ERR_NOMEM; }
                e = t;
            }
            e[n++] = x;
        }
    }
    if (n) qsort(e, n, sizeof(entry), cmp_entry);
    *ep = e;
    *nep = n;
    return err;
}

static int cmp_box_ordinal(const void *a, const void *b)
{
    const sf_theirbox *x = a, *y = b;
    if (x->b.disp != y->b.disp) return x->b.disp < y->b.disp ? -1 : 1;
    return (x->ordinal > y->ordinal) - (x->ordinal < y->ordinal);
}

/* Cut one member's pieces (entry e) into the boxes it will cut them into
 * itself, in its order; how many collective transfers the MPI-IO method
 * needs for them (sf_count_batches). */
static int member_batches(const sf_context *ctx, const entry *e, int *nbatch)
{
    sf_theirbox *t = NULL;
    int n = 0, cap = 0, err = SF_OK;
    for (int k = 0, at = 0; k < e->npieces && err == SF_OK; k++) {
        const sf_layout *lay = sf_context_layout(ctx, (int)e->pieces[at]);
        const word *g = e->pieces + at + 1;
        err = sf_geometry_boxes(lay, e->block, g, g + lay->ndims, g + 2 * lay->ndims, box_limit(ctx), &t, &n, &cap);
        at += 1 + 3 * lay->ndims;
    }
    for (int i = 0; i < n; i++) t[i].ordinal = i;
    if (n) qsort(t, n, sizeof(sf_theirbox), cmp_box_ordinal);
    const sf_box **bp = malloc(sizeof(sf_box *) * (n ? n : 1));
    if (!bp) sf_keep(&err, SF_ERR_NOMEM);
    for (int i = 0; bp && i < n; i++) bp[i] = &t[i].b;
    *nbatch = err == SF_OK ? sf_count_batches(n, bp, NULL) : 0;
    free(bp);
    free(t);
    return err;
}

/* The data offsets of block k of every layout stored in file_id's files,
 * which the home of the subfile knows (it created or checked it). */
static int put_offsets(const sf_context *ctx, wbuf *b, int file_id, int block)
{
    int n = 0, err = SF_OK;
    for (int i = 0; i < ctx->nlayouts; i++)
        if (ctx->layouts[i] && ctx->layouts[i]->file_id == file_id) n++;
    sf_keep(&err, put(b, n));
    for (int i = 0; i < ctx->nlayouts && err == SF_OK; i++) {
        const sf_layout *l = ctx->layouts[i];
        sf_offsets o;
        if (!l || l->file_id != file_id) continue;
        if (!sf_layout_get_offsets(l, block, &o) || o.begin < 0 || o.recsize < 0) return SF_ERR_ARG; /* not known here */
        sf_keep(&err, put(b, l->id));
        sf_keep(&err, put(b, o.begin));
        sf_keep(&err, put(b, o.recsize));
    }
    return err;
}

/* Replies: per member, for each of its subfiles homed here: file, block,
 * leader, method, keep, nbatch, nmembers, the offsets, [members if
 * MPI-IO], [as leader of a gathered one: each member's pieces]. A reply
 * starts with a status and the count of records. */
static int decide(sf_context *ctx, const entry *e, int n, int method, wbuf **outp, int *noutp)
{
    int err = SF_OK, cap = 0, nout = 0;
    wbuf *out = NULL;
    for (int i = 0, j; i < n && err == SF_OK; i = j) {
        for (j = i; j < n && e[j].file_id == e[i].file_id && e[j].block == e[i].block; j++) ;
        int leader = e[i].member, keep = 1, nbatch = 0;
        MPI_Offset most = -1;
        for (int k = i; k < j && err == SF_OK; k++) {
            if (e[k].bytes > most) { most = e[k].bytes; leader = e[k].member; }
            keep &= e[k].can_keep;
            int nb = 0;
            if (method == SF_MPIIO) err = member_batches(ctx, &e[k], &nb);
            if (nb > nbatch) nbatch = nb;
        }
        for (int k = i; k < j && err == SF_OK; k++) {
            wbuf *b = msg_for(&out, &nout, &cap, e[k].member);
            if (!b) { err = SF_ERR_NOMEM; break; }
            if (b->n == 0) { sf_keep(&err, put(b, SF_OK)); sf_keep(&err, put(b, 0)); }
            if (err) break;
            b->w[1]++;
            word head[7] = {e[i].file_id, e[i].block, leader, method, keep, nbatch, j - i};
            for (int q = 0; q < 7; q++) sf_keep(&err, put(b, head[q]));
            sf_keep(&err, put_offsets(ctx, b, e[i].file_id, e[i].block));
            if (method == SF_MPIIO)
                for (int q = i; q < j; q++) sf_keep(&err, put(b, e[q].member));
            if (method == SF_GATHER && e[k].member == leader)
                for (int q = i; q < j; q++) {
                    sf_keep(&err, put(b, e[q].member));
                    sf_keep(&err, put(b, e[q].npieces));
                    sf_keep(&err, put(b, e[q].npwords));
                    for (int w = 0; w < e[q].npwords; w++) sf_keep(&err, put(b, e[q].pieces[w]));
                }
        }
    }
    *outp = out;
    *noutp = nout;
    return err;
}

/* ---- 3. this rank's plan from the replies ---------------------------------- */

static sf_sub *find_sub(sf_plan *p, int file_id, int block)
{
    int lo = 0, hi = p->nsub - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        sf_sub *s = &p->subs[mid];
        if (s->file_id == file_id && s->block == block) return s;
        if (s->file_id < file_id || (s->file_id == file_id && s->block < block)) lo = mid + 1;
        else hi = mid - 1;
    }
    return NULL;
}

static int cmp_theirs(const void *a, const void *b)
{
    const sf_theirbox *x = a, *y = b;
    if (x->b.disp != y->b.disp) return x->b.disp < y->b.disp ? -1 : 1;
    if (x->member != y->member) return x->member < y->member ? -1 : 1;
    return (x->ordinal > y->ordinal) - (x->ordinal < y->ordinal);
}

/* As leader of s: every member's boxes from their pieces, in the order
 * they move, cut into rounds of at most the gather limit. */
static int lead(sf_context *ctx, sf_sub *s, const word *w, int nw, int nmembers, int write,
                MPI_Offset *scratch)
{
    int cap = 0, at = 0, err = SF_OK;
    const sf_layout *flay = sf_context_layout(ctx, s->file_id);
    MPI_Offset limit = box_limit(ctx);
    for (int m = 0; m < nmembers && err == SF_OK; m++) {
        if (at + 3 > nw) return SF_ERR_ARG;
        int member = (int)w[at], npieces = (int)w[at + 1], npw = (int)w[at + 2], first = s->nall;
        at += 3;
        if (npw < 0 || at + npw > nw) return SF_ERR_ARG;
        for (int k = 0, pat = at; k < npieces && err == SF_OK; k++) {
            const sf_layout *lay = sf_context_layout(ctx, (int)w[pat]);
            if (!lay || lay->file_id != flay->file_id || pat + 1 + 3 * lay->ndims > at + npw) return SF_ERR_ARG;
            const word *g = w + pat + 1;
            err = sf_geometry_boxes(lay, s->block, g, g + lay->ndims, g + 2 * lay->ndims, limit, &s->all, &s->nall, &cap);
            pat += 1 + 3 * lay->ndims;
        }
        for (int k = first; k < s->nall; k++) {
            s->all[k].member = member;
            s->all[k].ordinal = k - first;
        }
        at += npw;
    }
    if (err) return err;
    /* my own boxes: found by ordinal among mine (sorted by disp) */
    int *where = malloc(sizeof(int) * (s->nmine ? s->nmine : 1));
    if (!where) return SF_ERR_NOMEM;
    for (int j = 0; j < s->nmine; j++) where[s->mine[j].ordinal] = j;
    for (int k = 0; k < s->nall; k++)
        if (s->all[k].member == ctx->rank) {
            if (s->all[k].ordinal >= s->nmine) { free(where); return SF_ERR_ARG; }
            s->all[k].mine = where[s->all[k].ordinal];
        }
    free(where);
    if (s->nall) qsort(s->all, s->nall, sizeof(sf_theirbox), cmp_theirs);
    /* rounds */
    s->round_first = malloc(sizeof(int) * (s->nall + 1));
    s->round_dense = malloc(s->nall + 1);
    s->round_lo = malloc(sizeof(MPI_Offset) * (s->nall + 1));
    s->round_hi = malloc(sizeof(MPI_Offset) * (s->nall + 1));
    if (!s->round_first || !s->round_dense || !s->round_lo || !s->round_hi) return SF_ERR_NOMEM;
    for (int i = 0, j; i < s->nall; i = j) {
        MPI_Offset lo = s->all[i].b.disp, hi = lo + s->all[i].b.span, stage = 0, end = lo;
        int dense = 1;
        for (j = i; j < s->nall; j++) {
            const sf_theirbox *t = &s->all[j];
            MPI_Offset h = t->b.disp + t->b.span > hi ? t->b.disp + t->b.span : hi;
            if (j > i && h - lo > limit) break;
            hi = h;
            if (!t->contiguous || t->b.disp != end) dense = 0;
            end = t->b.disp + t->b.span;
        }
        int r = s->nrounds++;
        s->round_first[r] = i;
        s->round_lo[r] = lo;
        s->round_hi[r] = hi;
        s->round_dense[r] = (char)dense;
        /* where the boxes that do not go straight into place wait */
        for (int k = i; k < j; k++) {
            sf_theirbox *t = &s->all[k];
            int staged = t->mine < 0 && (write ? !dense : !t->contiguous);
            t->stage = staged ? (hi - lo) + stage : -1;
            if (staged) stage += t->b.nbytes;
        }
        if ((hi - lo) + stage > *scratch) *scratch = (hi - lo) + stage;
    }
    s->round_first[s->nrounds] = s->nall;
    return SF_OK;
}

/* The offsets of block k of the layouts of a file, as its home said. */
static int learn_offsets(sf_context *ctx, sf_sub *s, const word *w, int n, int *at)
{
    if (*at + 1 > n) return SF_ERR_ARG;
    int noff = (int)w[(*at)++];
    if (noff < 1 || *at + 3 * noff > n) return SF_ERR_ARG;
    for (int q = 0; q < noff; q++, *at += 3) {
        sf_layout *l = w[*at] >= 0 && w[*at] < ctx->nlayouts ? ctx->layouts[w[*at]] : NULL;
        if (!l || l->file_id != s->file_id) return SF_ERR_ARG;
        sf_offsets o;
        sf_layout_get_offsets(l, s->block, &o); /* keeps the header size, if known */
        o.begin = w[*at + 1];
        o.recsize = w[*at + 2];
        int err = sf_layout_put_offsets(l, s->block, &o);
        if (err != SF_OK) return err;
        if (l->record) s->recsize = w[*at + 2];
    }
    return SF_OK;
}

/* This rank's boxes of s, now that their offsets are known. */
static int my_boxes(sf_context *ctx, sf_sub *s, const sf_request *reqs, MPI_Offset base)
{
    int cap = 0, err = SF_OK;
    for (int i = 0; i < s->nreqidx && err == SF_OK; i++)
        err = sf_piece_boxes(&reqs[s->reqidx[i]], s->reqidx[i], s->block, box_limit(ctx), base, 1,
                             &s->mine, &s->nmine, &cap);
    for (int k = 0; k < s->nmine; k++) s->mine[k].ordinal = k;
    if (s->nmine) qsort(s->mine, s->nmine, sizeof(sf_mybox), cmp_mine);
    if (err == SF_OK) err = sf_assign_batches(s);
    return err;
}

static int apply_reply(sf_context *ctx, sf_plan *p, const sf_request *reqs, MPI_Offset base,
                       const word *w, int n, MPI_Offset *scratch)
{
    if (n < 2) return SF_ERR_ARG;
    if (w[0] != SF_OK) return (int)w[0];
    int at = 2, err = SF_OK;
    for (word r = 0; r < w[1] && err == SF_OK; r++) {
        if (at + 7 > n) return SF_ERR_ARG;
        sf_sub *s = find_sub(p, (int)w[at], (int)w[at + 1]);
        int nm = (int)w[at + 6];
        if (!s || nm < 1 || nm > ctx->nprocs) return SF_ERR_ARG;
        s->leader = (int)w[at + 2];
        s->method = (int)w[at + 3];
        s->keep = (int)w[at + 4];
        s->nbatch = (int)w[at + 5];
        at += 7;
        if ((err = learn_offsets(ctx, s, w, n, &at)) || (err = my_boxes(ctx, s, reqs, base))) return err;
        if (s->method == SF_MPIIO) {
            if (at + nm > n) return SF_ERR_ARG;
            int *mem = malloc(sizeof(int) * nm);
            if (!mem) return SF_ERR_NOMEM;
            for (int k = 0; k < nm; k++) mem[k] = (int)w[at + k];
            err = sf_group_find(ctx, nm, mem, &s->group);
            free(mem);
            at += nm;
        } else if (s->leader == ctx->rank) {
            /* the members' pieces follow: find their extent */
            int start = at;
            for (int k = 0; k < nm; k++) {
                if (at + 3 > n) return SF_ERR_ARG;
                at += 3 + (int)w[at + 2];
            }
            if (at > n) return SF_ERR_ARG;
            err = lead(ctx, s, w + start, at - start, nm, p->write, scratch);
        }
    }
    return err;
}

/* Types for this rank's boxes, and room for the messages it posts. */
static int finish_plan(sf_context *ctx, sf_plan *p)
{
    int err = SF_OK;
    p->nmsgs = 0;
    for (int i = 0; i < p->nsub && err == SF_OK; i++) {
        sf_sub *s = &p->subs[i];
        if (s->leader < 0 && s->method == SF_GATHER) return SF_ERR_ARG; /* no reply for it */
        for (int j = 0; j < s->nmine && err == SF_OK; j++)
            err = sf_mybox_types(&s->mine[j], s->method == SF_MPIIO);
        if (s->method == SF_GATHER && s->leader != ctx->rank) p->nmsgs += s->nmine;
        if (s->method == SF_GATHER && s->leader == ctx->rank)
            for (int k = 0; k < s->nall; k++) p->nmsgs += s->all[k].mine < 0;
    }
    p->reqs = malloc(sizeof(MPI_Request) * (p->nmsgs ? p->nmsgs : 1));
    if (!p->reqs) sf_keep(&err, SF_ERR_NOMEM);
    return err;
}

/* Replies from the homes this rank wrote to (one each), and its own
 * replies to the members that wrote to it. */
static int exchange_replies(sf_context *ctx, sf_plan *p, const sf_request *reqs, MPI_Offset base,
                            wbuf *rep, int nrep, int home_err, const wbuf *asked, const int *sent,
                            int nasked, MPI_Offset *scratch)
{
    int err = SF_OK;
    MPI_Request *rq = malloc(sizeof(MPI_Request) * (nrep ? nrep : 1));
    if (!rq) sf_keep(&err, SF_ERR_NOMEM);
    for (int i = 0; i < nrep; i++) {
        /* a home that failed still answers, with its error */
        if (home_err || !rq) {
            sf_keep(&err, answer_now(ctx, rep[i].dest, home_err ? home_err : SF_ERR_NOMEM));
            if (rq) rq[i] = MPI_REQUEST_NULL;
        } else if (MPI_Isend(rep[i].w, (int)rep[i].n, W, rep[i].dest, SF_TAG_REPLY, ctx->comm, &rq[i]) != MPI_SUCCESS) {
            rq[i] = MPI_REQUEST_NULL;
            sf_keep(&err, SF_ERR_MPI);
        }
    }
    for (int i = 0; i < nasked; i++) {
        if (!sent[i]) continue;
        MPI_Status st;
        int n = 0;
        if (MPI_Probe(asked[i].dest, SF_TAG_REPLY, ctx->comm, &st) != MPI_SUCCESS) { sf_keep(&err, SF_ERR_MPI); continue; }
        if (MPI_Get_count(&st, W, &n) != MPI_SUCCESS || n == MPI_UNDEFINED) {
            sf_keep(&err, SF_ERR_MPI);
            n = 0; /* received below without room: truncated */
        }
        word *w = malloc(sizeof(word) * (n > 0 ? n : 1)), dummy;
        if (MPI_Recv(w ? w : &dummy, w ? n : 0, W, asked[i].dest, SF_TAG_REPLY, ctx->comm, MPI_STATUS_IGNORE) != MPI_SUCCESS)
            sf_keep(&err, w ? SF_ERR_MPI : SF_ERR_NOMEM);
        else if (err == SF_OK)
            err = apply_reply(ctx, p, reqs, base, w, n, scratch);
        free(w);
    }
    if (rq) {
        sf_keep(&err, sf_waitall(ctx, nrep, rq));
        free(rq);
    }
    return err;
}

/* The MPI-IO method's communicators, made in the global subfile order so
 * that ranks in several groups meet each group's other members in turn. */
static int connect_groups(sf_context *ctx, sf_plan *p)
{
    int err = SF_OK;
    for (int i = 0; i < p->nsub; i++) {
        sf_sub *s = &p->subs[i];
        if (s->method != SF_MPIIO || !s->group) continue;
        int tag = 5000 + (int)(((long long)s->file_id * 1000003LL + s->block) % 20000);
        sf_keep(&err, sf_group_connect(ctx, s->group, tag));
    }
    return err;
}

int sf_plan_build(sf_context *ctx, int nreq, const sf_request *reqs, int write, int relative,
                  MPI_Offset record_base, int method, long long *key, size_t keylen, sf_plan **planp)
{
    double t0 = MPI_Wtime();
    sf_plan *p = calloc(1, sizeof *p);
    wbuf *asked = NULL, *rep = NULL;
    inmsg *in = NULL;
    entry *e = NULL;
    int nasked = 0, nmade = 0, nin = 0, ne = 0, nrep = 0, err = SF_OK, home_err = SF_OK, *sent = NULL;
    MPI_Offset scratch = 0;
    *planp = NULL;
    if (!p) err = SF_ERR_NOMEM;
    else {
        p->write = write;
        p->relative = relative;
        err = my_pieces(ctx, p, nreq, reqs, record_base, &asked, &nasked);
    }
    nmade = nasked; /* what to free, sent or not */
    sent = calloc(nasked ? nasked : 1, sizeof(int));
    if (!sent) { sf_keep(&err, SF_ERR_NOMEM); nasked = 0; }
    /* what failed so far is this rank's alone: it still sends what it has */
    if (err != SF_OK) nasked = 0;
    sf_keep(&err, nbx(ctx, asked, nasked, sent ? sent : &(int){0}, &in, &nin, &home_err));
    if (home_err == SF_OK) home_err = parse_entries(ctx, in, nin, &e, &ne);
    if (home_err == SF_OK) home_err = decide(ctx, e, ne, method, &rep, &nrep);
    if (home_err != SF_OK) {
        /* answer every member that wrote, with the error */
        free_msgs(rep, nrep);
        rep = NULL;
        nrep = 0;
        int cap = 0;
        sf_keep(&err, home_err);
        for (int i = 0; i < nin; i++)
            if (!msg_for(&rep, &nrep, &cap, in[i].src)) sf_keep(&err, answer_now(ctx, in[i].src, home_err));
    }
    sf_keep(&err, exchange_replies(ctx, p ? p : &(sf_plan){0}, reqs, record_base, rep, nrep, home_err, asked, sent,
                                   nasked, &scratch));
    if (err == SF_OK) err = finish_plan(ctx, p);
    if (err == SF_OK) err = sf_scratch_reserve(ctx, scratch);
    if (p) p->scratch = scratch;
    for (int i = 0; i < nin; i++) free(in[i].w);
    free(in);
    free(e);
    free_msgs(rep, nrep);
    free_msgs(asked, nmade);
    free(sent);
    /* everyone could, or nobody goes on */
    err = sf_agree_err(ctx, err);
    if (err == SF_OK && method == SF_MPIIO) {
        int groups = sf_group_count(ctx), worst;
        if ((MPI_Allreduce)(&groups, &worst, 1, MPI_INT, MPI_MAX, ctx->comm) != MPI_SUCCESS) worst = groups;
        int e = sf_plan_bound_groups(ctx, worst, NULL);
        sf_keep(&e, connect_groups(ctx, p)); /* made by every rank whatever */
        err = sf_agree_err(ctx, e);
    }
    ctx->counts.plan_builds++;
    ctx->t_plan += MPI_Wtime() - t0;
    if (err != SF_OK) {
        sf_keep(&err, sf_plan_free(ctx, p)); /* err is agreed: it stays */
        free(key);
        return err;
    }
    p->key = key;
    p->keylen = keylen;
    *planp = p;
    return SF_OK;
}
