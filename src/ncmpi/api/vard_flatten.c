/*
 * vard_flatten.c: a vard's file type as runs of bytes (offset from the
 * variable's begin, length), in its type map's order, adjacent runs
 * merged: what a subfiled variable's vard moves, as a varn would. The
 * common constructors are understood (contiguous, vector, hvector,
 * indexed, hindexed, the block forms, struct, subarray, resized, dup);
 * another gives NC_EINVAL.
 */
#include <stdlib.h>
#include "ncsfi_api.h"

static void add(ncsfi_segs *s, MPI_Offset off, MPI_Offset len)
{
    if (s->err || len <= 0) return;
    if (s->n && s->off[s->n - 1] + s->len[s->n - 1] == off) { s->len[s->n - 1] += len; return; }
    if (s->n == s->cap) {
        size_t c = s->cap ? 2 * s->cap : 64;
        MPI_Offset *o = realloc(s->off, sizeof(MPI_Offset) * c), *l = o ? realloc(s->len, sizeof(MPI_Offset) * c) : NULL;
        if (o) s->off = o;
        if (!o || !l) { s->err = NC_ENOMEM; return; }
        s->len = l;
        s->cap = c;
    }
    s->off[s->n] = off;
    s->len[s->n++] = len;
}

static MPI_Offset extent_of(MPI_Datatype t, ncsfi_segs *s)
{
    MPI_Aint lb, ext;
    if (MPI_Type_get_extent(t, &lb, &ext) == MPI_SUCCESS) return ext;
    s->err = NC_EMPI;
    return 0;
}

static void flatten(MPI_Datatype t, MPI_Offset base, ncsfi_segs *s, int depth);

/* count items of type t, the i-th at base + disp(i) */
static void items(MPI_Datatype t, MPI_Offset base, MPI_Offset n, MPI_Offset step, ncsfi_segs *s, int depth)
{
    for (MPI_Offset i = 0; i < n && !s->err; i++) flatten(t, base + i * step, s, depth);
}

static void subarray(const int *v, MPI_Datatype t, MPI_Offset base, ncsfi_segs *s, int depth)
{
    int nd = v[0], c = v[3 * nd + 1] == MPI_ORDER_C;
    MPI_Offset ext = extent_of(t, s), idx[32] = {0}, step[32];
    int size[32], sub[32], st[32];
    if (nd < 1 || nd > 32) { s->err = NC_EINVAL; return; }
    for (int d = 0; d < nd; d++) { /* as C order */
        int k = c ? d : nd - 1 - d;
        size[d] = v[1 + k]; sub[d] = v[1 + nd + k]; st[d] = v[1 + 2 * nd + k];
        if (sub[d] == 0) return;
    }
    step[nd - 1] = ext;
    for (int d = nd - 2; d >= 0; d--) step[d] = step[d + 1] * size[d + 1];
    for (;;) {
        MPI_Offset at = base;
        for (int d = 0; d < nd - 1; d++) at += (st[d] + idx[d]) * step[d];
        items(t, at + st[nd - 1] * ext, sub[nd - 1], ext, s, depth);
        int d = nd - 2;
        for (; d >= 0 && ++idx[d] == sub[d]; d--) idx[d] = 0;
        if (d < 0 || s->err) return;
    }
}

static void flatten(MPI_Datatype t, MPI_Offset base, ncsfi_segs *s, int depth)
{
    int ni, na, nt, comb;
    if (depth > 16) { s->err = NC_EINVAL; return; }
    if (MPI_Type_get_envelope(t, &ni, &na, &nt, &comb) != MPI_SUCCESS) { s->err = NC_EMPI; return; }
    if (comb == MPI_COMBINER_NAMED) {
        int size;
        if (MPI_Type_size(t, &size) != MPI_SUCCESS) { s->err = NC_EMPI; return; }
        add(s, base, size);
        return;
    }
    int *v = malloc(sizeof(int) * (ni + 1));
    MPI_Aint *a = malloc(sizeof(MPI_Aint) * (na + 1));
    MPI_Datatype *ty = malloc(sizeof(MPI_Datatype) * (nt + 1));
    if (!v || !a || !ty) { s->err = NC_ENOMEM; free(v); free(a); free(ty); return; }
    if (MPI_Type_get_contents(t, ni, na, nt, v, a, ty) != MPI_SUCCESS) {
        s->err = NC_EMPI;
        free(v); free(a); free(ty);
        return;
    }
    MPI_Offset e = nt ? extent_of(ty[0], s) : 0;
    switch (comb) {
    case MPI_COMBINER_DUP: case MPI_COMBINER_RESIZED: flatten(ty[0], base, s, depth + 1); break;
    case MPI_COMBINER_CONTIGUOUS: items(ty[0], base, v[0], e, s, depth + 1); break;
    case MPI_COMBINER_VECTOR:
        for (int i = 0; i < v[0]; i++) items(ty[0], base + (MPI_Offset)i * v[2] * e, v[1], e, s, depth + 1);
        break;
    case MPI_COMBINER_HVECTOR:
        for (int i = 0; i < v[0]; i++) items(ty[0], base + i * (MPI_Offset)a[0], v[1], e, s, depth + 1);
        break;
    case MPI_COMBINER_INDEXED:
        for (int i = 0; i < v[0]; i++) items(ty[0], base + (MPI_Offset)v[1 + v[0] + i] * e, v[1 + i], e, s, depth + 1);
        break;
    case MPI_COMBINER_HINDEXED:
        for (int i = 0; i < v[0]; i++) items(ty[0], base + a[i], v[1 + i], e, s, depth + 1);
        break;
    case MPI_COMBINER_INDEXED_BLOCK:
        for (int i = 0; i < v[0]; i++) items(ty[0], base + (MPI_Offset)v[2 + i] * e, v[1], e, s, depth + 1);
        break;
    case MPI_COMBINER_HINDEXED_BLOCK:
        for (int i = 0; i < v[0]; i++) items(ty[0], base + a[i], v[1], e, s, depth + 1);
        break;
    case MPI_COMBINER_STRUCT:
        for (int i = 0; i < v[0]; i++) items(ty[i], base + a[i], v[1 + i], extent_of(ty[i], s), s, depth + 1);
        break;
    case MPI_COMBINER_SUBARRAY: subarray(v, ty[0], base, s, depth + 1); break;
    default: s->err = NC_EINVAL;
    }
    for (int i = 0; i < nt; i++) {
        int a1, a2, a3, c2 = MPI_COMBINER_NAMED;
        int m = MPI_Type_get_envelope(ty[i], &a1, &a2, &a3, &c2);
        if (m == MPI_SUCCESS && c2 != MPI_COMBINER_NAMED) m = MPI_Type_free(&ty[i]);
        if (m != MPI_SUCCESS && !s->err) s->err = NC_EMPI;
    }
    free(v); free(a); free(ty);
}

int ncsfi_flatten_type(MPI_Datatype t, ncsfi_segs *s)
{
    s->off = s->len = NULL;
    s->n = s->cap = 0;
    s->err = NC_NOERR;
    if (t != MPI_DATATYPE_NULL) flatten(t, 0, s, 0);
    return s->err;
}
