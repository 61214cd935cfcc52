/*
 * t_basic3d: a 3-D array written by P processes in a 3-D block
 * decomposition through ncsf, read back and every value checked.
 *
 *   t_basic3d FILE plain        no subfiling: the file is plain PnetCDF's
 *   t_basic3d FILE subfile N    the array split into N subfiles along z,y
 *
 * Both write the same dataset, so a merged subfiled dataset must equal
 * the plain file (test/t_tools.sh checks that).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h>
#include "testutil.h"
#include "values.h"

static const MPI_Offset G[3] = {10, 8, 6};

int main(int argc, char **argv)
{
    test_state ts;
    test_init(&ts, &argc, &argv);
    if (argc < 3) { fprintf(stderr, "usage: t_basic3d FILE plain|subfile [N [SUBFILE_DIR]]\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
    int sub = !strcmp(argv[2], "subfile");
    int dims[3] = {0, 0, 0}, c[3], r = ts.rank, ncid, dimid[3], varid, tvar, seed = 5, seed2 = 6;
    MPI_Dims_create(ts.nprocs, 3, dims);
    for (int i = 2; i >= 0; i--) { c[i] = r % dims[i]; r /= dims[i]; }
    MPI_Offset st[3], ct[3], n = 1;
    for (int i = 0; i < 3; i++) {
        MPI_Offset q = G[i] / dims[i], rem = G[i] % dims[i];
        st[i] = c[i] * q + (c[i] < rem ? c[i] : rem);
        ct[i] = q + (c[i] < rem);
        n *= ct[i];
    }
    int *buf = malloc(sizeof(int) * (n + 1)), *back = malloc(sizeof(int) * G[0] * G[1] * G[2]);
    MPI_Offset idx[3] = {0, 0, 0};
    for (MPI_Offset i = 0; i < n; i++) {
        long long lin = ((st[0] + idx[0]) * G[1] + st[1] + idx[1]) * G[2] + st[2] + idx[2];
        buf[i] = (int)test_value(NC_INT, lin, seed);
        for (int d = 2; d >= 0 && ++idx[d] == ct[d]; d--) idx[d] = 0;
    }

    MPI_Info info = MPI_INFO_NULL;
    if (sub) {
        MPI_Info_create(&info);
        MPI_Info_set(info, "subfiling", "enable");
        MPI_Info_set(info, "subfiling_nfiles", argc > 3 ? argv[3] : "2");
        MPI_Info_set(info, "subfiling_dims", "z,y");
    }
    ts.where = argv[1];
    MPI_Info cinfo = MPI_INFO_NULL;
    if (sub && argc > 4) {
        MPI_Info_create(&cinfo);
        MPI_Info_set(cinfo, "subfiling_dir", argv[4]);
    }
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, argv[1], NC_CLOBBER | NC_64BIT_DATA, cinfo, &ncid));
    if (cinfo != MPI_INFO_NULL) MPI_Info_free(&cinfo);
    EXPECT_OK(&ts, ncmpi_put_att_text(ncid, NC_GLOBAL, "title", 9, "basic 3-D"));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "z", G[0], &dimid[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", G[1], &dimid[1]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", G[2], &dimid[2]));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "temperature", NC_INT, 3, dimid, &varid, info));
    EXPECT_OK(&ts, ncmpi_put_att_int(ncid, varid, "test_seed", NC_INT, 1, &seed));
    EXPECT_OK(&ts, ncmpi_put_att_text(ncid, varid, "units", 1, "K"));
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "zaxis", NC_DOUBLE, 1, dimid, &tvar));
    EXPECT_OK(&ts, ncmpi_put_att_int(ncid, tvar, "test_seed", NC_INT, 1, &seed2));
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    EXPECT_OK(&ts, ncmpi_put_vara_int_all(ncid, varid, st, ct, buf));
    /* the ordinary variable: rank 0 writes it all */
    MPI_Offset zs = 0, zc = ts.rank == 0 ? G[0] : 0;
    double z[10];
    for (int i = 0; i < 10; i++) z[i] = test_value(NC_DOUBLE, i, seed2);
    EXPECT_OK(&ts, ncmpi_put_vara_double_all(ncid, tvar, &zs, &zc, z));
    EXPECT_OK(&ts, ncmpi_close(ncid));

    /* read back with the transposed decomposition: rank r reads what rank
     * P-1-r wrote, so nobody reads its own data */
    EXPECT_OK(&ts, ncmpi_open(MPI_COMM_WORLD, argv[1], NC_NOWRITE, MPI_INFO_NULL, &ncid));
    EXPECT_OK(&ts, ncmpi_inq_varid(ncid, "temperature", &varid));
    int other = ts.nprocs - 1 - ts.rank;
    r = other;
    for (int i = 2; i >= 0; i--) { c[i] = r % dims[i]; r /= dims[i]; }
    n = 1;
    for (int i = 0; i < 3; i++) {
        MPI_Offset q = G[i] / dims[i], rem = G[i] % dims[i];
        st[i] = c[i] * q + (c[i] < rem ? c[i] : rem);
        ct[i] = q + (c[i] < rem);
        n *= ct[i];
    }
    EXPECT_OK(&ts, ncmpi_get_vara_int_all(ncid, varid, st, ct, back));
    idx[0] = idx[1] = idx[2] = 0;
    int bad = 0;
    for (MPI_Offset i = 0; i < n; i++) {
        long long lin = ((st[0] + idx[0]) * G[1] + st[1] + idx[1]) * G[2] + st[2] + idx[2];
        if (back[i] != (int)test_value(NC_INT, lin, seed) && bad++ < 3)
            EXPECT(&ts, 0, "element %lld is %d, expected %d", lin, back[i], (int)test_value(NC_INT, lin, seed));
        for (int d = 2; d >= 0 && ++idx[d] == ct[d]; d--) idx[d] = 0;
    }
    ts.failures += bad > 3 ? bad - 3 : 0;
    double zb[10];
    EXPECT_OK(&ts, ncmpi_get_var_double_all(ncid, tvar, zb));
    for (int i = 0; i < 10; i++) EXPECT(&ts, zb[i] == z[i], "zaxis[%d] = %g", i, zb[i]);
    EXPECT_OK(&ts, ncmpi_close(ncid));
    if (info != MPI_INFO_NULL) MPI_Info_free(&info);
    free(buf);
    free(back);
    return test_finish(&ts, sub ? "t_basic3d subfile" : "t_basic3d plain");
}
