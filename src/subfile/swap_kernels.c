/*
 * swap_kernels.c: the bytes of each element reversed (netCDF stores
 * big-endian values, this machine and most HPC processors are
 * little-endian), as fast as the processor can.
 *
 * One element at a time (a load, bswap, a store) the loop moves about one
 * element a cycle; a byte shuffle reverses 16 bytes (SSSE3's pshufb) or
 * 32 bytes (AVX2's vpshufb) an instruction. Measured on this project's
 * test machine (an AMD EPYC), in place on data just read, so in cache:
 * 1 MiB of ints 64 us one at a time, 16 us SSSE3, 10 us AVX2; 2.6 MB of
 * doubles 85 us and 28 us (doc/benchmarks.md). PnetCDF 1.12.3 reverses one
 * element at a time, so a get or put of a subfiled variable now spends
 * less time converting than the same call on a variable PnetCDF keeps.
 *
 * Which loop runs is asked of the processor at each call
 * (__builtin_cpu_supports reads what the compiler's runtime found at
 * start-up: no state of ours). Other processors, and other compilers,
 * take the loop one element at a time.
 */
#include <stdint.h>
#include <string.h>
#include "sf_internal.h"

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#define SF_SWAP_X86 1
#include <immintrin.h>
#endif

/* One element at a time (each loop on its own 64-byte line: configure's
 * -falign-loops, doc/benchmarks.md). */
#define SWAP_LOOP(bits)                                                     \
    for (MPI_Offset i = 0; i < n; i++, p += (bits) / 8, q += (bits) / 8) {  \
        uint##bits##_t x;                                                   \
        memcpy(&x, p, (bits) / 8);                                          \
        x = __builtin_bswap##bits(x);                                       \
        memcpy(q, &x, (bits) / 8);                                          \
    }

static void swap_scalar(const unsigned char *p, unsigned char *q, int elsize, MPI_Offset n)
{
    if (elsize == 2) SWAP_LOOP(16)
    else if (elsize == 4) SWAP_LOOP(32)
    else if (elsize == 8) SWAP_LOOP(64)
}

#ifdef SF_SWAP_X86
/* The shuffle that reverses each element of 2, 4 or 8 bytes within 16
 * bytes (AVX2's shuffle works on each 16-byte half alike). */
static const unsigned char reverse_mask[3][16] = {
    {1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14},
    {3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12},
    {7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8},
};

static const unsigned char *mask_of(int elsize)
{
    return reverse_mask[elsize == 2 ? 0 : elsize == 4 ? 1 : 2];
}

__attribute__((target("ssse3")))
static void swap_ssse3(const unsigned char *p, unsigned char *q, int elsize, MPI_Offset n)
{
    const __m128i m = _mm_loadu_si128((const __m128i *)mask_of(elsize));
    MPI_Offset bytes = n * elsize, done = 0;
    for (; done + 16 <= bytes; done += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(p + done));
        _mm_storeu_si128((__m128i *)(q + done), _mm_shuffle_epi8(x, m));
    }
    swap_scalar(p + done, q + done, elsize, (bytes - done) / elsize);
}

__attribute__((target("avx2")))
static void swap_avx2(const unsigned char *p, unsigned char *q, int elsize, MPI_Offset n)
{
    const __m128i half = _mm_loadu_si128((const __m128i *)mask_of(elsize));
    const __m256i m = _mm256_broadcastsi128_si256(half);
    MPI_Offset bytes = n * elsize, done = 0;
    /* two vectors a turn: loads of the next pair overlap the stores */
    for (; done + 64 <= bytes; done += 64) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(p + done));
        __m256i y = _mm256_loadu_si256((const __m256i *)(p + done + 32));
        _mm256_storeu_si256((__m256i *)(q + done), _mm256_shuffle_epi8(x, m));
        _mm256_storeu_si256((__m256i *)(q + done + 32), _mm256_shuffle_epi8(y, m));
    }
    for (; done + 32 <= bytes; done += 32) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(p + done));
        _mm256_storeu_si256((__m256i *)(q + done), _mm256_shuffle_epi8(x, m));
    }
    /* the upper halves cleared before any other code runs: left dirty,
     * they slow every SSE instruction after them (the caller's floating
     * point, not compiled for AVX: measured 3.6 times slower here), and
     * the compiler inserts no vzeroupper before the tail call below */
    _mm256_zeroupper();
    swap_scalar(p + done, q + done, elsize, (bytes - done) / elsize);
}
#endif

int sf_swap_way_supported(int way)
{
    switch (way) {
    case SF_SWAP_SCALAR: return 1;
#ifdef SF_SWAP_X86
    case SF_SWAP_SSSE3: return __builtin_cpu_supports("ssse3") != 0;
    case SF_SWAP_AVX2: return __builtin_cpu_supports("avx2") != 0;
#endif
    default: return 0;
    }
}

int sf_swap_best_way(void)
{
    if (sf_swap_way_supported(SF_SWAP_AVX2)) return SF_SWAP_AVX2;
    if (sf_swap_way_supported(SF_SWAP_SSSE3)) return SF_SWAP_SSSE3;
    return SF_SWAP_SCALAR;
}

void sf_swap_copy_way(int way, const void *in, void *out, int elsize, MPI_Offset n)
{
    const unsigned char *p = in;
    unsigned char *q = out;
    if (elsize != 2 && elsize != 4 && elsize != 8) {
        if (in != out && n > 0 && elsize > 0) memcpy(out, in, (size_t)(n * elsize));
        return;
    }
#ifdef SF_SWAP_X86
    if (way == SF_SWAP_AVX2) {
        swap_avx2(p, q, elsize, n);
        return;
    }
    if (way == SF_SWAP_SSSE3) {
        swap_ssse3(p, q, elsize, n);
        return;
    }
#else
    (void)way;
#endif
    swap_scalar(p, q, elsize, n);
}

void sf_swap_copy(const void *in, void *out, int elsize, MPI_Offset n)
{
    sf_swap_copy_way(sf_swap_best_way(), in, out, elsize, n);
}
