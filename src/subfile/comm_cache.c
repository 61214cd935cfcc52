/*
 * comm_cache.c: ncsf's state of a caller's communicator (the node census,
 * nodes.c), kept on the communicator itself as an MPI attribute, so that
 * the second and later creates and opens on it take no census (no
 * communicator split, no allgather).
 *
 * The attribute's delete callback drops the communicator's reference when
 * the communicator is freed; a dataset still open holds its own reference
 * (sf_context_create), so freeing the communicator under an open dataset
 * is safe. A duplicate shares the state (the copy callback): it has the
 * same processes in the same order, so the same census; ncsf's own
 * duplicates (of the dataset, of the engine context) find it there.
 *
 * The second attribute is ncsf's own communicator over the caller's (a
 * split, sf_comm_shared): every dataset made on the caller's communicator
 * works on it, so that a create or open makes no communicator after the
 * first one. It is not copied to a duplicate (a duplicate is the caller's
 * way of keeping traffic apart, and gets a communicator of its own at its
 * first dataset). Datasets may share it: every collective and message of
 * ncsf's on it is complete before the ncsf call that started it returns,
 * and every rank makes the calls of a communicator in the same order.
 * It is freed when the caller's communicator is freed (or at MPI_Finalize)
 * and its last dataset is closed.
 *
 * The keyvals are this process's one piece of state outside any dataset or
 * communicator: created at the first use, freed at MPI_Finalize by the
 * delete callback of an attribute on MPI_COMM_SELF (MPI deletes
 * MPI_COMM_SELF's attributes first thing in MPI_Finalize), which also
 * drops the state kept on MPI_COMM_WORLD. Not thread safe: the first
 * create or open must not race with another thread's (the same holds for
 * PnetCDF's own keyvals).
 */
#include <stdlib.h>
#include <string.h>
#include "sf_internal.h"

static int state_key = MPI_KEYVAL_INVALID;
static int own_key = MPI_KEYVAL_INVALID;
static int finalize_key = MPI_KEYVAL_INVALID;

/* ncsf's communicator over a caller's, held by the caller's attribute and
 * by each dataset on it */
typedef struct shared_comm {
    int refs;
    MPI_Comm comm;
} shared_comm;

void sf_comm_shared_release(void *hold)
{
    shared_comm *c = hold;
    if (!c || --c->refs > 0) return;
    if (c->comm != MPI_COMM_NULL) MPI_Comm_free(&c->comm);
    free(c);
}

static int drop_shared(MPI_Comm comm, int key, void *value, void *extra)
{
    (void)comm, (void)key, (void)extra;
    sf_comm_shared_release(value);
    return MPI_SUCCESS;
}

void sf_comm_state_release(sf_comm_state *s)
{
    if (!s || --s->refs > 0) return;
    if (s->drop_parked) s->drop_parked(s); /* the plans kept there (runs_keep.c) */
    sf_pool_parked_free(s);                /* and the memory (pool.c) */
    sf_nodes_free(&s->nodes);
    free(s);
}

static int drop_state(MPI_Comm comm, int key, void *value, void *extra)
{
    (void)comm, (void)key, (void)extra;
    sf_comm_state_release(value);
    return MPI_SUCCESS;
}

static int share_state(MPI_Comm comm, int key, void *extra, void *in, void *out, int *flag)
{
    (void)comm, (void)key, (void)extra;
    ((sf_comm_state *)in)->refs++;
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

/* At MPI_Finalize: the state on MPI_COMM_WORLD and the keyvals go. */
static int at_finalize(MPI_Comm comm, int key, void *value, void *extra)
{
    (void)comm, (void)key, (void)value, (void)extra;
    int rc = MPI_SUCCESS, flag = 0;
    void *v = NULL;
    if (state_key != MPI_KEYVAL_INVALID) {
        /* only when MPI_COMM_WORLD has the state (a program whose datasets
         * were all on other communicators has none): deleting an attribute
         * that is not there is an error for Open MPI (MPI_ERR_OTHER, raised
         * on MPI_COMM_WORLD, fatal by default), which MPICH lets pass */
        if (MPI_Comm_get_attr(MPI_COMM_WORLD, state_key, &v, &flag) != MPI_SUCCESS) rc = MPI_ERR_OTHER;
        else if (flag && MPI_Comm_delete_attr(MPI_COMM_WORLD, state_key) != MPI_SUCCESS) rc = MPI_ERR_OTHER;
        if (MPI_Comm_free_keyval(&state_key) != MPI_SUCCESS) rc = MPI_ERR_OTHER;
    }
    if (own_key != MPI_KEYVAL_INVALID) {
        if (MPI_Comm_get_attr(MPI_COMM_WORLD, own_key, &v, &flag) != MPI_SUCCESS) rc = MPI_ERR_OTHER;
        else if (flag && MPI_Comm_delete_attr(MPI_COMM_WORLD, own_key) != MPI_SUCCESS) rc = MPI_ERR_OTHER;
        if (MPI_Comm_free_keyval(&own_key) != MPI_SUCCESS) rc = MPI_ERR_OTHER;
    }
    if (MPI_Comm_free_keyval(&finalize_key) != MPI_SUCCESS) rc = MPI_ERR_OTHER;
    state_key = own_key = finalize_key = MPI_KEYVAL_INVALID;
    return rc; /* MPI_Finalize hears of a failure */
}

/* The keyvals, made once per process (local). */
static int keys(void)
{
    if (state_key != MPI_KEYVAL_INVALID) return SF_OK;
    if (MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_finalize, &finalize_key, NULL) != MPI_SUCCESS)
        return SF_ERR_MPI;
    if (MPI_Comm_create_keyval(share_state, drop_state, &state_key, NULL) != MPI_SUCCESS ||
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, drop_shared, &own_key, NULL) != MPI_SUCCESS ||
        MPI_Comm_set_attr(MPI_COMM_SELF, finalize_key, NULL) != MPI_SUCCESS) {
        if (state_key != MPI_KEYVAL_INVALID) MPI_Comm_free_keyval(&state_key);
        if (own_key != MPI_KEYVAL_INVALID) MPI_Comm_free_keyval(&own_key);
        MPI_Comm_free_keyval(&finalize_key);
        state_key = own_key = finalize_key = MPI_KEYVAL_INVALID;
        return SF_ERR_MPI;
    }
    return SF_OK;
}

