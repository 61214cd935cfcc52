/*
 * sf_internal.h: the engine's private state. Everything hangs off one
 * sf_context per open dataset; nothing is static or global.
 *
 * A collective call is carried out by a plan: what this rank moves, to
 * or from which subfiles, with which other ranks, by which method. Plans
 * are built collectively (plan_build.c), kept in a small cache that is
 * the same on every rank (plan_cache.c: every rank builds, uses and
 * evicts the same plans at the same calls), and carried out by
 * exec_gather.c or exec_mpiio.c.
 */
#ifndef NCSF_SF_INTERNAL_H
#define NCSF_SF_INTERNAL_H

#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#include "sf.h"

#define SF_TAG_BUILD 4101 /* plan building: member -> home */
#define SF_TAG_REPLY 4102 /* plan building: home -> member */
#define SF_TAG_DATA 4103  /* data: member <-> leader */
#define SF_CHUNK ((MPI_Offset)1 << 30) /* the most bytes one MPI call moves */
#define SF_PLAN_SLOTS 8   /* plans kept (bits of an int) */
#define SF_MAX_GROUP_COMMS 256 /* communicators the cached plans may hold */

enum { SF_GATHER = 0, SF_MPIIO = 1 };

/* ---- boxes.c: pieces of requests, in the file and in memory ---------- */

/* A box of elements in a subfile: nd dimensions of count[d] items,
 * fstep[d] bytes apart, the first at disp. It spans at most the engine's
 * chunk, so every MPI call moves less than 2 GiB. */
typedef struct sf_box {
    int lay_id, nd, elsize;
    int record;              /* its disp moves with the call's record base */
    MPI_Offset disp;         /* at record base 0 */
    MPI_Offset nbytes, span; /* bytes it holds; bytes from its first to past its last */
    MPI_Offset count[SF_MAX_DIMS], fstep[SF_MAX_DIMS];
} sf_box;

/* A box of this rank's, and where it is in the request's buffer. */
typedef struct sf_mybox {
    sf_box b;
    int req;                 /* index of the request in the call */
    MPI_Offset moff;         /* byte offset of its first element in the request buffer */
    MPI_Offset mstep[SF_MAX_DIMS];
    MPI_Datatype mtype;      /* its elements, relative to buf + moff */
    MPI_Datatype ftype;      /* its elements in the file, relative to disp (MPI-IO) */
    int ordinal;             /* its place among this rank's boxes of the subfile */
    int batch;               /* MPI-IO: the collective transfer that moves it */
} sf_mybox;

/* A box of any member, as its subfile's leader sees it. */
typedef struct sf_theirbox {
    sf_box b;
    int member;              /* rank in the context's communicator */
    int mine;                /* index into the subfile's mybox[] if the member is us, else -1 */
    int ordinal;             /* its place among that member's boxes of the subfile */
    int contiguous;          /* one run of bytes in the file */
    MPI_Offset stage;        /* where its packed bytes wait (not contiguous) */
} sf_theirbox;

/* Piece of request r in block k as boxes (appended to *out, *n, *cap).
 * record_base is subtracted from the start along a record dimension. The
 * memory side is filled when mem is set. */
int sf_piece_boxes(const sf_request *r, int req, int block, MPI_Offset limit,
                   MPI_Offset record_base, int mem, sf_mybox **out, int *n, int *cap);
/* The same from the geometry a member sent (no memory side). */
int sf_geometry_boxes(const sf_layout *lay, int block, const MPI_Offset *start,
                      const MPI_Offset *count, const MPI_Offset *stride, MPI_Offset limit,
                      sf_theirbox **out, int *n, int *cap);
/* Copy a box between a buffer laid out like the file (file points at its
 * disp) and a packed buffer (C order). */
void sf_copy_box(const sf_box *b, char *file, char *packed, int to_file);
/* Copy a box between the file layout and the request buffer layout. */
void sf_copy_box_mem(const sf_mybox *m, char *file, char *mem, int to_file);
/* The same to the file's layout, each element's bytes reversed. */
void sf_copy_box_mem_swapped(const sf_mybox *m, char *file, const char *mem);
int sf_box_is_contiguous(const sf_box *b);
/* Its elements one run in the request's buffer too (C order). */
int sf_mybox_mem_contiguous(const sf_mybox *m);
int sf_mybox_types(sf_mybox *m, int file_type);
int sf_mybox_free_types(sf_mybox *m);

