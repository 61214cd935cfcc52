/*
 * file.c: dataset-level calls. Each one calls PnetCDF for the base file
 * and keeps ncsf's state of the dataset in step: create/open set it up,
 * enddef creates the subfiles of newly defined variables, sync and close
 * flush and finish them, the data-mode calls track the mode.
 *
 * Create and open either succeed on every process or fail on every
 * process with the same code; the reason is then the same text on every
 * process (ncsf_create_ex, ncsf_open_ex), whichever process found it.
 */
#include "ncsfi_dataset.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef HAVE_SYS_RESOURCE_H
#include <sys/resource.h>
#endif

/* subfiling_max_open, or a default that leaves most descriptors to the
 * application, and subfiling_aggregate: this process's, of which the
 * smallest is agreed (attach); the same on every rank then (the handle
 * table and the choice of transfer depend on them). */
static void choose_limits(ncsf_file *f, int64_t *aggregate, int64_t *max_open)
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
    *max_open = m;
    *aggregate = f->hints.aggregate >= 0 ? f->hints.aggregate : NCSF_DEFAULT_AGGREGATE;
}

/* dir and stem of path (dir "" for the current directory) */
static int split_path(ncsf_file *f, const char *path)
{
    free(f->path);
    free(f->dir);
    free(f->stem);
    f->path = strdup(path);
    const char *slash = strrchr(path, '/');
    f->dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup("");
    f->stem = strdup(slash ? slash + 1 : path);
    return f->path && f->dir && f->stem ? NC_NOERR : NC_ENOMEM;
}

/* The dataset's state, with its communicator (ncsf's over comm, shared by
 * every dataset on comm, which the engine's context shares too:
 * attach_local).
 * Collective over comm at comm's first dataset only (the split), made by
 * every rank whatever fails; the outcome is this process's (*fp set when
 * f was made, even if something failed after). */
static int file_make(MPI_Comm comm, int yield, const char *path, MPI_Info info, int ncid, ncsf_file **fp,
                     int *comm_bad)
{
    MPI_Comm own = MPI_COMM_NULL;
    void *hold = NULL;
    /* the collective step first, made by every rank whatever fails after;
     * a split, not a duplicate: it carries none of comm's attributes
     * (subfile/context.c says why). *comm_bad: comm does not keep it here
     * (the caller agrees on it, and every rank forgets it then) */
    int err = sf_comm_shared(comm, &own, &hold) == SF_OK ? NC_NOERR : NC_EMPI;
    *comm_bad = err != NC_NOERR;
    ncsf_file *f = calloc(1, sizeof *f);
    *fp = f;
    if (!f) {
        sf_comm_shared_release(hold);
        return NC_ENOMEM;
    }
    f->ncid = ncid;
    f->info = MPI_INFO_NULL;
    f->comm = own;
    f->comm_hold = hold;
    f->yield = yield;
    f->state_at_open = NCSF_STATE_COMPLETE;
    f->hints.enable = -1;
    f->hints.aggregate = -1;
    if (!err && split_path(f, path)) err = NC_ENOMEM;
    if (!err && info != MPI_INFO_NULL && MPI_Info_dup(info, &f->info) != MPI_SUCCESS) err = NC_ENOMEM;
    if (MPI_Comm_rank(comm, &f->rank) != MPI_SUCCESS || MPI_Comm_size(comm, &f->nprocs) != MPI_SUCCESS)
        err = NC_EMPI;
    if (ncid >= 0) ncmpi_inq_format(ncid, &f->format);
    f->swap_mode = NCSF_SWAP_UNKNOWN;
    return err;
}

/* Collective over comm; the outcome is agreed. */
int ncsfi_file_new(MPI_Comm comm, int yield, const char *path, MPI_Info info, int ncid,
                   ncsf_file **fp)
{
    ncsf_file *f = NULL;
    int comm_bad, err = ncsfi_agree(comm, yield, file_make(comm, yield, path, info, ncid, &f, &comm_bad));
    *fp = NULL;
    if (err) {
        /* (a failure that may be comm's keeping its communicator on some
         * rank: every rank forgets it) */
        sf_comm_shared_forget(comm);
        ncsfi_file_free(f);
        return err;
    }
    *fp = f;
    return NC_NOERR;
}

static void drop_base_header(ncsf_file *f);

void ncsfi_file_free(ncsf_file *f)
{
    if (!f) return;
    drop_base_header(f);
    ncsfi_unregister(f);
    for (int i = 0; i < f->nvars_cap; i++) ncsfi_var_destroy(f->vars[i]);
    free(f->vars);
    ncsfi_pending_free_all(f);
    if (f->ctx) sf_context_free(f->ctx);
    ncsfi_hints_free(&f->hints);
    if (f->info != MPI_INFO_NULL) MPI_Info_free(&f->info);
    sf_comm_shared_release(f->comm_hold);
    ncsfi_varsize_free(f);
    free(f->dimlen);
    free(f->path);
    free(f->dir);
    free(f->stem);
    free(f);
}

/* Engine context and registration: common to create and open (hints are
 * parsed already); err: this process's outcome so far (f NULL: none
 * made). Local (comm's census was taken by the create or open): the
 * caller agrees on the returned outcome and on lim, the limits
 * (choose_limits: max_open, aggregate; INT64_MAX where none), in the one
 * reduction of its create or open, then calls attach_finish. */
static int attach_local(MPI_Comm comm, int yield, ncsf_file *f, int readonly, int err, int64_t lim[2])
{
    lim[0] = lim[1] = INT64_MAX;
    if (f && !err) {
        choose_limits(f, &lim[1], &lim[0]);
        f->readonly = readonly;
        /* PnetCDF's own switch, read as PnetCDF reads it */
        const char *safe = getenv("PNETCDF_SAFE_MODE");
        f->safe_mode = safe && atoi(safe) != 0;
        /* the context works on the dataset's communicator: no second one */
        int e = sf_context_create_on(comm, f->comm, f->info, (int)lim[0], readonly, yield, &f->ctx);
        if (e != SF_OK) err = ncsfi_error_from_engine(e);
        if (!err) sf_context_set_learn(f->ctx, ncsfi_learn_offsets, f);
        if (!err) err = ncsfi_register(f);
        return err;
    }
    /* no context (f not made, or failed already): the census of comm if
     * it has none yet, as sf_context_create_on would take it */
    sf_node_oversubscribed(comm);
    return err ? err : NC_ENOMEM;
}

