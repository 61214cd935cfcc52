/*
 * boxes.c: a request intersected with one block is a piece; a piece is cut
 * into boxes that each span at most a limit of bytes in the subfile (the
 * engine's chunk, or the gather limit), so that no MPI call moves 2 GiB or
 * more and no leader holds more than its limit at once. The member that
 * owns a piece and the leader that receives it cut it the same way, from
 * the same geometry, so they agree on every box without telling each other.
 */
#include <stdlib.h>
#include <string.h>
#include "sf_internal.h"

/* Bytes from the first element of a box to past its last. */
static MPI_Offset span_of(int nd, const MPI_Offset *count, const MPI_Offset *fstep, int es)
{
    MPI_Offset s = es;
    for (int d = 0; d < nd; d++) s += (count[d] - 1) * fstep[d];
    return s;
}

/* The piece of block k at pstart/pcount/stride as one box in the file
 * (record base already taken off pstart[0]). */
static void piece_box(const sf_layout *lay, int block, const MPI_Offset *pstart,
                      const MPI_Offset *pcount, const MPI_Offset *stride, sf_box *b)
{
    MPI_Offset bstart[SF_MAX_DIMS], bcount[SF_MAX_DIMS], fb = lay->elsize;
    int nd = lay->ndims;
    sf_offsets o; /* known by now: the caller made sure */
    sf_layout_get_offsets(lay, block, &o);
    sf_layout_block(lay, block, bstart, bcount);
    b->lay_id = lay->id;
    b->nd = nd;
    b->elsize = lay->elsize;
    b->record = lay->record;
    b->disp = o.begin;
    b->nbytes = lay->elsize;
    for (int d = nd - 1; d >= 0; d--) {
        MPI_Offset bstep = (d == 0 && lay->record) ? o.recsize : fb;
        fb *= bcount[d];
        b->disp += (pstart[d] - bstart[d]) * bstep;
        b->fstep[d] = bstep * stride[d];
        b->count[d] = pcount[d];
        b->nbytes *= pcount[d];
    }
    b->span = span_of(nd, b->count, b->fstep, b->elsize);
}

/* Cut a box of counts c (dimensions before d already down to one item)
 * into boxes of span at most limit, in C order; emit(off, cnt) for each. */
typedef int (*emit_fn)(const MPI_Offset *off, const MPI_Offset *cnt, void *arg);

static int cut(const sf_box *b, int d, MPI_Offset *off, MPI_Offset *c, MPI_Offset limit,
               emit_fn emit, void *arg)
{
    int nd = b->nd, err;
    if (d >= nd || span_of(nd, c, b->fstep, b->elsize) <= limit) return emit(off, c, arg);
    if (c[d] == 1) return cut(b, d + 1, off, c, limit, emit, arg);
    MPI_Offset n = c[d], o = off[d];
    c[d] = 1;
    MPI_Offset inner = span_of(nd, c, b->fstep, b->elsize);
    if (inner <= limit) {
        /* slabs of k items along d */
        MPI_Offset k = (limit - inner) / b->fstep[d] + 1;
        for (MPI_Offset i = 0; i < n; i += k) {
            off[d] = o + i;
            c[d] = n - i < k ? n - i : k;
            if ((err = emit(off, c, arg))) return err;
        }
    } else {
        for (MPI_Offset i = 0; i < n; i++) {
            off[d] = o + i;
            c[d] = 1;
            if ((err = cut(b, d + 1, off, c, limit, emit, arg))) return err;
        }
    }
    off[d] = o;
    c[d] = n;
    return SF_OK;
}

static int cut_box(const sf_box *b, MPI_Offset limit, emit_fn emit, void *arg)
{
    MPI_Offset off[SF_MAX_DIMS] = {0}, c[SF_MAX_DIMS];
    memcpy(c, b->count, sizeof(MPI_Offset) * b->nd);
    if (b->nd == 0) return emit(off, c, arg);
    return cut(b, 0, off, c, limit > b->elsize ? limit : b->elsize, emit, arg);
}

static int grow(void **arr, int n, int *cap, size_t size)
{
    if (n < *cap) return SF_OK;
    int c = *cap ? 2 * *cap : 16;
    void *t = realloc(*arr, size * c);
    if (!t) return SF_ERR_NOMEM;
    *arr = t;
    *cap = c;
    return SF_OK;
}

