/*
 * ncsfi_io.h: the names src/ncmpi/io/ offers to the layers above it
 * (the data path of subfiled variables: a call prepared for the engine, pending requests).
 * A file of io/ includes this header only; it includes the one below
 * (doc/architecture.md: api, dataset, io, subfiles, meta, base), so a
 * name of a higher layer is unknown here: using one does not compile.
 */
#ifndef NCSFI_IO_H
#define NCSFI_IO_H

#include "../subfiles/ncsfi_subfiles.h"

/* ---- io/fill_records.c -------------------------------------------------- */
/* io/fill_records.c: at the enddef that made their subfiles, the subfiled record
 * variables new in it (isnew[varid]) in fill mode get their fill value in
 * every record the dataset already has, as PnetCDF fills them. Collective. */
int ncsfi_fill_new_records(ncsf_file *f, const int *isnew);
enum { NCSF_VAR1, NCSF_VAR, NCSF_VARA, NCSF_VARS, NCSF_VARM, NCSF_VARN };
enum { NCSF_MODE_INDEP, NCSF_MODE_COLL, NCSF_MODE_NB, NCSF_MODE_BPUT };

typedef struct ncsf_call {
    int put, kind, mode;
    const MPI_Offset *start, *count, *stride, *imap;
    int num;
    MPI_Offset *const *starts;
    MPI_Offset *const *counts;
    void *buf;
    MPI_Offset bufcount;
    MPI_Datatype buftype;
    nc_type itype;  /* typed calls; NC_NAT for flexible */
    int *req;
    int pre_err;    /* this rank cannot make the change (the state mark
                     * could not count it, state.c): nothing moves; a
                     * collective call joins the others with nothing */
} ncsf_call;

/* A call made ready for the engine: its requests and the buffer holding
 * the data in the file's representation. */
typedef struct ncsf_prepared {
    ncsf_var *v;
    int put;
    int nreq;
    sf_request *reqs;
    int has_nr;         /* a varn: its regions as one many-piece request */
    MPI_Offset rec_end; /* a collective put of a record variable (but a
                         * varn): the record count it sets by PnetCDF's
                         * rule, from its start, count and stride even when
                         * it moves nothing (0 otherwise) */
    sf_nrequest nr;     /* (starts and counts in nflat, num * ndims each) */
    MPI_Offset *nflat;  /* taken from pool's (sf_pool_take) */
    sf_context *pool;
    unsigned char *nsig; /* nr.sig's bytes */
    void *xbuf;         /* the bytes as in the file */
    MPI_Offset nelems;
    int xbuf_is_user;   /* xbuf is the caller's buffer */
    int engine_swaps;   /* ... byte swapped by the engine (sf_request.swap;
                         * a varn's: sf_nrequest.swap) */
    int swap_at_run;    /* ... to be swapped in place when the wait runs it
                         * (a non-blocking put) */
    int read_swapped;   /* a get's elements arrived reversed (the engine's
                         * direct read: sf_call.read_swapped) */
    void *ubuf;         /* caller's buffer, for gets */
    nc_type itype;
    int packed;         /* caller's buftype is a derived type */
    MPI_Datatype buftype;
    int own_buftype;    /* buftype is our duplicate (ncsfi_keep_buftype) */
    MPI_Offset bufcount;
    const MPI_Offset *imap; /* for varm gets: imap_own, or NULL */
    MPI_Offset imap_own[SF_MAX_DIMS];
    MPI_Offset count[SF_MAX_DIMS];
    int range_err;
} ncsf_prepared;
/* ---- io/max_req.c ------------------------------------------------------- */
/* NC_EMAX_REQ when a request of nelems elements of xsize bytes is over it */
int ncsfi_max_req(MPI_Offset nelems, int xsize);
/* 1 when the puts (put) or gets among ps add up to more than it */
int ncsfi_max_req_over(ncsf_prepared *const *ps, int n, int put);
/* ---- io/getput.c -------------------------------------------------------- */
int ncsfi_prepare(ncsf_file *f, ncsf_var *v, const ncsf_call *c, int copy,
                  ncsf_prepared *p);
int ncsfi_finish(ncsf_prepared *p);
void ncsfi_release(ncsf_prepared *p);
int ncsfi_keep_buftype(ncsf_prepared *p);
int ncsfi_run(ncsf_file *f, int n, ncsf_prepared **ps, int collective,
              int caller_err, int dirs);
/* The same; collective, *abort (this rank's, then agreed in the first
 * reduction: or over ranks) calls the run off everywhere before anything
 * moves (a rank that sets it passes no requests). */
int ncsfi_run_ab(ncsf_file *f, int n, ncsf_prepared **ps, int collective,
                 int caller_err, int dirs, int *abort);
/* ---- io/nonblocking.c --------------------------------------------------- */
int ncsfi_post(ncsf_file *f, ncsf_var *v, ncsf_call *c);
void ncsfi_pending_free_all(ncsf_file *f);
int ncsfi_pending_count(const ncsf_file *f);
/* After PnetCDF's own iput, iget or bput (a variable not subfiled) on
 * ncid returned err, *req its id: counted. Returns err. */
int ncsfi_pnc_posted(int ncid, int err, const int *req);

#endif
