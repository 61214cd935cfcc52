/*
 * runs_home.c: a home's subfile parts in a runs plan, and their I/O.
 *
 * The home holds every member's runs of its subfiles, put in order of
 * offset in the subfile (merged: each member's arrive in order, as a rule).
 * Consecutive runs coalesce into segments; a part with one segment is
 * plain reads or writes of at most 1 MiB, staged in file order through
 * the context's 1 MiB buffer; one with several goes through a file view
 * (an hindexed type of its segments, built once per plan) with one MPI-IO
 * call, staged whole (one part at a time). Runs that overlap (the call's own business:
 * undefined, as in PnetCDF) make a read-modify-write of the part's span,
 * the later run (higher rank, later piece) winning.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "runs.h"

static inline int cmp_hrun(const void *a, const void *b)
{
    const sf_hrun *x = a, *y = b;
    if (x->file_id != y->file_id) return x->file_id < y->file_id ? -1 : 1;
    if (x->block != y->block) return x->block < y->block ? -1 : 1;
    if (x->record != y->record) return x->record < y->record ? -1 : 1;
    if (x->disp != y->disp) return x->disp < y->disp ? -1 : 1;
    return (x->at > y->at) - (x->at < y->at);
}

/* The runs in order. Every member's runs usually arrive in order already
 * (a decomposition is enumerated in file order): then the ascending
 * stretches are merged, pairwise, in log2(stretches) passes; with many
 * stretches, or without memory for the merge, qsort. The order is strict
 * (no two runs share their place in the area), so either gives the same.
 * Returns h, holding them in order. */
static sf_hrun *sort_hruns(sf_context *ctx, sf_hrun *h, size_t n)
{
    enum { MAX_STRETCHES = 64 };
    size_t b[MAX_STRETCHES + 1], nb = 0;
    if (n < 2) return h;
    b[nb++] = 0;
    for (size_t i = 1; i < n; i++)
        if (cmp_hrun(&h[i - 1], &h[i]) > 0) {
            if (nb == MAX_STRETCHES) { qsort(h, n, sizeof(sf_hrun), cmp_hrun); return h; }
            b[nb++] = i;
        }
    if (nb == 1) return h;
    b[nb] = n;
    sf_hrun *tmp = sf_pool_take(ctx, sizeof(sf_hrun) * n), *src = h, *dst = tmp;
    if (!tmp) { qsort(h, n, sizeof(sf_hrun), cmp_hrun); return h; }
    while (nb > 1) {
        size_t m = 0;
        for (size_t k = 0; k < nb; k += 2) {
            size_t i = b[k], ie = b[k + 1], o = b[k];
            if (k + 1 < nb) {
                size_t j = b[k + 1], je = b[k + 2];
                while (i < ie && j < je) dst[o++] = cmp_hrun(&src[j], &src[i]) < 0 ? src[j++] : src[i++];
                while (j < je) dst[o++] = src[j++];
            }
            while (i < ie) dst[o++] = src[i++];
            b[m++] = b[k];
        }
        b[m] = n;
        nb = m;
        sf_hrun *t = src; src = dst; dst = t;
    }
    /* h holds them in order (the merge's array is a block the context
     * keeps: copying back costs less than touching new pages) */
    if (src != h) memcpy(h, src, sizeof(sf_hrun) * n);
    sf_pool_give(ctx, tmp);
    return h;
}

static int same_part(const sf_hrun *x, const sf_hrun *y)
{
    return x->file_id == y->file_id && x->block == y->block && x->record == y->record;
}

/* The segments of part s (as hindexed) when it has more than one. */
static int part_type(sf_rplan *p, sf_hsub *s)
{
    int *len = malloc(sizeof(int) * (size_t)s->nseg);
    MPI_Aint *disp = malloc(sizeof(MPI_Aint) * (size_t)s->nseg);
    int err = len && disp ? SF_OK : SF_ERR_NOMEM, k = -1;
    MPI_Offset end = -1;
    for (size_t i = s->first; err == SF_OK && i < s->end; i++) {
        const sf_hrun *h = &p->h[i];
        if (h->disp == end) len[k] += (int)h->len;
        else { k++; len[k] = (int)h->len; disp[k] = (MPI_Aint)(h->disp - s->lo); }
        end = h->disp + h->len;
    }
    if (err == SF_OK) err = SF_MPI_OK(MPI_Type_create_hindexed(s->nseg, len, disp, MPI_BYTE, &s->ftype));
    if (err == SF_OK) err = SF_MPI_OK(MPI_Type_commit(&s->ftype));
    else s->ftype = MPI_DATATYPE_NULL;
    free(len);
    free(disp);
    return err;
}

