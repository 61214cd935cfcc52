/*
 * getput.c: one put or get on a subfiled variable.
 *
 * prepare: check the call as PnetCDF would (mode, coordinates, counts,
 *   strides, buffer), describe it as engine requests in global index space,
 *   and bring the data into the file's representation: the caller's buffer
 *   itself when the types match and it is contiguous (byte swapped by the
 *   engine: on the way to the file, as it copies a varn's pieces, or in
 *   place around the write, as PnetCDF does), otherwise a converted copy.
 * run: hand the requests of one or more calls to the engine, collectively
 *   or independently, and keep the record count.
 * finish: put what was read into the caller's byte order, type and
 *   layout.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ncsfi_io.h"


/* Check one (start, count, stride) against the variable's current shape
 * in PnetCDF's order: every start first (NC_EINVALCOORDS), then each
 * dimension's count (NC_ENEGATIVECNT, NC_EEDGE), then every stride
 * (NC_ESTRIDE), with every product checked for overflow. A put may extend
 * the record dimension, up to v->max_records. ct NULL: a var1. */
static int check_region(const ncsf_var *v, const MPI_Offset *len, int put,
                        const MPI_Offset *st, const MPI_Offset *ct, const MPI_Offset *sd)
{
    MPI_Offset limit[SF_MAX_DIMS];
    for (int d = 0; d < v->ndims; d++) {
        MPI_Offset n = ct ? ct[d] : 1;
        limit[d] = put && d == 0 && v->lay->record ? v->max_records : len[d];
        if (st[d] < 0 || st[d] > limit[d] || (st[d] == limit[d] && n > 0)) return NC_EINVALCOORDS;
    }
    for (int d = 0; ct && d < v->ndims; d++) {
        MPI_Offset last;
        if (ct[d] < 0) return NC_ENEGATIVECNT;
        if (ct[d] > limit[d] - st[d]) return NC_EEDGE;
        if (!sd || ct[d] == 0) continue;
        if (__builtin_mul_overflow(ct[d] - 1, sd[d], &last) || __builtin_add_overflow(st[d], last, &last) ||
            last >= limit[d])
            return NC_EEDGE;
    }
    for (int d = 0; sd && d < v->ndims; d++)
        if (sd[d] <= 0) return NC_ESTRIDE;
    return NC_NOERR;
}

static int imap_is_contiguous(int nd, const MPI_Offset *count, const MPI_Offset *imap)
{
    MPI_Offset m = 1;
    for (int d = nd - 1; d >= 0; d--) {
        if (count[d] > 1 && imap[d] != m) return 0;
        m *= count[d];
    }
    return 1;
}

/* Walk a count-shaped box in C order, visiting the element offsets an
 * imap gives (in elements). Copies between a mapped and a packed buffer. */
static void imap_copy(int nd, const MPI_Offset *count, const MPI_Offset *imap,
                      char *mapped, char *packed, int size, int to_packed)
{
    MPI_Offset idx[SF_MAX_DIMS] = {0}, total = 1;
    for (int d = 0; d < nd; d++) total *= count[d];
    for (MPI_Offset i = 0; i < total; i++) {
        MPI_Offset off = 0;
        for (int d = 0; d < nd; d++) off += idx[d] * imap[d];
        if (to_packed) memcpy(packed + i * size, mapped + off * size, size);
        else memcpy(mapped + off * size, packed + i * size, size);
        for (int d = nd - 1; d >= 0 && ++idx[d] == count[d]; d--) idx[d] = 0;
    }
}

/* What varn_regions finds over the pieces it copies and checks, and
 * the signature it makes of them (sf.h's sf_sig: each word's difference
 * from the previous piece's, ls and lc). */
typedef struct {
    MPI_Offset total, first, end;
    unsigned over, nonempty;
    sf_sig g;
    long long ls[SF_MAX_DIMS], lc[SF_MAX_DIMS];
} varn_sum;

/* One piece's signature bytes (the pieces the loop below leaves). */
static int sig_room(varn_sum *s, sf_context *pool, size_t need);
static void sig_piece(varn_sum *s, sf_context *pool, int nd, const MPI_Offset *st, const MPI_Offset *ct)
{
    if (!sig_room(s, pool, (size_t)2 * SF_SIG_WORD_MAX * nd)) return;
    for (int d = 0; d < nd; d++) {
        s->g.n = sf_sig_put(s->g.b, s->g.n, sf_sig_zig(st[d], s->ls[d]));
        s->ls[d] = st[d];
    }
    for (int d = 0; d < nd; d++) {
        s->g.n = sf_sig_put(s->g.b, s->g.n, sf_sig_zig(ct[d], s->lc[d]));
        s->lc[d] = ct[d];
    }
}

/* Room for need more signature bytes. The signature starts in a block
 * the context keeps (s->g.fixed: its pages are not faulted in afresh at
 * every call); one that outgrows it moves to a block of malloc's. */
