/*
 * mpicount.c: count, per rank and per phase, the MPI traffic a program
 * issues, through the MPI profiling interface. Built as a shared library
 * and loaded into any MPI program:
 *
 *     mpiexec -n 8 env LD_PRELOAD=/path/libmpicount.so MPICOUNT_OUT=c.txt prog
 *
 * Every MPI_X defined here counts and forwards to PMPI_X. Counted:
 *  - collectives, split by the size of the communicator they run on: equal
 *    to MPI_COMM_WORLD's ("world") or smaller ("group"): calls, and bytes
 *    this rank receives: allreduce, reduce, bcast, scan, exscan:
 *    count*typesize on every rank (the result buffer, root included);
 *    allgather: recvcount*typesize*commsize; allgatherv, alltoallv: the
 *    sum of recvcounts; alltoall: recvcount*typesize*commsize; alltoallw:
 *    the sum of recvcounts[i]*size(recvtypes[i]); gather(v): at the root
 *    only; scatter(v): recvcount (0 at a root passing MPI_IN_PLACE);
 *    reduce_scatter: recvcounts[rank]; reduce_scatter_block: recvcount;
 *    barrier: 0. The non-blocking I* variants alike, when they are posted.
 *    Communicator creation (split, split_type, dup, idup, dup_with_info,
 *    create, create_group, dist_graph_create(_adjacent), cart_create,
 *    graph_create) counts as a collective call of 0 bytes, and in the
 *    "comms" column; column "multi_calls" counts every collective on a
 *    communicator of more than one process (world or group); create_group is classed by the size of its group, the
 *    only processes taking part.
 *  - neighbourhood collectives (allgather(v), alltoall(v) and their I*
 *    forms) in columns of their own ("nbr"): calls, and bytes received from
 *    the in-neighbours, whatever the size of the communicator.
 *  - point-to-point: messages and bytes sent (Send, Bsend, Rsend, Ssend,
 *    Isend, Ibsend, Irsend, Issend, Sendrecv(_replace)) and received (Recv,
 *    Mrecv, Sendrecv(_replace): the bytes that arrived, from the status;
 *    Irecv, Imrecv: the size posted). MPI_PROC_NULL is not counted.
 *  - MPI_File_open and MPI_File_close calls, and open(2) calls (open,
 *    open64, openat, openat64 through the C library, by this program and
 *    every library it loads, ROMIO's own opens included; not files under
 *    /proc, /sys or /dev), in column "posix_open".
 *  - VmHWM (peak resident memory, KiB, /proc/self/status) at the end of
 *    each phase (the peak of the process so far, so it never decreases).
 * Not counted: persistent requests (Send_init, Start), the MPI-4 large
 * count (_c) functions, one-sided communication, inter-communicators, the
 * Fortran bindings. A collective on a one-process communicator (PnetCDF's
 * header broadcast on MPI_COMM_SELF) counts as a group collective with its
 * bytes, although nothing moves.
 *
 * MPI's own collectives: ROMIO (MPI-IO inside MPICH 4.0.2) calls PMPI_
 * functions directly, past the MPI_ wrappers, so the columns above count
 * what the program and the libraries it links (ncsf, PnetCDF, PIO) call
 * themselves, MPI_File_open once per call they make. The collectives and
 * communicator creations ROMIO makes inside them (a collective
 * MPI_File_open, write_at_all and close on 4 processes: 15; each further
 * write_at_all: 2) are counted apart, in column "inner_calls", by PMPI_
 * definitions of this library's (below): calls on communicators of more
 * than one process. Its messages are not counted.
 *
 * Phases: MPI_Pcontrol(k) ends the current phase and starts phase k (k >=
 * 1, at most 31: higher k count as 31; k <= 0 returns to phase 0, which
 * also holds everything before the first Pcontrol, in ncsf's scaling
 * driver its own bookkeeping). A phase may be entered several times; its
 * counts add up. MPICOUNT_PHASES="a,b,c"
 * names phases 1, 2, 3. At MPI_Finalize every rank's counters are gathered
 * with PMPI_ calls (not counted) and rank 0 writes one line per (phase,
 * rank) for every phase some rank entered to MPICOUNT_OUT (default stdout).
 *
 * Callers: with MPICOUNT_CALLERS=PREFIX, every collective on a
 * communicator of MPI_COMM_WORLD's size, every communicator created and
 * every MPI_File_open (kind "fopen") is also counted by where it was
 * called from (the four nearest frames
 * outside this library, as object+offset), and each rank writes
 * PREFIX.RANK at MPI_Finalize: one line per call site, "count kind
 * frame...". benchmarks/scaling/callers.sh sums them over ranks and
 * names the frames (addr2line).
 *
 * State: the counters and the current phase below are this library's only
 * mutable globals, kept because a profiling layer has nowhere else to keep
 * them between calls. Not thread safe (MPI_THREAD_MULTIPLE would need
 * atomics).
 */
