/*
 * nonblocking.c: iput, iget and bput on subfiled variables, and the wait
 * calls that complete them together with PnetCDF's own requests.
 *
 * A request is checked and prepared when it is posted (errors come back at
 * once, as from PnetCDF); bput copies the data then, iput keeps the
 * caller's buffer unless it must be converted or byte swapped. wait_all
 * hands every pending request of the dataset to the engine in one
 * collective pass per direction, so 24 variables posted one after another
 * cost one exchange, not 24.
 */
#include <stdlib.h>
#include <string.h>
#include "ncsf_internal.h"

struct ncsf_pending {
    int id;
    ncsf_prepared p;
    MPI_Offset attached; /* a bput: bytes it counts against the attached
                          * buffer until it is taken for completion */
    int err;             /* an iget whose buffer type PnetCDF refuses only
                          * when completing it: its status then */
    ncsf_pending *next;
};

/* A bput counts against the buffer the program attached, as in PnetCDF
 * (its data, in the variable's external type), though ncsf copies it into
 * memory of its own: NC_EINSUFFBUF when it would not fit beside what is
 * pending, PnetCDF's and ncsf's. */
static int reserve_attached(ncsf_file *f, const ncsf_var *v, MPI_Offset nelems, MPI_Offset *bytes)
{
    MPI_Offset size = 0, used = 0;
    int err = ncmpi_inq_buffer_size(f->ncid, &size);
    if (!err) err = ncmpi_inq_buffer_usage(f->ncid, &used);
    if (err) return err;
    *bytes = nelems * ncsfi_xsize(v->xtype);
    if (used + f->bput_usage + *bytes > size) return NC_EINSUFFBUF;
    return NC_NOERR;
}

int ncsfi_post(ncsf_file *f, ncsf_var *v, ncsf_call *c)
{
    ncsf_pending *q = calloc(1, sizeof *q);
    if (!q) return NC_ENOMEM;
    int err = ncsfi_prepare(f, v, c, c->mode == NCSF_MODE_BPUT ? 2 : 1, &q->p);
    /* as PnetCDF: a request of no elements is done at once (NC_REQ_NULL:
     * nothing to wait for, nothing pending at close) */
    if (!err && q->p.nelems == 0) {
        ncsfi_release(&q->p);
        free(q);
        if (c->req) *c->req = NC_REQ_NULL;
        return NC_NOERR;
    }
    if (!err && c->mode == NCSF_MODE_BPUT) err = reserve_attached(f, v, q->p.nelems, &q->attached);
    if (!err) err = ncsfi_keep_buftype(&q->p);
    if (err == NC_EBADTYPE && !c->put && c->bufcount == -1) {
        /* as PnetCDF: posted, and failed by its wait (reading nothing) */
        ncsfi_release(&q->p);
        memset(&q->p, 0, sizeof q->p);
        q->p.v = v;
        q->err = err;
        err = NC_NOERR;
    }
    if (err) {
        ncsfi_release(&q->p);
        free(q);
        if (c->req) *c->req = NC_REQ_NULL;
        return err;
    }
    f->bput_usage += q->attached;
    q->id = NCSF_REQ_BASE + f->next_req++;
    if (f->next_req >= NCSF_REQ_BASE) f->next_req = 0;
    if (c->req) *c->req = q->id;
    /* append: requests complete in the order they were posted */
    ncsf_pending **tail = &f->pending;
    while (*tail) tail = &(*tail)->next;
    *tail = q;
    return NC_NOERR;
}

int ncsfi_pending_count(const ncsf_file *f)
{
    int n = 0;
    for (ncsf_pending *q = f->pending; q; q = q->next) n++;
    return n;
}

void ncsfi_pending_free_all(ncsf_file *f)
{
    f->bput_usage = 0;
    while (f->pending) {
        ncsf_pending *q = f->pending;
        f->pending = q->next;
        ncsfi_release(&q->p);
        free(q);
    }
}

static ncsf_pending *take(ncsf_file *f, int id)
{
    for (ncsf_pending **pp = &f->pending; *pp; pp = &(*pp)->next)
        if ((*pp)->id == id) {
            ncsf_pending *q = *pp;
            *pp = q->next;
            q->next = NULL;
            f->bput_usage -= q->attached;
            return q;
        }
    return NULL;
}

static int is_ours(int id) { return id >= NCSF_REQ_BASE; }

