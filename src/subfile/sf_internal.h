/*
 * sf_internal.h: the engine's private state. Everything hangs off one
 * sf_context per open dataset; nothing is static or global.
 */
#ifndef NCSF_SF_INTERNAL_H
#define NCSF_SF_INTERNAL_H

#include "sf.h"

/* A communicator derived for one set of ranks (ranks of the context). */
typedef struct sf_comm_entry {
    int nmembers;
    int *members; /* sorted context ranks */
    MPI_Comm comm;
    int owned;    /* freed at the end (not the context comm nor SELF) */
    struct sf_comm_entry *next;
} sf_comm_entry;

/* A subfile opened collectively by a set of ranks. The table of these is
 * the same on every rank: every rank applies the same open/close decisions
 * in the same order, and a rank holds a real handle only where it is a
 * member. That is what lets ranks close subfiles to honour max_open
 * without agreeing on it by messages. */
typedef struct sf_handle {
    int layout_id, block; /* layout_id: the file_id of the layouts it holds */
    int nmembers;
    int *members;
    int member;       /* this rank is one of them */
    MPI_Comm comm;    /* borrowed from the comm cache */
    MPI_File fh;      /* MPI_FILE_NULL if not a member or the open failed */
    int byte_view;    /* its view is plain bytes from 0 (same on all members) */
    unsigned long last_use;
} sf_handle;

/* A subfile this rank opened alone for independent access. */
typedef struct sf_indep_handle {
    int layout_id, block;
    MPI_File fh;
    unsigned long last_use;
} sf_indep_handle;

struct sf_context {
    MPI_Comm comm;
    int rank, nprocs;
    MPI_Info info;
    int readonly;
    int max_open;
    sf_layout **layouts; /* indexed by layout id */
    int nlayouts;
    sf_comm_entry *comms;
    sf_handle *handles;  /* at most max_open */
    int nhandles;
    sf_indep_handle *indep;
    int nindep;
    unsigned long clock;
    int tag;             /* for MPI_Comm_create_group, advanced per use */
    MPI_Offset agg_max;  /* largest run of a subfile one process gathers */
    int yield;           /* wait by sleeping: processes outnumber processors */
    MPI_Offset bytes_written, bytes_read;
    /* where the time goes (seconds on this rank), printed at the end when
     * NCSF_PROFILE is set */
    double t_exchange, t_open, t_io, t_agree, t_close;
    int n_calls, n_events, n_opens;
    char errmsg[512];    /* the first subfile this rank failed on, and why */
};

/* errors.c: remember that this rank failed with err on block of layout
 * file_id (only the first failure is kept); returns err. */
int sf_note_failure(sf_context *ctx, int err, int file_id, int block, int write);

/* wait.c: collectives that yield the processor while they wait */
void sf_wait(const sf_context *ctx, MPI_Request *req);
void sf_waitall(const sf_context *ctx, int n, MPI_Request *reqs);
int sf_allreduce(const sf_context *ctx, const void *in, void *out, int n, MPI_Datatype t,
                 MPI_Op op, MPI_Comm comm);
int sf_allgather(const sf_context *ctx, const void *in, int n, MPI_Datatype t, void *out,
                 MPI_Comm comm);
int sf_allgatherv(const sf_context *ctx, const void *in, int n, MPI_Datatype t, void *out,
                  const int *counts, const int *displs, MPI_Comm comm);
int sf_node_oversubscribed(MPI_Comm comm);

/* comm_cache.c */
int sf_comm_get(sf_context *ctx, int n, const int *members, MPI_Comm *comm);
void sf_comm_free_all(sf_context *ctx);

/* handle_table.c */
int sf_handle_acquire(sf_context *ctx, int file_id, int block, int n,
                      const int *members, sf_handle **h);
int sf_handle_close_all(sf_context *ctx);
int sf_indep_acquire(sf_context *ctx, int file_id, int block, MPI_File *fh);
int sf_indep_close_all(sf_context *ctx);

/* errors.c: an MPI error as an engine code (fallback when nothing more
 * specific fits) */
int sf_error_from_mpi(int mpi_err, int fallback);

/* One piece ready to move: where it is in the file and in memory. */
typedef struct {
    MPI_Offset disp;      /* byte offset of its first element in the subfile */
    MPI_Datatype ftype;   /* its elements, relative to disp */
    char *mem;            /* its first element in the request buffer */
    MPI_Datatype mtype;   /* its elements, relative to mem */
    MPI_Offset nbytes;
    /* its shape in the file: nd dims of count[d] items, fstep[d] bytes apart */
    int nd, elsize;
    MPI_Offset count[SF_MAX_DIMS], fstep[SF_MAX_DIMS];
} piece;

/* transfer.c */
/* Describe the part of req in block (types to be freed): 1, or 0 if it is
 * empty or *err says why not. */
int sf_describe_piece(const sf_request *req, int block, piece *pc, int *err);
/* Copy a piece between its place in a buffer laid out like the file
 * (file, at its disp) and a packed buffer (packed, C order). */
void sf_copy_piece(const piece *pc, char *file, char *packed, int to_file);
int sf_transfer_piece(sf_context *ctx, MPI_File fh, int collective,
                      const sf_request *req, int block, int write);
/* Several pieces in one subfile (of different layouts, in increasing file
 * offset order) in one call. */
int sf_transfer_pieces(sf_context *ctx, MPI_File fh, int collective, int n,
                       const sf_request **reqs, int block, int write);
int sf_transfer_nothing(MPI_File fh, int write);
/* The byte range [*lo, *hi) a piece spans in its subfile and its size. */
int sf_piece_extent(const sf_request *req, int block, MPI_Offset *lo, MPI_Offset *hi,
                    MPI_Offset *nbytes);

/* aggregate.c: n pieces of one subfile, piece i belonging to the member
 * of group rank prank[i] (reqs[i] has a buffer only if it is this rank's).
 * Sets *done if it moved them (the pieces exactly cover one run of bytes
 * of at most agg_max); else the caller moves them with MPI-IO. */
int sf_aggregate(sf_context *ctx, sf_handle *h, int n, const sf_request **reqs,
                 const int *prank, int block, int write, int *done);

#endif
