/*
 * preload_app: an ordinary PnetCDF program that knows nothing of ncsf (it
 * includes pnetcdf.h only and is linked with -lpnetcdf only). Run as it is
 * it writes one netCDF file; run with LD_PRELOAD=libncsf-preload.so and
 * NCSF_HINTS it should write the same dataset with its large variables
 * subfiled. It checks every value it reads back either way.
 *
 *   preload_app FILE
 *
 * Variables: temp(z,y,x) double, written with put_vara_all by slabs of z;
 * pres(z,y,x) float, with iput + wait_all; lev(z) float, a coordinate, by
 * rank 0 in independent mode; flux(t,x) int, two records; step, a scalar
 * int, by rank 0 (it stays in the base file: ncsf-merge copies it). Read back on
 * every process by slabs of x (another decomposition), through
 * inq_varndims / inq_dimlen as a program would. Every variable carries
 * "test_seed" so that test/nc_verify can check the files as well.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pnetcdf.h>
#include "values.h"

enum { NZ = 12, NY = 5, NX = 8, NREC = 2 };
static int failures, rank, nprocs;

#define TRY(call) do { int e_ = (call); if (e_ != NC_NOERR) { \
    fprintf(stderr, "[rank %d] %s:%d: %s: %s\n", rank, __FILE__, __LINE__, #call, ncmpi_strerror(e_)); \
    failures++; } } while (0)

/* the part [*s, *s + *c) of n that process p of np takes */
static void share(MPI_Offset n, int p, int np, MPI_Offset *s, MPI_Offset *c)
{
    *s = n * p / np;
    *c = n * (p + 1) / np - *s;
}

static long long lin3(MPI_Offset z, MPI_Offset y, MPI_Offset x) { return (z * NY + y) * NX + x; }

