/*
 * direct.c: collective reads that need no one else.
 *
 * Reading moves nothing between processes unless a leader gathers for
 * its group, and gathering pays only where a process's pieces are many
 * small runs of a subfile. A restart that reads back what it wrote (the
 * same decomposition, the same P) asks each process for whole blocks or
 * long runs of them: then each process opens the subfiles its pieces lie
 * in, on MPI_COMM_SELF, and reads every piece straight into the caller's
 * buffer, a run of the subfile with one MPI_File_read_at (no plan, no
 * message, no copy through a leader's buffer). Whether a call goes this
 * way is agreed in the call's first reduction (access.c): every process
 * must find its own pieces worth reading alone.
 *
 * A request with swap set (a get into the caller's own buffer, whose
 * elements the file holds big-endian) has every element's bytes reversed
 * here, as they arrive: a run into memory that is contiguous is read
 * SF_SWAP_STEP bytes at a time into the context's buffer and reversed
 * from there into its place (one pass over the caller's bytes, which the
 * kernel never writes: only the small buffer, which stays in the cache);
 * any other box is reversed in memory once it is read. The call says so
 * (sf_call.read_swapped), and its caller leaves those elements alone.
 */
#include <stdlib.h>
#include <string.h>
#include "sf_internal.h"

/* A piece is read alone when it is one run of its subfile or its runs
 * (the innermost contiguous stretch) are at least this long. */
#define SF_DIRECT_MIN_RUN ((MPI_Offset)64 << 10)

/* Bytes of the longest stretch of the piece of request r in block k that
 * is contiguous in the subfile (a record dimension breaks runs: records
 * of the subfile's variables interleave); 0 if the piece is empty. *whole:
 * the piece is one run. */
static MPI_Offset piece_run(const sf_request *r, int k, int *whole)
{
    const sf_layout *lay = r->lay;
    MPI_Offset pstart[SF_MAX_DIMS], pcount[SF_MAX_DIMS], local[SF_MAX_DIMS];
    MPI_Offset bstart[SF_MAX_DIMS], bcount[SF_MAX_DIMS];
    *whole = 0;
    if (!sf_piece(lay, k, r->start, r->count, r->stride, pstart, pcount, local)) return 0;
    sf_layout_block(lay, k, bstart, bcount);
    MPI_Offset run = lay->elsize;
    int d = lay->ndims - 1;
    for (; d >= 0; d--) {
        int rec = d == 0 && lay->record;
        if (pcount[d] > 1 && (r->stride[d] != 1 || rec)) break;
        run *= pcount[d];
        if (pcount[d] != bcount[d] && !rec) { d--; break; }
    }
    /* the rest of the dimensions must be single items for one run */
    int single = 1;
    for (; d >= 0; d--) single &= pcount[d] == 1;
    *whole = single;
    return run;
}

typedef struct {
    sf_context *ctx;
    const sf_request *r;
    int i, ok, err;
} visit_arg;

static int read_piece(sf_context *ctx, const sf_request *r, int i, int k);

static void check_block(int k, void *arg)
{
    visit_arg *a = arg;
    int whole;
    MPI_Offset run = piece_run(a->r, k, &whole);
    if (run > 0 && !whole && run < SF_DIRECT_MIN_RUN) a->ok = 0;
}

static void read_block(int k, void *arg)
{
    visit_arg *a = arg;
    sf_keep(&a->err, read_piece(a->ctx, a->r, a->i, k));
}

int sf_direct_eligible(const sf_context *ctx, int nreq, const sf_request *reqs)
{
    visit_arg a = {NULL, NULL, 0, 1, SF_OK};
    (void)ctx;
    for (int i = 0; i < nreq && a.ok; i++) {
        const sf_request *r = &reqs[i];
        int empty = 0;
        for (int d = 0; d < r->lay->ndims; d++) empty |= r->count[d] <= 0;
        if (empty) continue;
        a.r = r;
        sf_touched_blocks(r->lay, r->start, r->count, r->stride, check_block, &a);
    }
    return a.ok;
}

/* One box of this rank's, contiguous in the subfile, into the caller's
 * memory: one read; the part past the subfile's end (never written) reads
 * as zero, as the gathering leader's reads have it. */
int sf_direct_read_run(sf_context *ctx, MPI_File fh, const sf_mybox *m, char *mem, MPI_Offset shift)
{
    MPI_Status st;
    MPI_Count got = 0;
    int rc = MPI_File_read_at(fh, m->b.disp + shift, mem + m->moff, 1, m->mtype, &st);
    if (rc != MPI_SUCCESS) return sf_error_from_mpi(rc, SF_ERR_READ);
    if (MPI_Get_elements_x(&st, MPI_BYTE, &got) != MPI_SUCCESS) got = m->b.nbytes;
    if (got >= m->b.nbytes) return SF_OK;
    /* short: again through a zeroed run, then into place */
    char *tmp = malloc((size_t)m->b.nbytes);
    if (!tmp) return SF_ERR_NOMEM;
    int err = sf_rw_run(ctx, fh, m->b.disp + shift, tmp, m->b.nbytes, 0);
    if (err == SF_OK) sf_copy_box_mem(m, tmp, mem, 0);
    free(tmp);
    return err;
}

/* The elements of box m, read into mem in the file's byte order, each
 * reversed in place (memory steps mstep). */