static int sig_room(varn_sum *s, sf_context *pool, size_t need)
{
    sf_sig *g = &s->g;
    if (g->nomem) return 0;
    if (g->cap - g->n >= need) return 1;
    if (!g->fixed) return sf_sig_room(g, need);
    size_t cap = 2 * g->cap > g->n + need ? 2 * g->cap : g->n + need;
    unsigned char *t = malloc(cap);
    if (!t) { g->nomem = 1; return 0; }
    if (g->n) memcpy(t, g->b, g->n);
    sf_pool_give(pool, g->b);
    g->b = t, g->cap = cap, g->fixed = 0;
    return 1;
}

/* varn_regions' loop over pieces [i, n) of nd dimensions: each piece's
 * start and count copied to st and ct when kept, checked, counted,
 * summed and signed; the index of the first piece that fails
 * check_region's conditions, or n. Inlined with nd a constant for the
 * usual ranks (the loops over the dimensions then unrolled and every
 * word held in a register: a piece of up to 4 dimensions whose words
 * each take one signature byte is stored as one 8-byte word, of which
 * the next piece's bytes overwrite what is past its own); what it
 * updates is held in locals (a store of a signature byte could change
 * anything in memory, for all the compiler knows). */
static inline __attribute__((always_inline)) int varn_pieces(
    int nd, int has_counts, int keep, int i, int n, const ncsf_call *c, const MPI_Offset *limit_in, int rec,
    MPI_Offset *st, MPI_Offset *ct, varn_sum *s, sf_context *pool)
{
    MPI_Offset total = s->total, first = s->first, end = s->end, limit[SF_MAX_DIMS];
    unsigned over = s->over, nonempty = s->nonempty;
    MPI_Offset *const *starts = c->starts, *const *counts = c->counts;
    unsigned char *gb = s->g.b;
    size_t gn = s->g.n, gcap = s->g.cap, need = (size_t)2 * SF_SIG_WORD_MAX * nd;
    int nomem = s->g.nomem;
    long long ls[SF_MAX_DIMS], lc[SF_MAX_DIMS];
    for (int d = 0; d < nd; d++) {
        limit[d] = limit_in[d];
        ls[d] = s->ls[d];
        lc[d] = s->lc[d];
    }
    for (; i < n; i++) {
        const MPI_Offset *cst = starts[i], *cs = has_counts ? counts[i] : NULL;
        MPI_Offset elems = 1;
        unsigned ok = 1;
        unsigned long long any = 0, w = 0;
        if (!cst) break;
#pragma GCC unroll 4
        for (int d = 0; d < nd; d++) {
            MPI_Offset x = cst[d], k = has_counts ? cs[d] : 1;
            if (keep) st[(size_t)i * nd + d] = x, ct[(size_t)i * nd + d] = k;
            /* check_region's conditions, all at once (it says which): 0
             * <= x <= limit and 0 <= k <= limit - x, which at x == limit
             * leaves k == 0 only */
            ok &= ((unsigned long long)x <= (unsigned long long)limit[d]) &
                  ((unsigned long long)k <= (unsigned long long)(limit[d] - x));
            over |= __builtin_mul_overflow(elems, k, &elems);
            unsigned long long zs = sf_sig_zig(x, ls[d]), zc = sf_sig_zig(k, lc[d]);
            any |= zs | zc;
            if (nd <= 4) w |= zs << (8 * d) | zc << (8 * (nd + d));
        }
        if (!ok) break;
        /* (every count is 0 or more: a piece is empty when its product is
         * 0, or the product overflowed, and then the call fails) */
        unsigned empty = elems == 0;
        over |= __builtin_add_overflow(total, elems, &total);
        /* the signature: a piece's bytes at once when each word takes one */
        if (__builtin_expect(gcap - gn < need, 0) && !nomem) {
            s->g.b = gb, s->g.n = gn, s->g.cap = gcap;
            nomem = !sig_room(s, pool, need);
            gb = s->g.b, gn = s->g.n, gcap = s->g.cap;
        }
        if (!nomem) {
            if (nd > 0 && nd <= 4 && __builtin_expect(any < 0x80, 1)) {
                memcpy(gb + gn, &w, sizeof w);
                gn += (size_t)2 * nd;
            } else {
#pragma GCC unroll 4
                for (int d = 0; d < nd; d++) gn = sf_sig_put(gb, gn, sf_sig_zig(cst[d], ls[d]));
#pragma GCC unroll 4
                for (int d = 0; d < nd; d++) gn = sf_sig_put(gb, gn, sf_sig_zig(has_counts ? cs[d] : 1, lc[d]));
            }
        }
#pragma GCC unroll 4
        for (int d = 0; d < nd; d++) {
            ls[d] = cst[d];
            lc[d] = has_counts ? cs[d] : 1;
        }
        if (empty) continue;
        nonempty = 1;
        if (!rec) continue;
        MPI_Offset r0 = cst[0], r1 = r0 + (has_counts ? cs[0] : 1);
        if (first < 0 || r0 < first) first = r0;
        if (r1 > end) end = r1;
    }
    s->total = total, s->first = first, s->end = end, s->over = over, s->nonempty = nonempty;
    s->g.b = gb, s->g.n = gn, s->g.cap = gcap, s->g.nomem = nomem;
    for (int d = 0; d < nd; d++) {
        s->ls[d] = ls[d];
        s->lc[d] = lc[d];
    }
    return i;
}