int sf_runs_home_subs(sf_context *ctx, sf_rplan *p)
{
    p->h = sort_hruns(ctx, p->h, p->nh);
    int n = 0;
    for (size_t i = 0; i < p->nh; i++) n += i == 0 || !same_part(&p->h[i], &p->h[i - 1]);
    p->subs = calloc(n ? n : 1, sizeof(sf_hsub));
    if (!p->subs) return SF_ERR_NOMEM;
    p->nsub = n;
    int err = SF_OK;
    size_t i = 0;
    for (int k = 0; k < n; k++) {
        sf_hsub *s = &p->subs[k];
        s->file_id = p->h[i].file_id;
        s->block = p->h[i].block;
        s->record = p->h[i].record;
        s->first = i;
        s->ftype = MPI_DATATYPE_NULL;
        s->lo = p->h[i].disp;
        s->hi = s->lo;
        MPI_Offset end = -1;
        for (; i < p->nh && same_part(&p->h[i], &p->h[s->first]); i++) {
            const sf_hrun *h = &p->h[i];
            if (h->disp < end) s->overlap = 1;
            if (h->disp != end) s->nseg++;
            end = h->disp + h->len;
            if (end > s->hi) s->hi = end;
            s->bytes += h->len;
        }
        s->end = i;
        MPI_Offset need = s->overlap ? s->hi - s->lo : s->bytes;
        if (need > INT_MAX && (s->overlap || s->nseg > 1)) sf_keep(&err, SF_ERR_ARG); /* one MPI-IO call */
        if (!s->overlap && s->nseg == 1 && need > SF_RUNS_STAGE) need = SF_RUNS_STAGE; /* in pieces */
        if (need > p->stage) p->stage = need;
        if (err == SF_OK && !s->overlap && s->nseg > 1) sf_keep(&err, part_type(p, s));
    }
    return err;
}

static int req_elsize(const sf_call *c, int req)
{
    return req < c->nreq ? c->reqs[req].lay->elsize : c->nreqs[req - c->nreq].lay->elsize;
}

void sf_runs_own(sf_context *ctx, sf_rplan *p, const sf_call *c)
{
    int me = ctx->rank;
    free(p->hown);
    free(p->mown);
    p->hown = NULL, p->mown = NULL;
    if (!c || !p->nh || p->rcount[me] <= 0) return;
    for (int k = 0; k < p->nsub; k++)
        if (p->subs[k].overlap || p->subs[k].nseg != 1) return;
    /* the own member runs: after those for the lower ranks */
    size_t first = 0, n = 0;
    for (int q = 0; q < me; q++)
        for (MPI_Offset done = 0; done < p->scount[q]; first++) done += p->m[first].len;
    for (MPI_Offset done = 0; done < p->scount[me]; n++) done += p->m[first + n].len;
    int *hown = malloc(sizeof(int) * p->nh);
    MPI_Offset *mown = malloc(sizeof(MPI_Offset) * (n + 1));
    if (!hown || !mown) { free(hown); free(mown); return; } /* (through the area) */
    mown[0] = 0;
    for (size_t k = 0; k < n; k++) mown[k + 1] = mown[k] + p->m[first + k].len;
    MPI_Offset lo = p->roff[me], hi = lo + p->rcount[me];
    size_t cur = 0;
    for (int k = 0; k < p->nsub; k++) {
        const sf_hsub *s = &p->subs[k];
        for (size_t j = s->first; j < s->end; j++) {
            MPI_Offset at = p->h[j].at;
            hown[j] = -1;
            if (at < lo || at >= hi) continue;
            MPI_Offset x = at - lo;
            if (!(cur < n && mown[cur] <= x && x < mown[cur + 1])) { /* (they mostly come in order) */
                size_t a = 0, b = n;
                while (b - a > 1) {
                    size_t mid = a + (b - a) / 2;
                    if (mown[mid] <= x) a = mid;
                    else b = mid;
                }
                cur = a;
            }
            /* staged SF_RUNS_STAGE bytes at a time from the part's start,
             * a run may be cut: only where its element size divides its
             * place in the part are its elements whole in each piece */
            if ((p->h[j].disp - s->lo) % req_elsize(c, p->m[first + cur].req) != 0) {
                free(hown);
                free(mown);
                return;
            }
            hown[j] = (int)cur;
        }
    }
    p->hown = hown, p->mown = mown, p->mown_first = first;
}

/* A part that is one run of bytes in the subfile, through a staging
 * buffer of at most SF_RUNS_STAGE bytes (its runs in turn: a run longer
 * than that is cut). This rank's own runs (p->hown) go straight between
 * the staging and the caller's buffer. */
