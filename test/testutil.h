/*
 * testutil.h: checks that report where they failed and keep going, so a
 * collective test never leaves other ranks waiting; the verdict is agreed
 * over all ranks at the end.
 */
#ifndef NCSF_TESTUTIL_H
#define NCSF_TESTUTIL_H
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

typedef struct { int rank, nprocs, failures; const char *where; } test_state;

#define EXPECT_ERR(ts, call, want) do { \
    int e_ = (call); \
    if (e_ != (want)) { \
        fprintf(stderr, "[rank %d] %s:%d %s: %s returned %d (%s), expected %d\n", (ts)->rank, \
                __FILE__, __LINE__, (ts)->where, #call, e_, ncmpi_strerror(e_), (int)(want)); \
        (ts)->failures++; \
    } } while (0)
#define EXPECT_OK(ts, call) EXPECT_ERR(ts, call, NC_NOERR)
#define EXPECT(ts, cond, ...) do { if (!(cond)) { \
    fprintf(stderr, "[rank %d] %s:%d %s: ", (ts)->rank, __FILE__, __LINE__, (ts)->where); \
    fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); (ts)->failures++; } } while (0)

/* err must be the same on every rank, and equal want; want may also be
 * TEST_ANY (any outcome, as long as all agree) or TEST_SOME_ERROR. */
#define TEST_ANY 1
#define TEST_SOME_ERROR 2
static inline void test_agreed(test_state *ts, int err, int want, const char *what)
{
    int lo, hi;
    MPI_Allreduce(&err, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&err, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    EXPECT(ts, lo == hi, "%s: ranks disagree (%d .. %d)", what, lo, hi);
    if (want == TEST_SOME_ERROR) EXPECT(ts, err != 0, "%s: no error", what);
    else if (want != TEST_ANY)
        EXPECT(ts, err == want, "%s: got %d (%s), expected %d (%s)", what, err,
               ncmpi_strerror(err), want, ncmpi_strerror(want));
}

/* stmt on rank 0 only (file surgery), the others wait for it. */
#define ON_ROOT(ts, stmt) do { if ((ts)->rank == 0) { stmt; } MPI_Barrier(MPI_COMM_WORLD); } while (0)

static inline void test_init(test_state *ts, int *argc, char ***argv)
{
    MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &ts->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ts->nprocs);
    ts->failures = 0;
    ts->where = "";
}

/* Rank r's share of n items split evenly over p ranks (the first n % p
 * ranks get one more): its first item and how many. */
static inline void test_split(long long n, int r, int p, MPI_Offset *first, MPI_Offset *count)
{
    long long q = n / p, m = n % p;
    *first = r * q + (r < m ? r : m);
    *count = q + (r < m);
}

/* Hints that subfile a variable in two subfiles, however small (to be
 * freed). */
static inline MPI_Info test_two_subfiles(void)
{
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", "2");
    MPI_Info_set(info, "subfiling_min_size", "0");
    return info;
}

/* Whether this MPI's MPI_Info holds the value val: Open MPI refuses an
 * empty value (MPI_ERR_INFO_VALUE, fatal under MPI_ERRORS_ARE_FATAL) that
 * MPICH holds, so a case giving ncsf an empty hint cannot be run there.
 * The probe returns the error instead of aborting. */
static inline int test_info_holds(const char *val)
{
    MPI_Info info;
    MPI_Errhandler old;
    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &old);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Info_create(&info);
    int rc = MPI_Info_set(info, "test_probe", val);
    MPI_Info_free(&info);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, old);
    MPI_Errhandler_free(&old);
    return rc == MPI_SUCCESS;
}

/* Agreed verdict; returns the process exit status. */
static inline int test_finish(test_state *ts, const char *name)
{
    int total;
    MPI_Allreduce(&ts->failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (ts->rank == 0)
        printf("%s on %d processes: %s (%d failed checks)\n", name, ts->nprocs,
               total ? "FAILED" : "ok", total);
    MPI_Finalize();
    return total ? 1 : 0;
}
#endif
