/*
 * groups.c: a communicator for each set of ranks that share a subfile
 * through MPI-IO (the gather method needs none). Made only when a plan is
 * built, shared by every cached plan that needs the same set, and freed
 * with the last of them: the cache of plans bounds them (plan_cache.c).
 * Every member builds and frees the same plans at the same calls, so all
 * members of a set hold or release its communicator together.
 *
 * The context's own communicator (ctx->comm) is never one of them, even
 * for a group of every rank: MPI-IO caches attributes on a communicator
 * it opens a file on (ROMIO: the processor names), and a parent with
 * attributes would hand them to the groups made from it under Open MPI
 * (context.c).
 *
 * Making one is two steps: sf_group_find (local: the MPI group of the
 * members, which can fail on one rank alone) and sf_group_connect
 * (collective over the members), with an agreement between them in
 * plan_build.c, so that no member enters MPI_Comm_create_group alone.
 */
#include <stdlib.h>
#include <string.h>
#include "sf_internal.h"

static int same_members(const sf_group *g, int n, const int *m)
{
    return g->n == n && memcmp(g->members, m, sizeof(int) * n) == 0;
}

int sf_group_find(sf_context *ctx, int n, const int *members, sf_group **gp)
{
    for (sf_group *g = ctx->groups; g; g = g->next)
        if (same_members(g, n, members)) {
            g->refs++;
            *gp = g;
            return SF_OK;
        }
    sf_group *g = calloc(1, sizeof *g);
    if (!g) return SF_ERR_NOMEM;
    g->members = malloc(sizeof(int) * n);
    if (!g->members) { free(g); return SF_ERR_NOMEM; }
    memcpy(g->members, members, sizeof(int) * n);
    g->n = n;
    g->comm = MPI_COMM_NULL;
    g->grp = MPI_GROUP_NULL;
    g->refs = 1;
    g->next = ctx->groups;
    ctx->groups = g;
    *gp = g;
    if (n == 1) g->comm = MPI_COMM_SELF;
    else {
        MPI_Group all;
        int err = SF_MPI_OK(MPI_Comm_group(ctx->comm, &all));
        if (err == SF_OK) {
            sf_keep(&err, SF_MPI_OK(MPI_Group_incl(all, n, (int *)members, &g->grp)));
            sf_keep(&err, SF_MPI_OK(MPI_Group_free(&all)));
        }
        return err;
    }
    return SF_OK;
}

int sf_group_connect(sf_context *ctx, sf_group *g, int tag)
{
    if (g->comm != MPI_COMM_NULL) return SF_OK;
    int err = SF_MPI_OK(MPI_Comm_create_group(ctx->comm, g->grp, tag, &g->comm));
    sf_keep(&err, SF_MPI_OK(MPI_Group_free(&g->grp)));
    g->owned = g->comm != MPI_COMM_NULL;
    if (g->owned) sf_keep(&err, SF_MPI_OK(MPI_Comm_set_errhandler(g->comm, MPI_ERRORS_RETURN)));
    return err;
}

int sf_group_release(sf_context *ctx, sf_group *g)
{
    int err = SF_OK;
    if (!g || --g->refs > 0) return SF_OK;
    for (sf_group **pp = &ctx->groups; *pp; pp = &(*pp)->next)
        if (*pp == g) { *pp = g->next; break; }
    if (g->owned) sf_keep(&err, SF_MPI_OK(MPI_Comm_free(&g->comm)));
    if (g->grp != MPI_GROUP_NULL) sf_keep(&err, SF_MPI_OK(MPI_Group_free(&g->grp)));
    free(g->members);
    free(g);
    return err;
}

int sf_group_count(const sf_context *ctx)
{
    int n = 0;
    for (const sf_group *g = ctx->groups; g; g = g->next) n += g->owned || g->grp != MPI_GROUP_NULL;
    return n;
}
