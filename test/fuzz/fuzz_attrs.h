/* fuzz_attrs.h: the fuzz target's entry points (see fuzz_attrs.c). */
#ifndef NCSF_FUZZ_ATTRS_H
#define NCSF_FUZZ_ATTRS_H
#include <stddef.h>
#include <stdint.h>
/* One input: 1 if the parser accepted it, 0 if it refused it; aborts if
 * an invariant is broken. */
int fuzz_attrs_one(const uint8_t *data, size_t size);
/* Seed input number which (0-2 format 1, 3-5 format 2) into b; returns
 * its length. */
size_t fuzz_attrs_seed(int which, uint8_t *b, size_t cap);
#define FUZZ_ATTRS_NSEEDS 6
#endif