static void sub_box(const sf_box *whole, const MPI_Offset *off, const MPI_Offset *cnt, sf_box *b)
{
    *b = *whole;
    b->nbytes = b->elsize;
    for (int d = 0; d < b->nd; d++) {
        b->disp += off[d] * b->fstep[d];
        b->count[d] = cnt[d];
        b->nbytes *= cnt[d];
    }
    b->span = span_of(b->nd, b->count, b->fstep, b->elsize);
}

typedef struct {
    const sf_box *whole;
    const MPI_Offset *mstep;
    MPI_Offset moff;
    int req, mem;
    sf_mybox **out;
    int *n, *cap;
} my_cut;

static int emit_mine(const MPI_Offset *off, const MPI_Offset *cnt, void *arg)
{
    my_cut *a = arg;
    if (grow((void **)a->out, *a->n, a->cap, sizeof(sf_mybox))) return SF_ERR_NOMEM;
    sf_mybox *m = &(*a->out)[(*a->n)++];
    memset(m, 0, sizeof *m);
    sub_box(a->whole, off, cnt, &m->b);
    m->req = a->req;
    m->mtype = m->ftype = MPI_DATATYPE_NULL;
    m->moff = a->moff;
    for (int d = 0; d < m->b.nd; d++) {
        m->mstep[d] = a->mstep[d];
        m->moff += off[d] * a->mstep[d];
    }
    return SF_OK;
}

int sf_piece_boxes(const sf_request *r, int req, int block, MPI_Offset limit,
                   MPI_Offset record_base, int mem, sf_mybox **out, int *n, int *cap)
{
    const sf_layout *lay = r->lay;
    MPI_Offset pstart[SF_MAX_DIMS], pcount[SF_MAX_DIMS], local[SF_MAX_DIMS], mstep[SF_MAX_DIMS];
    int nd = lay->ndims;
    if (!sf_piece(lay, block, r->start, r->count, r->stride, pstart, pcount, local)) return SF_OK;
    if (lay->record) pstart[0] -= record_base;
    sf_box whole;
    piece_box(lay, block, pstart, pcount, r->stride, &whole);
    /* the request's buffer holds prod(count) elements in C order */
    MPI_Offset mb = lay->elsize, moff = 0;
    for (int d = nd - 1; d >= 0; d--) {
        mstep[d] = mb;
        mb *= r->count[d];
        moff += local[d] * mstep[d];
    }
    my_cut a = {&whole, mstep, mem ? moff : 0, req, mem, out, n, cap};
    return cut_box(&whole, limit, emit_mine, &a);
}

typedef struct {
    const sf_box *whole;
    sf_theirbox **out;
    int *n, *cap;
} their_cut;

static int emit_theirs(const MPI_Offset *off, const MPI_Offset *cnt, void *arg)
{
    their_cut *a = arg;
    if (grow((void **)a->out, *a->n, a->cap, sizeof(sf_theirbox))) return SF_ERR_NOMEM;
    sf_theirbox *t = &(*a->out)[(*a->n)++];
    memset(t, 0, sizeof *t);
    sub_box(a->whole, off, cnt, &t->b);
    t->mine = -1;
    t->contiguous = sf_box_is_contiguous(&t->b);
    return SF_OK;
}

int sf_geometry_boxes(const sf_layout *lay, int block, const MPI_Offset *start,
                      const MPI_Offset *count, const MPI_Offset *stride, MPI_Offset limit,
                      sf_theirbox **out, int *n, int *cap)
{
    sf_box whole;
    piece_box(lay, block, start, count, stride, &whole);
    their_cut a = {&whole, out, n, cap};
    return cut_box(&whole, limit, emit_theirs, &a);
}

int sf_box_is_contiguous(const sf_box *b)
{
    return b->span == b->nbytes;
}

int sf_mybox_mem_contiguous(const sf_mybox *m)
{
    MPI_Offset want = m->b.elsize;
    for (int d = m->b.nd - 1; d >= 0; d--) {
        if (m->b.count[d] > 1 && m->mstep[d] != want) return 0;
        want *= m->b.count[d];
    }
    return 1;
}

/* Walk a box: for each innermost row, its offset in the file and in a
 * second layout (steps ostep, or packed when ostep is NULL). */
