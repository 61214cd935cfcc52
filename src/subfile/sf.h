/*
 * sf.h: the subfiling engine.
 *
 * The engine knows arrays, blocks, communicators and MPI-IO; it knows nothing
 * of netCDF. A caller (src/ncmpi) describes each partitioned array as an
 * sf_layout (global shape, the block grid, where each block's bytes start in
 * its subfile) and hands the engine requests whose buffers already hold the
 * bytes in the file's representation. The engine intersects requests with
 * the blocks, derives one communicator per subfile from the processes that
 * touch it, builds the file views and memory datatypes, and moves the bytes.
 *
 * All state lives in an sf_context, one per open dataset.
 */
#ifndef NCSF_SF_H
#define NCSF_SF_H

#include <stddef.h>
#include <stdint.h>
#include <mpi.h>

#define SF_MAX_DIMS 16 /* dimensions of a partitioned array */
#define SF_MAX_PDIMS 8 /* dimensions it may be partitioned along */

/* Engine error codes (negative); the caller maps them to its own. */
enum {
    SF_OK = 0,
    SF_ERR_NOMEM = -1,   /* out of memory */
    SF_ERR_NOENT = -2,   /* a subfile does not exist */
    SF_ERR_ACCESS = -3,  /* permission denied on a subfile */
    SF_ERR_OPEN = -4,    /* a subfile could not be opened for another reason */
    SF_ERR_WRITE = -5,   /* writing a subfile failed */
    SF_ERR_READ = -6,    /* reading a subfile failed */
    SF_ERR_MPI = -7,     /* an MPI call (communicator, datatype) failed */
    SF_ERR_ARG = -8,     /* a request the engine cannot express */
    SF_ERR_CLOSE = -9,   /* closing a subfile failed */
    SF_ERR_NOSPACE = -10,/* the file system is full */
    SF_ERR_QUOTA = -11,  /* a quota is exhausted */
    SF_ERR_FBIG = -12,   /* beyond the process's file-size limit */
    SF_ERR_ROUTE = -13,  /* the ranks of a collective call went different ways */
    SF_ERR_NOFILES = -14 /* the process (or system) has no file descriptor left */
};

/* Where block k of a layout lies in its subfile (-1 where unknown): its
 * data's offset, the distance from one record to the next, the subfile's
 * header size. */
typedef struct sf_offsets { MPI_Offset begin, recsize, head; } sf_offsets;
typedef struct sf_offset_map sf_offset_map;

/* One partitioned array: its global shape and the block grid over it.
 * Block k has grid coordinates (row major over pdims, first pdim slowest);
 * along pdims[p] it covers [bounds[p][c], bounds[p][c+1]); along every other
 * dimension it covers the whole extent. */
typedef struct sf_layout {
    int id;     /* caller's key; ordering of collective work follows it */
    int file_id; /* layouts with the same file_id share their subfiles (the
                    layout whose id is file_id names them); else file_id = id */
    int ndims;
    int record; /* dimension 0 is unbounded: records recsize bytes apart */
    MPI_Offset gsize[SF_MAX_DIMS]; /* extents (gsize[0] unused if record) */
    int npart;
    int pdims[SF_MAX_PDIMS];
    int pgrid[SF_MAX_PDIMS];
    MPI_Offset *bounds[SF_MAX_PDIMS]; /* pgrid[p] + 1 boundaries each */
    int nblocks;
    int elsize;       /* bytes per element in the file */
    char *path_stem;  /* subfile k is path_stem "." k ... */
    char **paths;     /* ... unless this list of nblocks paths is given
                       * (names recorded one by one); see sf_layout_path */
    sf_offset_map *offsets; /* the sf_offsets of the blocks this rank has
                             * learnt (offsets.c); of the others, the engine
                             * asks its caller, or the subfile's home says,
                             * when it needs them */
} sf_layout;

/* A request against one layout, in global index space. buf holds
 * prod(count) elements contiguously (C order) in the file's representation,
 * except that with swap set (writes) each element's elsize bytes are in
 * the reverse order: the engine reverses them on their way to the file and
 * leaves buf as it found it (byteswap.c). Requests with swap set must not
 * share bytes of their buffers. A read with swap set asks for the
 * elements reversed as they arrive: a read that goes straight from the
 * subfiles does so (direct.c) and says it did (sf_call.read_swapped);
 * otherwise buf receives the file's representation. */
