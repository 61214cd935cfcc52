/*
 * runs.h: the engine's path for calls with many pieces (varn, vard): each
 * request cut into runs of elements, one message per partner per call,
 * each subfile's part written or read by its home with one MPI-IO call
 * through a flattened file view, plans kept for repeated calls.
 */
#ifndef NCSF_RUNS_H
#define NCSF_RUNS_H

#include "sf_internal.h"

/* A run of len elements of block `block` of layout `lay`: at element lin
 * of record rec (relative to the call's record base in a relative plan;
 * 0 for a fixed layout), whose bytes are at moff in request req's buffer;
 * dest is the block's home (which writes and reads it). 48 bytes. */
typedef struct sf_run {
    MPI_Offset rec, lin, len, moff;
    int lay, block, req, dest;
} sf_run;

/* pool: the context whose kept blocks hold r (pool.c), or NULL (malloc) */
typedef struct { sf_run *r; size_t n, cap; sf_context *pool; } sf_run_list;

/* Runs of one region (stride NULL: one) whose bytes start at moff. */
int sf_region_runs(const sf_layout *lay, int req, const MPI_Offset *st, const MPI_Offset *ct,
                   const MPI_Offset *sd, MPI_Offset moff, MPI_Offset base, sf_run_list *l);
/* Runs of a call's requests (reqs first, then nreqs: req numbers them so),
 * with their homes. */
int sf_call_runs(const sf_context *ctx, int nreq, const sf_request *reqs, int nnreq,
                 const sf_nrequest *nreqs, MPI_Offset base, sf_run_list *l);

/* The call's requests as a signature (plans are recognised by it,
 * exactly; a few bytes a piece), the first index of every request on a
 * record layout less shift. pool NULL: *key is malloc's, exactly as long;
 * else a block of pool's (pool.c) or malloc's: give it back with
 * sf_pool_give. */
int sf_runs_key(sf_context *pool, int nreq, const sf_request *reqs, int nnreq, const sf_nrequest *nreqs,
                MPI_Offset shift, unsigned char **key, size_t *len);

/* A member's run in the message to its home: bytes at moff of buffer req. */
typedef struct { MPI_Offset moff, len; int req; } sf_mrun;
/* A home's run: disp in the subfile (record base 0), bytes, where its
 * bytes are in the home's area (the messages of all members, by rank). */
typedef struct { MPI_Offset disp, len, at; int file_id, block, record; } sf_hrun;
/* A subfile's part (fixed or record) the home moves with one call. */
typedef struct {
    int file_id, block, record;
    size_t first, end;        /* its runs in h[] (sorted by disp) */
    MPI_Offset bytes, lo, hi, recsize;
    int overlap;              /* runs overlap: read-modify-write of [lo, hi) */
    int nseg;                 /* coalesced runs in the file */
    MPI_Datatype ftype;       /* nseg > 1: them, relative to lo */
} sf_hsub;

typedef struct sf_rplan {
    unsigned char *key;        /* the signature of its calls' requests, */
    size_t keylen;
    MPI_Offset kbase;          /* less this record base: a relative plan is any call's
                                * at its own base, an absolute one at this base only */
    int relative;              /* (a plan serves puts and gets alike) */
    unsigned long last_use;
    MPI_Offset *scount, *soff; /* per rank: bytes this rank sends (writes) to it as member, offsets */
    MPI_Offset *rcount, *roff; /* per rank: bytes this rank's area holds from it as home */
    MPI_Offset sbytes, abytes;
    size_t nm;
    sf_mrun *m;                /* by destination rank, then as enumerated */
    size_t nh;
    sf_hrun *h;
    int nsub;
    sf_hsub *subs;
    MPI_Offset stage;          /* the largest staging a subfile part needs */
    /* what the plan assumed of its dataset on this rank (runs_keep.c):
     * the layouts its requests name and the (layout, block) pairs its
     * home side holds runs of, and their fingerprint then (geometry and
     * subfile offsets); a plan kept from a closed dataset serves another
     * only where that dataset's fingerprint is the same */
    int *refs;                 /* nlays, lay..., npairs, (lay, block)... */
    MPI_Offset *fp;            /* fplen words (refs NULL: none, for want of memory:
                                * the plan never serves another dataset) */
    size_t fplen;
    int foreign;               /* kept from a closed dataset, not yet reused here */
    int lay1;                  /* the layout of its calls' one request, a
                                * many-piece one (none other), or -1 */
    /* this rank's own runs as home, moved straight between the caller's
     * buffer and the staging, not through the area (runs_home.c): for
     * each home run the own member run (m[mown_first + k]) it lies in,
     * or -1; mown[k], where that member run starts in the area's own
     * part. NULL: every run through the area */
    int *hown;
    MPI_Offset *mown;
    size_t mown_first;
} sf_rplan;

