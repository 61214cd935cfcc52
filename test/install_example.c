/*
 * install_example: the README's example as a program, built by
 * test/t_install.sh against an installed ncsf with nothing but
 * `pkg-config --cflags --libs ncsf`: a 2-D array in 4 subfiles, written
 * and read back by every process, every value checked.
 *
 *   mpiexec -n P install_example OUT.nc
 */
#include <stdio.h>
#include <stdlib.h>
#include <ncsf.h>

#define NZ 12
#define NX 5

int main(int argc, char **argv)
{
    int rank, np, ncid, dims[2], varid, bad = 0, err;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc != 2) {
        if (rank == 0) fprintf(stderr, "usage: install_example OUT.nc\n");
        MPI_Finalize();
        return 2;
    }
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", "4");
    err = ncmpi_create(MPI_COMM_WORLD, argv[1], NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid);
    if (!err) err = ncmpi_def_dim(ncid, "z", NZ, &dims[0]);
    if (!err) err = ncmpi_def_dim(ncid, "x", NX, &dims[1]);
    if (!err) err = ncmpi_def_var(ncid, "temp", NC_DOUBLE, 2, dims, &varid, info);
    if (!err) err = ncmpi_enddef(ncid);
    MPI_Offset lo = (MPI_Offset)NZ * rank / np, hi = (MPI_Offset)NZ * (rank + 1) / np;
    MPI_Offset start[2] = {lo, 0}, count[2] = {hi - lo, NX};
    double buf[NZ * NX];
    for (MPI_Offset i = 0; i < (hi - lo) * NX; i++) buf[i] = (double)(lo * NX + i) + 0.25;
    if (!err) err = ncmpi_put_vara_double_all(ncid, varid, start, count, buf);
    if (!err) err = ncmpi_close(ncid);
    /* read back everything on every process */
    if (!err) err = ncmpi_open(MPI_COMM_WORLD, argv[1], NC_NOWRITE, MPI_INFO_NULL, &ncid);
    MPI_Offset all[2] = {0, 0}, whole[2] = {NZ, NX};
    if (!err) err = ncmpi_inq_varid(ncid, "temp", &varid);
    if (!err) err = ncmpi_get_vara_double_all(ncid, varid, all, whole, buf);
    for (int i = 0; !err && i < NZ * NX; i++)
        if (buf[i] != (double)i + 0.25) bad++;
    int nfiles = 0, on = 0;
    if (!err) err = ncsf_inq_var_subfiling(ncid, varid, &on, &nfiles);
    if (!err) err = ncmpi_close(ncid);
    if (rank == 0) printf("install_example: %s, %d subfiles, %d wrong values\n", err ? ncmpi_strerror(err) : "ok", nfiles, bad);
    MPI_Info_free(&info);
    MPI_Finalize();
    return err || bad || nfiles != 4;
}
