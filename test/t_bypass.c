/*
 * t_bypass: a program whose setup file includes ncsf.h (it defines a
 * subfiled variable, with hints) while its I/O file, t_bypass_io.c,
 * includes pnetcdf.h and calls ncmpi_* as any PnetCDF code does. Linked
 * with -lncsf, those calls must reach ncsf all the same: the data lands in
 * the subfiles, not in the placeholder, and reads back right.
 *
 *   t_bypass FILE
 */
#include <stdio.h>
#include <ncsf.h>
#include "t_bypass.h"

int main(int argc, char **argv)
{
    int rank, nprocs, failures = 0, ncid, dz, dx, varid, seed = 5, d2[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (argc != 2) {
        MPI_Finalize();
        return 2;
    }
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", "2");
    int err = ncmpi_create(MPI_COMM_WORLD, argv[1], NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid);
    if (!err) err = ncmpi_def_dim(ncid, "z", BYPASS_NZ, &dz);
    if (!err) err = ncmpi_def_dim(ncid, "x", BYPASS_NX, &dx);
    d2[0] = dz, d2[1] = dx;
    if (!err) err = ncmpi_def_var(ncid, "field", NC_DOUBLE, 2, d2, &varid, info);
    if (!err) err = ncmpi_put_att_int(ncid, varid, "test_seed", NC_INT, 1, &seed);
    if (!err) err = ncmpi_enddef(ncid);
    MPI_Info_free(&info);
    int on = 0, n = 0;
    if (!err) err = ncsf_inq_var_subfiling(ncid, varid, &on, &n);
    if (err || !on || n != 2) {
        fprintf(stderr, "[rank %d] setup: %s, subfiled %d in %d\n", rank, ncmpi_strerror(err), on, n);
        failures++;
    }
    /* the I/O file knows only pnetcdf.h */
    if (!err) failures += bypass_write(ncid, varid, rank, nprocs);
    if (!err) err = ncmpi_close(ncid);
    if (!err) failures += bypass_read(argv[1], rank, nprocs);
    if (err) failures++;
    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) printf("t_bypass on %d processes: %s (%d failed checks)\n", nprocs, all ? "FAILED" : "ok", all);
    MPI_Finalize();
    return all != 0;
}