#define _GNU_SOURCE
#include <mpi.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    C_WCALLS, C_WBYTES, C_GCALLS, C_GBYTES, C_NCALLS, C_NBYTES, C_COMMS,
    C_SMSGS, C_SBYTES, C_RMSGS, C_RBYTES, C_FOPEN, C_FCLOSE, C_HWM, C_POPEN, C_MULTI, C_INNER,
    C_ENTERED, /* times the phase was started (not printed) */
    NCOUNT
};
static const char *const col_name[C_ENTERED] = {
    "world_calls", "world_bytes", "group_calls", "group_bytes", "nbr_calls", "nbr_bytes",
    "comms", "sent_msgs", "sent_bytes", "recv_msgs", "recv_bytes", "file_open",
    "file_close", "vmhwm_kib", "posix_open", "multi_calls", "inner_calls"};

#define MAXPHASE 32
static long long counts[MAXPHASE][NCOUNT]; /* the counters */
static int phase;                          /* the phase being counted */
static int inside; /* in one of this library's MPI_ wrappers (its PMPI_ call is not MPI's own) */

static long long tsize(MPI_Datatype t)
{
    int s = 0;
    if (t != MPI_DATATYPE_NULL) PMPI_Type_size(t, &s);
    return s;
}

static int csize(MPI_Comm c)
{
    int n = 1;
    PMPI_Comm_size(c, &n);
    return n;
}

static int gsize(MPI_Group g)
{
    int n = 0;
    PMPI_Group_size(g, &n);
    return n;
}

static int crank(MPI_Comm c)
{
    int r = 0;
    PMPI_Comm_rank(c, &r);
    return r;
}

static long long sum_counts(const int *cnt, int n, MPI_Datatype t)
{
    long long s = 0;
    for (int i = 0; i < n; i++) s += cnt[i];
    return s * tsize(t);
}

/* The same with a type per count (alltoallw). */
static long long sum_typed(const int *cnt, const MPI_Datatype *t, int n)
{
    long long s = 0;
    for (int i = 0; i < n; i++) s += cnt[i] * tsize(t[i]);
    return s;
}

/* ---- callers (MPICOUNT_CALLERS) ---------------------------------------
 * A table of call sites: the first NFRAME return addresses outside this
 * library, and the kind of call. Open addressing; full: not counted. */
enum { NFRAME = 4, NSITE = 4096 };
typedef struct {
    void *pc[NFRAME];
    const char *kind;
    long long n;
} site;
static site sites[NSITE];
static int callers_on = -1; /* -1 not yet looked up */

