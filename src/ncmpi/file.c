/*
 * file.c: dataset-level calls. Each one calls PnetCDF for the base file
 * and keeps ncsf's state of the dataset in step: create/open set it up,
 * enddef creates the subfiles of newly defined variables, sync and close
 * flush and finish them, the data-mode calls track the mode.
 */
#include "ncsf_internal.h"
#include <stdlib.h>
#include <string.h>
#ifdef HAVE_SYS_RESOURCE_H
#include <sys/resource.h>
#endif

int ncsfi_agree(MPI_Comm comm, int err)
{
    int out;
    MPI_Allreduce(&err, &out, 1, MPI_INT, MPI_MIN, comm);
    return out;
}

/* subfiling_max_open, or a default that leaves most descriptors to the
 * application, and subfiling_aggregate; the same on every rank (the handle
 * table and the choice of transfer depend on them). */
static int choose_limits(ncsf_file *f, long long *aggregate)
{
    int m = f->hints.max_open > 0 ? f->hints.max_open : NCSF_DEFAULT_MAX_OPEN;
#ifdef HAVE_SYS_RESOURCE_H
    /* at most a quarter of the descriptors, hint or not: MPI (UCX opens
     * several per peer) and the application need the rest, and running out
     * part-way fails a collective */
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
        rlim_t cap = rl.rlim_cur / 4 > 4 ? rl.rlim_cur / 4 : 4;
        if ((rlim_t)m > cap) m = (int)cap;
    }
#endif
    long long v[2] = {m, f->hints.aggregate >= 0 ? f->hints.aggregate : NCSF_DEFAULT_AGGREGATE};
    MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_LONG_LONG, MPI_MIN, f->comm);
    *aggregate = v[1];
    return (int)v[0];
}

int ncsfi_file_new(MPI_Comm comm, const char *path, MPI_Info info, int ncid,
                   ncsf_file **fp)
{
    ncsf_file *f = calloc(1, sizeof *f);
    if (!f) return NC_ENOMEM;
    f->ncid = ncid;
    f->info = MPI_INFO_NULL;
    f->comm = MPI_COMM_NULL;
    f->path = strdup(path);
    const char *slash = strrchr(path, '/');
    f->dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup("");
    f->stem = strdup(slash ? slash + 1 : path);
    if (!f->path || !f->dir || !f->stem) { ncsfi_file_free(f); return NC_ENOMEM; }
    MPI_Comm_dup(comm, &f->comm);
    MPI_Comm_rank(f->comm, &f->rank);
    MPI_Comm_size(f->comm, &f->nprocs);
    if (info != MPI_INFO_NULL) MPI_Info_dup(info, &f->info);
    ncmpi_inq_format(ncid, &f->format);
    f->hints.enable = -1;
    *fp = f;
    return NC_NOERR;
}

void ncsfi_file_free(ncsf_file *f)
{
    if (!f) return;
    for (int i = 0; i < f->nvars_cap; i++)
        if (f->vars[i]) {
            /* the layout belongs to the engine context once added */
            if (!f->vars[i]->in_ctx) sf_layout_free(f->vars[i]->lay);
            ncsfi_var_free(f->vars[i]);
        }
    free(f->vars);
    ncsfi_pending_free_all(f);
    if (f->ctx) sf_context_free(f->ctx);
    ncsfi_hints_free(&f->hints);
    if (f->info != MPI_INFO_NULL) MPI_Info_free(&f->info);
    if (f->comm != MPI_COMM_NULL) MPI_Comm_free(&f->comm);
    free(f->dimlen);
    free(f->path);
    free(f->dir);
    free(f->stem);
    free(f);
}

/* Hints, engine context, registration: common to create and open. */
static int attach(ncsf_file *f, int readonly)
{
    char msg[256] = "";
    int err = ncsfi_hints_parse(f->info, &f->hints, msg, sizeof msg);
    if (err) {
        ncsfi_set_error(f, f->rank == 0, "%s", msg);
        return err;
    }
    f->readonly = readonly;
    long long aggregate;
    f->max_open = choose_limits(f, &aggregate);
    if (sf_context_create(f->comm, f->info, f->max_open, readonly, &f->ctx) != SF_OK) return NC_ENOMEM;
    sf_context_set_aggregate_max(f->ctx, aggregate);
    return ncsfi_register(f);
}

