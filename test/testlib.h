/*
 * testlib.h: helpers the C tests share (test/testlib.c), over testutil.h's
 * checks: the rows of a small 2-D int array each rank writes, their
 * values, and the info objects the tests open datasets with.
 */
#ifndef NCSF_TESTLIB_H
#define NCSF_TESTLIB_H
#include <mpi.h>
#include "testutil.h"

/* This rank's rows of an nx x ny array (test_split over the ranks). */
void tl_rows(const test_state *ts, MPI_Offset nx, MPI_Offset ny, MPI_Offset *st, MPI_Offset *ct);
/* The values of seed (values.h) for the rows st/ct of an array ny wide. */
void tl_fill_rows(int *b, const MPI_Offset *st, const MPI_Offset *ct, MPI_Offset ny, int seed);
/* This rank's rows of int variable v of ncid, written collectively with
 * the values of seed (a failure counts in ts). */
void tl_put_rows(test_state *ts, int ncid, int v, MPI_Offset nx, MPI_Offset ny, int seed);
/* An info with the given key, value pairs (a NULL key ends them). */
MPI_Info tl_info(const char *key, ...);
#endif