static void note_caller(const char *kind)
{
    if (callers_on < 0) callers_on = getenv("MPICOUNT_CALLERS") && *getenv("MPICOUNT_CALLERS");
    if (!callers_on) return;
    void *bt[NFRAME + 12], *pc[NFRAME] = {0};
    int nb = backtrace(bt, NFRAME + 12), k = 0;
    Dl_info self, d;
    if (!dladdr((void *)note_caller, &self)) return;
    for (int i = 0; i < nb && k < NFRAME; i++)
        if (!dladdr(bt[i], &d) || d.dli_fbase != self.dli_fbase) pc[k++] = bt[i];
    uintptr_t h = (uintptr_t)kind;
    for (int i = 0; i < NFRAME; i++) h = h * 1000003u ^ (uintptr_t)pc[i];
    for (int j = 0; j < NSITE; j++) {
        site *s = &sites[(h + (uintptr_t)j) % NSITE];
        if (!s->kind) { memcpy(s->pc, pc, sizeof pc); s->kind = kind; }
        if (s->kind == kind && !memcmp(s->pc, pc, sizeof pc)) { s->n++; return; }
    }
}

static void write_callers(void)
{
    const char *pre = getenv("MPICOUNT_CALLERS");
    if (!pre || !*pre) return;
    char path[4096];
    snprintf(path, sizeof path, "%s.%d", pre, crank(MPI_COMM_WORLD));
    FILE *f = fopen(path, "w");
    if (!f) return;
    for (int j = 0; j < NSITE; j++) {
        if (!sites[j].kind) continue;
        fprintf(f, "%lld %s", sites[j].n, sites[j].kind);
        for (int i = 0; i < NFRAME && sites[j].pc[i]; i++) {
            Dl_info d;
            if (dladdr(sites[j].pc[i], &d) && d.dli_fname)
                fprintf(f, " %s+0x%lx", d.dli_fname,
                        (unsigned long)((uintptr_t)sites[j].pc[i] - (uintptr_t)d.dli_fbase - 1));
            else fprintf(f, " ?");
        }
        fprintf(f, "\n");
    }
    fclose(f);
}

/* One collective among n processes; bytes received by this one. */
static void coll_n(int n, long long bytes)
{
    int is_world = n == csize(MPI_COMM_WORLD);
    if (is_world) note_caller("coll");
    if (n > 1) counts[phase][C_MULTI]++;
    counts[phase][is_world ? C_WCALLS : C_GCALLS]++;
    counts[phase][is_world ? C_WBYTES : C_GBYTES] += bytes;
}

static void coll(MPI_Comm c, long long bytes) { coll_n(csize(c), bytes); }

static void new_comm(MPI_Comm c)
{
    note_caller("comm");
    coll(c, 0);
    counts[phase][C_COMMS]++;
}

/* MPI_Comm_create_group: collective over the group only. */
static void new_group_comm(MPI_Group g)
{
    int n = 0;
    PMPI_Group_size(g, &n);
    coll_n(n, 0);
    counts[phase][C_COMMS]++;
}

static void sent(int dest, int n, MPI_Datatype t)
{
    if (dest == MPI_PROC_NULL) return;
    counts[phase][C_SMSGS]++;
    counts[phase][C_SBYTES] += n * tsize(t);
}

static void received(long long bytes)
{
    counts[phase][C_RMSGS]++;
    counts[phase][C_RBYTES] += bytes;
}

/* Bytes a completed receive brought (MPI_Get_count in bytes). */
static long long status_bytes(const MPI_Status *st)
{
    int n = 0;
    PMPI_Get_count(st, MPI_BYTE, &n);
    return n == MPI_UNDEFINED ? 0 : n;
}

/* In-neighbours of a process topology (0 without one). */
static int indegree(MPI_Comm c)
{
    int kind = MPI_UNDEFINED, in = 0, out = 0, w = 0;
    PMPI_Topo_test(c, &kind);
    if (kind == MPI_DIST_GRAPH) PMPI_Dist_graph_neighbors_count(c, &in, &out, &w);
    else if (kind == MPI_GRAPH) PMPI_Graph_neighbors_count(c, crank(c), &in);
    else if (kind == MPI_CART) { PMPI_Cartdim_get(c, &in); in *= 2; }
    return in;
}

static void nbr(long long bytes)
{
    counts[phase][C_NCALLS]++;
    counts[phase][C_NBYTES] += bytes;
}