/* After the agreement: lim agreed (the smallest of every rank's). */
static void attach_finish(ncsf_file *f, const int64_t lim[2])
{
    f->max_open = (int)lim[0];
    sf_context_lower_max_open(f->ctx, f->max_open);
    sf_context_set_aggregate_max(f->ctx, lim[1]);
}

/* Hints given at create or open: checked before any file is touched. */
static int parse_file_hints(MPI_Info info, const char *path, ncsf_hints *h, char *msg, int len)
{
    int err = ncsfi_hints_parse(info, h, msg, len);
    if (!err) err = ncsfi_hints_check_file_grid(h, msg, len);
    if (err) return err;
    const char *slash = strrchr(path, '/'), *stem = slash ? slash + 1 : path;
    if (h->enable == 1 && ncsfi_has_control_char(stem)) {
        snprintf(msg, len, "%s: the file name holds a control character (a newline, say): "
                 "subfiles cannot be named after it", path);
        return NC_EBADNAME;
    }
    return NC_NOERR;
}

/* The reason for a failed create or open, the same on every process: the
 * lowest-ranked process that has one tells the others. err is agreed. */
static void share_reason(MPI_Comm comm, int err, const char *mine, char *out, int outlen)
{
    int rank, size, who;
    char buf[512];
    if (MPI_Comm_rank(comm, &rank) != MPI_SUCCESS || MPI_Comm_size(comm, &size) != MPI_SUCCESS)
        rank = 0, size = 1; /* no reason shared: each says ncmpi_strerror's */
    int have = mine && *mine ? rank : size;
    if ((MPI_Allreduce)(&have, &who, 1, MPI_INT, MPI_MIN, comm) != MPI_SUCCESS) who = size;
    if (who < size) {
        if (rank == who) snprintf(buf, sizeof buf, "%s", mine);
        if ((MPI_Bcast)(buf, sizeof buf, MPI_CHAR, who, comm) != MPI_SUCCESS) who = size;
        buf[sizeof buf - 1] = 0;
    }
    if (who >= size) snprintf(buf, sizeof buf, "%s", ncmpi_strerror(err));
    if (out && outlen > 0) snprintf(out, outlen, "%s", buf);
    if (rank == 0 && ncsfi_verbose() && mine != NULL) fprintf(stderr, "ncsf: %s\n", buf);
}

/* pre: the environment's hints' outcome (with_env), agreed with the
 * create's own first checks. Three reductions in all (clobber.c's first,
 * the create's outcome, attach's), one more after a subfiled dataset is
 * found at path. */
static int create_ex(MPI_Comm comm, int yield, sf_census *census, const char *path, int cmode, MPI_Info info,
                     int *ncidp, char *msg, int msglen, int pre)
{
    ncsf_file *f = NULL;
    ncsf_hints h = {0};
    ncsf_stale stale = {NULL, 0, "", 0};
    char old_id[33] = "";
    char why[512] = "";
    int err = pre ? pre : ncidp && path ? NC_NOERR : NC_EINVAL, ncid = -1, soft = NC_NOERR;
    if (!err) err = parse_file_hints(info, path, &h, why, sizeof why);
    /* the checks agreed with process 0's look for a dataset the create
     * replaces (clobber.c); the subfiles' names are looked at, name by
     * name, by the enddef that makes them (enddef_any) */
    err = ncsfi_clobber_collect(comm, yield, path, err, (cmode & NC_NOCLOBBER) != 0, census->words, &stale);
    sf_comm_state_end(comm, census, census->words);
    if (!err) {
        /* (PnetCDF's create is collective: made whatever this rank's
         * MPI_Comm_rank said, whose failure the reduction below agrees on) */
        int rank = 0, nprocs = 1;
        int merr = MPI_Comm_rank(comm, &rank) != MPI_SUCCESS || MPI_Comm_size(comm, &nprocs) != MPI_SUCCESS;
        if (merr) rank = -1, nprocs = 1; /* (hands nothing out, takes nothing) */
        err = ncmpi_create(comm, path, cmode, info, &ncid);
        memcpy(old_id, stale.old_id, sizeof old_id);
        /* the old subfiles: process 0's checked alone are shared out
         * (moved aside now, their numbers in the reduction below), the
         * rest removed after it, by every process at once */
        int created = !err || (err == NC_EMULTIDEFINE_CMODE && ncid >= 0);
        int64_t moved = created ? ncsfi_clobber_hand_out(&stale, path, rank, nprocs) : 0;
        if (!created) ncsfi_clobber_free(&stale);
        /* PnetCDF created it with process 0's mode and says so: not fatal */
        if (err == NC_EMULTIDEFINE_CMODE && ncid >= 0) soft = err, err = NC_NOERR;
        if (err) snprintf(why, sizeof why, "cannot create %s: %s%s", path, ncmpi_strerror(err), ncsfi_nofiles_remedy());
        /* ncsf's state, made by every rank whatever PnetCDF said (its
         * one collective step, comm's first split, is everyone's) */
        int comm_bad, ferr = file_make(comm, yield, path, info, ncid, &f, &comm_bad);
        if (f) {
            f->hints = h;
            memset(&h, 0, sizeof h);
            f->version = f->hints.format ? f->hints.format : 2;
            f->indef = 1;
            f->never_ended = 1;
            f->noclobber = (cmode & NC_NOCLOBBER) != 0;
            memcpy(f->clobbered_id, old_id, sizeof old_id);
        }
        int64_t lim[2];
        int aerr = attach_local(comm, yield, err ? NULL : f, 0, ferr, lim);
        if (merr && !err) err = NC_EMPI;
        /* one reduction: PnetCDF's outcome, process 0's mode, ncsf's
         * outcome, the limits, whether comm kept ncsf's communicator
         * everywhere, and the old subfiles process 0 moved aside */
        int64_t v[7] = {-(int64_t)err, rank == 0 ? cmode : INT64_MIN, -(int64_t)aerr, -lim[0], -lim[1], comm_bad,
                        moved};
        if (ncsfi_agree_words(comm, yield, v, 7, MPI_MAX) != NC_NOERR) {
            if (!err) err = NC_EMPI;
            /* (nobody else knows of those moved: process 0 removes them) */
            ncsfi_clobber_take_share(path, old_id, moved, 0, 1);
        } else {
            ncsfi_clobber_take_share(path, old_id, v[6], rank, nprocs);
            if (v[5]) sf_comm_shared_forget(comm);
            err = (int)-v[0];
            cmode = (int)v[1];
            if (!err && v[2]) {
                err = (int)-v[2];
                snprintf(why, sizeof why, "cannot set up subfiling for %s: %s", path, ncmpi_strerror(err));
            }
            lim[0] = -v[3], lim[1] = -v[4];
        }
        if (created) ncsfi_clobber_remove(&stale); /* (process 0's own share) */
        if (err) {
            ncsfi_file_free(f);
            f = NULL;
        } else {
            /* process 0's mode (the names were chosen by this one's:
             * PnetCDF says NC_EMULTIDEFINE_CMODE when they differ) */
            f->noclobber = (cmode & NC_NOCLOBBER) != 0;
            attach_finish(f, lim);
            ncsfi_hints_warn(info, &f->hints, 0, f->rank == 0, f->warned, sizeof f->warned, path);
        }
    }
    if (err) {
        if (ncid >= 0) ncmpi_abort(ncid);
        share_reason(comm, err, why, msg, msglen);
        if (ncidp) *ncidp = -1;
    } else {
        *ncidp = ncid;
    }
    ncsfi_hints_free(&h);
    return err ? err : soft;
}

