/*
 * nfiles_default.c: how many subfiles a variable gets when the hints do
 * not say (no subfiling_nfiles, no subfiling_pgrid).
 *
 * One per node of the dataset's communicator (the engine's census,
 * src/subfile/nodes.c), so that with blocks of consecutive ranks per node
 * and a decomposition along the partitioned dimension in rank order, each
 * subfile's writers share a node. subfiling_max_size asks for subfiles of
 * at most that many bytes: ceil(bytes / max_size) of them; the larger of
 * the two counts wins. Without a census (it failed), one per 8 processes,
 * as before nodes were known.
 */
#include "ncsfi_meta.h"

int ncsfi_default_nfiles(const ncsf_file *f, double bytes, long long max_size)
{
    const sf_nodes *n = f->ctx ? sf_context_nodes(f->ctx) : NULL;
    int by_nodes = n && n->nnodes > 0 ? n->nnodes : (f->nprocs + 7) / 8;
    double q = max_size > 0 ? bytes / (double)max_size : 1;
    if (q > (1 << 24)) q = 1 << 24; /* the most subfiles a grid may make */
    int by_size = (int)q;
    if (by_size < q) by_size++; /* rounded up */
    return by_size > by_nodes ? by_size : by_nodes;
}
