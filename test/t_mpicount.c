/*
 * t_mpicount.c: what benchmarks/scaling/libmpicount.so counts, in three
 * phases (MPI_Pcontrol) of known MPI traffic, checked by t_mpicount.sh:
 *  1. one MPI_Allreduce and one MPI_Bcast on MPI_COMM_WORLD, made by the
 *     program: 2 collectives of its own, none of MPI's;
 *  2. a collective MPI_File_open, MPI_File_write_at_all and
 *     MPI_File_close on MPI_COMM_WORLD: no collective of the program's,
 *     the ones MPI-IO makes inside MPI counted apart (inner_calls);
 *  3. MPI_Comm_dup of MPI_COMM_WORLD and MPI_Comm_free: one communicator
 *     of the program's, counted once (the PMPI_ call under the MPI_
 *     wrapper is not MPI's own).
 * Usage: t_mpicount FILE (the file phase 2 writes). Exits non-zero if an
 * MPI call fails.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, err = 0, x = 1, y = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc < 2) {
        if (rank == 0) fprintf(stderr, "usage: t_mpicount FILE\n");
        MPI_Finalize();
        return 2;
    }
    MPI_Pcontrol(1);
    err |= MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    err |= MPI_Bcast(&y, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Pcontrol(2);
    MPI_File fh;
    int buf[256];
    for (int i = 0; i < 256; i++) buf[i] = rank * 256 + i;
    err |= MPI_File_open(MPI_COMM_WORLD, argv[1], MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    if (!err) err |= MPI_File_write_at_all(fh, (MPI_Offset)rank * sizeof buf, buf, 256, MPI_INT, MPI_STATUS_IGNORE);
    if (!err) err |= MPI_File_close(&fh);
    MPI_Pcontrol(3);
    MPI_Comm dup;
    err |= MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    if (!err) err |= MPI_Comm_free(&dup);
    MPI_Pcontrol(0);
    if (err) fprintf(stderr, "t_mpicount: rank %d: an MPI call failed\n", rank);
    MPI_Finalize();
    return err != 0;
}
