/*
 * t_swapkernels.c: the engine's byte reversal (src/subfile/swap_kernels.c)
 * in each of its ways (one element at a time, SSSE3, AVX2: each the
 * processor has), against a reference that reverses one byte at a time.
 *
 * Element sizes 1 to 8 (2, 4 and 8 reversed; the others copied as they
 * are), counts from 0 to past several vectors and a large one, buffers at
 * every offset from 0 to 7 bytes off alignment, in place and from one
 * buffer into another (whose bytes around the output must stay as they
 * were, and whose input must be left alone). Then sf_swap_copy must take
 * the widest way this processor has, and say so.
 *
 *   t_swapkernels
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pnetcdf.h>
#include "sf_internal.h"
#include "testutil.h"

static const char *names[] = {"one at a time", "SSSE3", "AVX2"};

static void reference(const unsigned char *in, unsigned char *out, int elsize, long n)
{
    int rev = elsize == 2 || elsize == 4 || elsize == 8;
    for (long i = 0; i < n; i++)
        for (int b = 0; b < elsize; b++) out[i * elsize + b] = in[i * elsize + (rev ? elsize - 1 - b : b)];
}

/* One case: way, element size, count, misalignment, in place or not. */
static int one(int way, int elsize, long n, int off, int inplace)
{
    size_t bytes = (size_t)n * elsize, pad = 64;
    unsigned char *src = malloc(bytes + 2 * pad), *dst = malloc(bytes + 2 * pad), *want = malloc(bytes + 1);
    unsigned char *keep = malloc(bytes + 2 * pad);
    for (size_t i = 0; i < bytes + 2 * pad; i++) {
        src[i] = (unsigned char)(i * 131 + 7);
        dst[i] = (unsigned char)(i * 29 + 3);
    }
    memcpy(keep, inplace ? dst : src, bytes + 2 * pad);
    unsigned char *in = (inplace ? dst : src) + pad + off, *out = dst + pad + off;
    reference(in, want, elsize, n);
    sf_swap_copy_way(way, in, out, elsize, n);
    int bad = memcmp(out, want, bytes) != 0;
    /* nothing outside the output changed, the input left alone */
    bad |= memcmp(dst, inplace ? keep : dst, pad + off) != 0;
    if (!inplace) {
        unsigned char *d0 = malloc(bytes + 2 * pad);
        for (size_t i = 0; i < bytes + 2 * pad; i++) d0[i] = (unsigned char)(i * 29 + 3);
        bad |= memcmp(dst, d0, pad + off) != 0 || memcmp(out + bytes, d0 + pad + off + bytes, pad - off) != 0;
        bad |= memcmp(src, keep, bytes + 2 * pad) != 0;
        free(d0);
    } else {
        bad |= memcmp(out + bytes, keep + pad + off + bytes, pad - off) != 0;
    }
    free(src);
    free(dst);
    free(want);
    free(keep);
    return bad;
}

int main(int argc, char **argv)
{
    test_state ts;
    test_init(&ts, &argc, &argv);
    static const long counts[] = {0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 1000, 100003};
    int ways = 0;
    for (int way = SF_SWAP_SCALAR; way <= SF_SWAP_AVX2; way++) {
        if (!sf_swap_way_supported(way)) {
            printf("%s: not on this processor\n", names[way]);
            continue;
        }
        long cases = 0, failed = 0;
        for (int elsize = 1; elsize <= 8; elsize++)
            for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++)
                for (int off = 0; off < 8; off++)
                    for (int inplace = 0; inplace < 2; inplace++) {
                        cases++;
                        if (one(way, elsize, counts[c], off, inplace)) {
                            if (failed++ < 5)
                                fprintf(stderr, "%s: element size %d, %ld elements, %d bytes off, %s: wrong\n",
                                        names[way], elsize, counts[c], off, inplace ? "in place" : "copied");
                            ts.failures++;
                        }
                    }
        printf("%s: %ld cases, %ld wrong\n", names[way], cases, failed);
        ways++;
    }
    EXPECT(&ts, ways >= 1, "no way to reverse bytes");
    /* the widest the processor has is the one taken */
    int best = sf_swap_best_way();
    for (int way = best + 1; way <= SF_SWAP_AVX2; way++)
        EXPECT(&ts, !sf_swap_way_supported(way), "%s is there, %s taken", names[way], names[best]);
    EXPECT(&ts, sf_swap_way_supported(best), "%s taken, not there", names[best]);
    printf("sf_swap_copy takes: %s\n", names[best]);
    /* and sf_swap_copy gives the same as that way */
    unsigned char a[1000], b[1000], c[1000];
    for (int i = 0; i < 1000; i++) a[i] = (unsigned char)(i * 7);
    sf_swap_copy(a + 1, b, 8, 124);
    sf_swap_copy_way(SF_SWAP_SCALAR, a + 1, c, 8, 124);
    EXPECT(&ts, !memcmp(b, c, 992), "sf_swap_copy differs from the scalar way");
    printf("%s\n", ts.failures ? "FAILED" : "ok");
    MPI_Finalize();
    return ts.failures != 0;
}
