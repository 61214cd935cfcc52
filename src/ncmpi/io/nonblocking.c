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
#include "ncsfi_io.h"

struct ncsf_pending {
    int id;
    ncsf_prepared p;
    MPI_Offset attached; /* a bput: bytes it counts against the attached
                          * buffer until it is taken for completion */
    int err;             /* an iget whose buffer type PnetCDF refuses only
                          * when completing it: its status then */
    int stale;           /* named by a wait that failed (see wait_list) */
    int chosen;          /* named by the wait being sorted */
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
    /* as PnetCDF: values out of the variable's range are said by the post
     * (the request stays posted, its wait succeeds) */
    err = q->p.range_err;
    q->p.range_err = NC_NOERR;
    return err;
}

int ncsfi_pnc_posted(int ncid, int err, const int *req)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    /* (out-of-range values: posted all the same) */
    if (f && req && *req >= 0 && (err == NC_NOERR || err == NC_ERANGE))
        ++*(*req % 2 ? &f->pnc_gets : &f->pnc_puts);
    return err;
}

/* After PnetCDF completed or cancelled requests of its own: dir, if one
 * of NC_REQ_ALL, NC_PUT_REQ_ALL, NC_GET_REQ_ALL, completed every one in
 * that direction; ids[0..n) are the ids it was given (NC_REQ_NULL now if
 * done). None left: none counted. */
static void pnc_done(ncsf_file *f, int dir, const int *was, const int *ids, int n)
{
    int left = 0;
    if (dir == NC_REQ_ALL || dir == NC_PUT_REQ_ALL) f->pnc_puts = 0;
    if (dir == NC_REQ_ALL || dir == NC_GET_REQ_ALL) f->pnc_gets = 0;
    for (int j = 0; j < n; j++)
        if (was[j] >= 0 && ids[j] == NC_REQ_NULL) {
            int *c = was[j] % 2 ? &f->pnc_gets : &f->pnc_puts;
            if (*c > 0) (*c)--;
        }
    if (ncmpi_inq_nreqs(f->ncid, &left) == NC_NOERR && left == 0) f->pnc_puts = f->pnc_gets = 0;
}

/* Whether a put may be pending here, ncsf's or PnetCDF's (when PnetCDF's
 * count is not known, yes): a wait that completes only gets changes
 * nothing in the dataset. */
