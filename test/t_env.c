/*
 * t_env: a program with no subfiling hints in it, whose subfiling comes
 * from the environment (NCSF_HINTS, PNETCDF_HINTS). It writes five
 * variables (one of them x(x), a coordinate variable), reads every value back by another decomposition, and prints
 * which variables ended up subfiled ("SUBFILED name nfiles") for
 * test/t_env.sh to compare with what the environment asked.
 *
 *   mpiexec -n P t_env OUT.nc
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h> /* the ncmpi_* calls, routed; no hints in the code */
#include "testutil.h"
#include "values.h"

#define NZ 12
#define NX 10
#define NT 3

#define NV 5
static const char *names[NV] = {"big", "other", "small", "series", "x"};

int main(int argc, char **argv)
{
    test_state ts;
    test_init(&ts, &argc, &argv);
    if (argc != 2) {
        if (ts.rank == 0) fprintf(stderr, "usage: t_env OUT.nc\n");
        MPI_Finalize();
        return 2;
    }
    int ncid, dz, dx, dt, v[NV];
    nc_type types[NV] = {NC_DOUBLE, NC_FLOAT, NC_INT, NC_DOUBLE, NC_FLOAT};
    /* plain PnetCDF calls: six-argument def_var, no info anywhere */
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, argv[1], NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &dt));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "z", NZ, &dz));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &dx));
    int d2[2] = {dz, dx}, dr[2] = {dt, dx};
    EXPECT_OK(&ts, ncmpi_def_var(ncid, names[0], types[0], 2, d2, &v[0]));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, names[1], types[1], 2, d2, &v[1]));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, names[2], types[2], 1, &dx, &v[2]));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, names[3], types[3], 2, dr, &v[3]));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, names[4], types[4], 1, &dx, &v[4]));
    for (int i = 0; i < NV; i++) EXPECT_OK(&ts, ncmpi_put_att_int(ncid, v[i], "test_seed", NC_INT, 1, &i));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    for (int pass = 0; pass < 2; pass++) {
        if (pass) EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, argv[1], NC_NOWRITE, MPI_INFO_NULL, &ncid));
        /* rows: written by rank r, read by rank r+1 */
        int who = pass ? (ts.rank + 1) % ts.nprocs : ts.rank;
        for (int i = 0; i < NV; i++) {
            int vec = i == 2 || i == 4; /* one dimension, x: all of it from one process */
            MPI_Offset st[2] = {0, 0}, ct[2] = {0, NX}, rows = i == 2 ? 1 : i == 3 ? NT : NZ;
            test_split(rows, who, ts.nprocs, &st[0], &ct[0]);
            if (vec) { st[0] = 0; ct[0] = who == 0 ? NX : 0; }
            MPI_Offset n = vec ? ct[0] : ct[0] * ct[1];
            double *buf = calloc((size_t)n + 1, sizeof(double));
            if (!pass) {
                for (MPI_Offset k = 0; k < n; k++) buf[k] = test_value(types[i], (vec ? 0 : st[0] * NX) + k, i);
                EXPECT_OK(&ts, ncmpi_put_vara_double_all(ncid, v[i], st, vec ? &ct[0] : ct, buf));
            } else {
                EXPECT_OK(&ts, ncmpi_get_vara_double_all(ncid, v[i], st, vec ? &ct[0] : ct, buf));
                for (MPI_Offset k = 0; k < n; k++) {
                    double want = test_value(types[i], (vec ? 0 : st[0] * NX) + k, i);
                    EXPECT(&ts, buf[k] == want, "%s element %lld is %g, expected %g", names[i],
                           (long long)((vec ? 0 : st[0] * NX) + k), buf[k], want);
                }
            }
            free(buf);
        }
        if (pass && ts.rank == 0)
            for (int i = 0; i < NV; i++) {
                int on = 0, nf = 0;
                ncsf_inq_var_subfiling(ncid, v[i], &on, &nf);
                if (on) printf("SUBFILED %s %d\n", names[i], nf);
            }
        EXPECT_OK(&ts, ncmpi_close(ncid));
    }
    return test_finish(&ts, "t_env");
}