static void walk(const sf_box *b, const MPI_Offset *ostep, char *file, char *other, int to_file, int swap)
{
    int nd = b->nd, es = b->elsize;
    /* (to the file, each element's bytes reversed: byteswap.c) */
#define TO_FILE(f, m, n) (swap ? sf_swap_copy((m), (f), es, (n) / es) : (void)memcpy((f), (m), (size_t)(n)))
    if (nd == 0) {
        if (to_file) TO_FILE(file, other, es); else memcpy(other, file, es);
        return;
    }
    MPI_Offset idx[SF_MAX_DIMS] = {0}, outer = 1, inner = b->count[nd - 1];
    MPI_Offset istep_o = ostep ? ostep[nd - 1] : es;
    int frun = b->fstep[nd - 1] == es, orun = istep_o == es;
    for (int d = 0; d < nd - 1; d++) outer *= b->count[d];
    char *packed = other;
    for (MPI_Offset o = 0; o < outer; o++) {
        char *f = file, *m = packed;
        for (int d = 0; d < nd - 1; d++) f += idx[d] * b->fstep[d];
        if (ostep) {
            m = other;
            for (int d = 0; d < nd - 1; d++) m += idx[d] * ostep[d];
        }
        if (frun && orun) {
            if (to_file) TO_FILE(f, m, inner * es); else memcpy(m, f, (size_t)(inner * es));
        } else {
            for (MPI_Offset i = 0; i < inner; i++) {
                char *fi = f + i * b->fstep[nd - 1], *mi = m + i * istep_o;
                if (to_file) TO_FILE(fi, mi, es); else memcpy(mi, fi, es);
            }
        }
        if (!ostep) packed += inner * es;
        for (int d = nd - 2; d >= 0 && ++idx[d] == b->count[d]; d--) idx[d] = 0;
    }
#undef TO_FILE
}

void sf_copy_box(const sf_box *b, char *file, char *packed, int to_file)
{
    walk(b, NULL, file, packed, to_file, 0);
}

void sf_copy_box_mem(const sf_mybox *m, char *file, char *mem, int to_file)
{
    walk(&m->b, m->mstep, file, mem + m->moff, to_file, 0);
}

void sf_copy_box_mem_swapped(const sf_mybox *m, char *file, const char *mem)
{
    walk(&m->b, m->mstep, file, (char *)mem + m->moff, 1, 1);
}

int sf_mybox_types(sf_mybox *m, int file_type)
{
    int err = sf_box_type(m->b.nd, m->b.count, m->mstep, m->b.elsize, &m->mtype);
    if (err == SF_OK && file_type) {
        err = sf_box_type(m->b.nd, m->b.count, m->b.fstep, m->b.elsize, &m->ftype);
        if (err != SF_OK) sf_keep(&err, sf_type_free(&m->mtype));
    }
    return err;
}

int sf_mybox_free_types(sf_mybox *m)
{
    int err = sf_type_free(&m->mtype);
    sf_keep(&err, sf_type_free(&m->ftype));
    m->mtype = m->ftype = MPI_DATATYPE_NULL;
    return err;
}

/* The batch of box j of s->mine (sorted by offset): a new batch starts
 * where a box overlaps or interleaves with the one before (a file view
 * must run forward), or where the batch would reach the engine's chunk
 * (one collective call moves less than 2 GiB). */
int sf_count_batches(int n, const sf_box *const *boxes, int *batch)
{
    int b = 0;
    MPI_Offset end = -1, bytes = 0;
    for (int i = 0; i < n; i++) {
        const sf_box *x = boxes[i];
        if (i > 0 && (x->disp < end || bytes + x->nbytes > SF_CHUNK)) { b++; bytes = 0; }
        bytes += x->nbytes;
        end = x->disp + x->span;
        if (batch) batch[i] = b;
    }
    return n ? b + 1 : 0;
}

int sf_assign_batches(sf_sub *s)
{
    const sf_box **bp = malloc(sizeof(sf_box *) * (s->nmine ? s->nmine : 1));
    int *batch = malloc(sizeof(int) * (s->nmine ? s->nmine : 1));
    if (!bp || !batch) { free(bp); free(batch); return SF_ERR_NOMEM; }
    for (int i = 0; i < s->nmine; i++) bp[i] = &s->mine[i].b;
    sf_count_batches(s->nmine, bp, batch);
    for (int i = 0; i < s->nmine; i++) s->mine[i].batch = batch[i];
    free(bp);
    free(batch);
    return SF_OK;
}