typedef struct sf_request {
    const sf_layout *lay;
    MPI_Offset start[SF_MAX_DIMS];
    MPI_Offset count[SF_MAX_DIMS];
    MPI_Offset stride[SF_MAX_DIMS];
    void *buf;
    int swap;
} sf_request;

/* Many regions of one layout (a varn, or a flattened vard): region j
 * starts at starts[j * ndims] and spans counts[j * ndims]; their data
 * follow one another in buf (each in C order). Calls with these go by
 * runs (runs*.c): one message per partner, one MPI-IO call per subfile
 * part, a bounded number of bytes per piece. */
typedef struct sf_nrequest {
    const sf_layout *lay;
    int num;
    const MPI_Offset *starts, *counts;  /* NULL: pstarts and pcounts hold them */
    void *buf;
    /* what the engine would find in a pass over the pieces, when the
     * producer found it in its own (summed 1; else 0 and unused): the
     * bytes, whether some piece moves something and, over those pieces,
     * the first record and one past the last (record layouts) */
    int summed, nonempty;
    MPI_Offset bytes, first_rec, rec_end;
    /* the pieces' signature (sf_sig below), when the producer made it in
     * its own pass: siglen bytes at sig; NULL: the engine makes it */
    const unsigned char *sig;
    size_t siglen;
    /* 1: buf holds the elements with their bytes in the reverse of the
     * file's order (a little-endian caller's own values): the engine
     * reverses them as it copies them, on their way to the file (buf is
     * only read) and from it (buf receives them reversed) */
    int swap;
    /* (starts NULL) piece j's start at pstarts[j], its count at
     * pcounts[j] (pcounts NULL: every count 1): the caller's own arrays,
     * not copied, for a call that returns only when it is done */
    MPI_Offset *const *pstarts, *const *pcounts;
} sf_nrequest;

/* A many-piece request's piece j: its start and its count. */
extern const MPI_Offset sf_ones[SF_MAX_DIMS];
static inline const MPI_Offset *sf_nq_start(const sf_nrequest *q, size_t j)
{
    return q->starts ? q->starts + j * (size_t)q->lay->ndims : q->pstarts[j];
}
static inline const MPI_Offset *sf_nq_count(const sf_nrequest *q, size_t j)
{
    return q->starts ? q->counts + j * (size_t)q->lay->ndims : q->pcounts ? q->pcounts[j] : sf_ones;
}

/* ---- a many-piece request's signature (plans by runs are kept by it) --- */
/* Every word of a piece, its starts then its counts, as its difference
 * from the same word of the previous piece, zigzag, 7 bits a byte (a
 * decomposition's neighbouring pieces differ little: a few bytes a
 * piece; exact, no hash). The first piece is taken against the starts
 * {its own first start, 0, ...} and the counts {0, ...}, so the bytes do
 * not depend on the record base: the engine puts the first start, less
 * the base, in front of them. A producer that walks the pieces anyway
 * makes the bytes in the same pass (the engine makes them otherwise, the
 * same way). */
typedef struct {
    unsigned char *b;
    size_t n, cap;
    int nomem;
    int fixed; /* b is not to be grown (a block a context keeps): nomem instead */
} sf_sig;
enum { SF_SIG_WORD_MAX = 10 }; /* bytes of one word at most */
/* Room for need more bytes at g->b + g->n (0 and nomem set without memory). */
int sf_sig_room(sf_sig *g, size_t need);

static inline unsigned long long sf_sig_zig(long long x, long long prev)
{
    unsigned long long d = (unsigned long long)x - (unsigned long long)prev;
    return (d << 1) ^ (unsigned long long)((long long)d >> 63);
}

/* z at b[k], 7 bits a byte: the next k */
static inline size_t sf_sig_put(unsigned char *b, size_t k, unsigned long long z)
{
    while (z >= 0x80) {
        b[k++] = (unsigned char)(z | 0x80);
        z >>= 7;
    }
    b[k++] = (unsigned char)z;
    return k;
}

typedef struct sf_context sf_context;