/* datatype.c: free *t unless it is MPI_DATATYPE_NULL; an engine code */
int sf_type_free(MPI_Datatype *t);

/* ---- groups.c: communicators of the ranks sharing a subfile ----------- */

/* Shared by every plan that needs the same set of ranks; freed with the
 * last of them. Only the MPI-IO method uses them. */
typedef struct sf_group {
    int n;
    int *members;            /* sorted context ranks */
    MPI_Group grp;           /* until connected */
    MPI_Comm comm;           /* MPI_COMM_NULL until connected */
    int owned;               /* not the context's communicator nor SELF */
    int refs;
    struct sf_group *next;
} sf_group;

/* Local: the group of these members, found or made (not yet connected). */
int sf_group_find(sf_context *ctx, int n, const int *members, sf_group **g);
/* Collective over the members: its communicator (if not made yet). */
int sf_group_connect(sf_context *ctx, sf_group *g, int tag);
int sf_group_release(sf_context *ctx, sf_group *g);
int sf_group_count(const sf_context *ctx);

/* ---- plans ------------------------------------------------------------- */

/* One subfile this rank touches in a plan. */
typedef struct sf_sub {
    int file_id, block;
    int *reqidx, nreqidx;    /* the requests of the call that touch it */
    int leader;              /* context rank that reads or writes it (gather) */
    int method;              /* SF_GATHER or SF_MPIIO */
    MPI_Offset recsize;      /* the subfile's record size (record boxes move by it) */
    int nmine;
    sf_mybox *mine;          /* sorted by (disp, ordinal) */
    /* gather, as leader: every member's boxes, in the order they move */
    int nall;
    sf_theirbox *all;
    int nrounds;
    int *round_first;        /* nrounds + 1 bounds into all[] */
    char *round_dense;       /* its boxes cover [lo, hi) exactly */
    MPI_Offset *round_lo, *round_hi;
    /* MPI-IO */
    sf_group *group;
    int nbatch;              /* collective calls each member makes */
    int keep;                /* the group's handle stays open across calls */
    MPI_File fh;             /* when kept */
} sf_sub;

typedef struct sf_plan {
    int id;                  /* built in the same call on every rank */
    int write;
    int relative;            /* record boxes relative to the call's record base */
    long long *key;          /* this rank's geometry (plan_cache.c) */
    size_t keylen;
    int nsub;
    sf_sub *subs;            /* in the global (file_id, block) order */
    int nmsgs;               /* point-to-point messages this rank posts */
    MPI_Request *reqs;       /* room for them */
    MPI_Offset scratch;      /* bytes of buffer this rank needs as leader */
    unsigned long last_use;
} sf_plan;

/* plan_cache.c */
int sf_plan_key(const sf_context *ctx, int nreq, const sf_request *reqs, int write, int relative,
                MPI_Offset record_base, long long **key, size_t *len);
unsigned sf_plan_candidates(const sf_context *ctx, const long long *rel, size_t rlen,
                            const long long *abs, size_t alen);
int sf_plan_most_recent(const sf_context *ctx, unsigned mask);
/* Frees every MPI object of the plan; the first error (local). */
int sf_plan_free(sf_context *ctx, sf_plan *p);
/* Into a free slot, or the least recently used one's (evicted: collective
 * when it keeps handles); the slot in *slotp, the eviction's error. */
int sf_plan_store(sf_context *ctx, sf_plan *p, int *slotp);
/* Collective: drop every other plan when the agreed count of group
 * communicators is over the bound. */
int sf_plan_bound_groups(sf_context *ctx, int agreed_groups, const sf_plan *keep);
/* The leader's buffer: grown here, kept until the context ends (pool.c). */
int sf_scratch_reserve(sf_context *ctx, MPI_Offset bytes);
/* pool.c: at a context's end, its memory freed (release) or left on its
 * communicator (park: a close); at its creation, taken from there */
void sf_pool_release(sf_context *ctx);
void sf_pool_park(sf_context *ctx);
void sf_pool_adopt(sf_context *ctx);
struct sf_comm_state;
void sf_pool_parked_free(struct sf_comm_state *s);

