/*
 * fault.c: the counter behind fault.h. Compiled without its macros.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifdef NCSF_FAULT_INJECTION
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

int ncsf_fault_hit(int kind, const char *site);

#include "fault_hooks.h"

/* The one piece of process-wide state of a fault-injection build. */
static struct {
    int configured, rank, fired, recording;
    long armed, calls;
    const char **sites;
    long nsites, cap;
    int report;
} fault;

static int world_rank(void)
{
    int init = 0, r = 0;
    /* not knowing: taken as rank 0 */
    if (MPI_Initialized(&init) != MPI_SUCCESS) init = 0;
    if (init && MPI_Comm_rank(MPI_COMM_WORLD, &r) != MPI_SUCCESS) r = 0;
    return r;
}

static void report_count(void)
{
    fprintf(stderr, "ncsf fault injection: rank %d made %ld injectable calls\n", fault.rank, fault.calls);
}

static void configure(void)
{
    if (fault.configured) return;
    fault.configured = 1;
    fault.rank = -1;
    const char *e = getenv("NCSF_FAULT");
    if (!e) return;
    if (!strcmp(e, "count")) {
        fault.report = 1;
        atexit(report_count);
        return;
    }
    int r;
    long k;
    if (sscanf(e, "%d:%ld", &r, &k) == 2 && r >= 0 && k > 0) {
        fault.rank = r;
        fault.armed = k;
    } else {
        fprintf(stderr, "ncsf: NCSF_FAULT=\"%s\" is not RANK:K or count; ignored\n", e);
    }
}

void ncsf_fault_arm(int rank, long k)
{
    fault.configured = 1;
    fault.rank = rank;
    fault.armed = k;
    fault.calls = 0;
    fault.fired = 0;
}

long ncsf_fault_count(void) { return fault.calls; }
int ncsf_fault_fired(void) { return fault.fired; }

void ncsf_fault_record(int on)
{
    fault.recording = on;
    if (on) fault.nsites = 0;
}

const char *ncsf_fault_site(long k)
{
    return k >= 1 && k <= fault.nsites ? fault.sites[k - 1] : NULL;
}

int ncsf_fault_hit(int kind, const char *site)
{
    (void)kind;
    configure();
    fault.calls++;
    if (fault.recording) {
        if (fault.nsites == fault.cap) {
            long c = fault.cap ? 2 * fault.cap : 1024;
            const char **t = realloc(fault.sites, sizeof(*t) * c);
            if (t) { fault.sites = t; fault.cap = c; }
        }
        if (fault.nsites < fault.cap) fault.sites[fault.nsites++] = site;
    }
    if (fault.armed <= 0 || fault.calls != fault.armed || fault.rank < 0) return 0;
    if (world_rank() != fault.rank) return 0;
    fault.fired = 1;
    if (getenv("NCSF_FAULT_VERBOSE")) fprintf(stderr, "ncsf fault injection: rank %d call %ld fails at %s\n",
                                              fault.rank, fault.calls, site);
    return 1;
}

int ncsf_fault_after(int rc, int code, const char *site)
{
    return ncsf_fault_hit(2, site) && rc == MPI_SUCCESS ? code : rc;
}

void *ncsf_fault_malloc(size_t n, const char *site)
{
    return ncsf_fault_hit(1, site) ? NULL : malloc(n);
}

void *ncsf_fault_calloc(size_t a, size_t b, const char *site)
{
    return ncsf_fault_hit(1, site) ? NULL : calloc(a, b);
}

void *ncsf_fault_realloc(void *p, size_t n, const char *site)
{
    return ncsf_fault_hit(1, site) ? NULL : realloc(p, n);
}

void *ncsf_fault_aligned_alloc(size_t a, size_t n, const char *site)
{
    return ncsf_fault_hit(1, site) ? NULL : aligned_alloc(a, n);
}

char *ncsf_fault_strdup(const char *s, const char *site)
{
    return ncsf_fault_hit(1, site) ? NULL : strdup(s);
}

char *ncsf_fault_strndup(const char *s, size_t n, const char *site)
{
    return ncsf_fault_hit(1, site) ? NULL : strndup(s, n);
}
#endif