/* ---- pool.c: a call's large arrays, kept from call to call ------------ */
/* As malloc (NULL without memory); the block may be one the context keeps
 * (ctx NULL: plain malloc). Give it back with sf_pool_give, to the same
 * context, before the context ends. */
void *sf_pool_take(sf_context *ctx, size_t bytes);
/* As malloc; a block of half a huge page or more in transparent huge
 * pages where the system has them (freed with free). */
enum { SF_HUGE_PAGE = 2 << 20 };
void *sf_malloc_big(size_t bytes);
void sf_pool_give(sf_context *ctx, void *p);

/* ---- partition.c: block grids ---------------------------------------- */

/* Factor nfiles over the npart dimensions pdims of an array of extents
 * gsize (the way MPI_Dims_create balances a process grid), never giving a
 * dimension more blocks than its extent. Returns the number of blocks, which
 * is less than nfiles when the extents cannot hold that many. */
int sf_grid_factor(int nfiles, int npart, const int *pdims,
                   const MPI_Offset *gsize, int *pgrid);

/* Boundaries of n nearly equal blocks of extent: bounds[0..n]. */
void sf_block_bounds(MPI_Offset extent, int n, MPI_Offset *bounds);

/* Fill lay->bounds for a freshly factored grid (allocates). */
int sf_layout_set_even_bounds(sf_layout *lay);

/* Start and count of block k (count[0] = 0 along a record dimension). */
void sf_layout_block(const sf_layout *lay, int k, MPI_Offset *start,
                     MPI_Offset *count);

/* Grid coordinates of block k, and back. */
void sf_block_coords(const sf_layout *lay, int k, int *coords);

/* The part of request (start,count,stride) that falls in block k:
 * returns 0 if empty, else 1 with the piece's first global index, its
 * count per dimension, and its position inside the request (in elements of
 * the request's own index space). */
int sf_piece(const sf_layout *lay, int k, const MPI_Offset *start,
             const MPI_Offset *count, const MPI_Offset *stride,
             MPI_Offset *pstart, MPI_Offset *pcount, MPI_Offset *local);

/* Calls visit(k, arg) for every block that a request touches, in
 * increasing k. Returns the number of blocks visited. */
int sf_touched_blocks(const sf_layout *lay, const MPI_Offset *start,
                      const MPI_Offset *count, const MPI_Offset *stride,
                      void (*visit)(int k, void *arg), void *arg);

void sf_layout_free(sf_layout *lay);

/* ---- offsets.c: what this rank knows of where blocks lie -------------- */
/* 1 and *out if known, else 0 and every field -1. */
int sf_layout_get_offsets(const sf_layout *lay, int k, sf_offsets *out);
/* SF_OK, SF_ERR_NOMEM or SF_ERR_ARG (k out of range). */
int sf_layout_put_offsets(sf_layout *lay, int k, const sf_offsets *in);
void sf_offset_map_free(sf_offset_map *m);
/* Forget what this rank knows of blocks outside [keep_first, keep_end)
 * (their subfiles' headers were rewritten, their data may have moved). */
void sf_layout_forget_offsets(sf_layout *lay, int keep_first, int keep_end);

/* The path of subfile k: lay->paths[k], or path_stem.k formatted into buf
 * (len bytes; SF_PATH_MAX is always enough for a name that fits a path).
 * Returns the path, or "?" if neither is set or it does not fit. */
#define SF_PATH_MAX 4352
const char *sf_layout_path(const sf_layout *lay, int k, char *buf, size_t len);

/* The rank that creates, checks and finishes subfile block of the layouts
 * stored in file_id's files (nblocks of them), and that answers for it
 * when plans are built: spread evenly over nprocs. */
int sf_home_of(int file_id, int block, int nblocks, int nprocs);
/* The blocks rank is home of: [*first, *end), one run (perhaps empty),
 * found without visiting the others. */
void sf_home_blocks(int file_id, int nblocks, int nprocs, int rank, int *first, int *end);

/* ---- striping.c: the hints a subfile is created with -------------------- */

/* Is path's directory on a striped file system (Lustre: statfs magic)? */
int sf_path_striped(const char *path);
/* The stripe size for a subfile of bytes of data: a multiple of 64 KiB,
 * at least 64 KiB, below 4 GiB. */