/* The regions of a varn, checked, as one many-piece request: a few
 * words per region (an engine request each would be hundreds of bytes),
 * copied when keep says the request outlives the call (a non-blocking
 * one: the caller may reuse its arrays), else the caller's own arrays,
 * which a blocking call's engine reads before it returns.
 * The same pass counts their elements (p->nelems, -1 if more than fit in
 * memory), sums them up for the engine (sf_nrequest.summed) and makes
 * their signature (sf_nrequest.sig). */
static int varn_regions(const ncsf_var *v, const ncsf_call *c, const MPI_Offset *len,
                        ncsf_prepared *p, int keep)
{
    int nd = v->ndims, n = c->num, rec = v->lay->record;
    if (n < 0) return NC_EINVAL;
    if (n > 0 && !c->starts) return NC_ENULLSTART;
    p->reqs = calloc(1, sizeof(sf_request)); /* none, but a first to look at */
    /* (a block the context keeps: its pages are not touched afresh at
     * every call, pool.c) */
    p->nflat = keep ? sf_pool_take(p->pool, sizeof(MPI_Offset) * 2 * (size_t)nd * (size_t)(n ? n : 1)) : NULL;
    if (!p->reqs || (keep && !p->nflat)) return NC_ENOMEM;
    p->nreq = 0;
    MPI_Offset *st = p->nflat, *ct = keep ? p->nflat + (size_t)nd * n : NULL, limit[SF_MAX_DIMS];
    MPI_Offset one_st[SF_MAX_DIMS], one_ct[SF_MAX_DIMS]; /* a piece the loop left, not kept */
    for (int d = 0; d < nd; d++) limit[d] = c->put && d == 0 && rec ? v->max_records : len[d];
    varn_sum s;
    memset(&s, 0, sizeof s);
    s.first = -1;
    /* the signature's room: a byte a word, as a rule (it grows if not),
     * in a block the context keeps */
    if (nd > 0 && n > 0) {
        size_t room = (size_t)n * 2 * nd + (size_t)2 * SF_SIG_WORD_MAX * nd;
        s.g.b = sf_pool_take(p->pool, room);
        s.g.cap = s.g.b ? room : 0;
        s.g.nomem = !s.g.b;
        s.g.fixed = 1;
        if (c->starts[0]) s.ls[0] = c->starts[0][0];
    }
    for (int i = 0; i < n; i++) {
        /* (to the first piece that fails: check_region names its error) */
        /* (the loop written out for 1 to 4 dimensions, kept or not) */
#define VARN_BY_RANK(KEEP)                                                              \
        switch (nd) {                                                                   \
        case 1: i = varn_pieces(1, 1, KEEP, i, n, c, limit, rec, st, ct, &s, p->pool); break;   \
        case 2: i = varn_pieces(2, 1, KEEP, i, n, c, limit, rec, st, ct, &s, p->pool); break;   \
        case 3: i = varn_pieces(3, 1, KEEP, i, n, c, limit, rec, st, ct, &s, p->pool); break;   \
        case 4: i = varn_pieces(4, 1, KEEP, i, n, c, limit, rec, st, ct, &s, p->pool); break;   \
        default: i = varn_pieces(nd, 1, KEEP, i, n, c, limit, rec, st, ct, &s, p->pool); break; \
        }
        if (c->counts && keep) {
            VARN_BY_RANK(1)
        } else if (c->counts) {
            VARN_BY_RANK(0)
        } else if (keep) {
            i = varn_pieces(nd, 0, 1, i, n, c, limit, rec, st, ct, &s, p->pool);
        } else {
            i = varn_pieces(nd, 0, 0, i, n, c, limit, rec, st, ct, &s, p->pool);
        }
#undef VARN_BY_RANK
        if (i == n) break;
        if (!c->starts[i]) { sf_pool_give(p->pool, s.g.b); return NC_ENULLSTART; }
        const MPI_Offset *cs = c->counts ? c->counts[i] : NULL;
        MPI_Offset *pst = keep ? st + (size_t)i * nd : one_st, *pct = keep ? ct + (size_t)i * nd : one_ct;
        for (int d = 0; d < nd; d++) {
            pst[d] = c->starts[i][d];
            pct[d] = cs ? cs[d] : 1;
        }
        int err = check_region(v, len, c->put, pst, cs ? pct : NULL, NULL);
        if (err) { sf_pool_give(p->pool, s.g.b); return err; }
        /* (check_region found nothing wrong: the piece counts as any) */
        MPI_Offset elems = 1;
        unsigned empty = 0;
        for (int d = 0; d < nd; d++) {
            empty |= pct[d] <= 0;
            s.over |= __builtin_mul_overflow(elems, pct[d], &elems);
        }
        s.over |= __builtin_add_overflow(s.total, elems, &s.total);
        sig_piece(&s, p->pool, nd, pst, pct);
        if (empty) continue;
        s.nonempty = 1;
        if (!rec) continue;
        if (s.first < 0 || pst[0] < s.first) s.first = pst[0];
        if (pst[0] + pct[0] > s.end) s.end = pst[0] + pct[0];
    }
    p->nelems = s.over ? -1 : s.total;
    p->has_nr = 1;
    /* without memory for the signature, the engine makes it */
    if (s.g.nomem) {
        sf_pool_give(p->pool, s.g.b);
        s.g.b = NULL;
    }
    p->nsig = s.g.b;
    p->nr = (sf_nrequest){v->lay, n, st, ct, NULL, !s.over, (int)s.nonempty,
                          s.over ? 0 : s.total * v->lay->elsize, s.first, s.end, s.g.b, s.g.b ? s.g.n : 0, 0,
                          keep ? NULL : c->starts, keep ? NULL : c->counts};
    return NC_NOERR;
}

