/*
 * t_zerocount: a PnetCDF program (pnetcdf.h, -lpnetcdf only) whose
 * collective puts of record variables give some processes a zero count.
 * PnetCDF 1.14.1 and 1.15.0 hang on such a put (the process with nothing
 * skips the reduction of the record count); 1.12.3 does not. Run plain it
 * shows which this PnetCDF is (test/t_zerocount.sh runs it under a short
 * timeout); run through libncsf-preload.so with `sub` subfiled, ncsf's
 * engine serves those puts, and nothing ncsf itself asks of PnetCDF (the
 * placeholder's records at sync and close, the record count) may hang.
 *
 *   t_zerocount FILE
 *
 * In one dataset: sub(time, x) int with _FillValue -99, plain(time) int,
 * fixed(x) int, both in every file. Collectively: record 0 of sub from
 * process 0 only, then sync; records 1..5 from the last process only;
 * plain's record r from each process r (no zero count); records 6 and 7
 * of sub by iput on process 0 only, one wait_all; in independent mode
 * records 8 and 9 from process 0; then fill_var_rec of record 10; close.
 * Reopened: 11 records, every value of sub and plain as written (-99 in
 * record 10).
 */
#include <stdio.h>
#include <stdlib.h>
#include <pnetcdf.h>

enum { X = 4, NREC = 11, FILLV = -99 };
static int rank, nprocs, failures;

#define CHECK(call) do { int e_ = (call); if (e_ != NC_NOERR) { \
    fprintf(stderr, "[rank %d] line %d: %s: %s\n", rank, __LINE__, #call, ncmpi_strerror(e_)); \
    failures++; } } while (0)

static int value(MPI_Offset rec, int x) { return (int)rec * 100 + x + 1; }

/* records [first, first + n) of sub from this process, or nothing */
static void put_sub(int ncid, int v, MPI_Offset first, MPI_Offset n, int mine)
{
    MPI_Offset start[2] = {first, 0}, count[2] = {mine ? n : 0, mine ? X : 0};
    int buf[8 * X];
    for (MPI_Offset r = 0; r < n; r++)
        for (int x = 0; x < X; x++) buf[r * X + x] = value(first + r, x);
    CHECK(ncmpi_put_vara_int_all(ncid, v, start, count, buf));
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (argc != 2) {
        if (rank == 0) fprintf(stderr, "usage: t_zerocount FILE\n");
        MPI_Finalize();
        return 2;
    }
    int ncid, dims[2], sub, plain, fixed, fillv = FILLV, last = nprocs - 1;
    CHECK(ncmpi_create(MPI_COMM_WORLD, argv[1], NC_CLOBBER, MPI_INFO_NULL, &ncid));
    CHECK(ncmpi_def_dim(ncid, "time", NC_UNLIMITED, &dims[0]));
    CHECK(ncmpi_def_dim(ncid, "x", X, &dims[1]));
    CHECK(ncmpi_def_var(ncid, "sub", NC_INT, 2, dims, &sub));
    CHECK(ncmpi_put_att_int(ncid, sub, "_FillValue", NC_INT, 1, &fillv));
    CHECK(ncmpi_def_var(ncid, "plain", NC_INT, 1, dims, &plain));
    CHECK(ncmpi_def_var(ncid, "fixed", NC_INT, 1, &dims[1], &fixed));
    CHECK(ncmpi_enddef(ncid));

    put_sub(ncid, sub, 0, 1, rank == 0);
    CHECK(ncmpi_sync(ncid));
    put_sub(ncid, sub, 1, 5, rank == last);
    /* no zero count: every process writes its own record of plain */
    MPI_Offset pst = rank, pct = 1;
    int pv = 1000 + rank;
    CHECK(ncmpi_put_vara_int_all(ncid, plain, &pst, &pct, &pv));
    MPI_Offset fst = 0, fct = rank == 0 ? X : 0;
    int fbuf[X] = {1, 2, 3, 4};
    CHECK(ncmpi_put_vara_int_all(ncid, fixed, &fst, &fct, fbuf));

    int ibuf[2][X], req[2], st[2], nreq = 0;
    if (rank == 0)
        for (int r = 0; r < 2; r++) {
            MPI_Offset start[2] = {6 + r, 0}, count[2] = {1, X};
            for (int x = 0; x < X; x++) ibuf[r][x] = value(6 + r, x);
            CHECK(ncmpi_iput_vara_int(ncid, sub, start, count, ibuf[r], &req[nreq++]));
        }
    CHECK(ncmpi_wait_all(ncid, nreq, req, st));

    CHECK(ncmpi_begin_indep_data(ncid));
    if (rank == 0) {
        MPI_Offset start[2] = {8, 0}, count[2] = {2, X};
        int buf[2 * X];
        for (int r = 0; r < 2; r++)
            for (int x = 0; x < X; x++) buf[r * X + x] = value(8 + r, x);
        CHECK(ncmpi_put_vara_int(ncid, sub, start, count, buf));
    }
    CHECK(ncmpi_end_indep_data(ncid));
    CHECK(ncmpi_fill_var_rec(ncid, sub, 10));
    CHECK(ncmpi_close(ncid));

    /* every value read back, on every process */
    MPI_Offset nrec = -1;
    int all[NREC * X], pall[NREC], fall[X];
    CHECK(ncmpi_open(MPI_COMM_WORLD, argv[1], NC_NOWRITE, MPI_INFO_NULL, &ncid));
    CHECK(ncmpi_inq_dimlen(ncid, 0, &nrec));
    if (nrec != NREC) fprintf(stderr, "[rank %d] %lld records, expected %d\n", rank, (long long)nrec, NREC), failures++;
    CHECK(ncmpi_get_var_int_all(ncid, sub, all));
    CHECK(ncmpi_get_var_int_all(ncid, fixed, fall));
    MPI_Offset s0 = 0, c0 = nprocs;
    CHECK(ncmpi_get_vara_int_all(ncid, plain, &s0, &c0, pall));
    for (int r = 0; r < NREC; r++)
        for (int x = 0; x < X; x++) {
            int want = r == 10 ? FILLV : value(r, x);
            if (all[r * X + x] != want && failures++ < 10)
                fprintf(stderr, "[rank %d] sub[%d][%d] = %d, expected %d\n", rank, r, x, all[r * X + x], want);
        }
    for (int r = 0; r < nprocs; r++)
        if (pall[r] != 1000 + r) fprintf(stderr, "[rank %d] plain[%d] = %d\n", rank, r, pall[r]), failures++;
    for (int x = 0; x < X; x++)
        if (fall[x] != x + 1) fprintf(stderr, "[rank %d] fixed[%d] = %d\n", rank, x, fall[x]), failures++;
    CHECK(ncmpi_close(ncid));

    int total = 0;
    MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) printf("t_zerocount on %d processes: %s\n", nprocs, total ? "FAILED" : "ok");
    MPI_Finalize();
    return total != 0;
}
