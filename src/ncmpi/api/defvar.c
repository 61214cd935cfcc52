/*
 * defvar.c: ncmpi_def_var with subfiling hints.
 *
 * A subfiled variable gets a placeholder of its name in the base file: a
 * scalar (or, for a record variable, a vector along the record dimension,
 * so that the base file's record count follows the variable) that carries
 * the user's attributes and the subfiling attributes. Its data goes to the
 * subfiles, created at enddef.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncsfi_api.h"
#include "name_list.h"

int ncsf_def_var_noinfo(int ncid, const char *name, nc_type xtype, int ndims,
                        const int *dimids, int *varidp)
{
    return ncsf_def_var(ncid, name, xtype, ndims, dimids, varidp, MPI_INFO_NULL);
}

static int grow_vars(ncsf_file *f, int varid)
{
    if (varid < f->nvars_cap) return NC_NOERR;
    int cap = varid + 32;
    ncsf_var **t = realloc(f->vars, sizeof(*t) * cap);
    if (!t) return NC_ENOMEM;
    memset(t + f->nvars_cap, 0, sizeof(*t) * (cap - f->nvars_cap));
    f->vars = t;
    f->nvars_cap = cap;
    return NC_NOERR;
}

/* The effective hints of one variable: its own, else the file's. */
typedef struct {
    int enable, nfiles, nfiles_given, explicit_;
    long long max_size;      /* subfiling_max_size, 0 none */
    const char *dims, *group, *pgrid;
} var_choice;

static int choose(ncsf_file *f, const char *name, MPI_Info info, ncsf_hints *vh,
                  var_choice *c)
{
    char msg[256] = "";
    int err = ncsfi_hints_parse(info, vh, msg, sizeof msg);
    if (err) {
        ncsfi_set_error(f, f->rank == 0, "def_var %s: %s", name, msg);
        return err;
    }
    ncsfi_hints_warn(info, vh, f->hints.enable == 1, f->rank == 0, f->warned, sizeof f->warned, "def_var");
    c->explicit_ = vh->enable == 1;
    c->enable = vh->enable >= 0 ? vh->enable : f->hints.enable == 1;
    c->nfiles_given = vh->nfiles ? vh->nfiles : f->hints.nfiles;
    c->max_size = vh->max_size > 0 ? vh->max_size : f->hints.max_size;
    /* until the variable's size is known (plan_def): one per node */
    c->nfiles = c->nfiles_given ? c->nfiles_given : ncsfi_default_nfiles(f, 0, 0);
    c->dims = vh->dims ? vh->dims : f->hints.dims;
    /* the file's grid is for the file's dimensions: a def_var that gives
     * its own dimensions or count gives its own grid, or none */
    c->pgrid = vh->pgrid ? vh->pgrid : (vh->dims || vh->nfiles) ? NULL : f->hints.pgrid;
    c->group = vh->group ? vh->group : f->hints.group;
    return NC_NOERR;
}

/* Does the file's selection (subfiling_vars, subfiling_exclude,
 * subfiling_min_size: hints for every variable, from create or the
 * environment) take this variable? A coordinate variable (one dimension,
 * of its own name) is taken only when subfiling_vars names it. Without
 * subfiling_min_size, a variable smaller than NCSF_DEFAULT_MIN_SIZE stays
 * in the base file unless subfiling_vars names it. A def_var's own hints
 * bypass all this. */
static int file_selects(const ncsf_file *f, const char *name, nc_type xtype, int ndims,
                        const int *dimids, const MPI_Offset *gsize, int record)
{
    char dimname[NC_MAX_NAME + 1];
    if (f->hints.vars) {
        if (!ncsf_name_listed(f->hints.vars, name)) return 0;
    } else if (ndims == 1 && ncmpi_inq_dimname(f->ncid, dimids[0], dimname) == NC_NOERR &&
               !strcmp(dimname, name)) {
        return 0;
    }
    if (f->hints.exclude && ncsf_name_listed(f->hints.exclude, name)) return 0;
    long long min = f->hints.min_size >= 0 ? f->hints.min_size : f->hints.vars ? 0 : NCSF_DEFAULT_MIN_SIZE;
    double bytes = ncsfi_xsize(xtype);
    for (int d = record; d < ndims; d++) bytes *= (double)gsize[d];
    return bytes >= (double)min;
}