/* The regions of a call: num of them (varn), or one. */
static int regions(const ncsf_var *v, const ncsf_call *c, const MPI_Offset *len,
                   ncsf_prepared *p, int keep)
{
    if (c->kind == NCSF_VARN) return varn_regions(v, c, len, p, keep);
    int nd = v->ndims, n = 1;
    p->reqs = calloc(n ? n : 1, sizeof(sf_request));
    if (!p->reqs) return NC_ENOMEM;
    p->nreq = n;
    for (int i = 0; i < n; i++) {
        sf_request *r = &p->reqs[i];
        const MPI_Offset *st = c->start, *ct = c->count, *sd = c->stride;
        r->lay = v->lay;
        if (c->kind == NCSF_VARN) {
            st = c->starts[i];
            ct = c->counts ? c->counts[i] : NULL;
            sd = NULL;
            if (!st) return NC_ENULLSTART;
        }
        /* as PnetCDF: a NULL start is a bad coordinate, a NULL count a bad
         * edge (in varn, a NULL count is a var1) */
        if (c->kind != NCSF_VAR && nd > 0 && !st) return NC_EINVALCOORDS;
        if ((c->kind == NCSF_VARA || c->kind == NCSF_VARS || c->kind == NCSF_VARM) && !ct) {
            /* the start is checked first, as for a var1 */
            for (int d = 0; d < nd; d++) {
                MPI_Offset limit = c->put && d == 0 && v->lay->record ? v->max_records : len[d];
                if (st[d] < 0 || st[d] >= limit) return NC_EINVALCOORDS;
            }
            return NC_EEDGE;
        }
        for (int d = 0; d < nd; d++) {
            r->start[d] = c->kind == NCSF_VAR ? 0 : st[d];
            r->count[d] = c->kind == NCSF_VAR ? len[d]
                        : (c->kind == NCSF_VAR1 || !ct) ? 1 : ct[d];
            r->stride[d] = sd ? sd[d] : 1;
        }
        int err = check_region(v, len, c->put, r->start, c->kind == NCSF_VAR1 ? NULL : r->count,
                               sd ? r->stride : NULL);
        if (err) return err;
    }
    return NC_NOERR;
}

/* Elements of a region; -1 if more than fit in memory. */
static MPI_Offset region_elems(const sf_request *r)
{
    MPI_Offset n = 1;
    for (int d = 0; d < r->lay->ndims; d++)
        if (__builtin_mul_overflow(n, r->count[d], &n)) return -1;
    return n;
}

/* The MPI types PnetCDF 1.14 and 1.15 take with bufcount -1 */
static int predefined_buftype(MPI_Datatype t)
{
    return t == MPI_CHAR || t == MPI_SIGNED_CHAR || t == MPI_UNSIGNED_CHAR || t == MPI_SHORT ||
           t == MPI_UNSIGNED_SHORT || t == MPI_INT || t == MPI_UNSIGNED || t == MPI_FLOAT || t == MPI_DOUBLE ||
           t == MPI_LONG_LONG_INT || t == MPI_UNSIGNED_LONG_LONG || t == MPI_LONG;
}

