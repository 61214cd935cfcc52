/*
 * ncrc_copy MODE IN OUT: a netCDF-C program that knows nothing of ncsf
 * (test/t_ncrc.sh builds it against netCDF-C 4.10). It opens IN with
 * nc_open(NC_NOWRITE | NC_UDF0) when MODE is "udf0" (plain NC_NOWRITE
 * when "plain"), never calling nc_def_user_format: only .ncrc can have
 * registered the format. It copies every dimension, attribute and
 * variable (every value) into OUT, a classic file of IN's format, so
 * that another netCDF-C's ncdump can compare it with ncsf-merge's output.
 * Prints the library version; exits 1 with netCDF-C's message on an error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netcdf.h>

#define TRY(call)                                                                   \
    do {                                                                            \
        int e_ = (call);                                                            \
        if (e_) {                                                                   \
            fprintf(stderr, "ncrc_copy: %s: %s (%d)\n", #call, nc_strerror(e_), e_); \
            exit(1);                                                                \
        }                                                                           \
    } while (0)

static void copy_atts(int in, int out, int varid, int natts)
{
    char name[NC_MAX_NAME + 1];
    for (int a = 0; a < natts; a++) {
        TRY(nc_inq_attname(in, varid, a, name));
        TRY(nc_copy_att(in, varid, name, out, varid));
    }
}

static void define_var(int in, int out, int v)
{
    char name[NC_MAX_NAME + 1];
    nc_type type;
    int ndims, dims[NC_MAX_VAR_DIMS], natts, id;
    TRY(nc_inq_var(in, v, name, &type, &ndims, dims, &natts));
    TRY(nc_def_var(out, name, type, ndims, dims, &id));
    if (id != v) { fprintf(stderr, "ncrc_copy: %s got id %d, not %d\n", name, id, v); exit(1); }
    copy_atts(in, out, v, natts);
}

/* all of variable v's values, in its own type */
static void copy_values(int in, int out, int v)
{
    nc_type type;
    int ndims, dims[NC_MAX_VAR_DIMS];
    size_t start[NC_MAX_VAR_DIMS] = {0}, count[NC_MAX_VAR_DIMS], n = 1, size;
    TRY(nc_inq_var(in, v, NULL, &type, &ndims, dims, NULL));
    TRY(nc_inq_type(in, type, NULL, &size));
    for (int d = 0; d < ndims; d++) {
        TRY(nc_inq_dimlen(in, dims[d], &count[d]));
        n *= count[d];
    }
    if (!n) return;
    void *buf = malloc(n * size);
    if (!buf) { fprintf(stderr, "ncrc_copy: out of memory\n"); exit(1); }
    TRY(nc_get_vara(in, v, start, count, buf));
    TRY(nc_put_vara(out, v, start, count, buf));
    free(buf);
}

int main(int argc, char **argv)
{
    if (argc != 4 || (strcmp(argv[1], "udf0") && strcmp(argv[1], "plain"))) {
        fprintf(stderr, "usage: ncrc_copy udf0|plain IN OUT\n");
        return 2;
    }
    printf("netCDF-C %s\n", nc_inq_libvers());
    int in, out, format, ndims, nvars, natts, unlim, cmode = NC_CLOBBER;
    TRY(nc_open(argv[2], NC_NOWRITE | (strcmp(argv[1], "udf0") ? 0 : NC_UDF0), &in));
    TRY(nc_inq_format(in, &format));
    if (format == NC_FORMAT_64BIT_OFFSET) cmode |= NC_64BIT_OFFSET;
    else if (format == NC_FORMAT_64BIT_DATA) cmode |= NC_64BIT_DATA;
    else if (format != NC_FORMAT_CLASSIC) { fprintf(stderr, "ncrc_copy: not a classic format (%d)\n", format); return 1; }
    TRY(nc_create(argv[3], cmode, &out));
    TRY(nc_set_fill(out, NC_NOFILL, NULL));
    TRY(nc_inq(in, &ndims, &nvars, &natts, &unlim));
    for (int d = 0; d < ndims; d++) {
        char name[NC_MAX_NAME + 1];
        size_t len;
        int id;
        TRY(nc_inq_dim(in, d, name, &len));
        TRY(nc_def_dim(out, name, d == unlim ? NC_UNLIMITED : len, &id));
    }
    copy_atts(in, out, NC_GLOBAL, natts);
    for (int v = 0; v < nvars; v++) define_var(in, out, v);
    TRY(nc_enddef(out));
    for (int v = 0; v < nvars; v++) copy_values(in, out, v);
    TRY(nc_close(out));
    TRY(nc_close(in));
    printf("copied %d variables\n", nvars);
    return 0;
}