int ncsf_create(MPI_Comm comm, const char *path, int cmode, MPI_Info info, int *ncidp)
{
    ncsf_file *f = NULL;
    int err = ncmpi_create(comm, path, cmode, info, ncidp);
    if (err) return err;
    if ((err = ncsfi_file_new(comm, path, info, *ncidp, &f)) == NC_NOERR) {
        f->indef = 1;
        err = attach(f, 0);
    }
    if (err) {
        ncmpi_abort(*ncidp);
        if (f) { ncsfi_unregister(f); ncsfi_file_free(f); }
    }
    return err;
}

int ncsf_inq_var_subfiling(int ncid, int varid, int *enabled, int *nfiles)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    ncsf_var *v = ncsfi_var(f, varid);
    if (enabled) *enabled = v != NULL;
    if (nfiles) *nfiles = v ? v->nfiles : 0;
    return f ? NC_NOERR : NC_EBADID;
}

int ncsf_inq_subfile_path(int ncid, int varid, int k, char *path, int len)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    ncsf_var *v = ncsfi_var(f, varid);
    if (!f) return NC_EBADID;
    if (!v) return NC_ENOTVAR;
    if (k < 0 || k >= v->nfiles) return NC_EINVAL;
    if ((int)strlen(v->lay->paths[k]) >= len) return NC_EINVAL;
    strcpy(path, v->lay->paths[k]);
    return NC_NOERR;
}

/* Opened through a subfile: the names in its attributes are relative to
 * the base file's directory, which subfiling_base ("../" per level, then
 * the base file's name) leads to from the subfile's own. */
int ncsfi_dataset_dir_from_subfile(ncsf_file *f)
{
    nc_type t = NC_NAT;
    MPI_Offset len = 0;
    ncmpi_inq_att(f->ncid, NC_GLOBAL, "subfiling_base", &t, &len);
    char *base = t == NC_CHAR && len > 0 && len < 4096 ? calloc(len + 1, 1) : NULL;
    int err = base ? ncmpi_get_att_text(f->ncid, NC_GLOBAL, "subfiling_base", base) : NC_EVARMETA;
    const char *slash = base ? strrchr(base, '/') : NULL;
    if (!err && slash) {
        for (const char *c = base; c < slash; c += 3)
            if (strncmp(c, "../", 3) && strncmp(c, "..", (size_t)(slash - c))) err = NC_EVARMETA;
        if (!err) {
            base[slash - base] = 0;
            char *dir = ncsfi_join(*f->dir ? f->dir : ".", base);
            if (!dir) err = NC_ENOMEM;
            else { free(f->dir); f->dir = dir; }
        }
    }
    if (err) ncsfi_set_error(f, f->rank == 0, "%s: attribute subfiling_base is malformed", f->path);
    free(base);
    return err;
}

