/*
 * t_striping.c: the hints every subfile is created with, read back with
 * ncsf_inq_subfile_info (MPI_File_get_info of the subfile opened as ncsf
 * opens it), on every rank for every subfile:
 *
 *   1. striping_unit, cb_buffer_size and romio_ds_read given to the
 *      dataset reach every subfile (ROMIO's UFS driver keeps these; it
 *      drops striping_factor, which this machine cannot show);
 *   2. no striping hint, a file system taken for striped
 *      (NCSF_ASSUME_STRIPED=1, as on Lustre): each subfile gets one stripe
 *      sized to its data, rounded up to 64 KiB;
 *   3. no striping hint, the file system as it is here (not Lustre): the
 *      subfiles get the same striping_unit a plain file opened with no
 *      hints gets: nothing added.
 * The data written in each case are read back and checked.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h>
#include "testutil.h"

#define NY 40
#define NX 512 /* a block: NY/P rows of NX doubles */

static test_state ts;

static int info_value(MPI_Info info, const char *key, char *val, int len)
{
    int flag = 0;
    MPI_Info_get(info, key, len - 1, val, &flag);
    if (!flag) val[0] = 0;
    return flag;
}

/* Create a dataset with hints, write and check v(y,x) split into P
 * subfiles; for each subfile, what MPI-IO reports, against want[key]. */
static void run_case(const char *path, MPI_Info hints, const char *const *keys, const char *const *want)
{
    int ncid, d[2], v;
    char nf[16];
    snprintf(nf, sizeof nf, "%d", ts.nprocs);
    EXPECT_OK(&ts, ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, hints, &ncid));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "y", NY, &d[0]));
    EXPECT_OK(&ts, ncmpi_def_dim(ncid, "x", NX, &d[1]));
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", nf);
    EXPECT_OK(&ts, ncmpi_def_var(ncid, "v", NC_DOUBLE, 2, d, &v, info));
    MPI_Info_free(&info);
    EXPECT_OK(&ts, ncmpi_enddef(ncid));
    MPI_Offset st[2] = {0, 0}, ct[2] = {0, NX};
    test_split(NY, ts.rank, ts.nprocs, &st[0], &ct[0]);
    double *b = malloc(sizeof(double) * (size_t)(ct[0] * NX + 1));
    for (MPI_Offset i = 0; i < ct[0] * NX; i++) b[i] = (double)((st[0] + i / NX) * NX + i % NX);
    EXPECT_OK(&ts, ncmpi_put_vara_double_all(ncid, v, st, ct, b));
    memset(b, 0, sizeof(double) * (size_t)(ct[0] * NX));
    EXPECT_OK(&ts, ncmpi_get_vara_double_all(ncid, v, st, ct, b));
    long long bad = 0;
    for (MPI_Offset i = 0; i < ct[0] * NX; i++) bad += b[i] != (double)((st[0] + i / NX) * NX + i % NX);
    EXPECT(&ts, bad == 0, "%s: %lld wrong values", ts.where, bad);
    free(b);
    for (int k = 0; k < ts.nprocs; k++) {
        MPI_Info got = MPI_INFO_NULL;
        EXPECT_OK(&ts, ncsf_inq_subfile_info(ncid, v, k, &got));
        if (got == MPI_INFO_NULL) continue;
        for (int j = 0; keys[j]; j++) {
            char val[MPI_MAX_INFO_VAL + 1];
            info_value(got, keys[j], val, sizeof val);
            EXPECT(&ts, !strcmp(val, want[j]), "%s: subfile %d: %s=\"%s\", expected \"%s\"", ts.where, k,
                   keys[j], val, want[j]);
        }
        MPI_Info_free(&got);
    }
    EXPECT_ERR(&ts, ncsf_inq_subfile_info(ncid, v, ts.nprocs, &(MPI_Info){MPI_INFO_NULL}), NC_EINVAL);
    EXPECT_OK(&ts, ncmpi_close(ncid));
}

/* striping_unit of a plain file opened with no hints, on this machine */
static void plain_unit(const char *dir, char *val, int len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/plain.%d", dir, ts.rank);
    MPI_File fh;
    MPI_Info got;
    val[0] = 0;
    if (MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                      MPI_INFO_NULL, &fh) != MPI_SUCCESS) {
        EXPECT(&ts, 0, "cannot create %s", path);
        return;
    }
    MPI_File_get_info(fh, &got);
    info_value(got, "striping_unit", val, len);
    MPI_Info_free(&got);
    MPI_File_close(&fh);
}

int main(int argc, char **argv)
{
    test_init(&ts, &argc, &argv);
    if (argc != 2) {
        if (ts.rank == 0) fprintf(stderr, "usage: t_striping DIR\n");
        MPI_Finalize();
        return 2;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/given.nc", argv[1]);

    ts.where = "hints given";
    MPI_Info hints;
    MPI_Info_create(&hints);
    MPI_Info_set(hints, "striping_factor", "4");
    MPI_Info_set(hints, "striping_unit", "131072");
    MPI_Info_set(hints, "cb_buffer_size", "2097152");
    MPI_Info_set(hints, "romio_ds_read", "disable");
    const char *k1[] = {"striping_unit", "cb_buffer_size", "romio_ds_read", NULL};
    const char *w1[] = {"131072", "2097152", "disable", NULL};
    setenv("NCSF_ASSUME_STRIPED", "1", 1); /* given hints win over the automatic choice */
    run_case(path, hints, k1, w1);
    MPI_Info_free(&hints);

    /* one stripe of the subfile's data (rows of NX doubles) rounded up to 64 KiB */
    ts.where = "automatic";
    MPI_Offset first, rows;
    test_split(NY, 0, ts.nprocs, &first, &rows);
    long long bytes = (long long)rows * NX * 8, unit = (bytes + 65535) / 65536 * 65536;
    char w2u[32];
    snprintf(w2u, sizeof w2u, "%lld", unit);
    const char *k2[] = {"striping_unit", NULL};
    const char *w2[] = {w2u, NULL};
    snprintf(path, sizeof path, "%s/auto.nc", argv[1]);
    run_case(path, MPI_INFO_NULL, k2, w2);

    ts.where = "not striped";
    char w3u[MPI_MAX_INFO_VAL + 1];
    plain_unit(argv[1], w3u, sizeof w3u);
    const char *w3[] = {w3u, NULL};
    setenv("NCSF_ASSUME_STRIPED", "0", 1);
    snprintf(path, sizeof path, "%s/plain.nc", argv[1]);
    run_case(path, MPI_INFO_NULL, k2, w3);
    unsetenv("NCSF_ASSUME_STRIPED");
    snprintf(path, sizeof path, "%s/detected.nc", argv[1]);
    run_case(path, MPI_INFO_NULL, k2, w3); /* this machine: no Lustre */
    return test_finish(&ts, "t_striping");
}
