/*
 * pool.c: the memory a context keeps from call to call, and from one
 * dataset to the next on its communicator.
 *
 * A call with many pieces needs arrays as large as its pieces (their
 * flat copy, the runs they make, the geometry sent to the homes) and a
 * buffer as large as the bytes it moves (the scratch). Taken from malloc
 * and given back at every call, such blocks go back to the system (glibc
 * maps a large block afresh and unmaps it when freed), and the next call
 * touches new pages: a page fault every 4 KiB, which costs more than
 * copying the page (5 to 12 us on the virtual machines this was measured
 * on; doc/benchmarks.md). So a context keeps them:
 *  - the scratch (plan_cache.c) grows as calls need and stays until the
 *    context ends (a sync keeps it too);
 *  - an array taken with sf_pool_take is one of SF_POOL_SLOTS kept
 *    blocks when one is free and no larger than SF_POOL_EACH_MAX (else
 *    plain malloc); sf_pool_give keeps it for the next take of no more
 *    bytes.
 * When a dataset closes, what its context kept (the scratch, the byte
 * swap buffer and the free slots; at most SF_POOL_PARK_MAX bytes in all,
 * the largest first) stays with the caller's communicator, beside the
 * plans by runs (runs_keep.c), and the next context made on it takes it:
 * a read of the dataset just written, the next output interval's dataset.
 * An abort frees it. What is parked is freed with the communicator's
 * state (MPI_Comm_free, or MPI_Finalize for MPI_COMM_WORLD).
 *
 * A block of 1 MiB or more (the scratch, a kept array, a plan's arrays)
 * is asked for in transparent huge pages (sf_malloc_big), which Linux
 * gives on request by default: one fault a 2 MiB page, not 512 (a block
 * of 1 to 2 MiB takes a whole one). On the
 * machine of doc/benchmarks.md this took a quarter off the first
 * dataset's write and read of the E3SM-like kernel.
 *
 * Nothing here is collective: each rank keeps its own.
 */
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif
#include "sf_internal.h"
#include "nodes.h"

void *sf_malloc_big(size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= SF_HUGE_PAGE / 2) {
        size_t n = (bytes + SF_HUGE_PAGE - 1) / SF_HUGE_PAGE * SF_HUGE_PAGE;
        void *p = aligned_alloc(SF_HUGE_PAGE, n);
        if (p) (void)madvise(p, n, MADV_HUGEPAGE); /* (a hint: without it, small pages) */
        return p;
    }
#endif
    return malloc(bytes ? bytes : 1);
}

void *sf_pool_take(sf_context *ctx, size_t bytes)
{
    if (bytes == 0) bytes = 1;
    if (!ctx || bytes > SF_POOL_EACH_MAX) return sf_malloc_big(bytes);
    int fit = -1, spare = -1;
    for (int i = 0; i < SF_POOL_SLOTS; i++) {
        const sf_pool_slot *s = &ctx->pool[i];
        if (s->busy) continue;
        if (s->p && s->cap >= bytes) {
            if (fit < 0 || s->cap < ctx->pool[fit].cap) fit = i;
        } else if (spare < 0 || (ctx->pool[spare].p && (!s->p || s->cap < ctx->pool[spare].cap))) {
            spare = i; /* an empty slot, else the smallest block */
        }
    }
    if (fit < 0 && spare < 0) return sf_malloc_big(bytes); /* every slot taken */
    if (fit < 0) {
        /* a little more than asked: the next call's may be a little larger */
        sf_pool_slot *s = &ctx->pool[spare];
        size_t cap = bytes + bytes / 8;
        free(s->p);
        s->p = sf_malloc_big(cap);
        s->cap = s->p ? cap : 0;
        if (!s->p) return NULL;
        fit = spare;
    }
    ctx->pool[fit].busy = 1;
    return ctx->pool[fit].p;
}

void sf_pool_give(sf_context *ctx, void *p)
{
    if (!p) return;
    for (int i = 0; ctx && i < SF_POOL_SLOTS; i++)
        if (ctx->pool[i].busy && ctx->pool[i].p == p) {
            ctx->pool[i].busy = 0;
            return;
        }
    free(p);
}

/* the blocks, the scratch and the byte swap buffer, freed and emptied
 * (a context's or a communicator's) */
static void free_kept(sf_pool_slot *slots, char **scratch, MPI_Offset *scratch_size, char **swap)
{
    for (int i = 0; i < SF_POOL_SLOTS; i++) {
        free(slots[i].p);
        slots[i] = (sf_pool_slot){NULL, 0, 0};
    }
    free(*scratch);
    *scratch = NULL;
    *scratch_size = 0;
    free(*swap);
    *swap = NULL;
}

/* every block the context keeps (none may be busy: its end) */
void sf_pool_release(sf_context *ctx)
{
    free_kept(ctx->pool, &ctx->scratch, &ctx->scratch_size, &ctx->swapbuf);
}

void sf_pool_parked_free(sf_comm_state *s)
{
    free_kept(s->kept, &s->kept_scratch, &s->kept_scratch_size, &s->kept_swap);
}

void sf_pool_park(sf_context *ctx)
{
    sf_comm_state *s = ctx->cstate;
    if (!s) return;
    sf_pool_parked_free(s);
    size_t room = SF_POOL_PARK_MAX;
    if (ctx->scratch && (size_t)ctx->scratch_size <= room) {
        s->kept_scratch = ctx->scratch;
        s->kept_scratch_size = ctx->scratch_size;
        room -= (size_t)ctx->scratch_size;
        ctx->scratch = NULL;
        ctx->scratch_size = 0;
    }
    if (ctx->swapbuf && (size_t)SF_SWAP_CHUNK <= room) {
        s->kept_swap = ctx->swapbuf;
        room -= (size_t)SF_SWAP_CHUNK;
        ctx->swapbuf = NULL;
    }
    /* the largest blocks first, while they fit */
    for (int k = 0; k < SF_POOL_SLOTS; k++) {
        int big = -1;
        for (int i = 0; i < SF_POOL_SLOTS; i++)
            if (ctx->pool[i].p && !ctx->pool[i].busy && ctx->pool[i].cap <= room &&
                (big < 0 || ctx->pool[i].cap > ctx->pool[big].cap))
                big = i;
        if (big < 0) break;
        s->kept[k] = ctx->pool[big];
        room -= ctx->pool[big].cap;
        ctx->pool[big] = (sf_pool_slot){NULL, 0, 0};
    }
}

void sf_pool_adopt(sf_context *ctx)
{
    sf_comm_state *s = ctx->cstate;
    if (!s) return;
    for (int i = 0; i < SF_POOL_SLOTS; i++) {
        ctx->pool[i] = s->kept[i];
        s->kept[i] = (sf_pool_slot){NULL, 0, 0};
    }
    ctx->scratch = s->kept_scratch;
    ctx->scratch_size = s->kept_scratch_size;
    ctx->swapbuf = s->kept_swap;
    s->kept_scratch = NULL;
    s->kept_scratch_size = 0;
    s->kept_swap = NULL;
}