/* Find the subfiled variables of a file just opened. */
static int load_vars(ncsf_file *f)
{
    nc_type t;
    MPI_Offset len;
    int nvars, err;
    if (ncmpi_inq_att(f->ncid, NC_GLOBAL, "subfiling_dataset_id", &t, &len) != NC_NOERR)
        return NC_NOERR; /* an ordinary netCDF file */
    if (t != NC_CHAR || len != 32 || ncmpi_get_att_text(f->ncid, NC_GLOBAL, "subfiling_dataset_id", f->dsid)) {
        ncsfi_set_error(f, f->rank == 0, "%s: attribute subfiling_dataset_id is malformed", f->path);
        return NC_EVARMETA;
    }
    f->dsid[32] = 0;
    f->via_subfile = ncmpi_inq_att(f->ncid, NC_GLOBAL, "subfiling_base", &t, &len) == NC_NOERR;
    if (f->via_subfile && (err = ncsfi_dataset_dir_from_subfile(f))) return err;
    if (!f->via_subfile) {
        int state = ncsfi_read_state(f->ncid);
        if (state < 0) {
            ncsfi_set_error(f, f->rank == 0, "%s: attribute subfiling_state is malformed", f->path);
            return NC_EVARMETA;
        }
        if (state != NCSF_STATE_COMPLETE && !f->hints.accept_incomplete) {
            ncsfi_set_error(f, f->rank == 0, "%s: %s, so it may be incomplete (give the hint "
                            "subfiling_incomplete=accept to open it anyway)", f->path,
                            state == NCSF_STATE_FAILED ? "writing it failed (a subfile could not be created, written or finished)"
                                                       : "its writer did not close it");
            return NC_ETRUNC;
        }
    }
    if ((err = ncmpi_inq_nvars(f->ncid, &nvars))) return err;
    f->vars = calloc(nvars ? nvars : 1, sizeof(ncsf_var *));
    if (!f->vars) return NC_ENOMEM;
    f->nvars_cap = nvars;
    int ndims;
    ncmpi_inq_ndims(f->ncid, &ndims);
    for (int i = 0; i < nvars; i++) {
        int on, index;
        if (ncmpi_get_att_int(f->ncid, i, "subfiling_enabled", &on) != NC_NOERR || on != 1) continue;
        err = ncsfi_read_var_atts(f, f->ncid, i, &f->vars[i], &index);
        if (!err && (index >= 0) != f->via_subfile) {
            ncsfi_set_error(f, 0, "variable %d: subfiling_index=%d does not fit a %s file", i, index,
                            f->via_subfile ? "sub" : "base");
            err = NC_EVARMETA;
        }
        if (err) {
            char msg[sizeof f->errmsg];
            memcpy(msg, f->errmsg, sizeof msg);
            ncsfi_set_error(f, f->rank == 0, "%s: %s", f->path, msg);
            return err;
        }
        if (f->via_subfile) {
            if (!f->dimlen) {
                f->dimlen = calloc(ndims ? ndims : 1, sizeof(MPI_Offset));
                if (!f->dimlen) return NC_ENOMEM;
                f->ndimlen = ndims;
            }
            for (int d = f->vars[i]->lay->record; d < f->vars[i]->ndims; d++)
                f->dimlen[f->vars[i]->dimids[d]] = f->vars[i]->lay->gsize[d];
        }
    }
    /* variables whose subfiles are the same files share them */
    for (int i = 0; i < nvars; i++)
        for (int j = 0; f->vars[i] && j < i; j++)
            if (f->vars[j] && f->vars[j]->file_id == j && f->vars[j]->nfiles == f->vars[i]->nfiles &&
                !strcmp(f->vars[j]->names[0], f->vars[i]->names[0])) {
                f->vars[i]->file_id = f->vars[i]->lay->file_id = j;
                break;
            }
    int unlim;
    if (ncmpi_inq_unlimdim(f->ncid, &unlim) == NC_NOERR && unlim >= 0)
        ncmpi_inq_dimlen(f->ncid, unlim, &f->numrecs);
    return ncsfi_check_subfiles(f);
}

int ncsf_open(MPI_Comm comm, const char *path, int omode, MPI_Info info, int *ncidp)
{
    ncsf_file *f = NULL;
    int err = ncmpi_open(comm, path, omode, info, ncidp);
    if (err) return err;
    err = ncsfi_file_new(comm, path, info, *ncidp, &f);
    if (!err) err = attach(f, !(omode & NC_WRITE));
    if (!err) err = load_vars(f);
    if (!err && (omode & NC_WRITE) && f->dsid[0] && !f->via_subfile) {
        /* being changed: a crash from now on leaves it marked so */
        err = ncsfi_mark_state(f, NCSF_STATE_WRITING);
        f->marked = !err;
    }
    if (err) {
        if (f) { ncsfi_unregister(f); ncsfi_file_free(f); }
        ncmpi_close(*ncidp);
        *ncidp = -1;
    }
    return err;
}

