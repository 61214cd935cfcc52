/*
 * t_figure6: a program in the shape of Figure 6 of the subfiling paper:
 * the only change to a PnetCDF program is the info argument of def_var.
 */
#include <stdio.h>
#include <stdlib.h>
#include <ncsf.h>

int main(int argc, char **argv)
{
    int rank, nprocs, ncid, varid, dimids[2], err, seed = 3, fails = 0;
    MPI_Info sf_info;
    MPI_Comm comm = MPI_COMM_WORLD;
    const char *filename = argc > 1 ? argv[1] : "figure6.nc";

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &nprocs);
    MPI_Offset starts[2] = {(MPI_Offset)rank * 4, 0}, counts[2] = {4, 10};
    int *buf = malloc(sizeof(int) * 40);
    for (int i = 0; i < 40; i++) buf[i] = (int)(((starts[0] + i / 10) * 10 + i % 10) * 7 + seed * 13 - 1000000000LL);

    MPI_Info_create(&sf_info);
    MPI_Info_set(sf_info, "subfiling", "enable");
    MPI_Info_set(sf_info, "subfiling_nfiles", "4");
    err = ncmpi_create(comm, filename, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid);
    if (err != NC_NOERR) { printf("create: %s\n", ncmpi_strerror(err)); MPI_Abort(comm, 1); }
    ncmpi_def_dim(ncid, "rows", (MPI_Offset)nprocs * 4, &dimids[0]);
    ncmpi_def_dim(ncid, "cols", 10, &dimids[1]);
    err = ncmpi_def_var(ncid, "var", NC_INT, 2, dimids, &varid, sf_info);
    fails += err != NC_NOERR;
    ncmpi_put_att_int(ncid, varid, "test_seed", NC_INT, 1, &seed);
    fails += ncmpi_enddef(ncid) != NC_NOERR;
    fails += ncmpi_put_vara_all(ncid, varid, starts, counts, buf, 40, MPI_INT) != NC_NOERR;
    fails += ncmpi_close(ncid) != NC_NOERR;
    MPI_Info_free(&sf_info);

    /* the same variable through the library: the global array */
    int *back = calloc(40, sizeof(int));
    fails += ncmpi_open(comm, filename, NC_NOWRITE, MPI_INFO_NULL, &ncid) != NC_NOERR;
    fails += ncmpi_get_vara_int_all(ncid, varid, starts, counts, back) != NC_NOERR;
    for (int i = 0; i < 40; i++) fails += back[i] != buf[i];
    int nfiles = 0, on = 0;
    ncsf_inq_var_subfiling(ncid, varid, &on, &nfiles);
    fails += !on || nfiles != (nprocs * 4 < 4 ? nprocs * 4 : 4);
    fails += ncmpi_close(ncid) != NC_NOERR;
    int total;
    MPI_Allreduce(&fails, &total, 1, MPI_INT, MPI_SUM, comm);
    if (rank == 0) printf("t_figure6 on %d processes: %s, %d subfiles\n", nprocs, total ? "FAILED" : "ok", nfiles);
    free(buf);
    free(back);
    MPI_Finalize();
    return total != 0;
}
