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
#include "ncsfi_base.h"

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
    out->internode_bytes = c.internode_bytes;
    out->census = c.census;
    const sf_nodes *n = f->ctx ? sf_context_nodes(f->ctx) : NULL;
    out->nnodes = n ? n->nnodes : 0;
    out->node = n ? n->node : 0;
    out->direct_reads = c.path_calls[SF_PATH_DIRECT];
    out->direct_boxes = c.direct_boxes;
    out->swapped_writes = c.swapped_on_the_way;
    out->fd_opens = c.fd_opens;
    out->runs_calls = c.path_calls[SF_PATH_RUNS];
    out->gather_calls = c.path_calls[SF_PATH_GATHER];
    out->mpiio_calls = c.path_calls[SF_PATH_MPIIO];
    out->indep_calls = c.path_calls[SF_PATH_INDEP];
    out->indep_runs_calls = c.path_calls[SF_PATH_INDEP_RUNS];
    out->swapped_reads = c.swapped_reads;
    out->plans_derived = c.plans_derived;
    return NC_NOERR;
}
