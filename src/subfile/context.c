/*
 * context.c: the engine state of one open dataset.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sf_internal.h"
#include "runs.h"

/* Collective over comm: its collective step (the copy of comm) is made by
 * every rank whatever fails around it; the caller agrees on the outcome.
 * The copy is a split, not a duplicate: it carries none of comm's
 * attributes. It is the parent of every group's communicator
 * (groups.c), and Open MPI 4.1's MPI_Comm_create_group copies the
 * parent's attributes into the child (MPI says only a duplicate copies
 * them): ROMIO's list of processor names cached on a communicator
 * would then reach a smaller group, whose open finds no aggregator. */
int sf_context_create(MPI_Comm comm, MPI_Info info, int max_open,
                      int readonly, int yield, sf_context **ctxp)
{
    return sf_context_create_on(comm, MPI_COMM_NULL, info, max_open, readonly, yield, ctxp);
}

/* own: a communicator of the caller's, over the same processes as comm and
 * made the same way (a split), which the context uses and never frees;
 * MPI_COMM_NULL: the context makes its own. */
int sf_context_create_on(MPI_Comm comm, MPI_Comm own, MPI_Info info, int max_open,
                         int readonly, int yield, sf_context **ctxp)
{
    MPI_Comm dup = own;
    int err = own != MPI_COMM_NULL ? SF_OK : SF_MPI_OK(MPI_Comm_split(comm, 0, 0, &dup));
    /* the node census of comm, taken at its first context only (collective
     * then, made whatever failed above; a failed one leaves it NULL) */
    sf_comm_state *cstate = NULL;
    int census = 0;
    sf_comm_state_get(comm, &cstate, &census);
    sf_context *ctx = calloc(1, sizeof *ctx);
    *ctxp = NULL;
    if (!ctx) {
        err = SF_ERR_NOMEM;
        if (dup != MPI_COMM_NULL && own == MPI_COMM_NULL) sf_keep(&err, SF_MPI_OK(MPI_Comm_free(&dup)));
        sf_comm_state_release(cstate);
        return err;
    }
    ctx->comm = dup;
    ctx->comm_borrowed = own != MPI_COMM_NULL;
    ctx->info = MPI_INFO_NULL;
    ctx->cstate = cstate;
    /* the first context on comm: its create or open took the census (in
     * sf_node_oversubscribed, or just now) */
    ctx->counts.census = census || (cstate && cstate->contexts == 0);
    if (cstate) cstate->contexts++;
    ctx->yield = yield;
    /* the engine checks every return code itself, and must see an error
     * to keep its promise that nobody is left waiting */
    if (err == SF_OK) sf_keep(&err, SF_MPI_OK(MPI_Comm_set_errhandler(ctx->comm, MPI_ERRORS_RETURN)));
    if (err == SF_OK) {
        sf_keep(&err, SF_MPI_OK(MPI_Comm_rank(ctx->comm, &ctx->rank)));
        sf_keep(&err, SF_MPI_OK(MPI_Comm_size(ctx->comm, &ctx->nprocs)));
    }
    if (err == SF_OK && info != MPI_INFO_NULL) sf_keep(&err, SF_MPI_OK(MPI_Info_dup(info, &ctx->info)));
    ctx->readonly = readonly;
    ctx->max_open = max_open > 0 ? max_open : 1;
    ctx->agg_max = (MPI_Offset)256 << 20;
    /* calls by runs: requests outstanding at once (hint subfiling_window,
     * checked by the caller; between 2 and SF_RUNS_WINDOW_MAX) */
    ctx->window = SF_RUNS_WINDOW;
    if (info != MPI_INFO_NULL) {
        char val[MPI_MAX_INFO_VAL + 1];
        int flag = 0;
        sf_keep(&err, SF_MPI_OK(MPI_Info_get(info, "subfiling_window", MPI_MAX_INFO_VAL, val, &flag)));
        if (flag && atoi(val) > 0) ctx->window = atoi(val);
        if (ctx->window < 2) ctx->window = 2;
        if (ctx->window > SF_RUNS_WINDOW_MAX) ctx->window = SF_RUNS_WINDOW_MAX;
    }
    if (err == SF_OK) err = sf_agree_ops_create(ctx);
    if (err == SF_OK && !(ctx->self = calloc(ctx->max_open, sizeof(sf_self_handle)))) err = SF_ERR_NOMEM;
    if (err != SF_OK) {
        sf_keep(&err, sf_context_abort(ctx)); /* nothing collective made yet */
        return err;
    }
    /* the plans by runs the dataset closed last on comm left (runs_keep.c) */
    sf_runs_adopt(ctx);
    sf_pool_adopt(ctx);
    *ctxp = ctx;
    return SF_OK;
}

/* The layout's id indexes the table; the context owns it from now on.
 * Collective (at enddef): plans made with a layout it replaces go. */
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
    /* on failure the caller keeps lay (the context takes it only on SF_OK) */
    int err = ctx->layouts[lay->id] ? sf_context_forget_plans(ctx) : SF_OK;
    if (err != SF_OK) return err;
    sf_layout_free(ctx->layouts[lay->id]);
    ctx->layouts[lay->id] = lay;
    return SF_OK;
}

/* Collective: the group handles plans keep, in the order every member
 * holds them (plan slot, then subfile), and this rank's own. */
