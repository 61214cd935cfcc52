/*
 * ncsf-split: turn an ordinary netCDF file into a subfiled dataset (the
 * inverse of ncsf-merge).
 *
 *   ncsf-split [--force] IN OUT --var NAME[,NAME...] --nfiles N [--dims D[,D...]]
 *              [--format 1|2]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "copy.h"
#include "nc4in.h"

typedef struct { char *vars; const char *nfiles, *dims, *format; } split_opts;

static void usage(FILE *f)
{
    fprintf(f, "usage: ncsf-split [--force] IN OUT --var NAME[,NAME...] --nfiles N [--dims D[,D...]]\n"
               "                  [--format 1|2]\n"
               "  Copy the netCDF file IN to the subfiled dataset OUT, splitting the named\n"
               "  variables into N subfiles each (along the dimensions D, default the\n"
               "  most significant one), in on-disk format 2 (default) or 1 (for readers\n"
               "  that know only that one). Runs serially or under mpiexec.\n"
               "  IN may be a netCDF-4 (HDF5) file of the classic data model: it is read\n"
               "  through netCDF-C into a temporary classic copy beside OUT (removed at the\n"
               "  end); groups, user-defined types and strings are refused, saying why.\n");
}

static MPI_Info info_of(const char *name, void *arg)
{
    split_opts *s = arg;
    if (!tool_listed(s->vars, name)) return MPI_INFO_NULL;
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", s->nfiles);
    if (s->dims) MPI_Info_set(info, "subfiling_dims", s->dims);
    return info;
}

/* A netCDF-4 input: rank 0 copies it, through netCDF-C, to a classic file
 * beside out (its name in tmp); the others wait. Nonzero (on every
 * process) if it cannot be read, the cause said once. */
static int from_netcdf4(const char *in, const char *out, int rank, char *tmp, size_t len)
{
    int nc4 = rank == 0 && nc4in_is_netcdf4(in), err = 0;
    MPI_Bcast(&nc4, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (!nc4) return 0;
    snprintf(tmp, len, "%s.ncsf-split-%d.tmp", out, (int)getpid());
    MPI_Bcast(tmp, (int)len, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        char why[512] = "";
        err = nc4in_to_classic(in, tmp, why, sizeof why) != 0;
        if (err) {
            fprintf(stderr, "ncsf-split: %s is a netCDF-4 file that cannot be split: %s\n", in, why);
            remove(tmp);
        }
    }
    MPI_Bcast(&err, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (err) *tmp = 0;
    return err;
}

int main(int argc, char **argv)
{
    int rank, nprocs, force = 0, in, out, err, nargs = 0;
    const char *args[2];
    split_opts s = {NULL, NULL, NULL, NULL};
    if (tool_start(&argc, &argv, &rank, &nprocs, usage)) return 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--force") || !strcmp(argv[i], "-f")) force = 1;
        else if (!strcmp(argv[i], "--var") && i + 1 < argc) s.vars = argv[++i];
        else if (!strcmp(argv[i], "--nfiles") && i + 1 < argc) s.nfiles = argv[++i];
        else if (!strcmp(argv[i], "--dims") && i + 1 < argc) s.dims = argv[++i];
        else if (!strcmp(argv[i], "--format") && i + 1 < argc) s.format = argv[++i];
        else if (argv[i][0] == '-') nargs = 3;
        else if (nargs < 2) args[nargs++] = argv[i];
        else nargs = 3;
    }
    if (nargs != 2 || !s.vars || !s.nfiles || (s.format && strcmp(s.format, "1") && strcmp(s.format, "2"))) {
        if (rank == 0) usage(stderr);
        MPI_Finalize();
        return 2;
    }
    char tmp[4096] = "";
    if (from_netcdf4(args[0], args[1], rank, tmp, sizeof tmp)) {
        MPI_Finalize();
        return 1;
    }
    err = ncmpi_open(MPI_COMM_WORLD, *tmp ? tmp : args[0], NC_NOWRITE, MPI_INFO_NULL, &in);
    if (err) {
        if (rank == 0)
            fprintf(stderr, "ncsf-split: cannot open %s: %s%s\n", args[0], ncmpi_strerror(err), tool_open_remedy(err, 0));
        if (rank == 0 && *tmp) remove(tmp);
        MPI_Finalize();
        return 1;
    }
    if (tool_output_in_input("ncsf-split", in, args[0], args[1], rank) ||
        tool_refuse_existing("ncsf-split", args[1], force, rank)) {
        ncmpi_close(in);
        if (rank == 0 && *tmp) remove(tmp);
        MPI_Finalize();
        return 1;
    }
    /* every listed variable must exist */
    char missing[NC_MAX_NAME + 1];
    if (tool_missing_var(in, s.vars, missing)) {
        if (rank == 0) fprintf(stderr, "ncsf-split: %s has no variable %s (ncdump -h %s lists them)\n", args[0],
                               missing, args[0]);
        ncmpi_close(in);
        if (rank == 0 && *tmp) remove(tmp);
        MPI_Finalize();
        return 1;
    }
    MPI_Info ci = MPI_INFO_NULL;
    if (s.format) {
        MPI_Info_create(&ci);
        MPI_Info_set(ci, "subfiling_format", s.format);
    }
    err = tool_create_like(in, args[1], -1, ci, rank, "ncsf-split", &out);
    if (ci != MPI_INFO_NULL) MPI_Info_free(&ci);
    if (err) {
        ncmpi_close(in);
        if (rank == 0 && *tmp) remove(tmp);
        MPI_Finalize();
        return 1;
    }
    copy_opts o = {rank, nprocs, isatty(2), 64 << 20, NULL};
    err = copy_dataset(in, out, info_of, &s, &o);
    /* what it made, to take away again if it fails */
    char **made = NULL;
    int nmade = 0;
    tool_list_outputs(out, args[1], &made, &nmade);
    int e2 = ncmpi_close(out), e3 = ncmpi_close(in);
    if (!err) err = e2 ? e2 : e3;
    if (err && rank == 0) fprintf(stderr, "ncsf-split: %s; removing %s and its subfiles\n", ncmpi_strerror(err), args[1]);
    tool_remove_outputs(made, nmade, err != 0, rank);
    if (rank == 0 && *tmp) remove(tmp);
    MPI_Finalize();
    return err ? 1 : 0;
}
