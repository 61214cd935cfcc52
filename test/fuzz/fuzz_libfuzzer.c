/* fuzz_libfuzzer.c: the libFuzzer entry point (scripts/fuzz.sh builds it
 * with clang -fsanitize=fuzzer). */
#include "fuzz_attrs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_attrs_one(data, size);
    return 0;
}
