/*
 * runs_indep.c: an independent call with many pieces, by runs: this rank
 * is the home of everything it touches. Its runs are packed into one
 * area in the order they were cut, sorted by subfile and offset, and each
 * subfile's part moves with one MPI-IO call on a handle this rank holds
 * alone (runs_home.c), as the collective path's homes do.
 */
#include <stdlib.h>
#include <string.h>
#include "runs.h"

static char *buffer_of(int nreq, const sf_request *reqs, const sf_nrequest *nreqs, int req)
{
    return req < nreq ? (char *)reqs[req].buf : (char *)nreqs[req - nreq].buf;
}

int sf_access_indep_runs(sf_context *ctx, int nreq, const sf_request *reqs, int nnreq,
                         const sf_nrequest *nreqs, int write)
{
    sf_call c;
    memset(&c, 0, sizeof c);
    ctx->counts.path_calls[SF_PATH_INDEP_RUNS]++;
    int swapped = write && sf_swap_requests(nreq, reqs);
    sf_run_list l = {NULL, 0, 0, NULL};
    int err = sf_call_runs(ctx, nreq, reqs, nnreq, nreqs, 0, &l);
    sf_rplan *p = calloc(1, sizeof *p);
    MPI_Offset *desc = malloc(sizeof(MPI_Offset) * DW * (l.n ? l.n : 1));
    MPI_Offset *from = calloc((size_t)ctx->nprocs * 3, sizeof(MPI_Offset));
    char *area = NULL;
    if (err == SF_OK && (!p || !desc || !from)) err = SF_ERR_NOMEM;
    if (err == SF_OK) {
        p->rcount = from + ctx->nprocs;
        p->roff = from + 2 * ctx->nprocs;
        from[ctx->rank] = (MPI_Offset)l.n;
        for (size_t i = 0; i < l.n; i++) {
            MPI_Offset *w = desc + DW * i;
            w[0] = l.r[i].lay; w[1] = l.r[i].block; w[2] = l.r[i].rec; w[3] = l.r[i].lin; w[4] = l.r[i].len;
        }
        err = sf_runs_home_side(ctx, p, desc, l.n, from, write);
    }
    if (err == SF_OK && !(area = malloc((size_t)(p->abytes ? p->abytes : 1)))) err = SF_ERR_NOMEM;
    /* the area holds the runs in the order they were cut */
    MPI_Offset at = 0;
    for (size_t i = 0; err == SF_OK && write && i < l.n; i++) {
        const sf_run *r = &l.r[i];
        MPI_Offset n = r->len * sf_context_layout(ctx, r->lay)->elsize;
        sf_runs_copy_n(nreq, nreqs, r->req, area + at, buffer_of(nreq, reqs, nreqs, r->req) + r->moff, n);
        at += n;
    }
    if (err == SF_OK) err = sf_runs_home_io(ctx, p, NULL, area, 0, write);
    for (size_t i = 0; err == SF_OK && !write && i < l.n; i++) {
        const sf_run *r = &l.r[i];
        MPI_Offset n = r->len * sf_context_layout(ctx, r->lay)->elsize;
        sf_runs_copy_n(nreq, nreqs, r->req, buffer_of(nreq, reqs, nreqs, r->req) + r->moff, area + at, n);
        at += n;
    }
    if (err == SF_OK) {
        if (write) ctx->bytes_written += at;
        else ctx->bytes_read += at;
    }
    if (swapped) sf_swap_requests(nreq, reqs);
    if (p) { p->rcount = p->roff = NULL; sf_keep(&err, sf_rplan_free(p)); }
    free(from);
    free(desc);
    free(area);
    free(l.r);
    return err;
}