MPI_Offset sf_stripe_size_for(MPI_Offset bytes);
/* *out (to free): a copy of base (may be MPI_INFO_NULL), plus, when base
 * names neither striping_factor nor striping_unit and the file system is
 * striped (striped: 1, 0, or -1 to look at path's directory), one stripe
 * of sf_stripe_size_for(bytes). SF_OK or SF_ERR_NOMEM. */
int sf_subfile_info(MPI_Info base, const char *path, MPI_Offset bytes, int striped, MPI_Info *out);

/* ---- datatype.c: file views and memory types ------------------------- */

/* A datatype selecting a strided box: n dimensions, cnt[d] items per
 * dimension, consecutive items of dimension d step[d] bytes apart, each
 * innermost item elsize bytes. */
int sf_box_type(int n, const MPI_Offset *cnt, const MPI_Offset *step,
                int elsize, MPI_Datatype *type);

/* ---- context.c ------------------------------------------------------- */

/* comm is duplicated. info (may be MPI_INFO_NULL) is passed to every
 * MPI_File_open of a subfile. max_open bounds the subfiles open at once and
 * must be the same on every rank. yield (sf_node_oversubscribed): the
 * engine's waits sleep between tests instead of spinning. */
int sf_context_create(MPI_Comm comm, MPI_Info info, int max_open,
                      int readonly, int yield, sf_context **ctxp);
/* The same on own, a split of comm the caller made and keeps (freed after
 * the context): no communicator of the context's own. Collective over comm
 * only at comm's first context (its node census). */
int sf_context_create_on(MPI_Comm comm, MPI_Comm own, MPI_Info info, int max_open,
                         int readonly, int yield, sf_context **ctxp);
/* ncsf's communicator over comm's processes (a split: none of comm's
 * attributes), made at comm's first call and kept on comm as an attribute
 * (comm_cache.c); every dataset on comm shares it. Collective over comm
 * the first time only; *hold is this caller's reference, dropped with
 * sf_comm_shared_release. On failure (this rank's outcome: the caller
 * agrees on it) *own may still be a communicator, held by *hold, but comm
 * does not keep it. */
int sf_comm_shared(MPI_Comm comm, MPI_Comm *own, void **hold);
void sf_comm_shared_release(void *hold);
/* After an sf_comm_shared that failed on some rank (agreed by the
 * caller): comm keeps it no longer (local), so that every rank makes a
 * new one at the next call. */
void sf_comm_shared_forget(MPI_Comm comm);
/* max_open agreed after the create (local; only lowers it). */
void sf_context_set_readonly(sf_context *ctx, int readonly);
void sf_context_lower_max_open(sf_context *ctx, int max_open);
/* Collective over comm: does this rank's node hold more of the job's
 * processes than it has processors online? (MPICH spins while it waits:
 * then a waiting process takes the processor from one with work.) */
int sf_node_oversubscribed(MPI_Comm comm);
/* Wait for req; with yield, by testing and pausing (sf_pause) between tests.
 * Never made to fail by fault injection (for agreements). */
int sf_wait_request(MPI_Request *req, int yield);
/* One pause between two tests of a wait that gives the processor away
 * (wait.c); *n, zero at the wait's start, counts them. */
void sf_pause(unsigned *n);
/* Collective over comm: *value becomes the smallest of every rank's (an
 * agreement on the worst error code), waiting as sf_wait_request. SF_OK,
 * or SF_ERR_MPI with *value untouched. */
int sf_agree_min(MPI_Comm comm, int yield, int *value);
/* Over the context's communicator, in one reduction: the smallest err
 * and err2 and the sum of sum (each rank's). SF_OK, or an error with the
 * values untouched. */
int sf_agree_sum(sf_context *ctx, int *err, int *err2, int64_t *sum);
/* The same for n (at most SF_AGREE_WORDS_MAX) 64-bit words reduced by op
 * (MPI_MIN or MPI_MAX), in one reduction: several agreements carried
 * together. v untouched on failure. */
#define SF_AGREE_WORDS_MAX 16
int sf_agree_words(MPI_Comm comm, int yield, int64_t *v, int n, MPI_Op op);
int sf_context_add_layout(sf_context *ctx, sf_layout *lay);
const sf_layout *sf_context_layout(const sf_context *ctx, int id);
/* The engine's error (SF_ERR_*) for a failed MPI call, fallback if its
 * class says nothing more precise (no space, quota, permission...). */