/* A dataset whose subfiles could not all be created is marked failed at
 * close (the error is agreed already). */
static int subfiles_created(ncsf_file *f, int err)
{
    if (err && !f->write_failed) f->write_failed = err;
    return err;
}

int ncsf_enddef(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = ncmpi_enddef(ncid);
    if (!f || err) return err;
    f->indef = 0;
    return subfiles_created(f, ncsfi_create_subfiles(f));
}

int ncsf__enddef(int ncid, MPI_Offset h_minfree, MPI_Offset v_align,
                 MPI_Offset v_minfree, MPI_Offset r_align)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = ncmpi__enddef(ncid, h_minfree, v_align, v_minfree, r_align);
    if (!f || err) return err;
    f->indef = 0;
    return subfiles_created(f, ncsfi_create_subfiles(f));
}

int ncsf_redef(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = ncmpi_redef(ncid);
    if (f && !err) f->indef = 1;
    return err;
}

static int has_subfiled(const ncsf_file *f)
{
    for (int i = 0; i < f->nvars_cap; i++)
        if (f->vars[i]) return 1;
    return 0;
}

static int error_from_engine_agreed(ncsf_file *f, int sf_err)
{
    return ncsfi_agree(f->comm, ncsfi_error_from_engine(sf_err));
}

/* Everything written reaches the subfiles and their headers. */
static int flush_subfiles(ncsf_file *f)
{
    if (f->readonly || !has_subfiled(f)) return NC_NOERR;
    int err = error_from_engine_agreed(f, sf_context_flush(f->ctx));
    int e = ncsfi_finish_subfiles(f);
    return err ? err : e;
}

int ncsf_sync(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = ncmpi_sync(ncid);
    if (!f || err) return err;
    return flush_subfiles(f);
}

int ncsf_flush(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = ncmpi_flush(ncid);
    if (!f || err) return err;
    return flush_subfiles(f);
}

int ncsf_close(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = NC_NOERR, e;
    if (!f) return ncmpi_close(ncid);
    if (f->indef) err = ncsf_enddef(ncid);
    ncsfi_pending_free_all(f);
    e = flush_subfiles(f);
    if (!err) err = e;
    /* the last thing before the base file closes: it is complete, unless
     * some rank saw a write fail (independent writes fail alone) */
    MPI_Allreduce(MPI_IN_PLACE, &f->write_failed, 1, MPI_INT, MPI_MIN, f->comm);
    if (!err) err = f->write_failed; /* close says so too */
    if (f->marked && err) ncsfi_mark_state(f, NCSF_STATE_FAILED);
    else if (f->marked) err = ncsfi_mark_state(f, NCSF_STATE_COMPLETE);
    e = ncmpi_close(ncid);
    if (!err) err = e;
    e = f->ctx ? sf_context_free(f->ctx) : SF_OK;
    f->ctx = NULL;
    if (!err) err = ncsfi_error_from_engine(e);
    ncsfi_unregister(f);
    ncsfi_file_free(f);
    return err;
}

int ncsf_abort(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = ncmpi_abort(ncid);
    if (f) {
        /* no collective flush: leave open subfiles to the process's end */
        f->ctx = NULL;
        ncsfi_unregister(f);
        ncsfi_file_free(f);
    }
    return err;
}

int ncsf_begin_indep_data(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = ncmpi_begin_indep_data(ncid);
    if (f && !err) f->indep = 1;
    return err;
}

int ncsf_end_indep_data(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = ncmpi_end_indep_data(ncid);
    if (!f || err) return err;
    f->indep = 0;
    /* subfiles written independently are closed so that what was written
     * is in the files before any collective access; the record count is
     * agreed as PnetCDF agrees its own */
    err = ncsfi_error_from_engine(sf_context_flush_indep(f->ctx));
    MPI_Allreduce(MPI_IN_PLACE, &f->numrecs, 1, MPI_OFFSET, MPI_MAX, f->comm);
    return ncsfi_agree(f->comm, err);
}
