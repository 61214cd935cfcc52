/*
 * format_header: the header of one subfile, and of the base file, of a 4-D
 * variable (N, 2, 2, 2) in N subfiles, built by the writer's own code
 * (ncsfi_var_new, ncsfi_atts_make, ncsfi_atts_put) into scratch files,
 * without making the N subfiles, so that N may be 65,536 or more
 * (doc/benchmarks.md, "Metadata at many subfiles"; format_scale writes
 * real datasets and prints the same sizes for them).
 *
 *   format_header N FORMAT      FORMAT 1 or 2
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../../src/ncmpi/ncsf_internal.h"

#define INNER 2

#define TRY(call) do { int e_ = (call); if (e_ != NC_NOERR) { \
    fprintf(stderr, "format_header: %s: %s\n", #call, ncmpi_strerror(e_)); MPI_Abort(MPI_COMM_WORLD, 1); } } while (0)

/* Subfile N-1's header and the base file's. */
static int run_header(int n, int format)
{
    char base[64], sub[64];
    snprintf(base, sizeof base, "/tmp/format_scale.%d.base.nc", (int)getpid());
    snprintf(sub, sizeof sub, "/tmp/format_scale.%d.sub.nc", (int)getpid());
    ncsf_file f;
    memset(&f, 0, sizeof f);
    f.version = format;
    f.format = NC_FORMAT_CDF5;
    f.dir = (char *)"";
    f.stem = (char *)"fs.nc";
    memcpy(f.dsid, "0123456789abcdef0123456789abcdef", 33);
    int d[4], sd[4], v, sv;
    TRY(ncmpi_create(MPI_COMM_SELF, base, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &f.ncid));
    TRY(ncmpi_def_dim(f.ncid, "r", n, &d[0]));
    TRY(ncmpi_def_dim(f.ncid, "z", INNER, &d[1]));
    TRY(ncmpi_def_dim(f.ncid, "y", INNER, &d[2]));
    TRY(ncmpi_def_dim(f.ncid, "x", INNER, &d[3]));
    MPI_Offset gsize[4] = {n, INNER, INNER, INNER};
    int pdims[1] = {0};
    ncsf_var *var;
    ncsf_atts *atts;
    int pgrid[1] = {n};
    TRY(ncsfi_var_new(&f, 0, "a", NC_DOUBLE, 4, d, gsize, 0, 1, pdims, pgrid, NULL, &var));
    TRY(ncsfi_atts_make(&f, var, "a", &atts));
    TRY(ncsfi_put_dataset_id(&f, f.ncid));
    TRY(ncmpi_def_var(f.ncid, "a", NC_DOUBLE, 0, NULL, &v));
    TRY(ncsfi_atts_put(f.ncid, v, atts, -1));
    TRY(ncmpi_enddef(f.ncid));
    MPI_Offset hb = 0, hs = 0, st[4], ct[4];
    TRY(ncmpi_inq_header_size(f.ncid, &hb));
    TRY(ncmpi_close(f.ncid));
    /* the subfile: block n-1's dimensions, the variable, the attributes */
    int sid;
    sf_layout_block(var->lay, n - 1, st, ct);
    TRY(ncmpi_create(MPI_COMM_SELF, sub, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &sid));
    static const char *names[4] = {"r", "z", "y", "x"};
    for (int i = 0; i < 4; i++) TRY(ncmpi_def_dim(sid, names[i], ct[i], &sd[i]));
    TRY(ncmpi_def_var(sid, "a", NC_DOUBLE, 4, sd, &sv));
    TRY(ncsfi_put_dataset_id(&f, sid));
    TRY(ncmpi_put_att_text(sid, NC_GLOBAL, "subfiling_base", 5, "fs.nc"));
    TRY(ncsfi_atts_put(sid, sv, atts, n - 1));
    TRY(ncmpi_enddef(sid));
    TRY(ncmpi_inq_header_size(sid, &hs));
    TRY(ncmpi_close(sid));
    printf("FORMAT_HEADER format=%d N=%d subfile_header=%lld base_header=%lld\n", format, n, (long long)hs,
           (long long)hb);
    ncsfi_atts_free(atts);
    sf_layout_free(var->lay);
    ncsfi_var_free(var);
    unlink(base);
    unlink(sub);
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