/* plan_build.c: collective; *planp is this rank's part of a plan every
 * rank builds now, every subfile of it by method (SF_GATHER or SF_MPIIO,
 * sf_path_method). Returns an agreed engine code. */
int sf_plan_build(sf_context *ctx, int nreq, const sf_request *reqs, int write, int relative,
                  MPI_Offset record_base, int method, long long *key, size_t keylen, sf_plan **planp);

/* direct.c: collective reads each rank carries out alone, straight into
 * the caller's buffer. Eligible (local): every piece of this rank's is one
 * run of its subfile or made of long runs. The read itself is local; its
 * errors are agreed by the caller's last reduction. */
int sf_direct_eligible(const sf_context *ctx, int nreq, const sf_request *reqs);
int sf_direct_read(sf_context *ctx, int nreq, const sf_request *reqs);
/* One box of this rank's, one run of the subfile (at its disp + shift),
 * read into its place in mem (m->mtype); past the end reads as zero. */
int sf_direct_read_run(sf_context *ctx, MPI_File fh, const sf_mybox *m, char *mem, MPI_Offset shift);

/* path.c: the one place where a call's path (SF_PATH_*) is chosen.
 * A collective call's path follows from flags every rank or-s in the
 * call's first reduction, so it is the same on every rank:
 * sf_path_wish gives this rank's flags (SF_WISH_*) and *alone, whether
 * it reads its pieces by itself before that reduction (direct.c);
 * sf_path_choose the path from the flags or-ed over every rank. ok: no
 * error on this rank so far. An independent call's path is the kind of
 * its requests (sf_access_indep, sf_access_indep_runs). */
enum { SF_WISH_RUNS = 16, SF_WISH_PLAN = 32, SF_WISH_WRITE = 64 };
int sf_path_wish(const sf_context *ctx, const sf_call *c, int ok, int *alone);
int sf_path_choose(const sf_context *ctx, int agreed);
/* The method of every subfile of a plan the path builds (SF_GATHER or
 * SF_MPIIO). */
int sf_path_method(int path);

/* Buffers for reversing a write's elements on the way (byteswap.c):
 * chunk, SF_SWAP_CHUNK bytes, for boxes written straight from the
 * caller's buffer; send, the bytes of the boxes sent to other leaders. */
typedef struct sf_swapping { char *chunk, *send; } sf_swapping;
/* exec_gather.c, exec_mpiio.c: carry out a plan; local errors only (the
 * protocol is always followed through). delta: record base of the call.
 * sw (writes by gathering; NULL: none): the elements of requests marked
 * swap are reversed on the way, which sf_gather_swap_on_the_way allows. */
int sf_exec_gather(sf_context *ctx, sf_plan *p, const sf_request *reqs, MPI_Offset delta, const sf_swapping *sw);
/* 1 if this rank's boxes of plan p can have their elements reversed on
 * the way: every subfile gathered, a box written straight from the
 * caller's buffer one run there, at most SF_SWAP_SEND_MAX bytes sent to
 * other leaders (*send_bytes: how many, for sf_swapping.send). */
int sf_gather_swap_on_the_way(const sf_plan *p, int rank, const sf_request *reqs, MPI_Offset *send_bytes);
int sf_exec_mpiio(sf_context *ctx, sf_plan *p, const sf_request *reqs, MPI_Offset delta);
/* boxes.c: number boxes sorted by offset into the MPI-IO method's
 * collective transfers (batch[i] if not NULL); how many. */
int sf_count_batches(int n, const sf_box *const *boxes, int *batch);
/* The same for this rank's boxes of s (their batch fields). */
int sf_assign_batches(sf_sub *s);
/* layouts.c: learn the offsets of (file_id, block) through the caller if
 * unknown. */
int sf_need_offsets(sf_context *ctx, int file_id, int block);

