/*
 * libyieldidle: a test-only LD_PRELOAD shim for oversubscribed runs.
 *
 * Debian's MPICH (ch4:ucx) waits for messages by polling UCX in a loop
 * and never gives up the processor; with more ranks than cores (3, 4 or 8
 * ranks on this project's 2-core machines) a rank that waits keeps the
 * core from the rank it waits for until the scheduler preempts it, and
 * every collective costs tens of milliseconds. This shim wraps
 * ucp_worker_progress: when a poll made no progress, the rank yields the
 * processor. Nothing else changes (the same calls, the same results), so
 * the tests see the same library, only sooner. test/common.sh's run_np
 * preloads it into every rank unless NCSF_TEST_YIELD=0; with another MPI
 * (no UCX) it is never called and does nothing.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>

typedef unsigned (*progress_fn)(void *worker);

unsigned ucp_worker_progress(void *worker);

unsigned ucp_worker_progress(void *worker)
{
    /* looked up once per process; a preload shim has no open file to
     * hang it on */
    static progress_fn next;
    unsigned n;
    if (!next) next = (progress_fn)dlsym(RTLD_NEXT, "ucp_worker_progress");
    if (!next) return 0;
    n = next(worker);
    if (n == 0) sched_yield();
    return n;
}