static void swap_box_mem(const sf_mybox *m, char *mem)
{
    const sf_box *b = &m->b;
    int nd = b->nd, es = b->elsize;
    char *base = mem + m->moff;
    if (nd == 0) {
        sf_swap(base, es, 1);
        return;
    }
    MPI_Offset idx[SF_MAX_DIMS] = {0}, outer = 1, inner = b->count[nd - 1], step = m->mstep[nd - 1];
    for (int d = 0; d < nd - 1; d++) outer *= b->count[d];
    for (MPI_Offset o = 0; o < outer; o++) {
        char *row = base;
        for (int d = 0; d < nd - 1; d++) row += idx[d] * m->mstep[d];
        if (step == es) sf_swap(row, es, inner);
        else
            for (MPI_Offset i = 0; i < inner; i++) sf_swap(row + i * step, es, 1);
        for (int d = nd - 2; d >= 0 && ++idx[d] == b->count[d]; d--) idx[d] = 0;
    }
}

/* len bytes at at of the subfile into dst, each element of es bytes
 * reversed on the way, through the context's buffer (without one: read
 * in place, then reversed there). */
static int fd_read_swapped(sf_context *ctx, int fd, MPI_Offset at, char *dst, MPI_Offset len, int es)
{
    char *buf = sf_swap_buffer(ctx);
    if (!buf) {
        int err = sf_pread_run(fd, at, dst, len);
        if (err == SF_OK) sf_swap(dst, es, len / es);
        return err;
    }
    MPI_Offset step = SF_SWAP_STEP / es * es;
    for (MPI_Offset done = 0; done < len; done += step) {
        MPI_Offset n = len - done < step ? len - done : step;
        int err = sf_pread_run(fd, at + done, buf, n);
        if (err != SF_OK) return err;
        sf_swap_copy(buf, dst + done, es, n / es);
    }
    return SF_OK;
}

/* The same through a descriptor (read-only contexts): pread straight into
 * the caller's memory when that is one run too, else through a copy. */
static int fd_read_run(sf_context *ctx, int fd, const sf_mybox *m, char *mem, int swap)
{
    int es = m->b.elsize;
    if (sf_mybox_mem_contiguous(m))
        return swap ? fd_read_swapped(ctx, fd, m->b.disp, mem + m->moff, m->b.nbytes, es)
                    : sf_pread_run(fd, m->b.disp, mem + m->moff, m->b.nbytes);
    char *tmp = malloc((size_t)m->b.nbytes);
    if (!tmp) return SF_ERR_NOMEM;
    int err = sf_pread_run(fd, m->b.disp, tmp, m->b.nbytes);
    if (err == SF_OK && swap) sf_swap(tmp, es, m->b.nbytes / es);
    if (err == SF_OK) sf_copy_box_mem(m, tmp, mem, 0);
    free(tmp);
    return err;
}

/* The pieces of request i in block k: runs of a read-only subfile through
 * a descriptor, the rest through MPI-IO. */
static int read_piece(sf_context *ctx, const sf_request *r, int i, int k)
{
    sf_mybox *boxes = NULL;
    int n = 0, cap = 0;
    int err = sf_need_offsets(ctx, r->lay->file_id, k);
    if (err == SF_OK) err = sf_piece_boxes(r, i, k, SF_CHUNK, 0, 1, &boxes, &n, &cap);
    MPI_File fh = MPI_FILE_NULL;
    int fd = -1, swap = r->swap && r->lay->elsize > 1;
    for (int j = 0; err == SF_OK && j < n; j++) {
        int run = sf_box_is_contiguous(&boxes[j].b);
        ctx->counts.direct_boxes++;
        if (run && ctx->readonly) {
            if (fd < 0) err = sf_self_fd(ctx, r->lay->file_id, k, &fd);
            if (err == SF_OK) err = fd_read_run(ctx, fd, &boxes[j], (char *)r->buf, swap);
            continue;
        }
        if (fh == MPI_FILE_NULL) err = sf_self_open(ctx, r->lay->file_id, k, &fh);
        if (err == SF_OK) err = sf_mybox_types(&boxes[j], !run);
        if (err == SF_OK)
            err = run ? sf_direct_read_run(ctx, fh, &boxes[j], (char *)r->buf, 0)
                      : sf_rw_box(ctx, fh, &boxes[j], (char *)r->buf, 0, 0);
        if (err == SF_OK && swap) swap_box_mem(&boxes[j], (char *)r->buf);
    }
    if (swap) ctx->counts.swapped_reads += n;
    for (int j = 0; j < n; j++) sf_mybox_free_types(&boxes[j]);
    free(boxes);
    return sf_note_failure(ctx, err, r->lay->file_id, k, 0);
}

int sf_direct_read(sf_context *ctx, int nreq, const sf_request *reqs)
{
    visit_arg a = {ctx, NULL, 0, 1, SF_OK};
    for (int i = 0; i < nreq; i++) {
        const sf_request *r = &reqs[i];
        int empty = 0;
        for (int d = 0; d < r->lay->ndims; d++) empty |= r->count[d] <= 0;
        if (empty) continue;
        a.r = r;
        a.i = i;
        sf_touched_blocks(r->lay, r->start, r->count, r->stride, read_block, &a);
    }
    return a.err;
}