int sf_error_from_mpi(int mpi_err, int fallback);
/* A subfile this rank has just created and opened alone (on
 * MPI_COMM_SELF, read-write, with the context's hints and its striping):
 * the engine keeps *fh as its own handle of (file_id, block), to be
 * closed as every handle it opens (*fh becomes MPI_FILE_NULL), so that
 * the first access opens nothing. Local; the first error closing a
 * handle it had to let go for it. */
int sf_context_adopt_handle(sf_context *ctx, int file_id, int block, MPI_File *fh);
/* Close every open subfile (collective over the context's communicator). */
int sf_context_flush(sf_context *ctx);
/* Close independently opened subfiles (local). */
int sf_context_flush_indep(sf_context *ctx);
/* Forget every plan (collective): a layout changed, or to bound memory.
 * The first error freeing them (local). */
int sf_context_forget_plans(sf_context *ctx);
/* How the engine learns the offsets of a subfile this rank is not the home
 * of, before accessing it independently: fn reads the subfile's header
 * and fills begin and recsize of block in every layout of file_id. */
typedef int (*sf_learn_fn)(void *arg, int file_id, int block);
void sf_context_set_learn(sf_context *ctx, sf_learn_fn fn, void *arg);
/* The context's one destroy, from a close (collective: kept subfile
 * handles closed together) or an abort (local: this rank alone, nothing
 * waits for the others). Everything the context holds goes with it. */
int sf_context_free(sf_context *ctx);
int sf_context_abort(sf_context *ctx);
/* Largest run of a subfile one process gathers and moves for its group
 * (0: always leave collective access to MPI-IO). The same on every rank. */
void sf_context_set_aggregate_max(sf_context *ctx, MPI_Offset bytes);
/* Which subfile this rank failed on first and why, into buf; returns 0 if
 * none. Taking it clears it. */
int sf_context_take_error(sf_context *ctx, char *buf, size_t len);
MPI_Offset sf_context_bytes_written(const sf_context *ctx);
MPI_Offset sf_context_bytes_read(const sf_context *ctx);

/* ---- access.c -------------------------------------------------------- */

/* Where a rank's collective call goes: to the engine, elsewhere (an
 * ordinary variable: the caller's own collective), nowhere (a bad
 * argument that fails the call everywhere), or wherever the others go
 * with nothing to move (a bad argument that fails this rank only). Every
 * rank agrees on it in the call's first reduction. */
enum { SF_ROUTE_ENGINE = 1, SF_ROUTE_OTHER = 2, SF_ROUTE_BAD = 4, SF_ROUTE_ANY = 8 };

typedef struct sf_call {
    int nreq;                 /* this rank's requests (0 or more) */
    const sf_request *reqs;
    int write;
    int route;                /* SF_ROUTE_*: this rank's */
    int caller_err;           /* in: the caller's own error (0 if none: a
                               * rank whose input was bad passes it with no
                               * requests); out: the most severe of all (min) */
    int flag;                 /* in/out: agreed (max over ranks): the
                               * caller's news for its next call */
    int route_bits;           /* out: every rank's route, or-ed */
    MPI_Offset rec_end;       /* out: one past the highest record any rank
                               * touched in a record layout (0 if none) */
    int nnreq;                /* this rank's many-piece requests (0 or more); */
    const sf_nrequest *nreqs; /* when any rank has one, the call goes by runs */
    MPI_Offset rec_end_in;    /* in, a write's: one past the highest record
                               * this rank's call names, moved or not (the
                               * caller's rule; 0 if none): rec_end is at
                               * least the highest over the ranks that went
                               * ahead */
    int abort;                /* in/out: agreed (or over ranks) in the first
                               * reduction: the caller's call is called off
                               * everywhere (a rank that sets it passes a
                               * caller_err too: nothing moves) */
    int read_swapped;         /* out, a read's: 1 when buf of each request with
                               * swap set holds its elements reversed */
} sf_call;

