/*
 * partition.c: block grids over a global array, and the intersection of a
 * (possibly strided) request with those blocks. Pure arithmetic.
 */
#include <stdio.h>
#include <stdlib.h>
#include "sf.h"

/* Prime factors of n, largest first; returns how many. */
static int prime_factors(int n, int *f)
{
    int k = 0;
    for (int p = 2; (long long)p * p <= n; p++)
        while (n % p == 0) { f[k++] = p; n /= p; }
    if (n > 1) f[k++] = n;
    for (int i = 0; i < k / 2; i++) { int t = f[i]; f[i] = f[k - 1 - i]; f[k - 1 - i] = t; }
    return k;
}

int sf_grid_factor(int nfiles, int npart, const int *pdims,
                   const MPI_Offset *gsize, int *pgrid)
{
    int f[32], nf = prime_factors(nfiles > 0 ? nfiles : 1, f), total = 1;
    for (int p = 0; p < npart; p++) pgrid[p] = 1;
    for (int i = 0; i < nf; i++) {
        /* give the factor to the dimension whose blocks are largest now,
         * the first such one on a tie, if its extent can take it */
        int best = -1;
        double best_len = 0;
        for (int p = 0; p < npart; p++) {
            MPI_Offset ext = gsize[pdims[p]];
            if ((MPI_Offset)pgrid[p] * f[i] > ext) continue;
            double len = (double)ext / pgrid[p];
            if (best < 0 || len > best_len) { best = p; best_len = len; }
        }
        if (best >= 0) { pgrid[best] *= f[i]; total *= f[i]; }
    }
    /* factors that fit nowhere are lost; fill what is left greedily with
     * smaller counts so that e.g. 7 files over an extent of 6 gives 6 */
    if (total < nfiles) {
        for (;;) {
            int best = -1;
            for (int p = 0; p < npart; p++) {
                MPI_Offset ext = gsize[pdims[p]];
                long long next = (long long)total / pgrid[p] * (pgrid[p] + 1);
                if (pgrid[p] + 1 > ext || next > nfiles) continue;
                if (best < 0 || (double)ext / pgrid[p] > (double)gsize[pdims[best]] / pgrid[best]) best = p;
            }
            if (best < 0) break;
            total = total / pgrid[best] * (pgrid[best] + 1);
            pgrid[best]++;
        }
    }
    return total;
}

void sf_block_bounds(MPI_Offset extent, int n, MPI_Offset *bounds)
{
    MPI_Offset q = extent / n, r = extent % n;
    for (int i = 0; i <= n; i++)
        bounds[i] = (MPI_Offset)i * q + (i < r ? i : r);
}

int sf_layout_set_even_bounds(sf_layout *lay)
{
    for (int p = 0; p < lay->npart; p++) {
        lay->bounds[p] = malloc(sizeof(MPI_Offset) * (lay->pgrid[p] + 1));
        if (!lay->bounds[p]) return SF_ERR_NOMEM;
        sf_block_bounds(lay->gsize[lay->pdims[p]], lay->pgrid[p], lay->bounds[p]);
    }
    return SF_OK;
}

void sf_block_coords(const sf_layout *lay, int k, int *coords)
{
    for (int p = lay->npart - 1; p >= 0; p--) {
        coords[p] = k % lay->pgrid[p];
        k /= lay->pgrid[p];
    }
}

/* Which partitioned dimension d is, or -1. */
static int pdim_index(const sf_layout *lay, int d)
{
    for (int p = 0; p < lay->npart; p++)
        if (lay->pdims[p] == d) return p;
    return -1;
}

void sf_layout_block(const sf_layout *lay, int k, MPI_Offset *start,
                     MPI_Offset *count)
{
    int coords[SF_MAX_PDIMS];
    sf_block_coords(lay, k, coords);
    for (int d = 0; d < lay->ndims; d++) {
        int p = pdim_index(lay, d);
        if (p >= 0) {
            start[d] = lay->bounds[p][coords[p]];
            count[d] = lay->bounds[p][coords[p] + 1] - start[d];
        } else {
            start[d] = 0;
            count[d] = (d == 0 && lay->record) ? 0 : lay->gsize[d];
        }
    }
}

/* Indices j in [0,c) with lo <= s + j*st < hi: sets *j0, *j1 (inclusive),
 * returns 0 when there are none. */
