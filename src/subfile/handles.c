/*
 * handles.c: open subfiles.
 *
 * A rank opens a subfile alone (on MPI_COMM_SELF) for its independent
 * access and for the subfiles it reads and writes for its group as their
 * leader. Those handles are its own business: kept across calls, at most
 * max_open of them (less the group handles its plans keep), the least
 * recently used closed first, with no message to anyone.
 *
 * The MPI-IO method opens a subfile on its group's communicator; the
 * members agree on the outcome within the group, so that all of them go
 * on to the collective transfer or none does.
 */
#include <stdlib.h>
#include "sf_internal.h"

static int open_mode(const sf_context *ctx)
{
    return ctx->readonly ? MPI_MODE_RDONLY : MPI_MODE_RDWR;
}

static int kept_group_handles(const sf_context *ctx)
{
    int n = 0;
    for (int i = 0; i < SF_PLAN_SLOTS; i++)
        if (ctx->plans[i])
            for (int j = 0; j < ctx->plans[i]->nsub; j++) n += ctx->plans[i]->subs[j].fh != MPI_FILE_NULL;
    return n;
}

int sf_self_open(sf_context *ctx, int file_id, int block, MPI_File *fh)
{
    int err = SF_OK;
    ctx->clock++;
    for (int i = 0; i < ctx->nself; i++) {
        sf_self_handle *h = &ctx->self[i];
        if (h->file_id == file_id && h->block == block) {
            h->last_use = ctx->clock;
            *fh = h->fh;
            return SF_OK;
        }
    }
    int cap = ctx->max_open - kept_group_handles(ctx);
    if (cap < 1) cap = 1;
    while (ctx->nself >= cap) {
        int lru = 0;
        for (int i = 1; i < ctx->nself; i++)
            if (ctx->self[i].last_use < ctx->self[lru].last_use) lru = i;
        if (MPI_File_close(&ctx->self[lru].fh) != MPI_SUCCESS) sf_keep(&err, SF_ERR_CLOSE);
        ctx->self[lru] = ctx->self[--ctx->nself];
    }
    const sf_layout *lay = sf_context_layout(ctx, file_id);
    MPI_File f = MPI_FILE_NULL;
    char path[SF_PATH_MAX];
    int rc = MPI_File_open(MPI_COMM_SELF, sf_layout_path(lay, block, path, sizeof path), open_mode(ctx),
                           ctx->info, &f);
    ctx->counts.file_opens++;
    if (rc != MPI_SUCCESS) {
        int e = sf_error_from_mpi(rc, SF_ERR_OPEN);
        sf_keep(&e, sf_group_close(ctx, &f));
        return e;
    }
    sf_self_handle *h = &ctx->self[ctx->nself++];
    h->file_id = file_id;
    h->block = block;
    h->fh = f;
    h->last_use = ctx->clock;
    *fh = f;
    return err;
}

int sf_self_close_all(sf_context *ctx)
{
    int err = SF_OK;
    for (int i = 0; i < ctx->nself; i++)
        if (MPI_File_close(&ctx->self[i].fh) != MPI_SUCCESS) sf_keep(&err, SF_ERR_CLOSE);
    ctx->nself = 0;
    return err;
}

int sf_group_open(sf_context *ctx, sf_sub *s, MPI_File *fh)
{
    const sf_layout *lay = sf_context_layout(ctx, s->file_id);
    MPI_File f = MPI_FILE_NULL;
    char path[SF_PATH_MAX];
    int rc = MPI_File_open(s->group->comm, sf_layout_path(lay, s->block, path, sizeof path),
                           open_mode(ctx), ctx->info, &f);
    int err = sf_error_from_mpi(rc, SF_ERR_OPEN), worst = err;
    ctx->counts.file_opens++;
    if (s->group->n > 1) {
        /* a failure anywhere in the group is everyone's: then nobody
         * makes the collective transfer */
        MPI_Request r;
        if (MPI_Iallreduce(&err, &worst, 1, MPI_INT, MPI_MIN, s->group->comm, &r) != MPI_SUCCESS ||
            sf_wait_trusted(ctx, &r) != SF_OK)
            worst = err != SF_OK ? err : SF_ERR_MPI;
        ctx->counts.group_waits++;
    }
    if (worst != SF_OK) {
        /* whoever holds a handle closes it (together, if all do) */
        sf_keep(&worst, sf_group_close(ctx, &f));
        *fh = MPI_FILE_NULL;
        return worst;
    }
    *fh = f;
    return SF_OK;
}

int sf_group_close(sf_context *ctx, MPI_File *fh)
{
    (void)ctx;
    if (*fh == MPI_FILE_NULL) return SF_OK;
    return MPI_File_close(fh) == MPI_SUCCESS ? SF_OK : SF_ERR_CLOSE;
}