/* The caller's element type, and whether its buffer is one plain run. */
static int buffer_type(const ncsf_var *v, const ncsf_call *c, ncsf_prepared *p)
{
    if (c->itype != NC_NAT) {
        p->itype = c->itype;
    } else if (c->buftype == MPI_DATATYPE_NULL) {
        p->itype = v->xtype;
    } else if (c->bufcount == -1) {
        /* PnetCDF 1.14 and 1.15 take only a predefined MPI type with
         * bufcount -1 (NC_EINVAL, after the coordinates' checks) */
        if (NCSF_PNETCDF_AT_LEAST(1, 14) && !predefined_buftype(c->buftype)) return NC_EINVAL;
        /* PnetCDF's "as many contiguous elements of buftype as the call
         * selects"; when that is none, it looks no further at the type */
        if (p->nelems == 0) {
            p->itype = v->xtype;
            return NC_NOERR;
        }
        int err = ncsfi_itype_of_counted(c->buftype, &p->itype);
        if (err) return err;
    } else {
        int err = ncsfi_itype_of_mpi(c->buftype, &p->itype), size;
        MPI_Aint lb, extent;
        if (err) return err;
        if (MPI_Type_size(c->buftype, &size) != MPI_SUCCESS ||
            MPI_Type_get_extent(c->buftype, &lb, &extent) != MPI_SUCCESS)
            return NC_EMPI;
        if (c->bufcount < 0 || (MPI_Offset)size * c->bufcount != p->nelems * ncsfi_xsize(p->itype))
            return NC_EIOMISMATCH;
        int ni, na, nd, comb;
        if (MPI_Type_get_envelope(c->buftype, &ni, &na, &nd, &comb) != MPI_SUCCESS) return NC_EMPI;
        p->packed = comb != MPI_COMBINER_NAMED && (lb != 0 || extent != size || comb != MPI_COMBINER_CONTIGUOUS);
        p->buftype = c->buftype;
        p->bufcount = c->bufcount;
    }
    /* text and numbers do not mix. PnetCDF checks it for the typed calls
     * only (above, before the coordinates); a flexible call that moves no
     * element here succeeds whatever its type, one that moves some stops
     * PnetCDF 1.12.3 with an assertion: ncsf says NC_ECHAR */
    if (p->nelems > 0 && (p->itype == NC_CHAR) != (v->xtype == NC_CHAR)) return NC_ECHAR;
    return NC_NOERR;
}

/* Longer than most on purpose: the checks run in PnetCDF's order (mode,
 * coordinates, counts, buffer), and that order is what the differential
 * tester holds ncsf to; one function keeps it readable top to bottom. */
