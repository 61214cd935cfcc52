/*
 * nodes.h: the node census of a communicator (which processes share a
 * node) and the state ncsf keeps on a caller's communicator, so that the
 * census is taken once per communicator, at its first create or open.
 */
#ifndef NCSF_NODES_H
#define NCSF_NODES_H

#include <stdint.h>
#include <mpi.h>

typedef struct sf_nodes {
    int nprocs;      /* processes of the communicator */
    int nnodes;      /* nodes they run on */
    int node;        /* this rank's node: nodes are numbered by their lowest rank */
    int node_size;   /* processes of the communicator on this rank's node */
    int by_block;    /* every node holds consecutive ranks, all nodes as many */
    int oversubscribed; /* this node holds more processes than processors online */
    int *node_of;    /* the node of every rank (nprocs entries), or NULL
                      * when by_block (rank / node_size) */
} sf_nodes;

/* Collective over comm: take the census (MPI_Comm_split_type with
 * MPI_COMM_TYPE_SHARED, a reduction on the node and one on comm; unless
 * the nodes are blocks of consecutive ranks, all as big, also one exscan,
 * one broadcast on the node, one allgather of an int and one reduction). Either every rank succeeds or every rank returns
 * SF_ERR_MPI or SF_ERR_NOMEM (agreed); failed: this rank cannot keep the
 * outcome (the census then fails everywhere). */
int sf_nodes_census(MPI_Comm comm, int failed, sf_nodes *out);
/* The same in two steps around a reduction of the caller's, which
 * carries the census's 4 words (with MPI_MAX) with its own:
 * sf_census_begin (collective: MPI_Comm_split_type; the words, and
 * whether this node has more processes than processors, returned), then
 * sf_census_end with the reduced words (collective only for an unusual
 * placement: the nodes not blocks of consecutive ranks all as big).
 * sf_census_drop releases a census begun and never ended. */
typedef struct sf_census {
    MPI_Comm node;
    int rank, nprocs, node_size, oversubscribed;
    int *table;
    int64_t words[4];
    int pending;                 /* (sf_comm_state_begin) a census to end */
    struct sf_comm_state *made;  /* (sf_comm_state_begin) the state it fills,
                                  * already the communicator's attribute */
} sf_census;
int sf_census_begin(MPI_Comm comm, int failed, sf_census *c);
int sf_census_end(MPI_Comm comm, sf_census *c, const int64_t *reduced, sf_nodes *out);
void sf_census_drop(sf_census *c);
void sf_nodes_free(sf_nodes *n);
/* The node of rank (-1 if out of range). */
int sf_nodes_of(const sf_nodes *n, int rank);

/* A block of memory a context keeps (pool.c): its bytes, and whether a
 * call holds it now. */
typedef struct sf_pool_slot {
    void *p;
    size_t cap;
    int busy;
} sf_pool_slot;
#define SF_POOL_SLOTS 6
#define SF_POOL_EACH_MAX ((size_t)256 << 20) /* a larger array is not kept */
/* most bytes kept between datasets: what an application gets back for its
 * own work between two outputs is the rest (a larger scratch is freed) */
#define SF_POOL_PARK_MAX ((size_t)64 << 20)

/* What ncsf keeps on a caller's communicator (comm_cache.c): made at the
 * first sf_comm_state_get on it, freed when the communicator is (or at
 * MPI_Finalize for MPI_COMM_WORLD and MPI_COMM_SELF) and the last holder
 * has released it. */
typedef struct sf_comm_state {
    int refs;        /* the communicator's attribute, and each holder */
    int taken;       /* the census is in nodes (0: the attribute is set but
                      * the census failed, everywhere: the next create or
                      * open takes it into this state) */
    long contexts;   /* engine contexts made on it so far (the first one's
                      * create or open took the census) */
    sf_nodes nodes;
    /* runs_keep.c: the plans by runs of the dataset closed last on the
     * communicator (or its duplicates), by slot, for the next dataset
     * made on it; the number of contexts ended on it (a closed one
     * parks its plans, an aborted one drops them): the next context
     * adopts the plans with that number, and its first collective call
     * checks that every rank holds the same */
    struct sf_rplan *parked[8];
    unsigned long parked_clock;
    unsigned parked_gen;
    void (*drop_parked)(struct sf_comm_state *); /* frees them (set by the first park) */
    /* pool.c: the memory the dataset closed last kept, for the next */
    sf_pool_slot kept[SF_POOL_SLOTS];
    char *kept_scratch;
    MPI_Offset kept_scratch_size;
    char *kept_swap;
} sf_comm_state;

/* Collective over comm the first time (the census), local afterwards:
 * *out gets the state, held (release it with sf_comm_state_release).
 * On failure (agreed) *out is NULL and nothing is cached: the next call
 * tries again. *census: 1 if this call took the census (collective). */
int sf_comm_state_get(MPI_Comm comm, sf_comm_state **out, int *census);
/* The same in two steps around a reduction of the caller's (a create's
 * or an open's first), which carries c->words with MPI_MAX: begin returns
 * whether waits should give the processor away (this node's processes
 * against its processors), and, when comm has no state yet, begins its
 * census (MPI_Comm_split_type: collective, on every rank alike); end
 * finishes it with the reduced words and keeps the state on comm (every
 * rank alike: the words are agreed), or leaves comm without one. Neither
 * holds the state: a context takes it with sf_comm_state_get, locally. */
int sf_comm_state_begin(MPI_Comm comm, sf_census *c);
void sf_comm_state_end(MPI_Comm comm, sf_census *c, const int64_t *reduced);
void sf_comm_state_release(sf_comm_state *s);

#endif /* NCSF_NODES_H */
