/*
 * handles.c: open subfiles.
 *
 * A rank opens a subfile alone (on MPI_COMM_SELF) for its independent
 * access and for the subfiles it reads and writes for its group as their
 * leader. Those handles are its own business: kept across calls, at most
 * max_open of them (less the group handles its plans keep), the least
 * recently used closed first, with no message to anyone. A subfile its
 * home has just created comes with its handle (sf_context_adopt_handle):
 * the create's open is the engine's, not one open to write the header and
 * another for the data.
 *
 * In a read-only context a subfile a direct read needs (direct.c) is
 * opened as a plain descriptor and read with pread: no MPI-IO open (which
 * duplicates a communicator, allocates ROMIO's collective buffer and its
 * hints, and costs more than the read of a block), no close of one. The
 * subfiles cannot change under a read-only dataset (MPI's consistency:
 * its writers closed them before it was opened), and each descriptor is
 * opened after the dataset's open, as NFS's close-to-open consistency
 * asks. The header checks at open read subfiles the same way
 * (cdf_header.c). Anything else (a box that needs a file view, a leader's
 * reads for its group, a write) takes the MPI-IO handle; one entry of the
 * table holds both when both were needed.
 *
 * The MPI-IO method opens a subfile on its group's communicator; the
 * members agree on the outcome within the group, so that all of them go
 * on to the collective transfer or none does.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
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

/* Close what an entry holds. */
static int close_entry(sf_self_handle *h)
{
    int err = SF_OK;
    if (h->fh != MPI_FILE_NULL && MPI_File_close(&h->fh) != MPI_SUCCESS) err = SF_ERR_CLOSE;
    if (h->fd >= 0 && close(h->fd) != 0) err = SF_ERR_CLOSE;
    h->fh = MPI_FILE_NULL;
    h->fd = -1;
    return err;
}

/* The entry of subfile (file_id, block), made if it is not there (the
 * least recently used ones closed first, to stay within max_open). */
static sf_self_handle *entry(sf_context *ctx, int file_id, int block, int *err)
{
    ctx->clock++;
    for (int i = 0; i < ctx->nself; i++) {
        sf_self_handle *h = &ctx->self[i];
        if (h->file_id == file_id && h->block == block) {
            h->last_use = ctx->clock;
            return h;
        }
    }
    int cap = ctx->max_open - kept_group_handles(ctx);
    if (cap < 1) cap = 1;
    while (ctx->nself >= cap) {
        int lru = 0;
        for (int i = 1; i < ctx->nself; i++)
            if (ctx->self[i].last_use < ctx->self[lru].last_use) lru = i;
        sf_keep(err, close_entry(&ctx->self[lru]));
        ctx->self[lru] = ctx->self[--ctx->nself];
    }
    sf_self_handle *h = &ctx->self[ctx->nself++];
    h->file_id = file_id;
    h->block = block;
    h->fh = MPI_FILE_NULL;
    h->fd = -1;
    h->last_use = ctx->clock;
    return h;
}

/* An entry that holds nothing goes (a failed open). */
static void drop_if_empty(sf_context *ctx, sf_self_handle *h)
{
    if (h->fh == MPI_FILE_NULL && h->fd < 0) *h = ctx->self[--ctx->nself];
}

int sf_self_open(sf_context *ctx, int file_id, int block, MPI_File *fh)
{
    int err = SF_OK;
    sf_self_handle *h = entry(ctx, file_id, block, &err);
    if (h->fh != MPI_FILE_NULL) {
        *fh = h->fh;
        return err;
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
        drop_if_empty(ctx, h);
        return e;
    }
    h->fh = f;
    *fh = f;
    return err;
}

int sf_context_adopt_handle(sf_context *ctx, int file_id, int block, MPI_File *fh)
{
    int err = SF_OK;
    if (*fh == MPI_FILE_NULL) return SF_OK;
    if (!ctx) return MPI_File_close(fh) == MPI_SUCCESS ? SF_OK : SF_ERR_CLOSE;
    sf_self_handle *h = entry(ctx, file_id, block, &err);
    if (h->fh == MPI_FILE_NULL && !ctx->readonly) {
        h->fh = *fh;
    } else {
        /* (one of its own already, or a context that only reads) */
        if (MPI_File_close(fh) != MPI_SUCCESS) sf_keep(&err, SF_ERR_CLOSE);
        drop_if_empty(ctx, h);
    }
    *fh = MPI_FILE_NULL;
    return err;
}

int sf_self_fd(sf_context *ctx, int file_id, int block, int *fd)
{
    int err = SF_OK;
    sf_self_handle *h = entry(ctx, file_id, block, &err);
    if (h->fd >= 0) {
        *fd = h->fd;
        return err;
    }
    const sf_layout *lay = sf_context_layout(ctx, file_id);
    char path[SF_PATH_MAX];
    int d = open(sf_layout_path(lay, block, path, sizeof path), O_RDONLY | O_CLOEXEC);
    ctx->counts.file_opens++;
    ctx->counts.fd_opens++;
    if (d < 0) {
        int e = errno == ENOENT ? SF_ERR_NOENT : errno == EACCES || errno == EPERM ? SF_ERR_ACCESS
              : errno == EMFILE || errno == ENFILE ? SF_ERR_NOFILES : SF_ERR_OPEN;
        drop_if_empty(ctx, h);
        return e;
    }
    h->fd = d;
    *fd = d;
    return err;
}

int sf_self_close_all(sf_context *ctx)
{
    int err = SF_OK;
    for (int i = 0; i < ctx->nself; i++) sf_keep(&err, close_entry(&ctx->self[i]));
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
