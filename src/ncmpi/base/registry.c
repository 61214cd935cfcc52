/*
 * registry.c: find ncsf's state for a PnetCDF ncid.
 *
 * PnetCDF hands out small integer ids; this table maps each id of a file
 * opened through ncsf to the ncsf_file that holds all of that file's state.
 * It is the only process-wide object in ncsf, and it holds nothing but that
 * index: two datasets open at once share no state through it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncsf_internal.h"

static struct {
    ncsf_file **files;
    int cap;
} open_files;

ncsf_file *ncsfi_lookup(int ncid)
{
    if (ncid < 0 || ncid >= open_files.cap) return NULL;
    return open_files.files[ncid];
}

int ncsfi_register(ncsf_file *f)
{
    if (f->ncid < 0) return NC_EBADID;
    if (f->ncid >= open_files.cap) {
        int cap = f->ncid + 16;
        ncsf_file **t = realloc(open_files.files, sizeof(*t) * cap);
        if (!t) return NC_ENOMEM;
        for (int i = open_files.cap; i < cap; i++) t[i] = NULL;
        open_files.files = t;
        open_files.cap = cap;
    }
    open_files.files[f->ncid] = f;
    return NC_NOERR;
}

void ncsfi_unregister(ncsf_file *f)
{
    if (f->ncid >= 0 && f->ncid < open_files.cap && open_files.files[f->ncid] == f)
        open_files.files[f->ncid] = NULL;
    for (int i = 0; i < open_files.cap; i++)
        if (open_files.files[i]) return;
    free(open_files.files);
    open_files.files = NULL;
    open_files.cap = 0;
}

ncsf_var *ncsfi_var(const ncsf_file *f, int varid)
{
    if (!f || varid < 0 || varid >= f->nvars_cap) return NULL;
    return f->vars[varid];
}

/* Where a call goes: 1 ncsf, 0 PnetCDF, or NC_EBADID for an ncid no
 * dataset of this process has (PnetCDF 1.12 would dereference NULL). */
int ncsfi_route(int ncid, int varid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    if (!f) return NC_EBADID;
    return ncsfi_var(f, varid) != NULL;
}

/* The same for a collective call: in a dataset with subfiled variables
 * every rank must take the same path (the engine's collectives and
 * PnetCDF's are different calls), so the ranks agree first, in the
 * engine's first reduction: a subfiled variable goes on into the engine
 * (which agrees as part of the call), any other joins that reduction
 * alone here and learns where the others go. A varid that is no variable
 * on some rank, or a subfiled variable on some ranks and an ordinary one
 * on others, is refused on every rank before anything else. */
int ncsfi_route_collective(int ncid, int varid, int put)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    int nvars = 0;
    if (!f) return NC_EBADID;
    if (!f->nsubfiled) return 0;
    /* permission and define mode are the same on every rank, and checked
     * before the variable, as PnetCDF does */
    if (put && f->readonly) return NC_EPERM;
    if (f->indef) return NC_EINDEFINE;
    if (ncsfi_var(f, varid)) return 1;
    int bad = ncmpi_inq_nvars(ncid, &nvars) != NC_NOERR || varid < 0 || varid >= nvars;
    /* a variable that does not exist fails this rank only, as in PnetCDF
     * (the others proceed), unless in safe mode */
    int route = !bad ? SF_ROUTE_OTHER : f->safe_mode ? SF_ROUTE_BAD : SF_ROUTE_ANY;
    sf_call c = {0, NULL, 0, route, 0, 0, 0, 0, 0, NULL};
    int e = sf_access_all(f->ctx, &c);
    /* no subfiled variable anywhere: PnetCDF's call on every rank (it gives
     * a rank with a bad variable its error and lets the others proceed) */
    if (e == SF_OK && !(c.route_bits & (SF_ROUTE_ENGINE | SF_ROUTE_BAD))) return 0;
    if (e == SF_OK && route == SF_ROUTE_ANY) {
        /* took part in the others' engine call with nothing to move */
        ncsfi_set_error(f, 0, "a collective call named variable %d, which does not exist", varid);
        return NC_ENOTVAR;
    }
    return e == SF_ERR_ROUTE ? ncsfi_route_error(f, c.route_bits, c.route) : ncsfi_error_from_engine(e);
}

/* The error of a collective call whose ranks went different ways. */
int ncsfi_route_error(ncsf_file *f, int bits, int mine)
{
    if (bits & SF_ROUTE_BAD) {
        ncsfi_set_error(f, 0, "a collective call named a variable that does not exist on %s process",
                        mine == SF_ROUTE_BAD ? "this" : "another");
        return NC_ENOTVAR;
    }
    ncsfi_set_error(f, f->rank == 0, "a collective call named a subfiled variable on some processes "
                    "and an ordinary one on others: call it once for each");
    return NC_EINVAL;
}

void ncsfi_set_error(ncsf_file *f, int print, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->errmsg, sizeof f->errmsg, fmt, ap);
    va_end(ap);
    if (print && !getenv("NCSF_QUIET")) fprintf(stderr, "ncsf: %s\n", f->errmsg);
}

const char *ncsf_errmsg(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    return f ? f->errmsg : "";
}

int ncsf_inq_engine_counts(int ncid, ncsf_engine_counts *out)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    sf_counts c;
    if (!f) return NC_EBADID;
    if (!out) return NC_NOERR;
    memset(&c, 0, sizeof c);
    if (f->ctx) sf_context_counts(f->ctx, &c);
    out->calls = c.calls;
    out->plan_builds = c.plan_builds;
    out->plan_hits = c.plan_hits;
    out->file_opens = c.file_opens;
    out->group_waits = c.group_waits;
    out->gather_msgs = c.gather_msgs;
    out->mpiio_steps = c.mpiio_steps;
    out->runs_msgs = c.runs_msgs;
    out->peak_requests = c.peak_requests;
    return NC_NOERR;
}