/* ---- agree.c: the reductions of a call over the whole communicator ---- */
typedef struct sf_agree0 {
    int err;                 /* min: the engine's own errors */
    int caller_err;          /* min: the caller's */
    unsigned mask;           /* and: plan slots every rank can reuse */
    int routes;              /* or */
    int flags;               /* or: SF_AGREE_* */
    MPI_Offset base_min, base_max; /* record base of the ranks that have one */
    int32_t gen;             /* a word every rank must have the same: kept if
                              * so, else -1 (runs_keep.c's check of the plans
                              * a context adopted) */
} sf_agree0;
#define SF_NO_BASE ((MPI_Offset)-1)
int sf_agree_first(sf_context *ctx, sf_agree0 *a);
int sf_agree_last(sf_context *ctx, int *err, MPI_Offset *rec_end, int *flag);
int sf_agree_err(sf_context *ctx, int err);
int sf_agree_ops_create(sf_context *ctx);
int sf_agree_ops_free(sf_context *ctx);

/* ---- handles.c ---------------------------------------------------------- */
/* A subfile this rank opened alone (independent access, or to read and
 * write it for its group as leader), least recently used closed first. */
typedef struct sf_self_handle {
    int file_id, block;
    MPI_File fh;             /* MPI-IO's handle, or MPI_FILE_NULL */
    int fd;                  /* read-only: a descriptor for runs of bytes, or -1 */
    unsigned long last_use;
} sf_self_handle;

int sf_self_open(sf_context *ctx, int file_id, int block, MPI_File *fh);
/* Read-only contexts: the subfile as a descriptor of this rank's (runs of
 * bytes read with pread, no MPI-IO open). */
int sf_self_fd(sf_context *ctx, int file_id, int block, int *fd);
int sf_self_close_all(sf_context *ctx);
/* Collective over the group: open subfile s of the plan on its group's
 * communicator; the outcome is agreed within the group. */
int sf_group_open(sf_context *ctx, sf_sub *s, MPI_File *fh);
int sf_group_close(sf_context *ctx, MPI_File *fh);

struct sf_context {
    MPI_Comm comm;           /* duplicate of the caller's, errors returned */
    int rank, nprocs;
    MPI_Info info;
    int readonly;
    int max_open;
    sf_layout **layouts;     /* indexed by layout id */
    int nlayouts;
    sf_group *groups;
    sf_plan *plans[SF_PLAN_SLOTS];
    struct sf_rplan *rplans[8]; /* runs_exec.c: plans of calls by runs */
    unsigned char *rkey;     /* runs_exec.c: the current call's signature, from the */
    size_t rkeylen;          /* plan lookup to the build that copies it (a block */
    MPI_Offset rkey_base;    /* of pool's, given back at the call's end); its record base */
    int window;              /* ... their requests outstanding at once */
    int next_plan_id;
    sf_self_handle *self;    /* at most max_open */
    int nself;
    unsigned long clock;     /* self handles' use (local) */
    unsigned long plan_clock; /* calls (the same on every rank) */
    unsigned adopted_gen;    /* runs_keep.c: the count of the plans adopted at */
    int gen_unchecked;       /* creation, until the first reduction checks it */
    MPI_Offset agg_max;      /* largest span of a subfile one process gathers */
    char *scratch;           /* the leader's buffer, grown as plans need */
    MPI_Offset scratch_size;
    char *swapbuf;           /* byteswap.c: SF_SWAP_CHUNK bytes, or NULL */
    MPI_Offset *a2a;         /* 2 * nprocs words: an all-to-all of counts a
                              * rank without memory for its own still takes
                              * part in (runs_exec.c); made at the context's
                              * first collective call, its failure agreed there */
    sf_pool_slot pool[SF_POOL_SLOTS]; /* pool.c: arrays kept from call to call */
    void *agree;             /* agree.c: its reduction operations */
    MPI_Offset fail_reply[2]; /* plan_build.c: a home's answer when it has no memory */
    sf_learn_fn learn;       /* offsets of subfiles this rank is not home of */
    void *learn_arg;
    int yield;               /* wait by sleeping: processes outnumber processors */
    MPI_Offset bytes_written, bytes_read;
    sf_counts counts;
    struct sf_comm_state *cstate; /* the caller's communicator's (held), or NULL */
    int comm_borrowed;       /* comm is the caller's (sf_context_create_on): not freed here */
    double t_plan, t_move, t_agree, t_close;
    char errmsg[512];        /* the first subfile this rank failed on, and why */
};

