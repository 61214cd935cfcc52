/*
 * agree.c: the two reductions over the whole communicator that every
 * collective call makes, and nothing else does on a repeated call.
 *
 * The first, before anything moves, agrees on: the worst error any rank
 * brings (a bad argument, no memory for its part), where each rank's call
 * goes, which cached plans every rank can reuse, and the record base of
 * the ranks' requests. The second, after the data moved, agrees on the
 * outcome and on the highest record written. Each is one small struct
 * (40 and 16 bytes) reduced field by field by an operation of our own.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sf_internal.h"

typedef struct {
    int32_t err;      /* min */
    int32_t caller_err; /* min */
    uint32_t mask;    /* and */
    int32_t routes;   /* or */
    int32_t flags;    /* or */
    int32_t gen;      /* the same everywhere, or -1 (sf_agree0.gen) */
    int64_t base_min; /* min over ranks that have one (-1: none) */
    int64_t base_max; /* max */
} first_words;

typedef struct {
    int32_t err;      /* min */
    int32_t flag;     /* max */
    int64_t rec_end;  /* max */
} last_words;

typedef struct {
    int32_t err;      /* min */
    int32_t err2;     /* min */
    int64_t sum;      /* sum */
} sum_words;

static void reduce_sum(void *in, void *inout, int *len, MPI_Datatype *t)
{
    (void)t;
    sum_words *a = in, *b = inout;
    for (int i = 0; i < *len; i++, a++, b++) {
        if (a->err < b->err) b->err = a->err;
        if (a->err2 < b->err2) b->err2 = a->err2;
        b->sum += a->sum;
    }
}

static void reduce_first(void *in, void *inout, int *len, MPI_Datatype *t)
{
    (void)t;
    first_words *a = in, *b = inout;
    for (int i = 0; i < *len; i++, a++, b++) {
        if (a->err < b->err) b->err = a->err;
        if (a->caller_err < b->caller_err) b->caller_err = a->caller_err;
        b->mask &= a->mask;
        b->routes |= a->routes;
        b->flags |= a->flags;
        if (a->gen != b->gen) b->gen = -1;
        if (a->base_min >= 0 && (b->base_min < 0 || a->base_min < b->base_min)) b->base_min = a->base_min;
        if (a->base_max > b->base_max) b->base_max = a->base_max;
    }
}

static void reduce_last(void *in, void *inout, int *len, MPI_Datatype *t)
{
    (void)t;
    last_words *a = in, *b = inout;
    for (int i = 0; i < *len; i++, a++, b++) {
        if (a->err < b->err) b->err = a->err;
        if (a->flag > b->flag) b->flag = a->flag;
        if (a->rec_end > b->rec_end) b->rec_end = a->rec_end;
    }
}

/* The context keeps the two operations and their types (local calls). */
typedef struct { MPI_Op first, last, sum; MPI_Datatype tfirst, tlast, tsum; } agree_ops;

int sf_agree_ops_create(sf_context *ctx)
{
    agree_ops *o = malloc(sizeof *o);
    if (!o) return SF_ERR_NOMEM;
    o->first = o->last = o->sum = MPI_OP_NULL;
    o->tfirst = o->tlast = o->tsum = MPI_DATATYPE_NULL;
    int err = SF_OK;
    sf_keep(&err, SF_MPI_OK(MPI_Type_contiguous(sizeof(first_words), MPI_BYTE, &o->tfirst)));
    if (err == SF_OK) sf_keep(&err, SF_MPI_OK(MPI_Type_commit(&o->tfirst)));
    if (err == SF_OK) sf_keep(&err, SF_MPI_OK(MPI_Type_contiguous(sizeof(last_words), MPI_BYTE, &o->tlast)));
    if (err == SF_OK) sf_keep(&err, SF_MPI_OK(MPI_Type_commit(&o->tlast)));
    if (err == SF_OK) sf_keep(&err, SF_MPI_OK(MPI_Op_create(reduce_first, 1, &o->first)));
    if (err == SF_OK) sf_keep(&err, SF_MPI_OK(MPI_Op_create(reduce_last, 1, &o->last)));
    if (err == SF_OK) sf_keep(&err, SF_MPI_OK(MPI_Type_contiguous(sizeof(sum_words), MPI_BYTE, &o->tsum)));
    if (err == SF_OK) sf_keep(&err, SF_MPI_OK(MPI_Type_commit(&o->tsum)));
    if (err == SF_OK) sf_keep(&err, SF_MPI_OK(MPI_Op_create(reduce_sum, 1, &o->sum)));
    ctx->agree = o;
    if (err != SF_OK) sf_keep(&err, sf_agree_ops_free(ctx));
    return err;
}