/* Complete requests: ours in the engine, PnetCDF's through PnetCDF. */
static int wait_common(int ncid, int num, int *reqs, int *statuses, int collective)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    if (!f) return collective ? ncmpi_wait_all(ncid, num, reqs, statuses)
                              : ncmpi_wait(ncid, num, reqs, statuses);
    /* PnetCDF's checks and their order (define mode, then the wrong data
     * mode): a refused wait completes nothing, touches no status */
    if (f->indef) return NC_EINDEFINE;
    if (collective && f->indep) return NC_EINDEP;
    if (!collective && !f->indep) return NC_ENOTINDEP;

    int all = num == NC_REQ_ALL || num == NC_PUT_REQ_ALL || num == NC_GET_REQ_ALL;
    int n = 0, npnc = 0, err = NC_NOERR;
    int bad = !all && (num < 0 || (num > 0 && !reqs));
    if (bad && !collective) return NC_EINVAL;
    if (bad) num = 0; /* joins the others' collective steps with nothing */

    /* ours, in posting order */
    ncsf_pending **mine = malloc(sizeof(ncsf_pending *) * (all ? ncsfi_pending_count(f) + 1 : num + 1));
    int *slot = malloc(sizeof(int) * (all ? ncsfi_pending_count(f) + 1 : num + 1));
    int *pnc = malloc(sizeof(int) * (num > 0 ? num : 1));
    int *pst = malloc(sizeof(int) * (num > 0 ? num : 1));
    /* no room to sort the requests: every rank hears of it from the run */
    int local = NC_NOERR;
    if (!mine || !slot || !pnc || !pst) { local = NC_ENOMEM; n = 0; goto run; }
    if (all) {
        for (ncsf_pending *q = f->pending; q; q = q->next)
            if (num == NC_REQ_ALL || (num == NC_PUT_REQ_ALL) == (q->p.put != 0)) mine[n++] = q;
        for (int i = 0; i < n; i++) { take(f, mine[i]->id); slot[i] = -1; }
    } else {
        for (int i = 0; i < num; i++) {
            if (statuses) statuses[i] = NC_NOERR;
            if (reqs[i] == NC_REQ_NULL) continue;
            if (is_ours(reqs[i])) {
                ncsf_pending *q = take(f, reqs[i]);
                if (!q) { if (statuses) statuses[i] = NC_EINVAL_REQUEST; continue; }
                slot[n] = i;
                mine[n++] = q;
            } else {
                pnc[npnc++] = reqs[i];
            }
        }
    }
run:;
    int e;
    if (all) e = collective ? ncmpi_wait_all(ncid, num, NULL, NULL) : ncmpi_wait(ncid, num, NULL, NULL);
    else e = collective ? ncmpi_wait_all(ncid, npnc, pnc, pst) : ncmpi_wait(ncid, npnc, pnc, pst);
    if (!all && pnc)
        for (int i = 0, j = 0; i < num && j < npnc; i++)
            if (reqs[i] != NC_REQ_NULL && !is_ours(reqs[i])) {
                if (statuses) statuses[i] = pst[j];
                reqs[i] = pnc[j++];
            }
    if (!err) err = e;

    ncsf_prepared **ps = malloc(sizeof(ncsf_prepared *) * (n ? n : 1));
    if (!ps && !local) local = NC_ENOMEM;
    for (int i = 0; ps && i < n; i++) ps[i] = &mine[i]->p;
    int run_err = ncsfi_run(f, ps ? n : 0, ps, collective, local, collective ? 3 : 1 | 2), first = NC_NOERR;
    for (int i = 0; i < n; i++) {
        int st = mine[i]->err ? mine[i]->err : ncsfi_finish(&mine[i]->p);
        if (run_err) st = run_err;
        if (mine[i]->err && !err) err = mine[i]->err;
        if (!first) first = st;     /* PnetCDF returns a request's error (NC_ERANGE...) too */
        if (statuses && slot[i] >= 0) statuses[slot[i]] = st;
        if (slot[i] >= 0) reqs[slot[i]] = NC_REQ_NULL;
        ncsfi_release(&mine[i]->p);
        free(mine[i]);
    }
    if (!err) err = run_err;
    /* a wait on NC_REQ_ALL/NC_*_REQ_ALL has no statuses: PnetCDF reports
     * none of the requests' own errors there */
    if (!err && !all) err = first;
    if (bad) err = NC_EINVAL; /* this rank's arguments, after every collective step */
    free(ps);
    free(mine);
    free(slot);
    free(pnc);
    free(pst);
    return err;
}

int ncsf_wait_all(int ncid, int num, int *reqs, int *statuses)
{
    return wait_common(ncid, num, reqs, statuses, 1);
}

int ncsf_wait(int ncid, int num, int *reqs, int *statuses)
{
    return wait_common(ncid, num, reqs, statuses, 0);
}

int ncsf_cancel(int ncid, int num, int *reqs, int *statuses)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    if (!f || num <= 0 || !reqs) return ncmpi_cancel(ncid, num, reqs, statuses);
    int err = NC_NOERR;
    for (int i = 0; i < num; i++) {
        if (!is_ours(reqs[i])) {
            int st = NC_NOERR;
            int e = ncmpi_cancel(ncid, 1, &reqs[i], &st);
            if (statuses) statuses[i] = st;
            if (!err) err = e;
            continue;
        }
        ncsf_pending *q = take(f, reqs[i]);
        if (statuses) statuses[i] = q ? NC_NOERR : NC_EINVAL_REQUEST;
        if (q) { ncsfi_release(&q->p); free(q); reqs[i] = NC_REQ_NULL; }
    }
    return err;
}

int ncsf_inq_buffer_usage(int ncid, MPI_Offset *usage)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    MPI_Offset used = 0;
    int err = ncmpi_inq_buffer_usage(ncid, &used);
    if (!err && usage) *usage = used + (f ? f->bput_usage : 0);
    return err;
}
