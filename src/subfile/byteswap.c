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
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sf_internal.h"

void sf_swap(void *buf, int elsize, MPI_Offset n)
{
    sf_swap_copy(buf, buf, elsize, n);
}

/* One loop per element size (each on its own 64-byte line: configure's
 * -falign-loops, doc/benchmarks.md). */
#define SWAP_LOOP(bits)                                                     \
    for (MPI_Offset i = 0; i < n; i++, p += (bits) / 8, q += (bits) / 8) {  \
        uint##bits##_t x;                                                   \
        memcpy(&x, p, (bits) / 8);                                          \
        x = __builtin_bswap##bits(x);                                       \
        memcpy(q, &x, (bits) / 8);                                          \
    }

void sf_swap_copy(const void *in, void *out, int elsize, MPI_Offset n)
{
    const unsigned char *p = in;
    unsigned char *q = out;
    if (elsize == 2) SWAP_LOOP(16)
    else if (elsize == 4) SWAP_LOOP(32)
    else if (elsize == 8) SWAP_LOOP(64)
    else if (in != out) memcpy(out, in, (size_t)(n * (elsize > 0 ? elsize : 0)));
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
