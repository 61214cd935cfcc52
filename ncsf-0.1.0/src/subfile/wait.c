/*
 * wait.c: waiting for communication without holding the processor.
 *
 * MPICH spins while it waits. When processes outnumber cores, as they do on
 * a small machine or an oversubscribed node, the processes that wait for a
 * collective take the processor from the ones doing the work it waits for.
 * The engine's own collectives therefore start non-blocking and wait here,
 * sleeping briefly between tests, when the node has more of the job's
 * processes than processors (decided once per dataset, the same way on
 * every process of a node); with a processor each, they just wait.
 */
#include <time.h>
#include <unistd.h>
#include "sf_internal.h"

void sf_wait(const sf_context *ctx, MPI_Request *req)
{
    int done = 0;
    if (!ctx->yield) {
        MPI_Wait(req, MPI_STATUS_IGNORE);
        return;
    }
    for (;;) {
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
        if (done) return;
        struct timespec ts = {0, 50000};
        nanosleep(&ts, NULL);
    }
}

void sf_waitall(const sf_context *ctx, int n, MPI_Request *reqs)
{
    for (int i = 0; i < n; i++) sf_wait(ctx, &reqs[i]);
}

int sf_allreduce(const sf_context *ctx, const void *in, void *out, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm)
{
    MPI_Request r;
    int rc = MPI_Iallreduce(in, out, n, t, op, comm, &r);
    if (rc == MPI_SUCCESS) sf_wait(ctx, &r);
    return rc;
}

int sf_allgather(const sf_context *ctx, const void *in, int n, MPI_Datatype t, void *out, MPI_Comm comm)
{
    MPI_Request r;
    int rc = MPI_Iallgather(in, n, t, out, n, t, comm, &r);
    if (rc == MPI_SUCCESS) sf_wait(ctx, &r);
    return rc;
}

int sf_allgatherv(const sf_context *ctx, const void *in, int n, MPI_Datatype t, void *out, const int *counts,
                  const int *displs, MPI_Comm comm)
{
    MPI_Request r;
    int rc = MPI_Iallgatherv(in, n, t, out, counts, displs, t, comm, &r);
    if (rc == MPI_SUCCESS) sf_wait(ctx, &r);
    return rc;
}

/* More processes of this job on this node than processors online? */
int sf_node_oversubscribed(MPI_Comm comm)
{
    MPI_Comm node;
    int n = 1;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node) == MPI_SUCCESS) {
        MPI_Comm_size(node, &n);
        MPI_Comm_free(&node);
    }
    return cores > 0 && n > cores;
}
