/*
 * t_bypass_io.c: the I/O half of t_bypass, written as plain PnetCDF code
 * (pnetcdf.h, no ncsf.h): puts, a non-blocking put, reads, inquiries.
 */
#include <stdio.h>
#include <stdlib.h>
#include <pnetcdf.h>
#include "t_bypass.h"
#include "values.h"

static void share(MPI_Offset n, int p, int np, MPI_Offset *s, MPI_Offset *c)
{
    *s = n * p / np;
    *c = n * (p + 1) / np - *s;
}

int bypass_write(int ncid, int varid, int rank, int nprocs)
{
    MPI_Offset s[2] = {0, 0}, c[2] = {0, BYPASS_NX};
    share(BYPASS_NZ, rank, nprocs, &s[0], &c[0]);
    double *buf = malloc(sizeof(double) * (size_t)(c[0] * BYPASS_NX + 1));
    for (MPI_Offset i = 0; i < c[0] * BYPASS_NX; i++)
        buf[i] = test_value(NC_DOUBLE, s[0] * BYPASS_NX + i, 5);
    /* the first row of each slab through a non-blocking put, the rest at once */
    MPI_Offset c1[2] = {c[0] > 0, BYPASS_NX}, s2[2] = {s[0] + c1[0], 0}, c2[2] = {c[0] - c1[0], BYPASS_NX};
    int req, st, bad = 0, err;
    if ((err = ncmpi_iput_vara_double(ncid, varid, s, c1, buf, &req)) != NC_NOERR) bad++;
    if (!err && (err = ncmpi_wait_all(ncid, 1, &req, &st)) != NC_NOERR) bad++;
    if ((err = ncmpi_put_vara_double_all(ncid, varid, s2, c2, buf + c1[0] * BYPASS_NX)) != NC_NOERR) bad++;
    if (bad) fprintf(stderr, "[rank %d] write: %s\n", rank, ncmpi_strerror(err));
    free(buf);
    return bad;
}

int bypass_read(const char *path, int rank, int nprocs)
{
    int ncid, varid, nd = 0, dimids[2], bad = 0;
    MPI_Offset len[2] = {0, 0};
    int err = ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid);
    if (!err) err = ncmpi_inq_varid(ncid, "field", &varid);
    if (!err) err = ncmpi_inq_varndims(ncid, varid, &nd);
    if (!err && nd == 2) err = ncmpi_inq_vardimid(ncid, varid, dimids);
    for (int d = 0; !err && d < nd && d < 2; d++) err = ncmpi_inq_dimlen(ncid, dimids[d], &len[d]);
    if (err || nd != 2 || len[0] != BYPASS_NZ || len[1] != BYPASS_NX) {
        fprintf(stderr, "[rank %d] read: %s; shape %d: %lld x %lld\n", rank, ncmpi_strerror(err), nd,
                (long long)len[0], (long long)len[1]);
        return 1;
    }
    /* by columns, not by the writers' rows */
    MPI_Offset s[2] = {0, 0}, c[2] = {BYPASS_NZ, 0};
    share(BYPASS_NX, rank, nprocs, &s[1], &c[1]);
    double *buf = malloc(sizeof(double) * (size_t)(BYPASS_NZ * c[1] + 1));
    if ((err = ncmpi_get_vara_double_all(ncid, varid, s, c, buf)) != NC_NOERR) bad++;
    for (MPI_Offset z = 0; !err && z < BYPASS_NZ; z++)
        for (MPI_Offset x = 0; x < c[1]; x++) {
            double want = test_value(NC_DOUBLE, z * BYPASS_NX + s[1] + x, 5);
            if (buf[z * c[1] + x] != want && bad++ < 5)
                fprintf(stderr, "[rank %d] field[%lld][%lld] = %g, expected %g\n", rank, (long long)z,
                        (long long)(s[1] + x), buf[z * c[1] + x], want);
        }
    free(buf);
    if ((err = ncmpi_close(ncid)) != NC_NOERR) bad++;
    return bad;
}