int sf_context_flush(sf_context *ctx)
{
    double t0 = MPI_Wtime();
    int err = sf_self_close_all(ctx);
    for (int i = 0; i < SF_PLAN_SLOTS; i++)
        for (int j = 0; ctx->plans[i] && j < ctx->plans[i]->nsub; j++)
            sf_keep(&err, sf_group_close(ctx, &ctx->plans[i]->subs[j].fh));
    /* (the scratch stays for the next call: pool.c) */
    ctx->t_close += MPI_Wtime() - t0;
    return err;
}

int sf_context_flush_indep(sf_context *ctx)
{
    return sf_self_close_all(ctx);
}

int sf_context_forget_plans(sf_context *ctx)
{
    int err = sf_runs_forget(ctx); /* plans of calls by runs hold subfile offsets too */
    for (int i = 0; i < SF_PLAN_SLOTS; i++) {
        sf_keep(&err, sf_plan_free(ctx, ctx->plans[i]));
        ctx->plans[i] = NULL;
    }
    return err;
}

static void print_profile(const sf_context *ctx)
{
    if (getenv("NCSF_PROFILE") && ctx->counts.calls)
        fprintf(stderr, "ncsf profile rank %d: %ld collective calls, %ld plans built, %ld reused, %ld derived, "
                "%ld subfile opens, %ld group waits, %ld gather messages, %ld MPI-IO steps, "
                "%ld direct reads, %ld writes swapped on the way; "
                "plan %.4f s, move %.4f s, agree %.4f s, close %.4f s\n",
                ctx->rank, ctx->counts.calls, ctx->counts.plan_builds, ctx->counts.plan_hits, ctx->counts.plans_derived,
                ctx->counts.file_opens, ctx->counts.group_waits, ctx->counts.gather_msgs,
                ctx->counts.mpiio_steps, ctx->counts.path_calls[SF_PATH_DIRECT], ctx->counts.swapped_on_the_way,
                ctx->t_plan, ctx->t_move, ctx->t_agree, ctx->t_close);
}

/* The one destroy of a context, for a close (collective: the group
 * handles plans keep are closed together) and for an abort or a failed
 * create (this rank alone: a kept group handle is dropped unclosed, as
 * closing it would wait for the other members; nothing else is left). */
static int destroy(sf_context *ctx, int collective)
{
    int err = SF_OK;
    if (!ctx) return SF_OK;
    if (collective && ctx->self) {
        err = sf_context_flush(ctx);
    } else {
        err = sf_self_close_all(ctx);
        for (int i = 0; i < SF_PLAN_SLOTS; i++)
            for (int j = 0; ctx->plans[i] && j < ctx->plans[i]->nsub; j++)
                ctx->plans[i]->subs[j].fh = MPI_FILE_NULL;
    }
    print_profile(ctx);
    /* a closed context's plans by runs stay for the next dataset on the
     * communicator; an aborted one's go (runs_keep.c) */
    sf_runs_park(ctx, collective);
    if (collective) sf_pool_park(ctx); /* its memory too (pool.c) */
    sf_keep(&err, sf_context_forget_plans(ctx));
    while (ctx->groups) {
        ctx->groups->refs = 1;
        sf_keep(&err, sf_group_release(ctx, ctx->groups));
    }
    for (int i = 0; i < ctx->nlayouts; i++) sf_layout_free(ctx->layouts[i]);
    free(ctx->layouts);
    free(ctx->self);
    free(ctx->a2a);
    sf_pool_release(ctx);
    sf_keep(&err, sf_agree_ops_free(ctx));
    sf_comm_state_release(ctx->cstate);
    if (ctx->info != MPI_INFO_NULL) sf_keep(&err, SF_MPI_OK(MPI_Info_free(&ctx->info)));
    if (ctx->comm != MPI_COMM_NULL && !ctx->comm_borrowed) sf_keep(&err, SF_MPI_OK(MPI_Comm_free(&ctx->comm)));
    free(ctx);
    return err;
}

int sf_context_free(sf_context *ctx)
{
    return destroy(ctx, 1);
}

int sf_context_abort(sf_context *ctx)
{
    return destroy(ctx, 0);
}

void sf_context_set_learn(sf_context *ctx, sf_learn_fn fn, void *arg)
{
    ctx->learn = fn;
    ctx->learn_arg = arg;
}


void sf_context_set_readonly(sf_context *ctx, int readonly)
{
    ctx->readonly = readonly;
}

void sf_context_lower_max_open(sf_context *ctx, int max_open)
{
    if (max_open > 0 && max_open < ctx->max_open) ctx->max_open = max_open;
}

void sf_context_set_aggregate_max(sf_context *ctx, MPI_Offset bytes)
{
    ctx->agg_max = bytes;
}

const sf_nodes *sf_context_nodes(const sf_context *ctx)
{
    return ctx->cstate ? &ctx->cstate->nodes : NULL;
}

MPI_Offset sf_context_bytes_written(const sf_context *ctx) { return ctx->bytes_written; }
MPI_Offset sf_context_bytes_read(const sf_context *ctx) { return ctx->bytes_read; }

void sf_context_counts(const sf_context *ctx, sf_counts *out)
{
    *out = ctx->counts;
}
