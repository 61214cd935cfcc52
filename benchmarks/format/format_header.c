/*
 * format_header: the header of one subfile, and of the base file, of a 4-D
 * variable (N, 2, 2, 2) in N subfiles, built by the writer's own code
 * (ncsf_inspect_header_sizes, include/ncsf_inspect.h) into scratch files,
 * without making the N subfiles, so that N may be 65,536 or more
 * (doc/benchmarks.md, "Metadata at many subfiles"; format_scale writes
 * real datasets and prints the same sizes for them).
 *
 *   format_header N FORMAT      FORMAT 1 or 2
 */
#include <stdio.h>
#include <stdlib.h>
#include <ncsf_inspect.h>

#define INNER 2

/* Subfile N-1's header and the base file's. */
static int run_header(int n, int format)
{
    MPI_Offset hb = 0, hs = 0;
    int err = ncsf_inspect_header_sizes(format, n, INNER, "/tmp", &hb, &hs);
    if (err != NC_NOERR) {
        fprintf(stderr, "format_header: ncsf_inspect_header_sizes: %s\n", ncmpi_strerror(err));
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    printf("FORMAT_HEADER format=%d N=%d subfile_header=%lld base_header=%lld\n", format, n, (long long)hs,
           (long long)hb);
    return 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rc = 2;
    if (argc == 3 && atoi(argv[1]) > 0 && (atoi(argv[2]) == 1 || atoi(argv[2]) == 2))
        rc = run_header(atoi(argv[1]), atoi(argv[2]));
    else
        fprintf(stderr, "usage: format_header N FORMAT\n");
    MPI_Finalize();
    return rc;
}
