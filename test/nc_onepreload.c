/*
 * nc_onepreload.c: a program that knows nothing of ncsf, writing a dataset
 * and reading it back through netCDF-C in the same process (t_onepreload.sh
 * runs it plain and under LD_PRELOAD=libncsf-preload.so alone).
 *
 *   nc_onepreload pnetcdf FILE   writes with PnetCDF's ncmpi_* calls
 *   nc_onepreload ncpar FILE     writes with netCDF-C's nc_create_par
 *                                (NC_PNETCDF), which netCDF-C forwards to
 *                                PnetCDF (only when netCDF-C has PnetCDF)
 *   nc_onepreload pnetcdf FILE delete   the same, then rank 0 removes
 *                                the dataset with nc_delete
 *   nc_onepreload probe FILE     nc_open of a file that does not exist:
 *                                an error code, nothing else
 *
 * After writing, every rank opens FILE with nc_open(NC_NOWRITE) and checks
 * what netCDF-C shows: 3 dimensions, 5 variables, 2 global attributes,
 * each variable's shape and attribute count, 3 records, and every value;
 * with ncpar it reads the same again through nc_open_par (NC_PNETCDF).
 * Rank 0 prints "OK" when all is well on every rank.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netcdf.h>
#include <netcdf_meta.h>
#include <pnetcdf.h>
#if NC_HAS_PNETCDF
#include <netcdf_par.h>
#endif

#define NX 6
#define NREC 3
#define MAXY 64 /* 16 processes */
static int bad = 0;

#define CHECK(call, what)                                                              \
    do {                                                                               \
        int e_ = (call);                                                               \
        if (e_ != 0) {                                                                 \
            fprintf(stderr, "rank %d: %s: %s (%d)\n", rank, what, nc_strerror(e_), e_); \
            bad++;                                                                     \
            goto out;                                                                  \
        }                                                                              \
    } while (0)

static double vfix(int y, int x) { return y * 1000.0 + x + 0.25; }
static int vrec(int r, int y, int x) { return r * 100000 + y * 100 + x; }
static short vvec(int x) { return (short)(-7 * x); }
static long long vbig(int y) { return 3000000000LL + y; }

/* the dataset: rec (unlimited), y = 4 per process, x = 6 */
static int write_pnetcdf(const char *path, int rank, int np)
{
    int id, dy, dx, dr, vf, vr, vs, vv, vb, dims[3];
    int ny = 4 * np, y0 = 4 * rank;
    double fix[4][NX];
    int rec[4][NX];
    short vec[NX];
    long long big[4];
    CHECK(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &id), "ncmpi_create");
    CHECK(ncmpi_def_dim(id, "rec", NC_UNLIMITED, &dr), "def_dim rec");
    CHECK(ncmpi_def_dim(id, "y", ny, &dy), "def_dim y");
    CHECK(ncmpi_def_dim(id, "x", NX, &dx), "def_dim x");
    dims[0] = dy; dims[1] = dx;
    CHECK(ncmpi_def_var(id, "fix", NC_DOUBLE, 2, dims, &vf), "def_var fix");
    CHECK(ncmpi_put_att_text(id, vf, "units", 1, "m"), "put_att units");
    dims[0] = dr; dims[1] = dy; dims[2] = dx;
    CHECK(ncmpi_def_var(id, "rec", NC_INT, 3, dims, &vr), "def_var rec");
    CHECK(ncmpi_def_var(id, "sc", NC_FLOAT, 0, NULL, &vs), "def_var sc");
    CHECK(ncmpi_def_var(id, "vec", NC_SHORT, 1, &dx, &vv), "def_var vec");
    CHECK(ncmpi_def_var(id, "big", NC_INT64, 1, &dy, &vb), "def_var big");
    CHECK(ncmpi_put_att_text(id, NC_GLOBAL, "title", 4, "test"), "put_att title");
    int ver = 7;
    CHECK(ncmpi_put_att_int(id, NC_GLOBAL, "version", NC_INT, 1, &ver), "put_att version");
    CHECK(ncmpi_enddef(id), "enddef");
    for (int y = 0; y < 4; y++) {
        big[y] = vbig(y0 + y);
        for (int x = 0; x < NX; x++) fix[y][x] = vfix(y0 + y, x);
    }
    for (int x = 0; x < NX; x++) vec[x] = vvec(x);
    MPI_Offset st[3] = {y0, 0, 0}, ct[3] = {4, NX, 0};
    CHECK(ncmpi_put_vara_double_all(id, vf, st, ct, &fix[0][0]), "put fix");
    CHECK(ncmpi_put_vara_longlong_all(id, vb, st, ct, big), "put big");
    for (int r = 0; r < NREC; r++) {
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < NX; x++) rec[y][x] = vrec(r, y0 + y, x);
        MPI_Offset s3[3] = {r, y0, 0}, c3[3] = {1, 4, NX};
        CHECK(ncmpi_put_vara_int_all(id, vr, s3, c3, &rec[0][0]), "put rec");
    }
    float sc = 3.5f;
    MPI_Offset s0[1] = {0}, c0[1] = {rank == 0 ? NX : 0};
    CHECK(ncmpi_put_vara_short_all(id, vv, s0, c0, vec), "put vec");
    CHECK(ncmpi_begin_indep_data(id), "begin_indep");
    if (rank == 0) CHECK(ncmpi_put_var_float(id, vs, &sc), "put sc");
    CHECK(ncmpi_end_indep_data(id), "end_indep");
    CHECK(ncmpi_close(id), "ncmpi_close");