#define SF_RUNS_SLOTS 8
#define SF_TAG_RUNS 4104
#define SF_RUNS_STAGE SF_SWAP_CHUNK /* staging of a part that is one run (the context's buffer) */

int sf_rplan_free(sf_rplan *p);
int sf_rplan_build(sf_context *ctx, const sf_call *c, int relative, MPI_Offset base, sf_rplan **out);
int sf_rplan_exec(sf_context *ctx, sf_rplan *p, const sf_call *c, MPI_Offset base);
/* The windowed exchange: to every rank q, scount[q] bytes at sbuf +
 * soff[q]; from every q, rcount[q] bytes into rbuf + roff[q] (self
 * excluded: the caller copies). */
int sf_runs_exchange(sf_context *ctx, char *sbuf, const MPI_Offset *scount, const MPI_Offset *soff,
                     char *rbuf, const MPI_Offset *rcount, const MPI_Offset *roff);
/* Between a request's buffer and packed bytes: len bytes from src to
 * dst, reversed element by element where the request asks (a many-piece
 * request's swap). */
void sf_runs_copy(const sf_call *c, int req, void *dst, const void *src, MPI_Offset len);
void sf_runs_copy_n(int nreq, const sf_nrequest *nreqs, int req, void *dst, const void *src, MPI_Offset len);
/* The buffer of a call's request req (reqs first, then nreqs). */
char *sf_runs_buffer(const sf_call *c, int req);

/* Words per run's geometry: layout, block, record, element, length. */
enum { SF_RUN_WORDS = 5 };
#define DW SF_RUN_WORDS
/* The home side of a plan from the geometry of runs_from[q] runs of each
 * rank q (by rank): offsets in the subfiles, the area, the parts. */
int sf_runs_home_side(sf_context *ctx, sf_rplan *p, const MPI_Offset *rdesc, size_t nr,
                      const MPI_Offset *runs_from, int write);
/* The home's I/O of its subfile parts, between the area and the files:
 * write 1, area to files; 0, the other way. */
int sf_runs_home_io(sf_context *ctx, sf_rplan *p, const sf_call *c, char *area, MPI_Offset base, int write);
/* Whether, and how, this rank's own runs can skip the area (p->hown,
 * p->mown): a part of one run of bytes each, every own run at a whole
 * element of the part. Not an error when not (no memory: the area). */
void sf_runs_own(sf_context *ctx, sf_rplan *p, const sf_call *c);
int sf_runs_home_subs(sf_context *ctx, sf_rplan *p);
/* Collective and independent entry points (access.c calls them). */
int sf_access_runs(sf_context *ctx, sf_call *c, unsigned agreed_mask, MPI_Offset base_min,
                   MPI_Offset base_max, int flags);
/* The cached plans the call can reuse on this rank (a mask of slots): its
 * signature is made once (kept for the build, until sf_runs_done) and
 * compared byte for byte. */
unsigned sf_runs_candidates(sf_context *ctx, const sf_call *c, MPI_Offset base);
/* runs_keep.c: a plan's references and fingerprint, made at its build
 * (rdesc: the nr runs its home side got); whether a plan kept from a
 * closed dataset holds in ctx (local: the fingerprint made again here,
 * the offsets of this rank's subfile parts learnt if need be). A plan
 * whose fingerprint cannot be made (no memory) never serves another
 * dataset: not an error. */
void sf_rplan_fingerprint(sf_context *ctx, sf_rplan *p, const sf_call *c, const MPI_Offset *rdesc, size_t nr);
int sf_rplan_holds(sf_context *ctx, const sf_rplan *p);
/* The same for a plan all of whose runs are of layout lay (a derived
 * plan's: runs_exec.c), from its home side. */
void sf_rplan_fingerprint_one(sf_context *ctx, sf_rplan *p, int lay);
void sf_runs_done(sf_context *ctx);
int sf_runs_forget(sf_context *ctx);

#endif
