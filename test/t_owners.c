/*
 * t_owners: whose a dataset is (issue 34, items 1 and 2). A PnetCDF
 * program (pnetcdf.h only): test/t_owners is linked with libncsf,
 * test/t_owners_plain with PnetCDF alone and run under
 * LD_PRELOAD=libncsf-preload.so (test/t_owners.sh). Every variable is
 * subfiled (subfiling=enable, subfiling_nfiles=2, subfiling_min_size=0 at
 * the create).
 *
 *   t_owners a FILE B END   writer A: creates FILE, v(x, y) with x 3
 *                           rows per process, every row written (seed 1),
 *                           ncmpi_sync; then a second write handle B
 *                           opens FILE NC_WRITE and closes it without
 *                           writing: B "same" (this program, the same
 *                           processes), "other" (another job: process 0
 *                           makes FILE.synced and waits for FILE.go),
 *                           "none"; then A puts process 0's rows again
 *                           (seed 2, collective, the others with nothing)
 *                           and END:
 *                             die     the last process kills itself
 *                                     before close (the others wait in a
 *                                     barrier): mpiexec ends the job
 *                             close   the put and the close return
 *                                     NC_NOERR (as PnetCDF's)
 *                             damage  the state mark's bytes are damaged
 *                                     before the put: the put returns an
 *                                     error on every process and writes
 *                                     nothing (rows 0..2 still seed 1)
 *   t_owners b FILE          a second write handle in its own job: opens
 *                           NC_WRITE and closes, both NC_NOERR
 *   t_owners check FILE WHAT   another job reads FILE: WHAT "dead": open
 *                           refused with NC_ETRUNC on every process, and
 *                           with subfiling_incomplete=accept it opens;
 *                           "closed": opens, rows 0..2 seed 2, the others
 *                           seed 1; "damaged": refused (the mark is
 *                           unreadable), then, the mark repaired, every
 *                           row seed 1
 *   t_owners renamed DIR     item 2: DIR/out.nc created (seed 1), renamed
 *                           DIR/day1.nc by process 0, DIR/out.nc created
 *                           again with NC_CLOBBER (seed 3, another
 *                           shape): both read back, every value
 *   t_owners check_renamed DIR   day1.nc (seed 1) and out.nc (seed 3)
 *                           read back by another job, every value
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <pnetcdf.h>
#include "values.h"

enum { NY = 4, ROWS = 3 };
static int rank, nprocs, failures;

#define CHECK(cond, ...)                                                     \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "rank %d: line %d: ", rank, __LINE__);           \
            fprintf(stderr, __VA_ARGS__);                                    \
            fprintf(stderr, "\n");                                           \
            failures++;                                                      \
        }                                                                    \
    } while (0)
#define OK(call)                                                             \
    do {                                                                     \
        int e_ = (call);                                                     \
        CHECK(e_ == NC_NOERR, "%s: %s", #call, ncmpi_strerror(e_));          \
    } while (0)

static MPI_Info sf_info(int accept)
{
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", "2");
    MPI_Info_set(info, "subfiling_min_size", "0");
    if (accept) MPI_Info_set(info, "subfiling_incomplete", "accept");
    return info;
}

/* Create path: v(x, y), x = rows per process times nprocs, every value
 * (seed) written; left open (ncid) */
static int create_written(const char *path, int rows, int seed)
{
    int ncid, d[2], v;
    MPI_Info info = sf_info(0);
    OK(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, info, &ncid));
    MPI_Info_free(&info);
    OK(ncmpi_def_dim(ncid, "x", (MPI_Offset)rows * nprocs, &d[0]));
    OK(ncmpi_def_dim(ncid, "y", NY, &d[1]));
    OK(ncmpi_def_var(ncid, "v", NC_INT, 2, d, &v));
    OK(ncmpi_def_var(ncid, "o", NC_INT, 0, NULL, &v)); /* a scalar: never subfiled */
    OK(ncmpi_enddef(ncid));
    OK(ncmpi_inq_varid(ncid, "v", &v));
    MPI_Offset st[2] = {(MPI_Offset)rows * rank, 0}, ct[2] = {rows, NY};
    int *b = malloc(sizeof(int) * rows * NY);
    for (int i = 0; i < rows * NY; i++) b[i] = (int)test_value(NC_INT, st[0] * NY + i, seed);
    OK(ncmpi_put_vara_int_all(ncid, v, st, ct, b));
    free(b);
    return ncid;
}