int ncsfi_prepare(ncsf_file *f, ncsf_var *v, const ncsf_call *c, int copy,
                  ncsf_prepared *p)
{
    MPI_Offset len[SF_MAX_DIMS];
    int err, es = ncsfi_xsize(v->xtype);
    memset(p, 0, sizeof *p);
    p->v = v;
    p->pool = f->ctx;
    p->put = c->put;
    p->ubuf = c->buf;
    /* a subfile missing, foreign or cut short: this variable only */
    if (v->broken) {
        ncsfi_broken_message(f, v);
        return v->broken;
    }
    /* a typed call's text/number mismatch comes before its coordinates, as
     * in PnetCDF (nc_test) */
    if (c->itype != NC_NAT && (c->itype == NC_CHAR) != (v->xtype == NC_CHAR)) return NC_ECHAR;
    if (v->lay->record) ncsfi_numrecs_follow(f);
    for (int d = 0; d < v->ndims; d++)
        len[d] = (d == 0 && v->lay->record) ? f->numrecs : v->lay->gsize[d];
    if ((err = regions(v, c, len, p, copy != 0))) return err;
    if (p->has_nr && (p->nelems < 0 || p->nelems > (MPI_Offset)(PTRDIFF_MAX / 8)))
        return NC_EEDGE;
    for (int i = 0; i < p->nreq; i++) {
        MPI_Offset n = region_elems(&p->reqs[i]);
        if (n < 0 || __builtin_add_overflow(p->nelems, n, &p->nelems) ||
            p->nelems > (MPI_Offset)(PTRDIFF_MAX / 8))
            return NC_EEDGE;
    }
    if ((err = buffer_type(v, c, p))) return err;
    /* netCDF's classic rule, which PnetCDF keeps: in CDF-1 and CDF-2 a
     * byte variable takes unsigned chars as their bits (255 is -1, no
     * NC_ERANGE), both ways */
    if (v->xtype == NC_BYTE && p->itype == NC_UBYTE && f->format != NC_FORMAT_CDF5) p->itype = NC_BYTE;
    if (p->nelems > 0 && !c->buf) return NC_ENULLBUF;
    if ((err = ncsfi_max_req(p->nelems, es))) return err; /* PnetCDF's 2 GiB */
    for (int d = 0; d < v->ndims; d++) p->count[d] = p->reqs[0].count[d];
    if (c->kind == NCSF_VARM && c->imap && !imap_is_contiguous(v->ndims, p->count, c->imap)) {
        /* kept: a non-blocking get uses it at the wait, after the caller's
         * array is gone */
        memcpy(p->imap_own, c->imap, sizeof(MPI_Offset) * (size_t)v->ndims);
        p->imap = p->imap_own;
    }
    if (p->imap && p->packed) {
        /* the imap addresses the packed buffer: it must stay inside it */
        MPI_Offset last = 0;
        for (int d = 0; d < v->ndims; d++) {
            if (p->imap[d] < 0) return NC_EINVAL;
            if (p->count[d] > 0) last += (p->count[d] - 1) * p->imap[d];
        }
        if (p->nelems > 0 && last >= p->nelems) return NC_EIOMISMATCH;
    }

    int same = p->itype == v->xtype && !p->packed && !p->imap, read_swap = 0;
    size_t nbytes = (size_t)p->nelems * es;
    if (c->put && f->swap_mode == NCSF_SWAP_UNKNOWN) f->swap_mode = ncsfi_swap_mode(f->ncid);
    int reverse = es > 1 && ncsfi_need_swap();
    if (same && (!c->put || (!reverse && copy < 2))) {
        p->xbuf = c->buf;              /* read into, or write from, the caller's buffer */
        p->xbuf_is_user = 1;
        /* a many-piece get: its elements reversed as the engine copies
         * them into the caller's buffer (not in a pass of their own); any
         * other get: reversed as they arrive where the engine reads them
         * straight from the subfiles (it says so: read_swapped), else in
         * a pass of their own at the end (ncsfi_finish) */
        p->nr.swap = p->has_nr && !c->put && reverse;
        read_swap = !p->has_nr && !c->put && reverse;
    } else if (same && c->put && copy == 0 && p->has_nr) {
        /* a many-piece put: the caller's buffer, only read, its elements
         * reversed as the engine copies them for the file */
        p->xbuf = c->buf;
        p->xbuf_is_user = 1;
        p->nr.swap = 1;
    } else if (same && c->put && copy == 0 && ncsfi_swap_in_place(f->swap_mode, nbytes)) {
        /* the caller's buffer, byte swapped by the engine: on the way to
         * the file where it can, else in place around the write */
        p->xbuf = c->buf;
        p->xbuf_is_user = 1;
        p->engine_swaps = 1;
    } else if (same && c->put && copy == 1 && ncsfi_swap_in_place(f->swap_mode, nbytes)) {
        /* a non-blocking put: the caller's buffer, left alone until its
         * wait, which swaps it in place around the write (see swap_for_run)
         * as PnetCDF does, rather than a copy of it made now */
        p->xbuf = c->buf;
        p->xbuf_is_user = 1;
        p->swap_at_run = 1;
    } else {
        /* a block the context keeps (pool.c): a call's conversion buffer
         * is the size of its data, and a fresh one every call costs a
         * page fault every 4 KiB */
        p->xbuf = sf_pool_take(p->pool, nbytes);
        if (!p->xbuf) return NC_ENOMEM;
        if (c->put) {
            int is = ncsfi_xsize(p->itype);
            void *src = c->buf, *tmp = NULL;
            if (p->packed || p->imap) {
                /* a flexible buffer is packed first; an imap then maps
                 * into the packed buffer (PnetCDF's order) */
                void *mapped = c->buf, *packed = NULL;
                tmp = malloc((size_t)p->nelems * is + 1);
                if (!tmp) return NC_ENOMEM;
                if (p->packed && p->imap && !(packed = malloc((size_t)p->nelems * is + 1))) {
                    free(tmp);
                    return NC_ENOMEM;
                }
                if (p->packed) {
                    err = ncsfi_pack(c->buf, c->bufcount, c->buftype, p->imap ? packed : tmp);
                    if (err) { free(tmp); free(packed); return err; }
                    mapped = packed;
                }
                if (p->imap) imap_copy(v->ndims, p->count, p->imap, mapped, tmp, is, 1);
                free(packed);
                src = tmp;
            }
            /* a value out of the variable's range is written as its fill
             * value (its _FillValue, else the type's default), as PnetCDF
             * writes it, whether the variable is in fill mode or not */
            unsigned char fill[8];
            int nofill = 0, have_fill = p->itype != v->xtype &&
                ncmpi_inq_var_fill(f->ncid, v->varid, &nofill, fill) == NC_NOERR;
            p->range_err = ncsfi_convert_put(src, p->itype, p->xbuf, v->xtype, p->nelems,
                                             have_fill ? fill : NULL);
            free(tmp);
            ncsfi_swap(p->xbuf, es, p->nelems);
        }
    }
    /* each region's data follows the previous one's in xbuf */
    p->nr.buf = p->xbuf;
    MPI_Offset off = 0;
    for (int i = 0; i < p->nreq; i++) {
        p->reqs[i].buf = (char *)p->xbuf + off * es;
        p->reqs[i].swap = p->engine_swaps || read_swap;
        off += region_elems(&p->reqs[i]);
    }
    return NC_NOERR;
}