out:
    return bad;
}

#if NC_HAS_PNETCDF
/* the same dataset through netCDF-C's PnetCDF dispatch */
static int write_ncpar(const char *path, int rank, int np)
{
    int id, dy, dx, dr, vf, vr, vs, vv, vb, dims[3];
    int ny = 4 * np, y0 = 4 * rank;
    double fix[4][NX];
    int rec[4][NX];
    short vec[NX];
    long long big[4];
    CHECK(nc_create_par(path, NC_CLOBBER | NC_64BIT_DATA | NC_PNETCDF, MPI_COMM_WORLD, MPI_INFO_NULL, &id),
          "nc_create_par");
    CHECK(nc_def_dim(id, "rec", NC_UNLIMITED, &dr), "def_dim rec");
    CHECK(nc_def_dim(id, "y", ny, &dy), "def_dim y");
    CHECK(nc_def_dim(id, "x", NX, &dx), "def_dim x");
    dims[0] = dy; dims[1] = dx;
    CHECK(nc_def_var(id, "fix", NC_DOUBLE, 2, dims, &vf), "def_var fix");
    CHECK(nc_put_att_text(id, vf, "units", 1, "m"), "put_att units");
    dims[0] = dr; dims[1] = dy; dims[2] = dx;
    CHECK(nc_def_var(id, "rec", NC_INT, 3, dims, &vr), "def_var rec");
    CHECK(nc_def_var(id, "sc", NC_FLOAT, 0, NULL, &vs), "def_var sc");
    CHECK(nc_def_var(id, "vec", NC_SHORT, 1, &dx, &vv), "def_var vec");
    CHECK(nc_def_var(id, "big", NC_INT64, 1, &dy, &vb), "def_var big");
    CHECK(nc_put_att_text(id, NC_GLOBAL, "title", 4, "test"), "put_att title");
    int ver = 7;
    CHECK(nc_put_att_int(id, NC_GLOBAL, "version", NC_INT, 1, &ver), "put_att version");
    CHECK(nc_enddef(id), "enddef");
    for (int v = 0; v < 5; v++) CHECK(nc_var_par_access(id, v, NC_COLLECTIVE), "var_par_access");
    for (int y = 0; y < 4; y++) {
        big[y] = vbig(y0 + y);
        for (int x = 0; x < NX; x++) fix[y][x] = vfix(y0 + y, x);
    }
    for (int x = 0; x < NX; x++) vec[x] = vvec(x);
    size_t st[3] = {y0, 0, 0}, ct[3] = {4, NX, 0};
    CHECK(nc_put_vara_double(id, vf, st, ct, &fix[0][0]), "put fix");
    CHECK(nc_put_vara_longlong(id, vb, st, ct, big), "put big");
    for (int r = 0; r < NREC; r++) {
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < NX; x++) rec[y][x] = vrec(r, y0 + y, x);
        size_t s3[3] = {r, y0, 0}, c3[3] = {1, 4, NX};
        CHECK(nc_put_vara_int(id, vr, s3, c3, &rec[0][0]), "put rec");
    }
    float sc = 3.5f;
    size_t s0[1] = {0}, c0[1] = {rank == 0 ? NX : 0};
    CHECK(nc_put_vara_short(id, vv, s0, c0, vec), "put vec");
    CHECK(nc_put_var_float(id, vs, &sc), "put sc");
    CHECK(nc_close(id), "nc_close");