/* Every value of v through ncid: rows below low_rows of seed low, the
 * others of seed; the count of rows is the file's. */
static void check_values(int ncid, int low_rows, int low, int seed, const char *what)
{
    int v, d[2];
    MPI_Offset nx = 0;
    OK(ncmpi_inq_varid(ncid, "v", &v));
    OK(ncmpi_inq_vardimid(ncid, v, d));
    OK(ncmpi_inq_dimlen(ncid, d[0], &nx));
    int *b = calloc((size_t)(nx * NY + 1), sizeof(int));
    OK(ncmpi_get_var_int_all(ncid, v, b));
    long bad = 0;
    for (MPI_Offset i = 0; i < nx * NY; i++)
        if (b[i] != (int)test_value(NC_INT, i, i < (MPI_Offset)low_rows * NY ? low : seed)) bad++;
    CHECK(bad == 0 && nx > 0, "%s: %ld of %lld values wrong", what, bad, (long long)(nx * NY));
    free(b);
}

/* process 0 overwrites the state mark's value (found after its name in
 * the header) with bytes that are no mark (from is one of them), or with
 * "complete" */
static void change_mark(const char *path, const char *from, const char *to)
{
    if (rank == 0) {
        FILE *fp = fopen(path, "r+b");
        static unsigned char h[65536];
        size_t n = fp ? fread(h, 1, sizeof h, fp) : 0;
        long at = -1;
        for (size_t i = 0; i + 15 < n && at < 0; i++)
            if (!memcmp(h + i, "subfiling_state", 15))
                for (size_t j = i + 15; j + 8 <= n && j < i + 40; j++)
                    if (from ? !memcmp(h + j, from, 8)
                             : !memcmp(h + j, "synced  ", 8) || !memcmp(h + j, "complete", 8) ||
                                   !memcmp(h + j, "writing ", 8)) {
                        at = (long)j;
                        break;
                    }
        CHECK(at > 0, "no mark found in %s", path);
        if (at > 0) {
            fseek(fp, at, SEEK_SET);
            fwrite(to, 1, 8, fp);
        }
        if (fp) fclose(fp);
    }
    MPI_Barrier(MPI_COMM_WORLD);
}

static void damage_mark(const char *path) { change_mark(path, NULL, "garbage!"); }
static void repair_mark(const char *path) { change_mark(path, "garbage!", "complete"); }

static void wait_for(const char *path)
{
    struct stat sb;
    for (int i = 0; i < 6000 && stat(path, &sb) != 0; i++) usleep(20000);
}

