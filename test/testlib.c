/*
 * testlib.c: helpers the C tests share (testlib.h).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <ncsf.h> /* ncmpi_* reach ncsf, as in the tests */
#include "testlib.h"
#include "values.h"

void tl_rows(const test_state *ts, MPI_Offset nx, MPI_Offset ny, MPI_Offset *st, MPI_Offset *ct)
{
    test_split(nx, ts->rank, ts->nprocs, &st[0], &ct[0]);
    st[1] = 0;
    ct[1] = ny;
}

void tl_fill_rows(int *b, const MPI_Offset *st, const MPI_Offset *ct, MPI_Offset ny, int seed)
{
    for (MPI_Offset i = 0; i < ct[0] * ct[1]; i++)
        b[i] = (int)test_value(NC_INT, (st[0] + i / ny) * ny + i % ny, seed);
}

void tl_put_rows(test_state *ts, int ncid, int v, MPI_Offset nx, MPI_Offset ny, int seed)
{
    MPI_Offset st[2], ct[2];
    int *buf = malloc(sizeof(int) * (size_t)(nx * ny));
    tl_rows(ts, nx, ny, st, ct);
    EXPECT(ts, buf != NULL, "no memory for %lld values", (long long)(nx * ny));
    if (!buf) return;
    tl_fill_rows(buf, st, ct, ny, seed);
    EXPECT_OK(ts, ncmpi_put_vara_int_all(ncid, v, st, ct, buf));
    free(buf);
}

MPI_Info tl_info(const char *key, ...)
{
    MPI_Info info;
    va_list ap;
    MPI_Info_create(&info);
    va_start(ap, key);
    for (const char *k = key; k; k = va_arg(ap, const char *)) {
        const char *val = va_arg(ap, const char *);
        MPI_Info_set(info, k, val);
    }
    va_end(ap);
    return info;
}