int ncsfi_finish(ncsf_prepared *p)
{
    int es = ncsfi_xsize(p->v->xtype);
    if (p->put) return p->range_err;
    if (p->xbuf_is_user) {
        if (!(p->has_nr && p->nr.swap) && !p->read_swapped) ncsfi_swap(p->xbuf, es, p->nelems);
        return NC_NOERR;
    }
    int is = ncsfi_xsize(p->itype), err;
    if (!p->packed && !p->imap)
        return ncsfi_swap_convert_get(p->xbuf, p->v->xtype, p->ubuf, p->itype, p->nelems);
    ncsfi_swap(p->xbuf, es, p->nelems);
    char *tmp = malloc((size_t)p->nelems * is + 1);
    if (!tmp) return NC_ENOMEM;
    err = ncsfi_convert_get(p->xbuf, p->v->xtype, tmp, p->itype, p->nelems);
    if (p->packed && p->imap) {
        /* mapped within the packed form of the caller's buffer, which is
         * then unpacked: elements the imap skips keep their values */
        char *mapped = malloc((size_t)p->nelems * is + 1);
        int e = mapped ? ncsfi_pack(p->ubuf, p->bufcount, p->buftype, mapped) : NC_ENOMEM;
        if (!e) imap_copy(p->v->ndims, p->count, p->imap, mapped, tmp, is, 0);
        if (!e) e = ncsfi_unpack(mapped, p->ubuf, p->bufcount, p->buftype);
        if (!err) err = e;
        free(mapped);
    } else if (p->packed) {
        int e = ncsfi_unpack(tmp, p->ubuf, p->bufcount, p->buftype);
        if (!err) err = e;
    } else {
        imap_copy(p->v->ndims, p->count, p->imap, p->ubuf, tmp, is, 0);
    }
    free(tmp);
    return err;
}

void ncsfi_release(ncsf_prepared *p)
{
    if (!p->xbuf_is_user) sf_pool_give(p->pool, p->xbuf);
    free(p->reqs);
    sf_pool_give(p->pool, p->nflat);
    p->nflat = NULL;
    sf_pool_give(p->pool, p->nsig);
    p->nsig = NULL;
    p->has_nr = 0;
    if (p->own_buftype) MPI_Type_free(&p->buftype);
    p->own_buftype = 0;
    p->xbuf = NULL;
    p->reqs = NULL;
}

/* A request completed later keeps its own copy of the caller's buffer
 * type: the caller may free it once the request is posted (PnetCDF
 * allows that for its own requests). */
int ncsfi_keep_buftype(ncsf_prepared *p)
{
    if (!p->packed || p->put) return NC_NOERR; /* a put was packed already */
    MPI_Datatype t;
    if (MPI_Type_dup(p->buftype, &t) != MPI_SUCCESS) return NC_EMPI;
    p->buftype = t;
    p->own_buftype = 1;
    return NC_NOERR;
}

/* The engine requests of the calls in one direction. */
static sf_request *gather(int n, ncsf_prepared **ps, int put, int *nreq)
{
    int total = 0;
    for (int i = 0; i < n; i++) if (ps[i] && ps[i]->put == put) total += ps[i]->nreq;
    sf_request *r = malloc(sizeof(sf_request) * (total ? total : 1));
    if (!r) return NULL;
    int j = 0;
    for (int i = 0; i < n; i++)
        if (ps[i] && ps[i]->put == put)
            for (int k = 0; k < ps[i]->nreq; k++) r[j++] = ps[i]->reqs[k];
    *nreq = total;
    return r;
}

/* The many-piece requests (varn) of the calls in one direction. */
static sf_nrequest *gather_n(int n, ncsf_prepared **ps, int put, int *nnreq)
{
    int total = 0;
    for (int i = 0; i < n; i++) total += ps[i] && ps[i]->put == put && ps[i]->has_nr;
    sf_nrequest *r = malloc(sizeof(sf_nrequest) * (total ? total : 1));
    if (!r) return NULL;
    int j = 0;
    for (int i = 0; i < n; i++)
        if (ps[i] && ps[i]->put == put && ps[i]->has_nr) r[j++] = ps[i]->nr;
    *nnreq = total;
    return r;
}

static int by_address(const void *a, const void *b)
{
    const char *x = (const char *)(*(ncsf_prepared *const *)a)->xbuf;
    const char *y = (const char *)(*(ncsf_prepared *const *)b)->xbuf;
    return (x > y) - (x < y);
}

/* The non-blocking puts about to run, their callers' buffers to be byte
 * swapped by the engine (on the way, or in place and back; many-piece
 * requests as it copies them). Two requests whose buffers
 * overlap (one buffer posted twice) cannot both be swapped in place: the
 * later ones get a swapped copy. NC_ENOMEM if a copy or the list cannot be
 * had. */