out:
    return bad;
}
#endif

/* what netCDF-C shows of the dataset open as id: all of it checked */
static int check(int id, int rank, int np, const char *how)
{
    int ndims, nvars, ngatts, unlim, nat, vid, vnd, dimids[3];
    size_t len;
    char name[NC_MAX_NAME + 1];
    int ny = 4 * np;
    CHECK(nc_inq(id, &ndims, &nvars, &ngatts, &unlim), "nc_inq");
    if (ndims != 3 || nvars != 5 || ngatts != 2) {
        fprintf(stderr, "rank %d (%s): %d dimensions, %d variables, %d global attributes; expected 3, 5, 2\n",
                rank, how, ndims, nvars, ngatts);
        bad++;
    }
    for (int a = 0; a < ngatts; a++) {
        CHECK(nc_inq_attname(id, NC_GLOBAL, a, name), "inq_attname");
        if (strcmp(name, a == 0 ? "title" : "version")) {
            fprintf(stderr, "rank %d (%s): global attribute %d is %s\n", rank, how, a, name);
            bad++;
        }
    }
    CHECK(nc_inq_dimlen(id, unlim, &len), "inq_dimlen rec");
    if (len != NREC) { fprintf(stderr, "rank %d (%s): %zu records\n", rank, how, len); bad++; }
    static const char *const names[5] = {"fix", "rec", "sc", "vec", "big"};
    static const int nd[5] = {2, 3, 0, 1, 1}, na[5] = {1, 0, 0, 0, 0};
    for (int v = 0; v < 5; v++) {
        CHECK(nc_inq_varid(id, names[v], &vid), names[v]);
        CHECK(nc_inq_var(id, vid, NULL, NULL, &vnd, dimids, &nat), "inq_var");
        if (vnd != nd[v] || nat != na[v]) {
            fprintf(stderr, "rank %d (%s): %s has %d dimensions, %d attributes; expected %d, %d\n", rank, how,
                    names[v], vnd, nat, nd[v], na[v]);
            bad++;
        }
    }
    static double fix[MAXY * NX];
    static int rec[NREC * MAXY * NX];
    short vec[NX];
    long long big[MAXY];
    float sc = 0;
    size_t st[3] = {0, 0, 0}, cf[2] = {ny, NX}, cr[3] = {NREC, ny, NX}, cv[1] = {NX}, cb[1] = {ny};
    CHECK(nc_inq_varid(id, "fix", &vid), "fix");
    CHECK(nc_get_vara_double(id, vid, st, cf, fix), "get fix");
    CHECK(nc_inq_varid(id, "rec", &vid), "rec");
    CHECK(nc_get_vara_int(id, vid, st, cr, rec), "get rec");
    CHECK(nc_inq_varid(id, "vec", &vid), "vec");
    CHECK(nc_get_vara_short(id, vid, st, cv, vec), "get vec");
    CHECK(nc_inq_varid(id, "big", &vid), "big");
    CHECK(nc_get_vara_longlong(id, vid, st, cb, big), "get big");
    CHECK(nc_inq_varid(id, "sc", &vid), "sc");
    CHECK(nc_get_var_float(id, vid, &sc), "get sc");
    int wrong = 0;
    for (int y = 0; y < ny; y++) {
        wrong += big[y] != vbig(y);
        for (int x = 0; x < NX; x++) {
            wrong += fix[y * NX + x] != vfix(y, x);
            for (int r = 0; r < NREC; r++) wrong += rec[(r * ny + y) * NX + x] != vrec(r, y, x);
        }
    }
    for (int x = 0; x < NX; x++) wrong += vec[x] != vvec(x);
    wrong += sc != 3.5f;
    if (wrong) { fprintf(stderr, "rank %d (%s): %d wrong values\n", rank, how, wrong); bad++; }
    /* a piece: rows 1..2 of the last record */
    int piece[2][NX];
    size_t sp[3] = {NREC - 1, 1, 0}, cp[3] = {1, 2, NX};
    CHECK(nc_inq_varid(id, "rec", &vid), "rec");
    CHECK(nc_get_vara_int(id, vid, sp, cp, &piece[0][0]), "get rec piece");
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < NX; x++)
            if (piece[y][x] != vrec(NREC - 1, 1 + y, x)) { bad++; y = 2; break; }