/* The subfiles' names must be files this file system can hold: refused
 * here, not at enddef with the base file half made. */
static int check_file_names(ncsf_file *f, const char *name, const char *group, int nfiles)
{
    if (ncsfi_has_control_char(f->stem)) {
        ncsfi_set_error(f, f->rank == 0, "def_var %s: the base file name \"%s\" holds a control "
                        "character (a newline, say): subfiles cannot be named after it", name, f->stem);
        return NC_EBADNAME;
    }
    if (!ncsfi_subfile_name_fits(f->stem, group ? group : name, group != NULL, nfiles)) {
        ncsfi_set_error(f, f->rank == 0, "def_var %s: its subfile names (%s.%s%s.N, with every byte "
                        "but A-Z a-z 0-9 - _ written as %%XX) would be longer than the %d bytes a "
                        "file name may have", name, f->stem, group ? "@" : "", group ? group : name,
                        NCSF_NAME_MAX);
        return NC_EMAXNAME;
    }
    return NC_NOERR;
}

/* What def_var will do with a variable, worked out locally. */
typedef struct {
    int subfiled;            /* else an ordinary variable */
    int record, unlim;
    ncsf_var *v;             /* subfiled: its state and attributes, made */
    ncsf_atts *atts;
} def_plan;

static int plan_def(ncsf_file *f, int ncid, const char *name, nc_type xtype, int ndims,
                    const int *dimids, MPI_Info info, def_plan *dp)
{
    ncsf_hints vh = {0};
    var_choice c;
    int err, npart, pdims[SF_MAX_PDIMS], order[SF_MAX_PDIMS], pgrid[SF_MAX_PDIMS], nvars = 0;
    MPI_Offset gsize[SF_MAX_DIMS];
    memset(dp, 0, sizeof *dp);
    dp->unlim = -1;
    if ((err = choose(f, name ? name : "(null)", info, &vh, &c))) goto out;
    if (!c.enable || (ndims == 0 && !c.explicit_)) goto out;
    /* arguments PnetCDF refuses are left to it, for its own codes and
     * their order (NC_EBADNAME, NC_EBADTYPE, ...) */
    if (!name || ndims < 0 || (ndims > 0 && !dimids) || ncsfi_xsize(xtype) <= 0) goto out;
    if (!f->indef) { err = NC_ENOTINDEFINE; goto out; }
    /* more dimensions than a partition has: file-wide hints leave it in
     * the base file (largefile/large_dims_vars_attrs, burst_buffer/highdim) */
    if (ndims > SF_MAX_DIMS && !c.explicit_) goto out;
    if (ndims == 0 || ndims > SF_MAX_DIMS || !dimids) {
        ncsfi_set_error(f, f->rank == 0, "def_var %s: hint subfiling=enable: a variable of %d "
                        "dimensions cannot be subfiled (1 to %d)", name, ndims, SF_MAX_DIMS);
        err = NC_EINVAL;
        goto out;
    }
    ncmpi_inq_unlimdim(ncid, &dp->unlim);
    for (int d = 0; d < ndims; d++) {
        /* a bad dimension id, the record dimension after the first: left
         * to PnetCDF's def_var too, which checks a name in use first */
        if (ncmpi_inq_dimlen(ncid, dimids[d], &gsize[d]) != NC_NOERR || (dimids[d] == dp->unlim && d != 0))
            goto out;
        if (dimids[d] == dp->unlim) gsize[d] = 0;
    }
    dp->record = dp->unlim >= 0 && dimids[0] == dp->unlim;
    if (ncsfi_varsize_unrepresentable(xtype, ndims, gsize, dp->record)) goto out; /* PnetCDF's EVARSIZE */
    if (!c.explicit_ && !file_selects(f, name, xtype, ndims, dimids, gsize, dp->record)) goto out;
    /* dimensions named for the whole file need not fit every variable: a
     * variable they do not fit stays in the base file, without a word */
    int by_design = !vh.dims && !c.explicit_;
    err = ncsfi_resolve_pdims(f, name, ndims, dimids, dp->record, c.dims, &npart, pdims, order, by_design);
    if (err) {
        if (by_design && err == NC_EINVAL) err = NC_NOERR;
        goto out;
    }
    /* likewise a grid for the whole file that this variable is too short
     * for; a wrong number of counts is said in any case */
    by_design = !vh.pgrid && !c.explicit_;
    if (!c.nfiles_given) {
        double bytes = ncsfi_xsize(xtype);
        for (int d = dp->record; d < ndims; d++) bytes *= (double)gsize[d];
        c.nfiles = ncsfi_default_nfiles(f, bytes, c.max_size);
    }
    err = ncsfi_var_grid(f, name, c.pgrid, c.nfiles_given, c.nfiles, npart, pdims, order, gsize,
                         by_design, pgrid);
    if (err) {
        if (err > 0) err = NC_NOERR;
        goto out;
    }
    int nblocks = 1;
    for (int p = 0; p < npart; p++) nblocks *= pgrid[p];
    if ((err = ncsfi_check_group(f, name, c.group, dimids, npart, pdims, pgrid))) goto out;
    if ((err = check_file_names(f, name, c.group, nblocks))) goto out;
    err = ncmpi_inq_nvars(ncid, &nvars);
    if (!err) err = grow_vars(f, nvars);
    if (!err) err = ncsfi_var_new(f, nvars, name, xtype, ndims, dimids, gsize, dp->record, npart, pdims,
                                  pgrid, c.group, &dp->v);
    /* until the enddef works out the subfiles' limit: the format's (a
     * request posted in define mode is checked against it) */
    if (!err) dp->v->max_records = f->format == NC_FORMAT_CDF5 ? INT64_MAX : (MPI_Offset)NC_MAX_UINT;
    if (!err) err = ncsfi_atts_make(f, dp->v, name, &dp->atts);
    dp->subfiled = 1;
out:
    ncsfi_hints_free(&vh);
    return err;
}

