/*
 * nodes.c: the node census of a communicator: which of its processes
 * share a node (MPI_Comm_split_type with MPI_COMM_TYPE_SHARED), numbered
 * by the lowest rank of each node, and every rank's node.
 *
 * Taken once per communicator (comm_cache.c keeps it on the communicator).
 * When every node holds consecutive ranks, all nodes as many (the usual
 * block placement), one small reduction says so (each node's span of
 * ranks comes from the groups, with no message; a create or an open
 * carries the reduction's 4 words in its own first one: sf_census_begin
 * and sf_census_end) and a rank's node is rank / size: nothing of size P,
 * in bytes or memory. Otherwise an
 * allgather of an int per process builds the table of every rank's node:
 * O(P) bytes per rank at the first create or open only, and 4 bytes per
 * process of the communicator in memory.
 *
 * The collectives here bypass fault injection (parenthesised names): the
 * census must come out the same on every rank, or not at all.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sf_internal.h"

/* Node numbers, sizes and layout from the table. */
static void describe(sf_nodes *n, int rank)
{
    int first_size = -1, size = 0, prev = -1;
    n->nnodes = 0;
    n->by_block = 1;
    for (int r = 0; r < n->nprocs; r++) {
        int k = n->node_of[r];
        if (k + 1 > n->nnodes) n->nnodes = k + 1;
        if (k != prev) {
            /* a node met again after another: not consecutive ranks */
            if (k != prev + 1) n->by_block = 0;
            if (prev >= 0 && first_size < 0) first_size = size;
            if (prev >= 0 && size != first_size) n->by_block = 0;
            size = 0;
            prev = k;
        }
        size++;
    }
    if (first_size >= 0 && size != first_size) n->by_block = 0;
    n->node = n->node_of[rank];
    n->node_size = 0;
    for (int r = 0; r < n->nprocs; r++) n->node_size += n->node_of[r] == n->node;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    n->oversubscribed = cores > 0 && n->node_size > cores;
}

/* Nodes of consecutive ranks, all as big: numbered by rank / size, no
 * table needed. */
static void describe_blocks(sf_nodes *n, int rank, int size)
{
    n->by_block = 1;
    n->node_size = size;
    n->nnodes = n->nprocs / size;
    n->node = rank / size;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    n->oversubscribed = cores > 0 && size > cores;
}

/* The node's highest rank in comm and minus its lowest, from the two
 * communicators' groups: no message. Nonzero on failure. */
static int node_span(MPI_Comm comm, MPI_Comm node, int nsize, int span[2])
{
    MPI_Group gc = MPI_GROUP_NULL, gn = MPI_GROUP_NULL;
    int *in = malloc(sizeof(int) * 2 * (size_t)nsize), bad = in == NULL;
    bad |= MPI_Comm_group(comm, &gc) != MPI_SUCCESS;
    bad |= MPI_Comm_group(node, &gn) != MPI_SUCCESS;
    if (!bad) {
        int *out = in + nsize;
        for (int i = 0; i < nsize; i++) in[i] = i;
        bad = MPI_Group_translate_ranks(gn, nsize, in, gc, out) != MPI_SUCCESS;
        span[0] = INT_MIN, span[1] = INT_MIN;
        for (int i = 0; !bad && i < nsize; i++) {
            if (out[i] < 0) bad = 1; /* (MPI_UNDEFINED: not in comm) */
            if (out[i] > span[0]) span[0] = out[i];
            if (-out[i] > span[1]) span[1] = -out[i];
        }
    }
    if (gc != MPI_GROUP_NULL) MPI_Group_free(&gc);
    if (gn != MPI_GROUP_NULL) MPI_Group_free(&gn);
    free(in);
    return bad;
}