int sf_agree_ops_free(sf_context *ctx)
{
    agree_ops *o = ctx->agree;
    int err = SF_OK;
    if (!o) return SF_OK;
    if (o->first != MPI_OP_NULL) sf_keep(&err, SF_MPI_OK(MPI_Op_free(&o->first)));
    if (o->last != MPI_OP_NULL) sf_keep(&err, SF_MPI_OK(MPI_Op_free(&o->last)));
    if (o->sum != MPI_OP_NULL) sf_keep(&err, SF_MPI_OK(MPI_Op_free(&o->sum)));
    sf_keep(&err, sf_type_free(&o->tsum));
    sf_keep(&err, sf_type_free(&o->tfirst));
    sf_keep(&err, sf_type_free(&o->tlast));
    free(o);
    ctx->agree = NULL;
    return err;
}

static int allreduce(sf_context *ctx, void *in, void *out, MPI_Datatype t, MPI_Op op)
{
    MPI_Request r;
    int rc = MPI_Iallreduce(in, out, 1, t, op, ctx->comm, &r);
    if (rc != MPI_SUCCESS) return SF_ERR_MPI;
    return sf_wait_trusted(ctx, &r);
}

int sf_agree_first(sf_context *ctx, sf_agree0 *a)
{
    agree_ops *o = ctx->agree;
    first_words in = {a->err, a->caller_err, a->mask, a->routes, a->flags, a->gen, a->base_min, a->base_max}, out;
    double t0 = MPI_Wtime();
    int err = allreduce(ctx, &in, &out, o->tfirst, o->first);
    ctx->t_agree += MPI_Wtime() - t0;
    if (err != SF_OK) return err;
    a->gen = out.gen;
    a->err = out.err;
    a->caller_err = out.caller_err;
    a->mask = out.mask;
    a->routes = out.routes;
    a->flags = out.flags;
    a->base_min = out.base_min;
    a->base_max = out.base_max;
    return SF_OK;
}

int sf_agree_last(sf_context *ctx, int *err, MPI_Offset *rec_end, int *flag)
{
    agree_ops *o = ctx->agree;
    last_words in = {*err, flag ? *flag : 0, rec_end ? *rec_end : 0}, out;
    double t0 = MPI_Wtime();
    int e = allreduce(ctx, &in, &out, o->tlast, o->last);
    ctx->t_agree += MPI_Wtime() - t0;
    if (e != SF_OK) return e;
    *err = out.err;
    if (flag) *flag = out.flag;
    if (rec_end) *rec_end = out.rec_end;
    return SF_OK;
}

int sf_agree_sum(sf_context *ctx, int *err, int *err2, int64_t *sum)
{
    agree_ops *o = ctx->agree;
    sum_words in = {*err, *err2, *sum}, out;
    int e = allreduce(ctx, &in, &out, o->tsum, o->sum);
    if (e != SF_OK) return e;
    *err = out.err;
    *err2 = out.err2;
    *sum = out.sum;
    return SF_OK;
}

int sf_agree_min(MPI_Comm comm, int yield, int *value)
{
    int out;
    MPI_Request r;
    if (MPI_Iallreduce(value, &out, 1, MPI_INT, MPI_MIN, comm, &r) != MPI_SUCCESS) return SF_ERR_MPI;
    if (sf_wait_request(&r, yield) != SF_OK) return SF_ERR_MPI;
    *value = out;
    return SF_OK;
}

int sf_agree_words(MPI_Comm comm, int yield, int64_t *v, int n, MPI_Op op)
{
    int64_t out[SF_AGREE_WORDS_MAX];
    MPI_Request r;
    if (n < 1 || n > SF_AGREE_WORDS_MAX) return SF_ERR_ARG;
    if (MPI_Iallreduce(v, out, n, MPI_INT64_T, op, comm, &r) != MPI_SUCCESS) return SF_ERR_MPI;
    if (sf_wait_request(&r, yield) != SF_OK) return SF_ERR_MPI;
    memcpy(v, out, sizeof(int64_t) * (size_t)n);
    return SF_OK;
}

int sf_agree_err(sf_context *ctx, int err)
{
    int e = err;
    return sf_agree_min(ctx->comm, ctx->yield, &e) == SF_OK ? e : err ? err : SF_ERR_MPI;
}