static void write_file(const char *path)
{
    int ncid, dz, dy, dx, dt, vt, vp, vl, vf, vs, d3[3], req, st, seeds[4] = {1, 2, 3, 4};
    TRY(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    TRY(ncmpi_def_dim(ncid, "t", NC_UNLIMITED, &dt));
    TRY(ncmpi_def_dim(ncid, "z", NZ, &dz));
    TRY(ncmpi_def_dim(ncid, "y", NY, &dy));
    TRY(ncmpi_def_dim(ncid, "x", NX, &dx));
    d3[0] = dz, d3[1] = dy, d3[2] = dx;
    TRY(ncmpi_def_var(ncid, "temp", NC_DOUBLE, 3, d3, &vt));
    TRY(ncmpi_def_var(ncid, "pres", NC_FLOAT, 3, d3, &vp));
    TRY(ncmpi_def_var(ncid, "lev", NC_FLOAT, 1, &dz, &vl));
    int dtx[2] = {dt, dx};
    TRY(ncmpi_def_var(ncid, "flux", NC_INT, 2, dtx, &vf));
    TRY(ncmpi_def_var(ncid, "step", NC_INT, 0, NULL, &vs));
    int ids[4] = {vt, vp, vl, vf};
    for (int i = 0; i < 4; i++) TRY(ncmpi_put_att_int(ncid, ids[i], "test_seed", NC_INT, 1, &seeds[i]));
    TRY(ncmpi_put_att_text(ncid, vt, "units", 1, "K"));
    TRY(ncmpi_enddef(ncid));

    MPI_Offset s[3] = {0, 0, 0}, c[3] = {0, NY, NX};
    share(NZ, rank, nprocs, &s[0], &c[0]);
    size_t n = (size_t)(c[0] * NY * NX);
    double *t = malloc(sizeof(double) * (n ? n : 1));
    float *p = malloc(sizeof(float) * (n ? n : 1));
    size_t k = 0;
    for (MPI_Offset z = s[0]; z < s[0] + c[0]; z++)
        for (MPI_Offset y = 0; y < NY; y++)
            for (MPI_Offset x = 0; x < NX; x++, k++) {
                t[k] = test_value(NC_DOUBLE, lin3(z, y, x), 1);
                p[k] = (float)test_value(NC_FLOAT, lin3(z, y, x), 2);
            }
    TRY(ncmpi_put_vara_double_all(ncid, vt, s, c, t));
    TRY(ncmpi_iput_vara_float(ncid, vp, s, c, p, &req));
    TRY(ncmpi_wait_all(ncid, 1, &req, &st));
    TRY(st);

    MPI_Offset rs[2] = {0, 0}, rc[2] = {NREC, 0};
    share(NX, rank, nprocs, &rs[1], &rc[1]);
    int *f = malloc(sizeof(int) * (size_t)(NREC * rc[1] + 1));
    for (MPI_Offset r = 0; r < NREC; r++)
        for (MPI_Offset x = 0; x < rc[1]; x++)
            f[r * rc[1] + x] = (int)test_value(NC_INT, r * NX + rs[1] + x, 4);
    TRY(ncmpi_put_vara_int_all(ncid, vf, rs, rc, f));

    TRY(ncmpi_begin_indep_data(ncid));
    if (rank == 0) {
        float lev[NZ];
        for (int z = 0; z < NZ; z++) lev[z] = (float)test_value(NC_FLOAT, z, 3);
        MPI_Offset ls = 0, lc = NZ;
        TRY(ncmpi_put_vara_float(ncid, vl, &ls, &lc, lev));
        TRY(ncmpi_put_var_int(ncid, vs, &seeds[3]));
    }
    TRY(ncmpi_end_indep_data(ncid));
    TRY(ncmpi_close(ncid));
    free(t), free(p), free(f);
}

static void check(const char *what, long long at, double got, double want)
{
    if (got != want) {
        if (failures < 10)
            fprintf(stderr, "[rank %d] %s[%lld] = %.17g, expected %.17g\n", rank, what, at, got, want);
        failures++;
    }
}

static void read_file(const char *path)
{
    int ncid, vt, vp, vl, vf, nd, dimids[3], unlim;
    MPI_Offset len;
    TRY(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    TRY(ncmpi_inq_varid(ncid, "temp", &vt));
    TRY(ncmpi_inq_varid(ncid, "pres", &vp));
    TRY(ncmpi_inq_varid(ncid, "lev", &vl));
    TRY(ncmpi_inq_varid(ncid, "flux", &vf));
    /* the shape a program sees is the global one */
    TRY(ncmpi_inq_varndims(ncid, vt, &nd));
    if (nd != 3) fprintf(stderr, "temp has %d dimensions\n", nd), failures++;
    TRY(ncmpi_inq_vardimid(ncid, vt, dimids));
    MPI_Offset want[3] = {NZ, NY, NX};
    for (int d = 0; d < 3 && nd == 3; d++) {
        TRY(ncmpi_inq_dimlen(ncid, dimids[d], &len));
        if (len != want[d]) fprintf(stderr, "temp dim %d is %lld long\n", d, (long long)len), failures++;
    }
    TRY(ncmpi_inq_unlimdim(ncid, &unlim));
    TRY(ncmpi_inq_dimlen(ncid, unlim, &len));
    if (len != NREC) fprintf(stderr, "%lld records, expected %d\n", (long long)len, NREC), failures++;

    /* slabs of x this time */
    MPI_Offset s[3] = {0, 0, 0}, c[3] = {NZ, NY, 0};
    share(NX, rank, nprocs, &s[2], &c[2]);
    size_t n = (size_t)(NZ * NY * c[2]);
    double *t = malloc(sizeof(double) * (n ? n : 1));
    float *p = malloc(sizeof(float) * (n ? n : 1));
    TRY(ncmpi_get_vara_double_all(ncid, vt, s, c, t));
    TRY(ncmpi_get_vara_float_all(ncid, vp, s, c, p));
    size_t k = 0;
    for (MPI_Offset z = 0; z < NZ; z++)
        for (MPI_Offset y = 0; y < NY; y++)
            for (MPI_Offset x = s[2]; x < s[2] + c[2]; x++, k++) {
                check("temp", lin3(z, y, x), t[k], test_value(NC_DOUBLE, lin3(z, y, x), 1));
                check("pres", lin3(z, y, x), p[k], (float)test_value(NC_FLOAT, lin3(z, y, x), 2));
            }
    float lev[NZ];
    int flux[NREC * NX];
    TRY(ncmpi_get_var_float_all(ncid, vl, lev));
    TRY(ncmpi_get_var_int_all(ncid, vf, flux));
    int step = 0, vs;
    TRY(ncmpi_inq_varid(ncid, "step", &vs));
    TRY(ncmpi_get_var_int_all(ncid, vs, &step));
    check("step", 0, step, 4);
    for (int z = 0; z < NZ; z++) check("lev", z, lev[z], (float)test_value(NC_FLOAT, z, 3));
    for (int i = 0; i < NREC * NX; i++) check("flux", i, flux[i], (int)test_value(NC_INT, i, 4));
    TRY(ncmpi_close(ncid));
    free(t), free(p);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (argc != 2) {
        if (rank == 0) fprintf(stderr, "usage: preload_app FILE\n");
        MPI_Finalize();
        return 2;
    }
    write_file(argv[1]);
    read_file(argv[1]);
    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) printf("preload_app on %d processes: %s (%d failed checks)\n", nprocs, all ? "FAILED" : "ok", all);
    MPI_Finalize();
    return all != 0;
}