/* The value comm holds under key (the keyvals made first), or NULL. */
static void *cached(MPI_Comm comm, int key)
{
    void *v = NULL;
    int flag = 0;
    if (MPI_Comm_get_attr(comm, key, &v, &flag) != MPI_SUCCESS || !flag) return NULL;
    return v;
}

/* The state comm's attribute holds, or a new one set as its attribute
 * now (refs 1, the attribute's); NULL when it cannot be had (no memory,
 * no keyvals, the attribute not set): then the caller's census must fail
 * everywhere, so that no rank keeps a state the others lack. */
static sf_comm_state *state_to_fill(MPI_Comm comm, int keys_ok, sf_comm_state *had)
{
    if (had || !keys_ok) return had;
    sf_comm_state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->refs = 1;
    if (MPI_Comm_set_attr(comm, state_key, s) == MPI_SUCCESS) return s;
    free(s);
    return NULL;
}

int sf_comm_state_get(MPI_Comm comm, sf_comm_state **out, int *census)
{
    int err = keys();
    sf_comm_state *had = err == SF_OK ? cached(comm, state_key) : NULL;
    *out = NULL;
    *census = 0;
    if (had && had->taken) {
        had->refs++;
        *out = had;
        return SF_OK;
    }
    /* every rank is here: the attribute is set before the census, on all
     * of them or, failing anywhere, with no census in it anywhere */
    sf_comm_state *s = state_to_fill(comm, err == SF_OK, had);
    sf_nodes n;
    int e = sf_nodes_census(comm, !s, &n);
    *census = 1;
    if (e != SF_OK) return e;
    s->nodes = n;
    s->taken = 1;
    s->refs++; /* the caller's */
    *out = s;
    return SF_OK;
}

int sf_comm_state_begin(MPI_Comm comm, sf_census *c)
{
    int err = keys();
    sf_comm_state *had = err == SF_OK ? cached(comm, state_key) : NULL;
    if (had && had->taken) {
        memset(c, 0, sizeof *c);
        c->node = MPI_COMM_NULL;
        c->words[2] = c->words[3] = INT64_MIN; /* (nothing to say) */
        return had->nodes.oversubscribed;
    }
    /* every rank is here: the attribute is set now, before the census's
     * words are agreed, which then say whether any rank could not */
    sf_comm_state *s = state_to_fill(comm, err == SF_OK, had);
    int yield = sf_census_begin(comm, !s, c);
    c->pending = 1;
    c->made = s;
    return yield;
}

void sf_comm_state_end(MPI_Comm comm, sf_census *c, const int64_t *reduced)
{
    if (!c->pending) return;
    sf_comm_state *s = c->made;
    sf_nodes n;
    c->pending = 0;
    c->made = NULL;
    /* (failed: agreed, the state stays without a census everywhere, and
     * the next create or open takes it) */
    if (sf_census_end(comm, c, reduced, &n) != SF_OK || !s) return;
    s->nodes = n;
    s->taken = 1;
}

int sf_comm_shared(MPI_Comm comm, MPI_Comm *own, void **hold)
{
    int err = keys();
    shared_comm *c = err == SF_OK ? cached(comm, own_key) : NULL;
    *own = MPI_COMM_NULL;
    *hold = NULL;
    if (c) {
        c->refs++;
        *own = c->comm;
        *hold = c;
        return SF_OK;
    }
    /* every rank is here (the attribute is on all of them or none): the
     * split is made whatever failed. A rank that cannot keep it on comm
     * fails: the caller agrees on that, and every rank then forgets it
     * (sf_comm_shared_forget), so that the next call splits everywhere */
    MPI_Comm made = MPI_COMM_NULL;
    if (MPI_Comm_split(comm, 0, 0, &made) != MPI_SUCCESS) {
        /* (a failure said after the split was made: freed) */
        if (made != MPI_COMM_NULL) MPI_Comm_free(&made);
        return SF_ERR_MPI;
    }
    c = malloc(sizeof *c);
    if (!c) {
        MPI_Comm_free(&made);
        return SF_ERR_NOMEM;
    }
    c->comm = made;
    c->refs = 2; /* the attribute's and the caller's */
    if (err != SF_OK || MPI_Comm_set_attr(comm, own_key, c) != MPI_SUCCESS) {
        c->refs = 1;
        err = SF_ERR_MPI;
    }
    *own = made;
    *hold = c;
    return err;
}

void sf_comm_shared_forget(MPI_Comm comm)
{
    /* deleting an attribute that is not there is an error for Open MPI */
    if (own_key != MPI_KEYVAL_INVALID && cached(comm, own_key)) MPI_Comm_delete_attr(comm, own_key);
}
