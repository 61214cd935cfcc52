/*
 * comm_cache.c: one communicator per distinct set of ranks that share a
 * subfile, created once and kept for the life of the dataset. An
 * application writes many variables with one decomposition, so the same
 * sets come back call after call.
 */
#include <stdlib.h>
#include <string.h>
#include "sf_internal.h"

static int same_members(const sf_comm_entry *e, int n, const int *m)
{
    return e->nmembers == n && memcmp(e->members, m, sizeof(int) * n) == 0;
}

/* Collective over the members only. Every member reaches this call for the
 * same set at the same point of the same global order, so all of them hit
 * the cache or all miss it. */
int sf_comm_get(sf_context *ctx, int n, const int *members, MPI_Comm *comm)
{
    for (sf_comm_entry *e = ctx->comms; e; e = e->next)
        if (same_members(e, n, members)) { *comm = e->comm; return SF_OK; }

    sf_comm_entry *e = calloc(1, sizeof *e);
    if (!e) return SF_ERR_NOMEM;
    e->members = malloc(sizeof(int) * n);
    if (!e->members) { free(e); return SF_ERR_NOMEM; }
    memcpy(e->members, members, sizeof(int) * n);
    e->nmembers = n;

    if (n == 1) {
        e->comm = MPI_COMM_SELF;
    } else if (n == ctx->nprocs) {
        e->comm = ctx->comm;
    } else {
        MPI_Group world, grp;
        MPI_Comm_group(ctx->comm, &world);
        MPI_Group_incl(world, n, (int *)members, &grp);
        int rc = MPI_Comm_create_group(ctx->comm, grp, ctx->tag, &e->comm);
        MPI_Group_free(&grp);
        MPI_Group_free(&world);
        if (rc != MPI_SUCCESS) { free(e->members); free(e); return SF_ERR_MPI; }
        e->owned = 1;
    }
    e->next = ctx->comms;
    ctx->comms = e;
    *comm = e->comm;
    return SF_OK;
}

void sf_comm_free_all(sf_context *ctx)
{
    sf_comm_entry *e = ctx->comms;
    while (e) {
        sf_comm_entry *next = e->next;
        if (e->owned) MPI_Comm_free(&e->comm);
        free(e->members);
        free(e);
        e = next;
    }
    ctx->comms = NULL;
}