static long long vm_hwm_kib(void)
{
    char line[256];
    long long kib = 0;
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return 0;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "VmHWM:", 6)) kib = atoll(line + 6);
    fclose(f);
    return kib;
}

static void end_phase(void)
{
    long long kib = vm_hwm_kib();
    if (kib > counts[phase][C_HWM]) counts[phase][C_HWM] = kib;
}

/* ---- phases and the report ------------------------------------------- */

int MPI_Pcontrol(const int level, ...)
{
    end_phase();
    phase = level <= 0 ? 0 : level < MAXPHASE ? level : MAXPHASE - 1;
    counts[phase][C_ENTERED]++;
    return PMPI_Pcontrol(level);
}

/* Name of phase k: the k-th of MPICOUNT_PHASES, else "p<k>" ("-" for 0). */
static void phase_name(int k, char *out, size_t len)
{
    const char *s = getenv("MPICOUNT_PHASES");
    snprintf(out, len, k ? "p%d" : "-", k);
    for (int i = 1; k && s && *s; i++) {
        size_t n = strcspn(s, ",");
        if (i == k && n > 0) { snprintf(out, len, "%.*s", (int)n, s); break; }
        s += n + (s[n] == ',');
    }
}

static void write_report(FILE *f, const long long *all, int np)
{
    fprintf(f, "phase name rank nprocs");
    for (int c = 0; c < C_ENTERED; c++) fprintf(f, " %s", col_name[c]);
    fprintf(f, "\n");
    for (int k = 0; k < MAXPHASE; k++) {
        int seen = k == 0;
        for (int r = 0; r < np; r++) seen |= all[((long)r * MAXPHASE + k) * NCOUNT + C_ENTERED] > 0;
        if (!seen) continue;
        char name[64];
        phase_name(k, name, sizeof name);
        for (int r = 0; r < np; r++) {
            const long long *c = all + ((long)r * MAXPHASE + k) * NCOUNT;
            fprintf(f, "%d %s %d %d", k, name, r, np);
            for (int i = 0; i < C_ENTERED; i++) fprintf(f, " %lld", c[i]);
            fprintf(f, "\n");
        }
    }
}

static void report(void)
{
    int np = csize(MPI_COMM_WORLD), me = crank(MPI_COMM_WORLD), ok = 1;
    long long *all = NULL;
    inside++; /* (this library's own collectives are not counted) */
    if (me == 0 && !(all = malloc(sizeof(long long) * MAXPHASE * NCOUNT * np))) {
        fprintf(stderr, "mpicount: out of memory; no report\n");
        ok = 0;
    }
    PMPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (!ok) return;
    PMPI_Gather(counts, MAXPHASE * NCOUNT, MPI_LONG_LONG, all, MAXPHASE * NCOUNT, MPI_LONG_LONG, 0,
                MPI_COMM_WORLD);
    if (me != 0) return;
    const char *path = getenv("MPICOUNT_OUT");
    FILE *f = path && *path ? fopen(path, "w") : stdout;
    if (!f) {
        perror(path);
        f = stdout;
    }
    write_report(f, all, np);
    if (f != stdout) fclose(f);
    else fflush(f);
    free(all);
}

int MPI_Finalize(void)
{
    end_phase();
    write_callers();
    report();
    return PMPI_Finalize();
}

/* ---- the wrappers -----------------------------------------------------
 * WRAP(name, count, (arguments), parameters...) defines MPI_name: it does
 * `count`, then calls PMPI_name. WRAP_PAIR(name, iname, ...) also defines
 * the non-blocking twin MPI_iname, whose parameters end with a request q.
 * The compiler checks every parameter list against mpi.h's prototype. */
#define WRAP(name, count, args, ...) \
    int MPI_##name(__VA_ARGS__) { count; return PMPI_##name args; }