int ncsf_create(MPI_Comm comm, const char *path, int cmode, MPI_Info info, int *ncidp)
{
    return ncsf_create_ex(comm, path, cmode, info, ncidp, NULL, 0);
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
    char buf[SF_PATH_MAX];
    const char *p = sf_layout_path(v->lay, k, buf, sizeof buf);
    if (!path || len < 1 || (int)strlen(p) >= len) return NC_EINVAL;
    strcpy(path, p);
    return NC_NOERR;
}

/* Find the subfiled variables of a file just opened, from its header as
 * ncsf parsed it (h) or, h NULL, from PnetCDF. */
static int load_vars_from(ncsf_file *f, const ncsfi_cdf_header *h)
{
    nc_type t;
    MPI_Offset len;
    int nvars, err;
    if (ncmpi_inq_att(f->ncid, NC_GLOBAL, "subfiling_dataset_id", &t, &len) != NC_NOERR)
        return NC_NOERR; /* an ordinary netCDF file */
    if (t != NC_CHAR || len != 32 || ncmpi_get_att_text(f->ncid, NC_GLOBAL, "subfiling_dataset_id", f->dsid)) {
        ncsfi_set_error(f, 0, "%s: attribute subfiling_dataset_id is malformed", f->path);
        return NC_EVARMETA;
    }
    f->dsid[32] = 0;
    int version = 0;
    if (ncsfi_read_version(f->ncid, &version)) {
        ncsfi_set_error(f, 0, "%s: attribute subfiling_version is missing or not 1 or 2 (the formats "
                        "this library reads)", f->path);
        return NC_EVARMETA;
    }
    f->version = version;
    if (!f->via_subfile) {
        int state = ncsfi_read_state(f->ncid);
        if (state < 0) {
            ncsfi_set_error(f, 0, "%s: attribute subfiling_state is malformed", f->path);
            return NC_EVARMETA;
        }
        if (state == NCSF_STATE_SYNCED) state = NCSF_STATE_COMPLETE; /* whole as of its writer's last sync */
        if (state != NCSF_STATE_COMPLETE && !f->hints.accept_incomplete) {
            ncsfi_set_error(f, 0, "%s: %s, so it may be incomplete (give the hint "
                            "subfiling_incomplete=accept to open it anyway)", f->path,
                            state == NCSF_STATE_FAILED ? "writing it failed (a subfile could not be created, "
                                                         "written or finished, or requests were dropped)"
                                                       : "its writer did not close it");
            return NC_ETRUNC;
        }
        /* accepted: said once (the Python reader's IncompleteDatasetWarning says the same) */
        if (state != NCSF_STATE_COMPLETE && f->rank == 0 && ncsfi_verbose())
            fprintf(stderr, "ncsf: %s: %s, so it may be incomplete; opened anyway (subfiling_incomplete=accept)\n",
                    f->path, state == NCSF_STATE_FAILED ? "writing it failed" : "its writer did not close it");
    }
    if ((err = ncmpi_inq_nvars(f->ncid, &nvars))) return err;
    f->vars = calloc(nvars ? nvars : 1, sizeof(ncsf_var *));
    if (!f->vars) return NC_ENOMEM;
    f->nvars_cap = nvars;
    int ndims;
    if ((err = ncmpi_inq_ndims(f->ncid, &ndims))) return err;
    for (int i = 0; i < nvars; i++) {
        int index, yes;
        if ((err = h ? ncsfi_cdf_var_subfiled(h, i, &yes) : ncsfi_var_subfiled(f->ncid, i, &yes))) return err;
        if (!yes) continue;
        err = h ? ncsfi_read_var_atts_cdf(f, h, i, &f->vars[i], &index)
                : ncsfi_read_var_atts(f, f->ncid, i, &f->vars[i], &index);
        if (!err) f->nsubfiled++, f->vars[i]->ph_filled = 1; /* its writer filled it */
        if (!err && (index >= 0) != f->via_subfile) {
            ncsfi_set_error(f, 0, "variable %d: subfiling_index=%d does not fit a %s file", i, index,
                            f->via_subfile ? "sub" : "base");
            err = NC_EVARMETA;
        }
        if (err) {
            char msg[sizeof f->errmsg];
            memcpy(msg, f->errmsg, sizeof msg);
            ncsfi_set_error(f, 0, "%s: %s", f->path, msg);
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
            if (f->vars[j] && f->vars[j]->file_id == j && ncsfi_same_files(f->vars[j], f->vars[i])) {
                f->vars[i]->file_id = f->vars[i]->lay->file_id = j;
                break;
            }
    int unlim;
    if (ncmpi_inq_unlimdim(f->ncid, &unlim) == NC_NOERR && unlim >= 0)
        ncmpi_inq_dimlen(f->ncid, unlim, &f->numrecs);
    f->filled_recs = f->numrecs; /* its writer filled them (or, before fill values, left zeros) */
    return NC_NOERR;
}

/* Does the file carry a dataset identity? Its global attributes' names
 * compared one by one: nothing that can fail on one process alone (a
 * lookup by name allocates in PnetCDF), so every process decides alike
 * whether the collective step below is taken. */
static int has_dataset_id(int ncid)
{
    int n = 0;
    char name[NC_MAX_NAME + 1];
    if (ncmpi_inq_natts(ncid, &n) != NC_NOERR) return 0;
    for (int i = 0; i < n; i++)
        if (ncmpi_inq_attname(ncid, NC_GLOBAL, i, name) == NC_NOERR && !strcmp(name, "subfiling_dataset_id"))
            return 1;
    return 0;
}

/* The subfiled variables of a file just opened. Collective: the header is
 * shared (meta/base_header.c) before anything that can fail on one
 * process. */
static int load_vars(ncsf_file *f)
{
    ncsfi_cdf_header h;
    if (!has_dataset_id(f->ncid)) return NC_NOERR; /* an ordinary netCDF file */
    int parsed = ncsfi_base_header_share(f, &h);
    int err = load_vars_from(f, parsed ? &h : NULL);
    /* kept for the subfiles' checks (drop_base_header) */
    if (parsed && !err && (f->base_hdr = malloc(sizeof h))) *f->base_hdr = h;
    else if (parsed) ncsfi_cdf_free(&h);
    return err;
}

static void drop_base_header(ncsf_file *f)
{
    if (!f->base_hdr) return;
    ncsfi_cdf_free(f->base_hdr);
    free(f->base_hdr);
    f->base_hdr = NULL;
}

/* Opened through a subfile: open the whole dataset through its base file
 * instead when that is there and of the same dataset (then *reopen gets
 * its path); otherwise read the subfile's own variables alone. Collective:
 * rank 0 looks, everyone learns the outcome. */
static int find_base(ncsf_file *f, int omode, char **reopen, char *why, int whylen)
{
    char *base = NULL, *dsdir = NULL;
    ncsf_coll c;
    ncsfi_coll_begin_file(&c, f);
    int err = ncsfi_coll_note(&c, ncsfi_locate_base(f->ncid, f->path, &base, &dsdir, why, whylen));
    int usable = 0;
    if (!err && f->rank == 0 && ncsfi_regular_file(base) == NC_NOERR) {
        /* the same dataset? (plain PnetCDF, this process alone) */
        int bid;
        char id[33] = "", mine[33] = "";
        nc_type t;
        MPI_Offset len;
        if (ncmpi_open(MPI_COMM_SELF, base, NC_NOWRITE, MPI_INFO_NULL, &bid) == NC_NOERR) {
            if (ncmpi_inq_att(bid, NC_GLOBAL, "subfiling_dataset_id", &t, &len) == NC_NOERR && t == NC_CHAR &&
                len == 32 && ncmpi_get_att_text(bid, NC_GLOBAL, "subfiling_dataset_id", id) == NC_NOERR &&
                !ncsfi_is_subfile(bid) &&
                ncmpi_get_att_text(f->ncid, NC_GLOBAL, "subfiling_dataset_id", mine) == NC_NOERR &&
                !memcmp(id, mine, 32))
                usable = 1;
            ncmpi_close(bid);
        }
    }
    /* rank 0's finding reaches every rank before the one agreement: a
     * broadcast that fails on one rank fails the open on every rank */
    ncsfi_coll_note(&c, MPI_Bcast(&usable, 1, MPI_INT, 0, f->comm) == MPI_SUCCESS ? NC_NOERR : NC_EMPI);
    err = ncsfi_coll_agree(&c);
    if (!err && usable) {
        *reopen = base;
        base = NULL;
    } else if (!err) {
        /* the subfile alone: its variables, read only */
        if (omode & NC_WRITE) {
            snprintf(why, whylen, "%s is a subfile whose base file %s is not there (or is of another "
                     "dataset): it can be read alone but not written", f->path, base);
            err = NC_EPERM;
        } else {
            free(f->dir);
            f->dir = dsdir;
            dsdir = NULL;
            f->via_subfile = 1;
        }
    }
    free(base);
    free(dsdir);
    return err;
}

static int open_one(MPI_Comm comm, int yield, const char *path, int omode, MPI_Info info,
                    ncsf_hints *h, ncsf_file **fp, char **reopen, char *why, int whylen, int *soft)
{
    int ncid = -1, err = ncmpi_open(comm, path, omode, info, &ncid);
    ncsf_file *f = NULL;
    *fp = NULL;
    /* not fatal in PnetCDF: modes that differ (process 0's is used), a
     * header not padded with null bytes; the code is returned at the end */
    if ((err == NC_EMULTIDEFINE_OMODE || err == NC_ENULLPAD) && ncid >= 0) *soft = err, err = NC_NOERR;
    /* ncsf's state, made by every rank whatever PnetCDF said (its one
     * collective step, comm's first split, is everyone's) */
    int comm_bad, ferr = file_make(comm, yield, path, info, ncid, &f, &comm_bad);
    if (f) {
        f->hints = *h;
        memset(h, 0, sizeof *h);
        /* for a file with no subfiled variable yet; a dataset keeps its own */
        f->version = f->hints.format ? f->hints.format : 2;
    }
    int64_t lim[2];
    int aerr = attach_local(comm, yield, err ? NULL : f, !(omode & NC_WRITE), ferr, lim);
    /* a base file of few variables (its header asked of PnetCDF, with no
     * collective step): its subfiled variables found now, on each process
     * whose open succeeded, their outcome agreed with the open's below
     * (the same on every process when every open succeeded: the same
     * header) */
    int loaded = 0, lerr = NC_NOERR;
    if (!err && !ferr && !aerr && f && !ncsfi_is_subfile(ncid) && has_dataset_id(ncid) &&
        ncsfi_base_header_local(f)) {
        lerr = load_vars(f);
        loaded = 1;
        if (lerr) snprintf(why, whylen, "%s", f->errmsg);
    }
    /* one reduction: PnetCDF's outcome, process 0's mode, whether every
     * rank has the file open, ncsf's outcome, the limits, whether comm
     * kept ncsf's communicator everywhere, the variables' outcome */
    int rank = 0;
    if (MPI_Comm_rank(comm, &rank) != MPI_SUCCESS && !err) err = NC_EMPI;
    int64_t v[8] = {-(int64_t)err, rank == 0 ? omode : INT64_MIN, ncid < 0, -(int64_t)aerr, -lim[0], -lim[1],
                    comm_bad, -(int64_t)lerr};
    if (ncsfi_agree_words(comm, yield, v, 8, MPI_MAX) != NC_NOERR) {
        if (!err) err = NC_EMPI;
        v[2] = 1;
    } else {
        if (v[6]) sf_comm_shared_forget(comm);
        err = (int)-v[0];
        omode = (int)v[1];
        if (!err && v[3]) err = (int)-v[3];
        lim[0] = -v[4], lim[1] = -v[5];
        if (!err && v[7]) err = (int)-v[7];
    }
    if (err) {
        if (f) {
            ncsfi_file_free(f);
            f = NULL;
        }
        /* opened on every rank (the failure came after): closed on every
         * rank, ncmpi_close being collective; opened on some only: left
         * open there, as a close would wait for the ranks without one */
        if (!v[2]) ncmpi_close(ncid);
        if (v[0]) snprintf(why, whylen, "cannot open %s: %s%s", path, ncmpi_strerror(err), ncsfi_nofiles_remedy());
        return err;
    }
    /* process 0's mode: PnetCDF says NC_EMULTIDEFINE_OMODE when it
     * differs from this one's */
    f->readonly = !(omode & NC_WRITE);
    sf_context_set_readonly(f->ctx, f->readonly);
    attach_finish(f, lim);
    *fp = f;
    if (!err && ncsfi_is_subfile(ncid)) err = find_base(f, omode, reopen, why, whylen);
    /* an ordinary netCDF file (the same answer on every process): nothing
     * to load, nothing to agree on */
    if (!err && !*reopen && !loaded && has_dataset_id(f->ncid)) err = ncsfi_agreef(f, load_vars(f));
    if (!err && !*reopen && f->dsid[0]) err = ncsfi_check_subfiles(f);
    drop_base_header(f);
    if (!err && !*reopen && (omode & NC_WRITE) && f->dsid[0])
        err = ncsfi_agreef(f, ncsfi_state_begin_writing(f));
    if (err && !*why) snprintf(why, whylen, "%s", f->errmsg[0] ? f->errmsg : ncmpi_strerror(err));
    return err;
}

static void drop(ncsf_file *f)
{
    if (!f) return;
    int ncid = f->ncid;
    ncsfi_file_free(f);
    ncmpi_close(ncid);
}

/* pre: the environment's hints' outcome (with_env), agreed with the
 * open's own first checks. */
static int open_ex(MPI_Comm comm, int yield, sf_census *census, const char *path, int omode, MPI_Info info,
                   int *ncidp, char *msg, int msglen, int pre)
{
    ncsf_file *f = NULL;
    ncsf_hints h = {0};
    char why[512] = "", *reopen = NULL;
    int err = pre ? pre : ncidp && path ? NC_NOERR : NC_EINVAL, soft = NC_NOERR;
    if (!err) err = parse_file_hints(info, path, &h, why, sizeof why);
    /* the checks agreed, with the node census's words (its reduction) */
    int64_t v[5] = {-(int64_t)err, census->words[0], census->words[1], census->words[2], census->words[3]};
    if (ncsfi_agree_words(comm, yield, v, 5, MPI_MAX) != NC_NOERR) v[0] = err ? -err : -NC_EMPI, v[1] = 1;
    err = (int)-v[0];
    sf_comm_state_end(comm, census, v + 1);
    if (!err) err = open_one(comm, yield, path, omode, info, &h, &f, &reopen, why, sizeof why, &soft);
    if (!err && reopen) {
        /* a subfile of a dataset whose base file is there: the dataset */
        ncsf_hints again = {0};
        drop(f);
        f = NULL;
        err = ncsfi_agree(comm, yield, parse_file_hints(info, reopen, &again, why, sizeof why));
        char *twice = NULL; /* a base file is not a subfile: no second redirection */
        if (!err) err = open_one(comm, yield, reopen, omode, info, &again, &f, &twice, why, sizeof why, &soft);
        free(twice);
        ncsfi_hints_free(&again);
        free(reopen);
    }
    if (err) {
        drop(f);
        share_reason(comm, err, why, msg, msglen);
        if (ncidp) *ncidp = -1;
    } else {
        *ncidp = f->ncid;
        /* misspelt keys; settings of a new dataset mean nothing here */
        ncsfi_hints_warn(info, &h, 1, f->rank == 0, f->warned, sizeof f->warned, path);
    }
    ncsfi_hints_free(&h);
    return err ? err : soft;
}

int ncsf_open(MPI_Comm comm, const char *path, int omode, MPI_Info info, int *ncidp)
{
    return ncsf_open_ex(comm, path, omode, info, ncidp, NULL, 0);
}

/* The new variables of a failed enddef refuse every access with the
 * enddef's error; the dataset is marked failed at close. */
static int subfiles_created(ncsf_file *f, int err)
{
    if (!err) return NC_NOERR;
    if (!f->write_failed) f->write_failed = err;
    for (int i = 0; i < f->nvars_cap; i++)
        if (f->vars[i] && !f->vars[i]->created && !f->vars[i]->broken) {
            f->vars[i]->broken = err;
            f->vars[i]->broken_k = -1;
        }
    return err;
}

static int flush_subfiles(ncsf_file *f);

/* The subfiles' headers finished first: PnetCDF moves the data behind a
 * header that grows, as far as the header's record count says. */
int ncsfi_update_subfile_headers(ncsf_file *f)
{
    int err = flush_subfiles(f);
    return err ? err : ncsfi_sync_var_atts(f);
}

/* subfiling=enable for the whole file, yet no variable subfiled: said
 * once per file (rank 0, when NCSF_VERBOSE asks), with what to change. */
static void say_if_nothing_subfiled(ncsf_file *f)
{
    int nvars = 0;
    if (f->noop_said || f->hints.enable != 1 || f->nsubfiled || f->via_subfile) return;
    if (ncmpi_inq_nvars(f->ncid, &nvars) != NC_NOERR || nvars == 0) return;
    f->noop_said = 1;
    if (f->rank != 0 || !ncsfi_verbose()) return;
    long long min = f->hints.min_size >= 0 ? f->hints.min_size : f->hints.vars ? 0 : NCSF_DEFAULT_MIN_SIZE;
    fprintf(stderr, "ncsf: %s: subfiling is enabled for the whole file, but none of its %d variables is "
            "subfiled (each is %s%s, or a coordinate variable), so the hints change nothing: lower "
            "subfiling_min_size (now %lld bytes per record), or name the variables in subfiling_vars\n", f->path, nvars,
            f->hints.vars ? "not in subfiling_vars" : "smaller than subfiling_min_size",
            f->hints.exclude ? ", in subfiling_exclude" : "", min);
}

/* After the base file's enddef: the new variables' subfiles made, and the
 * attributes changed (or variables renamed) since the last enddef brought
 * to the old ones. The new placeholders get their fill value
 * at once, while the file system has room for the header just written.
 * mine: this process's failure so far (PnetCDF's enddef's, or the
 * identity's put), agreed with the subfiles' creation: a failure anywhere
 * fails the enddef everywhere and leaves the new variables broken (each
 * process whose PnetCDF enddef failed stays in define mode, as PnetCDF
 * does, and the others refuse access to them). */
static int enddef_subfiles(ncsf_file *f, int own, int pre)
{
    int mine = own ? own : pre;
    if (!own) f->indef = 0;
    /* the variables this enddef makes subfiles for */
    int *isnew = calloc((size_t)f->nvars_cap + 1, sizeof(int));
    for (int i = 0; isnew && i < f->nvars_cap; i++) isnew[i] = f->vars[i] && !f->vars[i]->created;
    /* no room for isnew: agreed with the subfiles' creation (and the new
     * scalar placeholders' fill, ncsfi_create_subfiles) */
    if (!mine && !isnew) mine = NC_ENOMEM;
    int err = ncsfi_create_subfiles(f, NC_NOERR, mine);
    if (own) {
        free(isnew);
        return own;
    }
    err = subfiles_created(f, err);
    if (!err) f->defs_hash = 0, f->defs_subfiled = 0; /* the next define mode's */
    if (!err && !f->readonly && !f->indep && !f->via_subfile) ncsfi_fixed_filled(f);
    if (!err && !f->readonly) err = ncsfi_fill_new_records(f, isnew);
    free(isnew);
    if (!err && !f->readonly) err = ncsfi_fill_placeholders(f);
    if (!err && ncsfi_atts_pending(f)) err = ncsfi_update_subfile_headers(f);
    if (!err) say_if_nothing_subfiled(f);
    return err;
}

/* After PnetCDF's enddef returned own here (pre: this process's failure
 * before it, defs_ended's): the subfiles made, their outcome agreed with
 * PnetCDF's everywhere (enddef_subfiles). */
static int enddef_agreed(ncsf_file *f, int own, int pre, int agreed)
{
    /* nothing subfiled in the dataset (agreed: no process subfiled a
     * variable in this define mode, and the earlier ones are the same
     * everywhere) and no attribute to bring to subfiles: no step of ncsf's
     * follows, PnetCDF's outcome is the enddef's, as in plain PnetCDF */
    if (agreed == 1 && !f->nsubfiled && !pre && !ncsfi_atts_pending(f)) {
        if (own) return own;
        f->defs_hash = 0, f->defs_subfiled = 0;
        f->indef = 0;
        say_if_nothing_subfiled(f);
        return NC_NOERR;
    }
    return enddef_subfiles(f, own, pre);
}

/* After the enddef's first agreement (ncsfi_varsize_check, err and
 * agreed as it gives them), before PnetCDF's enddef writes the header:
 *  - the processes made different def_var calls with hints and some
 *    subfiled a variable (NC_EMULTIDEFINE): the variables subfiled in this
 *    define mode are dropped from ncsf's state on every process, so that
 *    it is the same everywhere; the enddef fails, the dataset stays in
 *    define mode, and its close drops the new definitions;
 *  - a variable became subfiled in a dataset without an identity: the
 *    identity (process 0's, agreed with the definitions) over the
 *    stand-in its first subfiled def_var wrote. That put is this
 *    process's alone: its failure (*pre) is agreed after PnetCDF's enddef,
 *    which every process makes (enddef_agreed).
 * Local: the same on every process (err and agreed are). */
static int defs_ended(ncsf_file *f, int agreed, int err, int *pre)
{
    *pre = NC_NOERR;
    if (err == NC_EMULTIDEFINE) {
        for (int i = 0; i < f->nvars_cap; i++)
            if (f->vars[i] && !f->vars[i]->created) {
                ncsfi_var_destroy(f->vars[i]);
                f->vars[i] = NULL;
                f->nsubfiled--;
            }
        ncsfi_set_error(f, f->rank == 0, "enddef: the processes defined variables differently (name, type, "
                        "dimensions, or the def_var's outcome) and some subfiled one: subfiles cannot "
                        "follow (NC_EMULTIDEFINE)");
        return err;
    }
    /* (the same on every process: their def_var calls were) */
    if (err || !agreed || !f->dsid_pending) return err;
    *pre = ncmpi_put_att_text(f->ncid, NC_GLOBAL, "subfiling_dataset_id", 32, f->dsid);
    f->dsid_pending = 0;
    return NC_NOERR;
}

/* ncmpi_enddef (a NULL: PnetCDF's defaults) or ncmpi__enddef (a: its
 * four arguments). The first reduction (ncsfi_varsize_check) also says
 * whether a subfile of another dataset (one whose base file was renamed,
 * say) is at the name of a subfile this enddef makes, each process
 * looking at the names of those it makes (no directory read): then the
 * variables concerned get names of their own (ncsfi_avoid_foreign) and
 * the checks are made again, with their new attributes. */
static int enddef_any(int ncid, const MPI_Offset *a)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    const MPI_Offset none[4] = {0, 0, 0, 0};
    const MPI_Offset *x = a ? a : none;
    int agreed = 0, pre = NC_NOERR, foreign = ncsfi_foreign_in_the_way(f);
    int err = ncsfi_varsize_check(f, x[0], x[1], x[2], x[3], &agreed, &foreign);
    if (f && !err && foreign) {
        err = ncsfi_avoid_foreign(f);
        foreign = 0; /* (not looked for again: a subfile of another dataset put there meanwhile fails the enddef) */
        if (!err) err = ncsfi_varsize_check(f, x[0], x[1], x[2], x[3], &agreed, &foreign);
    }
    if (f && (err = defs_ended(f, agreed, err, &pre))) return err;
    if (err) return err;   /* agreed: NC_EVARSIZE as PnetCDF with every variable whole */
    ncsfi_mark_hold h;
    ncsfi_state_hdr_begin(ncid, 1, &h);
    err = a ? ncmpi__enddef(ncid, a[0], a[1], a[2], a[3]) : ncmpi_enddef(ncid);
    ncsfi_state_hdr_end(ncid, &h);
    if (f && !err) ncsfi_varsize_commit(f), f->mark_pending = 0, f->never_ended = 0;
    return f ? enddef_agreed(f, err, pre, agreed) : err;
}

int ncsf_enddef(int ncid)
{
    return enddef_any(ncid, NULL);
}

int ncsf__enddef(int ncid, MPI_Offset h_minfree, MPI_Offset v_align,
                 MPI_Offset v_minfree, MPI_Offset r_align)
{
    const MPI_Offset a[4] = {h_minfree, v_align, v_minfree, r_align};
    return enddef_any(ncid, a);
}

static int leave_indep(ncsf_file *f, int own);

/* PnetCDF's redef leaves independent data mode first: the enddef that
 * follows returns to collective mode, and so does ncsf. */
int ncsf_redef(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = ncsfi_state_touch(ncid);
    if (err) return err;
    err = ncmpi_redef(ncid);
    if (!f) return err;
    if (!err) f->indef = 1; /* as PnetCDF is here */
    return f->indep ? leave_indep(f, err) : ncsfi_agree_pnetcdf(f, err);
}

/* Everything written reaches the subfiles and their headers. */
static int flush_subfiles(ncsf_file *f)
{
    if (f->readonly || !f->nsubfiled) return NC_NOERR;
    return ncsfi_finish_subfiles(f, ncsfi_error_from_engine(sf_context_flush(f->ctx)));
}

/* In independent mode each rank counts the records it wrote itself; the
 * calls that reconcile PnetCDF's count (end_indep_data, redef, sync,
 * sync_numrecs, flush and close) make ncsf's the largest of them too, in
 * the one reduction that agrees on PnetCDF's outcome (own, this process's)
 * and on ncsf's step before it (pre). Returns own first where PnetCDF
 * failed here, as ncsfi_agree_pnetcdf; *pn (if given) is set where
 * PnetCDF failed anywhere (the count is then left as it was). Collective. */
static int agree_indep(ncsf_file *f, int own, int pre, int *pn)
{
    /* codes are negative: the largest minus code is the worst */
    int64_t v[3] = {-(int64_t)own, -(int64_t)pre, f->numrecs};
    int bad = ncsfi_agree_words(f->comm, f->yield, v, 3, MPI_MAX) != NC_NOERR;
    if (pn) *pn = bad || v[0];
    if (bad) return own ? own : pre ? pre : NC_EMPI;
    if (v[0]) return own ? own : (int)-v[0];
    f->numrecs = v[2];
    return (int)-v[1];
}

int ncsf_sync(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = ncmpi_sync(ncid);
    if (!f) return err;
    int indep = f->indep && !f->readonly;
    if ((err = indep ? agree_indep(f, err, NC_NOERR, NULL) : ncsfi_agree_pnetcdf(f, err))) return err;
    err = flush_subfiles(f);
    /* the base file's header counts the records just given to the
     * placeholder (rank 0 wrote them independently), as PnetCDF's sync
     * leaves it counting every rank's */
    if (!err && indep && f->nsubfiled) err = ncmpi_sync_numrecs(ncid);
    /* a reader opening the dataset now sees what this sync wrote */
    return ncsfi_state_synced(f, err);
}

int ncsf_sync_numrecs(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = ncmpi_sync_numrecs(ncid);
    if (!f || !f->indep) return err;
    return agree_indep(f, err, NC_NOERR, NULL);
}

/* Collective, as PnetCDF's. In independent mode each process's record
 * count is its own: flush_subfiles fills the placeholders' new records
 * with an agreement per record variable, so the processes first agree on
 * the count, as sync does (else only those that wrote records enter it). */
int ncsf_flush(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int err = ncmpi_flush(ncid);
    if (!f) return err;
    int indep = f->indep && !f->readonly;
    if ((err = indep ? agree_indep(f, err, NC_NOERR, NULL) : ncsfi_agree_pnetcdf(f, err))) return err;
    return flush_subfiles(f);
}

/* At close, flush_subfiles (the placeholders' fill with it), whether any rank saw a write fail
 * (independent writes fail alone) and the writers' counts the processes
 * hold in the state mark (*total, for ncsfi_state_finish) in one
 * reduction: everything written reaches the subfiles and their headers.
 * Read only, nothing was written anywhere: nothing to agree on; no
 * subfiled variable and no mark: a failed write is this process's, agreed
 * with the close's outcome (close_dataset). Collective. */
static int flush_for_close(ncsf_file *f, int *failed, int64_t *total)
{
    int v[2] = {NC_NOERR, f->write_failed}, subfiled = !f->readonly && f->nsubfiled;
    *failed = NC_NOERR;
    *total = 0;
    if (f->readonly) return NC_NOERR;
    if (!subfiled && !f->marked) {
        *failed = f->write_failed;
        return NC_NOERR;
    }
    if (subfiled) {
        v[0] = ncsfi_error_from_engine(sf_context_flush(f->ctx));
        int e = ncsfi_finish_own_subfiles(f);
        if (!v[0]) v[0] = e;
        /* in collective data mode the placeholders' new records too
         * (every process takes their steps), agreed with the rest; in a
         * marked dataset written by process 0 alone, the close raising
         * the base file's record count after PnetCDF's close */
        e = ncsfi_fill_placeholders_unagreed(f, f->marked);
        if (!v[0]) v[0] = e;
    }
    *total = ncsfi_state_holds(f);
    /* it agrees on the outcome: never made to fail by fault injection */
    if (sf_agree_sum(f->ctx, &v[0], &v[1], total) != SF_OK) {
        if (!v[0]) v[0] = NC_EMPI;
        if (!v[1]) v[1] = NC_EMPI;
    }
    *failed = v[1];
    if (!v[0] && subfiled) ncsfi_placeholders_filled(f);
    /* independent mode (its end refused, the same everywhere): each
     * placeholder agrees on its own fill */
    return !v[0] && subfiled && f->indep ? ncsfi_fill_placeholders(f) : v[0];
}

/* Requests posted and never waited for are dropped, as PnetCDF cancels
 * its own, and close says so with NC_EPENDING on each process that left
 * some (PnetCDF's answer, process by process: the close itself is done,
 * collectively, everywhere). The
 * dataset keeps its mark: PnetCDF leaves a dataset that opens as usual
 * (the cancelled puts' records never counted, their values never there),
 * and so does ncsf; NC_EPENDING is the program's warning. */
static int drop_pending(ncsf_file *f)
{
    int n = ncsfi_pending_count(f);
    if (n && ncsfi_verbose())
        fprintf(stderr, "ncsf: rank %d: %d non-blocking request%s on subfiled variables still pending "
                "at close: dropped\n", f->rank, n, n == 1 ? "" : "s");
    ncsfi_pending_free_all(f);
    return n ? NC_EPENDING : NC_NOERR;
}

/* A close; discard: in define mode, the new definitions dropped (an abort
 * after a redef, or an enddef refused for size). Collective. */
static int close_dataset(ncsf_file *f, int ncid, int discard)
{
    int err = NC_NOERR, e, dropped = 0;
    if (f->indef && !discard) err = ncsf_enddef(ncid);
    /* refused for size (PnetCDF's close drops the new definitions) or for
     * definitions that differ between processes: dropped */
    if (f->indef && (err == NC_EVARSIZE || err == NC_EMULTIDEFINE)) discard = 1;
    /* the dropped definitions take a mark defined with them: it never
     * reached the file, and processes that defined differently do not
     * agree on it (the steps below follow the mark) */
    if (discard && f->mark_pending) f->marked = 0;
    /* as PnetCDF's close: independent mode ended first (the ranks' record
     * counts reconciled before the subfiles are finished with them) */
    if (f->indep && !f->readonly && (e = ncsf_end_indep_data(ncid)) && !err) err = e;
    int pending = drop_pending(f), failed;
    int64_t holds = 0;
    e = flush_for_close(f, &failed, &holds);
    if (!err) err = e;
    if (!err) err = failed; /* close says so too */
    MPI_Offset hsize = 0, size = 0;
    int format = 0;
    if (!f->readonly && f->marked) {
        ncmpi_inq_header_size(ncid, &hsize);
        if (!discard && (e = ncmpi_inq_format(ncid, &format)) && !err) err = e;
        e = discard ? NC_NOERR : ncsfi_base_data_end(f, &size);
        if (!err) err = e;
    }
    e = discard ? ncsfi_varsize_discard(f, &dropped) : ncmpi_close(ncid);
    if (dropped) f->marked = 0; /* no mark in the file */
    /* PnetCDF's own requests cancelled (variables not subfiled): said as
     * ncsf's dropped ones are, no failure either */
    if (e == NC_EPENDING) pending = e;
    else if (!err) err = e;
    /* PnetCDF is done with the base file: its length and its mark (a get
     * never waited for loses nothing on disk; a put does) */
    if (size > 0 && f->rank == 0 && (e = ncsfi_raw_extend(f->path, 0, size)) && !err) err = e;
    /* and its record count: the placeholders' records written outside
     * PnetCDF (flush_for_close) are ncsf's to count */
    if (size > 0 && f->rank == 0 && f->numrecs > 0 && format &&
        (e = ncsfi_raw_raise_numrecs(f->path, 0, format, f->numrecs)) && !err)
        err = e;
    e = ncsfi_state_finish(f, err != NC_NOERR && !discard, hsize, holds); /* agreed below */
    if (!err) err = e;
    e = f->ctx ? sf_context_free(f->ctx) : SF_OK;
    f->ctx = NULL;
    if (!err) err = ncsfi_error_from_engine(e);
    /* requests this process left (ncsf's or PnetCDF's): its own warning
     * with PnetCDF 1.12 and 1.14; 1.15's close returns every process the
     * lowest code of all, NC_EPENDING included */
    if (!f->nsubfiled && !f->marked && !discard) {
        /* nothing of ncsf's in the dataset: PnetCDF's outcome as it gives
         * it (the steps before were agreed) */
        err = err ? err : pending;
    } else if (NCSF_PNETCDF_AT_LEAST(1, 15)) {
        err = ncsfi_agreef(f, err ? err : pending);
    } else {
        err = ncsfi_agreef(f, err);
        if (!err) err = pending;
    }
    ncsfi_file_free(f);
    return err;
}

int ncsf_close(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    return f ? close_dataset(f, ncid, 0) : ncmpi_close(ncid);
}

/* PnetCDF's abort, collective as its close is: in data mode it is the
 * close (what was written stays, the subfiles are finished and the
 * dataset marked as at a close), after a redef the close that drops the
 * new definitions; a dataset never ended is deleted. Requests left
 * pending are dropped without NC_EPENDING, as PnetCDF's abort drops its
 * own. */
int ncsf_abort(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    if (f && (!f->indef || !ncsfi_never_ended(f))) {
        int err = close_dataset(f, ncid, f->indef);
        return err == NC_EPENDING ? NC_NOERR : err;
    }
    int err = ncmpi_abort(ncid);
    if (f) {
        /* no collective flush: this process's part of the engine's
         * context released alone (open subfiles left unclosed); the
         * requests first (their arrays are the context's, pool.c) */
        ncsfi_pending_free_all(f);
        if (f->ctx) sf_context_abort(f->ctx);
        f->ctx = NULL;
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
    if (!f) return err;
    return leave_indep(f, err);
}

/* Collective: back to collective data mode (end_indep_data, redef), own
 * PnetCDF's outcome here. One reduction: PnetCDF's outcome, the subfiles
 * written independently closed (this process's handles alone, closed
 * whatever PnetCDF said: a later independent write opens them again),
 * the record count. Where PnetCDF failed anywhere, ncsf stays in
 * independent mode with it (PnetCDF's failure is the same everywhere
 * unless MPI failed). */
static int leave_indep(ncsf_file *f, int own)
{
    /* what was written independently is in the files before any
     * collective access; the record count agreed as PnetCDF agrees its own */
    int pre = ncsfi_error_from_engine(sf_context_flush_indep(f->ctx)), pn = 0;
    int err = agree_indep(f, own, pre, &pn);
    if (!pn) f->indep = 0;
    return err;
}

int ncsf_create_ex(MPI_Comm comm, const char *path, int cmode, MPI_Info info, int *ncidp,
                   char *msg, int msglen)
{
    MPI_Info env = MPI_INFO_NULL;
    /* the node census first (at comm's first create or open: its reduction
     * is the create's first, clobber.c's): every agreement of the dataset
     * waits by it */
    sf_census census;
    int yield = sf_comm_state_begin(comm, &census);
    /* the hints of the environment (env_hints.c) over the program's:
     * their outcome agreed with the create's first checks */
    int pre = ncsfi_env_info(comm, info, &env);
    int err = create_ex(comm, yield, &census, path, cmode, env != MPI_INFO_NULL ? env : info, ncidp, msg, msglen,
                        pre);
    if (env != MPI_INFO_NULL) MPI_Info_free(&env);
    return err;
}

int ncsf_open_ex(MPI_Comm comm, const char *path, int omode, MPI_Info info, int *ncidp,
                 char *msg, int msglen)
{
    MPI_Info env = MPI_INFO_NULL;
    sf_census census;
    int yield = sf_comm_state_begin(comm, &census);
    int pre = ncsfi_env_info(comm, info, &env);
    int err = open_ex(comm, yield, &census, path, omode, env != MPI_INFO_NULL ? env : info, ncidp, msg, msglen, pre);
    if (env != MPI_INFO_NULL) MPI_Info_free(&env);
    return err;
}