static int puts_pending(const ncsf_file *f)
{
    int n = 0;
    for (const ncsf_pending *q = f->pending; q; q = q->next)
        if (q->p.put) return 1;
    if (f->pnc_puts > 0) return 1;
    return ncmpi_inq_nreqs(f->ncid, &n) != NC_NOERR || n != f->pnc_gets;
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

/* waits naming up to this many requests (ours and PnetCDF's) keep their
 * lists on the stack */
#define WAIT_ON_STACK 64

/* The requests a wait completes: ours in mine[0..n) (out of the pending
 * list), the caller's status slot of each in slot[] (-1: none), PnetCDF's
 * ids in pnc[0..npnc). */
typedef struct {
    ncsf_pending **mine;
    int *slot, n;
    int *pnc, *pst, npnc, npad;
    int pnc_dir;   /* PnetCDF's own requests all completed in this direction */
} wait_set;

/* NC_REQ_ALL, NC_PUT_REQ_ALL, NC_GET_REQ_ALL: every request of ours in
 * that direction, those of a failed wait too, in posting order (chosen,
 * still pending), each with status slot `slots ? its index : -1`. */
static void select_all(ncsf_file *f, int num, int slots, wait_set *w)
{
    for (ncsf_pending *q = f->pending; q; q = q->next)
        if (num == NC_REQ_ALL || (num == NC_PUT_REQ_ALL) == (q->p.put != 0)) {
            q->chosen = 1;
            w->slot[w->n] = slots ? w->n : -1;
            w->mine[w->n++] = q;
        }
}

/* PnetCDF 1.12.3 reads a list as "all the puts" when no get is pending and
 * it is as long as the pending puts (so as "all the gets"; as "all" when
 * as long as both and without statuses), whatever ids it holds: the
 * pending requests then complete in posting order, the i-th one's status
 * in statuses[i]. Mirrored over ncsf's requests and PnetCDF's own (a
 * Fortran program, whose binding keeps no id of a post that returned
 * NC_ERANGE, counts on it): when only PnetCDF has requests pending, the
 * list goes to it as it is; when both have, ncsf's take the first
 * statuses, PnetCDF's (completed by its own reading of a list as long as
 * its requests) the next. Returns 1 if the list was read so (ncsf's
 * requests chosen, still pending; PnetCDF's to complete in w->pnc_dir). */
static int select_shortcut(ncsf_file *f, int num, int *reqs, int *statuses, int pnc_pending, wait_set *w)
{
    int np = 0, ng = 0, dir;
    for (ncsf_pending *q = f->pending; q; q = q->next) q->p.put ? np++ : ng++;
    /* PnetCDF's alone (wait_go gives it the list), or not known which of
     * its requests are puts */
    if (pnc_pending && (np + ng == 0 || f->pnc_puts + f->pnc_gets != pnc_pending)) return 0;
    int mine = np + ng;
    if (pnc_pending) np += f->pnc_puts, ng += f->pnc_gets;
    if (ng == 0 && num == np) dir = NC_PUT_REQ_ALL;
    else if (np == 0 && num == ng) dir = NC_GET_REQ_ALL;
    else if (num == np + ng && !statuses) dir = NC_REQ_ALL;
    else return 0;
    select_all(f, dir, statuses != NULL, w);
    if (pnc_pending) {
        /* PnetCDF's part: its own shortcut (a list of its length) */
        w->pnc_dir = dir;
        w->npnc = dir == NC_REQ_ALL ? 0 : num - mine;
        for (int j = 0; j < w->npnc; j++) w->pnc[j] = NC_REQ_NULL;
    }
    for (int i = 0; i < num; i++) {
        reqs[i] = NC_REQ_NULL;
        if (statuses) statuses[i] = NC_NOERR;
    }
    return 1;
}

/* A list: each id of ours names a pending request (not one a failed wait
 * left behind, not one named twice), else its status is
 * NC_EINVAL_REQUEST. Returns 1 if some id named none; the requests named
 * stay pending (chosen) until the wait goes ahead. */
static int select_list(ncsf_file *f, int num, const int *reqs, int *statuses, wait_set *w)
{
    int bad = 0;
    for (int i = 0; i < num; i++) {
        if (statuses) statuses[i] = NC_NOERR;
        if (reqs[i] == NC_REQ_NULL) continue;
        if (!is_ours(reqs[i])) { w->pnc[w->npnc++] = reqs[i]; continue; }
        ncsf_pending *q = f->pending;
        while (q && (q->id != reqs[i] || q->stale || q->chosen)) q = q->next;
        if (!q) {
            if (statuses) statuses[i] = NC_EINVAL_REQUEST;
            bad = 1;
            continue;
        }
        q->chosen = 1;
        w->slot[w->n] = i;
        w->mine[w->n++] = q;
    }
    return bad;
}

/* Whether PnetCDF can hold no request of the program's in this dataset:
 * every variable is subfiled (a post goes to PnetCDF only for a variable
 * ncsf does not serve). The same on every process in data mode (the
 * definitions are agreed at enddef), so a collective wait may then leave
 * PnetCDF's wait out on every process: it would complete nothing, and
 * its reduction would only say so. */
static int pnetcdf_has_none(const ncsf_file *f)
{
    int nvars = 0;
    /* nsubfiled counts the variables ncsf serves (def_var, open) */
    return f->nsubfiled && ncmpi_inq_nvars(f->ncid, &nvars) == NC_NOERR && nvars == f->nsubfiled;
}

/* PnetCDF's collective wait on ids[0..n) (or n < 0: NC_REQ_ALL and its
 * kin), or, where PnetCDF holds none of the program's requests
 * (pnetcdf_has_none, agreed), its answer without its reduction: every id
 * but NC_REQ_NULL names nothing (status NC_EINVAL_REQUEST, which the
 * wait returns), as PnetCDF 1.12.3 says of ids it does not hold. */
static int pnc_wait_all(ncsf_file *f, int none, int n, int *ids, int *st)
{
    if (!none) return ncmpi_wait_all(f->ncid, n, ids, st);
    int e = NC_NOERR;
    for (int j = 0; ids && j < n; j++) {
        int bad = ids[j] != NC_REQ_NULL;
        if (bad && !e) e = NC_EINVAL_REQUEST;
        if (st) st[j] = bad ? NC_EINVAL_REQUEST : NC_NOERR;
    }
    return e;
}

/* PnetCDF's own requests of a list. When an id of ours named nothing,
 * PnetCDF must complete none of its own either: ids that name nothing are
 * added (more than it has pending, so that it cannot read the list as
 * "all"), and it fails on every process. Returns PnetCDF's error; *bad
 * is set if an id of its part named nothing. */
static int wait_pnetcdf(ncsf_file *f, int ours_bad, int pnc_pending, int collective, wait_set *w, int *bad)
{
    int m = w->npnc, ncid = f->ncid;
    if (ours_bad && pnc_pending)
        while (m < w->npnc + pnc_pending + 1) w->pnc[m++] = -2; /* even: a put id PnetCDF never gives */
    /* the ids given, for the count of those left (no room: counted from
     * PnetCDF's total alone) */
    int was_s[WAIT_ON_STACK], *was = w->npnc <= WAIT_ON_STACK ? was_s : malloc(sizeof(int) * (size_t)w->npnc);
    if (was) memcpy(was, w->pnc, sizeof(int) * (size_t)w->npnc);
    int e = collective ? pnc_wait_all(f, pnetcdf_has_none(f), m, w->pnc, w->pst)
                       : ncmpi_wait(ncid, m, w->pnc, w->pst);
    pnc_done(f, 0, was, w->pnc, was ? w->npnc : 0);
    if (was != was_s) free(was);
    for (int j = 0; j < w->npnc; j++) if (w->pst[j] == NC_EINVAL_REQUEST) *bad = 1;
    if (e == NC_EINVAL_REQUEST) *bad = 1;
    return e;
}

/* After a list wait that went ahead: requests a failed wait left behind in
 * a direction this wait completed some of are dropped unserved, as
 * PnetCDF 1.12.3 frees them then (a get's buffer is left as it was). */
static void drop_stale(ncsf_file *f, const wait_set *w)
{
    int puts = 0, gets = 0;
    for (int i = 0; i < w->n; i++) w->mine[i]->p.put ? puts++ : gets++;
    for (ncsf_pending **pp = &f->pending; *pp;) {
        ncsf_pending *q = *pp;
        if (!q->stale || !(q->p.put ? puts : gets)) { pp = &q->next; continue; }
        *pp = q->next;
        f->bput_usage -= q->attached;
        ncsfi_release(&q->p);
        free(q);
    }
}

/* Complete the selected requests of ours in the engine; statuses, ids and
 * the call's error as PnetCDF gives them. bad: this rank's list names a
 * request that is not pending (ours_bad: one of ours): in a collective
 * wait the run's first reduction agrees on it, and where any rank has one
 * the wait completes none of the lists anywhere (wait_go). */
static int complete(ncsf_file *f, wait_set *w, int all, int *reqs, int *statuses, int collective, int local,
                    int err, int bad, int ours_bad)
{
    int pnc_err = err;
    ncsf_prepared **ps = malloc(sizeof(ncsf_prepared *) * (w->n ? w->n : 1));
    if (!ps && !local) local = NC_ENOMEM;
    for (int i = 0; ps && i < w->n; i++) ps[i] = &w->mine[i]->p;
    /* PnetCDF's 2 GiB limit on what one wait does, puts and gets apart:
     * those requests are dropped here, this rank joins with the rest */
    int over[2] = {ps && ncsfi_max_req_over(ps, w->n, 0), ps && ncsfi_max_req_over(ps, w->n, 1)}, m = 0;
    for (int i = 0; ps && i < w->n; i++)
        if (!over[w->mine[i]->p.put != 0]) ps[m++] = &w->mine[i]->p;
    if ((over[0] || over[1]) && !err) err = NC_EMAX_REQ;
    int abort = bad;
    int run_err = ncsfi_run_ab(f, ps && !bad ? m : 0, ps, collective, local, 3, collective ? &abort : NULL);
    int first = NC_NOERR, range = NC_NOERR;
    if (abort) {
        /* called off: the requests stay pending, as wait_go leaves them */
        for (int i = 0; i < w->n; i++) w->mine[i]->chosen = 0, w->mine[i]->stale = 1;
        w->n = 0;
        free(ps);
        return ours_bad ? NC_EINVAL_REQUEST : pnc_err;
    }
    for (int i = 0; i < w->n; i++) take(f, w->mine[i]->id);
    if (!all) drop_stale(f, w);
    for (int i = 0; i < w->n; i++) {
        int dropped = over[w->mine[i]->p.put != 0];
        int st = w->mine[i]->err ? w->mine[i]->err : dropped ? NC_NOERR : ncsfi_finish(&w->mine[i]->p);
        if (run_err) st = run_err;
        if (w->mine[i]->err && !err) err = w->mine[i]->err;
        if (!first) first = st;     /* PnetCDF returns a request's error (NC_ERANGE...) too */
        if (!range && st == NC_ERANGE && !w->mine[i]->p.put) range = st;
        if (statuses && w->slot[i] >= 0) statuses[w->slot[i]] = st;
        if (reqs && w->slot[i] >= 0) reqs[w->slot[i]] = NC_REQ_NULL;
        ncsfi_release(&w->mine[i]->p);
        free(w->mine[i]);
    }
    if (!err) err = run_err;
    /* a wait on NC_REQ_ALL/NC_*_REQ_ALL has no statuses: PnetCDF reports
     * none of the requests' own errors there, but a get's values out of
     * range, which its wait converts (a put's were said by its post) */
    if (!err && !all) err = first;
    if (!err && all) err = range;
    free(ps);
    return err;
}

/* A wait, PnetCDF 1.12.3's way. A list: if an id names no pending request
 * (on any process, for wait_all), the wait completes none of the list
 * anywhere, each process returns its own error, and the requests it named
 * are left behind: NC_REQ_ALL still completes them, a list naming them
 * again gets NC_EINVAL_REQUEST, and the next list wait that completes
 * requests of their direction drops them (drop_stale). */
static int wait_go(ncsf_file *f, int num, int *reqs, int *statuses, int collective, int pnc_pending,
                   wait_set *w)
{
    int bad = 0, any = 0, ours_bad = 0, e = NC_NOERR, all = num < 0;
    int room = w->mine && w->slot && w->pnc && w->pst;
    if (all) {
        if (room) select_all(f, num, 0, w);
        e = collective ? pnc_wait_all(f, pnetcdf_has_none(f), num, NULL, NULL)
                       : ncmpi_wait(f->ncid, num, NULL, NULL);
        pnc_done(f, num, NULL, NULL, 0);
    } else if (!room || select_shortcut(f, num, reqs, statuses, pnc_pending, w)) {
        int d = room ? w->pnc_dir : 0, m = d == NC_REQ_ALL ? NC_REQ_ALL : room ? w->npnc : 0;
        if (d || collective)
            e = collective ? pnc_wait_all(f, !d && pnetcdf_has_none(f), m, w->pnc, statuses ? w->pst : NULL)
                           : ncmpi_wait(f->ncid, m, w->pnc, statuses ? w->pst : NULL);
        for (int j = 0; d && statuses && j < w->npnc; j++) statuses[num - w->npnc + j] = w->pst[j];
        if (d) pnc_done(f, d, NULL, NULL, 0);
    } else if (!f->pending) {
        /* nothing of ncsf's pending: the list as given goes to PnetCDF,
         * which reads it its own way (NC_REQ_NULL entries count) */
        for (int i = 0; i < num; i++) w->pnc[i] = reqs[i];
        w->npnc = num;
        e = wait_pnetcdf(f, 0, pnc_pending, collective, w, &bad);
        for (int i = 0; i < num; i++) {
            reqs[i] = w->pnc[i];
            if (statuses) statuses[i] = w->pst[i];
        }
    } else {
        ours_bad = select_list(f, num, reqs, statuses, w);
        e = wait_pnetcdf(f, ours_bad, pnc_pending, collective, w, &bad);
        for (int i = 0, j = 0; i < num && j < w->npnc; i++)
            if (reqs[i] != NC_REQ_NULL && !is_ours(reqs[i])) {
                if (statuses) statuses[i] = w->pst[j];
                reqs[i] = w->pnc[j++];
            }
        bad |= ours_bad;
    }
    /* every process of a wait_all takes part, whatever its list: whether
     * any list was bad is agreed in the run's first reduction (complete) */
    any = bad;
    if (!collective && any) {
        for (int i = 0; i < w->n; i++) w->mine[i]->chosen = 0, w->mine[i]->stale = 1;
        w->n = 0;
        return ours_bad ? NC_EINVAL_REQUEST : e;
    }
    /* no room to sort the requests: every rank hears of it from the run */
    if (!room) return complete(f, w, all, NULL, NULL, collective, NC_ENOMEM, e, bad, ours_bad);
    return complete(f, w, all, all ? NULL : reqs, statuses, collective, NC_NOERR, e, bad, ours_bad);
}

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
    /* puts may be written now: the state mark counts this writer first
     * (after a sync); if it cannot, nothing is written: an independent
     * wait returns at once, a collective one joins the others' steps
     * with nothing (the requests stay pending) */
    int terr = puts_pending(f) ? ncsfi_state_touch(ncid) : NC_NOERR;
    if (terr && !collective) return terr;
    if (!f->nsubfiled && !f->pending) {
        /* no subfiled variable (the same on every process since enddef),
         * so no request of ncsf's anywhere: PnetCDF's wait alone */
        int n = num > 0 && reqs ? num : 0, was_s[WAIT_ON_STACK];
        int *was = n <= WAIT_ON_STACK ? was_s : malloc(sizeof(int) * (size_t)n);
        if (was && n) memcpy(was, reqs, sizeof(int) * (size_t)n);
        /* a collective wait whose writes the mark cannot count joins the
         * others with nothing: its requests stay pending */
        if (terr) {
            ncmpi_wait_all(ncid, 0, NULL, NULL);
            return terr;
        }
        int e = collective ? ncmpi_wait_all(ncid, num, reqs, statuses) : ncmpi_wait(ncid, num, reqs, statuses);
        if (num < 0) pnc_done(f, num, NULL, NULL, 0);
        else pnc_done(f, 0, was, reqs, was ? n : 0);
        if (was != was_s) free(was);
        return e;
    }

    int all = num == NC_REQ_ALL || num == NC_PUT_REQ_ALL || num == NC_GET_REQ_ALL;
    int bad = !all && (num < 0 || (num > 0 && !reqs));
    if (bad && !collective) return NC_EINVAL;
    if (bad || terr) num = 0, all = 0; /* joins the others' collective steps with nothing */

    int pnc_pending = 0;
    ncmpi_inq_nreqs(ncid, &pnc_pending);
    size_t room = (size_t)ncsfi_pending_count(f) + (all ? 0 : (size_t)num) + 1;
    size_t ids = room + (size_t)(pnc_pending > 0 ? pnc_pending : 0) + 1;
    /* a small wait (the common one) needs no allocation: nothing to fail
     * on one rank only, which would leave its PnetCDF requests pending */
    ncsf_pending *mine_s[WAIT_ON_STACK];
    int slot_s[WAIT_ON_STACK], pnc_s[WAIT_ON_STACK], pst_s[WAIT_ON_STACK];
    int heap = ids > WAIT_ON_STACK;
    wait_set w = {heap ? malloc(sizeof(ncsf_pending *) * room) : mine_s,
                  heap ? malloc(sizeof(int) * room) : slot_s, 0,
                  heap ? malloc(sizeof(int) * ids) : pnc_s,
                  heap ? malloc(sizeof(int) * ids) : pst_s, 0, 0, 0};
    int err = wait_go(f, num, reqs, statuses, collective, pnc_pending, &w);
    if (bad) err = NC_EINVAL; /* this rank's arguments, after every collective step */
    if (terr) err = terr;
    if (heap) {
        free(w.mine);
        free(w.slot);
        free(w.pnc);
        free(w.pst);
    }
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

/* Cancel every pending request of ours in one direction (NC_REQ_ALL,
 * NC_PUT_REQ_ALL, NC_GET_REQ_ALL). */
static void cancel_all(ncsf_file *f, int num)
{
    for (ncsf_pending **pp = &f->pending; *pp;) {
        ncsf_pending *q = *pp;
        if (num != NC_REQ_ALL && (num == NC_PUT_REQ_ALL) != (q->p.put != 0)) { pp = &q->next; continue; }
        *pp = q->next;
        f->bput_usage -= q->attached;
        ncsfi_release(&q->p);
        free(q);
    }
}

/* PnetCDF's cancel: none is nothing; NC_REQ_ALL and its kin cancel every
 * request of theirs; a list cancels each request it names, and an id
 * that names none is NC_EINVAL_REQUEST (its status, and the call's first
 * error) while the others are still cancelled. */
int ncsf_cancel(int ncid, int num, int *reqs, int *statuses)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    if (!f || num == 0) return ncmpi_cancel(ncid, num, reqs, statuses);
    if (num < NC_PUT_REQ_ALL) return NC_EINVAL;
    if (num < 0) {
        cancel_all(f, num);
        int e = ncmpi_cancel(ncid, num, reqs, statuses);
        pnc_done(f, num, NULL, NULL, 0);
        return e;
    }
    if (!reqs) return NC_EINVAL;
    int err = NC_NOERR;
    for (int i = 0; i < num; i++) {
        if (!is_ours(reqs[i])) {
            int st = NC_NOERR, was = reqs[i];
            int e = ncmpi_cancel(ncid, 1, &reqs[i], &st);
            pnc_done(f, 0, &was, &reqs[i], 1);
            if (statuses) statuses[i] = st;
            if (!err) err = e;
            continue;
        }
        ncsf_pending *q = take(f, reqs[i]);
        if (statuses) statuses[i] = q ? NC_NOERR : NC_EINVAL_REQUEST;
        if (!q && !err) err = NC_EINVAL_REQUEST;
        if (q) { ncsfi_release(&q->p); free(q); reqs[i] = NC_REQ_NULL; }
    }
    return err;
}

/* As PnetCDF's: NC_ENULLABUF with no buffer attached, NC_EPENDINGBPUT while a
 * bput is pending (ncsf's count too, though their data are in memory of
 * ncsf's own: the program may not take the buffer back before their
 * wait), and then the buffer freed. */
int ncsf_buffer_detach(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    MPI_Offset size = 0;
    if (f && f->bput_usage > 0) {
        int err = ncmpi_inq_buffer_size(ncid, &size);
        return err ? err : NC_EPENDINGBPUT;
    }
    return ncmpi_buffer_detach(ncid);
}

int ncsf_inq_buffer_usage(int ncid, MPI_Offset *usage)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    MPI_Offset used = 0;
    int err = ncmpi_inq_buffer_usage(ncid, &used);
    if (!err && usage) *usage = used + (f ? f->bput_usage : 0);
    return err;
}
