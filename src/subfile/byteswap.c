/*
 * byteswap.c: writes whose elements must have their bytes reversed on the
 * way to the file (sf_request.swap; netCDF files are big-endian).
 *
 * Two ways, chosen per rank and per call (access.c, exec_gather.c):
 *  - in place: the caller's buffer reversed before the data moves and
 *    reversed back after it (two passes over the data, as PnetCDF does);
 *  - on the way (a call by gathering: exec_gather.c): a box written
 *    straight from the caller's buffer is copied through a buffer of the
 *    context's, reversed as it is copied, and written from there
 *    (io.c, sf_write_swapped); a box a leader copies into its round
 *    buffer with others' is reversed as it is copied (boxes.c,
 *    sf_copy_box_mem_swapped); a box sent to another leader is packed
 *    into a send buffer and reversed there (at most SF_SWAP_SEND_MAX
 *    bytes a call, else the whole call goes in place). One pass over the
 *    data, and the caller's buffer is only read. The chunk buffer holds
 *    SF_SWAP_CHUNK bytes and is kept until the context lets its scratch
 *    go.
 */
#include <stdlib.h>
#include "sf_internal.h"

void sf_swap(void *buf, int elsize, MPI_Offset n)
{
    sf_swap_copy(buf, buf, elsize, n);
}

int sf_requests_swap(int nreq, const sf_request *reqs)
{
    for (int i = 0; i < nreq; i++)
        if (reqs[i].swap && reqs[i].lay->elsize > 1) return 1;
    return 0;
}

int sf_swap_requests(int nreq, const sf_request *reqs)
{
    int any = 0;
    for (int i = 0; i < nreq; i++) {
        const sf_request *r = &reqs[i];
        if (!r->swap || r->lay->elsize <= 1) continue;
        MPI_Offset n = 1;
        for (int d = 0; d < r->lay->ndims; d++) n *= r->count[d] > 0 ? r->count[d] : 0;
        sf_swap(r->buf, r->lay->elsize, n);
        any = 1;
    }
    return any;
}

char *sf_swap_buffer(sf_context *ctx)
{
    if (!ctx->swapbuf) ctx->swapbuf = malloc((size_t)SF_SWAP_CHUNK);
    return ctx->swapbuf;
}
