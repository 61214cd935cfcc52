/*
 * nc_verify: checks files written by the tests with netCDF-C alone, an
 * independent reader that knows nothing of ncsf or PnetCDF.
 *
 * For every variable with a "test_seed" attribute: in a subfile (it has
 * subfiling_index >= 0) the block it holds must carry the values of its
 * global indices; in an ordinary file every value must be right; a base
 * file's placeholder must hold no more than one value per record.
 *
 *   nc_verify FILE...      exit 0 if every value checked is right
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netcdf.h>
#include "values.h"

static int failures;

#define NCTRY(call) do { int e_ = (call); if (e_) { \
    fprintf(stderr, "nc_verify: %s: %s: %s\n", path, #call, nc_strerror(e_)); failures++; return; } } while (0)

static void verify_var(const char *path, int ncid, int varid)
{
    char name[NC_MAX_NAME + 1];
    int seed, nd, dimids[NC_MAX_VAR_DIMS], index = -2, unlim;
    nc_type t;
    size_t len[NC_MAX_VAR_DIMS], n = 1;
    long long gshape[NC_MAX_VAR_DIMS], bstart[NC_MAX_VAR_DIMS];

    NCTRY(nc_inq_var(ncid, varid, name, &t, &nd, dimids, NULL));
    NCTRY(nc_get_att_int(ncid, varid, "test_seed", &seed));
    nc_inq_unlimdim(ncid, &unlim);
    for (int d = 0; d < nd; d++) {
        NCTRY(nc_inq_dimlen(ncid, dimids[d], &len[d]));
        n *= len[d];
        gshape[d] = len[d];
        bstart[d] = 0;
    }
    if (nc_get_att_int(ncid, varid, "subfiling_index", &index) == NC_NOERR) {
        if (index < 0) {
            /* a placeholder in a base file: no data of its own */
            if (nd > 1 || (nd == 1 && dimids[0] != unlim)) {
                fprintf(stderr, "nc_verify: %s: placeholder %s has %d dimensions\n", path, name, nd);
                failures++;
            }
            return;
        }
        size_t nsf = 0;
        int gnd, v2 = nc_inq_attlen(ncid, varid, "subfiling_block_start", &nsf) == NC_NOERR;
        NCTRY(nc_get_att_int(ncid, varid, "subfiling_gndims", &gnd));
        /* format 2: the block's own start; format 1: row index of the list */
        if (!v2) NCTRY(nc_inq_attlen(ncid, varid, "subfiling_starts", &nsf));
        double *gs = malloc(sizeof(double) * gnd), *st = malloc(sizeof(double) * (nsf ? nsf : 1));
        NCTRY(nc_get_att_double(ncid, varid, "subfiling_gsize", gs));
        NCTRY(nc_get_att_double(ncid, varid, v2 ? "subfiling_block_start" : "subfiling_starts", st));
        if (gnd != nd) { fprintf(stderr, "nc_verify: %s: %s gndims %d != %d\n", path, name, gnd, nd); failures++; }
        for (int d = 0; d < nd && d < gnd; d++) {
            gshape[d] = gs[d] == 0 ? (long long)len[d] : (long long)gs[d];
            bstart[d] = (long long)st[(v2 ? 0 : (size_t)index * gnd) + d];
        }
        free(gs);
        free(st);
    }
    int es = test_type_size(t);
    char *buf = malloc(n * (es ? es : 1) + 1);
    NCTRY(nc_get_var(ncid, varid, buf));
    size_t idx[NC_MAX_VAR_DIMS] = {0};
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        long long lin = 0;
        for (int d = 0; d < nd; d++) lin = lin * gshape[d] + bstart[d] + (long long)idx[d];
        double want = test_value(t, lin, seed), got = test_load(t, buf, (long long)i);
        if (got != want && bad++ < 3)
            fprintf(stderr, "nc_verify: %s: %s element %zu (global %lld) is %g, expected %g\n",
                    path, name, i, lin, got, want);
        for (int d = nd - 1; d >= 0 && ++idx[d] == len[d]; d--) idx[d] = 0;
    }
    failures += bad;
    free(buf);
}

static void verify_file(const char *path)
{
    int ncid, nvars;
    NCTRY(nc_open(path, NC_NOWRITE, &ncid));
    nc_inq_nvars(ncid, &nvars);
    for (int v = 0; v < nvars; v++) {
        nc_type t;
        if (nc_inq_att(ncid, v, "test_seed", &t, NULL) == NC_NOERR) verify_var(path, ncid, v);
    }
    nc_close(ncid);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: nc_verify FILE...\n");
        return 2;
    }
    for (int i = 1; i < argc; i++) verify_file(argv[i]);
    printf("nc_verify: %d files, %d wrong values\n", argc - 1, failures);
    return failures ? 1 : 0;
}
