/*
 * ncsf-merge: turn a subfiled dataset into one ordinary netCDF file.
 *
 *   ncsf-merge [--force] [--quiet] IN OUT
 *   mpiexec -n P ncsf-merge IN OUT
 *
 * IN is the base file or any one subfile. OUT gets the same format, every
 * variable at its global shape in canonical order and every attribute but
 * the subfiling_* ones. OUT is written under a temporary name beside it and
 * renamed when complete; it may never be a file of IN (output.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "copy.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: ncsf-merge [--force] [--quiet] IN OUT\n"
               "  Write the subfiled dataset IN (its base file or any subfile) as one\n"
               "  ordinary netCDF file OUT of the same format. Runs serially or under\n"
               "  mpiexec. --force overwrites OUT; --quiet hides progress.\n");
}

int main(int argc, char **argv)
{
    int rank, nprocs, force = 0, quiet = 0, in, out, err;
    const char *args[2];
    int nargs = 0;
    if (tool_start(&argc, &argv, &rank, &nprocs, usage)) return 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--force") || !strcmp(argv[i], "-f")) force = 1;
        else if (!strcmp(argv[i], "--quiet") || !strcmp(argv[i], "-q")) quiet = 1;
        else if (argv[i][0] == '-' && argv[i][1]) {
            if (rank == 0) { fprintf(stderr, "ncsf-merge: unknown option %s\n", argv[i]); usage(stderr); }
            MPI_Finalize();
            return 2;
        } else if (nargs < 2) args[nargs++] = argv[i];
        else nargs = 3;
    }
    if (nargs != 2) {
        if (rank == 0) usage(stderr);
        MPI_Finalize();
        return 2;
    }
    char basebuf[4096], tmp[4400];
    const char *src = tool_base_of_subfile(args[0], basebuf, sizeof basebuf);
    err = ncmpi_open(MPI_COMM_WORLD, src, NC_NOWRITE, MPI_INFO_NULL, &in);
    if (err) {
        if (rank == 0) fprintf(stderr, "ncsf-merge: cannot open %s: %s\n", src, ncmpi_strerror(err));
        MPI_Finalize();
        return 1;
    }
    if (tool_output_in_input("ncsf-merge", in, src, args[1], rank) ||
        tool_refuse_existing("ncsf-merge", args[1], force, rank)) {
        ncmpi_close(in);
        MPI_Finalize();
        return 1;
    }
    tool_temp_name(args[1], tmp, sizeof tmp);
    if ((err = tool_create_like(in, tmp, MPI_INFO_NULL, rank, "ncsf-merge", &out))) {
        ncmpi_close(in);
        MPI_Finalize();
        return 1;
    }
    copy_opts o = {rank, nprocs, !quiet && isatty(2), 64 << 20};
    err = copy_dataset(in, out, NULL, NULL, &o);
    int e2 = ncmpi_close(out), e3 = ncmpi_close(in);
    if (!err) err = e2 ? e2 : e3;
    if (err && rank == 0) fprintf(stderr, "ncsf-merge: %s\n", ncmpi_strerror(err));
    /* OUT appears whole or not at all */
    if (tool_commit_temp("ncsf-merge", tmp, args[1], !err, rank) && !err) err = NC_EFILE;
    if (!err && rank == 0 && !quiet && isatty(2)) fprintf(stderr, "ncsf-merge: wrote %s\n", args[1]);
    MPI_Finalize();
    return err ? 1 : 0;
}