static void plan_free(def_plan *dp)
{
    ncsfi_atts_free(dp->atts);
    ncsfi_var_destroy(dp->v);
    dp->atts = NULL;
    dp->v = NULL;
}

/* A hash of what defines a variable (name, type, dimensions and their
 * lengths), whether it is subfiled and the def_var's outcome: equal on
 * every process when they all defined it alike. */
static uint64_t def_hash(int ncid, const char *name, nc_type xtype, int ndims, const int *dimids,
                         int subfiled, int err)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
#define MIX(x) (h = (h ^ (uint64_t)(x)) * 1099511628211ULL)
    for (const char *c = name ? name : ""; *c; c++) MIX((unsigned char)*c);
    MIX(xtype); MIX(ndims); MIX(subfiled); MIX(err);
    for (int d = 0; dimids && d < ndims && d < NC_MAX_VAR_DIMS; d++) {
        MPI_Offset len = -1;
        ncmpi_inq_dimlen(ncid, dimids[d], &len);
        MIX(dimids[d]); MIX(len);
    }
#undef MIX
    return h;
}

/* Safe mode: the plan's outcome agreed (the worst error of any process,
 * as ncsfi_agreef has it) and, without one, is the definition (and
 * whether it is subfiled) the same on every process? One reduction for
 * both. PnetCDF's safe mode compares every def_var across the processes
 * itself (NC_EMULTIDEFINE_*); a variable they define differently is then
 * left to PnetCDF, its codes and its header. */
static int agree_plan(ncsf_file *f, uint64_t h, int *err)
{
    /* ~ reverses the order: both maxima are ours only if all are equal;
     * the error codes are negative: the largest -err is the worst */
    long long v[3] = {-(long long)*err, (long long)(h >> 1), ~(long long)(h >> 1)}, m[3];
    /* it agrees on the outcome: a trusted reduction (fault.h) */
    if ((MPI_Allreduce)(v, m, 3, MPI_LONG_LONG, MPI_MAX, f->comm) != MPI_SUCCESS) {
        if (!*err) *err = NC_EMPI;
        return 0;
    }
    *err = (int)-m[0];
    return m[1] == v[1] && m[2] == v[2];
}

/* The def_var's outcome into the define mode's hash, agreed at enddef
 * (in safe mode each def_var was agreed on by itself: not again). */