#define WITH_REQUEST(...) (__VA_ARGS__, q)
#define WRAP_PAIR(name, iname, count, args, ...) \
    WRAP(name, count, args, __VA_ARGS__)         \
    int MPI_##iname(__VA_ARGS__, MPI_Request *q) { count; return PMPI_##iname WITH_REQUEST args; }

/* Collectives and communicator creation are also counted where MPI makes
 * them itself: ROMIO (MPI-IO inside MPICH) calls PMPI_Allreduce,
 * PMPI_Bcast, PMPI_Comm_dup... directly, past the MPI_ wrappers. This
 * library defines those PMPI_ functions too, forwarding to the next
 * definition (MPI's, dlsym RTLD_NEXT); one called while none of the
 * MPI_ wrappers above is running (inside == 0) is MPI's own, and counts
 * in column "inner_calls" when its communicator (for create_group, its
 * group) has more than one process. Whether MPI's internal calls reach
 * them depends on how the MPI library was linked: MPICH 4.0.2 (Debian)
 * routes ROMIO's calls through them (a collective MPI_File_open,
 * write_at_all and close on 4 processes: 15 inner collectives, each
 * further write_at_all 2 more); a library whose internal calls bind
 * within itself shows 0. Nothing else is counted for them (bytes,
 * callers). */