static int dense_io(sf_context *ctx, const sf_rplan *p, const sf_call *c, const sf_hsub *s, MPI_File fh, char *area,
                    char *stage, MPI_Offset shift, int write)
{
    int err = SF_OK;
    MPI_Offset done = 0; /* bytes of the part moved */
    size_t i = s->first;
    MPI_Offset into = 0; /* bytes of run i already staged */
    while (done < s->bytes && err == SF_OK) {
        MPI_Offset n = s->bytes - done < SF_RUNS_STAGE ? s->bytes - done : SF_RUNS_STAGE;
        if (!write) err = sf_rw_run(ctx, fh, s->lo + shift + done, stage, n, 0);
        /* the runs (or parts of runs) that fill [done, done + n) */
        size_t j = i;
        MPI_Offset at = into, pos = 0;
        while (pos < n) {
            MPI_Offset k = p->h[j].len - at < n - pos ? p->h[j].len - at : n - pos;
            int own = p->hown ? p->hown[j] : -1;
            if (own >= 0) {
                const sf_mrun *m = &p->m[p->mown_first + (size_t)own];
                char *mem = sf_runs_buffer(c, m->req) + m->moff + (p->h[j].at - p->roff[ctx->rank] - p->mown[own]) + at;
                if (write) sf_runs_copy(c, m->req, stage + pos, mem, k);
                else sf_runs_copy(c, m->req, mem, stage + pos, k);
            } else if (write) {
                memcpy(stage + pos, area + p->h[j].at + at, (size_t)k);
            } else {
                memcpy(area + p->h[j].at + at, stage + pos, (size_t)k);
            }
            pos += k;
            at += k;
            if (at == p->h[j].len) { j++; at = 0; }
        }
        if (write) err = sf_rw_run(ctx, fh, s->lo + shift + done, stage, n, 1);
        i = j;
        into = at;
        done += n;
    }
    return err;
}

/* One part between the area and its subfile, either way (write). */
static int part_io(sf_context *ctx, const sf_rplan *p, const sf_call *c, const sf_hsub *s, MPI_File fh, char *area,
                   char *stage, MPI_Offset shift, int write)
{
    int err = SF_OK;
    if (s->overlap) {
        MPI_Offset span = s->hi - s->lo;
        sf_keep(&err, sf_rw_run(ctx, fh, s->lo + shift, stage, span, 0));
        for (size_t i = s->first; i < s->end; i++) {
            const sf_hrun *h = &p->h[i];
            if (write) memcpy(stage + (h->disp - s->lo), area + h->at, (size_t)h->len);
            else memcpy(area + h->at, stage + (h->disp - s->lo), (size_t)h->len);
        }
        if (write && err == SF_OK) err = sf_rw_run(ctx, fh, s->lo + shift, stage, span, 1);
        return err;
    }
    if (s->nseg == 1) return dense_io(ctx, p, c, s, fh, area, stage, shift, write);
    MPI_Offset pos = 0;
    if (write)
        for (size_t i = s->first; i < s->end; i++, pos += p->h[i - 1].len)
            memcpy(stage + pos, area + p->h[i].at, (size_t)p->h[i].len);
    {
        MPI_Status st;
        int rc = MPI_File_set_view(fh, s->lo + shift, MPI_BYTE, s->ftype, "native", MPI_INFO_NULL);
        if (rc != MPI_SUCCESS) return SF_ERR_MPI;
        rc = write ? MPI_File_write_at(fh, 0, stage, (int)s->bytes, MPI_BYTE, &st)
                   : MPI_File_read_at(fh, 0, stage, (int)s->bytes, MPI_BYTE, &st);
        MPI_Count got = 0;
        if (rc != MPI_SUCCESS) err = sf_error_from_mpi(rc, write ? SF_ERR_WRITE : SF_ERR_READ);
        else if (MPI_Get_elements_x(&st, MPI_BYTE, &got) != MPI_SUCCESS) got = write ? 0 : s->bytes;
        if (err == SF_OK && got < s->bytes) {
            if (write) err = SF_ERR_WRITE;
            else memset(stage + got, 0, (size_t)(s->bytes - got)); /* never written */
        }
        if (MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL) != MPI_SUCCESS)
            sf_keep(&err, SF_ERR_MPI);
    }
    if (!write)
        for (size_t i = s->first; i < s->end; i++, pos += p->h[i - 1].len)
            memcpy(area + p->h[i].at, stage + pos, (size_t)p->h[i].len);
    return err;
}

int sf_runs_home_io(sf_context *ctx, sf_rplan *p, const sf_call *c, char *area, MPI_Offset base, int write)
{
    int err = SF_OK;
    if (!p->nsub) return SF_OK;
    /* a part of one run goes through the context's 1 MiB buffer (kept
     * from call to call); a part that moves with one MPI-IO call needs
     * its own */
    int own = p->stage > SF_SWAP_CHUNK;
    char *stage = own ? sf_malloc_big((size_t)p->stage) : sf_swap_buffer(ctx);
    if (!stage) return SF_ERR_NOMEM;
    for (int k = 0; k < p->nsub; k++) {
        sf_hsub *s = &p->subs[k];
        MPI_File fh = MPI_FILE_NULL;
        int e = sf_self_open(ctx, s->file_id, s->block, &fh);
        if (e == SF_OK) e = part_io(ctx, p, c, s, fh, area, stage, s->record ? base * s->recsize : 0, write);
        sf_keep(&err, sf_note_failure(ctx, e, s->file_id, s->block, write));
    }
    if (own) free(stage);
    return err;
}