out:
    return bad;
}

int main(int argc, char **argv)
{
    int rank = 0, np, id;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc != 3 && !(argc == 4 && !strcmp(argv[3], "delete"))) {
        if (rank == 0) fprintf(stderr, "usage: nc_onepreload pnetcdf|ncpar|probe FILE [delete]\n");
        MPI_Finalize();
        return 2;
    }
    const char *mode = argv[1], *path = argv[2];
    if (4 * np > MAXY) {
        if (rank == 0) fprintf(stderr, "nc_onepreload: at most %d processes\n", MAXY / 4);
        MPI_Finalize();
        return 2;
    }
    if (!strcmp(mode, "probe")) {
        int e = nc_open(path, NC_NOWRITE, &id);
        if (e == NC_NOERR) { fprintf(stderr, "rank %d: nc_open of %s succeeded\n", rank, path); bad++; }
        e = ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &id);
        if (e == NC_NOERR) { fprintf(stderr, "rank %d: ncmpi_open of %s succeeded\n", rank, path); bad++; }
    } else {
        if (!strcmp(mode, "pnetcdf")) write_pnetcdf(path, rank, np);
#if NC_HAS_PNETCDF
        else if (!strcmp(mode, "ncpar")) write_ncpar(path, rank, np);
#endif
        else {
            if (rank == 0) fprintf(stderr, "nc_onepreload: no mode %s here\n", mode);
            MPI_Finalize();
            return 2;
        }
        MPI_Barrier(MPI_COMM_WORLD);
        if (!bad) {
            if (nc_open(path, NC_NOWRITE, &id) == NC_NOERR) {
                check(id, rank, np, "nc_open");
                if (nc_close(id) != NC_NOERR) bad++;
            } else {
                fprintf(stderr, "rank %d: nc_open %s failed\n", rank, path);
                bad++;
            }
        }
#if NC_HAS_PNETCDF
        if (!bad && !strcmp(mode, "ncpar")) {
            if (nc_open_par(path, NC_NOWRITE | NC_PNETCDF, MPI_COMM_WORLD, MPI_INFO_NULL, &id) == NC_NOERR) {
                check(id, rank, np, "nc_open_par");
                if (nc_close(id) != NC_NOERR) bad++;
            } else {
                fprintf(stderr, "rank %d: nc_open_par %s failed\n", rank, path);
                bad++;
            }
        }
#endif
        MPI_Barrier(MPI_COMM_WORLD);
        if (argc == 4 && rank == 0) {
            int e = nc_delete(path);
            if (e != NC_NOERR) { fprintf(stderr, "nc_delete %s: %s\n", path, nc_strerror(e)); bad++; }
        }
    }
    int all = 0;
    MPI_Allreduce(&bad, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0 && !all) printf("OK\n");
    MPI_Finalize();
    return all != 0;
}