int sf_census_begin(MPI_Comm comm, int failed, sf_census *c)
{
    int rank = 0, nsize = 1, span[2] = {0, 0}, nprocs = 1;
    memset(c, 0, sizeof *c);
    c->node = MPI_COMM_NULL;
    int bad = MPI_Comm_rank(comm, &rank) != MPI_SUCCESS || MPI_Comm_size(comm, &nprocs) != MPI_SUCCESS ||
              nprocs < 1;
    c->rank = rank;
    c->nprocs = nprocs > 0 ? nprocs : 1;
    /* the table of every rank's node, if the placement needs one (known
     * after the reduction: made now, so that a failure is in it) */
    c->table = malloc(sizeof(int) * (size_t)c->nprocs);
    bad |= c->table == NULL;
    bad |= (MPI_Comm_split_type)(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &c->node) != MPI_SUCCESS;
    if (c->node != MPI_COMM_NULL) {
        if (MPI_Comm_size(c->node, &nsize) != MPI_SUCCESS) bad = 1;
        else bad |= node_span(comm, c->node, nsize, span);
    }
    c->node_size = nsize;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    c->oversubscribed = cores > 0 && nsize > cores;
    /* a failure anywhere; a node of ranks not consecutive; the largest
     * node and minus the smallest (reduced with MPI_MAX) */
    c->words[0] = bad || failed;
    c->words[1] = span[0] + span[1] + 1 != nsize;
    c->words[2] = nsize;
    c->words[3] = -nsize;
    return c->oversubscribed;
}

void sf_census_drop(sf_census *c)
{
    if (c->node != MPI_COMM_NULL) MPI_Comm_free(&c->node);
    free(c->table);
    c->table = NULL;
}

int sf_census_end(MPI_Comm comm, sf_census *c, const int64_t *any, sf_nodes *out)
{
    int rank = c->rank, nrank = 0, lead, idx = 0, bad = 0, fail = 0;
    memset(out, 0, sizeof *out);
    out->nprocs = c->nprocs;
    if (any[0]) {
        sf_census_drop(c);
        return SF_ERR_MPI;
    }
    if (!any[1] && any[2] == -any[3]) {
        /* the usual placement: nothing more to learn, nothing of size P
         * (the census holds: its words were agreed; a node communicator
         * that would not be freed changes nothing in it) */
        MPI_Comm_free(&c->node);
        free(c->table);
        c->table = NULL;
        describe_blocks(out, rank, c->node_size);
        return SF_OK;
    }
    /* a node's number: how many nodes have a lower first rank. Every
     * step is made whatever failed before it, and the outcome agreed
     * (the table was made before the reduction: every rank has one) */
    out->node_of = c->table;
    c->table = NULL;
    bad |= MPI_Comm_rank(c->node, &nrank) != MPI_SUCCESS;
    lead = nrank == 0;
    bad |= (MPI_Exscan)(&lead, &idx, 1, MPI_INT, MPI_SUM, comm) != MPI_SUCCESS;
    if (rank == 0) idx = 0; /* Exscan leaves rank 0's result undefined */
    bad |= (MPI_Bcast)(&idx, 1, MPI_INT, 0, c->node) != MPI_SUCCESS;
    bad |= (MPI_Allgather)(&idx, 1, MPI_INT, out->node_of, 1, MPI_INT, comm) != MPI_SUCCESS;
    bad |= MPI_Comm_free(&c->node) != MPI_SUCCESS;
    if ((MPI_Allreduce)(&bad, &fail, 1, MPI_INT, MPI_MAX, comm) != MPI_SUCCESS || fail) {
        sf_nodes_free(out);
        return SF_ERR_MPI;
    }
    describe(out, rank);
    return SF_OK;
}

int sf_nodes_census(MPI_Comm comm, int failed, sf_nodes *out)
{
    sf_census c;
    sf_census_begin(comm, failed, &c);
    int64_t any[4] = {c.words[0], c.words[1], c.words[2], c.words[3]};
    if ((MPI_Allreduce)(MPI_IN_PLACE, any, 4, MPI_INT64_T, MPI_MAX, comm) != MPI_SUCCESS) any[0] = 1;
    int err = sf_census_end(comm, &c, any, out);
    return err == SF_OK ? SF_OK : failed ? SF_ERR_NOMEM : err;
}

void sf_nodes_free(sf_nodes *n)
{
    free(n->node_of);
    n->node_of = NULL;
}

int sf_nodes_of(const sf_nodes *n, int rank)
{
    if (!n || rank < 0 || rank >= n->nprocs) return -1;
    if (n->node_of) return n->node_of[rank];
    return n->node_size > 0 ? rank / n->node_size : -1;
}

/* bytes a call sends to dest, counted when dest is on another node */
void sf_count_sent(sf_context *ctx, int dest, MPI_Offset bytes)
{
    const sf_nodes *n = ctx->cstate ? &ctx->cstate->nodes : NULL;
    if (n && dest != ctx->rank && sf_nodes_of(n, dest) != n->node) ctx->counts.internode_bytes += bytes;
}