/* Collective over the context's communicator: every rank calls it. A
 * repeated call on an unchanged decomposition costs two small reductions
 * over the whole communicator plus its own data movement (a read every
 * rank does alone: one, after its reads; a rank's buffer may then hold
 * what it read even when the call fails elsewhere); a new one is
 * planned first by messages among the ranks that share subfiles (no step
 * costs O(P) on a rank). Returns the same engine code on every rank:
 * SF_ERR_ROUTE (nothing moved) when the ranks' routes disagree or one is
 * bad, and SF_OK with nothing moved when every route is SF_ROUTE_OTHER
 * (or SF_ROUTE_ANY). A SF_ROUTE_ANY rank takes part in an engine call
 * with nothing to move. */
int sf_access_all(sf_context *ctx, sf_call *call);

/* Independent: only the calling rank. */
int sf_access_indep(sf_context *ctx, int nreq, const sf_request *reqs,
                    int write, MPI_Offset *rec_end);
/* Independent, by runs (for many pieces): the requests of both kinds. */
int sf_access_indep_runs(sf_context *ctx, int nreq, const sf_request *reqs, int nnreq,
                         const sf_nrequest *nreqs, int write);
/* One past the highest record of many-piece requests on record layouts. */
MPI_Offset sf_nrequests_rec_end(int nnreq, const sf_nrequest *nreqs);

/* byteswap.c: the bytes of each of n elements of elsize bytes reversed
 * in place (elsize 2, 4 or 8; others are left alone). */
void sf_swap(void *buf, int elsize, MPI_Offset n);

/* The engine's data paths (path.c chooses; doc/architecture.md has the
 * table of when each is taken and what it costs). */
enum {
    SF_PATH_DIRECT,     /* collective read, every rank alone (direct.c) */
    SF_PATH_RUNS,       /* collective, many pieces: by runs (runs_exec.c) */
    SF_PATH_GATHER,     /* collective, a plan gathered at leaders (exec_gather.c) */
    SF_PATH_MPIIO,      /* collective, a plan by MPI-IO on groups (exec_mpiio.c) */
    SF_PATH_INDEP,      /* independent, box by box (access.c) */
    SF_PATH_INDEP_RUNS, /* independent, many pieces: by runs (runs_indep.c) */
    SF_NPATHS
};

/* What the engine did on this rank since the context was made (for the
 * profile and the scaling benchmark). */
typedef struct sf_counts {
    long calls, plan_builds, plan_hits, file_opens, group_waits;
    long gather_msgs, mpiio_steps;
    long runs_msgs;      /* messages of calls by runs */
    long peak_requests;  /* most point-to-point requests one call by runs had
                          * outstanding at once (its window bounds it) */
    long long internode_bytes; /* data bytes sent to a rank on another node */
    long census;         /* 1: the first context on its communicator (whose
                          * create or open took the node census) */
    long path_calls[SF_NPATHS]; /* calls that took each path (SF_PATH_*);
                          * [SF_PATH_DIRECT]: collective reads every rank
                          * did alone (direct.c) */
    long direct_boxes;   /* ... the reads they made (pread or MPI-IO) */
    long swapped_on_the_way; /* collective writes whose elements this rank
                              * reversed on the way to the file (byteswap.c) */
    long fd_opens;       /* of file_opens, subfiles of a read-only context
                          * opened as descriptors for direct reads (no
                          * MPI-IO handle: handles.c) */
    long swapped_reads;  /* boxes of direct reads whose elements this rank
                          * reversed as they arrived (direct.c) */
    long plans_derived;  /* plans by runs made from another variable's
                          * (runs_exec.c, derive) */
} sf_counts;
/* The window of calls by runs: requests outstanding at once (the default;
 * the MPI_Info key subfiling_window of the context sets another, up to
 * the maximum). */
#define SF_RUNS_WINDOW 16
#define SF_RUNS_WINDOW_MAX 256
void sf_context_counts(const sf_context *ctx, sf_counts *out);

/* ---- nodes.c, comm_cache.c: the node census of the caller's
 * communicator, kept on it (nodes.h). The context's, or NULL if the census
 * failed; the data bytes this rank sent to another node are counted in
 * sf_counts.internode_bytes. */
#include "nodes.h"
const sf_nodes *sf_context_nodes(const sf_context *ctx);

#endif /* NCSF_SF_H */