#define REAL(name) \
    static __typeof__(PMPI_##name) *real = NULL; \
    if (!real) real = (__typeof__(PMPI_##name) *)dlsym(RTLD_NEXT, "PMPI_" #name)
#define INNER(name, n, args, ...) \
    int PMPI_##name(__VA_ARGS__) { REAL(name); if (!inside && (n) > 1) counts[phase][C_INNER]++; return real args; }
#define INNER_PAIR(name, iname, n, args, ...) \
    INNER(name, n, args, __VA_ARGS__) \
    int PMPI_##iname(__VA_ARGS__, MPI_Request *q) { REAL(iname); if (!inside && (n) > 1) counts[phase][C_INNER]++; return real WITH_REQUEST args; }
/* an MPI_ wrapper whose PMPI_ call is not MPI's own */
#define CWRAP(name, count, n, args, ...) \
    int MPI_##name(__VA_ARGS__) { count; inside++; int rc_ = PMPI_##name args; inside--; return rc_; } \
    INNER(name, n, args, __VA_ARGS__)
#define CWRAP_PAIR(name, iname, count, args, ...) \
    CWRAP(name, count, csize(c), args, __VA_ARGS__) \
    int MPI_##iname(__VA_ARGS__, MPI_Request *q) { count; inside++; int rc_ = PMPI_##iname WITH_REQUEST args; inside--; return rc_; } \
    INNER(iname, csize(c), WITH_REQUEST args, __VA_ARGS__, MPI_Request *q)

/* collectives */
CWRAP_PAIR(Barrier, Ibarrier, coll(c, 0), (c), MPI_Comm c)
CWRAP_PAIR(Bcast, Ibcast, coll(c, n * tsize(t)), (b, n, t, root, c),
          void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
CWRAP_PAIR(Reduce, Ireduce, coll(c, n * tsize(t)), (s, r, n, t, op, root, c),
          const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c)
CWRAP_PAIR(Allreduce, Iallreduce, coll(c, n * tsize(t)), (s, r, n, t, op, c),
          const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
CWRAP_PAIR(Scan, Iscan, coll(c, n * tsize(t)), (s, r, n, t, op, c),
          const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
CWRAP_PAIR(Exscan, Iexscan, coll(c, n * tsize(t)), (s, r, n, t, op, c),
          const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
CWRAP_PAIR(Reduce_scatter, Ireduce_scatter, coll(c, rc[crank(c)] * tsize(t)), (s, r, rc, t, op, c),
          const void *s, void *r, const int rc[], MPI_Datatype t, MPI_Op op, MPI_Comm c)
CWRAP_PAIR(Reduce_scatter_block, Ireduce_scatter_block, coll(c, n * tsize(t)), (s, r, n, t, op, c),
          const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
CWRAP_PAIR(Allgather, Iallgather, coll(c, rn * tsize(rt) * csize(c)), (s, sn, st, r, rn, rt, c),
          const void *s, int sn, MPI_Datatype st, void *r, int rn, MPI_Datatype rt, MPI_Comm c)
CWRAP_PAIR(Allgatherv, Iallgatherv, coll(c, sum_counts(rc, csize(c), rt)), (s, sn, st, r, rc, d, rt, c),
          const void *s, int sn, MPI_Datatype st, void *r, const int rc[], const int d[], MPI_Datatype rt,
          MPI_Comm c)
CWRAP_PAIR(Gather, Igather, coll(c, crank(c) == root ? rn * tsize(rt) * csize(c) : 0),
          (s, sn, st, r, rn, rt, root, c),
          const void *s, int sn, MPI_Datatype st, void *r, int rn, MPI_Datatype rt, int root, MPI_Comm c)
CWRAP_PAIR(Gatherv, Igatherv, coll(c, crank(c) == root ? sum_counts(rc, csize(c), rt) : 0),
          (s, sn, st, r, rc, d, rt, root, c), const void *s, int sn, MPI_Datatype st, void *r, const int rc[],
          const int d[], MPI_Datatype rt, int root, MPI_Comm c)
CWRAP_PAIR(Scatter, Iscatter, coll(c, r == MPI_IN_PLACE ? 0 : rn * tsize(rt)),
          (s, sn, st, r, rn, rt, root, c),
          const void *s, int sn, MPI_Datatype st, void *r, int rn, MPI_Datatype rt, int root, MPI_Comm c)
CWRAP_PAIR(Scatterv, Iscatterv, coll(c, r == MPI_IN_PLACE ? 0 : rn * tsize(rt)),
          (s, sc, d, st, r, rn, rt, root, c),
          const void *s, const int sc[], const int d[], MPI_Datatype st, void *r, int rn, MPI_Datatype rt,
          int root, MPI_Comm c)
CWRAP_PAIR(Alltoall, Ialltoall, coll(c, rn * tsize(rt) * csize(c)), (s, sn, st, r, rn, rt, c),
          const void *s, int sn, MPI_Datatype st, void *r, int rn, MPI_Datatype rt, MPI_Comm c)
CWRAP_PAIR(Alltoallv, Ialltoallv, coll(c, sum_counts(rc, csize(c), rt)), (s, sc, sd, st, r, rc, rd, rt, c),
          const void *s, const int sc[], const int sd[], MPI_Datatype st, void *r, const int rc[],
          const int rd[], MPI_Datatype rt, MPI_Comm c)
CWRAP_PAIR(Alltoallw, Ialltoallw, coll(c, sum_typed(rc, rt, csize(c))), (s, sc, sd, st, r, rc, rd, rt, c),
          const void *s, const int sc[], const int sd[], const MPI_Datatype st[], void *r, const int rc[],
          const int rd[], const MPI_Datatype rt[], MPI_Comm c)

/* neighbourhood collectives */
WRAP_PAIR(Neighbor_allgather, Ineighbor_allgather, nbr(rn * tsize(rt) * indegree(c)),
          (s, sn, st, r, rn, rt, c),
          const void *s, int sn, MPI_Datatype st, void *r, int rn, MPI_Datatype rt, MPI_Comm c)
WRAP_PAIR(Neighbor_allgatherv, Ineighbor_allgatherv, nbr(sum_counts(rc, indegree(c), rt)),
          (s, sn, st, r, rc, d, rt, c),
          const void *s, int sn, MPI_Datatype st, void *r, const int rc[], const int d[], MPI_Datatype rt,
          MPI_Comm c)
WRAP_PAIR(Neighbor_alltoall, Ineighbor_alltoall, nbr(rn * tsize(rt) * indegree(c)),
          (s, sn, st, r, rn, rt, c),
          const void *s, int sn, MPI_Datatype st, void *r, int rn, MPI_Datatype rt, MPI_Comm c)
WRAP_PAIR(Neighbor_alltoallv, Ineighbor_alltoallv, nbr(sum_counts(rc, indegree(c), rt)),
          (s, sc, sd, st, r, rc, rd, rt, c),
          const void *s, const int sc[], const int sd[], MPI_Datatype st, void *r, const int rc[],
          const int rd[], MPI_Datatype rt, MPI_Comm c)

/* communicator creation; create_group involves only its group */
CWRAP(Comm_split, new_comm(c), csize(c), (c, color, key, out), MPI_Comm c, int color, int key, MPI_Comm *out)
CWRAP(Comm_split_type, new_comm(c), csize(c), (c, type, key, info, out),
     MPI_Comm c, int type, int key, MPI_Info info, MPI_Comm *out)
CWRAP(Comm_dup, new_comm(c), csize(c), (c, out), MPI_Comm c, MPI_Comm *out)
CWRAP(Comm_idup, new_comm(c), csize(c), (c, out, q), MPI_Comm c, MPI_Comm *out, MPI_Request *q)
CWRAP(Comm_dup_with_info, new_comm(c), csize(c), (c, info, out), MPI_Comm c, MPI_Info info, MPI_Comm *out)
CWRAP(Comm_create, new_comm(c), csize(c), (c, g, out), MPI_Comm c, MPI_Group g, MPI_Comm *out)
CWRAP(Comm_create_group, new_group_comm(g), gsize(g), (c, g, tag, out), MPI_Comm c, MPI_Group g, int tag, MPI_Comm *out)
CWRAP(Dist_graph_create_adjacent, new_comm(c), csize(c), (c, indeg, src, sw, outdeg, dst, dw, info, reorder, out),
     MPI_Comm c, int indeg, const int src[], const int sw[], int outdeg, const int dst[], const int dw[],
     MPI_Info info, int reorder, MPI_Comm *out)
CWRAP(Dist_graph_create, new_comm(c), csize(c), (c, n, src, deg, dst, w, info, reorder, out),
     MPI_Comm c, int n, const int src[], const int deg[], const int dst[], const int w[], MPI_Info info,
     int reorder, MPI_Comm *out)
CWRAP(Cart_create, new_comm(c), csize(c), (c, nd, dims, periods, reorder, out),
     MPI_Comm c, int nd, const int dims[], const int periods[], int reorder, MPI_Comm *out)
CWRAP(Graph_create, new_comm(c), csize(c), (c, nn, idx, edges, reorder, out),
     MPI_Comm c, int nn, const int idx[], const int edges[], int reorder, MPI_Comm *out)

/* point to point: sends (and Isend, Ibsend, Irsend, Issend), posted receives */
WRAP_PAIR(Send, Isend, sent(dst, n, t), (b, n, t, dst, tag, c),
          const void *b, int n, MPI_Datatype t, int dst, int tag, MPI_Comm c)
WRAP_PAIR(Bsend, Ibsend, sent(dst, n, t), (b, n, t, dst, tag, c),
          const void *b, int n, MPI_Datatype t, int dst, int tag, MPI_Comm c)
WRAP_PAIR(Rsend, Irsend, sent(dst, n, t), (b, n, t, dst, tag, c),
          const void *b, int n, MPI_Datatype t, int dst, int tag, MPI_Comm c)
WRAP_PAIR(Ssend, Issend, sent(dst, n, t), (b, n, t, dst, tag, c),
          const void *b, int n, MPI_Datatype t, int dst, int tag, MPI_Comm c)
WRAP(Irecv, if (src != MPI_PROC_NULL) received(n * tsize(t)), (b, n, t, src, tag, c, q),
     void *b, int n, MPI_Datatype t, int src, int tag, MPI_Comm c, MPI_Request *q)
WRAP(Imrecv, if (*m != MPI_MESSAGE_NO_PROC) received(n * tsize(t)), (b, n, t, m, q),
     void *b, int n, MPI_Datatype t, MPI_Message *m, MPI_Request *q)

/* completed receives: the bytes that arrived, from the status */
int MPI_Recv(void *b, int n, MPI_Datatype t, int src, int tag, MPI_Comm c, MPI_Status *st)
{
    MPI_Status own, *s = st == MPI_STATUS_IGNORE ? &own : st;
    int rc = PMPI_Recv(b, n, t, src, tag, c, s);
    if (rc == MPI_SUCCESS && src != MPI_PROC_NULL) received(status_bytes(s));
    return rc;
}
int MPI_Mrecv(void *b, int n, MPI_Datatype t, MPI_Message *m, MPI_Status *st)
{
    MPI_Status own, *s = st == MPI_STATUS_IGNORE ? &own : st;
    int from_proc_null = *m == MPI_MESSAGE_NO_PROC, rc = PMPI_Mrecv(b, n, t, m, s);
    if (rc == MPI_SUCCESS && !from_proc_null) received(status_bytes(s));
    return rc;
}
int MPI_Sendrecv(const void *sb, int sn, MPI_Datatype stype, int dst, int stag, void *rb, int rn,
                 MPI_Datatype rtype, int src, int rtag, MPI_Comm c, MPI_Status *st)
{
    MPI_Status own, *s = st == MPI_STATUS_IGNORE ? &own : st;
    sent(dst, sn, stype);
    int rc = PMPI_Sendrecv(sb, sn, stype, dst, stag, rb, rn, rtype, src, rtag, c, s);
    if (rc == MPI_SUCCESS && src != MPI_PROC_NULL) received(status_bytes(s));
    return rc;
}
int MPI_Sendrecv_replace(void *b, int n, MPI_Datatype t, int dst, int stag, int src, int rtag, MPI_Comm c,
                         MPI_Status *st)
{
    MPI_Status own, *s = st == MPI_STATUS_IGNORE ? &own : st;
    sent(dst, n, t);
    int rc = PMPI_Sendrecv_replace(b, n, t, dst, stag, src, rtag, c, s);
    if (rc == MPI_SUCCESS && src != MPI_PROC_NULL) received(status_bytes(s));
    return rc;
}

/* MPI-IO */
WRAP(File_open, (counts[phase][C_FOPEN]++, note_caller("fopen")), (c, path, amode, info, fh),
     MPI_Comm c, const char *path, int amode, MPI_Info info, MPI_File *fh)
WRAP(File_close, counts[phase][C_FCLOSE]++, (fh), MPI_File *fh)

/* open(2) through the C library: counted, then passed on */
static int counted_path(const char *p)
{
    return p && strncmp(p, "/proc/", 6) && strncmp(p, "/sys/", 5) && strncmp(p, "/dev/", 5);
}

typedef int (*open_fn)(const char *, int, ...);
typedef int (*openat_fn)(int, const char *, int, ...);
#define OPEN_WRAP(type, name, ...)                                            \
    {                                                                          \
        static type next = NULL;                                               \
        mode_t m = 0;                                                          \
        if (flags & (O_CREAT | O_TMPFILE)) {                                   \
            va_list ap;                                                        \
            va_start(ap, flags);                                               \
            m = va_arg(ap, mode_t);                                            \
            va_end(ap);                                                        \
        }                                                                      \
        if (!next) *(void **)&next = dlsym(RTLD_NEXT, name);                   \
        if (counted_path(path)) counts[phase][C_POPEN]++;                      \
        return next(__VA_ARGS__, m);                                           \
    }
int open(const char *path, int flags, ...) OPEN_WRAP(open_fn, "open", path, flags)
int open64(const char *path, int flags, ...) OPEN_WRAP(open_fn, "open64", path, flags)
int openat(int dir, const char *path, int flags, ...) OPEN_WRAP(openat_fn, "openat", dir, path, flags)
int openat64(int dir, const char *path, int flags, ...) OPEN_WRAP(openat_fn, "openat64", dir, path, flags)