static int agreed_ok(int err)
{
    int all = err != NC_NOERR;
    MPI_Allreduce(MPI_IN_PLACE, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    return all;
}

static void writer_a(const char *path, const char *b, const char *end)
{
    int ncid = create_written(path, ROWS, 1), v;
    OK(ncmpi_sync(ncid));
    if (!strcmp(b, "same")) {
        int nb;
        OK(ncmpi_open(MPI_COMM_WORLD, path, NC_WRITE, MPI_INFO_NULL, &nb));
        OK(ncmpi_close(nb));
    } else if (!strcmp(b, "other")) {
        char flag[1100];
        if (rank == 0) {
            snprintf(flag, sizeof flag, "%s.synced", path);
            FILE *fp = fopen(flag, "w");
            if (fp) fclose(fp);
            snprintf(flag, sizeof flag, "%s.go", path);
            wait_for(flag);
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    if (!strcmp(end, "damage")) {
        damage_mark(path);
        /* a collective vard on the ordinary variable: PnetCDF's call, joined
         * by every process, and the mark's error returned all the same */
        int o, one = 7;
        OK(ncmpi_inq_varid(ncid, "o", &o));
        int err = ncmpi_put_vard_all(ncid, o, MPI_INT, &one, 1, MPI_INT);
        CHECK(err != NC_NOERR, "a collective vard on an ordinary variable after the mark was damaged returned NC_NOERR");
        CHECK(agreed_ok(err) == nprocs, "the vard's error is not on every process");
    }
    OK(ncmpi_inq_varid(ncid, "v", &v));
    /* process 0's rows again, seed 2; the others with nothing */
    MPI_Offset st[2] = {0, 0}, ct[2] = {rank == 0 ? ROWS : 0, NY};
    int buf[ROWS * NY];
    for (int i = 0; i < ROWS * NY; i++) buf[i] = (int)test_value(NC_INT, i, 2);
    int err = ncmpi_put_vara_int_all(ncid, v, st, ct, buf);
    if (!strcmp(end, "damage")) {
        CHECK(err != NC_NOERR, "the put after the mark was damaged returned NC_NOERR");
        CHECK(agreed_ok(err) == nprocs, "the put's error is not on every process");
        err = ncmpi_close(ncid);
        CHECK(err != NC_NOERR, "the close after the mark was damaged returned NC_NOERR");
        return;
    }
    CHECK(err == NC_NOERR, "the put after B's close: %s", ncmpi_strerror(err));
    if (!strcmp(end, "die")) {
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == nprocs - 1) {
            printf("rank %d: killing myself before close\n", rank);
            fflush(stdout);
            raise(SIGKILL);
        }
        MPI_Barrier(MPI_COMM_WORLD);
        return;
    }
    err = ncmpi_close(ncid);
    CHECK(err == NC_NOERR, "A's close: %s", ncmpi_strerror(err));
}

static void writer_b(const char *path)
{
    int nb;
    OK(ncmpi_open(MPI_COMM_WORLD, path, NC_WRITE, MPI_INFO_NULL, &nb));
    OK(ncmpi_close(nb));
}

static void check(const char *path, const char *what)
{
    int ncid, err;
    MPI_Info acc = sf_info(1);
    if (!strcmp(what, "dead")) {
        err = ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid);
        CHECK(err == NC_ETRUNC, "a dead writer's dataset opened: %s, not NC_ETRUNC", ncmpi_strerror(err));
        CHECK(agreed_ok(err) == nprocs, "refused on some processes only");
        if (err == NC_NOERR) ncmpi_close(ncid);
        OK(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, acc, &ncid));
        OK(ncmpi_close(ncid));
    } else if (!strcmp(what, "closed")) {
        OK(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
        check_values(ncid, ROWS, 2, 1, "after A's close");
        OK(ncmpi_close(ncid));
    } else {
        err = ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, acc, &ncid);
        CHECK(err != NC_NOERR, "a dataset with a damaged mark opened");
        if (err == NC_NOERR) ncmpi_close(ncid);
        repair_mark(path);
        OK(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
        check_values(ncid, 0, 1, 1, "after the refused put");
        OK(ncmpi_close(ncid));
    }
    MPI_Info_free(&acc);
}

static void renamed(const char *dir)
{
    char day1[1100], out[1100];
    snprintf(day1, sizeof day1, "%s/day1.nc", dir);
    snprintf(out, sizeof out, "%s/out.nc", dir);
    OK(ncmpi_close(create_written(out, ROWS, 1)));
    if (rank == 0) CHECK(rename(out, day1) == 0, "rename: %s", strerror(errno));
    MPI_Barrier(MPI_COMM_WORLD);
    OK(ncmpi_close(create_written(out, ROWS + 2, 3)));
}

static void check_renamed(const char *dir)
{
    char day1[1100], out[1100];
    int ncid;
    snprintf(day1, sizeof day1, "%s/day1.nc", dir);
    snprintf(out, sizeof out, "%s/out.nc", dir);
    OK(ncmpi_open(MPI_COMM_WORLD, day1, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    check_values(ncid, 0, 1, 1, "day1.nc after a new out.nc");
    OK(ncmpi_close(ncid));
    OK(ncmpi_open(MPI_COMM_WORLD, out, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    check_values(ncid, 0, 3, 3, "the new out.nc");
    OK(ncmpi_close(ncid));
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (argc >= 5 && !strcmp(argv[1], "a")) writer_a(argv[2], argv[3], argv[4]);
    else if (argc >= 3 && !strcmp(argv[1], "b")) writer_b(argv[2]);
    else if (argc >= 4 && !strcmp(argv[1], "check")) check(argv[2], argv[3]);
    else if (argc >= 3 && !strcmp(argv[1], "renamed")) renamed(argv[2]);
    else if (argc >= 3 && !strcmp(argv[1], "check_renamed")) check_renamed(argv[2]);
    else {
        if (rank == 0) fprintf(stderr, "usage: t_owners a FILE same|other|none die|close|damage | b FILE | "
                               "check FILE dead|closed|damaged | renamed DIR | check_renamed DIR\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Allreduce(MPI_IN_PLACE, &failures, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) printf("t_owners %s: %s (%d failures)\n", argv[1], failures ? "FAIL" : "ok", failures);
    MPI_Finalize();
    return failures ? 1 : 0;
}
