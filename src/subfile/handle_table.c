/*
 * handle_table.c: open subfiles, kept across calls and bounded by max_open.
 *
 * Collective handles: the table is replicated. Every rank runs the same
 * acquire sequence (the events of a collective call are known to all ranks),
 * so every rank makes the same open, reuse and eviction decisions; the
 * MPI_File_open and MPI_File_close calls themselves involve only the
 * members of each subfile's communicator. Opens and closes happen in the
 * global event order, which is what keeps overlapping groups deadlock free.
 *
 * Independent handles: opened on MPI_COMM_SELF, one rank's own business.
 */
#include <stdlib.h>
#include <string.h>
#include "sf_internal.h"

static int open_mode(const sf_context *ctx)
{
    return ctx->readonly ? MPI_MODE_RDONLY : MPI_MODE_RDWR;
}

static int contains(int n, const int *sorted, int x)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (sorted[mid] == x) return 1;
        if (sorted[mid] < x) lo = mid + 1; else hi = mid - 1;
    }
    return 0;
}

/* Close entry i (collective over its members) and drop it from the table. */
static int drop_handle(sf_context *ctx, int i)
{
    sf_handle *h = &ctx->handles[i];
    int err = SF_OK;
    if (h->member && h->fh != MPI_FILE_NULL) {
        int rc = MPI_File_close(&h->fh);
        if (rc != MPI_SUCCESS) err = SF_ERR_CLOSE;
    }
    free(h->members);
    ctx->handles[i] = ctx->handles[--ctx->nhandles];
    return err;
}

static int lru_index(const sf_context *ctx)
{
    int best = 0;
    for (int i = 1; i < ctx->nhandles; i++)
        if (ctx->handles[i].last_use < ctx->handles[best].last_use) best = i;
    return best;
}

int sf_handle_acquire(sf_context *ctx, int file_id, int block, int n,
                      const int *members, sf_handle **hp)
{
    int err = SF_OK;
    ctx->clock++;
    for (int i = 0; i < ctx->nhandles; i++) {
        sf_handle *h = &ctx->handles[i];
        if (h->layout_id != file_id || h->block != block) continue;
        if (h->nmembers == n && memcmp(h->members, members, sizeof(int) * n) == 0) {
            h->last_use = ctx->clock;
            *hp = h;
            return h->fh == MPI_FILE_NULL && h->member ? SF_ERR_OPEN : SF_OK;
        }
        /* same subfile, other participants: reopen on the new group */
        err = drop_handle(ctx, i);
        break;
    }
    if (ctx->nhandles >= ctx->max_open) {
        int e = drop_handle(ctx, lru_index(ctx));
        if (err == SF_OK) err = e;
    }

    sf_handle *h = &ctx->handles[ctx->nhandles];
    memset(h, 0, sizeof *h);
    h->members = malloc(sizeof(int) * n);
    if (!h->members) return SF_ERR_NOMEM;
    memcpy(h->members, members, sizeof(int) * n);
    h->nmembers = n;
    h->layout_id = file_id;
    h->block = block;
    h->last_use = ctx->clock;
    h->fh = MPI_FILE_NULL;
    h->comm = MPI_COMM_NULL;
    h->byte_view = 1;
    h->member = contains(n, members, ctx->rank);
    ctx->nhandles++;
    *hp = h;
    if (!h->member) return err;

    const sf_layout *lay = sf_context_layout(ctx, file_id);
    int e = sf_comm_get(ctx, n, members, &h->comm);
    if (e == SF_OK) {
        int rc = MPI_File_open(h->comm, lay->paths[block], open_mode(ctx), ctx->info, &h->fh);
        e = sf_error_from_mpi(rc, SF_ERR_OPEN);
        if (n > 1) {
            /* an open that failed anywhere fails everywhere in the group */
            int worst;
            sf_allreduce(ctx, &e, &worst, 1, MPI_INT, MPI_MIN, h->comm);
            if (worst != SF_OK && e == SF_OK) MPI_File_close(&h->fh);
            e = worst;
        }
        if (e != SF_OK) h->fh = MPI_FILE_NULL;
    }
    return err != SF_OK ? err : e;
}

static int cmp_handle(const void *a, const void *b)
{
    const sf_handle *x = a, *y = b;
    if (x->layout_id != y->layout_id) return x->layout_id < y->layout_id ? -1 : 1;
    return (x->block > y->block) - (x->block < y->block);
}

int sf_handle_close_all(sf_context *ctx)
{
    int err = SF_OK;
    /* the same order on every rank */
    qsort(ctx->handles, ctx->nhandles, sizeof(sf_handle), cmp_handle);
    for (int i = 0; i < ctx->nhandles; i++) {
        sf_handle *h = &ctx->handles[i];
        if (h->member && h->fh != MPI_FILE_NULL && MPI_File_close(&h->fh) != MPI_SUCCESS)
            err = SF_ERR_CLOSE;
        free(h->members);
    }
    ctx->nhandles = 0;
    return err;
}

int sf_indep_acquire(sf_context *ctx, int file_id, int block, MPI_File *fh)
{
    int layout_id = file_id;
    ctx->clock++;
    for (int i = 0; i < ctx->nindep; i++) {
        sf_indep_handle *h = &ctx->indep[i];
        if (h->layout_id == layout_id && h->block == block) {
            h->last_use = ctx->clock;
            *fh = h->fh;
            return SF_OK;
        }
    }
    int err = SF_OK;
    if (ctx->nindep >= ctx->max_open) {
        int best = 0;
        for (int i = 1; i < ctx->nindep; i++)
            if (ctx->indep[i].last_use < ctx->indep[best].last_use) best = i;
        if (MPI_File_close(&ctx->indep[best].fh) != MPI_SUCCESS) err = SF_ERR_CLOSE;
        ctx->indep[best] = ctx->indep[--ctx->nindep];
    }
    const sf_layout *lay = sf_context_layout(ctx, layout_id);
    MPI_File f;
    int rc = MPI_File_open(MPI_COMM_SELF, lay->paths[block], open_mode(ctx), ctx->info, &f);
    if (rc != MPI_SUCCESS) return sf_error_from_mpi(rc, SF_ERR_OPEN);
    sf_indep_handle *h = &ctx->indep[ctx->nindep++];
    h->layout_id = layout_id;
    h->block = block;
    h->fh = f;
    h->last_use = ctx->clock;
    *fh = f;
    return err;
}

int sf_indep_close_all(sf_context *ctx)
{
    int err = SF_OK;
    for (int i = 0; i < ctx->nindep; i++)
        if (MPI_File_close(&ctx->indep[i].fh) != MPI_SUCCESS) err = SF_ERR_CLOSE;
    ctx->nindep = 0;
    return err;
}