static int swap_for_run(int n, ncsf_prepared **ps)
{
    int m = 0, err = NC_NOERR;
    for (int i = 0; i < n; i++) m += ps[i] && ps[i]->swap_at_run;
    if (!m) return NC_NOERR;
    ncsf_prepared **q = malloc(sizeof *q * (size_t)m);
    if (!q) return NC_ENOMEM;
    m = 0;
    for (int i = 0; i < n; i++)
        if (ps[i] && ps[i]->swap_at_run) q[m++] = ps[i];
    qsort(q, (size_t)m, sizeof *q, by_address);
    /* first the copies, of bytes nothing has swapped yet */
    const char *end = NULL; /* of the buffers to be swapped in place */
    for (int i = 0; i < m; i++) {
        ncsf_prepared *p = q[i];
        int es = ncsfi_xsize(p->v->xtype);
        size_t nbytes = (size_t)p->nelems * es;
        if (!end || (const char *)p->xbuf >= end) {
            end = (const char *)p->xbuf + nbytes;
            continue;
        }
        if ((const char *)p->xbuf + nbytes > end) end = (const char *)p->xbuf + nbytes;
        p->swap_at_run = 0;
        char *copy = malloc(nbytes), *old = p->xbuf;
        if (!copy) { err = NC_ENOMEM; continue; }
        memcpy(copy, old, nbytes);
        for (int k = 0; k < p->nreq; k++) p->reqs[k].buf = copy + ((const char *)p->reqs[k].buf - old);
        if (p->has_nr) p->nr.buf = copy;
        p->xbuf = copy;
        p->xbuf_is_user = 0;
        ncsfi_swap(p->xbuf, es, p->nelems);
    }
    /* then the rest: by the engine (a many-piece request's buffer is only
     * read: reversed as it is copied) */
    for (int i = 0; i < m; i++) {
        ncsf_prepared *p = q[i];
        if (!p->swap_at_run) continue;
        p->swap_at_run = 0;
        if (p->has_nr) {
            p->nr.swap = 1;
            continue;
        }
        p->engine_swaps = 1;
        for (int k = 0; k < p->nreq; k++) p->reqs[k].swap = 1;
    }
    free(q);
    return err;
}

/* dirs: 1 the puts, 2 the gets, 3 both (puts first). Collectively every
 * rank must pass the same dirs, whatever requests it has. */
int ncsfi_run(ncsf_file *f, int n, ncsf_prepared **ps, int collective,
              int caller_err, int dirs)
{
    return ncsfi_run_ab(f, n, ps, collective, caller_err, dirs, NULL);
}

int ncsfi_run_ab(ncsf_file *f, int n, ncsf_prepared **ps, int collective,
                 int caller_err, int dirs, int *abort)
{
    if (abort && *abort && !caller_err) caller_err = NC_EINVAL_REQUEST; /* nothing moves */
    int sf_err = SF_OK, gets = 0;
    for (int i = 0; i < n; i++) if (ps[i] && !ps[i]->put) gets = 1;
    if (dirs & 1) {
        int e = swap_for_run(n, ps);
        if (!caller_err) caller_err = e;
    }
    /* a dataset open read-only holds no put on any rank (each refused
     * them when posted, and the mode is the same everywhere): the gets'
     * pass alone, which agrees on its own outcome (one reduction fewer) */
    int no_puts = collective && dirs == 3 && f->readonly;
    for (int put = 1; put >= 0; put--) {
        if (!(dirs & (put ? 1 : 2)) || (put && no_puts)) continue;
        /* the put pass tells every rank whether any rank has gets */
        if (collective && !put && dirs == 3 && !gets && !no_puts) continue;
        int nreq = 0, nnreq = 0;
        sf_request *r = gather(n, ps, put, &nreq);
        sf_nrequest *nr = gather_n(n, ps, put, &nnreq);
        if ((!r || !nr) && !caller_err) caller_err = NC_ENOMEM;
        MPI_Offset end = 0, named = 0;
        for (int i = 0; put && i < n; i++)
            if (ps[i] && ps[i]->put && ps[i]->rec_end > named) named = ps[i]->rec_end;
        int e;
        if (collective) {
            sf_call c = {r ? nreq : 0, r, put, SF_ROUTE_ENGINE, caller_err, put && dirs == 3 ? gets : 0, 0, 0,
                         nr ? nnreq : 0, nr, named, abort ? *abort : 0, 0};
            e = sf_access_all(f->ctx, &c);
            for (int i = 0; !put && i < n; i++)
                if (ps[i] && !ps[i]->put) ps[i]->read_swapped = c.read_swapped && ps[i]->nreq && ps[i]->reqs[0].swap;
            if (abort) *abort = c.abort;
            caller_err = c.caller_err;
            if (put && dirs == 3) gets = c.flag;
            end = c.rec_end;
            if (e == SF_ERR_ROUTE) e = SF_OK, caller_err = ncsfi_route_error(f, c.route_bits, SF_ROUTE_ENGINE);
        } else {
            e = nreq ? sf_access_indep(f->ctx, nreq, r, put, &end) : SF_OK;
            if (nnreq && e == SF_OK) {
                e = sf_access_indep_runs(f->ctx, 0, NULL, nnreq, nr, put);
                MPI_Offset ne = put ? sf_nrequests_rec_end(nnreq, nr) : 0;
                if (ne > end) end = ne;
            }
        }
        if (put && end > f->numrecs) f->numrecs = end;
        if (put && e != SF_OK && !f->write_failed) /* the mark at close says so */
            f->write_failed = ncsfi_error_from_engine(e);
        char why[sizeof f->errmsg];
        if (e != SF_OK && sf_context_take_error(f->ctx, why, sizeof why))
            ncsfi_set_error(f, 1, "rank %d: %s", f->rank, why);
        if (sf_err == SF_OK) sf_err = e;
        free(r);
        free(nr);
        if (caller_err) break;
    }
    if (caller_err) return caller_err;
    return ncsfi_error_from_engine(sf_err);
}
