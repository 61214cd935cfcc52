/*
 * wait.c: waiting for communication without holding the processor.
 *
 * MPICH spins while it waits. When processes outnumber cores, as they do on
 * a small machine or an oversubscribed node, the processes that wait for a
 * collective take the processor from the ones doing the work it waits for.
 * The engine's own waits, and the agreements of the netCDF layer, therefore
 * give the processor away between tests (sf_pause) when the node has more
 * of the job's processes than processors (decided once per create or
 * open, the same way on every process of a node); with a processor each,
 * they just wait.
 */
#include <sched.h>
#include <time.h>
#include <unistd.h>
#include "sf_internal.h"

/* One pause of a wait that gives the processor away: the first ones only
 * yield it (the process waited for is most often runnable and takes it at
 * once; a sleep would add the timer's granularity to every step of a
 * collective), later ones sleep 50 us (a long wait on a process that is
 * itself waiting, or working, spends little of the processor). *n counts
 * the pauses of this wait. */
void sf_pause(unsigned *n)
{
    if ((*n)++ < 256) {
        sched_yield();
        return;
    }
    struct timespec ts = {0, 50000};
    nanosleep(&ts, NULL);
}

/* A wait whose failure still completes the request (an MPI error leaves
 * it to MPI_Wait), so no buffer is given back while MPI may use it. */
int sf_wait(const sf_context *ctx, MPI_Request *req)
{
    int done = 0;
    unsigned pauses = 0;
    if (!ctx->yield) {
        int rc = MPI_Wait(req, MPI_STATUS_IGNORE);
        /* the request completed after a failure; a second failure is the same error */
        if (rc != MPI_SUCCESS && *req != MPI_REQUEST_NULL && (MPI_Wait)(req, MPI_STATUS_IGNORE) != MPI_SUCCESS)
            return SF_ERR_MPI;
        return SF_MPI_OK(rc);
    }
    for (;;) {
        if (MPI_Test(req, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) {
            if (*req != MPI_REQUEST_NULL && (MPI_Wait)(req, MPI_STATUS_IGNORE) != MPI_SUCCESS)
                return SF_ERR_MPI; /* the same error: nothing more to wait for */
            return SF_ERR_MPI;
        }
        if (done) return SF_OK;
        sf_pause(&pauses);
    }
}

/* The wait of an agreement: trusted (never made to fail by fault
 * injection: an agreement that failed on one rank could not agree). */
int sf_wait_trusted(const sf_context *ctx, MPI_Request *req)
{
    return sf_wait_request(req, ctx->yield);
}

int sf_wait_request(MPI_Request *req, int yield)
{
    int done = 0;
    unsigned pauses = 0;
    if (!yield) return SF_MPI_OK((MPI_Wait)(req, MPI_STATUS_IGNORE));
    for (;;) {
        if (MPI_Test(req, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) return SF_ERR_MPI;
        if (done) return SF_OK;
        sf_pause(&pauses);
    }
}

int sf_waitall(const sf_context *ctx, int n, MPI_Request *reqs)
{
    int err = SF_OK;
    for (int i = 0; i < n; i++)
        if (reqs[i] != MPI_REQUEST_NULL) sf_keep(&err, sf_wait(ctx, &reqs[i]));
    return err;
}

/* More processes of this job on this node than processors online? */
int sf_node_oversubscribed(MPI_Comm comm)
{
    /* from the census kept on comm (comm_cache.c): taken at the first
     * create or open on comm, local afterwards */
    sf_comm_state *s = NULL;
    int census = 0, yes = 0;
    if (sf_comm_state_get(comm, &s, &census) == SF_OK) yes = s->nodes.oversubscribed;
    sf_comm_state_release(s);
    return yes;
}
