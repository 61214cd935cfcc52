/*
 * t_groupcomm: the communicators of the MPI-IO method's groups are made
 * from a parent that carries no attributes. Open MPI 4.1's
 * MPI_Comm_create_group copies the parent's attributes into the child
 * (MPI says only a duplicate copies them), and ROMIO caches its list of
 * processor names on every communicator it opens a file on and on the
 * communicator's duplicates: a group of 2 made from a parent of 4 with
 * that list aborts in MPI_File_open under Open MPI's ROMIO ("no
 * aggregator matches", then a free of a null pointer in its error path).
 *
 * The program opens a file with MPI-IO on MPI_COMM_WORLD first (as an
 * application may: ROMIO caches its list there), sets an attribute of its
 * own that duplicates copy on MPI_COMM_WORLD, then writes two variables
 * of one dataset split in 2 subfiles without gathering (the MPI-IO
 * method): "a" by columns (every rank in both subfiles: groups of every
 * rank) then "b" by rows (groups of 2 at 4 processes). It defines
 * MPI_File_open and MPI_Comm_create_group itself (the profiling
 * interface) and checks, whatever the MPI, that no parent of a group's
 * communicator was given to MPI_File_open or carries the program's
 * attribute. Every value is read back by rows and by columns.
 *
 *   t_groupcomm FILE OWN   (4 processes: groups smaller than the whole;
 *                          OWN: the application's own MPI-IO file)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h>
#include "testutil.h"
#include "values.h"

static int opened_key = MPI_KEYVAL_INVALID, user_key = MPI_KEYVAL_INVALID;
static int made, made_part, parent_opened, parent_user;
static int user_value = 42;

/* a communicator MPI-IO opened a file on is marked (never copied) */
int MPI_File_open(MPI_Comm comm, const char *path, int amode, MPI_Info info, MPI_File *fh)
{
    if (opened_key != MPI_KEYVAL_INVALID) PMPI_Comm_set_attr(comm, opened_key, NULL);
    return PMPI_File_open(comm, path, amode, info, fh);
}

int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *out)
{
    int flag = 0, n = 0, all = 0;
    void *v;
    if (opened_key != MPI_KEYVAL_INVALID) {
        PMPI_Comm_get_attr(comm, opened_key, &v, &flag);
        parent_opened += flag;
        PMPI_Comm_get_attr(comm, user_key, &v, &flag);
        parent_user += flag;
    }
    PMPI_Group_size(group, &n);
    PMPI_Comm_size(comm, &all);
    made++;
    made_part += n > 1 && n < all;
    return PMPI_Comm_create_group(comm, group, tag, out);
}

enum { NX = 8, NY = 8 };

static int value_at(int seed, MPI_Offset i, MPI_Offset j) { return (int)test_value(4 /* NC_INT */, i * NY + j, seed); }

/* rows [r0, r0 + nr) x cols [c0, c0 + nc) of variable v: written or read
 * and checked */
static void box(test_state *ts, int ncid, int var, int seed, int write, MPI_Offset r0, MPI_Offset nr,
                MPI_Offset c0, MPI_Offset nc)
{
    MPI_Offset st[2] = {r0, c0}, ct[2] = {nr, nc};
    int *b = malloc(sizeof(int) * (size_t)(nr * nc + 1));
    if (write) {
        for (MPI_Offset i = 0; i < nr; i++)
            for (MPI_Offset j = 0; j < nc; j++) b[i * nc + j] = value_at(seed, r0 + i, c0 + j);
        EXPECT_OK(ts, ncmpi_put_vara_int_all(ncid, var, st, ct, b));
    } else {
        memset(b, 0, sizeof(int) * (size_t)(nr * nc + 1));
        EXPECT_OK(ts, ncmpi_get_vara_int_all(ncid, var, st, ct, b));
        int bad = 0;
        for (MPI_Offset i = 0; i < nr; i++)
            for (MPI_Offset j = 0; j < nc; j++) bad += b[i * nc + j] != value_at(seed, r0 + i, c0 + j);
        EXPECT(ts, bad == 0, "variable %d: %d of %lld values differ", var, bad, (long long)(nr * nc));
    }
    free(b);
}

int main(int argc, char **argv)
{
    test_state ts;
    test_init(&ts, &argc, &argv);
    if (argc < 3) { fprintf(stderr, "usage: t_groupcomm FILE OWN\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
    const char *path = argv[1], *own = argv[2];
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &opened_key, NULL);
    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &user_key, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, user_key, &user_value);

    /* an application's own MPI-IO file on the world communicator */
    MPI_File fh;
    ts.where = "own MPI-IO file";
    EXPECT(&ts, MPI_File_open(MPI_COMM_WORLD, own, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh) ==
                   MPI_SUCCESS, "MPI_File_open");
    MPI_File_close(&fh);

    MPI_Info hints = test_two_subfiles();
    MPI_Info_set(hints, "subfiling_aggregate", "0"); /* the MPI-IO method for every subfile */
    int ncid, dims[2], va, vb;
    ts.where = "write";
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, hints, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &dims[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &dims[1]));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "a", NC_INT, 2, dims, &va));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "b", NC_INT, 2, dims, &vb));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    MPI_Offset r0, nr, c0, nc;
    test_split(NY, ts.rank, ts.nprocs, &c0, &nc);
    test_split(NX, ts.rank, ts.nprocs, &r0, &nr);
    box(&ts, ncid, va, 1, 1, 0, NX, c0, nc); /* by columns: every rank in both subfiles */
    box(&ts, ncid, vb, 2, 1, r0, nr, 0, NY); /* by rows: half the ranks in each */
    EXPECT_OK(&ts, ncmpi_close(ncid));
    int on = 0, nfiles = 0;
    ts.where = "read";
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, hints, &ncid));
    EXPECT_OK(&ts, ncsf_inq_var_subfiling(ncid, vb, &on, &nfiles));
    EXPECT(&ts, on && nfiles == 2, "b: subfiling %d in %d subfiles, expected 2", on, nfiles);
    box(&ts, ncid, va, 1, 0, r0, nr, 0, NY);
    box(&ts, ncid, vb, 2, 0, 0, NX, c0, nc);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    MPI_Info_free(&hints);

    ts.where = "groups";
    int mine[4] = {made, made_part, parent_opened, parent_user}, sum[4];
    MPI_Allreduce(mine, sum, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (ts.rank == 0)
        printf("GROUPS made %d, smaller than the whole %d; parents given to MPI_File_open %d, "
               "with the program's attribute %d\n", sum[0], sum[1], sum[2], sum[3]);
    if (ts.nprocs >= 4) EXPECT(&ts, sum[1] > 0, "no group smaller than the whole was made (nothing tested)");
    EXPECT(&ts, parent_opened == 0, "%d parents of a group's communicator had a file opened on them by MPI-IO",
           parent_opened);
    EXPECT(&ts, parent_user == 0, "%d parents of a group's communicator carry the program's attribute",
           parent_user);
    MPI_Comm_free_keyval(&opened_key);
    MPI_Comm_free_keyval(&user_key);
    return test_finish(&ts, "t_groupcomm");
}