static int noted(ncsf_file *f, int ncid, const char *name, nc_type xtype, int ndims, const int *dimids,
                 int subfiled, int err)
{
    if (!f->safe_mode || f->nprocs == 1)
        f->defs_hash = f->defs_hash * 1099511628211ULL ^ def_hash(ncid, name, xtype, ndims, dimids, subfiled, err);
    if (subfiled && !err) f->defs_subfiled = 1;
    return err;
}

/* A def_var that failed after the dataset's own attributes were put: they
 * go again (the base file stays an ordinary netCDF file, as PnetCDF left
 * it, instead of one marked "writing" that nothing will mark complete). */
static void drop_dataset_atts(int ncid)
{
    ncmpi_del_att(ncid, NC_GLOBAL, "subfiling_state");
    ncmpi_del_att(ncid, NC_GLOBAL, "subfiling_version");
    ncmpi_del_att(ncid, NC_GLOBAL, "subfiling_dataset_id");
}

int ncsf_def_var(int ncid, const char *name, nc_type xtype, int ndims,
                 const int *dimids, int *varidp, MPI_Info info)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    def_plan dp;
    int err, varid;

    /* no hint anywhere: PnetCDF's own def_var, untouched */
    if (!f || (info == MPI_INFO_NULL && f->hints.enable != 1))
        return ncmpi_def_var(ncid, name, xtype, ndims, dimids, varidp);
    /* everything that can fail on one process alone happens first: never
     * half a variable. The plan depends only on the arguments, the hints
     * and the node census, which the processes share: defined alike, a
     * variable is subfiled on every process or on none. Whether they did
     * define it alike is agreed at enddef, once for every def_var of the
     * define mode (PnetCDF's def_var is local too); in safe mode here, as
     * PnetCDF's own safe mode checks each def_var. */
    err = plan_def(f, ncid, name, xtype, ndims, dimids, info, &dp);
    if (f->safe_mode && f->nprocs > 1 &&
        !agree_plan(f, def_hash(ncid, name, xtype, ndims, dimids, dp.subfiled, NC_NOERR), &err) && !err) {
        plan_free(&dp);
        dp.subfiled = 0;
    }
    if (err || !dp.subfiled) {
        plan_free(&dp);
        err = err ? err : ncmpi_def_var(ncid, name, xtype, ndims, dimids, varidp);
        return noted(f, ncid, name, xtype, ndims, dimids, 0, err);
    }
    /* the dataset's own attributes come with its first subfiled variable
     * (they hide ncsf's attributes from the inquiries, and count in the
     * header's size); its identity, which needs a broadcast, is written
     * over a stand-in of the same length at enddef */
    int newid = !f->dsid[0];
    if (newid) {
        memset(f->dsid, '0', 32);
        f->dsid[32] = 0;
        f->dsid_pending = 1;
        err = ncsfi_put_dataset_id(f, ncid);
        if (!err) err = ncsfi_put_state(ncid, NCSF_STATE_WRITING);
    }
    if (!err) err = dp.record ? ncmpi_def_var(ncid, name, xtype, 1, &dp.unlim, &varid)
                              : ncmpi_def_var(ncid, name, xtype, 0, NULL, &varid);
    if (!err && varid != dp.v->varid) err = NC_EINTERNAL;
    if (!err) err = ncsfi_atts_put(ncid, varid, dp.atts, -1);
    /* in safe mode PnetCDF's define-mode calls compare the processes'
     * arguments and may fail on some: the variable is subfiled on every
     * rank or on none */
    if (f->safe_mode && f->nprocs > 1) err = ncsfi_agreef(f, err);
    if (err) {
        if (newid) { f->dsid[0] = 0; f->dsid_pending = 0; drop_dataset_atts(ncid); }
        plan_free(&dp);
        return noted(f, ncid, name, xtype, ndims, dimids, 1, err);
    }
    if (newid) f->marked = f->mark_pending = f->mark_held = 1;
    f->vars[varid] = dp.v;
    dp.v = NULL;
    plan_free(&dp);
    f->nsubfiled++;
    if (varidp) *varidp = varid;
    return noted(f, ncid, name, xtype, ndims, dimids, 1, NC_NOERR);
}