static int strided_range(MPI_Offset s, MPI_Offset c, MPI_Offset st,
                         MPI_Offset lo, MPI_Offset hi, MPI_Offset *j0,
                         MPI_Offset *j1)
{
    if (c <= 0 || hi <= lo) return 0;
    MPI_Offset a = (lo <= s) ? 0 : (lo - s + st - 1) / st;
    if (hi - 1 < s) return 0;
    MPI_Offset b = (hi - 1 - s) / st;
    if (b > c - 1) b = c - 1;
    if (a > b) return 0;
    *j0 = a;
    *j1 = b;
    return 1;
}

int sf_piece(const sf_layout *lay, int k, const MPI_Offset *start,
             const MPI_Offset *count, const MPI_Offset *stride,
             MPI_Offset *pstart, MPI_Offset *pcount, MPI_Offset *local)
{
    int coords[SF_MAX_PDIMS];
    sf_block_coords(lay, k, coords);
    for (int d = 0; d < lay->ndims; d++) {
        MPI_Offset st = stride ? stride[d] : 1, j0 = 0, j1 = count[d] - 1;
        int p = pdim_index(lay, d);
        if (count[d] <= 0) return 0;
        if (p >= 0 && !strided_range(start[d], count[d], st,
                                     lay->bounds[p][coords[p]],
                                     lay->bounds[p][coords[p] + 1], &j0, &j1))
            return 0;
        pstart[d] = start[d] + j0 * st;
        pcount[d] = j1 - j0 + 1;
        local[d] = j0;
    }
    return 1;
}

/* Grid coordinates along partitioned dimension p hit by the request. */
static int hit_coords(const sf_layout *lay, int p, MPI_Offset s, MPI_Offset c,
                      MPI_Offset st, int *out)
{
    const MPI_Offset *b = lay->bounds[p];
    int n = lay->pgrid[p], lo = 0, hi = n - 1, m = 0;
    /* first block whose end is past s */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (b[mid + 1] <= s) lo = mid + 1; else hi = mid;
    }
    MPI_Offset last = s + (c - 1) * st;
    for (int i = lo; i < n && b[i] <= last; i++) {
        MPI_Offset j0, j1;
        if (strided_range(s, c, st, b[i], b[i + 1], &j0, &j1)) out[m++] = i;
    }
    return m;
}

int sf_touched_blocks(const sf_layout *lay, const MPI_Offset *start,
                      const MPI_Offset *count, const MPI_Offset *stride,
                      void (*visit)(int k, void *arg), void *arg)
{
    int *hits[SF_MAX_PDIMS] = {0}, nhit[SF_MAX_PDIMS], idx[SF_MAX_PDIMS];
    int visited = 0;
    for (int d = 0; d < lay->ndims; d++)
        if (count[d] <= 0) return 0;
    for (int p = 0; p < lay->npart; p++) {
        int d = lay->pdims[p];
        hits[p] = malloc(sizeof(int) * lay->pgrid[p]);
        if (!hits[p]) goto done;
        nhit[p] = hit_coords(lay, p, start[d], count[d], stride ? stride[d] : 1, hits[p]);
        if (nhit[p] == 0) goto done;
        idx[p] = 0;
    }
    for (;;) {
        int k = 0;
        for (int p = 0; p < lay->npart; p++) k = k * lay->pgrid[p] + hits[p][idx[p]];
        if (visit) visit(k, arg);
        visited++;
        int p = lay->npart - 1;
        while (p >= 0 && ++idx[p] == nhit[p]) idx[p--] = 0;
        if (p < 0) break;
    }
done:
    for (int p = 0; p < lay->npart; p++) free(hits[p]);
    return visited;
}

void sf_layout_free(sf_layout *lay)
{
    if (!lay) return;
    for (int p = 0; p < lay->npart; p++) free(lay->bounds[p]);
    if (lay->paths)
        for (int k = 0; k < lay->nblocks; k++) free(lay->paths[k]);
    free(lay->paths);
    free(lay->path_stem);
    sf_offset_map_free(lay->offsets);
    free(lay);
}

const char *sf_layout_path(const sf_layout *lay, int k, char *buf, size_t len)
{
    if (!lay || k < 0 || k >= lay->nblocks) return "?";
    if (lay->paths) return lay->paths[k] ? lay->paths[k] : "?";
    if (!lay->path_stem) return "?";
    int n = snprintf(buf, len, "%s.%d", lay->path_stem, k);
    return n > 0 && (size_t)n < len ? buf : "?";
}
