/*
 * ncsfi_api.h: the names src/ncmpi/api/ offers to the layers above it
 * (the entry points' own helpers: routing, dispatch, mput/mget).
 * A file of api/ includes this header only; it includes the one below
 * (doc/architecture.md: api, dataset, io, subfiles, meta, base), so a
 * name of a higher layer is unknown here: using one does not compile.
 */
#ifndef NCSFI_API_H
#define NCSFI_API_H

#include "../dataset/ncsfi_dataset.h"

/* ---- api/route.c -------------------------------------------------------- */
int ncsfi_route(int ncid, int varid);
/* put: the call writes (a put in a read-only dataset is NC_EPERM first) */
int ncsfi_route_collective(int ncid, int varid, int put);
/* ---- api/multi.c -------------------------------------------------------- */
/* 1: ncid has subfiled variables, its mput/mget are served as iput/iget
 * and one wait; 0: PnetCDF's own; NC_EBADID: no dataset of ours. */
int ncsfi_route_multi(int ncid);
/* Room for num requests and their statuses (NULL if num is 0, or with
 * *err = NC_ENOMEM). */
int *ncsfi_multi_reqs(int num, int *err);
/* Completes the first `posted` requests in reqs (from ncsfi_multi_reqs;
 * may be NULL when posted is 0) and frees it: wait_all when
 * collective (even with none posted: the others may have some), else
 * wait. Returns err if set, else the first error of the wait. */
int ncsfi_multi_wait(int ncid, int posted, int *reqs, int err, int collective);
/* PnetCDF's checks of an mput/mget before anything is posted (kind
 * NCSF_VAR..NCSF_VARM; itype NC_NAT for the flexible calls): the first
 * error, every variable's mode, id, type and coordinates in turn. A
 * collective call refused for an argument of this rank has joined the
 * others' wait (with nothing) when this returns. */
int ncsfi_multi_check(int ncid, int num, const int *varids, int put, nc_type itype, int collective,
                      int kind, MPI_Offset *const *starts, MPI_Offset *const *counts,
                      MPI_Offset *const *strides);

/* vard_flatten.c: a file type as runs of bytes, in type-map order */
typedef struct { MPI_Offset *off, *len; size_t n, cap; int err; } ncsfi_segs;
/* ---- api/vard_flatten.c ------------------------------------------------- */
int ncsfi_flatten_type(MPI_Datatype t, ncsfi_segs *s);
/* ---- api/dispatch.c ----------------------------------------------------- */
void ncsfi_call_init(ncsf_call *c, int put, int kind, int mode);
int ncsfi_dispatch(int ncid, int varid, ncsf_call *c);

#endif
