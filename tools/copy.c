/*
 * copy.c: copy every dimension, attribute and variable of one dataset to
 * another through ncsf. Reads and writes go through ncsf's collective path,
 * so a subfiled input is read as its global arrays and a subfiled output
 * is written to its subfiles. The leading dimension of each variable is
 * cut into slabs of at most chunk_bytes per process, so memory stays
 * bounded whatever the dataset's size.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "copy.h"

#define TOOL_MAX_DIMS 1024 /* PnetCDF sets no limit; netCDF-C says 1024 */

#define CHECK(call) do { \
        int e_ = (call); \
        if (e_ != NC_NOERR) { \
            if (o->rank == 0) fprintf(stderr, "%s: %s\n", #call, ncmpi_strerror(e_)); \
            return e_; \
        } \
    } while (0)

static int is_subfiling_att(const char *name)
{
    return !strncmp(name, "subfiling_", 10);
}

static int copy_atts(int in, int vin, int out, int vout, const copy_opts *o)
{
    int natts;
    char name[NC_MAX_NAME + 1];
    CHECK(vin == NC_GLOBAL ? ncmpi_inq_natts(in, &natts) : ncmpi_inq_varnatts(in, vin, &natts));
    for (int i = 0; i < natts; i++) {
        CHECK(ncmpi_inq_attname(in, vin, i, name));
        if (is_subfiling_att(name)) continue;
        CHECK(ncmpi_copy_att(in, vin, name, out, vout));
    }
    return NC_NOERR;
}

static int type_size(nc_type t)
{
    switch (t) {
    case NC_BYTE: case NC_CHAR: case NC_UBYTE: return 1;
    case NC_SHORT: case NC_USHORT: return 2;
    case NC_INT: case NC_UINT: case NC_FLOAT: return 4;
    default: return 8;
    }
}

static int copy_data(int in, int out, int varid, const copy_opts *o, int index, int nvars)
{
    char name[NC_MAX_NAME + 1];
    int nd, dimids[TOOL_MAX_DIMS];
    nc_type t;
    MPI_Offset len[TOOL_MAX_DIMS], row = 1;
    CHECK(ncmpi_inq_varndims(in, varid, &nd));
    if (nd > TOOL_MAX_DIMS) return NC_EMAXDIMS;
    CHECK(ncmpi_inq_var(in, varid, name, &t, &nd, dimids, NULL));
    for (int d = 0; d < nd; d++) {
        CHECK(ncmpi_inq_dimlen(in, dimids[d], &len[d]));
        if (d) row *= len[d];
    }
    int es = type_size(t);
    MPI_Offset rows = nd ? len[0] : 1, per = o->chunk_bytes / (row * es);
    if (per < 1) per = 1;
    /* every process reads a slab of rows per round; rounds are the same
     * for all, so every collective call is made by every process */
    MPI_Offset round_rows = per * o->nprocs, rounds = (rows + round_rows - 1) / round_rows;
    char *buf = malloc((size_t)(per * row * es) + 1);
    if (!buf) return NC_ENOMEM;
    MPI_Offset st[TOOL_MAX_DIMS] = {0}, ct[TOOL_MAX_DIMS];
    for (int d = 1; d < nd; d++) ct[d] = len[d];
    int err = NC_NOERR;
    for (MPI_Offset r = 0; r < rounds && !err; r++) {
        MPI_Offset first = r * round_rows + o->rank * per, n = 0;
        if (first < rows) n = rows - first < per ? rows - first : per;
        if (nd) { st[0] = n ? first : 0; ct[0] = n; }
        MPI_Offset cnt = nd ? n * row : (o->rank == 0);
        if (nd == 0) {
            err = ncmpi_get_var_all(in, varid, buf, -1, MPI_DATATYPE_NULL);
        } else {
            err = ncmpi_get_vara_all(in, varid, st, ct, buf, cnt, MPI_DATATYPE_NULL);
        }
        if (!err) {
            if (nd == 0) {
                if (o->rank == 0) {
                    ncmpi_begin_indep_data(out);
                    err = ncmpi_put_var(out, varid, buf, -1, MPI_DATATYPE_NULL);
                    ncmpi_end_indep_data(out);
                } else {
                    ncmpi_begin_indep_data(out);
                    ncmpi_end_indep_data(out);
                }
            } else {
                err = ncmpi_put_vara_all(out, varid, st, ct, buf, cnt, MPI_DATATYPE_NULL);
            }
        }
        if (o->progress && o->rank == 0)
            fprintf(stderr, "\rvariable %d/%d %s: %3d%%   ", index + 1, nvars, name,
                    (int)(100 * (r + 1) / rounds));
    }
    if (o->progress && o->rank == 0) fprintf(stderr, "\n");
    free(buf);
    if (err && o->rank == 0) fprintf(stderr, "copying %s: %s\n", name, ncmpi_strerror(err));
    return err;
}

int copy_dataset(int in, int out, copy_var_info_fn info_of, void *arg, const copy_opts *o)
{
    int ndims, nvars, unlim, err;
    char name[NC_MAX_NAME + 1];
    CHECK(ncmpi_inq(in, &ndims, &nvars, NULL, &unlim));
    for (int d = 0; d < ndims; d++) {
        MPI_Offset len;
        int id;
        CHECK(ncmpi_inq_dim(in, d, name, &len));
        CHECK(ncmpi_def_dim(out, name, d == unlim ? NC_UNLIMITED : len, &id));
    }
    CHECK(copy_atts(in, NC_GLOBAL, out, NC_GLOBAL, o));
    for (int v = 0; v < nvars; v++) {
        int nd, dimids[TOOL_MAX_DIMS], id;
        nc_type t;
        CHECK(ncmpi_inq_varndims(in, v, &nd));
        if (nd > TOOL_MAX_DIMS) return NC_EMAXDIMS;
        CHECK(ncmpi_inq_var(in, v, name, &t, &nd, dimids, NULL));
        MPI_Info info = info_of ? info_of(name, arg) : MPI_INFO_NULL;
        err = ncmpi_def_var(out, name, t, nd, dimids, &id, info);
        if (info != MPI_INFO_NULL) MPI_Info_free(&info);
        CHECK(err);
        CHECK(copy_atts(in, v, out, id, o));
    }
    CHECK(ncmpi_enddef(out));
    for (int v = 0; v < nvars; v++)
        if ((err = copy_data(in, out, v, o, v, nvars))) return err;
    return NC_NOERR;
}

int tool_start(int *argc, char ***argv, int *rank, int *nprocs, void (*usage)(FILE *))
{
    MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, nprocs);
    for (int i = 1; i < *argc; i++)
        if (!strcmp((*argv)[i], "--help") || !strcmp((*argv)[i], "-h")) {
            if (*rank == 0) usage(stdout);
            MPI_Finalize();
            return 1;
        }
    return 0;
}


int tool_create_like(int in, const char *path, MPI_Info info, int rank, const char *tool, int *out)
{
    int fmt, err;
    ncmpi_inq_format(in, &fmt);
    int cmode = NC_CLOBBER | (fmt == NC_FORMAT_CDF5 ? NC_64BIT_DATA : fmt == NC_FORMAT_CDF2 ? NC_64BIT_OFFSET : 0);
    err = ncmpi_create(MPI_COMM_WORLD, path, cmode, info, out);
    if (err && rank == 0) fprintf(stderr, "%s: cannot create %s: %s\n", tool, path, ncmpi_strerror(err));
    return err;
}
