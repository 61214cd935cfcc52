/*
 * context.c: the engine state of one open dataset.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sf_internal.h"

int sf_context_create(MPI_Comm comm, MPI_Info info, int max_open,
                      int readonly, sf_context **ctxp)
{
    sf_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx) return SF_ERR_NOMEM;
    if (MPI_Comm_dup(comm, &ctx->comm) != MPI_SUCCESS) { free(ctx); return SF_ERR_MPI; }
    MPI_Comm_rank(ctx->comm, &ctx->rank);
    MPI_Comm_size(ctx->comm, &ctx->nprocs);
    ctx->info = MPI_INFO_NULL;
    if (info != MPI_INFO_NULL) MPI_Info_dup(info, &ctx->info);
    ctx->readonly = readonly;
    ctx->max_open = max_open > 0 ? max_open : 1;
    ctx->agg_max = (MPI_Offset)256 << 20;
    ctx->yield = sf_node_oversubscribed(ctx->comm);
    ctx->handles = calloc(ctx->max_open, sizeof(sf_handle));
    ctx->indep = calloc(ctx->max_open, sizeof(sf_indep_handle));
    if (!ctx->handles || !ctx->indep) { sf_context_free(ctx); return SF_ERR_NOMEM; }
    *ctxp = ctx;
    return SF_OK;
}

/* The layout's id indexes the table; the context owns it from now on. */
int sf_context_add_layout(sf_context *ctx, sf_layout *lay)
{
    if (lay->id < 0) return SF_ERR_ARG;
    if (lay->id >= ctx->nlayouts) {
        int n = lay->id + 16;
        sf_layout **t = realloc(ctx->layouts, sizeof(*t) * n);
        if (!t) return SF_ERR_NOMEM;
        memset(t + ctx->nlayouts, 0, sizeof(*t) * (n - ctx->nlayouts));
        ctx->layouts = t;
        ctx->nlayouts = n;
    }
    sf_layout_free(ctx->layouts[lay->id]);
    ctx->layouts[lay->id] = lay;
    return SF_OK;
}

const sf_layout *sf_context_layout(const sf_context *ctx, int id)
{
    return (id >= 0 && id < ctx->nlayouts) ? ctx->layouts[id] : NULL;
}

int sf_context_flush(sf_context *ctx)
{
    double t0 = MPI_Wtime();
    int err = sf_indep_close_all(ctx);
    int e = sf_handle_close_all(ctx);
    ctx->t_close += MPI_Wtime() - t0;
    return err != SF_OK ? err : e;
}

int sf_context_flush_indep(sf_context *ctx)
{
    return sf_indep_close_all(ctx);
}

int sf_context_free(sf_context *ctx)
{
    int err = SF_OK;
    if (!ctx) return SF_OK;
    if (ctx->handles && ctx->indep) err = sf_context_flush(ctx);
    if (getenv("NCSF_PROFILE") && ctx->n_calls)
        fprintf(stderr, "ncsf profile rank %d: %d collective calls, %d subfile events, %d opens; "
                "exchange %.4f s, open %.4f s, transfer %.4f s, agree %.4f s, close %.4f s\n",
                ctx->rank, ctx->n_calls, ctx->n_events, ctx->n_opens, ctx->t_exchange, ctx->t_open,
                ctx->t_io, ctx->t_agree, ctx->t_close);
    sf_comm_free_all(ctx);
    for (int i = 0; i < ctx->nlayouts; i++) sf_layout_free(ctx->layouts[i]);
    free(ctx->layouts);
    free(ctx->handles);
    free(ctx->indep);
    if (ctx->info != MPI_INFO_NULL) MPI_Info_free(&ctx->info);
    MPI_Comm_free(&ctx->comm);
    free(ctx);
    return err;
}

void sf_context_set_aggregate_max(sf_context *ctx, MPI_Offset bytes)
{
    ctx->agg_max = bytes;
}

MPI_Offset sf_context_bytes_written(const sf_context *ctx) { return ctx->bytes_written; }
MPI_Offset sf_context_bytes_read(const sf_context *ctx) { return ctx->bytes_read; }
