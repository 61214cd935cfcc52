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
#include "nc4out.h"
#include "name_list.h"

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

int tool_listed(const char *list, const char *name)
{
    return ncsf_name_listed(list, name);
}

int tool_missing_var(int in, const char *list, char *missing)
{
    for (const char *p = list; p && *p;) {
        const char *c = strchr(p, ',');
        int id;
        snprintf(missing, NC_MAX_NAME + 1, "%.*s", (int)(c ? c - p : (long)strlen(p)), p);
        if (ncmpi_inq_varid(in, missing, &id) != NC_NOERR) return 1;
        p = c ? c + 1 : NULL;
    }
    return 0;
}

static int copy_data(int in, int out, int varid, int outid, const copy_opts *o, int index, int nvars)
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
    int unlim = -1;
    CHECK(ncmpi_inq_unlimdim(in, &unlim));
    int rec = nd > 0 && dimids[0] == unlim;
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
        /* PnetCDF 1.14.1 and 1.15.0 hang on a collective put of a record
         * variable in which some process has nothing to write: a process
         * with no rows in the last round reads and writes the last record
         * again, the bytes the process that has it writes */
        if (rec && n == 0) { st[0] = rows - 1; ct[0] = 1; n = 1; }
        MPI_Offset cnt = nd ? n * row : (o->rank == 0);
        if (nd == 0) {
            err = ncmpi_get_var_all(in, varid, buf, 1, MPI_DATATYPE_NULL); /* (1: PnetCDF 1.12.3 aborts on -1 with a NULL type) */
        } else {
            err = ncmpi_get_vara_all(in, varid, st, ct, buf, cnt, MPI_DATATYPE_NULL);
        }
        if (!err) {
            if (nd == 0) {
                if (o->rank == 0) {
                    ncmpi_begin_indep_data(out);
                    err = ncmpi_put_var(out, outid, buf, 1, MPI_DATATYPE_NULL);
                    ncmpi_end_indep_data(out);
                } else {
                    ncmpi_begin_indep_data(out);
                    ncmpi_end_indep_data(out);
                }
            } else {
                err = ncmpi_put_vara_all(out, outid, st, ct, buf, cnt, MPI_DATATYPE_NULL);
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

/* What is copied: every variable, or the listed ones (varmap[v] 0, else
 * -1) and the dimensions they use (dimmap[d] 0, else -1). */
static int select_vars(int in, int ndims, int nvars, const copy_opts *o, int **dimmap, int **varmap)
{
    int err = NC_NOERR, *dm = malloc(sizeof(int) * ((size_t)ndims + 1)), *vm = malloc(sizeof(int) * ((size_t)nvars + 1));
    char name[NC_MAX_NAME + 1];
    if (!dm || !vm) { free(dm); free(vm); return NC_ENOMEM; }
    for (int d = 0; d < ndims; d++) dm[d] = o->only ? -1 : 0;
    for (int v = 0; v < nvars && !err; v++) {
        int nd, dimids[TOOL_MAX_DIMS];
        vm[v] = -1;
        if ((err = ncmpi_inq_varname(in, v, name)) || (o->only && !tool_listed(o->only, name))) continue;
        vm[v] = 0;
        if (!(err = ncmpi_inq_varndims(in, v, &nd)) && nd > TOOL_MAX_DIMS) err = NC_EMAXDIMS;
        if (!err) err = ncmpi_inq_vardimid(in, v, dimids);
        for (int d = 0; !err && d < nd; d++) dm[dimids[d]] = 0;
    }
    if (err) { free(dm); free(vm); return err; }
    *dimmap = dm;
    *varmap = vm;
    return NC_NOERR;
}

int copy_dataset(int in, int out, copy_var_info_fn info_of, void *arg, const copy_opts *o)
{
    int ndims, nvars, unlim, err = NC_NOERR, nout = 0;
    char name[NC_MAX_NAME + 1];
    CHECK(ncmpi_inq(in, &ndims, &nvars, NULL, &unlim));
    int *dimmap, *varmap;
    if ((err = select_vars(in, ndims, nvars, o, &dimmap, &varmap))) return err;
    for (int d = 0; d < ndims && !err; d++) {
        MPI_Offset len;
        if (dimmap[d] < 0) continue;
        if (!(err = ncmpi_inq_dim(in, d, name, &len)))
            err = ncmpi_def_dim(out, name, d == unlim ? NC_UNLIMITED : len, &dimmap[d]);
    }
    if (!err) err = copy_atts(in, NC_GLOBAL, out, NC_GLOBAL, o);
    for (int v = 0; v < nvars && !err; v++) {
        int nd, dimids[TOOL_MAX_DIMS];
        nc_type t;
        if (varmap[v] < 0) continue;
        if ((err = ncmpi_inq_var(in, v, name, &t, &nd, dimids, NULL))) break;
        for (int d = 0; d < nd; d++) dimids[d] = dimmap[dimids[d]];
        MPI_Info info = info_of ? info_of(name, arg) : MPI_INFO_NULL;
        err = ncmpi_def_var(out, name, t, nd, dimids, &varmap[v], info);
        if (info != MPI_INFO_NULL) MPI_Info_free(&info);
        if (!err) err = copy_atts(in, v, out, varmap[v], o);
        nout++;
    }
    if (!err) err = ncmpi_enddef(out);
    for (int v = 0, i = 0; v < nvars && !err; v++)
        if (varmap[v] >= 0) err = copy_data(in, out, v, varmap[v], o, i++, nout);
    if (err && o->rank == 0) fprintf(stderr, "copying: %s\n", ncmpi_strerror(err));
    free(dimmap);
    free(varmap);
    return err;
}

const char *tool_open_remedy(int err, int creating)
{
    switch (err) {
    case NC_ENOENT: return creating ? " (its directory must exist)" : " (no such file: check the path)";
    case NC_EACCESS:
    case NC_EPERM: return creating ? " (the directory is not writable by you)" : " (you may not read it: check its permissions)";
    case NC_ENOTNC: return " (not a netCDF file ncsf reads: `ncdump -k FILE` names its kind; ncsf-split also takes netCDF-4)";
    case NC_ETRUNC: return " (the dataset is unfinished or a file is cut short: `ncsf-info FILE` says which)";
    case NC_EVARMETA: return " (its subfiling attributes are damaged: `ncsf-info FILE` says where)";
    case NC_EEXIST: return " (give --force to overwrite it)";
    default: return "";
    }
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

int tool_create_like(int in, const char *path, int cmode, MPI_Info info, int rank, const char *tool, int *out)
{
    int fmt, err;
    ncmpi_inq_format(in, &fmt);
    if (cmode < 0) cmode = fmt == NC_FORMAT_CDF5 ? NC_64BIT_DATA : fmt == NC_FORMAT_CDF2 ? NC_64BIT_OFFSET : 0;
    err = ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | cmode, info, out);
    if (err && rank == 0)
        fprintf(stderr, "%s: cannot create %s: %s%s\n", tool, path, ncmpi_strerror(err), tool_open_remedy(err, 1));
    return err;
}

/* ---- netCDF-4 output (serial: netCDF-C writes, this one process reads) -- */

static int copy_atts4(int in, int vin, int out, int vout)
{
    int natts, err = NC_NOERR;
    char name[NC_MAX_NAME + 1];
    err = vin == NC_GLOBAL ? ncmpi_inq_natts(in, &natts) : ncmpi_inq_varnatts(in, vin, &natts);
    for (int i = 0; !err && i < natts; i++) {
        nc_type t;
        MPI_Offset len;
        if ((err = ncmpi_inq_attname(in, vin, i, name)) || is_subfiling_att(name)) continue;
        if ((err = ncmpi_inq_att(in, vin, name, &t, &len))) break;
        void *buf = malloc((size_t)len * type_size(t) + 1);
        if (!buf) return NC_ENOMEM;
        err = ncmpi_get_att(in, vin, name, buf);
        if (!err && (err = nc4out_put_att(out, vout, name, t, len, buf)))
            fprintf(stderr, "attribute %s: %s\n", name, nc4out_strerror(err));
        free(buf);
    }
    return err;
}

int copy_to_netcdf4(int in, const char *path, int deflate, int shuffle, const copy_opts *o)
{
    int ndims, nvars, unlim, err, id = -1, *dimmap = NULL, *varmap = NULL;
    char name[NC_MAX_NAME + 1];
    CHECK(ncmpi_inq(in, &ndims, &nvars, NULL, &unlim));
    if ((err = select_vars(in, ndims, nvars, o, &dimmap, &varmap))) return err;
    if ((err = nc4out_create(path, &id))) {
        fprintf(stderr, "cannot create %s: %s\n", path, nc4out_strerror(err));
        goto out;
    }
    for (int d = 0; d < ndims && !err; d++) {
        MPI_Offset len;
        if (dimmap[d] < 0) continue;
        if (!(err = ncmpi_inq_dim(in, d, name, &len))) err = nc4out_def_dim(id, name, len, d == unlim, &dimmap[d]);
    }
    if (!err) err = copy_atts4(in, NC_GLOBAL, id, NC4_GLOBAL);
    for (int v = 0; v < nvars && !err; v++) {
        int nd, dimids[TOOL_MAX_DIMS];
        nc_type t;
        if (varmap[v] < 0) continue;
        if ((err = ncmpi_inq_var(in, v, name, &t, &nd, dimids, NULL))) break;
        for (int d = 0; d < nd; d++) dimids[d] = dimmap[dimids[d]];
        if (!(err = nc4out_def_var(id, name, t, nd, dimids, deflate, shuffle, NULL, &varmap[v])))
            err = copy_atts4(in, v, id, varmap[v]);
    }
    if (!err) err = nc4out_enddef(id);
    /* the data, a slab of leading rows at a time */
    for (int v = 0; v < nvars && !err; v++) {
        int nd, dimids[TOOL_MAX_DIMS];
        nc_type t;
        MPI_Offset len[TOOL_MAX_DIMS], row = 1;
        long long st[TOOL_MAX_DIMS] = {0}, ct[TOOL_MAX_DIMS];
        if (varmap[v] < 0) continue;
        if ((err = ncmpi_inq_var(in, v, name, &t, &nd, dimids, NULL))) break;
        for (int d = 0; d < nd && !err; d++) {
            err = ncmpi_inq_dimlen(in, dimids[d], &len[d]);
            ct[d] = len[d];
            if (d) row *= len[d];
        }
        MPI_Offset per = o->chunk_bytes / (row * type_size(t)), rows = nd ? len[0] : 1;
        if (per < 1) per = 1;
        char *buf = malloc((size_t)(per * row * type_size(t)) + 1);
        if (!buf) { err = NC_ENOMEM; break; }
        for (MPI_Offset r = 0; r < rows && !err; r += per) {
            MPI_Offset mst[TOOL_MAX_DIMS] = {0}, mct[TOOL_MAX_DIMS];
            for (int d = 0; d < nd; d++) mct[d] = len[d];
            if (nd) {
                mst[0] = st[0] = r;
                mct[0] = ct[0] = rows - r < per ? rows - r : per;
                err = ncmpi_get_vara_all(in, v, mst, mct, buf, mct[0] * row, MPI_DATATYPE_NULL);
            } else {
                err = ncmpi_get_var_all(in, v, buf, 1, MPI_DATATYPE_NULL);
            }
            if (!err && (err = nc4out_put_vara(id, varmap[v], nd, st, ct, buf)))
                fprintf(stderr, "writing %s: %s\n", name, nc4out_strerror(err));
        }
        free(buf);
        if (o->progress) fprintf(stderr, "\rvariable %s written   \n", name);
    }
out:
    if (id >= 0) {
        int e = nc4out_close(id);
        if (!err && e) { fprintf(stderr, "closing %s: %s\n", path, nc4out_strerror(e)); err = NC_EFILE; }
    }
    free(dimmap);
    free(varmap);
    return err;
}