/* runs_keep.c: plans by runs kept on the caller's communicator from one
 * dataset to the next. park: at a context's end (closed: its plans kept;
 * else, an abort, none); adopt: at a context's creation; checked: after
 * its first reduction, whether every rank adopted the same (if not, they
 * are dropped); parked_free: the state's, when it goes. */
struct sf_comm_state;
void sf_runs_park(sf_context *ctx, int closed);
void sf_runs_adopt(sf_context *ctx);
void sf_runs_checked(sf_context *ctx, int same);
int32_t sf_runs_gen_word(const sf_context *ctx); /* the first reduction's word */
void sf_runs_parked_free(struct sf_comm_state *s);

/* errors.c: remember that this rank failed with err on block of layout
 * file_id (only the first failure is kept); returns err. */
int sf_note_failure(sf_context *ctx, int err, int file_id, int block, int write);
/* The first error wins: keep *err if set, else take e. */
static inline void sf_keep(int *err, int e) { if (*err == SF_OK) *err = e; }
#define SF_MPI_OK(rc) ((rc) == MPI_SUCCESS ? SF_OK : SF_ERR_MPI)

/* ---- byteswap.c: writes whose elements are reversed on the way -------- */

#define SF_SWAP_CHUNK ((MPI_Offset)1 << 20) /* the context's buffer for it (byteswap.c) */
/* bytes reversed per write on the way (sf_write_swapped): a quarter of the
 * buffer, which stays in the cache, and whose pages a first call faults
 * in are 64, not 256 */
#define SF_SWAP_STEP ((MPI_Offset)1 << 18)
#define SF_SWAP_SEND_MAX ((MPI_Offset)4 << 20) /* most bytes a rank sends reversed on the way */
/* swap_kernels.c: the bytes of each of n elements of elsize bytes (2, 4,
 * 8; others copied as they are) reversed from in to out (in == out: in
 * place), by the widest byte shuffle the processor has. */
void sf_swap_copy(const void *in, void *out, int elsize, MPI_Offset n);
/* The ways, for tests: each one chosen, supported or not by this processor. */
enum { SF_SWAP_SCALAR = 0, SF_SWAP_SSSE3 = 1, SF_SWAP_AVX2 = 2 };
int sf_swap_way_supported(int way);
int sf_swap_best_way(void);
void sf_swap_copy_way(int way, const void *in, void *out, int elsize, MPI_Offset n);
/* 1 if any request has elements to reverse (swap set, more than a byte) */
int sf_requests_swap(int nreq, const sf_request *reqs);
/* Those requests' buffers reversed in place (a second call restores
 * them); 1 if there were any. */
int sf_swap_requests(int nreq, const sf_request *reqs);
/* The context's buffer for reversing on the way (NULL: no memory, and the
 * caller reverses in place instead). */
char *sf_swap_buffer(sf_context *ctx);
/* nbytes of elements at mem written at disp in the file's byte order,
 * through buf (sf_swap_buffer's), SF_SWAP_STEP bytes per write. */
int sf_write_swapped(sf_context *ctx, MPI_File fh, MPI_Offset disp, const char *mem, MPI_Offset nbytes,
                     int elsize, char *buf);

/* context.c: count bytes of data this rank sends to dest if dest is on
 * another node (local). */
void sf_count_sent(sf_context *ctx, int dest, MPI_Offset bytes);

/* wait.c: waiting that yields the processor when processes outnumber cores */
int sf_wait(const sf_context *ctx, MPI_Request *req);
int sf_wait_trusted(const sf_context *ctx, MPI_Request *req);
int sf_waitall(const sf_context *ctx, int n, MPI_Request *reqs);

/* io.c: reading and writing runs of bytes, boxes through a view */
int sf_rw_run(sf_context *ctx, MPI_File fh, MPI_Offset at, char *buf, MPI_Offset len, int write);
int sf_rw_box(sf_context *ctx, MPI_File fh, const sf_mybox *m, char *mem, MPI_Offset shift, int write);
/* len bytes at offset at of descriptor fd into buf (past the file's end:
 * zeros); SF_OK or SF_ERR_READ. */
int sf_pread_run(int fd, MPI_Offset at, char *buf, MPI_Offset len);

#include "../fault/fault.h"

#endif
