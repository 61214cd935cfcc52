/*
 * ncsf-merge: turn a subfiled dataset into one ordinary netCDF file.
 *
 *   ncsf-merge [--force] [--quiet] [-v VARS] [--format FMT] [--deflate N] [--shuffle] IN OUT
 *   mpiexec -n P ncsf-merge IN OUT
 *
 * IN is the base file or any one subfile. OUT gets the same format (or the
 * one asked for, netCDF-4 through netCDF-C), every
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
    fprintf(f, "usage: ncsf-merge [--force] [--quiet] [-v VAR[,VAR...]] [--format FMT]\n"
               "                  [--deflate LEVEL] [--shuffle] IN OUT\n"
               "  Write the subfiled dataset IN (its base file or any subfile) as one\n"
               "  ordinary netCDF file OUT. Runs serially or under mpiexec.\n"
               "  --force      overwrite OUT (never a file of IN)\n"
               "  --quiet      no progress, even on a terminal\n"
               "  -v VARS      only these variables, with the dimensions they use\n"
               "  --format FMT classic, 64bit-offset, cdf5 (the same as IN by default),\n"
               "               or netcdf4 (HDF5, through netCDF-C; one process)\n"
               "  --deflate N  netcdf4: compress every variable at level N (1-9)\n"
               "  --shuffle    netcdf4: with the shuffle filter\n");
}

/* --format's value as a PnetCDF cmode (-2: netCDF-4; -3: not a format). */
static int format_cmode(const char *v)
{
    if (!strcmp(v, "classic") || !strcmp(v, "1")) return 0;
    if (!strcmp(v, "64bit-offset") || !strcmp(v, "cdf2") || !strcmp(v, "2")) return NC_64BIT_OFFSET;
    if (!strcmp(v, "cdf5") || !strcmp(v, "64bit-data") || !strcmp(v, "5")) return NC_64BIT_DATA;
    if (!strcmp(v, "netcdf4") || !strcmp(v, "4")) return -2;
    return -3;
}

static int bad_usage(int rank, const char *why)
{
    if (rank == 0) {
        if (why) fprintf(stderr, "ncsf-merge: %s\n", why);
        usage(stderr);
    }
    MPI_Finalize();
    return 2;
}

int main(int argc, char **argv)
{
    int rank, nprocs, force = 0, quiet = 0, in, out, err, cmode = -1, deflate = 0, shuffle = 0;
    const char *args[2], *only = NULL;
    int nargs = 0;
    if (tool_start(&argc, &argv, &rank, &nprocs, usage)) return 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--force") || !strcmp(argv[i], "-f")) force = 1;
        else if (!strcmp(argv[i], "--quiet") || !strcmp(argv[i], "-q")) quiet = 1;
        else if ((!strcmp(argv[i], "-v") || !strcmp(argv[i], "--vars")) && i + 1 < argc) only = argv[++i];
        else if (!strcmp(argv[i], "--format") && i + 1 < argc) {
            if ((cmode = format_cmode(argv[++i])) == -3) return bad_usage(rank, "--format: classic, 64bit-offset, cdf5 or netcdf4");
        } else if (!strcmp(argv[i], "--deflate") && i + 1 < argc) {
            deflate = atoi(argv[++i]);
            if (deflate < 1 || deflate > 9) return bad_usage(rank, "--deflate: a level from 1 to 9");
        } else if (!strcmp(argv[i], "--shuffle")) shuffle = 1;
        else if (argv[i][0] == '-' && argv[i][1]) {
            if (rank == 0) fprintf(stderr, "ncsf-merge: unknown option %s\n", argv[i]);
            return bad_usage(rank, NULL);
        } else if (nargs < 2) args[nargs++] = argv[i];
        else nargs = 3;
    }
    if (nargs != 2) return bad_usage(rank, NULL);
    if ((deflate || shuffle) && cmode != -2) return bad_usage(rank, "--deflate and --shuffle need --format netcdf4");
    if (cmode == -2 && nprocs > 1) {
        if (rank == 0) fprintf(stderr, "ncsf-merge: --format netcdf4 is written by netCDF-C on one process: run it without mpiexec\n");
        MPI_Finalize();
        return 1;
    }
    char basebuf[4096], tmp[4400], missing[NC_MAX_NAME + 1];
    const char *src = tool_base_of_subfile(args[0], basebuf, sizeof basebuf);
    err = ncmpi_open(MPI_COMM_WORLD, src, NC_NOWRITE, MPI_INFO_NULL, &in);
    if (err) {
        if (rank == 0)
            fprintf(stderr, "ncsf-merge: cannot open %s: %s%s\n", src, ncmpi_strerror(err), tool_open_remedy(err, 0));
        MPI_Finalize();
        return 1;
    }
    int refuse = tool_output_in_input("ncsf-merge", in, src, args[1], rank) ||
                 tool_refuse_existing("ncsf-merge", args[1], force, rank);
    if (!refuse && only && tool_missing_var(in, only, missing)) {
        if (rank == 0) fprintf(stderr, "ncsf-merge: %s has no variable %s (ncdump -h %s lists them)\n", args[0],
                               missing, args[0]);
        refuse = 1;
    }
    if (refuse) {
        ncmpi_close(in);
        MPI_Finalize();
        return 1;
    }
    tool_temp_name(args[1], tmp, sizeof tmp);
    copy_opts o = {rank, nprocs, !quiet && isatty(2), 64 << 20, only};
    if (cmode == -2) {
        err = copy_to_netcdf4(in, tmp, deflate, shuffle, &o);
    } else if ((err = tool_create_like(in, tmp, cmode, MPI_INFO_NULL, rank, "ncsf-merge", &out)) == NC_NOERR) {
        err = copy_dataset(in, out, NULL, NULL, &o);
        int e2 = ncmpi_close(out);
        if (!err) err = e2;
    }
    int e3 = ncmpi_close(in);
    if (!err) err = e3;
    if (err && rank == 0)
        fprintf(stderr, "ncsf-merge: %s%s\n", ncmpi_strerror(err),
                err == NC_EVARSIZE || err == NC_EINTOVERFLOW
                    ? " (a variable is too large for this format: --format cdf5 or netcdf4 holds it)" : "");
    /* OUT appears whole or not at all */
    if (tool_commit_temp("ncsf-merge", tmp, args[1], !err, rank) && !err) err = NC_EFILE;
    if (!err && rank == 0 && !quiet && isatty(2)) fprintf(stderr, "ncsf-merge: wrote %s\n", args[1]);
    MPI_Finalize();
    return err ? 1 : 0;
}
